//! Whole-board reports turned into the lifts and drops the tracker reads, for e-boards that
//! report positions rather than changes (the ChessLink's status, the Chessnut's position
//! notification). The first report after a connection is a [`BoardInput::Resync`]; each later
//! one that differs gives its lifts, then its drops; an unchanged report gives nothing.
//!
//! The order of several changes within one report is not known (a scan takes about 40 ms):
//! lifts come before drops (a piece is lifted before it is put down), and among lifts a king
//! comes first: the only rule that depends on the order of two lifts in one scan is castling
//! with the rook touched first (4.4.2), which no such board can show, so the player has the
//! benefit of the doubt. Otherwise lifts come in square order.
//!
//! A board may stand either way round on the table. With [`OrientationSetting::Auto`] a
//! report that shows the starting position turned by 180 degrees turns the reading round
//! (and the next report is a resync, as the squares changed their names). The same finding
//! serves the DGT board, whose dumps and field updates are turned as its dumps show
//! ([`Orientation::of_start`]). A field update before the first whole report after a
//! connection gives nothing: that report, asked for at once, shows it.

use shakmaty::{Board, Role, Square};

use super::sensed::{Cell, SensedBoard, Sensing};
use super::tracker::BoardInput;

/// Which way round the board stands, seen from its own square names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Orientation {
    /// The board's a1 is the game's a1.
    #[default]
    Standard,
    /// The board is turned by 180 degrees: its a1 is the game's h8.
    Rotated,
}

impl Orientation {
    /// The game's square for the board's square (and back: the turn is its own inverse).
    pub fn turn(self, sq: Square) -> Square {
        match self {
            Orientation::Standard => sq,
            Orientation::Rotated => Square::new(63 - sq as u32),
        }
    }

    /// Which way round a board stands whose report (in its own square names) shows the
    /// starting position, either way; `None` for any other position, which cannot tell.
    pub fn of_start(reported: &SensedBoard) -> Option<Orientation> {
        let start = SensedBoard::from_board(&Board::new(), Sensing::Piece);
        if *reported == start {
            Some(Orientation::Standard)
        } else if Orientation::Rotated.turn_board(reported) == start {
            Some(Orientation::Rotated)
        } else {
            None
        }
    }

    /// A whole board seen the other way round when rotated.
    pub fn turn_board(self, board: &SensedBoard) -> SensedBoard {
        match self {
            Orientation::Standard => board.clone(),
            Orientation::Rotated => {
                let mut turned = SensedBoard::default();
                for sq in Square::ALL {
                    turned.set(self.turn(sq), board.get(sq));
                }
                turned
            }
        }
    }
}

/// How the orientation is found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrientationSetting {
    /// Always this way.
    Fixed(Orientation),
    /// This way until a report shows the starting position, which tells.
    Auto(Orientation),
}

impl Default for OrientationSetting {
    fn default() -> Self {
        OrientationSetting::Auto(Orientation::Standard)
    }
}

/// Turns whole-board reports into tracker inputs; see the module documentation.
#[derive(Debug, Clone)]
pub struct PositionFeed {
    last: Option<SensedBoard>,
    orientation: Orientation,
    auto: bool,
}

impl PositionFeed {
    /// A feed that reads the board as `setting` says.
    pub fn new(setting: OrientationSetting) -> Self {
        let (orientation, auto) = match setting {
            OrientationSetting::Fixed(o) => (o, false),
            OrientationSetting::Auto(o) => (o, true),
        };
        PositionFeed {
            last: None,
            orientation,
            auto,
        }
    }

    /// How the board is read now.
    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// The board as last reported, in the game's square names.
    pub fn board(&self) -> Option<&SensedBoard> {
        self.last.as_ref()
    }

    /// The board (re)connected: the next report is compared with the game as a whole.
    pub fn reset(&mut self) {
        self.last = None;
    }

