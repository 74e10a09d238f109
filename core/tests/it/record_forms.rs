//! The scoresheet's forms, pure: what the printed, Braille and text sheets say about games
//! with every kind of note, in every language the program has.

use crate::support;

use annexd_core::Lang;
use annexd_core::record::{Entry, Form, RecordState, Sealer, SheetWords, Stamped, parse_journal};
use support::games::{Played, claimed_draw, every_note, notes_before_moves, offer_before_the_move};

/// The record state of a game written and sealed as the journal writer does it.
fn sealed_state(played: &Played) -> RecordState {
    let mut sealer = Sealer::new();
    let mut text = sealer.seal(&Stamped::untimed(Entry::header(played.header.clone())));
    for line in &played.lines {
        text.push('\n');
        text.push_str(&sealer.seal(line));
    }
    text.push('\n');
    let contents = parse_journal(text.as_bytes()).unwrap();
    let state = RecordState::of(&contents);
    assert!(state.intact(), "{state:?}");
    assert_eq!(state.code, Some(sealer.last().check_code()));
    state
}

fn form(played: &Played, lang: Lang, words: SheetWords) -> Form {
    Form::new(&played.sheet, &sealed_state(played), lang, words)
}

#[test]
fn the_german_form_has_every_note_in_its_place() {
    let played = every_note();
    let form = form(&played, Lang::De, SheetWords::Letters);
    let field = |label: &str| {
        form.fields
            .iter()
            .find(|f| f.label == label)
            .map(|f| f.value.clone())
            .unwrap()
    };
    assert_eq!(field("Turnier"), "Offene Stadtmeisterschaft Köln");
    assert_eq!(field("Runde"), "3");
    assert_eq!(field("Brett"), "12");
    assert_eq!(field("Datum"), "2024.05.01");
    assert_eq!(
        field("Bedenkzeit"),
        "neunzig Minuten, plus dreißig Sekunden pro Zug"
    );
    assert_eq!(
        (form.white.as_str(), form.black.as_str()),
        ("Anna Weiß", "Élodie Noël")
    );

    let moves: Vec<(u32, Option<&str>, Option<&str>)> = form
        .rows
        .iter()
        .map(|r| {
            (
                r.number,
                r.white.as_ref().map(|h| h.text.as_str()),
                r.black.as_ref().map(|h| h.text.as_str()),
            )
        })
        .collect();
    assert_eq!(
        moves,
        vec![
            (1, Some("e4"), Some("d5")),
            (2, Some("exd5"), Some("c6")),
            (3, Some("dxc6"), Some("Sf6")),
            (4, Some("Sc3"), Some("e6")),
            (5, Some("d4"), Some("Le7")),
            (6, Some("Lf4"), Some("0-0")),
            (7, Some("Dd2"), Some("Db6")),
            (8, Some("0-0-0"), Some("Sbd7")),
            (9, Some("cxb7"), Some("Tb8")),
            (10, Some("bxc8D"), Some("Tfxc8")),
        ]
    );
    let black4 = form.rows[3].black.as_ref().unwrap();
    assert!(black4.draw_offer, "4… e6 (=)");
    assert_eq!(black4.clock.as_deref(), Some("1:25:50"));
    assert_eq!(
        form.rows[0].white.as_ref().unwrap().clock.as_deref(),
        Some("1:29:50")
    );

    let notes: Vec<(&str, &str)> = form
        .notes
        .iter()
        .map(|n| (n.after.as_str(), n.text.as_str()))
        .collect();
    assert_eq!(
        notes,
        vec![
            (
                "7. Dd2",
                "Schwarz reklamiert Remis, Reklamation unberechtigt, die Stellung stand erst einmal auf \
                 dem Brett, zwei Züge ohne Schlagen oder Bauernzug, Weiß erhält zwei Minuten, \
                 gilt als Remisangebot"
            ),
            ("7. Dd2", "Weiß Uhr plus zwei Minuten (9.5.3)"),
            (
                "8. 0-0-0",
                "Weiß regelwidriger Zug, Strafe, Schwarz erhält zwei Minuten (Uhr ohne Zug gedrückt)"
            ),
            ("8. 0-0-0", "Schwarz Uhr plus zwei Minuten (7.5.3)"),
            ("9. cxb7", "Schwarz Uhr plus eine Minute (6.10.2)"),
            ("9… Tb8", "Zurückgenommen Sb5 (Schiedsrichter)"),
        ]
    );
    // Each note's number stands at the move it follows.
    assert_eq!(form.rows[6].white.as_ref().unwrap().notes, vec![1, 2]);
    assert_eq!(form.rows[8].black.as_ref().unwrap().notes, vec![6]);
    assert_eq!(form.result, "0-1");
    assert_eq!(
        form.result_words.as_deref(),
        Some("Weiß Zeit abgelaufen, Schwarz gewinnt")
    );
    assert_eq!(form.record_state, "Aufzeichnung versiegelt und unversehrt");
    assert_eq!(form.check_code.as_ref().map(|c| c.len()), Some(19));
}

