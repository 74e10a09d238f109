//! The event loop of a game: one thread owns the session and waits, with one `Select`, on
//! every source of input at once (the terminal, each board's link, the recogniser, the
//! simulated board's notes) and on the session's next deadline; it never polls, and no thread
//! copies one channel into another. What the session returns goes to the sink, or, for the
//! devices' own effects (listening, the simulated board), to the devices.

use std::io::BufRead;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Select, unbounded};

use annexd_core::board::link::LinkEvent;
use annexd_core::notation::{Token, Word};
use annexd_core::session::{Effect, Input, Seat, Session};
use annexd_core::speech::Priority;

use super::devices::Devices;
use super::sink::Sink;
use crate::board::serial::PortEvent;
use crate::listen::ListenEvent;
use crate::ui::terminal::{Edited, spawn_line_editor};

/// One thing that happened, from whichever source.
enum Happened {
    /// From the terminal: a line given, the line being edited (board view), or the end.
    Typed(Edited),
    /// From a board's link.
    Board(Seat, PortEvent),
    /// From the recogniser.
    Voice(ListenEvent),
    /// A note of the simulated peg board (a line it could not carry out).
    Simulator(String),
    /// The session's deadline passed.
    Deadline,
}

/// Runs the loop until the input ends or the player quits; `offset` is the game time at
/// which the loop starts (non-zero when resumed).
pub(super) fn run(
    session: &mut Session,
    sink: &mut Sink,
    mut devices: Devices,
    resumed: bool,
    offset: Duration,
) -> ExitCode {
    for effect in session.greeting(resumed) {
        sink.apply(effect, session);
    }
    devices.start_voice(sink);
    let typed = if sink.view.is_some() {
        let (tx, rx) = unbounded();
        spawn_line_editor(tx);
        rx
    } else {
        read_stdin_lines()
    };
    let epoch = Instant::now()
        .checked_sub(offset)
        .unwrap_or_else(Instant::now);
    sink.redraw(session, offset, None);
    let mut unavailable_said = [false, false];
    loop {
        let wait = session
            .next_deadline()
            .map(|deadline| deadline.saturating_sub(epoch.elapsed()));
        let happened = next(&typed, &mut devices, wait);
        let now = epoch.elapsed();
        let effects = match happened {
            Happened::Typed(Edited::End) => break,
            Happened::Typed(Edited::Editing(text)) => {
                sink.redraw(session, now, Some(&text));
                continue;
            }
            Happened::Typed(Edited::Line(line)) => {
                if sink.view.is_some() {
                    // The input line is empty again once a line is given.
                    sink.redraw(session, now, Some(""));
                }
                session.handle(Input::Line(line), now)
            }
            Happened::Board(seat, PortEvent::Link(event)) => {
                if let LinkEvent::Connected(_) = event {
                    unavailable_said[seat as usize] = false;
                }
                session.handle(Input::Board(seat, event), now)
            }
            Happened::Board(seat, PortEvent::Unavailable(why)) => {
                tracing::warn!("{seat:?} board unavailable: {why}");
                // Said once until the board is there; the link keeps trying.
                if std::mem::replace(&mut unavailable_said[seat as usize], true) {
                    Vec::new()
                } else {
                    vec![
                        Effect::urgent(vec![Token::Word(Word::DeviceMissing)]),
                        Effect::Show(format!("board: {why}")),
                    ]
                }
            }
            Happened::Voice(ListenEvent::Heard(heard)) => session.handle(
                Input::Heard {
                    heard,
                    always_on: devices.voice_always_on(),
                },
                now,
            ),
            Happened::Voice(ListenEvent::Listening(on)) => {
                vec![Effect::reading(vec![Token::Word(if on {
                    Word::Listening
                } else {
                    Word::VoiceInputOff
                })])]
            }
            Happened::Voice(ListenEvent::Stopped { reason, stats }) => {
                tracing::info!("voice input stopped ({reason:?}): {stats:?}");
                reason
                    .map(|off| vec![Effect::urgent(off.tokens())])
                    .unwrap_or_default()
            }
            Happened::Simulator(note) => {
                tracing::info!("simulated board: {note}");
                vec![Effect::Show(format!("peg board (simulated): {note}"))]
            }
            Happened::Deadline => session.handle(Input::Tick, now),
        };
        let mut quit = false;
        for effect in effects {
            match effect {
                Effect::Quit => quit = true,
                Effect::ToggleListening => {
                    if !devices.toggle_listening() {
                        let tokens = [Token::Word(Word::VoiceInputOff)];
                        sink.say(
                            &tokens,
                            Priority::Reply,
                            annexd_core::session::Audience::Everyone,
                        );
                    }
                }
                Effect::ToSimulator(line) => {
                    if let Some(note) = devices.to_simulator(&line) {
                        sink.show(&note);
                    }
                }
                effect => sink.apply(effect, session),
            }
        }
        sink.settle(session);
        sink.redraw(session, now, None);
        if quit {
            break;
        }
    }
    if sink.failed_writes > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Waits for the next thing to happen on any source, or until `wait` has passed (then
/// [`Happened::Deadline`]); a source that has ended is dropped from the set.
fn next(typed: &Receiver<Edited>, devices: &mut Devices, wait: Option<Duration>) -> Happened {
    loop {
        let mut select = Select::new();
        select.recv(typed);
        let boards: Vec<(Seat, Receiver<PortEvent>)> = devices.board_events();
        for (_, events) in &boards {
            select.recv(events);
        }
        let voice = devices.voice_events();
        if let Some(events) = &voice {
            select.recv(events);
        }
        let notes = devices.simulator_notes();
        if let Some(notes) = &notes {
            select.recv(notes);
        }
        let operation = match wait {
            None => select.select(),
            Some(wait) => match select.select_timeout(wait) {
                Ok(operation) => operation,
                Err(_) => return Happened::Deadline,
            },
        };
        let index = operation.index();
        if index == 0 {
            return Happened::Typed(operation.recv(typed).unwrap_or(Edited::End));
        }
        let index = index - 1;
        if let Some((seat, events)) = boards.get(index) {
            match operation.recv(events) {
                Ok(event) => return Happened::Board(*seat, event),
                Err(_) => {
                    tracing::warn!("the {seat:?} board's link has ended");
                    devices.drop_board(*seat);
                    continue;
                }
            }
        }
        let index = index - boards.len();
        if let (0, Some(events)) = (index, &voice) {
            match operation.recv(events) {
                Ok(event) => return Happened::Voice(event),
                Err(_) => {
                    devices.drop_voice();
                    continue;
                }
            }
        }
        if let Some(notes) = &notes {
            match operation.recv(notes) {
                Ok(note) => return Happened::Simulator(note),
                Err(_) => {
                    devices.drop_simulator_notes();
                    continue;
                }
            }
        }
    }
}

/// Standard input, a line at a time, on a thread of its own (reading blocks); the end of
/// input is [`Edited::End`].
fn read_stdin_lines() -> Receiver<Edited> {
    let (tx, rx) = unbounded();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            match line {
                Ok(line) => {
                    if tx.send(Edited::Line(line)).is_err() {
                        return;
                    }
                }
                Err(err) => {
                    tracing::warn!("standard input: {err}");
                    break;
                }
            }
        }
        // The loop may be gone already; then there is nobody left to tell.
        let _ = tx.send(Edited::End);
    });
    rx
}
