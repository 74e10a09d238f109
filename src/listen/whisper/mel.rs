//! Whisper's input: the log-mel spectrogram of 16 kHz audio, as the model was trained on it
//! (OpenAI's `log_mel_spectrogram`): 25 ms Hann windows every 10 ms, the power spectrum, 80
//! mel bands on the Slaney scale with Slaney's area norm (librosa's defaults), log10,
//! floored 8 decades below the loudest value, scaled to about -1..1.
//!
//! The filter bank is computed (not read from a file); only its few non-zero weights are
//! kept, so a 10 s window takes milliseconds even in a debug build. The FFT is `realfft`'s
//! (planned in `annexd_dsp`).

/// Samples of one window (25 ms).
pub const N_FFT: usize = 400;
/// Samples between windows (10 ms): one frame.
pub const HOP: usize = 160;
/// Mel bands.
pub const N_MELS: usize = 80;
/// The audio rate.
pub const RATE: u32 = 16_000;

/// Hertz to the Slaney mel scale (linear below 1 kHz, logarithmic above).
fn hz_to_mel(hz: f64) -> f64 {
    let log_step = 6.4f64.ln() / 27.0;
    if hz >= 1000.0 {
        15.0 + (hz / 1000.0).ln() / log_step
    } else {
        hz * 3.0 / 200.0
    }
}

fn mel_to_hz(mel: f64) -> f64 {
    let log_step = 6.4f64.ln() / 27.0;
    if mel >= 15.0 {
        1000.0 * (log_step * (mel - 15.0)).exp()
    } else {
        mel * 200.0 / 3.0
    }
}

/// One mel band: its first FFT bin and the weights from there.
#[derive(Debug, Clone)]
struct Band {
    first: usize,
    weights: Vec<f32>,
}

/// The mel filter bank and the FFT, made once per model.
pub struct Features {
    bands: Vec<Band>,
    window: Vec<f32>,
    fft: std::sync::Arc<dyn annexd_dsp::RealToComplex<f32>>,
}

impl std::fmt::Debug for Features {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Features").finish_non_exhaustive()
    }
}

impl Default for Features {
    fn default() -> Self {
        Features::new()
    }
}

impl Features {
    /// The filter bank of 80 bands over 0–8 kHz.
    pub fn new() -> Features {
        let bins = N_FFT / 2 + 1;
        let bin_hz = |k: usize| k as f64 * f64::from(RATE) / N_FFT as f64;
        let (low, high) = (hz_to_mel(0.0), hz_to_mel(f64::from(RATE) / 2.0));
        let edges: Vec<f64> = (0..N_MELS + 2)
            .map(|i| mel_to_hz(low + (high - low) * i as f64 / (N_MELS + 1) as f64))
            .collect();
        let bands = (0..N_MELS)
            .map(|m| {
                let (left, centre, right) = (edges[m], edges[m + 1], edges[m + 2]);
                let norm = 2.0 / (right - left);
                let all: Vec<f32> = (0..bins)
                    .map(|k| {
                        let f = bin_hz(k);
                        let w = ((f - left) / (centre - left))
                            .min((right - f) / (right - centre))
                            .max(0.0);
                        (w * norm) as f32
                    })
                    .collect();
                let first = all.iter().position(|&w| w > 0.0).unwrap_or(0);
                let last = all.iter().rposition(|&w| w > 0.0).unwrap_or(0);
                Band {
                    first,
                    weights: all[first..=last.max(first)].to_vec(),
                }
            })
            .collect();
        let window = (0..N_FFT)
            .map(|i| {
                (0.5 - 0.5 * (2.0 * std::f64::consts::PI * i as f64 / N_FFT as f64).cos()) as f32
            })
            .collect();
        Features {
            bands,
            window,
            fft: annexd_dsp::forward_fft(N_FFT),
        }
    }

