//! Games for the scoresheet tests, played through the scoresheet as the program plays them:
//! one with every kind of note a sheet shows (a draw offer declined, an incorrect claim, an
//! illegal move and its penalty, time added by the arbiter, a move taken back by the
//! arbiter, castling on both sides, a promotion, a flag), and one drawn by a correct claim.
//! Shared by the core's tests and the program's (`#[path]`).

#![allow(dead_code)]

use annexd_core::record::{
    ClockAdjustmentEntry, Entry, Header, MoveEntry, Scoresheet, Stamped, UndoEntry,
};
use shakmaty::Color;

/// A game as the lines of its journal (after the header) and the scoresheet they give.
pub struct Played {
    pub header: Header,
    pub lines: Vec<Stamped>,
    pub sheet: Scoresheet,
}

/// What happens in a scripted game.
enum Step {
    /// A move in UCI, and the mover's clock after it in seconds.
    Move(&'static str, u64),
    /// Any other entry.
    Entry(Entry),
}

fn header() -> Header {
    let mut header = Header::standard();
    header.white = "Anna Weiß".into();
    header.black = "Élodie Noël".into();
    header.event = "Offene Stadtmeisterschaft Köln".into();
    header.site = "Köln".into();
    header.round = "3".into();
    header.board = "12".into();
    header.date = Some("2024.05.01".into());
    header.time = Some("14:00:00".into());
    header.time_control = Some("5400+30".into());
    header
}

fn play(header: Header, steps: Vec<Step>) -> Played {
    let mut sheet = Scoresheet::new(header.clone()).unwrap();
    let mut lines = Vec::new();
    let mut clocks = [5_400_000u64, 5_400_000u64];
    for (i, step) in steps.into_iter().enumerate() {
        let at = (i as u64 + 1) * 20_000;
        let entry = match step {
            Step::Move(uci, seconds) => {
                let side = if sheet.game().turn() == Color::White {
                    0
                } else {
                    1
                };
                clocks[side] = seconds * 1000;
                let mut entry = MoveEntry::new(uci);
                entry.white_ms = Some(clocks[0]);
                entry.black_ms = Some(clocks[1]);
                Entry::Move(entry)
            }
            Step::Entry(entry) => entry,
        };
        let was_over = sheet.game().is_over();
        let applied = sheet
            .apply(&entry)
            .unwrap_or_else(|e| panic!("step {i} ({entry:?}): {e}"));
        lines.push(Stamped::at(applied.entry, at));
        if let Some(result) = sheet.result_entry_after(was_over, &lines.last().unwrap().entry) {
            let confirmed = sheet.apply(&result).unwrap();
            lines.push(Stamped::at(confirmed.entry, at));
        }
    }
    Played {
        header,
        lines,
        sheet,
    }
}

fn time(side: Color, seconds: i64, reason: &str) -> Step {
    Step::Entry(Entry::ClockAdjustment(ClockAdjustmentEntry {
        side,
        delta_ms: seconds * 1000,
        set_ms: None,
        reason: reason.into(),
    }))
}

/// The game with every kind of note; White's flag falls at the end (0-1):
///
/// ```text
/// 1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. Nc3 e6 (=, declined) 5. d4 Be7 6. Bf4 O-O 7. Qd2
/// (Black claims a draw: incorrect, White +2 min) Qb6 8. O-O-O (White's illegal move: Black
/// +2 min) Nbd7 9. cxb7 (the arbiter gives Black a minute) Rb8 10. Nb5 (taken back by the
/// arbiter) 10. bxc8=Q Rfxc8, White's flag falls.
/// ```
pub fn every_note() -> Played {
    use Step::Move as M;
    let steps = vec![
        M("e2e4", 5390),
        M("d7d5", 5385),
        M("e4d5", 5370),
        M("c7c6", 5360),
        M("d5c6", 5300),
        M("g8f6", 5280),
        M("b1c3", 5200),
        M("e7e6", 5150),
        Step::Entry(Entry::offer_draw(Color::Black)),
        Step::Entry(Entry::decline_draw(Color::White)),
        M("d2d4", 5100),
        M("f8e7", 5000),
        M("c1f4", 4950),
        M("e8g8", 4900),
        M("d1d2", 4800),
        Step::Entry(Entry::claim(Color::Black, None)),
        time(Color::White, 120, "9.5.3"),
        M("d8b6", 4700),
        M("e1c1", 4650),
        Step::Entry(Entry::illegal_move(
            Color::White,
            Some("clock pressed without a move".into()),
        )),
        time(Color::Black, 120, "7.5.3"),
        M("b8d7", 4710),
        M("c6b7", 4600),
        time(Color::Black, 60, "6.10.2"),
        M("a8b8", 4650),
        M("c3b5", 4500),
        Step::Entry(Entry::Undo(UndoEntry {
            undone: None,
            reason: Some("arbiter".into()),
        })),
        M("b7c8q", 4400),
        M("f8c8", 4600),
        Step::Entry(Entry::flag(Color::White)),
    ];
    play(header(), steps)
}

/// A game drawn by a correct claim of threefold repetition with the intended move written.
pub fn claimed_draw() -> Played {
    use Step::Move as M;
    let steps = vec![
        M("g1f3", 5390),
        M("g8f6", 5390),
        M("f3g1", 5380),
        M("f6g8", 5380),
        M("g1f3", 5370),
        M("g8f6", 5370),
        M("f3g1", 5360),
        Step::Entry(Entry::claim(Color::Black, Some("f6g8".into()))),
    ];
    play(header(), steps)
}

/// A game with notes before any move and an offer whose move never came (issue 34): White
/// claims a draw before his first move (incorrect: Black +2 min; it counts as an offer, whose
/// `(=)` goes with 1. e4), then, after 1… e5, offers a draw before his second move and the game
/// is left there.
pub fn notes_before_moves() -> Played {
    use Step::Move as M;
    let steps = vec![
        Step::Entry(Entry::claim(Color::White, None)),
        time(Color::Black, 120, "9.5.3"),
        M("e2e4", 5390),
        M("e7e5", 5385),
        Step::Entry(Entry::offer_draw(Color::White)),
    ];
    play(header(), steps)
}

/// [`notes_before_moves`] with White's second move made: the offer's `(=)` is on it.
pub fn offer_before_the_move() -> Played {
    use Step::Move as M;
    let steps = vec![
        M("e2e4", 5390),
        M("e7e5", 5385),
        Step::Entry(Entry::offer_draw(Color::White)),
        M("g1f3", 5380),
    ];
    play(header(), steps)
}
