//! The framing of the Millennium ChessLink protocol ("Magic Chessboard Communications
//! Protocol", Dave Woodfield, 25/10/17), both ways: printable 7-bit ASCII, a message is a
//! letter (upper case from the host, lower case in answer), its fixed-length data, and two
//! hex digits of the block parity (the XOR of every character before them). Each character
//! carries an odd parity bit: the serial driver adds and checks it on a 7O1 line; over BLE
//! (or a line opened 8N1) it travels as bit 7 of each byte and is checked here.
//!
//! [`Deframer`] finds messages in a byte stream whatever splits it, drops bad ones (a
//! character with a wrong parity bit, a wrong block parity, a message cut short by the next,
//! bytes outside any message) with one [`FrameError`] a burst of noise, and never panics.
//! A message byte for byte equal to the last good one of a repeating kind (the status
//! reports, up to 24 a second) is recognised by one comparison and passed over unchecked and
//! unparsed: an unchanged board costs next to nothing.

use std::fmt;

/// How each character's parity bit travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteParity {
    /// As bit 7 of each byte, set and checked here (BLE, or a serial line opened 8N1: on the
    /// wire 7O1 and 8N1 with the parity in bit 7 are the same frame).
    InByte,
    /// Added and checked by the serial driver (a line opened 7O1): bytes carry 7 bits; a NUL
    /// is what a driver gives for a character whose parity was wrong.
    ByDriver,
}

/// The character with its odd-parity bit in bit 7 (the number of ones becomes odd).
pub fn with_odd_parity(c: u8) -> u8 {
    let c = c & 0x7f;
    if c.count_ones().is_multiple_of(2) {
        c | 0x80
    } else {
        c
    }
}

/// The block parity: the XOR of every character.
pub fn block_parity(chars: &[u8]) -> u8 {
    chars.iter().fold(0, |acc, c| acc ^ (c & 0x7f))
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Two upper-case hex digits.
pub fn hex2(value: u8) -> [u8; 2] {
    [HEX[usize::from(value >> 4)], HEX[usize::from(value & 0xf)]]
}

fn hex_digit(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'A'..=b'F' => Some(c - b'A' + 10),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    }
}

/// The value of two hex digits.
pub fn parse_hex2(pair: &[u8]) -> Option<u8> {
    match pair {
        [hi, lo] => Some(hex_digit(*hi)? << 4 | hex_digit(*lo)?),
        _ => None,
    }
}

/// True when every character is a hex digit.
pub fn all_hex(chars: &[u8]) -> bool {
    chars.iter().all(|&c| hex_digit(c).is_some())
}

/// The bytes of a message: its text (letter and data), the block parity, each character
/// with its parity bit as `parity` says.
pub fn frame(text: &[u8], parity: ByteParity) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 2);
    out.extend(text.iter().map(|c| c & 0x7f));
    out.extend(hex2(block_parity(text)));
    if parity == ByteParity::InByte {
        for b in &mut out {
            *b = with_odd_parity(*b);
        }
    }
    out
}

/// One kind of message: its letter, its whole length (letter, data, two check digits) and
/// what its data characters may be.
#[derive(Debug, Clone, Copy)]
pub struct Kind {
    /// The letter that starts it.
    pub letter: u8,
    /// The whole length in characters.
    pub len: usize,
    /// Whether a character may stand in the data (between the letter and the check digits).
    pub data_char: fn(u8) -> bool,
}

/// A hex digit, upper or lower case.
pub fn is_hex(c: u8) -> bool {
    hex_digit(c).is_some()
}

/// Why bytes were dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameErrorKind {
    /// Bytes that start no message.
    Stray,
    /// A character whose parity bit was wrong (or that is not printable).
    BadCharacter,
    /// The block parity does not match.
    BadBlockParity,
    /// The message was cut short by the start of another.
    WrongLength,
    /// The data does not fit the message (a piece code or hex digit that is none).
    BadData,
}

/// Bytes dropped from the stream: one for each damaged message, and one for a run of bytes
/// outside any message (the bytes of a damaged message, and a run of strays up to the next
/// good message, are dropped without another error).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameError {
    /// What was wrong.
    pub kind: FrameErrorKind,
    /// The letter of the message it hit (`None` for stray bytes).
    pub letter: Option<char>,
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            FrameErrorKind::Stray => "bytes outside any message",
            FrameErrorKind::BadCharacter => "a character with a wrong parity bit",
            FrameErrorKind::BadBlockParity => "a wrong block parity",
            FrameErrorKind::WrongLength => "a message cut short",
            FrameErrorKind::BadData => "data that fit no message",
        };
        match self.letter {
            Some(l) => write!(f, "chesslink: '{l}' message dropped: {what}"),
            None => write!(f, "chesslink: {what} dropped"),
        }
    }
}

/// A character that can never be part of a message: what a byte with a bad parity becomes.
const BAD: u8 = 0;

/// Finds messages of the given kinds in a byte stream; see the module documentation.
#[derive(Debug, Clone)]
pub struct Deframer {
    parity: ByteParity,
    kinds: &'static [Kind],
    buf: Vec<u8>,
    /// Bytes before this index belong to a damaged message already reported.
    quiet_until: usize,
    /// Stray bytes were reported and no good message came since.
    in_strays: bool,
    repeating: Option<u8>,
    last_repeat: Vec<u8>,
    repeats: u64,
}

impl Deframer {
    /// A deframer for `kinds`; messages of kind `repeating` equal to the last good one are
    /// passed over (see [`Deframer::repeats`]).
    pub fn new(parity: ByteParity, kinds: &'static [Kind], repeating: Option<u8>) -> Self {
        Deframer {
            parity,
            kinds,
            buf: Vec::with_capacity(256),
            quiet_until: 0,
            in_strays: false,
            repeating,
            last_repeat: Vec::new(),
            repeats: 0,
        }
    }

