//! The FIDE Laws (2018) in the session, article by article, with fake time: touch-move and
//! castling on the peg board (4.3, 4.4), a made move (4.7, D.2.8), promotion (D.2.1).
//! Each test is named after its article and quotes the sentence it enforces.

mod support;

use annexd_core::board::{BoardInput, Cell, Sensing};
use annexd_core::config::SeatRole;
use annexd_core::session::{Session, SessionOptions};
use shakmaty::{Position, Square};
use support::{line, peg, recorded, said, session, session_with};

/// A peg lifted (D.2.2: the piece is touched) and put into another hole.
fn lift(s: &mut Session, sq: Square, at: u64) -> Vec<String> {
    said(&peg(s, BoardInput::Up(sq), at))
}

fn drop(s: &mut Session, sq: Square, at: u64) -> Vec<String> {
    said(&peg(s, BoardInput::Down(sq, Cell::Peg), at))
}

const CASTLING: &str = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8";

/// 4.4.2: "If a player deliberately touches a rook and then his king he is not allowed to
/// castle on that side on that move and the situation shall be governed by Article 4.3.1."
#[test]
fn after_the_rook_the_king_may_not_castle_and_the_rook_must_move_4_4_2() {
    let mut s = session_with(
        Some(CASTLING),
        None,
        Some(Sensing::Occupancy),
        SessionOptions::default(),
    );
    lift(&mut s, Square::H1, 10);
    // The rook in its hole: a rook move, said at once (nothing waits for a castling).
    assert_eq!(
        drop(&mut s, Square::F1, 20),
        ["Turm Hector eins Felix eins, bitte ansagen"]
    );
    lift(&mut s, Square::E1, 30);
    assert_eq!(
        drop(&mut s, Square::G1, 40),
        [
            "Kurze Rochade, nicht erlaubt, der Turm wurde zuerst berührt, Turm Hector eins, berührt, geführt"
        ]
    );
    // Announcing castling is refused: the rook, touched first, must move (4.3.1).
    assert_eq!(
        said(&line(&mut s, "Kurze Rochade", 50)),
        ["Turm Hector eins, berührt, geführt"]
    );
    // The king back on e1, the rook move announced: made.
    lift(&mut s, Square::G1, 60);
    drop(&mut s, Square::E1, 70);
    let made = line(&mut s, "Turm Felix eins", 80);
    assert_eq!(said(&made).last().unwrap(), "Weiß Turm Felix eins");
    assert_eq!(recorded(&made), ["move"]);
}

/// 4.7: "When, as a legal move or part of a legal move, a piece has been released on a
/// square, it cannot then be moved to another square on this move." Every legal move is
/// decided on the event that completes it: a king's step towards its rook is a king move.
#[test]
fn a_kings_step_towards_its_rook_is_announced_at_once_4_7() {
    let mut s = session_with(
        Some(CASTLING),
        None,
        Some(Sensing::Occupancy),
        SessionOptions::default(),
    );
    lift(&mut s, Square::E1, 10);
    assert_eq!(
        drop(&mut s, Square::F1, 20),
        ["König Eva eins Felix eins, bitte ansagen"]
    );
}

/// 4.3.1: "…if the player having the move touches on the chessboard, with the intention of
/// moving or capturing: one or more of his own pieces, he must move the first piece touched
/// that can be moved."
#[test]
fn the_first_touched_piece_that_can_be_moved_must_be_moved_4_3_1() {
    // The pawn first, then the knight, then the pawn's move: the pawn was touched first.
    let mut s = session(None, true);
    lift(&mut s, Square::E2, 0);
    drop(&mut s, Square::E2, 10);
    lift(&mut s, Square::G1, 20);
    drop(&mut s, Square::G1, 30);
    lift(&mut s, Square::E2, 40);
    assert_eq!(
        drop(&mut s, Square::E4, 50),
        ["Eva zwei Eva vier, bitte ansagen"]
    );
    // The knight first, then the pawn's move: refused, the knight must move.
    let mut s = session(None, true);
    assert_eq!(lift(&mut s, Square::B1, 0), ["Springer Bella eins berührt"]);
    assert_eq!(
        drop(&mut s, Square::B1, 10),
        ["Springer Bella eins zurückgestellt, berührt, geführt"]
    );
    lift(&mut s, Square::G1, 20);
    assert_eq!(
        drop(&mut s, Square::F3, 30),
        ["Springer Bella eins, berührt, geführt"]
    );
    assert!(s.vi_move().on_board.is_none(), "the move is not taken");
    // Moving the touched piece itself is fine (the other knight goes back first).
    lift(&mut s, Square::F3, 40);
    drop(&mut s, Square::G1, 50);
    lift(&mut s, Square::B1, 60);
    assert_eq!(
        drop(&mut s, Square::C3, 70),
        ["Springer Bella eins Cesar drei, bitte ansagen"]
    );
}

