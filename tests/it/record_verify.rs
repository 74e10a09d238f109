//! `annexd verify` on real files: an intact record, one changed by hand, one cut short (found
//! with the check code of the signed sheet), a crash's cut last line (recovered by resume,
//! not a change), and an old unsealed journal that still resumes and exports.

use crate::common;
use crate::games;

use std::fs;
use std::path::{Path, PathBuf};

use annexd::record::{GameFiles, Journal};
use annexd_core::record::{Entry, Stamped};
use common::run;
use games::every_note;

fn verify(journal: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let mut args = vec!["verify", journal.to_str().unwrap()];
    args.extend(extra);
    let out = run(&args);
    let mut said = String::from_utf8_lossy(&out.stdout).into_owned();
    said.push_str(&String::from_utf8_lossy(&out.stderr));
    (out.status.code(), said)
}

/// The every-note game, sealed, as the program writes it.
fn written(dir: &Path) -> PathBuf {
    let played = every_note();
    let path = dir.join("game.jsonl");
    let mut journal = Journal::create(&path, &played.header).unwrap();
    for line in &played.lines {
        journal.append(line).unwrap();
    }
    path
}

fn code_of(said: &str) -> String {
    let line = said
        .lines()
        .find(|l| l.starts_with("check code: ") || l.starts_with("Prüfcode: "))
        .expect(said);
    let start = line.find(": ").unwrap() + 2;
    line[start..start + 19].to_string()
}

#[test]
fn an_intact_record_is_said_to_be_intact_with_its_replay_and_code() {
    let dir = tempfile::tempdir().unwrap();
    let journal = written(dir.path());
    let (code, said) = verify(&journal, &["--lang", "de"]);
    assert_eq!(code, Some(0), "{said}");
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines[0], journal.display().to_string());
    assert_eq!(
        lines[1],
        "Aufzeichnung versiegelt und unversehrt, 32 Zeilen"
    );
    assert_eq!(
        lines[2],
        // Issue 22, item 10: moves, not half-moves (twenty half-moves are ten moves).
        "Partie nach den Regeln nachgespielt, zehn Züge, Ergebnis 0-1"
    );
    assert!(lines[3].starts_with("Prüfcode: "), "{said}");
    assert_eq!(
        lines[4],
        "Prüfcode mit dem unterschriebenen Partieformular vergleichen"
    );
    let (code, said) = verify(
        &journal,
        &["--lang", "en", "--code", &code_of(&lines[3..].join("\n"))],
    );
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("the check code matches the end of the record"),
        "{said}"
    );
}

#[test]
fn one_move_is_said_as_one_move_in_each_language() {
    // 1. e4 e5 is one move: "ein Zug", not "eins Züge" (issue 22, item 10).
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("one.jsonl");
    let mut command = common::annexd();
    command.arg("play").arg("--journal").arg(&journal);
    command.env("XDG_CONFIG_HOME", dir.path());
    let mut game = common::Running::start(command);
    game.type_line("Eva vier");
    game.expect_exact("Weiß Eva vier");
    game.type_line("Eva fünf");
    game.expect_exact("Schwarz Eva fünf");
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    for (lang, replayed) in [
        ("de", "Partie nach den Regeln nachgespielt, ein Zug, "),
        ("en", "game replayed by the rules, one move, "),
        ("fr", "partie rejouée selon les règles, un coup, "),
    ] {
        let (code, said) = verify(&journal, &["--lang", lang]);
        assert_eq!(code, Some(0), "{said}");
        assert!(said.contains(replayed), "{lang}: {said}");
    }
}

#[test]
fn a_record_changed_by_hand_is_named_at_its_lines() {
    let dir = tempfile::tempdir().unwrap();
    let journal = written(dir.path());
    let original = fs::read_to_string(&journal).unwrap();
    // The result turned round: the flag and the result lines.
    let changed = original
        .replace("\"fallen\":\"white\"", "\"fallen\":\"black\"")
        .replace("\"result\":\"0-1\"", "\"result\":\"1-0\"")
        .replace(
            "{\"flag_fall\":{\"fallen\":\"white\"}}",
            "{\"flag_fall\":{\"fallen\":\"black\"}}",
        );
    assert_ne!(changed, original);
    fs::write(&journal, &changed).unwrap();
    let (code, said) = verify(&journal, &["--lang", "de"]);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("Aufzeichnung verändert in Zeile einunddreißig und zweiunddreißig"),
        "{said}"
    );
    // A time changed is a change too.
    let timed = original.replacen("\"black_ms\":5150000", "\"black_ms\":5350000", 1);
    fs::write(&journal, &timed).unwrap();
    let (code, said) = verify(&journal, &["--lang", "en"]);
    assert_eq!(code, Some(1));
    assert!(said.contains("record changed at line nine"), "{said}");
    // A line that can no longer be read in the middle of the file is named by the reader.
    let broken = original.replacen("\"type\":\"draw_offer\"", "\"type\":\"draw_offer", 1);
    fs::write(&journal, &broken).unwrap();
    let (code, said) = verify(&journal, &["--lang", "en"]);
    assert_eq!(code, Some(1));
    assert!(
        said.contains("the game file is faulty at line ten"),
        "{said}"
    );
}

