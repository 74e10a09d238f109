//! The talking clock: the clock state machine together with what it says. Inputs
//! ([`ClockInput`]) come from any source (keys, a board's clock key, a foot switch, a replay
//! file, the session) with the time they happened; out come [`Announcement`]s made of tokens,
//! each stamped with the exact moment it fell due. Pure, like the clock under it.

use std::time::Duration;

use shakmaty::{ByColor, Color};

use super::announce;
use super::control::TimeControl;
use super::schedule::{AnnounceConfig, MarkKind};
use super::state::{Adjust, Clock, ClockError, ClockEvent, ClockOptions, Timed};
use crate::speech::Priority;
use crate::words::{Token, Word};

const CHECKED: &str = "checked by TalkingClock::check before";

/// The time 7.5.3 gives the opponent for a first illegal move.
pub const PENALTY: Duration = Duration::from_secs(120);

/// Something asked of the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockInput {
    /// Start White's clock (6.6).
    Start,
    /// The side (or, with `None`, whoever's clock runs) completes its move. Strict: refused
    /// before the start. For reconstructions and the session.
    Press(Option<Color>),
    /// A clock button, as on a real clock: before the start any button starts White's clock;
    /// afterwards the same as [`ClockInput::Press`]. For keys, a board's clock key, a switch.
    Button(Option<Color>),
    /// The arbiter stops the clocks (6.11).
    Pause,
    /// The arbiter starts them again.
    Resume,
    /// Pause when running, resume when paused (one key for both).
    TogglePause,
    /// The arbiter changes a side's time.
    Adjust {
        /// Whose time.
        side: Color,
        /// The change.
        change: Adjust,
    },
    /// 7.5.3: a first illegal move by `offender`: two minutes for the opponent.
    Penalty {
        /// Who made the illegal move.
        offender: Color,
    },
    /// The arbiter sets the move counter to the move now being played.
    SetMoveNumber(u32),
    /// A question; answered at once.
    Query(Query),
}

/// What can be asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Query {
    /// One side's time.
    Side(Color),
    /// Both times.
    Both,
    /// The move number.
    MoveNumber,
    /// Both times and the move number.
    All,
    /// The time each side has used, and the moves completed (D.2.10.4).
    Used,
}

/// Why something is said (for priorities and the record).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnnouncementKind {
    /// The clock was started.
    Started,
    /// The time left after a press (when asked for in the settings).
    AfterPress,
    /// The period's moves were completed; time was added.
    ControlReached,
    /// A flag fell.
    Flag,
    /// The clocks were stopped.
    Paused,
    /// The clocks were started again.
    Resumed,
    /// The arbiter changed a time or the move counter.
    Adjusted,
    /// A warning at a threshold of the time left.
    Warning,
    /// One's own time on the chosen schedule.
    Scheduled,
    /// The answer to a query.
    Answer,
    /// An input that could not be done (nothing changed).
    Refused,
}

impl AnnouncementKind {
    /// How urgently it is said: warnings and a flag interrupt, answers and scheduled times
    /// are readings that anything newer may cut short, the rest are short replies.
    pub fn priority(self) -> Priority {
        match self {
            AnnouncementKind::Warning | AnnouncementKind::Flag => Priority::Alert,
            AnnouncementKind::Answer | AnnouncementKind::Scheduled => Priority::Reading,
            AnnouncementKind::Started
            | AnnouncementKind::AfterPress
            | AnnouncementKind::ControlReached
            | AnnouncementKind::Paused
            | AnnouncementKind::Resumed
            | AnnouncementKind::Adjusted
            | AnnouncementKind::Refused => Priority::Reply,
        }
    }
}

/// Something to say, made of tokens, and the exact moment it fell due.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    /// When it fell due, since the start.
    pub at: Duration,
    /// Why it is said.
    pub kind: AnnouncementKind,
    /// What is said.
    pub tokens: Vec<Token>,
}

/// The clock's state at one moment, for display and replay output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Snapshot {
    /// White's time left (time used for `?` and `-`).
    pub white: Duration,
    /// Black's time left.
    pub black: Duration,
    /// The move being played.
    pub move_number: u32,
    /// Whose clock runs (none before the start and while paused).
    pub running: Option<Color>,
    /// Whose flag fell first.
    pub flag: Option<Color>,
}

/// A clock that says the time.
#[derive(Debug, Clone)]
pub struct TalkingClock {
    clock: Clock,
    config: AnnounceConfig,
    /// Per side, marks strictly below this are still to be said in the current turn.
    ceilings: ByColor<Duration>,
}

impl TalkingClock {
    /// A talking clock set for `control`, not started.
    pub fn new(control: TimeControl, options: ClockOptions, config: AnnounceConfig) -> Self {
        let clock = Clock::new(control, options);
        let ceilings = ByColor {
            white: clock.remaining(Color::White, Duration::ZERO),
            black: clock.remaining(Color::Black, Duration::ZERO),
        };
        TalkingClock {
            clock,
            config,
            ceilings,
        }
    }

