//! A local lichess for the tests: an HTTP server on 127.0.0.1 that speaks the endpoints of the
//! Board API annexd uses as lichess's published specification (`lichess-org/api`,
//! doc/specs) describes them: `/api/account`, the event stream, seeks, challenges (made,
//! accepted, declined), a game's stream (`gameFull`, `gameState`, `chatLine`,
//! `opponentGone`, as chunked ndjson with keep-alive empty lines), moves, draw offers,
//! takebacks, resignation, abort, claims and the chat. It plays the rules with shakmaty
//! (moves out of turn or not legal are refused with 400 and lichess's `{"error": …}`, mate and
//! stalemate end the game) and runs the clocks.
//!
//! A test scripts the opponent and the line: the opponent's moves (or replies to ours),
//! offers, takebacks, leaving and coming back, resigning, running out of time; a stream cut
//! without its last chunk, the server down (connections closed at once), HTTP 429 for the
//! next requests, the answer to a move lost after the move was played. Every request is
//! recorded, so that a test can count what reached the server.

#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, unbounded};
use serde_json::{Value, json};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position};

/// A player of the local server.
#[derive(Debug, Clone)]
pub struct Person {
    pub id: String,
    pub name: String,
    pub rating: u32,
}

impl Person {
    pub fn new(name: &str, rating: u32) -> Person {
        Person {
            id: name.to_lowercase(),
            name: name.to_string(),
            rating,
        }
    }

    fn json(&self) -> Value {
        json!({"id": self.id, "name": self.name, "title": null, "rating": self.rating})
    }
}

/// How the server behaves.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The token it takes.
    pub token: String,
    /// The token's owner.
    pub me: Person,
    /// The opponent of every game.
    pub opponent: Person,
    /// A seek is answered by a game at once, we playing this side.
    pub seek_side: Option<Color>,
    /// A challenge of ours is accepted (we playing this side) or declined (`None`).
    pub challenge_side: Option<Color>,
    /// The empty line sent to keep streams alive, this often.
    pub keepalive: Duration,
    /// A game's stream and a challenge's send no keep-alive: the API promises one only on
    /// the event stream and a seek's (api-stream-event.yaml, api-board-seek.yaml).
    pub quiet_streams: bool,
    /// Our challenge is answered after this long.
    pub challenge_answered_after: Duration,
    /// The opponent accepts our draw offers.
    pub accepts_draws: bool,
    /// The opponent accepts our takeback requests.
    pub accepts_takebacks: bool,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            token: "lip_TestToken0123456789".to_string(),
            me: Person::new("Blindfold", 1650),
            opponent: Person::new("Aaron", 1776),
            seek_side: Some(Color::White),
            challenge_side: Some(Color::Black),
            keepalive: Duration::from_millis(300),
            quiet_streams: false,
            challenge_answered_after: Duration::from_millis(100),
            accepts_draws: false,
            accepts_takebacks: true,
        }
    }
}

/// A request that reached the server, and the status it was answered with (`None`: no
/// answer, the connection dropped on purpose).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    pub method: String,
    pub path: String,
    pub status: Option<u16>,
    pub authorization: Option<String>,
}

enum Push {
    Line(String),
    End,
    Cut,
}

struct Game {
    id: String,
    ours: Color,
    start: Chess,
    moves: Vec<String>,
    position: Chess,
    initial: u64,
    increment: u64,
    time: [u64; 2],
    last: Instant,
    status: String,
    winner: Option<Color>,
    draw: [bool; 2],
    takeback: [bool; 2],
    gone_claim_at: Option<Instant>,
    rated: bool,
    sinks: Vec<Sender<Push>>,
    chat: Vec<Value>,
}

fn index(side: Color) -> usize {
    side.fold_wb(0, 1)
}

fn side_name(side: Color) -> &'static str {
    side.fold_wb("white", "black")
}

impl Game {
    fn over(&self) -> bool {
        !matches!(self.status.as_str(), "created" | "started")
    }

    fn state(&self) -> Value {
        let mut state = json!({
            "type": "gameState",
            "moves": self.moves.join(" "),
            "wtime": self.time[0],
            "btime": self.time[1],
            "winc": self.increment,
            "binc": self.increment,
            "status": self.status,
        });
        let map = state.as_object_mut().unwrap();
        if let Some(winner) = self.winner {
            map.insert("winner".into(), json!(side_name(winner)));
        }
        for (key, on) in [
            ("wdraw", self.draw[0]),
            ("bdraw", self.draw[1]),
            ("wtakeback", self.takeback[0]),
            ("btakeback", self.takeback[1]),
        ] {
            if on {
                map.insert(key.into(), json!(true));
            }
        }
        state
    }

