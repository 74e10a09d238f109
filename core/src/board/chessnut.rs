//! Chessnut Air, Air+, Go and Pro over Bluetooth LE (the vendor's API README, "Chessnut Move
//! Chess Board API Documentation", which names these models): the host side as a
//! [`BoardProtocol`], and the encoders a simulated board needs.
//!
//! After connecting, the host writes `21 01 00` to the command characteristic to turn on the
//! real-time position report, and asks for the battery (`29 01 00`). The board notifies its
//! position on the FEN characteristic: `01 24`, then 32 bytes of 4-bit piece codes, two
//! squares a byte, the first square in the low nibble, squares in the order h8, g8 … a8,
//! h7 … a1 (then, on the Air, four bytes of a time stamp, which are ignored). Piece codes:
//! 0 empty, 1 q, 2 k, 3 b, 4 p, 5 n, 6 R, 7 P, 8 r, 9 B, 10 N, 11 Q, 12 K. A report equal
//! to the last one is passed over by one comparison; the others become tracker inputs
//! through a [`PositionFeed`]. LEDs: `0a 08` and one byte a rank from the 8th to the 1st,
//! bit 7 the a-file … bit 0 the h-file. Battery: `2a 02 <level> <reserved>` on the response
//! characteristic, bit 7 of the level set while charging, bits 6–0 the percentage.
//!
//! Each BLE notification is one [`LinkInput::Bytes`]; a position notification cut in two by
//! a small MTU is put together again. A Bluetooth link watches itself: the transport says
//! when it drops ([`LinkInput::Closed`]), so no timer is needed here.

use std::time::Duration;

use shakmaty::{Bitboard, File, Piece, Rank, Square};

use super::interface::{BoardProtocol, Request};
use super::link::{LinkEvent, LinkInput, LinkOutput};
use super::peg_protocol::Hello;
use super::positions::{OrientationSetting, PositionFeed};
use super::sensed::{Cell, SensedBoard, Sensing};
use super::transport::{BleProfile, BleWrites, Transport, Uuid};

/// The service of the position notifications.
pub const FEN_SERVICE: Uuid = Uuid(0x1b7e_8261_2877_41c3_b46e_cf05_7c56_2023);
/// The characteristic that notifies the position.
pub const FEN_NOTIFY: Uuid = Uuid(0x1b7e_8262_2877_41c3_b46e_cf05_7c56_2023);
/// The service of the commands.
pub const COMMAND_SERVICE: Uuid = Uuid(0x1b7e_8271_2877_41c3_b46e_cf05_7c56_2023);
/// The characteristic commands are written to.
pub const COMMAND_WRITE: Uuid = Uuid(0x1b7e_8272_2877_41c3_b46e_cf05_7c56_2023);
/// The characteristic that notifies answers (battery, acknowledgements).
pub const RESPONSE_NOTIFY: Uuid = Uuid(0x1b7e_8273_2877_41c3_b46e_cf05_7c56_2023);

/// How to reach a Chessnut board: its name begins "Chessnut"; the vendor asks for an MTU of
/// 500 so that a whole position fits one notification.
pub const BLE_PROFILE: BleProfile = BleProfile {
    names: &["Chessnut"],
    service: FEN_SERVICE,
    notify: &[FEN_NOTIFY, RESPONSE_NOTIFY],
    write: COMMAND_WRITE,
    write_with_response: true,
    writes: BleWrites::Whole,
    mtu: Some(500),
};

/// Turns the real-time position report on.
pub const REALTIME_ON: [u8; 3] = [0x21, 0x01, 0x00];
/// Asks for the battery level.
pub const BATTERY_REQUEST: [u8; 3] = [0x29, 0x01, 0x00];
/// The start of a position notification.
pub const POSITION_HEADER: [u8; 2] = [0x01, 0x24];
/// The start of a battery answer.
pub const BATTERY_HEADER: [u8; 2] = [0x2a, 0x02];
/// The start of an LED command.
pub const LED_HEADER: [u8; 2] = [0x0a, 0x08];

