//! Tournament mode (issue 33) in the core, with fake time: no verdict on a move before the
//! clock completes it, completed illegal moves and claims put to the arbiter, and the mode
//! kept in the record. The rows of `docs/dialogue.md` (T01–T10, and every other row played in
//! both modes) test the words in German, English and French; these tests check the record,
//! the clock and the game.

use std::time::Duration;

use annexd_core::board::{BoardInput, Cell, Sensing};
use annexd_core::record::{Entry, Header, Matter, ModeEntry, PenaltyRecord, Scoresheet};
use annexd_core::{Effect, Lang, Mode, SessionOptions, Word};
use shakmaty::Color;

use crate::support::{line, peg, recorded, said, session_with};

fn options(mode: Mode) -> SessionOptions {
    SessionOptions {
        lang: Lang::De,
        mode,
        ..SessionOptions::default()
    }
}

/// The VI player (White) at an occupancy peg board, 90 minutes + 30 s, after 1. e4 e5 with
/// both clocks pressed: White to move, the clock running.
fn after_e4_e5(mode: Mode) -> annexd_core::Session {
    let mut s = session_with(None, Some("90+30"), Some(Sensing::Occupancy), options(mode));
    let mut at = 1000;
    for step in ["e2e4", "Eva vier", "", "Eva fünf", "", "e7e5"] {
        at += 1000;
        if step.len() == 4 && step != "Eva vier" && step.as_bytes()[1].is_ascii_digit() {
            way(&mut s, &step[..2], &step[2..], at);
        } else {
            let _ = line(&mut s, step, at);
        }
    }
    s
}

fn way(s: &mut annexd_core::Session, from: &str, to: &str, at: u64) -> Vec<Effect> {
    let _ = peg(s, BoardInput::Up(from.parse().unwrap()), at);
    peg(
        s,
        BoardInput::Down(to.parse().unwrap(), Cell::Peg),
        at + 100,
    )
}

fn entries(effects: &[Effect]) -> Vec<Entry> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Record(line, _) => Some(line.entry.clone()),
            _ => None,
        })
        .collect()
}

fn shown_words(effects: &[Effect]) -> Vec<Vec<annexd_core::Token>> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Show(shown) => Some(shown.tokens.clone()),
            _ => None,
        })
        .collect()
}

fn has_word(tokens: &[annexd_core::Token], word: Word) -> bool {
    tokens.contains(&annexd_core::Token::Word(word))
}

/// 7.5.1: "Un coup illégal est achevé une fois que le joueur a appuyé sur la pendule" (an
/// illegal move is completed once the player has pressed his clock). 11.3.2.1: no electronic
/// device the arbiter has not approved: the device gives no verdict a sighted player would not
/// have. In tournament mode the rook through its own pawn is said as the pegs show it, with no
/// verdict, and the clock press completes it: recorded, said, the clock stopped for the
/// arbiter (6.11), no penalty yet.
#[test]
fn an_illegal_move_on_the_pegs_is_completed_by_the_clock_and_put_to_the_arbiter() {
    let mut s = after_e4_e5(Mode::Tournament);
    assert!(s.clock().unwrap().clock().is_started());
    let placed = way(&mut s, "a1", "a3", 20_000);
    let words = said(&placed);
    assert_eq!(words, ["Turm Anna eins Anna drei, bitte ansagen"]);
    assert!(recorded(&placed).is_empty(), "{:?}", recorded(&placed));

    let pressed = line(&mut s, "", 22_000);
    let referred = entries(&pressed);
    assert!(
        referred.iter().any(|e| matches!(e,
            Entry::Referred(r) if r.by == Color::White
                && r.matter == Matter::IllegalMove
                && r.detail.as_deref() == Some("a1a3"))),
        "{referred:?}"
    );
    assert!(
        s.clock().unwrap().clock().is_paused(),
        "6.11: the clock is stopped"
    );
    assert_eq!(
        s.game().history().len(),
        2,
        "7.5.1: the position before stands"
    );
    assert_eq!(
        s.game().illegal_move_count(Color::White),
        0,
        "no penalty yet"
    );
    let words = said(&pressed).join(" / ");
    assert!(
        words.starts_with("Uhr angehalten / Weiß hat einen regelwidrigen Zug abgeschlossen, der Schiedsrichter entscheidet, Vorschlag für den Schiedsrichter"),
        "{words}"
    );
    assert!(
        words.contains("Turm Anna drei zurück nach Anna eins"),
        "{words}"
    );

    // 7.5.3: "pour le premier coup illégal achevé par un joueur, l'arbitre donnera deux
    // minutes supplémentaires à son adversaire": the arbiter confirms the proposal.
    let black_before = s
        .clock()
        .unwrap()
        .clock()
        .remaining(Color::Black, Duration::from_secs(30));
    let confirmed = line(&mut s, "Schiedsrichter regelwidrig", 30_000);
    assert!(
        entries(&confirmed).iter().any(|e| matches!(e,
            Entry::IllegalMove(i) if i.by == Color::White
                && i.penalty == Some(PenaltyRecord::TimeBonus { minutes: 2 }))),
        "{:?}",
        recorded(&confirmed)
    );
    assert_eq!(s.game().illegal_move_count(Color::White), 1);
    assert_eq!(
        s.game().history().len(),
        2,
        "no move of the game is taken back"
    );
    let black_after = s
        .clock()
        .unwrap()
        .clock()
        .remaining(Color::Black, Duration::from_secs(30));
    assert_eq!(black_after, black_before + Duration::from_secs(120));
}

