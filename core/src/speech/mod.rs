//! Speech out, the decisions: utterances of tokens, how urgent each is, the queue policy (what
//! interrupts what) and the vocabulary a voice must have. The outputs that make sound are
//! adapters (`annexd::speech`).
//!
//! - `utterance`: what is said, how urgently, into which ear;
//! - `queue`: the pure queue policy (what interrupts what, what "repeat" says);
//! - `vocabulary`: every clip key a voice needs, and typed words read back into tokens;
//! - `backend`: the kinds of output, as a setting.

pub(crate) mod backend;
pub(crate) mod queue;
pub(crate) mod utterance;
pub(crate) mod vocabulary;

pub use backend::{BackendKind, DEFAULT_BACKEND};
pub use queue::{DropReason, PlaybackStep, QueuedUtterance, SpeechQueue, StopReason};
pub use utterance::{Channel, Priority, Utterance, UtteranceId};
pub use vocabulary::{ClipKey, PAUSE_KEY, UnknownWord, clip_keys, clip_keys_for, parse_text};
