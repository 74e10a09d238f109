//! A board as a value: [`BoardSpec`], parsed once from the command line or the settings
//! (`/dev/ttyACM0` for a peg board, `dgt:PORT`, `chesslink:PORT`, `chesslink:ble[:NAME]`,
//! `chessnut:ble[:NAME]`, `pegasus:ble[:NAME]`, `sim`, `none`, `typed`), written back the same
//! way, with errors that name what was wrong and a right spec of the kind meant. A spec makes
//! its kind's protocol ([`BoardSpec::protocol`]) and says where the adapter finds the board
//! ([`BoardSpec::reach`]); the protocol says how (its [`super::Transport`]).
//!
//! Adding a board kind is a module beside `chesslink/`, `chessnut.rs` and `pegasus.rs`, one
//! arm here ([`BoardKind`], parsing, [`BoardSpec::protocol`]) and its row in `docs/boards.md`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::chesslink::{ChessLink, ChessLinkOptions, Line};
use super::chessnut::Chessnut;
use super::interface::BoardProtocol;
use super::link::{Link, Protocol};
use super::pegasus::{Pegasus, PegasusOptions};
use super::positions::OrientationSetting;
use crate::words::{Token, Word};

/// The kinds of board the program reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// The tactile peg board (`docs/pegboard-protocol.md`), serial.
    Peg,
    /// A DGT e-board, serial (USB or Bluetooth classic).
    Dgt,
    /// A Millennium board with the ChessLink module: serial 7O1, or Bluetooth LE.
    ChessLink,
    /// A Chessnut Air, Air+, Go or Pro: Bluetooth LE.
    Chessnut,
    /// A DGT Pegasus: Bluetooth LE.
    Pegasus,
}

impl BoardKind {
    /// Every kind, in the order they are listed to the user.
    pub const ALL: [BoardKind; 5] = [
        BoardKind::Peg,
        BoardKind::Dgt,
        BoardKind::ChessLink,
        BoardKind::Chessnut,
        BoardKind::Pegasus,
    ];

    /// The prefix of its specs (`dgt`, `chesslink`, …; `peg` for the peg board, which may
    /// also be written as its port alone).
    pub fn prefix(self) -> &'static str {
        match self {
            BoardKind::Peg => "peg",
            BoardKind::Dgt => "dgt",
            BoardKind::ChessLink => "chesslink",
            BoardKind::Chessnut => "chessnut",
            BoardKind::Pegasus => "pegasus",
        }
    }

    fn from_prefix(prefix: &str) -> Option<BoardKind> {
        BoardKind::ALL
            .into_iter()
            .find(|kind| kind.prefix().eq_ignore_ascii_case(prefix))
    }

    /// A right spec of this kind, for messages.
    pub fn example(self) -> &'static str {
        match self {
            BoardKind::Peg => "/dev/ttyACM0",
            BoardKind::Dgt => "dgt:/dev/ttyUSB0",
            BoardKind::ChessLink => "chesslink:/dev/ttyUSB0",
            BoardKind::Chessnut => "chessnut:ble",
            BoardKind::Pegasus => "pegasus:ble",
        }
    }
}

/// How a ChessLink board is reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChessLinkVia {
    /// A serial port (the USB cable's).
    Serial(String),
    /// Bluetooth LE, by name if given.
    Ble(Option<String>),
}

/// A board as the user names it; see the module documentation. In the settings it is its
/// text, checked when they are read.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum BoardSpec {
    /// No board (`none`, or nothing).
    #[default]
    None,
    /// No board: the sighted player's moves are typed or said (`typed`, `spoken`).
    Typed,
    /// The tactile peg board on a serial port (`PORT`, or `peg:PORT`).
    Peg(String),
    /// A DGT e-board on a serial port (`dgt:PORT`).
    Dgt(String),
    /// A Millennium ChessLink board (`chesslink:PORT`, `chesslink:ble[:NAME]`).
    ChessLink(ChessLinkVia),
    /// A Chessnut board over Bluetooth LE (`chessnut:ble[:NAME]`).
    Chessnut(Option<String>),
    /// A DGT Pegasus over Bluetooth LE (`pegasus:ble[:NAME]`).
    Pegasus(Option<String>),
    /// The simulated peg board on a pseudo-terminal (`sim`).
    Sim,
}

