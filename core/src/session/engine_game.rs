//! A game against a chess program at home (issue 31, feature `engine`): when the program is
//! to move it is asked for its move at its level, within its share of its clock
//! ([`crate::engine::think_time`]); its move comes back as the opponent's move
//! ([`super::opponent`]); its failure is said in words and the game kept.

use std::time::Duration;

use crate::engine::{
    Decision, Fault, Found, Offers, Order, Purpose, SearchPosition, SearchRequest, Strength,
    ThinkClock, think_time,
};
use crate::record::OpponentSource;
use crate::speech::Priority;
use crate::words::{Token, Word};

use super::Session;
use super::effect::{Effect, Shown};
use super::sources::ToOpponent;

/// What the session keeps of the chess program.
#[derive(Debug, Clone, Default)]
pub(super) struct EngineState {
    /// What it offers to weaken itself (known once it is ready).
    offers: Offers,
    /// It said it is ready; requests made before are queued by its conversation.
    ready: bool,
    /// Its move was asked for in the position after this many half-moves.
    asked_after: Option<usize>,
    /// The next search is the first of a game (`ucinewgame`).
    new_game: bool,
    /// It failed; nothing is asked of it until it is started again.
    failed: bool,
}

impl Session {
    /// The chess program plays a side here.
    pub(super) fn against_program(&self) -> bool {
        self.opponent
            .as_ref()
            .is_some_and(|o| o.source == OpponentSource::Program)
    }

    /// The level the chess program plays at.
    fn engine_strength(&self) -> Strength {
        match self.opponent.as_ref().and_then(|o| o.elo) {
            Some(elo) => Strength::for_elo(elo, &self.engine.offers),
            None => Strength::full(&self.engine.offers),
        }
    }

    /// A search of the game's position (from its start, with its moves).
    fn search_request(&self, purpose: Purpose, think: Option<Duration>) -> Option<SearchRequest> {
        let start = self.game().position_at(0)?;
        let moves: Vec<_> = self.game().history().iter().map(|p| p.mv).collect();
        let position = SearchPosition::new(start, &moves).ok()?;
        Some(SearchRequest {
            purpose,
            position,
            strength: self.engine_strength(),
            think,
            new_game: false,
        })
    }

    /// When it is the chess program's move, asks for it (once for each position).
    pub(super) fn engine_to_move(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let Some(side) = self.outside_side() else {
            return;
        };
        let plies = self.game().history().len();
        if !self.against_program()
            || self.engine.failed
            || self.game().is_over()
            || self.game().turn() != side
            || self.engine.asked_after == Some(plies)
        {
            return;
        }
        let think = think_time(
            self.clock
                .as_ref()
                .and_then(|c| ThinkClock::of(c.clock(), side, now))
                .as_ref(),
        );
        let Some(mut request) = self.search_request(Purpose::Play, Some(think)) else {
            out.push(Effect::Log(
                "the game's moves cannot be given to the engine".into(),
            ));
            return;
        };
        request.new_game = std::mem::take(&mut self.engine.new_game);
        self.engine.asked_after = Some(plies);
        out.push(Effect::ToOpponent(ToOpponent::Engine(Order::Search(
            Box::new(request),
        ))));
    }

    /// What the chess program decided.
    pub(super) fn engine_decided(
        &mut self,
        decision: Decision,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        match decision {
            Decision::Ready { name, offers } => {
                self.engine.offers = offers;
                self.engine.ready = true;
                self.engine.failed = false;
                if let Some(opponent) = &mut self.opponent {
                    opponent.name = name.clone();
                }
                self.record_opponent(now, out);
                out.push(Effect::Say {
                    tokens: vec![Token::Word(Word::EngineReady)],
                    priority: Priority::Move,
                    audience: super::Audience::Everyone,
                    printed: Some(Shown::with(vec![Token::Word(Word::EngineReady)], name)),
                });
                // A search asked before it was ready waits in its conversation; a search not
                // asked yet (a new game with the program to move) is asked now.
                self.engine_to_move(now, out);
            }
            Decision::Found(found) => self.engine_found(found, now, out),
            Decision::Failed(fault) => self.engine_failed(&fault, out),
        }
    }

    /// A search of the chess program is over.
    fn engine_found(&mut self, found: Found, now: Duration, out: &mut Vec<Effect>) {
        match found.purpose {
            Purpose::Play => {
                let plies = self.game().history().len();
                if self.engine.asked_after != Some(plies)
                    || &found.position != self.game().position()
                {
                    out.push(Effect::Log(
                        "the engine's move for another position: passed over".into(),
                    ));
                    return;
                }
                self.engine.asked_after = None;
                let Some(best) = found.best else {
                    // No move: the game is over (mate, stalemate), which the game says.
                    return;
                };
                let uci = best.to_uci(shakmaty::CastlingMode::Standard).to_string();
                self.opponent_moved(&uci, plies, now, out);
            }
            other => out.push(Effect::Log(format!(
                "an engine's answer not asked for: {other:?}"
            ))),
        }
    }

    /// The chess program failed: said in words; the game is kept.
    fn engine_failed(&mut self, fault: &Fault, out: &mut Vec<Effect>) {
        self.engine.failed = true;
        self.engine.ready = false;
        self.engine.asked_after = None;
        let mut tokens = fault.tokens();
        tokens.extend([Token::Pause, Token::Word(Word::GameGoesOn)]);
        let detail = match fault {
            Fault::Garbage(line) => Some(line.clone()),
            _ => None,
        };
        out.push(Effect::Say {
            printed: detail.map(|d| Shown::with(tokens.clone(), d)),
            tokens,
            priority: Priority::Alert,
            audience: super::Audience::Everyone,
        });
    }
}
