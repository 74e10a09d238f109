//! What the VI player's hands did on the peg board, and how a difference between the peg
//! board and the game is put into words (D.2.9: "If the positions on the two boards differ,
//! they must be corrected"): every differing square with what belongs there, a piece moved
//! away said as the piece to put back where it came from, an opponent's piece always with its
//! colour and one's own never.
//!
//! A peg board reports lifts and drops, and an occupancy board cannot tell which piece went
//! into a hole. The events can: a peg put down is the one lifted last (of the side whose move
//! the board is making: a captured piece set aside is not put back). So this module keeps what
//! stands in each hole as far as the events tell ([`Hands`]), with where each piece came from;
//! it is set again from the game whenever the board agrees with it, and from a scan after a
//! reconnection.
//!
//! It decides nothing about the rules: the boards' cycle (`super::cycle`) asks it what the
//! board shows, whether the player is in the middle of a move, and for the words.

use shakmaty::{Bitboard, Chess, Color, Move, Piece, Position, Role, Square};

use crate::board::tracker::move_squares as way_squares;
use crate::board::{BoardInput, Cell, Sensing};
use crate::words::{Token, Word, colored_piece_tokens, square_tokens};

/// What stands in a hole, as far as the events tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Held {
    /// An empty hole.
    Empty,
    /// A known piece, and the square it stood on when the board last agreed with the game
    /// (unknown for a piece the board reports whose way the events do not tell).
    Piece(Piece, Option<Square>),
    /// A peg of a known colour (which piece cannot be told).
    Colour(Color),
    /// A peg, nothing more is known.
    Peg,
}

impl Held {
    pub(super) fn color(self) -> Option<Color> {
        match self {
            Held::Piece(piece, _) => Some(piece.color),
            Held::Colour(color) => Some(color),
            Held::Empty | Held::Peg => None,
        }
    }

    /// What the hole shows, as a board's cell.
    pub(super) fn cell(self) -> Cell {
        match self {
            Held::Empty => Cell::Empty,
            Held::Piece(piece, _) => Cell::Piece(piece),
            Held::Colour(color) => Cell::Color(color),
            Held::Peg => Cell::Peg,
        }
    }

    fn is_occupied(self) -> bool {
        self != Held::Empty
    }

    /// Whether a hole holding this can be the piece `want` (or empty for `None`), as far as
    /// it is known.
    fn can_be(self, want: Option<Piece>) -> bool {
        match (self, want) {
            (Held::Empty, None) => true,
            (Held::Empty, Some(_)) | (_, None) => false,
            (Held::Piece(piece, _), Some(want)) => piece == want,
            (Held::Colour(color), Some(want)) => color == want.color,
            (Held::Peg, Some(_)) => true,
        }
    }
}

/// One square where the peg board differs from what it should show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Misplaced {
    /// The square.
    pub square: Square,
    /// What belongs there.
    pub belongs: Option<Piece>,
    /// What stands there, as far as it is known.
    pub stands: Held,
}

/// What the VI player's hands did: the holes as the events tell, and the pegs lifted and not
/// put down again (in the order lifted).
#[derive(Debug, Clone)]
pub(super) struct Hands {
    holes: [Held; 64],
    lifted: Vec<(Square, Held)>,
    /// How many of the pegs in hand (the first ones lifted) are set aside: a capture's
    /// piece, or pegs lifted before the board was last spoken of; the player's hands are not
    /// on a move for them.
    aside: usize,
    /// What the board senses.
    sensing: Sensing,
}

impl Hands {
    /// Hands on a board of kind `sensing` that shows `position`.
    pub(super) fn new(position: &Chess, sensing: Sensing) -> Hands {
        let mut hands = Hands {
            holes: [Held::Empty; 64],
            lifted: Vec::new(),
            aside: 0,
            sensing,
        };
        hands.agree_with(position);
        hands
    }

    /// The board shows `position` (it agrees with the game, or was set up so): every piece is
    /// known again, each at home on its square, and nothing is in hand.
    pub(super) fn agree_with(&mut self, position: &Chess) {
        for square in Square::ALL {
            self.holes[square as usize] = match position.board().piece_at(square) {
                Some(piece) => Held::Piece(piece, Some(square)),
                None => Held::Empty,
            };
        }
        self.lifted.clear();
        self.aside = 0;
    }

