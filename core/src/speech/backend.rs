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
}

impl BackendKind {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Clips => "clips",
            BackendKind::Tts => "tts",
            BackendKind::Text => "text",
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
            other => Err(format!(
                "unknown speech backend '{other}': use clips, tts or text"
            )),
        }
    }
}
