//! `annexd fairplay [JOURNAL]`: what an arbiter needs to know about this program, in words:
//! which program and build it is; whether it can play against a chess engine (the ordinary
//! build, feature `engine`: only in a game against the engine) or contains none and gives no
//! move advice (the tournament build: it checks moves for legality with a move generator and
//! never searches or evaluates a position; it says first that it is a tournament build);
//! whether it can reach a network (feature `online`: only in a game on lichess) or opens no
//! network connection (only the devices of this computer: boards on serial ports, sound, the
//! speech engine's local socket); its optional parts in the user's language; the radio it may
//! use (Bluetooth LE, only for a Bluetooth board a game names); and, for the game named or the
//! newest, whether it used Bluetooth and the state of its record. Before the first game it
//! says what the build can and cannot do, and that there is no game yet (exit 0: the arbiter
//! checks the device before the round).
//!
//! The claims are tested, not only said: `tests/it/fairplay.rs` runs a whole game under
//! `strace` and fails on any internet socket or any other program started, and checks that
//! the program imports no socket or name-lookup function.

use std::process::ExitCode;

use clap::Args;

use annexd_core::board::{BoardSpec, Reach};
use annexd_core::record::{Header, RecordState, capitalised};
use annexd_core::{Lang, Token, Word};

use super::cli::{Found, RecordArgs, read_journal};
use super::provenance::{self, BuildFacts, BuildText, Part};
use crate::error::{Error, out_line};

/// Options of `annexd fairplay`.
#[derive(Debug, Args, Clone)]
pub struct FairplayArgs {
    /// The game and the language.
    #[command(flatten)]
    pub record: RecordArgs,
    /// Print the one-page statement for the arbiter (what the program does and does not do,
    /// the Annex D articles it serves, this build's engine, network and radio) instead.
    #[arg(long)]
    pub statement: bool,
    /// Write that statement as a PDF to this file too.
    #[arg(long)]
    pub pdf: Option<std::path::PathBuf>,
    /// The font of the PDF (default: DejaVu Sans where the system keeps it).
    #[arg(long)]
    pub font: Option<std::path::PathBuf>,
}

/// What fairplay says, as data: the lines of the build, then those of the game (none
/// before the first game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    /// The lines, in order.
    pub lines: Vec<String>,
}

impl Statement {
    /// What this build can and cannot do, in `lang`: the program and its build, whether it is
    /// a tournament build, whether it has an engine and reaches a network, the optional parts
    /// in words, and the radio (Bluetooth LE) it may use.
    pub fn of_this_build(lang: Lang) -> Statement {
        let say = |word: Word| capitalised(&lang.text(&[Token::Word(word)]));
        let build = BuildText::this_build();
        let mut lines = vec![format!("{} ({})", provenance::program(), build.id)];
        lines.extend(BuildFacts::of_this_build().words().into_iter().map(say));
        lines.push(build.parts_line(lang));
        lines.push(say(if Part::Bluetooth.built_in() {
            Word::RadioBluetooth
        } else {
            Word::NoRadio
        }));
        if let Some(hash) = provenance::binary_sha256() {
            lines.push(format!("{} SHA-256: {hash}", say(Word::ProgramFile)));
        }
        let mode = annexd_core::Mode::default();
        lines.push(capitalised(
            &lang.text(&[Token::Word(Word::DefaultMode), Token::Word(mode.word())]),
        ));
        Statement { lines }
    }

    /// The one-page statement an arbiter reads before approving the device (11.3.2): the
    /// build's lines, then what the program does (the Annex D articles it serves), what it
    /// does not do in tournament mode, and how a game's record proves it, in `lang`.
    pub fn for_the_arbiter(lang: Lang) -> Statement {
        let say = |word: Word| capitalised(&lang.text(&[Token::Word(word)]));
        let mut lines = vec![say(Word::StatementTitle)];
        lines.extend(Statement::of_this_build(lang).lines);
        let sections: [(Word, &[Word]); 3] = [
            (
                Word::StatementDoes,
                &[
                    Word::ServesAnnounce,
                    Word::ServesPegs,
                    Word::ServesClock,
                    Word::ServesRecord,
                    Word::ServesBoards,
                    Word::ServesAssistant,
                ],
            ),
            (Word::StatementDoesNot, &[Word::NotVerdict, Word::NotClaims]),
            (Word::StatementCheck, &[Word::CheckJournal]),
        ];
        for (heading, items) in sections {
            lines.push(format!("{}:", say(heading)));
            lines.extend(items.iter().map(|item| format!("- {}", say(*item))));
        }
        Statement { lines }
    }

    /// Whether the game of `header` used Bluetooth (its boards, as recorded), in words.
    pub fn bluetooth_of(header: &Header, lang: Lang) -> String {
        let boards = [&header.peg_board, &header.sighted_board];
        let word = if boards.iter().all(|b| b.is_none()) && header.vi_side.is_none() {
            // A journal older than the seat in its header.
            Word::GameBluetoothUnknown
        } else if boards.iter().any(|board| {
            board
                .as_deref()
                .and_then(|spec| spec.parse::<BoardSpec>().ok())
                .is_some_and(|spec| matches!(spec.reach(), Reach::Ble(_)))
        }) {
            Word::GameUsedBluetooth
        } else {
            Word::GameWithoutBluetooth
        };
        capitalised(&lang.text(&[Token::Word(word)]))
    }
}

/// `annexd fairplay`: what the build can and cannot do, whatever else fails; then the game
/// (the one named, or the newest): whether it used Bluetooth and the state of its record.
/// Before the first game that is said, and the command succeeds (the arbiter checks the
/// device before the round). A record named that cannot be read fails the command.
pub fn run(args: &FairplayArgs) -> Result<ExitCode, Error> {
    let found = args.record.find();
    let lang = match &found {
        Ok((lang, _)) => *lang,
        Err(err) => err.lang(),
    };
    if args.statement || args.pdf.is_some() {
        let statement = Statement::for_the_arbiter(lang);
        if let Some(path) = &args.pdf {
            let fonts = super::pdf::Fonts::find(args.font.as_deref())
                .map_err(|err| Error::new(lang, Word::PdfNotMade).logged(err))?;
            let bytes = super::pdf::render_lines(&statement.lines, lang, &fonts)
                .map_err(|err| Error::new(lang, Word::PdfNotMade).logged(err))?;
            crate::durable::write_atomically(path, &bytes)
                .map_err(|err| Error::io(lang, Word::PdfNotMade, path, &err))?;
        }
        for line in &statement.lines {
            out_line(line);
        }
        return Ok(ExitCode::SUCCESS);
    }
    for line in Statement::of_this_build(lang).lines {
        out_line(line);
    }
    let journal = match found? {
        (_, Found::Journal(journal)) => journal,
        (_, Found::NoGame(dir)) => {
            let none = capitalised(&lang.text(&[Token::Word(Word::NoGameYet)]));
            out_line(format_args!("{none}: {}", dir.display()));
            return Ok(ExitCode::SUCCESS);
        }
    };
    let contents = read_journal(&journal, lang)?;
    out_line(Statement::bluetooth_of(&contents.header, lang));
    let state = RecordState::of(&contents);
    let mut line = format!("{}: {}", journal.display(), lang.text(&state.tokens()));
    if let Some(code) = state.code {
        line.push_str(&format!(
            ", {} {code}",
            lang.text(&[Token::Word(Word::CheckCode)])
        ));
    }
    out_line(line);
    Ok(ExitCode::SUCCESS)
}
