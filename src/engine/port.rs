//! The engine as a port of the game's edge: it owns the receiver of what its process writes
//! ([`EnginePort::events`]), turns each event into the core's decisions
//! ([`EnginePort::handle`]), and carries out what the game asks of it
//! ([`EnginePort::carry_out`]: search, cancel, hurry, restart, quit). Every decision is the
//! core's [`Conversation`]; the port only starts the process, moves lines and ends it.
//!
//! Nothing here panics or gives up on the game: a program that is missing or cannot run, an
//! engine that crashes, hangs or writes nonsense, all come out as [`Decision::Failed`] with a
//! [`Fault`] the session says in words; the process is then ended, and
//! [`Order::Restart`] starts a new one.

use std::path::PathBuf;
use std::time::Duration;

use crossbeam_channel::{Receiver, Sender, unbounded};

use annexd_core::engine::{Conversation, Decision, Fault, Offers, Order, Patience, Reply};

use super::process::{EngineProcess, ProcessEvent, StartError};

/// The engine, as a port; see the module documentation.
#[derive(Debug)]
pub struct EnginePort {
    /// The program (`None`: none was found).
    program: Option<PathBuf>,
    patience: Patience,
    conversation: Conversation,
    process: Option<EngineProcess>,
    /// The generation of the latest process (events of older ones are passed over).
    generation: u64,
    sender: Sender<ProcessEvent>,
    events: Receiver<ProcessEvent>,
}

impl EnginePort {
    /// Starts the engine `program` (`None`: none found, which is said at once). What it
    /// decides at once (a program missing) is returned beside it; the handshake goes on as
    /// its lines arrive on [`EnginePort::events`].
    pub fn start(
        program: Option<PathBuf>,
        patience: Patience,
        now: Duration,
    ) -> (EnginePort, Vec<Decision>) {
        let (sender, events) = unbounded();
        let mut port = EnginePort {
            program,
            patience,
            conversation: Conversation::new(patience),
            process: None,
            generation: 0,
            sender,
            events,
        };
        let decided = port.launch(now);
        (port, decided)
    }

    /// What the engine's process writes, for the event loop to wait on.
    pub fn events(&self) -> &Receiver<ProcessEvent> {
        &self.events
    }

    /// When [`EnginePort::tick`] must be called (an answer's deadline).
    pub fn next_deadline(&self) -> Option<Duration> {
        self.conversation.next_deadline()
    }

    /// The engine's name, once it said it.
    pub fn name(&self) -> &str {
        self.conversation.name()
    }

    /// What the engine offers to weaken itself, once it said it.
    pub fn offers(&self) -> &Offers {
        self.conversation.offers()
    }

    /// The running process's id.
    pub fn process_id(&self) -> Option<u32> {
        self.process.as_ref().map(EngineProcess::id)
    }

    /// One event from [`EnginePort::events`], turned into decisions.
    pub fn handle(&mut self, event: ProcessEvent, now: Duration) -> Vec<Decision> {
        match event {
            ProcessEvent::Line { generation, text } if generation == self.generation => {
                let reply = self.conversation.line(&text, now);
                self.apply(reply)
            }
            ProcessEvent::Ended { generation } if generation == self.generation => {
                let reply = self.conversation.exited();
                self.process = None;
                self.apply(reply)
            }
            // What an ended or replaced process still had in its pipe.
            ProcessEvent::Line { .. } | ProcessEvent::Ended { .. } => Vec::new(),
        }
    }

    /// The time passed: a deadline may have come.
    pub fn tick(&mut self, now: Duration) -> Vec<Decision> {
        let reply = self.conversation.tick(now);
        self.apply(reply)
    }

    /// Carries out what the game asks of the engine.
    pub fn carry_out(&mut self, order: Order, now: Duration) -> Vec<Decision> {
        if order == Order::Restart {
            tracing::info!(target: "engine", "restarting the engine");
            return self.launch(now);
        }
        let reply = self.conversation.order(order, now);
        self.apply(reply)
    }

    /// Starts a new process with a new conversation (the old one, if any, is ended).
    fn launch(&mut self, now: Duration) -> Vec<Decision> {
        self.process = None;
        self.generation += 1;
        self.conversation = Conversation::new(self.patience);
        let Some(program) = self.program.clone() else {
            tracing::warn!(target: "engine", "no engine found (--engine PATH, or Debian's stockfish package)");
            return vec![Decision::Failed(Fault::NotFound)];
        };
        match EngineProcess::start(&program, self.generation, self.sender.clone()) {
            Ok(process) => {
                tracing::info!(target: "engine", "started {} (process {})", program.display(), process.id());
                self.process = Some(process);
                let reply = self.conversation.start(now);
                self.apply(reply)
            }
            Err(StartError::NotFound(err)) => {
                tracing::warn!(target: "engine", "{}: {err}", program.display());
                vec![Decision::Failed(Fault::NotFound)]
            }
            Err(StartError::CannotStart(err)) => {
                tracing::warn!(target: "engine", "{}: {err}", program.display());
                vec![Decision::Failed(Fault::CannotStart)]
            }
        }
    }

    /// Sends what the conversation says to send; ends the process once it failed.
    fn apply(&mut self, reply: Reply) -> Vec<Decision> {
        let mut decided = reply.decided;
        if let Some(process) = &mut self.process
            && let Err(err) = process.send(&reply.send)
        {
            tracing::warn!(target: "engine", "the engine does not read its input: {err}");
            decided.extend(self.conversation.exited().decided);
        }
        for decision in &decided {
            if let Decision::Failed(fault) = decision {
                tracing::warn!(target: "engine", "engine failed: {fault:?}");
                // A hung or raving engine is ended; a crashed one is gone already.
                self.process = None;
            }
        }
        decided
    }
}

impl Drop for EnginePort {
    fn drop(&mut self) {
        let reply = self.conversation.quit();
        if let Some(process) = &mut self.process {
            let _ = process.send(&reply.send);
        }
    }
}
