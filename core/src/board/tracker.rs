//! Move inference from board events (Annex D D.2.2, D.2.3, D.2.9): pure code, fed events, no
//! timers.
//!
//! The tracker keeps the game position, what the board shows, and which holes changed since
//! the board last agreed with the game. After each event it asks: does the board now show
//! exactly the position after one legal move? A lifted peg is a touch; a peg put back into
//! its own hole is a touch without a move; a state that no legal move explains and that no
//! further lifts and drops of the same move could complete is explained square by square.
//!
//! Order of events does not matter (captures with the victim lifted first or last, castling
//! king first or rook first, en passant, promotion). Two limits of what a board can sense are
//! handled by asking instead of guessing: the promoted piece on occupancy and colour boards,
//! and, on an occupancy board, a capture whose lifts and drops were not all seen (after a
//! reconnect). On an occupancy board a capture needs the events: the victim's hole must be
//! emptied and filled again after the capturing peg left its hole, so a lifted piece that
//! could capture is never taken for the capture itself.
//!
//! Castling is recognised king first only (4.4.2: "If a player deliberately touches a rook and
//! then his king he is not allowed to castle on that side on that move"): a rook lifted first
//! and put into a hole is a rook move, reported on that event; no move is ever held back
//! waiting for a possible castling. A board that then shows castling (the king following the
//! rook, or both moved with the rook lifted first) is reported as
//! [`TrackerOutput::CastlingNotAllowed`], to be put right: the rook, touched first, must move
//! (4.3.1).

use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Piece, Position, Role, Square};

use super::diff::{SquareDifference, differences, differences_tokens};
use super::peg_protocol::DeviceMsg;
use super::sensed::{Cell, SensedBoard, Sensing, cell_from_what};
use crate::words::Word;
use crate::words::{Token, colored_piece_tokens, square_tokens};

/// What the board reported, as the tracker needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardInput {
    /// A peg left the hole.
    Up(Square),
    /// A peg entered the hole; the cell says what the board senses of it.
    Down(Square, Cell),
    /// A full scan while the link stayed up (after a dropped line, or on request).
    Scan(SensedBoard),
    /// A full scan after the board (re)connected: events may have been missed, so the
    /// tracker compares it with the game and reports any difference.
    Resync(SensedBoard),
}

impl BoardInput {
    /// The tracker input a device message carries, read as a board of kind `sensing`
    /// (`None` for messages that are not about pegs; a bad scan is `None` too).
    pub fn from_device(msg: &DeviceMsg, sensing: Sensing) -> Option<BoardInput> {
        match msg {
            DeviceMsg::Up(sq) => Some(BoardInput::Up(*sq)),
            DeviceMsg::Down(sq, what) => {
                Some(BoardInput::Down(*sq, cell_from_what(*what, sensing)))
            }
            DeviceMsg::Board(chars) => SensedBoard::from_scan(chars, sensing).map(BoardInput::Scan),
            _ => None,
        }
    }
}

