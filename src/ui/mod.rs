//! The terminal: plain line mode for screen readers, and a board view for sighted helpers.
