//! Where annexd keeps and looks for its files, in one documented order (see docs/install.md).
//!
//! The user's own folders come from the `directories` crate:
//!
//! | what | Linux | Windows |
//! |---|---|---|
//! | settings (`annexd.toml`) | `$XDG_CONFIG_HOME/annexd/` (`~/.config/annexd/`) | `%APPDATA%\annexd\config\` |
//! | voices, models, games | `$XDG_DATA_HOME/annexd/` (`~/.local/share/annexd/`) | `%APPDATA%\annexd\data\` |
//! | large models (also searched) | — | `%LOCALAPPDATA%\annexd\data\` |
//! | the log of a game | `$XDG_STATE_HOME/annexd/` (`~/.local/state/annexd/`) | `%LOCALAPPDATA%\annexd\data\` |
//!
//! On Windows `XDG_CONFIG_HOME`, `XDG_DATA_HOME` and `XDG_STATE_HOME`, when set, are honoured
//! as on Linux (as git does there), so that one can point the program at other folders (the
//! tests do).
//!
//! Voices and speech models are looked for (after a folder named on the command line or in
//! the settings file, which callers handle) in `voices/` and `models/` below each of these
//! roots, in this order:
//!
//! 1. the personal data folder(s) above;
//! 2. Linux: the system's, `/usr/share/annexd/` (the Debian package puts the voices there),
//!    and `share/annexd/` beside the program's prefix (`<prefix>/bin/annexd` looks in
//!    `<prefix>/share/annexd/`: a package unpacked anywhere with `dpkg-deb -x`);
//!    Windows: the program's own folder (`annexd.exe`'s, where the zip puts the voices);
//! 3. a checkout of annexd the program runs from (a development build).
//!
//! The checkout is found when the program runs, not written into it when it is built: it is
//! the nearest folder above the program that holds annexd's `Cargo.toml` (a program in the
//! checkout's `target/`), else the folder cargo names in `CARGO_MANIFEST_DIR` when it runs
//! the program (`cargo run`, `cargo test`) with its build kept elsewhere. So the program the
//! tests ran is the program the packages ship (scripts/package.sh copies it): it holds no
//! path into the tree it was built in, and installed, it finds no checkout.

use std::path::{Path, PathBuf};

/// The folder of voices below each root.
pub const VOICES: &str = "voices";
/// The folder of speech models below each root.
#[cfg_attr(not(feature = "recognition"), allow(dead_code))]
pub const MODELS: &str = "models";

/// The system-wide data folder (the Debian package's); none on Windows.
#[cfg(not(windows))]
pub const SYSTEM_ROOT: &str = "/usr/share/annexd";

/// The checkout of annexd a program at `exe` runs from, if any (see the module
/// documentation), with cargo's `CARGO_MANIFEST_DIR` as it was started.
fn checkout(exe: Option<&Path>) -> Option<PathBuf> {
    checkout_for(exe, std::env::var_os("CARGO_MANIFEST_DIR").as_deref())
}

/// The checkout for a program at `exe` started with `CARGO_MANIFEST_DIR` = `manifest_dir`:
/// the nearest folder above the program holding annexd's `Cargo.toml`, else `manifest_dir`
/// when it holds it.
pub fn checkout_for(exe: Option<&Path>, manifest_dir: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    let above = exe
        .into_iter()
        .flat_map(Path::ancestors)
        .skip(1)
        .find(|dir| is_checkout(dir));
    above.map(Path::to_path_buf).or_else(|| {
        manifest_dir
            .map(PathBuf::from)
            .filter(|dir| is_checkout(dir))
    })
}

/// Whether `dir` is a checkout of annexd: its `Cargo.toml` is annexd's (the package named
/// `annexd`), and its voices are there.
fn is_checkout(dir: &Path) -> bool {
    dir.join(VOICES).is_dir()
        && std::fs::read_to_string(dir.join("Cargo.toml"))
            .is_ok_and(|manifest| manifest.lines().any(|l| l.trim() == "name = \"annexd\""))
}

fn project() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "annexd")
}