/// Where the adapter finds a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach<'a> {
    /// No board.
    Nothing,
    /// This serial port (device path, `COM5`, a pseudo-terminal).
    Serial(&'a str),
    /// Bluetooth LE: the first board of the kind, or the one whose name begins so.
    Ble(Option<&'a str>),
    /// The simulated peg board the program starts.
    Simulator,
}

/// What the protocols are set up with, from the settings (`[board]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardOptions {
    /// Send `*HH` checksums on the peg board's host lines.
    pub peg_checksum: bool,
    /// How a ChessLink board on a serial port is opened (7O1 as its protocol says, or 8N1
    /// with the parity in each byte).
    pub chesslink_line: Line,
    /// The Pegasus's developer key, if the user has one (see `docs/boards.md`).
    pub pegasus_key: Option<Vec<u8>>,
    /// Which way round an e-board that senses pieces stands (ChessLink, Chessnut, DGT).
    pub orientation: OrientationSetting,
}

impl Default for BoardOptions {
    fn default() -> Self {
        BoardOptions {
            peg_checksum: false,
            chesslink_line: Line::Serial7O1,
            pegasus_key: None,
            orientation: OrientationSetting::default(),
        }
    }
}

impl BoardSpec {
    /// The board's kind (`None` for no board; the simulator is a peg board).
    pub fn kind(&self) -> Option<BoardKind> {
        match self {
            BoardSpec::None | BoardSpec::Typed => None,
            BoardSpec::Peg(_) | BoardSpec::Sim => Some(BoardKind::Peg),
            BoardSpec::Dgt(_) => Some(BoardKind::Dgt),
            BoardSpec::ChessLink(_) => Some(BoardKind::ChessLink),
            BoardSpec::Chessnut(_) => Some(BoardKind::Chessnut),
            BoardSpec::Pegasus(_) => Some(BoardKind::Pegasus),
        }
    }

    /// Whether a board is named at all.
    pub fn is_board(&self) -> bool {
        self.kind().is_some()
    }

    /// Where the adapter finds the board.
    pub fn reach(&self) -> Reach<'_> {
        match self {
            BoardSpec::None | BoardSpec::Typed => Reach::Nothing,
            BoardSpec::Peg(port)
            | BoardSpec::Dgt(port)
            | BoardSpec::ChessLink(ChessLinkVia::Serial(port)) => Reach::Serial(port),
            BoardSpec::ChessLink(ChessLinkVia::Ble(name))
            | BoardSpec::Chessnut(name)
            | BoardSpec::Pegasus(name) => Reach::Ble(name.as_deref()),
            BoardSpec::Sim => Reach::Simulator,
        }
    }

    /// The protocol of the board's kind, set up as `options` say (`None` without a board).
    pub fn protocol(&self, options: &BoardOptions) -> Option<Box<dyn BoardProtocol>> {
        Some(match self {
            BoardSpec::None | BoardSpec::Typed => return None,
            BoardSpec::Peg(_) | BoardSpec::Sim => {
                Box::new(Link::new(Protocol::PegBoard, options.peg_checksum))
            }
            BoardSpec::Dgt(_) => {
                Box::new(Link::new(Protocol::Dgt, false).with_orientation(options.orientation))
            }
            BoardSpec::ChessLink(via) => Box::new(ChessLink::new(ChessLinkOptions {
                line: match via {
                    ChessLinkVia::Serial(_) => options.chesslink_line,
                    ChessLinkVia::Ble(_) => Line::Ble,
                },
                orientation: options.orientation,
                ..ChessLinkOptions::default()
            })),
            BoardSpec::Chessnut(_) => Box::new(Chessnut::new(options.orientation)),
            BoardSpec::Pegasus(_) => Box::new(Pegasus::new(PegasusOptions {
                developer_key: options.pegasus_key.clone(),
            })),
        })
    }

    /// Whether the spec may name the sighted player's board (the simulator may not: it is a
    /// peg board).
    pub fn check_sighted(&self) -> Result<(), BoardSpecError> {
        match self {
            BoardSpec::Sim => Err(BoardSpecError {
                input: self.to_string(),
                problem: BoardSpecProblem::SimNotSighted,
            }),
            _ => Ok(()),
        }
    }

    /// The spec as the sighted player's board: a port alone meant a DGT board there before
    /// board kinds were written out, and still does (`true`: such an old spec was read).
    pub fn for_sighted_seat(self) -> (BoardSpec, bool) {
        match self {
            BoardSpec::Peg(port) => (BoardSpec::Dgt(port), true),
            other => (other, false),
        }
    }
}

