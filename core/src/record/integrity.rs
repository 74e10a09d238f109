//! What an arbiter is told about a record: sealed and intact, changed (and where), or not
//! sealed; a crash's cut last line (not a change); and whether a check code taken from a
//! signed scoresheet belongs to this record, to an earlier point of it, or to none.

use crate::words::{Token, Word};

use super::journal::{BreakKind, Chain, ChainBreak, JournalContents};
use super::seal::CheckCode;

/// Whether a record is sealed and its chain whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Integrity {
    /// Written before records were sealed (journal format 1): nothing can be said.
    NotSealed,
    /// Sealed, and every line follows from the one before.
    Intact,
    /// Sealed, and the chain breaks at these lines.
    Broken(Vec<ChainBreak>),
}

/// The state of a record as read from its journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordState {
    /// Sealed and whole, broken, or not sealed.
    pub integrity: Integrity,
    /// The check code: the first digits of the last line's seal (none when not sealed).
    pub code: Option<CheckCode>,
    /// The number of good lines, the header included.
    pub lines: usize,
    /// The line number of a last line cut short by a crash, if any (left out, not a change).
    pub crash_line: Option<usize>,
}

/// A damaged last line that no crash can have left (it ends with its newline) is a change.
fn with_changed_tail(mut integrity: Integrity, contents: &JournalContents) -> Integrity {
    let Some(tail) = contents.damaged_tail.as_ref().filter(|t| !t.from_crash()) else {
        return integrity;
    };
    let change = ChainBreak {
        line: tail.line,
        kind: BreakKind::Changed,
    };
    match &mut integrity {
        Integrity::Broken(breaks) => breaks.push(change),
        Integrity::Intact => integrity = Integrity::Broken(vec![change]),
        Integrity::NotSealed => {}
    }
    integrity
}

impl RecordState {
    /// The state of the record `contents` was read from.
    pub fn of(contents: &JournalContents) -> RecordState {
        let chain = &contents.chain;
        RecordState {
            integrity: with_changed_tail(integrity(chain), contents),
            code: chain.last().map(|seal| seal.check_code()),
            lines: 1 + contents.entries.len(),
            crash_line: contents
                .damaged_tail
                .as_ref()
                .filter(|tail| tail.from_crash())
                .map(|tail| tail.line),
        }
    }

    /// True when sealed and intact.
    pub fn intact(&self) -> bool {
        self.integrity == Integrity::Intact
    }

    /// The state in words: "Aufzeichnung versiegelt und unversehrt", "Aufzeichnung verändert
    /// in Zeile zwölf", "Aufzeichnung nicht versiegelt, älteres Format"; then a crash's cut
    /// line, if any.
    pub fn tokens(&self) -> Vec<Token> {
        let mut out = match &self.integrity {
            Integrity::NotSealed => vec![Token::Word(Word::RecordNotSealed)],
            Integrity::Intact => vec![Token::Word(Word::RecordIntact)],
            Integrity::Broken(breaks) => breaks_tokens(breaks),
        };
        if let Some(line) = self.crash_line {
            out.extend([
                Token::Pause,
                Token::Word(Word::JournalBadLine),
                Token::Number(line as u32),
                Token::Pause,
                Token::Word(Word::CrashNotChange),
            ]);
        }
        out
    }

    /// "Prüfcode drei Felix neun Anna, …", when the record is sealed.
    pub fn code_tokens(&self) -> Option<Vec<Token>> {
        let code = self.code?;
        let mut out = vec![Token::Word(Word::CheckCode), Token::Pause];
        out.extend(code.tokens());
        Some(out)
    }
}

fn integrity(chain: &Chain) -> Integrity {
    if !chain.sealed {
        Integrity::NotSealed
    } else if chain.breaks.is_empty() {
        Integrity::Intact
    } else {
        Integrity::Broken(chain.breaks.clone())
    }
}