    /// Sets the clock to a point recorded earlier, paused at `now` (see [`Clock::restore`]);
    /// nothing of what it would have said before is said.
    pub fn restore(
        &mut self,
        left: ByColor<Duration>,
        to_move: Color,
        move_number: u32,
        now: Duration,
    ) {
        self.clock.restore(left, to_move, move_number, now);
        self.ceilings = ByColor {
            white: self.clock.remaining(Color::White, now),
            black: self.clock.remaining(Color::Black, now),
        };
    }

    /// The clock under it (times, counter, flags).
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// What it says by itself.
    pub fn config(&self) -> &AnnounceConfig {
        &self.config
    }

    /// The clock read at `now`, with how it goes on (for a screen).
    pub fn reading(&self, now: Duration) -> super::ClockReading {
        self.clock.reading(now)
    }

    /// The state at `now`.
    pub fn snapshot(&self, now: Duration) -> Snapshot {
        Snapshot {
            white: self.clock.remaining(Color::White, now),
            black: self.clock.remaining(Color::Black, now),
            move_number: self.clock.move_number(),
            running: self.clock.running(),
            flag: self.clock.first_flag(),
        }
    }

    /// The next mark of the running side and when it falls due.
    fn next_mark(&self) -> Option<(Duration, Duration, MarkKind, Color)> {
        let side = self.clock.running()?;
        let (mark, kind) = self.config.next_mark(*self.ceilings.get(side))?;
        let due = self.clock.when_left(side, mark)?;
        Some((due, mark, kind, side))
    }

