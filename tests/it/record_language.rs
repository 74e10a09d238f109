//! After the game, the tools answer in the game's language (issue 22, item 9): the journal's
//! header records the language it was played in, and `verify`, `fairplay`, `sheet` and `pgn`
//! answer in it unless `--lang` says otherwise; `pgn` finds the newest game like the others.

use crate::common;
use crate::games;

use std::path::{Path, PathBuf};

use annexd::record::Journal;
use annexd_core::Lang;
use common::run;
use games::every_note;

/// The every-note game as a French game's journal.
fn french_game(dir: &Path) -> PathBuf {
    let mut played = every_note();
    played.header.language = Some(Lang::Fr);
    let path = dir.join("game.jsonl");
    let mut journal = Journal::create(&path, &played.header).unwrap();
    for line in &played.lines {
        journal.append(line).unwrap();
    }
    path
}

fn said(args: &[&str]) -> String {
    let out = run(args);
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    text
}

#[test]
fn the_tools_answer_in_the_language_the_game_was_played_in() {
    let dir = tempfile::tempdir().unwrap();
    let journal = french_game(dir.path());
    let path = journal.to_str().unwrap();
    let verified = said(&["verify", path]);
    // Moves, not half-moves (item 10): the game has twenty half-moves.
    assert!(
        verified.contains("partie rejouée selon les règles, dix coups"),
        "{verified}"
    );
    assert!(!verified.contains("nachgespielt"), "{verified}");
    let fairplay = said(&["fairplay", path]);
    assert!(fairplay.contains("moteur"), "{fairplay}");
    let sheet = said(&["sheet", path, "--format", "txt", "--out", "-"]);
    assert!(sheet.contains("euille de partie"), "{sheet}");
    // --lang still decides when it is given.
    let english = said(&["verify", path, "--lang", "en"]);
    assert!(english.contains("replayed by the rules"), "{english}");
}

#[test]
fn pgn_finds_the_newest_game_like_the_other_tools() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    french_game(&games);
    let config = dir.path().join("annexd.toml");
    std::fs::write(
        &config,
        format!("[record]\ndir = {:?}\n", games.to_str().unwrap()),
    )
    .unwrap();
    let out = run(&["pgn", "--config", config.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("[Event "), "{text}");
    assert!(text.contains("1. e4"), "{text}");
}
