//! annexd: play over the board under FIDE Annex D (blind and visually impaired players).
//!
//! This package holds the program around the pure core (`annexd_core`, folder `core/`): the
//! adapters that do the I/O (serial ports, audio, the recogniser, speech, the terminal, the
//! journal files, the simulator's pseudo-terminal), the event loop of a game, and the command
//! line. See `docs/architecture.md`.

pub mod app;
pub mod board;
pub mod clock;
pub mod config;
pub mod data_dirs;
pub mod listen;
pub mod logging;
pub mod manual;
pub mod notation;
pub mod record;
pub mod speech;
pub mod ui;
