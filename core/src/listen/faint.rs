//! Speech too faint to be heard: a microphone turned down, or a speaker far from it, gives
//! speech that rises above the room as speech does but stays under the level the end-pointer
//! takes for speech ([`SPEECH_MIN_DBFS`](super::endpoint::SPEECH_MIN_DBFS)). Nothing is then
//! decoded and, listening always on, nothing said: a blind player cannot see a level meter,
//! so the program tells him once.
//!
//! A burst of such frames (pauses up to [`END_SILENCE`] inside it) with at least
//! [`FAINT_SPEECH`] of them and no frame of real speech is faint speech; it is told at most
//! once every [`TELL_AGAIN_AFTER`] of audio (counted in samples, so the same recording gives
//! the same answers), and not within [`HEARD_LATELY`] of real speech: a microphone that hears
//! the player well hears other people faintly (a neighbouring board, a television next door),
//! and they are no reason to tell him anything. Pure: samples in, decisions out.

use std::time::Duration;

use super::endpoint::{END_SILENCE, EndPointer, FRAME, FrameLevel};

/// How much faint speech in one burst is told (a word or two; a cough is shorter).
pub const FAINT_SPEECH: Duration = Duration::from_millis(300);
/// How long after telling it is told again, if the speech is still faint.
pub const TELL_AGAIN_AFTER: Duration = Duration::from_secs(60);
/// How long after real speech faint speech is taken for someone else's.
pub const HEARD_LATELY: Duration = Duration::from_secs(300);

/// Watches the audio for speech too faint to be heard.
#[derive(Debug, Clone)]
pub struct FaintWatch {
    /// Frames are judged as the end-pointer judges them (the room followed the same way).
    analysis: EndPointer,
    frame: Vec<i16>,
    faint_frames: u32,
    quiet_frames: u32,
    speech_in_burst: bool,
    frames_seen: u64,
    told_at: Option<u64>,
    /// When the last burst with real speech in it ended.
    speech_at: Option<u64>,
    faint_needed: u32,
    end_frames: u32,
    again_frames: u64,
    lately_frames: u64,
}

impl FaintWatch {
    /// A watch for audio at `rate` samples per second.
    pub fn new(rate: u32) -> FaintWatch {
        let frames = |d: Duration| (d.as_millis() / FRAME.as_millis()) as u32;
        FaintWatch {
            analysis: EndPointer::new(rate),
            frame: Vec::new(),
            faint_frames: 0,
            quiet_frames: 0,
            speech_in_burst: false,
            frames_seen: 0,
            told_at: None,
            speech_at: None,
            faint_needed: frames(FAINT_SPEECH),
            end_frames: frames(END_SILENCE),
            again_frames: u64::from(frames(TELL_AGAIN_AFTER)),
            lately_frames: u64::from(frames(HEARD_LATELY)),
        }
    }

    /// Audio arrived; true when it ended a burst of faint speech that is to be told.
    #[must_use = "it says whether to tell the speaker"]
    pub fn push(&mut self, samples: &[i16]) -> bool {
        let frame_len = self.analysis.frame_len().max(1);
        let mut tell = false;
        for &sample in samples {
            self.frame.push(sample);
            if self.frame.len() == frame_len {
                self.analysis.set_frame(&self.frame);
                let level = self.analysis.judge_frame();
                self.frame.clear();
                tell |= self.end_of_frame(level);
            }
        }
        tell
    }

    fn end_of_frame(&mut self, level: FrameLevel) -> bool {
        self.frames_seen += 1;
        match level {
            FrameLevel::Speech => {
                self.speech_in_burst = true;
                self.quiet_frames = 0;
            }
            FrameLevel::Faint => {
                self.faint_frames += 1;
                self.quiet_frames = 0;
            }
            FrameLevel::Room => {
                if self.faint_frames == 0 && !self.speech_in_burst {
                    return false;
                }
                self.quiet_frames += 1;
                if self.quiet_frames >= self.end_frames {
                    return self.end_burst();
                }
            }
        }
        false
    }

