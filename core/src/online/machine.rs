//! The conversation with lichess as one state machine: signing in, the lobby (a seek, a
//! challenge, or challenges waited for and asked about), the game's stream, the player's
//! acts, and every trouble of the line, each said once in words.
//!
//! The rules it keeps:
//!
//! - **One request at a time** besides the streams, none while lichess asked to wait: a 429
//!   holds every request for a minute ([`Patience::rate_limit`]), then they go in order.
//! - **A dropped stream is opened again**, after 1, 2, 4, … seconds up to half a minute;
//!   "Verbindung unterbrochen" is said once when the game's line drops, "noch keine
//!   Verbindung" when the wait grows long, "wieder verbunden" and whose move it is when the
//!   game's first line (`gameFull`) is read again.
//! - **Our move reaches the server exactly once**: sent when made; if its answer is lost
//!   (the line dropped meanwhile), the game stream is opened again and its `gameFull`
//!   decides: the move is there (delivered) or not (sent again). A move refused is taken back.
//! - **What ends a game or goes to the opponent is asked first** ([`Act::Wish`]: "Remis
//!   anbieten? ja oder nein"), unless the session asked already ([`Act::Confirmed`]).
//! - **Lines that do not read are passed over** and logged; three in a row, and the stream is
//!   opened again ("die Antwort des Servers ist unverständlich").

use std::collections::HashMap;
use std::time::Duration;

use shakmaty::{Color, Position};

use crate::speech::Priority;
use crate::words::{Token, Word};

use super::game::{GameHere, OurMove, Sending, Table};
use super::moves::uci;
use super::request::{Answer, Request, RequestId, Verdict, is_path_safe};
use super::wire::{
    Account, Challenge, EventLine, GameFull, GameLine, Parsed, parse_event_line, parse_game_line,
};
use super::{
    Act, ChallengeSpec, Closing, GameFacts, Input, Intent, Order, Plan, Report, Said, ServerClock,
    Step, Trouble,
};

/// How long to wait, and how much to bear.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Patience {
    /// The first wait before a stream is opened again (then doubled each time).
    pub first_retry: Duration,
    /// The longest wait between attempts.
    pub longest_retry: Duration,
    /// After an HTTP 429: lichess asks for a minute.
    pub rate_limit: Duration,
    /// After a seek's stream ended, how long its game may take to start on the event stream
    /// before the seek counts as expired (and is made again).
    pub seek_grace: Duration,
    /// Lines in a row that do not read before a stream is opened again.
    pub garbage_lines: u32,
    /// Waits from this long on are said ("noch keine Verbindung, neuer Versuch in …").
    pub tell_retry_from: Duration,
    /// How often a move whose answer was lost is sent again before it counts as refused.
    pub resends: u32,
}

impl Default for Patience {
    fn default() -> Self {
        Patience {
            first_retry: Duration::from_secs(1),
            longest_retry: Duration::from_secs(30),
            rate_limit: Duration::from_secs(60),
            seek_grace: Duration::from_secs(5),
            garbage_lines: 3,
            tell_retry_from: Duration::from_secs(8),
            resends: 3,
        }
    }
}

impl Patience {
    /// The wait after `failures` failed attempts in a row (at least one).
    pub fn backoff(&self, failures: u32) -> Duration {
        let doubled = self
            .first_retry
            .saturating_mul(1u32 << failures.saturating_sub(1).min(16));
        doubled.min(self.longest_retry)
    }
}

/// Where the conversation stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Not started.
    Idle,
    /// Checking the token (`/api/account`).
    SigningIn,
    /// Seeking, challenging or waiting for a challenge.
    Lobby,
    /// A game is under way.
    Playing,
    /// The game ended.
    Over,
    /// It cannot go on ([`Trouble`]).
    Stopped,
}

/// The streams the conversation keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Events,
    Seek,
    Challenge,
    Game,
}

const KINDS: [Kind; 4] = [Kind::Events, Kind::Seek, Kind::Challenge, Kind::Game];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Idle,
    Opening(RequestId),
    Open(RequestId),
    Retry(Duration),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stream {
    slot: Slot,
    /// Failed attempts in a row.
    failures: u32,
    /// Lines in a row that did not read.
    garbage: u32,
    /// A line came since it was opened (a keep-alive too).
    heard: bool,
}

impl Stream {
    const IDLE: Stream = Stream {
        slot: Slot::Idle,
        failures: 0,
        garbage: 0,
        heard: false,
    };

    fn id(&self) -> Option<RequestId> {
        match self.slot {
            Slot::Opening(id) | Slot::Open(id) => Some(id),
            Slot::Idle | Slot::Retry(_) => None,
        }
    }
}

/// A request that is not a stream, waiting for its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Awaiting {
    Account,
    Move,
    Intent(Intent),
    DeclineDraw,
    DeclineTakeback,
    Accept(String),
    Decline,
    Chat,
}

/// The question open to the player.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Question {
    Intent(Intent),
    Challenge(String),
}

/// The conversation with lichess; see the module documentation.
#[derive(Debug, Clone)]
pub struct Online {
    plan: Plan,
    patience: Patience,
    phase: Phase,
    next_id: u64,
    account: Option<Account>,
    streams: HashMap<Kind, Stream>,
    /// Game streams asked for so far (the number of the latest).
    game_streams: u64,
    /// The number of the game stream that is open now.
    game_stream_number: u64,
    /// Requests sent and not answered yet, each with what it asked (to send it again after
    /// lichess's pause).
    awaiting: HashMap<RequestId, (Awaiting, Request)>,
    /// Requests held while lichess asked to wait.
    held: Vec<(Awaiting, Request)>,
    throttled_until: Option<Duration>,
    sign_in_at: Option<Duration>,
    sign_in_failures: u32,
    /// The line dropped and it was said ("wieder verbunden" is due).
    line_down: bool,
    asked: Option<Question>,
    incoming: Vec<Challenge>,
    /// Our challenges' ids, the latest last (one is made again after the line was down, and
    /// a game of the earlier one is ours still).
    our_challenges: Vec<String>,
    game_id: Option<String>,
    our_color: Option<Color>,
    seek_ended_at: Option<Duration>,
    /// Our challenge's stream said it is done without a game (`declined`, `canceled`): when,
    /// and how. The event stream's `challengeDeclined` gives the reason; if it does not come
    /// within [`Patience::seek_grace`], the end is said without it.
    challenge_done: Option<(Duration, String)>,
    table: Option<Table>,
    /// The game as this program's journal has it, when it joins it again (`knowing`).
    here: Option<GameHere>,
    /// Games found on the event stream and not played (not standard chess).
    passed_over: Vec<String>,
    /// The challenges to us that the player accepted (a challenge's game has its id).
    accepted: Vec<String>,
}

fn said(priority: Priority, tokens: Vec<Token>) -> Report {
    Report::Say(Said {
        tokens,
        detail: None,
        priority,
    })
}

fn said_with(priority: Priority, tokens: Vec<Token>, detail: impl Into<String>) -> Report {
    Report::Say(Said {
        tokens,
        detail: Some(detail.into()),
        priority,
    })
}

fn word(word: Word) -> Vec<Token> {
    vec![Token::Word(word)]
}

