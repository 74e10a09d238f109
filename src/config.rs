//! Settings on disk: the file is `annexd.toml` in the configuration folder
//! (`$XDG_CONFIG_HOME/annexd/`, or the platform's equivalent) unless `--config FILE` names
//! another; a missing default file means the defaults. The settings' types and their checks
//! are the core's (`annexd_core::config`); `annexd config` prints the effective settings.

use std::path::{Path, PathBuf};

use annexd_core::{ConfigError, ConfigProblem, Lang, Settings, Token, Word};

use crate::error::Error;

/// Reads the settings file, or the defaults when the default file does not exist.
pub fn load(path: Option<&Path>) -> Result<Settings, ConfigError> {
    match read(path) {
        Ok(Some((text, path))) => Settings::from_toml(&text, Some(&path)),
        Ok(None) => Ok(Settings::default()),
        Err(Unread::NotText(err)) => Err(err),
        Err(Unread::Io(path, err)) => Err(ConfigError {
            file: Some(path),
            line: None,
            key: None,
            problem: Box::new(ConfigProblem::Unreadable),
            message: format!("cannot read the settings file: {err}"),
        }),
    }
}

/// Reads the settings file as [`load`] does; a mistake is the command's failure, said in
/// `lang` (the language asked for on the command line, as the file's own cannot be known):
/// "Fehler in der Einstellung: Datei nicht lesbar, nicht gefunden: a.toml" (exit status 2).
pub fn load_or_fail(path: Option<&Path>, lang: Lang) -> Result<Settings, Error> {
    match read(path) {
        Ok(Some((text, path))) => Settings::from_toml(&text, Some(&path))
            .map_err(|err| crate::error::config_error(lang, &err)),
        Ok(None) => Ok(Settings::default()),
        Err(Unread::NotText(err)) => Err(crate::error::config_error(lang, &err)),
        Err(Unread::Io(path, err)) => {
            let mut tokens = vec![
                Token::Word(Word::ConfigError),
                Token::Pause,
                Token::Word(Word::FileUnreadable),
            ];
            tokens.extend(crate::error::io_reason(&err));
            Err(Error::said(lang, tokens)
                .shown(path.display())
                .logged(err)
                .usage())
        }
    }
}

/// Why the settings file was not read.
enum Unread {
    /// The system's reason.
    Io(PathBuf, std::io::Error),
    /// Bytes that are not UTF-8 text, which a TOML file is: said as not TOML, with the line.
    NotText(ConfigError),
}

/// The settings file's text and path; `None` when the default file does not exist.
fn read(path: Option<&Path>) -> Result<Option<(String, PathBuf)>, Unread> {
    let (path, explicit) = match path {
        Some(path) => (path.to_path_buf(), true),
        None => match default_config_path() {
            Some(path) => (path, false),
            None => return Ok(None),
        },
    };
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(err) if !explicit && err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(Unread::Io(path, err)),
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Some((text, path))),
        Err(err) => {
            let line = not_text_line(err.as_bytes(), err.utf8_error().valid_up_to());
            Err(Unread::NotText(ConfigError {
                message: format!("line {line} is not UTF-8 text, which a TOML file must be"),
                file: Some(path),
                line: Some(line),
                key: None,
                problem: Box::new(ConfigProblem::NotToml),
            }))
        }
    }
}

/// The line (from 1) of the byte at `at`.
fn not_text_line(bytes: &[u8], at: usize) -> usize {
    1 + bytes[..at].iter().filter(|&&byte| byte == b'\n').count()
}

/// The language of a command that has no `--lang` of its own (or was not given one): the
/// settings' language, or the default when the settings cannot be read (which is logged,
/// and said by the commands that need the settings).
pub fn user_lang(explicit: Option<Lang>) -> Lang {
    if let Some(lang) = explicit {
        return lang;
    }
    match load(None) {
        Ok(settings) => settings.game.language,
        Err(err) => {
            tracing::warn!("the settings cannot be read for their language: {err}");
            Lang::default()
        }
    }
}

/// Keeps the speaking rate in the settings file (`speech.rate`), for the next game: the file
/// named, else the default one (made, with its folder, when there is none). Only that value
/// changes; the rest of the file, its comments included, stays as written. The file is
/// replaced atomically (a crash leaves the old file or the new one). Returns the file.
pub fn save_speech_rate(path: Option<&Path>, rate: f32) -> Result<PathBuf, SaveError> {
    let path = match path {
        Some(path) => path.to_path_buf(),
        None => default_config_path().ok_or(SaveError::NoFolder)?,
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(source) => return Err(SaveError::Io { path, source }),
    };
    let mut doc: toml_edit::DocumentMut =
        text.parse()
            .map_err(|err: toml_edit::TomlError| SaveError::NotToml {
                path: path.clone(),
                detail: err.to_string(),
            })?;
    let speech = doc
        .entry("speech")
        .or_insert_with(toml_edit::table)
        .as_table_like_mut()
        .ok_or_else(|| SaveError::NotToml {
            path: path.clone(),
            detail: "speech is not a section".to_string(),
        })?;
    // One decimal, as people write it (1.2, not 1.2000000476837158).
    let rounded = (f64::from(rate) * 10.0).round() / 10.0;
    match speech.get_mut("rate").and_then(|item| item.as_value_mut()) {
        // The value replaced in place: the comments before and after it stay.
        Some(value) => {
            let decor = value.decor().clone();
            *value = toml_edit::Value::from(rounded);
            *value.decor_mut() = decor;
        }
        None => {
            speech.insert("rate", toml_edit::value(rounded));
        }
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| SaveError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    crate::durable::write_atomically(&path, doc.to_string().as_bytes()).map_err(|source| {
        SaveError::Io {
            path: path.clone(),
            source,
        }
    })?;
    Ok(path)
}

/// Why a setting could not be kept in the settings file.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// No configuration folder is known (no home directory).
    #[error("no configuration folder is known")]
    NoFolder,
    /// The file or its folder could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not TOML (it is left as it is).
    #[error("{}: not TOML: {detail}", path.display())]
    NotToml {
        /// The file.
        path: PathBuf,
        /// What the parser said.
        detail: String,
    },
}

/// The default settings file: `annexd.toml` in [`crate::data_dirs::config_dir`].
pub fn default_config_path() -> Option<PathBuf> {
    crate::data_dirs::config_dir().map(|dir| dir.join("annexd.toml"))
}
