//! Composing an announcement from clips: pure sample arithmetic, no device.
//!
//! Clips follow each other with a configurable gap between words; the speaking rate shortens
//! or lengthens the clips without changing the pitch (WSOLA time-scaling) and scales the gaps;
//! a one-ear channel puts the sound on one side of a stereo signal.

use std::time::Duration;

use super::voice::Voice;
use annexd_core::Spoken;
use annexd_core::speech::Channel;

/// Sound ready to play or write: interleaved samples in -1 … 1.
#[derive(Debug, Clone, PartialEq)]
pub struct Audio {
    /// Frames per second.
    pub sample_rate: u32,
    /// 1 (mono) or 2 (left, right).
    pub channels: u16,
    /// Interleaved samples.
    pub samples: Vec<f32>,
}

impl Audio {
    /// How many frames (one sample per channel) it holds.
    pub fn frames(&self) -> usize {
        self.samples.len() / self.channels.max(1) as usize
    }

    /// How long it lasts.
    pub fn duration(&self) -> Duration {
        Duration::from_secs_f64(self.frames() as f64 / self.sample_rate as f64)
    }
}

/// How fast and with which gaps words follow each other.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pacing {
    /// Silence between two words at the normal rate.
    pub gap: Duration,
    /// Speaking rate: 1.0 is the voice's own speed, 1.5 half as fast again (0.5 … 2.0).
    pub rate: f32,
}

impl Default for Pacing {
    fn default() -> Self {
        Pacing {
            gap: Duration::from_millis(60),
            rate: 1.0,
        }
    }
}

/// The lowest and highest speaking rates accepted.
pub const RATE_RANGE: (f32, f32) = (0.5, 2.0);

/// A word the voice has no clip for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the voice has no clip for '{key}' ({text})")]
pub struct MissingClip {
    /// The clip key.
    pub key: &'static str,
    /// The word.
    pub text: &'static str,
}

