//! Settings, the types: what can be set, the defaults, and reading them from TOML text with
//! every value checked and every mistake reported by its name and line. Finding and reading
//! the file is the adapters' job (`annexd::config`).

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::game::Pace;
use crate::lang::{Speech, WordSet};
pub use crate::listen::{ListenMode, RecogniserChoice};
use crate::notation::{Lang, Style};
use crate::speech::BackendKind;

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

/// A side by name, in settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideName {
    /// White.
    #[default]
    White,
    /// Black.
    Black,
}

impl From<SideName> for shakmaty::Color {
    fn from(side: SideName) -> Self {
        match side {
            SideName::White => shakmaty::Color::White,
            SideName::Black => shakmaty::Color::Black,
        }
    }
}

/// Speech out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct SpeechSettings {
    /// clips, tts or text (text lines are printed in every case).
    pub backend: BackendKind,
    /// The voice folder name under voices/<language>/.
    pub voice: String,
    /// Speaking rate, 0.5 … 2.0 (1.0 is normal).
    pub rate: f32,
    /// Pause between words of recorded clips, in milliseconds.
    pub pause_ms: u32,
    /// Each player's announcements on one stereo channel (one earphone each).
    pub stereo_split: bool,
}

impl Default for SpeechSettings {
    fn default() -> Self {
        SpeechSettings {
            backend: BackendKind::Text,
            voice: "espeak".into(),
            rate: 1.0,
            pause_ms: 60,
            stereo_split: false,
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
}

impl Default for ListenSettings {
    fn default() -> Self {
        ListenSettings {
            mode: ListenMode::Off,
            recogniser: RecogniserChoice::Auto,
            model: String::new(),
            device: String::new(),
        }
    }
}

/// Boards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct BoardSettings {
    /// The VI player's peg board: a serial port path, "sim" for the simulator, or "none".
    pub peg: String,
    /// Serial speed of the peg board.
    pub peg_speed: u32,
    /// The sighted player's board: "typed" (moves typed or spoken), or a DGT board's port.
    pub sighted: String,
}

impl Default for BoardSettings {
    fn default() -> Self {
        BoardSettings {
            peg: "none".into(),
            peg_speed: 115_200,
            sighted: "typed".into(),
        }
    }
}

/// Clock announcements.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct ClockSettings {
    /// Announce the own time every N minutes of it (0: never).
    pub announce_every_minutes: u32,
    /// Warnings when the own time falls below these, in seconds.
    pub warnings_seconds: Vec<u32>,
    /// Below this many seconds, warn every 10 seconds (0: never).
    pub countdown_below_seconds: u32,
}

impl Default for ClockSettings {
    fn default() -> Self {
        ClockSettings {
            announce_every_minutes: 0,
            warnings_seconds: vec![600, 300, 120, 60, 30],
            countdown_below_seconds: 30,
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
    /// What is wrong, with what is allowed.
    pub message: String,
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
        let settings: Settings = toml::from_str(text).map_err(|err| {
            let line = err
                .span()
                .map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1);
            ConfigError {
                file: file.map(Path::to_path_buf),
                line,
                key: None,
                message: err.message().trim().to_string(),
            }
        })?;
        settings.check().map_err(|(key, message)| ConfigError {
            file: file.map(Path::to_path_buf),
            line: line_of_key(text, &key),
            key: Some(key),
            message,
        })?;
        Ok(settings)
    }

    /// The settings as TOML, as `annexd config` prints them.
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).expect("settings always serialise")
    }

    /// Checks values the types alone do not: returns the key and what is wrong.
    pub fn check(&self) -> Result<(), (String, String)> {
        if !(0.5..=2.0).contains(&self.speech.rate) {
            return Err((
                "speech.rate".into(),
                format!(
                    "{} is out of range: use 0.5 … 2.0 (1.0 is normal)",
                    self.speech.rate
                ),
            ));
        }
        if self.speech.pause_ms > 2000 {
            return Err((
                "speech.pause-ms".into(),
                format!("{} ms is too long: use 0 … 2000", self.speech.pause_ms),
            ));
        }
        if !matches!(self.board.peg_speed, 1200..=4_000_000) {
            return Err((
                "board.peg-speed".into(),
                format!(
                    "{} baud is not a serial speed: e.g. 115200",
                    self.board.peg_speed
                ),
            ));
        }
        if self.speech.voice.trim().is_empty() {
            return Err((
                "speech.voice".into(),
                "a voice name is needed, e.g. espeak".into(),
            ));
        }
        Ok(())
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
        assert_eq!(settings.speech.backend, BackendKind::Text);
    }
}
