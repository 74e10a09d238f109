//! The clock state machine: whose clock runs, how much time each side has, the move counter,
//! periods, increments and delays (Art. 6.3), flags (6.9, both flags), the arbiter's pause and
//! adjustments (6.10, 6.11, 7.5.3). Pure: every operation takes the time since the start of the
//! program as a `Duration`; there is no wall clock inside.
//!
//! Time is kept per side as the time left when that side's clock was last settled, and the
//! running side's time is computed from `now` on demand, so nothing needs to tick.

use std::time::Duration;

use shakmaty::{ByColor, Color};

use super::control::{Bonus, TimeControl};

/// How a Bronstein clock starts (the Art. 6.3 commentary and standard clocks disagree).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BronsteinStart {
    /// The default, as Bronstein defined it and as standard (DGT, US Chess) clocks do:
    /// nothing before move 1; after each move the time used is given back up to the delay.
    /// 90 min with 30 s, moves of 20 s then 40 s: 90:00, then 89:50.
    #[default]
    Standard,
    /// As the Art. 6.3 commentary of the French arbiters' bulletin counts: the delay for move 1
    /// is credited before the game as with Fischer. The same moves: 90:30, then 90:20.
    CreditFirstMove,
}

/// Settings of the clock itself (not of what it says).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClockOptions {
    /// How a Bronstein clock starts.
    pub bronstein: BronsteinStart,
}

/// A change of one side's time by the arbiter (6.10.2, 7.5.3, 6.13).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Adjust {
    /// Add this much.
    Add(Duration),
    /// Take this much away (down to zero, which makes the flag fall).
    Take(Duration),
    /// Set the time to exactly this.
    Set(Duration),
}

/// What the clock did, for the announcer and the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockEvent {
    /// White's clock was started (6.6).
    Started,
    /// A side completed its move number `completed` by pressing (6.2.1).
    Pressed {
        /// Who pressed.
        side: Color,
        /// The number of moves that side has completed.
        completed: u32,
    },
    /// A side completed the moves of a period and got the next period's time (6.3.2).
    ControlReached {
        /// The side.
        side: Color,
        /// The time the next period added.
        added: Duration,
    },
    /// A side's time ran out; `first` is false when the other flag had already fallen.
    Flag {
        /// Whose flag fell.
        side: Color,
        /// Whether it fell first.
        first: bool,
    },
    /// The clocks were stopped (6.11).
    Paused,
    /// The clocks were started again (6.11.3).
    Resumed,
    /// The arbiter changed a side's time; `left` is the time it has now.
    Adjusted {
        /// Whose time.
        side: Color,
        /// The change made.
        change: Adjust,
        /// The time left now.
        left: Duration,
    },
    /// The arbiter set the move counter.
    MoveNumberSet(u32),
}

/// An event and the moment it happened (exact, also when it is reported later).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timed<T> {
    /// When it happened, since the start.
    pub at: Duration,
    /// What happened.
    pub event: T,
}

/// Something the clock cannot do in its present state. Nothing was changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// The clock has not been started.
    #[error("the clock has not been started")]
    NotStarted,
    /// The clock has already been started.
    #[error("the clock has already been started")]
    AlreadyStarted,
    /// The clock is paused.
    #[error("the clock is paused")]
    Paused,
    /// The clock is not paused.
    #[error("the clock is not paused")]
    NotPaused,
    /// The other side is to move: this side's clock is not running.
    #[error("{} is to move: the other side's clock is not running", side_name(*.0))]
    OtherSideRunning(Color),
    /// Move numbers start at 1.
    #[error("a move number starts at 1")]
    BadMoveNumber,
}

fn side_name(side: Color) -> &'static str {
    side.fold_wb("White", "Black")
}