/// 7.5.3: "pour le second coup illégal achevé par le même joueur l'arbitre déclarera la
/// partie perdue par ce joueur": the second completed illegal move, confirmed, loses.
#[test]
fn the_second_illegal_move_confirmed_loses_the_game() {
    let mut s = after_e4_e5(Mode::Tournament);
    for (round, at) in [(1, 20_000u64), (2, 40_000)] {
        let _ = way(&mut s, "a1", "a3", at);
        let _ = line(&mut s, "", at + 1000);
        let _ = line(&mut s, "Schiedsrichter regelwidrig", at + 2000);
        if round == 1 {
            let _ = way(&mut s, "a3", "a1", at + 3000);
            let _ = line(&mut s, "Schiedsrichter weiter", at + 4000);
        }
    }
    let outcome = s.game().outcome().expect("the game is over");
    assert_eq!(outcome.result.pgn(), "0-1");
}

/// At home the same rook is refused with its reason before the clock (Article 3.5), and
/// nothing goes to the arbiter: the mode is what changes it.
#[test]
fn at_home_the_illegal_move_is_refused_before_the_clock() {
    let mut s = after_e4_e5(Mode::Home);
    let placed = way(&mut s, "a1", "a3", 20_000);
    assert!(
        said(&placed)[0].contains("kein regelgerechter Zug"),
        "{:?}",
        said(&placed)
    );
    let pressed = line(&mut s, "", 22_000);
    assert!(
        !entries(&pressed)
            .iter()
            .any(|e| matches!(e, Entry::Referred(_))),
        "{:?}",
        recorded(&pressed)
    );
}

/// 7.5.1 for a move typed: "Springer schlägt Felix drei" with f3 empty is taken as announced
/// (no reason given); Enter completes it and it is put to the arbiter; "Korrektur" before
/// the press would have taken it back (D.2.8).
#[test]
fn an_illegal_move_typed_is_completed_by_the_press() {
    let mut s = session_with(None, Some("90+30"), None, options(Mode::Tournament));
    let typed = line(&mut s, "Springer schlägt Felix drei", 1000);
    assert_eq!(said(&typed), ["Weiß angesagt"]);
    let printed = typed.iter().find_map(|e| match e {
        Effect::Say { printed, .. } => printed.clone(),
        _ => None,
    });
    assert_eq!(
        printed.and_then(|p| p.detail).as_deref(),
        Some("Springer schlägt Felix drei"),
        "what was typed is printed with it, and no reason"
    );
    let pressed = line(&mut s, "", 2000);
    assert!(
        entries(&pressed).iter().any(|e| matches!(e,
            Entry::Referred(r) if r.matter == Matter::IllegalMove
                && r.detail.as_deref() == Some("Springer schlägt Felix drei"))),
        "{:?}",
        recorded(&pressed)
    );

    // D.2.8: "Korrektur" before the press takes it back; nothing goes to the arbiter.
    let mut s = session_with(None, Some("90+30"), None, options(Mode::Tournament));
    let _ = line(&mut s, "Springer schlägt Felix drei", 1000);
    let corrected = line(&mut s, "Korrektur", 1500);
    assert_eq!(said(&corrected), ["Ansage korrigiert, Weiß am Zug"]);
    let pressed = line(&mut s, "", 2000);
    assert!(
        !entries(&pressed)
            .iter()
            .any(|e| matches!(e, Entry::Referred(_))),
        "{:?}",
        recorded(&pressed)
    );
}

