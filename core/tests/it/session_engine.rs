//! A game at home against a chess program (issue 31), in the session on fake time, the
//! program's decisions given as its port would give them: its move asked for when it is its
//! turn, announced and followed on the pegs; hints, threats and evaluations asked for,
//! confirmed, said and recorded; the last move pair taken back; another level; the review
//! after the game; a crash said and the program started once more; refusals where the
//! program gives no help.
#![cfg(feature = "engine")]

use crate::support;

use std::time::Duration;

use annexd_core::board::{BoardInput, Cell, Sensing};
use annexd_core::engine::{
    Decision, Eval, Fault, Found, Offers, Order, Purpose, SearchRequest, UNTIMED_THINK,
};
use annexd_core::record::{Entry, OpponentEntry, OpponentSource, TrainingHelp};
use annexd_core::{Effect, FromOpponent, Input, Mode, Session, SessionOptions, ToOpponent};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position, Square};
use support::{line, peg, recorded, said, session_with};

fn program(side: Color, elo: u32) -> OpponentEntry {
    OpponentEntry {
        side,
        source: OpponentSource::Program,
        name: String::new(),
        elo: Some(elo),
        detail: None,
    }
}

fn options() -> SessionOptions {
    SessionOptions {
        mode: Mode::Home,
        ..SessionOptions::default()
    }
}

/// The VI player White on a peg board against the program, greeted and ready.
fn against_program() -> Session {
    let mut s = session_with(None, None, Some(Sensing::Occupancy), options());
    s.attach_opponent(program(Color::Black, 1200));
    let _ = s.greeting(false);
    let ready = decide(
        &mut s,
        Decision::Ready {
            name: "Stockfish 15.1".into(),
            offers: Offers::default(),
        },
        50,
    );
    assert_eq!(said(&ready), ["Schach-Engine bereit"]);
    assert_eq!(recorded(&ready), ["opponent"], "its name is recorded");
    assert!(
        searches(&ready).is_empty(),
        "White is to move: the program waits"
    );
    s
}

fn decide(s: &mut Session, decision: Decision, at: u64) -> Vec<Effect> {
    s.handle(
        Input::Opponent(FromOpponent::Engine(decision)),
        Duration::from_millis(at),
    )
}

fn searches(effects: &[Effect]) -> Vec<SearchRequest> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::ToOpponent(ToOpponent::Engine(Order::Search(request))) => {
                Some((**request).clone())
            }
            _ => None,
        })
        .collect()
}

fn orders(effects: &[Effect]) -> Vec<Order> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::ToOpponent(ToOpponent::Engine(order)) => Some(order.clone()),
            _ => None,
        })
        .collect()
}

fn mv(position: &Chess, uci: &str) -> Move {
    uci.parse::<UciMove>().unwrap().to_move(position).unwrap()
}

/// What the program found for `request`: `best`, with an evaluation.
fn found(request: &SearchRequest, best: Option<&str>, eval: Option<Eval>) -> Decision {
    let position = request.position.reached().clone();
    let best = best.map(|b| mv(&position, b));
    Decision::Found(Found {
        purpose: request.purpose,
        position,
        best,
        eval,
        depth: Some(10),
        line: best.into_iter().collect(),
    })
}

/// The VI player's move on the pegs, announced by typing it: the program is asked to reply.
fn vi_move(s: &mut Session, from: Square, to: Square, announced: &str, at: u64) -> SearchRequest {
    peg(s, BoardInput::Up(from), at);
    peg(s, BoardInput::Down(to, Cell::Peg), at + 10);
    let made = line(s, announced, at + 20);
    let asked = searches(&made);
    assert_eq!(asked.len(), 1, "{:?}", said(&made));
    asked[0].clone()
}

