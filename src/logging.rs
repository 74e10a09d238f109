//! Where the log goes: the reasons a device, a model or a line was refused, what the boards
//! sent that was dropped, what the speaker fell back to. Spoken and shown messages are for
//! the people at the board; the log is for whoever looks into a problem afterwards.
//!
//! - `--log FILE`: every command logs there (appending);
//! - else `RUST_LOG` set: to standard error;
//! - else `play` and `resume` log to `annexd.log` in the state folder
//!   (`$XDG_STATE_HOME/annexd/`, or the data folder where there is none); other commands log
//!   nowhere.
//!
//! The level is `RUST_LOG`'s (e.g. `RUST_LOG=debug`), `info` by default.

use std::fs::OpenOptions;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tracing_subscriber::EnvFilter;

/// The log file `play` and `resume` use when none is named.
pub fn default_log_file() -> Option<PathBuf> {
    crate::data_dirs::state_dir().map(|dir| dir.join("annexd.log"))
}

/// Sets the log up: to `file` if given, else to standard error if `RUST_LOG` is set, else to
/// `fallback` if given, else nowhere. A log file that cannot be opened is returned (with the
/// system's reason) for the caller to say once; the program goes on without a log.
pub fn init(file: Option<&Path>, fallback: Option<PathBuf>) -> Result<(), (PathBuf, io::Error)> {
    let filter = || EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let to_stderr = file.is_none() && std::env::var_os("RUST_LOG").is_some();
    if to_stderr {
        tracing_subscriber::fmt()
            .with_env_filter(filter())
            .with_writer(std::io::stderr)
            .init();
        return Ok(());
    }
    let Some(path) = file.map(Path::to_path_buf).or(fallback) else {
        return Ok(());
    };
    let opened = path
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .map_or(Ok(()), crate::error::make_folder)
        .and_then(|()| OpenOptions::new().create(true).append(true).open(&path));
    match opened {
        Ok(log) => tracing_subscriber::fmt()
            .with_env_filter(filter())
            .with_ansi(false)
            .with_writer(Mutex::new(Quiet(log)))
            .init(),
        Err(err) => return Err((path, err)),
    }
    tracing::info!(
        "annexd {} started: {}",
        env!("CARGO_PKG_VERSION"),
        std::env::args().collect::<Vec<_>>().join(" ")
    );
    Ok(())
}

/// The log file: a line that cannot be written (a full or read-only disk, which a game says
/// itself) is left out, without a complaint on the terminal.
struct Quiet(std::fs::File);

impl std::io::Write for Quiet {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // A log that cannot be written must not stop a game.
        let _ = self.0.write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        // A log that cannot be written must not stop a game.
        let _ = self.0.flush();
        Ok(())
    }
}
