//! The board view for sighted helpers, in a real terminal (tmux): the diagram, the clocks,
//! the moves, the log of what was said and whether the peg board agrees follow the game, with
//! every label in the language of the game; at 80×24 and 120×40 nothing is cut (long lines
//! wrap, the log scrolls), the clock runs on the screen by itself, a resize is drawn again at
//! once, the peg board is shown beside the game when they differ with the differing squares
//! marked, and the last lines stay on the terminal when the view closes (issue 34).

use crate::common;
use crate::common::platform::Start;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(15);

/// One terminal at a time: the tests of this file start games with simulated peg boards.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// `annexd play` with these options and a journal of its own, in a fresh settings folder.
fn game(dir: &std::path::Path, options: &str) -> String {
    format!(
        "XDG_CONFIG_HOME={} {} play --journal {} {options} --view board",
        dir.display(),
        env!("CARGO_BIN_EXE_annexd"),
        dir.join("view.jsonl").display()
    )
}

/// The lines a game in line mode prints for `typed` (to compare with the view's log).
fn line_mode(lang: &str, typed: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let mut input = typed.join("\n");
    input.push('\n');
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_annexd"))
        .args(["play", "--lang", lang, "--journal"])
        .arg(dir.path().join("lines.jsonl"))
        .env("XDG_CONFIG_HOME", dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .start()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The view's log as whole entries: each "gesagt: …" line with the indented lines that
/// continue it joined again.
fn log_entries(rows: &[String], label: &str) -> Vec<String> {
    let mut entries: Vec<String> = Vec::new();
    let mut open = false;
    for row in rows {
        if let Some(text) = row.strip_prefix(label) {
            entries.push(text.to_string());
            open = true;
        } else if open && row.starts_with("  ") && !row.starts_with("   ") {
            let last = entries.last_mut().unwrap();
            last.push(' ');
            last.push_str(row.trim_start());
        } else {
            open = false;
        }
    }
    entries
}

/// Waits (bounded) until the screen's rows satisfy `wanted`; returns them.
fn wait_rows(tmux: &Tmux, what: &str, wanted: impl Fn(&[String]) -> bool) -> Vec<String> {
    let start = Instant::now();
    loop {
        let rows = tmux.rows();
        if wanted(&rows) {
            return rows;
        }
        assert!(
            start.elapsed() < WAIT,
            "{what} within {WAIT:?}; the screen:\n{}",
            rows.join("\n")
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Every row fits the terminal's width.
fn fits(rows: &[String], width: usize) {
    for row in rows {
        assert!(row.chars().count() <= width, "cut: {row:?}");
    }
}

#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn the_board_view_follows_a_game_with_a_peg_board() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let command = game(dir.path(), "--board sim --control 90+30");
    let tmux = Tmux::start("view", &command);
    tmux.wait_for("annexd - Brettansicht", WAIT);
    tmux.wait_for("gesagt: Brett verbunden", WAIT);
    tmux.wait_for("8 r n b q k b n r", WAIT);
    tmux.wait_for("Bretter stimmen überein", WAIT);
    tmux.keys(&["peg e2e4", "Enter"]);
    tmux.wait_for("gesagt: Eva zwei Eva vier, bitte ansagen", WAIT);
    tmux.wait_for("auf dem Brett, bitte ansagen", WAIT);
    // The pegs show the move, the game not yet: both, the two squares marked.
    let row = tmux.wait_for("Steckbrett", WAIT);
    assert!(
        row.starts_with("Partie") && row.contains("Steckbrett"),
        "{row}"
    );
    tmux.wait_for("4   .   .  *.   .   4   .   . P*.   .", WAIT);
    tmux.wait_for("2 P P P P P*P P P   2 P P P P  *P P P", WAIT);
    tmux.wait_for("* weicht von der Partie ab", WAIT);
    tmux.keys(&["Eva vier", "Enter"]);
    tmux.wait_for("gesagt: Weiß Eva vier", WAIT);
    tmux.wait_for("1. e4", WAIT);
    tmux.wait_for("4   .   . P .   .", WAIT);
    let rows = tmux.rows();
    assert!(
        !rows
            .iter()
            .any(|r| r.starts_with("Partie") && r.contains("Steckbrett")),
        "{rows:#?}"
    );
    tmux.wait_for("Bretter stimmen überein", WAIT);
    tmux.wait_for("*Weiß 1:30:", WAIT);
    tmux.keys(&["Enter"]);
    tmux.wait_for("*Schwarz 1:30:", WAIT);
    // The sighted player's move, typed by the assistant; the peg board has not followed yet.
    tmux.keys(&["Springer Felix sechs", "Enter"]);
    tmux.wait_for("gesagt: Schwarz Springer Felix sechs", WAIT);
    tmux.wait_for("1. e4 Nf6", WAIT);
    tmux.wait_for("BRETTER WEICHEN AB", WAIT);
    tmux.keys(&["peg g8f6", "Enter"]);
    tmux.wait_for("gesagt: Bretter stimmen überein", WAIT);
    tmux.wait_for("Bretter stimmen überein", WAIT);
    // What is being typed is shown on the last line.
    tmux.keys(&["Zei"]);
    tmux.wait_for("> Zei", WAIT);
    tmux.keys(&["t", "Enter"]);
    tmux.wait_for("gesagt: Weiß eine Stunde", WAIT);
    // Ctrl-C alone does not end the game: it asks for a second one.
    tmux.keys(&["C-c"]);
    tmux.wait_for("zum Beenden noch einmal Strg-C", WAIT);
    tmux.keys(&["Ende", "Enter"]);
    tmux.keys(&["ja", "Enter"]);
    // The view closes; the last lines stay on the terminal: the game's file, saved, how to
    // go on.
    wait_rows(&tmux, "the closing lines", |rows| {
        rows.iter()
            .any(|r| r == "gespeichert, weiter mit annexd resume")
    });
    let rows = tmux.rows_with_history();
    assert!(
        rows.iter()
            .any(|r| r.starts_with("Partiedatei: ") && r.ends_with("view.jsonl")),
        "{rows:#?}"
    );
    assert!(
        !rows.iter().any(|r| r.contains("Brettansicht")),
        "{rows:#?}"
    );
    let pgn = dir.path().join("view.pgn");
    let start = Instant::now();
    while !std::fs::read_to_string(&pgn).is_ok_and(|p| p.contains("1. e4")) {
        assert!(start.elapsed() < WAIT, "no PGN with the moves");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// At 80×24: the clock runs on the screen by itself; help texts and a long list of
/// differences are whole, wrapped, each as the line view prints it; the log scrolls back.
#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn at_80_by_24_the_clock_runs_and_nothing_is_cut() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let command = game(dir.path(), "--board sim --control 90+30");
    let tmux = Tmux::start("view80", &command);
    tmux.wait_for("gesagt: Brett verbunden", WAIT);
    tmux.keys(&["peg e2e4", "Enter"]);
    tmux.wait_for("bitte ansagen", WAIT);
    tmux.keys(&["Eva vier", "Enter"]);
    tmux.wait_for("gesagt: Weiß Eva vier", WAIT);
    tmux.keys(&["Enter"]);
    // Black's clock runs: without a key, the screen shows it going down.
    let first = tmux.wait_for("*Schwarz 1:30:", WAIT);
    let later = tmux.wait_for_line(
        "with Black's time gone down",
        |row| row.contains("*Schwarz 1:30:") && row != first,
        WAIT,
    );
    let seconds = |row: &str| {
        let time = row.split_whitespace().last().unwrap().to_string();
        let parts: Vec<u64> = time.split(':').map(|p| p.parse().unwrap()).collect();
        parts[0] * 3600 + parts[1] * 60 + parts[2]
    };
    assert!(seconds(&later) < seconds(&first), "{first} → {later}");
    // Help texts, whole, each line as the line view prints it.
    for typed in ["Hilfe", "Hilfe Züge"] {
        tmux.keys(&[typed, "Enter"]);
        let expected: Vec<String> = line_mode("de", &[typed])
            .into_iter()
            .skip(2)
            .filter(|l| !l.starts_with("gespeichert"))
            .collect();
        assert!(!expected.is_empty());
        let rows = wait_rows(&tmux, "the whole help", |rows| {
            let entries = log_entries(rows, "gesagt: ");
            expected.iter().all(|line| entries.contains(line))
        });
        fits(&rows, 80);
    }
    // The VI player's pegs out of step for several moves: the long list of differences is
    // whole.
    for typed in [
        "Springer Felix sechs",
        "",
        "peg g1f3",
        "peg b8c6",
        "peg a2a4",
        "peg h7h5",
    ] {
        tmux.keys(&[typed, "Enter"]);
        std::thread::sleep(Duration::from_millis(200));
    }
    tmux.keys(&["peg d2d4", "Enter"]);
    let rows = wait_rows(&tmux, "the list of differences", |rows| {
        log_entries(rows, "gesagt: ").iter().any(|entry| {
            entry.starts_with("Bretter weichen ab,")
                && entry.chars().count() > 200
                && entry.ends_with("Gustav acht, hier gehört keine Figur hin")
        })
    });
    fits(&rows, 80);
    assert!(rows.len() <= 24);
    // Older lines are reached with Page Up, and Page Down comes back.
    tmux.wait_for("ältere Zeilen", WAIT);
    for _ in 0..10 {
        tmux.keys(&["PageUp"]);
        std::thread::sleep(Duration::from_millis(100));
        if tmux.count("gesagt: Brett verbunden") > 0 {
            break;
        }
    }
    tmux.wait_for("gesagt: Brett verbunden", WAIT);
    for _ in 0..10 {
        tmux.keys(&["PageDown"]);
    }
    tmux.wait_for("Gustav acht, hier gehört keine Figur hin", WAIT);
    tmux.keys(&["Ende", "Enter"]);
    tmux.keys(&["ja", "Enter"]);
    tmux.wait_for("gespeichert, weiter mit annexd resume", WAIT);
}

/// At 120×40 the view uses the room (every move of a long game, in columns; more of the log),
/// and a resize to 40×12 and back is drawn again at once, without a key.
#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn at_120_by_40_the_room_is_used_and_a_resize_is_drawn_at_once() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let command = game(dir.path(), "--lang en --control 90+30");
    let tmux = Tmux::start_sized("view120", &command, 120, 40);
    tmux.wait_for("annexd - board view", WAIT);
    // A Ruy Lopez of 20 moves: more move numbers than 80×24 would show beside the board.
    let moves = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 \
                 Nbd2 Bb7 Bc2 Re8 Nf1 Bf8 Ng3 g6 a4 c5 d5 c4 Bg5 h6 Be3 Nc5 Qd2 h5 Bg5 Be7";
    for (ply, mv) in moves.split_whitespace().enumerate() {
        tmux.keys(&[mv, "Enter", "Enter"]);
        if ply % 8 == 7 {
            tmux.wait_for(&format!("{}. ", ply / 2 + 1), WAIT);
        }
    }
    tmux.wait_for("20. Bg5 Be7", WAIT);
    let rows = tmux.rows();
    fits(&rows, 120);
    for number in 1..=20 {
        let wanted = format!("{number}. ");
        assert!(
            rows.iter().any(|r| r.contains(&wanted)),
            "{wanted} missing:\n{}",
            rows.join("\n")
        );
    }
    // The log has the room under the boards: many lines of what was said.
    let said = rows.iter().filter(|r| r.starts_with("said: ")).count();
    assert!(said >= 15, "{said} lines of the log:\n{}", rows.join("\n"));
    // Smaller, then back: drawn again without a key.
    tmux.resize(40, 12);
    wait_rows(&tmux, "the view drawn at 40×12", |rows| {
        rows.len() <= 12
            && rows.iter().any(|r| r.starts_with("8 r .   q r . k ."))
            && rows.iter().any(|r| r.contains("*White 1:"))
            && rows.iter().all(|r| r.chars().count() <= 40)
    });
    tmux.resize(80, 24);
    let rows = wait_rows(&tmux, "the view drawn at 80×24 again", |rows| {
        rows.first()
            .is_some_and(|r| r.starts_with("annexd - board view"))
            && rows.iter().any(|r| r.starts_with("8 r .   q r . k ."))
            && rows.iter().any(|r| r.contains("  a b c d e f g h"))
            && rows.iter().any(|r| r.contains("White 1:"))
            && rows.iter().any(|r| r.contains("Black 1:"))
    });
    fits(&rows, 80);
    tmux.keys(&["quit", "Enter"]);
    tmux.keys(&["yes", "Enter"]);
    tmux.wait_for("saved, go on with annexd resume", WAIT);
}

/// An online game's lobby is read in lines; once the game is found, the board view takes the
/// terminal over, and no key typed from then on is lost to the lines' reader.
#[cfg(feature = "online")]
#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn an_online_game_found_in_lines_is_shown_in_the_board_view() {
    use crate::lichess_support::{LichessServer, Setup};
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let server = LichessServer::start(Setup::default());
    let dir = tempfile::tempdir().unwrap();
    let command = format!(
        "LICHESS_TOKEN={} {}",
        server.token(),
        game(
            dir.path(),
            &format!(
                "--opponent lichess --server {} --online-short-waits --board sim --control 15+10",
                server.url()
            )
        )
    );
    let tmux = Tmux::start("view-online", &command);
    tmux.wait_for("annexd - Brettansicht", WAIT);
    tmux.wait_for("8 r n b q k b n r", WAIT);
    tmux.wait_for("gesagt: Brett verbunden", WAIT);
    tmux.keys(&["peg e2e4", "Enter"]);
    tmux.wait_for("auf dem Brett, bitte ansagen", WAIT);
    tmux.keys(&["Eva vier", "Enter"]);
    tmux.keys(&["Enter"]);
    assert!(
        server.wait_until(WAIT, |s| s.moves().len() == 1),
        "e4 on the server; the screen:\n{}",
        tmux.screen()
    );
    server.opponent_plays("e7e5");
    tmux.wait_for("gesagt: Schwarz Eva fünf", WAIT);
    tmux.wait_for("1. e4 e5", WAIT);
    tmux.keys(&["peg e7e5", "Enter"]);
    tmux.wait_for("gesagt: Bretter stimmen überein", WAIT);
    tmux.keys(&["Ende", "Enter"]);
    tmux.keys(&["ja", "Enter"]);
    wait_rows(&tmux, "the closing lines", |rows| {
        rows.iter().any(|r| r.starts_with("gespeichert"))
    });
    assert_eq!(server.moves(), ["e2e4", "e7e5"]);
}
