//! The full-screen terminal for the board view: the alternate screen in raw mode, a line
//! editor fed by single keys (Page Up and Page Down scroll the view's log; a resize of the
//! terminal is told too, to draw the view again), and drawing of the view's lines. Leaving
//! restores the terminal, also on a panic.

use std::io::{self, Write};

use crossbeam_channel::{Receiver, Sender};

use super::terminal_events::TerminalEvent;
use crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{cursor, execute, queue, terminal};

/// What the line editor produces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edited {
    /// The line as typed so far (to show it).
    Editing(String),
    /// A finished line (Enter); empty for Enter alone (press the clock).
    Line(String),
    /// Ctrl-C: the session asks for a second one before the game ends.
    Interrupt,
    /// The terminal closed or Ctrl-D was pressed.
    End,
    /// The terminal's size changed: the view is drawn again.
    Resized,
    /// Page Up (1) or Page Down (-1): the view's log is scrolled.
    Scroll(i32),
}

/// The full screen, while it is shown.
pub struct Screen {
    out: io::Stdout,
}

impl Screen {
    /// Switches to the alternate screen in raw mode.
    pub fn enter() -> io::Result<Screen> {
        terminal::enable_raw_mode()?;
        let mut out = io::stdout();
        execute!(out, terminal::EnterAlternateScreen, cursor::Hide)?;
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        Ok(Screen { out })
    }

    /// Draws the lines from the top left, clearing the rest.
    pub fn draw(&mut self, lines: &[String]) -> io::Result<()> {
        // Each line written over the last, the rest of it and of the screen cleared: no
        // flicker when the clock's second changes.
        for (i, line) in lines.iter().enumerate() {
            queue!(self.out, cursor::MoveTo(0, i as u16))?;
            write!(self.out, "{line}")?;
            queue!(self.out, terminal::Clear(terminal::ClearType::UntilNewLine))?;
        }
        if lines.len() < Screen::size().1 {
            queue!(
                self.out,
                cursor::MoveTo(0, lines.len() as u16),
                terminal::Clear(terminal::ClearType::FromCursorDown)
            )?;
        }
        self.out.flush()
    }

    /// The terminal's size: columns and rows.
    pub fn size() -> (usize, usize) {
        terminal::size()
            .map(|(w, h)| (w as usize, h as usize))
            .unwrap_or((80, 24))
    }

    /// Leaves the full screen: the terminal as it was, and `lines` printed on it, so that the
    /// last of what was said stays readable after the view.
    pub fn leave(self, lines: &[String]) {
        drop(self);
        let mut out = io::stdout();
        for line in lines {
            // Leaving: a closed terminal has nobody left to read it.
            let _ = writeln!(out, "{line}");
        }
        let _ = out.flush();
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

fn restore() {
    let mut out = io::stdout();
    // Restoring the terminal on the way out: if it fails there is nothing better to do.
    let _ = execute!(out, cursor::Show, terminal::LeaveAlternateScreen);
    let _ = terminal::disable_raw_mode();
}

/// Reads the terminal's `events` (taken over by the caller, so that none is lost before
/// this starts) on a thread and sends what the line editor makes of them.
pub fn spawn_line_editor(events: Receiver<TerminalEvent>, tx: Sender<Edited>) {
    std::thread::spawn(move || {
        let mut line = String::new();
        loop {
            let Ok(event) = events.recv() else {
                // Another reader has the terminal now.
                return;
            };
            let event = match event {
                Ok(event) => event,
                Err(e) => {
                    tracing::error!("the terminal's keys cannot be read, typed input ends: {e}");
                    // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                    let _ = tx.send(Edited::End);
                    return;
                }
            };
            let key = match event {
                Event::Key(key) => key,
                Event::Resize(..) => {
                    if tx.send(Edited::Resized).is_err() {
                        return;
                    }
                    continue;
                }
                _ => continue,
            };
            if key.kind == KeyEventKind::Release {
                continue;
            }
            let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
            let edited = match key.code {
                KeyCode::Char('c') if ctrl => Edited::Interrupt,
                KeyCode::Char('d') if ctrl => Edited::End,
                KeyCode::Char(c) => {
                    line.push(c);
                    Edited::Editing(line.clone())
                }
                KeyCode::Backspace => {
                    line.pop();
                    Edited::Editing(line.clone())
                }
                KeyCode::Esc => {
                    line.clear();
                    Edited::Editing(line.clone())
                }
                KeyCode::Enter => Edited::Line(std::mem::take(&mut line)),
                KeyCode::PageUp => Edited::Scroll(1),
                KeyCode::PageDown => Edited::Scroll(-1),
                _ => continue,
            };
            let end = edited == Edited::End;
            if tx.send(edited).is_err() || end {
                return;
            }
        }
    });
}
