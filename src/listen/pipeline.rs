//! The capture path in one place: audio blocks → mono 16 kHz → gate → recogniser (Vosk's
//! or Whisper's) → [`Heard`]. The listener thread, `annexd recognize` and the benchmarks all drive this one
//! type, so a WAV file goes exactly the way the microphone's audio goes.

use std::time::Instant;

use super::audio::{AudioError, Conditioner};
use super::front::{HIGH_PASS_HZ, HighPass};
use super::recogniser::{Listening, Recogniser};
use super::source::AudioBlock;
use annexd_core::listen::{
    DecodeStats, FaintWatch, Gate, GrammarDecode, Heard, ListenMode, RecogniserStep, join_pieces,
};

/// A running capture path.
#[derive(Debug)]
pub struct Pipeline {
    conditioner: Conditioner,
    /// The front end's filter, when used.
    high_pass: Option<HighPass>,
    gate: Gate,
    recogniser: Box<dyn Recogniser>,
    /// Earlier pieces of a push-to-talk utterance the end-pointer cut.
    pieces: Vec<Heard>,
    stats: DecodeStats,
    /// Watches what is listened to for speech too faint to be heard.
    faint: FaintWatch,
    /// Faint speech was found and not yet taken ([`Pipeline::take_faint_speech`]).
    faint_found: bool,
}

impl Pipeline {
    /// A pipeline for audio at `rate` with `channels`, decoding with `recogniser`.
    pub fn new(
        mut recogniser: Box<dyn Recogniser>,
        rate: u32,
        channels: u16,
        mode: ListenMode,
    ) -> Result<Pipeline, AudioError> {
        let model_rate = recogniser.limits().sample_rate;
        recogniser.set_end_pointing(mode == ListenMode::Always);
        let tried = std::env::var("ANNEXD_TRY_FRONT").unwrap_or_default();
        Ok(Pipeline {
            high_pass: tried
                .contains("hp")
                .then(|| HighPass::new(model_rate, HIGH_PASS_HZ)),
            conditioner: Conditioner::new(rate, channels, model_rate)?,
            gate: Gate::new(mode, model_rate),
            recogniser,
            pieces: Vec::new(),
            stats: DecodeStats::default(),
            faint: FaintWatch::new(model_rate),
            faint_found: false,
        })
    }

    /// The position changed (Whisper's prompt follows it).
    pub fn set_position(&mut self, listening: &Listening<'_>) {
        self.recogniser.set_position(listening);
    }

    /// The figures the last utterance was decided on (see [`Recogniser::last_decode`]).
    pub fn last_decode(&self) -> Option<GrammarDecode> {
        self.recogniser.last_decode()
    }

    /// The work done so far.
    pub fn stats(&self) -> DecodeStats {
        self.stats
    }

    /// True while audio goes to the recogniser.
    pub fn is_listening(&self) -> bool {
        self.gate.is_listening()
    }

    /// True once after speech too faint to be heard was listened to (at most once a minute
    /// of audio, see [`FaintWatch`]).
    pub fn take_faint_speech(&mut self) -> bool {
        std::mem::take(&mut self.faint_found)
    }

    fn watch_faint(&mut self, samples: &[i16]) {
        if self.gate.is_listening() && self.faint.push(samples) {
            self.faint_found = true;
        }
    }

    /// Audio arrived; returns the utterances it completed.
    pub fn audio(&mut self, block: &AudioBlock) -> Result<Vec<Heard>, AudioError> {
        if block.rate != self.conditioner.input_rate()
            || block.channels != self.conditioner.channels()
        {
            // A device may change its format after a reconfiguration: follow it.
            self.conditioner = Conditioner::new(
                block.rate,
                block.channels,
                self.recogniser.limits().sample_rate,
            )?;
        }
        let mut samples = self.conditioner.push(&block.samples);
        if let Some(filter) = self.high_pass.as_mut() {
            filter.process(&mut samples);
        }
        self.watch_faint(&samples);
        let steps = self.gate.audio(&samples);
        Ok(self.run(steps))
    }

    /// The push-to-talk key (or mute key) was pressed.
    pub fn toggle(&mut self) -> Vec<Heard> {
        let was_listening = self.gate.is_listening();
        let steps = self.gate.toggle();
        // Released while speaking faintly: the burst ends with the listening.
        if was_listening && !self.gate.is_listening() && self.faint.end_burst() {
            self.faint_found = true;
        }
        self.run(steps)
    }

    /// The source ended: the last utterance is finished.
    pub fn end(&mut self) -> Vec<Heard> {
        let mut tail = self.conditioner.finish();
        if let Some(filter) = self.high_pass.as_mut() {
            filter.process(&mut tail);
        }
        self.watch_faint(&tail);
        // The recording may end inside the faint speech.
        if self.gate.is_listening() && self.faint.end_burst() {
            self.faint_found = true;
        }
        let mut steps = self.gate.audio(&tail);
        steps.extend(self.gate.end_of_audio());
        self.run(steps)
    }

    fn run(&mut self, steps: Vec<RecogniserStep>) -> Vec<Heard> {
        let mut out = Vec::new();
        for step in steps {
            match step {
                RecogniserStep::Feed(samples) => {
                    let started = Instant::now();
                    let heard = self.recogniser.accept(&samples);
                    let spent = started.elapsed();
                    self.stats.decode_time += spent;
                    self.stats.samples_decoded += samples.len() as u64;
                    if let Some(heard) = heard {
                        match self.gate.mode() {
                            ListenMode::Always => {
                                self.stats.last_latency = spent;
                                out.push(heard);
                            }
                            ListenMode::PushToTalk | ListenMode::Off => self.pieces.push(heard),
                        }
                    }
                }
                RecogniserStep::Finish => {
                    let started = Instant::now();
                    // The resampler still holds the last milliseconds of the utterance.
                    let mut tail = self.conditioner.finish();
                    if let Some(filter) = self.high_pass.as_mut() {
                        filter.process(&mut tail);
                    }
                    if !tail.is_empty() {
                        self.stats.samples_decoded += tail.len() as u64;
                        if let Some(piece) = self.recogniser.accept(&tail) {
                            self.pieces.push(piece);
                        }
                    }
                    let last = self.recogniser.finish();
                    let spent = started.elapsed();
                    self.stats.decode_time += spent;
                    self.stats.last_latency = spent;
                    let heard = join_pieces(&std::mem::take(&mut self.pieces), last);
                    // Always-on mode only reports speech; a push-to-talk release always gets
                    // an answer, "nothing heard" included.
                    if self.gate.mode() == ListenMode::PushToTalk || !heard.is_silence() {
                        out.push(heard);
                    }
                }
                RecogniserStep::Discard => {
                    self.recogniser.reset();
                    self.pieces.clear();
                }
            }
        }
        out
    }
}
