//! `annexd play --board sim` carries out every `peg FROM TO` as the lift and drop it is, and
//! says what it cannot do (issue 14: `peg e6e5` after `peg e7e6` was dropped without a word
//! and the boards stayed different).

use crate::common;

use common::{Running, annexd};

#[test]
fn a_peg_moved_back_and_on_is_carried_out_and_refusals_are_said() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("pegs.jsonl");
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(&journal)
        .args(["--board", "sim", "--speech", "text"]);
    command.env("XDG_CONFIG_HOME", dir.path());
    let mut game = Running::start(command);
    game.expect_exact("Brett verbunden");
    game.type_line("peg e2e4");
    game.expect_containing("bitte ansagen");
    game.type_line("Eva vier");
    game.expect_exact("Weiß Eva vier");
    game.type_line("Eva fünf");
    game.expect_exact("Schwarz Eva fünf");
    // The VI player follows the opponent's move one square short, then moves the peg on:
    // a pawn's peg moved forward again is no chess move, but it is what the hand does.
    game.type_line("peg e7e6");
    game.expect_exact("Bretter weichen ab, schwarzer Bauer Eva sechs nach Eva fünf");
    game.type_line("peg e6e5");
    game.expect_exact("Bretter stimmen überein");
    // What the simulated board cannot do is said, with the reason shown.
    game.type_line("peg d3d4");
    game.expect_exact("das simulierte Brett kann das nicht, kein Stift auf David drei");
    game.type_line("peg Wolke");
    game.expect_exact(
        "das simulierte Brett kann das nicht, Stifte so bewegen: Brett e2e4, Brett heben e2, Brett setzen e4: Wolke",
    );
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
}
