//! The two boards of a game as one state machine: the VI player's peg board and the sighted
//! player's board (an e-board, when one is used).
//!
//! The VI player's move (Annex D D.2.2–D.2.4, D.2.8): touched (peg lifted) → placed (the
//! board shows a legal move) → announced (heard, typed, or said by the program) → the board
//! move and the announced move must agree, else the player is told and corrects the board or
//! the announcement → only then is the move made ([`CycleStep::MakeVi`]), and only then may the
//! clock be pressed.
//!
//! The sighted player's move (from the e-board, typed or spoken) is announced to the VI
//! player, who plays it on the peg board; the cycle says when the boards agree again, or
//! which squares differ (D.2.9), until they do.
//!
//! The cycle knows the boards, not the game: each input comes with the game position, and
//! what the game must do (make a move, carry out a board key) comes back as a [`CycleStep`]. A
//! question about a board (the promotion piece, which of several moves) is the tracker's
//! own; the cycle asks the trackers for it rather than keeping a copy.

use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Piece, Position, Square};

use crate::board::link::LinkEvent;
use crate::board::tracker::PendingQuestion;
use crate::board::{BoardInput, Request, Sensing, Tracker, TrackerOutput, differences};
use crate::command::{self, Command};
use crate::game::touch_move::{self, Obligation};
use crate::lang::Lang;
use crate::notation::{Style, move_tokens};
use crate::speech::Priority;
use crate::words::{Token, Word};

use super::effect::{Audience, Effect, Shown};

/// Which of the two boards an event comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// The VI player's peg board.
    Peg,
    /// The sighted player's electronic board.
    Sighted,
}

/// The VI player's move under way: what the peg board shows and what was announced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ViMove {
    /// The legal move the peg board shows (D.2.3.1, D.2.3.2).
    pub on_board: Option<Move>,
    /// The move announced (D.2.3.3).
    pub announced: Option<Move>,
}

/// What the game must do after a board input.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum CycleStep {
    /// Hand out this effect.
    Effect(Effect),
    /// The VI player's move is on the peg board and announced, and both agree: make it.
    MakeVi(Move),
    /// The sighted player's e-board shows this move: make it.
    MakeSighted(Move),
    /// A key of the VI player's board: carry out its command.
    Key(Command),
    /// A player to move touched a piece (a peg lifted, a piece lifted on the e-board): the
    /// opponent's draw offer lapses (9.1.2.3), the sighted player's touch is recorded for the
    /// arbiter (D.2.10.5).
    Touched {
        /// Who touched it.
        by: Color,
        /// Where.
        square: Square,
        /// What.
        piece: Piece,
    },
}

/// The game as the cycle needs to know it for one input.
#[derive(Debug, Clone)]
pub(super) struct GameView {
    /// The position of the game.
    pub position: Chess,
    /// A move was made and its clock not yet pressed.
    pub waiting_for_clock: bool,
    /// How moves are said.
    pub style: Style,
}

/// The boards of a game; see the module documentation.
#[derive(Debug, Clone)]
pub(super) struct BoardCycle {
    lang: Lang,
    vi_side: Color,
    program_announces: bool,
    /// The VI player's peg board, if one is used.
    peg: Option<Tracker>,
    /// Whether the peg board's link is up (until it is, moves are taken without it).
    peg_connected: bool,
    /// The sighted player's electronic board, if one is used.
    sighted: Option<Tracker>,
    /// The VI player's move under way.
    vi_move: ViMove,
    /// Pieces the VI player touched (pegs lifted) this turn, own and the opponent's (4.3).
    touched: Vec<(Square, Piece)>,
    /// Whether the sighted player touched one of his pieces this turn (seen on an e-board).
    sighted_touched: bool,
    /// The sighted player's e-board: its lights, and whether its link was lost.
    e_board: EBoardState,
}

/// What the cycle keeps of the sighted player's e-board beyond its tracker.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct EBoardState {
    /// It has lights to show the VI player's move.
    lights: bool,
    /// The squares that should be lit now.
    lit: Bitboard,
    /// The squares last asked to be lit.
    shown: Bitboard,
    /// Its link was lost and has not come back yet.
    lost: bool,
}

