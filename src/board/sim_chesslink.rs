//! A simulated Millennium ChessLink board on a pseudo-terminal (`annexd board-sim --kind
//! chesslink`), for demonstrations, benchmarks and trying the program without the board.
//!
//! The board is the core's pure model (`annexd_core::board::chesslink::device`): it scans
//! every 40.96 ms (its E2ROM's scan time), sends its status as its E2ROM says (by default on
//! every scan, about 24 a second; the program asks for "on change"), answers every command
//! and keeps its LEDs. Typed lines are read by the simulated peg board's model with a
//! piece-sensing board (moves in SAN or UCI, a piece's way `e2e4`, raw events `UP e2`,
//! `DOWN e4 P`), and the lifts and drops they make happen one a scan, as a person's hands
//! would. Noise damages some status messages (a character with a wrong parity bit, a wrong
//! block parity). Pseudo-terminals ignore parity settings, so the board sends each character
//! as the program's line expects it: 7O1 (a character with a bad parity bit arrives as the NUL a
//! driver gives) or 8N1 (the parity bit in bit 7 of each byte).
//!
//! The squares the program lights (its LED patterns, read back as squares) are told on
//! [`ChessLinkSim::lights`] whenever they change. When the board stops, its link goes with it
//! (if it still points at this board's pseudo-terminal), so that no program opens a terminal
//! the system gives to someone else later.

use std::collections::VecDeque;
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, TryRecvError};
use serialport::{SerialPort, TTYPort};
use shakmaty::Bitboard;

use annexd_core::ChessLinkLine;
use annexd_core::board::Sensing;
use annexd_core::board::chesslink::device::{BoardOptions, ChessLinkBoard, Counts, Noise};
use annexd_core::board::chesslink::frame::ByteParity;
use annexd_core::board::chesslink::messages::{E2ROM_REPORTS, ReportMode};
use annexd_core::board::peg_protocol::DeviceMsg;
use annexd_core::board::simulated::{SimOrder, SimulatedPegBoard, SimulatedPegBoardOptions};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use super::sim::{SimNote, remove_link_to};

/// How the simulated ChessLink board behaves.
#[derive(Debug, Clone)]
pub struct ChessLinkSimOptions {
    /// The starting position (FEN; the initial position when absent).
    pub fen: Option<String>,
    /// The order of each move's lifts and drops.
    pub order: SimOrder,
    /// The program's line: how each character's parity bit travels.
    pub line: ChessLinkLine,
    /// Damage to its status messages.
    pub noise: Noise,
    /// Its automatic reports as its E2ROM has them at the start (the factory's: every scan).
    pub reports: ReportMode,
    /// Seed of the noise and the orders.
    pub seed: u64,
    /// Where the stable link to the pseudo-terminal goes (a temporary path when absent).
    pub link: Option<PathBuf>,
}

impl Default for ChessLinkSimOptions {
    fn default() -> Self {
        ChessLinkSimOptions {
            fen: None,
            order: SimOrder::MoverFirst,
            line: ChessLinkLine::default(),
            noise: Noise::default(),
            reports: ReportMode::EveryScan,
            seed: 1,
            link: None,
        }
    }
}

/// What the handle asks of the board's thread.
enum ToBoardThread {
    Type(String),
    Stop,
}

/// A simulated ChessLink board running on a pseudo-terminal.
pub struct ChessLinkSim {
    path: PathBuf,
    commands: Sender<ToBoardThread>,
    feedback: Receiver<SimNote>,
    lights: Receiver<Bitboard>,
    counts: Receiver<Counts>,
    thread: Option<JoinHandle<()>>,
    /// The pseudo-terminal the link points at.
    pty: PathBuf,
}

impl ChessLinkSim {
    /// The stable path of the board's port (a link to its pseudo-terminal).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Types a line on the board (a move, a piece's way or a raw event).
    pub fn type_line(&self, line: &str) {
        // The thread is gone only when it failed, which its notes said.
        let _ = self.commands.send(ToBoardThread::Type(line.to_string()));
    }

    /// Notes from the simulator: lines it could not carry out, a port that failed.
    pub fn feedback(&self) -> &Receiver<SimNote> {
        &self.feedback
    }

    /// The squares the program lights, each time they change (empty: all lights off).
    pub fn lights(&self) -> &Receiver<Bitboard> {
        &self.lights
    }

    /// Stops the board and returns what it sent.
    pub fn stop(mut self) -> Counts {
        self.shut_down();
        self.counts.try_recv().unwrap_or_default()
    }

    fn shut_down(&mut self) {
        // The thread is gone only when it failed, which its notes said.
        let _ = self.commands.send(ToBoardThread::Stop);
        if let Some(t) = self.thread.take() {
            // A thread that panicked has reported it already; shutting down goes on.
            let _ = t.join();
        }
        remove_link_to(&self.path, &self.pty);
    }
}

