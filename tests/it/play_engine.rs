//! `annexd play --opponent engine` with the real Stockfish (Debian's, which scripts/setup.sh
//! installs) on the simulated peg board, in German, English and French: the program's move
//! announced in the game's words and followed on the pegs, a hint asked for, confirmed and
//! played, an evaluation, the last move pair taken back by command and the pegs put back,
//! the game killed and resumed against the same program and level, a resignation
//! confirmed, the review said, the PGN naming the program and its level, and `verify`
//! showing the opponent and every help. A misbehaving engine (crashes, hangs, nonsense, none
//! at the path) is said in words and the game kept.
#![cfg(feature = "engine")]

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use annexd_core::record::{Entry, TrainingHelp};
use common::{Running, annexd};
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

/// The words of one language the test types and waits for.
struct Words {
    lang: &'static str,
    ready: &'static str,
    hint: &'static str,
    evaluation: &'static str,
    takeback: &'static str,
    taken_back: &'static str,
    yes: &'static str,
    resign: &'static str,
    review: &'static str,
    resumed: &'static str,
    quit: &'static str,
}

const DE: Words = Words {
    lang: "de",
    ready: "Schach-Engine bereit: Stockfish",
    hint: "Tipp",
    evaluation: "Bewertung",
    takeback: "zurücknehmen",
    taken_back: "zurückgenommen",
    yes: "ja",
    resign: "aufgeben",
    review: "Rückblick",
    resumed: "Partie fortgesetzt",
    quit: "Ende",
};

const EN: Words = Words {
    lang: "en",
    ready: "chess engine ready: Stockfish",
    hint: "hint",
    evaluation: "evaluation",
    takeback: "take back",
    taken_back: "taken back",
    yes: "yes",
    resign: "resign",
    review: "review",
    resumed: "game resumed",
    quit: "quit",
};

const FR: Words = Words {
    lang: "fr",
    ready: "moteur d'échecs prêt: Stockfish",
    hint: "conseil",
    evaluation: "évaluation",
    takeback: "reprendre",
    taken_back: "repris",
    yes: "oui",
    resign: "abandon",
    review: "bilan",
    resumed: "partie reprise",
    quit: "fin",
};

/// The journal's entries.
fn entries(journal: &Path) -> Vec<Entry> {
    std::fs::read_to_string(journal)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| serde_json::from_str::<Entry>(line).ok())
        .collect()
}

/// The game as the journal has it (moves, undos).
fn game_of(journal: &Path) -> Vec<Move> {
    let mut position = Chess::default();
    let mut played: Vec<(Chess, Move)> = Vec::new();
    for entry in entries(journal) {
        match entry {
            Entry::Move(m) => {
                let mv = m
                    .uci
                    .parse::<UciMove>()
                    .unwrap()
                    .to_move(&position)
                    .unwrap();
                played.push((position.clone(), mv));
                position.play_unchecked(mv);
            }
            Entry::Undo(_) => {
                let (before, _) = played.pop().expect("a move to undo");
                position = before;
            }
            _ => {}
        }
    }
    played.into_iter().map(|(_, m)| m).collect()
}

fn position_of(moves: &[Move]) -> Chess {
    let mut position = Chess::default();
    for m in moves {
        position.play_unchecked(*m);
    }
    position
}

/// Waits until the journal holds `plies` half-moves; returns them.
fn wait_for_plies(journal: &Path, plies: usize, game: &mut Running) -> Vec<Move> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let moves = game_of(journal);
        if moves.len() == plies {
            return moves;
        }
        assert!(
            Instant::now() < deadline,
            "no move {plies} in the journal; output:\n{}",
            game.transcript.join("\n")
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Our move: made on the pegs, then announced (typed, in SAN).
fn our_move(game: &mut Running, position: &Chess, m: Move) {
    let san = San::from_move(position, m).to_string();
    game.type_line(&format!("peg {san}"));
    game.type_line(&san);
}

/// The program's move, waited for, then followed on the pegs.
fn program_moves(game: &mut Running, journal: &Path, plies: usize) -> Vec<Move> {
    let moves = wait_for_plies(journal, plies, game);
    let before = position_of(&moves[..plies - 1]);
    let san = San::from_move(&before, moves[plies - 1]).to_string();
    game.type_line(&format!("peg {san}"));
    moves
}

/// A quiet move of ours (no capture, castling or promotion), the first in a fixed order.
fn quiet_move(position: &Chess) -> Move {
    let mut moves: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|m| !m.is_capture() && !m.is_castle() && !m.is_promotion())
        .collect();
    moves.sort_by_key(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string());
    moves[0]
}

