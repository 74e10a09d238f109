//! The Annex D session: one game, driven by inputs and the time, returning effects. No I/O:
//! the time is injected, the journal is written by the adapters.
//!
//! A [`Session`] composes the game's scoresheet (the rules, `crate::record`), its clock
//! (`crate::clock`), the two boards' cycle ([`cycle`]) and voice input ([`voice`]):
//!
//! - [`commands`]: what a person asks for or does besides moving (queries, draws, claims,
//!   resignation, the arbiter's actions);
//! - [`timing`]: the clock's part (pressing it, penalties, what it announces, the flag);
//! - [`cycle`]: the VI player's move on the peg board and the sighted player's board, as a
//!   state machine of its own;
//! - [`voice`]: what the recogniser heard;
//! - [`resume`]: a session rebuilt from its journal, the clock as recorded;
//! - [`queries`] and [`effect`]: the answers' words, and what the adapters are asked to do;
//! - [`view`]: what the board view of sighted helpers shows, as plain data;
//! - [`tournament`]: tournament mode, no verdict before a move is completed and claims
//!   put to the arbiter (issue 33).
//!
//! A move typed or heard is *made* at once: it is announced and journaled, and it can be taken
//! back (a slip, D.2.8) until it is *completed* by pressing the clock (6.2, D.2.4). Without a
//! clock, the opponent's next move completes it. Bad input never changes the game: it gets its
//! reason in words.

mod commands;
mod confirm;
mod cycle;
mod edge;
mod effect;
#[cfg(feature = "engine")]
mod engine_game;
mod opponent;
mod pegs;
mod queries;
mod remote;
mod resume;
mod seat;
mod sources;
mod timing;
mod tournament;
mod view;
mod voice;

use std::time::Duration;

use shakmaty::{Color, Move, Position};

use crate::board::Sensing;
use crate::board::link::LinkEvent;
use crate::clock::TalkingClock;
use crate::command;
use crate::config::{Announcer, SeatRole, Settings};
use crate::game::Game;
use crate::lang::Lang;
use crate::notation::{ParseError, Style, move_tokens, parse_move};
use crate::record::{ApplyError, Entry, Scoresheet, SheetFormat, Stamped, TouchEntry, sheet};
use crate::words::{Token, Word};

pub use confirm::{Seating, Source, whose};
pub use cycle::ViMove;
pub use edge::{
    ClosedRecord, Closing, DeviceReport, DiskReport, INTERRUPT_AGAIN_WITHIN, SheetReport,
    StopRequest,
};
pub use effect::{Audience, Effect, Shown};
pub use resume::{Resumed, resume};
pub use seat::Seat;
pub use sources::{FromOpponent, MoveSource, OpponentOffer, OurRequest, Sources, ToOpponent};
pub use view::{BoardShown, ViewSnapshot};

use cycle::{BoardCycle, CycleStep};
use voice::VoiceState;

/// Settings of a session; only the speaking rate changes during a game ("schneller").
#[derive(Debug, Clone, PartialEq)]
pub struct SessionOptions {
    /// Language of announcements and messages.
    pub lang: Lang,
    /// How moves are announced.
    pub style: Style,
    /// The side the VI player plays.
    pub vi_side: Color,
    /// Who sits at the program.
    pub role: SeatRole,
    /// The program announces the VI player's moves it reads from the peg board (D.2.3.3).
    pub program_announces: bool,
    /// The scoresheets written beside the journal when the game ends.
    pub sheets: Vec<SheetFormat>,
    /// The speaking rate (1.0 normal), which "schneller" and "langsamer" change.
    pub speech_rate: f32,
    /// After each input, hand out what a screen shows of the game ([`Effect::View`]): for a
    /// board view, and for ports that follow the position (the recogniser). Off by default.
    pub view_snapshots: bool,
    /// How much the program helps: tournament (only what Annex D allows) or home.
    pub mode: crate::game::mode::Mode,
    /// In tournament mode, the helps beyond Annex D the organiser allowed (D.1).
    pub allowed_help: Vec<crate::game::mode::AllowedHelp>,
}

impl Default for SessionOptions {
    fn default() -> Self {
        SessionOptions::from(&Settings::default())
    }
}

