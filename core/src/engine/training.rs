//! Training, asked for at home only: a hint (the engine's move for the player, in the words of
//! the game), a threat (what the opponent would play if the player passed: the engine's best
//! move for the other side after a null move, said when it gains something), and the
//! searches they need.

use std::time::Duration;

use shakmaty::{Chess, Move, Position};

use super::conversation::{Purpose, SearchPosition, SearchRequest};
use super::score::Eval;
use super::strength::{Offers, Strength};
use crate::notation::{Style, move_tokens};
use crate::words::{Token, Word};

/// How long the engine thinks, at full strength, for a hint, a threat or an evaluation.
pub const ANALYSIS_THINK: Duration = Duration::from_millis(1000);

/// What the opponent must gain by moving twice for his move to be a threat (centipawns):
/// about a pawn and a half, more than a free tempo is worth in a quiet position.
pub const THREAT_MARGIN: i32 = 150;

/// A search at full strength for `purpose` in `position` (a hint, an evaluation, a threat's
/// position, a position of the review).
pub fn analysis(
    purpose: Purpose,
    position: SearchPosition,
    offers: &Offers,
    think: Duration,
) -> SearchRequest {
    SearchRequest {
        purpose,
        position,
        strength: Strength::full(offers),
        think: Some(think),
        new_game: false,
    }
}

/// The position with the turn passed to the other side (a null move), in which the engine's
/// best move is what the side not to move threatens; `None` when the side to move is in check
/// (the threat is already on the board) or the position cannot be passed.
pub fn passed_turn(position: &Chess) -> Option<Chess> {
    if position.is_check() {
        return None;
    }
    position.clone().swap_turn().ok()
}

/// A hint in words: "Tipp, Springer Felix drei" (the move found for the side to move).
pub fn hint_tokens(position: &Chess, best: Option<Move>) -> Vec<Token> {
    let mut tokens = vec![Token::Word(Word::Hint), Token::Pause];
    match best {
        Some(m) if position.is_legal(m) => tokens.extend(move_tokens(position, m, Style::Long)),
        _ => tokens.push(Token::Word(Word::NoMoveToSuggest)),
    }
    tokens
}

/// The threat in words: "Drohung, Schwarz droht Dame Hector zwei matt", "keine unmittelbare
/// Drohung", or "der König steht im Schach". `now` is the evaluation of `position`, `passed`
/// the position with the turn passed, `reply` and `after` the engine's move and evaluation
/// there.
pub fn threat_tokens(
    position: &Chess,
    now: Option<Eval>,
    passed: &Chess,
    reply: Option<Move>,
    after: Option<Eval>,
) -> Vec<Token> {
    let mut tokens = vec![Token::Word(Word::Threat), Token::Pause];
    if position.is_check() {
        tokens.push(Token::Word(Word::KingInCheck));
        return tokens;
    }
    let opponent = !position.turn();
    let threatening = match (reply, after) {
        (Some(m), Some(after)) if passed.is_legal(m) => {
            let mates = after.mating() == Some(opponent);
            let gained =
                after.centipawns_for(opponent) - now.map_or(0, |now| now.centipawns_for(opponent));
            (mates || gained >= THREAT_MARGIN).then_some(m)
        }
        _ => None,
    };
    match threatening {
        Some(m) => {
            tokens.push(Token::Side(opponent));
            tokens.push(Token::Word(Word::Threatens));
            tokens.extend(move_tokens(passed, m, Style::Long));
        }
        None => tokens.push(Token::Word(Word::NoThreat)),
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use shakmaty::{CastlingMode, Color, fen::Fen, uci::UciMove};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn mv(pos: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
    }

    #[test]
    fn a_hint_is_the_move_in_the_games_words() {
        let start = Chess::default();
        let hint = hint_tokens(&start, Some(mv(&start, "g1f3")));
        assert_eq!(
            Lang::De.text(&hint),
            "Tipp, Springer Gustav eins Felix drei"
        );
        assert_eq!(
            Lang::En.text(&hint),
            "hint, Springer Gustav eins Felix drei"
        );
        assert_eq!(
            Lang::De.text(&hint_tokens(&start, None)),
            "Tipp, kein Zug vorzuschlagen"
        );
    }

    #[test]
    fn a_threat_is_what_the_opponent_would_gain_by_moving_again() {
        // Scholar's mate threatened: White's queen and bishop aim at f7, Black to move.
        let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
        let passed = passed_turn(&p).unwrap();
        assert_eq!(passed.turn(), Color::White);
        let said = threat_tokens(
            &p,
            Some(Eval::Centipawns(-30)),
            &passed,
            Some(mv(&passed, "f3f7")),
            Some(Eval::Mate {
                winner: Color::White,
                moves: 1,
            }),
        );
        assert_eq!(
            Lang::De.text(&said),
            "Drohung, Weiß droht Dame Felix drei schlägt Felix sieben matt"
        );
        // A quiet move that gains little is no threat.
        let start = Chess::default();
        let passed = passed_turn(&start).unwrap();
        let said = threat_tokens(
            &start,
            Some(Eval::Centipawns(20)),
            &passed,
            Some(mv(&passed, "e7e5")),
            Some(Eval::Centipawns(-40)),
        );
        assert_eq!(Lang::De.text(&said), "Drohung, keine unmittelbare Drohung");
        assert_eq!(Lang::Fr.text(&said), "menace, aucune menace immédiate");
    }

    #[test]
    fn in_check_the_threat_is_on_the_board() {
        let p = pos("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1");
        assert_eq!(passed_turn(&p), None);
        let said = threat_tokens(&p, None, &p, None, None);
        assert_eq!(Lang::De.text(&said), "Drohung, der König steht im Schach");
    }
}
