//! Fair play, shown: `annexd fairplay` says what an arbiter needs to know, and the claims
//! are true. A whole game, with its scoresheets written at the end, runs under `strace`: it
//! opens no internet socket (none at all but local ones) and starts no other program (no
//! engine behind a pipe). The program imports no socket, connect or name-lookup function.

use crate::common;
use crate::common::platform::Start;
use crate::speech_support;

use std::path::Path;
use std::process::Command;

use speech_support::AlsaFileDevice;

fn annexd() -> &'static str {
    env!("CARGO_BIN_EXE_annexd")
}

#[test]
fn fairplay_says_no_engine_no_network_and_the_state_of_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("game.jsonl");
    let mut game = common::annexd();
    game.args(["play", "--journal", journal.to_str().unwrap()])
        .env("XDG_CONFIG_HOME", dir.path());
    let mut game = common::Running::start(game);
    for mv in ["f3", "e5", "g4", "Qh4"] {
        game.type_line(mv);
    }
    let said = game.expect_containing("Prüfcode: ");
    assert_eq!(game.wait(), Some(0));
    let code = said.strip_prefix("Prüfcode: ").unwrap();
    // The ordinary build can play against an engine (never in a game against a person:
    // the traced games below); the tournament build has none and says it is one.
    // The ordinary build can also play on lichess (never in a game at the board).
    let (network_de, network_en) = if cfg!(feature = "online") {
        (
            "Dieses Programm kann über das Netz auf lichess spielen; in einer Partie am Brett öffnet es keine Verbindung",
            "This program can play on lichess over the network; in a game at the board it opens no connection",
        )
    } else {
        (
            "Es öffnet keine Netzwerkverbindung, nur Geräte an diesem Rechner",
            "It opens no network connection, only devices of this computer",
        )
    };
    let lines: [(&str, Vec<&str>); 2] = if cfg!(feature = "engine") {
        [
            (
                "de",
                vec![
                    "Dieses Programm kann gegen eine Schach-Engine spielen (Stockfish oder eine andere UCI-Engine, als eigenes Programm) und gibt dann auf Wunsch Tipps; in einer Partie gegen einen Menschen startet es keine",
                    network_de,
                ],
            ),
            (
                "en",
                vec![
                    "This program can play against a chess engine (Stockfish or another UCI engine, as a program of its own) and then gives hints on request; in a game against a person it starts none",
                    network_en,
                ],
            ),
        ]
    } else {
        [
            (
                "de",
                vec![
                    "Turnierausgabe: ohne Schach-Engine und ohne Netzwerk",
                    "Dieses Programm enthält keine Schach-Engine und gibt keine Zugempfehlungen",
                    "Es öffnet keine Netzwerkverbindung, nur Geräte an diesem Rechner",
                ],
            ),
            (
                "en",
                vec![
                    "Tournament build: no chess engine and no network",
                    "This program contains no chess engine and gives no move advice",
                    "It opens no network connection, only devices of this computer",
                ],
            ),
        ]
    };
    for (lang, lines) in lines {
        let out = Command::new(annexd())
            .args(["fairplay", journal.to_str().unwrap(), "--lang", lang])
            .env("XDG_CONFIG_HOME", dir.path())
            .start_output()
            .unwrap();
        assert!(out.status.success());
        let said = String::from_utf8_lossy(&out.stdout);
        let said: Vec<&str> = said.lines().collect();
        assert!(
            said[0].starts_with(&format!("annexd {} (commit ", env!("CARGO_PKG_VERSION"))),
            "{said:?}"
        );
        let facts = 1 + lines.len();
        assert_eq!(&said[1..facts], &lines[..], "{lang}");
        // Then the build's parts and its radio (see the test below), and this game's radio.
        let this_game = if lang == "de" {
            "Diese Partie: ohne Bluetooth"
        } else {
            "This game: without Bluetooth"
        };
        // The program's file and the mode the build starts in (issue 33).
        assert!(said[facts + 2].contains(" SHA-256: "), "{said:?}");
        assert_eq!(said[facts + 3], start_mode(lang), "{lang}");
        assert_eq!(said[facts + 4], this_game, "{lang}");
        let record = facts + 5;
        assert!(
            said[record].starts_with(&journal.display().to_string()),
            "{said:?}"
        );
        assert!(said[record].ends_with(code), "{said:?}");
    }
}

