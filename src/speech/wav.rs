//! WAV files: writing composed sound (`annexd say --out`, recorded clips) and reading it back.

use std::path::Path;

use super::compose::Audio;

/// Writes sound as 16-bit PCM WAV.
pub fn write_wav(path: &Path, audio: &Audio) -> Result<(), hound::Error> {
    let spec = hound::WavSpec {
        channels: audio.channels,
        sample_rate: audio.sample_rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut writer = hound::WavWriter::create(path, spec)?;
    for &s in &audio.samples {
        writer.write_sample((s * 32767.0).round().clamp(-32768.0, 32767.0) as i16)?;
    }
    writer.finalize()
}

/// Reads a 16-bit or float WAV file.
pub fn read_wav(path: &Path) -> Result<Audio, hound::Error> {
    let mut reader = hound::WavReader::open(path)?;
    let spec = reader.spec();
    let samples = match spec.sample_format {
        hound::SampleFormat::Float => reader.samples::<f32>().collect::<Result<Vec<_>, _>>()?,
        hound::SampleFormat::Int => {
            let scale = 1.0 / (1i64 << (spec.bits_per_sample - 1)) as f32;
            reader
                .samples::<i32>()
                .map(|s| s.map(|s| s as f32 * scale))
                .collect::<Result<Vec<_>, _>>()?
        }
    };
    Ok(Audio {
        sample_rate: spec.sample_rate,
        channels: spec.channels,
        samples,
    })
}

/// The root mean square of the samples (0 for silence, about 0.1 for normal speech).
pub fn rms(samples: &[f32]) -> f32 {
    if samples.is_empty() {
        return 0.0;
    }
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt()
}
