//! The DGT e-board serial protocol (single-board mode), so a sighted player's electronic
//! board can be the second board: one-byte commands to the board; messages from it framed as
//! an id with the high bit set, a 14-bit length in two 7-bit bytes (header included), and data
//! bytes with the high bit clear. Fields are numbered 0 = a8, 1 = b8 … 63 = h1.
//!
//! A pure encoder and a byte-stream decoder that finds its way back after noise, plus the
//! device side ([`DgtDevice`]) for tests and the simulator. A square holding something that
//! is no chess piece (dgtbrd.h's magic pieces `PIECE1` draw, `PIECE2` white win, `PIECE3`
//! black win, or any other code) is not noise: the message is kept, the square read as
//! occupied by an unknown piece and named ([`DgtMessage::BoardDump`]'s odd squares,
//! [`DgtMessage::OddPiece`]), so that the host can say so instead of asking again and again.

use shakmaty::{Chess, Color, Piece, Position, Role, Square};

use super::sensed::{Cell, SensedBoard};

/// Host commands (one byte each).
pub mod command {
    /// Idle mode: no automatic updates.
    pub const SEND_RESET: u8 = 0x40;
    /// Ask for a board dump.
    pub const SEND_BOARD: u8 = 0x42;
    /// Update mode: a field update at every change.
    pub const SEND_UPDATE_BOARD: u8 = 0x44;
    /// Ask for the serial number.
    pub const RETURN_SERIAL_NUMBER: u8 = 0x45;
    /// Ask for the version.
    pub const SEND_VERSION: u8 = 0x4d;
    /// Ask for the long serial number.
    pub const RETURN_LONG_SERIAL_NUMBER: u8 = 0x55;
}

const MESSAGE_BIT: u8 = 0x80;
const BOARD_DUMP: u8 = MESSAGE_BIT | 0x06;
const FIELD_UPDATE: u8 = MESSAGE_BIT | 0x0e;
const SERIAL_NUMBER: u8 = MESSAGE_BIT | 0x11;
const VERSION: u8 = MESSAGE_BIT | 0x13;
const LONG_SERIAL_NUMBER: u8 = MESSAGE_BIT | 0x22;
/// The longest message the header can announce: its size is 14 bits (dgtbrd.h: "MSB of
/// MESSAGE SIZE … carrying D13 to D7 of the total message length").
const MAX_SIZE: usize = 0x3fff;

/// dgtbrd.h's magic pieces, which are no chess pieces.
pub mod magic {
    /// `PIECE1`: "Magic piece: Draw".
    pub const DRAW: u8 = 0x0d;
    /// `PIECE2`: "Magic piece: White win".
    pub const WHITE_WIN: u8 = 0x0e;
    /// `PIECE3`: "Magic piece: Black win".
    pub const BLACK_WIN: u8 = 0x0f;
}

/// What a piece code that is no chess piece stands for, in words for the log and the screen.
pub fn odd_piece_name(code: u8) -> String {
    match code {
        magic::DRAW => "the magic piece 'draw'".into(),
        magic::WHITE_WIN => "the magic piece 'white win'".into(),
        magic::BLACK_WIN => "the magic piece 'black win'".into(),
        other => format!("an unknown piece (code {other})"),
    }
}

/// A message from a DGT board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DgtMessage {
    /// Every field, and the squares among them whose code is no chess piece (with the code):
    /// those are in the board as occupied by an unknown piece ([`Cell::Peg`]).
    BoardDump(SensedBoard, Vec<(Square, u8)>),
    /// One field changed; `None` is empty.
    FieldUpdate(Square, Option<Piece>),
    /// One field changed to a code that is no chess piece (a magic piece, an unknown code).
    OddPiece(Square, u8),
    /// The 5-digit serial number.
    SerialNumber(String),
    /// The 10-digit serial number.
    LongSerialNumber(String),
    /// The firmware version.
    Version {
        /// The major version.
        major: u8,
        /// The minor version.
        minor: u8,
    },
    /// A message this host does not use (clock times, battery, EEPROM …).
    Other {
        /// The message id.
        id: u8,
        /// Its data bytes.
        data: Vec<u8>,
    },
}

