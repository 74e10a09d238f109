//! Boards, the adapters: the serial link of a peg board or a DGT e-board, the simulated peg
//! board on a pseudo-terminal, and the `board-sim` / `board-watch` commands. Protocols, links
//! and move inference are the core's (`annexd_core::board`).

pub mod cli;
pub mod serial;
pub mod sim;