/// 9.5.1: "Si un joueur réclame la nulle en application de l'Article 9.2 ou 9.3, lui ou
/// l'arbitre arrêtera les pendules"; the arbiter decides. The program's reading of the
/// position is shown for the arbiter only, never said to the players (11.3.1: no advice).
#[test]
fn a_claim_is_put_to_the_arbiter_and_the_reading_is_shown_not_said() {
    let mut s = session_with(None, Some("90+30"), None, options(Mode::Tournament));
    let mut at = 1000;
    for step in [
        "Springer Felix drei",
        "",
        "Springer Felix sechs",
        "",
        "reklamieren",
    ] {
        at += 1000;
        let _ = line(&mut s, step, at);
    }
    let claimed = line(&mut s, "ja", at + 1000);
    assert!(
        entries(&claimed).iter().any(|e| matches!(e,
            Entry::Referred(r) if r.matter == Matter::Claim && r.by == Color::White)),
        "{:?}",
        recorded(&claimed)
    );
    assert!(
        !entries(&claimed)
            .iter()
            .any(|e| matches!(e, Entry::Claim(_))),
        "not judged by the program"
    );
    for effect in &claimed {
        if let Effect::Say { tokens, .. } = effect {
            assert!(!has_word(tokens, Word::ClaimIncorrect), "said: {tokens:?}");
        }
    }
    assert!(
        shown_words(&claimed)
            .iter()
            .any(|t| has_word(t, Word::ProgramReading) && has_word(t, Word::ClaimIncorrect)),
        "the reading is shown for the arbiter"
    );
    assert!(s.clock().unwrap().clock().is_paused());
    let judged = line(&mut s, "Schiedsrichter Reklamation", at + 5000);
    assert!(
        entries(&judged)
            .iter()
            .any(|e| matches!(e, Entry::Claim(c) if c.verdict.is_some())),
        "{:?}",
        recorded(&judged)
    );
    let nothing = line(&mut s, "Schiedsrichter Reklamation", at + 6000);
    assert_eq!(said(&nothing), ["dem Schiedsrichter liegt nichts vor"]);
}

/// A game started in tournament mode and resumed at home records the change, which marks the
/// game for good (issue 33: leaving tournament mode is recorded and irreversible for that
/// game); resumed in tournament mode again, the mark stays.
#[test]
fn leaving_tournament_mode_is_recorded_and_stays_marked() {
    let mut header = Header::standard();
    header.mode = Some(Mode::Tournament);
    let sheet = Scoresheet::new(header.clone()).unwrap();
    let mut s = annexd_core::Session::new(sheet, None, options(Mode::Home));
    let greeting = s.greeting(true);
    assert!(
        entries(&greeting).contains(&Entry::Mode(ModeEntry { mode: Mode::Home })),
        "{:?}",
        recorded(&greeting)
    );
    assert_eq!(said(&greeting)[0], "weiter im Heimmodus");
    assert!(s.sheet().left_tournament());

    let mut sheet = Scoresheet::new(header).unwrap();
    sheet
        .apply(&Entry::Mode(ModeEntry { mode: Mode::Home }))
        .unwrap();
    sheet
        .apply(&Entry::Mode(ModeEntry {
            mode: Mode::Tournament,
        }))
        .unwrap();
    assert_eq!(sheet.mode(), Some(Mode::Tournament));
    assert!(sheet.left_tournament(), "the mark is never undone");

    // Resumed in the mode it was recorded in: nothing to record.
    let mut header = Header::standard();
    header.mode = Some(Mode::Tournament);
    let mut s = annexd_core::Session::new(
        Scoresheet::new(header).unwrap(),
        None,
        options(Mode::Tournament),
    );
    assert!(recorded(&s.greeting(true)).is_empty());
}

/// The build decides the default: the tournament build (no `engine`, no `online` feature)
/// starts in tournament mode, the ordinary build at home.
#[test]
fn the_default_mode_follows_the_build() {
    let expected = if cfg!(any(feature = "engine", feature = "online")) {
        Mode::Home
    } else {
        Mode::Tournament
    };
    assert_eq!(Mode::default(), expected);
    assert_eq!(SessionOptions::default().mode, expected);
}

