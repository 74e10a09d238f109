//! Tells the linker where libvosk (and, for Windows, liblouis) is, so that the program runs
//! with no environment variables, and tells the program which checkout it was built in
//! (none: the program finds a checkout when it runs, `src/data_dirs.rs`).
//!
//! libvosk comes from the PyPI wheel `vosk` (see scripts/setup.sh and scripts/cross.sh), one
//! per target: `libvosk.so` in `.deps/vosk` (x86_64 Linux), `.deps/vosk-aarch64` (aarch64
//! Linux), `libvosk.dll` with its MinGW runtime DLLs in `.deps/vosk-windows` (x86_64
//! Windows). The folder is taken from `ANNEXD_VOSK_LIB_DIR` if set. Without it a build with
//! voice input stops at once with one line that says what to run.
//!
//! On Linux the program finds libvosk through its RUNPATH: first the folder it was linked
//! from, then `$ORIGIN/../lib/annexd` (where the Debian package puts it, `/usr/lib/annexd/`
//! beside `/usr/bin/annexd`). Every build is the same whoever makes it: the packaging scripts
//! take the program the tests ran and set its RUNPATH to the relative folder only (patchelf),
//! so that the package holds no path into the checkout. On Windows a program finds its DLLs
//! in its own folder (the zip puts them there) or on `PATH` (Wine's `WINEPATH` in the tests).
//!
//! liblouis for Windows is cross-built from source by scripts/cross.sh into
//! `.deps/louis-windows` (`ANNEXD_LOUIS_DIR` if set): its import library is in `lib/`.
//!
//! With the `whisper` feature, the same for libctranslate2 (see [`link_ctranslate2`]).
//!
//! The commit the program is built from (`ANNEXD_GIT_COMMIT`, named in every journal's
//! header by `src/record/provenance.rs`) is asked of git when the source is a git checkout.

// clippy.toml's disallowed methods are the tests' (tests/it/common/platform.rs).
#![allow(clippy::disallowed_methods)]

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-env-changed=ANNEXD_VOSK_LIB_DIR");
    println!("cargo:rerun-if-env-changed=ANNEXD_LOUIS_DIR");
    let checkout = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let target = Target::of_build();
    git_commit(&checkout);
    if target.windows {
        louis_for_windows(&checkout);
    }
    if std::env::var_os("CARGO_FEATURE_WHISPER").is_some() {
        link_ctranslate2(&checkout, &target);
    }
    if std::env::var_os("CARGO_FEATURE_RECOGNITION").is_none() {
        return;
    }
    let dir = match std::env::var_os("ANNEXD_VOSK_LIB_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => checkout.join(".deps").join(target.vosk_folder()),
    };
    let lib = dir.join(target.vosk_file());
    println!("cargo:rerun-if-changed={}", lib.display());
    if !lib.exists() {
        // One clear line instead of the linker's `unable to find library -lvosk` deep below.
        println!(
            "cargo::error={} is not in {}: run {} first (or set ANNEXD_VOSK_LIB_DIR, or build \
             without voice input: --no-default-features --features tts)",
            target.vosk_file(),
            dir.display(),
            target.setup_script(),
        );
        return;
    }
    println!("cargo:rustc-link-search=native={}", dir.display());
    if target.windows {
        // The DLL is found beside the program (or on PATH) when it runs.
        return;
    }
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    // `$ORIGIN` reaches the linker as written (no shell in between): the loader replaces it
    // with the folder of the program.
    println!("cargo:rustc-link-arg=-Wl,-rpath,$ORIGIN/../lib/annexd");
}

/// What the program is built for (not the machine building it).
struct Target {
    windows: bool,
    arch: String,
}

impl Target {
    fn of_build() -> Target {
        let var = |name| std::env::var(name).unwrap_or_default();
        Target {
            windows: var("CARGO_CFG_TARGET_OS") == "windows",
            arch: var("CARGO_CFG_TARGET_ARCH"),
        }
    }

    /// The folder below `.deps/` with this target's libvosk.
    fn vosk_folder(&self) -> String {
        match (self.windows, self.arch.as_str()) {
            (true, _) => "vosk-windows".into(),
            (false, "x86_64" | "") => "vosk".into(),
            (false, arch) => format!("vosk-{arch}"),
        }
    }

    fn vosk_file(&self) -> &'static str {
        if self.windows {
            "libvosk.dll"
        } else {
            "libvosk.so"
        }
    }

    /// What to run to get this target's libraries.
    fn setup_script(&self) -> String {
        match (self.windows, self.arch.as_str()) {
            (true, _) => "scripts/cross.sh setup windows".into(),
            (false, "x86_64" | "") => "scripts/setup.sh".into(),
            (false, arch) => format!("scripts/cross.sh setup {arch}"),
        }
    }
}