/// The mode the build starts in: tournament for the tournament build, else home (issue 33).
fn start_mode(lang: &str) -> &'static str {
    let tournament = !cfg!(feature = "engine") && !cfg!(feature = "online");
    match (lang, tournament) {
        ("de", true) => "Startet im Turniermodus",
        ("de", false) => "Startet im Heimmodus",
        ("fr", true) => "Démarre en mode tournoi",
        ("fr", false) => "Démarre en mode libre",
        (_, true) => "Starts in tournament mode",
        (_, false) => "Starts in home mode",
    }
}

/// The build's optional parts in the user's language, and its radio.
fn build_lines(lang: &str) -> [String; 2] {
    let parts: Vec<&str> = [
        (
            cfg!(feature = "tts"),
            ["Sprachausgabe des Systems", "la synthèse vocale du système"],
        ),
        (
            cfg!(feature = "recognition"),
            ["Spracherkennung Vosk", "la reconnaissance vocale Vosk"],
        ),
        (
            cfg!(feature = "whisper"),
            [
                "Spracherkennung Whisper",
                "la reconnaissance vocale Whisper",
            ],
        ),
        (
            cfg!(feature = "ble"),
            [
                "Bluetooth LE für Bretter",
                "Bluetooth LE pour les échiquiers",
            ],
        ),
        (
            cfg!(feature = "engine"),
            [
                "Partien gegen eine Schach-Engine",
                "les parties contre un moteur d'échecs",
            ],
        ),
        (
            cfg!(feature = "online"),
            [
                "Partien auf lichess über das Netzwerk",
                "les parties sur lichess par le réseau",
            ],
        ),
    ]
    .into_iter()
    .filter(|(built, _)| *built)
    .map(|(_, names)| names[usize::from(lang == "fr")])
    .collect();
    let (built_in, none, radio, no_radio) = match lang {
        "de" => (
            "Eingebaut",
            "Keine Zusatzteile eingebaut",
            "Funk: Bluetooth LE, nur wenn eine Partie ein Bluetooth-Brett nennt",
            "Funk: keiner, diese Ausgabe hat kein Bluetooth",
        ),
        _ => (
            "Intégré",
            "Aucune partie optionnelle intégrée",
            "Radio : Bluetooth LE, seulement si une partie nomme un échiquier Bluetooth",
            "Radio : aucune, cette version n'a pas de Bluetooth",
        ),
    };
    [
        if parts.is_empty() {
            none.to_string()
        } else {
            format!("{built_in}: {}", parts.join(", "))
        },
        if cfg!(feature = "ble") {
            radio
        } else {
            no_radio
        }
        .to_string(),
    ]
}

#[test]
fn fairplay_before_the_first_game_says_what_the_build_can_and_cannot_do() {
    for lang in ["de", "fr"] {
        let home = tempfile::tempdir().unwrap();
        let out = Command::new(annexd())
            .args(["fairplay", "--lang", lang])
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_STATE_HOME", home.path().join("state"))
            .start_output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{lang}");
        let said = String::from_utf8_lossy(&out.stdout);
        let said: Vec<&str> = said.lines().collect();
        // The tournament build first says it is one.
        let facts = if cfg!(feature = "engine") || cfg!(feature = "online") {
            2
        } else {
            3
        };
        assert_eq!(said.len(), 6 + facts, "{said:?}");
        assert!(
            said[0].starts_with(&format!("annexd {} (commit ", env!("CARGO_PKG_VERSION"))),
            "{said:?}"
        );
        assert!(
            !said[0].contains("tts"),
            "the parts are said in words: {said:?}"
        );
        assert_eq!(said[1 + facts..3 + facts], build_lines(lang), "{lang}");
        assert!(said[3 + facts].contains(" SHA-256: "), "{said:?}");
        assert_eq!(said[4 + facts], start_mode(lang), "{lang}");
        let none = if lang == "de" {
            "Noch keine Partie"
        } else {
            "Pas encore de partie"
        };
        let games = home.path().join("data").join("annexd").join("games");
        assert_eq!(
            said[5 + facts],
            format!("{none}: {}", games.display()),
            "{lang}"
        );
    }
}

