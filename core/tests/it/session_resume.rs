//! A session rebuilt from its journal (what `annexd resume` does after a crash), with fake
//! time: the game, the clock's times as last recorded, the move number, whose clock runs,
//! and a move made but not completed.

use std::time::Duration;

use annexd_core::clock::{AnnounceConfig, ClockOptions, TalkingClock, TimeControl};
use annexd_core::record::{Entry, Header, JournalContents, Scoresheet, Stamped, parse_journal};
use annexd_core::{Effect, Input, Resumed, Session, SessionOptions, resume};
use shakmaty::{Color, Position};

use crate::support;

use support::KASPAROV_TOPALOV_1999;

const CONTROL: &str = "40/5400+30:1800+30";

fn clock() -> TalkingClock {
    TalkingClock::new(
        TimeControl::parse(CONTROL).unwrap(),
        ClockOptions::default(),
        AnnounceConfig::default(),
    )
}

fn header() -> Header {
    let mut header = Header::standard();
    header.time_control = Some(CONTROL.into());
    header
}

/// A session and the journal lines it recorded so far.
struct Played {
    session: Session,
    lines: Vec<Stamped>,
}

impl Played {
    fn new(with_clock: bool) -> Played {
        let sheet = Scoresheet::new(header()).unwrap();
        let clock = with_clock.then(clock);
        Played {
            session: Session::new(sheet, clock, SessionOptions::default()),
            lines: Vec::new(),
        }
    }

    fn input(&mut self, input: Input, at_secs: u64) {
        for effect in self.session.handle(input, Duration::from_secs(at_secs)) {
            if let Effect::Record(line, _) = effect {
                self.lines.push(line);
            }
        }
    }

    fn line(&mut self, text: &str, at_secs: u64) {
        self.input(Input::Line(text.into()), at_secs);
    }

    fn press(&mut self, at_secs: u64) {
        self.input(Input::ClockButton, at_secs);
    }

    /// The journal as written: the header, then every line.
    fn journal(&self) -> JournalContents {
        let mut text = Stamped::untimed(Entry::header(header())).to_json_line();
        for line in &self.lines {
            text.push('\n');
            text.push_str(&line.to_json_line());
        }
        text.push('\n');
        parse_journal(text.as_bytes()).unwrap()
    }

    fn resumed(&self, with_clock: bool) -> Resumed {
        resume(
            &self.journal(),
            with_clock.then(clock),
            SessionOptions::default(),
        )
        .unwrap()
    }
}

#[test]
fn the_clock_is_set_to_the_times_of_the_last_press_and_waits_to_be_started() {
    let mut game = Played::new(true);
    game.line("e4", 0);
    game.press(20);
    game.line("e5", 50);
    game.press(60);
    game.line("Nf3", 100);
    game.press(130);
    // The arbiter gives Black a minute after the last press (6.10.2).
    game.line("Schiedsrichter Zeit Schwarz 60", 140);
    let live = game
        .session
        .clock()
        .unwrap()
        .snapshot(Duration::from_secs(140));

    let Resumed { session, at } = game.resumed(true);
    assert_eq!(at, Duration::from_secs(140), "the time of the last line");
    assert_eq!(session.game().history().len(), 3);
    assert_eq!(session.uncompleted(), None, "every move was completed");
    let clock = session.clock().unwrap();
    assert!(clock.clock().is_paused(), "stopped until started again");
    assert_eq!(clock.clock().side_to_move(), Color::Black);
    let snapshot = clock.snapshot(at);
    assert_eq!(snapshot.move_number, 2);
    // White's time as pressed at 130 s; Black's as pressed at 60 s plus the minute given
    // (live, Black's clock ran on from 130 s to 140 s; that time is not recorded).
    assert_eq!(snapshot.white, live.white);
    assert_eq!(
        snapshot.black,
        Duration::from_secs(5400 + 30 - 40 + 30 + 60),
        "Black's time at the press of move 1 (40 s used, 30 s added), and the minute given"
    );
    // Time runs on from where the journal stops, once the clock is started again.
    let later = clock.snapshot(at + Duration::from_secs(3600));
    assert_eq!(later.black, snapshot.black, "paused: no time passes");
}

