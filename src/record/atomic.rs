//! Writing a file so that a crash never leaves half of it: the PGN beside the journal and
//! the scoresheets.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::journal::sync_directory_of;

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, fsynced, then
/// renamed over `path`, and the directory fsynced. A reader sees the old or the new file,
/// never a part.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
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
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)?;
        sync_directory_of(path)
    })();
    if written.is_err() {
        // Tidying up after a failed write: the error that matters is returned below.
        let _ = fs::remove_file(&temp);
    }
    written
}
