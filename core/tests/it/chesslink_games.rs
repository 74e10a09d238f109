//! Random legal games played on the simulated ChessLink board and read by the host through
//! the board interface and the tracker: every lift and drop order, scans falling anywhere
//! between them, every report setting, both parity lines, the board either way round,
//! damaged status messages and junk bytes interleaved, the stream cut anywhere. The moves
//! read are exactly the game's moves, and nothing else is said. Any bytes at all are dropped
//! or read, never a panic, on every board kind.

use std::collections::VecDeque;
use std::time::Duration;

use annexd_core::board::chesslink::device::{BoardOptions, ChessLinkBoard, Noise};
use annexd_core::board::chesslink::frame::ByteParity;
use annexd_core::board::chesslink::messages::{E2ROM_REPORT_TIME, E2ROM_REPORTS, ReportMode};
use annexd_core::board::chesslink::{ChessLink, ChessLinkOptions, Line, Reports};
use annexd_core::board::events::{EventOrder, SplitMix, move_events};
use annexd_core::board::positions::{Orientation, OrientationSetting};
use annexd_core::board::{
    BoardProtocol, LinkEvent, LinkInput, LinkOutput, Request, Sensing, Tracker, TrackerOutput,
};
use proptest::prelude::*;
use shakmaty::{Bitboard, Chess, Move, Position, Square};

/// One game's wiring: host, simulated board, tracker, fake time, noise.
struct Run {
    host: ChessLink,
    board: ChessLinkBoard,
    tracker: Tracker,
    now: Duration,
    rng: SplitMix,
    junk: f64,
    parity: ByteParity,
    moves: Vec<Move>,
    said: Vec<TrackerOutput>,
    dropped: usize,
    lost: bool,
}

impl Run {
    /// Bytes from the board reach the host in pieces of any size, junk between some; what
    /// the host writes reaches the board, whose answers come back the same way.
    fn deliver(&mut self, bytes: Vec<u8>) {
        let mut queue = VecDeque::from([bytes]);
        while let Some(bytes) = queue.pop_front() {
            let mut rest = &bytes[..];
            while !rest.is_empty() {
                if self.rng.chance(self.junk) {
                    let junk = self.junk_bytes();
                    let out = self.host.handle(LinkInput::Bytes(&junk), self.now);
                    self.outputs(out, &mut queue);
                }
                let n = 1 + self.rng.below(rest.len().min(90));
                let (chunk, tail) = rest.split_at(n);
                rest = tail;
                let out = self.host.handle(LinkInput::Bytes(chunk), self.now);
                self.outputs(out, &mut queue);
            }
        }
    }

    fn junk_bytes(&mut self) -> Vec<u8> {
        const LIKELY: &[u8] = b"vslxwr.KQRBNPkqrbnp0123456789ABCDEF";
        let n = 1 + self.rng.below(12);
        (0..n)
            .map(|_| {
                let b = if self.rng.chance(0.7) {
                    LIKELY[self.rng.below(LIKELY.len())]
                } else {
                    self.rng.next_u64() as u8
                };
                match self.parity {
                    ByteParity::InByte if self.rng.chance(0.8) => {
                        annexd_core::board::chesslink::frame::with_odd_parity(b)
                    }
                    ByteParity::InByte => b,
                    ByteParity::ByDriver => b & 0x7f,
                }
            })
            .collect()
    }

    fn outputs(&mut self, out: Vec<LinkOutput>, queue: &mut VecDeque<Vec<u8>>) {
        for o in out {
            match o {
                LinkOutput::Write(w) => {
                    let answer = self.board.receive(&w);
                    if !answer.is_empty() {
                        queue.push_back(answer);
                    }
                }
                LinkOutput::Event(e) => self.event(e),
            }
        }
    }

    fn event(&mut self, e: LinkEvent) {
        match e {
            LinkEvent::Input(input) => {
                for o in self.tracker.handle(&input) {
                    match o {
                        TrackerOutput::Move(m) => self.moves.push(m),
                        TrackerOutput::Touch { .. } | TrackerOutput::PutBack { .. } => {}
                        other => self.said.push(other),
                    }
                }
            }
            LinkEvent::Dropped(_) => self.dropped += 1,
            LinkEvent::Lost => self.lost = true,
            _ => {}
        }
    }

    fn host_outputs(&mut self, out: Vec<LinkOutput>) {
        let mut queue = VecDeque::new();
        self.outputs(out, &mut queue);
        for bytes in queue {
            self.deliver(bytes);
        }
    }

    /// One scan of the board, a scan time later.
    fn scan(&mut self) {
        self.now += self.board.scan_time();
        let bytes = self.board.scan();
        if !bytes.is_empty() {
            self.deliver(bytes);
        }
        self.tick();
    }

    fn tick(&mut self) {
        if self.host.next_deadline().is_some_and(|d| self.now >= d) {
            let out = self.host.handle(LinkInput::Tick, self.now);
            self.host_outputs(out);
        }
    }

