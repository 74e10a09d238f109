//! lichess's Board API over HTTP, end to end (issue 32): the program's client and port
//! (`annexd::online`) with the core's state machine, against a local server on 127.0.0.1 that
//! speaks the published API (tests/lichess_support). Whole games from a seek, a challenge and
//! a challenge accepted; every move of ours reaches the server exactly once through two cut
//! streams, a server down, a lost answer and a 429; draw offers, takebacks, an opponent who
//! leaves, and games that end by mate, flag and resignation; a refused token, a server that
//! answers garbage; and the token in no log line.

#![cfg(feature = "online")]

use crate::common::platform::Start;
use crate::lichess_support;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use annexd::online::{ApiToken, LichessPort, PortConfig, ServerUrl, TokenSource};
use annexd_core::online::{Act, ChallengeSpec, Intent, Offer, Patience, Plan, Report, Trouble};
use annexd_core::{Lang, Word};
use crossbeam_channel::RecvTimeoutError;
use lichess_support::{LichessServer, Setup};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

/// Everything logged by every test of this program, at the finest level, ureq's lines too.
fn log() -> Arc<Mutex<Vec<u8>>> {
    static LOG: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOG.get_or_init(|| {
        let buffer = Arc::new(Mutex::new(Vec::new()));
        let writer = Buffer(buffer.clone());
        tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .try_init()
            .expect("the first subscriber");
        buffer
    })
    .clone()
}

#[derive(Clone)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

const WITHIN: Duration = Duration::from_secs(20);

/// The port, run as the event loop will run it: waiting on its events until its deadline.
struct Driver {
    port: LichessPort,
    start: Instant,
    reports: Vec<Report>,
}

fn patience() -> Patience {
    Patience {
        first_retry: Duration::from_millis(100),
        longest_retry: Duration::from_millis(800),
        rate_limit: Duration::from_millis(700),
        seek_grace: Duration::from_secs(2),
        ..Patience::default()
    }
}

impl Driver {
    fn start(server: &LichessServer, plan: Plan) -> Driver {
        Driver::with(&server.url(), &server.token(), plan)
    }

    /// A seek for `control`, unrated.
    fn seek(server: &LichessServer, control: &str) -> Driver {
        Driver::start(
            server,
            Plan::Seek {
                control: control.parse().unwrap(),
                rated: false,
            },
        )
    }

    /// The port for `plan` at `url` with `token`.
    fn with(url: &str, token: &str, plan: Plan) -> Driver {
        let _ = log();
        let token = ApiToken::new(token, TokenSource::Environment).unwrap();
        let mut config = PortConfig::new(ServerUrl::parse(url).unwrap(), token, plan);
        config.patience = patience();
        config.silence = Duration::from_secs(3);
        let start = Instant::now();
        let (port, reports) = LichessPort::start(config, Duration::ZERO);
        Driver {
            port,
            start,
            reports,
        }
    }

    fn now(&self) -> Duration {
        self.start.elapsed()
    }

