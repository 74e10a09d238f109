//! Engines that fail, through the engine port: none at the path given, a file that is not a
//! program, a program that ends at once, one that crashes in a search, one that hangs (and
//! ignores `stop`), one that says nothing, one that writes nonsense (bytes that are not text,
//! a line of 200 000 bytes), one that names an illegal move. Each is said as a fault, never a
//! panic; a hung or raving engine's process is ended; and the port starts another engine
//! afterwards. The engines are small shell scripts (tests/data/engines).
#![cfg(feature = "engine")]

use crate::engine_support;

use std::time::Duration;

use annexd_core::engine::{
    Decision, Fault, Order, Patience, Purpose, SearchPosition, SearchRequest, Strength,
};
use engine_support::{Driven, test_engine};
use shakmaty::Chess;

/// Short waits, so that the tests of silence are quick.
fn patience() -> Patience {
    Patience {
        handshake: Duration::from_millis(1500),
        ready: Duration::from_millis(1500),
        overrun: Duration::from_millis(200),
        after_stop: Duration::from_millis(500),
        unlimited: Duration::from_secs(5),
        garbage_lines: 50,
        ..Patience::default()
    }
}

fn search(engine: &Driven) -> Order {
    Order::Search(Box::new(SearchRequest {
        purpose: Purpose::Play,
        position: SearchPosition::at(&Chess::default()),
        strength: Strength::for_elo(1500, engine.port.offers()),
        think: Some(Duration::from_millis(100)),
        new_game: true,
    }))
}

/// The process `pid` is gone (ended and waited for).
#[cfg(unix)]
fn gone(pid: u32) -> bool {
    !std::path::Path::new(&format!("/proc/{pid}")).exists()
}

#[test]
fn no_program_at_the_path_is_not_found() {
    let (_engine, decided) = Driven::start(Some(test_engine("no-such-engine")), patience());
    assert_eq!(decided, [Decision::Failed(Fault::NotFound)]);
    let (_engine, decided) = Driven::start(None, patience());
    assert_eq!(decided, [Decision::Failed(Fault::NotFound)]);
}

#[cfg_attr(not(unix), ignore = "the test engines are shell scripts")]
#[test]
fn a_file_that_is_not_a_program_cannot_start() {
    let (_engine, decided) = Driven::start(Some(test_engine("not-executable")), patience());
    assert_eq!(decided, [Decision::Failed(Fault::CannotStart)]);
}

#[cfg_attr(not(unix), ignore = "the test engines are shell scripts")]
#[test]
fn a_program_that_ends_at_once_has_crashed() {
    let (mut engine, decided) = Driven::start(Some(test_engine("quits.sh")), patience());
    // Said when "uci" finds no reader, or when its output ends, whichever comes first.
    let fault = match decided.as_slice() {
        [] => engine.fails(Duration::from_secs(5)),
        [Decision::Failed(fault)] => fault.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(fault, Fault::Crashed);
}

#[cfg_attr(not(unix), ignore = "the test engines are shell scripts")]
#[test]
fn an_engine_that_crashes_in_a_search_has_crashed_and_another_starts() {
    let (mut engine, _) = Driven::start(Some(test_engine("crash.sh")), patience());
    assert_eq!(engine.ready(), "Crasher 1");
    assert!(engine.order(search(&engine)).is_empty());
    assert_eq!(engine.fails(Duration::from_secs(5)), Fault::Crashed);
    // Started again, it is ready again.
    assert!(engine.order(Order::Restart).is_empty());
    assert_eq!(engine.ready(), "Crasher 1");
}

#[cfg_attr(not(unix), ignore = "the test engines are shell scripts")]
#[test]
fn an_engine_that_hangs_is_stopped_then_given_up_and_ended() {
    let (mut engine, _) = Driven::start(Some(test_engine("hang.sh")), patience());
    assert_eq!(engine.ready(), "Sleeper 1");
    let pid = engine.port.process_id().unwrap();
    assert!(engine.order(search(&engine)).is_empty());
    assert_eq!(engine.fails(Duration::from_secs(5)), Fault::Silent);
    #[cfg(unix)]
    assert!(gone(pid), "the hung engine's process is ended");
    #[cfg(not(unix))]
    let _ = pid;
    assert_eq!(engine.port.process_id(), None);
}

#[cfg_attr(not(unix), ignore = "the test engines are shell scripts")]
#[test]
fn an_engine_that_says_nothing_is_silent() {
    let (mut engine, _) = Driven::start(Some(test_engine("mute.sh")), patience());
    let pid = engine.port.process_id().unwrap();
    assert_eq!(engine.fails(Duration::from_secs(5)), Fault::Silent);
    #[cfg(unix)]
    assert!(gone(pid));
    #[cfg(not(unix))]
    let _ = pid;
}

#[cfg_attr(not(unix), ignore = "the test engines are shell scripts")]
#[test]
fn an_engine_that_writes_nonsense_is_garbage_and_ended() {
    let (mut engine, _) = Driven::start(Some(test_engine("garbage.sh")), patience());
    let pid = engine.port.process_id().unwrap();
    match engine.fails(Duration::from_secs(5)) {
        Fault::Garbage(line) => assert!(line.starts_with("error: unknown command"), "{line}"),
        other => panic!("{other:?}"),
    }
    #[cfg(unix)]
    assert!(gone(pid));
    #[cfg(not(unix))]
    let _ = pid;
}

#[cfg_attr(not(unix), ignore = "the test engines are shell scripts")]
#[test]
fn an_engine_that_names_an_illegal_move_is_garbage() {
    let (mut engine, _) = Driven::start(Some(test_engine("illegal.sh")), patience());
    assert_eq!(engine.ready(), "Cheater 1");
    assert!(engine.order(search(&engine)).is_empty());
    assert_eq!(
        engine.fails(Duration::from_secs(5)),
        Fault::Garbage("bestmove e1e8".into())
    );
}

#[test]
fn faults_are_said_in_every_language() {
    for fault in [
        Fault::NotFound,
        Fault::CannotStart,
        Fault::Crashed,
        Fault::Silent,
        Fault::Garbage(String::new()),
    ] {
        for lang in annexd_core::Lang::ALL {
            let said = lang.text(&fault.tokens());
            assert!(said.len() > 10, "{lang}: {fault:?} said {said:?}");
        }
    }
}
