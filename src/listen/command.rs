//! What a player (or the assistant) can say besides a move: the spoken commands.
//!
//! Each command is said with the words of its tokens ([`Command::phrases`]), so the words the
//! recogniser listens for, the words of the help text and the recorded clips are the same.
//! The session decides what a command does; this module only names them.

use shakmaty::{Color, Square};

use crate::notation::{Token, Word, token::square_tokens};

/// Something said that is not a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// "Zeit": the time left on both clocks (D.2.6.1, D.2.10.4).
    Time,
    /// "Züge": the number of moves completed (D.2.6.1, D.2.10.4).
    MoveCount,
    /// "Wiederholung": say the last announcement again.
    Repeat,
    /// "Korrektur": the announced move was a slip of the tongue (D.2.8).
    Correction,
    /// "ja": the answer to a question.
    Yes,
    /// "nein": the answer to a question.
    No,
    /// "Remis": offer a draw (9.1), or accept one that was offered.
    OfferDraw,
    /// "Reklamation": claim a draw (9.2, 9.3) or a win on time (D.2.10.5).
    Claim,
    /// "Aufgabe": resign. Always confirmed by a question before it counts.
    Resign,
    /// "letzter Zug": say the last move played.
    LastMove,
    /// "Stellung": say the whole position.
    Position,
    /// "weiße Figuren" / "schwarze Figuren": say where the pieces of one side stand.
    PiecesOf(Color),
    /// "Feld Felix drei": say what stands on a square.
    WhatIsOn(Square),
    /// "Hilfe": say what can be said.
    Help,
}

impl Command {
    /// Every command (with each square and each colour), in a fixed order.
    pub fn all() -> Vec<Command> {
        let mut all = vec![
            Command::Time,
            Command::MoveCount,
            Command::Repeat,
            Command::Correction,
            Command::Yes,
            Command::No,
            Command::OfferDraw,
            Command::Claim,
            Command::Resign,
            Command::LastMove,
            Command::Position,
            Command::PiecesOf(Color::White),
            Command::PiecesOf(Color::Black),
            Command::Help,
        ];
        all.extend(Square::ALL.into_iter().map(Command::WhatIsOn));
        all
    }

    /// How the command is said (and shown), as tokens.
    pub fn tokens(self) -> Vec<Token> {
        let word = |w: Word| vec![Token::Word(w)];
        match self {
            Command::Time => word(Word::Time),
            Command::MoveCount => word(Word::Moves),
            Command::Repeat => word(Word::Repeat),
            Command::Correction => word(Word::Correction),
            Command::Yes => word(Word::Yes),
            Command::No => word(Word::No),
            Command::OfferDraw => word(Word::Draw),
            Command::Claim => word(Word::Claim),
            Command::Resign => word(Word::Resign),
            Command::LastMove => word(Word::LastMove),
            Command::Position => word(Word::Position),
            Command::PiecesOf(Color::White) => {
                vec![Token::Word(Word::WhiteAdjective), Token::Word(Word::Pieces)]
            }
            Command::PiecesOf(Color::Black) => {
                vec![Token::Word(Word::BlackAdjective), Token::Word(Word::Pieces)]
            }
            Command::WhatIsOn(square) => {
                let mut tokens = vec![Token::Word(Word::Square)];
                tokens.extend(square_tokens(square));
                tokens
            }
            Command::Help => word(Word::Help),
        }
    }

    /// Every way the command may be said, as token sequences. Today one each; a second
    /// phrasing is added here, never in the matcher.
    pub fn phrases(self) -> Vec<Vec<Token>> {
        vec![self.tokens()]
    }

    /// True for commands that only ask for information and change nothing.
    pub fn is_query(self) -> bool {
        matches!(
            self,
            Command::Time
                | Command::MoveCount
                | Command::Repeat
                | Command::LastMove
                | Command::Position
                | Command::PiecesOf(_)
                | Command::WhatIsOn(_)
                | Command::Help
        )
    }

    /// True when the command must be confirmed with "ja" before it counts: resigning ends the
    /// game and cannot be taken back, so a misheard word must never do it.
    pub fn needs_confirmation(self) -> bool {
        matches!(self, Command::Resign)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Lang;

    #[test]
    fn commands_are_said_in_both_languages() {
        assert_eq!(Lang::De.text(&Command::Time.tokens()), "Zeit");
        assert_eq!(Lang::En.text(&Command::MoveCount.tokens()), "moves");
        assert_eq!(
            Lang::De.text(&Command::WhatIsOn(Square::F3).tokens()),
            "Feld Felix drei"
        );
        assert_eq!(
            Lang::De.text(&Command::PiecesOf(Color::Black).tokens()),
            "schwarze Figuren"
        );
        assert_eq!(Lang::De.text(&Command::LastMove.tokens()), "letzter Zug");
        assert_eq!(Lang::En.text(&Command::Resign.tokens()), "resign");
    }

    #[test]
    fn every_command_has_a_distinct_phrase() {
        for lang in Lang::ALL {
            let mut seen = std::collections::HashSet::new();
            for command in Command::all() {
                for phrase in command.phrases() {
                    assert!(
                        seen.insert(lang.text(&phrase)),
                        "{command:?} shares its phrase in {lang}"
                    );
                }
            }
        }
    }

    #[test]
    fn only_resigning_needs_confirmation() {
        let confirmed: Vec<_> = Command::all()
            .into_iter()
            .filter(|c| c.needs_confirmation())
            .collect();
        assert_eq!(confirmed, vec![Command::Resign]);
    }
}
