//! The terminal: plain line mode for screen readers, a board view for sighted helpers, and the
//! words of the command line's messages.

pub mod board_view;
pub mod message;
pub mod terminal;
