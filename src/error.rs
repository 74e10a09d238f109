//! One way to fail. Every command returns `Result<ExitCode, Error>`; an [`Error`] is what
//! went wrong in the words of the language tables, in the language of the command, with its
//! detail kept apart: data that helps the user (a path, a line number, a name) is shown after
//! the words, prose from a library or the system (in English) goes to the log only.
//! [`report`] is the one place that prints it: on standard error, which may be closed (a
//! pipe gone) without a panic, and in the log.

use std::fmt::{self, Display};
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use annexd_core::{Lang, Speech, Token, Word};

/// The program's name, before every message it prints on standard error.
pub const PROGRAM: &str = "annexd";

/// Exit status of a bad command line or setting (as clap's own).
const USAGE: u8 = 2;

/// A failure, said in the user's language; see the module documentation.
#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    speech: Speech,
    tokens: Vec<Token>,
    shown: Option<String>,
    logged: Option<String>,
    status: u8,
}

impl Error {
    /// A failure said by one word of the table, in `speech`.
    pub fn new(speech: impl Into<Speech>, word: Word) -> Error {
        Error::said(speech, vec![Token::Word(word)])
    }

    /// A failure said by these tokens, in `speech`.
    pub fn said(speech: impl Into<Speech>, tokens: Vec<Token>) -> Error {
        Error {
            speech: speech.into(),
            tokens,
            shown: None,
            logged: None,
            status: 1,
        }
    }

    /// A file or folder that could not be used: `word`, the path, and what the system said
    /// in words where the table has them (not found, no permission, disk full); the system's
    /// own message goes to the log.
    pub fn io(speech: impl Into<Speech>, word: Word, path: &Path, err: &io::Error) -> Error {
        let mut tokens = vec![Token::Word(word)];
        if let Some(reason) = io_reason(err) {
            tokens.extend([Token::Pause, Token::Word(reason)]);
        }
        Error::said(speech, tokens)
            .shown(path.display())
            .logged(format_args!("{}: {err}", path.display()))
    }

    /// A mistake in the settings file: where it is (the file, the line, the setting's name)
    /// shown after the words.
    pub fn settings(speech: impl Into<Speech>, err: &annexd_core::ConfigError) -> Error {
        Error::new(speech, Word::ConfigError).shown(err).logged(err)
    }

    /// A time control that is none: the words, the control as typed and a right one of the
    /// kind probably meant ("Zeitkontrolle unbekannt: 90 minutes, zum Beispiel 90+30").
    pub fn time_control(lang: Lang, err: &annexd_core::clock::ControlError) -> Error {
        Error::new(lang, Word::TimeControlUnknown)
            .shown(format!(
                "{}, {} {}",
                err.input.trim(),
                lang.word(Word::ForExample),
                err.example
            ))
            .logged(err)
            .usage()
    }

    /// Data shown after the words: a path, a line number, a name, a value as typed.
    pub fn shown(mut self, data: impl Display) -> Error {
        self.shown = Some(data.to_string());
        self
    }

    /// Technical detail for the log only.
    pub fn logged(mut self, detail: impl Display) -> Error {
        self.logged = Some(detail.to_string());
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
        self.speech = speech.into();
        self
    }

    /// What went wrong, in words.
    pub fn tokens(&self) -> &[Token] {
        &self.tokens
    }

    /// The exit status it ends the program with.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.status)
    }

    /// The language it is said in.
    pub fn lang(&self) -> Lang {
        self.speech.lang
    }
}

impl Display for Error {
    /// The words, then the data shown: "Datei nicht lesbar: /tmp/x.jsonl".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.speech.text(&self.tokens))?;
        if let Some(shown) = &self.shown {
            write!(f, ": {shown}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// The words of what the system said, where the table has them.
fn io_reason(err: &io::Error) -> Option<Word> {
    match err.kind() {
        io::ErrorKind::NotFound => Some(Word::NotFound),
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => {
            Some(Word::NoPermission)
        }
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => Some(Word::DiskFull),
        io::ErrorKind::AlreadyExists => Some(Word::AlreadyExists),
        io::ErrorKind::IsADirectory => Some(Word::IsAFolder),
        io::ErrorKind::NotADirectory => Some(Word::NotAFolder),
        _ => None,
    }
}

/// Prints a failure on standard error ("annexd: …") and logs its detail; a closed standard
/// error is no reason to panic, the log keeps it.
pub fn report(err: &Error) {
    tracing::error!(
        "{err}{}",
        err.logged
            .as_deref()
            .map(|detail| format!(" ({detail})"))
            .unwrap_or_default()
    );
    print_line(&format!("{PROGRAM}: {err}"));
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
pub fn print_line(line: &str) {
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
        assert!(failure.logged.as_deref().unwrap().contains("/x/y.jsonl"));
        assert_eq!(failure.exit_code(), ExitCode::from(1));
    }

    #[test]
    fn a_mistake_on_the_command_line_ends_with_status_2() {
        let failure = Error::new(Lang::De, Word::BadOption).usage();
        assert_eq!(failure.exit_code(), ExitCode::from(USAGE));
        assert_eq!(failure.to_string(), "falsche Option");
    }
}
