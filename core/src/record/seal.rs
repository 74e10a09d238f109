//! The journal's seal: a hash chain over its lines, and the check code taken from it.
//!
//! From format 2 on, every line of a journal (the header first) ends with `"hash":"…"`: the
//! SHA-256 of the previous line's seal (32 zero bytes before the header) followed by the
//! line's own bytes without that field. The line's exact bytes are hashed, so any edit of a
//! line (a move, a time, a name, even a space), a line taken out, put in or moved shows as a
//! break of the chain at that line. The seal sits last in the line, where the writer puts it
//! ([`Sealer`]); a reader takes it off ([`unseal`]) to get the bytes that were hashed.
//!
//! Nothing here is secret: anyone can recompute a whole chain after changing a file. What
//! makes a record trustworthy is the **check code** ([`CheckCode`], the first 16 hex digits of
//! the last seal) printed on the signed scoresheet and said at the end of the game: a record
//! changed or cut afterwards no longer ends with that code.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use shakmaty::File;

use crate::words::Token;

use super::entry::Entry;

/// The seal of one line: SHA-256 of the seal before it and the line's bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seal([u8; 32]);

/// What a sealed line ends with, before the seal's 64 hex digits and `"}`.
const SEAL_FIELD: &str = ",\"hash\":\"";
/// The length of the sealed ending: the field, 64 hex digits, `"}`.
const SEALED_ENDING: usize = SEAL_FIELD.len() + 64 + 2;

impl Seal {
    /// What the header's seal follows: 32 zero bytes.
    pub const START: Seal = Seal([0; 32]);

    /// The seal of the line `content` (its bytes without the seal) after this seal.
    pub fn next(self, content: &[u8]) -> Seal {
        let mut hasher = Sha256::new();
        hasher.update(self.0);
        hasher.update(content);
        Seal(hasher.finalize().into())
    }

    /// The seal as 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// A seal from 64 lowercase hex digits, exactly as the writer writes it (a digit
    /// written otherwise is a changed line).
    pub fn from_hex(text: &str) -> Option<Seal> {
        if text.bytes().any(|b| b.is_ascii_uppercase()) {
            return None;
        }
        let bytes = unhex(text)?;
        Some(Seal(bytes.try_into().ok()?))
    }

    /// The check code of a record that ends with this seal.
    pub fn check_code(&self) -> CheckCode {
        let mut code = [0; CheckCode::BYTES];
        code.copy_from_slice(&self.0[..CheckCode::BYTES]);
        CheckCode(code)
    }
}

impl fmt::Debug for Seal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seal({})", self.to_hex())
    }
}

impl fmt::Display for Seal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl Serialize for Seal {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Seal {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Seal::from_hex(&text).ok_or_else(|| serde::de::Error::custom("a seal is 64 hex digits"))
    }
}

/// The check code of a record: the first 64 bits of its last seal, written as four groups of
/// four hex digits (`3f9a 12c0 77be 0d41`) and said digit by digit, the letters a to f with
/// the Annex D file names (Anna … Felix). 64 bits: finding another record with the same code
/// takes about 2^64 hashes, out of reach for anyone at a tournament.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CheckCode([u8; CheckCode::BYTES]);

impl CheckCode {
    /// Its length in bytes.
    pub const BYTES: usize = 8;

    /// The code as written: four groups of four hex digits.
    pub fn text(&self) -> String {
        let digits = hex(&self.0);
        let groups: Vec<&str> = (0..digits.len())
            .step_by(4)
            .map(|i| &digits[i..i + 4])
            .collect();
        groups.join(" ")
    }

    /// The code in words: digits as numbers, a–f as the file names, a pause between groups.
    pub fn tokens(&self) -> Vec<Token> {
        let mut out = Vec::with_capacity(CheckCode::BYTES * 2 + 3);
        for (i, digit) in hex(&self.0).chars().enumerate() {
            if i > 0 && i % 4 == 0 {
                out.push(Token::Pause);
            }
            out.push(match digit.to_digit(16) {
                Some(d @ 0..=9) => Token::Number(d),
                Some(d) => Token::File(File::new(d - 10)),
                None => unreachable!("hex digits only"),
            });
        }
        out
    }