impl From<&Settings> for SessionOptions {
    fn from(settings: &Settings) -> Self {
        SessionOptions {
            lang: settings.game.language,
            style: settings.game.style,
            vi_side: settings.game.vi_side.into(),
            role: settings.game.role,
            program_announces: settings.game.announcer == Announcer::Program,
            sheets: settings.record.sheets.clone(),
            speech_rate: settings.speech.rate,
            view_snapshots: false,
            mode: settings.game.mode,
            allowed_help: settings.game.allowed_help.clone(),
        }
    }
}

/// One input to the session.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// A line typed (keyboard, screen reader, Braille display) or heard as text.
    Line(String),
    /// A typed line held only control characters (or bytes that are not text).
    LineUnreadable,
    /// A typed line too long to be read (its length in bytes).
    LineTooLong(usize),
    /// A clock button (a foot switch, a key of its own): pressed for whoever moved.
    ClockButton,
    /// A deadline passed (the clock's next announcement or flag).
    Tick,
    /// Something from one of the boards' links.
    Board(Seat, LinkEvent),
    /// What the speech recogniser heard; `always_on` when the microphone is always open.
    Heard {
        /// The recogniser's alternatives.
        heard: crate::listen::Heard,
        /// The microphone is open all the time (not push-to-talk).
        always_on: bool,
    },
    /// What a device of the program reports (a board's port missing, voice input, the
    /// simulated board, speech out).
    Device(DeviceReport),
    /// What the disk reports (the journal, the record closed, how the program leaves).
    Disk(DiskReport),
    /// A request to stop from outside the game (Ctrl-C, the system, the end of input).
    Stop(StopRequest),
    /// What the opponent outside the board (a chess program, a remote player) tells the game.
    Opponent(FromOpponent),
}

/// The state of one game being played; see the module documentation.
#[derive(Debug, Clone)]
pub struct Session {
    options: SessionOptions,
    sheet: Scoresheet,
    clock: Option<TalkingClock>,
    /// The two boards and the VI player's move under way.
    cycle: BoardCycle,
    /// A question asked back about something heard, and the move to recognise repeated.
    voice: VoiceState,
    /// The side whose move is made but not yet completed (it may still be taken back).
    uncompleted: Option<Color>,
    /// That move was made on a board the program sees (the peg board with its announcement,
    /// or the e-board): only the arbiter may take it back (4.7).
    uncompleted_on_board: bool,
    /// The last announcement, for "repeat".
    last_said: Vec<Token>,
    /// What the edge's reports left to remember.
    edge: edge::EdgeState,
    /// The peg board is the simulated one (`peg …` lines go to it).
    simulated_peg_board: bool,
    /// The game was resumed with its clock stopped: the first press of the clock starts it
    /// again (as the greeting said).
    resumed_paused: bool,
    /// A move typed without the piece its promotion makes (4.6): the pawn's way, waiting
    /// for the piece to be named alone.
    promotion_asked: Option<(shakmaty::Square, shakmaty::Square)>,
    /// A command that ends the game, waiting for its confirmation.
    confirm: Option<confirm::Pending>,
    /// Tournament mode: what is put to the arbiter, waiting for his decision.
    referral: Option<tournament::Referral>,
    /// Tournament mode: a move typed that no rule allows, taken as announced (its side and
    /// text), which the clock press completes (7.5.1).
    typed_illegal: Option<(Color, String)>,
    /// The opponent outside the board (a chess program, a remote player), if one plays.
    opponent: Option<crate::record::OpponentEntry>,
    /// An entry from outside is being recorded (its end): not told back to the outside.
    hearing_outside: bool,
    /// What the session keeps of the chess program it plays against.
    #[cfg(feature = "engine")]
    engine: engine_game::EngineState,
}

