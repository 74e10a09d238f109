//! The pace of play and the penalty figures it brings (Laws 7.5.3, 9.5.3, Annex A.4.2, Annex B.2).

use serde::{Deserialize, Serialize};

/// Which penalty rules apply.
///
/// - A rapid game under A.3 (an arbiter for at most three games, every game recorded) follows
///   the Competition Rules like a standard game: use [`Pace::Standard`].
/// - [`Pace::Rapid`] is a rapid game under A.4: a completed illegal move loses at once (A.4.2).
/// - [`Pace::Blitz`] is a blitz game under B.4, which applies A.4 (illegal move loses), and B.2
///   (penalties of Articles 7 and 9 are one minute instead of two).
/// - [`Pace::BlitzSupervised`] is a blitz game under B.3 (an arbiter for one game, recorded):
///   the Competition Rules with the one-minute penalties of B.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    /// Standard play (and rapid under A.3): Competition Rules, two-minute penalties.
    #[default]
    Standard,
    /// Rapid under A.4: the first completed illegal move loses (A.4.2).
    Rapid,
    /// Blitz under B.4: A.4 applies, and penalties of Article 9 are one minute (B.2).
    Blitz,
    /// Blitz under B.3: Competition Rules with one-minute penalties (B.2).
    BlitzSupervised,
}

/// What a completed illegal move costs, by pace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMoveRule {
    /// 7.5.3: the first adds time to the opponent, the second loses.
    SecondLoses {
        /// Minutes given to the opponent for the first one.
        minutes: u32,
    },
    /// A.4.2: the first loses.
    FirstLoses,
}

impl Pace {
    /// Every pace, default first.
    pub const ALL: [Pace; 4] = [
        Pace::Standard,
        Pace::Rapid,
        Pace::Blitz,
        Pace::BlitzSupervised,
    ];

    /// The minutes the arbiter adds for a penalty of Articles 7 and 9: two, or one in blitz (B.2).
    pub fn penalty_minutes(self) -> u32 {
        match self {
            Pace::Standard | Pace::Rapid => 2,
            Pace::Blitz | Pace::BlitzSupervised => 1,
        }
    }

    /// The rule for completed illegal moves.
    pub fn illegal_move_rule(self) -> IllegalMoveRule {
        match self {
            Pace::Standard | Pace::BlitzSupervised => IllegalMoveRule::SecondLoses {
                minutes: self.penalty_minutes(),
            },
            Pace::Rapid | Pace::Blitz => IllegalMoveRule::FirstLoses,
        }
    }

    /// The name used in the journal and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Pace::Standard => "standard",
            Pace::Rapid => "rapid",
            Pace::Blitz => "blitz",
            Pace::BlitzSupervised => "blitz-supervised",
        }
    }
}

impl std::str::FromStr for Pace {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        Pace::ALL
            .into_iter()
            .find(|p| p.name() == wanted)
            .ok_or_else(|| {
                format!("unknown pace '{s}': use standard, rapid, blitz or blitz-supervised")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_are_those_of_the_laws() {
        assert_eq!(
            Pace::Standard.illegal_move_rule(),
            IllegalMoveRule::SecondLoses { minutes: 2 }
        );
        assert_eq!(Pace::Rapid.illegal_move_rule(), IllegalMoveRule::FirstLoses);
        assert_eq!(Pace::Blitz.illegal_move_rule(), IllegalMoveRule::FirstLoses);
        assert_eq!(
            Pace::BlitzSupervised.illegal_move_rule(),
            IllegalMoveRule::SecondLoses { minutes: 1 }
        );
        assert_eq!(Pace::Rapid.penalty_minutes(), 2);
        assert_eq!(Pace::Blitz.penalty_minutes(), 1);
    }

    #[test]
    fn paces_parse_by_name() {
        for pace in Pace::ALL {
            assert_eq!(pace.name().parse::<Pace>(), Ok(pace));
        }
        assert!("bullet".parse::<Pace>().unwrap_err().contains("bullet"));
    }
}
