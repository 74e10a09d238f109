//! The text output: each announcement as one line on a writer (stdout by default), for a
//! screen reader or a Braille display. Always available.

use std::io::Write;
use std::time::Instant;

use super::{BackendKind, Line, Output, Progress, StartError};

/// Writes each announcement as a line.
pub struct TextOutput {
    out: Box<dyn Write + Send>,
}

impl TextOutput {
    /// Lines go to this writer.
    pub fn new(out: Box<dyn Write + Send>) -> Self {
        TextOutput { out }
    }

    /// Writes one line now (also used to echo announcements of the other outputs).
    pub fn write_line(&mut self, text: &str) {
        // A closed terminal cannot be helped; the announcement is then lost for it only.
        let _ = writeln!(self.out, "{text}").and_then(|()| self.out.flush());
    }
}

impl Output for TextOutput {
    fn kind(&self) -> BackendKind {
        BackendKind::Text
    }

    fn start(&mut self, line: Line<'_>, _now: Instant) -> Result<(), StartError> {
        self.write_line(line.text);
        Ok(())
    }

    fn poll(&mut self, _now: Instant) -> Progress {
        Progress::Done
    }

    fn stop(&mut self) {}
}
