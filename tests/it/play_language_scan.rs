//! No word of another language reaches a German, French or English player through the
//! program (issue 22: "No English word reaches a German or French player's ears or lines"):
//! a game with the simulated peg board is played by the real binary in each language, with
//! moves, mistakes on the pegs and typed, the simulator's refusals, every help page, queries,
//! a draw offer and a claim, the arbiter, a line of bad bytes and one too long, a board that
//! is not there, Ctrl-C; the game is resumed from a journal with a damaged last line; the
//! record tools answer about it (verify, fairplay, the text sheet, the PGN's comments, and
//! fairplay before any game), and a bad time control and a missing file are refused.
//! Every line the program writes (standard output and error) is read word by word against
//! the language's table (`core/tests/it/support/vocabulary.rs`, the core's test of the same
//! promise in long random games).
//!
//! Data shown between the words is left out of the reading: a chunk with a digit, a path or
//! a version (`/`, `.`, `-`, `_`, `=`: a file, a FEN, `annexd-sim 0.1.0`), a group of the check
//! code (four hex digits), the one unknown word the test types ("Wolke", shown back as the
//! word not understood), and the build's identification after the version in parentheses
//! (`annexd 0.1.0 (commit …, debug, tts recognition)`: the journal's record of the program,
//! shown as it is recorded).

use crate::common;
use crate::common::platform::Start;
use crate::vocabulary;

use std::collections::HashSet;
use std::path::Path;
use std::time::Duration;

use annexd_core::{Lang, Speech, Token, Word};
use common::{Running, annexd};
use vocabulary::{vocabulary, words_of};

/// The word the test types that no table has.
const UNKNOWN: &str = "Wolke";

/// What is typed in the game, in order (the German words are understood in every game).
const TYPED: &[&str] = &[
    "peg e2e4",
    "Eva vier",
    "",
    "peg DOWN e4",
    "peg UP h1",
    "peg DOWN h1",
    UNKNOWN,
    "Springer schlägt Felix drei",
    "Hilfe",
    "Hilfe Züge",
    "Hilfe Fragen",
    "Hilfe Uhr",
    "Hilfe Brett",
    "Hilfe Remis",
    "Hilfe Schiedsrichter",
    "Hilfe Wolke",
    "Eva fünf",
    "peg e7e6",
    "peg e6e5",
    "",
    "peg d2d4",
    "peg d4d2",
    "peg UP a1",
    "peg DOWN a3",
    "peg UP a3",
    "peg DOWN a1",
    "Remis Weiß",
    "Remis ablehnen",
    "Zeit",
    "Zeit verbraucht",
    "Züge",
    "Stellung",
    "letzte Züge",
    "wo Springer",
    "wo sind die Bauern",
    "Linie Eva",
    "Bauern auf der Eva-Linie",
    "Feld Eva vier",
    "schneller",
    "langsamer",
    "aufgeben",
    "nein",
    "FEN",
    "wiederholen",
    "Korrektur",
    "reklamieren",
    "ja",
    "Schiedsrichter Pause",
    "Schiedsrichter weiter",
    "Schiedsrichter Zeit Weiß 60",
    "peg Wolke",
];