impl Session {
    /// A session on a scoresheet (new, or rebuilt from a journal) with an optional clock.
    pub fn new(sheet: Scoresheet, clock: Option<TalkingClock>, options: SessionOptions) -> Session {
        let mut cycle = BoardCycle::new(options.lang, options.vi_side, options.program_announces);
        cycle.set_tournament(
            options.mode == crate::game::mode::Mode::Tournament
                && !options
                    .allowed_help
                    .contains(&crate::game::mode::AllowedHelp::Legality),
        );
        Session {
            cycle,
            options,
            sheet,
            clock,
            voice: VoiceState::default(),
            uncompleted: None,
            uncompleted_on_board: false,
            last_said: Vec::new(),
            edge: edge::EdgeState::default(),
            simulated_peg_board: false,
            resumed_paused: false,
            promotion_asked: None,
            confirm: None,
            referral: None,
            typed_illegal: None,
            opponent: None,
            hearing_outside: false,
            #[cfg(feature = "engine")]
            engine: engine_game::EngineState::default(),
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        self.sheet.game()
    }

    /// The scoresheet.
    pub fn sheet(&self) -> &Scoresheet {
        &self.sheet
    }

    /// The clock, if the game has one.
    pub fn clock(&self) -> Option<&TalkingClock> {
        self.clock.as_ref()
    }

    /// The options.
    pub fn options(&self) -> &SessionOptions {
        &self.options
    }

    /// The side whose move is made but not yet completed.
    pub fn uncompleted(&self) -> Option<Color> {
        self.uncompleted
    }

    /// The VI player's move under way.
    pub fn vi_move(&self) -> &ViMove {
        self.cycle.vi_move()
    }

    /// Whether the peg board shows the game position (`None` without a peg board).
    pub fn peg_agrees(&self) -> Option<bool> {
        self.cycle.peg_agrees(self.game().position())
    }

    /// Attaches the VI player's peg board (its kind is corrected by the board's `HELLO`).
    pub fn attach_peg_board(&mut self, sensing: Sensing) {
        let position = self.sheet.game().position().clone();
        self.cycle.attach_peg_board(&position, sensing);
    }

    /// Attaches a simulated peg board: as [`Session::attach_peg_board`], and `peg …` lines
    /// are for it.
    pub fn attach_simulated_peg_board(&mut self, sensing: Sensing) {
        self.attach_peg_board(sensing);
        self.simulated_peg_board = true;
    }

    /// Attaches the sighted player's electronic board (DGT boards sense pieces).
    pub fn attach_sighted_board(&mut self) {
        self.attach_sighted_e_board(Sensing::Piece, false);
    }

    /// Attaches the sighted player's electronic board of a kind that senses `sensing` (its
    /// `HELLO` corrects it) and, with `lights`, shows the VI player's move on its squares
    /// ([`Effect::ToBoard`]) until it is made there.
    pub fn attach_sighted_e_board(&mut self, sensing: Sensing, lights: bool) {
        let position = self.sheet.game().position().clone();
        self.cycle.attach_sighted_board(&position, sensing, lights);
    }

    /// When the session must be woken even if nothing happens (a clock announcement or flag).
    pub fn next_deadline(&self) -> Option<Duration> {
        if self.game().is_over() {
            return None;
        }
        self.clock.as_ref().and_then(TalkingClock::next_deadline)
    }

    /// What to say when the game begins or is resumed: whose move it is; for a new game with
    /// a clock, the time control and that Enter starts the clock; for a resumed game, the last
    /// move, a standing draw offer, and the clock's times with how it goes on.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn greeting(&mut self, resumed: bool) -> Vec<Effect> {
        let mut out = Vec::new();
        if resumed {
            // A game resumed in another mode: recorded first (issue 33).
            self.record_mode(Duration::ZERO, &mut out);
        }
        // Who plays from outside the board, when the journal does not say it yet.
        self.record_opponent(Duration::ZERO, &mut out);
        let mut tokens = vec![Token::Word(if resumed {
            Word::Resumed
        } else {
            Word::NewGame
        })];
        if self.tournament() {
            // Both players and the arbiter hear what the device does in this game.
            tokens.extend([Token::Pause, Token::Word(Word::TournamentMode)]);
        }
        tokens.push(Token::Pause);
        if let Some(tokens_over) = self.game_over_tokens() {
            // "Partie beendet, …, Ende verlässt das Programm".
            tokens.extend(tokens_over.into_iter().skip(2));
            out.push(Effect::say(tokens));
            self.remember(&out);
            return out;
        }
        tokens.extend(queries::whose_move_tokens(self.game().position()));
        if resumed {
            let history = self.game().history();
            if let Some(last) = history.last()
                && let Some(before) = self.game().position_at(history.len() - 1)
            {
                tokens.extend([
                    Token::Pause,
                    Token::Word(Word::LastMove),
                    Token::Side(last.by),
                ]);
                tokens.extend(move_tokens(before, last.mv, self.options.style));
            }
            if let Some(offerer) = self.game().pending_draw_offer() {
                // 9.1.2.3: the offer stands until it is answered.
                tokens.extend([
                    Token::Pause,
                    Token::Side(offerer),
                    Token::Word(Word::DrawOffered),
                ]);
            }
            if let Some(matter) = self.referral_tokens() {
                // Tournament mode: the matter put to the arbiter is before him still.
                tokens.push(Token::Pause);
                tokens.extend(matter);
            }
        }
        if let Some(clock) = &self.clock {
            if !clock.clock().is_started() {
                tokens.extend([Token::Pause, Token::Word(Word::TimeControlLabel)]);
                tokens.extend(clock.clock().control().tokens());
                tokens.extend([Token::Pause, Token::Word(Word::EnterStartsClock)]);
            } else if clock.clock().is_paused() && resumed && self.plays_remote() {
                // An online game's clock ran on its server all along: the times recorded here
                // are old; the server's are said when they come.
            } else if clock.clock().is_paused() {
                tokens.extend([Token::Pause, Token::Word(Word::ClockPaused), Token::Pause]);
                tokens.extend(clock.answer(crate::clock::Query::Both, Duration::ZERO));
                if resumed && self.referral.is_some() {
                    // Only the arbiter's ruling starts the clocks again (6.11).
                    tokens.push(Token::Pause);
                    tokens.extend(
                        crate::command::Command::Arbiter(crate::command::ArbiterAction::Resume)
                            .tokens(self.options.lang),
                    );
                    tokens.push(Token::Word(Word::ResumesClock));
                } else if resumed {
                    tokens.extend([Token::Pause, Token::Word(Word::EnterResumesClock)]);
                }
            }
        }
        out.push(Effect::say(tokens));
        self.remember(&out);
        out
    }

