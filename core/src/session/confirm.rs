//! What ends a game is confirmed: resigning, accepting a draw, claiming one, and leaving the
//! program during a game wait for one word or key ("ja", or the side asked for) before they
//! count, typed or spoken, so that a slip of the keyboard or a misheard word never ends a
//! game, and never for the wrong side.
//!
//! Whose a command is ([`whose`]) is decided here alone, from where it came ([`Source`]) and
//! the seat: the microphone and the peg board's keys are the VI player's in the player's
//! seat; a keyboard that types both players' moves speaks for both, so the program asks
//! which side it is for, unless the command names it.

use shakmaty::Color;

use crate::command::Command;
use crate::config::SeatRole;
use crate::words::{Token, Word};

/// Where a command came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A typed line.
    Keyboard,
    /// The speech recogniser (its own "ja" already confirmed what needs it).
    Microphone,
    /// A key of the VI player's peg board.
    PegBoardKey,
}

/// What decides whose a command is: the seat, the VI player's side, and whether the
/// sighted player has a board of his own (then the keyboard is not his).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seating {
    /// Who sits at the program.
    pub role: SeatRole,
    /// The VI player's side (`--vi-side`).
    pub vi_side: Color,
    /// The opponent's moves come from a source of their own (the sighted player's e-board
    /// the program sees, a chess program, a remote player): the keyboard is not his.
    pub sighted_has_board: bool,
}

/// Whose a command from `source` is, when the seat tells; `None` when the source speaks for
/// both players (then a command that ends the game asks).
pub fn whose(source: Source, seating: Seating) -> Option<Color> {
    let players_seat = seating.role == SeatRole::Player;
    match source {
        Source::PegBoardKey => Some(seating.vi_side),
        Source::Microphone => players_seat.then_some(seating.vi_side),
        // The keyboard types the opponent's moves too, unless his own board sends them.
        Source::Keyboard => (players_seat && seating.sighted_has_board).then_some(seating.vi_side),
    }
}

/// Whether a command ends the game when it is carried out (and so waits for a confirmation).
pub(super) fn ends_the_game(command: &Command) -> bool {
    matches!(
        command,
        Command::Resign(_) | Command::AcceptDraw(_) | Command::ClaimDraw(_) | Command::Quit
    )
}

/// A command that ends the game, waiting for its confirmation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Pending {
    /// The command, its side named when it is known.
    pub command: Command,
    /// The side it is for, when known; else the question is whose it is.
    pub side: Option<Color>,
}

impl Pending {
    /// The question: "aufgeben Weiß? ja oder nein", or "aufgeben: Weiß oder Schwarz?".
    pub fn question(&self, lang: crate::lang::Lang) -> Vec<Token> {
        let Some(side) = self.side else {
            let mut tokens = self.command.tokens(lang);
            tokens.extend([
                Token::Pause,
                Token::Side(Color::White),
                Token::Word(Word::Or),
                Token::Side(Color::Black),
                Token::Word(Word::Question),
            ]);
            return tokens;
        };
        let mut tokens = self.for_side(side).tokens(lang);
        if matches!(self.command, Command::ClaimDraw(_)) {
            tokens.push(Token::Side(side));
        }
        tokens.extend([
            Token::Word(Word::Question),
            Token::Word(Word::Yes),
            Token::Word(Word::Or),
            Token::Word(Word::No),
        ]);
        tokens
    }

    /// The command for `side`, confirmed.
    pub fn for_side(&self, side: Color) -> Command {
        match &self.command {
            Command::Resign(_) => Command::Resign(Some(side)),
            Command::AcceptDraw(_) => Command::AcceptDraw(Some(side)),
            other => other.clone(),
        }
    }
}

/// What an answer to a pending confirmation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Answer {
    /// Yes (or the same command again): carry it out.
    Yes,
    /// This side (the question was whose it is; naming it confirms it).
    Side(Color),
    /// No: not carried out.
    No,
    /// Something else: the question lapses, and the line is what it is.
    Other,
}

/// Reads a line (typed, or heard as text) as the answer to `pending`.
pub(super) fn answer(lang: crate::lang::Lang, pending: &Pending, line: &str) -> Answer {
    if let Some(side) = crate::command::parse_side(lang, line) {
        return Answer::Side(side);
    }
    match crate::command::parse(lang, line) {
        Some(Command::Yes) => Answer::Yes,
        Some(Command::No) => Answer::No,
        Some(again) if same_kind(&again, &pending.command) => match side_of(&again) {
            Some(side) => Answer::Side(side),
            None => Answer::Yes,
        },
        _ => Answer::Other,
    }
}

fn same_kind(a: &Command, b: &Command) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// The side a command names, if it names one.
pub(super) fn side_of(command: &Command) -> Option<Color> {
    match command {
        Command::Resign(side) | Command::AcceptDraw(side) => *side,
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keyboard_speaks_for_both_players_unless_the_opponent_has_his_own_board() {
        let seating = Seating {
            role: SeatRole::Player,
            vi_side: Color::Black,
            sighted_has_board: false,
        };
        assert_eq!(whose(Source::Keyboard, seating), None);
        assert_eq!(whose(Source::Microphone, seating), Some(Color::Black));
        assert_eq!(whose(Source::PegBoardKey, seating), Some(Color::Black));
        let with_board = Seating {
            sighted_has_board: true,
            ..seating
        };
        assert_eq!(whose(Source::Keyboard, with_board), Some(Color::Black));
        let assistant = Seating {
            role: SeatRole::Assistant,
            ..with_board
        };
        assert_eq!(whose(Source::Keyboard, assistant), None);
        assert_eq!(whose(Source::Microphone, assistant), None);
    }
}
