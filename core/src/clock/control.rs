//! Time controls: parsing the PGN `TimeControl` syntax (with documented extensions and the
//! forms people type), rendering back to PGN, and saying a control in words.
//!
//! PGN (seconds everywhere): `?` unknown, `-` no time control, `300` sudden death,
//! `5400+30` with increment, `40/5400:1800` periods, `*180` sandglass.
//! Extensions: an increment, a Bronstein delay `bN` or a simple delay `dN` on any period
//! (`40/5400+30:1800+30`, `5400b30`, `5400d30`); units `h`, `m` (or `'`), `s` (or `"`, or
//! `''`) in typed controls (`90m+30s`, `1h30+30`, `40/90':30'+30"`, `90'+30''`); and `A+B`
//! typed without units with `A` under 180 read as minutes plus seconds (`90+30`, `3+2`), the
//! way people say it.
//!
//! FIDE's controls as people write them are typed controls too: `40/90+30+30` (40 moves in
//! 90 minutes, then 30 minutes for the rest, 30 seconds added from move one), periods
//! separated by commas or semicolons (`40/120,60`, `40/90, 30+30`), `G/90+30` and `SD/30`
//! (game in, sudden death), `G/90;inc30` and `G/90;d5`. In a typed control with a move count
//! or more than one period, a plain time under 180 is minutes (nobody plays 40 moves in 120
//! seconds); a plain number alone stays PGN seconds (`300`).
//!
//! A period with a move count that is the last one repeats (`40/7200:20/3600` gives 20 more
//! moves in another hour after move 60, 80, …); a last period without a move count lasts for
//! the rest of the game. See `docs/clock.md`.

use std::fmt;
use std::time::Duration;

use crate::words::{Token, Word};

/// A typed `A+B` without units reads `A` as minutes when `A` is below this; from it on, as
/// PGN seconds (`180+2` is the three-minute blitz of PGN files, `90+30` is ninety minutes).
pub const FRIENDLY_MINUTES_BELOW: u64 = 180;

/// The longest time a period or a bonus may have (a typo guard, and no overflow).
const LONGEST: Duration = Duration::from_secs(100 * 3600);

/// What a player gets with each move besides the period's time (Art. 6.3 commentary).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Bonus {
    /// Nothing.
    #[default]
    None,
    /// Fischer: the increment is credited before each move (for move 1 before the game
    /// starts) and any part left unused stays on the clock.
    Increment(Duration),
    /// Bronstein: after each move the time used is given back, at most this much.
    Bronstein(Duration),
    /// Simple (US) delay: the main time starts running only after this much of each move.
    Delay(Duration),
}

/// One period of a control: a number of moves (or the rest of the game) in a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// The moves to complete in this period; `None` for the rest of the game.
    pub moves: Option<u32>,
    /// The time given for the period (added to what is left from the period before, 6.3.2).
    pub time: Duration,
    /// The increment or delay for each move made in this period.
    pub bonus: Bonus,
}

/// A whole time control.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// `?`: not known. A clock counts the time each side used, with no limit.
    Unknown,
    /// `-`: no time control. A clock counts the time each side used, with no limit.
    Untimed,
    /// `*N`: a sandglass of N seconds: the time one side uses is given to the other.
    Sandglass(Duration),
    /// One or more periods, in order (never empty; only the last may lack a move count).
    Periods(Vec<Period>),
}

/// A time control that could not be read: the whole input, the part that is wrong, what is
/// wrong with it and an example of a right one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad time control \"{input}\": {problem} (in \"{part}\"); for example {example}. \
     See docs/clock.md"
)]
pub struct ControlError {
    /// The whole input.
    pub input: String,
    /// The part that is wrong.
    pub part: String,
    /// What is wrong with it, to be said in words ([`ControlError::tokens`]).
    pub kind: ControlProblem,
    /// What is wrong with it, in English (for the log).
    pub problem: String,
    /// A right control of the kind that was probably meant.
    pub example: &'static str,
    /// A right control of two periods in the same syntax (typed or PGN).
    pub two_periods: &'static str,
}

/// What is wrong with a time control, as the words of the tables say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ControlProblem {
    /// Nothing was given.
    Empty,
    /// A sandglass with another period.
    SandglassAlone,
    /// A period without a number of moves that is not the last.
    OnlyLastWithoutMoves,
    /// Two colons, or one at an end.
    EmptyPeriod,
    /// The number of moves is not a number.
    NotANumberOfMoves,
    /// A period of zero moves.
    NoMoves,
    /// More than one bonus in a period.
    OneBonusAtMost,
    /// A period of no time.
    NoTime,
    /// More than 100 hours.
    TooLong,
    /// A time is missing (after `+`, or before it).
    TimeMissing,
    /// A number too large to be a time.
    NumberTooLarge,
    /// A PGN time that is not whole seconds.
    NotWholeSeconds,
    /// A letter that is not a unit.
    NotAUnit,
    /// A unit with no number before it.
    UnitWithoutNumber,
}

