//! What the online game asks of the server, as data: each request of the Board API with its
//! method, path and form ([`Request`]), and how the server's answer is judged ([`Answer`],
//! [`Verdict`]). The program carries requests out over HTTP as they are written here and
//! reports what came back; which endpoint, which parameters and what a status means are
//! decided here.

use super::ChallengeSpec;
use super::control::OnlineControl;

/// A request's number, to match what comes back with what was asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RequestId(pub u64);

/// HTTP's verb.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// GET.
    Get,
    /// POST.
    Post,
}

/// A request of the Board API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// `GET /api/account`: whose the token is (and whether it is good).
    Account,
    /// `GET /api/stream/event`: the event stream (games starting and ending, challenges).
    EventStream,
    /// `POST /api/board/seek`: a seek, kept while its stream stays open.
    Seek {
        /// The clock asked for.
        control: OnlineControl,
        /// Rated.
        rated: bool,
    },
    /// `POST /api/challenge/{user}` with `keepAliveStream`: a challenge, kept while its stream
    /// stays open.
    Challenge(ChallengeSpec),
    /// `POST /api/challenge/{id}/accept`.
    AcceptChallenge(String),
    /// `POST /api/challenge/{id}/decline` with a reason key.
    DeclineChallenge {
        /// The challenge.
        id: String,
        /// lichess's reason key: `generic`, `standard`, `tooFast`, …
        reason: &'static str,
    },
    /// `GET /api/board/game/stream/{id}`: the game stream.
    GameStream(String),
    /// `POST /api/board/game/{id}/move/{uci}`.
    Move {
        /// The game.
        game: String,
        /// The move in UCI.
        uci: String,
        /// With a draw offer.
        offering_draw: bool,
    },
    /// `POST /api/board/game/{id}/draw/{yes|no}`: offer or accept a draw, or decline one.
    Draw {
        /// The game.
        game: String,
        /// Offer or accept (`yes`), decline (`no`).
        yes: bool,
    },
    /// `POST /api/board/game/{id}/takeback/{yes|no}`: ask for or accept a takeback, or decline.
    Takeback {
        /// The game.
        game: String,
        /// Ask or accept (`yes`), decline (`no`).
        yes: bool,
    },
    /// `POST /api/board/game/{id}/resign`.
    Resign(String),
    /// `POST /api/board/game/{id}/abort`.
    Abort(String),
    /// `POST /api/board/game/{id}/claim-victory` (the opponent left).
    ClaimVictory(String),
    /// `POST /api/board/game/{id}/claim-draw` (the opponent left).
    ClaimDraw(String),
    /// `POST /api/board/game/{id}/chat`: a line in the players' chat.
    Chat {
        /// The game.
        game: String,
        /// The text.
        text: String,
    },
}

impl Request {
    /// Its method.
    pub fn method(&self) -> Method {
        match self {
            Request::Account | Request::EventStream | Request::GameStream(_) => Method::Get,
            _ => Method::Post,
        }
    }

    /// Its path and query, below the server's address.
    pub fn path(&self) -> String {
        match self {
            Request::Account => "/api/account".to_string(),
            Request::EventStream => "/api/stream/event".to_string(),
            Request::Seek { .. } => "/api/board/seek".to_string(),
            Request::Challenge(spec) => format!("/api/challenge/{}", spec.user),
            Request::AcceptChallenge(id) => format!("/api/challenge/{id}/accept"),
            Request::DeclineChallenge { id, .. } => format!("/api/challenge/{id}/decline"),
            Request::GameStream(id) => format!("/api/board/game/stream/{id}"),
            Request::Move {
                game,
                uci,
                offering_draw,
            } => {
                let offer = if *offering_draw {
                    "?offeringDraw=true"
                } else {
                    ""
                };
                format!("/api/board/game/{game}/move/{uci}{offer}")
            }
            Request::Draw { game, yes } => format!("/api/board/game/{game}/draw/{}", yes_no(*yes)),
            Request::Takeback { game, yes } => {
                format!("/api/board/game/{game}/takeback/{}", yes_no(*yes))
            }
            Request::Resign(game) => format!("/api/board/game/{game}/resign"),
            Request::Abort(game) => format!("/api/board/game/{game}/abort"),
            Request::ClaimVictory(game) => format!("/api/board/game/{game}/claim-victory"),
            Request::ClaimDraw(game) => format!("/api/board/game/{game}/claim-draw"),
            Request::Chat { game, .. } => format!("/api/board/game/{game}/chat"),
        }
    }

