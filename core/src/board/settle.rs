//! A piece slid across an e-board that reports each square (a DGT board): the squares it
//! passes are reported as put down and lifted again. dgtbrd.h, "Notes on the communication
//! dynamics": "a queen on C1 takes a pawn on C4. The reported changes can be (in sequence):
//! Empty on C4, Queen on C2, Queen on C3, Empty on C1, Empty on C2, Queen on C4, Empty on
//! C3". Without the capture, "Queen on C2, Empty on C1" is by itself the move Qc2.
//!
//! So a piece put down is held for [`SETTLE`]: lifted again from that square within it, both
//! reports go (the piece passed through); else it is passed on once the board has been quiet
//! for [`SETTLE`], before a whole-board report, or before a lift of another piece (the next
//! thing done, so that the order of what was done is kept). The lift of the same piece from
//! another square is the slide's start reported late, and is passed on while the piece stays
//! held. Lifts are passed on at once: a touch is seen as it happens. Pure: reports and times
//! in, tracker inputs out; it keeps what the board shows to know which piece is lifted.

use std::time::Duration;

use shakmaty::Square;

use super::sensed::{Cell, SensedBoard};
use super::tracker::BoardInput;

/// How long a piece put down must stay before it counts: longer than a slide's stay on a
/// square it passes, short enough that the sighted player's move is said at once.
pub const SETTLE: Duration = Duration::from_millis(300);

/// The pieces put down and not yet passed on; see the module documentation.
#[derive(Debug, Clone, Default)]
pub struct Settle {
    /// What the board shows, held pieces included.
    shown: SensedBoard,
    held: Vec<(Square, Cell)>,
    last: Duration,
}

impl Settle {
    /// A whole-board report: what the board shows (pass on what is held first).
    pub fn shown(&mut self, board: &SensedBoard, out: &mut Vec<BoardInput>) {
        self.flush(out);
        self.shown = board.clone();
    }

    /// A piece put down on `sq` at `now`: held. What was held and is due goes first.
    pub fn down(&mut self, sq: Square, cell: Cell, now: Duration, out: &mut Vec<BoardInput>) {
        self.due(now, out);
        self.held.retain(|&(held, _)| held != sq);
        self.held.push((sq, cell));
        self.shown.set(sq, cell);
        self.last = now;
    }

    /// A piece lifted from `sq` at `now`: passed on, unless it was put down there within
    /// [`SETTLE`] (the two reports go: it passed through). A lift of another piece than those
    /// held passes them on first.
    pub fn up(&mut self, sq: Square, now: Duration, out: &mut Vec<BoardInput>) {
        self.due(now, out);
        self.last = now;
        let lifted = self.shown.get(sq);
        self.shown.set(sq, Cell::Empty);
        if let Some(at) = self.held.iter().position(|&(held, _)| held == sq) {
            self.held.remove(at);
            return;
        }
        if !self.held.iter().any(|&(_, cell)| cell == lifted) {
            self.flush(out);
        }
        out.push(BoardInput::Up(sq));
    }

    /// Passes on what was held, once the board has been quiet for [`SETTLE`].
    pub fn due(&mut self, now: Duration, out: &mut Vec<BoardInput>) {
        if now.saturating_sub(self.last) >= SETTLE {
            self.flush(out);
        }
    }

    /// Passes on everything held.
    pub fn flush(&mut self, out: &mut Vec<BoardInput>) {
        out.extend(
            self.held
                .drain(..)
                .map(|(sq, cell)| BoardInput::Down(sq, cell)),
        );
    }

    /// Forgets what was held (the link was opened again: a whole-board report follows).
    pub fn clear(&mut self) {
        self.held.clear();
    }

    /// When what is held is due.
    pub fn deadline(&self) -> Option<Duration> {
        (!self.held.is_empty()).then_some(self.last + SETTLE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Color, Piece, Role};

    const QUEEN: Cell = Cell::Piece(Piece {
        color: Color::White,
        role: Role::Queen,
    });

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_piece_slid_across_squares_is_put_down_once_where_it_stays() {
        let mut settle = Settle::default();
        let mut out = Vec::new();
        let mut board = SensedBoard::default();
        board.set(Square::C1, QUEEN);
        settle.shown(&board, &mut out);
        // "Queen on C2, Empty on C1, Queen on C3, Empty on C2, Queen on C4, Empty on C3".
        settle.down(Square::C2, QUEEN, ms(0), &mut out);
        settle.up(Square::C1, ms(20), &mut out);
        settle.down(Square::C3, QUEEN, ms(60), &mut out);
        settle.up(Square::C2, ms(80), &mut out);
        settle.down(Square::C4, QUEEN, ms(120), &mut out);
        settle.up(Square::C3, ms(140), &mut out);
        assert_eq!(out, [BoardInput::Up(Square::C1)]);
        assert_eq!(settle.deadline(), Some(ms(440)));
        settle.due(ms(439), &mut out);
        assert_eq!(out.len(), 1);
        settle.due(ms(440), &mut out);
        assert_eq!(
            out,
            [
                BoardInput::Up(Square::C1),
                BoardInput::Down(Square::C4, QUEEN)
            ]
        );
        assert_eq!(settle.deadline(), None);
    }

    #[test]
    fn a_piece_lifted_and_put_back_is_a_touch_and_a_later_lift_is_passed_on() {
        let mut settle = Settle::default();
        let mut out = Vec::new();
        let mut board = SensedBoard::default();
        board.set(Square::E2, QUEEN);
        settle.shown(&board, &mut out);
        settle.up(Square::E2, ms(0), &mut out);
        settle.down(Square::E2, QUEEN, ms(500), &mut out);
        // Lifted again after it settled: a lift of its own.
        settle.up(Square::E2, ms(900), &mut out);
        assert_eq!(
            out,
            [
                BoardInput::Up(Square::E2),
                BoardInput::Down(Square::E2, QUEEN),
                BoardInput::Up(Square::E2),
            ]
        );
    }

    #[test]
    fn the_next_piece_lifted_passes_on_the_one_put_down_before_it() {
        // 1... e5 made on the e-board, then at once 2. Nf3: the pawn is put down before the
        // knight is lifted, and passed on so.
        const PAWN: Cell = Cell::Piece(Piece {
            color: Color::Black,
            role: Role::Pawn,
        });
        const KNIGHT: Cell = Cell::Piece(Piece {
            color: Color::White,
            role: Role::Knight,
        });
        let mut settle = Settle::default();
        let mut out = Vec::new();
        let mut board = SensedBoard::default();
        board.set(Square::E7, PAWN);
        board.set(Square::G1, KNIGHT);
        settle.shown(&board, &mut out);
        settle.up(Square::E7, ms(0), &mut out);
        settle.down(Square::E5, PAWN, ms(100), &mut out);
        settle.up(Square::G1, ms(150), &mut out);
        settle.down(Square::F3, KNIGHT, ms(200), &mut out);
        settle.due(ms(500), &mut out);
        assert_eq!(
            out,
            [
                BoardInput::Up(Square::E7),
                BoardInput::Down(Square::E5, PAWN),
                BoardInput::Up(Square::G1),
                BoardInput::Down(Square::F3, KNIGHT),
            ]
        );
    }
}
