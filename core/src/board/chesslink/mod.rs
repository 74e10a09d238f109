//! The Millennium ChessLink (Exclusive, eONE, Chess Genius Exclusive and other boards with
//! the ChessLink module): the host side as a [`BoardProtocol`], the framing
//! ([`frame`]), the typed messages ([`messages`]) and a simulated board ([`device`]).
//!
//! On opening the host asks for the version (`V`, its answer introduces the board), reads
//! E2ROM address 02 (twice alike before it is believed) and writes it only if the automatic
//! reports are not yet as wanted (the E2ROM wears out: it is never written needlessly),
//! until the board's answer shows the whole value written, and asks for the status (`S`),
//! whose answer is the resync. Status reports become tracker inputs through a
//! [`PositionFeed`]: lifts and drops of a piece-sensing board. Unchanged reports of the
//! board's default stream (one every scan, about 24 a second) are passed over by the
//! decoder with one comparison. A dropped message (bad parity, cut short, noise) is logged
//! and the status asked for (again with each ping until it comes), so nothing the board saw
//! is lost. Since an 8-bit block parity lets one damaged message in 256 through (a byte
//! lost and a junk byte after can make a message that checks), a changed status is taken
//! only once the board has sent it twice: the next report of the default stream, or the
//! answer to a status asked for at once (about 20 ms at 38400 baud). A port asked for 7O1 whose
//! driver kept 8 bits without parity (a pseudo-terminal) is written with the parity bit in
//! each byte, as the wire carries it. When the board is silent for
//! a second (reports "on change" and nothing moved) the host asks for the version as a ping,
//! and after three seconds of silence the link is lost. Lit squares ([`Request::Light`])
//! are kept and lit again after a reconnection.

pub mod device;
pub mod frame;
pub mod messages;

use std::time::Duration;

use shakmaty::Bitboard;

use self::frame::ByteParity;
use self::messages::{
    ChessLinkCommand, Decoded, E2ROM_REPORTS, Reply, ReplyDecoder, ReportMode, light_patterns,
};
use super::interface::{Alive, BoardProtocol, Liveness, Request};
use super::link::{LOST_AFTER, LinkEvent, LinkInput, LinkOutput, PING_AFTER};
use super::peg_protocol::Hello;
use super::positions::{OrientationSetting, PositionFeed};
use super::sensed::{SensedBoard, Sensing};
use super::transport::{BleProfile, BleWrites, DataBits, Parity, SerialFraming, Transport, Uuid};

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

/// How long to wait for the answer about the automatic reports before asking again.
const REPORTS_RETRY: Duration = Duration::from_secs(1);

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
    decoder: ReplyDecoder,
    host: Host,
}

/// Everything but the decoder, so that the decoder can hand over what it finds as it goes.
#[derive(Debug, Clone)]
struct Host {
    options: ChessLinkOptions,
    feed: PositionFeed,
    live: Liveness,
    connected: bool,
    introduced: bool,
    status_asked: bool,
    /// A changed status seen once, as the board names the squares.
    tentative: Option<SensedBoard>,
    /// The status last taken, as the board names the squares.
    taken: Option<SensedBoard>,
    lit: Bitboard,
    /// When to ask again about the automatic reports, while they are not as wanted.
    reports_retry: Option<Duration>,
    /// E2ROM address 02 as read once, to be read again before it is believed.
    reports_read: Option<u8>,
    /// The whole value written to E2ROM address 02, until the board's answer shows it.
    reports_written: Option<u8>,
    /// Where the parity bit of each character written is made (what is read is decoded as
    /// the line's [`Line::byte_parity`] says).
    parity: ByteParity,
}

impl ChessLink {
    /// A host for a board reached and set as `options` say.
    pub fn new(options: ChessLinkOptions) -> Self {
        ChessLink {
            decoder: ReplyDecoder::new(options.line.byte_parity()),
            host: Host {
                options,
                feed: PositionFeed::new(options.orientation),
                live: Liveness::new(PING_AFTER, LOST_AFTER),
                connected: false,
                introduced: false,
                status_asked: false,
                tentative: None,
                taken: None,
                lit: Bitboard::EMPTY,
                reports_retry: None,
                reports_read: None,
                reports_written: None,
                parity: options.line.byte_parity(),
            },
        }
    }

