//! The ChessLink's messages, typed: the host's commands (`V`, `S`, `L`, `X`, `T`, `W`, `R`)
//! and the board's replies (the same letters in lower case), their encoding and parsing,
//! the status's 64 piece codes (a8 … h8, a7 … h1) and the 81 LEDs at the corners of the
//! squares (LED 1 in the a8 corner, LED 9 in the a1 corner, LED 73 in the h8 corner, LED 81
//! in the h1 corner). Square names are the board's own; turning them is
//! [`crate::board::positions::Orientation`]'s job.

use shakmaty::{Bitboard, Piece, Square};

use super::frame::{self, ByteParity, Deframer, Found, FrameError, Kind, is_hex, parse_hex2};
use crate::board::sensed::{Cell, SensedBoard, scan_order};

/// Number of LEDs: a 9 × 9 grid at the corners of the squares.
pub const LEDS: usize = 81;

/// E2ROM address of the serial set-up (bit 0: block parity disabled).
pub const E2ROM_SERIAL: u8 = 0x00;
/// E2ROM address of the scan time, in units of 2.048 ms (default 20: 40.96 ms).
pub const E2ROM_SCAN_TIME: u8 = 0x01;
/// E2ROM address of the automatic status reports (bits 2–0).
pub const E2ROM_REPORTS: u8 = 0x02;
/// E2ROM address of the time between timed reports, in units of 4.096 ms.
pub const E2ROM_REPORT_TIME: u8 = 0x03;
/// E2ROM address of the LED brightness (0 dim … above 14 full).
pub const E2ROM_BRIGHTNESS: u8 = 0x04;

/// When the board sends its status on its own (E2ROM address 02, bits 2–0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportMode {
    /// On every scan, about 24 a second (`000`, the default).
    EveryScan,
    /// Never: the host asks with `S` (`001`).
    Disabled,
    /// Every so often, the time set at address 03 (`010`).
    Timed,
    /// On any change (`011`).
    OnChange,
    /// On any change that stays for this many scans, 2 to 5 (`100` … `111`).
    OnChangeDebounced(u8),
}

impl ReportMode {
    /// The mode of an E2ROM value.
    pub fn from_e2rom(value: u8) -> Self {
        match value & 0b111 {
            0 => ReportMode::EveryScan,
            1 => ReportMode::Disabled,
            2 => ReportMode::Timed,
            3 => ReportMode::OnChange,
            n => ReportMode::OnChangeDebounced(n - 2),
        }
    }

    /// The E2ROM value of this mode.
    pub fn e2rom(self) -> u8 {
        match self {
            ReportMode::EveryScan => 0,
            ReportMode::Disabled => 1,
            ReportMode::Timed => 2,
            ReportMode::OnChange => 3,
            ReportMode::OnChangeDebounced(n) => n.clamp(2, 5) + 2,
        }
    }
}

/// A command from the host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChessLinkCommand {
    /// `V`: the firmware version.
    Version,
    /// `S`: the status of the whole board.
    Status,
    /// `L`: the flash pattern of every LED; `slot_time` in units of 4.096 ms, each pattern
    /// byte shown from bit 7 to bit 0, one bit a slot.
    Leds {
        /// The time slot.
        slot_time: u8,
        /// One pattern a LED, LED 1 first.
        patterns: Box<[u8; LEDS]>,
    },
    /// `X`: every LED out.
    LedsOff,
    /// `T`: a hardware reset (no reply; the board scans again after 3 s).
    Reset,
    /// `W`: write a byte of the E2ROM.
    WriteE2rom {
        /// The address.
        address: u8,
        /// The value.
        value: u8,
    },
    /// `R`: read a byte of the E2ROM.
    ReadE2rom {
        /// The address.
        address: u8,
    },
}

impl ChessLinkCommand {
    /// The message text: letter and data, without the check digits.
    pub fn text(&self) -> Vec<u8> {
        let mut t = Vec::new();
        match self {
            ChessLinkCommand::Version => t.push(b'V'),
            ChessLinkCommand::Status => t.push(b'S'),
            ChessLinkCommand::Leds {
                slot_time,
                patterns,
            } => {
                t.reserve(1 + 2 + 2 * LEDS);
                t.push(b'L');
                t.extend(frame::hex2(*slot_time));
                for p in patterns.iter() {
                    t.extend(frame::hex2(*p));
                }
            }
            ChessLinkCommand::LedsOff => t.push(b'X'),
            ChessLinkCommand::Reset => t.push(b'T'),
            ChessLinkCommand::WriteE2rom { address, value } => {
                t.push(b'W');
                t.extend(frame::hex2(*address));
                t.extend(frame::hex2(*value));
            }
            ChessLinkCommand::ReadE2rom { address } => {
                t.push(b'R');
                t.extend(frame::hex2(*address));
            }
        }
        t
    }

