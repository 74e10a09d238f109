//! The lines of lichess's streams and the bodies of its answers, as its published Board API
//! describes them (`lichess-org/api`, doc/specs): the event stream's `gameStart`,
//! `gameFinish`, `challenge`, `challengeCanceled`, `challengeDeclined`; the game stream's
//! `gameFull`, `gameState`, `chatLine`, `opponentGone`; `/api/account`'s profile and the
//! `{"error": …}` of a refusal.
//!
//! Reading is forgiving where the API may grow and strict where a wrong value would mislead:
//! fields the program does not use are passed over, optional ones may be missing or `null`,
//! a status name it does not know is kept as [`Status::Other`]; a line whose `type` is not
//! known is [`Parsed::Unknown`] (said in the log, no harm done), an empty line is the
//! keep-alive lichess sends every few seconds, and anything else that does not read is
//! [`Parsed::Garbage`] with the reason. Nothing here panics on any input.

use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;
use shakmaty::Color;

/// What one line of a stream is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed<T> {
    /// An empty line: lichess's keep-alive.
    KeepAlive,
    /// A line of a kind the program knows.
    Line(T),
    /// A JSON object of a `type` the program does not know (a newer API): passed over.
    Unknown(String),
    /// Not a line of this stream: the reason, for the log.
    Garbage(String),
}

/// A game's status name (`GameStatusName` in the API).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Status {
    /// Created, not started.
    Created,
    /// Under way.
    Started,
    /// Aborted before it really began (no result).
    Aborted,
    /// Checkmate.
    Mate,
    /// A player resigned.
    Resign,
    /// Stalemate.
    Stalemate,
    /// A player left the game and the other claimed the win (or a draw).
    Timeout,
    /// Drawn (agreement, repetition, fifty moves, insufficient material).
    Draw,
    /// A flag fell.
    OutOfTime,
    /// Ended by lichess for a breach of fair play.
    Cheat,
    /// A player did not make the first move in time.
    NoStart,
    /// Ended for a reason the server does not know.
    UnknownFinish,
    /// A draw claimed for insufficient material.
    InsufficientMaterialClaim,
    /// A variant's own ending.
    VariantEnd,
    /// A name the program does not know (a newer API): the game counts as over unless it
    /// says otherwise.
    Other(String),
}

impl Status {
    /// The status of its API name.
    pub fn from_name(name: &str) -> Status {
        match name {
            "created" => Status::Created,
            "started" => Status::Started,
            "aborted" => Status::Aborted,
            "mate" => Status::Mate,
            "resign" => Status::Resign,
            "stalemate" => Status::Stalemate,
            "timeout" => Status::Timeout,
            "draw" => Status::Draw,
            "outoftime" => Status::OutOfTime,
            "cheat" => Status::Cheat,
            "noStart" => Status::NoStart,
            "unknownFinish" => Status::UnknownFinish,
            "insufficientMaterialClaim" => Status::InsufficientMaterialClaim,
            "variantEnd" => Status::VariantEnd,
            other => Status::Other(other.to_string()),
        }
    }

    /// Its API name.
    pub fn name(&self) -> &str {
        match self {
            Status::Created => "created",
            Status::Started => "started",
            Status::Aborted => "aborted",
            Status::Mate => "mate",
            Status::Resign => "resign",
            Status::Stalemate => "stalemate",
            Status::Timeout => "timeout",
            Status::Draw => "draw",
            Status::OutOfTime => "outoftime",
            Status::Cheat => "cheat",
            Status::NoStart => "noStart",
            Status::UnknownFinish => "unknownFinish",
            Status::InsufficientMaterialClaim => "insufficientMaterialClaim",
            Status::VariantEnd => "variantEnd",
            Status::Other(name) => name,
        }
    }

    /// The game is over.
    pub fn is_over(&self) -> bool {
        !matches!(self, Status::Created | Status::Started)
    }
}

