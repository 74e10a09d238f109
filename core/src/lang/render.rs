//! Rendering tokens into spoken words with a [`Speech`]: each token by the tables (the words of
//! moves from the word set's table, everything else from the language's), numbers by the
//! language's rules, and, over a whole utterance, the language's word order and agreement
//! (a colour after the piece in French; a word agreeing with its piece or time).
//!
//! Every word carries the key of its clip. An Annex D word said inside another language
//! ("Springer" in a French sentence) has a key of its own (`ad_p_knight`), since the voice
//! says it in German, unlike its own "Cavalier" (`p_knight`).

use std::borrow::Cow;
use std::sync::OnceLock;

use shakmaty::{CastlingSide, Color, Role};

use super::{FILE_NAMES, Lang, Speech, Spoken, Table, role_index};
use crate::words::Token;
use crate::words::Word;

const FILE_KEYS: [&str; 8] = ["f_a", "f_b", "f_c", "f_d", "f_e", "f_f", "f_g", "f_h"];
const RANK_KEYS: [&str; 8] = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"];
const PIECE_KEYS: [&str; 6] = [
    "p_pawn", "p_knight", "p_bishop", "p_rook", "p_queen", "p_king",
];
const CASTLE_KEYS: [&str; 2] = ["c_short", "c_long"];
/// The keys of the Annex D words inside another language's voice.
const AD_RANK_KEYS: [&str; 8] = [
    "ad_r1", "ad_r2", "ad_r3", "ad_r4", "ad_r5", "ad_r6", "ad_r7", "ad_r8",
];
const AD_PIECE_KEYS: [&str; 6] = [
    "ad_p_pawn",
    "ad_p_knight",
    "ad_p_bishop",
    "ad_p_rook",
    "ad_p_queen",
    "ad_p_king",
];
const AD_CASTLE_KEYS: [&str; 2] = ["ad_c_short", "ad_c_long"];
const UNIT_KEYS: [[&str; 2]; 3] = [
    ["u_hour", "u_hours"],
    ["u_minute", "u_minutes"],
    ["u_second", "u_seconds"],
];
const NUM_KEYS: [&str; 100] = [
    "n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10", "n11", "n12", "n13", "n14",
    "n15", "n16", "n17", "n18", "n19", "n20", "n21", "n22", "n23", "n24", "n25", "n26", "n27",
    "n28", "n29", "n30", "n31", "n32", "n33", "n34", "n35", "n36", "n37", "n38", "n39", "n40",
    "n41", "n42", "n43", "n44", "n45", "n46", "n47", "n48", "n49", "n50", "n51", "n52", "n53",
    "n54", "n55", "n56", "n57", "n58", "n59", "n60", "n61", "n62", "n63", "n64", "n65", "n66",
    "n67", "n68", "n69", "n70", "n71", "n72", "n73", "n74", "n75", "n76", "n77", "n78", "n79",
    "n80", "n81", "n82", "n83", "n84", "n85", "n86", "n87", "n88", "n89", "n90", "n91", "n92",
    "n93", "n94", "n95", "n96", "n97", "n98", "n99",
];
/// The keys of the forms numbers take before a (feminine) unit: "eine", "vingt et une".
const NUM_BEFORE_UNIT_KEYS: [&str; 100] = [
    "n0f", "n1f", "n2f", "n3f", "n4f", "n5f", "n6f", "n7f", "n8f", "n9f", "n10f", "n11f", "n12f",
    "n13f", "n14f", "n15f", "n16f", "n17f", "n18f", "n19f", "n20f", "n21f", "n22f", "n23f", "n24f",
    "n25f", "n26f", "n27f", "n28f", "n29f", "n30f", "n31f", "n32f", "n33f", "n34f", "n35f", "n36f",
    "n37f", "n38f", "n39f", "n40f", "n41f", "n42f", "n43f", "n44f", "n45f", "n46f", "n47f", "n48f",
    "n49f", "n50f", "n51f", "n52f", "n53f", "n54f", "n55f", "n56f", "n57f", "n58f", "n59f", "n60f",
    "n61f", "n62f", "n63f", "n64f", "n65f", "n66f", "n67f", "n68f", "n69f", "n70f", "n71f", "n72f",
    "n73f", "n74f", "n75f", "n76f", "n77f", "n78f", "n79f", "n80f", "n81f", "n82f", "n83f", "n84f",
    "n85f", "n86f", "n87f", "n88f", "n89f", "n90f", "n91f", "n92f", "n93f", "n94f", "n95f", "n96f",
    "n97f", "n98f", "n99f",
];

