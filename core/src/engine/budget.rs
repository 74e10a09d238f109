//! How long the engine thinks about a move: a share of its own clock, as a player spends
//! his. The time left is spread over the moves to the next time control (or, in the last
//! period, over the moves a game still lasts, taken as [`MOVES_HORIZON`]); most of the
//! increment or delay of each move is spent too, since it comes back; and whatever the share,
//! the engine never thinks so long that its flag could fall (a reserve stays on its clock).
//! Without a running clock (no control, or a clock that counts up) it thinks a fixed
//! [`UNTIMED_THINK`].

use std::time::Duration;

use shakmaty::Color;

use crate::clock::{Bonus, Clock, TimeControl};

/// The moves a game is taken to last still, when the period has no move count.
pub const MOVES_HORIZON: u32 = 30;
/// The thinking time without a clock that runs down.
pub const UNTIMED_THINK: Duration = Duration::from_millis(2000);
/// What stays on the engine's clock at least: its reply, the announcement and the clock's
/// press take a few milliseconds (docs/benchmarks.md), and a tenth of the time left is kept
/// besides when that is more.
pub const RESERVE: Duration = Duration::from_millis(200);
/// The shortest think asked for, when there is time for it.
pub const SHORTEST_THINK: Duration = Duration::from_millis(20);

/// What the engine's own clock says when it is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThinkClock {
    /// Its time left (with this move's increment already credited, Art. 6.3).
    pub remaining: Duration,
    /// The increment or delay of this move.
    pub bonus: Bonus,
    /// The moves it still has to make before the next time control (this one included);
    /// `None` in a period for the rest of the game.
    pub moves_to_go: Option<u32>,
}

impl ThinkClock {
    /// `side`'s clock at `now`, or `None` when it does not run down (no control, `?`, `-`).
    /// A sandglass is read as a clock without increment for the rest of the game.
    pub fn of(clock: &Clock, side: Color, now: Duration) -> Option<ThinkClock> {
        let remaining = clock.remaining(side, now);
        match clock.control() {
            TimeControl::Unknown | TimeControl::Untimed => None,
            TimeControl::Sandglass(_) => Some(ThinkClock {
                remaining,
                bonus: Bonus::None,
                moves_to_go: None,
            }),
            TimeControl::Periods(periods) => {
                let number = clock.completed(side) + 1;
                let (index, _) = clock.control().period_of_move(number)?;
                let period = periods[index];
                let moves_to_go = period.moves.map(|moves| {
                    // The move that ends the period: the periods before it and this one's
                    // count (past the last counted period, it repeats).
                    let before: u32 = periods[..index].iter().filter_map(|p| p.moves).sum();
                    let into = (number - 1).saturating_sub(before) % moves.max(1);
                    moves.max(1) - into
                });
                Some(ThinkClock {
                    remaining,
                    bonus: period.bonus,
                    moves_to_go,
                })
            }
        }
    }
}

/// How long the engine thinks about its move with this clock (`None`: no clock running
/// down).
pub fn think_time(clock: Option<&ThinkClock>) -> Duration {
    let Some(clock) = clock else {
        return UNTIMED_THINK;
    };
    // Time the main clock does not lose: a simple delay is free; Bronstein's gives back what
    // was used, up to the delay; a Fischer increment is already in `remaining`.
    let (free, returned) = match clock.bonus {
        Bonus::None => (Duration::ZERO, Duration::ZERO),
        Bonus::Increment(increment) => (Duration::ZERO, increment),
        Bonus::Bronstein(delay) => (Duration::ZERO, delay),
        Bonus::Delay(delay) => (delay, Duration::ZERO),
    };
    let available = clock.remaining + free;
    let reserve = RESERVE.max(available / 10);
    let most = available.saturating_sub(reserve);
    let moves = clock.moves_to_go.unwrap_or(MOVES_HORIZON).max(1);
    let share = clock.remaining / moves + (returned * 3) / 4 + free;
    share
        .max(SHORTEST_THINK)
        .min(most)
        .max(Duration::from_millis(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{ClockOptions, Period};

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn think(remaining: u64, bonus: Bonus, moves_to_go: Option<u32>) -> Duration {
        think_time(Some(&ThinkClock {
            remaining: secs(remaining),
            bonus,
            moves_to_go,
        }))
    }

    #[test]
    fn a_share_of_the_time_left_and_most_of_the_increment() {
        // 90 minutes for 40 moves: 5400 s / 40 + 3/4 of 30 s.
        assert_eq!(
            think(5400, Bonus::Increment(secs(30)), Some(40)),
            Duration::from_millis(135_000 + 22_500)
        );
        // Sudden death: over thirty moves.
        assert_eq!(think(300, Bonus::None, None), secs(10));
        assert_eq!(
            think(180, Bonus::Increment(secs(2)), None),
            secs(6) + secs(3) / 2
        );
        // A simple delay is thought in full, the main time not touched.
        assert_eq!(think(60, Bonus::Delay(secs(5)), None), secs(2) + secs(5));
    }

    #[test]
    fn never_so_long_that_the_flag_could_fall() {
        // The last move before the control: everything but the reserve.
        assert_eq!(think(100, Bonus::None, Some(1)), secs(90));
        for remaining_ms in [0u64, 1, 5, 50, 150, 199, 200, 250, 900, 3_000, 60_000] {
            for bonus in [
                Bonus::None,
                Bonus::Increment(secs(30)),
                Bonus::Bronstein(secs(10)),
                Bonus::Delay(Duration::from_millis(100)),
            ] {
                for moves in [Some(1), Some(2), Some(40), None] {
                    let clock = ThinkClock {
                        remaining: Duration::from_millis(remaining_ms),
                        bonus,
                        moves_to_go: moves,
                    };
                    let free = match bonus {
                        Bonus::Delay(d) => d,
                        _ => Duration::ZERO,
                    };
                    let t = think_time(Some(&clock));
                    assert!(t >= Duration::from_millis(1));
                    if clock.remaining + free > RESERVE {
                        assert!(
                            t < clock.remaining + free,
                            "{clock:?} thinks {t:?}: the flag would fall"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn without_a_clock_running_down_a_fixed_time() {
        assert_eq!(think_time(None), UNTIMED_THINK);
        let clock = Clock::new(TimeControl::Untimed, ClockOptions::default());
        assert_eq!(ThinkClock::of(&clock, Color::White, Duration::ZERO), None);
    }

    #[test]
    fn the_clock_tells_the_moves_to_the_next_control() {
        let control = TimeControl::parse("40/90m+30s:30m+30s").unwrap();
        let clock = Clock::new(control, ClockOptions::default());
        let at_start = ThinkClock::of(&clock, Color::Black, Duration::ZERO).unwrap();
        assert_eq!(at_start.moves_to_go, Some(40));
        assert_eq!(at_start.bonus, Bonus::Increment(secs(30)));
        assert_eq!(at_start.remaining, secs(90 * 60 + 30));
        let repeating = TimeControl::Periods(vec![Period {
            moves: Some(20),
            time: secs(600),
            bonus: Bonus::None,
        }]);
        let clock = Clock::new(repeating, ClockOptions::default());
        assert_eq!(
            ThinkClock::of(&clock, Color::White, Duration::ZERO)
                .unwrap()
                .moves_to_go,
            Some(20)
        );
    }
}
