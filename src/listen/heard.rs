//! What the recogniser heard: its alternatives for one utterance, best first.

/// One utterance as the recogniser heard it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Heard {
    /// The recogniser's alternatives: the words (lower case, the model's spelling) and the
    /// log-likelihood of each, best first. Only differences between them mean something: one
    /// unit is a factor e in probability.
    pub alternatives: Vec<(String, f32)>,
}

impl Heard {
    /// One alternative with no competitor, as from typed text or a test.
    pub fn text(text: &str) -> Heard {
        Heard {
            alternatives: vec![(text.to_string(), 0.0)],
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
        };
        assert_eq!(heard.best_text(), "springer felix drei");
        assert_eq!(heard.sorted()[1].0, "springer felix zwei");
        assert!(!heard.is_silence());
        assert!(Heard::default().is_silence());
        assert!(Heard::text("  ").is_silence());
    }
}
