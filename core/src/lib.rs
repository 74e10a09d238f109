//! annexd-core: every decision annexd makes, as pure code fed with events and times.
//!
//! Nothing here blocks, sleeps, reads a port, a microphone, a file or the wall clock: each
//! state machine takes an input and the current time (a `Duration` since the start, injected)
//! and returns what to do. The root package `annexd` holds the adapters that do the I/O and
//! the command line, in the way `quinn-proto` stands beside `quinn`. See
//! `docs/architecture.md`.
//!
//! # The API in one page
//!
//! - **One game**: a [`Session`] takes an [`Input`] and the time and returns [`Effect`]s
//!   (speak, show, record, …); [`Session::next_deadline`] says when to wake it.
//!   [`resume`] rebuilds one from its journal.
//! - **Words**: a language is a table ([`Lang`]); a [`Speech`] is a language with the word
//!   set of moves ([`WordSet`], D.2.1) and renders [`Token`]s into text. Announcements are
//!   lists of tokens; fixed words are [`Word`]s, each with the key of its recorded clip.
//! - **Moves and commands in words**: [`parse_move`] and [`move_tokens`] (Annex D's words, SAN
//!   or UCI); [`parse_command`] gives the [`Command`] a line means; [`LineSplitter`] cuts
//!   typed bytes into clean [`TypedLine`]s.
//! - **Settings**: [`Settings`], read from TOML text with every mistake named.
//! - **By area**, each a module of its own: [`game`] (the FIDE Laws on shakmaty), [`clock`]
//!   (time controls and the talking clock), [`board`] (board protocols, the link, move
//!   inference, differences), [`record`] (the journal, its seal, the scoresheet and its
//!   forms), [`listen`] (understanding what a recogniser heard), [`speech`] (utterances and
//!   the speaking queue's policy); with the feature `engine`, `engine` (the conversation
//!   with a chess engine, its levels and thinking time, evaluations, hints, threats and the
//!   review in words); with the feature `online`, `online` (playing on lichess through its
//!   Board API: its lines, requests, the move lists compared, the game as a state machine).
//!
//! # A game in a few inputs
//!
//! The program's event loop does this with real devices and the wall clock; here, typed
//! lines and made-up times:
//!
//! ```
//! use std::time::Duration;
//! use annexd_core::record::{Header, Scoresheet};
//! use annexd_core::{Effect, Input, Lang, Session, SessionOptions, Speech, WordSet};
//!
//! let sheet = Scoresheet::new(Header::standard()).unwrap();
//! let mut session = Session::new(sheet, None, SessionOptions::default());
//! let speech = Speech::new(Lang::De, WordSet::AnnexD);
//! let mut said = Vec::new();
//! for (line, at) in [("e4", 3), ("e5", 7)] {
//!     for effect in session.handle(Input::Line(line.into()), Duration::from_secs(at)) {
//!         match effect {
//!             Effect::Say { tokens, .. } => said.push(speech.text(&tokens)),
//!             Effect::Record(line, _) => assert_eq!(line.entry.kind(), "move"),
//!             _ => {}
//!         }
//!     }
//! }
//! assert_eq!(session.game().history().len(), 2);
//! assert!(said[0].starts_with("Weiß"), "{said:?}");
//! ```
//!
//! Inside, the modules stand in floors, each looking only down: `words` (tokens, words,
//! command kinds) → `lang` (the tables) → `notation`, `command` → `game`, `board`, `speech`
//! → `clock`, `listen` → `record` → `config` → `session`; `engine` stands above `clock` and
//! `notation` (it reads a clock and speaks moves) and below `session`; `online` stands beside
//! `record` (it reads the game's rules and the clock's words, and the session will use it).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod board;
pub mod clock;
mod command;
mod config;
#[cfg(feature = "engine")]
pub mod engine;
pub mod game;
mod lang;
pub mod listen;
mod notation;
#[cfg(feature = "online")]
pub mod online;
pub mod record;
mod session;
pub mod speech;
mod words;

pub use command::{
    ArbiterAction, Command, LineSplitter, MAX_LINE_BYTES, SpokenWord, TypedLine, board_key,
    clean_line, clean_text, parse as parse_command, spoken as spoken_commands, spoken_text,
};
pub use config::{
    AllowedHelp, Announcer, BoardSettings, ChessLinkLine, ClockSettings, ConfigError,
    ConfigProblem, GameSettings, ListenSettings, Mode, OnlineSettings, RecordSettings, SeatRole,
    Secret, Settings, SpeechSettings, ValueKind,
};
pub use game::side::SideName;
pub use lang::{Lang, Speech, Spoken, WordSet, join_words};
pub use notation::{ParseError, Style, move_tokens, parse_move, parse_piece};
pub use session::{
    Audience, ClosedRecord, Closing, DeviceReport, DiskReport, Effect, INTERRUPT_AGAIN_WITHIN,
    Input, Resumed, Seat, Seating, Session, SessionOptions, SheetReport, Shown, Source,
    StopRequest, ViMove, resume, whose,
};
pub use session::{BoardShown, ViewSnapshot};
pub use session::{FromOpponent, MoveSource, OpponentOffer, OurRequest, Sources, ToOpponent};
pub use words::{CommandKind, Token, Word, colored_piece_tokens, square_tokens};
