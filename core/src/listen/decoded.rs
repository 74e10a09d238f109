//! What a recogniser that searched inside the grammar found in one utterance, and what of it
//! is taken as heard: the phrases found with their likelihoods, the recogniser's own text
//! outside the grammar beside them, its probability that nobody spoke; and the
//! [`Thresholds`] that turn those figures into [`Heard`] alternatives.
//!
//! Kept apart from the recogniser so that the decisions are pure: the benchmark records the
//! figures of thousands of utterances once and chooses the thresholds on some voices and
//! conditions while reporting on the others, and the tests replay recorded utterances of
//! every kind of miss without the model.
//!
//! - Nothing at all found, or Whisper's probability that nobody spoke above
//!   [`Thresholds::no_speech`]: nothing heard.
//! - The best phrase unlikely in itself (its log-likelihood per word below
//!   [`Thresholds::least`]) unless the recogniser's own text agrees with it, or the
//!   recogniser's own text likelier per word by more than [`Thresholds::outside`]: the speech
//!   was no phrase ([`HeardFrom::Outside`]; no move or command is taken from it, and in
//!   always-on mode nothing is said).
//! - **Agreement**: the recogniser's own text, written with no grammar, agrees with the best
//!   phrase when at most [`AGREEMENT`] of their letters differ where they differ (the words
//!   both begin and end with alike left out: [`where_apart`]; "Remy Anbieten" for "Remis
//!   anbieten", "Ablinen" for "Ablehnen"). A sentence that shares a phrase's first words
//!   does not agree with it for those: "Wo ist die Toilette" is as far from "Wo ist die
//!   Läufer" as "Toilette" from "Läufer", "Take it easy" from "Take it back" as "easy" from
//!   "back". Two ways of hearing that come to the same words
//!   are evidence the grammar's search alone is not: such a phrase is taken down to
//!   [`Thresholds::agreed_least`] a word. Noise drawn into the grammar ("Ja" for a burst of
//!   noise, Whisper writing "der") has no such agreement; short phrases, which noise and an
//!   unclear voice are drawn to most, need it most.
//! - **Castling** needs more: a phrase that names it ([`names_castling`]) is taken without the
//!   recogniser's own text agreeing only above [`Thresholds::castling_least`] a word. It is
//!   two or three long words whose later pieces are nearly certain once the first is
//!   written, so the grammar's search finds it at -2.1 to -2.5 a word for other moves said
//!   unclearly ("Lange Rochade" for "Turm Anna acht", MBROLA fr1) and for sentences ("lire
//!   les messages"): in the opening of a game that would castle.
//! - Otherwise the phrases, likeliest per word first ([`Written::per_word`]), with their
//!   log-likelihood per word times [`Thresholds::scale`] (times
//!   [`Thresholds::agreed_scale`] when the recogniser's own text is the best phrase letter
//!   for letter: what the grammar's search found behind it, Whisper itself did not prefer;
//!   the nearer the text, the more of that factor: falling in a straight line to 1 at
//!   [`Thresholds::agreed_reach`] of the letters apart, "Torfen Felix drei" for "Turm Felix
//!   drei"), as [`HeardFrom::Searched`]: the
//!   matcher weighs a phrase that trails the best by one unit as a quarter of a wrong word
//!   (`ALTERNATIVE_WEIGHT`), so a move is played only when every phrase meaning something
//!   else trails it by `4 / scale` per word; a meaning none of the phrases says trails as
//!   far as the last of them (the search weighed it and found it less likely), however alike
//!   its words sound.

use serde::{Deserialize, Serialize};

use super::heard::{Heard, HeardFrom};
use super::lexicon::{Lexicon, WordRole};
use super::nearest::levenshtein;
use crate::lang::Lang;

/// The largest share of letters in which the recogniser's own text may differ from the best
/// phrase and still agree with it: the share at which the matcher counts a word written
/// half wrong as worth a question (`cost::UNKNOWN_LEAST` up to a whole wrong word).
pub const AGREEMENT: f32 = 0.5;

