//! The `annexd` command line: one subcommand per job (play, clock, announce, parse, …).

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "annexd", version, about = "Play chess over the board under FIDE Annex D")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the PGN of a game journal (a damaged last line is reported and left out).
    Pgn {
        /// The journal file (JSON lines written while playing).
        journal: std::path::PathBuf,
        /// The language of messages: de or en.
        #[arg(long, default_value = "de")]
        lang: annexd::notation::Lang,
    },
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Pgn { journal, lang } => annexd::record::cli::run_pgn(&journal, lang),
    }
}
