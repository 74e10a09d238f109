//! The clock's part in a session: pressing it (6.2, D.2.4), starting it with the first move,
//! stopping it at the end, time given as a penalty (7.5.3, 9.5.3), what it announces, and the
//! flag (6.9). Every clock input goes through [`Session::clock_input`], which says what the
//! clock announced or why it refused.

use std::time::Duration;

use shakmaty::{ByColor, Color};

use crate::clock::talking::{Announcement, AnnouncementKind};
use crate::clock::{Adjust, ClockInput};
use crate::config::SeatRole;
use crate::record::{ClockAdjustmentEntry, Entry, PressEntry};
use crate::words::{Token, Word};

use super::effect::{Audience, Effect};
use super::{Session, millis};

impl Session {
    /// Gives an input to the clock (there must be one) and says what it announces; a refusal
    /// is said in words, and nothing changes.
    pub(super) fn clock_input(&mut self, input: ClockInput, now: Duration, out: &mut Vec<Effect>) {
        let Some(clock) = &mut self.clock else {
            out.push(Effect::Log(format!("{input:?} without a clock")));
            return;
        };
        match clock.handle(input, now) {
            Ok(announcements) => say_announcements(announcements, self.options.role, out),
            Err(refusal) => out.push(Effect::say(refusal.tokens())),
        }
    }

    /// Whether the clock runs.
    pub(super) fn clock_running(&self) -> bool {
        self.clock
            .as_ref()
            .is_some_and(|c| c.clock().is_started() && !c.clock().is_paused())
    }

    /// The arbiter starts White's clock (6.6); here the first move made starts it.
    pub(super) fn start_clock_with_first_move(&mut self, now: Duration, out: &mut Vec<Effect>) {
        if self.clock.as_ref().is_some_and(|c| !c.clock().is_started()) {
            self.clock_input(ClockInput::Start, now, out);
        }
    }

    /// The game ended: the clocks stop (a running clock only; a paused one stays paused).
    /// Nothing is said of it: the result that ended the game is said instead.
    pub(super) fn stop_clock_at_the_end(&mut self, now: Duration, out: &mut Vec<Effect>) {
        if !self.clock_running() {
            return;
        }
        let Some(clock) = &mut self.clock else { return };
        if let Err(refusal) = clock.handle(ClockInput::Pause, now) {
            out.push(Effect::Log(format!(
                "the clock did not stop at the end: {refusal}"
            )));
        }
    }

