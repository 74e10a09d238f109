//! What asks a running game to end from outside it, as events on a channel the event loop
//! waits on like any other source, with the same interface on Unix and on Windows:
//!
//! - an **interrupt**, the user at the keyboard: SIGINT (Ctrl-C in a terminal); Ctrl-C and
//!   Ctrl-Break in the Windows console;
//! - a **termination**, the system or the terminal going away: SIGTERM (shutdown, `kill`) and
//!   SIGHUP (the terminal closed); the Windows console window closed, the user logging off,
//!   the system shutting down.
//!
//! Today both end the game as `Ende` does: the journal complete, "gespeichert" said. They are
//! two kinds so that the loop may treat them apart (an interrupt may ask before it ends).
//!
//! Windows ends a process as soon as the handler of a console's close, logoff or shutdown
//! returns (and at the latest some seconds later), so that handler waits until the
//! [`EndSignals`] is dropped — the event loop has closed the game by then — or until
//! [`CLOSE_GRACE`] has passed. Closing is bounded in time (a journal that cannot be written is
//! retried briefly, then its entries are rescued to another file), so later signals need no
//! action of their own.

use std::time::Duration;

use crossbeam_channel::Receiver;

/// How long the handler of a closing console keeps Windows waiting for the game to close;
/// Windows itself ends the process after 5 s (a console closed) or more (logoff, shutdown).
pub const CLOSE_GRACE: Duration = Duration::from_millis(4500);

/// A request to end the game, and what it came from (for the log and the terminal).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndRequest {
    /// From the user at the keyboard: SIGINT, Ctrl-C, Ctrl-Break.
    Interrupt(&'static str),
    /// From the system or a terminal gone: SIGTERM, SIGHUP, the console closed, logoff,
    /// shutdown.
    Terminate(&'static str),
}

impl EndRequest {
    /// The name of what it came from: `SIGINT`, `Ctrl-Break`, `console closed`, …
    pub fn name(self) -> &'static str {
        match self {
            EndRequest::Interrupt(name) | EndRequest::Terminate(name) => name,
        }
    }
}

/// The requests caught while a game runs; dropping it stops catching them.
pub struct EndSignals {
    received: Receiver<EndRequest>,
    _catcher: platform::Catcher,
}

impl EndSignals {
    /// Starts catching the requests to end; they arrive on [`EndSignals::received`].
    pub fn catch() -> std::io::Result<EndSignals> {
        let (tx, received) = crossbeam_channel::bounded(4);
        let catcher = platform::Catcher::start(tx)?;
        Ok(EndSignals {
            received,
            _catcher: catcher,
        })
    }

    /// The requests received, in order.
    pub fn received(&self) -> &Receiver<EndRequest> {
        &self.received
    }
}

#[cfg(unix)]
mod platform {
    //! Unix: signal-hook's iterator on a thread of its own.

    use crossbeam_channel::Sender;
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::{Handle, Signals};

    use super::EndRequest;

    /// The signals caught, and the thread that waits for them.
    pub(super) struct Catcher {
        handle: Handle,
    }

    impl Catcher {
        pub(super) fn start(tx: Sender<EndRequest>) -> std::io::Result<Catcher> {
            let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
            let handle = signals.handle();
            std::thread::Builder::new()
                .name("signals".into())
                .spawn(move || {
                    for signal in signals.forever() {
                        let request = match signal {
                            SIGINT => EndRequest::Interrupt("SIGINT"),
                            SIGTERM => EndRequest::Terminate("SIGTERM"),
                            _ => EndRequest::Terminate("SIGHUP"),
                        };
                        tracing::info!("{} received", request.name());
                        // The loop needs only the first; a full channel has told it already.
                        let _ = tx.try_send(request);
                    }
                })?;
            Ok(Catcher { handle })
        }
    }

    impl Drop for Catcher {
        fn drop(&mut self) {
            self.handle.close();
        }
    }
}

#[cfg(windows)]
mod platform {
    //! Windows: a console control handler. The system calls it on a thread of its own for
    //! Ctrl-C, Ctrl-Break, the console closed, logoff and shutdown.

    use std::sync::{Condvar, Mutex};
    use std::time::Instant;

    use crossbeam_channel::Sender;
    use windows::Win32::System::Console::{
        CTRL_BREAK_EVENT, CTRL_C_EVENT, CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT,
        SetConsoleCtrlHandler,
    };
    use windows::core::BOOL;

    use super::{CLOSE_GRACE, EndRequest};

    /// Where the handler sends to, while a game runs.
    static SENDER: Mutex<Option<Sender<EndRequest>>> = Mutex::new(None);
    /// Whether the game has closed (the catcher was dropped), for a handler that waits.
    static CLOSED: (Mutex<bool>, Condvar) = (Mutex::new(false), Condvar::new());

    /// The handler installed; dropping it removes it.
    pub(super) struct Catcher;

    impl Catcher {
        pub(super) fn start(tx: Sender<EndRequest>) -> std::io::Result<Catcher> {
            *lock(&SENDER) = Some(tx);
            *lock(&CLOSED.0) = false;
            // SAFETY: `handler` is a plain function that lives as long as the program.
            unsafe { SetConsoleCtrlHandler(Some(handler), true) }
                .map_err(|e| std::io::Error::other(e.to_string()))?;
            Ok(Catcher)
        }
    }

    impl Drop for Catcher {
        fn drop(&mut self) {
            // Removing it can fail only for a handler never added; nothing is left to undo.
            // SAFETY: the same function that was added.
            let _ = unsafe { SetConsoleCtrlHandler(Some(handler), false) };
            *lock(&SENDER) = None;
            *lock(&CLOSED.0) = true;
            CLOSED.1.notify_all();
        }
    }

    /// A poisoned lock only means a handler panicked; the data is a plain value.
    fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
        mutex
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    unsafe extern "system" fn handler(control: u32) -> BOOL {
        let request = match control {
            CTRL_C_EVENT => EndRequest::Interrupt("Ctrl-C"),
            CTRL_BREAK_EVENT => EndRequest::Interrupt("Ctrl-Break"),
            CTRL_CLOSE_EVENT => EndRequest::Terminate("console closed"),
            CTRL_LOGOFF_EVENT => EndRequest::Terminate("logoff"),
            CTRL_SHUTDOWN_EVENT => EndRequest::Terminate("shutdown"),
            _ => return BOOL(0),
        };
        let Some(tx) = lock(&SENDER).clone() else {
            // No game runs: the system's own handling (the process ends).
            return BOOL(0);
        };
        tracing::info!("{} received", request.name());
        // The loop needs only the first; a full channel has told it already.
        let _ = tx.try_send(request);
        if let EndRequest::Terminate(_) = request {
            // The process ends when this returns: wait for the game to close first.
            let deadline = Instant::now() + CLOSE_GRACE;
            let mut closed = lock(&CLOSED.0);
            while !*closed {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    break;
                }
                closed = CLOSED
                    .1
                    .wait_timeout(closed, left)
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .0;
            }
        }
        BOOL(1)
    }
}
