//! What the program's edge reports (a line that cannot be read, a board missing, voice input,
//! the simulated board, the disk, the ending signals) is decided in the session: said in the
//! game's language, once where once is enough, repeated by "wiederholen", and the end of a
//! game (the sheets, the check code, "gespeichert") in the order a player can follow.

use crate::support;

use std::time::Duration;

use annexd_core::board::LinkEvent;
use annexd_core::board::peg_protocol::Hello;
use annexd_core::board::simulated::SimRefusal;
use annexd_core::record::{Header, Integrity, RecordState, Scoresheet, SheetFormat};
use annexd_core::{
    ClosedRecord, Closing, DeviceReport, DiskReport, Effect, INTERRUPT_AGAIN_WITHIN, Input, Lang,
    Seat, Session, SessionOptions, SheetReport, Shown, StopRequest, Token, Word,
};
use shakmaty::Square;
use support::{line, said, session};

fn at(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

fn handle(session: &mut Session, input: Input, ms: u64) -> Vec<Effect> {
    session.handle(input, at(ms))
}

fn device(session: &mut Session, report: DeviceReport, ms: u64) -> Vec<Effect> {
    handle(session, Input::Device(report), ms)
}

fn disk(session: &mut Session, report: DiskReport, ms: u64) -> Vec<Effect> {
    handle(session, Input::Disk(report), ms)
}

/// The lines the text backend prints: the printed form where it differs, else the words.
fn printed(effects: &[Effect], lang: Lang) -> Vec<String> {
    let shown = |s: &Shown| match &s.detail {
        Some(detail) => format!("{}: {detail}", lang.text(&s.tokens)),
        None => lang.text(&s.tokens),
    };
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Say {
                printed: Some(p), ..
            } => Some(shown(p)),
            Effect::Say { tokens, .. } => Some(lang.text(tokens)),
            Effect::Show(s) => Some(shown(s)),
            _ => None,
        })
        .collect()
}

fn quits(effects: &[Effect]) -> bool {
    effects.contains(&Effect::Quit)
}

/// The word shown as not understood is the one that is: a command's word is known even where
/// its command is not complete ("Schiedsrichter Zeit Weiß zehnmal"), a move's reading names
/// the word it stopped at ("Bauer Eva neun"), and a line of known words in no order of a
/// command names none.
#[test]
fn the_word_not_understood_is_the_unknown_one() {
    let mut s = session(None, false);
    let not_understood = "nicht verstanden, Hilfe zeigt, was man sagen kann";
    for (typed, word) in [
        ("Schiedsrichter Zeit Weiß zehnmal", Some("zehnmal")),
        ("Remis bitte jetzt", Some("jetzt")),
        ("call the arbiter now", Some("now")),
        ("Bauer Eva neun", Some("neun")),
        ("Wolke", Some("wolke")),
        ("Remis Zeit", None),
    ] {
        let mut expected = vec![not_understood.to_string()];
        expected.extend(word.map(|w| format!("unbekanntes Wort: {w}")));
        assert_eq!(
            printed(&line(&mut s, typed, 0), Lang::De),
            expected,
            "{typed}"
        );
    }
}

/// A typed question in words of its own, neither a command nor a move, is answered by its
/// words ("wie lange habe ich noch", "is it my turn"); a line that begins as a move, or whose
/// words ask nothing, is not understood; nothing binding is guessed ("ich nehme das Remis").
#[test]
fn a_question_in_words_of_ones_own_is_answered() {
    let mut s = session(Some("90+30"), false);
    line(&mut s, "e4", 0);
    line(&mut s, "", 1000);
    let time = "Weiß eine Stunde dreißig Minuten, Schwarz eine Stunde dreißig Minuten, Zug eins";
    let not_understood = "nicht verstanden, Hilfe zeigt, was man sagen kann";
    for (typed, answer) in [
        ("wie lange habe ich noch", time),
        ("Restbedenkzeit", time),
        ("how long do I have", time),
        ("give me the time", time),
        ("combien de temps me reste-t-il", time),
        ("wer muss ziehen", "Schwarz am Zug, Zug eins"),
        ("is it my turn", "Schwarz am Zug, Zug eins"),
        ("den letzten Zug", "Zug eins, Weiß Eva vier"),
        ("sag das nochmal", "Zug eins, Weiß Eva vier"),
        ("Bauer Eva neun Zeit", not_understood),
        ("ich nehme das Remis", not_understood),
        ("Wolke", not_understood),
    ] {
        let said = said(&line(&mut s, typed, 2000));
        assert_eq!(said.first().map(String::as_str), Some(answer), "{typed}");
    }
}

#[test]
fn a_line_that_cannot_be_read_is_not_understood_and_can_be_repeated() {
    let mut s = session(None, false);
    let out = handle(&mut s, Input::LineUnreadable, 10);
    assert_eq!(
        said(&out),
        ["nicht verstanden, Hilfe zeigt, was man sagen kann"]
    );
    let out = handle(&mut s, Input::LineTooLong(3_000_000), 20);
    assert_eq!(said(&out), ["nicht verstanden, die Zeile ist zu lang"]);
    assert!(
        out.iter()
            .any(|e| matches!(e, Effect::Log(l) if l.contains("3000000")))
    );
    assert_eq!(
        said(&line(&mut s, "wiederholen", 30)),
        ["nicht verstanden, die Zeile ist zu lang"]
    );
}

