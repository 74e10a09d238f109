//! Touch-move (Articles 4.3, 4.4 and 4.5): which moves a player may still make after touching
//! pieces, in the order they were touched. On a peg board the order is known: a piece counts
//! as touched when its peg is pulled out of its hole (Annex D D.2.2).
//!
//! - 4.3.1 own pieces only: the first touched piece that can be moved must be moved;
//! - 4.3.2 the opponent's only: the first touched piece that can be captured must be captured;
//! - 4.3.3 both: the first touched opponent's piece must be captured with the first touched
//!   own piece, or, if that is illegal, the first touched piece that can be moved or captured
//!   must be moved or captured;
//! - 4.4.1 the king, then a rook: castling on that side, if legal;
//! - 4.4.2 a rook, then the king: no castling on that side; 4.3.1 applies (the rook moves);
//! - 4.5 when none of the touched pieces can be moved or captured, any legal move.

use shakmaty::{CastlingSide, Chess, Move, Piece, Position, Role, Square};

use crate::words::{Token, Word};
use crate::words::{colored_piece_tokens, square_tokens};

/// The article an obligation comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TouchRule {
    /// 4.3.1: move the first touched own piece that can be moved.
    MoveFirstOwn,
    /// 4.3.2: capture the first touched opponent's piece that can be captured.
    CaptureFirstTouched,
    /// 4.3.3: capture the first touched opponent's piece with the first touched own piece.
    CaptureWithFirstOwn,
    /// 4.4.1: the king, then a rook, were touched: castle on that side.
    Castle,
}

/// What the touches oblige the player to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Obligation {
    /// The rule.
    pub rule: TouchRule,
    /// The piece that must move (or capture), and its square.
    pub piece: (Square, Piece),
    /// The piece that must be captured, and its square, when the rule is a capture.
    pub victim: Option<(Square, Piece)>,
    /// Every legal move that fulfils it.
    pub allowed: Vec<Move>,
}

impl Obligation {
    /// Whether `m` fulfils it.
    pub fn allows(&self, m: Move) -> bool {
        self.allowed.contains(&m)
    }

    /// What must be done, in words: "Springer Gustav eins, berührt, geführt", "schwarzer
    /// Bauer Eva fünf, berührt, muss geschlagen werden", "Springer Felix drei muss schlagen,
    /// schwarzer Bauer Eva fünf", "Kurze Rochade muss ausgeführt werden".
    pub fn tokens(&self) -> Vec<Token> {
        let (square, piece) = self.piece;
        let mut t = Vec::with_capacity(10);
        match self.rule {
            TouchRule::MoveFirstOwn => {
                t.push(Token::Piece(piece.role));
                t.extend(square_tokens(square));
                t.extend([Token::Pause, Token::Word(Word::TouchMove)]);
            }
            TouchRule::CaptureFirstTouched => {
                let (square, victim) = self.victim.unwrap_or(self.piece);
                t.extend(colored_piece_tokens(victim));
                t.extend(square_tokens(square));
                t.extend([Token::Pause, Token::Word(Word::MustBeCaptured)]);
            }
            TouchRule::CaptureWithFirstOwn => {
                t.push(Token::Piece(piece.role));
                t.extend(square_tokens(square));
                t.extend([Token::Pause, Token::Word(Word::MustTake), Token::Pause]);
                if let Some((square, victim)) = self.victim {
                    t.extend(colored_piece_tokens(victim));
                    t.extend(square_tokens(square));
                }
            }
            TouchRule::Castle => {
                let side = self
                    .allowed
                    .first()
                    .and_then(|m| m.castling_side())
                    .unwrap_or(CastlingSide::KingSide);
                t.extend([
                    Token::Castle(side),
                    Token::Pause,
                    Token::Word(Word::MustBePlayed),
                ]);
            }
        }
        t
    }
}

/// The square of the piece a move captures (en passant: the pawn beside).
pub fn captured_square(m: Move) -> Option<Square> {
    match m {
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        _ => None,
    }
}

/// What touching `touched` (in that order, by the player to move in `pos`) obliges the
/// player to do; `None` when any legal move may be made (nothing touched, or 4.5).
pub fn obligation(pos: &Chess, touched: &[(Square, Piece)]) -> Option<Obligation> {
    let us = pos.turn();
    let legal = pos.legal_moves();
    let moves_of = |sq: Square| -> Vec<Move> {
        legal
            .iter()
            .copied()
            .filter(|m| m.from() == Some(sq))
            .collect()
    };
    let captures_of = |sq: Square| -> Vec<Move> {
        legal
            .iter()
            .copied()
            .filter(|m| captured_square(*m) == Some(sq))
            .collect()
    };
    // Only pieces still where they were touched, in the order of the first touch.
    let touched: Vec<(Square, Piece)> = touched
        .iter()
        .copied()
        .filter(|(sq, piece)| pos.board().piece_at(*sq) == Some(*piece))
        .collect();
    let own: Vec<(Square, Piece)> = touched
        .iter()
        .copied()
        .filter(|(_, p)| p.color == us)
        .collect();
    let theirs: Vec<(Square, Piece)> = touched
        .iter()
        .copied()
        .filter(|(_, p)| p.color != us)
        .collect();
    if let (Some(&first_own), Some(&first_theirs)) = (own.first(), theirs.first()) {
        // 4.3.3: capture the first touched opponent's piece with the first touched own one.
        let allowed: Vec<Move> = captures_of(first_theirs.0)
            .into_iter()
            .filter(|m| m.from() == Some(first_own.0))
            .collect();
        if !allowed.is_empty() {
            return Some(Obligation {
                rule: TouchRule::CaptureWithFirstOwn,
                piece: first_own,
                victim: Some(first_theirs),
                allowed,
            });
        }
    }
    if let Some(&(king_sq, king)) = own.first()
        && king.role == Role::King
        && let Some(castle) = own[1..].iter().find_map(|&(rook_sq, rook)| {
            (rook.role == Role::Rook)
                .then(|| {
                    legal
                        .iter()
                        .copied()
                        .find(|m| matches!(m, Move::Castle { rook, .. } if *rook == rook_sq))
                })
                .flatten()
        })
    {
        // 4.4.1: the king, then a rook: castle on that side, since it is legal.
        return Some(Obligation {
            rule: TouchRule::Castle,
            piece: (king_sq, king),
            victim: None,
            allowed: vec![castle],
        });
    }
    // 4.3.1, 4.3.2, and 4.3.3 when the capture is illegal: the first touched piece that can be
    // moved or captured. A rook touched before its king cannot castle (4.4.2): castling is a
    // move of the king, not of the rook.
    for &(sq, piece) in &touched {
        if piece.color == us {
            let allowed = moves_of(sq);
            if !allowed.is_empty() {
                return Some(Obligation {
                    rule: TouchRule::MoveFirstOwn,
                    piece: (sq, piece),
                    victim: None,
                    allowed,
                });
            }
        } else {
            let allowed = captures_of(sq);
            if !allowed.is_empty() {
                return Some(Obligation {
                    rule: TouchRule::CaptureFirstTouched,
                    piece: (sq, piece),
                    victim: Some((sq, piece)),
                    allowed,
                });
            }
        }
    }
    // 4.5: none of the touched pieces can be moved or captured.
    None
}
