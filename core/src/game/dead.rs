//! Dead positions (Article 5.2.2) and whether a side can still mate (Articles 6.9, 7.5.3, A.4.2).
//!
//! Both answers must be sound in one direction only: never call a position dead, and never
//! say a side cannot mate, when some sequence of legal moves (with the opponent's help) leads
//! to mate. Two certain tests are used: shakmaty's insufficient material (material alone,
//! counting self-blocking by the opponent) and a blocked pawn wall that no king can cross.

use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Position, Role, attacks};

use super::outcome::DeadKind;

/// Why the position is dead, or `None` when a mate may still be possible.
pub fn dead_position(pos: &Chess) -> Option<DeadKind> {
    if pos.is_insufficient_material() {
        Some(DeadKind::InsufficientMaterial)
    } else if pawns_blocked_for_ever(pos) {
        Some(DeadKind::BlockedPawns)
    } else {
        None
    }
}

/// False only when `color` cannot mate by any sequence of legal moves.
pub fn can_checkmate(pos: &Chess, color: Color) -> bool {
    !pos.has_insufficient_material(color) && !pawns_blocked_for_ever(pos)
}

/// True when only kings and pawns are left, no pawn can ever move, and no king can ever
/// capture a pawn: then only the kings move, nobody is ever in check, and nobody can mate.
///
/// Soundness: a pawn moves only by pushing (its square ahead holds a pawn, which itself never
/// moves) or by capturing (no enemy pawn stands on a square it attacks, and a king cannot stand
/// on one without being in check). A king could change that only by capturing a pawn, which
/// needs a path of squares not held by its own pawns and not attacked by enemy pawns; the
/// flood fill follows every such path (ignoring the other king, which only removes paths).
pub fn pawns_blocked_for_ever(pos: &Chess) -> bool {
    let board = pos.board();
    let pawns = board.pawns();
    if pawns.is_empty() || (board.occupied() & !board.kings() & !pawns).any() {
        return false;
    }
    if pos.is_check() || pos.ep_square(EnPassantMode::Legal).is_some() {
        return false;
    }
    for square in pawns {
        let Some(color) = board.color_at(square) else {
            return false;
        };
        let ahead = match color {
            Color::White => square.offset(8),
            Color::Black => square.offset(-8),
        };
        match ahead {
            Some(ahead) if pawns.contains(ahead) => {}
            _ => return false,
        }
        if (attacks::pawn_attacks(color, square) & board.by_color(!color)).any() {
            return false;
        }
    }
    Color::ALL
        .into_iter()
        .all(|color| !king_can_reach_enemy_pawn(pos, color))
}

/// Whether the king of `color` can ever step onto an enemy pawn's square, moving only through
/// squares free of its own pawns and not attacked by enemy pawns.
fn king_can_reach_enemy_pawn(pos: &Chess, color: Color) -> bool {
    let board = pos.board();
    let Some(king) = board.king_of(color) else {
        return false;
    };
    let enemy_pawns = board.by_piece(Role::Pawn.of(!color));
    let guarded = enemy_pawns.into_iter().fold(Bitboard::EMPTY, |acc, sq| {
        acc | attacks::pawn_attacks(!color, sq)
    });
    let walls = board.by_piece(Role::Pawn.of(color)) | guarded;
    let mut reached = Bitboard::from_square(king);
    loop {
        let next = reached.into_iter().fold(reached, |acc, sq| {
            acc | (attacks::king_attacks(sq) & !walls)
        });
        if (next & enemy_pawns).any() {
            return true;
        }
        if next == reached {
            return false;
        }
        reached = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn a_closed_pawn_wall_no_king_can_cross_is_dead() {
        // Every square of the 4th rank is a white pawn or attacked by a black pawn, and every
        // square of the 5th rank a black pawn or attacked by a white pawn.
        for fen in [
            "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1",
            "4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 b - - 0 1",
        ] {
            let wall = pos(fen);
            assert_eq!(dead_position(&wall), Some(DeadKind::BlockedPawns), "{fen}");
            assert!(!can_checkmate(&wall, Color::White));
            assert!(!can_checkmate(&wall, Color::Black));
        }
    }

    #[test]
    fn a_wall_with_a_hole_is_not_dead() {
        // No pawns on the g-file: the white king walks g4, g5, f6 and takes e5.
        let holed = pos("4k3/8/8/p1p1p3/P1P1P3/8/8/4K3 w - - 0 1");
        assert!(!pawns_blocked_for_ever(&holed));
        assert_eq!(dead_position(&holed), None);
        assert!(can_checkmate(&holed, Color::White));
    }

    #[test]
    fn a_pawn_that_can_still_push_or_capture_is_not_blocked() {
        // h-pawn free to advance.
        assert!(!pawns_blocked_for_ever(&pos(
            "4k3/8/8/p1p1p1p1/P1P1P1P1/8/7P/4K3 w - - 0 1"
        )));
        // Blocked head to head, but d4 can take e5 and e4 can take d5.
        assert!(!pawns_blocked_for_ever(&pos(
            "4k3/8/8/3pp3/3PP3/8/8/4K3 w - - 0 1"
        )));
    }

    #[test]
    fn a_piece_besides_kings_and_pawns_is_never_blocked() {
        let p = pos("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K2N w - - 0 1");
        assert!(!pawns_blocked_for_ever(&p));
    }
}
