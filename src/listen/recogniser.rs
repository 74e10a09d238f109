//! The Vosk adapter: loading a model, checking its words, and decoding 16-bit audio into
//! [`Heard`] alternatives. Only compiled with the `recognition` feature (libvosk).

use std::path::{Path, PathBuf};
use std::sync::Once;
use std::time::{Duration, Instant};

use vosk::{CompleteResult, DecodingState, Model, Recognizer};

use super::models::{ModelError, is_model_dir, model_sample_rate, supports_grammar};
use annexd_core::listen::{Heard, HeardFrom, Lexicon, ModelWords, grammar_strings};
use annexd_core::{Lang, Speech, Token, Word, WordSet};

/// How many alternatives the recogniser is asked for.
pub const ALTERNATIVES: u16 = 5;

/// The spellings models use for their noise word, tried in order.
const NOISE_WORDS: [&str; 3] = ["[unk]", "<unk>", "<UNK>"];

/// A loaded model with the words of one language checked against its dictionary.
pub struct SpeechModel {
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

impl std::fmt::Debug for SpeechModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SpeechModel")
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

impl SpeechModel {
    /// Loads the model in `dir` for listening in `lang` (about 1.5 s and 500 MB for a large
    /// model, a fraction for a small one), and checks which words it knows.
    pub fn load(dir: &Path, lang: Lang) -> Result<SpeechModel, ModelError> {
        if !is_model_dir(dir) {
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
        Ok(SpeechModel {
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
        let inner = if phrases.iter().all(|p| p.trim().is_empty()) {
            Recognizer::new(&self.model, rate)
        } else {
            Recognizer::new_with_grammar(&self.model, rate, phrases)
        }
        .ok_or_else(|| ModelError::RecogniserFailed(self.dir.clone()))?;
        let mut recogniser = VoskRecogniser {
            inner,
            sample_rate: self.sample_rate,
        };
        recogniser.inner.set_max_alternatives(ALTERNATIVES);
        Ok(recogniser)
    }
}

/// Decodes one stream of 16-bit mono audio at the model's rate into utterances.
pub struct VoskRecogniser {
    inner: Recognizer,
    sample_rate: u32,
}

impl std::fmt::Debug for VoskRecogniser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VoskRecogniser")
            .field("sample_rate", &self.sample_rate)
            .finish_non_exhaustive()
    }
}

impl VoskRecogniser {
    /// The rate it expects.
    pub fn sample_rate(&self) -> u32 {
        self.sample_rate
    }

    /// Decodes samples. When the model's end-pointer finds the end of an utterance (enough
    /// trailing silence), its result is returned and the next utterance begins.
    pub fn accept(&mut self, samples: &[i16]) -> Option<Heard> {
        // Vosk takes at most i32::MAX samples a call; feed long buffers in pieces.
        let mut result = None;
        for chunk in samples.chunks(1 << 20) {
            match self.inner.accept_waveform(chunk) {
                Ok(DecodingState::Finalized) => {
                    let heard = heard_from(self.inner.result());
                    if !heard.is_silence() {
                        result = Some(heard);
                    }
                }
                Ok(DecodingState::Running) | Ok(DecodingState::Failed) | Err(_) => {}
            }
        }
        result
    }

    /// Ends the utterance and returns what was heard in it.
    pub fn finish(&mut self) -> Heard {
        heard_from(self.inner.final_result())
    }

    /// Throws the utterance in progress away.
    pub fn reset(&mut self) {
        self.inner.reset();
    }
}

fn heard_from(result: CompleteResult<'_>) -> Heard {
    match result {
        // An empty alternative stays: when it is the best, nothing was said.
        CompleteResult::Multiple(multiple) => Heard {
            alternatives: multiple
                .alternatives
                .iter()
                .map(|alt| (alt.text.to_string(), alt.confidence))
                .collect(),
            from: HeardFrom::Grammar,
        },
        CompleteResult::Single(single) => Heard {
            alternatives: if single.text.trim().is_empty() {
                Vec::new()
            } else {
                vec![(single.text.to_string(), 0.0)]
            },
            from: HeardFrom::Grammar,
        },
    }
}