    /// How many unchanged status reports were passed over.
    pub fn unchanged_reports(&self) -> u64 {
        self.decoder.unchanged_reports()
    }

    /// Whether a status was asked for (at opening, after a dropped message, to confirm a
    /// changed one) and has not come yet; it is asked again with each ping.
    pub fn awaiting_status(&self) -> bool {
        self.host.status_asked
    }

    /// The position feed (its orientation, the board as last reported).
    pub fn feed(&self) -> &PositionFeed {
        &self.host.feed
    }
}

impl Host {
    fn parity(&self) -> ByteParity {
        self.parity
    }

    fn write(&self, command: &ChessLinkCommand) -> LinkOutput {
        LinkOutput::Write(command.encode(self.parity()))
    }

    fn ask_status(&mut self, out: &mut Vec<LinkOutput>) {
        if !std::mem::replace(&mut self.status_asked, true) {
            out.push(self.write(&ChessLinkCommand::Status));
        }
    }

    fn lights(&self) -> ChessLinkCommand {
        if self.lit.is_empty() {
            ChessLinkCommand::LedsOff
        } else {
            let squares = self
                .lit
                .into_iter()
                .map(|sq| self.feed.orientation().turn(sq))
                .collect();
            ChessLinkCommand::Leds {
                slot_time: LIGHT_SLOT_TIME,
                patterns: light_patterns(squares),
            }
        }
    }

    fn decoded(&mut self, decoded: Decoded, out: &mut Vec<LinkOutput>) {
        match decoded {
            Decoded::Reply(reply) => self.reply(reply, out),
            Decoded::UnchangedStatus => {
                // The last good status again: it answers a status asked for, and confirms
                // a changed one seen once.
                self.status_asked = false;
                if let Some(board) = self.tentative.take() {
                    self.take(board, out);
                }
            }
            Decoded::Dropped(e) => {
                out.push(LinkOutput::Event(LinkEvent::Dropped(e.to_string())));
                // A report may be lost: the status tells what the board shows.
                self.ask_status(out);
            }
        }
    }

    fn status(&mut self, board: SensedBoard, out: &mut Vec<LinkOutput>) {
        self.status_asked = false;
        if self.taken.as_ref() == Some(&board) {
            // What was taken, again: whatever came between was noise or undone.
            self.tentative = None;
        } else if self.tentative.as_ref() == Some(&board) {
            self.take(board, out);
        } else {
            // Seen once: taken when the board says it again.
            self.tentative = Some(board);
            self.ask_status(out);
        }
    }

    fn take(&mut self, board: SensedBoard, out: &mut Vec<LinkOutput>) {
        self.tentative = None;
        let orientation = self.feed.orientation();
        for input in self.feed.report(&board) {
            out.push(LinkOutput::Event(LinkEvent::Input(input)));
        }
        self.taken = Some(board);
        // Found turned round: the lit squares are elsewhere on the board.
        if self.feed.orientation() != orientation && !self.lit.is_empty() {
            out.push(self.write(&self.lights()));
        }
    }

    /// E2ROM address 02 read as `value`. A damaged answer can pass the block parity (one in
    /// 256), and its other bits are written back with the mode: so a value is believed only
    /// when read twice alike.
    fn reports_read(&mut self, value: u8, out: &mut Vec<LinkOutput>) {
        let Reports::Set(mode) = self.options.reports else {
            return;
        };
        if self.reports_read.replace(value) != Some(value) {
            out.push(self.write(&ChessLinkCommand::ReadE2rom {
                address: E2ROM_REPORTS,
            }));
            return;
        }
        self.reports_read = None;
        if value & 0b111 == mode.e2rom() {
            self.reports_retry = None;
        } else {
            let value = (value & !0b111) | mode.e2rom();
            self.reports_written = Some(value);
            out.push(self.write(&ChessLinkCommand::WriteE2rom {
                address: E2ROM_REPORTS,
                value,
            }));
        }
    }