    fn full(&self, me: &Person, opponent: &Person) -> Value {
        let (white, black) = match self.ours {
            Color::White => (me, opponent),
            Color::Black => (opponent, me),
        };
        json!({
            "type": "gameFull",
            "id": self.id,
            "variant": {"key": "standard", "name": "Standard", "short": "Std"},
            "clock": {"initial": self.initial, "increment": self.increment},
            "speed": "rapid",
            "perf": {"name": "Rapid"},
            "rated": self.rated,
            "createdAt": 1_745_112_707_998u64,
            "white": white.json(),
            "black": black.json(),
            "initialFen": "startpos",
            "state": self.state(),
        })
    }

    fn info(&self, opponent: &Person) -> Value {
        json!({
            "fullId": format!("{}wxyz", self.id),
            "gameId": self.id,
            "fen": shakmaty::fen::Fen::from_position(&self.position, shakmaty::EnPassantMode::Legal).to_string(),
            "color": side_name(self.ours),
            "lastMove": self.moves.last().cloned().unwrap_or_default(),
            "source": "lobby",
            "status": {"id": 20, "name": self.status},
            "variant": {"key": "standard", "name": "Standard"},
            "speed": "rapid",
            "perf": "rapid",
            "rated": self.rated,
            "hasMoved": !self.moves.is_empty(),
            "opponent": {"id": opponent.id, "username": opponent.name, "rating": opponent.rating},
            "isMyTurn": self.position.turn() == self.ours,
            "secondsLeft": self.time[index(self.ours)] / 1000,
            "compat": {"bot": false, "board": true},
            "id": self.id,
        })
    }

    /// Pushes a line to every stream of the game.
    fn push(&mut self, line: &Value) {
        let text = line.to_string();
        self.sinks
            .retain(|sink| sink.send(Push::Line(text.clone())).is_ok());
    }

    fn push_state(&mut self) {
        let state = self.state();
        self.push(&state);
    }

    /// Plays `uci` for the side to move; the clocks run after each side's first move.
    fn play(&mut self, uci: &str) -> Result<(), String> {
        if self.over() {
            return Err("Not your turn, or game already over".into());
        }
        let m = UciMove::from_ascii(uci.as_bytes())
            .ok()
            .and_then(|u| u.to_move(&self.position).ok())
            .ok_or_else(|| format!("Invalid move: {uci}"))?;
        let mover = self.position.turn();
        let now = Instant::now();
        if self.moves.len() >= 2 {
            let used = now.duration_since(self.last).as_millis() as u64;
            let left = &mut self.time[index(mover)];
            *left = left.saturating_sub(used) + self.increment;
        }
        self.last = now;
        self.position.play_unchecked(m);
        self.moves
            .push(m.to_uci(CastlingMode::Standard).to_string());
        // A move declines the opponent's offers.
        self.draw = [false, false];
        self.takeback = [false, false];
        if self.position.is_checkmate() {
            self.status = "mate".into();
            self.winner = Some(mover);
        } else if self.position.is_stalemate() {
            self.status = "stalemate".into();
        } else if self.position.is_insufficient_material() {
            self.status = "draw".into();
        }
        Ok(())
    }

    /// Takes back moves until it is `side`'s turn (at least one).
    fn take_back_for(&mut self, side: Color) {
        let mut undone = 0;
        while !self.moves.is_empty() && (undone == 0 || self.position.turn() != side) {
            self.moves.pop();
            undone += 1;
            let mut position = self.start.clone();
            for uci in &self.moves {
                let m = UciMove::from_ascii(uci.as_bytes())
                    .unwrap()
                    .to_move(&position)
                    .unwrap();
                position.play_unchecked(m);
            }
            self.position = position;
        }
        self.takeback = [false, false];
        self.draw = [false, false];
    }

    fn end(&mut self, status: &str, winner: Option<Color>) {
        self.status = status.into();
        self.winner = winner;
        self.draw = [false, false];
        self.takeback = [false, false];
    }
}

struct World {
    setup: Setup,
    games: Vec<Game>,
    event_sinks: Vec<Sender<Push>>,
    seek_sinks: Vec<Sender<Push>>,
    challenge_sinks: Vec<(String, Sender<Push>)>,
    incoming: Vec<Value>,
    received: Vec<Received>,
    rate_limit_next: u32,
    down: bool,
    lose_next_move_answer: bool,
    replies: VecDeque<String>,
    next: u32,
}

