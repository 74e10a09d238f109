//! The end of a game in `annexd play`: the scoresheets the settings ask for are written
//! beside the journal and said, then the record's check code; the code said, the code on
//! the printed and the Braille sheet and the code `annexd verify` finds are one.

use crate::common;
use crate::common::platform::Start;

use std::path::Path;
use std::process::Command;

use annexd::record::BrailleTable;
use annexd_core::Lang;
use annexd_core::record::cells_of;
use common::{Running, annexd, read};

/// `annexd play` with a settings file in `dir`.
fn play(dir: &Path, journal: &Path, settings: &str, extra: &[&str]) -> Running {
    let config = dir.join("config").join("annexd");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("annexd.toml"), settings).unwrap();
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(journal)
        .args(extra)
        .env("XDG_CONFIG_HOME", dir.join("config"));
    Running::start(command)
}

fn verify(journal: &Path, code: &str) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_annexd"))
        .args([
            "verify",
            journal.to_str().unwrap(),
            "--lang",
            "de",
            "--code",
            code,
        ])
        .env("XDG_CONFIG_HOME", journal.parent().unwrap())
        .start_output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn at_mate_the_sheets_are_written_and_the_check_code_said_is_the_one_on_them() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("mate.jsonl");
    let settings = "[game]\nround = \"5\"\nboard = \"7\"\nsite = \"Lüttich\"\n\
                    [record]\nsheets = [\"pdf\", \"brf\", \"txt\"]\n";
    let mut game = play(dir.path(), &journal, settings, &["--white", "Zoë Müller"]);
    game.expect_containing("neue Partie");
    for mv in ["f3", "e5", "g4"] {
        game.type_line(mv);
    }
    game.type_line("Dame Hector vier");
    game.expect_exact("Schwarz Dame Hector vier matt, schachmatt, Schwarz gewinnt");
    for ext in ["pdf", "brf", "txt"] {
        game.expect_exact(&format!(
            "Partieformular geschrieben: {}",
            journal.with_extension(ext).display()
        ));
    }
    let said = game.expect_containing("Prüfcode: ");
    let code = said.strip_prefix("Prüfcode: ").unwrap().to_string();
    assert_eq!(code.len(), 19, "{said}");
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));

    let (exit, verdict) = verify(&journal, &code);
    assert_eq!(exit, Some(0), "{verdict}");
    assert!(
        verdict.contains("der Prüfcode stimmt mit dem Ende der Aufzeichnung überein"),
        "{verdict}"
    );
    // poppler's pdftotext is a Linux program, which a test under Wine cannot start with its
    // output handles: scripts/test-package-windows.sh reads a PDF made under Wine with it.
    let page = if cfg!(windows) {
        String::new()
    } else {
        let pdf = Command::new("pdftotext")
            .args([
                "-layout",
                journal.with_extension("pdf").to_str().unwrap(),
                "-",
            ])
            .start_output()
            .expect("pdftotext (poppler-utils, scripts/setup.sh installs it)");
        String::from_utf8_lossy(&pdf.stdout).into_owned()
    };
    for wanted in [
        format!("Prüfcode: {code}"),
        "Zoë Müller".to_string(),
        "Lüttich".to_string(),
        "Dh4#".to_string(),
        "Ergebnis: 0-1".to_string(),
    ] {
        assert!(
            cfg!(windows) || page.contains(&wanted),
            "'{wanted}' missing:\n{page}"
        );
    }
    assert!(read(&journal.with_extension("txt")).contains(&format!("Prüfcode: {code}\n")));
    let table = BrailleTable::of(Lang::De).unwrap();
    let brf = read(&journal.with_extension("brf"));
    if cfg!(windows) {
        // liblouis 3.7.0 (Windows) cannot translate back: the lines are looked for in Braille.
        for line in [code.as_str(), "2. g4 Dh4#"] {
            let cells: String = table
                .translate(line)
                .unwrap()
                .into_iter()
                .map(annexd_core::record::brf_char)
                .collect();
            assert!(brf.contains(&cells), "'{line}' ({cells}) missing:\n{brf}");
        }
        return;
    }
    let back: Vec<String> = brf
        .split(['\u{c}', '\n'])
        .map(|row| {
            table
                .back_translate(&cells_of(row.trim_end()).unwrap())
                .unwrap()
        })
        .collect();
    // On the Braille sheet the code stands on a line of its own, below its label.
    let label = back.iter().position(|l| l == "Prüfcode:");
    let code_line = label.and_then(|at| back.get(at + 1)).map(|l| l.trim());
    assert_eq!(code_line, Some(code.as_str()), "{back:?}");
    assert!(back.contains(&"2. g4 Dh4#".to_string()), "{back:?}");
}

#[test]
fn when_the_flag_falls_the_code_is_said_and_no_sheet_is_written_unless_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("flag.jsonl");
    let mut game = play(
        dir.path(),
        &journal,
        "[game]\nlanguage = \"en\"\n",
        &["--control", "2s"],
    );
    game.expect_containing("new game");
    game.type_line("e4");
    game.type_line("");
    // Black does not move: the flag falls after two seconds.
    game.expect_containing("flag fell");
    let said = game.expect_containing("check code: ");
    let code = said.strip_prefix("check code: ").unwrap().to_string();
    game.type_line("quit\nyes");
    assert_eq!(game.wait(), Some(0));
    let (exit, verdict) = verify(&journal, &code);
    assert_eq!(exit, Some(0), "{verdict}");
    for ext in ["pdf", "brf", "txt"] {
        assert!(!journal.with_extension(ext).exists(), "{ext}");
    }
}
