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
//!
//! What the VI player hears about his board is decided in one place
//! ([`BoardCycle::say_peg_board`], with the words of `super::pegs`): whenever the peg board
//! differs from what it should show once the player's hands are free (a peg put down, the move
//! announced, the clock pressed, a move relayed), every differing square is said with what
//! belongs there, and a piece moved away with its way back; the same list is not said twice;
//! when the board agrees again after that, it is said once. A move on the pegs that no rule
//! allows is said to be illegal, with its true reason, and touch-move stays in force. A piece
//! is said from the VI player's side: the opponent's with its colour, his own without.

use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Piece, Position, Square};

use crate::board::link::LinkEvent;
use crate::board::tracker::PendingQuestion;
use crate::board::{
    BoardInput, Request, Sensing, SquareDifference as Difference, Tracker, TrackerOutput,
    differences,
};
use crate::command::{self, Command};
use crate::game::touch_move::{self, Obligation};
use crate::lang::Lang;
use crate::notation::why_illegal;
use crate::notation::{Style, move_tokens};
use crate::speech::Priority;
use crate::words::{Token, Word, square_tokens};

use super::effect::{Audience, Effect, Shown};
use super::pegs::{self, Hands, Misplaced};
use super::seat::Seat;

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
    /// What the VI player's hands did on the peg board.
    hands: Hands,
    /// The differences last said about the peg board, until it agrees again.
    said_differences: Option<Vec<Misplaced>>,
    /// What the player was told belongs in which hole (with a piece taken off that the
    /// board cannot see), until the board agrees again.
    told: Vec<(Square, Piece)>,
    /// Whether "the boards agree" is owed once the peg board agrees (a relayed move is being
    /// followed, or the board was told to be put right).
    agree_owed: bool,
    /// Both boards differ and the e-board is put right first: the peg board's squares wait
    /// until the e-board agrees.
    peg_held: bool,
    /// The opponent's move relayed and not yet followed on the peg board: the position
    /// before it, and the move.
    following: Option<(Chess, Move)>,
    /// The VI player named the promotion piece the peg board asked for: that counts as the
    /// move's announcement (D.2.1: "the player must announce which piece is chosen").
    promotion_named: bool,
    /// The sighted player's e-board: its lights, and whether its link was lost.
    e_board: EBoardState,
    /// Tournament mode: no verdict on a move before it is completed.
    tournament: bool,
    /// Tournament mode: the castling on the pegs whose rook was touched first (4.4.2).
    castled_after_rook: Option<(Move, Square)>,
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
    /// Its differences from the game were shown and it has not agreed since (D.2.9).
    differs: bool,
    /// Tournament mode: the way of the sighted player's piece last said as his board shows
    /// it (no rule allows it), and whether the clock press completed it (then its squares
    /// are differences to put right).
    way_said: Option<(Square, Square, bool)>,
    /// Both boards differ and the peg board is put right first: the e-board's squares wait
    /// until the peg board agrees.
    held: bool,
}

/// "On the board this move, announced that one, please correct" (D.2.8).
fn mismatch_tokens(before: &Chess, on_board: Move, announced: Move) -> Vec<Token> {
    let mut tokens = vec![Token::Word(Word::OnTheBoard)];
    tokens.extend(move_tokens(before, on_board, Style::Long));
    tokens.push(Token::Pause);
    tokens.push(Token::Word(Word::Announced));
    tokens.extend(move_tokens(before, announced, Style::Long));
    tokens.push(Token::Pause);
    tokens.push(Token::Word(Word::PleaseCorrect));
    tokens
}

/// What the words of a difference list tell the player belongs in which hole.
fn told(diffs: &[Misplaced]) -> Vec<(Square, Piece)> {
    diffs
        .iter()
        .filter_map(|d| Some((d.square, d.belongs?)))
        .collect()
}

