//! The device side of the peg-board protocol, for tests and demonstrations: a simulated board
//! on a pseudo-terminal. Typed moves (SAN or UCI) become the lifts and drops a person makes;
//! raw events (`UP e2`, `DOWN e4 w`, `KEY clock`) pass as typed. Options add noise: hesitant
//! lifts (a peg up and back before it leaves), any valid order of a move's events, lines with
//! a wrong checksum, and one disconnect after a number of events (the port vanishes, and comes
//! back a moment later at the same path, as a USB board re-plugged).
//!
//! [`Device`] is the pure model; [`start`] runs one on a pseudo-terminal in a thread.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use crossbeam_channel::{Receiver, Sender};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Piece, Position};

use super::events::{EventOrder, SplitMix, move_events};
use super::protocol::{self, DeviceMsg, Hello, HostMsg, parse_host_line};
use super::sensed::{Cell, SensedBoard, Sensing, what_for};

/// How the simulated board behaves.
#[derive(Debug, Clone)]
pub struct SimOptions {
    /// What it senses.
    pub sensing: Sensing,
    /// The starting position (FEN); the standard one when absent.
    pub fen: Option<String>,
    /// Probability of a hesitant lift before each lift: `UP`, `DOWN`, then the real `UP`.
    pub bounce: f64,
    /// The order of each move's events.
    pub order: SimOrder,
    /// Probability that a line goes out with a wrong checksum.
    pub bad_checksum: f64,
    /// Vanish after this many `UP`/`DOWN` events (once), and come back.
    pub disconnect_after: Option<u32>,
    /// How long the port stays away.
    pub away_for: Duration,
    /// Seed of the noise.
    pub seed: u64,
    /// Send `*HH` checksums.
    pub checksum: bool,
    /// Where the stable link to the pseudo-terminal goes (a temporary path when absent).
    pub link: Option<PathBuf>,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            sensing: Sensing::Occupancy,
            fen: None,
            bounce: 0.0,
            order: SimOrder::MoverFirst,
            bad_checksum: 0.0,
            disconnect_after: None,
            away_for: Duration::from_millis(300),
            seed: 1,
            checksum: false,
            link: None,
        }
    }
}

/// The order in which the simulated player makes a move's lifts and drops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SimOrder {
    /// The moving piece first (victim lifted last, king before rook).
    #[default]
    MoverFirst,
    /// The other piece first (victim lifted first, rook before king).
    OtherFirst,
    /// A random valid order for each move.
    Shuffled,
}

impl std::str::FromStr for SimOrder {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "mover" | "mover-first" => Ok(SimOrder::MoverFirst),
            "other" | "other-first" => Ok(SimOrder::OtherFirst),
            "shuffle" | "shuffled" => Ok(SimOrder::Shuffled),
            _ => Err(format!("unknown order '{s}': use mover, other or shuffle")),
        }
    }
}

/// The simulated board: its pieces, the game it follows for typed moves, and the noise.
#[derive(Debug, Clone)]
pub struct Device {
    options: SimOptions,
    game: Chess,
    physical: SensedBoard,
    hand: Vec<Piece>,
    rng: SplitMix,
}

impl Device {
    /// A board with the options' position on it.
    pub fn new(options: SimOptions) -> Result<Self, String> {
        let game = match &options.fen {
            None => Chess::default(),
            Some(fen) => fen
                .parse::<Fen>()
                .map_err(|e| format!("bad FEN: {e}"))?
                .into_position(CastlingMode::Standard)
                .map_err(|e| format!("impossible position: {e}"))?,
        };
        let physical = SensedBoard::from_board(game.board(), Sensing::Piece);
        let rng = SplitMix::new(options.seed);
        Ok(Device {
            options,
            game,
            physical,
            hand: Vec::new(),
            rng,
        })
    }

    /// The game it follows.
    pub fn game(&self) -> &Chess {
        &self.game
    }

    /// Its `HELLO`.
    pub fn hello(&self) -> DeviceMsg {
        DeviceMsg::Hello(Hello {
            model: "annexd-sim".into(),
            firmware: env!("CARGO_PKG_VERSION").into(),
            sensing: self.options.sensing,
        })
    }

    /// What it answers to a host message.
    pub fn answer(&mut self, msg: HostMsg) -> Vec<DeviceMsg> {
        match msg {
            HostMsg::HelloQuery => vec![self.hello()],
            HostMsg::Scan => vec![DeviceMsg::Board(
                self.physical.reduced(self.options.sensing).to_scan(),
            )],
            HostMsg::Ping => vec![DeviceMsg::Pong],
            HostMsg::Beep(_) => Vec::new(),
        }
    }

