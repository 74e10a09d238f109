//! The host side of a board link as a pure state machine: bytes and an injected time in,
//! bytes to write and events out. Handles both the peg-board line protocol and DGT e-boards.
//!
//! On opening it asks who the board is and for a full scan; the first scan after opening is
//! a [`BoardInput::Resync`] for the tracker to compare with the game. It pings when the board
//! has been silent for a second and declares the link lost after three seconds of silence.
//! A peg-board line with a wrong checksum (or bad arguments) is dropped and a `SCAN` asked
//! for, so nothing the board saw is lost; that scan is a resync too, as events are missing.
//!
//! A DGT board's field updates are read only once a board dump has come since the opening
//! (or since a dropped message): updates sent before it (a board still in update mode from
//! an earlier link) are shown by the dump, which is asked for again if it does not come. A
//! DGT board may stand either way round (dgtbrd.h: "The board itself does not rotate the
//! numbering"): a dump of the starting position turned round turns the reading of its
//! fields, as [`super::positions`] does for whole-board reports. A square holding a magic
//! piece or an unknown code is read as an unknown piece and said once as a board error. A
//! DGT board's pieces put down are passed on once they stay ([`super::settle`]): a piece slid
//! across the board is reported on each square it passes.

use std::time::Duration;

use shakmaty::Square;

use super::dgt::{self, DgtDecoder, DgtMessage};
use super::peg_protocol::{
    self, DeviceMsg, Hello, HostMsg, LineError, MAX_LINE, parse_device_line,
};
use super::positions::{Orientation, OrientationSetting};
use super::sensed::{Cell, SensedBoard, Sensing};
use super::settle::Settle;
use super::tracker::BoardInput;

/// Silence after which the host pings.
pub const PING_AFTER: Duration = Duration::from_secs(1);
/// Silence after which the link is lost.
pub const LOST_AFTER: Duration = Duration::from_secs(3);

/// Which protocol the board speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Protocol {
    /// The tactile peg board, text lines (`docs/pegboard-protocol.md`).
    #[default]
    PegBoard,
    /// A DGT e-board, binary.
    Dgt,
}

/// What the link tells its user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkEvent {
    /// The board said who it is.
    Connected(Hello),
    /// Something for the tracker.
    Input(BoardInput),
    /// A button on the board.
    Key(String),
    /// The board reports a fault.
    DeviceError(String),
    /// A message from the board was dropped (bad checksum, bad arguments, noise).
    Dropped(String),
    /// A message of a kind this program does not know was ignored (a later protocol version).
    Ignored(String),
    /// The link is lost (the port went away, or three seconds of silence).
    Lost,
}

/// What the link is fed.
#[derive(Debug, Clone, Copy)]
pub enum LinkInput<'a> {
    /// The port was opened.
    Opened,
    /// Bytes arrived.
    Bytes(&'a [u8]),
    /// The port failed or closed.
    Closed,
    /// Time passed (call at [`Link::next_deadline`]).
    Tick,
}

/// What the link wants done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkOutput {
    /// Write these bytes to the board.
    Write(Vec<u8>),
    /// Tell the user.
    Event(LinkEvent),
}

/// The link state machine; see the module documentation.
#[derive(Debug, Clone)]
pub struct Link {
    protocol: Protocol,
    checksum: bool,
    sensing: Option<Sensing>,
    connected: bool,
    last_heard: Duration,
    pinged: bool,
    resync_next_scan: bool,
    line: Vec<u8>,
    discarding: bool,
    dgt: DgtDecoder,
    dgt_serial: String,
    dgt_hello_said: bool,
    last_hello: Option<Hello>,
    /// Which way round a DGT board stands, and whether a dump of the start may tell.
    orientation: Orientation,
    find_orientation: bool,
    /// When a DGT board dump was asked for that has not come yet.
    dump_awaited: Option<Duration>,
    /// The squares (game names) with a piece code that is no chess piece, said already.
    odd_said: Vec<(Square, u8)>,
    /// A DGT board's pieces put down, held until they stay (a slid piece passes squares).
    settle: Settle,
}

impl Link {
    /// A link for `protocol`; `checksum` adds `*HH` to the lines the host sends.
    pub fn new(protocol: Protocol, checksum: bool) -> Self {
        Link {
            protocol,
            checksum,
            sensing: (protocol == Protocol::Dgt).then_some(Sensing::Piece),
            connected: false,
            last_heard: Duration::ZERO,
            pinged: false,
            resync_next_scan: false,
            line: Vec::new(),
            discarding: false,
            dgt: DgtDecoder::new(),
            dgt_serial: String::new(),
            dgt_hello_said: false,
            last_hello: None,
            orientation: Orientation::Standard,
            find_orientation: false,
            dump_awaited: None,
            odd_said: Vec::new(),
            settle: Settle::default(),
        }
    }

