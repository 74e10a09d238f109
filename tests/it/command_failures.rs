//! One way to fail, seen from outside (issue 20): every command of the program (but `play`,
//! `resume` and `clock`, whose rewrite is under way) fails in the user's language, German
//! and French alike, in one style ("annexd: " then the words of the tables, with only data
//! shown as typed: a path, a value, an option), with exit status 1, or 2 for a mistake on the
//! command line or in the settings; the system's English is in the log only; and a closed
//! standard error or output ends nothing in a panic.

use crate::common::platform::Start;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use annexd::record::Journal;
use annexd_core::record::Header;

/// A place of its own for each test: no settings of the machine's user, no personal voices
/// or games; the settings' language is `lang`.
struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    fn new(lang: &str) -> Home {
        let dir = tempfile::tempdir().unwrap();
        let settings = dir.path().join("config/annexd");
        std::fs::create_dir_all(&settings).unwrap();
        std::fs::create_dir_all(dir.path().join("games")).unwrap();
        std::fs::write(
            settings.join("annexd.toml"),
            format!(
                // A literal string: a Windows path's backslashes are no escapes there.
                "[game]\nlanguage = \"{lang}\"\n[record]\ndir = '{}'\n",
                dir.path().join("games").display()
            ),
        )
        .unwrap();
        Home { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_annexd"));
        command
            .args(args)
            .env("XDG_CONFIG_HOME", self.path("config"))
            .env("XDG_DATA_HOME", self.path("data"))
            .env("XDG_STATE_HOME", self.path("state"))
            .env_remove("ANNEXD_VOICES")
            .env_remove("ANNEXD_MODELS")
            .env_remove("RUST_LOG")
            .stdin(Stdio::null());
        command
    }

    fn run(&self, args: &[&str]) -> Output {
        self.command(args).start_output().expect("annexd runs")
    }

    /// Runs a command that must fail with `status` and say exactly `said` on standard
    /// error; returns its standard output.
    fn fails(&self, args: &[&str], status: i32, said: &str) -> String {
        let out = self.run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr, format!("{said}\n"), "{args:?}");
        assert_eq!(out.status.code(), Some(status), "{args:?}: {stderr}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

/// The texts of a failure in German and in French.
struct Said {
    de: &'static str,
    fr: &'static str,
}

impl Said {
    fn in_lang(&self, lang: &str) -> &'static str {
        if lang == "de" { self.de } else { self.fr }
    }
}

const LANGS: [&str; 2] = ["de", "fr"];

#[test]
fn announce_and_parse_fail_in_words_with_1_for_no_move_and_2_for_a_bad_position() {
    let no_move = Said {
        de: "annexd: kein Bauer erreicht Eva fünf",
        fr: "annexd: aucun Bauer n'atteint Eva fünf",
    };
    let bad_position = Said {
        de: "annexd: ungültige Stellung: 8/8/9 w - - 0 1",
        fr: "annexd: position invalide: 8/8/9 w - - 0 1",
    };
    for lang in LANGS {
        let home = Home::new("en");
        home.fails(
            &["announce", "--lang", lang, "startpos", "e5"],
            1,
            no_move.in_lang(lang),
        );
        home.fails(
            &["parse", "--lang", lang, "startpos", "Bauer", "Eva", "fünf"],
            1,
            no_move.in_lang(lang),
        );
        home.fails(
            &["parse", "--lang", lang, "8/8/9 w - - 0 1", "e4"],
            2,
            bad_position.in_lang(lang),
        );
    }
}

#[test]
fn config_names_the_file_the_line_the_key_and_what_is_wrong() {
    let missing = Said {
        de: "annexd: Fehler in der Einstellung, Datei nicht lesbar, nicht gefunden: {file}",
        fr: "annexd: erreur dans les réglages, fichier illisible, introuvable: {file}",
    };
    let not_a_number = Said {
        de: "annexd: Fehler in der Einstellung: {file}: Zeile 3: speech.rate: Zahl erwartet: \
             zum Beispiel: 1.0",
        fr: "annexd: erreur dans les réglages: {file}: ligne 3: speech.rate: un nombre est \
             attendu: par exemple: 1.0",
    };
    // A list written as text: what is expected, and the default as an example (issue 29).
    let not_a_list = Said {
        de: "annexd: Fehler in der Einstellung: {file}: Zeile 2: clock.warnings-seconds: Liste \
             in eckigen Klammern erwartet: zum Beispiel: [600, 300, 120, 60, 30]",
        fr: "annexd: erreur dans les réglages: {file}: ligne 2: clock.warnings-seconds: une \
             liste entre crochets est attendue: par exemple: [600, 300, 120, 60, 30]",
    };
    let unknown = Said {
        de: "annexd: Fehler in der Einstellung: {file}: Zeile 2: board.pegs: unbekannte \
             Einstellung: erlaubt: peg, peg-speed, sighted, chesslink-line, pegasus-key",
        fr: "annexd: erreur dans les réglages: {file}: ligne 2: board.pegs: réglage inconnu: \
             permis: peg, peg-speed, sighted, chesslink-line, pegasus-key",
    };
    let time_control = Said {
        de: "annexd: Fehler in der Einstellung: {file}: Zeile 2: game.time-control: \
             Zeitkontrolle nicht lesbar, keine Einheit, erlaubt sind h, m und s: zum Beispiel: \
             90m+30s, 40/90+30+30",
        fr: "annexd: erreur dans les réglages: {file}: ligne 2: game.time-control: cadence \
             illisible, pas une unité, utilisez h, m et s: par exemple: 90m+30s, 40/90+30+30",
    };
    // Bytes that are not UTF-8 text (a file saved as Latin-1): TOML is UTF-8, so the file is
    // not TOML, and the line of the first such byte is named.
    let not_text = Said {
        de: "annexd: Fehler in der Einstellung: {file}: Zeile 3: keine gültige TOML-Datei",
        fr: "annexd: erreur dans les réglages: {file}: ligne 3: pas un fichier TOML valide",
    };
    for lang in LANGS {
        let home = Home::new("en");
        let file = home.path("a.toml");
        let with_file = |said: &Said| {
            said.in_lang(lang)
                .replace("{file}", &file.display().to_string())
        };
        let config = ["config", "--lang", lang, "--config", file.to_str().unwrap()];
        let out = home.run(&config);
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("{}\n", with_file(&missing))
        );
        assert_eq!(out.status.code(), Some(2));
        for (text, said) in [
            (
                "[speech]\nbackend = \"text\"\nrate = \"fast\"\n",
                &not_a_number,
            ),
            ("[board]\npegs = \"sim\"\n", &unknown),
            ("[clock]\nwarnings-seconds = \"120\"\n", &not_a_list),
            ("[game]\ntime-control = \"90x\"\n", &time_control),
        ] {
            std::fs::write(&file, text).unwrap();
            let out = home.run(&config);
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                format!("{}\n", with_file(said)),
                "{text}"
            );
            assert_eq!(out.status.code(), Some(2), "{text}");
        }
        std::fs::write(&file, b"[game]\nlanguage = \"de\"\n# Sch\xe4fer\n").unwrap();
        let out = home.run(&config);
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("{}\n", with_file(&not_text))
        );
        assert_eq!(out.status.code(), Some(2));
    }
}

