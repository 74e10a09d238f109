//! Boards: the peg-board and DGT protocols, the link state machine, move inference, board
//! differences, and a simulated peg board as a pure model. Serial ports, Bluetooth and the
//! simulator's pseudo-terminal are adapters (`annexd::board`). Every board kind is a
//! [`BoardProtocol`] (`interface`) whose [`Transport`] says how to reach it: the peg board and
//! DGT through the link, the Millennium ChessLink, the Chessnut Air/Pro and the DGT Pegasus in
//! their modules. A board as the user names it is a [`BoardSpec`] (`spec`), which makes its
//! kind's protocol.

pub mod chesslink;
pub mod chessnut;
pub(crate) mod dgt;
pub(crate) mod diff;
pub(crate) mod events;
pub(crate) mod interface;
pub(crate) mod link;
pub(crate) mod peg_protocol;
pub mod pegasus;
pub(crate) mod positions;
pub(crate) mod sensed;
pub(crate) mod simulated;
pub(crate) mod spec;
pub(crate) mod tracker;
pub(crate) mod transport;

pub use dgt::{DgtDecoder, DgtDevice, DgtError, DgtMessage};
pub use diff::{DifferenceKind, SquareDifference, differences};
pub use events::{EventOrder, SplitMix, move_events};
pub use interface::{Alive, BoardProtocol, Liveness, Request, events_of, writes_of};
pub use link::{Link, LinkEvent, LinkInput, LinkOutput, Protocol};
pub use peg_protocol::{
    DeviceMsg, Hello, HostMsg, LineError, frame_line, parse_device_line, parse_host_line,
};
pub use positions::{Orientation, OrientationSetting, PositionFeed};
pub use sensed::{Cell, SensedBoard, Sensing, cell_from_what, scan_order, what_for};
pub use simulated::{SimOrder, SimRefusal, SimulatedPegBoard, SimulatedPegBoardOptions};
pub use spec::{
    BoardKind, BoardOptions, BoardSpec, BoardSpecError, BoardSpecProblem, ChessLinkVia, Reach,
};
pub use tracker::{BoardInput, ChoiceError, PendingQuestion, Tracker, TrackerOutput};
pub use transport::{
    BleProfile, BleWrites, DataBits, Parity, SerialFraming, StopBits, Transport, Uuid,
};
