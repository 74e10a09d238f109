//! An opponent's capture followed on the peg board while its cable was out (issue 14, found
//! by the replug soak test): the scan after it is back shows the capturing square empty and
//! the target still occupied, and with occupancy sensing nothing else. The capture's events
//! were lost, so the swap on the target is not asked for: the boards agree.

use annexd_core::board::{BoardInput, SensedBoard, Sensing, Tracker, TrackerOutput};
use annexd_core::notation::parse_move;
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
        assert!(tracker.set_position(after.clone()).is_empty());
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