#[test]
fn a_missing_board_is_said_once_until_it_connects_then_once_again() {
    let mut s = session(None, false);
    let missing = || DeviceReport::BoardMissing {
        seat: Seat::Peg,
        port: "/dev/ttyNONE".into(),
        detail: "No such file or directory".into(),
    };
    let out = device(&mut s, missing(), 10);
    assert_eq!(said(&out), ["Steckbrett, Gerät nicht gefunden"]);
    // The port's name is in the printed line, not only in the log.
    assert!(
        out.iter()
            .any(|e| matches!(e, Effect::Say { printed: Some(p), .. }
            if p.detail.as_deref() == Some("/dev/ttyNONE"))),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|e| matches!(e, Effect::Log(l) if l.contains("No such file"))),
        "the system's words go to the log"
    );
    assert!(said(&device(&mut s, missing(), 1010)).is_empty());
    let hello = Hello {
        model: "tactus".into(),
        firmware: "1.0".into(),
        sensing: annexd_core::board::Sensing::Occupancy,
    };
    let _ = handle(
        &mut s,
        Input::Board(Seat::Peg, LinkEvent::Connected(hello)),
        2000,
    );
    assert_eq!(
        said(&device(&mut s, missing(), 3000)),
        ["Steckbrett, Gerät nicht gefunden"]
    );
    // The e-board has its own word and its own "once".
    let out = device(
        &mut s,
        DeviceReport::BoardMissing {
            seat: Seat::Sighted,
            port: "dgt:/dev/ttyUSB9".into(),
            detail: String::new(),
        },
        4000,
    );
    // The port is printed after the words (a voice cannot say a path).
    assert_eq!(
        printed(&out, Lang::Fr),
        ["échiquier électronique, appareil introuvable: dgt:/dev/ttyUSB9"]
    );
}

#[test]
fn push_to_talk_is_toggled_only_while_voice_input_runs() {
    let mut s = session(None, false);
    let out = line(&mut s, "hören", 10);
    assert!(!out.contains(&Effect::ToggleListening));
    assert_eq!(said(&out), ["Spracheingabe aus"]);
    let out = device(
        &mut s,
        DeviceReport::VoiceOn {
            recogniser: vec![
                Token::Word(Word::Recogniser),
                Token::Pause,
                Token::Word(Word::Whisper),
            ],
            notice: None,
        },
        20,
    );
    assert_eq!(said(&out), ["Spracherkennung, Whisper"]);
    assert!(line(&mut s, "hören", 30).contains(&Effect::ToggleListening));
    assert_eq!(
        said(&device(&mut s, DeviceReport::Listening(true), 40)),
        ["ich höre"]
    );
    // Speech too faint to be heard: the player is told how to be heard.
    assert_eq!(
        said(&device(&mut s, DeviceReport::SpeechTooFaint, 45)),
        ["Sprache zu leise: lauter sprechen oder das Mikrofon lauter stellen"]
    );
    let out = device(
        &mut s,
        DeviceReport::VoiceOff {
            reason: vec![Token::Word(Word::NoMicrophone)],
            detail: "the device stream ended".into(),
        },
        50,
    );
    assert_eq!(said(&out), ["kein Mikrofon gefunden"]);
    assert!(!line(&mut s, "hören", 60).contains(&Effect::ToggleListening));
}

#[test]
fn peg_lines_go_to_the_simulated_board_only_and_its_refusals_are_said_in_words() {
    let mut s = session(None, false);
    let out = line(&mut s, "peg e2e4", 10);
    assert!(!out.iter().any(|e| matches!(e, Effect::ToSimulator(_))));
    assert_eq!(
        printed(&out, Lang::De),
        ["kein simuliertes Steckbrett (play --board sim), nicht ausgeführt: e2e4"]
    );
    s.attach_simulated_peg_board(annexd_core::board::Sensing::Occupancy);
    assert!(line(&mut s, "peg e2e4", 20).contains(&Effect::ToSimulator("e2e4".into())));
    let out = device(
        &mut s,
        DeviceReport::SimulatorRefused(SimRefusal::NoPegOn(Square::H1)),
        30,
    );
    assert_eq!(
        printed(&out, Lang::De),
        ["das simulierte Brett kann das nicht, kein Stift auf Hector eins"]
    );
}

#[test]
fn a_journal_the_disk_refuses_is_said_and_so_is_its_return() {
    let mut s = session(None, false);
    let out = disk(
        &mut s,
        DiskReport::JournalFailing {
            detail: "No space left on device".into(),
        },
        10,
    );
    assert_eq!(
        said(&out),
        ["Partiedatei konnte nicht geschrieben werden, die Partie geht weiter"]
    );
    let out = disk(&mut s, DiskReport::JournalWrittenAgain { entries: 3 }, 20);
    assert_eq!(said(&out), ["Partiedatei wieder geschrieben"]);
}

