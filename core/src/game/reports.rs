//! What the game answers: played moves, move reports, claim verdicts, penalties and refusals,
//! each speakable as tokens (and shown in English words by `Display`, for logs).

use std::fmt;

use shakmaty::{Color, Move, san::SanPlus};

use crate::lang::ENGLISH;
use crate::words::{Token, Word};

use super::outcome::GameOutcome;

/// One move of the game score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// Its algebraic notation with check / mate suffix.
    pub san: SanPlus,
    /// Who played it.
    pub by: Color,
    /// Its move number (the fullmove number of the position it was played in).
    pub number: u32,
    /// Whether the player offered a draw with this move (9.1.2.2: recorded as `(=)`).
    pub draw_offer: bool,
}

/// What a played move brought about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReport {
    /// The move as recorded.
    pub played: PlayedMove,
    /// The move gives check (or mate).
    pub check: bool,
    /// The move gives checkmate.
    pub checkmate: bool,
    /// The game ended with this move (mate, stalemate, dead position, 9.6 automatic draw).
    pub outcome: Option<GameOutcome>,
    /// A draw offer of the opponent that lapsed because this move was played (9.1.2.1).
    pub lapsed_offer: Option<Color>,
    /// How often the position after the move has now appeared (9.2.2).
    pub repetitions: usize,
}

impl MoveReport {
    /// What to say besides the move itself (which the notation renders): the end of the game
    /// if it ended, else that the opponent's draw offer lapsed, if it did; otherwise nothing.
    pub fn tokens(&self) -> Vec<Token> {
        match (self.outcome, self.lapsed_offer) {
            (Some(outcome), _) => outcome.tokens(),
            (None, Some(_)) => vec![Token::Word(Word::DrawOfferLapsed)],
            (None, None) => Vec::new(),
        }
    }
}

/// Time the arbiter gives a player as a penalty against the opponent (7.5.3, 9.5.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeBonus {
    /// Who receives the time.
    pub to: Color,
    /// How many minutes.
    pub minutes: u32,
}

impl TimeBonus {
    /// "Schwarz erhält zwei Minuten", "Noir reçoit deux minutes".
    pub fn tokens(&self) -> Vec<Token> {
        vec![
            Token::Side(self.to),
            Token::Word(Word::Receives),
            Token::Minutes(self.minutes),
        ]
    }
}

/// The two draws a player can claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawClaim {
    /// 9.2: the same position for the third time.
    ThreefoldRepetition,
    /// 9.3: fifty moves by each player without a pawn move or capture.
    FiftyMoves,
}

/// Why a claim was not even examined; the game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimRefusal {
    /// The game is already over.
    GameOver,
    /// Only the player to move may claim (9.2.1, 9.3).
    NotToMove,
    /// The written intended move is not legal, so it cannot be played (9.5.3).
    IntendedMoveIllegal,
}

impl ClaimRefusal {
    /// The reason in words.
    pub fn tokens(&self) -> Vec<Token> {
        match self {
            ClaimRefusal::GameOver => vec![Token::Word(Word::GameOver)],
            ClaimRefusal::NotToMove => vec![Token::Word(Word::ClaimOnlyOnMove)],
            ClaimRefusal::IntendedMoveIllegal => {
                vec![
                    Token::Word(Word::IntendedMove),
                    Token::Pause,
                    Token::Word(Word::NotLegal),
                ]
            }
        }
    }
}

