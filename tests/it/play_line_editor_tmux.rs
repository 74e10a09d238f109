//! The line view's line editor in a real terminal (tmux), as a screen reader reads it: each
//! line of the program starts at the left margin, a typed line is shown once, Up brings the
//! last line back (shown once, whole), and Ctrl-C or Ctrl-D on an empty line asks once
//! before a second ends the game (in raw mode the key is read, not a signal); a line wider
//! than the terminal is edited across its rows. Piped input is covered by `play_input.rs`.

use crate::common;

use std::time::Duration;

use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(15);

/// `annexd play` in a fresh 80-column terminal, the pane kept after it ends.
fn play(name: &str, dir: &std::path::Path, journal: &std::path::Path) -> Tmux {
    play_with(name, dir, journal, "--control 90+30")
}

/// `annexd play` with `options` (a time control, an opponent), its folders all in `dir`.
fn play_with(name: &str, dir: &std::path::Path, journal: &std::path::Path, options: &str) -> Tmux {
    let command = format!(
        "XDG_CONFIG_HOME={dir} XDG_STATE_HOME={dir} XDG_DATA_HOME={dir} {bin} play --journal {journal} {options} --speech text; sleep 30",
        dir = dir.display(),
        bin = env!("CARGO_BIN_EXE_annexd"),
        journal = journal.display()
    );
    Tmux::start(name, &command)
}

