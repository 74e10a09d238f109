//! The DGT e-board protocol as DGT's header describes it (dgtbrd.h, "Protocol description for
//! DGT chess board", rev. 2014), byte for byte, against the host: the DGT link a `dgt:PORT`
//! spec makes, and the Pegasus (the same messages over Bluetooth LE). The board's bytes are
//! written here from the header's message formats, not by the project's own board model.
//! Each test names the part of the header it follows.

use std::time::Duration;

use crate::support;
use crate::support::link_inputs;

use annexd_core::board::pegasus::{self, Pegasus, PegasusOptions};
use annexd_core::board::positions::{Orientation, OrientationSetting};
use annexd_core::board::settle::SETTLE;
use annexd_core::board::{
    BoardInput, BoardOptions, BoardProtocol, BoardSpec, Cell, LinkEvent, LinkInput, LinkOutput,
    Request, SensedBoard, Sensing, Tracker, events_of, writes_of,
};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Board, CastlingMode, Chess, Position, Square};

// dgtbrd.h's numbers.
const DGT_SEND_BRD: u8 = 0x42;
const DGT_SEND_UPDATE_BRD: u8 = 0x44;
const MESSAGE_BIT: u8 = 0x80;
const DGT_BOARD_DUMP: u8 = 0x06;
const DGT_FIELD_UPDATE: u8 = 0x0e;
const DGT_EE_MOVES: u8 = 0x0f;
const DGT_VERSION: u8 = 0x13;
const PIECE1: u8 = 0x0d; // "Magic piece: Draw"
const PIECE2: u8 = 0x0e; // "Magic piece: White win"
const PIECE3: u8 = 0x0f; // "Magic piece: Black win"
const EE_NOP: u8 = 0x7f;

fn piece(c: char) -> shakmaty::Piece {
    shakmaty::Piece::from_char(c).unwrap()
}

