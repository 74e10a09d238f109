//! One online game as it stands here: its facts, the moves (ours on its way last), the
//! server's last state and clocks, the offers standing, an opponent who left, the chat. Fed
//! with the game stream's states, it says what changed ([`Report`]s): moves to play or take
//! back, our move delivered, offers made, declined or lapsed, the clocks, the end.
//! Requests are not its business: [`super::Online`] sends them.

use std::time::Duration;

use shakmaty::fen::{Epd, Fen};
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position};

use crate::speech::Priority;
use crate::words::{Token, Word};

use super::control::OnlineControl;
use super::end::{EndContext, OnlineEnd};
use super::moves::{parse_server_moves, reconcile};
use super::request::RequestId;
use super::server_clock::ServerClock;
use super::wire::{ChatLine, GameFull, GameState, Player};
use super::{Offer, Report, Said};

/// The opponent, as the game's facts give him.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpponentFacts {
    /// The name as written (data, shown, not a word of the tables).
    pub name: String,
    /// A title (GM, IM, …, BOT).
    pub title: Option<String>,
    /// The rating.
    pub rating: Option<u32>,
    /// lichess's computer: its level.
    pub computer_level: Option<u32>,
}

impl OpponentFacts {
    fn of(player: &Player) -> OpponentFacts {
        let name = player
            .name
            .clone()
            .or_else(|| player.id.clone())
            .unwrap_or_default();
        OpponentFacts {
            name,
            title: player.title.clone(),
            rating: player.rating,
            computer_level: player.ai_level,
        }
    }

    /// The name with its title, as shown: "GM Magnus".
    pub fn shown(&self) -> String {
        match &self.title {
            Some(title) if !title.is_empty() => format!("{title} {}", self.name),
            _ => self.name.clone(),
        }
    }

    /// The name for the record's header: as shown; lichess's computer, which has no name,
    /// as lichess's own PGN names it ("lichess AI level 3"); else PGN's unknown, "?".
    pub fn recorded(&self) -> String {
        match (self.shown(), self.computer_level) {
            (shown, _) if !shown.is_empty() => shown,
            (_, Some(level)) => format!("lichess AI level {level}"),
            _ => "?".to_string(),
        }
    }
}

/// What a game is, fixed at its start: for the session to set the game up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFacts {
    /// lichess's id of the game.
    pub id: String,
    /// Our side.
    pub ours: Color,
    /// The opponent.
    pub opponent: OpponentFacts,
    /// Rated.
    pub rated: bool,
    /// The clock; `None` for a correspondence or unlimited game.
    pub control: Option<OnlineControl>,
    /// Days per move of a correspondence game.
    pub days_per_move: Option<u32>,
    /// The start position.
    pub start: Chess,
    /// The moves played before this program joined (none for a new game).
    pub moves: Vec<Move>,
}

/// A game as this program's journal has it, to be joined again on the server after the
/// program was left (`annexd resume`): the position its journal begins at (the game's start,
/// or where an earlier join found it) and the moves played since.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameHere {
    /// Where the journal begins.
    pub start: Chess,
    /// The moves since, in order.
    pub moves: Vec<Move>,
}

/// Our last move while it is on its way to the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct OurMove {
    /// The move.
    pub mv: Move,
    /// Where it stands.
    pub send: Sending,
    /// "kept, sent once the line is back" was said (so "delivered" is said too).
    pub told_waiting: bool,
    /// A draw offer goes with it.
    pub offering_draw: bool,
    /// How often it was sent again after its answer was lost.
    pub resends: u32,
}

/// Where our move stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sending {
    /// Not sent yet (the server asked to wait).
    Waiting,
    /// Sent, no answer yet.
    InFlight(RequestId),
    /// The answer was lost: the next game stream opened after `after` decides.
    Unknown {
        /// The number of game streams opened when the answer was lost.
        after: u64,
    },
}

/// The opponent left the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Gone {
    /// When a win can be claimed.
    pub claim_at: Duration,
    /// "can be claimed now" was said.
    pub told: bool,
}

/// What applying a state did besides its reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Applied {
    /// The server lacks our move, which is not on its way any more: send it (again).
    pub send_ours: bool,
    /// The game is over now.
    pub ended: bool,
}