impl<'de> Deserialize<'de> for Status {
    /// A name (`"mate"`), or the object `{"id": 30, "name": "mate"}` of the event stream.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Name(String),
            Object { name: String },
        }
        Ok(match Form::deserialize(d)? {
            Form::Name(name) | Form::Object { name } => Status::from_name(&name),
        })
    }
}

/// A colour as lichess writes it: `"white"` or `"black"`.
fn color<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
    let name: Option<String> = Option::deserialize(d)?;
    match name.as_deref() {
        None => Ok(None),
        Some("white") => Ok(Some(Color::White)),
        Some("black") => Ok(Some(Color::Black)),
        Some(other) => Err(serde::de::Error::custom(format!(
            "'{other}' is not white or black"
        ))),
    }
}

/// Milliseconds as lichess writes them (an integer; a negative one, which a lagging clock
/// could show, counts as none left).
fn millis<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    let ms = i64::deserialize(d)?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

/// `null` read as the default.
fn or_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// A variant (`{"key": "standard", "name": "Standard"}`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
pub struct Variant {
    /// Its key: `standard`, `chess960`, `fromPosition`, …
    #[serde(default)]
    pub key: String,
}

impl Variant {
    /// Standard chess from the usual position: the only variant an Annex D game can be.
    pub fn is_standard(&self) -> bool {
        self.key.is_empty() || self.key == "standard"
    }
}

/// A player of the game stream's `gameFull` (`GameEventPlayer`); lichess's computer has only
/// its level.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Player {
    /// The account's id (lower case), if a person.
    #[serde(default)]
    pub id: Option<String>,
    /// The name as written.
    #[serde(default)]
    pub name: Option<String>,
    /// A title (GM, IM, …, BOT).
    #[serde(default)]
    pub title: Option<String>,
    /// The rating in the game's speed.
    #[serde(default)]
    pub rating: Option<u32>,
    /// The rating is provisional.
    #[serde(default, deserialize_with = "or_default")]
    pub provisional: bool,
    /// lichess's computer: its level, 1 to 8.
    #[serde(default)]
    pub ai_level: Option<u32>,
}

/// The clock of a `gameFull`: start time and increment, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct ClockSpec {
    /// The time each player starts with.
    #[serde(deserialize_with = "millis")]
    pub initial: Duration,
    /// The time added after each move.
    #[serde(deserialize_with = "millis")]
    pub increment: Duration,
}

/// The time a player has for the first move before the game is aborted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Expiration {
    /// Time since the last move (or the start).
    #[serde(deserialize_with = "millis")]
    pub idle_millis: Duration,
    /// The time allowed for the first move.
    #[serde(deserialize_with = "millis")]
    pub millis_to_move: Duration,
}

/// The game's state (`gameState`, also inside `gameFull`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    /// Every move since the start, in UCI, separated by spaces.
    #[serde(default, deserialize_with = "or_default")]
    pub moves: String,
    /// White's time left.
    #[serde(deserialize_with = "millis")]
    pub wtime: Duration,
    /// Black's time left.
    #[serde(deserialize_with = "millis")]
    pub btime: Duration,
    /// White's increment.
    #[serde(deserialize_with = "millis")]
    pub winc: Duration,
    /// Black's increment.
    #[serde(deserialize_with = "millis")]
    pub binc: Duration,
    /// The game's status.
    pub status: Status,
    /// The winner, if the game is over and not drawn.
    #[serde(default, deserialize_with = "color")]
    pub winner: Option<Color>,
    /// White offers a draw.
    #[serde(default, deserialize_with = "or_default")]
    pub wdraw: bool,
    /// Black offers a draw.
    #[serde(default, deserialize_with = "or_default")]
    pub bdraw: bool,
    /// White asks to take back a move.
    #[serde(default, deserialize_with = "or_default")]
    pub wtakeback: bool,
    /// Black asks to take back a move.
    #[serde(default, deserialize_with = "or_default")]
    pub btakeback: bool,
    /// The time left for a first move.
    #[serde(default)]
    pub expiration: Option<Expiration>,
}

