//! The event loop of a game: one thread owns the session and waits, with one `Select`, on
//! every source of input at once (the keyboard, the ending signals, each board's link, the
//! recogniser, the simulated board's notes) and on the next deadline (the session's, or the
//! journal's retry); it never polls, and no thread copies one channel into another.
//!
//! Everything that happens becomes an [`Input`] of the session, the edge's own troubles
//! included (a line that cannot be read, a board missing, voice input off, the simulator's
//! refusals, the journal failing, the ending signals): the session decides what is said.
//! What it returns goes to the sink, or, for the devices' own effects (listening, the
//! simulated board), to the devices. What the sink reports back (the disk) is handed to the
//! session before anything new is waited for.
//!
//! Standard input is read as bytes and cut into lines by the core
//! ([`annexd_core::LineSplitter`]): no byte sequence ends a game. When it is a terminal (and
//! standard output too), a line editor with a history reads its keys instead
//! ([`crate::ui::line_terminal`]).

use std::collections::VecDeque;
use std::io::Read;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Select, bounded, unbounded};

use annexd_core::{
    DeviceReport, DiskReport, Effect, Input, LineSplitter, Seat, Session, StopRequest, TypedLine,
    clean_text,
};

use super::devices::Devices;
use super::signals::EndSignals;
use super::sink::Sink;
use crate::board::PortEvent;
use crate::board::sim::SimNote;
use crate::listen::ListenEvent;
use crate::ui::line_terminal::{LineTerminal, Typed};
use crate::ui::terminal::{Edited, spawn_line_editor};

/// Where typed lines come from.
enum Keyboard {
    /// Standard input, cut into lines (line view).
    Lines(Receiver<TypedLine>),
    /// The board view's line editor, key by key.
    Editor(Receiver<Edited>),
    /// The line view's editor on a terminal: finished lines, Ctrl-C, the end.
    Terminal(Receiver<Typed>),
}

/// One thing that happened, from whichever source.
enum Happened {
    /// An input for the session.
    Input(Input),
    /// The line being edited (board view).
    Editing(String),
    /// The speaker opened (or fell back to text lines); `None` when its opening thread
    /// ended without one.
    SpeakerOpened(Option<Box<crate::speech::Speaker>>),
    /// The board view is to be drawn again: the terminal resized, the view's own deadline
    /// (its clock's next second).
    Redraw,
    /// The board view's log is scrolled by pages (positive: back).
    Scroll(i32),
}

