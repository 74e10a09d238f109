//! A side by name (`white`, `black`), as the settings and a journal's header write it.

use serde::{Deserialize, Serialize};

/// A side by name, in the settings and in a journal's header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideName {
    /// White.
    #[default]
    White,
    /// Black.
    Black,
}

impl From<SideName> for shakmaty::Color {
    fn from(side: SideName) -> Self {
        match side {
            SideName::White => shakmaty::Color::White,
            SideName::Black => shakmaty::Color::Black,
        }
    }
}
