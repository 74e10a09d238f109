//! The device side of the peg-board protocol as a pure model, for tests and demonstrations:
//! typed moves (SAN or UCI) become the lifts and drops a person makes; raw events (`UP e2`,
//! `DOWN e4 w`, `KEY clock`) pass as typed. A peg's way that is no chess move (`e6e5` after
//! `e7e6`: a pawn put back, possible with pegs) is carried out as the lift and drop it is;
//! what cannot be done at all (no peg on the square) is refused with its reason. Pieces taken
//! off the board lie beside it: a peg put down with none in hand is the last of them, so a
//! wrong capture is undone as on a real board. Options add
//! noise: hesitant lifts (a peg up and back before it leaves), any valid order of a move's
//! events, and lines with a wrong checksum. The adapter `annexd::board::sim` runs a
//! [`SimulatedPegBoard`] on a pseudo-terminal.

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Piece, Position, Square};

use super::events::{EventOrder, SplitMix, move_events};
use super::peg_protocol::{self, DeviceMsg, Hello, HostMsg};
use super::sensed::{Cell, SensedBoard, Sensing, what_for};
use crate::words::{Token, Word, square_tokens};

/// How the simulated board behaves.
#[derive(Debug, Clone)]
pub struct SimulatedPegBoardOptions {
    /// What it senses.
    pub sensing: Sensing,
    /// The starting position (FEN); the standard one when absent.
    pub fen: Option<String>,
    /// Probability of a hesitant lift before each lift: `UP`, `DOWN`, then the real `UP`.
    pub bounce: f64,
    /// The order of each move's events.
    pub order: SimOrder,
    /// Probability that a line goes out with a wrong checksum.
    pub bad_checksum: f64,
    /// Seed of the noise.
    pub seed: u64,
    /// Send `*HH` checksums.
    pub checksum: bool,
}

impl Default for SimulatedPegBoardOptions {
    fn default() -> Self {
        SimulatedPegBoardOptions {
            sensing: Sensing::Occupancy,
            fen: None,
            bounce: 0.0,
            order: SimOrder::MoverFirst,
            bad_checksum: 0.0,
            seed: 1,
            checksum: false,
        }
    }
}

/// The order in which the simulated player makes a move's lifts and drops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SimOrder {
    /// The moving piece first (victim lifted last, king before rook).
    #[default]
    MoverFirst,
    /// The other piece first (victim lifted first, rook before king).
    OtherFirst,
    /// A random valid order for each move.
    Shuffled,
}

impl std::str::FromStr for SimOrder {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "mover" | "mover-first" => Ok(SimOrder::MoverFirst),
            "other" | "other-first" => Ok(SimOrder::OtherFirst),
            "shuffle" | "shuffled" => Ok(SimOrder::Shuffled),
            _ => Err(format!("unknown order '{s}': use mover, other or shuffle")),
        }
    }
}

/// How many positions back the simulator looks to follow pegs put back and moved again.
const FOLLOW_BACK: usize = 8;

/// The simulated board: its pieces, the game it follows for typed moves, and the noise.
#[derive(Debug, Clone)]
pub struct SimulatedPegBoard {
    options: SimulatedPegBoardOptions,
    game: Chess,
    /// The positions before `game`, newest last (at most [`FOLLOW_BACK`]).
    earlier: Vec<Chess>,
    physical: SensedBoard,
    hand: Vec<Piece>,
    /// The pieces taken off the board (captured, or moved off by a peg put on their hole),
    /// the last one last: a peg put down with none in hand is the last of them, as a player
    /// puts back a piece taken by mistake.
    aside: Vec<Piece>,
    rng: SplitMix,
}

impl SimulatedPegBoard {
    /// A board with the options' position on it.
    pub fn new(options: SimulatedPegBoardOptions) -> Result<Self, String> {
        let game = match &options.fen {
            None => Chess::default(),
            Some(fen) => fen
                .parse::<Fen>()
                .map_err(|e| format!("bad FEN: {e}"))?
                .into_position(CastlingMode::Standard)
                .map_err(|e| format!("impossible position: {e}"))?,
        };
        let physical = SensedBoard::from_board(game.board(), Sensing::Piece);
        let rng = SplitMix::new(options.seed);
        Ok(SimulatedPegBoard {
            options,
            game,
            earlier: Vec::new(),
            physical,
            hand: Vec::new(),
            aside: Vec::new(),
            rng,
        })
    }

    /// The game it follows.
    pub fn game(&self) -> &Chess {
        &self.game
    }

    /// Its `HELLO`.
    pub fn hello(&self) -> DeviceMsg {
        DeviceMsg::Hello(Hello {
            model: "annexd-sim".into(),
            firmware: env!("CARGO_PKG_VERSION").into(),
            sensing: self.options.sensing,
        })
    }

