//! The Millennium ChessLink (Exclusive, eONE, Chess Genius Exclusive and other boards with
//! the ChessLink module): the host side as a [`BoardProtocol`], the framing
//! ([`frame`]), the typed messages ([`messages`]) and a simulated board ([`device`]).
//!
//! On opening the host asks for the version (`V`, its answer introduces the board), reads
//! E2ROM address 02 and writes it only if the automatic reports are not yet as wanted (the
//! E2ROM wears out: it is never written needlessly), and asks for the status (`S`), whose
//! answer is the resync. Status reports become tracker inputs through a
//! [`PositionFeed`]: lifts and drops of a piece-sensing board. Unchanged reports of the
//! board's default stream (one every scan, about 24 a second) are passed over by the
//! decoder with one comparison. A dropped message (bad parity, cut short, noise) is logged
//! and the status asked for, so nothing the board saw is lost. When the board is silent for
//! a second (reports "on change" and nothing moved) the host asks for the version as a ping,
//! and after three seconds of silence the link is lost. Lit squares ([`Request::Light`])
//! are kept and lit again after a reconnection.

pub mod device;
pub mod frame;
pub mod messages;

use std::time::Duration;

use shakmaty::Bitboard;

use self::frame::ByteParity;
use self::messages::{Command, E2ROM_REPORTS, Reply, ReplyDecoder, ReportMode, light_patterns};
use super::interface::{Alive, BoardProtocol, Liveness, Request};
use super::link::{LOST_AFTER, LinkEvent, LinkInput, LinkOutput, PING_AFTER};
use super::positions::{OrientationSetting, PositionFeed};
use super::protocol::Hello;
use super::sensed::Sensing;
use super::transport::{BleProfile, BleWrites, SerialFraming, Transport, Uuid};

/// The ChessLink's line speed.
pub const BAUD: u32 = 38_400;

/// The BLE profile of ChessLink modules with Bluetooth (a transparent UART service; the
/// UUIDs python-mchess uses with the Millennium boards).
pub const BLE_PROFILE: BleProfile = BleProfile {
    names: &["MILLENNIUM CHESS"],
    service: Uuid(0x4953_5343_fe7d_4ae5_8fa9_9faf_d205_e455),
    notify: &[Uuid(0x4953_5343_1e4d_4bd9_ba61_23c6_4724_9616)],
    write: Uuid(0x4953_5343_8841_43f4_a8d4_ecbe_3472_9bb3),
    write_with_response: true,
    writes: BleWrites::Stream,
    mtu: None,
};

/// The slot time of lit squares (units of 4.096 ms; steady light shows no slot).
const LIGHT_SLOT_TIME: u8 = 0x20;

/// How the ChessLink is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Line {
    /// USB serial at 38400 baud, 7 data bits, odd parity, 1 stop (the driver does the
    /// parity), as the protocol document says.
    #[default]
    Serial7O1,
    /// USB serial at 38400 baud opened 8N1, the parity bit carried and checked in bit 7
    /// of each byte (the same frames on the wire; for drivers that cannot do 7O1).
    Serial8N1,
    /// Bluetooth LE, the parity bit in bit 7 of each byte.
    Ble,
}

impl Line {
    /// Where the parity bit of each character is handled.
    pub fn byte_parity(self) -> ByteParity {
        match self {
            Line::Serial7O1 => ByteParity::ByDriver,
            Line::Serial8N1 | Line::Ble => ByteParity::InByte,
        }
    }
}

/// What the host asks the board to set in E2ROM address 02.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reports {
    /// This mode (written only when the board has another).
    Set(ReportMode),
    /// Leave the board's setting alone (the default stream is handled without waste too).
    AsSet,
}

impl Default for Reports {
    fn default() -> Self {
        Reports::Set(ReportMode::OnChange)
    }
}

/// How to talk to a ChessLink board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChessLinkOptions {
    /// The line.
    pub line: Line,
    /// The automatic reports wanted.
    pub reports: Reports,
    /// Which way round the board stands.
    pub orientation: OrientationSetting,
}

/// The host side of a ChessLink board; see the module documentation.
#[derive(Debug, Clone)]
pub struct ChessLink {
    options: ChessLinkOptions,
    decoder: ReplyDecoder,
    feed: PositionFeed,
    live: Liveness,
    connected: bool,
    introduced: bool,
    status_asked: bool,
    lit: Bitboard,
}

impl ChessLink {
    /// A host for a board reached and set as `options` say.
    pub fn new(options: ChessLinkOptions) -> Self {
        ChessLink {
            options,
            decoder: ReplyDecoder::new(options.line.byte_parity()),
            feed: PositionFeed::new(options.orientation),
            live: Liveness::new(PING_AFTER, LOST_AFTER),
            connected: false,
            introduced: false,
            status_asked: false,
            lit: Bitboard::EMPTY,
        }
    }

    /// How many unchanged status reports were passed over.
    pub fn unchanged_reports(&self) -> u64 {
        self.decoder.unchanged_reports()
    }