    /// The features of `samples` (at 16 kHz, -1..1) padded with silence or cut to `frames`
    /// frames, band by band: `N_MELS` rows of `frames` values.
    pub fn log_mel(&self, samples: &[f32], frames: usize) -> Vec<f32> {
        let pad = N_FFT / 2;
        let len = frames * HOP;
        let mut signal = vec![0f32; len + 2 * pad];
        let n = samples.len().min(len);
        signal[pad..pad + n].copy_from_slice(&samples[..n]);
        // The windows are centred: the signal is mirrored at both ends, as torch.stft does.
        for i in 1..=pad {
            signal[pad - i] = signal[pad + i];
            signal[pad + len - 1 + i] = signal[pad + len - 1 - i];
        }
        let mut input = self.fft.make_input_vec();
        let mut spectrum = self.fft.make_output_vec();
        let mut power = vec![0f32; N_FFT / 2 + 1];
        let mut out = vec![0f32; N_MELS * frames];
        for t in 0..frames {
            let start = t * HOP;
            for ((x, s), w) in input
                .iter_mut()
                .zip(&signal[start..start + N_FFT])
                .zip(&self.window)
            {
                *x = s * w;
            }
            // The buffers have the lengths the plan made them with: this cannot fail.
            if self.fft.process(&mut input, &mut spectrum).is_err() {
                continue;
            }
            for (p, c) in power.iter_mut().zip(&spectrum) {
                *p = c.norm_sqr();
            }
            for (m, band) in self.bands.iter().enumerate() {
                let energy: f32 = band
                    .weights
                    .iter()
                    .zip(&power[band.first..])
                    .map(|(w, p)| w * p)
                    .sum();
                out[m * frames + t] = energy.max(1e-10).log10();
            }
        }
        let max = out.iter().copied().fold(f32::MIN, f32::max);
        for v in &mut out {
            *v = (v.max(max - 8.0) + 4.0) / 4.0;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_bank_has_slaneys_scale_and_area() {
        assert!((hz_to_mel(1000.0) - 15.0).abs() < 1e-9);
        assert!((hz_to_mel(200.0) - 3.0).abs() < 1e-9);
        assert!((mel_to_hz(hz_to_mel(3000.0)) - 3000.0).abs() < 1e-6);
        let features = Features::new();
        // Slaney's norm: every triangle has unit area over hertz. The upper bands are wide
        // enough for the 40 Hz bins to show it.
        for band in &features.bands[40..] {
            let area: f32 = band.weights.iter().sum::<f32>() * 40.0;
            assert!((area - 1.0).abs() < 0.1, "{area}");
        }
        let last = &features.bands[N_MELS - 1];
        assert!(last.first + last.weights.len() <= N_FFT / 2 + 1);
    }

    #[test]
    fn a_tone_lights_its_band_and_silence_is_the_floor() {
        let features = Features::new();
        let tone: Vec<f32> = (0..16_000)
            .map(|i| (2.0 * std::f32::consts::PI * 1000.0 * i as f32 / 16_000.0).sin() * 0.5)
            .collect();
        let frames = 200;
        let mel = features.log_mel(&tone, frames);
        assert_eq!(mel.len(), N_MELS * frames);
        let column = |t: usize| (0..N_MELS).map(|m| mel[m * frames + t]).collect::<Vec<_>>();
        let mid = column(50);
        let loudest = (0..N_MELS)
            .max_by(|&a, &b| mid[a].total_cmp(&mid[b]))
            .unwrap();
        // 1 kHz is mel 15 of 45.2 over 81 steps: band 25 or 26.
        assert!((25..=27).contains(&loudest), "{loudest}");
        // After the tone (1 s = 100 frames), silence: the floor, 8 decades down, scaled.
        let floor = column(150);
        let max = mel.iter().copied().fold(f32::MIN, f32::max);
        assert!(
            floor.iter().all(|&v| (v - (max - 2.0)).abs() < 1e-4),
            "{:?}",
            &floor[..3]
        );
    }
}
