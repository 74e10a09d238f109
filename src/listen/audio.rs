//! Audio conditioning: interleaved samples of any channel count and rate, turned into the
//! mono 16-bit stream at the recogniser's rate.
//!
//! Sources hand over `f32` samples in −1 … 1 whatever their own format was (see
//! [`super::source`]); here they are mixed to mono (the mean of the channels) and resampled
//! with rubato's FFT resampler (through `annexd_dsp`), which handles any pair of integer
//! rates exactly. The resampler's delay is trimmed at the start and its tail flushed at the
//! end, so an utterance comes out as long as it went in.

use annexd_dsp::MonoResampler;

/// Input frames per resampler call: about 20 ms at 48 kHz.
const CHUNK_FRAMES: usize = 1024;

/// Why a stream cannot be conditioned.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AudioError {
    /// A source reported a rate or a channel count that cannot be audio.
    #[error("unusable audio format: {rate} Hz, {channels} channels")]
    BadFormat {
        /// Frames per second.
        rate: u32,
        /// Channels per frame.
        channels: u16,
    },
}

/// Mixes interleaved frames to mono by the mean of their channels, appending to `out`.
pub fn mix_to_mono(interleaved: &[f32], channels: usize, out: &mut Vec<f32>) {
    if channels <= 1 {
        out.extend_from_slice(interleaved);
        return;
    }
    let scale = 1.0 / channels as f32;
    out.extend(
        interleaved
            .chunks_exact(channels)
            .map(|frame| frame.iter().sum::<f32>() * scale),
    );
}

/// A sample in −1 … 1 as a 16-bit sample, clipped.
pub fn to_i16(sample: f32) -> i16 {
    (sample * 32768.0).round().clamp(-32768.0, 32767.0) as i16
}

/// Turns a stream of interleaved frames at the source's rate into mono 16-bit samples at the
/// target rate.
pub struct Conditioner {
    channels: usize,
    input_rate: u32,
    output_rate: u32,
    resampler: Option<MonoResampler>,
    /// Mono samples waiting for a full resampler chunk.
    pending: Vec<f32>,
    /// Output frames still to drop (the resampler's delay).
    delay_left: usize,
    /// Mono frames taken in and samples given out, to flush the right length at the end.
    frames_in: u64,
    samples_out: u64,
    mono: Vec<f32>,
}

impl std::fmt::Debug for Conditioner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Conditioner")
            .field("channels", &self.channels)
            .field("input_rate", &self.input_rate)
            .field("output_rate", &self.output_rate)
            .finish_non_exhaustive()
    }
}

impl Conditioner {
    /// A conditioner for a source of `channels` channels at `input_rate`, producing
    /// `output_rate` (the recogniser's, mostly 16 kHz).
    pub fn new(input_rate: u32, channels: u16, output_rate: u32) -> Result<Self, AudioError> {
        if input_rate == 0 || channels == 0 || output_rate == 0 {
            return Err(AudioError::BadFormat {
                rate: input_rate,
                channels,
            });
        }
        let resampler = if input_rate == output_rate {
            None
        } else {
            Some(
                MonoResampler::new(input_rate as usize, output_rate as usize, CHUNK_FRAMES)
                    .map_err(|_| AudioError::BadFormat {
                        rate: input_rate,
                        channels,
                    })?,
            )
        };
        let delay_left = resampler.as_ref().map_or(0, |r| r.output_delay());
        Ok(Conditioner {
            channels: usize::from(channels),
            input_rate,
            output_rate,
            resampler,
            pending: Vec::with_capacity(CHUNK_FRAMES * 2),
            delay_left,
            frames_in: 0,
            samples_out: 0,
            mono: Vec::new(),
        })
    }

    /// The source rate.
    pub fn input_rate(&self) -> u32 {
        self.input_rate
    }

    /// The source's channel count.
    pub fn channels(&self) -> u16 {
        self.channels as u16
    }

    /// Takes interleaved frames (a trailing partial frame is ignored) and returns the mono
    /// samples at the output rate that are ready.
    pub fn push(&mut self, interleaved: &[f32]) -> Vec<i16> {
        self.mono.clear();
        mix_to_mono(interleaved, self.channels, &mut self.mono);
        // A device that lies about its format delivers garbage: never let a NaN or an
        // infinity into the resampler (its FFT rejects them), and keep the range.
        for s in &mut self.mono {
            *s = if s.is_finite() {
                s.clamp(-1.0, 1.0)
            } else {
                0.0
            };
        }
        self.frames_in += self.mono.len() as u64;
        let Some(resampler) = self.resampler.as_mut() else {
            self.samples_out += self.mono.len() as u64;
            return self.mono.iter().map(|&s| to_i16(s)).collect();
        };
        self.pending.extend_from_slice(&self.mono);
        let mut out = Vec::new();
        let mut start = 0;
        while self.pending.len() - start >= CHUNK_FRAMES {
            let chunk = &self.pending[start..start + CHUNK_FRAMES];
            let resampled = resampler
                .process(chunk)
                .expect("input chunk has the resampler's size");
            Self::emit(&resampled, &mut self.delay_left, &mut out);
            start += CHUNK_FRAMES;
        }
        self.pending.drain(..start);
        self.samples_out += out.len() as u64;
        out
    }

