//! Where audio comes from: an input device through cpal, or a WAV file through rodio's
//! decoder (symphonia).
//!
//! Both hand out [`AudioBlock`]s of interleaved `f32` samples in −1 … 1 with their channel
//! count and rate, whatever the device or file stores (8, 16, 24, 32-bit integers, signed or
//! unsigned, 32 or 64-bit floats, A-law, µ-law, ADPCM): the format is converted here and
//! nowhere else.
//!
//! A device runs its own callback thread; its blocks arrive on a channel. The device stream
//! must stay on the thread that opened it, so the listener opens it there.

use std::path::Path;
use std::time::Duration;

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample};
use crossbeam_channel::{Receiver, Sender};

/// A stretch of interleaved audio.
#[derive(Debug, Clone, PartialEq)]
pub struct AudioBlock {
    /// Interleaved samples in −1 … 1.
    pub samples: Vec<f32>,
    /// Channels per frame.
    pub channels: u16,
    /// Frames per second.
    pub rate: u32,
}

impl AudioBlock {
    /// Frames in the block.
    pub fn frames(&self) -> usize {
        self.samples.len() / usize::from(self.channels.max(1))
    }
}

/// Why audio cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// No input device, or none of that name.
    #[error("no input device{}", .0.as_deref().map(|n| format!(" named '{n}'")).unwrap_or_default())]
    NoDevice(Option<String>),
    /// The device exists but cannot be opened or started.
    #[error("the input device cannot be used: {0}")]
    Device(String),
    /// The device offers only a sample format this program cannot read.
    #[error("the input device offers an unsupported sample format: {0}")]
    Format(String),
    /// The WAV file cannot be read.
    #[error("cannot read {path}: {reason}")]
    Wav {
        /// The file.
        path: String,
        /// What went wrong.
        reason: String,
    },
}

/// Reads a whole WAV file as blocks of about `block` length: any channel count and rate, and
/// any encoding a WAV file holds (8-bit unsigned, 16, 24 and 32-bit integers, 32 and 64-bit
/// floats, G.711 A-law and µ-law as telephones and dictation devices record, IMA and
/// Microsoft ADPCM), decoded by rodio's decoder (symphonia).
pub fn read_wav(path: &Path, block: Duration) -> Result<Vec<AudioBlock>, SourceError> {
    let wav_error = |reason: String| SourceError::Wav {
        path: path.display().to_string(),
        reason,
    };
    let file = std::fs::File::open(path).map_err(|e| wav_error(e.to_string()))?;
    let (samples, channels, rate) = decode(file).map_err(wav_error)?;
    let frames_per_block = ((block.as_secs_f64() * f64::from(rate)).round() as usize).max(1);
    let per_block = frames_per_block * usize::from(channels);
    Ok(samples
        .chunks(per_block)
        .map(|chunk| AudioBlock {
            samples: chunk.to_vec(),
            channels,
            rate,
        })
        .collect())
}

/// The interleaved samples, channel count and rate of a recording, or why it cannot be read:
/// decoded by rodio's decoder, as the voices' clips are (`speech::voice::decode_mono`).
fn decode(file: std::fs::File) -> Result<(Vec<f32>, u16, u32), String> {
    use rodio::Source;
    use rodio::decoder::DecoderError;
    let decoder = rodio::Decoder::try_from(file).map_err(|e| match e {
        DecoderError::UnrecognizedFormat | DecoderError::IoError(_) => "not a WAV file".to_string(),
        other => format!("an encoding this program cannot decode ({other})"),
    })?;
    let channels = decoder.channels().get();
    let rate = decoder.sample_rate().get();
    Ok((decoder.collect(), channels, rate))
}

/// What an open device delivers.
#[derive(Debug, Clone)]
pub enum DeviceMessage {
    /// Audio.
    Block(AudioBlock),
    /// The device failed (unplugged, …).
    Failed(String),
}

