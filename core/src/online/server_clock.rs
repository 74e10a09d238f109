//! The clocks of an online game are the server's: each state gives both times (`wtime`,
//! `btime`) and increments (`winc`, `binc`); kept with the moment they were read, they tell
//! the time left at any later moment (the side to move losing what passed since, once
//! lichess runs the clocks: after each side's first move).

use std::time::Duration;

use shakmaty::{ByColor, Color};

use crate::clock::announce::side_time;
use crate::words::Token;

use super::wire::GameState;

/// Both clocks as the server last gave them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServerClock {
    /// The time each side had left when read.
    pub left: ByColor<Duration>,
    /// Each side's increment.
    pub increment: ByColor<Duration>,
    /// When they were read (the program's time).
    pub read_at: Duration,
    /// The side whose clock runs, if one does.
    pub running: Option<Color>,
}

impl ServerClock {
    /// The clocks of `state`, read at `now`; `turn` is the side to move after `plies`
    /// half-moves. lichess starts the clocks once both sides have moved.
    pub fn of_state(state: &GameState, plies: usize, turn: Color, now: Duration) -> ServerClock {
        let running = (plies >= 2 && !state.status.is_over()).then_some(turn);
        ServerClock {
            left: ByColor {
                white: state.wtime,
                black: state.btime,
            },
            increment: ByColor {
                white: state.winc,
                black: state.binc,
            },
            read_at: now,
            running,
        }
    }

    /// The time `side` has left at `now`.
    pub fn remaining(&self, side: Color, now: Duration) -> Duration {
        let left = *self.left.get(side);
        if self.running == Some(side) {
            left.saturating_sub(now.saturating_sub(self.read_at))
        } else {
            left
        }
    }

    /// Both times in words, White first: "Weiß vierzehn Minuten, Schwarz fünfzehn Minuten";
    /// seconds are said below `seconds_below` (the clock's setting, `docs/clock.md`).
    pub fn tokens(&self, now: Duration, seconds_below: Duration) -> Vec<Token> {
        let mut out = Vec::with_capacity(8);
        for side in [Color::White, Color::Black] {
            if !out.is_empty() {
                out.push(Token::Pause);
            }
            let left = self.remaining(side, now);
            out.extend(side_time(side, left, left.is_zero(), false, seconds_below));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::announce::DEFAULT_SECONDS_BELOW;
    use crate::lang::Lang;
    use crate::online::wire::Status;

    fn state(wtime: u64, btime: u64) -> GameState {
        GameState {
            moves: String::new(),
            wtime: Duration::from_millis(wtime),
            btime: Duration::from_millis(btime),
            winc: Duration::from_secs(10),
            binc: Duration::from_secs(10),
            status: Status::Started,
            winner: None,
            wdraw: false,
            bdraw: false,
            wtakeback: false,
            btakeback: false,
            expiration: None,
        }
    }

    #[test]
    fn the_side_to_move_loses_the_time_since_the_reading() {
        let read = Duration::from_secs(100);
        let clock = ServerClock::of_state(&state(600_000, 500_000), 4, Color::White, read);
        let later = read + Duration::from_secs(30);
        assert_eq!(
            clock.remaining(Color::White, later),
            Duration::from_secs(570)
        );
        assert_eq!(
            clock.remaining(Color::Black, later),
            Duration::from_secs(500)
        );
        assert_eq!(
            clock.remaining(Color::White, read + Duration::from_secs(900)),
            Duration::ZERO
        );
        assert_eq!(
            Lang::De.text(&clock.tokens(later, DEFAULT_SECONDS_BELOW)),
            "Weiß neun Minuten dreißig Sekunden, Schwarz acht Minuten zwanzig Sekunden"
        );
    }

    #[test]
    fn no_clock_runs_before_both_sides_moved() {
        let clock =
            ServerClock::of_state(&state(600_000, 600_000), 1, Color::Black, Duration::ZERO);
        assert_eq!(clock.running, None);
        assert_eq!(
            clock.remaining(Color::Black, Duration::from_secs(60)),
            Duration::from_secs(600)
        );
    }
}
