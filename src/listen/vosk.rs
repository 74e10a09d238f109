//! The Vosk adapter: loading a model, checking its words, and decoding 16-bit audio into
//! [`Heard`] alternatives, behind the [`SpeechModel`] and [`Recogniser`] traits. Only
//! compiled with the `recognition` feature (libvosk).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Once};
use std::time::{Duration, Instant};

use vosk::{CompleteResult, DecodingState, Model, Recognizer};

use super::models::{ModelError, is_model_dir};
use super::recogniser::{Limits, Listening, LoadedModel, Recogniser, SpeechModel};
use annexd_core::listen::{Heard, HeardFrom, Lexicon, ModelWords, RecogniserKind, grammar_strings};
use annexd_core::{Lang, Speech, Token, Word, WordSet};

/// How many alternatives the recogniser is asked for.
pub const ALTERNATIVES: u16 = 5;

/// The rate Kaldi's models (Vosk's) are trained at, unless their `conf/mfcc.conf` says
/// otherwise.
const KALDI_RATE: u32 = 16_000;

/// The spellings models use for their noise word, tried in order.
const NOISE_WORDS: [&str; 3] = ["[unk]", "<unk>", "<UNK>"];

/// A loaded model with the words of one language checked against its dictionary.
pub struct VoskModel {
    model: Model,
    /// The model folder.
    pub dir: PathBuf,
    /// The language listened for.
    pub lang: Lang,
    /// The spellings the model knows for each word, and the words it does not know.
    pub words: ModelWords,
    /// The model's noise word, if it has one.
    pub noise_word: Option<String>,
    /// The sample rate it decodes.
    pub sample_rate: u32,
    /// Whether it can be restricted to a grammar (small models can).
    pub grammar_supported: bool,
    /// How long loading took.
    pub load_time: Duration,
    grammar: Vec<String>,
    /// What it cannot hear in each word set (by `WordSet as usize`), for the report.
    unknown: [Vec<Token>; 2],
}

impl std::fmt::Debug for VoskModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VoskModel")
            .field("dir", &self.dir)
            .field("lang", &self.lang)
            .field("missing", &self.words.missing)
            .field("sample_rate", &self.sample_rate)
            .finish_non_exhaustive()
    }
}

/// Keeps libvosk's own log (Kaldi's progress lines) off the terminal, once per process.
fn quiet_libvosk() {
    static QUIET: Once = Once::new();
    QUIET.call_once(|| vosk::set_log_level(vosk::LogLevel::Error));
}

/// Loads the Vosk model in `dir` for listening in `lang` (see [`VoskModel::load`]).
pub fn load(dir: &Path, lang: Lang) -> Result<LoadedModel, ModelError> {
    Ok(Arc::new(VoskModel::load(dir, lang)?))
}

impl VoskModel {
    /// Loads the model in `dir` for listening in `lang` (about 1.5 s and 500 MB for a large
    /// model, a fraction for a small one), and checks which words it knows.
    pub fn load(dir: &Path, lang: Lang) -> Result<VoskModel, ModelError> {
        if !is_model_dir(RecogniserKind::Vosk, dir) {
            return Err(ModelError::NotAModel(dir.to_path_buf()));
        }
        quiet_libvosk();
        let started = Instant::now();
        let path = dir
            .to_str()
            .ok_or_else(|| ModelError::LoadFailed(dir.to_path_buf()))?;
        let mut model =
            Model::new(path).ok_or_else(|| ModelError::LoadFailed(dir.to_path_buf()))?;
        let load_time = started.elapsed();
        let lexicon = Lexicon::get(lang);
        let words = lexicon.check_model(|w| model.find_word(w).is_some());
        let unknown = WordSet::ALL.map(|set| {
            lexicon.unknown_tokens(Speech::new(lang, set), |w| model.find_word(w).is_some())
        });
        let noise_word = NOISE_WORDS
            .iter()
            .find(|w| model.find_word(w).is_some())
            .map(|w| w.to_string());
        let grammar = grammar_strings(lexicon, &words, noise_word.as_deref());
        Ok(VoskModel {
            model,
            dir: dir.to_path_buf(),
            lang,
            words,
            noise_word,
            sample_rate: model_sample_rate(dir),
            grammar_supported: supports_grammar(dir),
            load_time,
            grammar,
            unknown,
        })
    }