#[test]
fn fairplay_says_whether_the_game_used_a_bluetooth_board() {
    let home = tempfile::tempdir().unwrap();
    let journal = home.path().join("g.jsonl");
    let mut game = common::annexd();
    game.args([
        "play", "--speech", "text", "--lang", "de", "--board", "none",
    ])
    .args(["--sighted", "chessnut:ble", "--journal"])
    .arg(&journal)
    .env("XDG_CONFIG_HOME", home.path().join("config"));
    let mut game = common::Running::start(game);
    game.expect_containing("Partiedatei: ");
    game.type_line("Ende");
    game.type_line("ja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    let out = Command::new(annexd())
        .args(["fairplay", journal.to_str().unwrap()])
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .start_output()
        .unwrap();
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.lines()
            .any(|l| l == "Diese Partie: mit einem Bluetooth-Brett"),
        "{said}"
    );
}

/// What a traced run did that fair play forbids: sockets other than local ones, connections
/// other than to local sockets, programs started besides annexd itself.
fn forbidden(trace: &str) -> Vec<String> {
    let local = ["AF_UNIX", "AF_LOCAL", "AF_NETLINK"];
    let mut execs = 0;
    trace
        .lines()
        .filter(|line| {
            if line.contains("execve(") {
                execs += 1;
                return execs > 1 || !line.contains(annexd());
            }
            if let Some(args) = line.split("socket(").nth(1) {
                return !local.iter().any(|f| args.starts_with(f));
            }
            if line.contains("connect(") {
                return !line.contains("sa_family=AF_UNIX");
            }
            false
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn the_trace_check_catches_an_internet_socket_a_connection_and_another_program() {
    let ours = format!(
        "1 execve(\"{}\", [\"annexd\"], 0x0 /* 3 vars */) = 0",
        annexd()
    );
    let clean = format!(
        "{ours}\n2 socket(AF_UNIX, SOCK_STREAM, 0) = 4\n2 connect(4, {{sa_family=AF_UNIX, sun_path=\"/run/x\"}}, 9) = 0"
    );
    assert!(forbidden(&clean).is_empty());
    for bad in [
        "3 socket(AF_INET, SOCK_STREAM, IPPROTO_IP) = 10",
        "3 socket(AF_INET6, SOCK_DGRAM, IPPROTO_IP) = 10",
        "3 connect(10, {sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr(\"1.2.3.4\")}, 16) = 0",
        "4 execve(\"/usr/games/stockfish\", [\"stockfish\"], 0x0) = 0",
    ] {
        assert_eq!(forbidden(&format!("{clean}\n{bad}")), vec![bad.to_string()]);
    }
}

/// Runs a whole game to mate under strace, with the scoresheets written at the end. With
/// `heard` (a sound device's file), the game is left only once its speech reached that
/// file: the speaker opens on a thread of its own while the game goes on, and a game typed
/// in one go would otherwise end before it opened (its last words get a moment, no more).
fn traced_game(
    dir: &Path,
    speech: &str,
    env: &[(&str, String)],
    heard: Option<&Path>,
) -> (String, String) {
    let config = dir.join("config").join("annexd");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("annexd.toml"),
        "[record]\nsheets = [\"pdf\", \"brf\", \"txt\"]\n",
    )
    .unwrap();
    let trace = dir.join("trace.txt");
    let journal = dir.join("game.jsonl");
    let mut command = Command::new("strace");
    command
        .args(["-f", "-qq", "-e", "trace=socket,connect,execve", "-o"])
        .arg(&trace)
        .arg(annexd())
        .args([
            "play",
            "--journal",
            journal.to_str().unwrap(),
            "--speech",
            speech,
        ])
        .args(["--control", "90+30"])
        .env("XDG_CONFIG_HOME", dir.join("config"));
    for (key, value) in env {
        command.env(key, value);
    }
    let mut game = common::Running::start(command);
    for line in ["f3", "", "e5", "", "g4", "", "Dame Hector vier"] {
        game.type_line(line);
    }
    if let Some(file) = heard {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        let size = || std::fs::metadata(file).map_or(0, |m| m.len());
        while size() <= 10_000 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
    game.type_line("Ende");
    let (code, lines) = game.wait_with_transcript();
    let said = lines.join("\n");
    assert_eq!(
        code,
        Some(0),
        "strace (scripts/setup.sh installs it) or annexd failed:\n{said}"
    );
    assert!(said.contains("Prüfcode: "), "the game ended: {said}");
    assert!(journal.with_extension("pdf").exists() && journal.with_extension("brf").exists());
    (std::fs::read_to_string(&trace).unwrap(), said)
}

#[test]
#[cfg_attr(
    windows,
    ignore = "strace, which traces the program's system calls, is Linux's"
)]
fn a_whole_game_with_text_lines_opens_no_socket_and_starts_no_program() {
    let dir = tempfile::tempdir().unwrap();
    let (trace, _) = traced_game(dir.path(), "text", &[], None);
    assert!(trace.contains("execve("), "strace traced the run:\n{trace}");
    assert_eq!(forbidden(&trace), Vec::<String>::new(), "{trace}");
}

/// Issue 31: the ordinary build holds the engine's code and Stockfish is installed, yet a
/// game against a person (`annexd play` as ever) starts no engine: its `exec` calls, traced,
/// are annexd's own and no other.
#[test]
#[cfg(feature = "engine")]
#[cfg_attr(
    windows,
    ignore = "strace, which traces the program's system calls, is Linux's"
)]
fn a_game_against_a_person_starts_no_engine_though_the_build_can_play_one() {
    let program = std::fs::read(annexd()).unwrap();
    for uci in [&b"bestmove"[..], b"setoption name", b"UCI_LimitStrength"] {
        assert!(
            program.windows(uci.len()).any(|w| w == uci),
            "the program holds the engine's code ({})",
            String::from_utf8_lossy(uci)
        );
    }
    assert!(
        annexd::engine::find_engine(None).is_some(),
        "Stockfish is installed (scripts/setup.sh), so an engine could be started"
    );
    let dir = tempfile::tempdir().unwrap();
    let (trace, said) = traced_game(dir.path(), "text", &[], None);
    let execs: Vec<&str> = trace.lines().filter(|l| l.contains("execve(")).collect();
    assert_eq!(execs.len(), 1, "annexd alone was started: {execs:?}");
    assert!(execs[0].contains(annexd()), "{execs:?}");
    assert!(!trace.to_lowercase().contains("stockfish"), "{trace}");
    assert!(
        !said.contains("Engine"),
        "nothing was said of an engine: {said}"
    );
}

