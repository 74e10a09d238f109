//! The grammar the recogniser is restricted to: every way a move or command may be said,
//! in general, not in one position.
//!
//! Vosk turns a phrase list into a bigram language model over the phrases' words, so what
//! matters is which word may follow which. The phrases here cover every such pair of the
//! spoken notation (piece → file, file → rank, rank → file, rank → schlägt, rank → Schach,
//! rank → promotion piece, …) about as often as moves use them.
//!
//! The grammar does **not** depend on the position: a recogniser that only knew the legal
//! moves would hear an illegal move as the nearest legal one and make it look said. With a
//! position-free grammar an illegal move is heard as itself and rejected by the matcher.

use shakmaty::{Bitboard, CastlingSide, File, Rank, Role, Square, attacks};

use super::lexicon::{Lexicon, ModelWords, WordId};
use crate::words::square_tokens;
use crate::words::{Token, Word};

const PIECES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

/// The grammar's phrases as words of the lexicon.
pub fn grammar_phrases(lexicon: &Lexicon) -> Vec<Vec<WordId>> {
    let mut phrases: Vec<Vec<Token>> = Vec::new();
    let piece = |i: usize| Token::Piece(PIECES[i % PIECES.len()]);
    for to in Square::ALL {
        let sq = square_tokens(to);
        // Short forms: "Springer Felix drei", "Felix drei", "Bauer Felix drei",
        // "Läufer schlägt Felix drei", and with Schach / matt after.
        for role in PIECES {
            phrases.push([&[Token::Piece(role)][..], &sq].concat());
        }
        phrases.push(sq.to_vec());
        phrases.push([&[Token::Piece(Role::Pawn)][..], &sq].concat());
        phrases.push([&[piece(to as usize), Token::Captures][..], &sq].concat());
        phrases.push([&sq[..], &[Token::Check]].concat());
        // Pawn captures: "Eva schlägt David fünf", "Bauer schlägt David fünf".
        for side in [to.file().offset(-1), to.file().offset(1)]
            .into_iter()
            .flatten()
        {
            phrases.push([&[Token::File(side), Token::Captures][..], &sq].concat());
            phrases.push(
                [
                    &[Token::Piece(Role::Pawn), Token::File(side), Token::Captures][..],
                    &sq,
                ]
                .concat(),
            );
        }
        phrases.push([&[Token::Piece(Role::Pawn), Token::Captures][..], &sq].concat());
        phrases.push([&[piece(to as usize + 1)][..], &sq, &[Token::Mate]].concat());
        // Disambiguation by file or rank: "Turm Anna David eins", "Turm eins Anna zwei".
        for file in File::ALL {
            phrases.push(
                [
                    &[piece(to as usize + file as usize), Token::File(file)][..],
                    &sq,
                ]
                .concat(),
            );
        }
        for rank in Rank::ALL {
            phrases.push(
                [
                    &[piece(to as usize + rank as usize), Token::Rank(rank)][..],
                    &sq,
                ]
                .concat(),
            );
        }
        // Long forms along every line and knight jump: "Gustav eins Felix drei",
        // "Springer Gustav eins schlägt Felix drei".
        let reach = attacks::queen_attacks(to, Bitboard::EMPTY) | attacks::knight_attacks(to);
        for (i, from) in reach.into_iter().enumerate() {
            let from_sq = square_tokens(from);
            if i % 2 == 0 {
                phrases.push([&from_sq[..], &sq].concat());
            } else {
                phrases.push([&from_sq[..], &[Token::Captures], &sq].concat());
            }
            phrases.push([&[piece(i)][..], &from_sq, &sq].concat());
        }
    }
    // Promotion ("Eva acht Dame", "Eva sieben Eva acht Springer", "David schlägt Eva acht
    // Turm") and en passant ("Eva schlägt David sechs en passant"), for both sides.
    for file in File::ALL {
        for (last, before, ep_from, ep_to) in [
            (Rank::Eighth, Rank::Seventh, Rank::Fifth, Rank::Sixth),
            (Rank::First, Rank::Second, Rank::Fourth, Rank::Third),
        ] {
            for promoted in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                let to = [Token::File(file), Token::Rank(last), Token::Piece(promoted)];
                phrases.push(to.to_vec());
                phrases.push([&to[..], &[Token::Check]].concat());
                phrases.push([&to[..], &[Token::Mate]].concat());
                phrases.push([&[Token::File(file), Token::Rank(before)][..], &to].concat());
            }
            for side in [file.offset(-1), file.offset(1)].into_iter().flatten() {
                phrases.push(vec![
                    Token::File(side),
                    Token::Captures,
                    Token::File(file),
                    Token::Rank(last),
                    Token::Piece(Role::Queen),
                ]);
                phrases.push(vec![
                    Token::File(side),
                    Token::Rank(ep_from),
                    Token::Captures,
                    Token::File(file),
                    Token::Rank(ep_to),
                    Token::EnPassant,
                ]);
            }
        }
    }
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        phrases.push(vec![Token::Castle(side)]);
        phrases.push(vec![Token::Castle(side), Token::Check]);
    }
    phrases.push(vec![Token::Word(Word::Castling)]);
    let mut ids: Vec<Vec<WordId>> = phrases
        .iter()
        .map(|tokens| lexicon.ids_of(tokens))
        .collect();
    ids.extend(
        lexicon
            .command_phrases()
            .rows
            .iter()
            .map(|(_, words)| words.clone()),
    );
    ids
}

