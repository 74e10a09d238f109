//! The two seats of a game's boards: the VI player's peg board and the sighted player's
//! e-board. Effects name a seat's board ([`super::Effect::ToBoard`]); the boards' cycle keeps
//! them in step.

/// Which of the two boards an event comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// The VI player's peg board.
    Peg,
    /// The sighted player's electronic board.
    Sighted,
}
