//! Which recogniser listens, and how that is said.
//!
//! Two recognisers stand behind the capture path: **Vosk** (fast, restricted to the grammar
//! of moves and commands, but only where a Vosk model of the language is installed) and
//! **Whisper** (one multilingual model from the package registries, guided by a prompt of
//! the words it is to hear). Both deliver alternatives that the matcher understands the same
//! way. The setting `[listen] recogniser` and `--recogniser` choose; `auto` takes Vosk when
//! a Vosk model of the language is there, else Whisper.

use crate::words::{Token, Word};

/// The setting: which recogniser to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RecogniserChoice {
    /// Vosk when a Vosk model of the language is installed, else Whisper.
    #[default]
    Auto,
    /// Vosk only.
    Vosk,
    /// Whisper only.
    Whisper,
}

impl RecogniserChoice {
    /// The recogniser to use, given whether a Vosk model of the language can be used.
    pub fn resolve(self, vosk_available: bool) -> RecogniserKind {
        match self {
            RecogniserChoice::Vosk => RecogniserKind::Vosk,
            RecogniserChoice::Whisper => RecogniserKind::Whisper,
            RecogniserChoice::Auto if vosk_available => RecogniserKind::Vosk,
            RecogniserChoice::Auto => RecogniserKind::Whisper,
        }
    }
}

impl std::str::FromStr for RecogniserChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" | "" => Ok(RecogniserChoice::Auto),
            "vosk" => Ok(RecogniserChoice::Vosk),
            "whisper" => Ok(RecogniserChoice::Whisper),
            other => Err(format!(
                "unknown recogniser '{other}': use auto, vosk or whisper"
            )),
        }
    }
}

/// A recogniser in use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecogniserKind {
    /// libvosk with a Vosk model.
    Vosk,
    /// Whisper through CTranslate2.
    Whisper,
}

impl RecogniserKind {
    /// Its name, for the log and for scripts.
    pub fn name(self) -> &'static str {
        match self {
            RecogniserKind::Vosk => "vosk",
            RecogniserKind::Whisper => "whisper",
        }
    }

    /// What is said when listening starts: "Spracherkennung, Whisper".
    pub fn tokens(self) -> Vec<Token> {
        let name = match self {
            RecogniserKind::Vosk => Word::Vosk,
            RecogniserKind::Whisper => Word::Whisper,
        };
        vec![
            Token::Word(Word::Recogniser),
            Token::Pause,
            Token::Word(name),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn auto_takes_vosk_where_its_model_is_there_else_whisper() {
        assert_eq!(RecogniserChoice::Auto.resolve(true), RecogniserKind::Vosk);
        assert_eq!(
            RecogniserChoice::Auto.resolve(false),
            RecogniserKind::Whisper
        );
        assert_eq!(
            RecogniserChoice::Whisper.resolve(true),
            RecogniserKind::Whisper
        );
        assert_eq!(RecogniserChoice::Vosk.resolve(false), RecogniserKind::Vosk);
        assert_eq!("Whisper".parse(), Ok(RecogniserChoice::Whisper));
        assert_eq!("auto".parse(), Ok(RecogniserChoice::Auto));
        assert!("sphinx".parse::<RecogniserChoice>().is_err());
    }

    #[test]
    fn the_recogniser_in_use_is_said_in_the_language() {
        let said = |lang: Lang, kind: RecogniserKind| lang.text(&kind.tokens());
        assert_eq!(
            said(Lang::De, RecogniserKind::Whisper),
            "Spracherkennung, Whisper"
        );
        assert_eq!(
            said(Lang::En, RecogniserKind::Vosk),
            "speech recogniser, Vosk"
        );
        assert_eq!(
            said(Lang::Fr, RecogniserKind::Whisper),
            "reconnaissance vocale, Whisper"
        );
    }
}
