//! The scoresheet: the journal's entries and text format, the seal that makes it
//! tamper-evident, the scoresheet rebuilt from them, and its forms for people (PGN, print,
//! Braille, text). Writing files, drawing PDFs and translating into Braille are the adapters'
//! job (`annexd::record`).
//!
//! - `entry`: the journal's lines (a header, then moves, offers, claims, penalties, …).
//! - `seal`: the hash chain over the lines and the check code taken from it.
//! - `journal`: the text format, read back with care (a damaged last line is survived, the
//!   seal chain checked).
//! - `integrity`: the record's state in words, and where a check code belongs.
//! - `sheet`: the [`Scoresheet`], rebuilt from entries by the same code live and on replay.
//! - `pgn`: the PGN text.
//! - `export`: the printed, Braille and text scoresheets as data and text.

mod account;
pub(crate) mod entry;
pub(crate) mod export;
pub(crate) mod integrity;
pub(crate) mod journal;
pub(crate) mod pgn;
pub(crate) mod seal;
pub(crate) mod sheet;

pub use account::{Recounted, account};
pub use entry::{
    ClaimEntry, ClaimRecord, ClockAdjustmentEntry, CommandEntry, CommandSource, DismissedEntry,
    Entry, FIRST_SEALED_FORMAT, FlagEntry, Header, IllegalMoveEntry, JOURNAL_FORMAT, Matter,
    ModeEntry, MoveCounterEntry, MoveEntry, OpponentEntry, OpponentSource, PenaltyRecord,
    PlayerEntry, PressEntry, ReferredEntry, ReopenEntry, ResultEntry, STANDARD_START_FEN,
    TouchEntry, TrainingEntry, TrainingHelp, UndoEntry,
};
pub use export::{
    BrailleCell, BrailleLine, CELLS_PER_LINE, ClosingLine, Form, FormNote, Half, LINES_PER_PAGE,
    Labels, PrintLine, Row, SheetFormat, SheetWords, brf_char, capitalised, cells_of,
    paginate_braille,
};
pub use integrity::{CodeMatch, Integrity, RecordState};
pub use journal::{
    BreakKind, Chain, ChainBreak, DamagedTail, FormatError, JournalContents, JournalLine,
    parse_journal,
};
pub use pgn::{pgn_text, pgn_text_in};
pub use seal::{CheckCode, Seal, Sealer, Stamped};
pub use sheet::duration_tokens;
pub use sheet::{Applied, ApplyError, EntryEffect, Note, PlyNote, ReplayError, Scoresheet, replay};
