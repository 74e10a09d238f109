//! The recognisers behind one face: Vosk (feature `recognition`) and Whisper (feature
//! `whisper`), chosen by the setting `[listen] recogniser` / `--recogniser` (see the core's
//! [`RecogniserChoice`]). [`load`] finds and loads the model of the chosen one; a
//! [`LoadedModel`] makes the [`Recogniser`] the capture pipeline feeds.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use super::models::{ModelError, find_model};
use annexd_core::listen::{Heard, RecogniserChoice, RecogniserKind};
use annexd_core::{Lang, Token, WordSet};
use shakmaty::Chess;

/// A model loaded for listening.
#[derive(Debug, Clone)]
pub enum LoadedModel {
    /// A Vosk model.
    #[cfg(feature = "recognition")]
    Vosk(Arc<super::recogniser::SpeechModel>),
    /// A Whisper model.
    #[cfg(feature = "whisper")]
    Whisper(Arc<super::whisper::WhisperModel>),
}

#[cfg(feature = "recognition")]
impl From<Arc<super::recogniser::SpeechModel>> for LoadedModel {
    fn from(model: Arc<super::recogniser::SpeechModel>) -> Self {
        LoadedModel::Vosk(model)
    }
}

#[cfg(feature = "whisper")]
impl From<Arc<super::whisper::WhisperModel>> for LoadedModel {
    fn from(model: Arc<super::whisper::WhisperModel>) -> Self {
        LoadedModel::Whisper(model)
    }
}

/// What a recogniser is made for.
#[derive(Debug, Clone)]
pub struct Listening<'a> {
    /// The language.
    pub lang: Lang,
    /// The word set the session speaks.
    pub words: WordSet,
    /// Empty: the moves and commands. Else only these phrases (Vosk; one empty phrase: free
    /// speech).
    pub phrases: &'a [String],
    /// The position, for Whisper's prompt (`None`: every word of moves).
    pub position: Option<&'a Chess>,
}

impl LoadedModel {
    /// Which recogniser this is.
    pub fn kind(&self) -> RecogniserKind {
        match self {
            #[cfg(feature = "recognition")]
            LoadedModel::Vosk(_) => RecogniserKind::Vosk,
            #[cfg(feature = "whisper")]
            LoadedModel::Whisper(_) => RecogniserKind::Whisper,
        }
    }

    /// The model folder.
    pub fn dir(&self) -> &Path {
        match self {
            #[cfg(feature = "recognition")]
            LoadedModel::Vosk(m) => &m.dir,
            #[cfg(feature = "whisper")]
            LoadedModel::Whisper(m) => &m.dir,
        }
    }

    /// How long loading took.
    pub fn load_time(&self) -> Duration {
        match self {
            #[cfg(feature = "recognition")]
            LoadedModel::Vosk(m) => m.load_time,
            #[cfg(feature = "whisper")]
            LoadedModel::Whisper(m) => m.load_time,
        }
    }

    /// The rate the recogniser decodes.
    pub fn sample_rate(&self) -> u32 {
        match self {
            #[cfg(feature = "recognition")]
            LoadedModel::Vosk(m) => m.sample_rate,
            #[cfg(feature = "whisper")]
            LoadedModel::Whisper(_) => super::whisper::mel::RATE,
        }
    }

    /// The words of `words` the model cannot hear, to be said once at start (Vosk only:
    /// Whisper writes any word).
    pub fn missing_words_report(&self, words: WordSet) -> Option<Vec<Token>> {
        match self {
            #[cfg(feature = "recognition")]
            LoadedModel::Vosk(m) => m.missing_words_report(words),
            #[cfg(feature = "whisper")]
            LoadedModel::Whisper(_) => {
                let _ = words;
                None
            }
        }
    }

