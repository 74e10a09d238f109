//! The Whisper adapter: loading a Whisper model in CTranslate2's format (`model.bin`,
//! `tokenizer.json`, `config.json`, `vocabulary.txt`: `models/whisper-base`, installed by
//! scripts/setup.sh) and transcribing an utterance into [`Heard`] alternatives. Only compiled
//! with the `whisper` feature (libctranslate2 through the `ct2rs` crate).
//!
//! Whisper has no grammar: it is told the words to expect by a prompt (the core's
//! [`prompt`](annexd_core::listen), the words of the position's legal moves), the
//! language is fixed (no detection), and its beam search gives up to [`ALTERNATIVES`]
//! transcripts with their log-likelihoods, which the matcher weighs as Vosk's. It transcribes
//! whole utterances: [`WhisperRecogniser::accept`] gathers audio, and in always-on mode the
//! core's [`EndPointer`] says where an utterance ends. Silence is not transcribed (Whisper would
//! invent a sentence for it): an utterance without speech, or that the model itself finds
//! empty, is heard as nothing.

pub mod mel;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ct2rs::sys::{ComputeType, Config, StorageView, Whisper, WhisperOptions};

use super::models::{ModelError, is_model_dir};
use super::recogniser::{Limits, Listening, LoadedModel, Recogniser, SpeechModel};
use annexd_core::listen::{EndPointer, Heard, HeardFrom, RecogniserKind};
use annexd_core::{Lang, Speech};

/// How many transcripts the beam search returns.
pub const ALTERNATIVES: usize = 5;
/// The shortest window the encoder sees. Whisper was trained on 30 s windows; a move takes
/// 1–3 s, and a 10 s window transcribes it as well as 30 s do in a third of the time (see
/// docs/benchmarks.md), where shorter ones start to repeat themselves.
pub const MIN_WINDOW: Duration = Duration::from_secs(10);
/// The longest window (the model's own).
pub const MAX_WINDOW: Duration = Duration::from_secs(30);
/// How many of the matcher's log-likelihood units one unit of a transcript's is worth.
/// Beam search's alternatives are near copies of the best, a nat or two behind: at face
/// value ([`ALTERNATIVE_WEIGHT`](annexd_core::listen::ALTERNATIVE_WEIGHT), a
/// quarter word per unit) a second transcript that names another square would make nearly
/// every move a question. Four times: a transcript one nat behind (e times less likely) counts
/// as much as one whole wrong word (chosen on the accuracy benchmark, docs/benchmarks.md).
const SCORE_SCALE: f32 = 4.0;
/// The most tokens a transcript may have: a move or command has fewer than 20.
const MAX_TOKENS: usize = 40;
/// Whisper's own "nobody spoke" above this, with a poor transcript, means silence.
const NO_SPEECH: f32 = 0.6;
/// The average log-likelihood per token below which a transcript is poor.
const POOR: f32 = -1.0;

/// A loaded Whisper model.
pub struct WhisperModel {
    whisper: Whisper,
    tokenizer: tokenizers::Tokenizer,
    features: mel::Features,
    /// The model folder.
    pub dir: PathBuf,
    /// How long loading took.
    pub load_time: Duration,
}

impl std::fmt::Debug for WhisperModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WhisperModel")
            .field("dir", &self.dir)
            .field("load_time", &self.load_time)
            .finish_non_exhaustive()
    }
}

/// One transcription's result, with the model's own figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Transcript {
    /// The transcripts, best first, with their log-likelihoods.
    pub heard: Heard,
    /// Whisper's probability that nobody spoke.
    pub no_speech: f32,
}

/// Loads the Whisper model in `dir` (one model hears every language).
pub fn load(dir: &Path, _lang: Lang) -> Result<LoadedModel, ModelError> {
    Ok(Arc::new(WhisperModel::load(dir)?))
}

/// Whisper's prompt: the phrases given, else the words of the position's moves.
pub fn prompt_for(listening: &Listening<'_>) -> String {
    if listening.phrases.is_empty() {
        annexd_core::listen::prompt(
            listening.position,
            Speech::new(listening.lang, listening.words),
        )
    } else {
        listening.phrases.join(" ")
    }
}

impl SpeechModel for WhisperModel {
    fn kind(&self) -> RecogniserKind {
        RecogniserKind::Whisper
    }

