//! The scoresheet on disk: a game's files ([`GameFiles`]: the journal, appended and fsynced
//! line by line and read back with care, and the PGN written atomically beside it), and
//! `annexd pgn`. Entries, the scoresheet and the PGN text
//! are the core's (`annexd_core::record`).

pub mod cli;
pub mod files;
pub mod journal;
pub mod pgn;
pub mod provenance;

pub use files::{GameFiles, RecordError, pgn_path_for};
pub use journal::{Journal, JournalError, read};
pub use pgn::write_pgn_atomically;
