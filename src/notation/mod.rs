//! Spoken notation: tokens, the Annex D and English words, rendering and parsing of moves.

pub mod lang;
pub mod token;
pub mod words;

pub use lang::{Lang, Spoken};
pub use token::Token;
pub use words::Word;
