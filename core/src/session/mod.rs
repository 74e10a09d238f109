//! The Annex D session: roles, the move cycle and queries, as a pure core fed with events.

pub mod command;
pub mod core;
pub mod cycle;
pub mod effect;
pub mod queries;
pub mod voice;

pub use command::{ArbiterAction, Command, parse_command};
pub use core::{Input, Session, SessionOptions};
pub use cycle::{Seat, ViMove};
pub use effect::{Audience, Effect, Priority};
