//! `annexd sheet` with the real parts: the PDF read back with pdftotext (and its fonts with
//! pdffonts), the Braille translated back with liblouis itself, the text and PGN sheets; a
//! game with every kind of note in every language, a long game over several pages, and
//! what bad input gets.

use crate::common;
use crate::common::platform::Start;
use crate::games;
use crate::record_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use annexd::record::{BrailleTable, Journal};
use annexd_core::Lang;
use annexd_core::record::{
    CELLS_PER_LINE, Form, LINES_PER_PAGE, RecordState, SheetWords, Stamped, cells_of,
};
use common::run;
use games::{Played, every_note, notes_before_moves};
use record_support::{Mix, random_game};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Writes a game's journal, sealed, as the program does.
fn journal(
    dir: &Path,
    name: &str,
    header: &annexd_core::record::Header,
    lines: &[Stamped],
) -> PathBuf {
    let path = dir.join(name);
    let mut journal = Journal::create(&path, header).unwrap();
    for line in lines {
        journal.append(line).unwrap();
    }
    path
}

fn every_note_journal(dir: &Path) -> (PathBuf, Played) {
    let played = every_note();
    (
        journal(dir, "game.jsonl", &played.header, &played.lines),
        played,
    )
}

/// A tool of poppler-utils, installed by scripts/setup.sh.
fn poppler(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool)
        .args(args)
        .start_output()
        .unwrap_or_else(|e| panic!("{tool} (poppler-utils, scripts/setup.sh installs it): {e}"));
    assert!(out.status.success(), "{tool}: {}", text(&out.stderr));
    text(&out.stdout)
}

fn verify_code(journal: &Path) -> String {
    let out = run(&["verify", journal.to_str().unwrap(), "--lang", "en"]);
    let stdout = text(&out.stdout);
    let line = stdout
        .lines()
        .find(|l| l.starts_with("check code: "))
        .expect(&stdout);
    line["check code: ".len().."check code: ".len() + 19].to_string()
}

