//! The FIDE Laws (2018) in the session, article by article, with fake time: touch-move and
//! castling on the peg board (4.3, 4.4), a made move (4.7, D.2.8), promotion (D.2.1).
//! Each test is named after its article and quotes the sentence it enforces.

use crate::support;

use annexd_core::board::{BoardInput, Cell, Sensing};
use annexd_core::record::Entry;
use annexd_core::{Effect, SeatRole, Session, SessionOptions};
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
            "Kurze Rochade, nicht erlaubt, der Turm wurde zuerst berührt, Turm Hector eins, berührt, geführt, König Gustav eins zurück nach Eva eins"
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
        [
            "Springer Gustav eins Felix drei, nicht erlaubt, Springer Bella eins, berührt, geführt, Springer Felix drei zurück nach Gustav eins"
        ]
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
        [
            "Springer Gustav eins Felix drei, nicht erlaubt, schwarzer Bauer David fünf, berührt, muss geschlagen werden, Springer Felix drei zurück nach Gustav eins"
        ]
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
        [
            "Springer Cesar drei schlägt David fünf, nicht erlaubt, Bauer Eva vier, muss schlagen, schwarzer Bauer David fünf, Springer David fünf zurück nach Cesar drei, David fünf, schwarzer Bauer fehlt"
        ]
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
        [
            "Eva zwei Eva vier, nicht erlaubt, Springer Gustav eins, berührt, geführt, Bauer Eva vier zurück nach Eva zwei"
        ]
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
    assert_eq!(
        recorded(&back),
        ["undo", "clock_adjustment", "clock_adjustment"]
    );
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
        ["der Zug ist ausgeführt, zurücknehmen kann ihn nur der Schiedsrichter"],
        "after the clock, nothing is corrected but by the arbiter (4.7, D.2.8)"
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

/// 9.1.2.1: "An offer at any other time during play is still valid but Article 11.5 must be
/// considered." The offerer can be named; "Remis" alone is the player who has just moved.
/// 9.1.2.3: the offer stands until the opponent "rejects it by touching a piece with the
/// intention of moving or capturing it"; the offerer's own move does not withdraw it.
#[test]
fn an_offer_by_the_player_to_move_stands_until_the_opponent_touches_a_piece_9_1_2_1() {
    let mut s = session(None, true);
    // 1. e4 (on the peg board) e5 (the sighted player's, typed), then the boards agree.
    lift(&mut s, Square::E2, 0);
    drop(&mut s, Square::E4, 10);
    line(&mut s, "Eva vier", 20);
    line(&mut s, "Eva fünf", 30);
    lift(&mut s, Square::E7, 40);
    drop(&mut s, Square::E5, 50);
    // White, to move, offers a draw before his move: valid.
    let offered = line(&mut s, "Remis Weiß", 60);
    assert_eq!(said(&offered), ["Weiß bietet Remis an"]);
    assert_eq!(recorded(&offered), ["draw_offer"]);
    // White's own move keeps it.
    lift(&mut s, Square::G1, 70);
    drop(&mut s, Square::F3, 80);
    line(&mut s, "Springer Felix drei", 90);
    assert_eq!(s.game().pending_draw_offer(), Some(shakmaty::Color::White));
    assert!(s.game().history()[2].draw_offer, "(=) with White's move");
    // Black's move played by typing lapses it (he touched a piece to move it).
    let moved = line(&mut s, "Springer Cesar sechs", 100);
    assert_eq!(
        said(&moved),
        ["Schwarz Springer Cesar sechs, Remisangebot erloschen"]
    );
    assert_eq!(s.game().pending_draw_offer(), None);
    // The sighted player's offer lapses when the VI player lifts a peg to move.
    lift(&mut s, Square::B8, 110);
    drop(&mut s, Square::C6, 120);
    let offered = line(&mut s, "Remis Schwarz", 130);
    assert_eq!(said(&offered), ["Schwarz bietet Remis an"]);
    let touched = peg(&mut s, BoardInput::Up(Square::F1), 140);
    assert_eq!(
        said(&touched),
        ["Läufer Felix eins berührt", "Remisangebot erloschen"]
    );
    assert_eq!(recorded(&touched), ["draw_decline"]);
    assert_eq!(s.game().pending_draw_offer(), None);
}

