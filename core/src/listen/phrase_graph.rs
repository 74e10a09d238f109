//! The position-free grammar as a graph of words, for a recogniser that searches inside it
//! (Whisper, see `search`): every phrase of every move that some position could have, in
//! every form the matcher knows (short, with the origin's file, rank or square, "schlägt",
//! "Schach" or "matt" after, a promotion piece, "en passant", castling in its three
//! forms), every piece-to-square phrase, the bare promotion pieces (answers to "welche
//! Figur?"), and every phrase of every spoken command of the language's table
//! ([`crate::command::spoken`]). Both word sets are in it: a word of the lexicon stands for
//! all its spellings.
//!
//! Moves are the ones a piece can make on an empty board (a knight's jump, a bishop's
//! diagonal, a pawn's step, capture or promotion from its side's ranks, castling): "Springer
//! Gustav eins Hector acht" is no phrase, "Springer Gustav eins Felix drei" is one whatever
//! the position. The grammar does **not** depend on the position, so an illegal move said is
//! heard as itself and refused with its reason by the matcher, never turned into a legal one.
//!
//! The phrases are enumerated into a trie of words and folded into the smallest graph that
//! says the same (nodes with the same future merged): a few thousand nodes for about a
//! hundred thousand phrases.

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::{Bitboard, CastlingSide, Color, File, Rank, Role, Square, attacks};

use super::lexicon::{Lexicon, WordId};
use crate::lang::Lang;
use crate::words::{Token, Word, square_tokens};

/// A node of the graph.
pub type NodeId = u32;

/// The grammar's phrases as a graph of words: from the root, each phrase is a path that
/// ends on a final node.
#[derive(Debug)]
pub struct PhraseGraph {
    /// Per node: the words that may follow and the node each leads to, sorted by word.
    edges: Vec<Vec<(WordId, NodeId)>>,
    /// Per node: whether a phrase may end there.
    finals: Vec<bool>,
    root: NodeId,
}

/// Where the origin of a piece's move is said, if at all.
#[derive(Clone, Copy)]
enum Origin {
    None,
    File,
    Rank,
    Square,
}

