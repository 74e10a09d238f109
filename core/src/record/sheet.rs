//! The scoresheet: the game rebuilt from journal entries, with what the PGN needs besides the
//! moves (clock times, notes on claims, penalties and clock changes).
//!
//! The live program and replay go through the same [`Scoresheet::apply`], so a game resumed
//! from its journal is the game that was played.

use std::fmt;

use shakmaty::{Color, Move, san::SanPlus, uci::UciMove};

use crate::game::{
    ClaimRefusal, ClaimVerdict, DrawOfferError, Game, GameError, GameOutcome, IllegalMovePenalty,
    MoveReport, PlayedMove,
};
use crate::lang::Speech;
use crate::words::{Token, Word};

use super::entry::{ClaimRecord, Entry, Header, PenaltyRecord};
use super::journal::JournalContents;

/// What the PGN shows after one ply besides the move.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlyNote {
    /// White's remaining time after the move, in milliseconds.
    pub white_ms: Option<u64>,
    /// Black's remaining time after the move, in milliseconds.
    pub black_ms: Option<u64>,
    /// Notes (claims, penalties, clock changes, moves taken back) made after this move.
    pub comments: Vec<Note>,
}

/// A note on the scoresheet, kept as words so that each sheet says it in its own language:
/// the words, the move it names (a move taken back) and a detail for the record (an
/// article of the Laws, what was done).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// What happened, in words.
    pub words: Vec<Token>,
    /// The move taken back, if the note is about one.
    pub taken_back: Option<SanPlus>,
    /// A detail in the record's own text ("6.10.2", "clock pressed without a move").
    pub detail: Option<String>,
}

impl Note {
    fn words(words: Vec<Token>) -> Note {
        Note {
            words,
            taken_back: None,
            detail: None,
        }
    }

    /// The note as text in `speech` (a language, or a language with its word set), moves
    /// written by `notation`: "zurückgenommen Sf3", "Weiß Uhr plus zwei Minuten (6.10.2)".
    pub fn text(&self, speech: impl Into<Speech>, notation: impl Fn(&SanPlus) -> String) -> String {
        let speech = speech.into();
        let mut text = speech.text(&self.words);
        if let Some(san) = &self.taken_back {
            text.push(' ');
            text.push_str(&notation(san));
        }
        if let Some(detail) = &self.detail {
            // An article is data; a detail in English words (written by hand or by an
            // earlier program) is said in the sheet's language where the tables have it.
            let detail = DETAIL_WORDS
                .iter()
                .find(|(english, _)| english.eq_ignore_ascii_case(detail.trim()))
                .map_or_else(
                    || detail.clone(),
                    |(_, word)| speech.text(&[Token::Word(*word)]),
                );
            text.push_str(&format!(" ({detail})"));
        }
        text
    }
}

/// Details a journal may hold in English words, and their words in the tables.
const DETAIL_WORDS: [(&str, Word); 2] = [
    ("arbiter", Word::Arbiter),
    (
        "clock pressed without a move",
        Word::ClockPressedWithoutMove,
    ),
];

impl PlyNote {
    /// The remaining time of the player who made the move.
    pub fn clock_of(&self, mover: Color) -> Option<u64> {
        match mover {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        }
    }
}

/// What an applied entry did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryEffect {
    /// A move was played.
    Moved(MoveReport),
    /// A draw was offered.
    DrawOffered(Color),
    /// A draw offer was accepted: the game is drawn.
    DrawAccepted(GameOutcome),
    /// A draw offer was declined.
    DrawDeclined(Color),
    /// A claim was examined.
    Claimed(ClaimVerdict),
    /// The game ended (resignation, flag, declared result).
    Ended(GameOutcome),
    /// An illegal move was penalised.
    Penalised(IllegalMovePenalty),
    /// A move was taken back.
    Undone(PlayedMove),
    /// A clock was adjusted (nothing changes in the game).
    ClockAdjusted,
    /// The clock was pressed: the move is completed (nothing changes in the game).
    Pressed(Color),
    /// A result entry confirmed the game's result.
    ResultConfirmed(GameOutcome),
    /// A piece was touched (noted for the arbiter; nothing changes in the game).
    Touched(Color),
    /// The end of the game was taken back; the outcome it had.
    Reopened(GameOutcome),
    /// Noted only, nothing changes in the game (a mode, a matter put to the arbiter).
    Noted,
}