#[test]
fn every_language_writes_its_own_letters_and_words() {
    for played in [every_note(), claimed_draw()] {
        for lang in Lang::ALL {
            let form = form(&played, lang, SheetWords::Letters);
            let letters = lang.table().piece_letters;
            assert!(letters[1..].iter().all(|l| !l.is_empty()), "{lang}");
            let knight_move = form.rows[0].white.as_ref().map(|h| h.text.clone()).unwrap();
            if played.sheet.game().history()[0].san.to_string() == "Nf3" {
                assert_eq!(knight_move, format!("{}f3", letters[1]), "{lang}");
            }
            for label in [
                &form.labels.title,
                &form.labels.signature,
                &form.labels.check_code,
            ] {
                assert!(!label.is_empty(), "{lang}");
            }
            assert!(form.notes.iter().all(|n| !n.text.is_empty()), "{lang}");
            assert!(form.result_words.is_some(), "{lang}: the game is over");
            let sheet = form.to_text();
            assert!(sheet.contains(&form.labels.check_code), "{lang}: {sheet}");
            assert!(
                sheet.contains(form.check_code.as_deref().unwrap()),
                "{lang}"
            );
        }
    }
    let en = form(&claimed_draw(), Lang::En, SheetWords::Letters);
    assert_eq!(en.notes.len(), 1);
    assert_eq!(
        en.notes[0].text,
        "Black claims a draw, claim correct, threefold repetition, draw"
    );
    assert_eq!(en.result, "1/2-1/2");
    assert_eq!(en.rows.last().unwrap().black.as_ref().unwrap().text, "Ng8");
}

#[test]
fn the_text_sheet_has_one_move_a_line_with_number_side_and_time() {
    let played = every_note();
    let sheet = form(&played, Lang::En, SheetWords::Letters).to_text();
    let lines: Vec<&str> = sheet.lines().collect();
    assert_eq!(lines[0], "Scoresheet");
    assert!(lines.contains(&"White: Anna Weiß"), "{sheet}");
    assert!(
        lines.contains(&"Time control: ninety minutes, plus thirty seconds per move"),
        "{sheet}"
    );
    assert!(lines.contains(&"1. White e4, 1:29:50"), "{sheet}");
    assert!(lines.contains(&"4. Black e6 (=), 1:25:50"), "{sheet}");
    assert!(lines.contains(&"8. White 0-0-0, 1:17:30"), "{sheet}");
    assert!(lines.contains(&"10. White bxc8Q, 1:13:20"), "{sheet}");
    let after = lines
        .iter()
        .position(|l| l.starts_with("9. Black Rb8"))
        .unwrap();
    assert_eq!(lines[after + 1], "  [6] Taken back Nb5 (arbiter)");
    assert!(
        lines.contains(&"Result: 0-1, White flag fell, Black wins"),
        "{sheet}"
    );
    assert!(lines.contains(&"Record sealed and intact"), "{sheet}");
    let moves = lines
        .iter()
        .filter(|l| l.contains(". White ") || l.contains(". Black "))
        .count();
    assert_eq!(moves, 20);
}

#[test]
fn the_braille_sheet_has_one_pair_a_line_and_the_annex_d_words_on_request() {
    let played = every_note();
    let lines = form(&played, Lang::De, SheetWords::Letters).print_lines();
    let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
    assert!(texts.contains(&"4. Sc3 e6 (=)"), "{texts:?}");
    assert!(texts.contains(&"8. 0-0-0 Sbd7"), "{texts:?}");
    assert!(texts.contains(&"10. bxc8D Tfxc8"), "{texts:?}");
    let note = lines
        .iter()
        .find(|l| l.text.starts_with("Zurückgenommen"))
        .unwrap();
    assert_eq!(note.indent, 2);
    let words = form(&played, Lang::De, SheetWords::AnnexD).print_lines();
    let texts: Vec<&str> = words.iter().map(|l| l.text.as_str()).collect();
    assert!(
        texts.contains(&"3. David schlägt Cesar sechs Springer Felix sechs"),
        "{texts:?}"
    );
    assert!(
        texts.contains(&"10. Bella schlägt Cesar acht Dame Turm Felix schlägt Cesar acht"),
        "{texts:?}"
    );
}