fn t(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

/// A message: "MESSAGE ID one byte, MSB (MESSAGE BIT) always 1; MSB of MESSAGE SIZE … D13 to
/// D7 of the total message length, including the 3 header byte; LSB of MESSAGE SIZE … D6 to
/// D0", then the data.
fn message(id: u8, data: &[u8]) -> Vec<u8> {
    let size = data.len() + 3;
    let mut out = vec![
        MESSAGE_BIT | id,
        ((size >> 7) & 0x7f) as u8,
        (size & 0x7f) as u8,
    ];
    out.extend(data);
    out
}

/// "Field A8 is numbered 0, Field B8 is numbered 1 … Field H1 is numbered 63."
fn field(sq: Square) -> u8 {
    (7 - u8::from(sq.rank())) * 8 + u8::from(sq.file())
}

/// "EMPTY 0x00, WPAWN 0x01, WROOK 0x02, WKNIGHT 0x03, WBISHOP 0x04, WKING 0x05, WQUEEN
/// 0x06, BPAWN 0x07, BROOK 0x08, BKNIGHT 0x09, BBISHOP 0x0a, BKING 0x0b, BQUEEN 0x0c".
fn code(piece: Option<shakmaty::Piece>) -> u8 {
    let Some(p) = piece else { return 0 };
    let base = match p.role {
        shakmaty::Role::Pawn => 1,
        shakmaty::Role::Rook => 2,
        shakmaty::Role::Knight => 3,
        shakmaty::Role::Bishop => 4,
        shakmaty::Role::King => 5,
        shakmaty::Role::Queen => 6,
    };
    if p.color.is_white() { base } else { base + 6 }
}

/// The 64 codes of a board dump ("byte 3-66: Pieces on position 0-63"), the board standing
/// as `orientation` says (turned round: its field 0 holds the game's h1).
fn dump_codes(board: &Board, orientation: Orientation) -> [u8; 64] {
    let mut codes = [0u8; 64];
    for sq in Square::ALL {
        codes[usize::from(field(orientation.turn(sq)))] = code(board.piece_at(sq));
    }
    codes
}

fn dump(codes: &[u8; 64]) -> Vec<u8> {
    message(DGT_BOARD_DUMP, codes)
}

/// "byte 3: field number (0-63) which changed the piece code; byte 4: piece code including
/// EMPTY".
fn update(field: u8, code: u8) -> Vec<u8> {
    message(DGT_FIELD_UPDATE, &[field, code])
}

fn version() -> Vec<u8> {
    message(DGT_VERSION, &[1, 8])
}

fn dgt_host() -> Box<dyn BoardProtocol> {
    BoardSpec::Dgt("/dev/ttyUSB0".into())
        .protocol(&BoardOptions::default())
        .unwrap()
}

/// The moves `tracker` reads from the events, in UCI.
fn moves_read(tracker: &mut Tracker, events: &[LinkEvent]) -> Vec<String> {
    support::moves_read(tracker, events)
        .into_iter()
        .map(|m| UciMove::from_standard(m).to_string())
        .collect()
}

fn asked_for_dumps(out: &[LinkOutput]) -> usize {
    writes_of(out)
        .iter()
        .flatten()
        .filter(|&&b| b == DGT_SEND_BRD)
        .count()
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// The events once the pieces put down at `now` have stayed ([`SETTLE`]: a slid piece is
/// reported on each square it passes).
fn settled(host: &mut dyn BoardProtocol, now: Duration) -> Vec<LinkEvent> {
    events_of(host.handle(LinkInput::Tick, now + SETTLE))
}

/// Feeds `bytes` and returns the events, and how many dumps the host asked for.
fn feed(host: &mut dyn BoardProtocol, bytes: &[u8], now: Duration) -> (Vec<LinkEvent>, usize) {
    let out = host.handle(LinkInput::Bytes(bytes), now);
    let asked = asked_for_dumps(&out);
    (events_of(out), asked)
}

/// dgtbrd.h: "PIECE1 0x0d Magic piece: Draw, PIECE2 0x0e Magic piece: White win, PIECE3 0x0f
/// Magic piece: Black win". Such a piece on the centre squares is no noise: the dump is
/// kept, the square read as holding an unknown piece (so the difference with the game is
/// said there), it is said once as a board error, and the board is not asked again and
/// again for a dump that will show it again.
#[test]
fn magic_pieces_are_said_once_and_the_dump_is_not_asked_for_again_and_again() {
    let mut host = dgt_host();
    let _ = host.handle(LinkInput::Opened, t(0));
    let mut codes = dump_codes(&Board::new(), Orientation::Standard);
    codes[usize::from(field(Square::D4))] = PIECE1;
    codes[usize::from(field(Square::E5))] = PIECE2;
    let mut bytes = version();
    bytes.extend(dump(&codes));
    let (events, asked) = feed(host.as_mut(), &bytes, t(10));
    assert_eq!(asked, 0, "{events:?}");
    let errors: Vec<&String> = events
        .iter()
        .filter_map(|e| match e {
            LinkEvent::DeviceError(text) => Some(text),
            _ => None,
        })
        .collect();
    assert_eq!(errors.len(), 2, "{events:?}");
    // In the dump's order: field 28 (e5) before field 35 (d4).
    assert!(
        errors[0].contains("e5") && errors[0].contains("white win"),
        "{errors:?}"
    );
    assert!(
        errors[1].contains("d4") && errors[1].contains("draw"),
        "{errors:?}"
    );
    let Some(BoardInput::Resync(board)) = link_inputs(&events).into_iter().next() else {
        panic!("no resync: {events:?}");
    };
    assert_eq!(board.get(Square::D4), Cell::Peg);
    assert_eq!(board.get(Square::E5), Cell::Peg);
    assert_eq!(board.get(Square::E2), Cell::Piece(piece('P')));
    let mut tracker = Tracker::new(Chess::default(), Sensing::Piece);
    let _ = tracker.handle(&BoardInput::Resync(board));
    let differing: Vec<Square> = tracker.differences().iter().map(|d| d.square).collect();
    assert_eq!(differing, [Square::D4, Square::E5]);

    // The same dump again (a scan asked for): nothing new to say, nothing asked.
    assert_eq!(host.request(&Request::Scan), [DGT_SEND_BRD]);
    let (events, asked) = feed(host.as_mut(), &dump(&codes), t(20));
    assert_eq!(asked, 0);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, LinkEvent::DeviceError(_))),
        "{events:?}"
    );

    // In update mode: a black-win piece put on d5 is said and read as an unknown piece; an
    // unknown code too; the draw piece taken off d4 is a lift.
    let mut bytes = update(field(Square::D5), PIECE3);
    bytes.extend(update(field(Square::E4), 0x2a));
    bytes.extend(update(field(Square::D4), 0));
    let (mut events, asked) = feed(host.as_mut(), &bytes, t(30));
    assert_eq!(asked, 0);
    events.extend(settled(host.as_mut(), t(30)));
    let errors: Vec<&String> = events
        .iter()
        .filter_map(|e| match e {
            LinkEvent::DeviceError(text) => Some(text),
            _ => None,
        })
        .collect();
    assert!(
        errors[0].contains("d5") && errors[0].contains("black win"),
        "{events:?}"
    );
    assert!(
        errors[1].contains("e4") && errors[1].contains("42"),
        "{events:?}"
    );
    // The pieces put down count once they stay; the lift at once.
    assert_eq!(
        link_inputs(&events),
        [
            BoardInput::Up(Square::D4),
            BoardInput::Down(Square::D5, Cell::Peg),
            BoardInput::Down(Square::E4, Cell::Peg),
        ]
    );
    assert!(
        !events.iter().any(|e| matches!(e, LinkEvent::Dropped(_))),
        "{events:?}"
    );
}