impl ControlError {
    /// Right controls to show: the one of the kind probably meant, and one of two periods
    /// when that one has one ("90+30, 40/90+30+30").
    pub fn examples(&self) -> String {
        if self.example.contains(':') || self.example.contains(self.two_periods) {
            self.example.to_string()
        } else {
            format!("{}, {}", self.example, self.two_periods)
        }
    }

    /// What is wrong, in words (the input, the part and the example are data).
    pub fn tokens(&self) -> Vec<Token> {
        vec![Token::Word(match self.kind {
            ControlProblem::Empty => Word::ControlEmpty,
            ControlProblem::SandglassAlone => Word::SandglassAlone,
            ControlProblem::OnlyLastWithoutMoves => Word::OnlyLastWithoutMoves,
            ControlProblem::EmptyPeriod => Word::PeriodEmpty,
            ControlProblem::NotANumberOfMoves => Word::NotANumberOfMoves,
            ControlProblem::NoMoves => Word::PeriodNeedsMoves,
            ControlProblem::OneBonusAtMost => Word::OneBonusAtMost,
            ControlProblem::NoTime => Word::PeriodNeedsTime,
            ControlProblem::TooLong => Word::SurelyTypingError,
            ControlProblem::TimeMissing => Word::TimeMissing,
            ControlProblem::NumberTooLarge => Word::NumberTooLarge,
            ControlProblem::NotWholeSeconds => Word::NotWholeSeconds,
            ControlProblem::NotAUnit => Word::NotAUnit,
            ControlProblem::UnitWithoutNumber => Word::UnitWithoutNumber,
        })]
    }
}

impl TimeControl {
    /// Parses a PGN `TimeControl` tag value with the documented extensions (bonus on any
    /// period, `b` and `d` delays). Every number is in seconds, as in PGN files.
    pub fn from_pgn(input: &str) -> Result<Self, ControlError> {
        Parser {
            input,
            units: false,
            minutes: false,
        }
        .control(input.trim())
    }

    /// Parses a control as people type it: everything [`TimeControl::from_pgn`] reads, plus
    /// units (`90m+30s`, `1h30+30`, `40/90':30'+30"`), spaces, `A+B` without units with `A`
    /// under `FRIENDLY_MINUTES_BELOW` read as minutes plus seconds (`90+30`), and FIDE's
    /// written forms (`40/90+30+30`, `40/120,60`, `G/90+30`; see the module documentation).
    pub fn parse(input: &str) -> Result<Self, ControlError> {
        let (compact, game_in) = fide_forms(input);
        let parser = Parser {
            input,
            units: true,
            minutes: false,
        };
        if let Some((minutes, seconds)) = friendly_minutes_plus_seconds(&compact) {
            let time = Duration::from_secs(minutes * 60);
            let increment = Duration::from_secs(seconds);
            parser.check_time(&compact, time)?;
            parser.check_bonus(&compact, increment)?;
            let bonus = if seconds == 0 {
                Bonus::None
            } else {
                Bonus::Increment(increment)
            };
            return Ok(TimeControl::Periods(vec![Period {
                moves: None,
                time,
                bonus,
            }]));
        }
        // A move count, more than one period or "game in": plain times under 180 are
        // minutes.
        let parser = Parser {
            minutes: game_in || compact.contains(['/', ':']),
            ..parser
        };
        parser.control(&compact)
    }

    /// The periods, empty for `?`, `-` and a sandglass.
    pub fn periods(&self) -> &[Period] {
        match self {
            TimeControl::Periods(periods) => periods,
            _ => &[],
        }
    }

    /// True when the clock only counts time used (`?` and `-`).
    pub fn is_count_up(&self) -> bool {
        matches!(self, TimeControl::Unknown | TimeControl::Untimed)
    }

    /// The period in which move `number` (1-based, one side's moves) is played, and whether
    /// that move is the last of its period (completing it reaches the time control).
    /// `None` for controls without periods.
    pub fn period_of_move(&self, number: u32) -> Option<(usize, bool)> {
        let periods = self.periods();
        let number = number.max(1);
        let mut before = 0u32;
        for (index, period) in periods.iter().enumerate() {
            match period.moves {
                None => return Some((index, false)),
                Some(moves) if number <= before.saturating_add(moves) => {
                    return Some((index, number == before + moves));
                }
                Some(moves) => before += moves,
            }
        }
        // Past the last period, which has a move count: it repeats.
        let last = periods.len().checked_sub(1)?;
        let moves = periods[last].moves.unwrap_or(1).max(1);
        let into = (number - before - 1) % moves;
        Some((last, into == moves - 1))
    }