    /// Its form fields (`application/x-www-form-urlencoded`), if it has a body.
    pub fn form(&self) -> Vec<(&'static str, String)> {
        match self {
            Request::Seek { control, rated } => vec![
                ("rated", rated.to_string()),
                ("time", control.seek_minutes()),
                ("increment", control.increment.as_secs().to_string()),
                ("variant", "standard".to_string()),
            ],
            Request::Challenge(ChallengeSpec {
                control,
                rated,
                color,
                ..
            }) => {
                let mut form = vec![
                    ("rated", rated.to_string()),
                    ("variant", "standard".to_string()),
                    ("keepAliveStream", "true".to_string()),
                    (
                        "color",
                        color
                            .map_or("random", |c| c.fold_wb("white", "black"))
                            .to_string(),
                    ),
                ];
                if let Some(control) = control {
                    form.push(("clock.limit", control.initial.as_secs().to_string()));
                    form.push(("clock.increment", control.increment.as_secs().to_string()));
                }
                form
            }
            Request::DeclineChallenge { reason, .. } => vec![("reason", reason.to_string())],
            Request::Chat { text, .. } => {
                vec![("room", "player".to_string()), ("text", text.clone())]
            }
            _ => Vec::new(),
        }
    }

    /// Its answer is a stream of lines (kept open), not one body.
    pub fn is_stream(&self) -> bool {
        matches!(
            self,
            Request::EventStream
                | Request::GameStream(_)
                | Request::Seek { .. }
                | Request::Challenge(_)
        )
    }
}

impl Request {
    /// A stream given up when silent ([`super::SILENCE`]): all but a challenge's. The API
    /// promises keep-alives on the event stream ("An empty line is sent every 7 seconds",
    /// api-stream-event.yaml) and a seek's ("A periodic empty line", api-board-seek.yaml); the
    /// game's stream, silent, is read afresh at no cost. A challenge's (`keepAliveStream`,
    /// api-challenge-username.yaml) promises nothing until its `{"done": …}`, and opening it
    /// again would make a new challenge: it is kept however quiet (after the line was down
    /// it is made again).
    pub fn watched_for_silence(&self) -> bool {
        self.is_stream() && !matches!(self, Request::Challenge(_))
    }
}

fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// A name or id fit for a path: lichess's ids and user names are letters, digits, `_` and
/// `-`, at most 30 characters (an id longer is not one).
pub fn is_path_safe(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 30
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// What came back for a request, as the program saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// An HTTP status with its body (for a stream: the body read before it was given up, if
    /// the status was not 200).
    Status {
        /// The status code.
        code: u16,
        /// The body (its first kilobytes).
        body: String,
    },
    /// No answer: the server could not be reached, or the connection broke before the answer
    /// came (the request may or may not have reached the server).
    Unreachable(String),
}

impl Answer {
    /// 200 with `body`.
    pub fn ok(body: impl Into<String>) -> Answer {
        Answer::Status {
            code: 200,
            body: body.into(),
        }
    }

