//! How an online game ended, from the server's status and winner: the result and its reason
//! for the record (a [`GameOutcome`], or none for an aborted game) and the words said.
//!
//! lichess is the arbiter of an online game: its status says why the game ended and its
//! `winner` who won. Where the Laws have an article for the reason (mate, resignation,
//! stalemate, a flag, a draw by agreement, repetition, fifty moves, a dead position) the
//! record names it; where they have none (a player who left and lost on the server's claim,
//! the server's fair-play verdict, a first move not made) the record says the result was
//! declared ([`EndReason::Arbiter`]) and the words say what the server decided.

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

use crate::game::{DeadKind, EndReason, GameOutcome, GameResult, dead_position};
use crate::words::{Token, Word};

use super::wire::Status;

/// What the end is judged on besides the server's word.
#[derive(Debug, Clone, Copy)]
pub struct EndContext<'a> {
    /// The start position.
    pub start: &'a Chess,
    /// The game's moves.
    pub moves: &'a [Move],
    /// Our side.
    pub ours: Color,
    /// A draw offer stood in the state before the draw (so it was agreed).
    pub draw_offered: bool,
}

/// The end of an online game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlineEnd {
    /// The server's status.
    pub status: Status,
    /// The server's winner.
    pub winner: Option<Color>,
    /// The result and its reason for the record; `None` for a game without a result
    /// (aborted, or not begun).
    pub outcome: Option<GameOutcome>,
    /// The end in words: "schachmatt, Weiß gewinnt", "Schwarz hat die Partie verlassen, Weiß
    /// gewinnt", "Partie abgebrochen".
    pub tokens: Vec<Token>,
}

impl OnlineEnd {
    /// The end the server gave (`status`, `winner`), judged on `context`.
    pub fn new(status: Status, winner: Option<Color>, context: EndContext<'_>) -> OnlineEnd {
        let position = final_position(context.start, context.moves);
        let to_move = position.turn();
        let result = winner.map_or(GameResult::Draw, GameResult::win_for);
        let declared = |reason| Some(GameOutcome { result, reason });
        let outcome = match &status {
            Status::Created | Status::Started | Status::Aborted => None,
            Status::NoStart if winner.is_none() => None,
            Status::Mate => declared(EndReason::Checkmate),
            Status::Resign => match winner {
                Some(winner) => declared(EndReason::Resignation { by: !winner }),
                None => declared(EndReason::Arbiter),
            },
            Status::Stalemate => declared(EndReason::Stalemate),
            Status::OutOfTime => declared(EndReason::FlagFall {
                fallen: winner.map_or(to_move, |winner| !winner),
            }),
            Status::Draw => declared(draw_reason(&context, &position)),
            Status::InsufficientMaterialClaim => declared(EndReason::DeadPosition {
                kind: DeadKind::InsufficientMaterial,
            }),
            Status::Timeout
            | Status::Cheat
            | Status::NoStart
            | Status::UnknownFinish
            | Status::VariantEnd
            | Status::Other(_) => declared(EndReason::Arbiter),
        };
        let tokens = words(&status, winner, outcome, context.ours, to_move);
        OnlineEnd {
            status,
            winner,
            outcome,
            tokens,
        }
    }
}

fn final_position(start: &Chess, moves: &[Move]) -> Chess {
    let mut position = start.clone();
    for m in moves {
        if position.is_legal(*m) {
            position.play_unchecked(*m);
        }
    }
    position
}

/// Why a game lichess calls drawn is drawn: agreed (an offer stood), a dead position, fifty
/// moves, a repetition; else the server's word.
fn draw_reason(context: &EndContext<'_>, position: &Chess) -> EndReason {
    if context.draw_offered {
        return EndReason::Agreement;
    }
    if let Some(kind) = dead_position(position) {
        return EndReason::DeadPosition { kind };
    }
    if repetitions(context.start, context.moves) >= 3 {
        return EndReason::ThreefoldRepetition;
    }
    if position.halfmoves() >= 100 {
        return EndReason::FiftyMoves;
    }
    EndReason::Agreement
}

/// How often the final position stood on the board.
fn repetitions(start: &Chess, moves: &[Move]) -> usize {
    let hash = |p: &Chess| p.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
    let mut position = start.clone();
    let mut seen = vec![hash(&position)];
    for m in moves {
        if !position.is_legal(*m) {
            break;
        }
        position.play_unchecked(*m);
        seen.push(hash(&position));
    }
    let last = *seen.last().expect("the start is there");
    seen.iter().filter(|h| **h == last).count()
}

