//! A simulated blind player at a peg board, against a sighted opponent whose moves an
//! assistant types: random games with the mistakes people make (pegs moved early or wrongly,
//! a capture forgotten, moves the rules forbid, a piece touched and then another, the rook
//! before the king, offers by either side at any moment, the opponent's move followed before
//! or after it is relayed), played through a [`Session`] with fake time, and the invariants
//! of the dialogue checked after every action (see [`Player::check_action`]).
//!
//! The player keeps the pegs himself ([`Player::pegs`]): the session only hears the lifts and
//! drops a board of the chosen kind reports, as a real board would send them.

use std::time::Duration;

use annexd_core::board::events::SplitMix;
use annexd_core::board::{BoardInput, Cell, LinkEvent, Sensing};
use annexd_core::{
    Audience, Command, Effect, Input, Lang, Seat, SeatRole, Session, SessionOptions, Speech, Style,
    Token, Word, WordSet, move_tokens,
};
use shakmaty::{
    Board, CastlingSide, Chess, Color, EnPassantMode, Move, Piece, Position, Role, Square,
};

use super::session_with;

/// How a game is set up.
#[derive(Debug, Clone)]
pub struct Setup {
    pub lang: Lang,
    pub words: WordSet,
    pub sensing: Sensing,
    pub vi: Color,
    pub clock: bool,
    pub program_announces: bool,
    /// The most half-moves to play.
    pub plies: usize,
}

impl Setup {
    /// A random setup.
    pub fn random(rng: &mut SplitMix) -> Setup {
        Setup {
            lang: Lang::ALL[rng.below(Lang::ALL.len())],
            words: if rng.chance(0.8) {
                WordSet::AnnexD
            } else {
                WordSet::Local
            },
            sensing: [Sensing::Occupancy, Sensing::Color, Sensing::Piece][rng.below(3)],
            vi: if rng.chance(0.5) {
                Color::White
            } else {
                Color::Black
            },
            clock: rng.chance(0.7),
            program_announces: rng.chance(0.15),
            plies: 20 + rng.below(60),
        }
    }
}

/// One line said or shown, as the player hears or reads it.
#[derive(Debug, Clone)]
pub struct Heard {
    pub tokens: Vec<Token>,
    pub text: String,
    /// Said (not only shown).
    pub said: bool,
    /// Data shown after the words (a path, a FEN), if any.
    pub detail: Option<String>,
}

/// The blind player, his pegs, and what he heard.
pub struct Player {
    pub rng: SplitMix,
    pub setup: Setup,
    pub session: Session,
    /// The pegs as they stand (the piece of each).
    pub pegs: [Option<Piece>; 64],
    now: u64,
    /// Every line heard, with the action that caused it, for a failure's story.
    pub story: Vec<String>,
    /// Everything said or shown in the game (for the language scan).
    pub heard: Vec<Heard>,
    /// The pieces the VI player touched this turn, in order (4.3).
    touched: Vec<(Square, Piece)>,
    /// The position before the opponent's move just relayed, while the pegs were not moved
    /// since.
    relayed_from: Option<Chess>,
    /// The text of the last thing said, and the input that caused it.
    last_said: Option<(String, String)>,
    /// The pegs and the position they should show when their differences were named last.
    named: Option<([Option<Piece>; 64], Board)>,
    /// The program said the board is wrong and has not said since that it agrees: pegs
    /// lifted now put the board right, they are no touch (4.2).
    outstanding: bool,
    /// The opponent's relayed move is being followed on the pegs.
    following: bool,
    /// The opponent's move relayed last, and the position before it.
    relayed: Option<(Chess, Move)>,
    /// The last thing said about the board was that the boards agree.
    agreement_said: bool,
    /// A move on the pegs the rules forbid was just made: (from, to).
    illegal_way: Option<(Square, Square)>,
    /// The input just given lifted a peg (which is in the hand until it is put down, or
    /// until the action ends: a captured piece taken off).
    lifting: bool,
}

/// What went wrong, with the story of the game.
pub type Failure = String;

impl Player {
    /// A game of `setup` from the standard position.
    pub fn new(seed: u64, setup: Setup) -> Player {
        let options = SessionOptions {
            lang: setup.lang,
            vi_side: setup.vi,
            role: SeatRole::Player,
            program_announces: setup.program_announces,
            ..SessionOptions::default()
        };
        let session = session_with(
            None,
            setup.clock.then_some("90+30"),
            Some(setup.sensing),
            options,
        );
        let pegs = pieces_on(Chess::default().board());
        Player {
            rng: SplitMix::new(seed),
            setup,
            session,
            pegs,
            now: 1000,
            story: Vec::new(),
            heard: Vec::new(),
            touched: Vec::new(),
            relayed_from: None,
            last_said: None,
            named: None,
            outstanding: false,
            following: false,
            relayed: None,
            agreement_said: false,
            illegal_way: None,
            lifting: false,
        }
    }

    fn speech(&self) -> Speech {
        Speech::new(self.setup.lang, self.setup.words)
    }

    /// The game position.
    pub fn game(&self) -> Chess {
        self.session.game().position().clone()
    }

    fn vi_to_move(&self) -> bool {
        self.game().turn() == self.setup.vi
    }

    /// Plays a whole game; the first broken invariant ends it.
    pub fn play(&mut self) -> Result<(), Failure> {
        let greeting = self.session.greeting(false);
        self.hear("start", &greeting, false)?;
        let mut actions = 0;
        while !self.session.game().is_over()
            && self.session.game().history().len() < self.setup.plies
            && actions < 400
        {
            actions += 1;
            self.act()?;
        }
        Ok(())
    }