/// The game here; see the module documentation.
#[derive(Debug, Clone)]
pub(super) struct Table {
    pub facts: GameFacts,
    pub moves: Vec<Move>,
    pub ours: Option<OurMove>,
    pub state: Option<GameState>,
    pub clock: Option<ServerClock>,
    pub gone: Option<Gone>,
    pub chat: Vec<ChatLine>,
    pub chat_read: usize,
    /// We declined the opponent's draw offer (so its end is "declined", not "lapsed").
    pub declined_draw: bool,
    /// We declined the opponent's takeback.
    pub declined_takeback: bool,
    /// We asked to take back our move (until the server's game shows an answer).
    pub takeback_proposed: bool,
    pub end: Option<OnlineEnd>,
}

fn say(priority: Priority, tokens: Vec<Token>) -> Report {
    Report::Say(Said {
        tokens,
        detail: None,
        priority,
    })
}

impl Table {
    /// The game of a `gameFull`, for our side `ours`.
    pub fn new(full: &GameFull, ours: Color) -> Result<Table, String> {
        let start = match full.initial_fen.as_str() {
            "" | "startpos" => Chess::default(),
            fen => fen
                .parse::<Fen>()
                .map_err(|err| err.to_string())
                .and_then(|fen| {
                    fen.into_position::<Chess>(CastlingMode::Standard)
                        .map_err(|err| err.to_string())
                })
                .map_err(|err| format!("the start position does not read: {err}"))?,
        };
        let moves = parse_server_moves(&start, &full.state.moves).map_err(|e| e.to_string())?;
        let control = full
            .clock
            .map(|clock| OnlineControl::new(clock.initial, clock.increment));
        let facts = GameFacts {
            id: full.id.clone(),
            ours,
            opponent: OpponentFacts::of(full.player(!ours)),
            rated: full.rated,
            control,
            days_per_move: full.days_per_turn,
            start,
            moves: moves.clone(),
        };
        Ok(Table {
            facts,
            moves,
            ours: None,
            state: None,
            clock: None,
            gone: None,
            chat: Vec::new(),
            chat_read: 0,
            declined_draw: false,
            declined_takeback: false,
            takeback_proposed: false,
            end: None,
        })
    }

    /// Takes the moves `here` has (a game resumed from its journal) in place of the server's,
    /// so that the first state says what differs: moves made on the server meanwhile are
    /// played here, ours there lacks is taken back, except our last, which is sent again
    /// (its answer counts as lost before game stream `opened`). False, and nothing taken,
    /// when the journal's start is no position of the server's game.
    pub fn continue_from(&mut self, here: &GameHere, opened: u64) -> bool {
        let epd = |p: &Chess| Epd::from_position(p, EnPassantMode::Legal).to_string();
        let wanted = epd(&here.start);
        let server = &self.facts.moves;
        // Where the journal begins among the server's positions. Of a position met twice
        // (moves repeated), first the place of the journal's move number: its start is the
        // server's position where an earlier join found the game, counters and all, so the
        // number and the side to move name the ply (the journal's next moves may agree with
        // the server's after a later place, as when a move of ours it kept was refused and
        // played again there: the moves between would then never reach the record). Then
        // the place whose next moves agree with the journal's longest (counters the server
        // did not keep); then the later.
        let mut position = self.facts.start.clone();
        let mut begins: Option<(usize, (bool, usize))> = None;
        for k in 0..=server.len() {
            if epd(&position) == wanted {
                let agreeing = server[k..]
                    .iter()
                    .zip(&here.moves)
                    .take_while(|(a, b)| a == b)
                    .count();
                let numbered = position.fullmoves() == here.start.fullmoves();
                if begins.is_none_or(|(_, best)| (numbered, agreeing) >= best) {
                    begins = Some((k, (numbered, agreeing)));
                }
            }
            if let Some(m) = server.get(k) {
                position.play_unchecked(*m);
            }
        }
        let Some((k, _)) = begins else {
            return false;
        };
        let mut moves = server[..k].to_vec();
        moves.extend(&here.moves);
        // Our last move, which the server lacks and nothing else differs: on its way still.
        let lacks_ours = moves.len() == server.len() + 1
            && moves[..server.len()] == server[..]
            && side_after(&self.facts.start, server.len()) == self.facts.ours;
        if lacks_ours {
            self.ours = Some(OurMove {
                mv: moves[server.len()],
                send: Sending::Unknown {
                    after: opened.saturating_sub(1),
                },
                told_waiting: true,
                offering_draw: false,
                resends: 0,
            });
        }
        self.moves = moves;
        true
    }