/// The share of letters in which two texts differ (letters and digits only, lower case;
/// 0 the same, 1 nothing in common).
pub fn letters_apart(a: &str, b: &str) -> f32 {
    let (a, b): (Vec<char>, Vec<char>) = (letters(a).collect(), letters(b).collect());
    levenshtein(&a, &b) as f32 / a.len().max(b.len()).max(1) as f32
}

/// The share of letters in which two texts differ where they differ: the words the two
/// begin and end with alike left out of both ("Wo ist die Toilette" and "Wo ist die Läufer"
/// are as far apart as "Toilette" and "Läufer").
pub fn where_apart(a: &str, b: &str) -> f32 {
    let words = |t: &str| -> Vec<String> {
        t.split_whitespace()
            .map(|w| letters(w).collect::<String>())
            .filter(|w| !w.is_empty())
            .collect()
    };
    let (a, b) = (words(a), words(b));
    let front = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let back = a[front..]
        .iter()
        .rev()
        .zip(b[front..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let rest = |w: &[String]| w[front..w.len() - back].concat();
    letters_apart(&rest(&a), &rest(&b))
}

/// True when `text` names castling: one of its words is a castling word ("Rochade",
/// "castling", "roque", "kurze", "long", …) of any language, since both word sets are heard
/// in every language.
pub fn names_castling(text: &str) -> bool {
    text.split_whitespace().any(|word| {
        Lang::ALL.into_iter().any(|lang| {
            let lexicon = Lexicon::get(lang);
            lexicon
                .lookup(word)
                .is_some_and(|id| lexicon.word(id).role == WordRole::Castling)
        })
    })
}

/// A text's letters and digits, lower case: what [`letters_apart`] compares.
fn letters(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars()
        .flat_map(char::to_lowercase)
        .filter(|c| c.is_alphanumeric())
}

/// A text the recogniser wrote, with its log-likelihood and its number of tokens (its end
/// included).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Written {
    /// The text.
    pub text: String,
    /// Its log-likelihood.
    pub score: f32,
    /// Its tokens.
    pub tokens: usize,
}

impl Written {
    /// Its log-likelihood per word, its end counted as one: the measure phrases are compared
    /// by. Per token, a phrase of long words would be preferred (a word's later pieces are
    /// nearly certain once its first is written: "Lange Rochade" over any move in noise);
    /// in total, a short phrase ("Turm" for "Turm Eva sechs").
    pub fn per_word(&self) -> f32 {
        self.score / (self.text.split_whitespace().count() + 1) as f32
    }
}

/// The figures of one utterance decoded inside the grammar.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GrammarDecode {
    /// The phrases found, likeliest first.
    pub phrases: Vec<Written>,
    /// The recogniser's own likeliest text outside the grammar, over as many steps as the
    /// search took.
    pub free: Written,
    /// The recogniser's probability that nobody spoke.
    pub no_speech: f32,
    /// How many steps (tokens for every live hypothesis at once) the search took.
    #[serde(default)]
    pub steps: usize,
}

/// The numbers that turn a [`GrammarDecode`] into what was heard (see the module).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    /// How much likelier per word (log-likelihood) the recogniser's own text may be than the
    /// best phrase before the speech counts as outside the grammar.
    pub outside: f32,
    /// The least log-likelihood per word of a phrase taken as heard.
    pub least: f32,
    /// The least log-likelihood per word of a phrase the recogniser's own text agrees with
    /// (see the module): below [`Thresholds::least`].
    pub agreed_least: f32,
    /// The least log-likelihood per word of a phrase that names castling when the
    /// recogniser's own text does not agree with it (the stricter of this and
    /// [`Thresholds::least`]; see the module).
    pub castling_least: f32,
    /// The probability that nobody spoke above which nothing is heard.
    pub no_speech: f32,
    /// What the phrases' log-likelihoods per word are multiplied by for the matcher.
    pub scale: f32,
    /// What [`Thresholds::scale`] is multiplied by when the recogniser's own text is the best
    /// phrase letter for letter (see the module).
    pub agreed_scale: f32,
    /// The share of letters apart at which that factor has fallen to 1, in a straight line
    /// from [`Thresholds::agreed_scale`] at none apart (0: only letter for letter).
    pub agreed_reach: f32,
    /// How many phrases the matcher is given.
    pub alternatives: usize,
}

