//! `annexd voices record` with a real ALSA capture device: the `file` plugin's `infile` feeds
//! a spoken word to the microphone input; the word is kept, trimmed and evened, and the
//! personal voice is completed by the shipped one. Without a microphone: one clear line.

use crate::speech_support;

use std::path::Path;
use std::time::Duration;

use annexd::speech::{VoiceLibrary, decode_mono};
use annexd_core::Lang;
use speech_support::*;

/// An ALSA configuration whose default capture device reads 16 kHz mono 16-bit samples from
/// `raw`.
fn microphone_config(dir: &Path, raw: &Path) -> String {
    let config = dir.join("asound-mic.conf");
    let text = format!(
        "pcm.!default {{\n    type plug\n    slave {{ pcm \"mic\"; rate 16000; channels 1; format S16_LE }}\n}}\n\
         pcm.mic {{\n    type file\n    slave.pcm \"null\"\n    file \"/dev/null\"\n    infile \"{}\"\n    format \"raw\"\n}}\n",
        raw.display()
    );
    std::fs::write(&config, text).unwrap();
    format!("/usr/share/alsa/alsa.conf:{}", config.display())
}

#[test]
#[cfg_attr(
    windows,
    ignore = "the microphone is an ALSA file device, which the program's WASAPI capture under Wine does not reach (with Wine's ALSA driver it found no such PCM): a microphone on Windows is on the tester's checklist, docs/windows.md"
)]
fn a_word_said_into_the_microphone_becomes_a_trimmed_clip_of_a_personal_voice() {
    record_one_word(Lang::De, "mine", "n1", "eins");
}

#[test]
#[cfg_attr(
    windows,
    ignore = "the microphone is an ALSA file device, which the program's WASAPI capture under Wine does not reach (with Wine's ALSA driver it found no such PCM): a microphone on Windows is on the tester's checklist, docs/windows.md"
)]
fn a_french_personal_voice_is_recorded_and_completed_the_same_way() {
    // "Cavalier" of the French voice; the Annex D "Springer" (ad_p_knight) is borrowed.
    record_one_word(Lang::Fr, "moi", "p_knight", "Cavalier");
}

/// The shipped voice's clip `key` with half a second of silence before and two after, as
/// the raw samples the microphone reads (`dir/mic.raw`); and the word itself.
fn microphone_input(dir: &Path, lang: Lang, key: &str) -> (Vec<f32>, std::path::PathBuf) {
    let (word, rate) = decode_mono(&shipped_voice(lang).join(format!("{key}.ogg"))).unwrap();
    assert_eq!(rate, 16_000);
    let mut input = vec![0.0f32; 8_000];
    input.extend(&word);
    input.extend(vec![0.0f32; 32_000]);
    let raw: Vec<u8> = input
        .iter()
        .flat_map(|s| ((s * 32767.0) as i16).to_le_bytes())
        .collect();
    let raw_path = dir.join("mic.raw");
    std::fs::write(&raw_path, raw).unwrap();
    (word, raw_path)
}

