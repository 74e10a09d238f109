//! What a screen shows of a game at one moment, for the board view of sighted helpers: plain
//! data made by [`Session::view_snapshot`], so that an adapter draws it without reading the
//! session (and a port can carry it in an effect). The clock is a reading with how it goes on
//! ([`ClockReading`]), so that the screen shows it running without asking again; each board
//! the program sees is given as it stands, with the squares where it differs from the game.

use shakmaty::{Bitboard, Chess, Color, Position, Square};

use crate::board::Cell;
use crate::clock::ClockReading;
use crate::lang::Lang;

use super::Session;

/// A board the program sees, as it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardShown {
    /// What each square shows, by square index (a1 = 0 … h8 = 63), as far as the board tells
    /// (a peg board's pieces as its events tell).
    pub squares: [Cell; 64],
    /// The squares where it differs from the game's position.
    pub differs: Bitboard,
    /// Its link is up.
    pub connected: bool,
}

impl BoardShown {
    /// What `square` shows.
    pub fn at(&self, square: Square) -> Cell {
        self.squares[square as usize]
    }
}

/// What the board view shows; see the module documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewSnapshot {
    /// The language of its labels.
    pub lang: Lang,
    /// The game's position.
    pub position: Chess,
    /// The moves in SAN, in order.
    pub moves: Vec<String>,
    /// The clock, read when the snapshot was made; `None` without a clock.
    pub clock: Option<ClockReading>,
    /// The VI player's peg board, if one is used.
    pub pegs: Option<BoardShown>,
    /// The sighted player's e-board, if one is used.
    pub e_board: Option<BoardShown>,
    /// A move is on the peg board and not yet announced.
    pub placed_not_announced: bool,
    /// The result (`1-0`), once the game is over.
    pub result: Option<String>,
}

impl ViewSnapshot {
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position.turn()
    }
}

impl Session {
    /// What the board view shows at `now`.
    pub fn view_snapshot(&self, now: std::time::Duration) -> ViewSnapshot {
        let game = self.game();
        let position = game.position().clone();
        let (pegs, e_board) = self.cycle.boards_shown(&position);
        ViewSnapshot {
            lang: self.options.lang,
            moves: game.history().iter().map(|m| m.san.to_string()).collect(),
            clock: self.clock.as_ref().map(|clock| clock.reading(now)),
            pegs,
            e_board,
            placed_not_announced: self.vi_move().on_board.is_some()
                && self.vi_move().announced.is_none(),
            result: game.outcome().map(|o| o.result.pgn().to_string()),
            position,
        }
    }
}
