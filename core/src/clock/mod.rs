//! The chess clock: time controls, the clock state machine and its announcement schedule.
//!
//! Pure and driven by an injected time (a `Duration` since the start): `control` (time
//! controls), `state` (the clock), `schedule` (when it speaks by itself), `announce`
//! (what it says, as tokens), `talking` (all of it together) and `replay` (a script of
//! timed inputs to JSON lines); `reading` (the clock read at one moment, for a screen). The real-time loop, the terminal and the `annexd clock`
//! command are adapters (`annexd::clock`). See `docs/clock.md`.

pub(crate) mod announce;
pub(crate) mod control;
pub(crate) mod reading;
pub(crate) mod replay;
pub(crate) mod schedule;
pub(crate) mod state;
pub(crate) mod talking;

pub use announce::{move_number, side_time};
pub use control::{Bonus, ControlError, ControlProblem, Period, TimeControl, parse_duration};
pub use reading::{ClockReading, Counting};
pub use replay::{ScriptError, ScriptStep, parse_script, run_script, state_line};
pub use schedule::AnnounceConfig;
pub use state::{Adjust, BronsteinStart, Clock, ClockError, ClockEvent, ClockOptions, Run, Timed};
pub use talking::{Announcement, AnnouncementKind, ClockInput, Query, Snapshot, TalkingClock};
