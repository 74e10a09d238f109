//! Boards, the adapters: the serial link of a peg board or a DGT e-board, the simulated peg
//! board (on a pseudo-terminal, or on a line inside the program where there are none), and
//! the `board-sim` / `board-watch` commands. Protocols, links
//! and move inference are the core's (`annexd_core::board`).

pub(crate) mod cli;
pub(crate) mod in_process;
pub(crate) mod serial;
pub(crate) mod sim;

pub use serial::{BoardLink, PortEvent, PortSettings};
pub use sim::{SimHandle, SimNote, SimOptions, start_simulator};