/// An entry applied: the entry as it is to be written (with SAN, verdict or penalty filled
/// in), and its effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The complete entry, to be written to the journal.
    pub entry: Entry,
    /// What it did.
    pub effect: EntryEffect,
}

/// Why an entry could not be applied; the scoresheet is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// The move text is not a UCI move.
    #[error("'{0}' is not a move in UCI notation")]
    BadMoveText(String),
    /// A square or piece of an entry cannot be read.
    #[error("'{0}' is not a square or piece")]
    BadSquare(String),
    /// The game refused (illegal move, game over).
    #[error("{0}")]
    Game(#[from] GameError),
    /// The draw offer, acceptance or refusal was not possible.
    #[error("{0}")]
    Offer(#[from] DrawOfferError),
    /// The claim was refused.
    #[error("claim refused: {0}")]
    ClaimRefused(ClaimRefusal),
    /// There is no move to take back.
    #[error("no move to take back")]
    NothingToUndo,
    /// The game is not over: there is no end to take back.
    #[error("the game is not over")]
    NotOver,
    /// A header can only be the first line.
    #[error("a header can only be the first line")]
    HeaderNotFirst,
    /// The entry records something other than what the rules give now.
    #[error("the record says {recorded}, the rules give {computed}")]
    Mismatch {
        /// What the entry records.
        recorded: String,
        /// What applying it gave.
        computed: String,
    },
}

impl ApplyError {
    /// The refusal in words.
    pub fn tokens(&self) -> Vec<Token> {
        match self {
            ApplyError::BadMoveText(_) | ApplyError::BadSquare(_) => {
                vec![Token::Word(Word::NotUnderstood)]
            }
            ApplyError::Game(e) => e.tokens(),
            ApplyError::Offer(e) => e.tokens(),
            ApplyError::ClaimRefused(r) => r.tokens(),
            ApplyError::NothingToUndo | ApplyError::NotOver => {
                vec![Token::Word(Word::NothingToTakeBack)]
            }
            ApplyError::HeaderNotFirst => vec![Token::Word(Word::Error)],
            ApplyError::Mismatch { .. } => vec![Token::Word(Word::RecordDiffersFromRules)],
        }
    }
}

/// A journal entry that could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line} of the game file cannot be replayed: {error}")]
pub struct ReplayError {
    /// The line number in the journal.
    pub line: usize,
    /// Why.
    pub error: ApplyError,
}

impl ReplayError {
    /// The error in words: the line, and why the rules refuse it ("Partiedatei fehlerhaft in
    /// Zeile vierunddreißig, Zug nicht erlaubt").
    pub fn tokens(&self) -> Vec<Token> {
        let mut tokens = vec![
            Token::Word(Word::JournalBadLine),
            Token::Number(self.line as u32),
            Token::Pause,
        ];
        tokens.extend(self.error.tokens());
        tokens
    }
}

/// The reason of a move taken back because whoever typed it (an assistant relaying, D.2.10)
/// made a typing error, corrected before the clock.
pub const TYPING_CORRECTION: &str = "D.2.10";

/// The game with its header and the notes for the PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scoresheet {
    header: Header,
    game: Game,
    notes: Vec<PlyNote>,
    preamble: Vec<Note>,
    /// An assistant's typing error taken back (D.2.10), waiting for the move it corrects:
    /// the note goes with that move, as a correction of input, not as a take-back.
    correction: Option<Note>,
    /// A draw offered before the offerer's move (9.1.2.1) is noted where it was made, so that
    /// a game left or ended before that move keeps it; where the note stands (the ply it
    /// follows, `None` before the first move, and its place there). The offerer's move, which
    /// then carries the `(=)`, takes the note away again.
    offer_note: Option<(Option<usize>, usize)>,
    /// The mode the game goes on in (the header's, then the last mode entry's).
    mode: Option<crate::game::mode::Mode>,
    /// The game was in tournament mode and left it (issue 33): it stays marked.
    left_tournament: bool,
    /// Who plays each side from outside the board, as last recorded (White's, Black's).
    opponents: [Option<super::entry::OpponentEntry>; 2],
}

