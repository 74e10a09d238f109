//! Following the opponent's capture on the peg board (catching up) reports only that the
//! boards agree: the captured piece's hole emptied and refilled is not a touch.

use annexd_core::board::{BoardInput, Cell, Sensing, Tracker, TrackerOutput};
use annexd_core::parse_move;
use shakmaty::{Chess, Position, Square};

#[test]
fn an_opponent_capture_followed_on_the_peg_board_is_not_a_touch() {
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
        let bishop = after.board().piece_at(Square::D1).unwrap();
        let down = match sensing {
            Sensing::Occupancy => Cell::Peg,
            Sensing::Color => Cell::Color(bishop.color),
            Sensing::Piece => Cell::Piece(bishop),
        };
        let mut outputs = Vec::new();
        for input in [
            BoardInput::Up(Square::G4),
            BoardInput::Up(Square::D1),
            BoardInput::Down(Square::D1, down),
        ] {
            outputs.extend(tracker.handle(&input));
        }
        assert_eq!(outputs, vec![TrackerOutput::BoardsAgree], "{sensing:?}");
    }
}
