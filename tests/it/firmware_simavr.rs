//! The peg-board firmware of `firmware/` (OpenPeg 64) as built for the ATmega328P, running in
//! simavr behind `scripts/pegboard-sim.sh`: its serial line is a pseudo-terminal, its switches
//! are set from the script's standard input. First the protocol as a host sees it on that line
//! (HELLO and BOARD at power-up, HELLO?, SCAN, PING, BEEP, checksums both ways, ERR, keys,
//! many pegs at once, an overflowing queue), read with annexd's own parser; then end to end: `annexd board-watch` infers the six
//! master games of `tests/data/masters.pgn` played peg by peg, with contact bounce, on the
//! simulated board.
//!
//! Needs gcc-avr, avr-libc, simavr and libsimavr-dev (scripts/setup.sh installs them).

use crate::common;
use crate::common::platform::Start;

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Once;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use annexd_core::board::peg_protocol::parse_device_line;
use common::Running;
use serde_json::Value;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position, Square};

/// How long a test waits, in wall-clock time, for something the simulation should do at once.
const WAIT: Duration = Duration::from_secs(20);
const HELLO: &str = "HELLO openpeg-64 1.0.0 occupancy";
const START: &str = "BOARD xxxxxxxxxxxxxxxx................................xxxxxxxxxxxxxxxx";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Builds the firmware and the simulator once for all the tests of this file.
fn build_firmware() {
    static BUILD: Once = Once::new();
    BUILD.call_once(|| {
        let out = Command::new("make")
            .args(["-s", "-C"])
            .arg(root().join("firmware"))
            .arg("all")
            .start_output()
            .expect("make runs (scripts/setup.sh installs it)");
        assert!(
            out.status.success(),
            "the firmware does not build (gcc-avr, avr-libc, simavr and libsimavr-dev come \
             with scripts/setup.sh):\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    });
}

/// `scripts/pegboard-sim.sh`: the simulated board, driven through its standard input.
struct SimBoard {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Receiver<String>,
    path: PathBuf,
}

impl SimBoard {
    fn start(args: &[&str]) -> SimBoard {
        build_firmware();
        let mut child = Command::new(root().join("scripts/pegboard-sim.sh"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .start()
            .expect("scripts/pegboard-sim.sh starts");
        let (tx, stdout) = channel();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let path = stdout
            .recv_timeout(WAIT)
            .expect("the simulator prints its serial line first");
        assert!(
            Path::new(&path).exists(),
            "the first line is the pseudo-terminal: {path}"
        );
        SimBoard {
            stdin: child.stdin.take(),
            child,
            stdout,
            path: PathBuf::from(path),
        }
    }

    /// Sends script lines (UP e2, WAIT 40, KEY clock, ...).
    fn script(&mut self, lines: &str) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(lines.as_bytes()).unwrap();
        if !lines.ends_with('\n') {
            stdin.write_all(b"\n").unwrap();
        }
        stdin.flush().unwrap();
    }

    /// The next line on the simulator's standard output (BEEP, SYNC).
    fn output(&mut self) -> String {
        self.stdout
            .recv_timeout(WAIT)
            .expect("a line from the simulator")
    }

    /// Ends the input and checks that the simulator ends cleanly on its own.
    fn finish(mut self) {
        self.stdin.take();
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(
                    status.success(),
                    "the simulator ends cleanly at the end of input: {status}"
                );
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the simulator did not end after its input"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for SimBoard {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A host on the simulated board's serial line: writes requests, reads whole lines.
struct Host {
    port: Box<dyn serialport::SerialPort>,
    pending: Vec<u8>,
}

impl Host {
    fn open(path: &Path) -> Host {
        let port = serialport::new(path.to_string_lossy(), 115_200)
            .timeout(Duration::from_millis(50))
            .open()
            .expect("the serial line opens");
        // Whatever the board said before anybody listened (its power-up HELLO) is dropped.
        std::thread::sleep(Duration::from_millis(100));
        port.clear(serialport::ClearBuffer::Input).unwrap();
        Host {
            port,
            pending: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.port.write_all(line.as_bytes()).unwrap();
        self.port.flush().unwrap();
    }

    /// The next line, as sent (with its `*HH`), checked by annexd's own parser; panics on
    /// silence.
    fn line(&mut self) -> String {
        self.line_within(WAIT)
            .unwrap_or_else(|| panic!("the board said nothing within {WAIT:?}"))
    }

    fn line_within(&mut self, wait: Duration) -> Option<String> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let raw: Vec<u8> = self.pending.drain(..=end).collect();
                let text = String::from_utf8(raw).expect("ASCII");
                let line = text.trim_end_matches('\n');
                match parse_device_line(line.as_bytes()) {
                    Ok(Some(_)) => {}
                    other => panic!("annexd's parser rejects '{line}': {other:?}"),
                }
                let (body, sum) = line.rsplit_once('*').expect("every line has a checksum");
                assert_eq!(sum.len(), 2, "{line}");
                return Some(body.to_string());
            }
            if Instant::now() > deadline {
                return None;
            }
            let mut buf = [0u8; 512];
            match self.port.read(&mut buf) {
                Ok(n) => self.pending.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(e) => panic!("reading the serial line: {e}"),
            }
        }
    }

    /// Every line the board sends until the simulation has run `ms` more milliseconds after
    /// the script so far: by then they are all in the pseudo-terminal.
    fn lines_for(&mut self, board: &mut SimBoard, ms: u32) -> Vec<String> {
        board.script(&format!("WAIT {ms}\nSYNC lines"));
        assert_eq!(board.output(), "SYNC lines");
        let mut lines = Vec::new();
        while let Some(line) = self.line_within(Duration::from_millis(300)) {
            lines.push(line);
        }
        lines
    }
}

#[test]
#[cfg_attr(
    windows,
    ignore = "simavr, the AVR simulator the firmware runs in, is a Linux program"
)]
fn the_firmware_speaks_protocol_v1_on_its_serial_line() {
    let mut board = SimBoard::start(&["--speed", "5"]);
    let mut host = Host::open(&board.path);

    board.script("RESET");
    assert_eq!(host.line(), HELLO, "HELLO at power-up");
    assert_eq!(host.line(), START, "and the board");
    host.send("HELLO?\n");
    assert_eq!(host.line(), HELLO);
    host.send("SCAN*1F\n");
    assert_eq!(host.line(), START, "SCAN with a checksum");
    host.send("PING\r\n");
    assert_eq!(host.line(), "PONG");

    board.script("BOUNCE 4\nUP e2\nWAIT 40\nDOWN e4\nWAIT 40\nKEY clock\nWAIT 100\nKEY talk");
    assert_eq!(host.line(), "UP e2", "one UP for a bouncing lift");
    assert_eq!(host.line(), "DOWN e4");
    assert_eq!(host.line(), "KEY clock");
    assert_eq!(host.line(), "KEY talk");

    // A lift shorter than the debounce is no lift.
    board.script("BOUNCE 0\nUP d7\nWAIT 12\nDOWN d7\nWAIT 50\nSYNC glitch");
    assert_eq!(board.output(), "SYNC glitch");
    host.send("SCAN\n");
    assert_eq!(
        host.line(),
        "BOARD xxxxxxxxxxxxxxxx....................x...........xxxx.xxxxxxxxxxx",
        "the glitch on d7 left no trace, e2-e4 is on the board"
    );

    host.send("BEEP 80\n");
    let beep = board.output();
    let words: Vec<&str> = beep.split(' ').collect();
    assert_eq!(
        (words[0], words[2], words[4]),
        ("BEEP", "ms", "Hz"),
        "{beep}"
    );
    let (ms, hz): (f64, f64) = (words[1].parse().unwrap(), words[3].parse().unwrap());
    assert!((ms - 80.0).abs() <= 2.0, "the tone lasts 80 ms: {beep}");
    assert!((hz - 2000.0).abs() <= 20.0, "at 2 kHz: {beep}");

    host.send("SCAN*00\n");
    assert_eq!(host.line(), "ERR checksum");
    host.send("BEEP loud\n");
    assert_eq!(host.line(), "ERR bad arguments to BEEP");
    host.send(&format!("{}\n", "SCAN ".repeat(30)));
    assert_eq!(host.line(), "ERR line too long");
    host.send("LIGHT e4 on\nPING\n");
    assert_eq!(
        host.line(),
        "PONG",
        "a kind the firmware does not know is ignored"
    );

    board.script("CHAIN broken");
    assert_eq!(host.line(), "ERR sensor chain");
    board.script("UP a1\nWAIT 30\nCHAIN ok");
    assert_eq!(
        host.line(),
        "BOARD xxxxxxxxxxxxxxxx....................x...........xxxx.xxx.xxxxxxx",
        "mended, the board says where the pegs are (a1 was lifted meanwhile)"
    );
    board.finish();
}

/// The board as a host knows it from UP, DOWN and BOARD lines; panics on a contradiction.
#[derive(Default)]
struct HostModel {
    full: BTreeSet<usize>,
    overflows: usize,
    resync_owed: bool,
}

fn square_index(name: &str) -> usize {
    let b = name.as_bytes();
    assert_eq!(b.len(), 2, "{name}");
    usize::from(b[1] - b'1') * 8 + usize::from(b[0] - b'a')
}

fn cells(board: &str) -> BTreeSet<usize> {
    board
        .chars()
        .enumerate()
        .filter(|&(_, c)| c == 'x')
        .map(|(i, _)| (7 - i / 8) * 8 + i % 8)
        .collect()
}

impl HostModel {
    fn apply(&mut self, line: &str) {
        if let Some(sq) = line.strip_prefix("UP ") {
            assert!(
                !self.resync_owed,
                "{line} between the overflow and its BOARD"
            );
            assert!(self.full.remove(&square_index(sq)), "{line}: it was empty");
        } else if let Some(sq) = line.strip_prefix("DOWN ") {
            assert!(
                !self.resync_owed,
                "{line} between the overflow and its BOARD"
            );
            assert!(self.full.insert(square_index(sq)), "{line}: it was full");
        } else if line == "ERR queue overflow" {
            self.overflows += 1;
            self.resync_owed = true;
        } else if let Some(board) = line.strip_prefix("BOARD ") {
            if std::mem::take(&mut self.resync_owed) {
                self.full = cells(board);
            } else {
                assert_eq!(
                    cells(board),
                    self.full,
                    "a BOARD that contradicts the events"
                );
            }
        } else {
            panic!("unexpected line {line}");
        }
    }
}

#[test]
#[cfg_attr(
    windows,
    ignore = "simavr, the AVR simulator the firmware runs in, is a Linux program"
)]
fn pegs_moved_together_are_all_reported_and_an_overflow_loses_nothing() {
    let mut board = SimBoard::start(&["--speed", "5", "--bounce", "3", "--seed", "5"]);
    let mut host = Host::open(&board.path);
    let mut model = HostModel {
        full: cells(&START[6..]),
        ..HostModel::default()
    };

    // Every peg off the board at once, then the start position set up at once.
    board.script("SET empty\nWAIT 150\nSET start");
    let lines = host.lines_for(&mut board, 300);
    assert_eq!(lines.len(), 64, "32 UPs and 32 DOWNs: {lines:?}");
    for line in &lines {
        model.apply(line);
    }
    assert_eq!(model.full, cells(&START[6..]));

    // The whole board turned over every 25 ms: more lines than 115200 baud can carry.
    let inverted: String = START[6..]
        .chars()
        .map(|c| if c == 'x' { '.' } else { 'x' })
        .collect();
    let mut script = String::new();
    for round in 0..12 {
        let cells = if round % 2 == 0 {
            &inverted
        } else {
            &START[6..]
        };
        script.push_str(&format!("SET {cells}\nWAIT 25\n"));
    }
    script.push_str("UP c2\nWAIT 40\nKEY yes\n");
    board.script(&script);
    for line in host.lines_for(&mut board, 500) {
        if line == "KEY yes" {
            continue;
        }
        model.apply(&line);
    }
    assert!(
        model.overflows >= 1,
        "the queue overflowed and said so with ERR queue overflow"
    );
    let mut truth = cells(&START[6..]);
    truth.remove(&square_index("c2"));
    assert_eq!(
        model.full, truth,
        "after ERR and BOARD the host knows every peg"
    );
    host.send("SCAN\n");
    let scan = host.line();
    model.apply(&scan);
    board.finish();
}