    /// Time passes with nothing moved (a player thinking): the board scans on, then, as far
    /// as the host is concerned, falls silent: it pings, and asks again for a status it
    /// asked for and did not get, until it has it.
    fn quiet(&mut self) {
        for _ in 0..30 {
            self.scan();
        }
        let silent_from = self.now;
        while self.now < silent_from + Duration::from_millis(2500)
            || (self.host.awaiting_status() && self.now < silent_from + Duration::from_secs(60))
        {
            self.now += Duration::from_millis(350);
            self.tick();
        }
    }
}

fn options_for(mode: u8) -> (Reports, Option<u8>) {
    // (what the host asks, what the board had in its E2ROM before)
    match mode % 6 {
        0 => (Reports::AsSet, None),     // the default stream, every scan
        1 => (Reports::default(), None), // set to "on change"
        2 => (Reports::Set(ReportMode::OnChangeDebounced(2)), Some(0)),
        3 => (
            Reports::AsSet,
            Some(ReportMode::OnChangeDebounced(5).e2rom()),
        ),
        4 => (Reports::AsSet, Some(ReportMode::Timed.e2rom())),
        _ => (Reports::default(), Some(ReportMode::OnChange.e2rom())),
    }
}

fn play(
    seed: u64,
    plies: usize,
    mode: u8,
    line: u8,
    rotated: bool,
    damage: u8,
) -> Result<(), TestCaseError> {
    let line = [Line::Serial7O1, Line::Serial8N1, Line::Ble][usize::from(line % 3)];
    let (reports, preset) = options_for(mode);
    let level = f64::from(damage) * 0.05;
    let orientation = if rotated {
        Orientation::Rotated
    } else {
        Orientation::Standard
    };
    let mut board = ChessLinkBoard::new(
        Chess::default().board(),
        BoardOptions {
            parity: line.byte_parity(),
            orientation,
            noise: Noise {
                bad_block_parity: level,
                bad_character: level,
                lost_byte: level,
            },
            seed: seed ^ 0x5eed,
            ..BoardOptions::default()
        },
    );
    if let Some(value) = preset {
        board.set_e2rom(E2ROM_REPORTS, value);
        board.set_e2rom(E2ROM_REPORT_TIME, 30);
    }
    let mut run = Run {
        host: ChessLink::new(ChessLinkOptions {
            line,
            reports,
            orientation: OrientationSetting::default(),
        }),
        board,
        tracker: Tracker::new(Chess::default(), Sensing::Piece),
        now: Duration::ZERO,
        rng: SplitMix::new(seed),
        junk: level / 2.0,
        parity: line.byte_parity(),
        moves: Vec::new(),
        said: Vec::new(),
        dropped: 0,
        lost: false,
    };
    let out = run.host.handle(LinkInput::Opened, run.now);
    run.host_outputs(out);
    run.quiet();
    prop_assert_eq!(run.host.feed().orientation(), orientation);
    let mut game = Chess::default();
    for ply in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[run.rng.below(legal.len())];
        // The move relayed to the sighted player is lit, as the session will do.
        if ply % 5 == 0 {
            let squares = Bitboard::from(m.from().unwrap_or(m.to())) | m.to();
            let bytes = run.host.request(&Request::Light(squares));
            let answer = run.board.receive(&bytes);
            run.deliver(answer);
            prop_assert_eq!(run.board.lit() & squares, squares);
        }
        let order = EventOrder::Shuffled(run.rng.next_u64());
        for event in move_events(&game, m, Sensing::Piece, order) {
            run.board.apply(&event);
            if run.rng.chance(0.6) {
                run.scan();
            }
        }
        run.quiet();
        prop_assert_eq!(
            &run.moves,
            &vec![m],
            "ply {}: the board showed {:?}",
            ply,
            m
        );
        prop_assert!(
            run.said.is_empty(),
            "ply {}: {:?} from {} gave {:?}",
            ply,
            m,
            shakmaty::fen::Fen::from_position(&game, shakmaty::EnPassantMode::Legal),
            run.said
        );
        prop_assert!(!run.lost);
        run.moves.clear();
        game.play_unchecked(m);
        prop_assert_eq!(run.tracker.position(), &game);
    }
    if let Some(preset) = preset.filter(|_| reports == Reports::AsSet) {
        // Left as set: the E2ROM was not written.
        prop_assert_eq!(run.board.e2rom(E2ROM_REPORTS), preset);
    }
    if let Reports::Set(mode) = reports {
        prop_assert_eq!(run.board.e2rom(E2ROM_REPORTS), mode.e2rom());
    }
    if damage == 0 {
        prop_assert_eq!(run.dropped, 0);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn random_games_on_a_chesslink_are_read_move_for_move(
        seed in any::<u64>(),
        plies in 1usize..70,
        mode in 0u8..6,
        line in 0u8..3,
        rotated in any::<bool>(),
        damage in 0u8..5,
    ) {
        play(seed, plies, mode, line, rotated, damage)?;
    }
}

