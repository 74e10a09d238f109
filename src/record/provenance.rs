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
    if BuildFacts::of_this_build().engine {
        features.push("engine");
    }
    if BuildFacts::of_this_build().network {
        features.push("online");
    }
    let features = if features.is_empty() {
        "no optional parts".to_string()
    } else {
        features.join(" ")
    };
    format!("{commit}, {profile}, {features}")
}

/// What this build can do that an arbiter must know: play against a chess engine (feature
/// `engine`), reach a network (lichess, feature `online`).
/// `annexd fairplay` says them; a build with neither is a tournament build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildFacts {
    /// It can start a chess engine (in a game against the engine only).
    pub engine: bool,
    /// It can open network connections.
    pub network: bool,
}

impl BuildFacts {
    /// The facts of the running program.
    pub fn of_this_build() -> BuildFacts {
        BuildFacts {
            engine: cfg!(feature = "engine"),
            network: cfg!(feature = "online"),
        }
    }

    /// A build without an engine and without network code: fit for a tournament.
    pub fn is_tournament_build(self) -> bool {
        !self.engine && !self.network
    }

    /// The facts in words, a line each: the tournament build first says it is one; then
    /// whether it has an engine and whether it opens network connections.
    pub fn words(self) -> Vec<annexd_core::Word> {
        use annexd_core::Word;
        let mut words = Vec::new();
        if self.is_tournament_build() {
            words.push(Word::TournamentBuild);
        }
        words.push(if self.engine {
            Word::EngineBuiltIn
        } else {
            Word::NoEngine
        });
        words.push(if self.network {
            Word::NetworkBuiltIn
        } else {
            Word::NoNetwork
        });
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use annexd_core::Word;

    #[test]
    fn the_facts_say_what_the_build_can_do() {
        let tournament = BuildFacts {
            engine: false,
            network: false,
        };
        assert!(tournament.is_tournament_build());
        assert_eq!(
            tournament.words(),
            [Word::TournamentBuild, Word::NoEngine, Word::NoNetwork]
        );
        let home = BuildFacts {
            engine: true,
            network: false,
        };
        assert!(!home.is_tournament_build());
        assert_eq!(home.words(), [Word::EngineBuiltIn, Word::NoNetwork]);
        let online = BuildFacts {
            engine: true,
            network: true,
        };
        assert_eq!(online.words(), [Word::EngineBuiltIn, Word::NetworkBuiltIn]);
        assert_eq!(BuildFacts::of_this_build().engine, cfg!(feature = "engine"));
        assert_eq!(BuildFacts::of_this_build().network, cfg!(feature = "online"));
    }
}
