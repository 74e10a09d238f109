//! The conversation with an engine, as a state machine: fed with the engine's lines, the
//! requests of the game and the time, it says which lines to send and what was decided (the
//! engine is ready, a search found its move, the engine failed). It never waits: every wait
//! is a deadline ([`Conversation::next_deadline`]) the program wakes it at.
//!
//! ```text
//!  start ──uci──▶ Handshake ──uciok/isready──▶ Syncing ──readyok──▶ Idle ◀──bestmove── Searching
//!                                                                    └──position, go──▶ ┘
//! ```
//!
//! An engine that does not answer in time (a search is stopped once when its time is over,
//! then given [`Patience::after_stop`]), that answers with lines that are not UCI past
//! [`Patience::garbage_lines`], that names a move that is not legal, or whose process ends, has
//! failed ([`Fault`]): the conversation says so once and does nothing more; the program
//! starts the engine again with a new conversation.

use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use super::score::Eval;
use super::strength::{Offers, Strength};
use super::uci::{FromEngine, Limits, ToEngine, parse, to_engine};
use crate::words::{Token, Word};

/// How long the conversation waits for each answer, and how much nonsense it passes over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Patience {
    /// From `uci` to `uciok` (an engine loads its network then: Stockfish takes about 50 ms).
    pub handshake: Duration,
    /// From `isready` to `readyok`.
    pub ready: Duration,
    /// After a search's own time, before `stop` is sent.
    pub overrun: Duration,
    /// After `stop`, before the engine is given up.
    pub after_stop: Duration,
    /// A search limited by positions or depth only, before `stop` is sent.
    pub unlimited: Duration,
    /// Lines in a row that are not UCI before the engine is given up.
    pub garbage_lines: u32,
    /// What an engine takes past its `movetime` to stop and answer: it is asked for this much
    /// less than the thinking time, so that its move comes within it (Stockfish 15.1 on two
    /// busy cores: 4 to 12 ms at the median, docs/benchmarks.md).
    pub answer_lag: Duration,
}

impl Default for Patience {
    fn default() -> Self {
        Patience {
            handshake: Duration::from_secs(10),
            ready: Duration::from_secs(10),
            overrun: Duration::from_millis(500),
            after_stop: Duration::from_secs(2),
            unlimited: Duration::from_secs(30),
            garbage_lines: 50,
            answer_lag: Duration::from_millis(10),
        }
    }
}

/// What a search is for; said back with its result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Purpose {
    /// The engine's move in the game.
    Play,
    /// A move to suggest to the player.
    Hint,
    /// The opponent's best move if the player passed (what he threatens).
    Threat,
    /// How the position stands.
    Evaluate,
    /// The position before half-move `n` of the game, for the review after it.
    Review(usize),
}

/// The position of a search: a start and the moves since.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchPosition {
    /// The start in FEN; `None` for the standard position.
    fen: Option<Fen>,
    /// The moves since, in UCI's notation.
    moves: Vec<UciMove>,
    /// The position reached.
    reached: Chess,
}

/// A move of a search's position that is not legal where it stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {index} ({uci}) is not legal in its position")]
pub struct NotLegal {
    /// Its place among the moves (0 for the first).
    pub index: usize,
    /// The move in UCI.
    pub uci: String,
}

impl SearchPosition {
    /// The position after `moves` from `start` (the moves must be legal).
    pub fn new(start: &Chess, moves: &[Move]) -> Result<SearchPosition, NotLegal> {
        let mut reached = start.clone();
        let mut ucis = Vec::with_capacity(moves.len());
        for (index, m) in moves.iter().enumerate() {
            let uci = m.to_uci(shakmaty::CastlingMode::Standard);
            if !reached.is_legal(*m) {
                return Err(NotLegal {
                    index,
                    uci: uci.to_string(),
                });
            }
            reached.play_unchecked(*m);
            ucis.push(uci);
        }
        let fen =
            (*start != Chess::default()).then(|| Fen::from_position(start, EnPassantMode::Legal));
        Ok(SearchPosition {
            fen,
            moves: ucis,
            reached,
        })
    }

    /// A position on its own (a threat's position, with the turn passed).
    pub fn at(position: &Chess) -> SearchPosition {
        SearchPosition::new(position, &[]).expect("no moves to check")
    }

    /// The position reached.
    pub fn reached(&self) -> &Chess {
        &self.reached
    }
}