impl Intent {
    /// The intent in words ("Remis anbieten").
    pub fn word(self) -> Word {
        match self {
            Intent::OfferDraw => Word::OfferDraw,
            Intent::AcceptDraw => Word::AcceptDraw,
            Intent::ProposeTakeback => Word::ProposeTakeback,
            Intent::AcceptTakeback => Word::AcceptTakeback,
            Intent::Resign => Word::Resign,
            Intent::Abort => Word::AbortGame,
            Intent::ClaimVictory => Word::ClaimVictory,
            Intent::ClaimDraw => Word::ClaimDrawGone,
        }
    }
}

impl Online {
    /// A conversation for `plan`.
    pub fn new(plan: Plan, patience: Patience) -> Online {
        Online {
            plan,
            patience,
            phase: Phase::Idle,
            next_id: 0,
            account: None,
            streams: KINDS.iter().map(|k| (*k, Stream::IDLE)).collect(),
            game_streams: 0,
            game_stream_number: 0,
            awaiting: HashMap::new(),
            held: Vec::new(),
            throttled_until: None,
            sign_in_at: None,
            sign_in_failures: 0,
            line_down: false,
            asked: None,
            incoming: Vec::new(),
            our_challenges: Vec::new(),
            game_id: None,
            our_color: None,
            seek_ended_at: None,
            challenge_done: None,
            table: None,
            here: None,
            passed_over: Vec::new(),
            accepted: Vec::new(),
        }
    }

    /// The game to join (`Plan::Join`) as this program's journal has it (`annexd resume`):
    /// the server's moves made meanwhile are played here, our last move it lacks is sent
    /// again, and a server game that never stood at the journal's start is not this game
    /// ([`Trouble::GameNotFound`]).
    pub fn knowing(mut self, here: GameHere) -> Online {
        self.here = Some(here);
        self
    }

    /// Where it stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The signed-in account's name, once known.
    pub fn account(&self) -> Option<&str> {
        self.account.as_ref().map(|a| a.username.as_str())
    }

    /// What it waits for before the game, in a word: a seek, a challenge of ours, or one
    /// for us.
    pub fn waiting_for(&self) -> Word {
        match self.plan {
            Plan::Seek { .. } => Word::Seeking,
            Plan::Challenge(_) => Word::ChallengeSent,
            Plan::Accept | Plan::Join(_) => Word::WaitingForChallenge,
        }
    }

    /// The game's facts, once it started.
    pub fn facts(&self) -> Option<&GameFacts> {
        self.table.as_ref().map(|t| &t.facts)
    }

    /// The game's moves here (ours on its way last).
    pub fn moves(&self) -> &[shakmaty::Move] {
        self.table.as_ref().map_or(&[], |t| &t.moves)
    }

    /// The server's clocks, as last read.
    pub fn clock(&self) -> Option<ServerClock> {
        self.table.as_ref().and_then(|t| t.clock)
    }

    /// Our move is on its way to the server (sent or waiting to be).
    pub fn move_on_its_way(&self) -> bool {
        self.table.as_ref().is_some_and(|t| t.ours.is_some())
    }

    /// Begins: checks the plan, then the token.
    pub fn start(&mut self, now: Duration) -> Step {
        let mut out = Step::default();
        if let Err(tokens) = self.check_plan() {
            out.reports.push(said(Priority::Alert, tokens));
            self.stop(Trouble::BadPlan, &mut out);
            return out;
        }
        self.phase = Phase::SigningIn;
        self.sign_in(now, &mut out);
        out
    }

    /// Whether the plan can be asked of lichess; else the reason in words.
    fn check_plan(&self) -> Result<(), Vec<Token>> {
        match &self.plan {
            Plan::Seek { control, .. } => control.check_seek().map_err(|r| r.tokens()),
            Plan::Challenge(spec) => {
                if !is_path_safe(&spec.user) {
                    return Err(word(Word::NotAUserName));
                }
                spec.control
                    .map_or(Ok(()), |c| c.check_challenge().map_err(|r| r.tokens()))
            }
            Plan::Join(id) if !is_path_safe(id) => Err(word(Word::GameNotFound)),
            Plan::Accept | Plan::Join(_) => Ok(()),
        }
    }

    /// One input from the server.
    pub fn handle(&mut self, input: Input, now: Duration) -> Step {
        let mut out = Step::default();
        if self.phase == Phase::Stopped {
            return out;
        }
        match input {
            Input::Opened(id) => {
                if let Some(kind) = self.kind_of(id) {
                    self.opened(kind, id, now, &mut out);
                }
            }
            Input::Line(id, line) => match self.kind_of(id) {
                Some(kind) => self.line(kind, &line, now, &mut out),
                None => out.reports.push(Report::Log(format!(
                    "a line of a stream given up ({}) passed over",
                    id.0
                ))),
            },
            Input::Closed(id, closing) => {
                if let Some(kind) = self.kind_of(id) {
                    self.stream_mut(kind).slot = Slot::Idle;
                    self.closed(kind, closing, now, &mut out);
                }
            }
            Input::Answered(id, answer) => {
                if let Some((awaiting, request)) = self.awaiting.remove(&id) {
                    self.answered(request, awaiting, answer, now, &mut out);
                }
            }
        }
        out
    }

    /// One act of the player.
    pub fn act(&mut self, act: Act, now: Duration) -> Step {
        let mut out = Step::default();
        match act {
            Act::Move(m) => self.our_move(m, &mut out),
            Act::Wish(intent) => match self.possible(intent, now) {
                Ok(()) => {
                    self.asked = Some(Question::Intent(intent));
                    out.reports.push(said(
                        Priority::Reply,
                        vec![
                            Token::Word(intent.word()),
                            Token::Word(Word::Question),
                            Token::Word(Word::Yes),
                            Token::Word(Word::Or),
                            Token::Word(Word::No),
                        ],
                    ));
                }
                Err(tokens) => out.reports.push(said(Priority::Reply, tokens)),
            },
            Act::Confirmed(intent) => match self.possible(intent, now) {
                Ok(()) => self.send_intent(intent, &mut out),
                Err(tokens) => out.reports.push(said(Priority::Reply, tokens)),
            },
            Act::Yes => match self.asked.take() {
                Some(Question::Intent(intent)) => match self.possible(intent, now) {
                    Ok(()) => self.send_intent(intent, &mut out),
                    Err(tokens) => out.reports.push(said(Priority::Reply, tokens)),
                },
                Some(Question::Challenge(id)) => {
                    self.incoming.retain(|c| c.id != id);
                    self.accepted.push(id.clone());
                    self.send(
                        Awaiting::Accept(id.clone()),
                        Request::AcceptChallenge(id),
                        &mut out,
                    );
                }
                None => out
                    .reports
                    .push(said(Priority::Reply, word(Word::NothingToConfirm))),
            },
            Act::No => match self.asked.take() {
                Some(Question::Intent(intent)) => out.reports.push(said(
                    Priority::Reply,
                    vec![
                        Token::Word(intent.word()),
                        Token::Pause,
                        Token::Word(Word::NotSent),
                    ],
                )),
                Some(Question::Challenge(id)) => {
                    self.incoming.retain(|c| c.id != id);
                    self.accepted.push(id.clone());
                    self.decline(&id, "generic", &mut out);
                    out.reports
                        .push(said(Priority::Reply, word(Word::ChallengeDeclined)));
                    self.ask_next(&mut out);
                }
                None => out
                    .reports
                    .push(said(Priority::Reply, word(Word::NothingToConfirm))),
            },
            Act::DeclineDraw => self.decline_offer(true, &mut out),
            Act::DeclineTakeback => self.decline_offer(false, &mut out),
            Act::ReadChat => match self.table.as_mut() {
                Some(table) => out.reports.extend(table.read_chat()),
                None => out
                    .reports
                    .push(said(Priority::Reading, word(Word::NoMessages))),
            },
            Act::Write(text) => {
                let text: String = text.trim().chars().take(140).collect();
                if let (Some(game), false) = (self.game_id.clone(), text.is_empty()) {
                    self.send(Awaiting::Chat, Request::Chat { game, text }, &mut out);
                }
            }
        }
        out
    }

