//! `annexd replay [JOURNAL]`: for an arbiter checking a complaint, everything the sealed
//! journal holds, line by line in the game's (or `--lang`) language with the moment it
//! happened: every move with its number, every press of the clock with both times, every
//! touch, offer, claim, take-back, penalty, change of the clock or of the mode, and what was
//! put to the arbiter (tournament mode). The record's state (sealed, intact or where it was
//! changed) comes first, as `verify` says it; a line the rules refuse ends the account with
//! the reason (exit 1).

use std::process::ExitCode;

use annexd_core::record::{RecordState, account};
use annexd_core::{Token, Word};

use super::cli::{RecordArgs, read_journal};
use crate::error::{Error, out_line};

/// `annexd replay`.
pub fn run(args: &RecordArgs) -> Result<ExitCode, Error> {
    let (lang, journal) = args.resolve()?;
    let contents = read_journal(&journal, lang)?;
    out_line(journal.display());
    let state = RecordState::of(&contents);
    out_line(lang.text(&state.tokens()));
    let (lines, refused) = match account(&contents) {
        Ok(lines) => (lines, None),
        Err((lines, err)) => (lines, Some(err)),
    };
    for line in &lines {
        out_line(line.text(lang));
    }
    if let Some(err) = refused {
        tracing::warn!("{err}");
        let mut tokens = vec![Token::Word(Word::ReplayStopped), Token::Pause];
        tokens.extend(err.tokens());
        out_line(lang.text(&tokens));
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