    /// Forgets a message begun and the last repeating one (a new connection).
    pub fn clear(&mut self) {
        self.buf.clear();
        self.quiet_until = 0;
        self.in_strays = false;
        self.last_repeat.clear();
    }

    /// How many repeated messages were passed over.
    pub fn repeats(&self) -> u64 {
        self.repeats
    }

    fn kind(&self, letter: u8) -> Option<&'static Kind> {
        self.kinds.iter().find(|k| k.letter == letter)
    }

    fn normalize(&self, b: u8) -> u8 {
        let c = match self.parity {
            ByteParity::InByte if b.count_ones().is_multiple_of(2) => return BAD,
            _ => b & 0x7f,
        };
        if (0x20..0x7f).contains(&c) { c } else { BAD }
    }

    fn check(&self, kind: &Kind, msg: &[u8]) -> Result<(), FrameErrorKind> {
        if msg.contains(&BAD) {
            return Err(FrameErrorKind::BadCharacter);
        }
        let (text, check) = msg.split_at(kind.len - 2);
        let data = &text[1..];
        let bad_data = data.iter().any(|&c| !(kind.data_char)(c));
        if bad_data || !all_hex(check) {
            // Another message's letter inside: this one was cut short.
            let cut = data
                .iter()
                .filter(|&&c| !(kind.data_char)(c))
                .chain(check.iter().filter(|&&c| !is_hex(c)))
                .any(|&c| self.kind(c).is_some());
            return Err(if cut {
                FrameErrorKind::WrongLength
            } else {
                FrameErrorKind::BadData
            });
        }
        if parse_hex2(check) != Some(block_parity(text)) {
            return Err(FrameErrorKind::BadBlockParity);
        }
        Ok(())
    }

    /// Reports trouble at `i` unless it lies in a damaged message or a run of strays
    /// already reported; `len` is the damaged message's length (0 for a stray byte).
    fn noise(
        &mut self,
        i: usize,
        len: usize,
        kind: FrameErrorKind,
        letter: Option<u8>,
        each: &mut impl FnMut(Found<'_>),
    ) {
        if i < self.quiet_until || self.in_strays {
            return;
        }
        if len == 0 {
            self.in_strays = true;
        } else {
            self.quiet_until = i + len;
        }
        each(Found::Dropped(FrameError {
            kind,
            letter: letter.map(char::from),
        }));
    }

    /// Feeds bytes; calls `each` with every message found (its characters, letter first,
    /// check digits last) and every drop, in order.
    pub fn push(&mut self, bytes: &[u8], mut each: impl FnMut(Found<'_>)) {
        for &b in bytes {
            let c = self.normalize(b);
            self.buf.push(c);
        }
        let mut i = 0;
        while i < self.buf.len() {
            let Some(kind) = self.kind(self.buf[i]) else {
                let letter = None;
                let why = if self.buf[i] == BAD {
                    FrameErrorKind::BadCharacter
                } else {
                    FrameErrorKind::Stray
                };
                self.noise(i, 0, why, letter, &mut each);
                i += 1;
                continue;
            };
            if self.buf.len() - i < kind.len {
                // Incomplete: wait, unless a whole good message starts after this letter
                // (then the letter was noise and the message need not wait for more bytes).
                match (i + 1..self.buf.len()).find(|&j| self.complete_and_good(j)) {
                    Some(j) => {
                        let why = FrameErrorKind::WrongLength;
                        self.noise(i, j - i, why, Some(kind.letter), &mut each);
                        i = j;
                        continue;
                    }
                    None => break,
                }
            }
            let end = i + kind.len;
            if self.repeating == Some(kind.letter) && self.buf[i..end] == self.last_repeat[..] {
                self.repeats += 1;
                self.in_strays = false;
                each(Found::Repeat);
                i = end;
                continue;
            }
            match self.check(kind, &self.buf[i..end]) {
                Ok(()) => {
                    self.in_strays = false;
                    if self.repeating == Some(kind.letter) {
                        self.last_repeat.clear();
                        self.last_repeat.extend_from_slice(&self.buf[i..end]);
                    }
                    each(Found::Message(&self.buf[i..end]));
                    i = end;
                }
                Err(why) => {
                    self.noise(i, kind.len, why, Some(kind.letter), &mut each);
                    i += 1;
                }
            }
        }
        self.buf.drain(..i);
        self.quiet_until = self.quiet_until.saturating_sub(i);
    }

    fn complete_and_good(&self, j: usize) -> bool {
        self.kind(self.buf[j]).is_some_and(|k| {
            self.buf.len() - j >= k.len && self.check(k, &self.buf[j..j + k.len]).is_ok()
        })
    }
}

/// What the deframer found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found<'a> {
    /// A good message: its characters, letter first, check digits last.
    Message(&'a [u8]),
    /// The last good message of the repeating kind, again (not checked again: it is the
    /// same bytes).
    Repeat,
    /// Bytes dropped.
    Dropped(FrameError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parity_bits_and_block_parity_follow_the_protocol() {
        // "Sending: <b'\xd6\xb5\xb6'>" for "V56" in python-mchess's BLE log: every
        // character with its odd-parity bit.
        assert_eq!(frame(b"V", ByteParity::InByte), [0xd6, 0xb5, 0xb6]);
        assert_eq!(frame(b"V", ByteParity::ByDriver), *b"V56");
        assert_eq!(block_parity(b"v0103"), 0x74);
        assert_eq!(hex2(0x5a), *b"5A");
        assert_eq!(parse_hex2(b"5a"), Some(0x5a));
        assert_eq!(parse_hex2(b"5G"), None);
    }
}