    /// Handles one input at `now` (time since the session started).
    #[must_use = "the effects are what the session decided: say, show, record them"]
    pub fn handle(&mut self, input: Input, now: Duration) -> Vec<Effect> {
        let mut out = Vec::new();
        match input {
            Input::Line(line) if self.answer_confirmation(&line, now, &mut out) => {}
            Input::Line(line) => {
                let answered = self.cycle.answer(&line, &self.cycle_game());
                let promotion = self.promotion_asked.take();
                match answered {
                    Some(steps) => self.carry_out(steps, now, &mut out),
                    None => match (promotion, crate::notation::parse::parse_piece(&line)) {
                        // "welche Figur?" answered with the piece alone (4.6).
                        (Some((from, to)), Some(role)) => {
                            let text = format!("{from}{to}{}", role.char());
                            self.handle_move_text(&text, now, &mut out);
                        }
                        _ => match command::parse(self.options.lang, &line) {
                            Some(command) => {
                                self.command_from(command, Source::Keyboard, now, &mut out)
                            }
                            None => self.handle_move_text(&line, now, &mut out),
                        },
                    },
                }
            }
            Input::LineUnreadable => {
                out.push(Effect::say(vec![
                    Token::Word(Word::NotUnderstood),
                    Token::Pause,
                    Token::Word(Word::HelpPointer),
                ]));
                out.push(Effect::Log(
                    "a typed line held only control characters".into(),
                ));
            }
            Input::LineTooLong(bytes) => {
                out.push(Effect::say(vec![
                    Token::Word(Word::NotUnderstood),
                    Token::Pause,
                    Token::Word(Word::LineTooLong),
                ]));
                out.push(Effect::Log(format!(
                    "a typed line of {bytes} bytes was not read"
                )));
            }
            Input::ClockButton => self.press_clock(now, &mut out),
            Input::Tick => {}
            Input::Board(seat, event) => {
                if let LinkEvent::Connected(_) = event {
                    self.edge.missing_said[seat as usize] = false;
                }
                let steps = self.cycle.board_event(seat, event, &self.cycle_game());
                self.carry_out(steps, now, &mut out);
                #[cfg(feature = "engine")]
                if seat == Seat::Peg {
                    self.pegs_put_back(&mut out);
                }
            }
            Input::Heard { heard, always_on } => {
                self.handle_heard(&heard, always_on, now, &mut out)
            }
            Input::Device(report) => self.device_report(report, &mut out),
            Input::Disk(report) => self.disk_report(report, &mut out),
            Input::Stop(request) => self.stop_request(request, now, &mut out),
            Input::Opponent(event) => self.heard_from_opponent(event, now, &mut out),
        }
        self.poll_clock(now, &mut out);
        #[cfg(feature = "engine")]
        self.engine_after_input(now, &mut out);
        out.extend(self.cycle.light_change());
        self.remember(&out);
        if self.options.view_snapshots {
            out.push(Effect::View(Box::new(self.view_snapshot(now))));
        }
        out
    }