impl Drop for ChessLinkSim {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// Starts a simulated ChessLink board in a thread; its port is at [`ChessLinkSim::path`].
pub fn start_chesslink_simulator(options: ChessLinkSimOptions) -> Result<ChessLinkSim, String> {
    static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let path = options.link.clone().unwrap_or_else(|| {
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        std::env::temp_dir().join(format!("annexd-chesslink-{}-{n}", std::process::id()))
    });
    let position: Chess = match &options.fen {
        None => Chess::default(),
        Some(fen) => fen
            .parse::<Fen>()
            .map_err(|e| format!("bad FEN '{fen}': {e}"))?
            .into_position(CastlingMode::Standard)
            .map_err(|e| format!("impossible position '{fen}': {e}"))?,
    };
    let hands = SimulatedPegBoard::new(SimulatedPegBoardOptions {
        sensing: Sensing::Piece,
        fen: options.fen.clone(),
        order: options.order,
        seed: options.seed,
        ..SimulatedPegBoardOptions::default()
    })?;
    let mut board = ChessLinkBoard::new(
        position.board(),
        BoardOptions {
            parity: match options.line {
                ChessLinkLine::SevenOddOne => ByteParity::ByDriver,
                ChessLinkLine::EightNoneOne => ByteParity::InByte,
            },
            noise: options.noise,
            seed: options.seed,
            ..BoardOptions::default()
        },
    );
    board.set_e2rom(E2ROM_REPORTS, options.reports.e2rom());
    let (master, slave) = TTYPort::pair().map_err(|e| format!("pseudo-terminal: {e}"))?;
    let name = slave.name().ok_or("a pseudo-terminal without a name")?;
    let tmp = path.with_extension("new");
    // Tidying up after a failed start: the error that matters is returned below.
    let _ = std::fs::remove_file(&tmp);
    std::os::unix::fs::symlink(&name, &tmp)
        .and_then(|()| std::fs::rename(&tmp, &path))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let (commands, command_rx) = crossbeam_channel::unbounded();
    let (notes, feedback) = crossbeam_channel::unbounded();
    let (lit, lights) = crossbeam_channel::unbounded();
    let (counts_tx, counts) = crossbeam_channel::bounded(1);
    let thread = std::thread::Builder::new()
        .name("chesslink-sim".into())
        .spawn(move || {
            let mut sim = Sim {
                board,
                hands,
                master,
                slave,
                notes,
                lights: lit,
                events: VecDeque::new(),
            };
            sim.run(&command_rx);
            // The receiver is gone only when its owner is shutting down: nobody is left to tell.
            let _ = counts_tx.send(sim.board.counts());
        })
        .map_err(|e| e.to_string())?;
    Ok(ChessLinkSim {
        path,
        commands,
        feedback,
        lights,
        counts,
        thread: Some(thread),
        pty: PathBuf::from(name),
    })
}

/// The board's thread: the board, the hands that move its pieces, its port.
struct Sim {
    board: ChessLinkBoard,
    hands: SimulatedPegBoard,
    master: TTYPort,
    /// The host's end, kept open so that the port stays while no host has it open.
    slave: TTYPort,
    notes: Sender<SimNote>,
    /// Where the lit squares go when they change.
    lights: Sender<Bitboard>,
    /// Lifts and drops still to be made, one a scan.
    events: VecDeque<DeviceMsg>,
}

impl Sim {
    fn run(&mut self, commands: &Receiver<ToBoardThread>) {
        let mut next_scan = Instant::now() + self.board.scan_time();
        let mut buf = [0u8; 512];
        loop {
            let wait = next_scan.saturating_duration_since(Instant::now());
            // The timeout is the time to the next scan: the thread sleeps in the read.
            let _ = self.master.set_timeout(wait.max(Duration::from_millis(1)));
            match self.master.read(&mut buf) {
                Ok(n) if n > 0 => {
                    let lit = self.board.lit();
                    let answer = self.board.receive(&buf[..n]);
                    if self.board.lit() != lit {
                        // The receiver is gone only when its owner is shutting down.
                        let _ = self.lights.send(self.board.lit());
                    }
                    if !self.write(&answer) {
                        return;
                    }
                }
                Ok(_) => {}
                Err(e) if e.kind() == ErrorKind::TimedOut || e.kind() == ErrorKind::Interrupted => {
                }
                Err(e) => {
                    // The receiver is gone only when its owner is shutting down.
                    let _ = self.notes.send(SimNote::Failed(e.to_string()));
                    return;
                }
            }
            loop {
                match commands.try_recv() {
                    Ok(ToBoardThread::Type(text)) => self.typed(&text),
                    Ok(ToBoardThread::Stop) | Err(TryRecvError::Disconnected) => return,
                    Err(TryRecvError::Empty) => break,
                }
            }
            let now = Instant::now();
            if now >= next_scan {
                if let Some(event) = self.events.pop_front() {
                    self.board.apply(&event);
                }
                let report = self.board.scan();
                if !self.write(&report) {
                    return;
                }
                next_scan += self.board.scan_time();
                if next_scan < now {
                    next_scan = now + self.board.scan_time();
                }
            }
        }
    }

    fn typed(&mut self, text: &str) {
        match self.hands.typed(text) {
            Ok(msgs) => self.events.extend(
                msgs.into_iter()
                    .filter(|m| matches!(m, DeviceMsg::Up(_) | DeviceMsg::Down(..))),
            ),
            Err(why) => {
                // The receiver is gone only when its owner is shutting down.
                let _ = self.notes.send(SimNote::Refused(why));
            }
        }
    }

    /// Writes bytes to the host; false when the port failed.
    fn write(&mut self, bytes: &[u8]) -> bool {
        if bytes.is_empty() {
            return true;
        }
        match self.master.write_all(bytes) {
            Ok(()) => true,
            Err(e) if e.kind() == ErrorKind::TimedOut => {
                // Nobody reads (no host has the port open): like a real board's, what it
                // sends is lost, and the port does not fill up.
                let _ = self.slave.clear(serialport::ClearBuffer::Input);
                true
            }
            Err(e) => {
                // The receiver is gone only when its owner is shutting down.
                let _ = self.notes.send(SimNote::Failed(e.to_string()));
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_turns_the_fen_into_the_boards_pieces() {
        let sim = start_chesslink_simulator(ChessLinkSimOptions {
            fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
            ..ChessLinkSimOptions::default()
        })
        .unwrap();
        assert!(sim.path().exists());
        let counts = sim.stop();
        assert_eq!(counts.damaged, 0);
    }
}