    /// The PGN form, every number in seconds (`40/5400+30:1800+30`).
    pub fn to_pgn(&self) -> String {
        match self {
            TimeControl::Unknown => "?".to_string(),
            TimeControl::Untimed => "-".to_string(),
            TimeControl::Sandglass(time) => format!("*{}", time.as_secs()),
            TimeControl::Periods(periods) => periods
                .iter()
                .map(|period| {
                    let mut text = String::new();
                    if let Some(moves) = period.moves {
                        text.push_str(&format!("{moves}/"));
                    }
                    text.push_str(&period.time.as_secs().to_string());
                    match period.bonus {
                        Bonus::None => {}
                        Bonus::Increment(d) => text.push_str(&format!("+{}", d.as_secs())),
                        Bonus::Bronstein(d) => text.push_str(&format!("b{}", d.as_secs())),
                        Bonus::Delay(d) => text.push_str(&format!("d{}", d.as_secs())),
                    }
                    text
                })
                .collect::<Vec<_>>()
                .join(":"),
        }
    }

    /// The control in words: "vierzig Züge in neunzig Minuten, plus dreißig Sekunden pro
    /// Zug, dann dreißig Minuten für den Rest der Partie, plus dreißig Sekunden pro Zug".
    pub fn tokens(&self) -> Vec<Token> {
        let mut out = Vec::new();
        match self {
            TimeControl::Unknown => out.push(Token::Word(Word::TimeControlUnknown)),
            TimeControl::Untimed => out.push(Token::Word(Word::NoTimeControl)),
            TimeControl::Sandglass(time) => {
                out.push(Token::Word(Word::Sandglass));
                push_control_duration(*time, &mut out);
            }
            TimeControl::Periods(periods) => {
                for (index, period) in periods.iter().enumerate() {
                    if index > 0 {
                        out.push(Token::Pause);
                        out.push(Token::Word(Word::Then));
                    }
                    if let Some(moves) = period.moves {
                        if moves == 1 {
                            out.push(Token::Word(Word::OneMove));
                        } else {
                            out.extend([Token::Number(moves), Token::Word(Word::Moves)]);
                        }
                        out.push(Token::Word(Word::In));
                    }
                    push_control_duration(period.time, &mut out);
                    if period.moves.is_none() && index > 0 {
                        out.push(Token::Word(Word::ForTheRest));
                    }
                    if period.moves.is_some() && index + 1 == periods.len() {
                        out.push(Token::Word(Word::Repeating));
                    }
                    match period.bonus {
                        Bonus::None => {}
                        Bonus::Increment(d) => {
                            out.extend([Token::Pause, Token::Word(Word::Plus)]);
                            push_control_duration(d, &mut out);
                            out.push(Token::Word(Word::PerMove));
                        }
                        Bonus::Bronstein(d) => {
                            out.extend([Token::Pause, Token::Word(Word::Plus)]);
                            push_control_duration(d, &mut out);
                            out.push(Token::Word(Word::Bronstein));
                        }
                        Bonus::Delay(d) => {
                            out.extend([Token::Pause, Token::Word(Word::Delay)]);
                            push_control_duration(d, &mut out);
                        }
                    }
                }
            }
        }
        out
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pgn())
    }
}

impl std::str::FromStr for TimeControl {
    type Err = ControlError;
    /// The typed form, see [`TimeControl::parse`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TimeControl::parse(s)
    }
}

/// A duration of a control, as a chess player says it: whole minutes in minutes
/// ("neunzig Minuten", not "eine Stunde dreißig Minuten"), else minutes and seconds.
fn push_control_duration(time: Duration, out: &mut Vec<Token>) {
    let seconds = time.as_secs();
    let (minutes, rest) = (seconds / 60, seconds % 60);
    if minutes > 0 {
        out.push(Token::Minutes(minutes as u32));
    }
    if rest > 0 || minutes == 0 {
        out.push(Token::Seconds(rest as u32));
    }
}

/// A duration as people type it: `10m`, `30s`, `1h30`, `90'`, or plain seconds (`30`).
pub fn parse_duration(input: &str) -> Result<Duration, String> {
    let compact: String = input
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    Parser {
        input,
        units: true,
        minutes: false,
    }
    .duration(&compact, "10m")
    .map_err(|e| {
        format!(
            "bad time \"{input}\": {}; for example 10m, 30s or 1h30",
            e.problem
        )
    })
}

