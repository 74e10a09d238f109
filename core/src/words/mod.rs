//! The closed vocabulary, below every language: the tokens announcements are made of
//! ([`Token`]), the fixed words and phrases ([`Word`], each with the key of its recorded
//! clip), and the kinds of command with the shape of their phrases ([`CommandKind`],
//! [`Slot`]). A language's table (`crate::lang`) gives words to all of them; nothing here
//! knows a language.

mod phrase;
mod token;
mod word;

pub use phrase::{CommandKind, Phrase, Slot};
pub use token::{Token, colored_piece_tokens, square_tokens};
pub use word::Word;
