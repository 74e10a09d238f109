//! Boards: the peg-board and DGT protocols, move inference, board differences and the simulator.