impl GameState {
    /// `side` offers a draw.
    pub fn offers_draw(&self, side: Color) -> bool {
        side.fold_wb(self.wdraw, self.bdraw)
    }

    /// `side` asks to take back a move.
    pub fn asks_takeback(&self, side: Color) -> bool {
        side.fold_wb(self.wtakeback, self.btakeback)
    }
}

/// The first line of a game stream: the game's fixed facts and its state.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameFull {
    /// The game's id.
    pub id: String,
    /// The variant.
    #[serde(default, deserialize_with = "or_default")]
    pub variant: Variant,
    /// The clock; `None` for a correspondence or unlimited game.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// `rapid`, `classical`, `blitz`, …
    #[serde(default, deserialize_with = "or_default")]
    pub speed: String,
    /// Rated.
    #[serde(default, deserialize_with = "or_default")]
    pub rated: bool,
    /// White.
    #[serde(default, deserialize_with = "or_default")]
    pub white: Player,
    /// Black.
    #[serde(default, deserialize_with = "or_default")]
    pub black: Player,
    /// The start position in FEN, or `startpos`.
    #[serde(default, deserialize_with = "or_default")]
    pub initial_fen: String,
    /// Days per move of a correspondence game.
    #[serde(default)]
    pub days_per_turn: Option<u32>,
    /// The state now.
    pub state: GameState,
}

impl GameFull {
    /// The player of `side`.
    pub fn player(&self, side: Color) -> &Player {
        side.fold_wb(&self.white, &self.black)
    }
}

/// A line of a game's chat.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ChatLine {
    /// `player` or `spectator`.
    #[serde(default, deserialize_with = "or_default")]
    pub room: String,
    /// Who wrote it.
    #[serde(default, deserialize_with = "or_default")]
    pub username: String,
    /// What was written.
    #[serde(default, deserialize_with = "or_default")]
    pub text: String,
}

/// The opponent left the game or came back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpponentGone {
    /// Gone (or back).
    pub gone: bool,
    /// When the win can be claimed, in seconds from now.
    #[serde(default)]
    pub claim_win_in_seconds: Option<u64>,
}

/// A line of the game stream (`/api/board/game/stream/{id}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameLine {
    /// The game's facts and state: the first line of every stream.
    Full(Box<GameFull>),
    /// The state after a move, an offer or the end.
    State(GameState),
    /// A chat line.
    Chat(ChatLine),
    /// The opponent left or came back.
    OpponentGone(OpponentGone),
}

/// The opponent of the event stream's games.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
pub struct Opponent {
    /// The account's id.
    #[serde(default)]
    pub id: Option<String>,
    /// The name as written.
    #[serde(default)]
    pub username: Option<String>,
    /// The rating.
    #[serde(default)]
    pub rating: Option<u32>,
    /// lichess's computer: its level.
    #[serde(default)]
    pub ai: Option<u32>,
}

/// Whether a game or challenge can be played through the Board API (`compat`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub struct Compat {
    /// Playable through the Board API.
    #[serde(default = "yes", deserialize_with = "or_yes")]
    pub board: bool,
}

fn yes() -> bool {
    true
}

fn or_yes<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(Option::<bool>::deserialize(d)?.unwrap_or(true))
}

/// A game of the event stream (`GameEventInfo`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    /// The game's id.
    pub game_id: String,
    /// Our side.
    #[serde(default, deserialize_with = "color")]
    pub color: Option<Color>,
    /// The opponent.
    #[serde(default)]
    pub opponent: Option<Opponent>,
    /// The variant.
    #[serde(default)]
    pub variant: Option<Variant>,
    /// The game's status.
    #[serde(default)]
    pub status: Option<Status>,
    /// The winner, once over.
    #[serde(default, deserialize_with = "color")]
    pub winner: Option<Color>,
    /// Whether the Board API can play it.
    #[serde(default)]
    pub compat: Option<Compat>,
    /// `rapid`, `classical`, `correspondence`, … (empty when left out).
    #[serde(default, deserialize_with = "or_default")]
    pub speed: String,
}

