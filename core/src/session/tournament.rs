//! Tournament mode (issue 33): the help Annex D allows and no more. Article 11.3.2 forbids
//! any device the arbiter has not approved; the VI player may have a talking clock (D.2.6.1),
//! a recording device (D.2.7) and two boards kept in agreement (D.2.9), nothing a sighted
//! player would not know. So in this mode:
//!
//! - a move is given no verdict before it is completed: an illegal move on the pegs is said
//!   as the pegs show it (as a sighted player sees his own board), a typed or said one as
//!   announced; the clock press completes it (7.5.1: "An illegal move is completed once the
//!   player has pressed his clock"), and then it is recorded, said to both players, the
//!   clocks are stopped for the arbiter (6.11) and the penalty of 7.5.3 is proposed to him,
//!   which he confirms ("Schiedsrichter regelwidrig") or not ("Schiedsrichter weiter");
//! - touch-move is not enforced on the pegs: both players' touches are recorded for the
//!   arbiter's ruling (4.3, 4.8);
//! - a claim (9.2, 9.3) is recorded and put to the arbiter, the clocks stopped (9.5.1); the
//!   program's reading of the position is shown on the screen for the arbiter only, never
//!   said; the arbiter has it judged by the rules ("Schiedsrichter Reklamation") or decides
//!   otherwise.
//!
//! Each help beyond that which the organiser allows (D.1, `AllowedHelp`) gives back the home
//! behaviour for it. The mode is in the journal's header; a game resumed in another mode records it
//! ([`crate::record::ModeEntry`]), and a game that left tournament mode stays marked.

use std::time::Duration;

use shakmaty::Color;

use super::{Effect, Session, Shown, queries};
use crate::clock::ClockInput;
use crate::command::{ArbiterAction, Command};
use crate::game::mode::{AllowedHelp, Mode};
use crate::notation::ParseError;
use crate::record::{
    CommandEntry, CommandSource, DismissedEntry, Entry, Matter, ModeEntry, ReferredEntry, sheet,
};
use crate::words::{Token, Word};

/// A matter before the arbiter, waiting for his decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Referral {
    /// The player concerned.
    pub by: Color,
    /// What it is.
    pub matter: Matter,
    /// The illegal move (UCI or the text typed), or the claim's intended move as typed.
    pub detail: Option<String>,
}

/// The matter a journal leaves before the arbiter, if any: the last one put to him that no
/// later line closed (his ruling on it: the penalty of that player's illegal move, that
/// player's claim judged, or a dismissal), as the session that wrote the journal held it. A
/// game resumed from its journal holds it before him again.
pub(super) fn open_referral<'a>(entries: impl IntoIterator<Item = &'a Entry>) -> Option<Referral> {
    let mut open: Option<Referral> = None;
    for entry in entries {
        let closes = |matter: Matter, by: Color| {
            open.as_ref()
                .is_some_and(|r| r.matter == matter && r.by == by)
        };
        match entry {
            Entry::Referred(r) => {
                open = Some(Referral {
                    by: r.by,
                    matter: r.matter,
                    detail: r.detail.clone(),
                })
            }
            Entry::IllegalMove(i) if closes(Matter::IllegalMove, i.by) => open = None,
            Entry::Claim(c) if closes(Matter::Claim, c.by) => open = None,
            Entry::Dismissed(_) => open = None,
            // A take-back (the arbiter's ruling on 4.4.2, or his own) ends that matter.
            Entry::Undo(_)
                if open
                    .as_ref()
                    .is_some_and(|r| r.matter == Matter::CastlingAfterRook) =>
            {
                open = None
            }
            _ => {}
        }
    }
    open
}

/// What was said from `start` on, for everyone, is for both players and the arbiter to hear
/// aloud (a matter put to the arbiter, his ruling): [`Audience::Aloud`](super::Audience::Aloud).
fn aloud_from(out: &mut Vec<Effect>, start: usize) {
    let said = out.split_off(start.min(out.len()));
    out.extend(Effect::aloud(said));
}

/// "Turm Hector eins, berührt, geführt": the rook touched first must move (4.4.2, 4.3.1).
fn rook_must_move(rook: shakmaty::Square) -> Vec<Token> {
    let mut tokens = vec![Token::Piece(shakmaty::Role::Rook)];
    tokens.extend(crate::words::square_tokens(rook));
    tokens.extend([Token::Pause, Token::Word(Word::TouchMove)]);
    tokens
}

