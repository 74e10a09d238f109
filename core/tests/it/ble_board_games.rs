//! Random legal games on the Bluetooth boards, read by their hosts through the board
//! interface and the tracker: a Chessnut's position notifications (sent at any moment
//! between lifts and drops, repeated, cut in two by a small MTU, some lost halves, some with
//! piece codes that are none, answers to other commands between), and a Pegasus's field
//! updates (cut anywhere, junk between, the board dump it is then asked for, which is a
//! resync). The moves read are exactly the game's moves.

use std::time::Duration;

use annexd_core::board::chessnut::{self, Chessnut};
use annexd_core::board::events::{EventOrder, SplitMix, move_events};
use annexd_core::board::peg_protocol::DeviceMsg;
use annexd_core::board::pegasus::{self, Pegasus, PegasusOptions};
use annexd_core::board::positions::OrientationSetting;
use annexd_core::board::{
    BoardProtocol, Cell, LinkEvent, LinkInput, LinkOutput, SensedBoard, Sensing, Tracker,
    TrackerOutput,
};
use proptest::prelude::*;
use shakmaty::{Chess, Move, Piece, Position};

/// What the tracker made of the events: moves (questions answered with the move that was
/// made, as the player would) and anything else it said.
#[derive(Default)]
struct Read {
    moves: Vec<Move>,
    said: Vec<TrackerOutput>,
    dropped: usize,
}

impl Read {
    fn outputs(&mut self, tracker: &mut Tracker, outputs: Vec<TrackerOutput>, made: Move) {
        let mut queue = outputs;
        while !queue.is_empty() {
            let mut more = Vec::new();
            for o in queue {
                match o {
                    TrackerOutput::Move(m) => self.moves.push(m),
                    TrackerOutput::Touch { .. } | TrackerOutput::PutBack { .. } => {}
                    TrackerOutput::NeedPromotion { .. } => {
                        more.extend(tracker.choose_promotion(made.promotion().unwrap()).unwrap())
                    }
                    // A capture not seen whole (after a resync of an occupancy board, the
                    // piece still in hand) is asked; the player answers only when it is
                    // the move made, and otherwise goes on moving.
                    TrackerOutput::NeedChoice(moves) if moves.contains(&made) => {
                        more.extend(tracker.choose(made).unwrap());
                    }
                    other => self.said.push(other),
                }
            }
            queue = more;
        }
    }

    fn events(&mut self, tracker: &mut Tracker, out: Vec<LinkOutput>, made: Move) -> Vec<u8> {
        let mut writes = Vec::new();
        for o in out {
            match o {
                LinkOutput::Write(w) => writes.extend(w),
                LinkOutput::Event(LinkEvent::Input(input)) => {
                    let outputs = tracker.handle(&input);
                    self.outputs(tracker, outputs, made);
                }
                LinkOutput::Event(LinkEvent::Dropped(_)) => self.dropped += 1,
                LinkOutput::Event(LinkEvent::Lost) => panic!("lost"),
                LinkOutput::Event(_) => {}
            }
        }
        writes
    }
}

fn piece_of(msg: &DeviceMsg) -> Option<Piece> {
    match msg {
        DeviceMsg::Down(_, Some(c)) => Piece::from_char(*c),
        _ => None,
    }
}

fn chessnut_game(seed: u64, plies: usize, noise: u8) -> Result<(), TestCaseError> {
    let level = f64::from(noise) * 0.08;
    let mut rng = SplitMix::new(seed);
    let mut host = Chessnut::new(OrientationSetting::default());
    let mut game = Chess::default();
    let mut board = SensedBoard::from_board(game.board(), Sensing::Piece);
    let mut tracker = Tracker::new(game.clone(), Sensing::Piece);
    let mut stamp = 0u32;
    let t = Duration::ZERO;
    let _ = host.handle(LinkInput::Opened, t);
    // Sends the board's position as the board does, with the noise.
    let mut notify = |host: &mut Chessnut, board: &SensedBoard, rng: &mut SplitMix| {
        stamp += 1;
        let mut notes = Vec::new();
        if rng.chance(level) {
            notes.push(vec![0x23, 0x01, 0x00]);
        }
        let mut note = chessnut::position_notification(board, stamp);
        if rng.chance(level) {
            // A piece code that is none: dropped, and the next report brings the position.
            let mut bad = note.clone();
            bad[2 + rng.below(32)] |= 0xd0;
            bad[2 + rng.below(32)] |= 0x0e;
            notes.push(bad);
        }
        if rng.chance(level) {
            // The first half of a notification whose second half was lost.
            notes.push(note[..10 + rng.below(20)].to_vec());
        }
        if rng.chance(level) {
            note.truncate(34); // without the time stamp
        }
        if rng.chance(0.5) {
            let cut = 3 + rng.below(note.len() - 4);
            notes.push(note[..cut].to_vec());
            notes.push(note[cut..].to_vec());
        } else {
            notes.push(note);
        }
        notes
            .iter()
            .flat_map(|n| host.handle(LinkInput::Bytes(n), t))
            .collect::<Vec<_>>()
    };
    let mut read = Read::default();
    let first = notify(&mut host, &board, &mut rng);
    let none = Chess::default().legal_moves()[0];
    let _ = read.events(&mut tracker, first, none);
    for ply in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        for msg in move_events(
            &game,
            m,
            Sensing::Piece,
            EventOrder::Shuffled(rng.next_u64()),
        ) {
            match &msg {
                DeviceMsg::Up(sq) => board.set(*sq, Cell::Empty),
                DeviceMsg::Down(sq, _) => {
                    board.set(*sq, piece_of(&msg).map_or(Cell::Peg, Cell::Piece))
                }
                _ => {}
            }
            for _ in 0..rng.below(3) {
                let out = notify(&mut host, &board, &mut rng);
                let _ = read.events(&mut tracker, out, m);
            }
        }
        // The board reports until a clean notification has gone out.
        for _ in 0..2 {
            let out = notify(&mut host, &board, &mut rng);
            let _ = read.events(&mut tracker, out, m);
        }
        let out = host.handle(
            LinkInput::Bytes(&chessnut::position_notification(&board, 0)),
            t,
        );
        let _ = read.events(&mut tracker, out, m);
        prop_assert_eq!(&read.moves, &vec![m], "ply {}", ply);
        prop_assert!(read.said.is_empty(), "ply {}: {:?}", ply, read.said);
        read.moves.clear();
        game.play_unchecked(m);
        prop_assert_eq!(tracker.position(), &game);
    }
    if noise == 0 {
        prop_assert_eq!(read.dropped, 0);
    }
    Ok(())
}

