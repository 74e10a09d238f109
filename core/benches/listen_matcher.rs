//! The matcher's time: understanding one utterance in a position (every phrase of every
//! legal move and command, against up to five alternatives).

use annexd_core::Lang;
use annexd_core::listen::{Heard, HeardFrom, understand};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn bench(c: &mut Criterion) {
    let middle = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let start = Chess::default();
    let five = Heard {
        alternatives: vec![
            ("dame felix drei".into(), 100.0),
            ("dame felix zwei".into(), 99.0),
            ("dame hektor drei".into(), 98.0),
            ("turm felix drei".into(), 97.5),
            ("dame felix drei schach".into(), 97.0),
        ],
        ..Heard::default()
    };
    c.bench_function("understand: start, one alternative", |b| {
        b.iter(|| understand(&start, &Heard::text("springer felix drei"), Lang::De))
    });
    c.bench_function("understand: 48 legal moves, five alternatives", |b| {
        b.iter(|| understand(&middle, &five, Lang::De))
    });
    // A transcript (Whisper's): the words in doubt, so it is also compared letter by letter
    // with every phrase of the position.
    let transcript = Heard {
        from: HeardFrom::Transcript,
        ..Heard {
            alternatives: vec![
                ("Dame Hektor Fünfe".into(), -3.0),
                ("Dame Hector fünf".into(), -4.0),
                ("Dame Hector 5".into(), -5.0),
                ("Dame H5".into(), -6.0),
                ("Dame Hektor Fünfer".into(), -7.0),
            ],
            ..Heard::default()
        }
    };
    c.bench_function(
        "understand: 48 legal moves, a transcript of five alternatives",
        |b| b.iter(|| understand(&middle, &transcript, Lang::De)),
    );
    // French: both word sets in one lexicon, so a phrase may be said in either or mixed.
    c.bench_function("understand: start, one alternative, French", |b| {
        b.iter(|| understand(&start, &Heard::text("cavalier félix trois"), Lang::Fr))
    });
    let cinq = Heard {
        alternatives: vec![
            ("dame felix trois".into(), 100.0),
            ("dame felix deux".into(), 99.0),
            ("dame hector trois".into(), 98.0),
            ("tour felix trois".into(), 97.5),
            ("dame felix drei échec".into(), 97.0),
        ],
        ..Heard::default()
    };
    c.bench_function(
        "understand: 48 legal moves, five alternatives, French",
        |b| b.iter(|| understand(&middle, &cinq, Lang::Fr)),
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
