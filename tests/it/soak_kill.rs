//! SIGKILL at random moments of scripted games (issue 14): `annexd play` is fed a random game
//! (moves typed, clock pressed after each) and killed at a random moment, also in the middle
//! of a journal write. Each time `annexd resume` must give the same PGN as the script up to
//! the last move made (at least every move announced before the kill, as a move is journaled
//! before it is said), the position after it, and the clocks as the journal recorded them.
//!
//! The suite kills a few games; `scripts/soak.sh` kills 200 (`ANNEXD_SOAK_KILLS`) for the
//! figures of docs/reliability.md. It prints a line starting with `SOAK` with what it did.

use crate::common;
use crate::common::platform::Start;
use crate::record_support;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use annexd_core::clock::{AnnounceConfig, move_number, side_time};
use annexd_core::{Lang, Style, Token, move_tokens};
use common::{Running, annexd, read};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::san::San;
use shakmaty::{Chess, Color, Move, Position};

const START_MS: u64 = 90 * 60 * 1000;

/// A random game of up to `plies` moves, each as typed and as its SAN.
fn script(seed: u64, plies: usize) -> Vec<(String, String, Chess)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Chess::default();
    let mut out = Vec::new();
    while out.len() < plies && !pos.is_game_over() {
        let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        let m = moves[rng.random_range(0..moves.len())];
        let typed = Lang::De.text(&move_tokens(&pos, m, Style::Short));
        let san = San::from_move(&pos, m).to_string();
        pos.play_unchecked(m);
        out.push((typed, san, pos.clone()));
    }
    out
}

/// The clocks the journal recorded last (the last press), the moves completed then.
fn recorded_clocks(journal: &str) -> ([u64; 2], u32) {
    let mut times = [START_MS, START_MS];
    let (mut made, mut completed) = (0u32, 0u32);
    for line in journal.lines() {
        let Ok(entry) = serde_json::from_str::<serde_json::Value>(line) else {
            continue; // a damaged last line, set aside by resume
        };
        match entry["type"].as_str() {
            Some("move") => made += 1,
            Some("undo") => made = made.saturating_sub(1),
            Some("press") => {
                completed = made;
                times = [
                    entry["white_ms"].as_u64().unwrap(),
                    entry["black_ms"].as_u64().unwrap(),
                ];
            }
            _ => {}
        }
    }
    (times, completed)
}

/// What "Zeit" says for those clocks.
fn time_said(times: [u64; 2], completed: u32) -> String {
    let below = AnnounceConfig::default().seconds_below;
    let mut tokens: Vec<Token> = Vec::new();
    for (side, ms) in [(Color::White, times[0]), (Color::Black, times[1])] {
        if side == Color::Black {
            tokens.push(Token::Pause);
        }
        tokens.extend(side_time(
            side,
            Duration::from_millis(ms),
            false,
            false,
            below,
        ));
    }
    tokens.push(Token::Pause);
    tokens.extend(move_number(completed / 2 + 1));
    Lang::De.text(&tokens)
}

