//! Fuzzes the line interpreter and the session behind it with any bytes typed (see
//! `fuzz/harness/session_lines.rs`): nothing panics, and the journal replays to the game.
#![no_main]

#[path = "../harness/session_lines.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::run(data));
