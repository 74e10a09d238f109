//! Boards: every board kind behind one interface, move inference, board differences. Serial
//! ports, Bluetooth and the simulator's pseudo-terminal are adapters (`annexd::board`).
//!
//! Here, what a user of boards needs: the [`BoardProtocol`] every kind implements (bytes in,
//! [`LinkEvent`]s out, [`Request`]s such as lights), a board as the user names it
//! ([`BoardSpec`], which makes its kind's protocol), what a board senses ([`Sensing`],
//! [`SensedBoard`]), the [`Tracker`] that infers moves from lifts and drops, and
//! [`differences`]. Each kind's own messages are in its module: the peg board's line protocol
//! (`peg_protocol`, run with DGT's by the [`Link`] state machine), `dgt`, `chesslink`,
//! `chessnut`, `pegasus`; how a kind is reached is `transport` (serial framing or a Bluetooth
//! LE profile, as data); `positions` turns whole-board reports into lifts and drops;
//! `simulated` is the peg board as a pure model, and `events` the lifts and drops of a move in
//! any order (for simulators and tests).

pub mod chesslink;
pub mod chessnut;
pub mod dgt;
pub(crate) mod diff;
pub mod events;
pub(crate) mod interface;
pub(crate) mod link;
pub mod peg_protocol;
pub mod pegasus;
pub mod positions;
pub(crate) mod sensed;
pub mod settle;
pub mod simulated;
pub(crate) mod spec;
pub(crate) mod tracker;
pub mod transport;

pub use diff::{DifferenceKind, SquareDifference, differences};
pub use interface::{Alive, BoardProtocol, Liveness, Request, events_of, writes_of};
pub use link::{Link, LinkEvent, LinkInput, LinkOutput, Protocol};
pub use sensed::{Cell, SensedBoard, Sensing, cell_from_what, scan_order, what_for};
pub use spec::{
    BoardKind, BoardOptions, BoardSpec, BoardSpecError, BoardSpecProblem, ChessLinkVia, Reach,
};
pub use tracker::{BoardInput, ChoiceError, PendingQuestion, Tracker, TrackerOutput};