/// The words of 0 … 99 of a language, and their forms before a unit, built once.
struct NumberWords {
    plain: [String; 100],
    before_unit: [Option<String>; 100],
}

fn number_words(lang: Lang) -> &'static NumberWords {
    static CACHE: [OnceLock<NumberWords>; Lang::ALL.len()] =
        [const { OnceLock::new() }; Lang::ALL.len()];
    CACHE[lang.index()].get_or_init(|| {
        let numbers = &lang.table().numbers;
        NumberWords {
            plain: std::array::from_fn(|n| (numbers.below_100)(n as u32)),
            before_unit: std::array::from_fn(|n| (numbers.before_unit)(n as u32)),
        }
    })
}

/// True for the colour adjectives that stand with a piece ("weißer", "blanche").
fn is_colour(token: Token) -> bool {
    matches!(
        token,
        Token::Word(
            Word::WhiteAdjective
                | Word::WhiteMasculine
                | Word::BlackAdjective
                | Word::BlackMasculine
        )
    )
}

/// What an agreeing word agrees with: gender and number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Agreement {
    feminine: bool,
    plural: bool,
}

impl Speech {
    /// The words of one token (no agreement: see [`Speech::push_tokens`]).
    pub fn words(self, token: Token) -> Vec<Spoken> {
        let mut out = Vec::with_capacity(3);
        self.push_words(token, &mut out);
        out
    }

    /// Appends the words of one token to `out`, as said alone.
    pub fn push_words(self, token: Token, out: &mut Vec<Spoken>) {
        let t = self.lang.table();
        let moves = self.move_table();
        let borrowed = self.borrows_move_words();
        match token {
            Token::Piece(role) => {
                let keys = if borrowed { AD_PIECE_KEYS } else { PIECE_KEYS };
                out.push(Spoken::word(
                    keys[role_index(role)],
                    moves.pieces[role_index(role)],
                ))
            }
            Token::File(file) => out.push(Spoken::word(
                FILE_KEYS[file as usize],
                FILE_NAMES[file as usize],
            )),
            Token::Rank(rank) => {
                let keys = if borrowed { AD_RANK_KEYS } else { RANK_KEYS };
                out.push(Spoken::word(
                    keys[rank as usize],
                    moves.ranks[rank as usize],
                ))
            }
            Token::Castle(side) => {
                let keys = if borrowed {
                    AD_CASTLE_KEYS
                } else {
                    CASTLE_KEYS
                };
                let i = usize::from(side == CastlingSide::QueenSide);
                out.push(Spoken::word(keys[i], moves.castles[i]))
            }
            Token::Captures => out.push(Spoken::word("x_captures", t.captures[0])),
            Token::Check => out.push(Spoken::word("x_check", t.check)),
            Token::Mate => out.push(Spoken::word("x_mate", t.mate)),
            Token::EnPassant => out.push(Spoken::word("x_en_passant", t.en_passant)),
            Token::Side(Color::White) => out.push(Spoken::word("s_white", t.sides[0])),
            Token::Side(Color::Black) => out.push(Spoken::word("s_black", t.sides[1])),
            Token::Number(n) => self.lang.push_number(n, false, out),
            Token::Hours(n) => self.lang.push_quantity(n, 0, out),
            Token::Minutes(n) => self.lang.push_quantity(n, 1, out),
            Token::Seconds(n) => self.lang.push_quantity(n, 2, out),
            Token::Word(word) => out.push(Spoken {
                key: word.key(),
                text: (t.word)(word),
                // A question mark belongs to the word before it.
                glue: word == Word::Question,
            }),
            Token::Pause => out.push(Spoken {
                key: "pause",
                text: ",",
                glue: true,
            }),
        }
    }

    /// Appends the words of an utterance: each token's, in the language's order (a colour
    /// after its piece in French), agreeing words in the form their piece or time asks for.
    pub fn push_tokens(self, tokens: &[Token], out: &mut Vec<Spoken>) {
        let t = self.lang.table();
        let tokens = if t.colour_after_piece {
            colour_after_piece(tokens)
        } else {
            Cow::Borrowed(tokens)
        };
        for (i, &token) in tokens.iter().enumerate() {
            if let Token::Word(word) = token
                && let Some(agreeing) = t.agreeing.iter().find(|a| a.word == word)
                && let Some(agreement) = self.agreement(&tokens, i)
            {
                let form = usize::from(agreement.feminine) + 2 * usize::from(agreement.plural);
                out.push(agreeing.forms[form]);
                continue;
            }
            self.push_words(token, out);
        }
    }

