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

/// The opponent's capture relayed, not yet followed: the VI player lifts his pawn and the
/// capturing piece (to put it onto the wrong square). The pegs then look like his pawn
/// taking back on the capture's square (the captured piece still stands there), but no peg
/// was put into that hole: no move is made (D.2.2: a move is made when the piece is released
/// on its new square). Found by the simulated blind player (seed 481768225).
#[test]
fn pegs_lifted_while_an_opponents_capture_is_followed_make_no_move_of_their_own() {
    for sensing in [Sensing::Occupancy, Sensing::Color, Sensing::Piece] {
        // White's queen on d5 can take on e6; Black's pawn d7 could take back.
        let pos: Chess = "4k3/3p4/4n3/3Q4/8/8/8/4K3 w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let mut tracker = Tracker::new(pos.clone(), sensing);
        let capture = parse_move(&pos, "Qxe6").unwrap();
        let mut after = pos.clone();
        after.play_unchecked(capture);
        tracker.set_position(after.clone());
        let mut outputs = Vec::new();
        for input in [BoardInput::Up(Square::D7), BoardInput::Up(Square::D5)] {
            outputs.extend(tracker.handle(&input));
        }
        assert!(
            !outputs.iter().any(|o| matches!(o, TrackerOutput::Move(_))),
            "{sensing:?}: {outputs:?}"
        );
    }
}

/// White's double step relayed and not followed (his pawn still on f2); Black's pawn put
/// onto f3 as if taking it en passant is out of step; the white pawn lifted from f2 to be put
/// right makes the pegs look like the capture en passant, but the pawn it takes never stood
/// on f4 nor was taken off it: no move (found by the simulated blind player, seed 554116209).
#[test]
fn a_pawn_taken_en_passant_that_never_stood_on_the_pegs_is_no_capture() {
    for sensing in [Sensing::Occupancy, Sensing::Color, Sensing::Piece] {
        let pos: Chess = "4k3/8/8/8/6p1/8/5P2/4K3 w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let mut tracker = Tracker::new(pos.clone(), sensing);
        let double_step = parse_move(&pos, "f4").unwrap();
        let mut after = pos.clone();
        after.play_unchecked(double_step);
        tracker.set_position(after.clone());
        let black_pawn = match sensing {
            Sensing::Occupancy => Cell::Peg,
            Sensing::Color => Cell::Color(shakmaty::Color::Black),
            Sensing::Piece => Cell::Piece(shakmaty::Piece {
                color: shakmaty::Color::Black,
                role: shakmaty::Role::Pawn,
            }),
        };
        let mut outputs = Vec::new();
        for input in [
            BoardInput::Up(Square::G4),
            BoardInput::Down(Square::F3, black_pawn),
            BoardInput::Up(Square::F2),
        ] {
            outputs.extend(tracker.handle(&input));
        }
        assert!(
            !outputs.iter().any(|o| matches!(o, TrackerOutput::Move(_))),
            "{sensing:?}: {outputs:?}"
        );
    }
}
