//! The `annexd clock` command: the standalone talking clock in a terminal, or with `--replay`
//! a file of timed events played into JSON lines. Its options override the settings file's
//! `[clock]` table, and the settings become what the clock says by the one translation a game
//! uses too ([`ClockSettings::announce_config`]).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use super::terminal;
use crate::error::Error;
use annexd_core::clock::{TimeControl, parse_duration, run_script};
use annexd_core::speech::BackendKind;
use annexd_core::{ClockSettings, Lang, Settings, Token, Word};

/// Options of `annexd clock` (each overrides the settings file).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ClockArgs {
    /// The time control: 90+30 (minutes+seconds), 5400+30, 300, 40/5400+30:1800+30,
    /// 5400b30 (Bronstein), 5400d30 (delay), *180 (sandglass), - (none). See docs/clock.md.
    /// Default: the settings' game.time-control
    #[arg(long, value_name = "TC")]
    pub control: Option<String>,
    /// Play a file of "<milliseconds> <event>" lines and print JSON lines, instead of the
    /// interactive clock
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// The settings file (default: annexd.toml in the configuration folder)
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    #[arg(long, help = crate::help::lang_help())]
    pub lang: Option<Lang>,
    /// Count Bronstein as the Art. 6.3 commentary does: the delay for move 1 credited before
    /// the game (90+30: 90:30 on the clock). Default: as standard clocks (90:00)
    #[arg(long)]
    pub bronstein_credit: bool,
    /// Warn at these times left, comma-separated (10m,5m,2m,1m,30s), or "none"
    #[arg(long, value_name = "LIST")]
    pub warn: Option<String>,
    /// Count down below this time left (30s), or "none"
    #[arg(long, value_name = "TIME")]
    pub countdown_below: Option<String>,
    /// The step of the countdown (10s)
    #[arg(long, value_name = "TIME")]
    pub final_every: Option<String>,
    /// Say each side's own time every so often (e.g. 10m): at 1:20, 1:10, 1:00 …
    #[arg(long, value_name = "TIME")]
    pub every: Option<String>,
    /// Say seconds only when less than this is left (10m; more is said in hours and minutes)
    #[arg(long, value_name = "TIME")]
    pub seconds_below: Option<String>,
    /// After each press, say the time left of the side that pressed
    #[arg(long)]
    pub say_after_press: bool,
    /// Every alarm off: no warnings, no countdown, no times said by themselves (asked, the
    /// times are still said; FIDE's rules for equipment ask that alarms can be switched off)
    #[arg(long)]
    pub no_alarms: bool,
    /// Speech: text (lines only), clips (the recorded voice) or tts (the system's engine)
    #[arg(long)]
    pub speech: Option<BackendKind>,
}

/// What the clock runs with: the control, the clock's settings, the language and the
/// speech, from the settings with the options over them.
#[derive(Debug, Clone, PartialEq)]
pub struct ClockSetup {
    /// The time control.
    pub control: TimeControl,
    /// What the clock says by itself and how it counts.
    pub clock: ClockSettings,
    /// The language of what is said.
    pub lang: Lang,
    /// How it is said.
    pub speech: BackendKind,
}