/// dgtbrd.h on the board dump: "The board itself does not rotate the numbering, when black
/// instead of white plays with the clock/connector on the left hand" (and it logs
/// `EE_BEGINPOS_ROT` for such a start). A board turned round shows the starting position
/// turned round: its fields are read turned from then on, dumps and field updates alike.
#[test]
fn a_board_turned_round_is_found_from_its_dump_of_the_start_and_read_turned() {
    let mut host = dgt_host();
    let _ = host.handle(LinkInput::Opened, t(0));
    let turned = dump_codes(&Board::new(), Orientation::Rotated);
    let (events, _) = feed(host.as_mut(), &dump(&turned), t(10));
    let start = SensedBoard::from_board(&Board::new(), Sensing::Piece);
    assert_eq!(link_inputs(&events), [BoardInput::Resync(start)]);

    // 1. e4 e5 2. Nf3, made on the turned board: its fields are those of the turned squares.
    let mut tracker = Tracker::new(Chess::default(), Sensing::Piece);
    let mut bytes = Vec::new();
    let game = Chess::default();
    for (sq, piece) in [
        (Square::E2, None),
        (Square::E4, Some('P')),
        (Square::E7, None),
        (Square::E5, Some('p')),
        (Square::G1, None),
        (Square::F3, Some('N')),
    ] {
        let placed = piece.map(self::piece);
        bytes.extend(update(field(Orientation::Rotated.turn(sq)), code(placed)));
    }
    let (mut events, _) = feed(host.as_mut(), &bytes, t(20));
    events.extend(settled(host.as_mut(), t(20)));
    let _ = tracker.handle(&BoardInput::Resync(SensedBoard::from_board(
        game.board(),
        Sensing::Piece,
    )));
    assert_eq!(moves_read(&mut tracker, &events), ["e2e4", "e7e5", "g1f3"]);

    // A board set the right way round again is read the right way round.
    let (events, _) = feed(
        host.as_mut(),
        &dump(&dump_codes(&Board::new(), Orientation::Standard)),
        t(30),
    );
    assert_eq!(
        link_inputs(&events),
        [BoardInput::Resync(SensedBoard::from_board(
            &Board::new(),
            Sensing::Piece
        ))]
    );
    // A fixed orientation is kept whatever the dump shows.
    let mut fixed = BoardSpec::Dgt("/dev/ttyUSB0".into())
        .protocol(&BoardOptions {
            orientation: OrientationSetting::Fixed(Orientation::Standard),
            ..BoardOptions::default()
        })
        .unwrap();
    let _ = fixed.handle(LinkInput::Opened, t(0));
    let (events, _) = feed(fixed.as_mut(), &dump(&turned), t(10));
    assert!(
        matches!(&link_inputs(&events)[..], [BoardInput::Resync(b)] if b.get(Square::D1) == Cell::Piece(piece('k'))),
        "{events:?}"
    );
}

