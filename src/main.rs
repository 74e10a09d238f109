//! The `annexd` command line: one subcommand per job (play, clock, announce, parse, …).

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use annexd::notation;

#[derive(Parser)]
#[command(
    name = "annexd",
    version,
    about = "Play chess over the board under FIDE Annex D",
    args_override_self = true,
    propagate_version = true
)]
struct Cli {
    /// Write the log here (appending). Without it: standard error when RUST_LOG is set, else
    /// annexd.log in the state folder for play and resume. RUST_LOG sets the level (info).
    #[arg(long, global = true, value_name = "FILE")]
    log: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in plain line mode: type moves and commands, hear or read every announcement.
    Play(Box<annexd::app::options::PlayArgs>),
    /// Continue a game from its journal exactly where it stopped.
    Resume(annexd::app::options::ResumeArgs),
    /// Print the effective settings (settings file and defaults).
    Config(annexd::app::config_cmd::ConfigArgs),
    /// Print the Annex D announcement of a move.
    Announce(notation::cli::AnnounceArgs),
    /// Print the UCI of the legal move a text names, or why there is none.
    Parse(notation::cli::ParseArgs),
    /// The talking clock (Annex D.2.6.1): every FIDE time control, time and moves said aloud
    Clock(annexd::clock::cli::ClockArgs),
    /// Print the PGN of a game journal (a damaged last line is reported and left out).
    Pgn {
        /// The journal file (JSON lines written while playing).
        journal: std::path::PathBuf,
        /// The language of messages: de, en or fr.
        #[arg(long, default_value = "de")]
        lang: annexd_core::notation::Lang,
    },
    /// Write the scoresheet of a game: pdf (printable), brf (Braille), txt or pgn.
    Sheet(annexd::record::cli::SheetArgs),
    /// Say whether a game's record is intact: its seal, its replay, its check code.
    Verify(annexd::record::verify::VerifyArgs),
    /// Say what an arbiter needs to know: no engine, no network, the record's state.
    Fairplay(annexd::record::fairplay::FairplayArgs),
    /// Run a simulated peg board on a pseudo-terminal (prints its path; type moves or events).
    BoardSim(annexd::board::cli::SimArgs),
    /// Connect to a board and print what it understands, one JSON object a line.
    BoardWatch(annexd::board::cli::WatchArgs),
    /// Speak words, or render them to a WAV file.
    Say(annexd::speech::cli::SayArgs),
    /// List, check and record voices.
    Voices(annexd::speech::cli::VoicesArgs),
    /// Decode a recording (WAV file or input device) and print what was heard and understood.
    Recognize(annexd::listen::cli::RecognizeArgs),
    /// Write the manual pages and shell completions (for scripts/package.sh).
    #[command(hide = true)]
    GenerateDocs(annexd::manual::GenerateDocsArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let plays = matches!(cli.command, Command::Play(_) | Command::Resume(_));
    annexd::logging::init(
        cli.log.as_deref(),
        plays.then(annexd::logging::default_log_file).flatten(),
    );
    match cli.command {
        Command::Play(args) => annexd::app::play::run_play(&args),
        Command::Resume(args) => annexd::app::play::run_resume(&args),
        Command::Config(args) => annexd::app::config_cmd::run(&args),
        Command::Announce(args) => notation::cli::run_announce(&args),
        Command::Parse(args) => notation::cli::run_parse(&args),
        Command::Clock(args) => annexd::clock::cli::run(args),
        Command::Pgn { journal, lang } => annexd::record::cli::run_pgn(&journal, lang),
        Command::Sheet(args) => annexd::record::cli::run_sheet(&args),
        Command::Verify(args) => annexd::record::verify::run(&args),
        Command::Fairplay(args) => annexd::record::fairplay::run(&args),
        Command::BoardSim(args) => annexd::board::cli::run_sim(args),
        Command::BoardWatch(args) => annexd::board::cli::run_watch(args),
        Command::Say(args) => annexd::speech::cli::run_say(args),
        Command::Voices(args) => annexd::speech::cli::run_voices(args),
        Command::Recognize(args) => annexd::listen::cli::run(&args),
        Command::GenerateDocs(args) => annexd::manual::run(Cli::command(), &args),
    }
}