impl GameInfo {
    /// A game this program can play: standard chess the Board API allows.
    pub fn playable(&self) -> bool {
        self.variant.as_ref().is_none_or(Variant::is_standard)
            && self.compat.is_none_or(|compat| compat.board)
    }

    /// A correspondence game, or one without a clock (lichess gives both the speed
    /// `correspondence`): days a move, not a game to sit down to unasked.
    pub fn is_correspondence(&self) -> bool {
        self.speed == "correspondence"
    }
}

/// A user of a challenge.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
pub struct ChallengeUser {
    /// The account's id.
    #[serde(default, deserialize_with = "or_default")]
    pub id: String,
    /// The name as written.
    #[serde(default, deserialize_with = "or_default")]
    pub name: String,
    /// The rating.
    #[serde(default)]
    pub rating: Option<u32>,
    /// A title.
    #[serde(default)]
    pub title: Option<String>,
}

/// A challenge's time control (`TimeControl`): a clock, days per move, or none.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeControl {
    /// `clock`, `correspondence` or `unlimited`.
    #[serde(rename = "type", default, deserialize_with = "or_default")]
    pub kind: String,
    /// The start time in seconds (a clock).
    #[serde(default)]
    pub limit: Option<u64>,
    /// The increment in seconds (a clock).
    #[serde(default)]
    pub increment: Option<u64>,
    /// Days per move (correspondence).
    #[serde(default)]
    pub days_per_turn: Option<u32>,
}

/// A challenge (`ChallengeJson`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    /// Its id (the game's, once accepted).
    pub id: String,
    /// `created`, `offline`, `canceled`, `declined`, `accepted`.
    #[serde(default, deserialize_with = "or_default")]
    pub status: String,
    /// Who challenges.
    #[serde(default, deserialize_with = "or_default")]
    pub challenger: ChallengeUser,
    /// Who is challenged (`None`: an open challenge).
    #[serde(default)]
    pub dest_user: Option<ChallengeUser>,
    /// The variant.
    #[serde(default, deserialize_with = "or_default")]
    pub variant: Variant,
    /// Rated.
    #[serde(default, deserialize_with = "or_default")]
    pub rated: bool,
    /// `rapid`, `blitz`, …
    #[serde(default, deserialize_with = "or_default")]
    pub speed: String,
    /// The time control.
    #[serde(default, deserialize_with = "or_default")]
    pub time_control: ChallengeControl,
    /// The colour the challenger asked for: `white`, `black` or `random`.
    #[serde(default, deserialize_with = "or_default")]
    pub color: String,
    /// The challenger's colour once drawn.
    #[serde(default, deserialize_with = "color")]
    pub final_color: Option<Color>,
    /// `in` (to us) or `out` (ours).
    #[serde(default)]
    pub direction: Option<String>,
    /// Why it was declined, in words of the decliner's language.
    #[serde(default)]
    pub decline_reason: Option<String>,
    /// Why it was declined, as a key.
    #[serde(default)]
    pub decline_reason_key: Option<String>,
}

impl Challenge {
    /// Faster than blitz, which the Board API does not play (its `compat` may be left out:
    /// the `speed`, or the clock by lichess's estimate, start time plus forty increments
    /// under three minutes, tells).
    pub fn too_fast_for_board(&self) -> bool {
        let control = &self.time_control;
        let clock_too_fast = control.kind == "clock"
            && control.limit.is_some_and(|limit| {
                limit.saturating_add(40u64.saturating_mul(control.increment.unwrap_or(0))) < 180
            });
        matches!(self.speed.as_str(), "bullet" | "ultraBullet") || clock_too_fast
    }
}