    /// A recogniser for `listening`.
    pub fn recogniser(&self, listening: &Listening<'_>) -> Result<Recogniser, ModelError> {
        match self {
            #[cfg(feature = "recognition")]
            LoadedModel::Vosk(m) => Ok(Recogniser::Vosk(if listening.phrases.is_empty() {
                m.recogniser()?
            } else {
                m.recogniser_for(listening.phrases)?
            })),
            #[cfg(feature = "whisper")]
            LoadedModel::Whisper(m) => {
                Ok(Recogniser::Whisper(super::whisper::WhisperRecogniser::new(
                    Arc::clone(m),
                    listening.lang,
                    prompt_for(listening),
                )))
            }
        }
    }
}

/// Whisper's prompt: the phrases given, else the words of the position's moves.
#[cfg(feature = "whisper")]
pub fn prompt_for(listening: &Listening<'_>) -> String {
    if listening.phrases.is_empty() {
        annexd_core::listen::prompt(
            listening.position,
            annexd_core::Speech::new(listening.lang, listening.words),
        )
    } else {
        listening.phrases.join(" ")
    }
}

/// A recogniser decoding one stream.
#[derive(Debug)]
pub enum Recogniser {
    /// Vosk's.
    #[cfg(feature = "recognition")]
    Vosk(super::recogniser::VoskRecogniser),
    /// Whisper's.
    #[cfg(feature = "whisper")]
    Whisper(super::whisper::WhisperRecogniser),
}

impl Recogniser {
    /// The rate it expects.
    pub fn sample_rate(&self) -> u32 {
        match self {
            #[cfg(feature = "recognition")]
            Recogniser::Vosk(r) => r.sample_rate(),
            #[cfg(feature = "whisper")]
            Recogniser::Whisper(r) => r.sample_rate(),
        }
    }

    /// Always-on mode: the recogniser itself finds where utterances end (Vosk always does;
    /// Whisper then uses the core's end-pointer).
    pub fn set_end_pointing(&mut self, on: bool) {
        match self {
            #[cfg(feature = "recognition")]
            Recogniser::Vosk(_) => {}
            #[cfg(feature = "whisper")]
            Recogniser::Whisper(r) => r.set_end_pointing(on),
        }
        let _ = on;
    }

    /// The position changed: Whisper's prompt follows it (Vosk's grammar does not depend on
    /// it).
    pub fn set_position(&mut self, listening: &Listening<'_>) {
        match self {
            #[cfg(feature = "recognition")]
            Recogniser::Vosk(_) => {}
            #[cfg(feature = "whisper")]
            Recogniser::Whisper(r) => r.set_prompt(prompt_for(listening)),
        }
        let _ = listening;
    }

    /// Decodes samples; returns an utterance when the recogniser found its end.
    pub fn accept(&mut self, samples: &[i16]) -> Option<Heard> {
        match self {
            #[cfg(feature = "recognition")]
            Recogniser::Vosk(r) => r.accept(samples),
            #[cfg(feature = "whisper")]
            Recogniser::Whisper(r) => r.accept(samples),
        }
    }

    /// Ends the utterance and returns what was heard in it.
    pub fn finish(&mut self) -> Heard {
        match self {
            #[cfg(feature = "recognition")]
            Recogniser::Vosk(r) => r.finish(),
            #[cfg(feature = "whisper")]
            Recogniser::Whisper(r) => r.finish(),
        }
    }

    /// Throws the utterance in progress away.
    pub fn reset(&mut self) {
        match self {
            #[cfg(feature = "recognition")]
            Recogniser::Vosk(r) => r.reset(),
            #[cfg(feature = "whisper")]
            Recogniser::Whisper(r) => r.reset(),
        }
    }
}

