//! The two boards in the session: the VI player's peg board and the sighted player's board.
//!
//! The VI player's move (Annex D D.2.2–D.2.4, D.2.8): touched (peg lifted) → placed (the
//! board shows a legal move) → announced (heard, typed, or said by the program) → the board
//! move and the announced move must agree, else the player is told and corrects the board or
//! the announcement → only then may the clock be pressed → the move is relayed to the sighted
//! side and, with an e-board, checked when it is played there.
//!
//! The sighted player's move (from the e-board, typed or spoken) is announced to the VI
//! player, who plays it on the peg board; the session says when the boards agree again, or
//! which squares differ (D.2.9), until they do.

use std::time::Duration;

use shakmaty::{Move, Position};

use crate::board::link::LinkEvent;
use crate::board::{BoardInput, Sensing, Tracker, TrackerOutput};
use crate::notation::{Lang, Style, Token, Word, move_tokens};

use super::core::Session;
use super::effect::{Audience, Effect, Priority};

/// The VI player's move under way: what the peg board shows and what was announced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ViMove {
    /// The legal move the peg board shows (D.2.3.1, D.2.3.2).
    pub on_board: Option<Move>,
    /// The move announced (D.2.3.3).
    pub announced: Option<Move>,
}

/// A question the session asked about a board and waits to have answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardQuestion {
    /// Which piece a pawn was promoted to (the board cannot tell).
    Promotion,
    /// Which of these moves the board shows.
    Choice(Vec<Move>),
}

/// Which of the two boards an event comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// The VI player's peg board.
    Peg,
    /// The sighted player's electronic board.
    Sighted,
}

impl Session {
    /// A board event (from the adapter of either board).
    pub(super) fn handle_board_event(
        &mut self,
        seat: Seat,
        event: LinkEvent,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let for_vi = |tokens: Vec<Token>, priority| Effect::Say {
            tokens,
            priority,
            audience: Audience::Player(self.options.vi_side),
        };
        match event {
            LinkEvent::Connected(hello) => {
                let name = match seat {
                    Seat::Peg => {
                        self.peg_connected = true;
                        out.push(for_vi(
                            vec![Token::Word(Word::BoardConnected)],
                            Priority::Move,
                        ));
                        "peg board"
                    }
                    Seat::Sighted => "e-board",
                };
                out.push(Effect::Show(format!(
                    "{name}: {} {} ({:?})",
                    hello.model, hello.firmware, hello.sensing
                )));
                if let Some(tracker) = self.tracker_mut(seat) {
                    tracker.set_sensing(hello.sensing);
                }
            }
            LinkEvent::Input(input) => self.board_input(seat, &input, now, out),
            LinkEvent::Key(name) => self.board_key(&name, now, out),
            LinkEvent::Lost => {
                if seat == Seat::Peg {
                    // Until it is back, moves are taken as typed or said; the board is
                    // compared with the game when it reconnects.
                    self.peg_connected = false;
                }
                out.push(for_vi(vec![Token::Word(Word::BoardLost)], Priority::Alert));
            }
            LinkEvent::DeviceError(text) => {
                out.push(for_vi(vec![Token::Word(Word::BoardError)], Priority::Move));
                out.push(Effect::Show(format!("board error: {text}")));
            }
            LinkEvent::Dropped(text) => {
                out.push(Effect::Log(format!("board line dropped: {text}")))
            }
            LinkEvent::Ignored(text) => {
                out.push(Effect::Log(format!("board message ignored: {text}")))
            }
        }
    }

    fn tracker_mut(&mut self, seat: Seat) -> Option<&mut Tracker> {
        match seat {
            Seat::Peg => self.peg.as_mut(),
            Seat::Sighted => self.sighted_board.as_mut(),
        }
    }

    /// A key on the VI player's board: `clock`, `time`, `moves`, `repeat`, `talk`, `yes`, …
    fn board_key(&mut self, name: &str, now: Duration, out: &mut Vec<Effect>) {
        match crate::command::board_key(name) {
            Some(command) => self.handle_command(command, Some(self.options.vi_side), now, out),
            None => out.push(Effect::Log(format!("board key '{name}' has no use here"))),
        }
    }

    fn board_input(
        &mut self,
        seat: Seat,
        input: &BoardInput,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let Some(tracker) = self.tracker_mut(seat) else {
            return;
        };
        let outputs = tracker.handle(input);
        self.tracker_outputs(seat, outputs, now, out);
    }

