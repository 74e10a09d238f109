//! Serial e-boards on a pseudo-terminal as their protocols describe them: the line settings
//! the program opens each kind's port with (dgtbrd.h: "9600 Baud, 1 stopbit, 1 startbit, no
//! parity - No use of handshaking, neither software nor hardware"; the ChessLink document:
//! "38400 baud, odd parity, 7 bit, 1 stop"), and a DGT board written here from dgtbrd.h's
//! message formats (not the project's own board model) that stands turned round, sends its
//! answers a byte at a time with noise between them, carries a magic piece, vanishes and
//! comes back at the same path.

#![cfg(unix)]

use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::path::Path;
use std::time::{Duration, Instant};

use annexd::board::{BoardConnection, PortEvent};
use annexd_core::board::positions::Orientation;
use annexd_core::board::{BoardInput, BoardOptions, BoardSpec, LinkEvent, Sensing, Tracker};
use annexd_core::board::{SensedBoard, TrackerOutput};
use serialport::{SerialPort, TTYPort};
use shakmaty::uci::UciMove;
use shakmaty::{Board, Chess, Piece, Role, Square};

// dgtbrd.h's numbers.
const DGT_SEND_RESET: u8 = 0x40;
const DGT_SEND_BRD: u8 = 0x42;
const DGT_SEND_UPDATE_BRD: u8 = 0x44;
const DGT_RETURN_SERIALNR: u8 = 0x45;
const DGT_SEND_VERSION: u8 = 0x4d;
const MESSAGE_BIT: u8 = 0x80;
const DGT_BOARD_DUMP: u8 = 0x06;
const DGT_FIELD_UPDATE: u8 = 0x0e;
const DGT_SERIALNR: u8 = 0x11;
const DGT_VERSION: u8 = 0x13;
const PIECE1: u8 = 0x0d; // "Magic piece: Draw"

/// The termios of the line the program opened (the pseudo-terminal's other end shares it).
fn line_settings(port: &TTYPort) -> libc::termios {
    let mut termios = std::mem::MaybeUninit::<libc::termios>::uninit();
    // SAFETY: the descriptor is open for as long as `port` lives; tcgetattr fills the struct.
    let rc = unsafe { libc::tcgetattr(port.as_raw_fd(), termios.as_mut_ptr()) };
    assert_eq!(rc, 0, "tcgetattr: {}", std::io::Error::last_os_error());
    // SAFETY: tcgetattr succeeded.
    unsafe { termios.assume_init() }
}

/// The line's speed in baud (Linux keeps any speed in `termios2`, as the serial library
/// sets it; elsewhere the speed constants are the baud numbers).
fn line_speed(port: &TTYPort) -> u64 {
    #[cfg(target_os = "linux")]
    {
        let mut termios2 = std::mem::MaybeUninit::<libc::termios2>::uninit();
        // SAFETY: TCGETS2 fills a termios2 for an open terminal descriptor.
        let rc = unsafe { libc::ioctl(port.as_raw_fd(), libc::TCGETS2, termios2.as_mut_ptr()) };
        assert_eq!(rc, 0, "TCGETS2: {}", std::io::Error::last_os_error());
        // SAFETY: the ioctl succeeded.
        let termios2 = unsafe { termios2.assume_init() };
        assert_eq!(termios2.c_ispeed, termios2.c_ospeed);
        u64::from(termios2.c_ospeed)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let termios = line_settings(port);
        // SAFETY: reading the speed of a filled termios struct.
        unsafe { libc::cfgetospeed(&termios) as u64 }
    }
}

/// Opens `spec`'s board on a fresh pseudo-terminal and returns its line settings and speed
/// once the program has written its first command (it writes after setting the line up).
fn settings_of(spec: impl Fn(String) -> BoardSpec) -> (libc::termios, u64) {
    let (mut master, slave) = TTYPort::pair().expect("a pseudo-terminal pair");
    master.set_timeout(Duration::from_millis(50)).unwrap();
    let path = slave.name().unwrap();
    let _link = BoardConnection::open(&spec(path), &BoardOptions::default(), None).unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut buf = [0u8; 64];
    while !matches!(master.read(&mut buf), Ok(n) if n > 0) {
        assert!(Instant::now() < deadline, "the program wrote nothing");
    }
    (line_settings(&slave), line_speed(&slave))
}

#[test]
fn a_dgt_line_is_opened_9600_8n1_without_handshaking() {
    let (dgt, speed) = settings_of(BoardSpec::Dgt);
    assert_eq!(speed, 9600);
    assert_eq!(dgt.c_cflag & libc::CSIZE, libc::CS8);
    assert_eq!(
        dgt.c_cflag & (libc::PARENB | libc::CSTOPB | libc::CRTSCTS),
        0
    );
    assert_eq!(dgt.c_iflag & (libc::IXON | libc::IXOFF | libc::ISTRIP), 0);
}

