//! Sources of moves (issue 30): an opponent outside the board (a chess program, a remote
//! player) plays one side through `Input::Opponent` and `Effect::ToOpponent`, on fake time.
//! Its move is announced in the game's words and followed on the pegs as a relayed move is;
//! ours is sent once completed; the keyboard speaks for the VI player alone.

use crate::support;

use std::time::Duration;

use annexd_core::board::{BoardInput, Cell, Sensing};
use annexd_core::game::{EndReason, GameOutcome, GameResult};
use annexd_core::record::{Entry, OpponentEntry, OpponentSource};
use annexd_core::{
    Effect, FromOpponent, Input, MoveSource, OpponentOffer, OurRequest, Session, SessionOptions,
    ToOpponent, Token, Word,
};
use shakmaty::{Color, Square};
use support::{line, peg, recorded, said, session_with};

fn remote(side: Color) -> OpponentEntry {
    OpponentEntry {
        side,
        source: OpponentSource::Remote,
        name: String::new(),
        elo: None,
        detail: None,
    }
}

/// The VI player White on a peg board, a remote opponent Black; greeted.
fn against_remote(control: Option<&str>) -> Session {
    let mut s = session_with(
        None,
        control,
        Some(Sensing::Occupancy),
        SessionOptions::default(),
    );
    s.attach_opponent(remote(Color::Black));
    let greeting = s.greeting(false);
    assert_eq!(
        recorded(&greeting),
        ["opponent"],
        "the opponent is recorded"
    );
    s
}

fn to_opponent(effects: &[Effect]) -> Vec<ToOpponent> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::ToOpponent(to) => Some(to.clone()),
            _ => None,
        })
        .collect()
}

fn moved(s: &mut Session, uci: &str, after: usize, at: u64) -> Vec<Effect> {
    s.handle(
        Input::Opponent(FromOpponent::Moved {
            uci: uci.into(),
            after,
        }),
        Duration::from_millis(at),
    )
}

/// The opponent's move followed on the pegs.
fn follow(s: &mut Session, from: Square, to: Square, at: u64) {
    peg(s, BoardInput::Up(from), at);
    peg(s, BoardInput::Down(to, Cell::Peg), at + 10);
}

/// The VI player's move on the pegs, announced by typing it.
fn vi_move(s: &mut Session, from: Square, to: Square, announced: &str, at: u64) -> Vec<Effect> {
    peg(s, BoardInput::Up(from), at);
    peg(s, BoardInput::Down(to, Cell::Peg), at + 10);
    line(s, announced, at + 20)
}

#[test]
fn the_opponents_move_is_announced_and_followed_on_the_pegs_and_ours_is_sent() {
    let mut s = against_remote(None);
    assert_eq!(s.sources().of(Color::Black), MoveSource::Remote);
    assert_eq!(s.sources().of(Color::White), MoveSource::ViPlayer);
    let ours = vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    assert_eq!(
        to_opponent(&ours),
        [ToOpponent::Moved {
            uci: "e2e4".into(),
            after: 0
        }],
        "without a clock our move is sent as it is made"
    );
    // A move typed for the opponent's side is refused: it moves itself.
    let typed = line(&mut s, "Eva fünf", 200);
    assert_eq!(said(&typed), ["der Gegner zieht selbst, Schwarz am Zug"]);
    assert!(recorded(&typed).is_empty());
    // A move for another position (one taken back meanwhile) is passed over.
    let stale = moved(&mut s, "e7e5", 0, 250);
    assert!(said(&stale).is_empty() && recorded(&stale).is_empty());
    let theirs = moved(&mut s, "e7e5", 1, 300);
    assert_eq!(said(&theirs), ["Schwarz Eva fünf"]);
    assert_eq!(recorded(&theirs), ["move"]);
    // The VI player follows it on his pegs, checked square by square (D.2.9).
    peg(&mut s, BoardInput::Up(Square::E7), 400);
    let short = peg(&mut s, BoardInput::Down(Square::E6, Cell::Peg), 410);
    assert_eq!(
        said(&short),
        ["Bretter weichen ab, schwarzer Bauer Eva sechs nach Eva fünf"]
    );
    peg(&mut s, BoardInput::Up(Square::E6), 420);
    let right = peg(&mut s, BoardInput::Down(Square::E5, Cell::Peg), 430);
    assert_eq!(said(&right), ["Bretter stimmen überein"]);
    // A move that is not legal where the game stands is said and dropped.
    let ours = vi_move(&mut s, Square::G1, Square::F3, "Springer Felix drei", 500);
    assert_eq!(to_opponent(&ours).len(), 1);
    let illegal = moved(&mut s, "e5e3", 3, 600);
    assert_eq!(
        said(&illegal),
        ["der Zug des Gegners ist hier nicht regelgemäß, die Partie geht weiter"]
    );
    assert_eq!(s.game().history().len(), 3);
}