/// The program's move, followed on the pegs.
fn program_moves(s: &mut Session, request: &SearchRequest, uci: &str, at: u64) -> Vec<String> {
    let moved = decide(s, found(request, Some(uci), Some(Eval::Centipawns(20))), at);
    let from: Square = uci[..2].parse().unwrap();
    let to: Square = uci[2..4].parse().unwrap();
    peg(s, BoardInput::Up(from), at + 10);
    peg(s, BoardInput::Down(to, Cell::Peg), at + 20);
    assert_eq!(s.peg_agrees(), Some(true));
    said(&moved)
}

#[test]
fn the_programs_move_is_asked_at_its_level_announced_and_followed_on_the_pegs() {
    let mut s = against_program();
    let asked = vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    assert_eq!(asked.purpose, Purpose::Play);
    assert!(
        !asked.strength.full,
        "it plays at 1200, not at full strength"
    );
    assert_eq!(asked.think, Some(UNTIMED_THINK), "no clock: its own pace");
    // A move typed for the program's side is refused.
    let typed = line(&mut s, "Eva fünf", 200);
    assert!(said(&typed)[0].starts_with("der Gegner zieht selbst"));
    let theirs = program_moves(&mut s, &asked, "e7e5", 300);
    assert_eq!(theirs, ["Schwarz Eva fünf"]);
    assert_eq!(s.game().history().len(), 2);
}

#[test]
fn a_hint_a_threat_and_an_evaluation_are_confirmed_said_and_recorded() {
    let mut s = against_program();
    let asked = vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    program_moves(&mut s, &asked, "e7e5", 300);
    let question = line(&mut s, "Tipp", 400);
    assert_eq!(said(&question), ["Tipp? ja oder nein"]);
    assert!(
        searches(&question).is_empty(),
        "nothing before the confirmation"
    );
    let yes = line(&mut s, "ja", 500);
    let hint = searches(&yes);
    assert_eq!(hint.len(), 1);
    assert_eq!(hint[0].purpose, Purpose::Hint);
    assert!(hint[0].strength.full, "a hint is the program's best");
    let answer = decide(&mut s, found(&hint[0], Some("g1f3"), None), 600);
    assert_eq!(said(&answer), ["Tipp, Springer Gustav eins Felix drei"]);
    let Some(Effect::Record(stamped, _)) = answer.first() else {
        panic!("{answer:?}")
    };
    let Entry::Training(training) = &stamped.entry else {
        panic!("{stamped:?}")
    };
    assert_eq!(training.help, TrainingHelp::Hint);
    assert_eq!(training.answer.as_deref(), Some("g1f3"));
    // "nein" asks for nothing.
    line(&mut s, "Bewertung", 700);
    let no = line(&mut s, "nein", 710);
    assert!(searches(&no).is_empty());
    line(&mut s, "Bewertung", 720);
    let yes = line(&mut s, "ja", 730);
    let eval = searches(&yes);
    assert_eq!(eval[0].purpose, Purpose::Evaluate);
    let answer = decide(
        &mut s,
        found(&eval[0], Some("g1f3"), Some(Eval::Centipawns(60))),
        800,
    );
    assert_eq!(said(&answer), ["Bewertung, Weiß steht etwas besser"]);
    assert_eq!(recorded(&answer), ["training"]);
    // The threat: how it stands, then the best move of the opponent with the turn passed.
    line(&mut s, "Drohung", 900);
    let yes = line(&mut s, "ja", 910);
    let now = searches(&yes);
    assert_eq!(now[0].purpose, Purpose::Evaluate);
    let passed = decide(
        &mut s,
        found(&now[0], Some("g1f3"), Some(Eval::Centipawns(30))),
        950,
    );
    let threat = searches(&passed);
    assert_eq!(threat[0].purpose, Purpose::Threat);
    assert_eq!(threat[0].position.reached().turn(), Color::Black);
    let answer = decide(
        &mut s,
        found(&threat[0], Some("d8h4"), Some(Eval::Centipawns(10))),
        1000,
    );
    assert_eq!(said(&answer), ["Drohung, keine unmittelbare Drohung"]);
    assert_eq!(recorded(&answer), ["training"]);
}

