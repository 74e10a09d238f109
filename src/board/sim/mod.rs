//! The device side of the peg-board protocol, for tests and demonstrations: a simulated board on a
//! pseudo-terminal (Unix), or on a line inside the program (Windows, which has no pseudo-terminals:
//! see [`crate::board::in_process`]). Typed moves (SAN or UCI) become the lifts and drops a person
//! makes, a peg's way that is no chess move (`e6e5`) the lift and drop it is; raw events (`UP e2`,
//! `DOWN e4 w`, `KEY clock`) pass as typed. What it cannot do comes back as a [`SimNote::Refused`]
//! with its reason.
//!
//! Options add noise: hesitant lifts (a peg up and back before it leaves), any valid order of a
//! move's events, lines with a wrong checksum, a disconnect after a number of events (the port
//! vanishes, and comes back a moment later at the same path, as a USB board re-plugged), and random
//! bytes between its lines as fast as the port takes them. [`SimHandle::unplug`] and
//! [`SimHandle::replug`] pull and put back its cable at any moment.
//!
//! The device is the core's pure model (`annexd_core::board::simulated::SimulatedPegBoard`);
//! [`start_simulator`] runs one in a thread that sleeps until something happens (bytes from the
//! host, a typed line, room to write, the end of an unplugged while). Its port is a [`Cable`]: a
//! pseudo-terminal it waits on in `epoll` through mio, with a waker for the handle's commands
//! ([`pty`]), or an in-process line it waits on in one `Select` ([`in_process`]).

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, TryRecvError};

use annexd_core::board::events::SplitMix;
use annexd_core::board::peg_protocol::{DeviceMsg, parse_host_line};
use annexd_core::board::simulated::{SimRefusal, SimulatedPegBoard, SimulatedPegBoardOptions};

/// How the simulated board behaves: the device, and what its port does.
#[derive(Debug, Clone)]
pub struct SimOptions {
    /// The device: what it senses, its position, its noise.
    pub device: SimulatedPegBoardOptions,
    /// Vanish after this many `UP`/`DOWN` events (once), and come back.
    pub disconnect_after: Option<u32>,
    /// How long the port stays away.
    pub away_for: Duration,
    /// Where the stable link to the pseudo-terminal goes (a temporary path when absent); for
    /// an in-process line, its name (`in-process:…`).
    pub link: Option<PathBuf>,
    /// On a line inside the program instead of a pseudo-terminal: only this program's own
    /// serial adapter can reach it. Always so on Windows, which has no pseudo-terminals.
    pub in_process: bool,
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
            in_process: cfg!(not(unix)),
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
enum ToBoardThread {
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

/// Wakes the board's thread after a command was sent (a no-op where the thread waits on the
/// command channel itself).
type Wake = Arc<dyn Fn() + Send + Sync>;

/// The board's port, plugged in at a stable path or name: what the thread reads, writes and
/// waits on. Reads and writes never wait.
trait Cable: Send + 'static {
    /// Makes the port at `link` (again).
    fn plug(&mut self, link: &Path) -> std::io::Result<()>;
    /// Takes the port away; its link is removed.
    fn unplug(&mut self, link: &Path);
    /// Whether a port is there.
    fn plugged(&self) -> bool;
    /// Bytes from the host: 0 when none wait (or unplugged).
    fn read(&mut self, buf: &mut [u8]) -> usize;
    /// Bytes to the host: how many went (0 when the port is full).
    fn write(&mut self, bytes: &[u8]) -> usize;
    /// Sleeps until the port or `commands` has something (or, when `writing`, the port has
    /// room), or `timeout` has passed.
    fn wait(
        &mut self,
        commands: &Receiver<ToBoardThread>,
        writing: bool,
        timeout: Option<Duration>,
    ) -> std::io::Result<()>;
}

#[cfg(unix)]
mod pty;

mod in_process;

/// A simulated board running on a port of its own.
pub struct SimHandle {
    path: PathBuf,
    commands: Sender<ToBoardThread>,
    wake: Wake,
    feedback: Receiver<SimNote>,
    stats: Receiver<SimStats>,
    thread: Option<JoinHandle<()>>,
}

impl SimHandle {
    /// The stable path of the board's port (a link to the current pseudo-terminal, or the
    /// name of its in-process line).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Types a line on the board (a move, a peg's way or a raw event).
    pub fn type_line(&self, line: &str) {
        self.send(ToBoardThread::Type(line.to_string()));
    }

