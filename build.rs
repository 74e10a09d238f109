//! Tells the linker where libvosk is, so that the program runs with no environment variables,
//! and tells the program which checkout it was built in (development builds only).
//!
//! libvosk comes from the PyPI wheel `vosk` (see scripts/setup.sh). Its folder is taken from
//! `ANNEXD_VOSK_LIB_DIR` if set, else `.deps/vosk` in this repository, where setup puts it.
//! Without it a build with voice input stops at once with one line that says what to run.
//!
//! The program finds libvosk through its RUNPATH: for a development build, first the folder
//! it was linked from; always `$ORIGIN/../lib/annexd` (where the Debian package puts it,
//! `/usr/lib/annexd/` beside `/usr/bin/annexd`). A packaged build (`ANNEXD_PACKAGE=1`, set
//! by scripts/package.sh) has the relative RUNPATH only and no path into the checkout at all:
//! `ANNEXD_CHECKOUT` (read by `src/data_dirs.rs`) is then left unset.
//!
//! With the `whisper` feature, the same for libctranslate2 (see [`link_ctranslate2`]).
//!
//! The commit the program is built from (`ANNEXD_GIT_COMMIT`, named in every journal's
//! header by `src/record/provenance.rs`) is asked of git when the source is a git checkout.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=ANNEXD_VOSK_LIB_DIR");
    println!("cargo:rerun-if-env-changed=ANNEXD_PACKAGE");
    let packaged = std::env::var_os("ANNEXD_PACKAGE").is_some_and(|v| v == "1");
    let checkout = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    if !packaged {
        println!("cargo:rustc-env=ANNEXD_CHECKOUT={}", checkout.display());
    }
    git_commit(&checkout);
    if std::env::var_os("CARGO_FEATURE_WHISPER").is_some() {
        link_ctranslate2(&checkout, packaged);
    }
    if std::env::var_os("CARGO_FEATURE_RECOGNITION").is_none() {
        return;
    }
    let dir = match std::env::var_os("ANNEXD_VOSK_LIB_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => checkout.join(".deps").join("vosk"),
    };
    let lib = dir.join("libvosk.so");
    println!("cargo:rerun-if-changed={}", lib.display());
    if !lib.exists() {
        // One clear line instead of the linker's `unable to find library -lvosk` deep below.
        println!(
            "cargo::error=libvosk.so is not in {}: run scripts/setup.sh first (or set \
             ANNEXD_VOSK_LIB_DIR, or build without voice input: --no-default-features --features tts)",
            dir.display()
        );
        return;
    }
    println!("cargo:rustc-link-search=native={}", dir.display());
    if !packaged {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    }
    // `$ORIGIN` reaches the linker as written (no shell in between): the loader replaces it
    // with the folder of the program.
    println!("cargo:rustc-link-arg=-Wl,-rpath,$ORIGIN/../lib/annexd");
}

/// The Whisper engine (feature `whisper`): libctranslate2 from the PyPI wheel `ctranslate2`,
/// which scripts/setup.sh unpacks into `.deps/ctranslate2/lib`, found at run time as libvosk
/// is (the checkout's folder, then `$ORIGIN/../lib/annexd`). The `ct2rs` crate links it
/// (`.cargo/config.toml` names the folder to its build script, with the empty stand-ins
/// setup puts there for the static libraries it names but the wheel's library contains).
fn link_ctranslate2(checkout: &std::path::Path, packaged: bool) {
    let dir = checkout.join(".deps").join("ctranslate2").join("lib");
    let lib = dir.join("libctranslate2.so");
    println!("cargo:rerun-if-changed={}", lib.display());
    if !lib.exists() {
        println!(
            "cargo::error=libctranslate2.so is not in {}: run scripts/setup.sh first (or build \
             without Whisper: --no-default-features --features tts,recognition)",
            dir.display()
        );
        return;
    }
    println!("cargo:rustc-link-search=native={}", dir.display());
    if !packaged {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    }
    // Once in the RUNPATH: libvosk's part names it when voice input through Vosk is built.
    if std::env::var_os("CARGO_FEATURE_RECOGNITION").is_none() {
        println!("cargo:rustc-link-arg=-Wl,-rpath,$ORIGIN/../lib/annexd");
    }
}

/// Tells the program the commit it is built from, and reruns when the checkout moves to
/// another commit (its HEAD or the branch it names changes). Nothing when git or the
/// repository is not there (a source tarball).
fn git_commit(checkout: &std::path::Path) {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(checkout)
            .args(args)
            .output()
            .ok()
            .filter(|out| out.status.success())
            .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let Some(commit) = git(&["rev-parse", "--short=12", "HEAD"]) else {
        return;
    };
    let mut watched = vec!["HEAD".to_string()];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watched.push(branch);
    }
    for name in watched {
        if let Some(path) = git(&["rev-parse", "--git-path", &name]) {
            let path = checkout.join(path);
            // A branch packed away by git gc lives in packed-refs.
            let path = if path.exists() {
                path
            } else {
                match git(&["rev-parse", "--git-path", "packed-refs"]) {
                    Some(packed) => checkout.join(packed),
                    None => continue,
                }
            };
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    println!("cargo:rustc-env=ANNEXD_GIT_COMMIT={commit}");
}
