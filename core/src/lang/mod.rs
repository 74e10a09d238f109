//! Languages: a language is a table. Every word the program says or hears, for moves, times,
//! commands, help and errors, comes from one [`Table`] per language ([`de`], [`en`], [`fr`]);
//! the rendering of tokens into words, the move parser's vocabulary, the typed-line command
//! parser, the recogniser's phrases and the help text are all made from the tables. Adding a
//! language is adding its table (and a voice).
//!
//! Beside the language there is a second choice, the **word set** of moves (D.2.1): with
//! [`WordSet::AnnexD`], the default, pieces, ranks and castling are said in the Annex D words
//! (König … Bauer, eins … acht, Kurze/Lange Rochade) whatever the language of the sentence
//! around them ("Blanc Springer Felix drei"); with [`WordSet::Local`], the arbiter's decision,
//! in the language's own words ("Blanc Cavalier Felix trois"). Files are Anna … Hector in
//! both. A [`Speech`] is the pair; it renders tokens into words ([`render`]).

mod de;
mod en;
mod fr;
mod render;

use std::fmt;
use std::str::FromStr;

use shakmaty::{File, Rank, Role};

use crate::words::Token;
use crate::words::Word;
use crate::words::{CommandKind, Phrase};

pub use render::join_words;

/// A language the program speaks and understands.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// German (D.2.1's words are German).
    #[default]
    De,
    /// English.
    En,
    /// French.
    Fr,
}

impl Lang {
    /// Every language, default first.
    pub const ALL: [Lang; 3] = [Lang::De, Lang::En, Lang::Fr];

    /// The language's table of words.
    pub fn table(self) -> &'static Table {
        match self {
            Lang::De => &de::TABLE,
            Lang::En => &en::TABLE,
            Lang::Fr => &fr::TABLE,
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

    /// The language's speech with the default word set (Annex D).
    pub fn speech(self) -> Speech {
        Speech::new(self, WordSet::AnnexD)
    }

    /// The words of one token, with the Annex D words of moves (see [`Speech::words`]).
    pub fn words(self, token: Token) -> Vec<Spoken> {
        self.speech().words(token)
    }

    /// Appends the words of one token, with the Annex D words of moves.
    pub fn push_words(self, token: Token, out: &mut Vec<Spoken>) {
        self.speech().push_words(token, out)
    }

    /// The text of an utterance, with the Annex D words of moves (see [`Speech::text`]).
    pub fn text(self, tokens: &[Token]) -> String {
        self.speech().text(tokens)
    }

    /// The name of a file ("Felix"), the same in every language and word set.
    pub fn file_name(self, file: File) -> &'static str {
        FILE_NAMES[file as usize]
    }

    /// The text of a fixed word ("Zeit").
    pub fn word(self, word: Word) -> &'static str {
        (self.table().word)(word)
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
                let (last, rest) = codes.split_last().expect("there are languages");
                format!(
                    "unknown language '{wanted}': use {} or {last}",
                    rest.join(", ")
                )
            })
    }
}

/// The words moves are said in (D.2.1): pieces, ranks and castling.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum WordSet {
    /// The Annex D words: König … Bauer, eins … acht, Kurze/Lange Rochade, in every language
    /// ("unless the arbiter decides otherwise", D.2.1).
    #[default]
    AnnexD,
    /// The language's own words, when the arbiter so decides: "Cavalier Felix trois",
    /// "knight Felix three" (German is the same in both).
    Local,
}

impl WordSet {
    /// Both word sets, the default first.
    pub const ALL: [WordSet; 2] = [WordSet::AnnexD, WordSet::Local];

    /// The name used on the command line and in the settings.
    pub fn name(self) -> &'static str {
        match self {
            WordSet::AnnexD => "annex-d",
            WordSet::Local => "local",
        }
    }
}

impl fmt::Display for WordSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for WordSet {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().replace('_', "-").as_str() {
            "annex-d" | "annexd" | "annex" => Ok(WordSet::AnnexD),
            "local" => Ok(WordSet::Local),
            other => Err(format!("unknown word set '{other}': use annex-d or local")),
        }
    }
}

