//! What a new user met at the program's edge (issue 29), through the real binary: a missing
//! board's port named in the line, a resignation typed where the keyboard speaks for both
//! players asked whose it is and confirmed, leaving during a game confirmed.

use crate::common;
use crate::common::platform::Start;

use common::{Running, annexd};

fn play(journal: &std::path::Path, extra: &[&str]) -> Running {
    let mut command = annexd();
    command
        .args(["play", "--speech", "text", "--lang", "de", "--journal"])
        .arg(journal)
        .args(extra)
        .env("XDG_CONFIG_HOME", journal.with_extension("config"));
    Running::start(command)
}

#[test]
fn a_missing_boards_port_is_named_in_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = play(&dir.path().join("g.jsonl"), &["--board", "/dev/ttyNONE"]);
    p.expect_exact("Steckbrett, Gerät nicht gefunden: /dev/ttyNONE");
    p.type_line("Ende\nja");
    p.expect_exact("Ende? ja oder nein");
    p.type_line("ja");
    p.expect_saved();
    assert_eq!(p.wait(), Some(0));
}

#[test]
fn a_typed_resignation_is_asked_whose_it_is_and_confirmed() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("g.jsonl");
    let mut p = play(&journal, &["--board", "none"]);
    p.type_line("Eva vier");
    p.expect_exact("Weiß Eva vier");
    p.type_line("aufgeben");
    p.expect_exact("aufgeben, Weiß oder Schwarz?");
    p.type_line("Weiß");
    p.expect_exact("Weiß gibt auf, Schwarz gewinnt");
    p.type_line("Ende\nja");
    p.expect_saved();
    assert_eq!(p.wait(), Some(0));
    let pgn = std::fs::read_to_string(journal.with_extension("pgn")).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
}

/// `annexd` with its settings, data and state in `home` (nothing of the machine's user).
fn at_home(home: &std::path::Path) -> std::process::Command {
    let mut command = annexd();
    command
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"));
    command
}

#[test]
fn resume_finds_a_game_whose_journal_is_elsewhere_and_keeps_its_board_and_side() {
    let home = tempfile::tempdir().unwrap();
    let journal = home.path().join("elsewhere").join("g.jsonl");
    std::fs::create_dir_all(journal.parent().unwrap()).unwrap();
    let mut command = at_home(home.path());
    command
        .args(["play", "--speech", "text", "--lang", "de", "--board", "sim"])
        .args(["--vi-side", "black", "--journal"])
        .arg(&journal);
    let mut p = Running::start(command);
    p.expect_containing("Steckbrett, erkennt Belegung");
    p.type_line("Eva vier");
    p.expect_exact("Weiß Eva vier");
    p.type_line("Ende");
    p.expect_exact("Ende? ja oder nein");
    p.type_line("ja");
    p.expect_exact("gespeichert, weiter mit annexd resume");
    assert_eq!(p.wait(), Some(0));

    // What the exit line says works: the game, its simulated peg board, Black's side.
    let mut command = at_home(home.path());
    command.args(["resume", "--speech", "text"]);
    let mut p = Running::start(command);
    p.expect_exact(&format!("Partiedatei: {}", journal.display()));
    p.expect_containing("Steckbrett, erkennt Belegung");
    p.type_line("peg e7e5");
    // Black's own pawn, said without its colour: the VI player is Black again.
    p.expect_exact("Bauer Eva sieben berührt");
    p.expect_exact("Eva sieben Eva fünf, bitte ansagen");
    p.type_line("Ende");
    p.type_line("ja");
    p.expect_saved();
    assert_eq!(p.wait(), Some(0));
}

#[test]
fn a_game_started_in_a_second_whose_name_is_taken_starts_under_the_next_name() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("data").join("annexd").join("games");
    std::fs::create_dir_all(&games).unwrap();
    // Games of every second from now on for a minute, as two games started together leave.
    let now = chrono::Local::now();
    for s in 0..60 {
        let stem = (now + chrono::Duration::seconds(s)).format("%Y-%m-%d-%H%M%S");
        std::fs::write(games.join(format!("{stem}.jsonl")), "").unwrap();
    }
    let mut command = at_home(home.path());
    command.args([
        "play", "--speech", "text", "--lang", "de", "--board", "none",
    ]);
    let mut p = Running::start(command);
    let line = p.expect_containing("Partiedatei: ");
    assert!(line.ends_with("-2.jsonl"), "{line}");
    p.type_line("Ende");
    p.type_line("ja");
    p.expect_saved();
    assert_eq!(p.wait(), Some(0));
}

