//! Every phrase that may be said in a position: each legal move in the forms a person uses
//! for it, and every command.
//!
//! A move is reachable by several phrases: the short form (like SAN), the long form (origin
//! and destination), the forms with only the file or only the rank of the origin, the piece
//! name without any origin (which several moves may share: that is how ambiguity shows), and
//! for castling also "Rochade" and the king's move. Words a person may leave out ("Bauer",
//! "schlägt", "Schach", "matt", "en passant") are marked optional. The forms `move_tokens`
//! renders are always among them, so what the program says it also understands. The forms
//! with only the file or the rank of the origin are marked needless where no other piece of
//! the kind can reach the square ([`Phrase::needless_origin`], C.10): the matcher asks such
//! a move back rather than play it.

use shakmaty::san::{SanPlus, Suffix};
use shakmaty::{Chess, Move, Position, Role, Square};

use super::lexicon::{Lexicon, WordId};
use crate::command::Command;
use crate::lang::Lang;
use crate::words::Token;
use crate::words::square_tokens;

/// What a phrase means.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Candidate {
    /// A legal move.
    Move(Move),
    /// A command.
    Command(Command),
}

impl Candidate {
    /// How the candidate is said: a move in the short form, a command in its words.
    pub fn tokens(&self, pos: &Chess, lang: Lang) -> Vec<Token> {
        match self {
            Candidate::Move(m) => {
                crate::notation::move_tokens(pos, *m, crate::notation::Style::Short)
            }
            Candidate::Command(c) => c.tokens(lang),
        }
    }
}

/// One word of a phrase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhraseWord {
    /// The word.
    pub word: WordId,
    /// Whether the phrase may go without it.
    pub need: Need,
}

/// How much a phrase needs one of its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// The phrase means something else without it.
    Required,
    /// The phrase means the same without it ("Bauer", "schlägt", "Schach").
    Optional,
    /// The phrase is incomplete without it, in a way people often leave it (the promotion
    /// piece): its absence is asked about rather than counted as a wrong word.
    Expected,
}

/// A sequence of words and what it means.
#[derive(Debug, Clone, PartialEq)]
pub struct Phrase {
    /// The words, in order.
    pub words: Vec<PhraseWord>,
    /// The index of its meaning in [`PhraseSet::candidates`].
    pub target: usize,
    /// The phrase names the origin's file or rank alone though no other piece of its kind
    /// can reach the square: the Laws name them only to tell two such pieces apart (C.10;
    /// C.8 gives the piece with the square it goes to, or with both squares), so a player
    /// does not say it, and hearing it means a word was lost or made up ("Fou Bella Cesar
    /// 1" for "Fou Bella deux Cesar trois": see `matcher`).
    pub needless_origin: bool,
}

/// All phrases of one position.
#[derive(Debug, Clone)]
pub struct PhraseSet {
    /// Everything that can be meant: the legal moves, then the commands.
    pub candidates: Vec<Candidate>,
    /// Every phrase, each pointing at one candidate.
    pub phrases: Vec<Phrase>,
}

/// A phrase under construction: tokens with their optional flag.
struct Builder<'a> {
    lexicon: &'a Lexicon,
    words: Vec<PhraseWord>,
    needless_origin: bool,
}

impl<'a> Builder<'a> {
    fn new(lexicon: &'a Lexicon) -> Self {
        Builder {
            lexicon,
            words: Vec::with_capacity(8),
            needless_origin: false,
        }
    }
    fn push(&mut self, tokens: &[Token], need: Need) -> &mut Self {
        for word in self.lexicon.ids_of(tokens) {
            self.words.push(PhraseWord { word, need });
        }
        self
    }
    fn required(&mut self, tokens: &[Token]) -> &mut Self {
        self.push(tokens, Need::Required)
    }
    fn optional(&mut self, tokens: &[Token]) -> &mut Self {
        self.push(tokens, Need::Optional)
    }
    fn finish(&mut self, target: usize, out: &mut Vec<Phrase>) {
        out.push(Phrase {
            words: std::mem::take(&mut self.words),
            target,
            needless_origin: std::mem::take(&mut self.needless_origin),
        });
    }
}

/// Where the origin of a move is said, if at all.
#[derive(Clone, Copy)]
enum Origin {
    None,
    File,
    Rank,
    Square,
}