    /// Declines the opponent's draw offer (`draw`) or takeback request, if one stands.
    fn decline_offer(&mut self, draw: bool, out: &mut Step) {
        let standing = self.table.as_mut().filter(|t| {
            let theirs = t.theirs();
            t.end.is_none()
                && if draw {
                    t.draw_offered_by(theirs)
                } else {
                    t.takeback_asked_by(theirs)
                }
        });
        match (standing, self.game_id.clone()) {
            (Some(table), Some(game)) => {
                let (awaiting, request) = if draw {
                    table.declined_draw = true;
                    (Awaiting::DeclineDraw, Request::Draw { game, yes: false })
                } else {
                    table.declined_takeback = true;
                    (
                        Awaiting::DeclineTakeback,
                        Request::Takeback { game, yes: false },
                    )
                };
                self.send(awaiting, request, out);
            }
            _ => out.reports.push(said(
                Priority::Reply,
                if draw {
                    word(Word::NoDrawOffer)
                } else {
                    vec![
                        Token::Word(Word::DeclineTakeback),
                        Token::Pause,
                        Token::Word(Word::NotPossibleNow),
                    ]
                },
            )),
        }
    }

    /// The time passed: waits may be over.
    pub fn tick(&mut self, now: Duration) -> Step {
        let mut out = Step::default();
        if matches!(self.phase, Phase::Stopped | Phase::Idle) {
            return out;
        }
        if self.throttled_until.is_some_and(|until| now >= until) {
            self.throttled_until = None;
            for (awaiting, request) in std::mem::take(&mut self.held) {
                self.send(awaiting, request, &mut out);
            }
            if self
                .table
                .as_ref()
                .and_then(|t| t.ours.as_ref())
                .is_some_and(|o| o.send == Sending::Waiting)
            {
                self.send_ours(&mut out);
            }
        }
        if self.sign_in_at.is_some_and(|at| now >= at) {
            self.sign_in_at = None;
            self.sign_in(now, &mut out);
        }
        for kind in KINDS {
            if let Slot::Retry(at) = self.stream(kind).slot
                && now >= at
            {
                self.stream_mut(kind).slot = Slot::Idle;
                if self.wants(kind) {
                    self.open(kind, now, &mut out);
                }
            }
        }
        if let Some(ended) = self.seek_ended_at
            && now >= ended + self.patience.seek_grace
        {
            self.seek_ended_at = None;
            if self.phase == Phase::Lobby {
                out.reports
                    .push(said(Priority::Reply, word(Word::SeekExpired)));
                self.open(Kind::Seek, now, &mut out);
            }
        }
        if let Some((done, how)) = self.challenge_done.clone()
            && now >= done + self.patience.seek_grace
        {
            self.challenge_done = None;
            if self.phase == Phase::Lobby {
                out.reports.push(said_with(
                    Priority::Alert,
                    word(Word::ChallengeDeclined),
                    how,
                ));
                self.stop(Trouble::Refused, &mut out);
                return out;
            }
        }
        if let Some(table) = self.table.as_mut() {
            out.reports.extend(table.tick(now));
        }
        out
    }

    /// When [`Online::tick`] must be called next.
    pub fn next_deadline(&self) -> Option<Duration> {
        if matches!(self.phase, Phase::Stopped | Phase::Idle) {
            return None;
        }
        let retries = KINDS.iter().filter_map(|k| match self.stream(*k).slot {
            Slot::Retry(at) => Some(at),
            _ => None,
        });
        retries
            .chain(self.throttled_until)
            .chain(self.sign_in_at)
            .chain(self.seek_ended_at.map(|at| at + self.patience.seek_grace))
            .chain(
                self.challenge_done
                    .as_ref()
                    .map(|(at, _)| *at + self.patience.seek_grace),
            )
            .chain(self.table.as_ref().and_then(Table::claim_deadline))
            .min()
    }

    // --- requests and streams ---

    fn new_id(&mut self) -> RequestId {
        self.next_id += 1;
        RequestId(self.next_id)
    }

    fn stream(&self, kind: Kind) -> &Stream {
        &self.streams[&kind]
    }

    fn stream_mut(&mut self, kind: Kind) -> &mut Stream {
        self.streams
            .get_mut(&kind)
            .expect("every kind has its slot")
    }

    fn kind_of(&self, id: RequestId) -> Option<Kind> {
        KINDS.into_iter().find(|k| self.stream(*k).id() == Some(id))
    }

    /// Sends a request that is not a stream (held while lichess asked to wait).
    fn send(&mut self, awaiting: Awaiting, request: Request, out: &mut Step) -> Option<RequestId> {
        if self.throttled_until.is_some() {
            self.held.push((awaiting, request));
            return None;
        }
        let id = self.new_id();
        self.awaiting.insert(id, (awaiting, request.clone()));
        out.orders.push(Order::Send(id, request));
        Some(id)
    }

    fn sign_in(&mut self, now: Duration, out: &mut Step) {
        if self.throttled_until.is_some() {
            self.sign_in_at = self.throttled_until.max(Some(now));
            return;
        }
        self.send(Awaiting::Account, Request::Account, out);
    }

    /// Whether `kind` should be open now.
    fn wants(&self, kind: Kind) -> bool {
        match kind {
            Kind::Events => matches!(self.phase, Phase::Lobby | Phase::Playing),
            Kind::Seek => self.phase == Phase::Lobby && matches!(self.plan, Plan::Seek { .. }),
            Kind::Challenge => {
                self.phase == Phase::Lobby && matches!(self.plan, Plan::Challenge(_))
            }
            Kind::Game => self.phase == Phase::Playing && self.game_id.is_some(),
        }
    }

    fn request_of(&self, kind: Kind) -> Option<Request> {
        Some(match kind {
            Kind::Events => Request::EventStream,
            Kind::Seek => match &self.plan {
                Plan::Seek { control, rated } => Request::Seek {
                    control: *control,
                    rated: *rated,
                },
                _ => return None,
            },
            Kind::Challenge => match &self.plan {
                Plan::Challenge(spec) => Request::Challenge(spec.clone()),
                _ => return None,
            },
            Kind::Game => Request::GameStream(self.game_id.clone()?),
        })
    }

