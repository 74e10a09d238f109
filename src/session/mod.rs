//! The Annex D session: roles, the move cycle and queries, as a pure core fed with events.

pub mod command;
pub mod queries;
