//! The review after the game: the moves that lost most, what was better, and what they cost,
//! in the game's words. The engine analyses each position of the game (program side); this
//! module only reads the analyses: a move's loss is the chance of winning its side had before
//! it less the chance after it (lichess's curve, [`Eval::win_chance`]), so that a pawn given
//! away in a level position counts and one given away in a won position hardly does.
//!
//! A move counts as a mistake from [`MISTAKE_LOSS`] on (lichess marks an inaccuracy from ten
//! points of winning chance); the review tells the [`MOST_MISTAKES`] that lost most, in the
//! order they were played.

use shakmaty::{Chess, Color, Move, Position};

use super::score::Eval;
use crate::notation::{Style, move_tokens};
use crate::words::{Token, Word};

/// A move is a mistake when it loses this much of its side's chance of winning (0 to 1).
pub const MISTAKE_LOSS: f64 = 0.10;
/// The review tells at most this many.
pub const MOST_MISTAKES: usize = 3;

/// What the engine found in one position of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Analysis {
    /// The evaluation, from White's side.
    pub eval: Eval,
    /// The best move; `None` where there is none.
    pub best: Option<Move>,
}

/// What a move cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    /// A forced mate was there and is gone.
    MissedMate,
    /// It let the opponent mate by force.
    AllowedMate,
    /// About this many pawns.
    Pawns(u32),
}

/// One of the moves that lost most.
#[derive(Debug, Clone, PartialEq)]
pub struct Mistake {
    /// Its half-move in the game (0 for White's first).
    pub ply: usize,
    /// The position it was played in.
    pub position: Chess,
    /// The move played.
    pub played: Move,
    /// The engine's move there.
    pub better: Option<Move>,
    /// The chance of winning it lost (0 to 1).
    pub lost: f64,
    /// What it cost.
    pub cost: Cost,
}

impl Mistake {
    /// The side that played it.
    pub fn side(&self) -> Color {
        self.position.turn()
    }

    /// The number of the move (1 for the first of each side).
    pub fn move_number(&self) -> u32 {
        self.position.fullmoves().get()
    }
}

/// The positions the engine must analyse for a review of `side`'s moves (both sides' with
/// `None`) in a game of `plies` half-moves from a start where `first` moves: the position
/// before each such move and the one after it.
pub fn positions_to_analyse(plies: usize, first: Color, side: Option<Color>) -> Vec<usize> {
    let mut wanted: Vec<usize> = (0..plies)
        .filter(|&ply| {
            let mover = if ply % 2 == 0 { first } else { !first };
            side.is_none_or(|side| side == mover)
        })
        .flat_map(|ply| [ply, ply + 1])
        .collect();
    wanted.dedup();
    wanted
}

/// The moves of `side` (both with `None`) that lost most, in the order played. `analyses[i]`
/// is the analysis of the position before half-move `i` (`analyses[moves.len()]` the last
/// position); a move whose two positions were not analysed is passed over.
pub fn mistakes(
    start: &Chess,
    moves: &[Move],
    analyses: &[Option<Analysis>],
    side: Option<Color>,
) -> Vec<Mistake> {
    let mut position = start.clone();
    let mut found = Vec::new();
    for (ply, played) in moves.iter().enumerate() {
        let mover = position.turn();
        let before = analyses.get(ply).copied().flatten();
        let after = analyses.get(ply + 1).copied().flatten();
        if let (Some(before), Some(after)) = (before, after)
            && side.is_none_or(|side| side == mover)
            && before.best != Some(*played)
            && let Some(mistake) = judge(ply, &position, played, before, after.eval)
        {
            found.push(mistake);
        }
        if !position.is_legal(*played) {
            break;
        }
        position.play_unchecked(*played);
    }
    found.sort_by(|a, b| b.lost.total_cmp(&a.lost));
    found.truncate(MOST_MISTAKES);
    found.sort_by_key(|m| m.ply);
    found
}

fn judge(
    ply: usize,
    position: &Chess,
    played: &Move,
    before: Analysis,
    after: Eval,
) -> Option<Mistake> {
    let mover = position.turn();
    let lost = before.eval.win_chance(mover) - after.win_chance(mover);
    if lost < MISTAKE_LOSS {
        return None;
    }
    let cost = if before.eval.mating() == Some(mover) && after.mating() != Some(mover) {
        Cost::MissedMate
    } else if after.mating() == Some(!mover) && before.eval.mating() != Some(!mover) {
        Cost::AllowedMate
    } else {
        let pawns = f64::from(before.eval.centipawns_for(mover) - after.centipawns_for(mover));
        Cost::Pawns(((pawns / 100.0).round() as u32).max(1))
    };
    Some(Mistake {
        ply,
        position: position.clone(),
        played: *played,
        better: before.best.filter(|m| position.is_legal(*m)),
        lost,
        cost,
    })
}