    /// Opens a stream (or waits for the end of lichess's pause).
    fn open(&mut self, kind: Kind, now: Duration, out: &mut Step) {
        if let Some(until) = self.throttled_until {
            self.stream_mut(kind).slot = Slot::Retry(until.max(now));
            return;
        }
        let Some(request) = self.request_of(kind) else {
            return;
        };
        let id = self.new_id();
        if kind == Kind::Game {
            self.game_streams += 1;
        }
        let stream = self.stream_mut(kind);
        stream.slot = Slot::Opening(id);
        stream.heard = false;
        out.orders.push(Order::Send(id, request));
    }

    fn close(&mut self, kind: Kind, out: &mut Step) {
        if let Some(id) = self.stream(kind).id() {
            out.orders.push(Order::Close(id));
        }
        self.stream_mut(kind).slot = Slot::Idle;
    }

    /// Closes a stream and opens it anew at once (to read the game's state afresh).
    fn reopen(&mut self, kind: Kind, now: Duration, out: &mut Step) {
        if matches!(self.stream(kind).slot, Slot::Retry(_)) {
            return;
        }
        self.close(kind, out);
        self.open(kind, now, out);
    }

    fn opened(&mut self, kind: Kind, id: RequestId, now: Duration, out: &mut Step) {
        self.stream_mut(kind).slot = Slot::Open(id);
        if kind == Kind::Game {
            self.game_stream_number = self.game_streams;
        }
        if kind == Kind::Events && self.phase == Phase::Lobby {
            self.stream_mut(kind).failures = 0;
            if std::mem::take(&mut self.line_down) {
                out.reports
                    .push(said(Priority::Move, word(Word::Reconnected)));
                // A challenge's stream is not watched for silence (the API promises no line
                // on it until its end): after the line was down it may be dead, and the
                // challenge with it. It is made again (a game of the earlier one is ours
                // still).
                if self.stream(Kind::Challenge).id().is_some() {
                    self.close(Kind::Challenge, out);
                }
            }
            // The event stream first, then the seek or challenge (so that its game is not
            // missed), as lichess advises.
            for then in [Kind::Seek, Kind::Challenge] {
                if self.wants(then)
                    && self.stream(then).slot == Slot::Idle
                    && self.seek_ended_at.is_none()
                {
                    self.open(then, now, out);
                }
            }
        }
    }

    /// A stream ended.
    fn closed(&mut self, kind: Kind, closing: Closing, now: Duration, out: &mut Step) {
        match closing {
            Closing::Ended => match kind {
                // The seek was taken (its game starts on the event stream) or expired.
                Kind::Seek => {
                    if self.phase == Phase::Lobby {
                        self.seek_ended_at = Some(now);
                    }
                }
                // The challenge was accepted, declined or withdrawn: the event stream says.
                Kind::Challenge => {}
                _ if !self.wants(kind) => {}
                _ => self.lost(kind, "closed by the server".to_string(), now, out),
            },
            // The game's stream promises no keep-alive (api-board-game-stream-gameId.yaml):
            // after its first line, silence may be a quiet game; it is read afresh, and the
            // line is said to be down only if that fails.
            Closing::Silent if kind == Kind::Game && self.stream(kind).heard => {
                if self.wants(kind) {
                    out.reports
                        .push(Report::Log("game stream silent: read afresh".to_string()));
                    self.open(kind, now, out);
                }
            }
            Closing::Silent => {
                if self.wants(kind) {
                    self.lost(kind, "silent too long".to_string(), now, out);
                }
            }
            Closing::Cut(why) => {
                if self.wants(kind) {
                    self.lost(kind, why, now, out);
                }
            }
            Closing::Refused(answer) => match answer.verdict() {
                Verdict::Unauthorized(why) => self.token_refused(&why, out),
                Verdict::LacksScope => self.lacks_scope(out),
                Verdict::RateLimited => {
                    self.throttle(now, out);
                    let until = self.throttled_until.unwrap_or(now);
                    self.stream_mut(kind).slot = Slot::Retry(until);
                }
                Verdict::NotFound(why) if kind == Kind::Game => {
                    out.reports.push(Report::Log(format!("game stream: {why}")));
                    out.reports
                        .push(said(Priority::Alert, word(Word::GameNotFound)));
                    self.stop(Trouble::GameNotFound, out);
                }
                Verdict::NotFound(why) | Verdict::Refused(why)
                    if matches!(kind, Kind::Seek | Kind::Challenge) =>
                {
                    let tokens = if kind == Kind::Challenge {
                        word(Word::ChallengeDeclined)
                    } else {
                        word(Word::RefusedByServer)
                    };
                    out.reports.push(said_with(Priority::Alert, tokens, why));
                    self.stop(Trouble::Refused, out);
                }
                Verdict::ServerFault(code, why) => {
                    self.lost(kind, format!("server error {code}: {why}"), now, out)
                }
                Verdict::Unreachable(why) => self.lost(kind, why, now, out),
                other => self.lost(kind, format!("{other:?}"), now, out),
            },
        }
    }

    /// A stream was lost: it is opened again after a wait; the player hears of it when it is
    /// the line the game (or the lobby) lives on.
    fn lost(&mut self, kind: Kind, why: String, now: Duration, out: &mut Step) {
        out.reports
            .push(Report::Log(format!("{kind:?} stream lost: {why}")));
        let vital = kind == Kind::Game || (kind == Kind::Events && self.phase == Phase::Lobby);
        let stream = self.stream_mut(kind);
        stream.failures += 1;
        stream.garbage = 0;
        let failures = stream.failures;
        let wait = self.patience.backoff(failures);
        if vital && !self.line_down {
            self.line_down = true;
            out.reports
                .push(said(Priority::Alert, word(Word::ConnectionLost)));
        } else if vital && wait >= self.patience.tell_retry_from {
            let mut tokens = word(Word::StillNoConnection);
            tokens.extend(crate::clock::announce::time_tokens(wait, Duration::MAX));
            out.reports.push(said(Priority::Reply, tokens));
        }
        let at = (now + wait).max(self.throttled_until.unwrap_or(now));
        self.stream_mut(kind).slot = Slot::Retry(at);
    }

    /// lichess asked to wait (429): nothing is sent for a minute.
    fn throttle(&mut self, now: Duration, out: &mut Step) {
        let until = now + self.patience.rate_limit;
        if self.throttled_until.is_none_or(|t| t < until) {
            self.throttled_until = Some(until);
        }
        let mut tokens = word(Word::ServerAsksToWait);
        tokens.extend(crate::clock::announce::time_tokens(
            self.patience.rate_limit,
            Duration::MAX,
        ));
        out.reports.push(said(Priority::Reply, tokens));
    }

    fn token_refused(&mut self, why: &str, out: &mut Step) {
        out.reports
            .push(Report::Log(format!("the token was refused: {why}")));
        out.reports
            .push(said(Priority::Alert, word(Word::TokenRefused)));
        self.stop(Trouble::TokenRefused, out);
    }

    fn lacks_scope(&mut self, out: &mut Step) {
        out.reports
            .push(said(Priority::Alert, word(Word::TokenLacksScope)));
        self.stop(Trouble::TokenLacksScope, out);
    }

