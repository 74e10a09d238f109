//! `annexd say` through a real ALSA file device standing in for the sound card, and rendered
//! to a WAV file: the sound is the clips of the words, whole and audible; without a sound
//! card the words come out as a text line after one clear line saying so.

use crate::speech_support;

use std::time::Duration;

use annexd::speech::Voice;
use annexd_core::Lang;
use annexd_core::speech::parse_text;
use speech_support::*;

const WORDS: &str = "Springer Felix drei, Schach";

fn expected(gap: Duration) -> Duration {
    let tokens = parse_text(Lang::De, WORDS).unwrap();
    let voice = Voice::load_keys(&shipped_voice(Lang::De), &keys_said(Lang::De, &tokens)).unwrap();
    let words = tokens.iter().flat_map(|&t| Lang::De.words(t)).count() as u32;
    clip_sum(&voice, Lang::De, &tokens) + gap * (words - 1)
}

fn say_on_device(extra: &[&str]) -> (std::process::Output, Sound) {
    let dir = tempfile::tempdir().unwrap();
    let device = AlsaFileDevice::new(dir.path(), true);
    let mut command = annexd();
    command
        .env("ALSA_CONFIG_PATH", device.config_path())
        .args(["say", "--lang", "de"])
        .args(extra)
        .args(WORDS.split(' '));
    let output = run_with_deadline(command, None, Duration::from_secs(60));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(!stderr.contains("no sound output"), "fell back: {stderr}");
    assert!(
        output.stdout.is_empty(),
        "fell back to text: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    (output, read_wav_lenient(&device.wav))
}

#[test]
#[cfg_attr(
    windows,
    ignore = "the sound card is an ALSA file device, which the program's WASAPI under Wine does not reach (with Wine's ALSA driver it hung or found no such PCM): sound on Windows is on the tester's checklist, docs/windows.md"
)]
fn an_announcement_of_the_clips_backend_lands_on_the_sound_device_whole_and_audible() {
    let (_, sound) = say_on_device(&["--gap-ms", "0"]);
    let mono = sound.mono();
    let span = sounding_span(&mono, sound.rate, 0.003);
    assert_close(
        span,
        expected(Duration::ZERO),
        0.10,
        "sounding part on the device",
    );
    let rate = sound.rate as usize;
    let loud = mono
        .chunks(rate / 100)
        .filter(|f| rms(f) > 0.003)
        .flatten()
        .copied()
        .collect::<Vec<_>>();
    assert!(
        rms(&loud) > 0.03,
        "the sound is speech, not near-silence: RMS {}",
        rms(&loud)
    );
}

#[test]
#[cfg_attr(
    windows,
    ignore = "the sound card is an ALSA file device, which the program's WASAPI under Wine does not reach (with Wine's ALSA driver it hung or found no such PCM): sound on Windows is on the tester's checklist, docs/windows.md"
)]
fn the_gap_between_words_is_heard_on_the_device() {
    let (_, sound) = say_on_device(&["--gap-ms", "150"]);
    let span = sounding_span(&sound.mono(), sound.rate, 0.003);
    assert_close(
        span,
        expected(Duration::from_millis(150)),
        0.10,
        "sounding part with gaps",
    );
}

#[test]
#[cfg_attr(
    windows,
    ignore = "the sound card is an ALSA file device, which the program's WASAPI under Wine does not reach (with Wine's ALSA driver it hung or found no such PCM): sound on Windows is on the tester's checklist, docs/windows.md"
)]
fn one_ear_only_sounds_on_its_own_side() {
    let (_, sound) = say_on_device(&["--gap-ms", "0", "--channel", "left"]);
    assert_eq!(sound.channels, 2);
    let (left, right) = (sound.channel(0), sound.channel(1));
    assert_close(
        sounding_span(&left, sound.rate, 0.003),
        expected(Duration::ZERO),
        0.10,
        "left ear",
    );
    assert!(
        rms(&right) < 1e-4,
        "the right ear stays silent: RMS {}",
        rms(&right)
    );
}

#[test]
fn say_out_writes_the_clips_with_their_gaps() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("said.wav");
    let mut command = annexd();
    command
        .args(["say", "--lang", "de", "--gap-ms", "100", "--out"])
        .arg(&wav)
        .args(WORDS.split(' '));
    let output = run_with_deadline(command, None, Duration::from_secs(60));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let sound = read_wav_lenient(&wav);
    let length = Duration::from_secs_f64(
        sound.samples.len() as f64 / sound.channels as f64 / sound.rate as f64,
    );
    let expected = expected(Duration::from_millis(100));
    assert_close(length, expected, 0.01, "file length");
    assert_close(
        sounding_span(&sound.mono(), sound.rate, 0.003),
        expected,
        0.10,
        "sounding part",
    );
    assert!(
        rms(&sound.samples) > 0.03,
        "not silent: {}",
        rms(&sound.samples)
    );
}

/// Renders `annexd say --lang fr ARGS --out FILE` and reads the file back.
fn say_french_to_wav(args: &[&str]) -> Sound {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("dit.wav");
    let mut command = annexd();
    command
        .args(["say", "--lang", "fr"])
        .args(args)
        .arg("--out")
        .arg(&wav);
    let output = run_with_deadline(command, None, Duration::from_secs(60));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    read_wav_lenient(&wav)
}

