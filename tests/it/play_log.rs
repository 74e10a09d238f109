//! The log: `--log FILE` gets the reasons a device was refused and the session's notes; a
//! game's log goes to the state folder when none is named.

use crate::common;

use common::{Running, annexd};

#[test]
fn the_log_names_the_device_that_could_not_be_opened() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("annexd.log");
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(dir.path().join("game.jsonl"))
        .args(["--board", "/dev/annexd-no-such-board", "--log"])
        .arg(&log)
        .env("XDG_CONFIG_HOME", dir.path())
        .env_remove("RUST_LOG");
    let mut game = Running::start(command);
    game.expect_containing("Gerät nicht gefunden");
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("annexd-no-such-board"), "{text}");
    assert!(text.contains("unavailable"), "{text}");
}

#[test]
fn a_game_logs_to_the_state_folder_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(dir.path().join("game.jsonl"))
        .env("XDG_CONFIG_HOME", dir.path())
        .env("XDG_STATE_HOME", dir.path().join("state"))
        .env_remove("RUST_LOG");
    let mut game = Running::start(command);
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    let log = dir.path().join("state").join("annexd").join("annexd.log");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("annexd 0."), "{text}");
    assert!(text.contains(" play "), "{text}");
}
