//! Replay: a script of timed clock inputs turned into JSON lines, for tests and for an arbiter
//! reconstructing the times of a game (6.10, 6.13, D.2.9). Pure: text in, lines out.
//!
//! Each line of the script is `<milliseconds since start> <event>`; blank lines and lines
//! starting with `#` are skipped. Events: `start`, `press` (the running side presses),
//! `pause`, `resume`, `add white|black <seconds>` (negative takes time), `query` (both times
//! and the move). Extensions: `press white|black`, `query white|black|both|move`,
//! `set white|black <seconds>`, `penalty white|black` (7.5.3: the offender's opponent gets two
//! minutes), `moves <n>` (the move counter).
//!
//! After each event one line `{"t_ms":…,"white_ms":…,"black_ms":…,"move":…,"running":…,
//! "flag":…}`; before it one line `{"t_ms":…,"say":"…"}` for each announcement, stamped with
//! the moment it fell due (warnings between two events at their exact time). The whole script
//! is checked and played before anything is printed, so a bad line gives only its error.

use std::fmt;
use std::time::Duration;

use shakmaty::Color;

use super::control::TimeControl;
use super::schedule::AnnounceConfig;
use super::state::{Adjust, ClockOptions};
use super::talking::{ClockInput, Query, Snapshot, TalkingClock};
use crate::lang::Lang;

/// A line of a replay script that cannot be read or done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError {
    /// The line number, from 1.
    pub line: usize,
    /// The text of the line.
    pub text: String,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "replay line {} (\"{}\"): {}",
            self.line, self.text, self.problem
        )
    }
}

impl std::error::Error for ScriptError {}

/// One timed input of a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScriptStep {
    /// Its line number, from 1.
    pub line: usize,
    /// When it happens, since the start.
    pub at: Duration,
    /// What happens.
    pub input: ClockInput,
}

const EVENTS: &str = "start, press, pause, resume, add white|black <seconds>, query \
                      (or set, penalty, moves; see docs/clock.md)";

