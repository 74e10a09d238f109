//! Games through a peg board that misbehaves (issue 14), played by the real `annexd play`
//! against the simulated board on a pseudo-terminal:
//!
//! - random bytes between the board's lines, as fast as the port takes them, for the whole
//!   game: every move is still found and journaled, nothing is lost;
//! - the board unplugged and plugged back again and again during a game, also while pegs
//!   are moved: every move is still found.
//!
//! The test suite runs them for a few seconds; `scripts/soak.sh` runs them for the figures of
//! docs/reliability.md (`ANNEXD_SOAK_SECS`, `ANNEXD_SOAK_REPLUGS`; `ANNEXD_SOAK_SEED` picks
//! other games and moments). Each prints a line starting with `SOAK` with what it did.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use annexd::board::{SimHandle, SimOptions, start_simulator};
use annexd_core::{Lang, Style, move_tokens};
use common::{Running, annexd, read};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::{CastlingMode, Chess, Move, Position};

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A random game of at most `plies` moves without promotions (which the VI player would be
/// asked about) that has not ended.
fn random_game(seed: u64, plies: usize) -> Vec<(Chess, Move)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Chess::default();
    let mut game = Vec::new();
    while game.len() < plies {
        let moves: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !m.is_promotion())
            .collect();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        let mut after = pos.clone();
        after.play_unchecked(m);
        if after.is_game_over() || after.is_insufficient_material() {
            break;
        }
        game.push((pos, m));
        pos = after;
    }
    game
}

/// What is typed at the simulated board for `m`: its UCI, and castling as "O-O" / "O-O-O"
/// (a king's two steps typed as a peg's way move the king alone, the rook by its own line).
fn typed(m: Move) -> String {
    match m {
        Move::Castle { king, rook } if rook < king => "O-O-O".to_string(),
        Move::Castle { .. } => "O-O".to_string(),
        _ => m.to_uci(CastlingMode::Standard).to_string(),
    }
}

/// `annexd play` on the simulated board's port; the program announces the peg board's moves.
fn play(journal: &Path, board: &SimHandle) -> Running {
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(journal)
        .args([
            "--speech",
            "text",
            "--announcer",
            "program",
            "--control",
            "90+30",
        ])
        .arg("--board")
        .arg(board.path());
    command.env("XDG_CONFIG_HOME", journal.parent().unwrap());
    let mut game = Running::start(command);
    game.expect_containing("neue Partie");
    game.expect_exact("Brett verbunden");
    game
}

/// Whether a line is the program asking which move the board shows (a move it cannot be sure
/// of: "mehrdeutig, … oder …?", or one move to confirm, "Bauer Eva vier schlägt David fünf?").
fn asks(line: &str) -> bool {
    line.ends_with('?')
}

/// What happens around each move.
trait Disturbance {
    /// The program asked which move the board shows.
    fn asked(&mut self) {}
    /// Before the peg board shows the move of `ply`.
    fn before_peg(&mut self, _board: &SimHandle, _ply: usize) {}
    /// After the peg board was told the move (it may not have sent it yet).
    fn after_peg(&mut self, _board: &SimHandle, _ply: usize) {}
}

/// Plays `moves`: White (the VI player) on the peg board, announced by the program; Black
/// typed by the assistant and then followed on the peg board. Returns the journal's moves.
fn play_game(
    journal: &Path,
    board: &SimHandle,
    moves: &[(Chess, Move)],
    disturb: &mut dyn Disturbance,
) -> Vec<String> {
    let mut game = play(journal, board);
    for (ply, (before, m)) in moves.iter().enumerate() {
        let words = Lang::De.text(&move_tokens(before, *m, Style::Short));
        if before.turn().is_white() {
            disturb.before_peg(board, ply);
            board.type_line(&typed(*m));
            disturb.after_peg(board, ply);
            let said = format!("Weiß {words}");
            let line = game.expect_line(&said, |l| l.starts_with(&said) || asks(l));
            if asks(&line) {
                // With occupancy sensing a capture made while the board was away shows only
                // as the capturing piece gone: the program asks, the VI player names it.
                disturb.asked();
                game.type_line(&words);
                game.expect_line(&said, |l| l.starts_with(&said));
            }
            game.type_line("");
        } else {
            game.type_line(&words);
            let said = format!("Schwarz {words}");
            game.expect_line(&said, |l| l.starts_with(&said));
            game.type_line("");
            disturb.before_peg(board, ply);
            board.type_line(&typed(*m));
            disturb.after_peg(board, ply);
            game.expect_exact("Bretter stimmen überein");
        }
    }
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    read(journal)
        .lines()
        .filter(|l| l.contains("\"type\":\"move\""))
        .map(|l| {
            let at = l.find("\"uci\":\"").expect("a move has its uci") + 7;
            l[at..].split('"').next().unwrap().to_string()
        })
        .collect()
}