/// The shortest position notification: header and 32 bytes of squares.
const POSITION_LEN: usize = 2 + 32;
/// The longest: header, squares and a 4-byte time stamp.
const POSITION_MAX: usize = POSITION_LEN + 4;
/// The most squares a notification's rest may change from the last position read: a
/// castling's four (the board notifies every change).
const CONTINUATION_MOST_CHANGED: u32 = 4;

const PIECES: [char; 12] = ['q', 'k', 'b', 'p', 'n', 'R', 'P', 'r', 'B', 'N', 'Q', 'K'];

/// The cell of a Chessnut piece code (0 empty; 13–15 are none).
pub fn cell_of_code(code: u8) -> Option<Cell> {
    match code {
        0 => Some(Cell::Empty),
        1..=12 => Piece::from_char(PIECES[usize::from(code - 1)]).map(Cell::Piece),
        _ => None,
    }
}

/// The Chessnut piece code of a cell (anything but a piece is 0).
pub fn code_of_cell(cell: Cell) -> u8 {
    match cell {
        Cell::Piece(p) => PIECES
            .iter()
            .position(|&c| c == p.char())
            .map_or(0, |i| i as u8 + 1),
        _ => 0,
    }
}

/// The square of the `n`th code of a report (0 = h8, 1 = g8, … 7 = a8, 8 = h7, … 63 = a1).
pub fn report_square(n: usize) -> Square {
    Square::from_coords(File::new(7 - (n % 8) as u32), Rank::new(7 - (n / 8) as u32))
}

/// The board of the 32 square bytes of a position notification, or the first code that is
/// no piece.
pub fn decode_position(squares: &[u8; 32]) -> Result<SensedBoard, u8> {
    let mut board = SensedBoard::default();
    for (i, &byte) in squares.iter().enumerate() {
        for (half, code) in [(0, byte & 0x0f), (1, byte >> 4)] {
            board.set(report_square(2 * i + half), cell_of_code(code).ok_or(code)?);
        }
    }
    Ok(board)
}

/// The 32 square bytes of a board.
pub fn encode_position(board: &SensedBoard) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        let low = code_of_cell(board.get(report_square(2 * i)));
        let high = code_of_cell(board.get(report_square(2 * i + 1)));
        *byte = low | high << 4;
    }
    out
}

/// A whole position notification as an Air sends it (header, squares, time stamp).
pub fn position_notification(board: &SensedBoard, timestamp: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(POSITION_MAX);
    out.extend(POSITION_HEADER);
    out.extend(encode_position(board));
    out.extend(timestamp.to_le_bytes());
    out
}

/// The LED command that lights `squares` (and puts out the others).
pub fn led_command(squares: Bitboard) -> [u8; 10] {
    let mut out = [0u8; 10];
    out[..2].copy_from_slice(&LED_HEADER);
    for sq in squares {
        out[2 + 7 - usize::from(sq.rank())] |= 0x80 >> u32::from(sq.file());
    }
    out
}

/// The squares an LED command lights (the board's side, for tests).
pub fn leds_of_command(command: &[u8]) -> Option<Bitboard> {
    let rows = command.strip_prefix(&LED_HEADER)?;
    if rows.len() != 8 {
        return None;
    }
    let mut lit = Bitboard::EMPTY;
    for (i, &row) in rows.iter().enumerate() {
        for file in 0..8u32 {
            if row & (0x80 >> file) != 0 {
                lit.add(Square::from_coords(
                    File::new(file),
                    Rank::new(7 - i as u32),
                ));
            }
        }
    }
    Some(lit)
}

/// The battery as the board reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Battery {
    /// Charge left, 0–100 %.
    pub percent: u8,
    /// Whether it is charging.
    pub charging: bool,
}

/// The battery answer's level byte read.
pub fn battery_of_level(level: u8) -> Battery {
    Battery {
        percent: (level & 0x7f).min(100),
        charging: level & 0x80 != 0,
    }
}

/// The host side of a Chessnut board; see the module documentation.
#[derive(Debug, Clone)]
pub struct Chessnut {
    feed: PositionFeed,
    connected: bool,
    introduced: bool,
    partial: Vec<u8>,
    last_squares: Option<[u8; 32]>,
    unchanged: u64,
    battery: Option<Battery>,
    lit: Bitboard,
}