#[test]
fn a_game_started_with_black_to_move_begins_its_first_row_with_black() {
    use annexd_core::record::{Header, Scoresheet};
    let mut sheet = Scoresheet::new(Header::new("4k3/8/8/8/8/8/4P3/4K3 b - - 3 40")).unwrap();
    for uci in ["e8d7", "e2e4", "d7e6"] {
        sheet.apply(&Entry::play(uci)).unwrap();
    }
    let state = RecordState {
        integrity: annexd_core::record::Integrity::NotSealed,
        code: None,
        lines: 4,
        crash_line: None,
    };
    let form = Form::new(&sheet, &state, Lang::De, SheetWords::Letters);
    assert_eq!(form.rows.len(), 2);
    assert_eq!(form.rows[0].number, 40);
    assert!(form.rows[0].white.is_none());
    assert_eq!(form.rows[0].black.as_ref().unwrap().text, "Kd7");
    assert_eq!(form.check_code, None);
    assert_eq!(
        form.record_state,
        "Aufzeichnung nicht versiegelt, älteres Format"
    );
    let texts: Vec<String> = form.print_lines().into_iter().map(|l| l.text).collect();
    assert!(texts.contains(&"40. ... Kd7".to_string()), "{texts:?}");
}

/// Issue 34: every note stands at a move. Notes made before the first move (a claim, the time
/// it gave) are marked in front of it, "vor 1. e4"; a draw offered before the offerer's move
/// that never came (the game left there) is a note, not lost; once that move is made, it
/// carries the `(=)` and no note. The claim's time is said as "Noir reçoit deux minutes".
#[test]
fn notes_before_a_move_and_an_offer_without_its_move_are_marked_in_every_language() {
    let played = notes_before_moves();
    for (lang, before, claim, offer) in [
        (
            Lang::De,
            "vor",
            "Weiß reklamiert Remis, Reklamation unberechtigt, die Stellung stand erst einmal auf dem Brett, kein Zug ohne Schlagen oder Bauernzug, Schwarz erhält zwei Minuten, gilt als Remisangebot",
            "Weiß bietet Remis an",
        ),
        (
            Lang::En,
            "before",
            "White claims a draw, claim incorrect, the position has occurred only once, no move without a capture or a pawn move, Black receives two minutes, counts as a draw offer",
            "White offers a draw",
        ),
        (
            Lang::Fr,
            "avant",
            "Blanc réclame la nulle, réclamation non fondée, la position n'est apparue qu'une fois, aucun coup sans prise ni mouvement de pion, Noir reçoit deux minutes, vaut proposition de nulle",
            "Blanc propose nulle",
        ),
    ] {
        let form = form(&played, lang, SheetWords::Letters);
        assert_eq!(form.labels.before, before, "{lang}");
        let first = form.rows[0].white.as_ref().unwrap();
        assert_eq!(first.notes_before, vec![1, 2], "{lang}");
        assert!(
            first.draw_offer,
            "{lang}: the claim's offer goes with 1. e4"
        );
        let notes: Vec<(&str, &str, &str)> = form
            .notes
            .iter()
            .map(|n| (n.before.as_str(), n.after.as_str(), n.text.as_str()))
            .collect();
        assert_eq!(notes.len(), 3, "{lang}: {notes:?}");
        assert_eq!(notes[0], ("1. e4", "", claim), "{lang}");
        assert_eq!(notes[1].0, "1. e4", "{lang}");
        let black = form.rows[0].black.as_ref().unwrap();
        assert_eq!(black.notes, vec![3], "{lang}");
        assert_eq!(notes[2], ("", "1… e5", offer), "{lang}");
    }
    // The offerer's move came: its (=) says it, and no note is left.
    let played = offer_before_the_move();
    let form = form(&played, Lang::Fr, SheetWords::Letters);
    assert!(form.notes.is_empty(), "{:?}", form.notes);
    assert!(form.rows[1].white.as_ref().unwrap().draw_offer);
}