#[test]
fn the_last_move_pair_is_taken_back_by_command_and_the_pegs_follow() {
    let mut s = against_program();
    let asked = vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    program_moves(&mut s, &asked, "e7e5", 300);
    let asked = vi_move(&mut s, Square::G1, Square::F3, "Springer Felix drei", 400);
    program_moves(&mut s, &asked, "b8c6", 600);
    let question = line(&mut s, "zurücknehmen", 700);
    assert_eq!(said(&question), ["Korrektur? ja oder nein"]);
    let back = line(&mut s, "ja", 800);
    assert_eq!(recorded(&back), ["training", "undo", "undo"]);
    assert_eq!(s.game().history().len(), 2);
    let words = said(&back).join(" | ");
    assert!(words.contains("zurückgenommen"), "{words}");
    // The pegs are to be put back: the differences are said square by square.
    assert_eq!(s.peg_agrees(), Some(false));
    assert!(words.contains("Bretter weichen ab"), "{words}");
    peg(&mut s, BoardInput::Up(Square::F3), 900);
    peg(&mut s, BoardInput::Down(Square::G1, Cell::Peg), 910);
    peg(&mut s, BoardInput::Up(Square::C6), 920);
    let agree = peg(&mut s, BoardInput::Down(Square::B8, Cell::Peg), 930);
    assert_eq!(said(&agree), ["Bretter stimmen überein"]);
    // While the program thinks, our move alone goes back and its search is cancelled.
    peg(&mut s, BoardInput::Up(Square::D2), 1000);
    peg(&mut s, BoardInput::Down(Square::D4, Cell::Peg), 1010);
    let made = line(&mut s, "David vier", 1020);
    assert_eq!(searches(&made).len(), 1);
    line(&mut s, "zurücknehmen", 1100);
    let back = line(&mut s, "ja", 1110);
    assert_eq!(orders(&back)[0], Order::Cancel);
    assert_eq!(s.game().history().len(), 2);
}

#[test]
fn pegs_put_back_as_before_our_move_take_the_pair_back_once_confirmed() {
    let mut s = against_program();
    let asked = vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    program_moves(&mut s, &asked, "e7e5", 300);
    let asked = vi_move(&mut s, Square::G1, Square::F3, "Springer Felix drei", 400);
    // The program replies; the VI player puts his knight back instead of following.
    let _ = decide(&mut s, found(&asked, Some("b8c6"), None), 500);
    peg(&mut s, BoardInput::Up(Square::F3), 600);
    let back = peg(&mut s, BoardInput::Down(Square::G1, Cell::Peg), 610);
    assert_eq!(said(&back).last().unwrap(), "Korrektur? ja oder nein");
    let yes = line(&mut s, "ja", 700);
    assert_eq!(recorded(&yes), ["training", "undo", "undo"]);
    assert_eq!(s.game().history().len(), 2);
    assert_eq!(s.peg_agrees(), Some(true), "{:?}", said(&yes));
    // Played again, the program is asked again.
    let asked = vi_move(&mut s, Square::B1, Square::C3, "Springer Cesar drei", 800);
    assert_eq!(asked.position.reached().turn(), Color::Black);
}

#[test]
fn another_level_is_recorded_and_used_from_the_next_move() {
    let mut s = against_program();
    line(&mut s, "Stärke 2000", 100);
    let yes = line(&mut s, "ja", 110);
    assert_eq!(said(&yes), ["Stärke zweitausend Elo"]);
    let Some(Effect::Record(stamped, sheet)) = yes.first() else {
        panic!("{yes:?}")
    };
    let Entry::Opponent(opponent) = &stamped.entry else {
        panic!()
    };
    assert_eq!(opponent.elo, Some(2000));
    assert_eq!(sheet.opponent(Color::Black).unwrap().name, "Stockfish 15.1");
}