/// A message the decoder dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DgtError {
    /// A byte outside any message.
    Stray(u8),
    /// A length below the header or beyond the largest message.
    BadLength(usize),
    /// A message cut short by the start of another.
    Truncated {
        /// The id of the message cut short.
        id: u8,
    },
    /// A known message with the wrong length or a bad field or piece code.
    Malformed {
        /// The id of the malformed message.
        id: u8,
    },
}

impl std::fmt::Display for DgtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DgtError::Stray(b) => write!(f, "stray byte {b:#04x}"),
            DgtError::BadLength(n) => write!(f, "bad message length {n}"),
            DgtError::Truncated { id } => write!(f, "message {id:#04x} cut short"),
            DgtError::Malformed { id } => write!(f, "malformed message {id:#04x}"),
        }
    }
}

/// The square of a DGT field number (0 = a8 … 63 = h1).
pub fn field_square(field: u8) -> Option<Square> {
    (field < 64).then(|| Square::new(u32::from((7 - field / 8) * 8 + field % 8)))
}

/// The DGT field number of a square.
pub fn square_field(sq: Square) -> u8 {
    let i = sq as u8;
    (7 - i / 8) * 8 + i % 8
}

const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Rook,
    Role::Knight,
    Role::Bishop,
    Role::King,
    Role::Queen,
];

/// The piece of a DGT piece code (`Ok(None)` is empty); any other code, such as the magic
/// pieces 13–15, is returned as the error.
pub fn piece_of_code(code: u8) -> Result<Option<Piece>, u8> {
    match code {
        0 => Ok(None),
        1..=12 => {
            let color = if code <= 6 {
                Color::White
            } else {
                Color::Black
            };
            Ok(Some(Piece {
                color,
                role: ROLES[usize::from((code - 1) % 6)],
            }))
        }
        _ => Err(code),
    }
}

/// The DGT piece code of a piece (0 for empty).
pub fn code_of_piece(piece: Option<Piece>) -> u8 {
    match piece {
        None => 0,
        Some(p) => {
            let base = ROLES.iter().position(|&r| r == p.role).unwrap_or(0) as u8 + 1;
            if p.color == Color::White {
                base
            } else {
                base + 6
            }
        }
    }
}

impl DgtMessage {
    /// Frames a message: id, length in two 7-bit parts, data.
    pub fn encode(&self) -> Vec<u8> {
        let (id, data): (u8, Vec<u8>) = match self {
            DgtMessage::BoardDump(board, odd) => {
                let mut data: Vec<u8> = (0..64)
                    .map(|f| code_of_piece(cell_piece(board.get(field_square(f).unwrap()))))
                    .collect();
                for &(sq, code) in odd {
                    data[usize::from(square_field(sq))] = code & 0x7f;
                }
                (BOARD_DUMP, data)
            }
            DgtMessage::FieldUpdate(sq, piece) => {
                (FIELD_UPDATE, vec![square_field(*sq), code_of_piece(*piece)])
            }
            DgtMessage::OddPiece(sq, code) => (FIELD_UPDATE, vec![square_field(*sq), code & 0x7f]),
            DgtMessage::SerialNumber(s) => (SERIAL_NUMBER, s.bytes().map(|b| b & 0x7f).collect()),
            DgtMessage::LongSerialNumber(s) => {
                (LONG_SERIAL_NUMBER, s.bytes().map(|b| b & 0x7f).collect())
            }
            DgtMessage::Version { major, minor } => (VERSION, vec![major & 0x7f, minor & 0x7f]),
            DgtMessage::Other { id, data } => {
                (*id | MESSAGE_BIT, data.iter().map(|b| b & 0x7f).collect())
            }
        };
        let size = data.len() + 3;
        let mut out = Vec::with_capacity(size);
        out.extend([id, ((size >> 7) & 0x7f) as u8, (size & 0x7f) as u8]);
        out.extend(data);
        out
    }
}

fn cell_piece(cell: Cell) -> Option<Piece> {
    match cell {
        Cell::Piece(p) => Some(p),
        _ => None,
    }
}

