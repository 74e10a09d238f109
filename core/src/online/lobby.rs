//! Before the online game exists: what a line typed or heard means while the seek, the
//! challenge or the wait for one runs ("ja"/"nein" to a challenge offered, "Ende" to leave),
//! and the core's words as the session's effect, for the program to say them before a
//! session is made.

use crate::command::{self, Command};
use crate::lang::Lang;
use crate::session::{Audience, Effect, Shown};
use crate::words::{Token, Word};

use super::{Act, Online, Said};

/// What a line means in the lobby.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LobbyLine {
    /// Something for the conversation ("yes" or "no" to the challenge offered).
    Act(Act),
    /// Leave: the seek or the challenge is withdrawn.
    Leave,
    /// Nothing of the lobby's: these words say where it stands.
    Unknown(Vec<Token>),
}

/// What `line` (typed, or heard as text) means in `lang` while `online` waits for its game.
pub fn lobby_line(lang: Lang, line: &str, online: &Online) -> LobbyLine {
    match command::parse(lang, line) {
        Some(Command::Yes) => LobbyLine::Act(Act::Yes),
        Some(Command::No) => LobbyLine::Act(Act::No),
        Some(Command::Quit) => LobbyLine::Leave,
        _ => LobbyLine::Unknown(vec![
            Token::Word(Word::NotPossibleNow),
            Token::Pause,
            Token::Word(online.waiting_for()),
        ]),
    }
}

impl Said {
    /// The words as the session would say them, to everyone (the data after them printed).
    pub fn effect(self) -> Effect {
        Effect::Say {
            printed: self
                .detail
                .map(|detail| Shown::with(self.tokens.clone(), detail)),
            tokens: self.tokens,
            priority: self.priority,
            audience: Audience::Everyone,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::online::{Patience, Plan};

    #[test]
    fn yes_no_and_the_end_are_understood_in_every_language() {
        let online = Online::new(Plan::Accept, Patience::default());
        for (lang, yes, no, quit) in [
            (Lang::De, "ja", "nein", "Ende"),
            (Lang::En, "yes", "no", "quit"),
            (Lang::Fr, "oui", "non", "fin"),
        ] {
            assert_eq!(
                lobby_line(lang, yes, &online),
                LobbyLine::Act(Act::Yes),
                "{lang:?}"
            );
            assert_eq!(lobby_line(lang, no, &online), LobbyLine::Act(Act::No));
            assert_eq!(lobby_line(lang, quit, &online), LobbyLine::Leave);
            assert_eq!(
                lobby_line(lang, "e4", &online),
                LobbyLine::Unknown(vec![
                    Token::Word(Word::NotPossibleNow),
                    Token::Pause,
                    Token::Word(Word::WaitingForChallenge)
                ])
            );
        }
    }
}
