//! Rendering moves as tokens: the short form (like SAN: "Springer Felix drei") and the long
//! form (from square and to square: "Springer Gustav eins Felix drei").

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{Chess, Move, Role};

use crate::words::{Token, square_tokens};

/// How a move is said.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// Like SAN: only as much of the origin as is needed ("Springer Bella David zwei").
    #[default]
    Short,
    /// Origin and destination always ("Springer Gustav eins Felix drei").
    Long,
}

impl std::str::FromStr for Style {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "short" | "kurz" => Ok(Style::Short),
            "long" | "lang" => Ok(Style::Long),
            other => Err(format!("unknown style '{other}': use short or long")),
        }
    }
}

/// The tokens of a legal move `m` in position `pos`, with check or mate at the end.
///
/// The move must be legal in `pos`; the check suffix is found by playing it on a copy.
pub fn move_tokens(pos: &Chess, m: Move, style: Style) -> Vec<Token> {
    let san_plus = SanPlus::from_move(pos.clone(), m);
    let mut tokens = Vec::with_capacity(8);
    match san_plus.san {
        San::Castle(side) => tokens.push(Token::Castle(side)),
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            match style {
                Style::Short => {
                    if role != Role::Pawn {
                        tokens.push(Token::Piece(role));
                    }
                    if let Some(file) = file {
                        tokens.push(Token::File(file));
                    }
                    if let Some(rank) = rank {
                        tokens.push(Token::Rank(rank));
                    }
                }
                Style::Long => {
                    if role != Role::Pawn {
                        tokens.push(Token::Piece(role));
                    }
                    // SAN never needs the origin of a move that is not Normal, so `m.from()`
                    // is there for every Normal or en-passant move.
                    if let Some(from) = m.from() {
                        tokens.extend(square_tokens(from));
                    }
                }
            }
            if capture {
                tokens.push(Token::Captures);
            }
            tokens.extend(square_tokens(to));
            if m.is_en_passant() {
                tokens.push(Token::EnPassant);
            }
            if let Some(promoted) = promotion {
                tokens.push(Token::Piece(promoted));
            }
        }
        San::Put { .. } | San::Null => {}
    }
    match san_plus.suffix {
        Some(Suffix::Check) => tokens.push(Token::Check),
        Some(Suffix::Checkmate) => tokens.push(Token::Mate),
        None => {}
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{Lang, Speech, WordSet};
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;

    fn say(fen: &str, uci: &str, speech: impl Into<Speech>, style: Style) -> String {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        speech.into().text(&move_tokens(&pos, m, style))
    }

    const EN: Speech = Speech::new(Lang::En, WordSet::Local);
    const FR: Speech = Speech::new(Lang::Fr, WordSet::Local);
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn short_and_long_forms_in_german() {
        assert_eq!(
            say(START, "g1f3", Lang::De, Style::Short),
            "Springer Felix drei"
        );
        assert_eq!(
            say(START, "g1f3", Lang::De, Style::Long),
            "Springer Gustav eins Felix drei"
        );
        assert_eq!(say(START, "e2e4", Lang::De, Style::Short), "Eva vier");
        assert_eq!(
            say(START, "e2e4", Lang::De, Style::Long),
            "Eva zwei Eva vier"
        );
        assert_eq!(say(START, "g1f3", EN, Style::Short), "knight Felix three");
        assert_eq!(say(START, "g1f3", FR, Style::Short), "Cavalier Felix trois");
        assert_eq!(
            say(START, "g1f3", Lang::Fr, Style::Short),
            "Springer Felix drei"
        );
        assert_eq!(
            say(START, "g1f3", Lang::En, Style::Long),
            "Springer Gustav eins Felix drei"
        );
    }

    #[test]
    fn captures_checks_castling_promotion_en_passant() {
        // Bb5xc6+ after 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6
        let fen = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
        assert_eq!(
            say(fen, "b5c6", Lang::De, Style::Short),
            "Läufer schlägt Cesar sechs"
        );
        assert_eq!(say(fen, "e1g1", Lang::De, Style::Short), "Kurze Rochade");
        assert_eq!(say(fen, "e1g1", EN, Style::Long), "short castling");
        assert_eq!(say(fen, "e1g1", FR, Style::Long), "petit roque");
        assert_eq!(say(fen, "e1g1", Lang::Fr, Style::Long), "Kurze Rochade");
        let check = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
        assert_eq!(
            say(check, "a1a8", Lang::De, Style::Short),
            "Turm Anna acht Schach"
        );
        assert_eq!(say(check, "a1a8", FR, Style::Short), "Tour Anna huit échec");
        assert_eq!(
            say(check, "a1a8", Lang::Fr, Style::Short),
            "Turm Anna acht échec"
        );
        let mate = "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1";
        assert_eq!(
            say(mate, "a1a8", Lang::De, Style::Short),
            "Turm Anna acht matt"
        );
        assert_eq!(say(check, "e1c1", Lang::De, Style::Short), "Lange Rochade");
        let promo = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
        assert_eq!(say(promo, "e7e8q", Lang::De, Style::Short), "Eva acht Dame");
        assert_eq!(
            say(promo, "e7e8n", EN, Style::Long),
            "Eva seven Eva eight knight"
        );
        assert_eq!(say(promo, "e7e8q", FR, Style::Short), "Eva huit Dame");
        assert_eq!(say(promo, "e7e8q", Lang::Fr, Style::Short), "Eva acht Dame");
        let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_eq!(
            say(ep, "e5d6", Lang::De, Style::Short),
            "Eva schlägt David sechs en passant"
        );
        assert_eq!(
            say(ep, "e5d6", Lang::De, Style::Long),
            "Eva fünf schlägt David sechs en passant"
        );
        assert_eq!(
            say(ep, "e5d6", FR, Style::Short),
            "Eva prend David six en passant"
        );
    }

    #[test]
    fn short_form_disambiguates_like_san() {
        let fen = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1";
        assert_eq!(
            say(fen, "a1d1", Lang::De, Style::Short),
            "Turm Anna David eins"
        );
        let ranks = "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1";
        assert_eq!(
            say(ranks, "a1a2", Lang::De, Style::Short),
            "Turm eins Anna zwei"
        );
    }
}