fn play(words: &Words, elo: &str, dir: &Path, journal: &Path, resume: bool) -> Running {
    let mut command = annexd();
    if resume {
        command.arg("resume").arg(journal);
    } else {
        command.arg("play").arg("--journal").arg(journal).args([
            "--opponent",
            "engine",
            "--elo",
            elo,
        ]);
    }
    command
        .args(["--board", "sim", "--speech", "text", "--lang", words.lang])
        .env("XDG_CONFIG_HOME", dir)
        .env("XDG_DATA_HOME", dir)
        .env("XDG_STATE_HOME", dir);
    Running::start(command)
}

/// One game against Stockfish at `elo`, in `words`' language.
fn a_game_against_stockfish(words: &Words, elo: &str) {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("engine.jsonl");
    let mut game = play(words, elo, dir.path(), &journal, false);
    game.expect_containing(words.ready);
    // 1. e4, the program's reply announced and followed on the pegs.
    our_move(&mut game, &Chess::default(), quiet_move(&Chess::default()));
    let moves = program_moves(&mut game, &journal, 2);
    // A hint, confirmed, played.
    game.type_line(words.hint);
    game.type_line(words.yes);
    game.expect_line("with the hint", |l| {
        l.starts_with(&format!("{}, ", words.hint))
    });
    let hinted = entries(&journal)
        .into_iter()
        .find_map(|e| match e {
            Entry::Training(t) if t.help == TrainingHelp::Hint => t.answer,
            _ => None,
        })
        .expect("the hint is recorded with its move");
    let position = position_of(&moves);
    let hint = hinted
        .parse::<UciMove>()
        .unwrap()
        .to_move(&position)
        .unwrap();
    our_move(&mut game, &position, hint);
    let moves = program_moves(&mut game, &journal, 4);
    // An evaluation, in words.
    game.type_line(words.evaluation);
    game.type_line(words.yes);
    game.expect_line("with the evaluation", |l| {
        l.starts_with(&format!("{}, ", words.evaluation))
    });
    // A quiet move and the program's reply taken back by command; the pegs put back.
    let position = position_of(&moves);
    let quiet = quiet_move(&position);
    our_move(&mut game, &position, quiet);
    let after = program_moves(&mut game, &journal, 6);
    game.type_line(words.takeback);
    game.type_line(words.yes);
    game.expect_containing(words.taken_back);
    assert_eq!(wait_for_plies(&journal, 4, &mut game), moves);
    for (i, m) in after[4..].iter().enumerate().rev() {
        let (from, to) = (m.from().unwrap(), m.to());
        game.type_line(&format!("peg {to}{from}"));
        if m.is_capture() {
            game.type_line(&format!("peg DOWN {to}"));
        }
        let _ = i;
    }
    // Killed, as a power cut would; resumed against the same program and level.
    std::thread::sleep(Duration::from_millis(300));
    game.kill();
    let mut game = play(words, elo, dir.path(), &journal, true);
    game.expect_containing(words.resumed);
    game.expect_containing(words.ready);
    // Resigned, confirmed; the review follows.
    game.type_line(words.resign);
    game.type_line(words.yes);
    game.expect_exact(words.review);
    game.expect_line("of the review", |l| !l.is_empty());
    game.type_line(words.quit);
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    // The PGN names the program and its level; verify shows the opponent and the helps.
    let pgn = std::fs::read_to_string(journal.with_extension("pgn")).unwrap();
    assert!(pgn.contains("[Black \"Stockfish"), "{pgn}");
    assert!(pgn.contains(&format!("[BlackElo \"{elo}\"]")), "{pgn}");
    assert!(pgn.contains("[BlackType \"program\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    let out = common::run(&["verify", journal.to_str().unwrap(), "--lang", words.lang]);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("Stockfish"), "{shown}");
    for help in [words.hint, words.evaluation] {
        assert!(
            shown
                .lines()
                .any(|l| l.to_lowercase().contains(&help.to_lowercase()) && l.ends_with(": 1")),
            "{help}: {shown}"
        );
    }
}

#[cfg_attr(windows, ignore = "Debian's Stockfish is a Linux program")]
#[test]
fn a_game_against_stockfish_at_1200_in_german() {
    a_game_against_stockfish(&DE, "1200");
}

#[cfg_attr(windows, ignore = "Debian's Stockfish is a Linux program")]
#[test]
fn a_game_against_stockfish_at_2000_in_english() {
    a_game_against_stockfish(&EN, "2000");
}

#[cfg_attr(windows, ignore = "Debian's Stockfish is a Linux program")]
#[test]
fn a_game_against_stockfish_at_1500_in_french() {
    a_game_against_stockfish(&FR, "1500");
}
