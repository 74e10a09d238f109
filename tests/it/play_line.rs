//! End-to-end tests of `annexd play` and `annexd resume` in plain line mode: the real binary,
//! typed lines in, spoken lines out, the journal and PGN on disk.

use crate::common;
use crate::common::platform::Start;

use common::{Running, annexd, read};

fn play(journal: &std::path::Path, extra: &[&str]) -> Running {
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(journal)
        .args(extra);
    // No settings file of the machine's user may change the test.
    command.env("XDG_CONFIG_HOME", journal.parent().unwrap());
    Running::start(command)
}

fn resume(journal: &std::path::Path) -> Running {
    let mut command = annexd();
    command.arg("resume").arg(journal);
    command.env("XDG_CONFIG_HOME", journal.parent().unwrap());
    Running::start(command)
}

#[test]
fn a_game_to_mate_is_announced_and_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("mate.jsonl");
    let mut game = play(&journal, &[]);
    game.expect_exact("neue Partie, Weiß am Zug, Zug eins");
    for (typed, said) in [
        ("Felix drei", "Weiß Felix drei"),
        ("e5", "Schwarz Eva fünf"),
        ("Gustav zwei Gustav vier", "Weiß Gustav vier"),
        (
            "Dame Hector vier",
            "Schwarz Dame Hector vier matt, schachmatt, Schwarz gewinnt",
        ),
    ] {
        game.type_line(typed);
        game.expect_exact(said);
    }
    game.type_line("e4");
    game.expect_containing("Partie beendet");
    assert_eq!(game.wait(), Some(0));
    let pgn = read(&journal.with_extension("pgn"));
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
}

#[test]
fn a_slip_is_taken_back_before_the_clock_and_not_after() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("slip.jsonl");
    let mut game = play(&journal, &["--control", "90+30"]);
    game.expect_containing("neue Partie");
    game.type_line("Springer Felix drei");
    game.expect_exact("Weiß Springer Felix drei");
    // Without a peg board the announcement is the move: a slip of the tongue is corrected
    // before the clock (D.2.8), and said to be one.
    game.type_line("Korrektur");
    game.expect_exact("Ansage korrigiert, Weiß am Zug");
    game.type_line("Springer Cesar drei");
    game.expect_exact("Weiß Springer Cesar drei");
    game.type_line("");
    game.type_line("Korrektur");
    // 4.7, D.2.8: completed by the clock, the move is the arbiter's to take back.
    game.expect_exact("der Zug ist ausgeführt, zurücknehmen kann ihn nur der Schiedsrichter");
    game.type_line("FEN");
    game.expect_fen("rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1");
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
    let journal_text = read(&journal);
    assert!(journal_text.contains("\"type\":\"undo\""), "{journal_text}");
    assert!(
        journal_text.contains("\"type\":\"press\""),
        "{journal_text}"
    );
}

#[test]
fn a_draw_by_threefold_repetition_is_claimed_with_the_intended_move() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("claim.jsonl");
    let mut game = play(&journal, &["--lang", "en"]);
    game.expect_containing("new game");
    for mv in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
        game.type_line(mv);
    }
    // The position after Ng8 would be there for the third time: claim with the intended move.
    game.type_line("claim knight Gustav eight");
    game.expect_containing("yes or no");
    game.type_line("yes");
    game.expect_containing("claim correct");
    game.type_line("Nf3");
    game.expect_containing("game over");
    assert_eq!(game.wait(), Some(0));
    let pgn = read(&journal.with_extension("pgn"));
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
}

#[test]
fn bad_input_gets_its_reason_and_leaves_the_game_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("bad.jsonl");
    let mut game = play(&journal, &[]);
    game.expect_containing("neue Partie");
    let fen_before = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (typed, said) in [
        (
            "Wolke sieben",
            "nicht verstanden, Hilfe zeigt, was man sagen kann",
        ),
        ("Springer Felix vier", "kein Springer erreicht Felix vier"),
        ("Eva fünf", "kein Bauer erreicht Eva fünf"),
        ("e2e5", "Bauer Eva fünf, so zieht diese Figur nicht"),
        ("Läufer Cesar vier", "kein Läufer erreicht Cesar vier"),
        ("Remis", "Remis erst wenn beide gezogen haben"),
    ] {
        game.type_line(typed);
        game.expect_exact(said);
        game.type_line("FEN");
        game.expect_fen(fen_before);
    }
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
}

