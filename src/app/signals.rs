//! The signals that end a game cleanly: SIGINT (Ctrl-C), SIGTERM (shutdown, `kill`) and SIGHUP
//! (the terminal closed). They arrive on a channel the event loop waits on like any other
//! source, so the game ends as on `Ende`: the journal complete, "gespeichert" said.
//!
//! Closing is bounded in time (a journal that cannot be written is retried briefly, then its
//! entries are rescued to another file), so later signals need no action of their own.

use crossbeam_channel::{Receiver, bounded};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::{Handle, Signals};

/// The signals caught while a game runs.
pub const ENDING: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// Signals caught for the event loop; dropping it ends the thread that waits for them.
pub struct EndSignals {
    received: Receiver<i32>,
    handle: Handle,
}

impl EndSignals {
    /// Starts catching [`ENDING`]; their numbers arrive on [`EndSignals::received`].
    pub fn catch() -> std::io::Result<EndSignals> {
        let mut signals = Signals::new(ENDING)?;
        let handle = signals.handle();
        let (tx, received) = bounded(4);
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                for signal in signals.forever() {
                    tracing::info!("{} received", name(signal));
                    // The loop needs only the first; a full channel has told it already.
                    let _ = tx.try_send(signal);
                }
            })?;
        Ok(EndSignals { received, handle })
    }

    /// The signals received, by number.
    pub fn received(&self) -> &Receiver<i32> {
        &self.received
    }
}

impl Drop for EndSignals {
    fn drop(&mut self) {
        self.handle.close();
    }
}

/// The signal's name for messages.
pub fn name(signal: i32) -> &'static str {
    match signal {
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        SIGHUP => "SIGHUP",
        _ => "signal",
    }
}

/// What a caught signal asks of the game: Ctrl-C (SIGINT) to end it, which one keystroke
/// must not do alone; the others to end at once.
pub fn request(signal: i32) -> annexd_core::StopRequest {
    match signal {
        SIGINT => annexd_core::StopRequest::Interrupt,
        _ => annexd_core::StopRequest::Terminate,
    }
}
