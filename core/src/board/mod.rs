//! Boards: the peg-board and DGT protocols, the link state machine, move inference, board
//! differences, and a simulated peg board as a pure model. Serial ports and the simulator's
//! pseudo-terminal are adapters (`annexd::board`).

pub(crate) mod dgt;
pub(crate) mod diff;
pub(crate) mod events;
pub(crate) mod link;
pub(crate) mod protocol;
pub(crate) mod sensed;
pub(crate) mod simulated;
pub(crate) mod tracker;

pub use dgt::{DgtDecoder, DgtDevice, DgtError, DgtMessage};
pub use diff::{DifferenceKind, SquareDifference, differences};
pub use events::{EventOrder, SplitMix, move_events};
pub use link::{Link, LinkEvent, LinkInput, LinkOutput, Protocol};
pub use protocol::{
    DeviceMsg, Hello, HostMsg, LineError, frame_line, parse_device_line, parse_host_line,
};
pub use sensed::{Cell, SensedBoard, Sensing, cell_from_what, what_for};
pub use simulated::{SimOrder, SimRefusal, SimulatedPegBoard, SimulatedPegBoardOptions};
pub use tracker::{BoardInput, ChoiceError, PendingQuestion, Tracker, TrackerOutput};
