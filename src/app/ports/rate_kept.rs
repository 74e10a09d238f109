//! The speaking rate kept for the next game: a rate set during the game
//! ([`Effect::SpeechRate`], "schneller") is written to the settings file named on the
//! command line (`--config`), or else the default one; a file that cannot be written is
//! reported (the new rate holds for this game).

use std::path::PathBuf;
use std::time::Duration;

use annexd_core::{DeviceReport, Effect, Input};

use crate::app::port::Port;
use crate::config::SaveError;

/// Where a new speaking rate is kept.
pub(crate) struct RateKept {
    /// The settings file named on the command line (`None`: the default file).
    file: Option<PathBuf>,
    reports: Vec<Input>,
}

impl RateKept {
    /// Keeps rates in `file`, or the default settings file.
    pub(crate) fn new(file: Option<PathBuf>) -> RateKept {
        RateKept {
            file,
            reports: Vec::new(),
        }
    }
}

impl Port for RateKept {
    fn carry_out(&mut self, effect: &Effect, _now: Duration) {
        let Effect::SpeechRate(rate) = effect else {
            return;
        };
        match crate::config::save_speech_rate(self.file.as_deref(), *rate) {
            Ok(path) => tracing::info!("speech rate {rate} kept in {}", path.display()),
            Err(err) => {
                let path = match &err {
                    SaveError::Io { path, .. } | SaveError::NotToml { path, .. } => {
                        path.display().to_string()
                    }
                    SaveError::NoFolder => String::new(),
                };
                self.reports.push(Input::Device(DeviceReport::RateNotSaved {
                    path,
                    detail: err.to_string(),
                }));
            }
        }
    }

    fn reports(&mut self) -> Vec<Input> {
        std::mem::take(&mut self.reports)
    }
}