    /// The link reading a DGT board that stands as `setting` says (a peg board's squares
    /// are never turned).
    pub fn with_orientation(mut self, setting: OrientationSetting) -> Self {
        (self.orientation, self.find_orientation) = match setting {
            OrientationSetting::Fixed(o) => (o, false),
            OrientationSetting::Auto(o) => (o, true),
        };
        self
    }

    /// How a DGT board's fields are read now.
    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// The protocol the board speaks.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// What the board senses, once it has said so.
    pub fn sensing(&self) -> Option<Sensing> {
        self.sensing
    }

    /// True while the link is up.
    pub fn is_connected(&self) -> bool {
        self.connected
    }

    /// The bytes that send `msg` to the board (DGT boards have no tone: `BEEP` is nothing).
    pub fn encode(&self, msg: HostMsg) -> Vec<u8> {
        match self.protocol {
            Protocol::PegBoard => {
                peg_protocol::frame_line(&msg.to_string(), self.checksum).into_bytes()
            }
            Protocol::Dgt => match msg {
                HostMsg::HelloQuery | HostMsg::Ping => vec![dgt::command::SEND_VERSION],
                HostMsg::Scan => vec![dgt::command::SEND_BOARD],
                HostMsg::Beep(_) => Vec::new(),
            },
        }
    }

    /// When to call with [`LinkInput::Tick`] next.
    pub fn next_deadline(&self) -> Option<Duration> {
        self.connected
            .then(|| self.last_heard + if self.pinged { LOST_AFTER } else { PING_AFTER })
            .into_iter()
            .chain(self.settle.deadline())
            .min()
    }

