//! Silence and loudness of recorded words: pure sample arithmetic used when recording a
//! personal voice (when has the speaker started and finished a word, what to cut, how loud).

use std::time::Duration;

/// The length of the frames loudness is measured on: 10 ms.
fn frame_len(sample_rate: u32) -> usize {
    (sample_rate as usize / 100).max(1)
}

fn frame_rms(frame: &[f32]) -> f32 {
    super::wav::rms(frame)
}

/// Cuts the silence before and after the sound, keeping `margin` of it on each side. Silence
/// is any 10 ms frame quieter than `threshold` (RMS, samples in -1 … 1).
pub fn trim_silence(samples: &[f32], sample_rate: u32, threshold: f32, margin: Duration) -> &[f32] {
    let n = frame_len(sample_rate);
    let loud = |frame: &[f32]| frame_rms(frame) >= threshold;
    let frames: Vec<&[f32]> = samples.chunks(n).collect();
    let Some(first) = frames.iter().position(|f| loud(f)) else {
        return &samples[..0];
    };
    let last = frames
        .iter()
        .rposition(|f| loud(f))
        .expect("a loud frame exists");
    let keep = (margin.as_secs_f64() * sample_rate as f64) as usize;
    let start = (first * n).saturating_sub(keep);
    let end = ((last + 1) * n + keep).min(samples.len());
    &samples[start..end]
}

/// Scales speech to a common loudness: RMS `target`, but no peak above 0.95.
pub fn even_loudness(samples: &mut [f32], target: f32) {
    let rms = super::wav::rms(samples);
    let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if rms <= 0.0 || peak <= 0.0 {
        return;
    }
    let gain = (target / rms).min(0.95 / peak);
    samples.iter_mut().for_each(|s| *s *= gain);
}

/// Where a recording of one word stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Take {
    /// Nothing said yet.
    Waiting,
    /// The word is being said.
    Speaking,
    /// The word was said and followed by enough silence.
    Done,
    /// Nothing was said in time.
    NothingHeard,
    /// The word ran on too long and was cut.
    TooLong,
}

/// Decides from the samples alone when a word starts and ends: speech is three loud frames in
/// a row; the end is `silence_after` of quiet frames after speech.
#[derive(Debug, Clone)]
pub struct Endpointer {
    frame: usize,
    threshold: f32,
    loud_run: usize,
    quiet_run: usize,
    quiet_needed: usize,
    wait_frames: usize,
    max_frames: usize,
    frames_seen: usize,
    speech_frames: usize,
    partial: Vec<f32>,
    state: Take,
}

impl Endpointer {
    /// `threshold` is the RMS of speech; `wait` is how long to wait for the word to begin,
    /// `max` how long a word may last.
    pub fn new(
        sample_rate: u32,
        threshold: f32,
        silence_after: Duration,
        wait: Duration,
        max: Duration,
    ) -> Self {
        let per_second = 100.0;
        Endpointer {
            frame: frame_len(sample_rate),
            threshold,
            loud_run: 0,
            quiet_run: 0,
            quiet_needed: (silence_after.as_secs_f64() * per_second) as usize,
            wait_frames: (wait.as_secs_f64() * per_second) as usize,
            max_frames: (max.as_secs_f64() * per_second) as usize,
            frames_seen: 0,
            speech_frames: 0,
            partial: Vec::new(),
            state: Take::Waiting,
        }
    }

    /// Where the take stands.
    pub fn state(&self) -> Take {
        self.state
    }

    /// True when the take has ended, one way or another.
    pub fn finished(&self) -> bool {
        !matches!(self.state, Take::Waiting | Take::Speaking)
    }

