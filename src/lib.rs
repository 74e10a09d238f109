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
//!
//! # A game kept on disk, in a few inputs
//!
//! The event loop's journal port does this after every input: each record the session hands
//! out is appended to the sealed journal on disk, from which a game interrupted is resumed
//! (here with typed lines and made-up times):
//!
//! ```
//! use std::time::Duration;
//! use annexd::record::{Journal, read_journal};
//! use annexd_core::record::{Header, Scoresheet};
//! use annexd_core::{Effect, Input, Session, SessionOptions, resume};
//!
//! let folder = tempfile::tempdir().unwrap();
//! let path = folder.path().join("game.annexd");
//! let header = Header::standard();
//! let mut journal = Journal::create(&path, &header).unwrap();
//! let sheet = Scoresheet::new(header).unwrap();
//! let mut session = Session::new(sheet, None, SessionOptions::default());
//! for (line, at) in [("e4", 3), ("c5", 9), ("Sf3", 14)] {
//!     for effect in session.handle(Input::Line(line.into()), Duration::from_secs(at)) {
//!         if let Effect::Record(line, _) = effect {
//!             journal.append(&line).unwrap();
//!         }
//!     }
//! }
//! assert_eq!(session.game().history().len(), 3);
//! // The program stops here (a power cut); the journal is read back and the game goes on.
//! let contents = read_journal(&path).unwrap();
//! assert!(contents.damaged_tail.is_none());
//! let resumed = resume(&contents, None, SessionOptions::default()).unwrap();
//! assert_eq!(resumed.session.game().history().len(), 3);
//! assert_eq!(resumed.at, Duration::from_secs(14));
//! ```

#![warn(missing_docs)]
// clippy.toml's disallowed methods are the tests' (tests/it/common/platform.rs): the program
// starts its programs (the engine, speech) with std's own calls.
#![allow(clippy::disallowed_methods)]

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
