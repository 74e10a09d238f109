//! The tests' own Millennium ChessLink board, written from the public protocol document
//! ("Magic Chessboard Communications Protocol", Dave Woodfield, 25/10/17) and not from the
//! program's code: 38400 baud 7O1, printable ASCII, each message closed by its block parity
//! (the XOR of its characters, two hex digits); commands `V`, `S`, `L`, `X`, `T`, `W`, `R`
//! answered in lower case when their format and parity are right; the status `s` with 64
//! piece codes from a8 to h8, a7 … h1 (`KQRNBP`, `kqrnbp`, `.`); automatic reports by E2ROM
//! address 02 (every scan by default, or on any change); a scan every 40.96 ms; 81 LEDs at
//! the squares' corners, LED 1 in the a8 corner, LED 9 in a1's, LED 73 in h8's, LED 81 in
//! h1's.
//!
//! It runs on a pseudo-terminal, which carries no parity bits: the board sends each character
//! as the program's line expects it. On a 7O1 line the driver checks the parity and hands a
//! character whose parity bit was wrong over as a NUL; on an 8N1 line the parity bit is bit 7
//! of each byte. A damaged report (a character with a wrong parity bit) is sent now and then.
//! Random games of legal moves, with special moves preferred, are made here too.

#![allow(dead_code)]

use std::collections::HashMap;
use std::io::{ErrorKind, Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serialport::{SerialPort, TTYPort};
use shakmaty::{Bitboard, Chess, File, Move, Piece, Position, Rank, Square};

/// How the program's serial line carries the parity bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// 7O1: the driver checks it (a bad character arrives as NUL).
    SevenOddOne,
    /// 8N1: in bit 7 of each byte.
    EightNoneOne,
}

/// The board's state, shared between its thread and the test.
pub struct State {
    /// Piece codes, a8 … h8, a7 … h1.
    codes: [u8; 64],
    e2rom: [u8; 256],
    leds: [u8; 81],
    last_report: Option<[u8; 64]>,
    /// Bytes from the host not yet read as a command.
    input: Vec<u8>,
    /// The chance of a damaged report.
    damage: f64,
    rng: StdRng,
    /// Counts: reports sent, damaged, commands refused, E2ROM writes.
    pub reports: u32,
    pub damaged: u32,
    pub refused: u32,
    pub e2rom_writes: u32,
    pub status_asked: u32,
}

fn index(sq: Square) -> usize {
    (7 - u32::from(sq.rank()) as usize) * 8 + u32::from(sq.file()) as usize
}

/// The LEDs at a square's corners (0-based: LED 1 in a8's corner, 9 in a1's, 73 in h8's).
fn corners(sq: Square) -> [usize; 4] {
    let col = u32::from(sq.file()) as usize;
    let row = 7 - u32::from(sq.rank()) as usize;
    [
        col * 9 + row,
        col * 9 + row + 1,
        (col + 1) * 9 + row,
        (col + 1) * 9 + row + 1,
    ]
}

fn odd(c: u8) -> u8 {
    let c = c & 0x7f;
    if c.count_ones().is_multiple_of(2) {
        c | 0x80
    } else {
        c
    }
}

fn hex(v: u8) -> [u8; 2] {
    let digits = b"0123456789ABCDEF";
    [digits[usize::from(v >> 4)], digits[usize::from(v & 15)]]
}

impl State {
    fn new(position: &Chess, damage: f64, seed: u64) -> State {
        let mut codes = [b'.'; 64];
        for (sq, piece) in position.board().iter() {
            codes[index(sq)] = piece.char() as u8;
        }
        let mut e2rom = [0u8; 256];
        e2rom[1] = 20;
        State {
            codes,
            e2rom,
            leds: [0; 81],
            last_report: None,
            input: Vec::new(),
            damage,
            rng: StdRng::seed_from_u64(seed),
            reports: 0,
            damaged: 0,
            refused: 0,
            e2rom_writes: 0,
            status_asked: 0,
        }
    }

    /// A hand puts `piece` on `sq` (`None`: lifts what is there).
    pub fn place(&mut self, sq: Square, piece: Option<Piece>) {
        self.codes[index(sq)] = piece.map_or(b'.', |p| p.char() as u8);
    }