    /// The position now (with our move on its way).
    pub fn position(&self) -> Chess {
        let mut position = self.facts.start.clone();
        for m in &self.moves {
            position.play_unchecked(*m);
        }
        position
    }

    /// The side to move now.
    pub fn turn(&self) -> Color {
        side_after(&self.facts.start, self.moves.len())
    }

    /// The opponent's side.
    pub fn theirs(&self) -> Color {
        !self.facts.ours
    }

    /// The opponent offers a draw now.
    pub fn draw_offered_by(&self, side: Color) -> bool {
        self.state.as_ref().is_some_and(|s| s.offers_draw(side))
    }

    /// `side` asks for a takeback now.
    pub fn takeback_asked_by(&self, side: Color) -> bool {
        self.state.as_ref().is_some_and(|s| s.asks_takeback(side))
    }

    /// What the game's first state says: who plays whom, how, and the time for a first move.
    pub fn introduction(&self, state: &GameState) -> Vec<Report> {
        let facts = &self.facts;
        let opponent = facts.opponent.shown();
        let mut against = vec![Token::Word(Word::GameAgainst)];
        let mut words = Vec::new();
        if let Some(level) = facts.opponent.computer_level {
            // lichess's computer has no name (`gameFull` gives `aiLevel` alone): it is named
            // by its level.
            let level = [Token::Word(Word::ComputerLevel), Token::Number(level)];
            if opponent.is_empty() {
                against.extend(level);
            } else {
                words.extend(level);
            }
        } else if let Some(rating) = facts.opponent.rating {
            words.extend([Token::Word(Word::Rating), Token::Number(rating)]);
        }
        if !words.is_empty() {
            words.push(Token::Pause);
        }
        match (facts.control, facts.days_per_move) {
            (Some(control), _) => words.extend(control.tokens()),
            (None, Some(days)) => {
                words.extend([Token::Number(days), Token::Word(Word::DaysPerMove)])
            }
            (None, None) => words.push(Token::Word(Word::NoClock)),
        }
        words.extend([
            Token::Pause,
            Token::Word(if facts.rated {
                Word::Rated
            } else {
                Word::Casual
            }),
            Token::Pause,
            Token::Word(Word::YouPlay),
            Token::Side(facts.ours),
        ]);
        let mut reports = vec![
            Report::Say(Said {
                tokens: against,
                detail: (!opponent.is_empty()).then_some(opponent),
                priority: Priority::Move,
            }),
            say(Priority::Move, words),
        ];
        if let Some(expiration) = state.expiration
            && self.moves.len() < 2
            && self.turn() == facts.ours
            && !state.status.is_over()
        {
            let left = expiration
                .millis_to_move
                .saturating_sub(expiration.idle_millis);
            let mut words = vec![Token::Word(Word::FirstMoveWithin)];
            words.extend(crate::clock::announce::time_tokens(left, Duration::MAX));
            words.extend([Token::Pause, Token::Word(Word::OtherwiseAborted)]);
            reports.push(say(Priority::Alert, words));
        }
        reports
    }

