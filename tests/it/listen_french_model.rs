//! Speech in French with the real libvosk and the small French model
//! (`vosk-model-small-fr-0.22`, see models/README.md), when it is in `models/` or named by
//! `ANNEXD_TEST_MODEL_FR`: a move said by espeak-ng in French is heard and understood, and
//! the model's words are checked at load. It cannot be downloaded on the machines the tests
//! run on (no internet but package registries), so without it the test says it is skipped
//! and why. The French grammar, lexicon and matcher are tested without a model in
//! `annexd-core` (they work on text).

#![cfg(feature = "recognition")]

use crate::common::platform::Start;
use std::path::PathBuf;
use std::process::Command;

use annexd::listen::find_model_in;
use annexd_core::Lang;
use annexd_core::listen::RecogniserKind;

fn french_model() -> Option<PathBuf> {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let named = std::env::var_os("ANNEXD_TEST_MODEL_FR").map(PathBuf::from);
    let found =
        named.or_else(|| find_model_in(&[repo.join("models")], RecogniserKind::Vosk, Lang::Fr));
    if found.is_none() {
        println!(
            "SKIPPED: no French Vosk model in models/ or ANNEXD_TEST_MODEL_FR (place \
             vosk-model-small-fr-0.22 there, see models/README.md; it cannot be downloaded here)"
        );
    }
    found
}

#[test]
fn a_french_move_said_aloud_is_heard_and_understood() {
    let Some(model) = french_model() else { return };
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("cavalier.wav");
    let spoken = Command::new("espeak-ng")
        .args(["-v", "fr", "-s", "140", "-w"])
        .arg(&wav)
        .arg("Cavalier Félix trois")
        .start_status()
        .expect("espeak-ng runs (scripts/setup.sh installs it)");
    assert!(spoken.success());
    let output = Command::new(env!("CARGO_BIN_EXE_annexd"))
        .args(["recognize", "--lang", "fr", "--words", "local", "--model"])
        .arg(&model)
        .arg(&wav)
        .start_output()
        .expect("annexd runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The French words are in the small French model's dictionary: nothing is reported
    // missing in the local word set, and the move is understood.
    assert!(!stdout.contains("ne connaît pas"), "{stdout}");
    assert!(stdout.contains("compris, Cavalier Felix trois"), "{stdout}");
}