/// The arbiter's answer to a draw claim (9.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimVerdict {
    /// 9.5.2: the claim is correct and the game is drawn.
    Correct {
        /// The claimant.
        by: Color,
        /// Which draw was correctly claimed.
        claim: DrawClaim,
        /// The intended move, entered in the game score when the claim rests on it.
        intended_played: Option<PlayedMove>,
        /// The drawn game.
        outcome: GameOutcome,
    },
    /// 9.5.3: the claim is incorrect: the opponent gets time, the game goes on, the intended
    /// move (if any) must be made on the board, and the claim stands as a draw offer (9.1.2.3).
    Incorrect {
        /// The claimant.
        by: Color,
        /// The time the opponent receives.
        bonus: TimeBonus,
        /// The intended move, which must now be made "in accordance with Articles 3 and 4".
        intended: Option<Move>,
        /// The intended move played with the claim, in journals of earlier versions only.
        played: Option<MoveReport>,
        /// Why: how often the position (after the intended move) has stood on the board, and
        /// the moves since the last capture or pawn move (9.2 needs three, 9.3 fifty).
        shortfall: ClaimShortfall,
    },
    /// The claim could not be examined; nothing changed.
    Refused(ClaimRefusal),
}

/// How far an incorrect claim fell short of a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClaimShortfall {
    /// How often the position has stood on the board (with the same player to move and the
    /// same possible moves), this time included.
    pub occurrences: u32,
    /// Moves by each player since the last capture or pawn move.
    pub moves_without_capture: u32,
}

impl ClaimShortfall {
    /// "die Stellung stand erst zweimal auf dem Brett, zwölf Züge ohne Schlagen oder
    /// Bauernzug".
    pub fn tokens(&self) -> Vec<Token> {
        // A third time makes a claim of repetition correct (9.2): an incorrect one saw the
        // position once or twice.
        let mut out = vec![
            Token::Word(if self.occurrences <= 1 {
                Word::PositionOccurredOnce
            } else {
                Word::PositionOccurredTwice
            }),
            Token::Pause,
        ];
        match self.moves_without_capture {
            0 => out.push(Token::Word(Word::NoMoveWithoutCapture)),
            1 => out.push(Token::Word(Word::OneMoveWithoutCapture)),
            n => out.extend([Token::Number(n), Token::Word(Word::MovesWithoutCapture)]),
        }
        out
    }
}

impl ClaimVerdict {
    /// The verdict in words.
    pub fn tokens(&self) -> Vec<Token> {
        let w = Token::Word;
        match self {
            ClaimVerdict::Correct { by, outcome, .. } => {
                let mut out = vec![Token::Side(*by), w(Word::ClaimsDraw), Token::Pause];
                out.extend(outcome.tokens());
                out
            }
            ClaimVerdict::Incorrect {
                by,
                bonus,
                intended,
                played,
                shortfall,
            } => {
                let mut out = vec![
                    Token::Side(*by),
                    w(Word::ClaimsDraw),
                    Token::Pause,
                    w(Word::ClaimIncorrect),
                    Token::Pause,
                ];
                out.extend(shortfall.tokens());
                out.push(Token::Pause);
                out.extend(bonus.tokens());
                if intended.is_some() || played.is_some() {
                    out.extend([Token::Pause, w(Word::IntendedMove), w(Word::MustBePlayed)]);
                }
                if let Some(outcome) = played.as_ref().and_then(|report| report.outcome) {
                    out.push(Token::Pause);
                    out.extend(outcome.tokens());
                    return out;
                }
                out.extend([Token::Pause, w(Word::CountsAsDrawOffer)]);
                out
            }
            ClaimVerdict::Refused(refusal) => refusal.tokens(),
        }
    }

    /// The game outcome the verdict brought, if any.
    pub fn outcome(&self) -> Option<GameOutcome> {
        match self {
            ClaimVerdict::Correct { outcome, .. } => Some(*outcome),
            ClaimVerdict::Incorrect {
                played: Some(report),
                ..
            } => report.outcome,
            _ => None,
        }
    }
}

/// The penalty for a completed illegal move (7.5.3, A.4.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMovePenalty {
    /// The opponent receives time; the game goes on from the restored position.
    TimeBonus {
        /// The player who completed the illegal move.
        offender: Color,
        /// His illegal moves in this game so far, this one included.
        count: u32,
        /// The time his opponent receives.
        bonus: TimeBonus,
    },
    /// The game is lost by the offender, or drawn when the opponent cannot mate.
    GameOver {
        /// The player who completed the illegal move.
        offender: Color,
        /// His illegal moves in this game so far, this one included.
        count: u32,
        /// The result.
        outcome: GameOutcome,
    },
}

