//! Ways of decoding inside the grammar that the accuracy benchmark measured and that were
//! left out (docs/listen.md, "Tried and left out"), kept so that their figures can be
//! repeated: each is chosen by an environment variable read when a recogniser is made, as
//! `ANNEXD_TRY_FRONT` chooses the front end's stages. None is on unless asked for; the
//! program decodes with [`Tried::default`].
//!
//! - `ANNEXD_TRY_PROMPT`: what Whisper is told before the utterance. `words` (the program's:
//!   every word of moves), `grammar` (those, then the words of the spoken commands),
//!   `commands-first` (the commands' words, then the moves'), `phrases` (whole example
//!   phrases of moves, then the commands' words), `none`.
//! - `ANNEXD_TRY_LANG=de`: the language token (`<|de|>`) for a session in the Annex D words,
//!   whatever its language.
//! - `ANNEXD_TRY_BEAM=N`: the search's beam (the program's: [`super::BEAM`]).
//! - `ANNEXD_TRY_PER_WORD=1`: a hypothesis is given up when it falls [`super::HOPELESS`]
//!   below the best phrase's likelihood per word times its own words, not below the best
//!   phrase's likelihood ([`annexd_core::listen::SearchOptions::hopeless_per_word`]).

use annexd_core::listen::{grammar_prompt, phrase_prompt, prompt};
use annexd_core::{Lang, Speech, WordSet};

/// What Whisper is told before the utterance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PromptTried {
    /// Every word of moves (the program's).
    #[default]
    Words,
    /// Every word of moves, then the words of the spoken commands.
    WordsAndCommands,
    /// The words of the spoken commands, then every word of moves.
    CommandsFirst,
    /// Whole example phrases of moves, then the words of the spoken commands.
    Phrases,
    /// Nothing.
    Nothing,
}

/// A way of decoding inside the grammar.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tried {
    /// The prompt.
    pub prompt: PromptTried,
    /// The language token of a session in the Annex D words (`None`: the session's).
    pub annex_d_language: Option<Lang>,
    /// The beam (`None`: [`super::BEAM`]).
    pub beam: Option<usize>,
    /// Hopeless measured per word.
    pub hopeless_per_word: bool,
}

impl Tried {
    /// The way the environment asks for (see the module); what it does not name is the
    /// program's.
    pub fn from_env() -> Tried {
        Tried::from_vars(|name| std::env::var(name).ok())
    }

    /// The way `var` (an environment) asks for.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Tried {
        let prompt = match var("ANNEXD_TRY_PROMPT").as_deref() {
            Some("grammar") => PromptTried::WordsAndCommands,
            Some("commands-first") => PromptTried::CommandsFirst,
            Some("phrases") => PromptTried::Phrases,
            Some("none") => PromptTried::Nothing,
            _ => PromptTried::Words,
        };
        Tried {
            prompt,
            annex_d_language: var("ANNEXD_TRY_LANG").and_then(|l| l.parse().ok()),
            beam: var("ANNEXD_TRY_BEAM")
                .and_then(|b| b.parse().ok())
                .filter(|&b| b > 0),
            hopeless_per_word: var("ANNEXD_TRY_PER_WORD").is_some_and(|v| !v.is_empty()),
        }
    }

    /// The prompt's words for `speech`.
    pub fn prompt(&self, speech: Speech) -> String {
        let words = prompt(None, speech);
        match self.prompt {
            PromptTried::Words => words,
            PromptTried::WordsAndCommands => grammar_prompt(speech),
            PromptTried::CommandsFirst => {
                let all = grammar_prompt(speech);
                let commands = all.strip_prefix(words.as_str()).unwrap_or("").trim();
                format!("{commands} {words}").trim().to_string()
            }
            PromptTried::Phrases => phrase_prompt(speech),
            PromptTried::Nothing => String::new(),
        }
    }

    /// The language whose token Whisper is given for `speech`.
    pub fn language(&self, speech: Speech) -> Lang {
        match self.annex_d_language {
            Some(lang) if speech.words == WordSet::AnnexD => lang,
            _ => speech.lang,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_the_environment_the_program_decodes_its_own_way() {
        let tried = Tried::from_vars(|_| None);
        assert_eq!(tried, Tried::default());
        let speech = Speech::new(Lang::En, WordSet::AnnexD);
        assert_eq!(tried.prompt(speech), prompt(None, speech));
        assert_eq!(tried.language(speech), Lang::En);
    }

    #[test]
    fn each_variant_is_chosen_by_its_variable() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            Tried::from_vars(move |name| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            })
        };
        let tried = env(&[
            ("ANNEXD_TRY_PROMPT", "commands-first"),
            ("ANNEXD_TRY_LANG", "de"),
            ("ANNEXD_TRY_BEAM", "16"),
            ("ANNEXD_TRY_PER_WORD", "1"),
        ]);
        assert_eq!(tried.prompt, PromptTried::CommandsFirst);
        assert_eq!(tried.beam, Some(16));
        assert!(tried.hopeless_per_word);
        // The German token for the Annex D words only.
        assert_eq!(
            tried.language(Speech::new(Lang::Fr, WordSet::AnnexD)),
            Lang::De
        );
        assert_eq!(
            tried.language(Speech::new(Lang::Fr, WordSet::Local)),
            Lang::Fr
        );
        // The commands' words first, then the moves' (each once).
        let said = tried.prompt(Speech::new(Lang::De, WordSet::AnnexD));
        assert!(!said.starts_with("Bauer"), "{said}");
        assert!(said.ends_with("en passant"), "{said}");
        assert_eq!(said.split(' ').filter(|w| *w == "Springer").count(), 1);
        let phrases = env(&[("ANNEXD_TRY_PROMPT", "phrases")]);
        assert!(
            phrases
                .prompt(Speech::new(Lang::De, WordSet::AnnexD))
                .starts_with("Springer Gustav eins Felix drei."),
        );
        assert_eq!(
            env(&[("ANNEXD_TRY_PROMPT", "none")]).prompt(Speech::new(Lang::De, WordSet::AnnexD)),
            ""
        );
    }
}
