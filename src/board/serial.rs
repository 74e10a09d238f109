//! The serial transport: a thread that opens a board's port with the framing its protocol
//! asks for (speed, data bits, parity, stop bits), feeds the bytes it reads to the protocol
//! (any [`BoardProtocol`]: peg board, DGT, ChessLink), writes what the protocol asks for, and
//! sends the [`LinkEvent`]s on a channel. A second thread reads the port (a clone of it) and
//! hands the bytes over as they come, so that the first waits for bytes, requests and the
//! protocol's deadline at once and an idle board wakes nothing. It reopens the port when it
//! vanishes (a USB board unplugged, a Bluetooth serial link gone) and the protocol
//! resynchronises on its own.
//!
//! All decisions are the protocol's; this file only moves bytes and reads the clock.

use std::io::{ErrorKind, Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, TryRecvError};
use serialport::SerialPort;

use annexd_core::board::transport::{DataBits, Parity, SerialFraming, StopBits};
use annexd_core::board::{BoardProtocol, LinkEvent, LinkInput, LinkOutput, Request};

use super::port_event::PortEvent;

/// Where and how to reach a board on a serial line.
#[derive(Debug, Clone)]
pub struct PortSettings {
    /// The device path (`/dev/ttyACM0`, a `/dev/serial/by-id/…` link, `COM5`, a
    /// pseudo-terminal, an in-process line `in-process:…`).
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

/// How long the reader's read waits before it looks whether it is to stop.
const READ_WAIT: Duration = Duration::from_millis(500);

/// A port's two ends: the reader's (whose reads wait at most [`READ_WAIT`]) and the writer's,
/// and the framing its driver set up (none for an in-process line).
type Ends = (
    Box<dyn Read + Send>,
    Box<dyn Write + Send>,
    Option<SerialFraming>,
);

/// Opens the port with the framing the protocol gives, as its two ends (the device and a
/// clone of it); an in-process line (`in-process:…`, the simulated peg board where there are
/// no pseudo-terminals: Windows) as its reading and its writing end.
fn open(settings: &PortSettings) -> Result<Ends, String> {
    if let Some(line) = super::in_process::open(&settings.path, READ_WAIT) {
        let (reader, writer) = line.map_err(|e| e.to_string())?.split();
        return Ok((Box::new(reader), Box::new(writer), None));
    }
    let port = open_serial(settings).map_err(|e| e.to_string())?;
    let reader = port.try_clone().map_err(|e| e.to_string())?;
    let in_effect = framing_in_effect(port.as_ref(), settings.framing);
    Ok((reader, port, Some(in_effect)))
}

/// The framing the driver set up, read back from the port (a pseudo-terminal keeps 8 data
/// bits and no parity whatever is asked); what was asked where it cannot be read back.
fn framing_in_effect(port: &dyn SerialPort, asked: SerialFraming) -> SerialFraming {
    let data_bits = match port.data_bits() {
        Ok(serialport::DataBits::Seven) => DataBits::Seven,
        Ok(serialport::DataBits::Eight) => DataBits::Eight,
        _ => asked.data_bits,
    };
    let parity = match port.parity() {
        Ok(serialport::Parity::None) => Parity::None,
        Ok(serialport::Parity::Odd) => Parity::Odd,
        Ok(serialport::Parity::Even) => Parity::Even,
        Err(_) => asked.parity,
    };
    SerialFraming {
        data_bits,
        parity,
        ..asked
    }
}

fn open_serial(settings: &PortSettings) -> serialport::Result<Box<dyn SerialPort>> {
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
        .timeout(READ_WAIT)
        .open()
}

/// What the reader hands over: bytes read, or the port failed.
type Chunk = Option<Vec<u8>>;

/// Reads the port until it fails or `stop` is set, handing what it reads over as it comes;
/// its reads wait for bytes (at most [`READ_WAIT`]), so an idle board costs nothing.
fn spawn_reader(
    mut port: Box<dyn Read + Send>,
    reads: Sender<Chunk>,
    stop: Arc<AtomicBool>,
) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name("board-serial-read".into())
        .spawn(move || {
            let mut buf = [0u8; 512];
            while !stop.load(Ordering::Relaxed) {
                let read = match port.read(&mut buf) {
                    Ok(n) if n > 0 => Some(buf[..n].to_vec()),
                    Err(e)
                        if e.kind() == ErrorKind::TimedOut
                            || e.kind() == ErrorKind::Interrupted =>
                    {
                        continue;
                    }
                    _ => None,
                };
                let failed = read.is_none();
                if reads.send(read).is_err() || failed {
                    return;
                }
            }
        })
}