const PIECES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Calls `emit` with the tokens of every move phrase of the grammar (see the module).
fn move_phrases(mut emit: impl FnMut(&[Token])) {
    let mut phrase: Vec<Token> = Vec::with_capacity(12);
    // The end of a move: nothing, "Schach" or "matt".
    let with_suffixes = |phrase: &mut Vec<Token>, emit: &mut dyn FnMut(&[Token])| {
        emit(phrase);
        for suffix in [Token::Check, Token::Mate] {
            phrase.push(suffix);
            emit(phrase);
            phrase.pop();
        }
    };
    for role in PIECES {
        for from in Square::ALL {
            let reach = match role {
                Role::Knight => attacks::knight_attacks(from),
                Role::Bishop => attacks::bishop_attacks(from, Bitboard::EMPTY),
                Role::Rook => attacks::rook_attacks(from, Bitboard::EMPTY),
                Role::Queen => attacks::queen_attacks(from, Bitboard::EMPTY),
                _ => attacks::king_attacks(from),
            };
            for to in reach {
                for origin in [Origin::None, Origin::File, Origin::Rank, Origin::Square] {
                    for captures in [false, true] {
                        phrase.clear();
                        phrase.push(Token::Piece(role));
                        match origin {
                            Origin::None => {}
                            Origin::File => phrase.push(Token::File(from.file())),
                            Origin::Rank => phrase.push(Token::Rank(from.rank())),
                            Origin::Square => phrase.extend(square_tokens(from)),
                        }
                        if captures {
                            phrase.push(Token::Captures);
                        }
                        phrase.extend(square_tokens(to));
                        with_suffixes(&mut phrase, &mut emit);
                    }
                }
            }
        }
    }
    // Pawns of both sides: a step, the double step, captures, promotions, en passant.
    for color in [Color::White, Color::Black] {
        let forward = if color == Color::White { 1 } else { -1 };
        let (start, last, passant_from) = match color {
            Color::White => (Rank::Second, Rank::Eighth, Rank::Fifth),
            Color::Black => (Rank::Seventh, Rank::First, Rank::Fourth),
        };
        for from in Square::ALL {
            let rank = from.rank();
            if rank == Rank::First || rank == Rank::Eighth {
                continue;
            }
            let Some(ahead) = from.offset(8 * forward) else {
                continue;
            };
            let mut targets = vec![(ahead, false)];
            if rank == start
                && let Some(two) = ahead.offset(8 * forward)
            {
                targets.push((two, false));
            }
            for side in [-1, 1] {
                if let Some(file) = from.file().offset(side) {
                    targets.push((Square::from_coords(file, ahead.rank()), true));
                }
            }
            for (to, capture) in targets {
                let promotes = to.rank() == last;
                let passant = capture && rank == passant_from;
                let origins: &[Origin] = if capture {
                    &[Origin::File, Origin::Square, Origin::None]
                } else {
                    &[Origin::None, Origin::Square]
                };
                for &origin in origins {
                    for pawn_said in [false, true] {
                        for captures_said in [false, true] {
                            // Without its origin a capture needs "schlägt"; a step has none.
                            let needs = capture && matches!(origin, Origin::None);
                            if (captures_said && !capture) || (needs && !captures_said) {
                                continue;
                            }
                            phrase.clear();
                            if pawn_said {
                                phrase.push(Token::Piece(Role::Pawn));
                            }
                            match origin {
                                Origin::None | Origin::Rank => {}
                                Origin::File => phrase.push(Token::File(from.file())),
                                Origin::Square => phrase.extend(square_tokens(from)),
                            }
                            if captures_said {
                                phrase.push(Token::Captures);
                            }
                            phrase.extend(square_tokens(to));
                            if promotes {
                                // The piece is expected; without it the matcher asks which.
                                with_suffixes(&mut phrase, &mut emit);
                                for piece in PROMOTIONS {
                                    phrase.push(Token::Piece(piece));
                                    with_suffixes(&mut phrase, &mut emit);
                                    phrase.pop();
                                }
                            } else {
                                with_suffixes(&mut phrase, &mut emit);
                                if passant {
                                    phrase.push(Token::EnPassant);
                                    with_suffixes(&mut phrase, &mut emit);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    // Castling: its name, "Rochade", or the king's move.
    for (side, rank) in [
        (CastlingSide::KingSide, Rank::First),
        (CastlingSide::QueenSide, Rank::First),
        (CastlingSide::KingSide, Rank::Eighth),
        (CastlingSide::QueenSide, Rank::Eighth),
    ] {
        let from = Square::from_coords(File::E, rank);
        let to = Square::from_coords(side.king_to_file(), rank);
        for named in [
            vec![Token::Castle(side)],
            vec![Token::Word(Word::Castling)],
            [&[Token::Piece(Role::King)][..], &square_tokens(to)].concat(),
            [
                &[Token::Piece(Role::King)][..],
                &square_tokens(from),
                &square_tokens(to),
            ]
            .concat(),
        ] {
            phrase.clone_from(&named);
            with_suffixes(&mut phrase, &mut emit);
        }
    }
    // The answer to "welche Figur?".
    for piece in PROMOTIONS {
        emit(&[Token::Piece(piece)]);
    }
}

/// A trie of phrases under construction.
#[derive(Default)]
struct Trie {
    children: Vec<Vec<(WordId, NodeId)>>,
    finals: Vec<bool>,
}

impl Trie {
    fn new() -> Trie {
        Trie {
            children: vec![Vec::new()],
            finals: vec![false],
        }
    }

    fn insert(&mut self, words: &[WordId]) {
        let mut node = 0usize;
        for &word in words {
            node = match self.children[node].iter().find(|(w, _)| *w == word) {
                Some(&(_, next)) => next as usize,
                None => {
                    let next = self.children.len();
                    self.children.push(Vec::new());
                    self.finals.push(false);
                    self.children[node].push((word, next as NodeId));
                    next
                }
            };
        }
        self.finals[node] = true;
    }

    /// The smallest graph with the same phrases: nodes whose futures are the same are one.
    fn fold(self) -> PhraseGraph {
        let n = self.children.len();
        // Children come after their parent in the trie: from the last node back, every
        // node's children are done before it.
        let mut canonical: Vec<NodeId> = vec![0; n];
        let mut by_signature: HashMap<(bool, Vec<(WordId, NodeId)>), NodeId> = HashMap::new();
        let mut edges: Vec<Vec<(WordId, NodeId)>> = Vec::new();
        let mut finals = Vec::new();
        for node in (0..n).rev() {
            let mut out: Vec<(WordId, NodeId)> = self.children[node]
                .iter()
                .map(|&(w, child)| (w, canonical[child as usize]))
                .collect();
            out.sort_unstable();
            let signature = (self.finals[node], out);
            let id = *by_signature.entry(signature.clone()).or_insert_with(|| {
                edges.push(signature.1);
                finals.push(signature.0);
                (edges.len() - 1) as NodeId
            });
            canonical[node] = id;
        }
        PhraseGraph {
            root: canonical[0],
            edges,
            finals,
        }
    }
}

impl PhraseGraph {
    /// The grammar of a language, built once.
    pub fn get(lang: Lang) -> &'static PhraseGraph {
        static CACHE: [OnceLock<PhraseGraph>; Lang::ALL.len()] =
            [const { OnceLock::new() }; Lang::ALL.len()];
        CACHE[lang.index()].get_or_init(|| PhraseGraph::build(Lexicon::get(lang)))
    }

    fn build(lexicon: &Lexicon) -> PhraseGraph {
        let mut trie = Trie::new();
        let mut ids: HashMap<Token, Vec<WordId>> = HashMap::new();
        let mut words: Vec<WordId> = Vec::with_capacity(16);
        move_phrases(|tokens| {
            words.clear();
            for token in tokens {
                words.extend(
                    ids.entry(*token)
                        .or_insert_with(|| lexicon.ids_of(std::slice::from_ref(token)))
                        .iter()
                        .copied(),
                );
            }
            trie.insert(&words);
        });
        for (_, words) in &lexicon.command_phrases().rows {
            trie.insert(words);
        }
        trie.fold()
    }

    /// Where every phrase begins.
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// The words that may follow at `node`, each with the node it leads to, sorted by word.
    pub fn edges(&self, node: NodeId) -> &[(WordId, NodeId)] {
        &self.edges[node as usize]
    }

    /// The node `word` leads to from `node`, if it may follow there.
    pub fn next(&self, node: NodeId, word: WordId) -> Option<NodeId> {
        let edges = self.edges(node);
        edges
            .binary_search_by_key(&word, |&(w, _)| w)
            .ok()
            .map(|i| edges[i].1)
    }

    /// Whether a phrase may end at `node`.
    pub fn is_final(&self, node: NodeId) -> bool {
        self.finals[node as usize]
    }

    /// How many nodes the graph has.
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// True for a graph without nodes (never: the root is one).
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// Whether `words` is a phrase of the grammar.
    pub fn accepts(&self, words: &[WordId]) -> bool {
        let mut node = self.root;
        for &word in words {
            match self.next(node, word) {
                Some(next) => node = next,
                None => return false,
            }
        }
        self.is_final(node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command;
    use crate::lang::{Speech, WordSet};
    use crate::listen::phrases::{Need, phrase_set};
    use crate::notation::{Style, move_tokens};
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn words(lang: Lang, text: &str) -> Vec<WordId> {
        let lex = Lexicon::get(lang);
        text.split_whitespace()
            .map(|w| lex.lookup(w).unwrap_or_else(|| panic!("{w}")))
            .collect()
    }

    #[test]
    fn every_phrase_of_every_legal_move_is_in_the_grammar_in_every_form() {
        for lang in Lang::ALL {
            let lex = Lexicon::get(lang);
            let graph = PhraseGraph::get(lang);
            for fen in [
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
                "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
                "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2",
            ] {
                let p = pos(fen);
                let set = phrase_set(&p, lex);
                for phrase in &set.phrases {
                    // With every optional word, and with none.
                    let all: Vec<WordId> = phrase.words.iter().map(|w| w.word).collect();
                    let bare: Vec<WordId> = phrase
                        .words
                        .iter()
                        .filter(|w| w.need != Need::Optional)
                        .map(|w| w.word)
                        .collect();
                    for said in [all, bare] {
                        let text: Vec<&str> = said.iter().map(|&w| lex.word(w).text).collect();
                        assert!(graph.accepts(&said), "{lang} {fen}: '{}'", text.join(" "));
                    }
                }
                // The forms the program says, in both word sets.
                for m in p.legal_moves() {
                    for words_set in WordSet::ALL {
                        for style in [Style::Short, Style::Long] {
                            let speech = Speech::new(lang, words_set);
                            let text = speech.text(&move_tokens(&p, m, style));
                            let ids: Vec<WordId> = text
                                .split([' ', ','])
                                .filter(|w| !w.is_empty())
                                .map(|w| lex.lookup(w).unwrap())
                                .collect();
                            assert!(graph.accepts(&ids), "{speech}: '{text}'");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn illegal_moves_are_phrases_and_nonsense_is_not() {
        let graph = PhraseGraph::get(Lang::De);
        // Illegal in the initial position, possible in some other.
        for text in [
            "Springer Felix vier",
            "Springer Gustav eins Felix drei",
            "Dame Hector fünf",
            "Turm Anna eins schlägt Anna acht Schach",
            "Bauer Eva sieben Eva acht Dame",
            "Eva schlägt David sechs en passant",
            "Lange Rochade",
            "König Eva eins Gustav eins",
            "Dame",
        ] {
            assert!(graph.accepts(&words(Lang::De, text)), "{text}");
        }
        for text in [
            "Springer Gustav eins Hector acht",
            "Läufer Anna eins Anna zwei",
            "Bauer Eva zwei Eva fünf",
            "Eva acht Eva sieben",
            "Springer Felix drei Dame",
            "Felix",
            "Springer Springer",
            "Eva zwei schlägt Eva drei",
        ] {
            assert!(!graph.accepts(&words(Lang::De, text)), "{text}");
        }
    }

    #[test]
    fn every_spoken_command_is_a_phrase_and_the_graph_is_small() {
        for lang in Lang::ALL {
            let lex = Lexicon::get(lang);
            let graph = PhraseGraph::get(lang);
            for (command, phrase) in command::spoken(lang) {
                assert!(
                    graph.accepts(&lex.ids_of_spoken(&phrase)),
                    "{lang}: {command:?}"
                );
            }
            assert!(graph.len() < 20_000, "{lang}: {} nodes", graph.len());
        }
        assert!(
            PhraseGraph::get(Lang::En).accepts(&words(Lang::En, "knight takes Felix three check"))
        );
        assert!(
            PhraseGraph::get(Lang::Fr).accepts(&words(Lang::Fr, "Cavalier Gustav un Felix drei"))
        );
    }
}
