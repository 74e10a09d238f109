//! The line view's terminal, when standard input and output are one: the terminal in raw
//! mode, its keys read on a thread and edited by a [`LineEditor`] (history with Up and Down),
//! and the program's lines written around the line being typed (taken off, the program's
//! line, put back), so that a screen reader hears each once. Standard input that is no
//! terminal (a pipe, a file, the tests), a terminal that moves no cursor (`TERM=dumb`) and a
//! Windows console without escape sequences are read line by line as before.
//!
//! In raw mode the terminal sends no signal for Ctrl-C: the key is an interrupt of its own
//! ([`Typed::Interrupt`]), which the session answers as it answers the signal.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex, PoisonError};

use crossbeam_channel::{Receiver, Sender, bounded};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::terminal;

use annexd_core::{LineSplitter, TypedLine};

use super::line_editor::{Done, Key, LineEditor};
use super::terminal_events::TerminalEvent;

/// What the keyboard gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// A finished line, as standard input's lines are read.
    Line(TypedLine),
    /// Ctrl-C, or Ctrl-D on an empty line.
    Interrupt,
    /// The terminal gone.
    End,
}

/// The terminal in raw mode with its line editor; restored when dropped.
pub struct LineTerminal {
    editor: Arc<Mutex<LineEditor>>,
}

impl LineTerminal {
    /// When standard input and output are both a terminal: raw mode, and the keys' thread;
    /// `None` otherwise (or when raw mode cannot be had).
    pub fn start() -> Option<(Arc<LineTerminal>, Receiver<Typed>)> {
        if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
            return None;
        }
        if std::env::var("TERM").is_ok_and(|term| term == "dumb") {
            // A terminal that moves no cursor (an editor's shell, as Emacspeak runs it):
            // lines as the terminal itself reads them.
            return None;
        }
        #[cfg(windows)]
        if !crossterm::ansi_support::supports_ansi() {
            // An old console that takes no escape sequences: lines as it reads them.
            return None;
        }
        if let Err(err) = terminal::enable_raw_mode() {
            tracing::info!("the line editor cannot start ({err}): lines are read as typed");
            return None;
        }
        // The terminal's events only once raw mode is had: without it, standard input is
        // read as lines, and no second reader may take its bytes.
        let Some(events) = super::terminal_events::take_over() else {
            // Leaving raw mode again: if it fails there is nothing better to do.
            let _ = terminal::disable_raw_mode();
            return None;
        };
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // Restoring the terminal on a panic: nothing better can be done if it fails.
            let _ = terminal::disable_raw_mode();
            previous(info);
        }));
        let mut editor = LineEditor::new();
        if let Ok((columns, _)) = terminal::size() {
            editor.set_width(columns.into());
        }
        let editor = Arc::new(Mutex::new(editor));
        let (tx, rx) = bounded(64);
        let keys = Arc::clone(&editor);
        std::thread::Builder::new()
            .name("keys".into())
            .spawn(move || read_keys(&events, &keys, &tx))
            .ok()?;
        Some((Arc::new(LineTerminal { editor }), rx))
    }

    /// Writes one of the program's lines: the line being typed taken off, the line, the
    /// line being typed written again.
    pub fn print(&self, text: &str) {
        let editor = self.editor.lock().unwrap_or_else(PoisonError::into_inner);
        let mut out = std::io::stdout().lock();
        let text = text.replace('\n', "\r\n");
        // A closed terminal cannot be helped; the line is then lost for it only.
        let _ = write!(out, "{}{text}\r\n{}", editor.hide(), editor.redraw());
        let _ = out.flush();
    }
}

impl Drop for LineTerminal {
    fn drop(&mut self) {
        // Leaving raw mode on the way out: if it fails there is nothing better to do.
        let _ = terminal::disable_raw_mode();
    }
}

/// The keys of the terminal, edited and echoed, until the input ends, nobody listens or
/// another reader takes the terminal's events over.
fn read_keys(events: &Receiver<TerminalEvent>, editor: &Mutex<LineEditor>, tx: &Sender<Typed>) {
    loop {
        let Ok(event) = events.recv() else {
            // Another reader has the terminal now.
            return;
        };
        let key = match event {
            Ok(Event::Key(key)) => key,
            Ok(Event::Resize(columns, _)) => {
                let mut editor = editor.lock().unwrap_or_else(PoisonError::into_inner);
                editor.set_width(columns.into());
                continue;
            }
            Ok(_) => continue,
            Err(err) => {
                tracing::warn!("the terminal's keys cannot be read: {err}");
                // The receiver is gone only when its owner is shutting down.
                let _ = tx.send(Typed::End);
                return;
            }
        };
        let Some(key) = key_of(key) else { continue };
        let done = {
            // The echo is written under the editor's lock, so that a line of the program
            // never comes between a key and its echo.
            let mut editor = editor.lock().unwrap_or_else(PoisonError::into_inner);
            let (echo, done) = editor.key(key);
            if !echo.is_empty() {
                let mut out = std::io::stdout().lock();
                // A closed terminal ends the keys with the next read.
                let _ = out.write_all(echo.as_bytes()).and_then(|()| out.flush());
            }
            done
        };
        let typed = match done {
            None => continue,
            Some(Done::Line(line)) => Typed::Line(cleaned(&line)),
            Some(Done::Interrupt) => Typed::Interrupt,
        };
        if tx.send(typed).is_err() {
            return;
        }
    }
}

/// A line as standard input's lines are cleaned (control characters, length).
fn cleaned(line: &str) -> TypedLine {
    let mut splitter = LineSplitter::new();
    let mut lines = splitter.push(line.as_bytes());
    lines.extend(splitter.push(b"\n"));
    lines
        .into_iter()
        .next()
        .unwrap_or(TypedLine::Text(String::new()))
}

/// The editor's key for a terminal key, if it has one.
fn key_of(key: KeyEvent) -> Option<Key> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('c') if ctrl => Key::Interrupt,
        KeyCode::Char('d') if ctrl => Key::EndOfInput,
        KeyCode::Char('u') if ctrl => Key::Clear,
        KeyCode::Char('a') if ctrl => Key::Home,
        KeyCode::Char('e') if ctrl => Key::End,
        KeyCode::Char(_) if ctrl => return None,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Delete => Key::Delete,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Esc => Key::Clear,
        _ => return None,
    })
}
