//! The game: positions, the game score, offers, claims, penalties and the result, by the Laws.

use shakmaty::{
    Bitboard, Board, ByColor, CastlingMode, Chess, Color, EnPassantMode, Move, Position, Square,
    fen::Fen, san::SanPlus,
};

use super::dead::{can_checkmate, dead_position};
use super::outcome::{EndReason, GameOutcome, GameResult};
use super::pace::{IllegalMoveRule, Pace};
use super::reports::{
    ClaimRefusal, ClaimShortfall, ClaimVerdict, DrawClaim, DrawOfferError, GameError,
    IllegalMovePenalty, MoveReport, PlayedMove, TimeBonus,
};

/// Positions equal in the sense of 9.2.2: same player to move, same pieces on the same squares,
/// same castling rights, same legal en passant capture.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct RepetitionKey {
    board: Board,
    turn: Color,
    castling_rights: Bitboard,
    en_passant: Option<Square>,
}

impl RepetitionKey {
    fn of(pos: &Chess) -> RepetitionKey {
        RepetitionKey {
            board: pos.board().clone(),
            turn: pos.turn(),
            castling_rights: pos.castles().castling_rights(),
            en_passant: pos.legal_ep_square(),
        }
    }
}

/// The state a move changes besides the position, kept to take the move back.
#[derive(Debug, Clone, PartialEq, Eq)]
struct BeforeMove {
    pending_offer: Option<Color>,
    offer_unmarked: bool,
    outcome: Option<GameOutcome>,
}

