//! Languages: a language is a table. Every word the program says or hears, for moves, times,
//! commands, help and errors, comes from one [`Table`] per language ([`de`], [`en`]); the
//! rendering of tokens into words, the move parser's vocabulary, the typed-line command parser,
//! the recogniser's phrases and the help text are all made from the tables. Adding a language
//! is adding its table (and a voice).
//!
//! German Annex D is the default (D.2.1); English keeps the Annex D file names (Anna … Hector)
//! and says ranks, pieces and the other words in English.

mod de;
mod en;

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use shakmaty::{CastlingSide, Color, File, Rank, Role};

use crate::command::{Kind, Phrase};
use crate::notation::token::Token;
use crate::notation::words::Word;

/// A language the program speaks and understands.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// German Annex D words (the default of D.2.1).
    #[default]
    De,
    /// English words with the Annex D file names.
    En,
}

impl Lang {
    /// Every language, default first.
    pub const ALL: [Lang; 2] = [Lang::De, Lang::En];

    /// The language's table of words.
    pub fn table(self) -> &'static Table {
        match self {
            Lang::De => &de::TABLE,
            Lang::En => &en::TABLE,
        }
    }

    /// The two-letter code used on the command line and for voice folders.
    pub fn code(self) -> &'static str {
        self.table().code
    }

    /// Its place in [`Lang::ALL`], for per-language caches.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_lowercase();
        Lang::ALL
            .into_iter()
            .find(|lang| lang.code() == wanted || lang.table().names.contains(&wanted.as_str()))
            .ok_or_else(|| {
                let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
                format!("unknown language '{wanted}': use {}", codes.join(" or "))
            })
    }
}

/// The words of one language. See the module documentation; each field says what it holds.
#[derive(Debug)]
pub struct Table {
    /// The two-letter code (`de`).
    pub code: &'static str,
    /// Other names accepted for the language on the command line and in settings.
    pub names: &'static [&'static str],
    /// The piece names, by [`Role`] (pawn, knight, bishop, rook, queen, king).
    pub pieces: [&'static str; 6],
    /// Other forms of the piece names that are heard or typed: plurals, letters.
    pub piece_forms: [&'static [&'static str]; 6],
    /// The piece letters of the written notation (FIDE Laws, Appendix C), by [`Role`]; a
    /// pawn has none. The scoresheets write moves with them.
    pub piece_letters: [&'static str; 6],
    /// The liblouis table the Braille scoresheet is translated with (uncontracted literary
    /// Braille with capital signs, 6 dots; see docs/scoresheet.md).
    pub braille_table: &'static str,
    /// The ranks, one to eight.
    pub ranks: [&'static str; 8],
    /// Other words for ranks that are heard or typed ("zwo"), with the rank from 1.
    pub rank_forms: &'static [(&'static str, u8)],
    /// Castling, king side then queen side, as one phrase each ("Kurze Rochade").
    pub castles: [&'static str; 2],
    /// Words that name the side of castling when heard or typed (king side, queen side).
    pub castle_sides: [&'static [&'static str]; 2],
    /// Words for castling itself ("Rochade", "rochiert").
    pub castling: &'static [&'static str],
    /// "schlägt", then other words for a capture.
    pub captures: &'static [&'static str],
    /// "Schach".
    pub check: &'static str,
    /// "matt".
    pub mate: &'static str,
    /// "en passant".
    pub en_passant: &'static str,
    /// Words that may stand in a spoken move without changing it (nach, auf, Schach, wird …).
    pub move_fillers: &'static [&'static str],
    /// The sides as nouns: White, Black.
    pub sides: [&'static str; 2],
    /// The colour adjectives in the forms heard or typed ("weiße", "weißen"), White then Black.
    pub colour_forms: [&'static [&'static str]; 2],
    /// Hours, minutes, seconds: the unit for one and for many.
    pub units: [[&'static str; 2]; 3],
    /// The form of "one" said before a unit when it differs from the number ("eine").
    pub one_before_unit: Option<&'static str>,
    /// How numbers are said.
    pub numbers: Numbers,
    /// The text of every fixed word; a `match` over all of [`Word`].
    pub word: fn(Word) -> &'static str,
    /// The phrases of every command: the first is the one the program says, shows in the help
    /// and listens for; the others are also understood when typed.
    pub commands: fn(Kind) -> &'static [Phrase],
    /// Words that may stand anywhere in a command without changing it ("die", "the").
    pub command_fillers: &'static [&'static str],
    /// What a recogniser is known to hear in this language.
    pub hearing: Hearing,
}

