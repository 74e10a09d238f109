//! `annexd fairplay [JOURNAL]`: what an arbiter needs to know about this program, in words:
//! which program and build it is; that it contains no chess engine and gives no move advice
//! (it checks moves for legality with a move generator and never searches or evaluates a
//! position); that it opens no network connection (only the devices of this computer: boards
//! on serial ports, sound, the speech engine's local socket); and the state of the record.
//!
//! The claims are tested, not only said: `tests/fairplay.rs` runs a whole game under
//! `strace` and fails on any internet socket or any other program started, and checks that
//! the program imports no socket or name-lookup function.

use std::process::ExitCode;

use clap::Args;

use annexd_core::record::{RecordState, capitalised};
use annexd_core::{Token, Word};

use super::cli::{RecordArgs, read_journal};
use super::provenance;

/// Options of `annexd fairplay`.
#[derive(Debug, Args, Clone)]
pub struct FairplayArgs {
    /// The game and the language.
    #[command(flatten)]
    pub record: RecordArgs,
}

/// `annexd fairplay`.
pub fn run(args: &FairplayArgs) -> ExitCode {
    let resolved = args.record.resolve();
    let lang = match &resolved {
        Ok((lang, _)) => *lang,
        Err(_) => args.record.lang.unwrap_or_default(),
    };
    let say = |word: Word| lang.text(&[Token::Word(word)]);
    println!("{} ({})", provenance::program(), provenance::build());
    println!("{}", capitalised(&say(Word::NoEngine)));
    println!("{}", capitalised(&say(Word::NoNetwork)));
    match resolved {
        Ok((_, journal)) => {
            if let Ok(contents) = read_journal(&journal, lang) {
                let state = RecordState::of(&contents);
                let mut line = format!("{}: {}", journal.display(), lang.text(&state.tokens()));
                if let Some(code) = state.code {
                    line.push_str(&format!(", {} {code}", say(Word::CheckCode)));
                }
                println!("{line}");
            }
        }
        Err(message) => println!("{message}"),
    }
    ExitCode::SUCCESS
}
