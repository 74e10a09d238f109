//! What the recogniser heard: its alternatives for one utterance, best first, and how it
//! came to its words.

/// How the recogniser came to its words: held to the grammar's, free, or outside it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum HeardFrom {
    /// A recogniser held to the words of the position's phrases (Vosk with a grammar):
    /// every sound becomes one of those words, so words that sound alike stand for each
    /// other ("zwei" for "drei").
    #[default]
    Grammar,
    /// A recogniser that writes what it heard as text (a Vosk model without a grammar,
    /// Whisper told phrases to expect): a word that does not fit is written as it sounded
    /// ("Dreie", "Hektorf"), and a word of the lexicon is mostly the word that was said.
    Transcript,
    /// A recogniser that searched every phrase of the grammar (Whisper inside the grammar):
    /// the alternatives are the likeliest phrases it found, each written exactly as a phrase,
    /// so a phrase that is none of them was less likely than the last of them, however alike
    /// its words sound to the best one's.
    Searched {
        /// The recogniser's own text, written with no grammar, agrees with the best phrase
        /// (`GrammarDecode::agrees`): two ways of hearing came to the same words. Only then
        /// is a move taken from a phrase in a form no player says (a needless origin's file
        /// or rank, C.10: the matcher).
        agreed: bool,
    },
    /// A recogniser that searched inside the grammar (Whisper) and found the speech far
    /// likelier as something else than as any phrase: the alternatives are what it wrote
    /// outside the grammar, and no move or command is taken from them (a conversation
    /// beside the board, words of no phrase).
    Outside,
}

/// One utterance as the recogniser heard it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Heard {
    /// The recogniser's alternatives: the words (lower case, the model's spelling) and the
    /// log-likelihood of each, best first. Only differences between them mean something: one
    /// unit is a factor e in probability.
    pub alternatives: Vec<(String, f32)>,
    /// How the recogniser came to them.
    pub from: HeardFrom,
    /// What the player's own recorded words found in the same utterance (`own_voice`);
    /// `None` where the player recorded none. What the recogniser heard and what they found
    /// are then understood together (`combined`).
    pub own_voice: Option<OwnVoiceHeard>,
}

/// What the player's own recorded words found in an utterance (`own_voice`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OwnVoiceHeard {
    /// The phrases of the grammar, nearest first, each with its mean distance a frame
    /// (smaller is nearer; none where nothing was found).
    pub phrases: Vec<(String, f32)>,
    /// The mean distance a frame of the nearest sequence of any recorded words
    /// (`free_distance`): no phrase comes nearer, and speech that is a phrase comes about
    /// as near.
    pub free: f32,
    /// How many times longer the utterance is than the recordings the nearest phrase was
    /// matched with (0 where nothing was found): far above 1, a few short words were
    /// stretched over longer speech.
    pub stretch: f32,
}

impl Heard {
    /// One alternative with no competitor, as from typed text or a test.
    pub fn text(text: &str) -> Heard {
        Heard {
            alternatives: vec![(text.to_string(), 0.0)],
            from: HeardFrom::Grammar,
            own_voice: None,
        }
    }

    /// A recogniser's free text (Whisper's transcript), one alternative.
    pub fn transcript(text: &str) -> Heard {
        Heard {
            alternatives: vec![(text.to_string(), 0.0)],
            from: HeardFrom::Transcript,
            own_voice: None,
        }
    }

    /// The alternatives sorted best first (the recogniser gives them so; typed ones may not).
    pub fn sorted(&self) -> Vec<(&str, f32)> {
        let mut alternatives: Vec<(&str, f32)> = self
            .alternatives
            .iter()
            .map(|(text, score)| (text.as_str(), *score))
            .collect();
        alternatives.sort_by(|a, b| b.1.total_cmp(&a.1));
        alternatives
    }

    /// The best alternative's words ("" when nothing was heard).
    pub fn best_text(&self) -> &str {
        self.alternatives
            .iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(text, _)| text.as_str())
            .unwrap_or("")
    }

    /// True when no word was heard at all.
    pub fn is_silence(&self) -> bool {
        self.best_text().trim().is_empty()
    }
}

/// How much decoding work a listener did.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DecodeStats {
    /// Samples (at the model's rate) given to the recogniser.
    pub samples_decoded: u64,
    /// Time spent inside the recogniser, all calls together.
    pub decode_time: std::time::Duration,
    /// For the last utterance: the time from the end of its audio (key released, end of
    /// file) to its result. An utterance ended by the end-pointer counts the call that
    /// found the end.
    pub last_latency: std::time::Duration,
}

/// Joins the results of an utterance the recogniser cut in pieces (a pause inside a
/// push-to-talk utterance): the best words of the earlier pieces, then each alternative of
/// the last, with the scores added.
pub fn join_pieces(earlier: &[Heard], last: Heard) -> Heard {
    if earlier.is_empty() {
        return last;
    }
    let mut prefix = String::new();
    let mut prefix_score = 0.0;
    for piece in earlier {
        let sorted = piece.sorted();
        if let Some(&(text, score)) = sorted.first()
            && !text.trim().is_empty()
        {
            if !prefix.is_empty() {
                prefix.push(' ');
            }
            prefix.push_str(text.trim());
            prefix_score += score;
        }
    }
    if last.alternatives.is_empty() {
        return Heard {
            alternatives: vec![(prefix, prefix_score)],
            from: last.from,
            own_voice: last.own_voice,
        };
    }
    Heard {
        from: last.from,
        alternatives: last
            .alternatives
            .into_iter()
            .map(|(text, score)| {
                let joined = match (prefix.is_empty(), text.trim().is_empty()) {
                    (true, _) => text,
                    (false, true) => prefix.clone(),
                    (false, false) => format!("{prefix} {}", text.trim()),
                };
                (joined, prefix_score + score)
            })
            .collect(),
        own_voice: last.own_voice,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_alternative_is_the_most_likely() {
        let heard = Heard {
            alternatives: vec![
                ("springer felix zwei".into(), 200.0),
                ("springer felix drei".into(), 210.5),
            ],
            ..Heard::default()
        };
        assert_eq!(heard.best_text(), "springer felix drei");
        assert_eq!(heard.sorted()[1].0, "springer felix zwei");
        assert!(!heard.is_silence());
        assert!(Heard::default().is_silence());
        assert!(Heard::text("  ").is_silence());
    }

    #[test]
    fn pieces_of_one_utterance_are_joined() {
        let first = Heard {
            alternatives: vec![("springer".into(), 10.0), ("turm".into(), 8.0)],
            ..Heard::default()
        };
        let last = Heard {
            alternatives: vec![("felix drei".into(), 20.0), ("felix zwei".into(), 19.0)],
            ..Heard::default()
        };
        let joined = join_pieces(std::slice::from_ref(&first), last.clone());
        assert_eq!(
            joined.alternatives,
            vec![
                ("springer felix drei".to_string(), 30.0),
                ("springer felix zwei".to_string(), 29.0)
            ]
        );
        assert_eq!(join_pieces(&[], last.clone()), last);
        let silent_end = join_pieces(&[first], Heard::default());
        assert_eq!(silent_end.best_text(), "springer");
    }
}
