//! Shared fixtures of the core's integration tests.

pub mod games;
