//! The scoresheet on disk: a game's files ([`GameFiles`]: the journal, sealed, appended and
//! fsynced line by line and read back with care, and the PGN written atomically beside it),
//! the scoresheets for people (the PDF drawn with krilla, the Braille translated by
//! liblouis, the text sheet: [`sheets`]), and the commands `annexd pgn`, `annexd sheet`,
//! `annexd verify` and `annexd fairplay`. Entries, the seal, the scoresheet and what each
//! sheet says are the core's (`annexd_core::record`).

pub mod atomic;
pub mod braille;
pub mod cli;
pub mod fairplay;
pub mod files;
pub mod journal;
pub mod pdf;
pub mod pgn;
pub mod provenance;
pub mod sheets;
pub mod verify;

pub use files::{GameFiles, RecordError, pgn_path_for};
pub use journal::{Journal, JournalError, read};
pub use pgn::write_pgn_atomically;