/// What was wrong with a board spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardSpecProblem {
    /// A prefix that names no kind (`dgr:…`).
    UnknownKind(String),
    /// A serial kind without its port (`dgt:`).
    PortMissing(BoardKind),
    /// A Bluetooth-only kind given a port (`chessnut:/dev/…`).
    OverBluetooth(BoardKind),
    /// `…:ble:` with nothing after it.
    NameEmpty(BoardKind),
    /// `sim:` with something after it: the simulator is a peg board.
    SimKind,
    /// `sim` for the sighted player's board: the simulator is a peg board.
    SimNotSighted,
}

/// A board spec that is none: the text and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSpecError {
    /// The text as given.
    pub input: String,
    /// What was wrong.
    pub problem: BoardSpecProblem,
}

impl BoardSpecError {
    /// The words of what was wrong.
    pub fn word(&self) -> Word {
        match self.problem {
            BoardSpecProblem::UnknownKind(_)
            | BoardSpecProblem::SimKind
            | BoardSpecProblem::SimNotSighted => Word::BoardKindUnknown,
            BoardSpecProblem::PortMissing(_) => Word::BoardPortMissing,
            BoardSpecProblem::OverBluetooth(_) => Word::BoardOverBluetooth,
            BoardSpecProblem::NameEmpty(_) => Word::BoardNameEmpty,
        }
    }

    /// The words, for saying.
    pub fn tokens(&self) -> Vec<Token> {
        vec![Token::Word(self.word())]
    }

    /// A right spec of the kind probably meant.
    pub fn example(&self) -> String {
        match &self.problem {
            BoardSpecProblem::UnknownKind(_) => BoardKind::ALL
                .iter()
                .map(|k| k.example())
                .chain(["sim", "none"])
                .collect::<Vec<_>>()
                .join(", "),
            BoardSpecProblem::PortMissing(kind) => kind.example().to_string(),
            BoardSpecProblem::OverBluetooth(kind) | BoardSpecProblem::NameEmpty(kind) => {
                format!("{p}:ble, {p}:ble:NAME", p = kind.prefix())
            }
            BoardSpecProblem::SimKind => "sim".to_string(),
            BoardSpecProblem::SimNotSighted => [
                BoardKind::Dgt,
                BoardKind::ChessLink,
                BoardKind::Chessnut,
                BoardKind::Pegasus,
            ]
            .iter()
            .map(|k| k.example())
            .chain(["typed"])
            .collect::<Vec<_>>()
            .join(", "),
        }
    }
}

impl fmt::Display for BoardSpecError {
    /// In English, for logs and the settings' messages (the words of the tables are
    /// [`BoardSpecError::tokens`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.problem {
            BoardSpecProblem::UnknownKind(kind) => write!(
                f,
                "unknown board kind '{kind}': use dgt, chesslink, chessnut, pegasus or sim, \
                 or write the port alone for a peg board"
            ),
            BoardSpecProblem::PortMissing(kind) => write!(
                f,
                "{}: needs a port, e.g. {}",
                kind.prefix(),
                kind.example()
            ),
            BoardSpecProblem::OverBluetooth(kind) => write!(
                f,
                "'{}': a {} board is reached over Bluetooth: write {}",
                self.input,
                kind.prefix(),
                self.example().replace(", ", " or ")
            ),
            BoardSpecProblem::NameEmpty(kind) => write!(
                f,
                "'{}': the name after {}:ble: is empty",
                self.input,
                kind.prefix()
            ),
            BoardSpecProblem::SimKind => write!(
                f,
                "'{}': the simulator plays a peg board: write sim",
                self.input
            ),
            BoardSpecProblem::SimNotSighted => write!(
                f,
                "the simulator plays the VI player's peg board (--board sim), not the \
                 sighted player's: write an e-board or typed"
            ),
        }
    }
}

impl std::error::Error for BoardSpecError {}

