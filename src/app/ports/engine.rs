//! The chess program as the opponent's port (`--opponent engine`, feature `engine`): opened
//! only when the session has a program for an opponent (a game against a person starts no
//! engine), it wraps [`EnginePort`]: what the engine's process writes and what the orders
//! decide become `Input::Opponent(FromOpponent::Engine(…))`, and the session's
//! `Effect::ToOpponent(ToOpponent::Engine(order))` is carried out. Every decision (when to
//! search, at which level, for how long, what is said) is the core's.

use std::path::PathBuf;
use std::time::Duration;

use crossbeam_channel::{Select, TryRecvError};

use annexd_core::engine::{Decision, Patience};
use annexd_core::record::OpponentSource;
use annexd_core::{Effect, FromOpponent, Input, Session, ToOpponent};

use crate::app::port::Port;
use crate::engine::EnginePort;

/// The chess program's port.
pub(crate) struct EngineSeat {
    engine: EnginePort,
    /// What it decided that the session has not heard yet.
    decided: Vec<Decision>,
    left: bool,
}

impl EngineSeat {
    /// The engine's port when a chess program plays a side of `session` (started at `at`):
    /// `program` (`--engine PATH`), else the one the journal names, else Debian's Stockfish.
    pub(crate) fn open(
        session: &Session,
        program: Option<PathBuf>,
        at: Duration,
    ) -> Option<EngineSeat> {
        let opponent = session.opponent()?;
        if opponent.source != OpponentSource::Program {
            return None;
        }
        let program = crate::engine::find_engine(
            program
                .as_deref()
                .or(opponent.detail.as_deref().map(std::path::Path::new)),
        );
        let (engine, decided) = EnginePort::start(program, Patience::default(), at);
        Some(EngineSeat {
            engine,
            decided,
            left: false,
        })
    }

    fn inputs(decided: Vec<Decision>) -> Vec<Input> {
        decided
            .into_iter()
            .map(|d| Input::Opponent(FromOpponent::Engine(d)))
            .collect()
    }
}

impl Port for EngineSeat {
    fn start(&mut self) -> Vec<Input> {
        Self::inputs(std::mem::take(&mut self.decided))
    }

    fn watch<'a>(&'a self, select: &mut Select<'a>) -> usize {
        if self.left {
            return 0;
        }
        select.recv(self.engine.events());
        1
    }

    fn take(&mut self, now: Duration) -> Vec<Input> {
        match self.engine.events().try_recv() {
            Ok(event) => Self::inputs(self.engine.handle(event, now)),
            // Readiness may be spurious (crossbeam's `ready`); the port holds a sender, so
            // the channel never ends while it lives.
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => Vec::new(),
        }
    }

    fn next_deadline(&self, _now: Duration) -> Option<Duration> {
        if self.left {
            return None;
        }
        self.engine.next_deadline()
    }

    fn tick(&mut self, now: Duration) -> Vec<Input> {
        Self::inputs(self.engine.tick(now))
    }

    fn carry_out(&mut self, effect: &Effect, now: Duration) {
        if let Effect::ToOpponent(ToOpponent::Engine(order)) = effect
            && !self.left
        {
            let decided = self.engine.carry_out(order.clone(), now);
            self.decided.extend(decided);
        }
    }

    fn reports(&mut self) -> Vec<Input> {
        Self::inputs(std::mem::take(&mut self.decided))
    }

    fn leave(&mut self) {
        // The engine is told to quit (and ended) when the port is dropped.
        self.left = true;
        self.decided.clear();
        let _ = self
            .engine
            .carry_out(annexd_core::engine::Order::Quit, Duration::ZERO);
    }
}