/// A search the game asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchRequest {
    /// What it is for.
    pub purpose: Purpose,
    /// The position.
    pub position: SearchPosition,
    /// The level to play at.
    pub strength: Strength,
    /// How long to think; `None` to leave it to the level's limits (positions, depth).
    pub think: Option<Duration>,
    /// The search is the first of another game (`ucinewgame` first).
    pub new_game: bool,
}

/// What a finished search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// What it was for.
    pub purpose: Purpose,
    /// The position searched.
    pub position: Chess,
    /// The move found; `None` where there is none (mate, stalemate).
    pub best: Option<Move>,
    /// The last evaluation it gave, from White's side.
    pub eval: Option<Eval>,
    /// The depth it reached.
    pub depth: Option<u32>,
    /// The line of moves it expected (its legal beginning).
    pub line: Vec<Move>,
}

/// How an engine failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// No program at the path given, or none found where Stockfish is installed.
    NotFound,
    /// The program exists but cannot be started (not executable, not a program).
    CannotStart,
    /// The engine's process ended on its own.
    Crashed,
    /// It did not answer in time.
    Silent,
    /// It answered with what is not UCI, or with a move that is not legal (the line).
    Garbage(String),
}

impl Fault {
    /// The fault in words.
    pub fn tokens(&self) -> Vec<Token> {
        let word = match self {
            Fault::NotFound => Word::EngineNotFound,
            Fault::CannotStart => Word::EngineCannotStart,
            Fault::Crashed => Word::EngineCrashed,
            Fault::Silent => Word::EngineSilent,
            Fault::Garbage(_) => Word::EngineGarbage,
        };
        vec![Token::Word(word)]
    }
}

/// What the game asks of the engine (the session's effect, the engine port's work).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Order {
    /// Search (a move of the game, a hint, a threat, an evaluation, a position of the review).
    Search(Box<SearchRequest>),
    /// Drop the search under way (a takeback, a new game).
    Cancel,
    /// Move now with what the search found.
    Hurry,
    /// Start the engine again (after it failed): a new process and a new conversation.
    Restart,
    /// End the engine (the game is over or left).
    Quit,
}

/// What the conversation decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// The engine is ready: its name, and what it offers to weaken itself.
    Ready {
        /// Its name and version (`Stockfish 15.1`).
        name: String,
        /// Its strength options.
        offers: Offers,
    },
    /// A search is over.
    Found(Found),
    /// The engine failed; nothing more is sent to it.
    Failed(Fault),
}

/// What to do after a step of the conversation.
#[must_use]
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// Lines to send to the engine, in order (without line ends).
    pub send: Vec<String>,
    /// What was decided.
    pub decided: Vec<Decision>,
}

impl Reply {
    fn send(command: ToEngine) -> Reply {
        Reply {
            send: vec![to_engine(&command)],
            decided: Vec::new(),
        }
    }

    fn decided(decision: Decision) -> Reply {
        Reply {
            send: Vec::new(),
            decided: vec![decision],
        }
    }

    fn and(mut self, other: Reply) -> Reply {
        self.send.extend(other.send);
        self.decided.extend(other.decided);
        self
    }
}

/// A search under way.
#[derive(Debug, Clone)]
struct Running {
    purpose: Purpose,
    position: Chess,
    /// Its result is wanted (false once cancelled or replaced).
    wanted: bool,
    eval: Option<Eval>,
    /// The last score was exact (not a bound).
    exact: bool,
    depth: Option<u32>,
    line: Vec<Move>,
    /// When `stop` is sent, or the engine is given up once it was.
    until: Duration,
    stop_sent: bool,
}

#[derive(Debug, Clone)]
enum State {
    /// Not started.
    Off,
    /// `uci` sent.
    Handshake { until: Duration },
    /// `isready` sent after `uciok`.
    Syncing { until: Duration },
    /// Waiting for a request.
    Idle,
    /// A search under way.
    Searching(Box<Running>),
    /// Failed, or quit: nothing more is sent.
    Over,
}

/// One conversation with one engine process; see the module documentation.
#[derive(Debug, Clone)]
pub struct Conversation {
    patience: Patience,
    state: State,
    name: String,
    offers: Offers,
    /// The options set so far.
    options: Vec<(String, String)>,
    /// The next search, waiting for the engine to be ready or for the current one to stop.
    queued: Option<SearchRequest>,
    /// Lines in a row that were not UCI, and the last of them.
    garbage: u32,
    last_garbage: Option<String>,
    quitting: bool,
}

impl Conversation {
    /// A conversation that has not begun.
    pub fn new(patience: Patience) -> Conversation {
        Conversation {
            patience,
            state: State::Off,
            name: String::new(),
            offers: Offers::default(),
            options: Vec::new(),
            queued: None,
            garbage: 0,
            last_garbage: None,
            quitting: false,
        }
    }

