//! The journal on real files: replay gives back the exact game, a crash in the middle of a
//! line loses nothing before it, a faulty line elsewhere is named, and `annexd pgn` says so.
//! Games are written the way the program writes them: the core's scoresheet (or session)
//! decides each line, [`GameFiles`] writes it.

use crate::common::platform::Start;
use crate::record_support;

use crate::common::platform;

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use annexd::record::{
    GameFiles, Journal, JournalError, RecordError, damaged_path, parse_journal_at, read_journal,
};
use annexd_core::record::{ApplyError, Entry, Header, MoveEntry, Scoresheet, Stamped, replay};
use annexd_core::{Effect, Input, Lang, Session, SessionOptions};
use proptest::prelude::*;
use record_support::{Mix, random_game};
use shakmaty::Color;

const FULL: Mix = Mix {
    max_plies: 120,
    offers: true,
    events: true,
    clocks: true,
};

/// Writes entries to a new journal file through `Journal`.
fn write_journal(path: &Path, header: &Header, lines: &[Stamped]) {
    let mut journal = Journal::create(path, header).unwrap();
    for line in lines {
        journal.append(line).unwrap();
    }
}

proptest! {
    // A fixed seed keeps CI deterministic; PROPTEST_RNG_SEED=<n> explores other games.
    #![proptest_config({
        let mut config = ProptestConfig::with_cases(64);
        if config.rng_seed == proptest::test_runner::RngSeed::Random {
            config.rng_seed = proptest::test_runner::RngSeed::Fixed(20_180_701);
        }
        config
    })]

    /// Replay through the journal's own text (no disk, so that many games stay fast).
    #[test]
    fn replay_of_the_journal_is_the_game_that_was_played(seed in any::<u64>()) {
        let (entries, sheet) = random_game(seed, FULL);
        let mut text = Stamped::untimed(Entry::header(sheet.header().clone())).to_json_line();
        for entry in &entries {
            text.push('\n');
            text.push_str(&entry.to_json_line());
        }
        text.push('\n');
        let contents = parse_journal_at(text.as_bytes(), Path::new("game.jsonl")).unwrap();
        prop_assert!(contents.damaged_tail.is_none());
        let read_back: Vec<Stamped> = contents
            .entries
            .iter()
            .map(|l| Stamped { entry: l.entry.clone(), at_ms: l.at_ms, hash: None })
            .collect();
        prop_assert_eq!(&read_back, &entries);
        let replayed = replay(&contents).unwrap();
        prop_assert_eq!(&replayed, &sheet);
        prop_assert_eq!(annexd_core::record::pgn_text(&replayed), annexd_core::record::pgn_text(&sheet));
    }
}

#[test]
fn replay_of_journal_files_is_the_game_that_was_played() {
    for seed in [1, 2, 3] {
        let (entries, sheet) = random_game(seed, FULL);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.jsonl");
        write_journal(&path, sheet.header(), &entries);
        let contents = read_journal(&path).unwrap();
        assert!(contents.damaged_tail.is_none());
        assert_eq!(replay(&contents).unwrap(), sheet);
    }
}

/// A game kept on disk the way the program keeps it: the core's scoresheet applies each
/// entry, then the game's files write the line and the PGN.
struct Kept {
    sheet: Scoresheet,
    files: GameFiles,
}

impl Kept {
    fn create(path: &Path, header: Header) -> Result<Kept, RecordError> {
        let (files, sheet) = GameFiles::create(path, &header)?;
        Ok(Kept { sheet, files })
    }

    fn open(path: &Path) -> Result<(Kept, Option<usize>), RecordError> {
        let (files, contents) = GameFiles::open(path)?;
        let sheet = replay(&contents).unwrap();
        let damaged = contents.damaged_tail.map(|tail| tail.line);
        Ok((Kept { sheet, files }, damaged))
    }

