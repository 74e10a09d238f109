//! The terminal: plain line mode for screen readers, a board view for sighted helpers, and the
//! words of the command line's messages.

pub(crate) mod board_view;
pub(crate) mod message;
pub(crate) mod terminal;
