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

/// Moves the PGN file `pgn` to the first free name beside it (`round1.earlier.pgn`,
/// `round1.earlier-2.pgn`, …) and returns it.
fn keep_aside(pgn: &Path) -> std::io::Result<PathBuf> {
    let stem = pgn
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    for n in 1..1000 {
        let name = match n {
            1 => format!("{stem}.earlier.pgn"),
            n => format!("{stem}.earlier-{n}.pgn"),
        };
        let aside = pgn.with_file_name(name);
        if !aside.exists() {
            std::fs::rename(pgn, &aside)?;
            tracing::info!("{} kept as {}", pgn.display(), aside.display());
            return Ok(aside);
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        "no free name to keep the earlier PGN under",
    ))
}

/// A game's journal and PGN file; see the module documentation.
#[derive(Debug)]
pub struct GameFiles {
    journal: Journal,
    pgn: PathBuf,
    /// Where a PGN file that stood where this game's goes was kept.
    earlier_pgn: Option<PathBuf>,
}

impl GameFiles {
    /// Starts the files of a new game: its journal with the header line (which names this
    /// program and its build), and the PGN beside it. An existing journal is never
    /// overwritten: it refuses the start. A PGN file beside it without its journal (an
    /// earlier game's, or another program's) is never overwritten either: it is kept under
    /// a free name of its own ([`GameFiles::earlier_pgn`]). When the game cannot start,
    /// nothing is left behind.
    pub fn create(
        journal_path: &Path,
        header: &Header,
    ) -> Result<(GameFiles, Scoresheet), RecordError> {
        let mut header = header.clone();
        header
            .program
            .get_or_insert_with(super::provenance::program);
        header.build.get_or_insert_with(super::provenance::build);
        if header.binary_sha256.is_none() {
            header.binary_sha256 = super::provenance::binary_sha256();
        }
        let header = &header;
        let sheet = Scoresheet::new(header.clone())?;
        let pgn = pgn_path_for(journal_path);
        // The journal is the record: only an existing one refuses the start.
        let journal = Journal::create(journal_path, header)?;
        let earlier_pgn = if pgn.exists() {
            match keep_aside(&pgn) {
                Ok(kept) => Some(kept),
                Err(source) => {
                    // Nothing is recorded yet: the start is undone.
                    if let Err(remove) = std::fs::remove_file(journal_path) {
                        tracing::warn!("{}: {remove}", journal_path.display());
                    }
                    return Err(RecordError::Pgn { path: pgn, source });
                }
            }
        } else {
            None
        };
        let files = GameFiles {
            journal,
            pgn,
            earlier_pgn,
        };
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
            earlier_pgn: None,
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
    /// journal that may refuse lines for a while (`annexd::app::ports::journal_queue`).
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

    /// Where a PGN file that stood where this game's goes was kept, if there was one.
    pub fn earlier_pgn(&self) -> Option<&Path> {
        self.earlier_pgn.as_deref()
    }

    /// The PGN file's path.
    pub fn pgn_path(&self) -> &Path {
        &self.pgn
    }
}
