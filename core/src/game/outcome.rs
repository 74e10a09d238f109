//! How a game ends: the result (1-0, 0-1, ½-½) and the article of the Laws that ended it.

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::lang::ENGLISH;
use crate::words::{Token, Word};

use super::color_serde;

/// The score of a finished game (Article 10.1). Serialized as its PGN token ("1-0").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// White wins: 1-0.
    WhiteWins,
    /// Black wins: 0-1.
    BlackWins,
    /// Drawn: ½-½.
    Draw,
}

impl GameResult {
    /// The result won by `color`.
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// Parses a PGN result token.
    pub fn from_pgn(text: &str) -> Option<GameResult> {
        match text.trim() {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            _ => None,
        }
    }
}

impl Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.pgn())
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        GameResult::from_pgn(&text).ok_or_else(|| {
            serde::de::Error::custom(format!("'{text}' is not a result (1-0, 0-1, 1/2-1/2)"))
        })
    }
}

/// Why a dead position (Article 5.2.2) is dead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeadKind {
    /// Neither side has the material to mate by any sequence of legal moves.
    InsufficientMaterial,
    /// Only kings and pawns, every pawn blocked for ever, and no king can ever reach an enemy
    /// pawn: nothing but the kings can ever move, so no check and no mate can ever happen.
    BlockedPawns,
}

/// The article that ended the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// 5.1.1: checkmate.
    Checkmate,
    /// 5.1.2: `by` resigned.
    Resignation {
        /// The player who resigned.
        #[serde(with = "color_serde")]
        by: Color,
    },
    /// 5.2.1: stalemate.
    Stalemate,
    /// 5.2.2: dead position.
    DeadPosition {
        /// What makes it dead.
        kind: DeadKind,
    },
    /// 5.2.3 / 9.1: draw by agreement.
    Agreement,
    /// 9.2: a correct claim of threefold repetition.
    ThreefoldRepetition,
    /// 9.3: a correct claim of fifty moves without a pawn move or capture.
    FiftyMoves,
    /// 9.6.1: the same position five times (automatic).
    FivefoldRepetition,
    /// 9.6.2: seventy-five moves each without a pawn move or capture (automatic).
    SeventyFiveMoves,
    /// 6.9: the flag of `fallen` fell. A loss, or a draw when the opponent cannot mate.
    FlagFall {
        /// The player whose time ran out.
        #[serde(with = "color_serde")]
        fallen: Color,
    },
    /// 7.5.3 (second completed illegal move) or A.4.2 (rapid / blitz): a loss, or a draw when
    /// the opponent cannot mate.
    IllegalMoves {
        /// The player who completed the illegal move.
        #[serde(with = "color_serde")]
        by: Color,
    },
    /// A result declared by the arbiter for a reason outside these rules.
    Arbiter,
}

impl EndReason {
    /// The PGN `Termination` tag value for this reason.
    pub fn pgn_termination(self) -> &'static str {
        match self {
            EndReason::FlagFall { .. } => "time forfeit",
            EndReason::IllegalMoves { .. } => "rules infraction",
            EndReason::Arbiter => "adjudication",
            _ => "normal",
        }
    }
}

/// A finished game: its result and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOutcome {
    /// 1-0, 0-1 or ½-½.
    pub result: GameResult,
    /// The article that ended the game.
    pub reason: EndReason,
}

impl GameOutcome {
    /// The tokens that announce the end of the game, e.g. "schachmatt, Weiß gewinnt".
    pub fn tokens(&self) -> Vec<Token> {
        use Token::{Pause, Side};
        let w = Token::Word;
        let mut out = Vec::with_capacity(8);
        match self.reason {
            EndReason::Checkmate => out.push(w(Word::Checkmate)),
            EndReason::Resignation { by } => out.extend([Side(by), w(Word::Resigns)]),
            EndReason::Stalemate => out.push(w(Word::Stalemate)),
            EndReason::DeadPosition {
                kind: DeadKind::InsufficientMaterial,
            } => out.extend([w(Word::DeadPosition), Pause, w(Word::InsufficientMaterial)]),
            EndReason::DeadPosition {
                kind: DeadKind::BlockedPawns,
            } => out.push(w(Word::DeadPosition)),
            EndReason::Agreement => out.push(w(Word::DrawAccepted)),
            EndReason::ThreefoldRepetition => {
                out.extend([w(Word::ClaimCorrect), Pause, w(Word::ThreefoldRepetition)])
            }
            EndReason::FiftyMoves => {
                out.extend([w(Word::ClaimCorrect), Pause, w(Word::FiftyMoves)])
            }
            EndReason::FivefoldRepetition => out.push(w(Word::FivefoldRepetition)),
            EndReason::SeventyFiveMoves => out.push(w(Word::SeventyFiveMoves)),
            EndReason::FlagFall { fallen } => out.extend([Side(fallen), w(Word::FlagFell)]),
            EndReason::IllegalMoves { by } => {
                out.extend([Side(by), w(Word::IllegalMove), Pause, w(Word::GameLost)])
            }
            EndReason::Arbiter => out.push(w(Word::ArbiterDecision)),
        }
        out.push(Pause);
        match self.result.winner() {
            Some(winner) => out.extend([Side(winner), w(Word::Wins)]),
            None => {
                // On time or after illegal moves a draw needs its reason: the opponent cannot mate.
                if let EndReason::FlagFall { fallen: loser }
                | EndReason::IllegalMoves { by: loser } = self.reason
                {
                    out.extend([Side(!loser), w(Word::CannotMate), Pause]);
                }
                out.push(w(Word::Draw));
            }
        }
        out
    }
}

impl fmt::Display for GameOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({})",
            ENGLISH.text(&self.tokens()),
            self.result.pgn()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn outcomes_are_said_in_words() {
        let mate = GameOutcome {
            result: GameResult::WhiteWins,
            reason: EndReason::Checkmate,
        };
        assert_eq!(Lang::De.text(&mate.tokens()), "schachmatt, Weiß gewinnt");
        let flag = GameOutcome {
            result: GameResult::Draw,
            reason: EndReason::FlagFall {
                fallen: Color::White,
            },
        };
        assert_eq!(
            Lang::De.text(&flag.tokens()),
            "Weiß Zeit abgelaufen, Schwarz kann nicht mattsetzen, Remis"
        );
        assert_eq!(
            flag.to_string(),
            "White flag fell, Black cannot checkmate, draw (1/2-1/2)"
        );
    }

    #[test]
    fn results_round_trip_through_pgn() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ] {
            assert_eq!(GameResult::from_pgn(r.pgn()), Some(r));
        }
        assert_eq!(GameResult::from_pgn("*"), None);
    }
}
