//! Random games with random touches on a peg board (every kind of board, every order of a
//! move's lifts and drops): the session never makes a move that Articles 4.3 and 4.4 forbid,
//! and never holds a legal move back: an allowed move is on the board on the event that
//! completes it (a promotion the board cannot tell is asked about there), and made when
//! announced.

use crate::support;

use annexd_core::board::events::{EventOrder, SplitMix, move_events};
use annexd_core::board::peg_protocol::DeviceMsg;
use annexd_core::board::{BoardInput, LinkEvent, Sensing};
use annexd_core::{Input, Seat, Session, SessionOptions, Style, move_tokens};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Move, Piece, Position, Role, Square};
use support::session_with;

/// The square a move captures on (en passant: the pawn beside).
fn captured(m: Move) -> Option<Square> {
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

/// The Laws' touch-move rules, restated from their text for this test: whether `m` may be
/// made after `touched` (in the order touched) by the player to move in `pos`.
fn allowed_by_the_laws(pos: &Chess, touched: &[(Square, Piece)], m: Move) -> bool {
    let us = pos.turn();
    let legal = pos.legal_moves();
    let touched: Vec<(Square, Piece)> = touched
        .iter()
        .copied()
        .filter(|(sq, p)| pos.board().piece_at(*sq) == Some(*p))
        .collect();
    let first_own = touched.iter().find(|(_, p)| p.color == us).copied();
    let first_theirs = touched.iter().find(|(_, p)| p.color != us).copied();
    // 4.3.3: "…he must capture the first touched opponent's piece with his first touched
    // piece or, if this is illegal, move or capture the first piece touched…"
    if let (Some((own, _)), Some((theirs, _))) = (first_own, first_theirs)
        && legal
            .iter()
            .any(|l| l.from() == Some(own) && captured(*l) == Some(theirs))
    {
        return m.from() == Some(own) && captured(m) == Some(theirs);
    }
    // 4.4.1: "…touches his king and a rook he must castle on that side if it is legal".
    if let Some((king, piece)) = first_own
        && piece.role == Role::King
    {
        let rooks_after: Vec<Square> = touched
            .iter()
            .skip_while(|(sq, _)| *sq != king)
            .filter(|(_, p)| p.color == us && p.role == Role::Rook)
            .map(|(sq, _)| *sq)
            .collect();
        if let Some(castle) = legal
            .iter()
            .find(|l| matches!(l, Move::Castle { rook, .. } if rooks_after.contains(rook)))
        {
            return m == *castle;
        }
    }
    // 4.3.1 / 4.3.2 (and 4.4.2: castling is the king's move, not the rook's).
    for (sq, p) in touched {
        if p.color == us && legal.iter().any(|l| l.from() == Some(sq)) {
            return m.from() == Some(sq);
        }
        if p.color != us && legal.iter().any(|l| captured(*l) == Some(sq)) {
            return captured(m) == Some(sq);
        }
    }
    // 4.5: none of the touched pieces can be moved or captured.
    true
}

/// A position after `plies` random moves from the start (or earlier, if the game ends).
fn random_position(rng: &mut SplitMix, plies: usize) -> Chess {
    let mut pos = Chess::default();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        let mut next = pos.clone();
        next.play_unchecked(m);
        if next.legal_moves().is_empty() || next.is_insufficient_material() {
            break;
        }
        pos = next;
    }
    pos
}

fn board_event(s: &mut Session, msg: &DeviceMsg, sensing: Sensing, at: u64) -> bool {
    let input = BoardInput::from_device(msg, sensing).expect("an event of the peg board");
    !s.handle(
        Input::Board(Seat::Peg, LinkEvent::Input(input)),
        std::time::Duration::from_millis(at),
    )
    .is_empty()
}

