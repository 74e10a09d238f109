//! The boards' ports: each board's connection (the VI player's peg board, or the simulated
//! one; the sighted player's e-board), opened from the settings and attached to the session's
//! boards' cycle. What a board reports goes to the session as inputs of its seat (the board
//! missing, no Bluetooth, its events); what the session asks of a seat's board
//! ([`Effect::ToBoard`]) goes to its connection.

use std::time::Duration;

use crossbeam_channel::Select;

use annexd_core::board::simulated::SimulatedPegBoardOptions;
use annexd_core::board::transport::SerialFraming;
use annexd_core::board::{BoardSpec, Sensing};
use annexd_core::{DeviceReport, Effect, Input, Lang, Seat, Session, Settings, Word};

use super::simulator::SimulatorPort;
use crate::app::options::PlayArgs;
use crate::app::port::{Port, Taken, take_ready, watch_one};
use crate::board::serial::PortSettings;
use crate::board::sim::SimOptions;
use crate::board::{BoardConnection, PortEvent};
use crate::error::Error;

/// One board's connection.
pub(crate) struct BoardPort {
    seat: Seat,
    /// The board as named on the command line or in the settings (empty for the simulator),
    /// for what is said when it is missing.
    name: String,
    /// `None` once its thread has ended, or the game is left.
    connection: Option<BoardConnection>,
}

impl BoardPort {
    fn new(seat: Seat, name: String, connection: BoardConnection) -> BoardPort {
        BoardPort {
            seat,
            name,
            connection: Some(connection),
        }
    }
}

/// Opens the boards the settings name (a missing device is reported later by its connection,
/// which keeps trying; a simulator that cannot start at once) and attaches them to the
/// session: their ports, the simulator's among them.
pub(crate) fn open(
    settings: &Settings,
    args: &PlayArgs,
    session: &mut Session,
) -> Result<Vec<Box<dyn Port>>, Error> {
    let lang: Lang = settings.game.language;
    let mut ports: Vec<Box<dyn Port>> = Vec::new();
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
            let connection = BoardConnection::serial(port, protocol);
            ports.push(Box::new(BoardPort::new(
                Seat::Peg,
                String::new(),
                connection,
            )));
            ports.push(Box::new(SimulatorPort::new(simulator)));
            session.attach_simulated_peg_board(args.seat.sim_sensing);
        }
        spec => {
            // The peg board's speed setting is for serial peg boards.
            let speed = matches!(spec, BoardSpec::Peg(_)).then_some(settings.board.peg_speed);
            if let Some(connection) = BoardConnection::open(spec, &options, speed) {
                session.attach_peg_board(connection.sensing().unwrap_or(Sensing::Occupancy));
                ports.push(Box::new(BoardPort::new(
                    Seat::Peg,
                    spec.to_string(),
                    connection,
                )));
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
    if let Some(connection) = BoardConnection::open(&sighted, &options, None) {
        tracing::info!(
            "the sighted player's board: {sighted} ({})",
            connection.name()
        );
        session.attach_sighted_e_board(
            connection.sensing().unwrap_or(Sensing::Piece),
            connection.has_lights(),
        );
        ports.push(Box::new(BoardPort::new(
            Seat::Sighted,
            sighted.to_string(),
            connection,
        )));
    }
    Ok(ports)
}

impl Port for BoardPort {
    fn watch<'a>(&'a self, select: &mut Select<'a>) -> usize {
        watch_one(
            select,
            self.connection.as_ref().map(BoardConnection::events),
        )
    }

    fn take(&mut self, _now: Duration) -> Vec<Input> {
        let Some(connection) = &self.connection else {
            return Vec::new();
        };
        let seat = self.seat;
        let input = match take_ready(connection.events()) {
            Taken::Got(PortEvent::Link(event)) => Input::Board(seat, event),
            Taken::Got(PortEvent::Unavailable(detail)) => {
                Input::Device(DeviceReport::BoardMissing {
                    seat,
                    port: self.name.clone(),
                    detail,
                })
            }
            Taken::Got(PortEvent::NoBluetooth(detail)) => {
                Input::Device(DeviceReport::NoBluetooth { seat, detail })
            }
            Taken::Nothing => return Vec::new(),
            Taken::Ended => {
                tracing::warn!("the {seat:?} board's link has ended");
                self.connection = None;
                return Vec::new();
            }
        };
        vec![input]
    }

    fn carry_out(&mut self, effect: &Effect, _now: Duration) {
        if let (Effect::ToBoard(seat, request), Some(connection)) = (effect, &self.connection)
            && *seat == self.seat
        {
            connection.request(request.clone());
        }
    }

    fn leave(&mut self) {
        self.connection = None;
    }
}
