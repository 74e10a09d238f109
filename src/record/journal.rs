//! The journal file: JSON lines appended and fsynced one by one, and read back with care.
//!
//! The format (and what a damaged last line is) belongs to the core
//! (`annexd_core::record`); this module does the file's I/O. A journal of format 2
//! or later is sealed as it is written: each line gets the seal that chains it to the line
//! before (`annexd_core::record`). Reopening to append moves a damaged last line to a
//! `.damaged` file beside the journal first, so nothing is lost, later lines stay clean and
//! the chain goes on from the last good line.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use annexd_core::record::{
    Entry, FIRST_SEALED_FORMAT, FormatError, Header, Seal, Sealer, Stamped, parse_journal,
};
use annexd_core::{Token, Word};

use crate::durable::sync_directory_of;

use annexd_core::record::JournalContents;

/// Why a journal could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// The file could not be read.
    #[error("cannot read the game file {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// The file could not be written.
    #[error("cannot write the game file {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// A new journal would overwrite an existing file.
    #[error("the game file {path} already exists; choose another name or resume it")]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// The file holds no header line.
    #[error("the game file {path} is empty")]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// A line that is not the last cannot be read, or the first line is not a header.
    #[error("the game file {path} is faulty at line {line}: {reason}")]
    BadLine {
        /// The file.
        path: PathBuf,
        /// The line number, counting from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

impl JournalError {
    /// The error in words.
    pub fn tokens(&self) -> Vec<Token> {
        match self {
            JournalError::Read { .. } | JournalError::Empty { .. } => {
                vec![Token::Word(Word::JournalUnreadable)]
            }
            JournalError::Write { .. } => vec![Token::Word(Word::JournalNotWritten)],
            JournalError::Exists { .. } => vec![Token::Word(Word::JournalExists)],
            JournalError::BadLine { line, .. } => {
                vec![
                    Token::Word(Word::JournalBadLine),
                    Token::Number(*line as u32),
                ]
            }
        }
    }
}

/// A journal open for appending.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
    /// Seals each line written; none for a journal of format 1 (written before sealing).
    sealer: Option<Sealer>,
    /// The length of the complete lines on disk; a failed append is cut back to it.
    good_len: u64,
    /// A failed append could not be cut back yet: the file may end in part of a line.
    cut_pending: bool,
}

