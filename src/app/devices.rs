//! The devices of a seat: the boards' links (and the simulator) and voice input, started from
//! the settings; their events are forwarded into the event loop.

use std::path::PathBuf;

use crossbeam_channel::{Sender, unbounded};

use crate::board::serial::{BoardLink, PortEvent, PortSettings};
use crate::board::sim::{DeviceOptions, SimHandle, SimOptions};
use crate::listen;
use annexd_core::config::Settings;
use annexd_core::session::Priority as SessionPriority;
use annexd_core::session::{Audience, Seat, Session};

use super::event_loop::LoopInput;
use super::options::PlayArgs;
use super::sink::Sink;

/// Voice input, when it is on.
pub(super) struct Voice {
    pub(super) listener: Option<listen::Listener>,
    pub(super) always_on: bool,
}

impl Voice {
    /// Starts the listener the settings ask for; says once why voice input is off if it is.
    pub(super) fn start(
        settings: &Settings,
        args: &PlayArgs,
        tx: &Sender<LoopInput>,
        sink: &mut Sink,
    ) -> Voice {
        let mode = settings.listen.mode;
        let mut voice = Voice {
            listener: None,
            always_on: mode == annexd_core::config::ListenMode::Always,
        };
        if mode == annexd_core::config::ListenMode::Off {
            return voice;
        }
        let mut config = listen::ListenConfig::new(settings.game.language);
        if !settings.listen.model.trim().is_empty() {
            config.model = Some(PathBuf::from(&settings.listen.model));
        }
        config.mode = if voice.always_on {
            annexd_core::listen::ListenMode::AlwaysOn
        } else {
            annexd_core::listen::ListenMode::PushToTalk
        };
        config.input = match &args.seat.listen_wav {
            Some(path) => listen::AudioInput::WavFile(path.clone()),
            None if settings.listen.device.trim().is_empty() => listen::AudioInput::Device(None),
            None => listen::AudioInput::Device(Some(settings.listen.device.clone())),
        };
        config.start_talking = args.seat.listen_wav.is_some();
        let (events_tx, events) = unbounded();
        match listen::start(&config, events_tx) {
            Ok(listener) => {
                if let Some(notice) = listener.notice() {
                    sink.say(notice, SessionPriority::Urgent, Audience::Everyone);
                }
                let tx = tx.clone();
                std::thread::spawn(move || {
                    for event in events.iter() {
                        if tx.send(LoopInput::Voice(event)).is_err() {
                            return;
                        }
                    }
                });
                voice.listener = Some(listener);
            }
            Err(off) => {
                sink.say(&off.tokens(), SessionPriority::Urgent, Audience::Everyone);
                tracing::info!("voice input off: {off}");
            }
        }
        voice
    }

    /// Starts or stops listening (push-to-talk).
    pub(super) fn toggle(&self) -> bool {
        match &self.listener {
            Some(listener) => {
                listener.toggle();
                true
            }
            None => false,
        }
    }
}

/// The boards of a game: links to their ports, and the simulator when one is used.
pub(super) struct Boards {
    pub(super) links: Vec<(Seat, BoardLink)>,
    pub(super) simulator: Option<SimHandle>,
}

impl Boards {
    /// Opens the boards the settings name; a missing device is reported later by its link
    /// (the link keeps trying), a bad setting at once.
    pub(super) fn open(
        settings: &Settings,
        args: &PlayArgs,
        session: &mut Session,
    ) -> Result<Boards, String> {
        let mut boards = Boards {
            links: Vec::new(),
            simulator: None,
        };
        match settings.board.peg.trim() {
            "" | "none" => {}
            "sim" => {
                let options = SimOptions {
                    device: DeviceOptions {
                        sensing: args.seat.sim_sensing,
                        fen: args.fen.clone(),
                        ..DeviceOptions::default()
                    },
                    ..SimOptions::default()
                };
                let simulator = crate::board::sim::start(options)
                    .map_err(|e| format!("the simulated board could not start: {e}"))?;
                let mut port = PortSettings::peg_board(simulator.path());
                port.baud = settings.board.peg_speed;
                boards.links.push((Seat::Peg, BoardLink::spawn(port)));
                boards.simulator = Some(simulator);
                session.attach_peg_board(args.seat.sim_sensing);
            }
            path => {
                let mut port = PortSettings::peg_board(path);
                port.baud = settings.board.peg_speed;
                boards.links.push((Seat::Peg, BoardLink::spawn(port)));
                session.attach_peg_board(annexd_core::board::Sensing::Occupancy);
            }
        }
        match settings.board.sighted.trim() {
            "" | "typed" | "spoken" => {}
            other => {
                let path = other.strip_prefix("dgt:").unwrap_or(other);
                boards
                    .links
                    .push((Seat::Sighted, BoardLink::spawn(PortSettings::dgt(path))));
                session.attach_sighted_board();
            }
        }
        Ok(boards)
    }

    /// Forwards every link's events into the loop's channel.
    pub(super) fn forward(&mut self, tx: &Sender<LoopInput>) {
        for (seat, link) in &self.links {
            let seat = *seat;
            let events = link.events().clone();
            let tx = tx.clone();
            std::thread::spawn(move || {
                for event in events.iter() {
                    let input = match event {
                        PortEvent::Link(event) => LoopInput::Board(seat, event),
                        PortEvent::Unavailable(why) => LoopInput::BoardUnavailable(seat, why),
                    };
                    if tx.send(input).is_err() {
                        return;
                    }
                }
            });
        }
    }
}
