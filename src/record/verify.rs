//! `annexd verify [JOURNAL] [--code CODE]`: says in words whether a record can be trusted.
//! It reads the journal (a crash's cut last line is named and is not a change), checks the
//! seal chain line by line, replays the game by the rules, and gives the check code; with
//! `--code` (the code on the signed scoresheet, or the one said at the end of the game) it
//! says whether the record still ends there, goes on after it, or never had it.
//!
//! Exit code: 0 sealed, intact and replayed (and ending at the code given); 1 changed, cut,
//! unreadable or not replayable; 2 not sealed (a journal of format 1: nothing to check), or a
//! mistake on the command line (a check code that is none).

use std::process::ExitCode;

use clap::Args;

use annexd_core::record::{CheckCode, CodeMatch, Integrity, JournalContents, RecordState, replay};
use annexd_core::{Lang, Token, Word};

use super::cli::{RecordArgs, read_journal};
use crate::error::{Error, out_line};

/// Options of `annexd verify`.
#[derive(Debug, Args, Clone)]
pub struct VerifyArgs {
    /// The game and the language.
    #[command(flatten)]
    pub record: RecordArgs,
    /// The check code from the signed scoresheet (16 digits 0-9 and a-f).
    #[arg(long)]
    pub code: Option<String>,
}

/// What `verify` found, as lines of words and an exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The lines to print.
    pub lines: Vec<String>,
    /// 0, 1 or 2 (see the module documentation).
    pub code: u8,
}

/// Checks a journal's contents; `code` is a check code to look for.
pub fn verdict(contents: &JournalContents, code: Option<CheckCode>, lang: Lang) -> Verdict {
    let say = |tokens: &[Token]| lang.text(tokens);
    let mut lines = Vec::new();
    let header = &contents.header;
    if let Some(program) = &header.program {
        // The build's commit and profile as data; its optional parts in words.
        let build = header
            .build
            .as_deref()
            .map(super::provenance::BuildText::read);
        let id = build
            .as_ref()
            .map_or_else(String::new, |b| format!(" ({})", b.id));
        lines.push(format!(
            "{} {program}{id}",
            say(&[Token::Word(Word::WrittenBy)])
        ));
        if let Some(build) = build {
            lines.push(build.parts_line(lang));
        }
    }
    // What the arbiter approved: the program's file and the mode the game started in.
    if let Some(hash) = &header.binary_sha256 {
        lines.push(format!(
            "{} SHA-256: {hash}",
            say(&[Token::Word(Word::ProgramFile)])
        ));
    }
    if let Some(mode) = header.mode {
        lines.push(say(&[
            Token::Word(Word::ModeLabel),
            Token::Word(mode.word()),
        ]));
    }
    if !header.allowed_help.is_empty() {
        let helps: Vec<String> = header
            .allowed_help
            .iter()
            .map(|help| say(&[Token::Word(help.word())]))
            .collect();
        lines.push(format!(
            "{}: {}",
            say(&[Token::Word(Word::HelpsAllowed)]),
            helps.join(", ")
        ));
    }
    let state = RecordState::of(contents);
    let mut exit = match state.integrity {
        Integrity::Intact => 0,
        Integrity::NotSealed => 2,
        Integrity::Broken(_) => 1,
    };
    lines.push(format!(
        "{}, {} {}",
        say(&state.tokens()),
        state.lines,
        say(&[Token::Word(Word::Lines)])
    ));
    match replay(contents) {
        Ok(sheet) => {
            if sheet.left_tournament() {
                lines.push(say(&[Token::Word(Word::TournamentModeLeft)]));
            }
            lines.extend(outside_help(contents, &sheet, lang));
            let game = sheet.game();
            let mut tokens = vec![Token::Word(Word::ReplayedByRules), Token::Pause];
            // Moves, not half-moves: a game of "1. e4 e5 … 4. …" has four.
            match game.moves_played() {
                1 => tokens.push(Token::Word(Word::OneMove)),
                moves => tokens.extend([Token::Number(moves), Token::Word(Word::Moves)]),
            }
            tokens.push(Token::Pause);
            match game.outcome() {
                Some(outcome) => {
                    tokens.push(Token::Word(Word::Result));
                    lines.push(format!("{} {}", say(&tokens), outcome.result.pgn()));
                }
                None => {
                    tokens.push(Token::Word(Word::NotFinished));
                    lines.push(say(&tokens));
                }
            }
        }
        Err(e) => {
            // The rules' own account of the line (in English) is for the log.
            tracing::warn!("{e}");
            lines.push(say(&crate::error::Failure::tokens(&e)));
            exit = 1;
        }
    }
    if let Some(record_code) = state.code {
        lines.push(format!(
            "{}: {record_code} ({})",
            say(&[Token::Word(Word::CheckCode)]),
            say(&record_code.tokens())
        ));
        match code {
            Some(wanted) => {
                let found = CodeMatch::find(&contents.chain, wanted);
                lines.push(say(&found.tokens()));
                if found != CodeMatch::End {
                    exit = 1;
                }
            }
            None => lines.push(say(&[Token::Word(Word::CompareCode)])),
        }
    }
    Verdict { lines, code: exit }
}

/// `annexd verify`.
pub fn run(args: &VerifyArgs) -> Result<ExitCode, Error> {
    let (lang, journal) = args.record.resolve()?;
    let code = match args.code.as_deref() {
        Some(text) => Some(CheckCode::parse(text).map_err(|e| {
            Error::new(lang, Word::NotACheckCode)
                .shown(text)
                .logged(e)
                .usage()
        })?),
        None => None,
    };
    let contents = read_journal(&journal, lang)?;
    out_line(journal.display());
    let verdict = verdict(&contents, code, lang);
    for line in &verdict.lines {
        out_line(line);
    }
    Ok(ExitCode::from(verdict.code))
}

/// Who played from outside the board (a chess program at its level, a remote player), and
/// every help the program gave, counted by kind: "Weiß Tipp: 2" (issue 31).
fn outside_help(
    contents: &JournalContents,
    sheet: &annexd_core::record::Scoresheet,
    lang: Lang,
) -> Vec<String> {
    use annexd_core::record::Entry;
    let mut lines = Vec::new();
    for side in [shakmaty::Color::White, shakmaty::Color::Black] {
        if let Some(opponent) = sheet.opponent(side) {
            let words = lang.text(&opponent.tokens());
            lines.push(match opponent.shown() {
                Some(shown) => format!("{words}: {shown}"),
                None => words,
            });
        }
    }
    let mut counted: Vec<(Vec<Token>, u32)> = Vec::new();
    for line in &contents.entries {
        if let Entry::Training(training) = &line.entry {
            let tokens = training.tokens();
            match counted.iter_mut().find(|(t, _)| *t == tokens) {
                Some((_, n)) => *n += 1,
                None => counted.push((tokens, 1)),
            }
        }
    }
    for (tokens, n) in counted {
        lines.push(format!("{}: {n}", lang.text(&tokens)));
    }
    lines
}
