//! The recognisers behind one trait: [`Recogniser`] decodes the utterances of one stream into
//! [`Heard`] alternatives, says which it is and tells its limits; [`SpeechModel`] is a model
//! loaded for listening, which makes recognisers. Vosk (feature `recognition`,
//! `super::vosk`) and Whisper (feature `whisper`, `super::whisper`) implement them.
//! Which of them a program has and loads is chosen in one place, `super::engines`; the
//! capture path, the listener and `annexd recognize` use only these traits.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use super::models::ModelError;
use annexd_core::listen::{GrammarDecode, Heard, RecogniserKind};
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
