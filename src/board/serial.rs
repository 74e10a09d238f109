//! The serial adapter: a thread that opens the board's port, turns bytes into [`LinkEvent`]s
//! on a channel and writes what the [`Link`] asks for. It reopens the port when it vanishes
//! (a USB board unplugged, a Bluetooth link gone) and the link resynchronises on its own.
//!
//! All decisions are in the core's [`Link`]; this file only moves bytes and reads the clock.

use std::io::{ErrorKind, Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, TryRecvError};

use annexd_core::board::{HostMsg, Link, LinkEvent, LinkInput, LinkOutput, Protocol};

/// Where and how to reach a board.
#[derive(Debug, Clone)]
pub struct PortSettings {
    /// The device path (`/dev/ttyACM0`, a `/dev/serial/by-id/…` link, a pseudo-terminal,
    /// `COM3` on Windows, an in-process line `in-process:…`).
    pub path: PathBuf,
    /// The line speed (115200 for peg boards, 9600 for DGT boards).
    pub baud: u32,
    /// The protocol the board speaks.
    pub protocol: Protocol,
    /// Send `*HH` checksums on host lines.
    pub checksum: bool,
    /// How long to wait before trying to open the port again.
    pub retry: Duration,
}

impl PortSettings {
    /// Peg-board defaults for `path`: 115200 baud, no checksum, retry every 250 ms.
    pub fn peg_board(path: impl Into<PathBuf>) -> Self {
        PortSettings {
            path: path.into(),
            baud: 115_200,
            protocol: Protocol::PegBoard,
            checksum: false,
            retry: Duration::from_millis(250),
        }
    }

    /// DGT defaults for `path`: 9600 baud.
    pub fn dgt(path: impl Into<PathBuf>) -> Self {
        PortSettings {
            baud: 9600,
            protocol: Protocol::Dgt,
            ..Self::peg_board(path)
        }
    }
}

/// What the adapter reports: link events, and trouble opening the port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PortEvent {
    /// From the link.
    Link(LinkEvent),
    /// The port could not be opened (said once until it opens).
    Unavailable(String),
}

/// A running board link. Dropping it stops the thread.
pub struct BoardLink {
    events: Receiver<PortEvent>,
    to_board: Sender<HostMsg>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl BoardLink {
    /// Starts the adapter thread for `settings`.
    pub fn spawn(settings: PortSettings) -> Self {
        let (event_tx, events) = crossbeam_channel::unbounded();
        let (to_board, board_rx) = crossbeam_channel::unbounded();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::Builder::new()
            .name("board-serial".into())
            .spawn(move || run(settings, event_tx, board_rx, flag))
            .expect("spawn the board thread");
        BoardLink {
            events,
            to_board,
            stop,
            thread: Some(thread),
        }
    }

    /// The events, in order.
    pub fn events(&self) -> &Receiver<PortEvent> {
        &self.events
    }

    /// Sends a message to the board (dropped while the link is down).
    pub fn send(&self, msg: HostMsg) {
        // The receiver is gone only when its owner is shutting down: nobody is left to tell.
        let _ = self.to_board.send(msg);
    }
}

impl Drop for BoardLink {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            // A thread that panicked has reported it already; shutting down goes on.
            let _ = thread.join();
        }
    }
}

/// How long a read waits for bytes before the loop looks at its other work.
const READ_TIMEOUT: Duration = Duration::from_millis(20);

/// A port's bytes both ways.
trait Wire: Read + Write + Send {}
impl<T: Read + Write + Send> Wire for T {}

/// Opens the port: a serial device (a COM port on Windows), or an in-process line
/// (`in-process:…`, the simulated board where there are no pseudo-terminals).
fn open(settings: &PortSettings, timeout: Duration) -> Result<Box<dyn Wire>, String> {
    match super::in_process::open(&settings.path, timeout) {
        Some(line) => line
            .map(|line| Box::new(line) as Box<dyn Wire>)
            .map_err(|e| e.to_string()),
        None => serialport::new(settings.path.to_string_lossy(), settings.baud)
            .timeout(timeout)
            .open()
            .map(|port| Box::new(port) as Box<dyn Wire>)
            .map_err(|e| e.to_string()),
    }
}

fn run(
    settings: PortSettings,
    events: Sender<PortEvent>,
    to_board: Receiver<HostMsg>,
    stop: Arc<AtomicBool>,
) {
    let start = Instant::now();
    let mut link = Link::new(settings.protocol, settings.checksum);
    let mut said_unavailable = false;
    while !stop.load(Ordering::Relaxed) {
        let path = settings.path.to_string_lossy().into_owned();
        let mut port = match open(&settings, READ_TIMEOUT) {
            Ok(port) => port,
            Err(e) => {
                if !said_unavailable {
                    said_unavailable = true;
                    if events
                        .send(PortEvent::Unavailable(format!("{path}: {e}")))
                        .is_err()
                    {
                        return;
                    }
                }
                std::thread::sleep(settings.retry);
                continue;
            }
        };
        said_unavailable = false;
        // Drop whatever was queued while no board listened.
        while to_board.try_recv().is_ok() {}
        let mut outputs = link.handle(LinkInput::Opened, start.elapsed());
        let mut buf = [0u8; 512];
        let mut closed = false;
        loop {
            let mut lost = closed;
            for output in outputs.drain(..) {
                match output {
                    LinkOutput::Write(bytes) => {
                        if port.write_all(&bytes).and_then(|_| port.flush()).is_err() {
                            lost = true;
                        }
                    }
                    LinkOutput::Event(event) => {
                        lost |= event == LinkEvent::Lost;
                        if events.send(PortEvent::Link(event)).is_err() {
                            return;
                        }
                    }
                }
            }
            if lost || stop.load(Ordering::Relaxed) {
                if link.is_connected() {
                    for o in link.handle(LinkInput::Closed, start.elapsed()) {
                        if let LinkOutput::Event(e) = o {
                            // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                            let _ = events.send(PortEvent::Link(e));
                        }
                    }
                }
                break;
            }
            match port.read(&mut buf) {
                Ok(n) if n > 0 => {
                    outputs = link.handle(LinkInput::Bytes(&buf[..n]), start.elapsed())
                }
                Err(e) if e.kind() == ErrorKind::TimedOut || e.kind() == ErrorKind::Interrupted => {
                }
                _ => {
                    outputs = link.handle(LinkInput::Closed, start.elapsed());
                    closed = true;
                }
            }
            loop {
                match to_board.try_recv() {
                    Ok(msg) => outputs.push(LinkOutput::Write(link.encode(msg))),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => return,
                }
            }
            if link.next_deadline().is_some_and(|d| start.elapsed() >= d) {
                outputs.extend(link.handle(LinkInput::Tick, start.elapsed()));
            }
        }
        drop(port);
        if !stop.load(Ordering::Relaxed) {
            std::thread::sleep(settings.retry);
        }
    }
}