/// Puts the clips of the words one after another.
pub fn compose(
    voice: &Voice,
    words: &[Spoken],
    pacing: Pacing,
    channel: Channel,
) -> Result<Audio, MissingClip> {
    let rate = pacing.rate.clamp(RATE_RANGE.0, RATE_RANGE.1);
    let sample_rate = voice.sample_rate();
    let gap = (pacing.gap.as_secs_f64() / rate as f64 * sample_rate as f64).round() as usize;
    let clips = words
        .iter()
        .map(|w| {
            voice.clip(w.key).ok_or(MissingClip {
                key: w.key,
                text: w.text,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let total: usize =
        clips.iter().map(|c| c.len()).sum::<usize>() + gap * clips.len().saturating_sub(1);
    let mut mono = Vec::with_capacity((total as f32 / rate) as usize + 16);
    for (i, clip) in clips.iter().enumerate() {
        if i > 0 {
            mono.resize(mono.len() + gap, 0.0);
        }
        let start = mono.len();
        mono.extend(clip.iter().map(|&s| s as f32 / 32768.0));
        if (rate - 1.0).abs() > 0.01 {
            let stretched = stretch(&mono[start..], rate, sample_rate);
            mono.truncate(start);
            mono.extend(stretched);
        }
    }
    Ok(place(mono, sample_rate, channel))
}

/// Mono samples for both ears, or on one side of a stereo signal.
pub fn place(mono: Vec<f32>, sample_rate: u32, channel: Channel) -> Audio {
    match channel {
        Channel::Both => Audio {
            sample_rate,
            channels: 1,
            samples: mono,
        },
        Channel::Left | Channel::Right => {
            let left = channel == Channel::Left;
            let samples = mono
                .iter()
                .flat_map(|&s| if left { [s, 0.0] } else { [0.0, s] })
                .collect();
            Audio {
                sample_rate,
                channels: 2,
                samples,
            }
        }
    }
}

/// How long the words last at the normal rate with this gap, if the voice has them all.
pub fn expected_duration(voice: &Voice, words: &[Spoken], gap: Duration) -> Option<Duration> {
    let mut total = gap * words.len().saturating_sub(1) as u32;
    for word in words {
        total += voice.clip_duration(word.key)?;
    }
    Some(total)
}

/// Changes the duration of speech by `1 / rate` keeping its pitch: waveform-similarity
/// overlap-add (WSOLA) with 20 ms Hann frames and a ±5 ms search.
pub fn stretch(input: &[f32], rate: f32, sample_rate: u32) -> Vec<f32> {
    let frame = (sample_rate as usize / 50).max(8) & !1;
    let hop_out = frame / 2;
    let tolerance = sample_rate as usize / 200;
    let out_len = (input.len() as f32 / rate).round() as usize;
    if input.len() < frame * 2 || (rate - 1.0).abs() < 0.01 {
        return input.to_vec();
    }
    let window: Vec<f32> = (0..frame)
        .map(|i| 0.5 - 0.5 * (2.0 * std::f32::consts::PI * i as f32 / frame as f32).cos())
        .collect();
    let mut out = vec![0.0f32; out_len + frame];
    let mut weight = vec![0.0f32; out_len + frame];
    let last_start = input.len() - frame;
    let mut previous = 0usize;
    let mut k = 0usize;
    loop {
        let out_pos = k * hop_out;
        if out_pos >= out_len {
            break;
        }
        let nominal = ((out_pos as f32 * rate).round() as usize).min(last_start);
        let chosen = if k == 0 {
            0
        } else {
            // The frame most like the natural continuation of the previous one.
            let natural = (previous + hop_out).min(last_start);
            let from = nominal.saturating_sub(tolerance);
            let to = (nominal + tolerance).min(last_start);
            let target = &input[natural..natural + hop_out];
            (from..=to)
                .step_by(2)
                .max_by(|&a, &b| {
                    let score = |at: usize| -> f32 {
                        input[at..at + hop_out]
                            .iter()
                            .zip(target)
                            .map(|(x, y)| x * y)
                            .sum()
                    };
                    score(a).total_cmp(&score(b))
                })
                .unwrap_or(nominal)
        };
        for i in 0..frame {
            out[out_pos + i] += input[chosen + i] * window[i];
            weight[out_pos + i] += window[i];
        }
        previous = chosen;
        k += 1;
    }
    out.truncate(out_len);
    for (s, w) in out.iter_mut().zip(&weight) {
        if *w > 1e-3 {
            *s /= w;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::voice::VoiceInfo;
    use annexd_core::Lang;

    fn voice() -> Voice {
        let info = VoiceInfo {
            name: "t".into(),
            language: Lang::De,
            licence: "-".into(),
            made_with: "test".into(),
        };
        Voice::from_clips(
            info,
            1000,
            [
                ("p_knight".to_owned(), vec![1000; 300]),
                ("f_f".to_owned(), vec![-1000; 200]),
            ],
        )
    }

    fn words() -> Vec<Spoken> {
        use annexd_core::Token;
        let mut w = Vec::new();
        Lang::De.push_words(Token::Piece(shakmaty::Role::Knight), &mut w);
        Lang::De.push_words(Token::File(shakmaty::File::F), &mut w);
        w
    }

    #[test]
    fn clips_follow_each_other_with_the_gap() {
        let pacing = Pacing {
            gap: Duration::from_millis(50),
            rate: 1.0,
        };
        let audio = compose(&voice(), &words(), pacing, Channel::Both).unwrap();
        assert_eq!(audio.frames(), 300 + 50 + 200);
        assert_eq!(audio.samples[299], 1000.0 / 32768.0);
        assert_eq!(audio.samples[300..350], [0.0; 50]);
        assert_eq!(audio.samples[350], -1000.0 / 32768.0);
        assert_eq!(
            expected_duration(&voice(), &words(), pacing.gap),
            Some(Duration::from_millis(550))
        );
    }

    #[test]
    fn one_ear_puts_the_sound_on_one_side_only() {
        let pacing = Pacing {
            gap: Duration::ZERO,
            rate: 1.0,
        };
        let audio = compose(&voice(), &words(), pacing, Channel::Right).unwrap();
        assert_eq!((audio.channels, audio.frames()), (2, 500));
        assert!(audio.samples.chunks(2).all(|f| f[0] == 0.0 && f[1] != 0.0));
    }

    #[test]
    fn a_missing_clip_is_named() {
        let mut w = words();
        w.push(Spoken {
            key: "x_check",
            text: "Schach",
            glue: false,
        });
        let err = compose(&voice(), &w, Pacing::default(), Channel::Both).unwrap_err();
        assert_eq!(err.key, "x_check");
    }

    fn zero_crossings(s: &[f32]) -> usize {
        s.windows(2)
            .filter(|w| (w[0] < 0.0) != (w[1] < 0.0))
            .count()
    }

    #[test]
    fn a_faster_rate_shortens_speech_but_keeps_its_pitch() {
        let rate = 16_000;
        let tone: Vec<f32> = (0..rate)
            .map(|i| (2.0 * std::f32::consts::PI * 220.0 * i as f32 / rate as f32).sin() * 0.5)
            .collect();
        for speed in [0.7f32, 1.5] {
            let out = stretch(&tone, speed, rate);
            let expected = (rate as f32 / speed) as usize;
            assert!(
                out.len().abs_diff(expected) <= 1,
                "{speed}: {} vs {expected}",
                out.len()
            );
            // Pitch: zero crossings per second stay those of 220 Hz (440 a second) within 5 %.
            let per_second = zero_crossings(&out) as f32 / (out.len() as f32 / rate as f32);
            assert!(
                (per_second - 440.0).abs() < 22.0,
                "{speed}: {per_second} crossings a second"
            );
        }
    }
}