    /// The pegs in hand now are set aside (the game moved on, or the board was spoken of):
    /// they are still known if put down again, but no move waits for them.
    pub(super) fn set_aside(&mut self) {
        self.aside = self.lifted.len();
    }

    /// The board's kind is known now (its `HELLO`).
    pub(super) fn set_sensing(&mut self, sensing: Sensing) {
        self.sensing = sensing;
    }

    /// What stands on `square`.
    pub(super) fn at(&self, square: Square) -> Held {
        self.holes[square as usize]
    }

    /// One event of the board. `mover`: the side whose move the board is making (the one
    /// to move, or the opponent whose move is being followed): a peg put down is that side's
    /// piece lifted last, when the board cannot tell. `told`: what the player was told
    /// belongs in which hole: a peg put into one of them is that piece, if it is in hand.
    pub(super) fn observe(&mut self, input: &BoardInput, mover: Color, told: &[(Square, Piece)]) {
        let sensing = self.sensing;
        let wanted = |square: Square| {
            told.iter()
                .find(|(sq, _)| *sq == square)
                .map(|(_, piece)| *piece)
        };
        match input {
            BoardInput::Up(square) => self.lift(*square),
            BoardInput::Down(square, cell) => {
                if self.at(*square).is_occupied() {
                    // A change of piece in one report: lifted and put down.
                    self.lift(*square);
                }
                self.drop(
                    *square,
                    sensing.reduce(*cell),
                    mover,
                    wanted(*square),
                    !told.is_empty(),
                );
            }
            BoardInput::Scan(board) | BoardInput::Resync(board) => {
                let resync = matches!(input, BoardInput::Resync(_));
                for square in Square::ALL {
                    let cell = sensing.reduce(board.get(square));
                    let now = self.at(square);
                    if cell.is_occupied() == now.is_occupied() && fits(now, cell) {
                        continue;
                    }
                    if now.is_occupied() {
                        self.lift(square);
                    }
                    if cell.is_occupied() {
                        self.drop(square, cell, mover, wanted(square), !told.is_empty());
                    }
                }
                if resync {
                    // Events were missed: nothing in hand is known any more.
                    self.lifted.clear();
                    self.aside = 0;
                }
            }
        }
    }

    fn lift(&mut self, square: Square) {
        let held = std::mem::replace(&mut self.holes[square as usize], Held::Empty);
        if held.is_occupied() {
            self.lifted.push((square, held));
        }
    }

