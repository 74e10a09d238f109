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

/// The root mean square of the samples (0 for silence, about 0.1 for normal speech).
pub fn rms(samples: &[f32]) -> f32 {
    if samples.is_empty() {
        return 0.0;
    }
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt()
}
