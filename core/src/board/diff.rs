//! Differences between the game position and a sensed board, square by square, in Annex D
//! words (D.2.9: when the boards differ, find and correct the difference).

use shakmaty::{Board, Piece, Square};

use super::sensed::{Cell, SensedBoard, Sensing};
use crate::words::Word;
use crate::words::{Token, colored_piece_tokens, square_tokens};

/// What is wrong on one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DifferenceKind {
    /// A piece belongs here and the hole is empty.
    Missing,
    /// A peg is here and no piece belongs here.
    NoPieceBelongsHere,
    /// A piece of the other colour is here (colour and piece boards).
    WrongColor,
    /// Another piece of the right colour is here (piece boards).
    WrongPiece,
}

/// One square where the board differs from the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquareDifference {
    /// The square.
    pub square: Square,
    /// What the game has there.
    pub expected: Option<Piece>,
    /// What the board shows there.
    pub found: Cell,
    /// How they differ.
    pub kind: DifferenceKind,
}

/// Every square where `sensed` (from a board of kind `sensing`) differs from `expected`, in
/// square order a1 … h8. Empty when the boards agree as far as the board can tell.
pub fn differences(
    expected: &Board,
    sensed: &SensedBoard,
    sensing: Sensing,
) -> Vec<SquareDifference> {
    let mut out = Vec::new();
    for square in Square::ALL {
        let want = expected.piece_at(square);
        let found = sensing.reduce(sensed.get(square));
        if sensing.project(want) == found {
            continue;
        }
        let kind = match (want, found) {
            (Some(_), Cell::Empty) => DifferenceKind::Missing,
            (None, _) => DifferenceKind::NoPieceBelongsHere,
            (Some(p), cell) if cell.color().is_some_and(|c| c != p.color) => {
                DifferenceKind::WrongColor
            }
            (Some(_), _) => DifferenceKind::WrongPiece,
        };
        out.push(SquareDifference {
            square,
            expected: want,
            found,
            kind,
        });
    }
    out
}

impl SquareDifference {
    /// The words for this square: "Felix drei, Springer fehlt", "Eva vier, hier gehört keine
    /// Figur hin", "Eva vier, falsche Figur, weißer Springer gehört hierher".
    pub fn tokens(&self) -> Vec<Token> {
        let mut t = square_tokens(self.square).to_vec();
        t.push(Token::Pause);
        match (self.kind, self.expected) {
            (DifferenceKind::Missing, Some(p)) => {
                t.extend([Token::Piece(p.role), Token::Word(Word::Missing)]);
            }
            (DifferenceKind::WrongColor | DifferenceKind::WrongPiece, Some(p)) => {
                t.extend([Token::Word(Word::WrongPiece), Token::Pause]);
                t.extend(colored_piece_tokens(p));
                t.push(Token::Word(Word::BelongsHere));
            }
            _ => t.push(Token::Word(Word::NoPieceBelongsHere)),
        }
        t
    }
}

/// The words for a whole list: "Bretter weichen ab, …" square by square, or "Bretter stimmen
/// überein" when the list is empty.
pub fn differences_tokens(diffs: &[SquareDifference]) -> Vec<Token> {
    if diffs.is_empty() {
        return vec![Token::Word(Word::BoardsAgree)];
    }
    let mut t = vec![Token::Word(Word::BoardsDiffer)];
    for d in diffs {
        t.push(Token::Pause);
        t.extend(d.tokens());
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn each_kind_of_difference_is_said_in_annex_d_words() {
        let board = Board::new();
        let mut sensed = SensedBoard::from_board(&board, Sensing::Piece);
        sensed.set(Square::G1, Cell::Empty);
        sensed.set(Square::F3, Cell::Piece(Piece::from_char('N').unwrap()));
        sensed.set(Square::E2, Cell::Piece(Piece::from_char('p').unwrap()));
        sensed.set(Square::D2, Cell::Piece(Piece::from_char('B').unwrap()));
        let diffs = differences(&board, &sensed, Sensing::Piece);
        let said: Vec<String> = diffs.iter().map(|d| Lang::De.text(&d.tokens())).collect();
        assert_eq!(
            said,
            [
                "Gustav eins, Springer fehlt",
                "David zwei, falsche Figur, weißer Bauer gehört hierher",
                "Eva zwei, falsche Figur, weißer Bauer gehört hierher",
                "Felix drei, hier gehört keine Figur hin",
            ]
        );
        assert_eq!(diffs[1].kind, DifferenceKind::WrongPiece);
        assert_eq!(diffs[2].kind, DifferenceKind::WrongColor);
        // The same board read as occupancy only shows the moved knight.
        assert_eq!(differences(&board, &sensed, Sensing::Occupancy).len(), 2);
        assert_eq!(
            Lang::De.text(&differences_tokens(&[])),
            "Bretter stimmen überein"
        );
    }
}