/// Runs the loop until the game is left (`Ende`, the end of input, a second Ctrl-C, a
/// termination); `offset` is the game time at which the loop starts (non-zero when resumed);
/// `starting` are reports of the start (the journal's file, what resume found). Exit status
/// 0 when everything was saved.
pub(super) fn run(
    session: &mut Session,
    sink: &mut Sink,
    mut devices: Devices,
    resumed: bool,
    offset: Duration,
    starting: Vec<Input>,
) -> ExitCode {
    let signals = match EndSignals::catch() {
        Ok(signals) => Some(signals),
        Err(err) => {
            tracing::warn!("signals cannot be caught ({err}): Ctrl-C ends without closing");
            None
        }
    };
    let epoch = Instant::now()
        .checked_sub(offset)
        .unwrap_or_else(Instant::now);
    let mut pending: VecDeque<Input> = starting.into();
    pending.extend(sink.take_reports());
    let greeting = session.greeting(resumed);
    let mut quit = apply(greeting, session, offset, sink, &devices);
    pending.extend(devices.start_voice(session.game().position()));
    let keyboard = if sink.view.is_some() {
        let (tx, rx) = unbounded();
        spawn_line_editor(tx);
        Keyboard::Editor(rx)
    } else if let Some((terminal, keys)) = LineTerminal::start() {
        sink.terminal = Some(terminal);
        Keyboard::Terminal(keys)
    } else {
        Keyboard::Lines(read_stdin_lines())
    };
    sink.redraw(session, offset, None);
    loop {
        let input = match pending.pop_front() {
            Some(input) => input,
            None if quit => break,
            None => {
                let now = epoch.elapsed();
                let wait = [
                    session
                        .next_deadline()
                        .map(|deadline| deadline.saturating_sub(now)),
                    sink.journal
                        .next_try()
                        .map(|at| at.saturating_duration_since(Instant::now())),
                ]
                .into_iter()
                .flatten()
                .min();
                // The board view's clock shows each second while it runs: a deadline of the
                // view alone, none while the clock stands.
                let view_wait = sink
                    .view_deadline(now)
                    .map(|at| at.saturating_sub(now))
                    .filter(|view| wait.is_none_or(|wait| *view < wait));
                match next(
                    &keyboard,
                    signals.as_ref().map(EndSignals::received),
                    &mut devices,
                    sink.speaker_opening(),
                    view_wait.or(wait),
                ) {
                    Happened::Input(Input::Tick) if view_wait.is_some() => {
                        sink.draw_view(epoch.elapsed());
                        continue;
                    }
                    Happened::Input(input) => input,
                    Happened::Editing(text) => {
                        sink.redraw(session, epoch.elapsed(), Some(&text));
                        continue;
                    }
                    Happened::SpeakerOpened(speaker) => {
                        sink.speaker_opened(speaker.map(|s| *s));
                        pending.extend(sink.take_reports());
                        continue;
                    }
                    Happened::Redraw => {
                        sink.draw_view(epoch.elapsed());
                        continue;
                    }
                    Happened::Scroll(pages) => {
                        sink.scroll_view(pages, epoch.elapsed());
                        continue;
                    }
                }
            }
        };
        let now = epoch.elapsed();
        if sink
            .journal
            .next_try()
            .is_some_and(|at| at <= Instant::now())
        {
            sink.retry_journal(session);
        }
        if sink.view.is_some() && matches!(input, Input::Line(_)) {
            // The input line is empty again once a line is given.
            sink.line_given();
            sink.redraw(session, now, Some(""));
        }
        let effects = session.handle(input, now);
        quit |= apply(effects, session, now, sink, &devices);
        devices.follow_position(session.game().position());
        sink.redraw(session, now, None);
    }
    // The devices' threads end before the last words, so nothing comes after them.
    drop(devices);
    drop(keyboard);
    let closing = sink.close(session);
    let mut last = sink.take_reports();
    last.push(Input::Disk(DiskReport::Closed(closing.clone())));
    let now = epoch.elapsed();
    for input in last {
        for effect in session.handle(input, now) {
            sink.apply(effect, session);
        }
    }
    sink.finish(&closing)
}

/// Carries out the session's effects: the devices' own here, the rest in the sink. What
/// the sink reports (the disk) is handed to the session at once, so that it is said where
/// it happened (a journal that refuses a move, before the move is announced). Returns
/// whether the session asked to quit.
fn apply(
    effects: Vec<Effect>,
    session: &mut Session,
    now: Duration,
    sink: &mut Sink,
    devices: &Devices,
) -> bool {
    let mut quit = false;
    for effect in effects {
        match effect {
            Effect::Quit => quit = true,
            Effect::ToggleListening => devices.toggle_listening(),
            Effect::ToSimulator(line) => devices.to_simulator(&line),
            Effect::ToBoard(seat, request) => devices.to_board(seat, request),
            effect => sink.apply(effect, session),
        }
        quit |= hear_reports(session, now, sink, devices);
    }
    sink.settle(session);
    quit |= hear_reports(session, now, sink, devices);
    quit
}

/// Hands what the sink reports to the session and carries out what it decides.
fn hear_reports(session: &mut Session, now: Duration, sink: &mut Sink, devices: &Devices) -> bool {
    let mut quit = false;
    for report in sink.take_reports() {
        let effects = session.handle(report, now);
        quit |= apply(effects, session, now, sink, devices);
    }
    quit
}

