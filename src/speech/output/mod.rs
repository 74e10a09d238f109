//! Outputs: the ends an announcement leaves by (recorded clips through the sound card, the
//! system's speech engine, or a text line). Each is driven by the speaker thread through the
//! same small interface: start, poll, stop.

use std::time::Instant;

use super::utterance::{Channel, UtteranceId};
use crate::notation::Spoken;

pub mod clips;
pub mod text;
#[cfg(feature = "tts")]
pub mod tts;

/// The kinds of output.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum BackendKind {
    /// Recorded clips of a voice, played through the sound card.
    #[default]
    Clips,
    /// The system's speech engine (speech-dispatcher, SAPI, AVFoundation).
    Tts,
    /// A line of text (for a screen reader or a Braille display).
    Text,
}

impl BackendKind {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Clips => "clips",
            BackendKind::Tts => "tts",
            BackendKind::Text => "text",
        }
    }
}

impl std::fmt::Display for BackendKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for BackendKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "clips" => Ok(BackendKind::Clips),
            "tts" => Ok(BackendKind::Tts),
            "text" => Ok(BackendKind::Text),
            other => Err(format!(
                "unknown speech backend '{other}': use clips, tts or text"
            )),
        }
    }
}

/// One announcement as an output receives it.
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    /// Its number.
    pub id: UtteranceId,
    /// Its words, with their clip keys.
    pub words: &'a [Spoken],
    /// Its text.
    pub text: &'a str,
    /// Which ear.
    pub channel: Channel,
}

/// How an announcement being said is getting on.
#[derive(Debug, Clone, PartialEq)]
pub enum Progress {
    /// Still being said.
    Playing,
    /// Said to the end.
    Done,
    /// The output stopped working; the speaker falls back to another.
    Failed(String),
}

/// Why an output could not start an announcement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The voice lacks a clip: this one announcement goes out as text.
    #[error(transparent)]
    MissingClip(#[from] super::compose::MissingClip),
    /// The output does not work any more: the speaker falls back to another.
    #[error("{0}")]
    Broken(String),
}

/// An output driven by the speaker thread.
pub trait Output {
    /// Which kind it is.
    fn kind(&self) -> BackendKind;
    /// Starts saying an announcement (the previous one has finished or been stopped).
    fn start(&mut self, line: Line<'_>, now: Instant) -> Result<(), StartError>;
    /// How the announcement started last is getting on.
    fn poll(&mut self, now: Instant) -> Progress;
    /// Stops the announcement being said at once.
    fn stop(&mut self);
    /// When the first sample of the announcement started last reached the device, if known.
    fn audible_since(&self) -> Option<Instant> {
        None
    }
}
