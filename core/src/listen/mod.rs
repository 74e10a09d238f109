//! Speech in, the decisions: what was heard, matched against every phrase of every legal move
//! and command in the position, with the words of the language's tables.
//!
//! The capture path (microphone or WAV file, resampling, the Vosk recogniser) is made of
//! adapters (`annexd::listen`); they deliver [`Heard`] alternatives. Here:
//! [`gate`] (push-to-talk or always on, over samples) → [`Heard`] → [`understand`] (or
//! [`understand_reply`] while a question is pending) → an [`Understanding`]; [`phrases`],
//! [`lexicon`] and [`grammar`] give the phrases and words, and the recogniser's grammar.

pub mod endpoint;
pub mod engine;
pub mod gate;
pub mod grammar;
pub mod heard;
pub mod lexicon;
pub mod matcher;
pub mod phrases;
pub mod prompt;

pub use engine::{RecogniserChoice, RecogniserKind};
pub use gate::ListenMode;
pub use heard::Heard;
pub use matcher::{
    Question, QuestionKind, Rejection, Understanding, repeats, understand, understand_reply,
};
pub use phrases::Candidate;
