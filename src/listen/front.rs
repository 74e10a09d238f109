//! The front end: what the recogniser's 16 kHz mono audio may go through before it is heard.
//!
//! - **High-pass** ([`HighPass`], on the stream): a second-order Butterworth filter at
//!   [`HIGH_PASS_HZ`] takes away rumble, hum and the breath of a close microphone, none of
//!   which is speech.
//! - **Noise suppression** (`denoise`, on a whole utterance, for Whisper; only with the
//!   cargo feature `denoise`): RNNoise (the `nnnoiseless` port) at 48 kHz, the utterance
//!   resampled there and back.
//!
//! **Off by default, because measured they did not help**: the stages run only when the
//! environment variable `ANNEXD_TRY_FRONT` names them (`hp`, `denoise`, and `trim`: Whisper
//! decodes only the speech of an utterance with a margin), so that the accuracy benchmark can
//! compare them with the front end off. On German moves and commands in noise and in a
//! reverberant room (five voices, 120 utterances, docs/listen.md) the high-pass filter with
//! trimming got 3 fewer right than no front end, and with RNNoise 15 fewer (0 wrong in each):
//! Whisper was trained on noisy speech, and RNNoise's artefacts are further from it than the
//! noise they replace.
//!
//! Level needs no stage of its own: Whisper's features are scaled to the utterance's
//! loudest band, and Vosk follows the level itself; the end-pointer follows the room.

/// The corner of the high-pass filter (below the lowest voice's fundamental, about 85 Hz).
pub const HIGH_PASS_HZ: f32 = 80.0;

/// A second-order Butterworth high-pass filter (a biquad, direct form I) over 16-bit samples.
#[derive(Debug, Clone)]
pub struct HighPass {
    b: [f32; 3],
    a: [f32; 2],
    x: [f32; 2],
    y: [f32; 2],
}

impl HighPass {
    /// A filter at `corner` Hz for audio at `rate`.
    pub fn new(rate: u32, corner: f32) -> HighPass {
        let w = 2.0 * std::f32::consts::PI * corner / rate as f32;
        let (sin, cos) = w.sin_cos();
        // Butterworth: a quality of 1/√2.
        let alpha = sin / (2.0 * std::f32::consts::FRAC_1_SQRT_2);
        let a0 = 1.0 + alpha;
        HighPass {
            b: [
                (1.0 + cos) / 2.0 / a0,
                -(1.0 + cos) / a0,
                (1.0 + cos) / 2.0 / a0,
            ],
            a: [-2.0 * cos / a0, (1.0 - alpha) / a0],
            x: [0.0; 2],
            y: [0.0; 2],
        }
    }

    /// Filters samples in place.
    pub fn process(&mut self, samples: &mut [i16]) {
        for sample in samples {
            let x = f32::from(*sample);
            let y = self.b[0] * x + self.b[1] * self.x[0] + self.b[2] * self.x[1]
                - self.a[0] * self.y[0]
                - self.a[1] * self.y[1];
            self.x = [x, self.x[0]];
            self.y = [y, self.y[0]];
            *sample = y.round().clamp(-32768.0, 32767.0) as i16;
        }
    }
}

/// RNNoise's rate.
#[cfg(feature = "denoise")]
const DENOISE_RATE: usize = 48_000;

/// An utterance at `rate` with its noise suppressed (RNNoise at 48 kHz): as long as it came.
#[cfg(feature = "denoise")]
#[cfg_attr(not(feature = "whisper"), allow(dead_code))]
pub fn denoise(samples: &[i16], rate: u32) -> Vec<i16> {
    let rate = rate as usize;
    let Some(up) = resample(
        &samples.iter().map(|&s| f32::from(s)).collect::<Vec<_>>(),
        rate,
        DENOISE_RATE,
    ) else {
        return samples.to_vec();
    };
    let frame = nnnoiseless::DenoiseState::FRAME_SIZE;
    let mut state = nnnoiseless::DenoiseState::new();
    let mut out = vec![0f32; frame];
    let mut clean = Vec::with_capacity(up.len() + frame);
    let mut padded = up.clone();
    // One frame more: RNNoise's output lags its input by one frame.
    padded.resize(up.len().div_ceil(frame) * frame + frame, 0.0);
    for (i, chunk) in padded.chunks_exact(frame).enumerate() {
        state.process_frame(&mut out, chunk);
        if i > 0 {
            clean.extend_from_slice(&out);
        }
    }
    clean.truncate(up.len());
    match resample(&clean, DENOISE_RATE, rate) {
        Some(down) => {
            let mut result: Vec<i16> = down
                .iter()
                .map(|&s| s.round().clamp(-32768.0, 32767.0) as i16)
                .collect();
            result.resize(samples.len(), 0);
            result
        }
        None => samples.to_vec(),
    }
}

/// A whole signal from one rate to another (rubato's FFT resampler, its delay trimmed).
#[cfg(feature = "denoise")]
#[cfg_attr(not(feature = "whisper"), allow(dead_code))]
fn resample(signal: &[f32], from: usize, to: usize) -> Option<Vec<f32>> {
    const CHUNK: usize = 1024;
    let mut resampler = annexd_dsp::MonoResampler::new(from, to, CHUNK).ok()?;
    let delay = resampler.output_delay();
    let expected = signal.len() * to / from;
    let mut out = Vec::with_capacity(expected + delay + CHUNK);
    let mut input = signal.to_vec();
    input.resize((signal.len() / CHUNK + 2) * CHUNK, 0.0);
    for chunk in input.chunks_exact(CHUNK) {
        out.extend(resampler.process(chunk).ok()?);
    }
    let end = (delay + expected).min(out.len());
    Some(out[delay.min(end)..end].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sine(hz: f32, rate: u32, len: usize, amplitude: f32) -> Vec<i16> {
        (0..len)
            .map(|i| {
                ((2.0 * std::f32::consts::PI * hz * i as f32 / rate as f32).sin() * amplitude)
                    as i16
            })
            .collect()
    }

    fn rms(samples: &[i16]) -> f32 {
        (samples.iter().map(|&s| f32::from(s).powi(2)).sum::<f32>() / samples.len() as f32).sqrt()
    }

    #[test]
    fn the_high_pass_takes_hum_away_and_keeps_the_voice() {
        let rate = 16_000;
        let mut hum = sine(40.0, rate, 16_000, 8000.0);
        let mut voice = sine(300.0, rate, 16_000, 8000.0);
        let mut filter = HighPass::new(rate, HIGH_PASS_HZ);
        filter.process(&mut hum);
        let mut filter = HighPass::new(rate, HIGH_PASS_HZ);
        filter.process(&mut voice);
        // After the first tenth of a second: 40 Hz loses most, 300 Hz almost nothing.
        let (hum, voice) = (rms(&hum[1600..]), rms(&voice[1600..]));
        assert!(hum < 8000.0 / 2f32.sqrt() * 0.3, "{hum}");
        assert!(voice > 8000.0 / 2f32.sqrt() * 0.95, "{voice}");
    }

    #[cfg(feature = "denoise")]
    #[test]
    fn denoising_keeps_the_length_and_lowers_steady_noise() {
        let rate = 16_000;
        // White noise of a fixed seed.
        let mut seed = 12345u32;
        let noise: Vec<i16> = (0..32_000)
            .map(|_| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (seed >> 16) as i16 >> 4
            })
            .collect();
        let clean = denoise(&noise, rate);
        assert_eq!(clean.len(), noise.len());
        assert!(rms(&clean[8000..]) < rms(&noise[8000..]) * 0.5);
    }
}
