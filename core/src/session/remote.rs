//! A remote opponent (an online game, issue 32) in the session. Our move is sent when it is
//! completed, as any opponent's (`super::opponent`). What binds us and goes to the server
//! (offering, accepting or declining a draw, resigning, a takeback asked or answered,
//! aborting, claiming) is asked back before it is done, typed or said. The requests only the
//! server carries out (a takeback, aborting, claiming the win or a draw when the opponent
//! left, the chat) go to it alone: the server's answer (its game, its end with the reason)
//! is what the game here follows. Without a remote opponent they are not possible, and that
//! is said.

use super::Session;
use super::effect::Effect;
use super::sources::{OurRequest, ToOpponent};
use crate::command::Command;
use crate::record::OpponentSource;
use crate::words::{Token, Word};

impl Session {
    /// The opponent is remote (an online game).
    pub fn plays_remote(&self) -> bool {
        self.opponent
            .as_ref()
            .is_some_and(|o| o.source == OpponentSource::Remote)
    }

    /// Whether a command is asked back before it is done: against a remote opponent, every
    /// one that binds us and goes to the server.
    pub(super) fn asked_back_remote(&self, command: &Command) -> bool {
        self.plays_remote() && command.needs_confirmation()
    }

    /// A command the remote opponent's server carries out rather than the game here; `false`
    /// when the game here does it (a draw offered, accepted or declined, a resignation: each
    /// recorded here and told to the opponent).
    pub(super) fn sent_to_remote(&mut self, command: &Command, out: &mut Vec<Effect>) -> bool {
        if !self.plays_remote() {
            return false;
        }
        let request = match command {
            // 9.2's claims are the server's to judge online (and one against a player who
            // left).
            Command::ClaimDraw(_) => OurRequest::ClaimDraw,
            Command::ProposeTakeback => OurRequest::ProposeTakeback,
            Command::AcceptTakeback => OurRequest::AcceptTakeback,
            Command::DeclineTakeback => OurRequest::DeclineTakeback,
            Command::AbortGame => OurRequest::Abort,
            Command::ClaimVictory => OurRequest::ClaimVictory,
            Command::ReadChat => OurRequest::ReadChat,
            _ => return false,
        };
        out.push(Effect::ToOpponent(ToOpponent::Request(request)));
        true
    }

    /// One of the remote opponent's requests without a remote opponent: not possible now.
    pub(super) fn remote_request(&mut self, command: &Command, out: &mut Vec<Effect>) {
        let mut tokens = command.tokens(self.options.lang);
        tokens.extend([Token::Pause, Token::Word(Word::NotPossibleNow)]);
        out.push(Effect::reading(tokens));
    }
}
