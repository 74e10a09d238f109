//! The peg-board line protocol, version 1 (`docs/pegboard-protocol.md`): a pure parser
//! and encoder for the lines both sides send, with the optional `*HH` XOR checksum.
//!
//! Nothing here reads a port or knows the time; [`super::Link`] decides what to do with the
//! messages, the program's serial adapter (`annexd::board::serial`) moves the bytes.

use std::fmt;

use shakmaty::Square;

use super::sensed::Sensing;

/// The longest line either side may send, without its `\r\n`.
pub const MAX_LINE: usize = 80;

/// A message from the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeviceMsg {
    /// `HELLO <model> <firmware> <sensing>`.
    Hello(Hello),
    /// `UP <sq>`: a peg left its hole.
    Up(Square),
    /// `DOWN <sq> [<what>]`: a peg entered a hole; `what` is `w`/`b` or a FEN letter.
    Down(Square, Option<char>),
    /// `BOARD <64 chars>`: a full scan in FEN order, kept as sent (its meaning depends on the
    /// board's sensing: `b` is black on a colour board and a bishop on a piece board).
    Board(String),
    /// `KEY <name>`: a button.
    Key(String),
    /// `PONG`.
    Pong,
    /// `ERR <text>`: a fault the board reports.
    Err(String),
}

/// What a board says about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hello {
    /// The model name, e.g. `tactus-64`.
    pub model: String,
    /// The firmware version, e.g. `1.2.0`.
    pub firmware: String,
    /// What it can sense.
    pub sensing: Sensing,
}

/// A message to the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostMsg {
    /// `HELLO?`.
    HelloQuery,
    /// `SCAN`.
    Scan,
    /// `PING`.
    Ping,
    /// `BEEP <ms>`.
    Beep(u32),
}

/// Why a line was dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    /// Longer than `MAX_LINE` bytes.
    TooLong,
    /// A byte outside printable ASCII.
    NotAscii,
    /// The `*HH` checksum does not match the line.
    BadChecksum,
    /// A known kind with arguments that do not fit it.
    BadArguments(String),
    /// Nothing on the line.
    Empty,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TooLong => write!(f, "line longer than {MAX_LINE} bytes"),
            LineError::NotAscii => f.write_str("line holds a byte that is not printable ASCII"),
            LineError::BadChecksum => f.write_str("wrong checksum"),
            LineError::BadArguments(line) => write!(f, "bad arguments: {line}"),
            LineError::Empty => f.write_str("empty line"),
        }
    }
}

impl std::error::Error for LineError {}

/// The XOR of every byte, as the checksum is computed.
pub fn checksum(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0, |acc, b| acc ^ b)
}

/// Strips the line end and checks and strips the checksum; returns the message text.
fn body(line: &[u8]) -> Result<&str, LineError> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.len() > MAX_LINE {
        return Err(LineError::TooLong);
    }
    if !line.iter().all(|b| (0x20..0x7f).contains(b)) {
        return Err(LineError::NotAscii);
    }
    let text = std::str::from_utf8(line).map_err(|_| LineError::NotAscii)?;
    let text = match text.len().checked_sub(3).filter(|&i| line[i] == b'*') {
        Some(star) => {
            let sum =
                u8::from_str_radix(&text[star + 1..], 16).map_err(|_| LineError::BadChecksum)?;
            if !text[star + 1..].bytes().all(|b| b.is_ascii_hexdigit())
                || sum != checksum(&line[..star])
            {
                return Err(LineError::BadChecksum);
            }
            &text[..star]
        }
        None => text,
    };
    if text.trim().is_empty() {
        return Err(LineError::Empty);
    }
    Ok(text)
}

fn square(word: &str) -> Option<Square> {
    (word.len() == 2).then(|| word.parse().ok()).flatten()
}

/// Parses one line from a board. `Ok(None)` is a kind this host does not know (ignored, as
/// the protocol asks); `Err` is a line to drop.
pub fn parse_device_line(line: &[u8]) -> Result<Option<DeviceMsg>, LineError> {
    let text = body(line)?;
    let mut words = text.split(' ').filter(|w| !w.is_empty());
    let kind = words.next().ok_or(LineError::Empty)?;
    let args: Vec<&str> = words.collect();
    let bad = || LineError::BadArguments(text.to_string());
    let msg = match (kind, args.as_slice()) {
        ("HELLO", [model, firmware, sensing]) => DeviceMsg::Hello(Hello {
            model: model.to_string(),
            firmware: firmware.to_string(),
            sensing: sensing.parse().map_err(|_| bad())?,
        }),
        ("UP", [sq]) => DeviceMsg::Up(square(sq).ok_or_else(bad)?),
        ("DOWN", [sq]) => DeviceMsg::Down(square(sq).ok_or_else(bad)?, None),
        ("DOWN", [sq, what]) => {
            let c = single_char(what)
                .filter(|c| "wbKQRBNPkqrbnp".contains(*c))
                .ok_or_else(bad)?;
            DeviceMsg::Down(square(sq).ok_or_else(bad)?, Some(c))
        }
        ("BOARD", [cells])
            if cells.len() == 64 && cells.chars().all(|c| ".xwbKQRBNPkqrbnp".contains(c)) =>
        {
            DeviceMsg::Board(cells.to_string())
        }
        ("KEY", [name])
            if name.bytes().all(|b| {
                b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_'
            }) =>
        {
            DeviceMsg::Key(name.to_string())
        }
        ("PONG", []) => DeviceMsg::Pong,
        ("ERR", _) => DeviceMsg::Err(text.strip_prefix("ERR").unwrap_or("").trim().to_string()),
        ("HELLO" | "UP" | "DOWN" | "BOARD" | "KEY" | "PONG", _) => return Err(bad()),
        _ => return Ok(None),
    };
    Ok(Some(msg))
}

