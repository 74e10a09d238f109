//! The DGT Pegasus over Bluetooth LE: the DGT board protocol over the Nordic UART service
//! (write to its RX characteristic, notifications from its TX characteristic), decoded with
//! `super::dgt`'s decoder. What the Pegasus adds, as open projects that talk to it show
//! (DGTCentaurMods' Pegasus emulator, built from captures of DGT's own app, and bridges
//! following BoardKit):
//!
//! - it senses occupancy only: a board dump holds 0 (empty) or 1 (occupied) a square, a
//!   field update 0 (lifted) or 1 (put down);
//! - multi-byte host commands are framed `<command> <length> <data> 00`, the length counting
//!   the data and the closing 0: the LEDs (`60`) and the developer key (`63`);
//! - it gives its real occupancy only to an app that sent a developer key DGT accepts; a
//!   locked board answers who it is but dumps every square as occupied. Such a dump is
//!   dropped and said once; the key state (`5a`, answered `a5 01` when accepted) and the
//!   lock state (`59`, answered `a4 00` when unlocked) are read and said when wrong.
//!
//! The developer key is the user's to give ([`PegasusOptions::developer_key`]): this program
//! has none of its own. Field updates come as lifts and drops once a dump has been read since
//! the connection (or a dropped message): updates before it are shown by that dump, which is
//! asked for again when updates come and it does not; a dump after a dropped message is a
//! resync, as for any occupancy board.

use std::time::Duration;

use shakmaty::Bitboard;

use super::dgt::{self, DgtDecoder, DgtMessage};
use super::interface::{BoardProtocol, Request};
use super::link::{LinkEvent, LinkInput, LinkOutput, PING_AFTER};
use super::peg_protocol::Hello;
use super::positions::{Orientation, OrientationSetting, PositionFeed};
use super::sensed::{Cell, SensedBoard, Sensing};
use super::transport::{BleProfile, BleWrites, Transport, Uuid};

/// The Nordic UART service.
pub const NUS_SERVICE: Uuid = Uuid(0x6e40_0001_b5a3_f393_e0a9_e50e_24dc_ca9e);
/// Its RX characteristic: the host writes here.
pub const NUS_RX: Uuid = Uuid(0x6e40_0002_b5a3_f393_e0a9_e50e_24dc_ca9e);
/// Its TX characteristic: the board notifies here.
pub const NUS_TX: Uuid = Uuid(0x6e40_0003_b5a3_f393_e0a9_e50e_24dc_ca9e);

/// How to reach a Pegasus: it advertises as `DGT_PEGASUS` or `PCS-REVII-…`.
pub const BLE_PROFILE: BleProfile = BleProfile {
    names: &["DGT_PEGASUS", "PCS-REVII"],
    service: NUS_SERVICE,
    notify: &[NUS_TX],
    write: NUS_RX,
    write_with_response: true,
    writes: BleWrites::Stream,
    mtu: None,
};

/// Host commands the Pegasus adds to the DGT board's (one byte unless framed).
pub mod command {
    /// Ask for the trademark text.
    pub const SEND_TRADEMARK: u8 = 0x47;
    /// Ask for the battery status.
    pub const SEND_BATTERY_STATUS: u8 = 0x4c;
    /// Ask whether the board is locked (answered with the lock state).
    pub const SEND_LOCK_STATE: u8 = 0x59;
    /// Ask whether the developer key was accepted.
    pub const SEND_KEY_STATE: u8 = 0x5a;
    /// The LEDs (framed).
    pub const LEDS: u8 = 0x60;
    /// The developer key (framed).
    pub const DEVELOPER_KEY: u8 = 0x63;
}

/// Message ids (without the message bit) the Pegasus adds.
pub mod message {
    /// The battery status: percentage first.
    pub const BATTERY_STATUS: u8 = 0x20;
    /// The lock state: 0 unlocked.
    pub const LOCK_STATE: u8 = 0x24;
    /// The developer key state: 1 accepted.
    pub const KEY_STATE: u8 = 0x25;
}

/// A framed host command: `<command> <length> <data> 00`, the length counting the data and
/// the closing 0.
pub fn packet(command: u8, data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 3);
    out.push(command);
    out.push(u8::try_from(data.len() + 1).unwrap_or(u8::MAX));
    out.extend(data);
    out.push(0);
    out
}

