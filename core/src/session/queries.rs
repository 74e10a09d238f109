//! Answers to the questions a VI player asks at any moment, as tokens: the whole position
//! piece by piece, one square, one file, where the pieces of a kind stand, the last moves,
//! whose move.

use shakmaty::{Chess, Color, File, Move, Position, Rank, Role, Square};

use crate::notation::{Style, move_tokens};
use crate::words::square_tokens;
use crate::words::{Token, Word};

const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The squares of one side's pieces of one kind, from a1 towards h8.
fn squares_of(pos: &Chess, color: Color, role: Role) -> Vec<Square> {
    pos.board()
        .by_piece(shakmaty::Piece { color, role })
        .into_iter()
        .collect()
}

/// One side's pieces: "Weiß: König Gustav eins, Turm Anna eins Felix eins, …".
fn side_tokens(pos: &Chess, color: Color, out: &mut Vec<Token>) {
    out.push(Token::Side(color));
    for role in ROLES {
        let squares = squares_of(pos, color, role);
        if squares.is_empty() {
            continue;
        }
        out.push(Token::Pause);
        out.push(Token::Piece(role));
        for sq in squares {
            out.extend(square_tokens(sq));
        }
    }
}

/// The whole position, White first, then Black, then who is to move.
pub fn position_tokens(pos: &Chess) -> Vec<Token> {
    let mut out = Vec::with_capacity(80);
    side_tokens(pos, Color::White, &mut out);
    out.push(Token::Pause);
    side_tokens(pos, Color::Black, &mut out);
    out.push(Token::Pause);
    out.push(Token::Side(pos.turn()));
    out.push(Token::Word(Word::ToMove));
    out
}

/// What stands on one square: "Eva vier, weißer Bauer" or "Eva vier, leer".
pub fn square_content_tokens(pos: &Chess, square: Square) -> Vec<Token> {
    let mut out = square_tokens(square).to_vec();
    out.push(Token::Pause);
    match pos.board().piece_at(square) {
        // The piece with its colour, as every language says it ("Bauer blanc").
        Some(piece) => out.extend(crate::words::colored_piece_tokens(piece)),
        None => out.push(Token::Word(Word::Empty)),
    }
    out
}

/// Where the pieces of a kind stand: "Springer, Weiß Bella eins Gustav eins, Schwarz keine".
pub fn where_are_tokens(pos: &Chess, role: Role, color: Option<Color>) -> Vec<Token> {
    let mut out = vec![Token::Piece(role)];
    let sides = match color {
        Some(color) => vec![color],
        None => vec![Color::White, Color::Black],
    };
    for side in sides {
        out.push(Token::Pause);
        out.push(Token::Side(side));
        let squares = squares_of(pos, side, role);
        if squares.is_empty() {
            out.push(Token::Word(Word::Nothing));
        }
        for sq in squares {
            out.extend(square_tokens(sq));
        }
    }
    out
}

/// What stands on a file, from the first rank up, after `named` (the question as the
/// language says it, "Linie Eva"): every piece with its colour ("Eva zwei, weißer Bauer"),
/// or only those of a kind (and side); "leer" for an empty file, "kein Bauer" when none of
/// the kind stands there.
pub fn file_tokens(
    pos: &Chess,
    file: File,
    role: Option<Role>,
    color: Option<Color>,
    named: Vec<Token>,
) -> Vec<Token> {
    let mut out = named;
    let mut found = false;
    for rank in Rank::ALL {
        let square = Square::from_coords(file, rank);
        let Some(piece) = pos.board().piece_at(square) else {
            continue;
        };
        if role.is_some_and(|r| r != piece.role) || color.is_some_and(|c| c != piece.color) {
            continue;
        }
        found = true;
        out.push(Token::Pause);
        out.extend(square_tokens(square));
        out.extend(crate::words::colored_piece_tokens(piece));
    }
    if !found {
        out.push(Token::Pause);
        match role {
            Some(role) => {
                out.push(Token::Word(if role == Role::Queen {
                    Word::NoSuchFeminine
                } else {
                    Word::NoSuch
                }));
                out.push(Token::Piece(role));
            }
            None => out.push(Token::Word(Word::Empty)),
        }
    }
    out
}

