//! Speech out, the adapters: voices on disk, clips put together into sound, the clips, system
//! speech and text outputs, and the speaker thread that runs the core's queue policy
//! (`annexd_core::speech`).
//!
//! - `voice`: voice folders, loading and checking them;
//! - [`compose`]: clips put together into sound (gaps, rate, one ear);
//! - `output`: the clips, system speech and text outputs;
//! - `speaker`: the speaker thread with fallbacks — the API the program uses;
//! - `wav`: writing sound to WAV files; `record`: recording a personal voice;
//! - `cli`: the `say` and `voices` subcommands.

/// Writes a line on stdout; a closed stdout (a pipe into `head`) is not an error worth a panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        // Standard output or error is closed: there is nowhere else to write this.
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

pub(crate) mod cli;
pub(crate) mod compose;
pub(crate) mod output;
pub(crate) mod record;
pub(crate) mod speaker;
pub(crate) mod trim;
pub(crate) mod voice;
pub(crate) mod wav;

pub use compose::{Pacing, compose};
pub use speaker::{Notice, Speaker, SpeakerOptions, SpeechEvent};
pub use voice::{Voice, VoiceLibrary, decode_mono};
pub use wav::rms;
