//! Frames of features of speech, for matching a player's recorded words against an utterance
//! (annexd-core's `listen::own_voice`): mel-frequency cepstral coefficients, the usual front
//! end of template matching. 16 kHz mono in; every 10 ms a frame of twelve cepstral
//! coefficients (26 mel bands from 60 to 7 600 Hz over a 25 ms Hamming window, after a
//! pre-emphasis of 0.97) and the log energy; the quiet before and after the speech left out.
//! The mean the matching takes away is the core's (`listen::own_voice`).

use std::sync::Arc;

use realfft::RealToComplex;

/// Coefficients in a frame: twelve cepstral coefficients, then the log energy.
pub const FEATURES: usize = 13;

/// One frame of features.
pub type Frame = [f32; FEATURES];

const RATE: f32 = 16_000.0;
const WINDOW: usize = 400;
const HOP: usize = 160;
const FFT: usize = 512;
const BANDS: usize = 26;
/// Frames quieter than the loudest by more than this (35 dB, as a natural log of power) are
/// quiet, before the first loud frame and after the last.
const QUIET: f32 = 8.06;
/// Frames kept around the speech on each side (30 ms).
const MARGIN: usize = 3;
/// In noise, speech is the frames louder than the noise's floor by more than this (6 dB, as
/// a natural log of power), however far below the loudest.
const ABOVE_FLOOR: f32 = 1.38;

/// The frames of `samples` (16 kHz mono), from the first frame of speech to the last; none
/// when there are fewer samples than one window.
pub fn speech_features(samples: &[f32]) -> Vec<Frame> {
    if samples.len() < WINDOW {
        return Vec::new();
    }
    let fft = crate::forward_fft(FFT);
    let bank = mel_bank();
    let window: Vec<f32> = (0..WINDOW)
        .map(|n| 0.54 - 0.46 * (2.0 * std::f32::consts::PI * n as f32 / (WINDOW - 1) as f32).cos())
        .collect();
    let emphasised: Vec<f32> = std::iter::once(samples[0])
        .chain(samples.windows(2).map(|w| w[1] - 0.97 * w[0]))
        .collect();
    let count = 1 + (emphasised.len() - WINDOW) / HOP;
    let mut powers = Vec::with_capacity(count);
    let mut energies = Vec::with_capacity(count);
    for f in 0..count {
        let power = power_spectrum(&fft, &emphasised[f * HOP..f * HOP + WINDOW], &window);
        energies.push((power.iter().sum::<f32>() + 1e-10).ln());
        powers.push(power);
    }
    let loudest = energies.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    // The floor: the energy a tenth of the frames stay under (the room's noise, if any).
    let mut sorted = energies.clone();
    sorted.sort_by(f32::total_cmp);
    let floor = sorted[sorted.len() / 10];
    let threshold = (loudest - QUIET).max(floor + ABOVE_FLOOR);
    let loud = |e: &f32| *e > threshold;
    let first = energies
        .iter()
        .position(loud)
        .unwrap_or(0)
        .saturating_sub(MARGIN);
    let last = (energies.iter().rposition(loud).unwrap_or(count - 1) + MARGIN + 1).min(count);
    (first..last)
        .map(|f| cepstrum(&powers[f], energies[f], &bank))
        .collect()
}

fn power_spectrum(fft: &Arc<dyn RealToComplex<f32>>, samples: &[f32], window: &[f32]) -> Vec<f32> {
    let mut input = fft.make_input_vec();
    for ((slot, x), w) in input.iter_mut().zip(samples).zip(window) {
        *slot = x * w;
    }
    let mut spectrum = fft.make_output_vec();
    // The lengths are the plan's own: it cannot fail.
    if fft.process(&mut input, &mut spectrum).is_err() {
        return vec![0.0; spectrum.len()];
    }
    spectrum.iter().map(|c| c.norm_sqr()).collect()
}

/// Triangular filters, equally spaced on the mel scale, over the FFT's bins.
fn mel_bank() -> Vec<Vec<f32>> {
    let mel = |hz: f32| 2595.0 * (1.0 + hz / 700.0).log10();
    let hz = |m: f32| 700.0 * (10f32.powf(m / 2595.0) - 1.0);
    let (low, high) = (mel(60.0), mel(7_600.0));
    let bins: Vec<usize> = (0..BANDS + 2)
        .map(|i| {
            let f = hz(low + (high - low) * i as f32 / (BANDS + 1) as f32);
            ((FFT + 1) as f32 * f / RATE).floor() as usize
        })
        .collect();
    (1..=BANDS)
        .map(|b| {
            let (l, c, r) = (bins[b - 1], bins[b], bins[b + 1]);
            (0..FFT / 2 + 1)
                .map(|k| {
                    if k >= l && k < c {
                        (k - l) as f32 / (c - l).max(1) as f32
                    } else if k >= c && k < r {
                        (r - k) as f32 / (r - c).max(1) as f32
                    } else {
                        0.0
                    }
                })
                .collect()
        })
        .collect()
}

fn cepstrum(power: &[f32], energy: f32, bank: &[Vec<f32>]) -> Frame {
    let logs: Vec<f32> = bank
        .iter()
        .map(|filter| {
            let e: f32 = filter.iter().zip(power).map(|(w, p)| w * p).sum();
            (e + 1e-10).ln()
        })
        .collect();
    let mut frame = [0.0f32; FEATURES];
    for (i, c) in frame.iter_mut().take(FEATURES - 1).enumerate() {
        let k = (i + 1) as f32;
        *c = logs
            .iter()
            .enumerate()
            .map(|(n, l)| l * (std::f32::consts::PI / BANDS as f32 * (n as f32 + 0.5) * k).cos())
            .sum();
    }
    frame[FEATURES - 1] = energy;
    frame
}