    /// True when the model knows none of the words: it is for another language.
    pub fn knows_no_word(&self) -> bool {
        self.words.spellings.iter().all(Vec::is_empty)
    }

    /// The first `n` of the words the model does not know in any spelling, to name them.
    pub fn missing_examples(&self, n: usize) -> Vec<Token> {
        let mut tokens = self.words.missing_tokens(Lexicon::get(self.lang));
        tokens.truncate(n);
        tokens
    }

    /// The one line said at start when the model lacks words of the word set the session
    /// speaks ("diese Wörter kennt das Sprachmodell nicht, Hector, en passant"; a French model
    /// without "Springer" with the Annex D words). `None` when it knows them all.
    pub fn missing_words_report(&self, words: WordSet) -> Option<Vec<Token>> {
        let missing = &self.unknown[words as usize];
        if missing.is_empty() {
            return None;
        }
        let mut tokens = vec![Token::Word(Word::ModelUnknownWords), Token::Pause];
        for (i, &token) in missing.iter().enumerate() {
            if i > 0 {
                tokens.push(Token::Pause);
            }
            tokens.push(token);
        }
        Some(tokens)
    }

    /// The grammar phrases the recogniser is restricted to (in the model's spellings).
    pub fn grammar(&self) -> &[String] {
        &self.grammar
    }

    /// A recogniser restricted to the spoken notation and commands of the language.
    pub fn recogniser(&self) -> Result<VoskRecogniser, ModelError> {
        self.recogniser_for(&self.grammar)
    }

    /// A recogniser restricted to `phrases` (words the model does not know are dropped by
    /// libvosk); no phrase (or only empty ones) decodes free speech with the model's own
    /// language model (slower, about 1 s an utterance on two cores).
    pub fn recogniser_for(&self, phrases: &[String]) -> Result<VoskRecogniser, ModelError> {
        let rate = self.sample_rate as f32;
        let free = phrases.iter().all(|p| p.trim().is_empty());
        let inner = if free {
            Recognizer::new(&self.model, rate)
        } else {
            Recognizer::new_with_grammar(&self.model, rate, phrases)
        }
        .ok_or_else(|| ModelError::RecogniserFailed(self.dir.clone()))?;
        let mut recogniser = VoskRecogniser {
            inner,
            sample_rate: self.sample_rate,
            held_to_grammar: self.grammar_supported && !free,
        };
        recogniser.inner.set_max_alternatives(ALTERNATIVES);
        Ok(recogniser)
    }
}

impl SpeechModel for VoskModel {
    fn kind(&self) -> RecogniserKind {
        RecogniserKind::Vosk
    }

    fn dir(&self) -> &Path {
        &self.dir
    }

    fn load_time(&self) -> Duration {
        self.load_time
    }

    fn sample_rate(&self) -> u32 {
        self.sample_rate
    }

    fn missing_words_report(&self, words: WordSet) -> Option<Vec<Token>> {
        VoskModel::missing_words_report(self, words)
    }

    fn knows_words(&self, lang: Lang) -> Result<(), ModelError> {
        if !self.knows_no_word() {
            return Ok(());
        }
        let example_tokens = self.missing_examples(3);
        Err(ModelError::KnowsNoWord {
            dir: self.dir.clone(),
            lang,
            examples: example_tokens
                .iter()
                .map(|t| lang.text(std::slice::from_ref(t)))
                .collect(),
            example_tokens,
        })
    }

    fn recogniser(
        self: Arc<Self>,
        listening: &Listening<'_>,
    ) -> Result<Box<dyn Recogniser>, ModelError> {
        let recogniser = if listening.phrases.is_empty() {
            VoskModel::recogniser(&self)?
        } else {
            self.recogniser_for(listening.phrases)?
        };
        Ok(Box::new(recogniser))
    }
}

/// Decodes one stream of 16-bit mono audio at the model's rate into utterances.
pub struct VoskRecogniser {
    inner: Recognizer,
    sample_rate: u32,
    /// A small model with a grammar: every word it hears is one of the grammar's.
    held_to_grammar: bool,
}

