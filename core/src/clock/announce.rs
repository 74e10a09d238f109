//! What the clock says, as tokens: times in words with their rounding, queries, warnings,
//! the time control reached, flags, pauses and the arbiter's changes.
//!
//! Rounding of a time said aloud (see `docs/clock.md`): from `seconds_below` (default ten
//! minutes) on, hours and minutes, the seconds dropped (1:12:45 is "eine Stunde zwölf
//! Minuten": never more than there is); below it, minutes and seconds, rounded up to the whole
//! second, so that "null Sekunden" is said only when the flag has fallen, as a clock shows it.
//! The two meet without a jump: 10:00.4 and 9:59.6 are both "zehn Minuten".

use std::time::Duration;

use shakmaty::Color;

use super::state::{Adjust, ClockError};
use crate::words::{Token, Word};

/// The time said at and above [`DEFAULT_SECONDS_BELOW`] is rounded down to the minute.
pub const DEFAULT_SECONDS_BELOW: Duration = Duration::from_secs(10 * 60);

/// A time in words, rounded as the module says.
pub fn time_tokens(time: Duration, seconds_below: Duration) -> Vec<Token> {
    let mut out = Vec::with_capacity(3);
    if time < seconds_below {
        let whole = time.as_secs() + u64::from(time.subsec_nanos() > 0);
        let (hours, minutes, seconds) = (whole / 3600, whole % 3600 / 60, whole % 60);
        if hours > 0 {
            out.push(Token::Hours(hours as u32));
        }
        if minutes > 0 {
            out.push(Token::Minutes(minutes as u32));
        }
        if seconds > 0 || whole < 60 {
            out.push(Token::Seconds(seconds as u32));
        }
    } else {
        let minutes = time.as_secs() / 60;
        let (hours, minutes) = (minutes / 60, minutes % 60);
        if hours > 0 {
            out.push(Token::Hours(hours as u32));
        }
        if minutes > 0 || hours == 0 {
            out.push(Token::Minutes(minutes as u32));
        }
    }
    out
}

/// One side's time: "Weiß eine Stunde zwölf Minuten", "Weiß Zeit abgelaufen" once its flag
/// has fallen, "Weiß zwölf Minuten verbraucht" when the clock counts the time used.
pub fn side_time(
    side: Color,
    time: Duration,
    flagged: bool,
    counts_up: bool,
    seconds_below: Duration,
) -> Vec<Token> {
    let mut out = vec![Token::Side(side)];
    if flagged {
        out.push(Token::Word(Word::FlagFell));
        return out;
    }
    out.extend(time_tokens(time, seconds_below));
    if counts_up {
        out.push(Token::Word(Word::Used));
    }
    out
}

/// "Zug dreiundzwanzig".
pub fn move_number(number: u32) -> Vec<Token> {
    vec![Token::Word(Word::Move), Token::Number(number)]
}

/// The moves each player has completed (D.2.10.4): "beendete Züge, Weiß zwei, Schwarz eins".
pub fn moves_completed(white: u32, black: u32) -> Vec<Token> {
    vec![
        Token::Word(Word::MovesCompleted),
        Token::Pause,
        Token::Side(Color::White),
        Token::Number(white),
        Token::Pause,
        Token::Side(Color::Black),
        Token::Number(black),
    ]
}

/// A warning at a threshold: "Weiß fünf Minuten übrig".
pub fn warning(side: Color, left: Duration, seconds_below: Duration) -> Vec<Token> {
    let mut out = vec![Token::Side(side)];
    out.extend(time_tokens(left, seconds_below));
    out.push(Token::Word(Word::Remaining));
    out
}

/// A scheduled announcement of one's own time: "Weiß eine Stunde zwanzig Minuten".
pub fn scheduled(side: Color, left: Duration, seconds_below: Duration) -> Vec<Token> {
    side_time(side, left, false, false, seconds_below)
}

/// "Weiß Zeitkontrolle erreicht, Zeit dazu dreißig Minuten".
pub fn control_reached(side: Color, added: Duration, seconds_below: Duration) -> Vec<Token> {
    let mut out = vec![
        Token::Side(side),
        Token::Word(Word::TimeControlReached),
        Token::Pause,
        Token::Word(Word::TimeAdded),
    ];
    out.extend(time_tokens(added, seconds_below));
    out
}

/// "Weiß Zeit abgelaufen"; for the second flag also "beide Zeiten abgelaufen, Schwarz zuerst".
pub fn flag(side: Color, first: Option<Color>) -> Vec<Token> {
    let mut out = vec![Token::Side(side), Token::Word(Word::FlagFell)];
    if let Some(first) = first.filter(|first| *first != side) {
        out.extend([
            Token::Pause,
            Token::Word(Word::BothFlags),
            Token::Pause,
            Token::Side(first),
            Token::Word(Word::First),
        ]);
    }
    out
}

