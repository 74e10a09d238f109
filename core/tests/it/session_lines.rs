//! Typed lines and the journal (issue 14), as property tests:
//!
//! - any sequence of lines (commands, words, junk, bytes that are not UTF-8) interleaved with
//!   legal moves (in UCI, SAN or the Annex D words of either language) and clock presses
//!   leaves the journal the session asked for replaying to the same game as the session's;
//! - the fuzz target `session_lines` (its harness, `fuzz/harness/session_lines.rs`) runs here
//!   on byte strings made of the same pieces, so that it is built and exercised by every test
//!   run; the long fuzzing runs are `scripts/fuzz.sh` (docs/reliability.md).

#[path = "../../../fuzz/harness/session_lines.rs"]
mod harness;

use std::time::Duration;

use proptest::prelude::*;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Position};

use annexd_core::record::{Entry, Stamped};
use annexd_core::{Effect, Input, Lang, Style, TypedLine, clean_line, move_tokens};

/// Lines a player, an assistant or an arbiter types, and lines nobody should.
const LINES: &[&str] = &[
    "",
    "Hilfe",
    "Zug",
    "Stellung",
    "Zeit",
    "Zeit verbraucht",
    "Züge",
    "letzte Züge 3",
    "wiederholen",
    "Korrektur",
    "zurück",
    "Uhr",
    "Remis",
    "Remis annehmen",
    "Remis ablehnen",
    "reklamieren",
    "reklamieren Springer Felix drei",
    "Schiedsrichter Pause",
    "Schiedsrichter weiter",
    "Schiedsrichter Zeit Weiß 60",
    "Schiedsrichter Zeit Schwarz -600",
    "Schiedsrichter regelwidrig",
    "Schiedsrichter regelwidrig Weiß",
    "Schiedsrichter zurück 1",
    "Schiedsrichter zurück 3",
    "Feld Eva vier",
    "wo weiße Dame",
    "FEN",
    "ja",
    "nein",
    "hören",
    "Brett e2e4",
    "draw",
    "accept draw",
    "claim",
    "arbiter back 2",
    "take back",
    "Wolke sieben",
    "Eva",
    "vier vier vier",
    "Springer",
    "Dame schlägt",
    "e9e4",
    "\u{0}\u{1b}[A",
    "Eva\u{a0}vier",
    "\t\t",
    "ÿþ",
];

/// Lines that end the game at once: typed last (if at all), so that games grow long.
const ENDINGS: &[&str] = &["aufgeben", "Schwarz gibt auf", "resign", "Remis annehmen"];

/// One step of a game as typed.
#[derive(Debug, Clone)]
enum Step {
    /// A legal move of the position (its index, modulo their number), written in one of the
    /// ways (UCI, SAN, German or English words, short or long).
    Move(usize, u8),
    /// A line of [`LINES`].
    Line(usize),
    /// Any text.
    Text(String),
    /// Any bytes, as the line splitter cleans them.
    Bytes(Vec<u8>),
    /// The clock's button.
    Button,
    /// Time passes (ms), with the clock's deadlines in between.
    Wait(u32),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        24 => (any::<usize>(), any::<u8>()).prop_map(|(i, how)| Step::Move(i, how)),
        12 => (0..LINES.len()).prop_map(Step::Line),
        4 => "\\PC{0,24}".prop_map(Step::Text),
        4 => proptest::collection::vec(any::<u8>(), 0..24).prop_map(Step::Bytes),
        12 => Just(Step::Button),
        4 => (0u32..30_000).prop_map(Step::Wait),
    ]
}

/// The move's text in one of six ways.
fn written(pos: &shakmaty::Chess, m: shakmaty::Move, how: u8) -> String {
    match how % 6 {
        0 => m.to_uci(CastlingMode::Standard).to_string(),
        1 => San::from_move(pos, m).to_string(),
        2 => Lang::De.text(&move_tokens(pos, m, Style::Short)),
        3 => Lang::De.text(&move_tokens(pos, m, Style::Long)),
        4 => Lang::En.text(&move_tokens(pos, m, Style::Short)),
        _ => Lang::En.text(&move_tokens(pos, m, Style::Long)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn any_lines_interleaved_with_moves_replay_to_the_same_game(
        setup in any::<u8>(),
        steps in proptest::collection::vec(step(), 1..120),
        ending in proptest::option::of(0..ENDINGS.len()),
    ) {
        let steps = steps
            .into_iter()
            .chain(ending.map(|i| Step::Text(ENDINGS[i].to_string())));
        // No peg board (moves are typed) and no one-second clock (games would end at once).
        let setup = setup & !16;
        let setup = if (setup >> 2) & 3 == 3 { setup & !12 } else { setup };
        let mut session = harness::session_for(setup);
        let mut journal = Stamped::untimed(Entry::header(session.sheet().header().clone())).to_json_line();
        journal.push('\n');
        let mut now = Duration::ZERO;
        for step in steps {
            let mut effects = Vec::new();
            let mut at = now + Duration::from_millis(100);
            let input = match step {
                Step::Move(i, how) => {
                    let pos = session.game().position().clone();
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        continue;
                    }
                    Input::Line(written(&pos, moves[i % moves.len()], how))
                }
                Step::Line(i) => Input::Line(LINES[i].to_string()),
                Step::Text(text) => Input::Line(text),
                Step::Bytes(bytes) => match clean_line(&bytes) {
                    TypedLine::Text(text) => Input::Line(text),
                    _ => continue,
                },
                Step::Button => Input::ClockButton,
                Step::Wait(ms) => {
                    at = now + Duration::from_millis(u64::from(ms));
                    Input::Tick
                }
            };
            while let Some(deadline) = session.next_deadline() {
                if deadline <= now || deadline >= at {
                    break;
                }
                now = deadline;
                effects.extend(session.handle(Input::Tick, now));
            }
            now = at;
            effects.extend(session.handle(input, now));
            for effect in effects {
                if let Effect::Record(entry, _) = effect {
                    journal.push_str(&entry.to_json_line());
                    journal.push('\n');
                }
            }
            harness::check_replay(&session, journal.as_bytes());
        }
        if std::env::var_os("SHOW_GAMES").is_some() {
            eprintln!("{} plies, {:?}", session.game().history().len(), session.game().outcome());
        }
    }

    #[test]
    fn the_fuzz_harness_takes_any_bytes(
        setup in any::<u8>(),
        pieces in proptest::collection::vec(
            prop_oneof![
                (0..LINES.len()).prop_map(|i| LINES[i].as_bytes().to_vec()),
                proptest::collection::vec(any::<u8>(), 0..16),
                Just(b"Eva vier\n".to_vec()),
                Just(b"\r\n".to_vec()),
                Just(b"\n".to_vec()),
            ],
            0..60,
        ),
    ) {
        let mut data = vec![setup];
        for piece in pieces {
            data.extend(piece);
            data.push(b'\n');
        }
        harness::run(&data);
    }
}