    /// Applies a state of the server (`fresh`: the first of a newly opened stream, which
    /// decides about our move if its answer was lost before stream number `opened` opened).
    pub fn apply(
        &mut self,
        state: GameState,
        now: Duration,
        fresh: Option<u64>,
        reports: &mut Vec<Report>,
    ) -> Result<Applied, String> {
        let server =
            parse_server_moves(&self.facts.start, &state.moves).map_err(|e| e.to_string())?;
        let mut applied = Applied::default();
        let previous = self.state.clone();
        let ours_side = self.facts.ours;
        let theirs = self.theirs();

        // The moves: the server's list decides.
        let on_its_way = self.ours.is_some();
        let r = reconcile(&self.moves, on_its_way, &server);
        if r.awaited {
            let ours = self.ours.as_ref().expect("awaited means on its way");
            let decides = match (ours.send, fresh) {
                (Sending::Unknown { after }, Some(opened)) => opened > after,
                _ => false,
            };
            // The server has not got our move: its answer was lost and a stream opened since
            // shows it is not there, so it was never played.
            applied.send_ours = decides && !state.status.is_over();
        } else {
            if r.take_back > 0 {
                let proposed = std::mem::take(&mut self.takeback_proposed)
                    || previous
                        .as_ref()
                        .is_some_and(|s| s.wtakeback || s.btakeback);
                // Our move on its way is among them when the game went on without it.
                self.ours = None;
                let word = if proposed {
                    Word::TakebackAccepted
                } else {
                    Word::ServerGameDiffers
                };
                reports.push(say(Priority::Move, vec![Token::Word(word)]));
                reports.push(Report::TakenBack(r.take_back));
            }
            if r.delivered {
                let ours = self.ours.take().expect("delivered means on its way");
                reports.push(Report::Delivered(ours.mv));
                if ours.told_waiting {
                    reports.push(say(Priority::Reply, vec![Token::Word(Word::MoveDelivered)]));
                }
            }
            let mut side = side_after(&self.facts.start, r.common);
            for m in &r.new {
                reports.push(Report::Moved { mv: *m, side });
                side = !side;
            }
            self.moves = server;
        }

        // The clocks.
        let plies = self.moves.len() - usize::from(self.ours.is_some());
        let clock = ServerClock::of_state(&state, plies, side_after(&self.facts.start, plies), now);
        self.clock = Some(clock);
        reports.push(Report::Clock(clock));

        // The offers.
        let was =
            |f: fn(&GameState, Color) -> bool, side| previous.as_ref().is_some_and(|s| f(s, side));
        let over = state.status.is_over();
        let draw_then = [
            was(GameState::offers_draw, ours_side),
            was(GameState::offers_draw, theirs),
        ];
        if !over {
            if state.offers_draw(theirs) && !draw_then[1] {
                self.declined_draw = false;
                reports.push(Report::Offer(Offer::DrawOffered));
                reports.push(say(
                    Priority::Move,
                    vec![
                        Token::Word(Word::AcceptDraw),
                        Token::Word(Word::Or),
                        Token::Word(Word::DeclineDraw),
                    ],
                ));
            } else if !state.offers_draw(theirs)
                && draw_then[1]
                && !std::mem::take(&mut self.declined_draw)
            {
                // Our decline was said when it was made (and recorded: 9.1.2).
                reports.push(say(
                    Priority::Reply,
                    vec![Token::Word(Word::DrawOfferLapsed)],
                ));
            }
            if state.offers_draw(ours_side) && !draw_then[0] {
                reports.push(say(
                    Priority::Reply,
                    vec![Token::Side(ours_side), Token::Word(Word::DrawOffered)],
                ));
            } else if !state.offers_draw(ours_side) && draw_then[0] {
                reports.push(Report::Offer(Offer::DrawDeclined));
            }
            let taken_back = r.take_back > 0;
            if state.asks_takeback(theirs) && !was(GameState::asks_takeback, theirs) {
                self.declined_takeback = false;
                reports.push(Report::Offer(Offer::TakebackAsked));
                reports.push(say(
                    Priority::Move,
                    vec![
                        Token::Word(Word::AcceptTakeback),
                        Token::Word(Word::Or),
                        Token::Word(Word::DeclineTakeback),
                    ],
                ));
            } else if !state.asks_takeback(theirs)
                && was(GameState::asks_takeback, theirs)
                && !taken_back
                && std::mem::take(&mut self.declined_takeback)
            {
                reports.push(say(
                    Priority::Reply,
                    vec![Token::Word(Word::TakebackDeclined)],
                ));
            }
            if state.asks_takeback(ours_side) && !was(GameState::asks_takeback, ours_side) {
                reports.push(say(
                    Priority::Reply,
                    vec![Token::Side(ours_side), Token::Word(Word::TakebackProposed)],
                ));
            } else if !state.asks_takeback(ours_side)
                && was(GameState::asks_takeback, ours_side)
                && !taken_back
            {
                reports.push(Report::Offer(Offer::TakebackDeclined));
            }
        }

        // The end.
        if over && self.end.is_none() {
            let end = OnlineEnd::new(
                state.status.clone(),
                state.winner,
                EndContext {
                    start: &self.facts.start,
                    moves: &self.moves,
                    ours: ours_side,
                    draw_offered: draw_then.iter().any(|x| *x) || state.wdraw || state.bdraw,
                },
            );
            self.end = Some(end.clone());
            self.gone = None;
            reports.push(Report::Ended(end));
            applied.ended = true;
        }
        self.state = Some(state);
        Ok(applied)
    }