    /// What the answer means.
    pub fn verdict(&self) -> Verdict {
        match self {
            Answer::Unreachable(why) => Verdict::Unreachable(why.clone()),
            Answer::Status { code, body } => {
                let text = || super::wire::error_text(body);
                match code {
                    200..=299 => Verdict::Ok,
                    401 if text().to_lowercase().contains("scope") => Verdict::LacksScope,
                    401 => Verdict::Unauthorized(text()),
                    403 => Verdict::LacksScope,
                    404 => Verdict::NotFound(text()),
                    429 => Verdict::RateLimited,
                    400..=499 => Verdict::Refused(text()),
                    _ => Verdict::ServerFault(*code, text()),
                }
            }
        }
    }
}

/// What an answer means to the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Done.
    Ok,
    /// Refused, with the server's reason (a move not legal, not one's turn, a bad clock).
    Refused(String),
    /// Not there (a game, a challenge, a user).
    NotFound(String),
    /// The token is missing, wrong or revoked (401).
    Unauthorized(String),
    /// The token lacks the permission (`board:play`).
    LacksScope,
    /// Too many requests (429): wait a minute, as lichess asks.
    RateLimited,
    /// The server failed (5xx), with its status and reason.
    ServerFault(u16, String),
    /// No answer (see [`Answer::Unreachable`]).
    Unreachable(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Color;
    use std::time::Duration;

    #[test]
    fn requests_are_written_as_the_api_describes_them() {
        let control = OnlineControl::new(Duration::from_secs(900), Duration::from_secs(10));
        let seek = Request::Seek {
            control,
            rated: false,
        };
        assert_eq!(seek.method(), Method::Post);
        assert_eq!(seek.path(), "/api/board/seek");
        assert!(seek.form().contains(&("time", "15".to_string())));
        assert!(seek.form().contains(&("increment", "10".to_string())));
        assert!(seek.is_stream());

        let challenge = Request::Challenge(ChallengeSpec {
            user: "Aaron".into(),
            control: Some(control),
            rated: true,
            color: Some(Color::Black),
        });
        assert_eq!(challenge.path(), "/api/challenge/Aaron");
        let form = challenge.form();
        assert!(form.contains(&("clock.limit", "900".to_string())));
        assert!(form.contains(&("color", "black".to_string())));
        assert!(form.contains(&("keepAliveStream", "true".to_string())));

        let m = Request::Move {
            game: "abcd1234".into(),
            uci: "e2e4".into(),
            offering_draw: true,
        };
        assert_eq!(
            m.path(),
            "/api/board/game/abcd1234/move/e2e4?offeringDraw=true"
        );
        assert_eq!(
            Request::Takeback {
                game: "g".into(),
                yes: false
            }
            .path(),
            "/api/board/game/g/takeback/no"
        );
        assert_eq!(Request::EventStream.method(), Method::Get);
        assert_eq!(
            Request::ClaimVictory("g".into()).path(),
            "/api/board/game/g/claim-victory"
        );
    }

    #[test]
    fn answers_are_judged_by_their_status() {
        let status = |code: u16, body: &str| {
            Answer::Status {
                code,
                body: body.into(),
            }
            .verdict()
        };
        assert_eq!(status(200, "{\"ok\":true}"), Verdict::Ok);
        assert_eq!(
            status(400, r#"{"error":"Not your turn"}"#),
            Verdict::Refused("Not your turn".into())
        );
        assert_eq!(
            status(401, r#"{"error":"No such token"}"#),
            Verdict::Unauthorized("No such token".into())
        );
        assert_eq!(
            status(401, r#"{"error":"Missing scope board:play"}"#),
            Verdict::LacksScope
        );
        assert_eq!(status(429, ""), Verdict::RateLimited);
        assert!(matches!(
            status(502, "<html>"),
            Verdict::ServerFault(502, _)
        ));
    }

    #[test]
    fn only_plain_names_go_into_a_path() {
        assert!(is_path_safe("Aaron_2-b"));
        for bad in ["", "a/b", "..", "a b", "a?x=1", "ä", &"x".repeat(31)] {
            assert!(!is_path_safe(bad), "{bad}");
        }
    }
}
