//! `annexd engine`: the engine a game at home would play against, tried before the game with
//! the real Stockfish in every language, and with engines that fail (said as the game says
//! it, and the command fails).
#![cfg(feature = "engine")]

use crate::common;
use crate::common::platform::Start;
use crate::engine_support;

use engine_support::test_engine;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = common::annexd()
        .arg("engine")
        .args(args)
        .start_output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg_attr(
    windows,
    ignore = "Debian's Stockfish is a Linux program; the Windows build's tests run under Wine"
)]
#[test]
fn stockfish_says_its_name_the_level_and_its_move_in_every_language() {
    let mate_in_one = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    for (lang, expected) in [
        (
            "de",
            [
                "Schach-Engine bereit: Stockfish 15.1",
                "Stärke volle Stärke",
                "Zug: Turm Anna acht matt",
                "Bewertung, Weiß setzt im nächsten Zug matt",
            ],
        ),
        (
            "en",
            [
                "Chess engine ready: Stockfish 15.1",
                "Level full strength",
                "Move: Turm Anna acht mate",
                "Evaluation, White mates in one",
            ],
        ),
        (
            "fr",
            [
                "Moteur d'échecs prêt: Stockfish 15.1",
                "Niveau pleine force",
                "Coup: Turm Anna acht mat",
                "Évaluation, Blanc fait mat au prochain coup",
            ],
        ),
    ] {
        let (code, out, err) = run(&["--lang", lang, "--elo", "3000", "--fen", mate_in_one]);
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines, expected, "{lang}");
    }
    let (code, out, _) = run(&["--elo", "1200"]);
    assert_eq!(code, 0);
    assert!(out.contains("Stärke eintausendzweihundert Elo"), "{out}");
}

#[cfg_attr(not(unix), ignore = "the test engines are shell scripts")]
#[test]
fn an_engine_that_fails_is_said_and_the_command_fails() {
    let missing = test_engine("no-such-engine");
    let (code, _, err) = run(&["--engine", missing.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("annexd: keine Schach-Engine gefunden: "),
        "{err}"
    );
    let garbage = test_engine("garbage.sh");
    let (code, _, err) = run(&["--lang", "en", "--engine", garbage.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("annexd: the chess engine answers nonsense: "),
        "{err}"
    );
    let (code, _, err) = run(&["--elo", "100"]);
    assert_eq!(code, 2, "{err}");
}

/// `RUST_LOG` sets the log's levels, per module too: the engine's conversation (its
/// `debug` lines, target `engine`) is in the log when asked for, and only then.
#[cfg_attr(
    windows,
    ignore = "Debian's Stockfish is a Linux program; the Windows build's tests run under Wine"
)]
#[test]
fn the_engines_conversation_is_logged_at_the_level_rust_log_names() {
    let dir = tempfile::tempdir().unwrap();
    for (rust_log, logged) in [
        ("warn,engine=debug", true),
        ("info", false),
        ("not a level=", false),
    ] {
        let log = dir.path().join("annexd.log");
        let _ = std::fs::remove_file(&log);
        let out = common::annexd()
            .args(["--log", log.to_str().unwrap(), "engine", "--elo", "1500"])
            .env("RUST_LOG", rust_log)
            .start_output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{rust_log}");
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        assert_eq!(text.contains("> uci"), logged, "{rust_log}: {text}");
        assert_eq!(text.contains("< uciok"), logged, "{rust_log}: {text}");
    }
}
