//! `annexd config`: prints the effective settings (file and command line together), so a
//! helper can check them by ear or on a Braille display; a bad file is reported by name and
//! line, in the words of the language.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::config::default_config_path;
use crate::error::{Error, Message, out_line};
use annexd_core::{Lang, Token, Word, WordSet};

/// Options of `annexd config`.
#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// The settings file (default: annexd.toml in the configuration folder).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// The language, as `play --lang` would set it (also of the messages).
    #[arg(long, help = crate::help::lang_help_about("The language, as `play --lang` would set it (also of the messages)", ""))]
    pub lang: Option<Lang>,
    /// The words of moves, as `play --words` would set them: annex-d or local.
    #[arg(long)]
    pub words: Option<WordSet>,
}

/// Prints the effective settings as TOML, after a comment that says where they come from.
pub fn run(args: &ConfigArgs) -> Result<ExitCode, Error> {
    let path = args.config.clone().or_else(default_config_path);
    let mut settings =
        crate::config::load_or_fail(args.config.as_deref(), args.lang.unwrap_or_default())?;
    if let Some(lang) = args.lang {
        settings.game.language = lang;
    }
    if let Some(words) = args.words {
        settings.game.words = words;
    }
    let lang = settings.game.language;
    let source = match &path {
        Some(path) if path.exists() => {
            Message::word(lang, Word::SettingsFrom).shown(path.display())
        }
        Some(path) => Message::word(lang, Word::DefaultSettings)
            .shown(path.display())
            .and([Token::Word(Word::NotFound)]),
        None => Message::word(lang, Word::DefaultSettings),
    };
    out_line(format_args!("# {source}"));
    out_line(settings.to_toml().trim_end());
    Ok(ExitCode::SUCCESS)
}
