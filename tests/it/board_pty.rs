//! Boards over pseudo-terminals: the master games of `tests/data/masters.pgn` played on a
//! simulated peg board (device events, every order, noise), read back by the serial adapter,
//! the link and the tracker. Every move inferred, every lift of the moving piece reported as
//! a touch, no false move; and a board that vanishes mid-game and comes back loses nothing.

use std::time::{Duration, Instant};

use annexd::board::{BoardConnection, PortEvent, PortSettings, SimOptions, start_simulator};
use annexd_core::board::simulated::{SimOrder, SimulatedPegBoardOptions};
use annexd_core::board::transport::SerialFraming;
use annexd_core::board::{BoardInput, LinkEvent, Sensing, Tracker, TrackerOutput};
use annexd_core::board::{Link, Protocol};
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Chess, Move, Position, Square};

/// The games of the file, each as its moves.
fn master_games() -> Vec<Vec<Move>> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/masters.pgn"
    ))
    .unwrap();
    let mut games = Vec::new();
    for block in text.split("[Event ").skip(1) {
        let movetext: String = block
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join(" ");
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        for word in movetext.split_whitespace() {
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
                continue;
            }
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if word.is_empty() {
                continue;
            }
            let m = word
                .parse::<San>()
                .unwrap_or_else(|_| panic!("bad SAN {word}"))
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(m);
            moves.push(m);
        }
        games.push(moves);
    }
    games
}

/// The squares a move lifts from: the moving piece (and for castling both pieces).
fn lifted_own(m: Move, turn: shakmaty::Color) -> Vec<Square> {
    match m {
        Move::Castle { king, rook } => {
            let _ = CastlingSide::from_king_side(king < rook).king_to(turn);
            vec![king, rook]
        }
        _ => vec![m.from().unwrap()],
    }
}

struct Run {
    moves: usize,
    questions: usize,
    differences: usize,
    lost: usize,
    resyncs: usize,
}

/// Plays one game on a simulated board and checks every move the tracker infers.
fn play_game(game: &[Move], options: SimOptions, check_touches: bool) -> Run {
    let sensing = options.device.sensing;
    let board = start_simulator(options).unwrap();
    let link = BoardConnection::serial(
        PortSettings {
            retry: Duration::from_millis(20),
            ..PortSettings::new(board.path(), SerialFraming::eight_n_one(115_200))
        },
        Box::new(Link::new(Protocol::PegBoard, false)),
    );
    let mut tracker = Tracker::new(Chess::default(), sensing);
    let mut run = Run {
        moves: 0,
        questions: 0,
        differences: 0,
        lost: 0,
        resyncs: 0,
    };
    // Wait for the board to introduce itself and its first scan.
    let handle = |tracker: &mut Tracker,
                  event: PortEvent,
                  run: &mut Run,
                  out: &mut Vec<TrackerOutput>| match event {
        PortEvent::Link(LinkEvent::Connected(hello)) => tracker.set_sensing(hello.sensing),
        PortEvent::Link(LinkEvent::Input(input)) => {
            if matches!(input, BoardInput::Resync(_)) {
                run.resyncs += 1;
            }
            out.extend(tracker.handle(&input));
        }
        PortEvent::Link(LinkEvent::Key(name)) if name == "clock" => out.extend(tracker.settle()),
        PortEvent::Link(LinkEvent::Lost) => run.lost += 1,
        _ => {}
    };
    let deadline = Instant::now() + Duration::from_secs(5);
    while run.resyncs == 0 {
        let event = link
            .events()
            .recv_deadline(deadline)
            .expect("the board connects");
        let mut out = Vec::new();
        handle(&mut tracker, event, &mut run, &mut out);
        assert!(out.is_empty(), "the start position agrees: {out:?}");
    }
    let mut pos = Chess::default();
    for (ply, &m) in game.iter().enumerate() {
        // Castling as "O-O": a king's two steps typed as a peg's way move the king alone.
        let typed = match m {
            Move::Castle { king, rook } if rook < king => "O-O-O".to_string(),
            Move::Castle { .. } => "O-O".to_string(),
            _ => UciMove::from_standard(m).to_string(),
        };
        board.type_line(&typed);
        board.type_line("KEY clock");
        let mut touched = Vec::new();
        let mut seen = None;
        let mut last_event = Instant::now();
        let started = Instant::now();
        while seen.is_none() {
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "ply {ply} {m:?} never recognised"
            );
            let mut out = Vec::new();
            match link.events().recv_timeout(Duration::from_millis(30)) {
                Ok(event) => {
                    last_event = Instant::now();
                    handle(&mut tracker, event, &mut run, &mut out);
                }
                // The clock press was lost on the line: the player presses it again.
                Err(_) if last_event.elapsed() > Duration::from_millis(400) => {
                    out.extend(tracker.settle());
                    last_event = Instant::now();
                }
                Err(_) => {}
            }
            let mut i = 0;
            while i < out.len() {
                match out[i].clone() {
                    TrackerOutput::Move(played) => {
                        assert_eq!(played, m, "ply {ply}: a false move");
                        seen = Some(played);
                    }
                    TrackerOutput::Touch {
                        square, own: true, ..
                    } => touched.push(square),
                    TrackerOutput::NeedPromotion { .. } => {
                        run.questions += 1;
                        out.extend(tracker.choose_promotion(m.promotion().unwrap()).unwrap());
                    }
                    TrackerOutput::NeedChoice(moves) => {
                        run.questions += 1;
                        assert!(
                            moves.contains(&m),
                            "ply {ply}: the choice {moves:?} misses {m:?}"
                        );
                        out.extend(tracker.choose(m).unwrap());
                    }
                    TrackerOutput::Differences(_) => run.differences += 1,
                    _ => {}
                }
                i += 1;
            }
        }
        if check_touches {
            for sq in lifted_own(m, pos.turn()) {
                assert!(
                    touched.contains(&sq),
                    "ply {ply} {m:?}: no touch of {sq} in {touched:?}"
                );
            }
        }
        pos.play_unchecked(m);
        run.moves += 1;
    }
    assert_eq!(tracker.position(), &pos);
    run
}

