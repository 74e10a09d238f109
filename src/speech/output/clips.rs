//! The clips output: an announcement composed from a voice's decoded clips and played through
//! the sound card with rodio. Stopping is immediate (the source ends at its next sample); a
//! device that stops pulling samples is noticed by a deadline and reported as a failure.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use rodio::{ChannelCount, SampleRate, Source};

use super::{BackendKind, Line, Output, Progress, StartError};
use crate::speech::compose::{Audio, Pacing, compose};
use crate::speech::voice::Voice;

/// How long a device buffer holds, asked for when the device allows (the latency bound).
pub const BUFFER: Duration = Duration::from_millis(10);

/// Why the sound card could not be opened.
#[derive(Debug, thiserror::Error)]
#[error("no sound output: {0}")]
pub struct NoDevice(pub String);

/// Plays announcements composed from clips.
pub struct ClipsOutput {
    sink: rodio::MixerDeviceSink,
    voice: Arc<Voice>,
    pacing: Pacing,
    playing: Option<Playing>,
}

struct Playing {
    control: Arc<Control>,
    deadline: Instant,
}

/// Shared between the speaker thread and the audio callback.
#[derive(Default)]
struct Control {
    stop: AtomicBool,
    done: AtomicBool,
    first_sample: OnceLock<Instant>,
}

impl ClipsOutput {
    /// Opens the sound output named `device` (see [`crate::sound::output_device`]), or the
    /// default one.
    pub fn open(voice: Arc<Voice>, pacing: Pacing, device: Option<&str>) -> Result<Self, NoDevice> {
        let mut sink = open_sink(device)?;
        sink.log_on_drop(false);
        Ok(ClipsOutput {
            sink,
            voice,
            pacing,
            playing: None,
        })
    }

    /// Plays composed sound (stopping what plays); follow it with [`Output::poll`].
    pub fn play(&mut self, audio: Audio, now: Instant) {
        self.stop();
        let control = Arc::new(Control::default());
        // A device that stops pulling samples must not hold the queue for ever.
        let deadline = now + audio.duration() * 2 + Duration::from_secs(2);
        self.sink
            .mixer()
            .add(TrackedSource::new(audio, control.clone()));
        self.playing = Some(Playing { control, deadline });
    }
}

/// Opens the device named (or the default one) with a short buffer, or with its own buffer
/// size if it refuses.
fn open_sink(name: Option<&str>) -> Result<rodio::MixerDeviceSink, NoDevice> {
    use rodio::cpal::traits::{DeviceTrait, HostTrait};
    crate::sound::quiet_alsa();
    let device = match name {
        Some(name) => crate::sound::output_device(name).map_err(|present| {
            NoDevice(format!(
                "no sound output named '{name}' (present: {})",
                present.join(", ")
            ))
        })?,
        None => rodio::cpal::default_host()
            .default_output_device()
            .ok_or_else(|| NoDevice("the system has no default sound output device".to_owned()))?,
    };
    let rate = device
        .default_output_config()
        .map_err(|e| NoDevice(e.to_string()))?
        .sample_rate();
    let frames = (rate as u64 * BUFFER.as_millis() as u64 / 1000).max(64) as u32;
    rodio::DeviceSinkBuilder::from_device(device.clone())
        .and_then(|b| {
            b.with_buffer_size(rodio::cpal::BufferSize::Fixed(frames))
                .open_stream()
        })
        .or_else(|_| rodio::DeviceSinkBuilder::from_device(device).and_then(|b| b.open_stream()))
        .map_err(|e| NoDevice(e.to_string()))
}

impl Output for ClipsOutput {
    fn set_rate(&mut self, rate: f32) {
        self.pacing.rate = rate;
    }

    fn kind(&self) -> BackendKind {
        BackendKind::Clips
    }

    fn start(&mut self, line: Line<'_>, now: Instant) -> Result<(), StartError> {
        self.stop();
        let audio = compose(&self.voice, line.words, self.pacing, line.channel)?;
        self.play(audio, now);
        Ok(())
    }

    fn poll(&mut self, now: Instant) -> Progress {
        match &self.playing {
            None => Progress::Done,
            Some(p) if p.control.done.load(Ordering::Acquire) => {
                self.playing = None;
                Progress::Done
            }
            Some(p) if now > p.deadline => {
                let reason = if p.control.first_sample.get().is_none() {
                    "the sound device took no samples"
                } else {
                    "the sound device stopped taking samples"
                };
                p.control.stop.store(true, Ordering::Release);
                self.playing = None;
                Progress::Failed(reason.to_owned())
            }
            Some(_) => Progress::Playing,
        }
    }

    fn stop(&mut self) {
        if let Some(p) = self.playing.take() {
            p.control.stop.store(true, Ordering::Release);
        }
    }

    fn audible_since(&self) -> Option<Instant> {
        self.playing
            .as_ref()
            .and_then(|p| p.control.first_sample.get().copied())
    }
}

/// A composed announcement as a rodio source that notes its first sample, ends when asked,
/// and says when it has ended.
struct TrackedSource {
    samples: Vec<f32>,
    at: usize,
    channels: ChannelCount,
    rate: SampleRate,
    control: Arc<Control>,
}

impl TrackedSource {
    fn new(audio: Audio, control: Arc<Control>) -> Self {
        let channels = ChannelCount::new(audio.channels.max(1)).expect("at least one channel");
        let rate = SampleRate::new(audio.sample_rate.max(1)).expect("a positive rate");
        TrackedSource {
            samples: audio.samples,
            at: 0,
            channels,
            rate,
            control,
        }
    }
}

impl Iterator for TrackedSource {
    type Item = f32;

    fn next(&mut self) -> Option<f32> {
        if self.at == 0 {
            // Set once, at the first sample: later samples leave the time as it is.
            let _ = self.control.first_sample.set(Instant::now());
        }
        // Stop only at a frame boundary so the channels stay in step.
        let stop = self.control.stop.load(Ordering::Relaxed)
            && self.at.is_multiple_of(self.channels.get() as usize);
        match self.samples.get(self.at) {
            Some(&s) if !stop => {
                self.at += 1;
                Some(s)
            }
            _ => {
                self.control.done.store(true, Ordering::Release);
                None
            }
        }
    }
}

impl Drop for TrackedSource {
    fn drop(&mut self) {
        // The mixer may drop a source after its last sample without asking for more.
        self.control.done.store(true, Ordering::Release);
    }
}

impl Source for TrackedSource {
    fn current_span_len(&self) -> Option<usize> {
        Some(self.samples.len().saturating_sub(self.at))
    }

    fn channels(&self) -> ChannelCount {
        self.channels
    }

    fn sample_rate(&self) -> SampleRate {
        self.rate
    }

    fn total_duration(&self) -> Option<Duration> {
        let frames = self.samples.len() / self.channels.get() as usize;
        Some(Duration::from_secs_f64(
            frames as f64 / self.rate.get() as f64,
        ))
    }
}