    /// Feeds more samples; returns the state after them.
    pub fn feed(&mut self, samples: &[f32]) -> Take {
        self.partial.extend_from_slice(samples);
        let whole = self.partial.len() / self.frame * self.frame;
        let frames: Vec<f32> = self.partial[..whole]
            .chunks(self.frame)
            .map(frame_rms)
            .collect();
        self.partial.drain(..whole);
        for rms in frames {
            if self.finished() {
                break;
            }
            self.frames_seen += 1;
            let loud = rms >= self.threshold;
            match self.state {
                Take::Waiting => {
                    self.loud_run = if loud { self.loud_run + 1 } else { 0 };
                    if self.loud_run >= 3 {
                        self.state = Take::Speaking;
                        self.speech_frames = self.loud_run;
                    } else if self.frames_seen >= self.wait_frames {
                        self.state = Take::NothingHeard;
                    }
                }
                Take::Speaking => {
                    self.speech_frames += 1;
                    self.quiet_run = if loud { 0 } else { self.quiet_run + 1 };
                    if self.quiet_run >= self.quiet_needed {
                        self.state = Take::Done;
                    } else if self.speech_frames >= self.max_frames {
                        self.state = Take::TooLong;
                    }
                }
                _ => {}
            }
        }
        self.state
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: u32 = 16_000;

    fn tone(seconds: f32) -> Vec<f32> {
        (0..(seconds * RATE as f32) as usize)
            .map(|i| (i as f32 * 0.1).sin() * 0.3)
            .collect()
    }

    fn quiet(seconds: f32) -> Vec<f32> {
        vec![0.001; (seconds * RATE as f32) as usize]
    }

    #[test]
    fn silence_is_cut_around_the_word_with_a_margin() {
        let samples = [quiet(0.5), tone(0.4), quiet(0.6)].concat();
        let kept = trim_silence(&samples, RATE, 0.02, Duration::from_millis(20));
        let seconds = kept.len() as f32 / RATE as f32;
        assert!((seconds - 0.44).abs() < 0.015, "{seconds}");
        assert!(trim_silence(&quiet(1.0), RATE, 0.02, Duration::ZERO).is_empty());
    }

    #[test]
    fn loudness_is_evened_without_clipping() {
        let mut soft: Vec<f32> = tone(0.2).iter().map(|s| s * 0.1).collect();
        even_loudness(&mut soft, 0.1);
        assert!((crate::speech::wav::rms(&soft) - 0.1).abs() < 0.005);
        let mut spiky = vec![0.0; 1000];
        spiky[10] = 0.5;
        even_loudness(&mut spiky, 0.3);
        assert!(spiky.iter().all(|s| s.abs() <= 0.95 + 1e-6));
    }

    fn endpointer() -> Endpointer {
        Endpointer::new(
            RATE,
            0.02,
            Duration::from_millis(500),
            Duration::from_secs(3),
            Duration::from_secs(2),
        )
    }

    #[test]
    fn a_word_ends_after_the_silence_that_follows_it() {
        let mut e = endpointer();
        assert_eq!(e.feed(&quiet(0.5)), Take::Waiting);
        assert_eq!(e.feed(&tone(0.3)), Take::Speaking);
        assert_eq!(
            e.feed(&quiet(0.3)),
            Take::Speaking,
            "a short pause inside a word"
        );
        assert_eq!(e.feed(&tone(0.2)), Take::Speaking);
        assert_eq!(e.feed(&quiet(0.6)), Take::Done);
    }

    #[test]
    fn nothing_heard_and_too_long_are_told_apart() {
        let mut e = endpointer();
        assert_eq!(e.feed(&quiet(3.1)), Take::NothingHeard);
        let mut e = endpointer();
        assert_eq!(e.feed(&tone(2.5)), Take::TooLong);
    }

    #[test]
    fn samples_may_arrive_in_any_chunks() {
        let samples = [quiet(0.2), tone(0.3), quiet(0.6)].concat();
        let mut e = endpointer();
        for chunk in samples.chunks(77) {
            e.feed(chunk);
        }
        assert_eq!(e.state(), Take::Done);
    }
}