#[test]
fn the_record_tools_fail_in_words_and_the_systems_reason_is_in_the_log() {
    let unreadable = Said {
        de: "annexd: Partiedatei nicht lesbar, nicht gefunden: {path}",
        fr: "annexd: fichier de partie illisible, introuvable: {path}",
    };
    let no_game = Said {
        de: "annexd: keine Partiedatei gefunden: {games}: bitte die Partiedatei angeben",
        fr: "annexd: aucun fichier de partie trouvé: {games}: indiquez le fichier de partie",
    };
    let not_a_code = Said {
        de: "annexd: kein Prüfcode, er hat 16 Zeichen aus 0 bis 9 und a bis f: 12",
        fr: "annexd: ce n'est pas un code de contrôle, il a 16 caractères de 0 à 9 et de a à f: 12",
    };
    // What the build says of an engine: the ordinary build can play against one, the
    // tournament build (without the feature `engine`) has none.
    let no_engine = if cfg!(feature = "engine") {
        Said {
            de: "Dieses Programm kann gegen eine Schach-Engine spielen",
            fr: "Ce programme peut jouer contre un moteur d'échecs",
        }
    } else {
        Said {
            de: "Dieses Programm enthält keine Schach-Engine und gibt keine Zugempfehlungen",
            fr: "Ce programme ne contient aucun moteur d'échecs et ne donne aucun conseil de coup",
        }
    };
    for lang in LANGS {
        // The language comes from the settings here: none of these is given --lang.
        let home = Home::new(lang);
        let missing = home.path("nowhere.jsonl");
        let path = missing.display().to_string();
        let games = home.path("games").display().to_string();
        let log = home.path("annexd.log");
        let unreadable = unreadable.in_lang(lang).replace("{path}", &path);
        home.fails(
            &["pgn", "--lang", lang, "--log", log.to_str().unwrap(), &path],
            1,
            &unreadable,
        );
        let logged = std::fs::read_to_string(&log).unwrap();
        // The system's words differ (Linux: "No such file or directory", Windows: "The
        // system cannot find the file specified"); its number is 2 on both.
        assert!(
            logged.contains("(os error 2)"),
            "the system's reason is in the log: {logged}"
        );
        home.fails(
            &["sheet"],
            1,
            &no_game.in_lang(lang).replace("{games}", &games),
        );
        home.fails(&["verify", &path], 1, &unreadable);
        home.fails(
            &["verify", "--code", "12", &path],
            2,
            not_a_code.in_lang(lang),
        );
        let said = home.fails(&["fairplay", &path], 1, &unreadable);
        assert!(said.contains(no_engine.in_lang(lang)), "{said}");
    }
}

