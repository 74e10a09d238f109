//! Speech in, the decisions: what was heard, matched against every phrase of every legal move
//! and command in the position, with the words of the language's tables.
//!
//! The capture path (microphone or WAV file, resampling, the Vosk recogniser) is made of
//! adapters (`annexd::listen`); they deliver [`Heard`] alternatives. Here:
//! `gate` (push-to-talk or always on, over samples) → [`Heard`] → [`understand`] (or
//! [`understand_reply`] while a question is pending) → an [`Understanding`]; `phrases`,
//! `lexicon` and `grammar` give the phrases and words, and the recogniser's grammar.

pub(crate) mod combined;
pub(crate) mod decoded;
pub(crate) mod endpoint;
pub(crate) mod engine;
pub(crate) mod faint;
pub(crate) mod gate;
pub(crate) mod grammar;
pub(crate) mod heard;
pub(crate) mod lexicon;
pub(crate) mod matcher;
pub(crate) mod nearest;
pub(crate) mod own_voice;
pub(crate) mod phrase_graph;
pub(crate) mod phrases;
pub(crate) mod prompt;
pub(crate) mod search;

// How much of its data a data-heavy test plays: the integration tests' own rule, by path.
#[cfg(test)]
#[path = "../../tests/it/support/share.rs"]
#[allow(dead_code)]
mod share;

pub use combined::{Alone, Combination, combined, understand, understand_reply, understood_alone};
pub use decoded::{GrammarDecode, Thresholds, Verdict, Written};
pub use endpoint::{EndPointer, speech_span};
pub use engine::{RecogniserChoice, RecogniserKind};
pub use faint::FaintWatch;
pub use gate::{Gate, ListenMode, RecogniserStep};
pub use grammar::grammar_strings;
pub use heard::{DecodeStats, Heard, HeardFrom, OwnVoiceHeard, join_pieces};
pub use lexicon::{Lexicon, ModelWords, WordId, WordRole};
pub use matcher::{Question, QuestionKind, Rejection, Understanding, repeats};
pub use own_voice::{
    FEATURES, Frame, Matched, OPTIONAL_TAIL, TemplateSearchOptions, WordTemplates, centred,
    free_distance, power_ln_of_db, search_templates,
};
pub use phrase_graph::{NodeId, PhraseGraph};
pub use phrases::Candidate;
pub use prompt::{grammar_prompt, phrase_prompt, prompt};
pub use search::{Found, Greedy, Search, SearchOptions, TokenId, WordSpellings};
