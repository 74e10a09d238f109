//! Drives an engine port as the event loop will: waits on its events and its deadline, hands
//! each event to it, ticks it when a deadline comes, and gathers its decisions.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use annexd::engine::EnginePort;
use annexd_core::engine::{Decision, Fault, Found, Order, Patience};
use crossbeam_channel::RecvTimeoutError;

/// A port and the time it runs on.
pub struct Driven {
    pub port: EnginePort,
    epoch: Instant,
}

impl Driven {
    /// Starts `program`; returns what was decided at once.
    pub fn start(program: Option<PathBuf>, patience: Patience) -> (Driven, Vec<Decision>) {
        let epoch = Instant::now();
        let (port, decided) = EnginePort::start(program, patience, Duration::ZERO);
        (Driven { port, epoch }, decided)
    }

    /// The time since the start.
    pub fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    /// Carries out an order; what it decided at once.
    pub fn order(&mut self, order: Order) -> Vec<Decision> {
        let now = self.now();
        self.port.carry_out(order, now)
    }

    /// Runs until a decision `done` accepts (returned with everything decided before it), or
    /// panics after `limit`.
    pub fn until(
        &mut self,
        mut done: impl FnMut(&Decision) -> bool,
        limit: Duration,
    ) -> Vec<Decision> {
        let give_up = self.now() + limit;
        let mut decided = Vec::new();
        loop {
            let now = self.now();
            assert!(now < give_up, "nothing decided in {limit:?}: {decided:?}");
            let wait = self
                .port
                .next_deadline()
                .unwrap_or(give_up)
                .min(give_up)
                .saturating_sub(now);
            let new = match self.port.events().recv_timeout(wait) {
                Ok(event) => {
                    let now = self.now();
                    self.port.handle(event, now)
                }
                Err(RecvTimeoutError::Timeout) => {
                    let now = self.now();
                    self.port.tick(now)
                }
                Err(RecvTimeoutError::Disconnected) => unreachable!("the port holds a sender"),
            };
            let finished = new.iter().any(&mut done);
            decided.extend(new);
            if finished {
                return decided;
            }
        }
    }

    /// Runs until the engine is ready (its name).
    pub fn ready(&mut self) -> String {
        let decided = self.until(
            |d| matches!(d, Decision::Ready { .. }),
            Duration::from_secs(20),
        );
        match decided.last() {
            Some(Decision::Ready { name, .. }) => name.clone(),
            other => panic!("not ready: {other:?}"),
        }
    }

    /// Searches and waits for the result.
    pub fn search(&mut self, request: annexd_core::engine::SearchRequest) -> Found {
        let at_once = self.order(Order::Search(Box::new(request)));
        assert!(at_once.is_empty(), "{at_once:?}");
        match self
            .until(
                |d| !matches!(d, Decision::Ready { .. }),
                Duration::from_secs(30),
            )
            .pop()
        {
            Some(Decision::Found(found)) => found,
            other => panic!("no result: {other:?}"),
        }
    }

    /// Runs until the engine fails; the fault.
    pub fn fails(&mut self, limit: Duration) -> Fault {
        match self
            .until(|d| matches!(d, Decision::Failed(_)), limit)
            .pop()
        {
            Some(Decision::Failed(fault)) => fault,
            other => panic!("no failure: {other:?}"),
        }
    }
}

/// Debian's Stockfish, which scripts/setup.sh installs.
pub fn stockfish() -> PathBuf {
    let path = annexd::engine::find_engine(None)
        .expect("Stockfish is installed (scripts/setup.sh installs Debian's stockfish)");
    assert!(path.is_file(), "{}", path.display());
    path
}

/// One of the test engines in tests/data/engines.
pub fn test_engine(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/engines")
        .join(name)
}
