//! The event loop of a game: one thread owns the session and waits, with one `Select`, on
//! every source of input at once (the keyboard, the ending signals, each board's link, the
//! recogniser, the simulated board's notes) and on the next deadline (the session's, or the
//! journal's retry); it never polls, and no thread copies one channel into another. What the
//! session returns goes to the sink, or, for the devices' own effects (listening, the
//! simulated board), to the devices.
//!
//! Standard input is read as bytes and cut into lines by the core
//! (`annexd_core::command::typed`): no byte sequence ends a game. Only `Ende`, the end of
//! input and SIGINT, SIGTERM or SIGHUP do, and all of them the same way ([`Sink::finish`]).

use std::io::Read;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Select, bounded, unbounded};

use annexd_core::board::link::LinkEvent;
use annexd_core::command::typed::{LineSplitter, TypedLine, clean_text};
use annexd_core::notation::{Token, Word};
use annexd_core::session::{Effect, Input, Seat, Session};
use annexd_core::speech::Priority;

use super::devices::Devices;
use super::signals::{self, EndSignals};
use super::sink::Sink;
use crate::board::serial::PortEvent;
use crate::board::sim::SimNote;
use crate::listen::ListenEvent;
use crate::ui::terminal::{Edited, spawn_line_editor};

/// Where typed lines come from.
enum Keyboard {
    /// Standard input, cut into lines (line view).
    Lines(Receiver<TypedLine>),
    /// The board view's line editor, key by key.
    Editor(Receiver<Edited>),
}

/// One thing that happened, from whichever source.
enum Happened {
    /// A line typed, cleaned.
    Typed(TypedLine),
    /// The line being edited (board view).
    Editing(String),
    /// The end of input (or Ctrl-C, Ctrl-D in the board view).
    InputEnded,
    /// SIGINT, SIGTERM or SIGHUP.
    Signal(i32),
    /// From a board's link.
    Board(Seat, PortEvent),
    /// From the recogniser.
    Voice(ListenEvent),
    /// A note of the simulated peg board (a line it could not carry out, its cable).
    Simulator(SimNote),
    /// A deadline passed (the session's, or the journal's retry).
    Deadline,
}

