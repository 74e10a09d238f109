//! The event loop of a game: one thread owns the session and waits, with one `Select`, on
//! every port at once (see [`super::port`]) and on the next deadline (the session's, or a
//! port's own); it never polls, and no thread copies one channel into another.
//!
//! Everything that happens becomes an [`Input`] of the session, the edge's own troubles
//! included (a line that cannot be read, a board missing, voice input off, the simulator's
//! refusals, the journal failing, the ending signals): the session decides what is said.
//! Every effect it returns is offered to every port, which carries out its own. What the
//! ports report back (the disk) is handed to the session at once, before the next effect,
//! so that it is said where it happened (a journal that refuses a move, before the move is
//! announced): the work waiting is one queue, and a report's effects go to its front. Nothing
//! here names a port: adding one changes neither this loop nor the other ports.

use std::collections::VecDeque;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crossbeam_channel::Select;

use annexd_core::{Effect, Input, Session};

use super::port::Port;

/// The ports of a game, in the order they see effects and are left.
pub(crate) type Ports = Vec<Box<dyn Port>>;

/// What is left to do after an input, in order.
enum Work {
    /// Carry out an effect.
    Effect(Effect),
    /// Hand a port's report to the session.
    Report(Input),
    /// The effects of one input are all carried out.
    Settle,
}