impl World {
    fn game(&mut self, id: &str) -> Option<&mut Game> {
        self.games.iter_mut().find(|g| g.id == id)
    }

    fn current(&mut self) -> &mut Game {
        self.games.last_mut().expect("a game is under way")
    }

    fn push_event(&mut self, line: &Value) {
        let text = line.to_string();
        self.event_sinks
            .retain(|sink| sink.send(Push::Line(text.clone())).is_ok());
    }

    fn new_game(
        &mut self,
        id: Option<String>,
        ours: Color,
        initial: u64,
        increment: u64,
    ) -> String {
        self.next += 1;
        let id = id.unwrap_or_else(|| format!("game{:04}", self.next));
        self.games.push(Game {
            id: id.clone(),
            ours,
            start: Chess::default(),
            moves: Vec::new(),
            position: Chess::default(),
            initial,
            increment,
            time: [initial, initial],
            last: Instant::now(),
            status: "started".into(),
            winner: None,
            draw: [false, false],
            takeback: [false, false],
            gone_claim_at: None,
            rated: false,
            sinks: Vec::new(),
            chat: Vec::new(),
        });
        let opponent = self.setup.opponent.clone();
        let info = self.games.last().unwrap().info(&opponent);
        self.push_event(&json!({"type": "gameStart", "game": info}));
        id
    }

    /// After a change of the game: its state to its streams, and the end to everyone.
    fn changed(&mut self, id: &str) {
        let opponent = self.setup.opponent.clone();
        let Some(game) = self.game(id) else { return };
        game.push_state();
        if game.over() {
            for sink in game.sinks.drain(..) {
                let _ = sink.send(Push::End);
            }
            let info = game.info(&opponent);
            self.push_event(&json!({"type": "gameFinish", "game": info}));
        }
    }
}

/// The local lichess; see the module documentation. Stopped when dropped.
pub struct LichessServer {
    addr: SocketAddr,
    world: Arc<Mutex<World>>,
    stopped: Arc<AtomicBool>,
}