    fn dir(&self) -> &Path {
        &self.dir
    }

    fn load_time(&self) -> Duration {
        self.load_time
    }

    fn sample_rate(&self) -> u32 {
        mel::RATE
    }

    fn recogniser(
        self: Arc<Self>,
        listening: &Listening<'_>,
    ) -> Result<Box<dyn Recogniser>, ModelError> {
        Ok(Box::new(WhisperRecogniser::new(
            self,
            listening.lang,
            prompt_for(listening),
        )))
    }
}

impl WhisperModel {
    /// Loads the model in `dir` (about 0.5 s; weights quantised to 8 bits for the CPU, about
    /// 200 MB).
    pub fn load(dir: &Path) -> Result<WhisperModel, ModelError> {
        if !is_model_dir(RecogniserKind::Whisper, dir) {
            return Err(ModelError::NotAModel(dir.to_path_buf()));
        }
        let started = Instant::now();
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
        let config = Config {
            compute_type: ComputeType::INT8,
            num_threads_per_replica: threads,
            ..Config::default()
        };
        let failed = |why: String| {
            tracing::warn!("Whisper model {} not loaded: {why}", dir.display());
            ModelError::LoadFailed(dir.to_path_buf())
        };
        let whisper = Whisper::new(dir, config).map_err(|e| failed(e.to_string()))?;
        let tokenizer = tokenizers::Tokenizer::from_file(dir.join("tokenizer.json"))
            .map_err(|e| failed(e.to_string()))?;
        Ok(WhisperModel {
            whisper,
            tokenizer,
            features: mel::Features::new(),
            dir: dir.to_path_buf(),
            load_time: started.elapsed(),
        })
    }

    /// The prompt's tokens, then the task: `<|startofprev|> words <|startoftranscript|>
    /// <|de|> <|transcribe|> <|notimestamps|>`.
    fn prompt_tokens(&self, lang: Lang, prompt: &str) -> Result<Vec<String>, String> {
        let mut tokens = Vec::new();
        if !prompt.trim().is_empty() {
            let encoded = self
                .tokenizer
                .encode(format!(" {}", prompt.trim()), false)
                .map_err(|e| e.to_string())?;
            tokens.push("<|startofprev|>".to_string());
            tokens.extend(encoded.get_tokens().iter().cloned());
        }
        tokens.extend([
            "<|startoftranscript|>".to_string(),
            format!("<|{}|>", lang.code()),
            "<|transcribe|>".to_string(),
            "<|notimestamps|>".to_string(),
        ]);
        Ok(tokens)
    }

    /// Transcribes one utterance (16 kHz mono) in `lang`, told to expect the words of
    /// `prompt`.
    pub fn transcribe(
        &self,
        samples: &[i16],
        lang: Lang,
        prompt: &str,
    ) -> Result<Transcript, String> {
        let max = (MAX_WINDOW.as_secs() as usize * mel::RATE as usize) / mel::HOP;
        let min = (MIN_WINDOW.as_secs() as usize * mel::RATE as usize) / mel::HOP;
        let frames = (samples.len() / mel::HOP + 1).clamp(min, max);
        let audio: Vec<f32> = samples.iter().map(|&s| f32::from(s) / 32768.0).collect();
        let mut features = self.features.log_mel(&audio, frames);
        let view = StorageView::new(&[1, mel::N_MELS, frames], &mut features, Default::default())
            .map_err(|e| e.to_string())?;
        let prompt = self.prompt_tokens(lang, prompt)?;
        let options = WhisperOptions {
            beam_size: ALTERNATIVES,
            num_hypotheses: ALTERNATIVES,
            return_scores: true,
            return_no_speech_prob: true,
            // CTranslate2 counts the prompt in.
            max_length: (prompt.len() + MAX_TOKENS).min(448),
            ..WhisperOptions::default()
        };
        let results = self
            .whisper
            .generate(&view, &[prompt], &options)
            .map_err(|e| e.to_string())?;
        let Some(result) = results.into_iter().next() else {
            return Ok(Transcript {
                heard: Heard::default(),
                no_speech: 1.0,
            });
        };
        let mut alternatives: Vec<(String, f32)> = Vec::new();
        for (ids, &score) in result.sequences_ids.iter().zip(&result.scores) {
            let ids: Vec<u32> = ids.iter().filter_map(|&i| u32::try_from(i).ok()).collect();
            let text = self
                .tokenizer
                .decode(&ids, true)
                .map_err(|e| e.to_string())?
                .trim()
                .to_string();
            // The score is the average per token (and the end): back to the whole.
            let total = score * (ids.len() + 1) as f32 * SCORE_SCALE;
            if !alternatives.iter().any(|(t, _)| *t == text) {
                alternatives.push((text, total));
            }
        }
        let best_average = result.scores.first().copied().unwrap_or(f32::MIN);
        tracing::debug!(
            "Whisper: {alternatives:?}, nobody spoke {:.2}, {frames} frames",
            result.no_speech_prob
        );
        if result.no_speech_prob > NO_SPEECH && best_average < POOR {
            alternatives.clear();
        }
        Ok(Transcript {
            heard: Heard {
                alternatives,
                from: HeardFrom::Transcript,
            },
            no_speech: result.no_speech_prob,
        })
    }
}

