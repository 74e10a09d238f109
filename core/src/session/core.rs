//! The session core: the game, its scoresheet and its clock, driven by inputs and the time,
//! returning effects. No I/O: the time is injected, the journal is written by the adapter.
//!
//! A move typed or heard is *made* at once: it is announced and journaled, and it can be taken
//! back (a slip, D.2.8) until it is *completed* by pressing the clock (6.2, D.2.4). Without a
//! clock, the opponent's next move completes it. Commands answer queries and handle draw
//! offers, claims, resignation and the arbiter's actions. Bad input never changes the game:
//! it gets its reason in words.

use std::time::Duration;

use shakmaty::{Color, Move, Position};

use crate::clock::Adjust;
use crate::clock::talking::{AnnouncementKind, ClockInput, Query, TalkingClock};
use crate::config::SeatRole;
use crate::game::Game;
use crate::notation::{Lang, ParseError, Style, Token, Word, move_tokens, parse_move};
use crate::record::{ApplyError, ClockAdjustmentEntry, Entry, PressEntry, Scoresheet, sheet};

use super::cycle::{BoardQuestion, Seat, ViMove};
use super::effect::{Audience, Effect, Priority};
use super::queries;
use crate::board::Tracker;
use crate::board::link::LinkEvent;
use crate::command::{self, ArbiterAction, Command};

/// Settings of a session that do not change during a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
}

impl Default for SessionOptions {
    fn default() -> Self {
        SessionOptions {
            lang: Lang::De,
            style: Style::Short,
            vi_side: Color::White,
            role: SeatRole::Player,
            program_announces: false,
        }
    }
}

/// One input to the session.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// A line typed (keyboard, screen reader, Braille display) or heard as text.
    Line(String),
    /// A clock button: a key, a board's `KEY clock`, a foot switch; `None` for whoever moved.
    ClockButton(Option<Color>),
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
}

/// The state of one game being played.
#[derive(Debug, Clone)]
pub struct Session {
    pub(super) options: SessionOptions,
    pub(super) sheet: Scoresheet,
    pub(super) clock: Option<TalkingClock>,
    /// The side whose move is made but not yet completed (it may still be taken back).
    pub(super) uncompleted: Option<Color>,
    /// The last announcement, for "repeat".
    pub(super) last_said: Vec<Token>,
    /// The VI player's peg board, if one is used.
    pub(super) peg: Option<Tracker>,
    /// Whether the peg board's link is up (until it is, moves are taken without it).
    pub(super) peg_connected: bool,
    /// The sighted player's electronic board, if one is used.
    pub(super) sighted_board: Option<Tracker>,
    /// The VI player's move under way (peg board and announcement).
    pub(super) vi_move: ViMove,
    /// Pieces the VI player touched (pegs lifted) this turn, own and the opponent's (4.3).
    pub(super) vi_touched: Vec<(shakmaty::Square, shakmaty::Piece)>,
    /// A question about a board waiting for its answer.
    pub(super) board_question: Option<(Seat, BoardQuestion)>,
    /// A question asked back about something heard.
    pub(super) voice_question: Option<crate::listen::Question>,
    /// The last move made and the position before it (to know the opponent repeating it).
    pub(super) last_played: Option<(shakmaty::Chess, Move)>,
}

