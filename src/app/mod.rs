//! The program's jobs wired together: the game's edge as a list of ports (keyboard, signals,
//! boards, voice, the terminal, speech, the journal: [`port`], [`ports`]) around the session
//! core, and the event loop that waits on them and on the deadlines.

pub(crate) mod config_cmd;
pub(crate) mod event_loop;
#[cfg(feature = "online")]
pub(crate) mod lobby;
pub(crate) mod opponent;
pub(crate) mod options;
pub(crate) mod play;
pub(crate) mod port;
pub(crate) mod ports;
pub(crate) mod signals;
pub(crate) mod start_position;
