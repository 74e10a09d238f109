//! The simulated peg board carries out every peg's way as the lift and drop it is, chess move
//! or not, and follows the game again when the pegs show it (issue 14: `peg e6e5` after
//! `peg e7e6` was dropped without a word).

use annexd_core::Lang;
use annexd_core::board::Sensing;
use annexd_core::board::peg_protocol::DeviceMsg;
use annexd_core::board::simulated::{SimRefusal, SimulatedPegBoard, SimulatedPegBoardOptions};
use shakmaty::{Position, Square};

fn device() -> SimulatedPegBoard {
    SimulatedPegBoard::new(SimulatedPegBoardOptions::default()).unwrap()
}

fn lines(msgs: &[DeviceMsg]) -> Vec<String> {
    msgs.iter().map(ToString::to_string).collect()
}

#[test]
fn a_peg_put_back_and_moved_again_is_carried_out_and_followed() {
    let mut board = device();
    board.typed("e2e4").unwrap();
    // The opponent played e7e5; the VI player's peg goes one square short, then on.
    assert_eq!(lines(&board.typed("e7e6").unwrap()), ["UP e7", "DOWN e6"]);
    assert_eq!(lines(&board.typed("e6e5").unwrap()), ["UP e6", "DOWN e5"]);
    // The board follows the game the pegs show: 1. e4 e5, and typed moves go on from there.
    assert_eq!(
        board.game().board().to_string(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"
    );
    assert_eq!(lines(&board.typed("Nf3").unwrap()), ["UP g1", "DOWN f3"]);
}

#[test]
fn a_peg_moved_onto_another_takes_it_off_first() {
    let mut board = device();
    // Not a chess move: the rook's peg over the pawns onto the knight's square.
    assert_eq!(
        lines(&board.typed("a1 b1").unwrap()),
        ["UP b1", "UP a1", "DOWN b1"]
    );
    // A peg lifted and put back on its square: a touch.
    assert_eq!(lines(&board.typed("e2-e2").unwrap()), ["UP e2", "DOWN e2"]);
}

#[test]
fn what_cannot_be_done_is_refused_with_its_reason_and_changes_nothing() {
    let mut board = device();
    let before = board.clone();
    let err = board.typed("e4e5").unwrap_err();
    assert_eq!(err, SimRefusal::NoPegOn(Square::E4));
    assert_eq!(
        Lang::De.text(&err.tokens()),
        "das simulierte Brett kann das nicht, kein Stift auf Eva vier"
    );
    let err = board.typed("Springer Felix drei").unwrap_err();
    assert_eq!(err.typed(), Some("Springer Felix drei"));
    assert_eq!(
        Lang::Fr.text(&err.tokens()),
        "l'échiquier simulé ne peut pas faire cela, déplacer les tiges ainsi : tige e2e4, tige lever e2, tige poser e4"
    );
    // A peg put down where one stands, or lifted where there is none: refused, not taken
    // for what comes next.
    assert_eq!(
        board.typed("DOWN e2"),
        Err(SimRefusal::AlreadyTaken(Square::E2))
    );
    assert_eq!(board.typed("UP e5"), Err(SimRefusal::NoPegOn(Square::E5)));
    assert_eq!(
        board.typed("DOWN e5"),
        Err(SimRefusal::NothingInHand(Square::E5))
    );
    assert_eq!(board.game(), before.game());
    // The board still plays from where it was.
    assert_eq!(lines(&board.typed("e2e4").unwrap()), ["UP e2", "DOWN e4"]);
}

#[test]
fn a_colour_board_sends_the_colour_of_the_peg_it_puts_down() {
    let mut board = SimulatedPegBoard::new(SimulatedPegBoardOptions {
        sensing: Sensing::Color,
        ..SimulatedPegBoardOptions::default()
    })
    .unwrap();
    assert_eq!(lines(&board.typed("d7d3").unwrap()), ["UP d7", "DOWN d3 b"]);
}

#[test]
fn a_kings_two_steps_typed_as_a_pegs_way_move_the_king_alone() {
    // Issue 29: `peg e1g1` also moved the rook, so the `peg h1f1` that follows failed.
    let mut board = device();
    for line in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
        board.typed(line).unwrap();
    }
    assert_eq!(lines(&board.typed("e1g1").unwrap()), ["UP e1", "DOWN g1"]);
    assert_eq!(lines(&board.typed("h1f1").unwrap()), ["UP h1", "DOWN f1"]);
    assert_eq!(
        board.game().board().to_string(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1"
    );
    // "O-O" is the castling: both pegs.
    let mut board = device();
    for line in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
        board.typed(line).unwrap();
    }
    assert_eq!(lines(&board.typed("O-O").unwrap()).len(), 4);
}

/// Issue 34: a peg taken off the board by a capture is beside it, as on a real board: a
/// wrong capture is undone by moving the capturing peg back and putting the taken one down
/// again (`DOWN d5`, nothing in hand), and the board follows the game back.
#[test]
fn a_captured_peg_can_be_put_back_to_undo_a_wrong_capture() {
    let mut board = device();
    for mv in ["e2e4", "d7d5"] {
        board.typed(mv).unwrap();
    }
    let before_capture = board.game().clone();
    assert_eq!(
        lines(&board.typed("e4d5").unwrap()),
        ["UP e4", "UP d5", "DOWN d5"]
    );
    // Wrong: the pawn goes back and the black pawn it took is put on its hole again.
    assert_eq!(lines(&board.typed("d5e4").unwrap()), ["UP d5", "DOWN e4"]);
    assert_eq!(lines(&board.typed("DOWN d5").unwrap()), ["DOWN d5"]);
    assert_eq!(
        board.game(),
        &before_capture,
        "the board follows the game back"
    );
    // With nothing taken off any more, a peg put down from nowhere is still refused.
    assert_eq!(
        board.typed("DOWN a5"),
        Err(SimRefusal::NothingInHand(Square::A5))
    );
    // A peg moved onto another takes it off too; that one can be put back as well.
    assert_eq!(
        lines(&board.typed("a1 b1").unwrap()),
        ["UP b1", "UP a1", "DOWN b1"]
    );
    assert_eq!(lines(&board.typed("b1a1").unwrap()), ["UP b1", "DOWN a1"]);
    assert_eq!(lines(&board.typed("DOWN b1").unwrap()), ["DOWN b1"]);
    assert_eq!(board.game(), &before_capture);
}

/// On a piece-sensing board the piece put down can be named; one taken off is then no
/// longer beside the board.
#[test]
fn a_named_piece_put_back_is_taken_from_beside_the_board() {
    let mut board = SimulatedPegBoard::new(SimulatedPegBoardOptions {
        sensing: Sensing::Piece,
        ..SimulatedPegBoardOptions::default()
    })
    .unwrap();
    for mv in ["e2e4", "d7d5", "e4d5", "d5e4"] {
        board.typed(mv).unwrap();
    }
    assert_eq!(lines(&board.typed("DOWN d5 p").unwrap()), ["DOWN d5 p"]);
    assert_eq!(
        board.typed("UP a2").map(|m| lines(&m)),
        Ok(vec!["UP a2".to_string()])
    );
    assert_eq!(
        board.typed("DOWN a2").map(|m| lines(&m)),
        Ok(vec!["DOWN a2 P".to_string()])
    );
    assert_eq!(
        board.typed("DOWN a5"),
        Err(SimRefusal::NothingInHand(Square::A5))
    );
}
