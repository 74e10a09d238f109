//! The opponent outside the board, in the session (see [`super::sources`]): its moves are
//! announced, completed at once (it pressed its own clock), recorded and followed on the pegs
//! as a relayed move is; our completed moves, offers and answers are told to it
//! ([`Effect::ToOpponent`]); its offers, clocks, takebacks, end and troubles are said and
//! recorded.

use std::time::Duration;

use shakmaty::Color;
use shakmaty::uci::UciMove;

use super::effect::{Effect, Shown};
use super::sources::{FromOpponent, MoveSource, OpponentOffer, OurRequest, Sources, ToOpponent};
use super::{Session, queries};
use crate::clock::{Adjust, ClockInput};
use crate::record::{Entry, OpponentEntry, ResultEntry};
use crate::speech::Priority;
use crate::words::{Token, Word};

impl Session {
    /// Who plays the other side from outside the board (a chess program, a remote opponent):
    /// its moves come from its port ([`super::Input::Opponent`]), ours go to it
    /// ([`Effect::ToOpponent`]). Attached before the greeting, which records it.
    pub fn attach_opponent(&mut self, opponent: OpponentEntry) {
        self.opponent = Some(opponent);
    }

    /// The opponent outside the board, if one is attached.
    pub fn opponent(&self) -> Option<&OpponentEntry> {
        self.opponent.as_ref()
    }

    /// Where each side's moves come from.
    pub fn sources(&self) -> Sources {
        let opponent = match &self.opponent {
            Some(o) => MoveSource::from(o.source),
            None => MoveSource::SightedPlayer {
                e_board: self.cycle.has_sighted_board(),
            },
        };
        let vi_side = match &self.opponent {
            Some(o) => !o.side,
            None => self.options.vi_side,
        };
        Sources::new(vi_side, opponent)
    }

    /// "neue Partie" was confirmed (at home against the chess program): once this game is
    /// left (its journal kept), the program starts another against the same program and
    /// level.
    pub fn new_game_asked(&self) -> bool {
        #[cfg(feature = "engine")]
        {
            self.another_game_asked()
        }
        #[cfg(not(feature = "engine"))]
        false
    }

    /// The opponent outside cannot move any more (a chess program that failed for good):
    /// its moves may be typed, as a sighted player's are.
    pub(super) fn outside_moves_typed(&self) -> bool {
        #[cfg(feature = "engine")]
        {
            self.engine_gone()
        }
        #[cfg(not(feature = "engine"))]
        false
    }

    /// The side an opponent outside the board plays, if one is attached.
    pub(super) fn outside_side(&self) -> Option<Color> {
        self.opponent.as_ref().map(|o| o.side)
    }

    /// Records the opponent attached, when the journal does not name it so already (a new
    /// game, a game resumed against another opponent or level).
    pub(super) fn record_opponent(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let Some(opponent) = self.opponent.clone() else {
            return;
        };
        if self.sheet.opponent(opponent.side) == Some(&opponent) {
            return;
        }
        if let Err(err) = self.record(Entry::Opponent(opponent), now, out) {
            out.push(Effect::Log(format!("the opponent was not recorded: {err}")));
        }
    }

    /// What the opponent outside tells the game.
    pub(super) fn heard_from_opponent(
        &mut self,
        event: FromOpponent,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        match event {
            FromOpponent::Joined { name, elo } => {
                if let Some(opponent) = &mut self.opponent {
                    opponent.name = name;
                    if opponent.source == crate::record::OpponentSource::Remote {
                        opponent.elo = elo;
                    }
                }
                self.record_opponent(now, out);
            }
            FromOpponent::Moved { uci, after } => self.opponent_moved(&uci, after, now, out),
            FromOpponent::Clocks { white, black } => self.outside_clocks(white, black, now, out),
            FromOpponent::Offer(offer) => self.opponent_offer(offer, now, out),
            FromOpponent::TookBack { plies } => self.taken_back_outside(plies, now, out),
            FromOpponent::Ended { outcome, why } => self.ended_outside(outcome, why, now, out),
            FromOpponent::Said {
                tokens,
                detail,
                priority,
            } => out.push(Effect::Say {
                printed: detail.map(|d| Shown::with(tokens.clone(), d)),
                tokens,
                priority,
                audience: super::Audience::Everyone,
            }),
            FromOpponent::Failed { tokens, detail } => {
                let mut said = tokens;
                said.extend([Token::Pause, Token::Word(Word::GameGoesOn)]);
                out.push(Effect::Say {
                    printed: detail.map(|d| Shown::with(said.clone(), d)),
                    tokens: said,
                    priority: Priority::Alert,
                    audience: super::Audience::Everyone,
                });
            }
            FromOpponent::Log(line) => out.push(Effect::Log(line)),
            #[cfg(feature = "engine")]
            FromOpponent::Engine(decision) => self.engine_decided(decision, now, out),
        }
    }

