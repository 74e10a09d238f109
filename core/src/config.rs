//! Settings, the types: what can be set, the defaults, and reading them from TOML text with
//! every value checked and every mistake reported by its name and line. Finding and reading
//! the file is the adapters' job (`annexd::config`).

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::board::chesslink::Line;
use crate::board::{BoardOptions, BoardSpec};
use crate::clock::{AnnounceConfig, BronsteinStart, ClockOptions, TimeControl};
use crate::game::Pace;
pub use crate::game::mode::{AllowedHelp, Mode};
use crate::game::side::SideName;
use crate::lang::Lang;
use crate::lang::{Speech, WordSet};
use crate::listen::{ListenMode, RecogniserChoice};
use crate::notation::Style;
use crate::speech::BackendKind;
use crate::words::{Token, Word};

/// Who uses the program (Annex D D.2.10, D.2.6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeatRole {
    /// The VI player, with the program as the only helper.
    #[default]
    Player,
    /// An assistant relaying both players' moves (D.2.10).
    Assistant,
    /// A talking clock alone.
    Clock,
}

/// Who announces the VI player's moves (D.2.3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Announcer {
    /// The player says the move (heard by the recogniser) or types it.
    #[default]
    Player,
    /// The program announces the move it read from the peg board.
    Program,
}

/// The game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameSettings {
    /// How much the program helps: tournament (only what the Laws allow) or home.
    pub mode: Mode,
    /// In tournament mode, the helps the organiser allows after consulting the arbiter (D.1):
    /// legality, claims. Recorded in the journal's header.
    pub allowed_help: Vec<AllowedHelp>,
    /// Language of everything said and shown: de, en or fr.
    pub language: Lang,
    /// The words of moves (D.2.1): annex-d (König … Bauer, eins … acht, Kurze/Lange Rochade
    /// in every language, the default) or local (the language's own, if the arbiter decides).
    pub words: WordSet,
    /// How moves are said: short (like SAN) or long (from and to square).
    pub style: Style,
    /// Time control in the PGN TimeControl syntax with extensions (see docs/clock.md); empty
    /// for no clock.
    pub time_control: String,
    /// Pace for the penalties of the Laws: standard, rapid, blitz, blitz-supervised.
    pub pace: Pace,
    /// The side the VI player plays: white or black.
    pub vi_side: SideName,
    /// Who sits at the program: player, assistant, clock.
    pub role: SeatRole,
    /// Who announces the VI player's moves: player or program.
    pub announcer: Announcer,
    /// White's name for the scoresheet.
    pub white: String,
    /// Black's name for the scoresheet.
    pub black: String,
    /// Event name for the scoresheet.
    pub event: String,
    /// Site (town, venue) for the scoresheet.
    pub site: String,
    /// Round for the scoresheet.
    pub round: String,
    /// Board number for the scoresheet.
    pub board: String,
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            mode: Mode::default(),
            allowed_help: Vec::new(),
            language: Lang::De,
            words: WordSet::AnnexD,
            style: Style::Short,
            time_control: String::new(),
            pace: Pace::Standard,
            vi_side: SideName::White,
            role: SeatRole::Player,
            announcer: Announcer::Player,
            white: "?".into(),
            black: "?".into(),
            event: "?".into(),
            site: String::new(),
            round: String::new(),
            board: String::new(),
        }
    }
}

impl GameSettings {
    /// How the program speaks: the language and the words of moves.
    pub fn speech(&self) -> Speech {
        Speech::new(self.language, self.words)
    }
}

/// Speech out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct SpeechSettings {
    /// clips, tts, text or screen-reader (text lines are printed in every case).
    pub backend: BackendKind,
    /// The voice folder name under `voices/<language>/`.
    pub voice: String,
    /// Speaking rate, 0.5 … 2.0 (1.0 is normal).
    pub rate: f32,
    /// Pause between words of recorded clips, in milliseconds.
    pub pause_ms: u32,
    /// Each player's announcements on one stereo channel (one earphone each).
    pub stereo_split: bool,
    /// The sound output speech goes to, by its name (the VI player's earphone, so that only
    /// he hears it; with the recorded voice); empty: the system's default output. What both
    /// players and the arbiter must hear is said on the default output as well.
    pub device: String,
}

impl Default for SpeechSettings {
    fn default() -> Self {
        SpeechSettings {
            backend: crate::speech::DEFAULT_BACKEND,
            voice: "espeak".into(),
            rate: 1.0,
            pause_ms: 60,
            stereo_split: false,
            device: String::new(),
        }
    }
}

