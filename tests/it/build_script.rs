//! `cargo build` before `scripts/setup.sh` (issue 14): without libvosk the build stops at
//! once with one line that says what to run, instead of the linker's `unable to find library
//! -lvosk` deep below. The compiled build script of this very build is run with libvosk's
//! folder pointed elsewhere, as cargo runs it.

use crate::common::platform::Start;
use std::path::PathBuf;
use std::process::Command;

/// The newest compiled `build.rs` of this package beside the test binary.
fn build_script() -> PathBuf {
    let deps = std::env::current_exe().unwrap();
    let build = deps.parent().unwrap().parent().unwrap().join("build");
    std::fs::read_dir(&build)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("annexd-"))
        .map(|e| e.path().join("build-script-build"))
        .filter(|p| p.is_file())
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
        .expect("the build script was built for this test")
}

fn run(vosk_dir: &str, recognition: bool) -> String {
    run_for(None, vosk_dir, recognition)
}

/// The build script's lines for a target (`Some((os, arch))`, as cargo tells a build script),
/// or for the machine itself.
fn run_for(target: Option<(&str, &str)>, vosk_dir: &str, recognition: bool) -> String {
    let out_dir = tempfile::tempdir().unwrap();
    let mut command = Command::new(build_script());
    if let Some((os, arch)) = target {
        command
            .env("CARGO_CFG_TARGET_OS", os)
            .env("CARGO_CFG_TARGET_ARCH", arch);
    } else {
        command
            .env_remove("CARGO_CFG_TARGET_OS")
            .env_remove("CARGO_CFG_TARGET_ARCH");
    }
    command
        .env("CARGO_MANIFEST_DIR", env!("CARGO_MANIFEST_DIR"))
        .env("OUT_DIR", out_dir.path())
        .env("ANNEXD_VOSK_LIB_DIR", vosk_dir)
        .env_remove("ANNEXD_PACKAGE")
        .env_remove("CARGO_FEATURE_RECOGNITION");
    if recognition {
        command.env("CARGO_FEATURE_RECOGNITION", "1");
    }
    let output = command.start_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

#[test]
#[cfg_attr(
    windows,
    ignore = "build.rs is a program of the build machine (Linux), tested by the host's own run"
)]
fn a_missing_libvosk_is_one_clear_error_that_says_what_to_run() {
    let said = run("/nonexistent/vosk", true);
    let errors: Vec<&str> = said
        .lines()
        .filter(|l| l.starts_with("cargo::error="))
        .collect();
    assert_eq!(errors.len(), 1, "{said}");
    assert!(errors[0].contains("scripts/setup.sh"), "{said}");
    assert!(errors[0].contains("/nonexistent/vosk"), "{said}");
    // Nothing is asked of the linker that it would then fail on.
    assert!(!said.contains("rustc-link"), "{said}");
}

#[test]
#[cfg_attr(
    windows,
    ignore = "build.rs is a program of the build machine (Linux), tested by the host's own run"
)]
fn with_libvosk_or_without_voice_input_there_is_no_error() {
    let found = run(&format!("{}/.deps/vosk", env!("CARGO_MANIFEST_DIR")), true);
    assert!(!found.contains("cargo::error"), "{found}");
    assert!(found.contains("cargo:rustc-link-search=native="), "{found}");
    let without = run("/nonexistent/vosk", false);
    assert!(!without.contains("cargo::error"), "{without}");
}

#[test]
#[cfg_attr(
    windows,
    ignore = "build.rs is a program of the build machine (Linux), tested by the host's own run"
)]
fn each_target_gets_its_own_libvosk_and_windows_its_liblouis() {
    // Windows: libvosk.dll, and liblouis cross-built; no RUNPATH (a DLL is found beside the
    // program).
    let missing = run_for(Some(("windows", "x86_64")), "/nonexistent/vosk", true);
    let errors: Vec<&str> = missing
        .lines()
        .filter(|l| l.starts_with("cargo::error="))
        .collect();
    assert!(
        errors
            .iter()
            .any(|e| e.contains("libvosk.dll is not in /nonexistent/vosk")
                && e.contains("scripts/cross.sh setup windows")),
        "{missing}"
    );
    let root = env!("CARGO_MANIFEST_DIR");
    let found = run_for(
        Some(("windows", "x86_64")),
        &format!("{root}/.deps/vosk-windows"),
        true,
    );
    if std::path::Path::new(&format!("{root}/.deps/vosk-windows/libvosk.dll")).exists()
        && std::path::Path::new(&format!("{root}/.deps/louis-windows/lib/liblouis.dll.a")).exists()
    {
        assert!(!found.contains("cargo::error"), "{found}");
        assert!(found.contains("louis-windows/lib"), "{found}");
        assert!(!found.contains("rpath"), "{found}");
    }
    // No path of the checkout is compiled into the program (it finds one when it runs:
    // src/data_dirs.rs), so the program the tests ran is the one the packages ship.
    assert!(!found.contains("rustc-env=ANNEXD_CHECKOUT"), "{found}");
    // aarch64 Linux: the arm64 libvosk.so, found through the RUNPATH as on amd64.
    let arm = run_for(Some(("linux", "aarch64")), "/nonexistent/vosk", true);
    assert!(arm.contains("scripts/cross.sh setup aarch64"), "{arm}");
    let arm = run_for(
        Some(("linux", "aarch64")),
        &format!("{root}/.deps/vosk-aarch64"),
        false,
    );
    assert!(!arm.contains("cargo::error"), "{arm}");
}
