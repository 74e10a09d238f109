//! annexd: play over the board under FIDE Annex D (blind and visually impaired players).
//!
//! This package holds the program around the pure core (`annexd_core`, folder `core/`): the
//! adapters that do the I/O (serial ports, audio, the recogniser, speech, the terminal, the
//! journal files, the simulator's pseudo-terminal), the event loop of a game, and the command
//! line. See `docs/architecture.md`.
//!
//! # The API in one page
//!
//! - [`main`] runs the command line; a command that fails returns an [`Error`], said once
//!   in the user's language.
//! - The adapters, each tested against a real stand-in: [`board`] (connections to peg boards
//!   and e-boards, the simulated peg board), [`listen`] (audio capture, WAV files, the
//!   recogniser), [`speech`] (voices, composing clips, the speaker), [`record`] (a game's
//!   files: the journal, the PGN, the PDF and Braille sheets), [`clock`] (the talking
//!   clock's real-time loop), with the feature `engine`, [`engine`] (a chess engine's
//!   process as a port of the game, for playing at home), and with the feature `online`,
//!   `online` (lichess's Board API over HTTPS, as a port of the game).
//!
//! Everything else (the game's edge as ports and their event loop, the terminal, the settings
//! file, the command line's subcommands) is private to the program.

#![warn(missing_docs)]

mod app;
pub mod board;
mod cli;
pub mod clock;
mod config;
mod data_dirs;
mod durable;
#[cfg(feature = "engine")]
pub mod engine;
mod error;
mod help;
pub mod listen;
mod logging;
mod manual;
mod notation;
#[cfg(feature = "online")]
pub mod online;
pub mod record;
mod sound;
pub mod speech;
mod ui;

pub use cli::main;
pub use error::Error;
