//! One way to fail. Every command returns `Result<ExitCode, Error>`; an [`Error`] is what
//! went wrong in the words of the language tables, in the language of the command, with its
//! data kept apart: data that helps the user (a path, a line number, a name, a value as
//! typed) is shown verbatim between the words, prose from a library or the system (in
//! English) goes to the log only.
//!
//! [`report`] is the one place that prints a failure; [`notice`] prints a line that is not
//! one (a record that is not intact, a file written), [`out_line`] a line of a command's
//! output. None of them panics when standard output or error is closed (a pipe gone): what
//! cannot be printed is in the log.

use std::fmt::{self, Display};
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use annexd_core::{Lang, Speech, Token, Word};

/// The program's name, before every message it prints on standard error.
pub const PROGRAM: &str = "annexd";

/// Exit status of a bad command line or setting (as clap's own).
const USAGE: u8 = 2;

/// A line for a person: words of the tables and data shown verbatim, in order, said in one
/// language ("Fehler in der Einstellung: a.toml: Zeile fünf: speech.rate").
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    speech: Speech,
    parts: Vec<Part>,
}

/// A part of a [`Message`].
#[derive(Debug, Clone, PartialEq)]
enum Part {
    /// Words of the tables.
    Said(Vec<Token>),
    /// Data: a path, a number, a name, a value as typed.
    Shown(String),
    /// A number in digits with the words of what it counts: "440 Aufnahmen".
    Counted(u64, Vec<Token>),
    /// Words with the number they name, in digits: "Zeile 2".
    Numbered(Vec<Token>, u64),
}

impl Message {
    /// A line of these words, in `speech`.
    pub fn said(speech: impl Into<Speech>, tokens: impl IntoIterator<Item = Token>) -> Message {
        Message {
            speech: speech.into(),
            parts: vec![Part::Said(tokens.into_iter().collect())],
        }
    }

    /// A line of one word.
    pub fn word(speech: impl Into<Speech>, word: Word) -> Message {
        Message::said(speech, [Token::Word(word)])
    }

    /// Data shown next: a path, a line number, a name, a value as typed.
    pub fn shown(mut self, data: impl Display) -> Message {
        self.parts.push(Part::Shown(data.to_string()));
        self
    }

    /// A number in digits with the word of what it counts next: "440 Aufnahmen".
    pub fn counted(mut self, n: impl Into<u64>, word: Word) -> Message {
        self.parts
            .push(Part::Counted(n.into(), vec![Token::Word(word)]));
        self
    }

    /// A word with the number it names next, in digits: "Zeile 2".
    pub fn numbered(mut self, word: Word, n: impl Into<u64>) -> Message {
        self.parts
            .push(Part::Numbered(vec![Token::Word(word)], n.into()));
        self
    }

    /// More words next.
    pub fn and(mut self, tokens: impl IntoIterator<Item = Token>) -> Message {
        self.parts.push(Part::Said(tokens.into_iter().collect()));
        self
    }

    /// One more word next.
    pub fn and_word(self, word: Word) -> Message {
        self.and([Token::Word(word)])
    }

    /// The words of the line, without its data.
    pub fn tokens(&self) -> Vec<Token> {
        let mut out = Vec::new();
        for part in &self.parts {
            if let Part::Said(tokens) = part {
                if !out.is_empty() {
                    out.push(Token::Pause);
                }
                out.extend(tokens.iter().copied());
            }
        }
        out
    }

    /// The language it is said in.
    pub fn lang(&self) -> Lang {
        self.speech.lang
    }
}

impl Display for Message {
    /// The parts in order, a colon between them: "Datei nicht lesbar: /tmp/x.jsonl".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for part in &self.parts {
            let text = match part {
                Part::Said(tokens) if tokens.is_empty() => continue,
                Part::Shown(data) if data.is_empty() => continue,
                Part::Said(tokens) => self.speech.text(tokens),
                Part::Shown(data) => data.clone(),
                Part::Counted(n, tokens) => format!("{n} {}", self.speech.text(tokens)),
                Part::Numbered(tokens, n) => format!("{} {n}", self.speech.text(tokens)),
            };
            if !first {
                f.write_str(": ")?;
            }
            f.write_str(&text)?;
            first = false;
        }
        Ok(())
    }
}