/// Speech in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct ListenSettings {
    /// off, push-to-talk or always.
    pub mode: ListenMode,
    /// The recogniser: auto (Vosk where a Vosk model of the language is installed, else
    /// Whisper), vosk or whisper.
    pub recogniser: RecogniserChoice,
    /// The model folder (a Vosk model, or a Whisper model in CTranslate2's format); empty:
    /// the first matching model in models/.
    pub model: String,
    /// The input device name; empty: the default input.
    pub device: String,
    /// The player's own voice, heard: the name of a voice recorded with `annexd voices
    /// record` (with `--hearing` for the words of commands), or its folder, whose recordings
    /// search every utterance beside the recogniser; empty: none.
    pub own_voice: String,
}

impl Default for ListenSettings {
    fn default() -> Self {
        ListenSettings {
            mode: ListenMode::Off,
            recogniser: RecogniserChoice::Auto,
            model: String::new(),
            device: String::new(),
            own_voice: String::new(),
        }
    }
}

/// Boards (`[board]`): each seat's board as a [`BoardSpec`] (see `docs/boards.md`), and how
/// the protocols are set up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct BoardSettings {
    /// The VI player's peg board: its port (`/dev/ttyACM0`, `COM5`), "sim" for the
    /// simulator, or "none".
    pub peg: BoardSpec,
    /// Serial speed of the peg board.
    pub peg_speed: u32,
    /// The sighted player's board: "typed" (moves typed or spoken), `dgt:PORT`,
    /// `chesslink:PORT`, `chesslink:ble[:NAME]`, `chessnut:ble[:NAME]` or
    /// `pegasus:ble[:NAME]` (a port alone is still read as a DGT board's).
    pub sighted: BoardSpec,
    /// How a ChessLink board on a serial port is opened: "7o1" (its protocol's framing, the
    /// driver checks the parity) or "8n1" (the parity bit checked in each byte, for drivers
    /// without 7O1).
    pub chesslink_line: ChessLinkLine,
    /// The DGT Pegasus's developer key in hex, if you have one (empty: none; see
    /// `docs/boards.md`).
    pub pegasus_key: String,
}

impl Default for BoardSettings {
    fn default() -> Self {
        BoardSettings {
            peg: BoardSpec::None,
            peg_speed: 115_200,
            sighted: BoardSpec::Typed,
            chesslink_line: ChessLinkLine::default(),
            pegasus_key: String::new(),
        }
    }
}

/// How a ChessLink board's serial port is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ChessLinkLine {
    /// 7 data bits, odd parity, 1 stop bit, as the protocol says.
    #[default]
    #[serde(rename = "7o1")]
    SevenOddOne,
    /// 8 data bits with the parity in bit 7 of each byte (the same frames on the wire).
    #[serde(rename = "8n1")]
    EightNoneOne,
}

impl BoardSettings {
    /// How the protocols are set up.
    pub fn options(&self) -> BoardOptions {
        BoardOptions {
            chesslink_line: match self.chesslink_line {
                ChessLinkLine::SevenOddOne => Line::Serial7O1,
                ChessLinkLine::EightNoneOne => Line::Serial8N1,
            },
            pegasus_key: parse_hex(&self.pegasus_key).ok().flatten(),
            ..BoardOptions::default()
        }
    }
}

/// The first board spec of the `[board]` table that is none, with its setting's name: read
/// before the settings are, so that it is said in words rather than in serde's.
fn board_spec_error(table: &toml::Table) -> Option<(String, crate::board::BoardSpecError)> {
    let board = table.get("board")?.as_table()?;
    ["peg", "sighted"].into_iter().find_map(|name| {
        let text = board.get(name)?.as_str()?;
        let err = match text.parse::<BoardSpec>() {
            Ok(spec) if name == "sighted" => spec.check_sighted().err()?,
            Ok(_) => return None,
            Err(err) => err,
        };
        Some((format!("board.{name}"), err))
    })
}

/// Bytes written in hex (pairs of digits, spaces and colons between them allowed); `None`
/// for an empty text.
fn parse_hex(text: &str) -> Result<Option<Vec<u8>>, String> {
    let digits: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ':')
        .collect();
    if digits.is_empty() {
        return Ok(None);
    }
    if !digits.len().is_multiple_of(2) || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(format!(
            "'{text}' is not bytes in hex: write pairs of hex digits, e.g. 0a1b2c3d4e5f"
        ));
    }
    (0..digits.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&digits[i..i + 2], 16).map_err(|e| e.to_string()))
        .collect::<Result<Vec<u8>, String>>()
        .map(Some)
}

