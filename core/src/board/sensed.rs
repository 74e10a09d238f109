//! What a board can sense in each hole, and a whole board as sensed.
//!
//! A peg board senses occupancy, colour or the piece (see the protocol's `HELLO`); a DGT board
//! senses pieces. [`SensedBoard`] holds one [`Cell`] a square; [`Sensing::project`] turns a
//! game position into what a board of that kind would show, so the two can be compared.

use std::fmt;
use std::str::FromStr;

use shakmaty::{Bitboard, Board, Color, Piece, Square};

use crate::words::{Token, Word};

/// What a board can tell about a hole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Sensing {
    /// Only whether a hole holds a peg.
    #[default]
    Occupancy,
    /// Also the colour of the piece.
    Color,
    /// Also the piece.
    Piece,
}

impl Sensing {
    /// What a board that senses this can tell, in words ("erkennt Belegung").
    pub fn token(self) -> Token {
        Token::Word(match self {
            Sensing::Occupancy => Word::SensesOccupancy,
            Sensing::Color => Word::SensesColours,
            Sensing::Piece => Word::SensesPieces,
        })
    }

    /// The protocol word: `occupancy`, `color`, `piece`.
    pub fn word(self) -> &'static str {
        match self {
            Sensing::Occupancy => "occupancy",
            Sensing::Color => "color",
            Sensing::Piece => "piece",
        }
    }

    /// What a board of this kind shows for a square holding `piece`.
    pub fn project(self, piece: Option<Piece>) -> Cell {
        match (self, piece) {
            (_, None) => Cell::Empty,
            (Sensing::Occupancy, Some(_)) => Cell::Peg,
            (Sensing::Color, Some(p)) => Cell::Color(p.color),
            (Sensing::Piece, Some(p)) => Cell::Piece(p),
        }
    }

    /// Reduces a cell to what this kind of board can know (a piece board's cell read by an
    /// occupancy tracker becomes a peg).
    pub fn reduce(self, cell: Cell) -> Cell {
        match (self, cell) {
            (_, Cell::Empty) => Cell::Empty,
            (Sensing::Occupancy, _) => Cell::Peg,
            (Sensing::Color, Cell::Piece(p)) => Cell::Color(p.color),
            (Sensing::Color, Cell::Peg) => Cell::Peg,
            (Sensing::Color, c @ Cell::Color(_)) => c,
            (Sensing::Piece, c) => c,
        }
    }
}

impl fmt::Display for Sensing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Sensing {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "occupancy" => Ok(Sensing::Occupancy),
            "color" | "colour" => Ok(Sensing::Color),
            "piece" => Ok(Sensing::Piece),
            other => Err(format!(
                "unknown sensing '{other}': use occupancy, color or piece"
            )),
        }
    }
}

/// What one hole shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Cell {
    /// No peg.
    #[default]
    Empty,
    /// A peg, piece unknown (occupancy board).
    Peg,
    /// A peg of a known colour (colour board).
    Color(Color),
    /// A known piece (piece board, DGT board).
    Piece(Piece),
}

impl Cell {
    /// True when a peg is in the hole.
    pub fn is_occupied(self) -> bool {
        self != Cell::Empty
    }

    /// The colour, when the board knows it.
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Color(c) => Some(c),
            Cell::Piece(p) => Some(p.color),
            _ => None,
        }
    }

    /// The character of this cell in a `BOARD` scan: `.`, `x`, `w`/`b`, or a FEN letter.
    pub fn scan_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Peg => 'x',
            Cell::Color(Color::White) => 'w',
            Cell::Color(Color::Black) => 'b',
            Cell::Piece(p) => p.char(),
        }
    }

    /// Reads one scan character.
    pub fn from_scan_char(c: char) -> Option<Cell> {
        match c {
            '.' => Some(Cell::Empty),
            'x' => Some(Cell::Peg),
            'w' => Some(Cell::Color(Color::White)),
            // 'b' is a black colour, never a bishop: piece boards send 'b' only as a bishop,
            // and the parser of a piece board's scan asks for pieces (see `from_scan`).
            'b' => Some(Cell::Color(Color::Black)),
            _ => Piece::from_char(c).map(Cell::Piece),
        }
    }
}

/// A whole board as sensed: one cell a square, indexed a1 = 0 … h8 = 63.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SensedBoard {
    cells: [Cell; 64],
}

impl Default for SensedBoard {
    fn default() -> Self {
        SensedBoard {
            cells: [Cell::Empty; 64],
        }
    }
}

impl fmt::Debug for SensedBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SensedBoard({})", self.to_scan())
    }
}