const OPEN: &str = "rnbqkbnr/ppp2ppp/8/3pp3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3";

/// 4.3.2: "…one or more of his opponent's pieces, he must capture the first piece touched
/// that can be captured."
#[test]
fn the_first_touched_opponents_piece_that_can_be_captured_must_be_captured_4_3_2() {
    let mut s = session_with(
        Some(OPEN),
        None,
        Some(Sensing::Occupancy),
        SessionOptions::default(),
    );
    assert_eq!(
        lift(&mut s, Square::D5, 0),
        ["schwarzer Bauer David fünf berührt"]
    );
    drop(&mut s, Square::D5, 10);
    lift(&mut s, Square::G1, 20);
    assert_eq!(
        drop(&mut s, Square::F3, 30),
        ["schwarzer Bauer David fünf, berührt, muss geschlagen werden"]
    );
    lift(&mut s, Square::F3, 40);
    drop(&mut s, Square::G1, 50);
    // e4xd5 or Nc3xd5 capture it: either is allowed.
    lift(&mut s, Square::C3, 60);
    lift(&mut s, Square::D5, 70);
    assert_eq!(
        drop(&mut s, Square::D5, 80),
        ["Springer Cesar drei schlägt David fünf, bitte ansagen"]
    );
}

/// 4.3.3: "…one or more pieces of each colour, he must capture the first touched opponent's
/// piece with his first touched piece or, if this is illegal, move or capture the first piece
/// touched that can be moved or captured."
#[test]
fn with_both_colours_touched_the_first_own_piece_captures_the_first_touched_4_3_3() {
    let mut s = session_with(
        Some(OPEN),
        None,
        Some(Sensing::Occupancy),
        SessionOptions::default(),
    );
    lift(&mut s, Square::E4, 0);
    drop(&mut s, Square::E4, 10);
    lift(&mut s, Square::D5, 20);
    drop(&mut s, Square::D5, 30);
    // The knight takes d5 instead of the first touched pawn e4: refused.
    lift(&mut s, Square::C3, 40);
    lift(&mut s, Square::D5, 50);
    assert_eq!(
        drop(&mut s, Square::D5, 60),
        ["Bauer Eva vier, muss schlagen, schwarzer Bauer David fünf"]
    );
}

/// 4.3 and D.2.8: the pieces touched stay touched when an announcement is corrected: "A slip
/// of the tongue in announcing a move must be corrected at once", but the touches remain.
#[test]
fn touches_survive_the_correction_of_an_announcement_4_3_and_d_2_8() {
    let mut s = session(None, true);
    lift(&mut s, Square::G1, 0);
    drop(&mut s, Square::F3, 10);
    let slip = said(&line(&mut s, "Springer Hector drei", 20));
    assert_eq!(
        slip.last().unwrap(),
        "auf dem Brett Springer Gustav eins Felix drei, angesagt Springer Gustav eins Hector drei, bitte korrigieren"
    );
    // The knight goes back, and the player plays a pawn instead: the knight was touched.
    lift(&mut s, Square::F3, 30);
    drop(&mut s, Square::G1, 40);
    lift(&mut s, Square::E2, 50);
    assert_eq!(
        drop(&mut s, Square::E4, 60),
        ["Springer Gustav eins, berührt, geführt"]
    );
}