#[test]
fn the_end_of_a_game_closes_the_record_and_its_sheets_and_code_are_said() {
    let mut options = SessionOptions {
        lang: Lang::En,
        ..SessionOptions::default()
    };
    options.sheets = vec![SheetFormat::Pdf, SheetFormat::Brf];
    let mut s = Session::new(
        Scoresheet::new(Header::standard()).unwrap(),
        None,
        options.clone(),
    );
    for (ms, m) in [(10, "f3"), (20, "e5"), (30, "g4")] {
        let out = line(&mut s, m, ms);
        assert!(!out.iter().any(|e| matches!(e, Effect::CloseRecord { .. })));
    }
    let out = line(&mut s, "Qh4", 40);
    assert!(
        out.contains(&Effect::CloseRecord {
            sheets: options.sheets.clone()
        }),
        "the game is over: the record is closed"
    );
    let code = annexd_core::record::CheckCode::parse("3f9a 12c0 77be 0d41").unwrap();
    let state = RecordState {
        integrity: Integrity::Intact,
        code: Some(code),
        lines: 6,
        crash_line: None,
    };
    let out = disk(
        &mut s,
        DiskReport::RecordClosed(ClosedRecord {
            sheets: vec![
                SheetReport {
                    format: SheetFormat::Pdf,
                    path: "/games/g.pdf".into(),
                    error: None,
                },
                SheetReport {
                    format: SheetFormat::Brf,
                    path: "/games/g.brf".into(),
                    error: Some(vec![Token::Word(Word::SheetNotWritten)]),
                },
            ],
            state: Ok(state),
        }),
        50,
    );
    assert_eq!(
        printed(&out, Lang::En),
        [
            "scoresheet written: /games/g.pdf",
            "the scoresheet could not be written: /games/g.brf",
            "check code: 3f9a 12c0 77be 0d41",
        ]
    );
    // The code is spelled when it is said, as on the paper.
    let Effect::Say { tokens, .. } = &out[2] else {
        panic!("{out:?}")
    };
    assert!(
        tokens.contains(&Token::File(shakmaty::File::F)),
        "{tokens:?}"
    );
    // Leaving: saved; the game is over, so no word of resuming it.
    let out = disk(&mut s, DiskReport::Closed(Closing::Saved), 60);
    assert_eq!(printed(&out, Lang::En), ["saved"]);
}

#[test]
fn leaving_an_unfinished_game_says_how_to_go_on_and_what_was_kept() {
    let mut s = session(None, false);
    let _ = line(&mut s, "Eva vier", 10);
    assert_eq!(
        said(&disk(&mut s, DiskReport::Closed(Closing::Saved), 20)),
        ["gespeichert, weiter mit annexd resume"]
    );
    let out = disk(
        &mut s,
        DiskReport::Closed(Closing::Rescued {
            path: "/tmp/g.unsaved".into(),
            entries: 2,
        }),
        30,
    );
    assert_eq!(
        printed(&out, Lang::De),
        [
            "Partiedatei konnte nicht geschrieben werden, die Züge sind in einer Ersatzdatei gesichert, weiter mit annexd resume: /tmp/g.unsaved"
        ]
    );
}

#[test]
fn one_ctrl_c_asks_a_second_soon_after_ends_and_the_system_ends_at_once() {
    let mut s = session(Some("90+30"), false);
    let out = handle(&mut s, Input::Stop(StopRequest::Interrupt), 1000);
    assert!(!quits(&out));
    assert_eq!(said(&out), ["zum Beenden noch einmal Strg-C"]);
    // Too late for the first to count: asked again.
    let late = 1000 + INTERRUPT_AGAIN_WITHIN.as_millis() as u64 + 1;
    let out = handle(&mut s, Input::Stop(StopRequest::Interrupt), late);
    assert!(!quits(&out));
    let out = handle(&mut s, Input::Stop(StopRequest::Interrupt), late + 500);
    assert!(quits(&out));

    let mut s = session(None, false);
    assert!(quits(&handle(
        &mut s,
        Input::Stop(StopRequest::Terminate),
        10
    )));
    let mut s = session(None, false);
    assert!(quits(&handle(
        &mut s,
        Input::Stop(StopRequest::InputEnded),
        10
    )));
}

#[test]
fn what_the_devices_report_is_said_in_the_games_language() {
    let options = SessionOptions {
        lang: Lang::Fr,
        ..SessionOptions::default()
    };
    let mut s = Session::new(Scoresheet::new(Header::standard()).unwrap(), None, options);
    let out = device(
        &mut s,
        DeviceReport::SimulatorRefused(SimRefusal::AlreadyTaken(Square::E4)),
        10,
    );
    assert_eq!(
        printed(&out, Lang::Fr),
        // The square in the Annex D words, as every square is said (D.2.1).
        ["l'échiquier simulé ne peut pas faire cela, Eva vier déjà occupée"]
    );
    let out = disk(
        &mut s,
        DiskReport::Journal {
            path: "/jeux/p.jsonl".into(),
        },
        20,
    );
    assert_eq!(
        printed(&out, Lang::Fr),
        ["fichier de la partie: /jeux/p.jsonl"]
    );
}