#[test]
fn the_record_tools_answer_in_the_language_the_game_was_played_in() {
    // Issue 22, item 9: a French game, a German machine: verify, sheet and fairplay answer
    // in French unless --lang says otherwise.
    let home = Home::new("de");
    let path = home.path("game.jsonl");
    let mut header = Header::standard();
    header.language = Some(annexd_core::Lang::Fr);
    Journal::create(&path, &header).unwrap();
    let journal = path.to_str().unwrap();
    let said = |args: &[&str]| String::from_utf8_lossy(&home.run(args).stdout).into_owned();
    assert!(
        said(&["verify", journal]).contains("partie non terminée"),
        "{}",
        said(&["verify", journal])
    );
    assert!(said(&["fairplay", journal]).contains("Ce programme"));
    assert!(said(&["sheet", "--format", "txt", journal]).starts_with("feuille de partie écrite"));
    assert!(said(&["verify", "--lang", "de", journal]).contains("Partie nicht beendet"));
    // And pgn's failures.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"type\":\"move\",\"by\":\"white\",\"uci\":\"e2e9\",\"at_ms\":1}\n");
    std::fs::write(&path, text).unwrap();
    home.fails(
        &["pgn", journal],
        1,
        &format!("annexd: fichier de partie erroné à la ligne deux, pas compris: {journal}"),
    );
}

#[test]
fn a_replay_that_fails_says_the_line_and_why_in_the_language() {
    let refused = Said {
        de: "annexd: Partiedatei fehlerhaft in Zeile zwei, nicht verstanden: {path}",
        fr: "annexd: fichier de partie erroné à la ligne deux, pas compris: {path}",
    };
    for lang in LANGS {
        let home = Home::new(lang);
        let path = home.path("game.jsonl");
        Journal::create(&path, &Header::standard()).unwrap();
        // A move line the rules cannot read: "e2e9" is no square.
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("{\"type\":\"move\",\"by\":\"white\",\"uci\":\"e2e9\",\"at_ms\":1}\n");
        std::fs::write(&path, text).unwrap();
        let said = refused
            .in_lang(lang)
            .replace("{path}", &path.display().to_string());
        let out = home.run(&["pgn", "--lang", lang, path.to_str().unwrap()]);
        assert_eq!(String::from_utf8_lossy(&out.stderr), format!("{said}\n"));
        assert_eq!(out.status.code(), Some(1));
    }
}

