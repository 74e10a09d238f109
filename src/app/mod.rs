//! The program's jobs wired together: adapters (keyboard, speech, boards, journal) around the
//! session core, and the event loop that waits for inputs and deadlines.

pub(crate) mod config_cmd;
pub(crate) mod devices;
pub(crate) mod event_loop;
pub(crate) mod journal_queue;
pub(crate) mod options;
pub(crate) mod play;
pub(crate) mod signals;
pub(crate) mod sink;
