//! The session core driven directly with events and fake times (no sleeps, no I/O): the VI
//! player's move cycle from peg-board events, voice input as the recogniser reports it, the
//! clock's flag, the arbiter going back.

use crate::support;

use std::time::Duration;

use annexd_core::board::{BoardInput, Cell, Sensing};
use annexd_core::record::{Entry, Header, Scoresheet, Stamped};
use annexd_core::{Effect, Input, Session, SessionOptions};
use shakmaty::{Position, Square};
use support::{connect_peg_board, heard, line, peg, recorded, said, session};

#[test]
fn the_vi_move_is_made_only_when_board_and_announcement_agree() {
    let mut s = session(Some("90+30"), true);
    let touch = peg(&mut s, BoardInput::Up(Square::G1), 1000);
    assert_eq!(said(&touch), ["Springer Gustav eins berührt"]);
    let placed = peg(&mut s, BoardInput::Down(Square::F3, Cell::Peg), 1500);
    assert_eq!(
        said(&placed),
        ["Springer Gustav eins Felix drei, bitte ansagen"]
    );
    assert!(recorded(&placed).is_empty(), "placed is not yet made");
    // Pressing the clock before the announcement is refused (D.2.4).
    let early = s.handle(Input::ClockButton, Duration::from_millis(1600));
    assert_eq!(said(&early), ["bitte ansagen"]);
    // A slip of the tongue (D.2.8), then the right announcement, by voice.
    let slip = heard(&mut s, &["springer hector drei"], false, 2000);
    assert_eq!(
        said(&slip),
        [
            "auf dem Brett Springer Gustav eins Felix drei, angesagt Springer Gustav eins Hector drei, bitte korrigieren"
        ]
    );
    let made = heard(&mut s, &["springer felix drei"], false, 2500);
    assert!(
        said(&made).contains(&"Weiß Springer Felix drei".to_string()),
        "{:?}",
        said(&made)
    );
    assert_eq!(recorded(&made), ["move"]);
    let pressed = s.handle(Input::ClockButton, Duration::from_millis(3000));
    assert_eq!(recorded(&pressed), ["press"]);
    assert_eq!(s.game().history().len(), 1);
}

#[test]
fn the_program_announces_the_peg_board_move_when_the_player_chooses_that() {
    let sheet = Scoresheet::new(Header::standard()).unwrap();
    let options = SessionOptions {
        program_announces: true,
        ..SessionOptions::default()
    };
    let mut s = Session::new(sheet, None, options);
    s.attach_peg_board(Sensing::Occupancy);
    connect_peg_board(&mut s, Duration::ZERO);
    peg(&mut s, BoardInput::Up(Square::G1), 10);
    let made = peg(&mut s, BoardInput::Down(Square::F3, Cell::Peg), 20);
    assert_eq!(said(&made), ["Weiß Springer Felix drei"]);
    assert_eq!(recorded(&made), ["move"]);
}

#[test]
fn the_sighted_move_is_followed_on_the_peg_board_until_the_boards_agree() {
    let mut s = session(None, true);
    peg(&mut s, BoardInput::Up(Square::E2), 0);
    peg(&mut s, BoardInput::Down(Square::E4, Cell::Peg), 10);
    line(&mut s, "Eva vier", 20);
    let black = line(&mut s, "Eva fünf", 30);
    assert_eq!(said(&black), ["Schwarz Eva fünf"]);
    // The VI player puts the pawn one square short: the difference is said.
    peg(&mut s, BoardInput::Up(Square::E7), 40);
    let wrong = peg(&mut s, BoardInput::Down(Square::E6, Cell::Peg), 50);
    assert_eq!(
        said(&wrong),
        // The pawn said with its way: the opponent's with its colour (issue 22).
        ["Bretter weichen ab, schwarzer Bauer Eva sechs nach Eva fünf"]
    );
    assert_eq!(s.peg_agrees(), Some(false));
    peg(&mut s, BoardInput::Up(Square::E6), 60);
    let right = peg(&mut s, BoardInput::Down(Square::E5, Cell::Peg), 70);
    assert_eq!(said(&right), ["Bretter stimmen überein"]);
    assert_eq!(s.peg_agrees(), Some(true));
}