    /// One typed line: a move in SAN or UCI, or a raw device message. Returns the messages
    /// the board sends, already applied to its pieces.
    pub fn typed(&mut self, text: &str) -> Result<Vec<DeviceMsg>, String> {
        let text = text.trim();
        if let Ok(Some(msg)) = protocol::parse_device_line(text.as_bytes()) {
            return self.raw(msg);
        }
        let m = text
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&self.game).ok())
            .or_else(|| {
                text.parse::<San>()
                    .ok()
                    .and_then(|s| s.to_move(&self.game).ok())
            })
            .ok_or_else(|| format!("not a legal move or board event here: {text}"))?;
        let order = match self.options.order {
            SimOrder::MoverFirst => EventOrder::MoverFirst,
            SimOrder::OtherFirst => EventOrder::OtherFirst,
            SimOrder::Shuffled => EventOrder::Shuffled(self.rng.next_u64()),
        };
        let mut out = Vec::new();
        for msg in move_events(&self.game, m, self.options.sensing, order) {
            if let DeviceMsg::Up(sq) = msg
                && self.rng.chance(self.options.bounce)
            {
                let piece = self.physical.get(sq);
                out.push(DeviceMsg::Up(sq));
                out.push(DeviceMsg::Down(sq, self.what(piece)));
            }
            out.push(msg);
        }
        // Apply with the real pieces (a promotion puts the new piece, not the pawn).
        let mut after = self.game.clone();
        after.play_unchecked(m);
        self.game = after;
        self.physical = SensedBoard::from_board(self.game.board(), Sensing::Piece);
        self.hand.clear();
        Ok(out)
    }

    fn what(&self, cell: Cell) -> Option<char> {
        match cell {
            Cell::Piece(p) => what_for(p, self.options.sensing),
            _ => None,
        }
    }

    fn raw(&mut self, msg: DeviceMsg) -> Result<Vec<DeviceMsg>, String> {
        match &msg {
            DeviceMsg::Up(sq) => {
                if let Cell::Piece(p) = self.physical.get(*sq) {
                    self.hand.push(p);
                }
                self.physical.set(*sq, Cell::Empty);
            }
            DeviceMsg::Down(sq, what) => {
                let piece = what
                    .and_then(Piece::from_char)
                    .filter(|_| self.options.sensing == Sensing::Piece)
                    .or_else(|| self.hand.pop())
                    .ok_or_else(|| format!("no piece in hand to put on {sq}"))?;
                self.physical.set(*sq, Cell::Piece(piece));
                let msg = DeviceMsg::Down(*sq, what_for(piece, self.options.sensing));
                self.follow_game();
                return Ok(vec![msg]);
            }
            DeviceMsg::Hello(_) | DeviceMsg::Board(_) | DeviceMsg::Pong => {
                return Err("the simulator sends HELLO, BOARD and PONG itself".into());
            }
            DeviceMsg::Key(_) | DeviceMsg::Err(_) => {}
        }
        self.follow_game();
        Ok(vec![msg])
    }

    /// After raw events: when the pieces show a legal move of the game, the game follows, so
    /// typed moves go on from there.
    fn follow_game(&mut self) {
        if !self.hand.is_empty() {
            return;
        }
        for m in self.game.legal_moves() {
            let mut after = self.game.clone();
            after.play_unchecked(m);
            if SensedBoard::from_board(after.board(), Sensing::Piece) == self.physical {
                self.game = after;
                return;
            }
        }
    }

    /// The line for a message, with the checksum and its noise.
    pub fn line(&mut self, msg: &DeviceMsg) -> String {
        let text = msg.to_string();
        if self.rng.chance(self.options.bad_checksum) {
            let wrong = protocol::checksum(text.as_bytes()) ^ 0x5A;
            return format!("{text}*{wrong:02X}\n");
        }
        protocol::frame(&text, self.options.checksum)
    }
}

/// A simulated board running on a pseudo-terminal.
pub struct SimHandle {
    path: PathBuf,
    commands: Sender<String>,
    feedback: Receiver<String>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    owns_link: bool,
}

impl SimHandle {
    /// The stable path of the board's port (a link to the current pseudo-terminal).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Types a line on the board (a move or a raw event).
    pub fn type_line(&self, line: &str) {
        let _ = self.commands.send(line.to_string());
    }