/// `annexd board-watch`, stopped if the test fails half-way.
struct Watch(Option<Running>);

impl Watch {
    fn running(&mut self) -> &mut Running {
        self.0.as_mut().expect("still running")
    }

    /// Closes its input and waits for it to end; its exit code.
    fn wait(mut self) -> Option<i32> {
        self.0.take().expect("still running").wait()
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        if let Some(running) = self.0.as_mut() {
            let _ = running.child.kill();
            let _ = running.child.wait();
        }
    }
}

/// The master games, each as its moves.
fn master_games() -> Vec<Vec<Move>> {
    let text = common::read(&root().join("tests/data/masters.pgn"));
    let mut games = Vec::new();
    for block in text.split("[Event ").skip(1) {
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        for word in block
            .lines()
            .filter(|l| !l.starts_with('[') && !l.contains(']'))
            .flat_map(str::split_whitespace)
        {
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
                continue;
            }
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if word.is_empty() {
                continue;
            }
            let m = word
                .parse::<San>()
                .unwrap_or_else(|e| panic!("bad SAN {word}: {e}"))
                .to_move(&pos)
                .unwrap_or_else(|e| panic!("illegal {word}: {e}"));
            pos.play_unchecked(m);
            moves.push(m);
        }
        games.push(moves);
    }
    games
}