const REPEATED: [(&str, &str, &str, Square, Square); 8] = [
    ("Springer Felix drei", "g1", "f3", Square::G1, Square::F3),
    ("Springer Felix sechs", "g8", "f6", Square::G8, Square::F6),
    ("Springer Gustav eins", "f3", "g1", Square::F3, Square::G1),
    ("Springer Gustav acht", "f6", "g8", Square::F6, Square::G8),
    ("Springer Felix drei", "g1", "f3", Square::G1, Square::F3),
    ("Springer Felix sechs", "g8", "f6", Square::G8, Square::F6),
    ("Springer Gustav eins", "f3", "g1", Square::F3, Square::G1),
    ("Springer Gustav acht", "f6", "g8", Square::F6, Square::G8),
];

/// Plays the knights out and back (`plies` of it) with a clock: White (the VI player) on the peg board,
/// Black typed and followed on it; every move completed by the clock.
fn knights(plies: usize) -> Session {
    let mut s = session(Some("90+30"), true);
    let mut t = 0;
    for (i, (words, _, _, from, to)) in REPEATED.iter().take(plies).enumerate() {
        t += 100;
        if i % 2 == 0 {
            lift(&mut s, *from, t);
            drop(&mut s, *to, t + 10);
            line(&mut s, words, t + 20);
        } else {
            line(&mut s, words, t);
            lift(&mut s, *from, t + 10);
            drop(&mut s, *to, t + 20);
        }
        line(&mut s, "", t + 30);
    }
    s
}

/// 9.5.3: "If the claim is found to be incorrect … Then the game shall continue. If the claim
/// was based on an intended move, this move must be made in accordance with Articles 3 and
/// 4." 9.5.1: "…the arbiter shall stop the clocks". The intended move is not made by the
/// claim: the peg board must show it.
#[test]
fn an_incorrect_claims_intended_move_is_made_on_the_board_9_5_3() {
    // The start position has occurred twice, not three times: the claim is incorrect.
    let mut s = knights(4);
    line(&mut s, "reklamieren Springer Hector drei", 2000);
    let claim = line(&mut s, "ja", 2001);
    let words = said(&claim);
    assert_eq!(words[0], "Uhr angehalten", "{words:?}");
    assert!(
        words
            .iter()
            .any(|w| w.starts_with("Weiß reklamiert Remis, Reklamation unberechtigt")),
        "{words:?}"
    );
    assert!(words.contains(&"Uhr läuft weiter".to_string()), "{words:?}");
    assert!(
        words
            .last()
            .unwrap()
            .ends_with("Springer Hector drei, bitte auf dem Brett ausführen"),
        "{words:?}"
    );
    assert_eq!(recorded(&claim), ["claim", "clock_adjustment"]);
    assert_eq!(s.game().history().len(), 4, "not made by the claim");
    assert_eq!(s.uncompleted(), None, "no clock to press yet");
    // The board shows it: the move is made (it was announced with the claim).
    lift(&mut s, Square::G1, 2100);
    let made = drop(&mut s, Square::H3, 2110);
    assert_eq!(made.last().unwrap(), "Weiß Springer Hector drei");
    assert_eq!(s.game().history().len(), 5);
}

/// 9.4: "If the player touches a piece as in Article 4.3, he loses the right to claim a draw
/// under Article 9.2 or 9.3 on that move."
#[test]
fn a_player_who_touched_a_piece_cannot_claim_on_that_move_9_4() {
    let mut s = knights(8);
    lift(&mut s, Square::B1, 2000);
    drop(&mut s, Square::B1, 2010);
    let claim = line(&mut s, "reklamieren", 2020);
    assert_eq!(
        said(&claim),
        ["Figur berührt, keine Reklamation mehr auf diesen Zug"]
    );
    assert!(recorded(&claim).is_empty());
    assert!(!s.game().is_over());
}

/// Plays the SAN moves at one second each, pressing the clock after each.
fn play_pressed(s: &mut Session, sans: &str, mut t: u64) -> u64 {
    for san in sans.split_whitespace() {
        line(s, san, t);
        t += 1000;
        line(s, "", t);
        t += 1000;
    }
    t
}