    /// Flushes what the resampler still holds: the last samples of the stream, so that the
    /// whole output is as long as the input at the output rate.
    pub fn finish(&mut self) -> Vec<i16> {
        let Some(resampler) = self.resampler.as_mut() else {
            return Vec::new();
        };
        let expected =
            (self.frames_in * u64::from(self.output_rate)).div_ceil(u64::from(self.input_rate));
        let mut out = Vec::new();
        let mut rest = std::mem::take(&mut self.pending);
        // Each flush pushes at most one chunk of zeros; a few are enough to empty the delay.
        for _ in 0..8 {
            if self.samples_out + out.len() as u64 >= expected {
                break;
            }
            let resampled = resampler
                .process_partial((!rest.is_empty()).then_some(rest.as_slice()))
                .expect("a partial chunk is padded by the resampler");
            rest.clear();
            Self::emit(&resampled, &mut self.delay_left, &mut out);
        }
        let room = expected.saturating_sub(self.samples_out) as usize;
        out.truncate(room);
        self.samples_out += out.len() as u64;
        resampler.reset();
        self.delay_left = resampler.output_delay();
        self.frames_in = 0;
        self.samples_out = 0;
        out
    }

    fn emit(resampled: &[f32], delay_left: &mut usize, out: &mut Vec<i16>) {
        let skip = (*delay_left).min(resampled.len());
        *delay_left -= skip;
        out.extend(resampled[skip..].iter().map(|&s| to_i16(s)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rate recognisers decode.
    const MODEL_RATE: u32 = 16_000;

    fn sine(rate: u32, channels: u16, freq: f32, seconds: f32) -> Vec<f32> {
        let frames = (rate as f32 * seconds) as usize;
        let mut out = Vec::with_capacity(frames * usize::from(channels));
        for i in 0..frames {
            let s = 0.5 * (2.0 * std::f32::consts::PI * freq * i as f32 / rate as f32).sin();
            for _ in 0..channels {
                out.push(s);
            }
        }
        out
    }

    /// The frequency of the strongest zero-crossing rate: crossings / 2 per second.
    fn frequency(samples: &[i16], rate: u32) -> f32 {
        let crossings = samples
            .windows(2)
            .filter(|w| (w[0] < 0) != (w[1] < 0))
            .count();
        crossings as f32 / 2.0 / (samples.len() as f32 / rate as f32)
    }

    #[test]
    fn channels_are_mixed_by_their_mean() {
        let mut out = Vec::new();
        mix_to_mono(&[0.2, 0.4, -1.0, 1.0], 2, &mut out);
        assert_eq!(out.len(), 2);
        assert!((out[0] - 0.3).abs() < 1e-6 && out[1].abs() < 1e-6);
        assert_eq!(to_i16(1.5), 32767);
        assert_eq!(to_i16(-2.0), -32768);
        assert_eq!(to_i16(0.5), 16384);
    }

    #[test]
    fn any_rate_and_channel_count_becomes_16k_mono_of_the_same_length_and_pitch() {
        for (rate, channels) in [
            (48_000, 2),
            (44_100, 1),
            (22_050, 2),
            (16_000, 1),
            (8_000, 1),
        ] {
            let input = sine(rate, channels, 440.0, 1.0);
            let mut c = Conditioner::new(rate, channels, MODEL_RATE).unwrap();
            let mut out = Vec::new();
            // Odd block sizes, as a sound card delivers them.
            for block in input.chunks(usize::from(channels) * 333) {
                out.extend(c.push(block));
            }
            out.extend(c.finish());
            assert_eq!(out.len(), 16_000, "{rate} Hz × {channels}");
            let f = frequency(&out[1000..15_000], MODEL_RATE);
            assert!((f - 440.0).abs() < 5.0, "{rate} Hz: {f} Hz");
            let peak = out[1000..15_000]
                .iter()
                .map(|s| s.unsigned_abs())
                .max()
                .unwrap();
            assert!((15_000..=17_500).contains(&peak), "{rate} Hz: peak {peak}");
        }
    }

    #[test]
    fn garbage_samples_are_silenced_not_fatal() {
        let mut c = Conditioner::new(48_000, 2, MODEL_RATE).unwrap();
        let garbage: Vec<f32> = (0..48_000)
            .map(|i| match i % 4 {
                0 => f32::NAN,
                1 => f32::INFINITY,
                2 => 1e30,
                _ => -0.25,
            })
            .collect();
        let mut out = c.push(&garbage);
        out.extend(c.finish());
        assert_eq!(out.len(), 8_000);
    }

    #[test]
    fn a_conditioner_serves_several_utterances() {
        let mut c = Conditioner::new(48_000, 1, MODEL_RATE).unwrap();
        for _ in 0..2 {
            let mut n = c.push(&sine(48_000, 1, 300.0, 0.5)).len();
            n += c.finish().len();
            assert_eq!(n, 8_000);
        }
        assert!(Conditioner::new(0, 1, MODEL_RATE).is_err());
        assert!(Conditioner::new(16_000, 0, MODEL_RATE).is_err());
    }
}
