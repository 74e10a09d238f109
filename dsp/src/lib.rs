//! Signal processing for mono `f32` audio: rubato's FFT resampler and realfft's forward
//! transform, behind functions that are not generic, and the features of speech that a
//! player's recorded words are matched by ([`features`]).
//!
//! Why a crate of its own: rubato and realfft are generic over the sample type, and rustfft
//! underneath plans every butterfly for every SIMD level (for `f32` and `f64` alike) in the
//! crate that first names a concrete type. Named in the program's crate, that was 27 % of its
//! compiled code, compiled at opt-level 1 for its library, its unit tests and its tournament
//! build, on each of three targets (docs/install.md). Named here, it is compiled once a target,
//! optimised like every other dependency, and the program calls it through the types below.
//! Its tests are in `tests/it`, outside the crate, for the same reason: a unit-test build
//! would compile all of it a second time.

#![warn(missing_docs)]

use std::sync::Arc;

pub mod features;

pub use realfft::RealToComplex;
use rubato::Resampler as _;

/// Why the resampler could not be made or could not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DspError(String);

impl std::fmt::Display for DspError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DspError {}

/// rubato's FFT resampler for one channel: fixed chunks of input frames in, whatever the
/// ratio gives out.
pub struct MonoResampler {
    inner: rubato::FftFixedIn<f32>,
}

impl std::fmt::Debug for MonoResampler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MonoResampler")
            .field("chunk", &self.chunk())
            .finish_non_exhaustive()
    }
}

impl MonoResampler {
    /// A resampler from `from` to `to` frames a second, taking `chunk` input frames a call
    /// (in two FFT sub-chunks, as rubato advises for low latency).
    pub fn new(from: usize, to: usize, chunk: usize) -> Result<Self, DspError> {
        let inner = rubato::FftFixedIn::<f32>::new(from, to, chunk, 2, 1)
            .map_err(|e| DspError(e.to_string()))?;
        Ok(MonoResampler { inner })
    }

    /// The input frames each [`MonoResampler::process`] takes.
    pub fn chunk(&self) -> usize {
        self.inner.input_frames_next()
    }

    /// The output frames by which the output lags the input (to drop at the start).
    pub fn output_delay(&self) -> usize {
        self.inner.output_delay()
    }

    /// Resamples exactly [`MonoResampler::chunk`] input frames.
    pub fn process(&mut self, chunk: &[f32]) -> Result<Vec<f32>, DspError> {
        let mut out = self
            .inner
            .process(&[chunk], None)
            .map_err(|e| DspError(e.to_string()))?;
        Ok(out.pop().unwrap_or_default())
    }

    /// Resamples fewer frames than a chunk (padded with silence), or, given none, pushes a
    /// chunk of silence through to empty the delay.
    pub fn process_partial(&mut self, rest: Option<&[f32]>) -> Result<Vec<f32>, DspError> {
        let result = match rest {
            Some(rest) => self.inner.process_partial(Some(&[rest]), None),
            None => self.inner.process_partial::<&[f32]>(None, None),
        };
        let mut out = result.map_err(|e| DspError(e.to_string()))?;
        Ok(out.pop().unwrap_or_default())
    }

    /// Forgets every frame taken in, as if new.
    pub fn reset(&mut self) {
        self.inner.reset();
    }
}

/// A forward real FFT of `len` samples (realfft's plan: call it through its trait).
pub fn forward_fft(len: usize) -> Arc<dyn RealToComplex<f32>> {
    realfft::RealFftPlanner::<f32>::new().plan_fft_forward(len)
}