#[test]
fn with_a_clock_our_move_is_sent_when_completed_and_the_opponents_completes_itself() {
    let mut s = against_remote(Some("15+10"));
    let made = vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    assert!(
        to_opponent(&made).is_empty(),
        "not sent before the clock completes it (it may still be corrected, D.2.8)"
    );
    let pressed = s.handle(Input::ClockButton, Duration::from_millis(2000));
    assert_eq!(
        to_opponent(&pressed),
        [ToOpponent::Moved {
            uci: "e2e4".into(),
            after: 0
        }]
    );
    let theirs = moved(&mut s, "c7c5", 1, 5000);
    assert_eq!(
        recorded(&theirs),
        ["move", "press"],
        "it pressed its own clock"
    );
    assert_eq!(s.uncompleted(), None);
    let clock = s.clock().unwrap().clock();
    assert_eq!(clock.running(), Some(Color::White));
    // The outside's clocks are taken as they are.
    let _ = s.handle(
        Input::Opponent(FromOpponent::Clocks {
            white: Duration::from_secs(880),
            black: Duration::from_secs(905),
        }),
        Duration::from_millis(5100),
    );
    let clock = s.clock().unwrap().clock();
    assert_eq!(
        clock.remaining(Color::Black, Duration::from_millis(5100)),
        Duration::from_secs(905)
    );
}

#[test]
fn the_keyboard_speaks_for_the_vi_player_alone_and_offers_go_both_ways() {
    let mut s = against_remote(None);
    vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    moved(&mut s, "e7e5", 1, 150);
    // The opponent offers a draw: recorded and said; "Remis ablehnen" answers it.
    let offered = s.handle(
        Input::Opponent(FromOpponent::Offer(OpponentOffer::DrawOffered)),
        Duration::from_millis(200),
    );
    assert_eq!(said(&offered), ["Schwarz bietet Remis an"]);
    assert_eq!(recorded(&offered), ["draw_offer"]);
    // Against a remote opponent what goes to the server is asked back first (issue 32).
    let asked = line(&mut s, "Remis ablehnen", 300);
    assert!(to_opponent(&asked).is_empty());
    assert_eq!(said(&asked), ["Remis ablehnen? ja oder nein"]);
    let declined = line(&mut s, "ja", 350);
    assert_eq!(
        to_opponent(&declined),
        [ToOpponent::Request(OurRequest::DeclineDraw)]
    );
    // Resigning typed asks only "ja?": the keyboard is the VI player's, not the opponent's.
    let asked = line(&mut s, "aufgeben", 400);
    assert_eq!(said(&asked), ["aufgeben Weiß? ja oder nein"]);
    let resigned = line(&mut s, "ja", 500);
    assert_eq!(
        to_opponent(&resigned),
        [ToOpponent::Request(OurRequest::Resign)]
    );
    assert!(s.game().is_over());
}

#[test]
fn the_game_ended_outside_is_recorded_and_closed_and_takebacks_go_back_on_the_boards() {
    let mut s = against_remote(None);
    vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    moved(&mut s, "e7e5", 1, 200);
    let back = s.handle(
        Input::Opponent(FromOpponent::TookBack { plies: 2 }),
        Duration::from_millis(300),
    );
    assert_eq!(recorded(&back), ["undo", "undo"]);
    assert_eq!(s.game().history().len(), 0);
    assert!(
        said(&back).iter().any(|l| l.starts_with("zurückgenommen")),
        "{:?}",
        said(&back)
    );
    let ended = s.handle(
        Input::Opponent(FromOpponent::Ended {
            outcome: GameOutcome {
                result: GameResult::WhiteWins,
                reason: EndReason::Resignation { by: Color::Black },
            },
            why: vec![Token::Word(Word::EndedByServer)],
        }),
        Duration::from_millis(400),
    );
    // A resignation there is recorded as one (5.1.2), its result following.
    assert_eq!(recorded(&ended), ["resign", "result"]);
    assert!(
        ended
            .iter()
            .any(|e| matches!(e, Effect::CloseRecord { .. }))
    );
    assert!(to_opponent(&ended).is_empty(), "not told back");
    assert_eq!(
        s.game().outcome().unwrap().reason,
        EndReason::Resignation { by: Color::Black }
    );
    let late = moved(&mut s, "e7e5", 0, 500);
    assert!(recorded(&late).is_empty(), "nothing after the end");
}