impl SensedBoard {
    /// What a board of kind `sensing` shows for `board`.
    pub fn from_board(board: &Board, sensing: Sensing) -> Self {
        let mut sensed = SensedBoard::default();
        for (sq, piece) in board.iter() {
            sensed.cells[sq as usize] = sensing.project(Some(piece));
        }
        sensed
    }

    /// The cell at a square.
    pub fn get(&self, sq: Square) -> Cell {
        self.cells[sq as usize]
    }

    /// Sets the cell at a square.
    pub fn set(&mut self, sq: Square, cell: Cell) {
        self.cells[sq as usize] = cell;
    }

    /// The squares holding a peg.
    pub fn occupied(&self) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in Square::ALL {
            if self.get(sq).is_occupied() {
                bb.add(sq);
            }
        }
        bb
    }

    /// Every cell reduced to what a board of kind `sensing` knows.
    pub fn reduced(&self, sensing: Sensing) -> SensedBoard {
        SensedBoard {
            cells: self.cells.map(|c| sensing.reduce(c)),
        }
    }

    /// The 64 characters of a `BOARD` scan, in FEN order (a8 … h8, a7 … h1).
    pub fn to_scan(&self) -> String {
        let mut s = String::with_capacity(64);
        for sq in scan_order() {
            s.push(self.get(sq).scan_char());
        }
        s
    }

    /// Reads the 64 characters of a `BOARD` scan from a board of kind `sensing`
    /// (on a piece board `b` is a black bishop, elsewhere the colour black).
    pub fn from_scan(chars: &str, sensing: Sensing) -> Option<SensedBoard> {
        if chars.len() != 64 || !chars.is_ascii() {
            return None;
        }
        let mut sensed = SensedBoard::default();
        for (sq, c) in scan_order().zip(chars.chars()) {
            let cell = if sensing == Sensing::Piece && c == 'b' {
                Cell::Piece(Piece::from_char('b')?)
            } else {
                Cell::from_scan_char(c)?
            };
            sensed.set(sq, cell);
        }
        Some(sensed)
    }
}

/// The squares in FEN order: a8 … h8, a7 … h7, …, a1 … h1.
pub fn scan_order() -> impl Iterator<Item = Square> {
    (0..64u32).map(|i| Square::new((7 - i / 8) * 8 + i % 8))
}

/// The cell a `DOWN <sq> [<what>]` describes on a board of kind `sensing`.
pub fn cell_from_what(what: Option<char>, sensing: Sensing) -> Cell {
    match (what, sensing) {
        (None, _) => Cell::Peg,
        (Some('w'), Sensing::Occupancy | Sensing::Color) => Cell::Color(Color::White),
        (Some('b'), Sensing::Occupancy | Sensing::Color) => Cell::Color(Color::Black),
        (Some(c), _) => match Piece::from_char(c) {
            Some(p) if sensing == Sensing::Piece => Cell::Piece(p),
            Some(p) => Cell::Color(p.color),
            None if c == 'w' => Cell::Color(Color::White),
            None => Cell::Peg,
        },
    }
}

/// The `<what>` a board of kind `sensing` sends for a piece put down.
pub fn what_for(piece: Piece, sensing: Sensing) -> Option<char> {
    match sensing {
        Sensing::Occupancy => None,
        Sensing::Color => Some(if piece.color == Color::White {
            'w'
        } else {
            'b'
        }),
        Sensing::Piece => Some(piece.char()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_scans_as_the_protocol_example() {
        let sensed = SensedBoard::from_board(&Board::new(), Sensing::Occupancy);
        assert_eq!(
            sensed.to_scan(),
            "xxxxxxxxxxxxxxxx................................xxxxxxxxxxxxxxxx"
        );
        let pieces = SensedBoard::from_board(&Board::new(), Sensing::Piece).to_scan();
        assert_eq!(&pieces[..8], "rnbqkbnr");
        assert_eq!(&pieces[56..], "RNBQKBNR");
        assert_eq!(
            SensedBoard::from_scan(&pieces, Sensing::Piece)
                .unwrap()
                .to_scan(),
            pieces
        );
    }

    #[test]
    fn colour_scans_read_b_as_black_and_piece_scans_as_bishop() {
        let scan = format!("b{}", ".".repeat(63));
        let colour = SensedBoard::from_scan(&scan, Sensing::Color).unwrap();
        assert_eq!(colour.get(Square::A8), Cell::Color(Color::Black));
        let piece = SensedBoard::from_scan(&scan, Sensing::Piece).unwrap();
        assert_eq!(
            piece.get(Square::A8),
            Cell::Piece(Piece::from_char('b').unwrap())
        );
        assert!(SensedBoard::from_scan("x", Sensing::Occupancy).is_none());
        assert!(SensedBoard::from_scan(&"?".repeat(64), Sensing::Occupancy).is_none());
    }
}
