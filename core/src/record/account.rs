//! The account of a game for an arbiter checking a complaint (`annexd replay`, issue 33):
//! every line of the sealed journal in words, in order, with the moment it happened. Moves
//! with their move number, presses of the clock with both times, touches, offers, claims,
//! what was put to the arbiter and what he did, changes of the clock and of the mode: all
//! that the journal holds, replayed by the rules as `verify` does.

use shakmaty::{Color, Position};

use super::entry::Entry;
use super::journal::JournalContents;
use super::sheet::{ApplyError, EntryEffect, Scoresheet, clock_adjustment_tokens, duration_tokens};
use crate::lang::Speech;
use crate::notation::{Style, move_tokens};
use crate::words::{Token, Word, colored_piece_tokens, square_tokens};

/// One line of the account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recounted {
    /// The journal's line number.
    pub line: usize,
    /// When, in milliseconds since the game started, if recorded.
    pub at_ms: Option<u64>,
    /// What happened, in words of the tables.
    pub tokens: Vec<Token>,
    /// The record's own detail (the article an entry was made under, a move as typed).
    pub detail: Option<String>,
}

impl Recounted {
    /// The line as text: `[0:12:05] Zug eins, Weiß Eva vier`.
    pub fn text(&self, speech: impl Into<Speech>) -> String {
        let mut text = String::new();
        if let Some(ms) = self.at_ms {
            let s = ms / 1000;
            text.push_str(&format!("[{}:{:02}:{:02}] ", s / 3600, s / 60 % 60, s % 60));
        }
        text.push_str(&speech.into().text(&self.tokens));
        if let Some(detail) = &self.detail {
            text.push_str(&format!(" ({detail})"));
        }
        text
    }
}

/// The account of every line after the header, replayed by the rules; the line the rules
/// refuse ends it with the refusal.
pub fn account(contents: &JournalContents) -> Result<Vec<Recounted>, (Vec<Recounted>, ApplyError)> {
    let mut sheet = match Scoresheet::new(contents.header.clone()) {
        Ok(sheet) => sheet,
        Err(err) => return Err((Vec::new(), ApplyError::Game(err))),
    };
    let mut lines = Vec::new();
    if let Some(mode) = contents.header.mode {
        lines.push(Recounted {
            line: 1,
            at_ms: None,
            tokens: vec![Token::Word(Word::ModeLabel), Token::Word(mode.word())],
            detail: None,
        });
    }
    for journal_line in &contents.entries {
        let before = sheet.game().position().clone();
        let applied = match sheet.apply(&journal_line.entry) {
            Ok(applied) => applied,
            Err(err) => return Err((lines, err)),
        };
        let (tokens, detail) = recount(&journal_line.entry, &applied.effect, &before);
        lines.push(Recounted {
            line: journal_line.line,
            at_ms: journal_line.at_ms,
            tokens,
            detail,
        });
    }
    Ok(lines)
}

/// One entry in words, with the detail the record gives.
fn recount(
    entry: &Entry,
    effect: &EntryEffect,
    before: &shakmaty::Chess,
) -> (Vec<Token>, Option<String>) {
    let side = |c: Color, word: Word| vec![Token::Side(c), Token::Word(word)];
    let tokens = match (entry, effect) {
        (_, EntryEffect::Moved(report)) => {
            let mut tokens = vec![
                Token::Word(Word::Move),
                Token::Number(before.fullmoves().get()),
                Token::Pause,
                Token::Side(before.turn()),
            ];
            tokens.extend(move_tokens(before, report.played.mv, Style::Short));
            let extra = report.tokens();
            if !extra.is_empty() {
                tokens.push(Token::Pause);
                tokens.extend(extra);
            }
            tokens
        }
        (Entry::Press(p), _) => {
            let mut tokens = side(p.by, Word::PressesClock);
            for (c, ms) in [(Color::White, p.white_ms), (Color::Black, p.black_ms)] {
                if let Some(ms) = ms {
                    tokens.extend([Token::Pause, Token::Side(c)]);
                    tokens.extend(duration_tokens(ms));
                }
            }
            tokens
        }
        (Entry::Touch(t), _) => {
            let mut tokens = vec![Token::Side(t.by), Token::Pause];
            let piece = t.piece.chars().next().and_then(shakmaty::Piece::from_char);
            if let Some(piece) = piece {
                tokens.extend(colored_piece_tokens(piece));
            }
            if let Ok(square) = t.square.parse() {
                tokens.extend(square_tokens(square));
            }
            tokens.push(Token::Word(Word::Touched));
            tokens
        }
        (Entry::DrawOffer(p), _) => side(p.by, Word::DrawOffered),
        (Entry::DrawDecline(_), _) => vec![Token::Word(Word::DrawDeclined)],
        (Entry::DrawAccept(_), EntryEffect::DrawAccepted(outcome)) => {
            let mut tokens = vec![Token::Word(Word::DrawAccepted), Token::Pause];
            tokens.extend(outcome.tokens());
            tokens
        }
        (_, EntryEffect::Claimed(verdict)) => verdict.tokens(),
        (_, EntryEffect::Ended(outcome) | EntryEffect::ResultConfirmed(outcome)) => {
            let mut tokens = vec![Token::Word(Word::Result), Token::Pause];
            tokens.extend(outcome.tokens());
            tokens
        }
        (_, EntryEffect::Penalised(penalty)) => penalty.tokens(),
        (_, EntryEffect::Undone(played)) => {
            let mut tokens = vec![Token::Word(Word::TakenBack), Token::Pause];
            tokens.push(Token::Side(played.by));
            tokens
        }
        (Entry::Referred(r), _) => r.tokens(),
        (Entry::Dismissed(d), _) => d.tokens(),
        (Entry::Command(c), _) => c.tokens(),
        (Entry::Opponent(o), _) => o.tokens(),
        (Entry::Training(t), _) => t.tokens(),
        (Entry::Mode(m), _) => vec![Token::Word(Word::GoesOnIn), Token::Word(m.mode.word())],
        (Entry::ClockAdjustment(c), _) => clock_adjustment_tokens(c),
        (Entry::MoveCounter(m), _) => vec![
            Token::Word(Word::Clock),
            Token::Word(Word::Move),
            Token::Number(m.number),
        ],
        (Entry::Reopen(_), _) => vec![Token::Word(Word::GameReopened)],
        (Entry::Flag(f), _) => side(f.fallen, Word::FlagFell),
        _ => Vec::new(),
    };
    let detail = match entry {
        _ if tokens.is_empty() => Some(entry.kind().to_string()),
        Entry::Undo(u) => u.reason.clone(),
        Entry::ClockAdjustment(c) => (!c.reason.is_empty()).then(|| c.reason.clone()),
        Entry::Referred(r) => r.detail.clone(),
        Entry::Command(c) => Some(c.command.clone()),
        Entry::Opponent(o) => o.shown(),
        Entry::Training(t) => t.answer.clone(),
        Entry::IllegalMove(i) => i.detail.clone(),
        _ => None,
    };
    (tokens, detail)
}