/// FIDE's regulations for chess equipment with electronic components ask that a clock's
/// alarms can be switched off: `clock.alarms = false` leaves no warning, no countdown and no
/// time said unasked (D.2.6.1's times on request stay).
#[test]
fn every_alarm_of_the_clock_can_be_switched_off() {
    let settings = annexd_core::Settings::from_toml(
        "[clock]\nalarms = false\nannounce-every-minutes = 10\n",
        None,
    )
    .unwrap();
    let config = settings.clock.announce_config();
    assert!(config.warnings.is_empty());
    assert_eq!(config.final_every, None);
    assert_eq!(config.countdown_below, None);
    assert_eq!(config.every, None);
    let on = annexd_core::ClockSettings::default().announce_config();
    assert!(!on.warnings.is_empty(), "on by default");
}

/// 4.3.1 and 4.8: in tournament mode touch-move is the arbiter's to rule on. A piece the
/// touched one obliges is not refused on the pegs; the VI player's touches are recorded for
/// that ruling (at home they are not: the program enforces touch-move itself).
#[test]
fn the_vi_players_touches_are_recorded_in_tournament_mode() {
    for (mode, recorded_touch) in [(Mode::Tournament, true), (Mode::Home, false)] {
        let mut s = after_e4_e5(mode);
        let lifted = peg(&mut s, BoardInput::Up("f1".parse().unwrap()), 20_000);
        let touch = entries(&lifted).iter().any(|e| {
            matches!(e, Entry::Touch(t) if t.by == Color::White && t.square == "f1" && t.piece == "B")
        });
        assert_eq!(touch, recorded_touch, "{mode:?}");
    }
}

/// D.1: the organiser, after consulting the arbiter, may allow more help. Each help is a
/// setting: with `legality` the rook through its pawn is refused before the clock as at
/// home, with `claims` the program judges the claim; without either, both go to the arbiter.
#[test]
fn the_helps_the_organiser_allows_are_settings_of_their_own() {
    use annexd_core::AllowedHelp;
    let with = |helps: Vec<AllowedHelp>| {
        let options = SessionOptions {
            allowed_help: helps,
            ..options(Mode::Tournament)
        };
        let mut s = session_with(None, Some("90+30"), Some(Sensing::Occupancy), options);
        let mut at = 1000;
        for step in ["e2e4", "Eva vier", "", "Eva fünf", "", "e7e5"] {
            at += 1000;
            if step.len() == 4 && step.as_bytes()[1].is_ascii_digit() {
                way(&mut s, &step[..2], &step[2..], at);
            } else {
                let _ = line(&mut s, step, at);
            }
        }
        s
    };
    let mut s = with(vec![AllowedHelp::Legality]);
    let placed = way(&mut s, "a1", "a3", 20_000);
    assert!(
        said(&placed)[0].contains("kein regelgerechter Zug"),
        "{:?}",
        said(&placed)
    );
    let mut s = with(vec![AllowedHelp::Claims]);
    let placed = way(&mut s, "a1", "a3", 20_000);
    assert_eq!(said(&placed), ["Turm Anna eins Anna drei, bitte ansagen"]);
    // A fresh game: a player who touched a piece has lost the right to claim (9.4).
    let mut s = with(vec![AllowedHelp::Claims]);
    let _ = line(&mut s, "reklamieren", 22_000);
    let claimed = line(&mut s, "ja", 23_000);
    assert!(
        entries(&claimed)
            .iter()
            .any(|e| matches!(e, Entry::Claim(c) if c.verdict.is_some())),
        "judged at once: {:?}",
        recorded(&claimed)
    );
    let settings = annexd_core::Settings::from_toml(
        "[game]\nmode = \"tournament\"\nallowed-help = [\"legality\", \"claims\"]\n",
        None,
    )
    .unwrap();
    assert_eq!(
        SessionOptions::from(&settings).allowed_help,
        [AllowedHelp::Legality, AllowedHelp::Claims]
    );
}

/// 7.5.1 for a move said: "König Eva zwei" heard at the start (the king cannot go there) is
/// taken as announced, with no reason, as a typed one is; the press completes it.
#[test]
fn an_illegal_move_said_is_taken_as_announced() {
    let mut s = session_with(None, Some("90+30"), None, options(Mode::Tournament));
    let heard = crate::support::heard(&mut s, &["König Eva zwei"], false, 1000);
    assert_eq!(said(&heard), ["Weiß angesagt"]);
    let pressed = line(&mut s, "", 2000);
    assert!(
        entries(&pressed).iter().any(|e| matches!(e,
            Entry::Referred(r) if r.matter == Matter::IllegalMove
                && r.detail.as_deref() == Some("König Eva zwei"))),
        "{:?}",
        recorded(&pressed)
    );
    // At home the reason is said (Article 3).
    let mut s = session_with(None, Some("90+30"), None, options(Mode::Home));
    let heard = crate::support::heard(&mut s, &["König Eva zwei"], false, 1000);
    assert_eq!(
        said(&heard),
        ["König Eva zwei, dort steht eine Figur der gleichen Farbe"]
    );
}

