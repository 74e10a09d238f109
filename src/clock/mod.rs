//! The chess clock: time controls, the clock state machine and its announcement schedule.
//!
//! The core is pure and driven by an injected time (a `Duration` since the start):
//! [`control`] (time controls), [`state`] (the clock), [`schedule`] (when it speaks by
//! itself), [`announce`] (what it says, as tokens), [`talking`] (all of it together) and
//! [`replay`] (a script of timed inputs to JSON lines). The edges do the I/O: [`runner`] (the
//! real-time loop that sleeps until the next deadline), [`terminal`] (keys and lines in a
//! terminal) and [`cli`] (the `annexd clock` command). See `docs/clock.md`.

pub mod announce;
pub mod cli;
pub mod control;
pub mod replay;
pub mod runner;
pub mod schedule;
pub mod state;
pub mod talking;
pub mod terminal;

pub use control::{Bonus, ControlError, Period, TimeControl};
pub use schedule::AnnounceConfig;
pub use state::{Adjust, BronsteinStart, Clock, ClockError, ClockEvent, ClockOptions, Run, Timed};
pub use talking::{Announcement, AnnouncementKind, ClockInput, Query, Snapshot, TalkingClock};