fn words(
    status: &Status,
    winner: Option<Color>,
    outcome: Option<GameOutcome>,
    ours: Color,
    to_move: Color,
) -> Vec<Token> {
    let w = Token::Word;
    let verdict = |out: &mut Vec<Token>| {
        out.push(Token::Pause);
        match winner {
            Some(winner) => out.extend([Token::Side(winner), w(Word::Wins)]),
            None => out.push(w(Word::Draw)),
        }
    };
    let mut out = Vec::new();
    match status {
        Status::Aborted => out.push(w(Word::GameAborted)),
        Status::NoStart => {
            let late = winner.map_or(to_move, |winner| !winner);
            out.extend([Token::Side(late), w(Word::NoFirstMove)]);
            if winner.is_some() {
                verdict(&mut out);
            } else {
                out.extend([Token::Pause, w(Word::GameAborted)]);
            }
        }
        Status::Timeout => {
            // The one who left lost (or the other claimed a draw): with no winner it was
            // the opponent who left, since only the one who stayed can claim.
            let left = winner.map_or(!ours, |winner| !winner);
            out.extend([Token::Side(left), w(Word::LeftTheGame)]);
            verdict(&mut out);
        }
        Status::Cheat => {
            out.push(w(Word::EndedByServer));
            verdict(&mut out);
        }
        Status::UnknownFinish | Status::VariantEnd | Status::Other(_) => {
            out.push(w(Word::GameOver));
            verdict(&mut out);
        }
        Status::Created | Status::Started => {}
        Status::Mate
        | Status::Resign
        | Status::Stalemate
        | Status::OutOfTime
        | Status::Draw
        | Status::InsufficientMaterialClaim => match outcome {
            Some(outcome) if outcome.reason != EndReason::Arbiter => out = outcome.tokens(),
            _ => {
                out.push(w(Word::GameOver));
                verdict(&mut out);
            }
        },
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::online::moves::parse_server_moves;

    fn end(status: &str, winner: Option<Color>, moves: &str, offered: bool) -> OnlineEnd {
        let start = Chess::default();
        let moves = parse_server_moves(&start, moves).unwrap();
        OnlineEnd::new(
            Status::from_name(status),
            winner,
            EndContext {
                start: &start,
                moves: &moves,
                ours: Color::White,
                draw_offered: offered,
            },
        )
    }

    fn said(end: &OnlineEnd) -> String {
        Lang::De.text(&end.tokens)
    }

    #[test]
    fn each_status_has_its_result_reason_and_words() {
        let mate = end("mate", Some(Color::Black), "f2f3 e7e5 g2g4 d8h4", false);
        assert_eq!(mate.outcome.unwrap().reason, EndReason::Checkmate);
        assert_eq!(said(&mate), "schachmatt, Schwarz gewinnt");

        let resign = end("resign", Some(Color::White), "e2e4", false);
        assert_eq!(
            resign.outcome.unwrap().reason,
            EndReason::Resignation { by: Color::Black }
        );
        assert_eq!(said(&resign), "Schwarz gibt auf, Weiß gewinnt");

        let flag = end("outoftime", Some(Color::White), "e2e4 e7e5", false);
        assert_eq!(
            flag.outcome.unwrap().reason,
            EndReason::FlagFall {
                fallen: Color::Black
            }
        );
        assert_eq!(said(&flag), "Schwarz Zeit abgelaufen, Weiß gewinnt");

        let left = end("timeout", Some(Color::White), "e2e4 e7e5", false);
        assert_eq!(left.outcome.unwrap().reason, EndReason::Arbiter);
        assert_eq!(left.outcome.unwrap().result, GameResult::WhiteWins);
        assert_eq!(
            said(&left),
            "Schwarz hat die Partie verlassen, Weiß gewinnt"
        );

        let aborted = end("aborted", None, "e2e4", false);
        assert_eq!(aborted.outcome, None);
        assert_eq!(said(&aborted), "Partie abgebrochen");

        let no_start = end("noStart", None, "e2e4", false);
        assert_eq!(no_start.outcome, None);
        assert_eq!(
            said(&no_start),
            "Schwarz hat den ersten Zug nicht gemacht, Partie abgebrochen"
        );

        let agreed = end("draw", None, "e2e4 e7e5", true);
        assert_eq!(agreed.outcome.unwrap().reason, EndReason::Agreement);
        assert_eq!(agreed.outcome.unwrap().result, GameResult::Draw);

        let repeated = end(
            "draw",
            None,
            "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
            false,
        );
        assert_eq!(
            repeated.outcome.unwrap().reason,
            EndReason::ThreefoldRepetition
        );

        let cheat = end("cheat", Some(Color::White), "e2e4", false);
        assert_eq!(said(&cheat), "vom Server beendet, Weiß gewinnt");
        let unknown = end("somethingNew", None, "e2e4", false);
        assert_eq!(said(&unknown), "Partie beendet, Remis");
    }

    #[test]
    fn a_draw_claimed_against_a_player_who_left_names_him() {
        let claimed = end("timeout", None, "e2e4 e7e5", false);
        assert_eq!(
            Lang::En.text(&claimed.tokens),
            "Black has left the game, draw"
        );
        assert_eq!(claimed.outcome.unwrap().result, GameResult::Draw);
    }
}
