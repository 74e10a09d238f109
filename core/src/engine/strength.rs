//! How strong the engine plays: a player's `--elo N` turned into what the engine is told.
//!
//! - At or above the top of the engine's `UCI_Elo` (Stockfish 15.1: 2850), or for an engine
//!   that offers no way to weaken it: full strength, no limit.
//! - Within its `UCI_Elo` range (Stockfish: 1350–2850): `UCI_LimitStrength` on and
//!   `UCI_Elo` N, the engine's own calibrated weakening.
//! - Below it, down to a beginner ([`MIN_ELO`]): the engine's lowest `Skill Level` (which
//!   picks weaker moves among several lines on purpose) and a search cut to fewer and fewer
//!   positions (`go nodes`), and at the bottom to one half-move (`go depth 1`).
//! - An engine with `Skill Level` but no `UCI_Elo`: the level spread over the same scale.
//!
//! The scale below `UCI_Elo`'s floor is not calibrated against rated play: it is monotone
//! (fewer positions searched, weaker play) and anchored at both ends (a beginner's 400; the
//! engine's own floor). docs/engine.md says so.

use super::uci::{EngineOption, Limits, ToEngine};

/// The lowest level a player can choose: a beginner.
pub const MIN_ELO: u32 = 400;
/// The highest number `--elo` takes (full strength from the engine's top on).
pub const MAX_ELO: u32 = 3500;
/// The level when none is chosen.
pub const DEFAULT_ELO: u32 = 1500;

/// Positions searched at the beginner's end of the scale below `UCI_Elo`.
const FEWEST_NODES: u64 = 20;
/// Positions searched just below `UCI_Elo`'s floor (with the lowest `Skill Level`).
const MOST_LIMITED_NODES: u64 = 20_000;
/// Below this, the search is also cut to one half-move.
const DEPTH_ONE_BELOW: u32 = 800;

/// What the engine offers to weaken itself, read from its `option` lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Offers {
    /// `UCI_LimitStrength` with `UCI_Elo`'s range.
    pub uci_elo: Option<(u32, u32)>,
    /// `Skill Level`'s range.
    pub skill: Option<(i64, i64)>,
}

impl Offers {
    /// Notes one option the engine announced.
    pub fn note(&mut self, option: &EngineOption) {
        match (option.name.as_str(), option.range) {
            ("UCI_Elo", Some((min, max))) if min <= max && min >= 0 => {
                self.uci_elo = Some((min as u32, max as u32));
            }
            ("Skill Level", Some((min, max))) if min <= max => self.skill = Some((min, max)),
            _ => {}
        }
    }
}

/// A level the engine is asked to play at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Strength {
    /// The options to set (name, value), every option this module may touch, so that a
    /// level set after another leaves nothing of it behind.
    pub options: Vec<(String, String)>,
    /// Limits on each search, besides its time.
    pub limits: Limits,
    /// The engine plays at its full strength.
    pub full: bool,
}

impl Strength {
    /// The engine's full strength (hints, threats, evaluations and the review use it).
    pub fn full(offers: &Offers) -> Strength {
        let mut options = Vec::new();
        if offers.uci_elo.is_some() {
            options.push(option("UCI_LimitStrength", "false"));
        }
        if let Some((_, max)) = offers.skill {
            options.push(option("Skill Level", &max.to_string()));
        }
        Strength {
            options,
            limits: Limits::default(),
            full: true,
        }
    }

    /// The level for `elo` with what this engine offers.
    pub fn for_elo(elo: u32, offers: &Offers) -> Strength {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        let floor = match offers.uci_elo {
            Some((_, max)) if elo >= max => return Strength::full(offers),
            Some((min, _)) if elo >= min => {
                let mut strength = Strength::full(offers);
                strength.options = vec![
                    option("UCI_LimitStrength", "true"),
                    option("UCI_Elo", &elo.to_string()),
                ];
                if let Some((_, max)) = offers.skill {
                    strength
                        .options
                        .push(option("Skill Level", &max.to_string()));
                }
                strength.full = false;
                return strength;
            }
            Some((min, _)) => min,
            None => match offers.skill {
                // Skill Level alone: spread over the whole scale up to Stockfish's top.
                Some((low, high)) => {
                    let top = 2850;
                    if elo >= top {
                        return Strength::full(offers);
                    }
                    let share = f64::from(elo - MIN_ELO) / f64::from(top - MIN_ELO);
                    let level = low + ((high - low) as f64 * share).floor() as i64;
                    return Strength {
                        options: vec![option("Skill Level", &level.to_string())],
                        limits: Limits::default(),
                        full: false,
                    };
                }
                // Nothing to weaken it but the search itself: the node ladder up to 2000.
                None if elo >= 2000 => return Strength::full(offers),
                None => 2000,
            },
        };
        // Below the floor: the lowest skill and a node limit, geometric between the ends.
        let share = f64::from(elo - MIN_ELO) / f64::from(floor.max(MIN_ELO + 1) - MIN_ELO);
        let nodes = (FEWEST_NODES as f64
            * (MOST_LIMITED_NODES as f64 / FEWEST_NODES as f64).powf(share.clamp(0.0, 1.0)))
        .round() as u64;
        let mut options = Vec::new();
        if offers.uci_elo.is_some() {
            options.push(option("UCI_LimitStrength", "false"));
        }
        if let Some((low, _)) = offers.skill {
            options.push(option("Skill Level", &low.to_string()));
        }
        Strength {
            options,
            limits: Limits {
                movetime: None,
                nodes: Some(nodes),
                depth: (elo < DEPTH_ONE_BELOW).then_some(1),
            },
            full: false,
        }
    }

