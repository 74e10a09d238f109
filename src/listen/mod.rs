//! Speech in, the adapters: audio capture, resampling, the recognisers (Vosk, Whisper) and
//! the listener thread. What is heard is understood by the core (`annexd_core::listen`).
//!
//! The capture path has separate, separately tested stages:
//! [`source`] (a microphone through cpal, or a WAV file through hound) → [`audio`] (mono,
//! the model's rate) → the core's gate (push-to-talk or always on) → a recogniser (`engine`
//! chooses: `recogniser`, libvosk, with the `recognition` feature; `whisper`, CTranslate2,
//! with the `whisper` feature) → `Heard` alternatives. `pipeline` strings them together and
//! [`listener`] runs them on a thread; [`models`] finds a model on disk.
//!
//! For the program: [`listener::start`] with a [`ListenConfig`] gives a [`Listener`] (or why
//! voice input is off, to be said once), which sends [`ListenEvent::Heard`] on a channel.

pub mod audio;
pub mod cli;
#[cfg(any(feature = "recognition", feature = "whisper"))]
pub mod engine;
pub mod listener;
pub mod models;
#[cfg(any(feature = "recognition", feature = "whisper"))]
pub mod pipeline;
#[cfg(feature = "recognition")]
pub mod recogniser;
pub mod source;
#[cfg(feature = "whisper")]
pub mod whisper;

pub use listener::{AudioInput, ListenConfig, ListenEvent, Listener, VoiceOff, start};
pub use models::ModelError;
