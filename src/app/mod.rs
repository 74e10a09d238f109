//! The program's jobs wired together: adapters (keyboard, speech, boards, journal) around the
//! session core, and the event loop that waits for inputs and deadlines.

pub mod config_cmd;
pub mod devices;
pub mod event_loop;
pub mod journal_queue;
pub mod options;
pub mod play;
pub mod signals;
pub mod sink;