    /// Nothing more can happen: every stream is closed.
    fn stop(&mut self, trouble: Trouble, out: &mut Step) {
        for kind in KINDS {
            self.close(kind, out);
        }
        self.phase = Phase::Stopped;
        self.held.clear();
        out.reports.push(Report::Stopped(trouble));
    }

    // --- answers ---

    fn answered(
        &mut self,
        request: Request,
        awaiting: Awaiting,
        answer: Answer,
        now: Duration,
        out: &mut Step,
    ) {
        let verdict = answer.verdict();
        match &verdict {
            Verdict::Unauthorized(why) => return self.token_refused(why, out),
            Verdict::LacksScope => return self.lacks_scope(out),
            Verdict::RateLimited => {
                self.throttle(now, out);
                match awaiting {
                    Awaiting::Account => self.sign_in_at = self.throttled_until,
                    Awaiting::Move => {
                        if let Some(ours) = self.table.as_mut().and_then(|t| t.ours.as_mut()) {
                            ours.send = Sending::Waiting;
                        }
                    }
                    // Sent again as it was once lichess's pause is over (an answer to a
                    // challenge, a line of the chat, an offer), not dropped.
                    other => self.held.push((other, request)),
                }
                return;
            }
            _ => {}
        }
        match awaiting {
            Awaiting::Account => self.signed_in(verdict, &answer, now, out),
            Awaiting::Move => self.move_answered(verdict, now, out),
            Awaiting::Intent(intent) => match verdict {
                Verdict::Ok => {}
                Verdict::Unreachable(why) => {
                    out.reports.push(Report::Log(format!("{intent:?}: {why}")));
                    out.reports.push(said(
                        Priority::Reply,
                        vec![
                            Token::Word(intent.word()),
                            Token::Pause,
                            Token::Word(Word::NotSent),
                        ],
                    ));
                }
                Verdict::Refused(why) | Verdict::NotFound(why) | Verdict::ServerFault(_, why) => {
                    out.reports.push(said_with(
                        Priority::Reply,
                        vec![
                            Token::Word(intent.word()),
                            Token::Pause,
                            Token::Word(Word::RefusedByServer),
                        ],
                        why,
                    ));
                }
                _ => {}
            },
            Awaiting::Accept(id) => match verdict {
                Verdict::Ok => out
                    .reports
                    .push(Report::Log(format!("challenge {id} accepted"))),
                Verdict::NotFound(_) => {
                    out.reports
                        .push(said(Priority::Reply, word(Word::ChallengeWithdrawn)));
                    self.ask_next(out);
                }
                other => {
                    out.reports.push(said_with(
                        Priority::Reply,
                        word(Word::RefusedByServer),
                        format!("{other:?}"),
                    ));
                    self.ask_next(out);
                }
            },
            Awaiting::DeclineDraw
            | Awaiting::DeclineTakeback
            | Awaiting::Decline
            | Awaiting::Chat => {
                if verdict != Verdict::Ok {
                    out.reports
                        .push(Report::Log(format!("{awaiting:?} not done: {verdict:?}")));
                }
            }
        }
    }

    fn signed_in(&mut self, verdict: Verdict, answer: &Answer, now: Duration, out: &mut Step) {
        match verdict {
            Verdict::Ok => {
                let body = match answer {
                    Answer::Status { body, .. } => body.as_str(),
                    Answer::Unreachable(_) => "",
                };
                match serde_json::from_str::<Account>(body) {
                    Ok(account) => {
                        self.sign_in_failures = 0;
                        let name = if account.username.is_empty() {
                            account.id.clone()
                        } else {
                            account.username.clone()
                        };
                        out.reports
                            .push(said_with(Priority::Reply, word(Word::SignedInAs), name));
                        self.account = Some(account);
                        self.enter_lobby(now, out);
                    }
                    Err(err) => {
                        out.reports
                            .push(Report::Log(format!("/api/account does not read: {err}")));
                        out.reports
                            .push(said(Priority::Alert, word(Word::ServerGarbage)));
                        self.retry_sign_in(now, out);
                    }
                }
            }
            Verdict::Unreachable(why) | Verdict::ServerFault(_, why) => {
                out.reports.push(Report::Log(format!("sign in: {why}")));
                if self.sign_in_failures == 0 {
                    out.reports
                        .push(said(Priority::Alert, word(Word::ServerUnreachable)));
                }
                self.retry_sign_in(now, out);
            }
            Verdict::Refused(why) | Verdict::NotFound(why) => {
                out.reports
                    .push(said_with(Priority::Alert, word(Word::ServerFailed), why));
                self.retry_sign_in(now, out);
            }
            Verdict::Unauthorized(_) | Verdict::LacksScope | Verdict::RateLimited => {}
        }
    }

    fn retry_sign_in(&mut self, now: Duration, out: &mut Step) {
        self.sign_in_failures += 1;
        let wait = self.patience.backoff(self.sign_in_failures);
        if self.sign_in_failures > 1 && wait >= self.patience.tell_retry_from {
            let mut tokens = word(Word::StillNoConnection);
            tokens.extend(crate::clock::announce::time_tokens(wait, Duration::MAX));
            out.reports.push(said(Priority::Reply, tokens));
        }
        self.sign_in_at = Some(now + wait);
    }

    fn enter_lobby(&mut self, now: Duration, out: &mut Step) {
        self.phase = Phase::Lobby;
        match self.plan.clone() {
            Plan::Seek { control, rated } => {
                let mut tokens = word(Word::Seeking);
                tokens.push(Token::Pause);
                tokens.extend(control.tokens());
                tokens.extend([
                    Token::Pause,
                    Token::Word(if rated { Word::Rated } else { Word::Casual }),
                ]);
                out.reports.push(said(Priority::Reply, tokens));
            }
            Plan::Challenge(ChallengeSpec { user, .. }) => {
                out.reports
                    .push(said_with(Priority::Reply, word(Word::ChallengeSent), user));
            }
            Plan::Accept => out
                .reports
                .push(said(Priority::Reply, word(Word::WaitingForChallenge))),
            Plan::Join(id) => {
                self.game_id = Some(id);
                self.phase = Phase::Playing;
                self.open(Kind::Game, now, out);
            }
        }
        self.open(Kind::Events, now, out);
    }

