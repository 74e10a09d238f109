//! `annexd config`: prints the effective settings (file and command line together), so a
//! helper can check them by ear or on a Braille display; a bad file is reported by name and
//! line, in the words of the language.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::config::default_config_path;
use crate::ui::message::word_message;
use annexd_core::{Lang, Word, WordSet};

/// Options of `annexd config`.
#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// The settings file (default: annexd.toml in the configuration folder).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// The language, as `play --lang` would set it (also of the messages): de, en or fr.
    #[arg(long)]
    pub lang: Option<Lang>,
    /// The words of moves, as `play --words` would set them: annex-d or local.
    #[arg(long)]
    pub words: Option<WordSet>,
}

/// Prints the effective settings as TOML, with where they come from.
pub fn run(args: &ConfigArgs) -> ExitCode {
    let path = args.config.clone().or_else(default_config_path);
    match crate::config::load(args.config.as_deref()) {
        Ok(mut settings) => {
            if let Some(lang) = args.lang {
                settings.game.language = lang;
            }
            if let Some(words) = args.words {
                settings.game.words = words;
            }
            match &path {
                Some(path) if path.exists() => println!("# settings from {}", path.display()),
                Some(path) => println!("# defaults ({} does not exist)", path.display()),
                None => println!("# defaults"),
            }
            print!("{}", settings.to_toml());
            ExitCode::SUCCESS
        }
        Err(err) => {
            let lang = args.lang.unwrap_or_default();
            eprintln!("annexd: {}", word_message(lang, Word::ConfigError, err));
            ExitCode::FAILURE
        }
    }
}