/// How a language says numbers.
#[derive(Debug)]
pub struct Numbers {
    /// The words for 0 … 99, each one word ("dreiundzwanzig", "twenty-three").
    pub below_100: fn(u32) -> String,
    /// "hundert".
    pub hundred: &'static str,
    /// "tausend".
    pub thousand: &'static str,
    /// The word for one before "hundert" or "tausend" (`None`: nothing is said) with its clip key.
    pub one_before_multiplier: Option<(&'static str, &'static str)>,
    /// Whether the parts of a number above 99 are written as one word ("einhunderteins").
    pub glued: bool,
}

/// What a recogniser is known to hear in a language (see `docs/listen.md`).
#[derive(Debug)]
pub struct Hearing {
    /// Other dictionary spellings of words: folded canonical form → spellings, preferred first.
    pub spellings: &'static [(&'static str, &'static [&'static str])],
    /// Pairs of words that sound alike, with their substitution cost.
    pub confusions: &'static [(&'static str, &'static str, f32)],
    /// Words a recogniser may swallow, with their deletion cost.
    pub weak: &'static [(&'static str, f32)],
}

/// One spoken word: its text, the key of its recorded clip, and whether it is written
/// without a space before it (German compound numbers, punctuation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Spoken {
    /// The clip key, the file name of its recording in a voice folder.
    pub key: &'static str,
    /// The written form.
    pub text: &'static str,
    /// True when the text joins the previous word with no space.
    pub glue: bool,
}

impl Spoken {
    const fn word(key: &'static str, text: &'static str) -> Self {
        Spoken {
            key,
            text,
            glue: false,
        }
    }
}

/// File names, the same in every language (D.2.1).
pub const FILE_NAMES: [&str; 8] = [
    "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
];
/// Other spellings of the file names, heard or typed in any language.
pub const FILE_FORMS: [&[&str]; 8] = [
    &[],
    &[],
    &["Cäsar", "Caesar", "Zäsar", "Zesar", "Cesare"],
    &[],
    &[],
    &[],
    &["Gustaf"],
    &["Hektor"],
];
const FILE_KEYS: [&str; 8] = ["f_a", "f_b", "f_c", "f_d", "f_e", "f_f", "f_g", "f_h"];
const RANK_KEYS: [&str; 8] = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"];
const PIECE_KEYS: [&str; 6] = [
    "p_pawn", "p_knight", "p_bishop", "p_rook", "p_queen", "p_king",
];
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

/// The index of a role in the tables' piece arrays.
pub fn role_index(role: Role) -> usize {
    role as usize - 1
}