impl IllegalMovePenalty {
    /// The penalty in words: "Weiß regelwidriger Zug, Strafe, Schwarz erhält zwei Minuten".
    pub fn tokens(&self) -> Vec<Token> {
        match self {
            IllegalMovePenalty::TimeBonus {
                offender, bonus, ..
            } => {
                let mut out = vec![
                    Token::Side(*offender),
                    Token::Word(Word::IllegalMove),
                    Token::Pause,
                    Token::Word(Word::Penalty),
                    Token::Pause,
                ];
                out.extend(bonus.tokens());
                out
            }
            IllegalMovePenalty::GameOver { outcome, .. } => outcome.tokens(),
        }
    }

    /// The game outcome, when the penalty ended the game.
    pub fn outcome(&self) -> Option<GameOutcome> {
        match self {
            IllegalMovePenalty::GameOver { outcome, .. } => Some(*outcome),
            IllegalMovePenalty::TimeBonus { .. } => None,
        }
    }

    /// The time bonus for the clock, when there is one.
    pub fn bonus(&self) -> Option<TimeBonus> {
        match self {
            IllegalMovePenalty::TimeBonus { bonus, .. } => Some(*bonus),
            IllegalMovePenalty::GameOver { .. } => None,
        }
    }
}

/// Why a move, a FEN or an action was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game is already over.
    #[error("the game is over: {0}")]
    GameOver(GameOutcome),
    /// The move is not legal in the current position.
    #[error("not a legal move: {uci}")]
    IllegalMove {
        /// The move in UCI notation.
        uci: String,
    },
    /// The FEN could not be read or describes an impossible position.
    #[error("invalid position '{fen}': {reason}")]
    BadFen {
        /// The text given.
        fen: String,
        /// What is wrong with it.
        reason: String,
    },
}

impl GameError {
    /// The refusal in words.
    pub fn tokens(&self) -> Vec<Token> {
        match self {
            GameError::GameOver(outcome) => {
                let mut out = vec![Token::Word(Word::GameOver), Token::Pause];
                out.extend(outcome.tokens());
                out
            }
            GameError::IllegalMove { .. } => vec![Token::Word(Word::NotLegal)],
            GameError::BadFen { .. } => vec![Token::Word(Word::InvalidPosition)],
        }
    }
}

/// Why a draw offer, acceptance or refusal was not taken; the game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum DrawOfferError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// 9.1.2.3: the opponent's offer stands; it is to be accepted or declined.
    #[error("the opponent's draw offer stands")]
    OpponentHasOffered,
    /// 5.2.3: no agreed draw before each player has made a move.
    #[error("no draw before both sides have moved")]
    BeforeBothHaveMoved,
    /// This player's offer is already pending.
    #[error("a draw is already offered")]
    AlreadyOffered,
    /// There is no offer of the opponent to answer.
    #[error("no draw offer")]
    NoOffer,
}

impl DrawOfferError {
    /// The refusal in words.
    pub fn tokens(&self) -> Vec<Token> {
        let word = match self {
            DrawOfferError::GameOver => Word::GameOver,
            DrawOfferError::OpponentHasOffered => Word::DrawAlreadyOffered,
            DrawOfferError::BeforeBothHaveMoved => Word::DrawNotYet,
            DrawOfferError::AlreadyOffered => Word::DrawAlreadyOffered,
            DrawOfferError::NoOffer => Word::NoDrawOffer,
        };
        vec![Token::Word(word)]
    }
}

macro_rules! display_in_english {
    ($($ty:ty),*) => {$(
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&ENGLISH.text(&self.tokens()))
            }
        }
    )*};
}

display_in_english!(TimeBonus, ClaimRefusal, ClaimVerdict, IllegalMovePenalty);
