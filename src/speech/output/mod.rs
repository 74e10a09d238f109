//! Outputs: the ends an announcement leaves by (recorded clips through the sound card, the
//! system's speech engine, the screen reader's own speech, or a text line). Each is driven by the speaker thread through the
//! same small interface: start, poll, stop.

use std::time::Instant;

use annexd_core::speech::Channel;
use annexd_core::{Spoken, Token};

pub(crate) mod clips;
pub(crate) mod screen_reader;
pub(crate) mod text;
#[cfg(feature = "tts")]
pub(crate) mod tts;

use annexd_core::speech::BackendKind;

/// One announcement as an output receives it.
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
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
    #[cfg_attr(not(feature = "tts"), allow(dead_code))]
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
    /// Speaks at `rate` (1.0 normal, 0.5 … 2.0) from the next announcement on; an output
    /// without a rate (text lines) ignores it.
    fn set_rate(&mut self, _rate: f32) {}
}

/// Something the user should know about the speech output (a fallback), in words and as an
/// English line with the technical cause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// What to say.
    pub tokens: Vec<Token>,
    /// One line for the terminal or the log.
    pub detail: String,
}