#[test]
fn a_move_made_but_not_completed_can_still_be_taken_back_or_completed() {
    let mut game = Played::new(true);
    game.line("e4", 0);
    game.press(20);
    game.line("e5", 50);
    let Resumed { mut session, at } = game.resumed(true);
    assert_eq!(session.uncompleted(), Some(Color::Black));
    assert_eq!(session.game().turn(), Color::White);
    let clock = session.clock().unwrap();
    assert_eq!(
        clock.clock().side_to_move(),
        Color::Black,
        "Black's clock not pressed yet"
    );
    // The arbiter starts the clock again; Black completes the move by pressing it.
    let _ = session.handle(Input::Line("Schiedsrichter weiter".into()), at);
    let pressed = session.handle(Input::ClockButton, at + Duration::from_secs(5));
    assert!(
        pressed
            .iter()
            .any(|e| matches!(e, Effect::Record(line, _) if line.entry.kind() == "press")),
        "{pressed:?}"
    );
    assert_eq!(session.uncompleted(), None);
}

#[test]
fn the_fortieth_move_is_still_the_fortieth_after_a_resume() {
    // 6.3.1: the second period's time is added when the 40th move is completed, however
    // often the game was interrupted before it.
    let mut game = Played::new(true);
    let mut t = 0;
    for san in KASPAROV_TOPALOV_1999.split_whitespace() {
        game.line(san, t);
        t += 1;
        game.press(t);
        t += 1;
    }
    assert_eq!(game.session.game().history().len(), 78);
    let Resumed { mut session, at } = game.resumed(true);
    assert_eq!(session.clock().unwrap().snapshot(at).move_number, 40);
    let _ = session.handle(Input::Line("Schiedsrichter weiter".into()), at);
    let before = session.clock().unwrap().snapshot(at).white;
    let _ = session.handle(Input::Line("Qa8".into()), at + Duration::from_secs(2));
    let _ = session.handle(Input::ClockButton, at + Duration::from_secs(2));
    let after = session
        .clock()
        .unwrap()
        .snapshot(at + Duration::from_secs(2))
        .white;
    assert_eq!(
        after,
        before - Duration::from_secs(2) + Duration::from_secs(30) + Duration::from_secs(1800),
        "the 40th move completed: increment and the second period's 30 minutes"
    );
}

#[test]
fn a_game_without_a_clock_has_nothing_open_and_an_ended_game_stays_ended() {
    let mut game = Played::new(false);
    for (i, text) in ["f3", "e5", "g4", "Qh4"].into_iter().enumerate() {
        game.line(text, i as u64);
    }
    let Resumed { mut session, at } = game.resumed(false);
    assert_eq!(at, Duration::from_secs(3));
    assert!(session.game().is_over());
    assert_eq!(session.uncompleted(), None);
    let greeting = session.greeting(true);
    let Effect::Say { tokens, .. } = &greeting[0] else {
        panic!("{greeting:?}")
    };
    assert!(
        annexd_core::Lang::De.text(tokens).contains("schachmatt"),
        "{tokens:?}"
    );
    assert!(session.game().position().is_checkmate());
}

#[test]
fn going_back_and_the_arbiters_clock_settings_resume_as_they_were_d_2_9() {
    let mut game = Played::new(true);
    for (i, san) in ["e4", "e5", "Nf3", "Nc6"].into_iter().enumerate() {
        game.line(san, 2 * i as u64);
        game.press(2 * i as u64 + 1);
    }
    game.line("Schiedsrichter zurück 2", 10);
    game.line("Schiedsrichter Zeit Weiß 1:23:10", 11);
    game.line("Schiedsrichter Zug 5", 12);
    let live = game
        .session
        .clock()
        .unwrap()
        .snapshot(Duration::from_secs(12));
    assert_eq!(live.move_number, 5);
    let Resumed { session, at } = game.resumed(true);
    assert_eq!(session.game().history().len(), 2);
    let resumed = session.clock().unwrap().snapshot(at);
    assert_eq!(
        (resumed.white, resumed.black, resumed.move_number),
        (live.white, live.black, live.move_number)
    );
    assert_eq!(resumed.white.as_secs(), 3600 + 23 * 60 + 10);
}
