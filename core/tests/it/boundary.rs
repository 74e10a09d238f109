//! The core's boundary, kept by a test: it depends on rules- and data-level crates only, and
//! its code never reaches the world (files, network, threads, processes, the wall clock).

use std::path::{Path, PathBuf};

/// The crates the core may depend on: rules and data, nothing that does I/O.
const ALLOWED: &[&str] = &[
    "shakmaty",
    "serde",
    "serde_json",
    "thiserror",
    "toml",
    "sha2",
    "hex",
    // The matcher's spelling distance of words a recogniser wrote that the lexicon lacks.
    "strsim",
    // The engine's messages (UCI) parsed and written: a pure codec (feature `engine`).
    "shakmaty-uci",
];

/// Paths whose use in the core would mean I/O, blocking or reading the clock.
const FORBIDDEN: &[&str] = &[
    "std::fs",
    "std::net",
    "std::thread",
    "std::process",
    "std::io::stdin",
    "std::io::stdout",
    "std::env",
    "Instant",
    "SystemTime",
    "sleep(",
    "tracing::",
    "println!",
    "eprintln!",
];

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_core_depends_on_rules_and_data_crates_only() {
    let text = std::fs::read_to_string(manifest_dir().join("Cargo.toml")).unwrap();
    let manifest: toml::Table = text.parse().unwrap();
    let deps = manifest["dependencies"].as_table().unwrap();
    for name in deps.keys() {
        assert!(
            ALLOWED.contains(&name.as_str()),
            "annexd-core must not depend on '{name}': I/O belongs in the root package"
        );
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_core_never_reaches_the_world() {
    let mut files = Vec::new();
    rust_files(&manifest_dir().join("src"), &mut files);
    assert!(files.len() > 30, "the core's sources are found");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        // Unit tests may read files of the repository; the code before them may not.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (number, line) in code.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for forbidden in FORBIDDEN {
                assert!(
                    !line.contains(forbidden),
                    "{}:{}: `{forbidden}` in the core: {line}",
                    file.display(),
                    number + 1
                );
            }
        }
    }
    let lib = std::fs::read_to_string(manifest_dir().join("src/lib.rs")).unwrap();
    assert!(lib.contains("#![forbid(unsafe_code)]"));
    assert!(lib.contains("#![warn(missing_docs)]"));
}
