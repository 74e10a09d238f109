//! `annexd pgn JOURNAL` (the PGN on standard output) and `annexd sheet [JOURNAL]` (a
//! scoresheet file: PDF, Braille, text or PGN), with what `verify` and `fairplay` share: the
//! journal named or the newest game, and the language of the messages.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use annexd_core::record::{JournalContents, RecordState, SheetFormat, SheetWords, replay};
use annexd_core::{Lang, Token, Word};

use super::journal;
use super::sheets::{self, SheetOptions, sheet_path_for};

/// Prints the PGN of a journal (the one named, or the newest game) to standard output. A
/// damaged last line is reported on standard error and left out; any other fault is reported
/// and the exit code is 1.
pub fn run_pgn(args: &RecordArgs) -> ExitCode {
    let (lang, journal) = match args.resolve() {
        Ok(resolved) => resolved,
        Err(message) => return fail(&message),
    };
    let path = journal.as_path();
    let contents = match read_journal(path, lang) {
        Ok(contents) => contents,
        Err(code) => return code,
    };
    let sheet = match replay(&contents) {
        Ok(sheet) => sheet,
        Err(e) => {
            eprintln!("{}: {}: {e}", lang.text(&e.tokens()), path.display());
            return ExitCode::from(1);
        }
    };
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(annexd_core::record::pgn_text(&sheet).as_bytes())
        .and_then(|_| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}

/// Which record a command is about, and the language it answers in.
#[derive(Debug, Args, Clone, Default)]
pub struct RecordArgs {
    /// The journal of the game (default: the newest game in the games folder).
    pub journal: Option<PathBuf>,
    /// The language of the words: de, en or fr (default: the language the game was played
    /// in, else the settings').
    #[arg(long)]
    pub lang: Option<Lang>,
    /// The settings file (for the games folder and the language).
    #[arg(long)]
    pub config: Option<PathBuf>,
}

impl RecordArgs {
    /// The language, and the journal named or the newest in the games folder; or the
    /// message of what is wrong. The language is `--lang`, else the one the game was played
    /// in (its journal's header), else the settings'.
    pub fn resolve(&self) -> Result<(Lang, PathBuf), String> {
        let settings = crate::config::load(self.config.as_deref()).map_err(|e| {
            let lang = self.lang.unwrap_or_default();
            format!("{}: {e}", lang.text(&[Token::Word(Word::ConfigError)]))
        })?;
        let lang = self.lang.unwrap_or(settings.game.language);
        let journal = match &self.journal {
            Some(path) => path.clone(),
            None => {
                let dir = crate::app::play::games_dir(&settings);
                newest_game(&dir).ok_or_else(|| {
                    format!(
                        "{} ({}): name the journal file",
                        lang.text(&[Token::Word(Word::NoGameFile)]),
                        dir.display()
                    )
                })?
            }
        };
        let lang = self
            .lang
            .or_else(|| game_language(&journal))
            .unwrap_or(lang);
        Ok((lang, journal))
    }
}

/// The language a journal's game was played in, as its header records it (issue 22: the
/// tools answer in the game's language).
pub fn game_language(journal: &Path) -> Option<Lang> {
    use std::io::{BufRead, BufReader, Read};
    let file = std::fs::File::open(journal).ok()?;
    let mut first = Vec::new();
    BufReader::new(file.take(1 << 16))
        .read_until(b'\n', &mut first)
        .ok()?;
    annexd_core::record::parse_journal(&first)
        .ok()?
        .header
        .language
}

/// The journal in `dir` written last.
pub fn newest_game(dir: &Path) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .max()
        .map(|(_, p)| p)
}

/// Reads a journal; a damaged last line is reported on standard error (and left out), any
/// other fault is reported and gives the exit code 1.
pub fn read_journal(path: &Path, lang: Lang) -> Result<JournalContents, ExitCode> {
    let contents = match journal::read_journal(path) {
        Ok(contents) => contents,
        Err(e) => {
            eprintln!("{}: {e}", lang.text(&e.tokens()));
            return Err(ExitCode::from(1));
        }
    };
    if let Some(tail) = &contents.damaged_tail {
        eprintln!(
            "{} ({}: {})",
            lang.text(&tail.tokens()),
            path.display(),
            tail.reason
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
pub fn run_sheet(args: &SheetArgs) -> ExitCode {
    let (lang, journal) = match args.record.resolve() {
        Ok(resolved) => resolved,
        Err(message) => return fail(&message),
    };
    let contents = match read_journal(&journal, lang) {
        Ok(contents) => contents,
        Err(code) => return code,
    };
    let sheet = match replay(&contents) {
        Ok(sheet) => sheet,
        Err(e) => {
            return fail(&format!(
                "{}: {}: {e}",
                lang.text(&e.tokens()),
                journal.display()
            ));
        }
    };
    let state = RecordState::of(&contents);
    if !state.intact() {
        eprintln!("{}", lang.text(&state.tokens()));
    }
    let options = SheetOptions {
        lang,
        words: args.words,
        font: args.font.clone(),
    };
    if args.out.as_deref() == Some(Path::new("-")) {
        return match sheets::render(args.format, &sheet, &state, &options) {
            Ok(bytes) => {
                let mut stdout = std::io::stdout().lock();
                match stdout.write_all(&bytes).and_then(|_| stdout.flush()) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => fail(&e.to_string()),
                }
            }
            Err(e) => fail(&format!("{}: {e}", lang.text(&e.tokens()))),
        };
    }
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| sheet_path_for(&journal, args.format));
    match sheets::write(&path, args.format, &sheet, &state, &options) {
        Ok(()) => {
            println!(
                "{}: {}",
                lang.text(&[Token::Word(Word::SheetWritten)]),
                path.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("{}: {e}", lang.text(&e.tokens()))),
    }
}

/// A message on standard error, exit code 1.
pub fn fail(message: &str) -> ExitCode {
    // Standard output or error is closed: there is nowhere else to write this.
    let _ = writeln!(std::io::stderr(), "annexd: {message}");
    ExitCode::from(1)
}