    /// The game as the boards' cycle needs to know it.
    fn cycle_game(&self) -> cycle::GameView {
        cycle::GameView {
            position: self.sheet.game().position().clone(),
            // Without a clock the opponent's next move completes the move before it.
            waiting_for_clock: self.uncompleted.is_some() && self.clock.is_some(),
            style: self.options.style,
        }
    }

    /// Does what the boards' cycle asks for.
    fn carry_out(&mut self, steps: Vec<CycleStep>, now: Duration, out: &mut Vec<Effect>) {
        for step in steps {
            match step {
                CycleStep::Effect(effect) => out.push(effect),
                CycleStep::MakeVi(m) | CycleStep::MakeSighted(m) => {
                    self.make_and_follow(m, true, now, out)
                }
                CycleStep::Key(command) => {
                    self.command_from(command, Source::PegBoardKey, now, out)
                }
                CycleStep::Touched { by, square, piece } => {
                    self.touched(by, square, piece, now, out)
                }
            }
        }
    }

    /// A player to move touched a piece to move it. The sighted player's touch is recorded
    /// for the arbiter (D.2.10.5); it rejects the opponent's draw offer: 9.1.2.3, "The offer
    /// … remains valid until the opponent accepts it, rejects it orally, rejects it by touching
    /// a piece with the intention of moving or capturing it, or the game is concluded".
    fn touched(
        &mut self,
        by: Color,
        square: shakmaty::Square,
        piece: shakmaty::Piece,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        // In tournament mode the VI player's touches are recorded too: touch-move is the
        // arbiter's to rule on there (4.3, 4.8), not the program's.
        if by != self.options.vi_side || self.tournament() {
            let entry = Entry::Touch(TouchEntry {
                by,
                square: square.to_string(),
                piece: piece.char().to_string(),
            });
            if let Err(err) = self.record(entry, now, out) {
                out.push(Effect::Log(format!("the touch was not recorded: {err}")));
            }
        }
        if self.game().pending_draw_offer() == Some(!by) {
            match self.record(Entry::decline_draw(by), now, out) {
                Ok(_) => out.push(Effect::say(vec![Token::Word(Word::DrawOfferLapsed)])),
                Err(err) => out.push(Effect::Log(format!("the offer did not lapse: {err}"))),
            }
        }
    }

    /// Keeps the last spoken announcement for "repeat".
    fn remember(&mut self, effects: &[Effect]) {
        if let Some(tokens) = effects.iter().rev().find_map(|e| match e {
            Effect::Say { tokens, .. } => Some(tokens),
            _ => None,
        }) {
            self.last_said = tokens.clone();
        }
    }

    /// Applies an entry to the scoresheet and asks for it to be journaled, stamped with
    /// `now`; when it ends the game, the result is recorded too and the clock stops.
    fn record(
        &mut self,
        entry: Entry,
        now: Duration,
        out: &mut Vec<Effect>,
    ) -> Result<sheet::Applied, ApplyError> {
        let was_over = self.sheet.game().is_over();
        let applied = self.sheet.apply(&entry)?;
        out.push(Effect::Record(
            Stamped::at(applied.entry.clone(), millis(now)),
            Box::new(self.sheet.clone()),
        ));
        self.tell_opponent(&applied.entry, out);
        if let Some(result) = self.sheet.result_entry_after(was_over, &applied.entry) {
            match self.sheet.apply(&result) {
                Ok(confirmed) => out.push(Effect::Record(
                    Stamped::at(confirmed.entry, millis(now)),
                    Box::new(self.sheet.clone()),
                )),
                Err(err) => out.push(Effect::Log(format!(
                    "the result after {} was not recorded: {err}",
                    applied.entry.kind()
                ))),
            }
            self.uncompleted = None;
            self.stop_clock_at_the_end(now, out);
            out.push(Effect::CloseRecord {
                sheets: self.options.sheets.clone(),
            });
        }
        Ok(applied)
    }