    /// The position feed (its orientation, the board as last reported).
    pub fn feed(&self) -> &PositionFeed {
        &self.feed
    }

    fn write(&self, command: &Command) -> LinkOutput {
        LinkOutput::Write(command.encode(self.options.line.byte_parity()))
    }

    fn lights(&self) -> Command {
        if self.lit.is_empty() {
            Command::LedsOff
        } else {
            let squares = self
                .lit
                .into_iter()
                .map(|sq| self.feed.orientation().turn(sq))
                .collect();
            Command::Leds {
                slot_time: LIGHT_SLOT_TIME,
                patterns: light_patterns(squares),
            }
        }
    }

    fn reply(&mut self, reply: Reply, out: &mut Vec<LinkOutput>) {
        match reply {
            Reply::Version { major, minor } => {
                // Pings are version requests too: only the first answer introduces the board.
                if !std::mem::replace(&mut self.introduced, true) {
                    out.push(LinkOutput::Event(LinkEvent::Connected(Hello {
                        model: "chesslink".into(),
                        firmware: format!("{major}.{minor:02}"),
                        sensing: Sensing::Piece,
                    })));
                }
            }
            Reply::Status(board) => {
                self.status_asked = false;
                let orientation = self.feed.orientation();
                for input in self.feed.report(&board) {
                    out.push(LinkOutput::Event(LinkEvent::Input(input)));
                }
                // Found turned round: the lit squares are elsewhere on the board.
                if self.feed.orientation() != orientation && !self.lit.is_empty() {
                    out.push(self.write(&self.lights()));
                }
            }
            Reply::E2rom {
                address: E2ROM_REPORTS,
                value,
            } => {
                if let Reports::Set(mode) = self.options.reports
                    && value & 0b111 != mode.e2rom()
                {
                    out.push(self.write(&Command::WriteE2rom {
                        address: E2ROM_REPORTS,
                        value: (value & !0b111) | mode.e2rom(),
                    }));
                }
            }
            Reply::E2rom { .. } | Reply::E2romWritten { .. } | Reply::LedsSet | Reply::LedsOff => {}
        }
    }
}

impl BoardProtocol for ChessLink {
    fn name(&self) -> &'static str {
        "chesslink"
    }

    fn transport(&self) -> Transport {
        match self.options.line {
            Line::Serial7O1 => Transport::Serial(SerialFraming::seven_o_one(BAUD)),
            Line::Serial8N1 => Transport::Serial(SerialFraming::eight_n_one(BAUD)),
            Line::Ble => Transport::Ble(BLE_PROFILE),
        }
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

    fn handle(&mut self, input: LinkInput<'_>, now: Duration) -> Vec<LinkOutput> {
        let mut out = Vec::new();
        match input {
            LinkInput::Opened => {
                self.connected = true;
                self.introduced = false;
                self.status_asked = true;
                self.decoder.clear();
                self.feed.reset();
                self.live.opened(now);
                out.push(self.write(&Command::Version));
                if self.options.reports != Reports::AsSet {
                    out.push(self.write(&Command::ReadE2rom {
                        address: E2ROM_REPORTS,
                    }));
                }
                out.push(self.write(&Command::Status));
                if !self.lit.is_empty() {
                    out.push(self.write(&self.lights()));
                }
            }
            LinkInput::Bytes(bytes) => {
                if bytes.is_empty() {
                    return out;
                }
                self.live.heard(now);
                let mut found = Vec::new();
                let unchanged = self.decoder.unchanged_reports();
                self.decoder.push(bytes, |r| found.push(r));
                if self.decoder.unchanged_reports() != unchanged {
                    // A status came, the same as before: whatever was asked is answered.
                    self.status_asked = false;
                }
                for result in found {
                    match result {
                        Ok(reply) => self.reply(reply, &mut out),
                        Err(e) => {
                            out.push(LinkOutput::Event(LinkEvent::Dropped(e.to_string())));
                            // A report may be lost: the status tells what the board shows.
                            if !std::mem::replace(&mut self.status_asked, true) {
                                out.push(self.write(&Command::Status));
                            }
                        }
                    }
                }
            }
            LinkInput::Closed => {
                self.live.closed();
                if std::mem::replace(&mut self.connected, false) {
                    out.push(LinkOutput::Event(LinkEvent::Lost));
                }
            }
            LinkInput::Tick => match self.live.tick(now) {
                Alive::Fine => {}
                Alive::Ping => out.push(self.write(&Command::Version)),
                Alive::Lost => {
                    self.connected = false;
                    out.push(LinkOutput::Event(LinkEvent::Lost));
                }
            },
        }
        out
    }

    fn next_deadline(&self) -> Option<Duration> {
        self.live.deadline()
    }

    fn request(&mut self, request: &Request) -> Vec<u8> {
        match request {
            Request::Scan => Command::Status.encode(self.options.line.byte_parity()),
            Request::Light(squares) => {
                self.lit = *squares;
                self.lights().encode(self.options.line.byte_parity())
            }
            Request::Beep(_) => Vec::new(),
        }
    }
}