impl LichessServer {
    /// Starts a server on a free port of 127.0.0.1.
    pub fn start(setup: Setup) -> LichessServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let world = Arc::new(Mutex::new(World {
            setup,
            games: Vec::new(),
            event_sinks: Vec::new(),
            seek_sinks: Vec::new(),
            challenge_sinks: Vec::new(),
            incoming: Vec::new(),
            received: Vec::new(),
            rate_limit_next: 0,
            down: false,
            lose_next_move_answer: false,
            replies: VecDeque::new(),
            next: 0,
        }));
        let stopped = Arc::new(AtomicBool::new(false));
        {
            let world = world.clone();
            let stopped = stopped.clone();
            thread::spawn(move || {
                for connection in listener.incoming() {
                    if stopped.load(Ordering::Relaxed) {
                        return;
                    }
                    let Ok(connection) = connection else { continue };
                    let world = world.clone();
                    thread::spawn(move || serve(connection, world));
                }
            });
        }
        LichessServer {
            addr,
            world,
            stopped,
        }
    }

    /// Its address, for `--server`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn world(&self) -> MutexGuard<'_, World> {
        self.world.lock().unwrap()
    }

    /// The token it takes.
    pub fn token(&self) -> String {
        self.world().setup.token.clone()
    }

    /// Every request so far.
    pub fn received(&self) -> Vec<Received> {
        self.world().received.clone()
    }

    /// The moves posted for the game so far, with their answers' statuses.
    pub fn move_posts(&self) -> Vec<(String, Option<u16>)> {
        self.world()
            .received
            .iter()
            .filter(|r| r.path.contains("/move/"))
            .map(|r| {
                let uci = r.path.rsplit('/').next().unwrap_or_default();
                let uci = uci.split('?').next().unwrap_or_default().to_string();
                (uci, r.status)
            })
            .collect()
    }

    /// The current game's moves on the server.
    pub fn moves(&self) -> Vec<String> {
        self.world()
            .games
            .last()
            .map(|g| g.moves.clone())
            .unwrap_or_default()
    }

    /// The current game's status and winner.
    pub fn status(&self) -> Option<(String, Option<Color>)> {
        self.world()
            .games
            .last()
            .map(|g| (g.status.clone(), g.winner))
    }

    /// The current game's id.
    pub fn game_id(&self) -> Option<String> {
        self.world().games.last().map(|g| g.id.clone())
    }

    /// Our side in the current game.
    pub fn ours(&self) -> Option<Color> {
        self.world().games.last().map(|g| g.ours)
    }

    /// The opponent replies to our moves with these, one each, at once.
    pub fn replies(&self, moves: &[&str]) {
        self.world().replies = moves.iter().map(|m| m.to_string()).collect();
    }

    /// The opponent plays `uci` now.
    pub fn opponent_plays(&self, uci: &str) {
        let mut world = self.world();
        let game = world.current();
        assert_ne!(game.position.turn(), game.ours, "not the opponent's turn");
        game.play(uci).unwrap();
        let id = game.id.clone();
        world.changed(&id);
    }

    fn opponent_side(&self) -> Color {
        !self.world().games.last().unwrap().ours
    }

    /// The opponent offers a draw.
    pub fn opponent_offers_draw(&self) {
        let side = self.opponent_side();
        let mut world = self.world();
        let game = world.current();
        game.draw[index(side)] = true;
        game.push_state();
    }

    /// The opponent asks to take back a move.
    pub fn opponent_asks_takeback(&self) {
        let side = self.opponent_side();
        let mut world = self.world();
        let game = world.current();
        game.takeback[index(side)] = true;
        game.push_state();
    }

    /// The opponent leaves: a win can be claimed after `claim_in`.
    pub fn opponent_leaves(&self, claim_in: Duration) {
        let mut world = self.world();
        let game = world.current();
        game.gone_claim_at = Some(Instant::now() + claim_in);
        game.push(
            &json!({"type": "opponentGone", "gone": true, "claimWinInSeconds": claim_in.as_secs()}),
        );
        let at = Instant::now() + claim_in;
        let world = self.world.clone();
        let id = game.id.clone();
        thread::spawn(move || {
            thread::sleep(at.saturating_duration_since(Instant::now()));
            let mut world = world.lock().unwrap();
            if let Some(game) = world.game(&id)
                && game.gone_claim_at.is_some()
                && !game.over()
            {
                game.push(&json!({"type": "opponentGone", "gone": true, "claimWinInSeconds": 0}));
            }
        });
    }

    /// The opponent comes back.
    pub fn opponent_returns(&self) {
        let mut world = self.world();
        let game = world.current();
        game.gone_claim_at = None;
        game.push(&json!({"type": "opponentGone", "gone": false}));
    }

    /// The opponent resigns.
    pub fn opponent_resigns(&self) {
        let mut world = self.world();
        let game = world.current();
        let ours = game.ours;
        game.end("resign", Some(ours));
        let id = game.id.clone();
        world.changed(&id);
    }

    /// The opponent's time runs out.
    pub fn opponent_flags(&self) {
        let mut world = self.world();
        let game = world.current();
        let ours = game.ours;
        game.time[index(!ours)] = 0;
        game.end("outoftime", Some(ours));
        let id = game.id.clone();
        world.changed(&id);
    }

    /// The opponent writes in the chat.
    pub fn opponent_chats(&self, text: &str) {
        let mut world = self.world();
        let name = world.setup.opponent.name.clone();
        let game = world.current();
        let line = json!({"type": "chatLine", "username": name, "text": text, "room": "player"});
        game.chat.push(line.clone());
        game.push(&line);
    }

    /// A challenge to us, on the event stream.
    pub fn challenge_us(&self, id: &str, minutes: u64, increment: u64, color: &str, rated: bool) {
        let mut world = self.world();
        let challenger = world.setup.opponent.clone();
        let me = world.setup.me.clone();
        let challenge = json!({
            "id": id,
            "url": format!("https://lichess.org/{id}"),
            "status": "created",
            "challenger": challenger.json(),
            "destUser": me.json(),
            "variant": {"key": "standard", "name": "Standard", "short": "Std"},
            "rated": rated,
            "speed": "rapid",
            "timeControl": {"type": "clock", "limit": minutes * 60, "increment": increment, "show": format!("{minutes}+{increment}")},
            "color": color,
            "finalColor": "black",
            "perf": {"icon": "", "name": "Rapid"},
            "direction": "in",
        });
        world.incoming.push(challenge.clone());
        world.push_event(&json!({"type": "challenge", "challenge": challenge, "compat": {"bot": false, "board": true}}));
    }

    /// A line that is not what the API describes, on every stream of the game (bytes as
    /// given: not JSON, or not UTF-8).
    pub fn send_garbage(&self, line: &str) {
        let mut world = self.world();
        let game = world.current();
        game.sinks
            .retain(|sink| sink.send(Push::Line(line.to_string())).is_ok());
    }

    /// Every stream of the game is cut (no last chunk: the connection drops).
    pub fn cut_game_streams(&self) {
        let mut world = self.world();
        for game in &mut world.games {
            for sink in game.sinks.drain(..) {
                let _ = sink.send(Push::Cut);
            }
        }
    }

    /// The server goes down: every stream is cut, every new connection closed at once.
    pub fn go_down(&self) {
        let mut world = self.world();
        world.down = true;
        let mut sinks: Vec<Sender<Push>> = world.event_sinks.drain(..).collect();
        sinks.append(&mut world.seek_sinks);
        for game in &mut world.games {
            sinks.append(&mut game.sinks);
        }
        for sink in sinks {
            let _ = sink.send(Push::Cut);
        }
    }

    /// The server is up again.
    pub fn come_up(&self) {
        self.world().down = false;
    }

    /// The next `n` requests are answered with 429.
    pub fn rate_limit_next(&self, n: u32) {
        self.world().rate_limit_next = n;
    }

    /// The next move is played, but the line drops at once: its answer is lost and the
    /// game's streams are cut before they show it.
    pub fn lose_next_move_answer(&self) {
        self.world().lose_next_move_answer = true;
    }

    /// Waits until `holds` is true of the server (polling), at most `within`.
    pub fn wait_until(&self, within: Duration, holds: impl Fn(&LichessServer) -> bool) -> bool {
        let end = Instant::now() + within;
        while Instant::now() < end {
            if holds(self) {
                return true;
            }
            thread::sleep(Duration::from_millis(10));
        }
        holds(self)
    }
}

