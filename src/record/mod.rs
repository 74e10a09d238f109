//! The scoresheet on disk: a game's files ([`GameFiles`]: the journal, sealed, appended and
//! fsynced line by line and read back with care, and the PGN written atomically beside it),
//! the scoresheets for people (the PDF written with pdf-writer, the Braille translated by
//! liblouis, the text sheet: `sheets`), and the commands `annexd pgn`, `annexd sheet`,
//! `annexd verify`, `annexd fairplay` and `annexd replay`. Entries, the seal, the scoresheet and what each
//! sheet says are the core's (`annexd_core::record`).

pub(crate) mod braille;
pub(crate) mod cli;
pub(crate) mod fairplay;
pub(crate) mod files;
pub(crate) mod journal;
pub(crate) mod pdf;
pub(crate) mod pgn;
pub(crate) mod provenance;
pub(crate) mod replay;
pub(crate) mod sheets;
pub(crate) mod verify;

pub use braille::{BrailleTable, braille_sheet};
pub use files::{GameFiles, RecordError, pgn_path_for};
pub use journal::{Journal, JournalError, damaged_path, parse_journal_at, read_journal};
pub use pdf::{Fonts, render_pdf};
pub use pgn::write_pgn_atomically;