impl Scoresheet {
    /// A new scoresheet for the game the header describes (a bad start FEN is refused).
    pub fn new(header: Header) -> Result<Scoresheet, GameError> {
        let game = Game::from_fen(&header.start_fen)?.with_pace(header.pace);
        Ok(Scoresheet {
            mode: header.mode,
            left_tournament: false,
            opponents: [None, None],
            header,
            game,
            notes: Vec::new(),
            preamble: Vec::new(),
            correction: None,
            offer_note: None,
        })
    }

    /// The mode the game goes on in, as recorded (`None`: a journal older than the modes).
    pub fn mode(&self) -> Option<crate::game::mode::Mode> {
        self.mode
    }

    /// Who plays `side` from outside the board (a chess program, a remote opponent), as last
    /// recorded.
    pub fn opponent(&self, side: shakmaty::Color) -> Option<&super::entry::OpponentEntry> {
        self.opponents[side as usize].as_ref()
    }

    /// Whether the game left tournament mode at some point (recorded, never undone).
    pub fn left_tournament(&self) -> bool {
        self.left_tournament
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, taken out.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The notes, one per ply of the game score.
    pub fn notes(&self) -> &[PlyNote] {
        &self.notes
    }

    /// Notes made before the first move.
    pub fn preamble(&self) -> &[Note] {
        &self.preamble
    }

    /// Applies an entry. On error nothing changes.
    pub fn apply(&mut self, entry: &Entry) -> Result<Applied, ApplyError> {
        let mut next = self.clone();
        let applied = next.apply_in_place(entry)?;
        *self = next;
        Ok(applied)
    }

    /// The `result` line owed after `applied` when that entry ended the game (`was_over`:
    /// whether the game was over before it); `None` otherwise.
    pub fn result_entry_after(&self, was_over: bool, applied: &Entry) -> Option<Entry> {
        let outcome = self.game.outcome().copied()?;
        (!was_over && !matches!(applied, Entry::Result(_))).then_some(Entry::Result(
            super::entry::ResultEntry {
                result: outcome.result,
                reason: Some(outcome.reason),
            },
        ))
    }

    /// Applies an entry; on error the scoresheet may be half changed (replay stops anyway).
    fn apply_in_place(&mut self, entry: &Entry) -> Result<Applied, ApplyError> {
        if !matches!(entry, Entry::Move(_) | Entry::Press(_))
            && let Some(correction) = self.correction.take()
        {
            // No move followed the correction: it stays with the move before.
            self.note(correction);
        }
        let mut written = entry.clone();
        let effect = match &mut written {
            Entry::Header(_) => return Err(ApplyError::HeaderNotFirst),
            Entry::Move(m) => {
                let mv = self.parse_move(&m.uci)?;
                let report = self.game.play(mv)?;
                let san = report.played.san.to_string();
                check_recorded(&mut m.san, san, |s| s.is_empty())?;
                if report.played.draw_offer {
                    self.drop_offer_note();
                }
                self.notes.push(PlyNote {
                    white_ms: m.white_ms,
                    black_ms: m.black_ms,
                    comments: self.correction.take().into_iter().collect(),
                });
                EntryEffect::Moved(report)
            }
            Entry::DrawOffer(p) => {
                self.game.offer_draw(p.by)?;
                let marked = self
                    .game
                    .history()
                    .last()
                    .is_some_and(|last| last.by == p.by && last.draw_offer);
                if !marked {
                    // Offered before his move: noted now, until that move carries the (=).
                    self.note(Note::words(vec![
                        Token::Side(p.by),
                        Token::Word(Word::DrawOffered),
                    ]));
                    self.offer_note = Some(match self.notes.len().checked_sub(1) {
                        Some(ply) => (Some(ply), self.notes[ply].comments.len() - 1),
                        None => (None, self.preamble.len() - 1),
                    });
                }
                EntryEffect::DrawOffered(p.by)
            }
            Entry::DrawAccept(p) => EntryEffect::DrawAccepted(*self.game.accept_draw(p.by)?),
            Entry::DrawDecline(p) => {
                self.game.decline_draw(p.by)?;
                EntryEffect::DrawDeclined(p.by)
            }
            Entry::Claim(c) => {
                let intended = c
                    .intended
                    .as_deref()
                    .map(|u| self.parse_move(u))
                    .transpose()?;
                let verdict = if c.intended_played_with_claim {
                    self.game.claim_draw_playing_intended(c.by, intended)
                } else {
                    self.game.claim_draw(c.by, intended)
                };
                let record = match &verdict {
                    ClaimVerdict::Refused(refusal) => {
                        return Err(ApplyError::ClaimRefused(*refusal));
                    }
                    ClaimVerdict::Correct {
                        claim,
                        intended_played,
                        ..
                    } => {
                        if intended_played.is_some() {
                            self.notes.push(PlyNote::default());
                        }
                        ClaimRecord::Correct { claim: *claim }
                    }
                    ClaimVerdict::Incorrect { bonus, played, .. } => {
                        if played.is_some() {
                            self.notes.push(PlyNote::default());
                        }
                        ClaimRecord::Incorrect {
                            bonus_minutes: bonus.minutes,
                        }
                    }
                };
                check_recorded_option(&mut c.verdict, record)?;
                self.note(Note::words(verdict.tokens()));
                EntryEffect::Claimed(verdict)
            }
            Entry::Resign(p) => EntryEffect::Ended(*self.game.resign(p.by)?),
            Entry::Flag(f) => EntryEffect::Ended(*self.game.flag(f.fallen)?),
            Entry::IllegalMove(i) => {
                let penalty = self.game.illegal_move(i.by)?;
                let record = match &penalty {
                    IllegalMovePenalty::TimeBonus { bonus, .. } => PenaltyRecord::TimeBonus {
                        minutes: bonus.minutes,
                    },
                    IllegalMovePenalty::GameOver { outcome, .. } => PenaltyRecord::GameOver {
                        result: outcome.result,
                    },
                };
                check_recorded_option(&mut i.penalty, record)?;
                self.note(Note {
                    detail: i.detail.clone(),
                    ..Note::words(penalty.tokens())
                });
                EntryEffect::Penalised(penalty)
            }
            Entry::Undo(u) => {
                let undone = self.game.undo().ok_or(ApplyError::NothingToUndo)?;
                // The notes move: an offer's note made before stays as it is.
                self.offer_note = None;
                let uci = undone
                    .mv
                    .to_uci(shakmaty::CastlingMode::Standard)
                    .to_string();
                check_recorded_option(&mut u.undone, uci)?;
                // Notes made after the move stay in the record, on the move before it, and
                // the move taken back is noted there too.
                let note = self.notes.pop().unwrap_or_default();
                for comment in note.comments {
                    self.note(comment);
                }
                if u.reason.as_deref() == Some(TYPING_CORRECTION) {
                    // D.2.10: the assistant's typing error is a correction of the input, noted
                    // on the move that corrects it: "input corrected, first entered Ng4".
                    self.correction = Some(Note {
                        taken_back: Some(undone.san),
                        detail: u.reason.clone(),
                        ..Note::words(vec![
                            Token::Word(Word::EntryCorrected),
                            Token::Pause,
                            Token::Word(Word::FirstEntered),
                        ])
                    });
                } else {
                    self.note(Note {
                        taken_back: Some(undone.san),
                        detail: u.reason.clone(),
                        ..Note::words(vec![Token::Word(Word::TakenBack)])
                    });
                }
                EntryEffect::Undone(undone)
            }
            Entry::ClockAdjustment(c) => {
                self.note(Note {
                    detail: (!c.reason.is_empty()).then(|| c.reason.clone()),
                    ..Note::words(clock_adjustment_tokens(c))
                });
                EntryEffect::ClockAdjusted
            }
            Entry::Press(p) => {
                // The times belong to the move just completed, when it is the presser's.
                if self.game.history().last().is_some_and(|m| m.by == p.by)
                    && let Some(note) = self.notes.last_mut()
                {
                    note.white_ms = p.white_ms.or(note.white_ms);
                    note.black_ms = p.black_ms.or(note.black_ms);
                }
                EntryEffect::Pressed(p.by)
            }
            Entry::Result(r) => match self.game.outcome().copied() {
                Some(outcome) => {
                    check_recorded(&mut r.result, outcome.result, |_| false)?;
                    check_recorded_option(&mut r.reason, outcome.reason)?;
                    EntryEffect::ResultConfirmed(outcome)
                }
                None => {
                    // The arbiter's decision, or a result decided outside with its reason
                    // (an online game's end).
                    let reason = r.reason.unwrap_or(crate::game::EndReason::Arbiter);
                    let outcome = *self.game.declare_outcome(r.result, reason)?;
                    check_recorded_option(&mut r.reason, outcome.reason)?;
                    EntryEffect::Ended(outcome)
                }
            },
            Entry::MoveCounter(m) => {
                let tokens = [
                    Token::Word(Word::Clock),
                    Token::Word(Word::Move),
                    Token::Number(m.number),
                ];
                self.note(Note::words(tokens.to_vec()));
                EntryEffect::ClockAdjusted
            }
            Entry::Reopen(r) => {
                let ended = self.game.reopen().ok_or(ApplyError::NotOver)?;
                let mut tokens = vec![Token::Word(Word::GameReopened), Token::Pause];
                tokens.extend(ended.tokens());
                self.note(Note {
                    detail: (!r.reason.is_empty()).then(|| r.reason.clone()),
                    ..Note::words(tokens)
                });
                EntryEffect::Reopened(ended)
            }
            Entry::Mode(m) => {
                use crate::game::mode::Mode;
                if self.mode == Some(Mode::Tournament) && m.mode != Mode::Tournament {
                    self.left_tournament = true;
                }
                self.mode = Some(m.mode);
                let mut tokens = vec![Token::Word(Word::GoesOnIn)];
                tokens.push(Token::Word(m.mode.word()));
                self.note(Note::words(tokens));
                EntryEffect::Noted
            }
            // Kept in the journal only, for the arbiter: no note of the game score.
            Entry::Command(_) => EntryEffect::Noted,
            // The player's name of the side (the PGN's tag), not a note.
            Entry::Opponent(o) => {
                self.opponents[o.side as usize] = Some(o.clone());
                EntryEffect::Noted
            }
            Entry::Training(t) => {
                // A takeback is noted by its undo entries.
                if let Some(word) = t.help.word() {
                    self.note(Note {
                        detail: t.answer.clone(),
                        ..Note::words(vec![Token::Side(t.by), Token::Word(word)])
                    });
                }
                EntryEffect::Noted
            }
            Entry::Referred(r) => {
                self.note(Note {
                    detail: r.detail.clone(),
                    ..Note::words(r.tokens())
                });
                EntryEffect::Noted
            }
            Entry::Dismissed(d) => {
                self.note(Note::words(d.tokens()));
                EntryEffect::Noted
            }
            Entry::Touch(t) => {
                // Checked, then kept in the journal only: a touch is for the arbiter's ruling
                // on touch-move (D.2.10.5), no note of the game score (nor PGN prose).
                t.square
                    .parse::<shakmaty::Square>()
                    .map_err(|_| ApplyError::BadSquare(t.square.clone()))?;
                t.piece
                    .chars()
                    .next()
                    .and_then(shakmaty::Piece::from_char)
                    .ok_or_else(|| ApplyError::BadSquare(t.piece.clone()))?;
                EntryEffect::Touched(t.by)
            }
        };
        Ok(Applied {
            entry: written,
            effect,
        })
    }

    fn parse_move(&self, uci: &str) -> Result<Move, ApplyError> {
        let parsed: UciMove = uci
            .parse()
            .map_err(|_| ApplyError::BadMoveText(uci.to_string()))?;
        parsed.to_move(self.game.position()).map_err(|_| {
            ApplyError::Game(GameError::IllegalMove {
                uci: uci.to_string(),
            })
        })
    }

    /// The note of a draw offered before the offerer's move goes: that move carries the
    /// offer's `(=)` now.
    fn drop_offer_note(&mut self) {
        let Some((ply, index)) = self.offer_note.take() else {
            return;
        };
        let list = match ply {
            Some(ply) => self.notes.get_mut(ply).map(|note| &mut note.comments),
            None => Some(&mut self.preamble),
        };
        if let Some(list) = list
            && list
                .get(index)
                .is_some_and(|note| note.words.get(1) == Some(&Token::Word(Word::DrawOffered)))
        {
            list.remove(index);
        }
    }

    /// Attaches a note to the last ply, or before the first move.
    fn note(&mut self, note: Note) {
        match self.notes.last_mut() {
            Some(ply) => ply.comments.push(note),
            None => self.preamble.push(note),
        }
    }
}

/// Checks a recorded derived value against the computed one, or fills it in when absent.
fn check_recorded<T: PartialEq + fmt::Debug>(
    slot: &mut T,
    computed: T,
    absent: impl Fn(&T) -> bool,
) -> Result<(), ApplyError> {
    if absent(slot) {
        *slot = computed;
        Ok(())
    } else if *slot == computed {
        Ok(())
    } else {
        Err(ApplyError::Mismatch {
            recorded: format!("{slot:?}"),
            computed: format!("{computed:?}"),
        })
    }
}

fn check_recorded_option<T: PartialEq + fmt::Debug>(
    slot: &mut Option<T>,
    computed: T,
) -> Result<(), ApplyError> {
    match slot {
        None => {
            *slot = Some(computed);
            Ok(())
        }
        Some(recorded) if *recorded == computed => Ok(()),
        Some(recorded) => Err(ApplyError::Mismatch {
            recorded: format!("{recorded:?}"),
            computed: format!("{computed:?}"),
        }),
    }
}

/// A clock changed by hand or by a penalty, in words: "Weiß Uhr plus zwei Minuten".
pub fn clock_adjustment_tokens(c: &super::entry::ClockAdjustmentEntry) -> Vec<Token> {
    let mut tokens = vec![Token::Side(c.side), Token::Word(Word::Clock)];
    match c.set_ms {
        Some(set) => {
            tokens.push(Token::Word(Word::ClockSet));
            tokens.extend(duration_tokens(set));
        }
        None => {
            tokens.push(Token::Word(if c.delta_ms < 0 {
                Word::Minus
            } else {
                Word::Plus
            }));
            tokens.extend(duration_tokens(c.delta_ms.unsigned_abs()));
        }
    }
    tokens
}

/// A duration in words: hours, minutes and seconds that are not zero ("two minutes").
pub fn duration_tokens(ms: u64) -> Vec<Token> {
    let seconds = ms / 1000;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    let mut out = Vec::with_capacity(3);
    if h > 0 {
        out.push(Token::Hours(h as u32));
    }
    if m > 0 {
        out.push(Token::Minutes(m as u32));
    }
    if s > 0 || out.is_empty() {
        out.push(Token::Seconds(s as u32));
    }
    out
}

/// Rebuilds the scoresheet, and so the exact game, from a journal's contents.
pub fn replay(contents: &JournalContents) -> Result<Scoresheet, ReplayError> {
    let mut sheet = Scoresheet::new(contents.header.clone()).map_err(|e| ReplayError {
        line: 1,
        error: ApplyError::Game(e),
    })?;
    for line in &contents.entries {
        sheet
            .apply_in_place(&line.entry)
            .map_err(|error| ReplayError {
                line: line.line,
                error,
            })?;
    }
    Ok(sheet)
}