#[test]
fn say_and_voices_fail_in_words() {
    let unknown_word = Said {
        de: "annexd: unbekanntes Wort: 'nuage': an Stelle 1",
        fr: "annexd: mot inconnu: 'nuage': en position 1",
    };
    let no_voice = Said {
        de: "annexd: keine Stimme gefunden: {dir}",
        fr: "annexd: aucune voix trouvée: {dir}",
    };
    let not_a_key = Said {
        de: "annexd: kein Aufnahmeschlüssel: w_nokey: annexd voices keys --lang de",
        fr: "annexd: pas une clé d'enregistrement: w_nokey: annexd voices keys --lang fr",
    };
    for lang in LANGS {
        let home = Home::new("en");
        home.fails(
            &["say", "--lang", lang, "--backend", "text", "nuage"],
            2,
            unknown_word.in_lang(lang),
        );
        let empty = home.path("voices");
        std::fs::create_dir_all(&empty).unwrap();
        home.fails(
            &[
                "voices",
                "check",
                "--lang",
                lang,
                "--dir",
                empty.to_str().unwrap(),
            ],
            2,
            &no_voice
                .in_lang(lang)
                .replace("{dir}", &empty.display().to_string()),
        );
        home.fails(
            &[
                "voices", "record", "--lang", lang, "--name", "x", "--only", "w_nokey",
            ],
            2,
            not_a_key.in_lang(lang),
        );
    }
}

#[test]
fn recognize_and_the_boards_fail_in_words() {
    let no_model = Said {
        de: "annexd: kein Sprachmodell gefunden, Spracheingabe aus: {dir}",
        fr: "annexd: aucun modèle de reconnaissance vocale, saisie vocale désactivée: {dir}",
    };
    let not_built = Said {
        de: "annexd: Spracheingabe ist nicht eingebaut, Spracheingabe aus",
        fr: "annexd: la saisie vocale n'est pas intégrée à ce programme, saisie vocale désactivée",
    };
    let bad_position = Said {
        de: "annexd: ungültige Stellung: xx",
        fr: "annexd: position invalide: xx",
    };
    for lang in LANGS {
        let home = Home::new("en");
        let dir = home.path("no-model");
        let said = if cfg!(feature = "recognition") {
            no_model
                .in_lang(lang)
                .replace("{dir}", &dir.display().to_string())
        } else {
            not_built.in_lang(lang).to_string()
        };
        home.fails(
            &[
                "recognize",
                "--lang",
                lang,
                "--model",
                dir.to_str().unwrap(),
                "x.wav",
            ],
            1,
            &said,
        );
        home.fails(
            &["board-sim", "--lang", lang, "--fen", "xx"],
            2,
            bad_position.in_lang(lang),
        );
        home.fails(
            &[
                "board-watch",
                "--lang",
                lang,
                "--board",
                "/nowhere",
                "--fen",
                "xx",
            ],
            2,
            bad_position.in_lang(lang),
        );
    }
}

#[test]
fn a_command_without_lang_speaks_the_settings_language() {
    let not_written = Said {
        de: "annexd: Datei konnte nicht geschrieben werden, kein Ordner: {out}",
        fr: "annexd: le fichier n'a pas pu être écrit, ce n'est pas un dossier: {out}",
    };
    for lang in LANGS {
        let home = Home::new(lang);
        let file = home.path("a-file");
        std::fs::write(&file, "").unwrap();
        let out = file.join("docs");
        home.fails(
            &["generate-docs", "--out", out.to_str().unwrap()],
            1,
            &not_written
                .in_lang(lang)
                .replace("{out}", &out.display().to_string()),
        );
    }
}

#[test]
fn a_log_file_that_cannot_be_written_is_said_once_and_the_command_goes_on() {
    let said = Said {
        de: "annexd: Protokolldatei nicht beschreibbar, kein Protokoll, kein Ordner: {log}",
        fr: "annexd: le fichier journal ne peut pas être écrit, pas de journal, ce n'est pas \
             un dossier: {log}",
    };
    for lang in LANGS {
        let home = Home::new("en");
        let file = home.path("a-file");
        std::fs::write(&file, "").unwrap();
        let log = file.join("annexd.log");
        let out = home.run(&[
            "announce",
            "--lang",
            lang,
            "--log",
            log.to_str().unwrap(),
            "startpos",
            "e4",
        ]);
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "{}\n",
                said.in_lang(lang)
                    .replace("{log}", &log.display().to_string())
            )
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout), "Eva vier\n");
        assert_eq!(out.status.code(), Some(0));
    }
}

