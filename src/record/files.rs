//! A game's files while it is played: the journal (each line appended and fsynced as the
//! session records it) and the PGN beside it (rewritten atomically after each line). This is
//! the one path by which a game reaches the disk; the scoresheet itself is the core's
//! (`annexd_core::record::Scoresheet`, kept by the session).

use std::path::{Path, PathBuf};

use annexd_core::game::GameError;
use annexd_core::record::{Header, JournalContents, Scoresheet, Seal, Stamped};
use annexd_core::{Token, Word};

use super::journal::{Journal, JournalError};
use super::pgn::write_pgn_atomically;

/// Why a game's files could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The journal could not be created, read or written.
    #[error("{0}")]
    Journal(#[from] JournalError),
    /// The header's start position is invalid; nothing was created.
    #[error("{0}")]
    BadHeader(#[from] GameError),
    /// The PGN file could not be written (the journal line before it was).
    #[error("the PGN file {path} could not be written: {source}")]
    Pgn {
        /// The PGN file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
}

impl RecordError {
    /// The error in words.
    pub fn tokens(&self) -> Vec<Token> {
        match self {
            RecordError::Journal(e) => e.tokens(),
            RecordError::BadHeader(e) => e.tokens(),
            RecordError::Pgn { .. } => vec![Token::Word(Word::JournalNotWritten)],
        }
    }
}

/// The PGN file kept beside a journal.
pub fn pgn_path_for(journal: &Path) -> PathBuf {
    journal.with_extension("pgn")
}

/// A game's journal and PGN file; see the module documentation.
#[derive(Debug)]
pub struct GameFiles {
    journal: Journal,
    pgn: PathBuf,
}

impl GameFiles {
    /// Starts the files of a new game: its journal with the header line (which names this
    /// program and its build), and the PGN beside it. Neither an existing journal nor an
    /// existing PGN file is ever overwritten; when the game cannot start, nothing is left
    /// behind.
    pub fn create(
        journal_path: &Path,
        header: &Header,
    ) -> Result<(GameFiles, Scoresheet), RecordError> {
        let mut header = header.clone();
        header
            .program
            .get_or_insert_with(super::provenance::program);
        header.build.get_or_insert_with(super::provenance::build);
        let header = &header;
        let sheet = Scoresheet::new(header.clone())?;
        let pgn = pgn_path_for(journal_path);
        // The journal is the record: only an existing one refuses the start. A PGN beside it
        // without its journal (an earlier game's, its journal gone) is written over.
        let journal = Journal::create(journal_path, header)?;
        if pgn.exists() {
            tracing::warn!("{} is replaced by the new game's PGN", pgn.display());
        }
        let files = GameFiles { journal, pgn };
        if let Err(e) = files.write_pgn(&sheet) {
            // Nothing is recorded yet: undo the start so that it can be tried again. If even
            // that fails, the empty journal is harmless (it holds a header only).
            if let Err(remove) = std::fs::remove_file(journal_path) {
                tracing::warn!("{}: {remove}", journal_path.display());
            }
            return Err(e);
        }
        Ok((files, sheet))
    }

    /// Goes on with a game from its journal: what the journal holds (a damaged last line,
    /// from a crash while writing, is moved aside and reported in the contents).
    pub fn open(journal_path: &Path) -> Result<(GameFiles, JournalContents), RecordError> {
        let (journal, contents) = Journal::open_append(journal_path)?;
        let files = GameFiles {
            journal,
            pgn: pgn_path_for(journal_path),
        };
        Ok((files, contents))
    }

    /// Writes a line the session recorded to the journal (fsynced), then rewrites the PGN of
    /// `sheet`, the scoresheet after it. The journal line comes first: once it is written,
    /// the move or event is kept whatever happens to the PGN.
    pub fn write(&mut self, line: &Stamped, sheet: &Scoresheet) -> Result<(), RecordError> {
        self.journal.append(line)?;
        self.write_pgn(sheet)
    }

    /// Appends a line to the journal only (fsynced); the PGN is written separately. For a
    /// journal that may refuse lines for a while (`annexd::app::journal_queue`).
    pub fn append(&mut self, line: &Stamped) -> Result<(), JournalError> {
        self.journal.append(line)
    }

    /// Opens the journal again by its path after it refused lines (see [`Journal::reopen`]).
    pub fn reopen_journal(&mut self) -> Result<(), JournalError> {
        self.journal.reopen()
    }

    /// Rewrites the PGN file from the scoresheet, atomically.
    pub fn write_pgn(&self, sheet: &Scoresheet) -> Result<(), RecordError> {
        write_pgn_atomically(&self.pgn, &annexd_core::record::pgn_text(sheet)).map_err(|source| {
            RecordError::Pgn {
                path: self.pgn.clone(),
                source,
            }
        })
    }

    /// The record's seal so far (the last line's), from which its check code is taken; none
    /// for a journal of format 1.
    pub fn seal(&self) -> Option<Seal> {
        self.journal.seal()
    }

    /// The journal's path.
    pub fn journal_path(&self) -> &Path {
        self.journal.path()
    }

    /// The PGN file's path.
    pub fn pgn_path(&self) -> &Path {
        &self.pgn
    }
}
