//! Where an utterance ends, for a recogniser that has no end-pointer of its own (Whisper
//! transcribes a whole recording at once): speech is louder than the room, and an utterance
//! is over when speech has been followed by enough quiet.
//!
//! The audio is cut in frames of [`FRAME`]. The room's level is followed from below (it
//! falls at once to a quieter frame and rises slowly), and a frame is speech when it is
//! [`SPEECH_ABOVE_ROOM_DB`] louder than the room and louder than [`SPEECH_MIN_DBFS`].
//! [`MIN_SPEECH`] of speech starts an utterance, [`END_SILENCE`] of quiet after it ends it.
//! Pure: samples in, decisions out.

use std::ops::Range;
use std::time::Duration;

/// The length of one analysed frame.
pub const FRAME: Duration = Duration::from_millis(20);
/// How much louder than the room a frame must be to count as speech.
pub const SPEECH_ABOVE_ROOM_DB: f32 = 12.0;
/// The quietest level that counts as speech, in dB below full scale.
pub const SPEECH_MIN_DBFS: f32 = -50.0;
/// How much speech starts an utterance (a click or a knock is shorter).
pub const MIN_SPEECH: Duration = Duration::from_millis(100);
/// How much quiet after speech ends the utterance.
pub const END_SILENCE: Duration = Duration::from_millis(700);
/// How fast the room's level may rise, per second, in dB.
const ROOM_RISE_DB_PER_SECOND: f32 = 3.0;

/// How loud a frame is, against the room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameLevel {
    /// No louder than the room (give or take [`SPEECH_ABOVE_ROOM_DB`]).
    Room,
    /// Louder than the room as speech is, but quieter than [`SPEECH_MIN_DBFS`]: speech too
    /// faint to be taken for speech (a microphone turned down, a speaker far from it).
    Faint,
    /// Speech.
    Speech,
}

/// The end-pointer's state.
#[derive(Debug, Clone)]
pub struct EndPointer {
    frame_len: usize,
    frame: Vec<i16>,
    room_db: f32,
    speech_frames: u32,
    quiet_frames: u32,
    min_speech_frames: u32,
    end_frames: u32,
    rise_per_frame: f32,
}

impl EndPointer {
    /// An end-pointer for audio at `rate` samples per second.
    pub fn new(rate: u32) -> EndPointer {
        let frames = |d: Duration| (d.as_millis() / FRAME.as_millis()) as u32;
        EndPointer {
            frame_len: (f64::from(rate) * FRAME.as_secs_f64()).round() as usize,
            frame: Vec::new(),
            room_db: SPEECH_MIN_DBFS - SPEECH_ABOVE_ROOM_DB,
            speech_frames: 0,
            quiet_frames: 0,
            min_speech_frames: frames(MIN_SPEECH),
            end_frames: frames(END_SILENCE),
            rise_per_frame: ROOM_RISE_DB_PER_SECOND * FRAME.as_secs_f32(),
        }
    }

    /// True once the utterance in progress holds speech.
    pub fn heard_speech(&self) -> bool {
        self.speech_frames >= self.min_speech_frames
    }

    /// Audio arrived; true when an utterance ended in it (speech, then enough quiet). The
    /// next utterance then begins.
    #[must_use = "it says whether the utterance is over"]
    pub fn push(&mut self, samples: &[i16]) -> bool {
        let mut ended = false;
        for &sample in samples {
            self.frame.push(sample);
            if self.frame.len() == self.frame_len {
                ended |= self.end_of_frame();
                self.frame.clear();
            }
        }
        ended
    }

    /// Starts over (the utterance was finished or thrown away elsewhere); the room's level
    /// is kept.
    pub fn reset(&mut self) {
        self.speech_frames = 0;
        self.quiet_frames = 0;
    }

    /// Whether the frame just gathered is speech (and the room's level, followed).
    fn frame_is_speech(&mut self) -> bool {
        self.judge_frame() == FrameLevel::Speech
    }

    /// How loud the frame just gathered is, against the room (whose level is followed).
    pub(super) fn judge_frame(&mut self) -> FrameLevel {
        let energy: f64 = self
            .frame
            .iter()
            .map(|&s| {
                let x = f64::from(s) / 32768.0;
                x * x
            })
            .sum::<f64>()
            / self.frame.len() as f64;
        let db = (10.0 * energy.max(1e-12).log10()) as f32;
        let above_room = db > self.room_db + SPEECH_ABOVE_ROOM_DB;
        self.room_db = if db < self.room_db {
            db
        } else {
            (self.room_db + self.rise_per_frame).min(db)
        };
        match (above_room, db > SPEECH_MIN_DBFS) {
            (true, true) => FrameLevel::Speech,
            (true, false) => FrameLevel::Faint,
            (false, _) => FrameLevel::Room,
        }
    }

