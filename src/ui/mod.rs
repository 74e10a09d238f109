//! The terminal: plain line mode for screen readers, and a board view for sighted helpers.

pub mod board_view;
pub mod terminal;