/// Whether the clocks run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    /// Before the start (6.6).
    NotStarted,
    /// `side`'s clock runs since `since`.
    Running {
        /// Whose clock runs.
        side: Color,
        /// Since when.
        since: Duration,
    },
    /// Stopped by the arbiter while `side` was to move.
    Paused {
        /// The side to move when it was stopped.
        side: Color,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct SideClock {
    /// Time left when the clock was last settled (time used, for `?` and `-`).
    left: Duration,
    /// Moves completed.
    completed: u32,
    /// The part of the simple delay of the current move not used yet.
    delay_left: Duration,
    /// Time used on the current move so far (for Bronstein).
    used: Duration,
    /// Time the clock of this side has run in the whole game (D.2.10.4).
    total_used: Duration,
    /// When the flag fell.
    flag: Option<Duration>,
}

/// A chess clock for one game.
#[derive(Debug, Clone)]
pub struct Clock {
    control: TimeControl,
    options: ClockOptions,
    sides: ByColor<SideClock>,
    run: Run,
    first_flag: Option<Color>,
    last_now: Duration,
}

impl Clock {
    /// A clock set for `control`, not started: both sides show their starting time (with the
    /// increment for move 1 already credited, as the Art. 6.3 commentary says).
    pub fn new(control: TimeControl, options: ClockOptions) -> Self {
        let mut side = SideClock::default();
        match &control {
            TimeControl::Unknown | TimeControl::Untimed => {}
            TimeControl::Sandglass(time) => side.left = *time,
            TimeControl::Periods(periods) => {
                side.left = periods[0].time;
                match periods[0].bonus {
                    Bonus::None => {}
                    Bonus::Increment(increment) => side.left += increment,
                    Bonus::Bronstein(delay) => {
                        if options.bronstein == BronsteinStart::CreditFirstMove {
                            side.left += delay;
                        }
                    }
                    Bonus::Delay(delay) => side.delay_left = delay,
                }
            }
        }
        Clock {
            control,
            options,
            sides: ByColor {
                white: side,
                black: side,
            },
            run: Run::NotStarted,
            first_flag: None,
            last_now: Duration::ZERO,
        }
    }

    /// The control the clock was set for.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// The clock's own settings.
    pub fn options(&self) -> ClockOptions {
        self.options
    }

    /// Whether and whose clock runs.
    pub fn run(&self) -> Run {
        self.run
    }

    /// The side whose clock runs, `None` before the start and while paused.
    pub fn running(&self) -> Option<Color> {
        match self.run {
            Run::Running { side, .. } => Some(side),
            _ => None,
        }
    }

    /// The side to move: whose clock runs, or would run (White before the start).
    pub fn side_to_move(&self) -> Color {
        match self.run {
            Run::NotStarted => Color::White,
            Run::Running { side, .. } | Run::Paused { side } => side,
        }
    }

    /// True once the clock has been started.
    pub fn is_started(&self) -> bool {
        self.run != Run::NotStarted
    }

    /// True while the arbiter has stopped the clocks.
    pub fn is_paused(&self) -> bool {
        matches!(self.run, Run::Paused { .. })
    }

    /// True when the clock only counts the time used (`?` and `-`).
    pub fn counts_up(&self) -> bool {
        self.control.is_count_up()
    }

    /// The time `side`'s clock has run in the whole game up to `now` (pauses not counted):
    /// the "time used" an assistant tells the VI player on request (D.2.10.4).
    pub fn time_used(&self, side: Color, now: Duration) -> Duration {
        let now = now.max(self.last_now);
        let booked = self.sides.get(side).total_used;
        match self.run {
            Run::Running {
                side: running,
                since,
            } if running == side => booked + now.saturating_sub(since),
            _ => booked,
        }
    }

    /// The time `side` has left at `now` (the time used, for `?` and `-`). Never negative:
    /// zero once the flag has fallen.
    pub fn remaining(&self, side: Color, now: Duration) -> Duration {
        let now = now.max(self.last_now);
        let clock = self.sides.get(side);
        let Run::Running {
            side: running,
            since,
        } = self.run
        else {
            return clock.left;
        };
        let elapsed = now.saturating_sub(since);
        if self.counts_up() {
            return if running == side {
                clock.left + elapsed
            } else {
                clock.left
            };
        }
        let consumed = self.consumption(running, elapsed);
        match (&self.control, running == side) {
            (_, true) => clock.left - consumed,
            (TimeControl::Sandglass(_), false) => clock.left + consumed,
            _ => clock.left,
        }
    }

    /// The clock read at `now`, with how it goes on from there (for a screen that shows the
    /// time running without asking again).
    pub fn reading(&self, now: Duration) -> super::ClockReading {
        let now = now.max(self.last_now);
        let running = self.running();
        let delay_left = match self.run {
            Run::Running { side, since } => self
                .sides
                .get(side)
                .delay_left
                .saturating_sub(now.saturating_sub(since)),
            _ => Duration::ZERO,
        };
        super::ClockReading {
            read_at: now,
            white: self.remaining(Color::White, now),
            black: self.remaining(Color::Black, now),
            running,
            counting: if self.counts_up() {
                super::Counting::Up
            } else if matches!(self.control, TimeControl::Sandglass(_)) {
                super::Counting::Sandglass
            } else {
                super::Counting::Down
            },
            delay_left,
        }
    }

    /// The main time the running side uses when its clock has run for `elapsed` since it was
    /// last settled: the simple delay first, then the main time, down to zero.
    fn consumption(&self, running: Color, elapsed: Duration) -> Duration {
        let clock = self.sides.get(running);
        let after_delay = elapsed.saturating_sub(clock.delay_left);
        after_delay.min(clock.left)
    }

    /// Moves completed by `side`.
    pub fn completed(&self, side: Color) -> u32 {
        self.sides.get(side).completed
    }

    /// The number of the move being played (1 before the start; White's move 23 and
    /// Black's reply are both move 23).
    pub fn move_number(&self) -> u32 {
        self.sides.get(self.side_to_move()).completed + 1
    }

    /// When `side`'s flag fell, if it has.
    pub fn flag(&self, side: Color) -> Option<Duration> {
        self.sides.get(side).flag
    }

    /// The side whose flag fell first, if any.
    pub fn first_flag(&self) -> Option<Color> {
        self.first_flag
    }

    /// When the running side's flag will fall, if its clock runs and it has not fallen yet.
    pub fn flag_due(&self) -> Option<Duration> {
        if self.counts_up() {
            return None;
        }
        let Run::Running { side, since } = self.run else {
            return None;
        };
        let clock = self.sides.get(side);
        if clock.flag.is_some() {
            return None;
        }
        Some(since + clock.delay_left + clock.left)
    }

    /// When the running side, if `side` runs, will have exactly `left` left (at once if it
    /// already has no more). `None` when `side`'s time is not running down.
    pub fn when_left(&self, side: Color, left: Duration) -> Option<Duration> {
        if self.counts_up() {
            return None;
        }
        let Run::Running {
            side: running,
            since,
        } = self.run
        else {
            return None;
        };
        let clock = self.sides.get(side);
        if running != side || clock.flag.is_some() {
            return None;
        }
        if left >= clock.left {
            return Some(since);
        }
        Some(since + clock.delay_left + (clock.left - left))
    }

    /// Records flags that fell up to `now`, each at the exact moment it fell.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn advance(&mut self, now: Duration) -> Vec<Timed<ClockEvent>> {
        let now = self.clamp(now);
        let mut events = Vec::new();
        if let Some(due) = self.flag_due().filter(|due| *due <= now)
            && let Run::Running { side, .. } = self.run
        {
            events.push(self.fall(side, due));
        }
        events
    }

    fn fall(&mut self, side: Color, at: Duration) -> Timed<ClockEvent> {
        self.sides.get_mut(side).flag = Some(at);
        let first = self.first_flag.is_none();
        if first {
            self.first_flag = Some(side);
        }
        Timed {
            at,
            event: ClockEvent::Flag { side, first },
        }
    }

    fn clamp(&mut self, now: Duration) -> Duration {
        let now = now.max(self.last_now);
        self.last_now = now;
        now
    }

    /// Books the running side's time up to `now` (after [`Clock::advance`]).
    fn settle(&mut self, now: Duration) {
        let Run::Running { side, since } = self.run else {
            return;
        };
        let elapsed = now.saturating_sub(since);
        let counts_up = self.counts_up();
        let consumed = self.consumption(side, elapsed);
        let clock = self.sides.get_mut(side);
        clock.used += elapsed;
        clock.total_used += elapsed;
        if counts_up {
            clock.left += elapsed;
        } else {
            clock.delay_left = clock.delay_left.saturating_sub(elapsed);
            clock.left -= consumed;
            if let TimeControl::Sandglass(_) = self.control {
                self.sides.get_mut(side.other()).left += consumed;
            }
        }
        self.run = Run::Running { side, since: now };
    }

    /// Checks that [`Clock::start`] can be done now.
    pub fn can_start(&self) -> Result<(), ClockError> {
        match self.run {
            Run::NotStarted => Ok(()),
            _ => Err(ClockError::AlreadyStarted),
        }
    }

    /// Starts White's clock (6.6).
    pub fn start(&mut self, now: Duration) -> Result<Vec<Timed<ClockEvent>>, ClockError> {
        self.can_start()?;
        let now = self.clamp(now);
        self.run = Run::Running {
            side: Color::White,
            since: now,
        };
        Ok(vec![Timed {
            at: now,
            event: ClockEvent::Started,
        }])
    }

    /// Checks that `side` can press now.
    pub fn can_press(&self, side: Color) -> Result<(), ClockError> {
        match self.run {
            Run::NotStarted => Err(ClockError::NotStarted),
            Run::Paused { .. } => Err(ClockError::Paused),
            Run::Running { side: running, .. } if running != side => {
                Err(ClockError::OtherSideRunning(running))
            }
            Run::Running { .. } => Ok(()),
        }
    }

    /// `side` presses its clock: its move is completed (6.2.1), the increment, Bronstein or
    /// delay rules and the period change are applied (6.3), and the opponent's clock starts.
    /// A side whose flag has fallen keeps zero: nothing is added to it any more.
    pub fn press(
        &mut self,
        side: Color,
        now: Duration,
    ) -> Result<Vec<Timed<ClockEvent>>, ClockError> {
        self.can_press(side)?;
        let mut events = self.advance(now);
        let now = self.clamp(now);
        self.settle(now);
        let completed = self.sides.get(side).completed + 1;
        let flagged = self.sides.get(side).flag.is_some();
        let this_move = self.control.period_of_move(completed);
        let next_move = self.control.period_of_move(completed + 1);
        let periods = self.control.periods().to_vec();
        let clock = self.sides.get_mut(side);
        clock.completed = completed;
        clock.delay_left = Duration::ZERO;
        if let (false, Some((period, last)), Some((next, _))) = (flagged, this_move, next_move) {
            if let Bonus::Bronstein(delay) = periods[period].bonus {
                clock.left += clock.used.min(delay);
            }
            if last {
                let added = periods[next].time;
                clock.left += added;
                events.push(Timed {
                    at: now,
                    event: ClockEvent::ControlReached { side, added },
                });
            }
            match periods[next].bonus {
                Bonus::Increment(increment) => clock.left += increment,
                Bonus::Delay(delay) => clock.delay_left = delay,
                Bonus::None | Bonus::Bronstein(_) => {}
            }
        }
        events.push(Timed {
            at: now,
            event: ClockEvent::Pressed { side, completed },
        });
        clock.used = Duration::ZERO;
        self.run = Run::Running {
            side: side.other(),
            since: now,
        };
        Ok(events)
    }

    /// Checks that [`Clock::pause`] can be done now.
    pub fn can_pause(&self) -> Result<(), ClockError> {
        match self.run {
            Run::NotStarted => Err(ClockError::NotStarted),
            Run::Paused { .. } => Err(ClockError::Paused),
            Run::Running { .. } => Ok(()),
        }
    }

    /// Stops both clocks (6.11.1); the running side's move goes on after [`Clock::resume`],
    /// with what is left of its delay and its Bronstein time.
    pub fn pause(&mut self, now: Duration) -> Result<Vec<Timed<ClockEvent>>, ClockError> {
        self.can_pause()?;
        let mut events = self.advance(now);
        let now = self.clamp(now);
        self.settle(now);
        self.run = Run::Paused {
            side: self.side_to_move(),
        };
        events.push(Timed {
            at: now,
            event: ClockEvent::Paused,
        });
        Ok(events)
    }

    /// Checks that [`Clock::resume`] can be done now.
    pub fn can_resume(&self) -> Result<(), ClockError> {
        match self.run {
            Run::NotStarted => Err(ClockError::NotStarted),
            Run::Running { .. } => Err(ClockError::NotPaused),
            Run::Paused { .. } => Ok(()),
        }
    }

    /// Starts the clock of the side to move again (6.11.3).
    pub fn resume(&mut self, now: Duration) -> Result<Vec<Timed<ClockEvent>>, ClockError> {
        self.can_resume()?;
        let now = self.clamp(now);
        self.run = Run::Running {
            side: self.side_to_move(),
            since: now,
        };
        Ok(vec![Timed {
            at: now,
            event: ClockEvent::Resumed,
        }])
    }

    /// The arbiter changes `side`'s time, in any state (6.10.2; 7.5.3 adds two minutes).
    /// Taking all of it makes the flag fall now; giving time to a side whose flag had fallen
    /// raises the flag again (a correction of a wrongly set clock).
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn adjust(&mut self, side: Color, change: Adjust, now: Duration) -> Vec<Timed<ClockEvent>> {
        let mut events = self.advance(now);
        let now = self.clamp(now);
        self.settle(now);
        let clock = self.sides.get_mut(side);
        clock.left = match change {
            Adjust::Add(amount) => clock.left + amount,
            Adjust::Take(amount) => clock.left.saturating_sub(amount),
            Adjust::Set(amount) => amount,
        };
        let left = clock.left;
        events.push(Timed {
            at: now,
            event: ClockEvent::Adjusted { side, change, left },
        });
        if self.counts_up() {
            return events;
        }
        let waiting_delay = self.sides.get(side).delay_left;
        let no_time = left.is_zero() && (self.running() != Some(side) || waiting_delay.is_zero());
        match (no_time, self.sides.get(side).flag) {
            (true, None) => events.push(self.fall(side, now)),
            (false, Some(_)) if !left.is_zero() => {
                self.sides.get_mut(side).flag = None;
                if self.first_flag == Some(side) {
                    self.first_flag = self.sides.get(side.other()).flag.map(|_| side.other());
                }
            }
            _ => {}
        }
        events
    }

    /// Sets the clock to a point recorded earlier (a game resumed from its journal): each
    /// side's time left, whose move it is and the number of that move. The clock then stands
    /// paused at `now` until it is started again, since the time between the last record and
    /// an interruption is not known. A side with no time left has its flag down.
    pub fn restore(
        &mut self,
        left: ByColor<Duration>,
        to_move: Color,
        move_number: u32,
        now: Duration,
    ) {
        let number = move_number.max(1);
        let (white, black) = match to_move {
            Color::White => (number - 1, number - 1),
            Color::Black => (number, number - 1),
        };
        for (side, completed) in [(Color::White, white), (Color::Black, black)] {
            let clock = self.sides.get_mut(side);
            clock.left = *left.get(side);
            clock.completed = completed;
            clock.used = Duration::ZERO;
            clock.flag = None;
        }
        self.first_flag = None;
        self.run = Run::Paused { side: to_move };
        self.last_now = now;
        if !self.counts_up() {
            for side in [Color::White, Color::Black] {
                if left.get(side).is_zero() && self.sides.get(side).flag.is_none() {
                    // It fell before the interruption and the record says so: nothing to
                    // announce again.
                    let _ = self.fall(side, now);
                }
            }
        }
    }

    /// The arbiter sets the move counter to `number`, the move being played (6.10.2, 7.1).
    /// The period follows the counter; no time is added or taken (use [`Clock::adjust`]).
    pub fn set_move_number(
        &mut self,
        number: u32,
        now: Duration,
    ) -> Result<Vec<Timed<ClockEvent>>, ClockError> {
        if number == 0 {
            return Err(ClockError::BadMoveNumber);
        }
        let mut events = self.advance(now);
        let now = self.clamp(now);
        let (white, black) = match self.side_to_move() {
            Color::White => (number - 1, number - 1),
            Color::Black => (number, number - 1),
        };
        self.sides.white.completed = white;
        self.sides.black.completed = black;
        events.push(Timed {
            at: now,
            event: ClockEvent::MoveNumberSet(number),
        });
        Ok(events)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: Color = Color::White;
    const B: Color = Color::Black;

    fn s(seconds: u64) -> Duration {
        Duration::from_secs(seconds)
    }

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    fn clock(control: &str) -> Clock {
        Clock::new(
            TimeControl::from_pgn(control).unwrap(),
            ClockOptions::default(),
        )
    }

    /// Plays White's first two moves of the Art. 6.3 commentary example (20 s, then 40 s,
    /// Black replying in 10 s) and returns White's time after each.
    fn commentary_example(mut clock: Clock) -> (Duration, Duration) {
        clock.start(s(0)).unwrap();
        clock.press(W, s(20)).unwrap();
        let after_first = clock.remaining(W, s(20));
        clock.press(B, s(30)).unwrap();
        clock.press(W, s(70)).unwrap();
        (after_first, clock.remaining(W, s(70)))
    }

    #[test]
    fn fischer_follows_the_commentary_example() {
        let clock = clock("5400+30");
        assert_eq!(
            clock.remaining(W, s(0)),
            s(5430),
            "the increment for move 1 comes first"
        );
        assert_eq!(
            commentary_example(clock),
            (s(90 * 60 + 40), s(90 * 60 + 30))
        );
    }

    #[test]
    fn delay_follows_the_commentary_example() {
        let clock = clock("5400d30");
        assert_eq!(clock.remaining(W, s(0)), s(5400));
        assert_eq!(commentary_example(clock), (s(5400), s(89 * 60 + 50)));
    }

    #[test]
    fn standard_bronstein_gives_back_the_time_used() {
        let clock = clock("5400b30");
        assert_eq!(clock.remaining(W, s(0)), s(5400));
        assert_eq!(commentary_example(clock), (s(5400), s(89 * 60 + 50)));
    }

    #[test]
    fn commentary_bronstein_credits_move_one_first() {
        let options = ClockOptions {
            bronstein: BronsteinStart::CreditFirstMove,
        };
        let clock = Clock::new(TimeControl::from_pgn("5400b30").unwrap(), options);
        assert_eq!(clock.remaining(W, s(0)), s(5430));
        assert_eq!(
            commentary_example(clock),
            (s(90 * 60 + 30), s(90 * 60 + 20))
        );
    }

    #[test]
    fn delay_and_bronstein_differ_while_the_clock_runs() {
        // The same final figures, but a delay clock stands still for the delay and a
        // Bronstein clock counts down at once and gives the time back on the press.
        let mut delay = clock("60d10");
        let mut bronstein = clock("60b10");
        delay.start(s(0)).unwrap();
        bronstein.start(s(0)).unwrap();
        assert_eq!(delay.remaining(W, s(8)), s(60));
        assert_eq!(bronstein.remaining(W, s(8)), s(52));
        assert_eq!(delay.remaining(W, s(15)), s(55));
        // Flags: a delay clock falls after delay + time, a Bronstein clock after the time.
        assert_eq!(delay.flag_due(), Some(s(70)));
        assert_eq!(bronstein.flag_due(), Some(s(60)));
    }

    #[test]
    fn sudden_death_and_moves_counted() {
        let mut clock = clock("300");
        assert_eq!(clock.move_number(), 1);
        clock.start(s(0)).unwrap();
        clock.press(W, ms(12_500)).unwrap();
        assert_eq!(clock.remaining(W, s(100)), ms(287_500));
        assert_eq!(clock.remaining(B, s(100)), ms(212_500));
        assert_eq!(clock.move_number(), 1, "Black is playing move 1");
        clock.press(B, s(101)).unwrap();
        assert_eq!(clock.move_number(), 2);
        assert_eq!(clock.completed(W), 1);
        assert_eq!(clock.completed(B), 1);
    }

    #[test]
    fn the_period_changes_when_move_40_is_completed() {
        let mut clock = clock("40/5400+30:1800+30");
        clock.start(s(0)).unwrap();
        let mut now = s(0);
        for _ in 0..39 {
            now += s(60);
            clock.press(W, now).unwrap();
            now += s(10);
            clock.press(B, now).unwrap();
        }
        // White: 5430 + 39 × (30 − 60) = 4260.
        assert_eq!(clock.remaining(W, now), s(4260));
        now += s(60);
        let events = clock.press(W, now).unwrap();
        assert!(events.contains(&Timed {
            at: now,
            event: ClockEvent::ControlReached {
                side: W,
                added: s(1800)
            }
        }));
        // The unused time is carried over (6.3.2): 4260 − 60 + 1800 + 30.
        assert_eq!(clock.remaining(W, now), s(4260 - 60 + 1800 + 30));
        assert_eq!(clock.completed(W), 40);
        // Black reaches it with its own 40th move, not before.
        now += s(5);
        let events = clock.press(B, now).unwrap();
        assert!(
            events
                .iter()
                .any(|e| matches!(e.event, ClockEvent::ControlReached { side: B, .. }))
        );
        // Move 41 has no period change.
        now += s(5);
        let events = clock.press(W, now).unwrap();
        assert!(
            !events
                .iter()
                .any(|e| matches!(e.event, ClockEvent::ControlReached { .. }))
        );
    }

    #[test]
    fn increment_from_move_41_only_is_credited_with_the_period() {
        let mut clock = clock("40/5400:1800+30");
        assert_eq!(clock.remaining(W, s(0)), s(5400));
        clock.start(s(0)).unwrap();
        clock.set_move_number(40, s(0)).unwrap();
        clock.press(W, s(100)).unwrap();
        assert_eq!(clock.remaining(W, s(100)), s(5400 - 100 + 1800 + 30));
    }

    #[test]
    fn a_last_period_with_moves_repeats() {
        let mut clock = clock("2/60:1/30");
        clock.start(s(0)).unwrap();
        let mut now = s(0);
        let mut reached = 0;
        for _ in 0..4 {
            now += s(1);
            reached += clock
                .press(W, now)
                .unwrap()
                .iter()
                .filter(|e| matches!(e.event, ClockEvent::ControlReached { .. }))
                .count();
            now += s(1);
            clock.press(B, now).unwrap();
        }
        // After moves 2, 3 and 4.
        assert_eq!(reached, 3);
        assert_eq!(clock.remaining(W, now), s(60 - 4 + 3 * 30));
    }

    #[test]
    fn the_flag_falls_at_the_exact_moment() {
        let mut clock = clock("5");
        clock.start(ms(1000)).unwrap();
        assert_eq!(clock.flag_due(), Some(ms(6000)));
        assert!(clock.advance(ms(5999)).is_empty());
        assert_eq!(clock.remaining(W, ms(5999)), ms(1));
        let events = clock.advance(ms(9000));
        assert_eq!(
            events,
            vec![Timed {
                at: ms(6000),
                event: ClockEvent::Flag {
                    side: W,
                    first: true
                }
            }]
        );
        assert_eq!(clock.remaining(W, ms(9000)), Duration::ZERO);
        assert_eq!(clock.flag(W), Some(ms(6000)));
        assert_eq!(clock.first_flag(), Some(W));
        assert!(clock.advance(ms(10_000)).is_empty(), "a flag falls once");
        assert_eq!(clock.flag_due(), None);
    }

    #[test]
    fn both_flags_in_order_and_nothing_added_after_a_flag() {
        let mut clock = clock("10+5");
        clock.start(s(0)).unwrap();
        // White thinks 20 s: the flag fell at 15 (10 + 5 for move 1).
        let events = clock.press(W, s(20)).unwrap();
        assert_eq!(
            events[0],
            Timed {
                at: s(15),
                event: ClockEvent::Flag {
                    side: W,
                    first: true
                }
            }
        );
        assert_eq!(
            clock.remaining(W, s(20)),
            Duration::ZERO,
            "no increment after the flag"
        );
        // Black lets its clock run out too.
        let events = clock.advance(s(60));
        assert_eq!(
            events,
            vec![Timed {
                at: s(35),
                event: ClockEvent::Flag {
                    side: B,
                    first: false
                }
            }]
        );
        assert_eq!(clock.first_flag(), Some(W));
        // The flagged sides can still press; the counter goes on.
        clock.press(B, s(61)).unwrap();
        assert_eq!(clock.move_number(), 2);
        assert_eq!(clock.remaining(W, s(70)), Duration::ZERO);
    }

    #[test]
    fn a_flag_falls_in_the_press_that_comes_too_late() {
        let mut clock = clock("5");
        clock.start(s(0)).unwrap();
        let events = clock.press(W, s(5)).unwrap();
        assert_eq!(
            events[0].event,
            ClockEvent::Flag {
                side: W,
                first: true
            }
        );
    }

    #[test]
    fn the_time_used_counts_only_while_a_sides_clock_runs() {
        let control = TimeControl::parse("5400+30").unwrap();
        let mut clock = Clock::new(control, ClockOptions::default());
        let s = Duration::from_secs;
        clock.start(s(0)).unwrap();
        clock.press(Color::White, s(20)).unwrap();
        clock.press(Color::Black, s(50)).unwrap();
        clock.pause(s(60)).unwrap();
        clock.resume(s(100)).unwrap();
        assert_eq!(clock.time_used(Color::White, s(105)), s(35));
        assert_eq!(clock.time_used(Color::Black, s(105)), s(30));
    }

    #[test]
    fn pause_and_resume_stop_the_time() {
        let mut clock = clock("300");
        clock.start(s(0)).unwrap();
        clock.pause(s(10)).unwrap();
        assert!(clock.is_paused());
        assert_eq!(clock.running(), None);
        assert_eq!(clock.remaining(W, s(500)), s(290));
        assert_eq!(clock.flag_due(), None);
        assert_eq!(clock.press(W, s(20)), Err(ClockError::Paused));
        assert_eq!(clock.pause(s(20)), Err(ClockError::Paused));
        clock.resume(s(600)).unwrap();
        assert_eq!(clock.remaining(W, s(610)), s(280));
        assert_eq!(clock.flag_due(), Some(s(600 + 290)));
        assert_eq!(clock.resume(s(610)), Err(ClockError::NotPaused));
    }

    #[test]
    fn a_pause_keeps_what_is_left_of_the_delay_and_of_the_bronstein_time() {
        let mut delay = clock("60d10");
        delay.start(s(0)).unwrap();
        delay.pause(s(4)).unwrap();
        delay.resume(s(100)).unwrap();
        assert_eq!(delay.remaining(W, s(106)), s(60), "4 + 6 s of delay used");
        assert_eq!(delay.remaining(W, s(108)), s(58));

        let mut bronstein = clock("60b10");
        bronstein.start(s(0)).unwrap();
        bronstein.pause(s(4)).unwrap();
        bronstein.resume(s(100)).unwrap();
        bronstein.press(W, s(103)).unwrap();
        assert_eq!(
            bronstein.remaining(W, s(103)),
            s(60),
            "7 s used in two parts, all given back"
        );
    }

    #[test]
    fn refusals_change_nothing() {
        let mut clock = clock("300");
        assert_eq!(clock.press(W, s(1)), Err(ClockError::NotStarted));
        assert_eq!(clock.pause(s(1)), Err(ClockError::NotStarted));
        assert_eq!(clock.resume(s(1)), Err(ClockError::NotStarted));
        clock.start(s(1)).unwrap();
        assert_eq!(clock.start(s(2)), Err(ClockError::AlreadyStarted));
        assert_eq!(clock.press(B, s(2)), Err(ClockError::OtherSideRunning(W)));
        assert_eq!(
            clock.set_move_number(0, s(2)),
            Err(ClockError::BadMoveNumber)
        );
        assert_eq!(clock.remaining(W, s(2)), s(299));
        assert_eq!(clock.running(), Some(W));
        assert_eq!(
            ClockError::OtherSideRunning(W).to_string(),
            "White is to move: the other side's clock is not running"
        );
    }

    #[test]
    fn adjustments_add_take_and_set_time() {
        let mut clock = clock("300");
        clock.start(s(0)).unwrap();
        clock.press(W, s(10)).unwrap();
        // 7.5.3: Black's illegal move gives White two minutes.
        let events = clock.adjust(W, Adjust::Add(s(120)), s(20));
        assert_eq!(
            events,
            vec![Timed {
                at: s(20),
                event: ClockEvent::Adjusted {
                    side: W,
                    change: Adjust::Add(s(120)),
                    left: s(410)
                }
            }]
        );
        let _ = clock.adjust(B, Adjust::Take(s(30)), s(20));
        assert_eq!(clock.remaining(B, s(20)), s(300 - 10 - 30));
        let _ = clock.adjust(B, Adjust::Set(s(100)), s(30));
        assert_eq!(clock.remaining(B, s(30)), s(100));
        assert_eq!(clock.flag_due(), Some(s(130)));
    }

    #[test]
    fn taking_all_the_time_drops_the_flag_and_giving_time_raises_it() {
        let mut clock = clock("300");
        clock.start(s(0)).unwrap();
        let events = clock.adjust(B, Adjust::Take(s(1000)), s(5));
        assert_eq!(
            events[1].event,
            ClockEvent::Flag {
                side: B,
                first: true
            }
        );
        assert_eq!(clock.first_flag(), Some(B));
        let _ = clock.adjust(B, Adjust::Add(s(60)), s(6));
        assert_eq!(clock.flag(B), None);
        assert_eq!(clock.first_flag(), None);
        assert_eq!(clock.remaining(B, s(7)), s(60));
    }

    #[test]
    fn the_move_counter_can_be_set_and_moves_the_period() {
        let mut clock = clock("40/5400:1800");
        clock.start(s(0)).unwrap();
        clock.press(W, s(1)).unwrap();
        clock.set_move_number(40, s(2)).unwrap();
        assert_eq!(clock.move_number(), 40);
        assert_eq!(clock.completed(W), 40);
        clock.press(B, s(3)).unwrap();
        assert_eq!(clock.remaining(B, s(3)), s(5400 - 2 + 1800));
        assert_eq!(clock.move_number(), 41);
    }

    #[test]
    fn a_sandglass_gives_the_time_used_to_the_other_side() {
        let mut clock = clock("*180");
        clock.start(s(0)).unwrap();
        assert_eq!(clock.remaining(W, s(30)), s(150));
        assert_eq!(clock.remaining(B, s(30)), s(210));
        clock.press(W, s(30)).unwrap();
        clock.press(B, s(100)).unwrap();
        assert_eq!(clock.remaining(W, s(100)), s(220));
        assert_eq!(clock.remaining(B, s(100)), s(140));
        assert_eq!(clock.flag_due(), Some(s(320)));
        let events = clock.advance(s(400));
        assert_eq!(
            events[0],
            Timed {
                at: s(320),
                event: ClockEvent::Flag {
                    side: W,
                    first: true
                }
            }
        );
        assert_eq!(
            clock.remaining(B, s(400)),
            s(360),
            "all the time, and no more"
        );
    }

    #[test]
    fn untimed_and_unknown_count_the_time_used() {
        for control in ["-", "?"] {
            let mut clock = clock(control);
            clock.start(s(0)).unwrap();
            clock.press(W, s(30)).unwrap();
            assert_eq!(clock.remaining(W, s(100)), s(30));
            assert_eq!(clock.remaining(B, s(100)), s(70));
            assert_eq!(clock.flag_due(), None);
            assert!(clock.advance(s(1_000_000)).is_empty());
        }
    }

    #[test]
    fn time_never_goes_back() {
        let mut clock = clock("300");
        clock.start(s(10)).unwrap();
        clock.press(W, s(5)).unwrap();
        assert_eq!(clock.remaining(W, s(10)), s(300));
    }
}
