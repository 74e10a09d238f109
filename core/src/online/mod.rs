//! Playing on lichess through its Board API, as pure code (feature `online`): the lines of its
//! streams ([`wire`]), the requests and what their answers mean ([`Request`], [`Answer`]), the
//! server's move list against ours ([`reconcile`]), the server's clocks ([`ServerClock`]), the
//! end and its reason ([`OnlineEnd`]), and the whole conversation with the server as one state
//! machine ([`Online`]): fed with the streams' lines, the answers, the player's acts and the
//! time, it says which requests to make and what happened, in words of the tables. The
//! program (`src/online/`) carries the requests out over HTTPS and feeds back what came; see
//! docs/online.md.
//!
//! ```text
//!  sign in ─/api/account─▶ lobby ─event stream, then a seek, a challenge or waiting──▶
//!  gameStart ─▶ game stream ─gameFull, gameState…─▶ the end ─▶ over
//!                   ▲ cut: "connection lost", reopened with a growing wait, the gameFull
//!                   └ read again and the moves compared: "connected again", whose move
//! ```

mod control;
mod end;
mod game;
mod lobby;
mod machine;
pub mod moves;
mod request;
mod server_clock;
pub mod wire;

use std::time::Duration;

use shakmaty::{Color, Move};

use crate::speech::Priority;
use crate::words::Token;

pub use control::{ControlRefusal, OnlineControl, Speed};
pub use end::{EndContext, OnlineEnd};
pub use game::{GameFacts, GameHere, OpponentFacts};
pub use lobby::{LobbyLine, lobby_line};
pub use machine::{Online, Patience, Phase};
pub use moves::{IllegalServerMove, Reconciled, parse_server_moves, reconcile};
pub use request::{Answer, Method, Request, RequestId, Verdict, is_path_safe};
pub use server_clock::ServerClock;

/// What the player wants to play: a seek, a challenge, waiting for one, or a game under way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// A seek for a rapid or classical game (`--control 15+10`).
    Seek {
        /// The clock.
        control: OnlineControl,
        /// Rated.
        rated: bool,
    },
    /// A challenge to one player (`--challenge USER`), where blitz is allowed too.
    Challenge(ChallengeSpec),
    /// Wait for a challenge and say who offers what before accepting (`--accept`).
    Accept,
    /// Join a game under way (after the program was restarted).
    Join(String),
}

/// A challenge to one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeSpec {
    /// The player's lichess name.
    pub user: String,
    /// The clock; `None` for a game without one.
    pub control: Option<OnlineControl>,
    /// Rated.
    pub rated: bool,
    /// Our side; `None` to draw it by lot.
    pub color: Option<Color>,
}

/// Something that came from the server (the program's report of a request it carries out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A stream's answer began (HTTP 200): its lines follow.
    Opened(RequestId),
    /// One line of a stream, without its line end (an empty line is a keep-alive).
    Line(RequestId, String),
    /// A stream ended.
    Closed(RequestId, Closing),
    /// The answer to a request that is not a stream.
    Answered(RequestId, Answer),
}

/// How a stream ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Closing {
    /// The server ended it (its last line was read).
    Ended,
    /// It broke (the connection dropped): the reason.
    Cut(String),
    /// Nothing came on it for too long ([`SILENCE`]; only on streams
    /// [`Request::watched_for_silence`]). A stream whose keep-alive the API promises (the
    /// event stream, a seek) is taken as cut; the game's stream, which promises none, is read
    /// afresh without a word unless that fails.
    Silent,
    /// It never began: the server's answer instead of a stream.
    Refused(Answer),
}

/// What the player asks for, besides moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Intent {
    /// Offer a draw.
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Ask to take back our last move.
    ProposeTakeback,
    /// Accept the opponent's takeback request.
    AcceptTakeback,
    /// Resign.
    Resign,
    /// Abort the game (before each side has moved).
    Abort,
    /// Claim the win: the opponent left long enough ago.
    ClaimVictory,
    /// Claim a draw: the opponent left long enough ago.
    ClaimDraw,
}

/// What the player does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Act {
    /// Our move, made and announced here.
    Move(Move),
    /// Asks for something: it is said back as a question and sent after "yes".
    Wish(Intent),
    /// Asks for something already confirmed (by the session's own question): sent at once.
    Confirmed(Intent),
    /// "yes" to the open question.
    Yes,
    /// "no" to the open question.
    No,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Decline the opponent's takeback request.
    DeclineTakeback,
    /// Read the chat's new lines.
    ReadChat,
    /// Write a line in the players' chat.
    Write(String),
}

/// Words to say, with data shown after them (a name, a chat line) that no voice can say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    /// The words.
    pub tokens: Vec<Token>,
    /// Data shown after them.
    pub detail: Option<String>,
    /// How urgently.
    pub priority: Priority,
}

/// Why the online game cannot go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trouble {
    /// The token is wrong, revoked or missing (401).
    TokenRefused,
    /// The token lacks `board:play`.
    TokenLacksScope,
    /// What was asked for cannot be asked (a clock lichess does not offer, a seek too fast,
    /// a name that is none).
    BadPlan,
    /// The server refused the seek or the challenge, or the challenge was declined.
    Refused,
    /// The game is not on the server.
    GameNotFound,
    /// The game is not standard chess (another variant), which annexd does not play.
    NotStandardChess,
}

/// What happened, for the session and the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Report {
    /// Say this.
    Say(Said),
    /// Our game begins (or is joined under way): set it up.
    Started(Box<GameFacts>),
    /// A move the game here lacks: the opponent's (or ours, made elsewhere). Play it.
    Moved {
        /// The move.
        mv: Move,
        /// Who made it.
        side: Color,
    },
    /// Our move reached the server.
    Delivered(Move),
    /// Our move was not taken (not our turn here, a game not under way): undo it.
    Rejected(Move),
    /// The server's game is shorter: take back this many half-moves (a takeback, or the game
    /// went on differently).
    TakenBack(usize),
    /// The clocks, as the server gave them.
    Clock(ServerClock),
    /// The opponent offers or asks something, or declines what we offered or asked: for the
    /// session to say and record (the choices that answer it are said after it).
    Offer(Offer),
    /// The game ended: its result, reason and words (the session says and records them).
    Ended(OnlineEnd),
    /// A line for the log only.
    Log(String),
    /// The online game cannot go on (said before); nothing more will happen.
    Stopped(Trouble),
}

/// The opponent's offers and requests, and its answers to ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    /// It offers a draw.
    DrawOffered,
    /// It declined our draw offer.
    DrawDeclined,
    /// It asks to take back its last move.
    TakebackAsked,
    /// It declined our takeback request.
    TakebackDeclined,
}

/// Something for the program to do over the network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Order {
    /// Make this request (a stream's lines, or the answer, come back with its id).
    Send(RequestId, Request),
    /// Close this stream (a seek or challenge withdrawn, a stream replaced).
    Close(RequestId),
}

/// What one input, act or tick gave: orders for the network, reports for the game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[must_use]
pub struct Step {
    /// For the program to carry out, in order.
    pub orders: Vec<Order>,
    /// For the session and the player, in order.
    pub reports: Vec<Report>,
}

/// lichess's keep-alive comes every 7 seconds on the event stream: a stream silent for this
/// long is given up ([`Closing::Silent`]).
pub const SILENCE: Duration = Duration::from_secs(20);
