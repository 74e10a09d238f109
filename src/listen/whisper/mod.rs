//! The Whisper adapter: a Whisper model in CTranslate2's format (`model.bin`,
//! `tokenizer.json`, `config.json`, `vocabulary.txt`: `models/whisper-base`, installed by
//! scripts/setup.sh), decoding an utterance **inside the grammar** into [`Heard`]
//! alternatives. Only compiled with the `whisper` feature (libctranslate2, linked through
//! the `ct2rs` crate, driven a step at a time by [`decoder`]).
//!
//! An utterance is encoded once; then the core's [`Search`] follows, a token at a time,
//! only the phrases of the position-free grammar ([`PhraseGraph`]: every move phrase in
//! every form and word set, every command phrase of the tables), each word in the spellings
//! Whisper writes it in ([`spellings`]), the rows of its beam decoded together. "Ton Gustav
//! drei" cannot come out: a phrase does, or nothing. An illegal move said is a phrase too, so
//! it is heard as itself and the matcher says why it is not legal.
//!
//! Beside the beam, one row follows Whisper's own likeliest tokens outside the grammar
//! ([`Greedy`]): when that text is far likelier per token than the best phrase, the speech
//! was no phrase (a word to the arbiter, a neighbour's conversation) and is heard as such
//! ([`HeardFrom::Outside`]), never as the nearest move. Silence is not decoded (an utterance
//! in which the core's [`EndPointer`] finds no speech), and what Whisper itself finds empty
//! is nothing heard. Those decisions are the core's ([`GrammarDecode::heard`] with its
//! [`Thresholds`]), on the figures decoding gives ([`Decoded::figures`]).
//!
//! Told phrases to expect instead (`annexd recognize --phrase`, for trying the model), it
//! writes free text after a prompt of those phrases, read as a transcript.
//!
//! Ways of decoding the benchmark measured and left out (another prompt, another language
//! token, a wider beam) are chosen by environment variables only ([`tried`]).

pub mod decoder;
pub mod mel;
pub mod tried;

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use self::decoder::{StepDecoder, WhisperWeights};
use super::models::{ModelError, is_model_dir};
use super::recogniser::{Limits, Listening, LoadedModel, Recogniser, SpeechModel};
use annexd_core::listen::{
    EndPointer, GrammarDecode, Greedy, Heard, HeardFrom, Lexicon, PhraseGraph, RecogniserKind,
    Search, SearchOptions, Thresholds, TokenId, WordRole, WordSpellings, Written,
};
use annexd_core::{Lang, Speech};

/// How many hypotheses the search keeps at each step.
pub const BEAM: usize = 8;
/// The most tokens a phrase may have (the longest move has about 25).
pub const MAX_TOKENS: usize = 40;
/// A hypothesis this far (in log-likelihood) below the best phrase found is given up.
pub const HOPELESS: f32 = 12.0;
/// The shortest window the encoder sees. Whisper was trained on 30 s windows; inside the
/// grammar a 10 s window chose the phrase said first for 83 % of the benchmark's German
/// utterances, a window of the utterance and a second (at least 3 s) for 74 %, for two thirds
/// of the processor time (docs/benchmarks.md).
pub const MIN_WINDOW: Duration = Duration::from_secs(10);
/// The longest window (the model's own).
pub const MAX_WINDOW: Duration = Duration::from_secs(30);

/// Whisper's control tokens.
#[derive(Debug, Clone)]
struct Controls {
    start_of_previous: TokenId,
    start_of_transcript: TokenId,
    transcribe: TokenId,
    no_timestamps: TokenId,
    no_speech: TokenId,
    end_of_text: TokenId,
    full_stop: Option<TokenId>,
    comma: Option<TokenId>,
    /// Each language's token, by `Lang::index`.
    languages: Vec<TokenId>,
}

