//! The harness of the `session_lines` fuzz target, shared with the test that runs it on
//! stable Rust for a few seconds (`core/tests/it/session_lines.rs`), so that it cannot rot.
//!
//! Any bytes are typed into a session: the first byte picks the language, the seat, the
//! clock and a peg board; the rest is cut into lines by the core's line splitter, as
//! standard input is, and each line is handled a quarter of a second after the one before
//! (with the clock's deadlines in between, as the event loop wakes for them). Nothing may
//! panic, and the journal the session asked for, written as the journal file's text and read
//! back, must replay to the same game (position, outcome and PGN).

use std::time::Duration;

use annexd_core::board::Sensing;
use annexd_core::clock::{AnnounceConfig, ClockOptions, TalkingClock, TimeControl};
use annexd_core::record::{Entry, Header, Scoresheet, Stamped, replay};
use annexd_core::{
    Effect, Input, Lang, LineSplitter, SeatRole, Session, SessionOptions, TypedLine,
};

/// Runs the bytes through a session; panics when the journal does not replay to its game.
pub fn run(data: &[u8]) {
    let Some((&setup, typed)) = data.split_first() else {
        return;
    };
    let mut session = session_for(setup);
    let mut journal = Vec::new();
    let header = Stamped::untimed(Entry::header(session.sheet().header().clone()));
    journal.extend(header.to_json_line().into_bytes());
    journal.push(b'\n');
    let mut splitter = LineSplitter::new();
    let mut lines = splitter.push(typed);
    lines.extend(splitter.finish());
    let mut now = Duration::ZERO;
    let record = |effects: Vec<Effect>, journal: &mut Vec<u8>| {
        for effect in effects {
            if let Effect::Record(entry, _) = effect {
                journal.extend(entry.to_json_line().into_bytes());
                journal.push(b'\n');
            }
        }
    };
    for line in lines {
        let at = now + Duration::from_millis(250);
        while let Some(deadline) = session.next_deadline() {
            if deadline <= now || deadline >= at {
                break;
            }
            now = deadline;
            record(session.handle(Input::Tick, now), &mut journal);
        }
        now = at;
        if let TypedLine::Text(text) = line {
            record(session.handle(Input::Line(text), now), &mut journal);
        }
    }
    check_replay(&session, &journal);
}

/// The session the setup byte asks for: bit 0 the language, bit 1 the seat (assistant), bits
/// 2–3 the clock (none, 90+30, 5+3 with delay, one second), bit 4 a peg board.
pub fn session_for(setup: u8) -> Session {
    let lang = if setup & 1 == 0 { Lang::De } else { Lang::En };
    let role = if setup & 2 == 0 {
        SeatRole::Player
    } else {
        SeatRole::Assistant
    };
    let control = match (setup >> 2) & 3 {
        0 => None,
        1 => Some("90+30"),
        2 => Some("5d3"),
        _ => Some("1"),
    };
    let clock = control.map(|c| {
        TalkingClock::new(
            TimeControl::parse(c).expect("a valid control"),
            ClockOptions::default(),
            AnnounceConfig::default(),
        )
    });
    let sheet = Scoresheet::new(Header::standard()).expect("the standard position");
    let options = SessionOptions {
        lang,
        role,
        ..SessionOptions::default()
    };
    let mut session = Session::new(sheet, clock, options);
    if setup & 16 != 0 {
        session.attach_peg_board(Sensing::Occupancy);
    }
    session
}

/// The journal text read back and replayed gives the session's game.
pub fn check_replay(session: &Session, journal: &[u8]) {
    let contents = annexd_core::record::parse_journal(journal)
        .expect("the journal the session wrote reads back");
    assert!(
        contents.damaged_tail.is_none(),
        "a whole journal has no damaged tail"
    );
    let replayed = replay(&contents).expect("the journal the session wrote replays");
    assert_eq!(replayed.game().fen(), session.game().fen(), "position");
    assert_eq!(
        replayed.game().outcome(),
        session.game().outcome(),
        "outcome"
    );
    assert_eq!(
        annexd_core::record::pgn_text(&replayed),
        annexd_core::record::pgn_text(session.sheet()),
        "PGN"
    );
}