impl BoardCycle {
    /// A cycle with no boards yet.
    pub(super) fn new(lang: Lang, vi_side: Color, program_announces: bool) -> BoardCycle {
        BoardCycle {
            lang,
            vi_side,
            program_announces,
            peg: None,
            peg_connected: false,
            sighted: None,
            vi_move: ViMove::default(),
            touched: Vec::new(),
            sighted_touched: false,
            e_board: EBoardState::default(),
        }
    }

    /// Attaches the VI player's peg board (its kind is corrected by the board's `HELLO`).
    pub(super) fn attach_peg_board(&mut self, position: &Chess, sensing: Sensing) {
        self.peg = Some(Tracker::new(position.clone(), sensing));
    }

    /// Attaches the sighted player's electronic board: what it senses (its `HELLO` corrects
    /// it), and whether it has lights to show the VI player's move.
    pub(super) fn attach_sighted_board(
        &mut self,
        position: &Chess,
        sensing: Sensing,
        lights: bool,
    ) {
        self.sighted = Some(Tracker::new(position.clone(), sensing));
        self.e_board.lights = lights;
    }

    /// The VI player's move under way.
    pub(super) fn vi_move(&self) -> &ViMove {
        &self.vi_move
    }

    /// Whether the peg board shows `position` (`None` without a peg board).
    pub(super) fn peg_agrees(&self, position: &Chess) -> Option<bool> {
        self.peg.as_ref().map(|tracker| {
            differences(position.board(), tracker.sensed(), tracker.sensing()).is_empty()
        })
    }

    /// Whether a move typed or heard now is the VI player's announcement (a connected peg
    /// board is in use and it is the VI player's turn), rather than a move to make at once.
    pub(super) fn expects_announcement(&self, position: &Chess) -> bool {
        self.peg.is_some() && self.peg_connected && position.turn() == self.vi_side
    }

    /// Whether the sighted player plays on an e-board the program sees.
    pub(super) fn has_sighted_board(&self) -> bool {
        self.sighted.is_some()
    }

    fn tracker_mut(&mut self, seat: Seat) -> Option<&mut Tracker> {
        match seat {
            Seat::Peg => self.peg.as_mut(),
            Seat::Sighted => self.sighted.as_mut(),
        }
    }

    /// An announcement for the VI player (and the assistant).
    fn for_vi(&self, tokens: Vec<Token>, priority: Priority) -> CycleStep {
        CycleStep::Effect(Effect::Say {
            tokens,
            priority,
            audience: Audience::Player(self.vi_side),
            printed: None,
        })
    }

    /// A line for the screen, in the game's language.
    fn show(&self, tokens: &[Token]) -> CycleStep {
        CycleStep::Effect(Effect::Show(Shown::words(tokens.to_vec())))
    }

    /// An event from a board's link.
    pub(super) fn board_event(
        &mut self,
        seat: Seat,
        event: LinkEvent,
        game: &GameView,
    ) -> Vec<CycleStep> {
        let mut out = Vec::new();
        match event {
            LinkEvent::Connected(hello) => {
                let name = match seat {
                    Seat::Peg => {
                        self.peg_connected = true;
                        out.push(
                            self.for_vi(vec![Token::Word(Word::BoardConnected)], Priority::Move),
                        );
                        Word::PegBoard
                    }
                    Seat::Sighted => {
                        self.e_board_back(&mut out);
                        Word::EBoard
                    }
                };
                out.push(CycleStep::Effect(Effect::Show(Shown::with(
                    vec![Token::Word(name), Token::Pause, hello.sensing.token()],
                    format!("{} {}", hello.model, hello.firmware),
                ))));
                if let Some(tracker) = self.tracker_mut(seat) {
                    tracker.set_sensing(hello.sensing);
                }
            }
            LinkEvent::Input(input) => self.board_input(seat, &input, game, &mut out),
            LinkEvent::Key(name) => match command::board_key(&name) {
                Some(command) => out.push(CycleStep::Key(command)),
                None => out.push(CycleStep::Effect(Effect::Log(format!(
                    "board key '{name}' has no use here"
                )))),
            },
            LinkEvent::Lost if seat == Seat::Sighted => self.e_board_lost(&mut out),
            LinkEvent::Lost => {
                if seat == Seat::Peg {
                    // Until it is back, moves are taken as typed or said; the board is
                    // compared with the game when it reconnects.
                    self.peg_connected = false;
                }
                out.push(self.for_vi(vec![Token::Word(Word::BoardLost)], Priority::Alert));
            }
            LinkEvent::DeviceError(text) => {
                out.push(self.for_vi(vec![Token::Word(Word::BoardError)], Priority::Move));
                out.push(CycleStep::Effect(Effect::Show(Shown::with(
                    vec![Token::Word(Word::BoardError)],
                    text,
                ))));
            }
            LinkEvent::Dropped(text) => out.push(CycleStep::Effect(Effect::Log(format!(
                "board line dropped: {text}"
            )))),
            LinkEvent::Ignored(text) => out.push(CycleStep::Effect(Effect::Log(format!(
                "board message ignored: {text}"
            )))),
        }
        out
    }