/// On Windows, `<$var>/annexd` when the XDG variable `var` names an absolute folder (on
/// Linux `directories` reads these variables itself).
fn xdg_override(var: &str) -> Option<PathBuf> {
    if !cfg!(windows) {
        return None;
    }
    let dir = PathBuf::from(std::env::var_os(var)?);
    dir.is_absolute().then(|| dir.join("annexd"))
}

/// The folder of the settings file.
pub fn config_dir() -> Option<PathBuf> {
    xdg_override("XDG_CONFIG_HOME").or_else(|| project().map(|d| d.config_dir().to_path_buf()))
}

/// The personal data folder (voices, models and games of the user): see the module
/// documentation; `None` when there is no home folder at all.
pub fn personal_root() -> Option<PathBuf> {
    xdg_override("XDG_DATA_HOME").or_else(|| project().map(|d| d.data_dir().to_path_buf()))
}

/// The machine's own data folder where it differs from the personal one (Windows: the
/// local, not roaming, application data, for large speech models).
pub fn local_root() -> Option<PathBuf> {
    if xdg_override("XDG_DATA_HOME").is_some() {
        return None;
    }
    project()
        .map(|d| d.data_local_dir().to_path_buf())
        .filter(|local| Some(local) != personal_root().as_ref())
}

/// The folder where games are kept (their journals, PGN files and sheets): the settings'
/// `record.dir`, or `games` in the personal data folder.
pub fn games(settings: &annexd_core::Settings) -> PathBuf {
    if !settings.record.dir.trim().is_empty() {
        return PathBuf::from(&settings.record.dir);
    }
    personal_root()
        .map(|root| root.join("games"))
        .unwrap_or_else(|| PathBuf::from("games"))
}

/// The folder of the log of a game: the state folder, or the local data folder where the
/// platform has none.
pub fn state_dir() -> Option<PathBuf> {
    xdg_override("XDG_STATE_HOME").or_else(|| {
        let dirs = project()?;
        Some(
            dirs.state_dir()
                .unwrap_or_else(|| dirs.data_local_dir())
                .to_path_buf(),
        )
    })
}

/// The roots searched, in order (see the module documentation), without repeats.
pub fn roots() -> Vec<PathBuf> {
    let personal: Vec<PathBuf> = personal_root().into_iter().chain(local_root()).collect();
    let exe = std::env::current_exe().ok();
    let checkout = checkout(exe.as_deref());
    roots_for(&personal, exe.as_deref(), checkout.as_deref())
}

/// The folders searched for one kind of data (`VOICES`, `MODELS`), in order.
pub fn search(kind: &str) -> Vec<PathBuf> {
    roots().into_iter().map(|root| root.join(kind)).collect()
}

/// The personal folder of one kind of data (where recordings are saved).
pub fn personal(kind: &str) -> Option<PathBuf> {
    personal_root().map(|root| root.join(kind))
}

/// The roots for given personal folders, program path and checkout, on this platform.
pub fn roots_for(
    personal: &[PathBuf],
    exe: Option<&Path>,
    checkout: Option<&Path>,
) -> Vec<PathBuf> {
    let mut roots = personal.to_vec();
    roots.extend(installed_roots(exe));
    roots.extend(checkout.map(Path::to_path_buf));
    let mut unique: Vec<PathBuf> = Vec::with_capacity(roots.len());
    for root in roots {
        if !unique.contains(&root) {
            unique.push(root);
        }
    }
    unique
}

/// Where an installed program's data is: the system's folder and `share/annexd/` beside
/// the program's prefix.
#[cfg(not(windows))]
fn installed_roots(exe: Option<&Path>) -> Vec<PathBuf> {
    let mut roots = vec![PathBuf::from(SYSTEM_ROOT)];
    if let Some(prefix) = exe.and_then(Path::parent).and_then(Path::parent) {
        roots.push(prefix.join("share").join("annexd"));
    }
    roots
}