#[test]
fn a_command_line_clap_refuses_is_said_in_words_with_status_2() {
    let unknown = Said {
        de: "annexd: unbekannte Option: --bogus: Hilfe mit --help",
        fr: "annexd: option inconnue: --bogus: aide avec --help",
    };
    let bad_value = Said {
        de: "annexd: kein erlaubter Wert: --rate <RATE>: 9: Hilfe mit --help",
        fr: "annexd: valeur non permise: --rate <RATE>: 9: aide avec --help",
    };
    let missing = Said {
        de: "annexd: Wert fehlt: <FEN>, <MV>: Hilfe mit --help",
        fr: "annexd: valeur manquante: <FEN>, <MV>: aide avec --help",
    };
    for lang in LANGS {
        let home = Home::new("en");
        home.fails(
            &["verify", "--lang", lang, "--bogus"],
            2,
            unknown.in_lang(lang),
        );
        home.fails(
            &["say", "--lang", lang, "--rate", "9", "ja"],
            2,
            bad_value.in_lang(lang),
        );
        home.fails(&["announce", "--lang", lang], 2, missing.in_lang(lang));
        // Without --lang: the settings' language.
        let home = Home::new(lang);
        home.fails(&["verify", "--bogus"], 2, unknown.in_lang(lang));
    }
    // Help is no failure, and stays clap's.
    let out = Home::new("fr").run(&["sheet", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("de, en, fr"),
        "every language is listed: {help}"
    );
}

/// Issue 34, item 11: a language that is none is told the languages there are, in the
/// language of the settings (the one asked for cannot be read).
#[test]
fn a_wrong_language_is_told_the_languages_there_are() {
    for (lang, said) in [
        (
            "de",
            "annexd: kein erlaubter Wert: --lang <LANG>: xx: erlaubt: de, en, fr: Hilfe mit --help",
        ),
        (
            "en",
            "annexd: not an allowed value: --lang <LANG>: xx: allowed: de, en, fr: help with --help",
        ),
        (
            "fr",
            "annexd: valeur non permise: --lang <LANG>: xx: permis: de, en, fr: aide avec --help",
        ),
    ] {
        let home = Home::new(lang);
        for command in ["play", "sheet", "board-sim", "say"] {
            home.fails(&[command, "--lang", "xx"], 2, said);
        }
    }
    // A language's name is still a language.
    let out = Home::new("en").run(&["announce", "--lang", "French", "startpos", "e4"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

/// Issue 34, item 11: `annexd` alone lists the commands (and examples) instead of calling
/// the missing command a wrong option; every command's help ends with examples; the options
/// of `play` and `resume` say their defaults and the setting that changes each, and `play`
/// says it has a board view; the manual pages say the same.
#[test]
fn annexd_alone_lists_the_commands_and_every_help_has_defaults_and_examples() {
    let home = Home::new("de");
    let out = home.run(&[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for wanted in [
        "Commands:",
        "play ",
        "resume ",
        "board-sim ",
        "Examples:",
        "annexd play --help",
    ] {
        assert!(stdout.contains(wanted), "{wanted}: {stdout}");
    }
    let commands = [
        "play",
        "resume",
        "config",
        "announce",
        "parse",
        "clock",
        "pgn",
        "sheet",
        "verify",
        "fairplay",
        "replay",
        "board-sim",
        "board-watch",
        "say",
        "voices",
        "recognize",
    ];
    for command in commands {
        let out = home.run(&[command, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{command}");
        let help = String::from_utf8_lossy(&out.stdout);
        let examples = help.find("Examples:\n  annexd ");
        assert!(examples.is_some(), "{command}: {help}");
    }
    let help = String::from_utf8_lossy(&home.run(&["play", "--help"]).stdout).into_owned();
    // The default speech is the platform's (JAWS or NVDA on Windows).
    let speech = format!(
        "[default: {}, or the settings' speech.backend]",
        annexd_core::speech::DEFAULT_BACKEND.name()
    );
    for wanted in [
        "board view for a sighted helper (--view board)",
        "[default: de, or the settings' game.language]",
        "[default: none (no clock), or the settings' game.time-control]",
        "[default: none, or the settings' board.peg]",
        "[default: typed, or the settings' board.sighted]",
        speech.as_str(),
        "[default: off, or the settings' listen.mode]",
        "[default: lines]",
        "annexd play --board sim --view board",
    ] {
        assert!(help.contains(wanted), "{wanted}: {help}");
    }
    assert!(!help.contains("plain line mode"), "{help}");
    let help = String::from_utf8_lossy(&home.run(&["resume", "--help"]).stdout).into_owned();
    assert!(help.contains(&speech), "{help}");
    // The manual pages.
    let out = home.run(&[
        "generate-docs",
        "--out",
        home.path("docs").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let page = std::fs::read_to_string(home.path("docs/man/annexd-play.1")).unwrap();
    assert!(page.contains("\n.SH EXAMPLES\n"), "{page}");
    assert!(!page.contains(".SH EXTRA"), "{page}");
    assert!(page.contains("speech.backend]"), "{page}");
    for command in commands {
        let page =
            std::fs::read_to_string(home.path(&format!("docs/man/annexd-{command}.1"))).unwrap();
        assert!(page.contains("\n.SH EXAMPLES\n"), "{command}: {page}");
    }
}

/// Runs a command with standard error (or output) a pipe whose reading end is closed
/// before the program starts (not `Stdio::null()`, which takes everything): each write to it
/// fails (EPIPE). Its lines are lost; its exit status is still its own (a panic would be 101,
/// and would say so on the other stream).
fn with_closed(home: &Home, args: &[&str], close_stdout: bool) -> Option<i32> {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut command = home.command(args);
    if close_stdout {
        command.stdout(writer).stderr(Stdio::piped());
    } else {
        command.stderr(writer).stdout(Stdio::piped());
    }
    let mut child = command.start().unwrap();
    let mut open: Box<dyn Read> = if close_stdout {
        Box::new(child.stderr.take().unwrap())
    } else {
        Box::new(child.stdout.take().unwrap())
    };
    let mut rest = String::new();
    open.read_to_string(&mut rest).unwrap();
    assert!(!rest.contains("panicked"), "{args:?}: {rest}");
    child.wait().unwrap().code()
}

#[test]
fn a_closed_standard_error_or_output_is_no_panic() {
    let home = Home::new("fr");
    let journal = home.path("game.jsonl");
    Journal::create(&journal, &Header::standard()).unwrap();
    let journal = journal.to_str().unwrap();
    for (args, status) in [
        (&["pgn", "/nowhere.jsonl"][..], 1),
        (&["verify", "--code", "12", journal][..], 2),
        (&["parse", "startpos", "nuage"][..], 1),
        (&["say", "--backend", "text", "nuage"][..], 2),
        (&["config", "--bogus"][..], 2),
    ] {
        assert_eq!(with_closed(&home, args, false), Some(status), "{args:?}");
    }
    // Output that is the command's whole point fails when it cannot be written; lines of a
    // report or a list end quietly.
    for (args, status) in [
        (&["pgn", journal][..], 1),
        (&["sheet", "--format", "txt", "--out", "-", journal][..], 1),
        (&["verify", journal][..], 0),
        (&["voices", "keys", "--lang", "fr"][..], 0),
        (&["announce", "startpos", "e4"][..], 0),
        (&["config"][..], 0),
    ] {
        assert_eq!(with_closed(&home, args, true), Some(status), "{args:?}");
    }
}

#[test]
fn a_closed_output_of_pgn_is_said_in_words() {
    let home = Home::new("de");
    let journal = home.path("game.jsonl");
    Journal::create(&journal, &Header::standard()).unwrap();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = home
        .command(&["pgn", "--lang", "fr", journal.to_str().unwrap()])
        .stdout(writer)
        .start_output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "annexd: la sortie n'a pas pu être écrite\n"
    );
    assert_eq!(out.status.code(), Some(1));
}