fn check(seed: u64) -> Result<(), TestCaseError> {
    let mut rng = SplitMix::new(seed);
    let plies = rng.below(60);
    let pos = random_position(&mut rng, plies);
    let sensing = [Sensing::Occupancy, Sensing::Color, Sensing::Piece][rng.below(3)];
    let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    let options = SessionOptions {
        vi_side: pos.turn(),
        ..SessionOptions::default()
    };
    let mut s = session_with(Some(&fen), None, Some(sensing), options);
    let mut touched: Vec<(Square, Piece)> = Vec::new();
    let touch = |sq: Square, touched: &mut Vec<(Square, Piece)>| {
        if let Some(p) = pos.board().piece_at(sq)
            && !touched.iter().any(|(t, _)| *t == sq)
        {
            touched.push((sq, p));
        }
    };
    let mut at = 0;
    // Pieces touched and put back, in a random order.
    let occupied: Vec<Square> = pos.board().occupied().into_iter().collect();
    for _ in 0..rng.below(4) {
        let sq = occupied[rng.below(occupied.len())];
        touch(sq, &mut touched);
        at += 10;
        board_event(&mut s, &DeviceMsg::Up(sq), sensing, at);
        let what = pos
            .board()
            .piece_at(sq)
            .and_then(|p| annexd_core::board::what_for(p, sensing));
        at += 10;
        board_event(&mut s, &DeviceMsg::Down(sq, what), sensing, at);
    }
    // Then a random legal move, its events in a random valid order.
    let legal = pos.legal_moves();
    let m = legal[rng.below(legal.len())];
    let events = move_events(&pos, m, sensing, EventOrder::Shuffled(rng.next_u64()));
    for msg in &events {
        if let DeviceMsg::Up(sq) = msg {
            touch(*sq, &mut touched);
        }
        at += 10;
        board_event(&mut s, msg, sensing, at);
    }
    let allowed = allowed_by_the_laws(&pos, &touched, m);
    let board_cannot_tell = m.promotion().is_some() && sensing != Sensing::Piece;
    if allowed && !board_cannot_tell {
        prop_assert_eq!(
            s.vi_move().on_board,
            Some(m),
            "{} {:?} {:?}: the allowed move is on the board at once",
            fen,
            m,
            touched
        );
    }
    if !allowed {
        prop_assert_eq!(s.vi_move().on_board, None, "{} {:?} {:?}", fen, m, touched);
    }
    // The move announced: made exactly when allowed.
    let words = annexd_core::Lang::De.text(&move_tokens(&pos, m, Style::Long));
    at += 10;
    let _ = s.handle(
        Input::Line(words.clone()),
        std::time::Duration::from_millis(at),
    );
    let made = s.game().history().last().map(|p| p.mv);
    if allowed {
        prop_assert_eq!(made, Some(m), "{} {} {:?}", fen, words, touched);
    } else {
        prop_assert_eq!(
            s.game().history().len(),
            0,
            "{} {} {:?}",
            fen,
            words,
            touched
        );
    }
    prop_assert_eq!(
        s.game().turn(),
        if allowed { !pos.turn() } else { pos.turn() }
    );
    Ok(())
}

proptest! {
    // A fixed seed keeps CI deterministic; PROPTEST_RNG_SEED=<n> explores other games.
    #![proptest_config({
        let mut config = ProptestConfig::with_cases(400);
        if config.rng_seed == proptest::test_runner::RngSeed::Random {
            config.rng_seed = proptest::test_runner::RngSeed::Fixed(4_300_443);
        }
        config
    })]

    /// 4.3, 4.4 and 4.7 on the peg board: nothing forbidden is made, nothing allowed waits.
    #[test]
    fn touches_never_let_a_forbidden_move_through_nor_hold_a_legal_one_back(seed in any::<u64>()) {
        check(seed)?;
    }
}

/// On a board that tells colours only, the king and a rook lifted together and put down as
/// castling are castling: which of the two went into which hole the events cannot tell, so
/// neither is guessed (found by this property with more cases: the rook, lifted last, was
/// taken for the one put on c1, and then the king was "known" to stand on d1).
#[test]
fn castling_with_king_and_rook_in_the_air_on_a_colour_board_is_on_the_board() {
    let fen = "rn1q1bnr/p3pp2/b1k5/2pp2pp/PpN2N2/1QPPP3/1P1B1PPP/R3KB1R w KQ - 2 11";
    let options = SessionOptions {
        vi_side: shakmaty::Color::White,
        ..SessionOptions::default()
    };
    let mut s = session_with(Some(fen), None, Some(Sensing::Color), options);
    let events = [
        DeviceMsg::Up(Square::E1),
        DeviceMsg::Up(Square::A1),
        DeviceMsg::Down(Square::C1, Some('w')),
        DeviceMsg::Down(Square::D1, Some('w')),
    ];
    for (i, msg) in events.iter().enumerate() {
        board_event(&mut s, msg, Sensing::Color, 10 * (i as u64 + 1));
    }
    assert_eq!(
        s.vi_move().on_board,
        Some(Move::Castle {
            king: Square::E1,
            rook: Square::A1
        })
    );
}