/// The lines of a language's game, its resumption and the tools, from start to end.
fn transcript(lang: Lang, dir: &Path) -> Vec<String> {
    let code = lang.code();
    let journal = dir.join("partie.jsonl");
    let mut lines = Vec::new();
    let mut command = annexd();
    command
        .args([
            "play",
            "--board",
            "sim",
            "--control",
            "90+30",
            "--speech",
            "text",
        ])
        .args(["--sighted", "dgt:/dev/annexd-no-such-board", "--lang", code])
        .arg("--journal")
        .arg(&journal)
        .env("XDG_CONFIG_HOME", dir)
        .env("XDG_STATE_HOME", dir);
    let mut game = Running::start(command);
    let connected = Speech::from(lang).text(&[Token::Word(Word::BoardConnected)]);
    game.expect_exact(&connected);
    for line in TYPED {
        game.type_line(line);
        std::thread::sleep(Duration::from_millis(60));
    }
    // Too long, and unreadable.
    game.type_line(&"x".repeat(annexd_core::MAX_LINE_BYTES + 1));
    game.type_bytes(b"\x01\x02\n");
    std::thread::sleep(Duration::from_millis(100));
    // Ctrl-C once asks; the game goes on, and is left by the word. (On Windows a test cannot
    // send Ctrl-C to another process group; the question's words are read in the core's scan.)
    #[cfg(unix)]
    {
        // SAFETY: a signal to our own child, which is still running.
        assert_eq!(
            unsafe { libc::kill(game.child.id() as libc::pid_t, libc::SIGINT) },
            0
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    game.type_line("Ende\nja");
    game.expect_saved();
    lines.append(&mut game.transcript);
    assert_eq!(game.wait(), Some(0), "{}", lines.join("\n"));

    // Resumed from a journal whose last line was cut by a crash.
    let damaged = dir.join("beschaedigt.jsonl");
    let mut text = std::fs::read_to_string(&journal).unwrap();
    text.push_str("{\"type\":\"mo");
    std::fs::write(&damaged, text).unwrap();
    let mut command = annexd();
    command
        .args(["resume", "--board", "sim", "--speech", "text"])
        .arg(&damaged)
        .env("XDG_CONFIG_HOME", dir)
        .env("XDG_STATE_HOME", dir);
    let mut game = Running::start(command);
    game.expect_exact(&connected);
    for line in ["", "Remis", "Zeit", "Ende", "ja"] {
        game.type_line(line);
        std::thread::sleep(Duration::from_millis(60));
    }
    game.expect_saved();
    lines.append(&mut game.transcript);
    assert_eq!(game.wait(), Some(0), "{}", lines.join("\n"));

    // The tools after the game, and refusals.
    let journal = journal.to_str().unwrap();
    let missing = dir.join("fehlt.jsonl");
    for args in [
        vec!["verify", journal],
        vec!["fairplay", journal],
        vec!["sheet", journal, "--format", "txt", "--out", "-"],
        vec![
            "sheet", journal, "--format", "txt", "--words", "annex-d", "--out", "-",
        ],
        vec!["verify", missing.to_str().unwrap(), "--lang", code],
        vec!["play", "--control", "90x", "--lang", code],
        vec![
            "parse",
            "startpos",
            "Springer schlägt Felix drei",
            "--lang",
            code,
        ],
    ] {
        let out = annexd()
            .args(&args)
            .env("XDG_CONFIG_HOME", dir)
            .env("XDG_STATE_HOME", dir)
            .start_output()
            .unwrap();
        for stream in [&out.stdout, &out.stderr] {
            lines.extend(String::from_utf8_lossy(stream).lines().map(String::from));
        }
    }
    // The PGN's comments (its tags and moves are the PGN standard's, in English letters).
    let out = annexd()
        .args(["pgn", journal])
        .env("XDG_CONFIG_HOME", dir)
        .env("XDG_STATE_HOME", dir)
        .start_output()
        .unwrap();
    assert!(out.status.success());
    let pgn = String::from_utf8_lossy(&out.stdout).replace('\n', " ");
    // A comment's embedded commands ("[%clk 1:30:58]") are data too.
    let without_commands = |comment: &str| {
        let mut text = comment.to_string();
        while let Some(start) = text.find("[%") {
            let end = text[start..]
                .find(']')
                .map_or(text.len(), |e| start + e + 1);
            text.replace_range(start..end, "");
        }
        text
    };
    let comments: Vec<String> = pgn
        .split('{')
        .skip(1)
        .filter_map(|part| {
            part.split_once('}')
                .map(|(comment, _)| without_commands(comment))
        })
        .collect();
    assert!(!comments.is_empty(), "the PGN has comments: {pgn}");
    lines.extend(comments);
    // fairplay before the first game (the arbiter checks the device before the round).
    let out = annexd()
        .args(["fairplay", "--lang", code])
        .env("XDG_CONFIG_HOME", dir)
        .env("XDG_DATA_HOME", dir.join("keine-partien"))
        .env("XDG_STATE_HOME", dir)
        .start_output()
        .unwrap();
    assert!(out.status.success());
    lines.extend(
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(String::from),
    );
    lines
}

/// Whether a chunk of a line (between blanks) is data rather than words.
fn is_data(chunk: &str) -> bool {
    let chunk = chunk.trim_matches(|c: char| ",;:!?()\"«»".contains(c));
    let hex_group = chunk.len() == 4 && chunk.chars().all(|c| c.is_ascii_hexdigit());
    hex_group
        || chunk.chars().any(|c| c.is_ascii_digit())
        || chunk
            .trim_end_matches('.')
            .contains(['/', '.', '-', '_', '=', '*'])
}

/// The line without its data: the build's identification in parentheses after a version,
/// and every chunk that is data.
fn words_of_line(line: &str) -> Vec<String> {
    let line = match line.find(" (commit ") {
        Some(at) => &line[..at],
        None => line,
    };
    line.split_whitespace()
        // A position in FEN is data to the end of the line (its side, castling, counters).
        .take_while(|chunk| chunk.matches('/').count() < 7)
        .filter(|chunk| !is_data(chunk))
        .flat_map(words_of)
        .collect()
}

fn check(lang: Lang) {
    let own = vocabulary(lang);
    let dir = tempfile::tempdir().unwrap();
    let lines = transcript(lang, dir.path());
    if std::env::var_os("SCAN_PRINT").is_some() {
        eprintln!("{}", lines.join("\n"));
    }
    assert!(
        lines.len() > 60,
        "only {} lines:\n{}",
        lines.len(),
        lines.join("\n")
    );
    let allowed: HashSet<String> = words_of(UNKNOWN).into_iter().collect();
    let strays: Vec<String> = lines
        .iter()
        .flat_map(|line| {
            words_of_line(line)
                .into_iter()
                .filter(|w| !own.contains(w) && !allowed.contains(w))
                .map(move |w| format!("\"{w}\" in \"{line}\""))
        })
        .collect();
    assert!(
        strays.is_empty(),
        "{lang:?}: words that are not the table's:\n{}\n\nthe whole transcript:\n{}",
        strays.join("\n"),
        lines.join("\n")
    );
}

#[test]
fn a_german_player_reads_and_hears_german_only() {
    check(Lang::De);
}

#[test]
fn a_french_player_reads_and_hears_french_only() {
    check(Lang::Fr);
}

#[test]
fn an_english_player_reads_and_hears_english_only() {
    check(Lang::En);
}

#[test]
fn data_is_told_from_words() {
    assert_eq!(
        words_of_line("Partiedatei: /tmp/x/partie.jsonl"),
        ["partiedatei"]
    );
    assert_eq!(
        words_of_line("Prüfcode: 136c edb6 4922 cafe (eins drei)"),
        ["prüfcode", "eins", "drei"]
    );
    assert_eq!(
        words_of_line("geschrieben von annexd 0.1.0 (commit ee573bfcba4b, debug, tts)"),
        ["geschrieben", "von", "annexd"]
    );
    assert_eq!(
        words_of_line("Steckbrett, erkennt Belegung: annexd-sim 0.1.0"),
        ["steckbrett", "erkennt", "belegung"]
    );
    assert_eq!(
        words_of_line("FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ["fen"]
    );
    assert_eq!(
        words_of_line("SIGINT: the game is closed"),
        ["sigint", "the", "game", "is", "closed"]
    );
}
