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
//! - Nothing at all found, or Whisper sure nobody spoke ([`Thresholds::no_speech`]) while the
//!   best phrase is poor ([`Thresholds::poor`] per token): nothing heard.
//! - The recogniser's own text likelier per token than the best phrase by more than
//!   [`Thresholds::outside`]: the speech was no phrase ([`HeardFrom::Outside`]; no move or
//!   command is taken from it, in always-on mode nothing is said).
//! - Otherwise the phrases, best first, with their log-likelihoods scaled by
//!   [`Thresholds::scale`]: the matcher weighs a phrase that trails the best by one unit of
//!   its scale as a quarter of a wrong word (`ALTERNATIVE_WEIGHT`), so a move is played only
//!   when every phrase meaning something else trails it by `4 / scale` nats.

use serde::{Deserialize, Serialize};

use super::heard::{Heard, HeardFrom};

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
    /// Its log-likelihood per token.
    pub fn per_token(&self) -> f32 {
        self.score / self.tokens.max(1) as f32
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
}

/// The numbers that turn a [`GrammarDecode`] into what was heard (see the module).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    /// How much likelier per token (log-likelihood) the recogniser's own text may be than the
    /// best phrase before the speech counts as outside the grammar.
    pub outside: f32,
    /// The probability that nobody spoke above which a poor phrase is nothing heard.
    pub no_speech: f32,
    /// The log-likelihood per token below which a phrase is poor.
    pub poor: f32,
    /// What the phrases' log-likelihoods are multiplied by for the matcher.
    pub scale: f32,
    /// How many phrases the matcher is given.
    pub alternatives: usize,
}

impl Thresholds {
    /// The thresholds in use (chosen on the accuracy benchmark's training voices, see
    /// docs/listen.md).
    pub const CHOSEN: Thresholds = Thresholds {
        outside: 1.5,
        no_speech: 0.6,
        poor: -1.0,
        scale: 1.0,
        alternatives: 5,
    };
}

impl GrammarDecode {
    /// What was heard, under `thresholds`.
    pub fn heard(&self, thresholds: &Thresholds) -> Heard {
        let Some(best) = self.phrases.first() else {
            return Heard::default();
        };
        if self.no_speech > thresholds.no_speech && best.per_token() < thresholds.poor {
            return Heard::default();
        }
        if best.per_token() < self.free.per_token() - thresholds.outside {
            return Heard {
                alternatives: vec![(self.free.text.clone(), self.free.score)],
                from: HeardFrom::Outside,
            };
        }
        Heard {
            alternatives: self
                .phrases
                .iter()
                .take(thresholds.alternatives)
                .map(|p| (p.text.clone(), p.score * thresholds.scale))
                .collect(),
            from: HeardFrom::Grammar,
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
    fn phrases_noise_and_speech_outside_the_grammar() {
        let t = Thresholds::CHOSEN;
        let decode = GrammarDecode {
            phrases: vec![
                written("Springer Felix drei", -0.5, 6),
                written("Springer Felix II", -7.4, 6),
            ],
            free: written("Springer Felix drei", -0.6, 6),
            no_speech: 0.01,
        };
        let heard = decode.heard(&t);
        assert_eq!(heard.from, HeardFrom::Grammar);
        assert_eq!(heard.best_text(), "Springer Felix drei");
        assert_eq!(heard.alternatives.len(), 2);
        // Whisper's own text far likelier than any phrase: outside the grammar.
        let outside = GrammarDecode {
            phrases: vec![written("Läufer", -17.5, 3)],
            free: written("Entschuldigung, wo ist die Toil", -0.9, 10),
            no_speech: 0.0,
        };
        let heard = outside.heard(&t);
        assert_eq!(heard.from, HeardFrom::Outside);
        assert_eq!(heard.best_text(), "Entschuldigung, wo ist die Toil");
        // Nobody spoke and the phrase is poor: nothing.
        let silent = GrammarDecode {
            phrases: vec![written("Ja", -8.0, 2)],
            free: written("", -4.0, 1),
            no_speech: 0.9,
        };
        assert!(silent.heard(&t).is_silence());
        let nothing = GrammarDecode {
            phrases: vec![],
            free: written("", 0.0, 0),
            no_speech: 0.0,
        };
        assert!(nothing.heard(&t).is_silence());
    }
}