/// Whether `prefix` (the text before the first `:`) is written as a kind: two letters or
/// more (so `C:\…` stays a path), letters only (so `/dev/…:…` stays a path).
fn looks_like_kind(prefix: &str) -> bool {
    prefix.len() >= 2 && prefix.bytes().all(|b| b.is_ascii_alphabetic())
}

/// `ble`, `ble:NAME`: the name, if any; `None` when the text is no BLE address.
fn ble_name(rest: &str) -> Option<Result<Option<String>, ()>> {
    let (head, name) = match rest.split_once(':') {
        Some((head, name)) => (head, Some(name)),
        None => (rest, None),
    };
    if !head.eq_ignore_ascii_case("ble") {
        return None;
    }
    Some(match name.map(str::trim) {
        None => Ok(None),
        Some("") => Err(()),
        Some(name) => Ok(Some(name.to_string())),
    })
}

impl FromStr for BoardSpec {
    type Err = BoardSpecError;

    fn from_str(text: &str) -> Result<BoardSpec, BoardSpecError> {
        let input = text.trim();
        let error = |problem| BoardSpecError {
            input: input.to_string(),
            problem,
        };
        match input.to_ascii_lowercase().as_str() {
            "" | "none" => return Ok(BoardSpec::None),
            "typed" | "spoken" => return Ok(BoardSpec::Typed),
            "sim" => return Ok(BoardSpec::Sim),
            _ => {}
        }
        let (prefix, rest) = match input.split_once(':') {
            Some((prefix, rest)) if looks_like_kind(prefix) => (prefix, Some(rest.trim())),
            Some(_) => return Ok(BoardSpec::Peg(input.to_string())),
            // A kind's name alone is that kind without its port or name.
            None => match BoardKind::from_prefix(input) {
                Some(_) => (input, None),
                None => return Ok(BoardSpec::Peg(input.to_string())),
            },
        };
        if prefix.eq_ignore_ascii_case("sim") {
            return Err(error(BoardSpecProblem::SimKind));
        }
        let kind = BoardKind::from_prefix(prefix)
            .ok_or_else(|| error(BoardSpecProblem::UnknownKind(prefix.to_string())))?;
        let rest = rest.unwrap_or("");
        let port = || {
            if rest.is_empty() {
                Err(error(BoardSpecProblem::PortMissing(kind)))
            } else {
                Ok(rest.to_string())
            }
        };
        let ble = |rest: &str| match ble_name(rest) {
            Some(Ok(name)) => Ok(name),
            Some(Err(())) => Err(error(BoardSpecProblem::NameEmpty(kind))),
            None => Err(error(BoardSpecProblem::OverBluetooth(kind))),
        };
        Ok(match kind {
            BoardKind::Peg => BoardSpec::Peg(port()?),
            BoardKind::Dgt => BoardSpec::Dgt(port()?),
            BoardKind::ChessLink => match ble_name(rest) {
                Some(_) => BoardSpec::ChessLink(ChessLinkVia::Ble(ble(rest)?)),
                None => BoardSpec::ChessLink(ChessLinkVia::Serial(port()?)),
            },
            // These are reached over Bluetooth only: their name alone means it.
            BoardKind::Chessnut if rest.is_empty() => BoardSpec::Chessnut(None),
            BoardKind::Pegasus if rest.is_empty() => BoardSpec::Pegasus(None),
            BoardKind::Chessnut => BoardSpec::Chessnut(ble(rest)?),
            BoardKind::Pegasus => BoardSpec::Pegasus(ble(rest)?),
        })
    }
}

impl fmt::Display for BoardSpec {
    /// The spec as it is parsed back (the settings file, `annexd config`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ble = |f: &mut fmt::Formatter<'_>, kind: BoardKind, name: &Option<String>| match name {
            Some(name) => write!(f, "{}:ble:{name}", kind.prefix()),
            None => write!(f, "{}:ble", kind.prefix()),
        };
        match self {
            BoardSpec::None => f.write_str("none"),
            BoardSpec::Typed => f.write_str("typed"),
            BoardSpec::Sim => f.write_str("sim"),
            BoardSpec::Peg(port) => {
                // The port alone, unless it would be read as something else.
                if port.parse::<BoardSpec>().as_ref() == Ok(self) {
                    f.write_str(port)
                } else {
                    write!(f, "peg:{port}")
                }
            }
            BoardSpec::Dgt(port) => write!(f, "dgt:{port}"),
            BoardSpec::ChessLink(ChessLinkVia::Serial(port)) => write!(f, "chesslink:{port}"),
            BoardSpec::ChessLink(ChessLinkVia::Ble(name)) => ble(f, BoardKind::ChessLink, name),
            BoardSpec::Chessnut(name) => ble(f, BoardKind::Chessnut, name),
            BoardSpec::Pegasus(name) => ble(f, BoardKind::Pegasus, name),
        }
    }
}

