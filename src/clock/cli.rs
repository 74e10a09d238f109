//! The `annexd clock` command: the standalone talking clock in a terminal, or with `--replay`
//! a file of timed events played into JSON lines.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use super::terminal;
use crate::ui::message::word_message;
use annexd_core::clock::{
    AnnounceConfig, BronsteinStart, ClockOptions, TimeControl, parse_duration, run_script,
};
use annexd_core::{Lang, Word};

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
    /// The language of what is said: de, en or fr
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
    /// Speech: text (lines only), clips (the recorded voice) or tts (the system's engine)
    #[arg(long, default_value = "text")]
    pub speech: annexd_core::speech::BackendKind,
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
        // Units are required here: a bare "10" could mean minutes or seconds.
        let time = |option: &str, text: &str| -> Result<Duration, String> {
            let text = text.trim();
            if !text.is_empty() && text.bytes().all(|c| c.is_ascii_digit()) {
                return Err(format!(
                    "--{option}: \"{text}\" needs a unit: {text}m for minutes, {text}s for seconds"
                ));
            }
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
    let lang = args.lang;
    let (control, options, config) = match args.settings() {
        Ok(settings) => settings,
        Err(message) => {
            // A bad control is named as such, a bad option as that.
            let word = if TimeControl::parse(&args.control).is_err() {
                Word::TimeControlUnknown
            } else {
                Word::BadOption
            };
            eprintln!("annexd clock: {}", word_message(lang, word, message));
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.replay {
        let script = match std::fs::read_to_string(path) {
            Ok(script) => script,
            Err(e) => {
                let detail = format!("the replay file {}: {e}", path.display());
                eprintln!(
                    "annexd clock: {}",
                    word_message(lang, Word::FileUnreadable, detail)
                );
                return ExitCode::from(2);
            }
        };
        return match run_script(control, options, config, args.lang, &script) {
            Ok(lines) => {
                let mut text = lines.join("\n");
                text.push('\n');
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                let detail = format!("{}: {e}", path.display());
                eprintln!("annexd clock: {}", word_message(lang, Word::Error, detail));
                ExitCode::FAILURE
            }
        };
    }
    match terminal::run(control, options, config, args.lang, args.speech) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("annexd clock: {}", word_message(lang, Word::Error, e));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        clock: ClockArgs,
    }

    fn settings(args: &[&str]) -> Result<(TimeControl, ClockOptions, AnnounceConfig), String> {
        let cli = Cli::try_parse_from(std::iter::once("annexd-clock").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        cli.clock.settings()
    }

    #[test]
    fn the_defaults() {
        let (control, options, config) = settings(&["--control", "90+30"]).unwrap();
        assert_eq!(control.to_pgn(), "5400+30");
        assert_eq!(options.bronstein, BronsteinStart::Standard);
        assert_eq!(config, AnnounceConfig::default());
    }

    #[test]
    fn the_options() {
        let (_, options, config) = settings(&[
            "--control",
            "5400b30",
            "--bronstein-credit",
            "--warn",
            "5m, 1m",
            "--final-every",
            "none",
            "--every",
            "10m",
            "--seconds-below",
            "1h",
            "--say-after-press",
        ])
        .unwrap();
        assert_eq!(options.bronstein, BronsteinStart::CreditFirstMove);
        assert_eq!(
            config.warnings,
            vec![Duration::from_secs(300), Duration::from_secs(60)]
        );
        assert_eq!(config.final_every, None);
        assert_eq!(config.every, Some(Duration::from_secs(600)));
        assert_eq!(config.seconds_below, Duration::from_secs(3600));
        assert!(config.after_press);
        let (_, _, config) = settings(&["--control", "300", "--warn", "none"]).unwrap();
        assert!(config.warnings.is_empty());
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        let error = settings(&["--control", "300", "--every", "10"]).unwrap_err();
        assert_eq!(
            error,
            "--every: \"10\" needs a unit: 10m for minutes, 10s for seconds"
        );
        let error = settings(&["--control", "300", "--warn", "5m,x"]).unwrap_err();
        assert!(error.starts_with("--warn: bad time \"x\""), "{error}");
        let error = settings(&["--control", "300", "--final-every", "0s"]).unwrap_err();
        assert!(error.contains("above zero"), "{error}");
        let error = settings(&["--control", "4O/5400"]).unwrap_err();
        assert!(error.contains("\"4o\" is not a number of moves"), "{error}");
    }
}