/// Issue 33: the record holds every command given in tournament mode, questions too (who
/// asked what, and when, for an arbiter checking a complaint); at home only what changes the
/// game is recorded.
#[test]
fn every_command_given_is_recorded_in_tournament_mode() {
    use annexd_core::record::{CommandEntry, CommandSource};
    let mut s = session_with(None, Some("90+30"), None, options(Mode::Tournament));
    let asked = line(&mut s, "Zeit", 1000);
    assert_eq!(
        entries(&asked),
        [Entry::Command(CommandEntry {
            source: CommandSource::Keyboard,
            command: "Zeit".into(),
        })]
    );
    let heard = crate::support::heard(&mut s, &["Stellung"], false, 2000);
    assert!(
        entries(&heard)
            .iter()
            .any(|e| matches!(e, Entry::Command(c) if c.source == CommandSource::Microphone)),
        "{:?}",
        recorded(&heard)
    );
    let mut s = session_with(None, Some("90+30"), None, options(Mode::Home));
    assert!(recorded(&line(&mut s, "Zeit", 1000)).is_empty());
}

/// A session and the journal it wrote, line by line, to resume from.
struct Journaled {
    s: annexd_core::Session,
    lines: Vec<annexd_core::record::Stamped>,
}

impl Journaled {
    fn line(&mut self, text: &str, at: u64) -> Vec<Effect> {
        let effects = line(&mut self.s, text, at);
        for effect in &effects {
            if let Effect::Record(stamped, _) = effect {
                self.lines.push(stamped.clone());
            }
        }
        effects
    }

    /// The game resumed from its journal, in tournament mode, with a fresh 90+30 clock.
    fn resumed(&self) -> annexd_core::Session {
        use annexd_core::record::{Stamped, parse_journal};
        let mut text =
            Stamped::untimed(Entry::header(self.s.sheet().header().clone())).to_json_line();
        for stamped in &self.lines {
            text.push('\n');
            text.push_str(&stamped.to_json_line());
        }
        text.push('\n');
        let contents = parse_journal(text.as_bytes()).unwrap();
        annexd_core::resume(
            &contents,
            Some(crate::support::clock("90+30")),
            options(Mode::Tournament),
        )
        .unwrap()
        .session
    }
}

/// The journal is the proof: a matter put to the arbiter and not ruled on when the program
/// stopped is before him again when the game is resumed from its journal (said so, and the
/// clocks stay stopped for him, 6.11: "Les pendules peuvent être arrêtées par l'arbitre"), and
/// his ruling then is the one proposed (7.5.3: "pour le premier coup illégal achevé par un
/// joueur, l'arbitre donnera deux minutes supplémentaires à son adversaire").
#[test]
fn a_matter_before_the_arbiter_is_restored_when_the_game_is_resumed() {
    let mut j = Journaled {
        s: session_with(None, Some("90+30"), None, options(Mode::Tournament)),
        lines: Vec::new(),
    };
    let _ = j.line("Eva vier", 1000);
    let _ = j.line("", 2000);
    let _ = j.line("Springer schlägt Felix sechs", 3000);
    let _ = j.line("", 4000);
    assert!(
        j.lines
            .iter()
            .any(|l| matches!(l.entry, Entry::Referred(_)))
    );

    let mut s = j.resumed();
    let greeting = said(&s.greeting(true)).join(" / ");
    assert!(
        greeting.contains(
            "Schwarz hat einen regelwidrigen Zug abgeschlossen, der Schiedsrichter entscheidet"
        ),
        "{greeting}"
    );
    assert!(
        greeting.ends_with("Schiedsrichter weiter lässt die Uhr weiterlaufen"),
        "only the arbiter starts the clocks again: {greeting}"
    );
    let pressed = said(&line(&mut s, "", 5000)).join(" / ");
    assert!(pressed.starts_with("Uhr angehalten"), "{pressed}");
    let confirmed = line(&mut s, "Schiedsrichter regelwidrig", 6000);
    assert!(
        entries(&confirmed).iter().any(|e| matches!(e,
            Entry::IllegalMove(i) if i.by == Color::Black
                && i.penalty == Some(PenaltyRecord::TimeBonus { minutes: 2 }))),
        "{:?}",
        recorded(&confirmed)
    );
    assert_eq!(s.game().illegal_move_count(Color::Black), 1);
}