impl Thresholds {
    /// The thresholds in use: the ones of the accuracy benchmark's grid that got the most
    /// utterances right with no wrong one over all its voices and conditions (1 465
    /// utterances, seed 28; the held-out figures, each voice decided with the thresholds
    /// chosen on the others, are in docs/benchmarks.md).
    pub const CHOSEN: Thresholds = Thresholds {
        outside: 6.0,
        least: -2.5,
        agreed_least: -6.0,
        castling_least: -2.25,
        no_speech: 0.3,
        scale: 2.0,
        agreed_scale: 6.0,
        agreed_reach: 0.5,
        alternatives: 5,
    };
}

/// What the figures say before the matcher: nothing, speech outside the grammar, or phrases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Nobody spoke.
    Nothing,
    /// Speech, but no phrase.
    Outside,
    /// Phrases of the grammar.
    Phrases,
}

impl GrammarDecode {
    /// The phrases likeliest per word first.
    fn ranked(&self) -> Vec<&Written> {
        let mut ranked: Vec<&Written> = self.phrases.iter().collect();
        ranked.sort_by(|a, b| b.per_word().total_cmp(&a.per_word()));
        ranked
    }

    /// True when the recogniser's own text agrees with the best phrase (see the module).
    pub fn agrees(&self) -> bool {
        self.ranked()
            .first()
            .is_some_and(|best| where_apart(&self.free.text, &best.text) <= AGREEMENT)
    }

    /// The share of letters in which the recogniser's own text differs from the best phrase.
    fn free_apart(&self) -> Option<f32> {
        self.ranked()
            .first()
            .map(|best| letters_apart(&self.free.text, &best.text))
    }

    /// What the scale is multiplied by for how near the recogniser's own text is to the best
    /// phrase: [`Thresholds::agreed_scale`] letter for letter, falling in a straight line to
    /// 1 at [`Thresholds::agreed_reach`] of the letters apart.
    /// A text with a word more or fewer is not near, however few its letters: "Fou Bella
    /// Cesar" leaves out the rank of "Fou Bella Cesar 6".
    fn agreed_factor(&self, thresholds: &Thresholds) -> f32 {
        let words = |text: &str| text.split_whitespace().count();
        let same_words = self
            .ranked()
            .first()
            .is_some_and(|best| words(&best.text) == words(&self.free.text));
        match self.free_apart() {
            Some(0.0) => thresholds.agreed_scale,
            Some(apart) if same_words && apart < thresholds.agreed_reach => {
                let nearness = 1.0 - apart / thresholds.agreed_reach;
                1.0 + (thresholds.agreed_scale - 1.0) * nearness
            }
            _ => 1.0,
        }
    }

    /// Nothing, outside or phrases, under `thresholds`.
    pub fn verdict(&self, thresholds: &Thresholds) -> Verdict {
        let Some(best_phrase) = self.ranked().first().copied() else {
            return Verdict::Nothing;
        };
        if self.no_speech > thresholds.no_speech {
            return Verdict::Nothing;
        }
        let best = best_phrase.per_word();
        // (Whether the phrase names castling matters only below the castling least.)
        let least = if best < thresholds.castling_least && names_castling(&best_phrase.text) {
            thresholds.least.max(thresholds.castling_least)
        } else {
            thresholds.least
        };
        if best < self.free.per_word() - thresholds.outside
            || (best < least && !(best >= thresholds.agreed_least && self.agrees()))
        {
            Verdict::Outside
        } else {
            Verdict::Phrases
        }
    }

