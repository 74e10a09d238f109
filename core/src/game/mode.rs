//! How much the program helps in a game: tournament (only what Annex D allows) or home, and
//! the helps beyond Annex D an organiser may allow (D.1). Below the settings and the record,
//! which both name them.

use serde::{Deserialize, Serialize};

use crate::words::Word;

/// How much the program helps (issue 33; 11.3.2: the arbiter approves the device for what it
/// does). In a tournament it helps the VI player only as far as Annex D allows: it announces,
/// keeps the clock, records and keeps the two boards in agreement, but gives no verdict on a
/// move before the move is completed (an illegal move completed is recorded and put to the
/// arbiter under 7.5) and answers no claim itself (the arbiter decides). At home it helps
/// as much as it can: illegal moves are refused with their reason, claims are judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Rated play: only the help the Laws allow (the default of the tournament build).
    Tournament,
    /// Play at home or in training: every help (the default of the ordinary build).
    Home,
}

impl Mode {
    /// The default of this build: tournament when it has neither an engine nor a network.
    pub const fn of_this_build() -> Mode {
        if cfg!(any(feature = "engine", feature = "online")) {
            Mode::Home
        } else {
            Mode::Tournament
        }
    }

    /// Its name in settings and on the command line (`tournament`, `home`).
    pub fn name(self) -> &'static str {
        match self {
            Mode::Tournament => "tournament",
            Mode::Home => "home",
        }
    }

    /// The mode in words ("Turniermodus", "Heimmodus").
    pub fn word(self) -> Word {
        match self {
            Mode::Tournament => Word::TournamentMode,
            Mode::Home => Word::HomeMode,
        }
    }
}

/// A help beyond Annex D that the organiser, after consulting the arbiter, allows in a
/// tournament (D.1: the rules may be adapted); the sealed journal records each one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AllowedHelp {
    /// Moves on the pegs or typed are checked before the clock: an illegal one is refused with
    /// its reason, and touch-move is kept on the pegs (as at home).
    Legality,
    /// Claims are judged by the program at once (as at home).
    Claims,
}

impl AllowedHelp {
    /// The help in words.
    pub fn word(self) -> Word {
        match self {
            AllowedHelp::Legality => Word::HelpLegality,
            AllowedHelp::Claims => Word::HelpClaims,
        }
    }
}

impl Default for Mode {
    fn default() -> Self {
        Mode::of_this_build()
    }
}