/// The clock: what it says by itself, and how it counts. The one translation into the
/// clock's own terms is [`ClockSettings::announce_config`] and
/// [`ClockSettings::clock_options`], used by a game and by the talking clock alike.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct ClockSettings {
    /// Announce the own time every N minutes of it (0: never).
    pub announce_every_minutes: u32,
    /// Warnings when the own time falls below these, in seconds.
    pub warnings_seconds: Vec<u32>,
    /// Below this many seconds, count down every `countdown-every-seconds` (0: never).
    pub countdown_below_seconds: u32,
    /// The step of the countdown, in seconds.
    pub countdown_every_seconds: u32,
    /// Times of this many minutes and more are said in hours and minutes, below it with
    /// seconds.
    pub seconds_below_minutes: u32,
    /// After each press, say the time left of the side that pressed.
    pub say_after_press: bool,
    /// Count Bronstein as the Art. 6.3 commentary does: the delay for move 1 credited
    /// before the game (90+30: 90:30 on the clock), instead of as standard clocks (90:00).
    pub bronstein_credit: bool,
    /// The clock's alarms: its warnings, countdown and announcements at set times. `false`
    /// switches every one off (FIDE's rules for equipment with electronic components ask
    /// that a clock's alarms can be); the times are still said when asked, and the flag.
    pub alarms: bool,
}

impl Default for ClockSettings {
    fn default() -> Self {
        ClockSettings {
            announce_every_minutes: 0,
            warnings_seconds: vec![600, 300, 120, 60, 30],
            countdown_below_seconds: 30,
            countdown_every_seconds: 10,
            seconds_below_minutes: 10,
            say_after_press: false,
            bronstein_credit: false,
            alarms: true,
        }
    }
}

impl ClockSettings {
    /// What the clock says by itself.
    pub fn announce_config(&self) -> AnnounceConfig {
        let seconds = |s: u32| Duration::from_secs(u64::from(s));
        let countdown =
            self.alarms && self.countdown_below_seconds > 0 && self.countdown_every_seconds > 0;
        AnnounceConfig {
            warnings: if self.alarms {
                self.warnings_seconds.iter().map(|s| seconds(*s)).collect()
            } else {
                Vec::new()
            },
            final_every: countdown.then(|| seconds(self.countdown_every_seconds)),
            countdown_below: countdown.then(|| seconds(self.countdown_below_seconds)),
            every: (self.alarms && self.announce_every_minutes > 0)
                .then(|| seconds(self.announce_every_minutes.saturating_mul(60))),
            seconds_below: seconds(self.seconds_below_minutes.saturating_mul(60)),
            after_press: self.say_after_press,
        }
    }

    /// How the clock counts.
    pub fn clock_options(&self) -> ClockOptions {
        ClockOptions {
            bronstein: if self.bronstein_credit {
                BronsteinStart::CreditFirstMove
            } else {
                BronsteinStart::Standard
            },
        }
    }
}

/// The scoresheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct RecordSettings {
    /// Folder for journals and PGN files; empty: the data folder.
    pub dir: String,
    /// The scoresheets written beside the journal when a game ends: pdf, brf, txt, pgn.
    pub sheets: Vec<crate::record::export::SheetFormat>,
}

/// All settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Settings {
    /// The game.
    pub game: GameSettings,
    /// Speech out.
    pub speech: SpeechSettings,
    /// Speech in.
    pub listen: ListenSettings,
    /// Boards.
    pub board: BoardSettings,
    /// Clock announcements.
    pub clock: ClockSettings,
    /// The scoresheet.
    pub record: RecordSettings,
    /// Online play on lichess.
    pub online: OnlineSettings,
}

/// Online play on lichess through its Board API (docs/online.md). The section is read by
/// every build, so that one settings file serves them all; a build without the feature
/// `online` uses none of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct OnlineSettings {
    /// The server's address; empty: `https://lichess.org`.
    pub server: String,
    /// A personal API token of lichess with the permission `board:play`; `LICHESS_TOKEN`, when
    /// set, goes first. Never printed (`annexd config` leaves it out), logged or recorded; the
    /// file that holds it is made readable by its owner only.
    #[serde(skip_serializing)]
    pub token: Secret,
}

/// A secret (a token): its text is read from the settings but never shown, by `Debug` or
/// otherwise; only [`Secret::expose`] gives it, to whoever sends it where it belongs.
#[derive(Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    /// A secret of `text`.
    pub fn new(text: impl Into<String>) -> Secret {
        Secret(text.into())
    }

    /// Its text, for the one place that sends it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// None was given.
    pub fn is_empty(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_empty() {
            "Secret(none)"
        } else {
            "Secret(hidden)"
        })
    }
}