/// Decodes one stream of 16 kHz mono audio into utterances, Whisper's way.
pub struct WhisperRecogniser {
    model: Arc<WhisperModel>,
    lang: Lang,
    prompt: String,
    samples: Vec<i16>,
    end_pointer: EndPointer,
    /// Always-on: the end-pointer ends utterances. Push-to-talk: the key does.
    ends_utterances: bool,
}

impl std::fmt::Debug for WhisperRecogniser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WhisperRecogniser")
            .field("lang", &self.lang)
            .field("prompt", &self.prompt)
            .finish_non_exhaustive()
    }
}

impl WhisperRecogniser {
    /// A recogniser for `lang`, told to expect the words of `prompt`.
    pub fn new(model: Arc<WhisperModel>, lang: Lang, prompt: String) -> WhisperRecogniser {
        WhisperRecogniser {
            model,
            lang,
            prompt,
            samples: Vec::new(),
            end_pointer: EndPointer::new(mel::RATE),
            ends_utterances: false,
        }
    }
}

impl Recogniser for WhisperRecogniser {
    fn kind(&self) -> RecogniserKind {
        RecogniserKind::Whisper
    }

    fn limits(&self) -> Limits {
        Limits {
            sample_rate: mel::RATE,
            longest_utterance: Some(MAX_WINDOW),
            held_to_grammar: false,
        }
    }

    fn set_end_pointing(&mut self, on: bool) {
        self.ends_utterances = on;
    }

    /// The words to expect from now on (the position changed).
    fn set_position(&mut self, listening: &Listening<'_>) {
        self.prompt = prompt_for(listening);
    }

    /// Gathers samples; in always-on mode returns the utterance that silence ended.
    fn accept(&mut self, samples: &[i16]) -> Option<Heard> {
        self.samples.extend_from_slice(samples);
        let ended = self.end_pointer.push(samples);
        if self.ends_utterances {
            if ended {
                let heard = self.finish();
                return (!heard.is_silence()).then_some(heard);
            }
            if !self.end_pointer.heard_speech() {
                // Nothing said yet: keep only the last half second, where speech may begin.
                let keep = mel::RATE as usize / 2;
                let excess = self.samples.len().saturating_sub(keep);
                self.samples.drain(..excess);
            }
        }
        let max = MAX_WINDOW.as_secs() as usize * mel::RATE as usize;
        let excess = self.samples.len().saturating_sub(max);
        self.samples.drain(..excess);
        None
    }

    /// Ends the utterance and returns what was heard in it (nothing when nobody spoke).
    fn finish(&mut self) -> Heard {
        let samples = std::mem::take(&mut self.samples);
        let spoke = self.end_pointer.heard_speech() || has_speech(&samples);
        self.end_pointer.reset();
        if !spoke {
            return Heard::default();
        }
        match self.model.transcribe(&samples, self.lang, &self.prompt) {
            Ok(transcript) => transcript.heard,
            Err(why) => {
                tracing::warn!("Whisper could not transcribe an utterance: {why}");
                Heard::default()
            }
        }
    }

    fn reset(&mut self) {
        self.samples.clear();
        self.end_pointer.reset();
    }
}

/// True when a recording holds speech anywhere (its own end-pointer over it).
fn has_speech(samples: &[i16]) -> bool {
    let mut end_pointer = EndPointer::new(mel::RATE);
    let ended = end_pointer.push(samples);
    ended || end_pointer.heard_speech()
}