#[test]
#[cfg_attr(
    windows,
    ignore = "poppler's pdftotext, pdfinfo and pdffonts are Linux programs, which a test under Wine cannot start with its output handles; scripts/test-package-windows.sh reads a PDF made under Wine with them"
)]
fn the_pdf_reads_back_with_every_note_its_times_signatures_and_check_code() {
    let dir = tempfile::tempdir().unwrap();
    let (journal, _) = every_note_journal(dir.path());
    let out = run(&["sheet", journal.to_str().unwrap(), "--lang", "de"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let pdf = dir.path().join("game.pdf");
    assert_eq!(
        text(&out.stdout),
        format!("Partieformular geschrieben: {}\n", pdf.display())
    );
    let page = poppler("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]);
    for wanted in [
        "PARTIEFORMULAR",
        "Offene Stadtmeisterschaft Köln",
        "Anna Weiß",
        "Élodie Noël",
        "neunzig Minuten, plus dreißig Sekunden pro Zug",
        "Sc3",
        "e6 (=)",
        "0-0-0 [3,4]",
        "bxc8D",
        "Tfxc8",
        "1:25:50",
        "Anmerkungen",
        "[6] 9… Tb8: Zurückgenommen Sb5 (Schiedsrichter)",
        "[3] 8. 0-0-0: Weiß regelwidriger Zug, Strafe, Schwarz erhält zwei Minuten",
        "Ergebnis: 0-1",
        "Weiß Zeit abgelaufen, Schwarz gewinnt",
        "Unterschrift Weiß",
        "Unterschrift Schwarz",
        "Unterschrift Schiedsrichter",
        "Aufzeichnung versiegelt und unversehrt",
        "Seite 1 von 1",
    ] {
        assert!(page.contains(wanted), "'{wanted}' missing:\n{page}");
    }
    let code = verify_code(&journal);
    assert!(
        page.contains(&format!("Prüfcode: {code}")),
        "{code}\n{page}"
    );
    // The font is in the file, so the sheet prints the same anywhere, cut down to the glyphs
    // drawn (its columns: name, type, encoding, emb, sub, uni, object ID).
    let fonts = poppler("pdffonts", &[pdf.to_str().unwrap()]);
    let embedded = fonts.lines().filter(|l| l.contains("DejaVuSans")).all(|l| {
        let columns: Vec<&str> = l.split_whitespace().rev().collect();
        columns.get(4) == Some(&"yes") && columns.get(3) == Some(&"yes")
    });
    assert!(fonts.contains("DejaVuSans") && embedded, "{fonts}");
    // And in English.
    let english = dir.path().join("english.pdf");
    let out = run(&[
        "sheet",
        journal.to_str().unwrap(),
        "--lang",
        "en",
        "--out",
        english.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = poppler("pdftotext", &["-layout", english.to_str().unwrap(), "-"]);
    for wanted in [
        "SCORESHEET",
        "Nc3",
        "bxc8Q",
        "Rfxc8",
        "Signature Arbiter",
        "Result: 0-1",
        "Page 1 of 1",
    ] {
        assert!(page.contains(wanted), "'{wanted}' missing:\n{page}");
    }
}

#[test]
#[cfg_attr(
    windows,
    ignore = "poppler's pdftotext, pdfinfo and pdffonts are Linux programs, which a test under Wine cannot start with its output handles; scripts/test-package-windows.sh reads a PDF made under Wine with them"
)]
fn a_long_game_goes_on_over_several_pages_each_with_its_head_and_code() {
    let dir = tempfile::tempdir().unwrap();
    let (lines, sheet) = random_game(
        2024,
        Mix {
            max_plies: 400,
            offers: false,
            events: false,
            clocks: true,
        },
    );
    let rows = sheet.game().history().len().div_ceil(2);
    assert!(rows > 60, "the game has {rows} move pairs");
    let journal = journal(dir.path(), "long.jsonl", sheet.header(), &lines);
    let out = run(&["sheet", journal.to_str().unwrap(), "--lang", "de"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let pdf = dir.path().join("long.pdf");
    let info = poppler("pdfinfo", &[pdf.to_str().unwrap()]);
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .map(|n| n.trim().parse().unwrap())
        .unwrap();
    assert_eq!(pages, rows.div_ceil(60));
    let code = verify_code(&journal);
    for page in 1..=pages {
        let n = page.to_string();
        let content = poppler(
            "pdftotext",
            &["-layout", "-f", &n, "-l", &n, pdf.to_str().unwrap(), "-"],
        );
        assert!(
            content.contains(&format!("Seite {page} von {pages}")),
            "{content}"
        );
        assert!(content.contains(&format!("Prüfcode {code}")), "{content}");
        assert!(content.contains("Anna Weiß"), "the head on every page");
        // The rows of this page, by their numbers.
        let first = (page - 1) * 60 + 1;
        assert!(
            content.contains(&format!(" {first} ")),
            "row {first} on page {page}"
        );
        assert_eq!(
            content.contains("Unterschrift Schiedsrichter"),
            page == pages
        );
    }
}

/// The moves of a back-translated pair line ("12. Sf3 Sc6", "4. Sc3 e6 (= ("), without
/// its number and marks.
fn moves_of(line: &str) -> Option<(u32, Vec<String>)> {
    let mut words = line.split_whitespace();
    let number = words.next()?.strip_suffix('.')?.parse().ok()?;
    let moves = words
        .filter(|w| !w.starts_with('(') && *w != "..." && !w.ends_with(')'))
        .map(str::to_string)
        .collect();
    Some((number, moves))
}

#[test]
#[cfg_attr(
    windows,
    ignore = "liblouis 3.7.0, the Windows build's (the newest source a package carries), crashes translating Braille back; the program only translates forward, and scripts/test-package-windows.sh compares a Windows sheet with Linux's byte for byte"
)]
fn the_braille_sheet_has_40_cells_25_lines_page_numbers_and_translates_back_to_its_moves() {
    let dir = tempfile::tempdir().unwrap();
    let (journal, played) = every_note_journal(dir.path());
    for lang in Lang::ALL {
        let out_path = dir.path().join(format!("game-{lang}.brf"));
        let out = run(&[
            "sheet",
            journal.to_str().unwrap(),
            "--format",
            "brf",
            "--lang",
            lang.code(),
            "--out",
            out_path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let brf = std::fs::read_to_string(&out_path).unwrap();
        let table = BrailleTable::of(lang).unwrap();
        let pages: Vec<&str> = brf.split('\u{c}').collect();
        let mut back = Vec::new();
        for (index, page) in pages.iter().enumerate() {
            let rows: Vec<&str> = page.strip_suffix("\r\n").unwrap().split("\r\n").collect();
            assert_eq!(rows.len(), LINES_PER_PAGE, "{lang} page {}", index + 1);
            for row in &rows {
                assert!(row.chars().count() <= CELLS_PER_LINE, "{lang}: {row:?}");
                cells_of(row).unwrap_or_else(|c| panic!("{lang}: {c:?} is not Braille ASCII"));
            }
            // The page number, at the right of the last line.
            let number = rows[LINES_PER_PAGE - 1];
            assert_eq!(number.chars().count(), CELLS_PER_LINE);
            let number = table
                .back_translate(&cells_of(number.trim()).unwrap())
                .unwrap();
            assert_eq!(number, (index + 1).to_string(), "{lang}");
            for row in &rows[..LINES_PER_PAGE - 1] {
                back.push(table.back_translate(&cells_of(row).unwrap()).unwrap());
            }
        }
        // Every move pair comes back from the Braille as the form wrote it.
        let state = RecordState::of(&annexd::record::read_journal(&journal).unwrap());
        let form = Form::new(&played.sheet, &state, lang, SheetWords::Letters);
        let pairs: Vec<(u32, Vec<String>)> = back.iter().filter_map(|l| moves_of(l)).collect();
        let expected: Vec<(u32, Vec<String>)> = form
            .rows
            .iter()
            .map(|r| {
                let moves = [&r.white, &r.black]
                    .into_iter()
                    .flatten()
                    .map(|h| h.text.clone())
                    .collect();
                (r.number, moves)
            })
            .collect();
        assert_eq!(pairs, expected, "{lang}:\n{}", back.join("\n"));
        let code = form.check_code.unwrap();
        assert!(back.iter().any(|l| l.ends_with(&code)), "{lang}: {back:?}");
    }
}

#[test]
#[cfg_attr(
    windows,
    ignore = "liblouis 3.7.0, the Windows build's (the newest source a package carries), crashes translating Braille back; the program only translates forward, and scripts/test-package-windows.sh compares a Windows sheet with Linux's byte for byte"
)]
fn the_braille_sheet_writes_the_annex_d_words_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let (journal, _) = every_note_journal(dir.path());
    let out = run(&[
        "sheet",
        journal.to_str().unwrap(),
        "--format",
        "brf",
        "--lang",
        "de",
        "--words",
        "annex-d",
        "--out",
        "-",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = BrailleTable::of(Lang::De).unwrap();
    let back: Vec<String> = text(&out.stdout)
        .split(['\u{c}', '\n'])
        .map(|row| {
            table
                .back_translate(&cells_of(row.trim_end()).unwrap())
                .unwrap()
        })
        .collect();
    for line in [
        "5. David vier Läufer Eva sieben",
        "6. Läufer Felix vier Kurze Rochade",
    ] {
        assert!(back.contains(&line.to_string()), "{back:?}");
    }
}

/// Issue 34: the French sheet marks notes made before the first move in front of it and
/// names that move in the list; a draw offered before the offerer's move, left without it, is
/// a note at the move it followed.
#[test]
#[cfg_attr(
    windows,
    ignore = "poppler's pdftotext, pdfinfo and pdffonts are Linux programs, which a test under Wine cannot start with its output handles; scripts/test-package-windows.sh reads a PDF made under Wine with them"
)]
fn the_french_pdf_marks_every_note_at_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let played = notes_before_moves();
    let journal = journal(dir.path(), "partie.jsonl", &played.header, &played.lines);
    let out = run(&["sheet", journal.to_str().unwrap(), "--lang", "fr"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let pdf = dir.path().join("partie.pdf");
    let page = poppler("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]);
    for wanted in [
        "[1,2] e4 (=)",
        "e5 [3]",
        "[1] avant 1. e4: Blanc réclame la nulle, réclamation non fondée,",
        "[3] 1… e5: Blanc propose nulle",
    ] {
        assert!(page.contains(wanted), "'{wanted}' missing:\n{page}");
    }
}

#[test]
fn the_text_and_pgn_sheets_go_beside_the_journal_or_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let (journal, played) = every_note_journal(dir.path());
    let out = run(&[
        "sheet",
        journal.to_str().unwrap(),
        "--format",
        "txt",
        "--lang",
        "en",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let txt = std::fs::read_to_string(dir.path().join("game.txt")).unwrap();
    assert!(txt.starts_with("Scoresheet\n"), "{txt}");
    assert!(txt.contains("\n4. Black e6 (=), 1:25:50\n"), "{txt}");
    assert!(
        txt.contains(&format!("Check code: {}", verify_code(&journal))),
        "{txt}"
    );
    let out = run(&[
        "sheet",
        journal.to_str().unwrap(),
        "--format",
        "pgn",
        "--out",
        "-",
    ]);
    assert!(out.status.success());
    let pgn = run(&["pgn", journal.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), text(&pgn.stdout));
    // The comments in the language of the messages (the settings' German here: the journal
    // names none), as every sheet says them.
    assert_eq!(
        text(&out.stdout),
        annexd_core::record::pgn_text_in(&played.sheet, annexd_core::Lang::De)
    );
}

#[test]
fn the_newest_game_of_the_games_folder_is_taken_when_none_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    let config = dir.path().join("annexd.toml");
    std::fs::write(
        &config,
        format!(
            "[record]\ndir = '{}'\n[game]\nlanguage = \"en\"\n",
            games.display()
        ),
    )
    .unwrap();
    let played = every_note();
    journal(&games, "older.jsonl", &played.header, &played.lines[..4]);
    std::thread::sleep(std::time::Duration::from_millis(20));
    journal(&games, "newer.jsonl", &played.header, &played.lines);
    let out = run(&[
        "sheet",
        "--config",
        config.to_str().unwrap(),
        "--format",
        "txt",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        format!(
            "scoresheet written: {}\n",
            games.join("newer.txt").display()
        )
    );
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    std::fs::write(&config, format!("[record]\ndir = '{}'\n", empty.display())).unwrap();
    let out = run(&["sheet", "--config", config.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("keine Partiedatei gefunden"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn bad_input_gets_a_clear_message_and_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let (journal, _) = every_note_journal(dir.path());
    let j = journal.to_str().unwrap();
    let missing = dir.path().join("missing.jsonl");
    let out = run(&["sheet", missing.to_str().unwrap(), "--lang", "de"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("Partiedatei nicht lesbar"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["sheet", j, "--font", "/nonexistent/font.ttf"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "annexd: Partieformular konnte nicht geschrieben werden, Schrift nicht verwendbar: \
         /nonexistent/font.ttf\n"
    );
    assert!(!dir.path().join("game.pdf").exists());
    let out = run(&["sheet", j, "--font", j]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("Schrift nicht verwendbar"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["sheet", j, "--format", "docx"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "annexd: kein erlaubter Wert: --format <FORMAT>: docx: Hilfe mit --help\n"
    );
    let out = run(&["sheet", j, "--words", "pictures"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "annexd: kein erlaubter Wert: --words <WORDS>: pictures: Hilfe mit --help\n"
    );
    let out = run(&["sheet", j, "--out", "/nonexistent/dir/x.pdf"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "annexd: Partieformular konnte nicht geschrieben werden, nicht gefunden: \
         /nonexistent/dir/x.pdf\n"
    );
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        vec!["game.jsonl".to_string()],
        "nothing else was left"
    );
}

#[test]
fn a_changed_record_still_gets_its_sheet_which_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (journal, _) = every_note_journal(dir.path());
    let text_before = std::fs::read_to_string(&journal).unwrap();
    let changed = text_before.replacen("\"white_ms\":5390000", "\"white_ms\":5399000", 1);
    assert_ne!(changed, text_before);
    std::fs::write(&journal, changed).unwrap();
    let out = run(&[
        "sheet",
        journal.to_str().unwrap(),
        "--format",
        "txt",
        "--lang",
        "de",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "annexd: Aufzeichnung verändert in Zeile zwei\n"
    );
    let txt = std::fs::read_to_string(dir.path().join("game.txt")).unwrap();
    assert!(
        txt.contains("\nAufzeichnung verändert in Zeile zwei\n"),
        "{txt}"
    );
}

#[test]
#[cfg_attr(
    windows,
    ignore = "poppler's pdftotext, pdfinfo and pdffonts are Linux programs, which a test under Wine cannot start with its output handles; scripts/test-package-windows.sh reads a PDF made under Wine with them"
)]
fn notes_that_do_not_fit_go_on_to_a_page_of_their_own_before_the_signatures() {
    let dir = tempfile::tempdir().unwrap();
    // A short game with many notes: the arbiter adds time again and again.
    use annexd_core::record::{ClockAdjustmentEntry, Entry, Header, Scoresheet};
    use shakmaty::Color;
    let mut sheet = Scoresheet::new(Header::standard()).unwrap();
    let mut lines = Vec::new();
    let notes = 60;
    for (i, uci) in ["e2e4", "e7e5", "g1f3"].into_iter().enumerate() {
        let applied = sheet.apply(&Entry::play(uci)).unwrap();
        lines.push(Stamped::at(applied.entry, i as u64 * 1000));
    }
    for i in 0..notes {
        let entry = Entry::ClockAdjustment(ClockAdjustmentEntry {
            side: if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
            delta_ms: 10_000,
            set_ms: None,
            reason: format!("6.10.2, number {i}"),
        });
        let applied = sheet.apply(&entry).unwrap();
        lines.push(Stamped::at(applied.entry, 5000 + i as u64));
    }
    let journal = journal(dir.path(), "notes.jsonl", sheet.header(), &lines);
    let out = run(&["sheet", journal.to_str().unwrap(), "--lang", "en"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let pdf = dir.path().join("notes.pdf");
    let all = poppler("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]);
    let pages = all.matches('\u{c}').count();
    assert!(pages >= 2, "{notes} notes on one page:\n{all}");
    for number in 1..=notes {
        assert!(
            all.contains(&format!("[{number}] ")),
            "note {number} missing:\n{all}"
        );
    }
    let last = pages.to_string();
    let last_page = poppler(
        "pdftotext",
        &[
            "-layout",
            "-f",
            &last,
            "-l",
            &last,
            pdf.to_str().unwrap(),
            "-",
        ],
    );
    assert!(last_page.contains("Signature Arbiter"), "{last_page}");
    assert!(
        !all.split('\u{c}')
            .next()
            .unwrap()
            .contains("Signature Arbiter")
    );
}