/// A loaded Whisper model.
pub struct WhisperModel {
    weights: WhisperWeights,
    tokenizer: tokenizers::Tokenizer,
    controls: Controls,
    features: mel::Features,
    /// Each language's words in Whisper's tokens, made when first needed.
    spellings: [OnceLock<WordSpellings>; Lang::ALL.len()],
    threads: usize,
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

/// Loads the Whisper model in `dir` (one model hears every language).
pub fn load(dir: &Path, _lang: Lang) -> Result<LoadedModel, ModelError> {
    Ok(Arc::new(WhisperModel::load(dir)?))
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
        let recogniser = WhisperRecogniser::new(self, listening)?;
        Ok(Box::new(recogniser))
    }
}

/// The spellings Whisper may write a word of the lexicon in: each of the lexicon's (both word
/// sets', and the dictionaries'), as written in the tables and with a capital; a rank also
/// in digits ("3") and Roman numerals of two letters or more ("III").
pub fn spellings(lexicon: &Lexicon, id: annexd_core::listen::WordId) -> Vec<String> {
    let word = lexicon.word(id);
    let mut out: Vec<String> = Vec::new();
    let mut add = |text: String| {
        if !text.is_empty() && !out.contains(&text) {
            out.push(text);
        }
    };
    add(word.text.to_string());
    for spelling in &word.spellings {
        add(spelling.clone());
        let mut chars = spelling.chars();
        if let Some(first) = chars.next() {
            add(first.to_uppercase().chain(chars).collect());
        }
    }
    if word.role == WordRole::Rank
        && let Some(rank) = (0..8u32)
            .find(|&r| lexicon.ids_of(&[annexd_core::Token::Rank(shakmaty::Rank::new(r))]) == [id])
    {
        add((rank + 1).to_string());
        const ROMAN: [&str; 8] = ["", "II", "III", "IV", "", "VI", "VII", "VIII"];
        add(ROMAN[rank as usize].to_string());
    }
    out
}

impl WhisperModel {
    /// Loads the model in `dir` (about 0.5 s; weights quantised to 8 bits for the CPU, about
    /// 200 MB).
    pub fn load(dir: &Path) -> Result<WhisperModel, ModelError> {
        if !is_model_dir(RecogniserKind::Whisper, dir) {
            return Err(ModelError::NotAModel(dir.to_path_buf()));
        }
        let started = Instant::now();
        let failed = |why: String| {
            tracing::warn!("Whisper model {} not loaded: {why}", dir.display());
            ModelError::LoadFailed(dir.to_path_buf())
        };
        let weights = WhisperWeights::load(dir).map_err(failed)?;
        let tokenizer = tokenizers::Tokenizer::from_file(dir.join("tokenizer.json"))
            .map_err(|e| failed(e.to_string()))?;
        let id = |token: &str| {
            tokenizer
                .token_to_id(token)
                .ok_or_else(|| failed(format!("the tokenizer has no {token}")))
        };
        let controls = Controls {
            start_of_previous: id("<|startofprev|>")?,
            start_of_transcript: id("<|startoftranscript|>")?,
            transcribe: id("<|transcribe|>")?,
            no_timestamps: id("<|notimestamps|>")?,
            no_speech: match tokenizer.token_to_id("<|nospeech|>") {
                Some(token) => token,
                None => id("<|nocaptions|>")?,
            },
            end_of_text: id("<|endoftext|>")?,
            full_stop: tokenizer.token_to_id("."),
            comma: tokenizer.token_to_id(","),
            languages: Lang::ALL
                .iter()
                .map(|lang| id(&format!("<|{}|>", lang.code())))
                .collect::<Result<_, _>>()?,
        };
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
        Ok(WhisperModel {
            weights,
            tokenizer,
            controls,
            features: mel::Features::new(),
            spellings: [const { OnceLock::new() }; Lang::ALL.len()],
            threads,
            dir: dir.to_path_buf(),
            load_time: started.elapsed(),
        })
    }

