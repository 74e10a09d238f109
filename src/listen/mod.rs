//! Speech in: audio capture, resampling, the Vosk recogniser and matching heard words to moves.
//!
//! The capture path has separate, separately tested stages:
//! [`source`] (a microphone through cpal, or a WAV file through hound) → [`audio`] (mono,
//! the model's rate) → [`gate`] (push-to-talk or always on) → `recogniser` (libvosk, only
//! with the `recognition` feature) → [`Heard`] alternatives. `pipeline` strings them
//! together and [`listener`] runs them on a thread. Understanding is pure code:
//! [`understand`] matches what was heard against every phrase ([`phrases`]) of every legal
//! move and [`Command`] in the position, with the words of [`lexicon`].
//!
//! For the session: [`listener::start`] with a [`ListenConfig`] gives a [`Listener`] (or why
//! voice input is off, to be said once), which sends [`ListenEvent::Heard`] on a channel;
//! each [`Heard`] goes through [`understand`] (or [`understand_reply`] while a question is
//! pending) to an [`Understanding`].

pub mod audio;
pub mod cli;
pub mod command;
pub mod gate;
pub mod grammar;
pub mod heard;
pub mod lexicon;
pub mod listener;
pub mod matcher;
pub mod models;
pub mod phrases;
#[cfg(feature = "recognition")]
pub mod pipeline;
#[cfg(feature = "recognition")]
pub mod recogniser;
pub mod source;

pub use command::Command;
pub use gate::ListenMode;
pub use heard::Heard;
pub use listener::{AudioInput, ListenConfig, ListenEvent, Listener, VoiceOff, start};
pub use matcher::{
    Question, QuestionKind, Rejection, Understanding, repeats, understand, understand_reply,
};
pub use models::ModelError;
pub use phrases::Candidate;
