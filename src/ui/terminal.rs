//! The full-screen terminal for the board view: the alternate screen in raw mode, a line
//! editor fed by single keys, and drawing of the view's lines. Leaving restores the terminal,
//! also on a panic.

use std::io::{self, Write};

use crossbeam_channel::Sender;
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
        queue!(
            self.out,
            cursor::MoveTo(0, 0),
            terminal::Clear(terminal::ClearType::All)
        )?;
        for (i, line) in lines.iter().enumerate() {
            queue!(self.out, cursor::MoveTo(0, i as u16))?;
            write!(self.out, "{line}")?;
        }
        self.out.flush()
    }

    /// The terminal's width in columns.
    pub fn width() -> usize {
        terminal::size().map(|(w, _)| w as usize).unwrap_or(80)
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

/// Reads keys on a thread and sends what the line editor makes of them.
pub fn spawn_line_editor(tx: Sender<Edited>) {
    std::thread::spawn(move || {
        let mut line = String::new();
        loop {
            let event = match crossterm::event::read() {
                Ok(event) => event,
                Err(e) => {
                    tracing::error!("the terminal's keys cannot be read, typed input ends: {e}");
                    // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                    let _ = tx.send(Edited::End);
                    return;
                }
            };
            let Event::Key(key) = event else { continue };
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
                _ => continue,
            };
            let end = edited == Edited::End;
            if tx.send(edited).is_err() || end {
                return;
            }
        }
    });
}