#[test]
#[cfg_attr(
    windows,
    ignore = "strace, which traces the program's system calls, is Linux's"
)]
fn a_whole_game_with_recorded_voices_on_a_sound_device_opens_no_socket_and_starts_no_program() {
    let dir = tempfile::tempdir().unwrap();
    let device = AlsaFileDevice::new(dir.path(), true);
    let voices = Path::new(env!("CARGO_MANIFEST_DIR")).join("voices");
    let (trace, _) = traced_game(
        dir.path(),
        "clips",
        &[
            ("ALSA_CONFIG_PATH", device.config_path()),
            ("ANNEXD_VOICES", voices.display().to_string()),
        ],
        Some(&device.wav),
    );
    let sound = std::fs::metadata(&device.wav).map(|m| m.len()).unwrap_or(0);
    assert!(
        sound > 10_000,
        "the moves were said on the sound device ({sound} bytes)"
    );
    assert_eq!(forbidden(&trace), Vec::<String>::new(), "{trace}");
}

#[test]
#[cfg_attr(
    windows,
    ignore = "reads the ELF program's imported symbols with nm; a Windows program's are in its PE import table"
)]
/// Without the feature `online` (the tournament build) the program imports no socket or
/// name lookup function at all; with it (the ordinary build) it does, for lichess, as its
/// fair-play statement says (and the traced games above show it opens none in a game at the
/// board).
fn the_program_imports_socket_functions_only_with_the_online_feature() {
    let out = Command::new("nm")
        .args(["-D", "--undefined-only", annexd()])
        .start_output()
        .expect("nm (binutils, scripts/setup.sh installs it)");
    assert!(out.status.success());
    let symbols = String::from_utf8_lossy(&out.stdout);
    assert!(
        symbols.contains("open"),
        "nm read the program's imports:\n{symbols}"
    );
    let network = [
        "socket",
        "connect",
        "bind",
        "listen",
        "accept",
        "accept4",
        "sendto",
        "recvfrom",
        "getaddrinfo",
        "gethostbyname",
        "gethostbyname_r",
        "getaddrinfo_a",
    ];
    let imported: Vec<&str> = symbols
        .lines()
        .filter_map(|l| l.split_whitespace().last())
        .map(|s| s.split('@').next().unwrap())
        .filter(|s| network.contains(s))
        .collect();
    if cfg!(feature = "online") {
        assert!(imported.contains(&"connect"), "{imported:?}");
    } else {
        assert_eq!(imported, Vec::<&str>::new());
    }
}
