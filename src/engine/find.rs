//! Which engine to start: the program given with `--engine PATH`, or else Stockfish where
//! Debian installs it (`/usr/games/stockfish`, which is not on root's `PATH`), or else the
//! first `stockfish` on the `PATH` (`stockfish.exe` on Windows).

use std::path::{Path, PathBuf};

/// Where Debian's `stockfish` package puts the program.
pub const DEBIAN_STOCKFISH: &str = "/usr/games/stockfish";

/// The program's name on the `PATH`.
const STOCKFISH: &str = if cfg!(windows) {
    "stockfish.exe"
} else {
    "stockfish"
};

/// The engine to start: `explicit` when given (whether or not it exists: starting it says
/// what is wrong), else the default Stockfish, if one is installed.
pub fn find_engine(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(path) = explicit {
        return Some(path.to_path_buf());
    }
    find_default(std::env::var_os("PATH").as_deref())
}

/// The default Stockfish: Debian's, or the first on `path` (the `PATH` variable's value).
pub fn find_default(path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    let debian = Path::new(DEBIAN_STOCKFISH);
    if cfg!(unix) && debian.is_file() {
        return Some(debian.to_path_buf());
    }
    std::env::split_paths(path?)
        .map(|dir| dir.join(STOCKFISH))
        .find(|candidate| candidate.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_given_is_taken_as_it_is() {
        let given = Path::new("/nowhere/my-engine");
        assert_eq!(find_engine(Some(given)), Some(given.to_path_buf()));
    }

    #[test]
    fn stockfish_is_found_on_the_path_when_debian_has_none_there() {
        let dir = tempfile::tempdir().unwrap();
        let program = dir.path().join(STOCKFISH);
        std::fs::write(&program, b"").unwrap();
        let path = std::env::join_paths([Path::new("/nowhere"), dir.path()]).unwrap();
        let found = find_default(Some(&path)).unwrap();
        if Path::new(DEBIAN_STOCKFISH).is_file() && cfg!(unix) {
            assert_eq!(found, Path::new(DEBIAN_STOCKFISH));
        } else {
            assert_eq!(found, program);
        }
        let empty = tempfile::tempdir().unwrap();
        if !Path::new(DEBIAN_STOCKFISH).is_file() {
            assert_eq!(find_default(Some(empty.path().as_os_str())), None);
        }
    }
}