/// A mistake in the settings, with where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file, if the mistake is in one.
    pub file: Option<PathBuf>,
    /// The line (1-based), if known.
    pub line: Option<usize>,
    /// The setting's name (e.g. `game.language`), if known.
    pub key: Option<String>,
    /// What is wrong, to be said in words ([`ConfigError::tokens`]).
    pub problem: Box<ConfigProblem>,
    /// What is wrong, with what is allowed, in English (for the log).
    pub message: String,
}

/// What is wrong with a setting, as the words of the tables can say it; the values are data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigProblem {
    /// The file cannot be read.
    Unreadable,
    /// The file is not TOML.
    NotToml,
    /// A setting the program does not have; the names allowed in its place.
    UnknownKey {
        /// The settings of that section.
        allowed: Vec<String>,
    },
    /// A value that is not one of those allowed.
    NotOneOf {
        /// The value as written.
        value: String,
        /// The values allowed.
        allowed: Vec<String>,
    },
    /// A value of the wrong kind.
    WrongKind(ValueKind),
    /// A number outside the range allowed ("0.5 … 2.0").
    OutOfRange {
        /// The value as written.
        value: String,
        /// The range allowed.
        allowed: String,
    },
    /// An empty value where one is needed.
    Empty,
    /// A time control that cannot be read.
    BadTimeControl(Box<crate::clock::ControlError>),
    /// A board spec that is none (`board.peg`, `board.sighted`).
    BadBoard(Box<crate::board::BoardSpecError>),
    /// Another mistake (the message says it).
    Other,
}

/// The kind of value a setting needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// A number (`1.0`).
    Number,
    /// A whole number from zero (`60`).
    WholeNumber,
    /// A text in quotes (`"espeak"`).
    Text,
    /// `true` or `false`.
    TrueOrFalse,
    /// A section (`[game]`).
    Section,
    /// Bytes in hex (`"0a1b2c"`).
    HexBytes,
    /// A list in square brackets (`[600, 300, 60]`).
    List,
}

impl ConfigError {
    /// What is wrong, in words (where it is, and the values, are data: see
    /// [`ConfigError::data`]).
    pub fn tokens(&self) -> Vec<Token> {
        let word = match &*self.problem {
            ConfigProblem::Unreadable => Word::FileUnreadable,
            ConfigProblem::NotToml => Word::NotToml,
            ConfigProblem::UnknownKey { .. } => Word::UnknownSetting,
            ConfigProblem::NotOneOf { .. } => Word::NotAllowedValue,
            ConfigProblem::WrongKind(ValueKind::Number) => Word::NumberExpected,
            ConfigProblem::WrongKind(ValueKind::WholeNumber) => Word::WholeNumberExpected,
            ConfigProblem::WrongKind(ValueKind::Text) => Word::TextExpected,
            ConfigProblem::WrongKind(ValueKind::TrueOrFalse) => Word::TrueOrFalseExpected,
            ConfigProblem::WrongKind(ValueKind::Section) => Word::SectionExpected,
            ConfigProblem::WrongKind(ValueKind::HexBytes) => Word::HexBytesExpected,
            ConfigProblem::WrongKind(ValueKind::List) => Word::ListExpected,
            ConfigProblem::OutOfRange { .. } => Word::OutOfRange,
            ConfigProblem::Empty => Word::ValueMissing,
            ConfigProblem::BadTimeControl(err) => {
                let mut tokens = vec![Token::Word(Word::BadTimeControl), Token::Pause];
                tokens.extend(err.tokens());
                return tokens;
            }
            ConfigProblem::BadBoard(err) => return err.tokens(),
            ConfigProblem::Other => return Vec::new(),
        };
        vec![Token::Word(word)]
    }

    /// The values that go with the words: the value written, then what is allowed
    /// ("it", "de, en, fr").
    pub fn data(&self) -> Vec<String> {
        match &*self.problem {
            ConfigProblem::UnknownKey { allowed } if !allowed.is_empty() => {
                vec![allowed.join(", ")]
            }
            ConfigProblem::NotOneOf { value, allowed } => vec![value.clone(), allowed.join(", ")],
            ConfigProblem::OutOfRange { value, allowed } => vec![value.clone(), allowed.clone()],
            ConfigProblem::BadBoard(err) => vec![err.input.clone(), err.example()],
            _ => Vec::new(),
        }
    }