    /// A peg put into `square`: which of the pegs in hand it is (the board's cell narrows it),
    /// preferring `mover`'s pieces, the one lifted last; a peg from nowhere is a peg.
    fn drop(
        &mut self,
        square: Square,
        cell: Cell,
        mover: Color,
        wanted: Option<Piece>,
        correcting: bool,
    ) {
        // A piece was taken off this hole (a capture).
        let captured = self.lifted.iter().any(|(from, _)| *from == square);
        let mut fitting: Vec<usize> = (0..self.lifted.len())
            .filter(|&i| fits(self.lifted[i].1, cell))
            .collect();
        if fitting.is_empty() {
            // A promotion the board reports: the pawn in hand becomes the new piece.
            fitting = (0..self.lifted.len())
                .filter(|&i| {
                    let (from, held) = self.lifted[i];
                    matches!(held, Held::Piece(p, _) if p.role == Role::Pawn
                        && cell.color() == Some(p.color)
                        && promotes(p.color, from, square, captured))
                })
                .collect();
        }
        if let Some(want) = wanted
            && fits(Held::Piece(want, None), cell)
        {
            // The piece that belongs here, as the player was told: from his hand, or from
            // beside the board (a board that cannot tell pieces apart cannot say otherwise).
            let from_hand = fitting
                .iter()
                .rev()
                .find(|&&i| matches!(self.lifted[i].1, Held::Piece(p, _) if p == want))
                .copied();
            let held = match from_hand {
                Some(i) => self.take(i).1,
                None => Held::Piece(want, None),
            };
            self.put(square, held, held);
            return;
        }
        // The pegs lifted for this move before those set aside.
        let in_hand: Vec<usize> = fitting
            .iter()
            .copied()
            .filter(|&i| i >= self.aside)
            .collect();
        if !in_hand.is_empty() {
            fitting = in_hand;
        }
        // A peg put where another was lifted is the capturing piece, not the captured one
        // put back (unless it is the only one in hand).
        let elsewhere: Vec<usize> = fitting
            .iter()
            .copied()
            .filter(|&i| self.lifted[i].0 != square)
            .collect();
        let pool = if elsewhere.is_empty() {
            fitting
        } else {
            elsewhere
        };
        // Which one it is, when more than one could be: the mover's, the one lifted last
        // (for the hand's sake); but only its colour, or what the board reports, is sure.
        let of_mover: Vec<usize> = pool
            .iter()
            .copied()
            .filter(|&i| self.lifted[i].1.color().is_none_or(|c| c == mover))
            .collect();
        let Some(i) = of_mover.last().or(pool.last()).copied() else {
            let held = from_cell(cell, None);
            self.put(square, held, held);
            return;
        };
        let sure = pool
            .iter()
            .all(|&j| same_piece(self.lifted[j].1, self.lifted[i].1));
        let colour = self.lifted[i]
            .1
            .color()
            .filter(|&c| pool.iter().all(|&j| self.lifted[j].1.color() == Some(c)));
        if !sure && colour.is_some() {
            // A guess among pieces of one colour (a king and a rook lifted together, on a
            // board that tells colours only): the pegs still in hand are as unknown as this
            // one, whichever it was.
            for &j in &pool {
                if j != i
                    && let (from, Held::Piece(piece, _)) = self.lifted[j]
                {
                    self.lifted[j] = (from, Held::Colour(piece.color));
                }
            }
        }
        let (_, taken) = self.take(i);
        let held = match taken {
            // A pawn reaching its last rank is the new piece (4.6), which only the board's
            // report can tell.
            Held::Piece(piece, Some(from))
                if piece.role == Role::Pawn && promotes(piece.color, from, square, captured) =>
            {
                from_cell(cell, Some(piece.color))
            }
            // Putting the board right elsewhere than told, the events are no proof of which
            // piece it is: only the board's report.
            _ if correcting => from_cell(cell, None),
            held if sure => held,
            _ => from_cell(cell, colour),
        };
        self.put(square, held, taken);
    }

    /// A piece put into `square`: a piece of the other colour lifted from there (or, for a
    /// pawn's diagonal step, from beside it: en passant) is a captured one, set aside.
    /// `taken`: the piece taken from the hand for it, as far as the events tell.
    fn put(&mut self, square: Square, held: Held, taken: Held) {
        self.holes[square as usize] = held;
        let Some(color) = taken.color() else {
            return;
        };
        let beside = match taken {
            Held::Piece(piece, Some(from))
                if piece.role == Role::Pawn && from.file() != square.file() =>
            {
                Some(Square::from_coords(square.file(), from.rank()))
            }
            _ => None,
        };
        let mut i = self.aside;
        while i < self.lifted.len() {
            let (from, taken) = self.lifted[i];
            if (from == square || Some(from) == beside) && taken.color().is_some_and(|c| c != color)
            {
                let entry = self.lifted.remove(i);
                self.lifted.insert(self.aside, entry);
                self.aside += 1;
            }
            i += 1;
        }
    }

    /// Takes the peg `i` out of the hand.
    fn take(&mut self, i: usize) -> (Square, Held) {
        if i < self.aside {
            self.aside -= 1;
        }
        self.lifted.remove(i)
    }

    /// Whether a piece of `side` (or a peg of unknown colour) is in hand and not set aside.
    pub(super) fn holding(&self, side: Color) -> bool {
        self.lifted[self.aside..]
            .iter()
            .any(|(_, held)| held.color().is_none_or(|c| c == side))
    }

