//! Speed of the sealed record and the scoresheets: sealing a journal line, reading a sealed
//! 200-ply journal with its chain checked, and making each sheet of a 200-ply game (the
//! form, the text sheet, the Braille sheet through liblouis, the PDF through pdf-writer), which
//! `play` does at the end of a game.
//!
//! Run: `cargo bench --no-default-features --bench record_sheets -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use annexd::record::{Fonts, braille_sheet, render_pdf};
use annexd_core::Lang;
use annexd_core::game::Game;
use annexd_core::record::{
    Entry, Form, Header, MoveEntry, RecordState, Scoresheet, Sealer, SheetWords, Stamped,
    parse_journal,
};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::{CastlingMode, Position};

/// A game of 200 random legal plies with clock times, as journal lines, and its scoresheet.
fn long_game() -> (Header, Vec<Stamped>, Scoresheet) {
    for seed in 0.. {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut header = Header::standard();
        header.white = "Anna Weiß".into();
        header.black = "Élodie Noël".into();
        header.time_control = Some("5400+30".into());
        let mut sheet = Scoresheet::new(header.clone()).unwrap();
        let mut game = Game::new();
        let mut lines = Vec::new();
        while lines.len() < 200 && !game.is_over() {
            let legal = game.position().legal_moves();
            let mv = legal[rng.random_range(0..legal.len())];
            game.play(mv).unwrap();
            let i = lines.len() as u64;
            let mut entry = MoveEntry::new(mv.to_uci(CastlingMode::Standard).to_string());
            entry.white_ms = Some(5_400_000 - i * 1000);
            entry.black_ms = Some(5_400_000 - i * 900);
            let applied = sheet.apply(&Entry::Move(entry)).unwrap();
            lines.push(Stamped::at(applied.entry, i * 30_000));
        }
        if lines.len() == 200 {
            return (header, lines, sheet);
        }
    }
    unreachable!()
}

fn bench(c: &mut Criterion) {
    let (header, lines, sheet) = long_game();
    let mut sealer = Sealer::new();
    let mut journal = sealer.seal(&Stamped::untimed(Entry::header(header.clone())));
    for line in &lines {
        journal.push('\n');
        journal.push_str(&sealer.seal(line));
    }
    journal.push('\n');
    let contents = parse_journal(journal.as_bytes()).unwrap();
    let state = RecordState::of(&contents);
    assert!(state.intact());

    c.bench_function("record: seal one journal line", |b| {
        let mut sealer = Sealer::new();
        b.iter(|| black_box(sealer.seal(black_box(&lines[100]))))
    });
    c.bench_function(
        "record: read a sealed 200-ply journal, chain checked",
        |b| b.iter(|| black_box(parse_journal(black_box(journal.as_bytes())).unwrap())),
    );
    c.bench_function("sheet: the form of a 200-ply game", |b| {
        b.iter(|| black_box(Form::new(&sheet, &state, Lang::De, SheetWords::Letters)))
    });
    let form = Form::new(&sheet, &state, Lang::De, SheetWords::Letters);
    c.bench_function("sheet: text sheet of a 200-ply game", |b| {
        b.iter(|| black_box(form.to_text()))
    });
    c.bench_function("sheet: Braille (liblouis) of a 200-ply game", |b| {
        b.iter(|| black_box(braille_sheet(&form).unwrap()))
    });
    let fonts = Fonts::find(None).expect("DejaVu Sans (fonts-dejavu-core)");
    c.bench_function("sheet: PDF (pdf-writer) of a 200-ply game, 2 pages", |b| {
        b.iter(|| black_box(render_pdf(&form, &fonts).unwrap()))
    });
    c.bench_function("sheet: find and load the PDF's fonts", |b| {
        b.iter(|| black_box(Fonts::find(None).unwrap()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
