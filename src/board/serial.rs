//! The serial transport: a thread that opens a board's port with the framing its protocol
//! asks for (speed, data bits, parity, stop bits), feeds the bytes it reads to the protocol
//! (any [`BoardProtocol`]: peg board, DGT, ChessLink), writes what the protocol asks for, and
//! sends the [`LinkEvent`]s on a channel. It reopens the port when it vanishes (a USB board
//! unplugged, a Bluetooth serial link gone) and the protocol resynchronises on its own.
//!
//! All decisions are the protocol's; this file only moves bytes and reads the clock.

use std::io::{ErrorKind, Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, TryRecvError};
use serialport::SerialPort;

use annexd_core::board::{
    BoardProtocol, DataBits, LinkEvent, LinkInput, LinkOutput, Parity, Request, SerialFraming,
    StopBits,
};

use super::link::PortEvent;

/// Where and how to reach a board on a serial line.
#[derive(Debug, Clone)]
pub struct PortSettings {
    /// The device path (`/dev/ttyACM0`, a `/dev/serial/by-id/…` link, `COM5`, a
    /// pseudo-terminal).
    pub path: PathBuf,
    /// The line's framing (from the protocol; the speed may be overridden).
    pub framing: SerialFraming,
    /// How long to wait before trying to open the port again.
    pub retry: Duration,
}

impl PortSettings {
    /// `path` opened with `framing`, tried again every 250 ms while it cannot be opened.
    pub fn new(path: impl Into<PathBuf>, framing: SerialFraming) -> Self {
        PortSettings {
            path: path.into(),
            framing,
            retry: Duration::from_millis(250),
        }
    }
}

/// How long a read waits before the loop looks at its requests and the protocol's timer.
const READ_TIMEOUT: Duration = Duration::from_millis(20);

/// Opens the port with the framing the protocol gives.
fn open(settings: &PortSettings) -> serialport::Result<Box<dyn SerialPort>> {
    let framing = settings.framing;
    serialport::new(settings.path.to_string_lossy(), framing.baud)
        .data_bits(match framing.data_bits {
            DataBits::Seven => serialport::DataBits::Seven,
            DataBits::Eight => serialport::DataBits::Eight,
        })
        .parity(match framing.parity {
            Parity::None => serialport::Parity::None,
            Parity::Odd => serialport::Parity::Odd,
            Parity::Even => serialport::Parity::Even,
        })
        .stop_bits(match framing.stop_bits {
            StopBits::One => serialport::StopBits::One,
            StopBits::Two => serialport::StopBits::Two,
        })
        .timeout(READ_TIMEOUT)
        .open()
}

/// The serial thread: see the module documentation. Ends when `stop` is set or nobody
/// listens any more.
pub(super) fn run(
    settings: PortSettings,
    mut protocol: Box<dyn BoardProtocol>,
    events: Sender<PortEvent>,
    requests: Receiver<Request>,
    stop: Arc<AtomicBool>,
) {
    let start = Instant::now();
    let mut said_unavailable = false;
    while !stop.load(Ordering::Relaxed) {
        let mut port = match open(&settings) {
            Ok(port) => port,
            Err(e) => {
                if !said_unavailable {
                    said_unavailable = true;
                    let detail = format!("{}: {e}", settings.path.display());
                    if events.send(PortEvent::Unavailable(detail)).is_err() {
                        return;
                    }
                }
                // What is asked meanwhile is kept by the protocol (lit squares) and carried
                // out when the board is there.
                if !take_requests(&requests, protocol.as_mut()) {
                    return;
                }
                std::thread::sleep(settings.retry);
                continue;
            }
        };
        said_unavailable = false;
        if !take_requests(&requests, protocol.as_mut()) {
            return;
        }
        let mut outputs = protocol.handle(LinkInput::Opened, start.elapsed());
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
                if protocol.is_connected() {
                    for o in protocol.handle(LinkInput::Closed, start.elapsed()) {
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
                    outputs = protocol.handle(LinkInput::Bytes(&buf[..n]), start.elapsed())
                }
                Err(e) if e.kind() == ErrorKind::TimedOut || e.kind() == ErrorKind::Interrupted => {
                }
                _ => {
                    outputs = protocol.handle(LinkInput::Closed, start.elapsed());
                    closed = true;
                }
            }
            loop {
                match requests.try_recv() {
                    Ok(request) => outputs.push(LinkOutput::Write(protocol.request(&request))),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => return,
                }
            }
            if protocol
                .next_deadline()
                .is_some_and(|d| start.elapsed() >= d)
            {
                outputs.extend(protocol.handle(LinkInput::Tick, start.elapsed()));
            }
        }
        drop(port);
        if !stop.load(Ordering::Relaxed) {
            std::thread::sleep(settings.retry);
        }
    }
}

/// Hands the requests waiting to the protocol without writing them (no board listens): it
/// keeps what it needs (the lit squares) for when the board is back. False when the
/// requests' sender is gone.
fn take_requests(requests: &Receiver<Request>, protocol: &mut dyn BoardProtocol) -> bool {
    loop {
        match requests.try_recv() {
            Ok(request) => {
                let _unsent = protocol.request(&request);
            }
            Err(TryRecvError::Empty) => return true,
            Err(TryRecvError::Disconnected) => return false,
        }
    }
}