/// Whether a move typed was refused for a rule of play (a move no rule allows), not for
/// its words: in tournament mode such a move is taken as announced, and judged only when the
/// clock completes it.
pub(super) fn is_illegal_attempt(err: &ParseError) -> bool {
    matches!(
        err,
        ParseError::NoPieceCanReach { .. }
            | ParseError::NoPieceThere(_)
            | ParseError::NotYourPiece(_)
            | ParseError::Illegal { .. }
            | ParseError::NoPromotionHere
            | ParseError::CastlingNotLegal(_)
    )
}

impl Session {
    /// Whether the game is played in tournament mode.
    pub fn tournament(&self) -> bool {
        self.options.mode == Mode::Tournament
    }

    /// Tournament mode without the organiser's leave to check moves (D.1): no verdict on a
    /// move before the clock completes it.
    pub(super) fn withholds_verdict(&self) -> bool {
        self.tournament() && !self.options.allowed_help.contains(&AllowedHelp::Legality)
    }

    /// Tournament mode without the organiser's leave to judge claims (D.1): claims go to the
    /// arbiter.
    pub(super) fn refers_claims(&self) -> bool {
        self.tournament() && !self.options.allowed_help.contains(&AllowedHelp::Claims)
    }

    /// What is before the arbiter, in words ("Weiß hat einen regelwidrigen Zug
    /// abgeschlossen, der Schiedsrichter entscheidet"), if anything.
    pub(super) fn referral_tokens(&self) -> Option<Vec<Token>> {
        self.referral.as_ref().map(|r| {
            ReferredEntry {
                by: r.by,
                matter: r.matter,
                detail: None,
            }
            .tokens()
        })
    }

    /// A move typed or said that no rule allows, in tournament mode: taken as announced
    /// ("Weiß angesagt", printed with the text), with no verdict; the clock press completes it.
    pub(super) fn illegal_typed(&mut self, text: &str, out: &mut Vec<Effect>) {
        let by = self.game().turn();
        self.typed_illegal = Some((by, text.trim().to_string()));
        // Said "Weiß angesagt", printed with what was typed.
        out.push(Effect::say_with(
            vec![Token::Side(by), Token::Word(Word::Announced)],
            text.trim(),
        ));
    }

    /// The move the clock press would complete as an illegal one: typed, shown on the pegs,
    /// or shown on the sighted player's e-board.
    pub(super) fn illegal_attempt(&self) -> Option<(Color, String)> {
        if !self.withholds_verdict() || self.uncompleted.is_some() || self.game().is_over() {
            return None;
        }
        if let Some(typed) = &self.typed_illegal
            && typed.0 == self.game().turn()
        {
            return Some(typed.clone());
        }
        let game = self.cycle_game();
        if let Some((_, from, to)) = self.cycle.illegal_e_board_way(&game) {
            // The sighted player's way on his e-board.
            return Some((!self.options.vi_side, format!("{from}{to}")));
        }
        let (_, from, to) = self.cycle.illegal_way(&game)?;
        Some((self.options.vi_side, format!("{from}{to}")))
    }

    /// 7.5.1: the illegal move is completed by the press. It is recorded and said to both
    /// players; the clocks stop for the arbiter (6.11), and the penalty the Laws give
    /// (7.5.3, 7.5.5) is proposed to him with the command that confirms it. The position
    /// before it stands: the boards are to show it again.
    pub(super) fn complete_illegal(
        &mut self,
        by: Color,
        detail: String,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let start = out.len();
        self.complete_illegal_said(by, detail, now, out);
        aloud_from(out, start);
    }

    fn complete_illegal_said(
        &mut self,
        by: Color,
        detail: String,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        self.typed_illegal = None;
        let referred = ReferredEntry {
            by,
            matter: Matter::IllegalMove,
            detail: Some(detail.clone()),
        };
        let Some(mut tokens) = self.refer(referred, now, out) else {
            return;
        };
        let mut trial = self.game().clone();
        if let Ok(penalty) = trial.illegal_move(by) {
            tokens.extend([
                Token::Pause,
                Token::Word(Word::ProposedToArbiter),
                Token::Pause,
            ]);
            tokens.extend(penalty.tokens());
            tokens.push(Token::Pause);
            tokens.extend(
                Command::Arbiter(ArbiterAction::IllegalMove(None)).tokens(self.options.lang),
            );
            tokens.push(Token::Word(Word::ConfirmsIt));
        }
        out.push(Effect::say(tokens));
        self.referral = Some(Referral {
            by,
            matter: Matter::IllegalMove,
            detail: Some(detail),
        });
        self.uncompleted = None;
        // Completed, the move is judged: the pegs are told what to put back, as at home.
        self.cycle.set_tournament(false);
        self.boards_follow_game(now, out);
        self.cycle.set_tournament(true);
        if by != self.options.vi_side {
            // The sighted player's e-board: its squares to put back are shown.
            let steps = self.cycle.e_board_way_completed(&self.cycle_game());
            self.carry_out(steps, now, out);
        }
    }