/// The phrases of all legal moves of `pos` and of all commands, in `lexicon`'s language.
pub fn phrase_set(pos: &Chess, lexicon: &Lexicon) -> PhraseSet {
    let legal = pos.legal_moves();
    let commands = lexicon.command_phrases();
    let mut candidates = Vec::with_capacity(legal.len() + commands.commands.len());
    let mut phrases = Vec::with_capacity(legal.len() * 5 + commands.rows.len());
    for &m in &legal {
        let target = candidates.len();
        candidates.push(Candidate::Move(m));
        let shared = legal.iter().any(|other| shares_its_short_form(m, *other));
        move_phrases(pos, m, target, shared, lexicon, &mut phrases);
    }
    // A command has several phrases (the table's phrasings): one candidate.
    let first_command = candidates.len();
    candidates.extend(commands.commands.iter().cloned().map(Candidate::Command));
    for (index, words) in &commands.rows {
        let words = words
            .iter()
            .map(|&word| PhraseWord {
                word,
                need: Need::Required,
            })
            .collect();
        phrases.push(Phrase {
            words,
            target: first_command + index,
            needless_origin: false,
        });
    }
    PhraseSet {
        candidates,
        phrases,
    }
}

/// The "Schach" or "matt" a move may be followed by.
fn suffix_token(pos: &Chess, m: Move) -> Option<Token> {
    match SanPlus::from_move(pos.clone(), m).suffix {
        Some(Suffix::Check) => Some(Token::Check),
        Some(Suffix::Checkmate) => Some(Token::Mate),
        None => None,
    }
}

/// True when `other` is another piece of `m`'s kind going to the same square (the same
/// promotion), so that the piece and the square alone do not tell them apart (C.10).
fn shares_its_short_form(m: Move, other: Move) -> bool {
    other.role() == m.role()
        && other.to() == m.to()
        && other.from() != m.from()
        && other.promotion() == m.promotion()
        && !other.is_castle()
        && !m.is_castle()
}

