//! Whisper decoded a step at a time: a small bridge (`decoder.h`, `decoder.cc`, through the
//! `cxx` crate) to CTranslate2's Whisper encoder and decoder layers, whose decoder state (the
//! cache of every row's keys and values) stays between steps. CTranslate2's own `generate`
//! writes free text and re-reads a forced prefix from its start each time it is called; here
//! the caller chooses every token (the core's `listen::search`, inside the grammar), the
//! rows of a beam are decoded together, and a prefix is never decoded twice.
//!
//! [`WhisperWeights`] is the model, loaded once and shared; each recogniser has its own
//! [`StepDecoder`] over them (layers that refer to the shared weights, and one utterance's
//! state).

use std::path::Path;

#[cxx::bridge(namespace = "annexd")]
mod ffi {
    unsafe extern "C++" {
        include!("annexd/src/listen/whisper/decoder.h");

        type WhisperWeights;
        type WhisperDecoder;

        fn load_whisper_weights(path: &str) -> Result<UniquePtr<WhisperWeights>>;
        fn whisper_decoder(
            weights: &WhisperWeights,
            threads: usize,
        ) -> Result<UniquePtr<WhisperDecoder>>;
        fn vocabulary_size(self: &WhisperDecoder) -> usize;
        fn n_mels(self: &WhisperDecoder) -> usize;
        fn encode(self: Pin<&mut WhisperDecoder>, features: &[f32], frames: usize) -> Result<()>;
        fn start(
            self: Pin<&mut WhisperDecoder>,
            prompt: &[i32],
            sot_index: usize,
            no_speech_id: i32,
            logprobs: &mut [f32],
        ) -> Result<f32>;
        fn step(
            self: Pin<&mut WhisperDecoder>,
            parents: &[i32],
            tokens: &[i32],
            logprobs: &mut [f32],
        ) -> Result<()>;
    }
}

/// A Whisper model's weights in CTranslate2's format, int8 on the CPU.
pub struct WhisperWeights {
    inner: cxx::UniquePtr<ffi::WhisperWeights>,
}

// The weights are read only once loaded: decoders on any thread share them.
unsafe impl Send for ffi::WhisperWeights {}
unsafe impl Sync for ffi::WhisperWeights {}
// A decoder is used by one thread at a time (its owner's).
unsafe impl Send for ffi::WhisperDecoder {}

impl WhisperWeights {
    /// Loads the model in `dir` (`model.bin`).
    pub fn load(dir: &Path) -> Result<WhisperWeights, String> {
        let path = dir.to_str().ok_or("the model's path is not UTF-8")?;
        let inner = ffi::load_whisper_weights(path).map_err(|e| e.to_string())?;
        Ok(WhisperWeights { inner })
    }
}

/// The encoder and decoder over shared weights, decoding one utterance at a time.
pub struct StepDecoder {
    inner: cxx::UniquePtr<ffi::WhisperDecoder>,
    vocabulary: usize,
    rows: usize,
    logprobs: Vec<f32>,
}

impl StepDecoder {
    /// A decoder over `weights`, computing on `threads` threads.
    pub fn new(weights: &WhisperWeights, threads: usize) -> Result<StepDecoder, String> {
        let inner = ffi::whisper_decoder(&weights.inner, threads).map_err(|e| e.to_string())?;
        let vocabulary = inner.vocabulary_size();
        Ok(StepDecoder {
            inner,
            vocabulary,
            rows: 0,
            logprobs: Vec::new(),
        })
    }

    /// The size of a row of log-probabilities: the vocabulary's.
    pub fn vocabulary(&self) -> usize {
        self.vocabulary
    }

    /// The mel bands the encoder takes.
    pub fn n_mels(&self) -> usize {
        self.inner.n_mels()
    }

    /// Encodes an utterance's log-mel features (`n_mels` rows of `frames` values).
    pub fn encode(&mut self, features: &[f32], frames: usize) -> Result<(), String> {
        self.inner
            .pin_mut()
            .encode(features, frames)
            .map_err(|e| e.to_string())
    }

    /// Starts decoding after `prompt` (its `<|startoftranscript|>` at `sot_index`): the
    /// probability that nobody spoke (of `no_speech`), and the log-probabilities of the first
    /// token ([`StepDecoder::rows`], one row).
    pub fn start(
        &mut self,
        prompt: &[u32],
        sot_index: usize,
        no_speech: u32,
    ) -> Result<f32, String> {
        let prompt: Vec<i32> = prompt.iter().map(|&t| t as i32).collect();
        self.logprobs.resize(self.vocabulary, 0.0);
        self.rows = 1;
        self.inner
            .pin_mut()
            .start(&prompt, sot_index, no_speech as i32, &mut self.logprobs)
            .map_err(|e| e.to_string())
    }

    /// One step: each new row continues a row of the step before with a token (`next`:
    /// parent row, token). Its log-probabilities are then [`StepDecoder::rows`].
    pub fn step(&mut self, next: &[(usize, u32)]) -> Result<(), String> {
        let parents: Vec<i32> = next.iter().map(|&(p, _)| p as i32).collect();
        let tokens: Vec<i32> = next.iter().map(|&(_, t)| t as i32).collect();
        self.rows = next.len();
        self.logprobs.resize(self.rows * self.vocabulary, 0.0);
        self.inner
            .pin_mut()
            .step(&parents, &tokens, &mut self.logprobs)
            .map_err(|e| e.to_string())
    }

    /// The log-probabilities of every token after each row of the last step, row by row.
    pub fn rows(&self) -> &[f32] {
        &self.logprobs[..self.rows * self.vocabulary]
    }
}
