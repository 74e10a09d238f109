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
    /// The talking clock (Annex D.2.6.1): every FIDE time control, time and moves said aloud
    Clock(annexd::clock::cli::ClockArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Clock(args) => annexd::clock::cli::run(args),
    }
}
