//! The engine's process: started with its input and output as pipes, a thread that reads its
//! lines and sends them (and the end of its output) on a channel, lines written to its input,
//! and the process ended (killed if it must be) when it is dropped.
//!
//! A line is at most [`MAX_LINE`] bytes (the rest of a longer one is read and dropped), bytes
//! that are not UTF-8 are replaced, and a line end may be `\n` or `\r\n`: whatever the engine
//! writes, the reader never grows without bound and never stops before its output ends.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};

use crossbeam_channel::Sender;

/// The longest line kept from an engine (UCI lines are far shorter; a `pv` of 500 moves is
/// about 2 500 bytes).
pub const MAX_LINE: usize = 64 * 1024;

/// What the reader thread sends: tagged with the process's generation, so that what an
/// engine ended or replaced still had in its pipe is told apart from the new one's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProcessEvent {
    /// A line from the engine, without its line end.
    Line {
        /// The process it came from.
        generation: u64,
        /// The text.
        text: String,
    },
    /// The engine's output ended (its process ended, or closed it).
    Ended {
        /// The process.
        generation: u64,
    },
}

/// Why the engine could not be started.
#[derive(Debug)]
pub enum StartError {
    /// No program there.
    NotFound(std::io::Error),
    /// A program that cannot be run (not executable, not a program, no pipes).
    CannotStart(std::io::Error),
}

/// A running engine.
#[derive(Debug)]
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    generation: u64,
}

impl EngineProcess {
    /// Starts the program at `path`; its lines go to `events`, tagged with `generation`.
    pub fn start(
        path: &Path,
        generation: u64,
        events: Sender<ProcessEvent>,
    ) -> Result<EngineProcess, StartError> {
        // A relative path is the user's, from the folder he is in (the engine runs in its
        // own folder, below).
        let path = &std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let mut command = Command::new(path);
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // The engine's own folder as its working folder: engines look for their networks and
        // books beside themselves.
        if let Some(dir) = path.parent().filter(|dir| dir.is_dir()) {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|err| match err.kind() {
            std::io::ErrorKind::NotFound => StartError::NotFound(err),
            _ => StartError::CannotStart(err),
        })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(StartError::CannotStart(std::io::Error::other("no pipes")));
        };
        std::thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || read_lines(stdout, generation, &events))
            .map_err(StartError::CannotStart)?;
        Ok(EngineProcess {
            child,
            stdin: Some(stdin),
            generation,
        })
    }

    /// The process's generation (see [`ProcessEvent`]).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The process's id (for the log, and for tests that end it from outside).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes lines to the engine. `Err` when it no longer reads (its process ended).
    pub fn send(&mut self, lines: &[String]) -> std::io::Result<()> {
        if lines.is_empty() {
            return Ok(());
        }
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
        let mut text = String::with_capacity(lines.iter().map(|l| l.len() + 1).sum());
        for line in lines {
            tracing::debug!(target: "engine", "> {line}");
            text.push_str(line);
            text.push('\n');
        }
        stdin.write_all(text.as_bytes())?;
        stdin.flush()
    }
}

impl Drop for EngineProcess {
    /// Closes its input (an engine that reads it ends), and ends the process if it is still
    /// running: a hung engine is killed, never waited for.
    fn drop(&mut self) {
        drop(self.stdin.take());
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The reader thread: sends each line, then the end.
fn read_lines(stdout: impl Read, generation: u64, events: &Sender<ProcessEvent>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::with_capacity(256);
    loop {
        line.clear();
        match read_line(&mut reader, &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let text = String::from_utf8_lossy(&line);
                let text = text.trim_end_matches(['\n', '\r']).to_string();
                tracing::debug!(target: "engine", "< {text}");
                if events
                    .send(ProcessEvent::Line { generation, text })
                    .is_err()
                {
                    return;
                }
            }
        }
    }
    let _ = events.send(ProcessEvent::Ended { generation });
}

/// Reads one line into `out`, keeping at most [`MAX_LINE`] bytes of it; the number of bytes
/// read (0 at the end).
fn read_line(reader: &mut impl BufRead, out: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut read = 0;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(read);
        }
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..=end], true),
            None => (buffer, false),
        };
        let room = MAX_LINE.saturating_sub(out.len());
        out.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        reader.consume(used);
        read += used;
        if done {
            return Ok(read);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_at_their_end_and_kept_short() {
        let mut long = vec![b'x'; MAX_LINE * 2];
        long.extend_from_slice(b"\r\nuciok\n\xff\xfeok\nlast");
        let mut reader = BufReader::with_capacity(1000, long.as_slice());
        let mut line = Vec::new();
        assert_eq!(read_line(&mut reader, &mut line).unwrap(), MAX_LINE * 2 + 2);
        assert_eq!(line.len(), MAX_LINE);
        line.clear();
        read_line(&mut reader, &mut line).unwrap();
        assert_eq!(line, b"uciok\n");
        let (tx, rx) = crossbeam_channel::unbounded();
        read_lines(&b"\xff\xfeok\r\nlast"[..], 7, &tx);
        let got: Vec<ProcessEvent> = rx.try_iter().collect();
        assert_eq!(
            got,
            [
                ProcessEvent::Line {
                    generation: 7,
                    text: "\u{fffd}\u{fffd}ok".into()
                },
                ProcessEvent::Line {
                    generation: 7,
                    text: "last".into()
                },
                ProcessEvent::Ended { generation: 7 },
            ]
        );
    }
}
