//! `annexd replay [JOURNAL]`: for an arbiter checking a complaint, everything the sealed
//! journal holds, line by line in the game's (or `--lang`) language with the moment it
//! happened: every move with its number, every press of the clock with both times, every
//! touch, offer, claim, take-back, penalty, change of the clock or of the mode, and what was
//! put to the arbiter (tournament mode). The record's state (sealed, intact or where it was
//! changed) comes first, as `verify` says it; a line the rules refuse ends the account with
//! the reason (exit 1). With `--speech clips|tts` each line is also said, its time first.

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use annexd_core::record::{RecordState, Recounted, account};
use annexd_core::speech::{BackendKind, Priority, Utterance};
use annexd_core::{Lang, Token, Word};

use super::cli::{RecordArgs, read_journal};
use crate::error::{Error, out_line};
use crate::speech::{Speaker, SpeakerOptions};

/// Options of `annexd replay`.
#[derive(Debug, Args, Clone)]
pub struct ReplayArgs {
    /// The game and the language.
    #[command(flatten)]
    pub record: RecordArgs,
    /// Also say each line: clips (the recorded voice) or tts (the system's engine); text
    /// (the default) prints the lines only, for a screen reader or Braille display.
    #[arg(long)]
    pub speech: Option<BackendKind>,
}

/// `annexd replay`.
pub fn run(args: &ReplayArgs) -> Result<ExitCode, Error> {
    let (lang, journal) = args.record.resolve()?;
    let contents = read_journal(&journal, lang)?;
    out_line(journal.display());
    let state = RecordState::of(&contents);
    out_line(lang.text(&state.tokens()));
    let (lines, refused) = match account(&contents) {
        Ok(lines) => (lines, None),
        Err((lines, err)) => (lines, Some(err)),
    };
    let speaker = match args.speech {
        Some(backend) if backend != BackendKind::Text => Some(Speaker::open(
            &SpeakerOptions::new(lang, backend),
            Box::new(std::io::sink()),
        )),
        _ => None,
    };
    for line in &lines {
        out_line(line.text(lang));
        if let Some(speaker) = &speaker {
            speaker.say(Utterance::new(spoken(line), Priority::Reading));
        }
    }
    let mut code = ExitCode::SUCCESS;
    if let Some(err) = refused {
        tracing::warn!("{err}");
        let mut tokens = vec![Token::Word(Word::ReplayStopped), Token::Pause];
        tokens.extend(err.tokens());
        out_line(lang.text(&tokens));
        code = ExitCode::from(1);
    }
    if let Some(speaker) = speaker {
        finish(speaker, lines.len(), lang)?;
    }
    Ok(code)
}

/// A line as said: its time in words, then what happened (the record's detail is data, shown
/// only).
fn spoken(line: &Recounted) -> Vec<Token> {
    let mut tokens = Vec::new();
    if let Some(ms) = line.at_ms {
        tokens.extend(annexd_core::record::duration_tokens(ms - ms % 1000));
        tokens.push(Token::Pause);
    }
    tokens.extend(line.tokens.iter().cloned());
    tokens
}

/// Waits until everything is said (up to half a minute a line), then closes the output.
fn finish(speaker: Speaker, lines: usize, lang: Lang) -> Result<(), Error> {
    let limit = Duration::from_secs(30).saturating_mul(lines.max(1) as u32);
    let idle = speaker.wait_idle(limit);
    // Let the device play out its last buffer before it is closed.
    std::thread::sleep(crate::speech::output::clips::BUFFER * 5);
    speaker.shutdown(Duration::from_secs(2));
    if idle {
        Ok(())
    } else {
        Err(Error::new(lang, Word::SpeechNotFinished).logged("replay: speech did not finish"))
    }
}