    fn handle_move_text(&mut self, text: &str, now: Duration, out: &mut Vec<Effect>) {
        if let Some(tokens) = self.game_over_tokens() {
            out.push(Effect::say(tokens));
            return;
        }
        let pos = self.game().position().clone();
        match parse_move(&pos, text) {
            Ok(m) => self.route_move(m, now, out),
            Err(ParseError::PromotionPieceMissing) => {
                // 4.6: the pawn's way is known; "welche Figur?", and the piece alone answers.
                let way = [
                    format!("{text} Dame"),
                    format!("{text}q"),
                    format!("{text}=Q"),
                ]
                .iter()
                .find_map(|t| parse_move(&pos, t).ok())
                .filter(|m| m.promotion().is_some());
                if let Some(m) = way
                    && let Some(from) = m.from()
                {
                    self.promotion_asked = Some((from, m.to()));
                    let mut tokens = vec![Token::Word(Word::Promotion)];
                    tokens.extend(crate::words::square_tokens(m.to()));
                    tokens.extend([Token::Pause, Token::Word(Word::WhichPiece)]);
                    out.push(Effect::say(tokens));
                } else {
                    out.push(Effect::say(ParseError::PromotionPieceMissing.tokens(&pos)));
                }
            }
            // A line that is no move and begins as none, whose words ask a question ("wie
            // lange habe ich noch Zeit"): the question is answered.
            Err(ParseError::UnknownWord(_) | ParseError::NotAMove)
                if !crate::notation::parse::begins_as_move(text)
                    && let Some(question) = command::question_in(self.options.lang, text) =>
            {
                self.command_from(question, Source::Keyboard, now, out);
            }
            Err(err) if self.withholds_verdict() && tournament::is_illegal_attempt(&err) => {
                // No verdict before the move is completed (issue 33, 7.5.1).
                self.illegal_typed(text, out);
            }
            Err(err) => {
                let mut tokens = err.tokens(&pos);
                if matches!(
                    err,
                    ParseError::UnknownWord(_) | ParseError::NotAMove | ParseError::Empty
                ) {
                    tokens.extend([Token::Pause, Token::Word(Word::HelpPointer)]);
                }
                out.push(Effect::say(tokens));
                // The word not understood is the first that is neither a move's nor a
                // command's ("Schiedsrichter Zeit Weiss zehnmal": "zehnmal", not
                // "schiedsrichter"); a line of known words in no known order names none.
                if let ParseError::UnknownWord(stopped_at) = &err
                    && let Some(word) =
                        crate::notation::parse::word_not_understood(text, stopped_at, |w| {
                            command::parse::is_command_word(w)
                        })
                {
                    out.push(Effect::Show(unknown_word(&word)));
                }
            }
        }
    }

    /// "Partie beendet" with the result, when the game is over, and how to leave.
    fn game_over_tokens(&self) -> Option<Vec<Token>> {
        let outcome = self.game().outcome()?;
        let mut tokens = vec![Token::Word(Word::GameOver), Token::Pause];
        tokens.extend(outcome.tokens());
        tokens.extend([Token::Pause, Token::Word(Word::QuitToLeave)]);
        Some(tokens)
    }

    /// A move typed or heard: the VI player's announcement when a peg board is in use and
    /// it is the VI player's turn, else the move itself (with a peg board, the sighted
    /// player's, to be followed there).
    fn route_move(&mut self, m: Move, now: Duration, out: &mut Vec<Effect>) {
        if let Some(tokens) = self.game_over_tokens() {
            out.push(Effect::say(tokens));
        } else if !self.sources().keyboard_moves_for(self.game().turn())
            && !self.outside_moves_typed()
        {
            // The opponent outside makes its own moves.
            out.push(Effect::say(vec![
                Token::Word(Word::OpponentsTurn),
                Token::Pause,
                Token::Side(self.game().turn()),
                Token::Word(Word::ToMove),
            ]));
        } else if self.cycle.expects_announcement(self.game().position()) {
            let steps = self.cycle.announced(m, &self.cycle_game());
            self.carry_out(steps, now, out);
        } else {
            // The sighted player's move, or a move without a peg board: the boards follow.
            self.make_and_follow(m, false, now, out);
        }
    }

