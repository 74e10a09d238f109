//! The `board-watch` command against a simulated board, and a DGT e-board on a
//! pseudo-terminal (a COM port joined to one, under Wine) read through the serial adapter.

use crate::common;
use crate::common::platform::Start;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use annexd::board::{BoardConnection, PortEvent, SimOptions, start_simulator};
use annexd_core::board::dgt::DgtDevice;
use annexd_core::board::simulated::SimulatedPegBoardOptions;
use annexd_core::board::{BoardOptions, BoardSpec, LinkEvent, Sensing, Tracker, TrackerOutput};
use serde_json::Value;
use shakmaty::{Chess, Piece, Square};

#[test]
#[cfg_attr(
    windows,
    ignore = "the simulated board runs inside this test's process on Windows (no pseudo-terminals), where board-watch, another process, cannot reach it"
)]
fn board_watch_prints_hello_touches_moves_keys_and_differences_as_json() {
    let board = start_simulator(SimOptions {
        device: SimulatedPegBoardOptions {
            sensing: Sensing::Color,
            ..SimulatedPegBoardOptions::default()
        },
        ..SimOptions::default()
    })
    .unwrap();
    let mut watch = Command::new(env!("CARGO_BIN_EXE_annexd"))
        .args(["board-watch", "--board"])
        .arg(board.path())
        .args(["--lang", "en"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .start()
        .unwrap();
    let (tx, rx) = crossbeam_channel::unbounded::<Value>();
    let stdout = watch.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let line = line.unwrap();
            tx.send(
                serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}")),
            )
            .unwrap();
        }
    });
    let next = |event: &str| -> Value {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let v = rx
                .recv_deadline(deadline)
                .unwrap_or_else(|_| panic!("no {event}"));
            if v["event"] == event {
                return v;
            }
        }
    };
    let hello = next("hello");
    assert_eq!(hello["sensing"], "color");
    assert_eq!(hello["say"], "board connected");
    board.type_line("e2e4");
    let touch = next("touch");
    assert_eq!(
        (touch["square"].as_str(), touch["say"].as_str()),
        // The Annex D words inside the English sentence (D.2.1's default).
        (Some("e2"), Some("Bauer Eva zwei touched"))
    );
    let mv = next("move");
    assert_eq!(
        (mv["uci"].as_str(), mv["san"].as_str()),
        (Some("e2e4"), Some("e4"))
    );
    board.type_line("KEY clock");
    assert_eq!(next("key")["name"], "clock");
    board.type_line("UP b8");
    board.type_line("DOWN b4 b");
    let diff = next("diff");
    assert_eq!(diff["squares"][0]["square"], "b4");
    assert_eq!(diff["squares"][0]["kind"], "no_piece_belongs_here");
    assert_eq!(diff["squares"][1]["kind"], "missing");
    board.type_line("UP b4");
    board.type_line("DOWN b8 b");
    assert_eq!(next("agree")["say"], "the boards agree");
    let mut stdin = watch.stdin.take().unwrap();
    writeln!(stdin, "promote q").unwrap();
    let error = next("error");
    assert_eq!(
        (error["source"].as_str(), error["text"].as_str()),
        (Some("input"), Some("promote q"))
    );
    // Nothing asks for a piece now: said in words, the line typed as data.
    assert_eq!(error["say"], "no question is open");
    // A piece in any language's words (French "cavalier"), or none that can promote.
    writeln!(stdin, "promote cavalier").unwrap();
    assert_eq!(next("error")["say"], "no question is open");
    writeln!(stdin, "promote König").unwrap();
    assert_eq!(next("error")["say"], "name the promotion piece");
    writeln!(stdin, "quit").unwrap();
    let status = watch.wait().unwrap();
    assert!(status.success());
}

