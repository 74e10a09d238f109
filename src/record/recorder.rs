//! The scoresheet kept on disk while a game is played: every entry applied, written to the
//! journal and fsynced, then the PGN rewritten atomically.

use std::path::{Path, PathBuf};

use super::journal::{DamagedTail, Journal, JournalError};
use super::pgn::write_pgn_atomically;
use annexd_core::game::GameError;
use annexd_core::notation::{Token, Word};
use annexd_core::record::entry::{Entry, Header};
use annexd_core::record::sheet::{Applied, ApplyError, ReplayError, Scoresheet, replay};

/// Why recording failed.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The entry was refused by the rules; nothing was written or changed.
    #[error("{0}")]
    Refused(#[from] ApplyError),
    /// The journal could not be written; the game is as before the entry.
    #[error("{0}")]
    Journal(#[from] JournalError),
    /// The header's start position is invalid; nothing was created.
    #[error("{0}")]
    BadHeader(#[from] GameError),
    /// The journal could not be replayed.
    #[error("{0}")]
    Replay(#[from] ReplayError),
    /// The PGN file could not be written.
    #[error("the PGN file {path} could not be written: {source}")]
    Pgn {
        /// The PGN file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The entry is recorded in the journal and applied, but a write after it (the result
    /// line or the PGN copy) failed.
    #[error(
        "the move or event is saved in the game file, but {path} could not be written: {source}"
    )]
    Incomplete {
        /// What the entry did (it is recorded).
        applied: Box<Applied>,
        /// The file that could not be written.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
}

impl RecordError {
    /// The error in words.
    pub fn tokens(&self) -> Vec<Token> {
        match self {
            RecordError::Refused(e) => e.tokens(),
            RecordError::Journal(e) => e.tokens(),
            RecordError::BadHeader(e) => e.tokens(),
            RecordError::Replay(e) => e.tokens(),
            RecordError::Pgn { .. } | RecordError::Incomplete { .. } => {
                vec![Token::Word(Word::JournalNotWritten)]
            }
        }
    }

    /// For [`RecordError::Incomplete`]: what the recorded entry did.
    pub fn applied(&self) -> Option<&Applied> {
        match self {
            RecordError::Incomplete { applied, .. } => Some(applied),
            _ => None,
        }
    }
}

/// A game being recorded: the scoresheet, its journal, and optionally a PGN file kept current.
#[derive(Debug)]
pub struct Recorder {
    sheet: Scoresheet,
    journal: Journal,
    pgn_path: Option<PathBuf>,
}

impl Recorder {
    /// Starts a new journal for the game the header describes, and its PGN file. Neither an
    /// existing journal nor an existing PGN file is ever overwritten.
    pub fn create(
        journal_path: &Path,
        pgn_path: Option<PathBuf>,
        header: Header,
    ) -> Result<Recorder, RecordError> {
        let sheet = Scoresheet::new(header.clone())?;
        if let Some(pgn) = &pgn_path
            && pgn.exists()
        {
            return Err(RecordError::Journal(JournalError::Exists {
                path: pgn.clone(),
            }));
        }
        let journal = Journal::create(journal_path, &header)?;
        let recorder = Recorder {
            sheet,
            journal,
            pgn_path,
        };
        if let Err(e) = recorder.write_pgn() {
            // Nothing is recorded yet: undo the start so that it can be tried again.
            let _ = std::fs::remove_file(journal_path);
            return Err(e);
        }
        Ok(recorder)
    }

    /// Goes on with a game from its journal. A damaged last line (a crash while writing) is
    /// returned for the user to be told; it has been moved aside and the game resumes from
    /// the entries before it. The PGN file is rewritten at the next entry (or by
    /// [`Recorder::write_pgn`]).
    pub fn resume(
        journal_path: &Path,
        pgn_path: Option<PathBuf>,
    ) -> Result<(Recorder, Option<DamagedTail>), RecordError> {
        let (journal, contents) = Journal::open_append(journal_path)?;
        let sheet = replay(&contents)?;
        Ok((
            Recorder {
                sheet,
                journal,
                pgn_path,
            },
            contents.damaged_tail,
        ))
    }

    /// The scoresheet.
    pub fn sheet(&self) -> &Scoresheet {
        &self.sheet
    }

    /// The game.
    pub fn game(&self) -> &annexd_core::game::Game {
        self.sheet.game()
    }

    /// The journal's path.
    pub fn journal_path(&self) -> &Path {
        self.journal.path()
    }

    /// Applies an entry, writes it (complete) to the journal and fsyncs; when the entry ended
    /// the game, also writes a result line; then rewrites the PGN. A refused entry changes
    /// nothing; if the entry cannot be written the game stays as before it.
    pub fn record(&mut self, entry: Entry) -> Result<Applied, RecordError> {
        let was_over = self.sheet.game().is_over();
        let mut next = self.sheet.clone();
        let applied = next.apply(&entry)?;
        self.journal.append(&applied.entry)?;
        self.sheet = next;
        if let Some(result) = self.sheet.result_entry_after(was_over, &applied.entry) {
            // Confirming a result the game already has cannot be refused.
            let mut next = self.sheet.clone();
            let confirmed = next.apply(&result)?;
            if let Err(e) = self.journal.append(&confirmed.entry) {
                let (path, source) = match e {
                    JournalError::Write { path, source } | JournalError::Read { path, source } => {
                        (path, source)
                    }
                    other => (
                        self.journal.path().to_path_buf(),
                        std::io::Error::other(other.to_string()),
                    ),
                };
                return Err(RecordError::Incomplete {
                    applied: Box::new(applied),
                    path,
                    source,
                });
            }
            self.sheet = next;
        }
        match self.write_pgn() {
            Ok(()) => Ok(applied),
            Err(RecordError::Pgn { path, source }) => Err(RecordError::Incomplete {
                applied: Box::new(applied),
                path,
                source,
            }),
            Err(other) => Err(other),
        }
    }

    /// Rewrites the PGN file (if there is one) from the scoresheet, atomically.
    pub fn write_pgn(&self) -> Result<(), RecordError> {
        match &self.pgn_path {
            Some(path) => write_pgn_atomically(path, &self.sheet.to_pgn()).map_err(|source| {
                RecordError::Pgn {
                    path: path.clone(),
                    source,
                }
            }),
            None => Ok(()),
        }
    }
}