    fn move_answered(&mut self, verdict: Verdict, now: Duration, out: &mut Step) {
        let streams_asked = self.game_streams;
        let resends = self.patience.resends;
        let Some(table) = self.table.as_mut() else {
            return;
        };
        let Some(ours) = table.ours.as_mut() else {
            // The stream showed it already.
            return;
        };
        match verdict {
            Verdict::Ok => {
                let mv = ours.mv;
                let told = ours.told_waiting;
                table.ours = None;
                out.reports.push(Report::Delivered(mv));
                if told {
                    out.reports
                        .push(said(Priority::Reply, word(Word::MoveDelivered)));
                }
            }
            Verdict::Refused(why) | Verdict::NotFound(why) if ours.resends == 0 => {
                let mv = ours.mv;
                table.ours = None;
                table.moves.pop();
                out.reports
                    .push(Report::Log(format!("move {} refused: {why}", uci(mv))));
                out.reports.push(said_with(
                    Priority::Alert,
                    word(Word::MoveRefusedByServer),
                    why,
                ));
                out.reports.push(Report::TakenBack(1));
            }
            // A move sent again and refused may have arrived the first time after all (the
            // server was slow): the game's state decides, as for a lost answer.
            Verdict::Refused(why)
            | Verdict::NotFound(why)
            | Verdict::Unreachable(why)
            | Verdict::ServerFault(_, why) => {
                out.reports.push(Report::Log(format!(
                    "the answer to move {} was lost: {why}",
                    uci(ours.mv)
                )));
                if ours.resends >= resends {
                    table.ours = None;
                    table.moves.pop();
                    out.reports.push(said_with(
                        Priority::Alert,
                        word(Word::MoveRefusedByServer),
                        why,
                    ));
                    out.reports.push(Report::TakenBack(1));
                    return;
                }
                ours.send = Sending::Unknown {
                    after: streams_asked,
                };
                if !ours.told_waiting {
                    ours.told_waiting = true;
                    out.reports
                        .push(said(Priority::Reply, word(Word::MoveWaitsForLine)));
                }
                // The game's state decides: read it afresh.
                self.reopen(Kind::Game, now, out);
            }
            Verdict::Unauthorized(_) | Verdict::LacksScope | Verdict::RateLimited => {}
        }
    }

    // --- lines ---

    fn line(&mut self, kind: Kind, line: &str, now: Duration, out: &mut Step) {
        self.stream_mut(kind).heard = true;
        match kind {
            Kind::Events => match parse_event_line(line) {
                Parsed::KeepAlive => self.good_line(kind),
                Parsed::Line(event) => {
                    self.good_line(kind);
                    self.event(event, now, out);
                }
                Parsed::Unknown(kind_name) => out.reports.push(Report::Log(format!(
                    "event of a kind not known passed over: {kind_name}"
                ))),
                Parsed::Garbage(why) => self.garbage(kind, why, now, out),
            },
            Kind::Game => match parse_game_line(line) {
                Parsed::KeepAlive => {}
                Parsed::Line(game_line) => self.game_line(game_line, now, out),
                Parsed::Unknown(kind_name) => out.reports.push(Report::Log(format!(
                    "game line of a kind not known passed over: {kind_name}"
                ))),
                Parsed::Garbage(why) => self.garbage(kind, why, now, out),
            },
            // A seek's stream sends only keep-alives; a challenge's its challenge and, at
            // the end, {"done": …}: the event stream says what they mean.
            Kind::Seek => {}
            Kind::Challenge => self.challenge_line(line, now, out),
        }
    }

    fn good_line(&mut self, kind: Kind) {
        let stream = self.stream_mut(kind);
        stream.garbage = 0;
        stream.failures = 0;
    }

    fn garbage(&mut self, kind: Kind, why: String, now: Duration, out: &mut Step) {
        out.reports
            .push(Report::Log(format!("{kind:?} stream: {why}")));
        let limit = self.patience.garbage_lines;
        let stream = self.stream_mut(kind);
        stream.garbage += 1;
        if stream.garbage >= limit {
            out.reports
                .push(said(Priority::Alert, word(Word::ServerGarbage)));
            self.close(kind, out);
            self.lost(kind, "lines that do not read".to_string(), now, out);
        }
    }