/// A line of the event stream (`/api/stream/event`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventLine {
    /// A game starts (or is under way when the stream opens).
    GameStart(GameInfo),
    /// A game ended.
    GameFinish(GameInfo),
    /// A challenge, to us or from us; whether the Board API can play it.
    Challenge(Box<Challenge>, Compat),
    /// A challenge to us was withdrawn.
    ChallengeCanceled(Box<Challenge>),
    /// Our challenge was declined.
    ChallengeDeclined(Box<Challenge>),
}

/// The signed-in account (`/api/account`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Account {
    /// Its id (the name in lower case).
    pub id: String,
    /// The name as written.
    #[serde(default, deserialize_with = "or_default")]
    pub username: String,
}

/// A refusal's body (`{"error": "…"}`), or its first characters when it is not that.
pub fn error_text(body: &str) -> String {
    #[derive(Deserialize)]
    struct Refusal {
        error: Value,
    }
    match serde_json::from_str::<Refusal>(body) {
        Ok(Refusal {
            error: Value::String(text),
        }) => text,
        Ok(Refusal { error }) => error.to_string(),
        Err(_) => body.trim().chars().take(200).collect(),
    }
}

/// One line of the event stream.
pub fn parse_event_line(line: &str) -> Parsed<EventLine> {
    parse_typed(line, |kind, value| {
        Some(match kind {
            "gameStart" => field(value, "game").map(EventLine::GameStart),
            "gameFinish" => field(value, "game").map(EventLine::GameFinish),
            "challenge" => field(value, "challenge").and_then(|challenge| {
                let compat = match value.get("compat") {
                    None | Some(Value::Null) => Compat { board: true },
                    Some(compat) => from(compat.clone())?,
                };
                Ok(EventLine::Challenge(Box::new(challenge), compat))
            }),
            "challengeCanceled" => {
                field(value, "challenge").map(|c| EventLine::ChallengeCanceled(Box::new(c)))
            }
            "challengeDeclined" => {
                field(value, "challenge").map(|c| EventLine::ChallengeDeclined(Box::new(c)))
            }
            _ => return None,
        })
    })
}

/// One line of a game stream.
pub fn parse_game_line(line: &str) -> Parsed<GameLine> {
    parse_typed(line, |kind, value| {
        Some(match kind {
            "gameFull" => from(value.clone()).map(|full| GameLine::Full(Box::new(full))),
            "gameState" => from(value.clone()).map(GameLine::State),
            "chatLine" => from(value.clone()).map(GameLine::Chat),
            "opponentGone" => from(value.clone()).map(GameLine::OpponentGone),
            _ => return None,
        })
    })
}

/// A line: empty (keep-alive), or a JSON object whose `type` `read` knows (`None`: unknown).
fn parse_typed<T>(
    line: &str,
    read: impl FnOnce(&str, &Value) -> Option<Result<T, String>>,
) -> Parsed<T> {
    let line = line.trim();
    if line.is_empty() {
        return Parsed::KeepAlive;
    }
    let value: Value = match serde_json::from_str(line) {
        Ok(value) => value,
        Err(err) => return Parsed::Garbage(format!("not JSON: {err}")),
    };
    let Some(kind) = value.get("type").and_then(Value::as_str) else {
        return Parsed::Garbage("a JSON line without a type".to_string());
    };
    match read(kind, &value) {
        Some(Ok(line)) => Parsed::Line(line),
        Some(Err(err)) => Parsed::Garbage(format!("a {kind} line that does not read: {err}")),
        None => Parsed::Unknown(kind.to_string()),
    }
}

fn from<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, String> {
    serde_json::from_value(value).map_err(|err| err.to_string())
}

