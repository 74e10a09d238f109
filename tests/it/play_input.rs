//! Nothing typed ends a game (issue 14): `annexd play` fed with bytes that are not UTF-8, NUL,
//! terminal escapes, tabs, CR LF, non-breaking spaces and a line of megabytes goes on with the
//! next move; only `Ende`, the end of input, a second Ctrl-C (SIGINT) and SIGTERM or SIGHUP
//! (Ctrl-Break on Windows) end it, each with the journal complete and "gespeichert" said.

use crate::common;

use std::path::Path;

use common::{Running, annexd, read};

fn play(journal: &Path, extra: &[&str]) -> Running {
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(journal)
        .args(["--speech", "text"])
        .args(extra);
    command.env("XDG_CONFIG_HOME", journal.parent().unwrap());
    let mut game = Running::start(command);
    game.expect_containing("neue Partie");
    game
}

/// The moves of the journal, in order.
fn journal_moves(journal: &Path) -> Vec<String> {
    read(journal)
        .lines()
        .filter(|l| l.contains("\"type\":\"move\""))
        .map(|l| {
            let at = l.find("\"uci\":\"").expect("a move has its uci") + 7;
            l[at..at + 4].to_string()
        })
        .collect()
}

#[test]
fn bad_bytes_are_not_understood_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("bytes.jsonl");
    let mut game = play(&journal, &[]);
    game.type_line("Eva vier");
    game.expect_exact("Weiß Eva vier");
    let mut bad: Vec<&[u8]> = vec![
        b"\xff\xfe\xfd",     // not UTF-8
        b"\x00\x00",         // NUL
        b"\x1b[A\x1b[B",     // arrow keys
        b"\x1b]0;title\x07", // a terminal's title
        b"\x07\x08\x7f",     // bell, backspace, DEL
        b"\xc3",             // a cut UTF-8 sequence
        "Wolke\u{a0}sieben".as_bytes(),
    ];
    let megabytes = vec![b'x'; 3 << 20];
    bad.push(&megabytes);
    for bytes in &bad {
        game.type_bytes(bytes);
        game.type_bytes(b"\n");
        game.expect_containing("nicht verstanden");
    }
    // The word a line failed on is named in a sentence (as the parser folds it), and the
    // line of megabytes is not read at all.
    for said in [
        "unbekanntes Wort: wolke",
        "nicht verstanden, die Zeile ist zu lang",
    ] {
        assert!(game.transcript.iter().any(|l| l == said), "{said}");
    }
    // Tabs, CR LF, a non-breaking space and escapes around a good move: it is made.
    game.type_bytes("\x1b[A\tEva\u{a0}fünf\t\r\n".as_bytes());
    game.expect_exact("Schwarz Eva fünf");
    game.type_bytes(b"Springer Felix drei\n");
    game.expect_exact("Weiß Springer Felix drei");
    game.type_bytes(b"Springer Cesar sechs\r");
    game.expect_exact("Schwarz Springer Cesar sechs");
    game.type_bytes(b"David vier\r\n");
    game.expect_exact("Weiß David vier");
    game.type_bytes(b"David mal\xa0David vier\n");
    game.expect_exact("nicht verstanden, Hilfe zeigt, was man sagen kann");
    game.type_bytes(b"Ende\nja\n");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    assert_eq!(
        journal_moves(&journal),
        ["e2e4", "e7e5", "g1f3", "b8c6", "d2d4"]
    );
}

#[test]
fn the_end_of_input_ends_the_game_saved() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("eof.jsonl");
    let mut game = play(&journal, &[]);
    // A last line without its line end is still read.
    game.type_bytes(b"Eva vier");
    game.close_input();
    game.expect_exact("Weiß Eva vier");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    assert_eq!(journal_moves(&journal), ["e2e4"]);
}

/// SIGINT, SIGTERM and SIGHUP on Unix, Ctrl-Break on Windows ([`common::platform`]).
#[test]
#[cfg_attr(
    windows,
    ignore = "Wine 8 lets a test send a console event only when it runs from a terminal (headless, GenerateConsoleCtrlEvent fails with ERROR_INVALID_ACCESS); Ctrl-C, Ctrl-Break and closing the console are on the tester's checklist, docs/windows.md"
)]
fn a_request_to_end_from_outside_ends_the_game_saved() {
    for request in common::platform::end_requests() {
        let name = request.name;
        let dir = tempfile::tempdir().unwrap();
        let journal = dir.path().join("signal.jsonl");
        let mut game = play(&journal, &["--control", "90+30"]);
        game.type_line("Eva vier");
        game.expect_exact("Weiß Eva vier");
        game.type_line("");
        game.type_line("Eva fünf");
        game.expect_exact("Schwarz Eva fünf");
        common::platform::send(request, &game.child);
        if request.interrupts {
            // One keystroke does not end a game: the player is asked, and it goes on.
            game.expect_exact("zum Beenden noch einmal Strg-C");
            game.type_line("Springer Felix drei");
            game.expect_exact("erst die Uhr drücken");
            common::platform::send(request, &game.child);
        }
        game.expect_saved();
        assert_eq!(game.wait(), Some(0), "{name}");
        assert_eq!(journal_moves(&journal), ["e2e4", "e7e5"], "{name}");
        // The journal is whole: the game goes on from it.
        let mut command = annexd();
        command
            .arg("resume")
            .arg(&journal)
            .args(["--speech", "text"]);
        command.env("XDG_CONFIG_HOME", dir.path());
        let mut resumed = Running::start(command);
        resumed.expect_containing("Partie fortgesetzt");
        resumed.type_line("FEN");
        resumed.expect_containing("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq");
        resumed.type_line("Ende\nja");
        resumed.expect_saved();
        assert_eq!(resumed.wait(), Some(0));
    }
}

#[test]
fn bytes_written_straight_to_the_pipe_reach_the_game() {
    // Lines in one write, as a paste or a script sends them; "fünf" in Latin-1.
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("paste.jsonl");
    let mut game = play(&journal, &[]);
    let mut all = Vec::new();
    all.extend_from_slice(b"Eva vier\r\n\xff\n\x00\nEva f\xfcnf\rEnde\nja\n");
    game.type_bytes(&all);
    game.expect_exact("Weiß Eva vier");
    game.expect_exact("nicht verstanden, Hilfe zeigt, was man sagen kann");
    game.expect_exact("nicht verstanden, Hilfe zeigt, was man sagen kann");
    game.expect_exact("Schwarz Eva fünf");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
}