    /// One action of the player (or the assistant typing the opponent's move).
    fn act(&mut self) -> Result<(), Failure> {
        let roll = self.rng.below(100);
        if roll < 4 {
            return self.offer_or_answer();
        }
        if roll < 7 {
            let query =
                ["Zeit", "Stellung", "wiederholen", "letzter Zug", "Hilfe"][self.rng.below(5)];
            return self.ask(query);
        }
        if self.board_wrong() && self.rng.chance(0.7) {
            return self.put_board_right();
        }
        if self.vi_to_move() {
            self.vi_turn()
        } else {
            self.opponent_turn()
        }
    }

    // --- the VI player's turn -------------------------------------------------------------

    fn vi_turn(&mut self) -> Result<(), Failure> {
        let game = self.game();
        let on_board = self.session.vi_move().on_board;
        let uncompleted = self.session.uncompleted();
        if uncompleted == Some(self.setup.vi) || uncompleted == Some(!self.setup.vi) {
            // A move waits for its clock.
            if self.rng.chance(0.8) {
                return self.type_line("");
            }
        }
        match on_board {
            Some(m) if self.rng.chance(0.12) && self.pegs_look_like(&game, Some(m)) => {
                // He changes his mind: the move's pegs put back, an opponent's peg moved
                // and put back in between (D.2.2, D.2.3: no move but the one the pegs show).
                self.take_move_off_the_pegs(&game, m)
            }
            Some(m) => {
                // The move is on the pegs: announce it (rightly, mostly).
                if self.rng.chance(0.85) || self.setup.program_announces {
                    self.announce(&game, m)
                } else {
                    let legal = game.legal_moves();
                    let other = legal[self.rng.below(legal.len())];
                    self.announce(&game, other)?;
                    self.type_line("Korrektur")
                }
            }
            None => {
                let roll = self.rng.below(100);
                if roll < 8 {
                    self.illegal_peg_move(&game)
                } else if roll < 14 {
                    self.touch_and_put_back(&game)
                } else if roll < 18 {
                    self.move_opponent_piece(&game)
                } else if roll < 24 && !self.setup.program_announces {
                    // Announced first, placed after.
                    let m = self.pick_move(&game);
                    self.announce(&game, m)
                } else {
                    let m = self.pick_move(&game);
                    self.peg_move(&game, m, true)
                }
            }
        }
    }

