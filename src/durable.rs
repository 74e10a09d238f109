//! Files that survive a crash: written so that a crash never leaves half of one (the PGN
//! beside the journal, the scoresheets, the settings file), and a new or renamed file's
//! directory fsynced (the journal). On Unix the temporary file is renamed over the old one and the directory
//! fsynced; on Windows, where a directory cannot be fsynced, the replacing rename is written
//! through to the disk before it returns (`MoveFileExW` with `MOVEFILE_WRITE_THROUGH`).

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, fsynced, then
/// renamed over `path` durably ([`replace`]). A reader sees the old or the new file, never a
/// part.
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
        drop(file);
        replace(&temp, path)
    })();
    if written.is_err() {
        // Tidying up after a failed write: the error that matters is returned below.
        let _ = fs::remove_file(&temp);
    }
    written
}

/// Renames `from` over `to` so that the rename survives a crash: renamed, then the directory
/// fsynced.
#[cfg(not(windows))]
pub fn replace(from: &Path, to: &Path) -> io::Result<()> {
    fs::rename(from, to)?;
    sync_directory_of(to)
}

/// Renames `from` over `to` so that the rename survives a crash: `MoveFileExW` replacing the
/// old file and returning only once the move is on the disk.
#[cfg(windows)]
pub fn replace(from: &Path, to: &Path) -> io::Result<()> {
    use windows::Win32::Storage::FileSystem::{
        MOVEFILE_REPLACE_EXISTING, MOVEFILE_WRITE_THROUGH, MoveFileExW,
    };
    use windows::core::HSTRING;
    // SAFETY: two NUL-terminated wide strings that live for the call.
    unsafe {
        MoveFileExW(
            &HSTRING::from(from.as_os_str()),
            &HSTRING::from(to.as_os_str()),
            MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH,
        )
    }
    .map_err(|e| io::Error::from_raw_os_error(e.code().0 & 0xFFFF))?;
    sync_directory_of(to)
}

/// Fsyncs the directory holding `path`, so that a new or renamed file survives a crash.
///
/// On Windows a directory cannot be opened as a file, nor flushed: NTFS writes the change of
/// a directory to its own journal, a new file's entry reaches the disk with the file's
/// flush (`FlushFileBuffers`, which `sync_all` and `sync_data` are), and a replacing rename
/// is written through ([`write_atomically`]). Nothing is left to do there.
#[cfg(unix)]
pub fn sync_directory_of(path: &Path) -> io::Result<()> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    fs::File::open(dir)?.sync_all()
}

/// See the Unix version: on Windows there is nothing to flush.
#[cfg(not(unix))]
pub fn sync_directory_of(_path: &Path) -> io::Result<()> {
    Ok(())
}
