//! lichess as the opponent's port (`annexd play --opponent lichess`, feature `online`): what
//! the server sends (the game stream's moves, clocks, offers, the end, the line dropping and
//! coming back) becomes the session's [`Input::Opponent`]; what the session tells the
//! opponent ([`Effect::ToOpponent`]: our completed move, our offers, answers and
//! resignation) is carried out on the server, each once. Every decision is the core's
//! (`annexd_core::online::Online` for the conversation, the session for the game); this port
//! translates between their words and keeps the count of half-moves both sides agree on.
//!
//! It is made by the online game's lobby (src/app/lobby.rs), which found the game before the session
//! existed: the conversation's time goes on from the lobby's (`offset`).

use std::time::Duration;

use crossbeam_channel::{Select, TryRecvError};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position};

use annexd_core::online::{Act, Intent, Offer, Report};
use annexd_core::{
    Effect, FromOpponent, Input, OpponentOffer, OurRequest, ToOpponent, Token, Word,
};

use crate::app::port::Port;
use crate::online::LichessPort;

/// lichess, as a port of the game; see the module documentation.
pub(crate) struct LichessGame {
    lichess: LichessPort,
    /// The conversation's time when the game's began (the lobby's time before it).
    offset: Duration,
    /// Reports of the start (the opponent introduced, the first clocks), passed on when the
    /// game has greeted.
    first: Vec<Report>,
    /// What happened before the game that the session is to hear (speech falling back).
    reports: Vec<Input>,
    /// The half-moves of the game as the session has it (its moves and ours sent): a game
    /// joined under way begins where it stands, so these count from there; a game resumed
    /// from its journal, from where its journal begins.
    plies: usize,
}

impl LichessGame {
    /// The port of the game `lichess` found, `offset` into the conversation's time; `first`
    /// are the reports that came with the start, `reports` the lobby's own for the session;
    /// `plies` the half-moves the session has of the game (those of its journal when it is
    /// resumed, else none).
    pub(crate) fn new(
        lichess: LichessPort,
        first: Vec<Report>,
        offset: Duration,
        reports: Vec<Input>,
        plies: usize,
    ) -> LichessGame {
        LichessGame {
            lichess,
            offset,
            first,
            reports,
            plies,
        }
    }

    /// The game's position after the moves the conversation has (ours on its way included).
    fn position(&self) -> Option<Chess> {
        let facts = self.lichess.online().facts()?;
        let mut position = facts.start.clone();
        for m in self.lichess.online().moves() {
            position = position.play(*m).ok()?;
        }
        Some(position)
    }

    /// The conversation's reports as the session's inputs.
    fn inputs(&mut self, reports: Vec<Report>, now: Duration) -> Vec<Input> {
        let mut inputs = Vec::new();
        for report in reports {
            let event = match report {
                Report::Say(said) => FromOpponent::Said {
                    tokens: said.tokens,
                    detail: said.detail,
                    priority: said.priority,
                },
                Report::Started(facts) => {
                    // The game joined again after the line dropped: nothing new to set up.
                    FromOpponent::Log(format!("the game {} is joined", facts.id))
                }
                Report::Moved { mv, side } => {
                    let after = self.plies;
                    self.plies += 1;
                    let uci = mv.to_uci(shakmaty::CastlingMode::Standard).to_string();
                    if side == self.ours() {
                        // Our move, made elsewhere (another device of the account): played
                        // here as the opponent's would be refused; it is said and logged.
                        inputs.push(Input::Opponent(FromOpponent::Log(format!(
                            "our move {uci} came from the server"
                        ))));
                    }
                    FromOpponent::Moved { uci, after }
                }
                Report::Delivered(mv) => FromOpponent::Log(format!(
                    "our move {} reached the server",
                    mv.to_uci(shakmaty::CastlingMode::Standard)
                )),
                Report::Rejected(mv) => {
                    self.plies = self.plies.saturating_sub(1);
                    inputs.push(Input::Opponent(FromOpponent::Log(format!(
                        "the server did not take our move {}",
                        mv.to_uci(shakmaty::CastlingMode::Standard)
                    ))));
                    FromOpponent::TookBack { plies: 1 }
                }
                Report::TakenBack(plies) => {
                    self.plies = self.plies.saturating_sub(plies);
                    FromOpponent::TookBack { plies }
                }
                Report::Clock(clock) => FromOpponent::Clocks {
                    white: clock.remaining(Color::White, self.offset + now),
                    black: clock.remaining(Color::Black, self.offset + now),
                },
                Report::Offer(offer) => FromOpponent::Offer(match offer {
                    Offer::DrawOffered => OpponentOffer::DrawOffered,
                    Offer::DrawDeclined => OpponentOffer::DrawDeclined,
                    Offer::TakebackAsked => OpponentOffer::TakebackAsked,
                    Offer::TakebackDeclined => OpponentOffer::TakebackDeclined,
                }),
                Report::Ended(end) => match end.outcome {
                    Some(outcome) => FromOpponent::Ended {
                        outcome,
                        why: end.tokens,
                    },
                    // Aborted, or never begun: nothing to record but the words.
                    None => FromOpponent::Said {
                        tokens: end.tokens,
                        detail: None,
                        priority: annexd_core::speech::Priority::Alert,
                    },
                },
                Report::Log(line) => FromOpponent::Log(line),
                Report::Stopped(trouble) => FromOpponent::Failed {
                    tokens: vec![Token::Word(Word::ServerFailed)],
                    detail: Some(format!("{trouble:?}")),
                },
            };
            inputs.push(Input::Opponent(event));
        }
        inputs
    }

