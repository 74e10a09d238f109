//! Shared helpers of the speech integration tests: the real `annexd` binary run with a
//! deadline, an ALSA file device standing in for the sound card, and WAV measurements.

#![allow(dead_code)]
use crate::common::platform;
use crate::common::platform::Start;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use annexd::speech::Voice;
use annexd_core::{Lang, Token};

/// The shipped voice folder of a language.
pub fn shipped_voice(lang: Lang) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("voices")
        .join(lang.code())
        .join("espeak")
}

/// The `annexd` command, with no voices outside the source tree.
pub fn annexd() -> Command {
    let mut command = platform::program(env!("CARGO_BIN_EXE_annexd"));
    command
        .env_remove("ANNEXD_VOICES")
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("annexd-tests-no-personal-voices"),
        )
        // No settings of the machine's user (their language would change the lines).
        .env(
            "XDG_CONFIG_HOME",
            std::env::temp_dir().join("annexd-tests-no-settings"),
        )
        // Nor the note of the last game the machine's user started (`resume` reads it).
        .env(
            "XDG_STATE_HOME",
            std::env::temp_dir().join("annexd-tests-state"),
        );
    command
}

/// Runs a command to its end, killing it after `limit` (a hang is a test failure).
pub fn run_with_deadline(mut command: Command, stdin: Option<&[u8]>, limit: Duration) -> Output {
    command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    let mut child = command.start().expect("annexd starts");
    if let Some(input) = stdin {
        use std::io::Write;
        // The program may finish (and close its input) before reading it all: a broken pipe
        // is then no failure of the program.
        match child.stdin.take().expect("piped").write_all(input) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            Err(e) => panic!("stdin written: {e}"),
        }
    }
    let start = Instant::now();
    loop {
        if child.try_wait().expect("waitable").is_some() {
            return child.wait_with_output().expect("output collected");
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let output = child.wait_with_output().expect("output collected");
            panic!(
                "annexd did not finish within {limit:?}\nstdout: {}\nstderr: {}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// An ALSA configuration whose default device is a `file` plugin writing a WAV file.
pub struct AlsaFileDevice {
    pub config: PathBuf,
    pub wav: PathBuf,
}

impl AlsaFileDevice {
    /// `fixed`: the device takes 16 kHz 16-bit stereo through a `plug` (the file plugin is
    /// not paced, so a small format keeps the file small); otherwise the file plugin takes
    /// whatever the player asks for.
    pub fn new(dir: &Path, fixed: bool) -> Self {
        let wav = dir.join("device.wav");
        let config = dir.join("asound.conf");
        let file_pcm = format!(
            "type file\n    slave.pcm \"null\"\n    file \"{}\"\n    format \"wav\"",
            wav.display()
        );
        let text = if fixed {
            format!(
                "pcm.!default {{\n    type plug\n    slave {{ pcm \"wavfile\"; rate 16000; channels 2; format S16_LE }}\n}}\npcm.wavfile {{\n    {file_pcm}\n}}\n"
            )
        } else {
            format!("pcm.!default {{\n    {file_pcm}\n}}\n")
        };
        std::fs::write(&config, text).expect("ALSA config written");
        AlsaFileDevice { config, wav }
    }

    /// The value of ALSA_CONFIG_PATH for this device.
    pub fn config_path(&self) -> String {
        format!("/usr/share/alsa/alsa.conf:{}", self.config.display())
    }
}

/// Sound read from a WAV file, also one whose sizes were never finalised (a device still
/// open): everything after the `data` chunk header is taken.
pub struct Sound {
    pub rate: u32,
    pub channels: usize,
    /// Interleaved, in -1 … 1.
    pub samples: Vec<f32>,
}

pub fn read_wav_lenient(path: &Path) -> Sound {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        bytes.len() > 44 && &bytes[..4] == b"RIFF",
        "{} is not a WAV file ({} bytes)",
        path.display(),
        bytes.len()
    );
    let mut at = 12;
    let (mut rate, mut channels, mut bits, mut format) = (0u32, 0usize, 0u16, 0u16);
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let size = u32::from_le_bytes(bytes[at + 4..at + 8].try_into().unwrap()) as usize;
        if id == b"fmt " {
            format = u16::from_le_bytes(bytes[at + 8..at + 10].try_into().unwrap());
            channels = u16::from_le_bytes(bytes[at + 10..at + 12].try_into().unwrap()) as usize;
            rate = u32::from_le_bytes(bytes[at + 12..at + 16].try_into().unwrap());
            bits = u16::from_le_bytes(bytes[at + 22..at + 24].try_into().unwrap());
        } else if id == b"data" {
            let data = &bytes[at + 8..];
            let samples = match (format, bits) {
                (1, 16) => data
                    .chunks_exact(2)
                    .map(|b| i16::from_le_bytes([b[0], b[1]]) as f32 / 32768.0)
                    .collect(),
                (1, 32) => data
                    .chunks_exact(4)
                    .map(|b| i32::from_le_bytes(b.try_into().unwrap()) as f32 / 2_147_483_648.0)
                    .collect(),
                (3, 32) => data
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
                    .collect(),
                other => panic!("unexpected WAV sample format {other:?}"),
            };
            return Sound {
                rate,
                channels,
                samples,
            };
        }
        at += 8 + size + (size & 1);
    }
    panic!("{} has no data chunk", path.display());
}

impl Sound {
    /// The samples of one channel.
    pub fn channel(&self, index: usize) -> Vec<f32> {
        self.samples
            .iter()
            .skip(index)
            .step_by(self.channels)
            .copied()
            .collect()
    }

    /// Mono: the channels averaged.
    pub fn mono(&self) -> Vec<f32> {
        self.samples
            .chunks(self.channels)
            .map(|f| f.iter().sum::<f32>() / self.channels as f32)
            .collect()
    }
}

/// Root mean square.
pub fn rms(samples: &[f32]) -> f32 {
    annexd::speech::rms(samples)
}

/// From the first to the last 10 ms frame louder than `threshold` (RMS).
pub fn sounding_span(mono: &[f32], rate: u32, threshold: f32) -> Duration {
    let frame = (rate / 100) as usize;
    let loud: Vec<usize> = mono
        .chunks(frame)
        .enumerate()
        .filter(|(_, f)| rms(f) > threshold)
        .map(|(i, _)| i)
        .collect();
    match (loud.first(), loud.last()) {
        (Some(first), Some(last)) => {
            Duration::from_secs_f64(((last - first + 1) * frame) as f64 / rate as f64)
        }
        _ => Duration::ZERO,
    }
}

/// The sum of the clips of the words of these tokens in a voice.
pub fn clip_sum(voice: &Voice, lang: Lang, tokens: &[Token]) -> Duration {
    keys_said(lang, tokens)
        .into_iter()
        .map(|key| {
            voice
                .clip_duration(key)
                .unwrap_or_else(|| panic!("no clip {key}"))
        })
        .sum()
}

/// The clip keys of the words `tokens` are said in, in order.
pub fn keys_said(lang: Lang, tokens: &[Token]) -> Vec<&'static str> {
    let mut words = Vec::new();
    for &token in tokens {
        lang.push_words(token, &mut words);
    }
    words.iter().map(|w| w.key).collect()
}

/// Asserts `actual` is within `tolerance` (a fraction) of `expected`.
pub fn assert_close(actual: Duration, expected: Duration, tolerance: f64, what: &str) {
    let (a, e) = (actual.as_secs_f64(), expected.as_secs_f64());
    assert!(
        (a - e).abs() <= e * tolerance,
        "{what}: {a:.3} s, expected {e:.3} s ± {:.0} %",
        tolerance * 100.0
    );
}
