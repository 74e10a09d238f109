//! Utterances: what is to be said (tokens), how urgently (priority) and into which ear (channel).

use crate::words::Token;

/// How urgent an announcement is; the queue policy in `super::queue` decides from it what
/// interrupts what. Ordered from the least to the most urgent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// A long reading on request (the position, the move list, help): cut short by a new move,
    /// replaced by a newer reading, interrupted by an alert and then said again.
    Reading,
    /// A short answer or confirmation ("saved", "clock paused").
    Reply,
    /// A move or a game event that changes the position; never cut short.
    Move,
    /// Needs the player now (time warnings, flag fall): goes before everything queued and
    /// interrupts a reading or a reply.
    Alert,
}

/// Where an announcement is heard: both ears, or one side only (one earphone a player, as
/// on a clock with two sockets).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    /// Both ears (mono).
    #[default]
    Both,
    /// The left ear only.
    Left,
    /// The right ear only.
    Right,
}

/// One announcement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Utterance {
    /// What is said, in tokens; the language and the voice turn them into words and sound.
    pub tokens: Vec<Token>,
    /// How urgent it is.
    pub priority: Priority,
    /// Which ear hears it.
    pub channel: Channel,
}

impl Utterance {
    /// An announcement for both ears.
    pub fn new(tokens: impl Into<Vec<Token>>, priority: Priority) -> Self {
        Utterance {
            tokens: tokens.into(),
            priority,
            channel: Channel::Both,
        }
    }

    /// The same announcement for one ear.
    pub fn on(mut self, channel: Channel) -> Self {
        self.channel = channel;
        self
    }
}

/// A number given to each announcement handed to a speaker, reported back in its events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UtteranceId(pub u64);