    /// Reads a code as people type it: 16 hex digits, spaces and dashes ignored, either case.
    pub fn parse(text: &str) -> Result<CheckCode, String> {
        let digits: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        let bytes = unhex(&digits)
            .filter(|b| b.len() == CheckCode::BYTES)
            .ok_or_else(|| {
                format!(
                    "'{text}' is not a check code: 16 digits 0-9 and a-f, e.g. 3f9a 12c0 77be 0d41"
                )
            })?;
        let mut code = [0; CheckCode::BYTES];
        code.copy_from_slice(&bytes);
        Ok(CheckCode(code))
    }
}

impl fmt::Debug for CheckCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CheckCode({})", self.text())
    }
}

impl fmt::Display for CheckCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// Seals lines one after the other; the journal writer holds one.
#[derive(Debug, Clone)]
pub struct Sealer {
    last: Seal,
}

impl Default for Sealer {
    fn default() -> Self {
        Sealer::new()
    }
}

impl Sealer {
    /// A sealer for a new journal: its first line is the header.
    pub fn new() -> Sealer {
        Sealer { last: Seal::START }
    }

    /// A sealer that goes on after a line sealed with `last` (a journal reopened).
    pub fn after(last: Seal) -> Sealer {
        Sealer { last }
    }

    /// The line as written (without the newline): its JSON with its seal last. A seal the
    /// line already carries is replaced.
    pub fn seal(&mut self, line: &Stamped) -> String {
        let content = Stamped {
            hash: None,
            ..line.clone()
        }
        .to_json_line();
        self.last = self.last.next(content.as_bytes());
        let mut sealed = String::with_capacity(content.len() + SEALED_ENDING);
        sealed.push_str(&content[..content.len() - 1]);
        sealed.push_str(SEAL_FIELD);
        sealed.push_str(&self.last.to_hex());
        sealed.push_str("\"}");
        sealed
    }

    /// The seal of the last line sealed (the record's seal so far).
    pub fn last(&self) -> Seal {
        self.last
    }
}

/// A line's bytes without its seal, and the seal, when the line ends with one where the
/// writer puts it; `None` when it does not.
pub fn unseal(line: &[u8]) -> Option<(Vec<u8>, Seal)> {
    let cut = line.len().checked_sub(SEALED_ENDING)?;
    let (body, ending) = line.split_at(cut);
    let ending = std::str::from_utf8(ending).ok()?;
    let hex = ending.strip_prefix(SEAL_FIELD)?.strip_suffix("\"}")?;
    let seal = Seal::from_hex(hex)?;
    let mut content = Vec::with_capacity(body.len() + 1);
    content.extend_from_slice(body);
    content.push(b'}');
    Some((content, seal))
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

/// Bytes from pairs of hex digits, and nothing else: `from_str_radix` alone would also read
/// a sign (`+4` as 04), so that a seal's `0` changed to `+` went unnoticed.
fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

/// A line of the journal: an entry in the envelope every line shares, with the moment it
/// happened (milliseconds since the game started; none on the header) and, in a sealed
/// journal, the line's seal. The envelope's fields stand beside the entry's own in one JSON
/// object, the seal last. The session makes lines without a seal; the journal writer seals
/// them ([`Sealer`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamped {
    /// The entry.
    #[serde(flatten)]
    pub entry: Entry,
    /// When, in milliseconds since the game started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_ms: Option<u64>,
    /// The seal: SHA-256 of the previous line's seal and this line's text without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<Seal>,
}

impl Stamped {
    /// `entry`, `at_ms` milliseconds after the start of the game.
    pub fn at(entry: Entry, at_ms: u64) -> Stamped {
        Stamped {
            entry,
            at_ms: Some(at_ms),
            hash: None,
        }
    }

    /// `entry` with no time (the header, or an entry whose moment is not known).
    pub fn untimed(entry: Entry) -> Stamped {
        Stamped {
            entry,
            at_ms: None,
            hash: None,
        }
    }

    /// The line as JSON (without the newline).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("journal lines always serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::record::{Entry, Header};