    /// A right value of the setting, for a value of the wrong kind: its default as the file
    /// writes it ("[600, 300, 120, 60, 30]", "1.0", "\"de\"").
    pub fn example(&self) -> Option<String> {
        if !matches!(&*self.problem, ConfigProblem::WrongKind(_)) {
            return None;
        }
        let defaults = toml::Table::try_from(Settings::default()).ok()?;
        let mut value = toml::Value::Table(defaults);
        for part in self.key.as_deref()?.split('.') {
            value = value.as_table()?.get(part)?.clone();
        }
        let empty = match &value {
            toml::Value::Table(_) => true,
            toml::Value::Array(items) => items.is_empty(),
            toml::Value::String(text) => text.is_empty(),
            _ => false,
        };
        (!empty).then(|| value.to_string())
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}", file.display())?;
            if let Some(line) = self.line {
                write!(f, " line {line}")?;
            }
            write!(f, ": ")?;
        }
        if let Some(key) = &self.key {
            write!(f, "{key}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConfigError {}

impl Settings {
    /// Reads settings from TOML text; `file` is only for messages.
    pub fn from_toml(text: &str, file: Option<&Path>) -> Result<Settings, ConfigError> {
        let at = |span: Option<std::ops::Range<usize>>| {
            span.map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1)
        };
        let table = match text.parse::<toml::Table>() {
            Ok(table) => table,
            Err(err) => {
                return Err(ConfigError {
                    file: file.map(Path::to_path_buf),
                    line: at(err.span()),
                    key: None,
                    problem: Box::new(ConfigProblem::NotToml),
                    message: err.message().trim().to_string(),
                });
            }
        };
        if let Some((key, err)) = board_spec_error(&table) {
            return Err(ConfigError {
                file: file.map(Path::to_path_buf),
                line: line_of_key(text, &key),
                key: Some(key),
                message: err.to_string(),
                problem: Box::new(ConfigProblem::BadBoard(Box::new(err))),
            });
        }
        let settings: Settings = toml::from_str(text).map_err(|err| {
            let message = err.message().trim().to_string();
            let line = at(err.span());
            let (problem, name) = problem_of(&message);
            let section = line.and_then(|line| section_at(text, line));
            let key = match name {
                // The unknown name itself, in its section.
                Some(name) => Some(match section.filter(|s| !s.is_empty()) {
                    Some(section) if !line.is_some_and(|l| is_header(text, l)) => {
                        format!("{section}.{name}")
                    }
                    _ => name,
                }),
                None => line.and_then(|line| key_at(text, line)),
            };
            ConfigError {
                file: file.map(Path::to_path_buf),
                line,
                key,
                problem: Box::new(problem),
                message,
            }
        })?;
        settings
            .check()
            .map_err(|(key, problem, message)| ConfigError {
                file: file.map(Path::to_path_buf),
                line: line_of_key(text, &key),
                key: Some(key),
                problem: Box::new(problem),
                message,
            })?;
        Ok(settings)
    }

    /// The settings as TOML, as `annexd config` prints them.
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).expect("settings always serialise")
    }

    /// Checks values the types alone do not: returns the key, what is wrong, and the same
    /// in English for the log.
    pub fn check(&self) -> Result<(), (String, ConfigProblem, String)> {
        let out_of_range = |key: &str, value: String, allowed: &str, message: String| {
            Err((
                key.to_string(),
                ConfigProblem::OutOfRange {
                    value,
                    allowed: allowed.to_string(),
                },
                message,
            ))
        };
        if !(0.5..=2.0).contains(&self.speech.rate) {
            return out_of_range(
                "speech.rate",
                self.speech.rate.to_string(),
                "0.5 … 2.0",
                format!(
                    "{} is out of range: use 0.5 … 2.0 (1.0 is normal)",
                    self.speech.rate
                ),
            );
        }
        if self.speech.pause_ms > 2000 {
            return out_of_range(
                "speech.pause-ms",
                self.speech.pause_ms.to_string(),
                "0 … 2000",
                format!("{} ms is too long: use 0 … 2000", self.speech.pause_ms),
            );
        }
        if !matches!(self.board.peg_speed, 1200..=4_000_000) {
            return out_of_range(
                "board.peg-speed",
                self.board.peg_speed.to_string(),
                "1200 … 4000000",
                format!(
                    "{} baud is not a serial speed: e.g. 115200",
                    self.board.peg_speed
                ),
            );
        }
        if let Err(err) = parse_hex(&self.board.pegasus_key) {
            return Err((
                "board.pegasus-key".into(),
                ConfigProblem::WrongKind(ValueKind::HexBytes),
                err,
            ));
        }
        if !self.game.time_control.trim().is_empty()
            && let Err(err) = TimeControl::parse(&self.game.time_control)
        {
            let message = err.to_string();
            return Err((
                "game.time-control".into(),
                ConfigProblem::BadTimeControl(Box::new(err)),
                message,
            ));
        }
        if self.clock.countdown_below_seconds > 0 && self.clock.countdown_every_seconds == 0 {
            return out_of_range(
                "clock.countdown-every-seconds",
                "0".into(),
                "1 …",
                "0 s is no step: use 1 or more, or countdown-below-seconds = 0".into(),
            );
        }
        if self.speech.voice.trim().is_empty() {
            return Err((
                "speech.voice".into(),
                ConfigProblem::Empty,
                "a voice name is needed, e.g. espeak".into(),
            ));
        }
        Ok(())
    }
}

