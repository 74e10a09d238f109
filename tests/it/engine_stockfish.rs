//! The real Stockfish (Debian's, which scripts/setup.sh installs) through the engine port:
//! the handshake, short searches at three levels, a hint, an evaluation and a threat in
//! words, a search replaced by another, and the engine killed in the middle of a search and
//! started again.
#![cfg(feature = "engine")]

use crate::common::platform::Start;
use crate::engine_support;

use std::time::Duration;

use annexd_core::Lang;
use annexd_core::engine::{
    ANALYSIS_THINK, Decision, Fault, Offers, Order, Patience, Purpose, SearchPosition,
    SearchRequest, Strength, analysis, appraisal_tokens, hint_tokens, passed_turn, threat_tokens,
};
use engine_support::{Driven, stockfish};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn started() -> Driven {
    let (mut engine, at_once) = Driven::start(Some(stockfish()), Patience::default());
    assert!(at_once.is_empty(), "{at_once:?}");
    let name = engine.ready();
    assert!(name.starts_with("Stockfish"), "{name}");
    engine
}

fn play(engine: &Driven, position: SearchPosition, elo: u32, think_ms: u64) -> SearchRequest {
    SearchRequest {
        purpose: Purpose::Play,
        position,
        strength: Strength::for_elo(elo, engine.port.offers()),
        think: Some(Duration::from_millis(think_ms)),
        new_game: false,
    }
}

#[cfg_attr(
    windows,
    ignore = "Debian's Stockfish is a Linux program; the Windows build's tests run under Wine"
)]
#[test]
fn stockfish_plays_at_a_level_and_says_its_strength_options() {
    let mut engine = started();
    assert_eq!(
        engine.port.offers(),
        &Offers {
            uci_elo: Some((1350, 2850)),
            skill: Some((0, 20)),
        }
    );
    let start = Chess::default();
    // 2000: UCI_Elo; 1200: the lowest skill and a node limit; 400: one half-move deep.
    for (elo, deep) in [(2000, true), (1200, true), (400, false)] {
        let found = engine.search(play(&engine, SearchPosition::at(&start), elo, 300));
        let best = found.best.expect("a move from the start");
        assert!(start.is_legal(best), "{elo}: {best:?}");
        let depth = found.depth.unwrap();
        assert_eq!(depth > 1, deep, "{elo}: depth {depth}");
        assert!(found.eval.is_some(), "{elo}");
    }
}