    #[test]
    fn a_sealed_line_is_the_serialised_line_with_its_seal_last() {
        let mut sealer = Sealer::new();
        let header = Stamped::untimed(Entry::header(Header::standard()));
        let first = sealer.seal(&header);
        let line = Stamped::at(Entry::play("e2e4"), 1000);
        let second = sealer.seal(&line);
        // The writer's text is what serde makes of the line with its seal.
        let parsed: Stamped = serde_json::from_str(&second).unwrap();
        assert_eq!(parsed.to_json_line(), second);
        assert_eq!(parsed.hash, Some(sealer.last()));
        assert!(second.starts_with(r#"{"type":"move","uci":"e2e4","at_ms":1000,"hash":""#));
        // Taking the seal off gives the bytes that were hashed.
        let (content, seal) = unseal(second.as_bytes()).unwrap();
        assert_eq!(content, line.to_json_line().into_bytes());
        let (header_content, header_seal) = unseal(first.as_bytes()).unwrap();
        assert_eq!(Seal::START.next(&header_content), header_seal);
        assert_eq!(header_seal.next(&content), seal);
    }

    #[test]
    fn a_line_without_its_seal_at_the_end_is_not_unsealed() {
        assert!(unseal(br#"{"type":"move","uci":"e2e4"}"#).is_none());
        let mut sealer = Sealer::new();
        let sealed = sealer.seal(&Stamped::untimed(Entry::play("e2e4")));
        let moved = sealed.replacen(r#"{"type":"move","#, r#"{"#, 1).replacen(
            "\"}",
            "\",\"type\":\"move\"}",
            1,
        );
        assert!(unseal(moved.as_bytes()).is_none(), "{moved}");
    }

    #[test]
    fn a_seal_with_a_digit_changed_to_a_sign_is_no_seal() {
        // Found by `record_seal::any_changed_character_is_found_at_its_line` with more cases:
        // `u8::from_str_radix("+4", 16)` is 4, so "…005+48b…" read as the seal "…00048b…".
        let written = format!("3f9a12c077be0d41{}", "04".repeat(24));
        assert!(Seal::from_hex(&written).is_some());
        for changed in [
            written.replacen("04", "+4", 1),
            written.replacen("04", "-4", 1),
        ] {
            assert_eq!(Seal::from_hex(&changed), None, "{changed}");
        }
        assert!(CheckCode::parse("+f9a 12c0 77be 0d41").is_err());
        assert!(
            CheckCode::parse("3F9A 12C0 77BE 0D41").is_ok(),
            "either case, as typed"
        );
    }

    #[test]
    fn the_check_code_is_written_in_groups_and_said_with_file_names() {
        let seal = Seal::from_hex(&format!("3f9a12c077be0d41{}", "0".repeat(48))).unwrap();
        let code = seal.check_code();
        assert_eq!(code.text(), "3f9a 12c0 77be 0d41");
        assert_eq!(
            Lang::De.text(&code.tokens()),
            "drei Felix neun Anna, eins zwei Cesar null, sieben sieben Bella Eva, null David vier eins"
        );
        assert_eq!(CheckCode::parse("3F9A-12C0 77BE 0d41"), Ok(code));
        assert!(CheckCode::parse("3f9a 12c0").is_err());
        assert!(CheckCode::parse("3f9a 12c0 77be 0d4x").is_err());
    }

    #[test]
    fn seals_read_back_from_their_hex() {
        let seal = Seal::START.next(b"x");
        assert_eq!(Seal::from_hex(&seal.to_hex()), Some(seal));
        assert_eq!(Seal::from_hex("00"), None);
        assert_eq!(Seal::from_hex(&seal.to_hex().to_uppercase()), None);
        assert_eq!(Seal::from_hex(&"zz".repeat(32)), None);
        // SHA-256 of 32 zero bytes and "x" (python3: hashlib.sha256(bytes(32) + b"x")).
        assert_eq!(
            seal.to_hex(),
            "fdded6faced1af47fdaaac589602f58e0e040a882627806c42ddcc38da604cf0"
        );
    }
}
