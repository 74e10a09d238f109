//! Helpers of the session tests: a session with or without a clock and a peg board, inputs
//! at fake times, and what came out (said in German, recorded); and the scripted games of
//! the scoresheet tests ([`games`]).

#![allow(dead_code)]

pub mod blind;
pub mod games;
pub mod rows;
pub mod share;
pub mod vocabulary;

use std::time::Duration;

use annexd_core::board::peg_protocol::Hello;
use annexd_core::board::{BoardInput, LinkEvent, Sensing, Tracker, TrackerOutput};
use annexd_core::clock::{AnnounceConfig, ClockOptions, TalkingClock, TimeControl};
use annexd_core::listen::Heard;
use annexd_core::record::{Header, Scoresheet};
use annexd_core::{Effect, Input, Lang, Seat, Session, SessionOptions};

/// A clock for a time control ("90+30").
pub fn clock(control: &str) -> TalkingClock {
    TalkingClock::new(
        TimeControl::parse(control).unwrap(),
        ClockOptions::default(),
        AnnounceConfig::default(),
    )
}

/// A session from `fen` with the options, a clock if a control is given, and a connected
/// peg board of kind `peg` if one is given.
pub fn session_with(
    fen: Option<&str>,
    control: Option<&str>,
    peg: Option<Sensing>,
    options: SessionOptions,
) -> Session {
    let header = match fen {
        Some(fen) => Header::new(fen),
        None => Header::standard(),
    };
    let sheet = Scoresheet::new(header).unwrap();
    let mut session = Session::new(sheet, control.map(clock), options);
    if let Some(sensing) = peg {
        session.attach_peg_board(sensing);
        connect_peg_board_of(&mut session, sensing, Duration::ZERO);
    }
    session
}

pub fn session(control: Option<&str>, peg: bool) -> Session {
    let sheet = Scoresheet::new(Header::standard()).unwrap();
    let clock = control.map(|c| {
        TalkingClock::new(
            TimeControl::parse(c).unwrap(),
            ClockOptions::default(),
            AnnounceConfig::default(),
        )
    });
    let mut session = Session::new(sheet, clock, SessionOptions::default());
    if peg {
        session.attach_peg_board(Sensing::Occupancy);
        connect_peg_board(&mut session, Duration::ZERO);
    }
    session
}

/// The peg board's link comes up (its `HELLO`) at `at`.
pub fn connect_peg_board(session: &mut Session, at: Duration) {
    connect_peg_board_of(session, Sensing::Occupancy, at);
}

/// The peg board's link comes up (its `HELLO`) at `at`, for a board of kind `sensing`.
pub fn connect_peg_board_of(session: &mut Session, sensing: Sensing, at: Duration) {
    let hello = Hello {
        model: "test".into(),
        firmware: "1".into(),
        sensing,
    };
    let connected = session.handle(Input::Board(Seat::Peg, LinkEvent::Connected(hello)), at);
    assert_eq!(said(&connected), ["Brett verbunden"]);
}

pub fn said(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Say { tokens, .. } => Some(Lang::De.text(tokens)),
            _ => None,
        })
        .collect()
}

pub fn recorded(effects: &[Effect]) -> Vec<&'static str> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Record(line, _) => Some(line.entry.kind()),
            _ => None,
        })
        .collect()
}

pub fn line(session: &mut Session, text: &str, at: u64) -> Vec<Effect> {
    session.handle(Input::Line(text.into()), Duration::from_millis(at))
}

pub fn peg(session: &mut Session, input: BoardInput, at: u64) -> Vec<Effect> {
    session.handle(
        Input::Board(Seat::Peg, LinkEvent::Input(input)),
        Duration::from_millis(at),
    )
}

pub fn heard(session: &mut Session, words: &[&str], always_on: bool, at: u64) -> Vec<Effect> {
    let heard = Heard {
        alternatives: words
            .iter()
            .enumerate()
            .map(|(i, w)| (w.to_string(), -(i as f32) * 0.5))
            .collect(),
        ..Heard::default()
    };
    session.handle(Input::Heard { heard, always_on }, Duration::from_millis(at))
}

/// Wijk aan Zee 1999, the first 39 moves (from tests/data/masters.pgn).
pub const KASPAROV_TOPALOV_1999: &str = "e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 \
    Qxh6 Bb7 a3 e5 O-O-O Qe7 Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 \
    Qf4+ Ka7 Rhe1 d4 Nd5 Nbxd5 exd5 Qd6 Rxd4 cxd4 Re7+ Kb6 Qxd4+ Kxa5 b4+ Ka4 Qc3 Qxd5 Ra7 \
    Bb7 Rxb7 Qc4 Qxf6 Kxa3 Qxa6+ Kxb4 c3+ Kxc3 Qa1+ Kd2 Qb2+ Kd1 Bf1 Rd2 Rd7 Rxd7 Bxc4 bxc4 \
    Qxh8 Rd3";

/// The tracker inputs among a board link's events.
pub fn link_inputs(events: &[LinkEvent]) -> Vec<BoardInput> {
    events
        .iter()
        .filter_map(|e| match e {
            LinkEvent::Input(i) => Some(i.clone()),
            _ => None,
        })
        .collect()
}

/// The moves `tracker` reads from a board link's events.
pub fn moves_read(tracker: &mut Tracker, events: &[LinkEvent]) -> Vec<shakmaty::Move> {
    link_inputs(events)
        .iter()
        .flat_map(|i| tracker.handle(i))
        .filter_map(|o| match o {
            TrackerOutput::Move(m) => Some(m),
            _ => None,
        })
        .collect()
}
