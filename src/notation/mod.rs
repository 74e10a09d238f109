//! Spoken notation: tokens, the Annex D and English words, rendering and parsing of moves.

pub mod cli;
pub mod lang;
pub mod parse;
pub mod render;
pub mod token;
pub mod words;

pub use lang::{Lang, Spoken};
pub use parse::{ParseError, parse_move};
pub use render::{Style, move_tokens};
pub use token::Token;
pub use words::Word;