    /// The board's answer to a write of address 02: done when it holds the whole value
    /// written (a write damaged on its way, its parity passing, stored other bits); else read
    /// again (the retry), and written again from what is read.
    fn reports_written(&mut self, value: u8) {
        if self.reports_written.is_some_and(|written| written == value) {
            self.reports_written = None;
            self.reports_retry = None;
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
            Reply::Status(board) => self.status(board, out),
            Reply::E2rom {
                address: E2ROM_REPORTS,
                value,
            } => self.reports_read(value, out),
            Reply::E2romWritten {
                address: E2ROM_REPORTS,
                value,
            } => self.reports_written(value),
            Reply::E2rom { .. } | Reply::E2romWritten { .. } | Reply::LedsSet | Reply::LedsOff => {}
        }
    }

    fn opened(&mut self, now: Duration, out: &mut Vec<LinkOutput>) {
        self.connected = true;
        self.introduced = false;
        self.status_asked = true;
        self.tentative = None;
        self.taken = None;
        self.feed.reset();
        self.reports_read = None;
        self.reports_written = None;
        self.live.opened(now);
        out.push(self.write(&ChessLinkCommand::Version));
        if self.options.reports != Reports::AsSet {
            out.push(self.write(&ChessLinkCommand::ReadE2rom {
                address: E2ROM_REPORTS,
            }));
            self.reports_retry = Some(now + REPORTS_RETRY);
        }
        out.push(self.write(&ChessLinkCommand::Status));
        if !self.lit.is_empty() {
            out.push(self.write(&self.lights()));
        }
    }

    fn tick(&mut self, now: Duration, out: &mut Vec<LinkOutput>) {
        match self.live.tick(now) {
            Alive::Lost => {
                self.connected = false;
                self.reports_retry = None;
                return out.push(LinkOutput::Event(LinkEvent::Lost));
            }
            Alive::Ping => {
                out.push(self.write(&ChessLinkCommand::Version));
                // A status asked for and not heard (its answer damaged too): again.
                if self.status_asked {
                    out.push(self.write(&ChessLinkCommand::Status));
                }
            }
            Alive::Fine => {}
        }
        if let Some(at) = self.reports_retry.filter(|&at| now >= at) {
            // The answer about the automatic reports was lost: ask again.
            out.push(self.write(&ChessLinkCommand::ReadE2rom {
                address: E2ROM_REPORTS,
            }));
            self.reports_retry = Some(at.max(now) + REPORTS_RETRY);
        }
    }
}

impl BoardProtocol for ChessLink {
    fn name(&self) -> &'static str {
        "chesslink"
    }

    fn transport(&self) -> Transport {
        match self.host.options.line {
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
        self.host.connected
    }

    fn handle(&mut self, input: LinkInput<'_>, now: Duration) -> Vec<LinkOutput> {
        let mut out = Vec::new();
        match input {
            LinkInput::Opened => {
                self.decoder.clear();
                self.host.opened(now, &mut out);
            }
            LinkInput::Bytes(bytes) => {
                if bytes.is_empty() {
                    return out;
                }
                self.host.live.heard(now);
                let ChessLink { decoder, host } = self;
                decoder.push(bytes, |decoded| host.decoded(decoded, &mut out));
            }
            LinkInput::Closed => {
                self.host.live.closed();
                self.host.reports_retry = None;
                if std::mem::replace(&mut self.host.connected, false) {
                    out.push(LinkOutput::Event(LinkEvent::Lost));
                }
            }
            LinkInput::Tick => self.host.tick(now, &mut out),
        }
        out
    }

    fn next_deadline(&self) -> Option<Duration> {
        match (self.host.live.deadline(), self.host.reports_retry) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn line_in_effect(&mut self, framing: SerialFraming) {
        // Asked for 7O1, given 8 bits without parity: the parity bit goes in each byte written
        // (what is read keeps being taken without its bit 7, whoever sent it).
        let kept_eight = framing.data_bits == DataBits::Eight && framing.parity == Parity::None;
        self.host.parity = if self.host.options.line == Line::Serial7O1 && kept_eight {
            ByteParity::InByte
        } else {
            self.host.options.line.byte_parity()
        };
    }

    fn request(&mut self, request: &Request) -> Vec<u8> {
        match request {
            Request::Scan => ChessLinkCommand::Status.encode(self.host.parity()),
            Request::Light(squares) => {
                self.host.lit = *squares;
                self.host.lights().encode(self.host.parity())
            }
            Request::Beep(_) => Vec::new(),
        }
    }
}
