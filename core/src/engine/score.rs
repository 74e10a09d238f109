//! What an engine thinks of a position, from White's side: pawns and hundredths of a pawn, or
//! a mate in so many moves; the chance of winning it stands for; and the material on the
//! board, counted as players count it (pawn 1, knight and bishop 3, rook 5, queen 9).

use shakmaty::{Color, Position, Role};

/// An engine's evaluation of a position, always from White's side (UCI gives it from the
/// side to move's: [`Eval::from_uci`] turns it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Centipawns: above zero White stands better, below zero Black.
    Centipawns(i32),
    /// A forced mate: `winner` mates in `moves` moves (0: the side to move is mated now).
    Mate {
        /// Who mates.
        winner: Color,
        /// In how many of the winner's moves.
        moves: u32,
    },
}

/// The slope of the curve that turns centipawns into a chance of winning: the logistic curve
/// lichess fitted to rated games (its "win%" of the accuracy and analysis pages), so that a
/// pawn lost in a level position weighs more than a pawn lost in a won one.
const WIN_SLOPE: f64 = 0.003_682_08;

impl Eval {
    /// The score of a UCI `info … score` line: `cp` centipawns or `mate` moves, from the side
    /// to move's point of view (`mate 0`: the side to move is mated).
    pub fn from_uci(side_to_move: Color, cp: Option<i32>, mate: Option<i32>) -> Option<Eval> {
        match (mate, cp) {
            (Some(m), _) if m > 0 => Some(Eval::Mate {
                winner: side_to_move,
                moves: m.unsigned_abs(),
            }),
            (Some(m), _) => Some(Eval::Mate {
                winner: !side_to_move,
                moves: m.unsigned_abs(),
            }),
            (None, Some(cp)) => Some(Eval::Centipawns(side_to_move.fold_wb(cp, -cp))),
            (None, None) => None,
        }
    }

    /// The evaluation from `side`'s point of view, in centipawns, mates as ±100 000 less
    /// the moves to mate (a nearer mate is better): for sorting and differences.
    pub fn centipawns_for(self, side: Color) -> i32 {
        let white = match self {
            Eval::Centipawns(cp) => cp.clamp(-50_000, 50_000),
            Eval::Mate { winner, moves } => {
                let value = 100_000 - moves.min(1_000) as i32;
                winner.fold_wb(value, -value)
            }
        };
        side.fold_wb(white, -white)
    }

    /// `side`'s chance of winning, 0.0 to 1.0: a mate is certain, centipawns through
    /// lichess's logistic curve (0.5 when level).
    pub fn win_chance(self, side: Color) -> f64 {
        match self {
            Eval::Mate { winner, .. } => {
                if winner == side {
                    1.0
                } else {
                    0.0
                }
            }
            Eval::Centipawns(cp) => {
                let cp = f64::from(side.fold_wb(cp, -cp));
                1.0 / (1.0 + (-WIN_SLOPE * cp).exp())
            }
        }
    }

    /// The side that mates, if this is a mate.
    pub fn mating(self) -> Option<Color> {
        match self {
            Eval::Mate { winner, .. } => Some(winner),
            Eval::Centipawns(_) => None,
        }
    }
}

/// The value of a piece as players count material.
pub fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// White's material less Black's, in pawns.
pub fn material_balance(pos: &impl Position) -> i32 {
    let board = pos.board();
    Role::ALL
        .into_iter()
        .map(|role| {
            let white = (board.by_role(role) & board.by_color(Color::White)).count() as i32;
            let black = (board.by_role(role) & board.by_color(Color::Black)).count() as i32;
            piece_value(role) * (white - black)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, Chess, fen::Fen};

    #[test]
    fn uci_scores_are_turned_to_whites_side() {
        assert_eq!(
            Eval::from_uci(Color::Black, Some(-23), None),
            Some(Eval::Centipawns(23))
        );
        assert_eq!(
            Eval::from_uci(Color::White, Some(-23), None),
            Some(Eval::Centipawns(-23))
        );
        assert_eq!(
            Eval::from_uci(Color::Black, None, Some(2)),
            Some(Eval::Mate {
                winner: Color::Black,
                moves: 2
            })
        );
        assert_eq!(
            Eval::from_uci(Color::Black, None, Some(-3)),
            Some(Eval::Mate {
                winner: Color::White,
                moves: 3
            })
        );
        // "mate 0": the side to move is mated.
        assert_eq!(
            Eval::from_uci(Color::White, Some(0), Some(0)),
            Some(Eval::Mate {
                winner: Color::Black,
                moves: 0
            })
        );
        assert_eq!(Eval::from_uci(Color::White, None, None), None);
    }

    #[test]
    fn win_chances_are_half_when_level_and_certain_with_a_mate() {
        assert!((Eval::Centipawns(0).win_chance(Color::White) - 0.5).abs() < 1e-9);
        let pawn_up = Eval::Centipawns(100).win_chance(Color::White);
        assert!((0.58..0.60).contains(&pawn_up), "{pawn_up}");
        assert!((Eval::Centipawns(100).win_chance(Color::Black) - (1.0 - pawn_up)).abs() < 1e-9);
        let mate = Eval::Mate {
            winner: Color::Black,
            moves: 4,
        };
        assert_eq!(mate.win_chance(Color::Black), 1.0);
        assert_eq!(mate.win_chance(Color::White), 0.0);
        assert!(mate.centipawns_for(Color::Black) > 90_000);
        assert!(
            Eval::Mate {
                winner: Color::Black,
                moves: 1
            }
            .centipawns_for(Color::Black)
                > mate.centipawns_for(Color::Black)
        );
    }

    #[test]
    fn material_is_counted_as_players_count_it() {
        let pos: Chess = "r1bqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        // Black lacks a knight.
        assert_eq!(material_balance(&pos), 3);
        assert_eq!(material_balance(&Chess::default()), 0);
    }
}
