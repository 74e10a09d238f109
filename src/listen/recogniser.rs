//! The recognisers behind one trait: [`Recogniser`] decodes the utterances of one stream into
//! [`Heard`] alternatives, says which it is and tells its limits; [`SpeechModel`] is a model
//! loaded for listening, which makes recognisers. Vosk (feature `recognition`,
//! `super::vosk`) and Whisper (feature `whisper`, `super::whisper`) implement them.
//!
//! This is the one place that names the recognition features: [`ENGINES`] lists the
//! recognisers built into the program, and [`load`] finds (with the one model finder,
//! [`super::models::find_model`]) and loads the model of the one the setting
//! `[listen] recogniser` / `--recogniser` chooses (see the core's [`RecogniserChoice`]). A
//! program built without either loads none and says so ([`ModelError::NotBuilt`]); the
//! capture path, the listener and `annexd recognize` are the same in every build.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use super::models::{ModelError, find_model, kind_of};
use annexd_core::listen::{GrammarDecode, Heard, RecogniserChoice, RecogniserKind};
use annexd_core::{Lang, Token, WordSet};
use shakmaty::Chess;

/// What a recogniser can do, for the capture path and the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The rate of the 16-bit mono samples it decodes.
    pub sample_rate: u32,
    /// The longest utterance it decodes whole (Whisper's window): of a longer one, only the
    /// end is decoded. `None`: no limit (Vosk decodes as the audio comes).
    pub longest_utterance: Option<Duration>,
    /// Whether what it hears is always a phrase of the grammar of moves and commands (or
    /// nothing); else it writes free text, which the matcher reads as a transcript.
    pub held_to_grammar: bool,
}

/// A recogniser decoding one stream of 16-bit mono audio at its rate, utterance by
/// utterance.
pub trait Recogniser: Send + std::fmt::Debug {
    /// Which recogniser it is: its name is said when listening starts ("Spracherkennung,
    /// Whisper") and printed by `annexd recognize`.
    fn kind(&self) -> RecogniserKind;

    /// What it can do.
    fn limits(&self) -> Limits;

    /// Always-on mode: the recogniser itself ends an utterance at the silence after speech
    /// (Vosk by its own end-pointer, Whisper by the core's `EndPointer`), and
    /// [`Recogniser::accept`] returns it. Off (push-to-talk): the key ends it, with
    /// [`Recogniser::finish`].
    fn set_end_pointing(&mut self, on: bool);

    /// The position changed (nothing by default: the grammar of moves does not depend on it).
    fn set_position(&mut self, listening: &Listening<'_>) {
        let _ = listening;
    }

    /// Decodes samples of the utterance in progress; returns an utterance when the
    /// recogniser found its end (always-on mode).
    fn accept(&mut self, samples: &[i16]) -> Option<Heard>;

    /// The utterance ends here: what was heard in it, its alternatives best first (nothing
    /// when nobody spoke).
    fn finish(&mut self) -> Heard;

    /// Throws the utterance in progress away.
    fn reset(&mut self);

    /// The figures the last utterance was decided on, for a recogniser that searches inside
    /// the grammar (Whisper): for the benchmark and the log.
    fn last_decode(&self) -> Option<GrammarDecode> {
        None
    }

    /// Decodes one whole utterance (for a recording already cut: the benchmark, tests).
    fn decode(&mut self, utterance: &[i16]) -> Heard {
        self.reset();
        let _ = self.accept(utterance);
        self.finish()
    }
}

/// What a recogniser is made for.
#[derive(Debug, Clone)]
pub struct Listening<'a> {
    /// The language.
    pub lang: Lang,
    /// The word set the session speaks.
    pub words: WordSet,
    /// Empty: the moves and commands. Else only these phrases (one empty phrase: free
    /// speech).
    pub phrases: &'a [String],
    /// The position, if one is known.
    pub position: Option<&'a Chess>,
}

/// A model loaded for listening: Vosk's or Whisper's.
pub trait SpeechModel: Send + Sync + std::fmt::Debug {
    /// Which recogniser it is for.
    fn kind(&self) -> RecogniserKind;

    /// The model folder.
    fn dir(&self) -> &Path;

    /// How long loading took.
    fn load_time(&self) -> Duration;