    /// Our side.
    fn ours(&self) -> Color {
        self.lichess
            .online()
            .facts()
            .map_or(Color::White, |facts| facts.ours)
    }

    /// Our move, to send: `uci` after `after` half-moves.
    fn our_move(&mut self, uci: &str, after: usize, now: Duration) -> Vec<Report> {
        if after != self.plies {
            tracing::warn!(
                target: "online",
                "our move {uci} after {after} half-moves, the server's game has {}: not sent",
                self.plies
            );
            return Vec::new();
        }
        let Some(mv) = self.position().and_then(|position| {
            uci.parse::<UciMove>()
                .ok()
                .and_then(|parsed| parsed.to_move(&position).ok())
        }) else {
            tracing::warn!(target: "online", "our move {uci} is not legal in the server's game");
            return Vec::new();
        };
        self.plies += 1;
        self.lichess.carry_out(Act::Move(mv), self.offset + now)
    }
}

/// What our request is on the server (the session confirmed what needs it).
fn act_of(request: OurRequest) -> Act {
    match request {
        OurRequest::Resign => Act::Confirmed(Intent::Resign),
        OurRequest::OfferDraw => Act::Confirmed(Intent::OfferDraw),
        OurRequest::AcceptDraw => Act::Confirmed(Intent::AcceptDraw),
        OurRequest::DeclineDraw => Act::DeclineDraw,
        OurRequest::ProposeTakeback => Act::Confirmed(Intent::ProposeTakeback),
        OurRequest::AcceptTakeback => Act::Confirmed(Intent::AcceptTakeback),
        OurRequest::DeclineTakeback => Act::DeclineTakeback,
        OurRequest::Abort => Act::Confirmed(Intent::Abort),
        OurRequest::ClaimVictory => Act::Confirmed(Intent::ClaimVictory),
        OurRequest::ClaimDraw => Act::Confirmed(Intent::ClaimDraw),
        OurRequest::ReadChat => Act::ReadChat,
    }
}

impl Port for LichessGame {
    fn start(&mut self) -> Vec<Input> {
        let facts = self.lichess.online().facts().cloned();
        let mut inputs: Vec<Input> = facts
            .map(|facts| {
                Input::Opponent(FromOpponent::Joined {
                    name: facts.opponent.recorded(),
                    elo: facts.opponent.rating,
                })
            })
            .into_iter()
            .collect();
        let first = std::mem::take(&mut self.first);
        inputs.extend(self.inputs(first, Duration::ZERO));
        inputs
    }

    fn watch<'a>(&'a self, select: &mut Select<'a>) -> usize {
        select.recv(self.lichess.events());
        1
    }

    fn take(&mut self, now: Duration) -> Vec<Input> {
        match self.lichess.events().try_recv() {
            Ok(input) => {
                let reports = self.lichess.handle(input, self.offset + now);
                self.inputs(reports, now)
            }
            // Readiness may be spurious; the client's channel ends only with the port.
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => Vec::new(),
        }
    }

    fn next_deadline(&self, _now: Duration) -> Option<Duration> {
        self.lichess
            .next_deadline()
            .map(|at| at.saturating_sub(self.offset))
    }

    fn tick(&mut self, now: Duration) -> Vec<Input> {
        let reports = self.lichess.tick(self.offset + now);
        self.inputs(reports, now)
    }

    fn carry_out(&mut self, effect: &Effect, now: Duration) {
        let reports = match effect {
            Effect::ToOpponent(ToOpponent::Moved { uci, after }) => self.our_move(uci, *after, now),
            Effect::ToOpponent(ToOpponent::Request(request)) => {
                self.lichess.carry_out(act_of(*request), self.offset + now)
            }
            _ => return,
        };
        let inputs = self.inputs(reports, now);
        self.reports.extend(inputs);
    }

    fn reports(&mut self) -> Vec<Input> {
        std::mem::take(&mut self.reports)
    }

    fn leave(&mut self) {
        tracing::info!(
            target: "online",
            "left: the game {} goes on on the server",
            self.lichess
                .online()
                .facts()
                .map_or("", |facts| facts.id.as_str())
        );
    }
}