/// The clips of the French voice one after another, as samples in -1 … 1.
fn french_clips(keys: &[&str]) -> Vec<f32> {
    let voice = Voice::load(&shipped_voice(Lang::Fr)).unwrap();
    keys.iter()
        .flat_map(|key| {
            voice
                .clip(key)
                .unwrap_or_else(|| panic!("no clip {key}"))
                .to_vec()
        })
        .map(|s| s as f32 / 32768.0)
        .collect()
}

#[test]
fn the_french_voice_says_a_move_clip_by_clip_in_either_word_set() {
    for (words, keys) in [
        ("local", ["p_knight", "f_f", "r3"]),
        ("annex-d", ["ad_p_knight", "f_f", "ad_r3"]),
    ] {
        let sound = say_french_to_wav(&[
            "--words", words, "--gap-ms", "0", "--move", "startpos", "Nf3",
        ]);
        let expected = french_clips(&keys);
        assert_eq!((sound.rate, sound.channels), (16_000, 1));
        assert_eq!(sound.samples.len(), expected.len(), "{words}");
        let worst = sound
            .samples
            .iter()
            .zip(&expected)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        assert!(worst < 2.0 / 32768.0, "{words}: off by {worst}");
        assert!(rms(&sound.samples) > 0.03, "{words}: audible");
    }
}

#[test]
fn the_french_voice_on_one_ear_and_faster() {
    let keys = ["p_knight", "f_f", "r3"];
    let plain: usize = french_clips(&keys).len();
    let args = [
        "--words", "local", "--gap-ms", "0", "--move", "startpos", "g1f3",
    ];
    let right = say_french_to_wav(&[&args[..], &["--channel", "right"]].concat());
    assert_eq!(right.channels, 2);
    assert!(rms(&right.channel(0)) < 1e-4, "the left ear is silent");
    assert!(rms(&right.channel(1)) > 0.03, "the right ear hears it");
    let fast = say_french_to_wav(&[&args[..], &["--rate", "1.5"]].concat());
    assert_close(
        Duration::from_secs_f64(fast.samples.len() as f64 / 16_000.0),
        Duration::from_secs_f64(plain as f64 / 16_000.0 / 1.5),
        0.05,
        "French at rate 1.5",
    );
}

#[test]
fn a_faster_rate_shortens_the_rendering() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("fast.wav");
    let mut command = annexd();
    command
        .args([
            "say", "--lang", "de", "--gap-ms", "100", "--rate", "1.5", "--out",
        ])
        .arg(&wav)
        .args(WORDS.split(' '));
    let output = run_with_deadline(command, None, Duration::from_secs(60));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let sound = read_wav_lenient(&wav);
    let length = Duration::from_secs_f64(sound.samples.len() as f64 / sound.rate as f64);
    assert_close(
        length,
        expected(Duration::from_millis(100)).div_f64(1.5),
        0.05,
        "length at rate 1.5",
    );
}

#[test]
fn without_a_sound_card_the_words_come_as_a_text_line_after_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("asound.conf");
    std::fs::write(&config, "pcm.!default {\n    type hw\n    card 9\n}\n").unwrap();
    let mut command = annexd();
    command
        .env(
            "ALSA_CONFIG_PATH",
            format!("/usr/share/alsa/alsa.conf:{}", config.display()),
        )
        .args(["say", "--lang", "de"])
        .args(WORDS.split(' '));
    let output = run_with_deadline(command, None, Duration::from_secs(30));
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "Springer Felix drei, Schach\n"
    );
    // One line, in the language, with why in words (the system's detail is for the log).
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "annexd: keine Tonausgabe, nur Text, kein Tongerät gefunden\n"
    );
}

#[test]
fn unknown_words_are_refused_with_their_place() {
    let mut command = annexd();
    command.args(["say", "--backend", "text", "Springer", "Fritz", "drei"]);
    let output = run_with_deadline(command, None, Duration::from_secs(30));
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr, "annexd: unbekanntes Wort: 'fritz': an Stelle 2\n");
}

#[test]
fn the_text_backend_writes_the_words_in_the_language() {
    // The Annex D words (D.2.1) by default in every language; the language's own with
    // --words local.
    for (lang, words, expected) in [
        ("de", "annex-d", "Kurze Rochade, Schach\n"),
        ("de", "local", "Kurze Rochade, Schach\n"),
        ("en", "annex-d", "Kurze Rochade, check\n"),
        ("en", "local", "short castling, check\n"),
        ("fr", "annex-d", "Kurze Rochade, échec\n"),
        ("fr", "local", "petit roque, échec\n"),
    ] {
        let mut command = annexd();
        command.args([
            "say",
            "--backend",
            "text",
            "--lang",
            lang,
            "--words",
            words,
            "c_short",
            ",",
            "x_check",
        ]);
        let output = run_with_deadline(command, None, Duration::from_secs(30));
        assert!(output.status.success());
        assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
    }
}