    /// Applies the entry (a refused one changes nothing and writes nothing), then writes it.
    fn record(&mut self, entry: Entry) -> Result<(), String> {
        let applied = self.sheet.apply(&entry).map_err(|e| e.to_string())?;
        self.files
            .write(&Stamped::untimed(applied.entry), &self.sheet)
            .map_err(|e| e.to_string())
    }
}

fn recorded_game(dir: &Path) -> (PathBuf, Kept) {
    let path = dir.join("game.jsonl");
    let mut header = Header::standard();
    header.white = "Anna".into();
    header.black = "Bella".into();
    let mut kept = Kept::create(&path, header).unwrap();
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"] {
        kept.record(Entry::play(uci)).unwrap();
    }
    kept.record(Entry::offer_draw(Color::White)).unwrap();
    (path, kept)
}

#[test]
fn a_line_cut_by_a_crash_is_reported_and_everything_before_it_kept() {
    let dir = tempfile::tempdir().unwrap();
    let (path, kept) = recorded_game(dir.path());
    let played = kept.sheet.clone();
    drop(kept);
    let good = fs::read(&path).unwrap();
    // The crash: half of the next line reached the disk.
    let mut file = OpenOptions::new().append(true).open(&path).unwrap();
    file.write_all(br#"{"type":"move","uci":"a7"#).unwrap();
    drop(file);

    let contents = read_journal(&path).unwrap();
    let tail = contents
        .damaged_tail
        .clone()
        .expect("the cut line is reported");
    assert_eq!(
        tail.line, 8,
        "header, five moves, the offer, then the cut line"
    );
    assert_eq!(contents.entries.len(), 6);
    assert_eq!(
        replay(&contents).unwrap(),
        played,
        "the game before the cut line is intact"
    );
    assert_eq!(
        Lang::De.text(&tail.tokens()),
        "das Ende der Partiedatei ist beschädigt und wurde übergangen, Partiedatei fehlerhaft in Zeile acht"
    );
    assert!(tail.to_string().contains("the entries before it are kept"));

    // Resuming moves the damaged bytes aside, and the game goes on cleanly.
    let (mut kept, damaged) = Kept::open(&path).unwrap();
    assert_eq!(damaged, Some(8));
    assert_eq!(kept.sheet, played);
    assert_eq!(
        fs::read(&path).unwrap(),
        good,
        "the journal is cut back to its good lines"
    );
    assert_eq!(
        fs::read(damaged_path(&path)).unwrap(),
        b"{\"type\":\"move\",\"uci\":\"a7\n"
    );
    kept.record(Entry::play("a7a6")).unwrap();
    let contents = read_journal(&path).unwrap();
    assert!(contents.damaged_tail.is_none());
    assert_eq!(contents.entries.len(), 7);
}

#[test]
fn a_last_line_complete_but_for_its_newline_is_kept_and_completed() {
    let dir = tempfile::tempdir().unwrap();
    let (path, kept) = recorded_game(dir.path());
    drop(kept);
    let mut file = OpenOptions::new().append(true).open(&path).unwrap();
    file.write_all(br#"{"type":"move","uci":"a7a6"}"#).unwrap();
    drop(file);
    let (mut kept, damaged) = Kept::open(&path).unwrap();
    assert!(damaged.is_none());
    assert_eq!(kept.sheet.game().history().len(), 6);
    kept.record(Entry::play("b5a4")).unwrap();
    assert_eq!(read_journal(&path).unwrap().entries.len(), 8);
}

#[test]
fn a_faulty_line_in_the_middle_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let (path, kept) = recorded_game(dir.path());
    drop(kept);
    let text = fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[3] = r#"{"type":"move","uci":"g1f3""#;
    fs::write(&path, lines.join("\n") + "\n").unwrap();
    let err = read_journal(&path).unwrap_err();
    let JournalError::BadLine { line, reason, .. } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(*line, 4);
    assert!(reason.contains("EOF"), "{reason}");
    assert_eq!(
        Lang::En.text(&err.tokens()),
        "the game file is faulty at line four"
    );
    // Resuming refuses too, and changes nothing.
    let before = fs::read(&path).unwrap();
    assert!(matches!(
        GameFiles::open(&path),
        Err(RecordError::Journal(JournalError::BadLine { line: 4, .. }))
    ));
    assert_eq!(fs::read(&path).unwrap(), before);
}

#[test]
fn a_line_the_rules_reject_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    let mut wrong_san = MoveEntry::new("g1f3");
    wrong_san.san = "Nh3".into();
    write_journal(
        &path,
        &Header::standard(),
        &[
            Stamped::untimed(Entry::play("e2e4")),
            Stamped::untimed(Entry::play("e2e4")),
            Stamped::untimed(Entry::play("g1f3")),
        ],
    );
    let err = replay(&read_journal(&path).unwrap()).unwrap_err();
    assert_eq!(err.line, 3);
    assert!(matches!(err.error, ApplyError::Game(_)), "{err}");
    let path = dir.path().join("other.jsonl");
    write_journal(
        &path,
        &Header::standard(),
        &[
            Stamped::untimed(Entry::play("e2e4")),
            Stamped::untimed(Entry::play("e7e5")),
            Stamped::untimed(Entry::Move(wrong_san)),
        ],
    );
    let err = replay(&read_journal(&path).unwrap()).unwrap_err();
    assert_eq!(err.line, 4);
    assert!(err.to_string().contains("\"Nh3\""), "{err}");
}