/// Waits for the next thing to happen on any source, or until `wait` has passed (then a
/// tick of the clock); a source that has ended is dropped from the set.
fn next(
    keyboard: &Keyboard,
    signals: Option<&Receiver<StopRequest>>,
    devices: &mut Devices,
    speaker: Option<&Receiver<crate::speech::Speaker>>,
    wait: Option<Duration>,
) -> Happened {
    let input = |input: Input| Happened::Input(input);
    loop {
        let mut select = Select::new();
        match keyboard {
            Keyboard::Lines(lines) => select.recv(lines),
            Keyboard::Editor(keys) => select.recv(keys),
            Keyboard::Terminal(keys) => select.recv(keys),
        };
        let signal_index = signals.map(|signals| select.recv(signals));
        let speaker_index = speaker.map(|opening| select.recv(opening));
        let boards: Vec<(Seat, Receiver<PortEvent>)> = devices.board_events();
        let first_board = [signal_index, speaker_index]
            .into_iter()
            .flatten()
            .max()
            .map_or(1, |i| i + 1);
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
                Err(_) => return input(Input::Tick),
            },
        };
        let index = operation.index();
        if index == 0 {
            let ended = Input::Stop(StopRequest::InputEnded);
            return match keyboard {
                Keyboard::Lines(lines) => input(match operation.recv(lines) {
                    Ok(line) => typed(line),
                    Err(_) => ended,
                }),
                Keyboard::Editor(keys) => match operation.recv(keys) {
                    Ok(Edited::Line(line)) => input(typed(clean_text(&line))),
                    Ok(Edited::Editing(text)) => Happened::Editing(text),
                    Ok(Edited::Interrupt) => input(Input::Stop(StopRequest::Interrupt)),
                    Ok(Edited::Resized) => Happened::Redraw,
                    Ok(Edited::Scroll(pages)) => Happened::Scroll(pages),
                    Ok(Edited::End) | Err(_) => input(ended),
                },
                Keyboard::Terminal(keys) => input(match operation.recv(keys) {
                    Ok(Typed::Line(line)) => typed(line),
                    Ok(Typed::Interrupt) => Input::Stop(StopRequest::Interrupt),
                    Ok(Typed::End) | Err(_) => ended,
                }),
            };
        }
        if let (Some(at), Some(signals)) = (signal_index, signals)
            && index == at
        {
            match operation.recv(signals) {
                Ok(request) => return input(Input::Stop(request)),
                // The signal thread has gone: signals end the program the default way now.
                Err(_) => return input(Input::Tick),
            }
        }
        if let (Some(at), Some(opening)) = (speaker_index, speaker)
            && index == at
        {
            return Happened::SpeakerOpened(operation.recv(opening).ok().map(Box::new));
        }
        let index = index - first_board;
        if let Some((seat, events)) = boards.get(index) {
            match operation.recv(events) {
                Ok(PortEvent::Link(event)) => return input(Input::Board(*seat, event)),
                Ok(PortEvent::Unavailable(detail)) => {
                    return input(Input::Device(DeviceReport::BoardMissing {
                        seat: *seat,
                        port: devices.port_name(*seat),
                        detail,
                    }));
                }
                Ok(PortEvent::NoBluetooth(detail)) => {
                    return input(Input::Device(DeviceReport::NoBluetooth {
                        seat: *seat,
                        detail,
                    }));
                }
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
                Ok(event) => return input(voice_input(event, devices.voice_always_on())),
                Err(_) => {
                    devices.drop_voice();
                    continue;
                }
            }
        }
        if let Some(notes) = &notes {
            match operation.recv(notes) {
                Ok(note) => return input(Input::Device(simulator_report(note))),
                Err(_) => {
                    devices.drop_simulator_notes();
                    continue;
                }
            }
        }
    }
}

/// A typed line as the session takes it.
fn typed(line: TypedLine) -> Input {
    match line {
        TypedLine::Text(line) => Input::Line(line),
        TypedLine::Unreadable => Input::LineUnreadable,
        TypedLine::TooLong(bytes) => Input::LineTooLong(bytes),
    }
}

/// What the recogniser reports, as the session takes it.
fn voice_input(event: ListenEvent, always_on: bool) -> Input {
    match event {
        ListenEvent::Heard(heard) => Input::Heard { heard, always_on },
        ListenEvent::Listening(on) => Input::Device(DeviceReport::Listening(on)),
        ListenEvent::Stopped {
            reason: Some(off),
            stats,
        } => Input::Device(DeviceReport::VoiceOff {
            reason: off.tokens(),
            detail: format!("{off} ({stats:?})"),
        }),
        ListenEvent::Stopped {
            reason: None,
            stats,
        } => Input::Device(DeviceReport::VoiceEnded {
            detail: format!("{stats:?}"),
        }),
    }
}

/// What the simulated board tells, as the session takes it.
fn simulator_report(note: SimNote) -> DeviceReport {
    match note {
        SimNote::Refused(refusal) => DeviceReport::SimulatorRefused(refusal),
        SimNote::Unplugged => DeviceReport::SimulatorCable { plugged: false },
        SimNote::Replugged => DeviceReport::SimulatorCable { plugged: true },
        SimNote::Failed(detail) => DeviceReport::SimulatorFailed { detail },
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