    /// Begins: asks the engine for its name and options.
    pub fn start(&mut self, now: Duration) -> Reply {
        self.state = State::Handshake {
            until: now + self.patience.handshake,
        };
        Reply::send(ToEngine::Uci)
    }

    /// The engine's name, once it said it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it offers to weaken itself, once it said it.
    pub fn offers(&self) -> &Offers {
        &self.offers
    }

    /// The engine is ready and not searching.
    pub fn is_idle(&self) -> bool {
        matches!(self.state, State::Idle)
    }

    /// The engine has failed or was told to quit.
    pub fn is_over(&self) -> bool {
        matches!(self.state, State::Over)
    }

    /// When [`Conversation::tick`] must be called next.
    pub fn next_deadline(&self) -> Option<Duration> {
        match &self.state {
            State::Handshake { until } | State::Syncing { until } => Some(*until),
            State::Searching(running) => Some(running.until),
            State::Off | State::Idle | State::Over => None,
        }
    }

    /// One line from the engine (its line end taken off).
    pub fn line(&mut self, line: &str, now: Duration) -> Reply {
        if matches!(self.state, State::Off | State::Over) {
            return Reply::default();
        }
        let heard = parse(line);
        if heard == FromEngine::Unknown {
            self.garbage += 1;
            self.last_garbage = Some(line.to_string());
            if self.garbage > self.patience.garbage_lines {
                return self.fail(Fault::Garbage(line.to_string()));
            }
            return Reply::default();
        }
        self.garbage = 0;
        match heard {
            FromEngine::Name(name) => {
                self.name = name;
                Reply::default()
            }
            FromEngine::Option(option) => {
                self.offers.note(&option);
                Reply::default()
            }
            FromEngine::UciOk => match self.state {
                State::Handshake { .. } => {
                    self.state = State::Syncing {
                        until: now + self.patience.ready,
                    };
                    Reply::send(ToEngine::IsReady)
                }
                _ => Reply::default(),
            },
            FromEngine::ReadyOk => match self.state {
                State::Syncing { .. } => {
                    self.state = State::Idle;
                    let ready = Reply::decided(Decision::Ready {
                        name: self.name.clone(),
                        offers: self.offers.clone(),
                    });
                    match self.queued.take() {
                        Some(request) => ready.and(self.begin(request, now)),
                        None => ready,
                    }
                }
                _ => Reply::default(),
            },
            FromEngine::Info(info) => {
                if let State::Searching(running) = &mut self.state
                    && info.multipv.is_none_or(|n| n == 1)
                {
                    // A bound (the search had not settled the score) does not replace a
                    // settled score, nor its line.
                    let settled = !info.bound || !running.exact;
                    if let Some(eval) = Eval::from_uci(running.position.turn(), info.cp, info.mate)
                        && settled
                    {
                        running.eval = Some(eval);
                        running.exact = !info.bound;
                    }
                    if info.depth.is_some() {
                        running.depth = info.depth;
                    }
                    if !info.pv.is_empty() && settled {
                        running.line = legal_line(&running.position, &info.pv);
                    }
                }
                Reply::default()
            }
            FromEngine::BestMove(best) => self.best_move(best, line, now),
            FromEngine::Other | FromEngine::Unknown => Reply::default(),
        }
    }

    /// The engine's answer to a search.
    fn best_move(&mut self, best: Option<UciMove>, line: &str, now: Duration) -> Reply {
        let State::Searching(running) = std::mem::replace(&mut self.state, State::Idle) else {
            // Not searching: a late answer to nothing; pass over it.
            return Reply::default();
        };
        let best = match best {
            Some(uci) => match uci.to_move(&running.position) {
                Ok(m) => Some(m),
                Err(_) => return self.fail(Fault::Garbage(line.to_string())),
            },
            None if running.position.legal_moves().is_empty() => None,
            None => return self.fail(Fault::Garbage(line.to_string())),
        };
        let mut reply = Reply::default();
        if running.wanted {
            reply.decided.push(Decision::Found(Found {
                purpose: running.purpose,
                position: running.position,
                best,
                eval: running.eval,
                depth: running.depth,
                line: running.line,
            }));
        }
        match self.queued.take() {
            Some(request) => reply.and(self.begin(request, now)),
            None => reply,
        }
    }