/// Where an installed program's data is: the program's own folder (the unpacked zip).
#[cfg(windows)]
fn installed_roots(exe: Option<&Path>) -> Vec<PathBuf> {
    exe.and_then(Path::parent)
        .map(Path::to_path_buf)
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(not(windows))]
    fn the_order_is_personal_system_prefix_checkout() {
        let roots = roots_for(
            &[PathBuf::from("/home/a/.local/share/annexd")],
            Some(Path::new("/opt/annexd/bin/annexd")),
            Some(Path::new("/src/annexd")),
        );
        assert_eq!(
            roots,
            [
                "/home/a/.local/share/annexd",
                "/usr/share/annexd",
                "/opt/annexd/share/annexd",
                "/src/annexd",
            ]
            .map(PathBuf::from)
        );
    }

    #[test]
    #[cfg(not(windows))]
    fn the_installed_program_searches_the_system_folder_once() {
        let roots = roots_for(&[], Some(Path::new("/usr/bin/annexd")), None);
        assert_eq!(roots, [PathBuf::from("/usr/share/annexd")]);
    }

    #[test]
    #[cfg(windows)]
    fn on_windows_the_order_is_roaming_local_the_programs_folder_checkout() {
        let roots = roots_for(
            &[
                PathBuf::from(r"C:\Users\a\AppData\Roaming\annexd\data"),
                PathBuf::from(r"C:\Users\a\AppData\Local\annexd\data"),
            ],
            Some(Path::new(r"C:\Users\a\Desktop\annexd\annexd.exe")),
            Some(Path::new(r"Z:\src\annexd")),
        );
        assert_eq!(
            roots,
            [
                r"C:\Users\a\AppData\Roaming\annexd\data",
                r"C:\Users\a\AppData\Local\annexd\data",
                r"C:\Users\a\Desktop\annexd",
                r"Z:\src\annexd",
            ]
            .map(PathBuf::from)
        );
    }

    #[test]
    #[cfg(windows)]
    fn on_windows_the_folders_are_in_appdata_unless_xdg_says_otherwise() {
        // The variables are the tests' own: this test reads the real ones only when unset.
        if std::env::var_os("XDG_DATA_HOME").is_none() {
            let personal = personal_root().expect("a roaming application data folder");
            assert!(personal.ends_with(r"annexd\data"), "{}", personal.display());
            assert!(
                local_root().is_some_and(|local| local.ends_with(r"annexd\data")),
                "{:?}",
                local_root()
            );
            assert!(
                config_dir().is_some_and(|config| config.ends_with(r"annexd\config")),
                "{:?}",
                config_dir()
            );
        }
        assert!(xdg_override("ANNEXD_NO_SUCH_VARIABLE").is_none());
    }

    #[test]
    fn the_checkout_is_found_above_the_program_or_from_cargo_and_never_when_installed() {
        // This test program is in the checkout's target folder (under Wine, the Unix folder
        // through drive Z:): the checkout is found above it, with or without cargo's word.
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        let exe = std::env::current_exe().unwrap();
        let found = checkout(Some(&exe)).expect("the tests run from a checkout");
        assert!(is_checkout(&found), "{}", found.display());
        if cfg!(windows) {
            let seen = format!("Z:{}", manifest.display().to_string().replace('/', "\\"));
            assert_eq!(found, Path::new(&seen));
        } else {
            assert_eq!(
                found.canonicalize().unwrap(),
                manifest.canonicalize().unwrap()
            );
        }
        let exe = std::env::current_exe().unwrap();
        assert_eq!(checkout_for(Some(&exe), None), Some(found.clone()));
        // A program outside any checkout: only cargo's word finds it, and only when it names
        // annexd's checkout (not the core's, not a folder of another project).
        let outside = tempfile::tempdir().unwrap();
        let exe = outside.path().join("bin").join("annexd");
        assert_eq!(checkout_for(Some(&exe), None), None);
        assert_eq!(
            checkout_for(Some(&exe), Some(found.as_os_str())),
            Some(found.clone())
        );
        let core = found.join("core");
        assert_eq!(checkout_for(Some(&exe), Some(core.as_os_str())), None);
        let other = outside.path().join("other");
        std::fs::create_dir_all(other.join(VOICES)).unwrap();
        std::fs::write(other.join("Cargo.toml"), "[package]\nname = \"other\"\n").unwrap();
        assert_eq!(checkout_for(Some(&exe), Some(other.as_os_str())), None);
        // The installed program's roots hold no checkout.
        let packaged = roots_for(&[], Some(Path::new("/tmp/x/usr/bin/annexd")), None);
        assert!(!packaged.iter().any(|r| r.starts_with(manifest)));
    }
}