/// Reads a script; the first bad line is an error.
pub fn parse_script(script: &str) -> Result<Vec<ScriptStep>, ScriptError> {
    let mut steps = Vec::new();
    let mut previous = Duration::ZERO;
    for (index, raw) in script.lines().enumerate() {
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let line = index + 1;
        let error = |problem: String| ScriptError {
            line,
            text: text.to_string(),
            problem,
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        let at = words[0].parse::<u64>().map(Duration::from_millis).map_err(|_| {
            error(format!("\"{}\" is not a time: give whole milliseconds since the start, e.g. \"12000 press\"", words[0]))
        })?;
        if at < previous {
            return Err(error(format!(
                "the time {} ms is before the line above ({} ms): lines go in time order",
                at.as_millis(),
                previous.as_millis()
            )));
        }
        previous = at;
        let input = parse_event(&words[1..]).map_err(error)?;
        steps.push(ScriptStep { line, at, input });
    }
    Ok(steps)
}

fn parse_event(words: &[&str]) -> Result<ClockInput, String> {
    let side = |word: Option<&&str>, example: &str| -> Result<Color, String> {
        match word.map(|w| w.to_ascii_lowercase()).as_deref() {
            Some("white") | Some("w") => Ok(Color::White),
            Some("black") | Some("b") => Ok(Color::Black),
            Some(other) => Err(format!(
                "\"{other}\" is not a side: white or black, e.g. \"{example}\""
            )),
            None => Err(format!(
                "a side is missing: white or black, e.g. \"{example}\""
            )),
        }
    };
    let no_more = |count: usize, example: &str| -> Result<(), String> {
        match words.get(count) {
            Some(extra) => Err(format!("\"{extra}\" is too much here, e.g. \"{example}\"")),
            None => Ok(()),
        }
    };
    let Some(event) = words.first() else {
        return Err(format!("the event is missing after the time: {EVENTS}"));
    };
    match event.to_ascii_lowercase().as_str() {
        "start" => no_more(1, "0 start").map(|_| ClockInput::Start),
        "pause" => no_more(1, "60000 pause").map(|_| ClockInput::Pause),
        "resume" => no_more(1, "90000 resume").map(|_| ClockInput::Resume),
        "press" if words.len() == 1 => Ok(ClockInput::Press(None)),
        "press" => {
            let side = side(words.get(1), "12000 press white")?;
            no_more(2, "12000 press white").map(|_| ClockInput::Press(Some(side)))
        }
        "query" => {
            let query = match words.get(1).map(|w| w.to_ascii_lowercase()).as_deref() {
                None => Query::All,
                Some("white") => Query::Side(Color::White),
                Some("black") => Query::Side(Color::Black),
                Some("both") => Query::Both,
                Some("move") => Query::MoveNumber,
                Some(other) => {
                    return Err(format!(
                        "\"{other}\" cannot be asked: white, black, both or move, e.g. \"5000 query\""
                    ));
                }
            };
            no_more(if words.len() > 1 { 2 } else { 1 }, "5000 query")
                .map(|_| ClockInput::Query(query))
        }
        "add" | "set" => {
            let example = if *event == "add" {
                "30000 add white -30"
            } else {
                "30000 set black 600"
            };
            let side = side(words.get(1), example)?;
            let amount = words
                .get(2)
                .ok_or_else(|| format!("the seconds are missing, e.g. \"{example}\""))?;
            let (negative, millis) = seconds_to_millis(amount).ok_or_else(|| {
                format!("\"{amount}\" is not a number of seconds, e.g. \"{example}\"")
            })?;
            no_more(3, example)?;
            let amount = Duration::from_millis(millis);
            let change = match (*event == "add", negative) {
                (true, false) => Adjust::Add(amount),
                (true, true) => Adjust::Take(amount),
                (false, false) => Adjust::Set(amount),
                (false, true) => {
                    return Err(format!(
                        "a time cannot be set below zero, e.g. \"{example}\""
                    ));
                }
            };
            Ok(ClockInput::Adjust { side, change })
        }
        "penalty" => {
            let offender = side(words.get(1), "40000 penalty black")?;
            no_more(2, "40000 penalty black").map(|_| ClockInput::Penalty { offender })
        }
        "moves" => {
            let number = words
                .get(1)
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|n| *n > 0)
                .ok_or_else(|| {
                    "the move counter needs a move number from 1, e.g. \"0 moves 40\"".to_string()
                })?;
            no_more(2, "0 moves 40").map(|_| ClockInput::SetMoveNumber(number))
        }
        other => Err(format!("\"{other}\" is not an event: {EVENTS}")),
    }
}

/// `-30`, `+120`, `1.5`, `0.250` → (negative, milliseconds); at most three decimals.
fn seconds_to_millis(text: &str) -> Option<(bool, u64)> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty()
        || !all_digits(whole)
        || !all_digits(fraction)
        || fraction.len() > 3
    {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let fraction: u64 = format!("{fraction:0<3}").parse().ok()?;
    Some((negative, whole.checked_mul(1000)?.checked_add(fraction)?))
}

#[derive(serde::Serialize)]
struct StateLine {
    t_ms: u64,
    white_ms: u64,
    black_ms: u64,
    #[serde(rename = "move")]
    move_number: u32,
    running: &'static str,
    flag: Option<&'static str>,
}

#[derive(serde::Serialize)]
struct SayLine<'a> {
    t_ms: u64,
    say: &'a str,
}

fn millis(d: Duration) -> u64 {
    d.as_millis() as u64
}

fn side_word(side: Color) -> &'static str {
    side.fold_wb("white", "black")
}

/// The JSON state line of a snapshot.
pub fn state_line(at: Duration, snapshot: &Snapshot) -> String {
    serde_json::to_string(&StateLine {
        t_ms: millis(at),
        white_ms: millis(snapshot.white),
        black_ms: millis(snapshot.black),
        move_number: snapshot.move_number,
        running: snapshot.running.map_or("none", side_word),
        flag: snapshot.flag.map(side_word),
    })
    .expect("a state line is always JSON")
}