/// Points the linker at the import library of liblouis cross-built for Windows.
fn louis_for_windows(checkout: &Path) {
    let dir = match std::env::var_os("ANNEXD_LOUIS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => checkout.join(".deps").join("louis-windows"),
    };
    let lib = dir.join("lib");
    println!(
        "cargo:rerun-if-changed={}",
        lib.join("liblouis.dll.a").display()
    );
    if !lib.join("liblouis.dll.a").exists() {
        println!(
            "cargo::error=liblouis for Windows is not in {}: run scripts/cross.sh setup windows \
             first (or set ANNEXD_LOUIS_DIR)",
            dir.display()
        );
        return;
    }
    println!("cargo:rustc-link-search=native={}", lib.display());
}

/// The Whisper engine (feature `whisper`): libctranslate2 from the PyPI wheel `ctranslate2`,
/// which scripts/setup.sh unpacks into `.deps/ctranslate2/lib`, found at run time as libvosk
/// is (the checkout's folder, then `$ORIGIN/../lib/annexd`). The `ct2rs` crate links it
/// (this script names the folder to the linker; `.cargo/config.toml` names to ct2rs's build
/// script the empty stand-ins, kept in the checkout, for the static libraries it names but
/// the wheel's library contains).
/// The wheel's library is for x86_64 Linux: other targets build without the feature
/// (scripts/cross.sh chooses their features).
fn link_ctranslate2(checkout: &Path, target: &Target) {
    if target.windows || !matches!(target.arch.as_str(), "x86_64" | "") {
        println!(
            "cargo::error=the Whisper engine (feature `whisper`) is built for x86_64 Linux only: \
             build for {}-{} without it (scripts/cross.sh does: ANNEXD_CROSS_FEATURES)",
            target.arch,
            if target.windows { "windows" } else { "linux" }
        );
        return;
    }
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
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    // Once in the RUNPATH: libvosk's part names it when voice input through Vosk is built.
    if std::env::var_os("CARGO_FEATURE_RECOGNITION").is_none() {
        println!("cargo:rustc-link-arg=-Wl,-rpath,$ORIGIN/../lib/annexd");
    }
    #[cfg(feature = "whisper")]
    whisper_bridge(checkout);
}

/// The bridge to CTranslate2's Whisper layers (src/listen/whisper/decoder.cc), compiled
/// against the C++ headers of the CTranslate2 that `ct2rs` carries: the same version
/// (4.8.4) as the library of the PyPI wheel it links.
#[cfg(feature = "whisper")]
fn whisper_bridge(checkout: &Path) {
    println!("cargo:rerun-if-env-changed=ANNEXD_CT2_INCLUDE");
    for file in ["decoder.rs", "decoder.h", "decoder.cc"] {
        println!("cargo:rerun-if-changed=src/listen/whisper/{file}");
    }
    let Some(include) = ctranslate2_headers(checkout) else {
        println!(
            "cargo::error=CTranslate2's C++ headers were not found (the ct2rs crate's source \
             carries them: CTranslate2/include); set ANNEXD_CT2_INCLUDE to that folder"
        );
        return;
    };
    let mut build = cxx_build::bridge("src/listen/whisper/decoder.rs");
    build
        .file("src/listen/whisper/decoder.cc")
        .include(&include)
        .std("c++17")
        .flag_if_supported("-Wno-unused-parameter");
    // The program holds no path of the machine that built it: the bridge's own headers are
    // in OUT_DIR (below the checkout's target/, or wherever CARGO_TARGET_DIR is).
    let mut folders = vec![checkout.to_path_buf()];
    folders.extend(std::env::var_os("OUT_DIR").map(PathBuf::from));
    for folder in folders {
        build.flag_if_supported(format!("-ffile-prefix-map={}=.", folder.display()));
    }
    build.compile("annexd-whisper");
    println!("cargo:rustc-link-lib=dylib=ctranslate2");
}

/// `CTranslate2/include` in the source of the ct2rs version Cargo.lock names, in Cargo's
/// registry (`$CARGO_HOME`, else `~/.cargo`) or a vendored copy; `ANNEXD_CT2_INCLUDE` first.
#[cfg(feature = "whisper")]
fn ctranslate2_headers(checkout: &Path) -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("ANNEXD_CT2_INCLUDE") {
        return Some(PathBuf::from(dir));
    }
    let lock = std::fs::read_to_string(checkout.join("Cargo.lock")).ok()?;
    let version = lock
        .split("[[package]]")
        .find(|p| p.contains("name = \"ct2rs\""))?
        .lines()
        .find_map(|l| l.trim().strip_prefix("version = "))?
        .trim_matches('"')
        .to_string();
    let folder = format!("ct2rs-{version}");
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    let mut candidates = vec![checkout.join("vendor").join(&folder)];
    if let Ok(registries) = std::fs::read_dir(home.join("registry").join("src")) {
        candidates.extend(
            registries
                .filter_map(Result::ok)
                .map(|r| r.path().join(&folder)),
        );
    }
    candidates
        .into_iter()
        .map(|dir| dir.join("CTranslate2").join("include"))
        .find(|dir| {
            dir.join("ctranslate2")
                .join("layers")
                .join("whisper.h")
                .is_file()
        })
}

/// Tells the program the commit it is built from, and reruns when the checkout moves to
/// another commit (its HEAD or the branch it names changes). Nothing when git or the
/// repository is not there (a source tarball).
fn git_commit(checkout: &Path) {
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
