//! The signal processing of annexd-dsp, tried from outside the crate: a unit test would
//! compile the crate, rustfft's planners and all, a second time (src/lib.rs says why that
//! matters).

mod features;
mod signal;
