//! Languages: how each token is said, as words that carry both their text and their clip key.
//!
//! German Annex D is the default (D.2.1); English keeps the Annex D file names (Anna … Hector)
//! and says ranks, pieces and the other words in English.

use std::fmt;
use std::str::FromStr;

use shakmaty::{CastlingSide, Color, File, Rank, Role};

use super::token::Token;
use super::words::Word;

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

    /// The two-letter code used on the command line and for voice folders.
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
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
        match s.trim().to_ascii_lowercase().as_str() {
            "de" | "german" | "deutsch" => Ok(Lang::De),
            "en" | "english" | "englisch" => Ok(Lang::En),
            other => Err(format!("unknown language '{other}': use de or en")),
        }
    }
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
const FILE_KEYS: [&str; 8] = ["f_a", "f_b", "f_c", "f_d", "f_e", "f_f", "f_g", "f_h"];
const RANK_KEYS: [&str; 8] = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"];
const RANKS_DE: [&str; 8] = [
    "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
];
const RANKS_EN: [&str; 8] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight",
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

const UNITS_DE: [&str; 20] = [
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
];
const TENS_DE: [&str; 10] = [
    "", "zehn", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig",
    "neunzig",
];
const UNITS_EN: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
const TENS_EN: [&str; 10] = [
    "", "ten", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// The words for 0 … 99 in one language, each one whole word ("dreiundzwanzig",
/// "twenty-three"), built once.
fn numbers_below_100(lang: Lang) -> &'static [String; 100] {
    use std::sync::OnceLock;
    static DE: OnceLock<[String; 100]> = OnceLock::new();
    static EN: OnceLock<[String; 100]> = OnceLock::new();
    let build = |lang: Lang| -> [String; 100] {
        std::array::from_fn(|n| match lang {
            Lang::De if n < 20 => UNITS_DE[n].to_string(),
            Lang::De if n % 10 == 0 => TENS_DE[n / 10].to_string(),
            Lang::De => {
                let unit = if n % 10 == 1 { "ein" } else { UNITS_DE[n % 10] };
                format!("{unit}und{}", TENS_DE[n / 10])
            }
            Lang::En if n < 20 => UNITS_EN[n].to_string(),
            Lang::En if n % 10 == 0 => TENS_EN[n / 10].to_string(),
            Lang::En => format!("{}-{}", TENS_EN[n / 10], UNITS_EN[n % 10]),
        })
    };
    match lang {
        Lang::De => DE.get_or_init(|| build(Lang::De)),
        Lang::En => EN.get_or_init(|| build(Lang::En)),
    }
}

impl Lang {
    /// The words of one token.
    pub fn words(self, token: Token) -> Vec<Spoken> {
        let mut out = Vec::with_capacity(3);
        self.push_words(token, &mut out);
        out
    }

