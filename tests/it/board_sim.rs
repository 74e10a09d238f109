//! The simulated peg board's thread (issue 14): it sleeps until something happens (it woke
//! every millisecond before, 1.5 % of a core with nothing going on), it can be unplugged and
//! plugged back at any moment, and a line it cannot carry out comes back with its reason.
//! It counts the wake-ups of the `board-sim` thread of its process: it runs in a process of
//! its own (the other tests' simulators are threads of the test program too).

use std::time::{Duration, Instant};

use annexd::board::{BoardConnection, PortEvent, SimNote, SimOptions, start_simulator};
use annexd_core::board::simulated::SimRefusal;
use annexd_core::board::{BoardInput, LinkEvent};
use annexd_core::board::{BoardOptions, BoardSpec};
use crossbeam_channel::Receiver;

use crate::common::in_own_process;

/// Voluntary context switches (times it went to sleep) of this process's `board-sim` thread.
fn sim_thread_sleeps() -> u64 {
    let mut total = 0;
    for task in std::fs::read_dir("/proc/self/task").unwrap() {
        let task = task.unwrap().path();
        let comm = std::fs::read_to_string(task.join("comm")).unwrap_or_default();
        if comm.trim() != "board-sim" {
            continue;
        }
        let status = std::fs::read_to_string(task.join("status")).unwrap();
        total += status
            .lines()
            .find_map(|l| l.strip_prefix("voluntary_ctxt_switches:"))
            .map(|n| n.trim().parse::<u64>().unwrap())
            .unwrap();
    }
    total
}

fn next_link_event(events: &Receiver<PortEvent>, what: &str, wanted: impl Fn(&LinkEvent) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match events.recv_timeout(left) {
            Ok(PortEvent::Link(event)) if wanted(&event) => return,
            Ok(_) => {}
            Err(_) => panic!("no {what} within 10 s"),
        }
    }
}

#[test]
fn the_simulated_board_sleeps_until_something_happens_and_can_be_replugged() {
    if !in_own_process(
        "board_sim::the_simulated_board_sleeps_until_something_happens_and_can_be_replugged",
    ) {
        return;
    }
    let board = start_simulator(SimOptions::default()).unwrap();
    // Alone, with nobody on its port: it does not wake at all.
    std::thread::sleep(Duration::from_millis(200));
    let before = sim_thread_sleeps();
    std::thread::sleep(Duration::from_millis(1500));
    let idle = sim_thread_sleeps() - before;
    eprintln!("board-sim wake-ups: {idle} in 1.5 s alone");
    assert!(idle <= 1, "{idle} wake-ups in 1.5 s with nothing happening");

    // With the host on its port: it wakes for the host's pings (one a second) only.
    let link = BoardConnection::open(
        &BoardSpec::Peg(board.path().display().to_string()),
        &BoardOptions::default(),
        None,
    )
    .unwrap();
    next_link_event(link.events(), "HELLO", |e| {
        matches!(e, LinkEvent::Connected(_))
    });
    std::thread::sleep(Duration::from_millis(300));
    let before = sim_thread_sleeps();
    std::thread::sleep(Duration::from_millis(2000));
    let linked = sim_thread_sleeps() - before;
    eprintln!("board-sim wake-ups: {linked} in 2 s with the host pinging");
    assert!(linked <= 6, "{linked} wake-ups in 2 s with only pings");

    // A move goes through; unplugged, the host loses the board; the peg moved meanwhile is
    // in the scan after the board is back.
    board.type_line("e2e4");
    next_link_event(
        link.events(),
        "DOWN e4",
        |e| matches!(e, LinkEvent::Input(BoardInput::Down(sq, _)) if sq.to_string() == "e4"),
    );
    board.unplug();
    assert_eq!(board.feedback().recv().unwrap(), SimNote::Unplugged);
    next_link_event(link.events(), "the loss", |e| *e == LinkEvent::Lost);
    board.type_line("e7e5");
    board.replug();
    assert_eq!(board.feedback().recv().unwrap(), SimNote::Replugged);
    next_link_event(link.events(), "a resync scan showing e7e5", |e| match e {
        LinkEvent::Input(BoardInput::Resync(scan)) => {
            let e5 = "e5".parse().unwrap();
            let e7 = "e7".parse().unwrap();
            scan.get(e5) != annexd_core::board::Cell::Empty
                && scan.get(e7) == annexd_core::board::Cell::Empty
        }
        _ => false,
    });

    // What it cannot do comes back with its reason.
    board.type_line("e3e4");
    assert_eq!(
        board.feedback().recv().unwrap(),
        SimNote::Refused(SimRefusal::NoPegOn(shakmaty::Square::E3))
    );
    drop(link);
    let stats = board.stop();
    assert!(stats.line_bytes > 0 && stats.garbage_bytes == 0);
}