/// The review in words, one utterance each: "Rückblick", then per mistake "Zug zwölf,
/// Weiß Läufer schlägt Bella fünf, besser war Springer Felix drei, das kostete etwa zwei
/// Bauern"; or "keine groben Fehler".
pub fn review_tokens(mistakes: &[Mistake]) -> Vec<Vec<Token>> {
    let mut said = vec![vec![Token::Word(Word::Review)]];
    if mistakes.is_empty() {
        said.push(vec![Token::Word(Word::NoSeriousMistakes)]);
        return said;
    }
    for mistake in mistakes {
        let mut tokens = vec![
            Token::Word(Word::Move),
            Token::Number(mistake.move_number()),
            Token::Pause,
            Token::Side(mistake.side()),
        ];
        tokens.extend(move_tokens(&mistake.position, mistake.played, Style::Short));
        if let Some(better) = &mistake.better {
            tokens.push(Token::Pause);
            tokens.push(Token::Word(Word::BetterWas));
            tokens.extend(move_tokens(&mistake.position, *better, Style::Short));
        }
        tokens.push(Token::Pause);
        match mistake.cost {
            Cost::MissedMate => tokens.push(Token::Word(Word::MissedMate)),
            Cost::AllowedMate => tokens.push(Token::Word(Word::AllowedMate)),
            Cost::Pawns(1) => tokens.push(Token::Word(Word::CostOnePawn)),
            Cost::Pawns(n) => tokens.extend([
                Token::Word(Word::CostAbout),
                Token::Number(n),
                Token::Word(Word::PawnsAfterNumber),
            ]),
        }
        said.push(tokens);
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use shakmaty::uci::UciMove;

    fn game(ucis: &str) -> (Chess, Vec<Move>) {
        let start = Chess::default();
        let mut pos = start.clone();
        let moves = ucis
            .split_whitespace()
            .map(|u| {
                let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
                pos.play_unchecked(m);
                m
            })
            .collect();
        (start, moves)
    }

    fn at(start: &Chess, moves: &[Move], ply: usize, uci: &str) -> Move {
        let mut pos = start.clone();
        for m in &moves[..ply] {
            pos.play_unchecked(*m);
        }
        uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap()
    }

    fn cp(cp: i32, best: Option<Move>) -> Option<Analysis> {
        Some(Analysis {
            eval: Eval::Centipawns(cp),
            best,
        })
    }

    #[test]
    fn the_moves_that_lost_most_are_told_with_the_better_move_and_the_cost() {
        // 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7#
        let (start, moves) = game("e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7");
        let analyses = vec![
            cp(30, Some(at(&start, &moves, 0, "e2e4"))),
            cp(30, Some(at(&start, &moves, 1, "e7e5"))),
            cp(30, Some(at(&start, &moves, 2, "g1f3"))),
            // 2...Nc6 is fine.
            cp(-20, Some(at(&start, &moves, 3, "b8c6"))),
            cp(-10, Some(at(&start, &moves, 4, "f1c4"))),
            // 3...Nf6?? allows mate; g7g6 was better.
            cp(-10, Some(at(&start, &moves, 5, "g7g6"))),
            Some(Analysis {
                eval: Eval::Mate {
                    winner: Color::White,
                    moves: 1,
                },
                best: Some(at(&start, &moves, 6, "h5f7")),
            }),
            Some(Analysis {
                eval: Eval::Mate {
                    winner: Color::White,
                    moves: 0,
                },
                best: None,
            }),
        ];
        let found = mistakes(&start, &moves, &analyses, Some(Color::Black));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].cost, Cost::AllowedMate);
        assert_eq!(found[0].move_number(), 3);
        let said: Vec<String> = review_tokens(&found)
            .iter()
            .map(|t| Lang::De.text(t))
            .collect();
        assert_eq!(
            said,
            [
                "Rückblick",
                "Zug drei, Schwarz Springer Felix sechs, besser war Gustav sechs, ließ ein Matt zu"
            ]
        );
        // 2.Qh5 lost a little for White: below the threshold, not told.
        assert!(mistakes(&start, &moves, &analyses, Some(Color::White)).is_empty());
    }

    #[test]
    fn a_cost_in_pawns_and_at_most_three_in_the_order_played() {
        let (start, moves) = game("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6");
        // White's four moves lose 0.135, 0.179, 0.251 and 0.108 of White's chance; Black's
        // give it back.
        let whites = [0, -150, -150, -400, 0, -300, 0, -120, -120];
        let analyses: Vec<_> = whites.iter().map(|&w| cp(w, None)).collect();
        let found = mistakes(&start, &moves, &analyses, Some(Color::White));
        let plies: Vec<usize> = found.iter().map(|m| m.ply).collect();
        assert_eq!(
            plies,
            [0, 2, 4],
            "the three that lost most, in the order played"
        );
        let said = review_tokens(&found);
        assert_eq!(
            Lang::De.text(&said[1]),
            "Zug eins, Weiß Eva vier, das kostete etwa zwei Bauern"
        );
        assert_eq!(
            Lang::En.text(&said[1]),
            "move one, White Eva vier, that cost about two pawns"
        );
        assert_eq!(found[1].cost, Cost::Pawns(3));
    }

    #[test]
    fn a_missed_mate_and_a_clean_game() {
        let (start, moves) = game("e2e4");
        let analyses = vec![
            Some(Analysis {
                eval: Eval::Mate {
                    winner: Color::White,
                    moves: 5,
                },
                best: Some(at(&start, &moves, 0, "d2d4")),
            }),
            cp(100, None),
        ];
        let found = mistakes(&start, &moves, &analyses, None);
        assert_eq!(found[0].cost, Cost::MissedMate);
        assert_eq!(
            Lang::Fr.text(&review_tokens(&found)[1]),
            "coup un, Blanc Eva vier, mieux valait David vier, a manqué un mat"
        );
        let said = review_tokens(&[]);
        assert_eq!(Lang::De.text(&said[1]), "keine groben Fehler");
    }

    #[test]
    fn the_positions_to_analyse_are_those_around_the_sides_moves() {
        assert_eq!(
            positions_to_analyse(5, Color::White, Some(Color::Black)),
            [1, 2, 3, 4]
        );
        assert_eq!(positions_to_analyse(3, Color::White, None), [0, 1, 2, 3]);
        assert_eq!(
            positions_to_analyse(3, Color::Black, Some(Color::Black)),
            [0, 1, 2, 3]
        );
    }
}
