//! The clip keys a voice must have, derived from the code's own vocabulary, and the reading
//! of typed words back into tokens (for `annexd say TEXT`).
//!
//! The key list is built by saying every shape of token there is (all [`Word`]s, pieces,
//! files, ranks, castles, numbers 0 … 9999, hours/minutes/seconds 0 … 200, sides, pause)
//! through [`Lang::push_words`], so a voice generated or checked from it covers every word the
//! program can say, including rows added to the word table later.

use std::collections::{HashMap, HashSet};

use shakmaty::{CastlingSide, Color, File, Rank, Role};

use crate::notation::{Lang, Spoken, Token, Word};

/// The largest number whose words are guaranteed to have clips (every composed number up to
/// it uses only keys that numbers below it use too).
pub const MAX_NUMBER: u32 = 9999;
/// The largest count of hours, minutes or seconds checked.
pub const MAX_QUANTITY: u32 = 200;

/// Every token shape the program can say: one example of each distinct word sequence.
pub fn every_token() -> impl Iterator<Item = Token> {
    // Adding a variant to `Token` breaks this match on purpose: add its shapes below.
    let _exhaustive = |token: Token| match token {
        Token::Piece(_)
        | Token::File(_)
        | Token::Rank(_)
        | Token::Castle(_)
        | Token::Captures
        | Token::Check
        | Token::Mate
        | Token::EnPassant
        | Token::Side(_)
        | Token::Number(_)
        | Token::Hours(_)
        | Token::Minutes(_)
        | Token::Seconds(_)
        | Token::Word(_)
        | Token::Pause => (),
    };
    let fixed = Role::ALL
        .into_iter()
        .map(Token::Piece)
        .chain(File::ALL.into_iter().map(Token::File))
        .chain(Rank::ALL.into_iter().map(Token::Rank))
        .chain([CastlingSide::KingSide, CastlingSide::QueenSide].map(Token::Castle))
        .chain([Token::Captures, Token::Check, Token::Mate, Token::EnPassant])
        .chain([Color::White, Color::Black].map(Token::Side))
        .chain([Token::Pause]);
    fixed
        .chain(Word::ALL.iter().map(|&w| Token::Word(w)))
        .chain((0..=MAX_NUMBER).map(Token::Number))
        .chain(
            (0..=MAX_QUANTITY)
                .flat_map(|n| [Token::Hours(n), Token::Minutes(n), Token::Seconds(n)]),
        )
}

/// One clip a voice needs: its key and the words it says in the language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClipKey {
    /// The file name (without extension) in a voice folder.
    pub key: &'static str,
    /// What the clip says.
    pub text: &'static str,
}

/// Every clip key of a language, each once, in a stable order (fixed words first, then words,
/// then numbers and units).
pub fn clip_keys(lang: Lang) -> Vec<ClipKey> {
    let mut seen = HashSet::new();
    let mut keys = Vec::new();
    let mut words = Vec::new();
    for token in every_token() {
        words.clear();
        lang.push_words(token, &mut words);
        for word in &words {
            if seen.insert(word.key) {
                keys.push(ClipKey {
                    key: word.key,
                    text: word.text,
                });
            }
        }
    }
    keys
}

/// The key of the pause, a clip of silence in every voice.
pub const PAUSE_KEY: &str = "pause";

/// A word of typed text that is no known word or clip key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{word}' is not a word the program can say (word {position}); use the words of `annexd voices keys` or their keys"
)]
pub struct UnknownWord {
    /// The word as typed.
    pub word: String,
    /// Its place in the text, from 1.
    pub position: usize,
}

