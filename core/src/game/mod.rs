//! FIDE rules on top of shakmaty: history, results, claims, automatic draws, offers, illegal moves.
//!
//! [`Game`] keeps the moves and positions of one game and applies the 2018 Laws of Chess to
//! them: checkmate and stalemate (5.1.1, 5.2.1), dead positions (5.2.2), draw offers and
//! agreement (9.1, 5.2.3), claims of threefold repetition and fifty moves (9.2-9.5), the
//! automatic draws (9.6), flag fall (6.9), completed illegal moves (7.5, A.4.2, B.2) and
//! resignation (5.1.2). It owns no clock: time penalties are reported for the clock to apply.

pub(crate) mod dead;
pub(crate) mod mode;
pub(crate) mod outcome;
pub(crate) mod pace;
pub(crate) mod reports;
pub(crate) mod side;
pub(crate) mod state;
pub(crate) mod touch_move;

pub use dead::{dead_position, pawns_blocked_for_ever};
pub use outcome::{DeadKind, EndReason, GameOutcome, GameResult};
pub use pace::{IllegalMoveRule, Pace};
pub use reports::{
    ClaimRefusal, ClaimShortfall, ClaimVerdict, DrawClaim, DrawOfferError, GameError,
    IllegalMovePenalty, MoveReport, PlayedMove, TimeBonus,
};
pub use state::Game;

/// Serde for a [`Color`] as `"white"` / `"black"` (shakmaty's serde feature is not enabled).
pub(crate) mod color_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    /// Writes `"white"` or `"black"`.
    pub fn serialize<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(color.fold_wb("white", "black"))
    }

    /// Reads `"white"` or `"black"`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let name = String::deserialize(d)?;
        match name.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            _ => Err(serde::de::Error::custom(format!(
                "'{name}' is not white or black"
            ))),
        }
    }
}