    fn board_input(
        &mut self,
        seat: Seat,
        input: &BoardInput,
        game: &GameView,
        out: &mut Vec<CycleStep>,
    ) {
        let Some(tracker) = self.tracker_mut(seat) else {
            return;
        };
        let outputs = tracker.handle(input);
        self.tracker_outputs(seat, outputs, game, out);
    }

    /// What a tracker found out, turned into the move cycle and words.
    fn tracker_outputs(
        &mut self,
        seat: Seat,
        outputs: Vec<TrackerOutput>,
        game: &GameView,
        out: &mut Vec<CycleStep>,
    ) {
        let vi = self.vi_side;
        for output in outputs {
            match (&output, seat) {
                (TrackerOutput::Move(m), Seat::Peg) => self.peg_move(*m, game, out),
                (TrackerOutput::Move(m), Seat::Sighted) => self.sighted_board_move(*m, game, out),
                (TrackerOutput::Touch { own, square, piece }, Seat::Sighted) => {
                    // D.2.10.5: the assistant tells the arbiter when the sighted player
                    // touched a piece; say it to the VI side (and the assistant).
                    if *own && game.position.turn() != vi {
                        let mut tokens = vec![Token::Side(!vi)];
                        tokens.extend(output.tokens());
                        out.push(self.for_vi(tokens, Priority::Move));
                        self.sighted_touched = true;
                        out.push(CycleStep::Touched {
                            by: !vi,
                            square: *square,
                            piece: *piece,
                        });
                    }
                }
                (TrackerOutput::BoardsAgree, Seat::Peg) => {
                    let back_at_game = self
                        .peg
                        .as_ref()
                        .is_some_and(|t| t.position().board() == game.position.board());
                    if self.vi_move.on_board.is_some() && game.position.turn() == vi && back_at_game
                    {
                        // The player took the shown move back on the board.
                        self.vi_move.on_board = None;
                    }
                    out.push(self.for_vi(vec![Token::Word(Word::BoardsAgree)], Priority::Move));
                }
                (TrackerOutput::BoardsAgree, Seat::Sighted) => {
                    // The e-board shows the VI player's move: its lights are no longer needed.
                    self.e_board.lit = Bitboard::EMPTY;
                    out.push(self.show(&[Token::Word(Word::BoardsAgree)]))
                }
                (
                    TrackerOutput::Differences(_) | TrackerOutput::CastlingNotAllowed { .. },
                    Seat::Peg,
                ) => out.push(self.for_vi(output.tokens(), Priority::Alert)),
                (TrackerOutput::NeedPromotion { .. } | TrackerOutput::NeedChoice(_), _) => {
                    out.push(CycleStep::Effect(Effect::say(output.tokens())))
                }
                (_, Seat::Peg) => {
                    out.push(self.for_vi(output.tokens(), Priority::Move));
                    if let TrackerOutput::Touch { square, piece, .. } = &output
                        && game.position.turn() == vi
                        && !self.touched.iter().any(|(sq, _)| sq == square)
                    {
                        self.touched.push((*square, *piece));
                        out.push(CycleStep::Touched {
                            by: vi,
                            square: *square,
                            piece: *piece,
                        });
                    }
                }
                (_, Seat::Sighted) => out.push(self.show(&output.tokens())),
            }
        }
    }

