//! The one interface every board kind implements: a pure state machine fed with the
//! transport's bytes (and an injected time), giving back bytes to write and [`LinkEvent`]s
//! (who the board is, tracker inputs, drops to log, loss). The session and `board-watch` use
//! any board through it alike; [`BoardProtocol::transport`] says how to reach the board
//! (serial framing or a BLE profile), so the adapter that moves bytes is chosen by data.
//!
//! The inputs and outputs are the link's ([`LinkInput`], [`LinkOutput`]): the peg board and
//! DGT [`Link`] implements this interface as it is, and the e-boards whose reports are whole
//! positions (ChessLink, Chessnut) turn them into the same lifts and drops with
//! [`super::positions::PositionFeed`].

use std::fmt;
use std::time::Duration;

use shakmaty::Bitboard;

use super::link::{Link, LinkEvent, LinkInput, LinkOutput, Protocol};
use super::peg_protocol::HostMsg;
use super::sensed::Sensing;
use super::transport::{SerialFraming, Transport};

/// What the session (or `board-watch`) asks of a board, whatever its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// Send the whole board (it arrives as tracker inputs like any report).
    Scan,
    /// Light these squares (e.g. the squares of the move relayed to the sighted player),
    /// replacing what was lit; an empty set puts every light out. Kept by the protocol and
    /// lit again after a reconnection.
    Light(Bitboard),
    /// A short tone, where the board has one.
    Beep(Duration),
}

/// A board protocol: see the module documentation.
pub trait BoardProtocol: fmt::Debug + Send {
    /// The kind's name for logs and messages (`peg-board`, `dgt`, `chesslink`, …).
    fn name(&self) -> &'static str;

    /// How the board is reached.
    fn transport(&self) -> Transport;

    /// What the board senses, once known (e-boards know it from the start; a peg board says
    /// it in its `HELLO`).
    fn sensing(&self) -> Option<Sensing>;

    /// Whether [`Request::Light`] shows anything on this kind of board.
    fn has_lights(&self) -> bool;

    /// True while the board is connected.
    fn is_connected(&self) -> bool;

    /// Feeds one input at time `now`; returns the bytes to write and the events, in order.
    #[must_use = "it is what the state machine decided: carry it out"]
    fn handle(&mut self, input: LinkInput<'_>, now: Duration) -> Vec<LinkOutput>;

    /// When to feed [`LinkInput::Tick`] next (`None`: no timer needed).
    fn next_deadline(&self) -> Option<Duration>;

    /// The bytes that carry out `request` (none where the board cannot).
    #[must_use = "it is what the state machine decided: carry it out"]
    fn request(&mut self, request: &Request) -> Vec<u8>;

    /// The serial line was opened and its driver set it up as `framing`, which may not be
    /// what [`BoardProtocol::transport`] asked (a pseudo-terminal keeps 8 bits without
    /// parity): a protocol whose bytes depend on it adapts. Called before each
    /// [`LinkInput::Opened`] of a serial line.
    fn line_in_effect(&mut self, framing: SerialFraming) {
        let _ = framing;
    }
}

impl BoardProtocol for Link {
    fn name(&self) -> &'static str {
        match self.protocol() {
            Protocol::PegBoard => "peg-board",
            Protocol::Dgt => "dgt",
        }
    }

    fn transport(&self) -> Transport {
        Transport::Serial(match self.protocol() {
            Protocol::PegBoard => SerialFraming::eight_n_one(115_200),
            Protocol::Dgt => SerialFraming::eight_n_one(9600),
        })
    }

    fn sensing(&self) -> Option<Sensing> {
        Link::sensing(self)
    }

    fn has_lights(&self) -> bool {
        false
    }

    fn is_connected(&self) -> bool {
        Link::is_connected(self)
    }

    fn handle(&mut self, input: LinkInput<'_>, now: Duration) -> Vec<LinkOutput> {
        Link::handle(self, input, now)
    }

    fn next_deadline(&self) -> Option<Duration> {
        Link::next_deadline(self)
    }

    fn request(&mut self, request: &Request) -> Vec<u8> {
        match request {
            Request::Scan => self.encode(HostMsg::Scan),
            Request::Light(_) => Vec::new(),
            Request::Beep(d) => self.encode(HostMsg::Beep(
                u32::try_from(d.as_millis()).unwrap_or(u32::MAX),
            )),
        }
    }
}

/// What keeping a link alive asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alive {
    /// Nothing to do.
    Fine,
    /// The board has been silent: ask it something small.
    Ping,
    /// The board has been silent too long: the link is lost.
    Lost,
}

