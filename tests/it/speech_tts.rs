//! The system speech engine (speech-dispatcher) speaks through a real ALSA file device:
//! a private, headless speech-dispatcher is started for the test (private XDG folders,
//! `AudioOutputMethod "alsa"`), and the sound it plays is checked. Skipped, with the reason
//! printed, where speech-dispatcher is not installed or the build has no `tts` feature.

use crate::speech_support;

use std::path::Path;
use std::time::Duration;

use speech_support::*;

/// Stops the private speech-dispatcher the test started (by the pid it wrote).
#[cfg_attr(not(unix), allow(dead_code))]
struct Daemon<'a>(&'a Path);

impl Drop for Daemon<'_> {
    #[cfg(not(unix))]
    fn drop(&mut self) {}

    #[cfg(unix)]
    fn drop(&mut self) {
        let pid_file = self.0.join("speech-dispatcher/pid/speech-dispatcher.pid");
        let Some(pid) = std::fs::read_to_string(&pid_file)
            .ok()
            .and_then(|p| p.trim().parse::<i32>().ok())
        else {
            return;
        };
        // SAFETY: kill(2) on a process this test started; no memory is involved.
        unsafe { libc::kill(pid, libc::SIGTERM) };
        for _ in 0..40 {
            std::thread::sleep(Duration::from_millis(50));
            // SAFETY: signal 0 only asks whether the process still exists.
            if unsafe { libc::kill(pid, 0) } != 0 {
                return;
            }
        }
        // SAFETY: as above; a daemon stuck in its shutdown is ended for good.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
}

fn speech_dispatcher_installed() -> Option<std::path::PathBuf> {
    [
        "/usr/bin/speech-dispatcher",
        "/usr/local/bin/speech-dispatcher",
    ]
    .into_iter()
    .map(std::path::PathBuf::from)
    .find(|p| p.exists())
}

#[test]
#[cfg_attr(
    windows,
    ignore = "speech-dispatcher is Linux's engine; Windows' (SAPI, OneCore) has no voice under Wine: see docs/windows.md"
)]
fn the_system_speech_engine_speaks_through_the_sound_device() {
    if !cfg!(feature = "tts") {
        println!("skipped: built without the `tts` feature");
        return;
    }
    if speech_dispatcher_installed().is_none()
        || !Path::new("/etc/speech-dispatcher/speechd.conf").exists()
    {
        crate::common::missing(
            "speech-dispatcher is not installed (apt-get install speech-dispatcher speech-dispatcher-espeak-ng)",
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (config_home, runtime, cache) = (
        dir.path().join("config"),
        dir.path().join("run"),
        dir.path().join("cache"),
    );
    for d in [&config_home, &runtime, &cache] {
        std::fs::create_dir_all(d).unwrap();
    }
    std::fs::create_dir_all(config_home.join("speech-dispatcher")).unwrap();
    let mut conf = std::fs::read_to_string("/etc/speech-dispatcher/speechd.conf").unwrap();
    conf.push_str("\nAudioOutputMethod \"alsa\"\nDefaultLanguage \"de\"\n");
    std::fs::write(config_home.join("speech-dispatcher/speechd.conf"), conf).unwrap();
    let device = AlsaFileDevice::new(dir.path(), false);
    let _daemon = Daemon(&runtime);

    let mut command = annexd();
    command
        .env("ALSA_CONFIG_PATH", device.config_path())
        .env("XDG_CONFIG_HOME", &config_home)
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("XDG_CACHE_HOME", &cache)
        .args([
            "say",
            "--backend",
            "tts",
            "--lang",
            "de",
            "Springer",
            "Felix",
            "drei",
        ]);
    let output = run_with_deadline(command, None, Duration::from_secs(90));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        output.stdout.is_empty() && !stderr.contains("no sound output"),
        "fell back to text: {stderr}"
    );

    // The daemon may still hold the device open: its WAV header is not final.
    let sound = read_wav_lenient(&device.wav);
    let mono = sound.mono();
    let span = sounding_span(&mono, sound.rate, 0.003);
    assert!(
        span > Duration::from_millis(600),
        "the engine said three words: {span:?} of sound"
    );
    assert!(rms(&mono) > 0.01, "not silent: RMS {}", rms(&mono));
}