#[test]
fn an_end_decided_outside_for_another_reason_is_recorded_with_that_reason() {
    let mut s = against_remote(Some("15+10"));
    let ended = s.handle(
        Input::Opponent(FromOpponent::Ended {
            outcome: GameOutcome {
                result: GameResult::Draw,
                reason: EndReason::Agreement,
            },
            why: vec![Token::Word(Word::EndedByServer)],
        }),
        Duration::from_millis(400),
    );
    assert_eq!(recorded(&ended), ["result"]);
    assert_eq!(said(&ended), ["vom Server beendet"]);
    assert!(
        ended
            .iter()
            .any(|e| matches!(e, Effect::CloseRecord { .. }))
    );
    let Some(Effect::Record(_, sheet)) = ended.first() else {
        panic!()
    };
    assert_eq!(sheet.game().outcome().unwrap().reason, EndReason::Agreement);
}

#[test]
fn our_move_that_mates_is_sent_at_once_with_a_clock() {
    // 5.1.1: "The game is won by the player who has checkmated his opponent's king. This
    // immediately ends the game": no clock press completes it, so it goes out as made.
    let mut s = against_remote(Some("15+10"));
    vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    let _ = s.handle(Input::ClockButton, Duration::from_millis(150));
    moved(&mut s, "f7f6", 1, 200);
    follow(&mut s, Square::F7, Square::F6, 250);
    vi_move(&mut s, Square::D2, Square::D4, "David vier", 300);
    let _ = s.handle(Input::ClockButton, Duration::from_millis(350));
    moved(&mut s, "g7g5", 3, 400);
    follow(&mut s, Square::G7, Square::G5, 450);
    let ours = vi_move(&mut s, Square::D1, Square::H5, "Dame Hector fünf", 500);
    assert!(s.game().is_over(), "{:?}", said(&ours));
    assert_eq!(
        to_opponent(&ours),
        [ToOpponent::Moved {
            uci: "d1h5".into(),
            after: 4
        }]
    );
}

#[test]
fn online_the_flag_is_the_servers_to_say() {
    // 6.9's flag is the server's online: it counts the line's lag, and its end says it.
    let mut s = against_remote(Some("1+0"));
    vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
    let _ = s.handle(Input::ClockButton, Duration::from_millis(150));
    moved(&mut s, "e7e5", 1, 200);
    let late = s.handle(Input::Tick, Duration::from_secs(120));
    assert!(recorded(&late).is_empty(), "{:?}", said(&late));
    assert!(!s.game().is_over());
    assert!(
        !said(&late).iter().any(|l| l.contains("Zeit abgelaufen")),
        "{:?}",
        said(&late)
    );
}

#[test]
fn a_resignation_and_a_flag_outside_are_recorded_as_such_with_the_outsides_words() {
    // 5.1.2 "The game is won by the player whose opponent declares he resigns"; 6.9 "if a
    // player does not complete the prescribed number of moves in the allotted time, the game
    // is lost by that player": the server's reason is the record's.
    for (reason, entry) in [
        (EndReason::Resignation { by: Color::Black }, "resign"),
        (
            EndReason::FlagFall {
                fallen: Color::Black,
            },
            "flag",
        ),
    ] {
        let mut s = against_remote(None);
        vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100);
        moved(&mut s, "e7e5", 1, 200);
        let ended = s.handle(
            Input::Opponent(FromOpponent::Ended {
                outcome: GameOutcome {
                    result: GameResult::WhiteWins,
                    reason,
                },
                why: vec![Token::Word(Word::EndedByServer)],
            }),
            Duration::from_millis(400),
        );
        assert_eq!(recorded(&ended)[0], entry, "{reason:?}");
        assert_eq!(s.game().outcome().map(|o| o.reason), Some(reason));
        // The outside's words of the end, not the result's again.
        assert_eq!(said(&ended), ["vom Server beendet"]);
    }
}