/// Runs the loop until the game is left (`Ende`, the end of input, a signal); `offset` is
/// the game time at which the loop starts (non-zero when resumed). Exit status 0 when
/// everything was saved.
pub(super) fn run(
    session: &mut Session,
    sink: &mut Sink,
    mut devices: Devices,
    resumed: bool,
    offset: Duration,
) -> ExitCode {
    let signals = match EndSignals::catch() {
        Ok(signals) => Some(signals),
        Err(err) => {
            tracing::warn!("signals cannot be caught ({err}): Ctrl-C ends without closing");
            None
        }
    };
    for effect in session.greeting(resumed) {
        sink.apply(effect, session);
    }
    devices.start_voice(sink, session.game().position());
    let keyboard = if sink.view.is_some() {
        let (tx, rx) = unbounded();
        spawn_line_editor(tx);
        Keyboard::Editor(rx)
    } else {
        Keyboard::Lines(read_stdin_lines())
    };
    let epoch = Instant::now()
        .checked_sub(offset)
        .unwrap_or_else(Instant::now);
    sink.redraw(session, offset, None);
    let mut unavailable_said = [false, false];
    loop {
        let wait = [
            session
                .next_deadline()
                .map(|deadline| deadline.saturating_sub(epoch.elapsed())),
            sink.journal
                .next_try()
                .map(|at| at.saturating_duration_since(Instant::now())),
        ]
        .into_iter()
        .flatten()
        .min();
        let happened = next(
            &keyboard,
            signals.as_ref().map(EndSignals::received),
            &mut devices,
            wait,
        );
        let now = epoch.elapsed();
        if sink
            .journal
            .next_try()
            .is_some_and(|at| at <= Instant::now())
        {
            sink.retry_journal(session);
        }
        let effects = match happened {
            Happened::InputEnded => break,
            Happened::Signal(signal) => {
                tracing::info!("{}: the game is closed", signals::name(signal));
                sink.show(&format!("{}: the game is closed", signals::name(signal)));
                break;
            }
            Happened::Editing(text) => {
                sink.redraw(session, now, Some(&text));
                continue;
            }
            Happened::Typed(line) => {
                if sink.view.is_some() {
                    // The input line is empty again once a line is given.
                    sink.redraw(session, now, Some(""));
                }
                match line {
                    TypedLine::Text(line) => session.handle(Input::Line(line), now),
                    TypedLine::Unreadable => {
                        vec![
                            Effect::say(vec![Token::Word(Word::NotUnderstood)]),
                            Effect::Log("a typed line held only control characters".into()),
                        ]
                    }
                    TypedLine::TooLong(bytes) => vec![
                        Effect::say(vec![
                            Token::Word(Word::NotUnderstood),
                            Token::Pause,
                            Token::Word(Word::LineTooLong),
                        ]),
                        Effect::Log(format!("a typed line of {bytes} bytes was not read")),
                    ],
                }
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
            Happened::Simulator(SimNote::Refused(why)) => {
                tracing::info!("simulated board refused a line: {why}");
                vec![
                    Effect::say(vec![Token::Word(Word::SimulatedBoardCannot)]),
                    Effect::Show(format!("peg board (simulated): {why}")),
                ]
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
        devices.follow_position(session.game().position());
        sink.redraw(session, now, None);
        if quit {
            break;
        }
    }
    // The devices' threads end before the last words, so nothing comes after them.
    drop(devices);
    drop(keyboard);
    sink.finish(session)
}

/// Waits for the next thing to happen on any source, or until `wait` has passed (then
/// [`Happened::Deadline`]); a source that has ended is dropped from the set.
fn next(
    keyboard: &Keyboard,
    signals: Option<&Receiver<i32>>,
    devices: &mut Devices,
    wait: Option<Duration>,
) -> Happened {
    loop {
        let mut select = Select::new();
        match keyboard {
            Keyboard::Lines(lines) => select.recv(lines),
            Keyboard::Editor(keys) => select.recv(keys),
        };
        let signal_index = signals.map(|signals| select.recv(signals));
        let boards: Vec<(Seat, Receiver<PortEvent>)> = devices.board_events();
        let first_board = signal_index.map_or(1, |i| i + 1);
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
            return match keyboard {
                Keyboard::Lines(lines) => match operation.recv(lines) {
                    Ok(line) => Happened::Typed(line),
                    Err(_) => Happened::InputEnded,
                },
                Keyboard::Editor(keys) => match operation.recv(keys) {
                    Ok(Edited::Line(line)) => Happened::Typed(clean_text(&line)),
                    Ok(Edited::Editing(text)) => Happened::Editing(text),
                    Ok(Edited::End) | Err(_) => Happened::InputEnded,
                },
            };
        }
        if let (Some(at), Some(signals)) = (signal_index, signals)
            && index == at
        {
            match operation.recv(signals) {
                Ok(signal) => return Happened::Signal(signal),
                // The signal thread has gone: signals end the program the default way now.
                Err(_) => return Happened::Deadline,
            }
        }
        let index = index - first_board;
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

/// Standard input, read as bytes on a thread of its own (reading blocks) and cut into
/// [`TypedLine`]s; the channel closes at the end of input (or when it cannot be read). The
/// channel is short, so a flood of input waits for the game instead of filling memory.
fn read_stdin_lines() -> Receiver<TypedLine> {
    let (tx, rx) = bounded(64);
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let mut splitter = LineSplitter::new();
            let mut stdin = std::io::stdin().lock();
            let mut buf = [0u8; 8192];
            loop {
                match stdin.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        for line in splitter.push(&buf[..n]) {
                            if tx.send(line).is_err() {
                                return;
                            }
                        }
                    }
                    Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(err) => {
                        tracing::warn!("standard input: {err}");
                        break;
                    }
                }
            }
            if let Some(line) = splitter.finish() {
                // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                let _ = tx.send(line);
            }
        })
        .expect("spawn the standard input thread");
    rx
}
