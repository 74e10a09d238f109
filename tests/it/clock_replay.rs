//! `annexd clock --replay`: the real binary reconstructs times from a file of timed events.

use crate::common::platform::Start;
use std::io::Write;
use std::process::{Command, Output};

use serde_json::Value;

fn replay(args: &[&str], script: &str) -> Output {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(script.as_bytes()).unwrap();
    Command::new(env!("CARGO_BIN_EXE_annexd"))
        .arg("clock")
        .args(args)
        .arg("--replay")
        .arg(file.path())
        .start_output()
        .expect("annexd runs")
}

fn lines(output: &Output) -> Vec<Value> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

fn states(output: &Output) -> Vec<Value> {
    lines(output)
        .into_iter()
        .filter(|l| l.get("white_ms").is_some())
        .collect()
}

fn says(output: &Output) -> Vec<(u64, String)> {
    lines(output)
        .into_iter()
        .filter_map(|l| Some((l["t_ms"].as_u64()?, l.get("say")?.as_str()?.to_string())))
        .collect()
}

/// The Art. 6.3 commentary example: White's first move takes 20 s, the second 40 s.
const COMMENTARY: &str = "0 start\n20000 press\n30000 press\n70000 press\n";

fn white_after_each_move(args: &[&str]) -> (u64, u64) {
    let states = states(&replay(args, COMMENTARY));
    (
        states[1]["white_ms"].as_u64().unwrap(),
        states[3]["white_ms"].as_u64().unwrap(),
    )
}

#[test]
fn the_commentary_example_for_every_kind_of_control() {
    let m = |minutes: u64, seconds: u64| (minutes * 60 + seconds) * 1000;
    assert_eq!(
        white_after_each_move(&["--control", "5400+30"]),
        (m(90, 40), m(90, 30)),
        "Fischer"
    );
    assert_eq!(
        white_after_each_move(&["--control", "5400d30"]),
        (m(90, 0), m(89, 50)),
        "delay"
    );
    assert_eq!(
        white_after_each_move(&["--control", "5400b30"]),
        (m(90, 0), m(89, 50)),
        "Bronstein"
    );
    assert_eq!(
        white_after_each_move(&["--control", "5400b30", "--bronstein-credit"]),
        (m(90, 30), m(90, 20)),
        "Bronstein as the commentary counts it"
    );
}

#[test]
fn every_line_is_json_in_the_documented_shape() {
    let output = replay(
        &["--control", "90+30", "--lang", "de"],
        "0 start\n1500 press\n1500 pause\n9000 query\n",
    );
    let all = lines(&output);
    assert_eq!(all[0], serde_json::json!({"t_ms": 0, "say": "Uhr läuft"}));
    assert_eq!(
        all[1],
        serde_json::json!({"t_ms": 0, "white_ms": 5430000, "black_ms": 5430000, "move": 1, "running": "white", "flag": null})
    );
    assert_eq!(
        all[2],
        serde_json::json!({"t_ms": 1500, "white_ms": 5458500, "black_ms": 5430000, "move": 1, "running": "black", "flag": null})
    );
    assert_eq!(
        all[3],
        serde_json::json!({"t_ms": 1500, "say": "Uhr angehalten"})
    );
    assert_eq!(all[4]["running"], "none");
    assert_eq!(
        all[5],
        serde_json::json!({"t_ms": 9000, "say": "Weiß eine Stunde dreißig Minuten, Schwarz eine Stunde dreißig Minuten, Zug eins"})
    );
    assert_eq!(all.len(), 7);
}

#[test]
fn warnings_and_the_flag_between_events_at_their_exact_time() {
    let output = replay(
        &["--control", "65", "--lang", "en"],
        "0 start\n1000 press\n80000 query move\n",
    );
    assert_eq!(
        says(&output),
        vec![
            (0, "clock running".to_string()),
            (6000, "Black one minute left".to_string()),
            (36000, "Black thirty seconds left".to_string()),
            (46000, "Black twenty seconds left".to_string()),
            (56000, "Black ten seconds left".to_string()),
            (66000, "Black flag fell".to_string()),
            (80000, "move one".to_string()),
        ]
    );
    let last = states(&output).pop().unwrap();
    assert_eq!(last["flag"], "black");
    assert_eq!(last["black_ms"], 0);
}

#[test]
fn a_period_change_and_the_arbiters_changes() {
    let script = "0 moves 40\n0 start\n60000 press\n60000 add black -30\n61000 penalty white\n";
    let output = replay(&["--control", "40/5400+30:1800+30", "--lang", "en"], script);
    assert_eq!(
        says(&output),
        vec![
            (0, "move forty".to_string()),
            (0, "clock running".to_string()),
            (
                60000,
                "White time control reached, time added thirty minutes".to_string()
            ),
            (
                60000,
                "Black time taken off thirty seconds, one hour thirty minutes left".to_string()
            ),
            (
                61000,
                "penalty, Black time added two minutes, one hour thirty-one minutes left"
                    .to_string()
            ),
        ]
    );
    let states = states(&output);
    assert_eq!(states[2]["white_ms"], (5430 - 60 + 1800 + 30) * 1000);
    assert_eq!(states[2]["move"], 40);
    assert_eq!(states[4]["black_ms"], (5430 - 30 - 1 + 120) * 1000);
}

#[test]
fn a_bad_line_stops_everything_with_its_number() {
    let output = replay(&["--control", "300"], "0 start\n1000 press\n900 press\n");
    assert!(!output.status.success());
    assert!(output.stdout.is_empty(), "nothing printed as if valid");
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("die Ablaufdatei ist fehlerhaft: ") && message.contains(":3: 900 press"),
        "{message}"
    );

    let output = replay(&["--control", "300"], "0 start\n10 add white ten\n");
    assert!(!output.status.success());
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains(":2: 10 add white ten"));

    let output = replay(&["--control", "300"], "10 press\n");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains(":1: 10 press"));
}