    /// A legal move, mostly one the touches allow.
    fn pick_move(&mut self, game: &Chess) -> Move {
        let legal: Vec<Move> = game.legal_moves().into_iter().collect();
        let allowed: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| allowed_by_the_laws(game, &self.touched, m))
            .collect();
        if !allowed.is_empty() && self.rng.chance(0.85) {
            allowed[self.rng.below(allowed.len())]
        } else {
            legal[self.rng.below(legal.len())]
        }
    }

    fn announce(&mut self, game: &Chess, m: Move) -> Result<(), Failure> {
        let style = if self.rng.chance(0.5) {
            Style::Short
        } else {
            Style::Long
        };
        let text = self.speech().text(&move_tokens(game, m, style));
        self.type_line(&text)
    }

    /// A move made with the pegs, its lifts and drops in one of the orders people use.
    fn peg_move(&mut self, game: &Chess, m: Move, mover_is_vi: bool) -> Result<(), Failure> {
        let us = game.turn();
        let mut events: Vec<(Square, Option<Piece>)> = Vec::new();
        match m {
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                let (k, r) = (
                    Piece {
                        color: us,
                        role: Role::King,
                    },
                    Piece {
                        color: us,
                        role: Role::Rook,
                    },
                );
                let king_moves = [(king, None), (side.king_to(us), Some(k))];
                let rook_moves = [(rook, None), (side.rook_to(us), Some(r))];
                if self.rng.chance(0.8) {
                    events.extend(king_moves);
                    events.extend(rook_moves);
                } else {
                    // The rook first (4.4.2: no castling then).
                    events.extend(rook_moves);
                    events.extend(king_moves);
                }
            }
            _ => {
                let from = m.from().expect("a move from a square");
                let piece = game.board().piece_at(from).expect("a piece to move");
                let victim = match m {
                    Move::EnPassant { from, to } => {
                        Some(Square::from_coords(to.file(), from.rank()))
                    }
                    _ if m.is_capture() => Some(m.to()),
                    _ => None,
                };
                let placed = match m.promotion() {
                    Some(role) => Piece { color: us, role },
                    None => piece,
                };
                // A forgotten capture: en passant, the pawn beside left standing.
                let forget = m.is_en_passant() && self.rng.chance(0.3);
                let victim_first = self.rng.chance(0.5);
                if let Some(v) = victim.filter(|_| victim_first && !forget) {
                    events.push((v, None));
                }
                events.push((from, None));
                if let Some(v) = victim.filter(|_| !victim_first && !forget) {
                    events.push((v, None));
                }
                events.push((m.to(), Some(placed)));
            }
        }
        // People lift the pieces the move is about: where the pegs show something else,
        // the board is put right first.
        let lifted: Vec<Square> = events
            .iter()
            .filter(|(_, put)| put.is_none())
            .map(|(sq, _)| *sq)
            .collect();
        if events.iter().any(|&(sq, put)| match put {
            None => self.pegs[sq as usize] != game.board().piece_at(sq),
            Some(_) => self.pegs[sq as usize].is_some() && !lifted.contains(&sq),
        }) {
            return self.put_board_right();
        }
        let label = format!(
            "pegs {} {}",
            if mover_is_vi { "move" } else { "follow" },
            m.to_uci(shakmaty::CastlingMode::Standard)
        );
        let mut effects = Vec::new();
        for (square, put) in events {
            match put {
                None => effects.extend(self.up(square, &label)?),
                Some(piece) => effects.extend(self.down(square, piece, &label)?),
            }
        }
        // A promotion the board cannot tell is asked about: the piece is named.
        if let Some(role) = m.promotion()
            && self.asked_which_piece(&effects)
        {
            let name = self.speech().text(&[Token::Piece(role)]);
            effects.extend(self.line_effects(&name)?);
        }
        self.check_action(&label, &effects)
    }

    fn asked_which_piece(&self, effects: &[Effect]) -> bool {
        effects.iter().any(|e| match e {
            Effect::Say { tokens, .. } => tokens.contains(&Token::Word(Word::WhichPiece)),
            _ => false,
        })
    }

    /// A piece moved where no rule lets it go (3.1 to 3.9), then left for the program to
    /// name.
    fn illegal_peg_move(&mut self, game: &Chess) -> Result<(), Failure> {
        if self.pegs_differ_from(game) {
            return self.put_board_right();
        }
        let us = game.turn();
        let own: Vec<Square> = game.board().by_color(us).into_iter().collect();
        let from = own[self.rng.below(own.len())];
        let legal_to: Vec<Square> = game
            .legal_moves()
            .into_iter()
            .filter(|m| m.from() == Some(from))
            .map(|m| m.to())
            .collect();
        let targets: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&sq| {
                // Not a king's two steps (castling's own way).
                let castling_way = game.board().role_at(from) == Some(Role::King)
                    && from.rank() == sq.rank()
                    && from.file().distance(sq.file()) == 2;
                sq != from
                    && !legal_to.contains(&sq)
                    && !game.board().by_color(us).contains(sq)
                    && !castling_way
            })
            .collect();
        if targets.is_empty() {
            return self.type_line("Zeit");
        }
        let to = targets[self.rng.below(targets.len())];
        let piece = game.board().piece_at(from).unwrap();
        let label = format!("pegs illegal {from}{to}");
        // Said to be illegal when the pegs were right before it (else it is one more
        // difference among others).
        let in_step = self.differing(&self.target()).is_empty() && !self.following;
        let mut effects = Vec::new();
        if self.pegs[to as usize].is_some() {
            effects.extend(self.up(to, &label)?);
        }
        effects.extend(self.up(from, &label)?);
        effects.extend(self.down(to, piece, &label)?);
        self.illegal_way = in_step.then_some((from, to));
        let result = self.check_action(&label, &effects);
        self.illegal_way = None;
        result
    }

    /// A piece lifted and put back: touched (4.3), no move.
    fn touch_and_put_back(&mut self, game: &Chess) -> Result<(), Failure> {
        if self.pegs_differ_from(game) {
            return self.put_board_right();
        }
        let occupied: Vec<Square> = game.board().occupied().into_iter().collect();
        let sq = occupied[self.rng.below(occupied.len())];
        let Some(piece) = self.pegs[sq as usize] else {
            return Ok(());
        };
        let label = format!("pegs touch {sq}");
        let mut effects = self.up(sq, &label)?;
        effects.extend(self.down(sq, piece, &label)?);
        self.check_action(&label, &effects)
    }

    /// An opponent's piece moved by the VI player (a slip of the hand).
    fn move_opponent_piece(&mut self, game: &Chess) -> Result<(), Failure> {
        if self.pegs_differ_from(game) {
            return self.put_board_right();
        }
        let theirs: Vec<Square> = game.board().by_color(!game.turn()).into_iter().collect();
        let from = theirs[self.rng.below(theirs.len())];
        let empty: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|sq| self.pegs[*sq as usize].is_none())
            .collect();
        let to = empty[self.rng.below(empty.len())];
        let Some(piece) = self.pegs[from as usize] else {
            return Ok(());
        };
        let label = format!("pegs opponent's {from}{to}");
        let mut effects = self.up(from, &label)?;
        effects.extend(self.down(to, piece, &label)?);
        self.check_action(&label, &effects)
    }

    /// The VI player's move `m`, placed on the pegs and not yet made, taken off again: an
    /// opponent's peg slips to an empty hole, the move's pegs go back where they stood, the
    /// opponent's peg goes back (in one of two orders). The pegs show the game again, and no
    /// move may be made until they show one.
    fn take_move_off_the_pegs(&mut self, game: &Chess, m: Move) -> Result<(), Failure> {
        let label = format!(
            "pegs put back {}",
            m.to_uci(shakmaty::CastlingMode::Standard)
        );
        let mut after = game.clone();
        after.play_unchecked(m);
        let theirs: Vec<Square> = after.board().by_color(!game.turn()).into_iter().collect();
        let empty: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|sq| self.pegs[*sq as usize].is_none() && game.board().piece_at(*sq).is_none())
            .collect();
        let slip = (!theirs.is_empty() && !empty.is_empty()).then(|| {
            (
                theirs[self.rng.below(theirs.len())],
                empty[self.rng.below(empty.len())],
            )
        });
        let slip_back_first = self.rng.chance(0.5);
        let mut effects = Vec::new();
        if let Some((from, to)) = slip
            && let Some(piece) = self.pegs[from as usize]
        {
            effects.extend(self.up(from, &label)?);
            effects.extend(self.down(to, piece, &label)?);
        }
        if let Some((from, to)) = slip.filter(|_| slip_back_first)
            && let Some(piece) = self.pegs[to as usize]
        {
            effects.extend(self.up(to, &label)?);
            effects.extend(self.down(from, piece, &label)?);
        }
        // As people put a move back: each piece of his from where it went to where it
        // stood, then a captured piece onto its square.
        let us = game.turn();
        let mut ways: Vec<(Square, Square)> = Vec::new();
        let mut captured_back = None;
        match m {
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                ways.push((side.king_to(us), king));
                ways.push((side.rook_to(us), rook));
            }
            _ => {
                let from = m.from().expect("a move from a square");
                ways.push((m.to(), from));
                captured_back = captured(m);
            }
        }
        for (now_on, back_to) in ways {
            let piece = game.board().piece_at(back_to).expect("the piece moved");
            effects.extend(self.up(now_on, &label)?);
            effects.extend(self.down(back_to, piece, &label)?);
        }
        if let Some(sq) = captured_back
            && let Some(piece) = game.board().piece_at(sq)
        {
            effects.extend(self.down(sq, piece, &label)?);
        }
        if let Some((from, to)) = slip.filter(|_| !slip_back_first)
            && let Some(piece) = self.pegs[to as usize]
        {
            effects.extend(self.up(to, &label)?);
            effects.extend(self.down(from, piece, &label)?);
        }
        self.check_action(&label, &effects)
    }

    // --- the opponent's turn --------------------------------------------------------------

    fn opponent_turn(&mut self) -> Result<(), Failure> {
        let game = self.game();
        if self.session.uncompleted() == Some(self.setup.vi) {
            // The VI player's move waits for his clock.
            return self.type_line("");
        }
        let legal: Vec<Move> = game.legal_moves().into_iter().collect();
        let m = legal[self.rng.below(legal.len())];
        let roll = self.rng.below(100);
        if roll < 12 {
            // The VI player follows the move he expects before it is relayed (sometimes
            // another one than the opponent then plays).
            let guess = if self.rng.chance(0.6) {
                m
            } else {
                legal[self.rng.below(legal.len())]
            };
            self.peg_move(&game, guess, false)?;
        }
        let style = if self.rng.chance(0.5) {
            Style::Short
        } else {
            Style::Long
        };
        let text = self.speech().text(&move_tokens(&game, m, style));
        let followed_early = self.pegs_look_like(&game, Some(m));
        if !followed_early && self.pegs_look_like(&game, None) {
            // The relay says what to do: the pegs may still show the position before it.
            self.relayed_from = Some(game.clone());
        }
        let plies = self.session.game().history().len();
        self.type_line(&text)?;
        if self.session.game().history().len() == plies {
            self.relayed_from = None;
            return Ok(());
        }
        self.following = !self.pegs_look_like(&self.game(), None);
        self.relayed = Some((game.clone(), m));
        // The opponent presses his clock, before or after the VI player follows.
        let press_first = self.rng.chance(0.5);
        if press_first && self.setup.clock {
            self.type_line("")?;
        }
        if !followed_early {
            let roll = self.rng.below(100);
            if roll < 85 {
                self.peg_move(&game, m, false)?;
            } else if roll < 95 {
                // Followed wrongly: another move of the opponent.
                let other = legal[self.rng.below(legal.len())];
                self.peg_move(&game, other, false)?;
            }
        }
        if !press_first && self.setup.clock {
            self.type_line("")?;
        }
        Ok(())
    }

    /// Whether any peg stands where `game` has no such piece.
    fn pegs_differ_from(&self, game: &Chess) -> bool {
        !self.pegs_show(game, None)
    }

    /// Whether the pegs show `game` (after `m`, when given) as the board can tell.
    fn pegs_look_like(&self, game: &Chess, m: Option<Move>) -> bool {
        let mut pos = game.clone();
        if let Some(m) = m {
            pos.play_unchecked(m);
        }
        self.differing(&pos).is_empty()
    }

    /// Whether the pegs show `game` (after `m`, when given).
    fn pegs_show(&self, game: &Chess, m: Option<Move>) -> bool {
        let mut pos = game.clone();
        if let Some(m) = m {
            pos.play_unchecked(m);
        }
        Square::ALL
            .into_iter()
            .all(|sq| pos.board().piece_at(sq) == self.pegs[sq as usize])
    }

    // --- offers, claims, answers -----------------------------------------------------------

    fn offer_or_answer(&mut self) -> Result<(), Failure> {
        let any_side =
            |rng: &mut SplitMix| [None, Some(Color::White), Some(Color::Black)][rng.below(3)];
        let command = match self.rng.below(5) {
            0 => Command::OfferDraw(any_side(&mut self.rng)),
            1 => Command::AcceptDraw(any_side(&mut self.rng)),
            2 => Command::DeclineDraw(any_side(&mut self.rng)),
            3 => Command::AcceptDraw(None),
            _ => Command::ClaimDraw(None),
        };
        // As the language's table says it (the German forms are understood in any game).
        let line = if self.rng.chance(0.7) {
            self.speech().text(&command.tokens(self.setup.lang))
        } else {
            Lang::De.text(&command.tokens(Lang::De))
        };
        let offer = self.session.game().pending_draw_offer();
        let both_moved = self.session.game().history().len() >= 2;
        let effects = self.line_effects(&line)?;
        // What ends the game is asked back: "ja" confirms it (mostly).
        let asked = effects.iter().any(|e| {
            matches!(e, Effect::Say { tokens, .. } if tokens.ends_with(&[
                Token::Word(Word::Yes), Token::Word(Word::Or), Token::Word(Word::No)]))
        });
        if asked {
            let answer = if self.rng.chance(0.9) {
                Word::Yes
            } else {
                Word::No
            };
            let text = self.speech().text(&[Token::Word(answer)]);
            self.ask(&text)?;
            if answer == Word::No {
                return Ok(());
            }
        }
        // 9.1.2: a standing offer is accepted by the offerer's opponent, named or not.
        if command == Command::AcceptDraw(None)
            && let Some(offerer) = offer
            && both_moved
            && !self.session.game().is_over()
        {
            return Err(self.failure(&format!(
                "the offer of {offerer:?} stands and \"{line}\" did not accept it"
            )));
        }
        Ok(())
    }

    // --- putting the board right -----------------------------------------------------------

    /// What the pegs should show: the game, with the VI player's move on the board.
    fn target(&self) -> Chess {
        let mut pos = self.game();
        if self.vi_to_move()
            && let Some(m) = self.session.vi_move().on_board
        {
            pos.play_unchecked(m);
        }
        pos
    }

    /// Whether the pegs show something they should not (as the board can tell).
    fn board_wrong(&self) -> bool {
        !self.differing(&self.target()).is_empty()
            && !self
                .relayed_from
                .as_ref()
                .is_some_and(|before| self.differing(before).is_empty())
    }

    /// The squares where the pegs differ from `pos`, as a board of this kind can tell.
    ///
    /// Called after every action of every game: the position's pieces are read once, in one
    /// pass over its bitboards (this test program is compiled at opt-level 0, where 64
    /// `piece_at` calls took a third of the whole test's time), and only squares whose pieces
    /// differ are reduced to what the board can tell.
    fn differing(&self, pos: &Chess) -> Vec<Square> {
        let sensing = self.setup.sensing;
        let shown = pieces_on(pos.board());
        let mut differing = Vec::new();
        for (square, (&piece, &peg)) in Square::ALL.into_iter().zip(shown.iter().zip(&self.pegs)) {
            if piece != peg && sensing.project(piece) != sensing.project(peg) {
                differing.push(square);
            }
        }
        differing
    }

    /// The player does what he was told: every wrong peg lifted, every missing piece put in.
    fn put_board_right(&mut self) -> Result<(), Failure> {
        let target = self.target();
        let wrong: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&sq| target.board().piece_at(sq) != self.pegs[sq as usize])
            .collect();
        let label = "pegs put right".to_string();
        let mut effects = Vec::new();
        for &sq in &wrong {
            if self.pegs[sq as usize].is_some() {
                effects.extend(self.up(sq, &label)?);
            }
        }
        for &sq in &wrong {
            if let Some(piece) = target.board().piece_at(sq) {
                effects.extend(self.down(sq, piece, &label)?);
            }
        }
        self.check_action(&label, &effects)
    }

    // --- inputs ----------------------------------------------------------------------------

    fn tick(&mut self) -> Duration {
        self.now += 700;
        Duration::from_millis(self.now)
    }

    fn up(&mut self, sq: Square, label: &str) -> Result<Vec<Effect>, Failure> {
        let Some(piece) = self.pegs[sq as usize].take() else {
            return Ok(Vec::new());
        };
        if self.vi_to_move()
            && !self.following
            && !self.outstanding
            && !self.touched.iter().any(|(s, _)| *s == sq)
        {
            let game = self.game();
            // The peg stands for the game's piece there as far as the board can tell (a
            // wrong peg of its side the board cannot tell from it is that piece to the
            // program).
            let sensing = self.setup.sensing;
            if let Some(there) = game.board().piece_at(sq)
                && there.color == piece.color
                && sensing.project(Some(there)) == sensing.project(Some(piece))
            {
                self.touched.push((sq, there));
            }
        }
        self.relayed_from = None;
        self.board_input(BoardInput::Up(sq), label)
    }

    fn down(&mut self, sq: Square, piece: Piece, label: &str) -> Result<Vec<Effect>, Failure> {
        if self.pegs[sq as usize].is_some() {
            return Ok(Vec::new());
        }
        self.pegs[sq as usize] = Some(piece);
        self.relayed_from = None;
        let cell = match self.setup.sensing.project(Some(piece)) {
            Cell::Empty => Cell::Peg,
            cell => cell,
        };
        self.board_input(BoardInput::Down(sq, cell), label)
    }

    fn board_input(&mut self, input: BoardInput, label: &str) -> Result<Vec<Effect>, Failure> {
        let before = self.session.game().history().len();
        let game_before = self.game();
        let now = self.tick();
        self.lifting = matches!(input, BoardInput::Up(_));
        let effects = self.session.handle(
            Input::Board(Seat::Peg, LinkEvent::Input(input.clone())),
            now,
        );
        self.after_input(
            &format!("{label}: {input:?}"),
            &game_before,
            before,
            &effects,
        )?;
        Ok(effects)
    }

    /// A line that asks or offers something, no step of a move: what the board shows is
    /// not its business.
    fn ask(&mut self, text: &str) -> Result<(), Failure> {
        self.line_effects(text).map(|_| ())
    }

    fn type_line(&mut self, text: &str) -> Result<(), Failure> {
        let effects = self.line_effects(text)?;
        self.check_action(&format!("typed \"{text}\""), &effects)
    }

    fn line_effects(&mut self, text: &str) -> Result<Vec<Effect>, Failure> {
        let before = self.session.game().history().len();
        let game_before = self.game();
        let now = self.tick();
        self.lifting = false;
        let effects = self.session.handle(Input::Line(text.into()), now);
        self.after_input(&format!("typed \"{text}\""), &game_before, before, &effects)?;
        Ok(effects)
    }

    // --- the invariants --------------------------------------------------------------------

    /// After each input: what was said is recorded; a move made is one the touches allow
    /// (4.3, 4.4); nothing is said twice in a row unless asked for; "the boards agree" is
    /// said only when they do.
    fn after_input(
        &mut self,
        input: &str,
        game_before: &Chess,
        plies_before: usize,
        effects: &[Effect],
    ) -> Result<(), Failure> {
        let history = self.session.game().history();
        if history.len() == plies_before + 1 {
            let played = history.last().unwrap();
            if played.by == self.setup.vi
                && !allowed_by_the_laws(game_before, &self.touched, played.mv)
            {
                return Err(self.failure(&format!(
                    "{input}: the move {} was made although touch-move forbids it (touched {:?})",
                    played.san, self.touched
                )));
            }
        }
        if history.len() == plies_before + 1 {
            let played = history.last().unwrap();
            // D.2.2, D.2.3: the VI player's move is made on the pegs; the program makes it
            // only when they show it.
            if played.by == self.setup.vi && !self.pegs_look_like(game_before, Some(played.mv)) {
                return Err(self.failure(&format!(
                    "{input}: the move {} was made although the pegs do not show it",
                    played.san
                )));
            }
        }
        if history.len() != plies_before {
            self.touched.clear();
        }
        let announce_asked = effects.iter().any(|e| {
            matches!(e, Effect::Say { tokens, .. }
                if tokens.last() == Some(&Token::Word(Word::AnnouncementMissing)))
        });
        if announce_asked
            && self.vi_to_move()
            && !self
                .session
                .vi_move()
                .on_board
                .is_some_and(|m| self.pegs_look_like(&self.game(), Some(m)))
        {
            return Err(self.failure(&format!(
                "{input}: a move was asked to be announced, but the pegs show no move ({:?})",
                self.session.vi_move().on_board
            )));
        }
        self.hear(input, effects, true)?;
        let board_input = !input.starts_with("typed");
        for effect in effects {
            if let Effect::Say { tokens, .. } = effect {
                let wrong = [
                    Word::BoardsDiffer,
                    Word::NotAllowed,
                    Word::CastlingRookFirst,
                    Word::PleaseCorrect,
                ]
                .iter()
                .any(|w| tokens.contains(&Token::Word(*w)))
                    || (board_input && tokens.contains(&Token::Word(Word::NotLegal)));
                if wrong {
                    self.outstanding = true;
                }
                // The board agrees again, or is back at the move placed (to be announced).
                if tokens.first() == Some(&Token::Word(Word::BoardsAgree))
                    || (board_input
                        && tokens.last() == Some(&Token::Word(Word::AnnouncementMissing)))
                {
                    self.outstanding = false;
                }
            }
        }
        // The follow is done when the pegs show the game with no peg in the hand: on a board
        // that senses only occupancy, a capturing piece lifted leaves the pegs looking like
        // the game already (its victim still stands where it goes), and the next peg lifted
        // is still part of the follow, no touch (the session knows the piece is in the hand).
        if !self.lifting && self.pegs_look_like(&self.game(), None) {
            self.following = false;
        }
        for effect in effects {
            if let Effect::Say { tokens, .. } = effect
                && tokens.first() == Some(&Token::Word(Word::BoardsAgree))
            {
                let target = self.target();
                let agree = self.differing(&target).is_empty();
                if !agree {
                    return Err(self.failure(&format!(
                        "{input}: \"boards agree\" said, but the pegs differ on {:?}",
                        self.differing(&target)
                    )));
                }
            }
        }
        Ok(())
    }

    /// Records what was heard; refuses a line said twice in a row by different inputs.
    fn hear(&mut self, input: &str, effects: &[Effect], check: bool) -> Result<(), Failure> {
        let speech = self.speech();
        if !effects
            .iter()
            .any(|e| matches!(e, Effect::Say { .. } | Effect::Show(_)))
        {
            self.story.push(format!("{input} -> (nothing)"));
        }
        for effect in effects {
            let (tokens, said, detail, audience) = match effect {
                Effect::Say {
                    tokens,
                    printed,
                    audience,
                    ..
                } => (
                    tokens.clone(),
                    true,
                    printed.as_ref().and_then(|p| p.detail.clone()),
                    *audience,
                ),
                Effect::Show(shown) => (
                    shown.tokens.clone(),
                    false,
                    shown.detail.clone(),
                    Audience::Everyone,
                ),
                _ => continue,
            };
            let text = speech.text(&tokens);
            self.story.push(format!(
                "{input} -> {}{text}",
                if said { "" } else { "(shown) " }
            ));
            self.heard.push(Heard {
                tokens: tokens.clone(),
                text: text.clone(),
                said,
                detail,
            });
            if !said {
                continue;
            }
            if check && audience == Audience::Player(!self.setup.vi) {
                return Err(self.failure("something was said for the sighted player's ear only"));
            }
            if check
                && let Some((last, last_input)) = &self.last_said
                && *last == text
                && last_input != input
                // A typed line asks for its answer; the board's events ask for nothing.
                && !input.starts_with("typed")
            {
                return Err(self.failure(&format!(
                    "\"{text}\" said twice in a row (after {last_input}, and after {input})"
                )));
            }
            self.last_said = Some((text, input.to_string()));
            if check {
                self.colour_rule(&tokens)?;
            }
        }
        Ok(())
    }

    /// An opponent's piece is said with its colour, one's own never: no colour adjective of
    /// the VI player's own side in anything said about the board.
    fn colour_rule(&self, tokens: &[Token]) -> Result<(), Failure> {
        let about_the_board = [
            Word::Touched,
            Word::Lifted,
            Word::PutBack,
            Word::BoardsDiffer,
            Word::Missing,
            Word::BelongsHere,
            Word::BackTo,
            Word::NotAllowed,
            Word::MustBeCaptured,
            Word::MustTake,
            Word::TouchMove,
        ];
        if !tokens
            .iter()
            .any(|t| matches!(t, Token::Word(w) if about_the_board.contains(w)))
        {
            return Ok(());
        }
        let own = match self.setup.vi {
            Color::White => [Word::WhiteMasculine, Word::WhiteAdjective],
            Color::Black => [Word::BlackMasculine, Word::BlackAdjective],
        };
        if tokens
            .iter()
            .any(|t| matches!(t, Token::Word(w) if own.contains(w)))
        {
            return Err(self.failure("an own piece was said with its colour"));
        }
        Ok(())
    }

    /// After a whole action, when the pegs are in their holes: if they differ from what they
    /// should show, the last thing said about the board names every differing square (and,
    /// where a piece belongs, the piece), unless those same pegs were named before; a move
    /// on the pegs that no rule allows is said to be illegal, and a check is named only when
    /// there is one.
    pub fn check_action(&mut self, action: &str, effects: &[Effect]) -> Result<(), Failure> {
        // The action is done: nothing is in the hand (a peg lifted last was taken off).
        self.lifting = false;
        if self.pegs_look_like(&self.game(), None) {
            self.following = false;
        }
        if self.session.game().is_over() {
            return Ok(());
        }
        let target = self.target();
        let differing = self.differing(&target);
        let speech = self.speech();
        let said: Vec<&Vec<Token>> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Say { tokens, .. } => Some(tokens),
                _ => None,
            })
            .collect();
        if let Some((from, to)) = self.illegal_way
            && !differing.is_empty()
            && self.named.is_none()
        {
            let told = said
                .iter()
                .any(|t| t.contains(&Token::Word(Word::NotLegal)));
            if !told {
                return Err(self.failure(&format!(
                    "{action}: the move {from}{to} on the pegs was not said to be illegal"
                )));
            }
            let check_said = said
                .iter()
                .any(|t| t.contains(&Token::Word(Word::LeavesKingInCheck)));
            if check_said && !leaves_king_attacked(&self.game(), from, to) {
                return Err(self.failure(&format!(
                    "{action}: a check was named for {from}{to}, but there is none"
                )));
            }
        }
        if differing.is_empty()
            || self
                .relayed_from
                .as_ref()
                .is_some_and(|before| self.differing(before).is_empty())
        {
            self.named = None;
            return Ok(());
        }
        // A legal move half made (a capture's piece still standing): while the player's
        // hands are on the pegs that is a move under way; when he says he is done (announces,
        // presses the clock) what is still to do is said against the move.
        let game = self.game();
        let mut target = target;
        if self.following
            && let Some((before, m)) = &self.relayed
            && self.half_made(before, *m)
        {
            // The relayed move half followed (a capture's piece still standing): the VI
            // player's hands are still on it until he goes on to his own move.
            return Ok(());
        }
        if !self.vi_to_move()
            && !self.following
            && action.starts_with("pegs")
            && !half_is_empty(&game, self)
        {
            // The opponent's move half played on the pegs before it is relayed (a rook
            // before its king in castling): hands still on it.
            return Ok(());
        }
        if self.vi_to_move()
            && !self.following
            && !self.outstanding
            && self.session.vi_move().on_board.is_none()
        {
            let half: Vec<Move> = game
                .legal_moves()
                .into_iter()
                .filter(|&m| self.half_made(&game, m))
                .collect();
            let half = self
                .session
                .vi_move()
                .announced
                .filter(|a| half.contains(a))
                .or(match half.as_slice() {
                    [m] => Some(*m),
                    _ => None,
                });
            if let Some(m) = half {
                if action.starts_with("pegs") {
                    return Ok(());
                }
                target.play_unchecked(m);
            } else if !half_is_empty(&game, self) && action.starts_with("pegs") {
                return Ok(());
            }
        }
        let differing = self.differing(&target);
        if differing.is_empty() {
            return Ok(());
        }
        if self.named == Some((self.pegs, target.board().clone())) {
            return Ok(());
        }
        let statements: Vec<&&Vec<Token>> = said
            .iter()
            .filter(|t| {
                t.iter().any(|tok| matches!(tok, Token::File(_)))
                    && !t.contains(&Token::Word(Word::Touched))
                    && !t.contains(&Token::Word(Word::Lifted))
            })
            .collect();
        if statements.is_empty() {
            return Err(self.failure(&format!(
                "{action}: the pegs differ on {differing:?} and nothing said names them"
            )));
        }
        let mut problems = Vec::new();
        for words in &statements {
            let phrases = phrases_of(words);
            let mut missing = Vec::new();
            for sq in &differing {
                // The phrase naming the square, with those after it up to the next square
                // ("Eva fünf, falsche Figur, schwarzer Bauer gehört hierher").
                let named: Vec<Vec<Token>> = (0..phrases.len())
                    .filter(|&i| names_square(&phrases[i], *sq))
                    .map(|i| {
                        let mut p = phrases[i].clone();
                        for next in &phrases[i + 1..] {
                            if next.iter().any(|t| matches!(t, Token::File(_))) {
                                break;
                            }
                            p.extend(next);
                        }
                        p
                    })
                    .collect();
                if named.is_empty() {
                    missing.push(format!("{sq} not named"));
                } else if let Some(piece) = target.board().piece_at(*sq)
                    && !named.iter().any(|p| p.contains(&Token::Piece(piece.role)))
                    && !(piece.role == Role::Pawn
                        && named.iter().any(|p| is_pawn_move_from(p, *sq)))
                {
                    missing.push(format!("{sq}: {piece:?} not said"));
                }
            }
            if missing.is_empty() {
                self.named = Some((self.pegs, target.board().clone()));
                return Ok(());
            }
            problems.push(format!(
                "\"{}\": {}",
                speech.text(words),
                missing.join(", ")
            ));
        }
        Err(self.failure(&format!(
            "{action}: the pegs differ on {differing:?}; {}",
            problems.join("; ")
        )))
    }

    /// Whether the pegs are part of the way of `m` from `game` (some of its pegs moved, not
    /// all), as the board can tell.
    fn half_made(&self, game: &Chess, m: Move) -> bool {
        let mut end = game.clone();
        end.play_unchecked(m);
        let sensing = self.setup.sensing;
        let mut partial = false;
        let mut finished = true;
        for sq in Square::ALL {
            let here = sensing.project(self.pegs[sq as usize]);
            let (a, b) = (
                sensing.project(game.board().piece_at(sq)),
                sensing.project(end.board().piece_at(sq)),
            );
            let piece = self.pegs[sq as usize];
            let fits_end = piece == end.board().piece_at(sq);
            let fits_start = piece == game.board().piece_at(sq);
            let of_the_move = game.board().piece_at(sq) != end.board().piece_at(sq);
            if !fits_start && !fits_end && (piece.is_some() || !of_the_move) {
                return false;
            }
            if here != b || !fits_end {
                finished = false;
            }
            if here != a || !fits_start {
                partial = true;
            }
        }
        partial && !finished
    }

    /// A failure with the story of the game.
    pub fn failure(&self, what: &str) -> Failure {
        let tail: Vec<&String> = self
            .story
            .iter()
            .rev()
            .take(
                std::env::var("BLIND_STORY")
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(40),
            )
            .collect();
        let story: Vec<&str> = tail.into_iter().rev().map(String::as_str).collect();
        format!(
            "{what}\nsetup {:?}\nFEN {}\npegs {}\n--- the story's end ---\n{}",
            self.setup,
            shakmaty::fen::Fen::from_position(&self.game(), EnPassantMode::Legal),
            pegs_text(&self.pegs),
            story.join("\n")
        )
    }
}