#[test]
fn a_new_journal_never_overwrites_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    fs::write(&path, "precious").unwrap();
    let err = Journal::create(&path, &Header::standard()).unwrap_err();
    assert!(matches!(err, JournalError::Exists { .. }));
    assert_eq!(
        Lang::De.text(&err.tokens()),
        "die Partiedatei gibt es schon"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "precious");
}

#[test]
fn a_bad_start_fen_creates_no_journal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    let err = Kept::create(&path, Header::new("not a fen")).err().unwrap();
    assert_eq!(Lang::De.text(&err.tokens()), "ungültige Stellung");
    assert!(err.to_string().contains("not a fen"), "{err}");
    assert!(!path.exists());
}

#[test]
fn a_refused_entry_writes_nothing_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut kept) = recorded_game(dir.path());
    let bytes = fs::read(&path).unwrap();
    let sheet = kept.sheet.clone();
    for bad in [
        Entry::play("e2e4"),
        Entry::play("xyz"),
        Entry::offer_draw(Color::Black),
        Entry::claim(Color::White, None),
        Entry::accept_draw(Color::White),
    ] {
        let err = kept.sheet.apply(&bad).unwrap_err();
        assert!(!Lang::En.text(&err.tokens()).is_empty(), "{bad:?}: {err}");
        assert!(kept.record(bad.clone()).is_err());
        assert_eq!(kept.sheet, sheet);
        assert_eq!(fs::read(&path).unwrap(), bytes);
    }
}

#[test]
fn the_end_of_the_game_is_written_with_its_result_and_the_pgn_kept_current() {
    // Played as the program plays: the session decides, the files write what it records.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    let pgn = dir.path().join("game.pgn");
    let (mut files, sheet) = GameFiles::create(&path, &Header::standard()).unwrap();
    assert!(fs::read_to_string(&pgn).unwrap().contains("[Result \"*\"]"));
    let mut session = Session::new(sheet, None, SessionOptions::default());
    for (i, line) in ["f3", "e5", "g4", "Qh4"].into_iter().enumerate() {
        let at = Duration::from_secs(i as u64 + 1);
        for effect in session.handle(Input::Line(line.into()), at) {
            if let Effect::Record(line, _) = effect {
                files.write(&line, session.sheet()).unwrap();
            }
        }
    }
    let contents = read_journal(&path).unwrap();
    let last = contents.entries.last().unwrap();
    assert_eq!(
        Stamped {
            entry: last.entry.clone(),
            at_ms: last.at_ms,
            hash: None,
        }
        .to_json_line(),
        r#"{"type":"result","result":"0-1","reason":"checkmate","at_ms":4000}"#
    );
    assert_eq!(
        fs::read_to_string(&pgn).unwrap(),
        annexd_core::record::pgn_text(session.sheet())
    );
    assert!(annexd_core::record::pgn_text(session.sheet()).contains("2. g4 Qh4# 0-1"));
    assert_eq!(replay(&contents).unwrap(), *session.sheet());
}