    /// The bytes that send it.
    pub fn encode(&self, parity: ByteParity) -> Vec<u8> {
        frame::frame(&self.text(), parity)
    }

    /// Reads a whole good message (letter first, check digits last).
    pub fn parse(msg: &[u8]) -> Option<ChessLinkCommand> {
        let data = &msg[1..msg.len().checked_sub(2)?];
        let byte = |i: usize| parse_hex2(data.get(i..i + 2)?);
        Some(match msg[0] {
            b'V' => ChessLinkCommand::Version,
            b'S' => ChessLinkCommand::Status,
            b'X' => ChessLinkCommand::LedsOff,
            b'T' => ChessLinkCommand::Reset,
            b'L' => {
                let mut patterns = Box::new([0u8; LEDS]);
                for (n, p) in patterns.iter_mut().enumerate() {
                    *p = byte(2 + 2 * n)?;
                }
                ChessLinkCommand::Leds {
                    slot_time: byte(0)?,
                    patterns,
                }
            }
            b'W' => ChessLinkCommand::WriteE2rom {
                address: byte(0)?,
                value: byte(2)?,
            },
            b'R' => ChessLinkCommand::ReadE2rom { address: byte(0)? },
            _ => return None,
        })
    }
}

/// A reply from the board (or an automatic status report).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// `v`: the firmware version.
    Version {
        /// The high byte.
        major: u8,
        /// The low byte.
        minor: u8,
    },
    /// `s`: every square, named as the board names them.
    Status(SensedBoard),
    /// `l`: the LED patterns were set.
    LedsSet,
    /// `x`: the LEDs were put out.
    LedsOff,
    /// `w`: an E2ROM byte was written.
    E2romWritten {
        /// The address.
        address: u8,
        /// The value.
        value: u8,
    },
    /// `r`: an E2ROM byte read.
    E2rom {
        /// The address.
        address: u8,
        /// The value.
        value: u8,
    },
}

/// The piece code of a status character (`.` empty).
pub fn cell_of_code(c: u8) -> Option<Cell> {
    match c {
        b'.' => Some(Cell::Empty),
        _ => Piece::from_char(char::from(c)).map(Cell::Piece),
    }
}

/// The status character of a cell (anything but a piece is `.`).
pub fn code_of_cell(cell: Cell) -> u8 {
    match cell {
        Cell::Piece(p) => p.char() as u8,
        _ => b'.',
    }
}

impl Reply {
    /// The message text: letter and data, without the check digits.
    pub fn text(&self) -> Vec<u8> {
        let mut t = Vec::new();
        match self {
            Reply::Version { major, minor } => {
                t.push(b'v');
                t.extend(frame::hex2(*major));
                t.extend(frame::hex2(*minor));
            }
            Reply::Status(board) => {
                t.reserve(65);
                t.push(b's');
                t.extend(scan_order().map(|sq| code_of_cell(board.get(sq))));
            }
            Reply::LedsSet => t.push(b'l'),
            Reply::LedsOff => t.push(b'x'),
            Reply::E2romWritten { address, value } => {
                t.push(b'w');
                t.extend(frame::hex2(*address));
                t.extend(frame::hex2(*value));
            }
            Reply::E2rom { address, value } => {
                t.push(b'r');
                t.extend(frame::hex2(*address));
                t.extend(frame::hex2(*value));
            }
        }
        t
    }

    /// The bytes that send it.
    pub fn encode(&self, parity: ByteParity) -> Vec<u8> {
        frame::frame(&self.text(), parity)
    }

    /// Reads a whole good message (letter first, check digits last).
    pub fn parse(msg: &[u8]) -> Option<Reply> {
        let data = &msg[1..msg.len().checked_sub(2)?];
        let byte = |i: usize| parse_hex2(data.get(i..i + 2)?);
        Some(match msg[0] {
            b'v' => Reply::Version {
                major: byte(0)?,
                minor: byte(2)?,
            },
            b's' => {
                if data.len() != 64 {
                    return None;
                }
                let mut board = SensedBoard::default();
                for (sq, &c) in scan_order().zip(data) {
                    board.set(sq, cell_of_code(c)?);
                }
                Reply::Status(board)
            }
            b'l' => Reply::LedsSet,
            b'x' => Reply::LedsOff,
            b'w' => Reply::E2romWritten {
                address: byte(0)?,
                value: byte(2)?,
            },
            b'r' => Reply::E2rom {
                address: byte(0)?,
                value: byte(2)?,
            },
            _ => return None,
        })
    }
}