/// What serde's message (as `toml` passes it on) says is wrong, and the name it is about
/// when that is an unknown one. serde words its messages the same way for every format:
/// "unknown field `x`, expected one of `a`, `b`", "unknown variant `x`, expected `a` or
/// `b`", "invalid type: string \"x\", expected f32".
fn problem_of(message: &str) -> (ConfigProblem, Option<String>) {
    let quoted = |text: &str| -> Vec<String> {
        text.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let mut names = quoted(rest);
        if !names.is_empty() {
            let name = names.remove(0);
            return (ConfigProblem::UnknownKey { allowed: names }, Some(name));
        }
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let mut names = quoted(rest);
        if !names.is_empty() {
            let value = names.remove(0);
            return (
                ConfigProblem::NotOneOf {
                    value,
                    allowed: names,
                },
                None,
            );
        }
    }
    if message.starts_with("invalid type:") || message.starts_with("invalid value:") {
        let expected = message.rsplit("expected ").next().unwrap_or("").trim();
        let kind = match expected {
            "f32" | "f64" => Some(ValueKind::Number),
            "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" => {
                Some(ValueKind::WholeNumber)
            }
            "a string" | "a character" => Some(ValueKind::Text),
            "a boolean" => Some(ValueKind::TrueOrFalse),
            "a sequence" => Some(ValueKind::List),
            _ if expected.starts_with("struct ") || expected.starts_with("a map") => {
                Some(ValueKind::Section)
            }
            _ => None,
        };
        if let Some(kind) = kind {
            return (ConfigProblem::WrongKind(kind), None);
        }
    }
    if message.starts_with("wanted string or table") {
        return (ConfigProblem::WrongKind(ValueKind::Text), None);
    }
    (ConfigProblem::Other, None)
}

/// Whether line `line` (1-based) is a section header (`[game]`).
fn is_header(text: &str, line: usize) -> bool {
    text.lines()
        .nth(line - 1)
        .is_some_and(|l| l.trim_start().starts_with('['))
}

/// The section a line (1-based) stands in: the last header before it ("" before any).
fn section_at(text: &str, line: usize) -> Option<String> {
    let mut section = String::new();
    for (i, l) in text.lines().enumerate() {
        if i + 1 > line {
            break;
        }
        let trimmed = l.trim();
        if trimmed.starts_with('[') && i + 1 < line {
            section = trimmed
                .trim_matches(|c| c == '[' || c == ']')
                .trim()
                .to_string();
        }
    }
    Some(section)
}

/// The dotted key set on a line (1-based): `game.language`.
fn key_at(text: &str, line: usize) -> Option<String> {
    let l = text.lines().nth(line - 1)?.trim();
    if l.starts_with('[') {
        return Some(l.trim_matches(|c| c == '[' || c == ']').trim().to_string());
    }
    let name = l.split('=').next()?.trim();
    if name.is_empty() {
        return None;
    }
    match section_at(text, line).filter(|s| !s.is_empty()) {
        Some(section) => Some(format!("{section}.{name}")),
        None => Some(name.to_string()),
    }
}

