//! The layout of the tests themselves: each crate has one test program (`tests/it`,
//! `core/tests/it`, `dsp/tests/it`), so that the test command compiles and links one program a crate for each
//! platform (docs/install.md). A test file beside it would be a program of its own again; a
//! file in it without its `mod` line would never be compiled; seeds of a property test whose
//! file was renamed would never be tried again.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The workspace's root (this package's folder).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The names of the `.rs` files directly in `dir`, without the extension.
fn rust_files(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "rs"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect()
}

/// The modules `main.rs` declares from files of its own folder (`mod NAME;` without a
/// `#[path]` above it).
fn declared_modules(main: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(main).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || !lines[i - 1].trim_start().starts_with("#[path"))
        .filter_map(|(_, line)| line.strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

#[test]
fn each_crate_has_one_test_program_and_every_file_of_it_is_compiled() {
    for tests in ["tests", "core/tests", "dsp/tests"] {
        let dir = root().join(tests);
        let beside = rust_files(&dir);
        assert!(
            beside.is_empty(),
            "{tests}/ holds {beside:?}: each would be a test program of its own; make it a \
             module of {tests}/it (the file in {tests}/it/, a line `mod NAME;` in its main.rs)"
        );
        let it = dir.join("it");
        let mut files = rust_files(&it);
        files.remove("main");
        // Folders with a `mod.rs` are modules too (the shared helpers).
        for entry in std::fs::read_dir(&it).unwrap().filter_map(Result::ok) {
            if entry.path().join("mod.rs").is_file() {
                files.insert(entry.file_name().to_string_lossy().into_owned());
            }
        }
        let declared = declared_modules(&it.join("main.rs"));
        let missing: Vec<_> = files.difference(&declared).collect();
        assert!(
            missing.is_empty(),
            "{tests}/it/main.rs has no `mod` line for {missing:?}: never compiled, never run"
        );
    }
}

#[test]
fn every_saved_property_test_case_belongs_to_a_test_file() {
    // Proptest keeps the seeds of a test program whose root is `it/main.rs` in
    // `proptest-regressions/NAME.txt` beside `it/` (NAME the module's file).
    for tests in ["tests", "core/tests", "dsp/tests"] {
        let seeds = root().join(tests).join("proptest-regressions");
        let Ok(entries) = std::fs::read_dir(&seeds) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let file = root().join(tests).join("it").join(format!("{name}.rs"));
            let source = std::fs::read_to_string(&file).unwrap_or_default();
            assert!(
                path.extension().is_some_and(|e| e == "txt") && source.contains("proptest!"),
                "{} names no property test file ({} has no proptest!)",
                path.display(),
                file.display()
            );
        }
    }
}