/// How the program speaks: the language of the sentence and the word set of moves. Every
/// token is rendered through one (see `render`); `Lang::text` and friends are this with the
/// default word set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Speech {
    /// The language of everything.
    pub lang: Lang,
    /// The words of pieces, ranks and castling.
    pub words: WordSet,
}

impl Speech {
    /// A language with a word set.
    pub const fn new(lang: Lang, words: WordSet) -> Self {
        Speech { lang, words }
    }

    /// Every language with every word set (German only once: its two sets are the same).
    pub fn all() -> impl Iterator<Item = Speech> {
        Lang::ALL.into_iter().flat_map(|lang| {
            WordSet::ALL
                .into_iter()
                .filter(move |&words| lang != Lang::De || words == WordSet::AnnexD)
                .map(move |words| Speech::new(lang, words))
        })
    }

    /// The table the words of moves come from: German for the Annex D words, else the
    /// language's own.
    pub fn move_table(self) -> &'static Table {
        match self.words {
            WordSet::AnnexD => &de::TABLE,
            WordSet::Local => self.lang.table(),
        }
    }

    /// True when the words of moves are not the language's own (Annex D words inside an
    /// English or French sentence): their clips are then other clips, with keys of their own.
    pub fn borrows_move_words(self) -> bool {
        self.words == WordSet::AnnexD && self.lang != Lang::De
    }

    /// The name of a piece alone ("Springer", "Cavalier").
    pub fn piece_name(self, role: Role) -> &'static str {
        self.move_table().pieces[role_index(role)]
    }

    /// The name of a rank alone ("drei", "trois").
    pub fn rank_name(self, rank: Rank) -> &'static str {
        self.move_table().ranks[rank as usize]
    }
}

/// English throughout, the words of moves included ("knight Felix three"): the words of the
/// scoresheet's PGN comments and of the technical detail of errors, which readers of PGN and
/// of logs expect in English whatever the language of the game.
pub const ENGLISH: Speech = Speech::new(Lang::En, WordSet::Local);

impl From<Lang> for Speech {
    fn from(lang: Lang) -> Self {
        lang.speech()
    }
}

impl fmt::Display for Speech {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.lang, self.words)
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
    /// Whether each piece name is feminine, for the words that agree with it ("Dame").
    pub feminine: [bool; 6],
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
    /// Castling, king side then queen side, as one phrase each ("Kurze Rochade"), of as many
    /// words as the Annex D phrase (so that a recogniser hears either in the same place).
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
    /// True when a colour adjective follows the piece ("Cavalier blanc"): the tokens' order
    /// (adjective, piece) is turned round when they are said.
    pub colour_after_piece: bool,
    /// Hours, minutes, seconds: the unit for one and for many.
    pub units: [[&'static str; 2]; 3],
    /// Whether the units are feminine, for the words that agree with a time ("restantes").
    pub units_feminine: bool,
    /// How numbers are said.
    pub numbers: Numbers,
    /// Words whose form agrees with the piece or the time they belong to (see [`Agreeing`]).
    pub agreeing: &'static [Agreeing],
    /// The text of every fixed word; a `match` over all of [`Word`].
    pub word: fn(Word) -> &'static str,
    /// The phrases of every command: the first is the one the program says, shows in the help
    /// and listens for; the others are also understood when typed.
    pub commands: fn(CommandKind) -> &'static [Phrase],
    /// Words that may stand anywhere in a command without changing it ("die", "the").
    pub command_fillers: &'static [&'static str],
    /// Words that may open a typed command without changing it: a wish or a request put
    /// before it ("ich möchte Remis anbieten", "can I offer a draw", "je voudrais proposer
    /// nulle"). Only at the start of the line, and only before a command: a move is never
    /// read out of one.
    pub command_lead_ins: &'static [&'static str],
    /// The beginnings and ends of words that ask a question, for a typed line that is neither
    /// a command nor a move ("wie lange habe ich noch Zeit", "wer muss ziehen"): the first
    /// kind one of its words begins or ends with is asked. Questions only: what binds a
    /// player (a draw, a resignation) is never guessed.
    pub question_words: &'static [(&'static str, CommandKind)],
    /// What a recogniser is known to hear in this language.
    pub hearing: Hearing,
}

