//! `annexd config`: prints the effective settings (file and command line together), so a
//! helper can check them by ear or on a Braille display; a bad file is reported by name and
//! line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::config::default_config_path;

/// Options of `annexd config`.
#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// The settings file (default: annexd.toml in the configuration folder).
    #[arg(long)]
    pub config: Option<PathBuf>,
}

/// Prints the effective settings as TOML, with where they come from.
pub fn run(args: &ConfigArgs) -> ExitCode {
    let path = args.config.clone().or_else(default_config_path);
    match crate::config::load(args.config.as_deref()) {
        Ok(settings) => {
            match &path {
                Some(path) if path.exists() => println!("# settings from {}", path.display()),
                Some(path) => println!("# defaults ({} does not exist)", path.display()),
                None => println!("# defaults"),
            }
            print!("{}", settings.to_toml());
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("annexd: {err}");
            ExitCode::FAILURE
        }
    }
}