fn pegasus_game(seed: u64, plies: usize, noise: u8) -> Result<(), TestCaseError> {
    let level = f64::from(noise) * 0.05;
    let mut rng = SplitMix::new(seed);
    let mut host = Pegasus::new(PegasusOptions::default());
    let mut game = Chess::default();
    let mut board = SensedBoard::from_board(game.board(), Sensing::Occupancy);
    let mut tracker = Tracker::new(game.clone(), Sensing::Occupancy);
    let t = Duration::ZERO;
    let mut read = Read::default();
    let none = Chess::default().legal_moves()[0];
    // Feeds the board's bytes cut anywhere; answers a dump asked for, as the board does.
    let feed = |host: &mut Pegasus,
                tracker: &mut Tracker,
                read: &mut Read,
                board: &SensedBoard,
                bytes: Vec<u8>,
                rng: &mut SplitMix,
                made: Move| {
        let mut pending = vec![bytes];
        while let Some(bytes) = pending.pop() {
            let mut rest = &bytes[..];
            while !rest.is_empty() {
                let n = 1 + rng.below(rest.len().min(20));
                let (chunk, tail) = rest.split_at(n);
                rest = tail;
                let out = host.handle(LinkInput::Bytes(chunk), t);
                let writes = read.events(tracker, out, made);
                if writes.contains(&0x42) {
                    pending.push(pegasus::occupancy_dump(board));
                }
            }
        }
    };
    let start = host.handle(LinkInput::Opened, t);
    let writes = read.events(&mut tracker, start, none);
    prop_assert!(writes.contains(&0x42));
    feed(
        &mut host,
        &mut tracker,
        &mut read,
        &board,
        pegasus::occupancy_dump(&board),
        &mut rng,
        none,
    );
    for ply in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        let mut noisy = false;
        for msg in move_events(
            &game,
            m,
            Sensing::Occupancy,
            EventOrder::Shuffled(rng.next_u64()),
        ) {
            let (sq, occupied) = match msg {
                DeviceMsg::Up(sq) => (sq, false),
                DeviceMsg::Down(sq, _) => (sq, true),
                _ => continue,
            };
            board.set(sq, if occupied { Cell::Peg } else { Cell::Empty });
            let mut bytes = Vec::new();
            if rng.chance(level) {
                noisy = true;
                bytes.extend([0x13, 0x8e, 0x7f]); // a stray byte and a message cut short
            }
            bytes.extend(pegasus::field_update(sq, occupied));
            feed(
                &mut host,
                &mut tracker,
                &mut read,
                &board,
                bytes,
                &mut rng,
                m,
            );
        }
        let settled = tracker.settle();
        read.outputs(&mut tracker, settled, m);
        prop_assert_eq!(&read.moves, &vec![m], "ply {}", ply);
        if !noisy {
            prop_assert!(read.said.is_empty(), "ply {}: {:?}", ply, read.said);
        }
        read.moves.clear();
        read.said.clear();
        game.play_unchecked(m);
        prop_assert_eq!(tracker.position(), &game);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn random_games_on_a_chessnut_are_read_move_for_move(seed in any::<u64>(), plies in 1usize..80, noise in 0u8..4) {
        chessnut_game(seed, plies, noise)?;
    }

    #[test]
    fn random_games_on_a_pegasus_are_read_move_for_move(seed in any::<u64>(), plies in 1usize..80, noise in 0u8..4) {
        pegasus_game(seed, plies, noise)?;
    }
}

#[test]
fn the_board_interface_serves_both() {
    let boards: Vec<Box<dyn BoardProtocol>> = vec![
        Box::new(Chessnut::new(OrientationSetting::default())),
        Box::new(Pegasus::new(PegasusOptions::default())),
    ];
    for board in &boards {
        assert!(board.has_lights());
        assert_eq!(board.next_deadline(), None);
    }
    assert_eq!(boards[0].sensing(), Some(Sensing::Piece));
    assert_eq!(boards[1].sensing(), Some(Sensing::Occupancy));
}