    /// The text of a whole utterance: words joined by spaces, glued words joined without.
    pub fn text(self, tokens: &[Token]) -> String {
        let mut words = Vec::with_capacity(tokens.len() * 2);
        self.push_tokens(tokens, &mut words);
        join_words(&words)
    }

    /// What the word at `at` agrees with: the nearest piece or time before it up to a pause
    /// (a time of several units is plural: "une minute une seconde utilisées"), else the
    /// nearest piece after it up to a pause.
    fn agreement(self, tokens: &[Token], at: usize) -> Option<Agreement> {
        let units_feminine = self.lang.table().units_feminine;
        let piece = |role: Role| Agreement {
            feminine: self.move_table().feminine[role_index(role)],
            plural: false,
        };
        let before = &tokens[..at];
        let clause = before
            .iter()
            .rposition(|t| *t == Token::Pause)
            .map_or(before, |pause| &before[pause + 1..]);
        let mut units = 0;
        for token in clause.iter().rev() {
            match *token {
                Token::Piece(role) if units == 0 => return Some(piece(role)),
                Token::Hours(n) | Token::Minutes(n) | Token::Seconds(n) => {
                    units += if n >= 2 { 2 } else { 1 };
                }
                _ if units > 0 => break,
                _ => {}
            }
        }
        if units > 0 {
            return Some(Agreement {
                feminine: units_feminine,
                plural: units >= 2,
            });
        }
        tokens[at + 1..]
            .iter()
            .take_while(|t| **t != Token::Pause)
            .find_map(|t| match *t {
                Token::Piece(role) => Some(piece(role)),
                _ => None,
            })
    }
}

/// The tokens with every colour adjective put after the piece it precedes.
fn colour_after_piece(tokens: &[Token]) -> Cow<'_, [Token]> {
    let swaps =
        |i: usize| is_colour(tokens[i]) && matches!(tokens.get(i + 1), Some(Token::Piece(_)));
    if !(0..tokens.len()).any(swaps) {
        return Cow::Borrowed(tokens);
    }
    let mut out = tokens.to_vec();
    let mut i = 0;
    while i + 1 < out.len() {
        if is_colour(out[i]) && matches!(out[i + 1], Token::Piece(_)) {
            out.swap(i, i + 1);
            i += 2;
        } else {
            i += 1;
        }
    }
    Cow::Owned(out)
}

impl Lang {
    /// A quantity with its unit in agreement: "eine Minute", "zwei Minuten", "vingt et une
    /// minutes", "one minute".
    fn push_quantity(self, n: u32, unit: usize, out: &mut Vec<Spoken>) {
        self.push_number(n, true, out);
        let many = usize::from(n != 1);
        out.push(Spoken::word(
            UNIT_KEYS[unit][many],
            self.table().units[unit][many],
        ));
    }

    /// A cardinal number in words; `before_unit`: the form said before a unit. Each of 0 … 99
    /// is one word (and one clip); larger numbers are composed from hundreds and thousands by
    /// the language's rules.
    fn push_number(self, n: u32, before_unit: bool, out: &mut Vec<Spoken>) {
        let words = number_words(self);
        let below = |n: u32, unit: bool| -> (&'static str, &'static str) {
            let n = n as usize;
            match &words.before_unit[n] {
                Some(form) if unit => (NUM_BEFORE_UNIT_KEYS[n], form.as_str()),
                _ => (NUM_KEYS[n], words.plain[n].as_str()),
            }
        };
        if n < 100 {
            let (key, text) = below(n, before_unit);
            out.push(Spoken::word(key, text));
            return;
        }
        let numbers = &self.table().numbers;
        let (thousands, rest) = (n / 1000, n % 1000);
        let (hundreds, tail) = (rest / 100, rest % 100);
        let mut parts: Vec<(&'static str, &'static str)> = Vec::with_capacity(5);
        let multiplier = |count: u32, parts: &mut Vec<(&'static str, &'static str)>| {
            if count == 1 {
                parts.extend(numbers.one_before_multiplier);
            } else if count < 100 {
                parts.push(below(count, false));
            } else {
                // Beyond what a chess clock counts: say the digits one by one.
                for digit in count.to_string().bytes() {
                    parts.push(below(u32::from(digit - b'0'), false));
                }
            }
        };
        if thousands > 0 {
            multiplier(thousands, &mut parts);
            parts.push(("n1000", numbers.thousand));
        }
        if hundreds > 0 {
            multiplier(hundreds, &mut parts);
            let plural = hundreds > 1 && tail == 0;
            let hundred = match numbers.hundreds {
                Some(form) if plural => form,
                _ => numbers.hundred,
            };
            parts.push(("n100", hundred));
        }
        if tail > 0 {
            parts.push(below(tail, before_unit));
        }
        for (i, (key, text)) in parts.into_iter().enumerate() {
            out.push(Spoken {
                key,
                text,
                glue: numbers.glued && i > 0,
            });
        }
    }
}

