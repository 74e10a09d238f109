//! The clip keys a voice must have, derived from the code's own vocabulary, and the reading
//! of typed words back into tokens (for `annexd say TEXT`).
//!
//! The key list is built by saying every shape of token there is (all [`Word`]s, pieces,
//! files, ranks, castles, numbers 0 … 9999, hours/minutes/seconds 0 … 200, sides, pause)
//! through [`Speech::push_words`] in both word sets, with the forms of agreeing words, so a
//! voice generated or checked from it covers every word the program can say, including rows
//! added to the word table later.

use std::collections::{HashMap, HashSet};

use shakmaty::{CastlingSide, Color, File, Rank, Role};

use crate::lang::Speech;
use crate::lang::{Lang, Spoken};
use crate::words::{Token, Word};

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

/// Every clip key a voice of a language needs for every word set, each once, in a stable
/// order (fixed words first, then words, then numbers and units; the Annex D words a voice
/// of another language borrows and the agreeing forms of words last).
pub fn clip_keys(lang: Lang) -> Vec<ClipKey> {
    clip_keys_of(
        crate::lang::WordSet::ALL
            .into_iter()
            .map(|words| Speech::new(lang, words)),
    )
}

/// Every clip key a voice needs to speak with one word set.
pub fn clip_keys_for(speech: Speech) -> Vec<ClipKey> {
    clip_keys_of(std::iter::once(speech))
}

