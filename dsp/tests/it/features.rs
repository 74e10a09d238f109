//! The features of speech (annexd_dsp::features) on sounds whose answer is known.

use annexd_dsp::features::{FEATURES, speech_features};

/// A burst of two tones (0.3 s) between quiet (0.5 s before, 0.4 s after), at `gain`.
fn burst(gain: f32) -> Vec<f32> {
    let tone = |i: usize| {
        let t = i as f32 / 16_000.0;
        gain * (0.3 * (2.0 * std::f32::consts::PI * 300.0 * t).sin()
            + 0.1 * (2.0 * std::f32::consts::PI * 2_200.0 * t).sin())
    };
    // A faint hiss in the quiet, far below the tones (deterministic).
    let hiss = |i: usize| gain * 1e-5 * (((i * 7919) % 101) as f32 / 50.0 - 1.0);
    (0..8_000)
        .map(hiss)
        .chain((0..4_800).map(tone))
        .chain((0..6_400).map(hiss))
        .collect()
}

#[test]
fn the_quiet_around_the_speech_is_left_out() {
    let frames = speech_features(&burst(1.0));
    // 0.3 s is 30 frames of 10 ms; the windows that reach into the burst and the 30 ms kept
    // on each side add a few.
    assert!((30..=42).contains(&frames.len()), "{} frames", frames.len());
    assert!(frames.iter().all(|f| f.iter().all(|x| x.is_finite())));
}

#[test]
fn in_noise_the_noise_around_the_speech_is_left_out_too() {
    // The same burst in a hiss about 30 dB below the tones, within the 35 dB the quiet is
    // measured by, and nearer after the pre-emphasis (which weakens the low tone and lifts
    // the hiss): the frames above the noise's floor are the speech.
    let hiss = |i: usize| 0.01 * (((i * 7919 + 13) % 101) as f32 / 50.0 - 1.0);
    let noisy: Vec<f32> = burst(1.0)
        .iter()
        .enumerate()
        .map(|(i, s)| s + hiss(i))
        .collect();
    let frames = speech_features(&noisy);
    assert!((30..=42).contains(&frames.len()), "{} frames", frames.len());
}

#[test]
fn louder_changes_the_energy_only() {
    let soft = speech_features(&burst(0.25));
    let loud = speech_features(&burst(1.0));
    assert_eq!(soft.len(), loud.len());
    for (s, l) in soft.iter().zip(&loud).skip(5).take(20) {
        // Four times the amplitude is sixteen times the power: ln 16 more energy.
        assert!((l[FEATURES - 1] - s[FEATURES - 1] - 16f32.ln()).abs() < 0.05);
        for i in 0..FEATURES - 1 {
            assert!(
                (l[i] - s[i]).abs() < 0.05,
                "coefficient {i}: {} against {}",
                l[i],
                s[i]
            );
        }
    }
}

#[test]
fn too_short_for_a_window_is_no_frame() {
    assert!(speech_features(&[0.1; 399]).is_empty());
    assert!(speech_features(&[]).is_empty());
}
