//! An online game's time control as lichess counts it: minutes plus seconds of increment
//! (`15+10`), its speed (lichess's estimate: the start time plus forty increments), and what
//! the Board API allows: seeks of rapid and classical games only, challenges of blitz too, and
//! nothing faster (the API's Board tag, "Restrictions": "Rapid, Classical and Correspondence
//! only. For direct challenges, games vs AI, and bulk pairing, Blitz is also possible").

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::clock::TimeControl;
use crate::words::{Token, Word};

/// A clock: the time each player starts with and the increment after each move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OnlineControl {
    /// Start time.
    pub initial: Duration,
    /// Added after each move.
    pub increment: Duration,
}

/// lichess's speeds, from the estimated length of a game (start time + 40 × increment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Speed {
    /// Under 30 seconds.
    UltraBullet,
    /// Under 3 minutes.
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    /// 25 minutes and more.
    Classical,
}

/// Why a control cannot be used so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ControlRefusal {
    /// Not "minutes+seconds".
    #[error("not a time control: write minutes+seconds, for example 15+10")]
    Unreadable,
    /// Outside what lichess offers (start time and increment).
    #[error("lichess does not offer this time control")]
    NotOffered,
    /// Blitz or faster as a seek: the Board API pairs rapid and classical games only.
    #[error("the Board API seeks rapid and classical games only (blitz only as a challenge)")]
    TooFastToSeek,
    /// Bullet or faster: the Board API plays blitz at the fastest, even in a challenge.
    #[error("the Board API plays blitz at the fastest: no bullet, not even in a challenge")]
    TooFastForBoard,
}

impl ControlRefusal {
    /// The refusal in words.
    pub fn tokens(self) -> Vec<Token> {
        let word = match self {
            ControlRefusal::Unreadable => Word::BadTimeControl,
            ControlRefusal::NotOffered => Word::NotALichessControl,
            ControlRefusal::TooFastToSeek => Word::SeekTooFast,
            ControlRefusal::TooFastForBoard => Word::BulletNotOnBoard,
        };
        vec![Token::Word(word)]
    }
}

/// The longest start time lichess offers (3 hours).
const LONGEST: Duration = Duration::from_secs(180 * 60);
/// The largest increment of a seek (3 minutes).
const SEEK_INCREMENT: Duration = Duration::from_secs(180);
/// The largest increment of a challenge (1 minute).
const CHALLENGE_INCREMENT: Duration = Duration::from_secs(60);

impl OnlineControl {
    /// `minutes`+`seconds`.
    pub fn new(initial: Duration, increment: Duration) -> OnlineControl {
        OnlineControl { initial, increment }
    }

    /// lichess's speed of this control.
    pub fn speed(self) -> Speed {
        let estimate = self.initial.as_secs() + 40 * self.increment.as_secs();
        match estimate {
            0..30 => Speed::UltraBullet,
            30..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }

    /// Whether a seek can ask for it: rapid or classical, within lichess's limits.
    pub fn check_seek(self) -> Result<(), ControlRefusal> {
        if self.initial > LONGEST
            || self.increment > SEEK_INCREMENT
            || self.increment.subsec_nanos() != 0
            || !self.quarter_minutes()
        {
            return Err(ControlRefusal::NotOffered);
        }
        if self.speed() < Speed::Rapid {
            return Err(ControlRefusal::TooFastToSeek);
        }
        Ok(())
    }

    /// Whether a challenge can ask for it: a start time of 0, 15, 30, 45, 60 or 90 seconds or
    /// whole minutes up to three hours, an increment of whole seconds up to one minute
    /// (`POST /api/challenge/{username}`'s `clock.limit` and `clock.increment`), and blitz at
    /// the fastest (the Board API plays no bullet).
    pub fn check_challenge(self) -> Result<(), ControlRefusal> {
        let start = self.initial.as_secs();
        let start_offered = self.initial.subsec_nanos() == 0
            && (matches!(start, 0 | 15 | 30 | 45 | 60 | 90)
                || (start.is_multiple_of(60) && self.initial <= LONGEST));
        if !start_offered
            || self.increment > CHALLENGE_INCREMENT
            || self.increment.subsec_nanos() != 0
            || (start == 0 && self.increment.is_zero())
        {
            return Err(ControlRefusal::NotOffered);
        }
        if self.speed() < Speed::Blitz {
            return Err(ControlRefusal::TooFastForBoard);
        }
        Ok(())
    }

    /// The start time in whole quarter minutes (what a seek's `time` can say).
    fn quarter_minutes(self) -> bool {
        self.initial.subsec_nanos() == 0 && self.initial.as_secs().is_multiple_of(15)
    }

    /// A seek's `time`: minutes, as a decimal number ("15", "0.5", "1.5").
    pub fn seek_minutes(self) -> String {
        let seconds = self.initial.as_secs();
        if seconds.is_multiple_of(60) {
            (seconds / 60).to_string()
        } else {
            let minutes = seconds as f64 / 60.0;
            format!("{minutes}")
        }
    }

    /// The control in words: "fünfzehn Minuten plus zehn Sekunden".
    pub fn tokens(self) -> Vec<Token> {
        let mut out = crate::clock::announce::time_tokens(self.initial, Duration::MAX);
        if self.initial.is_zero() {
            out = vec![Token::Seconds(0)];
        }
        out.extend([
            Token::Word(Word::Plus),
            Token::Seconds(self.increment.as_secs() as u32),
        ]);
        out
    }

    /// The clock of the game's record (Fischer: `900+10`).
    pub fn time_control(self) -> Option<TimeControl> {
        TimeControl::from_pgn(&format!(
            "{}+{}",
            self.initial.as_secs(),
            self.increment.as_secs()
        ))
        .ok()
    }
}

impl fmt::Display for OnlineControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.seek_minutes(), self.increment.as_secs())
    }
}