    /// The next moment something falls due (a warning, a scheduled announcement, a flag):
    /// sleep until then. `None`: nothing will happen until the next input.
    pub fn next_deadline(&self) -> Option<Duration> {
        let mark = self.next_mark().map(|(due, ..)| due);
        match (mark, self.clock.flag_due()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Everything that fell due up to `now`, in order, each stamped with its exact moment.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn poll(&mut self, now: Duration) -> Vec<Announcement> {
        let mut out = Vec::new();
        loop {
            let flag_due = self.clock.flag_due();
            match self.next_mark() {
                Some((due, mark, kind, side)) if due <= now && flag_due.is_none_or(|f| due < f) => {
                    let below = self.config.seconds_below;
                    let tokens = match kind {
                        MarkKind::Warning => announce::warning(side, mark, below),
                        MarkKind::Scheduled => announce::scheduled(side, mark, below),
                    };
                    let kind = match kind {
                        MarkKind::Warning => AnnouncementKind::Warning,
                        MarkKind::Scheduled => AnnouncementKind::Scheduled,
                    };
                    out.push(Announcement {
                        at: due,
                        kind,
                        tokens,
                    });
                    *self.ceilings.get_mut(side) = mark;
                }
                _ if flag_due.is_some_and(|f| f <= now) => {
                    let events = self.clock.advance(now);
                    self.say_events(events, &mut out);
                }
                _ => break,
            }
        }
        out
    }

    /// Checks that `input` can be done now, changing nothing.
    pub fn check(&self, input: ClockInput) -> Result<(), ClockError> {
        let clock = &self.clock;
        match input {
            ClockInput::Start => clock.can_start(),
            ClockInput::Press(side) => clock.can_press(side.unwrap_or(clock.side_to_move())),
            ClockInput::Button(side) if clock.is_started() => {
                clock.can_press(side.unwrap_or(clock.side_to_move()))
            }
            ClockInput::Button(_) => clock.can_start(),
            ClockInput::Pause => clock.can_pause(),
            ClockInput::Resume => clock.can_resume(),
            ClockInput::TogglePause if clock.is_paused() => clock.can_resume(),
            ClockInput::TogglePause => clock.can_pause(),
            ClockInput::SetMoveNumber(0) => Err(ClockError::BadMoveNumber),
            ClockInput::Adjust { .. }
            | ClockInput::Penalty { .. }
            | ClockInput::SetMoveNumber(_)
            | ClockInput::Query(_) => Ok(()),
        }
    }

    /// Does `input` at `now`: first what fell due before it, then its own announcements. A
    /// refused input changes nothing (and reports nothing that fell due: poll for that).
    pub fn handle(
        &mut self,
        input: ClockInput,
        now: Duration,
    ) -> Result<Vec<Announcement>, ClockError> {
        self.check(input)?;
        let mut out = self.poll(now);
        match input {
            ClockInput::Start => {
                let events = self.clock.start(now).expect(CHECKED);
                self.say_events(events, &mut out);
            }
            ClockInput::Button(_) if !self.clock.is_started() => {
                let events = self.clock.start(now).expect(CHECKED);
                self.say_events(events, &mut out);
            }
            ClockInput::Press(side) | ClockInput::Button(side) => {
                let side = side.unwrap_or(self.clock.side_to_move());
                let events = self.clock.press(side, now).expect(CHECKED);
                self.say_events(events, &mut out);
                let other = side.other();
                *self.ceilings.get_mut(other) = self.clock.remaining(other, now);
            }
            ClockInput::Pause => {
                let events = self.clock.pause(now).expect(CHECKED);
                self.say_events(events, &mut out);
            }
            ClockInput::Resume => {
                let events = self.clock.resume(now).expect(CHECKED);
                self.say_events(events, &mut out);
            }
            ClockInput::TogglePause => {
                let input = if self.clock.is_paused() {
                    ClockInput::Resume
                } else {
                    ClockInput::Pause
                };
                return Ok([out, self.handle(input, now)?].concat());
            }
            ClockInput::Adjust { side, change } => {
                let events = self.clock.adjust(side, change, now);
                self.say_events(events, &mut out);
            }
            ClockInput::Penalty { offender } => {
                let events = self
                    .clock
                    .adjust(offender.other(), Adjust::Add(PENALTY), now);
                let at = out.len();
                self.say_events(events, &mut out);
                if let Some(first) = out.get_mut(at) {
                    first
                        .tokens
                        .splice(0..0, [Token::Word(Word::Penalty), Token::Pause]);
                }
            }
            ClockInput::SetMoveNumber(number) => {
                let events = self.clock.set_move_number(number, now).expect(CHECKED);
                self.say_events(events, &mut out);
            }
            ClockInput::Query(query) => {
                let tokens = self.answer(query, now);
                out.push(Announcement {
                    at: now,
                    kind: AnnouncementKind::Answer,
                    tokens,
                });
            }
        }
        Ok(out)
    }

    /// The answer to a query at `now`, in tokens.
    pub fn answer(&self, query: Query, now: Duration) -> Vec<Token> {
        let side_time = |side: Color| {
            announce::side_time(
                side,
                self.clock.remaining(side, now),
                self.clock.flag(side).is_some(),
                self.clock.counts_up(),
                self.config.seconds_below,
            )
        };
        let both = || {
            let mut out = side_time(Color::White);
            out.push(Token::Pause);
            out.extend(side_time(Color::Black));
            out
        };
        match query {
            Query::Side(side) => side_time(side),
            Query::Both => both(),
            Query::MoveNumber => announce::move_number(self.clock.move_number()),
            Query::All => {
                let mut out = both();
                out.push(Token::Pause);
                out.extend(announce::move_number(self.clock.move_number()));
                out
            }
            Query::Used => {
                // D.2.10.4, "the number of moves completed and the time used by both players":
                // "Weiß verbraucht eine Stunde, Schwarz verbraucht …, beendete Züge, Weiß …"
                let mut out = Vec::new();
                for side in [Color::White, Color::Black] {
                    if side == Color::Black {
                        out.push(Token::Pause);
                    }
                    out.push(Token::Side(side));
                    // "Blanc a utilisé …": not the agreeing "utilisé" of a time counted up.
                    out.push(Token::Word(Word::HasUsed));
                    out.extend(announce::time_tokens(
                        self.clock.time_used(side, now),
                        self.config.seconds_below,
                    ));
                }
                out.push(Token::Pause);
                out.extend(self.moves_completed());
                out
            }
        }
    }

    /// The moves each player has completed (pressed the clock after), in words.
    pub fn moves_completed(&self) -> Vec<Token> {
        announce::moves_completed(
            self.clock.completed(Color::White),
            self.clock.completed(Color::Black),
        )
    }

    fn say_events(&mut self, events: Vec<Timed<ClockEvent>>, out: &mut Vec<Announcement>) {
        let below = self.config.seconds_below;
        for Timed { at, event } in events {
            let (kind, tokens) = match event {
                ClockEvent::Started => (
                    AnnouncementKind::Started,
                    vec![Token::Word(Word::ClockStarted)],
                ),
                ClockEvent::Pressed { side, .. } if self.config.after_press => {
                    let left = self.clock.remaining(side, at);
                    let flagged = self.clock.flag(side).is_some();
                    let tokens =
                        announce::side_time(side, left, flagged, self.clock.counts_up(), below);
                    (AnnouncementKind::AfterPress, tokens)
                }
                ClockEvent::Pressed { .. } => continue,
                ClockEvent::ControlReached { side, added } => (
                    AnnouncementKind::ControlReached,
                    announce::control_reached(side, added, below),
                ),
                ClockEvent::Flag { side, .. } => (
                    AnnouncementKind::Flag,
                    announce::flag(side, self.clock.first_flag()),
                ),
                ClockEvent::Paused => (
                    AnnouncementKind::Paused,
                    vec![Token::Word(Word::ClockPaused)],
                ),
                ClockEvent::Resumed => (
                    AnnouncementKind::Resumed,
                    vec![Token::Word(Word::ClockResumed)],
                ),
                ClockEvent::Adjusted { side, change, left } => {
                    // Marks are counted again from the new time.
                    *self.ceilings.get_mut(side) = left;
                    (
                        AnnouncementKind::Adjusted,
                        announce::adjusted(side, change, left, below),
                    )
                }
                ClockEvent::MoveNumberSet(number) => {
                    (AnnouncementKind::Adjusted, announce::move_number(number))
                }
            };
            out.push(Announcement { at, kind, tokens });
        }
    }
}
