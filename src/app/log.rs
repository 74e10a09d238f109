//! The log of a game: `<journal>.log` beside its journal, appended to, one line a message
//! (what a device sent that was dropped, why voice input is off with the folders searched,
//! the journal's write errors, signals). What the players hear and read stays on standard
//! output; the log is for whoever looks into a problem afterwards.
//!
//! `ANNEXD_LOG` sets what is written, as a tracing filter (`info` by default, `debug`,
//! `annexd=debug,annexd_core=info`, …).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tracing_subscriber::EnvFilter;

/// The log's path for a journal: the journal's with the extension `log`.
pub fn path_for(journal: &Path) -> PathBuf {
    journal.with_extension("log")
}

/// Sends the program's log to the file beside `journal`; `None` (and no log) when the file
/// cannot be opened or a log is already set up in this process.
pub fn to_file_beside(journal: &Path) -> Option<PathBuf> {
    let path = path_for(journal);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .ok()?;
    let filter = EnvFilter::try_from_env("ANNEXD_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_writer(Mutex::new(Quiet(file)))
        .with_ansi(false)
        .with_env_filter(filter)
        .try_init()
        .ok()?;
    Some(path)
}

/// The log file: a line that cannot be written (a full or read-only disk, which the game
/// says itself) is left out, without a complaint on the terminal.
struct Quiet(std::fs::File);

impl std::io::Write for Quiet {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let _ = self.0.write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let _ = self.0.flush();
        Ok(())
    }
}
