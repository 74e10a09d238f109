//! The `annexd clock` command: the standalone talking clock in a terminal, or with `--replay`
//! a file of timed events played into JSON lines.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use super::control::{TimeControl, parse_duration};
use super::schedule::AnnounceConfig;
use super::state::{BronsteinStart, ClockOptions};
use super::{replay, terminal};
use crate::notation::Lang;

/// Options of `annexd clock`.
#[derive(Debug, Clone, clap::Args)]
pub struct ClockArgs {
    /// The time control: 90+30 (minutes+seconds), 5400+30, 300, 40/5400+30:1800+30,
    /// 5400b30 (Bronstein), 5400d30 (delay), *180 (sandglass), - (none). See docs/clock.md
    #[arg(long, value_name = "TC")]
    pub control: String,
    /// Play a file of "<milliseconds> <event>" lines and print JSON lines, instead of the
    /// interactive clock
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// The language of what is said: de or en
    #[arg(long, default_value = "de")]
    pub lang: Lang,
    /// Count Bronstein as the Art. 6.3 commentary does: the delay for move 1 credited before
    /// the game (90+30: 90:30 on the clock). Default: as standard clocks (90:00)
    #[arg(long)]
    pub bronstein_credit: bool,
    /// Warn at these times left, comma-separated, or "none"
    #[arg(long, value_name = "LIST", default_value = "10m,5m,2m,1m,30s")]
    pub warn: String,
    /// Below the lowest warning, warn every so often, or "none"
    #[arg(long, value_name = "TIME", default_value = "10s")]
    pub final_every: String,
    /// Say each side's own time every so often (e.g. 10m): at 1:20, 1:10, 1:00 …
    #[arg(long, value_name = "TIME")]
    pub every: Option<String>,
    /// Say seconds only when less than this is left (more is said in hours and minutes)
    #[arg(long, value_name = "TIME", default_value = "10m")]
    pub seconds_below: String,
    /// After each press, say the time left of the side that pressed
    #[arg(long)]
    pub say_after_press: bool,
}

impl ClockArgs {
    /// The control, the clock's options and what it says, or a clear message.
    pub fn settings(&self) -> Result<(TimeControl, ClockOptions, AnnounceConfig), String> {
        let control = TimeControl::parse(&self.control).map_err(|e| e.to_string())?;
        let options = ClockOptions {
            bronstein: if self.bronstein_credit {
                BronsteinStart::CreditFirstMove
            } else {
                BronsteinStart::Standard
            },
        };
        let time = |option: &str, text: &str| -> Result<Duration, String> {
            parse_duration(text).map_err(|e| format!("--{option}: {e}"))
        };
        let optional = |option: &str, text: &str| -> Result<Option<Duration>, String> {
            match text.trim() {
                "none" | "off" | "" => Ok(None),
                text => time(option, text).map(Some).and_then(|d| match d {
                    Some(d) if d.is_zero() => {
                        Err(format!("--{option}: give a time above zero, or none"))
                    }
                    d => Ok(d),
                }),
            }
        };
        let warnings = match self.warn.trim() {
            "none" | "off" | "" => Vec::new(),
            list => list
                .split(',')
                .map(|item| time("warn", item))
                .collect::<Result<_, _>>()?,
        };
        let config = AnnounceConfig {
            warnings,
            final_every: optional("final-every", &self.final_every)?,
            every: match &self.every {
                Some(text) => optional("every", text)?,
                None => None,
            },
            seconds_below: time("seconds-below", &self.seconds_below)?,
            after_press: self.say_after_press,
        };
        Ok((control, options, config))
    }
}

/// Runs `annexd clock`.
pub fn run(args: ClockArgs) -> ExitCode {
    let (control, options, config) = match args.settings() {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("annexd clock: {message}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.replay {
        let script = match std::fs::read_to_string(path) {
            Ok(script) => script,
            Err(e) => {
                eprintln!(
                    "annexd clock: cannot read the replay file {}: {e}",
                    path.display()
                );
                return ExitCode::from(2);
            }
        };
        return match replay::run(control, options, config, args.lang, &script) {
            Ok(lines) => {
                let mut text = lines.join("\n");
                text.push('\n');
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("annexd clock: {}: {e}", path.display());
                ExitCode::FAILURE
            }
        };
    }
    match terminal::run(control, options, config, args.lang) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("annexd clock: {e}");
            ExitCode::FAILURE
        }
    }
}
