//! The scoresheet: an append-only journal fsynced after every change, resume, and PGN export.
//!
//! - [`entry`]: the journal's lines (a header, then moves, offers, claims, penalties, …).
//! - [`journal`]: writing (append + fsync) and reading (a damaged last line is survived).
//! - [`sheet`]: the [`Scoresheet`], rebuilt from entries by the same code live and on replay.
//! - [`pgn`]: PGN export, written atomically.
//! - [`recorder`]: all of it together for a game being played.
//! - [`cli`]: `annexd pgn JOURNAL`.

pub mod cli;
pub mod entry;
pub mod journal;
pub mod pgn;
pub mod recorder;
pub mod sheet;

pub use entry::{
    ClaimEntry, ClaimRecord, ClockAdjustmentEntry, Entry, FlagEntry, Header, IllegalMoveEntry,
    JOURNAL_FORMAT, MoveEntry, PenaltyRecord, PlayerEntry, PressEntry, ResultEntry,
    STANDARD_START_FEN, UndoEntry,
};
pub use journal::{DamagedTail, Journal, JournalContents, JournalError, JournalLine, read};
pub use pgn::{render as render_pgn, write_pgn_atomically};
pub use recorder::{RecordError, Recorder};
pub use sheet::{Applied, ApplyError, Effect, PlyNote, ReplayError, Scoresheet, replay};
