//! Boards, the adapters: the serial link of a peg board or a DGT e-board, the simulated peg
//! board (on a pseudo-terminal, or on a line inside the program where there are none), and
//! the `board-sim` / `board-watch` commands. Protocols, links
//! and move inference are the core's (`annexd_core::board`).

pub mod cli;
pub mod in_process;
pub mod serial;
pub mod sim;