    /// The clock is pressed: completes the move just made (6.2, D.2.4).
    pub(super) fn press_clock(&mut self, now: Duration, out: &mut Vec<Effect>) {
        if let Some(tokens) = self.game_over_tokens() {
            out.push(Effect::say(tokens));
            return;
        }
        if self.resumed_paused && self.clock.as_ref().is_some_and(|c| c.clock().is_paused()) {
            // A resumed game: the first press starts the clock again where it stood.
            self.resumed_paused = false;
            self.clock_input(ClockInput::Resume, now, out);
            return;
        }
        if let Some((by, detail)) = self.illegal_attempt()
            && !self.clock.as_ref().is_some_and(|c| c.clock().is_paused())
        {
            // Tournament mode: the press completes an illegal move (7.5.1).
            self.complete_illegal(by, detail, now, out);
            return;
        }
        let Some(clock) = &self.clock else {
            // No clock: pressing completes the move. The VI player's move under way on the
            // pegs, or a board that differs (a capture left half made), is said as with a
            // clock (D.2.3, D.2.4): nothing is completed.
            if self.uncompleted.is_none()
                && let Some(word) = self.cycle.press_refusal(false)
                && (self.cycle.move_under_way()
                    || self.cycle.board_differences(&self.cycle_game()).is_some())
            {
                out.push(Effect::say(self.refusal_with_board(word)));
                return;
            }
            self.uncompleted = None;
            let mut tokens = vec![
                Token::Side(self.sheet.game().turn()),
                Token::Word(Word::ToMove),
            ];
            // The opponent's move completed: what the pegs show of the VI player's own move
            // placed meanwhile, when they differ, is said with it.
            if self.sheet.game().turn() == self.options.vi_side
                && let Some(board) = self.cycle.board_differences(&self.cycle_game())
            {
                tokens.push(Token::Pause);
                tokens.extend(board);
            }
            out.push(Effect::say(tokens));
            return;
        };
        let waiting = self.uncompleted.is_some();
        if !clock.clock().is_started() {
            if !waiting && self.cycle.move_under_way() {
                // A VI move under way: say what it lacks rather than start the clock.
                if let Some(word) = self.cycle.press_refusal(waiting) {
                    out.push(Effect::say(self.refusal_with_board(word)));
                }
                return;
            }
            self.clock_input(ClockInput::Start, now, out);
            return;
        }
        if clock.clock().is_paused() {
            // The arbiter stopped the clocks (6.11): his "weiter" starts them again.
            let mut tokens = vec![Token::Word(Word::ClockPaused), Token::Pause];
            tokens.extend(
                crate::command::Command::Arbiter(crate::command::ArbiterAction::Resume)
                    .tokens(self.options.lang),
            );
            tokens.push(Token::Word(Word::ResumesClock));
            out.push(Effect::say(tokens));
            return;
        }
        let Some(mover) = self.uncompleted else {
            // 7.8: pressing the clock without making a move; refused here, nothing changes.
            // With a peg board, say which part of the move is missing (D.2.3, D.2.4).
            let word = self
                .cycle
                .press_refusal(waiting)
                .unwrap_or(Word::MakeMoveFirst);
            out.push(Effect::say(self.refusal_with_board(word)));
            return;
        };
        let Some(clock) = &mut self.clock else {
            unreachable!("checked above")
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
                });
                if let Err(err) = self.record(entry, now, out) {
                    out.push(Effect::say(err.tokens()));
                }
                // A VI move that waited for this press goes on now.
                let steps = self.cycle.clock_pressed(&self.cycle_game());
                self.carry_out(steps, now, out);
                self.refer_castling_after_rook(mover, now, out);
                // Our move completed: the opponent outside hears of it.
                self.our_move_completed(mover, now, out);
            }
            Err(err) => out.push(Effect::say(err.tokens())),
        }
    }

    /// A refusal of the clock, and what is wrong on the peg board if it differs. A move on
    /// the board that differs from the one announced is no fault of the board: both are said
    /// again, for either may be corrected (D.2.8).
    fn refusal_with_board(&self, word: Word) -> Vec<Token> {
        if word == Word::PleaseCorrect
            && let Some(mismatch) = self.cycle.mismatch(&self.cycle_game())
        {
            return mismatch;
        }
        let mut tokens = vec![Token::Word(word)];
        if let Some(board) = self.cycle.board_differences(&self.cycle_game()) {
            tokens.push(Token::Pause);
            tokens.extend(board);
        }
        tokens
    }

    /// Adds minutes to a player's clock (a penalty of the opponent) and records it.
    pub(super) fn give_time(
        &mut self,
        to: Color,
        minutes: u32,
        reason: &str,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        if self.clock.is_none() {
            // No clock: there is no time to give; the penalty is said by the caller.
            return;
        }
        let amount = Duration::from_secs(u64::from(minutes) * 60);
        let change = Adjust::Add(amount);
        self.clock_input(ClockInput::Adjust { side: to, change }, now, out);
        let entry = Entry::ClockAdjustment(ClockAdjustmentEntry {
            side: to,
            delta_ms: millis(amount) as i64,
            set_ms: None,
            reason: reason.to_string(),
        });
        if let Err(err) = self.record(entry, now, out) {
            out.push(Effect::say(err.tokens()));
        }
    }

    /// Sets one side's clock to `time` and records it (as the time set, and the change).
    pub(super) fn set_clock_time(
        &mut self,
        side: Color,
        time: Duration,
        reason: &str,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let Some(clock) = &self.clock else { return };
        let before = clock.clock().remaining(side, now);
        self.clock_input(
            ClockInput::Adjust {
                side,
                change: Adjust::Set(time),
            },
            now,
            out,
        );
        let entry = Entry::ClockAdjustment(ClockAdjustmentEntry {
            side,
            delta_ms: millis(time) as i64 - millis(before) as i64,
            set_ms: Some(millis(time)),
            reason: reason.to_string(),
        });
        if let Err(err) = self.record(entry, now, out) {
            out.push(Effect::say(err.tokens()));
        }
    }

    /// The times recorded after the first `plies` plies of the game: those of the press that
    /// completed the last of them (the clock's starting times for none); `None` without a
    /// clock or a record of them.
    pub(super) fn times_recorded_after(&self, plies: usize) -> Option<ByColor<Duration>> {
        let clock = self.clock.as_ref()?;
        if plies == 0 {
            let fresh =
                crate::clock::Clock::new(clock.clock().control().clone(), clock.clock().options());
            return Some(ByColor {
                white: fresh.remaining(Color::White, Duration::ZERO),
                black: fresh.remaining(Color::Black, Duration::ZERO),
            });
        }
        let note = self.sheet.notes().get(plies - 1)?;
        Some(ByColor {
            white: Duration::from_millis(note.white_ms?),
            black: Duration::from_millis(note.black_ms?),
        })
    }

    /// Sets the clock to the game as it stands after going back (D.2.9) or an illegal move
    /// (7.5.1): `times` (or the times it shows), the side to move's clock, the move counter at
    /// that move; stopped until the arbiter starts it. Said, and journaled as times set.
    pub(super) fn set_clock_to_the_game(
        &mut self,
        times: Option<ByColor<Duration>>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let Some(clock) = &self.clock else { return };
        let shown = ByColor {
            white: clock.clock().remaining(Color::White, now),
            black: clock.clock().remaining(Color::Black, now),
        };
        let left = times.unwrap_or(shown);
        let to_move = self.game().turn();
        let made = self
            .game()
            .history()
            .iter()
            .filter(|m| m.by == to_move)
            .count() as u32;
        if let Some(clock) = &mut self.clock {
            clock.restore(left, to_move, made + 1, now);
        }
        for side in [Color::White, Color::Black] {
            let (set, before) = (*left.get(side), *shown.get(side));
            let entry = Entry::ClockAdjustment(ClockAdjustmentEntry {
                side,
                delta_ms: millis(set) as i64 - millis(before) as i64,
                set_ms: Some(millis(set)),
                reason: "D.2.9".into(),
            });
            if let Err(err) = self.record(entry, now, out) {
                out.push(Effect::say(err.tokens()));
            }
        }
        if let Some(clock) = &self.clock {
            let mut tokens = vec![Token::Word(Word::ClockAsRecorded), Token::Pause];
            tokens.extend(clock.answer(crate::clock::Query::All, now));
            tokens.extend([Token::Pause, Token::Word(Word::ClockPaused)]);
            out.push(Effect::say(tokens));
        }
    }

    /// Says what the clock has due at `now`; records a fallen flag (6.9).
    pub(super) fn poll_clock(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let Some(clock) = &mut self.clock else { return };
        let mut announcements = clock.poll(now);
        let flag = clock.snapshot(now).flag;
        // Online the server's clock is the arbiter's (it counts the line's lag): a flag is
        // its to say, with the game's end; the clock here only follows its times.
        let remote = self.plays_remote();
        if remote {
            announcements.retain(|a| a.kind != AnnouncementKind::Flag);
        }
        let ends_game = flag.is_some() && !self.sheet.game().is_over() && !remote;
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
fn say_announcements(announcements: Vec<Announcement>, role: SeatRole, out: &mut Vec<Effect>) {
    for a in announcements {
        if role == SeatRole::Assistant
            && matches!(
                a.kind,
                AnnouncementKind::Warning | AnnouncementKind::Scheduled
            )
        {
            continue;
        }
        out.push(Effect::Say {
            priority: a.kind.priority(),
            tokens: a.tokens,
            audience: Audience::Everyone,
            printed: None,
        });
    }
}
