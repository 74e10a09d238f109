//! The scoresheet: the journal's entries and text format, the scoresheet rebuilt from them,
//! and its PGN text. Writing files is the adapters' job (`annexd::record`).
//!
//! - [`entry`]: the journal's lines (a header, then moves, offers, claims, penalties, …).
//! - [`journal`]: the text format, read back with care (a damaged last line is survived).
//! - [`sheet`]: the [`Scoresheet`], rebuilt from entries by the same code live and on replay.
//! - [`pgn`]: the PGN text.

pub mod entry;
pub mod journal;
pub mod pgn;
pub mod sheet;

pub use entry::{
    ClaimEntry, ClaimRecord, ClockAdjustmentEntry, Entry, FlagEntry, Header, IllegalMoveEntry,
    JOURNAL_FORMAT, MoveCounterEntry, MoveEntry, PenaltyRecord, PlayerEntry, PressEntry,
    ReopenEntry, ResultEntry, STANDARD_START_FEN, Stamped, TouchEntry, UndoEntry,
};
pub use journal::{DamagedTail, FormatError, JournalContents, JournalLine};
pub use pgn::render as render_pgn;
pub use sheet::{Applied, ApplyError, Effect, PlyNote, ReplayError, Scoresheet, replay};