fn options(sensing: Sensing, order: SimOrder, seed: u64) -> SimOptions {
    SimOptions {
        device: SimulatedPegBoardOptions {
            sensing,
            order,
            seed,
            bounce: 0.15,
            ..SimulatedPegBoardOptions::default()
        },
        ..SimOptions::default()
    }
}

#[test]
fn master_games_in_every_order_on_every_board_with_hesitant_lifts() {
    let games = master_games();
    assert_eq!(games.len(), 6);
    let plies: usize = games.iter().map(Vec::len).sum();
    let threads: Vec<_> = [Sensing::Occupancy, Sensing::Color, Sensing::Piece]
        .into_iter()
        .map(|sensing| {
            let games = games.clone();
            std::thread::spawn(move || {
                let mut moves = 0;
                for (g, game) in games.iter().enumerate() {
                    for (o, order) in [
                        SimOrder::MoverFirst,
                        SimOrder::OtherFirst,
                        SimOrder::Shuffled,
                    ]
                    .into_iter()
                    .enumerate()
                    {
                        let run =
                            play_game(game, options(sensing, order, (g * 3 + o) as u64), true);
                        assert_eq!(run.lost, 0);
                        moves += run.moves;
                    }
                }
                moves
            })
        })
        .collect();
    let total: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
    assert_eq!(total, plies * 9);
}

#[test]
fn master_games_survive_lines_with_wrong_checksums() {
    let games = master_games();
    let threads: Vec<_> = [Sensing::Occupancy, Sensing::Color, Sensing::Piece]
        .into_iter()
        .map(|sensing| {
            let games = games.clone();
            std::thread::spawn(move || {
                let mut dropped_asked = 0;
                for (g, game) in games.iter().enumerate() {
                    let mut opts = options(sensing, SimOrder::Shuffled, 100 + g as u64);
                    opts.device.bad_checksum = 0.03;
                    opts.device.checksum = true;
                    let run = play_game(game, opts, false);
                    assert_eq!(run.moves, game.len());
                    dropped_asked += run.resyncs;
                }
                dropped_asked
            })
        })
        .collect();
    for t in threads {
        assert!(
            t.join().unwrap() > 6,
            "some lines were dropped and rescanned"
        );
    }
}

#[test]
fn a_board_that_vanishes_mid_game_comes_back_and_nothing_is_lost() {
    let games = master_games();
    for (sensing, after) in [
        (Sensing::Occupancy, 41),
        (Sensing::Color, 77),
        (Sensing::Piece, 120),
    ] {
        let opts = SimOptions {
            disconnect_after: Some(after),
            ..options(sensing, SimOrder::MoverFirst, 9)
        };
        let run = play_game(&games[0], opts, false);
        assert_eq!(run.lost, 1, "{sensing:?}: the loss is noticed");
        assert!(
            run.resyncs >= 2,
            "{sensing:?}: the board was read again after coming back"
        );
        assert_eq!(run.moves, games[0].len());
    }
}