    /// The tokens of a text as Whisper writes it after a space.
    fn tokens(&self, text: &str) -> Vec<TokenId> {
        match self.tokenizer.encode(format!(" {}", text.trim()), false) {
            Ok(encoded) => encoded.get_ids().to_vec(),
            Err(e) => {
                tracing::warn!("Whisper's tokenizer cannot write '{text}': {e}");
                Vec::new()
            }
        }
    }

    /// The words of `lang`'s lexicon in Whisper's tokens.
    fn word_spellings(&self, lang: Lang) -> &WordSpellings {
        self.spellings[lang.index()].get_or_init(|| {
            let lexicon = Lexicon::get(lang);
            WordSpellings::new(lexicon.words().len(), |id| {
                spellings(lexicon, id)
                    .into_iter()
                    .map(|text| {
                        let tokens = self.tokens(&text);
                        (text, tokens)
                    })
                    .collect()
            })
        })
    }

    /// The prompt, then the task: `<|startofprev|> words <|startoftranscript|> <|de|>
    /// <|transcribe|> <|notimestamps|>`; and where `<|startoftranscript|>` is.
    fn prompt(&self, lang: Lang, words: &str) -> (Vec<TokenId>, usize) {
        let mut tokens = Vec::new();
        if !words.trim().is_empty() {
            tokens.push(self.controls.start_of_previous);
            tokens.extend(self.tokens(words));
        }
        let sot = tokens.len();
        tokens.extend([
            self.controls.start_of_transcript,
            self.controls.languages[lang.index()],
            self.controls.transcribe,
            self.controls.no_timestamps,
        ]);
        (tokens, sot)
    }

    /// The text of tokens Whisper wrote.
    fn text(&self, tokens: &[TokenId]) -> String {
        self.tokenizer
            .decode(tokens, true)
            .map(|t| t.trim().to_string())
            .unwrap_or_default()
    }
}

/// What a recogniser listens for.
#[derive(Debug, Clone)]
enum Task {
    /// The moves and commands of a language: inside the grammar.
    Grammar(Lang),
    /// Free text, after a prompt of the phrases expected (none: no prompt).
    Free(Lang, String),
}

/// Decodes one stream of 16 kHz mono audio into utterances, Whisper's way.
pub struct WhisperRecogniser {
    model: Arc<WhisperModel>,
    decoder: StepDecoder,
    task: Task,
    /// The prompt's tokens and where `<|startoftranscript|>` is among them.
    prompt: (Vec<TokenId>, usize),
    samples: Vec<i16>,
    end_pointer: EndPointer,
    /// Always-on: the end-pointer ends utterances. Push-to-talk: the key does.
    ends_utterances: bool,
    /// The figures of the last utterance decoded inside the grammar.
    last: Option<GrammarDecode>,
    /// A way of decoding the benchmark measured (the program's unless the environment asks).
    tried: tried::Tried,
}

impl std::fmt::Debug for WhisperRecogniser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WhisperRecogniser")
            .field("task", &self.task)
            .finish_non_exhaustive()
    }
}

/// What one decoding found (for the log and the benchmark).
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// What was heard.
    pub heard: Heard,
    /// Inside the grammar: the figures it was decided on.
    pub figures: Option<GrammarDecode>,
    /// Steps decoded.
    pub steps: usize,
}