/// dgtbrd.h: "DGT_SEND_UPDATE_BRD … results in DGT_MSG_FIELD_UPDATE messages as long as the
/// board is in UPDATE_BOARD mode", and "DGT_SEND_BRD … responds with a DGT_MSG_BOARD_DUMP".
/// A board still in update mode from an earlier link sends field updates before the dump
/// the host asked for; the dump shows them, so they are not read as lifts and drops (a lift
/// read then would be a touch said to the players). A dump that does not come is asked for
/// again.
#[test]
fn field_updates_before_the_first_dump_are_left_to_the_dump() {
    let mut host = dgt_host();
    let opened = host.handle(LinkInput::Opened, t(0));
    assert!(
        writes_of(&opened)
            .concat()
            .ends_with(&[DGT_SEND_BRD, DGT_SEND_UPDATE_BRD])
    );
    // e2e4 made while the host was away, reported before the dump.
    let mut bytes = update(field(Square::E2), 0);
    bytes.extend(update(field(Square::E4), 1));
    let (events, _) = feed(host.as_mut(), &bytes, t(10));
    assert!(link_inputs(&events).is_empty(), "{events:?}");
    let after = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let (events, _) = feed(
        host.as_mut(),
        &dump(&dump_codes(after.board(), Orientation::Standard)),
        t(20),
    );
    assert_eq!(
        link_inputs(&events),
        [BoardInput::Resync(SensedBoard::from_board(
            after.board(),
            Sensing::Piece
        ))]
    );
    // From then on, field updates are lifts and drops.
    let (events, _) = feed(host.as_mut(), &update(field(Square::E7), 0), t(30));
    assert_eq!(link_inputs(&events), [BoardInput::Up(Square::E7)]);

    // A dump lost on the way: the updates that keep coming bring the question again, once a
    // second.
    let mut host = dgt_host();
    let _ = host.handle(LinkInput::Opened, t(0));
    let mut asked = 0;
    for ms in (100..=2500).step_by(100) {
        let (events, n) = feed(host.as_mut(), &update(field(Square::E2), 0), t(ms));
        assert!(link_inputs(&events).is_empty(), "{events:?}");
        asked += n;
    }
    assert_eq!(asked, 2);
}

/// The same for the Pegasus, whose messages are DGT's: a field update before the first dump
/// of a connection is left to the dump.
#[test]
fn a_pegasus_leaves_field_updates_before_its_first_dump_to_the_dump() {
    let mut host = Pegasus::new(PegasusOptions::default());
    let _ = host.handle(LinkInput::Opened, t(0));
    let (events, _) = feed(&mut host, &pegasus::field_update(Square::E2, false), t(5));
    assert!(link_inputs(&events).is_empty(), "{events:?}");
    let start = SensedBoard::from_board(&Board::new(), Sensing::Occupancy);
    let (events, _) = feed(&mut host, &pegasus::occupancy_dump(&start), t(10));
    assert_eq!(link_inputs(&events), [BoardInput::Resync(start)]);
    let (events, _) = feed(&mut host, &pegasus::field_update(Square::E2, false), t(15));
    assert_eq!(link_inputs(&events), [BoardInput::Up(Square::E2)]);
}

/// dgtbrd.h: the size carries "D13 to D7" and "D6 to D0" of the total length, "followed by
/// … 0 to ((2 EXP 14) minus 3) data bytes". The longest size the header can carry is read,
/// and the message after it too.
#[test]
fn the_size_is_fourteen_bits() {
    let mut host = dgt_host();
    let _ = host.handle(LinkInput::Opened, t(0));
    let _ = feed(
        host.as_mut(),
        &dump(&dump_codes(&Board::new(), Orientation::Standard)),
        t(1),
    );
    let mut bytes = message(DGT_EE_MOVES, &vec![EE_NOP; 0x3fff - 3]);
    assert_eq!(bytes[1..3], [0x7f, 0x7f]);
    bytes.extend(update(field(Square::E2), 0));
    let (events, asked) = feed(host.as_mut(), &bytes, t(10));
    assert_eq!(asked, 0);
    assert_eq!(events, [LinkEvent::Input(BoardInput::Up(Square::E2))]);
}