    /// Makes a move and has the boards follow it: the peg board is in step again (its tracker
    /// may have been sent back after a mismatch), the other board is to show it.
    /// `on_board`: the move was made on a board the program sees.
    fn make_and_follow(&mut self, m: Move, on_board: bool, now: Duration, out: &mut Vec<Effect>) {
        let before = self.game().position().clone();
        let plies = self.game().history().len();
        let mover = before.turn();
        self.make_move(m, now, out);
        if self.uncompleted.is_some() {
            self.uncompleted_on_board = on_board;
        }
        let position = self.sheet.game().position().clone();
        // The opponent's move is to be followed on the peg board.
        let followed = self.sources().followed_on(Seat::Peg, self.options.vi_side);
        let relayed = (self.game().history().len() > plies && before.turn() == followed)
            .then_some((before, m));
        let steps = self.cycle.follow(&position, relayed, &self.cycle_game());
        self.carry_out(steps, now, out);
        self.cycle.light_move(mover, m, &position);
    }

    /// Makes a legal move: announced and journaled, to be completed by the clock.
    fn make_move(&mut self, m: Move, now: Duration, out: &mut Vec<Effect>) {
        if let Some(tokens) = self.game_over_tokens() {
            out.push(Effect::say(tokens));
            return;
        }
        if self.uncompleted.is_some() {
            if self.clock_running() {
                out.push(Effect::say(vec![Token::Word(Word::PressClockFirst)]));
                return;
            }
            // Without a clock the opponent's move completes the move before it.
            self.uncompleted = None;
        }
        let before = self.game().position().clone();
        let mover = before.turn();
        self.typed_illegal = None;
        self.start_clock_with_first_move(now, out);
        match self.record(Entry::play_move(m), now, out) {
            Ok(applied) => {
                let mut tokens = vec![Token::Side(mover)];
                tokens.extend(move_tokens(&before, m, self.options.style));
                if let sheet::EntryEffect::Moved(report) = &applied.effect {
                    let extra = report.tokens();
                    if !extra.is_empty() {
                        tokens.push(Token::Pause);
                        tokens.extend(extra);
                    }
                }
                if !self.game().is_over() {
                    self.uncompleted = Some(mover);
                    self.uncompleted_on_board = false;
                }
                self.voice.move_made(before, m);
                self.cycle.move_made();
                out.push(Effect::say(tokens));
                if (self.clock.is_none() || self.game().is_over())
                    && self.outside_side() == Some(!mover)
                {
                    // Without a clock, our move against an opponent outside is completed
                    // as it is made: it is sent (and a program asked to reply). So is a move
                    // that ends the game (5.1.1, 5.2.1: mate and stalemate end it at once).
                    self.uncompleted = None;
                    self.our_move_completed(mover, now, out);
                }
            }
            Err(err) => out.push(Effect::say(err.tokens())),
        }
    }

    /// The boards follow the game after it went back (a take-back, the arbiter).
    fn boards_follow_game(&mut self, now: Duration, out: &mut Vec<Effect>) {
        self.cycle.forget_move_under_way();
        let position = self.sheet.game().position().clone();
        let steps = self.cycle.follow(&position, None, &self.cycle_game());
        self.carry_out(steps, now, out);
    }
}

/// Milliseconds of a duration, for the journal.
fn millis(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}

/// "unbekanntes Wort: foo": the word a line was not understood for, shown (a voice has no
/// clip for it); a long word is cut.
fn unknown_word(word: &str) -> Shown {
    const LONGEST: usize = 40;
    let mut shown: String = word.chars().take(LONGEST).collect();
    if word.chars().count() > LONGEST {
        shown.push('…');
    }
    Shown::with(vec![Token::Word(Word::UnknownWord)], shown)
}