fn interpret(id: u8, data: &[u8]) -> Result<DgtMessage, DgtError> {
    let bad = || DgtError::Malformed { id };
    Ok(match id {
        BOARD_DUMP => {
            if data.len() != 64 {
                return Err(bad());
            }
            let mut board = SensedBoard::default();
            let mut odd = Vec::new();
            for (f, &code) in data.iter().enumerate() {
                let sq = field_square(f as u8).ok_or_else(bad)?;
                match piece_of_code(code) {
                    Ok(None) => {}
                    Ok(Some(p)) => board.set(sq, Cell::Piece(p)),
                    Err(code) => {
                        board.set(sq, Cell::Peg);
                        odd.push((sq, code));
                    }
                }
            }
            DgtMessage::BoardDump(board, odd)
        }
        FIELD_UPDATE => match data {
            [field, code] => {
                let sq = field_square(*field).ok_or_else(bad)?;
                match piece_of_code(*code) {
                    Ok(piece) => DgtMessage::FieldUpdate(sq, piece),
                    Err(code) => DgtMessage::OddPiece(sq, code),
                }
            }
            _ => return Err(bad()),
        },
        SERIAL_NUMBER | LONG_SERIAL_NUMBER => {
            let text: String = data
                .iter()
                .map(|&b| b as char)
                .filter(|c| c.is_ascii_graphic())
                .collect();
            if id == SERIAL_NUMBER {
                DgtMessage::SerialNumber(text)
            } else {
                DgtMessage::LongSerialNumber(text)
            }
        }
        VERSION => match data {
            [major, minor] => DgtMessage::Version {
                major: *major,
                minor: *minor,
            },
            _ => return Err(bad()),
        },
        _ => DgtMessage::Other {
            id: id & !MESSAGE_BIT,
            data: data.to_vec(),
        },
    })
}

/// Splits a DGT byte stream into messages; noise costs at most the message it hit.
#[derive(Debug, Default, Clone)]
pub struct DgtDecoder {
    partial: Vec<u8>,
}

impl DgtDecoder {
    /// A decoder waiting for a message start.
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds bytes; returns each message or error found, in order.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Result<DgtMessage, DgtError>> {
        let mut out = Vec::new();
        for &b in bytes {
            if b & MESSAGE_BIT != 0 {
                if let Some(&id) = self.partial.first() {
                    out.push(Err(DgtError::Truncated { id }));
                }
                self.partial.clear();
                self.partial.push(b);
                continue;
            }
            if self.partial.is_empty() {
                out.push(Err(DgtError::Stray(b)));
                continue;
            }
            self.partial.push(b);
            if self.partial.len() < 3 {
                continue;
            }
            let size = (usize::from(self.partial[1]) << 7) | usize::from(self.partial[2]);
            if !(3..=MAX_SIZE).contains(&size) {
                out.push(Err(DgtError::BadLength(size)));
                self.partial.clear();
                continue;
            }
            if self.partial.len() == size {
                out.push(interpret(self.partial[0], &self.partial[3..]));
                self.partial.clear();
            }
        }
        // A message of length 3 is complete with its header.
        if self.partial.len() == 3 {
            let size = (usize::from(self.partial[1]) << 7) | usize::from(self.partial[2]);
            if size == 3 {
                out.push(interpret(self.partial[0], &[]));
                self.partial.clear();
            }
        }
        out
    }
}

/// The device side of a DGT board, for tests and the simulator: answers commands, and turns
/// changes of its pieces into field updates while in update mode. It keeps each field's code,
/// so that it can hold a magic piece too ([`DgtDevice::set_code`]).
#[derive(Debug, Clone)]
pub struct DgtDevice {
    codes: [u8; 64],
    updating: bool,
}

impl DgtDevice {
    /// A board with the pieces of `position` on it, idle.
    pub fn new(position: &Chess) -> Self {
        let mut codes = [0u8; 64];
        for (sq, piece) in position.board().clone() {
            codes[usize::from(square_field(sq))] = code_of_piece(Some(piece));
        }
        DgtDevice {
            codes,
            updating: false,
        }
    }

