//! Which program wrote a record: its name and version, and its build (the commit it was
//! built from, the profile, the optional parts built in). Written into every new journal's
//! header, printed on the sheets and said by `annexd fairplay`; the optional parts are
//! [`Part`]s, said in the user's language (`verify`, `fairplay`).

use annexd_core::{Lang, Token, Word};

/// The program and its version: `annexd 0.1.0`.
pub fn program() -> String {
    format!("annexd {}", env!("CARGO_PKG_VERSION"))
}

/// The SHA-256 of the program's file that runs, in hex: the arbiter compares it with the
/// build he approved (`sha256sum annexd`). `None` when the file cannot be read (logged).
pub fn binary_sha256() -> Option<String> {
    use sha2::{Digest, Sha256};
    let path = std::env::current_exe()
        .map_err(|err| tracing::warn!("the program's own file is not known: {err}"))
        .ok()?;
    let mut file = std::fs::File::open(&path)
        .map_err(|err| tracing::warn!("{}: {err}", path.display()))
        .ok()?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        match std::io::Read::read(&mut file, &mut buffer) {
            Ok(0) => break,
            Ok(n) => hasher.update(&buffer[..n]),
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(err) => {
                tracing::warn!("{}: {err}", path.display());
                return None;
            }
        }
    }
    Some(
        hasher
            .finalize()
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect(),
    )
}

/// The mode a recorded game goes on in: the header's, then the last mode entry's; a journal
/// older than the modes was played with every help (home).
pub fn recorded_mode(contents: &annexd_core::record::JournalContents) -> annexd_core::Mode {
    contents
        .entries
        .iter()
        .rev()
        .find_map(|line| match &line.entry {
            annexd_core::record::Entry::Mode(m) => Some(m.mode),
            _ => None,
        })
        .or(contents.header.mode)
        .unwrap_or(annexd_core::Mode::Home)
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
    let features: Vec<&str> = Part::ALL
        .into_iter()
        .filter(|part| part.built_in())
        .map(Part::feature)
        .collect();
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

/// What a build's features string says when it names none.
const NO_PARTS: &str = "no optional parts";

/// An optional part a build may hold (a Cargo feature), which an arbiter may ask about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Speech through the system's engine (`tts`).
    SystemSpeech,
    /// Speech recognition with Vosk (`recognition`).
    Vosk,
    /// Speech recognition with Whisper (`whisper`).
    Whisper,
    /// Bluetooth LE boards (`ble`): a radio.
    Bluetooth,
    /// Games against a chess engine at home (`engine`).
    Engine,
    /// Games on lichess (`online`): a network.
    Online,
}

impl Part {
    /// Every part, in the order a build names them.
    pub const ALL: [Part; 6] = [
        Part::SystemSpeech,
        Part::Vosk,
        Part::Whisper,
        Part::Bluetooth,
        Part::Engine,
        Part::Online,
    ];

    /// Its Cargo feature, as the build string names it.
    pub fn feature(self) -> &'static str {
        match self {
            Part::SystemSpeech => "tts",
            Part::Vosk => "recognition",
            Part::Whisper => "whisper",
            Part::Bluetooth => "ble",
            Part::Engine => "engine",
            Part::Online => "online",
        }
    }

    /// Whether the running program holds it.
    pub fn built_in(self) -> bool {
        match self {
            Part::SystemSpeech => cfg!(feature = "tts"),
            Part::Vosk => cfg!(feature = "recognition"),
            Part::Whisper => cfg!(feature = "whisper"),
            Part::Bluetooth => cfg!(feature = "ble"),
            Part::Engine => cfg!(feature = "engine"),
            Part::Online => cfg!(feature = "online"),
        }
    }

    /// Its name in the words of the tables.
    pub fn word(self) -> Word {
        match self {
            Part::SystemSpeech => Word::PartSystemSpeech,
            Part::Vosk => Word::PartVosk,
            Part::Whisper => Word::PartWhisper,
            Part::Bluetooth => Word::PartBluetooth,
            Part::Engine => Word::PartEngine,
            Part::Online => Word::PartOnline,
        }
    }
}

/// A build as a journal's header writes it ("commit 79f09fb, release, tts recognition"): the
/// commit and the profile (data, shown as written), and the optional parts it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildText {
    /// "commit 79f09fb, release".
    pub id: String,
    /// The parts named, in order; a name this program does not know is kept as written.
    pub parts: Vec<Result<Part, String>>,
}

impl BuildText {
    /// Reads a build string (any text: an unknown shape is all id).
    pub fn read(build: &str) -> BuildText {
        let pieces: Vec<&str> = build.split(", ").collect();
        let [commit, profile, features] = pieces.as_slice() else {
            return BuildText {
                id: build.to_string(),
                parts: Vec::new(),
            };
        };
        let parts = if *features == NO_PARTS {
            Vec::new()
        } else {
            features
                .split_whitespace()
                .map(|name| {
                    Part::ALL
                        .into_iter()
                        .find(|part| part.feature() == name)
                        .ok_or_else(|| name.to_string())
                })
                .collect()
        };
        BuildText {
            id: format!("{commit}, {profile}"),
            parts,
        }
    }

    /// This program's build.
    pub fn this_build() -> BuildText {
        BuildText::read(&build())
    }

    /// The parts in the words of `lang`: "eingebaut: Sprachausgabe des Systems, Spracherkennung
    /// Vosk" (a name the program does not know as written), or "keine Zusatzteile eingebaut".
    pub fn parts_line(&self, lang: Lang) -> String {
        if self.parts.is_empty() {
            return annexd_core::record::capitalised(
                &lang.text(&[Token::Word(Word::NoOptionalParts)]),
            );
        }
        let names: Vec<String> = self
            .parts
            .iter()
            .map(|part| match part {
                Ok(part) => lang.text(&[Token::Word(part.word())]),
                Err(name) => name.clone(),
            })
            .collect();
        format!(
            "{}: {}",
            annexd_core::record::capitalised(&lang.text(&[Token::Word(Word::PartsBuiltIn)])),
            names.join(", ")
        )
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
        assert_eq!(
            BuildFacts::of_this_build().network,
            cfg!(feature = "online")
        );
    }
}

#[cfg(test)]
mod part_tests {
    use super::*;

    #[test]
    fn a_build_string_is_read_and_its_parts_said_in_the_language() {
        let text = BuildText::read("commit 79f09fb, release, tts recognition whisper ble gizmo");
        assert_eq!(text.id, "commit 79f09fb, release");
        assert_eq!(
            text.parts_line(Lang::De),
            "Eingebaut: Sprachausgabe des Systems, Spracherkennung Vosk, Spracherkennung \
             Whisper, Bluetooth LE für Bretter, gizmo"
        );
        assert_eq!(
            BuildText::read("commit 79f09fb, debug, no optional parts").parts_line(Lang::Fr),
            "Aucune partie optionnelle intégrée"
        );
        assert_eq!(BuildText::read("odd").id, "odd");
        let this = BuildText::this_build();
        assert_eq!(
            this.parts.len(),
            Part::ALL.iter().filter(|p| p.built_in()).count()
        );
    }
}
