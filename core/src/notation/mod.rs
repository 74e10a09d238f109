//! Spoken notation: tokens, the words of every language, rendering and parsing of moves.

pub mod parse;
pub mod render;
pub mod token;
pub mod words;

pub use crate::lang::{Lang, Spoken};
pub use parse::{ParseError, parse_move};
pub use render::{Style, move_tokens};
pub use token::Token;
pub use words::Word;