impl Journal {
    /// Creates a new journal with its header line, fsyncs it and its directory. An existing
    /// file is never overwritten; if the header cannot be written, the new file is removed.
    pub fn create(path: &Path, header: &Header) -> Result<Journal, JournalError> {
        let write_err = |source| JournalError::Write {
            path: path.to_path_buf(),
            source,
        };
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| {
                if e.kind() == io::ErrorKind::AlreadyExists {
                    JournalError::Exists {
                        path: path.to_path_buf(),
                    }
                } else {
                    write_err(e)
                }
            })?;
        let mut journal = Journal {
            path: path.to_path_buf(),
            file,
            sealer: (header.format >= FIRST_SEALED_FORMAT).then(Sealer::new),
            good_len: 0,
            cut_pending: false,
        };
        let written = journal
            .append(&Stamped::untimed(Entry::header(header.clone())))
            .and_then(|_| sync_directory_of(path).map_err(write_err));
        if let Err(e) = written {
            // The file is ours and holds no game yet: leave no half-made journal behind.
            let _ = fs::remove_file(path);
            return Err(e);
        }
        Ok(journal)
    }

    /// Opens an existing journal to go on with it: reads it, moves a damaged last line into
    /// `<journal>.damaged` and cuts it off, ends the last line with a newline if a crash left
    /// it without, and returns the journal ready to append with what it holds.
    pub fn open_append(path: &Path) -> Result<(Journal, JournalContents), JournalError> {
        let contents = read_journal(path)?;
        let write_err = |source| JournalError::Write {
            path: path.to_path_buf(),
            source,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .map_err(write_err)?;
        if let Some(tail) = &contents.damaged_tail {
            let aside = damaged_path(path);
            let mut keep = OpenOptions::new()
                .create(true)
                .append(true)
                .open(&aside)
                .map_err(|source| JournalError::Write {
                    path: aside.clone(),
                    source,
                })?;
            keep.write_all(&tail.bytes)
                .and_then(|_| keep.write_all(b"\n"))
                .and_then(|_| keep.sync_data())
                .map_err(|source| JournalError::Write {
                    path: aside.clone(),
                    source,
                })?;
            cut(&file, path, tail.good_len)
                .and_then(|_| file.sync_data())
                .map_err(write_err)?;
        }
        if contents.missing_final_newline {
            file.write_all(b"\n")
                .and_then(|_| file.sync_data())
                .map_err(write_err)?;
        }
        // The chain goes on from the last good line's seal (a changed line before it stays
        // reported, and the lines written now follow on unbroken).
        let sealer = match contents.chain.last() {
            Some(last) => Some(Sealer::after(last)),
            None if contents.header.format >= FIRST_SEALED_FORMAT => Some(Sealer::new()),
            None => None,
        };
        let good_len = file.metadata().map_err(write_err)?.len();
        Ok((
            Journal {
                path: path.to_path_buf(),
                file,
                sealer,
                good_len,
                cut_pending: false,
            },
            contents,
        ))
    }

    /// Appends one line (sealed, in a sealed journal) and waits until it is on disk (fsync
    /// of the data). When that fails (disk full, file system read-only, device gone),
    /// whatever part of the line reached the file is cut off again and the seal stays where
    /// it was, so the same line can be appended later and the file never holds half a line
    /// between whole ones.
    pub fn append(&mut self, line: &Stamped) -> Result<(), JournalError> {
        let write_err = |source| JournalError::Write {
            path: self.path.clone(),
            source,
        };
        if self.cut_pending {
            cut(&self.file, &self.path, self.good_len).map_err(write_err)?;
            self.cut_pending = false;
        }
        let mut sealer = self.sealer.clone();
        let mut line = match &mut sealer {
            Some(sealer) => sealer.seal(line),
            None => line.to_json_line(),
        };
        line.push('\n');
        match self
            .file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.sync_data())
        {
            Ok(()) => {
                self.good_len += line.len() as u64;
                self.sealer = sealer;
                Ok(())
            }
            Err(source) => {
                self.cut_pending = cut(&self.file, &self.path, self.good_len).is_err();
                Err(write_err(source))
            }
        }
    }

    /// Opens the journal's file again by its path, after writes failed: a file system that
    /// went read-only after an error is only writable again once it is mounted again, which
    /// the old descriptor never sees. The file must hold exactly the lines written so far (a
    /// part of a line after them is cut off); anything else is an error and nothing changes.
    pub fn reopen(&mut self) -> Result<(), JournalError> {
        let write_err = |source| JournalError::Write {
            path: self.path.clone(),
            source,
        };
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(&self.path)
            .map_err(write_err)?;
        let len = file.metadata().map_err(write_err)?.len();
        if len < self.good_len {
            return Err(write_err(io::Error::other(format!(
                "it holds {len} bytes, {} were written to it",
                self.good_len
            ))));
        }
        if len > self.good_len {
            cut(&file, &self.path, self.good_len).map_err(write_err)?;
        }
        self.file = file;
        self.cut_pending = false;
        Ok(())
    }

    /// The seal of the last line written or read: the record's seal so far (none for a
    /// journal of format 1).
    pub fn seal(&self) -> Option<Seal> {
        self.sealer.as_ref().map(Sealer::last)
    }

    /// The journal's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Where a damaged last line is kept: `<journal>.damaged`.
pub fn damaged_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".damaged");
    PathBuf::from(name)
}