    /// Whether the board shows `position` (as the events tell).
    pub(super) fn shows(&self, position: &Chess) -> bool {
        Square::ALL
            .into_iter()
            .all(|square| self.at(square).can_be(position.board().piece_at(square)))
    }

    /// Whether the board shows the position after `m` from `start`.
    pub(super) fn shows_after(&self, start: &Chess, m: Move) -> bool {
        let changed = self.changed_from(start);
        if changed.is_empty() || !changed.is_subset(way_squares(m, start.turn())) {
            return false;
        }
        let mut after = start.clone();
        after.play_unchecked(m);
        self.shows(&after)
    }

    /// Every square where the board differs from `target` as the events tell (a piece moved
    /// onto another's square, which an occupancy board cannot see).
    pub(super) fn exact_differences(&self, target: &Chess) -> Vec<Misplaced> {
        self.differing(target, Held::can_be)
    }

    fn differing(
        &self,
        target: &Chess,
        agrees: impl Fn(Held, Option<Piece>) -> bool,
    ) -> Vec<Misplaced> {
        Square::ALL
            .into_iter()
            .filter_map(|square| {
                let belongs = target.board().piece_at(square);
                let stands = self.at(square);
                (!agrees(stands, belongs)).then_some(Misplaced {
                    square,
                    belongs,
                    stands,
                })
            })
            .collect()
    }

    /// Whether the board is part of the way from `start` to the position after `m` (some
    /// pegs of that move lifted or placed, not all): a move under way, not a difference. Every
    /// other hole shows what it did, and a piece put down came from one of the move's squares.
    pub(super) fn on_the_way(&self, start: &Chess, m: Move) -> bool {
        let changed = self.changed_from(start);
        self.on_the_way_changed(start, m, changed)
    }

    /// The holes that do not show what `start` has there.
    fn changed_from(&self, start: &Chess) -> Bitboard {
        let mut changed = Bitboard::EMPTY;
        for square in Square::ALL {
            if !self.at(square).can_be(start.board().piece_at(square)) {
                changed.add(square);
            }
        }
        changed
    }

    fn on_the_way_changed(&self, start: &Chess, m: Move, changed: Bitboard) -> bool {
        let quick = way_squares(m, start.turn());
        if changed.is_empty() || !changed.is_subset(quick) {
            // Only the move's own holes may have changed.
            return false;
        }
        let mut end = start.clone();
        end.play_unchecked(m);
        let squares = move_squares(start, m);
        let mut partial = false;
        let mut finished = true;
        for square in Square::ALL {
            let (from, to) = (start.board().piece_at(square), end.board().piece_at(square));
            let here = self.at(square);
            let at_start = here.can_be(from);
            let at_end = here.can_be(to);
            let of_the_move = squares.contains(&square);
            if !(at_start || at_end || (of_the_move && here == Held::Empty)) {
                return false;
            }
            if let Held::Piece(_, Some(origin)) = here
                && !at_start
                && !squares.contains(&origin)
            {
                return false;
            }
            if !at_end {
                finished = false;
            }
            if !at_start {
                partial = true;
            }
        }
        partial && !finished
    }

    /// Whether the board is part of the way of any legal move of `start`.
    pub(super) fn on_the_way_of_any(&self, start: &Chess) -> bool {
        let changed = self.changed_from(start);
        !changed.is_empty()
            && start
                .legal_moves()
                .into_iter()
                .any(|m| self.on_the_way_changed(start, m, changed))
    }

    /// The one piece moved away from the game (from `from` to `to`, possibly onto an
    /// opponent's piece taken off), if that is all the board shows.
    pub(super) fn single_way(&self, target: &Chess) -> Option<(Piece, Square, Square)> {
        let diffs = self.exact_differences(target);
        let (mut from, mut to, mut piece) = (None, None, None);
        for d in &diffs {
            match (d.belongs, d.stands) {
                (Some(_), Held::Empty) if from.is_none() => from = Some(d.square),
                (_, Held::Piece(p, origin)) if to.is_none() => {
                    to = Some(d.square);
                    piece = Some((p, origin));
                }
                _ => return None,
            }
        }
        let (from, to, (piece, origin)) = (from?, to?, piece?);
        (origin == Some(from) && target.board().piece_at(from) == Some(piece))
            .then_some((piece, from, to))
    }
}

