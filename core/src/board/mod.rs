//! Boards: the peg-board and DGT protocols, the link state machine, move inference, board
//! differences, and a simulated peg board as a pure model. Serial ports and the simulator's
//! pseudo-terminal are adapters (`annexd::board`).

pub mod dgt;
pub mod diff;
pub mod events;
pub mod link;
pub mod protocol;
pub mod sensed;
pub mod simulated;
pub mod tracker;

pub use diff::{SquareDifference, differences};
pub use sensed::{Cell, SensedBoard, Sensing, cell_from_what};
pub use tracker::{BoardInput, Tracker, TrackerOutput};