    /// The `setoption` lines of this level, leaving out what `current` already has set.
    pub fn commands(&self, current: &[(String, String)]) -> Vec<ToEngine> {
        self.options
            .iter()
            .filter(|(name, value)| !current.iter().any(|(set, was)| set == name && was == value))
            .map(|(name, value)| ToEngine::SetOption {
                name: name.clone(),
                value: value.clone(),
            })
            .collect()
    }
}

fn option(name: &str, value: &str) -> (String, String) {
    (name.to_string(), value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stockfish() -> Offers {
        Offers {
            uci_elo: Some((1350, 2850)),
            skill: Some((0, 20)),
        }
    }

    fn value<'a>(strength: &'a Strength, name: &str) -> Option<&'a str> {
        strength
            .options
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    #[test]
    fn within_uci_elo_the_engine_weakens_itself() {
        let s = Strength::for_elo(1500, &stockfish());
        assert_eq!(value(&s, "UCI_LimitStrength"), Some("true"));
        assert_eq!(value(&s, "UCI_Elo"), Some("1500"));
        assert_eq!(value(&s, "Skill Level"), Some("20"));
        assert_eq!(s.limits, Limits::default());
        assert!(!s.full);
        assert_eq!(
            value(&Strength::for_elo(1350, &stockfish()), "UCI_Elo"),
            Some("1350")
        );
    }

    #[test]
    fn at_the_top_it_plays_at_full_strength() {
        for elo in [2850, 3000, MAX_ELO, 99_999] {
            let s = Strength::for_elo(elo, &stockfish());
            assert!(s.full, "{elo}");
            assert_eq!(value(&s, "UCI_LimitStrength"), Some("false"));
            assert_eq!(value(&s, "Skill Level"), Some("20"));
            assert_eq!(s.limits, Limits::default());
        }
    }

    #[test]
    fn below_uci_elo_skill_and_nodes_go_down_to_a_beginner() {
        let mut last_nodes = u64::MAX;
        for elo in (MIN_ELO..1350).rev().step_by(50) {
            let s = Strength::for_elo(elo, &stockfish());
            assert_eq!(value(&s, "UCI_LimitStrength"), Some("false"), "{elo}");
            assert_eq!(value(&s, "Skill Level"), Some("0"), "{elo}");
            let nodes = s.limits.nodes.unwrap();
            assert!(nodes <= last_nodes, "fewer positions as the level falls");
            last_nodes = nodes;
            assert_eq!(s.limits.depth.is_some(), elo < DEPTH_ONE_BELOW, "{elo}");
        }
        let beginner = Strength::for_elo(0, &stockfish());
        assert_eq!(beginner.limits.nodes, Some(FEWEST_NODES));
        assert_eq!(beginner.limits.depth, Some(1));
        assert!(Strength::for_elo(1349, &stockfish()).limits.nodes.unwrap() > 15_000);
    }

    #[test]
    fn an_engine_with_skill_level_only_spreads_it_over_the_scale() {
        let offers = Offers {
            uci_elo: None,
            skill: Some((0, 20)),
        };
        assert_eq!(
            value(&Strength::for_elo(MIN_ELO, &offers), "Skill Level"),
            Some("0")
        );
        assert_eq!(
            value(&Strength::for_elo(1625, &offers), "Skill Level"),
            Some("10")
        );
        assert!(Strength::for_elo(2850, &offers).full);
    }

    #[test]
    fn an_engine_that_offers_nothing_is_held_back_by_nodes_only() {
        let offers = Offers::default();
        let s = Strength::for_elo(1000, &offers);
        assert!(s.options.is_empty());
        assert!(s.limits.nodes.is_some());
        assert!(Strength::for_elo(2000, &offers).full);
    }

    #[test]
    fn options_are_read_from_the_engines_lines() {
        let mut offers = Offers::default();
        for line in [
            "option name UCI_Elo type spin default 1350 min 1350 max 2850",
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name Hash type spin default 16 min 1 max 33554432",
        ] {
            if let super::super::uci::FromEngine::Option(option) = super::super::uci::parse(line) {
                offers.note(&option);
            }
        }
        assert_eq!(offers, stockfish());
    }

    #[test]
    fn only_options_that_change_are_sent_again() {
        let s = Strength::for_elo(1500, &stockfish());
        assert_eq!(s.commands(&[]).len(), 3);
        assert_eq!(s.commands(&s.options), vec![]);
        let full = Strength::full(&stockfish());
        assert_eq!(
            full.commands(&s.options),
            vec![ToEngine::SetOption {
                name: "UCI_LimitStrength".into(),
                value: "false".into()
            }]
        );
    }
}
