//! The `board-watch` command against a simulated board, and a DGT e-board on a
//! pseudo-terminal (a COM port joined to one, under Wine) read through the serial adapter.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use annexd::board::{BoardLink, PortEvent, SimOptions, start_simulator};
use annexd_core::board::{
    BoardOptions, BoardSpec, DgtDevice, LinkEvent, Sensing, SimulatedPegBoardOptions, Tracker,
    TrackerOutput,
};
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
        .spawn()
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
    let link = BoardLink::open(
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