    /// The opponent left (`claim_in` until a win can be claimed) or came back.
    pub fn opponent_gone(
        &mut self,
        gone: bool,
        claim_in: Option<u64>,
        now: Duration,
    ) -> Vec<Report> {
        let theirs = self.theirs();
        if self.end.is_some() {
            return Vec::new();
        }
        if !gone {
            return match self.gone.take() {
                Some(_) => vec![say(
                    Priority::Move,
                    vec![Token::Side(theirs), Token::Word(Word::IsBack)],
                )],
                None => Vec::new(),
            };
        }
        let claim_in = Duration::from_secs(claim_in.unwrap_or(0));
        let now_claimable = claim_in.is_zero();
        match &mut self.gone {
            None => {
                self.gone = Some(Gone {
                    claim_at: now + claim_in,
                    told: now_claimable,
                });
                let mut words = vec![
                    Token::Side(theirs),
                    Token::Word(Word::LeftTheGame),
                    Token::Pause,
                ];
                if now_claimable {
                    words.push(Token::Word(Word::ClaimVictoryNow));
                } else {
                    words.push(Token::Word(Word::ClaimVictoryIn));
                    words.extend(crate::clock::announce::time_tokens(claim_in, Duration::MAX));
                }
                vec![say(Priority::Alert, words)]
            }
            Some(known) => {
                known.claim_at = now + claim_in;
                if now_claimable && !known.told {
                    known.told = true;
                    return vec![say(
                        Priority::Alert,
                        vec![Token::Word(Word::ClaimVictoryNow)],
                    )];
                }
                Vec::new()
            }
        }
    }

    /// The time to say that a win can be claimed now.
    pub fn claim_deadline(&self) -> Option<Duration> {
        self.gone.filter(|g| !g.told).map(|g| g.claim_at)
    }

    /// At `now`: "a win can be claimed now", once, when the time has come.
    pub fn tick(&mut self, now: Duration) -> Vec<Report> {
        match &mut self.gone {
            Some(gone) if !gone.told && now >= gone.claim_at && self.end.is_none() => {
                gone.told = true;
                vec![say(
                    Priority::Alert,
                    vec![Token::Word(Word::ClaimVictoryNow)],
                )]
            }
            _ => Vec::new(),
        }
    }

    /// A win (or a draw) can be claimed now: the opponent left long enough ago.
    pub fn can_claim(&self, now: Duration) -> bool {
        self.gone.is_some_and(|g| now >= g.claim_at) && self.end.is_none()
    }

    /// The chat lines not read yet, said one by one (the name and the text shown: they are
    /// data); "keine Nachrichten" when there are none.
    pub fn read_chat(&mut self) -> Vec<Report> {
        let unread: Vec<Report> = self.chat[self.chat_read..]
            .iter()
            .map(|line| {
                Report::Say(Said {
                    tokens: vec![Token::Word(Word::ChatFrom)],
                    detail: Some(format!("{}: {}", line.username, line.text)),
                    priority: Priority::Reading,
                })
            })
            .collect();
        self.chat_read = self.chat.len();
        if unread.is_empty() {
            return vec![say(Priority::Reading, vec![Token::Word(Word::NoMessages)])];
        }
        unread
    }
}

/// The side to move after `plies` half-moves from `start`.
pub(super) fn side_after(start: &Chess, plies: usize) -> Color {
    if plies.is_multiple_of(2) {
        start.turn()
    } else {
        !start.turn()
    }
}
