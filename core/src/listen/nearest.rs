//! A transcript's nearest legal move, letter by letter.
//!
//! A recogniser that writes what it heard (Whisper) spells a word it does not place as it
//! sounded, and cuts or glues words where it likes: "Dreie" for "drei", "Hektorf und" for
//! "Hector fünf", "Dreschlägt" for "drei schlägt". The word by word matcher asks or gives up
//! on such a transcript. Here the transcript and every phrase of the position are compared
//! as letters without spaces, and the nearest legal move is played only when
//!
//! - the transcript is one of its phrases letter for letter and every other meaning is at
//!   least [`EXACT_MARGIN_LETTERS`] letters away ("Turm Anna zwei" where "Turm Anna drei" is
//!   legal too: a transcript writes the word it heard), or
//! - it is near (at most [`NEAR_SHARE`] of its letters differ) and nearer than any other
//!   meaning (another move, a command) by at least [`MARGIN_LETTERS`] letters,
//!
//! and the words, read as a move, do not name an illegal one (a player who said an illegal
//! move hears why, never a legal move near it). The numbers were chosen on the transcripts
//! of `core/tests/data/whisper_seed*.jsonl` (real Whisper output for voices saying
//! random legal moves), on which no other move than the one said is ever played.

use super::lexicon::{Lexicon, WordRole};
use super::phrases::{Need, PhraseSet};

/// The largest share of the nearest phrase's letters that may differ.
pub const NEAR_SHARE: f32 = 0.3;
/// The least number of letters by which the nearest meaning must be nearer than the next.
pub const MARGIN_LETTERS: usize = 3;
/// The same when the transcript is a phrase letter for letter ("zwei" and "drei" differ by
/// two).
pub const EXACT_MARGIN_LETTERS: usize = 2;
/// What an alternative after the recogniser's best adds to its distances, in letters.
pub const LATER_ALTERNATIVE: usize = 1;
/// What a later alternative adds to its distances per unit of log-likelihood (a factor e)
/// it trails the best one by.
pub const LETTERS_PER_UNIT: f32 = 0.5;

/// What the comparison found: the nearest meaning, how far it and the next one are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Nearest {
    /// Its index in [`PhraseSet::candidates`].
    pub target: usize,
    /// Letters that differ between the transcript and its nearest phrase.
    pub distance: usize,
    /// The letters of that phrase.
    pub length: usize,
    /// The distance of the next nearest other meaning.
    pub runner_up: usize,
    /// Whether every alternative near a meaning is nearest to this one (where they name
    /// different moves, none is clear).
    pub agreed: bool,
}

impl Nearest {
    /// True when it is exact or near, and clearly nearer than any other meaning.
    pub fn is_clear(&self) -> bool {
        let margin = self.runner_up.saturating_sub(self.distance);
        if !self.agreed {
            return false;
        }
        if self.distance == 0 {
            return margin >= EXACT_MARGIN_LETTERS;
        }
        self.distance as f32 <= NEAR_SHARE * self.length as f32 && margin >= MARGIN_LETTERS
    }
}