#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn up_recalls_the_last_line_and_nothing_is_echoed_twice() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("editor.jsonl");
    // The pane stays after the program ends, for its last line to be read.
    let tmux = play("editor", dir.path(), &journal);
    tmux.wait_for_line(
        "starting the game at the margin",
        |line| line.starts_with("neue Partie, Weiß am Zug"),
        WAIT,
    );
    tmux.keys(&["Eva vier"]);
    tmux.wait_for_line("with the typed line", |line| line == "Eva vier", WAIT);
    tmux.keys(&["Enter"]);
    tmux.wait_for_line(
        "with the move at the margin",
        |line| line == "Weiß Eva vier",
        WAIT,
    );
    tmux.keys(&["Enter"]);
    tmux.keys(&["Zeit", "Enter"]);
    tmux.wait_for("Weiß eine Stunde", WAIT);
    // Up: the last line typed, once; Up again: the one before.
    tmux.keys(&["Up"]);
    tmux.wait_for_line("with the recalled line", |line| line == "Zeit", WAIT);
    tmux.keys(&["Up"]);
    tmux.wait_for_line(
        "with the line before it",
        |line| line == "Eva vier" && !line.contains("Zeit"),
        WAIT,
    );
    tmux.keys(&["Down", "Enter"]);
    let answers = || tmux.count("Schwarz eine Stunde");
    let start = std::time::Instant::now();
    while answers() < 2 {
        assert!(
            start.elapsed() < WAIT,
            "Zeit recalled and sent:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(tmux.count("ZeitZeit"), 0, "{}", tmux.screen());
    // Ctrl-C asks once; so does Ctrl-D on an empty line (a key pressed by mistake does not
    // end a tournament game); a second within five seconds ends the game, which is saved.
    tmux.keys(&["C-c"]);
    tmux.wait_for("zum Beenden noch einmal Strg-C", WAIT);
    std::thread::sleep(annexd_core::INTERRUPT_AGAIN_WITHIN + Duration::from_millis(500));
    tmux.keys(&["C-d"]);
    let asked = || tmux.count("zum Beenden noch einmal Strg-C");
    let start = std::time::Instant::now();
    while asked() < 2 {
        assert!(
            start.elapsed() < WAIT,
            "Ctrl-D after the window:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(tmux.count("gespeichert"), 0, "{}", tmux.screen());
    tmux.keys(&["C-d"]);
    tmux.wait_for("gespeichert", WAIT);
    let text = std::fs::read_to_string(&journal).unwrap();
    assert!(text.contains("e2e4"), "{text}");
}

#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn a_line_wider_than_the_terminal_is_edited_across_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("wide.jsonl");
    let tmux = play("wide", dir.path(), &journal);
    tmux.wait_for("neue Partie", WAIT);
    // 100 characters: two rows of the terminal.
    let long = "abcdefghij".repeat(10);
    tmux.keys(&[&long]);
    tmux.wait_for_line("with the long line", |line| line == long, WAIT);
    // To the start, and a character typed there; then from the end back over the row's
    // start (the line's 80th character is the second row's first), and one typed there.
    tmux.keys(&["Home", "X", "End"]);
    for _ in 0..25 {
        tmux.keys(&["Left"]);
    }
    tmux.keys(&["Y"]);
    let mut wanted = format!("X{long}");
    wanted.insert(101 - 25, 'Y');
    tmux.wait_for_line("with both characters in place", |line| line == wanted, WAIT);
    // Backspace there pulls the second row back; Ctrl-U clears both rows.
    tmux.keys(&["BSpace"]);
    wanted.remove(76);
    tmux.wait_for_line("with the Y taken out", |line| line == wanted, WAIT);
    tmux.keys(&["C-u"]);
    let start = std::time::Instant::now();
    while tmux.count("abcdefghij") > 0 {
        assert!(start.elapsed() < WAIT, "not cleared:\n{}", tmux.screen());
        std::thread::sleep(Duration::from_millis(50));
    }
    tmux.keys(&["Zeit", "Enter"]);
    tmux.wait_for("Weiß eine Stunde", WAIT);
    assert_eq!(tmux.count("Zeit"), 1, "{}", tmux.screen());
}

#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn the_programs_lines_come_above_the_line_being_typed() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("above.jsonl");
    // Fifteen seconds: the clock says "zehn Sekunden übrig" five seconds after Enter.
    let tmux = play_with("above", dir.path(), &journal, "--control 15s");
    tmux.wait_for("neue Partie", WAIT);
    tmux.keys(&["Enter"]);
    tmux.wait_for("Uhr läuft", WAIT);
    // Half a line typed, the cursor two characters back, when the clock speaks.
    tmux.keys(&["Eva v", "Left", "Left"]);
    tmux.wait_for("zehn Sekunden übrig", WAIT);
    let last = |screen: String| {
        screen
            .lines()
            .rev()
            .find(|line| !line.trim().is_empty())
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(last(tmux.screen()), "Eva v", "{}", tmux.screen());
    assert_eq!(tmux.count("Eva v"), 1, "{}", tmux.screen());
    // The line stands again as it was, the cursor where it was.
    tmux.keys(&["X"]);
    tmux.wait_for_line("with the character in place", |line| line == "EvaX v", WAIT);
}

#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn a_terminal_that_moves_no_cursor_reads_lines_as_typed() {
    // TERM=dumb (an editor's shell, as Emacspeak runs one): no raw mode, no escape
    // sequences; the terminal echoes the line itself, Ctrl-C is the terminal's signal.
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("dumb.jsonl");
    let command = format!(
        "TERM=dumb XDG_CONFIG_HOME={dir} XDG_STATE_HOME={dir} {bin} play --journal {journal} --speech text; sleep 30",
        dir = dir.path().display(),
        bin = env!("CARGO_BIN_EXE_annexd"),
        journal = journal.display()
    );
    let tmux = Tmux::start("dumb", &command);
    tmux.wait_for("neue Partie", WAIT);
    tmux.keys(&["Eva vier", "Enter"]);
    tmux.wait_for_line("with the move", |line| line == "Weiß Eva vier", WAIT);
    // Up is the terminal's to echo ("^[[A"), not a line recalled by the editor.
    tmux.keys(&["Up"]);
    tmux.wait_for("^[[A", WAIT);
    tmux.keys(&["C-u"]);
    tmux.keys(&["C-c"]);
    tmux.wait_for("zum Beenden noch einmal Strg-C", WAIT);
    tmux.keys(&["C-c"]);
    tmux.wait_for("gespeichert", WAIT);
}

/// A new game begun from the game before ("neue Partie") reads the terminal from its first
/// key: the keys' reader of the game left takes none of them.
#[cfg(feature = "engine")]
#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn the_next_game_reads_its_first_key() {
    let dir = tempfile::tempdir().unwrap();
    let tmux = play_with(
        "next-game",
        dir.path(),
        &dir.path().join("first.jsonl"),
        "--opponent engine --elo 1200",
    );
    tmux.wait_for("Schach-Engine bereit: Stockfish", WAIT);
    tmux.keys(&["neue Partie", "Enter"]);
    tmux.wait_for("neue Partie? ja oder nein", WAIT);
    tmux.keys(&["ja", "Enter"]);
    tmux.wait_for("neue Partie, Weiß am Zug, Zug eins", WAIT);
    // The next game's engine is ready: its game reads the keys.
    let start = std::time::Instant::now();
    while tmux.count("Schach-Engine bereit") < 2 {
        assert!(
            start.elapsed() < WAIT,
            "the second engine:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    tmux.keys(&["FEN", "Enter"]);
    tmux.wait_for(
        "FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        WAIT,
    );
    tmux.keys(&["Ende", "Enter"]);
    tmux.keys(&["ja", "Enter"]);
    tmux.wait_for("gespeichert", WAIT);
}
