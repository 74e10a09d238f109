//! The engine's options on the command line, to be taken into `play` with
//! `#[command(flatten)]`: `--elo N` (its strength) and `--engine PATH` (any UCI engine;
//! Stockfish by default).

use std::path::PathBuf;

use clap::Args;

use annexd_core::engine::{DEFAULT_ELO, MAX_ELO, MIN_ELO};

/// Options of a game against an engine.
#[derive(Debug, Args, Clone, Default, PartialEq, Eq)]
pub struct EngineArgs {
    /// The engine's strength as an Elo rating: 400 (a beginner) up to 2850 (Stockfish's full
    /// strength from there on); 1500 when not given (see docs/engine.md).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(i64::from(MIN_ELO)..=i64::from(MAX_ELO)))]
    pub elo: Option<u32>,
    /// The engine: any program that speaks UCI (default: Stockfish, /usr/games/stockfish or
    /// the first on the PATH).
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,
}

impl EngineArgs {
    /// The strength asked for.
    pub fn elo(&self) -> u32 {
        self.elo.unwrap_or(DEFAULT_ELO)
    }

    /// The engine to start (see [`super::find_engine`]).
    pub fn program(&self) -> Option<PathBuf> {
        super::find_engine(self.engine.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Play {
        #[command(flatten)]
        engine: EngineArgs,
    }

    #[test]
    fn elo_is_checked_and_defaults_to_1500() {
        let parse = |args: &[&str]| Play::try_parse_from([&["play"], args].concat());
        assert_eq!(parse(&[]).unwrap().engine.elo(), 1500);
        assert_eq!(parse(&["--elo", "1200"]).unwrap().engine.elo(), 1200);
        assert_eq!(parse(&["--elo", "400"]).unwrap().engine.elo(), 400);
        for bad in ["399", "3501", "strong", "1500.5"] {
            let err = parse(&["--elo", bad]).unwrap_err();
            assert_eq!(err.kind(), clap::error::ErrorKind::ValueValidation, "{bad}");
        }
        assert!(parse(&["--elo", "-5"]).is_err());
        let given = parse(&["--engine", "/opt/lc0"]).unwrap().engine;
        assert_eq!(given.program(), Some(PathBuf::from("/opt/lc0")));
    }
}