/// One game killed at `kill_after`; checks the resume. Returns the moves announced before the
/// kill and the moves resumed, or `None` when it died before its journal had a header.
fn kill_and_resume(dir: &Path, run: u64, rng: &mut StdRng) -> Option<(usize, usize)> {
    let moves = script(run, 30);
    let journal = dir.join(format!("kill-{run}.jsonl"));
    let mut child = annexd()
        .arg("play")
        .arg("--journal")
        .arg(&journal)
        .args(["--speech", "text", "--control", "90+30"])
        .env("XDG_CONFIG_HOME", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .start()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .filter(|l| l.starts_with("Weiß ") || l.starts_with("Schwarz "))
            .count()
    });
    let mut stdin = child.stdin.take().unwrap();
    let typed: Vec<String> = moves
        .iter()
        .flat_map(|(typed, _, _)| [typed.clone(), String::new()])
        .collect();
    let pauses: Vec<u64> = typed.iter().map(|_| rng.random_range(0..12)).collect();
    let writer = std::thread::spawn(move || {
        for (line, pause) in typed.iter().zip(pauses) {
            std::thread::sleep(Duration::from_millis(pause));
            if writeln!(stdin, "{line}").is_err() {
                return;
            }
        }
        // The input stays open: the game ends by the kill only.
        std::thread::sleep(Duration::from_secs(30));
    });
    // Every other game is killed while it is being played, counted from when its journal has
    // its header (the program's start takes its own time: it hashes its file, which under
    // qemu on a loaded machine takes longer than the whole window); the others at any time
    // from its start, its start included.
    if run.is_multiple_of(2) {
        let began = Instant::now();
        while !std::fs::read_to_string(&journal).is_ok_and(|text| text.contains('\n'))
            && began.elapsed() < Duration::from_secs(60)
        {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    let kill_after = Duration::from_millis(rng.random_range(0..450));
    std::thread::sleep(kill_after);
    child.kill().unwrap();
    child.wait().unwrap();
    let announced = reader.join().unwrap();
    drop(writer);

    let Ok(text) = std::fs::read_to_string(&journal) else {
        return None; // killed before the journal was made
    };
    if !text.contains('\n') {
        return None; // killed while its header was written
    }
    // A kill in the middle of a line is a crash, not a change of the record.
    verify_intact(&journal, run, "killed");
    let mut command = annexd();
    command
        .arg("resume")
        .arg(&journal)
        .args(["--speech", "text"])
        .env("XDG_CONFIG_HOME", dir);
    let mut resumed = Running::start(command);
    resumed.expect_containing("Partie fortgesetzt");
    resumed.type_line("FEN");
    let fen = resumed.expect_line("a FEN", |l| l.split('/').count() == 8);
    resumed.type_line("Zeit");
    let time = resumed.expect_line("the clocks", |l| l.starts_with("Weiß "));
    resumed.type_line("Ende\nja");
    resumed.expect_saved();
    assert_eq!(resumed.wait(), Some(0), "run {run}");

    verify_intact(&journal, run, "resumed");
    let pgn = read(&journal.with_extension("pgn"));
    let sans = record_support::pgn_san(&pgn);
    let expected: Vec<String> = moves.iter().map(|(_, san, _)| san.clone()).collect();
    assert!(
        sans.len() <= expected.len() && sans[..] == expected[..sans.len()],
        "run {run} (killed after {kill_after:?}): the PGN is not the script's beginning:\n{sans:?}\n{:?}\n{}",
        &expected[..sans.len().min(expected.len())],
        read(&journal)
    );
    assert!(
        sans.len() >= announced,
        "run {run}: {announced} moves announced, {} resumed:\n{pgn}",
        sans.len()
    );
    let position = match sans.len() {
        0 => Chess::default(),
        n => moves[n - 1].2.clone(),
    };
    let board_fen = fen.trim_start_matches("FEN: ").split(' ').next().unwrap();
    assert_eq!(board_fen, position.board().to_string(), "run {run}");
    let (times, completed) = recorded_clocks(&read(&journal));
    assert_eq!(time, time_said(times, completed), "run {run}: the clocks");
    Some((announced, sans.len()))
}

/// `annexd verify` finds the record sealed and intact (a cut last line named as a crash).
fn verify_intact(journal: &Path, run: u64, when: &str) {
    let out = annexd()
        .args(["verify", "--lang", "en"])
        .arg(journal)
        .start_output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.contains("record sealed and intact"),
        "run {run}, {when}: {said}\n{}",
        read(journal)
    );
}

#[test]
fn each_game_killed_resumes_with_its_moves_and_clocks() {
    let kills: u64 = std::env::var("ANNEXD_SOAK_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8);
    let dir = tempfile::tempdir().unwrap();
    let mut rng = StdRng::seed_from_u64(
        std::env::var("ANNEXD_SOAK_SEED")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(14),
    );
    let started = Instant::now();
    let (mut resumed, mut before_header, mut moves, mut damaged) = (0, 0, 0, 0);
    for run in 0..kills {
        match kill_and_resume(dir.path(), run, &mut rng) {
            Some((_, plies)) => {
                resumed += 1;
                moves += plies;
            }
            None => before_header += 1,
        }
        let aside = dir.path().join(format!("kill-{run}.jsonl.damaged"));
        if aside.exists() {
            damaged += 1;
        }
    }
    eprintln!(
        "SOAK kill: {kills} kills, {resumed} games resumed with their moves and clocks ({moves} moves in all, {damaged} with a cut last line set aside), {before_header} killed before the journal's header, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(resumed > 0);
}
