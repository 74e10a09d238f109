//! The terminal: plain line mode for screen readers, and a board view for sighted helpers.

pub(crate) mod board_view;
pub(crate) mod terminal;