#[cfg_attr(
    windows,
    ignore = "Debian's Stockfish is a Linux program; the Windows build's tests run under Wine"
)]
#[test]
fn a_hint_an_evaluation_and_a_threat_in_words() {
    let mut engine = started();
    let offers = engine.port.offers().clone();

    // A hint: the back rank mate.
    let p = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let found = engine.search(analysis(
        Purpose::Hint,
        SearchPosition::at(&p),
        &offers,
        ANALYSIS_THINK,
    ));
    assert_eq!(found.purpose, Purpose::Hint);
    assert_eq!(
        Lang::De.text(&hint_tokens(&p, found.best)),
        "Tipp, Turm Anna eins Anna acht matt"
    );

    // An evaluation: Black's queen hangs to the rook (Black has a rook and a knight for it
    // besides, so that the line wins material rather than mates).
    let p = pos("r3k3/ppp2ppp/2n5/3q4/8/5N2/PPPR1PPP/3R2K1 w q - 0 1");
    let found = engine.search(analysis(
        Purpose::Evaluate,
        SearchPosition::at(&p),
        &offers,
        ANALYSIS_THINK,
    ));
    let said = Lang::De.text(&appraisal_tokens(&p, found.eval.unwrap(), &found.line));
    assert_eq!(
        said, "Bewertung, Weiß steht auf Gewinn, Weiß gewinnt die Dame",
        "line {:?}",
        found.line
    );
    let said = Lang::Fr.text(&appraisal_tokens(&p, found.eval.unwrap(), &found.line));
    assert_eq!(
        said,
        "évaluation, Blanc a un avantage décisif, Blanc gagne la dame"
    );

    // A threat: Scholar's mate, Black to move.
    let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
    let now = engine
        .search(analysis(
            Purpose::Evaluate,
            SearchPosition::at(&p),
            &offers,
            ANALYSIS_THINK,
        ))
        .eval;
    let passed = passed_turn(&p).unwrap();
    let threat = engine.search(analysis(
        Purpose::Threat,
        SearchPosition::at(&passed),
        &offers,
        ANALYSIS_THINK,
    ));
    assert_eq!(
        Lang::De.text(&threat_tokens(&p, now, &passed, threat.best, threat.eval)),
        "Drohung, Weiß droht Dame Felix drei schlägt Felix sieben matt"
    );
    assert_eq!(
        Lang::En.text(&threat_tokens(&p, now, &passed, threat.best, threat.eval)),
        "threat, White threatens Dame Felix drei takes Felix sieben mate"
    );
    // After 3...Qf6 (f7 defended) and 4.Nc3 there is no threat.
    let p = pos("r1b1kbnr/pppp1ppp/2n2q2/4p3/2B1P3/2N2Q2/PPPP1PPP/R1B1K1NR b KQkq - 5 4");
    let now = engine
        .search(analysis(
            Purpose::Evaluate,
            SearchPosition::at(&p),
            &offers,
            ANALYSIS_THINK,
        ))
        .eval;
    let passed = passed_turn(&p).unwrap();
    let threat = engine.search(analysis(
        Purpose::Threat,
        SearchPosition::at(&passed),
        &offers,
        ANALYSIS_THINK,
    ));
    assert_eq!(
        Lang::De.text(&threat_tokens(&p, now, &passed, threat.best, threat.eval)),
        "Drohung, keine unmittelbare Drohung",
        "{now:?} then {:?} after {:?}",
        threat.eval,
        threat.best
    );
}

#[cfg_attr(
    windows,
    ignore = "Debian's Stockfish is a Linux program; the Windows build's tests run under Wine"
)]
#[test]
fn a_search_replaced_by_another_answers_the_new_one_only() {
    let mut engine = started();
    let start = Chess::default();
    let long = play(&engine, SearchPosition::at(&start), 2850, 20_000);
    assert!(engine.order(Order::Search(Box::new(long))).is_empty());
    // The player took back: another position, a short search.
    let p = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let found = engine.search(play(&engine, SearchPosition::at(&p), 2850, 200));
    assert_eq!(found.position, p, "the answer is the new search's");
    assert_eq!(
        found
            .best
            .map(|m| m.to_uci(CastlingMode::Standard).to_string()),
        Some("a1a8".into())
    );
}

#[cfg_attr(
    windows,
    ignore = "Debian's Stockfish is a Linux program; the Windows build's tests run under Wine"
)]
#[test]
fn stockfish_killed_in_a_search_is_said_to_have_crashed_and_starts_again() {
    // Killed from outside as a crash would end it (kill(1), Unix's).
    let mut engine = started();
    let start = Chess::default();
    let long = play(&engine, SearchPosition::at(&start), 2850, 30_000);
    assert!(engine.order(Order::Search(Box::new(long))).is_empty());
    let pid = engine.port.process_id().unwrap();
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .start_status()
        .unwrap();
    assert!(killed.success());
    assert_eq!(engine.fails(Duration::from_secs(10)), Fault::Crashed);
    assert_eq!(engine.port.process_id(), None);
    // Started again: a new process, ready, and the game's search goes on.
    assert!(engine.order(Order::Restart).is_empty());
    assert_ne!(engine.port.process_id(), Some(pid));
    engine.ready();
    let found = engine.search(play(&engine, SearchPosition::at(&start), 1500, 100));
    assert!(start.is_legal(found.best.unwrap()));
    let quit = engine.order(Order::Quit);
    assert!(
        quit.iter().all(|d| !matches!(d, Decision::Failed(_))),
        "{quit:?}"
    );
}