impl std::fmt::Debug for VoskRecogniser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VoskRecogniser")
            .field("sample_rate", &self.sample_rate)
            .finish_non_exhaustive()
    }
}

impl Recogniser for VoskRecogniser {
    fn kind(&self) -> RecogniserKind {
        RecogniserKind::Vosk
    }

    fn limits(&self) -> Limits {
        Limits {
            sample_rate: self.sample_rate,
            longest_utterance: None,
            held_to_grammar: self.held_to_grammar,
        }
    }

    /// Vosk's own end-pointer always runs: in push-to-talk mode, the pieces it cuts an
    /// utterance into are joined by the pipeline.
    fn set_end_pointing(&mut self, _on: bool) {}

    /// Decodes samples. When the model's end-pointer finds the end of an utterance (enough
    /// trailing silence), its result is returned and the next utterance begins.
    fn accept(&mut self, samples: &[i16]) -> Option<Heard> {
        // Vosk takes at most i32::MAX samples a call; feed long buffers in pieces.
        let mut result = None;
        for chunk in samples.chunks(1 << 20) {
            match self.inner.accept_waveform(chunk) {
                Ok(DecodingState::Finalized) => {
                    let from = self.from();
                    let heard = heard_from(self.inner.result(), from);
                    if !heard.is_silence() {
                        result = Some(heard);
                    }
                }
                Ok(DecodingState::Running) | Ok(DecodingState::Failed) | Err(_) => {}
            }
        }
        result
    }

    fn finish(&mut self) -> Heard {
        let from = self.from();
        heard_from(self.inner.final_result(), from)
    }

    fn reset(&mut self) {
        self.inner.reset();
    }
}

impl VoskRecogniser {
    /// How its words come: held to the grammar, or free text from a model that takes none.
    fn from(&self) -> HeardFrom {
        if self.held_to_grammar {
            HeardFrom::Grammar
        } else {
            HeardFrom::Transcript
        }
    }
}

fn heard_from(result: CompleteResult<'_>, from: HeardFrom) -> Heard {
    match result {
        // An empty alternative stays: when it is the best, nothing was said.
        CompleteResult::Multiple(multiple) => Heard {
            alternatives: multiple
                .alternatives
                .iter()
                .map(|alt| (alt.text.to_string(), alt.confidence))
                .collect(),
            from,
            own_voice: None,
        },
        CompleteResult::Single(single) => Heard {
            alternatives: if single.text.trim().is_empty() {
                Vec::new()
            } else {
                vec![(single.text.to_string(), 0.0)]
            },
            from,
            own_voice: None,
        },
    }
}

/// The sample rate a model expects: `--sample-frequency` in its `conf/mfcc.conf`, else
/// 16 000 (Kaldi's default, which Vosk models use).
fn model_sample_rate(dir: &Path) -> u32 {
    std::fs::read_to_string(dir.join("conf").join("mfcc.conf"))
        .ok()
        .and_then(|text| {
            text.lines().find_map(|line| {
                line.trim()
                    .strip_prefix("--sample-frequency=")
                    .and_then(|v| v.trim().parse::<f32>().ok())
            })
        })
        .map_or(KALDI_RATE, |rate| rate.round() as u32)
}

/// True when the model can decode with a grammar made at run time (it has the lookahead
/// graph `graph/HCLr.fst` and `graph/Gr.fst`, as the small models do). Big models with a
/// static `HCLG.fst` ignore a grammar and decode free speech; the matcher copes with both.
fn supports_grammar(dir: &Path) -> bool {
    let graph = dir.join("graph");
    graph.join("HCLr.fst").is_file() && graph.join("Gr.fst").is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_comes_from_the_model_config() {
        let dir = tempfile::tempdir().unwrap();
        let model = dir.path().join("vosk-model-x");
        std::fs::create_dir_all(model.join("am")).unwrap();
        assert_eq!(model_sample_rate(&model), 16_000);
        std::fs::create_dir_all(model.join("conf")).unwrap();
        std::fs::write(
            model.join("conf/mfcc.conf"),
            "--use-energy=false\n--sample-frequency=8000\n",
        )
        .unwrap();
        assert_eq!(model_sample_rate(&model), 8_000);
        assert!(!supports_grammar(&model));
    }
}
