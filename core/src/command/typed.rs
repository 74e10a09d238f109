//! Typed input as bytes: lines cut out of whatever arrives on standard input (or a line the
//! board view's editor made), decoded leniently and cleaned before anything reads them.
//!
//! Nothing a keyboard, a Braille display, a pipe or a paste can send ends a game here:
//!
//! - a line ends at `\n`, `\r` or `\r\n` (a terminal without `icrnl` sends `\r` for Enter);
//! - bytes that are not UTF-8 are read as Latin-1 (a terminal set to ISO 8859-1 sends
//!   "fünf" as `f\xFCnf`), so a line always decodes;
//! - terminal escape sequences (arrow keys, bracketed paste, colours) and other control
//!   characters (NUL, backspace, DEL, C1) are dropped; tabs, non-breaking and other Unicode
//!   spaces are spaces; zero-width characters and the byte-order mark vanish;
//! - a line longer than [`MAX_LINE_BYTES`] is not read at all, however long it is: only its
//!   length is kept, so a line of megabytes costs no memory.
//!
//! An empty line stays empty (Enter alone presses the clock); a line that held only control
//! characters is [`TypedLine::Unreadable`], never an empty line.

/// The longest line read (in bytes, before cleaning); anything longer is [`TypedLine::TooLong`].
/// The longest command ("reklamieren Springer Gustav eins Felix drei …") is under 100.
pub const MAX_LINE_BYTES: usize = 1024;

/// One line as typed, cleaned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypedLine {
    /// Text to read as a command or a move; empty for Enter alone.
    Text(String),
    /// Nothing but control characters and escape sequences: not understood.
    Unreadable,
    /// Longer than [`MAX_LINE_BYTES`]: not read (the length in bytes, line end excluded).
    TooLong(usize),
}

/// Cuts a stream of bytes into [`TypedLine`]s, keeping at most [`MAX_LINE_BYTES`] + 1 bytes
/// of a line however long it grows.
#[derive(Debug, Clone, Default)]
pub struct LineSplitter {
    kept: Vec<u8>,
    length: usize,
    after_cr: bool,
}

impl LineSplitter {
    /// A splitter at the start of a line.
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds bytes; returns the lines they finish, in order.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<TypedLine> {
        let mut lines = Vec::new();
        for &b in bytes {
            let after_cr = std::mem::replace(&mut self.after_cr, false);
            match b {
                // The `\n` of a `\r\n` ends nothing more.
                b'\n' if after_cr => {}
                b'\n' | b'\r' => {
                    self.after_cr = b == b'\r';
                    lines.push(self.take());
                }
                _ => {
                    self.length = self.length.saturating_add(1);
                    if self.kept.len() <= MAX_LINE_BYTES {
                        self.kept.push(b);
                    }
                }
            }
        }
        lines
    }

    /// The end of the input: the last line, if it had no line end.
    pub fn finish(&mut self) -> Option<TypedLine> {
        self.after_cr = false;
        (self.length > 0).then(|| self.take())
    }

    fn take(&mut self) -> TypedLine {
        let line = if self.length > MAX_LINE_BYTES {
            TypedLine::TooLong(self.length)
        } else {
            clean_line(&self.kept)
        };
        self.kept.clear();
        self.length = 0;
        line
    }
}

/// Cleans one line's bytes (without its line end); see the module documentation.
pub fn clean_line(bytes: &[u8]) -> TypedLine {
    if bytes.len() > MAX_LINE_BYTES {
        return TypedLine::TooLong(bytes.len());
    }
    let mut decoded = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        decoded.push_str(chunk.valid());
        // Latin-1: every byte is the character of the same number.
        decoded.extend(chunk.invalid().iter().map(|&b| char::from(b)));
    }
    clean_text(&decoded)
}