#[test]
fn voice_input_asks_back_when_unsure_and_never_plays_what_was_not_said() {
    let mut s = session(None, false);
    // Clear: played.
    let clear = heard(&mut s, &["springer felix drei"], false, 0);
    assert_eq!(said(&clear), ["Weiß Springer Felix drei"]);
    // A sound-alike close behind the best: asked back, nothing played.
    let unsure = heard(
        &mut s,
        &["springer felix sechs", "springer hector sechs"],
        false,
        100,
    );
    assert_eq!(s.game().history().len(), 1, "{:?}", said(&unsure));
    assert!(said(&unsure)[0].ends_with('?'), "{:?}", said(&unsure));
    assert_eq!(
        said(&unsure),
        ["Springer Felix sechs oder Springer Hector sechs?"]
    );
    // Said again clearly, it is played.
    let again = heard(&mut s, &["springer felix sechs"], false, 200);
    assert_eq!(
        said(&again),
        ["Schwarz Springer Felix sechs"],
        "{:?}",
        said(&again)
    );
    // Noise in always-on mode is passed over in silence; with push-to-talk it is answered.
    assert!(said(&heard(&mut s, &["hm"], true, 300)).is_empty());
    assert!(!said(&heard(&mut s, &["hm"], false, 400)).is_empty());
    assert_eq!(s.game().history().len(), 2);
}

#[test]
fn what_the_vi_player_says_is_done_for_the_vi_player_whoever_is_to_move() {
    let mut s = session(None, false);
    heard(&mut s, &["eva vier"], false, 0);
    // Black is to move; the VI player (White) resigns into the microphone, and confirms.
    let asked = heard(&mut s, &["aufgeben"], false, 100);
    assert!(said(&asked)[0].ends_with('?'), "{:?}", said(&asked));
    let done = heard(&mut s, &["ja"], false, 200);
    assert_eq!(
        said(&done),
        ["Weiß gibt auf, Schwarz gewinnt"],
        "{:?}",
        said(&done)
    );
    // Typed, the side is named (or asked for), and confirmed.
    let mut t = session(None, false);
    line(&mut t, "e4", 0);
    assert_eq!(
        said(&line(&mut t, "Weiß gibt auf", 10)),
        ["aufgeben Weiß? ja oder nein"]
    );
    assert!(!t.game().is_over(), "a resignation nobody confirmed");
    assert_eq!(
        said(&line(&mut t, "ja", 20)),
        ["Weiß gibt auf, Schwarz gewinnt"]
    );
}

#[test]
fn the_opponent_repeating_the_move_is_not_taken_as_the_next_move() {
    let mut s = session(None, false);
    heard(&mut s, &["eva vier"], true, 0);
    // Black repeats "Eva vier" (D.2.1): White's e4 is not replayed, nothing is said.
    let repeated = heard(&mut s, &["eva vier"], true, 500);
    assert!(said(&repeated).is_empty(), "{:?}", said(&repeated));
    assert_eq!(s.game().history().len(), 1);
}

#[test]
fn without_the_peg_boards_link_moves_are_taken_as_typed_and_compared_later() {
    let sheet = Scoresheet::new(Header::standard()).unwrap();
    let mut s = Session::new(sheet, None, SessionOptions::default());
    s.attach_peg_board(Sensing::Occupancy);
    // The board has not connected (unplugged): the game goes on without it.
    assert_eq!(said(&line(&mut s, "Eva vier", 0)), ["Weiß Eva vier"]);
    assert_eq!(said(&line(&mut s, "Eva fünf", 10)), ["Schwarz Eva fünf"]);
    // When it connects, its scan is compared with the game, square by square.
    connect_peg_board(&mut s, Duration::from_millis(20));
    let scan = annexd_core::board::SensedBoard::from_board(
        shakmaty::Chess::default().board(),
        Sensing::Occupancy,
    );
    let compared = peg(&mut s, BoardInput::Resync(scan), 30);
    let text = said(&compared).join(" | ");
    assert!(text.contains("Bauer Eva zwei nach Eva vier"), "{text}");
    assert!(
        text.contains("schwarzer Bauer Eva sieben nach Eva fünf"),
        "{text}"
    );
    assert_eq!(s.game().history().len(), 2);
}