fn nothing(_: u8) -> bool {
    false
}

fn piece_code(c: u8) -> bool {
    b".KQRBNPkqrbnp".contains(&c)
}

/// The board's messages, with their lengths (python-mchess's table: v 7, s 67, l 3, x 3,
/// w 7, r 7).
pub static REPLIES: [Kind; 6] = [
    Kind {
        letter: b'v',
        len: 7,
        data_char: is_hex,
    },
    Kind {
        letter: b's',
        len: 67,
        data_char: piece_code,
    },
    Kind {
        letter: b'l',
        len: 3,
        data_char: nothing,
    },
    Kind {
        letter: b'x',
        len: 3,
        data_char: nothing,
    },
    Kind {
        letter: b'w',
        len: 7,
        data_char: is_hex,
    },
    Kind {
        letter: b'r',
        len: 7,
        data_char: is_hex,
    },
];

/// The host's messages, with their lengths.
pub static COMMANDS: [Kind; 7] = [
    Kind {
        letter: b'V',
        len: 3,
        data_char: nothing,
    },
    Kind {
        letter: b'S',
        len: 3,
        data_char: nothing,
    },
    Kind {
        letter: b'L',
        len: 3 + 2 + 2 * LEDS,
        data_char: is_hex,
    },
    Kind {
        letter: b'X',
        len: 3,
        data_char: nothing,
    },
    Kind {
        letter: b'T',
        len: 3,
        data_char: nothing,
    },
    Kind {
        letter: b'W',
        len: 7,
        data_char: is_hex,
    },
    Kind {
        letter: b'R',
        len: 5,
        data_char: is_hex,
    },
];

/// What the host's decoder found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decoded {
    /// A reply (or an automatic report) that differs from the last status.
    Reply(Reply),
    /// The last good status again, passed over without being checked or parsed.
    UnchangedStatus,
    /// Bytes dropped.
    Dropped(FrameError),
}

/// The host's decoder of the board's byte stream: replies, and drops to log. Status reports
/// equal to the last good one are passed over without being checked or parsed.
#[derive(Debug, Clone)]
pub struct ReplyDecoder {
    deframer: Deframer,
}

impl ReplyDecoder {
    /// A decoder for a line whose parity bits travel as `parity` says.
    pub fn new(parity: ByteParity) -> Self {
        ReplyDecoder {
            deframer: Deframer::new(parity, &REPLIES, Some(b's')),
        }
    }

    /// Forgets everything (a new connection).
    pub fn clear(&mut self) {
        self.deframer.clear();
    }

    /// How many unchanged status reports were passed over.
    pub fn unchanged_reports(&self) -> u64 {
        self.deframer.repeats()
    }

    /// Feeds bytes; calls `each` with everything found, in order.
    pub fn push(&mut self, bytes: &[u8], mut each: impl FnMut(Decoded)) {
        self.deframer.push(bytes, |found| match found {
            // The deframer checked the message's every character against its kind, so it
            // parses; a failure would be a bug here, and is dropped rather than trusted.
            Found::Message(msg) => {
                if let Some(reply) = Reply::parse(msg) {
                    each(Decoded::Reply(reply))
                }
            }
            Found::Repeat => each(Decoded::UnchangedStatus),
            Found::Dropped(e) => each(Decoded::Dropped(e)),
        });
    }
}

/// The board's decoder of the host's byte stream (the simulated board).
#[derive(Debug, Clone)]
pub struct CommandDecoder {
    deframer: Deframer,
}

impl CommandDecoder {
    /// A decoder for a line whose parity bits travel as `parity` says.
    pub fn new(parity: ByteParity) -> Self {
        CommandDecoder {
            deframer: Deframer::new(parity, &COMMANDS, None),
        }
    }

    /// Feeds bytes; calls `each` with every command and every drop, in order.
    pub fn push(
        &mut self,
        bytes: &[u8],
        mut each: impl FnMut(Result<ChessLinkCommand, FrameError>),
    ) {
        self.deframer.push(bytes, |found| match found {
            Found::Message(msg) => {
                if let Some(command) = ChessLinkCommand::parse(msg) {
                    each(Ok(command))
                }
            }
            Found::Repeat => {}
            Found::Dropped(e) => each(Err(e)),
        });
    }
}