/// 6.11 and the record: the arbiter's "Schiedsrichter weiter" without a ruling closes the
/// matter, and that is in the journal too ("Schiedsrichter lässt ohne Entscheidung
/// weiterspielen"): resumed afterwards, nothing is before him.
#[test]
fn a_matter_dismissed_is_recorded_and_stays_closed_after_a_resumption() {
    let mut j = Journaled {
        s: session_with(None, Some("90+30"), None, options(Mode::Tournament)),
        lines: Vec::new(),
    };
    let _ = j.line("Eva vier", 1000);
    let _ = j.line("", 2000);
    let _ = j.line("Springer schlägt Felix sechs", 3000);
    let _ = j.line("", 4000);
    let dismissed = j.line("Schiedsrichter weiter", 5000);
    assert!(
        entries(&dismissed).iter().any(|e| matches!(e,
            Entry::Dismissed(d) if d.by == Color::Black && d.matter == Matter::IllegalMove)),
        "{:?}",
        recorded(&dismissed)
    );
    assert!(
        said(&dismissed)
            .join(" / ")
            .starts_with("Schiedsrichter lässt ohne Entscheidung weiterspielen"),
        "{:?}",
        said(&dismissed)
    );
    assert!(
        j.s.sheet()
            .notes()
            .iter()
            .flat_map(|n| &n.comments)
            .any(|n| n.words
                == [
                    annexd_core::Token::Word(Word::Arbiter),
                    annexd_core::Token::Word(Word::DismissesIt)
                ]),
        "the scoresheet notes it"
    );

    let mut s = j.resumed();
    let greeting = said(&s.greeting(true)).join(" / ");
    assert!(
        !greeting.contains("Schiedsrichter entscheidet"),
        "{greeting}"
    );
    assert!(
        greeting.ends_with("die Eingabetaste lässt die Uhr weiterlaufen"),
        "{greeting}"
    );
    assert_eq!(
        said(&line(&mut s, "Schiedsrichter Reklamation", 6000)),
        ["dem Schiedsrichter liegt nichts vor"]
    );
}

fn e_board(s: &mut annexd_core::Session, input: BoardInput, at: u64) -> Vec<Effect> {
    s.handle(
        annexd_core::Input::Board(
            annexd_core::Seat::Sighted,
            annexd_core::board::LinkEvent::Input(input),
        ),
        Duration::from_millis(at),
    )
}

fn e_piece(c: char) -> Cell {
    Cell::Piece(shakmaty::Piece::from_char(c).unwrap())
}

/// The VI player (White) typing his moves, the sighted player (Black) on a DGT e-board,
/// 90+30: after 1. e4, made on the e-board too and the clock pressed, Black to move.
fn with_e_board(mode: Mode) -> annexd_core::Session {
    let mut s = session_with(None, Some("90+30"), None, options(mode));
    s.attach_sighted_board();
    let _ = line(&mut s, "Eva vier", 1000);
    let _ = line(&mut s, "", 2000);
    let _ = e_board(&mut s, BoardInput::Up("e2".parse().unwrap()), 3000);
    let _ = e_board(
        &mut s,
        BoardInput::Down("e4".parse().unwrap(), e_piece('P')),
        3100,
    );
    s
}