#[test]
fn the_opponent_is_recorded_with_its_name_once_known_and_read_back() {
    let mut s = against_remote(None);
    let joined = s.handle(
        Input::Opponent(FromOpponent::Joined {
            name: "maia1".into(),
            elo: Some(1500),
        }),
        Duration::from_millis(10),
    );
    assert_eq!(recorded(&joined), ["opponent"]);
    let Some(Effect::Record(stamped, sheet)) = joined.first() else {
        panic!("{joined:?}")
    };
    let Entry::Opponent(entry) = &stamped.entry else {
        panic!()
    };
    assert_eq!(entry.name, "maia1");
    assert_eq!(sheet.opponent(Color::Black), Some(entry));
    // Said again, nothing new is recorded.
    let again = s.handle(
        Input::Opponent(FromOpponent::Joined {
            name: "maia1".into(),
            elo: Some(1500),
        }),
        Duration::from_millis(20),
    );
    assert!(recorded(&again).is_empty());
}

/// An online game resumed from its journal (`annexd resume`): its clock is the server's,
/// which ran all along, so the greeting says neither the journal's old times nor "clock
/// stopped" nor the press that would start it again; the server's first clocks set it going
/// and are said. A game at the board waits for the press (dialogue row C06).
#[test]
fn a_resumed_online_game_goes_on_with_the_servers_clock_not_with_a_press() {
    use annexd_core::clock::{AnnounceConfig, ClockOptions, TalkingClock, TimeControl};
    use annexd_core::record::{Header, Stamped, parse_journal};
    let mut s = session_with(
        None,
        Some("15+10"),
        Some(Sensing::Occupancy),
        SessionOptions::default(),
    );
    s.attach_opponent(remote(Color::Black));
    let mut header = Header::standard();
    header.time_control = Some("15+10".into());
    let mut journal = Stamped::untimed(Entry::header(header)).to_json_line();
    let mut keep = |effects: Vec<Effect>| {
        for effect in effects {
            if let Effect::Record(stamped, _) = effect {
                journal.push('\n');
                journal.push_str(&stamped.to_json_line());
            }
        }
    };
    keep(s.greeting(false));
    keep(vi_move(&mut s, Square::E2, Square::E4, "Eva vier", 100));
    keep(s.handle(Input::ClockButton, Duration::from_millis(2000)));
    keep(moved(&mut s, "c7c5", 1, 5000));
    journal.push('\n');
    let contents = parse_journal(journal.as_bytes()).unwrap();
    let clock = || {
        TalkingClock::new(
            TimeControl::parse("15+10").unwrap(),
            ClockOptions::default(),
            AnnounceConfig::default(),
        )
    };
    let resumed = |opponent: Option<OpponentEntry>| {
        let mut s = annexd_core::resume(&contents, Some(clock()), SessionOptions::default())
            .unwrap()
            .session;
        if let Some(opponent) = opponent {
            s.attach_opponent(opponent);
        }
        s
    };
    let recorded_opponent = contents
        .entries
        .iter()
        .find_map(|line| match &line.entry {
            Entry::Opponent(entry) => Some(entry.clone()),
            _ => None,
        })
        .expect("the opponent is in the journal");
    assert_eq!(recorded_opponent.source, OpponentSource::Remote);
    let mut online = resumed(Some(recorded_opponent));
    // Not the times the journal last recorded (old by now): the server's, when they come.
    let greeting = said(&online.greeting(true)).join(" ");
    assert!(
        !greeting.contains("Minuten")
            && !greeting.contains("Uhr angehalten")
            && !greeting.contains("Eingabetaste"),
        "{greeting}"
    );
    let at = Duration::from_millis(9000);
    let first_clocks = online.handle(
        Input::Opponent(FromOpponent::Clocks {
            white: Duration::from_secs(870),
            black: Duration::from_secs(905),
        }),
        at,
    );
    let told = said(&first_clocks).join(" ");
    assert!(
        told.contains("Weiß vierzehn Minuten") && told.contains("Schwarz fünfzehn Minuten"),
        "{told}"
    );
    let clock = online.clock().unwrap().clock();
    assert_eq!(
        clock.running(),
        Some(Color::White),
        "it runs with the server's"
    );
    assert_eq!(clock.remaining(Color::White, at), Duration::from_secs(870));
    // Later clocks are taken in silence, as in any online game.
    let later = online.handle(
        Input::Opponent(FromOpponent::Clocks {
            white: Duration::from_secs(860),
            black: Duration::from_secs(905),
        }),
        at + Duration::from_secs(10),
    );
    assert!(said(&later).is_empty(), "{:?}", said(&later));
    // The same journal resumed as a game at the board: stopped until the press.
    let mut at_the_board = resumed(None);
    let greeting = said(&at_the_board.greeting(true)).join(" ");
    assert!(greeting.contains("Uhr angehalten"), "{greeting}");
    assert!(greeting.contains("Eingabetaste"), "{greeting}");
}