/// Silence watching for serial boards that may go quiet: a ping after `ping_after` of
/// silence, the link lost after `lost_after` (the peg-board link's 1 s and 3 s).
#[derive(Debug, Clone)]
pub struct Liveness {
    ping_after: Duration,
    lost_after: Duration,
    last_heard: Duration,
    pinged: bool,
    watching: bool,
}

impl Liveness {
    /// A watch that pings after `ping_after` and gives up after `lost_after` of silence.
    pub fn new(ping_after: Duration, lost_after: Duration) -> Self {
        Liveness {
            ping_after,
            lost_after,
            last_heard: Duration::ZERO,
            pinged: false,
            watching: false,
        }
    }

    /// The link opened at `now`: start watching.
    pub fn opened(&mut self, now: Duration) {
        self.watching = true;
        self.heard(now);
    }

    /// The link closed: stop watching.
    pub fn closed(&mut self) {
        self.watching = false;
    }

    /// The board said something at `now`.
    pub fn heard(&mut self, now: Duration) {
        self.last_heard = now;
        self.pinged = false;
    }

    /// When to call [`Liveness::tick`] next.
    pub fn deadline(&self) -> Option<Duration> {
        self.watching.then(|| {
            self.last_heard
                + if self.pinged {
                    self.lost_after
                } else {
                    self.ping_after
                }
        })
    }

    /// Time passed: what to do now.
    pub fn tick(&mut self, now: Duration) -> Alive {
        if !self.watching {
            return Alive::Fine;
        }
        let silent = now.saturating_sub(self.last_heard);
        if silent >= self.lost_after {
            self.watching = false;
            Alive::Lost
        } else if silent >= self.ping_after && !self.pinged {
            self.pinged = true;
            Alive::Ping
        } else {
            Alive::Fine
        }
    }
}

/// The events among outputs, in order (for tests and logs).
pub fn events_of(outputs: Vec<LinkOutput>) -> Vec<LinkEvent> {
    outputs
        .into_iter()
        .filter_map(|o| match o {
            LinkOutput::Event(e) => Some(e),
            LinkOutput::Write(_) => None,
        })
        .collect()
}

/// The writes among outputs, in order.
pub fn writes_of(outputs: &[LinkOutput]) -> Vec<Vec<u8>> {
    outputs
        .iter()
        .filter_map(|o| match o {
            LinkOutput::Write(b) => Some(b.clone()),
            LinkOutput::Event(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_peg_and_dgt_link_is_a_board_protocol() {
        let mut peg: Box<dyn BoardProtocol> = Box::new(Link::new(Protocol::PegBoard, false));
        assert_eq!(peg.name(), "peg-board");
        assert_eq!(
            peg.transport(),
            Transport::Serial(SerialFraming::eight_n_one(115_200))
        );
        assert_eq!(peg.request(&Request::Scan), b"SCAN\n");
        assert_eq!(
            peg.request(&Request::Beep(Duration::from_millis(80))),
            b"BEEP 80\n"
        );
        assert!(peg.request(&Request::Light(Bitboard::FULL)).is_empty());
        let out = peg.handle(LinkInput::Opened, Duration::ZERO);
        assert_eq!(writes_of(&out), [b"HELLO?\n".to_vec(), b"SCAN\n".to_vec()]);
        let mut dgt: Box<dyn BoardProtocol> = Box::new(Link::new(Protocol::Dgt, false));
        assert_eq!(dgt.sensing(), Some(Sensing::Piece));
        assert_eq!(dgt.request(&Request::Scan), [0x42]);
    }

    #[test]
    fn liveness_pings_then_gives_up() {
        let s = Duration::from_millis;
        let mut live = Liveness::new(s(1000), s(3000));
        assert_eq!(live.deadline(), None);
        live.opened(s(0));
        assert_eq!(live.deadline(), Some(s(1000)));
        assert_eq!(live.tick(s(999)), Alive::Fine);
        assert_eq!(live.tick(s(1000)), Alive::Ping);
        assert_eq!(live.deadline(), Some(s(3000)));
        live.heard(s(1500));
        assert_eq!(live.deadline(), Some(s(2500)));
        assert_eq!(live.tick(s(2500)), Alive::Ping);
        assert_eq!(live.tick(s(4499)), Alive::Fine);
        assert_eq!(live.tick(s(4500)), Alive::Lost);
        assert_eq!(live.deadline(), None);
    }
}
