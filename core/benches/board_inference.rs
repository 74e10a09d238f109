//! Boards: time from the last board event of a move to the move decided (target ≤ 1 ms
//! median). The tracker is prepared with all but the last event; the measured call feeds the
//! last one.

use annexd_core::board::events::{EventOrder, move_events};
use annexd_core::board::{BoardInput, Sensing, Tracker, TrackerOutput};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

fn case(c: &mut Criterion, name: &str, fen: &str, uci: &str, order: EventOrder) {
    let pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    for sensing in [Sensing::Occupancy, Sensing::Color, Sensing::Piece] {
        let events: Vec<BoardInput> = move_events(&pos, m, sensing, order)
            .iter()
            .map(|e| BoardInput::from_device(e, sensing).unwrap())
            .collect();
        let (last, first) = events.split_last().unwrap();
        let mut prepared = Tracker::new(pos.clone(), sensing);
        for e in first {
            let _ = prepared.handle(e);
        }
        c.bench_function(&format!("board/{name}/{sensing}"), |b| {
            b.iter_batched(
                || prepared.clone(),
                |mut t| {
                    let out = t.handle(last);
                    assert!(matches!(out.last(), Some(TrackerOutput::Move(_))));
                    out
                },
                BatchSize::SmallInput,
            )
        });
    }
}

fn inference(c: &mut Criterion) {
    case(
        c,
        "opening pawn move",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "e2e4",
        EventOrder::MoverFirst,
    );
    case(
        c,
        "middlegame capture victim last",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9",
        "c4d5",
        EventOrder::MoverFirst,
    );
    case(
        c,
        "castling rook first",
        "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8",
        "e1g1",
        EventOrder::OtherFirst,
    );
}

criterion_group!(benches, inference);
criterion_main!(benches);