    /// Notes from the simulator: errors in typed lines, disconnects, reconnects.
    pub fn feedback(&self) -> &Receiver<String> {
        &self.feedback
    }
}

impl Drop for SimHandle {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        if self.owns_link {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// One pseudo-terminal pair and the link to its board end.
struct Port {
    master: serialport::TTYPort,
    _slave: serialport::TTYPort,
}

fn open_port(link: &Path) -> std::io::Result<Port> {
    let (mut master, slave) = serialport::TTYPort::pair().map_err(std::io::Error::other)?;
    serialport::SerialPort::set_timeout(&mut master, Duration::from_millis(1))
        .map_err(std::io::Error::other)?;
    let name = serialport::SerialPort::name(&slave)
        .ok_or_else(|| std::io::Error::other("pseudo-terminal without a name"))?;
    let tmp = link.with_extension("new");
    let _ = std::fs::remove_file(&tmp);
    std::os::unix::fs::symlink(&name, &tmp)?;
    std::fs::rename(&tmp, link)?;
    Ok(Port {
        master,
        _slave: slave,
    })
}

/// Starts a simulated board in a thread; its port is at [`SimHandle::path`].
pub fn start(options: SimOptions) -> Result<SimHandle, String> {
    static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let owns_link = options.link.is_none();
    let path = options.link.clone().unwrap_or_else(|| {
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        std::env::temp_dir().join(format!("annexd-board-{}-{n}", std::process::id()))
    });
    let mut device = Device::new(options.clone())?;
    let port = open_port(&path).map_err(|e| format!("cannot make the pseudo-terminal: {e}"))?;
    let (commands, command_rx) = crossbeam_channel::unbounded::<String>();
    let (feedback_tx, feedback) = crossbeam_channel::unbounded();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let link = path.clone();
    let thread = std::thread::Builder::new()
        .name("board-sim".into())
        .spawn(move || {
            let mut port = Some(port);
            let hello = device.hello();
            send(&mut port, &mut device, &hello);
            let mut events_sent = 0u32;
            let mut disconnected_once = false;
            let mut line = Vec::new();
            let mut buf = [0u8; 256];
            while !flag.load(Ordering::Relaxed) {
                if let Some(p) = port.as_mut()
                    && let Ok(n) = p.master.read(&mut buf)
                {
                    for &b in &buf[..n] {
                        if b == b'\n' {
                            if let Ok(Some(msg)) = parse_host_line(&line) {
                                for answer in device.answer(msg) {
                                    send(&mut port, &mut device, &answer);
                                }
                            }
                            line.clear();
                        } else if line.len() < 256 {
                            line.push(b);
                        }
                    }
                }
                while let Ok(text) = command_rx.try_recv() {
                    match device.typed(&text) {
                        Err(e) => {
                            let _ = feedback_tx.send(e);
                        }
                        Ok(msgs) => {
                            for msg in msgs {
                                if port.is_none() {
                                    continue; // unplugged: the pieces move, nothing is sent
                                }
                                send(&mut port, &mut device, &msg);
                                if matches!(msg, DeviceMsg::Up(_) | DeviceMsg::Down(..)) {
                                    events_sent += 1;
                                }
                                if !disconnected_once
                                    && device.options.disconnect_after == Some(events_sent)
                                {
                                    disconnected_once = true;
                                    port = None;
                                    let _ = std::fs::remove_file(&link);
                                    let _ = feedback_tx.send("disconnected".into());
                                }
                            }
                        }
                    }
                }
                if port.is_none() && disconnected_once {
                    std::thread::sleep(device.options.away_for);
                    match open_port(&link) {
                        Ok(p) => {
                            port = Some(p);
                            let hello = device.hello();
                            send(&mut port, &mut device, &hello);
                            let _ = feedback_tx.send("reconnected".into());
                        }
                        Err(e) => {
                            let _ = feedback_tx.send(format!("cannot come back: {e}"));
                            return;
                        }
                    }
                }
                if port.is_none() {
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        })
        .map_err(|e| e.to_string())?;
    Ok(SimHandle {
        path,
        commands,
        feedback,
        stop,
        thread: Some(thread),
        owns_link,
    })
}

fn send(port: &mut Option<Port>, device: &mut Device, msg: &DeviceMsg) {
    let text = device.line(msg);
    if let Some(p) = port.as_mut()
        && let Err(e) = p.master.write_all(text.as_bytes())
    {
        tracing::warn!("simulated board could not send {msg}: {e}");
    }
}