/// What the tracker found out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrackerOutput {
    /// A piece was touched (its peg lifted). `own` is true for a piece of the side to move;
    /// a touched opponent piece must be captured if that is possible (Art. 4.3).
    Touch {
        /// Where the peg was lifted.
        square: Square,
        /// The piece that stood there.
        piece: Piece,
        /// Whether it belongs to the side to move.
        own: bool,
    },
    /// A touched piece is back in its own hole: no move, touch-move still applies.
    PutBack {
        /// The piece's square.
        square: Square,
        /// The piece.
        piece: Piece,
        /// Whether it belongs to the side to move.
        own: bool,
    },
    /// The board shows this move; it has been played on the tracker's position.
    Move(Move),
    /// The board shows a promotion but cannot tell the new piece: ask "welche Figur?" and
    /// answer with [`Tracker::choose_promotion`].
    NeedPromotion {
        /// The pawn's square.
        from: Square,
        /// The promotion square.
        to: Square,
    },
    /// The board shows what any of these moves would show; ask, and answer with
    /// [`Tracker::choose`].
    NeedChoice(Vec<Move>),
    /// The board differs from the game and no legal move explains it (D.2.9). Said again,
    /// updated, after each change until the board agrees.
    Differences(Vec<SquareDifference>),
    /// The board agrees with the game again (after differences, or after the board was
    /// brought up to a move made elsewhere).
    BoardsAgree,
    /// The board shows castling, but the rook was touched first (4.4.2): castling is not
    /// allowed on that side on this move, and the rook must move (4.3.1). The board must go
    /// back to the rook move, or to the position before.
    CastlingNotAllowed {
        /// The castling the board shows.
        castle: Move,
        /// The rook's square before the move: the piece that must move.
        rook: Square,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Mode {
    /// The board agreed with the game when the current changes began.
    InStep,
    /// The game moved on elsewhere (a spoken or typed move); the board showed `from` and is
    /// being brought up to the game.
    CatchingUp {
        from: SensedBoard,
        /// Holes whose piece changed although the board cannot tell (a capture's square on
        /// an occupancy board): each must be emptied and filled again before the board
        /// counts as caught up.
        swapped: Bitboard,
    },
    /// Differences were reported; `said` is the list last said. `swapped` keeps the holes a
    /// catching-up board still has to empty and fill again (a scan in between, after noise
    /// on the line, must not let the capturing piece lifted count as the capture followed).
    OutOfStep {
        said: Vec<SquareDifference>,
        swapped: Bitboard,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Question {
    Promotion(Vec<Move>),
    Choice(Vec<Move>),
}

/// A question the tracker asked and waits to have answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PendingQuestion {
    /// Which piece a pawn was promoted to ([`Tracker::choose_promotion`]).
    Promotion,
    /// Which of these moves the board shows ([`Tracker::choose`]).
    Choice(Vec<Move>),
}

/// Why an answer to a question was refused (the state is unchanged).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChoiceError {
    /// Nothing was asked.
    NothingAsked,
    /// The answer is not among the moves the board shows.
    NotACandidate,
}

/// Infers moves, touches and differences from board events; see the module documentation.
#[derive(Debug, Clone)]
pub struct Tracker {
    position: Chess,
    sensing: Sensing,
    sensed: SensedBoard,
    expected: SensedBoard,
    mode: Mode,
    /// Event counter of the current window (since the board last agreed or a move was made).
    seq: u32,
    last_up: [u32; 64],
    /// The first lift of each square in the window (which piece was touched first).
    first_up: [u32; 64],
    last_down: [u32; 64],
    /// Squares whose events since the window began are not known (after a resync).
    unknown: Bitboard,
    /// Squares whose lift has been reported as a touch in this window.
    touched: Bitboard,
    touched_pieces: Vec<(Square, Piece, bool)>,
    /// The move the board showed last and the position before it, while nothing else has
    /// happened: castling after a rook move shows against that position (4.4.2).
    last_board_move: Option<(Chess, Move)>,
    question: Option<Question>,
    /// Castling after its rook was touched first stands as a move (tournament mode: no
    /// verdict before the clock press, 4.4.2 is the arbiter's), instead of being refused.
    castling_after_rook_stands: bool,
    /// The castling last played although its rook was touched first, with the rook's square.
    castled_after_rook: Option<(Move, Square)>,
}

/// The squares a move changes: from, to, and the en-passant victim or the castling rook.
pub(crate) fn move_squares(m: Move, turn: Color) -> Bitboard {
    match m {
        Move::Normal { from, to, .. } => Bitboard::from(from) | Bitboard::from(to),
        Move::EnPassant { from, to } => {
            Bitboard::from(from)
                | Bitboard::from(to)
                | Bitboard::from(Square::from_coords(to.file(), from.rank()))
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            Bitboard::from(king)
                | Bitboard::from(rook)
                | Bitboard::from(side.king_to(turn))
                | Bitboard::from(side.rook_to(turn))
        }
        Move::Put { to, .. } => Bitboard::from(to),
    }
}

impl Tracker {
    /// A tracker for `position`, read by a board of kind `sensing`. Until the board's first
    /// scan arrives (as [`BoardInput::Resync`]) the board is taken to agree with the game.
    pub fn new(position: Chess, sensing: Sensing) -> Self {
        let expected = SensedBoard::from_board(position.board(), sensing);
        Tracker {
            position,
            sensing,
            sensed: expected.clone(),
            expected,
            mode: Mode::InStep,
            seq: 0,
            last_up: [0; 64],
            first_up: [0; 64],
            last_down: [0; 64],
            unknown: Bitboard::EMPTY,
            touched: Bitboard::EMPTY,
            touched_pieces: Vec::new(),
            last_board_move: None,
            question: None,
            castling_after_rook_stands: false,
            castled_after_rook: None,
        }
    }

    /// Whether castling after its rook was touched first stands as a move (tournament mode:
    /// the arbiter rules on 4.4.2 once it is completed) rather than being refused.
    pub fn set_castling_after_rook_stands(&mut self, stands: bool) {
        self.castling_after_rook_stands = stands;
    }

    /// The castling the board showed last, when its rook had been touched first (4.4.2),
    /// with the rook's square: what the arbiter is to rule on.
    pub fn castled_after_rook(&self) -> Option<(Move, Square)> {
        self.castled_after_rook
    }

    /// The game position the tracker follows.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// What the board shows, as far as the tracker knows.
    pub fn sensed(&self) -> &SensedBoard {
        &self.sensed
    }

    /// The kind of board.
    pub fn sensing(&self) -> Sensing {
        self.sensing
    }

    /// Changes the kind of board (after a `HELLO`); the board is read again on the next scan.
    pub fn set_sensing(&mut self, sensing: Sensing) {
        self.sensing = sensing;
        self.expected = SensedBoard::from_board(self.position.board(), sensing);
        self.sensed = self.sensed.reduced(sensing);
    }

    /// The question asked ([`TrackerOutput::NeedPromotion`], [`TrackerOutput::NeedChoice`])
    /// and not answered yet, if any.
    pub fn pending_question(&self) -> Option<PendingQuestion> {
        match &self.question {
            None => None,
            Some(Question::Promotion(_)) => Some(PendingQuestion::Promotion),
            Some(Question::Choice(moves)) => Some(PendingQuestion::Choice(moves.clone())),
        }
    }

    /// The squares where the board differs from the game now (D.2.9).
    pub fn differences(&self) -> Vec<SquareDifference> {
        differences(self.position.board(), &self.sensed, self.sensing)
    }

    /// True when the board shows the game position.
    pub fn agrees(&self) -> bool {
        self.sensed == self.expected
    }

    /// The game moved on elsewhere (a move spoken or typed, a take-back): the board is
    /// expected to follow, and the lifts and drops that bring it there are not reported as
    /// differences. Nothing is said until the board agrees ([`TrackerOutput::BoardsAgree`])
    /// or shows something else.
    pub fn set_position(&mut self, position: Chess) {
        let from = self.sensed.clone();
        let mut swapped = Bitboard::EMPTY;
        for sq in Square::ALL {
            let (old, new) = (
                self.position.board().piece_at(sq),
                position.board().piece_at(sq),
            );
            if old.is_some() && new.is_some() && old != new {
                swapped.add(sq);
            }
        }
        self.replace_position(position);
        self.mode = if self.agrees() && swapped.is_empty() {
            Mode::InStep
        } else {
            Mode::CatchingUp { from, swapped }
        };
    }

    /// The holes still to be emptied and filled again while catching up.
    fn swapped(&self) -> Bitboard {
        match &self.mode {
            Mode::CatchingUp { swapped, .. } | Mode::OutOfStep { swapped, .. } => *swapped,
            Mode::InStep => Bitboard::EMPTY,
        }
    }

    /// While catching up: whether every swapped hole has been emptied and filled again. At a
    /// resync (`resync`: the board's events were lost, e.g. while it was unplugged) a hole
    /// whose events are unknown may have seen its swap: a capture followed while the board was
    /// away shows only in that scan. Later events are known again, and the swap is waited for.
    fn swaps_seen(&self, resync: bool) -> bool {
        match &self.mode {
            Mode::CatchingUp { swapped, .. } | Mode::OutOfStep { swapped, .. } => {
                swapped.into_iter().all(|sq| {
                    let (up, down) = (self.last_up[sq as usize], self.last_down[sq as usize]);
                    (resync && self.unknown.contains(sq)) || (up > 0 && down > up)
                })
            }
            _ => true,
        }
    }

    /// Starts from `position` (a new game, a loaded game) and compares the board with it at
    /// once, reporting any difference.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn start(&mut self, position: Chess) -> Vec<TrackerOutput> {
        self.replace_position(position);
        self.mode = Mode::InStep;
        let mut out = Vec::new();
        self.report_differences(&mut out);
        out
    }

    fn replace_position(&mut self, position: Chess) {
        self.position = position;
        self.expected = SensedBoard::from_board(self.position.board(), self.sensing);
        self.new_window();
    }

    fn new_window(&mut self) {
        self.seq = 0;
        self.last_up = [0; 64];
        self.first_up = [0; 64];
        self.last_down = [0; 64];
        self.unknown = Bitboard::EMPTY;
        self.touched = Bitboard::EMPTY;
        self.touched_pieces.clear();
        self.question = None;
    }

    /// Feeds one board event; returns what it means.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn handle(&mut self, input: &BoardInput) -> Vec<TrackerOutput> {
        let mut out = Vec::new();
        let mut events: Vec<(Square, Cell)> = Vec::new();
        let resync = matches!(input, BoardInput::Resync(_));
        match input {
            BoardInput::Up(sq) => {
                if !self.sensed.get(*sq).is_occupied() {
                    return out; // already empty: nothing changed
                }
                events.push((*sq, Cell::Empty));
            }
            BoardInput::Down(sq, cell) => {
                let cell = match self.sensing.reduce(*cell) {
                    Cell::Empty => Cell::Peg,
                    c => c,
                };
                if self.sensed.get(*sq) == cell {
                    return out; // a repeated report
                }
                if self.sensed.get(*sq).is_occupied() {
                    events.push((*sq, Cell::Empty)); // a change of piece: lifted and placed
                }
                events.push((*sq, cell));
            }
            BoardInput::Scan(board) | BoardInput::Resync(board) => {
                let board = board.reduced(self.sensing);
                for sq in Square::ALL {
                    let (now, then) = (board.get(sq), self.sensed.get(sq));
                    if now != then {
                        if then.is_occupied() {
                            events.push((sq, Cell::Empty));
                        }
                        if now.is_occupied() {
                            events.push((sq, now));
                        }
                    }
                }
            }
        }
        let before = self.sensed.clone();
        for &(sq, cell) in &events {
            self.sensed.set(sq, cell);
        }
        for &(sq, cell) in &events {
            self.seq += 1;
            if cell.is_occupied() {
                self.last_down[sq as usize] = self.seq;
            } else {
                self.last_up[sq as usize] = self.seq;
                if self.first_up[sq as usize] == 0 {
                    self.first_up[sq as usize] = self.seq;
                }
            }
            self.unknown.discard(sq);
        }
        if resync {
            self.unknown = Bitboard::FULL;
        }
        if let BoardInput::Up(sq) = input {
            self.report_touch(*sq, before.get(*sq), &mut out);
        }
        self.evaluate(resync, &mut out);
        out
    }

    /// The player says the move is done (the clock pressed, the move announced): a question
    /// still open is asked again, and a board that shows no move is explained.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn settle(&mut self) -> Vec<TrackerOutput> {
        let mut out = Vec::new();
        match &self.question {
            Some(Question::Promotion(moves)) => {
                if let Some(&m) = moves.first() {
                    out.push(TrackerOutput::NeedPromotion {
                        from: m.from().unwrap_or(m.to()),
                        to: m.to(),
                    });
                }
            }
            Some(Question::Choice(moves)) => out.push(TrackerOutput::NeedChoice(moves.clone())),
            None if !self.agrees() => self.report_differences(&mut out),
            None => {}
        }
        out
    }

    /// Answers [`TrackerOutput::NeedPromotion`] with the new piece.
    pub fn choose_promotion(&mut self, role: Role) -> Result<Vec<TrackerOutput>, ChoiceError> {
        let Some(Question::Promotion(moves)) = &self.question else {
            return Err(ChoiceError::NothingAsked);
        };
        let m = moves
            .iter()
            .copied()
            .find(|m| m.promotion() == Some(role))
            .ok_or(ChoiceError::NotACandidate)?;
        self.answer(m)
    }

    /// Answers [`TrackerOutput::NeedChoice`] (or a promotion question) with the move meant.
    pub fn choose(&mut self, m: Move) -> Result<Vec<TrackerOutput>, ChoiceError> {
        match &self.question {
            None => Err(ChoiceError::NothingAsked),
            Some(Question::Promotion(moves) | Question::Choice(moves)) if moves.contains(&m) => {
                self.answer(m)
            }
            Some(_) => Err(ChoiceError::NotACandidate),
        }
    }

    fn answer(&mut self, m: Move) -> Result<Vec<TrackerOutput>, ChoiceError> {
        let mut out = Vec::new();
        self.play(m, &mut out);
        if !self.agrees() {
            self.evaluate(false, &mut out);
        }
        Ok(out)
    }

    fn play(&mut self, m: Move, out: &mut Vec<TrackerOutput>) {
        self.castled_after_rook = None;
        let before = self.position.clone();
        self.position.play_unchecked(m);
        self.expected = SensedBoard::from_board(self.position.board(), self.sensing);
        self.new_window();
        self.mode = Mode::InStep;
        self.last_board_move = Some((before, m));
        out.push(TrackerOutput::Move(m));
    }

    /// The way of one piece of the side to move that the board shows, legal or not, when it
    /// shows nothing else: its square left empty, and one other square (empty before, or
    /// an opponent's piece's) showing it. What a sighted player sees of a move on his own
    /// board (in tournament mode an illegal one is completed by the clock press, 7.5.1).
    pub fn single_way(&self) -> Option<(Piece, Square, Square)> {
        let changed = self.changed();
        if changed.count() != 2 || !matches!(self.mode, Mode::InStep | Mode::OutOfStep { .. }) {
            return None;
        }
        let board = self.position.board();
        let turn = self.position.turn();
        let [a, b] = [changed.first()?, changed.last()?];
        [(a, b), (b, a)].into_iter().find_map(|(from, to)| {
            let piece = board.piece_at(from).filter(|p| p.color == turn)?;
            let lands = self.sensed.get(from) == Cell::Empty
                && board.piece_at(to).is_none_or(|p| p.color != turn)
                && self.sensed.get(to) == self.sensing.project(Some(piece));
            lands.then_some((piece, from, to))
        })
    }

    /// 4.4.2: whether `m` is castling whose rook was lifted before the king in this window.
    fn rook_touched_first(&self, m: Move) -> bool {
        let Move::Castle { king, rook } = m else {
            return false;
        };
        let (king_up, rook_up) = (self.first_up[king as usize], self.first_up[rook as usize]);
        rook_up > 0 && (king_up == 0 || rook_up < king_up)
    }

    /// 4.4.2: the castling the board shows after its rook was moved first (reported as a
    /// rook move, and the king then followed), if that is what it shows.
    fn castling_after_rook_move(&self) -> Option<(Move, Square)> {
        let (before, rook_move) = self.last_board_move.as_ref()?;
        let Move::Normal {
            role: Role::Rook,
            from,
            to,
            capture: None,
            ..
        } = *rook_move
        else {
            return None;
        };
        before.legal_moves().into_iter().find_map(|castle| {
            let Move::Castle { rook, .. } = castle else {
                return None;
            };
            let side = CastlingSide::from_king_side(castle.from()? < rook);
            if rook != from || side.rook_to(before.turn()) != to {
                return None;
            }
            let mut after = before.clone();
            after.play_unchecked(castle);
            (SensedBoard::from_board(after.board(), self.sensing) == self.sensed)
                .then_some((castle, rook))
        })
    }

    /// Reports castling the rule forbids, and waits for the board to be put right.
    fn castling_not_allowed(&mut self, castle: Move, rook: Square, out: &mut Vec<TrackerOutput>) {
        out.push(TrackerOutput::CastlingNotAllowed { castle, rook });
        self.question = None;
        self.mode = Mode::OutOfStep {
            said: self.differences(),
            swapped: self.swapped(),
        };
    }

    fn report_touch(&mut self, sq: Square, was: Cell, out: &mut Vec<TrackerOutput>) {
        // Following the opponent's move (also when a difference was said meanwhile) is no
        // touch of the VI player's own.
        if matches!(self.mode, Mode::CatchingUp { .. })
            || !self.swapped().is_empty()
            || self.touched.contains(sq)
        {
            return;
        }
        let piece = match was {
            Cell::Piece(p) => Some(p),
            _ if self.last_down[sq as usize] == 0 && !self.unknown.contains(sq) => self
                .position
                .board()
                .piece_at(sq)
                .filter(|p| self.sensing.project(Some(*p)) == was),
            _ => None,
        };
        if let Some(piece) = piece {
            let own = piece.color == self.position.turn();
            self.touched.add(sq);
            self.touched_pieces.push((sq, piece, own));
            out.push(TrackerOutput::Touch {
                square: sq,
                piece,
                own,
            });
        }
    }

    /// The squares where the board differs from the game.
    fn changed(&self) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in Square::ALL {
            if self.sensed.get(sq) != self.expected.get(sq) {
                bb.add(sq);
            }
        }
        bb
    }

    /// Legal moves whose position the board shows: (shown, possibly shown). A capture on
    /// an occupancy board is shown only when the victim's hole was emptied and filled after
    /// the capturing peg left its own; it is only possibly shown when those events are
    /// unknown (after a resync).
    fn exact_matches(&self) -> (Vec<Move>, Vec<Move>) {
        let changed = self.changed();
        let mut shown = Vec::new();
        let mut possible = Vec::new();
        if changed.is_empty() {
            return (shown, possible);
        }
        let turn = self.position.turn();
        for m in self.position.legal_moves() {
            let squares = move_squares(m, turn);
            if !changed.is_subset(squares) {
                continue;
            }
            let mut after = self.position.clone();
            after.play_unchecked(m);
            let fits = squares.into_iter().all(|sq| {
                let want = self.sensing.project(after.board().piece_at(sq));
                let got = self.sensed.get(sq);
                // A piece board showing the pawn still on the last rank: a promotion whose
                // piece is not yet known (Art. 7.5.2 is the session's to apply).
                got == want
                    || (m.promotion().is_some()
                        && sq == m.to()
                        && got
                            == Cell::Piece(Piece {
                                color: turn,
                                role: Role::Pawn,
                            }))
            });
            // D.2.2: a move is made when its piece is released on the new square: every hole
            // the move fills had a peg put into it since the board last agreed (or its
            // events are unknown), and a pawn taken en passant was taken off its hole. A hole
            // still holding what stood there before (a piece the opponent captured, not yet
            // taken off while his move is followed), or empty because the opponent's pawn
            // never reached it on the pegs, is no move, even when the board looks like one.
            let seen = |sq: Square, events: &[u32; 64]| {
                events[sq as usize] > 0 || self.unknown.contains(sq)
            };
            let victim_lifted = match m {
                Move::EnPassant { from, to } => {
                    seen(Square::from_coords(to.file(), from.rank()), &self.last_up)
                }
                _ => true,
            };
            let placed = victim_lifted
                && squares
                    .into_iter()
                    .all(|sq| after.board().piece_at(sq).is_none() || seen(sq, &self.last_down));
            if !fits || !placed {
                continue;
            }
            match m {
                Move::Normal {
                    from,
                    to,
                    capture: Some(_),
                    ..
                } if self.sensing == Sensing::Occupancy => {
                    let (f, t) = (from as usize, to as usize);
                    if self.unknown.contains(from) || self.unknown.contains(to) {
                        possible.push(m);
                    } else if self.last_up[t] > 0
                        && self.last_down[t] > self.last_up[t]
                        && self.last_down[t] > self.last_up[f]
                    {
                        shown.push(m);
                    }
                }
                _ => shown.push(m),
            }
        }
        (shown, possible)
    }

    /// True when the board could still become the position after `m` by lifts and drops of
    /// that move (and pegs lifted elsewhere): every changed hole of the move is empty or shows
    /// what `m` puts there, every other changed hole is empty.
    fn on_the_way_to(&self, m: Move) -> bool {
        let squares = move_squares(m, self.position.turn());
        let mut after = self.position.clone();
        after.play_unchecked(m);
        self.changed().into_iter().all(|sq| {
            let got = self.sensed.get(sq);
            if squares.contains(sq) {
                got == Cell::Empty || got == self.sensing.project(after.board().piece_at(sq))
            } else {
                got == Cell::Empty
            }
        })
    }

    /// True when the state may be a move in progress (or pieces lifted to be put back).
    fn in_progress(&self) -> bool {
        let changed = self.changed();
        if let Mode::CatchingUp { from, .. } = &self.mode
            && changed
                .into_iter()
                .all(|sq| self.sensed.get(sq) == Cell::Empty || self.sensed.get(sq) == from.get(sq))
        {
            return true;
        }
        if changed
            .into_iter()
            .all(|sq| self.sensed.get(sq) == Cell::Empty)
        {
            return true;
        }
        self.position
            .legal_moves()
            .into_iter()
            .any(|m| self.on_the_way_to(m))
    }

    fn evaluate(&mut self, resync: bool, out: &mut Vec<TrackerOutput>) {
        if self.agrees() && !self.swaps_seen(resync) {
            // Caught up but for a captured piece still standing in its hole.
            return;
        }
        if self.agrees() {
            if matches!(self.mode, Mode::InStep) {
                for &(square, piece, own) in &self.touched_pieces {
                    out.push(TrackerOutput::PutBack { square, piece, own });
                }
            } else {
                out.push(TrackerOutput::BoardsAgree);
            }
            self.mode = Mode::InStep;
            self.new_window();
            return;
        }
        let (shown, possible) = self.exact_matches();
        // 4.4.2: castling with the rook touched first is no castling.
        let (refused, shown): (Vec<Move>, Vec<Move>) =
            shown.into_iter().partition(|&m| self.rook_touched_first(m));
        if shown.is_empty()
            && let Some(&castle) = refused.first()
            && let Move::Castle { rook, .. } = castle
        {
            if self.castling_after_rook_stands {
                self.play(castle, out);
                self.castled_after_rook = Some((castle, rook));
            } else {
                self.castling_not_allowed(castle, rook, out);
            }
            return;
        }
        // Every legal move is decided on the event that completes it.
        if let [m] = shown.as_slice() {
            self.play(*m, out);
            return;
        }
        if shown.is_empty()
            && possible.is_empty()
            && let Some((castle, rook)) = self.castling_after_rook_move()
        {
            if self.castling_after_rook_stands
                && let Some((before, _)) = self.last_board_move.take()
            {
                // The rook move it began with gives way to the castling.
                self.position = before;
                self.play(castle, out);
                self.castled_after_rook = Some((castle, rook));
            } else {
                self.castling_not_allowed(castle, rook, out);
            }
            return;
        }
        let ask = if shown.len() > 1 {
            let first = shown[0];
            if shown.iter().all(|m| {
                m.promotion().is_some() && m.from() == first.from() && m.to() == first.to()
            }) {
                Some(Question::Promotion(shown))
            } else {
                Some(Question::Choice(shown))
            }
        } else if !possible.is_empty() {
            Some(Question::Choice(possible))
        } else {
            None
        };
        if let Some(q) = ask {
            if self.question.as_ref() != Some(&q) {
                out.push(match &q {
                    Question::Promotion(moves) => TrackerOutput::NeedPromotion {
                        from: moves[0].from().unwrap_or(moves[0].to()),
                        to: moves[0].to(),
                    },
                    Question::Choice(moves) => TrackerOutput::NeedChoice(moves.clone()),
                });
                self.question = Some(q);
            }
            return;
        }
        self.question = None;
        let quiet = !resync && !matches!(self.mode, Mode::OutOfStep { .. }) && self.in_progress();
        if !quiet {
            self.report_differences(out);
        }
    }

    fn report_differences(&mut self, out: &mut Vec<TrackerOutput>) {
        let diffs = self.differences();
        if diffs.is_empty() {
            return;
        }
        if !matches!(&self.mode, Mode::OutOfStep { said, .. } if *said == diffs) {
            out.push(TrackerOutput::Differences(diffs.clone()));
        }
        self.mode = Mode::OutOfStep {
            said: diffs,
            swapped: self.swapped(),
        };
    }
}

