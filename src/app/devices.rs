//! The devices of a seat: the boards' links (and the simulated peg board) and voice input,
//! started from the settings. The event loop waits on their receivers directly; what they
//! report goes to the session as inputs, which decides what is said; what the session asks
//! of a board ([`annexd_core::Effect::ToBoard`]) goes to its link.

use crossbeam_channel::{Receiver, unbounded};

use annexd_core::board::simulated::SimulatedPegBoardOptions;
use annexd_core::board::transport::SerialFraming;
use annexd_core::board::{BoardSpec, Request, Sensing};
use annexd_core::listen::ListenMode;
use annexd_core::{DeviceReport, Input, Lang, Seat, Session, Settings, Word};

use super::options::PlayArgs;
use crate::board::serial::PortSettings;
use crate::board::sim::{SimHandle, SimNote, SimOptions};
use crate::board::{BoardConnection, PortEvent};
use crate::error::Error;
use crate::listen::{self, ListenConfig, ListenEvent};

/// The devices of a game: links to the boards' ports, the simulator when one is used, and
/// the listener when voice input is on.
pub(super) struct Devices {
    links: Vec<(Seat, BoardConnection)>,
    /// Each board as named on the command line or in the settings.
    ports: Vec<(Seat, String)>,
    simulator: Option<SimHandle>,
    simulator_notes: Option<Receiver<SimNote>>,
    listen: Option<ListenConfig>,
    listener: Option<(listen::Listener, Receiver<ListenEvent>)>,
    /// The position the listener was last told of (Whisper's prompt follows it).
    heard_in: Option<shakmaty::Chess>,
}

impl Devices {
    /// Opens the boards the settings name (a missing device is reported later by its link,
    /// which keeps trying; a simulator that cannot start at once) and attaches their trackers
    /// to the session. Voice input is started later, with [`Devices::start_voice`].
    pub(super) fn open(
        settings: &Settings,
        args: &PlayArgs,
        session: &mut Session,
    ) -> Result<Devices, Error> {
        let lang: Lang = settings.game.language;
        let mut devices = Devices {
            links: Vec::new(),
            ports: Vec::new(),
            simulator: None,
            simulator_notes: None,
            listen: (settings.listen.mode != ListenMode::Off).then(|| {
                let mut config = ListenConfig::from(settings);
                if let Some(path) = &args.seat.listen_wav {
                    config.input = listen::AudioInput::WavFile(path.clone());
                    config.start_talking = true;
                }
                config
            }),
            listener: None,
            heard_in: None,
        };
        let options = settings.board.options();
        match &settings.board.peg {
            BoardSpec::Sim => {
                let sim_options = SimOptions {
                    device: SimulatedPegBoardOptions {
                        sensing: args.seat.sim_sensing,
                        fen: args.fen.clone(),
                        ..SimulatedPegBoardOptions::default()
                    },
                    ..SimOptions::default()
                };
                let simulator = crate::board::sim::start_simulator(sim_options)
                    .map_err(|err| Error::new(lang, Word::SimulatedBoardCannotStart).logged(err))?;
                let port = PortSettings::new(
                    simulator.path(),
                    SerialFraming::eight_n_one(settings.board.peg_speed),
                );
                let protocol = BoardSpec::Sim
                    .protocol(&options)
                    .expect("the simulator is a peg board");
                devices
                    .links
                    .push((Seat::Peg, BoardConnection::serial(port, protocol)));
                devices.simulator_notes = Some(simulator.feedback().clone());
                devices.simulator = Some(simulator);
                session.attach_simulated_peg_board(args.seat.sim_sensing);
            }
            spec => {
                // The peg board's speed setting is for serial peg boards.
                let speed = matches!(spec, BoardSpec::Peg(_)).then_some(settings.board.peg_speed);
                if let Some(link) = BoardConnection::open(spec, &options, speed) {
                    devices.ports.push((Seat::Peg, spec.to_string()));
                    session.attach_peg_board(link.sensing().unwrap_or(Sensing::Occupancy));
                    devices.links.push((Seat::Peg, link));
                }
            }
        }
        let (sighted, old_spelling) = settings.board.sighted.clone().for_sighted_seat();

        if old_spelling {
            tracing::warn!(
                "board.sighted = \"{}\": a port alone is read as a DGT board; write {sighted}",
                settings.board.sighted
            );
        }
        if let Some(link) = BoardConnection::open(&sighted, &options, None) {
            devices.ports.push((Seat::Sighted, sighted.to_string()));
            tracing::info!("the sighted player's board: {sighted} ({})", link.name());
            session.attach_sighted_e_board(
                link.sensing().unwrap_or(Sensing::Piece),
                link.has_lights(),
            );
            devices.links.push((Seat::Sighted, link));
        }
        Ok(devices)
    }