#[test]
fn after_the_game_the_players_costly_moves_are_reviewed() {
    let mut s = against_program();
    // Fool's mate: the VI player's f3 and g4 lose.
    let asked = vi_move(&mut s, Square::F2, Square::F3, "Felix drei", 100);
    program_moves(&mut s, &asked, "e7e5", 200);
    let asked = vi_move(&mut s, Square::G2, Square::G4, "Gustav vier", 300);
    let mate = decide(&mut s, found(&asked, Some("d8h4"), None), 400);
    assert!(s.game().is_over());
    // The review asks for the positions before and after each of White's moves.
    let mut asked = searches(&mate);
    let mut said_all = Vec::new();
    let evals = [20, -60, -40, -10_000];
    let mut n = 0;
    while let Some(request) = asked.pop() {
        let Purpose::Review(ply) = request.purpose else {
            panic!("{request:?}")
        };
        assert_eq!(ply, n);
        let best = ["e2e4", "d7d5", "b1c3", ""][ply];
        let eval = if ply == 3 {
            Eval::Mate {
                winner: Color::Black,
                moves: 1,
            }
        } else {
            Eval::Centipawns(evals[ply])
        };
        let answer = decide(
            &mut s,
            found(&request, (!best.is_empty()).then_some(best), Some(eval)),
            500 + n as u64,
        );
        said_all.extend(said(&answer));
        asked = searches(&answer);
        n += 1;
    }
    assert_eq!(n, 4);
    assert_eq!(said_all[0], "Rückblick");
    assert!(
        said_all
            .iter()
            .any(|l| l.contains("Gustav vier") && l.contains("ließ ein Matt zu")),
        "{said_all:?}"
    );
}

#[test]
fn a_crash_is_said_the_program_starts_once_more_then_its_moves_are_typed() {
    let mut s = against_program();
    vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    let crashed = decide(&mut s, Decision::Failed(Fault::Crashed), 200);
    assert_eq!(
        said(&crashed),
        ["die Schach-Engine ist abgestürzt, Schach-Engine neu gestartet"]
    );
    assert_eq!(orders(&crashed), [Order::Restart]);
    // Ready again: it is asked for its move again.
    let ready = decide(
        &mut s,
        Decision::Ready {
            name: "Stockfish 15.1".into(),
            offers: Offers::default(),
        },
        300,
    );
    assert_eq!(searches(&ready).len(), 1);
    let again = decide(&mut s, Decision::Failed(Fault::Silent), 400);
    let words = said(&again).join(" ");
    assert!(words.contains("die Partie geht weiter"), "{words}");
    assert!(orders(&again).is_empty(), "not restarted twice");
    assert_eq!(s.game().history().len(), 1, "the game is kept");
    // Its moves may now be typed.
    let typed = line(&mut s, "Eva fünf", 500);
    assert_eq!(said(&typed), ["Schwarz Eva fünf"]);
}

#[test]
fn no_help_where_there_is_no_program_nor_online() {
    // A game against a person: no engine.
    let mut s = session_with(None, None, None, options());
    let _ = s.greeting(false);
    assert_eq!(
        said(&line(&mut s, "Tipp", 10)),
        ["keine Schach-Engine in dieser Partie"]
    );
    // Tournament mode: never, whatever is attached.
    let tournament = SessionOptions {
        mode: Mode::Tournament,
        ..SessionOptions::default()
    };
    let mut s = session_with(None, None, None, tournament);
    s.attach_opponent(program(Color::Black, 1500));
    let _ = s.greeting(false);
    let refused = line(&mut s, "Bewertung", 10);
    assert_eq!(said(&refused), ["keine Schach-Engine im Turniermodus"]);
    assert!(searches(&refused).is_empty());
    // Online: lichess forbids it.
    let mut s = session_with(None, None, None, options());
    s.attach_opponent(OpponentEntry {
        source: OpponentSource::Remote,
        ..program(Color::Black, 1500)
    });
    let _ = s.greeting(false);
    assert_eq!(
        said(&line(&mut s, "Drohung", 10)),
        ["keine Hilfe der Engine in einer Online-Partie: lichess verbietet sie"]
    );
}