    /// The opponent outside moved: the move is made as a relayed move (announced, followed on
    /// the pegs) and completed at once.
    pub(super) fn opponent_moved(
        &mut self,
        uci: &str,
        after: usize,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let Some(side) = self.outside_side() else {
            out.push(Effect::Log(format!(
                "a move from an opponent's source ({uci}), but none plays here"
            )));
            return;
        };
        if after != self.game().history().len() || self.game().is_over() {
            out.push(Effect::Log(format!(
                "the opponent's move {uci} after {after} half-moves is for another position: passed over"
            )));
            return;
        }
        if self.game().turn() != side {
            out.push(Effect::Log(format!(
                "the opponent's move {uci} when it is not its turn: passed over"
            )));
            return;
        }
        let position = self.game().position().clone();
        let Some(m) = uci
            .parse::<UciMove>()
            .ok()
            .and_then(|parsed| parsed.to_move(&position).ok())
        else {
            out.push(Effect::urgent(vec![
                Token::Word(Word::OpponentMoveNotLegal),
                Token::Pause,
                Token::Word(Word::GameGoesOn),
            ]));
            out.push(Effect::Log(format!(
                "the opponent's move {uci} is not legal here"
            )));
            return;
        };
        if self.uncompleted == Some(!side) && self.clock_running() {
            // Ours was not completed yet (it is sent when it is): its clock press is owed.
            out.push(Effect::Log(format!(
                "the opponent's move {uci} before ours was completed: passed over"
            )));
            return;
        }
        self.uncompleted = None;
        self.make_and_follow(m, false, now, out);
        self.complete_outside_move(side, now, out);
    }

    /// The opponent's move just made is completed: it pressed its own clock.
    fn complete_outside_move(&mut self, side: Color, now: Duration, out: &mut Vec<Effect>) {
        if self.uncompleted != Some(side) {
            return;
        }
        if self.clock_running() {
            self.press_clock(now, out);
        } else {
            self.uncompleted = None;
        }
    }

    /// Our move was completed (by the clock, or made where there is none): the opponent
    /// outside is told, and a chess program asked for its reply.
    pub(super) fn our_move_completed(
        &mut self,
        mover: Color,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        if self.outside_side() != Some(!mover) {
            return;
        }
        let history = self.game().history();
        let Some(last) = history.last().filter(|m| m.by == mover) else {
            return;
        };
        out.push(Effect::ToOpponent(ToOpponent::Moved {
            uci: last.mv.to_uci(shakmaty::CastlingMode::Standard).to_string(),
            after: history.len() - 1,
        }));
        #[cfg(feature = "engine")]
        self.engine_to_move(now, out);
        #[cfg(not(feature = "engine"))]
        let _ = now;
    }

    /// An entry just recorded that the opponent outside must hear of: our offers, answers
    /// and resignation.
    pub(super) fn tell_opponent(&self, entry: &Entry, out: &mut Vec<Effect>) {
        let Some(theirs) = self.outside_side() else {
            return;
        };
        if self.hearing_outside {
            return;
        }
        let request = match entry {
            Entry::DrawOffer(p) if p.by != theirs => OurRequest::OfferDraw,
            Entry::DrawAccept(p) if p.by != theirs => OurRequest::AcceptDraw,
            Entry::DrawDecline(p) if p.by != theirs => OurRequest::DeclineDraw,
            Entry::Resign(p) if p.by != theirs => OurRequest::Resign,
            _ => return,
        };
        out.push(Effect::ToOpponent(ToOpponent::Request(request)));
    }

    /// The clocks as the outside keeps them.
    fn outside_clocks(
        &mut self,
        white: Duration,
        black: Duration,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let resuming = self.resumed_paused && self.plays_remote();
        if resuming {
            // A resumed online game: its clock is the server's, which ran all along; it goes
            // on with it, not with the first press.
            self.resumed_paused = false;
            if self.clock.as_ref().is_some_and(|c| c.clock().is_paused()) {
                self.clock_input(ClockInput::Resume, now, out);
            }
        }
        let Some(clock) = &mut self.clock else {
            return;
        };
        for (side, time) in [(Color::White, white), (Color::Black, black)] {
            let input = ClockInput::Adjust {
                side,
                change: Adjust::Set(time),
            };
            if let Err(refusal) = clock.handle(input, now) {
                out.push(Effect::Log(format!(
                    "the outside clock was not taken: {refusal}"
                )));
            }
        }
        if resuming {
            // The times as the server has them, in place of the old ones of the journal.
            out.push(Effect::say(clock.answer(crate::clock::Query::Both, now)));
        }
    }

