//! The clock read at one moment, with how each side's time goes on from there: what a screen
//! shows second by second without asking the clock again, and when the next whole second it
//! shows falls (a deadline to wait for, none while the clock stands).

use std::time::Duration;

use shakmaty::Color;

/// How the running side's time changes while it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counting {
    /// Down to zero (every time control with a main time).
    Down,
    /// Up from zero: the clock only counts the time used (`?`, `-`).
    Up,
    /// Down, and the waiting side gains what the running side uses (a sandglass).
    Sandglass,
}

/// The clock's times read at `read_at`; see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockReading {
    /// When it was read, in game time.
    pub read_at: Duration,
    /// White's time then.
    pub white: Duration,
    /// Black's time then.
    pub black: Duration,
    /// The side whose clock runs, if one does (none before the start, while paused, after
    /// the game).
    pub running: Option<Color>,
    /// How the running side's time changes.
    pub counting: Counting,
    /// The running side's simple delay (6.3) not used yet at `read_at`: its time stands
    /// until the delay is used.
    pub delay_left: Duration,
}

impl ClockReading {
    /// White's and Black's time at `now` (not before `read_at`).
    pub fn at(&self, now: Duration) -> (Duration, Duration) {
        let Some(running) = self.running else {
            return (self.white, self.black);
        };
        let ran = now
            .saturating_sub(self.read_at)
            .saturating_sub(self.delay_left);
        let (mut white, mut black) = (self.white, self.black);
        let (mover, waiter) = match running {
            Color::White => (&mut white, &mut black),
            Color::Black => (&mut black, &mut white),
        };
        match self.counting {
            Counting::Up => *mover += ran,
            Counting::Down => *mover = mover.saturating_sub(ran),
            Counting::Sandglass => {
                let used = ran.min(*mover);
                *mover -= used;
                *waiter += used;
            }
        }
        (white, black)
    }

    /// The next moment after `now` at which a time shown in whole seconds changes; `None`
    /// while no clock runs, or when the running time has reached zero.
    pub fn next_change(&self, now: Duration) -> Option<Duration> {
        let running = self.running?;
        let delay_ends = self.read_at + self.delay_left;
        if now < delay_ends {
            return Some(delay_ends + self.next_step(running, delay_ends)?);
        }
        Some(now + self.next_step(running, now)?)
    }

    /// How long after `at` the shown second of the running side (or, for a sandglass, of
    /// either side) changes next.
    fn next_step(&self, running: Color, at: Duration) -> Option<Duration> {
        let (white, black) = self.at(at);
        let mover = match running {
            Color::White => white,
            Color::Black => black,
        };
        let second = Duration::from_secs(1);
        let fraction = |time: Duration| Duration::from_nanos(u64::from(time.subsec_nanos()));
        // Just past the boundary, so that the time read then shows the next second.
        let margin = Duration::from_millis(1);
        match self.counting {
            Counting::Up => Some(second - fraction(mover) + margin),
            Counting::Down | Counting::Sandglass if mover.is_zero() => None,
            Counting::Down => Some(fraction(mover) + margin),
            Counting::Sandglass => {
                let waiter = match running {
                    Color::White => black,
                    Color::Black => white,
                };
                Some(fraction(mover).min(second - fraction(waiter)) + margin)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    fn reading(counting: Counting, delay: f64) -> ClockReading {
        ClockReading {
            read_at: secs(10.0),
            white: secs(100.4),
            black: secs(50.0),
            running: Some(Color::White),
            counting,
            delay_left: secs(delay),
        }
    }

    #[test]
    fn a_running_clock_goes_down_and_says_when_its_next_second_is_shown() {
        let r = reading(Counting::Down, 0.0);
        assert_eq!(r.at(secs(12.0)), (secs(98.4), secs(50.0)));
        // 100.4 shows 100 until 100.0, then 99: 0.4 s after reading.
        let next = r.next_change(secs(10.0)).unwrap();
        assert!(next > secs(10.4) && next < secs(10.41), "{next:?}");
        assert_eq!(r.at(next).0.as_secs(), 99);
        // At zero it stands.
        assert_eq!(r.at(secs(500.0)).0, Duration::ZERO);
        assert_eq!(r.next_change(secs(500.0)), None);
    }

    #[test]
    fn a_stopped_clock_has_no_deadline_and_a_delay_holds_the_time() {
        let stopped = ClockReading {
            running: None,
            ..reading(Counting::Down, 0.0)
        };
        assert_eq!(stopped.next_change(secs(10.0)), None);
        assert_eq!(stopped.at(secs(99.0)), (secs(100.4), secs(50.0)));
        // A simple delay of 5 s: nothing changes before 15 s.
        let delayed = reading(Counting::Down, 5.0);
        assert_eq!(delayed.at(secs(14.0)).0, secs(100.4));
        let next = delayed.next_change(secs(10.0)).unwrap();
        assert!(next > secs(15.4) && next < secs(15.41), "{next:?}");
    }

    #[test]
    fn counting_up_and_a_sandglass_move_both_ways() {
        let up = reading(Counting::Up, 0.0);
        assert_eq!(up.at(secs(11.0)).0, secs(101.4));
        let next = up.next_change(secs(10.0)).unwrap();
        assert!(next > secs(10.6) && next < secs(10.61), "{next:?}");
        let glass = reading(Counting::Sandglass, 0.0);
        assert_eq!(glass.at(secs(11.0)), (secs(99.4), secs(51.0)));
        // White's 100.4 shows 99 after 0.4 s; Black's 50.0 shows 51 after 1 s.
        let next = glass.next_change(secs(10.0)).unwrap();
        assert!(next > secs(10.4) && next < secs(10.41), "{next:?}");
    }
}
