//! Speech out: utterances of tokens, the clips, system speech and text backends, and the queue.
//!
//! - [`utterance`]: what is said, how urgently, into which ear;
//! - [`queue`]: the pure queue policy (what interrupts what, what "repeat" says);
//! - [`vocabulary`]: every clip key a voice needs, and typed words read back into tokens;
//! - [`voice`]: voice folders, loading and checking them;
//! - [`compose`]: clips put together into sound (gaps, rate, one ear);
//! - [`output`]: the clips, system speech and text outputs;
//! - [`speaker`]: the speaker thread with fallbacks — the API the session uses;
//! - [`wav`]: writing sound to WAV files; [`record`]: recording a personal voice;
//! - [`cli`]: the `say` and `voices` subcommands.

/// Writes a line on stdout; a closed stdout (a pipe into `head`) is not an error worth a panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

pub mod cli;
pub mod compose;
pub mod output;
pub mod queue;
pub mod record;
pub mod speaker;
pub mod trim;
pub mod utterance;
pub mod vocabulary;
pub mod voice;
pub mod wav;

pub use output::BackendKind;
pub use speaker::{Notice, Speaker, SpeechEvent, SpeechSettings};
pub use utterance::{Channel, Priority, Utterance, UtteranceId};
pub use voice::{Voice, VoiceLibrary};