impl Chessnut {
    /// A host for a Chessnut board standing as `orientation` says.
    pub fn new(orientation: OrientationSetting) -> Self {
        Chessnut {
            feed: PositionFeed::new(orientation),
            connected: false,
            introduced: false,
            partial: Vec::new(),
            last_squares: None,
            unchanged: 0,
            battery: None,
            lit: Bitboard::EMPTY,
        }
    }

    /// The battery, once reported.
    pub fn battery(&self) -> Option<Battery> {
        self.battery
    }

    /// How many unchanged position reports were passed over.
    pub fn unchanged_reports(&self) -> u64 {
        self.unchanged
    }

    /// The position feed (its orientation, the board as last reported).
    pub fn feed(&self) -> &PositionFeed {
        &self.feed
    }

    fn light_bytes(&self) -> Vec<u8> {
        let squares = self
            .lit
            .into_iter()
            .map(|sq| self.feed.orientation().turn(sq))
            .collect();
        led_command(squares).to_vec()
    }

    fn position(&mut self, squares: &[u8], out: &mut Vec<LinkOutput>) {
        let Ok(squares) = <[u8; 32]>::try_from(squares) else {
            return;
        };
        if self.last_squares == Some(squares) {
            self.unchanged += 1;
            return;
        }
        let board = match decode_position(&squares) {
            Ok(board) => board,
            Err(code) => {
                out.push(LinkOutput::Event(LinkEvent::Dropped(format!(
                    "chessnut: position with piece code {code} dropped"
                ))));
                return;
            }
        };
        self.last_squares = Some(squares);
        if !std::mem::replace(&mut self.introduced, true) {
            out.push(LinkOutput::Event(LinkEvent::Connected(Hello {
                model: "chessnut".into(),
                firmware: "unknown".into(),
                sensing: Sensing::Piece,
            })));
        }
        let orientation = self.feed.orientation();
        for input in self.feed.report(&board) {
            out.push(LinkOutput::Event(LinkEvent::Input(input)));
        }
        if self.feed.orientation() != orientation && !self.lit.is_empty() {
            out.push(LinkOutput::Write(self.light_bytes()));
        }
    }

    /// Whether `bytes`, which begin like a notification, are rather the rest of the one cut
    /// short: together they are exactly a notification's length, the position differs from
    /// the last one read in no more squares than [`CONTINUATION_MOST_CHANGED`], and in fewer
    /// than `bytes` read as a new notification's start would (a start put after another's
    /// half shifts whole rows of squares and puts the header's codes among them).
    fn completes_partial(&self, bytes: &[u8]) -> bool {
        let whole = self.partial.len() + bytes.len();
        if whole != POSITION_LEN && whole != POSITION_MAX {
            return false;
        }
        // Without a position read yet there is nothing to tell them by: a new start.
        let Some(last) = self.last_squares else {
            return false;
        };
        let as_rest = changed_squares(self.partial.iter().chain(bytes).skip(2).take(32), &last);
        let as_start = changed_squares(bytes.iter().skip(2).take(32), &last);
        as_rest <= CONTINUATION_MOST_CHANGED && as_rest < as_start
    }

