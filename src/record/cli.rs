//! `annexd pgn JOURNAL`: prints the PGN of a journal.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use annexd_core::notation::Lang;

use super::journal::read;
use annexd_core::record::sheet::replay;

/// Prints the PGN of the journal at `path` to standard output. A damaged last line is reported
/// on standard error and left out; any other fault is reported and the exit code is 1.
pub fn run_pgn(path: &Path, lang: Lang) -> ExitCode {
    let contents = match read(path) {
        Ok(contents) => contents,
        Err(e) => {
            eprintln!("{}: {e}", lang.text(&e.tokens()));
            return ExitCode::from(1);
        }
    };
    if let Some(tail) = &contents.damaged_tail {
        eprintln!(
            "{} ({}: {})",
            lang.text(&tail.tokens()),
            path.display(),
            tail.reason
        );
    }
    let sheet = match replay(&contents) {
        Ok(sheet) => sheet,
        Err(e) => {
            eprintln!("{}: {}: {e}", lang.text(&e.tokens()), path.display());
            return ExitCode::from(1);
        }
    };
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(sheet.to_pgn().as_bytes())
        .and_then(|_| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}