/// The phrases of move `m`; `shared`: another piece of its kind can reach its square, so its
/// origin's file or rank alone is a form the Laws give it (C.10).
fn move_phrases(
    pos: &Chess,
    m: Move,
    target: usize,
    shared: bool,
    lexicon: &Lexicon,
    out: &mut Vec<Phrase>,
) {
    let suffix = suffix_token(pos, m);
    let end = |b: &mut Builder, out: &mut Vec<Phrase>| {
        if let Some(token) = suffix {
            b.optional(&[token]);
        }
        b.finish(target, out);
    };
    if let Some(side) = m.castling_side() {
        let king_from = m.from().expect("castling has an origin");
        let king_to = Square::from_coords(side.king_to_file(), king_from.rank());
        let mut b = Builder::new(lexicon);
        b.required(&[Token::Castle(side)]);
        end(&mut b, out);
        b.required(&[Token::Word(crate::words::Word::Castling)]);
        end(&mut b, out);
        b.required(&[Token::Piece(Role::King)])
            .required(&square_tokens(king_to));
        end(&mut b, out);
        b.required(&[Token::Piece(Role::King)])
            .required(&square_tokens(king_from))
            .required(&square_tokens(king_to));
        end(&mut b, out);
        return;
    }
    let from = m.from().expect("a standard-chess move has an origin");
    let to = m.to();
    let role = m.role();
    let capture = m.is_capture();
    let origins: &[Origin] = match (role, capture) {
        (Role::Pawn, false) => &[Origin::None, Origin::Square],
        (Role::Pawn, true) => &[Origin::File, Origin::Square, Origin::None],
        _ => &[Origin::None, Origin::File, Origin::Rank, Origin::Square],
    };
    for &origin in origins {
        let mut b = Builder::new(lexicon);
        if role == Role::Pawn {
            b.optional(&[Token::Piece(role)]);
        } else {
            b.required(&[Token::Piece(role)]);
        }
        match origin {
            Origin::None => {}
            // A pawn's capture names its file whatever else can capture there (C.9.3).
            Origin::File => {
                b.required(&[Token::File(from.file())]);
                b.needless_origin = role != Role::Pawn && !shared;
            }
            Origin::Rank => {
                b.required(&[Token::Rank(from.rank())]);
                b.needless_origin = !shared;
            }
            Origin::Square => {
                b.required(&square_tokens(from));
            }
        }
        if capture {
            // A pawn capture said without its origin needs "schlägt" to be told apart from
            // a pawn moving straight to that square.
            let needed = role == Role::Pawn && matches!(origin, Origin::None);
            b.push(
                &[Token::Captures],
                if needed {
                    Need::Required
                } else {
                    Need::Optional
                },
            );
        }
        b.required(&square_tokens(to));
        if m.is_en_passant() {
            b.optional(&[Token::EnPassant]);
        }
        if let Some(promoted) = m.promotion() {
            b.push(&[Token::Piece(promoted)], Need::Expected);
        }
        end(&mut b, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command;
    use crate::lang::Lang;
    use crate::notation::{Style, move_tokens};
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    /// The phrase texts of one candidate, with optional words in brackets.
    fn texts(set: &PhraseSet, lexicon: &Lexicon, target: usize) -> Vec<String> {
        set.phrases
            .iter()
            .filter(|p| p.target == target)
            .map(|p| {
                p.words
                    .iter()
                    .map(|w| {
                        let text = lexicon.word(w.word).text;
                        match w.need {
                            Need::Optional => format!("[{text}]"),
                            Need::Expected => format!("({text})"),
                            Need::Required => text.to_string(),
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// True when `said` is `phrase` with some of its optional words left out.
    fn says(phrase: &[PhraseWord], said: &[WordId]) -> bool {
        match (phrase.split_first(), said.split_first()) {
            (None, None) => true,
            (None, Some(_)) => false,
            (Some((first, rest)), _) => {
                let taken = said
                    .split_first()
                    .is_some_and(|(w, more)| *w == first.word && says(rest, more));
                taken || (first.need == Need::Optional && says(rest, said))
            }
        }
    }

    #[test]
    fn a_knight_move_has_four_forms() {
        let lex = Lexicon::get(Lang::De);
        let start = Chess::default();
        let set = phrase_set(&start, lex);
        let nf3 = set
            .candidates
            .iter()
            .position(|c| matches!(c, Candidate::Move(m) if m.to() == Square::F3 && m.role() == Role::Knight))
            .unwrap();
        assert_eq!(
            texts(&set, lex, nf3),
            vec![
                "Springer Felix drei",
                "Springer Gustav Felix drei",
                "Springer eins Felix drei",
                "Springer Gustav eins Felix drei",
            ]
        );
        // Only the knight on g1 reaches f3: its file or rank alone is needless (C.10).
        let needless = |set: &PhraseSet, target: usize| -> Vec<bool> {
            set.phrases
                .iter()
                .filter(|p| p.target == target)
                .map(|p| p.needless_origin)
                .collect()
        };
        assert_eq!(needless(&set, nf3), [false, true, true, false]);
        // With a second knight that reaches f3 (d2), the file or the rank tells them apart.
        let two = pos("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1");
        let set_two = phrase_set(&two, lex);
        for (target, c) in set_two.candidates.iter().enumerate() {
            if matches!(c, Candidate::Move(m) if m.to() == Square::F3) {
                assert_eq!(needless(&set_two, target), [false; 4]);
            }
        }
        let e4 = set
            .candidates
            .iter()
            .position(|c| matches!(c, Candidate::Move(m) if m.to() == Square::E4))
            .unwrap();
        assert_eq!(
            texts(&set, lex, e4),
            vec!["[Bauer] Eva vier", "[Bauer] Eva zwei Eva vier"]
        );
        // Every command once, however many phrasings the table has for it.
        let commands: std::collections::HashSet<Command> = command::spoken(Lang::De)
            .into_iter()
            .map(|(c, _)| c)
            .collect();
        assert_eq!(set.candidates.len(), 20 + commands.len());
        assert!(commands.len() < command::spoken(Lang::De).len());
    }

    #[test]
    fn captures_checks_castling_and_en_passant() {
        let lex = Lexicon::get(Lang::De);
        let ep = pos("4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 2");
        let set = phrase_set(&ep, lex);
        let find = |uci: &str| {
            set.candidates
                .iter()
                .position(|c| matches!(c, Candidate::Move(m) if m.to_uci(CastlingMode::Standard).to_string() == uci))
                .unwrap()
        };
        assert_eq!(
            texts(&set, lex, find("e5d6")),
            vec![
                "[Bauer] Eva [schlägt] David sechs [en] [passant]",
                "[Bauer] Eva fünf [schlägt] David sechs [en] [passant]",
                "[Bauer] schlägt David sechs [en] [passant]",
            ]
        );
        assert_eq!(
            texts(&set, lex, find("e1g1")),
            vec![
                "Kurze Rochade",
                "Rochade",
                "König Gustav eins",
                "König Eva eins Gustav eins",
            ]
        );
        assert_eq!(texts(&set, lex, find("a1a8"))[0], "Turm Anna acht [Schach]");
    }

    #[test]
    fn the_forms_the_program_says_are_among_the_phrases() {
        let lex = Lexicon::get(Lang::De);
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let p = pos(fen);
        let set = phrase_set(&p, lex);
        for (target, c) in set.candidates.iter().enumerate() {
            let Candidate::Move(m) = c else { continue };
            for style in [Style::Short, Style::Long] {
                let said = lex.ids_of(&move_tokens(&p, *m, style));
                let found = set
                    .phrases
                    .iter()
                    .filter(|ph| ph.target == target)
                    .any(|ph| says(&ph.words, &said));
                assert!(found, "{:?} {style:?}", m);
            }
        }
    }
}