/// The nearest meaning among the phrases of `set` to any of the transcript's alternatives
/// (`letters`, each written as letters), with its runner-up. A meaning is as near as its
/// nearest phrase to its nearest alternative: where the alternatives disagree (one writes
/// "F3", another "Eva drei"), each meaning they name is near and none is clear.
pub fn nearest(lexicon: &Lexicon, set: &PhraseSet, letters: &[(String, f32)]) -> Option<Nearest> {
    let heard: Vec<Pattern> = letters.iter().map(|(l, _)| Pattern::new(l)).collect();
    // What each alternative adds to its distances: nothing for the best; for a later one a
    // letter, and one for each unit of log-likelihood it trails the best by.
    let penalty: Vec<usize> = letters
        .iter()
        .enumerate()
        .map(|(i, (_, gap))| {
            if i == 0 {
                0
            } else {
                LATER_ALTERNATIVE + (gap * LETTERS_PER_UNIT) as usize
            }
        })
        .collect();
    // For each alternative, each meaning's distance and the length of its nearest phrase.
    let mut each: Vec<Vec<(usize, usize)>> =
        vec![vec![(usize::MAX, 0); set.candidates.len()]; heard.len()];
    let mut written: Vec<char> = Vec::new();
    for phrase in &set.phrases {
        // The phrase with its optional words, and without them where it has any.
        let has_optional = phrase.words.iter().any(|w| w.need == Need::Optional);
        for with_optional in [true, false] {
            if !with_optional && !has_optional {
                break;
            }
            written.clear();
            written.extend(
                phrase
                    .words
                    .iter()
                    .filter(|w| with_optional || w.need != Need::Optional)
                    .flat_map(|w| spelling(lexicon, w.word).chars()),
            );
            for (alternative, h) in heard.iter().enumerate() {
                let distance = h.distance(&written);
                let entry = &mut each[alternative][phrase.target];
                if distance < entry.0 {
                    *entry = (distance, written.len());
                }
            }
        }
    }
    // Over all alternatives, one after the best counting one letter more (the best decides
    // a tie).
    let combined: Vec<(usize, usize)> = (0..set.candidates.len())
        .map(|c| {
            each.iter()
                .enumerate()
                .map(|(i, row)| (row[c].0.saturating_add(penalty[i]), row[c].1))
                .min()
                .unwrap_or((usize::MAX, 0))
        })
        .collect();
    let (target, &(distance, length)) = combined
        .iter()
        .enumerate()
        .min_by_key(|(i, (d, _))| (*d, *i))?;
    let runner_up = combined
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != target)
        .map(|(_, (d, _))| *d)
        .min()
        .unwrap_or(usize::MAX);
    // Every alternative that is near a meaning must be nearest to this one.
    let agreed = each.iter().all(|row| {
        let Some((own, &(d, len))) = row.iter().enumerate().min_by_key(|(i, (d, _))| (*d, *i))
        else {
            return true;
        };
        own == target || d as f32 > NEAR_SHARE * len as f32
    });
    Some(Nearest {
        target,
        distance,
        length,
        runner_up,
        agreed,
    })
}

/// The first spelling of a word, as the matcher folds heard words.
pub fn spelling(lexicon: &Lexicon, word: super::lexicon::WordId) -> &str {
    let entry = lexicon.word(word);
    entry
        .spellings
        .first()
        .map(String::as_str)
        .unwrap_or(entry.text)
}

/// The letters of a word the lexicon does not know: its letters as written, and for each
/// other sign (a digit that is no rank, "9" or "0") a stand-in as long as a word, which
/// matches no letter ("9" may stand for "knight": it must not be one letter away from
/// nothing).
pub fn unknown_letters(word: &str) -> String {
    word.chars()
        .flat_map(|c| {
            let stand_in = !c.is_alphabetic();
            let n = if stand_in { SIGN_LETTERS } else { 1 };
            std::iter::repeat_n(if stand_in { '#' } else { c }, n)
        })
        .collect()
}

/// How many letters a sign that is not a letter stands for.
const SIGN_LETTERS: usize = 4;

/// True for the words a transcript may hold that mean nothing for the move ("nach").
pub fn is_filler(lexicon: &Lexicon, word: super::lexicon::WordId) -> bool {
    lexicon.word(word).role == WordRole::Filler
}

/// A transcript's letters made ready to be compared with many phrases: for each letter, the
/// places it holds, as bits (Myers' bit-parallel edit distance, in Hyyrö's form), so that a
/// comparison costs one step a letter of the phrase instead of one a pair of letters. Exactly
/// [`levenshtein`]'s distance; a transcript longer than a machine word is compared letter by
/// letter.
pub(crate) struct Pattern {
    letters: Vec<char>,
    /// The places of each ASCII letter, by its code.
    ascii: [u64; 128],
    /// The places of each other letter ("ä", "é").
    other: Vec<(char, u64)>,
}

