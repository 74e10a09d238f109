//! The server's move list against ours: which of its moves are new, which of ours it lacks.
//!
//! lichess sends the whole game's moves in every state (`moves`: UCI, separated by spaces).
//! The server's list decides: what it has that we lack is played here; what we have that it
//! lacks is taken back here, except our own last move while it is on its way (sent, or
//! waiting to be sent while the line is down). That one rule covers an opponent's move, our
//! move arriving, a takeback, a stream reopened after the line was down (whatever happened
//! meanwhile), and a game played on from another device.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

/// A move of the server's list that is not legal where it stands: the list is not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the server's move {index} ({uci}) is not legal")]
pub struct IllegalServerMove {
    /// Its place in the list (0 for the first).
    pub index: usize,
    /// The move as sent.
    pub uci: String,
}

/// The server's moves from `start`: every one must be legal in turn. Castling may be written
/// king to destination (`e1g1`) or king to rook (`e1h1`).
pub fn parse_server_moves(start: &Chess, text: &str) -> Result<Vec<Move>, IllegalServerMove> {
    let mut position = start.clone();
    let mut moves = Vec::new();
    for (index, uci) in text.split_whitespace().enumerate() {
        let illegal = || IllegalServerMove {
            index,
            uci: uci.chars().take(16).collect(),
        };
        let parsed = UciMove::from_ascii(uci.as_bytes()).map_err(|_| illegal())?;
        let m = parsed.to_move(&position).map_err(|_| illegal())?;
        position.play_unchecked(m);
        moves.push(m);
    }
    Ok(moves)
}

/// A move as lichess takes it (`/move/{uci}`): castling king to destination.
pub fn uci(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// How our list and the server's compare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reconciled {
    /// How many moves both lists begin with.
    pub common: usize,
    /// Our moves after those to take back (the server lacks them), last first.
    pub take_back: usize,
    /// The server's moves after those, to play here in order.
    pub new: Vec<Move>,
    /// Our last move was on its way and the server has it now.
    pub delivered: bool,
    /// Our last move is on its way and the server does not have it yet (nothing else differs).
    pub awaited: bool,
}

/// Compares `ours` (the game here; its last move on its way to the server when `on_its_way`)
/// with `server`'s list.
pub fn reconcile(ours: &[Move], on_its_way: bool, server: &[Move]) -> Reconciled {
    let common = ours.iter().zip(server).take_while(|(a, b)| a == b).count();
    let on_its_way = on_its_way && !ours.is_empty();
    if on_its_way && common + 1 == ours.len() && server.len() == common {
        return Reconciled {
            common,
            take_back: 0,
            new: Vec::new(),
            delivered: false,
            awaited: true,
        };
    }
    Reconciled {
        common,
        take_back: ours.len() - common,
        new: server[common..].to_vec(),
        delivered: on_its_way && common == ours.len(),
        awaited: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Move> {
        parse_server_moves(&Chess::default(), text).unwrap()
    }

    #[test]
    fn castling_reads_either_way_and_is_written_king_to_destination() {
        let a = moves("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
        let b = moves("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1");
        assert_eq!(a, b);
        assert_eq!(uci(a[6]), "e1g1");
    }

    #[test]
    fn an_illegal_move_names_its_place() {
        assert_eq!(
            parse_server_moves(&Chess::default(), "e2e4 e2e4"),
            Err(IllegalServerMove {
                index: 1,
                uci: "e2e4".into()
            })
        );
        assert!(parse_server_moves(&Chess::default(), "e2e4 zz").is_err());
    }

    #[test]
    fn the_cases_by_name() {
        let game = moves("e2e4 e7e5 g1f3 b8c6");
        // The opponent moved.
        let r = reconcile(&game[..3], false, &game);
        assert_eq!((r.take_back, r.new.len(), r.delivered), (0, 1, false));
        // Our move arrived, and the reply with it.
        let r = reconcile(&game[..3], true, &game);
        assert_eq!((r.take_back, r.new.len(), r.delivered), (0, 1, true));
        // Our move is on its way.
        let r = reconcile(&game[..3], true, &game[..2]);
        assert!(r.awaited && r.take_back == 0 && r.new.is_empty());
        // A takeback of two half-moves.
        let r = reconcile(&game, false, &game[..2]);
        assert_eq!((r.take_back, r.new.len()), (2, 0));
        // Went on differently.
        let other = moves("e2e4 e7e5 g1f3 d7d6");
        let r = reconcile(&game, false, &other);
        assert_eq!((r.common, r.take_back, r.new.len()), (3, 1, 1));
    }
}
