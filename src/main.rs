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
    /// Speak words, or render them to a WAV file.
    Say(annexd::speech::cli::SayArgs),
    /// List, check and record voices.
    Voices(annexd::speech::cli::VoicesArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Say(args) => annexd::speech::cli::run_say(args),
        Command::Voices(args) => annexd::speech::cli::run_voices(args),
    }
}