impl WhisperRecogniser {
    /// A recogniser for `listening`.
    pub fn new(
        model: Arc<WhisperModel>,
        listening: &Listening<'_>,
    ) -> Result<WhisperRecogniser, ModelError> {
        let lang = listening.lang;
        let task = if listening.phrases.is_empty() {
            Task::Grammar(lang)
        } else {
            Task::Free(lang, listening.phrases.join(" "))
        };
        let tried = tried::Tried::from_env();
        let prompt = match &task {
            Task::Grammar(lang) => {
                let speech = Speech::new(*lang, listening.words);
                model.prompt(tried.language(speech), &tried.prompt(speech))
            }
            Task::Free(lang, words) => model.prompt(*lang, words),
        };
        if let Task::Grammar(lang) = task {
            // Made once per language, before the first utterance waits for it.
            model.word_spellings(lang);
        }
        let failed = |why: String| {
            tracing::warn!("no Whisper decoder: {why}");
            ModelError::RecogniserFailed(model.dir.clone())
        };
        let decoder = StepDecoder::new(&model.weights, model.threads).map_err(failed)?;
        if decoder.n_mels() != mel::N_MELS {
            // Whisper large-v3 takes 128 bands: its features are not computed here.
            return Err(failed(format!(
                "the model takes {} mel bands, not {}",
                decoder.n_mels(),
                mel::N_MELS
            )));
        }
        Ok(WhisperRecogniser {
            model,
            decoder,
            task,
            prompt,
            samples: Vec::new(),
            end_pointer: EndPointer::new(mel::RATE),
            ends_utterances: false,
            last: None,
            tried,
        })
    }

    /// Decodes one utterance (16 kHz mono) and says how.
    pub fn decode_utterance(&mut self, samples: &[i16]) -> Result<Decoded, String> {
        let max = (MAX_WINDOW.as_secs() as usize * mel::RATE as usize) / mel::HOP;
        let min = (MIN_WINDOW.as_secs() as usize * mel::RATE as usize) / mel::HOP;
        let frames = (samples.len() / mel::HOP + 1).clamp(min, max);
        let audio: Vec<f32> = samples.iter().map(|&s| f32::from(s) / 32768.0).collect();
        let features = self.model.features.log_mel(&audio, frames);
        self.decoder.encode(&features, frames)?;
        let (prompt, sot) = &self.prompt;
        let controls = &self.model.controls;
        let no_speech = self.decoder.start(prompt, *sot, controls.no_speech)?;
        match self.task.clone() {
            Task::Grammar(lang) => self.search(lang, no_speech),
            Task::Free(..) => self.free(no_speech),
        }
    }

    /// Inside the grammar, with Whisper's own text beside it.
    fn search(&mut self, lang: Lang, no_speech: f32) -> Result<Decoded, String> {
        let model = Arc::clone(&self.model);
        let controls = &model.controls;
        let spellings = model.word_spellings(lang);
        let graph = PhraseGraph::get(lang);
        let options = SearchOptions {
            beam: self.tried.beam.unwrap_or(BEAM),
            max_tokens: MAX_TOKENS,
            hopeless: HOPELESS,
            ends: std::iter::once(controls.end_of_text)
                .chain(controls.full_stop)
                .collect(),
            comma: controls.comma,
            hopeless_per_word: self.tried.hopeless_per_word,
        };
        let mut search = Search::new(graph, spellings, options);
        let mut greedy = Greedy::new();
        let vocabulary = self.decoder.vocabulary();
        let text_tokens = controls.end_of_text as usize;
        // The first row is both the search's and Whisper's own.
        let mut greedy_row = Some(0);
        let mut steps = 0;
        loop {
            let rows = self.decoder.rows();
            let live = search.live();
            let mut next = search.step(&rows[..live * vocabulary], vocabulary);
            if next.is_empty() {
                break;
            }
            if let Some(row) = greedy_row {
                let values = &rows[row * vocabulary..(row + 1) * vocabulary];
                greedy_row = greedy
                    .step(values, text_tokens, controls.end_of_text)
                    .map(|token| {
                        next.push((row, token));
                        next.len() - 1
                    });
            }
            self.decoder.step(&next)?;
            steps += 1;
        }
        let found = search.finish();
        let figures = GrammarDecode {
            phrases: found
                .iter()
                .map(|f| Written {
                    text: f.text(spellings),
                    score: f.score,
                    tokens: f.tokens,
                })
                .collect(),
            free: Written {
                text: model.text(&greedy.tokens),
                score: greedy.score,
                tokens: greedy.tokens.len() + usize::from(greedy.ended),
            },
            no_speech,
            steps,
        };
        tracing::debug!("Whisper inside the grammar, {steps} steps: {figures:?}");
        Ok(Decoded {
            heard: figures.heard(&Thresholds::CHOSEN),
            figures: Some(figures),
            steps,
        })
    }

