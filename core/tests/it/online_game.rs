//! The online game as a state machine (issue 32), driven by hand with lines written as
//! lichess's Board API writes them and fake time: signing in, a seek, a challenge, waiting for
//! one; our moves sent once (again exactly once after a line that was down, never when the
//! server had it), the opponent's moves, a stream cut and read again, HTTP 429, offers and
//! takebacks of either side, an opponent who leaves, the ends; and what is said at each step.

#![cfg(feature = "online")]

use std::time::Duration;

use annexd_core::online::{
    Act, Answer, ChallengeSpec, Closing, GameFacts, Input, Intent, Online, Order, Patience, Phase,
    Plan, Report, Request, RequestId, Trouble,
};
use annexd_core::{Lang, Word};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

const SEC: Duration = Duration::from_secs(1);

/// The online game and what it asked and said so far.
struct Talk {
    online: Online,
    now: Duration,
    orders: Vec<Order>,
    reports: Vec<Report>,
}

impl Talk {
    fn new(plan: Plan) -> Talk {
        let mut online = Online::new(plan, Patience::default());
        let step = online.start(Duration::ZERO);
        Talk {
            online,
            now: Duration::ZERO,
            orders: step.orders,
            reports: step.reports,
        }
    }

    fn take(&mut self, step: annexd_core::online::Step) {
        self.orders.extend(step.orders);
        self.reports.extend(step.reports);
    }

    /// The latest request sent that `wanted` picks.
    fn id(&self, wanted: impl Fn(&Request) -> bool) -> RequestId {
        self.orders
            .iter()
            .rev()
            .find_map(|o| match o {
                Order::Send(id, r) if wanted(r) => Some(*id),
                _ => None,
            })
            .unwrap_or_else(|| panic!("not sent; sent: {:#?}", self.orders))
    }

    fn count(&self, wanted: impl Fn(&Request) -> bool) -> usize {
        self.orders
            .iter()
            .filter(|o| matches!(o, Order::Send(_, r) if wanted(r)))
            .count()
    }

    fn input(&mut self, input: Input) {
        let step = self.online.handle(input, self.now);
        self.take(step);
    }

    fn answer(&mut self, wanted: impl Fn(&Request) -> bool, answer: Answer) {
        let id = self.id(wanted);
        self.input(Input::Answered(id, answer));
    }

    fn act(&mut self, act: Act) {
        let step = self.online.act(act, self.now);
        self.take(step);
    }

    /// Lets time pass to `at`, waking at every deadline on the way.
    fn wait_until(&mut self, at: Duration) {
        while let Some(deadline) = self.online.next_deadline().filter(|d| *d <= at) {
            self.now = deadline.max(self.now);
            let step = self.online.tick(self.now);
            self.take(step);
        }
        self.now = at.max(self.now);
    }

    /// What was said since the last call, in German, with its shown data (the end's words
    /// as "ENDE: …").
    fn said(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        let mut kept = Vec::new();
        for report in std::mem::take(&mut self.reports) {
            match report {
                Report::Say(said) => {
                    let mut text = Lang::De.text(&said.tokens);
                    if let Some(detail) = said.detail {
                        text = format!("{text} [{detail}]");
                    }
                    out.push(text);
                }
                Report::Ended(end) => {
                    out.push(format!("ENDE: {}", Lang::De.text(&end.tokens)));
                    kept.push(Report::Ended(end));
                }
                // The session says and records the opponent's offers.
                Report::Offer(offer) => out.push(format!("ANGEBOT: {offer:?}")),
                Report::Log(_) => {}
                other => kept.push(other),
            }
        }
        self.reports = kept;
        out
    }

    /// The reports that are not words, since the last call.
    /// The facts of the game the reports since the last look started.
    fn started(&mut self) -> Box<GameFacts> {
        self.events()
            .into_iter()
            .find_map(|r| match r {
                Report::Started(facts) => Some(facts),
                _ => None,
            })
            .expect("the game started")
    }

    fn events(&mut self) -> Vec<Report> {
        let (said, other): (Vec<Report>, Vec<Report>) = std::mem::take(&mut self.reports)
            .into_iter()
            .partition(|r| matches!(r, Report::Say(_) | Report::Log(_)));
        self.reports = said;
        other
    }
}

fn is_game_stream(r: &Request) -> bool {
    matches!(r, Request::GameStream(_))
}

fn is_move(uci: &'static str) -> impl Fn(&Request) -> bool {
    move |r| matches!(r, Request::Move { uci: u, .. } if u == uci)
}

