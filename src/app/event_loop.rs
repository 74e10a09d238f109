//! The event loop of a game: waits for the next input (a line, a key, a board, the
//! recogniser) or the session's next deadline, without polling, and hands effects out.

use std::io::BufRead;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, unbounded};

use crate::listen;
use annexd_core::board::link::LinkEvent;
use annexd_core::config::Settings;
use annexd_core::notation::{Token, Word};
use annexd_core::session::Priority as SessionPriority;
use annexd_core::session::{Audience, Effect, Input, Seat, Session};

use super::devices::{Boards, Voice};
use super::options::PlayArgs;
use super::sink::Sink;

/// What reaches the loop.
pub(super) enum LoopInput {
    Line(String),
    /// The board view's input line as typed so far.
    Editing(String),
    Board(Seat, LinkEvent),
    BoardUnavailable(Seat, String),
    Voice(listen::ListenEvent),
    End,
}

/// Runs the loop until the input ends or the player quits.
/// `offset` is the game time at which the loop starts (non-zero when resumed).
pub(super) fn run(
    session: &mut Session,
    sink: &mut Sink,
    mut boards: Boards,
    start: (&Settings, &PlayArgs, bool),
    offset: Duration,
) -> ExitCode {
    let (settings, args, resumed) = start;
    let (tx, rx) = unbounded();
    boards.forward(&tx);
    for effect in session.greeting(resumed) {
        sink.apply(effect, session);
    }
    let voice = Voice::start(settings, args, &tx, sink);
    if sink.view.is_some() {
        spawn_editor_reader(tx);
    } else {
        spawn_stdin_reader(tx);
    }
    let epoch = Instant::now()
        .checked_sub(offset)
        .unwrap_or_else(Instant::now);
    sink.redraw(session, offset, None);
    let unavailable_said = &mut [false, false];
    loop {
        let input = next_input(&rx, session.next_deadline(), epoch);
        let now = epoch.elapsed();
        let effects = match input {
            Some(LoopInput::Line(line)) if is_talk_key(&line) => {
                if !voice.toggle() {
                    let tokens = vec![Token::Word(Word::VoiceInputOff)];
                    sink.say(&tokens, SessionPriority::Normal, Audience::Everyone);
                }
                continue;
            }
            Some(LoopInput::Board(_, LinkEvent::Key(name))) if name == "talk" => {
                voice.toggle();
                continue;
            }
            Some(LoopInput::Voice(event)) => match event {
                listen::ListenEvent::Heard(heard) => session.handle(
                    Input::Heard {
                        heard,
                        always_on: voice.always_on,
                    },
                    now,
                ),
                listen::ListenEvent::Listening(on) => {
                    vec![Effect::reading(vec![Token::Word(if on {
                        Word::Listening
                    } else {
                        Word::VoiceInputOff
                    })])]
                }
                listen::ListenEvent::Stopped { reason, .. } => match reason {
                    Some(off) => vec![Effect::urgent(off.tokens())],
                    None => Vec::new(),
                },
            },
            Some(LoopInput::Line(line)) => match (line.trim().split_once(' '), &boards.simulator) {
                // Lines for the simulated peg board: "peg e2e4", "peg UP e2".
                (Some((first, rest)), Some(simulator))
                    if matches!(first.to_lowercase().as_str(), "peg" | "brett") =>
                {
                    simulator.type_line(rest);
                    Vec::new()
                }
                _ => session.handle(Input::Line(line), now),
            },
            Some(LoopInput::Board(seat, event)) => session.handle(Input::Board(seat, event), now),
            Some(LoopInput::Editing(text)) => {
                sink.redraw(session, now, Some(&text));
                continue;
            }
            Some(LoopInput::BoardUnavailable(seat, why)) => {
                // Said once until the board is there; the link keeps trying.
                let said = &mut unavailable_said[seat as usize];
                if *said {
                    Vec::new()
                } else {
                    *said = true;
                    vec![
                        Effect::urgent(vec![Token::Word(Word::DeviceMissing)]),
                        Effect::Show(format!("board: {why}")),
                    ]
                }
            }
            Some(LoopInput::End) => break,
            None => session.handle(Input::Tick, now),
        };
        let mut quit = false;
        for effect in effects {
            quit |= matches!(effect, Effect::Quit);
            sink.apply(effect, session);
        }
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

/// Waits for the next input, or until the deadline (then `None`); never polls.
fn next_input(
    rx: &Receiver<LoopInput>,
    deadline: Option<Duration>,
    epoch: Instant,
) -> Option<LoopInput> {
    match deadline {
        None => Some(rx.recv().unwrap_or(LoopInput::End)),
        Some(deadline) => {
            let wait = deadline.saturating_sub(epoch.elapsed());
            match rx.recv_timeout(wait) {
                Ok(input) => Some(input),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(LoopInput::End),
            }
        }
    }
}

/// The words that start and stop listening (push-to-talk) when typed alone.
fn is_talk_key(line: &str) -> bool {
    matches!(
        annexd_core::notation::parse::fold(line.trim()).as_str(),
        "horen" | "listen" | "mikrofon" | "microphone"
    )
}

/// The board view's keys, edited into lines.
fn spawn_editor_reader(tx: Sender<LoopInput>) {
    use crate::ui::terminal::{Edited, spawn_line_editor};
    let (edits_tx, edits) = unbounded();
    spawn_line_editor(edits_tx);
    std::thread::spawn(move || {
        for edited in edits.iter() {
            let input = match edited {
                Edited::Editing(text) => LoopInput::Editing(text),
                Edited::Line(line) => {
                    // The input line is empty again once a line is given.
                    if tx.send(LoopInput::Editing(String::new())).is_err() {
                        return;
                    }
                    LoopInput::Line(line)
                }
                Edited::End => LoopInput::End,
            };
            let end = matches!(input, LoopInput::End);
            if tx.send(input).is_err() || end {
                return;
            }
        }
    });
}

fn spawn_stdin_reader(tx: Sender<LoopInput>) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            match line {
                Ok(line) => {
                    if tx.send(LoopInput::Line(line)).is_err() {
                        return;
                    }
                }
                Err(_) => break,
            }
        }
        let _ = tx.send(LoopInput::End);
    });
}
