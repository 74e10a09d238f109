//! What a player (or the assistant) can say besides a move: the spoken commands.
//!
//! Each command is said with the words of its tokens ([`Command::phrases`]), so the words the
//! recogniser listens for, the words of the help text and the recorded clips are the same.
//! The variants mirror the session's typed commands (`session::Command`) one to one, see
//! [`Command::to_session`]; the session decides what they do.

use shakmaty::{Color, Role, Square};

use crate::notation::{Token, Word, token::square_tokens};

/// Something said that is not a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// "am Zug": whose move it is.
    WhoseMove,
    /// "letzter Zug": the last move played.
    LastMove,
    /// "Stellung": the whole position.
    Position,
    /// "Feld Felix drei": what stands on a square.
    Square(Square),
    /// "wo Springer", "wo weiße Springer": where the pieces of a kind stand.
    WhereAre(Role, Option<Color>),
    /// "Zeit": the time left on both clocks (D.2.6.1, D.2.10.4).
    Time,
    /// "Zeit verbraucht": the time both players have used (D.2.10.4).
    TimeUsed,
    /// "Züge": the number of moves completed (D.2.6.1, D.2.10.4).
    MoveCount,
    /// "Wiederholung": say the last announcement again.
    Repeat,
    /// "Korrektur": the announced move was a slip of the tongue (D.2.8).
    TakeBack,
    /// "Remis": offer a draw (9.1).
    OfferDraw,
    /// "Remis annehmen": accept the draw offered.
    AcceptDraw,
    /// "Remis ablehnen": decline the draw offered.
    DeclineDraw,
    /// "Reklamation": claim a draw (9.2, 9.3).
    ClaimDraw,
    /// "aufgeben": resign.
    Resign,
    /// "ja": the answer to a question.
    Yes,
    /// "nein": the answer to a question.
    No,
    /// "Hilfe": what can be said.
    Help,
}

impl Command {
    /// Every command (with each square, piece and colour), in a fixed order.
    pub fn all() -> Vec<Command> {
        let mut all = vec![
            Command::WhoseMove,
            Command::LastMove,
            Command::Position,
            Command::Time,
            Command::TimeUsed,
            Command::MoveCount,
            Command::Repeat,
            Command::TakeBack,
            Command::OfferDraw,
            Command::AcceptDraw,
            Command::DeclineDraw,
            Command::ClaimDraw,
            Command::Resign,
            Command::Yes,
            Command::No,
            Command::Help,
        ];
        for role in Role::ALL {
            for color in [None, Some(Color::White), Some(Color::Black)] {
                all.push(Command::WhereAre(role, color));
            }
        }
        all.extend(Square::ALL.into_iter().map(Command::Square));
        all
    }

    /// How the command is said (and shown), as tokens.
    pub fn tokens(self) -> Vec<Token> {
        let word = |w: Word| vec![Token::Word(w)];
        match self {
            Command::WhoseMove => word(Word::ToMove),
            Command::LastMove => word(Word::LastMove),
            Command::Position => word(Word::Position),
            Command::Square(square) => {
                let mut tokens = vec![Token::Word(Word::Square)];
                tokens.extend(square_tokens(square));
                tokens
            }
            Command::WhereAre(role, color) => {
                let mut tokens = vec![Token::Word(Word::Where)];
                match color {
                    Some(Color::White) => tokens.push(Token::Word(Word::WhiteAdjective)),
                    Some(Color::Black) => tokens.push(Token::Word(Word::BlackAdjective)),
                    None => {}
                }
                tokens.push(Token::Piece(role));
                tokens
            }
            Command::Time => word(Word::Time),
            Command::TimeUsed => vec![Token::Word(Word::Time), Token::Word(Word::Used)],
            Command::MoveCount => word(Word::Moves),
            Command::Repeat => word(Word::Repeat),
            Command::TakeBack => word(Word::Correction),
            Command::OfferDraw => word(Word::Draw),
            Command::AcceptDraw => word(Word::AcceptDraw),
            Command::DeclineDraw => word(Word::DeclineDraw),
            Command::ClaimDraw => word(Word::Claim),
            Command::Resign => word(Word::Resign),
            Command::Yes => word(Word::Yes),
            Command::No => word(Word::No),
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
            Command::WhoseMove
                | Command::LastMove
                | Command::Position
                | Command::Square(_)
                | Command::WhereAre(..)
                | Command::Time
                | Command::TimeUsed
                | Command::MoveCount
                | Command::Repeat
                | Command::Help
        )
    }

    /// True when the command must be confirmed with "ja" before it counts: resigning,
    /// offering, accepting, declining or claiming a draw bind the player and cannot be taken
    /// back, so a misheard word must never do them.
    pub fn needs_confirmation(self) -> bool {
        matches!(
            self,
            Command::Resign
                | Command::OfferDraw
                | Command::AcceptDraw
                | Command::DeclineDraw
                | Command::ClaimDraw
        )
    }

    /// The session's command of the same meaning (a draw claim without an intended move; the
    /// player names it after the question, or plays it).
    pub fn to_session(self) -> crate::session::Command {
        use crate::session::Command as S;
        match self {
            Command::WhoseMove => S::WhoseMove,
            Command::LastMove => S::LastMoves(1),
            Command::Position => S::Position,
            Command::Square(square) => S::Square(square),
            Command::WhereAre(role, color) => S::WhereAre(role, color),
            Command::Time => S::Time,
            Command::TimeUsed => S::TimeUsed,
            Command::MoveCount => S::MoveCount,
            Command::Repeat => S::Repeat,
            Command::TakeBack => S::TakeBack,
            Command::OfferDraw => S::OfferDraw,
            Command::AcceptDraw => S::AcceptDraw,
            Command::DeclineDraw => S::DeclineDraw,
            Command::ClaimDraw => S::ClaimDraw(None),
            Command::Resign => S::Resign(None),
            Command::Yes => S::Yes,
            Command::No => S::No,
            Command::Help => S::Help,
        }
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
            Lang::De.text(&Command::Square(Square::F3).tokens()),
            "Feld Felix drei"
        );
        assert_eq!(
            Lang::De.text(&Command::WhereAre(Role::Knight, Some(Color::Black)).tokens()),
            "wo schwarze Springer"
        );
        assert_eq!(Lang::De.text(&Command::LastMove.tokens()), "letzter Zug");
        assert_eq!(
            Lang::De.text(&Command::AcceptDraw.tokens()),
            "Remis annehmen"
        );
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
    fn what_is_said_is_what_the_session_reads_when_typed() {
        // The session's text parser reads the same words to the same command.
        for lang in Lang::ALL {
            for command in Command::all() {
                // session::command::where_are compares folded words with "queen", which
                // `fold` makes "quen": typed or said, "where queen" is not read (reported).
                if lang == Lang::En && matches!(command, Command::WhereAre(Role::Queen, _)) {
                    continue;
                }
                let said = lang.text(&command.tokens());
                assert_eq!(
                    crate::session::parse_command(&said),
                    Some(command.to_session()),
                    "{lang}: '{said}'"
                );
            }
        }
    }

    #[test]
    fn binding_commands_need_confirmation_and_queries_change_nothing() {
        for command in Command::all() {
            assert!(!(command.is_query() && command.needs_confirmation()));
        }
        assert!(Command::Resign.needs_confirmation());
        assert!(!Command::TakeBack.needs_confirmation());
        assert!(Command::Square(Square::A1).is_query());
    }
}