/// A message: id with the message bit, the 14-bit size in two 7-bit bytes, the data.
fn message(id: u8, data: &[u8]) -> Vec<u8> {
    let size = data.len() + 3;
    let mut out = vec![
        MESSAGE_BIT | id,
        (size >> 7) as u8 & 0x7f,
        size as u8 & 0x7f,
    ];
    out.extend(data);
    out
}

/// "Field A8 is numbered 0 … Field H1 is numbered 63", on the board's own squares.
fn field(sq: Square) -> usize {
    usize::from(7 - u8::from(sq.rank())) * 8 + usize::from(sq.file())
}

/// WPAWN 1, WROOK 2, WKNIGHT 3, WBISHOP 4, WKING 5, WQUEEN 6, black 7–12.
fn code(piece: Option<Piece>) -> u8 {
    let Some(p) = piece else { return 0 };
    let base = match p.role {
        Role::Pawn => 1,
        Role::Rook => 2,
        Role::Knight => 3,
        Role::Bishop => 4,
        Role::King => 5,
        Role::Queen => 6,
    };
    if p.color.is_white() { base } else { base + 6 }
}

/// A DGT board as dgtbrd.h describes it, standing turned round ("The board itself does not
/// rotate the numbering"): its codes by field, and whether it is in UPDATE_BOARD mode.
struct DgtBoard {
    codes: [u8; 64],
    updating: bool,
}

impl DgtBoard {
    fn turned(board: &Board) -> DgtBoard {
        let mut codes = [0u8; 64];
        for sq in Square::ALL {
            codes[field(Orientation::Rotated.turn(sq))] = code(board.piece_at(sq));
        }
        DgtBoard {
            codes,
            updating: false,
        }
    }

    fn answer(&mut self, command: u8) -> Vec<u8> {
        match command {
            DGT_SEND_RESET => {
                self.updating = false;
                Vec::new()
            }
            DGT_SEND_UPDATE_BRD => {
                self.updating = true;
                Vec::new()
            }
            DGT_SEND_BRD => message(DGT_BOARD_DUMP, &self.codes),
            DGT_RETURN_SERIALNR => message(DGT_SERIALNR, b"04711"),
            DGT_SEND_VERSION => message(DGT_VERSION, &[1, 9]),
            _ => Vec::new(),
        }
    }

    /// A code put on the game's square `sq`; the field update it sends in update mode.
    fn put(&mut self, sq: Square, code: u8) -> Vec<u8> {
        let f = field(Orientation::Rotated.turn(sq));
        self.codes[f] = code;
        if self.updating {
            message(DGT_FIELD_UPDATE, &[f as u8, code])
        } else {
            Vec::new()
        }
    }
}

/// One end of the line at a stable path (a symbolic link, as a udev rule or the simulator
/// gives): the board's end and the program's (kept open so the terminal stays).
struct Line {
    master: TTYPort,
    _slave: TTYPort,
}

fn plug(link: &Path) -> Line {
    let (mut master, slave) = TTYPort::pair().expect("a pseudo-terminal pair");
    master.set_timeout(Duration::from_millis(10)).unwrap();
    let _ = std::fs::remove_file(link);
    std::os::unix::fs::symlink(slave.name().unwrap(), link).unwrap();
    Line {
        master,
        _slave: slave,
    }
}

/// Answers what the program asked, each byte in a write of its own, a stray byte first.
fn serve(line: &mut Line, board: &mut DgtBoard) {
    let mut buf = [0u8; 64];
    if let Ok(n) = line.master.read(&mut buf) {
        for &command in &buf[..n] {
            let answer = board.answer(command);
            if answer.is_empty() {
                continue;
            }
            let _ = line.master.write_all(&[0x21]); // noise outside any message
            for byte in answer {
                let _ = line.master.write_all(&[byte]);
                let _ = line.master.flush();
            }
        }
    }
}

fn uci(m: &shakmaty::Move) -> String {
    UciMove::from_standard(*m).to_string()
}

