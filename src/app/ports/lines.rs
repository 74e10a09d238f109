//! The line view's port, for screen readers and Braille displays: typed lines in, and every
//! line the session says or shows printed out. Standard input is read as bytes and cut into
//! lines by the core ([`annexd_core::LineSplitter`]): no byte sequence ends a game. When it
//! is a terminal (and standard output too), a line editor with a history reads its keys
//! instead ([`crate::ui::line_terminal`]), and the lines are printed through it.

use std::io::{Read, Write};
use std::sync::Arc;
use std::time::Duration;

use crossbeam_channel::{Receiver, Select, bounded};

use annexd_core::{Effect, Input, LineSplitter, Speech, StopRequest, TypedLine};

use super::{said_text, shown_text, typed};
use crate::app::port::{Port, Taken, take_ready};
use crate::ui::line_terminal::{LineTerminal, Typed};

/// Where typed lines come from.
enum Keys {
    /// Standard input, cut into lines.
    Lines(Receiver<TypedLine>),
    /// The line editor on a terminal: finished lines, Ctrl-C, the end.
    Terminal(Receiver<Typed>),
}

/// Typed lines in, text lines out.
pub(crate) struct LineView {
    speech: Speech,
    keys: Option<Keys>,
    /// The terminal with its line editor, when the keyboard is one.
    terminal: Option<Arc<LineTerminal>>,
    out: std::io::Stdout,
    /// A report of the start (the board view asked for and not to be had).
    reports: Vec<Input>,
}

impl LineView {
    /// Lines in the words of `speech`; the keyboard is read once the game has greeted.
    pub(crate) fn new(speech: Speech, reports: Vec<Input>) -> LineView {
        LineView {
            speech,
            keys: None,
            terminal: None,
            out: std::io::stdout(),
            reports,
        }
    }

    /// The same view with `report` for the session at the next round of the edge's reports.
    pub(crate) fn reporting(mut self, report: Input) -> LineView {
        self.reports.push(report);
        self
    }

    /// Whether the keyboard is a terminal read by the line editor (not lines of standard
    /// input): the board view can take it over.
    pub(crate) fn on_terminal(&self) -> bool {
        self.terminal.is_some()
    }

    /// A line on the terminal.
    fn print(&mut self, text: &str) {
        if let Some(terminal) = &self.terminal {
            terminal.print(text);
        } else {
            // Standard output is closed: there is nowhere else to write this.
            let _ = writeln!(self.out, "{text}");
            let _ = self.out.flush();
        }
    }
}

impl Port for LineView {
    fn start(&mut self) -> Vec<Input> {
        if self.keys.is_some() {
            // Read since before the game (the online game's lobby): it goes on.
            return Vec::new();
        }
        self.keys = Some(match LineTerminal::start() {
            Some((terminal, keys)) => {
                self.terminal = Some(terminal);
                Keys::Terminal(keys)
            }
            None => Keys::Lines(read_stdin_lines()),
        });
        Vec::new()
    }

    fn watch<'a>(&'a self, select: &mut Select<'a>) -> usize {
        match &self.keys {
            Some(Keys::Lines(lines)) => select.recv(lines),
            Some(Keys::Terminal(keys)) => select.recv(keys),
            None => return 0,
        };
        1
    }

    fn take(&mut self, _now: Duration) -> Vec<Input> {
        let ended = Input::Stop(StopRequest::InputEnded);
        let input = match &self.keys {
            Some(Keys::Lines(lines)) => match take_ready(lines) {
                Taken::Got(line) => typed(line),
                Taken::Nothing => return Vec::new(),
                Taken::Ended => ended,
            },
            Some(Keys::Terminal(keys)) => match take_ready(keys) {
                Taken::Got(Typed::Line(line)) => typed(line),
                Taken::Got(Typed::Interrupt) => Input::Stop(StopRequest::Interrupt),
                Taken::Nothing => return Vec::new(),
                Taken::Got(Typed::End) | Taken::Ended => ended,
            },
            None => return Vec::new(),
        };
        vec![input]
    }

    fn carry_out(&mut self, effect: &Effect, _now: Duration) {
        match effect {
            Effect::Say {
                tokens, printed, ..
            } => {
                let text = said_text(&self.speech, tokens, printed.as_ref());
                self.print(&text);
            }
            Effect::Show(shown) => {
                let text = shown_text(&self.speech, shown);
                self.print(&text);
            }
            _ => {}
        }
    }

    fn reports(&mut self) -> Vec<Input> {
        std::mem::take(&mut self.reports)
    }

    fn leave(&mut self) {
        self.keys = None;
    }
}

/// Standard input, read as bytes on a thread of its own (reading blocks) and cut into
/// [`TypedLine`]s; the channel closes at the end of input (or when it cannot be read). The
/// channel is short, so a flood of input waits for the game instead of filling memory. One
/// reader for the whole run: a next game ("neue Partie") reads on where the last stopped,
/// and no line typed between them is lost to a reader of the game left.
fn read_stdin_lines() -> Receiver<TypedLine> {
    static LINES: std::sync::OnceLock<Receiver<TypedLine>> = std::sync::OnceLock::new();
    LINES.get_or_init(start_reading_stdin).clone()
}

fn start_reading_stdin() -> Receiver<TypedLine> {
    let (tx, rx) = bounded(64);
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let mut splitter = LineSplitter::new();
            let mut stdin = std::io::stdin().lock();
            let mut buf = [0u8; 8192];
            loop {
                match stdin.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        for line in splitter.push(&buf[..n]) {
                            if tx.send(line).is_err() {
                                return;
                            }
                        }
                    }
                    Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(err) => {
                        tracing::warn!("standard input: {err}");
                        break;
                    }
                }
            }
            if let Some(line) = splitter.finish() {
                // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                let _ = tx.send(line);
            }
        })
        .expect("spawn the standard input thread");
    rx
}