#[test]
fn a_whole_game_through_heavy_noise_in_every_setting() {
    for mode in 0..6 {
        for line in 0..3 {
            if let Err(e) = play(u64::from(mode * 3 + line), 80, mode, line, mode % 2 == 1, 4) {
                panic!("mode {mode} line {line}: {e}");
            }
        }
    }
}

#[test]
fn the_default_stream_of_unchanged_reports_gives_nothing_to_do() {
    let board = ChessLinkBoard::new(Chess::default().board(), BoardOptions::default());
    let mut board = board;
    let mut host = ChessLink::new(ChessLinkOptions {
        reports: Reports::AsSet,
        ..ChessLinkOptions::default()
    });
    let mut now = Duration::ZERO;
    let mut events = 0;
    let mut writes: Vec<Vec<u8>> = Vec::new();
    let mut out = host.handle(LinkInput::Opened, now);
    loop {
        for o in out {
            match o {
                LinkOutput::Write(w) => writes.push(w),
                LinkOutput::Event(_) => events += 1,
            }
        }
        let Some(w) = writes.pop() else { break };
        let answer = board.receive(&w);
        out = host.handle(LinkInput::Bytes(&answer), now);
    }
    assert_eq!(events, 2); // the board introduced, and the resync
    let before = host.unchanged_reports();
    let sent = board.counts().statuses;
    // A minute of the default stream: 24 reports a second, each passed over.
    for _ in 0..(60 * 24) {
        now += board.scan_time();
        let report = board.scan();
        assert!(host.handle(LinkInput::Bytes(&report), now).is_empty());
    }
    assert_eq!(host.unchanged_reports() - before, 60 * 24);
    assert_eq!(board.counts().statuses - sent, 60 * 24);
    // Then a piece is lifted: the next report says so, taken with the one after.
    board.place(Square::G1, None);
    let report = board.scan();
    let _ = host.handle(LinkInput::Bytes(&report), now);
    let report = board.scan();
    let out = host.handle(LinkInput::Bytes(&report), now);
    assert_eq!(
        out,
        [LinkOutput::Event(LinkEvent::Input(
            annexd_core::board::BoardInput::Up(Square::G1)
        ))]
    );
}

#[test]
fn a_silent_board_is_pinged_and_then_lost() {
    let mut host = ChessLink::new(ChessLinkOptions::default());
    let _ = host.handle(LinkInput::Opened, Duration::ZERO);
    assert_eq!(host.next_deadline(), Some(Duration::from_secs(1)));
    let out = host.handle(LinkInput::Tick, Duration::from_secs(1));
    // Version as the ping, the status asked at opening and never answered, and the
    // reports setting asked again.
    let writes: Vec<_> = out
        .iter()
        .filter_map(|o| match o {
            LinkOutput::Write(w) => Some(w.clone()),
            LinkOutput::Event(_) => None,
        })
        .collect();
    assert_eq!(
        writes,
        [b"V56".to_vec(), b"S53".to_vec(), b"R0250".to_vec()]
    );
    let out = host.handle(LinkInput::Tick, Duration::from_secs(3));
    assert_eq!(out, [LinkOutput::Event(LinkEvent::Lost)]);
    assert!(!host.is_connected());
    assert_eq!(host.next_deadline(), None);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Any bytes, cut anywhere, into any board's host and into the simulated ChessLink: never
    /// a panic.
    #[test]
    fn any_bytes_are_dropped_or_read_never_a_panic(
        chunks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..90), 0..12),
        line in 0u8..3,
    ) {
        let line = [Line::Serial7O1, Line::Serial8N1, Line::Ble][usize::from(line % 3)];
        let mut hosts: Vec<Box<dyn BoardProtocol>> = vec![
            Box::new(ChessLink::new(ChessLinkOptions { line, ..ChessLinkOptions::default() })),
            Box::new(annexd_core::board::chessnut::Chessnut::new(OrientationSetting::default())),
            Box::new(annexd_core::board::pegasus::Pegasus::new(
                annexd_core::board::pegasus::PegasusOptions::default(),
            )),
        ];
        let mut board = ChessLinkBoard::new(
            Chess::default().board(),
            BoardOptions { parity: line.byte_parity(), ..BoardOptions::default() },
        );
        for host in &mut hosts {
            let _ = host.handle(LinkInput::Opened, Duration::ZERO);
            for chunk in &chunks {
                let _ = host.handle(LinkInput::Bytes(chunk), Duration::ZERO);
            }
            let _ = host.handle(LinkInput::Tick, Duration::from_secs(5));
            let _ = host.handle(LinkInput::Closed, Duration::from_secs(5));
        }
        for chunk in &chunks {
            let _ = board.receive(chunk);
        }
    }
}