/// `A+B`, both plain numbers, with `A` below [`FRIENDLY_MINUTES_BELOW`].
fn friendly_minutes_plus_seconds(compact: &str) -> Option<(u64, u64)> {
    let (a, b) = compact.split_once('+')?;
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    if !all_digits(a) || !all_digits(b) {
        return None;
    }
    let (a, b) = (a.parse::<u64>().ok()?, b.parse::<u64>().ok()?);
    (a < FRIENDLY_MINUTES_BELOW).then_some((a, b))
}

/// A control of two periods as FIDE writes it, shown with every mistake: 40 moves in 90
/// minutes, then 30 minutes, 30 seconds added from move one.
pub const TWO_PERIODS: &str = "40/90+30+30";

const EXAMPLES: &str = "90+30, 40/90+30+30, 40/5400+30:1800+30, 300, *180";

/// The FIDE forms of a typed control turned into the extended PGN syntax the parser reads:
/// lower case without spaces, `''` (and typographic primes) as seconds, `;inc30`/`;+30` and
/// `;d5` as the period's bonus, commas and semicolons between periods as colons, `G/` and
/// `SD/` (game in, sudden death) dropped, and `M/T1+T2+I` as `M/T1+I:T2+I`. True when a
/// `G/` or `SD/` said its time is "game in" minutes.
fn fide_forms(input: &str) -> (String, bool) {
    let mut text: String = input
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase()
        .replace("''", "\"")
        .replace(['′', '’', '´', '`'], "'")
        .replace(['″', '“', '”'], "\"")
        // "5|3", as online sites write minutes and seconds a move.
        .replace('|', "+")
        .replace(";inc", "+")
        .replace("inc", "+")
        .replace(";+", "+")
        .replace(";d", "d")
        .replace([',', ';'], ":");
    let mut game_in = false;
    for prefix in ["sd/", "g/"] {
        text = text
            .split(':')
            .map(|part| match part.strip_prefix(prefix) {
                Some(rest) => {
                    game_in = true;
                    rest
                }
                None => part,
            })
            .collect::<Vec<_>>()
            .join(":");
    }
    let text = text
        .split(':')
        .map(|part| match part.split_once('/') {
            Some((moves, rest)) if rest.matches('+').count() == 2 => {
                let mut times = rest.split('+');
                let (first, second, bonus) = (
                    times.next().unwrap_or(""),
                    times.next().unwrap_or(""),
                    times.next().unwrap_or(""),
                );
                format!("{moves}/{first}+{bonus}:{second}+{bonus}")
            }
            _ => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join(":");
    (text, game_in)
}

struct Parser<'a> {
    input: &'a str,
    units: bool,
    /// A plain time under [`FRIENDLY_MINUTES_BELOW`] is minutes (a typed control with a
    /// move count or more than one period).
    minutes: bool,
}

impl Parser<'_> {
    /// The two-period example in the syntax being read: FIDE's typed form, or PGN seconds.
    fn two_periods(&self) -> &'static str {
        if self.units {
            TWO_PERIODS
        } else {
            "40/5400+30:1800+30"
        }
    }

    fn error(
        &self,
        part: &str,
        kind: ControlProblem,
        problem: impl Into<String>,
        example: &'static str,
    ) -> ControlError {
        ControlError {
            input: self.input.to_string(),
            part: part.to_string(),
            kind,
            problem: problem.into(),
            example,
            two_periods: self.two_periods(),
        }
    }

    fn control(&self, text: &str) -> Result<TimeControl, ControlError> {
        match text {
            "" => {
                return Err(self.error(
                    text,
                    ControlProblem::Empty,
                    "the time control is empty",
                    EXAMPLES,
                ));
            }
            "?" => return Ok(TimeControl::Unknown),
            "-" => return Ok(TimeControl::Untimed),
            _ => {}
        }
        if let Some(rest) = text.strip_prefix('*') {
            if rest.contains(':') {
                return Err(self.error(
                    text,
                    ControlProblem::SandglassAlone,
                    "a sandglass stands alone, with no other period",
                    "*180",
                ));
            }
            let time = self.duration(rest, "*180")?;
            self.check_time(rest, time)?;
            return Ok(TimeControl::Sandglass(time));
        }
        let parts: Vec<&str> = text.split(':').collect();
        let mut periods = Vec::with_capacity(parts.len());
        for (index, part) in parts.iter().enumerate() {
            let period = self.period(part)?;
            if period.moves.is_none() && index + 1 < parts.len() {
                return Err(self.error(
                    part,
                    ControlProblem::OnlyLastWithoutMoves,
                    "only the last period can be without a number of moves",
                    "40/5400+30:1800+30",
                ));
            }
            periods.push(period);
        }
        Ok(TimeControl::Periods(periods))
    }

    fn period(&self, part: &str) -> Result<Period, ControlError> {
        if part.is_empty() {
            return Err(self.error(
                part,
                ControlProblem::EmptyPeriod,
                "a period is empty (two colons, or one at an end)",
                "40/5400:1800",
            ));
        }
        if part.starts_with('*') {
            return Err(self.error(
                part,
                ControlProblem::SandglassAlone,
                "a sandglass stands alone, with no other period",
                "*180",
            ));
        }
        let (moves, rest) = match part.split_once('/') {
            Some((moves_text, rest)) => {
                let moves = moves_text.parse::<u32>().map_err(|_| {
                    self.error(
                        part,
                        ControlProblem::NotANumberOfMoves,
                        format!("\"{moves_text}\" is not a number of moves"),
                        "40/5400",
                    )
                })?;
                if moves == 0 {
                    return Err(self.error(
                        part,
                        ControlProblem::NoMoves,
                        "a period needs at least one move",
                        "40/5400",
                    ));
                }
                (Some(moves), rest)
            }
            None => (None, part),
        };
        // The bonus starts at the first '+', 'b' or 'd' (none of them is a unit).
        let split = rest.find(['+', 'b', 'd']);
        let (time_text, bonus_text) = match split {
            Some(at) => (&rest[..at], &rest[at..]),
            None => (rest, ""),
        };
        let mut time = self.duration(time_text, self.two_periods())?;
        if self.minutes
            && time_text.bytes().all(|c| c.is_ascii_digit())
            && time.as_secs() < FRIENDLY_MINUTES_BELOW
        {
            time *= 60;
        }
        self.check_time(part, time)?;
        let bonus = if bonus_text.is_empty() {
            Bonus::None
        } else {
            let kind = bonus_text.as_bytes()[0];
            let amount_text = &bonus_text[1..];
            if amount_text.contains(['+', 'b', 'd']) {
                return Err(self.error(
                    part,
                    ControlProblem::OneBonusAtMost,
                    "a period has one bonus at most: +increment, b Bronstein or d delay",
                    "5400+30",
                ));
            }
            let amount = self.duration(amount_text, "5400+30")?;
            self.check_bonus(part, amount)?;
            match (kind, amount.is_zero()) {
                (_, true) => Bonus::None,
                (b'+', false) => Bonus::Increment(amount),
                (b'b', false) => Bonus::Bronstein(amount),
                _ => Bonus::Delay(amount),
            }
        };
        Ok(Period { moves, time, bonus })
    }

    fn check_time(&self, part: &str, time: Duration) -> Result<(), ControlError> {
        if time.is_zero() {
            return Err(self.error(
                part,
                ControlProblem::NoTime,
                "a period needs some time",
                "300",
            ));
        }
        if time > LONGEST {
            return Err(self.error(
                part,
                ControlProblem::TooLong,
                "more than 100 hours is surely a typing error",
                "5400+30",
            ));
        }
        Ok(())
    }

    fn check_bonus(&self, part: &str, bonus: Duration) -> Result<(), ControlError> {
        if bonus > LONGEST {
            return Err(self.error(
                part,
                ControlProblem::TooLong,
                "more than 100 hours is surely a typing error",
                "5400+30",
            ));
        }
        Ok(())
    }

    /// Whole seconds in PGN; in typed controls also units: `1h30m`, `1h30`, `90m`, `90'`,
    /// `30s`, `30"`, `1m30s`, `1m30` (a trailing plain number is the next smaller unit).
    fn duration(&self, text: &str, example: &'static str) -> Result<Duration, ControlError> {
        if text.is_empty() {
            return Err(self.error(
                text,
                ControlProblem::TimeMissing,
                "a time is missing",
                example,
            ));
        }
        if text.bytes().all(|c| c.is_ascii_digit()) {
            return text
                .parse::<u64>()
                .ok()
                .filter(|s| *s <= LONGEST.as_secs())
                .map(Duration::from_secs)
                .ok_or_else(|| {
                    self.error(
                        text,
                        ControlProblem::NumberTooLarge,
                        "the number is too large",
                        example,
                    )
                });
        }
        if !self.units {
            return Err(self.error(
                text,
                ControlProblem::NotWholeSeconds,
                format!("\"{text}\" is not a whole number of seconds (PGN counts in seconds)"),
                example,
            ));
        }
        let mut total = 0u64;
        let mut number: Option<u64> = None;
        // The unit a trailing plain number takes: seconds, or one below the last unit.
        let mut next_unit = 1u64;
        let mut rest = text;
        while !rest.is_empty() {
            let digits = rest.bytes().take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 {
                let value = rest[..digits]
                    .parse::<u64>()
                    .ok()
                    .filter(|v| *v <= LONGEST.as_secs());
                number = Some(value.ok_or_else(|| {
                    self.error(
                        text,
                        ControlProblem::NumberTooLarge,
                        "the number is too large",
                        example,
                    )
                })?);
                rest = &rest[digits..];
                continue;
            }
            let (unit, length) = if rest.starts_with("min") {
                (60, 3)
            } else if rest.starts_with("sec") {
                (1, 3)
            } else {
                match rest.as_bytes()[0] {
                    b'h' => (3600, 1),
                    b'm' | b'\'' => (60, 1),
                    b's' | b'"' => (1, 1),
                    _ => {
                        let bad = rest.chars().next().unwrap_or(' ');
                        return Err(self.error(
                            text,
                            ControlProblem::NotAUnit,
                            format!("\"{bad}\" is not a unit: use h, m (or ') and s (or \")"),
                            "90m+30s",
                        ));
                    }
                }
            };
            let value = number.take().ok_or_else(|| {
                self.error(
                    text,
                    ControlProblem::UnitWithoutNumber,
                    "a unit must follow a number",
                    "90m+30s",
                )
            })?;
            total += value * unit;
            next_unit = if unit == 3600 { 60 } else { 1 };
            rest = &rest[length..];
        }
        if let Some(value) = number {
            total += value * next_unit;
        }
        if total > LONGEST.as_secs() {
            return Err(self.error(
                text,
                ControlProblem::TooLong,
                "more than 100 hours is surely a typing error",
                example,
            ));
        }
        Ok(Duration::from_secs(total))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn sudden(time: u64, bonus: Bonus) -> TimeControl {
        TimeControl::Periods(vec![Period {
            moves: None,
            time: secs(time),
            bonus,
        }])
    }

    #[test]
    fn reads_every_pgn_kind() {
        assert_eq!(TimeControl::from_pgn("?").unwrap(), TimeControl::Unknown);
        assert_eq!(TimeControl::from_pgn("-").unwrap(), TimeControl::Untimed);
        assert_eq!(
            TimeControl::from_pgn("300").unwrap(),
            sudden(300, Bonus::None)
        );
        assert_eq!(
            TimeControl::from_pgn("5400+30").unwrap(),
            sudden(5400, Bonus::Increment(secs(30)))
        );
        assert_eq!(
            TimeControl::from_pgn("*180").unwrap(),
            TimeControl::Sandglass(secs(180))
        );
        assert_eq!(
            TimeControl::from_pgn("40/5400:1800").unwrap(),
            TimeControl::Periods(vec![
                Period {
                    moves: Some(40),
                    time: secs(5400),
                    bonus: Bonus::None
                },
                Period {
                    moves: None,
                    time: secs(1800),
                    bonus: Bonus::None
                },
            ])
        );
    }

    #[test]
    fn reads_the_extensions() {
        assert_eq!(
            TimeControl::from_pgn("40/5400+30:1800+30").unwrap(),
            TimeControl::Periods(vec![
                Period {
                    moves: Some(40),
                    time: secs(5400),
                    bonus: Bonus::Increment(secs(30))
                },
                Period {
                    moves: None,
                    time: secs(1800),
                    bonus: Bonus::Increment(secs(30))
                },
            ])
        );
        assert_eq!(
            TimeControl::from_pgn("5400b30").unwrap(),
            sudden(5400, Bonus::Bronstein(secs(30)))
        );
        assert_eq!(
            TimeControl::from_pgn("5400d30").unwrap(),
            sudden(5400, Bonus::Delay(secs(30)))
        );
        assert_eq!(
            TimeControl::from_pgn("5400+0").unwrap(),
            sudden(5400, Bonus::None)
        );
        assert_eq!(
            TimeControl::from_pgn("40/7200d5:20/3600d5")
                .unwrap()
                .periods()[1],
            Period {
                moves: Some(20),
                time: secs(3600),
                bonus: Bonus::Delay(secs(5))
            }
        );
    }

    #[test]
    fn reads_what_people_type() {
        let classical = sudden(90 * MIN, Bonus::Increment(secs(30)));
        assert_eq!(TimeControl::parse("90+30").unwrap(), classical);
        assert_eq!(TimeControl::parse(" 90 + 30 ").unwrap(), classical);
        assert_eq!(TimeControl::parse("90|30").unwrap(), classical);
        assert_eq!(
            TimeControl::parse("5 | 3").unwrap(),
            sudden(5 * MIN, Bonus::Increment(secs(3)))
        );
        assert_eq!(TimeControl::parse("90m+30s").unwrap(), classical);
        assert_eq!(TimeControl::parse("90'+30\"").unwrap(), classical);
        assert_eq!(TimeControl::parse("1h30+30").unwrap(), classical);
        assert_eq!(TimeControl::parse("1h30m+30s").unwrap(), classical);
        assert_eq!(TimeControl::parse("90min+30sec").unwrap(), classical);
        assert_eq!(
            TimeControl::parse("5400+30").unwrap(),
            classical,
            "PGN seconds from 180 on"
        );
        assert_eq!(
            TimeControl::parse("3+2").unwrap(),
            sudden(3 * MIN, Bonus::Increment(secs(2)))
        );
        assert_eq!(
            TimeControl::parse("180+2").unwrap(),
            sudden(180, Bonus::Increment(secs(2)))
        );
        assert_eq!(
            TimeControl::parse("15+0").unwrap(),
            sudden(15 * MIN, Bonus::None)
        );
        assert_eq!(
            TimeControl::parse("5").unwrap(),
            sudden(5, Bonus::None),
            "a plain number is PGN seconds"
        );
        assert_eq!(TimeControl::parse("1m30").unwrap(), sudden(90, Bonus::None));
        assert_eq!(
            TimeControl::parse("40/90m+30s:30m+30s").unwrap(),
            TimeControl::from_pgn("40/5400+30:1800+30").unwrap()
        );
        assert_eq!(
            TimeControl::parse("90MD30S").unwrap(),
            sudden(5400, Bonus::Delay(secs(30)))
        );
    }

    #[test]
    fn reads_fide_controls_as_people_write_them() {
        let pgn = |text| TimeControl::from_pgn(text).unwrap();
        let typed = |text| TimeControl::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        // FIDE's classical control: 90 minutes for 40 moves, then 30 minutes, 30 seconds
        // added from move one.
        let classical = pgn("40/5400+30:1800+30");
        for text in [
            "40/90+30+30",
            "40/90 + 30 + 30",
            "40/90'+30'+30\"",
            "40/90'+30'+30''",
            "40/90+30, 30+30",
            "40/90+30; 30+30",
            "40/90m+30s:30m+30s",
        ] {
            assert_eq!(typed(text), classical, "{text}");
        }
        assert_eq!(typed("40/120,60"), pgn("40/7200:3600"));
        assert_eq!(typed("40/120, 20/60, 30"), pgn("40/7200:20/3600:1800"));
        assert_eq!(typed("40/90, SD/30"), pgn("40/5400:1800"));
        assert_eq!(typed("G/90+30"), pgn("5400+30"));
        assert_eq!(typed("G/90;inc30"), pgn("5400+30"));
        assert_eq!(typed("G/90;d5"), pgn("5400d5"));
        assert_eq!(typed("90'+30''"), pgn("5400+30"));
        assert_eq!(typed("90′+30″"), pgn("5400+30"));
        // PGN seconds stay seconds.
        assert_eq!(typed("40/5400+30:1800+30"), classical);
        assert_eq!(typed("300"), pgn("300"));
    }

    #[test]
    fn renders_back_to_pgn() {
        for text in [
            "?",
            "-",
            "300",
            "5400+30",
            "*180",
            "40/5400:1800",
            "40/5400+30:1800+30",
            "5400b30",
            "5400d30",
            "40/7200:20/3600",
            "40/5400:1800+30",
        ] {
            assert_eq!(TimeControl::from_pgn(text).unwrap().to_pgn(), text);
        }
        assert_eq!(TimeControl::parse("90+30").unwrap().to_pgn(), "5400+30");
    }

    #[test]
    fn says_what_is_wrong_and_gives_an_example() {
        let err = TimeControl::from_pgn("40/90x").unwrap_err();
        assert_eq!(err.part, "90x");
        assert_eq!(err.kind, ControlProblem::NotWholeSeconds);
        assert_eq!(err.tokens(), [Token::Word(Word::NotWholeSeconds)]);
        assert!(
            err.to_string().contains("not a whole number of seconds"),
            "{err}"
        );
        assert!(
            err.to_string().contains("for example 40/5400+30:1800+30"),
            "{err}"
        );

        let err = TimeControl::parse("40/90x").unwrap_err();
        assert!(err.problem.contains("\"x\" is not a unit"), "{err}");

        let err = TimeControl::from_pgn("1800:40/5400").unwrap_err();
        assert_eq!(err.part, "1800");
        assert!(err.problem.contains("only the last period"), "{err}");

        let err = TimeControl::from_pgn("0/5400").unwrap_err();
        assert!(err.problem.contains("at least one move"), "{err}");

        let err = TimeControl::from_pgn("x/5400").unwrap_err();
        assert!(err.problem.contains("not a number of moves"), "{err}");

        let err = TimeControl::from_pgn("0").unwrap_err();
        assert!(err.problem.contains("needs some time"), "{err}");

        let err = TimeControl::from_pgn("5400+30d5").unwrap_err();
        assert!(err.problem.contains("one bonus at most"), "{err}");

        let err = TimeControl::from_pgn("40/5400::1800").unwrap_err();
        assert!(err.problem.contains("period is empty"), "{err}");

        let err = TimeControl::from_pgn("*180:300").unwrap_err();
        assert!(err.problem.contains("sandglass stands alone"), "{err}");

        let err = TimeControl::parse("").unwrap_err();
        assert!(err.problem.contains("empty"), "{err}");

        let err = TimeControl::from_pgn("5400+").unwrap_err();
        assert!(err.problem.contains("time is missing"), "{err}");

        let err = TimeControl::parse("m+30").unwrap_err();
        assert!(err.problem.contains("unit must follow a number"), "{err}");

        let err = TimeControl::parse("200h").unwrap_err();
        assert!(err.problem.contains("100 hours"), "{err}");

        let err = TimeControl::from_pgn("G/90;d5").unwrap_err();
        assert!(err.to_string().contains("for example"), "{err}");
    }

    #[test]
    fn reads_a_duration() {
        assert_eq!(parse_duration("10m"), Ok(secs(600)));
        assert_eq!(parse_duration("30"), Ok(secs(30)));
        assert_eq!(parse_duration("1h30"), Ok(secs(5400)));
        let err = parse_duration("abc").unwrap_err();
        assert!(
            err.starts_with("bad time \"abc\": \"a\" is not a unit"),
            "{err}"
        );
    }

    #[test]
    fn finds_the_period_of_each_move() {
        let fide = TimeControl::from_pgn("40/5400+30:1800+30").unwrap();
        assert_eq!(fide.period_of_move(1), Some((0, false)));
        assert_eq!(fide.period_of_move(40), Some((0, true)));
        assert_eq!(fide.period_of_move(41), Some((1, false)));
        assert_eq!(fide.period_of_move(200), Some((1, false)));

        let repeating = TimeControl::from_pgn("40/7200:20/3600").unwrap();
        assert_eq!(repeating.period_of_move(60), Some((1, true)));
        assert_eq!(repeating.period_of_move(61), Some((1, false)));
        assert_eq!(repeating.period_of_move(80), Some((1, true)));
        assert_eq!(repeating.period_of_move(100), Some((1, true)));

        let single = TimeControl::from_pgn("40/5400").unwrap();
        assert_eq!(single.period_of_move(40), Some((0, true)));
        assert_eq!(single.period_of_move(80), Some((0, true)));
        assert_eq!(single.period_of_move(79), Some((0, false)));

        assert_eq!(TimeControl::Untimed.period_of_move(1), None);
    }

    #[test]
    fn says_a_control_in_words() {
        use crate::lang::Lang;
        let say =
            |text: &str, lang: Lang| lang.text(&TimeControl::from_pgn(text).unwrap().tokens());
        assert_eq!(
            say("40/5400+30:1800+30", Lang::De),
            "vierzig Züge in neunzig Minuten, plus dreißig Sekunden pro Zug, dann dreißig Minuten \
             für den Rest der Partie, plus dreißig Sekunden pro Zug"
        );
        assert_eq!(
            say("40/5400+30:1800+30", Lang::En),
            "forty moves in ninety minutes, plus thirty seconds per move, then thirty minutes \
             for the rest of the game, plus thirty seconds per move"
        );
        assert_eq!(say("300", Lang::De), "fünf Minuten");
        assert_eq!(say("5", Lang::En), "five seconds");
        assert_eq!(say("90", Lang::En), "one minute thirty seconds");
        assert_eq!(
            say("5400b30", Lang::De),
            "neunzig Minuten, plus dreißig Sekunden Bronstein"
        );
        assert_eq!(
            say("5400d5", Lang::En),
            "ninety minutes, delay five seconds"
        );
        assert_eq!(say("*180", Lang::De), "Sanduhr drei Minuten");
        assert_eq!(
            say("40/7200:20/3600", Lang::En),
            "forty moves in one hundred twenty minutes, then twenty moves in sixty minutes repeating"
        );
        assert_eq!(say("-", Lang::De), "ohne Zeitkontrolle");
        assert_eq!(say("?", Lang::En), "time control unknown");
    }
}
