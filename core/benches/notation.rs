//! Speed of spoken notation: parsing a spoken move and rendering a move, in a middlegame
//! position (targets: parse ≤ 50 µs, render ≤ 5 µs median).

use std::hint::black_box;

use annexd_core::{Lang, Speech, Style, WordSet, move_tokens, parse_move};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

/// A middlegame with many legal moves (Kiwipete).
const MIDDLEGAME: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn middlegame() -> Chess {
    MIDDLEGAME
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn bench(c: &mut Criterion) {
    let pos = middlegame();
    let m = "e5f7".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    c.bench_function("parse spoken long move (middlegame)", |b| {
        b.iter(|| {
            parse_move(
                black_box(&pos),
                black_box("Springer Eva fünf schlägt Felix sieben"),
            )
        })
    });
    c.bench_function("parse spoken short move (middlegame)", |b| {
        b.iter(|| parse_move(black_box(&pos), black_box("Springer schlägt Felix sieben")))
    });
    c.bench_function("parse French short move (middlegame)", |b| {
        b.iter(|| parse_move(black_box(&pos), black_box("Cavalier prend Félix sept")))
    });
    c.bench_function("render move tokens (middlegame)", |b| {
        b.iter(|| move_tokens(black_box(&pos), black_box(m), Style::Short))
    });
    c.bench_function("render move text (middlegame)", |b| {
        b.iter(|| Lang::De.text(&move_tokens(black_box(&pos), black_box(m), Style::Short)))
    });
    let french = Speech::new(Lang::Fr, WordSet::Local);
    c.bench_function("render move text in French (middlegame)", |b| {
        b.iter(|| french.text(&move_tokens(black_box(&pos), black_box(m), Style::Short)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
