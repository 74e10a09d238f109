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

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=ANNEXD_VOSK_LIB_DIR");
    println!("cargo:rerun-if-env-changed=ANNEXD_PACKAGE");
    let packaged = std::env::var_os("ANNEXD_PACKAGE").is_some_and(|v| v == "1");
    let checkout = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    if !packaged {
        println!("cargo:rustc-env=ANNEXD_CHECKOUT={}", checkout.display());
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