/// The index (0-based: LED 1 is 0) of the LED at the corner between files `col - 1` and
/// `col` (0 = left of a, 8 = right of h) and ranks `8 - row` and `9 - row` (0 = above the
/// 8th rank, 8 = below the 1st), on the board's own names.
pub fn led_index(col: usize, row: usize) -> usize {
    col * 9 + row
}

/// The four LEDs at the corners of a square (board's own names).
pub fn square_leds(sq: Square) -> [usize; 4] {
    let (col, row) = (usize::from(sq.file()), 7 - usize::from(sq.rank()));
    [
        led_index(col, row),
        led_index(col + 1, row),
        led_index(col, row + 1),
        led_index(col + 1, row + 1),
    ]
}

/// The LED patterns that light `squares` steadily (board's own names).
pub fn light_patterns(squares: Bitboard) -> Box<[u8; LEDS]> {
    let mut patterns = Box::new([0u8; LEDS]);
    for sq in squares {
        for led in square_leds(sq) {
            patterns[led] = 0xff;
        }
    }
    patterns
}

/// The squares whose four corner LEDs are all lit (not dark all the time).
pub fn lit_squares(patterns: &[u8; LEDS]) -> Bitboard {
    Square::ALL
        .into_iter()
        .filter(|&sq| square_leds(sq).iter().all(|&led| patterns[led] != 0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corner_leds_are_numbered_as_the_protocol_says() {
        // "LED 1 is in the A8 corner, LED 9 is in the A1 corner, LED 73 is in the H8
        // corner, LED 81 is in the H1 corner."
        assert!(square_leds(Square::A8).contains(&0));
        assert!(square_leds(Square::A1).contains(&8));
        assert!(square_leds(Square::H8).contains(&72));
        assert!(square_leds(Square::H1).contains(&80));
        let lit = lit_squares(&light_patterns(Bitboard::from(Square::E2) | Square::E5));
        assert_eq!(lit, Bitboard::from(Square::E2) | Square::E5);
        // Corners are shared: e2 and e4 lit surround e3 with light too.
        let lit = lit_squares(&light_patterns(Bitboard::from(Square::E2) | Square::E4));
        assert_eq!(lit, Bitboard::from(Square::E2) | Square::E3 | Square::E4);
    }

    #[test]
    fn every_command_and_reply_round_trips() {
        let mut patterns = Box::new([0u8; LEDS]);
        patterns[40] = 0xc4;
        let commands = [
            ChessLinkCommand::Version,
            ChessLinkCommand::Status,
            ChessLinkCommand::Leds {
                slot_time: 0x20,
                patterns,
            },
            ChessLinkCommand::LedsOff,
            ChessLinkCommand::Reset,
            ChessLinkCommand::WriteE2rom {
                address: 2,
                value: 3,
            },
            ChessLinkCommand::ReadE2rom { address: 2 },
        ];
        for parity in [ByteParity::InByte, ByteParity::ByDriver] {
            let bytes: Vec<u8> = commands.iter().flat_map(|c| c.encode(parity)).collect();
            let mut decoder = CommandDecoder::new(parity);
            let mut got = Vec::new();
            decoder.push(&bytes, |c| got.push(c.unwrap()));
            assert_eq!(got, commands);
        }
        let start = SensedBoard::from_board(&shakmaty::Board::new(), crate::board::Sensing::Piece);
        let replies = [
            Reply::Version { major: 1, minor: 3 },
            Reply::Status(start),
            Reply::LedsSet,
            Reply::LedsOff,
            Reply::E2romWritten {
                address: 2,
                value: 3,
            },
            Reply::E2rom {
                address: 1,
                value: 20,
            },
        ];
        for parity in [ByteParity::InByte, ByteParity::ByDriver] {
            let bytes: Vec<u8> = replies.iter().flat_map(|r| r.encode(parity)).collect();
            let mut decoder = ReplyDecoder::new(parity);
            let mut got = Vec::new();
            decoder.push(&bytes, |r| got.push(r));
            let replies: Vec<Decoded> = replies.iter().cloned().map(Decoded::Reply).collect();
            assert_eq!(got, replies);
        }
        assert_eq!(
            ReportMode::from_e2rom(0x04),
            ReportMode::OnChangeDebounced(2)
        );
        for v in 0..8 {
            assert_eq!(ReportMode::from_e2rom(v).e2rom(), v);
        }
    }
}