    /// The squares whose four corner LEDs are all lit (two lit squares one apart light the
    /// corners of the square between them too: the hardware's way).
    pub fn lit(&self) -> Bitboard {
        Square::ALL
            .into_iter()
            .filter(|&sq| corners(sq).iter().all(|&i| self.leds[i] != 0))
            .collect()
    }

    /// Whether the LEDs lit are exactly the corners of `squares`.
    pub fn shows(&self, squares: Bitboard) -> bool {
        let mut want = [false; 81];
        for sq in squares {
            for i in corners(sq) {
                want[i] = true;
            }
        }
        (0..81).all(|i| want[i] == (self.leds[i] != 0))
    }

    /// The automatic report mode (E2ROM 02, bits 2–0).
    pub fn report_mode(&self) -> u8 {
        self.e2rom[2] & 7
    }

    /// A message with its block parity, each character as `line` carries it.
    fn frame(text: &[u8], line: Line) -> Vec<u8> {
        let check = hex(text.iter().fold(0, |a, c| a ^ c));
        let mut out: Vec<u8> = text.iter().chain(check.iter()).copied().collect();
        if line == Line::EightNoneOne {
            for b in &mut out {
                *b = odd(*b);
            }
        }
        out
    }

    fn status(&mut self, line: Line) -> Vec<u8> {
        let mut text = vec![b's'];
        text.extend(self.codes);
        let mut bytes = State::frame(&text, line);
        self.reports += 1;
        self.last_report = Some(self.codes);
        if self.rng.random_bool(self.damage) {
            // One character's parity bit flipped on the wire.
            let i = self.rng.random_range(0..bytes.len());
            match line {
                Line::SevenOddOne => bytes[i] = 0,
                Line::EightNoneOne => bytes[i] ^= 0x80,
            }
            self.damaged += 1;
        }
        bytes
    }

    /// One scan: the automatic report, if one is due.
    fn scan(&mut self, line: Line) -> Vec<u8> {
        let send = match self.report_mode() {
            0 => true,
            3 => self.last_report != Some(self.codes),
            _ => false,
        };
        if send { self.status(line) } else { Vec::new() }
    }

    /// Bytes from the host: the answers to the good commands among them.
    fn receive(&mut self, bytes: &[u8], line: Line) -> Vec<u8> {
        for &b in bytes {
            let c = match line {
                Line::EightNoneOne if b.count_ones().is_multiple_of(2) => 0,
                _ => b & 0x7f,
            };
            self.input.push(c);
        }
        let mut out = Vec::new();
        while let Some(&letter) = self.input.first() {
            let len = match letter {
                b'V' | b'S' | b'X' | b'T' => 3,
                b'R' => 5,
                b'W' => 7,
                b'L' => 1 + 2 + 162 + 2,
                _ => {
                    self.input.remove(0);
                    continue;
                }
            };
            if self.input.len() < len {
                break;
            }
            let msg: Vec<u8> = self.input.drain(..len).collect();
            let (text, check) = msg.split_at(len - 2);
            if check != hex(text.iter().fold(0, |a, c| a ^ c)) {
                self.refused += 1;
                continue;
            }
            let byte =
                |i: usize| u8::from_str_radix(std::str::from_utf8(&text[i..i + 2]).unwrap(), 16);
            match letter {
                b'V' => out.extend(State::frame(b"v0107", line)),
                b'S' => {
                    self.status_asked += 1;
                    out.extend(self.status(line))
                }
                b'X' => {
                    self.leds = [0; 81];
                    out.extend(State::frame(b"x", line));
                }
                b'T' => self.leds = [0; 81],
                b'R' => match byte(1) {
                    Ok(address) => {
                        let mut reply = vec![b'r'];
                        reply.extend(hex(address));
                        reply.extend(hex(self.e2rom[usize::from(address)]));
                        out.extend(State::frame(&reply, line));
                    }
                    Err(_) => self.refused += 1,
                },
                b'W' => match (byte(1), byte(3)) {
                    (Ok(address), Ok(value)) => {
                        self.e2rom[usize::from(address)] = value;
                        self.e2rom_writes += 1;
                        let mut reply = vec![b'w'];
                        reply.extend(hex(address));
                        reply.extend(hex(value));
                        out.extend(State::frame(&reply, line));
                    }
                    _ => self.refused += 1,
                },
                b'L' => {
                    let patterns: Result<Vec<u8>, _> = (0..81).map(|i| byte(3 + 2 * i)).collect();
                    match patterns {
                        Ok(patterns) => {
                            self.leds.copy_from_slice(&patterns);
                            out.extend(State::frame(b"l", line));
                        }
                        Err(_) => self.refused += 1,
                    }
                }
                _ => unreachable!(),
            }
        }
        out
    }
}

