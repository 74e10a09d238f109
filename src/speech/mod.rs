//! Speech out, the adapters: voices on disk, clips put together into sound, the clips, system
//! speech and text outputs, and the speaker thread that runs the core's queue policy
//! (`annexd_core::speech`).
//!
//! - `voice`: voice folders, loading and checking them; `hearing`: a voice's recordings of
//!   the words for hearing (the player's own voice, heard);
//! - [`compose`]: clips put together into sound (gaps, rate, one ear);
//! - `output`: the clips, system speech and text outputs;
//! - `speaker`: the speaker thread with fallbacks — the API the program uses;
//! - `wav`: writing sound to WAV files; `record`: recording a personal voice;
//! - `cli`: the `say` and `voices` subcommands.

pub(crate) mod cli;
pub(crate) mod compose;
pub(crate) mod hearing;
pub(crate) mod output;
pub(crate) mod record;
pub(crate) mod speaker;
pub(crate) mod trim;
pub(crate) mod voice;
pub(crate) mod wav;

pub use compose::{Pacing, compose};
pub use hearing::{HEARING_DIR, hearing_stem, recordings};
pub use output::Notice;
pub use speaker::{Speaker, SpeakerOptions, SpeechEvent};
pub use voice::{Voice, VoiceError, VoiceLibrary, decode_mono};
pub use wav::rms;