impl Drop for LichessServer {
    fn drop(&mut self) {
        self.stopped.store(true, Ordering::Relaxed);
        self.go_down();
        // Wake the accepting thread so that it sees the stop.
        let _ = TcpStream::connect(self.addr);
    }
}

/// One parsed request.
struct HttpRequest {
    method: String,
    path: String,
    query: HashMap<String, String>,
    authorization: Option<String>,
    form: HashMap<String, String>,
}

fn read_request(stream: &mut TcpStream) -> Option<HttpRequest> {
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    let mut reader = BufReader::new(stream.try_clone().ok()?);
    let mut head = Vec::new();
    loop {
        let mut line = Vec::new();
        if reader.read_until(b'\n', &mut line).ok()? == 0 {
            return None;
        }
        head.extend_from_slice(&line);
        if line == b"\r\n" || head.len() > 32 * 1024 {
            break;
        }
    }
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut request = httparse::Request::new(&mut headers);
    if !request.parse(&head).ok()?.is_complete() {
        return None;
    }
    let header = |name: &str| {
        request
            .headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| String::from_utf8_lossy(h.value).into_owned())
    };
    let length: usize = header("content-length")
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(0);
    let authorization = header("authorization");
    let mut body = vec![0; length.min(1 << 20)];
    reader.read_exact(&mut body).ok()?;
    let target = request.path?.to_string();
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    Some(HttpRequest {
        method: request.method?.to_string(),
        path: path.to_string(),
        query: form_decode(query),
        authorization,
        form: form_decode(&String::from_utf8_lossy(&body)),
    })
}

