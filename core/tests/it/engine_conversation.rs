//! The conversation with a UCI engine, driven with the lines Stockfish 15.1 writes (taken from
//! a real session) and fake times: the handshake, searches at a level, requests that replace
//! or cancel a search, and every way an engine fails (silence, nonsense, an illegal move, its
//! end). The real Stockfish is spoken to in the program's tests (tests/engine_stockfish.rs).
#![cfg(feature = "engine")]

use std::time::Duration;

use annexd_core::engine::{
    Conversation, Decision, Eval, Fault, Found, Offers, Patience, Purpose, Reply, SearchPosition,
    SearchRequest, Strength,
};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

const BANNER: &[&str] = &[
    "Stockfish 15.1 by the Stockfish developers (see AUTHORS file)",
    "id name Stockfish 15.1",
    "id author the Stockfish developers (see AUTHORS file)",
    "",
    "option name Debug Log File type string default ",
    "option name Threads type spin default 1 min 1 max 1024",
    "option name Hash type spin default 16 min 1 max 33554432",
    "option name Clear Hash type button",
    "option name Ponder type check default false",
    "option name MultiPV type spin default 1 min 1 max 500",
    "option name Skill Level type spin default 20 min 0 max 20",
    "option name Move Overhead type spin default 10 min 0 max 5000",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 1350 min 1350 max 2850",
    "option name SyzygyPath type string default <empty>",
    "option name EvalFile type string default nn-ad9b42354671.nnue",
];

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn stockfish() -> Offers {
    Offers {
        uci_elo: Some((1350, 2850)),
        skill: Some((0, 20)),
    }
}

/// Feeds lines, gathering what the conversation sends and decides.
fn feed(c: &mut Conversation, lines: &[&str], now: u64) -> Reply {
    let mut all = Reply::default();
    for line in lines {
        let reply = c.line(line, ms(now));
        all.send.extend(reply.send);
        all.decided.extend(reply.decided);
    }
    all
}

/// A conversation past its handshake.
fn ready() -> Conversation {
    let mut c = Conversation::new(Patience::default());
    assert_eq!(c.start(ms(0)).send, ["uci"]);
    let reply = feed(&mut c, BANNER, 40);
    assert_eq!(reply.send, Vec::<String>::new(), "nothing until uciok");
    let reply = feed(&mut c, &["uciok"], 41);
    assert_eq!(reply.send, ["isready"]);
    let reply = feed(&mut c, &["readyok"], 45);
    assert_eq!(
        reply.decided,
        [Decision::Ready {
            name: "Stockfish 15.1".into(),
            offers: stockfish()
        }]
    );
    assert!(c.is_idle());
    c
}

fn play(position: SearchPosition, think: u64) -> SearchRequest {
    SearchRequest {
        purpose: Purpose::Play,
        position,
        strength: Strength::for_elo(1500, &stockfish()),
        think: Some(ms(think)),
        new_game: false,
    }
}

fn after(ucis: &str) -> SearchPosition {
    let mut pos = Chess::default();
    let moves: Vec<Move> = ucis
        .split_whitespace()
        .map(|u| {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            m
        })
        .collect();
    SearchPosition::new(&Chess::default(), &moves).unwrap()
}

fn uci(m: Option<Move>) -> String {
    m.map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .unwrap_or_default()
}

fn found(reply: &Reply) -> &Found {
    match reply.decided.as_slice() {
        [Decision::Found(found)] => found,
        other => panic!("expected one search's result, got {other:?}"),
    }
}