    fn notification(&mut self, bytes: &[u8], out: &mut Vec<LinkOutput>) {
        if !self.partial.is_empty() {
            // The rest of a cut notification can begin with the header's two bytes (two
            // squares' codes, or the time stamp): it is the rest when it makes the
            // notification whole and a position a move or so from the last one.
            if bytes.starts_with(&POSITION_HEADER) && !self.completes_partial(bytes) {
                out.push(LinkOutput::Event(LinkEvent::Dropped(
                    "chessnut: position notification cut short".into(),
                )));
                self.partial.clear();
            } else {
                // The rest of a position cut in two by a small MTU.
                let room = POSITION_MAX.saturating_sub(self.partial.len());
                self.partial.extend(&bytes[..bytes.len().min(room)]);
                if self.partial.len() >= POSITION_LEN {
                    let whole = std::mem::take(&mut self.partial);
                    self.position(&whole[2..POSITION_LEN], out);
                }
                return;
            }
        }
        match bytes {
            [0x01, 0x24, ..] if bytes.len() >= POSITION_LEN => {
                self.position(&bytes[2..POSITION_LEN], out)
            }
            [0x01, 0x24, ..] => self.partial.extend(bytes),
            [0x2a, 0x02, level, ..] => self.battery = Some(battery_of_level(*level)),
            // Acknowledgement, heartbeat, and the real-time mode confirmed.
            [0x23, 0x01, 0x00] | [0x21, 0x01, 0x00] => {}
            [0x23, 0x01, 0x01] => out.push(LinkOutput::Event(LinkEvent::DeviceError(
                "chessnut: board not ready".into(),
            ))),
            _ => out.push(LinkOutput::Event(LinkEvent::Ignored(format!(
                "chessnut: {}",
                hex(bytes)
            )))),
        }
    }
}

/// In how many squares the squares' bytes `now` differ from the first of `before` (two
/// squares a byte).
fn changed_squares<'a>(now: impl Iterator<Item = &'a u8>, before: &[u8; 32]) -> u32 {
    now.zip(before)
        .map(|(now, before)| {
            let diff = now ^ before;
            u32::from(diff & 0x0f != 0) + u32::from(diff & 0xf0 != 0)
        })
        .sum()
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .take(40)
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl BoardProtocol for Chessnut {
    fn name(&self) -> &'static str {
        "chessnut"
    }

    fn transport(&self) -> Transport {
        Transport::Ble(BLE_PROFILE)
    }

    fn sensing(&self) -> Option<Sensing> {
        Some(Sensing::Piece)
    }

    fn has_lights(&self) -> bool {
        true
    }

    fn is_connected(&self) -> bool {
        self.connected
    }

    fn handle(&mut self, input: LinkInput<'_>, _now: Duration) -> Vec<LinkOutput> {
        let mut out = Vec::new();
        match input {
            LinkInput::Opened => {
                self.connected = true;
                self.introduced = false;
                self.partial.clear();
                self.last_squares = None;
                self.feed.reset();
                out.push(LinkOutput::Write(REALTIME_ON.to_vec()));
                out.push(LinkOutput::Write(BATTERY_REQUEST.to_vec()));
                if !self.lit.is_empty() {
                    out.push(LinkOutput::Write(self.light_bytes()));
                }
            }
            LinkInput::Bytes(bytes) if !bytes.is_empty() => self.notification(bytes, &mut out),
            LinkInput::Bytes(_) | LinkInput::Tick => {}
            LinkInput::Closed => {
                if std::mem::replace(&mut self.connected, false) {
                    out.push(LinkOutput::Event(LinkEvent::Lost));
                }
            }
        }
        out
    }

    fn next_deadline(&self) -> Option<Duration> {
        None
    }

    fn request(&mut self, request: &Request) -> Vec<u8> {
        match request {
            // Turning the real-time report on again makes the board tell its position.
            Request::Scan => {
                self.last_squares = None;
                REALTIME_ON.to_vec()
            }
            Request::Light(squares) => {
                self.lit = *squares;
                self.light_bytes()
            }
            Request::Beep(_) => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_squares_round_trip() {
        for code in 0..=12 {
            assert_eq!(code_of_cell(cell_of_code(code).unwrap()), code);
        }
        assert_eq!(cell_of_code(13), None);
        assert_eq!(report_square(0), Square::H8);
        assert_eq!(report_square(7), Square::A8);
        assert_eq!(report_square(8), Square::H7);
        assert_eq!(report_square(63), Square::A1);
        let start = SensedBoard::from_board(&shakmaty::Board::new(), Sensing::Piece);
        assert_eq!(decode_position(&encode_position(&start)), Ok(start));
        let lit = Bitboard::from(Square::E2) | Square::E4 | Square::A8 | Square::H1;
        assert_eq!(leds_of_command(&led_command(lit)), Some(lit));
    }
}