/// Records the shipped voice's clip `key` (the word `text`) through the microphone as the
/// personal voice `name`, and checks the clip, the prompts in the language, and that the
/// voice is completed.
fn record_one_word(lang: Lang, name: &str, key: &str, text: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (word, raw_path) = microphone_input(dir.path(), lang, key);

    let voices = dir.path().join("voices");
    let mut command = annexd();
    command
        .env("ALSA_CONFIG_PATH", microphone_config(dir.path(), &raw_path))
        .args([
            "voices",
            "record",
            "--lang",
            lang.code(),
            "--name",
            name,
            "--only",
            key,
            "--quiet",
            "--dir",
        ])
        .arg(&voices);
    // Enter: keep the take.
    let output = run_with_deadline(command, Some(b"\n"), Duration::from_secs(60));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (say, kept) = match lang {
        Lang::Fr => ("dites", "gardés: 1: passés: 0"),
        _ => ("bitte sagen", "behalten: 1: übersprungen: 0"),
    };
    assert!(
        stdout.contains(&format!("[1/1] {say}: {text}   ({key})")) && stdout.contains(kept),
        "{stdout}"
    );

    let folder = voices.join(lang.code()).join(name);
    let clip = read_wav_lenient(&folder.join(format!("{key}.wav")));
    let length = Duration::from_secs_f64(clip.samples.len() as f64 / clip.rate as f64);
    let said = Duration::from_secs_f64(word.len() as f64 / 16_000.0);
    assert_close(length, said, 0.20, "the kept word, its silence cut");
    assert!(
        (0.07..0.13).contains(&rms(&clip.samples)),
        "loudness evened: RMS {}",
        rms(&clip.samples)
    );
    assert!(folder.join("pause.wav").is_file() && folder.join("voice.toml").is_file());

    // The personal voice says its own word and borrows every other word, of both word sets.
    let library = VoiceLibrary::with_roots(vec![
        voices.clone(),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("voices"),
    ]);
    let (voice, borrowed) = library.load(lang, Some(name)).unwrap();
    assert!(voice.missing_keys().is_empty());
    assert_eq!(borrowed, annexd_core::speech::clip_keys(lang).len() - 2);
    assert_eq!(voice.info.name, name);
    assert_eq!(voice.info.language, lang);
}

#[test]
#[cfg_attr(
    windows,
    ignore = "the microphone is an ALSA file device, which the program's WASAPI capture under Wine does not reach (with Wine's ALSA driver it found no such PCM): a microphone on Windows is on the tester's checklist, docs/windows.md"
)]
fn a_word_for_hearing_is_recorded_into_the_voices_hearing_folder() {
    let dir = tempfile::tempdir().unwrap();
    // "annehmen", a word of commands no clip of a speaking voice holds alone (any word
    // said will do for the recording).
    let (_, raw_path) = microphone_input(dir.path(), Lang::De, "n1");
    let voices = dir.path().join("voices");
    let mut command = annexd();
    command
        .env("ALSA_CONFIG_PATH", microphone_config(dir.path(), &raw_path))
        .args([
            "voices",
            "record",
            "--lang",
            "de",
            "--name",
            "mine",
            "--hearing",
            "--only",
            "annehmen",
            "--quiet",
            "--dir",
        ])
        .arg(&voices);
    let output = run_with_deadline(command, Some(b"\n"), Duration::from_secs(60));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("[1/1] bitte sagen: annehmen   (annehmen)")
            && stdout.contains("behalten: 1: übersprungen: 0"),
        "{stdout}"
    );
    let folder = voices.join("de").join("mine");
    let clip = read_wav_lenient(&folder.join("hearing").join("annehmen.wav"));
    assert!(!clip.samples.is_empty());
    // The voice now has that word for hearing; every other word it lacks is still counted.
    let missing = annexd::speech::recordings(&folder, Lang::De)
        .unwrap()
        .iter()
        .filter(|f| f.path.is_none())
        .count();
    assert_eq!(
        missing,
        annexd_core::listen::Lexicon::get(Lang::De).words().len() - 1
    );
    assert!(
        stdout.contains(&format!("noch nicht aufgenommen: {missing}"))
            || stdout.contains("noch nicht aufgenommen"),
        "{stdout}"
    );
}

#[test]
fn without_a_microphone_recording_stops_with_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("asound.conf");
    std::fs::write(&config, "pcm.!default {\n    type hw\n    card 9\n}\n").unwrap();
    let mut command = annexd();
    command
        .env(
            "ALSA_CONFIG_PATH",
            format!("/usr/share/alsa/alsa.conf:{}", config.display()),
        )
        .args([
            "voices", "record", "--lang", "de", "--name", "mine", "--dir",
        ])
        .arg(dir.path().join("voices"));
    let output = run_with_deadline(command, Some(b"\n"), Duration::from_secs(30));
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr, "annexd: kein Mikrofon gefunden, nichts aufgenommen\n",
        "one line"
    );
    assert!(!dir.path().join("voices").exists(), "nothing written");
}
