//! When the clock speaks on its own: warnings at thresholds of the time left (default 10, 5, 2
//! and 1 minutes, 30 s, then every 10 s) and, if chosen, one's own time every N minutes.
//!
//! Each is a *mark*: a value of the time left. A mark is said when the running side's time
//! goes down through it during its turn, at the exact moment the time equals it. At the start
//! of each turn (and after the arbiter changes the time) only marks strictly below the time
//! then left count, so a time that starts exactly on a mark is not announced, and a side that
//! hovers around a mark with an increment hears it in each turn in which it crosses it.

use std::time::Duration;

use super::announce::DEFAULT_SECONDS_BELOW;

/// What the clock says by itself, and how it rounds times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnounceConfig {
    /// Thresholds of the time left that are announced as warnings.
    pub warnings: Vec<Duration>,
    /// The countdown: a warning at every multiple of this (default 10 s) below
    /// [`AnnounceConfig::countdown_below`].
    pub final_every: Option<Duration>,
    /// Where the countdown starts: below this time left; `None`: below the lowest warning.
    pub countdown_below: Option<Duration>,
    /// Announce one's own time at every multiple of this (e.g. ten minutes); off by default.
    pub every: Option<Duration>,
    /// Times at or above this are said in hours and minutes, below it with seconds.
    pub seconds_below: Duration,
    /// Say the time left of the side that pressed, after each press.
    pub after_press: bool,
}

impl Default for AnnounceConfig {
    fn default() -> Self {
        let minutes = |m: u64| Duration::from_secs(m * 60);
        AnnounceConfig {
            warnings: vec![
                minutes(10),
                minutes(5),
                minutes(2),
                minutes(1),
                Duration::from_secs(30),
            ],
            final_every: Some(Duration::from_secs(10)),
            countdown_below: None,
            every: None,
            seconds_below: DEFAULT_SECONDS_BELOW,
            after_press: false,
        }
    }
}

/// The kind of a mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// A threshold of [`AnnounceConfig::warnings`] or a step of `final_every` below them.
    Warning,
    /// A multiple of [`AnnounceConfig::every`].
    Scheduled,
}

impl AnnounceConfig {
    /// The highest mark strictly below `ceiling` (and above zero), if any.
    pub fn next_mark(&self, ceiling: Duration) -> Option<(Duration, MarkKind)> {
        let below = |limit: Duration, step: Duration| -> Option<Duration> {
            if step.is_zero() || limit.is_zero() {
                return None;
            }
            let k = (limit.as_nanos() - 1) / step.as_nanos();
            (k > 0).then(|| Duration::from_nanos((k * step.as_nanos()) as u64))
        };
        let warning = self
            .warnings
            .iter()
            .copied()
            .filter(|w| *w < ceiling && !w.is_zero())
            .max();
        let lowest = self
            .countdown_below
            .or_else(|| self.warnings.iter().copied().min());
        let last_steps = match (self.final_every, lowest) {
            (Some(step), Some(lowest)) => below(ceiling.min(lowest), step),
            _ => None,
        };
        let warning = warning.max(last_steps);
        let scheduled = self.every.and_then(|step| below(ceiling, step));
        match (warning, scheduled) {
            (Some(w), Some(s)) if s > w => Some((s, MarkKind::Scheduled)),
            (Some(w), _) => Some((w, MarkKind::Warning)),
            (None, Some(s)) => Some((s, MarkKind::Scheduled)),
            (None, None) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(seconds: u64) -> Duration {
        Duration::from_secs(seconds)
    }

    fn marks(config: &AnnounceConfig, from: Duration) -> Vec<(u64, MarkKind)> {
        let mut out = Vec::new();
        let mut ceiling = from;
        while let Some((mark, kind)) = config.next_mark(ceiling) {
            out.push((mark.as_secs(), kind));
            ceiling = mark;
        }
        out
    }

    #[test]
    fn default_warnings_then_every_ten_seconds() {
        use MarkKind::Warning;
        let config = AnnounceConfig::default();
        assert_eq!(
            marks(&config, s(900)),
            vec![
                (600, Warning),
                (300, Warning),
                (120, Warning),
                (60, Warning),
                (30, Warning),
                (20, Warning),
                (10, Warning)
            ]
        );
        assert_eq!(
            marks(&config, s(600)).first(),
            Some(&(300, Warning)),
            "strictly below"
        );
        assert_eq!(marks(&config, s(25)), vec![(20, Warning), (10, Warning)]);
        assert_eq!(marks(&config, s(5)), vec![]);
    }

    #[test]
    fn a_schedule_every_n_minutes_merges_with_the_warnings() {
        use MarkKind::{Scheduled, Warning};
        let config = AnnounceConfig {
            every: Some(s(600)),
            ..AnnounceConfig::default()
        };
        assert_eq!(
            marks(&config, s(1830)),
            vec![
                (1800, Scheduled),
                (1200, Scheduled),
                (600, Warning),
                (300, Warning),
                (120, Warning),
                (60, Warning),
                (30, Warning),
                (20, Warning),
                (10, Warning)
            ]
        );
    }

    #[test]
    fn configurable_and_can_be_silent() {
        let config = AnnounceConfig {
            warnings: vec![],
            final_every: Some(s(10)),
            ..AnnounceConfig::default()
        };
        assert_eq!(marks(&config, s(100)), vec![]);
        let config = AnnounceConfig {
            warnings: vec![s(90)],
            final_every: Some(s(30)),
            ..AnnounceConfig::default()
        };
        assert_eq!(
            marks(&config, s(100)),
            vec![
                (90, MarkKind::Warning),
                (60, MarkKind::Warning),
                (30, MarkKind::Warning)
            ]
        );
    }

    #[test]
    fn the_countdown_starts_where_it_is_set_not_only_below_the_lowest_warning() {
        use MarkKind::Warning;
        let config = AnnounceConfig {
            warnings: vec![s(300), s(60)],
            countdown_below: Some(s(30)),
            ..AnnounceConfig::default()
        };
        assert_eq!(
            marks(&config, s(400)),
            vec![(300, Warning), (60, Warning), (20, Warning), (10, Warning)]
        );
        let earlier = AnnounceConfig {
            countdown_below: Some(s(50)),
            ..config
        };
        assert_eq!(
            marks(&earlier, s(400)),
            vec![
                (300, Warning),
                (60, Warning),
                (40, Warning),
                (30, Warning),
                (20, Warning),
                (10, Warning)
            ]
        );
    }
}