    /// The rate its recognisers decode.
    fn sample_rate(&self) -> u32;

    /// The words of `words` the model cannot hear, to be said once at start ("diese Wörter
    /// kennt das Sprachmodell nicht, Hector"); `None` when it hears them all.
    fn missing_words_report(&self, words: WordSet) -> Option<Vec<Token>> {
        let _ = words;
        None
    }

    /// Refuses a model of another language (a Vosk model that knows none of the words of
    /// `lang` would hear every move as noise).
    fn knows_words(&self, lang: Lang) -> Result<(), ModelError> {
        let _ = lang;
        Ok(())
    }

    /// A recogniser for `listening`, decoding one stream.
    fn recogniser(
        self: Arc<Self>,
        listening: &Listening<'_>,
    ) -> Result<Box<dyn Recogniser>, ModelError>;
}

/// A model loaded for listening, shared by the recognisers it made.
pub type LoadedModel = Arc<dyn SpeechModel>;

/// A recogniser built into this program.
struct Engine {
    kind: RecogniserKind,
    /// Loads a model of this recogniser from a folder, for listening in a language.
    load: fn(&Path, Lang) -> Result<LoadedModel, ModelError>,
}

/// The recognisers built in: the one place where the features `recognition` (Vosk) and
/// `whisper` are named.
const ENGINES: &[Engine] = &[
    #[cfg(feature = "recognition")]
    Engine {
        kind: RecogniserKind::Vosk,
        load: super::vosk::load,
    },
    #[cfg(feature = "whisper")]
    Engine {
        kind: RecogniserKind::Whisper,
        load: super::whisper::load,
    },
];

/// Whether the program was built with `kind`.
pub fn is_built(kind: RecogniserKind) -> bool {
    ENGINES.iter().any(|e| e.kind == kind)
}

/// Finds and loads the model of the recogniser `choice` asks for. Under `auto`, where Vosk is
/// built in: the kind of `explicit` when a folder is given, else Vosk where a Vosk model of
/// `lang` is installed; else Whisper (where it is built in).
pub fn load(
    choice: RecogniserChoice,
    explicit: Option<&Path>,
    lang: Lang,
) -> Result<LoadedModel, ModelError> {
    if ENGINES.is_empty() {
        return Err(ModelError::NotBuilt);
    }
    let vosk_available = is_built(RecogniserKind::Vosk)
        && match explicit {
            // A folder that is neither kind gets Vosk's reason.
            Some(dir) => kind_of(dir) != Some(RecogniserKind::Whisper),
            None => find_model(RecogniserKind::Vosk, None, lang).is_ok(),
        };
    let kind = match choice {
        RecogniserChoice::Auto if !is_built(RecogniserKind::Whisper) => RecogniserKind::Vosk,
        choice => choice.resolve(vosk_available),
    };
    let Some(engine) = ENGINES.iter().find(|e| e.kind == kind) else {
        return Err(ModelError::NotBuilt);
    };
    (engine.load)(&find_model(kind, explicit, lang)?, lang)
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
        let neither = root.path().join("neither");
        std::fs::create_dir_all(&neither).unwrap();
        let load = |choice, dir: &Path| load(choice, Some(dir), Lang::De).unwrap_err();
        if ENGINES.is_empty() {
            assert_eq!(load(RecogniserChoice::Auto, &whisper), ModelError::NotBuilt);
            return;
        }
        // A Whisper folder under auto: Whisper tries it (and cannot load this one).
        if is_built(RecogniserKind::Whisper) {
            assert_eq!(
                load(RecogniserChoice::Auto, &whisper),
                ModelError::LoadFailed(whisper.clone())
            );
            assert_eq!(
                load(RecogniserChoice::Whisper, &neither),
                ModelError::NotAModel(neither.clone())
            );
        }
        // A folder that is neither: not a model, under auto.
        assert_eq!(
            load(RecogniserChoice::Auto, &neither),
            ModelError::NotAModel(neither.clone())
        );
        // Asked for Vosk, a Whisper folder is no Vosk model.
        if is_built(RecogniserKind::Vosk) {
            assert_eq!(
                load(RecogniserChoice::Vosk, &whisper),
                ModelError::NotAModel(whisper.clone())
            );
        }
    }
}
