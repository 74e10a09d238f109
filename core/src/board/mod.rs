//! Boards: the peg-board and DGT protocols, the link state machine, move inference, board
//! differences, and a simulated peg board as a pure model. Serial ports and the simulator's
//! pseudo-terminal are adapters (`annexd::board`). Every board kind is a [`BoardProtocol`]
//! (`interface`) whose [`Transport`] says how to reach it: the peg board and DGT through the
//! link, the Millennium ChessLink, the Chessnut Air/Pro and the DGT Pegasus in their modules.

pub mod chesslink;
pub mod chessnut;
pub mod dgt;
pub mod diff;
pub mod events;
pub mod interface;
pub mod link;
pub mod pegasus;
pub mod positions;
pub mod protocol;
pub mod sensed;
pub mod simulated;
pub mod tracker;
pub mod transport;

pub use diff::{SquareDifference, differences};
pub use interface::{BoardProtocol, Request};
pub use sensed::{Cell, SensedBoard, Sensing, cell_from_what};
pub use tracker::{BoardInput, Tracker, TrackerOutput};
pub use transport::Transport;