/// A failure, said in the user's language; see the module documentation.
#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    message: Message,
    logged: Vec<String>,
    status: u8,
}

impl Error {
    /// A failure said by one word of the table, in `speech`.
    pub fn new(speech: impl Into<Speech>, word: Word) -> Error {
        Error::said(speech, vec![Token::Word(word)])
    }

    /// A failure said by these tokens, in `speech`.
    pub fn said(speech: impl Into<Speech>, tokens: Vec<Token>) -> Error {
        Error::from(Message::said(speech, tokens))
    }

    /// A failure of a part of the program that says itself (`Failure`): its words, its
    /// data, and its technical text for the log.
    pub(crate) fn of(speech: impl Into<Speech>, failure: &(impl Failure + ?Sized)) -> Error {
        let mut error = Error::said(speech, failure.tokens());
        for data in failure.data() {
            error = error.shown(data);
        }
        error.logged(failure)
    }

    /// A file or folder that could not be used: `word`, the path, and what the system said
    /// in words where the table has them (not found, no permission, disk full); the system's
    /// own message goes to the log.
    pub fn io(speech: impl Into<Speech>, word: Word, path: &Path, err: &io::Error) -> Error {
        let mut tokens = vec![Token::Word(word)];
        tokens.extend(io_reason(err));
        Error::said(speech, tokens)
            .shown(path.display())
            .logged(format_args!("{}: {err}", path.display()))
    }

    /// A mistake in the settings file, said in words: where it is (the file, the line, the
    /// setting's name) and what is wrong; see `config_error`.
    pub fn settings(speech: impl Into<Speech>, err: &annexd_core::ConfigError) -> Error {
        config_error(speech, err)
    }

    /// A time control that is none: the words, the control as typed, what is wrong with it
    /// and where, and right ones ("Zeitkontrolle unbekannt: 40/90x: kein Zeichen für eine
    /// Einheit …: 90x: zum Beispiel: 90m+30s, 40/90+30+30").
    pub fn time_control(lang: Lang, err: &annexd_core::clock::ControlError) -> Error {
        let error = Error::new(lang, Word::TimeControlUnknown)
            .shown(err.input.trim())
            .and(err.tokens());
        control_data(error, err).logged(err).usage()
    }

    /// Data shown next: a path, a line number, a name, a value as typed.
    pub fn shown(mut self, data: impl Display) -> Error {
        self.message = self.message.shown(data);
        self
    }

    /// A word with the number it names next, in digits: "Zeile 2".
    pub fn numbered(mut self, word: Word, n: impl Into<u64>) -> Error {
        self.message = self.message.numbered(word, n);
        self
    }

    /// More words next.
    pub fn and(mut self, tokens: impl IntoIterator<Item = Token>) -> Error {
        self.message = self.message.and(tokens);
        self
    }

    /// One more word next.
    pub fn and_word(self, word: Word) -> Error {
        self.and([Token::Word(word)])
    }

    /// Technical detail for the log only.
    pub fn logged(mut self, detail: impl Display) -> Error {
        self.logged.push(detail.to_string());
        self
    }

    /// A mistake on the command line or in the settings (exit status 2).
    pub fn usage(mut self) -> Error {
        self.status = USAGE;
        self
    }

    /// The same failure said in another language (a command that learns its language
    /// late, from the settings or the record).
    pub fn in_lang(mut self, speech: impl Into<Speech>) -> Error {
        self.message.speech = speech.into();
        self
    }

    /// What went wrong, in words (without the data).
    pub fn tokens(&self) -> Vec<Token> {
        self.message.tokens()
    }

