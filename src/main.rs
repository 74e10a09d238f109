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
    /// Run a simulated peg board on a pseudo-terminal (prints its path; type moves or events).
    BoardSim(annexd::board::cli::SimArgs),
    /// Connect to a board and print what it understands, one JSON object a line.
    BoardWatch(annexd::board::cli::WatchArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::BoardSim(args) => annexd::board::cli::run_sim(args),
        Command::BoardWatch(args) => annexd::board::cli::run_watch(args),
    }
}