    /// A line typed or heard while a board asks a question: the answer, if it is one (then
    /// `Some` with what follows from it).
    pub(super) fn answer(&mut self, line: &str, game: &GameView) -> Option<Vec<CycleStep>> {
        let yes = command::parse(self.lang, line) == Some(Command::Yes);
        for seat in [Seat::Peg, Seat::Sighted] {
            let Some(tracker) = self.tracker_mut(seat) else {
                continue;
            };
            let Some(question) = tracker.pending_question() else {
                continue;
            };
            let result = match question {
                PendingQuestion::Promotion => {
                    let role = crate::notation::parse::parse_piece(line)?;
                    tracker.choose_promotion(role)
                }
                // A question about one move is a confirmation: "ja" answers it.
                PendingQuestion::Choice(moves) if yes && moves.len() == 1 => {
                    tracker.choose(moves[0])
                }
                PendingQuestion::Choice(moves) => {
                    let m = crate::notation::parse_move(tracker.position(), line).ok()?;
                    if !moves.contains(&m) {
                        return None;
                    }
                    tracker.choose(m)
                }
            };
            let outputs = result.ok()?;
            let mut out = Vec::new();
            self.tracker_outputs(seat, outputs, game, &mut out);
            return Some(out);
        }
        None
    }

    /// Whether a board asks a question now.
    pub(super) fn asks(&self) -> bool {
        [&self.peg, &self.sighted]
            .into_iter()
            .flatten()
            .any(|tracker| tracker.pending_question().is_some())
    }

    /// The peg board shows a legal move.
    fn peg_move(&mut self, m: Move, game: &GameView, out: &mut Vec<CycleStep>) {
        let vi = self.vi_side;
        let before = &game.position;
        if before.turn() != vi {
            // The peg board moved ahead of the game (the opponent's move not yet announced,
            // or a second move after the own one): the board must go back.
            if let Some(tracker) = &mut self.peg {
                tracker.set_position(before.clone());
            }
            out.push(self.for_vi(vec![Token::Word(Word::BoardsDiffer)], Priority::Alert));
            return;
        }
        if let Some(obligation) = self.touch_move(before)
            && !obligation.allows(m)
        {
            // 4.3 / 4.4: not the move the touched pieces oblige; the board goes back.
            out.push(self.for_vi(obligation.tokens(), Priority::Alert));
            if let Some(tracker) = &mut self.peg {
                tracker.set_position(before.clone());
            }
            return;
        }
        self.vi_move.on_board = Some(m);
        if game.waiting_for_clock {
            // The opponent has not pressed the clock yet: the move waits for that.
            out.push(CycleStep::Effect(Effect::say(vec![Token::Word(
                Word::PressClockFirst,
            )])));
        }
        if self.program_announces {
            self.vi_move.announced = Some(m);
        } else if self.vi_move.announced.is_none() {
            // Placed (D.2.3.1/2); the announcement (D.2.3.3) is still to come.
            let mut tokens = move_tokens(before, m, Style::Long);
            tokens.push(Token::Pause);
            tokens.push(Token::Word(Word::AnnouncementMissing));
            out.push(self.for_vi(tokens, Priority::Move));
        }
        self.try_make_vi_move(game, out);
    }

    /// What the pieces the VI player touched this turn oblige (4.3, 4.4), if anything.
    fn touch_move(&self, before: &Chess) -> Option<Obligation> {
        touch_move::obligation(before, &self.touched)
    }

