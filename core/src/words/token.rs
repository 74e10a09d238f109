//! Tokens: the units every announcement is made of, whatever the language or the voice.
//!
//! A language turns a token into words (see [`crate::lang`]); a voice turns the same words
//! into recorded clips; the recogniser's grammar is built from them too. One closed vocabulary
//! therefore serves speaking, hearing and display.

use shakmaty::{CastlingSide, Color, File, Rank, Role};

use super::Word;

/// One unit of an announcement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Token {
    /// A piece name: König, Dame, Turm, Läufer, Springer, Bauer.
    Piece(Role),
    /// A file name: Anna … Hector.
    File(File),
    /// A rank: eins … acht.
    Rank(Rank),
    /// Kurze Rochade (king side) or Lange Rochade (queen side).
    Castle(CastlingSide),
    /// "schlägt" / "takes".
    Captures,
    /// "Schach" / "check".
    Check,
    /// "matt" / "mate".
    Mate,
    /// "en passant".
    EnPassant,
    /// "Weiß" / "White".
    Side(Color),
    /// A cardinal number, said in words ("dreiundzwanzig").
    Number(u32),
    /// A number of hours with its unit, in agreement ("eine Stunde", "zwei Stunden").
    Hours(u32),
    /// A number of minutes with its unit.
    Minutes(u32),
    /// A number of seconds with its unit.
    Seconds(u32),
    /// Any other word or fixed phrase of the closed list in [`Word`].
    Word(Word),
    /// A short pause between parts of an announcement (a comma in text).
    Pause,
}

impl From<Word> for Token {
    fn from(word: Word) -> Self {
        Token::Word(word)
    }
}

/// A piece with its colour, the adjective agreeing with the piece's name: "schwarzer Bauer",
/// "weiße Dame" ("black pawn", "white queen").
pub fn colored_piece_tokens(piece: shakmaty::Piece) -> [Token; 2] {
    // Of the piece names only "Dame" is feminine.
    let feminine = piece.role == Role::Queen;
    let adjective = match (piece.color, feminine) {
        (Color::White, true) => Word::WhiteAdjective,
        (Color::Black, true) => Word::BlackAdjective,
        (Color::White, false) => Word::WhiteMasculine,
        (Color::Black, false) => Word::BlackMasculine,
    };
    [Token::Word(adjective), Token::Piece(piece.role)]
}

/// A square as two tokens: file then rank ("Felix drei").
pub fn square_tokens(square: shakmaty::Square) -> [Token; 2] {
    [Token::File(square.file()), Token::Rank(square.rank())]
}
