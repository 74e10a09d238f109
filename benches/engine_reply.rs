//! The engine's reply in a game, end to end through the program (issue 31): `annexd play
//! --opponent engine --speech text` against the real Stockfish, our move typed; the time from
//! writing our move's line to reading the line that announces the engine's reply, less the
//! thinking time the game gave the engine. That overshoot is everything the program adds
//! around the engine's own thinking: our move read, checked, announced and journaled
//! (fsynced), the search asked for, the engine's `bestmove` read, its move checked,
//! announced, journaled and written out; the target is at most 20 ms. Without a clock the
//! engine thinks `UNTIMED_THINK` (2 s) a move; quiet moves of ours from a fixed order.
//!
//! Run: `nice cargo bench --bench engine_reply` (about a minute: each reply takes its 2 s).

// clippy.toml's disallowed methods are the tests' (tests/it/common/platform.rs).
#![allow(clippy::disallowed_methods)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use annexd_core::engine::UNTIMED_THINK;
use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};

const REPLIES: usize = 20;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// A quiet move (no capture, castling or promotion), the first in a fixed order.
fn quiet_move(position: &Chess) -> Option<Move> {
    let mut moves: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|m| !m.is_capture() && !m.is_castle() && !m.is_promotion())
        .collect();
    moves.sort_by_key(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string());
    moves.first().copied()
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("reply.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_annexd"))
        .args([
            "play",
            "--opponent",
            "engine",
            "--elo",
            "1500",
            "--speech",
            "text",
        ])
        .args(["--lang", "en", "--journal"])
        .arg(&journal)
        .env("XDG_CONFIG_HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("annexd starts");
    let mut input = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut next_line = || lines.next().expect("a line").expect("text");
    while !next_line().starts_with("chess engine ready") {}
    let mut position = Chess::default();
    let mut over = Vec::new();
    for _ in 0..REPLIES {
        let Some(ours) = quiet_move(&position) else {
            break;
        };
        let san = San::from_move(&position, ours).to_string();
        position.play_unchecked(ours);
        let sent = Instant::now();
        writeln!(input, "{san}").unwrap();
        input.flush().unwrap();
        let reply = loop {
            let line = next_line();
            if line.starts_with("Black ") {
                break line;
            }
        };
        let took = sent.elapsed();
        over.push((took.as_secs_f64() - UNTIMED_THINK.as_secs_f64()) * 1000.0);
        // The reply, from the journal (its last move).
        let text = std::fs::read_to_string(&journal).unwrap();
        let uci = text
            .lines()
            .rev()
            .find_map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).ok()?;
                (v["type"] == "move").then(|| v["uci"].as_str().unwrap().to_string())
            })
            .unwrap();
        let m = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&position)
            .unwrap_or_else(|_| panic!("{reply}: {uci}"));
        position.play_unchecked(m);
        if position.is_game_over() {
            break;
        }
    }
    let _ = writeln!(input, "quit\nyes");
    drop(input);
    let _ = child.wait_timeout_or_kill(Duration::from_secs(10));
    over.sort_by(f64::total_cmp);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "engine reply through annexd ({} replies, think {} ms, load {}): over the thinking time median {:.1} ms, 95 % {:.1} ms, most {:.1} ms, least {:.1} ms",
        over.len(),
        UNTIMED_THINK.as_millis(),
        load.split_whitespace().next().unwrap_or("?"),
        percentile(&over, 0.5),
        percentile(&over, 0.95),
        over[over.len() - 1],
        over[0],
    );
}

/// Waits for the child to end, killing it after `limit`.
trait WaitOrKill {
    fn wait_timeout_or_kill(&mut self, limit: Duration) -> Option<std::process::ExitStatus>;
}

impl WaitOrKill for std::process::Child {
    fn wait_timeout_or_kill(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.kill();
        self.wait().ok()
    }
}