#[test]
fn a_record_cut_short_is_found_with_the_check_code_of_the_signed_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let journal = written(dir.path());
    let (_, said) = verify(&journal, &["--lang", "en"]);
    let signed = code_of(&said);
    // The last two lines (the flag and the result) taken away: still a whole chain.
    let text = fs::read_to_string(&journal).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    fs::write(&journal, lines[..lines.len() - 2].join("\n") + "\n").unwrap();
    let (code, said) = verify(&journal, &["--lang", "en"]);
    assert_eq!(code, Some(0), "the chain alone cannot see a cut: {said}");
    assert!(said.contains("game not finished"), "{said}");
    let (code, said) = verify(&journal, &["--lang", "en", "--code", &signed]);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("the check code matches no point of the record"),
        "{said}"
    );
    // A code taken earlier, with lines added since.
    let (_, said) = verify(&journal, &["--lang", "en"]);
    let earlier = code_of(&said);
    fs::write(&journal, text).unwrap();
    let (code, said) = verify(&journal, &["--lang", "en", "--code", &earlier]);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("the check code belongs to line thirty, lines added after it two"),
        "{said}"
    );
    let (code, said) = verify(&journal, &["--code", "not a code"]);
    assert_eq!(code, Some(2), "a mistake on the command line");
    assert_eq!(
        said,
        "annexd: kein Prüfcode, er hat 16 Zeichen aus 0 bis 9 und a bis f: not a code\n"
    );
}

#[test]
fn a_crash_while_writing_is_not_a_change_and_resume_keeps_the_chain_whole() {
    let dir = tempfile::tempdir().unwrap();
    let played = every_note();
    let path = dir.path().join("game.jsonl");
    let mut journal = Journal::create(&path, &played.header).unwrap();
    // The game up to the flag, then the flag's line cut by a crash.
    let (before, _) = played.lines.split_at(played.lines.len() - 2);
    for line in before {
        journal.append(line).unwrap();
    }
    drop(journal);
    let mut bytes = fs::read(&path).unwrap();
    bytes.extend_from_slice(br#"{"type":"flag","fallen":"wh"#);
    fs::write(&path, &bytes).unwrap();
    let (code, said) = verify(&path, &["--lang", "de"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("Aufzeichnung versiegelt und unversehrt, Partiedatei fehlerhaft in Zeile einunddreißig, Rest eines Absturzes beim Schreiben, keine Veränderung"),
        "{said}"
    );
    // Resumed: the cut line is set aside, and what is written next follows on unbroken.
    let (mut files, contents) = GameFiles::open(&path).unwrap();
    assert!(contents.damaged_tail.is_some());
    let mut sheet = annexd_core::record::replay(&contents).unwrap();
    for line in &played.lines[played.lines.len() - 2..] {
        sheet.apply(&line.entry).unwrap();
        files.write(line, &sheet).unwrap();
    }
    let (code, said) = verify(&path, &["--lang", "de"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("Aufzeichnung versiegelt und unversehrt, 32 Zeilen"),
        "{said}"
    );
    assert!(fs::read(annexd::record::damaged_path(&path)).is_ok());
    assert_eq!(code_of(&said), files.seal().unwrap().check_code().text());
}

#[test]
fn an_old_journal_is_not_sealed_but_still_resumes_and_exports() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.jsonl");
    let played = every_note();
    let mut header = played.header.clone();
    header.format = 1;
    let mut text = Stamped::untimed(Entry::header(header)).to_json_line();
    for line in &played.lines[..6] {
        text.push('\n');
        text.push_str(&line.to_json_line());
    }
    text.push('\n');
    fs::write(&path, &text).unwrap();
    let (code, said) = verify(&path, &["--lang", "en"]);
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("record not sealed, older format, 7 lines"),
        "{said}"
    );
    assert!(!said.contains("check code"), "{said}");
    // Resumed and written on: still format 1, no seals.
    let (mut files, contents) = GameFiles::open(&path).unwrap();
    let mut sheet = annexd_core::record::replay(&contents).unwrap();
    let next = &played.lines[6];
    sheet.apply(&next.entry).unwrap();
    files.write(next, &sheet).unwrap();
    assert_eq!(files.seal(), None);
    let written = fs::read_to_string(&path).unwrap();
    assert!(!written.contains("\"hash\""), "{written}");
    let out = run(&[
        "sheet",
        path.to_str().unwrap(),
        "--format",
        "txt",
        "--lang",
        "en",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let txt = fs::read_to_string(dir.path().join("old.txt")).unwrap();
    assert!(txt.contains("Record not sealed, older format"), "{txt}");
    assert!(!txt.contains("Check code"), "{txt}");
}
