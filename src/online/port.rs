//! lichess as a port of the game's edge: it owns the receiver of what the server sends
//! ([`LichessPort::events`]), turns each of those into the core's reports
//! ([`LichessPort::handle`]), and carries out what the game asks of it
//! ([`LichessPort::carry_out`]: our moves, offers, answers, resignation, claims, the chat).
//! Every decision is the core's [`Online`]; the port only moves requests and lines, and
//! writes the core's log lines to the log.

use std::time::Duration;

use crossbeam_channel::{Receiver, unbounded};

use annexd_core::online::{Act, GameHere, Input, Online, Patience, Plan, Report, SILENCE, Step};

use super::http::Client;
use super::token::{ApiToken, ServerUrl};

/// What the port needs to start.
#[derive(Debug, Clone)]
pub struct PortConfig {
    /// The server (lichess, or a local one).
    pub server: ServerUrl,
    /// The token.
    pub token: ApiToken,
    /// A seek, a challenge, waiting for one, or a game to join.
    pub plan: Plan,
    /// The waits.
    pub patience: Patience,
    /// A stream silent this long is taken as cut.
    pub silence: Duration,
    /// The game to join as this program's journal has it (`annexd resume`).
    pub here: Option<GameHere>,
}

impl PortConfig {
    /// The usual waits for `plan` on `server`.
    pub fn new(server: ServerUrl, token: ApiToken, plan: Plan) -> PortConfig {
        PortConfig {
            server,
            token,
            plan,
            patience: Patience::default(),
            silence: SILENCE,
            here: None,
        }
    }
}

/// lichess, as a port; see the module documentation.
#[derive(Debug)]
pub struct LichessPort {
    online: Online,
    client: Client,
    events: Receiver<Input>,
}

impl LichessPort {
    /// Starts: the token is tried (its answer, and all that follows, arrives on
    /// [`LichessPort::events`]); what is decided at once is returned.
    pub fn start(config: PortConfig, now: Duration) -> (LichessPort, Vec<Report>) {
        let (sender, events) = unbounded();
        let client = Client::new(config.server.clone(), &config.token, config.silence, sender);
        tracing::info!(target: "online", "lichess at {}, {:?}", config.server, config.plan);
        let mut online = Online::new(config.plan, config.patience);
        if let Some(here) = config.here {
            online = online.knowing(here);
        }
        let mut port = LichessPort {
            online,
            client,
            events,
        };
        let step = port.online.start(now);
        let reports = port.apply(step);
        (port, reports)
    }

    /// What the server sent, for the event loop to wait on.
    pub fn events(&self) -> &Receiver<Input> {
        &self.events
    }

    /// The conversation (where it stands, the game's facts and clocks).
    pub fn online(&self) -> &Online {
        &self.online
    }

    /// When [`LichessPort::tick`] must be called.
    pub fn next_deadline(&self) -> Option<Duration> {
        self.online.next_deadline()
    }

    /// One input from [`LichessPort::events`], turned into reports.
    pub fn handle(&mut self, input: Input, now: Duration) -> Vec<Report> {
        let step = self.online.handle(input, now);
        self.apply(step)
    }

    /// The time passed: a wait may be over.
    pub fn tick(&mut self, now: Duration) -> Vec<Report> {
        let step = self.online.tick(now);
        self.apply(step)
    }

    /// Carries out what the player does.
    pub fn carry_out(&mut self, act: Act, now: Duration) -> Vec<Report> {
        let step = self.online.act(act, now);
        self.apply(step)
    }

    /// Sends the orders; the log lines go to the log, the rest back to the game.
    fn apply(&mut self, step: Step) -> Vec<Report> {
        for order in step.orders {
            self.client.carry_out(order);
        }
        step.reports
            .into_iter()
            .filter(|report| match report {
                Report::Log(line) => {
                    tracing::info!(target: "online", "{line}");
                    false
                }
                _ => true,
            })
            .collect()
    }
}