    /// Runs the port until a report `wanted` picks comes (and returns it), at most `WITHIN`.
    fn until(&mut self, what: &str, wanted: impl Fn(&Report) -> bool) -> Report {
        let end = Instant::now() + WITHIN;
        let mut seen = self.reports.len();
        loop {
            if let Some(found) = self.reports[seen..].iter().find(|r| wanted(r)) {
                return found.clone();
            }
            seen = self.reports.len();
            assert!(
                Instant::now() < end,
                "{what} did not come; said: {:#?}",
                self.said()
            );
            let now = self.now();
            let wait = self
                .port
                .next_deadline()
                .map_or(Duration::from_millis(200), |d| d.saturating_sub(now))
                .min(Duration::from_millis(200));
            match self.port.events().recv_timeout(wait) {
                Ok(input) => {
                    let now = self.now();
                    let reports = self.port.handle(input, now);
                    self.reports.extend(reports);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => panic!("the port's channel closed"),
            }
            let now = self.now();
            if self.port.next_deadline().is_some_and(|d| d <= now) {
                let reports = self.port.tick(now);
                self.reports.extend(reports);
            }
        }
    }

    fn until_said(&mut self, word: Word) {
        self.until(
            &format!("{word:?}"),
            |r| matches!(r, Report::Say(s) if s.tokens.contains(&annexd_core::Token::Word(word))),
        );
    }

    fn act(&mut self, act: Act) {
        let now = self.now();
        let reports = self.port.carry_out(act, now);
        self.reports.extend(reports);
    }

    /// Everything said so far, in German, with shown data in brackets.
    fn said(&self) -> Vec<String> {
        self.reports
            .iter()
            .filter_map(|r| match r {
                Report::Say(s) => Some(match &s.detail {
                    Some(d) => format!("{} [{d}]", Lang::De.text(&s.tokens)),
                    None => Lang::De.text(&s.tokens),
                }),
                _ => None,
            })
            .collect()
    }

    /// The game as the reports build it (as the session will).
    fn game(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for r in &self.reports {
            match r {
                Report::Started(facts) => moves = facts.moves.clone(),
                Report::Moved { mv, .. } => moves.push(*mv),
                Report::TakenBack(n) => moves.truncate(moves.len() - n),
                _ => {}
            }
        }
        moves
    }

    /// Plays our move `uci` (made here, then sent).
    fn play(&mut self, uci: &str, ours: &mut Vec<Move>) {
        let mut position = Chess::default();
        for m in self.port.online().moves() {
            position.play_unchecked(*m);
        }
        let m = UciMove::from_ascii(uci.as_bytes())
            .unwrap()
            .to_move(&position)
            .unwrap();
        ours.push(m);
        self.act(Act::Move(m));
    }

    fn ended(&mut self) -> annexd_core::online::OnlineEnd {
        match self.until("the end", |r| matches!(r, Report::Ended(_))) {
            Report::Ended(end) => end,
            _ => unreachable!(),
        }
    }
}

fn uci(m: &Move) -> String {
    m.to_uci(shakmaty::CastlingMode::Standard).to_string()
}

/// The game here, with our moves, is the server's.
fn same_game(driver: &Driver, server: &LichessServer) {
    let mut here = driver.game();
    // Our moves are made here by the session, not reported back.
    let ours: Vec<Move> = driver.port.online().moves().to_vec();
    if ours.len() > here.len() {
        here = ours;
    }
    assert_eq!(
        here.iter().map(uci).collect::<Vec<_>>(),
        server.moves(),
        "the game here is the server's"
    );
}

/// Each of our moves reached the server exactly once: one POST answered 200 each, none
/// refused as a repeat.
fn each_once(server: &LichessServer, ours: &[Move]) {
    let posts = server.move_posts();
    for m in ours {
        let played: Vec<_> = posts
            .iter()
            .filter(|(u, s)| *u == uci(m) && *s != Some(429))
            .collect();
        assert_eq!(
            played.len(),
            1,
            "{} reached the server {:?}",
            uci(m),
            played
        );
    }
    assert!(
        posts.iter().all(|(_, s)| *s != Some(400)),
        "a move refused: {posts:?}"
    );
}

#[test]
fn a_seeked_game_ends_in_mate_with_every_move_sent_once_through_cuts_a_lost_answer_and_a_429() {
    let server = LichessServer::start(Setup::default());
    let mut d = Driver::seek(&server, "15+10");
    d.until("the start", |r| matches!(r, Report::Started(_)));
    let mut ours = Vec::new();

    // 1. e4 e5
    d.play("e2e4", &mut ours);
    assert!(server.wait_until(WITHIN, |s| s.moves().len() == 1));
    server.opponent_plays("e7e5");
    d.until("e5", |r| {
        matches!(
            r,
            Report::Moved {
                side: Color::Black,
                ..
            }
        )
    });

    // The first cut: the stream is read again and the game goes on.
    server.cut_game_streams();
    d.until_said(Word::ConnectionLost);
    d.until_said(Word::Reconnected);

    // 2. Bc4, and the second cut while the opponent answers.
    d.play("f1c4", &mut ours);
    assert!(server.wait_until(WITHIN, |s| s.moves().len() == 3));
    server.go_down();
    server.opponent_plays("b8c6");
    std::thread::sleep(Duration::from_millis(300));
    server.come_up();
    d.until(
        "Nc6 after the line came back",
        |r| matches!(r, Report::Moved { mv, .. } if uci(mv) == "b8c6"),
    );

    // 3. Qh5 as the line drops: its answer lost, the stream cut before it showed the move;
    // the stream read again shows it there: not sent again.
    server.lose_next_move_answer();
    d.play("d1h5", &mut ours);
    d.until(
        "Qh5 delivered",
        |r| matches!(r, Report::Delivered(m) if uci(m) == "d1h5"),
    );
    server.opponent_plays("g8f6");
    d.until(
        "Nf6",
        |r| matches!(r, Report::Moved { mv, .. } if uci(mv) == "g8f6"),
    );

    // 4. Qxf7# made while the server is down, then after a 429: sent once it can be.
    server.go_down();
    d.until_said(Word::ConnectionLost);
    d.play("h5f7", &mut ours);
    std::thread::sleep(Duration::from_millis(300));
    server.rate_limit_next(1);
    server.come_up();
    let end = d.ended();
    assert_eq!(Lang::De.text(&end.tokens), "schachmatt, Weiß gewinnt");
    assert_eq!(end.outcome.unwrap().result.pgn(), "1-0");
    assert_eq!(server.status(), Some(("mate".into(), Some(Color::White))));
    each_once(&server, &ours);
    same_game(&d, &server);
    let said = d.said();
    // Each drop said, and each return (the lost answer's stream may be cut before or after
    // the program gives it up: both are heard rightly).
    let lost = said
        .iter()
        .filter(|s| *s == "Verbindung unterbrochen")
        .count();
    let back = said.iter().filter(|s| *s == "wieder verbunden").count();
    assert!(lost >= 3 && lost == back, "{said:#?}");
    assert_eq!(
        said.iter()
            .filter(
                |s| *s == "der Zug ist gespeichert und wird gesendet, sobald die Verbindung steht"
            )
            .count(),
        2,
        "{said:#?}"
    );
    assert_eq!(said.iter().filter(|s| *s == "Zug übermittelt").count(), 2);
    // The token went to the server, in the header only.
    let token = server.token();
    assert!(
        server
            .received()
            .iter()
            .all(|r| r.authorization.as_deref() == Some(format!("Bearer {token}").as_str()))
    );
    assert!(server.received().iter().all(|r| !r.path.contains(&token)));
}

#[test]
fn the_opponents_draw_offer_and_takeback_are_answered_and_the_game_ends_by_resignation() {
    let server = LichessServer::start(Setup {
        seek_side: Some(Color::Black),
        ..Setup::default()
    });
    let mut d = Driver::start(
        &server,
        Plan::Seek {
            control: "10+5".parse().unwrap(),
            rated: true,
        },
    );
    d.until(
        "the start",
        |r| matches!(r, Report::Started(f) if f.ours == Color::Black),
    );
    let mut ours = Vec::new();
    server.opponent_plays("d2d4");
    d.until("d4", |r| matches!(r, Report::Moved { .. }));
    d.play("d7d5", &mut ours);
    assert!(server.wait_until(WITHIN, |s| s.moves().len() == 2));

    // A draw offer, declined.
    server.opponent_offers_draw();
    d.until("the offer", |r| *r == Report::Offer(Offer::DrawOffered));
    d.act(Act::DeclineDraw);
    // The decline is said by the session as it is made; the server has it.
    assert!(server.wait_until(WITHIN, |s| {
        s.received().iter().any(|r| r.path.ends_with("/draw/no"))
    }));

    // A takeback asked after our reply, accepted: two half-moves back.
    server.opponent_plays("c2c4");
    d.until(
        "c4",
        |r| matches!(r, Report::Moved { mv, .. } if uci(mv) == "c2c4"),
    );
    d.play("e7e6", &mut ours);
    assert!(server.wait_until(WITHIN, |s| s.moves().len() == 4));
    server.opponent_asks_takeback();
    d.until("the takeback asked", |r| {
        *r == Report::Offer(Offer::TakebackAsked)
    });
    d.act(Act::Wish(Intent::AcceptTakeback));
    d.act(Act::Yes);
    d.until("the takeback", |r| *r == Report::TakenBack(2));
    assert_eq!(server.moves(), ["d2d4", "d7d5"]);
    server.opponent_plays("g1f3");
    d.until(
        "Nf3",
        |r| matches!(r, Report::Moved { mv, .. } if uci(mv) == "g1f3"),
    );
    same_game(&d, &server);

    // Our own draw offer, asked first, declined by the opponent.
    d.act(Act::Wish(Intent::OfferDraw));
    d.act(Act::Yes);
    d.until("our offer on the server", |r| {
        matches!(r, Report::Say(s) if s.tokens == [annexd_core::Token::Side(Color::Black), annexd_core::Token::Word(Word::DrawOffered)])
    });
    d.until("declined", |r| *r == Report::Offer(Offer::DrawDeclined));

    // We resign.
    d.act(Act::Wish(Intent::Resign));
    d.act(Act::Yes);
    let end = d.ended();
    assert_eq!(Lang::En.text(&end.tokens), "Black resigns, White wins");
    assert_eq!(server.status(), Some(("resign".into(), Some(Color::White))));
}

#[test]
fn an_opponent_who_leaves_is_claimed_against_and_one_who_flags_loses() {
    let server = LichessServer::start(Setup::default());
    let mut d = Driver::seek(&server, "15+10");
    d.until("the start", |r| matches!(r, Report::Started(_)));
    let mut ours = Vec::new();
    d.play("e2e4", &mut ours);
    assert!(server.wait_until(WITHIN, |s| s.moves().len() == 1));
    server.opponent_plays("c7c5");
    d.until("c5", |r| matches!(r, Report::Moved { .. }));
    server.opponent_chats("sorry, must go");
    server.opponent_leaves(Duration::from_secs(1));
    d.until_said(Word::LeftTheGame);
    d.until_said(Word::ClaimVictoryNow);
    d.act(Act::ReadChat);
    assert!(
        d.said()
            .contains(&"Nachricht von [Aaron: sorry, must go]".to_string())
    );
    d.act(Act::Confirmed(Intent::ClaimVictory));
    let end = d.ended();
    assert_eq!(
        Lang::De.text(&end.tokens),
        "Schwarz hat die Partie verlassen, Weiß gewinnt"
    );
    assert_eq!(
        server.status(),
        Some(("timeout".into(), Some(Color::White)))
    );

    // Another game: the opponent's flag falls.
    let server = LichessServer::start(Setup::default());
    let mut d = Driver::seek(&server, "15+10");
    d.until("the start", |r| matches!(r, Report::Started(_)));
    d.play("e2e4", &mut ours);
    assert!(server.wait_until(WITHIN, |s| s.moves().len() == 1));
    server.opponent_flags();
    let end = d.ended();
    assert_eq!(
        Lang::Fr.text(&end.tokens),
        "Noir chute du drapeau, Blanc gagne"
    );
}

#[test]
fn a_challenge_is_sent_and_played_and_one_received_is_asked_about_first() {
    // Ours, accepted: blitz is allowed as a challenge.
    let server = LichessServer::start(Setup::default());
    let mut d = Driver::start(
        &server,
        Plan::Challenge(ChallengeSpec {
            user: "Aaron".into(),
            control: Some("5+3".parse().unwrap()),
            rated: false,
            color: None,
        }),
    );
    let started = d.until("the start", |r| matches!(r, Report::Started(_)));
    let Report::Started(facts) = started else {
        unreachable!()
    };
    assert_eq!(facts.ours, Color::Black);
    assert_eq!(facts.control.unwrap().to_string(), "5+3");
    assert!(
        d.said()
            .contains(&"Herausforderung gesendet an [Aaron]".to_string())
    );
    let challenge = server
        .received()
        .into_iter()
        .find(|r| r.path == "/api/challenge/Aaron")
        .unwrap();
    assert_eq!(challenge.status, Some(200));

    // Ours, declined.
    let server = LichessServer::start(Setup {
        challenge_side: None,
        ..Setup::default()
    });
    let mut d = Driver::start(
        &server,
        Plan::Challenge(ChallengeSpec {
            user: "aaron".into(),
            control: Some("5+3".parse().unwrap()),
            rated: false,
            color: Some(Color::White),
        }),
    );
    d.until("declined", |r| *r == Report::Stopped(Trouble::Refused));
    assert!(d.said().contains(
        &"Herausforderung abgelehnt [I'm not accepting challenges at the moment.]".to_string()
    ));

    // One to us: said, accepted after yes, played.
    let server = LichessServer::start(Setup::default());
    let mut d = Driver::start(&server, Plan::Accept);
    d.until_said(Word::WaitingForChallenge);
    server.challenge_us("inch0001", 10, 5, "white", true);
    d.until_said(Word::AcceptQuestion);
    assert!(
        d.said()
            .contains(&"Herausforderung von [Aaron]".to_string())
    );
    d.act(Act::Yes);
    d.until(
        "the start",
        |r| matches!(r, Report::Started(f) if f.ours == Color::Black && f.id == "inch0001"),
    );
}

/// The API promises a keep-alive on the event stream ("An empty line is sent every 7
/// seconds", api-stream-event.yaml) and a seek's, none on a challenge's (`keepAliveStream`,
/// api-challenge-username.yaml) or a game's (api-board-game-stream-gameId.yaml). Against a
/// server that sends none there, longer than the silence the program bears (3 s here): the
/// challenge is made once and waited for, and a game whose opponent thinks long is read
/// afresh without a word; nothing is said to be down.
#[test]
fn streams_that_promise_no_keepalive_may_be_quiet_longer_than_the_silence_borne() {
    let server = LichessServer::start(Setup {
        quiet_streams: true,
        challenge_answered_after: Duration::from_millis(4500),
        ..Setup::default()
    });
    let mut d = Driver::start(
        &server,
        Plan::Challenge(ChallengeSpec {
            user: "Aaron".into(),
            control: Some("5+3".parse().unwrap()),
            rated: false,
            color: None,
        }),
    );
    d.until("the start", |r| matches!(r, Report::Started(_)));
    let challenges = |server: &LichessServer| {
        server
            .received()
            .iter()
            .filter(|r| r.path == "/api/challenge/Aaron")
            .count()
    };
    assert_eq!(challenges(&server), 1);
    // We are Black: the opponent thinks longer than the silence borne.
    std::thread::sleep(Duration::from_millis(4500));
    server.opponent_plays("e2e4");
    d.until(
        "e4",
        |r| matches!(r, Report::Moved { mv, .. } if uci(mv) == "e2e4"),
    );
    let mut ours = Vec::new();
    d.play("e7e5", &mut ours);
    assert!(server.wait_until(WITHIN, |s| s.moves().len() == 2));
    each_once(&server, &ours);
    let said = d.said();
    assert!(
        !said.iter().any(|s| s == "Verbindung unterbrochen"),
        "{said:#?}"
    );
    assert_eq!(challenges(&server), 1);
}

#[test]
fn a_refused_token_and_a_server_that_answers_garbage_are_said() {
    let server = LichessServer::start(Setup::default());
    let mut d = Driver::with(&server.url(), "lip_WrongToken", Plan::Accept);
    d.until("the refusal", |r| {
        *r == Report::Stopped(Trouble::TokenRefused)
    });
    assert_eq!(
        d.said(),
        ["lichess lehnt den Zugangsschlüssel ab: falsch oder widerrufen"]
    );

    // A server that answers HTML instead of JSON, then nothing.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for connection in listener.incoming().flatten() {
            let mut connection = connection;
            let mut request = [0u8; 4096];
            let _ = connection.read(&mut request);
            let body = "<html><body>502 Bad Gateway</body></html>";
            let _ = write!(
                connection,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    let mut d = Driver::with(&url, "lip_Any", Plan::Accept);
    d.until_said(Word::ServerGarbage);

    // And one that is not there at all.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let mut d = Driver::with(&url, "lip_Any", Plan::Accept);
    d.until_said(Word::ServerUnreachable);
}

#[test]
fn the_token_is_in_no_log_line() {
    let server = LichessServer::start(Setup::default());
    let mut d = Driver::seek(&server, "15+10");
    d.until("the start", |r| matches!(r, Report::Started(_)));
    let mut ours = Vec::new();
    d.play("e2e4", &mut ours);
    assert!(server.wait_until(WITHIN, |s| s.moves().len() == 1));
    server.cut_game_streams();
    d.until_said(Word::Reconnected);
    server.opponent_resigns();
    d.ended();
    let text = String::from_utf8_lossy(&log().lock().unwrap()).into_owned();
    // The log has the requests (so this looks at a log that was written) …
    assert!(text.contains("/api/board/game/"), "{text}");
    assert!(text.contains("TRACE"), "the finest level is on");
    // ureq's own lines (through the `log` crate) are there too.
    assert!(
        text.contains("Connected TcpStream"),
        "ureq's lines are logged"
    );
    // … and never the token, in any form.
    let token = server.token();
    assert!(!text.contains(&token), "the token is in the log");
    assert!(
        !text.contains(&token[4..]),
        "part of the token is in the log"
    );
}

#[test]
fn annexd_config_leaves_the_token_out_and_a_settings_file_holding_it_is_made_private() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("annexd.toml");
    std::fs::write(
        &file,
        "[online]\nserver = \"http://127.0.0.1:9\"\ntoken = \"lip_SettingsToken42\"\n",
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_annexd"))
        .args(["config", "--config"])
        .arg(&file)
        .env_remove("LICHESS_TOKEN")
        .start_output()
        .unwrap();
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{printed}");
    assert!(printed.contains("[online]"), "{printed}");
    assert!(
        printed.contains("server = \"http://127.0.0.1:9\""),
        "{printed}"
    );
    assert!(!printed.contains("lip_SettingsToken42"), "{printed}");
    assert!(!String::from_utf8_lossy(&output.stderr).contains("lip_SettingsToken42"));

    // The token is found there (when LICHESS_TOKEN is not set) and the file made private.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        let settings = annexd_core::Settings::from_toml(&text, Some(&file)).unwrap();
        if std::env::var_os("LICHESS_TOKEN").is_none() {
            let token = ApiToken::find(&settings, Some(&file)).unwrap();
            assert_eq!(token.source(), TokenSource::Settings);
            assert!(!format!("{token:?}").contains("lip_SettingsToken42"));
            let mode = std::fs::metadata(&file).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }
}