impl Session {
    /// A session on a scoresheet (new, or rebuilt from a journal) with an optional clock.
    pub fn new(sheet: Scoresheet, clock: Option<TalkingClock>, options: SessionOptions) -> Session {
        Session {
            options,
            sheet,
            clock,
            uncompleted: None,
            last_said: Vec::new(),
            peg: None,
            peg_connected: false,
            sighted_board: None,
            vi_move: ViMove::default(),
            vi_touched: Vec::new(),
            board_question: None,
            voice_question: None,
            last_played: None,
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
    pub fn options(&self) -> SessionOptions {
        self.options
    }

    /// The side whose move is made but not yet completed.
    pub fn uncompleted(&self) -> Option<Color> {
        self.uncompleted
    }

    /// After a resume: the last move was made but its clock not pressed, so it may still be
    /// taken back or completed.
    pub fn set_uncompleted(&mut self, side: Option<Color>) {
        self.uncompleted = side.filter(|_| !self.game().is_over());
    }

    /// When the session must be woken even if nothing happens (a clock announcement or flag).
    pub fn next_deadline(&self) -> Option<Duration> {
        if self.game().is_over() {
            return None;
        }
        self.clock.as_ref().and_then(TalkingClock::next_deadline)
    }

    /// What to say when the game begins or is resumed.
    pub fn greeting(&mut self, resumed: bool) -> Vec<Effect> {
        let mut tokens = vec![Token::Word(if resumed {
            Word::Resumed
        } else {
            Word::NewGame
        })];
        tokens.push(Token::Pause);
        match self.game().outcome() {
            Some(outcome) => tokens.extend(outcome.tokens()),
            None => tokens.extend(queries::whose_move_tokens(self.game().position())),
        }
        if let Some(clock) = &self.clock
            && clock.clock().is_paused()
        {
            tokens.push(Token::Pause);
            tokens.push(Token::Word(Word::ClockPaused));
        }
        let out = vec![Effect::say(tokens)];
        self.remember(&out);
        out
    }

    /// Handles one input at `now` (time since the session started).
    pub fn handle(&mut self, input: Input, now: Duration) -> Vec<Effect> {
        let mut out = Vec::new();
        match input {
            Input::Line(line) => {
                if !self.answer_board_question(&line, now, &mut out) {
                    match command::parse(self.options.lang, &line) {
                        Some(command) => self.handle_command(command, None, now, &mut out),
                        None => self.handle_move_text(&line, now, &mut out),
                    }
                }
            }
            Input::ClockButton(_) => self.press_clock(now, &mut out),
            Input::Tick => {}
            Input::Board(seat, event) => self.handle_board_event(seat, event, now, &mut out),
            Input::Heard { heard, always_on } => {
                self.handle_heard(&heard, always_on, now, &mut out)
            }
        }
        self.poll_clock(now, &mut out);
        self.remember(&out);
        out
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

    /// Applies an entry (stamped with `now`) to the scoresheet and asks for it to be
    /// journaled; when it ends the game, the result is recorded too and the clock stops.
    fn record(
        &mut self,
        entry: Entry,
        now: Duration,
        out: &mut Vec<Effect>,
    ) -> Result<sheet::Applied, ApplyError> {
        let was_over = self.sheet.game().is_over();
        let applied = self.sheet.apply(&entry.at(millis(now)))?;
        out.push(Effect::Record(applied.entry.clone()));
        if let Some(result) = self.sheet.result_entry_after(was_over, &applied.entry) {
            if let Ok(confirmed) = self.sheet.apply(&result.at(millis(now))) {
                out.push(Effect::Record(confirmed.entry));
            }
            self.uncompleted = None;
            if let Some(clock) = &mut self.clock
                && clock.clock().is_started()
                && !clock.clock().is_paused()
            {
                let _ = clock.handle(ClockInput::Pause, now);
            }
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
            Err(err) => {
                out.push(Effect::say(err.tokens(&pos)));
                if let ParseError::UnknownWord(word) = &err {
                    out.push(Effect::Show(unknown_word_sentence(self.options.lang, word)));
                }
            }
        }
    }

    /// "Partie beendet" with the result, when the game is over.
    fn game_over_tokens(&self) -> Option<Vec<Token>> {
        let outcome = self.game().outcome()?;
        let mut tokens = vec![Token::Word(Word::GameOver), Token::Pause];
        tokens.extend(outcome.tokens());
        Some(tokens)
    }

    /// A move typed or heard: the VI player's announcement when a peg board is in use and
    /// it is the VI player's turn, else the move itself.
    pub(super) fn route_move(&mut self, m: Move, now: Duration, out: &mut Vec<Effect>) {
        if let Some(tokens) = self.game_over_tokens() {
            out.push(Effect::say(tokens));
        } else if self.line_is_vi_announcement() {
            self.vi_announced(m, now, out);
        } else if self.peg.is_some() {
            self.make_sighted_move(m, now, out);
        } else {
            self.make_move(m, now, out);
        }
    }

    /// Makes a legal move: announced and journaled, to be completed by the clock.
    pub(super) fn make_move(&mut self, m: Move, now: Duration, out: &mut Vec<Effect>) {
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
        if let Some(clock) = &mut self.clock
            && !clock.clock().is_started()
        {
            // The arbiter starts White's clock; here the first move made starts it.
            if let Ok(announcements) = clock.handle(ClockInput::Start, now) {
                say_announcements(announcements, self.options.role, out);
            }
        }
        match self.record(Entry::play_move(m), now, out) {
            Ok(applied) => {
                let mut tokens = vec![Token::Side(mover)];
                tokens.extend(move_tokens(&before, m, self.options.style));
                if let sheet::Effect::Moved(report) = &applied.effect {
                    let extra = report.tokens();
                    if !extra.is_empty() {
                        tokens.push(Token::Pause);
                        tokens.extend(extra);
                    }
                }
                if !self.game().is_over() {
                    self.uncompleted = Some(mover);
                }
                self.last_played = Some((before.clone(), m));
                self.vi_touched.clear();
                out.push(Effect::say(tokens));
            }
            Err(err) => out.push(Effect::say(err.tokens())),
        }
    }

    fn clock_running(&self) -> bool {
        self.clock
            .as_ref()
            .is_some_and(|c| c.clock().is_started() && !c.clock().is_paused())
    }

    /// Does a command. `actor` is the side of whoever gave it when that is known (the VI
    /// player's microphone or peg board); a typed line leaves it to the position (the player
    /// who just moved offers a draw, the player to move answers, claims or resigns).
    pub(super) fn handle_command(
        &mut self,
        command: Command,
        actor: Option<Color>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let pos = self.game().position().clone();
        match command {
            Command::WhoseMove => out.push(Effect::reading(queries::whose_move_tokens(&pos))),
            Command::LastMoves(n) => {
                let start = self.game().position_at(0).cloned().unwrap_or_default();
                let moves: Vec<Move> = self.game().history().iter().map(|p| p.mv).collect();
                out.push(Effect::reading(queries::last_moves_tokens(
                    &start,
                    &moves,
                    n,
                    self.options.style,
                )));
            }
            Command::Position => out.push(Effect::reading(queries::position_tokens(&pos))),
            Command::Square(sq) => {
                out.push(Effect::reading(queries::square_content_tokens(&pos, sq)))
            }
            Command::WhereAre(role, color) => out.push(Effect::reading(queries::where_are_tokens(
                &pos, role, color,
            ))),
            Command::Time => match &self.clock {
                Some(clock) => out.push(Effect::reading(clock.answer(Query::All, now))),
                None => out.push(Effect::reading(vec![
                    Token::Word(Word::NoClock),
                    Token::Pause,
                    Token::Word(Word::Move),
                    Token::Number(self.game().move_number()),
                ])),
            },
            Command::TimeUsed => match &self.clock {
                Some(clock) => out.push(Effect::reading(clock.answer(Query::Used, now))),
                None => out.push(Effect::reading(vec![Token::Word(Word::NoClock)])),
            },
            Command::MoveCount => out.push(Effect::reading(vec![
                Token::Word(Word::Move),
                Token::Number(self.game().move_number()),
            ])),
            Command::Repeat => {
                let tokens = if self.last_said.is_empty() {
                    vec![Token::Word(Word::NoMovesYet)]
                } else {
                    self.last_said.clone()
                };
                out.push(Effect::Say {
                    tokens,
                    priority: Priority::Move,
                    audience: Audience::Everyone,
                });
            }
            Command::Fen => out.push(Effect::Show(self.game().fen())),
            Command::TakeBack => self.take_back(now, out),
            Command::PressClock => self.press_clock(now, out),
            Command::OfferDraw => {
                let by = actor.unwrap_or(!pos.turn());
                self.simple(Entry::offer_draw(by), now, out, |_| {
                    vec![Token::Side(by), Token::Word(Word::DrawOffered)]
                });
            }
            Command::AcceptDraw => {
                let by = actor.unwrap_or(pos.turn());
                // The outcome says "Remis angenommen" itself: "Remis angenommen, Remis".
                self.simple(Entry::accept_draw(by), now, out, |s| {
                    s.game()
                        .outcome()
                        .map(|o| o.tokens())
                        .unwrap_or_else(|| vec![Token::Word(Word::DrawAccepted)])
                });
            }
            Command::DeclineDraw => {
                let by = actor.unwrap_or(pos.turn());
                self.simple(Entry::decline_draw(by), now, out, |_| {
                    vec![Token::Word(Word::DrawDeclined)]
                });
            }
            Command::ClaimDraw(intended) => self.claim_draw(intended, actor, now, out),
            Command::Resign(side) => {
                let by = side.or(actor).unwrap_or(pos.turn());
                self.simple(Entry::resign(by), now, out, |s| {
                    s.game().outcome().map(|o| o.tokens()).unwrap_or_default()
                });
            }
            Command::Arbiter(action) => self.arbiter(action, now, out),
            Command::Yes | Command::No => {
                out.push(Effect::say(vec![Token::Word(Word::NotUnderstood)]))
            }
            Command::Help => out.push(Effect::reading(command::help_tokens(self.options.lang))),
            Command::Listen => out.push(Effect::ToggleListening),
            Command::Peg(line) => out.push(Effect::ToSimulator(line)),
            // "gespeichert" is said by the adapter once the journal is complete on disk.
            Command::Quit => out.push(Effect::Quit),
        }
    }

    /// Records an entry and says what `words` make of the new state, or the refusal.
    fn simple(
        &mut self,
        entry: Entry,
        now: Duration,
        out: &mut Vec<Effect>,
        words: impl FnOnce(&Session) -> Vec<Token>,
    ) {
        match self.record(entry, now, out) {
            Ok(_) => {
                let tokens = words(self);
                out.push(Effect::say(tokens));
            }
            Err(err) => out.push(Effect::say(err.tokens())),
        }
    }

    fn take_back(&mut self, now: Duration, out: &mut Vec<Effect>) {
        if self.uncompleted.is_none() {
            out.push(Effect::say(vec![Token::Word(Word::NothingToTakeBack)]));
            return;
        }
        match self.record(Entry::undo(), now, out) {
            Ok(applied) => {
                self.uncompleted = None;
                self.vi_move = ViMove::default();
                // The piece goes back on the boards too.
                self.boards_follow_game();
                let by = match applied.effect {
                    sheet::Effect::Undone(played) => played.by,
                    _ => self.game().turn(),
                };
                out.push(Effect::say(vec![
                    Token::Word(Word::TakenBack),
                    Token::Pause,
                    Token::Side(by),
                    Token::Word(Word::ToMove),
                ]));
            }
            Err(err) => out.push(Effect::say(err.tokens())),
        }
    }

    fn press_clock(&mut self, now: Duration, out: &mut Vec<Effect>) {
        if let Some(tokens) = self.game_over_tokens() {
            out.push(Effect::say(tokens));
            return;
        }
        let Some(clock) = &mut self.clock else {
            // No clock: pressing completes the move.
            self.uncompleted = None;
            out.push(Effect::say(vec![
                Token::Side(self.sheet.game().turn()),
                Token::Word(Word::ToMove),
            ]));
            return;
        };
        if !clock.clock().is_started() {
            if self.uncompleted.is_none() && self.vi_move != ViMove::default() {
                // A VI move under way: say what it lacks rather than start the clock.
                self.vi_may_press(out);
                return;
            }
            if let Ok(announcements) = clock.handle(ClockInput::Start, now) {
                say_announcements(announcements, self.options.role, out);
            }
            return;
        }
        let Some(mover) = self.uncompleted else {
            // 7.8: pressing the clock without making a move; refused here, nothing changes.
            // With a peg board, say which part of the move is missing (D.2.3, D.2.4).
            if self.vi_may_press(out) {
                out.push(Effect::say(vec![Token::Word(Word::MakeMoveFirst)]));
            }
            return;
        };
        match clock.handle(ClockInput::Press(Some(mover)), now) {
            Ok(announcements) => {
                let snapshot = clock.snapshot(now);
                say_announcements(announcements, self.options.role, out);
                self.uncompleted = None;
                let entry = Entry::Press(PressEntry {
                    by: mover,
                    white_ms: Some(millis(snapshot.white)),
                    black_ms: Some(millis(snapshot.black)),
                    at_ms: None,
                });
                if let Err(err) = self.record(entry, now, out) {
                    out.push(Effect::say(err.tokens()));
                }
                // A VI move that waited for this press goes on now.
                self.try_make_vi_move(now, out);
            }
            Err(err) => out.push(Effect::say(err.tokens())),
        }
    }

    fn claim_draw(
        &mut self,
        intended_text: Option<String>,
        actor: Option<Color>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let pos = self.game().position().clone();
        let by = actor.unwrap_or(pos.turn());
        let intended = match intended_text.as_deref().map(|t| parse_move(&pos, t)) {
            None => None,
            Some(Ok(m)) => Some(m),
            Some(Err(err)) => {
                let mut tokens = vec![Token::Word(Word::IntendedMove), Token::Pause];
                tokens.extend(err.tokens(&pos));
                out.push(Effect::say(tokens));
                return;
            }
        };
        let entry = Entry::claim(
            by,
            intended.map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
        );
        match self.record(entry, now, out) {
            Ok(applied) => {
                if let sheet::Effect::Claimed(verdict) = &applied.effect {
                    out.push(Effect::say(verdict.tokens()));
                    if let crate::game::ClaimVerdict::Incorrect { bonus, played, .. } = verdict {
                        if played.is_some() {
                            self.uncompleted = Some(by);
                        }
                        self.give_time(bonus.to, bonus.minutes, "9.5.3", now, out);
                    }
                }
            }
            Err(err) => out.push(Effect::say(err.tokens())),
        }
    }

    /// Adds minutes to a player's clock (a penalty of the opponent) and records it.
    fn give_time(
        &mut self,
        to: Color,
        minutes: u32,
        reason: &str,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let Some(clock) = &mut self.clock else { return };
        let amount = Duration::from_secs(u64::from(minutes) * 60);
        if let Ok(announcements) = clock.handle(
            ClockInput::Adjust {
                side: to,
                change: Adjust::Add(amount),
            },
            now,
        ) {
            say_announcements(announcements, self.options.role, out);
        }
        let entry = Entry::ClockAdjustment(ClockAdjustmentEntry {
            side: to,
            delta_ms: millis(amount) as i64,
            reason: reason.to_string(),
            at_ms: None,
        });
        if let Err(err) = self.record(entry, now, out) {
            out.push(Effect::say(err.tokens()));
        }
    }

    fn arbiter(&mut self, action: ArbiterAction, now: Duration, out: &mut Vec<Effect>) {
        match action {
            ArbiterAction::Pause | ArbiterAction::Resume => {
                let input = if action == ArbiterAction::Pause {
                    ClockInput::Pause
                } else {
                    ClockInput::Resume
                };
                match &mut self.clock {
                    Some(clock) => match clock.handle(input, now) {
                        Ok(announcements) => {
                            say_announcements(announcements, self.options.role, out)
                        }
                        Err(err) => out.push(Effect::say(err.tokens())),
                    },
                    None => out.push(Effect::say(vec![Token::Word(Word::NoClock)])),
                }
            }
            ArbiterAction::AddTime(side, seconds) => {
                let Some(clock) = &mut self.clock else {
                    out.push(Effect::say(vec![Token::Word(Word::NoClock)]));
                    return;
                };
                let change = if seconds >= 0 {
                    Adjust::Add(Duration::from_secs(seconds.unsigned_abs()))
                } else {
                    Adjust::Take(Duration::from_secs(seconds.unsigned_abs()))
                };
                if let Ok(announcements) = clock.handle(ClockInput::Adjust { side, change }, now) {
                    say_announcements(announcements, self.options.role, out);
                }
                let entry = Entry::ClockAdjustment(ClockAdjustmentEntry {
                    side,
                    delta_ms: seconds * 1000,
                    reason: "6.10.2".into(),
                    at_ms: None,
                });
                if let Err(err) = self.record(entry, now, out) {
                    out.push(Effect::say(err.tokens()));
                }
            }
            ArbiterAction::Back(plies) => {
                let plies = plies.min(self.game().history().len());
                if plies == 0 || self.game().is_over() {
                    out.push(Effect::say(vec![Token::Word(Word::NothingToTakeBack)]));
                    return;
                }
                for _ in 0..plies {
                    if let Err(err) = self.record(Entry::undo(), now, out) {
                        out.push(Effect::say(err.tokens()));
                        break;
                    }
                }
                self.uncompleted = None;
                self.vi_move = ViMove::default();
                self.boards_follow_game();
                let position = self.sheet.game().position().clone();
                let mut tokens = vec![Token::Word(Word::TakenBack), Token::Pause];
                tokens.extend(queries::whose_move_tokens(&position));
                out.push(Effect::say(tokens));
                // The boards are then set up as in this position; it is read out for that.
                out.push(Effect::reading(queries::position_tokens(&position)));
            }
            ArbiterAction::IllegalMove(side) => {
                let side = side.unwrap_or(!self.game().turn());
                match self.record(Entry::illegal_move(side, None), now, out) {
                    Ok(applied) => {
                        if let sheet::Effect::Penalised(penalty) = &applied.effect {
                            out.push(Effect::say(penalty.tokens()));
                            if let Some(bonus) = penalty.bonus() {
                                self.give_time(bonus.to, bonus.minutes, "7.5.3", now, out);
                            }
                        }
                    }
                    Err(err) => out.push(Effect::say(err.tokens())),
                }
            }
        }
    }

    /// Says what the clock has due at `now`; records a fallen flag (6.9).
    fn poll_clock(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let Some(clock) = &mut self.clock else { return };
        let mut announcements = clock.poll(now);
        let flag = clock.snapshot(now).flag;
        let ends_game = flag.is_some() && !self.sheet.game().is_over();
        if ends_game {
            // The outcome says it ("Schwarz Zeit abgelaufen, Weiß gewinnt"): not twice.
            announcements.retain(|a| a.kind != AnnouncementKind::Flag);
        }
        say_announcements(announcements, self.options.role, out);
        if let Some(fallen) = flag
            && ends_game
        {
            match self.record(Entry::flag(fallen), now, out) {
                Ok(_) => {
                    let tokens = self
                        .game()
                        .outcome()
                        .map(|o| o.tokens())
                        .unwrap_or_default();
                    out.push(Effect::urgent(tokens));
                }
                Err(err) => out.push(Effect::say(err.tokens())),
            }
        }
    }
}

/// Turns the clock's announcements into speech; an assistant tells times only on request
/// (D.2.10.4), so scheduled times and warnings are left out in that seat.
fn say_announcements(
    announcements: Vec<crate::clock::talking::Announcement>,
    role: SeatRole,
    out: &mut Vec<Effect>,
) {
    for a in announcements {
        let priority = a.kind.priority();
        if role == SeatRole::Assistant
            && matches!(
                a.kind,
                AnnouncementKind::Warning | AnnouncementKind::Scheduled
            )
        {
            continue;
        }
        out.push(Effect::Say {
            tokens: a.tokens,
            priority,
            audience: Audience::Everyone,
        });
    }
}

/// "das Wort foo kenne ich nicht": the word a line was not understood for, in a sentence
/// of the session's language (shown, as a voice has no clip for it); a long word is cut.
pub fn unknown_word_sentence(lang: Lang, word: &str) -> String {
    const LONGEST: usize = 40;
    let mut shown: String = word.chars().take(LONGEST).collect();
    if word.chars().count() > LONGEST {
        shown.push('…');
    }
    format!(
        "{} {shown} {}",
        lang.text(&[Token::Word(Word::TheWord)]),
        lang.text(&[Token::Word(Word::IsUnknown)])
    )
}

fn millis(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}
