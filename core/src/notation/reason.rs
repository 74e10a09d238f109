//! Why a piece's way from one square to another is not a legal move: the true reason, as the
//! Laws give it (Article 3), so that a refusal never names a check that does not exist. One
//! answer serves a move typed or said ("Springer schlägt Felix drei" with nothing on f3) and a
//! move made with the pegs (a rook moved through its own pawn).

use shakmaty::attacks;
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, EnPassantMode, Piece, Position, Role, Square,
};

use crate::words::{Token, Word};

/// Why a way is not a legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The piece does not move that way at all (3.2 to 3.7).
    NotHowItMoves,
    /// A piece stands in the way: "may not move over any intervening pieces" (3.5), a pawn's
    /// square ahead is not unoccupied (3.7.1, 3.7.2).
    PathBlocked,
    /// A piece of the same colour stands on the square (3.1).
    OwnPieceThere,
    /// There is nothing to capture there (a pawn's diagonal step, 3.7.3; a capture said).
    NothingToCapture,
    /// The own king would be in check afterwards (3.9; 1.2: "no player may … leave his own
    /// king under attack").
    LeavesKingInCheck,
    /// Castling while the king is attacked (3.8.2.2.1).
    CastlingInCheck,
    /// Castling over or onto an attacked square (3.8.2.2.2).
    CastlingThroughCheck,
    /// The king or the rook has already moved (3.8.2.1).
    CastlingRightLost,
}

impl Illegal {
    /// The reason in words: "der Weg ist versperrt".
    pub fn tokens(self) -> Vec<Token> {
        vec![Token::Word(match self {
            Illegal::NotHowItMoves => Word::NotHowItMoves,
            Illegal::PathBlocked => Word::PathBlocked,
            Illegal::OwnPieceThere => Word::OwnPieceThere,
            Illegal::NothingToCapture => Word::NothingToCapture,
            Illegal::LeavesKingInCheck => Word::LeavesKingInCheck,
            Illegal::CastlingInCheck => Word::KingInCheck,
            Illegal::CastlingThroughCheck => Word::CastlingThroughCheck,
            Illegal::CastlingRightLost => Word::CastlingRightLost,
        })]
    }
}

/// Why the piece on `from` (of the side to move) may not go to `to` in `pos`. The way is
/// assumed not to be a legal move; for one that is, the answer is meaningless.
pub fn why_illegal(pos: &Chess, from: Square, to: Square) -> Illegal {
    let board = pos.board();
    let us = pos.turn();
    let Some(piece) = board.piece_at(from) else {
        return Illegal::NotHowItMoves;
    };
    if piece.role == Role::King
        && from.rank() == to.rank()
        && from.file().distance(to.file()) == 2
        && from.rank() == us.backrank()
    {
        return why_not_castling(pos, from, to);
    }
    if board.by_color(us).contains(to) {
        return Illegal::OwnPieceThere;
    }
    if piece.role == Role::Pawn {
        return why_not_pawn(pos, piece, from, to);
    }
    if !attacks::attacks(from, piece, Bitboard::EMPTY).contains(to) {
        Illegal::NotHowItMoves
    } else if !attacks::attacks(from, piece, board.occupied()).contains(to) {
        Illegal::PathBlocked
    } else {
        Illegal::LeavesKingInCheck
    }
}

/// A pawn's way (3.7): one square ahead onto an empty square, two from its first rank over an
/// empty square, one diagonally forward onto an opponent's piece or the en passant square.
fn why_not_pawn(pos: &Chess, pawn: Piece, from: Square, to: Square) -> Illegal {
    let occupied = pos.board().occupied();
    let forward: i32 = if pawn.color == Color::White { 1 } else { -1 };
    let step = to.rank() as i32 - from.rank() as i32;
    let start = if pawn.color == Color::White { 1 } else { 6 };
    if from.file() == to.file() {
        let two = step == 2 * forward && from.rank() as i32 == start;
        if step != forward && !two {
            return Illegal::NotHowItMoves;
        }
        if occupied.contains(to) || (two && (attacks::between(from, to) & occupied).any()) {
            return Illegal::PathBlocked;
        }
        return Illegal::LeavesKingInCheck;
    }
    if !attacks::pawn_attacks(pawn.color, from).contains(to) {
        return Illegal::NotHowItMoves;
    }
    let victim = pos.board().by_color(!pawn.color).contains(to)
        || pos.ep_square(EnPassantMode::Legal) == Some(to)
        || pos.ep_square(EnPassantMode::Always) == Some(to);
    if victim {
        Illegal::LeavesKingInCheck
    } else {
        Illegal::NothingToCapture
    }
}

/// Castling by the king's two steps (3.8.2): a right lost, a piece between king and rook, the
/// king in check, or a square it crosses or reaches attacked.
fn why_not_castling(pos: &Chess, from: Square, to: Square) -> Illegal {
    let us = pos.turn();
    let side = CastlingSide::from_king_side(to.file() > from.file());
    let castles = pos.castles();
    let Some(rook) = castles.rook(us, side) else {
        return Illegal::CastlingRightLost;
    };
    let between = attacks::between(from, rook) | Bitboard::from(to);
    let path = (castles.path(us, side) | between)
        .without(from)
        .without(rook);
    if (path & pos.board().occupied()).any() {
        return Illegal::PathBlocked;
    }
    if pos.is_check() {
        return Illegal::CastlingInCheck;
    }
    Illegal::CastlingThroughCheck
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn each_reason_is_the_true_one() {
        let start = Chess::default();
        // 3.5: a rook may not move over its own pawn.
        assert_eq!(
            why_illegal(&start, Square::A1, Square::A3),
            Illegal::PathBlocked
        );
        assert_eq!(
            why_illegal(&start, Square::G1, Square::G3),
            Illegal::NotHowItMoves
        );
        assert_eq!(
            why_illegal(&start, Square::G1, Square::E2),
            Illegal::OwnPieceThere
        );
        // 3.7.3: a pawn captures diagonally; there is nothing on d3.
        assert_eq!(
            why_illegal(&start, Square::E2, Square::D3),
            Illegal::NothingToCapture
        );
        assert_eq!(
            why_illegal(&start, Square::E2, Square::E5),
            Illegal::NotHowItMoves
        );
        // A knight pinned to its king.
        let pinned = pos("4k3/8/8/8/4r3/8/4N3/4K3 w - - 0 1");
        assert_eq!(
            why_illegal(&pinned, Square::E2, Square::C3),
            Illegal::LeavesKingInCheck
        );
        // 3.8.2.2: castling out of check, through check; 3.8.2.1: the right is lost.
        let checked = pos("4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1");
        assert_eq!(
            why_illegal(&checked, Square::E1, Square::G1),
            Illegal::CastlingInCheck
        );
        let through = pos("4k3/8/8/8/5r2/8/8/R3K2R w KQ - 0 1");
        assert_eq!(
            why_illegal(&through, Square::E1, Square::G1),
            Illegal::CastlingThroughCheck
        );
        let lost = pos("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1");
        assert_eq!(
            why_illegal(&lost, Square::E1, Square::G1),
            Illegal::CastlingRightLost
        );
        assert_eq!(
            why_illegal(&start, Square::E1, Square::G1),
            Illegal::PathBlocked
        );
    }
}
