//! An opponent's capture followed on the peg board while its cable was out (issue 14, found
//! by the replug soak test): the scan after it is back shows the capturing square empty and
//! the target still occupied, and with occupancy sensing nothing else. The capture's events
//! were lost, so the swap on the target is not asked for: the boards agree.

use annexd_core::board::{BoardInput, SensedBoard, Sensing, Tracker, TrackerOutput};
use annexd_core::parse_move;
use shakmaty::{Chess, Position};

#[test]
fn a_capture_followed_while_the_board_was_away_agrees_after_the_resync() {
    for sensing in [Sensing::Occupancy, Sensing::Color, Sensing::Piece] {
        let mut pos = Chess::default();
        for mv in ["e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5"] {
            let m = parse_move(&pos, mv).unwrap();
            pos.play_unchecked(m);
        }
        let mut tracker = Tracker::new(pos.clone(), sensing);
        let capture = parse_move(&pos, "Bxd1").unwrap();
        let mut after = pos.clone();
        after.play_unchecked(capture);
        tracker.set_position(after.clone());
        let scan = SensedBoard::from_board(after.board(), sensing);
        let outputs = tracker.handle(&BoardInput::Resync(scan));
        assert_eq!(outputs, vec![TrackerOutput::BoardsAgree], "{sensing:?}");
    }
}

#[test]
fn without_a_resync_the_capturing_piece_lifted_is_not_yet_agreement() {
    // The same board seen event by event: the bishop lifted, the queen still in her hole.
    let mut pos = Chess::default();
    for mv in ["e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5"] {
        let m = parse_move(&pos, mv).unwrap();
        pos.play_unchecked(m);
    }
    let mut tracker = Tracker::new(pos.clone(), Sensing::Occupancy);
    let capture = parse_move(&pos, "Bxd1").unwrap();
    let mut after = pos.clone();
    after.play_unchecked(capture);
    tracker.set_position(after);
    let outputs = tracker.handle(&BoardInput::Up(shakmaty::Square::G4));
    assert!(
        !outputs.contains(&TrackerOutput::BoardsAgree),
        "{outputs:?}"
    );
}

#[test]
fn a_resync_before_the_capture_is_followed_still_waits_for_the_swap() {
    // Found by the garbage soak test: a scan between the opponent's capture and its
    // following on the peg board must not make the capturing piece lifted count as done.
    let mut pos = Chess::default();
    for mv in ["e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5"] {
        let m = parse_move(&pos, mv).unwrap();
        pos.play_unchecked(m);
    }
    let mut tracker = Tracker::new(pos.clone(), Sensing::Occupancy);
    let capture = parse_move(&pos, "Bxd1").unwrap();
    let mut after = pos.clone();
    after.play_unchecked(capture);
    tracker.set_position(after);
    let before = SensedBoard::from_board(pos.board(), Sensing::Occupancy);
    let _ = tracker.handle(&BoardInput::Resync(before));
    let lifted = tracker.handle(&BoardInput::Up(shakmaty::Square::G4));
    assert!(!lifted.contains(&TrackerOutput::BoardsAgree), "{lifted:?}");
    let mut rest = tracker.handle(&BoardInput::Up(shakmaty::Square::D1));
    rest.extend(tracker.handle(&BoardInput::Down(
        shakmaty::Square::D1,
        annexd_core::board::Cell::Peg,
    )));
    assert!(
        !rest
            .iter()
            .any(|o| matches!(o, TrackerOutput::Touch { .. })),
        "following a capture is no touch: {rest:?}"
    );
    assert_eq!(rest.last(), Some(&TrackerOutput::BoardsAgree), "{rest:?}");
}