/// "Aufzeichnung verändert in Zeile zwölf und fünfzehn, ohne Siegel in Zeile zwanzig".
fn breaks_tokens(breaks: &[ChainBreak]) -> Vec<Token> {
    let mut out = Vec::new();
    for (kind, word) in [
        (BreakKind::Changed, Word::RecordChangedAt),
        (BreakKind::Unsealed, Word::RecordUnsealedAt),
    ] {
        let lines: Vec<usize> = breaks
            .iter()
            .filter(|b| {
                b.kind == kind || (kind == BreakKind::Changed && b.kind == BreakKind::FormatChanged)
            })
            .map(|b| b.line)
            .collect();
        if lines.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(Token::Pause);
        }
        out.push(Token::Word(word));
        for (i, line) in lines.iter().enumerate() {
            if i + 1 == lines.len() && i > 0 {
                out.push(Token::Word(Word::And));
            } else if i > 0 {
                out.push(Token::Pause);
            }
            out.push(Token::Number(*line as u32));
        }
    }
    out
}

/// Where a check code from a signed scoresheet meets a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeMatch {
    /// It is the record's code: the record ends where it ended when the code was taken.
    End,
    /// It is the seal of an earlier line: lines were added after the code was taken.
    Earlier {
        /// The line whose seal it is.
        line: usize,
        /// How many lines follow it.
        added: usize,
    },
    /// It belongs to no line: the record was cut short or changed, or is another game's.
    Nowhere,
}

impl CodeMatch {
    /// Looks for `code` among the seals of the record.
    pub fn find(chain: &Chain, code: CheckCode) -> CodeMatch {
        let found = chain
            .seals
            .iter()
            .rposition(|(_, seal)| seal.check_code() == code);
        match found {
            None => CodeMatch::Nowhere,
            Some(index) if index + 1 == chain.seals.len() => CodeMatch::End,
            Some(index) => CodeMatch::Earlier {
                line: chain.seals[index].0,
                added: chain.seals.len() - index - 1,
            },
        }
    }

    /// In words.
    pub fn tokens(&self) -> Vec<Token> {
        match *self {
            CodeMatch::End => vec![Token::Word(Word::CodeMatches)],
            CodeMatch::Earlier { line, added } => vec![
                Token::Word(Word::CodeAtLine),
                Token::Number(line as u32),
                Token::Pause,
                Token::Word(Word::LinesAddedAfter),
                Token::Number(added as u32),
            ],
            CodeMatch::Nowhere => vec![Token::Word(Word::CodeNowhere)],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    fn broken(breaks: &[(usize, BreakKind)]) -> RecordState {
        RecordState {
            integrity: Integrity::Broken(
                breaks
                    .iter()
                    .map(|&(line, kind)| ChainBreak { line, kind })
                    .collect(),
            ),
            code: None,
            lines: 30,
            crash_line: None,
        }
    }

    #[test]
    fn breaks_are_said_by_their_lines() {
        let state = broken(&[
            (12, BreakKind::Changed),
            (15, BreakKind::Changed),
            (17, BreakKind::Changed),
            (20, BreakKind::Unsealed),
        ]);
        assert_eq!(
            Lang::De.text(&state.tokens()),
            "Aufzeichnung verändert in Zeile zwölf, fünfzehn und siebzehn, ohne Siegel in Zeile zwanzig"
        );
        let state = broken(&[(1, BreakKind::FormatChanged)]);
        assert_eq!(Lang::En.text(&state.tokens()), "record changed at line one");
    }

    #[test]
    fn a_crash_is_not_a_change() {
        let state = RecordState {
            integrity: Integrity::Intact,
            code: None,
            lines: 9,
            crash_line: Some(10),
        };
        assert_eq!(
            Lang::En.text(&state.tokens()),
            "record sealed and intact, the game file is faulty at line ten, left by a crash while writing, not a change"
        );
    }
}