    /// What it answers to a host message.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn answer(&mut self, msg: HostMsg) -> Vec<DeviceMsg> {
        match msg {
            HostMsg::HelloQuery => vec![self.hello()],
            HostMsg::Scan => vec![DeviceMsg::Board(
                self.physical.reduced(self.options.sensing).to_scan(),
            )],
            HostMsg::Ping => vec![DeviceMsg::Pong],
            HostMsg::Beep(_) => Vec::new(),
        }
    }

    /// One typed line: a move in SAN or UCI, a peg's way from square to square (`e6e5`,
    /// `e6 e5`, `e6-e5`), or a raw device message. Returns the messages the board sends,
    /// already applied to its pieces; or why it cannot do it (nothing changes then).
    pub fn typed(&mut self, text: &str) -> Result<Vec<DeviceMsg>, SimRefusal> {
        let text = text.trim();
        if let Ok(Some(msg)) = peg_protocol::parse_device_line(text.as_bytes()) {
            return self.raw(msg);
        }
        let legal = text
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&self.game).ok())
            .or_else(|| {
                text.parse::<San>()
                    .ok()
                    .and_then(|s| s.to_move(&self.game).ok())
            })
            // A legal move only while the pegs show the game: else it is a peg's way.
            .filter(|_| self.shows_game());
        // A king's two steps typed as a peg's way move the king's peg alone (the rook is
        // moved by its own line); "O-O" moves both.
        let legal = legal.filter(|m| !(m.is_castle() && peg_way(text).is_some()));
        let Some(m) = legal else {
            return match peg_way(text) {
                Some((from, to)) => self.lift_and_drop(from, to),
                None => Err(SimRefusal::NotUnderstood(text.to_string())),
            };
        };
        let order = match self.options.order {
            SimOrder::MoverFirst => EventOrder::MoverFirst,
            SimOrder::OtherFirst => EventOrder::OtherFirst,
            SimOrder::Shuffled => EventOrder::Shuffled(self.rng.next_u64()),
        };
        let mut out = Vec::new();
        for msg in move_events(&self.game, m, self.options.sensing, order) {
            if let DeviceMsg::Up(sq) = msg
                && self.rng.chance(self.options.bounce)
            {
                let piece = self.physical.get(sq);
                out.push(DeviceMsg::Up(sq));
                out.push(DeviceMsg::Down(sq, self.what(piece)));
            }
            out.push(msg);
        }
        if let Some(role) = m.capture() {
            self.aside.push(Piece {
                color: !self.game.turn(),
                role,
            });
        }
        // Apply with the real pieces (a promotion puts the new piece, not the pawn).
        let mut after = self.game.clone();
        after.play_unchecked(m);
        self.advance(after);
        self.physical = SensedBoard::from_board(self.game.board(), Sensing::Piece);
        self.hand.clear();
        Ok(out)
    }

    /// Whether the pegs stand as in the game it follows (nothing in hand).
    fn shows_game(&self) -> bool {
        self.hand.is_empty()
            && SensedBoard::from_board(self.game.board(), Sensing::Piece) == self.physical
    }

    /// The game goes on to `after`; the position before is kept for following pegs back.
    fn advance(&mut self, after: Chess) {
        let before = std::mem::replace(&mut self.game, after);
        self.earlier.push(before);
        if self.earlier.len() > FOLLOW_BACK {
            self.earlier.remove(0);
        }
    }

    /// A peg taken from `from` and put on `to`, whatever the rules say: a peg on `to` is
    /// taken off the board first (as a capture is made), then the lift and the drop.
    fn lift_and_drop(&mut self, from: Square, to: Square) -> Result<Vec<DeviceMsg>, SimRefusal> {
        let Cell::Piece(piece) = self.physical.get(from) else {
            return Err(SimRefusal::NoPegOn(from));
        };
        let mut out = Vec::new();
        if from != to
            && let Cell::Piece(taken) = self.physical.get(to)
        {
            out.push(DeviceMsg::Up(to));
            self.physical.set(to, Cell::Empty);
            self.aside.push(taken);
        }
        if self.rng.chance(self.options.bounce) {
            out.push(DeviceMsg::Up(from));
            out.push(DeviceMsg::Down(from, self.what(Cell::Piece(piece))));
        }
        out.push(DeviceMsg::Up(from));
        self.physical.set(from, Cell::Empty);
        out.push(DeviceMsg::Down(to, what_for(piece, self.options.sensing)));
        self.physical.set(to, Cell::Piece(piece));
        self.follow_game();
        Ok(out)
    }

    fn what(&self, cell: Cell) -> Option<char> {
        match cell {
            Cell::Piece(p) => what_for(p, self.options.sensing),
            _ => None,
        }
    }

    fn raw(&mut self, msg: DeviceMsg) -> Result<Vec<DeviceMsg>, SimRefusal> {
        match &msg {
            DeviceMsg::Up(sq) => {
                let Cell::Piece(p) = self.physical.get(*sq) else {
                    return Err(SimRefusal::NoPegOn(*sq));
                };
                self.hand.push(p);
                self.physical.set(*sq, Cell::Empty);
            }
            DeviceMsg::Down(sq, what) => {
                if self.physical.get(*sq) != Cell::Empty {
                    return Err(SimRefusal::AlreadyTaken(*sq));
                }
                let named = what
                    .and_then(Piece::from_char)
                    .filter(|_| self.options.sensing == Sensing::Piece);
                let piece = match named {
                    Some(piece) => {
                        // A piece named is taken from beside the board if it is there.
                        if let Some(i) = self.aside.iter().rposition(|p| *p == piece) {
                            self.aside.remove(i);
                        }
                        piece
                    }
                    // The piece in hand, else the last one taken off the board.
                    None => self
                        .hand
                        .pop()
                        .or_else(|| self.aside.pop())
                        .ok_or(SimRefusal::NothingInHand(*sq))?,
                };
                self.physical.set(*sq, Cell::Piece(piece));
                let msg = DeviceMsg::Down(*sq, what_for(piece, self.options.sensing));
                self.follow_game();
                return Ok(vec![msg]);
            }
            DeviceMsg::Hello(_) | DeviceMsg::Board(_) | DeviceMsg::Pong => {
                return Err(SimRefusal::SendsThatItself);
            }
            DeviceMsg::Key(_) | DeviceMsg::Err(_) => {}
        }
        self.follow_game();
        Ok(vec![msg])
    }

    /// After raw events and pegs' ways: when the pieces show a legal move of the game, or of
    /// a position before it (pegs put back and moved again: `e7e6`, then `e6e7`, `e7e5`), or
    /// that earlier position itself, the game follows, so typed moves go on from there.
    fn follow_game(&mut self) {
        if !self.hand.is_empty() {
            return;
        }
        let shows = |pos: &Chess| SensedBoard::from_board(pos.board(), Sensing::Piece);
        for back in 0..=self.earlier.len() {
            let base = if back == 0 {
                self.game.clone()
            } else {
                self.earlier[self.earlier.len() - back].clone()
            };
            if back > 0 && shows(&base) == self.physical {
                self.earlier.truncate(self.earlier.len() - back);
                self.game = base;
                return;
            }
            for m in base.legal_moves() {
                let mut after = base.clone();
                after.play_unchecked(m);
                if shows(&after) == self.physical {
                    self.earlier.truncate(self.earlier.len() - back);
                    self.game = base;
                    self.advance(after);
                    return;
                }
            }
        }
    }

    /// The line for a message, with the checksum and its noise.
    pub fn line(&mut self, msg: &DeviceMsg) -> String {
        let text = msg.to_string();
        if self.rng.chance(self.options.bad_checksum) {
            let wrong = peg_protocol::checksum(text.as_bytes()) ^ 0x5A;
            return format!("{text}*{wrong:02X}\n");
        }
        peg_protocol::frame_line(&text, self.options.checksum)
    }
}