    /// A whole board as the board names its squares; the tracker inputs it means.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn report(&mut self, reported: &SensedBoard) -> Vec<BoardInput> {
        if self.auto
            && let Some(o) = Orientation::of_start(reported).filter(|&o| o != self.orientation)
        {
            self.orientation = o;
            self.last = None;
        }
        let board = self.orientation.turn_board(reported);
        let Some(last) = self.last.as_mut() else {
            self.last = Some(board.clone());
            return vec![BoardInput::Resync(board)];
        };
        if *last == board {
            return Vec::new();
        }
        let mut kings = Vec::new();
        let mut lifts = Vec::new();
        let mut drops = Vec::new();
        for sq in Square::ALL {
            let (was, now) = (last.get(sq), board.get(sq));
            if was == now {
                continue;
            }
            if was.is_occupied() {
                let is_king = matches!(was, Cell::Piece(p) if p.role == Role::King);
                if is_king { &mut kings } else { &mut lifts }.push(BoardInput::Up(sq));
            }
            if now.is_occupied() {
                drops.push(BoardInput::Down(sq, now));
            }
        }
        *last = board;
        kings.extend(lifts);
        kings.extend(drops);
        kings
    }

    /// One square changed (a field update), in the game's square names: its input, or none
    /// when it repeats what is known, or when no whole report came since the connection (or
    /// [`PositionFeed::reset`]): that report, which the host asks for, shows it.
    pub fn square(&mut self, sq: Square, cell: Cell) -> Option<BoardInput> {
        let last = self.last.as_mut()?;
        if last.get(sq) == cell {
            return None;
        }
        last.set(sq, cell);
        Some(if cell.is_occupied() {
            BoardInput::Down(sq, cell)
        } else {
            BoardInput::Up(sq)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    fn piece_board(fen_board: &str) -> SensedBoard {
        let board: Board = fen_board.parse().unwrap();
        SensedBoard::from_board(&board, Sensing::Piece)
    }

    #[test]
    fn the_first_report_resyncs_then_changes_come_as_lifts_then_drops() {
        let mut feed = PositionFeed::new(OrientationSetting::default());
        let start = SensedBoard::from_board(Chess::default().board(), Sensing::Piece);
        assert!(matches!(&feed.report(&start)[..], [BoardInput::Resync(_)]));
        assert!(feed.report(&start).is_empty());
        // 1. e4 seen in one scan.
        let after = piece_board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
        let white_pawn = Cell::Piece(shakmaty::Piece::from_char('P').unwrap());
        assert_eq!(
            feed.report(&after),
            [
                BoardInput::Up(Square::E2),
                BoardInput::Down(Square::E4, white_pawn)
            ]
        );
        // Castling queen side seen in one scan: the king is lifted first.
        let before = piece_board("r3kbnr/8/8/8/8/8/8/R3KBNR");
        let castled = piece_board("2kr1bnr/8/8/8/8/8/8/R3KBNR");
        let mut feed = PositionFeed::new(OrientationSetting::Fixed(Orientation::Standard));
        let _ = feed.report(&before);
        let inputs = feed.report(&castled);
        assert_eq!(inputs[0], BoardInput::Up(Square::E8));
        assert_eq!(inputs[1], BoardInput::Up(Square::A8));
        assert_eq!(inputs.len(), 4);
    }

    #[test]
    fn a_board_turned_round_is_found_from_the_starting_position() {
        let start = SensedBoard::from_board(Chess::default().board(), Sensing::Piece);
        let turned = Orientation::Rotated.turn_board(&start);
        assert_ne!(turned, start);
        let mut feed = PositionFeed::new(OrientationSetting::default());
        let inputs = feed.report(&turned);
        assert_eq!(feed.orientation(), Orientation::Rotated);
        assert!(matches!(&inputs[..], [BoardInput::Resync(b)] if *b == start));
        // Its e2 is the board's d7.
        let mut lifted = turned.clone();
        lifted.set(Square::D7, Cell::Empty);
        assert_eq!(feed.report(&lifted), [BoardInput::Up(Square::E2)]);
        // A fixed orientation is never changed.
        let mut fixed = PositionFeed::new(OrientationSetting::Fixed(Orientation::Standard));
        let _ = fixed.report(&turned);
        assert_eq!(fixed.orientation(), Orientation::Standard);
    }

    #[test]
    fn field_updates_repeat_nothing() {
        let mut feed = PositionFeed::new(OrientationSetting::default());
        let start = SensedBoard::from_board(Chess::default().board(), Sensing::Occupancy);
        let _ = feed.report(&start);
        assert_eq!(
            feed.square(Square::E2, Cell::Empty),
            Some(BoardInput::Up(Square::E2))
        );
        assert_eq!(feed.square(Square::E2, Cell::Empty), None);
        assert_eq!(
            feed.square(Square::E4, Cell::Peg),
            Some(BoardInput::Down(Square::E4, Cell::Peg))
        );
    }
}
