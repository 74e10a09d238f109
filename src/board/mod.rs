//! Boards: the peg-board and DGT protocols, move inference, board differences and the simulator.

pub mod cli;
pub mod dgt;
pub mod diff;
pub mod events;
pub mod link;
pub mod protocol;
pub mod sensed;
pub mod serial;
pub mod sim;
pub mod tracker;

pub use diff::{SquareDifference, differences};
pub use sensed::{Cell, SensedBoard, Sensing, cell_from_what};
pub use tracker::{BoardInput, Tracker, TrackerOutput};