    /// Asks for a search. A search under way is stopped and its result dropped; before the
    /// engine is ready, the request waits for it.
    pub fn request(&mut self, request: SearchRequest, now: Duration) -> Reply {
        match &mut self.state {
            State::Idle => self.begin(request, now),
            State::Handshake { .. } | State::Syncing { .. } => {
                self.queued = Some(request);
                Reply::default()
            }
            State::Searching(_) => {
                self.queued = Some(request);
                self.stop(false, now)
            }
            State::Off | State::Over => Reply::default(),
        }
    }

    /// Drops the search under way (and one waiting), e.g. after a takeback.
    pub fn cancel(&mut self, now: Duration) -> Reply {
        self.queued = None;
        self.stop(false, now)
    }

    /// Asks the engine to move now with what it has found.
    pub fn hurry(&mut self, now: Duration) -> Reply {
        self.stop(true, now)
    }

    fn stop(&mut self, keep: bool, now: Duration) -> Reply {
        let State::Searching(running) = &mut self.state else {
            return Reply::default();
        };
        running.wanted &= keep;
        if running.stop_sent {
            return Reply::default();
        }
        running.stop_sent = true;
        running.until = now + self.patience.after_stop;
        Reply::send(ToEngine::Stop)
    }

    fn begin(&mut self, request: SearchRequest, now: Duration) -> Reply {
        let mut commands = request.strength.commands(&self.options);
        for (name, value) in &request.strength.options {
            match self.options.iter_mut().find(|(set, _)| set == name) {
                Some(set) => set.1 = value.clone(),
                None => self.options.push((name.clone(), value.clone())),
            }
        }
        if request.new_game {
            commands.push(ToEngine::NewGame);
        }
        commands.push(ToEngine::Position {
            fen: request.position.fen.clone(),
            moves: request.position.moves.clone(),
        });
        let movetime = request.think.map(|think| {
            think
                .saturating_sub(self.patience.answer_lag)
                .max(Duration::from_millis(1))
        });
        commands.push(ToEngine::Go(Limits {
            movetime,
            ..request.strength.limits
        }));
        let until = now
            + match request.think {
                Some(think) => think + self.patience.overrun,
                None => self.patience.unlimited,
            };
        self.state = State::Searching(Box::new(Running {
            purpose: request.purpose,
            position: request.position.reached,
            wanted: true,
            eval: None,
            exact: false,
            depth: None,
            line: Vec::new(),
            until,
            stop_sent: false,
        }));
        Reply {
            send: commands.iter().map(to_engine).collect(),
            decided: Vec::new(),
        }
    }

    /// Carries out what the game asks, but for [`Order::Restart`] (a new process is the
    /// program's: it begins a new conversation).
    pub fn order(&mut self, order: Order, now: Duration) -> Reply {
        match order {
            Order::Search(request) => self.request(*request, now),
            Order::Cancel => self.cancel(now),
            Order::Hurry => self.hurry(now),
            Order::Quit => self.quit(),
            Order::Restart => Reply::default(),
        }
    }

    /// The time passed: a deadline may have come.
    pub fn tick(&mut self, now: Duration) -> Reply {
        match &self.state {
            State::Handshake { until } | State::Syncing { until } if now >= *until => {
                // An engine that said only nonsense answers garbage rather than nothing.
                match self.last_garbage.clone() {
                    Some(line) => self.fail(Fault::Garbage(line)),
                    None => self.fail(Fault::Silent),
                }
            }
            State::Searching(running) if now >= running.until => {
                if running.stop_sent {
                    self.fail(Fault::Silent)
                } else {
                    self.stop(true, now)
                }
            }
            _ => Reply::default(),
        }
    }

    /// The engine's process ended.
    pub fn exited(&mut self) -> Reply {
        if self.quitting || matches!(self.state, State::Over) {
            self.state = State::Over;
            return Reply::default();
        }
        self.fail(Fault::Crashed)
    }

    /// Ends the conversation: tells the engine to quit.
    pub fn quit(&mut self) -> Reply {
        self.quitting = true;
        let was_on = !matches!(self.state, State::Off | State::Over);
        self.state = State::Over;
        if was_on {
            Reply::send(ToEngine::Quit)
        } else {
            Reply::default()
        }
    }

    fn fail(&mut self, fault: Fault) -> Reply {
        self.state = State::Over;
        self.queued = None;
        Reply::decided(Decision::Failed(fault))
    }
}

/// The legal beginning of a line of moves from `position`.
fn legal_line(position: &Chess, line: &[UciMove]) -> Vec<Move> {
    let mut pos = position.clone();
    let mut moves = Vec::with_capacity(line.len());
    for uci in line {
        let Ok(m) = uci.to_move(&pos) else { break };
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}