#[test]
fn a_flag_falls_at_its_moment_on_fake_time() {
    let mut s = session(Some("60"), false);
    line(&mut s, "e4", 0);
    line(&mut s, "", 1_000);
    assert_eq!(
        s.next_deadline().map(|d| d <= Duration::from_secs(61)),
        Some(true)
    );
    // Nothing happens before the deadline.
    let before = s.handle(Input::Tick, Duration::from_millis(30_000));
    assert!(recorded(&before).is_empty());
    let flag = s.handle(Input::Tick, Duration::from_millis(61_000));
    assert_eq!(recorded(&flag), ["flag", "result"], "{:?}", said(&flag));
    assert!(
        said(&flag).contains(&"Schwarz Zeit abgelaufen, Weiß gewinnt".to_string()),
        "{:?}",
        said(&flag)
    );
    assert_eq!(s.next_deadline(), None);
}

/// D.2.10.4: the assistant "shall … inform the VI player, only on request, of the number of
/// moves completed and the time used up by both players". Completed: the clock pressed after
/// it; the move being played is not one.
#[test]
fn the_time_used_and_the_moves_completed_are_told_on_request_d_2_10_4() {
    let mut s = session(Some("90+30"), false);
    line(&mut s, "e4", 0);
    line(&mut s, "", 20_000);
    line(&mut s, "e5", 50_000);
    line(&mut s, "", 62_000);
    // White: 0–20 s and 62–65 s; Black: 20–62 s.
    let used = line(&mut s, "verbrauchte Zeit", 65_000);
    assert_eq!(
        said(&used),
        [
            "Weiß verbraucht dreiundzwanzig Sekunden, Schwarz verbraucht zweiundvierzig Sekunden, beendete Züge, Weiß eins, Schwarz eins"
        ]
    );
    // White's second move made but its clock not pressed: not completed yet.
    line(&mut s, "Nf3", 70_000);
    assert_eq!(
        said(&line(&mut s, "Züge", 71_000)),
        ["beendete Züge, Weiß eins, Schwarz eins"]
    );
    // Without a clock, the opponent's next move completes a move.
    let mut s = session(None, false);
    line(&mut s, "e4", 0);
    line(&mut s, "e5", 10);
    assert_eq!(
        said(&line(&mut s, "Züge", 20)),
        ["beendete Züge, Weiß eins, Schwarz null"]
    );
}

#[test]
fn the_arbiter_goes_back_and_the_boards_follow() {
    let mut s = session(None, true);
    peg(&mut s, BoardInput::Up(Square::E2), 0);
    peg(&mut s, BoardInput::Down(Square::E4, Cell::Peg), 10);
    line(&mut s, "Eva vier", 20);
    line(&mut s, "e5", 30);
    let back = line(&mut s, "Schiedsrichter zurück 2", 40);
    assert_eq!(recorded(&back), ["undo", "undo"]);
    assert_eq!(s.game().history().len(), 0);
    // The peg board still shows 1. e4: it is to be set back.
    assert_eq!(s.peg_agrees(), Some(false));
    let entries: Vec<_> = back
        .iter()
        .filter_map(|e| match e {
            Effect::Record(
                Stamped {
                    entry: Entry::Undo(u),
                    ..
                },
                _,
            ) => u.undone.clone(),
            _ => None,
        })
        .collect();
    assert_eq!(entries, ["e7e5", "e2e4"]);
}

#[test]
fn a_question_with_one_candidate_is_answered_with_yes() {
    let sheet = Scoresheet::new(Header::standard()).unwrap();
    let mut s = Session::new(sheet, None, SessionOptions::default());
    s.attach_peg_board(Sensing::Occupancy);
    line(&mut s, "Eva vier", 0);
    line(&mut s, "David fünf", 10);
    connect_peg_board(&mut s, Duration::from_millis(20));
    // The board comes back showing the pawn on d5 and e4 empty: on an occupancy board after
    // a rescan, exd5 is the one move it can be, but the capture was not seen.
    let mut after = shakmaty::Chess::default();
    for san in ["e4", "d5", "exd5"] {
        let m = san
            .parse::<shakmaty::san::San>()
            .unwrap()
            .to_move(&after)
            .unwrap();
        after.play_unchecked(m);
    }
    let scan = annexd_core::board::SensedBoard::from_board(after.board(), Sensing::Occupancy);
    let asked = peg(&mut s, BoardInput::Resync(scan), 30);
    assert_eq!(said(&asked), ["Bauer Eva vier schlägt David fünf?"]);
    let answered = line(&mut s, "ja", 40);
    assert_eq!(
        said(&answered),
        ["Eva vier schlägt David fünf, bitte ansagen"]
    );
}
