//! The board view for sighted helpers, in a real terminal (tmux): the diagram, the clocks,
//! the moves, the last announcement and whether the peg board agrees follow the game, with
//! every label in the language of the game.

use crate::common;

use std::time::Duration;

use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(15);

#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn the_board_view_follows_a_game_with_a_peg_board() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("view.jsonl");
    let command = format!(
        "XDG_CONFIG_HOME={} {} play --journal {} --board sim --control 90+30 --view board",
        dir.path().display(),
        env!("CARGO_BIN_EXE_annexd"),
        journal.display()
    );
    let Some(tmux) = Tmux::start("view", &command) else {
        return;
    };
    tmux.wait_for("annexd - Brettansicht", WAIT);
    tmux.wait_for("gesagt: Brett verbunden", WAIT);
    tmux.wait_for("8 r n b q k b n r", WAIT);
    tmux.wait_for("Bretter stimmen überein", WAIT);
    tmux.keys(&["peg e2e4", "Enter"]);
    tmux.wait_for("gesagt: Eva zwei Eva vier, bitte ansagen", WAIT);
    tmux.wait_for("auf dem Brett, bitte ansagen", WAIT);
    tmux.keys(&["Eva vier", "Enter"]);
    tmux.wait_for("gesagt: Weiß Eva vier", WAIT);
    tmux.wait_for("1. e4", WAIT);
    tmux.wait_for("4   .   . P .   .", WAIT);
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
    let pgn = journal.with_extension("pgn");
    let start = std::time::Instant::now();
    while !std::fs::read_to_string(&pgn).is_ok_and(|p| p.contains("1. e4")) {
        assert!(start.elapsed() < WAIT, "no PGN with the moves");
        std::thread::sleep(Duration::from_millis(50));
    }
}