fn single_char(word: &str) -> Option<char> {
    let mut chars = word.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// Parses one line from a host (the device side: the simulator).
pub fn parse_host_line(line: &[u8]) -> Result<Option<HostMsg>, LineError> {
    let text = body(line)?;
    let words: Vec<&str> = text.split(' ').filter(|w| !w.is_empty()).collect();
    let bad = || LineError::BadArguments(text.to_string());
    Ok(Some(match words.as_slice() {
        ["HELLO?"] => HostMsg::HelloQuery,
        ["SCAN"] => HostMsg::Scan,
        ["PING"] => HostMsg::Ping,
        ["BEEP", ms] => HostMsg::Beep(ms.parse().map_err(|_| bad())?),
        ["HELLO?" | "SCAN" | "PING" | "BEEP", ..] => return Err(bad()),
        _ => return Ok(None),
    }))
}

/// Ends a message text as a line: optionally `*HH`, then `\n`.
pub fn frame_line(text: &str, with_checksum: bool) -> String {
    if with_checksum {
        format!("{text}*{:02X}\n", checksum(text.as_bytes()))
    } else {
        format!("{text}\n")
    }
}

impl fmt::Display for DeviceMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeviceMsg::Hello(h) => write!(f, "HELLO {} {} {}", h.model, h.firmware, h.sensing),
            DeviceMsg::Up(sq) => write!(f, "UP {sq}"),
            DeviceMsg::Down(sq, None) => write!(f, "DOWN {sq}"),
            DeviceMsg::Down(sq, Some(c)) => write!(f, "DOWN {sq} {c}"),
            DeviceMsg::Board(cells) => write!(f, "BOARD {cells}"),
            DeviceMsg::Key(name) => write!(f, "KEY {name}"),
            DeviceMsg::Pong => f.write_str("PONG"),
            DeviceMsg::Err(text) => write!(f, "ERR {text}"),
        }
    }
}

impl fmt::Display for HostMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostMsg::HelloQuery => f.write_str("HELLO?"),
            HostMsg::Scan => f.write_str("SCAN"),
            HostMsg::Ping => f.write_str("PING"),
            HostMsg::Beep(ms) => write!(f, "BEEP {ms}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_lines_parse_with_and_without_checksum() {
        assert_eq!(
            parse_device_line(b"UP e2\n"),
            Ok(Some(DeviceMsg::Up(Square::E2)))
        );
        assert_eq!(
            parse_device_line(b"DOWN e4\r\n"),
            Ok(Some(DeviceMsg::Down(Square::E4, None)))
        );
        let framed = frame_line("DOWN e4 w", true);
        assert_eq!(
            parse_device_line(framed.as_bytes()),
            Ok(Some(DeviceMsg::Down(Square::E4, Some('w'))))
        );
        let hello = parse_device_line(b"HELLO tactus-64 1.2.0 occupancy")
            .unwrap()
            .unwrap();
        assert_eq!(hello.to_string(), "HELLO tactus-64 1.2.0 occupancy");
    }

    #[test]
    fn a_wrong_checksum_is_dropped() {
        let mut framed = frame_line("UP e2", true).into_bytes();
        let n = framed.len();
        framed[n - 2] = if framed[n - 2] == b'0' { b'1' } else { b'0' };
        assert_eq!(parse_device_line(&framed), Err(LineError::BadChecksum));
        assert_eq!(parse_device_line(b"UP e2*G1"), Err(LineError::BadChecksum));
    }

    #[test]
    fn unknown_kinds_are_ignored_and_bad_arguments_rejected() {
        assert_eq!(parse_device_line(b"LIGHT e4 on"), Ok(None));
        assert!(matches!(
            parse_device_line(b"UP e9"),
            Err(LineError::BadArguments(_))
        ));
        assert!(matches!(
            parse_device_line(b"DOWN e4 z"),
            Err(LineError::BadArguments(_))
        ));
        assert!(matches!(
            parse_device_line(b"BOARD xx"),
            Err(LineError::BadArguments(_))
        ));
        assert!(matches!(
            parse_device_line(b"HELLO a b sonar"),
            Err(LineError::BadArguments(_))
        ));
        assert_eq!(parse_device_line(b""), Err(LineError::Empty));
        assert_eq!(parse_device_line(&[b'K'; 81]), Err(LineError::TooLong));
        assert_eq!(parse_device_line(b"UP \xffe2"), Err(LineError::NotAscii));
    }

    #[test]
    fn host_lines_round_trip() {
        for msg in [
            HostMsg::HelloQuery,
            HostMsg::Scan,
            HostMsg::Ping,
            HostMsg::Beep(120),
        ] {
            for sum in [false, true] {
                let line = frame_line(&msg.to_string(), sum);
                assert_eq!(parse_host_line(line.as_bytes()), Ok(Some(msg)));
            }
        }
        assert!(parse_host_line(b"BEEP loud").is_err());
    }
}