/// How a language says numbers.
#[derive(Debug)]
pub struct Numbers {
    /// The words for 0 … 99, each one clip ("dreiundzwanzig", "twenty-three", "vingt et un").
    pub below_100: fn(u32) -> String,
    /// The form of 0 … 99 before a unit where it differs (German "eine" Minute, French "vingt
    /// et une" minutes: the units are feminine); `None` where it is the number itself.
    pub before_unit: fn(u32) -> Option<String>,
    /// "hundert".
    pub hundred: &'static str,
    /// The form of "hundred" after a multiplier when nothing follows it (French "deux
    /// cents", said like "cent": the same clip); `None` where it does not change.
    pub hundreds: Option<&'static str>,
    /// "tausend".
    pub thousand: &'static str,
    /// The word for one before "hundert" or "tausend" (`None`: nothing is said) with its clip key.
    pub one_before_multiplier: Option<(&'static str, &'static str)>,
    /// Whether the parts of a number above 99 are written as one word ("einhunderteins").
    pub glued: bool,
}

/// A word whose form agrees, in gender and number, with the nearest piece or time before it
/// in the same part of an utterance (or, when there is none before, the piece after it):
/// French "Dame Eva un touchée", "cinq minutes restantes", "aucune Tour".
#[derive(Debug)]
pub struct Agreeing {
    /// The word.
    pub word: Word,
    /// Its forms: masculine and feminine singular, masculine and feminine plural.
    pub forms: [Spoken; 4],
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
    /// A word written with a space before it.
    pub const fn word(key: &'static str, text: &'static str) -> Self {
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
    &["Cäsar", "Caesar", "Zäsar", "Zesar", "Cesare", "César"],
    &[],
    &["Éva"],
    &["Félix"],
    &["Gustaf", "Gustave"],
    &["Hektor"],
];

/// The index of a role in the tables' piece arrays.
pub fn role_index(role: Role) -> usize {
    role as usize - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_named_by_code_or_name() {
        assert_eq!("de".parse::<Lang>(), Ok(Lang::De));
        assert_eq!("Deutsch".parse::<Lang>(), Ok(Lang::De));
        assert_eq!("english".parse::<Lang>(), Ok(Lang::En));
        assert_eq!("fr".parse::<Lang>(), Ok(Lang::Fr));
        assert_eq!("Français".parse::<Lang>(), Ok(Lang::Fr));
        assert!("xx".parse::<Lang>().unwrap_err().contains("de, en or fr"));
        for lang in Lang::ALL {
            assert_eq!(Lang::ALL[lang.index()], lang);
        }
    }

    #[test]
    fn word_sets_are_named_as_in_the_settings() {
        assert_eq!("annex-d".parse::<WordSet>(), Ok(WordSet::AnnexD));
        assert_eq!("Annex_D".parse::<WordSet>(), Ok(WordSet::AnnexD));
        assert_eq!("local".parse::<WordSet>(), Ok(WordSet::Local));
        assert!(
            "german"
                .parse::<WordSet>()
                .unwrap_err()
                .contains("annex-d or local")
        );
        for words in WordSet::ALL {
            assert_eq!(words.name().parse::<WordSet>(), Ok(words));
            assert_eq!(
                serde_json::to_string(&words).unwrap(),
                format!("\"{}\"", words.name())
            );
        }
        // German has one word set (its own are the Annex D words); the others two.
        assert_eq!(Speech::all().count(), 5);
        assert!(
            Speech::all()
                .all(|s| s.borrows_move_words()
                    == (s.lang != Lang::De && s.words == WordSet::AnnexD))
        );
    }
}
