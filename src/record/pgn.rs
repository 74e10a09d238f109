//! Writing the PGN beside the journal so that a crash never leaves half a file (the text
//! itself is `annexd_core::record::pgn`).

use std::io;
use std::path::Path;

use crate::durable::write_atomically;

/// Writes `pgn` to `path` atomically (see `write_atomically`).
pub fn write_pgn_atomically(path: &Path, pgn: &str) -> io::Result<()> {
    write_atomically(path, pgn.as_bytes())
}