    /// Appends the words of one token to `out`.
    pub fn push_words(self, token: Token, out: &mut Vec<Spoken>) {
        let de = self == Lang::De;
        let w = |key, de_text, en_text| Spoken::word(key, if de { de_text } else { en_text });
        match token {
            Token::Piece(role) => out.push(match role {
                Role::King => w("p_king", "König", "king"),
                Role::Queen => w("p_queen", "Dame", "queen"),
                Role::Rook => w("p_rook", "Turm", "rook"),
                Role::Bishop => w("p_bishop", "Läufer", "bishop"),
                Role::Knight => w("p_knight", "Springer", "knight"),
                Role::Pawn => w("p_pawn", "Bauer", "pawn"),
            }),
            Token::File(file) => out.push(Spoken::word(
                FILE_KEYS[file as usize],
                FILE_NAMES[file as usize],
            )),
            Token::Rank(rank) => out.push(Spoken::word(
                RANK_KEYS[rank as usize],
                if de {
                    RANKS_DE[rank as usize]
                } else {
                    RANKS_EN[rank as usize]
                },
            )),
            Token::Castle(CastlingSide::KingSide) => {
                out.push(w("c_short", "Kurze Rochade", "short castling"))
            }
            Token::Castle(CastlingSide::QueenSide) => {
                out.push(w("c_long", "Lange Rochade", "long castling"))
            }
            Token::Captures => out.push(w("x_captures", "schlägt", "takes")),
            Token::Check => out.push(w("x_check", "Schach", "check")),
            Token::Mate => out.push(w("x_mate", "matt", "mate")),
            Token::EnPassant => out.push(w("x_en_passant", "en passant", "en passant")),
            Token::Side(Color::White) => out.push(w("s_white", "Weiß", "White")),
            Token::Side(Color::Black) => out.push(w("s_black", "Schwarz", "Black")),
            Token::Number(n) => self.push_number(n, out),
            Token::Hours(n) => self.push_quantity(
                n,
                ("u_hour", "Stunde", "hour"),
                ("u_hours", "Stunden", "hours"),
                out,
            ),
            Token::Minutes(n) => self.push_quantity(
                n,
                ("u_minute", "Minute", "minute"),
                ("u_minutes", "Minuten", "minutes"),
                out,
            ),
            Token::Seconds(n) => self.push_quantity(
                n,
                ("u_second", "Sekunde", "second"),
                ("u_seconds", "Sekunden", "seconds"),
                out,
            ),
            Token::Word(word) => out.push(Spoken {
                key: word.key(),
                text: if de { word.german() } else { word.english() },
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
    fn push_quantity(
        self,
        n: u32,
        one: (&'static str, &'static str, &'static str),
        many: (&'static str, &'static str, &'static str),
        out: &mut Vec<Spoken>,
    ) {
        let unit = if n == 1 { one } else { many };
        if n == 1 && self == Lang::De {
            out.push(Spoken::word("n1f", "eine"));
        } else {
            self.push_number(n, out);
        }
        out.push(Spoken::word(
            unit.0,
            if self == Lang::De { unit.1 } else { unit.2 },
        ));
    }

    /// A cardinal number in words. Each of 0 … 99 is one word (and one clip); larger numbers
    /// are composed from hundreds and thousands by the language's rules.
    pub fn push_number(self, n: u32, out: &mut Vec<Spoken>) {
        let below = numbers_below_100(self);
        if n < 100 {
            out.push(Spoken::word(
                NUM_KEYS[n as usize],
                below[n as usize].as_str(),
            ));
            return;
        }
        let de = self == Lang::De;
        let (thousands, rest) = (n / 1000, n % 1000);
        let (hundreds, tail) = (rest / 100, rest % 100);
        let mut glue = false;
        let mut push = |out: &mut Vec<Spoken>, key: &'static str, text: &'static str| {
            out.push(Spoken {
                key,
                text,
                glue: de && glue,
            });
            glue = true;
        };
        if thousands > 0 {
            if thousands == 1 {
                push(
                    out,
                    if de { "n1c" } else { "n1" },
                    if de { "ein" } else { "one" },
                );
            } else if thousands < 100 {
                push(
                    out,
                    NUM_KEYS[thousands as usize],
                    below[thousands as usize].as_str(),
                );
            } else {
                // Beyond what a chess clock counts: say the thousands digit by digit.
                for digit in thousands.to_string().bytes() {
                    let d = (digit - b'0') as usize;
                    push(out, NUM_KEYS[d], below[d].as_str());
                }
            }
            push(out, "n1000", if de { "tausend" } else { "thousand" });
        }
        if hundreds > 0 {
            if hundreds == 1 {
                push(
                    out,
                    if de { "n1c" } else { "n1" },
                    if de { "ein" } else { "one" },
                );
            } else {
                push(
                    out,
                    NUM_KEYS[hundreds as usize],
                    below[hundreds as usize].as_str(),
                );
            }
            push(out, "n100", if de { "hundert" } else { "hundred" });
        }
        if tail > 0 {
            push(out, NUM_KEYS[tail as usize], below[tail as usize].as_str());
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
        self.words(Token::Piece(role))[0].text
    }

    /// The name of a rank alone ("drei").
    pub fn rank_name(self, rank: Rank) -> &'static str {
        if self == Lang::De {
            RANKS_DE[rank as usize]
        } else {
            RANKS_EN[rank as usize]
        }
    }

    /// The name of a file ("Felix").
    pub fn file_name(self, file: File) -> &'static str {
        FILE_NAMES[file as usize]
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
}
