//! The chess engine to play against at home (feature `engine`): its process, started through
//! UCI and read by a thread of its own ([`process`]), and the port that turns what it writes
//! into the core's decisions and carries out what the game asks of it ([`EnginePort`]); which
//! program to start ([`find_engine`]: `--engine PATH`, else Debian's Stockfish) and the
//! options that choose it ([`EngineArgs`]), and `annexd engine`, which tries it. Every decision (the conversation, levels, time,
//! words) is the core's `annexd_core::engine`. See docs/engine.md.

mod args;
pub(crate) mod cli;
mod find;
mod port;
pub mod process;

pub use args::EngineArgs;
pub use find::{DEBIAN_STOCKFISH, find_default, find_engine};
pub use port::EnginePort;
