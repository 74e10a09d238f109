//! The line editor of the line view, as pure state: keys in, the bytes to write to the
//! terminal and the finished lines out. Written for screen readers and Braille displays: a
//! typed character is echoed once and nothing else is redrawn (no prompt, no colours, no
//! line repainted on every key); a key that can do nothing (Up before the oldest line,
//! Backspace at the start) rings the bell instead of staying silent; Up and Down bring back
//! earlier lines, which are then written once, whole; Ctrl-C asks to end the game (the
//! session asks again before it does), and so does Ctrl-D on an empty line: a key pressed
//! by mistake in a tournament game must not stop it (a second Ctrl-C or Ctrl-D ends it).
//!
//! The line starts at the left margin (there is no prompt) and may be longer than the
//! terminal is wide: the cursor is moved by rows and columns of the terminal's width, one
//! column a character (the words of the move cycle are Latin letters). The terminal side is
//! [`super::line_terminal`].

use annexd_core::MAX_LINE_BYTES;

/// The bell: the key can do nothing here.
const BELL: &str = "\x07";
/// Erases from the cursor to the end of the screen (the typed line is the last thing on it).
const ERASE_BELOW: &str = "\x1b[J";

/// A key, as the editor needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A character typed.
    Char(char),
    /// Enter.
    Enter,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// The cursor one character left.
    Left,
    /// The cursor one character right.
    Right,
    /// The cursor to the start.
    Home,
    /// The cursor to the end.
    End,
    /// The line before in the history.
    Up,
    /// The line after in the history (or the line being typed).
    Down,
    /// Escape or Ctrl-U: the line cleared.
    Clear,
    /// Ctrl-C.
    Interrupt,
    /// Ctrl-D.
    EndOfInput,
}

/// What a key finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Done {
    /// A line (Enter); empty for Enter alone.
    Line(String),
    /// Ctrl-C, or Ctrl-D on an empty line: ask to end the game.
    Interrupt,
}

/// The most lines the history keeps.
pub const HISTORY: usize = 100;

/// The line being typed, the cursor, and the lines typed before.
#[derive(Debug, Clone)]
pub struct LineEditor {
    line: Vec<char>,
    /// Where the cursor is in the line, and on the terminal.
    cursor: usize,
    history: Vec<String>,
    /// Where Up and Down are in the history (`history.len()`: the line being typed).
    browsing: usize,
    /// The line being typed, kept while the history is browsed.
    draft: Vec<char>,
    /// The terminal's width in columns.
    width: usize,
}

impl Default for LineEditor {
    fn default() -> LineEditor {
        LineEditor {
            line: Vec::new(),
            cursor: 0,
            history: Vec::new(),
            browsing: 0,
            draft: Vec::new(),
            width: 80,
        }
    }
}

/// A control sequence moving the cursor `n` times in `direction` (`A` up, `B` down, `C`
/// right, `D` left); nothing for none.
fn step(n: usize, direction: char) -> String {
    match n {
        0 => String::new(),
        1 => format!("\x1b[{direction}"),
        n => format!("\x1b[{n}{direction}"),
    }
}

impl LineEditor {
    /// An editor with no history, for a terminal of 80 columns.
    pub fn new() -> LineEditor {
        LineEditor::default()
    }

    /// The terminal's width changed (or became known).
    pub fn set_width(&mut self, columns: usize) {
        self.width = columns.max(1);
    }

    /// The line as typed so far.
    pub fn line(&self) -> String {
        self.line.iter().collect()
    }

    /// The lines typed before, oldest first.
    #[cfg(test)]
    pub fn history(&self) -> &[String] {
        &self.history
    }