    /// The length of a frame in samples.
    pub(super) fn frame_len(&self) -> usize {
        self.frame_len
    }

    /// Takes one frame of audio in place of the one gathered (for an analysis of its own).
    pub(super) fn set_frame(&mut self, frame: &[i16]) {
        self.frame.clear();
        self.frame.extend_from_slice(frame);
    }

    fn end_of_frame(&mut self) -> bool {
        if self.frame_is_speech() {
            self.speech_frames += 1;
            self.quiet_frames = 0;
            return false;
        }
        if !self.heard_speech() {
            // A short noise before any speech is forgotten.
            self.speech_frames = 0;
            return false;
        }
        self.quiet_frames += 1;
        if self.quiet_frames >= self.end_frames {
            self.reset();
            return true;
        }
        false
    }
}

/// Where the speech of a recorded utterance is: from its first frame of speech to its last,
/// `margin` wider on each side (within the recording); `None` when there is none. The frames
/// are judged as [`EndPointer`] judges them, the room followed from the start.
pub fn speech_span(samples: &[i16], rate: u32, margin: Duration) -> Option<Range<usize>> {
    let mut analysis = EndPointer::new(rate);
    let frame_len = analysis.frame_len.max(1);
    let mut span: Option<(usize, usize)> = None;
    for (i, frame) in samples.chunks_exact(frame_len).enumerate() {
        analysis.set_frame(frame);
        if analysis.frame_is_speech() {
            let end = (i + 1) * frame_len;
            span = Some(span.map_or((i * frame_len, end), |(start, _)| (start, end)));
        }
    }
    let (start, end) = span?;
    let margin = (f64::from(rate) * margin.as_secs_f64()).round() as usize;
    Some(start.saturating_sub(margin)..(end + margin).min(samples.len()))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(in super::super) const RATE: u32 = 16_000;

    /// `n` milliseconds in samples.
    pub(in super::super) fn ms(n: u64) -> usize {
        (RATE as u64 * n / 1000) as usize
    }
    /// A quiet room: faint noise, about −69 dBFS.
    pub(in super::super) fn quiet(n: u64) -> Vec<i16> {
        (0..ms(n)).map(|i| ((i * 7919) % 41) as i16 - 20).collect()
    }
    fn tone(n: u64) -> Vec<i16> {
        (0..ms(n))
            .map(|i| ((i as f32 * 0.2).sin() * 8000.0) as i16)
            .collect()
    }

    #[test]
    fn speech_then_enough_quiet_ends_an_utterance() {
        let mut ep = EndPointer::new(RATE);
        assert!(!ep.push(&quiet(500)));
        assert!(!ep.push(&tone(800)));
        assert!(ep.heard_speech());
        // A short pause inside the utterance does not end it.
        assert!(!ep.push(&quiet(300)));
        assert!(!ep.push(&tone(400)));
        assert!(ep.push(&quiet(800)));
        assert!(!ep.heard_speech());
        // Quiet alone never ends anything.
        assert!(!ep.push(&quiet(3000)));
    }

    #[test]
    fn the_speech_of_a_recording_is_found_with_a_margin() {
        let mut recording = quiet(700);
        recording.extend(tone(600));
        recording.extend(quiet(200));
        recording.extend(tone(300));
        recording.extend(quiet(900));
        let span = speech_span(&recording, RATE, Duration::from_millis(100)).unwrap();
        // 0.7 s of quiet, 1.1 s of speech and pause, 0.1 s of margin each side (in frames).
        assert_eq!(span, ms(600)..ms(1900));
        assert_eq!(speech_span(&quiet(2000), RATE, Duration::ZERO), None);
        let short = tone(300);
        assert_eq!(
            speech_span(&short, RATE, Duration::from_millis(500)),
            Some(0..short.len())
        );
    }

    #[test]
    fn a_click_is_not_speech_and_the_room_is_followed() {
        let mut ep = EndPointer::new(RATE);
        assert!(!ep.push(&quiet(200)));
        assert!(!ep.push(&tone(40)));
        assert!(!ep.push(&quiet(1000)));
        assert!(!ep.heard_speech());
        // A steady hum as loud as speech becomes the room after a while: not speech for ever.
        let mut ended = 0;
        for _ in 0..40 {
            ended += usize::from(ep.push(&tone(1000)));
        }
        assert!(ended <= 1, "{ended}");
        assert!(!ep.push(&tone(2000)));
    }
}