/// dgtbrd.h, "Notes on the communication dynamics": "the information on changes on the
/// squares can come in opposite sequence: first the new occurence is reported, then the
/// clearing of the old position"; "When a piece B on C4 is taken by piece A on B3 … A on C4,
/// Empty on B3 (and Empty on C4 is never seen)"; "a queen on C1 takes a pawn on C4. The
/// reported changes can be (in sequence): Empty on C4, Queen on C2, Queen on C3, Empty on C1,
/// Empty on C2, Queen on C4, Empty on C3". Each is read as the one move made, and so is a
/// slide without a capture (its squares passed are put down and lifted again).
#[test]
fn the_dynamics_the_header_describes_are_read_as_the_move_made() {
    let fen = "4k3/8/8/8/2p5/1B6/8/2Q1K3 w - - 0 1";
    let (bishop, queen) = (Some(piece('B')), Some(piece('Q')));
    for (changes, want) in [
        (vec![(Square::C4, bishop), (Square::B3, None)], "b3c4"),
        (
            vec![
                (Square::C4, None),
                (Square::C2, queen),
                (Square::C3, queen),
                (Square::C1, None),
                (Square::C2, None),
                (Square::C4, queen),
                (Square::C3, None),
            ],
            "c1c4",
        ),
        // The new occurrence first, then the clearing.
        (vec![(Square::A4, bishop), (Square::B3, None)], "b3a4"),
        // Slides without a capture: the squares passed are not moved to ("Queen on D2, Empty
        // on C1" alone is Qd2).
        (
            vec![
                (Square::D2, queen),
                (Square::C1, None),
                (Square::E3, queen),
                (Square::D2, None),
                (Square::F4, queen),
                (Square::E3, None),
            ],
            "c1f4",
        ),
        (
            vec![
                (Square::C1, None),
                (Square::C2, queen),
                (Square::C2, None),
                (Square::C3, queen),
            ],
            "c1c3",
        ),
    ] {
        let game = position(fen);
        let mut host = dgt_host();
        let _ = host.handle(LinkInput::Opened, t(0));
        let (mut events, _) = feed(
            host.as_mut(),
            &dump(&dump_codes(game.board(), Orientation::Standard)),
            t(1),
        );
        let mut bytes = Vec::new();
        for (sq, piece) in changes {
            bytes.extend(update(field(sq), code(piece)));
        }
        // Split anywhere, as a serial port may deliver them.
        for chunk in bytes.chunks(3) {
            events.extend(feed(host.as_mut(), chunk, t(2)).0);
        }
        events.extend(settled(host.as_mut(), t(2)));
        let mut tracker = Tracker::new(game, Sensing::Piece);
        assert_eq!(moves_read(&mut tracker, &events), [want]);
    }
}

/// dgtbrd.h: "The start of the incoming message can be recognised by the MSB of the message
/// identifier set to 1". A game's stream with noise (a stray data byte, a message cut short
/// by the next, a size no message has) is read whatever way the reads split it: each loss
/// is logged, the dump the host asks for then is compared with the game as a whole, and no
/// move is lost.
#[test]
fn noise_and_cut_messages_cost_no_move_wherever_the_reads_split() {
    let game = Chess::default();
    let after_e4 = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let mut stream = version();
    stream.extend(dump(&dump_codes(game.board(), Orientation::Standard)));
    stream.push(0x13); // a stray data byte
    stream.extend(update(field(Square::E2), 0));
    stream.extend(&update(field(Square::E4), 1)[..4]); // cut short by the next message
    // The dump the host asked for after the loss.
    stream.extend(dump(&dump_codes(after_e4.board(), Orientation::Standard)));
    stream.extend(update(field(Square::E7), 0));
    stream.extend([MESSAGE_BIT | DGT_FIELD_UPDATE, 0x00, 0x02]); // a size below the header
    let mut lifted = after_e4.board().clone();
    lifted.discard_piece_at(Square::E7);
    stream.extend(dump(&dump_codes(&lifted, Orientation::Standard)));
    stream.extend(update(field(Square::E5), 7));
    for split in 0..stream.len() {
        let mut host = dgt_host();
        let _ = host.handle(LinkInput::Opened, t(0));
        let (a, b) = stream.split_at(split);
        let (mut events, _) = feed(host.as_mut(), a, t(1));
        events.extend(feed(host.as_mut(), b, t(2)).0);
        events.extend(settled(host.as_mut(), t(2)));
        let dropped = events
            .iter()
            .filter(|e| matches!(e, LinkEvent::Dropped(_)))
            .count();
        assert_eq!(dropped, 3, "split at {split}: {events:?}");
        let mut tracker = Tracker::new(game.clone(), Sensing::Piece);
        let moves = moves_read(&mut tracker, &events);
        // e2e4 is read from the dump after the loss, e7e5 from the updates.
        assert_eq!(moves, ["e2e4", "e7e5"], "split at {split}");
    }
}
