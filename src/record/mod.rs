//! The scoresheet on disk: the journal file (append + fsync, read back with care), the PGN
//! written atomically beside it, and `annexd pgn`. Entries, the scoresheet and the PGN text
//! are the core's (`annexd_core::record`).

pub mod cli;
pub mod journal;
pub mod pgn;
pub mod recorder;

pub use journal::{Journal, JournalError, read};
pub use pgn::write_pgn_atomically;
pub use recorder::{RecordError, Recorder};