/// Cleans a line that is already text (the board view's editor, a paste).
pub fn clean_text(text: &str) -> TypedLine {
    if text.len() > MAX_LINE_BYTES {
        return TypedLine::TooLong(text.len());
    }
    let mut out = String::with_capacity(text.len());
    let mut dropped = false;
    let mut chars = text.chars().peekable();
    let mut space = false;
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => {
                dropped = true;
                skip_escape(&mut chars);
            }
            '\u{9b}' => {
                dropped = true;
                skip_csi(&mut chars);
            }
            '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}' => {}
            c if c.is_whitespace() => space = true,
            c if c.is_control() => dropped = true,
            c => {
                if space && !out.is_empty() {
                    out.push(' ');
                }
                space = false;
                out.push(c);
            }
        }
    }
    if out.is_empty() && dropped {
        TypedLine::Unreadable
    } else {
        TypedLine::Text(out)
    }
}

/// Skips what follows an ESC: a CSI (`ESC [ … final`), a string (OSC, DCS, APC, PM, SOS, up to
/// BEL or `ESC \`), an SS2/SS3 and its character, or the one character of a short sequence.
fn skip_escape(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    match chars.next() {
        Some('[') => skip_csi(chars),
        Some(']' | 'P' | 'X' | '^' | '_') => {
            while let Some(c) = chars.next() {
                if c == '\u{7}' || c == '\u{9c}' {
                    break;
                }
                if c == '\u{1b}' {
                    if chars.peek() == Some(&'\\') {
                        chars.next();
                    }
                    break;
                }
            }
        }
        Some('N' | 'O') => {
            chars.next();
        }
        _ => {}
    }
}

/// Skips a CSI's parameters and intermediates up to its final character (`@` … `~`).
fn skip_csi(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    for c in chars.by_ref() {
        if ('\u{40}'..='\u{7e}').contains(&c) {
            break;
        }
        if !('\u{20}'..='\u{3f}').contains(&c) {
            // Not a CSI after all: stop at the first character that cannot be in one.
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> TypedLine {
        TypedLine::Text(s.into())
    }

    #[test]
    fn lines_end_at_lf_cr_or_crlf() {
        let mut s = LineSplitter::new();
        assert_eq!(
            s.push(b"e4\r\ne5\rNf3\n\n"),
            [text("e4"), text("e5"), text("Nf3"), text("")]
        );
        // A CR LF split between reads is one line end.
        assert_eq!(s.push(b"Ende\r"), [text("Ende")]);
        assert_eq!(s.push(b"\nx"), []);
        assert_eq!(s.finish(), Some(text("x")));
        assert_eq!(s.finish(), None);
    }

    #[test]
    fn junk_is_dropped_and_spaces_are_spaces() {
        assert_eq!(clean_line(b"\x1b[AEva\tvier\x00"), text("Eva vier"));
        assert_eq!(
            clean_line("Eva\u{a0}vier\u{feff}".as_bytes()),
            text("Eva vier")
        );
        assert_eq!(clean_line(b"\x1b]0;title\x07Ende"), text("Ende"));
        assert_eq!(clean_line(b"\x1b[200~e4\x1b[201~"), text("e4"));
        assert_eq!(clean_line(b"  "), text(""));
        assert_eq!(clean_line(b""), text(""));
        assert_eq!(clean_line(b"\x00\x1b[B\x7f"), TypedLine::Unreadable);
        assert_eq!(clean_line(b"f\xfcnf"), text("fünf"));
        assert_eq!(clean_line(b"\xff\xfe"), text("ÿþ"));
    }

    #[test]
    fn a_line_of_megabytes_is_not_kept() {
        let mut s = LineSplitter::new();
        let chunk = vec![b'x'; 64 * 1024];
        for _ in 0..32 {
            assert!(s.push(&chunk).is_empty());
        }
        assert!(s.kept.len() <= MAX_LINE_BYTES + 1);
        assert_eq!(
            s.push(b"\nEnde\n"),
            [TypedLine::TooLong(2 << 20), text("Ende")]
        );
    }
}