    fn challenge_line(&mut self, line: &str, now: Duration, out: &mut Step) {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
            return;
        };
        let challenge = value.get("challenge").unwrap_or(&value);
        if let Some(id) = challenge.get("id").and_then(|id| id.as_str())
            && is_path_safe(id)
        {
            self.our_challenge(id);
        }
        if let Some(done) = value.get("done") {
            out.reports
                .push(Report::Log(format!("challenge stream: done {done}")));
            // `{"done": "accepted"}`: the game starts on the event stream. Declined or
            // canceled: the event stream's `challengeDeclined` tells why, unless it was missed
            // (the event stream down meanwhile); then the end is said without the reason.
            let how = done.as_str().unwrap_or_default();
            if how != "accepted" && self.phase == Phase::Lobby {
                self.challenge_done = Some((now, how.chars().take(40).collect()));
            }
        }
    }

    fn event(&mut self, event: EventLine, now: Duration, out: &mut Step) {
        match event {
            EventLine::GameStart(game) => {
                let ours = match &self.plan {
                    Plan::Challenge(_) => self.our_challenges.contains(&game.game_id),
                    Plan::Join(id) => *id == game.game_id,
                    // A game under way is joined where it stands (the program was left), but
                    // not a correspondence game unasked: a correspondence player may have
                    // many under way, each a move in days, and the event stream names them all.
                    Plan::Seek { .. } | Plan::Accept => {
                        !game.is_correspondence() || self.accepted.contains(&game.game_id)
                    }
                };
                let joinable = self.phase == Phase::Lobby
                    && ours
                    && game.playable()
                    && !self.passed_over.contains(&game.game_id)
                    && is_path_safe(&game.game_id);
                if !joinable {
                    let why = if ours { "" } else { " (not this plan's game)" };
                    out.reports.push(Report::Log(format!(
                        "gameStart {} passed over{why}",
                        game.game_id
                    )));
                    return;
                }
                self.game_id = Some(game.game_id.clone());
                self.our_color = game.color;
                self.phase = Phase::Playing;
                self.asked = None;
                self.seek_ended_at = None;
                self.close(Kind::Seek, out);
                self.close(Kind::Challenge, out);
                self.open(Kind::Game, now, out);
            }
            EventLine::GameFinish(game) => {
                let ours = self.game_id.as_deref() == Some(&game.game_id);
                let unfinished = self.table.as_ref().is_none_or(|t| t.end.is_none());
                // The game stream tells the end; if it is down, read it now.
                if ours && unfinished && self.phase == Phase::Playing {
                    match self.stream(Kind::Game).slot {
                        Slot::Retry(_) | Slot::Idle => {
                            self.stream_mut(Kind::Game).slot = Slot::Idle;
                            self.open(Kind::Game, now, out);
                        }
                        Slot::Opening(_) | Slot::Open(_) => {}
                    }
                }
            }
            EventLine::Challenge(challenge, compat) => {
                let me = self.account.as_ref().map(|a| a.id.as_str());
                let outgoing = challenge.direction.as_deref() == Some("out")
                    || Some(challenge.challenger.id.as_str()) == me;
                if outgoing {
                    let to = challenge.dest_user.as_ref().map(|u| u.id.as_str());
                    let to_ours = matches!(&self.plan, Plan::Challenge(spec)
                        if to.is_some_and(|to| to.eq_ignore_ascii_case(&spec.user)));
                    if is_path_safe(&challenge.id) && (self.our_challenges.is_empty() || to_ours) {
                        self.our_challenge(&challenge.id);
                    }
                    return;
                }
                if self.plan != Plan::Accept || self.phase != Phase::Lobby {
                    out.reports.push(Report::Log(format!(
                        "challenge {} from {} left alone",
                        challenge.id, challenge.challenger.name
                    )));
                    return;
                }
                if !is_path_safe(&challenge.id) {
                    return;
                }
                if !challenge.variant.is_standard() {
                    self.decline(&challenge.id, "standard", out);
                    out.reports.push(said_with(
                        Priority::Reply,
                        word(Word::OnlyStandardChess),
                        challenge.challenger.name.clone(),
                    ));
                    return;
                }
                if !compat.board || challenge.too_fast_for_board() {
                    self.decline(&challenge.id, "tooFast", out);
                    out.reports.push(said_with(
                        Priority::Reply,
                        word(Word::TooFastForBoard),
                        challenge.challenger.name.clone(),
                    ));
                    return;
                }
                if self.incoming.iter().all(|c| c.id != challenge.id) {
                    self.incoming.push(*challenge);
                }
                if self.asked.is_none() {
                    self.ask_next(out);
                }
            }
            EventLine::ChallengeCanceled(challenge) => {
                self.incoming.retain(|c| c.id != challenge.id);
                if self.asked == Some(Question::Challenge(challenge.id.clone())) {
                    self.asked = None;
                    out.reports.push(said_with(
                        Priority::Reply,
                        word(Word::ChallengeWithdrawn),
                        challenge.challenger.name.clone(),
                    ));
                    self.ask_next(out);
                }
            }
            EventLine::ChallengeDeclined(challenge) => {
                if self.our_challenges.contains(&challenge.id) && self.phase == Phase::Lobby {
                    let reason = challenge
                        .decline_reason
                        .clone()
                        .or(challenge.decline_reason_key.clone())
                        .unwrap_or_default();
                    out.reports.push(said_with(
                        Priority::Alert,
                        word(Word::ChallengeDeclined),
                        reason,
                    ));
                    self.stop(Trouble::Refused, out);
                }
            }
        }
    }

    /// `id` is a challenge of ours.
    fn our_challenge(&mut self, id: &str) {
        if !self.our_challenges.iter().any(|known| known == id) {
            self.our_challenges.push(id.to_string());
        }
    }

    fn decline(&mut self, id: &str, reason: &'static str, out: &mut Step) {
        self.send(
            Awaiting::Decline,
            Request::DeclineChallenge {
                id: id.to_string(),
                reason,
            },
            out,
        );
    }

    /// Asks about the next challenge waiting: who offers what, "annehmen? ja oder nein".
    fn ask_next(&mut self, out: &mut Step) {
        if self.phase != Phase::Lobby {
            return;
        }
        let Some(challenge) = self.incoming.first().cloned() else {
            return;
        };
        let who = match &challenge.challenger.title {
            Some(title) if !title.is_empty() => format!("{title} {}", challenge.challenger.name),
            _ => challenge.challenger.name.clone(),
        };
        out.reports
            .push(said_with(Priority::Move, word(Word::ChallengeFrom), who));
        let mut tokens = Vec::new();
        if let Some(rating) = challenge.challenger.rating {
            tokens.extend([
                Token::Word(Word::Rating),
                Token::Number(rating),
                Token::Pause,
            ]);
        }
        let control = &challenge.time_control;
        match (control.kind.as_str(), control.limit, control.increment) {
            ("clock", Some(limit), increment) => tokens.extend(
                super::OnlineControl::new(
                    Duration::from_secs(limit),
                    Duration::from_secs(increment.unwrap_or(0)),
                )
                .tokens(),
            ),
            ("correspondence", _, _) => {
                tokens.push(Token::Number(control.days_per_turn.unwrap_or(1)));
                tokens.push(Token::Word(Word::DaysPerMove));
            }
            _ => tokens.push(Token::Word(Word::NoClock)),
        }
        tokens.extend([
            Token::Pause,
            Token::Word(if challenge.rated {
                Word::Rated
            } else {
                Word::Casual
            }),
            Token::Pause,
        ]);
        // The challenger's colour is the one asked for; ours is the other.
        match challenge.color.as_str() {
            "white" => tokens.extend([Token::Word(Word::YouPlay), Token::Side(Color::Black)]),
            "black" => tokens.extend([Token::Word(Word::YouPlay), Token::Side(Color::White)]),
            _ => tokens.push(Token::Word(Word::ColourByLot)),
        }
        tokens.extend([
            Token::Pause,
            Token::Word(Word::AcceptQuestion),
            Token::Word(Word::Yes),
            Token::Word(Word::Or),
            Token::Word(Word::No),
        ]);
        out.reports.push(said(Priority::Move, tokens));
        self.asked = Some(Question::Challenge(challenge.id));
    }

    fn game_line(&mut self, line: GameLine, now: Duration, out: &mut Step) {
        match line {
            GameLine::Full(full) => self.game_full(*full, now, out),
            GameLine::State(state) => {
                if self.table.is_none() {
                    return self.garbage(
                        Kind::Game,
                        "a gameState before the gameFull".to_string(),
                        now,
                        out,
                    );
                }
                self.stream_mut(Kind::Game).garbage = 0;
                self.apply(state, now, None, out);
            }
            GameLine::Chat(line) => {
                out.reports.push(Report::Log(format!(
                    "chat ({}) {}: {}",
                    line.room, line.username, line.text
                )));
                if let Some(table) = self.table.as_mut()
                    && line.room != "spectator"
                {
                    table.chat.push(line);
                }
            }
            GameLine::OpponentGone(gone) => {
                if let Some(table) = self.table.as_mut() {
                    out.reports.extend(table.opponent_gone(
                        gone.gone,
                        gone.claim_win_in_seconds,
                        now,
                    ));
                }
            }
        }
    }

    fn game_full(&mut self, full: GameFull, now: Duration, out: &mut Step) {
        if self.game_id.as_deref() != Some(&full.id) {
            return self.garbage(
                Kind::Game,
                format!("a gameFull of another game ({})", full.id),
                now,
                out,
            );
        }
        let number = self.game_stream_number;
        self.good_line(Kind::Game);
        if self.table.is_none() {
            let me = self.account.as_ref().map(|a| a.id.to_lowercase());
            let ours = self.our_color.or_else(|| {
                let is_me =
                    |side: Color| full.player(side).id.as_ref().map(|id| id.to_lowercase()) == me;
                [Color::White, Color::Black].into_iter().find(|s| is_me(*s))
            });
            let Some(ours) = ours else {
                return self.garbage(
                    Kind::Game,
                    "a game this account does not play".to_string(),
                    now,
                    out,
                );
            };
            if !full.variant.is_standard() {
                return self.not_standard(full.id, full.variant.key, now, out);
            }
            let mut table = match Table::new(&full, ours) {
                Ok(table) => table,
                Err(why) => return self.garbage(Kind::Game, why, now, out),
            };
            if let Some(here) = self.here.take()
                && !table.continue_from(&here, number)
            {
                out.reports.push(Report::Log(format!(
                    "the game {} on the server never stood where the journal begins",
                    full.id
                )));
                out.reports
                    .push(said(Priority::Alert, word(Word::GameNotFound)));
                return self.stop(Trouble::GameNotFound, out);
            }
            out.reports
                .push(Report::Started(Box::new(table.facts.clone())));
            out.reports.extend(table.introduction(&full.state));
            self.table = Some(table);
            self.line_down = false;
        } else if std::mem::take(&mut self.line_down) {
            out.reports
                .push(said(Priority::Move, word(Word::Reconnected)));
            // Whose move it is comes after the moves the server had meanwhile.
            self.apply(full.state, now, Some(number), out);
            if let Some(table) = &self.table
                && table.end.is_none()
            {
                out.reports.push(said(
                    Priority::Move,
                    vec![Token::Side(table.turn()), Token::Word(Word::ToMove)],
                ));
            }
            return;
        }
        self.apply(full.state, now, Some(number), out);
    }

    /// A game in another variant than standard chess (its `gameFull` says so; the event
    /// stream's `variant` may be left out): not played. A game asked for by name (joined, or
    /// our challenge) ends the plan; one found on the event stream is passed over and the
    /// lobby goes on (the seek made again).
    fn not_standard(&mut self, id: String, variant: String, now: Duration, out: &mut Step) {
        out.reports.push(Report::Log(format!(
            "the game {id} is {variant}, not standard chess: not played"
        )));
        out.reports
            .push(said(Priority::Alert, word(Word::NotStandardGame)));
        match self.plan {
            Plan::Join(_) | Plan::Challenge(_) => self.stop(Trouble::NotStandardChess, out),
            Plan::Seek { .. } | Plan::Accept => {
                self.passed_over.push(id);
                self.close(Kind::Game, out);
                self.game_id = None;
                self.our_color = None;
                self.phase = Phase::Lobby;
                if matches!(self.stream(Kind::Events).slot, Slot::Open(_)) {
                    for kind in [Kind::Seek, Kind::Challenge] {
                        if self.wants(kind) && self.stream(kind).slot == Slot::Idle {
                            self.open(kind, now, out);
                        }
                    }
                }
            }
        }
    }

    fn apply(
        &mut self,
        state: super::wire::GameState,
        now: Duration,
        fresh: Option<u64>,
        out: &mut Step,
    ) {
        let Some(table) = self.table.as_mut() else {
            return;
        };
        match table.apply(state, now, fresh, &mut out.reports) {
            Ok(applied) => {
                if applied.ended {
                    self.finish(out);
                } else if applied.send_ours {
                    if let Some(ours) = table.ours.as_mut() {
                        ours.resends += 1;
                    }
                    self.send_ours(out);
                }
            }
            Err(why) => self.garbage(Kind::Game, why, now, out),
        }
    }

    /// The game ended: every stream is closed.
    fn finish(&mut self, out: &mut Step) {
        if let Some(table) = self.table.as_mut()
            && let Some(ours) = table.ours.take()
        {
            // The server ended the game without it.
            table.moves.pop();
            out.reports.push(Report::Log(format!(
                "move {} not played: the game ended first",
                uci(ours.mv)
            )));
            out.reports.push(Report::TakenBack(1));
        }
        self.phase = Phase::Over;
        self.asked = None;
        for kind in KINDS {
            self.close(kind, out);
        }
    }

    // --- the player ---

    fn our_move(&mut self, m: shakmaty::Move, out: &mut Step) {
        let line_down = self.line_down;
        let Some(table) = self.table.as_mut() else {
            out.reports
                .push(Report::Log("a move before the game".to_string()));
            out.reports.push(Report::Rejected(m));
            return;
        };
        let position = table.position();
        let playable = self.phase == Phase::Playing
            && table.end.is_none()
            && table.ours.is_none()
            && table.turn() == table.facts.ours
            && position.is_legal(m);
        if !playable {
            out.reports.push(Report::Log(format!(
                "move {} not taken: not ours to send now",
                uci(m)
            )));
            out.reports.push(Report::Rejected(m));
            return;
        }
        table.moves.push(m);
        table.ours = Some(OurMove {
            mv: m,
            send: Sending::Waiting,
            told_waiting: line_down,
            offering_draw: false,
            resends: 0,
        });
        if line_down {
            out.reports
                .push(said(Priority::Reply, word(Word::MoveWaitsForLine)));
        }
        self.send_ours(out);
    }

    /// Sends our move (now, or after lichess's pause).
    fn send_ours(&mut self, out: &mut Step) {
        let Some(game) = self.game_id.clone() else {
            return;
        };
        let throttled = self.throttled_until.is_some();
        let Some(ours) = self.table.as_mut().and_then(|t| t.ours.as_mut()) else {
            return;
        };
        if throttled {
            ours.send = Sending::Waiting;
            return;
        }
        let request = Request::Move {
            game,
            uci: uci(ours.mv),
            offering_draw: ours.offering_draw,
        };
        self.next_id += 1;
        let id = RequestId(self.next_id);
        ours.send = Sending::InFlight(id);
        self.awaiting.insert(id, (Awaiting::Move, request.clone()));
        out.orders.push(Order::Send(id, request));
    }

    /// Whether `intent` can be asked for now; else why not, in words.
    fn possible(&self, intent: Intent, now: Duration) -> Result<(), Vec<Token>> {
        let not_now = || {
            vec![
                Token::Word(intent.word()),
                Token::Pause,
                Token::Word(Word::NotPossibleNow),
            ]
        };
        let Some(table) = self.table.as_ref().filter(|t| t.end.is_none()) else {
            return Err(not_now());
        };
        if self.phase != Phase::Playing {
            return Err(not_now());
        }
        let ours = table.facts.ours;
        let theirs = table.theirs();
        let plies = table.moves.len();
        let ok = match intent {
            Intent::OfferDraw => !table.draw_offered_by(ours),
            Intent::AcceptDraw => table.draw_offered_by(theirs),
            Intent::ProposeTakeback => {
                let our_moves = (0..plies)
                    .filter(|i| super::game::side_after(&table.facts.start, *i) == ours)
                    .count();
                our_moves > 0 && !table.takeback_asked_by(ours)
            }
            Intent::AcceptTakeback => table.takeback_asked_by(theirs),
            Intent::Resign => true,
            Intent::Abort => plies < 2,
            Intent::ClaimVictory | Intent::ClaimDraw => table.can_claim(now),
        };
        if ok {
            Ok(())
        } else if intent == Intent::AcceptDraw {
            Err(word(Word::NoDrawOffer))
        } else {
            Err(not_now())
        }
    }

    fn intent_request(&self, intent: Intent, game: String) -> Request {
        match intent {
            Intent::OfferDraw | Intent::AcceptDraw => Request::Draw { game, yes: true },
            Intent::ProposeTakeback | Intent::AcceptTakeback => {
                Request::Takeback { game, yes: true }
            }
            Intent::Resign => Request::Resign(game),
            Intent::Abort => Request::Abort(game),
            Intent::ClaimVictory => Request::ClaimVictory(game),
            Intent::ClaimDraw => Request::ClaimDraw(game),
        }
    }

    fn send_intent(&mut self, intent: Intent, out: &mut Step) {
        let Some(game) = self.game_id.clone() else {
            return;
        };
        // A draw offered while our move waits for lichess's pause goes with the move.
        if intent == Intent::OfferDraw
            && let Some(ours) = self.table.as_mut().and_then(|t| t.ours.as_mut())
            && ours.send == Sending::Waiting
        {
            ours.offering_draw = true;
            return;
        }
        if intent == Intent::ProposeTakeback
            && let Some(table) = self.table.as_mut()
        {
            // An opponent who accepts at once shows no request in any state.
            table.takeback_proposed = true;
        }
        let request = self.intent_request(intent, game);
        self.send(Awaiting::Intent(intent), request, out);
    }
}