/// A game under the FIDE Laws of Chess (2018): the moves, and everything that ends a game.
///
/// Every method that is refused leaves the game exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pace: Pace,
    start_fen: String,
    /// `positions[0]` is the start, `positions[i]` the position after ply `i`; never empty.
    positions: Vec<Chess>,
    keys: Vec<RepetitionKey>,
    history: Vec<PlayedMove>,
    before: Vec<BeforeMove>,
    pending_offer: Option<Color>,
    /// The standing offer was made before the offerer's move: `(=)` goes with that move.
    offer_unmarked: bool,
    outcome: Option<GameOutcome>,
    illegal_moves: ByColor<u32>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position, standard pace.
    pub fn new() -> Game {
        Game::from_position(Chess::default())
    }

    /// A game from a position given as FEN. A FEN that cannot be read, or that describes an
    /// impossible position, is refused with the reason.
    pub fn from_fen(fen: &str) -> Result<Game, GameError> {
        let bad = |reason: String| GameError::BadFen {
            fen: fen.to_string(),
            reason,
        };
        let parsed: Fen = fen.trim().parse().map_err(|e| bad(format!("{e}")))?;
        let pos: Chess = parsed
            .into_position(CastlingMode::Standard)
            .map_err(|e| bad(format!("{e}")))?;
        Ok(Game::from_position(pos))
    }

    /// A game from a legal position.
    pub fn from_position(pos: Chess) -> Game {
        let start_fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        let mut game = Game {
            pace: Pace::default(),
            start_fen,
            keys: vec![RepetitionKey::of(&pos)],
            positions: vec![pos],
            history: Vec::new(),
            before: Vec::new(),
            pending_offer: None,
            offer_unmarked: false,
            outcome: None,
            illegal_moves: ByColor::default(),
        };
        game.outcome = game.automatic_outcome();
        game
    }

    /// The same game with another pace (the penalty figures).
    pub fn with_pace(mut self, pace: Pace) -> Game {
        self.pace = pace;
        self
    }

    /// Sets the pace (the penalty figures) for what follows.
    pub fn set_pace(&mut self, pace: Pace) {
        self.pace = pace;
    }

    /// The pace whose penalty figures apply.
    pub fn pace(&self) -> Pace {
        self.pace
    }

    /// The starting position as FEN.
    pub fn start_fen(&self) -> String {
        self.start_fen.clone()
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The position before ply `ply` (0 = the start); `ply == history().len()` is the current.
    pub fn position_at(&self, ply: usize) -> Option<&Chess> {
        self.positions.get(ply)
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        Fen::from_position(self.position(), EnPassantMode::Legal).to_string()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// The fullmove number of the side to move.
    pub fn move_number(&self) -> u32 {
        self.position().fullmoves().get()
    }

    /// How many moves the game score holds, a move being a white and a black move under one
    /// number (8.1, Appendix C): "1. e4 e5 2. Nf3" is two moves, not three half-moves.
    pub fn moves_played(&self) -> u32 {
        let mut numbers: Vec<u32> = self.history.iter().map(|m| m.number).collect();
        numbers.dedup();
        numbers.len() as u32
    }

    /// The game score.
    pub fn history(&self) -> &[PlayedMove] {
        &self.history
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<&GameOutcome> {
        self.outcome.as_ref()
    }

    /// True once the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The player whose draw offer (or claim, 9.1.2.3) stands.
    pub fn pending_draw_offer(&self) -> Option<Color> {
        self.pending_offer
    }

    /// The completed illegal moves of `color` in this game.
    pub fn illegal_move_count(&self, color: Color) -> u32 {
        *self.illegal_moves.get(color)
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.position().halfmoves()
    }

    /// How often the current position has appeared (9.2.2), this time included.
    pub fn repetition_count(&self) -> usize {
        let current = self.keys.len() - 1;
        1 + self.earlier_occurrences(&self.keys[current], current, self.halfmove_clock())
    }

    /// False only when `color` cannot checkmate by any sequence of legal moves (6.9, 7.5.3).
    pub fn can_checkmate(&self, color: Color) -> bool {
        can_checkmate(self.position(), color)
    }

    /// Plays a legal move (a move completed on the board, Article 6.2 / D.2.3), and applies
    /// what it brings: mate, stalemate, dead position, fivefold repetition, 75 moves (9.6),
    /// and the lapse of the opponent's draw offer.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::GameOver(outcome));
        }
        if !self.position().is_legal(mv) {
            return Err(GameError::IllegalMove {
                uci: mv.to_uci(CastlingMode::Standard).to_string(),
            });
        }
        Ok(self.push_move(mv, true))
    }

    /// Takes the last move back and restores everything it changed: the position, the result
    /// it brought, a draw offer made with it, an opponent's offer it let lapse, and any later
    /// result (resignation, flag, agreement, claim) recorded after it. Counts of completed
    /// illegal moves stay: a penalty once given is not undone by taking a later move back.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn undo(&mut self) -> Option<PlayedMove> {
        let played = self.history.pop()?;
        self.positions.pop();
        self.keys.pop();
        let before = self.before.pop().expect("one saved state per move");
        self.pending_offer = before.pending_offer;
        self.offer_unmarked = before.offer_unmarked;
        self.outcome = before.outcome;
        Some(played)
    }

    /// The arbiter takes back the end of the game (6.10.2: a flag that fell on a wrongly set
    /// clock, a result given in error): the game goes on from where it stood. Returns the
    /// outcome taken back; `None` when the game was not over.
    pub fn reopen(&mut self) -> Option<GameOutcome> {
        let ended = self.outcome.take()?;
        self.pending_offer = None;
        self.offer_unmarked = false;
        Some(ended)
    }

    /// 9.1.2.1: "A player wishing to offer a draw shall do so after having made a move on the
    /// chessboard and before pressing his clock. An offer at any other time during play is
    /// still valid but Article 11.5 must be considered." The offer is recorded as `(=)` with
    /// the offerer's move: the one just made, or, offered before his move, the one he makes
    /// next (8.1.2). It stands until the opponent accepts it, rejects it (in words, or by
    /// touching a piece to move it, or by moving), or the game ends (9.1.2.3); the offerer's
    /// own move does not withdraw it.
    pub fn offer_draw(&mut self, by: Color) -> Result<(), DrawOfferError> {
        if self.outcome.is_some() {
            return Err(DrawOfferError::GameOver);
        }
        if !self.both_have_moved() {
            return Err(DrawOfferError::BeforeBothHaveMoved);
        }
        match self.pending_offer {
            Some(offerer) if offerer == by => return Err(DrawOfferError::AlreadyOffered),
            Some(_) => return Err(DrawOfferError::OpponentHasOffered),
            None => {}
        }
        self.pending_offer = Some(by);
        match self.history.last_mut() {
            Some(last) if last.by == by => {
                last.draw_offer = true;
                self.offer_unmarked = false;
            }
            _ => self.offer_unmarked = true,
        }
        Ok(())
    }

    /// Accepts the opponent's standing offer: the game is drawn (5.2.3).
    pub fn accept_draw(&mut self, by: Color) -> Result<&GameOutcome, DrawOfferError> {
        if self.outcome.is_some() {
            return Err(DrawOfferError::GameOver);
        }
        if self.pending_offer != Some(!by) {
            return Err(DrawOfferError::NoOffer);
        }
        if !self.both_have_moved() {
            return Err(DrawOfferError::BeforeBothHaveMoved);
        }
        self.pending_offer = None;
        Ok(self.finish(GameResult::Draw, EndReason::Agreement))
    }

    /// Declines the opponent's standing offer.
    pub fn decline_draw(&mut self, by: Color) -> Result<(), DrawOfferError> {
        if self.outcome.is_some() {
            return Err(DrawOfferError::GameOver);
        }
        if self.pending_offer != Some(!by) {
            return Err(DrawOfferError::NoOffer);
        }
        self.pending_offer = None;
        self.offer_unmarked = false;
        Ok(())
    }

    /// A claim of a draw by threefold repetition (9.2) or fifty moves (9.3), examined as the
    /// arbiter would (9.5):
    ///
    /// - The claimant must have the move. With `intended`, the claim is for the position after
    ///   that move (9.2.1.1, 9.3.1); without, or if that does not hold, for the position now
    ///   (9.2.1.2, 9.3.2).
    /// - Correct: the game is drawn; an intended move the claim rests on enters the score.
    /// - Incorrect: the opponent gets two minutes (one in blitz), the intended move must then
    ///   be made on the board "in accordance with Articles 3 and 4" (9.5.3: it is not played
    ///   here; [`Game::claim_draw_playing_intended`] did so for journals of earlier versions),
    ///   and the claim stands as a draw offer (9.1.2.3), whose `(=)` goes with that move.
    /// - A claim by the player not to move, with an illegal intended move, or after the end
    ///   is refused and changes nothing.
    pub fn claim_draw(&mut self, by: Color, intended: Option<Move>) -> ClaimVerdict {
        self.claim(by, intended, false)
    }

    /// A claim as journals of earlier versions recorded it: an incorrect claim's intended
    /// move was played with it.
    pub fn claim_draw_playing_intended(
        &mut self,
        by: Color,
        intended: Option<Move>,
    ) -> ClaimVerdict {
        self.claim(by, intended, true)
    }

    fn claim(
        &mut self,
        by: Color,
        intended: Option<Move>,
        play_if_incorrect: bool,
    ) -> ClaimVerdict {
        if self.outcome.is_some() {
            return ClaimVerdict::Refused(ClaimRefusal::GameOver);
        }
        if by != self.turn() {
            return ClaimVerdict::Refused(ClaimRefusal::NotToMove);
        }
        if let Some(mv) = intended
            && !self.position().is_legal(mv)
        {
            return ClaimVerdict::Refused(ClaimRefusal::IntendedMoveIllegal);
        }
        if let Some(mv) = intended
            && let Some(claim) = self.claim_after(mv)
        {
            let report = self.push_move(mv, false);
            let outcome = self.finish_claim(claim);
            return ClaimVerdict::Correct {
                by,
                claim,
                intended_played: Some(report.played),
                outcome,
            };
        }
        if let Some(claim) = self.claim_now() {
            let outcome = self.finish_claim(claim);
            return ClaimVerdict::Correct {
                by,
                claim,
                intended_played: None,
                outcome,
            };
        }
        let bonus = TimeBonus {
            to: !by,
            minutes: self.pace.penalty_minutes(),
        };
        let shortfall = match intended {
            Some(mv) => {
                let mut next = self.position().clone();
                next.play_unchecked(mv);
                let key = RepetitionKey::of(&next);
                ClaimShortfall {
                    occurrences: 1 + self.earlier_occurrences(
                        &key,
                        self.keys.len(),
                        next.halfmoves(),
                    ) as u32,
                    moves_without_capture: next.halfmoves() / 2,
                }
            }
            None => ClaimShortfall {
                occurrences: self.repetition_count() as u32,
                moves_without_capture: self.halfmove_clock() / 2,
            },
        };
        let played = intended
            .filter(|_| play_if_incorrect)
            .map(|mv| self.push_move(mv, true));
        if self.outcome.is_none() {
            self.pending_offer = Some(by);
            // 9.1.2.3: the claim is an offer; its (=) goes with the claimant's move.
            self.offer_unmarked = played.is_none();
        }
        ClaimVerdict::Incorrect {
            by,
            bonus,
            intended: intended.filter(|_| !play_if_incorrect),
            played,
            shortfall,
        }
    }

    /// 5.1.2: `by` resigns; the opponent wins.
    pub fn resign(&mut self, by: Color) -> Result<&GameOutcome, GameError> {
        self.refuse_if_over()?;
        Ok(self.finish(GameResult::win_for(!by), EndReason::Resignation { by }))
    }

    /// 6.9: the flag of `fallen` has fallen (noticed or claimed). The game is lost, but drawn
    /// if the opponent cannot mate by any sequence of legal moves.
    pub fn flag(&mut self, fallen: Color) -> Result<&GameOutcome, GameError> {
        self.refuse_if_over()?;
        let result = self.loss_unless_opponent_cannot_mate(fallen);
        Ok(self.finish(result, EndReason::FlagFall { fallen }))
    }

    /// 7.5.1 / 7.5.3 / A.4.2: `by` has completed an illegal move (or, 7.5.2-7.5.4, an illegal
    /// promotion, a move with two hands, or a clock press without a move). The game keeps the
    /// position before it (the illegal move was never entered), counts it, and applies the
    /// penalty of the pace: time for the opponent, or the loss of the game (a draw if the
    /// opponent cannot mate).
    pub fn illegal_move(&mut self, by: Color) -> Result<IllegalMovePenalty, GameError> {
        self.refuse_if_over()?;
        let count = {
            let n = self.illegal_moves.get_mut(by);
            *n += 1;
            *n
        };
        let loses = match self.pace.illegal_move_rule() {
            IllegalMoveRule::FirstLoses => true,
            IllegalMoveRule::SecondLoses { .. } => count >= 2,
        };
        if loses {
            let result = self.loss_unless_opponent_cannot_mate(by);
            let outcome = *self.finish(result, EndReason::IllegalMoves { by });
            Ok(IllegalMovePenalty::GameOver {
                offender: by,
                count,
                outcome,
            })
        } else {
            let bonus = TimeBonus {
                to: !by,
                minutes: self.pace.penalty_minutes(),
            };
            Ok(IllegalMovePenalty::TimeBonus {
                offender: by,
                count,
                bonus,
            })
        }
    }

    /// A result the arbiter declares for a reason outside these rules.
    pub fn declare_result(&mut self, result: GameResult) -> Result<&GameOutcome, GameError> {
        self.declare_outcome(result, EndReason::Arbiter)
    }

    /// A result decided outside this game's rules, with its reason as given there (a server's
    /// verdict on an online game: a resignation, a time-out, an abort).
    pub fn declare_outcome(
        &mut self,
        result: GameResult,
        reason: EndReason,
    ) -> Result<&GameOutcome, GameError> {
        self.refuse_if_over()?;
        Ok(self.finish(result, reason))
    }

    // --- internals ---

    fn refuse_if_over(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(outcome) => Err(GameError::GameOver(outcome)),
            None => Ok(()),
        }
    }

    fn finish(&mut self, result: GameResult, reason: EndReason) -> &GameOutcome {
        self.pending_offer = None;
        self.offer_unmarked = false;
        self.outcome.insert(GameOutcome { result, reason })
    }

    fn finish_claim(&mut self, claim: DrawClaim) -> GameOutcome {
        let reason = match claim {
            DrawClaim::ThreefoldRepetition => EndReason::ThreefoldRepetition,
            DrawClaim::FiftyMoves => EndReason::FiftyMoves,
        };
        *self.finish(GameResult::Draw, reason)
    }

    fn loss_unless_opponent_cannot_mate(&self, loser: Color) -> GameResult {
        if self.can_checkmate(!loser) {
            GameResult::win_for(!loser)
        } else {
            GameResult::Draw
        }
    }

    /// Each player has made at least one move in this game (5.2.3).
    fn both_have_moved(&self) -> bool {
        self.history.len() >= 2
    }

    /// The draw the player to move may claim on the current position.
    fn claim_now(&self) -> Option<DrawClaim> {
        if self.repetition_count() >= 3 {
            Some(DrawClaim::ThreefoldRepetition)
        } else if self.halfmove_clock() >= 100 {
            Some(DrawClaim::FiftyMoves)
        } else {
            None
        }
    }

    /// The draw the player to move may claim with `mv` as his written intended move.
    fn claim_after(&self, mv: Move) -> Option<DrawClaim> {
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        let key = RepetitionKey::of(&next);
        let repetitions = 1 + self.earlier_occurrences(&key, self.keys.len(), next.halfmoves());
        if repetitions >= 3 {
            Some(DrawClaim::ThreefoldRepetition)
        } else if next.halfmoves() >= 100 {
            Some(DrawClaim::FiftyMoves)
        } else {
            None
        }
    }

    /// How many of the positions before index `end` equal `key`. Only the last `clock` plies
    /// can: a capture or pawn move makes every earlier position unreachable.
    fn earlier_occurrences(&self, key: &RepetitionKey, end: usize, clock: u32) -> usize {
        let start = end.saturating_sub(clock as usize);
        self.keys[start..end].iter().filter(|k| *k == key).count()
    }

    fn push_move(&mut self, mv: Move, evaluate: bool) -> MoveReport {
        let by = self.turn();
        let number = self.move_number();
        let mut next = self.position().clone();
        let san = SanPlus::from_move_and_play_unchecked(&mut next, mv);
        self.before.push(BeforeMove {
            pending_offer: self.pending_offer,
            offer_unmarked: self.offer_unmarked,
            outcome: self.outcome,
        });
        let lapsed_offer = if self.pending_offer == Some(!by) {
            self.pending_offer = None;
            self.offer_unmarked = false;
            Some(!by)
        } else {
            None
        };
        // An offer made before the offerer's move goes with that move (8.1.2).
        let marks_offer = self.pending_offer == Some(by) && self.offer_unmarked;
        if marks_offer {
            self.offer_unmarked = false;
        }
        let check = next.is_check();
        self.keys.push(RepetitionKey::of(&next));
        self.positions.push(next);
        let played = PlayedMove {
            mv,
            san,
            by,
            number,
            draw_offer: marks_offer,
        };
        self.history.push(played.clone());
        if evaluate {
            self.outcome = self.automatic_outcome();
            if self.outcome.is_some() {
                self.pending_offer = None;
            }
        }
        MoveReport {
            checkmate: matches!(
                self.outcome,
                Some(GameOutcome {
                    reason: EndReason::Checkmate,
                    ..
                })
            ),
            played,
            check,
            outcome: self.outcome,
            lapsed_offer,
            repetitions: self.repetition_count(),
        }
    }

    /// The result the current position brings by itself: 5.1.1 mate, 5.2.1 stalemate, 5.2.2
    /// dead position, 9.6.1 fivefold repetition, 9.6.2 seventy-five moves (mate first).
    fn automatic_outcome(&self) -> Option<GameOutcome> {
        let pos = self.position();
        let draw = |reason| {
            Some(GameOutcome {
                result: GameResult::Draw,
                reason,
            })
        };
        if pos.legal_moves().is_empty() {
            return if pos.is_check() {
                Some(GameOutcome {
                    result: GameResult::win_for(!pos.turn()),
                    reason: EndReason::Checkmate,
                })
            } else {
                draw(EndReason::Stalemate)
            };
        }
        if let Some(kind) = dead_position(pos) {
            return draw(EndReason::DeadPosition { kind });
        }
        if self.repetition_count() >= 5 {
            return draw(EndReason::FivefoldRepetition);
        }
        if pos.halfmoves() >= 150 {
            return draw(EndReason::SeventyFiveMoves);
        }
        None
    }
}
