//! Spoken notation: moves rendered as tokens (short and long form) and parsed from text in
//! any language's words, SAN or UCI.

pub(crate) mod parse;
pub(crate) mod reason;
pub(crate) mod render;

pub use parse::{ParseError, parse_move, parse_piece};
pub use reason::why_illegal;
pub use render::{Style, move_tokens};