/// The squares a move changes: from, to, and the en-passant victim or the castling rook.
pub(super) fn move_squares(start: &Chess, m: Move) -> Vec<Square> {
    let mut end = start.clone();
    end.play_unchecked(m);
    Square::ALL
        .into_iter()
        .filter(|&sq| start.board().piece_at(sq) != end.board().piece_at(sq))
        .collect()
}

/// Whether a pawn of `color` from `from` reaching `to` is a promotion's way.
/// `captured`: a piece was taken off `to` (a pawn captures diagonally, never straight).
fn promotes(color: Color, from: Square, to: Square, captured: bool) -> bool {
    let file_step = from.file().distance(to.file());
    to.rank() == (!color).backrank()
        && from.rank().distance(to.rank()) == 1
        && ((file_step == 0 && !captured) || (file_step == 1 && captured))
}

/// Whether a known hole's content agrees with what a board of some kind reports.
fn fits(held: Held, cell: Cell) -> bool {
    match (held, cell) {
        (Held::Empty, Cell::Empty) => true,
        (Held::Empty, _) | (_, Cell::Empty) => false,
        (_, Cell::Peg) => true,
        (held, Cell::Color(color)) => held.color().is_none_or(|c| c == color),
        (Held::Piece(piece, _), Cell::Piece(sensed)) => piece == sensed,
        (Held::Colour(color), Cell::Piece(sensed)) => color == sensed.color,
        (Held::Peg, Cell::Piece(_)) => true,
    }
}

fn same_piece(a: Held, b: Held) -> bool {
    match (a, b) {
        (Held::Piece(a, _), Held::Piece(b, _)) => a == b,
        _ => false,
    }
}

/// What a hole holds when the events cannot tell which piece: what the board reports.
fn from_cell(cell: Cell, color: Option<Color>) -> Held {
    match cell {
        Cell::Piece(piece) => Held::Piece(piece, None),
        Cell::Color(color) => Held::Colour(color),
        _ => color.map_or(Held::Peg, Held::Colour),
    }
}

/// The words for a piece, from the VI player's side: the opponent's with its colour, his
/// own without ("schwarzer Bauer", "Springer") — one rule everywhere.
pub(super) fn piece_tokens(piece: Piece, vi: Color) -> Vec<Token> {
    if piece.color == vi {
        vec![Token::Piece(piece.role)]
    } else {
        colored_piece_tokens(piece).to_vec()
    }
}

/// The differences in words, square by square: a piece moved away is said with its way back
/// ("Bauer David vier zurück nach David zwei"), a missing piece with what belongs there
/// ("Eva fünf, schwarzer Bauer fehlt"), a peg too many, a wrong piece. Every differing square
/// is named, and for each square where a piece belongs, that piece.
pub(super) fn differences_tokens(diffs: &[Misplaced], vi: Color) -> Vec<Token> {
    let mut phrases: Vec<(Square, Vec<Token>)> = Vec::new();
    let mut used = vec![false; diffs.len()];
    // A piece standing where it does not belong, and a square that misses that piece (the
    // one it came from, or the only one): its way back.
    for (i, d) in diffs.iter().enumerate() {
        let Held::Piece(piece, origin) = d.stands else {
            continue;
        };
        if d.belongs == Some(piece) {
            continue;
        }
        let misses = |h: &Misplaced| h.belongs == Some(piece) && h.stands == Held::Empty;
        let candidates: Vec<usize> = (0..diffs.len())
            .filter(|&j| !used[j] && misses(&diffs[j]))
            .collect();
        let home = candidates
            .iter()
            .copied()
            .find(|&j| Some(diffs[j].square) == origin)
            .or(match candidates.as_slice() {
                [only] => Some(*only),
                _ => None,
            });
        let Some(home) = home else {
            continue;
        };
        if used[i] {
            continue;
        }
        let origin = diffs[home].square;
        used[i] = true;
        used[home] = true;
        let mut t = piece_tokens(piece, vi);
        t.extend(square_tokens(d.square));
        // Back where it came from, or on to where it is to go (a move being followed).
        let back = Held::Piece(piece, Some(origin)) == d.stands;
        t.push(Token::Word(if back { Word::BackTo } else { Word::To }));
        t.extend(square_tokens(origin));
        if let Some(belongs) = d.belongs {
            // The square it stood on wrongly needs its own piece back (one taken off).
            t.push(Token::Pause);
            t.extend(missing_tokens(d.square, belongs, vi));
        }
        phrases.push((d.square.min(origin), t));
    }
    for (i, d) in diffs.iter().enumerate() {
        if used[i] {
            continue;
        }
        let t = match (d.belongs, d.stands) {
            (Some(piece), Held::Empty) => missing_tokens(d.square, piece, vi),
            (None, _) => {
                let mut t = square_tokens(d.square).to_vec();
                t.extend([Token::Pause, Token::Word(Word::NoPieceBelongsHere)]);
                t
            }
            (Some(piece), _) => {
                let mut t = square_tokens(d.square).to_vec();
                t.extend([Token::Pause, Token::Word(Word::WrongPiece), Token::Pause]);
                t.extend(piece_tokens(piece, vi));
                t.push(Token::Word(Word::BelongsHere));
                t
            }
        };
        phrases.push((d.square, t));
    }
    phrases.sort_by_key(|(square, _)| *square);
    let mut out = Vec::new();
    for (i, (_, phrase)) in phrases.into_iter().enumerate() {
        if i > 0 {
            out.push(Token::Pause);
        }
        out.extend(phrase);
    }
    out
}

