//! What asks a running game to stop from outside it, as [`StopRequest`]s from a port the
//! event loop waits on like any other; the session decides what each one does, the
//! same way on Unix and on Windows:
//!
//! | request | Unix | Windows console |
//! |---|---|---|
//! | [`StopRequest::Interrupt`]: a second within [`annexd_core::INTERRUPT_AGAIN_WITHIN`] ends the game | SIGINT (Ctrl-C) | Ctrl-C |
//! | [`StopRequest::Terminate`]: ends it at once | SIGTERM (shutdown, `kill`), SIGHUP (the terminal closed) | Ctrl-Break, the console closed, logoff, shutdown |
//!
//! Either way the game ends as on `Ende`: the journal complete, "gespeichert" said.
//!
//! Windows ends a process as soon as the handler of a console's close, logoff or shutdown
//! returns (and at the latest some seconds later), so that handler waits until the
//! [`EndSignals`] is dropped — the event loop has closed the game by then — or until
//! [`CLOSE_GRACE`] has passed. Closing is bounded in time (a journal that cannot be written is
//! retried briefly, then its entries are rescued to another file), so later requests need no
//! action of their own.

use std::time::Duration;

use annexd_core::{Input, StopRequest};
use crossbeam_channel::{Receiver, Select, Sender};

use super::port::{Port, Taken, take_ready, watch_one};

/// How long the handler of a closing console keeps Windows waiting for the game to close;
/// Windows itself ends the process after 5 s (a console closed) or more (logoff, shutdown).
#[cfg_attr(not(windows), allow(dead_code))]
pub const CLOSE_GRACE: Duration = Duration::from_millis(4500);

/// The requests caught while a game runs; dropping it stops catching them.
pub struct EndSignals {
    /// `None` once the thread that catches them has gone.
    received: Option<Receiver<StopRequest>>,
    _catcher: platform::Catcher,
}

impl EndSignals {
    /// Starts catching the requests to stop; they arrive as inputs of its [`Port`].
    pub fn catch() -> std::io::Result<EndSignals> {
        let (tx, received) = crossbeam_channel::bounded(4);
        let catcher = platform::Catcher::start(tx)?;
        Ok(EndSignals {
            received: Some(received),
            _catcher: catcher,
        })
    }
}

impl Port for EndSignals {
    fn watch<'a>(&'a self, select: &mut Select<'a>) -> usize {
        watch_one(select, self.received.as_ref())
    }

    fn take(&mut self, _now: Duration) -> Vec<Input> {
        let Some(received) = &self.received else {
            return Vec::new();
        };
        match take_ready(received) {
            Taken::Got(request) => vec![Input::Stop(request)],
            Taken::Nothing => Vec::new(),
            Taken::Ended => {
                // The signal thread has gone: signals end the program the default way now.
                self.received = None;
                Vec::new()
            }
        }
    }
}

/// Hands a request caught to the event loop, with a line in the log naming what it came
/// from (`SIGINT`, `Ctrl-Break`, …).
fn pass_on(tx: &Sender<StopRequest>, request: StopRequest, from: &str) {
    tracing::info!("{from} received: {request:?}");
    // A full channel holds four requests the loop has not taken yet: Ctrl-C pressed again
    // and again while it is busy. Those suffice to end the game.
    if tx.try_send(request).is_err() {
        tracing::info!("{from} not passed on: the event loop has requests enough waiting");
    }
}

#[cfg(unix)]
mod platform {
    //! Unix: signal-hook's iterator on a thread of its own.

    use annexd_core::StopRequest;
    use crossbeam_channel::Sender;
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::{Handle, Signals};

    /// What a caught signal asks of the game, and its name for the log: Ctrl-C (SIGINT) to
    /// end it, which one keystroke must not do alone; the others to end at once.
    pub(super) fn request(signal: i32) -> (StopRequest, &'static str) {
        match signal {
            SIGINT => (StopRequest::Interrupt, "SIGINT"),
            SIGTERM => (StopRequest::Terminate, "SIGTERM"),
            SIGHUP => (StopRequest::Terminate, "SIGHUP"),
            _ => (StopRequest::Terminate, "signal"),
        }
    }

    /// The signals caught, and the thread that waits for them.
    pub(super) struct Catcher {
        handle: Handle,
    }

