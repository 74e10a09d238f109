//! The journal's text format: JSON lines, a header first, read back with care.
//!
//! A crash can cut the last line short (or leave zeros after it). Reading keeps every line
//! before it and reports the damaged end ([`DamagedTail`]); any other unreadable line is an
//! error naming its line number: the file needs a person. A sealed journal's chain is checked
//! as it is read ([`Chain`]; see [`super::seal`]): a break is reported, never refused, so a
//! changed record can still be read, replayed and shown. Writing and fsyncing the file is
//! the adapters' job (`annexd::record::journal`).

use std::fmt;

use crate::lang::ENGLISH;
use crate::words::{Token, Word};

use super::entry::{Entry, FIRST_SEALED_FORMAT, Header, JOURNAL_FORMAT};
use super::seal::Stamped;
use super::seal::{Seal, unseal};

/// One entry with its line number in the file (1 = the header).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalLine {
    /// The line number, counting from 1.
    pub line: usize,
    /// The entry.
    pub entry: Entry,
    /// When it happened, in milliseconds since the game started, if recorded.
    pub at_ms: Option<u64>,
    /// The seal the line carries, if any.
    pub seal: Option<Seal>,
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
    /// Whether a crash while writing can have left it: the line is cut before its newline
    /// (the writer puts the newline last), or it is zeros (blocks allocated, never written).
    /// A damaged line that ends with a newline was not left by a crash: it was changed.
    pub fn from_crash(&self) -> bool {
        let text = match self.bytes.iter().rposition(|&b| b != 0) {
            Some(end) => &self.bytes[..=end],
            None => return true,
        };
        !text.ends_with(b"\n") && !text.ends_with(b"\r")
    }

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
    /// The seal chain over the good lines.
    pub chain: Chain,
}

/// The seal chain of a journal's good lines (a damaged last line is not part of it).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Chain {
    /// Whether the journal is sealed (format 2 or later, or any line carries a seal).
    pub sealed: bool,
    /// The lines where the chain breaks, in order.
    pub breaks: Vec<ChainBreak>,
    /// Every seal the good lines carry, with its line number (the header's first).
    pub seals: Vec<(usize, Seal)>,
}

impl Chain {
    /// True when the journal is sealed and no line breaks the chain.
    pub fn intact(&self) -> bool {
        self.sealed && self.breaks.is_empty()
    }

    /// The seal of the last good line: the record's seal, from which the check code is
    /// taken and which the next line written follows (`None` when not sealed).
    pub fn last(&self) -> Option<Seal> {
        self.seals.last().map(|&(_, seal)| seal)
    }
}

/// A line where the seal chain breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChainBreak {
    /// The line number, counting from 1.
    pub line: usize,
    /// What is wrong with it.
    pub kind: BreakKind,
}

/// How a line breaks the chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BreakKind {
    /// Its seal does not follow from the line before and its own bytes: the line was changed,
    /// or a line before it was taken out, put in or moved.
    Changed,
    /// It carries no seal (where the writer puts it) in a sealed journal.
    Unsealed,
    /// The header says the journal is not sealed, yet its lines are: the header was changed.
    FormatChanged,
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
pub fn parse_journal(bytes: &[u8]) -> Result<JournalContents, FormatError> {
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
            Ok(Stamped { entry, at_ms, hash }) => entries.push(JournalLine {
                line,
                entry,
                at_ms,
                seal: hash,
            }),
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
    let good_lines = lines.len() - usize::from(damaged_tail.is_some());
    let chain = check_chain(
        bytes,
        &lines[..good_lines],
        header.format >= FIRST_SEALED_FORMAT,
    );
    Ok(JournalContents {
        header,
        entries,
        damaged_tail,
        missing_final_newline,
        chain,
    })
}

/// Follows the seal chain over the good lines. After a break it goes on from the seal the
/// line carries, so that each changed line is named, not every line after the first.
fn check_chain(bytes: &[u8], lines: &[(usize, usize, usize)], sealed_format: bool) -> Chain {
    let mut chain = Chain {
        sealed: sealed_format,
        ..Chain::default()
    };
    let mut before = Seal::START;
    for &(line, from, to) in lines {
        let text = trim_line_end(&bytes[from..to]);
        match unseal(text) {
            Some((content, seal)) => {
                if before.next(&content) != seal {
                    chain.breaks.push(ChainBreak {
                        line,
                        kind: BreakKind::Changed,
                    });
                }
                chain.seals.push((line, seal));
                before = seal;
            }
            None if sealed_format => {
                chain.breaks.push(ChainBreak {
                    line,
                    kind: BreakKind::Unsealed,
                });
                before = before.next(text);
            }
            None => {}
        }
    }
    if !sealed_format && !chain.seals.is_empty() {
        chain.sealed = true;
        // A header changed to say "format 1" breaks its own seal too: named once.
        chain.breaks.retain(|b| b.line != lines[0].0);
        chain.breaks.insert(
            0,
            ChainBreak {
                line: lines[0].0,
                kind: BreakKind::FormatChanged,
            },
        );
    }
    chain
}

/// A line's bytes without a carriage return or spaces after it (an editor may add them;
/// the seal covers what comes before).
fn trim_line_end(mut text: &[u8]) -> &[u8] {
    while let [rest @ .., last] = text
        && last.is_ascii_whitespace()
    {
        text = rest;
    }
    text
}

fn parse_line(bytes: &[u8]) -> Result<Stamped, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8 text ({e})"))?;
    serde_json::from_str(text.trim()).map_err(|e| e.to_string())
}
