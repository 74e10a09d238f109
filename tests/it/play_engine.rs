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
use crate::common::platform::Start;

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

/// A game against the engine at `program`, in German, with `env` set for it.
fn against(program: &Path, dir: &Path, env: &[(&str, &Path)]) -> Running {
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(dir.join("faults.jsonl"))
        .arg("--engine")
        .arg(program)
        .args(["--opponent", "engine", "--speech", "text", "--lang", "de"])
        .env("XDG_CONFIG_HOME", dir)
        .env("XDG_DATA_HOME", dir)
        .env("XDG_STATE_HOME", dir);
    for (name, value) in env {
        command.env(name, value);
    }
    Running::start(command)
}

fn test_engine(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/engines")
        .join(name)
}

/// The rest of the game is typed: the program's moves too; then left and saved.
fn typed_on_and_saved(mut game: Running) {
    game.type_line("Eva fünf");
    game.expect_exact("Schwarz Eva fünf");
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
}

#[cfg_attr(not(unix), ignore = "the misbehaving engines are shell scripts")]
#[test]
fn an_engine_that_crashes_then_hangs_is_said_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("starts");
    let mut game = against(
        &test_engine("moody.sh"),
        dir.path(),
        &[("MOODY_STATE", &state)],
    );
    game.expect_containing("Schach-Engine bereit: Moody 1");
    game.type_line("Eva vier");
    game.expect_exact("Weiß Eva vier");
    game.expect_exact("die Schach-Engine ist abgestürzt, Schach-Engine neu gestartet");
    game.expect_containing("Schach-Engine bereit: Moody 2");
    // It hangs in its search and ignores stop: given up after its time and the patience.
    game.expect_exact(
        "die Schach-Engine antwortet nicht, die Partie geht weiter, die Züge des Gegners jetzt eingeben, oder mit Ende aufhören und später mit annexd resume weiterspielen",
    );
    typed_on_and_saved(game);
}

#[cfg_attr(not(unix), ignore = "the misbehaving engines are shell scripts")]
#[test]
fn an_engine_that_answers_nonsense_or_none_at_the_path_is_said_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = against(&test_engine("garbage.sh"), dir.path(), &[]);
    game.expect_containing(
        "die Schach-Engine antwortet unverständlich, Schach-Engine neu gestartet",
    );
    game.expect_containing("die Schach-Engine antwortet unverständlich, die Partie geht weiter");
    game.type_line("Eva vier");
    game.expect_exact("Weiß Eva vier");
    typed_on_and_saved(game);

    let dir = tempfile::tempdir().unwrap();
    let mut game = against(Path::new("/nowhere/stockfish"), dir.path(), &[]);
    game.expect_containing("keine Schach-Engine gefunden, die Partie geht weiter");
    game.type_line("Eva vier");
    game.expect_exact("Weiß Eva vier");
    // A help asked of it is refused in words.
    game.type_line("Tipp");
    game.expect_exact("die Schach-Engine läuft nicht");
    typed_on_and_saved(game);
}

/// The other side of fairplay's test that a game against a person starts no engine
/// (tests/it/fairplay.rs): the same trace of `exec` calls does see the engine started in a
/// game against it, so its absence there means something.
#[cfg_attr(
    windows,
    ignore = "strace, which traces the program's system calls, is Linux's"
)]
#[test]
fn a_game_against_the_engine_shows_its_start_in_the_trace_of_exec_calls() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace.txt");
    let mut command = std::process::Command::new("strace");
    command
        .args(["-f", "-qq", "-e", "trace=execve", "-o"])
        .arg(&trace)
        .arg(env!("CARGO_BIN_EXE_annexd"))
        .arg("play")
        .arg("--journal")
        .arg(dir.path().join("traced.jsonl"))
        .args(["--opponent", "engine", "--speech", "text"])
        .env("XDG_CONFIG_HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path());
    let out = crate::speech_support::run_with_deadline(
        command,
        Some(b"Eva vier\nEnde\nja\n"),
        Duration::from_secs(60),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let trace = std::fs::read_to_string(&trace).unwrap();
    let execs: Vec<&str> = trace.lines().filter(|l| l.contains("execve(")).collect();
    assert!(
        execs.iter().any(|l| l.contains("stockfish")),
        "the engine's start is traced: {execs:?}"
    );
}

#[cfg_attr(windows, ignore = "Debian's Stockfish is a Linux program")]
#[test]
fn a_new_game_and_another_level_without_leaving_the_program() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("first.jsonl");
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(&journal)
        .args(["--opponent", "engine", "--elo", "1200", "--speech", "text"])
        .env("XDG_CONFIG_HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path())
        .env("XDG_STATE_HOME", dir.path());
    let mut game = Running::start(command);
    game.expect_containing("Schach-Engine bereit: Stockfish");
    game.type_line("Eva vier");
    game.expect_exact("Weiß Eva vier");
    game.expect_line("with the engine's reply", |l| l.starts_with("Schwarz "));
    game.type_line("neue Partie");
    game.expect_exact("neue Partie? ja oder nein");
    game.type_line("ja");
    // The game left is saved (resumable), the next one begins against the same program.
    game.expect_saved();
    game.expect_exact("neue Partie, Weiß am Zug, Zug eins");
    game.expect_containing("Schach-Engine bereit: Stockfish");
    game.type_line("Stärke 1800");
    game.expect_exact("Stärke eintausendachthundert? ja oder nein");
    game.type_line("ja");
    game.expect_exact("Stärke eintausendachthundert Elo");
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    let journals: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    assert_eq!(journals.len(), 2, "{journals:?}");
    let second = journals.iter().find(|p| **p != journal).unwrap();
    let levels: Vec<Option<u32>> = entries(second)
        .into_iter()
        .filter_map(|e| match e {
            Entry::Opponent(o) => Some(o.elo),
            _ => None,
        })
        .collect();
    assert_eq!(levels.first(), Some(&Some(1200)));
    assert_eq!(levels.last(), Some(&Some(1800)));
}

#[cfg_attr(windows, ignore = "Debian's Stockfish is a Linux program")]
#[test]
fn a_position_from_a_pgn_to_practise_the_engine_moving_first() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("opening.pgn");
    std::fs::write(
        &pgn,
        "[Event \"Italian\"]\n\n1. e4 e5 2. Nf3 {the knight} (2. f4) *\n",
    )
    .unwrap();
    let journal = dir.path().join("practice.jsonl");
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(&journal)
        .arg("--pgn")
        .arg(&pgn)
        .args(["--opponent", "engine", "--board", "sim", "--speech", "text"])
        .env("XDG_CONFIG_HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path());
    let mut game = Running::start(command);
    game.expect_containing("Schwarz am Zug");
    game.expect_containing("Schach-Engine bereit: Stockfish");
    // Black (the engine) is to move there: it moves at once.
    game.expect_line("with the engine's move", |l| l.starts_with("Schwarz "));
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    let Some(Entry::Header(header)) = entries(&journal).into_iter().next() else {
        panic!("a header first")
    };
    assert_eq!(
        header.start_fen,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn no_engine_in_tournament_mode() {
    let dir = tempfile::tempdir().unwrap();
    let out = annexd()
        .arg("play")
        .arg("--journal")
        .arg(dir.path().join("t.jsonl"))
        .args([
            "--opponent",
            "engine",
            "--mode",
            "tournament",
            "--speech",
            "text",
        ])
        .env("XDG_CONFIG_HOME", dir.path())
        .stdin(std::process::Stdio::null())
        .start_output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("keine Schach-Engine im Turniermodus"),
        "{said}"
    );
}
