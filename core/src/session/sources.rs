//! Where each side's moves come from (issue 30): the VI player's pegs, voice and keys; the
//! sighted player's e-board or his moves typed at the program (a relay); a chess program the
//! program runs; a remote opponent. The session knows which side each source speaks for
//! ([`Sources`]): a command typed at a shared keyboard asks whose it is only when the keyboard
//! speaks for both players, a move typed for a side whose moves come from elsewhere is
//! refused, and the boards follow the moves made elsewhere (the peg board follows every move
//! but the VI player's own, checked square by square as a relayed move is).
//!
//! An opponent outside the board (a program, a remote player) talks to the game through one
//! input and one effect, whatever it is: [`FromOpponent`] (it moved, its clock, its offers,
//! the game ended there, its name, its troubles) and [`ToOpponent`] (our move is completed:
//! send it; our offers and answers; the engine's own orders). Its port turns what it hears
//! into `Input::Opponent(…)` and carries out `Effect::ToOpponent(…)`; the session decides
//! everything else (what is said, recorded, followed on the pegs).

use std::time::Duration;

use shakmaty::Color;

use super::seat::Seat;
use crate::game::GameOutcome;
use crate::record::OpponentSource;
use crate::speech::Priority;
use crate::words::Token;

/// Where one side's moves come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveSource {
    /// The VI player: his pegs, his voice, the keys.
    ViPlayer,
    /// A sighted player at the board: his e-board (`e_board`) or his moves typed or said at
    /// the program, relayed.
    SightedPlayer {
        /// His moves come from an e-board the program sees.
        e_board: bool,
    },
    /// A chess program the program runs (`--opponent engine`).
    Program,
    /// A remote opponent (`--opponent lichess`).
    Remote,
}

impl MoveSource {
    /// Its moves come from outside the board and the keyboard (a program, a remote player).
    pub fn is_outside(self) -> bool {
        matches!(self, MoveSource::Program | MoveSource::Remote)
    }
}

impl From<OpponentSource> for MoveSource {
    fn from(source: OpponentSource) -> Self {
        match source {
            OpponentSource::Program => MoveSource::Program,
            OpponentSource::Remote => MoveSource::Remote,
        }
    }
}

/// The sources of both sides' moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sources {
    /// White's.
    pub white: MoveSource,
    /// Black's.
    pub black: MoveSource,
}

impl Sources {
    /// The VI player on `vi_side`, the other side's moves from `opponent`.
    pub fn new(vi_side: Color, opponent: MoveSource) -> Sources {
        let mut sources = Sources {
            white: MoveSource::ViPlayer,
            black: MoveSource::ViPlayer,
        };
        *sources.of_mut(!vi_side) = opponent;
        sources
    }