impl Table {
    /// The agreeing forms of a word, if it has any in this language.
    pub fn agreeing_forms(&self, word: Word) -> Option<&[Spoken; 4]> {
        self.agreeing
            .iter()
            .find(|a| a.word == word)
            .map(|a| &a.forms)
    }
}

/// Joins spoken words into a line of text.
pub fn join_words(words: &[Spoken]) -> String {
    let mut text = String::with_capacity(words.len() * 8);
    for word in words {
        if !text.is_empty() && !word.glue {
            text.push(' ');
        }
        text.push_str(word.text);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::WordSet;
    use shakmaty::{File, Rank, Role};

    const FR_LOCAL: Speech = Speech::new(Lang::Fr, WordSet::Local);
    const FR: Speech = Speech::new(Lang::Fr, WordSet::AnnexD);

    #[test]
    fn german_numbers_follow_the_language_rules() {
        let say = |n| Lang::De.text(&[Token::Number(n)]);
        assert_eq!(say(0), "null");
        assert_eq!(say(1), "eins");
        assert_eq!(say(21), "einundzwanzig");
        assert_eq!(say(23), "dreiundzwanzig");
        assert_eq!(say(58), "achtundfünfzig");
        assert_eq!(say(100), "einhundert");
        assert_eq!(say(101), "einhunderteins");
        assert_eq!(say(123), "einhundertdreiundzwanzig");
        assert_eq!(say(1999), "eintausendneunhundertneunundneunzig");
    }

    #[test]
    fn english_numbers_follow_the_language_rules() {
        let say = |n| Lang::En.text(&[Token::Number(n)]);
        assert_eq!(say(23), "twenty-three");
        assert_eq!(say(40), "forty");
        assert_eq!(say(123), "one hundred twenty-three");
    }

    #[test]
    fn french_numbers_follow_the_language_rules() {
        let say = |n| Lang::Fr.text(&[Token::Number(n)]);
        for (n, words) in [
            (0, "zéro"),
            (1, "un"),
            (16, "seize"),
            (17, "dix-sept"),
            (21, "vingt et un"),
            (22, "vingt-deux"),
            (61, "soixante et un"),
            (70, "soixante-dix"),
            (71, "soixante et onze"),
            (77, "soixante-dix-sept"),
            (80, "quatre-vingts"),
            (81, "quatre-vingt-un"),
            (91, "quatre-vingt-onze"),
            (99, "quatre-vingt-dix-neuf"),
            (100, "cent"),
            (101, "cent un"),
            (180, "cent quatre-vingts"),
            (200, "deux cents"),
            (201, "deux cent un"),
            (1000, "mille"),
            (1001, "mille un"),
            (2000, "deux mille"),
            (1999, "mille neuf cent quatre-vingt-dix-neuf"),
            (5400, "cinq mille quatre cents"),
        ] {
            assert_eq!(say(n), words, "{n}");
        }
        // "cents" is said like "cent": the same clip.
        let keys: Vec<_> = Lang::Fr
            .words(Token::Number(200))
            .iter()
            .map(|w| w.key)
            .collect();
        assert_eq!(keys, ["n2", "n100"]);
    }

    #[test]
    fn quantities_agree_with_their_number() {
        assert_eq!(
            Lang::De.text(&[Token::Hours(1), Token::Minutes(12)]),
            "eine Stunde zwölf Minuten"
        );
        assert_eq!(Lang::De.text(&[Token::Seconds(1)]), "eine Sekunde");
        assert_eq!(
            Lang::De.text(&[Token::Minutes(21)]),
            "einundzwanzig Minuten"
        );
        assert_eq!(
            Lang::En.text(&[Token::Minutes(1), Token::Seconds(30)]),
            "one minute thirty seconds"
        );
        assert_eq!(
            Lang::Fr.text(&[Token::Hours(1), Token::Minutes(12)]),
            "une heure douze minutes"
        );
        assert_eq!(Lang::Fr.text(&[Token::Seconds(30)]), "trente secondes");
        assert_eq!(
            Lang::Fr.text(&[Token::Minutes(21), Token::Seconds(81)]),
            "vingt et une minutes quatre-vingt-une secondes"
        );
        assert_eq!(Lang::Fr.text(&[Token::Minutes(101)]), "cent une minutes");
        let one: Vec<_> = Lang::Fr
            .words(Token::Hours(1))
            .iter()
            .map(|w| w.key)
            .collect();
        assert_eq!(one, ["n1f", "u_hour"]);
    }

    #[test]
    fn the_word_set_changes_the_words_of_moves_only() {
        let knight_f3 = [
            Token::Side(Color::White),
            Token::Piece(Role::Knight),
            Token::File(File::F),
            Token::Rank(Rank::Third),
        ];
        assert_eq!(FR.text(&knight_f3), "Blanc Springer Felix drei");
        assert_eq!(FR_LOCAL.text(&knight_f3), "Blanc Cavalier Felix trois");
        let en = Speech::new(Lang::En, WordSet::Local);
        assert_eq!(en.text(&knight_f3), "White knight Felix three");
        assert_eq!(Lang::En.text(&knight_f3), "White Springer Felix drei");
        let de = Speech::new(Lang::De, WordSet::Local);
        assert_eq!(de.text(&knight_f3), Lang::De.text(&knight_f3));
        // The Annex D words in another language's voice have keys of their own.
        let keys = |s: Speech| -> Vec<&str> {
            knight_f3
                .iter()
                .flat_map(|&t| s.words(t))
                .map(|w| w.key)
                .collect()
        };
        assert_eq!(keys(FR), ["s_white", "ad_p_knight", "f_f", "ad_r3"]);
        assert_eq!(keys(FR_LOCAL), ["s_white", "p_knight", "f_f", "r3"]);
        assert_eq!(
            keys(Lang::De.speech()),
            ["s_white", "p_knight", "f_f", "r3"]
        );
        assert_eq!(
            FR.text(&[Token::Castle(CastlingSide::QueenSide)]),
            "Lange Rochade"
        );
        assert_eq!(
            FR_LOCAL.text(&[Token::Castle(CastlingSide::KingSide)]),
            "petit roque"
        );
    }

    #[test]
    fn french_colours_follow_the_piece_and_agree_with_it() {
        let black_queen = crate::words::colored_piece_tokens(shakmaty::Piece {
            color: Color::Black,
            role: Role::Queen,
        });
        let white_rook = crate::words::colored_piece_tokens(shakmaty::Piece {
            color: Color::White,
            role: Role::Rook,
        });
        assert_eq!(Lang::De.text(&black_queen), "schwarze Dame");
        assert_eq!(FR.text(&black_queen), "Dame noire");
        assert_eq!(FR_LOCAL.text(&white_rook), "Tour blanche");
        assert_eq!(FR.text(&white_rook), "Turm blanc");
        let touched = [
            Token::Piece(Role::Queen),
            Token::File(File::D),
            Token::Rank(Rank::First),
            Token::Word(Word::Touched),
        ];
        assert_eq!(FR.text(&touched), "Dame David eins touchée");
        let none = [
            Token::Word(Word::NoSuch),
            Token::Piece(Role::Rook),
            Token::Word(Word::CanReach),
        ];
        assert_eq!(FR_LOCAL.text(&none), "aucune Tour n'atteint");
        assert_eq!(FR.text(&none), "aucun Turm n'atteint");
        assert_eq!(Lang::De.text(&none), "kein Turm erreicht");
    }

    #[test]
    fn french_times_agree_with_their_unit() {
        let left = |tokens: &[Token]| {
            let mut all = vec![Token::Side(Color::White)];
            all.extend_from_slice(tokens);
            all.push(Token::Word(Word::Remaining));
            Lang::Fr.text(&all)
        };
        assert_eq!(left(&[Token::Minutes(5)]), "Blanc cinq minutes restantes");
        assert_eq!(left(&[Token::Minutes(1)]), "Blanc une minute restante");
        assert_eq!(
            left(&[Token::Hours(1), Token::Minutes(30)]),
            "Blanc une heure trente minutes restantes"
        );
        assert_eq!(
            Lang::De.text(&[Token::Minutes(5), Token::Word(Word::Remaining)]),
            "fünf Minuten übrig"
        );
    }
}