    /// An offer, a request or an answer of the opponent outside.
    fn opponent_offer(&mut self, offer: OpponentOffer, now: Duration, out: &mut Vec<Effect>) {
        let Some(theirs) = self.outside_side() else {
            return;
        };
        match offer {
            OpponentOffer::DrawOffered => match self.record(Entry::offer_draw(theirs), now, out) {
                Ok(_) => out.push(Effect::say(vec![
                    Token::Side(theirs),
                    Token::Word(Word::DrawOffered),
                ])),
                Err(err) => out.push(Effect::Log(format!("the opponent's offer: {err}"))),
            },
            OpponentOffer::DrawDeclined => {
                if self.game().pending_draw_offer() == Some(!theirs)
                    && let Err(err) = self.record(Entry::decline_draw(theirs), now, out)
                {
                    out.push(Effect::Log(format!("the opponent's answer: {err}")));
                }
                out.push(Effect::say(vec![Token::Word(Word::DrawDeclined)]));
            }
            OpponentOffer::TakebackAsked => out.push(Effect::say(vec![
                Token::Side(theirs),
                Token::Word(Word::TakebackProposed),
            ])),
            OpponentOffer::TakebackDeclined => {
                out.push(Effect::say(vec![Token::Word(Word::TakebackDeclined)]))
            }
        }
    }

    /// Half-moves taken back outside: the game and the boards go back.
    pub(super) fn taken_back_outside(
        &mut self,
        plies: usize,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let plies = plies.min(self.game().history().len());
        if plies == 0 {
            return;
        }
        for _ in 0..plies {
            if let Err(err) = self.record(Entry::undo_because("takeback"), now, out) {
                out.push(Effect::say(err.tokens()));
                break;
            }
        }
        self.uncompleted = None;
        self.boards_follow_game(now, out);
        let mut tokens = vec![Token::Word(Word::TakenBack), Token::Pause];
        tokens.extend(queries::whose_move_tokens(self.game().position()));
        out.push(Effect::say(tokens));
        self.clock_to_the_side_to_move(now, out);
    }

    /// After a takeback, the clock runs for the side to move.
    fn clock_to_the_side_to_move(&mut self, now: Duration, out: &mut Vec<Effect>) {
        if !self.clock_running() {
            return;
        }
        let to_move = self.game().turn();
        let Some(clock) = &mut self.clock else { return };
        if clock.clock().running() != Some(to_move)
            && let Err(refusal) = clock.handle(ClockInput::Press(Some(!to_move)), now)
        {
            out.push(Effect::Log(format!(
                "the clock after the takeback: {refusal}"
            )));
        }
    }

    /// The game ended outside: recorded with its reason and said. A resignation and a
    /// fallen flag are recorded as such (the rules then give the result: a flag against a
    /// side that cannot mate is a draw, 6.9); any other end as decided there.
    fn ended_outside(
        &mut self,
        outcome: crate::game::GameOutcome,
        why: Vec<Token>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        use crate::game::EndReason;
        if self.game().is_over() {
            return;
        }
        let entry = match outcome.reason {
            EndReason::Resignation { by } => Entry::resign(by),
            EndReason::FlagFall { fallen } => Entry::flag(fallen),
            reason => Entry::Result(ResultEntry {
                result: outcome.result,
                reason: Some(reason),
            }),
        };
        let closes_itself = !matches!(entry, Entry::Result(_));
        self.hearing_outside = true;
        let recorded = self.record(entry, now, out);
        self.hearing_outside = false;
        match recorded {
            Ok(_) => {
                let tokens = if why.is_empty() {
                    self.game()
                        .outcome()
                        .map(|o| o.tokens())
                        .unwrap_or_default()
                } else {
                    why
                };
                out.push(Effect::urgent(tokens));
                if !closes_itself {
                    self.uncompleted = None;
                    self.stop_clock_at_the_end(now, out);
                    out.push(Effect::CloseRecord {
                        sheets: self.options.sheets.clone(),
                    });
                }
            }
            Err(err) => out.push(Effect::say(err.tokens())),
        }
    }
}