fn failed(reply: &Reply) -> &Fault {
    match reply.decided.as_slice() {
        [Decision::Failed(fault)] => fault,
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn a_search_at_a_level_sends_the_options_the_position_and_its_time() {
    let mut c = ready();
    let reply = c.request(play(after("e2e4"), 1000), ms(100));
    assert_eq!(
        reply.send,
        [
            "setoption name UCI_LimitStrength value true",
            "setoption name UCI_Elo value 1500",
            "setoption name Skill Level value 20",
            "position startpos moves e2e4",
            "go movetime 990",
        ]
    );
    assert_eq!(
        c.next_deadline(),
        Some(ms(1600)),
        "its time and the overrun"
    );
    let reply = feed(
        &mut c,
        &[
            "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
            "info depth 1 seldepth 1 multipv 1 score cp -23 nodes 22 nps 7333 hashfull 0 tbhits 0 time 3 pv c7c5",
            "info depth 8 seldepth 12 multipv 1 score cp -23 nodes 6791 nps 424437 hashfull 0 tbhits 0 time 16 pv c7c5 g1f3 d7d6 b1c3",
            "info depth 9 seldepth 12 multipv 1 score cp -20 upperbound nodes 7000 pv c7c5",
        ],
        600,
    );
    assert!(reply.send.is_empty() && reply.decided.is_empty());
    let reply = feed(&mut c, &["bestmove c7c5 ponder g1f3"], 1001);
    let result = found(&reply);
    assert_eq!(result.purpose, Purpose::Play);
    assert_eq!(uci(result.best), "c7c5");
    // Black's -23 is White's +23; the later bound does not replace an exact score.
    assert_eq!(result.eval, Some(Eval::Centipawns(23)));
    assert_eq!(result.depth, Some(9));
    assert_eq!(result.line.len(), 4);
    assert!(c.is_idle());
    assert_eq!(c.next_deadline(), None);

    // The same level again: no options; another game: ucinewgame first.
    let mut next = play(after("e2e4 c7c5 g1f3"), 500);
    next.new_game = true;
    assert_eq!(
        c.request(next, ms(2000)).send,
        [
            "ucinewgame",
            "position startpos moves e2e4 c7c5 g1f3",
            "go movetime 490"
        ]
    );
    // Full strength for a hint: only what changes.
    let _ = feed(&mut c, &["bestmove d7d6"], 2400);
    let hint = SearchRequest {
        purpose: Purpose::Hint,
        strength: Strength::full(&stockfish()),
        ..play(after("e2e4 c7c5 g1f3 d7d6"), 1000)
    };
    assert_eq!(
        c.request(hint, ms(3000)).send,
        [
            "setoption name UCI_LimitStrength value false",
            "position startpos moves e2e4 c7c5 g1f3 d7d6",
            "go movetime 990"
        ]
    );
}

#[test]
fn a_beginner_searches_few_positions_one_half_move_deep() {
    let mut c = ready();
    let request = SearchRequest {
        strength: Strength::for_elo(400, &stockfish()),
        ..play(after(""), 2000)
    };
    let sent = c.request(request, ms(100)).send;
    assert_eq!(
        sent,
        [
            "setoption name UCI_LimitStrength value false",
            "setoption name Skill Level value 0",
            "position startpos",
            "go movetime 1990 depth 1 nodes 20",
        ]
    );
}

#[test]
fn a_position_from_a_fen_is_sent_as_one() {
    let start: Chess = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&start).unwrap();
    let position = SearchPosition::new(&start, &[e4]).unwrap();
    assert_eq!(position.reached().turn(), Color::Black);
    let mut c = ready();
    let sent = c.request(play(position, 100), ms(0)).send;
    assert!(sent.contains(&"position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4".to_string()));
    // A move that is not legal is refused before anything is sent.
    let illegal = Move::Normal {
        role: shakmaty::Role::King,
        from: shakmaty::Square::E1,
        capture: None,
        to: shakmaty::Square::E2,
        promotion: None,
    };
    assert!(SearchPosition::new(&start, &[e4, illegal]).is_err());
}

#[test]
fn a_request_before_the_engine_is_ready_waits_for_it() {
    let mut c = Conversation::new(Patience::default());
    let _ = c.start(ms(0));
    assert!(c.request(play(after(""), 100), ms(1)).send.is_empty());
    let _ = feed(&mut c, BANNER, 2);
    let _ = feed(&mut c, &["uciok"], 3);
    let reply = feed(&mut c, &["readyok"], 4);
    assert!(matches!(reply.decided[0], Decision::Ready { .. }));
    assert_eq!(reply.send.last().unwrap(), "go movetime 90");
}

#[test]
fn a_new_request_stops_the_search_under_way_and_drops_its_result() {
    let mut c = ready();
    let _ = c.request(play(after("e2e4"), 5000), ms(0));
    // The player took his move back: search the position before it.
    let reply = c.request(play(after(""), 1000), ms(300));
    assert_eq!(reply.send, ["stop"]);
    let reply = feed(&mut c, &["bestmove e7e5"], 310);
    assert!(reply.decided.is_empty(), "the old search's move is dropped");
    assert_eq!(reply.send, ["position startpos", "go movetime 990"]);
    let reply = feed(&mut c, &["bestmove e2e4"], 1300);
    assert_eq!(uci(found(&reply).best), "e2e4");
}

#[test]
fn a_search_cancelled_says_nothing_and_one_hurried_moves_at_once() {
    let mut c = ready();
    let _ = c.request(play(after(""), 5000), ms(0));
    assert_eq!(c.cancel(ms(100)).send, ["stop"]);
    assert!(c.cancel(ms(101)).send.is_empty(), "stop is sent once");
    assert!(feed(&mut c, &["bestmove d2d4"], 120).decided.is_empty());
    assert!(c.is_idle());
    let _ = c.request(play(after(""), 5000), ms(200));
    assert_eq!(c.hurry(ms(300)).send, ["stop"]);
    let reply = feed(&mut c, &["bestmove d2d4"], 310);
    assert_eq!(uci(found(&reply).best), "d2d4");
}

#[test]
fn an_engine_that_overruns_is_stopped_and_then_given_up() {
    let patience = Patience::default();
    let mut c = ready();
    let _ = c.request(play(after(""), 1000), ms(0));
    assert!(c.tick(ms(1499)).send.is_empty());
    assert_eq!(c.tick(ms(1500)).send, ["stop"]);
    assert_eq!(c.next_deadline(), Some(ms(1500) + patience.after_stop));
    assert!(c.tick(ms(3000)).decided.is_empty());
    let reply = c.tick(ms(1500) + patience.after_stop);
    assert_eq!(failed(&reply), &Fault::Silent);
    assert!(c.is_over());
    assert_eq!(c.next_deadline(), None);
    // Nothing more is sent to a failed engine.
    assert!(c.request(play(after(""), 10), ms(5000)).send.is_empty());
    assert!(feed(&mut c, &["bestmove e2e4"], 5001).decided.is_empty());
}

#[test]
fn an_engine_that_overruns_but_answers_the_stop_is_kept() {
    let mut c = ready();
    let _ = c.request(play(after(""), 1000), ms(0));
    assert_eq!(c.tick(ms(1500)).send, ["stop"]);
    let reply = feed(&mut c, &["bestmove g1f3"], 1510);
    assert_eq!(uci(found(&reply).best), "g1f3");
}

#[test]
fn an_engine_silent_at_the_handshake_has_failed() {
    let patience = Patience::default();
    let mut c = Conversation::new(patience);
    let _ = c.start(ms(0));
    assert_eq!(c.next_deadline(), Some(patience.handshake));
    assert!(c.tick(patience.handshake - ms(1)).decided.is_empty());
    assert_eq!(failed(&c.tick(patience.handshake)), &Fault::Silent);
    // The same engine that said only nonsense: garbage.
    let mut c = Conversation::new(patience);
    let _ = c.start(ms(0));
    let _ = feed(&mut c, &["Welcome to my engine!", "type help"], 10);
    assert_eq!(
        failed(&c.tick(patience.handshake)),
        &Fault::Garbage("type help".into())
    );
    // Silent after uciok.
    let mut c = Conversation::new(patience);
    let _ = c.start(ms(0));
    let _ = feed(&mut c, &["uciok"], 10);
    assert_eq!(c.next_deadline(), Some(ms(10) + patience.ready));
    assert_eq!(failed(&c.tick(ms(10) + patience.ready)), &Fault::Silent);
}

#[test]
fn a_flood_of_nonsense_is_garbage_and_a_few_lines_are_passed_over() {
    let patience = Patience {
        garbage_lines: 3,
        ..Patience::default()
    };
    let mut c = Conversation::new(patience);
    let _ = c.start(ms(0));
    // A few unknown lines between good ones are passed over, as UCI asks.
    let reply = feed(
        &mut c,
        &["hello", "world", "id name X", "again", "uciok"],
        5,
    );
    assert_eq!(reply.send, ["isready"]);
    let reply = feed(&mut c, &["a", "b", "c"], 6);
    assert!(reply.decided.is_empty());
    let reply = feed(&mut c, &["\u{fffd}\u{fffd}\u{fffd}"], 7);
    assert_eq!(
        failed(&reply),
        &Fault::Garbage("\u{fffd}\u{fffd}\u{fffd}".into())
    );
}

#[test]
fn a_move_that_is_not_legal_is_garbage_and_no_move_only_at_the_end_of_a_game() {
    let mut c = ready();
    let _ = c.request(play(after(""), 100), ms(0));
    assert_eq!(
        failed(&feed(&mut c, &["bestmove e2e5"], 50)),
        &Fault::Garbage("bestmove e2e5".into())
    );
    let mut c = ready();
    let _ = c.request(play(after(""), 100), ms(0));
    assert_eq!(
        failed(&feed(&mut c, &["bestmove (none)"], 50)),
        &Fault::Garbage("bestmove (none)".into())
    );
    // Fool's mate: White is mated, and has no move.
    let mut c = ready();
    let _ = c.request(play(after("f2f3 e7e5 g2g4 d8h4"), 100), ms(0));
    let reply = feed(&mut c, &["info depth 0 score mate 0", "bestmove (none)"], 5);
    let result = found(&reply);
    assert_eq!(result.best, None);
    assert_eq!(
        result.eval,
        Some(Eval::Mate {
            winner: Color::Black,
            moves: 0
        })
    );
}

#[test]
fn an_engine_that_ends_has_crashed_unless_it_was_told_to_quit() {
    let mut c = ready();
    let _ = c.request(play(after(""), 100), ms(0));
    assert_eq!(failed(&c.exited()), &Fault::Crashed);
    let mut c = ready();
    assert_eq!(c.quit().send, ["quit"]);
    assert!(c.exited().decided.is_empty());
    assert!(c.quit().send.is_empty());
}

#[test]
fn faults_are_said_in_words() {
    let said = |fault: Fault| annexd_core::Lang::De.text(&fault.tokens());
    assert_eq!(said(Fault::Crashed), "die Schach-Engine ist abgestürzt");
    assert_eq!(said(Fault::Silent), "die Schach-Engine antwortet nicht");
    assert_eq!(said(Fault::NotFound), "keine Schach-Engine gefunden");
    assert_eq!(
        annexd_core::Lang::En.text(&Fault::Garbage("x".into()).tokens()),
        "the chess engine answers nonsense"
    );
}

proptest! {
    /// Whatever an engine writes, and whenever, the conversation never panics, fails at most
    /// once, and sends nothing after it failed.
    #[test]
    fn any_lines_at_any_times(
        lines in proptest::collection::vec(
            prop_oneof![
                Just("uciok".to_string()),
                Just("readyok".to_string()),
                Just("bestmove e7e5".to_string()),
                Just("bestmove (none)".to_string()),
                Just("info depth 3 score cp 12 pv e7e5 g1f3".to_string()),
                Just("info score mate -2".to_string()),
                "[a-z0-9 ]{0,30}",
                any::<String>(),
            ],
            0..40,
        ),
        steps in proptest::collection::vec(0u64..3000, 0..40),
        request_at in 0usize..40,
    ) {
        let mut c = Conversation::new(Patience::default());
        let mut now = 0;
        let mut failures = 0;
        let mut sent_after_failure = false;
        let _ = c.start(ms(0));
        for (i, line) in lines.iter().enumerate() {
            now += steps.get(i).copied().unwrap_or(10);
            let mut replies = vec![c.line(line, ms(now)), c.tick(ms(now))];
            if i == request_at {
                replies.push(c.request(play(after("e2e4"), 500), ms(now)));
            }
            for reply in replies {
                if failures > 0 && !reply.send.is_empty() {
                    sent_after_failure = true;
                }
                failures += reply
                    .decided
                    .iter()
                    .filter(|d| matches!(d, Decision::Failed(_)))
                    .count();
            }
        }
        prop_assert!(failures <= 1);
        prop_assert!(!sent_after_failure);
    }

    /// The lines written for the engine are read back as what they say by the UCI codec, for
    /// any legal game.
    #[test]
    fn positions_and_best_moves_read_back(seed in any::<u64>(), plies in 0usize..60) {
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        let mut state = seed;
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let m = legal[(state >> 33) as usize % legal.len()];
            pos.play_unchecked(m);
            moves.push(m);
        }
        let position = SearchPosition::new(&Chess::default(), &moves).unwrap();
        let mut c = ready();
        let sent = c.request(play(position, 100), ms(0)).send;
        let line = sent.iter().find(|l| l.starts_with("position")).unwrap();
        let read: shakmaty_uci::UciMessage = line.parse().unwrap();
        let shakmaty_uci::UciMessage::Position { moves: read_moves, .. } = read else {
            panic!("{line}");
        };
        prop_assert_eq!(read_moves.len(), moves.len());
        if let Some(&reply) = pos.legal_moves().first() {
            let uci = reply.to_uci(CastlingMode::Standard);
            let answer = feed(&mut c, &[&format!("bestmove {uci}")], 10);
            prop_assert_eq!(found(&answer).best, Some(reply));
        }
    }
}
