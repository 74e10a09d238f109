//! Speech in, the adapters: audio capture, resampling, the recognisers (Vosk, Whisper) and
//! the listener thread. What is heard is understood by the core (`annexd_core::listen`).
//!
//! The capture path has separate, separately tested stages:
//! `source` (a microphone through cpal, or a WAV file through hound) → `audio` (mono,
//! the model's rate) → the core's gate (push-to-talk or always on) → a recogniser (`engine`
//! chooses: `recogniser`, libvosk, with the `recognition` feature; `whisper`, CTranslate2,
//! with the `whisper` feature) → `Heard` alternatives. `pipeline` strings them together and
//! `listener` runs them on a thread; `models` finds a model on disk.
//!
//! For the program: [`listener::start`] with a [`ListenConfig`] gives a [`Listener`] (or why
//! voice input is off, to be said once), which sends [`ListenEvent::Heard`] on a channel.

// Without a recogniser nothing captures audio or loads a model: that code stays (it is
// tested with the features) but is not used.
#![cfg_attr(
    not(any(feature = "recognition", feature = "whisper")),
    allow(dead_code)
)]

pub(crate) mod audio;
pub(crate) mod cli;
#[cfg(any(feature = "recognition", feature = "whisper"))]
pub(crate) mod engine;
pub(crate) mod listener;
pub(crate) mod models;
#[cfg(any(feature = "recognition", feature = "whisper"))]
pub(crate) mod pipeline;
#[cfg(feature = "recognition")]
pub(crate) mod recogniser;
pub(crate) mod source;
#[cfg(feature = "whisper")]
pub(crate) mod whisper;

pub use audio::to_i16;
#[cfg(any(feature = "recognition", feature = "whisper"))]
pub use engine::{Listening, LoadedModel, load};
#[cfg(any(feature = "recognition", feature = "whisper"))]
pub use listener::start_with;
pub use listener::{AudioInput, ListenConfig, ListenEvent, Listener, VoiceOff, start};
pub use models::{ModelError, find_model_in};
#[cfg(any(feature = "recognition", feature = "whisper"))]
pub use pipeline::Pipeline;
#[cfg(feature = "recognition")]
pub use recogniser::SpeechModel;
pub use source::read_wav;
