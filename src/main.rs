//! The `annexd` command line: one subcommand per job (play, clock, announce, parse, …).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use annexd::notation;

#[derive(Parser)]
#[command(
    name = "annexd",
    version,
    about = "Play chess over the board under FIDE Annex D"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the Annex D announcement of a move.
    Announce(notation::cli::AnnounceArgs),
    /// Print the UCI of the legal move a text names, or why there is none.
    Parse(notation::cli::ParseArgs),
    /// Decode a recording (WAV file or input device) and print what was heard and understood.
    Recognize(annexd::listen::cli::RecognizeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Announce(args) => notation::cli::run_announce(&args),
        Command::Parse(args) => notation::cli::run_parse(&args),
        Command::Recognize(args) => annexd::listen::cli::run(&args),
    }
}