/// The LED command that lights `squares` (the board's square names); none: every LED out
/// (`60 02 00 00`, as DGT's app sends it).
pub fn led_command(squares: Bitboard) -> Vec<u8> {
    if squares.is_empty() {
        return packet(command::LEDS, &[0]);
    }
    // Mode 5 (squares follow), speed, repeat, intensity: the values bridges use; not seen
    // on a real board here.
    let mut data = vec![5, 0x02, 0x00, 0x01];
    data.extend(squares.into_iter().map(dgt::square_field));
    packet(command::LEDS, &data)
}

/// The squares a framed LED command lights (the board's side, for tests).
pub fn leds_of_command(bytes: &[u8]) -> Option<Bitboard> {
    match bytes {
        [command::LEDS, 2, 0, 0] => Some(Bitboard::EMPTY),
        [command::LEDS, len, 5, _, _, _, fields @ .., 0]
            if usize::from(*len) == fields.len() + 5 =>
        {
            fields.iter().map(|&f| dgt::field_square(f)).collect()
        }
        _ => None,
    }
}

/// A board dump as the Pegasus sends it: 0 or 1 a field (the board's side, for tests).
pub fn occupancy_dump(board: &SensedBoard) -> Vec<u8> {
    let data = (0..64)
        .map(|f| {
            u8::from(
                board
                    .get(dgt::field_square(f).unwrap_or(shakmaty::Square::A1))
                    .is_occupied(),
            )
        })
        .collect();
    DgtMessage::Other { id: 0x06, data }.encode()
}

/// A field update as the Pegasus sends it (the board's side, for tests).
pub fn field_update(sq: shakmaty::Square, occupied: bool) -> Vec<u8> {
    DgtMessage::Other {
        id: 0x0e,
        data: vec![dgt::square_field(sq), u8::from(occupied)],
    }
    .encode()
}

/// How to talk to a Pegasus.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PegasusOptions {
    /// The developer key to unlock the board's occupancy (the bytes between the length and
    /// the closing 0 of the `63` command), if the user has one.
    pub developer_key: Option<Vec<u8>>,
}

/// The host side of a Pegasus; see the module documentation.
#[derive(Debug, Clone)]
pub struct Pegasus {
    options: PegasusOptions,
    decoder: DgtDecoder,
    feed: PositionFeed,
    connected: bool,
    introduced: bool,
    serial: String,
    battery: Option<u8>,
    lit: Bitboard,
    said_locked: bool,
    /// When the board dump was last asked for.
    dump_asked: Duration,
}

impl Pegasus {
    /// A host for a Pegasus.
    pub fn new(options: PegasusOptions) -> Self {
        Pegasus {
            options,
            decoder: DgtDecoder::new(),
            feed: PositionFeed::new(OrientationSetting::Fixed(Orientation::Standard)),
            connected: false,
            introduced: false,
            serial: String::new(),
            battery: None,
            lit: Bitboard::EMPTY,
            said_locked: false,
            dump_asked: Duration::ZERO,
        }
    }

    /// The battery percentage, once reported.
    pub fn battery(&self) -> Option<u8> {
        self.battery
    }

    fn locked(&mut self, why: &str, out: &mut Vec<LinkOutput>) {
        if !std::mem::replace(&mut self.said_locked, true) {
            out.push(LinkOutput::Event(LinkEvent::DeviceError(format!(
                "pegasus: {why}: the board does not tell where its pieces are"
            ))));
        }
    }

    fn message(&mut self, msg: DgtMessage, now: Duration, out: &mut Vec<LinkOutput>) {
        match msg {
            DgtMessage::FieldUpdate(..) | DgtMessage::OddPiece(..)
                if self.feed.board().is_none() =>
            {
                out.push(LinkOutput::Event(LinkEvent::Ignored(
                    "pegasus: field update before the board dump, which shows it".into(),
                )));
                if now.saturating_sub(self.dump_asked) >= PING_AFTER {
                    self.dump_asked = now;
                    out.push(LinkOutput::Write(vec![dgt::command::SEND_BOARD]));
                }
            }
            DgtMessage::BoardDump(board, _) => {
                let board = board.reduced(Sensing::Occupancy);
                if board.occupied() == Bitboard::FULL {
                    return self.locked("every square reported occupied (locked)", out);
                }
                for input in self.feed.report(&board) {
                    out.push(LinkOutput::Event(LinkEvent::Input(input)));
                }
            }
            DgtMessage::OddPiece(sq, _) => {
                if let Some(input) = self.feed.square(sq, Cell::Peg) {
                    out.push(LinkOutput::Event(LinkEvent::Input(input)));
                }
            }
            DgtMessage::FieldUpdate(sq, piece) => {
                let cell = if piece.is_some() {
                    Cell::Peg
                } else {
                    Cell::Empty
                };
                if let Some(input) = self.feed.square(sq, cell) {
                    out.push(LinkOutput::Event(LinkEvent::Input(input)));
                }
            }
            DgtMessage::SerialNumber(s) | DgtMessage::LongSerialNumber(s) => self.serial = s,
            DgtMessage::Version { major, minor } => {
                if !std::mem::replace(&mut self.introduced, true) {
                    let model = if self.serial.is_empty() {
                        "pegasus".to_string()
                    } else {
                        format!("pegasus-{}", self.serial)
                    };
                    out.push(LinkOutput::Event(LinkEvent::Connected(Hello {
                        model,
                        firmware: format!("{major}.{minor}"),
                        sensing: Sensing::Occupancy,
                    })));
                }
            }
            DgtMessage::Other { id, data } => match (id, data.first()) {
                (message::BATTERY_STATUS, Some(&percent)) => self.battery = Some(percent.min(100)),
                (message::KEY_STATE, Some(&state)) if state != 1 => {
                    self.locked("developer key refused", out)
                }
                (message::LOCK_STATE, Some(&state)) if state != 0 => {
                    self.locked("board locked", out)
                }
                _ => {}
            },
        }
    }
}