/// Plays a whole script on a new clock and returns the output lines; the first line that is
/// bad or cannot be done (a press before the start, a resume while running) is an error, and
/// then no line is returned.
pub fn run_script(
    control: TimeControl,
    options: ClockOptions,
    config: AnnounceConfig,
    lang: Lang,
    script: &str,
) -> Result<Vec<String>, ScriptError> {
    let steps = parse_script(script)?;
    let mut clock = TalkingClock::new(control, options, config);
    let mut lines = Vec::new();
    let lines_of_script: Vec<&str> = script.lines().collect();
    for step in steps {
        let announcements = clock.handle(step.input, step.at).map_err(|e| ScriptError {
            line: step.line,
            text: lines_of_script[step.line - 1].trim().to_string(),
            problem: format!("cannot be done now: {e}"),
        })?;
        for announcement in announcements {
            let say = lang.text(&announcement.tokens);
            let line = SayLine {
                t_ms: millis(announcement.at),
                say: &say,
            };
            lines.push(serde_json::to_string(&line).expect("a say line is always JSON"));
        }
        lines.push(state_line(step.at, &clock.snapshot(step.at)));
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(control: &str, script: &str) -> Result<Vec<String>, ScriptError> {
        run_script(
            TimeControl::parse(control).unwrap(),
            ClockOptions::default(),
            AnnounceConfig::default(),
            Lang::En,
            script,
        )
    }

    #[test]
    fn plays_a_script_and_says_what_fell_due_between_events() {
        let lines = replay("70", "0 start\n5000 press\n# Black thinks\n\n20000 query\n").unwrap();
        assert_eq!(
            lines,
            vec![
                r#"{"t_ms":0,"say":"clock running"}"#,
                r#"{"t_ms":0,"white_ms":70000,"black_ms":70000,"move":1,"running":"white","flag":null}"#,
                r#"{"t_ms":5000,"white_ms":65000,"black_ms":70000,"move":1,"running":"black","flag":null}"#,
                r#"{"t_ms":15000,"say":"Black one minute left"}"#,
                r#"{"t_ms":20000,"say":"White one minute five seconds, Black fifty-five seconds, move one"}"#,
                r#"{"t_ms":20000,"white_ms":65000,"black_ms":55000,"move":1,"running":"black","flag":null}"#,
            ]
        );
    }

    #[test]
    fn adds_and_takes_time_with_decimals() {
        let lines = replay("300", "0 add white -30.5\n0 add black +1.25\n").unwrap();
        assert!(lines[1].contains(r#""white_ms":269500"#), "{lines:?}");
        assert!(lines[3].contains(r#""black_ms":301250"#), "{lines:?}");
    }

    #[test]
    fn a_bad_line_is_named_with_its_number() {
        let cases = [
            ("0 start\nabc press\n", 2, "is not a time"),
            ("0 start\n100 jump\n", 2, "\"jump\" is not an event"),
            ("0 start\n100\n", 2, "the event is missing"),
            ("0 start\n100 add green 5\n", 2, "\"green\" is not a side"),
            ("0 start\n100 add white\n", 2, "the seconds are missing"),
            (
                "0 start\n100 add white 1,5\n",
                2,
                "is not a number of seconds",
            ),
            ("0 start\n100 press now\n", 2, "\"now\" is not a side"),
            ("0 start\n100 start again\n", 2, "is too much here"),
            ("0 start\n100 press\n50 press\n", 3, "before the line above"),
            ("0 start\n100 moves 0\n", 2, "move number from 1"),
            ("0 start\n100 set white -5\n", 2, "below zero"),
            ("0 start\n100 query time\n", 2, "cannot be asked"),
            (
                "# a comment\n\n100 press\n",
                3,
                "cannot be done now: the clock has not been started",
            ),
            (
                "0 start\n10 resume\n",
                2,
                "cannot be done now: the clock is not paused",
            ),
            (
                "0 start\n10 press black\n",
                2,
                "cannot be done now: White is to move",
            ),
        ];
        for (script, line, problem) in cases {
            let error = replay("300", script).unwrap_err();
            assert_eq!(error.line, line, "{script:?}: {error}");
            assert!(error.to_string().contains(problem), "{script:?}: {error}");
        }
    }

    #[test]
    fn reads_seconds() {
        assert_eq!(seconds_to_millis("30"), Some((false, 30_000)));
        assert_eq!(seconds_to_millis("-30"), Some((true, 30_000)));
        assert_eq!(seconds_to_millis("0.5"), Some((false, 500)));
        assert_eq!(seconds_to_millis(".25"), Some((false, 250)));
        assert_eq!(seconds_to_millis("1.2345"), None);
        assert_eq!(seconds_to_millis("-"), None);
        assert_eq!(seconds_to_millis("1e3"), None);
    }
}