/// 4.7 (a move is made when the piece is released) and D.2.8 ("A slip of the tongue in
/// announcing a move must be corrected at once, before the opponent's clock is started"):
/// once board and announcement agree the move is made, and "Korrektur" cannot take it back;
/// only the arbiter can.
#[test]
fn a_move_made_on_the_peg_board_stays_made_4_7_and_d_2_8() {
    let mut s = session(Some("90+30"), true);
    lift(&mut s, Square::G1, 0);
    drop(&mut s, Square::F3, 10);
    let made = line(&mut s, "Springer Felix drei", 20);
    assert_eq!(recorded(&made), ["move"]);
    assert_eq!(
        said(&line(&mut s, "Korrektur", 30)),
        ["der Zug ist ausgeführt, zurücknehmen kann ihn nur der Schiedsrichter"]
    );
    assert_eq!(s.game().history().len(), 1);
    let back = line(&mut s, "Schiedsrichter zurück 1", 40);
    assert_eq!(recorded(&back), ["undo"]);
    assert_eq!(s.game().history().len(), 0);
}

/// D.2.8: before the move is made (the board does not show it yet), "Korrektur" withdraws
/// the announcement, and the player announces again.
#[test]
fn korrektur_before_the_move_is_made_withdraws_the_announcement_d_2_8() {
    let mut s = session(None, true);
    line(&mut s, "Springer Hector drei", 0);
    assert_eq!(
        said(&line(&mut s, "Korrektur", 10)),
        ["Ansage gestrichen, bitte neu ansagen"]
    );
    lift(&mut s, Square::G1, 20);
    assert_eq!(
        drop(&mut s, Square::F3, 30),
        ["Springer Gustav eins Felix drei, bitte ansagen"],
        "the withdrawn announcement is not compared with the board"
    );
}

/// D.2.10: in the assistant's seat, moves are typed relays; a typing error of the assistant
/// may still be corrected before the clock, and is said to be one.
#[test]
fn an_assistants_typing_error_is_corrected_before_the_clock_d_2_10() {
    let options = SessionOptions {
        role: SeatRole::Assistant,
        ..SessionOptions::default()
    };
    let mut s = session_with(None, Some("90+30"), None, options);
    line(&mut s, "Springer Hector drei", 0);
    assert_eq!(
        said(&line(&mut s, "Korrektur", 10)),
        ["Eingabe korrigiert, Weiß am Zug"]
    );
    line(&mut s, "Springer Felix drei", 20);
    line(&mut s, "", 30);
    assert_eq!(
        said(&line(&mut s, "Korrektur", 40)),
        ["kein Zug zum Zurücknehmen"],
        "after the clock, nothing is corrected but by the arbiter"
    );
}

/// D.2.1: "During promotion, the player must announce which piece is chosen." On a board
/// that cannot tell the piece, the announced piece answers its question.
#[test]
fn the_announced_piece_answers_the_boards_question_d_2_1() {
    for sensing in [Sensing::Occupancy, Sensing::Color] {
        let mut s = session_with(
            Some("8/4P1k1/8/8/8/8/6K1/8 w - - 0 1"),
            None,
            Some(sensing),
            SessionOptions::default(),
        );
        lift(&mut s, Square::E7, 0);
        let asked = said(&peg(
            &mut s,
            BoardInput::Down(
                Square::E8,
                annexd_core::board::cell_from_what(Some('w'), sensing),
            ),
            10,
        ));
        assert_eq!(asked, ["Umwandlung Eva acht, welche Figur?"], "{sensing:?}");
        // The player announces an under-promotion: the board cannot tell, the word decides.
        let made = line(&mut s, "Eva acht Turm", 20);
        assert_eq!(recorded(&made), ["move"], "{sensing:?}");
        assert_eq!(
            said(&made).last().unwrap(),
            "Weiß Eva acht Turm",
            "{sensing:?}"
        );
        assert_eq!(s.game().history().len(), 1);
        assert!(s.game().position().board().rooks().any());
    }
}