/// What has just happened to the peg board, for what is said about it.
#[derive(Debug, Clone, PartialEq)]
enum Moment {
    /// A board event; `placed`: a peg was put down (or the board read whole).
    Event { placed: bool },
    /// The player says the move is done, or the game moved on: the board is compared now.
    Settle,
    /// A move on the board was refused: these words, then what to put back.
    Refused(Vec<Token>),
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
            hands: Hands::new(&Chess::default(), Sensing::Occupancy),
            said_differences: None,
            told: Vec::new(),
            agree_owed: false,
            peg_held: false,
            following: None,
            promotion_named: false,
            e_board: EBoardState::default(),
            tournament: false,
            castled_after_rook: None,
        }
    }

    /// Tournament mode (issue 33): a move on the pegs that no rule allows is said as the
    /// pegs show it, with no verdict, until the clock completes it.
    pub(super) fn set_tournament(&mut self, on: bool) {
        self.tournament = on;
        if let Some(tracker) = &mut self.peg {
            tracker.set_castling_after_rook_stands(on);
        }
    }

    /// Tournament mode: the castling last placed on the pegs after its rook was touched
    /// first (4.4.2), with the rook's square, taken once (the arbiter rules on it when the
    /// clock completes it).
    pub(super) fn take_castled_after_rook(&mut self) -> Option<(Move, Square)> {
        self.castled_after_rook.take()
    }

    /// In tournament mode, the way of a piece of the VI player on the pegs that no rule
    /// allows, when the pegs show one at his turn: what the clock press completes (7.5.1).
    pub(super) fn illegal_way(&self, game: &GameView) -> Option<(Piece, Square, Square)> {
        let tracker = self.peg.as_ref().filter(|_| self.tournament)?;
        let before = &game.position;
        if before.turn() != self.vi_side || self.following.is_some() {
            return None;
        }
        let target = self.nearer_target(before, tracker.position());
        if target.board() != before.board() {
            return None;
        }
        let (piece, from, to) = self.hands.single_way(&target)?;
        let legal = before
            .legal_moves()
            .iter()
            .any(|m| m.from() == Some(from) && m.to() == to);
        (piece.color == self.vi_side && !legal).then_some((piece, from, to))
    }

    /// In tournament mode, the way of a piece of the sighted player on his e-board that no
    /// rule allows, at his turn: what his clock press completes (7.5.1).
    pub(super) fn illegal_e_board_way(&self, game: &GameView) -> Option<(Piece, Square, Square)> {
        let tracker = self.sighted.as_ref().filter(|_| self.tournament)?;
        let before = &game.position;
        if before.turn() == self.vi_side || tracker.position().board() != before.board() {
            return None;
        }
        let (piece, from, to) = tracker.single_way()?;
        let legal = before
            .legal_moves()
            .iter()
            .any(|m| m.from() == Some(from) && m.to() == to);
        (!legal).then_some((piece, from, to))
    }

    /// Tournament mode: the sighted player's e-board shows a way no rule allows. Until his
    /// clock press completes it, it is said as his board shows it, to the VI player as well
    /// (what the sighted player announces), with no verdict; `false` when the board shows no
    /// such way, or the press completed it (its squares are then differences, D.2.9).
    fn say_e_board_way(&mut self, game: &GameView, out: &mut Vec<CycleStep>) -> bool {
        let Some((piece, from, to)) = self.illegal_e_board_way(game) else {
            self.e_board.way_said = None;
            return false;
        };
        match self.e_board.way_said {
            Some((f, t, completed)) if (f, t) == (from, to) => !completed,
            _ => {
                self.e_board.way_said = Some((from, to, false));
                let mut tokens = vec![Token::Side(piece.color), Token::Pause];
                tokens.extend(pegs::way_tokens(piece, from, to, self.vi_side));
                out.push(CycleStep::Effect(Effect::say(tokens)));
                true
            }
        }
    }

    /// The sighted player's illegal way completed by his clock press (7.5.1): the position
    /// before it stands, and his e-board's squares are now differences to put right.
    pub(super) fn e_board_way_completed(&mut self, game: &GameView) -> Vec<CycleStep> {
        let mut out = Vec::new();
        if let Some(way) = &mut self.e_board.way_said {
            way.2 = true;
        }
        let diffs = match &self.sighted {
            Some(tracker) => tracker.differences(),
            None => return out,
        };
        if !diffs.is_empty() {
            self.e_board_differs(&diffs, game, &mut out);
        }
        out
    }

    /// Attaches the VI player's peg board (its kind is corrected by the board's `HELLO`).
    pub(super) fn attach_peg_board(&mut self, position: &Chess, sensing: Sensing) {
        let mut tracker = Tracker::new(position.clone(), sensing);
        tracker.set_castling_after_rook_stands(self.tournament);
        self.peg = Some(tracker);
        self.hands = Hands::new(position, sensing);
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

    /// The peg board and the e-board as they stand, each with the squares where it differs
    /// from `position` (for the board view).
    pub(super) fn boards_shown(
        &self,
        position: &Chess,
    ) -> (Option<super::BoardShown>, Option<super::BoardShown>) {
        let board = position.board();
        let pegs = self.peg.as_ref().map(|_| {
            let squares = std::array::from_fn(|i| self.hands.at(Square::new(i as u32)).cell());
            super::BoardShown {
                differs: differing(&squares, board),
                squares,
                connected: self.peg_connected,
            }
        });
        let e_board = self.sighted.as_ref().map(|tracker| {
            let sensed = tracker.sensed();
            let squares = std::array::from_fn(|i| sensed.get(Square::new(i as u32)));
            super::BoardShown {
                differs: differing(&squares, board),
                squares,
                connected: !self.e_board.lost,
            }
        });
        (pegs, e_board)
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
                if seat == Seat::Peg {
                    self.hands.set_sensing(hello.sensing);
                }
            }
            LinkEvent::Input(input) => {
                if seat == Seat::Sighted {
                    // A board that reports is back, whether or not it has introduced itself
                    // yet (reports may wait in its port from while it was away): that is said
                    // before what its report shows.
                    self.e_board_back(&mut out);
                }
                self.board_input(seat, &input, game, &mut out)
            }
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
        if seat == Seat::Peg && self.peg.is_some() {
            let mover = self.mover(game);
            // Told what belongs where, a peg put into a hole it was told about is that piece.
            self.hands.observe(input, mover, &self.told);
            if let Some((before, m)) = &self.following {
                let leaves = match input {
                    // A peg lifted that the relayed move does not touch, or a piece of his
                    // own put down: he is not following the opponent's move.
                    BoardInput::Up(square) => !pegs::move_squares(before, *m).contains(square),
                    BoardInput::Down(square, _) => {
                        self.hands.at(*square).color() == Some(self.vi_side)
                    }
                    _ => false,
                };
                if leaves {
                    self.following = None;
                }
            }
        }
        let Some(tracker) = self.tracker_mut(seat) else {
            return;
        };
        let outputs = tracker.handle(input);
        self.tracker_outputs(seat, outputs, game, out);
        if seat == Seat::Peg {
            let placed = !matches!(input, BoardInput::Up(_));
            let moment = if matches!(input, BoardInput::Resync(_)) {
                Moment::Settle
            } else {
                Moment::Event { placed }
            };
            self.say_peg_board(game, moment, out);
        }
    }

    /// The side whose move the peg board is making: the opponent while his relayed move is
    /// followed, else the side to move.
    fn mover(&self, game: &GameView) -> Color {
        match self.following {
            Some(_) => !game.position.turn(),
            None => game.position.turn(),
        }
    }

    /// What a tracker found out, turned into the move cycle and words. What the peg board
    /// shows against the game (differences, agreement) is said by [`Self::say_peg_board`].
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
                (TrackerOutput::Move(m), Seat::Peg) => {
                    self.castled_after_rook = self
                        .peg
                        .as_ref()
                        .and_then(Tracker::castled_after_rook)
                        .filter(|(castle, _)| castle == m);
                    self.peg_move(*m, game, out)
                }
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
                (TrackerOutput::Touch { square, piece, .. }, Seat::Peg) => {
                    if self.following.is_some() || self.said_differences.is_some() {
                        // Putting the board right, or following the opponent's move: pegs
                        // lifted to adjust the board are no touch (4.2, D.2.9).
                        continue;
                    }
                    let mut tokens = pegs::piece_tokens(*piece, vi);
                    tokens.extend(square_tokens(*square));
                    if game.position.turn() == vi {
                        // D.2.2: a peg pulled out of its hole is a piece touched (4.3).
                        tokens.push(Token::Word(Word::Touched));
                        out.push(self.for_vi(tokens, Priority::Move));
                        if !self.touched.iter().any(|(sq, _)| sq == square) {
                            self.touched.push((*square, *piece));
                            out.push(CycleStep::Touched {
                                by: vi,
                                square: *square,
                                piece: *piece,
                            });
                        }
                    } else {
                        // Not his turn: no touch; the opponent's move is still to come.
                        tokens.extend([
                            Token::Word(Word::Lifted),
                            Token::Pause,
                            Token::Side(game.position.turn()),
                            Token::Word(Word::ToMove),
                        ]);
                        out.push(self.for_vi(tokens, Priority::Move));
                    }
                }
                (TrackerOutput::PutBack { .. }, Seat::Peg) if self.said_differences.is_some() => {
                    // The board agrees again: that is said, with touch-move.
                }
                (TrackerOutput::PutBack { square, piece, .. }, Seat::Peg) => {
                    let mut tokens = pegs::piece_tokens(*piece, vi);
                    tokens.extend(square_tokens(*square));
                    tokens.push(Token::Word(Word::PutBack));
                    // 4.3: a touched piece that can move must move; an opponent's that can be
                    // captured must be captured.
                    let obliged = self.touch_move_said(&game.position).is_some_and(|o| {
                        o.piece.0 == *square || o.victim.is_some_and(|(sq, _)| sq == *square)
                    });
                    if game.position.turn() == vi && obliged {
                        tokens.extend([
                            Token::Pause,
                            Token::Word(if piece.color == vi {
                                Word::TouchMove
                            } else {
                                Word::MustBeCaptured
                            }),
                        ]);
                    }
                    out.push(self.for_vi(tokens, Priority::Move));
                }
                (TrackerOutput::CastlingNotAllowed { .. }, Seat::Peg) => {
                    // 4.4.2: said with what to put back.
                    let words = output.tokens();
                    self.say_peg_board(game, Moment::Refused(words), out);
                }
                (TrackerOutput::Differences(_) | TrackerOutput::BoardsAgree, Seat::Peg) => {}
                (TrackerOutput::BoardsAgree, Seat::Sighted) => {
                    // The e-board shows the VI player's move: its lights are no longer needed.
                    // (A way said as it stood is gone from it too.)
                    self.e_board.way_said = None;
                    self.e_board.lit = Bitboard::EMPTY;
                    self.e_board.differs = false;
                    self.e_board.held = false;
                    // While the peg board still differs, only the e-board agrees.
                    let agree = if self.peg_held {
                        Word::EBoardAgrees
                    } else {
                        Word::BoardsAgree
                    };
                    out.push(self.show(&[Token::Word(agree)]));
                    if std::mem::take(&mut self.peg_held) {
                        // The e-board was put right first: now the peg board's squares.
                        self.said_differences = None;
                        self.say_peg_board(game, Moment::Settle, out);
                    }
                }
                (TrackerOutput::Differences(diffs), Seat::Sighted) => {
                    if !self.say_e_board_way(game, out) {
                        let diffs = diffs.clone();
                        self.e_board_differs(&diffs, game, out);
                    }
                }
                (TrackerOutput::NeedPromotion { .. } | TrackerOutput::NeedChoice(_), _) => {
                    out.push(CycleStep::Effect(Effect::say(output.tokens())))
                }
                (_, Seat::Sighted) => out.push(self.show(&output.tokens())),
            }
        }
    }

    /// Says what the peg board shows against what it should show, when that is news: every
    /// differing square (with a refusal or an illegal move, its words first), or, once, that
    /// the boards agree again. While the player's hands are on a move (a peg of the side
    /// moving in hand, or part of a legal move made), nothing is said of the board.
    fn say_peg_board(&mut self, game: &GameView, moment: Moment, out: &mut Vec<CycleStep>) {
        if self.peg.is_none() || (!self.peg_connected && moment != Moment::Settle) {
            return;
        }
        let vi = self.vi_side;
        let before = &game.position;
        let vi_to_move = before.turn() == vi && self.following.is_none();
        // The VI player's move shown on the board and not yet made may be changed while it
        // is not announced: back to the position before, or another legal move.
        if vi_to_move
            && let Some(placed) = self.vi_move.on_board
            && !matches!(moment, Moment::Refused(_))
            && !self.hands.shows_after(before, placed)
        {
            if self.hands.shows(before) {
                // The move's pegs are back where they stood (D.2.2, D.2.3): no move is on
                // the board; a touched piece keeps its duty (4.3) and nothing else.
                self.vi_move.on_board = None;
                self.reset_peg(before);
                self.hands.agree_with(before);
                self.told.clear();
                if self.said_differences.is_none() && !self.agree_owed {
                    if let Some(obligation) = self.touch_move_said(before) {
                        out.push(self.for_vi(obligation.tokens(), Priority::Move));
                    }
                    return;
                }
                // The board was said to differ on the way: that it agrees is said below.
            }
            let obligation = self.touch_move(before);
            let other = before.legal_moves().into_iter().find(|&m| {
                Some(m) != self.vi_move.on_board
                    && obligation.as_ref().is_none_or(|o| o.allows(m))
                    && self.hands.shows_after(before, m)
            });
            if let Some(m) = other {
                self.reset_peg(before);
                self.peg_move(m, game, out);
                if let Some(tracker) = &mut self.peg
                    && self.vi_move.on_board == Some(m)
                {
                    let mut after = before.clone();
                    after.play_unchecked(m);
                    tracker.set_position(after);
                }
                return;
            }
        }
        let Some(tracker) = &self.peg else {
            return;
        };
        if tracker.pending_question().is_some() {
            // The board asks which piece or which move: it is not wrong, only unclear.
            return;
        }
        let target = self.nearer_target(before, tracker.position());
        let diffs = self.peg_differences(&target);
        if diffs.is_empty() {
            let owed = self.said_differences.take().is_some() || self.agree_owed;
            if owed {
                // The events show the board agrees, a capture's square too (which an
                // occupancy board alone cannot tell): the tracker is in step again.
                self.restart_peg(&target);
            }
            self.hands.agree_with(&target);
            self.told.clear();
            self.agree_owed = false;
            self.following = None;
            self.peg_held = false;
            // The peg board was put right first: the e-board's squares follow its agreement.
            let e_board_next = std::mem::take(&mut self.e_board.held)
                .then(|| self.sighted.as_ref().map(Tracker::differences))
                .flatten()
                .filter(|diffs| !diffs.is_empty())
                .map(|diffs| self.show(&e_board_words(&diffs, None)));
            if let Moment::Refused(words) = moment {
                out.push(self.for_vi(words, Priority::Alert));
                out.extend(e_board_next);
                return;
            }
            if !owed {
                out.extend(e_board_next);
                return;
            }
            match self.vi_move.on_board {
                // The board is back at the VI player's move, still to be announced.
                Some(m)
                    if vi_to_move
                        && self.vi_move.announced.is_none()
                        && self.hands.shows_after(before, m) =>
                {
                    let mut tokens = move_tokens(before, m, Style::Long);
                    tokens.extend([Token::Pause, Token::Word(Word::AnnouncementMissing)]);
                    out.push(self.for_vi(tokens, Priority::Move));
                }
                _ => {
                    // While the e-board still differs, only the peg board agrees.
                    let agree = if e_board_next.is_some() {
                        Word::PegBoardAgrees
                    } else {
                        Word::BoardsAgree
                    };
                    let mut tokens = vec![Token::Word(agree)];
                    if vi_to_move && let Some(obligation) = self.touch_move_said(before) {
                        // 4.3: touch-move stays in force.
                        tokens.push(Token::Pause);
                        tokens.extend(obligation.tokens());
                    }
                    out.push(self.for_vi(tokens, Priority::Move));
                    if vi_to_move {
                        // The pegs show the move placed and announced again: it is made.
                        self.try_make_vi_move(game, out);
                    }
                }
            }
            out.extend(e_board_next);
            return;
        }
        let speak = match &moment {
            Moment::Refused(_) | Moment::Settle => true,
            Moment::Event { placed } => *placed && !self.hands_busy(game),
        };
        if !speak {
            return;
        }
        let refused = matches!(moment, Moment::Refused(_));
        if !refused && self.said_differences.as_ref() == Some(&diffs) {
            return;
        }
        let words = match moment {
            Moment::Refused(mut refusal) => {
                // What to put back, after the refusal's words (a piece taken off where the
                // board cannot see it too).
                let exact = self.hands.exact_differences(&target);
                refusal.push(Token::Pause);
                refusal.extend(pegs::differences_tokens(&exact, vi));
                self.told = told(&exact);
                refusal
            }
            _ if self.e_board_first(game) => {
                // Both boards differ and the e-board is put right first: the squares of the
                // peg board wait until it agrees.
                self.peg_held = true;
                self.told.clear();
                vec![
                    Token::Word(Word::PegBoardDiffers),
                    Token::Pause,
                    Token::Word(Word::EBoardFirst),
                ]
            }
            _ => {
                let (words, said) = self.board_words(game, &target, &diffs);
                self.told = told(&said);
                if self.e_board.differs && !self.e_board.lost {
                    // The peg board comes first: the e-board's squares are shown again once
                    // it agrees.
                    self.e_board.held = true;
                }
                words
            }
        };
        self.said_differences = Some(diffs);
        // Told what differs, the player puts the board right: no longer following, and the
        // pegs in hand are no move under way.
        self.following = None;
        self.hands.set_aside();
        out.push(self.for_vi(words, Priority::Alert));
    }

    /// The words for a peg board that differs from `target` by `diffs`: a move on the pegs
    /// no rule allows, with its reason; a legal move left half made (a capture's piece still
    /// standing), with what is still to do; else "the boards differ" (and, while the
    /// opponent is to move, that his move is not relayed yet); then every square, and
    /// touch-move when it binds.
    fn board_words(
        &self,
        game: &GameView,
        target: &Chess,
        diffs: &[Misplaced],
    ) -> (Vec<Token>, Vec<Misplaced>) {
        let vi = self.vi_side;
        let before = &game.position;
        let own_turn = before.turn() == vi && self.following.is_none();
        let at_game = target.board() == before.board();
        let mut words = Vec::new();
        let mut diffs = diffs.to_vec();
        let mut no_verdict = false;
        let way = self
            .hands
            .single_way(target)
            .filter(|(piece, ..)| own_turn && at_game && piece.color == vi);
        let legal = before.legal_moves();
        let half_made: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| self.hands.on_the_way(before, m))
            .collect();
        let half_made = self
            .vi_move
            .announced
            .filter(|a| half_made.contains(a))
            .or(match half_made.as_slice() {
                [m] => Some(*m),
                _ => None,
            })
            .filter(|_| own_turn && at_game);
        if let Some((piece, from, to)) = way
            && self.tournament
            && !legal.iter().any(|m| m.from() == Some(from) && m.to() == to)
        {
            // Tournament mode: no verdict before the clock completes the move (7.5.1); the
            // pegs are said as they stand, as a move placed is.
            words.extend(pegs::way_tokens(piece, from, to, vi));
            words.extend([Token::Pause, Token::Word(Word::AnnouncementMissing)]);
            diffs.clear();
            no_verdict = true;
        } else if let Some((piece, from, to)) = way
            && !legal.iter().any(|m| m.from() == Some(from) && m.to() == to)
        {
            // No rule allows it: said to be illegal, with the true reason, and every square
            // as the events tell (a piece taken off where the board cannot see it).
            words.extend(pegs::way_tokens(piece, from, to, vi));
            words.extend([Token::Pause, Token::Word(Word::NotLegal), Token::Pause]);
            words.extend(why_illegal(before, from, to).tokens());
            diffs = self.hands.exact_differences(target);
        } else if let Some(m) = half_made {
            // A legal move the pegs show half made: what is still to do for it.
            let mut after = before.clone();
            after.play_unchecked(m);
            words.extend(move_tokens(before, m, Style::Long));
            diffs = self.peg_differences(&after);
        } else {
            if self.e_board.differs && !self.e_board.lost {
                // Both boards differ: the peg board is put right first (its player is to
                // move; the e-board's squares wait).
                words.extend([
                    Token::Word(Word::BothBoardsDiffer),
                    Token::Pause,
                    Token::Word(Word::PegBoardFirst),
                ]);
            } else if self.sighted.is_some() {
                // With an e-board in the game too, the board that differs is named.
                words.push(Token::Word(Word::PegBoardDiffers));
            } else {
                words.push(Token::Word(Word::BoardsDiffer));
            }
            if before.turn() != vi && self.following.is_none() {
                // The opponent is to move: his move is still to be relayed.
                words.extend([
                    Token::Pause,
                    Token::Side(before.turn()),
                    Token::Word(Word::ToMove),
                ]);
                if self.shows_a_move_of(before) {
                    // His move played on the pegs before it was relayed.
                    words.extend([Token::Pause, Token::Word(Word::NotYetAnnounced)]);
                }
            }
        }
        if !diffs.is_empty() {
            words.push(Token::Pause);
            words.extend(pegs::differences_tokens(&diffs, vi));
        }
        if own_turn
            && at_game
            && !no_verdict
            && let Some(obligation) = self.touch_move_said(before)
        {
            // 4.3: touch-move stays in force.
            words.push(Token::Pause);
            words.extend(obligation.tokens());
        }
        (words, diffs)
    }

    /// Whether the player's hands are still on a move: a peg of the side moving in hand, or
    /// the board part of the way of a legal move (the relayed one while it is followed).
    fn hands_busy(&self, game: &GameView) -> bool {
        if self.hands.holding(self.mover(game)) {
            return true;
        }
        match &self.following {
            Some((before, m)) => self.hands.on_the_way(before, *m) || self.hands.shows(before),
            None => self.hands.on_the_way_of_any(&game.position),
        }
    }

    /// Whether the peg board shows the position after a legal move of `position`.
    fn shows_a_move_of(&self, position: &Chess) -> bool {
        position
            .legal_moves()
            .into_iter()
            .any(|m| self.hands.shows_after(position, m))
    }

    /// Where the peg board differs from `target`: as the board can tell, and where it cannot,
    /// as the events tell (a captured piece left on its square, which an occupancy board
    /// cannot tell from the capturing one).
    fn peg_differences(&self, target: &Chess) -> Vec<Misplaced> {
        self.hands.exact_differences(target)
    }

    /// What the pegs are compared with: the tracker's position (the game, with the VI
    /// player's move when one is placed); while that move is not announced the player may
    /// be taking it back (D.2.3), so the game's position when the pegs are nearer to it.
    fn nearer_target(&self, before: &Chess, tracked: &Chess) -> Chess {
        let placed = before.turn() == self.vi_side
            && self.following.is_none()
            && self.vi_move.on_board.is_some()
            && self.vi_move.announced.is_none();
        if placed
            && tracked.board() != before.board()
            && self.peg_differences(before).len() < self.peg_differences(tracked).len()
        {
            return before.clone();
        }
        tracked.clone()
    }

    /// What the peg board should show while the VI player is to move: the game, with his
    /// move when one is placed and not yet made.
    fn peg_target(&self, before: &Chess) -> Chess {
        let mut target = before.clone();
        if before.turn() == self.vi_side
            && let Some(m) = self.vi_move.on_board
        {
            target.play_unchecked(m);
        }
        target
    }

    /// The peg board shows `position`: its tracker starts from it, in step.
    fn restart_peg(&mut self, position: &Chess) {
        if let Some(tracker) = &mut self.peg {
            let _ = tracker.start(position.clone());
        }
    }

    /// The peg board's tracker goes back to `position` (its pegs are to show it).
    fn reset_peg(&mut self, position: &Chess) {
        if let Some(tracker) = &mut self.peg {
            tracker.set_position(position.clone());
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
                    let result = tracker.choose_promotion(role);
                    if seat == Seat::Peg && result.is_ok() {
                        self.promotion_named = true;
                    }
                    result
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
            self.promotion_named = false;
            if seat == Seat::Peg {
                self.say_peg_board(game, Moment::Settle, &mut out);
            }
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
        if before.turn() != vi || !before.is_legal(m) {
            // The peg board moved ahead of the game (the opponent's move not yet announced,
            // or a second move after the own one, an opponent's peg moved after it): the
            // board must go back to what it should show; what it shows is said with the
            // differences.
            let target = self.peg_target(before);
            self.reset_peg(&target);
            return;
        }
        let mut after = before.clone();
        after.play_unchecked(m);
        let sure = match self.hands.at(m.to()) {
            pegs::Held::Piece(piece, _) => after.board().piece_at(m.to()) == Some(piece),
            _ => m.promotion().is_some(),
        };
        if (m.promotion().is_none() && !self.hands.shows(&after))
            || (self.said_differences.is_some() && !sure && !m.is_castle())
        {
            // The events tell otherwise (a captured piece put back on its square, which an
            // occupancy board cannot tell from the capturing one), or the player is putting
            // the board right and the events do not show this move: no move; what the board
            // shows is said with the differences.
            self.reset_peg(before);
            return;
        }
        if let Some(obligation) = self.touch_move(before)
            && !obligation.allows(m)
            && !self.tournament
        {
            // 4.3 / 4.4: not the move the touched pieces oblige; the board goes back. (In
            // tournament mode the move stands: the touches are recorded, and the opponent
            // or the arbiter rules on them, 4.8.)
            let mut words = move_tokens(before, m, Style::Long);
            words.extend([Token::Pause, Token::Word(Word::NotAllowed), Token::Pause]);
            words.extend(obligation.tokens());
            self.reset_peg(before);
            self.say_peg_board(game, Moment::Refused(words), out);
            return;
        }
        self.vi_move.on_board = Some(m);
        if game.waiting_for_clock {
            // The opponent has not pressed the clock yet: the move waits for that.
            out.push(CycleStep::Effect(Effect::say(vec![Token::Word(
                Word::PressClockFirst,
            )])));
        }
        if self.program_announces || std::mem::take(&mut self.promotion_named) {
            // The program announces it, or the player named the piece the board asked for.
            self.vi_move.announced.get_or_insert(m);
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

    /// Touch-move as it is said to the VI player: at home. In tournament mode the program
    /// reminds him of no rule (a sighted player is not reminded either); his touches are
    /// recorded for the arbiter (4.8).
    fn touch_move_said(&self, before: &Chess) -> Option<Obligation> {
        self.touch_move(before).filter(|_| !self.tournament)
    }

    /// The VI player announced a move (typed or heard) while a peg board is in use.
    pub(super) fn announced(&mut self, m: Move, game: &GameView) -> Vec<CycleStep> {
        let mut out = Vec::new();
        if let Some(obligation) = self.touch_move(&game.position)
            && !obligation.allows(m)
            && !self.tournament
        {
            // 4.3 / 4.4: the touched pieces oblige another move; the announcement stands not.
            // (In tournament mode it stands, as the move on the pegs does: 4.8.)
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
            self.say_peg_board(game, Moment::Settle, &mut out);
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
        if self.peg_connected && !self.hands.shows_after(&game.position, on_board) {
            // D.2.2, D.2.3: the move is made on the pegs, and they no longer show it: put
            // back (the announced move is still to be played), or still being put right (it
            // is made when they show it again).
            if self.hands.shows(&game.position) {
                self.vi_move.on_board = None;
                let mut tokens = move_tokens(&game.position, announced, game.style);
                tokens.extend([Token::Pause, Token::Word(Word::PlayOnBoard)]);
                out.push(self.for_vi(tokens, Priority::Move));
            } else {
                self.say_peg_board(game, Moment::Settle, out);
            }
            return;
        }
        if on_board == announced {
            self.vi_move = ViMove::default();
            out.push(CycleStep::MakeVi(on_board));
            return;
        }
        let before = &game.position;
        let tokens = mismatch_tokens(before, on_board, announced);
        out.push(self.for_vi(tokens, Priority::Alert));
        // The board is to go back to the position before the move, or the announcement is
        // to be repeated correctly; either completes the cycle. The board's difference is
        // what was just said.
        self.reset_peg(before);
        self.said_differences = Some(self.peg_differences(before));
    }

    /// The sighted player's e-board shows a move.
    fn sighted_board_move(&mut self, m: Move, game: &GameView, out: &mut Vec<CycleStep>) {
        if game.position.turn() == self.vi_side {
            // The VI player's move played on the sighted board: agreed only if it is the
            // move just made; anything else is a difference on that board.
            let diffs = match &mut self.sighted {
                Some(tracker) => {
                    tracker.set_position(game.position.clone());
                    tracker.differences()
                }
                None => Vec::new(),
            };
            self.e_board_differs(&diffs, game, out);
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
    /// differences, and the peg board says when it agrees. `relayed`: the opponent's move
    /// just made, with the position before it, which the VI player is to follow on the pegs.
    /// A peg board that was in step is followed in silence (the move's words say what to
    /// do); one that was not is told every difference to the new position at once.
    pub(super) fn follow(
        &mut self,
        position: &Chess,
        relayed: Option<(Chess, Move)>,
        game: &GameView,
    ) -> Vec<CycleStep> {
        let old_target = self.peg.as_ref().map(|t| t.position().clone());
        self.hands.set_aside();
        // The e-board is to follow too: what it showed is no difference now.
        self.e_board.differs = false;
        self.e_board.held = false;
        self.peg_held = false;
        for tracker in [&mut self.peg, &mut self.sighted].into_iter().flatten() {
            tracker.set_position(position.clone());
        }
        let mut out = Vec::new();
        let Some(old_target) = old_target else {
            return out;
        };
        let was_in_step = self.hands.shows(&old_target) && self.said_differences.is_none();
        self.following = None;
        if self.hands.shows(position) {
            // Already there (followed early, or the move made on the board itself).
            self.restart_peg(position);
            if !was_in_step {
                self.agree_owed = true;
            }
        } else if let Some((before, m)) = relayed
            && was_in_step
            && self.hands.shows(&before)
        {
            self.following = Some((before, m));
            self.agree_owed = true;
            return out;
        } else {
            // Out of step, or the game went back (a take-back, the arbiter): every peg to
            // move is said.
            self.said_differences = None;
        }
        if self.peg_connected {
            self.say_peg_board(game, Moment::Settle, &mut out);
        }
        out
    }

    /// What the peg board shows against the game, when it differs: the words of
    /// [`Self::board_words`], for a refusal of the clock to say what is wrong on the board.
    pub(super) fn board_differences(&self, game: &GameView) -> Option<Vec<Token>> {
        let tracker = self.peg.as_ref().filter(|_| self.peg_connected)?;
        let target = tracker.position().clone();
        let diffs = self.peg_differences(&target);
        (!diffs.is_empty()).then(|| self.board_words(game, &target, &diffs).0)
    }

    /// The move on the peg board and the one announced, when they differ: both said, and
    /// that one of them is to be corrected (D.2.8).
    pub(super) fn mismatch(&self, game: &GameView) -> Option<Vec<Token>> {
        match (self.vi_move.on_board, self.vi_move.announced) {
            (Some(on_board), Some(announced)) if on_board != announced => {
                Some(mismatch_tokens(&game.position, on_board, announced))
            }
            _ => None,
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

    /// Whether both boards differ from the game and the e-board is to be put right first
    /// (the sighted player is to move: his board must show the game for his move to be read).
    fn e_board_first(&self, game: &GameView) -> bool {
        self.e_board.differs && !self.e_board.lost && game.position.turn() != self.vi_side
    }

    /// Whether the peg board's differences from the game were said and it has not agreed
    /// since.
    fn peg_differs(&self) -> bool {
        self.peg.is_some() && self.peg_connected && self.said_differences.is_some()
    }

    /// The e-board differs from the game by `diffs` (D.2.9): shown, the board named. When the
    /// peg board differs too, the board of the side to move is put right first: its line says
    /// so and has its squares; the other's line says which comes first, and its squares follow
    /// once the first agrees.
    fn e_board_differs(&mut self, diffs: &[Difference], game: &GameView, out: &mut Vec<CycleStep>) {
        self.e_board.differs = true;
        if !self.peg_differs() {
            self.e_board.held = false;
            out.push(self.show(&e_board_words(diffs, None)));
            return;
        }
        if game.position.turn() == self.vi_side {
            // The peg board first: the e-board's squares wait (said once).
            if !std::mem::replace(&mut self.e_board.held, true) {
                out.push(self.show(&[
                    Token::Word(Word::EBoardDiffers),
                    Token::Pause,
                    Token::Word(Word::PegBoardFirst),
                ]));
            }
            return;
        }
        self.e_board.held = false;
        out.push(self.show(&e_board_words(diffs, Some(Word::EBoardFirst))));
        if !self.peg_held {
            // The VI player hears that his board waits for the e-board.
            self.peg_held = true;
            out.push(self.for_vi(
                vec![
                    Token::Word(Word::PegBoardDiffers),
                    Token::Pause,
                    Token::Word(Word::EBoardFirst),
                ],
                Priority::Alert,
            ));
        }
    }

    /// The sighted player's e-board went away (a Bluetooth link dropped, a cable pulled):
    /// said to everyone; its link keeps trying, and the position it shows when it is back is
    /// compared with the game.
    fn e_board_lost(&mut self, out: &mut Vec<CycleStep>) {
        self.e_board.lost = true;
        self.e_board.differs = false;
        self.e_board.held = false;
        if std::mem::take(&mut self.peg_held) {
            // Nothing to wait for now: the peg board's squares are said at the next chance.
            self.said_differences = None;
        }
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

/// The squares where what a board shows (as far as it tells) cannot be the board's piece.
fn differing(squares: &[crate::board::Cell; 64], board: &shakmaty::Board) -> Bitboard {
    use crate::board::Cell;
    Square::ALL
        .into_iter()
        .filter(|&square| {
            let want = board.piece_at(square);
            match (squares[square as usize], want) {
                (Cell::Empty, None) => false,
                (Cell::Empty, Some(_)) | (_, None) => true,
                (Cell::Peg, Some(_)) => false,
                (Cell::Color(color), Some(piece)) => color != piece.color,
                (Cell::Piece(shown), Some(piece)) => shown != piece,
            }
        })
        .collect()
}

/// The words for an e-board that differs from the game: "e-Brett weicht ab, Felix drei,
/// Springer fehlt, …"; when both boards differ and it comes `first`, "beide Bretter weichen
/// ab, zuerst das e-Brett richten, …".
fn e_board_words(diffs: &[Difference], first: Option<Word>) -> Vec<Token> {
    let mut words = match first {
        Some(first) => vec![
            Token::Word(Word::BothBoardsDiffer),
            Token::Pause,
            Token::Word(first),
        ],
        None => vec![Token::Word(Word::EBoardDiffers)],
    };
    for diff in diffs {
        words.push(Token::Pause);
        words.extend(diff.tokens());
    }
    words
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
