//! Random games for the scoresheet tests: random legal moves with clock times, and now and
//! then every other event a game can have (offers, answers, claims, illegal moves, takebacks,
//! clock changes, resignation, flag fall). Only entries the rules accept are kept.

#![allow(dead_code)]

use annexd_core::record::{ClockAdjustmentEntry, Entry, Header, MoveEntry, Scoresheet, Stamped};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::Color;
use shakmaty::{CastlingMode, Position};

/// How rich the random game is.
#[derive(Clone, Copy)]
pub struct Mix {
    /// At most this many plies.
    pub max_plies: usize,
    /// Draw offers, answers and claims.
    pub offers: bool,
    /// Illegal moves, takebacks, clock changes, resignation and flag.
    pub events: bool,
    /// Clock times on moves.
    pub clocks: bool,
}

/// A random game as the journal lines that made it (timed when the game has clock times),
/// and the scoresheet they give.
pub fn random_game(seed: u64, mix: Mix) -> (Vec<Stamped>, Scoresheet) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut header = Header::standard();
    header.white = "Anna Weiß".into();
    header.black = "Bella \"B\" Schwarz".into();
    header.event = "Random test".into();
    header.date = Some("2024-05-01".into());
    if mix.clocks {
        header.time_control = Some("5400+30".into());
    }
    let mut sheet = Scoresheet::new(header).unwrap();
    let mut entries = Vec::new();
    let mut clocks = [5_400_000u64, 5_400_000u64];
    let mut now = 0u64;
    let mut plies = 0;
    while plies < mix.max_plies && !sheet.game().is_over() {
        let game = sheet.game();
        let turn = game.turn();
        let roll = rng.random_range(0..100);
        let candidate = if mix.offers && roll < 6 {
            let last_mover = game.history().last().map(|m| m.by).unwrap_or(Color::Black);
            Entry::offer_draw(last_mover)
        } else if mix.offers && roll < 9 {
            Entry::accept_draw(turn)
        } else if mix.offers && roll < 12 {
            Entry::decline_draw(turn)
        } else if mix.offers
            && (roll < 14 || (game.repetition_count() >= 3 && rng.random_bool(0.3)))
        {
            let intended = if rng.random_bool(0.5) {
                let moves = game.position().legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                Some(mv.to_uci(CastlingMode::Standard).to_string())
            } else {
                None
            };
            Entry::claim(turn, intended)
        } else if mix.events && roll < 15 {
            Entry::illegal_move(turn, Some("clock pressed without a move".into()))
        } else if mix.events && roll < 19 {
            Entry::undo()
        } else if mix.events && roll < 20 {
            Entry::ClockAdjustment(ClockAdjustmentEntry {
                side: !turn,
                delta_ms: 120_000,
                set_ms: None,
                reason: "penalty {7.5.3}".into(),
            })
        } else if mix.events && roll == 20 && rng.random_bool(0.2) {
            Entry::resign(turn)
        } else if mix.events && roll == 21 && rng.random_bool(0.2) {
            Entry::flag(turn)
        } else {
            let moves = game.position().legal_moves();
            // Often go back where one came from, so that positions repeat (9.2, 9.6.1).
            let back = game.history().iter().rev().nth(1).and_then(|own| {
                moves.iter().copied().find(|m| {
                    m.from() == Some(own.mv.to())
                        && m.to() == own.mv.from().unwrap()
                        && !m.is_capture()
                })
            });
            let mv = match back {
                Some(back) if rng.random_bool(0.6) => back,
                _ => moves[rng.random_range(0..moves.len())],
            };
            let mut entry = MoveEntry::new(mv.to_uci(CastlingMode::Standard).to_string());
            if mix.clocks {
                now += rng.random_range(1_000..120_000);
                let index = if turn == Color::White { 0 } else { 1 };
                clocks[index] =
                    clocks[index].saturating_sub(rng.random_range(1_000..100_000)) + 30_000;
                entry.white_ms = Some(clocks[0]);
                entry.black_ms = Some(clocks[1]);
            }
            plies += 1;
            Entry::Move(entry)
        };
        if let Ok(applied) = sheet.apply(&candidate) {
            entries.push(if mix.clocks {
                Stamped::at(applied.entry, now)
            } else {
                Stamped::untimed(applied.entry)
            });
        }
    }
    (entries, sheet)
}

/// The moves of a PGN's movetext, in SAN: the tags (up to the first empty line) and the
/// comments, move numbers, draw-offer marks `(=)`, check signs and the result left out.
pub fn pgn_san(pgn: &str) -> Vec<String> {
    // The tags, then an empty line, then the movetext (whose comments may begin a line
    // with '[').
    let movetext = pgn.split_once("\n\n").map_or("", |(_, moves)| moves);
    let mut depth = 0;
    let mut plain = String::new();
    for c in movetext.replace('\n', " ").chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(t))
        .map(|t| {
            t.trim_end_matches("(=)")
                .trim_end_matches(['+', '#'])
                .to_string()
        })
        .collect()
}