/// Reads typed text into tokens: known words and phrases of the language (longest first),
/// clip keys, numbers in digits or words, and a number followed by a unit word ("zwei
/// Minuten" → two minutes). A comma is a pause.
pub fn parse_text(lang: Lang, text: &str) -> Result<Vec<Token>, UnknownWord> {
    let index = PhraseIndex::of(lang);
    let words = normalise(text);
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let (token, used) = index
            .longest_match(&words[at..])
            .ok_or_else(|| UnknownWord {
                word: words[at].clone(),
                position: at + 1,
            })?;
        at += used;
        // A number and a unit word make one quantity.
        if let (Some(n), Some(next)) = (count_of(token), words.get(at))
            && let Some(unit) = index.units.get(next.as_str())
        {
            tokens.push(unit(n));
            at += 1;
            continue;
        }
        match token {
            Parsed::Token(token) => tokens.push(token),
            Parsed::One => tokens.push(Token::Number(1)),
        }
    }
    Ok(tokens)
}

/// What a phrase stands for.
#[derive(Debug, Clone, Copy)]
enum Parsed {
    Token(Token),
    /// "eine": one, before a feminine unit.
    One,
}

/// The count a word gives before a unit: a number, or a word said like one (ranks are the
/// numbers one to eight, "null" is zero).
fn count_of(parsed: Parsed) -> Option<u32> {
    match parsed {
        Parsed::Token(Token::Number(n)) => Some(n),
        Parsed::Token(Token::Rank(rank)) => Some(rank as u32 + 1),
        Parsed::Token(Token::Word(Word::Zero)) => Some(0),
        Parsed::One => Some(1),
        _ => None,
    }
}