    /// The burst of sound in progress is over (listening stopped: the push-to-talk key was
    /// released, or the recording ended); true when it was faint speech to be told.
    #[must_use = "it says whether to tell the speaker"]
    pub fn end_burst(&mut self) -> bool {
        let faint = self.faint_frames >= self.faint_needed && !self.speech_in_burst;
        if self.speech_in_burst {
            self.speech_at = Some(self.frames_seen);
        }
        self.faint_frames = 0;
        self.quiet_frames = 0;
        self.speech_in_burst = false;
        let since =
            |at: Option<u64>, frames: u64| at.is_none_or(|at| self.frames_seen - at >= frames);
        let due =
            since(self.told_at, self.again_frames) && since(self.speech_at, self.lately_frames);
        if faint && due {
            self.told_at = Some(self.frames_seen);
        }
        faint && due
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listen::endpoint::tests::{RATE, ms, quiet as room};
    /// A voice-like tone at `dbfs` (its RMS).
    fn tone(n: u64, dbfs: f32) -> Vec<i16> {
        let amplitude = 32768.0 * 10f32.powf(dbfs / 20.0) * std::f32::consts::SQRT_2;
        (0..ms(n))
            .map(|i| ((i as f32 * 0.2).sin() * amplitude) as i16)
            .collect()
    }
    /// A few words with short pauses between them.
    fn words(dbfs: f32) -> Vec<i16> {
        let mut out = tone(300, dbfs);
        out.extend(room(150));
        out.extend(tone(400, dbfs));
        out
    }

    #[test]
    fn speech_under_the_speech_floor_is_told_once_then_again_after_a_minute() {
        let mut watch = FaintWatch::new(RATE);
        assert!(!watch.push(&room(1000)));
        assert!(!watch.push(&words(-55.0)));
        // Told when the burst is over.
        assert!(watch.push(&room(1000)));
        // Said again soon: not told again.
        assert!(!watch.push(&words(-55.0)));
        assert!(!watch.push(&room(1000)));
        // A minute later, still faint: told again.
        assert!(!watch.push(&room(60_000)));
        assert!(!watch.push(&words(-55.0)));
        assert!(watch.push(&room(1000)));
    }

    #[test]
    fn faint_speech_soon_after_the_players_speech_is_someone_elses() {
        let mut watch = FaintWatch::new(RATE);
        assert!(!watch.push(&room(1000)));
        assert!(!watch.push(&words(-30.0)));
        assert!(!watch.push(&room(2000)));
        assert!(!watch.push(&words(-55.0)));
        assert!(!watch.push(&room(2000)));
        // Five minutes without the player's voice: faint speech is told again.
        assert!(!watch.push(&room(300_000)));
        assert!(!watch.push(&words(-55.0)));
        assert!(watch.push(&room(1000)));
    }

    #[test]
    fn speech_loud_enough_the_room_and_a_knock_are_not_faint_speech() {
        let mut watch = FaintWatch::new(RATE);
        assert!(!watch.push(&room(1000)));
        assert!(!watch.push(&words(-30.0)));
        assert!(!watch.push(&room(2000)));
        // A knock: faint, but short.
        assert!(!watch.push(&tone(100, -55.0)));
        assert!(!watch.push(&room(2000)));
        // Speech that fades out under the floor is speech: the microphone is heard.
        let mut fading = words(-35.0);
        fading.extend(words(-55.0));
        assert!(!watch.push(&fading));
        assert!(!watch.push(&room(2000)));
        // Silence alone never tells anything.
        assert!(!watch.push(&vec![0; ms(5000)]));
    }

    #[test]
    fn faint_speech_cut_off_by_the_end_of_listening_is_told() {
        let mut watch = FaintWatch::new(RATE);
        assert!(!watch.push(&room(500)));
        assert!(!watch.push(&words(-55.0)));
        assert!(watch.end_burst());
        // Nothing in progress: nothing to tell.
        assert!(!watch.end_burst());
        let mut watch = FaintWatch::new(RATE);
        assert!(!watch.push(&words(-30.0)));
        assert!(!watch.end_burst());
    }

    #[test]
    fn the_same_audio_gives_the_same_answer_in_any_blocks() {
        let mut audio = room(800);
        audio.extend(words(-55.0));
        audio.extend(room(1200));
        for block in [1, 7, 320, 4096, audio.len()] {
            let mut watch = FaintWatch::new(RATE);
            let told = audio.chunks(block).filter(|b| watch.push(b)).count();
            assert_eq!(told, 1, "blocks of {block}");
        }
    }
}
