//! Speech in, the adapters: audio capture, resampling, the Vosk recogniser and the listener
//! thread. What is heard is understood by the core (`annexd_core::listen`).
//!
//! The capture path has separate, separately tested stages:
//! `source` (a microphone through cpal, or a WAV file through hound) → `audio` (mono,
//! the model's rate) → the core's gate (push-to-talk or always on) → `recogniser` (libvosk,
//! only with the `recognition` feature) → `Heard` alternatives. `pipeline` strings them
//! together and `listener` runs them on a thread; `models` finds a model on disk.
//!
//! For the program: [`listener::start`] with a [`ListenConfig`] gives a [`Listener`] (or why
//! voice input is off, to be said once), which sends [`ListenEvent::Heard`] on a channel.

// Without the `recognition` feature nothing captures audio or loads a model: that code stays
// (it is tested with the feature) but is not used.
#![cfg_attr(not(feature = "recognition"), allow(dead_code))]

pub(crate) mod audio;
pub(crate) mod cli;
pub(crate) mod listener;
pub(crate) mod models;
#[cfg(feature = "recognition")]
pub(crate) mod pipeline;
#[cfg(feature = "recognition")]
pub(crate) mod recogniser;
pub(crate) mod source;

pub use audio::to_i16;
#[cfg(feature = "recognition")]
pub use listener::start_with;
pub use listener::{AudioInput, ListenConfig, ListenEvent, Listener, VoiceOff, start};
pub use models::{ModelError, find_model_in};
#[cfg(feature = "recognition")]
pub use pipeline::Pipeline;
#[cfg(feature = "recognition")]
pub use recogniser::{Recogniser, SpeechModel};
pub use source::read_wav;