    /// A claim in tournament mode: recorded and put to the arbiter, the clocks stopped
    /// (9.5.1); the program's reading is shown for the arbiter, not said.
    pub(super) fn refer_claim(
        &mut self,
        by: Color,
        intended: Option<shakmaty::Move>,
        intended_text: Option<String>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let referred = ReferredEntry {
            by,
            matter: Matter::Claim,
            detail: intended.map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
        };
        let start = out.len();
        let referred = self.refer(referred, now, out);
        if let Some(tokens) = &referred {
            out.push(Effect::say(tokens.clone()));
        }
        aloud_from(out, start);
        if referred.is_none() {
            return;
        }
        let mut trial = self.game().clone();
        let verdict = trial.claim_draw(by, intended);
        let mut reading = vec![Token::Word(Word::ProgramReading), Token::Pause];
        reading.extend(verdict.tokens());
        out.push(Effect::Show(Shown {
            tokens: reading,
            detail: None,
        }));
        self.referral = Some(Referral {
            by,
            matter: Matter::Claim,
            detail: intended_text,
        });
    }

    /// Records a matter as put to the arbiter and stops the clocks for him (6.11, 9.5.1);
    /// what is to be said of it, or `None` when it could not be recorded (said why).
    fn refer(
        &mut self,
        referred: ReferredEntry,
        now: Duration,
        out: &mut Vec<Effect>,
    ) -> Option<Vec<Token>> {
        let tokens = referred.tokens();
        if let Err(err) = self.record(Entry::Referred(referred), now, out) {
            out.push(Effect::say(err.tokens()));
            return None;
        }
        if self.clock_running() {
            self.clock_input(ClockInput::Pause, now, out);
        }
        Some(tokens)
    }

    /// Records a command given, questions too, for the arbiter (tournament mode): who asked
    /// what, and when, is in the record.
    pub(super) fn record_command(
        &mut self,
        command: &Command,
        source: super::Source,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let lang = self.options.lang;
        let entry = Entry::Command(CommandEntry {
            source: match source {
                super::Source::Keyboard => CommandSource::Keyboard,
                super::Source::Microphone => CommandSource::Microphone,
                super::Source::PegBoardKey => CommandSource::PegBoardKey,
            },
            command: lang.text(&command.tokens(lang)),
        });
        if let Err(err) = self.record(entry, now, out) {
            out.push(Effect::Log(format!("the command was not recorded: {err}")));
        }
    }

    /// The arbiter confirms the illegal move put to him: the penalty applies (7.5.3, 7.5.5);
    /// `false` when none is before him (the command then has its ordinary meaning).
    pub(super) fn confirm_illegal(
        &mut self,
        side: Option<Color>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) -> bool {
        let Some(referral) = self.referral.take_if(|r| {
            matches!(r.matter, Matter::IllegalMove | Matter::CastlingAfterRook)
                && side.is_none_or(|s| s == r.by)
        }) else {
            return false;
        };
        let start = out.len();
        match referral.matter {
            Matter::CastlingAfterRook => self.take_back_castling(now, out),
            _ => self.penalise(referral.by, referral.detail, now, out),
        }
        aloud_from(out, start);
        true
    }

