//! The plumbing commands with `--lang fr` and `--words`: what they print, and every error in
//! the words of the language, with only data (a path, a value as typed) shown verbatim; the
//! technical detail, in English, goes to the log.

use crate::common::platform::Start;
use std::io::Write;
use std::process::{Command, Output};

fn annexd(args: &[&str]) -> Output {
    let config = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_annexd"))
        .args(args)
        // No settings file of the machine's user may change the test.
        .env("XDG_CONFIG_HOME", config.path())
        .env("XDG_DATA_HOME", config.path())
        // Nor the last game another test started (its note is in the state folder).
        .env("XDG_STATE_HOME", config.path())
        .start_output()
        .expect("annexd runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).to_string()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).to_string()
}

const SPANISH: &str = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";

#[test]
fn announce_in_both_word_sets_of_every_language() {
    for (lang, words, mv, said) in [
        ("fr", "annex-d", "Bxc6", "Läufer prend Cesar sechs"),
        ("fr", "local", "Bxc6", "Fou prend Cesar six"),
        ("fr", "local", "O-O", "petit roque"),
        ("fr", "annex-d", "O-O", "Kurze Rochade"),
        ("en", "annex-d", "Bxc6", "Läufer takes Cesar sechs"),
        ("en", "local", "Bxc6", "bishop takes Cesar six"),
        ("de", "local", "Bxc6", "Läufer schlägt Cesar sechs"),
    ] {
        let output = annexd(&["announce", "--lang", lang, "--words", words, SPANISH, mv]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(stdout(&output), format!("{said}\n"), "{lang} {words} {mv}");
    }
    // The default is the Annex D words, in every language.
    let output = annexd(&[
        "announce", "--lang", "fr", "--style", "long", "startpos", "Nf3",
    ]);
    assert_eq!(stdout(&output), "Springer Gustav eins Felix drei\n");
}

#[test]
fn parse_reads_french_annex_d_and_mixed_words_and_answers_in_french() {
    for text in [
        "Cavalier Felix trois",
        "Springer Felix drei",
        "cavalier félix drei",
        "Cavalier de Gustav un en Felix trois",
        "Nf3",
        "g1f3",
    ] {
        let output = annexd(&["parse", "--lang", "fr", "startpos", text]);
        assert_eq!(stdout(&output), "g1f3\n", "{text}: {}", stderr(&output));
    }
    let output = annexd(&[
        "parse", "--lang", "fr", "startpos", "Cavalier", "Felix", "quatre",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "annexd: aucun Springer n'atteint Felix vier\n"
    );
    let output = annexd(&[
        "parse", "--lang", "fr", "startpos", "Tour", "Nuage", "trois",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), "annexd: pas compris: \"nuage\"\n");
}

#[test]
fn a_bad_position_is_refused_in_french() {
    for args in [
        &["announce", "--lang", "fr", "8/8/9 w - - 0 1", "e4"][..],
        &["parse", "--lang", "fr", "8/8/9 w - - 0 1", "e4"][..],
        &[
            "say",
            "--lang",
            "fr",
            "--backend",
            "text",
            "--move",
            "8/8/9 w - - 0 1",
            "e4",
        ][..],
        &[
            "recognize",
            "--lang",
            "fr",
            "--fen",
            "8/8/9 w - - 0 1",
            "x.wav",
        ][..],
    ] {
        let output = annexd(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&output),
            "annexd: position invalide: 8/8/9 w - - 0 1\n",
            "{args:?}"
        );
    }
}

#[test]
fn say_in_french_and_its_errors_in_french() {
    let output = annexd(&[
        "say",
        "--lang",
        "fr",
        "--backend",
        "text",
        "une",
        "heure",
        "vingt",
        "et",
        "une",
        "minutes",
    ]);
    assert_eq!(
        stdout(&output),
        "une heure vingt et une minutes\n",
        "{}",
        stderr(&output)
    );
    let output = annexd(&[
        "say",
        "--lang",
        "fr",
        "--words",
        "local",
        "--backend",
        "text",
        "--move",
        "startpos",
        "Nf3",
    ]);
    assert_eq!(stdout(&output), "Cavalier Felix trois\n");
    let output = annexd(&[
        "say",
        "--lang",
        "fr",
        "--backend",
        "text",
        "Cavalier",
        "Nuage",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "annexd: mot inconnu: 'nuage': en position 2\n"
    );
    let output = annexd(&[
        "say",
        "--lang",
        "fr",
        "--backend",
        "text",
        "--out",
        "x.wav",
        "oui",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "annexd: seule la voix enregistrée peut écrire un fichier son: --backend clips\n"
    );
}

#[test]
fn the_clock_speaks_french_and_refuses_in_french() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(b"0 start\n1000 press\n80000 query move\n")
        .unwrap();
    let output = annexd(&[
        "clock",
        "--control",
        "65",
        "--lang",
        "fr",
        "--replay",
        file.path().to_str().unwrap(),
    ]);
    let said: Vec<String> = stdout(&output)
        .lines()
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            Some(v.get("say")?.as_str()?.to_string())
        })
        .collect();
    assert_eq!(
        said,
        [
            "pendule en marche",
            "Noir une minute restante",
            "Noir trente secondes restantes",
            "Noir vingt secondes restantes",
            "Noir dix secondes restantes",
            "Noir chute du drapeau",
            "coup un",
        ]
    );
    let output = annexd(&["clock", "--control", "4O/5400", "--lang", "fr"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with(
            "annexd: cadence inconnue: 4O/5400: pas un nombre de coups: 4o/5400: par exemple: \
             40/5400, 40/90+30+30"
        ),
        "{}",
        stderr(&output)
    );
    let output = annexd(&["clock", "--control", "300", "--every", "10", "--lang", "fr"]);
    assert!(
        stderr(&output).starts_with(
            "annexd: option incorrecte, il faut une unité : m pour minutes, s pour secondes: --every 10"
        ),
        "{}",
        stderr(&output)
    );
    let output = annexd(&[
        "clock",
        "--control",
        "300",
        "--lang",
        "fr",
        "--replay",
        "/nowhere/x",
    ]);
    assert!(
        stderr(&output).starts_with("annexd: fichier illisible, introuvable: /nowhere/x"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn config_shows_the_language_and_word_set_and_reports_in_french() {
    let output = annexd(&["config", "--lang", "fr", "--words", "local"]);
    let text = stdout(&output);
    assert!(text.contains("language = \"fr\""), "{text}");
    assert!(text.contains("words = \"local\""), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("annexd.toml");
    std::fs::write(&file, "[game]\nwords = \"allemand\"\n").unwrap();
    let output = annexd(&["config", "--lang", "fr", "--config", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        format!(
            "annexd: erreur dans les réglages: {}: ligne 2: game.words: valeur non permise: \
             allemand: permis: annex-d, local\n",
            file.display()
        )
    );
    let output = annexd(&["play", "--lang", "fr", "--config", file.to_str().unwrap()]);
    assert!(
        stderr(&output).starts_with("annexd: erreur dans les réglages: "),
        "{}",
        stderr(&output)
    );
}

#[test]
fn play_resume_and_pgn_refuse_in_french() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("j.jsonl");
    let output = annexd(&[
        "play",
        "--lang",
        "fr",
        "--control",
        "90x",
        "--journal",
        journal.to_str().unwrap(),
    ]);
    assert!(
        stderr(&output).starts_with("annexd: cadence inconnue: "),
        "{}",
        stderr(&output)
    );
    let empty = tempfile::tempdir().unwrap();
    let settings = empty.path().join("annexd.toml");
    std::fs::write(
        &settings,
        // A literal string: a Windows path's backslashes are no escapes.
        format!("[record]\ndir = '{}'\n", empty.path().display()),
    )
    .unwrap();
    let output = annexd(&[
        "resume",
        "--lang",
        "fr",
        "--config",
        settings.to_str().unwrap(),
    ]);
    assert!(
        stderr(&output).starts_with("annexd: aucune partie en cours: "),
        "{}",
        stderr(&output)
    );
    let output = annexd(&["pgn", "--lang", "fr", "/nowhere/game.jsonl"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "annexd: fichier de partie illisible, introuvable: /nowhere/game.jsonl\n"
    );
}