    /// What a tracker found out, turned into the move cycle and words.
    pub(super) fn tracker_outputs(
        &mut self,
        seat: Seat,
        outputs: Vec<TrackerOutput>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let vi = self.options.vi_side;
        for output in outputs {
            match (&output, seat) {
                (TrackerOutput::Move(m), Seat::Peg) => self.peg_move(*m, now, out),
                (TrackerOutput::Move(m), Seat::Sighted) => self.sighted_board_move(*m, now, out),
                (TrackerOutput::Touch { own, .. }, Seat::Sighted) => {
                    // D.2.10.5: the assistant tells the arbiter when the sighted player
                    // touched a piece; say it to the VI side (and the assistant).
                    if *own {
                        let mut tokens = vec![Token::Side(!vi)];
                        tokens.extend(output.tokens());
                        out.push(Effect::Say {
                            tokens,
                            priority: Priority::Move,
                            audience: Audience::Player(vi),
                        });
                    }
                }
                (TrackerOutput::BoardsAgree, Seat::Peg) => {
                    if self.vi_move.on_board.is_some() && self.game().turn() == vi {
                        // The player took the shown move back on the board.
                        self.vi_move.on_board = None;
                    }
                    out.push(Effect::Say {
                        tokens: vec![Token::Word(Word::BoardsAgree)],
                        priority: Priority::Move,
                        audience: Audience::Player(vi),
                    });
                }
                (TrackerOutput::BoardsAgree, Seat::Sighted) => out.push(Effect::Show(Lang::text(
                    self.options.lang,
                    &[Token::Word(Word::BoardsAgree)],
                ))),
                (TrackerOutput::Differences(_), Seat::Peg) => out.push(Effect::Say {
                    tokens: output.tokens(),
                    priority: Priority::Alert,
                    audience: Audience::Player(vi),
                }),
                (TrackerOutput::NeedPromotion { .. }, _) => {
                    self.board_question = Some((seat, BoardQuestion::Promotion));
                    out.push(Effect::say(output.tokens()));
                }
                (TrackerOutput::NeedChoice(moves), _) => {
                    self.board_question = Some((seat, BoardQuestion::Choice(moves.clone())));
                    out.push(Effect::say(output.tokens()));
                }
                (_, Seat::Peg) => {
                    if let TrackerOutput::Touch { square, piece, .. } = &output
                        && self.game().turn() == vi
                        && !self.vi_touched.iter().any(|(sq, _)| sq == square)
                    {
                        self.vi_touched.push((*square, *piece));
                    }
                    out.push(Effect::Say {
                        tokens: output.tokens(),
                        priority: Priority::Move,
                        audience: Audience::Player(vi),
                    })
                }
                (_, Seat::Sighted) => out.push(Effect::Show(Lang::text(
                    self.options.lang,
                    &output.tokens(),
                ))),
            }
        }
    }

    /// A line typed or heard while a board question is open: the answer, if it is one.
    pub(super) fn answer_board_question(
        &mut self,
        line: &str,
        now: Duration,
        out: &mut Vec<Effect>,
    ) -> bool {
        let Some((seat, question)) = self.board_question.clone() else {
            return false;
        };
        let result = match &question {
            BoardQuestion::Promotion => match crate::notation::parse::parse_piece(line) {
                Some(role) => self.tracker_mut(seat).map(|t| t.choose_promotion(role)),
                None => return false,
            },
            BoardQuestion::Choice(moves) => {
                let pos = self.tracker_mut(seat).map(|t| t.position().clone());
                let Some(pos) = pos else { return false };
                match crate::notation::parse_move(&pos, line) {
                    Ok(m) if moves.contains(&m) => self.tracker_mut(seat).map(|t| t.choose(m)),
                    _ => return false,
                }
            }
        };
        match result {
            Some(Ok(outputs)) => {
                self.board_question = None;
                self.tracker_outputs(seat, outputs, now, out);
                true
            }
            _ => false,
        }
    }