#[test]
fn a_journal_named_is_refused_only_when_it_exists_itself() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("g.jsonl");
    // An earlier game's PGN, its journal gone.
    std::fs::write(journal.with_extension("pgn"), "[Event \"old\"]\n").unwrap();
    let mut p = play(&journal, &["--board", "none"]);
    p.expect_exact(&format!("Partiedatei: {}", journal.display()));
    // Never overwritten: kept under a name of its own, and said so.
    let aside = dir.path().join("g.earlier.pgn");
    p.expect_exact(&format!(
        "die frühere PGN-Datei ist aufbewahrt als: {}",
        aside.display()
    ));
    p.type_line("Ende");
    p.type_line("ja");
    p.expect_saved();
    assert_eq!(p.wait(), Some(0));
    let pgn = std::fs::read_to_string(journal.with_extension("pgn")).unwrap();
    assert!(!pgn.contains("old"), "{pgn}");
    assert_eq!(
        std::fs::read_to_string(&aside).unwrap(),
        "[Event \"old\"]\n"
    );

    // The journal itself is never written over.
    let out = common::annexd()
        .args([
            "play", "--speech", "text", "--lang", "de", "--board", "none",
        ])
        .arg("--journal")
        .arg(&journal)
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .start_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("die Partiedatei gibt es schon"), "{said}");
}

#[test]
fn the_speech_rate_is_set_on_the_command_line_changed_in_the_game_and_kept() {
    let home = tempfile::tempdir().unwrap();
    let settings = home
        .path()
        .join("config")
        .join("annexd")
        .join("annexd.toml");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    std::fs::write(
        &settings,
        "# my settings\n[speech]\n# slow at first\nrate = 0.8\n",
    )
    .unwrap();
    let game = |extra: &[&str]| {
        let mut command = at_home(home.path());
        command
            .args([
                "play", "--speech", "text", "--lang", "de", "--board", "none",
            ])
            .args(extra);
        Running::start(command)
    };
    let mut p = game(&[]);
    p.type_line("schneller");
    p.expect_exact("Sprechtempo neunzig Prozent");
    p.type_line("Ende\nja");
    p.expect_saved();
    assert_eq!(p.wait(), Some(0));
    let kept = std::fs::read_to_string(&settings).unwrap();
    assert_eq!(
        kept, "# my settings\n[speech]\n# slow at first\nrate = 0.9\n",
        "only the rate changes"
    );

    // The next game starts at the rate kept.
    let mut p = game(&[]);
    p.type_line("langsamer");
    p.expect_exact("Sprechtempo achtzig Prozent");
    p.type_line("Ende\nja");
    p.expect_saved();
    assert_eq!(p.wait(), Some(0));

    // The command line sets it for the game.
    let mut p = game(&["--speech-rate", "2.0"]);
    p.type_line("faster");
    p.expect_exact("schneller geht es nicht, Sprechtempo zweihundert Prozent");
    p.type_line("Ende\nja");
    p.expect_saved();
    assert_eq!(p.wait(), Some(0));

    let out = at_home(home.path())
        .args([
            "play",
            "--speech",
            "text",
            "--board",
            "none",
            "--speech-rate",
            "3",
        ])
        .start_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("--speech-rate 3: erlaubt: 0.5 … 2.0"),
        "{said}"
    );
}

#[test]
fn fides_written_controls_are_read_and_a_bad_one_is_explained_with_two_periods() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("g.jsonl");
    let mut p = play(&journal, &["--board", "none", "--control", "40/90+30+30"]);
    p.expect_containing("Partiedatei: ");
    p.type_line("Ende\nja");
    p.expect_saved();
    assert_eq!(p.wait(), Some(0));
    let pgn = std::fs::read_to_string(journal.with_extension("pgn")).unwrap();
    assert!(
        pgn.contains("[TimeControl \"40/5400+30:1800+30\"]"),
        "{pgn}"
    );

    let out = annexd()
        .args([
            "play", "--speech", "text", "--lang", "de", "--board", "none",
        ])
        .args(["--control", "40/90+30d5+30", "--journal"])
        .arg(dir.path().join("h.jsonl"))
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .start_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        said.trim_end(),
        "annexd: Zeitkontrolle unbekannt: 40/90+30d5+30: eine Periode hat höchstens einen \
         Zeitzuschlag: 30d5+30: zum Beispiel: 5400+30, 40/90+30+30"
    );
}