impl FromStr for OnlineControl {
    type Err = ControlRefusal;

    /// "15+10" (minutes + seconds), "15" (no increment), "0.5+0" or "½+0" (half a minute).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let (minutes, seconds) = text.split_once('+').unwrap_or((text, "0"));
        let minutes = match minutes.trim() {
            "½" => 0.5,
            "¼" => 0.25,
            "¾" => 0.75,
            other => other
                .replace(',', ".")
                .parse::<f64>()
                .map_err(|_| ControlRefusal::Unreadable)?,
        };
        let seconds = seconds
            .trim()
            .parse::<u64>()
            .map_err(|_| ControlRefusal::Unreadable)?;
        if !minutes.is_finite() || !(0.0..=100.0 * 60.0).contains(&minutes) {
            return Err(ControlRefusal::Unreadable);
        }
        let initial = Duration::from_secs_f64(minutes * 60.0);
        // Whole seconds only: lichess counts no fractions.
        let initial = Duration::from_secs(initial.as_secs_f64().round() as u64);
        Ok(OnlineControl::new(initial, Duration::from_secs(seconds)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    fn control(text: &str) -> OnlineControl {
        text.parse().unwrap()
    }

    #[test]
    fn controls_read_as_lichess_writes_them() {
        assert_eq!(
            control("15+10"),
            OnlineControl::new(Duration::from_secs(900), Duration::from_secs(10))
        );
        assert_eq!(control("30").increment, Duration::ZERO);
        assert_eq!(control("½+0").initial, Duration::from_secs(30));
        assert_eq!(control("1.5+2").initial, Duration::from_secs(90));
        assert_eq!(control("1.5+2").seek_minutes(), "1.5");
        assert_eq!(control("15+10").to_string(), "15+10");
        for bad in ["", "x+1", "15+", "15+-1", "-1+0", "15+1.5", "NaN+0"] {
            assert!(bad.parse::<OnlineControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn speeds_follow_lichess_estimate() {
        assert_eq!(control("¼+0").speed(), Speed::UltraBullet);
        assert_eq!(control("1+0").speed(), Speed::Bullet);
        assert_eq!(control("3+2").speed(), Speed::Blitz);
        assert_eq!(control("5+3").speed(), Speed::Blitz);
        assert_eq!(control("8+0").speed(), Speed::Rapid);
        assert_eq!(control("15+10").speed(), Speed::Rapid);
        assert_eq!(control("30+0").speed(), Speed::Classical);
    }

    #[test]
    fn seeks_are_rapid_or_classical_and_challenges_take_lichess_clocks() {
        assert_eq!(control("15+10").check_seek(), Ok(()));
        assert_eq!(control("10+0").check_seek(), Ok(()));
        assert_eq!(
            control("5+0").check_seek(),
            Err(ControlRefusal::TooFastToSeek)
        );
        assert_eq!(
            control("200+0").check_seek(),
            Err(ControlRefusal::NotOffered)
        );
        assert_eq!(control("5+0").check_challenge(), Ok(()));
        assert_eq!(control("3+0").check_challenge(), Ok(()));
        assert_eq!(
            control("15+90").check_challenge(),
            Err(ControlRefusal::NotOffered)
        );
        assert_eq!(
            control("1.25+0").check_challenge(),
            Err(ControlRefusal::NotOffered)
        );
        assert_eq!(
            control("0+0").check_challenge(),
            Err(ControlRefusal::NotOffered)
        );
    }

    /// lichess-org/api, doc/specs/lichess-api.yaml, tag Board, "Restrictions": "Time
    /// controls: Rapid, Classical and Correspondence only. For direct challenges, games vs AI,
    /// and bulk pairing, Blitz is also possible." Bullet and UltraBullet are not, even in a
    /// challenge: refused before anything is sent.
    #[test]
    fn a_challenge_faster_than_blitz_is_refused_as_the_board_api_plays_none() {
        for fast in ["½+0", "¼+0", "1+0", "2+1", "0+1", "1.5+0"] {
            assert_eq!(
                control(fast).check_challenge(),
                Err(ControlRefusal::TooFastForBoard),
                "{fast}"
            );
        }
        // The fastest blitz: 3 minutes (start time plus forty increments).
        assert_eq!(control("3+0").check_challenge(), Ok(()));
        assert_eq!(control("2+3").check_challenge(), Ok(()));
        assert_eq!(
            Lang::En.text(&ControlRefusal::TooFastForBoard.tokens()),
            "the Board API plays blitz at the fastest; bullet is not possible"
        );
    }

    #[test]
    fn a_control_is_said_and_recorded() {
        assert_eq!(
            Lang::De.text(&control("15+10").tokens()),
            "fünfzehn Minuten plus zehn Sekunden"
        );
        assert_eq!(
            Lang::En.text(&control("90+30").tokens()),
            "one hour thirty minutes plus thirty seconds"
        );
        assert_eq!(control("15+10").time_control().unwrap().to_pgn(), "900+10");
    }
}
