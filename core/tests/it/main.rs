//! The core's integration tests, in one test program: each file of this folder is a module of
//! it (a test is `session_laws::NAME`), so that they are compiled and linked once for each
//! platform instead of once a file (docs/install.md). A new test file
//! `core/tests/it/NAME.rs` is added with a line `mod NAME;` below; `cargo test -p annexd-core
//! --test it NAME::` runs one file. Property tests keep their regressions beside their file
//! (`NAME.proptest-regressions`, proptest's default).

// Helpers shared by the tests (and, by path, by the program's: tests/it/main.rs).
mod support;

mod ble_board_games;
mod board_catchup_capture;
mod board_proptest;
mod board_resync_capture;
mod board_session;
mod board_tracker;
mod board_vendor_frames;
mod boundary;
mod chesslink_games;
mod clock_announcements;
mod clock_properties;
mod dgt_board_protocol;
mod dialogue_blind_player;
mod dialogue_languages;
mod dialogue_rows;
mod engine_conversation;
mod game_rules;
mod listen_decodes;
mod listen_matcher;
mod listen_transcripts;
mod notation_roundtrip;
mod online_game;
mod online_moves;
mod record_forms;
mod record_seal;
mod said_once;
mod session_core;
mod session_edge;
mod session_engine;
mod session_laws;
mod session_lines;
mod session_opponent;
mod session_resume;
mod session_touch_proptest;
mod simulated_pegs;
mod tournament_mode;
