//! The terminal: plain line mode for screen readers (with a line editor and its history when
//! the keyboard is a terminal), and a board view for sighted helpers.

pub(crate) mod board_view;
pub(crate) mod line_editor;
pub(crate) mod line_terminal;
pub(crate) mod terminal;
pub(crate) mod terminal_events;