    /// The exit status it ends the program with.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.status)
    }

    /// The exit status as a number (1, or 2 for a usage mistake).
    pub fn status(&self) -> u8 {
        self.status
    }

    /// The language it is said in.
    pub fn lang(&self) -> Lang {
        self.message.lang()
    }
}

impl From<Message> for Error {
    fn from(message: Message) -> Error {
        Error {
            message,
            logged: Vec::new(),
            status: 1,
        }
    }
}

impl Display for Error {
    /// The words and the data shown: "Datei nicht lesbar: /tmp/x.jsonl: nicht gefunden".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message.fmt(f)
    }
}

impl std::error::Error for Error {}

/// A failure of a part of the program that can say itself: its words from the tables, the
/// data to show with them (a path, a line), and, as its `Display`, the technical text for
/// the log.
pub trait Failure: Display {
    /// What went wrong, in words.
    fn tokens(&self) -> Vec<Token>;
    /// The data shown after the words (none by default).
    fn data(&self) -> Vec<String> {
        Vec::new()
    }
}

/// A mistake in the settings as the user reads it: "Fehler in der Einstellung: a.toml:
/// Zeile zwei: game.language: kein erlaubter Wert: it: erlaubt: de, en, fr" (exit status 2).
pub fn config_error(speech: impl Into<Speech>, err: &annexd_core::ConfigError) -> Error {
    use annexd_core::ConfigProblem;
    let mut error = Error::new(speech, Word::ConfigError);
    if let Some(file) = &err.file {
        error = error.shown(file.display());
    }
    if let Some(line) = err.line {
        error = error.numbered(Word::Line, line as u64);
    }
    if let Some(key) = &err.key {
        error = error.shown(key);
    }
    error = error.and(err.tokens());
    error = match &*err.problem {
        ConfigProblem::UnknownKey { allowed } if !allowed.is_empty() => {
            error.and_word(Word::AllowedAre).shown(allowed.join(", "))
        }
        ConfigProblem::NotOneOf { value, allowed } => error
            .shown(value)
            .and_word(Word::AllowedAre)
            .shown(allowed.join(", ")),
        ConfigProblem::OutOfRange { value, allowed } => {
            error.shown(value).and_word(Word::AllowedAre).shown(allowed)
        }
        ConfigProblem::BadTimeControl(control) => control_data(error, control),
        ConfigProblem::BadBoard(spec) => error
            .shown(&spec.input)
            .and_word(Word::ForExample)
            .shown(spec.example()),
        ConfigProblem::WrongKind(_) => match err.example() {
            Some(example) => error.and_word(Word::ForExample).shown(example),
            None => error,
        },
        _ => error,
    };
    error.logged(err).usage()
}

/// The data of a time control's mistake after its words: the part that is wrong (when it
/// is not the whole), and an example of a right one.
fn control_data(mut error: Error, err: &annexd_core::clock::ControlError) -> Error {
    if err.part != err.input.trim() && !err.part.is_empty() {
        error = error.shown(&err.part);
    }
    error.and_word(Word::ForExample).shown(err.examples())
}