/// The arbiter's change: "Schwarz Zeit dazu zwei Minuten, zweiundzwanzig Minuten übrig",
/// "Weiß Zeit abgezogen dreißig Sekunden, …"; a time set: "Weiß zwanzig Minuten".
pub fn adjusted(
    side: Color,
    change: Adjust,
    left: Duration,
    seconds_below: Duration,
) -> Vec<Token> {
    let mut out = vec![Token::Side(side)];
    let amount = match change {
        Adjust::Add(amount) => {
            out.push(Token::Word(Word::TimeAdded));
            amount
        }
        Adjust::Take(amount) => {
            out.push(Token::Word(Word::TimeTaken));
            amount
        }
        Adjust::Set(_) => {
            out.extend(time_tokens(left, seconds_below));
            return out;
        }
    };
    // The amount is said exactly: an arbiter adds 2 minutes or 30 seconds, not "about".
    out.extend(time_tokens(amount, Duration::MAX));
    out.push(Token::Pause);
    out.extend(time_tokens(left, seconds_below));
    out.push(Token::Word(Word::Remaining));
    out
}

impl ClockError {
    /// The refusal in words: "Uhr steht", "Uhr angehalten", "Weiß am Zug".
    pub fn tokens(self) -> Vec<Token> {
        match self {
            ClockError::NotStarted => vec![Token::Word(Word::ClockNotRunning)],
            ClockError::AlreadyStarted | ClockError::NotPaused => {
                vec![Token::Word(Word::ClockStarted)]
            }
            ClockError::Paused => vec![Token::Word(Word::ClockPaused)],
            ClockError::OtherSideRunning(side) => {
                vec![Token::Side(side), Token::Word(Word::ToMove)]
            }
            ClockError::BadMoveNumber => vec![Token::Word(Word::Error), Token::Word(Word::Move)],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    fn say(lang: Lang, tokens: &[Token]) -> String {
        lang.text(tokens)
    }

    fn t(h: u64, m: u64, s: u64) -> Duration {
        Duration::from_secs(h * 3600 + m * 60 + s)
    }

    #[test]
    fn times_are_said_in_words_and_rounded() {
        let below = DEFAULT_SECONDS_BELOW;
        let de = |d| say(Lang::De, &time_tokens(d, below));
        let en = |d| say(Lang::En, &time_tokens(d, below));
        assert_eq!(de(t(1, 12, 45)), "eine Stunde zwölf Minuten");
        assert_eq!(en(t(1, 12, 45)), "one hour twelve minutes");
        assert_eq!(de(t(2, 0, 30)), "zwei Stunden");
        assert_eq!(de(t(0, 58, 30)), "achtundfünfzig Minuten");
        assert_eq!(de(t(0, 10, 0)), "zehn Minuten");
        assert_eq!(de(t(0, 10, 0) + Duration::from_millis(400)), "zehn Minuten");
        assert_eq!(de(t(0, 10, 0) - Duration::from_millis(400)), "zehn Minuten");
        assert_eq!(
            de(t(0, 9, 59) - Duration::from_millis(400)),
            "neun Minuten neunundfünfzig Sekunden"
        );
        assert_eq!(en(t(0, 5, 0)), "five minutes");
        assert_eq!(en(t(0, 1, 1)), "one minute one second");
        assert_eq!(de(t(0, 1, 1)), "eine Minute eine Sekunde");
        assert_eq!(de(t(0, 0, 30)), "dreißig Sekunden");
        assert_eq!(de(Duration::from_millis(300)), "eine Sekunde");
        assert_eq!(de(Duration::ZERO), "null Sekunden");
        assert_eq!(en(Duration::ZERO), "zero seconds");
        // With seconds said below one hour, the example of the task reads as it should.
        assert_eq!(
            say(Lang::De, &time_tokens(t(0, 58, 30), t(1, 0, 0))),
            "achtundfünfzig Minuten dreißig Sekunden"
        );
    }

    #[test]
    fn never_says_a_clock_face() {
        for seconds in (0..4 * 3600).step_by(7) {
            let text = say(
                Lang::En,
                &time_tokens(Duration::from_secs(seconds), DEFAULT_SECONDS_BELOW),
            );
            assert!(
                !text.contains(':') && !text.chars().any(|c| c.is_ascii_digit()),
                "{text}"
            );
        }
    }
}