impl ClockArgs {
    /// The clock these options set up over `settings`, or what is wrong, in `settings`'
    /// language (or the `--lang` given).
    pub fn setup(&self, settings: &Settings) -> Result<ClockSetup, Error> {
        let lang = self.lang.unwrap_or(settings.game.language);
        let mut clock = settings.clock.clone();
        let text = self
            .control
            .clone()
            .unwrap_or_else(|| settings.game.time_control.clone());
        if text.trim().is_empty() {
            return Err(Error::new(lang, Word::TimeControlMissing).usage());
        }
        let control = TimeControl::parse(&text).map_err(|err| Error::time_control(lang, &err))?;
        let time = |option: &str, text: &str| -> Result<Duration, Error> {
            let text = text.trim();
            let bad = |word: Word| {
                Error::said(
                    lang,
                    vec![
                        Token::Word(Word::BadOption),
                        Token::Pause,
                        Token::Word(word),
                    ],
                )
                .shown(format!("--{option} {text}"))
                .usage()
            };
            // Units are required here: a bare "10" could mean minutes or seconds.
            if !text.is_empty() && text.bytes().all(|c| c.is_ascii_digit()) {
                return Err(bad(Word::NeedsAUnit));
            }
            parse_duration(text).map_err(|err| bad(Word::NotATime).logged(err))
        };
        let seconds = |d: Duration| u32::try_from(d.as_secs()).unwrap_or(u32::MAX);
        let off = |text: &str| matches!(text.trim(), "none" | "off" | "");
        let above_zero = |option: &str, text: &str| -> Result<u32, Error> {
            let d = time(option, text)?;
            if d.is_zero() {
                return Err(Error::said(
                    lang,
                    vec![
                        Token::Word(Word::BadOption),
                        Token::Pause,
                        Token::Word(Word::AboveZero),
                    ],
                )
                .shown(format!("--{option} {text}"))
                .usage());
            }
            Ok(seconds(d))
        };
        if let Some(list) = &self.warn {
            clock.warnings_seconds = if off(list) {
                Vec::new()
            } else {
                list.split(',')
                    .map(|item| time("warn", item).map(seconds))
                    .collect::<Result<_, _>>()?
            };
        }
        if let Some(text) = &self.countdown_below {
            clock.countdown_below_seconds = if off(text) {
                0
            } else {
                above_zero("countdown-below", text)?
            };
        }
        if let Some(text) = &self.final_every {
            if off(text) {
                clock.countdown_below_seconds = 0;
            } else {
                clock.countdown_every_seconds = above_zero("final-every", text)?;
            }
        }
        if let Some(text) = &self.every {
            clock.announce_every_minutes = if off(text) {
                0
            } else {
                above_zero("every", text)?.div_ceil(60)
            };
        }
        if let Some(text) = &self.seconds_below {
            clock.seconds_below_minutes = seconds(time("seconds-below", text)?) / 60;
        }
        clock.say_after_press |= self.say_after_press;
        clock.bronstein_credit |= self.bronstein_credit;
        clock.alarms &= !self.no_alarms;
        Ok(ClockSetup {
            control,
            clock,
            lang,
            speech: self.speech.unwrap_or(settings.speech.backend),
        })
    }
}

/// Runs `annexd clock`.
pub fn run(args: &ClockArgs) -> Result<ExitCode, Error> {
    let settings = crate::config::load(args.config.as_deref())
        .map_err(|err| Error::settings(args.lang.unwrap_or_default(), &err))?;
    run_with(args, &settings)
}

/// Runs the talking clock with `settings` and the options over them (`play --role clock`
/// comes here with its settings and no options).
pub fn run_with(args: &ClockArgs, settings: &Settings) -> Result<ExitCode, Error> {
    let setup = args.setup(settings)?;
    let lang = setup.lang;
    if let Some(path) = &args.replay {
        return replay(&setup, path);
    }
    terminal::run(
        setup.control,
        setup.clock.clock_options(),
        setup.clock.announce_config(),
        lang,
        setup.speech,
    )
    .map_err(|err| err.in_lang(lang))?;
    Ok(ExitCode::SUCCESS)
}

