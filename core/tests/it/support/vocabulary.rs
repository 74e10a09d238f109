//! The words a language's table can say (both word sets, every agreeing form), and the words
//! of a text: for the tests that no word of another language reaches a player, in the core
//! (`dialogue_languages.rs`) and through the program (`tests/it/play_language_scan.rs`, which
//! includes this file by its path).

use std::collections::HashSet;

use annexd_core::{Lang, Speech, Token, Word, WordSet};
use shakmaty::{CastlingSide, Color, File, Rank, Role};

/// The words of a text, folded to lower case, without punctuation.
pub fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || ",.;:!?()\"'«»/".contains(c))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Every word a language's table can say, in both word sets.
pub fn vocabulary(lang: Lang) -> HashSet<String> {
    let mut tokens: Vec<Token> = Word::ALL.iter().map(|w| Token::Word(*w)).collect();
    tokens.extend(Role::ALL.map(Token::Piece));
    tokens.extend(File::ALL.map(Token::File));
    tokens.extend(Rank::ALL.map(Token::Rank));
    tokens.extend([CastlingSide::KingSide, CastlingSide::QueenSide].map(Token::Castle));
    tokens.extend([Token::Captures, Token::Check, Token::Mate, Token::EnPassant]);
    tokens.extend([Color::White, Color::Black].map(Token::Side));
    for n in 0..=200 {
        tokens.extend([
            Token::Number(n),
            Token::Hours(n),
            Token::Minutes(n),
            Token::Seconds(n),
        ]);
    }
    let mut vocabulary = HashSet::new();
    for words in [WordSet::AnnexD, WordSet::Local] {
        let speech = Speech::new(lang, words);
        for token in &tokens {
            vocabulary.extend(words_of(&speech.text(&[*token])));
            // Agreeing forms come with a time or a piece before them.
            for time in [
                vec![Token::Minutes(1)],
                vec![Token::Minutes(2)],
                vec![Token::Hours(1), Token::Minutes(1)],
            ] {
                let mut with = time;
                with.push(*token);
                vocabulary.extend(words_of(&speech.text(&with)));
            }
            for role in Role::ALL {
                for color in [Color::White, Color::Black] {
                    let piece = shakmaty::Piece { color, role };
                    let mut with = annexd_core::colored_piece_tokens(piece).to_vec();
                    with.push(*token);
                    vocabulary.extend(words_of(&speech.text(&with)));
                }
            }
        }
    }
    vocabulary
}