    /// Feeds one input at time `now`.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn handle(&mut self, input: LinkInput<'_>, now: Duration) -> Vec<LinkOutput> {
        let mut out = Vec::new();
        match input {
            LinkInput::Opened => {
                self.connected = true;
                self.last_heard = now;
                self.pinged = false;
                self.resync_next_scan = true;
                self.line.clear();
                self.discarding = false;
                self.dgt = DgtDecoder::new();
                self.dgt_hello_said = false;
                self.last_hello = None;
                self.odd_said.clear();
                self.settle.clear();
                self.dump_awaited = (self.protocol == Protocol::Dgt).then_some(now);
                match self.protocol {
                    Protocol::PegBoard => {
                        out.push(LinkOutput::Write(self.encode(HostMsg::HelloQuery)));
                        out.push(LinkOutput::Write(self.encode(HostMsg::Scan)));
                    }
                    Protocol::Dgt => out.push(LinkOutput::Write(vec![
                        dgt::command::SEND_RESET,
                        dgt::command::RETURN_SERIAL_NUMBER,
                        dgt::command::SEND_VERSION,
                        dgt::command::SEND_BOARD,
                        dgt::command::SEND_UPDATE_BOARD,
                    ])),
                }
            }
            LinkInput::Bytes(bytes) => {
                if !bytes.is_empty() {
                    self.last_heard = now;
                    self.pinged = false;
                }
                match self.protocol {
                    Protocol::PegBoard => self.peg_bytes(bytes, &mut out),
                    Protocol::Dgt => self.dgt_bytes(bytes, now, &mut out),
                }
            }
            LinkInput::Closed => {
                if self.connected {
                    self.connected = false;
                    out.push(LinkOutput::Event(LinkEvent::Lost));
                }
            }
            LinkInput::Tick => {
                let mut settled = Vec::new();
                self.settle.due(now, &mut settled);
                pass(settled, &mut out);
                if self.connected {
                    let silent = now.saturating_sub(self.last_heard);
                    if silent >= LOST_AFTER {
                        self.connected = false;
                        out.push(LinkOutput::Event(LinkEvent::Lost));
                    } else if silent >= PING_AFTER && !self.pinged {
                        self.pinged = true;
                        out.push(LinkOutput::Write(self.encode(HostMsg::Ping)));
                        if self.dump_awaited.is_some() {
                            // The dump asked for was lost with the rest: again.
                            self.ask_for_dump(now, &mut out);
                        }
                    }
                }
            }
        }
        out
    }

    fn peg_bytes(&mut self, bytes: &[u8], out: &mut Vec<LinkOutput>) {
        for &b in bytes {
            if b == b'\n' {
                if !self.discarding && !self.line.is_empty() {
                    let line = std::mem::take(&mut self.line);
                    self.peg_line(&line, out);
                }
                self.line.clear();
                self.discarding = false;
            } else if self.discarding {
                continue;
            } else if self.line.len() > MAX_LINE + 1 {
                self.discarding = true;
                self.line.clear();
                self.drop_line(&LineError::TooLong.to_string(), out);
            } else {
                self.line.push(b);
            }
        }
    }

    fn drop_line(&mut self, why: &str, out: &mut Vec<LinkOutput>) {
        // Events may be missing until the scan that answers: it is a resync.
        self.resync_next_scan = true;
        out.push(LinkOutput::Event(LinkEvent::Dropped(why.to_string())));
        out.push(LinkOutput::Write(self.encode(HostMsg::Scan)));
    }

    fn peg_line(&mut self, line: &[u8], out: &mut Vec<LinkOutput>) {
        let msg = match parse_device_line(line) {
            Ok(Some(msg)) => msg,
            Ok(None) => {
                // A kind of a later protocol version: ignored, as the protocol says.
                return out.push(LinkOutput::Event(LinkEvent::Ignored(
                    String::from_utf8_lossy(line).into_owned(),
                )));
            }
            Err(LineError::Empty) => return,
            Err(e) => {
                return self.drop_line(
                    &format!("{e}: {}", String::from_utf8_lossy(line).trim_end()),
                    out,
                );
            }
        };
        let sensing = self.sensing.unwrap_or(Sensing::Occupancy);
        match msg {
            DeviceMsg::Hello(hello) => {
                // Said at power-up and again in answer to HELLO?: tell it once.
                if self.last_hello.as_ref() != Some(&hello) {
                    self.sensing = Some(hello.sensing);
                    self.last_hello = Some(hello.clone());
                    out.push(LinkOutput::Event(LinkEvent::Connected(hello)));
                }
            }
            DeviceMsg::Key(name) => out.push(LinkOutput::Event(LinkEvent::Key(name))),
            DeviceMsg::Pong => {}
            DeviceMsg::Err(text) => out.push(LinkOutput::Event(LinkEvent::DeviceError(text))),
            DeviceMsg::Board(chars) => {
                let sensing = self.sensing.unwrap_or_else(|| guess_sensing(&chars));
                match SensedBoard::from_scan(&chars, sensing) {
                    Some(board) => self.scan(board, out),
                    None => self.drop_line("scan does not fit the board's sensing", out),
                }
            }
            msg @ (DeviceMsg::Up(_) | DeviceMsg::Down(..)) => {
                if let Some(input) = BoardInput::from_device(&msg, sensing) {
                    out.push(LinkOutput::Event(LinkEvent::Input(input)));
                }
            }
        }
    }

    fn scan(&mut self, board: SensedBoard, out: &mut Vec<LinkOutput>) {
        let input = if std::mem::take(&mut self.resync_next_scan) {
            BoardInput::Resync(board)
        } else {
            BoardInput::Scan(board)
        };
        out.push(LinkOutput::Event(LinkEvent::Input(input)));
    }

    fn dgt_bytes(&mut self, bytes: &[u8], now: Duration, out: &mut Vec<LinkOutput>) {
        for result in self.dgt.push(bytes) {
            match result {
                Ok(DgtMessage::BoardDump(board, odd)) => {
                    self.dump_awaited = None;
                    let found = self
                        .find_orientation
                        .then(|| Orientation::of_start(&board))
                        .flatten();
                    if let Some(o) = found.filter(|&o| o != self.orientation) {
                        // Every square changed its name: the dump is compared as a whole.
                        self.orientation = o;
                        self.resync_next_scan = true;
                    }
                    let odd: Vec<(Square, u8)> = odd
                        .into_iter()
                        .map(|(sq, code)| (self.orientation.turn(sq), code))
                        .collect();
                    self.odd_said.retain(|said| odd.contains(said));
                    for (sq, code) in odd {
                        self.say_odd(sq, code, out);
                    }
                    let board = self.orientation.turn_board(&board);
                    let mut held = Vec::new();
                    self.settle.shown(&board, &mut held);
                    pass(held, out);
                    self.scan(board, out)
                }
                Ok(DgtMessage::FieldUpdate(..) | DgtMessage::OddPiece(..))
                    if self.dump_awaited.is_some() =>
                {
                    out.push(LinkOutput::Event(LinkEvent::Ignored(
                        "dgt: field update before the board dump, which shows it".into(),
                    )));
                    if self
                        .dump_awaited
                        .is_some_and(|asked| now.saturating_sub(asked) >= PING_AFTER)
                    {
                        self.ask_for_dump(now, out);
                    }
                }
                Ok(DgtMessage::FieldUpdate(sq, piece)) => {
                    let sq = self.orientation.turn(sq);
                    self.odd_said.retain(|&(said, _)| said != sq);
                    let mut inputs = Vec::new();
                    match piece {
                        None => self.settle.up(sq, now, &mut inputs),
                        Some(p) => self.settle.down(sq, Cell::Piece(p), now, &mut inputs),
                    }
                    pass(inputs, out);
                }
                Ok(DgtMessage::OddPiece(sq, code)) => {
                    let sq = self.orientation.turn(sq);
                    self.say_odd(sq, code, out);
                    let mut inputs = Vec::new();
                    self.settle.down(sq, Cell::Peg, now, &mut inputs);
                    pass(inputs, out);
                }
                Ok(DgtMessage::SerialNumber(s) | DgtMessage::LongSerialNumber(s)) => {
                    self.dgt_serial = s
                }
                Ok(DgtMessage::Version { major, minor }) => {
                    // Pings are version requests too: only the first answer introduces the board.
                    if self.dgt_hello_said {
                        continue;
                    }
                    self.dgt_hello_said = true;
                    let model = if self.dgt_serial.is_empty() {
                        "dgt".to_string()
                    } else {
                        format!("dgt-{}", self.dgt_serial)
                    };
                    let hello = Hello {
                        model,
                        firmware: format!("{major}.{minor}"),
                        sensing: Sensing::Piece,
                    };
                    out.push(LinkOutput::Event(LinkEvent::Connected(hello)));
                }
                Ok(DgtMessage::Other { .. }) => {}
                Err(e) => {
                    out.push(LinkOutput::Event(LinkEvent::Dropped(format!("dgt: {e}"))));
                    // Field updates may be missing: the dump that answers shows the board.
                    if self.dump_awaited.is_none() {
                        self.ask_for_dump(now, out);
                    }
                    self.resync_next_scan = true;
                }
            }
        }
    }

    /// Asks a DGT board for its dump, and waits for it from `now`.
    fn ask_for_dump(&mut self, now: Duration, out: &mut Vec<LinkOutput>) {
        self.dump_awaited = Some(now);
        out.push(LinkOutput::Write(vec![dgt::command::SEND_BOARD]));
    }

    /// Says once that `sq` (game name) holds `code`, which is no chess piece.
    fn say_odd(&mut self, sq: Square, code: u8, out: &mut Vec<LinkOutput>) {
        if self.odd_said.contains(&(sq, code)) {
            return;
        }
        self.odd_said.retain(|&(said, _)| said != sq);
        self.odd_said.push((sq, code));
        out.push(LinkOutput::Event(LinkEvent::DeviceError(format!(
            "dgt: {sq} holds {}, no chess piece",
            dgt::odd_piece_name(code)
        ))));
    }
}