    /// One key: the bytes to write, and what it finished, if anything.
    pub fn key(&mut self, key: Key) -> (String, Option<Done>) {
        let at = self.cursor;
        let len = self.line.len();
        match key {
            Key::Char(c) if !c.is_control() => {
                if self.line().len() + c.len_utf8() > MAX_LINE_BYTES {
                    // No more fits.
                    return (BELL.into(), None);
                }
                self.line.insert(at, c);
                self.cursor += 1;
                // The character, and the rest of the line when typed in its middle.
                (self.write_from(at, false), None)
            }
            Key::Char(_) => (String::new(), None),
            Key::Enter => {
                let line = self.line();
                if !line.trim().is_empty() && self.history.last() != Some(&line) {
                    self.history.push(line.clone());
                    if self.history.len() > HISTORY {
                        self.history.remove(0);
                    }
                }
                // To the end of the line, then to a new one (where a full last row has
                // put the cursor already).
                let mut end = self.goto(at, len);
                if len == 0 || !len.is_multiple_of(self.width) {
                    end.push_str("\r\n");
                }
                self.line.clear();
                self.cursor = 0;
                self.browsing = self.history.len();
                self.draft.clear();
                (end, Some(Done::Line(line)))
            }
            Key::Backspace if at > 0 => {
                let back = self.goto(at, at - 1);
                self.cursor -= 1;
                self.line.remove(self.cursor);
                (
                    format!("{back}{}", self.write_from(self.cursor, true)),
                    None,
                )
            }
            Key::Delete if at < len => {
                self.line.remove(at);
                (self.write_from(at, true), None)
            }
            Key::Left if at > 0 => (self.move_to(at - 1), None),
            Key::Right if at < len => (self.move_to(at + 1), None),
            Key::Home => (self.move_to(0), None),
            Key::End => (self.move_to(len), None),
            Key::Up if self.browsing > 0 => {
                if self.browsing == self.history.len() {
                    self.draft = self.line.clone();
                }
                self.browsing -= 1;
                let recalled: Vec<char> = self.history[self.browsing].chars().collect();
                (self.replace(recalled), None)
            }
            Key::Down if self.browsing < self.history.len() => {
                self.browsing += 1;
                let next = match self.history.get(self.browsing) {
                    Some(line) => line.chars().collect(),
                    None => std::mem::take(&mut self.draft),
                };
                (self.replace(next), None)
            }
            Key::Clear if len > 0 => (self.replace(Vec::new()), None),
            Key::Interrupt => (String::new(), Some(Done::Interrupt)),
            Key::EndOfInput if len == 0 => (String::new(), Some(Done::Interrupt)),
            Key::EndOfInput => self.key(Key::Delete),
            // The key can do nothing here (the start or end of the line, no more history,
            // nothing to clear): the bell says so, where silence would leave the player
            // wondering whether it was taken.
            _ => (BELL.into(), None),
        }
    }

    /// The row and column of the line's `index`-th character on the terminal.
    fn place(&self, index: usize) -> (usize, usize) {
        (index / self.width, index % self.width)
    }

    /// The bytes that move the cursor from the line's `from`-th character to its `to`-th.
    fn goto(&self, from: usize, to: usize) -> String {
        let (from_row, from_column) = self.place(from);
        let (to_row, to_column) = self.place(to);
        if from_row == to_row {
            return if to_column < from_column {
                step(from_column - to_column, 'D')
            } else {
                step(to_column - from_column, 'C')
            };
        }
        let rows = if to_row < from_row {
            step(from_row - to_row, 'A')
        } else {
            step(to_row - from_row, 'B')
        };
        format!("{rows}\r{}", step(to_column, 'C'))
    }

    /// The cursor moved to `to`.
    fn move_to(&mut self, to: usize) -> String {
        let moves = self.goto(self.cursor, to);
        self.cursor = to;
        moves
    }

    /// The bytes that write the line from its `from`-th character (where the terminal's
    /// cursor is) to its end, erase what stood beyond its end before when the line got
    /// shorter (`erase`), and put the cursor back where it belongs.
    fn write_from(&self, from: usize, erase: bool) -> String {
        let len = self.line.len();
        let mut out: String = self.line[from..].iter().collect();
        if len > from && len.is_multiple_of(self.width) {
            // A full last row leaves the cursor on its last column until the next
            // character comes; the line's end is on the next row. A space takes it there
            // (a new line would break the line in two for a screen reader and a copy),
            // and the next character takes the space's place.
            out.push_str(" \r");
        }
        if erase {
            out.push_str(ERASE_BELOW);
        }
        out.push_str(&self.goto(len, self.cursor));
        out
    }

