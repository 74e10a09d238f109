//! What a new user met at the program's edge (issue 29), through the real binary: a missing
//! board's port named in the line, a resignation typed where the keyboard speaks for both
//! players asked whose it is and confirmed, leaving during a game confirmed.

mod common;

use common::{Running, annexd};

fn play(journal: &std::path::Path, extra: &[&str]) -> Running {
    let mut command = annexd();
    command
        .args(["play", "--speech", "text", "--lang", "de", "--journal"])
        .arg(journal)
        .args(extra)
        .env("XDG_CONFIG_HOME", journal.with_extension("config"));
    Running::start(command)
}

#[test]
fn a_missing_boards_port_is_named_in_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = play(&dir.path().join("g.jsonl"), &["--board", "/dev/ttyNONE"]);
    p.expect_exact("Steckbrett, Gerät nicht gefunden: /dev/ttyNONE");
    p.type_line("Ende\nja");
    p.expect_exact("Ende? ja oder nein");
    p.type_line("ja");
    p.expect_saved();
    assert_eq!(p.wait(), Some(0));
}

#[test]
fn a_typed_resignation_is_asked_whose_it_is_and_confirmed() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("g.jsonl");
    let mut p = play(&journal, &["--board", "none"]);
    p.type_line("Eva vier");
    p.expect_exact("Weiß Eva vier");
    p.type_line("aufgeben");
    p.expect_exact("aufgeben, Weiß oder Schwarz?");
    p.type_line("Weiß");
    p.expect_exact("Weiß gibt auf, Schwarz gewinnt");
    p.type_line("Ende\nja");
    p.expect_saved();
    assert_eq!(p.wait(), Some(0));
    let pgn = std::fs::read_to_string(journal.with_extension("pgn")).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
}
