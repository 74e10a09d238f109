//! The log's port: the lines the session writes for the log only ([`Effect::Log`]: what a
//! device sent that was dropped or ignored, and why), at most [`LOG_LINES_A_SECOND`] a
//! second, so that a board sending noise at full speed does not fill the disk with the log.

use std::time::{Duration, Instant};

use annexd_core::Effect;

use crate::app::port::Port;

/// At most this many log lines of effects a second; the rest are counted.
const LOG_LINES_A_SECOND: u32 = 50;

/// The log lines of effects in the current second, and those left out.
pub(crate) struct Log {
    second: Instant,
    lines: u32,
    left_out: u32,
}

impl Log {
    pub(crate) fn new() -> Log {
        Log {
            second: Instant::now(),
            lines: 0,
            left_out: 0,
        }
    }
}

impl Port for Log {
    fn carry_out(&mut self, effect: &Effect, _now: Duration) {
        let Effect::Log(text) = effect else {
            return;
        };
        if self.second.elapsed() >= Duration::from_secs(1) {
            if self.left_out > 0 {
                tracing::info!(
                    "{} more lines left out of the log in that second",
                    self.left_out
                );
            }
            self.second = Instant::now();
            self.lines = 0;
            self.left_out = 0;
        }
        if self.lines < LOG_LINES_A_SECOND {
            self.lines += 1;
            tracing::info!("{text}");
        } else {
            self.left_out += 1;
        }
    }
}
