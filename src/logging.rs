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

use tracing_subscriber::filter::Targets;
use tracing_subscriber::fmt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// The log file `play` and `resume` use when none is named.
pub fn default_log_file() -> Option<PathBuf> {
    crate::data_dirs::state_dir().map(|dir| dir.join("annexd.log"))
}

/// Sets the log up: to `file` if given, else to standard error if `RUST_LOG` is set, else to
/// `fallback` if given, else nowhere. A log file that cannot be opened is returned (with the
/// system's reason) for the caller to say once; the program goes on without a log.
pub fn init(file: Option<&Path>, fallback: Option<PathBuf>) -> Result<(), (PathBuf, io::Error)> {
    let filter = || level_from(std::env::var("RUST_LOG").ok().as_deref());
    let to_stderr = file.is_none() && std::env::var_os("RUST_LOG").is_some();
    if to_stderr {
        tracing_subscriber::registry()
            .with(fmt::layer().with_writer(std::io::stderr))
            .with(filter())
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
        Ok(log) => tracing_subscriber::registry()
            .with(
                fmt::layer()
                    .with_ansi(false)
                    .with_writer(Mutex::new(Quiet(log))),
            )
            .with(filter())
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

/// The levels `RUST_LOG` names: `debug`, or `info,annexd::board=trace` (a level, and a
/// level for each module named); `info` when it is unset, empty or cannot be read.
fn level_from(rust_log: Option<&str>) -> Targets {
    rust_log
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| Targets::new().with_default(tracing::Level::INFO))
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

#[cfg(test)]
mod tests {
    use super::level_from;
    use tracing::Level;

    #[test]
    fn the_level_is_rust_logs_and_info_when_it_is_unset_or_unreadable() {
        let debug = level_from(Some("debug"));
        assert!(debug.would_enable("annexd::board", &Level::DEBUG));
        assert!(!debug.would_enable("annexd::board", &Level::TRACE));

        let per_module = level_from(Some("warn,annexd::board=trace"));
        assert!(per_module.would_enable("annexd::board::serial", &Level::TRACE));
        assert!(!per_module.would_enable("annexd::listen", &Level::INFO));
        assert!(per_module.would_enable("annexd::listen", &Level::WARN));

        for unread in [None, Some(""), Some("  "), Some("annexd=loud")] {
            let info = level_from(unread);
            assert!(info.would_enable("annexd", &Level::INFO), "{unread:?}");
            assert!(!info.would_enable("annexd", &Level::DEBUG), "{unread:?}");
        }
    }
}