/// The last `n` moves of a game that started in `start`, each with its number and side:
/// "Zug zwölf, Weiß Springer Felix drei, Schwarz Dame David sieben". A move is White's and
/// Black's half-moves under one number, so `n` moves are the half-moves of the last `n`
/// numbers; `n` of one is the last half-move alone ("letzter Zug").
pub fn last_moves_tokens(start: &Chess, moves: &[Move], n: usize, style: Style) -> Vec<Token> {
    if moves.is_empty() {
        return vec![Token::Word(Word::NoMovesYet)];
    }
    let first_shown = if n <= 1 {
        moves.len() - 1
    } else {
        // The number of the last half-move; the first shown is White's (or the game's first
        // half-move) of the number n - 1 before it.
        let black_starts = start.turn() == Color::Black;
        let number_of = |i: usize| {
            let first = start.fullmoves().get() as usize;
            first + (i + usize::from(black_starts)) / 2
        };
        let last_number = number_of(moves.len() - 1);
        let first_number = last_number.saturating_sub(n - 1);
        (0..moves.len())
            .find(|&i| number_of(i) >= first_number)
            .unwrap_or(0)
    };
    let mut pos = start.clone();
    let mut out = Vec::new();
    let mut last_number = None;
    for (i, &m) in moves.iter().enumerate() {
        if i >= first_shown {
            let number = pos.fullmoves().get();
            if last_number != Some(number) {
                if !out.is_empty() {
                    out.push(Token::Pause);
                }
                out.push(Token::Word(Word::Move));
                out.push(Token::Number(number));
                last_number = Some(number);
            }
            out.push(Token::Pause);
            out.push(Token::Side(pos.turn()));
            out.extend(move_tokens(&pos, m, style));
        }
        pos.play_unchecked(m);
    }
    out
}

/// Whose move it is and its number: "Weiß am Zug, Zug eins".
pub fn whose_move_tokens(pos: &Chess) -> Vec<Token> {
    vec![
        Token::Side(pos.turn()),
        Token::Word(Word::ToMove),
        Token::Pause,
        Token::Word(Word::Move),
        Token::Number(pos.fullmoves().get()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::notation::parse_move;

    #[test]
    fn the_whole_position_piece_by_piece() {
        let pos = Chess::default();
        let text = Lang::De.text(&position_tokens(&pos));
        assert!(text.starts_with(
            "Weiß, König Eva eins, Dame David eins, Turm Anna eins Hector eins, Läufer Cesar eins Felix eins, Springer Bella eins Gustav eins, Bauer Anna zwei"
        ), "{text}");
        assert!(text.ends_with("Weiß am Zug"), "{text}");
    }

    #[test]
    fn squares_and_kinds() {
        let pos = Chess::default();
        assert_eq!(
            Lang::De.text(&square_content_tokens(&pos, Square::E2)),
            "Eva zwei, weißer Bauer"
        );
        assert_eq!(
            Lang::De.text(&square_content_tokens(&pos, Square::E4)),
            "Eva vier, leer"
        );
        assert_eq!(
            Lang::De.text(&where_are_tokens(&pos, Role::Knight, None)),
            "Springer, Weiß Bella eins Gustav eins, Schwarz Bella acht Gustav acht"
        );
        assert_eq!(
            crate::lang::Speech::new(Lang::En, crate::lang::WordSet::Local)
                .text(&where_are_tokens(&pos, Role::Queen, Some(Color::Black))),
            "queen, Black David eight"
        );
    }

    #[test]
    fn last_moves_with_numbers() {
        let start = Chess::default();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for text in ["e4", "e5", "Nf3"] {
            let m = parse_move(&pos, text).unwrap();
            moves.push(m);
            pos.play_unchecked(m);
        }
        // Two moves are two numbers, each White's and Black's half-moves.
        assert_eq!(
            Lang::De.text(&last_moves_tokens(&start, &moves, 2, Style::Short)),
            "Zug eins, Weiß Eva vier, Schwarz Eva fünf, Zug zwei, Weiß Springer Felix drei"
        );
        assert_eq!(
            Lang::De.text(&last_moves_tokens(&start, &moves, 1, Style::Short)),
            "Zug zwei, Weiß Springer Felix drei",
            "the last move is the last half-move"
        );
        // From a position with Black to move, the first number holds Black's half-move only.
        let black_first: Chess = "4k3/8/8/8/8/8/8/4K3 b - - 0 7"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let mut kings = black_first.clone();
        let mut king_moves = Vec::new();
        for text in ["Kd7", "Kd2", "Kc7"] {
            let m = parse_move(&kings, text).unwrap();
            king_moves.push(m);
            kings.play_unchecked(m);
        }
        assert_eq!(
            Lang::De.text(&last_moves_tokens(
                &black_first,
                &king_moves,
                2,
                Style::Short
            )),
            "Zug sieben, Schwarz König David sieben, Zug acht, Weiß König David zwei, Schwarz \
             König Cesar sieben"
        );
        assert_eq!(
            Lang::De.text(&last_moves_tokens(&start, &[], 2, Style::Short)),
            "noch kein Zug"
        );
        assert_eq!(
            Lang::De.text(&whose_move_tokens(&pos)),
            "Schwarz am Zug, Zug zwei"
        );
    }
}
