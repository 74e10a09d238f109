//! A Millennium ChessLink board on a pseudo-terminal — the tests' own, written from the
//! public protocol (`board_support`) — read by `annexd board-watch --board chesslink:PORT`:
//! whole random games, every move's lifts and drops in every order, reports damaged now and
//! then (a character with a wrong parity bit), on both serial lines (7O1, 8N1). Every move is
//! printed right, nothing else is taken for a move, and the board is set to report on change
//! with one E2ROM write.

#![cfg(unix)]

use crate::board_support;
use crate::common::platform::Start;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use board_support::{Line, Order, TestBoard, hand_events, random_game};
use crossbeam_channel::Receiver;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

struct Watch {
    child: Child,
    events: Receiver<Value>,
}

impl Watch {
    fn start(board: &TestBoard, line: Line) -> Watch {
        let mut child = Command::new(env!("CARGO_BIN_EXE_annexd"))
            .args(["board-watch", "--lang", "en", "--board"])
            .arg(format!("chesslink:{}", board.path))
            .arg("--chesslink-line")
            .arg(match line {
                Line::SevenOddOne => "7o1",
                Line::EightNoneOne => "8n1",
            })
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .start()
            .unwrap();
        let (tx, events) = crossbeam_channel::unbounded();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let value =
                    serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}"));
                if tx.send(value).is_err() {
                    break;
                }
            }
        });
        Watch { child, events }
    }

    /// The next event of kind `kind`; the others are passed to `seen`.
    fn next(&self, kind: &str, mut seen: impl FnMut(&Value)) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let v = self
                .events
                .recv_deadline(deadline)
                .unwrap_or_else(|_| panic!("no {kind} event"));
            if v["event"] == kind {
                return v;
            }
            seen(&v);
        }
    }

    fn quit(mut self) {
        writeln!(self.child.stdin.as_mut().unwrap(), "quit").unwrap();
        assert!(self.child.wait().unwrap().success());
    }
}

/// Plays `moves` on the board with a person's hands: each lift and drop, then a pause of up
/// to 60 ms (so that some fall into one scan and some into several), and waits for each
/// move to be printed.
fn play(board: &TestBoard, watch: &Watch, moves: &[shakmaty::Move], order: Order, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Chess::default();
    for (ply, &m) in moves.iter().enumerate() {
        for (sq, piece) in hand_events(&pos, m, order, &mut rng) {
            board.place(sq, piece);
            std::thread::sleep(Duration::from_millis(rng.random_range(0..60)));
        }
        let printed = watch.next("move", |other| {
            assert!(
                !["diff", "choice", "promotion", "lost"]
                    .contains(&other["event"].as_str().unwrap_or("")),
                "ply {ply} {m:?} ({order:?}): {other}"
            );
        });
        assert_eq!(
            printed["uci"].as_str(),
            Some(UciMove::from_standard(m).to_string().as_str()),
            "ply {ply} ({order:?}): {printed}"
        );
        pos.play_unchecked(m);
    }
}

/// One whole game on its own board and `board-watch`: its plies and damaged reports.
fn one_game(seed: u64, order: Order, line: Line) -> (usize, u32) {
    let moves = random_game(seed, 400);
    let mut end = Chess::default();
    moves.iter().for_each(|m| end.play_unchecked(*m));
    assert!(end.is_game_over(), "game {seed} is played to its end");
    let board = TestBoard::start(&Chess::default(), line, 0.05, seed);
    let watch = Watch::start(&board, line);
    let hello = watch.next("hello", |_| {});
    assert_eq!(hello["model"], "chesslink");
    assert_eq!(hello["sensing"], "piece");
    board.wait_read(Duration::from_secs(10));
    // Its first status is taken once seen twice: the second answer is on its way.
    std::thread::sleep(Duration::from_millis(100));
    play(&board, &watch, &moves, order, seed);
    watch.quit();
    let state = board.state.lock().unwrap();
    assert_eq!(state.report_mode(), 3, "reports set to 'on change'");
    assert_eq!(state.e2rom_writes, 1, "the E2ROM written once");
    assert_eq!(state.refused, 0, "every command the program sent was right");
    eprintln!(
        "game {seed} ({order:?}, {line:?}): {} plies, {} reports, {} damaged",
        moves.len(),
        state.reports,
        state.damaged
    );
    (moves.len(), state.damaged)
}

#[test]
fn random_games_in_every_order_read_right_through_board_watch() {
    // Seeds of whole games (to mate, or a draw by too little material) of 75 to 93 plies,
    // each on its own board, at the same time (they mostly wait for the hands).
    let games: Vec<_> = [
        (3, Order::MoverFirst, Line::SevenOddOne),
        (16, Order::OtherFirst, Line::EightNoneOne),
        (17, Order::Random, Line::SevenOddOne),
        (25, Order::Random, Line::EightNoneOne),
    ]
    .into_iter()
    .map(|(seed, order, line)| std::thread::spawn(move || one_game(seed, order, line)))
    .collect();
    let (mut plies, mut damaged) = (0, 0);
    for game in games {
        let (n, d) = game.join().unwrap();
        plies += n;
        damaged += d;
    }
    assert!(plies > 300, "{plies} plies");
    assert!(damaged > 10, "damaged reports were among them: {damaged}");
}