/// The board on its pseudo-terminal.
pub struct TestBoard {
    /// The port's path for the program.
    pub path: String,
    /// The board, shared with its thread.
    pub state: Arc<Mutex<State>>,
    stop: Arc<std::sync::atomic::AtomicBool>,
}

impl TestBoard {
    /// A board with `position`'s pieces for a program whose line is `line`; `damage`: the
    /// chance that a report goes out with a wrong parity bit.
    pub fn start(position: &Chess, line: Line, damage: f64, seed: u64) -> TestBoard {
        let (mut master, slave) = TTYPort::pair().expect("a pseudo-terminal");
        let path = slave.name().expect("its name");
        let state = Arc::new(Mutex::new(State::new(position, damage, seed)));
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (board, halt) = (state.clone(), stop.clone());
        std::thread::spawn(move || {
            let _slave = slave;
            let scan_time = Duration::from_micros(40_960);
            let mut next_scan = Instant::now() + scan_time;
            let mut buf = [0u8; 256];
            while !halt.load(std::sync::atomic::Ordering::Relaxed) {
                let wait = next_scan.saturating_duration_since(Instant::now());
                master
                    .set_timeout(wait.max(Duration::from_millis(1)))
                    .unwrap();
                let answer = match master.read(&mut buf) {
                    Ok(n) => board.lock().unwrap().receive(&buf[..n], line),
                    Err(e) if e.kind() == ErrorKind::TimedOut => Vec::new(),
                    Err(_) => return,
                };
                let report = if Instant::now() >= next_scan {
                    next_scan += scan_time;
                    board.lock().unwrap().scan(line)
                } else {
                    Vec::new()
                };
                for bytes in [answer, report] {
                    if !bytes.is_empty() && master.write_all(&bytes).is_err() {
                        // Nobody reads yet: what the board sends is lost, as on a real one.
                        let _ = _slave.clear(serialport::ClearBuffer::Input);
                    }
                }
            }
        });
        TestBoard { path, state, stop }
    }

    /// A hand puts `piece` on `sq` (`None`: lifts what is there).
    pub fn place(&self, sq: Square, piece: Option<Piece>) {
        self.state.lock().unwrap().place(sq, piece);
    }

    /// The squares lit now.
    pub fn lit(&self) -> Bitboard {
        self.state.lock().unwrap().lit()
    }