/// The line where a dotted key (`game.language`) is set, for messages.
fn line_of_key(text: &str, key: &str) -> Option<usize> {
    let (table, name) = key.rsplit_once('.')?;
    let mut in_table = false;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            in_table = trimmed.trim_matches(|c| c == '[' || c == ']').trim() == table;
        } else if in_table && trimmed.split('=').next().is_some_and(|k| k.trim() == name) {
            return Some(i + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_round_trip_through_toml() {
        let settings = Settings::default();
        assert_eq!(
            Settings::from_toml(&settings.to_toml(), None).unwrap(),
            settings
        );
    }

    #[test]
    fn a_bad_value_is_reported_by_name_and_line() {
        let text = "[game]\nlanguage = \"it\"\n";
        let err = Settings::from_toml(text, Some(Path::new("a.toml"))).unwrap_err();
        assert_eq!(err.line, Some(2));
        assert!(err.to_string().starts_with("a.toml line 2: "), "{err}");
        assert!(err.message.contains("it"), "{err}");
        assert!(
            err.message.contains("fr"),
            "the languages are listed: {err}"
        );

        let text = "[game]\nlanguage = \"fr\"\nwords = \"german\"\n";
        let err = Settings::from_toml(text, Some(Path::new("a.toml"))).unwrap_err();
        assert_eq!(err.line, Some(3));
        assert!(err.message.contains("annex-d"), "{err}");

        let text = "[speech]\nbackend = \"clips\"\nrate = 5.0\n";
        let err = Settings::from_toml(text, Some(Path::new("a.toml"))).unwrap_err();
        assert_eq!(err.line, Some(3));
        assert_eq!(err.key.as_deref(), Some("speech.rate"));

        let text = "[game]\nlanguag = \"de\"\n";
        let err = Settings::from_toml(text, None).unwrap_err();
        assert_eq!(err.line, Some(2));
        assert!(err.message.contains("languag"), "{err}");
    }

    #[test]
    fn every_mistake_is_said_in_words_with_its_key_and_values_as_data() {
        let cases: &[(&str, Option<&str>, Word, &[&str])] = &[
            (
                "[game]\nlanguage = \"it\"\n",
                Some("game.language"),
                Word::NotAllowedValue,
                &["it", "de, en, fr"],
            ),
            (
                "[game]\nlanguag = \"de\"\n",
                Some("game.languag"),
                Word::UnknownSetting,
                &[],
            ),
            ("[gam]\nx = 1\n", Some("gam"), Word::UnknownSetting, &[]),
            (
                "[speech]\nrate = \"fast\"\n",
                Some("speech.rate"),
                Word::NumberExpected,
                &[],
            ),
            (
                "[speech]\npause-ms = -1\n",
                Some("speech.pause-ms"),
                Word::WholeNumberExpected,
                &[],
            ),
            (
                "[speech]\nstereo-split = 1\n",
                Some("speech.stereo-split"),
                Word::TrueOrFalseExpected,
                &[],
            ),
            (
                "[game]\nwhite = 3\n",
                Some("game.white"),
                Word::TextExpected,
                &[],
            ),
            ("game = 3\n", Some("game"), Word::SectionExpected, &[]),
            ("[game\n", None, Word::NotToml, &[]),
            (
                "[speech]\nrate = 5.0\n",
                Some("speech.rate"),
                Word::OutOfRange,
                &["5", "0.5 … 2.0"],
            ),
            (
                "[game]\ntime-control = \"90x\"\n",
                Some("game.time-control"),
                Word::BadTimeControl,
                &[],
            ),
            (
                "[speech]\nvoice = \" \"\n",
                Some("speech.voice"),
                Word::ValueMissing,
                &[],
            ),
        ];
        for (text, key, word, data) in cases {
            let err = Settings::from_toml(text, None).unwrap_err();
            assert_eq!(err.key.as_deref(), *key, "{text}: {err:?}");
            assert_eq!(err.tokens()[0], Token::Word(*word), "{text}: {err:?}");
            if !data.is_empty() {
                assert_eq!(err.data(), *data, "{text}: {err:?}");
            }
        }
        let err = Settings::from_toml("[game]\nlanguag = \"de\"\n", None).unwrap_err();
        assert!(
            err.data()[0].contains("language, words"),
            "{:?}",
            err.data()
        );
    }

    #[test]
    fn partial_files_keep_the_other_defaults() {
        let settings = Settings::from_toml("[game]\nlanguage = \"en\"\n", None).unwrap();
        assert_eq!(settings.game.language, Lang::En);
        assert_eq!(settings.game.words, WordSet::AnnexD);
        let text = "[game]\nlanguage = \"fr\"\nwords = \"local\"\n";
        let settings = Settings::from_toml(text, None).unwrap();
        assert_eq!(
            settings.game.speech(),
            Speech::new(Lang::Fr, WordSet::Local)
        );
        assert_eq!(settings.speech, SpeechSettings::default());
        assert_eq!(settings.speech.backend, crate::speech::DEFAULT_BACKEND);
        assert_eq!(
            crate::speech::DEFAULT_BACKEND,
            if cfg!(windows) {
                BackendKind::ScreenReader
            } else {
                BackendKind::Text
            }
        );
    }

    #[test]
    fn a_time_control_that_is_no_time_control_is_refused_by_name_and_line() {
        let text = "[game]\ntime-control = \"90x\"\n";
        let err = Settings::from_toml(text, Some(Path::new("a.toml"))).unwrap_err();
        assert_eq!(err.key.as_deref(), Some("game.time-control"));
        assert_eq!(err.line, Some(2));
        let fine = "[game]\ntime-control = \"90+30\"\n";
        assert!(Settings::from_toml(fine, None).is_ok());
    }

    #[test]
    fn the_countdown_starts_where_the_settings_say() {
        let mut clock = ClockSettings {
            warnings_seconds: vec![300, 60],
            countdown_below_seconds: 45,
            countdown_every_seconds: 5,
            ..ClockSettings::default()
        };
        let config = clock.announce_config();
        assert_eq!(config.countdown_below, Some(Duration::from_secs(45)));
        assert_eq!(config.final_every, Some(Duration::from_secs(5)));
        clock.countdown_below_seconds = 0;
        assert_eq!(clock.announce_config().final_every, None);
        // The default settings say what the clock says by default.
        let (settings, default) = (
            ClockSettings::default().announce_config(),
            AnnounceConfig::default(),
        );
        let mut ceiling = (Duration::from_secs(3 * 3600), Duration::from_secs(3 * 3600));
        loop {
            let next = (settings.next_mark(ceiling.0), default.next_mark(ceiling.1));
            assert_eq!(next.0, next.1);
            match next.0 {
                Some((mark, _)) => ceiling = (mark, mark),
                None => break,
            }
        }
    }

    #[test]
    fn boards_are_specs_checked_when_the_settings_are_read() {
        let text = "[board]\npeg = \"/dev/ttyACM0\"\nsighted = \"chesslink:/dev/ttyUSB0\"\n\
                    chesslink-line = \"8n1\"\npegasus-key = \"0a 1b 2c 3d 4e 5f\"\n";
        let settings = Settings::from_toml(text, None).unwrap();
        assert_eq!(settings.board.peg, BoardSpec::Peg("/dev/ttyACM0".into()));
        assert_eq!(settings.board.sighted.to_string(), "chesslink:/dev/ttyUSB0");
        let options = settings.board.options();
        assert_eq!(options.chesslink_line, Line::Serial8N1);
        assert_eq!(
            options.pegasus_key,
            Some(vec![0x0a, 0x1b, 0x2c, 0x3d, 0x4e, 0x5f])
        );
        // Printed as read (annexd config), and read back the same.
        let printed = settings.to_toml();
        assert!(
            printed.contains("sighted = \"chesslink:/dev/ttyUSB0\""),
            "{printed}"
        );
        assert!(printed.contains("chesslink-line = \"8n1\""), "{printed}");
        assert_eq!(Settings::from_toml(&printed, None).unwrap(), settings);
        let defaults = Settings::default().to_toml();
        assert!(defaults.contains("peg = \"none\""), "{defaults}");
        assert!(defaults.contains("sighted = \"typed\""), "{defaults}");

        let text = "[game]\nlanguage = \"de\"\n[board]\nsighted = \"dgr:/dev/ttyUSB0\"\n";
        let err = Settings::from_toml(text, Some(Path::new("a.toml"))).unwrap_err();
        assert_eq!(err.line, Some(4), "{err}");
        assert!(err.message.contains("unknown board kind 'dgr'"), "{err}");
        let text = "[board]\npegasus-key = \"0a1\"\n";
        let err = Settings::from_toml(text, None).unwrap_err();
        assert_eq!(err.key.as_deref(), Some("board.pegasus-key"));
        assert_eq!(err.line, Some(2));
        let text = "[board]\nchesslink-line = \"7e1\"\n";
        let err = Settings::from_toml(text, None).unwrap_err();
        assert!(err.message.contains("8n1"), "{err}");
    }

    #[test]
    fn the_lichess_token_is_read_but_never_printed_or_shown() {
        let text = "[online]\nserver = \"http://127.0.0.1:8080\"\ntoken = \"lip_Secret123\"\n";
        let settings = Settings::from_toml(text, None).unwrap();
        assert_eq!(settings.online.token.expose(), "lip_Secret123");
        assert_eq!(settings.online.server, "http://127.0.0.1:8080");
        let printed = settings.to_toml();
        assert!(!printed.contains("lip_Secret123"), "{printed}");
        assert!(
            printed.contains("server = \"http://127.0.0.1:8080\""),
            "{printed}"
        );
        let shown = format!("{settings:?}");
        assert!(!shown.contains("lip_Secret123"), "{shown}");
        assert!(shown.contains("Secret(hidden)"), "{shown}");
        assert!(Settings::default().online.token.is_empty());
        let err = Settings::from_toml("[online]\ntokn = \"x\"\n", None).unwrap_err();
        assert_eq!(err.key.as_deref(), Some("online.tokn"));
    }
}
