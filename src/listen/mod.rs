//! Speech in, the adapters: audio capture, resampling, the recognisers (Vosk, Whisper) and
//! the listener thread. What is heard is understood by the core (`annexd_core::listen`).
//!
//! The capture path has separate, separately tested stages:
//! `source` (a microphone through cpal, or a WAV file through hound) → `audio` (mono,
//! the model's rate) → the core's gate (push-to-talk or always on) → a [`Recogniser`]
//! (`vosk`, libvosk, with the `recognition` feature; `whisper`, CTranslate2, with the
//! `whisper` feature; `engines` names the features and loads the chosen one) → `Heard`
//! alternatives. `pipeline` strings them together and `listener` runs them on a thread;
//! `models` finds a model on disk; `own_voice` searches each utterance with the player's
//! own recorded words too, where the player recorded them.
//!
//! For the program: [`listener::start`] with a [`ListenConfig`] gives a [`Listener`] (or why
//! voice input is off, to be said once), which sends [`ListenEvent::Heard`] on a channel.

pub(crate) mod audio;
pub(crate) mod cli;
pub(crate) mod engines;
pub(crate) mod front;
pub(crate) mod listener;
pub(crate) mod models;
pub mod own_voice;
pub(crate) mod pipeline;
pub(crate) mod recogniser;
pub(crate) mod source;
#[cfg(feature = "recognition")]
pub(crate) mod vosk;
#[cfg(feature = "whisper")]
pub(crate) mod whisper;

pub use audio::to_i16;
pub use engines::load;
pub use listener::{AudioInput, ListenConfig, ListenEvent, Listener, VoiceOff, start, start_with};
pub use models::{ModelError, find_model_in};
pub use pipeline::Pipeline;
pub use recogniser::{Limits, Listening, LoadedModel, Recogniser, SpeechModel};
pub use source::read_wav;
#[cfg(feature = "recognition")]
pub use vosk::VoskModel;