/// An input device, open and running. Dropping it stops the capture.
pub struct DeviceSource {
    _stream: cpal::Stream,
    /// The device's name.
    pub name: String,
    /// Frames per second it delivers.
    pub rate: u32,
    /// Channels per frame.
    pub channels: u16,
    /// Its native sample format.
    pub format: SampleFormat,
    blocks: Receiver<DeviceMessage>,
}

impl std::fmt::Debug for DeviceSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceSource")
            .field("name", &self.name)
            .field("rate", &self.rate)
            .field("channels", &self.channels)
            .field("format", &self.format)
            .finish_non_exhaustive()
    }
}

impl DeviceSource {
    /// Opens an input device: `None` or `"default"` for the system default, else the device
    /// whose name or ALSA id is `name`.
    ///
    /// When the device offers `preferred_rate` (the model's rate) with 16-bit samples, it is
    /// opened so (mono if it can): nothing to convert, nothing to resample. Otherwise it runs
    /// at whatever rate, channel count and sample format it prefers, and the conditioner
    /// mixes and resamples.
    pub fn open(name: Option<&str>, preferred_rate: u32) -> Result<DeviceSource, SourceError> {
        crate::sound::quiet_alsa();
        let host = cpal::default_host();
        let wanted = name.filter(|n| *n != "default");
        let device = match wanted {
            None => host.default_input_device(),
            Some(wanted) => host
                .input_devices()
                .map_err(|e| SourceError::Device(e.to_string()))?
                .find(|d| {
                    d.id().is_ok_and(|id| id.id() == wanted)
                        || d.description().is_ok_and(|desc| desc.name() == wanted)
                }),
        }
        .ok_or_else(|| SourceError::NoDevice(wanted.map(str::to_string)))?;
        let device_name = device
            .description()
            .map(|d| d.name().to_string())
            .unwrap_or_else(|_| name.unwrap_or("default").to_string());
        let native = device
            .supported_input_configs()
            .ok()
            .and_then(|ranges| {
                ranges
                    .filter(|r| {
                        r.sample_format() == SampleFormat::I16
                            && r.min_sample_rate() <= preferred_rate
                            && preferred_rate <= r.max_sample_rate()
                    })
                    .min_by_key(|r| r.channels())
            })
            .map(|range| range.with_sample_rate(preferred_rate));
        let supported = match native {
            Some(config) => config,
            None => device
                .default_input_config()
                .map_err(|e| SourceError::Device(e.to_string()))?,
        };
        let format = supported.sample_format();
        let config = supported.config();
        let (tx, rx) = crossbeam_channel::unbounded();
        let stream = build_stream(&device, config, format, tx)?;
        stream
            .play()
            .map_err(|e| SourceError::Device(e.to_string()))?;
        Ok(DeviceSource {
            _stream: stream,
            name: device_name,
            rate: config.sample_rate,
            channels: config.channels,
            format,
            blocks: rx,
        })
    }

    /// The channel the blocks arrive on, to wait on it together with others.
    pub fn receiver(&self) -> &Receiver<DeviceMessage> {
        &self.blocks
    }
}

fn build_stream(
    device: &cpal::Device,
    config: cpal::StreamConfig,
    format: SampleFormat,
    tx: Sender<DeviceMessage>,
) -> Result<cpal::Stream, SourceError> {
    macro_rules! typed {
        ($t:ty) => {
            build_typed::<$t>(device, config, tx)
        };
    }
    match format {
        SampleFormat::I8 => typed!(i8),
        SampleFormat::I16 => typed!(i16),
        SampleFormat::I24 => typed!(cpal::I24),
        SampleFormat::I32 => typed!(i32),
        SampleFormat::I64 => typed!(i64),
        SampleFormat::U8 => typed!(u8),
        SampleFormat::U16 => typed!(u16),
        SampleFormat::U24 => typed!(cpal::U24),
        SampleFormat::U32 => typed!(u32),
        SampleFormat::U64 => typed!(u64),
        SampleFormat::F32 => typed!(f32),
        SampleFormat::F64 => typed!(f64),
        other => Err(SourceError::Format(other.to_string())),
    }
}

