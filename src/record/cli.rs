//! `annexd pgn [JOURNAL]` (the PGN on standard output) and `annexd sheet [JOURNAL]` (a
//! scoresheet file: PDF, Braille, text or PGN), with what `verify` and `fairplay` share: the
//! journal named or the newest game, and the language of the messages.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use annexd_core::record::{JournalContents, RecordState, SheetFormat, SheetWords, replay};
use annexd_core::{Lang, Token, Word};

use super::journal;
use super::sheets::{self, SheetOptions, sheet_path_for};
use crate::error::{Error, Failure, Message, io_reason, notice, out_line};

/// Prints the PGN of a journal (the one named, or the newest game) to standard output, its
/// messages in `--lang`, else the game's language, else the settings'. A damaged last line is
/// said on standard error and left out; any other fault is the command's failure.
pub fn run_pgn(args: &RecordArgs) -> Result<ExitCode, Error> {
    let (lang, path) = args.resolve()?;
    let contents = read_journal(&path, lang)?;
    let sheet = replay(&contents).map_err(|e| Error::of(lang, &e).shown(path.display()))?;
    write_stdout(
        annexd_core::record::pgn_text_in(&sheet, lang).as_bytes(),
        lang,
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Writes a command's whole output (a PGN, a sheet) to standard output; a closed standard
/// output fails the command, for the output was its point.
pub fn write_stdout(bytes: &[u8], lang: Lang) -> Result<(), Error> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .map_err(|e| Error::new(lang, Word::OutputNotWritten).logged(e))
}

/// Which record a command is about, and the language it answers in.
#[derive(Debug, Args, Clone, Default)]
pub struct RecordArgs {
    /// The journal of the game (default: the newest game in the games folder).
    pub journal: Option<PathBuf>,
    /// The language of the words (default: the game's, else the settings' language).
    #[arg(long, help = crate::help::lang_help_about("The language of the words", " (default: the game's, else the settings' language)"))]
    pub lang: Option<Lang>,
    /// The settings file (for the games folder and the language).
    #[arg(long)]
    pub config: Option<PathBuf>,
}

/// The journal a record command is about: the one named or the newest game, or none yet
/// (the games folder, which holds no game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// The journal.
    Journal(PathBuf),
    /// No journal was named and the games folder holds none.
    NoGame(PathBuf),
}

impl RecordArgs {
    /// The language, and the journal named or the newest in the games folder. The
    /// language is the one asked for, else the one the game was played in (its journal
    /// says), else the settings'.
    pub fn resolve(&self) -> Result<(Lang, PathBuf), Error> {
        match self.find()? {
            (lang, Found::Journal(journal)) => Ok((lang, journal)),
            (lang, Found::NoGame(dir)) => Err(Error::new(lang, Word::NoGameFile)
                .shown(dir.display())
                .and_word(Word::NameTheGameFile)),
        }
    }

    /// As [`RecordArgs::resolve`], with no game yet an answer rather than a failure.
    pub fn find(&self) -> Result<(Lang, Found), Error> {
        let lang = self.lang.unwrap_or_default();
        let settings = crate::config::load_or_fail(self.config.as_deref(), lang)?;
        let lang = self.lang.unwrap_or(settings.game.language);
        let journal = match &self.journal {
            Some(path) => path.clone(),
            None => {
                let dir = crate::data_dirs::games(&settings);
                match newest_game(&dir) {
                    Some(journal) => journal,
                    None => return Ok((lang, Found::NoGame(dir))),
                }
            }
        };
        let lang = match self.lang {
            Some(lang) => lang,
            None => game_lang(&journal).unwrap_or(lang),
        };
        Ok((lang, Found::Journal(journal)))
    }
}

/// The language a game was played in, as its journal's header says (none in journals
/// written before it was recorded, or when the journal cannot be read: that is said when
/// it is read).
fn game_lang(journal: &Path) -> Option<Lang> {
    journal::read_journal(journal).ok()?.header.language
}

/// The journal in `dir` written last.
pub fn newest_game(dir: &Path) -> Option<PathBuf> {
    // A folder that cannot be read has no game to offer: the caller says so, with the folder.
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .max()
        .map(|(_, p)| p)
}

/// Reads a journal; a damaged last line is said on standard error (and left out), with the
/// reason in the log.
pub fn read_journal(path: &Path, lang: Lang) -> Result<JournalContents, Error> {
    let contents = journal::read_journal(path).map_err(|e| Error::of(lang, &e))?;
    if let Some(tail) = &contents.damaged_tail {
        crate::error::notice_with(
            &Message::said(lang, tail.tokens()).shown(path.display()),
            tail,
        );
    }
    Ok(contents)
}