/// Runs the loop until the game is left (`Ende`, the end of input, a second Ctrl-C, a
/// termination); `offset` is the game time at which the loop starts (non-zero when resumed);
/// `starting` are reports of the start (the journal's file, what resume found). Exit status
/// 0 when everything was saved.
pub(crate) fn run(
    session: &mut Session,
    mut ports: Ports,
    resumed: bool,
    offset: Duration,
    starting: Vec<Input>,
) -> ExitCode {
    let epoch = Instant::now()
        .checked_sub(offset)
        .unwrap_or_else(Instant::now);
    let mut pending: VecDeque<Input> = starting.into();
    pending.extend(reports(&mut ports));
    let greeting = session.greeting(resumed);
    let mut quit = carry_out(greeting, session, offset, &mut ports);
    for port in &mut ports {
        pending.extend(port.start());
    }
    loop {
        let now = epoch.elapsed();
        if let Some(input) = pending.pop_front() {
            let effects = session.handle(input, now);
            quit |= carry_out(effects, session, now, &mut ports);
            continue;
        }
        if quit {
            break;
        }
        let deadlines: Vec<Option<Duration>> =
            ports.iter().map(|port| port.next_deadline(now)).collect();
        let session_deadline = session.next_deadline();
        let deadline = deadlines
            .iter()
            .flatten()
            .copied()
            .chain(session_deadline)
            .min();
        let ready = wait(&ports, deadline.map(|at| at.saturating_sub(now)));
        let now = epoch.elapsed();
        if let Some(index) = ready {
            pending.extend(ports[index].take(now));
        }
        // The ports whose time has come, whether or not something arrived meanwhile.
        for (port, due) in ports.iter_mut().zip(deadlines) {
            if due.is_some_and(|at| at <= now) {
                pending.extend(port.tick(now));
            }
        }
        pending.extend(reports(&mut ports));
        if ready.is_none() && session_deadline.is_some_and(|at| at <= now) {
            pending.push_back(Input::Tick);
        }
    }
    // The sources end before the last words, so nothing comes after them; the journal is
    // closed and says how it stands.
    for port in &mut ports {
        port.leave();
    }
    let now = epoch.elapsed();
    for input in reports(&mut ports) {
        for effect in session.handle(input, now) {
            for port in &mut ports {
                port.carry_out(&effect, now);
            }
        }
    }
    let mut saved = true;
    for port in &mut ports {
        saved &= port.finish();
    }
    if saved {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Waits until a port's receiver is ready, or until `wait` has passed; the port's index, or
/// `None` when the time has come.
fn wait(ports: &Ports, wait: Option<Duration>) -> Option<usize> {
    let mut select = Select::new();
    // The port of each operation, in the order they were added.
    let mut owners = Vec::new();
    for (index, port) in ports.iter().enumerate() {
        let added = port.watch(&mut select);
        owners.extend(std::iter::repeat_n(index, added));
    }
    let ready = match wait {
        None if owners.is_empty() => {
            // Nothing to wait on and no deadline (every source has ended): nothing will come.
            tracing::warn!("no port to wait on and no deadline");
            std::thread::sleep(Duration::from_secs(1));
            return None;
        }
        None => select.ready(),
        Some(wait) => select.ready_timeout(wait).ok()?,
    };
    owners.get(ready).copied()
}

/// Every port's reports, in the ports' order.
fn reports(ports: &mut Ports) -> Vec<Input> {
    ports.iter_mut().flat_map(|port| port.reports()).collect()
}

/// Carries out the session's effects, each offered to every port; what the ports report is
/// handed to the session before the next effect, and its effects carried out first. Returns
/// whether the session asked to quit.
fn carry_out(
    effects: Vec<Effect>,
    session: &mut Session,
    now: Duration,
    ports: &mut Ports,
) -> bool {
    let mut quit = false;
    let mut work: VecDeque<Work> = effects.into_iter().map(Work::Effect).collect();
    work.push_back(Work::Settle);
    while let Some(next) = work.pop_front() {
        match next {
            Work::Effect(Effect::Quit) => quit = true,
            Work::Effect(effect) => {
                for port in ports.iter_mut() {
                    port.carry_out(&effect, now);
                }
            }
            Work::Report(report) => {
                let effects = session.handle(report, now);
                let then = effects
                    .into_iter()
                    .map(Work::Effect)
                    .chain([Work::Settle])
                    .collect::<Vec<_>>();
                for item in then.into_iter().rev() {
                    work.push_front(item);
                }
                continue;
            }
            Work::Settle => {
                for port in ports.iter_mut() {
                    port.settle();
                }
            }
        }
        for report in reports(ports).into_iter().rev() {
            work.push_front(Work::Report(report));
        }
    }
    quit
}

#[cfg(test)]
mod tests {
    //! The loop knows ports only through their trait: a test adds two of its own (typed lines
    //! from a script, and a disk that refuses the first entry) beside nothing else, and the
    //! game runs, the disk's report said where it happened.

    use std::sync::{Arc, Mutex};

    use annexd_core::record::{Header, STANDARD_START_FEN, Scoresheet};
    use annexd_core::{DiskReport, SessionOptions, StopRequest, Token, Word};
    use crossbeam_channel::{Receiver, Select};

    use super::*;
    use crate::app::port::{Taken, take_ready};

    /// Typed lines from a script; the end of input when it has none left.
    struct Script {
        lines: Receiver<String>,
    }

    impl Port for Script {
        fn watch<'a>(&'a self, select: &mut Select<'a>) -> usize {
            select.recv(&self.lines);
            1
        }

        fn take(&mut self, _now: Duration) -> Vec<Input> {
            match take_ready(&self.lines) {
                Taken::Got(line) => vec![Input::Line(line)],
                Taken::Nothing => Vec::new(),
                Taken::Ended => vec![Input::Stop(StopRequest::InputEnded)],
            }
        }
    }

    /// Every effect it is offered, kept; the first entry to record refused, as a full disk
    /// would.
    struct Disk {
        seen: Arc<Mutex<Vec<Effect>>>,
        refused: bool,
        reports: Vec<Input>,
    }

    impl Port for Disk {
        fn carry_out(&mut self, effect: &Effect, _now: Duration) {
            self.seen.lock().unwrap().push(effect.clone());
            if matches!(effect, Effect::Record(..)) && !self.refused {
                self.refused = true;
                self.reports.push(Input::Disk(DiskReport::JournalFailing {
                    detail: "disk full".into(),
                }));
            }
        }

        fn reports(&mut self) -> Vec<Input> {
            std::mem::take(&mut self.reports)
        }
    }

    #[test]
    fn ports_of_a_test_play_and_a_report_is_said_before_the_next_effect() {
        let sheet = Scoresheet::new(Header::new(STANDARD_START_FEN.to_string())).unwrap();
        let mut session = Session::new(sheet, None, SessionOptions::default());
        let (typed, lines) = crossbeam_channel::unbounded();
        for line in ["e4", "e5"] {
            typed.send(line.to_string()).unwrap();
        }
        drop(typed);
        let seen = Arc::new(Mutex::new(Vec::new()));
        let ports: Ports = vec![
            Box::new(Script { lines }),
            Box::new(Disk {
                seen: seen.clone(),
                refused: false,
                reports: Vec::new(),
            }),
        ];
        run(&mut session, ports, false, Duration::ZERO, Vec::new());
        assert_eq!(session.game().history().len(), 2, "both moves are played");
        let seen = seen.lock().unwrap();
        let first_record = seen
            .iter()
            .position(|e| matches!(e, Effect::Record(..)))
            .expect("the moves are recorded");
        let not_written = seen
            .iter()
            .position(|e| {
                matches!(e, Effect::Say { tokens, .. }
                    if tokens.first() == Some(&Token::Word(Word::JournalNotWritten)))
            })
            .expect("the refused journal is said");
        // The report's words come after the log line the session writes first, and before
        // anything else of the move that was refused.
        assert_eq!(
            &seen[first_record + 1..not_written]
                .iter()
                .map(|e| matches!(e, Effect::Log(_)))
                .collect::<Vec<_>>(),
            &[true],
            "{seen:#?}"
        );
        assert_eq!(
            seen.iter()
                .filter(|e| matches!(e, Effect::Record(..)))
                .count(),
            2
        );
    }
}