    /// The line replaced by `new`: erased, and the new one written once.
    fn replace(&mut self, new: Vec<char>) -> String {
        let start = self.goto(self.cursor, 0);
        self.line = new;
        self.cursor = self.line.len();
        format!("{start}{ERASE_BELOW}{}", self.write_from(0, false))
    }

    /// The bytes that take the line being typed off the screen, so that the program's own
    /// line can be written in its place (then [`Self::redraw`]).
    pub fn hide(&self) -> String {
        if self.line.is_empty() {
            String::new()
        } else {
            format!("{}{ERASE_BELOW}", self.goto(self.cursor, 0))
        }
    }

    /// The bytes that write the line being typed again after the program's line.
    pub fn redraw(&self) -> String {
        if self.line.is_empty() {
            String::new()
        } else {
            self.write_from(0, false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(editor: &mut LineEditor, text: &str) -> String {
        text.chars().map(|c| editor.key(Key::Char(c)).0).collect()
    }

    #[test]
    fn a_character_typed_is_echoed_once_and_enter_gives_the_line() {
        let mut e = LineEditor::new();
        assert_eq!(typed(&mut e, "Eva vier"), "Eva vier");
        assert_eq!(
            e.key(Key::Enter),
            ("\r\n".into(), Some(Done::Line("Eva vier".into())))
        );
        assert_eq!(e.line(), "");
        assert_eq!(e.history(), ["Eva vier"]);
        // Enter alone presses the clock; it is no line to recall.
        assert_eq!(e.key(Key::Enter).1, Some(Done::Line(String::new())));
        assert_eq!(e.history(), ["Eva vier"]);
    }

    #[test]
    fn up_and_down_recall_earlier_lines_written_once() {
        let mut e = LineEditor::new();
        typed(&mut e, "Eva vier");
        let _ = e.key(Key::Enter);
        typed(&mut e, "Zeit");
        let _ = e.key(Key::Enter);
        typed(&mut e, "St");
        assert_eq!(e.key(Key::Up).0, "\x1b[2D\x1b[JZeit");
        assert_eq!(e.key(Key::Up).0, "\x1b[4D\x1b[JEva vier");
        assert_eq!(e.key(Key::Up).0, BELL, "nothing before the first");
        assert_eq!(e.key(Key::Down).0, "\x1b[8D\x1b[JZeit");
        assert_eq!(
            e.key(Key::Down).0,
            "\x1b[4D\x1b[JSt",
            "back to what was typed"
        );
        assert_eq!(e.key(Key::Down).0, BELL, "nothing after the line typed");
        typed(&mut e, "ellung");
        assert_eq!(e.key(Key::Enter).1, Some(Done::Line("Stellung".into())));
        // A line recalled and sent again is kept once.
        let _ = e.key(Key::Up);
        let _ = e.key(Key::Enter);
        assert_eq!(e.history(), ["Eva vier", "Zeit", "Stellung"]);
    }

    #[test]
    fn the_history_keeps_the_last_lines_only() {
        let mut e = LineEditor::new();
        for n in 0..=HISTORY {
            typed(&mut e, &n.to_string());
            let _ = e.key(Key::Enter);
        }
        assert_eq!(e.history().len(), HISTORY);
        assert_eq!(e.history()[0], "1");
    }

    #[test]
    fn editing_in_the_middle_writes_the_rest_of_the_line_and_no_more() {
        let mut e = LineEditor::new();
        typed(&mut e, "Ea vier");
        for _ in 0..6 {
            let _ = e.key(Key::Left);
        }
        assert_eq!(e.key(Key::Char('v')).0, "va vier\x1b[6D");
        assert_eq!(e.line(), "Eva vier");
        let _ = e.key(Key::End);
        assert_eq!(e.key(Key::Backspace).0, "\x1b[D\x1b[J");
        assert_eq!(e.line(), "Eva vie");
        assert_eq!(e.key(Key::Home).0, "\x1b[7D");
        assert_eq!(e.key(Key::Delete).0, "va vie\x1b[J\x1b[6D");
        assert_eq!(e.line(), "va vie");
        assert_eq!(e.key(Key::Clear).0, "\x1b[J");
        assert_eq!(e.line(), "");
    }

    #[test]
    fn a_key_that_can_do_nothing_rings_the_bell() {
        let mut e = LineEditor::new();
        for key in [
            Key::Backspace,
            Key::Delete,
            Key::Left,
            Key::Right,
            Key::Up,
            Key::Down,
            Key::Clear,
        ] {
            assert_eq!(e.key(key), (BELL.into(), None), "{key:?} on nothing");
        }
        typed(&mut e, "a");
        assert_eq!(e.key(Key::Right).0, BELL, "at the end");
        assert_eq!(e.key(Key::Home).0, "\x1b[D");
        assert_eq!(e.key(Key::Left).0, BELL, "at the start");
    }

    #[test]
    fn a_line_wider_than_the_terminal_is_followed_row_by_row() {
        let mut e = LineEditor::new();
        e.set_width(4);
        // The fourth character fills the row: the cursor goes to the next one at once, where
        // the line goes on (not a new line).
        assert_eq!(typed(&mut e, "abcd"), "abcd \r");
        assert_eq!(typed(&mut e, "ef"), "ef");
        // Left over the row's start: up, the margin, the last column.
        assert_eq!(e.key(Key::Left).0, "\x1b[D");
        assert_eq!(e.key(Key::Left).0, "\x1b[D");
        assert_eq!(e.key(Key::Left).0, "\x1b[A\r\x1b[3C");
        assert_eq!(e.key(Key::Right).0, "\x1b[B\r");
        // Typed there: the rest written, the cursor back after the new character.
        assert_eq!(e.key(Key::Char('X')).0, "Xef\x1b[2D");
        assert_eq!(e.line(), "abcdXef");
        // Backspace over the row's start: the rest pulled back, the row below erased.
        let _ = e.key(Key::Left);
        assert_eq!(
            e.key(Key::Backspace).0,
            "\x1b[A\r\x1b[3CXef\x1b[J\x1b[A\r\x1b[3C"
        );
        assert_eq!(e.line(), "abcXef");
        assert_eq!(e.key(Key::Home).0, "\x1b[3D");
        assert_eq!(e.hide(), "\x1b[J");
        let _ = e.key(Key::End);
        assert_eq!(e.hide(), "\x1b[A\r\x1b[J");
        assert_eq!(e.redraw(), "abcXef");
        // A line that fills its last row: Enter adds no empty row.
        let _ = e.key(Key::Backspace);
        let _ = e.key(Key::Backspace);
        assert_eq!(e.redraw(), "abcX \r");
        assert_eq!(e.key(Key::Enter).0, "");
        // Up brings back a line of two rows, from the margin.
        typed(&mut e, "gh");
        assert_eq!(e.key(Key::Up).0, "\x1b[2D\x1b[JabcX \r");
    }

    #[test]
    fn ctrl_c_and_ctrl_d_on_an_empty_line_ask_to_end() {
        let mut e = LineEditor::new();
        typed(&mut e, "Eva");
        assert_eq!(e.key(Key::Interrupt).1, Some(Done::Interrupt));
        assert_eq!(e.line(), "Eva", "the line stays");
        assert_eq!(
            e.key(Key::EndOfInput).1,
            None,
            "a line being typed is not ended"
        );
        let _ = e.key(Key::Clear);
        assert_eq!(
            e.key(Key::EndOfInput),
            (String::new(), Some(Done::Interrupt)),
            "asked like Ctrl-C, nothing written"
        );
    }

    #[test]
    fn the_programs_lines_take_the_typed_line_off_and_put_it_back() {
        let mut e = LineEditor::new();
        assert_eq!(e.hide(), "", "nothing to take off");
        assert_eq!(e.redraw(), "", "nothing to put back");
        typed(&mut e, "Eva vier");
        let _ = e.key(Key::Left);
        assert_eq!(e.hide(), "\x1b[7D\x1b[J");
        assert_eq!(e.redraw(), "Eva vier\x1b[D");
    }

    #[test]
    fn a_line_longer_than_the_limit_is_not_taken() {
        let mut e = LineEditor::new();
        for _ in 0..MAX_LINE_BYTES {
            let _ = e.key(Key::Char('a'));
        }
        assert_eq!(e.key(Key::Char('a')).0, BELL);
        assert_eq!(e.line().len(), MAX_LINE_BYTES);
    }
}