/// Options of `annexd sheet`.
#[derive(Debug, Args, Clone)]
pub struct SheetArgs {
    /// The game and the language.
    #[command(flatten)]
    pub record: RecordArgs,
    /// The kind of sheet: pdf (printable), brf (Braille), txt (one move a line) or pgn.
    #[arg(long, default_value = "pdf")]
    pub format: SheetFormat,
    /// The file to write (default: beside the journal, e.g. game.pdf); "-" for standard
    /// output.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// How moves are written: letters (the language's piece letters, Sf3) or annex-d (the
    /// announced words, Springer Felix drei).
    #[arg(long, default_value = "letters")]
    pub words: SheetWords,
    /// A TrueType font for the PDF (default: DejaVu Sans).
    #[arg(long)]
    pub font: Option<PathBuf>,
}

/// `annexd sheet`: writes the scoresheet of a journal and says where. A record that is not
/// intact is said so (and its sheet shows it); the sheet is written all the same.
pub fn run_sheet(args: &SheetArgs) -> Result<ExitCode, Error> {
    let (lang, journal) = args.record.resolve()?;
    let contents = read_journal(&journal, lang)?;
    let sheet = replay(&contents).map_err(|e| Error::of(lang, &e).shown(journal.display()))?;
    let state = RecordState::of(&contents);
    if !state.intact() {
        notice(&Message::said(lang, state.tokens()));
    }
    let options = SheetOptions {
        lang,
        words: args.words,
        font: args.font.clone(),
    };
    if args.out.as_deref() == Some(Path::new("-")) {
        let bytes = sheets::render(args.format, &sheet, &state, &options)
            .map_err(|e| Error::of(lang, &e))?;
        write_stdout(&bytes, lang)?;
        return Ok(ExitCode::SUCCESS);
    }
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| sheet_path_for(&journal, args.format));
    sheets::write(&path, args.format, &sheet, &state, &options).map_err(|e| Error::of(lang, &e))?;
    out_line(Message::word(lang, Word::SheetWritten).shown(path.display()));
    Ok(ExitCode::SUCCESS)
}

// --- The failures of this part, said in words (their `Display` is for the log) ---

impl Failure for annexd_core::record::ReplayError {
    fn tokens(&self) -> Vec<Token> {
        annexd_core::record::ReplayError::tokens(self)
    }
}

impl Failure for crate::record::JournalError {
    fn tokens(&self) -> Vec<Token> {
        use crate::record::JournalError as E;
        let mut tokens = E::tokens(self);
        if let E::Read { source, .. } | E::Write { source, .. } = self {
            tokens.extend(io_reason(source));
        }
        tokens
    }

    fn data(&self) -> Vec<String> {
        use crate::record::JournalError as E;
        let (E::Read { path, .. }
        | E::Write { path, .. }
        | E::Exists { path }
        | E::Empty { path }
        | E::BadLine { path, .. }) = self;
        vec![path.display().to_string()]
    }
}

impl Failure for crate::record::RecordError {
    fn tokens(&self) -> Vec<Token> {
        use crate::record::RecordError as E;
        match self {
            E::Journal(e) => Failure::tokens(e),
            E::Pgn { source, .. } => {
                let mut tokens = E::tokens(self);
                tokens.extend(io_reason(source));
                tokens
            }
            E::BadHeader(_) => E::tokens(self),
        }
    }

    fn data(&self) -> Vec<String> {
        use crate::record::RecordError as E;
        match self {
            E::Journal(e) => e.data(),
            E::Pgn { path, .. } => vec![path.display().to_string()],
            E::BadHeader(_) => Vec::new(),
        }
    }
}

impl Failure for crate::record::sheets::SheetError {
    fn tokens(&self) -> Vec<Token> {
        use crate::record::{braille::BrailleError, pdf::PdfError, sheets::SheetError as E};
        let mut tokens = vec![Token::Word(Word::SheetNotWritten), Token::Pause];
        match self {
            E::Pdf(PdfError::NoFont) => tokens.push(Token::Word(Word::NoFont)),
            E::Pdf(PdfError::BadFont { .. }) => tokens.push(Token::Word(Word::FontUnusable)),
            E::Pdf(PdfError::Embed(_)) => tokens.push(Token::Word(Word::PdfNotMade)),
            E::Braille(BrailleError::NoTable(_)) => tokens.push(Token::Word(Word::NoBrailleTable)),
            E::Braille(_) => tokens.push(Token::Word(Word::BrailleFailed)),
            E::Write { source, .. } => {
                tokens.pop();
                tokens.extend(io_reason(source));
            }
        }
        tokens
    }

    fn data(&self) -> Vec<String> {
        use crate::record::{braille::BrailleError, pdf::PdfError, sheets::SheetError as E};
        match self {
            E::Pdf(PdfError::BadFont { path, .. }) | E::Write { path, .. } => {
                vec![path.display().to_string()]
            }
            E::Braille(BrailleError::NoTable(table)) => vec![table.clone()],
            _ => Vec::new(),
        }
    }
}