fn form_decode(text: &str) -> HashMap<String, String> {
    let decode = |s: &str| {
        let bytes = s.replace('+', " ").into_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%'
                && i + 2 < bytes.len()
                && let Ok(b) =
                    u8::from_str_radix(&String::from_utf8_lossy(&bytes[i + 1..i + 3]), 16)
            {
                out.push(b);
                i += 3;
                continue;
            }
            out.push(bytes[i]);
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    text.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect()
}

fn respond(stream: &mut TcpStream, code: u16, body: &Value) {
    let reason = match code {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        404 => "Not Found",
        429 => "Too Many Requests",
        _ => "Status",
    };
    let body = body.to_string();
    let _ = write!(
        stream,
        "HTTP/1.1 {code} {reason}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.flush();
}

fn ok() -> Value {
    json!({"ok": true})
}

fn error(text: &str) -> Value {
    json!({"error": text})
}

/// What a request gets: an answer, a stream, or nothing (the connection drops).
enum Reply {
    Answer(u16, Value),
    /// The first lines, what follows, and whether keep-alives are sent.
    Stream(Vec<String>, Receiver<Push>, bool),
    Drop,
}

fn serve(mut stream: TcpStream, world: Arc<Mutex<World>>) {
    if world.lock().unwrap().down {
        let _ = stream.shutdown(Shutdown::Both);
        return;
    }
    let Some(request) = read_request(&mut stream) else {
        return;
    };
    let (reply, keepalive) = {
        let mut w = world.lock().unwrap();
        let keepalive = w.setup.keepalive;
        let reply = route(&mut w, &request, &world);
        let status = match &reply {
            Reply::Answer(code, _) => Some(*code),
            Reply::Stream(..) => Some(200),
            Reply::Drop => None,
        };
        w.received.push(Received {
            method: request.method.clone(),
            path: request.path.clone()
                + &if request.query.is_empty() {
                    String::new()
                } else {
                    format!(
                        "?{}",
                        request
                            .query
                            .iter()
                            .map(|(k, v)| format!("{k}={v}"))
                            .collect::<Vec<_>>()
                            .join("&")
                    )
                },
            status,
            authorization: request.authorization.clone(),
        });
        (reply, keepalive)
    };
    match reply {
        Reply::Answer(code, body) => respond(&mut stream, code, &body),
        Reply::Drop => {
            let _ = stream.shutdown(Shutdown::Both);
        }
        Reply::Stream(first, pushes, alive) => {
            write_stream(stream, first, pushes, alive.then_some(keepalive))
        }
    }
}

fn chunk(stream: &mut TcpStream, text: &str) -> std::io::Result<()> {
    let line = format!("{text}\n");
    write!(stream, "{:x}\r\n{line}\r\n", line.len())?;
    stream.flush()
}

fn write_stream(
    mut stream: TcpStream,
    first: Vec<String>,
    pushes: Receiver<Push>,
    keepalive: Option<Duration>,
) {
    let head = "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
    if stream.write_all(head.as_bytes()).is_err() {
        return;
    }
    for line in first {
        if chunk(&mut stream, &line).is_err() {
            return;
        }
    }
    loop {
        let next = match keepalive {
            Some(keepalive) => pushes.recv_timeout(keepalive),
            None => pushes.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match next {
            Ok(Push::Line(line)) => {
                if chunk(&mut stream, &line).is_err() {
                    return;
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                if chunk(&mut stream, "").is_err() {
                    return;
                }
            }
            Ok(Push::End) | Err(RecvTimeoutError::Disconnected) => {
                let _ = stream.write_all(b"0\r\n\r\n");
                let _ = stream.flush();
                return;
            }
            Ok(Push::Cut) => {
                let _ = stream.shutdown(Shutdown::Both);
                return;
            }
        }
    }
}

fn stream_of(sinks: &mut Vec<Sender<Push>>) -> Receiver<Push> {
    let (sender, receiver) = unbounded();
    sinks.push(sender);
    receiver
}

/// The game `id` while it is under way, or the server's answer that it is not.
fn running<'a>(w: &'a mut World, id: &str) -> Result<&'a mut Game, Reply> {
    match w.game(id) {
        None => Err(Reply::Answer(404, error("Not found."))),
        Some(game) if game.over() => Err(Reply::Answer(400, error("Game already over"))),
        Some(game) => Ok(game),
    }
}

fn route(w: &mut World, request: &HttpRequest, world: &Arc<Mutex<World>>) -> Reply {
    let expected = format!("Bearer {}", w.setup.token);
    if request.authorization.as_deref() != Some(expected.as_str()) {
        return Reply::Answer(401, error("No such token"));
    }
    if w.rate_limit_next > 0 {
        w.rate_limit_next -= 1;
        return Reply::Answer(429, error("Too many requests. Try again later."));
    }
    let parts: Vec<&str> = request.path.trim_start_matches('/').split('/').collect();
    let method = request.method.as_str();
    match (method, parts.as_slice()) {
        ("GET", ["api", "account"]) => Reply::Answer(
            200,
            json!({"id": w.setup.me.id, "username": w.setup.me.name, "perfs": {}}),
        ),
        ("GET", ["api", "stream", "event"]) => {
            let receiver = stream_of(&mut w.event_sinks);
            let opponent = w.setup.opponent.clone();
            let mut first: Vec<String> = w
                .games
                .iter()
                .filter(|g| !g.over())
                .map(|g| json!({"type": "gameStart", "game": g.info(&opponent)}).to_string())
                .collect();
            first.extend(w.incoming.iter().map(|c| {
                json!({"type": "challenge", "challenge": c, "compat": {"bot": false, "board": true}})
                    .to_string()
            }));
            Reply::Stream(first, receiver, true)
        }
        ("POST", ["api", "board", "seek"]) => {
            let minutes: f64 = request
                .form
                .get("time")
                .and_then(|t| t.parse().ok())
                .unwrap_or(-1.0);
            let increment: u64 = request
                .form
                .get("increment")
                .and_then(|t| t.parse().ok())
                .unwrap_or(0);
            if minutes < 0.0 || (minutes * 60.0) as u64 + 40 * increment < 480 {
                return Reply::Answer(400, error("Invalid seek: rapid or classical only"));
            }
            let receiver = stream_of(&mut w.seek_sinks);
            if let Some(side) = w.setup.seek_side {
                // Paired at once: the game starts, the seek's stream closes.
                let world = world.clone();
                let initial = (minutes * 60_000.0) as u64;
                thread::spawn(move || {
                    thread::sleep(Duration::from_millis(50));
                    let mut w = world.lock().unwrap();
                    w.new_game(None, side, initial, increment * 1000);
                    for sink in w.seek_sinks.drain(..) {
                        let _ = sink.send(Push::End);
                    }
                });
            }
            Reply::Stream(Vec::new(), receiver, true)
        }
        ("POST", ["api", "challenge", id, "accept"]) => {
            let Some(at) = w.incoming.iter().position(|c| c["id"] == *id) else {
                return Reply::Answer(404, error("Not found"));
            };
            let challenge = w.incoming.remove(at);
            let ours = match challenge["color"].as_str() {
                Some("white") => Color::Black,
                Some("black") => Color::White,
                _ => Color::White,
            };
            let limit = challenge["timeControl"]["limit"].as_u64().unwrap_or(600);
            let increment = challenge["timeControl"]["increment"].as_u64().unwrap_or(0);
            w.new_game(Some(id.to_string()), ours, limit * 1000, increment * 1000);
            Reply::Answer(200, ok())
        }
        ("POST", ["api", "challenge", id, "decline"]) => {
            w.incoming.retain(|c| c["id"] != *id);
            Reply::Answer(200, ok())
        }
        ("POST", ["api", "challenge", user]) => {
            if !user.eq_ignore_ascii_case(&w.setup.opponent.id) {
                return Reply::Answer(404, error("Not found"));
            }
            let limit: u64 = request
                .form
                .get("clock.limit")
                .and_then(|t| t.parse().ok())
                .unwrap_or(600);
            let increment: u64 = request
                .form
                .get("clock.increment")
                .and_then(|t| t.parse().ok())
                .unwrap_or(0);
            w.next += 1;
            let id = format!("chal{:04}", w.next);
            let me = w.setup.me.clone();
            let opponent = w.setup.opponent.clone();
            let challenge = json!({
                "id": id,
                "url": format!("https://lichess.org/{id}"),
                "status": "created",
                "challenger": me.json(),
                "destUser": opponent.json(),
                "variant": {"key": "standard", "name": "Standard"},
                "rated": request.form.get("rated").map(String::as_str) == Some("true"),
                "speed": "blitz",
                "timeControl": {"type": "clock", "limit": limit, "increment": increment},
                "color": request.form.get("color").cloned().unwrap_or("random".into()),
                "perf": {"icon": "", "name": "Blitz"},
                "direction": "out",
            });
            let (sender, receiver) = unbounded();
            let side = w.setup.challenge_side;
            let after = w.setup.challenge_answered_after;
            let world = world.clone();
            let id2 = id.clone();
            thread::spawn(move || {
                thread::sleep(after);
                let mut w = world.lock().unwrap();
                match side {
                    Some(side) => {
                        w.new_game(Some(id2), side, limit * 1000, increment * 1000);
                        let _ = sender.send(Push::Line(json!({"done": "accepted"}).to_string()));
                    }
                    None => {
                        let mut declined = challenge.clone();
                        declined["status"] = json!("declined");
                        declined["declineReason"] =
                            json!("I'm not accepting challenges at the moment.");
                        declined["declineReasonKey"] = json!("generic");
                        w.push_event(&json!({"type": "challengeDeclined", "challenge": declined}));
                        let _ = sender.send(Push::Line(json!({"done": "declined"}).to_string()));
                    }
                }
                let _ = sender.send(Push::End);
            });
            let first = json!({"id": id, "url": format!("https://lichess.org/{id}"), "status": "created", "challenger": w.setup.me.json(), "destUser": w.setup.opponent.json(), "variant": {"key": "standard"}, "rated": false, "speed": "blitz", "timeControl": {"type": "clock", "limit": limit, "increment": increment}, "color": "random", "perf": {"name": "Blitz"}, "direction": "out"});
            Reply::Stream(vec![first.to_string()], receiver, !w.setup.quiet_streams)
        }
        ("GET", ["api", "board", "game", "stream", id]) => {
            let me = w.setup.me.clone();
            let opponent = w.setup.opponent.clone();
            let Some(game) = w.game(id) else {
                return Reply::Answer(404, error("Not found."));
            };
            let full = game.full(&me, &opponent).to_string();
            let (sender, receiver) = unbounded();
            if game.over() {
                let _ = sender.send(Push::End);
            } else {
                game.sinks.push(sender);
                if let Some(at) = game.gone_claim_at {
                    let left = at.saturating_duration_since(Instant::now()).as_secs();
                    let _ = game.sinks.last().unwrap().send(Push::Line(
                        json!({"type": "opponentGone", "gone": true, "claimWinInSeconds": left})
                            .to_string(),
                    ));
                }
            }
            let alive = !w.setup.quiet_streams;
            Reply::Stream(vec![full], receiver, alive)
        }
        ("POST", ["api", "board", "game", id, "move", uci]) => {
            let lose = std::mem::take(&mut w.lose_next_move_answer);
            let reply = w.replies.front().cloned();
            let Some(game) = w.game(id) else {
                return Reply::Answer(404, error("Not found."));
            };
            if game.position.turn() != game.ours {
                return Reply::Answer(400, error("Not your turn, or game already over"));
            }
            if let Err(why) = game.play(uci) {
                return Reply::Answer(400, error(&why));
            }
            if request.query.get("offeringDraw").map(String::as_str) == Some("true") {
                let ours = game.ours;
                game.draw[index(ours)] = true;
            }
            if lose {
                // The line drops as the move is played: its answer and the game's streams
                // are lost before they tell of it.
                for sink in game.sinks.drain(..) {
                    let _ = sink.send(Push::Cut);
                }
                return Reply::Drop;
            }
            let id = id.to_string();
            w.changed(&id);
            // The opponent's reply, at once.
            if let Some(reply) = reply
                && let Some(game) = w.game(&id)
                && !game.over()
            {
                w.replies.pop_front();
                let game = w.game(&id).unwrap();
                game.play(&reply).unwrap();
                w.changed(&id);
            }
            Reply::Answer(200, ok())
        }
        ("POST", ["api", "board", "game", id, "draw", answer]) => {
            let accepts = w.setup.accepts_draws;
            let game = match running(w, id) {
                Ok(game) => game,
                Err(reply) => return reply,
            };
            let ours = game.ours;
            let yes = matches!(*answer, "yes" | "true");
            if yes && (game.draw[index(!ours)] || accepts) {
                game.end("draw", None);
            } else if yes {
                game.draw[index(ours)] = true;
                game.push_state();
                // Declined after a moment.
                let world = world.clone();
                let id = id.to_string();
                thread::spawn(move || {
                    thread::sleep(Duration::from_millis(200));
                    let mut w = world.lock().unwrap();
                    if let Some(game) = w.game(&id)
                        && game.draw[index(ours)]
                    {
                        game.draw[index(ours)] = false;
                        game.push_state();
                    }
                });
                return Reply::Answer(200, ok());
            } else {
                game.draw[index(!ours)] = false;
            }
            let id = id.to_string();
            w.changed(&id);
            Reply::Answer(200, ok())
        }
        ("POST", ["api", "board", "game", id, "takeback", answer]) => {
            let accepts = w.setup.accepts_takebacks;
            let game = match running(w, id) {
                Ok(game) => game,
                Err(reply) => return reply,
            };
            let ours = game.ours;
            let yes = matches!(*answer, "yes" | "true");
            if yes && game.takeback[index(!ours)] {
                game.take_back_for(!ours);
            } else if yes && accepts {
                game.take_back_for(ours);
            } else if yes {
                game.takeback[index(ours)] = true;
            } else {
                game.takeback[index(!ours)] = false;
            }
            let id = id.to_string();
            w.changed(&id);
            Reply::Answer(200, ok())
        }
        ("POST", ["api", "board", "game", id, action]) => {
            let game = match running(w, id) {
                Ok(game) => game,
                Err(reply) => return reply,
            };
            let ours = game.ours;
            match *action {
                "resign" => game.end("resign", Some(!ours)),
                "abort" if game.moves.len() < 2 => game.end("aborted", None),
                "claim-victory" | "claim-draw"
                    if game.gone_claim_at.is_some_and(|at| Instant::now() >= at) =>
                {
                    let winner = (*action == "claim-victory").then_some(ours);
                    game.end("timeout", winner);
                }
                "chat" => {
                    let text = request.form.get("text").cloned().unwrap_or_default();
                    game.chat.push(json!({"username": "me", "text": text}));
                    return Reply::Answer(200, ok());
                }
                _ => return Reply::Answer(400, error("This action is not possible now")),
            }
            let id = id.to_string();
            w.changed(&id);
            Reply::Answer(200, ok())
        }
        _ => Reply::Answer(404, error("Not found")),
    }
}