impl BoardProtocol for Pegasus {
    fn name(&self) -> &'static str {
        "pegasus"
    }

    fn transport(&self) -> Transport {
        Transport::Ble(BLE_PROFILE)
    }

    fn sensing(&self) -> Option<Sensing> {
        Some(Sensing::Occupancy)
    }

    fn has_lights(&self) -> bool {
        true
    }

    fn is_connected(&self) -> bool {
        self.connected
    }

    fn handle(&mut self, input: LinkInput<'_>, now: Duration) -> Vec<LinkOutput> {
        let mut out = Vec::new();
        match input {
            LinkInput::Opened => {
                self.connected = true;
                self.introduced = false;
                self.said_locked = false;
                self.decoder = DgtDecoder::new();
                self.feed.reset();
                self.dump_asked = now;
                let mut start = Vec::new();
                if let Some(key) = &self.options.developer_key {
                    start.extend(packet(command::DEVELOPER_KEY, key));
                    start.push(command::SEND_KEY_STATE);
                }
                start.extend([
                    dgt::command::SEND_RESET,
                    dgt::command::RETURN_SERIAL_NUMBER,
                    dgt::command::SEND_VERSION,
                    dgt::command::SEND_BOARD,
                    dgt::command::SEND_UPDATE_BOARD,
                    command::SEND_BATTERY_STATUS,
                ]);
                out.push(LinkOutput::Write(start));
                if !self.lit.is_empty() {
                    out.push(LinkOutput::Write(led_command(self.lit)));
                }
            }
            LinkInput::Bytes(bytes) => {
                for result in self.decoder.push(bytes) {
                    match result {
                        Ok(msg) => self.message(msg, now, &mut out),
                        Err(e) => {
                            out.push(LinkOutput::Event(LinkEvent::Dropped(format!(
                                "pegasus: {e}"
                            ))));
                            // Lifts and drops may be missing: the dump that answers is a resync.
                            self.feed.reset();
                            self.dump_asked = now;
                            out.push(LinkOutput::Write(vec![dgt::command::SEND_BOARD]));
                        }
                    }
                }
            }
            LinkInput::Closed => {
                if std::mem::replace(&mut self.connected, false) {
                    out.push(LinkOutput::Event(LinkEvent::Lost));
                }
            }
            LinkInput::Tick => {}
        }
        out
    }

    fn next_deadline(&self) -> Option<Duration> {
        None
    }

    fn request(&mut self, request: &Request) -> Vec<u8> {
        match request {
            Request::Scan => vec![dgt::command::SEND_BOARD],
            Request::Light(squares) => {
                self.lit = *squares;
                led_command(self.lit)
            }
            Request::Beep(_) => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    #[test]
    fn framed_commands_follow_the_captured_ones() {
        // DGT's app turns the LEDs out with "60 02 00 00".
        assert_eq!(led_command(Bitboard::EMPTY), [0x60, 0x02, 0x00, 0x00]);
        let lit = Bitboard::from(Square::E2) | Square::E4;
        let bytes = led_command(lit);
        assert_eq!(bytes[..3], [0x60, 7, 5]);
        assert_eq!(leds_of_command(&bytes), Some(lit));
        // The key frame of the captured start: "63 07 <6 bytes> 00".
        let key = packet(command::DEVELOPER_KEY, &[1, 2, 3, 4, 5, 6]);
        assert_eq!(key[..2], [0x63, 0x07]);
        assert_eq!(key[8], 0);
    }
}
