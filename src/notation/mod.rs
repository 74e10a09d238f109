//! The `announce` and `parse` commands over the core's notation (`annexd_core::notation`).

pub(crate) mod cli;
