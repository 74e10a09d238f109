//! The talking clock's adapters: `runner` (the real-time loop that sleeps until the next
//! deadline), `terminal` (keys and lines in a terminal) and `cli` (the `annexd clock`
//! command). The clock itself is the core's (`annexd_core::clock`).

pub(crate) mod cli;
pub(crate) mod runner;
pub(crate) mod terminal;

pub use runner::{ClockOutput, LoopEvent, run_loop};