fn account() -> Answer {
    Answer::ok(r#"{"id":"blindfold","username":"Blindfold","perfs":{}}"#)
}

fn game_full(moves: &str, extra: &str) -> String {
    format!(
        r#"{{"type":"gameFull","id":"abcd1234","variant":{{"key":"standard","name":"Standard"}},"clock":{{"initial":900000,"increment":10000}},"speed":"rapid","perf":{{"name":"Rapid"}},"rated":true,"createdAt":1,"white":{{"id":"blindfold","name":"Blindfold","rating":1650}},"black":{{"id":"aaron","name":"Aaron","title":null,"rating":1776}},"initialFen":"startpos","state":{}}}"#,
        game_state(moves, extra)
    )
}

fn game_state(moves: &str, extra: &str) -> String {
    format!(
        r#"{{"type":"gameState","moves":"{moves}","wtime":900000,"btime":895000,"winc":10000,"binc":10000,"status":"started"{extra}}}"#
    )
}

fn mv(position_moves: &str, uci: &str) -> Move {
    let mut position = Chess::default();
    for m in position_moves.split_whitespace() {
        let m = UciMove::from_ascii(m.as_bytes())
            .unwrap()
            .to_move(&position)
            .unwrap();
        position.play_unchecked(m);
    }
    UciMove::from_ascii(uci.as_bytes())
        .unwrap()
        .to_move(&position)
        .unwrap()
}

/// Signed in under `plan`, the event stream open: the talk and the stream's id.
fn in_lobby(plan: Plan) -> (Talk, RequestId) {
    let mut talk = Talk::new(plan);
    talk.answer(|r| *r == Request::Account, account());
    let events = talk.id(|r| *r == Request::EventStream);
    talk.input(Input::Opened(events));
    (talk, events)
}

/// Signed in, the seek made and answered by a game in which we are White.
fn seek_and_start() -> Talk {
    let (mut talk, events) = in_lobby(Plan::Seek {
        control: "15+10".parse().unwrap(),
        rated: true,
    });
    let seek = talk.id(|r| matches!(r, Request::Seek { .. }));
    talk.input(Input::Opened(seek));
    talk.input(Input::Line(seek, String::new()));
    talk.input(Input::Line(
        events,
        r#"{"type":"gameStart","game":{"fullId":"abcd1234wxyz","gameId":"abcd1234","color":"white","status":{"id":20,"name":"started"},"variant":{"key":"standard","name":"Standard"},"compat":{"bot":false,"board":true},"opponent":{"id":"aaron","username":"Aaron","rating":1776}}}"#.to_string(),
    ));
    assert!(
        talk.orders.contains(&Order::Close(seek)),
        "the seek is withdrawn"
    );
    let game = talk.id(is_game_stream);
    talk.input(Input::Opened(game));
    talk.input(Input::Line(game, game_full("", "")));
    talk
}

/// lichess-org/api, `GameEventPlayer`: "aiLevel" for lichess's computer, which has no
/// "name" or "id": the game is said to be against the computer of that level, not against an
/// empty name.
#[test]
fn a_game_against_lichess_computer_names_it_by_its_level() {
    let (mut talk, events) = in_lobby(Plan::Seek {
        control: "15+10".parse().unwrap(),
        rated: true,
    });
    talk.input(Input::Line(
        events,
        r#"{"type":"gameStart","game":{"fullId":"abcd1234wxyz","gameId":"abcd1234","color":"white","opponent":{"id":null,"username":"A.I. level 3","ai":3}}}"#.to_string(),
    ));
    let game = talk.id(is_game_stream);
    talk.input(Input::Opened(game));
    let full = game_full("", "").replace(
        r#""black":{"id":"aaron","name":"Aaron","title":null,"rating":1776}"#,
        r#""black":{"aiLevel":3}"#,
    );
    assert!(full.contains("aiLevel"));
    talk.input(Input::Line(game, full));
    let said = talk.said();
    assert!(
        said.iter().any(|l| l == "Partie gegen Computer Stufe drei"),
        "{said:?}"
    );
    assert!(!said.iter().any(|l| l.contains("[]")), "{said:?}");
    // The record names it as lichess's own PGN does.
    let facts = talk.started();
    assert_eq!(facts.opponent.recorded(), "lichess AI level 3");
}

#[test]
fn a_seek_signs_in_seeks_and_starts_the_game_saying_who_plays_whom() {
    let mut talk = seek_and_start();
    assert_eq!(
        talk.said(),
        [
            "bei lichess angemeldet als [Blindfold]",
            "suche einen Gegner, fünfzehn Minuten plus zehn Sekunden, gewertet",
            "Partie gegen [Aaron]",
            "Wertungszahl eintausendsiebenhundertsechsundsiebzig, fünfzehn Minuten plus zehn Sekunden, gewertet, Sie spielen Weiß",
        ]
    );
    let facts = talk.started();
    assert_eq!(facts.ours, Color::White);
    assert_eq!(facts.opponent.name, "Aaron");
    assert_eq!(facts.control.unwrap().to_string(), "15+10");
    assert_eq!(talk.online.phase(), Phase::Playing);
    // The seek's request as the API describes it.
    let seek = talk
        .orders
        .iter()
        .find_map(|o| match o {
            Order::Send(_, r @ Request::Seek { .. }) => Some(r.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(seek.path(), "/api/board/seek");
    assert!(seek.form().contains(&("time", "15".to_string())));
}

#[test]
fn the_time_for_a_first_move_is_said_when_it_is_ours() {
    let mut talk = Talk::new(Plan::Join("abcd1234".into()));
    talk.answer(|r| *r == Request::Account, account());
    let game = talk.id(is_game_stream);
    talk.input(Input::Opened(game));
    talk.input(Input::Line(
        game,
        game_full(
            "",
            r#","expiration":{"idleMillis":5000,"millisToMove":30000}"#,
        ),
    ));
    assert_eq!(
        talk.said().last().unwrap(),
        "Zeit für den ersten Zug fünfundzwanzig Sekunden, sonst wird die Partie abgebrochen"
    );
}

#[test]
fn our_moves_are_sent_once_and_the_opponents_are_played_here() {
    let mut talk = seek_and_start();
    talk.said();
    talk.events();
    let e4 = mv("", "e2e4");
    talk.act(Act::Move(e4));
    assert_eq!(talk.count(is_move("e2e4")), 1);
    let game = talk.id(is_game_stream);
    // A state the server sent before it had our move changes nothing.
    talk.input(Input::Line(game, game_state("", r#","bdraw":true"#)));
    talk.input(Input::Line(game, game_state("", "")));
    assert_eq!(talk.count(is_move("e2e4")), 1);
    assert!(talk.online.move_on_its_way());
    talk.said();
    talk.now += SEC;
    talk.input(Input::Line(game, game_state("e2e4", "")));
    talk.answer(is_move("e2e4"), Answer::ok(r#"{"ok":true}"#));
    talk.input(Input::Line(game, game_state("e2e4 e7e5", "")));
    let events = talk.events();
    assert!(events.contains(&Report::Delivered(e4)));
    assert!(events.contains(&Report::Moved {
        mv: mv("e2e4", "e7e5"),
        side: Color::Black
    }));
    // Once: the answer after the stream showed it changes nothing.
    assert_eq!(
        events
            .iter()
            .filter(|r| matches!(r, Report::Delivered(_)))
            .count(),
        1
    );
    assert!(talk.said().is_empty(), "moves are the session's to say");
    // The clocks are the server's, read at the line's time.
    let clock = talk.online.clock().unwrap();
    assert_eq!(clock.running, Some(Color::White));
    assert_eq!(
        clock.remaining(Color::Black, talk.now + 5 * SEC),
        Duration::from_millis(895_000)
    );
    assert_eq!(
        clock.remaining(Color::White, talk.now + 5 * SEC),
        Duration::from_millis(895_000)
    );
    // A move out of turn is not sent.
    talk.act(Act::Move(mv("e2e4 e7e5", "g1f3")));
    talk.act(Act::Move(mv("e2e4 e7e5 g1f3", "b8c6")));
    assert_eq!(talk.count(is_move("b8c6")), 0);
    assert!(
        talk.events()
            .contains(&Report::Rejected(mv("e2e4 e7e5 g1f3", "b8c6")))
    );
}

#[test]
fn a_cut_stream_is_opened_again_and_the_game_read_again_twice() {
    let mut talk = seek_and_start();
    talk.said();
    talk.act(Act::Move(mv("", "e2e4")));
    let game = talk.id(is_game_stream);
    talk.input(Input::Line(game, game_state("e2e4", "")));
    talk.events();
    for cut in 0..2 {
        let game = talk.id(is_game_stream);
        talk.input(Input::Closed(game, Closing::Cut("connection reset".into())));
        assert_eq!(talk.said(), ["Verbindung unterbrochen"], "cut {cut}");
        // Opened again after a second, not before.
        let before = talk.count(is_game_stream);
        talk.wait_until(talk.now + SEC / 2);
        assert_eq!(talk.count(is_game_stream), before);
        talk.wait_until(talk.now + SEC);
        assert_eq!(talk.count(is_game_stream), before + 1);
        let game = talk.id(is_game_stream);
        talk.input(Input::Opened(game));
        // The opponent moved while the line was down.
        let moves = if cut == 0 {
            "e2e4 e7e5"
        } else {
            "e2e4 e7e5 g1f3 b8c6"
        };
        talk.input(Input::Line(game, game_full(moves, "")));
        assert_eq!(talk.said(), ["wieder verbunden", "Weiß am Zug"]);
        let moved: Vec<Report> = talk.events();
        assert!(moved.iter().any(|r| matches!(
            r,
            Report::Moved {
                side: Color::Black,
                ..
            }
        )));
        assert!(!moved.iter().any(|r| matches!(r, Report::Started(_))));
        if cut == 0 {
            talk.act(Act::Move(mv("e2e4 e7e5", "g1f3")));
            talk.input(Input::Line(game, game_state("e2e4 e7e5 g1f3", "")));
            talk.events();
        }
    }
    assert_eq!(talk.online.moves().len(), 4);
}

#[test]
fn a_move_made_while_the_line_is_down_is_sent_again_exactly_once() {
    let mut talk = seek_and_start();
    talk.said();
    let game = talk.id(is_game_stream);
    talk.input(Input::Closed(
        game,
        Closing::Cut("network unreachable".into()),
    ));
    talk.said();
    // Made while the line is down: tried, its answer lost.
    let e4 = mv("", "e2e4");
    talk.act(Act::Move(e4));
    assert_eq!(
        talk.said(),
        ["der Zug ist gespeichert und wird gesendet, sobald die Verbindung steht"]
    );
    talk.answer(
        is_move("e2e4"),
        Answer::Unreachable("connection refused".into()),
    );
    assert_eq!(talk.count(is_move("e2e4")), 1);
    // Still down at the first attempt.
    talk.wait_until(talk.now + SEC);
    let game = talk.id(is_game_stream);
    talk.input(Input::Closed(
        game,
        Closing::Refused(Answer::Unreachable("connection refused".into())),
    ));
    talk.wait_until(talk.now + 2 * SEC);
    let game = talk.id(is_game_stream);
    talk.input(Input::Opened(game));
    // The server has not got it: sent again, once.
    talk.input(Input::Line(game, game_full("", "")));
    assert_eq!(talk.count(is_move("e2e4")), 2);
    talk.input(Input::Line(game, game_state("e2e4", "")));
    talk.answer(is_move("e2e4"), Answer::ok("{\"ok\":true}"));
    assert!(talk.events().contains(&Report::Delivered(e4)));
    // Our move is made here: the opponent is to move once it arrives.
    assert_eq!(
        talk.said(),
        ["wieder verbunden", "Schwarz am Zug", "Zug übermittelt"]
    );
    assert_eq!(talk.count(is_move("e2e4")), 2);
}

#[test]
fn a_move_whose_answer_was_lost_but_arrived_is_not_sent_again() {
    let mut talk = seek_and_start();
    talk.said();
    let e4 = mv("", "e2e4");
    talk.act(Act::Move(e4));
    let old_stream = talk.id(is_game_stream);
    talk.answer(
        is_move("e2e4"),
        Answer::Unreachable("connection reset by peer".into()),
    );
    // The game stream is read afresh at once.
    assert!(talk.orders.contains(&Order::Close(old_stream)));
    let game = talk.id(is_game_stream);
    assert_ne!(game, old_stream);
    // A line of the old stream, still on its way, is passed over.
    talk.input(Input::Line(old_stream, game_state("", "")));
    talk.input(Input::Opened(game));
    talk.input(Input::Line(game, game_full("e2e4", "")));
    assert!(talk.events().contains(&Report::Delivered(e4)));
    assert_eq!(talk.count(is_move("e2e4")), 1);
    assert!(!talk.online.move_on_its_way());
}

#[test]
fn a_move_the_server_refuses_is_taken_back() {
    let mut talk = seek_and_start();
    talk.said();
    talk.act(Act::Move(mv("", "e2e4")));
    talk.answer(
        is_move("e2e4"),
        Answer::Status {
            code: 400,
            body: r#"{"error":"Not your turn, or game already over"}"#.into(),
        },
    );
    assert!(talk.events().contains(&Report::TakenBack(1)));
    assert_eq!(
        talk.said(),
        [
            "der Server hat den Zug nicht angenommen, er ist zurückgenommen [Not your turn, or game already over]"
        ]
    );
    assert!(talk.online.moves().is_empty());
}

#[test]
fn after_a_429_nothing_is_sent_for_a_minute() {
    let mut talk = seek_and_start();
    talk.said();
    talk.act(Act::Move(mv("", "e2e4")));
    talk.answer(
        is_move("e2e4"),
        Answer::Status {
            code: 429,
            body: String::new(),
        },
    );
    assert_eq!(
        talk.said(),
        ["der Server bittet um eine Pause, Wartezeit eine Minute"]
    );
    // A stream cut meanwhile waits too.
    let game = talk.id(is_game_stream);
    talk.input(Input::Closed(game, Closing::Cut("reset".into())));
    talk.wait_until(talk.now + 59 * SEC);
    assert_eq!(talk.count(is_move("e2e4")), 1);
    assert_eq!(talk.count(is_game_stream), 1);
    talk.wait_until(talk.now + SEC);
    assert_eq!(talk.count(is_move("e2e4")), 2);
    assert_eq!(talk.count(is_game_stream), 2);
}

#[test]
fn offers_and_takebacks_of_either_side_are_said_and_ours_asked_first() {
    let mut talk = seek_and_start();
    talk.said();
    let game = talk.id(is_game_stream);
    talk.act(Act::Move(mv("", "e2e4")));
    talk.input(Input::Line(game, game_state("e2e4 e7e5", "")));
    // The opponent offers a draw; we decline.
    talk.input(Input::Line(
        game,
        game_state("e2e4 e7e5", r#","bdraw":true"#),
    ));
    assert_eq!(
        talk.said(),
        ["ANGEBOT: DrawOffered", "Remis annehmen oder Remis ablehnen"]
    );
    talk.act(Act::DeclineDraw);
    assert_eq!(
        talk.count(|r| matches!(r, Request::Draw { yes: false, .. })),
        1
    );
    // Said and recorded by the session when it was made: nothing more now.
    talk.input(Input::Line(game, game_state("e2e4 e7e5", "")));
    assert_eq!(talk.said(), Vec::<String>::new());

    // We offer one: asked first, sent after yes.
    talk.act(Act::Wish(Intent::OfferDraw));
    assert_eq!(talk.said(), ["Remis anbieten? ja oder nein"]);
    assert_eq!(
        talk.count(|r| matches!(r, Request::Draw { yes: true, .. })),
        0
    );
    talk.act(Act::Yes);
    assert_eq!(
        talk.count(|r| matches!(r, Request::Draw { yes: true, .. })),
        1
    );
    talk.input(Input::Line(
        game,
        game_state("e2e4 e7e5", r#","wdraw":true"#),
    ));
    assert_eq!(talk.said(), ["Weiß bietet Remis an"]);
    talk.input(Input::Line(game, game_state("e2e4 e7e5", "")));
    assert_eq!(talk.said(), ["ANGEBOT: DrawDeclined"]);

    // No twice: nothing is sent.
    talk.act(Act::Wish(Intent::Resign));
    talk.act(Act::No);
    assert_eq!(
        talk.said(),
        ["aufgeben? ja oder nein", "aufgeben, nicht gesendet"]
    );
    assert_eq!(talk.count(|r| matches!(r, Request::Resign(_))), 0);

    // The opponent asks for a takeback after our move; we accept: two half-moves back.
    talk.act(Act::Move(mv("e2e4 e7e5", "g1f3")));
    talk.input(Input::Line(game, game_state("e2e4 e7e5 g1f3", "")));
    talk.input(Input::Line(
        game,
        game_state("e2e4 e7e5 g1f3", r#","btakeback":true"#),
    ));
    assert_eq!(
        talk.said(),
        [
            "ANGEBOT: TakebackAsked",
            "Zugrücknahme annehmen oder Zugrücknahme ablehnen"
        ]
    );
    talk.events();
    talk.act(Act::Wish(Intent::AcceptTakeback));
    talk.act(Act::Yes);
    assert_eq!(
        talk.count(|r| matches!(r, Request::Takeback { yes: true, .. })),
        1
    );
    talk.input(Input::Line(game, game_state("e2e4", "")));
    assert!(talk.events().contains(&Report::TakenBack(2)));
    assert_eq!(
        talk.said(),
        [
            "Zugrücknahme annehmen? ja oder nein",
            "Zugrücknahme angenommen"
        ]
    );
    assert_eq!(talk.online.moves().len(), 1);
    // Accepting a draw nobody offers is not possible.
    talk.act(Act::Wish(Intent::AcceptDraw));
    assert_eq!(talk.said(), ["kein Remisangebot"]);
}

#[test]
fn an_opponent_who_leaves_can_be_claimed_against_when_the_time_is_up() {
    let mut talk = seek_and_start();
    talk.said();
    let game = talk.id(is_game_stream);
    talk.act(Act::Move(mv("", "e2e4")));
    talk.input(Input::Line(game, game_state("e2e4 e7e5", "")));
    talk.input(Input::Line(
        game,
        r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":10}"#.into(),
    ));
    assert_eq!(
        talk.said(),
        ["Schwarz hat die Partie verlassen, Sieg beanspruchen möglich, Wartezeit zehn Sekunden"]
    );
    talk.act(Act::Wish(Intent::ClaimVictory));
    assert_eq!(talk.said(), ["Sieg beanspruchen, jetzt nicht möglich"]);
    talk.wait_until(talk.now + 10 * SEC);
    assert_eq!(
        talk.said(),
        ["jetzt kann der Sieg oder Remis beansprucht werden"]
    );
    talk.act(Act::Wish(Intent::ClaimVictory));
    talk.act(Act::Yes);
    assert_eq!(talk.count(|r| matches!(r, Request::ClaimVictory(_))), 1);
    talk.input(Input::Line(
        game,
        game_state("e2e4 e7e5", r#","status":"timeout","winner":"white""#)
            .replace(r#""status":"started","#, ""),
    ));
    let said = talk.said();
    assert_eq!(
        said.last().unwrap(),
        "ENDE: Schwarz hat die Partie verlassen, Weiß gewinnt"
    );
    assert_eq!(talk.online.phase(), Phase::Over);
    assert_eq!(talk.online.next_deadline(), None);
}

#[test]
fn an_opponent_who_comes_back_is_said() {
    let mut talk = seek_and_start();
    talk.said();
    let game = talk.id(is_game_stream);
    talk.input(Input::Line(
        game,
        r#"{"type":"opponentGone","gone":true,"claimWinInSeconds":30}"#.into(),
    ));
    talk.input(Input::Line(
        game,
        r#"{"type":"opponentGone","gone":false}"#.into(),
    ));
    assert_eq!(
        talk.said(),
        [
            "Schwarz hat die Partie verlassen, Sieg beanspruchen möglich, Wartezeit dreißig Sekunden",
            "Schwarz ist zurück"
        ]
    );
    assert_eq!(talk.online.next_deadline(), None);
}

/// The game's end as the server sends it, and what is said and recorded.
fn ending(moves: &str, status: &str, winner: Option<&str>) -> (Vec<String>, Talk) {
    let mut talk = seek_and_start();
    talk.said();
    let game = talk.id(is_game_stream);
    let winner = winner.map_or(String::new(), |w| format!(r#","winner":"{w}""#));
    let line = game_state(moves, &winner).replace("started", status);
    talk.input(Input::Line(game, line));
    (talk.said(), talk)
}

#[test]
fn games_end_by_mate_flag_and_resignation_with_their_words_and_record() {
    let (said, mut talk) = ending("e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7", "mate", Some("white"));
    assert_eq!(said.last().unwrap(), "ENDE: schachmatt, Weiß gewinnt");
    let end = talk
        .events()
        .into_iter()
        .find_map(|r| match r {
            Report::Ended(end) => Some(end),
            _ => None,
        })
        .unwrap();
    assert_eq!(end.outcome.unwrap().result.pgn(), "1-0");
    // Every stream is closed at the end.
    assert!(talk.orders.iter().any(|o| matches!(o, Order::Close(_))));

    let (said, _) = ending("e2e4 e7e5", "outoftime", Some("white"));
    assert_eq!(
        said.last().unwrap(),
        "ENDE: Schwarz Zeit abgelaufen, Weiß gewinnt"
    );
    let (said, _) = ending("e2e4 e7e5", "resign", Some("black"));
    assert_eq!(said.last().unwrap(), "ENDE: Weiß gibt auf, Schwarz gewinnt");
    let (said, _) = ending("e2e4", "aborted", None);
    assert_eq!(said.last().unwrap(), "ENDE: Partie abgebrochen");
}

#[test]
fn a_move_on_its_way_when_the_game_ends_is_taken_back() {
    let mut talk = seek_and_start();
    talk.said();
    let game = talk.id(is_game_stream);
    talk.act(Act::Move(mv("", "e2e4")));
    talk.input(Input::Line(
        game,
        game_state("", r#","winner":"black""#).replace("started", "outoftime"),
    ));
    assert!(talk.events().contains(&Report::TakenBack(1)));
}

#[test]
fn a_challenge_is_asked_about_before_it_is_accepted() {
    let (mut talk, events) = in_lobby(Plan::Accept);
    assert_eq!(
        talk.said(),
        [
            "bei lichess angemeldet als [Blindfold]",
            "warte auf eine Herausforderung"
        ]
    );
    // In a variant: declined at once.
    talk.input(Input::Line(
        events,
        challenge("var1", "chess960", "white", true),
    ));
    assert_eq!(
        talk.said(),
        ["nur normales Schach: Herausforderung abgelehnt [Aaron]"]
    );
    assert_eq!(
        talk.count(
            |r| matches!(r, Request::DeclineChallenge { id, reason: "standard" } if id == "var1")
        ),
        1
    );
    talk.input(Input::Line(
        events,
        challenge("ch000001", "standard", "white", true),
    ));
    talk.input(Input::Line(
        events,
        challenge("ch000002", "standard", "random", false),
    ));
    assert_eq!(
        talk.said(),
        [
            "Herausforderung von [GM Aaron]",
            "Wertungszahl eintausendsiebenhundertsechsundsiebzig, zehn Minuten plus fünf Sekunden, gewertet, Sie spielen Schwarz, annehmen? ja oder nein",
        ]
    );
    // The first is withdrawn: the second is asked about.
    talk.input(Input::Line(
        events,
        challenge("ch000001", "standard", "white", true)
            .replace("\"challenge\",", "\"challengeCanceled\","),
    ));
    assert_eq!(
        talk.said(),
        [
            "Herausforderung zurückgezogen [Aaron]",
            "Herausforderung von [GM Aaron]",
            "Wertungszahl eintausendsiebenhundertsechsundsiebzig, zehn Minuten plus fünf Sekunden, ungewertet, Farben ausgelost, annehmen? ja oder nein",
        ]
    );
    accept_asked(&mut talk, "ch000002");
    talk.input(Input::Line(
        events,
        r#"{"type":"gameStart","game":{"gameId":"abcd1234","color":"white","compat":{"board":true}}}"#.into(),
    ));
    assert_eq!(talk.count(is_game_stream), 1);
}

/// "ja" to the challenge asked about: it is accepted once, and lichess says ok.
fn accept_asked(talk: &mut Talk, id: &str) {
    talk.act(Act::Yes);
    assert_eq!(talk.count(|r| *r == Request::AcceptChallenge(id.into())), 1);
    talk.answer(
        |r| matches!(r, Request::AcceptChallenge(_)),
        Answer::ok("{\"ok\":true}"),
    );
}

fn challenge(id: &str, variant: &str, color: &str, rated: bool) -> String {
    format!(
        r#"{{"type":"challenge","challenge":{{"id":"{id}","url":"https://lichess.org/{id}","status":"created","challenger":{{"id":"aaron","name":"Aaron","rating":1776,"title":"GM"}},"destUser":{{"id":"blindfold","name":"Blindfold","rating":1650}},"variant":{{"key":"{variant}","name":"x"}},"rated":{rated},"speed":"rapid","timeControl":{{"type":"clock","limit":600,"increment":5,"show":"10+5"}},"color":"{color}","finalColor":"black","perf":{{"icon":"","name":"Rapid"}},"direction":"in"}},"compat":{{"bot":false,"board":true}}}}"#
    )
}

/// A casual 5+3 challenge to Aaron.
fn aaron_5_3() -> ChallengeSpec {
    ChallengeSpec {
        user: "Aaron".into(),
        control: Some("5+3".parse().unwrap()),
        rated: false,
        color: None,
    }
}

/// Signed in, Aaron challenged (`aaron_5_3`): the event stream and the challenge's stream
/// open.
fn challenging_aaron() -> (Talk, RequestId, RequestId) {
    let (mut talk, events) = in_lobby(Plan::Challenge(aaron_5_3()));
    let challenge_stream = talk.id(|r| matches!(r, Request::Challenge(_)));
    talk.input(Input::Opened(challenge_stream));
    (talk, events, challenge_stream)
}

#[test]
fn a_challenge_declined_is_said_and_ends_the_plan() {
    let (mut talk, events, challenge_stream) = challenging_aaron();
    talk.input(Input::Line(
        challenge_stream,
        r#"{"id":"ch0000ab","url":"https://lichess.org/ch0000ab","status":"created","challenger":{"id":"blindfold","name":"Blindfold"},"destUser":{"id":"aaron","name":"Aaron"},"variant":{"key":"standard"},"rated":false,"speed":"blitz","timeControl":{"type":"clock","limit":300,"increment":3},"color":"random","perf":{"name":"Blitz"}}"#.into(),
    ));
    talk.input(Input::Line(
        events,
        r#"{"type":"challengeDeclined","challenge":{"id":"ch0000ab","status":"declined","challenger":{"id":"blindfold","name":"Blindfold"},"destUser":{"id":"aaron","name":"Aaron"},"variant":{"key":"standard"},"rated":false,"speed":"blitz","timeControl":{"type":"clock","limit":300,"increment":3},"color":"random","perf":{"name":"Blitz"},"declineReason":"I'm not accepting challenges at the moment.","declineReasonKey":"generic"}}"#.into(),
    ));
    let said = talk.said();
    assert_eq!(said[1], "Herausforderung gesendet an [Aaron]");
    assert_eq!(
        said.last().unwrap(),
        "Herausforderung abgelehnt [I'm not accepting challenges at the moment.]"
    );
    assert!(talk.events().contains(&Report::Stopped(Trouble::Refused)));
    assert_eq!(talk.online.phase(), Phase::Stopped);
}

#[test]
fn a_refused_token_is_said_and_nothing_more_is_tried() {
    let mut talk = Talk::new(Plan::Accept);
    talk.answer(
        |r| *r == Request::Account,
        Answer::Status {
            code: 401,
            body: r#"{"error":"No such token"}"#.into(),
        },
    );
    assert_eq!(
        talk.said(),
        ["lichess lehnt den Zugangsschlüssel ab: falsch oder widerrufen"]
    );
    assert!(
        talk.events()
            .contains(&Report::Stopped(Trouble::TokenRefused))
    );
    assert_eq!(talk.online.next_deadline(), None);
    let before = talk.orders.len();
    talk.wait_until(Duration::from_secs(3600));
    assert_eq!(talk.orders.len(), before);
}

#[test]
fn a_server_out_of_reach_is_said_once_and_tried_again_with_growing_waits() {
    let mut talk = Talk::new(Plan::Accept);
    for attempt in 0..6 {
        talk.answer(
            |r| *r == Request::Account,
            Answer::Unreachable("connection refused".into()),
        );
        let deadline = talk.online.next_deadline().unwrap();
        let wait = deadline - talk.now;
        assert_eq!(wait, Duration::from_secs([1, 2, 4, 8, 16, 30][attempt]));
        talk.wait_until(deadline);
    }
    assert_eq!(
        talk.said(),
        [
            "der Server ist nicht erreichbar",
            "noch keine Verbindung, Wartezeit bis zum nächsten Versuch acht Sekunden",
            "noch keine Verbindung, Wartezeit bis zum nächsten Versuch sechzehn Sekunden",
            "noch keine Verbindung, Wartezeit bis zum nächsten Versuch dreißig Sekunden",
        ]
    );
    assert_eq!(talk.count(|r| *r == Request::Account), 7);
}

#[test]
fn lines_that_do_not_read_are_passed_over_and_three_in_a_row_reopen_the_stream() {
    let mut talk = seek_and_start();
    talk.said();
    let game = talk.id(is_game_stream);
    talk.input(Input::Line(game, "<html>502</html>".into()));
    talk.input(Input::Line(game, r#"{"type":"somethingNew"}"#.into()));
    talk.input(Input::Line(game, String::new()));
    talk.input(Input::Line(game, "{\"type\":\"gameState\"".into()));
    assert!(talk.said().is_empty());
    talk.input(Input::Line(game, "\u{fffd}\u{fffd}".into()));
    assert_eq!(
        talk.said(),
        [
            "die Antwort des Servers ist unverständlich",
            "Verbindung unterbrochen"
        ]
    );
    assert!(talk.orders.contains(&Order::Close(game)));
    talk.wait_until(talk.now + SEC);
    assert_eq!(talk.count(is_game_stream), 2);
}

#[test]
fn a_seek_blitz_is_refused_before_anything_is_sent() {
    let mut talk = Talk::new(Plan::Seek {
        control: "3+2".parse().unwrap(),
        rated: false,
    });
    assert!(talk.orders.is_empty());
    assert_eq!(
        talk.said(),
        [
            "über die Board-API gibt es nur Schnellschach und klassische Partien; Blitz nur als Herausforderung"
        ]
    );
    assert!(talk.events().contains(&Report::Stopped(Trouble::BadPlan)));
}

#[test]
fn the_chat_is_read_on_request_only() {
    let mut talk = seek_and_start();
    talk.said();
    let game = talk.id(is_game_stream);
    talk.input(Input::Line(
        game,
        r#"{"type":"chatLine","username":"Aaron","text":"Good luck, have fun","room":"player"}"#
            .into(),
    ));
    talk.input(Input::Line(
        game,
        r#"{"type":"chatLine","username":"kibitzer","text":"hi","room":"spectator"}"#.into(),
    ));
    assert!(talk.said().is_empty());
    talk.act(Act::ReadChat);
    assert_eq!(talk.said(), ["Nachricht von [Aaron: Good luck, have fun]"]);
    talk.act(Act::ReadChat);
    assert_eq!(talk.said(), ["keine Nachrichten"]);
}

#[test]
fn what_is_said_has_words_in_every_language() {
    let mut talk = seek_and_start();
    let game = talk.id(is_game_stream);
    talk.input(Input::Closed(game, Closing::Cut("reset".into())));
    let tokens: Vec<_> = talk
        .reports
        .iter()
        .filter_map(|r| match r {
            Report::Say(said) => Some(said.tokens.clone()),
            _ => None,
        })
        .collect();
    for lang in Lang::ALL {
        for t in &tokens {
            assert!(!lang.text(t).is_empty());
        }
    }
    assert_eq!(Lang::En.text(&tokens[tokens.len() - 1]), "connection lost");
    assert_eq!(
        Lang::Fr.text(&tokens[tokens.len() - 1]),
        "connexion interrompue"
    );
    assert_eq!(Lang::De.word(Word::Reconnected), "wieder verbunden");
}

/// lichess-org/api, doc/specs/lichess-api.yaml, tag Board, "Restrictions": blitz at the
/// fastest, even in a direct challenge. A challenge of ours faster than that is refused before
/// anything is sent, with the reason said.
#[test]
fn a_bullet_challenge_is_refused_before_anything_is_sent() {
    let mut talk = Talk::new(Plan::Challenge(ChallengeSpec {
        user: "Aaron".into(),
        control: Some("1+0".parse().unwrap()),
        rated: false,
        color: None,
    }));
    assert!(talk.orders.is_empty());
    assert_eq!(
        talk.said(),
        ["über die Board-API ist Blitz das Schnellste; Bullet geht nicht"]
    );
    assert!(talk.events().contains(&Report::Stopped(Trouble::BadPlan)));
}

/// ChallengeEvent.yaml: `compat` is not required, so a server may leave it out; the
/// challenge's `speed` (Speed.yaml) still says "bullet", which the Board API does not play
/// (tag Board, "Restrictions"). Declined at once with the decline endpoint's reason key
/// `tooFast` (api-challenge-challengeId-decline.yaml), and said, not asked about.
#[test]
fn a_bullet_challenge_without_compat_is_declined_as_too_fast() {
    let (mut talk, events) = in_lobby(Plan::Accept);
    talk.said();
    for (id, speed, limit, increment) in [
        ("bul00001", "bullet", 60, 0),
        // The speed left out, the clock tells: 2 minutes + 40 × 0 seconds is bullet.
        ("bul00002", "", 120, 0),
    ] {
        let line = format!(
            r#"{{"type":"challenge","challenge":{{"id":"{id}","url":"https://lichess.org/{id}","status":"created","challenger":{{"id":"aaron","name":"Aaron","rating":1776}},"destUser":{{"id":"blindfold","name":"Blindfold"}},"variant":{{"key":"standard","name":"Standard"}},"rated":false,"speed":"{speed}","timeControl":{{"type":"clock","limit":{limit},"increment":{increment}}},"color":"random","perf":{{"icon":"","name":"Bullet"}},"direction":"in"}}}}"#
        );
        talk.input(Input::Line(events, line));
        assert_eq!(
            talk.said(),
            ["zu schnell für die Board-API: Herausforderung abgelehnt [Aaron]"],
            "{id}"
        );
        assert_eq!(
            talk.count(
                |r| matches!(r, Request::DeclineChallenge { id: i, reason: "tooFast" } if i == id)
            ),
            1
        );
    }
    assert_eq!(talk.count(|r| matches!(r, Request::AcceptChallenge(_))), 0);
}

fn crazyhouse_full(id: &str) -> String {
    format!(
        r#"{{"type":"gameFull","id":"{id}","variant":{{"key":"crazyhouse","name":"Crazyhouse","short":"ZH"}},"clock":{{"initial":900000,"increment":0}},"speed":"rapid","perf":{{"name":"Crazyhouse"}},"rated":false,"createdAt":1,"white":{{"id":"blindfold","name":"Blindfold"}},"black":{{"id":"aaron","name":"Aaron"}},"initialFen":"startpos","state":{{"type":"gameState","moves":"","wtime":900000,"btime":900000,"winc":0,"binc":0,"status":"started"}}}}"#
    )
}

/// GameFullEvent.yaml: the game's `variant` (Variant.yaml, VariantKey.yaml) is in every
/// `gameFull`; GameEventInfo.yaml requires only `fullId` and `gameId`, so the event stream's
/// `gameStart` may not name it. A game in another variant is not played as if it were
/// standard chess: asked for by name (joined), it ends the plan with the reason said.
#[test]
fn a_game_joined_that_is_not_standard_chess_is_said_and_not_played() {
    let mut talk = Talk::new(Plan::Join("abcd1234".into()));
    talk.answer(|r| *r == Request::Account, account());
    let game = talk.id(is_game_stream);
    talk.input(Input::Opened(game));
    talk.input(Input::Line(game, crazyhouse_full("abcd1234")));
    assert_eq!(
        talk.said(),
        [
            "bei lichess angemeldet als [Blindfold]",
            "nur normales Schach: diese Partie wird hier nicht gespielt"
        ]
    );
    let events = talk.events();
    assert!(
        !events.iter().any(|r| matches!(r, Report::Started(_))),
        "{events:?}"
    );
    assert!(events.contains(&Report::Stopped(Trouble::NotStandardChess)));
    assert!(talk.orders.contains(&Order::Close(game)));
}

/// As above, for a game the event stream names when it opens ("When the stream opens, all
/// current challenges and games are sent", api-stream-event.yaml) without its variant: while
/// seeking, it is passed over, the seek is made again, and the same game named again when the
/// stream is opened anew is not joined.
#[test]
fn a_game_found_under_way_that_is_not_standard_chess_is_passed_over() {
    let (mut talk, events) = in_lobby(Plan::Seek {
        control: "15+10".parse().unwrap(),
        rated: false,
    });
    let start = r#"{"type":"gameStart","game":{"fullId":"zhzh1234wxyz","gameId":"zhzh1234","color":"white"}}"#;
    talk.input(Input::Line(events, start.into()));
    let game = talk.id(is_game_stream);
    talk.input(Input::Opened(game));
    talk.input(Input::Line(game, crazyhouse_full("zhzh1234")));
    let said = talk.said();
    assert_eq!(
        said.last().unwrap(),
        "nur normales Schach: diese Partie wird hier nicht gespielt"
    );
    assert!(talk.orders.contains(&Order::Close(game)));
    assert_eq!(talk.online.phase(), Phase::Lobby);
    assert_eq!(talk.count(|r| matches!(r, Request::Seek { .. })), 2);
    // The event stream opened again names it again: not joined.
    talk.input(Input::Closed(events, Closing::Cut("reset".into())));
    talk.wait_until(talk.now + SEC);
    let events = talk.id(|r| *r == Request::EventStream);
    talk.input(Input::Opened(events));
    talk.input(Input::Line(events, start.into()));
    assert_eq!(talk.count(is_game_stream), 1);
    assert!(
        !talk
            .events()
            .iter()
            .any(|r| matches!(r, Report::Started(_)))
    );
}

/// A gameStart as the event stream names a game under way when it opens.
fn under_way(id: &str, speed: &str, source: &str) -> String {
    format!(
        r#"{{"type":"gameStart","game":{{"fullId":"{id}wxyz","gameId":"{id}","fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","color":"white","lastMove":"e2e4","source":"{source}","status":{{"id":20,"name":"started"}},"variant":{{"key":"standard","name":"Standard"}},"speed":"{speed}","perf":"{speed}","rated":false,"hasMoved":true,"opponent":{{"id":"mary","username":"Mary","rating":1500}},"isMyTurn":false,"compat":{{"bot":false,"board":true}},"id":"{id}"}}}}"#
    )
}

/// "When the stream opens, all current challenges and games are sent" (api-stream-event.yaml):
/// a correspondence player's games under way, each a move in days, are named every time.
/// Seeking, they are left alone and the seek's game is the one played; a real-time game under
/// way (the program was left) is still joined where it stands.
#[test]
fn correspondence_games_under_way_are_not_joined_unasked() {
    let (mut talk, events) = in_lobby(Plan::Seek {
        control: "15+10".parse().unwrap(),
        rated: false,
    });
    for id in ["corr0001", "corr0002"] {
        talk.input(Input::Line(
            events,
            under_way(id, "correspondence", "friend"),
        ));
    }
    assert_eq!(talk.count(is_game_stream), 0);
    assert_eq!(talk.online.phase(), Phase::Lobby);
    assert_eq!(talk.count(|r| matches!(r, Request::Seek { .. })), 1);
    talk.input(Input::Line(events, under_way("rapid001", "rapid", "lobby")));
    assert_eq!(talk.count(is_game_stream), 1);
    assert_eq!(
        talk.count(|r| *r == Request::GameStream("rapid001".into())),
        1
    );
    assert_eq!(talk.online.phase(), Phase::Playing);
}

/// A game without a clock has the speed `correspondence` too: one the player accepted when
/// asked is played, while another correspondence game under way is still left alone.
#[test]
fn an_accepted_challenge_without_a_clock_is_played() {
    let (mut talk, events) = in_lobby(Plan::Accept);
    talk.input(Input::Line(
        events,
        under_way("corr0001", "correspondence", "friend"),
    ));
    let unlimited = challenge("nocl0001", "standard", "white", false)
        .replace(r#""speed":"rapid""#, r#""speed":"correspondence""#)
        .replace(
            r#"{"type":"clock","limit":600,"increment":5,"show":"10+5"}"#,
            r#"{"type":"unlimited"}"#,
        );
    talk.input(Input::Line(events, unlimited));
    talk.said();
    accept_asked(&mut talk, "nocl0001");
    talk.input(Input::Line(
        events,
        under_way("corr0001", "correspondence", "friend"),
    ));
    assert_eq!(talk.count(is_game_stream), 0);
    talk.input(Input::Line(
        events,
        under_way("nocl0001", "correspondence", "friend"),
    ));
    assert_eq!(
        talk.count(|r| *r == Request::GameStream("nocl0001".into())),
        1
    );
    assert_eq!(talk.count(is_game_stream), 1);
}

/// api-board-game-stream-gameId.yaml promises no keep-alive on a game's stream (only the
/// event stream's "An empty line is sent every 7 seconds", api-stream-event.yaml): a game
/// stream silent while the opponent thinks is read afresh at once and without a word; the
/// line is said to be down only when that fails, or when a stream opened sent nothing at all.
#[test]
fn a_silent_game_stream_is_read_afresh_without_a_word() {
    let mut talk = seek_and_start();
    talk.said();
    talk.act(Act::Move(mv("", "e2e4")));
    let game = talk.id(is_game_stream);
    talk.input(Input::Line(game, game_state("e2e4", "")));
    talk.events();
    talk.input(Input::Closed(game, Closing::Silent));
    assert!(talk.said().is_empty());
    assert_eq!(talk.count(is_game_stream), 2, "opened again at once");
    let game = talk.id(is_game_stream);
    talk.input(Input::Opened(game));
    talk.input(Input::Line(game, game_full("e2e4 e7e5", "")));
    assert!(talk.said().is_empty(), "no 'connected again' either");
    assert!(talk.events().contains(&Report::Moved {
        mv: mv("e2e4", "e7e5"),
        side: Color::Black
    }));
    // Silent again, and the server is gone meanwhile: now the line is down, and said.
    talk.input(Input::Closed(game, Closing::Silent));
    let game = talk.id(is_game_stream);
    talk.input(Input::Closed(
        game,
        Closing::Refused(Answer::Unreachable("connection refused".into())),
    ));
    assert_eq!(talk.said(), ["Verbindung unterbrochen"]);
    // A stream that opened and sent nothing, not even its gameFull, is no quiet game.
    talk.wait_until(talk.now + SEC);
    let game = talk.id(is_game_stream);
    talk.input(Input::Opened(game));
    talk.input(Input::Closed(game, Closing::Silent));
    assert!(
        talk.said().is_empty(),
        "the line was said to be down already"
    );
    assert_eq!(talk.count(is_game_stream), 4, "not again at once");
    talk.wait_until(talk.now + 2 * SEC);
    assert_eq!(talk.count(is_game_stream), 5);
}

/// The event stream's keep-alive is promised (api-stream-event.yaml): silent, it is taken as
/// cut, and in the lobby that is said.
#[test]
fn a_silent_event_stream_is_a_line_down() {
    let (mut talk, events) = in_lobby(Plan::Accept);
    talk.input(Input::Line(events, String::new()));
    talk.said();
    talk.input(Input::Closed(events, Closing::Silent));
    assert_eq!(talk.said(), ["Verbindung unterbrochen"]);
    talk.wait_until(talk.now + SEC);
    assert_eq!(talk.count(|r| *r == Request::EventStream), 2);
}

/// A challenge's stream (`keepAliveStream`, api-challenge-username.yaml) promises no line
/// before its `{"done": …}` and is not watched for silence; after the line was down (the
/// event stream lost and back) it may have died with the challenge, so the challenge is made
/// again, and a game of the earlier one ("The game ID will be the same as the challenge ID")
/// is ours still.
#[test]
fn a_challenge_is_made_again_after_the_line_was_down_and_either_game_is_ours() {
    assert!(!Request::Challenge(aaron_5_3()).watched_for_silence());
    assert!(Request::EventStream.watched_for_silence());
    assert!(Request::GameStream("abcd1234".into()).watched_for_silence());
    let (mut talk, events, first) = challenging_aaron();
    talk.input(Input::Line(
        first,
        r#"{"id":"abcd1234","url":"https://lichess.org/abcd1234","status":"created","challenger":{"id":"blindfold","name":"Blindfold"},"destUser":{"id":"aaron","name":"Aaron"},"variant":{"key":"standard"},"rated":false,"speed":"blitz","timeControl":{"type":"clock","limit":300,"increment":3},"color":"random","perf":{"icon":"","name":"Blitz"},"direction":"out"}"#.into(),
    ));
    talk.said();
    talk.input(Input::Closed(events, Closing::Cut("reset".into())));
    assert_eq!(talk.said(), ["Verbindung unterbrochen"]);
    assert!(!talk.orders.contains(&Order::Close(first)));
    talk.wait_until(talk.now + SEC);
    let events = talk.id(|r| *r == Request::EventStream);
    talk.input(Input::Opened(events));
    assert_eq!(talk.said(), ["wieder verbunden"]);
    assert!(talk.orders.contains(&Order::Close(first)));
    let second = talk.id(|r| matches!(r, Request::Challenge(_)));
    assert_ne!(second, first);
    talk.input(Input::Opened(second));
    talk.input(Input::Line(
        second,
        r#"{"id":"efgh5678","status":"created","challenger":{"id":"blindfold","name":"Blindfold"},"direction":"out"}"#.into(),
    ));
    // The first was accepted meanwhile: its game is ours, and the second is withdrawn.
    talk.input(Input::Line(
        events,
        r#"{"type":"gameStart","game":{"fullId":"abcd1234wxyz","gameId":"abcd1234","color":"white","variant":{"key":"standard","name":"Standard"},"compat":{"bot":false,"board":true}}}"#.into(),
    ));
    assert_eq!(talk.count(is_game_stream), 1);
    assert!(talk.orders.contains(&Order::Close(second)));
}

/// lichess-org/api, doc/specs/lichess-api.yaml, "Rate limiting": on a 429, wait a minute
/// before retrying. Retrying, not dropping: "yes" to a challenge answered with 429 in the
/// lobby (no game yet) is accepted a minute later, and a line of the chat likewise.
#[test]
fn a_challenge_accepted_and_a_chat_line_answered_with_429_go_again_after_the_minute() {
    let too_many = || Answer::Status {
        code: 429,
        body: r#"{"error":"Too many requests. Try again later."}"#.into(),
    };
    let (mut talk, events) = in_lobby(Plan::Accept);
    talk.input(Input::Line(
        events,
        challenge("ch000001", "standard", "white", false),
    ));
    talk.said();
    talk.act(Act::Yes);
    let accept = |r: &Request| *r == Request::AcceptChallenge("ch000001".into());
    talk.answer(accept, too_many());
    assert_eq!(
        talk.said(),
        ["der Server bittet um eine Pause, Wartezeit eine Minute"]
    );
    talk.wait_until(talk.now + 59 * SEC);
    assert_eq!(talk.count(accept), 1);
    talk.wait_until(talk.now + SEC);
    assert_eq!(talk.count(accept), 2);
    talk.answer(accept, Answer::ok(r#"{"ok":true}"#));
    talk.input(Input::Line(
        events,
        r#"{"type":"gameStart","game":{"fullId":"abcd1234wxyz","gameId":"abcd1234","color":"black","variant":{"key":"standard","name":"Standard"},"compat":{"bot":false,"board":true}}}"#.into(),
    ));
    let game = talk.id(is_game_stream);
    talk.input(Input::Opened(game));
    talk.input(Input::Line(game, game_full("", "")));
    talk.said();
    // A line of the chat, answered with 429: written a minute later.
    talk.act(Act::Write("good luck".into()));
    let chat = |r: &Request| matches!(r, Request::Chat { text, .. } if text == "good luck");
    talk.answer(chat, too_many());
    talk.wait_until(talk.now + 59 * SEC);
    assert_eq!(talk.count(chat), 1);
    talk.wait_until(talk.now + SEC);
    assert_eq!(talk.count(chat), 2);
}

/// api-challenge-username.yaml, `keepAliveStream`: "When the challenge is accepted, declined
/// or canceled, a message of the form `{"done":"accepted"}` is sent, then the connection is
/// closed by the server." A challenge done without a game, whose `challengeDeclined` event
/// was missed (the event stream sends only current challenges when it opens again), is said
/// to be declined after the grace, not waited for forever; when the event comes in time, its
/// reason is said, once.
#[test]
fn a_challenge_done_without_its_event_is_said_declined_after_the_grace() {
    for event_comes in [false, true] {
        let (mut talk, events, stream) = challenging_aaron();
        talk.input(Input::Line(
            stream,
            r#"{"id":"ch0000ab","status":"created","challenger":{"id":"blindfold","name":"Blindfold"},"direction":"out"}"#.into(),
        ));
        talk.said();
        talk.input(Input::Line(stream, r#"{"done":"declined"}"#.into()));
        talk.input(Input::Closed(stream, Closing::Ended));
        talk.wait_until(talk.now + 4 * SEC);
        assert!(talk.said().is_empty());
        if event_comes {
            talk.input(Input::Line(
                events,
                r#"{"type":"challengeDeclined","challenge":{"id":"ch0000ab","status":"declined","challenger":{"id":"blindfold","name":"Blindfold"},"destUser":{"id":"aaron","name":"Aaron"},"declineReason":"Too fast.","declineReasonKey":"tooFast"}}"#.into(),
            ));
        }
        talk.wait_until(talk.now + 2 * SEC);
        let said = talk.said();
        let reason = if event_comes { "Too fast." } else { "declined" };
        assert_eq!(said, [format!("Herausforderung abgelehnt [{reason}]")]);
        assert!(talk.events().contains(&Report::Stopped(Trouble::Refused)));
        assert_eq!(talk.online.phase(), Phase::Stopped);
    }
}