    /// 4.4.2, completed: castling after its rook was touched first. The castling is a move
    /// of the game (legal by Article 3) until the arbiter rules: recorded and said to both
    /// players, the clocks stopped for him (6.11), the ruling of 4.4.2 proposed (the castling
    /// taken back, the rook must move, 4.3.1), which he confirms ("Schiedsrichter
    /// regelwidrig") or not ("Schiedsrichter weiter").
    pub(super) fn refer_castling_after_rook(
        &mut self,
        mover: Color,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let Some((castle, rook)) = self.cycle.take_castled_after_rook() else {
            return;
        };
        let last = self.game().history().last().map(|p| (p.by, p.mv));
        if !self.withholds_verdict()
            || mover != self.options.vi_side
            || last != Some((mover, castle))
        {
            return;
        }
        let detail = castle.to_uci(shakmaty::CastlingMode::Standard).to_string();
        let referred = ReferredEntry {
            by: mover,
            matter: Matter::CastlingAfterRook,
            detail: Some(detail.clone()),
        };
        let start = out.len();
        let Some(mut tokens) = self.refer(referred, now, out) else {
            aloud_from(out, start);
            return;
        };
        tokens.extend([
            Token::Pause,
            Token::Word(Word::ProposedToArbiter),
            Token::Pause,
            Token::Word(Word::TakenBack),
            Token::Pause,
        ]);
        tokens.extend(rook_must_move(rook));
        tokens.push(Token::Pause);
        tokens.extend(Command::Arbiter(ArbiterAction::IllegalMove(None)).tokens(self.options.lang));
        tokens.push(Token::Word(Word::ConfirmsIt));
        out.push(Effect::say(tokens));
        aloud_from(out, start);
        self.referral = Some(Referral {
            by: mover,
            matter: Matter::CastlingAfterRook,
            detail: Some(detail),
        });
    }

    /// The arbiter confirms the ruling of 4.4.2: the castling is taken back (recorded with
    /// the article), the clocks set as recorded before it, and the rook must move (4.3.1).
    fn take_back_castling(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let rook = self.game().history().last().and_then(|p| match p.mv {
            shakmaty::Move::Castle { rook, .. } => Some(rook),
            _ => None,
        });
        self.go_back(1, "4.4.2", now, out);
        if let Some(rook) = rook {
            out.push(Effect::say(rook_must_move(rook)));
        }
    }

    /// Records a completed illegal move of `side` and applies its penalty.
    pub(super) fn penalise(
        &mut self,
        side: Color,
        detail: Option<String>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        match self.record(Entry::illegal_move(side, detail), now, out) {
            Ok(applied) => {
                let position = self.game().position().clone();
                let mut tokens = vec![Token::Word(Word::TakenBack), Token::Pause];
                tokens.extend(queries::whose_move_tokens(&position));
                out.push(Effect::say(tokens));
                if let sheet::EntryEffect::Penalised(penalty) = &applied.effect {
                    out.push(Effect::say(penalty.tokens()));
                    if !self.game().is_over() {
                        self.set_clock_to_the_game(None, now, out);
                    }
                    if let Some(bonus) = penalty.bonus() {
                        self.give_time(bonus.to, bonus.minutes, "7.5.3", now, out);
                    }
                }
            }
            Err(err) => out.push(Effect::say(err.tokens())),
        }
    }

    /// The arbiter has the claim put to him judged by the rules (9.2, 9.3, 9.5).
    pub(super) fn arbiter_judges_claim(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let Some(referral) = self.referral.take_if(|r| r.matter == Matter::Claim) else {
            out.push(Effect::say(vec![Token::Word(Word::NothingReferred)]));
            return;
        };
        let start = out.len();
        self.judge_claim(referral.detail, Some(referral.by), now, out);
        aloud_from(out, start);
    }

    /// The arbiter lets play go on without ruling on what was put to him: recorded (the
    /// journal shows the matter closed) and said.
    pub(super) fn dismiss_referral(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let Some(referral) = self.referral.take() else {
            return;
        };
        let dismissed = DismissedEntry {
            by: referral.by,
            matter: referral.matter,
        };
        let tokens = dismissed.tokens();
        if let Err(err) = self.record(Entry::Dismissed(dismissed), now, out) {
            // Not recorded: the matter stays before the arbiter.
            self.referral = Some(referral);
            out.push(Effect::say(err.tokens()));
            return;
        }
        out.extend(Effect::aloud([Effect::say(tokens)]));
    }

    /// A game resumed in another mode than it was recorded in: the change is recorded (and a
    /// game that left tournament mode stays marked); said in words.
    pub(super) fn record_mode(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let mode = self.options.mode;
        // A journal older than the modes was played with every help, as at home.
        if self.sheet.mode().unwrap_or(Mode::Home) == mode {
            return;
        }
        if let Err(err) = self.record(Entry::Mode(ModeEntry { mode }), now, out) {
            out.push(Effect::say(err.tokens()));
            return;
        }
        out.push(Effect::say(vec![
            Token::Word(Word::GoesOnIn),
            Token::Word(mode.word()),
        ]));
    }
}
