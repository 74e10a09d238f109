//! Tells the linker where libvosk is, so that the program runs with no environment variables.
//!
//! libvosk comes from the PyPI wheel `vosk` (see scripts/setup.sh). Its folder is taken from
//! `ANNEXD_VOSK_LIB_DIR` if set, else `.deps/vosk` in this repository, where setup puts it.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=ANNEXD_VOSK_LIB_DIR");
    if std::env::var_os("CARGO_FEATURE_RECOGNITION").is_none() {
        return;
    }
    let dir = match std::env::var_os("ANNEXD_VOSK_LIB_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"))
            .join(".deps")
            .join("vosk"),
    };
    let lib = dir.join("libvosk.so");
    println!("cargo:rerun-if-changed={}", lib.display());
    if !lib.exists() {
        println!(
            "cargo:warning=libvosk.so not found in {}: run scripts/setup.sh, set ANNEXD_VOSK_LIB_DIR, \
             or build with --no-default-features --features tts",
            dir.display()
        );
    }
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
}