impl TryFrom<String> for BoardSpec {
    type Error = BoardSpecError;

    fn try_from(text: String) -> Result<BoardSpec, BoardSpecError> {
        text.parse()
    }
}

impl From<BoardSpec> for String {
    fn from(spec: BoardSpec) -> String {
        spec.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::sensed::Sensing;
    use crate::board::transport::Transport;

    fn spec(text: &str) -> BoardSpec {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn problem(text: &str) -> BoardSpecProblem {
        text.parse::<BoardSpec>().unwrap_err().problem
    }

    #[test]
    fn every_form_parses_and_prints_back() {
        let cases = [
            ("/dev/ttyACM0", BoardSpec::Peg("/dev/ttyACM0".into())),
            ("COM5", BoardSpec::Peg("COM5".into())),
            (r"C:\ports\peg", BoardSpec::Peg(r"C:\ports\peg".into())),
            (
                "/dev/serial/by-id/usb-FTDI:1",
                BoardSpec::Peg("/dev/serial/by-id/usb-FTDI:1".into()),
            ),
            ("dgt:/dev/ttyUSB0", BoardSpec::Dgt("/dev/ttyUSB0".into())),
            ("dgt:COM3", BoardSpec::Dgt("COM3".into())),
            (
                "chesslink:/dev/ttyUSB1",
                BoardSpec::ChessLink(ChessLinkVia::Serial("/dev/ttyUSB1".into())),
            ),
            (
                "chesslink:ble",
                BoardSpec::ChessLink(ChessLinkVia::Ble(None)),
            ),
            (
                "chesslink:ble:MILLENNIUM CHESS",
                BoardSpec::ChessLink(ChessLinkVia::Ble(Some("MILLENNIUM CHESS".into()))),
            ),
            ("chessnut:ble", BoardSpec::Chessnut(None)),
            (
                "chessnut:ble:Chessnut Air",
                BoardSpec::Chessnut(Some("Chessnut Air".into())),
            ),
            ("pegasus:ble", BoardSpec::Pegasus(None)),
            (
                "pegasus:ble:DGT_PEGASUS_1",
                BoardSpec::Pegasus(Some("DGT_PEGASUS_1".into())),
            ),
            ("sim", BoardSpec::Sim),
            ("none", BoardSpec::None),
            ("typed", BoardSpec::Typed),
            ("peg:/dev/ttyACM1", BoardSpec::Peg("/dev/ttyACM1".into())),
        ];
        for (text, want) in cases {
            assert_eq!(spec(text), want, "{text}");
            assert_eq!(spec(&want.to_string()), want, "{want} round trip");
        }
        // Written as printed, except the redundant `peg:` and the other spellings.
        assert_eq!(spec("peg:/dev/ttyACM1").to_string(), "/dev/ttyACM1");
        assert_eq!(spec("  Spoken ").to_string(), "typed");
        assert_eq!(spec("").to_string(), "none");
        assert_eq!(spec("DGT:/dev/x"), BoardSpec::Dgt("/dev/x".into()));
        assert_eq!(spec("chessnut"), BoardSpec::Chessnut(None));
        assert_eq!(spec("pegasus:BLE"), spec("pegasus:ble"));
        // A port that looks like a kind keeps its prefix.
        let odd = BoardSpec::Peg("dgt".into());
        assert_eq!(odd.to_string(), "peg:dgt");
        assert_eq!(spec("peg:dgt"), odd);
    }

    #[test]
    fn errors_name_what_was_wrong_with_a_right_spec() {
        let err = "dgr:/dev/ttyUSB0".parse::<BoardSpec>().unwrap_err();
        assert_eq!(err.problem, BoardSpecProblem::UnknownKind("dgr".into()));
        assert_eq!(err.word(), Word::BoardKindUnknown);
        assert!(err.to_string().contains("'dgr'"), "{err}");
        assert!(
            err.example().contains("dgt:/dev/ttyUSB0"),
            "{}",
            err.example()
        );
        assert_eq!(
            problem("dgt:"),
            BoardSpecProblem::PortMissing(BoardKind::Dgt)
        );
        assert_eq!(
            problem("dgt"),
            BoardSpecProblem::PortMissing(BoardKind::Dgt)
        );
        assert_eq!(
            "dgt:".parse::<BoardSpec>().unwrap_err().to_string(),
            "dgt: needs a port, e.g. dgt:/dev/ttyUSB0"
        );
        assert_eq!(
            problem("chesslink"),
            BoardSpecProblem::PortMissing(BoardKind::ChessLink)
        );
        let err = "chessnut:/dev/ttyUSB0".parse::<BoardSpec>().unwrap_err();
        assert_eq!(
            err.problem,
            BoardSpecProblem::OverBluetooth(BoardKind::Chessnut)
        );
        assert_eq!(err.word(), Word::BoardOverBluetooth);
        assert_eq!(err.example(), "chessnut:ble, chessnut:ble:NAME");
        assert_eq!(
            problem("pegasus:ble: "),
            BoardSpecProblem::NameEmpty(BoardKind::Pegasus)
        );
        assert_eq!(
            problem("chesslink:ble:"),
            BoardSpecProblem::NameEmpty(BoardKind::ChessLink)
        );
        assert_eq!(problem("sim:xyz"), BoardSpecProblem::SimKind);
        assert_eq!(problem("sim:"), BoardSpecProblem::SimKind);
    }

    #[test]
    fn a_spec_makes_its_kinds_protocol_and_says_where_it_is() {
        let options = BoardOptions::default();
        let cases = [
            ("/dev/ttyACM0", "peg-board", None),
            ("dgt:/dev/x", "dgt", Some(Sensing::Piece)),
            ("chesslink:/dev/x", "chesslink", Some(Sensing::Piece)),
            ("chessnut:ble", "chessnut", Some(Sensing::Piece)),
            ("pegasus:ble", "pegasus", Some(Sensing::Occupancy)),
            ("sim", "peg-board", None),
        ];
        for (text, name, sensing) in cases {
            let protocol = spec(text).protocol(&options).unwrap();
            assert_eq!(protocol.name(), name, "{text}");
            assert_eq!(protocol.sensing(), sensing, "{text}");
        }
        assert!(spec("typed").protocol(&options).is_none());
        assert!(!spec("none").is_board());
        assert_eq!(spec("dgt:/dev/x").reach(), Reach::Serial("/dev/x"));
        assert_eq!(spec("chessnut:ble:Air").reach(), Reach::Ble(Some("Air")));
        assert_eq!(spec("sim").reach(), Reach::Simulator);
        // The line of a serial ChessLink is the setting's; over BLE it is BLE's.
        let eight = BoardOptions {
            chesslink_line: Line::Serial8N1,
            ..BoardOptions::default()
        };
        assert!(matches!(
            spec("chesslink:/dev/x").protocol(&eight).unwrap().transport(),
            Transport::Serial(f) if f.to_string() == "38400 baud 8N1"
        ));
        assert!(matches!(
            spec("chesslink:/dev/x").protocol(&options).unwrap().transport(),
            Transport::Serial(f) if f.to_string() == "38400 baud 7O1"
        ));
        assert!(matches!(
            spec("chesslink:ble").protocol(&eight).unwrap().transport(),
            Transport::Ble(_)
        ));
        // A port alone on the sighted seat is a DGT board, as before kinds were written.
        assert_eq!(
            spec("/dev/ttyUSB0").for_sighted_seat(),
            (BoardSpec::Dgt("/dev/ttyUSB0".into()), true)
        );
        assert_eq!(spec("typed").for_sighted_seat(), (BoardSpec::Typed, false));
        let err = spec("sim").check_sighted().unwrap_err();
        assert_eq!(err.word(), Word::BoardKindUnknown);
        assert!(err.example().contains("chessnut:ble"), "{}", err.example());
        assert!(spec("chessnut:ble").check_sighted().is_ok());
    }
}
