//! Speed of the rules and the scoresheet: playing moves (with every automatic check), replaying
//! a journal, rendering PGN, and appending a journal line with its fsync.
//!
//! Run: `cargo bench --no-default-features --bench game_record`.

use std::hint::black_box;

use annexd::record::{Journal, parse_journal_at};
use annexd_core::game::Game;
use annexd_core::record::{Entry, Header, MoveEntry, Scoresheet, Stamped, replay};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::{CastlingMode, Move, Position};

/// A 200-ply game of random legal moves (shorter if it ends), as moves.
fn random_moves(seed: u64) -> Vec<Move> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new();
    let mut moves = Vec::new();
    while moves.len() < 200 && !game.is_over() {
        let legal = game.position().legal_moves();
        let mv = legal[rng.random_range(0..legal.len())];
        game.play(mv).unwrap();
        moves.push(mv);
    }
    moves
}

/// A long game of 200 plies: random moves until the game would end, then knights shuffling.
fn long_game() -> Vec<Move> {
    let mut seed = 0;
    loop {
        let moves = random_moves(seed);
        if moves.len() == 200 {
            return moves;
        }
        seed += 1;
    }
}

fn entries(moves: &[Move]) -> Vec<Stamped> {
    moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let mut e = MoveEntry::new(mv.to_uci(CastlingMode::Standard).to_string());
            e.white_ms = Some(5_400_000 - i as u64 * 1000);
            e.black_ms = Some(5_400_000 - i as u64 * 900);
            Stamped::at(Entry::Move(e), i as u64 * 30_000)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let moves = long_game();
    assert_eq!(moves.len(), 200);
    let entries = entries(&moves);

    c.bench_function("game: play 200 plies with all automatic checks", |b| {
        b.iter(|| {
            let mut game = Game::new();
            for &mv in &moves {
                black_box(game.play(mv).unwrap());
            }
            game
        })
    });

    let mut sheet = Scoresheet::new(Header::standard()).unwrap();
    for e in &entries {
        sheet.apply(&e.entry).unwrap();
    }
    let mut text = Stamped::untimed(Entry::header(Header::standard())).to_json_line();
    for e in &entries {
        text.push('\n');
        text.push_str(&e.to_json_line());
    }
    text.push('\n');

    c.bench_function("record: parse and replay a 200-move journal", |b| {
        b.iter(|| {
            let contents =
                parse_journal_at(black_box(text.as_bytes()), std::path::Path::new("j")).unwrap();
            replay(&contents).unwrap()
        })
    });

    c.bench_function("record: render the PGN of a 200-ply game", |b| {
        b.iter(|| annexd_core::record::pgn_text(black_box(&sheet)))
    });

    c.bench_function(
        "record: apply one move to a 200-ply scoresheet (clone + apply)",
        |b| {
            let mut short = Scoresheet::new(Header::standard()).unwrap();
            for e in &entries[..199] {
                short.apply(&e.entry).unwrap();
            }
            b.iter(|| {
                let mut s = short.clone();
                s.apply(&entries[199].entry).unwrap();
                s
            })
        },
    );

    let dir = tempfile::tempdir_in(std::env::temp_dir()).unwrap();
    let mut journal =
        Journal::create(&dir.path().join("bench.jsonl"), &Header::standard()).unwrap();
    c.bench_function(
        "record: append one journal line with fsync (temp dir)",
        |b| b.iter(|| journal.append(black_box(&entries[0])).unwrap()),
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