    /// The board dump it sends.
    fn dump(&self) -> Vec<u8> {
        let mut out = vec![BOARD_DUMP, 0, 67];
        out.extend(self.codes);
        out
    }

    /// The bytes it answers to one command byte.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn command(&mut self, byte: u8) -> Vec<u8> {
        match byte {
            command::SEND_RESET => {
                self.updating = false;
                Vec::new()
            }
            command::SEND_BOARD => self.dump(),
            command::SEND_UPDATE_BOARD => {
                self.updating = true;
                Vec::new()
            }
            command::RETURN_SERIAL_NUMBER => DgtMessage::SerialNumber("01234".into()).encode(),
            command::RETURN_LONG_SERIAL_NUMBER => {
                DgtMessage::LongSerialNumber("0000001234".into()).encode()
            }
            command::SEND_VERSION => DgtMessage::Version { major: 1, minor: 8 }.encode(),
            _ => Vec::new(),
        }
    }

    /// A piece lifted from or put on a square; the field update it sends (none when idle).
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) -> Vec<u8> {
        self.set_code(sq, code_of_piece(piece))
    }

    /// Any piece code put on a square (a magic piece, 13–15); the field update it sends (none
    /// when idle).
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn set_code(&mut self, sq: Square, code: u8) -> Vec<u8> {
        let field = square_field(sq);
        self.codes[usize::from(field)] = code & 0x7f;
        if self.updating {
            vec![FIELD_UPDATE, 0, 5, field, code & 0x7f]
        } else {
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_and_piece_codes_follow_the_dgt_numbering() {
        assert_eq!(field_square(0), Some(Square::A8));
        assert_eq!(field_square(7), Some(Square::H8));
        assert_eq!(field_square(8), Some(Square::A7));
        assert_eq!(field_square(63), Some(Square::H1));
        assert_eq!(field_square(64), None);
        for f in 0..64 {
            assert_eq!(square_field(field_square(f).unwrap()), f);
        }
        assert_eq!(piece_of_code(1), Ok(Some(Piece::from_char('P').unwrap())));
        assert_eq!(piece_of_code(6), Ok(Some(Piece::from_char('Q').unwrap())));
        assert_eq!(piece_of_code(11), Ok(Some(Piece::from_char('k').unwrap())));
        assert!(piece_of_code(13).is_err());
        for code in 0..13 {
            assert_eq!(code_of_piece(piece_of_code(code).unwrap()), code);
        }
    }

    #[test]
    fn the_decoder_frames_messages_and_recovers_from_noise() {
        let mut device = DgtDevice::new(&Chess::default());
        let mut bytes = vec![0x13, 0x80 | 0x0e, 0x00]; // a stray byte, then a cut message
        bytes.extend(device.command(command::SEND_BOARD));
        let _ = device.command(command::SEND_UPDATE_BOARD);
        bytes.extend(device.set(Square::E2, None));
        bytes.extend(device.set(Square::E4, Some(Piece::from_char('P').unwrap())));
        bytes.extend(device.command(command::SEND_VERSION));
        let mut decoder = DgtDecoder::new();
        // Fed one byte at a time, as a serial port may deliver them.
        let out: Vec<_> = bytes.chunks(1).flat_map(|b| decoder.push(b)).collect();
        assert_eq!(out[0], Err(DgtError::Stray(0x13)));
        assert_eq!(out[1], Err(DgtError::Truncated { id: 0x8e }));
        assert!(
            matches!(&out[2], Ok(DgtMessage::BoardDump(b, odd)) if odd.is_empty() && *b == SensedBoard::from_board(&shakmaty::Board::new(), super::super::sensed::Sensing::Piece))
        );
        assert_eq!(out[3], Ok(DgtMessage::FieldUpdate(Square::E2, None)));
        assert_eq!(
            out[4],
            Ok(DgtMessage::FieldUpdate(
                Square::E4,
                Some(Piece::from_char('P').unwrap())
            ))
        );
        assert_eq!(out[5], Ok(DgtMessage::Version { major: 1, minor: 8 }));
        assert_eq!(out.len(), 6);
    }
}
