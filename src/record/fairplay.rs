//! `annexd fairplay [JOURNAL]`: what an arbiter needs to know about this program, in words:
//! which program and build it is; whether it can play against a chess engine (the ordinary
//! build, feature `engine`: only in a game against the engine) or contains none and gives no
//! move advice (the tournament build: it checks moves for legality with a move generator and
//! never searches or evaluates a position; it says first that it is a tournament build); that
//! it opens no network connection (only the devices of this computer: boards on serial ports,
//! sound, the speech engine's local socket); and the state of the record.
//!
//! The claims are tested, not only said: `tests/it/fairplay.rs` runs a whole game under
//! `strace` and fails on any internet socket or any other program started, and checks that
//! the program imports no socket or name-lookup function.

use std::process::ExitCode;

use clap::Args;

use annexd_core::record::{RecordState, capitalised};
use annexd_core::{Token, Word};

use super::cli::{RecordArgs, read_journal};
use super::provenance::{self, BuildFacts};
use crate::error::{Error, out_line};

/// Options of `annexd fairplay`.
#[derive(Debug, Args, Clone)]
pub struct FairplayArgs {
    /// The game and the language.
    #[command(flatten)]
    pub record: RecordArgs,
}

/// `annexd fairplay`. Its claims are said whatever else fails; a record that cannot be
/// found or read is said after them, and fails the command.
pub fn run(args: &FairplayArgs) -> Result<ExitCode, Error> {
    let resolved = args.record.resolve();
    let lang = match &resolved {
        Ok((lang, _)) => *lang,
        Err(err) => err.lang(),
    };
    let say = |word: Word| lang.text(&[Token::Word(word)]);
    out_line(format_args!(
        "{} ({})",
        provenance::program(),
        provenance::build()
    ));
    for word in BuildFacts::of_this_build().words() {
        out_line(capitalised(&say(word)));
    }
    let (_, journal) = resolved?;
    let contents = read_journal(&journal, lang)?;
    let state = RecordState::of(&contents);
    let mut line = format!("{}: {}", journal.display(), lang.text(&state.tokens()));
    if let Some(code) = state.code {
        line.push_str(&format!(", {} {code}", say(Word::CheckCode)));
    }
    out_line(line);
    Ok(ExitCode::SUCCESS)
}