    /// Pulls the cable: the port vanishes; pegs moved meanwhile are moved, but nothing is
    /// sent until [`SimHandle::replug`].
    pub fn unplug(&self) {
        self.send(ToBoardThread::Unplug);
    }

    /// Puts the cable back: a new port at the same path, and the board's `HELLO`.
    pub fn replug(&self) {
        self.send(ToBoardThread::Replug);
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

    fn send(&self, command: ToBoardThread) {
        if self.commands.send(command).is_ok() {
            (self.wake)();
        }
    }

    fn shut_down(&mut self) {
        self.send(ToBoardThread::Stop);
        if let Some(t) = self.thread.take() {
            // A thread that panicked has reported it already; shutting down goes on.
            let _ = t.join();
        }
        // The board's thread took its link away when it stopped.
    }
}

impl Drop for SimHandle {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// Removes the link at `link` if it still points at `target` (another board may have taken
/// the path since).
#[cfg(unix)]
pub(crate) fn remove_link_to(link: &Path, target: &Path) {
    if std::fs::read_link(link).is_ok_and(|to| to == target) {
        // Tidying up: a link already gone changes nothing.
        let _ = std::fs::remove_file(link);
    }
}

/// Starts a simulated board in a thread; its port is at [`SimHandle::path`].
pub fn start_simulator(options: SimOptions) -> Result<SimHandle, String> {
    static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let in_process = options.in_process;
    let path = options.link.clone().unwrap_or_else(|| {
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("annexd-board-{}-{n}", std::process::id());
        if in_process {
            PathBuf::from(format!("{}{name}", crate::board::in_process::PREFIX))
        } else {
            std::env::temp_dir().join(name)
        }
    });
    let device = SimulatedPegBoard::new(options.device.clone())?;
    if in_process {
        let mut cable = in_process::InProcessCable::default();
        cable
            .plug(&path)
            .map_err(|e| format!("cannot make the in-process line: {e}"))?;
        spawn(options, device, path, cable, Arc::new(|| ()))
    } else {
        pty_board(options, device, path)
    }
}

#[cfg(unix)]
fn pty_board(
    options: SimOptions,
    device: SimulatedPegBoard,
    path: PathBuf,
) -> Result<SimHandle, String> {
    let (mut cable, waker) =
        pty::PtyCable::new().map_err(|e| format!("cannot wait for the port: {e}"))?;
    cable
        .plug(&path)
        .map_err(|e| format!("cannot make the pseudo-terminal: {e}"))?;
    let wake: Wake = Arc::new(move || {
        // Waking the poll loop: if it failed, the loop has ended already.
        let _ = waker.wake();
    });
    spawn(options, device, path, cable, wake)
}

#[cfg(not(unix))]
fn pty_board(
    _options: SimOptions,
    _device: SimulatedPegBoard,
    _path: PathBuf,
) -> Result<SimHandle, String> {
    Err(
        "pseudo-terminals exist on Unix only: here the simulated board runs inside the \
         program (play --board sim)"
            .to_string(),
    )
}

fn spawn(
    options: SimOptions,
    device: SimulatedPegBoard,
    path: PathBuf,
    cable: impl Cable,
    wake: Wake,
) -> Result<SimHandle, String> {
    let (commands, command_rx) = crossbeam_channel::unbounded();
    let (feedback_tx, feedback) = crossbeam_channel::unbounded();
    let (stats_tx, stats) = crossbeam_channel::bounded(1);
    let board = Board {
        rng: SplitMix::new(options.device.seed ^ 0x5EED),
        options,
        device,
        link: path.clone(),
        cable,
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
            let stats = board.run(command_rx);
            // The receiver is gone only when its owner is shutting down: nobody is left to tell.
            let _ = stats_tx.send(stats);
        })
        .map_err(|e| e.to_string())?;
    Ok(SimHandle {
        path,
        commands,
        wake,
        feedback,
        stats,
        thread: Some(thread),
    })
}

/// The board's thread: the device, its port (while plugged in) and what waits to be written.
struct Board<C: Cable> {
    options: SimOptions,
    device: SimulatedPegBoard,
    rng: SplitMix,
    link: PathBuf,
    cable: C,
    /// Bytes of whole lines waiting for room in the port (written before any garbage).
    out: VecDeque<u8>,
    notes: Sender<SimNote>,
    events_sent: u32,
    disconnected_once: bool,
    /// When an automatic disconnect ends.
    back_at: Option<Instant>,
    stats: SimStats,
}

impl<C: Cable> Board<C> {
    fn run(mut self, commands: Receiver<ToBoardThread>) -> SimStats {
        let hello = self.device.hello();
        self.send(&hello);
        let mut line = Vec::new();
        loop {
            self.write_out();
            let timeout = self
                .back_at
                .map(|at| at.saturating_duration_since(Instant::now()));
            let writing = self.cable.plugged() && (!self.out.is_empty() || self.options.garbage);
            if let Err(e) = self.cable.wait(&commands, writing, timeout) {
                // The port is dropped next: a failed deregistration leaves nothing behind.
                let _ = self.notes.send(SimNote::Failed(format!("poll: {e}")));
                return self.stats;
            }
            if self.back_at.is_some_and(|at| at <= Instant::now()) {
                self.back_at = None;
                self.come_back();
            }
            // Every source is drained whether or not it reported (edge-triggered waits).
            self.read_host(&mut line);
            loop {
                match commands.try_recv() {
                    Ok(ToBoardThread::Type(text)) => self.typed(&text),
                    Ok(ToBoardThread::Unplug) => self.unplug(),
                    Ok(ToBoardThread::Replug) => {
                        if !self.cable.plugged() {
                            self.back_at = None;
                            self.come_back();
                        }
                    }
                    Ok(ToBoardThread::Stop) | Err(TryRecvError::Disconnected) => {
                        // The port and its link go with the board.
                        self.cable.unplug(&self.link);
                        return self.stats;
                    }
                    Err(TryRecvError::Empty) => break,
                }
            }
        }
    }

