//! Boards, the adapters: a board's link on its transport (a serial line with the framing its
//! protocol gives, or Bluetooth LE), the simulated peg board (on a pseudo-terminal, or on a
//! line inside the program where there are none: Windows) and the simulated ChessLink board
//! on a pseudo-terminal, and the `board-sim` / `board-watch` commands. Protocols, links
//! and move inference are the core's (`annexd_core::board`).

#[cfg(feature = "ble")]
mod ble;
pub(crate) mod cli;
pub(crate) mod connection;
pub(crate) mod in_process;
pub(crate) mod port_event;
pub(crate) mod serial;
pub(crate) mod sim;
#[cfg(unix)]
pub(crate) mod sim_chesslink;

pub use connection::BoardConnection;
pub use port_event::PortEvent;
pub use serial::PortSettings;
pub use sim::{SimHandle, SimNote, SimOptions, start_simulator};
#[cfg(unix)]
pub use sim_chesslink::{ChessLinkSim, ChessLinkSimOptions, start_chesslink_simulator};
