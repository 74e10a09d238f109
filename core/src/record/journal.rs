//! The journal's text format: JSON lines, a header first, read back with care.
//!
//! A crash can cut the last line short (or leave zeros after it). Reading keeps every line
//! before it and reports the damaged end ([`DamagedTail`]); any other unreadable line is an
//! error naming its line number: the file needs a person. Writing and fsyncing the file is
//! the adapters' job (`annexd::record::journal`).

use std::fmt;

use crate::lang::ENGLISH;
use crate::notation::{Token, Word};

use super::entry::{Entry, Header, JOURNAL_FORMAT, Stamped};

/// One entry with its line number in the file (1 = the header).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalLine {
    /// The line number, counting from 1.
    pub line: usize,
    /// The entry.
    pub entry: Entry,
    /// When it happened, in milliseconds since the game started, if recorded.
    pub at_ms: Option<u64>,
}

/// A damaged last line, left out of the contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamagedTail {
    /// Its line number.
    pub line: usize,
    /// Why it could not be read.
    pub reason: String,
    /// Where the good part of the file ends (the byte after the last good newline).
    pub good_len: u64,
    /// The damaged bytes.
    pub bytes: Vec<u8>,
}

impl DamagedTail {
    /// A warning in words: "das Ende der Partiedatei ist beschädigt und wurde übergangen, Zeile 12".
    pub fn tokens(&self) -> Vec<Token> {
        vec![
            Token::Word(Word::JournalDamagedEnd),
            Token::Pause,
            Token::Word(Word::JournalBadLine),
            Token::Number(self.line as u32),
        ]
    }
}

impl fmt::Display for DamagedTail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({} bytes: {}); the entries before it are kept",
            ENGLISH.text(&self.tokens()),
            self.bytes.len(),
            self.reason
        )
    }
}

/// What a journal holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalContents {
    /// The first line.
    pub header: Header,
    /// Every later entry, in order.
    pub entries: Vec<JournalLine>,
    /// A damaged last line that was left out, if any.
    pub damaged_tail: Option<DamagedTail>,
    /// True when the last good line has no newline after it (a crash just before it).
    pub missing_final_newline: bool,
}

/// Why journal bytes are not a journal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The bytes hold no header line.
    #[error("the game file is empty")]
    Empty,
    /// A line that is not the last cannot be read, or the first line is not a header.
    #[error("the game file is faulty at line {line}: {reason}")]
    BadLine {
        /// The line number, counting from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

/// Reads journal bytes.
pub fn parse(bytes: &[u8]) -> Result<JournalContents, FormatError> {
    // Lines with their byte ranges, blank ones left out.
    let mut lines: Vec<(usize, usize, usize)> = Vec::new(); // (line number, start, end)
    let mut start = 0;
    for (number, segment) in bytes.split(|&b| b == b'\n').enumerate() {
        let end = start + segment.len();
        if !segment.iter().all(|b| b.is_ascii_whitespace()) {
            lines.push((number + 1, start, end));
        }
        start = end + 1;
    }
    let bad = |line, reason: String| FormatError::BadLine { line, reason };
    let Some(&(first_line, first_start, first_end)) = lines.first() else {
        return Err(FormatError::Empty);
    };
    let header = match parse_line(&bytes[first_start..first_end]).map(|s| s.entry) {
        Ok(Entry::Header(header)) => *header,
        Ok(other) => {
            return Err(bad(
                first_line,
                format!("the first line is a '{}', not the header", other.kind()),
            ));
        }
        Err(reason) => return Err(bad(first_line, reason)),
    };
    if header.format > JOURNAL_FORMAT {
        return Err(bad(
            first_line,
            format!(
                "written in journal format {} by a newer annexd; this one reads format {JOURNAL_FORMAT}",
                header.format
            ),
        ));
    }
    let mut entries = Vec::with_capacity(lines.len());
    let mut damaged_tail = None;
    let last_index = lines.len() - 1;
    for (index, &(line, from, to)) in lines.iter().enumerate().skip(1) {
        match parse_line(&bytes[from..to]) {
            Ok(Stamped {
                entry: Entry::Header(_),
                ..
            }) => return Err(bad(line, "a second header".to_string())),
            Ok(Stamped { entry, at_ms }) => entries.push(JournalLine { line, entry, at_ms }),
            Err(reason) if index == last_index => {
                let good_len = lines[index - 1].2 as u64 + 1;
                damaged_tail = Some(DamagedTail {
                    line,
                    reason,
                    good_len: good_len.min(from as u64),
                    bytes: bytes[from..].to_vec(),
                });
            }
            Err(reason) => return Err(bad(line, reason)),
        }
    }
    let good_end = match &damaged_tail {
        Some(tail) => tail.good_len as usize,
        None => lines[last_index].2,
    };
    let missing_final_newline = damaged_tail.is_none() && bytes.get(good_end) != Some(&b'\n');
    Ok(JournalContents {
        header,
        entries,
        damaged_tail,
        missing_final_newline,
    })
}

fn parse_line(bytes: &[u8]) -> Result<Stamped, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8 text ({e})"))?;
    serde_json::from_str(text.trim()).map_err(|e| e.to_string())
}
