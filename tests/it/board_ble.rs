//! Bluetooth boards on a machine without Bluetooth, as far as such a machine can test them:
//! `play --sighted chessnut:ble` says "no Bluetooth" in the game's language and the game goes
//! on with typed moves, whether the system has no D-Bus at all or a D-Bus without BlueZ (a
//! private bus started here, when `dbus-daemon` is installed); `board-watch` reports it as a
//! JSON error. And board specs that are none are refused with the words of the tables and a
//! right spec, on the command line and in the settings.

use crate::common;
use crate::common::platform::Start;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use common::{Running, annexd, run};

/// A system bus that cannot be reached, whatever the machine has.
const NO_BUS: &str = "unix:path=/nonexistent/annexd-test/system_bus_socket";

fn play_without_bluetooth(spec: &str, lang: &str, bus: &str, dir: &Path) -> Running {
    let mut command = annexd();
    command
        .arg("play")
        .args(["--lang", lang, "--journal"])
        .arg(dir.join("game.jsonl"))
        .args(["--board", "none", "--sighted", spec])
        .env("XDG_CONFIG_HOME", dir)
        .env("DBUS_SYSTEM_BUS_ADDRESS", bus);
    Running::start(command)
}

#[test]
fn without_a_system_bus_no_bluetooth_is_said_and_the_game_goes_on_with_typed_moves() {
    for (lang, no_bluetooth, moves, fen) in [
        (
            "de",
            "e-Brett, kein Bluetooth, Züge bitte eingeben oder ansagen",
            [("e4", "Weiß Eva vier"), ("e5", "Schwarz Eva fünf")],
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        ),
        (
            "en",
            "e-board, no Bluetooth, please type or say the moves",
            [
                ("d4", "White David vier"),
                ("Nf6", "Black Springer Felix sechs"),
            ],
            "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut game = play_without_bluetooth("chessnut:ble", lang, NO_BUS, dir.path());
        game.expect_exact(no_bluetooth);
        for (typed, said) in moves {
            game.type_line(typed);
            game.expect_exact(said);
        }
        game.type_line("FEN");
        game.expect_fen(fen);
        game.type_line(if lang == "de" {
            "Ende\nja"
        } else {
            "quit\nyes"
        });
        assert_eq!(game.wait(), Some(0));
        let log = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .find(|e| e.path().extension().is_some_and(|x| x == "jsonl"));
        assert!(log.is_some(), "the game was recorded");
    }
}

/// A private D-Bus that lets everyone in, on a socket in `dir`; BlueZ is not on it.
fn private_bus(dir: &Path) -> Option<(std::process::Child, String)> {
    let socket = dir.join("bus");
    let config = dir.join("bus.conf");
    std::fs::write(
        &config,
        format!(
            r#"<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path={}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
"#,
            socket.display()
        ),
    )
    .unwrap();
    let mut daemon = match Command::new("dbus-daemon")
        .arg(format!("--config-file={}", config.display()))
        .args(["--nofork", "--print-address"])
        .stdout(Stdio::piped())
        .start()
    {
        Ok(daemon) => daemon,
        Err(e) => {
            crate::common::missing(&format!(
                "the D-Bus without BlueZ: dbus-daemon cannot start ({e})"
            ));
            return None;
        }
    };
    // It prints its address once it listens.
    let mut address = String::new();
    BufReader::new(daemon.stdout.take().unwrap())
        .read_line(&mut address)
        .unwrap();
    Some((daemon, address.trim().to_string()))
}

#[test]
fn with_a_system_bus_without_bluez_no_bluetooth_is_said_in_french() {
    let dir = tempfile::tempdir().unwrap();
    let Some((mut daemon, address)) = private_bus(dir.path()) else {
        return;
    };
    assert!(address.starts_with("unix:"), "{address}");
    let mut game = play_without_bluetooth("pegasus:ble", "fr", &address, dir.path());
    game.expect_exact("échiquier électronique, pas de Bluetooth, tapez ou dites les coups");
    game.type_line("e4");
    game.expect_exact("Blanc Eva vier");
    game.type_line("fin\noui");
    assert_eq!(game.wait(), Some(0));
    daemon.kill().unwrap();
    daemon.wait().unwrap();
}

#[test]
fn board_watch_reports_no_bluetooth_as_a_json_error() {
    let mut watch = annexd()
        .args([
            "board-watch",
            "--lang",
            "en",
            "--board",
            "chesslink:ble:MILLENNIUM",
        ])
        .env("DBUS_SYSTEM_BUS_ADDRESS", NO_BUS)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .start()
        .unwrap();
    let mut first = String::new();
    BufReader::new(watch.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let event: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(event["event"], "error", "{event}");
    assert_eq!(event["source"], "bluetooth", "{event}");
    assert_eq!(event["say"], "no Bluetooth", "{event}");
    writeln!(watch.stdin.as_mut().unwrap(), "quit").unwrap();
    assert!(watch.wait().unwrap().success());
}

#[test]
fn a_board_spec_that_is_none_is_refused_in_words_with_a_right_one() {
    let out = run(&["play", "--sighted", "dgr:/dev/ttyUSB0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Brettart unbekannt: --sighted dgr:/dev/ttyUSB0, zum Beispiel /dev/ttyACM0, dgt:/dev/ttyUSB0"),
        "{err}"
    );
    let out = run(&["play", "--lang", "en", "--sighted", "chessnut:/dev/rfcomm0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "this board is connected over Bluetooth: --sighted chessnut:/dev/rfcomm0, for example chessnut:ble, chessnut:ble:NAME"
        ),
        "{err}"
    );
    let out = run(&["play", "--sighted", "sim"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Brettart unbekannt: --sighted sim, zum Beispiel dgt:/dev/ttyUSB0"),
        "the simulator is a peg board: {err}"
    );
    let out = run(&["board-watch", "--lang", "fr", "--board", "dgt:"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("le port manque: --board dgt:"), "{err}");
    // In the settings, the setting's line and what was wrong.
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("annexd.toml");
    std::fs::write(&config, "[board]\nsighted = \"pegasus:ble:\"\n").unwrap();
    let out = run(&["config", "--config", config.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "Zeile 2: board.sighted: der Name ist leer: pegasus:ble:: zum Beispiel: pegasus:ble, pegasus:ble:NAME"
        ),
        "{err}"
    );
    std::fs::write(&config, "[board]\npegasus-key = \"0a 1\"\n").unwrap();
    let out = run(&[
        "config",
        "--config",
        config.to_str().unwrap(),
        "--lang",
        "en",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2: board.pegasus-key: bytes in hex are expected"),
        "{err}"
    );
    // A right one is shown back by `annexd config`.
    std::fs::write(
        &config,
        "[board]\nsighted = \"chesslink:/dev/ttyUSB0\"\nchesslink-line = \"8n1\"\n",
    )
    .unwrap();
    let out = run(&["config", "--config", config.to_str().unwrap()]);
    assert!(out.status.success());
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        shown.contains("sighted = \"chesslink:/dev/ttyUSB0\""),
        "{shown}"
    );
    assert!(shown.contains("chesslink-line = \"8n1\""), "{shown}");
    assert!(shown.contains("pegasus-key = \"\""), "{shown}");
}