    /// The peg board shows a legal move.
    fn peg_move(&mut self, m: Move, now: Duration, out: &mut Vec<Effect>) {
        let vi = self.options.vi_side;
        let before = self.game().position().clone();
        if before.turn() != vi {
            // The peg board moved ahead of the game (the opponent's move not yet announced,
            // or a second move after the own one): the board must go back.
            if let Some(tracker) = &mut self.peg {
                tracker.set_position(before);
            }
            out.push(Effect::Say {
                tokens: vec![Token::Word(Word::BoardsDiffer)],
                priority: Priority::Alert,
                audience: Audience::Player(vi),
            });
            return;
        }
        self.remind_touch_move(&before, m, out);
        self.vi_move.on_board = Some(m);
        if self.uncompleted.is_some() {
            // The opponent has not pressed the clock yet: the move waits for that.
            out.push(Effect::say(vec![Token::Word(Word::PressClockFirst)]));
        }
        if self.options.program_announces {
            self.vi_move.announced = Some(m);
        } else if self.vi_move.announced.is_none() {
            // Placed (D.2.3.1/2); the announcement (D.2.3.3) is still to come.
            let mut tokens = move_tokens(&before, m, Style::Long);
            tokens.push(Token::Pause);
            tokens.push(Token::Word(Word::AnnouncementMissing));
            out.push(Effect::Say {
                tokens,
                priority: Priority::Move,
                audience: Audience::Player(vi),
            });
        }
        self.try_make_vi_move(now, out);
    }

    /// Touch-move (4.3): a touched own piece that could have moved must be the one moved; a
    /// touched opponent's piece that could be captured must be captured. The player is
    /// reminded; the arbiter decides on a claim.
    fn remind_touch_move(&self, before: &shakmaty::Chess, m: Move, out: &mut Vec<Effect>) {
        let vi = self.options.vi_side;
        let legal = before.legal_moves();
        for (square, piece) in &self.vi_touched {
            let broken = if piece.color == vi {
                let moved = m.from() == Some(*square)
                    || matches!(m, Move::Castle { rook, .. } if rook == *square);
                !moved && legal.iter().any(|l| l.from() == Some(*square))
            } else {
                let captured = m.is_capture() && m.to() == *square;
                !captured && legal.iter().any(|l| l.is_capture() && l.to() == *square)
            };
            if broken {
                let mut tokens = Vec::with_capacity(6);
                if piece.color == vi {
                    tokens.push(Token::Piece(piece.role));
                } else {
                    tokens.extend(crate::notation::token::colored_piece_tokens(*piece));
                }
                tokens.extend(crate::notation::token::square_tokens(*square));
                tokens.push(Token::Pause);
                tokens.push(Token::Word(if piece.color == vi {
                    Word::TouchMove
                } else {
                    Word::MustBeCaptured
                }));
                out.push(Effect::Say {
                    tokens,
                    priority: Priority::Alert,
                    audience: Audience::Player(vi),
                });
            }
        }
    }

    /// The VI player announced a move (typed or heard) while a peg board is in use.
    pub(super) fn vi_announced(&mut self, m: Move, now: Duration, out: &mut Vec<Effect>) {
        self.vi_move.announced = Some(m);
        if self.vi_move.on_board.is_none()
            && let Some(tracker) = &mut self.peg
        {
            // The announcement may decide what the board shows (a rook move or castling).
            let outputs = tracker.settle();
            self.tracker_outputs(Seat::Peg, outputs, now, out);
        }
        if self.vi_move.announced.is_some() && self.vi_move.on_board.is_none() {
            let before = self.game().position().clone();
            let mut tokens = move_tokens(&before, m, self.options.style);
            tokens.push(Token::Pause);
            tokens.push(Token::Word(Word::PlayOnBoard));
            out.push(Effect::Say {
                tokens,
                priority: Priority::Move,
                audience: Audience::Player(self.options.vi_side),
            });
        }
        if self.uncompleted.is_some() {
            out.push(Effect::say(vec![Token::Word(Word::PressClockFirst)]));
        }
        self.try_make_vi_move(now, out);
    }

    /// When the board move and the announced move are both there: made if they agree
    /// (D.2.3), else the player is asked to correct one of them (D.2.8).
    pub(super) fn try_make_vi_move(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let (Some(on_board), Some(announced)) = (self.vi_move.on_board, self.vi_move.announced)
        else {
            return;
        };
        if self.uncompleted.is_some() || self.game().turn() != self.options.vi_side {
            return;
        }
        let before = self.game().position().clone();
        if on_board == announced {
            self.vi_move = ViMove::default();
            self.make_move(on_board, now, out);
            // The peg board is in step again (its tracker may have been sent back after a
            // mismatch); the assistant plays the move on the e-board, where it is checked.
            self.boards_follow_game();
            return;
        }
        let mut tokens = vec![Token::Word(Word::OnTheBoard)];
        tokens.extend(move_tokens(&before, on_board, Style::Long));
        tokens.push(Token::Pause);
        tokens.push(Token::Word(Word::Announced));
        tokens.extend(move_tokens(&before, announced, Style::Long));
        tokens.push(Token::Pause);
        tokens.push(Token::Word(Word::PleaseCorrect));
        out.push(Effect::Say {
            tokens,
            priority: Priority::Alert,
            audience: Audience::Player(self.options.vi_side),
        });
        // The board is to go back to the position before the move, or the announcement is
        // to be repeated correctly; either completes the cycle.
        if let Some(tracker) = &mut self.peg {
            tracker.set_position(before);
        }
    }