    /// Where `side`'s moves come from.
    pub fn of(&self, side: Color) -> MoveSource {
        match side {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    fn of_mut(&mut self, side: Color) -> &mut MoveSource {
        match side {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// The side whose moves come from outside (a program, a remote player), if one does.
    pub fn outside_side(&self) -> Option<Color> {
        [Color::White, Color::Black]
            .into_iter()
            .find(|side| self.of(*side).is_outside())
    }

    /// The VI player's side (the side whose moves come from his pegs, voice and keys; White
    /// when both do, as when one person types both sides).
    pub fn vi_side(&self) -> Color {
        if self.black == MoveSource::ViPlayer && self.white != MoveSource::ViPlayer {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Whether a line typed (or said) at the program may be a move of `side`: never for a
    /// side whose moves come from outside.
    pub fn keyboard_moves_for(&self, side: Color) -> bool {
        !self.of(side).is_outside()
    }

    /// Whether the keyboard speaks for the opponent too (his moves are typed here), so that
    /// a command that ends the game asks whose it is.
    pub fn keyboard_speaks_for_both(&self) -> bool {
        [self.white, self.black].iter().all(|s| {
            matches!(
                s,
                MoveSource::ViPlayer | MoveSource::SightedPlayer { e_board: false }
            )
        })
    }

    /// Whose moves a seat's board follows when they are made elsewhere: the peg board the
    /// opponent's (the VI player makes them on his pegs, checked square by square); the
    /// sighted player's e-board the VI player's.
    pub fn followed_on(&self, seat: Seat, vi_side: Color) -> Color {
        match seat {
            Seat::Peg => !vi_side,
            Seat::Sighted => vi_side,
        }
    }
}

/// What an opponent outside the board tells the game (`Input::Opponent`).
#[derive(Debug, Clone, PartialEq)]
pub enum FromOpponent {
    /// It is known: its name (an engine's "Stockfish 15.1", a remote player's name) and its
    /// level or rating. Recorded in the journal (and the PGN's player tag); nothing said.
    Joined {
        /// Its name.
        name: String,
        /// An engine's level in Elo (`None`: full strength), a remote player's rating.
        elo: Option<u32>,
    },
    /// It moved: the move in UCI (`e7e5`, `e1g1`), made in the position after `after`
    /// half-moves of the game. Announced in the game's words, completed at once (it pressed
    /// its own clock), recorded, and followed on the pegs; a move for another position (one
    /// taken back meanwhile) is passed over, one that is not legal there is said and dropped.
    Moved {
        /// The move in UCI.
        uci: String,
        /// The half-moves of the game before it.
        after: usize,
    },
    /// Both clocks as the outside keeps them (a server's), read now: the game's clock is set
    /// to them.
    Clocks {
        /// White's time left.
        white: Duration,
        /// Black's time left.
        black: Duration,
    },
    /// An offer or a request of the opponent, or its answer to ours.
    Offer(OpponentOffer),
    /// Half-moves taken back outside (a takeback agreed, a move the server refused, a game
    /// that went on differently there): the game and the boards go back.
    TookBack {
        /// How many half-moves, the last first.
        plies: usize,
    },
    /// The game ended outside (a resignation or a flag there, a server's verdict): recorded
    /// with its reason and said, the words of why first.
    Ended {
        /// The result and its reason (a resignation and a fallen flag are recorded as such,
        /// the rules then give the result; any other reason is recorded as decided there).
        outcome: GameOutcome,
        /// The end in words ("Schwarz gibt auf, Weiß gewinnt", "vom Server beendet"), said
        /// instead of the outcome's own words; empty: those are said.
        why: Vec<Token>,
    },
    /// Words of the opponent's source to say (connecting, waiting, the line lost and back, a
    /// message), with data shown after them that no voice says (a name).
    Said {
        /// The words.
        tokens: Vec<Token>,
        /// Data shown after them.
        detail: Option<String>,
        /// How urgently.
        priority: Priority,
    },
    /// The opponent's source failed and cannot go on by itself (a program missing or crashed,
    /// a server refusing): said urgently; the game is kept, and may go on against another
    /// opponent or be resumed.
    Failed {
        /// What happened, in words.
        tokens: Vec<Token>,
        /// Data shown after them (a path, a server's reason).
        detail: Option<String>,
    },
    /// A line for the log only.
    Log(String),
    /// What the chess program decided (its readiness, a search's result, its failure): the
    /// session plays its move, says hints, threats, evaluations and the review.
    #[cfg(feature = "engine")]
    Engine(crate::engine::Decision),
}

/// An offer or a request of the opponent outside, or its answer to ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpponentOffer {
    /// It offers a draw (9.1.2): recorded and said; "Remis annehmen" accepts it.
    DrawOffered,
    /// It declined our draw offer.
    DrawDeclined,
    /// It asks to take back its last move: said; our answer is [`OurRequest::AcceptTakeback`]
    /// or [`OurRequest::DeclineTakeback`].
    TakebackAsked,
    /// It declined our request to take back.
    TakebackDeclined,
}

/// What the game tells or asks the opponent outside (`Effect::ToOpponent`).
#[derive(Debug, Clone, PartialEq)]
pub enum ToOpponent {
    /// Our move is completed (the clock pressed, or made where there is no clock): send it.
    Moved {
        /// The move in UCI.
        uci: String,
        /// The half-moves of the game before it.
        after: usize,
    },
    /// Our side asks or answers, confirmed where it ends the game.
    Request(OurRequest),
    /// What the chess program is to do: search (its move, a hint, a threat, an evaluation, the
    /// review), cancel, restart, quit.
    #[cfg(feature = "engine")]
    Engine(crate::engine::Order),
}

/// What our side asks of the opponent outside, or answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OurRequest {
    /// We resign.
    Resign,
    /// We offer a draw.
    OfferDraw,
    /// We accept its draw offer.
    AcceptDraw,
    /// We decline its draw offer.
    DeclineDraw,
    /// We ask to take back our last move.
    ProposeTakeback,
    /// We accept its request to take back.
    AcceptTakeback,
    /// We decline its request to take back.
    DeclineTakeback,
    /// We abort the game (before both sides moved).
    Abort,
    /// We claim the win (the opponent left).
    ClaimVictory,
    /// We claim a draw (the opponent left).
    ClaimDraw,
    /// We read the players' chat (its new lines are said).
    ReadChat,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opponent_outside_speaks_for_its_side_and_the_keyboard_for_the_vi_player_only() {
        let sources = Sources::new(Color::Black, MoveSource::Program);
        assert_eq!(sources.of(Color::White), MoveSource::Program);
        assert_eq!(sources.of(Color::Black), MoveSource::ViPlayer);
        assert_eq!(sources.outside_side(), Some(Color::White));
        assert_eq!(sources.vi_side(), Color::Black);
        assert!(!sources.keyboard_moves_for(Color::White));
        assert!(sources.keyboard_moves_for(Color::Black));
        assert!(!sources.keyboard_speaks_for_both());
        let relay = Sources::new(Color::White, MoveSource::SightedPlayer { e_board: false });
        assert!(relay.keyboard_speaks_for_both());
        assert_eq!(relay.outside_side(), None);
        let e_board = Sources::new(Color::White, MoveSource::SightedPlayer { e_board: true });
        assert!(!e_board.keyboard_speaks_for_both());
        assert_eq!(e_board.followed_on(Seat::Peg, Color::White), Color::Black);
        assert_eq!(
            e_board.followed_on(Seat::Sighted, Color::White),
            Color::White
        );
    }
}