#[test]
fn an_ambiguous_move_names_both_candidates_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("ambiguous.jsonl");
    let mut game = play(&journal, &["--fen", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"]);
    game.expect_containing("neue Partie");
    game.type_line("Springer David zwei");
    game.expect_exact(
        "mehrdeutig, Springer Bella eins David zwei oder Springer Felix eins David zwei",
    );
    game.type_line("FEN");
    game.expect_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
}

#[test]
fn a_bad_fen_is_refused_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("badfen.jsonl");
    let output = annexd()
        .args(["play", "--fen", "rnbqkbnr/ppp/8 w - - 0 1", "--journal"])
        .arg(&journal)
        .env("XDG_CONFIG_HOME", dir.path())
        .start_output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("ungültige Stellung"), "{stderr}");
    assert!(!journal.exists(), "no journal for a refused game");
}

#[test]
fn a_game_killed_mid_game_resumes_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("crash.jsonl");
    let moves = [
        "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6",
    ];
    let mut game = play(&journal, &["--control", "40/5400+30:1800+30"]);
    game.expect_containing("neue Partie");
    for (i, mv) in moves.iter().enumerate() {
        game.type_line(mv);
        game.expect_line("the move's announcement", |l| {
            l.starts_with(if i % 2 == 0 { "Weiß " } else { "Schwarz " })
        });
        game.type_line("");
    }
    game.type_line("Remis");
    game.expect_exact("Schwarz bietet Remis an");
    game.type_line("FEN");
    let fen = game.expect_line("a FEN", |l| l.contains('/'));
    game.type_line("letzte Züge 20");
    let history = game.expect_containing("Zug eins");
    let pgn_before = read(&journal.with_extension("pgn"));
    // A power cut: no chance to write anything more.
    game.kill();

    let mut resumed = resume(&journal);
    resumed.expect_containing("Partie fortgesetzt, Weiß am Zug, Zug sechs");
    resumed.type_line("FEN");
    resumed.expect_exact(&fen);
    resumed.type_line("letzte Züge 20");
    resumed.expect_exact(&history);
    resumed.type_line("Remis ablehnen");
    resumed.expect_exact("Remis abgelehnt");
    resumed.type_line("Ende\nja");
    assert_eq!(resumed.wait(), Some(0));
    let pgn_after = read(&journal.with_extension("pgn"));
    let moves_of = |pgn: &str| pgn.split("\n\n").nth(1).unwrap_or_default().to_string();
    assert_eq!(moves_of(&pgn_before), moves_of(&pgn_after));
    assert!(pgn_after.contains("(=)"), "{pgn_after}");
    assert!(pgn_after.contains("[%clk 1:30:"), "{pgn_after}");
}

#[test]
fn a_truncated_journal_line_is_reported_and_the_game_before_it_kept() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("cut.jsonl");
    let mut game = play(&journal, &[]);
    game.expect_containing("neue Partie");
    for mv in ["e4", "e5", "Nf3"] {
        game.type_line(mv);
    }
    game.type_line("FEN");
    game.expect_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
    // A crash in the middle of writing a fourth move.
    let mut text = read(&journal);
    text.push_str("{\"type\":\"move\",\"uci\":\"b8");
    std::fs::write(&journal, text).unwrap();

    let mut resumed = resume(&journal);
    resumed.expect_containing("Partie fortgesetzt, Schwarz am Zug, Zug zwei");
    resumed.expect_containing("beschädigt");
    resumed.type_line("FEN");
    resumed.expect_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    resumed.type_line("Ende\nja");
    assert_eq!(resumed.wait(), Some(0));
}

#[test]
fn a_bad_settings_file_is_reported_in_words_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("annexd.toml");
    std::fs::write(
        &config,
        "[game]\nlanguage = \"de\"\n\n[speech]\nrate = 9.0\n",
    )
    .unwrap();
    let output = annexd()
        .args(["play", "--config"])
        .arg(&config)
        .arg("--journal")
        .arg(dir.path().join("never.jsonl"))
        .start_output()
        .unwrap();
    // A mistake in the settings, as on the command line: exit status 2, all in words.
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        format!(
            "annexd: Fehler in der Einstellung: {}: Zeile 5: speech.rate: außerhalb des \
             erlaubten Bereichs: 9: erlaubt: 0.5 … 2.0\n",
            config.display()
        )
    );
    assert!(!dir.path().join("never.jsonl").exists());
}