/// Tracker inputs as the link's events.
fn pass(inputs: Vec<BoardInput>, out: &mut Vec<LinkOutput>) {
    out.extend(
        inputs
            .into_iter()
            .map(|input| LinkOutput::Event(LinkEvent::Input(input))),
    );
}

/// The sensing a scan's characters show, for a scan that comes before `HELLO`.
fn guess_sensing(chars: &str) -> Sensing {
    if chars.chars().any(|c| "KQRNPkqrnp".contains(c)) {
        Sensing::Piece
    } else if chars.contains(['w', 'b']) {
        Sensing::Color
    } else {
        Sensing::Occupancy
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    fn s(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    fn writes(out: &[LinkOutput]) -> Vec<String> {
        out.iter()
            .filter_map(|o| {
                if let LinkOutput::Write(b) = o {
                    Some(String::from_utf8_lossy(b).into_owned())
                } else {
                    None
                }
            })
            .collect()
    }

    fn events(out: Vec<LinkOutput>) -> Vec<LinkEvent> {
        out.into_iter()
            .filter_map(|o| {
                if let LinkOutput::Event(e) = o {
                    Some(e)
                } else {
                    None
                }
            })
            .collect()
    }

    #[test]
    fn opening_asks_hello_and_scan_and_the_first_scan_is_a_resync() {
        let mut link = Link::new(Protocol::PegBoard, false);
        assert_eq!(
            writes(&link.handle(LinkInput::Opened, s(0))),
            ["HELLO?\n", "SCAN\n"]
        );
        let scan = format!(
            "BOARD {}\n",
            "x".repeat(16) + &".".repeat(32) + &"x".repeat(16)
        );
        let mut bytes = b"HELLO tactus-64 1.2.0 occupancy\r\n".to_vec();
        bytes.extend(scan.as_bytes());
        bytes.extend(scan.as_bytes());
        bytes.extend(b"UP e2\nDOWN e4\nKEY clock\nFLASH 3\n");
        // Split across reads anywhere.
        let (a, b) = bytes.split_at(37);
        let mut ev = events(link.handle(LinkInput::Bytes(a), s(10)));
        ev.extend(events(link.handle(LinkInput::Bytes(b), s(20))));
        assert!(matches!(&ev[0], LinkEvent::Connected(h) if h.sensing == Sensing::Occupancy));
        assert!(matches!(&ev[1], LinkEvent::Input(BoardInput::Resync(_))));
        assert!(matches!(&ev[2], LinkEvent::Input(BoardInput::Scan(_))));
        assert_eq!(ev[3], LinkEvent::Input(BoardInput::Up(Square::E2)));
        assert_eq!(
            ev[4],
            LinkEvent::Input(BoardInput::Down(Square::E4, Cell::Peg))
        );
        assert_eq!(ev[5], LinkEvent::Key("clock".into()));
        // A kind of a later protocol version is ignored, and said so for the log.
        assert_eq!(ev[6], LinkEvent::Ignored("FLASH 3".into()));
        assert_eq!(ev.len(), 7);
    }

    #[test]
    fn a_bad_checksum_drops_the_line_and_asks_for_a_scan() {
        let mut link = Link::new(Protocol::PegBoard, true);
        assert_eq!(
            writes(&link.handle(LinkInput::Opened, s(0))),
            ["HELLO?*7D\n", "SCAN*1F\n"]
        );
        let out = link.handle(LinkInput::Bytes(b"UP e2*00\n"), s(5));
        assert_eq!(writes(&out), ["SCAN*1F\n"]);
        assert!(matches!(&events(out)[..], [LinkEvent::Dropped(_)]));
        let long = [b'x'; 200];
        let out = link.handle(LinkInput::Bytes(&long), s(6));
        assert!(matches!(&events(out)[..], [LinkEvent::Dropped(_)]));
        let out = link.handle(LinkInput::Bytes(b"\nUP e2\n"), s(7));
        assert_eq!(events(out), [LinkEvent::Input(BoardInput::Up(Square::E2))]);
    }

    #[test]
    fn silence_brings_a_ping_then_the_link_is_lost() {
        let mut link = Link::new(Protocol::PegBoard, false);
        let _ = link.handle(LinkInput::Opened, s(0));
        assert_eq!(link.next_deadline(), Some(s(1000)));
        assert!(link.handle(LinkInput::Tick, s(999)).is_empty());
        assert_eq!(writes(&link.handle(LinkInput::Tick, s(1000))), ["PING\n"]);
        assert_eq!(link.next_deadline(), Some(s(3000)));
        // A PONG keeps it alive.
        assert!(events(link.handle(LinkInput::Bytes(b"PONG\n"), s(1200))).is_empty());
        assert_eq!(link.next_deadline(), Some(s(2200)));
        let _ = link.handle(LinkInput::Tick, s(2200));
        assert!(link.handle(LinkInput::Tick, s(4199)).is_empty());
        assert_eq!(
            events(link.handle(LinkInput::Tick, s(4200))),
            [LinkEvent::Lost]
        );
        assert!(!link.is_connected());
        assert_eq!(link.next_deadline(), None);
    }

    #[test]
    fn a_dgt_board_is_read_the_same_way() {
        let mut device = dgt::DgtDevice::new(&shakmaty::Chess::default());
        let mut link = Link::new(Protocol::Dgt, false);
        let mut ev = Vec::new();
        for o in link.handle(LinkInput::Opened, s(0)) {
            if let LinkOutput::Write(cmds) = o {
                for c in cmds {
                    let answer = device.command(c);
                    ev.extend(events(link.handle(LinkInput::Bytes(&answer), s(1))));
                }
            }
        }
        let lift = device.set(Square::E2, None);
        ev.extend(events(link.handle(LinkInput::Bytes(&lift), s(2))));
        assert!(
            matches!(&ev[0], LinkEvent::Connected(h) if h.model == "dgt-01234" && h.firmware == "1.8")
        );
        assert!(matches!(&ev[1], LinkEvent::Input(BoardInput::Resync(_))));
        assert_eq!(ev[2], LinkEvent::Input(BoardInput::Up(Square::E2)));
    }
}