/// Finds and loads the model of the recogniser `choice` asks for. Under `auto`: the kind of
/// `explicit` when a folder is given, else Vosk where Vosk is built in and a Vosk model of
/// `lang` is installed, else Whisper (where it is built in).
pub fn load(
    choice: RecogniserChoice,
    explicit: Option<&Path>,
    lang: Lang,
) -> Result<LoadedModel, ModelError> {
    let vosk_built = cfg!(feature = "recognition");
    let whisper_built = cfg!(feature = "whisper");
    let vosk_available = match explicit {
        Some(dir) => !super::models::is_whisper_dir(dir),
        None => vosk_built && find_model(None, lang).is_ok(),
    };
    let kind = match choice {
        RecogniserChoice::Auto if !whisper_built => RecogniserKind::Vosk,
        choice => choice.resolve(vosk_available),
    };
    match kind {
        RecogniserKind::Vosk => load_vosk(&find_model(explicit, lang)?, lang),
        RecogniserKind::Whisper => {
            load_whisper(&super::models::find_whisper_model(explicit, lang)?)
        }
    }
}

/// Refuses a model of another language (a Vosk model that knows none of the words of
/// `lang` would hear every move as noise); Whisper hears every language.
pub fn knows_words(model: &LoadedModel, lang: Lang) -> Result<(), ModelError> {
    match model {
        #[cfg(feature = "recognition")]
        LoadedModel::Vosk(model) if model.knows_no_word() => {
            let example_tokens = model.missing_examples(3);
            Err(ModelError::KnowsNoWord {
                dir: model.dir.clone(),
                lang,
                examples: example_tokens
                    .iter()
                    .map(|t| lang.text(std::slice::from_ref(t)))
                    .collect(),
                example_tokens,
            })
        }
        _ => {
            let _ = lang;
            Ok(())
        }
    }
}

#[cfg(feature = "recognition")]
fn load_vosk(dir: &Path, lang: Lang) -> Result<LoadedModel, ModelError> {
    let model = super::recogniser::SpeechModel::load(dir, lang)?;
    Ok(LoadedModel::Vosk(Arc::new(model)))
}

#[cfg(not(feature = "recognition"))]
fn load_vosk(_dir: &Path, _lang: Lang) -> Result<LoadedModel, ModelError> {
    Err(ModelError::NotBuilt)
}

#[cfg(feature = "whisper")]
fn load_whisper(dir: &Path) -> Result<LoadedModel, ModelError> {
    Ok(LoadedModel::Whisper(Arc::new(
        super::whisper::WhisperModel::load(dir)?,
    )))
}

#[cfg(not(feature = "whisper"))]
fn load_whisper(_dir: &Path) -> Result<LoadedModel, ModelError> {
    Err(ModelError::NotBuilt)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder that looks like a Whisper model but holds none.
    fn fake_whisper(root: &Path) -> std::path::PathBuf {
        let dir = root.join("whisper-fake");
        std::fs::create_dir_all(&dir).unwrap();
        for file in ["model.bin", "tokenizer.json", "config.json"] {
            std::fs::write(dir.join(file), b"not a model").unwrap();
        }
        dir
    }

    #[test]
    fn the_folder_given_decides_the_recogniser_under_auto() {
        let root = tempfile::tempdir().unwrap();
        let whisper = fake_whisper(root.path());
        // A Whisper folder under auto: Whisper tries it (and cannot load this one).
        let err = load(RecogniserChoice::Auto, Some(&whisper), Lang::De).unwrap_err();
        if cfg!(feature = "whisper") {
            assert_eq!(err, ModelError::LoadFailed(whisper.clone()));
        }
        // A folder that is neither: Vosk's reason under auto, Whisper's under whisper.
        let neither = root.path().join("neither");
        std::fs::create_dir_all(&neither).unwrap();
        assert_eq!(
            load(RecogniserChoice::Auto, Some(&neither), Lang::De).unwrap_err(),
            ModelError::NotAModel(neither.clone())
        );
        assert_eq!(
            load(RecogniserChoice::Whisper, Some(&neither), Lang::De).unwrap_err(),
            ModelError::NotAModel(neither.clone())
        );
        // Asked for Vosk, a Whisper folder is no Vosk model.
        if cfg!(feature = "recognition") {
            assert_eq!(
                load(RecogniserChoice::Vosk, Some(&whisper), Lang::De).unwrap_err(),
                ModelError::NotAModel(whisper.clone())
            );
        }
    }
}
