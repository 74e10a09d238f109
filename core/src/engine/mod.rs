//! Playing against a chess engine, as pure code (feature `engine`): the conversation with a
//! UCI engine as a state machine fed with its lines and the time ([`Conversation`]), the
//! codec of its messages ([`uci`]), how strong it plays for a player's Elo ([`Strength`]), how
//! long it thinks on its clock ([`think_time`]), and what it says to a player: evaluations in
//! words ([`appraisal_tokens`]), hints and threats ([`hint_tokens`], [`threat_tokens`]), the
//! review after the game ([`mistakes`], [`review_tokens`]). The engine's process is the
//! program's (`src/engine/`); see docs/engine.md.

mod appraisal;
mod budget;
mod conversation;
mod review;
mod score;
mod strength;
mod training;
pub mod uci;

pub use appraisal::{
    CLEARLY_BELOW, LEVEL_BELOW, SLIGHTLY_BELOW, appraisal_tokens, eval_tokens, gain_tokens,
};
pub use budget::{MOVES_HORIZON, RESERVE, SHORTEST_THINK, ThinkClock, UNTIMED_THINK, think_time};
pub use conversation::{
    Conversation, Decision, Fault, Found, NotLegal, Order, Patience, Purpose, Reply,
    SearchPosition, SearchRequest,
};
pub use review::{
    Analysis, Cost, MISTAKE_LOSS, MOST_MISTAKES, Mistake, mistakes, positions_to_analyse,
    review_tokens,
};
pub use score::{Eval, material_balance, piece_value};
pub use strength::{DEFAULT_ELO, MAX_ELO, MIN_ELO, Offers, Strength};
pub use training::{
    ANALYSIS_THINK, THREAT_MARGIN, analysis, hint_tokens, passed_turn, threat_tokens,
};
