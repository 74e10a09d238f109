//! The help in short spoken pages by topic: "Hilfe" says the topics in one line; "Hilfe
//! Züge", "Hilfe Fragen", "Hilfe Uhr", "Hilfe Brett", "Hilfe Remis", "Hilfe Schiedsrichter"
//! (and the English and French forms) each a few short lines. Moves are tokens, so they are
//! said in the word set in force (the Annex D words or the language's own, D.2.1); commands
//! are their first phrase from the tables with example values; what is only typed (SAN,
//! `peg e2e4`) stands in the words' texts exactly as it is typed.

use std::time::Duration;

use shakmaty::{CastlingSide, Color, File, Rank, Role, Square};

use super::{ArbiterAction, Command};
use crate::lang::Lang;
use crate::words::{Token, Word, square_tokens};

/// What a page of the help is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HelpTopic {
    /// How moves are said or typed, promotion, "Korrektur".
    Moves,
    /// What can be asked: the position, a square, the last moves, whose move.
    Questions,
    /// The clock: pressing it, the times, the moves completed.
    Clock,
    /// The boards: the pegs, the simulated board's typed lines.
    Board,
    /// Draw offers, claims, resigning.
    Draw,
    /// The arbiter's commands.
    Arbiter,
}

impl HelpTopic {
    /// Every topic, in the order the first line lists them.
    pub const ALL: [HelpTopic; 6] = [
        HelpTopic::Moves,
        HelpTopic::Questions,
        HelpTopic::Clock,
        HelpTopic::Board,
        HelpTopic::Draw,
        HelpTopic::Arbiter,
    ];

    /// The topic's word, as said after "Hilfe".
    pub fn word(self) -> Word {
        match self {
            HelpTopic::Moves => Word::Moves,
            HelpTopic::Questions => Word::QuestionsTopic,
            HelpTopic::Clock => Word::Clock,
            HelpTopic::Board => Word::BoardTopic,
            HelpTopic::Draw => Word::Draw,
            HelpTopic::Arbiter => Word::Arbiter,
        }
    }
}

/// What about the game a help page depends on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HelpContext {
    /// The peg board is the simulated one, whose typed lines the board's page shows.
    pub simulated: bool,
    /// The opponent is remote (an online game): the draw page adds the requests only its
    /// server carries out (a takeback, aborting, claiming the win when the opponent left).
    pub remote: bool,
}

/// The lines of a help page in `lang` (each said on its own), for the game `context` says.
pub fn help_pages(lang: Lang, topic: Option<HelpTopic>, context: HelpContext) -> Vec<Vec<Token>> {
    let commands = |list: &[Command]| {
        let mut line = Vec::new();
        for (i, command) in list.iter().enumerate() {
            if i > 0 {
                line.push(Token::Pause);
            }
            line.extend(command.tokens(lang));
        }
        line
    };
    let Some(topic) = topic else {
        // One short line: the topics, an example, how to leave.
        let mut line = vec![Token::Word(Word::HelpTopics)];
        for topic in HelpTopic::ALL {
            line.extend([Token::Pause, Token::Word(topic.word())]);
        }
        line.extend([
            Token::Pause,
            Token::Word(Word::ForExample),
            Token::Word(Word::Help),
            Token::Word(Word::Moves),
            Token::Pause,
            Token::Word(Word::QuitToLeave),
        ]);
        return vec![line];
    };
    match topic {
        HelpTopic::Moves => {
            let f3 = square_tokens(Square::F3);
            let mut say = vec![Token::Word(Word::HelpMovesSay), Token::Pause];
            say.push(Token::Piece(Role::Knight));
            say.extend(f3);
            say.push(Token::Pause);
            say.push(Token::Piece(Role::Knight));
            say.extend(square_tokens(Square::G1));
            say.extend(f3);
            say.push(Token::Pause);
            say.extend([Token::File(File::E), Token::Rank(Rank::Fourth)]);
            say.extend([Token::Pause, Token::Castle(CastlingSide::KingSide)]);
            let mut promotion = vec![Token::Word(Word::HelpPromotion)];
            promotion.extend(square_tokens(Square::D8));
            promotion.push(Token::Piece(Role::Queen));
            vec![
                say,
                vec![Token::Word(Word::HelpTyped)],
                promotion,
                vec![
                    Token::Word(Word::Correction),
                    Token::Word(Word::HelpCorrection),
                ],
            ]
        }
        HelpTopic::Questions => vec![
            commands(&[
                Command::WhoseMove,
                Command::LastMoves(1),
                Command::LastMoves(5),
                Command::Position,
            ]),
            commands(&[
                Command::Square(Square::E4),
                Command::WhereAre(Role::Knight, Some(Color::White)),
                Command::OnFile(File::E, None, None),
                Command::Repeat,
            ]),
        ],
        HelpTopic::Clock => vec![
            {
                let mut line = vec![Token::Word(Word::HelpEnterPresses), Token::Pause];
                line.extend(Command::PressClock.tokens(lang));
                line
            },
            commands(&[Command::Time, Command::TimeUsed, Command::MoveCount]),
        ],
        HelpTopic::Board => {
            let mut lines = vec![vec![Token::Word(Word::HelpPegs)]];
            if context.simulated {
                lines.push(vec![Token::Word(Word::SimulatorHowTo)]);
            }
            lines.push(commands(&[Command::Position, Command::Fen]));
            lines
        }
        HelpTopic::Draw => {
            let mut lines = vec![
                commands(&[
                    Command::OfferDraw(None),
                    Command::AcceptDraw(None),
                    Command::AcceptDraw(Some(Color::Black)),
                    Command::DeclineDraw(None),
                ]),
                commands(&[Command::ClaimDraw(None), Command::Resign(None)]),
            ];
            if context.remote {
                lines.push(commands(&[
                    Command::ProposeTakeback,
                    Command::AcceptTakeback,
                    Command::DeclineTakeback,
                    Command::AbortGame,
                    Command::ClaimVictory,
                ]));
            }
            lines
        }
        HelpTopic::Arbiter => vec![
            commands(&[Command::CallArbiter]),
            commands(&[
                Command::Arbiter(ArbiterAction::Pause),
                Command::Arbiter(ArbiterAction::Resume),
                Command::Arbiter(ArbiterAction::AddTime(Color::White, 60)),
                Command::Arbiter(ArbiterAction::SetTime(
                    Color::White,
                    Duration::from_secs(83 * 60 + 10),
                )),
            ]),
            commands(&[
                Command::Arbiter(ArbiterAction::SetMoveNumber(24)),
                Command::Arbiter(ArbiterAction::IllegalMove(None)),
                Command::Arbiter(ArbiterAction::Claim),
                Command::Arbiter(ArbiterAction::Back(2)),
            ]),
        ],
    }
}