impl Pattern {
    pub(crate) fn new(text: &str) -> Pattern {
        let letters: Vec<char> = text.chars().collect();
        let mut pattern = Pattern {
            letters,
            ascii: [0; 128],
            other: Vec::new(),
        };
        if pattern.letters.len() <= 64 {
            for (i, &c) in pattern.letters.iter().enumerate() {
                let bit = 1u64 << i;
                if c.is_ascii() {
                    pattern.ascii[c as usize] |= bit;
                } else if let Some(entry) = pattern.other.iter_mut().find(|(o, _)| *o == c) {
                    entry.1 |= bit;
                } else {
                    pattern.other.push((c, bit));
                }
            }
        }
        pattern
    }

    fn places(&self, c: char) -> u64 {
        if c.is_ascii() {
            self.ascii[c as usize]
        } else {
            self.other
                .iter()
                .find(|(o, _)| *o == c)
                .map_or(0, |&(_, bits)| bits)
        }
    }

    /// The edit distance between these letters and `text`'s.
    pub(crate) fn distance(&self, text: &[char]) -> usize {
        let m = self.letters.len();
        if m > 64 {
            return levenshtein(&self.letters, text);
        }
        if m == 0 {
            return text.len();
        }
        let last = 1u64 << (m - 1);
        // The vertical differences of the current column, +1 and -1, as bits.
        let (mut plus, mut minus) = (!0u64, 0u64);
        let mut score = m;
        for &c in text {
            let equal = self.places(c);
            let xv = equal | minus;
            let xh = ((equal & plus).wrapping_add(plus) ^ plus) | equal;
            let mut h_plus = minus | !(xh | plus);
            let mut h_minus = plus & xh;
            if h_plus & last != 0 {
                score += 1;
            } else if h_minus & last != 0 {
                score -= 1;
            }
            // The top row grows by one a letter of `text`: a +1 comes in at the bottom.
            h_plus = (h_plus << 1) | 1;
            h_minus <<= 1;
            plus = h_minus | !(xv | h_plus);
            minus = h_plus & xv;
        }
        score
    }
}

/// The edit distance between two strings of letters.
pub(crate) fn levenshtein(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_differ_by_the_edit_distance() {
        let chars = |s: &str| s.chars().collect::<Vec<_>>();
        assert_eq!(levenshtein(&chars("dreie"), &chars("drei")), 1);
        assert_eq!(levenshtein(&chars("turm"), &chars("tun")), 2);
        assert_eq!(levenshtein(&chars(""), &chars("acht")), 4);
        assert_eq!(unknown_letters("9"), "####");
        assert_eq!(unknown_letters("dreie"), "dreie");
    }

    proptest::proptest! {
        /// The bit-parallel distance is the edit distance, on letters drawn from few (so
        /// that they repeat), with letters beyond ASCII, and past a machine word's length.
        #[test]
        fn the_bit_parallel_distance_is_the_edit_distance(
            a in "[abcä#é]{0,70}",
            b in "[abcä#é]{0,70}",
        ) {
            let chars = |s: &str| s.chars().collect::<Vec<_>>();
            proptest::prop_assert_eq!(
                Pattern::new(&a).distance(&chars(&b)),
                levenshtein(&chars(&a), &chars(&b))
            );
        }
    }

    #[test]
    fn a_clear_nearest_is_near_and_ahead() {
        let near = |distance, runner_up| Nearest {
            target: 0,
            distance,
            length: 20,
            runner_up,
            agreed: true,
        };
        assert!(near(2, 5).is_clear());
        assert!(!near(2, 4).is_clear(), "2 letters ahead is not clear");
        assert!(!near(7, 20).is_clear(), "7 of 20 letters wrong is too far");
        assert!(
            near(0, 2).is_clear(),
            "exact, and 2 letters ahead: zwei, not drei"
        );
        assert!(!near(0, 1).is_clear());
        let disputed = Nearest {
            agreed: false,
            ..near(0, 10)
        };
        assert!(!disputed.is_clear(), "alternatives naming other moves");
    }
}