/// The serial thread: see the module documentation. Ends when `stop` is set or nobody
/// listens any more. It waits for the reader's bytes, the requests and the protocol's next
/// deadline at once, and wakes for nothing else.
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
        let (reader, mut port, in_effect) = match open(&settings) {
            Ok(ports) => ports,
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
        if let Some(framing) = in_effect {
            if framing != settings.framing {
                tracing::info!(
                    "{}: opened as {framing}, not {} as asked",
                    settings.path.display(),
                    settings.framing
                );
            }
            protocol.line_in_effect(framing);
        }
        if !take_requests(&requests, protocol.as_mut()) {
            return;
        }
        let (reads_tx, reads) = crossbeam_channel::bounded::<Chunk>(64);
        let reader_stop = Arc::new(AtomicBool::new(false));
        let reader = match spawn_reader(reader, reads_tx, reader_stop.clone()) {
            Ok(reader) => reader,
            Err(e) => {
                tracing::warn!("{}: no reader thread: {e}", settings.path.display());
                std::thread::sleep(settings.retry);
                continue;
            }
        };
        let ended = serve(
            &mut *port,
            protocol.as_mut(),
            &events,
            &requests,
            &reads,
            &stop,
            start,
        );
        reader_stop.store(true, Ordering::Relaxed);
        drop(reads);
        drop(port);
        // A reader that panicked has reported it already; the link goes on.
        let _ = reader.join();
        if ended == Served::Stop {
            return;
        }
        if !stop.load(Ordering::Relaxed) {
            std::thread::sleep(settings.retry);
        }
    }
}

/// How serving an open port ended.
#[derive(Debug, PartialEq, Eq)]
enum Served {
    /// The port failed or went silent: open it again.
    Closed,
    /// Stop: the link was dropped or nobody listens.
    Stop,
}

/// Moves bytes between the open port and the protocol until the port is lost.
fn serve(
    port: &mut dyn Write,
    protocol: &mut dyn BoardProtocol,
    events: &Sender<PortEvent>,
    requests: &Receiver<Request>,
    reads: &Receiver<Chunk>,
    stop: &AtomicBool,
    start: Instant,
) -> Served {
    let mut outputs = protocol.handle(LinkInput::Opened, start.elapsed());
    let mut closed = false;
    loop {
        let mut lost = closed;
        for output in outputs.drain(..) {
            match output {
                LinkOutput::Write(bytes) => {
                    if !bytes.is_empty()
                        && port.write_all(&bytes).and_then(|_| port.flush()).is_err()
                    {
                        lost = true;
                    }
                }
                LinkOutput::Event(event) => {
                    lost |= event == LinkEvent::Lost;
                    if events.send(PortEvent::Link(event)).is_err() {
                        return Served::Stop;
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
            return if stop.load(Ordering::Relaxed) {
                Served::Stop
            } else {
                Served::Closed
            };
        }
        // Wait for bytes, a request or the protocol's deadline (the stop flag is looked at
        // at least every READ_WAIT).
        let wait = protocol
            .next_deadline()
            .map_or(READ_WAIT, |d| d.saturating_sub(start.elapsed()))
            .min(READ_WAIT);
        crossbeam_channel::select! {
            recv(reads) -> read => match read {
                Ok(Some(bytes)) => outputs = protocol.handle(LinkInput::Bytes(&bytes), start.elapsed()),
                Ok(None) | Err(_) => {
                    outputs = protocol.handle(LinkInput::Closed, start.elapsed());
                    closed = true;
                }
            },
            recv(requests) -> request => match request {
                Ok(request) => outputs.push(LinkOutput::Write(protocol.request(&request))),
                Err(_) => return Served::Stop,
            },
            default(wait) => {}
        }
        if protocol
            .next_deadline()
            .is_some_and(|d| start.elapsed() >= d)
        {
            outputs.extend(protocol.handle(LinkInput::Tick, start.elapsed()));
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