/// The peg events of a move as a player makes them; `victim_first` lifts a captured piece
/// before the moving one, and when castling puts the rook down before the king (the king is
/// always touched first: a rook touched first forbids castling, 4.4.2).
fn peg_events(m: Move, pos: &Chess, victim_first: bool) -> Vec<String> {
    let up = |sq: Square| format!("UP {sq}");
    let down = |sq: Square| format!("DOWN {sq}");
    match m {
        Move::Normal {
            from, to, capture, ..
        } => match (capture.is_some(), victim_first) {
            (false, _) => vec![up(from), down(to)],
            (true, false) => vec![up(from), up(to), down(to)],
            (true, true) => vec![up(to), up(from), down(to)],
        },
        Move::EnPassant { from, to } => {
            let victim = Square::from_coords(to.file(), from.rank());
            if victim_first {
                vec![up(victim), up(from), down(to)]
            } else {
                vec![up(from), down(to), up(victim)]
            }
        }
        Move::Castle { king, rook } => {
            let side = shakmaty::CastlingSide::from_king_side(king < rook);
            let turn = pos.turn();
            let (king_to, rook_to) = (side.king_to(turn), side.rook_to(turn));
            if victim_first {
                vec![up(king), up(rook), down(rook_to), down(king_to)]
            } else {
                vec![up(king), down(king_to), up(rook), down(rook_to)]
            }
        }
        Move::Put { .. } => unreachable!("no drops in chess"),
    }
}

