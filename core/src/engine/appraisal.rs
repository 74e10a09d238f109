//! An evaluation said as a player says it: who stands better and how much ("Weiß steht etwas
//! besser"), a mate in so many moves, and what the engine's line wins ("Schwarz gewinnt eine
//! Figur"), never a number of centipawns.
//!
//! The steps are the ones chess books and the Informator's signs use: level below
//! [`LEVEL_BELOW`] centipawns (=), slightly better below [`SLIGHTLY_BELOW`] (⩲), clearly
//! better below [`CLEARLY_BELOW`] (±), winning from there on (+−). What the line wins is the
//! material the engine's line of moves changes, counted where the line ends and one half-move
//! before (the lesser of the two, so that a recapture the line stops short of does not count).

use shakmaty::{Chess, Color, Move, Position, Role};

use super::score::{Eval, material_balance};
use crate::words::{Token, Word};

/// Below this (centipawns) the position is level.
pub const LEVEL_BELOW: i32 = 35;
/// Below this, one side stands slightly better.
pub const SLIGHTLY_BELOW: i32 = 100;
/// Below this, clearly better; from it on, winning.
pub const CLEARLY_BELOW: i32 = 250;

/// The evaluation in words: "Weiß steht etwas besser", "Schwarz setzt matt in drei Zügen".
pub fn eval_tokens(eval: Eval) -> Vec<Token> {
    match eval {
        Eval::Mate { moves: 0, .. } => vec![Token::Word(Word::Checkmate)],
        Eval::Mate { winner, moves: 1 } => {
            vec![Token::Side(winner), Token::Word(Word::MatesInOne)]
        }
        Eval::Mate { winner, moves } => vec![
            Token::Side(winner),
            Token::Word(Word::MatesIn),
            Token::Number(moves),
            Token::Word(Word::MovesAfterNumber),
        ],
        Eval::Centipawns(cp) => {
            let better = if cp > 0 { Color::White } else { Color::Black };
            let word = match cp.unsigned_abs() {
                n if n < LEVEL_BELOW as u32 => return vec![Token::Word(Word::PositionLevel)],
                n if n < SLIGHTLY_BELOW as u32 => Word::SlightlyBetter,
                n if n < CLEARLY_BELOW as u32 => Word::ClearlyBetter,
                _ => Word::IsWinning,
            };
            vec![Token::Side(better), Token::Word(word)]
        }
    }
}

/// What the engine's `line` from `position` wins, in words ("Schwarz gewinnt eine Figur"),
/// or nothing when it wins less than a pawn.
pub fn gain_tokens(position: &Chess, line: &[Move]) -> Vec<Token> {
    let before = material_balance(position);
    let mut pos = position.clone();
    let mut reached = Vec::with_capacity(line.len());
    for m in line {
        if !pos.is_legal(*m) {
            break;
        }
        pos.play_unchecked(*m);
        reached.push(pos.clone());
    }
    // The line's end, or the position one half-move before it, whichever gains less.
    let [.., before_end, end] = reached.as_slice() else {
        return Vec::new();
    };
    let gain_at = |p: &Chess| material_balance(p) - before;
    let (gain_end, gain_before) = (gain_at(end), gain_at(before_end));
    let (end, gain) = if gain_end.signum() != gain_before.signum() {
        (end, 0)
    } else if gain_end.abs() <= gain_before.abs() {
        (end, gain_end)
    } else {
        (before_end, gain_before)
    };
    if gain == 0 {
        return Vec::new();
    }
    let winner = if gain > 0 { Color::White } else { Color::Black };
    let gain = gain.abs();
    let lost = |side: Color, roles: &[Role]| -> i32 {
        roles
            .iter()
            .map(|&role| count(position, side, role) - count(end, side, role))
            .sum()
    };
    let minors = [Role::Knight, Role::Bishop];
    let word = if lost(!winner, &[Role::Queen]) > lost(winner, &[Role::Queen]) && gain >= 6 {
        Word::WinsTheQueen
    } else if lost(!winner, &[Role::Rook]) > lost(winner, &[Role::Rook]) {
        if lost(winner, &minors) > lost(!winner, &minors) && gain <= 3 {
            Word::WinsTheExchange
        } else {
            Word::WinsARook
        }
    } else if lost(!winner, &minors) > lost(winner, &minors) && gain >= 2 {
        Word::WinsAPiece
    } else {
        match gain {
            1 => Word::WinsAPawn,
            2 => Word::WinsTwoPawns,
            _ => Word::WinsMaterial,
        }
    };
    vec![Token::Side(winner), Token::Word(word)]
}

/// How many pieces of a kind a side has.
fn count(pos: &Chess, side: Color, role: Role) -> i32 {
    let board = pos.board();
    (board.by_role(role) & board.by_color(side)).count() as i32
}