#[test]
fn with_a_clock_the_program_thinks_within_its_share_and_presses_its_own_clock() {
    let mut s = session_with(None, Some("5+3"), Some(Sensing::Occupancy), options());
    s.attach_opponent(program(Color::Black, 1500));
    let _ = s.greeting(false);
    let _ = decide(
        &mut s,
        Decision::Ready {
            name: "Stockfish 15.1".into(),
            offers: Offers::default(),
        },
        50,
    );
    peg(&mut s, BoardInput::Up(Square::E2), 1000);
    peg(&mut s, BoardInput::Down(Square::E4, Cell::Peg), 1100);
    let made = line(&mut s, "Eva vier", 1200);
    assert!(
        searches(&made).is_empty(),
        "asked once the clock completes the move"
    );
    let pressed = s.handle(Input::ClockButton, Duration::from_millis(1500));
    let asked = searches(&pressed);
    assert_eq!(asked.len(), 1);
    // Its share: five minutes over the moves to come, plus most of the increment; far
    // below its time, far above nothing.
    let think = asked[0].think.expect("a thinking time");
    assert!(
        think >= Duration::from_secs(5) && think <= Duration::from_secs(20),
        "{think:?}"
    );
    let reply = decide(&mut s, found(&asked[0], Some("c7c5"), None), 1500 + 8000);
    assert_eq!(
        recorded(&reply),
        ["move", "press"],
        "it pressed its own clock"
    );
    let clock = s.clock().unwrap().clock();
    assert_eq!(clock.running(), Some(Color::White));
    // Black's clock ran while it thought.
    let black = clock.remaining(Color::Black, Duration::from_millis(9500));
    assert!(black < Duration::from_secs(300), "{black:?}");
}

/// 9.1.2.3: "The offer … remains valid until the opponent accepts it, rejects it orally,
/// rejects it by touching a piece with the intention of moving or capturing it, or the game
/// is concluded": the program answers it at once, in words.
#[test]
fn a_draw_offered_to_the_program_is_accepted_when_level_and_declined_otherwise() {
    let mut s = against_program();
    let asked = vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    // Its reply found the position level (20 centipawns).
    program_moves(&mut s, &asked, "e7e5", 300);
    let asked = vi_move(&mut s, Square::G1, Square::F3, "Springer Felix drei", 400);
    let _ = decide(
        &mut s,
        found(&asked, Some("b8c6"), Some(Eval::Centipawns(-150))),
        500,
    );
    // Black stands clearly better by its own judgement: it declines (9.1.2).
    let answered = line(&mut s, "Remis", 600);
    assert_eq!(recorded(&answered), ["draw_offer", "draw_decline"]);
    assert!(
        said(&answered).contains(&"Schwarz Remis abgelehnt".to_string()),
        "{:?}",
        said(&answered)
    );
    assert!(!s.game().is_over());
}

#[test]
fn a_draw_offered_in_a_level_position_is_accepted_and_the_review_follows() {
    let mut s = against_program();
    let asked = vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    // Its reply found the position level (20 centipawns).
    program_moves(&mut s, &asked, "e7e5", 300);
    let answered = line(&mut s, "Remis", 400);
    assert_eq!(recorded(&answered), ["draw_offer", "draw_accept", "result"]);
    assert!(s.game().is_over());
    assert_eq!(
        s.game().outcome().unwrap().result,
        annexd_core::game::GameResult::Draw
    );
    let review = searches(&answered);
    assert!(
        matches!(review[0].purpose, Purpose::Review(0)),
        "{review:?}"
    );
}
