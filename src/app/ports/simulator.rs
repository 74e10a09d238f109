//! The simulated peg board's port: the lines the session hands it ([`Effect::ToSimulator`]:
//! "e2e4", "UP e2") typed into it, and what it tells (a refusal, its cable unplugged or
//! back, a failure) reported to the session. Its connection is a board's port like any
//! other ([`super::boards`]).

use std::time::Duration;

use crossbeam_channel::{Receiver, Select};

use annexd_core::{DeviceReport, Effect, Input};

use crate::app::port::{Port, Taken, take_ready, watch_one};
use crate::board::{SimHandle, SimNote};

/// The simulated peg board.
pub(crate) struct SimulatorPort {
    /// `None` once the game is left.
    simulator: Option<SimHandle>,
    /// Its notes; `None` once they have ended.
    notes: Option<Receiver<SimNote>>,
}

impl SimulatorPort {
    pub(crate) fn new(simulator: SimHandle) -> SimulatorPort {
        SimulatorPort {
            notes: Some(simulator.feedback().clone()),
            simulator: Some(simulator),
        }
    }
}

impl Port for SimulatorPort {
    fn watch<'a>(&'a self, select: &mut Select<'a>) -> usize {
        watch_one(select, self.notes.as_ref())
    }

    fn take(&mut self, _now: Duration) -> Vec<Input> {
        let Some(notes) = &self.notes else {
            return Vec::new();
        };
        match take_ready(notes) {
            Taken::Got(note) => vec![Input::Device(report(note))],
            Taken::Nothing => Vec::new(),
            Taken::Ended => {
                self.notes = None;
                Vec::new()
            }
        }
    }

    fn carry_out(&mut self, effect: &Effect, _now: Duration) {
        if let (Effect::ToSimulator(line), Some(simulator)) = (effect, &self.simulator) {
            simulator.type_line(line);
        }
    }

    fn leave(&mut self) {
        self.notes = None;
        self.simulator = None;
    }
}

/// What the simulated board tells, as the session takes it.
fn report(note: SimNote) -> DeviceReport {
    match note {
        SimNote::Refused(refusal) => DeviceReport::SimulatorRefused(refusal),
        SimNote::Unplugged => DeviceReport::SimulatorCable { plugged: false },
        SimNote::Replugged => DeviceReport::SimulatorCable { plugged: true },
        SimNote::Failed(detail) => DeviceReport::SimulatorFailed { detail },
    }
}