    /// The VI player announced a move (typed or heard) while a peg board is in use.
    pub(super) fn announced(&mut self, m: Move, game: &GameView) -> Vec<CycleStep> {
        let mut out = Vec::new();
        if let Some(obligation) = self.touch_move(&game.position)
            && !obligation.allows(m)
        {
            // 4.3 / 4.4: the touched pieces oblige another move; the announcement stands not.
            out.push(self.for_vi(obligation.tokens(), Priority::Alert));
            return out;
        }
        self.vi_move.announced = Some(m);
        if self.vi_move.on_board.is_none()
            && let Some(tracker) = &mut self.peg
        {
            let outputs = match tracker.pending_question() {
                // D.2.1: "…the player must announce which piece is chosen": the announced
                // piece answers the board's question.
                Some(PendingQuestion::Promotion) if m.promotion().is_some() => {
                    tracker.choose(m).unwrap_or_else(|_| tracker.settle())
                }
                // The board is asked again what it shows, or how it differs.
                _ => tracker.settle(),
            };
            self.tracker_outputs(Seat::Peg, outputs, game, &mut out);
        }
        if self.vi_move.announced.is_some() && self.vi_move.on_board.is_none() {
            let mut tokens = move_tokens(&game.position, m, game.style);
            tokens.push(Token::Pause);
            tokens.push(Token::Word(Word::PlayOnBoard));
            out.push(self.for_vi(tokens, Priority::Move));
        }
        if game.waiting_for_clock {
            out.push(CycleStep::Effect(Effect::say(vec![Token::Word(
                Word::PressClockFirst,
            )])));
        }
        self.try_make_vi_move(game, &mut out);
        out
    }

    /// The clock was pressed: a VI move that waited for it goes on now.
    pub(super) fn clock_pressed(&mut self, game: &GameView) -> Vec<CycleStep> {
        let mut out = Vec::new();
        self.try_make_vi_move(game, &mut out);
        out
    }

    /// When the board move and the announced move are both there: made if they agree
    /// (D.2.3), else the player is asked to correct one of them (D.2.8).
    fn try_make_vi_move(&mut self, game: &GameView, out: &mut Vec<CycleStep>) {
        let (Some(on_board), Some(announced)) = (self.vi_move.on_board, self.vi_move.announced)
        else {
            return;
        };
        if game.waiting_for_clock || game.position.turn() != self.vi_side {
            return;
        }
        if on_board == announced {
            self.vi_move = ViMove::default();
            out.push(CycleStep::MakeVi(on_board));
            return;
        }
        let before = &game.position;
        let mut tokens = vec![Token::Word(Word::OnTheBoard)];
        tokens.extend(move_tokens(before, on_board, Style::Long));
        tokens.push(Token::Pause);
        tokens.push(Token::Word(Word::Announced));
        tokens.extend(move_tokens(before, announced, Style::Long));
        tokens.push(Token::Pause);
        tokens.push(Token::Word(Word::PleaseCorrect));
        out.push(self.for_vi(tokens, Priority::Alert));
        // The board is to go back to the position before the move, or the announcement is
        // to be repeated correctly; either completes the cycle.
        if let Some(tracker) = &mut self.peg {
            tracker.set_position(before.clone());
        }
    }

    /// The sighted player's e-board shows a move.
    fn sighted_board_move(&mut self, m: Move, game: &GameView, out: &mut Vec<CycleStep>) {
        if game.position.turn() == self.vi_side {
            // The VI player's move played on the sighted board: agreed only if it is the
            // move just made; anything else is a difference on that board.
            if let Some(tracker) = &mut self.sighted {
                tracker.set_position(game.position.clone());
            }
            out.push(self.show(&[Token::Word(Word::BoardsDiffer)]));
            return;
        }
        out.push(CycleStep::MakeSighted(m));
    }

    /// "Korrektur" before the move is made: the announcement was a slip (D.2.8) and is
    /// withdrawn; true when there was one to withdraw.
    pub(super) fn withdraw_announcement(&mut self) -> bool {
        self.vi_move.announced.take().is_some()
    }

    /// A move was made in the game (either player's): the touches of the turn are over.
    pub(super) fn move_made(&mut self) {
        self.touched.clear();
        self.sighted_touched = false;
    }

    /// Whether `side` touched a piece this turn, as far as a board saw it (9.4).
    pub(super) fn has_touched(&self, side: Color) -> bool {
        if side == self.vi_side {
            !self.touched.is_empty()
        } else {
            self.sighted_touched
        }
    }

