//! annexd: play over the board under FIDE Annex D (blind and visually impaired players).
//!
//! The crate is a sans-I/O core (game, notation, clock, board inference, session) that takes
//! events and times and returns effects, and thin adapters at the edges (serial ports, audio,
//! speech, terminal). See `docs/architecture.md`.

pub mod app;
pub mod board;
pub mod clock;
pub mod config;
pub mod game;
pub mod listen;
pub mod notation;
pub mod record;
pub mod session;
pub mod speech;
pub mod ui;
