//! Writing the PGN beside the journal so that a crash never leaves half a file (the text
//! itself is `annexd_core::record::pgn`).

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::journal::sync_directory_of;

/// Writes `pgn` to `path` atomically: a temporary file in the same directory, fsynced, then
/// renamed over `path`, and the directory fsynced. A reader sees the old or the new file,
/// never a part.
pub fn write_pgn_atomically(path: &Path, pgn: &str) -> io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the PGN path names no file"))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp: PathBuf = path.with_file_name(temp_name);
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&temp)?;
        file.write_all(pgn.as_bytes())?;
        file.sync_all()?;
        fs::rename(&temp, path)?;
        sync_directory_of(path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}