fn clip_keys_of(speeches: impl Iterator<Item = Speech>) -> Vec<ClipKey> {
    let mut seen = HashSet::new();
    let mut keys = Vec::new();
    let mut words = Vec::new();
    let mut add = |word: &Spoken, keys: &mut Vec<ClipKey>| {
        if seen.insert(word.key) {
            keys.push(ClipKey {
                key: word.key,
                text: word.text,
            });
        }
    };
    for speech in speeches {
        for token in every_token() {
            words.clear();
            speech.push_words(token, &mut words);
            for word in &words {
                add(word, &mut keys);
            }
        }
        for agreeing in speech.lang.table().agreeing {
            for form in &agreeing.forms {
                add(form, &mut keys);
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

/// Reads typed text into tokens: known words and phrases of the language in either word set
/// (longest first; where the two sets read a word differently, as "three" is a number to the
/// Annex D set and a rank to English's own, the speech's set wins, so that the text is said
/// back as typed), clip keys, numbers in digits or words, and a number followed by a unit
/// word ("zwei Minuten" → two minutes). A comma is a pause.
pub fn parse_text(speech: impl Into<Speech>, text: &str) -> Result<Vec<Token>, UnknownWord> {
    let index = PhraseIndex::of(speech.into());
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
            Parsed::BeforeUnit(n) => tokens.push(Token::Number(n)),
        }
    }
    Ok(tokens)
}

/// What a phrase stands for.
#[derive(Debug, Clone, Copy)]
enum Parsed {
    Token(Token),
    /// A number in the form it takes before a unit ("eine", "vingt et une").
    BeforeUnit(u32),
}

/// The count a word gives before a unit: a number, or a word said like one (ranks are the
/// numbers one to eight, "null" is zero).
fn count_of(parsed: Parsed) -> Option<u32> {
    match parsed {
        Parsed::Token(Token::Number(n)) => Some(n),
        Parsed::Token(Token::Rank(rank)) => Some(rank as u32 + 1),
        Parsed::Token(Token::Word(Word::Zero)) => Some(0),
        Parsed::BeforeUnit(n) => Some(n),
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
    fn of(speech: Speech) -> &'static PhraseIndex {
        use std::sync::OnceLock;
        const SETS: usize = crate::lang::WordSet::ALL.len();
        static CACHE: [OnceLock<PhraseIndex>; Lang::ALL.len() * SETS] =
            [const { OnceLock::new() }; Lang::ALL.len() * SETS];
        CACHE[speech.lang.index() * SETS + speech.words as usize]
            .get_or_init(|| PhraseIndex::new(speech))
    }

    fn new(speech: Speech) -> Self {
        let lang = speech.lang;
        let mut phrases = HashMap::new();
        // The words of both word sets ("Springer" and "Cavalier" in French), the speech's own
        // first.
        let other = Speech::new(
            lang,
            match speech.words {
                crate::lang::WordSet::AnnexD => crate::lang::WordSet::Local,
                crate::lang::WordSet::Local => crate::lang::WordSet::AnnexD,
            },
        );
        let mut said: Vec<(Vec<Spoken>, Parsed)> = [speech, other]
            .into_iter()
            .flat_map(|speech| {
                every_token()
                    .filter(|t| {
                        !matches!(t, Token::Hours(_) | Token::Minutes(_) | Token::Seconds(_))
                    })
                    .map(move |token| (speech.words(token), Parsed::Token(token)))
            })
            .collect();
        // The forms of numbers before a unit ("eine", "vingt et une") and their keys.
        for n in 0..=MAX_QUANTITY {
            let mut quantity = lang.words(Token::Minutes(n));
            quantity.pop();
            if quantity != lang.words(Token::Number(n)) {
                said.push((quantity, Parsed::BeforeUnit(n)));
            }
        }
        // The forms of agreeing words ("touchée", "restantes").
        for agreeing in lang.table().agreeing {
            for form in agreeing.forms {
                said.push((vec![form], Parsed::Token(Token::Word(agreeing.word))));
            }
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
        // The keys of what every language says alike: without the forms some languages have
        // and others not ("eine", "ein" before hundreds, "vingt et une", "touchée").
        let common = |speech: Speech| -> Vec<&str> {
            let forms: Vec<&str> = speech
                .lang
                .table()
                .agreeing
                .iter()
                .flat_map(|a| a.forms.iter().map(|f| f.key))
                .filter(|k| !Word::ALL.iter().any(|w| w.key() == *k))
                .collect();
            let mut keys: Vec<_> = clip_keys_for(speech)
                .into_iter()
                .map(|k| k.key)
                .filter(|k| *k != "n1c" && !(k.starts_with('n') && k.ends_with('f')))
                .filter(|k| !forms.contains(k))
                .collect();
            keys.sort();
            keys
        };
        let german = common(Lang::De.speech());
        for speech in Speech::all() {
            assert_eq!(common(speech).len(), german.len(), "{speech}");
            let borrowed = common(speech)
                .iter()
                .filter(|k| k.starts_with("ad_"))
                .count();
            assert_eq!(borrowed, if speech.borrows_move_words() { 16 } else { 0 });
        }
        let local = |lang| common(Speech::new(lang, crate::lang::WordSet::Local));
        assert_eq!(local(Lang::En), german);
        assert_eq!(local(Lang::Fr), german);
        // A voice needs the keys of both word sets.
        for lang in [Lang::En, Lang::Fr] {
            let all: Vec<_> = clip_keys(lang).into_iter().map(|k| k.key).collect();
            for key in [
                "ad_p_knight",
                "p_knight",
                "ad_r3",
                "r3",
                "ad_c_long",
                "c_long",
            ] {
                assert!(all.contains(&key), "{lang} {key}");
            }
        }
        let french: Vec<_> = clip_keys(Lang::Fr).into_iter().map(|k| k.key).collect();
        for key in ["n21f", "n1f", "w_touched_f", "w_remaining_fp", "w_used_f"] {
            assert!(french.contains(&key), "{key}");
        }
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
        let local = |lang| Speech::new(lang, crate::lang::WordSet::Local);
        assert_eq!(
            parse_text(local(Lang::En), "knight Felix three").unwrap(),
            knight_f3
        );
        assert_eq!(
            parse_text(Lang::En, "Springer Felix drei").unwrap(),
            knight_f3
        );
        assert_eq!(
            parse_text(local(Lang::Fr), "Cavalier Felix trois").unwrap(),
            knight_f3
        );
        // The other word set's words are read too; a word both read (here "trois", a number
        // to the Annex D set) as the speech's own.
        assert_eq!(
            parse_text(Lang::Fr, "Cavalier Felix drei").unwrap(),
            knight_f3
        );
        assert_eq!(
            parse_text(Lang::Fr, "Cavalier Felix trois").unwrap()[2],
            Token::Number(3)
        );
        assert_eq!(
            parse_text(Lang::Fr, "ad_p_knight f_f ad_r3").unwrap(),
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
            parse_text(Lang::Fr, "une heure vingt et une minutes, restantes").unwrap(),
            vec![
                Token::Hours(1),
                Token::Minutes(21),
                Token::Pause,
                Token::Word(Word::Remaining)
            ]
        );
        assert_eq!(
            parse_text(Lang::Fr, "deux cents").unwrap(),
            vec![Token::Number(200)]
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
        for speech in Speech::all() {
            for token in every_token() {
                let text = speech.text(&[token]);
                let parsed =
                    parse_text(speech, &text).unwrap_or_else(|e| panic!("{speech} {token:?}: {e}"));
                assert_eq!(
                    speech.text(&parsed).to_lowercase(),
                    text.to_lowercase(),
                    "{speech} {token:?}"
                );
            }
        }
    }
}
