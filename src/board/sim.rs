//! The device side of the peg-board protocol, for tests and demonstrations: a simulated board
//! on a pseudo-terminal. Typed moves (SAN or UCI) become the lifts and drops a person makes,
//! a peg's way that is no chess move (`e6e5`) the lift and drop it is; raw events (`UP e2`,
//! `DOWN e4 w`, `KEY clock`) pass as typed. What it cannot do comes back as a
//! [`SimNote::Refused`] with its reason.
//!
//! Options add noise: hesitant lifts (a peg up and back before it leaves), any valid order of
//! a move's events, lines with a wrong checksum, a disconnect after a number of events (the
//! port vanishes, and comes back a moment later at the same path, as a USB board re-plugged),
//! and random bytes between its lines as fast as the port takes them. [`SimHandle::unplug`]
//! and [`SimHandle::replug`] pull and put back its cable at any moment.
//!
//! The device is the core's pure model (`annexd_core::board::SimulatedPegBoard`); [`start`]
//! runs one on a pseudo-terminal in a thread that sleeps until something happens (bytes from
//! the host, a typed line, room to write, the end of an unplugged while): it waits in
//! `epoll` through mio, with a waker for the handle's commands.

use std::collections::VecDeque;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, TryRecvError};
use mio::unix::SourceFd;
use mio::{Events, Interest, Poll, Token, Waker};

use annexd_core::board::{DeviceMsg, SplitMix, parse_host_line};
use annexd_core::board::{SimRefusal, SimulatedPegBoard, SimulatedPegBoardOptions};

/// How the simulated board behaves: the device, and what its port does.
#[derive(Debug, Clone)]
pub struct SimOptions {
    /// The device: what it senses, its position, its noise.
    pub device: SimulatedPegBoardOptions,
    /// Vanish after this many `UP`/`DOWN` events (once), and come back.
    pub disconnect_after: Option<u32>,
    /// How long the port stays away.
    pub away_for: Duration,
    /// Where the stable link to the pseudo-terminal goes (a temporary path when absent).
    pub link: Option<PathBuf>,
    /// Random bytes between the board's lines, as fast as the port takes them; each burst ends
    /// with a line end, so that the board's own lines stay whole.
    pub garbage: bool,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            device: SimulatedPegBoardOptions::default(),
            disconnect_after: None,
            away_for: Duration::from_millis(300),
            link: None,
            garbage: false,
        }
    }
}

/// What the simulated board tells its user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimNote {
    /// A typed line it could not carry out, and why (nothing changed).
    Refused(SimRefusal),
    /// The port vanished (unplugged).
    Unplugged,
    /// The port is back at the same path.
    Replugged,
    /// The port could not be made again: the board is gone for good.
    Failed(String),
}

impl std::fmt::Display for SimNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SimNote::Refused(why) => write!(f, "{why:?}"),
            SimNote::Unplugged => f.write_str("disconnected"),
            SimNote::Replugged => f.write_str("reconnected"),
            SimNote::Failed(why) => write!(f, "cannot come back: {why}"),
        }
    }
}

/// What the handle asks of the board's thread.
enum Command {
    Type(String),
    Unplug,
    Replug,
    Stop,
}

/// Counts of what the board sent, for soak tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SimStats {
    /// Bytes of the board's own lines written.
    pub line_bytes: u64,
    /// Random bytes written between them.
    pub garbage_bytes: u64,
}

/// A simulated board running on a pseudo-terminal.
pub struct SimHandle {
    path: PathBuf,
    commands: Sender<Command>,
    waker: Arc<Waker>,
    feedback: Receiver<SimNote>,
    stats: Receiver<SimStats>,
    thread: Option<JoinHandle<()>>,
    owns_link: bool,
}

impl SimHandle {
    /// The stable path of the board's port (a link to the current pseudo-terminal).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Types a line on the board (a move, a peg's way or a raw event).
    pub fn type_line(&self, line: &str) {
        self.send(Command::Type(line.to_string()));
    }

    /// Pulls the cable: the port vanishes; pegs moved meanwhile are moved, but nothing is
    /// sent until [`SimHandle::replug`].
    pub fn unplug(&self) {
        self.send(Command::Unplug);
    }

    /// Puts the cable back: a new port at the same path, and the board's `HELLO`.
    pub fn replug(&self) {
        self.send(Command::Replug);
    }

    /// Notes from the simulator: lines it could not carry out, disconnects, reconnects.
    pub fn feedback(&self) -> &Receiver<SimNote> {
        &self.feedback
    }

    /// Stops the board and returns what it sent.
    pub fn stop(mut self) -> SimStats {
        self.shut_down();
        self.stats.try_recv().unwrap_or_default()
    }