    /// Host lines: `HELLO?`, `SCAN`, `PING` are answered; anything else is ignored.
    fn read_host(&mut self, line: &mut Vec<u8>) {
        let mut buf = [0u8; 512];
        loop {
            let n = self.cable.read(&mut buf);
            if n == 0 {
                return;
            }
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
                    if !self.cable.plugged() {
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
        if self.cable.plugged() {
            let text = self.device.line(msg);
            self.out.extend(text.as_bytes());
            self.stats.line_bytes += text.len() as u64;
        }
    }

    /// Writes what waits, then garbage while the port takes it (if asked for).
    fn write_out(&mut self) {
        if !self.cable.plugged() {
            self.out.clear();
            return;
        }
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
            match self.cable.write(front) {
                0 => return, // full (the host reads slower): the wait says when there is room
                n => {
                    self.out.drain(..n);
                }
            }
        }
    }

    fn unplug(&mut self) {
        if self.cable.plugged() {
            self.cable.unplug(&self.link);
            self.out.clear();
            // The receiver is gone only when its owner is shutting down: nobody is left to tell.
            let _ = self.notes.send(SimNote::Unplugged);
        }
    }

    fn come_back(&mut self) {
        match self.cable.plug(&self.link) {
            Ok(()) => {
                let hello = self.device.hello();
                self.send(&hello);
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