    /// Free text (its likeliest tokens, one at a time).
    fn free(&mut self, no_speech: f32) -> Result<Decoded, String> {
        let controls = self.model.controls.clone();
        let mut greedy = Greedy::new();
        let vocabulary = self.decoder.vocabulary();
        let mut steps = 0;
        while greedy.tokens.len() < MAX_TOKENS {
            let row = &self.decoder.rows()[..vocabulary];
            let Some(token) = greedy.step(row, controls.end_of_text as usize, controls.end_of_text)
            else {
                break;
            };
            self.decoder.step(&[(0, token)])?;
            steps += 1;
        }
        let text = self.model.text(&greedy.tokens);
        let written = Written {
            text: text.clone(),
            score: greedy.score,
            tokens: greedy.tokens.len() + 1,
        };
        let thresholds = Thresholds::CHOSEN;
        let heard = if text.is_empty()
            || no_speech > thresholds.no_speech
            || written.per_word() < thresholds.least
        {
            Heard::default()
        } else {
            Heard {
                alternatives: vec![(text, greedy.score)],
                from: HeardFrom::Transcript,
                own_voice: None,
            }
        };
        Ok(Decoded {
            heard,
            figures: None,
            steps,
        })
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
            held_to_grammar: matches!(self.task, Task::Grammar(_)),
        }
    }

    fn set_end_pointing(&mut self, on: bool) {
        self.ends_utterances = on;
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
        self.last = None;
        if !spoke {
            return Heard::default();
        }
        let tried = std::env::var("ANNEXD_TRY_FRONT").unwrap_or_default();
        let mut samples = samples;
        if tried.contains("trim")
            && let Some(span) =
                annexd_core::listen::speech_span(&samples, mel::RATE, Duration::from_millis(200))
        {
            samples = samples[span].to_vec();
        }
        #[cfg(feature = "denoise")]
        if tried.contains("denoise") {
            samples = super::front::denoise(&samples, mel::RATE);
        }
        match self.decode_utterance(&samples) {
            Ok(decoded) => {
                self.last = decoded.figures;
                decoded.heard
            }
            Err(why) => {
                tracing::warn!("Whisper could not decode an utterance: {why}");
                Heard::default()
            }
        }
    }

    fn reset(&mut self) {
        self.samples.clear();
        self.end_pointer.reset();
    }

    fn last_decode(&self) -> Option<GrammarDecode> {
        self.last.clone()
    }
}

/// True when a recording holds speech anywhere (its own end-pointer over it).
fn has_speech(samples: &[i16]) -> bool {
    let mut end_pointer = EndPointer::new(mel::RATE);
    let ended = end_pointer.push(samples);
    ended || end_pointer.heard_speech()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rank_is_also_written_in_digits_and_roman_numerals() {
        let lexicon = Lexicon::get(Lang::De);
        let drei = lexicon.lookup("drei").unwrap();
        let written = spellings(lexicon, drei);
        for form in ["drei", "Drei", "3", "III"] {
            assert!(written.iter().any(|w| w == form), "{form}: {written:?}");
        }
        let eins = spellings(lexicon, lexicon.lookup("eins").unwrap());
        assert!(eins.contains(&"1".to_string()) && !eins.contains(&"I".to_string()));
        let hector = spellings(lexicon, lexicon.lookup("Hector").unwrap());
        for form in ["Hector", "Hektor", "hektor"] {
            assert!(hector.iter().any(|w| w == form), "{form}: {hector:?}");
        }
    }
}
