//! The FFT resampler and the real FFT on tones whose answer is known.

use annexd_dsp::{MonoResampler, forward_fft};

fn sine(rate: usize, hz: f32, len: usize) -> Vec<f32> {
    (0..len)
        .map(|i| (2.0 * std::f32::consts::PI * hz * i as f32 / rate as f32).sin() * 0.5)
        .collect()
}

#[test]
fn a_second_at_48_khz_comes_out_as_a_second_at_16_khz() {
    let mut resampler = MonoResampler::new(48_000, 16_000, 1024).unwrap();
    let input = sine(48_000, 440.0, 48 * 1024);
    let mut out = Vec::new();
    for chunk in input.chunks_exact(resampler.chunk()) {
        out.extend(resampler.process(chunk).unwrap());
    }
    out.extend(resampler.process_partial(None).unwrap());
    let expected = input.len() / 3;
    assert!(out.len() >= expected, "{} < {expected}", out.len());
    // The tone keeps its loudness (RMS of a 0.5 sine: 0.354) past the delay.
    let delay = resampler.output_delay();
    let body = &out[delay..delay + expected - 1024];
    let rms = (body.iter().map(|s| s * s).sum::<f32>() / body.len() as f32).sqrt();
    assert!((rms - 0.354).abs() < 0.01, "{rms}");
}

#[test]
fn a_chunk_of_the_wrong_size_is_an_error_not_a_panic() {
    let mut resampler = MonoResampler::new(44_100, 16_000, 1024).unwrap();
    assert!(resampler.process(&[0.0; 10]).is_err());
    assert!(MonoResampler::new(0, 16_000, 1024).is_err());
}

#[test]
fn the_fft_finds_a_tone_in_its_bin() {
    let fft = forward_fft(400);
    let mut input = sine(16_000, 1_000.0, 400);
    let mut spectrum = fft.make_output_vec();
    fft.process(&mut input, &mut spectrum).unwrap();
    let loudest = (0..spectrum.len())
        .max_by(|&a, &b| spectrum[a].norm_sqr().total_cmp(&spectrum[b].norm_sqr()))
        .unwrap();
    // 1 kHz in 400 samples at 16 kHz: bin 1000 * 400 / 16000 = 25.
    assert_eq!(loudest, 25);
}