    fn send(&self, command: Command) {
        if self.commands.send(command).is_ok() {
            // Waking the poll loop: if it failed, the loop has ended already.
            let _ = self.waker.wake();
        }
    }

    fn shut_down(&mut self) {
        self.send(Command::Stop);
        if let Some(t) = self.thread.take() {
            // A thread that panicked has reported it already; shutting down goes on.
            let _ = t.join();
        }
        if self.owns_link {
            // Tidying up: a file already gone, or left for the next start to clean, changes nothing.
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

impl Drop for SimHandle {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// One pseudo-terminal pair and the link to its board end.
struct Port {
    master: serialport::TTYPort,
    _slave: serialport::TTYPort,
}

fn open_port(link: &Path) -> std::io::Result<Port> {
    let (mut master, slave) = serialport::TTYPort::pair().map_err(std::io::Error::other)?;
    // Reads and writes never wait: the thread waits in its poll instead.
    serialport::SerialPort::set_timeout(&mut master, Duration::ZERO)
        .map_err(std::io::Error::other)?;
    set_nonblocking(master.as_raw_fd())?;
    let name = serialport::SerialPort::name(&slave)
        .ok_or_else(|| std::io::Error::other("pseudo-terminal without a name"))?;
    let tmp = link.with_extension("new");
    // Tidying up after a failed write: the error that matters is returned below.
    let _ = std::fs::remove_file(&tmp);
    std::os::unix::fs::symlink(&name, &tmp)?;
    std::fs::rename(&tmp, link)?;
    Ok(Port {
        master,
        _slave: slave,
    })
}

fn set_nonblocking(fd: std::os::fd::RawFd) -> std::io::Result<()> {
    // SAFETY: fcntl on a descriptor this thread owns, with flags it read just before.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

const PORT: Token = Token(0);
const WAKE: Token = Token(1);

/// Starts a simulated board in a thread; its port is at [`SimHandle::path`].
pub fn start_simulator(options: SimOptions) -> Result<SimHandle, String> {
    static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let owns_link = options.link.is_none();
    let path = options.link.clone().unwrap_or_else(|| {
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        std::env::temp_dir().join(format!("annexd-board-{}-{n}", std::process::id()))
    });
    let device = SimulatedPegBoard::new(options.device.clone())?;
    let port = open_port(&path).map_err(|e| format!("cannot make the pseudo-terminal: {e}"))?;
    let poll = Poll::new().map_err(|e| format!("cannot wait for the port: {e}"))?;
    let waker = Arc::new(Waker::new(poll.registry(), WAKE).map_err(|e| e.to_string())?);
    let (commands, command_rx) = crossbeam_channel::unbounded();
    let (feedback_tx, feedback) = crossbeam_channel::unbounded();
    let (stats_tx, stats) = crossbeam_channel::bounded(1);
    let board = Board {
        rng: SplitMix::new(options.device.seed ^ 0x5EED),
        options,
        device,
        link: path.clone(),
        port: None,
        poll,
        out: VecDeque::new(),
        notes: feedback_tx,
        events_sent: 0,
        disconnected_once: false,
        back_at: None,
        stats: SimStats::default(),
    };
    let thread = std::thread::Builder::new()
        .name("board-sim".into())
        .spawn(move || {
            let stats = board.run(port, command_rx);
            // The receiver is gone only when its owner is shutting down: nobody is left to tell.
            let _ = stats_tx.send(stats);
        })
        .map_err(|e| e.to_string())?;
    Ok(SimHandle {
        path,
        commands,
        waker,
        feedback,
        stats,
        thread: Some(thread),
        owns_link,
    })
}

/// The board's thread: the device, its port (while plugged in) and what waits to be written.
struct Board {
    options: SimOptions,
    device: SimulatedPegBoard,
    rng: SplitMix,
    link: PathBuf,
    port: Option<Port>,
    poll: Poll,
    /// Bytes of whole lines waiting for room in the port (written before any garbage).
    out: VecDeque<u8>,
    notes: Sender<SimNote>,
    events_sent: u32,
    disconnected_once: bool,
    /// When an automatic disconnect ends.
    back_at: Option<Instant>,
    stats: SimStats,
}

impl Board {
    fn run(mut self, port: Port, commands: Receiver<Command>) -> SimStats {
        if let Err(e) = self.plug(port) {
            // The receiver is gone only when its owner is shutting down: nobody is left to tell.
            let _ = self.notes.send(SimNote::Failed(e.to_string()));
            return self.stats;
        }
        let mut events = Events::with_capacity(8);
        let mut line = Vec::new();
        loop {
            let timeout = self
                .back_at
                .map(|at| at.saturating_duration_since(Instant::now()));
            if let Err(e) = self.poll.poll(&mut events, timeout)
                && e.kind() != ErrorKind::Interrupted
            {
                // The port is dropped next: a failed deregistration leaves nothing behind.
                let _ = self.notes.send(SimNote::Failed(format!("poll: {e}")));
                return self.stats;
            }
            if self.back_at.is_some_and(|at| at <= Instant::now()) {
                self.back_at = None;
                self.come_back();
            }
            // Edge-triggered: every source is drained whether or not it reported.
            self.read_host(&mut line);
            loop {
                match commands.try_recv() {
                    Ok(Command::Type(text)) => self.typed(&text),
                    Ok(Command::Unplug) => self.unplug(),
                    Ok(Command::Replug) => {
                        if self.port.is_none() {
                            self.back_at = None;
                            self.come_back();
                        }
                    }
                    Ok(Command::Stop) | Err(TryRecvError::Disconnected) => return self.stats,
                    Err(TryRecvError::Empty) => break,
                }
            }
            self.write_out();
        }
    }

    /// Host lines: `HELLO?`, `SCAN`, `PING` are answered; anything else is ignored.
    fn read_host(&mut self, line: &mut Vec<u8>) {
        let mut buf = [0u8; 512];
        loop {
            let Some(port) = self.port.as_mut() else {
                return;
            };
            let n = match port.master.read(&mut buf) {
                Ok(n) if n > 0 => n,
                _ => return,
            };
            for &b in &buf[..n] {
                if b == b'\n' {
                    if let Ok(Some(msg)) = parse_host_line(line) {
                        for answer in self.device.answer(msg) {
                            self.send(&answer);
                        }
                    }
                    line.clear();
                } else if line.len() < 256 {
                    line.push(b);
                }
            }
        }
    }

    fn typed(&mut self, text: &str) {
        match self.device.typed(text) {
            Err(why) => {
                // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                let _ = self.notes.send(SimNote::Refused(why));
            }
            Ok(msgs) => {
                for msg in msgs {
                    if self.port.is_none() {
                        continue; // unplugged: the pieces move, nothing is sent
                    }
                    self.send(&msg);
                    if matches!(msg, DeviceMsg::Up(_) | DeviceMsg::Down(..)) {
                        self.events_sent += 1;
                    }
                    if !self.disconnected_once
                        && self.options.disconnect_after == Some(self.events_sent)
                    {
                        self.disconnected_once = true;
                        self.unplug();
                        self.back_at = Some(Instant::now() + self.options.away_for);
                    }
                }
            }
        }
    }

    /// Queues one of the board's lines (whole, before any garbage).
    fn send(&mut self, msg: &DeviceMsg) {
        if self.port.is_some() {
            let text = self.device.line(msg);
            self.out.extend(text.as_bytes());
            self.stats.line_bytes += text.len() as u64;
        }
    }

    /// Writes what waits, then garbage while the port takes it (if asked for).
    fn write_out(&mut self) {
        let Some(port) = self.port.as_mut() else {
            self.out.clear();
            return;
        };
        loop {
            if self.out.is_empty() {
                if !self.options.garbage {
                    return;
                }
                let burst = 1 + (self.rng.next_u64() % 300) as usize;
                for _ in 0..burst {
                    self.out.push_back(self.rng.next_u64() as u8);
                }
                self.out.push_back(b'\n');
                self.stats.garbage_bytes += burst as u64 + 1;
            }
            let (front, _) = self.out.as_slices();
            match port.master.write(front) {
                Ok(n) if n > 0 => {
                    self.out.drain(..n);
                }
                // Full (the host reads slower): the poll says when there is room again.
                _ => return,
            }
        }
    }

    fn plug(&mut self, port: Port) -> std::io::Result<()> {
        self.poll.registry().register(
            &mut SourceFd(&port.master.as_raw_fd()),
            PORT,
            Interest::READABLE | Interest::WRITABLE,
        )?;
        self.port = Some(port);
        let hello = self.device.hello();
        self.send(&hello);
        Ok(())
    }

    fn unplug(&mut self) {
        if let Some(port) = self.port.take() {
            // The port is dropped next: a failed deregistration leaves nothing behind.
            let _ = self
                .poll
                .registry()
                .deregister(&mut SourceFd(&port.master.as_raw_fd()));
            drop(port);
            self.out.clear();
            // Tidying up: a file already gone, or left for the next start to clean, changes nothing.
            let _ = std::fs::remove_file(&self.link);
            // The receiver is gone only when its owner is shutting down: nobody is left to tell.
            let _ = self.notes.send(SimNote::Unplugged);
        }
    }

    fn come_back(&mut self) {
        match open_port(&self.link).and_then(|port| self.plug(port)) {
            Ok(()) => {
                // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                let _ = self.notes.send(SimNote::Replugged);
            }
            Err(e) => {
                // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                let _ = self.notes.send(SimNote::Failed(e.to_string()));
            }
        }
    }
}
