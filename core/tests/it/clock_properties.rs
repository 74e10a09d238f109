//! Properties of the clock over many random games (proptest): the bookkeeping of every kind of
//! control, and announcements that do not depend on how often the clock is asked.

use std::time::Duration;

use annexd_core::clock::{
    AnnounceConfig, Announcement, Bonus, Clock, ClockInput, ClockOptions, Period, TalkingClock,
    TimeControl,
};
use proptest::prelude::*;
use shakmaty::Color;

fn ms(m: u64) -> Duration {
    Duration::from_millis(m)
}

fn bonus() -> impl Strategy<Value = Bonus> {
    prop_oneof![
        Just(Bonus::None),
        (1u64..120).prop_map(|s| Bonus::Increment(Duration::from_secs(s))),
        (1u64..120).prop_map(|s| Bonus::Bronstein(Duration::from_secs(s))),
        (1u64..120).prop_map(|s| Bonus::Delay(Duration::from_secs(s))),
    ]
}

fn control() -> impl Strategy<Value = TimeControl> {
    let period = (1u32..80, 1u64..20_000, bonus());
    (
        proptest::collection::vec(period, 1..4),
        any::<bool>(),
        1u64..20_000,
        bonus(),
    )
        .prop_map(|(periods, sudden_death_last, last_time, last_bonus)| {
            let mut periods: Vec<Period> = periods
                .into_iter()
                .map(|(moves, time, bonus)| Period {
                    moves: Some(moves),
                    time: Duration::from_secs(time),
                    bonus,
                })
                .collect();
            if sudden_death_last {
                periods.push(Period {
                    moves: None,
                    time: Duration::from_secs(last_time),
                    bonus: last_bonus,
                });
            }
            TimeControl::Periods(periods)
        })
}

/// Plays moves of the given durations (alternately White and Black) on `control` and returns
/// White's time after the last of White's moves and the durations of White's moves.
fn play(control: &str, moves: &[u64]) -> (Duration, Vec<u64>) {
    let mut clock = Clock::new(
        TimeControl::from_pgn(control).unwrap(),
        ClockOptions::default(),
    );
    clock.start(Duration::ZERO).unwrap();
    let mut now = Duration::ZERO;
    let mut white = Vec::new();
    for (i, length) in moves.iter().enumerate() {
        now += ms(*length);
        let side = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        clock.press(side, now).unwrap();
        if side == Color::White {
            white.push(*length);
        }
    }
    (clock.remaining(Color::White, now), white)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn a_control_reads_back_from_its_pgn(control in control()) {
        prop_assert_eq!(TimeControl::from_pgn(&control.to_pgn()).unwrap(), control);
    }

    #[test]
    fn fischer_adds_the_increment_before_each_move(moves in proptest::collection::vec(0u64..60_000, 1..60)) {
        let (left, white) = play("36000+30", &moves);
        let used: u64 = white.iter().sum();
        let expected = 36_000_000 + 30_000 * (white.len() as u64 + 1) - used;
        prop_assert_eq!(left, ms(expected));
    }

    #[test]
    fn a_delay_spares_the_main_time(moves in proptest::collection::vec(0u64..60_000, 1..60)) {
        let (left, white) = play("36000d30", &moves);
        let used: u64 = white.iter().map(|m| m.saturating_sub(30_000)).sum();
        prop_assert_eq!(left, ms(36_000_000 - used));
    }

    #[test]
    fn bronstein_gives_back_at_most_the_delay(moves in proptest::collection::vec(0u64..60_000, 1..60)) {
        let (left, white) = play("36000b30", &moves);
        let used: u64 = white.iter().map(|m| m.saturating_sub(30_000)).sum();
        prop_assert_eq!(left, ms(36_000_000 - used));
    }

    #[test]
    fn a_sandglass_keeps_the_sum(moves in proptest::collection::vec(0u64..100_000, 1..40), probe in 0u64..100_000) {
        let mut clock = Clock::new(TimeControl::from_pgn("*180").unwrap(), ClockOptions::default());
        clock.start(Duration::ZERO).unwrap();
        let mut now = Duration::ZERO;
        for (i, length) in moves.iter().enumerate() {
            now += ms(*length);
            let _ = clock.advance(now);
            let side = if i % 2 == 0 { Color::White } else { Color::Black };
            clock.press(side, now).unwrap();
            let at = now + ms(probe);
            prop_assert_eq!(clock.remaining(Color::White, at) + clock.remaining(Color::Black, at), ms(360_000));
        }
    }

    /// The same game polled every 50 ms or only at each press says exactly the same things
    /// at exactly the same moments: nothing depends on when the loop wakes up.
    #[test]
    fn what_is_said_does_not_depend_on_how_often_the_clock_is_polled(
        moves in proptest::collection::vec(0u64..20_000, 1..30),
        control in prop_oneof![Just("75"), Just("60+2"), Just("60d3"), Just("60b3"), Just("*45"), Just("3/40:30")],
    ) {
        let config = AnnounceConfig { every: Some(Duration::from_secs(15)), ..AnnounceConfig::default() };
        let new = || TalkingClock::new(TimeControl::from_pgn(control).unwrap(), ClockOptions::default(), config.clone());
        let (mut sparse, mut dense) = (new(), new());
        let mut said_sparse: Vec<Announcement> = sparse.handle(ClockInput::Start, Duration::ZERO).unwrap();
        let mut said_dense: Vec<Announcement> = dense.handle(ClockInput::Start, Duration::ZERO).unwrap();
        let mut now = Duration::ZERO;
        for length in &moves {
            let next = now + ms(*length);
            let mut t = now;
            while t < next {
                said_dense.extend(dense.poll(t));
                t += ms(50);
            }
            now = next;
            said_sparse.extend(sparse.handle(ClockInput::Press(None), now).unwrap());
            said_dense.extend(dense.handle(ClockInput::Press(None), now).unwrap());
        }
        let end = now + Duration::from_secs(200);
        said_sparse.extend(sparse.poll(end));
        said_dense.extend(dense.poll(end));
        prop_assert_eq!(&said_sparse, &said_dense);
        prop_assert!(said_sparse.windows(2).all(|w| w[0].at <= w[1].at), "in time order");
        prop_assert_eq!(sparse.next_deadline(), None, "everything due was said");
    }
}
