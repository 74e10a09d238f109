//! The program's jobs wired together: adapters (keyboard, speech, boards, journal) around the
//! session core, and the event loop that waits for inputs and deadlines.

pub mod config_cmd;
pub mod play;