/// Plays a file of timed events and prints what the clock says, as JSON lines.
fn replay(setup: &ClockSetup, path: &Path) -> Result<ExitCode, Error> {
    let lang = setup.lang;
    let script = std::fs::read_to_string(path)
        .map_err(|err| Error::io(lang, Word::FileUnreadable, path, &err).usage())?;
    let lines = run_script(
        setup.control.clone(),
        setup.clock.clock_options(),
        setup.clock.announce_config(),
        lang,
        &script,
    )
    .map_err(|err| {
        Error::new(lang, Word::ReplayFileFaulty)
            .shown(format!("{}:{}: {}", path.display(), err.line, err.text))
            .logged(&err)
    })?;
    let mut text = lines.join("\n");
    text.push('\n');
    crate::error::print_out(&text);
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use annexd_core::clock::{AnnounceConfig, BronsteinStart};
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        clock: ClockArgs,
    }

    fn setup(args: &[&str]) -> Result<ClockSetup, Error> {
        setup_over(args, &Settings::default())
    }

    fn setup_over(args: &[&str], settings: &Settings) -> Result<ClockSetup, Error> {
        let cli = Cli::try_parse_from(std::iter::once("annexd-clock").chain(args.iter().copied()))
            .expect("the options parse");
        cli.clock.setup(settings)
    }

    #[test]
    fn the_defaults_are_the_settings_defaults() {
        let setup = setup(&["--control", "90+30"]).unwrap();
        assert_eq!(setup.control.to_pgn(), "5400+30");
        assert_eq!(setup.clock, ClockSettings::default());
        assert_eq!(
            setup.clock.announce_config().warnings,
            AnnounceConfig::default().warnings
        );
        assert_eq!(
            setup.clock.clock_options().bronstein,
            BronsteinStart::Standard
        );
        assert_eq!(setup.lang, Lang::De);
    }

    #[test]
    fn the_options_override_the_settings() {
        let setup = setup(&[
            "--control",
            "5400b30",
            "--bronstein-credit",
            "--warn",
            "5m, 1m",
            "--countdown-below",
            "45s",
            "--final-every",
            "5s",
            "--every",
            "10m",
            "--seconds-below",
            "1h",
            "--say-after-press",
        ])
        .unwrap();
        let config = setup.clock.announce_config();
        assert_eq!(
            setup.clock.clock_options().bronstein,
            BronsteinStart::CreditFirstMove
        );
        assert_eq!(
            config.warnings,
            vec![Duration::from_secs(300), Duration::from_secs(60)]
        );
        assert_eq!(config.countdown_below, Some(Duration::from_secs(45)));
        assert_eq!(config.final_every, Some(Duration::from_secs(5)));
        assert_eq!(config.every, Some(Duration::from_secs(600)));
        assert_eq!(config.seconds_below, Duration::from_secs(3600));
        assert!(config.after_press);
        // Every alarm off (the equipment rules): no warning, countdown or time said unasked.
        let quiet = super::tests::setup(&[
            "--control",
            "90+30",
            "--warn",
            "5m",
            "--every",
            "10m",
            "--no-alarms",
        ])
        .unwrap()
        .clock
        .announce_config();
        assert!(quiet.warnings.is_empty());
        assert_eq!(
            (quiet.final_every, quiet.countdown_below, quiet.every),
            (None, None, None)
        );
        let setup = setup_over(
            &[
                "--control",
                "300",
                "--warn",
                "none",
                "--final-every",
                "none",
            ],
            &Settings::default(),
        )
        .unwrap();
        assert!(setup.clock.announce_config().warnings.is_empty());
        assert_eq!(setup.clock.announce_config().final_every, None);
    }

    #[test]
    fn the_settings_file_is_the_clocks_too() {
        let mut settings = Settings::default();
        settings.game.time_control = "25+10".into();
        settings.game.language = Lang::Fr;
        settings.clock.countdown_below_seconds = 20;
        let setup = setup_over(&[], &settings).unwrap();
        assert_eq!(setup.control.to_pgn(), "1500+10");
        assert_eq!(setup.lang, Lang::Fr);
        assert_eq!(
            setup.clock.announce_config().countdown_below,
            Some(Duration::from_secs(20))
        );
    }

    #[test]
    fn bad_options_say_what_is_wrong_in_the_language() {
        let error = setup(&["--control", "300", "--every", "10"]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "falsche Option, braucht eine Einheit: m für Minuten, s für Sekunden: --every 10"
        );
        let error = setup(&["--control", "300", "--warn", "5m,x", "--lang", "en"]).unwrap_err();
        assert!(
            error.to_string().starts_with("wrong option, not a time"),
            "{error}"
        );
        let error = setup(&["--control", "300", "--final-every", "0s"]).unwrap_err();
        assert!(
            error.tokens().contains(&Token::Word(Word::AboveZero)),
            "{error}"
        );
        let error = setup(&["--control", "4O/5400", "--lang", "fr"]).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("cadence inconnue: 4O/5400: pas un nombre de coups: "),
            "{error}"
        );
        assert_eq!(error.exit_code(), ExitCode::from(2));
        let error = setup(&[]).unwrap_err();
        assert_eq!(error.tokens(), [Token::Word(Word::TimeControlMissing)]);
    }
}