impl Lang {
    /// The words for 0 … 99, built once per language.
    fn numbers_below_100(self) -> &'static [String; 100] {
        static CACHE: [OnceLock<[String; 100]>; Lang::ALL.len()] =
            [const { OnceLock::new() }; Lang::ALL.len()];
        CACHE[self.index()]
            .get_or_init(|| std::array::from_fn(|n| (self.table().numbers.below_100)(n as u32)))
    }

    /// The words of one token.
    pub fn words(self, token: Token) -> Vec<Spoken> {
        let mut out = Vec::with_capacity(3);
        self.push_words(token, &mut out);
        out
    }

    /// Appends the words of one token to `out`.
    pub fn push_words(self, token: Token, out: &mut Vec<Spoken>) {
        let t = self.table();
        match token {
            Token::Piece(role) => out.push(Spoken::word(
                PIECE_KEYS[role_index(role)],
                t.pieces[role_index(role)],
            )),
            Token::File(file) => out.push(Spoken::word(
                FILE_KEYS[file as usize],
                FILE_NAMES[file as usize],
            )),
            Token::Rank(rank) => out.push(Spoken::word(
                RANK_KEYS[rank as usize],
                t.ranks[rank as usize],
            )),
            Token::Castle(CastlingSide::KingSide) => {
                out.push(Spoken::word("c_short", t.castles[0]))
            }
            Token::Castle(CastlingSide::QueenSide) => {
                out.push(Spoken::word("c_long", t.castles[1]))
            }
            Token::Captures => out.push(Spoken::word("x_captures", t.captures[0])),
            Token::Check => out.push(Spoken::word("x_check", t.check)),
            Token::Mate => out.push(Spoken::word("x_mate", t.mate)),
            Token::EnPassant => out.push(Spoken::word("x_en_passant", t.en_passant)),
            Token::Side(Color::White) => out.push(Spoken::word("s_white", t.sides[0])),
            Token::Side(Color::Black) => out.push(Spoken::word("s_black", t.sides[1])),
            Token::Number(n) => self.push_number(n, out),
            Token::Hours(n) => self.push_quantity(n, 0, out),
            Token::Minutes(n) => self.push_quantity(n, 1, out),
            Token::Seconds(n) => self.push_quantity(n, 2, out),
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

    /// A quantity with its unit in agreement: "eine Minute", "zwei Minuten", "one minute".
    fn push_quantity(self, n: u32, unit: usize, out: &mut Vec<Spoken>) {
        let t = self.table();
        match (n, t.one_before_unit) {
            (1, Some(one)) => out.push(Spoken::word("n1f", one)),
            _ => self.push_number(n, out),
        }
        let many = usize::from(n != 1);
        out.push(Spoken::word(UNIT_KEYS[unit][many], t.units[unit][many]));
    }

    /// A cardinal number in words. Each of 0 … 99 is one word (and one clip); larger numbers
    /// are composed from hundreds and thousands by the language's rules.
    pub fn push_number(self, n: u32, out: &mut Vec<Spoken>) {
        let below = self.numbers_below_100();
        if n < 100 {
            out.push(Spoken::word(
                NUM_KEYS[n as usize],
                below[n as usize].as_str(),
            ));
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
                parts.push((NUM_KEYS[count as usize], below[count as usize].as_str()));
            } else {
                // Beyond what a chess clock counts: say the digits one by one.
                for digit in count.to_string().bytes() {
                    let d = (digit - b'0') as usize;
                    parts.push((NUM_KEYS[d], below[d].as_str()));
                }
            }
        };
        if thousands > 0 {
            multiplier(thousands, &mut parts);
            parts.push(("n1000", numbers.thousand));
        }
        if hundreds > 0 {
            multiplier(hundreds, &mut parts);
            parts.push(("n100", numbers.hundred));
        }
        if tail > 0 {
            parts.push((NUM_KEYS[tail as usize], below[tail as usize].as_str()));
        }
        for (i, (key, text)) in parts.into_iter().enumerate() {
            out.push(Spoken {
                key,
                text,
                glue: numbers.glued && i > 0,
            });
        }
    }

    /// The text of a whole utterance: words joined by spaces, glued words joined without.
    pub fn text(self, tokens: &[Token]) -> String {
        let mut words = Vec::with_capacity(tokens.len() * 2);
        for &token in tokens {
            self.push_words(token, &mut words);
        }
        join_words(&words)
    }

    /// The name of a piece alone, as a string ("Springer").
    pub fn piece_name(self, role: Role) -> &'static str {
        self.table().pieces[role_index(role)]
    }

    /// The name of a rank alone ("drei").
    pub fn rank_name(self, rank: Rank) -> &'static str {
        self.table().ranks[rank as usize]
    }

    /// The name of a file ("Felix").
    pub fn file_name(self, file: File) -> &'static str {
        FILE_NAMES[file as usize]
    }

    /// The text of a fixed word ("Zeit").
    pub fn word(self, word: Word) -> &'static str {
        (self.table().word)(word)
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
    fn quantities_agree_with_their_number() {
        assert_eq!(
            Lang::De.text(&[Token::Hours(1), Token::Minutes(12)]),
            "eine Stunde zwölf Minuten"
        );
        assert_eq!(Lang::De.text(&[Token::Seconds(1)]), "eine Sekunde");
        assert_eq!(
            Lang::En.text(&[Token::Minutes(1), Token::Seconds(30)]),
            "one minute thirty seconds"
        );
    }

    #[test]
    fn languages_are_named_by_code_or_name() {
        assert_eq!("de".parse::<Lang>(), Ok(Lang::De));
        assert_eq!("Deutsch".parse::<Lang>(), Ok(Lang::De));
        assert_eq!("english".parse::<Lang>(), Ok(Lang::En));
        assert!("xx".parse::<Lang>().unwrap_err().contains("de or en"));
        for lang in Lang::ALL {
            assert_eq!(Lang::ALL[lang.index()], lang);
        }
    }
}