    /// What was heard, under `thresholds`.
    pub fn heard(&self, thresholds: &Thresholds) -> Heard {
        match self.verdict(thresholds) {
            Verdict::Nothing => Heard::default(),
            Verdict::Outside => Heard {
                alternatives: vec![(self.free.text.clone(), self.free.score)],
                from: HeardFrom::Outside,
                own_voice: None,
            },
            Verdict::Phrases => {
                let scale = thresholds.scale * self.agreed_factor(thresholds);
                Heard {
                    alternatives: self
                        .ranked()
                        .into_iter()
                        .take(thresholds.alternatives)
                        .map(|p| (p.text.clone(), p.per_word() * scale))
                        .collect(),
                    from: HeardFrom::Searched {
                        agreed: self.agrees(),
                    },
                    own_voice: None,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(text: &str, score: f32, tokens: usize) -> Written {
        Written {
            text: text.into(),
            score,
            tokens,
        }
    }

    #[test]
    fn castling_is_named_in_every_language_and_word_set_and_no_command_names_it() {
        use crate::lang::{Speech, WordSet};
        use crate::words::Token;
        use shakmaty::CastlingSide;
        for lang in Lang::ALL {
            for set in WordSet::ALL {
                let speech = Speech::new(lang, set);
                for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                    let said = speech.text(&[Token::Castle(side)]);
                    assert!(names_castling(&said), "{lang:?} {set:?}: {said}");
                }
                for (command, words) in crate::command::spoken(lang) {
                    let said = crate::command::spoken_text(speech, &words);
                    assert!(!names_castling(&said), "{command:?}: {said}");
                }
            }
        }
        for move_phrase in [
            "Turm Anna acht",
            "knight takes Felix six",
            "Dame Bella acht",
        ] {
            assert!(!names_castling(move_phrase), "{move_phrase}");
        }
    }

    /// Castling phrases are what noise and unclear speech are drawn to most: two or three
    /// long words whose later pieces are nearly certain once the first is written. Without
    /// the recogniser's own text agreeing, one is taken only above
    /// [`Thresholds::castling_least`] a word.
    #[test]
    fn a_castling_phrase_needs_more_than_another_phrase_unless_whispers_text_agrees() {
        let t = Thresholds::CHOSEN;
        // "Turm Anna acht" said by MBROLA fr1 (round 4): the grammar's search found "Lange
        // Rochade" at -2.43 a word, Whisper wrote "Dür me nast".
        let magnet = GrammarDecode {
            phrases: vec![
                written("Lange Rochade", -7.29, 6),
                written("Turm", -12.2, 3),
            ],
            free: written("Dür me nast", -5.1, 6),
            no_speech: 0.01,
            steps: 7,
        };
        assert_eq!(magnet.verdict(&t), Verdict::Outside);
        // The same likelihood for a move with squares is taken.
        let square = GrammarDecode {
            phrases: vec![written("Turm Anna acht", -9.72, 5)],
            ..magnet.clone()
        };
        assert_eq!(square.verdict(&t), Verdict::Phrases);
        // Castling said and written so by Whisper too: taken far lower.
        let agreed = GrammarDecode {
            phrases: vec![written("Lange Rochade", -9.0, 6)],
            free: written("Lange Rochade", -9.0, 6),
            ..magnet.clone()
        };
        assert_eq!(agreed.verdict(&t), Verdict::Phrases);
        // Castling said clearly, Whisper's text far off: taken above the castling least.
        let clear = GrammarDecode {
            phrases: vec![written("Kurze Rochade", -4.3, 6)],
            free: written("Kozuru Kade", -4.6, 6),
            ..magnet
        };
        assert_eq!(clear.verdict(&t), Verdict::Phrases);
    }

    #[test]
    fn phrases_noise_and_speech_outside_the_grammar() {
        let t = Thresholds::CHOSEN;
        let decode = GrammarDecode {
            phrases: vec![
                written("Turm", -8.8, 3),
                written("Springer Felix drei", -0.5, 6),
                written("Springer Felix II", -7.4, 6),
            ],
            free: written("Springer Felix drei", -0.6, 6),
            no_speech: 0.01,
            steps: 7,
        };
        // Likeliest per word first: the short phrase is not preferred for being short.
        let heard = decode.heard(&t);
        assert_eq!(heard.from, HeardFrom::Searched { agreed: true });
        assert_eq!(heard.best_text(), "Springer Felix drei");
        assert_eq!(heard.sorted()[1].0, "Springer Felix II");
        assert_eq!(heard.alternatives.len(), 3);
        // Whisper's own text far likelier than any phrase: outside the grammar.
        let outside = GrammarDecode {
            phrases: vec![written("Läufer", -9.5, 5)],
            free: written("Entschuldigung, wo ist die Toil", -0.9, 10),
            no_speech: 0.0,
            steps: 10,
        };
        let heard = outside.heard(&t);
        assert_eq!(heard.from, HeardFrom::Outside);
        assert_eq!(heard.best_text(), "Entschuldigung, wo ist die Toil");
        // A phrase unlikely in itself is no phrase either, even when Whisper's own text is
        // as poor (noise).
        let noise = GrammarDecode {
            phrases: vec![written("Ja", -7.4, 2)],
            free: written("der", -4.6, 2),
            no_speech: 0.1,
            steps: 3,
        };
        assert_eq!(noise.verdict(&t), Verdict::Outside);
        // Nobody spoke: nothing.
        let silent = GrammarDecode {
            no_speech: 0.9,
            ..noise.clone()
        };
        assert!(silent.heard(&t).is_silence());
        let nothing = GrammarDecode {
            phrases: vec![],
            free: written("", 0.0, 0),
            no_speech: 0.0,
            steps: 0,
        };
        assert!(nothing.heard(&t).is_silence());
    }

    #[test]
    fn a_sentence_that_begins_as_a_phrase_does_not_agree_with_it() {
        // Said "wo ist die Toilette": the search, held to the grammar, ends the phrase "wo ist
        // die" with a piece; Whisper's own text is the sentence. Over all their letters the
        // two are near (the first three words alike), where they differ they are not.
        assert!(letters_apart("Wo ist die Toilette?", "Wo ist die Läufer") <= AGREEMENT);
        assert!(where_apart("Wo ist die Toilette?", "Wo ist die Läufer") > AGREEMENT);
        assert!(where_apart("Take it easy", "Take it back") > AGREEMENT);
        let sentence = GrammarDecode {
            phrases: vec![written("Wo ist die Läufer", -14.0, 7)],
            free: written("Wo ist die Toilette?", -1.2, 7),
            no_speech: 0.01,
            steps: 8,
        };
        assert!(!sentence.agrees());
        assert_eq!(sentence.verdict(&Thresholds::CHOSEN), Verdict::Outside);
        // A phrase written half wrong where it differs still agrees ("Remy" for "Remis"), and
        // the same words, case and signs aside, are no letters apart.
        assert!(where_apart("Remy Anbieten", "Remis Anbieten") <= AGREEMENT);
        assert_eq!(
            where_apart("wo ist der weiße König?", "Wo ist der weiße König"),
            0.0
        );
        assert_eq!(where_apart("", ""), 0.0);
        // A word more or fewer: the words it adds are where the two differ.
        assert!(where_apart("Fou Bella Cesar", "Fou Bella Cesar 6") > AGREEMENT);
    }

    #[test]
    fn a_phrase_heard_poorly_is_taken_when_the_free_text_agrees_with_it() {
        let t = Thresholds::CHOSEN;
        // "Remis anbieten" said by a voice Whisper writes "Remy Anbieten": the phrase is
        // unlikely a word in itself, but the two ways of hearing agree (2 letters of 13).
        let agreed = GrammarDecode {
            phrases: vec![
                written("Remis Anbieten", -11.3, 6),
                written("Remis", -14.0, 3),
            ],
            free: written("Remy Anbieten", -3.5, 5),
            no_speech: 0.01,
            steps: 6,
        };
        assert!(agreed.agrees());
        assert!(agreed.ranked()[0].per_word() < t.least);
        assert_eq!(agreed.verdict(&t), Verdict::Phrases);
        assert_eq!(agreed.heard(&t).best_text(), "Remis Anbieten");
        // Far below even the agreed least: outside.
        let far = GrammarDecode {
            phrases: vec![written("Remis Anbieten", -25.0, 6)],
            ..agreed.clone()
        };
        assert_eq!(far.verdict(&t), Verdict::Outside);
        // Noise drawn to "Ja" as likely a word, with Whisper's own text something else: no
        // agreement, outside.
        let noise = GrammarDecode {
            phrases: vec![written("Ja", -5.2, 2), written("Lange Rochade", -13.2, 4)],
            free: written("Die Auton", -7.9, 4),
            no_speech: 0.04,
            steps: 4,
        };
        assert!(!noise.agrees());
        assert_eq!(noise.verdict(&t), Verdict::Outside);
        // Whisper's own text the best phrase letter for letter: the margins count
        // `agreed_scale` times as much; written otherwise (with no reach), `scale` alone.
        let same = GrammarDecode {
            phrases: vec![
                written("Dame Felix vier Gustav drei", -0.8, 7),
                written("Dame Felix vier Gustav vier", -11.0, 7),
            ],
            free: written("Dame Felix vier Gustav drei", -0.8, 7),
            no_speech: 0.0,
            steps: 7,
        };
        let gap = |heard: Heard| {
            let sorted = heard.sorted();
            sorted[0].1 - sorted[1].1
        };
        let per_word_gap = (11.0 - 0.8) / 6.0;
        assert!((gap(same.heard(&t)) - per_word_gap * t.scale * t.agreed_scale).abs() < 1e-4);
        let other = GrammarDecode {
            free: written("Dame Felix vier Gustav Drey", -0.9, 7),
            ..same.clone()
        };
        let exact_only = Thresholds {
            agreed_reach: 0.0,
            ..t
        };
        assert!(
            (gap(same.heard(&exact_only)) - per_word_gap * t.scale * t.agreed_scale).abs() < 1e-4
        );
        assert!((gap(other.heard(&exact_only)) - per_word_gap * t.scale).abs() < 1e-4);
        // A word left out is not near, however few its letters.
        let shorter = GrammarDecode {
            free: written("Dame Felix vier Gustav", -0.9, 6),
            ..same.clone()
        };
        assert!(letters_apart(&shorter.free.text, "Dame Felix vier Gustav drei") < 0.2);
        assert!((gap(shorter.heard(&t)) - per_word_gap * t.scale).abs() < 1e-4);
        // Graded: near letter for letter counts nearly `agreed_scale` times, half way to
        // `agreed_reach` half as much more, and from there on `scale` alone.
        let graded = Thresholds {
            agreed_scale: 3.0,
            agreed_reach: 0.4,
            ..t
        };
        let apart = letters_apart(&other.free.text, "Dame Felix vier Gustav drei");
        let factor = 1.0 + 2.0 * (1.0 - apart / 0.4);
        assert!(apart > 0.0 && apart < 0.1 && factor > 2.5);
        assert!((gap(other.heard(&graded)) - per_word_gap * t.scale * factor).abs() < 1e-4);
        assert!((gap(same.heard(&graded)) - per_word_gap * t.scale * 3.0).abs() < 1e-4);
        let half = GrammarDecode {
            // 5 of 23 letters apart: about half way to 0.4.
            free: written("Dame Felix vier Gusta fünf", -0.9, 7),
            ..same.clone()
        };
        let apart = letters_apart(&half.free.text, "Dame Felix vier Gustav drei");
        assert!((apart - 5.0 / 23.0).abs() < 1e-6);
        let factor = 1.0 + 2.0 * (1.0 - apart / 0.4);
        assert!((gap(half.heard(&graded)) - per_word_gap * t.scale * factor).abs() < 1e-4);
        let far = GrammarDecode {
            free: written("Dame Felix", -0.9, 4),
            ..same.clone()
        };
        assert!(letters_apart(&far.free.text, "Dame Felix vier Gustav drei") >= 0.4);
        assert!((gap(far.heard(&graded)) - per_word_gap * t.scale).abs() < 1e-4);
        // Letters apart: case, spaces and signs aside.
        assert_eq!(letters_apart("Turm Anna 8", "turm anna 8."), 0.0);
        assert!((letters_apart("Ablinen", "Ablehnen") - 0.25).abs() < 1e-6);
        assert_eq!(letters_apart("", "Ja"), 1.0);
    }
}