/// The whole evaluation of a position, as the player hears it after "Bewertung": how it
/// stands, then what the engine's line wins if it wins material.
pub fn appraisal_tokens(position: &Chess, eval: Eval, line: &[Move]) -> Vec<Token> {
    let mut tokens = vec![Token::Word(Word::Evaluation), Token::Pause];
    tokens.extend(eval_tokens(eval));
    let gain = gain_tokens(position, line);
    if !gain.is_empty() && eval.mating().is_none() {
        tokens.push(Token::Pause);
        tokens.extend(gain);
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use shakmaty::{CastlingMode, fen::Fen, uci::UciMove};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn line(pos: &Chess, moves: &str) -> Vec<Move> {
        let mut p = pos.clone();
        moves
            .split_whitespace()
            .map(|u| {
                let m = u.parse::<UciMove>().unwrap().to_move(&p).unwrap();
                p.play_unchecked(m);
                m
            })
            .collect()
    }

    #[test]
    fn centipawns_are_said_in_steps() {
        let say = |cp| Lang::De.text(&eval_tokens(Eval::Centipawns(cp)));
        assert_eq!(say(0), "die Stellung ist ausgeglichen");
        assert_eq!(say(-34), "die Stellung ist ausgeglichen");
        assert_eq!(say(40), "Weiß steht etwas besser");
        assert_eq!(say(-150), "Schwarz steht deutlich besser");
        assert_eq!(say(900), "Weiß steht auf Gewinn");
        let en = |cp| Lang::En.text(&eval_tokens(Eval::Centipawns(cp)));
        assert_eq!(en(60), "White is slightly better");
        let fr = |cp| Lang::Fr.text(&eval_tokens(Eval::Centipawns(cp)));
        assert_eq!(fr(-400), "Noir a un avantage décisif");
    }

    #[test]
    fn mates_are_said_in_moves() {
        let mate = |winner, moves| Eval::Mate { winner, moves };
        assert_eq!(
            Lang::De.text(&eval_tokens(mate(Color::Black, 3))),
            "Schwarz setzt matt in drei Zügen"
        );
        assert_eq!(
            Lang::De.text(&eval_tokens(mate(Color::White, 1))),
            "Weiß setzt im nächsten Zug matt"
        );
        assert_eq!(
            Lang::En.text(&eval_tokens(mate(Color::White, 2))),
            "White mates in two moves"
        );
        assert_eq!(
            Lang::Fr.text(&eval_tokens(mate(Color::Black, 2))),
            "Noir fait mat en deux coups"
        );
    }

    #[test]
    fn what_a_line_wins_is_said_in_pieces() {
        // A knight left on d4 to a pawn: the pawn takes it, a pawn takes back.
        let p = pos("r1bqkbnr/pppp1ppp/8/4p3/3nP3/2P5/PP1P1PPP/RNBQKBNR w KQkq - 0 4");
        let won = gain_tokens(&p, &line(&p, "c3d4 e5d4"));
        assert_eq!(Lang::De.text(&won), "Weiß gewinnt eine Figur");
        assert_eq!(Lang::En.text(&won), "White wins a piece");
        assert_eq!(Lang::Fr.text(&won), "Blanc gagne une pièce");
        // A capture the line stops short of taking back is not counted as won.
        assert_eq!(gain_tokens(&p, &line(&p, "c3d4")), Vec::<Token>::new());
        let p = pos("4k3/8/8/3q4/8/8/3R4/3RK3 w - - 0 1");
        assert_eq!(
            Lang::De.text(&gain_tokens(&p, &line(&p, "d2d5 e8e7"))),
            "Weiß gewinnt die Dame"
        );
        let p = pos("4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1");
        assert_eq!(
            Lang::Fr.text(&gain_tokens(&p, &line(&p, "d2d5 e8e7"))),
            "Blanc gagne une tour"
        );
        // A rook for a knight: the exchange.
        let p = pos("4k3/4n3/8/3r4/8/4N3/8/4K3 w - - 0 1");
        assert_eq!(
            Lang::De.text(&gain_tokens(&p, &line(&p, "e3d5 e7d5"))),
            "Weiß gewinnt die Qualität"
        );
        // A pawn for Black.
        let p = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
        assert_eq!(
            Lang::De.text(&gain_tokens(&p, &line(&p, "e2e3 d4e3 e1e2"))),
            "Schwarz gewinnt einen Bauern"
        );
        assert_eq!(gain_tokens(&Chess::default(), &[]), Vec::<Token>::new());
    }

    #[test]
    fn the_appraisal_says_the_standing_then_the_gain() {
        let p = pos("r1bqkbnr/pppp1ppp/8/4p3/3nP3/2P5/PP1P1PPP/RNBQKBNR w KQkq - 0 4");
        let said = Lang::De.text(&appraisal_tokens(
            &p,
            Eval::Centipawns(280),
            &line(&p, "c3d4 e5d4"),
        ));
        assert_eq!(
            said,
            "Bewertung, Weiß steht auf Gewinn, Weiß gewinnt eine Figur"
        );
    }
}
