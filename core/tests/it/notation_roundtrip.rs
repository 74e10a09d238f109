//! Round trip of spoken notation: every legal move, rendered in each language, word set
//! (the Annex D words and the language's own) and style and parsed back, is the same move.
//! Positions: shakmaty's own perft suites (read from the shakmaty sources cargo has
//! downloaded) and positions from random legal games.

use std::path::PathBuf;

use annexd_core::{Speech, Style, move_tokens, parse_move};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use crate::support::share;

/// Standard-chess positions of shakmaty's `tricky.perft` suite (facts: FEN positions).
const TRICKY: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/8/8/5k2/3p4/8/4P3/4K3 w - - 0 1",
    "2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - - 0 1",
    "8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K - 0 1",
];

fn check_every_move(pos: &Chess, origin: &str) {
    for m in pos.legal_moves() {
        for style in [Style::Short, Style::Long] {
            let tokens = move_tokens(pos, m, style);
            for speech in Speech::all() {
                let text = speech.text(&tokens);
                let parsed = parse_move(pos, &text);
                assert_eq!(
                    parsed.as_ref().ok(),
                    Some(&m),
                    "{origin}: '{text}' ({speech}, {style:?}) parsed as {parsed:?}"
                );
            }
        }
    }
}

fn position(fen: &str, mode: CastlingMode) -> Chess {
    fen.parse::<Fen>()
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .into_position(mode)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The perft files shipped in the shakmaty package that cargo downloaded.
fn shakmaty_perft_files() -> Vec<PathBuf> {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cargo"));
    let mut files = Vec::new();
    for registry in std::fs::read_dir(cargo_home.join("registry/src")).expect("cargo registry") {
        let tests = registry.unwrap().path().join("shakmaty-0.30.1/tests");
        for name in ["chess960.perft", "random.perft", "tricky.perft"] {
            if tests.join(name).exists() {
                files.push(tests.join(name));
            }
        }
    }
    files
}

#[test]
fn every_move_of_the_tricky_perft_positions_round_trips() {
    for fen in TRICKY {
        check_every_move(&position(fen, CastlingMode::Standard), fen);
    }
}

#[test]
fn every_move_of_shakmaty_perft_files_round_trips() {
    let files = shakmaty_perft_files();
    assert!(
        !files.is_empty(),
        "shakmaty's perft files not found under CARGO_HOME"
    );
    let mut positions = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let epds = text.lines().filter_map(|line| line.strip_prefix("epd "));
        for epd in epds.step_by(share::one_in()) {
            let mode = if file.ends_with("chess960.perft") {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            let Ok(fen) = epd.parse::<Fen>() else {
                continue;
            };
            let Ok(pos) = fen.into_position::<Chess>(mode) else {
                continue;
            };
            check_every_move(&pos, epd);
            positions += 1;
        }
    }
    assert!(
        positions * share::one_in() >= 100,
        "only {positions} perft positions read"
    );
}

#[test]
fn every_move_of_random_game_positions_round_trips() {
    // 1000 random legal games; every position along each game is checked for a few plies,
    // so well over 1000 distinct positions are covered.
    let mut runner = TestRunner::new(Config {
        cases: share::cases(1000),
        ..Config::default()
    });
    runner
        .run(
            &(proptest::collection::vec(any::<prop::sample::Index>(), 1..120)),
            |choices| {
                let mut pos = Chess::default();
                for (ply, choice) in choices.iter().enumerate() {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    // Check the position every 10 plies and at the end.
                    if ply % 10 == 9 || ply + 1 == choices.len() {
                        check_every_move(
                            &pos,
                            &Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string(),
                        );
                    }
                    pos.play_unchecked(moves[choice.index(moves.len())]);
                }
                Ok(())
            },
        )
        .unwrap();
}

#[test]
fn every_kind_of_move_in_both_word_sets_of_french() {
    use annexd_core::Lang;
    use annexd_core::WordSet;
    let fr = Speech::new(Lang::Fr, WordSet::AnnexD);
    let own = Speech::new(Lang::Fr, WordSet::Local);
    let say = |speech: Speech, fen: &str, uci: &str, style: Style| {
        let pos = position(fen, CastlingMode::Standard);
        let m = parse_move(&pos, uci).unwrap();
        let text = speech.text(&move_tokens(&pos, m, style));
        assert_eq!(parse_move(&pos, &text), Ok(m), "'{text}'");
        text
    };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let spanish = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
    let rooks = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let promo = "3r4/1k2P3/8/8/8/8/8/4K3 w - - 0 1";
    let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    let mate = "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1";
    for (fen, uci, style, annex_d, local) in [
        (
            start,
            "g1f3",
            Style::Short,
            "Springer Felix drei",
            "Cavalier Felix trois",
        ),
        (
            start,
            "g1f3",
            Style::Long,
            "Springer Gustav eins Felix drei",
            "Cavalier Gustav un Felix trois",
        ),
        (start, "e2e4", Style::Short, "Eva vier", "Eva quatre"),
        (
            spanish,
            "b5c6",
            Style::Short,
            "Läufer prend Cesar sechs",
            "Fou prend Cesar six",
        ),
        (
            spanish,
            "e1g1",
            Style::Short,
            "Kurze Rochade",
            "petit roque",
        ),
        (rooks, "e1c1", Style::Short, "Lange Rochade", "grand roque"),
        (
            rooks,
            "a1a8",
            Style::Short,
            "Turm Anna acht échec",
            "Tour Anna huit échec",
        ),
        (
            mate,
            "a1a8",
            Style::Short,
            "Turm Anna acht mat",
            "Tour Anna huit mat",
        ),
        (
            promo,
            "e7e8q",
            Style::Short,
            "Eva acht Dame",
            "Eva huit Dame",
        ),
        (
            promo,
            "e7d8n",
            Style::Short,
            "Eva prend David acht Springer échec",
            "Eva prend David huit Cavalier échec",
        ),
        (
            ep,
            "e5d6",
            Style::Long,
            "Eva fünf prend David sechs en passant",
            "Eva cinq prend David six en passant",
        ),
    ] {
        assert_eq!(say(fr, fen, uci, style), annex_d);
        assert_eq!(say(own, fen, uci, style), local);
    }
}