    /// Starts the listener the settings ask for, in `position`; reports whether voice input
    /// is on (which recogniser listens, and anything to say once about it) or why it is off.
    pub(super) fn start_voice(&mut self, position: &shakmaty::Chess) -> Option<Input> {
        let config = self.listen.as_mut()?;
        config.position = Some(position.clone());
        self.heard_in = Some(position.clone());
        let (events_tx, events) = unbounded();
        Some(Input::Device(match listen::start(config, events_tx) {
            Ok(listener) => {
                let recogniser = listener.recogniser().tokens();
                let notice = listener.notice().map(<[_]>::to_vec);
                self.listener = Some((listener, events));
                DeviceReport::VoiceOn { recogniser, notice }
            }
            Err(off) => DeviceReport::VoiceOff {
                reason: off.tokens(),
                detail: off.to_string(),
            },
        }))
    }

    /// Tells the listener the position when it has changed (a move, a take-back).
    pub(super) fn follow_position(&mut self, position: &shakmaty::Chess) {
        if let Some((listener, _)) = &self.listener
            && self.heard_in.as_ref() != Some(position)
        {
            listener.set_position(position);
            self.heard_in = Some(position.clone());
        }
    }

    /// Whether the microphone is open all the time (not push-to-talk).
    pub(super) fn voice_always_on(&self) -> bool {
        self.listen
            .as_ref()
            .is_some_and(|c| c.mode == ListenMode::Always)
    }

    /// Starts or stops listening (push-to-talk).
    pub(super) fn toggle_listening(&self) {
        if let Some((listener, _)) = &self.listener {
            listener.toggle();
        }
    }

    /// Hands a typed line to the simulated peg board (the session sends lines only when
    /// there is one).
    pub(super) fn to_simulator(&self, line: &str) {
        if let Some(simulator) = &self.simulator {
            simulator.type_line(line);
        }
    }

    /// Hands a request to a seat's board (nothing without one).
    pub(super) fn to_board(&self, seat: Seat, request: Request) {
        for (_, link) in self.links.iter().filter(|(s, _)| *s == seat) {
            link.request(request.clone());
        }
    }

    /// The board of `seat` as it was named (its port), for what is said when it is missing.
    pub(super) fn port_name(&self, seat: Seat) -> String {
        self.ports
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, name)| name.clone())
            .unwrap_or_default()
    }

    /// The receivers of the boards' events.
    pub(super) fn board_events(&self) -> Vec<(Seat, Receiver<PortEvent>)> {
        self.links
            .iter()
            .map(|(seat, link)| (*seat, link.events().clone()))
            .collect()
    }

    /// The receiver of the recogniser's events, while it runs.
    pub(super) fn voice_events(&self) -> Option<Receiver<ListenEvent>> {
        self.listener.as_ref().map(|(_, events)| events.clone())
    }

    /// The receiver of the simulated board's notes, if one runs.
    pub(super) fn simulator_notes(&self) -> Option<Receiver<SimNote>> {
        self.simulator_notes.clone()
    }

    /// A board's link has ended (its thread is gone): it is no longer waited on.
    pub(super) fn drop_board(&mut self, seat: Seat) {
        self.links.retain(|(s, _)| *s != seat);
    }

    /// The recogniser has stopped for good.
    pub(super) fn drop_voice(&mut self) {
        self.listener = None;
    }

    /// The simulator's notes have ended.
    pub(super) fn drop_simulator_notes(&mut self) {
        self.simulator_notes = None;
    }
}
