//! The requests only a remote opponent answers (an online game, issue 32): a takeback asked
//! or answered, aborting, claiming the win when the opponent left, reading the chat. They go
//! to the opponent's port; without a remote opponent they are not possible, and that is said.

use super::Session;
use super::effect::Effect;
use crate::command::Command;
use crate::words::{Token, Word};

impl Session {
    /// One of the remote opponent's requests.
    pub(super) fn remote_request(&mut self, command: &Command, out: &mut Vec<Effect>) {
        let mut tokens = command.tokens(self.options.lang);
        tokens.extend([Token::Pause, Token::Word(Word::NotPossibleNow)]);
        out.push(Effect::reading(tokens));
    }
}