/// Folders that were searched, shown as data: "/a, /b".
pub fn paths_shown(paths: &[std::path::PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The words of what the system said, where the table has them: a pause and the reason
/// ("nicht gefunden"), or nothing.
pub fn io_reason(err: &io::Error) -> Vec<Token> {
    let word = match err.kind() {
        io::ErrorKind::NotFound => Word::NotFound,
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => Word::NoPermission,
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => Word::DiskFull,
        io::ErrorKind::AlreadyExists => Word::AlreadyExists,
        io::ErrorKind::IsADirectory => Word::IsAFolder,
        io::ErrorKind::NotADirectory => Word::NotAFolder,
        _ => return Vec::new(),
    };
    vec![Token::Pause, Token::Word(word)]
}

/// Makes a folder and the folders above it. A file where one of them should be is said as
/// what it is ("not a folder"), not as the "already exists" the system answers (Linux for the
/// folder itself, Windows for any folder on the way).
pub fn make_folder(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir).map_err(|err| {
        if err.kind() == io::ErrorKind::AlreadyExists && !dir.is_dir() {
            io::Error::from(io::ErrorKind::NotADirectory)
        } else {
            err
        }
    })
}

/// Prints a failure on standard error ("annexd: …") and logs it with its detail.
pub fn report(err: &Error) {
    let detail = if err.logged.is_empty() {
        String::new()
    } else {
        format!(" ({})", err.logged.join("; "))
    };
    tracing::error!("{err}{detail}");
    to_stderr(&format!("{PROGRAM}: {err}"));
}

/// Prints a line that is not a failure on standard error ("annexd: …"): a notice beside a
/// command's output (a record that is not intact, a file written, a device's state). It is
/// logged too.
pub fn notice(message: &Message) {
    tracing::info!("{message}");
    to_stderr(&format!("{PROGRAM}: {message}"));
}

/// Prints a notice and logs the technical detail beside it.
pub fn notice_with(message: &Message, detail: impl Display) {
    tracing::info!("{message} ({detail})");
    to_stderr(&format!("{PROGRAM}: {message}"));
}

/// Prints one line of a command's output on standard output. A closed standard output (a
/// pipe into `head`) ends nothing: the reader has gone, the line is of no use to anyone.
/// Returns whether it was written, for a command whose output is its whole point.
pub fn out_line(line: impl Display) -> bool {
    let mut stdout = io::stdout().lock();
    writeln!(stdout, "{line}")
        .and_then(|()| stdout.flush())
        .is_ok()
}

/// A time shown as data: "1.25 s" (the unit's symbol is the same in every language).
pub fn seconds_shown(time: std::time::Duration) -> String {
    format!("{:.2} s", time.as_secs_f64())
}

/// A sample rate shown as data: "16000 Hz".
pub fn hertz_shown(rate: u32) -> String {
    format!("{rate} Hz")
}

/// Text on standard output (with its own line ends); a closed standard output (a pipe into
/// `head`) loses it without a panic.
pub fn print_out(text: &str) {
    let mut stdout = io::stdout().lock();
    // Standard output is closed: whoever read it has gone.
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// A line on standard error; a closed standard error loses it (the log has it).
fn to_stderr(line: &str) {
    let mut stderr = io::stderr().lock();
    // Standard error is closed: there is nowhere else to write this, and the log has it.
    let _ = writeln!(stderr, "{line}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_in_the_language_then_the_data_shown_and_the_systems_prose_only_logged() {
        let err = io::Error::from(io::ErrorKind::NotFound);
        let failure = Error::io(
            Lang::Fr,
            Word::FileUnreadable,
            Path::new("/x/y.jsonl"),
            &err,
        );
        assert_eq!(
            failure.to_string(),
            "fichier illisible, introuvable: /x/y.jsonl"
        );
        assert!(failure.logged[0].contains("/x/y.jsonl"));
        assert_eq!(failure.exit_code(), ExitCode::from(1));
    }

    #[test]
    fn words_and_data_alternate_in_order() {
        let failure = Error::new(Lang::De, Word::ConfigError)
            .shown("a.toml")
            .numbered(Word::Line, 5u32)
            .shown("speech.rate")
            .and([Token::Word(Word::OutOfRange)])
            .usage();
        assert_eq!(
            failure.to_string(),
            "Fehler in der Einstellung: a.toml: Zeile 5: speech.rate: außerhalb des erlaubten Bereichs"
        );
        assert_eq!(
            failure.tokens(),
            vec![
                Token::Word(Word::ConfigError),
                Token::Pause,
                Token::Word(Word::OutOfRange)
            ]
        );
    }

    #[test]
    fn a_mistake_on_the_command_line_ends_with_status_2() {
        let failure = Error::new(Lang::De, Word::BadOption).usage();
        assert_eq!(failure.exit_code(), ExitCode::from(USAGE));
        assert_eq!(failure.to_string(), "falsche Option");
    }
}