/// 7.5.1: "Un coup illégal est achevé une fois que le joueur a appuyé sur la pendule"; D.2.5:
/// for the sighted player the normal rules apply. His rook through his own pawn on the
/// e-board is no move the program refuses: it is said as his board shows it (to the VI player
/// too, as he would announce it), his clock press completes it, and it is recorded and put to
/// the arbiter with the penalty of 7.5.3 proposed ("pour le premier coup illégal achevé par
/// un joueur, l'arbitre donnera deux minutes supplémentaires à son adversaire"); his board is
/// then shown what to put back (D.2.9).
#[test]
fn an_illegal_move_on_the_sighted_players_e_board_is_completed_and_put_to_the_arbiter() {
    let mut s = with_e_board(Mode::Tournament);
    let _ = e_board(&mut s, BoardInput::Up("a8".parse().unwrap()), 5000);
    let placed = e_board(
        &mut s,
        BoardInput::Down("a6".parse().unwrap(), e_piece('r')),
        5100,
    );
    assert_eq!(
        said(&placed),
        ["Schwarz, schwarzer Turm Anna acht Anna sechs"]
    );
    assert!(
        shown_words(&placed).is_empty(),
        "no verdict before the press: {:?}",
        shown_words(&placed)
    );
    assert!(!recorded(&placed).contains(&"referred"));

    let pressed = line(&mut s, "", 6000);
    assert!(
        entries(&pressed).iter().any(|e| matches!(e,
            Entry::Referred(r) if r.by == Color::Black
                && r.matter == Matter::IllegalMove
                && r.detail.as_deref() == Some("a8a6"))),
        "{:?}",
        recorded(&pressed)
    );
    let words = said(&pressed).join(" / ");
    assert!(
        words.contains("Schwarz hat einen regelwidrigen Zug abgeschlossen, der Schiedsrichter entscheidet, Vorschlag für den Schiedsrichter, Schwarz regelwidriger Zug, Strafe, Weiß erhält zwei Minuten"),
        "{words}"
    );
    assert!(s.clock().unwrap().clock().is_paused(), "6.11");
    assert_eq!(
        s.game().history().len(),
        1,
        "7.5.1: the position before stands"
    );
    let shown: Vec<String> = shown_words(&pressed)
        .iter()
        .map(|t| Lang::De.text(t))
        .collect();
    assert!(
        shown
            .iter()
            .any(|l| l.contains("Anna sechs") && l.contains("Anna acht")),
        "the e-board's squares to put right: {shown:?}"
    );

    let confirmed = line(&mut s, "Schiedsrichter regelwidrig", 7000);
    assert!(
        entries(&confirmed).iter().any(|e| matches!(e,
            Entry::IllegalMove(i) if i.by == Color::Black
                && i.penalty == Some(PenaltyRecord::TimeBonus { minutes: 2 }))),
        "{:?}",
        recorded(&confirmed)
    );
    assert_eq!(s.game().illegal_move_count(Color::Black), 1);

    // His board put right and the arbiter's "weiter": his legal move is a move again.
    let _ = e_board(&mut s, BoardInput::Up("a6".parse().unwrap()), 8000);
    let _ = e_board(
        &mut s,
        BoardInput::Down("a8".parse().unwrap(), e_piece('r')),
        8100,
    );
    let _ = line(&mut s, "Schiedsrichter weiter", 9000);
    let _ = e_board(&mut s, BoardInput::Up("e7".parse().unwrap()), 10_000);
    let moved = e_board(
        &mut s,
        BoardInput::Down("e5".parse().unwrap(), e_piece('p')),
        10_100,
    );
    assert_eq!(said(&moved), ["Schwarz Eva fünf"]);
}

/// The illegal way put back before the press is no move: the press completes nothing, and
/// the same way made again is said again (D.2.5: until he presses his clock the move is not
/// completed, 7.5.1).
#[test]
fn an_illegal_way_on_the_e_board_put_back_before_the_press_is_nothing() {
    let mut s = with_e_board(Mode::Tournament);
    let rook = |s: &mut annexd_core::Session, from: &str, to: &str, at: u64| {
        let _ = e_board(s, BoardInput::Up(from.parse().unwrap()), at);
        e_board(
            s,
            BoardInput::Down(to.parse().unwrap(), e_piece('r')),
            at + 100,
        )
    };
    assert_eq!(
        said(&rook(&mut s, "a8", "a6", 5000)),
        ["Schwarz, schwarzer Turm Anna acht Anna sechs"]
    );
    let _ = rook(&mut s, "a6", "a8", 6000);
    assert_eq!(
        said(&rook(&mut s, "a8", "a6", 7000)),
        ["Schwarz, schwarzer Turm Anna acht Anna sechs"]
    );
    let _ = rook(&mut s, "a6", "a8", 8000);
    let pressed = line(&mut s, "", 9000);
    assert!(
        !recorded(&pressed).contains(&"referred"),
        "{:?}",
        said(&pressed)
    );
    assert_eq!(s.game().history().len(), 1);
}

/// At home the same way on the e-board is no move: the e-board is shown to differ (D.2.9),
/// and the clock press completes nothing.
#[test]
fn at_home_an_illegal_way_on_the_e_board_is_a_difference() {
    let mut s = with_e_board(Mode::Home);
    let _ = e_board(&mut s, BoardInput::Up("a8".parse().unwrap()), 5000);
    let placed = e_board(
        &mut s,
        BoardInput::Down("a6".parse().unwrap(), e_piece('r')),
        5100,
    );
    assert!(said(&placed).is_empty(), "{:?}", said(&placed));
    assert!(!shown_words(&placed).is_empty());
    let pressed = line(&mut s, "", 6000);
    assert!(!recorded(&pressed).contains(&"referred"));
}

