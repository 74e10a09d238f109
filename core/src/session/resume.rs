//! A session rebuilt from its journal: the game replayed entry by entry through the same code
//! that played it, the clock set to the times last recorded, and the move made but not yet
//! completed (its clock not pressed) still open to be taken back or completed.

use std::time::Duration;

use shakmaty::{ByColor, Color, Position};

use crate::clock::TalkingClock;
use crate::record::{Entry, JournalContents, ReplayError, replay};

use super::{Session, SessionOptions};

/// A game rebuilt from its journal, and the game time at which it goes on.
#[derive(Debug)]
pub struct Resumed {
    /// The session, ready to go on.
    pub session: Session,
    /// The time of the last journal entry: the session's clock goes on from there.
    pub at: Duration,
}

/// Rebuilds the session of a journal. `clock` is a fresh clock for the game's time control
/// (none for a game without one); it is set to the times last recorded and left stopped until
/// the arbiter or a player starts it again, since the time between the last record and the
/// interruption is not known.
pub fn resume(
    contents: &JournalContents,
    clock: Option<TalkingClock>,
    options: SessionOptions,
) -> Result<Resumed, ReplayError> {
    let sheet = replay(contents)?;
    let entries: Vec<&Entry> = contents.entries.iter().map(|l| &l.entry).collect();
    let at = contents
        .entries
        .iter()
        .filter_map(|l| l.at_ms)
        .max()
        .map(Duration::from_millis)
        .unwrap_or_default();
    let first_to_move = sheet
        .game()
        .position_at(0)
        .map_or(Color::White, |start| start.turn());
    let mut clock = clock;
    if let Some(clock) = &mut clock {
        let recorded = recorded_clock(clock, &entries);
        let to_move = if recorded.completed.is_multiple_of(2) {
            first_to_move
        } else {
            !first_to_move
        };
        let number = (i64::from(recorded.completed / 2 + 1) + recorded.counter_offset).max(1);
        clock.restore(recorded.left, to_move, number as u32, at);
    }
    let has_clock = clock.is_some();
    let mut session = Session::new(sheet, clock, options);
    // The clock goes on when someone presses it (the greeting says so).
    session.resumed_paused = session
        .clock
        .as_ref()
        .is_some_and(|c| c.clock().is_started() && c.clock().is_paused());
    // A move journaled without a press after it is made but not completed.
    let last = entries
        .iter()
        .rev()
        .find(|e| matches!(e, Entry::Move(_) | Entry::Press(_) | Entry::Undo(_)));
    if has_clock && matches!(last, Some(Entry::Move(_))) && !session.game().is_over() {
        session.uncompleted = Some(!session.game().turn());
    }
    // Tournament mode: a matter put to the arbiter and not yet ruled on is before him still.
    session.referral = super::tournament::open_referral(entries.iter().copied());
    if session.referral.is_some() {
        // The clocks stay stopped until the arbiter rules ("Schiedsrichter weiter", 6.11).
        session.resumed_paused = false;
    }
    Ok(Resumed { session, at })
}

/// The times and the completed moves as last recorded.
struct RecordedClock {
    left: ByColor<Duration>,
    /// Half-moves completed (clock pressed).
    completed: u32,
    /// How far the arbiter set the move counter from the moves completed (6.10.2).
    counter_offset: i64,
}

/// Reads the journal's clock: the times of the last press, then every adjustment after it
/// (a change, or a time set); before the first press, the clock's starting times. A move
/// taken back is no longer completed; the arbiter's move counter is kept.
fn recorded_clock(clock: &TalkingClock, entries: &[&Entry]) -> RecordedClock {
    let start = clock.snapshot(Duration::ZERO);
    let mut left = ByColor {
        white: start.white,
        black: start.black,
    };
    let mut made: u32 = 0;
    let mut completed: u32 = 0;
    let mut counter_offset: i64 = 0;
    for entry in entries {
        match entry {
            Entry::Move(_) => made += 1,
            Entry::Undo(_) => {
                made = made.saturating_sub(1);
                completed = completed.min(made);
            }
            Entry::Press(press) => {
                completed = made;
                for (side, ms) in [
                    (Color::White, press.white_ms),
                    (Color::Black, press.black_ms),
                ] {
                    if let Some(ms) = ms {
                        *left.get_mut(side) = Duration::from_millis(ms);
                    }
                }
            }
            Entry::ClockAdjustment(adjustment) => {
                let slot = left.get_mut(adjustment.side);
                let amount = Duration::from_millis(adjustment.delta_ms.unsigned_abs());
                *slot = match adjustment.set_ms {
                    Some(set) => Duration::from_millis(set),
                    None if adjustment.delta_ms >= 0 => *slot + amount,
                    None => slot.saturating_sub(amount),
                };
            }
            Entry::MoveCounter(counter) => {
                counter_offset = i64::from(counter.number) - i64::from(completed / 2 + 1);
            }
            _ => {}
        }
    }
    RecordedClock {
        left,
        completed,
        counter_offset,
    }
}