fn field<T: serde::de::DeserializeOwned>(value: &Value, name: &str) -> Result<T, String> {
    match value.get(name) {
        Some(inner) => from(inner.clone()),
        None => Err(format!("no field {name}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The API's own example of a `gameFull` line (GameFullEvent.yaml), on one line.
    const GAME_FULL: &str = r#"{"id":"BEOucQJo","variant":{"key":"standard","name":"Standard","short":"Std"},"speed":"rapid","perf":{"name":"Rapid"},"rated":false,"createdAt":1745112707998,"white":{"id":"bobby","name":"Bobby","title":null,"rating":1751},"black":{"id":"mary","name":"Mary","title":null,"rating":1021},"initialFen":"startpos","clock":{"initial":900000,"increment":0},"type":"gameFull","state":{"type":"gameState","moves":"d2d3","wtime":900000,"btime":900000,"winc":0,"binc":0,"status":"started"}}"#;

    #[test]
    fn the_published_examples_read() {
        let Parsed::Line(GameLine::Full(full)) = parse_game_line(GAME_FULL) else {
            panic!("gameFull not read");
        };
        assert_eq!(full.id, "BEOucQJo");
        assert!(full.variant.is_standard());
        assert_eq!(full.white.name.as_deref(), Some("Bobby"));
        assert_eq!(full.black.rating, Some(1021));
        assert_eq!(
            full.clock,
            Some(ClockSpec {
                initial: Duration::from_secs(900),
                increment: Duration::ZERO
            })
        );
        assert_eq!(full.state.moves, "d2d3");
        assert_eq!(full.state.status, Status::Started);

        // GameStateEvent.yaml's example, with the offers written as false.
        let state = r#"{"type":"gameState","moves":"e2e4 c7c5 f2f4 d7d6 g1f3 b8c6 f1c4 g8f6 d2d3 g7g6 e1g1 f8g7 b1c3","wtime":7598040,"btime":8395220,"winc":10000,"binc":10000,"wdraw":false,"bdraw":false,"wtakeback":false,"btakeback":false,"status":"started"}"#;
        let Parsed::Line(GameLine::State(state)) = parse_game_line(state) else {
            panic!("gameState not read");
        };
        assert_eq!(state.winc, Duration::from_secs(10));
        assert!(!state.offers_draw(Color::White));

        let chat = r#"{ "type": "chatLine", "username": "thibault", "text": "Good luck, have fun", "room": "player" }"#;
        assert!(matches!(
            parse_game_line(chat),
            Parsed::Line(GameLine::Chat(ChatLine { ref username, .. })) if username == "thibault"
        ));
        let gone = r#"{ "type": "opponentGone", "gone": true, "claimWinInSeconds": 8 }"#;
        assert_eq!(
            parse_game_line(gone),
            Parsed::Line(GameLine::OpponentGone(OpponentGone {
                gone: true,
                claim_win_in_seconds: Some(8)
            }))
        );

        // stream-gameStart.json.yaml and stream-gameFinish.json.yaml.
        let start = r#"{"type":"gameStart","game":{"fullId":"0FgNPGRzhDaW","gameId":"0FgNPGRz","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","color":"white","lastMove":"","source":"friend","status":{"id":20,"name":"started"},"variant":{"key":"standard","name":"Standard"},"speed":"blitz","perf":"blitz","rated":true,"hasMoved":false,"opponent":{"id":"aaron","username":"Aaron","rating":776},"isMyTurn":true,"secondsLeft":300,"rating":724,"compat":{"bot":false,"board":true},"id":"0FgNPGRz"}}"#;
        let Parsed::Line(EventLine::GameStart(game)) = parse_event_line(start) else {
            panic!("gameStart not read");
        };
        assert_eq!(game.game_id, "0FgNPGRz");
        assert_eq!(game.color, Some(Color::White));
        assert_eq!(game.status, Some(Status::Started));
        assert!(game.playable());
        let finish = r#"{"type":"gameFinish","game":{"fullId":"0FgNPGRzhDaW","gameId":"0FgNPGRz","color":"white","status":{"id":31,"name":"resign"},"winner":"black","compat":{"bot":false,"board":true}}}"#;
        let Parsed::Line(EventLine::GameFinish(game)) = parse_event_line(finish) else {
            panic!("gameFinish not read");
        };
        assert_eq!(game.winner, Some(Color::Black));
        assert_eq!(game.status, Some(Status::Resign));

        // stream-challengeDeclined.json.yaml.
        let declined = r#"{"type":"challengeDeclined","challenge":{"id":"jWAgu6ga","url":"https://lichess.org/jWAgu6ga","status":"declined","challenger":{"name":"Adriana","id":"adriana","rating":734},"destUser":{"name":"Gabriela","id":"gabriela","rating":1528,"provisional":true,"online":true},"variant":{"key":"standard","name":"Standard","short":"Std"},"rated":false,"speed":"correspondence","timeControl":{"type":"unlimited"},"color":"random","finalColor":"black","perf":{"icon":"","name":"Correspondence"},"declineReason":"I'm not accepting challenges at the moment.","declineReasonKey":"generic"}}"#;
        let Parsed::Line(EventLine::ChallengeDeclined(challenge)) = parse_event_line(declined)
        else {
            panic!("challengeDeclined not read");
        };
        assert_eq!(challenge.decline_reason_key.as_deref(), Some("generic"));
        assert_eq!(challenge.time_control.kind, "unlimited");
    }

    #[test]
    fn keep_alives_unknown_kinds_and_garbage_are_told_apart() {
        assert_eq!(parse_game_line(""), Parsed::KeepAlive);
        assert_eq!(parse_event_line("  \r"), Parsed::KeepAlive);
        assert_eq!(
            parse_game_line(r#"{"type":"somethingNew","x":1}"#),
            Parsed::Unknown("somethingNew".to_string())
        );
        for garbage in [
            "<html>502 Bad Gateway</html>",
            "{\"type\":",
            "[1,2,3]",
            "{\"moves\":\"e2e4\"}",
            r#"{"type":"gameState","moves":"e2e4"}"#,
            r#"{"type":"gameState","moves":"","wtime":"soon","btime":0,"winc":0,"binc":0,"status":"started"}"#,
            r#"{"type":"gameStart"}"#,
            "\u{0}\u{1}\u{2}",
        ] {
            assert!(
                matches!(parse_game_line(garbage), Parsed::Garbage(_))
                    || matches!(parse_event_line(garbage), Parsed::Garbage(_)),
                "{garbage}"
            );
        }
    }

    #[test]
    fn statuses_keep_their_names_and_unknown_ones_end_the_game() {
        for name in [
            "created",
            "started",
            "aborted",
            "mate",
            "resign",
            "stalemate",
            "timeout",
            "draw",
            "outoftime",
            "cheat",
            "noStart",
            "unknownFinish",
            "insufficientMaterialClaim",
            "variantEnd",
            "somethingNew",
        ] {
            assert_eq!(Status::from_name(name).name(), name);
        }
        assert!(!Status::Started.is_over());
        assert!(Status::Other("somethingNew".into()).is_over());
    }

    #[test]
    fn a_negative_clock_is_none_left_and_null_offers_are_no_offers() {
        let line = r#"{"type":"gameState","moves":"","wtime":-20,"btime":5,"winc":0,"binc":0,"status":"started","wdraw":null}"#;
        let Parsed::Line(GameLine::State(state)) = parse_game_line(line) else {
            panic!("not read");
        };
        assert_eq!(state.wtime, Duration::ZERO);
        assert!(!state.wdraw);
    }

    #[test]
    fn a_refusal_gives_its_reason() {
        assert_eq!(error_text(r#"{"error":"Not your turn"}"#), "Not your turn");
        assert_eq!(error_text("Bad Gateway"), "Bad Gateway");
    }
}