/// Whether no legal move of `game` is half made on the player's pegs.
fn half_is_empty(game: &Chess, player: &Player) -> bool {
    !game
        .legal_moves()
        .into_iter()
        .any(|m| player.half_made(game, m))
}

/// A pawn's move said from its square ("Eva fünf schlägt David sechs"): the pawn is named by
/// its way (moves name no "pawn").
fn is_pawn_move_from(phrase: &[Token], sq: Square) -> bool {
    phrase.starts_with(&[Token::File(sq.file()), Token::Rank(sq.rank())])
}

/// The parts of an announcement between pauses.
fn phrases_of(tokens: &[Token]) -> Vec<Vec<Token>> {
    let mut out = vec![Vec::new()];
    for t in tokens {
        if *t == Token::Pause {
            out.push(Vec::new());
        } else {
            out.last_mut().unwrap().push(*t);
        }
    }
    out
}

/// Whether a phrase names a square (its file and rank together). A phrase that names the
/// square and the next one that says what belongs there are one statement: the phrase with
/// the square counts, the piece may stand in it or in the phrase after.
fn names_square(phrase: &[Token], sq: Square) -> bool {
    phrase
        .windows(2)
        .any(|w| w == [Token::File(sq.file()), Token::Rank(sq.rank())])
}

/// The pegs in FEN's board notation.
fn pegs_text(pegs: &[Option<Piece>; 64]) -> String {
    let mut board = Board::empty();
    for sq in Square::ALL {
        if let Some(p) = pegs[sq as usize] {
            board.set_piece_at(sq, p);
        }
    }
    board.to_string()
}

