//! Speech in: audio capture, resampling, the Vosk recogniser and matching heard words to moves.
//!
//! The pipeline has separate, separately tested stages:
//! source ([`source`]: a microphone through cpal, or a WAV file) → mono and 16 kHz
//! ([`audio`]) → when to listen ([`gate`]) → recogniser ([`recogniser`], libvosk, behind the
//! `recognition` feature) → [`Heard`] alternatives → the pure matcher ([`understand`]), which
//! knows the position and the words ([`lexicon`], [`phrases`]).

pub mod command;
pub mod heard;
pub mod lexicon;
pub mod matcher;
pub mod phrases;

pub use command::Command;
pub use heard::Heard;
pub use matcher::{Question, QuestionKind, Rejection, Understanding, understand, understand_reply};
pub use phrases::Candidate;