#[test]
fn a_dgt_board_on_a_pseudo_terminal_is_read_by_the_same_tracker() {
    let mut pair = common::platform::port_pair(Duration::from_millis(5));
    let master = &mut pair.board;
    let link = BoardConnection::open(
        &BoardSpec::Dgt(pair.path.clone()),
        &BoardOptions::default(),
        None,
    )
    .unwrap();
    let mut device = DgtDevice::new(&Chess::default());
    let mut tracker = Tracker::new(Chess::default(), Sensing::Piece);
    let mut outputs = Vec::new();
    let mut moved = false;
    let mut resynced = false;
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline
        && outputs
            .iter()
            .filter(|o| matches!(o, TrackerOutput::Move(_)))
            .count()
            < 2
    {
        let mut buf = [0u8; 64];
        if let Ok(n) = master.read(&mut buf) {
            for &b in &buf[..n] {
                let answer = device.command(b);
                master.write_all(&answer).unwrap();
            }
        }
        while let Ok(event) = link.events().try_recv() {
            match event {
                PortEvent::Link(LinkEvent::Input(input)) => {
                    resynced |= matches!(input, annexd_core::board::BoardInput::Resync(_));
                    outputs.extend(tracker.handle(&input));
                }
                PortEvent::Link(LinkEvent::Connected(hello)) => assert_eq!(hello.firmware, "1.8"),
                other => panic!("unexpected {other:?}"),
            }
        }
        if resynced && !moved {
            moved = true;
            // 1. Nf3 d5, the sighted player's moves on the e-board (update mode is on).
            for (sq, piece) in [
                (Square::G1, None),
                (Square::F3, Piece::from_char('N')),
                (Square::D7, None),
                (Square::D5, Piece::from_char('p')),
            ] {
                master.write_all(&device.set(sq, piece)).unwrap();
            }
        }
    }
    let moves: Vec<String> = outputs
        .iter()
        .filter_map(|o| {
            if let TrackerOutput::Move(m) = o {
                Some(shakmaty::uci::UciMove::from_standard(*m).to_string())
            } else {
                None
            }
        })
        .collect();
    assert_eq!(moves, ["g1f3", "d7d5"]);
    drop(pair);
}

/// `annexd board-sim` with its notices (standard error) read in order with its output.
#[cfg(unix)]
fn board_sim(args: &[&str], env: &[(&str, &std::path::Path)]) -> common::Running {
    let mut line = format!("exec '{}' board-sim", env!("CARGO_BIN_EXE_annexd"));
    for arg in args {
        line.push_str(&format!(" '{arg}'"));
    }
    line.push_str(" 2>&1");
    let mut command = Command::new("sh");
    command.args(["-c", &line]);
    for (name, value) in env {
        command.env(name, value);
    }
    common::Running::start(command)
}

