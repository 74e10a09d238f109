//! Which output announcements leave by: a setting, named on the command line and in the
//! settings file; the outputs themselves are adapters (`annexd::speech::output`).

/// The kinds of output.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum BackendKind {
    /// Recorded clips of a voice, played through the sound card.
    #[default]
    Clips,
    /// The system's speech engine (speech-dispatcher, SAPI, AVFoundation).
    Tts,
    /// A line of text (for a screen reader or a Braille display).
    Text,
    /// The screen reader's own speech (JAWS or NVDA on Windows), text lines where none speaks.
    #[serde(rename = "screen-reader")]
    ScreenReader,
}

/// The output a game uses when the settings name none: text lines, which a screen reader
/// reads as they appear; on Windows, where JAWS and NVDA can also be asked to say them with
/// their own speech, that (text lines where neither speaks).
pub const DEFAULT_BACKEND: BackendKind = if cfg!(windows) {
    BackendKind::ScreenReader
} else {
    BackendKind::Text
};

impl BackendKind {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Clips => "clips",
            BackendKind::Tts => "tts",
            BackendKind::Text => "text",
            BackendKind::ScreenReader => "screen-reader",
        }
    }
}

impl std::fmt::Display for BackendKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for BackendKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "clips" => Ok(BackendKind::Clips),
            "tts" => Ok(BackendKind::Tts),
            "text" => Ok(BackendKind::Text),
            "screen-reader" => Ok(BackendKind::ScreenReader),
            other => Err(format!(
                "unknown speech backend '{other}': use clips, tts, text or screen-reader"
            )),
        }
    }
}