#[test]
fn a_dgt_board_turned_round_with_noise_is_read_and_found_again_after_it_vanished() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dgt");
    let mut line = Some(plug(&path));
    let mut board = DgtBoard::turned(&Board::new());
    let link = BoardConnection::open(
        &BoardSpec::Dgt(path.to_string_lossy().into_owned()),
        &BoardOptions::default(),
        None,
    )
    .unwrap();
    let mut tracker = Tracker::new(Chess::default(), Sensing::Piece);
    let mut moves = Vec::new();
    let mut said = Vec::new();
    let mut step = 0;
    let deadline = Instant::now() + Duration::from_secs(20);
    let start = SensedBoard::from_board(&Board::new(), Sensing::Piece);
    while step < 6 {
        assert!(
            Instant::now() < deadline,
            "stuck at step {step}: moves {moves:?}, said {said:?}"
        );
        if let Some(line) = line.as_mut() {
            serve(line, &mut board);
        }
        while let Ok(event) = link.events().try_recv() {
            match event {
                PortEvent::Link(LinkEvent::Input(input)) => {
                    if step == 0 {
                        // Turned round, the start is read as the start.
                        assert_eq!(input, BoardInput::Resync(start.clone()));
                        step = 1;
                    }
                    for out in tracker.handle(&input) {
                        if let TrackerOutput::Move(m) = out {
                            moves.push(uci(&m));
                        }
                    }
                }
                PortEvent::Link(LinkEvent::Connected(hello)) => {
                    said.push(format!("hello {}", hello.model))
                }
                PortEvent::Link(LinkEvent::Lost) => said.push("lost".into()),
                PortEvent::Link(LinkEvent::DeviceError(text)) => said.push(text),
                PortEvent::Link(LinkEvent::Dropped(_) | LinkEvent::Ignored(_)) => {}
                other => said.push(format!("{other:?}")),
            }
        }
        let Some(wire) = line.as_mut() else {
            if step == 4 && said.iter().any(|s| s == "lost") {
                // It comes back at the same path, idle after its power came back.
                line = Some(plug(&path));
                board.updating = false;
                step = 5;
            }
            continue;
        };
        match step {
            1 => {
                // 1. e4 e5 on the turned board, in update mode.
                for (sq, c) in [
                    (Square::E2, 0),
                    (Square::E4, 1),
                    (Square::E7, 0),
                    (Square::E5, 7),
                ] {
                    let _ = wire.master.write_all(&board.put(sq, c));
                }
                step = 2;
            }
            2 if moves.len() == 2 => {
                // A magic piece put on d4 is said, and nothing else goes wrong.
                let _ = wire.master.write_all(&board.put(Square::D4, PIECE1));
                step = 3;
            }
            3 if said.iter().any(|s| s.contains("d4") && s.contains("draw")) => {
                let _ = wire.master.write_all(&board.put(Square::D4, 0));
                std::thread::sleep(Duration::from_millis(100));
                // The board vanishes (its cable pulled); 2. Nf3 is made meanwhile.
                line = None;
                let _ = board.put(Square::G1, 0);
                let _ = board.put(Square::F3, 3);
                step = 4;
            }
            5 if moves.len() == 3 => step = 6,
            _ => {}
        }
    }
    assert_eq!(moves, ["e2e4", "e7e5", "g1f3"], "{said:?}");
    assert_eq!(
        said.iter().filter(|s| s.starts_with("hello")).count(),
        2,
        "{said:?}"
    );
    assert_eq!(said.iter().filter(|s| *s == "lost").count(), 1, "{said:?}");
}

/// The ChessLink document: "38400 baud, odd parity, 7 bit, 1 stop … The odd X parity will be
/// performed by the USB serial driver". A line whose driver keeps 8 bits without parity
/// whatever is asked (a pseudo-terminal does) carries the bits a 7O1 wire carries only if
/// the program adds the parity bit itself: "V" and its block parity "56" go out as python-
/// mchess logged them from a real board, "Sending: <b'\xd6\xb5\xb6'>", and the board's
/// answer with its parity bits is read.
#[test]
fn a_chesslink_line_that_keeps_eight_bits_carries_the_parity_bit_the_wire_would() {
    let (mut master, slave) = TTYPort::pair().expect("a pseudo-terminal pair");
    master.set_timeout(Duration::from_millis(50)).unwrap();
    let path = slave.name().unwrap();
    let link = BoardConnection::open(
        &format!("chesslink:{path}").parse().unwrap(),
        &BoardOptions::default(),
        None,
    )
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut sent: Vec<u8> = Vec::new();
    let mut buf = [0u8; 256];
    while sent.len() < 3 {
        assert!(Instant::now() < deadline, "the program wrote {sent:x?}");
        if let Ok(n) = master.read(&mut buf) {
            sent.extend(&buf[..n]);
        }
    }
    assert_eq!(line_speed(&slave), 38_400);
    let settings = line_settings(&slave);
    assert_eq!(settings.c_cflag & (libc::CSTOPB | libc::CRTSCTS), 0);
    assert_eq!(settings.c_iflag & (libc::IXON | libc::IXOFF), 0);
    assert_eq!(sent[..3], [0xd6, 0xb5, 0xb6], "{sent:x?}");
    assert!(
        sent.iter().all(|b| b.count_ones() % 2 == 1),
        "every character with odd parity: {sent:x?}"
    );
    // "v010374", each character with its parity bit, as the board's BLE log shows it.
    master
        .write_all(&[0xf6, 0xb0, 0x31, 0xb0, 0xb3, 0x37, 0x34])
        .unwrap();
    loop {
        assert!(Instant::now() < deadline, "no hello");
        match link.events().recv_timeout(Duration::from_millis(100)) {
            Ok(PortEvent::Link(LinkEvent::Connected(hello))) => {
                assert_eq!(hello.firmware, "1.03");
                break;
            }
            Ok(PortEvent::Link(LinkEvent::Dropped(text))) => panic!("{text}"),
            _ => {}
        }
    }
}
