//! A ChessLink board as a pure model, for tests and the simulator: pieces lifted and put
//! down in any order, the exact bytes a real board sends (status replies, automatic reports
//! by its E2ROM setting, the answers to `V`, `S`, `L`, `X`, `T`, `W`, `R`), its LEDs, and
//! optional noise on the status messages (a wrong block parity, a character with a wrong
//! parity bit, a byte lost). It scans when told to ([`ChessLinkBoard::scan`], every
//! [`ChessLinkBoard::scan_time`] on a real board), so tests decide when scans happen.

use std::time::Duration;

use shakmaty::{Bitboard, Board, Piece, Square};

use super::frame::ByteParity;
use super::messages::{
    ChessLinkCommand, CommandDecoder, E2ROM_BRIGHTNESS, E2ROM_REPORT_TIME, E2ROM_REPORTS,
    E2ROM_SCAN_TIME, LEDS, Reply, ReportMode, code_of_cell, lit_squares,
};
use crate::board::events::SplitMix;
use crate::board::peg_protocol::DeviceMsg;
use crate::board::positions::Orientation;
use crate::board::sensed::{Cell, SensedBoard, Sensing};

/// Noise on the status messages the board sends: the chance, for each, of one fault.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Noise {
    /// A piece code changed on the way: the block parity no longer matches.
    pub bad_block_parity: f64,
    /// A character with a wrong parity bit (a NUL from a 7O1 driver).
    pub bad_character: f64,
    /// A byte lost: the message is cut short and runs into the next.
    pub lost_byte: f64,
}

/// How the simulated board is set up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardOptions {
    /// Where the parity bit of each character travels (as the host's line).
    pub parity: ByteParity,
    /// The firmware version it answers.
    pub version: (u8, u8),
    /// Which way round it stands on the table.
    pub orientation: Orientation,
    /// Noise on its status messages.
    pub noise: Noise,
    /// Seed of the noise.
    pub seed: u64,
}

impl Default for BoardOptions {
    fn default() -> Self {
        BoardOptions {
            parity: ByteParity::ByDriver,
            version: (1, 3),
            orientation: Orientation::Standard,
            noise: Noise::default(),
            seed: 1,
        }
    }
}

/// What the simulated board has sent, for tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Status messages sent (replies and automatic reports).
    pub statuses: u64,
    /// Of those, how many went out damaged.
    pub damaged: u64,
    /// Commands ignored because their format or parity was wrong.
    pub bad_commands: u64,
}

/// The simulated board; see the module documentation.
#[derive(Debug, Clone)]
pub struct ChessLinkBoard {
    options: BoardOptions,
    /// The pieces, by the board's own square names.
    pieces: SensedBoard,
    e2rom: [u8; 256],
    slot_time: u8,
    leds: Box<[u8; LEDS]>,
    decoder: CommandDecoder,
    rng: SplitMix,
    last_reported: Option<SensedBoard>,
    previous_scan: Option<SensedBoard>,
    stable_scans: u32,
    scans_since_timed: u32,
    counts: Counts,
}

impl ChessLinkBoard {
    /// A board with the pieces of `board` on it (the game's square names) and its factory
    /// settings: a status report on every scan, a scan every 40.96 ms.
    pub fn new(board: &Board, options: BoardOptions) -> Self {
        let mut e2rom = [0u8; 256];
        e2rom[usize::from(E2ROM_SCAN_TIME)] = 20;
        e2rom[usize::from(E2ROM_BRIGHTNESS)] = 15;
        let mut device = ChessLinkBoard {
            options,
            pieces: SensedBoard::default(),
            e2rom,
            slot_time: 0,
            leds: Box::new([0; LEDS]),
            decoder: CommandDecoder::new(options.parity),
            rng: SplitMix::new(options.seed),
            last_reported: None,
            previous_scan: None,
            stable_scans: 0,
            scans_since_timed: 0,
            counts: Counts::default(),
        };
        for (sq, piece) in board.iter() {
            device.place(sq, Some(piece));
        }
        device
    }

    /// What it has sent so far.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// A byte of its E2ROM.
    pub fn e2rom(&self, address: u8) -> u8 {
        self.e2rom[usize::from(address)]
    }

    /// Sets a byte of its E2ROM (as a previous program may have left it).
    pub fn set_e2rom(&mut self, address: u8, value: u8) {
        self.e2rom[usize::from(address)] = value;
    }

    /// The time between two scans (E2ROM address 01, units of 2.048 ms; below 15 is 20).
    pub fn scan_time(&self) -> Duration {
        let units = match self.e2rom(E2ROM_SCAN_TIME) {
            n if n < 15 => 20,
            n => n,
        };
        Duration::from_micros(2048 * u64::from(units))
    }

    /// The pieces as the game names the squares.
    pub fn position(&self) -> SensedBoard {
        self.options.orientation.turn_board(&self.pieces)
    }

    /// The squares (the game's names) whose four corner LEDs are lit.
    pub fn lit(&self) -> Bitboard {
        lit_squares(&self.leds)
            .into_iter()
            .map(|sq| self.options.orientation.turn(sq))
            .collect()
    }

    /// The LED patterns, LED 1 first (the board's own corners).
    pub fn leds(&self) -> &[u8; LEDS] {
        &self.leds
    }

    /// The slot time of the last LED command.
    pub fn slot_time(&self) -> u8 {
        self.slot_time
    }

