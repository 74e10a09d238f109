//! End-to-end tests of `annexd play` with a simulated peg board on a pseudo-terminal: the VI
//! player moves pegs and announces, the sighted player's moves are typed, speech is text.

use crate::common;

use std::path::Path;

use common::{Running, annexd, read};

fn play(journal: &Path, extra: &[&str]) -> Running {
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(journal)
        .args(["--board", "sim"])
        .args(extra);
    command.env("XDG_CONFIG_HOME", journal.parent().unwrap());
    let mut game = Running::start(command);
    game.expect_containing("neue Partie");
    game.expect_exact("Brett verbunden");
    game
}

/// The VI player moves a peg, announces the move and presses the clock.
fn vi_move(game: &mut Running, uci: &str, announce: &str, said: &str) {
    game.type_line(&format!("peg {uci}"));
    game.expect_containing("bitte ansagen");
    game.type_line(announce);
    game.expect_exact(said);
    game.type_line("");
}

/// The sighted player's move is typed (and the clock pressed); the VI player plays it on
/// the peg board and hears that the boards agree.
fn sighted_move(game: &mut Running, typed: &str, uci: &str, said: &str) {
    game.type_line(typed);
    game.expect_exact(said);
    game.type_line("");
    game.type_line(&format!("peg {uci}"));
    game.expect_exact("Bretter stimmen überein");
}

#[test]
fn a_game_to_mate_with_the_peg_board() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("mate.jsonl");
    let mut game = play(&journal, &["--control", "90+30"]);
    vi_move(&mut game, "f2f3", "Felix drei", "Weiß Felix drei");
    sighted_move(&mut game, "Eva fünf", "e7e5", "Schwarz Eva fünf");
    vi_move(&mut game, "g2g4", "Gustav vier", "Weiß Gustav vier");
    game.type_line("Dame Hector vier");
    game.expect_exact("Schwarz Dame Hector vier matt, schachmatt, Schwarz gewinnt");
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
    let pgn = read(&journal.with_extension("pgn"));
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("2... Qh4# 0-1"), "{pgn}");
}

#[test]
fn a_slip_of_the_tongue_is_corrected_before_the_clock() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("slip.jsonl");
    let mut game = play(&journal, &["--control", "90+30"]);
    game.type_line("peg g1f3");
    game.expect_exact("Springer Gustav eins berührt");
    game.expect_exact("Springer Gustav eins Felix drei, bitte ansagen");
    game.type_line("Springer Hector drei");
    game.expect_exact(
        "auf dem Brett Springer Gustav eins Felix drei, angesagt Springer Gustav eins Hector drei, bitte korrigieren",
    );
    // The clock cannot be pressed before the move is made (D.2.4): both moves are said
    // again, for either may be the one to correct.
    game.type_line("");
    game.expect_exact(
        "auf dem Brett Springer Gustav eins Felix drei, angesagt Springer Gustav eins Hector drei, bitte korrigieren",
    );
    game.type_line("Springer Felix drei");
    game.expect_exact("Weiß Springer Felix drei");
    game.type_line("");
    game.type_line("FEN");
    game.expect_fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
    let journal_text = read(&journal);
    assert_eq!(
        journal_text.matches("\"type\":\"move\"").count(),
        1,
        "{journal_text}"
    );
}

#[test]
fn a_difference_on_the_peg_board_is_found_and_corrected() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("diff.jsonl");
    let mut game = play(&journal, &[]);
    vi_move(&mut game, "e2e4", "Eva vier", "Weiß Eva vier");
    game.type_line("Eva fünf");
    game.expect_exact("Schwarz Eva fünf");
    // The VI player follows the opponent's move, but one square short.
    game.type_line("peg UP e7");
    game.type_line("peg DOWN e6");
    game.expect_exact("Bretter weichen ab, schwarzer Bauer Eva sechs nach Eva fünf");
    // The peg in hand, nothing new is said; put where it belongs, the boards agree.
    game.type_line("peg UP e6");
    game.type_line("peg DOWN e5");
    game.expect_exact("Bretter stimmen überein");
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
}

#[test]
fn a_flag_falls_and_the_game_is_lost_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("flag.jsonl");
    // Two seconds for the whole game, no increment.
    let mut game = play(&journal, &["--control", "2"]);
    vi_move(&mut game, "e2e4", "Eva vier", "Weiß Eva vier");
    // Said once: the outcome names the flag (not the clock's "Schwarz Zeit abgelaufen" too).
    game.expect_exact("Schwarz Zeit abgelaufen, Weiß gewinnt");
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
    let pgn = read(&journal.with_extension("pgn"));
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
}

#[test]
fn a_draw_is_claimed_with_the_peg_board() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("claim.jsonl");
    let mut game = play(&journal, &[]);
    for _ in 0..2 {
        vi_move(
            &mut game,
            "g1f3",
            "Springer Felix drei",
            "Weiß Springer Felix drei",
        );
        sighted_move(
            &mut game,
            "Springer Felix sechs",
            "g8f6",
            "Schwarz Springer Felix sechs",
        );
        vi_move(
            &mut game,
            "f3g1",
            "Springer Gustav eins",
            "Weiß Springer Gustav eins",
        );
        sighted_move(
            &mut game,
            "Springer Gustav acht",
            "f6g8",
            "Schwarz Springer Gustav acht",
        );
    }
    // The start position is now on the board for the third time, White to move.
    game.type_line("reklamieren");
    // What ends the game is confirmed (the keyboard types both players' moves here).
    game.expect_exact("Reklamation Weiß? ja oder nein");
    game.type_line("ja");
    game.expect_exact(
        "Weiß reklamiert Remis, Reklamation berechtigt, dreimalige Stellungswiederholung, Remis",
    );
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
    let pgn = read(&journal.with_extension("pgn"));
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
}

#[test]
fn a_game_with_the_peg_board_killed_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("resume.jsonl");
    let mut game = play(&journal, &["--control", "90+30"]);
    vi_move(&mut game, "d2d4", "David vier", "Weiß David vier");
    sighted_move(
        &mut game,
        "Springer Felix sechs",
        "g8f6",
        "Schwarz Springer Felix sechs",
    );
    vi_move(&mut game, "c2c4", "Cesar vier", "Weiß Cesar vier");
    game.type_line("Eva sechs");
    game.expect_exact("Schwarz Eva sechs");
    game.type_line("FEN");
    let fen = game.expect_line("a FEN", |l| l.contains('/'));
    game.kill();

    let mut command = annexd();
    command.arg("resume").arg(&journal).args(["--board", "sim"]);
    command.env("XDG_CONFIG_HOME", dir.path());
    let mut resumed = Running::start(command);
    resumed.expect_containing("Partie fortgesetzt, Weiß am Zug, Zug drei");
    resumed.type_line("FEN");
    resumed.expect_exact(&fen);
    // Black's move was made but its clock not pressed: it is pressed now.
    resumed.type_line("Schiedsrichter weiter");
    resumed.expect_exact("Uhr läuft weiter");
    resumed.type_line("");
    resumed.type_line("peg g1f3");
    resumed.expect_containing("bitte ansagen");
    resumed.type_line("Springer Felix drei");
    resumed.expect_exact("Weiß Springer Felix drei");
    resumed.type_line("Ende\nja");
    assert_eq!(resumed.wait(), Some(0));
    let pgn = read(&journal.with_extension("pgn"));
    for san in ["1. d4", "Nf6", "2. c4", "e6", "3. Nf3"] {
        assert!(pgn.contains(san), "{san} in {pgn}");
    }
}