/// 4.4.2: "touche délibérément une tour puis son roi, il n'est pas autorisé à roquer de ce
/// côté lors de ce coup, et la situation doit être traitée selon l'Article 4.3.1". Whether the
/// touch was deliberate is the arbiter's to judge: in tournament mode the castling placed
/// after the rook stands until the clock completes it, and is then recorded as played and put
/// to him; his confirmation takes it back (recorded with the article), the clocks set as
/// they were before it.
#[test]
fn castling_after_the_rook_is_completed_recorded_and_put_to_the_arbiter() {
    let mut s = session_with(
        Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
        Some("90+30"),
        Some(Sensing::Occupancy),
        options(Mode::Tournament),
    );
    let _ = way(&mut s, "h1", "f1", 1000);
    let placed = way(&mut s, "e1", "g1", 2000);
    assert_eq!(said(&placed), ["Kurze Rochade, bitte ansagen"]);
    let announced = line(&mut s, "Kurze Rochade", 3000);
    assert!(recorded(&announced).contains(&"move"));
    let pressed = line(&mut s, "", 4000);
    assert!(
        entries(&pressed).iter().any(|e| matches!(e,
            Entry::Referred(r) if r.by == Color::White
                && r.matter == Matter::CastlingAfterRook
                && r.detail.as_deref() == Some("e1g1"))),
        "{:?}",
        recorded(&pressed)
    );
    assert!(s.clock().unwrap().clock().is_paused(), "6.11");
    assert_eq!(
        s.game().history().len(),
        1,
        "played until the arbiter rules"
    );

    let ruled = line(&mut s, "Schiedsrichter regelwidrig", 5000);
    assert!(
        entries(&ruled).iter().any(|e| matches!(e,
            Entry::Undo(u) if u.reason.as_deref() == Some("4.4.2"))),
        "{:?}",
        recorded(&ruled)
    );
    assert!(s.game().history().is_empty(), "the castling taken back");
    assert_eq!(
        s.game().illegal_move_count(Color::White),
        0,
        "no 7.5 penalty"
    );
    assert_eq!(
        said(&ruled).last().map(String::as_str),
        Some("Turm Hector eins, berührt, geführt"),
        "4.3.1: the rook must move"
    );

    // At home the same castling is refused on the pegs, before the clock.
    let mut s = session_with(
        Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
        Some("90+30"),
        Some(Sensing::Occupancy),
        options(Mode::Home),
    );
    let _ = way(&mut s, "h1", "f1", 1000);
    let placed = said(&way(&mut s, "e1", "g1", 2000)).join(" / ");
    assert!(
        placed.starts_with("Kurze Rochade, nicht erlaubt, der Turm wurde zuerst berührt"),
        "{placed}"
    );
}

/// The equipment rules: with speech in the VI player's earphone, what both players and the
/// arbiter must hear is marked so (7.5.1, 7.5.3: the illegal move completed and the penalty
/// concern both; 6.11: the arbiter stops the clocks): the matter put to the arbiter and his
/// ruling are `Aloud`; a move announced is not.
#[test]
fn the_arbiters_matters_are_said_aloud_the_rest_is_not() {
    use annexd_core::Audience;
    fn audiences(effects: &[Effect]) -> Vec<Audience> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Say { audience, .. } => Some(*audience),
                _ => None,
            })
            .collect()
    }
    let mut s = session_with(None, Some("90+30"), None, options(Mode::Tournament));
    let moved = line(&mut s, "Eva vier", 1000);
    assert!(!audiences(&moved).contains(&Audience::Aloud), "{moved:?}");
    let _ = line(&mut s, "", 2000);
    let _ = line(&mut s, "Springer schlägt Felix sechs", 3000);
    let pressed = line(&mut s, "", 4000);
    assert!(
        audiences(&pressed).iter().all(|a| *a == Audience::Aloud),
        "{pressed:?}"
    );
    let ruled = line(&mut s, "Schiedsrichter regelwidrig", 5000);
    assert!(
        !audiences(&ruled).is_empty() && audiences(&ruled).iter().all(|a| *a == Audience::Aloud),
        "{ruled:?}"
    );
    let resumed = line(&mut s, "Schiedsrichter weiter", 6000);
    assert!(
        !audiences(&resumed).contains(&Audience::Aloud),
        "nothing was before him"
    );
}