/// The grammar as the phrase strings a recogniser takes, in the spellings the model knows.
///
/// Phrases with a word the model does not know are left out (Vosk would drop the word and
/// join its neighbours, teaching the model pairs no one says). A word with several known
/// spellings appears in each. `noise` is the model's word for noise (`[unk]`), if it has
/// one: it lets noise be heard as noise rather than as the nearest word.
pub fn grammar_strings(lexicon: &Lexicon, known: &ModelWords, noise: Option<&str>) -> Vec<String> {
    let mut out = Vec::new();
    for phrase in grammar_phrases(lexicon) {
        let spellings: Vec<&Vec<String>> = phrase
            .iter()
            .map(|&id| &known.spellings[usize::from(id)])
            .collect();
        if spellings.iter().any(|s| s.is_empty()) {
            continue;
        }
        let variants = spellings.iter().map(|s| s.len()).max().unwrap_or(1);
        for v in 0..variants {
            let words: Vec<&str> = spellings.iter().map(|s| s[v % s.len()].as_str()).collect();
            out.push(words.join(" "));
        }
    }
    out.sort();
    out.dedup();
    if let Some(noise) = noise {
        out.push(noise.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::listen::phrases::phrase_set;
    use shakmaty::{CastlingMode, Chess, fen::Fen};
    use std::collections::HashSet;

    /// The word pairs (with start and end) of a list of phrases.
    fn bigrams(phrases: &[Vec<WordId>]) -> HashSet<(Option<WordId>, Option<WordId>)> {
        let mut out = HashSet::new();
        for p in phrases {
            let mut prev = None;
            for &w in p {
                out.insert((prev, Some(w)));
                prev = Some(w);
            }
            out.insert((prev, None));
        }
        out
    }

    #[test]
    fn every_word_pair_of_the_moves_said_is_in_the_grammar() {
        for lang in Lang::ALL {
            let lex = Lexicon::get(lang);
            let grammar = bigrams(&grammar_phrases(lex));
            for fen in [
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
                "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            ] {
                let pos: Chess = fen
                    .parse::<Fen>()
                    .unwrap()
                    .into_position(CastlingMode::Standard)
                    .unwrap();
                let set = phrase_set(&pos, lex);
                // The full form of each phrase (optional words said).
                let said: Vec<Vec<WordId>> = set
                    .phrases
                    .iter()
                    .map(|p| p.words.iter().map(|w| w.word).collect())
                    .collect();
                for pair in bigrams(&said) {
                    assert!(grammar.contains(&pair), "{lang} {fen}: {pair:?} missing");
                }
            }
        }
    }

    #[test]
    fn phrases_the_model_cannot_say_are_left_out_and_spellings_multiply() {
        let lex = Lexicon::get(Lang::De);
        let all = lex.check_model(|_| true);
        let full = grammar_strings(lex, &all, Some("[unk]"));
        assert!(full.contains(&"springer felix drei".to_string()));
        assert!(full.contains(&"springer hektor drei".to_string()));
        assert!(full.contains(&"springer hector drei".to_string()));
        assert_eq!(full.last().map(String::as_str), Some("[unk]"));
        let no_hector = lex.check_model(|w| !w.starts_with("hek") && !w.starts_with("hec"));
        let some = grammar_strings(lex, &no_hector, None);
        assert!(
            some.iter()
                .all(|p| !p.contains("hector") && !p.contains("hektor"))
        );
        assert!(some.contains(&"springer felix drei".to_string()));
        assert!(some.len() < full.len());
    }
}