/// Why the simulated board refuses a typed line (nothing changes then).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimRefusal {
    /// Not a move, a peg's way (`e2e4`) nor a board event (`UP e2`): the line as typed.
    NotUnderstood(String),
    /// There is no peg on the square to lift.
    NoPegOn(Square),
    /// A peg put down on a hole that holds one.
    AlreadyTaken(Square),
    /// A peg put down with none lifted.
    NothingInHand(Square),
    /// `HELLO`, `BOARD` and `PONG` are the board's own to send.
    SendsThatItself,
}

impl SimRefusal {
    /// What is said: the board cannot do it, and why ("kein Stift auf Hector eins").
    pub fn tokens(&self) -> Vec<Token> {
        let mut out = vec![Token::Word(Word::SimulatedBoardCannot), Token::Pause];
        let on = |word: Word, square: Square, out: &mut Vec<Token>| {
            out.push(Token::Word(word));
            out.extend(square_tokens(square));
        };
        match self {
            SimRefusal::NotUnderstood(_) => out.push(Token::Word(Word::SimulatorHowTo)),
            SimRefusal::NoPegOn(square) => on(Word::NoPegOn, *square, &mut out),
            SimRefusal::NothingInHand(square) => on(Word::NothingInHand, *square, &mut out),
            SimRefusal::AlreadyTaken(square) => {
                out.extend(square_tokens(*square));
                out.push(Token::Word(Word::AlreadyTaken));
            }
            SimRefusal::SendsThatItself => out.push(Token::Word(Word::SimulatorSendsThat)),
        }
        out
    }

    /// The line as typed, when it was not understood at all (shown after the words).
    pub fn typed(&self) -> Option<&str> {
        match self {
            SimRefusal::NotUnderstood(text) => Some(text),
            _ => None,
        }
    }
}

/// A peg's way typed as two squares: `e6e5`, `e6 e5`, `e6-e5`, `e6:e5`, `E6E5`.
fn peg_way(text: &str) -> Option<(Square, Square)> {
    let squares: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | ':' | 'x'))
        .collect::<String>()
        .to_ascii_lowercase();
    if squares.len() != 4 || !squares.is_ascii() {
        return None;
    }
    let from = squares[..2].parse().ok()?;
    let to = squares[2..].parse().ok()?;
    Some((from, to))
}
