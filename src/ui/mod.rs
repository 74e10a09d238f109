//! The terminal: plain line mode for screen readers (with a line editor and its history when
//! the keyboard is a terminal), a board view for sighted helpers, and the words of the
//! command line's messages.

pub(crate) mod board_view;
pub(crate) mod line_editor;
pub(crate) mod line_terminal;
pub(crate) mod message;
pub(crate) mod terminal;