/// The words of a move as the board showed it: "Springer Gustav eins Felix drei", "Bauer
/// Eva vier schlägt David fünf", "Kurze Rochade", "… Umwandlung Dame".
pub fn move_tokens(m: Move) -> Vec<Token> {
    let mut t = Vec::with_capacity(8);
    match m {
        Move::Castle { king, rook } => {
            t.push(Token::Castle(CastlingSide::from_king_side(king < rook)))
        }
        _ => {
            t.push(Token::Piece(m.role()));
            if let Some(from) = m.from() {
                t.extend(square_tokens(from));
            }
            if m.is_capture() {
                t.push(Token::Captures);
            }
            t.extend(square_tokens(m.to()));
            if m.is_en_passant() {
                t.push(Token::EnPassant);
            }
            if let Some(role) = m.promotion() {
                t.extend([Token::Word(Word::Promotion), Token::Piece(role)]);
            }
        }
    }
    t
}

impl TrackerOutput {
    /// The words to say for this output.
    pub fn tokens(&self) -> Vec<Token> {
        match self {
            TrackerOutput::Touch { square, piece, own } => {
                let mut t = Vec::with_capacity(5);
                if *own {
                    t.push(Token::Piece(piece.role));
                } else {
                    t.extend(colored_piece_tokens(*piece));
                }
                t.extend(square_tokens(*square));
                t.push(Token::Word(Word::Touched));
                t
            }
            TrackerOutput::PutBack { square, piece, own } => {
                let mut t = Vec::with_capacity(7);
                if *own {
                    t.push(Token::Piece(piece.role));
                } else {
                    t.extend(colored_piece_tokens(*piece));
                }
                t.extend(square_tokens(*square));
                t.push(Token::Word(Word::PutBack));
                if *own {
                    t.extend([Token::Pause, Token::Word(Word::TouchMove)]);
                }
                t
            }
            TrackerOutput::Move(m) => move_tokens(*m),
            TrackerOutput::CastlingNotAllowed { castle, rook } => {
                let side = CastlingSide::from_king_side(castle.from() < Some(*rook));
                let mut t = vec![
                    Token::Castle(side),
                    Token::Pause,
                    Token::Word(Word::CastlingRookFirst),
                    Token::Pause,
                    Token::Piece(Role::Rook),
                ];
                t.extend(square_tokens(*rook));
                t.extend([Token::Pause, Token::Word(Word::TouchMove)]);
                t
            }
            TrackerOutput::NeedPromotion { to, .. } => {
                let mut t = vec![Token::Word(Word::Promotion)];
                t.extend(square_tokens(*to));
                t.extend([Token::Pause, Token::Word(Word::WhichPiece)]);
                t
            }
            TrackerOutput::NeedChoice(moves) => {
                // One move the board may show but could not prove (a capture an occupancy
                // board did not see): asked to be confirmed, "ja" answers it.
                let mut t = if moves.len() > 1 {
                    vec![Token::Word(Word::Ambiguous), Token::Pause]
                } else {
                    Vec::new()
                };
                for (i, m) in moves.iter().enumerate() {
                    if i > 0 {
                        t.push(Token::Word(Word::Or));
                    }
                    t.extend(move_tokens(*m));
                }
                t.push(Token::Word(Word::Question));
                t
            }
            TrackerOutput::Differences(diffs) => differences_tokens(diffs),
            TrackerOutput::BoardsAgree => vec![Token::Word(Word::BoardsAgree)],
        }
    }
}