    impl Catcher {
        pub(super) fn start(tx: Sender<StopRequest>) -> std::io::Result<Catcher> {
            let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
            let handle = signals.handle();
            std::thread::Builder::new()
                .name("signals".into())
                .spawn(move || {
                    for signal in signals.forever() {
                        let (request, from) = request(signal);
                        super::pass_on(&tx, request, from);
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

    use annexd_core::StopRequest;
    use crossbeam_channel::Sender;
    use windows::Win32::System::Console::{
        CTRL_BREAK_EVENT, CTRL_C_EVENT, CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT,
        SetConsoleCtrlHandler,
    };
    use windows::core::BOOL;

    use super::CLOSE_GRACE;

    /// Where the handler sends to, while a game runs.
    static SENDER: Mutex<Option<Sender<StopRequest>>> = Mutex::new(None);
    /// Whether the game has closed (the catcher was dropped), for a handler that waits.
    static CLOSED: (Mutex<bool>, Condvar) = (Mutex::new(false), Condvar::new());

    /// What a console event asks of the game, and its name for the log: Ctrl-C to end it,
    /// which one keystroke must not do alone; Ctrl-Break and the console, the session or the
    /// system ending to end at once. `None` for an event that is not ours.
    pub(super) fn request(control: u32) -> Option<(StopRequest, &'static str)> {
        Some(match control {
            CTRL_C_EVENT => (StopRequest::Interrupt, "Ctrl-C"),
            CTRL_BREAK_EVENT => (StopRequest::Terminate, "Ctrl-Break"),
            CTRL_CLOSE_EVENT => (StopRequest::Terminate, "the console closed"),
            CTRL_LOGOFF_EVENT => (StopRequest::Terminate, "logoff"),
            CTRL_SHUTDOWN_EVENT => (StopRequest::Terminate, "shutdown"),
            _ => return None,
        })
    }

    /// The handler installed; dropping it removes it.
    pub(super) struct Catcher;

    impl Catcher {
        pub(super) fn start(tx: Sender<StopRequest>) -> std::io::Result<Catcher> {
            *lock(&SENDER) = Some(tx);
            *lock(&CLOSED.0) = false;
            // SAFETY: `handler` is a plain function that lives as long as the program.
            unsafe { SetConsoleCtrlHandler(Some(handler), true) }.map_err(std::io::Error::other)?;
            Ok(Catcher)
        }
    }

    impl Drop for Catcher {
        fn drop(&mut self) {
            // SAFETY: the same function that was added.
            if let Err(err) = unsafe { SetConsoleCtrlHandler(Some(handler), false) } {
                // Only a handler never added fails to be removed; nothing is left to undo.
                tracing::info!("the console handler was not removed: {err}");
            }
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
        let Some((request, from)) = request(control) else {
            return BOOL(0);
        };
        let Some(tx) = lock(&SENDER).clone() else {
            // No game runs: the system's own handling (the process ends).
            return BOOL(0);
        };
        super::pass_on(&tx, request, from);
        if control != CTRL_C_EVENT && control != CTRL_BREAK_EVENT {
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

#[cfg(test)]
mod tests {
    use annexd_core::StopRequest;

    #[cfg(unix)]
    #[test]
    fn ctrl_c_interrupts_and_the_system_terminates() {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let request = |signal| super::platform::request(signal).0;
        assert_eq!(request(SIGINT), StopRequest::Interrupt);
        assert_eq!(request(SIGTERM), StopRequest::Terminate);
        assert_eq!(request(SIGHUP), StopRequest::Terminate);
    }

    #[cfg(windows)]
    #[test]
    fn ctrl_c_interrupts_and_ctrl_break_or_the_console_closed_terminate() {
        use windows::Win32::System::Console::{
            CTRL_BREAK_EVENT, CTRL_C_EVENT, CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT,
            CTRL_SHUTDOWN_EVENT,
        };
        let request = |control| super::platform::request(control).map(|(r, _)| r);
        assert_eq!(request(CTRL_C_EVENT), Some(StopRequest::Interrupt));
        for ending in [
            CTRL_BREAK_EVENT,
            CTRL_CLOSE_EVENT,
            CTRL_LOGOFF_EVENT,
            CTRL_SHUTDOWN_EVENT,
        ] {
            assert_eq!(request(ending), Some(StopRequest::Terminate));
        }
        assert_eq!(request(7), None);
    }
}
