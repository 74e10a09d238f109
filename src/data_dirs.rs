//! Where annexd looks for its data (voices, speech models), in one documented order.
//!
//! A folder named on the command line or in the settings file comes first; callers handle
//! those. Then, for each kind of data (`voices/`, `models/`), the folders below each of these
//! roots, in this order (see docs/install.md):
//!
//! 1. the personal data folder, `$XDG_DATA_HOME/annexd/` (else `~/.local/share/annexd/`),
//!    where recorded voices, models and games of the user are kept;
//! 2. the system's, `/usr/share/annexd/` (the Debian package puts the voices there);
//! 3. `share/annexd/` beside the program's prefix (`<prefix>/bin/annexd` looks in
//!    `<prefix>/share/annexd/`: a package unpacked anywhere with `dpkg-deb -x`);
//! 4. for a development build only, the checkout it was built in.
//!
//! A development build is any build not made by `scripts/package.sh`: build.rs sets
//! `ANNEXD_CHECKOUT` unless `ANNEXD_PACKAGE=1`. A debug or release build in the checkout
//! therefore finds the checkout's `voices/` and `models/`; the packaged program holds no path
//! into the tree it was built in.

use std::path::{Path, PathBuf};

/// The folder of voices below each root.
pub const VOICES: &str = "voices";
/// The folder of speech models below each root.
#[cfg_attr(not(feature = "recognition"), allow(dead_code))]
pub const MODELS: &str = "models";

/// The system-wide data folder (the Debian package's).
pub const SYSTEM_ROOT: &str = "/usr/share/annexd";

/// The checkout this program was built in, for a development build; `None` when packaged.
pub fn checkout() -> Option<&'static Path> {
    option_env!("ANNEXD_CHECKOUT").map(Path::new)
}

/// The personal data folder: `$XDG_DATA_HOME/annexd`, else `~/.local/share/annexd`; `None`
/// when there is no home folder at all.
pub fn personal_root() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "annexd").map(|d| d.data_dir().to_path_buf())
}

/// The roots searched, in order (see the module documentation), without repeats.
pub fn roots() -> Vec<PathBuf> {
    roots_for(
        personal_root(),
        std::env::current_exe().ok().as_deref(),
        checkout(),
    )
}

/// The folders searched for one kind of data (`VOICES`, `MODELS`), in order.
pub fn search(kind: &str) -> Vec<PathBuf> {
    roots().into_iter().map(|root| root.join(kind)).collect()
}

/// The personal folder of one kind of data (where recordings are saved).
pub fn personal(kind: &str) -> Option<PathBuf> {
    personal_root().map(|root| root.join(kind))
}

/// The roots for a given personal folder, program path and checkout.
pub fn roots_for(
    personal: Option<PathBuf>,
    exe: Option<&Path>,
    checkout: Option<&Path>,
) -> Vec<PathBuf> {
    let mut roots = Vec::new();
    roots.extend(personal);
    roots.push(PathBuf::from(SYSTEM_ROOT));
    if let Some(prefix) = exe.and_then(Path::parent).and_then(Path::parent) {
        roots.push(prefix.join("share").join("annexd"));
    }
    roots.extend(checkout.map(Path::to_path_buf));
    let mut unique: Vec<PathBuf> = Vec::with_capacity(roots.len());
    for root in roots {
        if !unique.contains(&root) {
            unique.push(root);
        }
    }
    unique
}

/// The folder where games are kept: the settings' `record.dir`, or `games` in the data
/// folder.
pub fn games(settings: &annexd_core::Settings) -> PathBuf {
    if !settings.record.dir.trim().is_empty() {
        return PathBuf::from(&settings.record.dir);
    }
    directories::ProjectDirs::from("", "", "annexd")
        .map(|d| d.data_dir().join("games"))
        .unwrap_or_else(|| PathBuf::from("games"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_is_personal_system_prefix_checkout() {
        let roots = roots_for(
            Some(PathBuf::from("/home/a/.local/share/annexd")),
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
    fn the_installed_program_searches_the_system_folder_once() {
        let roots = roots_for(None, Some(Path::new("/usr/bin/annexd")), None);
        assert_eq!(roots, [PathBuf::from("/usr/share/annexd")]);
    }

    #[test]
    fn a_packaged_build_has_no_checkout_and_a_development_build_has_this_one() {
        // Tests are development builds: they see the checkout they were built in.
        assert_eq!(checkout(), Some(Path::new(env!("CARGO_MANIFEST_DIR"))));
        let packaged = roots_for(None, Some(Path::new("/tmp/x/usr/bin/annexd")), None);
        assert!(
            !packaged
                .iter()
                .any(|r| r.starts_with(env!("CARGO_MANIFEST_DIR")))
        );
    }
}