/// Issue 34, item 7: the simulated ChessLink board shows the lights the program sets (each
/// change, and on `lights`), takes the moves its help names (`peg e2e4` as in the game, and
/// `e2e4`), and has a help of its own (`help`, `?`), in every language.
#[test]
#[cfg(unix)]
fn the_simulated_chesslink_board_shows_its_lights_takes_peg_lines_and_has_its_own_help() {
    for (lang, keys, lit, off, cannot, agree) in [
        (
            "de",
            "annexd: Züge eingeben (e2e4, Nf3), Wege von Figuren (e6e5) oder Ereignisse (UP e2, DOWN e4 P); lights zeigt die Lichter",
            "annexd: Lichter an, Eva zwei, Eva drei, Eva vier",
            "annexd: Lichter aus",
            "annexd: das simulierte Brett kann das nicht, Züge eingeben (e2e4, Nf3)",
            "Bretter stimmen überein",
        ),
        (
            "en",
            "annexd: type moves (e2e4, Nf3), pieces' ways (e6e5) or events (UP e2, DOWN e4 P); lights shows the lights",
            "annexd: lights on, Eva zwei, Eva drei, Eva vier",
            "annexd: lights off",
            "annexd: the simulated board cannot do that, type moves (e2e4, Nf3)",
            "the boards agree",
        ),
        (
            "fr",
            "annexd: tapez des coups (e2e4, Nf3), des trajets de pièces (e6e5) ou des événements (UP e2, DOWN e4 P) ; lights montre les lumières",
            "annexd: lumières allumées, Eva zwei, Eva drei, Eva vier",
            "annexd: lumières éteintes",
            "annexd: l'échiquier simulé ne peut pas faire cela, tapez des coups (e2e4, Nf3)",
            "les échiquiers concordent",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("chesslink");
        let mut sim = board_sim(
            &[
                "--kind",
                "chesslink",
                "--lang",
                lang,
                "--link",
                link.to_str().unwrap(),
            ],
            &[],
        );
        sim.expect_exact(&link.display().to_string());
        sim.expect_line("the keys", |l| l.starts_with(keys));
        for help in ["help", "?"] {
            sim.type_line(help);
            sim.expect_line("the keys again", |l| l.starts_with(keys));
        }
        sim.type_line("leds please");
        let refused = sim.expect_line("a refusal", |l| l.starts_with(cannot));
        assert!(refused.ends_with(": leds please"), "{refused}");
        assert!(!refused.contains("peg e2e4"), "{refused}");
        sim.type_line("lights");
        sim.expect_exact(off);
        // A game lights the VI player's move on it: the corners of e2 and e4, which light
        // e3's corners as well (the hardware's way).
        let mut game = common::annexd();
        game.arg("play")
            .args(["--lang", lang, "--board", "none", "--speech", "text"])
            .arg("--journal")
            .arg(dir.path().join("game.jsonl"))
            .arg("--sighted")
            .arg(format!("chesslink:{}", link.display()))
            .env("XDG_CONFIG_HOME", dir.path());
        let mut game = common::Running::start(game);
        game.expect_line("the e-board", |l| l.contains("chesslink"));
        game.type_line("e4");
        sim.expect_exact(lit);
        sim.type_line("lights");
        sim.expect_exact(lit);
        // Made on the board as the game's help says it: the boards agree, the lights go out.
        sim.type_line("peg e2e4");
        game.expect_exact(agree);
        sim.expect_exact(off);
        // A move of the sighted player, typed without the prefix.
        sim.type_line("e7e5");
        game.expect_line("Black's move", |l| l.contains("Eva fünf"));
        // Leaving, and yes when asked.
        let (quit, yes) = match lang {
            "de" => ("Ende", "ja"),
            "en" => ("quit", "yes"),
            _ => ("fin", "oui"),
        };
        // One write: the game may be gone once it has read the first line.
        game.type_bytes(format!("{quit}\n{yes}\n").as_bytes());
        assert_eq!(game.wait(), Some(0));
        assert_eq!(sim.wait(), Some(0));
    }
}

/// Issue 34, item 8: `board-sim` without `--link` makes the same path again after a restart
/// (a game waiting for the board finds it), a second simulator running meanwhile gets the
/// next one; when standard input ends, the link is gone (it would point at a terminal the
/// system gives to another program) and nothing but the path was printed.
#[test]
#[cfg(unix)]
fn the_simulators_path_is_stable_across_restarts_and_goes_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("TMPDIR", dir.path()),
        ("USER", std::path::Path::new("tester")),
    ];
    for kind in ["chesslink", "peg"] {
        let name = if kind == "peg" { "pegboard" } else { kind };
        let first = dir.path().join(format!("annexd-{name}-tester"));
        let second = dir.path().join(format!("annexd-{name}-tester-2"));
        let mut one = board_sim(&["--kind", kind, "--lang", "en"], &env);
        one.expect_exact(&first.display().to_string());
        let mut two = board_sim(&["--kind", kind, "--lang", "en"], &env);
        two.expect_exact(&second.display().to_string());
        assert!(first.exists() && second.exists());
        let (code, transcript) = one.wait_with_transcript();
        assert_eq!(code, Some(0));
        assert!(
            !first.exists() && std::fs::symlink_metadata(&first).is_err(),
            "the link is gone"
        );
        assert!(
            transcript.iter().all(|l| !l.starts_with('{')),
            "no JSON: {transcript:?}"
        );
        // Restarted while the second runs: the first path again.
        let mut again = board_sim(&["--kind", kind, "--lang", "en"], &env);
        again.expect_exact(&first.display().to_string());
        assert_eq!(again.wait(), Some(0));
        assert_eq!(two.wait(), Some(0));
        assert!(
            std::fs::symlink_metadata(&second).is_err(),
            "the second link is gone"
        );
    }
    // A link named with --link goes too.
    let named = dir.path().join("my-board");
    let mut sim = board_sim(
        &["--kind", "chesslink", "--link", named.to_str().unwrap()],
        &[],
    );
    sim.expect_exact(&named.display().to_string());
    assert!(named.exists());
    assert_eq!(sim.wait(), Some(0));
    assert!(
        std::fs::symlink_metadata(&named).is_err(),
        "the named link is gone"
    );
}
