//! The command line: one subcommand per job (play, clock, announce, parse, …), parsed by clap,
//! and the one place that runs a command and reports how it failed.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::error::{Error, report};

/// The command line.
#[derive(Parser)]
#[command(
    name = "annexd",
    version,
    about = "Play chess over the board under FIDE Annex D",
    args_override_self = true,
    propagate_version = true
)]
pub struct Cli {
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
    Play(Box<crate::app::options::PlayArgs>),
    /// Continue a game from its journal exactly where it stopped.
    Resume(crate::app::options::ResumeArgs),
    /// Print the effective settings (settings file and defaults).
    Config(crate::app::config_cmd::ConfigArgs),
    /// Print the Annex D announcement of a move.
    Announce(crate::notation::cli::AnnounceArgs),
    /// Print the UCI of the legal move a text names, or why there is none.
    Parse(crate::notation::cli::ParseArgs),
    /// The talking clock (Annex D.2.6.1): every FIDE time control, time and moves said aloud
    Clock(crate::clock::cli::ClockArgs),
    /// Print the PGN of a game journal (a damaged last line is reported and left out).
    Pgn(crate::record::cli::RecordArgs),
    /// Write the scoresheet of a game: pdf (printable), brf (Braille), txt or pgn.
    Sheet(crate::record::cli::SheetArgs),
    /// Say whether a game's record is intact: its seal, its replay, its check code.
    Verify(crate::record::verify::VerifyArgs),
    /// Say what an arbiter needs to know: no engine, no network, the record's state.
    Fairplay(crate::record::fairplay::FairplayArgs),
    /// Run a simulated peg board on a pseudo-terminal (prints its path; type moves or events).
    BoardSim(crate::board::cli::SimArgs),
    /// Connect to a board and print what it understands, one JSON object a line.
    BoardWatch(crate::board::cli::WatchArgs),
    /// Speak words, or render them to a WAV file.
    Say(crate::speech::cli::SayArgs),
    /// List, check and record voices.
    Voices(crate::speech::cli::VoicesArgs),
    /// Decode a recording (WAV file or input device) and print what was heard and understood.
    Recognize(crate::listen::cli::RecognizeArgs),
    /// Write the manual pages and shell completions (for scripts/package.sh).
    #[command(hide = true)]
    GenerateDocs(crate::manual::GenerateDocsArgs),
}

/// The help of a `--lang` option: every language the program speaks.
pub(crate) fn lang_help() -> String {
    let codes: Vec<&str> = annexd_core::Lang::ALL.iter().map(|l| l.code()).collect();
    format!(
        "The language of what is said and shown: {}",
        codes.join(", ")
    )
}

/// Runs the command line of this process: the log set up, the command run, and a failure
/// reported once, in the user's language ([`report`]).
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let plays = matches!(cli.command, Command::Play(_) | Command::Resume(_));
    crate::logging::init(
        cli.log.as_deref(),
        plays.then(crate::logging::default_log_file).flatten(),
    );
    match try_main(cli) {
        Ok(code) => code,
        Err(err) => {
            report(&err);
            err.exit_code()
        }
    }
}

/// Runs one command.
fn try_main(cli: Cli) -> Result<ExitCode, Error> {
    Ok(match cli.command {
        Command::Play(args) => crate::app::play::run_play(&args)?,
        Command::Resume(args) => crate::app::play::run_resume(&args)?,
        Command::Config(args) => crate::app::config_cmd::run(&args),
        Command::Announce(args) => crate::notation::cli::run_announce(&args),
        Command::Parse(args) => crate::notation::cli::run_parse(&args),
        Command::Clock(args) => crate::clock::cli::run(&args)?,
        Command::Pgn(args) => crate::record::cli::run_pgn(&args),
        Command::Sheet(args) => crate::record::cli::run_sheet(&args),
        Command::Verify(args) => crate::record::verify::run(&args),
        Command::Fairplay(args) => crate::record::fairplay::run(&args),
        Command::BoardSim(args) => crate::board::cli::run_sim(args),
        Command::BoardWatch(args) => crate::board::cli::run_watch(args),
        Command::Say(args) => crate::speech::cli::run_say(args),
        Command::Voices(args) => crate::speech::cli::run_voices(args),
        Command::Recognize(args) => crate::listen::cli::run(&args),
        Command::GenerateDocs(args) => crate::manual::run(Cli::command(), &args),
    })
}
