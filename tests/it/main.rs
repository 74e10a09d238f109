//! The program's integration tests, in one test program: each file of this folder is a
//! module of it (a test is `play_line::a_game_to_mate_is_announced_and_recorded`), so that the
//! tests are compiled and linked once for each platform instead of once a file
//! (docs/install.md has the figures).
//!
//! A new test file `tests/it/NAME.rs` is added with a line `mod NAME;` below; helpers the
//! files share are modules here too (`use crate::common;`). One test, file or group runs with
//! `cargo test --test it NAME` (a filter on the test's path, e.g. `play_line::`).
//!
//! The tests run as threads of one process: none may change the process's environment or
//! working folder; what must not run beside another test (the Whisper model's memory, a
//! numbered serial line) takes a lock or claims its resource, as `common::platform` does.

// Helpers shared by the tests (the test boards, on pseudo-terminals, only on Unix).
#[cfg(unix)]
mod board_support;
mod common;
#[cfg(feature = "engine")]
mod engine_support;
#[cfg(feature = "online")]
mod lichess_support;
mod record_support;
mod speech_support;
// The core's test helpers the program's tests use too: games with every kind of scoresheet
// note, and the words each language's table can say.
#[path = "../../core/tests/it/support/games.rs"]
mod games;
#[path = "../../core/tests/it/support/vocabulary.rs"]
mod vocabulary;

mod board_ble;
mod board_chesslink;
mod board_cli;
mod board_dgt_line;
mod board_pty;
mod board_sim;
mod build_script;
mod cli_french;
mod clock_replay;
mod clock_tmux;
mod command_failures;
// The repository's own links: checked on this machine, not in the Windows and aarch64 builds
// (Cargo.toml: their dev-dependencies are left out there).
#[cfg(not(annexd_cross))]
mod docs_links;
mod engine_cli;
mod engine_faults;
mod engine_stockfish;
mod fairplay;
mod firmware_simavr;
mod import_circles;
mod journal_disk;
mod listen_french_model;
// Pico and sox are this machine's (scripts/setup.sh --test); the search itself is tested in
// the core on every target.
#[cfg(not(annexd_cross))]
mod listen_own_voice;
mod listen_vosk;
mod listen_whisper;
mod no_literal_messages;
mod online_client;
mod pegboard_protocol_doc;
mod play_board;
mod play_chesslink;
mod play_dgt;
mod play_engine;
mod play_french;
mod play_input;
mod play_language_scan;
mod play_line;
mod play_line_editor_tmux;
mod play_log;
mod play_online;
mod play_record_edge;
mod play_serial_board;
mod play_sim;
mod play_view_french_tmux;
mod play_view_tmux;
mod play_voice_reasons;
#[cfg(feature = "recognition")]
mod recognize_figures;
mod record_journal;
mod record_language;
mod record_pgn;
mod record_play;
mod record_sheets;
mod record_verify;
mod soak_board;
mod soak_kill;
mod speech_out;
mod speech_record;
mod speech_speaker;
mod speech_tts;
mod speech_voices;
mod test_layout;
mod tournament;