#[test]
#[cfg_attr(
    windows,
    ignore = "simavr, the AVR simulator the firmware runs in, is a Linux program"
)]
fn board_watch_infers_the_master_games_played_peg_by_peg_on_the_simulated_board() {
    let games = master_games();
    assert_eq!(games.len(), 6);
    let mut plies = 0;
    for (g, game) in games.iter().enumerate() {
        let seed = (g + 1).to_string();
        // Contact bounce of up to 40 ms, each level held up to 19 ms: a firmware that debounced
        // for less than 20 ms would report some of it.
        let mut board = SimBoard::start(&["--speed", "25", "--bounce", "40", "--seed", &seed]);
        let mut watch = common::annexd();
        watch
            .args(["board-watch", "--lang", "en", "--board"])
            .arg(&board.path);
        if g % 2 == 1 {
            watch.arg("--checksum");
        }
        let mut watch = Watch(Some(Running::start(watch)));
        let json = |line: &str| -> Value {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}"))
        };
        let hello = json(&watch.running().expect_containing("\"hello\""));
        assert_eq!(
            (hello["model"].as_str(), hello["sensing"].as_str()),
            (Some("openpeg-64"), Some("occupancy"))
        );
        let mut pos = Chess::default();
        for (ply, &m) in game.iter().enumerate() {
            let victim_first = (g + ply) % 2 == 1;
            let mut script = String::new();
            for event in peg_events(m, &pos, victim_first) {
                script.push_str(&format!("{event}\nWAIT 70\n"));
            }
            // The clock pressed; the opponent's hand comes later.
            script.push_str("KEY clock\nWAIT 100\n");
            board.script(&script);
            let uci = UciMove::from_standard(m).to_string();
            let mut touched = false;
            loop {
                let line = watch.running().expect_line("an event", |_| true);
                let event = json(&line);
                match event["event"].as_str() {
                    Some("touch") => touched |= event["own"] == true,
                    Some("move") => {
                        assert_eq!(
                            event["uci"].as_str(),
                            Some(uci.as_str()),
                            "game {g}, ply {ply}: a false move"
                        );
                        break;
                    }
                    Some("key") | Some("agree") => {}
                    _ => panic!("game {g}, ply {ply} ({uci}): unexpected {line}"),
                }
            }
            assert!(touched, "game {g}, ply {ply}: the lift was a touch");
            pos.play_unchecked(m);
            plies += 1;
        }
        // The last clock press comes after the last move.
        watch
            .running()
            .expect_line("the last clock key", |l| l.contains("\"key\""));
        watch.running().type_line("quit\nyes");
        assert_eq!(watch.wait(), Some(0));
        board.finish();
    }
    assert_eq!(plies, games.iter().map(Vec::len).sum::<usize>());
}
