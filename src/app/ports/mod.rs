//! The ports of a game's edge (see [`super::port`]), one module each, and the one place
//! where they are listed ([`open`]): the ending signals, the boards (and the simulated peg
//! board), voice input, the terminal (the line view, or the board view for sighted
//! helpers), the speaker, the journal, the speaking rate kept for the next game, the log.

pub(crate) mod boards;
#[cfg(feature = "engine")]
pub(crate) mod engine;
pub(crate) mod journal;
pub(crate) mod journal_queue;
#[cfg(feature = "online")]
pub(crate) mod lichess;
pub(crate) mod lines;
pub(crate) mod log;
pub(crate) mod rate_kept;
pub(crate) mod simulator;
pub(crate) mod speaker;
pub(crate) mod view;
pub(crate) mod voice;

use annexd_core::{DeviceReport, Input, Session, Settings, Shown, Speech, Token, TypedLine};

use super::event_loop::Ports;
use super::options::{PlayArgs, View};
use super::signals::EndSignals;
use crate::error::Error;
use crate::record::GameFiles;

/// Ports opened before the game: the online game's lobby (a seek, a challenge) needs the
/// signals, the keyboard and the speaker before the game exists, and hands them over with
/// the opponent's port.
#[derive(Default)]
pub(crate) struct Opened {
    /// The ending signals, caught.
    pub(crate) signals: Option<EndSignals>,
    /// The line view, its keyboard read already.
    pub(crate) terminal: Option<lines::LineView>,
    /// The speaker, open or opening.
    pub(crate) speaker: Option<speaker::SpeakerPort>,
    /// The opponent's port (lichess), the first source.
    pub(crate) opponent: Option<Box<dyn super::port::Port>>,
}

/// The ports of a game, as the settings and the command line ask, in the order they see
/// effects and are left: the sources first (they end before the last words), the view before
/// the speaker (its screen is left before the last words are waited for). `session` is the
/// game as it starts (the boards are attached to it; the view and the recogniser begin with
/// its position); `files` its journal, whose PGN is written again at once when `resumed` (it
/// may be behind the journal after a crash); `at` the game time it starts at; `opened` the
/// ports opened before the game (an online game's lobby), taken over.
pub(crate) fn open(
    settings: &Settings,
    args: &PlayArgs,
    session: &mut Session,
    files: GameFiles,
    resumed: bool,
    at: std::time::Duration,
    opened: Opened,
) -> Result<Ports, Error> {
    let speech = settings.game.speech();
    let mut ports: Ports = Vec::new();
    match opened.signals.map_or_else(EndSignals::catch, Ok) {
        Ok(signals) => ports.push(Box::new(signals)),
        Err(err) => {
            tracing::warn!("signals cannot be caught ({err}): Ctrl-C ends without closing");
        }
    }
    // The speaker opens on a thread of its own: started first, it has the most time.
    let speaker = match opened.speaker {
        Some(speaker) => Some(speaker),
        None => speaker::SpeakerPort::open(settings),
    };
    let terminal: Box<dyn super::port::Port> = match (opened.terminal, args.seat.view) {
        // The lobby's lines, on a terminal: the board view takes its keys over (the line
        // view's terminal is left first, so that the view's raw mode stays).
        (Some(lines), View::Board) if lines.on_terminal() => {
            drop(lines);
            board_view(speech, session, at)
        }
        // The keyboard is read already, not on a terminal: the lines go on.
        (Some(lines), View::Board) => Box::new(lines.reporting(Input::Device(
            DeviceReport::ViewUnavailable {
                detail: "the keyboard is no terminal".into(),
            },
        ))),
        (Some(lines), _) => Box::new(lines),
        (None, View::Board) => board_view(speech, session, at),
        (None, _) => Box::new(lines::LineView::new(speech, Vec::new())),
    };
    let mut journal = journal::Journal::new(files, session.sheet().clone(), speech.lang);
    if resumed {
        journal.write_pgn();
    }
    ports.extend(opened.opponent);
    ports.extend(boards::open(settings, args, session)?);
    #[cfg(feature = "engine")]
    ports.extend(
        engine::EngineSeat::open(session, args.engine.engine.clone(), at)
            .map(|p| Box::new(p) as Box<dyn super::port::Port>),
    );
    if let Some(voice) = voice::VoicePort::new(settings, args, session.game().position()) {
        ports.push(Box::new(voice));
    }
    ports.push(terminal);
    if let Some(speaker) = speaker {
        ports.push(Box::new(speaker));
    }
    ports.push(Box::new(journal));
    ports.push(Box::new(rate_kept::RateKept::new(args.config.clone())));
    ports.push(Box::new(log::Log::new()));
    Ok(ports)
}

/// The board view of `session` at `at`, or the line view with the reason where the terminal
/// cannot show it.
fn board_view(
    speech: Speech,
    session: &Session,
    at: std::time::Duration,
) -> Box<dyn super::port::Port> {
    match view::ViewPort::enter(speech, session.view_snapshot(at), at) {
        Ok(view) => Box::new(view),
        Err(err) => Box::new(lines::LineView::new(
            speech,
            vec![Input::Device(DeviceReport::ViewUnavailable {
                detail: err.to_string(),
            })],
        )),
    }
}

/// A typed line as the session takes it.
pub(crate) fn typed(line: TypedLine) -> Input {
    match line {
        TypedLine::Text(line) => Input::Line(line),
        TypedLine::Unreadable => Input::LineUnreadable,
        TypedLine::TooLong(bytes) => Input::LineTooLong(bytes),
    }
}

/// The line a [`annexd_core::Effect::Say`] prints: its words, or `printed` where the line
/// shows something else.
pub(crate) fn said_text(speech: &Speech, tokens: &[Token], printed: Option<&Shown>) -> String {
    match printed {
        Some(shown) => shown_text(speech, shown),
        None => speech.text(tokens),
    }
}

/// The line of a [`Shown`]: the words, then the data shown after them.
pub(crate) fn shown_text(speech: &Speech, shown: &Shown) -> String {
    let words = speech.text(&shown.tokens);
    match shown.detail.as_deref() {
        Some(detail) if !detail.is_empty() => format!("{words}: {detail}"),
        _ => words,
    }
}
