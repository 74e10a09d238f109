//! The lifts and drops a move makes on a real board, in any order a person may make them.
//!
//! Used by the simulator to turn a typed move into device events, and by tests to play games
//! through the tracker. Only the order of events on one square is fixed; a drop of a piece
//! needs that piece lifted first, and a drop needs its hole empty.

use shakmaty::{CastlingSide, Chess, Move, Piece, Position, Role, Square};

use super::peg_protocol::DeviceMsg;
use super::sensed::{Sensing, what_for};

/// Which of the possible orders to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventOrder {
    /// The moving piece first: a capture lifts the victim last, castling moves the king
    /// first, en passant removes the victim last.
    MoverFirst,
    /// The other piece first: the victim lifted first; castling lifts the king, then the
    /// rook, and puts the rook down first (the king is always touched first: 4.4.2).
    OtherFirst,
    /// A random valid order drawn from the seed.
    Shuffled(u64),
}

/// A small deterministic random source (SplitMix64), enough for noise and orders.
#[derive(Debug, Clone)]
pub struct SplitMix(u64);

impl SplitMix {
    /// Seeds the generator.
    pub fn new(seed: u64) -> Self {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        p > 0.0 && (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// The steps of a move with, for each, the steps that must come before it.
fn steps(pos: &Chess, m: Move, sensing: Sensing) -> Vec<(DeviceMsg, Vec<usize>)> {
    let turn = pos.turn();
    let down = |sq: Square, role: Role| {
        DeviceMsg::Down(sq, what_for(Piece { color: turn, role }, sensing))
    };
    match m {
        Move::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } => {
            let placed = promotion.unwrap_or(role);
            if capture.is_some() {
                vec![
                    (DeviceMsg::Up(from), vec![]),
                    (DeviceMsg::Up(to), vec![]),
                    (down(to, placed), vec![0, 1]),
                ]
            } else {
                vec![(DeviceMsg::Up(from), vec![]), (down(to, placed), vec![0])]
            }
        }
        Move::EnPassant { from, to } => {
            let victim = Square::from_coords(to.file(), from.rank());
            vec![
                (DeviceMsg::Up(from), vec![]),
                (down(to, Role::Pawn), vec![0]),
                (DeviceMsg::Up(victim), vec![]),
            ]
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            // The king is lifted first: a rook touched first forbids castling (4.4.2).
            vec![
                (DeviceMsg::Up(king), vec![]),
                (down(side.king_to(turn), Role::King), vec![0]),
                (DeviceMsg::Up(rook), vec![0]),
                (down(side.rook_to(turn), Role::Rook), vec![2]),
            ]
        }
        Move::Put { role, to } => vec![(down(to, role), vec![])],
    }
}

/// The device events of move `m` from `pos` on a board of kind `sensing`, in `order`.
pub fn move_events(pos: &Chess, m: Move, sensing: Sensing, order: EventOrder) -> Vec<DeviceMsg> {
    let steps = steps(pos, m, sensing);
    let n = steps.len();
    let sequence: Vec<usize> = match order {
        EventOrder::MoverFirst => (0..n).collect(),
        EventOrder::OtherFirst => match m {
            Move::Normal {
                capture: Some(_), ..
            } => vec![1, 0, 2],
            Move::EnPassant { .. } => vec![2, 0, 1],
            Move::Castle { .. } => vec![0, 2, 3, 1],
            _ => (0..n).collect(),
        },
        EventOrder::Shuffled(seed) => {
            let mut rng = SplitMix::new(seed);
            let mut done = vec![false; n];
            let mut seq = Vec::with_capacity(n);
            while seq.len() < n {
                let ready: Vec<usize> = (0..n)
                    .filter(|&i| !done[i] && steps[i].1.iter().all(|&d| done[d]))
                    .collect();
                let pick = ready[rng.below(ready.len())];
                done[pick] = true;
                seq.push(pick);
            }
            seq
        }
    };
    sequence.into_iter().map(|i| steps[i].0.clone()).collect()
}
