//! annexd-core: every decision annexd makes, as pure code fed with events and times.
//!
//! Nothing here blocks, sleeps, reads a port, a microphone, a file or the wall clock: each
//! state machine takes an input and the current time (a `Duration` since the start, injected)
//! and returns what to do. The root package `annexd` holds the adapters that do the I/O and
//! the command line, in the way `quinn-proto` stands beside `quinn`. See
//! `docs/architecture.md`.
//!
//! - [`lang`]: a language is a table: every word the program says or hears;
//! - [`notation`]: tokens, the closed list of words, rendering and parsing moves;
//! - [`command`]: what a person can ask for or do besides moving, and its phrases;
//! - [`game`]: the FIDE Laws on top of shakmaty;
//! - [`clock`]: time controls, the clock state machine and what it announces;
//! - [`board`]: board protocols, the link state machine, move inference and differences;
//! - [`record`]: journal entries, the scoresheet and its PGN text;
//! - [`session`]: the Annex D session that composes all of them;
//! - [`listen`]: understanding what the recogniser heard;
//! - [`speech`]: utterances and the speaking queue's policy;
//! - [`config`]: the settings' types.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod board;
pub mod clock;
pub mod command;
pub mod config;
pub mod game;
pub mod lang;
pub mod listen;
pub mod notation;
pub mod record;
pub mod session;
pub mod speech;