    /// The game went back (a take-back, the arbiter): the move under way is forgotten, and
    /// the e-board's lights of a move taken back go out.
    pub(super) fn forget_move_under_way(&mut self) {
        self.vi_move = ViMove::default();
        self.e_board.lit = Bitboard::EMPTY;
    }

    /// Both boards are expected to show `position` now (after a move made elsewhere, a
    /// take-back, the arbiter going back); the lifts and drops that bring them there are not
    /// differences, and the boards say when they agree.
    pub(super) fn follow(&mut self, position: &Chess) {
        for tracker in [&mut self.peg, &mut self.sighted].into_iter().flatten() {
            tracker.set_position(position.clone());
        }
    }

    /// Why the VI player's clock may not be pressed now, if it may not (a move under way on
    /// the peg board that lacks its placing or its announcement, or whose two disagree).
    pub(super) fn press_refusal(&self, waiting_for_clock: bool) -> Option<Word> {
        if self.peg.is_none() || !self.peg_connected || waiting_for_clock {
            return None;
        }
        Some(match (self.vi_move.on_board, self.vi_move.announced) {
            (None, None) => Word::MakeMoveFirst,
            (Some(_), None) => Word::AnnouncementMissing,
            (None, Some(_)) => Word::PlayOnBoard,
            (Some(_), Some(_)) => Word::PleaseCorrect,
        })
    }

    /// Whether a VI move is under way (something placed or announced, not yet made).
    pub(super) fn move_under_way(&self) -> bool {
        self.vi_move != ViMove::default()
    }

    /// The sighted player's e-board went away (a Bluetooth link dropped, a cable pulled):
    /// said to everyone; its link keeps trying, and the position it shows when it is back is
    /// compared with the game.
    fn e_board_lost(&mut self, out: &mut Vec<CycleStep>) {
        self.e_board.lost = true;
        out.push(CycleStep::Effect(Effect::urgent(vec![Token::Word(
            Word::EBoardLost,
        )])));
    }

    /// The sighted player's e-board introduced itself: after a loss, it is said to be back.
    fn e_board_back(&mut self, out: &mut Vec<CycleStep>) {
        if std::mem::take(&mut self.e_board.lost) {
            out.push(CycleStep::Effect(Effect::urgent(vec![Token::Word(
                Word::EBoardBack,
            )])));
        }
    }

    /// A move was made in the game (`position` is after it, `mover` made it): the VI player's
    /// move is lit on the sighted player's e-board until that board shows it; any other move
    /// puts the lights out.
    pub(super) fn light_move(&mut self, mover: Color, m: Move, position: &Chess) {
        if !self.e_board.lights || position.turn() == mover {
            // No lights, or the move was not made.
            return;
        }
        let shown = self.sighted.as_ref().is_some_and(Tracker::agrees);
        self.e_board.lit = if mover == self.vi_side && !shown {
            move_squares(m, mover)
        } else {
            Bitboard::EMPTY
        };
    }

    /// The request that brings the e-board's lights to what they should be, if they are not
    /// yet (asked once a change; the protocol lights them again after a reconnection).
    pub(super) fn light_change(&mut self) -> Option<Effect> {
        let state = &mut self.e_board;
        if !state.lights || state.lit == state.shown {
            return None;
        }
        state.shown = state.lit;
        Some(Effect::ToBoard(Seat::Sighted, Request::Light(state.lit)))
    }
}

/// The squares the pieces of a move leave and reach (both pieces of castling, the pawn
/// taken en passant).
fn move_squares(m: Move, mover: Color) -> Bitboard {
    match m {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            [king, rook, side.king_to(mover), side.rook_to(mover)]
                .into_iter()
                .collect()
        }
        Move::EnPassant { from, to } => [from, to, Square::from_coords(to.file(), from.rank())]
            .into_iter()
            .collect(),
        Move::Normal { from, to, .. } => Bitboard::from(from) | to,
        Move::Put { to, .. } => Bitboard::from(to),
    }
}