    /// Waits until the program has read the board: its reports set to "on change" and its
    /// status asked for twice (a first status is taken once seen twice).
    pub fn wait_read(&self, within: Duration) {
        let until = Instant::now() + within;
        loop {
            {
                let state = self.state.lock().unwrap();
                if state.report_mode() == 3 && state.status_asked >= 2 {
                    return;
                }
            }
            assert!(Instant::now() < until, "the program never read the board");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits until the LEDs lit are the corners of `want`; false after `within`.
    pub fn wait_lit(&self, want: Bitboard, within: Duration) -> bool {
        let until = Instant::now() + within;
        while Instant::now() < until {
            if self.state.lock().unwrap().shows(want) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }
}

impl Drop for TestBoard {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The hands' steps of a move on a piece board: lifts and drops, each with the steps that
/// must come before it.
fn steps(pos: &Chess, m: Move) -> Vec<(Square, Option<Piece>, Vec<usize>)> {
    let me = pos.turn();
    let piece = |role| Some(Piece { color: me, role });
    match m {
        Move::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } => {
            let placed = piece(promotion.unwrap_or(role));
            if capture.is_some() {
                vec![
                    (from, None, vec![]),
                    (to, None, vec![]),
                    (to, placed, vec![0, 1]),
                ]
            } else {
                vec![(from, None, vec![]), (to, placed, vec![0])]
            }
        }
        Move::EnPassant { from, to } => {
            let taken = Square::from_coords(to.file(), from.rank());
            vec![
                (from, None, vec![]),
                (to, piece(shakmaty::Role::Pawn), vec![0]),
                (taken, None, vec![]),
            ]
        }
        Move::Castle { king, rook } => {
            let side = shakmaty::CastlingSide::from_king_side(king < rook);
            // The king is touched first (4.4.2).
            vec![
                (king, None, vec![]),
                (side.king_to(me), piece(shakmaty::Role::King), vec![0]),
                (rook, None, vec![0]),
                (side.rook_to(me), piece(shakmaty::Role::Rook), vec![2]),
            ]
        }
        Move::Put { .. } => unreachable!("no drops in chess"),
    }
}

/// How a move's lifts and drops are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The moving piece first, the captured one last.
    MoverFirst,
    /// The captured piece first; castling's rook before the king is put down.
    OtherFirst,
    /// Any order a person can make, at random.
    Random,
}

/// The lifts and drops of `m` in `order`.
pub fn hand_events(
    pos: &Chess,
    m: Move,
    order: Order,
    rng: &mut StdRng,
) -> Vec<(Square, Option<Piece>)> {
    let steps = steps(pos, m);
    let n = steps.len();
    let sequence: Vec<usize> = match (order, m) {
        (Order::MoverFirst, _) => (0..n).collect(),
        (
            Order::OtherFirst,
            Move::Normal {
                capture: Some(_), ..
            },
        ) => vec![1, 0, 2],
        (Order::OtherFirst, Move::EnPassant { .. }) => vec![2, 0, 1],
        (Order::OtherFirst, Move::Castle { .. }) => vec![0, 2, 3, 1],
        (Order::OtherFirst, _) => (0..n).collect(),
        (Order::Random, _) => {
            let mut done = vec![false; n];
            let mut seq = Vec::new();
            while seq.len() < n {
                let ready: Vec<usize> = (0..n)
                    .filter(|&i| !done[i] && steps[i].2.iter().all(|&d| done[d]))
                    .collect();
                let pick = ready[rng.random_range(0..ready.len())];
                done[pick] = true;
                seq.push(pick);
            }
            seq
        }
    };
    sequence
        .into_iter()
        .map(|i| (steps[i].0, steps[i].1))
        .collect()
}

/// A random game of legal moves from the start to its end (mate, stalemate, too little
/// material, a position seen a third time) or `max_plies`: special moves (castling, en
/// passant, promotion) are taken when they can be, captures often, so that games are short
/// and have every kind of move.
pub fn random_game(seed: u64, max_plies: usize) -> Vec<Move> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Chess::default();
    let mut seen: HashMap<String, u32> = HashMap::new();
    let mut moves = Vec::new();
    while moves.len() < max_plies && !pos.is_game_over() {
        let legal = pos.legal_moves();
        let special: Vec<Move> = legal
            .iter()
            .filter(|m| m.is_castle() || m.is_en_passant() || m.is_promotion())
            .copied()
            .collect();
        let captures: Vec<Move> = legal.iter().filter(|m| m.is_capture()).copied().collect();
        let m = if !special.is_empty() && rng.random_bool(0.8) {
            special[rng.random_range(0..special.len())]
        } else if !captures.is_empty() && rng.random_bool(0.6) {
            captures[rng.random_range(0..captures.len())]
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        pos.play_unchecked(m);
        moves.push(m);
        let key = format!("{:?}", pos.board()) + &format!("{:?}", pos.turn());
        let count = seen.entry(key).or_default();
        *count += 1;
        if *count >= 3 {
            break;
        }
    }
    moves
}

/// The squares of a move on the board: where its pieces leave and land (both pieces of
/// castling, the pawn taken en passant).
pub fn move_squares(pos: &Chess, m: Move) -> Bitboard {
    steps(pos, m).into_iter().map(|(sq, _, _)| sq).collect()
}

/// A square's name from its file and rank (for tests that build positions).
pub fn square(file: u32, rank: u32) -> Square {
    Square::from_coords(File::new(file), Rank::new(rank))
}
