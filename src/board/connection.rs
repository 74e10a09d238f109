//! A board's connection, whatever its kind and transport: [`BoardConnection`] runs the board's protocol
//! (the core's pure state machine) on the transport the protocol asks for — a serial line
//! with its framing ([`super::serial`]) or Bluetooth LE ([`super::ble`]) — in a thread of its
//! own, and gives what happens as [`PortEvent`]s on one channel. The session, `board-watch`
//! and the tests use every board through it alike.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use crossbeam_channel::{Receiver, Sender};

use annexd_core::board::transport::{BleProfile, Transport};
use annexd_core::board::{BoardOptions, BoardProtocol, BoardSpec, Reach, Request, Sensing};

use super::port_event::PortEvent;
use super::serial::{self, PortSettings};

/// How requests reach the link's thread.
enum ToBoard {
    Serial(Sender<Request>),
    #[cfg(feature = "ble")]
    Ble(tokio::sync::mpsc::UnboundedSender<Request>),
    /// No thread (a Bluetooth board in a program without Bluetooth): the channel of events
    /// is kept open so that the board is not taken for gone.
    #[cfg(not(feature = "ble"))]
    Nowhere(#[allow(dead_code)] Sender<PortEvent>),
}

/// A running board link. Dropping it stops the thread.
pub struct BoardConnection {
    name: &'static str,
    sensing: Option<Sensing>,
    has_lights: bool,
    events: Receiver<PortEvent>,
    to_board: ToBoard,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl BoardConnection {
    /// Opens the board `spec` names, its protocol set up as `options` say; `speed` overrides
    /// a serial line's speed. `None` for no board, and for the simulator (which the caller
    /// starts, then opens its port with [`BoardConnection::serial`]).
    pub fn open(
        spec: &BoardSpec,
        options: &BoardOptions,
        speed: Option<u32>,
    ) -> Option<BoardConnection> {
        let protocol = spec.protocol(options)?;
        match (spec.reach(), protocol.transport()) {
            (Reach::Serial(path), Transport::Serial(mut framing)) => {
                if let Some(speed) = speed {
                    framing.baud = speed;
                }
                Some(BoardConnection::serial(
                    PortSettings::new(path, framing),
                    protocol,
                ))
            }
            (Reach::Ble(name), Transport::Ble(profile)) => Some(BoardConnection::ble(
                name.map(str::to_string),
                profile,
                protocol,
            )),
            _ => None,
        }
    }

    fn new(protocol: &dyn BoardProtocol, events: Receiver<PortEvent>, to_board: ToBoard) -> Self {
        BoardConnection {
            name: protocol.name(),
            sensing: protocol.sensing(),
            has_lights: protocol.has_lights(),
            events,
            to_board,
            stop: Arc::new(AtomicBool::new(false)),
            thread: None,
        }
    }

    /// Runs `protocol` on the serial port `settings` name.
    pub fn serial(settings: PortSettings, protocol: Box<dyn BoardProtocol>) -> BoardConnection {
        let (event_tx, events) = crossbeam_channel::unbounded();
        let (to_board, requests) = crossbeam_channel::unbounded();
        let mut link = BoardConnection::new(protocol.as_ref(), events, ToBoard::Serial(to_board));
        let stop = link.stop.clone();
        link.thread = Some(
            std::thread::Builder::new()
                .name("board-serial".into())
                .spawn(move || serial::run(settings, protocol, event_tx, requests, stop))
                .expect("spawn the board thread"),
        );
        link
    }

    /// Runs `protocol` over Bluetooth LE with the board of `profile` whose name begins with
    /// `name` (any board of the kind without one).
    #[cfg(feature = "ble")]
    pub fn ble(
        name: Option<String>,
        profile: BleProfile,
        protocol: Box<dyn BoardProtocol>,
    ) -> BoardConnection {
        let (event_tx, events) = crossbeam_channel::unbounded();
        let (to_board, requests) = tokio::sync::mpsc::unbounded_channel();
        let link = BoardConnection::new(protocol.as_ref(), events, ToBoard::Ble(to_board));
        let stop = link.stop.clone();
        let thread = std::thread::Builder::new()
            .name("board-ble".into())
            .spawn(move || super::ble::run(name, profile, protocol, event_tx, requests, stop))
            .expect("spawn the board thread");
        // Not joined when dropped: a Bluetooth call under way (a connection attempt) may take
        // many seconds; the thread ends at its next step, or with the program.
        drop(thread);
        link
    }

    /// Without Bluetooth built in, a Bluetooth board is said to be out of reach.
    #[cfg(not(feature = "ble"))]
    pub fn ble(
        _name: Option<String>,
        _profile: BleProfile,
        protocol: Box<dyn BoardProtocol>,
    ) -> BoardConnection {
        let (event_tx, events) = crossbeam_channel::unbounded();
        // The receiver is ours: the send cannot fail.
        let _ = event_tx.send(PortEvent::NoBluetooth(
            "this program was built without Bluetooth (the `ble` feature)".into(),
        ));
        BoardConnection::new(protocol.as_ref(), events, ToBoard::Nowhere(event_tx))
    }

    /// The kind's name (`peg-board`, `dgt`, `chesslink`, …).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// What the board senses, as far as its kind tells before it connects.
    pub fn sensing(&self) -> Option<Sensing> {
        self.sensing
    }

    /// Whether the board has lights ([`Request::Light`]).
    pub fn has_lights(&self) -> bool {
        self.has_lights
    }

    /// The events, in order.
    pub fn events(&self) -> &Receiver<PortEvent> {
        &self.events
    }

    /// Asks the board for something (kept by the protocol while the board is away, where it
    /// matters: lit squares are lit again when it is back).
    pub fn request(&self, request: Request) {
        // The receiver is gone only when the thread has ended: nobody is left to ask.
        let _ = match &self.to_board {
            ToBoard::Serial(tx) => tx.send(request).map_err(drop),
            #[cfg(feature = "ble")]
            ToBoard::Ble(tx) => tx.send(request).map_err(drop),
            #[cfg(not(feature = "ble"))]
            ToBoard::Nowhere(_) => Ok(()),
        };
    }
}

impl Drop for BoardConnection {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            // A thread that panicked has reported it already; shutting down goes on.
            let _ = thread.join();
        }
    }
}