/// "Eva fünf, schwarzer Bauer fehlt".
fn missing_tokens(square: Square, piece: Piece, vi: Color) -> Vec<Token> {
    let mut t = square_tokens(square).to_vec();
    t.push(Token::Pause);
    t.extend(piece_tokens(piece, vi));
    t.push(Token::Word(Word::Missing));
    t
}

/// A piece's way in words, from the VI player's side: "Turm Anna eins Anna drei".
pub(super) fn way_tokens(piece: Piece, from: Square, to: Square, vi: Color) -> Vec<Token> {
    let mut t = piece_tokens(piece, vi);
    t.extend(square_tokens(from));
    t.extend(square_tokens(to));
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    fn hands_after(events: &[BoardInput], sensing: Sensing, mover: Color) -> Hands {
        let mut hands = Hands::new(&Chess::default(), sensing);
        for e in events {
            hands.observe(e, mover, &[]);
        }
        hands
    }

    #[test]
    fn a_piece_moved_away_is_said_with_its_way_back() {
        // A rook through its own pawn on an occupancy board: the events tell it is the rook.
        let hands = hands_after(
            &[
                BoardInput::Up(Square::A1),
                BoardInput::Down(Square::A3, Cell::Peg),
            ],
            Sensing::Occupancy,
            Color::White,
        );
        let start = Chess::default();
        assert_eq!(
            hands.single_way(&start),
            Some((Piece::from_char('R').unwrap(), Square::A1, Square::A3))
        );
        let diffs = hands.exact_differences(&start);
        assert_eq!(
            Lang::De.text(&differences_tokens(&diffs, Color::White)),
            "Turm Anna drei zurück nach Anna eins"
        );
        // Seen from Black, the same rook is White's.
        assert_eq!(
            Lang::De.text(&differences_tokens(&diffs, Color::Black)),
            "weißer Turm Anna drei zurück nach Anna eins"
        );
    }

    #[test]
    fn a_capture_victim_set_aside_is_not_the_piece_put_down() {
        let hands = hands_after(
            &[
                BoardInput::Up(Square::G1),
                BoardInput::Up(Square::G8),
                BoardInput::Down(Square::G8, Cell::Peg),
            ],
            Sensing::Occupancy,
            Color::White,
        );
        assert_eq!(
            hands.at(Square::G8),
            Held::Piece(Piece::from_char('N').unwrap(), Some(Square::G1))
        );
        // The captured knight is set aside: no hand is on a move any more.
        assert!(!hands.holding(Color::White));
        assert!(!hands.holding(Color::Black));
    }
}