    /// The sighted player's e-board shows a move.
    fn sighted_board_move(&mut self, m: Move, now: Duration, out: &mut Vec<Effect>) {
        let pos = self.game().position().clone();
        if pos.turn() == self.options.vi_side {
            // The VI player's move played on the sighted board: agreed only if it is the
            // move just made; anything else is a difference on that board.
            if let Some(tracker) = &mut self.sighted_board {
                tracker.set_position(pos);
            }
            out.push(Effect::Show(Lang::text(
                self.options.lang,
                &[Token::Word(Word::BoardsDiffer)],
            )));
            return;
        }
        self.make_sighted_move(m, now, out);
    }

    /// The sighted player's move, from whatever source: made, announced to the VI player,
    /// and expected on the peg board.
    pub(super) fn make_sighted_move(&mut self, m: Move, now: Duration, out: &mut Vec<Effect>) {
        self.make_move(m, now, out);
        self.boards_follow_game();
    }

    /// Both boards are expected to show the game position now (after a move made elsewhere,
    /// a take-back, the arbiter going back); the lifts and drops that bring them there are
    /// not differences, and the boards say when they agree.
    pub(super) fn boards_follow_game(&mut self) {
        let position = self.sheet.game().position().clone();
        if let Some(tracker) = &mut self.peg {
            tracker.set_position(position.clone());
        }
        if let Some(tracker) = &mut self.sighted_board {
            tracker.set_position(position);
        }
    }

    /// Whether the VI player's clock may be pressed now; if not, says why.
    pub(super) fn vi_may_press(&self, out: &mut Vec<Effect>) -> bool {
        if self.peg.is_none() || !self.peg_connected || self.uncompleted.is_some() {
            return true;
        }
        let word = match (self.vi_move.on_board, self.vi_move.announced) {
            (None, None) => Word::MakeMoveFirst,
            (Some(_), None) => Word::AnnouncementMissing,
            (None, Some(_)) => Word::PlayOnBoard,
            (Some(_), Some(_)) => Word::PleaseCorrect,
        };
        out.push(Effect::say(vec![Token::Word(word)]));
        false
    }

    /// A new game on the boards: compares them with the game at once.
    pub fn start_boards(&mut self, now: Duration) -> Vec<Effect> {
        let mut out = Vec::new();
        let position = self.game().position().clone();
        if let Some(tracker) = &mut self.peg {
            let outputs = tracker.start(position.clone());
            self.tracker_outputs(Seat::Peg, outputs, now, &mut out);
        }
        if let Some(tracker) = &mut self.sighted_board {
            let outputs = tracker.start(position);
            self.tracker_outputs(Seat::Sighted, outputs, now, &mut out);
        }
        out
    }

    /// Whether the peg board shows the game position (`None` without a peg board).
    pub fn peg_agrees(&self) -> Option<bool> {
        self.peg.as_ref().map(|tracker| {
            crate::board::differences(
                self.game().position().board(),
                tracker.sensed(),
                tracker.sensing(),
            )
            .is_empty()
        })
    }

    /// The VI player's move under way.
    pub fn vi_move(&self) -> &ViMove {
        &self.vi_move
    }

    /// Attaches the VI player's peg board (its kind is corrected by the board's `HELLO`).
    pub fn attach_peg_board(&mut self, sensing: Sensing) {
        self.peg = Some(Tracker::new(self.game().position().clone(), sensing));
    }

    /// Attaches the sighted player's electronic board (DGT boards sense pieces).
    pub fn attach_sighted_board(&mut self) {
        self.sighted_board = Some(Tracker::new(self.game().position().clone(), Sensing::Piece));
    }

    /// Whether a line is a move of the VI player to be announced (a peg board is in use and
    /// it is the VI player's turn), rather than a move to be made at once.
    pub(super) fn line_is_vi_announcement(&self) -> bool {
        self.peg.is_some() && self.peg_connected && self.game().turn() == self.options.vi_side
    }
}