/// Whether moving the piece on `from` to `to` (captured piece off) leaves its king attacked.
fn leaves_king_attacked(pos: &Chess, from: Square, to: Square) -> bool {
    let mut board = pos.board().clone();
    let Some(piece) = board.remove_piece_at(from) else {
        return false;
    };
    board.discard_piece_at(to);
    board.set_piece_at(to, piece);
    let us = piece.color;
    let Some(king) = board.king_of(us) else {
        return false;
    };
    board.attacks_to(king, !us, board.occupied()).any()
}

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
pub fn allowed_by_the_laws(pos: &Chess, touched: &[(Square, Piece)], m: Move) -> bool {
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
    // 4.4.2: a rook, then the king: no castling on that side.
    if let Move::Castle { king, rook } = m {
        let rook_at = touched.iter().position(|(sq, _)| *sq == rook);
        let king_at = touched.iter().position(|(sq, _)| *sq == king);
        if let Some(r) = rook_at
            && king_at.is_none_or(|k| r < k)
        {
            return false;
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

/// The piece on each square of `board`, by square index (as [`Player::pegs`] holds them),
/// read in one pass over its bitboards.
fn pieces_on(board: &shakmaty::Board) -> [Option<Piece>; 64] {
    let mut pieces = [None; 64];
    for (sq, piece) in board {
        pieces[sq as usize] = Some(piece);
    }
    pieces
}