#[test]
#[cfg_attr(
    not(target_os = "linux"),
    ignore = "an ALSA configuration stands for the machine without sound"
)]
fn without_a_sound_card_the_game_starts_at_once_and_says_why_in_one_line() {
    let home = tempfile::tempdir().unwrap();
    // A machine whose sound card is gone: the default device names a card that is not there.
    let asound = home.path().join("asound.conf");
    std::fs::write(&asound, "pcm.!default {\n    type hw\n    card 9\n}\n").unwrap();
    let stderr = home.path().join("stderr.txt");
    let mut command = at_home(home.path());
    command
        .env(
            "ALSA_CONFIG_PATH",
            format!("/usr/share/alsa/alsa.conf:{}", asound.display()),
        )
        .env(
            "ANNEXD_VOICES",
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("voices"),
        )
        .args([
            "play", "--lang", "de", "--board", "none", "--speech", "clips",
        ])
        .args(["--listen", "push-to-talk"]);
    let mut p = Running::start_with_stderr(command, std::fs::File::create(&stderr).unwrap().into());
    // The game does not wait for the sound output to give up: it speaks in lines at once.
    p.expect_exact("neue Partie, Weiß am Zug, Zug eins");
    p.expect_exact("keine Tonausgabe, nur Text, kein Tongerät gefunden");
    p.type_line("Eva vier");
    p.expect_exact("Weiß Eva vier");
    p.type_line("Ende\nja");
    p.expect_saved();
    let transcript = p.transcript.clone();
    assert_eq!(p.wait(), Some(0));
    assert!(
        transcript.iter().all(|line| !line.trim().is_empty()),
        "an empty line: {transcript:?}"
    );
    // alsa-lib's own English lines stay off the terminal, the microphone's included.
    let errors = std::fs::read_to_string(&stderr).unwrap();
    assert!(!errors.contains("ALSA lib"), "{errors}");
    assert!(
        transcript
            .iter()
            .any(|l| l == "kein Mikrofon gefunden, Spracheingabe aus"),
        "{transcript:?}"
    );
}

#[test]
fn the_simulated_pegs_are_lifted_and_put_in_the_words_of_the_game() {
    for (lang, help, lift, lifted, put, back) in [
        (
            "de",
            "Stifte so bewegen: Brett e2e4, Brett heben e2, Brett setzen e4",
            "Brett heben g1",
            "Springer Gustav eins berührt",
            "Brett setzen g1",
            "Springer Gustav eins zurückgestellt, berührt, geführt",
        ),
        (
            "fr",
            "déplacer les tiges ainsi : tige e2e4, tige lever e2, tige poser e4",
            "tige lever g1",
            "Springer Gustav eins touché",
            "tige poser g1",
            "Springer Gustav eins remis en place, pièce touchée, pièce jouée",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut command = annexd();
        command
            .args(["play", "--speech", "text", "--lang", lang, "--board", "sim"])
            .arg("--journal")
            .arg(dir.path().join("g.jsonl"))
            .env("XDG_CONFIG_HOME", dir.path().join("config"));
        let mut p = Running::start(command);
        p.expect_containing("annexd-sim");
        p.type_line(if lang == "de" {
            "Hilfe Brett"
        } else {
            "aide échiquier"
        });
        p.expect_exact(help);
        p.type_line(lift);
        p.expect_exact(lifted);
        p.type_line(put);
        p.expect_exact(back);
        p.type_line(if lang == "de" { "Ende" } else { "fin" });
        p.type_line(if lang == "de" { "ja" } else { "oui" });
        p.expect_saved();
        let said = p.transcript.join("\n");
        assert_eq!(p.wait(), Some(0), "{lang}");
        assert!(!said.contains("UP") && !said.contains("DOWN"), "{said}");
    }
}
