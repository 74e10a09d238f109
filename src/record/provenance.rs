//! Which program wrote a record: its name and version, and its build (the commit it was
//! built from, the profile, the optional parts built in). Written into every new journal's
//! header, printed on the sheets and said by `annexd fairplay`.

/// The program and its version: `annexd 0.1.0`.
pub fn program() -> String {
    format!("annexd {}", env!("CARGO_PKG_VERSION"))
}

/// The build: `commit 79f09fb, release, tts recognition` (the commit is found by build.rs
/// when the program is built from a git checkout; "unknown commit" otherwise).
pub fn build() -> String {
    let commit = match option_env!("ANNEXD_GIT_COMMIT") {
        Some(commit) if !commit.is_empty() => format!("commit {commit}"),
        _ => "unknown commit".to_string(),
    };
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    let mut features = Vec::new();
    if cfg!(feature = "tts") {
        features.push("tts");
    }
    if cfg!(feature = "recognition") {
        features.push("recognition");
    }
    let features = if features.is_empty() {
        "no optional parts".to_string()
    } else {
        features.join(" ")
    };
    format!("{commit}, {profile}, {features}")
}