/// Lower case, with commas and question marks as words of their own.
fn normalise(text: &str) -> Vec<String> {
    text.to_lowercase()
        .replace(',', " , ")
        .replace('?', " ? ")
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

type Unit = fn(u32) -> Token;

struct PhraseIndex {
    phrases: HashMap<Vec<String>, Parsed>,
    units: HashMap<String, Unit>,
    longest: usize,
}

impl PhraseIndex {
    /// The index of a language, built once.
    fn of(lang: Lang) -> &'static PhraseIndex {
        use std::sync::OnceLock;
        static CACHE: [OnceLock<PhraseIndex>; Lang::ALL.len()] =
            [const { OnceLock::new() }; Lang::ALL.len()];
        CACHE[lang.index()].get_or_init(|| PhraseIndex::new(lang))
    }

    fn new(lang: Lang) -> Self {
        let mut phrases = HashMap::new();
        let mut said: Vec<(Vec<Spoken>, Parsed)> = every_token()
            .filter(|t| !matches!(t, Token::Hours(_) | Token::Minutes(_) | Token::Seconds(_)))
            .map(|token| (lang.words(token), Parsed::Token(token)))
            .collect();
        // "eine" (the form of one before a unit, where the language has one) and its key.
        if lang.table().one_before_unit.is_some() {
            said.push((lang.words(Token::Hours(1))[..1].to_vec(), Parsed::One));
        }
        // Texts first, then clip keys: a word's text wins over a key spelled the same
        // (the word "Pause" over the key of the pause token).
        for (spoken, parsed) in &said {
            let text = crate::lang::join_words(spoken);
            phrases.entry(normalise(&text)).or_insert(*parsed);
        }
        for (spoken, parsed) in &said {
            if let [one] = spoken.as_slice() {
                phrases.entry(vec![one.key.to_owned()]).or_insert(*parsed);
            }
        }
        phrases.insert(vec![",".to_owned()], Parsed::Token(Token::Pause));
        let longest = phrases.keys().map(Vec::len).max().unwrap_or(1);

        let mut units: HashMap<String, Unit> = HashMap::new();
        let kinds: [(Unit, u32); 6] = [
            (Token::Hours, 1),
            (Token::Hours, 2),
            (Token::Minutes, 1),
            (Token::Minutes, 2),
            (Token::Seconds, 1),
            (Token::Seconds, 2),
        ];
        for (make, n) in kinds {
            let unit = *lang
                .words(make(n))
                .last()
                .expect("a quantity has a unit word");
            units.insert(unit.text.to_lowercase(), make);
            units.insert(unit.key.to_owned(), make);
        }
        PhraseIndex {
            phrases,
            units,
            longest,
        }
    }

    fn longest_match(&self, words: &[String]) -> Option<(Parsed, usize)> {
        if let Ok(n) = words[0].parse::<u32>() {
            return Some((Parsed::Token(Token::Number(n)), 1));
        }
        (1..=self.longest.min(words.len()))
            .rev()
            .find_map(|len| self.phrases.get(&words[..len]).map(|&parsed| (parsed, len)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{File, Rank, Role};

    #[test]
    fn every_language_has_the_same_keys() {
        let de: Vec<_> = clip_keys(Lang::De).into_iter().map(|k| k.key).collect();
        let mut en: Vec<_> = clip_keys(Lang::En).into_iter().map(|k| k.key).collect();
        let mut de_sorted = de.clone();
        de_sorted.sort();
        en.sort();
        // English has no feminine "eine" and no "ein" before hundreds.
        de_sorted.retain(|k| *k != "n1c" && *k != "n1f");
        assert_eq!(de_sorted, en);
    }

    #[test]
    fn keys_cover_every_word_and_composed_number_part() {
        let keys: Vec<_> = clip_keys(Lang::De).into_iter().map(|k| k.key).collect();
        for needed in [
            "w_yes",
            "p_knight",
            "f_h",
            "r8",
            "c_long",
            "n99",
            "n100",
            "n1000",
            "n1c",
            "n1f",
            "u_seconds",
            PAUSE_KEY,
        ] {
            assert!(keys.contains(&needed), "{needed}");
        }
        for word in Word::ALL {
            assert!(keys.contains(&word.key()), "{word:?}");
        }
    }

    #[test]
    fn typed_words_and_keys_become_tokens() {
        let knight_f3 = vec![
            Token::Piece(Role::Knight),
            Token::File(File::F),
            Token::Rank(Rank::Third),
        ];
        assert_eq!(
            parse_text(Lang::De, "Springer Felix drei").unwrap(),
            knight_f3
        );
        assert_eq!(parse_text(Lang::De, "p_knight f_f r3").unwrap(), knight_f3);
        assert_eq!(
            parse_text(Lang::En, "knight Felix three").unwrap(),
            knight_f3
        );
        assert_eq!(
            parse_text(Lang::De, "Kurze Rochade, Schach").unwrap(),
            vec![
                Token::Castle(CastlingSide::KingSide),
                Token::Pause,
                Token::Check
            ]
        );
        assert_eq!(
            parse_text(Lang::De, "welche Figur?").unwrap(),
            vec![Token::Word(Word::WhichPiece)]
        );
    }

    #[test]
    fn numbers_and_units_become_quantities() {
        assert_eq!(
            parse_text(Lang::De, "eine Stunde zwölf Minuten 30 Sekunden").unwrap(),
            vec![Token::Hours(1), Token::Minutes(12), Token::Seconds(30)]
        );
        assert_eq!(
            parse_text(Lang::En, "one minute").unwrap(),
            vec![Token::Minutes(1)]
        );
        assert_eq!(
            parse_text(Lang::De, "1999").unwrap(),
            vec![Token::Number(1999)]
        );
        assert_eq!(
            parse_text(Lang::De, "dreiundzwanzig").unwrap(),
            vec![Token::Number(23)]
        );
    }

    #[test]
    fn an_unknown_word_is_named_with_its_place() {
        let err = parse_text(Lang::De, "Springer Foo drei").unwrap_err();
        assert_eq!(
            err,
            UnknownWord {
                word: "foo".into(),
                position: 2
            }
        );
    }

    #[test]
    fn parsed_text_says_the_same_words() {
        for lang in Lang::ALL {
            for token in every_token() {
                let text = lang.text(&[token]);
                let parsed =
                    parse_text(lang, &text).unwrap_or_else(|e| panic!("{lang} {token:?}: {e}"));
                assert_eq!(
                    lang.text(&parsed).to_lowercase(),
                    text.to_lowercase(),
                    "{lang} {token:?}"
                );
            }
        }
    }
}