/// Reads a journal file.
pub fn read_journal(path: &Path) -> Result<JournalContents, JournalError> {
    let bytes = fs::read(path).map_err(|source| JournalError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse_journal_at(&bytes, path)
}

/// Reads journal bytes; `path` only names the file in errors.
pub fn parse_journal_at(bytes: &[u8], path: &Path) -> Result<JournalContents, JournalError> {
    parse_journal(bytes).map_err(|err| match err {
        FormatError::Empty => JournalError::Empty {
            path: path.to_path_buf(),
        },
        FormatError::BadLine { line, reason } => JournalError::BadLine {
            path: path.to_path_buf(),
            line,
            reason,
        },
    })
}

/// Cuts the journal's file to `len` bytes. A handle opened to append cannot change a file's
/// length on Windows (that needs the right to write anywhere in it), so there a second
/// handle, opened to write, cuts it; the appending handle goes on at the new end.
fn cut(file: &File, path: &Path, len: u64) -> io::Result<()> {
    if cfg!(windows) {
        OpenOptions::new().write(true).open(path)?.set_len(len)
    } else {
        file.set_len(len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use annexd_core::Lang;

    const HEADER: &str = r#"{"type":"header","format":1}"#;

    #[test]
    fn a_cut_last_line_is_reported_and_skipped() {
        let text = format!("{HEADER}\n{{\"type\":\"move\",\"uci\":\"e2e4\"}}\n{{\"type\":\"mo");
        let contents = parse_journal_at(text.as_bytes(), Path::new("j")).unwrap();
        assert_eq!(contents.entries.len(), 1);
        let tail = contents.damaged_tail.unwrap();
        assert_eq!(tail.line, 3);
        assert_eq!(tail.bytes, b"{\"type\":\"mo");
        assert_eq!(tail.good_len as usize, text.len() - tail.bytes.len());
    }

    #[test]
    fn a_complete_last_line_without_newline_is_kept() {
        let text = format!("{HEADER}\n{{\"type\":\"move\",\"uci\":\"e2e4\"}}");
        let contents = parse_journal_at(text.as_bytes(), Path::new("j")).unwrap();
        assert_eq!(contents.entries.len(), 1);
        assert!(contents.damaged_tail.is_none());
        assert!(contents.missing_final_newline);
    }

    #[test]
    fn zeros_after_the_last_line_are_a_damaged_tail() {
        let mut bytes = format!("{HEADER}\n{{\"type\":\"move\",\"uci\":\"e2e4\"}}\n").into_bytes();
        bytes.extend([0u8; 40]);
        let contents = parse_journal_at(&bytes, Path::new("j")).unwrap();
        assert_eq!(contents.entries.len(), 1);
        assert_eq!(contents.damaged_tail.unwrap().line, 3);
    }

    #[test]
    fn a_bad_line_in_the_middle_names_its_number() {
        let text = format!(
            "{HEADER}\n{{\"type\":\"move\",\"uci\":\"e2e4\"}}\nxx\n{{\"type\":\"undo\"}}\n"
        );
        let err = parse_journal_at(text.as_bytes(), Path::new("game.jsonl")).unwrap_err();
        let JournalError::BadLine { line, .. } = &err else {
            panic!("{err:?}")
        };
        assert_eq!(*line, 3);
        assert!(
            err.to_string().contains("game.jsonl is faulty at line 3"),
            "{err}"
        );
        assert_eq!(
            Lang::De.text(&err.tokens()),
            "Partiedatei fehlerhaft in Zeile drei"
        );
    }

    #[test]
    fn the_first_line_must_be_a_header_of_a_known_format() {
        let err = parse_journal_at(b"{\"type\":\"undo\"}\n", Path::new("j")).unwrap_err();
        assert!(err.to_string().contains("not the header"), "{err}");
        let err =
            parse_journal_at(b"{\"type\":\"header\",\"format\":99}\n", Path::new("j")).unwrap_err();
        assert!(err.to_string().contains("newer annexd"), "{err}");
        assert!(matches!(
            parse_journal_at(b"\n\n", Path::new("j")),
            Err(JournalError::Empty { .. })
        ));
    }
}