fn annexd(args: &[&str]) -> std::process::Output {
    platform::program(env!("CARGO_BIN_EXE_annexd"))
        .args(args)
        // No settings of the machine's user: their language would be the messages'.
        .env(
            "XDG_CONFIG_HOME",
            std::env::temp_dir().join("annexd-tests-no-settings"),
        )
        .start_output()
        .unwrap()
}

#[test]
fn annexd_pgn_prints_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let (path, kept) = recorded_game(dir.path());
    let out = annexd(&["pgn", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        annexd_core::record::pgn_text(&kept.sheet)
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn annexd_pgn_warns_about_a_cut_last_line_and_prints_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let (path, kept) = recorded_game(dir.path());
    let mut file = OpenOptions::new().append(true).open(&path).unwrap();
    file.write_all(b"{\"type\":\"dra").unwrap();
    let out = annexd(&["pgn", "--lang", "en", path.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        annexd_core::record::pgn_text(&kept.sheet)
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("the end of the game file is damaged and was skipped"),
        "{stderr}"
    );
    assert!(stderr.contains("line eight"), "{stderr}");
}

#[test]
fn annexd_pgn_fails_clearly_on_a_faulty_journal() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _kept) = recorded_game(dir.path());
    let text = fs::read_to_string(&path)
        .unwrap()
        .replacen("\"uci\":\"e7e5\"", "\"uci\":e7e5", 1);
    fs::write(&path, text).unwrap();
    let out = annexd(&["pgn", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        format!(
            "annexd: Partiedatei fehlerhaft in Zeile drei: {}\n",
            path.display()
        )
    );

    let missing = dir.path().join("missing.jsonl");
    let out = annexd(&["pgn", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "annexd: Partiedatei nicht lesbar, nicht gefunden: {}\n",
            missing.display()
        )
    );
}

#[test]
fn a_new_game_never_overwrites_a_pgn_file() {
    // A PGN without its journal (an earlier game's, another program's) does not refuse the
    // start (only the journal itself does, issue 29): it is kept under a name of its own.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("round1.jsonl");
    let pgn = dir.path().join("round1.pgn");
    fs::write(&pgn, "an earlier game").unwrap();
    fs::write(
        dir.path().join("round1.earlier.pgn"),
        "an earlier one still",
    )
    .unwrap();
    let kept = Kept::create(&path, Header::standard()).unwrap();
    let aside = dir.path().join("round1.earlier-2.pgn");
    assert_eq!(kept.files.earlier_pgn(), Some(aside.as_path()));
    assert_eq!(fs::read_to_string(&aside).unwrap(), "an earlier game");
    assert_eq!(
        fs::read_to_string(dir.path().join("round1.earlier.pgn")).unwrap(),
        "an earlier one still"
    );
    assert!(fs::read_to_string(&pgn).unwrap().contains("[Result \"*\"]"));
    // The journal itself is never written over.
    drop(kept);
    let err = Kept::create(&path, Header::standard()).err().unwrap();
    assert!(err.to_string().contains("round1.jsonl"), "{err}");
}

#[test]
fn a_pgn_that_cannot_be_written_does_not_lose_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    let pgn = dir.path().join("game.pgn");
    let mut kept = Kept::create(&path, Header::standard()).unwrap();
    // Something replaces the PGN file by a directory: renaming over it fails.
    fs::remove_file(&pgn).unwrap();
    fs::create_dir(&pgn).unwrap();
    let err = kept.record(Entry::play("e2e4")).unwrap_err();
    assert!(err.contains("game.pgn could not be written"), "{err}");
    assert_eq!(kept.sheet.game().history().len(), 1);
    assert_eq!(
        read_journal(&path).unwrap().entries.len(),
        1,
        "the journal line is written before the PGN"
    );
}