fn clock_of(s: &Session, at: u64) -> annexd_core::clock::Snapshot {
    s.clock()
        .unwrap()
        .snapshot(std::time::Duration::from_millis(at))
}

/// D.2.9: "If the positions on the two boards differ, they shall be corrected with the
/// assistance of the arbiter … the game shall be reconstructed … and the arbiter will
/// readjust the clocks." The clocks are set as recorded at the position gone back to; the
/// arbiter may set both times and the move counter; a time control's periods stay right.
#[test]
fn going_back_sets_the_clocks_as_recorded_and_the_arbiter_may_readjust_them_d_2_9() {
    let mut s = session_with(
        None,
        Some("40/5400+30:1800+30"),
        None,
        SessionOptions::default(),
    );
    let t = play_pressed(&mut s, "e4 e5 Nf3 Nc6", 0);
    // The record after 2. Nf3 (ply 3) and after 2... Nc6 (ply 4) differ; go back two plies.
    let back = line(&mut s, "Schiedsrichter zurück 2", t + 60_000);
    // Each move taken back is recorded with the article it is taken back under.
    let reasons: Vec<Option<&str>> = back
        .iter()
        .filter_map(|e| match e {
            Effect::Record(line, _) => match &line.entry {
                Entry::Undo(undo) => Some(undo.reason.as_deref()),
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(reasons, [Some("D.2.9"), Some("D.2.9")]);
    let words = said(&back);
    assert!(
        words[0].starts_with("zurückgenommen, Weiß am Zug, Zug zwei"),
        "{words:?}"
    );
    assert!(
        words[1].starts_with("Uhr gestellt wie aufgezeichnet"),
        "{words:?}"
    );
    assert!(words[1].ends_with("Uhr angehalten"), "{words:?}");
    let now = t + 60_000;
    // As pressed after 1... e5: White used 1 s, Black 2 s, each with 30 s added.
    let clock = clock_of(&s, now);
    assert_eq!(
        (clock.white.as_secs(), clock.black.as_secs()),
        (5400 + 30 - 1 + 30, 5400 + 30 - 2 + 30)
    );
    assert_eq!(clock.move_number, 2);
    assert!(s.clock().unwrap().clock().is_paused());
    // The arbiter sets White's time and the counter, and starts the clock again.
    line(&mut s, "Schiedsrichter Zeit Weiß 1:23:10", now + 1000);
    line(&mut s, "Schiedsrichter Zug 3", now + 2000);
    let clock = clock_of(&s, now + 3000);
    assert_eq!(clock.white.as_secs(), 3600 + 23 * 60 + 10);
    assert_eq!(clock.move_number, 3);
    line(&mut s, "Schiedsrichter weiter", now + 4000);
    assert!(!s.clock().unwrap().clock().is_paused());
}

/// 6.3.1 with D.2.9: after going back, the 40th move is still the 40th: the second period's
/// time comes with it.
#[test]
fn after_going_back_the_fortieth_move_is_still_the_fortieth_6_3_1() {
    let mut s = session_with(
        None,
        Some("40/5400+30:1800+30"),
        None,
        SessionOptions::default(),
    );
    let t = play_pressed(&mut s, support::KASPAROV_TOPALOV_1999, 0);
    line(&mut s, "Schiedsrichter zurück 2", t);
    line(&mut s, "Schiedsrichter weiter", t + 1000);
    let t = play_pressed(&mut s, "Qxh8 Rd3", t + 2000);
    assert_eq!(clock_of(&s, t).move_number, 40);
    let before = clock_of(&s, t).white;
    line(&mut s, "Qa8", t + 2000);
    line(&mut s, "", t + 3000);
    let after = clock_of(&s, t + 3000).white;
    assert_eq!(
        after.as_secs(),
        (before.as_millis() as u64 - 3000 + 30_000 + 1_800_000) / 1000,
        "move 40 completed: the increment and the second period"
    );
}

/// 6.10.2: the arbiter corrects a clock that was set wrongly; a flag that fell on it does not
/// end the game for good: going back works after the end too, and the game goes on.
#[test]
fn going_back_after_a_flag_that_fell_on_a_wrongly_set_clock_6_10_2() {
    let mut s = session_with(None, Some("60"), None, SessionOptions::default());
    let t = play_pressed(&mut s, "e4 e5", 0);
    // White thinks for a minute: the flag falls.
    let flag = s.handle(
        annexd_core::Input::Tick,
        std::time::Duration::from_millis(t + 70_000),
    );
    assert!(s.game().is_over(), "{:?}", said(&flag));
    let back = line(&mut s, "Schiedsrichter zurück 0", t + 80_000);
    assert!(
        said(&back)[0].starts_with("Partieende zurückgenommen, Weiß am Zug"),
        "{:?}",
        said(&back)
    );
    assert!(!s.game().is_over());
    line(&mut s, "Schiedsrichter Zeit Weiß 5:00", t + 81_000);
    line(&mut s, "Schiedsrichter weiter", t + 82_000);
    let moved = line(&mut s, "Nf3", t + 90_000);
    assert_eq!(recorded(&moved), ["move"]);
    assert_eq!(s.game().history().len(), 3);
}

/// 7.5.1: "If during a game it is found that an illegal move has been completed, the position
/// immediately before the irregularity shall be reinstated." 7.5.3 (7.5.5 since 2017): the
/// opponent receives two minutes. In one step.
#[test]
fn an_illegal_move_is_taken_back_and_penalised_in_one_step_7_5_1() {
    let mut s = session_with(None, Some("90+30"), None, SessionOptions::default());
    let t = play_pressed(&mut s, "e4 e5 Nf3", 0);
    let black_before = clock_of(&s, t).black;
    let ruled = line(&mut s, "Schiedsrichter regelwidrig Weiß", t);
    assert_eq!(
        recorded(&ruled),
        [
            "undo",
            "illegal_move",
            "clock_adjustment",
            "clock_adjustment",
            "clock_adjustment"
        ]
    );
    let words = said(&ruled);
    assert!(
        words[0].starts_with("zurückgenommen, Weiß am Zug"),
        "{words:?}"
    );
    assert_eq!(s.game().history().len(), 2);
    assert_eq!(s.game().turn(), shakmaty::Color::White);
    let clock = clock_of(&s, t);
    assert_eq!(
        clock.black,
        black_before + std::time::Duration::from_secs(120)
    );
    assert_eq!(
        s.clock().unwrap().clock().side_to_move(),
        shakmaty::Color::White
    );
    // In standard play it may be found after the opponent's reply: both are taken back.
    let mut s = session_with(None, Some("90+30"), None, SessionOptions::default());
    let t = play_pressed(&mut s, "e4 e5 Nf3 Nc6", 0);
    line(&mut s, "Schiedsrichter regelwidrig Weiß", t);
    assert_eq!(s.game().history().len(), 2);
}

/// A.4.2 (rapid) and B.3 (blitz): the arbiter acts on an illegal move "provided the opponent
/// has not made his next move".
#[test]
fn in_rapid_an_illegal_move_is_ruled_only_before_the_opponents_next_move_a_4_2() {
    let rapid = || {
        let mut header = annexd_core::record::Header::standard();
        header.pace = annexd_core::game::Pace::Rapid;
        let sheet = annexd_core::record::Scoresheet::new(header).unwrap();
        Session::new(
            sheet,
            Some(support::clock("900+10")),
            SessionOptions::default(),
        )
    };
    let mut s = rapid();
    let t = play_pressed(&mut s, "e4 e5 Nf3 Nc6", 0);
    assert_eq!(
        said(&line(&mut s, "Schiedsrichter regelwidrig Weiß", t)),
        ["zu spät, der Gegner hat danach schon gezogen"]
    );
    assert_eq!(s.game().history().len(), 4);
    // Before Black's next move it is ruled; in rapid the first illegal move loses (A.4.2).
    let mut s = rapid();
    let t = play_pressed(&mut s, "e4 e5 Nf3", 0);
    let ruled = line(&mut s, "Schiedsrichter regelwidrig Weiß", t);
    assert!(
        recorded(&ruled).contains(&"illegal_move"),
        "{:?}",
        said(&ruled)
    );
    assert!(s.game().is_over());
}

/// D.2.10.5: the assistant "shall … inform the arbiter when the sighted player has touched
/// one of his pieces". Seen on an e-board, the touch is said and journaled; it is no note of
/// the game score (issue 34: it was English prose in the PGN, on the opponent's move).
#[test]
fn the_sighted_players_touch_seen_on_the_e_board_is_said_and_recorded_d_2_10_5() {
    use annexd_core::board::LinkEvent;
    use annexd_core::{Input, Seat};
    let mut s = session(None, false);
    s.attach_sighted_board();
    let board = |s: &mut annexd_core::Session, input, ms| {
        s.handle(
            Input::Board(Seat::Sighted, LinkEvent::Input(input)),
            std::time::Duration::from_millis(ms),
        )
    };
    // The VI player's move, said; the assistant makes it on the sighted player's board.
    line(&mut s, "e4", 0);
    board(&mut s, BoardInput::Up(Square::E2), 1);
    board(
        &mut s,
        BoardInput::Down(Square::E4, annexd_core::board::Cell::Peg),
        2,
    );
    assert_eq!(s.sheet().game().history().len(), 1);
    let touched = s.handle(
        Input::Board(Seat::Sighted, LinkEvent::Input(BoardInput::Up(Square::G8))),
        std::time::Duration::from_millis(10),
    );
    assert_eq!(said(&touched), ["Schwarz Springer Gustav acht berührt"]);
    assert_eq!(recorded(&touched), ["touch"]);
    let entry = touched
        .iter()
        .find_map(|e| match e {
            annexd_core::Effect::Record(entry, _) => Some(entry.clone()),
            _ => None,
        })
        .expect("the touch is journaled");
    assert!(
        matches!(&entry.entry, annexd_core::record::Entry::Touch(t) if t.square == "g8" && t.piece == "n"),
        "{entry:?}"
    );
    let pgn = annexd_core::record::pgn_text(s.sheet());
    assert!(!pgn.contains('{'), "no comment in the PGN: {pgn}");
    // No note of the sheet either (its forms in every language are drawn from these).
    assert!(
        s.sheet().notes().iter().all(|ply| ply.comments.is_empty())
            && s.sheet().preamble().is_empty(),
        "{:?}",
        s.sheet().notes()
    );
}

/// 6.11.2: "Un joueur peut arrêter les pendules seulement pour chercher l'assistance de
/// l'arbitre" (a player may stop the clocks only to seek the arbiter's assistance), and
/// 6.11.3: "L'arbitre décidera de la reprise de la partie". Called in the players' words of
/// each language, the running clock stops and its times stand still until the arbiter
/// starts it again; without a clock the call is said all the same.
#[test]
fn a_player_stops_the_clocks_only_to_call_the_arbiter_who_starts_them_again_6_11_2() {
    for (lang, call, resume, called) in [
        (
            "de",
            "ich brauche den Schiedsrichter",
            "Schiedsrichter weiter",
            "der Schiedsrichter ist gerufen",
        ),
        (
            "en",
            "call the arbiter",
            "arbiter resume",
            "the arbiter is called",
        ),
        (
            "fr",
            "appeler l’arbitre",
            "arbitre reprise",
            "l'arbitre est appelé",
        ),
    ] {
        let options_lang: annexd_core::Lang = lang.parse().unwrap();
        let options = SessionOptions {
            lang: options_lang,
            ..SessionOptions::default()
        };
        let mut s = session_with(None, Some("90+30"), None, options);
        let t = play_pressed(&mut s, "e4 e5", 0);
        let before = clock_of(&s, t);
        let stopped = line(&mut s, call, t);
        let last_said = stopped.iter().rev().find_map(|e| match e {
            Effect::Say { tokens, .. } => Some(options_lang.text(tokens)),
            _ => None,
        });
        assert_eq!(last_said.as_deref(), Some(called), "{lang}");
        // Ten minutes later, nobody's time has run.
        let later = clock_of(&s, t + 600_000);
        assert_eq!(
            (later.white, later.black),
            (before.white, before.black),
            "{lang}"
        );
        assert_eq!(later.running, None, "{lang}");
        line(&mut s, resume, t + 600_000);
        let after = clock_of(&s, t + 660_000);
        assert!(
            after.white < before.white,
            "{lang}: White's time runs again"
        );
    }
    let mut s = session(None, false);
    assert_eq!(
        said(&line(&mut s, "Schiedsrichter rufen", 0)),
        ["der Schiedsrichter ist gerufen"]
    );
}
