//! The Annex D session: roles, the move cycle and queries, as a pure core fed with events.

pub mod core;
pub mod cycle;
pub mod effect;
pub mod queries;
pub mod voice;

pub use crate::command::{ArbiterAction, Command};
pub use core::{Input, Session, SessionOptions};
pub use cycle::{Seat, ViMove};
pub use effect::{Audience, Effect, Priority};