fn build_typed<T>(
    device: &cpal::Device,
    config: cpal::StreamConfig,
    tx: Sender<DeviceMessage>,
) -> Result<cpal::Stream, SourceError>
where
    T: SizedSample,
    f32: FromSample<T>,
{
    let channels = config.channels;
    let rate = config.sample_rate;
    let errors = tx.clone();
    device
        .build_input_stream::<T, _, _>(
            config,
            move |data: &[T], _| {
                let samples = data.iter().map(|&s| s.to_sample::<f32>()).collect();
                // The receiver is gone only when the listener stopped: nothing to do then.
                let _ = tx.send(DeviceMessage::Block(AudioBlock {
                    samples,
                    channels,
                    rate,
                }));
            },
            move |err| {
                // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                let _ = errors.send(DeviceMessage::Failed(err.to_string()));
            },
            None,
        )
        .map_err(|e| SourceError::Device(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wav_files_of_any_format_read_as_the_same_audio() {
        let dir = tempfile::tempdir().unwrap();
        let tone: Vec<f32> = (0..800).map(|i| ((i as f32) * 0.05).sin() * 0.5).collect();
        let mut read_back = Vec::new();
        for (bits, format) in [
            (16, hound::SampleFormat::Int),
            (24, hound::SampleFormat::Int),
            (32, hound::SampleFormat::Float),
        ] {
            let path = dir.path().join(format!("t{bits}.wav"));
            let spec = hound::WavSpec {
                channels: 2,
                sample_rate: 8000,
                bits_per_sample: bits,
                sample_format: format,
            };
            let mut w = hound::WavWriter::create(&path, spec).unwrap();
            for &s in &tone {
                for _ in 0..2 {
                    match format {
                        hound::SampleFormat::Float => w.write_sample(s).unwrap(),
                        hound::SampleFormat::Int => w
                            .write_sample((s * ((1 << (bits - 1)) as f32 - 1.0)) as i32)
                            .unwrap(),
                    }
                }
            }
            w.finalize().unwrap();
            let blocks = read_wav(&path, Duration::from_millis(30)).unwrap();
            assert_eq!(blocks[0].frames(), 240);
            assert!(blocks.iter().all(|b| b.channels == 2 && b.rate == 8000));
            let all: Vec<f32> = blocks.into_iter().flat_map(|b| b.samples).collect();
            assert_eq!(all.len(), 1600);
            read_back.push(all);
        }
        for other in &read_back[1..] {
            for (a, b) in read_back[0].iter().zip(other) {
                assert!((a - b).abs() < 1e-3);
            }
        }
        let missing = read_wav(&dir.path().join("none.wav"), Duration::from_millis(30));
        assert!(matches!(missing, Err(SourceError::Wav { .. })));
    }

    #[test]
    fn a_file_that_is_no_recording_is_refused_with_why() {
        let dir = tempfile::tempdir().unwrap();
        for (name, bytes) in [
            ("text.wav", &b"Springer Felix drei\n"[..]),
            ("empty.wav", b""),
            ("bytes.wav", b"\xff\xfe\x00\x01RIFF"),
        ] {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            match read_wav(&path, Duration::from_millis(30)) {
                Err(SourceError::Wav { path: p, reason }) => {
                    assert_eq!(
                        (p, reason.as_str()),
                        (path.display().to_string(), "not a WAV file")
                    );
                }
                other => panic!("{name}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_mono_recording_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.wav");
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: 16_000,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let mut writer = hound::WavWriter::create(&path, spec).unwrap();
        for s in [0i16, 1000, -1000, 32767] {
            writer.write_sample(s).unwrap();
        }
        writer.finalize().unwrap();
        let blocks = read_wav(&path, Duration::from_secs(1)).unwrap();
        assert_eq!(blocks.len(), 1);
        let back: Vec<i16> = blocks[0]
            .samples
            .iter()
            .map(|&s| crate::listen::audio::to_i16(s))
            .collect();
        assert_eq!(back, vec![0, 1000, -1000, 32767]);
    }
}