    /// A person puts `piece` on the game's square `sq` (`None`: lifts what is there).
    pub fn place(&mut self, sq: Square, piece: Option<Piece>) {
        let cell = piece.map_or(Cell::Empty, Cell::Piece);
        self.pieces.set(self.options.orientation.turn(sq), cell);
    }

    /// A lift or drop as the peg-board events name it (`DOWN <sq> <FEN letter>`, as
    /// [`crate::board::events::move_events`] makes them for a piece board); other messages
    /// change nothing.
    pub fn apply(&mut self, msg: &DeviceMsg) {
        match msg {
            DeviceMsg::Up(sq) => self.place(*sq, None),
            DeviceMsg::Down(sq, Some(c)) => self.place(*sq, Piece::from_char(*c)),
            _ => {}
        }
    }

    /// The bytes a board with exactly these pieces sends as its status, undamaged.
    pub fn status_bytes(&self) -> Vec<u8> {
        Reply::Status(self.pieces.clone()).encode(self.options.parity)
    }

    fn send_status(&mut self) -> Vec<u8> {
        self.counts.statuses += 1;
        let mut bytes = self.status_bytes();
        let noise = self.options.noise;
        if self.rng.chance(noise.bad_block_parity) {
            // A piece code changed into another: each character still has a good parity bit.
            let i = 1 + self.rng.below(64);
            let old = bytes[i] & 0x7f;
            let new = if old == b'.' { b'P' } else { b'.' };
            bytes[i] = match self.options.parity {
                ByteParity::InByte => super::frame::with_odd_parity(new),
                ByteParity::ByDriver => new,
            };
            self.counts.damaged += 1;
        } else if self.rng.chance(noise.bad_character) {
            let i = self.rng.below(bytes.len());
            match self.options.parity {
                ByteParity::InByte => bytes[i] ^= 0x80,
                ByteParity::ByDriver => bytes[i] = 0,
            }
            self.counts.damaged += 1;
        } else if self.rng.chance(noise.lost_byte) {
            let i = self.rng.below(bytes.len());
            bytes.remove(i);
            self.counts.damaged += 1;
        }
        bytes
    }

    /// One scan of the board: the automatic report it sends now, if any (E2ROM address 02).
    pub fn scan(&mut self) -> Vec<u8> {
        let now = self.pieces.clone();
        if self.previous_scan.as_ref() == Some(&now) {
            self.stable_scans += 1;
        } else {
            self.stable_scans = 1;
        }
        self.previous_scan = Some(now.clone());
        self.scans_since_timed += 1;
        let changed = self.last_reported.as_ref() != Some(&now);
        let send = match ReportMode::from_e2rom(self.e2rom(E2ROM_REPORTS)) {
            ReportMode::EveryScan => true,
            ReportMode::Disabled => false,
            ReportMode::Timed => {
                let scan_units = self.scan_time().as_micros() / 2048;
                let every = (2 * u128::from(self.e2rom(E2ROM_REPORT_TIME)) / scan_units).max(1);
                u128::from(self.scans_since_timed) >= every
            }
            ReportMode::OnChange => changed,
            ReportMode::OnChangeDebounced(n) => changed && self.stable_scans >= u32::from(n),
        };
        if !send {
            return Vec::new();
        }
        self.scans_since_timed = 0;
        self.last_reported = Some(now);
        self.send_status()
    }

    /// Bytes from the host: the answers to every good command in them (a command with a
    /// wrong format or parity is ignored, as the protocol says).
    pub fn receive(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut commands = Vec::new();
        self.decoder.push(bytes, |c| commands.push(c));
        let mut out = Vec::new();
        for command in commands {
            let Ok(command) = command else {
                self.counts.bad_commands += 1;
                continue;
            };
            let reply = match command {
                ChessLinkCommand::Version => Some(Reply::Version {
                    major: self.options.version.0,
                    minor: self.options.version.1,
                }),
                ChessLinkCommand::Status => {
                    out.extend(self.send_status());
                    None
                }
                ChessLinkCommand::Leds {
                    slot_time,
                    patterns,
                } => {
                    self.slot_time = slot_time;
                    self.leds = patterns;
                    Some(Reply::LedsSet)
                }
                ChessLinkCommand::LedsOff => {
                    *self.leds = [0; LEDS];
                    Some(Reply::LedsOff)
                }
                ChessLinkCommand::Reset => {
                    // "status and LED arrays will be cleared"; no reply.
                    *self.leds = [0; LEDS];
                    self.last_reported = None;
                    self.previous_scan = None;
                    None
                }
                ChessLinkCommand::WriteE2rom { address, value } => {
                    self.e2rom[usize::from(address)] = value;
                    Some(Reply::E2romWritten { address, value })
                }
                ChessLinkCommand::ReadE2rom { address } => Some(Reply::E2rom {
                    address,
                    value: self.e2rom(address),
                }),
            };
            if let Some(reply) = reply {
                out.extend(reply.encode(self.options.parity));
            }
        }
        out
    }

    /// The status characters of the board (a8 … h1, the board's own names), for tests.
    pub fn status_text(&self) -> String {
        crate::board::sensed::scan_order()
            .map(|sq| char::from(code_of_cell(self.pieces.get(sq))))
            .collect()
    }

    /// What it senses.
    pub fn sensing(&self) -> Sensing {
        Sensing::Piece
    }
}
