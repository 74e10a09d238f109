//! Settings on disk: the file is `annexd.toml` in the configuration folder
//! (`$XDG_CONFIG_HOME/annexd/`, or the platform's equivalent) unless `--config FILE` names
//! another; a missing default file means the defaults. The settings' types and their checks
//! are the core's (`annexd_core::config`); `annexd config` prints the effective settings.

use std::path::{Path, PathBuf};

use annexd_core::{ConfigError, Settings};

/// Reads the settings file, or the defaults when the default file does not exist.
pub fn load(path: Option<&Path>) -> Result<Settings, ConfigError> {
    let (path, explicit) = match path {
        Some(path) => (path.to_path_buf(), true),
        None => match default_config_path() {
            Some(path) => (path, false),
            None => return Ok(Settings::default()),
        },
    };
    match std::fs::read_to_string(&path) {
        Ok(text) => Settings::from_toml(&text, Some(&path)),
        Err(err) if !explicit && err.kind() == std::io::ErrorKind::NotFound => {
            Ok(Settings::default())
        }
        Err(err) => Err(ConfigError {
            file: Some(path),
            line: None,
            key: None,
            message: format!("cannot read the settings file: {err}"),
        }),
    }
}

/// The default settings file: `<config dir>/annexd/annexd.toml`.
pub fn default_config_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "annexd").map(|d| d.config_dir().join("annexd.toml"))
}