struct Calm;
impl Disturbance for Calm {}

#[test]
#[cfg_attr(
    windows,
    ignore = "the simulated board runs inside this test's process on Windows (no pseudo-terminals), where annexd, another process, cannot reach it"
)]
fn garbage_on_the_peg_line_loses_no_move() {
    let seconds = env_number("ANNEXD_SOAK_SECS", 3);
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let (mut games, mut plies, mut garbage, mut lines) = (0u64, 0usize, 0u64, 0u64);
    while games == 0 || started.elapsed() < Duration::from_secs(seconds) {
        let board = start_simulator(SimOptions {
            garbage: true,
            ..SimOptions::default()
        })
        .unwrap();
        let moves = random_game(games, 60);
        let journal = dir.path().join(format!("garbage-{games}.jsonl"));
        let found = play_game(&journal, &board, &moves, &mut Calm);
        let expected: Vec<String> = moves
            .iter()
            .map(|(_, m)| m.to_uci(CastlingMode::Standard).to_string())
            .collect();
        assert_eq!(found, expected, "game {games}: every move found, in order");
        let stats = board.stop();
        assert!(stats.garbage_bytes > 0, "garbage was sent");
        garbage += stats.garbage_bytes;
        lines += stats.line_bytes;
        plies += moves.len();
        games += 1;
    }
    let elapsed = started.elapsed().as_secs_f64();
    eprintln!(
        "SOAK garbage: {games} games, {plies} moves found of {plies}, {:.1} s, {:.1} MB of random bytes ({:.2} MB/s) between {:.1} kB of board lines",
        elapsed,
        garbage as f64 / 1e6,
        garbage as f64 / 1e6 / elapsed,
        lines as f64 / 1e3
    );
}

/// Pulls the cable now and then: before a peg is moved (the move is made while the board is
/// away and found by the scan after it is back) or just after (its events may be cut off).
struct Replugs {
    rng: StdRng,
    left: u64,
    done: u64,
    away: bool,
    asked: u64,
}

impl Replugs {
    fn unplug(&mut self, board: &SimHandle) {
        self.left -= 1;
        self.done += 1;
        board.unplug();
        std::thread::sleep(Duration::from_millis(self.rng.random_range(0..300)));
    }
}

impl Disturbance for Replugs {
    fn asked(&mut self) {
        self.asked += 1;
    }

    fn before_peg(&mut self, board: &SimHandle, _ply: usize) {
        if self.left > 0 && self.rng.random_bool(0.4) {
            self.unplug(board);
            self.away = true;
        }
    }

    fn after_peg(&mut self, board: &SimHandle, _ply: usize) {
        if !self.away && self.left > 0 && self.rng.random_bool(0.3) {
            self.unplug(board);
            self.away = true;
        }
        if std::mem::take(&mut self.away) {
            board.replug();
        }
    }
}

#[test]
#[cfg_attr(
    windows,
    ignore = "the simulated board runs inside this test's process on Windows (no pseudo-terminals), where annexd, another process, cannot reach it"
)]
fn the_peg_board_unplugged_and_replugged_during_a_game() {
    let replugs = env_number("ANNEXD_SOAK_REPLUGS", 6);
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let seed = env_number("ANNEXD_SOAK_SEED", 14);
    let mut disturb = Replugs {
        rng: StdRng::seed_from_u64(seed),
        left: replugs,
        done: 0,
        away: false,
        asked: 0,
    };
    let (mut games, mut plies) = (0u64, 0usize);
    while disturb.left > 0 {
        let board = start_simulator(SimOptions::default()).unwrap();
        let moves = random_game(seed * 1000 + games, 80);
        let journal = dir.path().join(format!("replug-{games}.jsonl"));
        let found = play_game(&journal, &board, &moves, &mut disturb);
        let expected: Vec<String> = moves
            .iter()
            .map(|(_, m)| m.to_uci(CastlingMode::Standard).to_string())
            .collect();
        assert_eq!(found, expected, "game {games}: every move found, in order");
        plies += moves.len();
        games += 1;
    }
    eprintln!(
        "SOAK replug: {} unplugs in {games} games, {plies} moves found of {plies} ({} captures made while away named when asked), {:.1} s",
        disturb.done,
        disturb.asked,
        started.elapsed().as_secs_f64()
    );
}
