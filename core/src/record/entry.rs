//! The lines of the journal: a header, then one entry for every event that changes the game.
//!
//! Each line is one JSON object: an [`Entry`] with its `"type"` field, in the envelope every
//! line shares ([`Stamped`]: the moment it happened, `at_ms`, and from format 2 on the line's
//! seal, `hash`, which chains it to the line before: see [`super::seal`]). Fields that later work may add (clock
//! details, session data) must be optional with a serde default, so that old journals stay
//! readable; unknown fields are ignored, so that older programs can read newer journals as
//! long as no new entry type appears. Entries record the command (who did what) and, once
//! applied, what the rules made of it (SAN, verdict, penalty), which replay checks again.

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::game::{DrawClaim, EndReason, GameResult, Pace, color_serde};
use crate::lang::Lang;

/// The journal format this program writes: 2, sealed (every line carries its `hash`).
pub const JOURNAL_FORMAT: u32 = 2;

/// The first format whose lines are sealed; format 1 journals are read and resumed unsealed.
pub const FIRST_SEALED_FORMAT: u32 = 2;

/// The standard starting position.
pub const STANDARD_START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A header that names no format is older than the numbering: format 1.
fn unstated_format() -> u32 {
    1
}

fn standard_start() -> String {
    STANDARD_START_FEN.to_string()
}

/// The first line of a journal: what the game is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The journal format version (a header that names none is format 1).
    #[serde(default = "unstated_format")]
    pub format: u32,
    /// The starting position as FEN.
    #[serde(default = "standard_start")]
    pub start_fen: String,
    /// The white player's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub white: String,
    /// The black player's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub black: String,
    /// The event (tournament) name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub event: String,
    /// The site (town, venue).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub site: String,
    /// The round.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub round: String,
    /// The board number in the event.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub board: String,
    /// The date the game started, `YYYY.MM.DD` (or `YYYY-MM-DD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The local time of day the game started, `HH:MM:SS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// The time control in PGN `TimeControl` form (e.g. `40/5400+30:1800+30`), if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// The pace, which decides the penalty figures.
    #[serde(default)]
    pub pace: Pace,
    /// The program that wrote the journal, with its version (`annexd 0.2.0`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
    /// The build of that program (its commit, profile and features).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build: Option<String>,
    /// The language the game was played in: `resume`, `verify`, `sheet`, `fairplay` and
    /// `pgn` answer in it unless told otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<Lang>,
    /// The VI player's peg board the game was started with (`sim`, a serial port): `resume`
    /// opens it again unless told otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peg_board: Option<String>,
    /// The sighted player's board the game was started with (`dgt:PORT`, …), likewise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sighted_board: Option<String>,
    /// The VI player's side: `resume` keeps it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vi_side: Option<crate::game::side::SideName>,
    /// The mode the game was started in (tournament or home), sealed with the build: a
    /// journal without it is older than the modes (every help, as home).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<crate::game::mode::Mode>,
    /// The SHA-256 of the program's file that started the game (hex), so that the arbiter
    /// can compare it with the build he approved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub binary_sha256: Option<String>,
    /// The helps beyond Annex D the organiser allowed in tournament mode (D.1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed_help: Vec<crate::game::mode::AllowedHelp>,
}

impl Header {
    /// A header for a game from `start_fen` with nothing else known.
    pub fn new(start_fen: impl Into<String>) -> Header {
        Header {
            format: JOURNAL_FORMAT,
            start_fen: start_fen.into(),
            white: String::new(),
            black: String::new(),
            event: String::new(),
            site: String::new(),
            round: String::new(),
            board: String::new(),
            date: None,
            time: None,
            time_control: None,
            pace: Pace::default(),
            program: None,
            build: None,
            language: None,
            peg_board: None,
            sighted_board: None,
            vi_side: None,
            mode: None,
            binary_sha256: None,
            allowed_help: Vec::new(),
        }
    }

    /// A header for a game from the standard starting position.
    pub fn standard() -> Header {
        Header::new(STANDARD_START_FEN)
    }
}

impl Default for Header {
    fn default() -> Self {
        Header::standard()
    }
}

/// A completed move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEntry {
    /// The move in UCI notation (`e2e4`, `e1g1`, `e7e8q`): what replay plays.
    pub uci: String,
    /// Its SAN, for people reading the file; checked on replay when present.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub san: String,
    /// White's remaining time after the move, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_ms: Option<u64>,
    /// Black's remaining time after the move, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_ms: Option<u64>,
}

impl MoveEntry {
    /// A move with no times.
    pub fn new(uci: impl Into<String>) -> MoveEntry {
        MoveEntry {
            uci: uci.into(),
            san: String::new(),
            white_ms: None,
            black_ms: None,
        }
    }
}

/// An action of one player: a draw offer, acceptance, refusal, or resignation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerEntry {
    /// The player.
    #[serde(with = "color_serde")]
    pub by: Color,
}

/// What the arbiter found about a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimRecord {
    /// Correct: the game is drawn.
    Correct {
        /// The draw found.
        claim: DrawClaim,
    },
    /// Incorrect: the opponent received time.
    Incorrect {
        /// Minutes given to the opponent.
        bonus_minutes: u32,
    },
}

/// A draw claim under 9.2 / 9.3.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimEntry {
    /// The claimant.
    #[serde(with = "color_serde")]
    pub by: Color,
    /// The written intended move, in UCI notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intended: Option<String>,
    /// The verdict, filled in when the claim is applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<ClaimRecord>,
    /// Whether an incorrect claim's intended move was played with the claim. Journals of
    /// earlier versions did so (the field is absent there: true); since, the intended move is
    /// made on the board like any move (9.5.3) and journaled as a move of its own (false).
    #[serde(
        default = "played_with_the_claim_before",
        skip_serializing_if = "Clone::clone"
    )]
    pub intended_played_with_claim: bool,
}

fn played_with_the_claim_before() -> bool {
    true
}

/// A fallen flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlagEntry {
    /// Whose time ran out.
    #[serde(with = "color_serde")]
    pub fallen: Color,
}

/// The penalty applied for a completed illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyRecord {
    /// The opponent received time.
    TimeBonus {
        /// Minutes given to the opponent.
        minutes: u32,
    },
    /// The game ended.
    GameOver {
        /// Its result.
        result: GameResult,
    },
}

/// A completed illegal move (7.5), also a clock press without a move or a move with two hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IllegalMoveEntry {
    /// Who completed it.
    #[serde(with = "color_serde")]
    pub by: Color,
    /// What was done, in words or UCI, for the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// The penalty, filled in when applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penalty: Option<PenaltyRecord>,
}

/// The last move was taken back (a slip corrected before the clock, or an arbiter's correction).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct UndoEntry {
    /// The move taken back, in UCI notation, filled in when applied and checked on replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undone: Option<String>,
    /// Why, for the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A change of a clock made by hand or by a penalty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockAdjustmentEntry {
    /// Whose clock.
    #[serde(with = "color_serde")]
    pub side: Color,
    /// Milliseconds added (negative: taken off).
    pub delta_ms: i64,
    /// The time the clock was set to, in milliseconds, when it was set rather than changed
    /// (the arbiter's "Zeit Weiß 1:23:10", going back to a recorded position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_ms: Option<u64>,
    /// Why.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// The arbiter set the clock's move counter to the move being played (6.10.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveCounterEntry {
    /// The number of the move being played.
    pub number: u32,
}

/// The arbiter took back the end of the game (a flag that fell on a wrongly set clock,
/// 6.10.2): the game goes on from where it stood.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReopenEntry {
    /// Why, for the record.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// The clock pressed: the move just made is completed (6.2, D.2.4), with both times after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PressEntry {
    /// Who pressed (the player who made the move).
    #[serde(with = "color_serde")]
    pub by: Color,
    /// White's time after the press, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_ms: Option<u64>,
    /// Black's time after the press, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_ms: Option<u64>,
}

/// A player touched a piece (seen on an e-board): D.2.10.5, the assistant "shall … inform
/// the arbiter when the sighted player has touched one of his pieces", and the record keeps
/// it for the arbiter's ruling on touch-move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TouchEntry {
    /// Who touched it.
    #[serde(with = "color_serde")]
    pub by: Color,
    /// Its square (`g8`).
    pub square: String,
    /// The piece, as a FEN letter (`n`).
    pub piece: String,
}

/// The game goes on in another mode (a resumption that names another): leaving tournament
/// mode is recorded, and the game stays marked as having left it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModeEntry {
    /// The mode from now on.
    pub mode: crate::game::mode::Mode,
}

/// What a tournament game puts to the arbiter instead of deciding it (issue 33).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Matter {
    /// A move completed by the clock press that no rule allows (7.5.1).
    IllegalMove,
    /// A draw claim (9.2, 9.3).
    Claim,
    /// Castling completed after its rook was touched first (4.4.2: castling is then not
    /// allowed on that side on that move, and 4.3.1 governs: the rook must move).
    CastlingAfterRook,
}

/// A matter put to the arbiter: who, what, and what was done (the move in UCI, or the
/// text typed; a claim's intended move).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReferredEntry {
    /// The player concerned (who completed the move, who claims).
    #[serde(with = "color_serde")]
    pub by: Color,
    /// What it is.
    pub matter: Matter,
    /// What was done, as the record's own text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// The arbiter let play go on without ruling on the matter put to him ("Schiedsrichter
/// weiter"): the matter is closed, and a resumed game no longer holds it before him.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DismissedEntry {
    /// The player the matter concerned.
    #[serde(with = "color_serde")]
    pub by: Color,
    /// What it was.
    pub matter: Matter,
}

impl DismissedEntry {
    /// In words: "Schiedsrichter lässt ohne Entscheidung weiterspielen".
    pub fn tokens(&self) -> Vec<crate::words::Token> {
        use crate::words::{Token, Word};
        vec![Token::Word(Word::Arbiter), Token::Word(Word::DismissesIt)]
    }
}

/// Where a command came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandSource {
    /// Typed.
    Keyboard,
    /// Said (heard by the recogniser).
    Microphone,
    /// A key of the VI player's peg board.
    PegBoardKey,
}

/// A command given (tournament mode records every one, questions too, for the arbiter).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandEntry {
    /// Where it came from.
    pub source: CommandSource,
    /// The command in the words of the game's language ("Zeit", "Remis Weiß").
    pub command: String,
}

impl CommandEntry {
    /// In words: "Befehl getippt".
    pub fn tokens(&self) -> Vec<crate::words::Token> {
        use crate::words::{Token, Word};
        vec![Token::Word(match self.source {
            CommandSource::Keyboard => Word::CommandTyped,
            CommandSource::Microphone => Word::CommandSaid,
            CommandSource::PegBoardKey => Word::CommandKeyed,
        })]
    }
}

impl ReferredEntry {
    /// In words: "Weiß hat einen regelwidrigen Zug abgeschlossen, der Schiedsrichter
    /// entscheidet".
    pub fn tokens(&self) -> Vec<crate::words::Token> {
        use crate::words::{Token, Word};
        let mut tokens = vec![Token::Side(self.by)];
        match self.matter {
            Matter::IllegalMove => tokens.push(Token::Word(Word::IllegalMoveCompleted)),
            Matter::Claim => tokens.push(Token::Word(Word::ClaimsDraw)),
            // "Weiß Rochade, nicht erlaubt, der Turm wurde zuerst berührt".
            Matter::CastlingAfterRook => tokens.extend([
                Token::Word(Word::Castling),
                Token::Pause,
                Token::Word(Word::CastlingRookFirst),
            ]),
        }
        tokens.extend([Token::Pause, Token::Word(Word::ArbiterDecides)]);
        tokens
    }
}

/// Where an opponent outside the board plays from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpponentSource {
    /// A chess program the program runs (issue 31).
    Program,
    /// A remote opponent over the network (issue 32).
    Remote,
}

/// Who plays a side from outside the board: a chess program at a level, or a remote
/// opponent. Written when the game begins, when the program tells its name, and when another
/// opponent or level takes over; the PGN names the side's player after the last one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpponentEntry {
    /// The side it plays.
    #[serde(with = "color_serde")]
    pub side: Color,
    /// Where it plays from.
    pub source: OpponentSource,
    /// Its name ("Stockfish 15.1", a player's name), once known.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// A program's level in Elo (`None`: full strength), or a remote player's rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elo: Option<u32>,
    /// Data about it (the program's path, the game's address).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl OpponentEntry {
    /// In words: "Weiß Schach-Engine, Stufe 1500 Elo" or "Partie gegen, Wertung 1800".
    pub fn tokens(&self) -> Vec<crate::words::Token> {
        use crate::words::{Token, Word};
        let mut tokens = vec![Token::Side(self.side)];
        match self.source {
            OpponentSource::Program => {
                tokens.extend([
                    Token::Word(Word::Engine),
                    Token::Pause,
                    Token::Word(Word::Level),
                ]);
                match self.elo {
                    Some(elo) => tokens.extend([Token::Number(elo), Token::Word(Word::Elo)]),
                    None => tokens.push(Token::Word(Word::FullStrength)),
                }
            }
            OpponentSource::Remote => {
                tokens.push(Token::Word(Word::GameAgainst));
                if let Some(elo) = self.elo {
                    tokens.extend([Token::Pause, Token::Word(Word::Rating), Token::Number(elo)]);
                }
            }
        }
        tokens
    }

    /// What is shown after the words: its name and data.
    pub fn shown(&self) -> Option<String> {
        match (self.name.as_str(), &self.detail) {
            ("", None) => None,
            (name, None) => Some(name.to_string()),
            ("", Some(detail)) => Some(detail.clone()),
            (name, Some(detail)) => Some(format!("{name} ({detail})")),
        }
    }
}

/// A help a player asked of the chess program at home (issue 31).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrainingHelp {
    /// A move suggested ("Tipp").
    Hint,
    /// What the opponent threatens ("Drohung").
    Threat,
    /// How the position stands ("Bewertung").
    Evaluation,
    /// The last move pair taken back (by pegs or by command).
    Takeback,
}

impl TrainingHelp {
    /// Its word ("Tipp", "Drohung", "Bewertung"); `None` for a takeback (its undo entries
    /// say it).
    pub fn word(self) -> Option<crate::words::Word> {
        use crate::words::Word;
        match self {
            TrainingHelp::Hint => Some(Word::Hint),
            TrainingHelp::Threat => Some(Word::Threat),
            TrainingHelp::Evaluation => Some(Word::Evaluation),
            TrainingHelp::Takeback => None,
        }
    }
}

impl TrainingEntry {
    /// In words: "Weiß Tipp", "Schwarz zurückgenommen".
    pub fn tokens(&self) -> Vec<crate::words::Token> {
        use crate::words::{Token, Word};
        vec![
            Token::Side(self.by),
            Token::Word(self.help.word().unwrap_or(Word::TakenBack)),
        ]
    }
}

/// A help given by the chess program, recorded so that the sealed journal shows every one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrainingEntry {
    /// Who asked for it.
    #[serde(with = "color_serde")]
    pub by: Color,
    /// What it was.
    pub help: TrainingHelp,
    /// What was said, as the record's own text (a move in UCI, an evaluation in
    /// centipawns or mates), when there was an answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
}

/// The result of the game: a confirmation of a result the rules gave, or an arbiter's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultEntry {
    /// 1-0, 0-1 or 1/2-1/2.
    pub result: GameResult,
    /// Why the game ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<EndReason>,
}

/// One line of the journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Entry {
    /// The first line (boxed: it is much larger than every other entry, and written once).
    Header(Box<Header>),
    /// A move made (announced and on the board); a `press` entry completes it.
    Move(MoveEntry),
    /// A draw offer (9.1).
    DrawOffer(PlayerEntry),
    /// A draw offer accepted.
    DrawAccept(PlayerEntry),
    /// A draw offer declined.
    DrawDecline(PlayerEntry),
    /// A draw claim (9.2, 9.3).
    Claim(ClaimEntry),
    /// A resignation (5.1.2).
    Resign(PlayerEntry),
    /// A fallen flag (6.9).
    Flag(FlagEntry),
    /// A completed illegal move (7.5).
    IllegalMove(IllegalMoveEntry),
    /// The last move taken back.
    Undo(UndoEntry),
    /// A clock changed by hand or by a penalty.
    ClockAdjustment(ClockAdjustmentEntry),
    /// The clock pressed: the move completed, with the times after it.
    Press(PressEntry),
    /// The result.
    Result(ResultEntry),
    /// A piece touched (D.2.10.5).
    Touch(TouchEntry),
    /// The clock's move counter set by the arbiter.
    MoveCounter(MoveCounterEntry),
    /// The end of the game taken back by the arbiter.
    Reopen(ReopenEntry),
    /// The game goes on in another mode.
    Mode(ModeEntry),
    /// A matter put to the arbiter (tournament mode).
    Referred(ReferredEntry),
    /// The matter put to the arbiter closed without a ruling.
    Dismissed(DismissedEntry),
    /// A command given (tournament mode).
    Command(CommandEntry),
    /// Who plays a side from outside the board (a chess program, a remote opponent).
    Opponent(OpponentEntry),
    /// A help of the chess program asked for at home (a hint, a threat, an evaluation, a
    /// takeback).
    Training(TrainingEntry),
}

impl Entry {
    /// The header line of a game.
    pub fn header(header: Header) -> Entry {
        Entry::Header(Box::new(header))
    }

    /// A move with no times.
    pub fn play(uci: impl Into<String>) -> Entry {
        Entry::Move(MoveEntry::new(uci))
    }

    /// A move given as a shakmaty move.
    pub fn play_move(mv: shakmaty::Move) -> Entry {
        Entry::play(mv.to_uci(shakmaty::CastlingMode::Standard).to_string())
    }

    /// A draw offer by `by`.
    pub fn offer_draw(by: Color) -> Entry {
        Entry::DrawOffer(PlayerEntry { by })
    }

    /// `by` accepts the opponent's offer.
    pub fn accept_draw(by: Color) -> Entry {
        Entry::DrawAccept(PlayerEntry { by })
    }

    /// `by` declines the opponent's offer.
    pub fn decline_draw(by: Color) -> Entry {
        Entry::DrawDecline(PlayerEntry { by })
    }

    /// `by` claims a draw, with an optional intended move in UCI.
    pub fn claim(by: Color, intended: Option<String>) -> Entry {
        Entry::Claim(ClaimEntry {
            by,
            intended,
            verdict: None,
            intended_played_with_claim: false,
        })
    }

    /// `by` resigns.
    pub fn resign(by: Color) -> Entry {
        Entry::Resign(PlayerEntry { by })
    }

    /// The flag of `fallen` fell.
    pub fn flag(fallen: Color) -> Entry {
        Entry::Flag(FlagEntry { fallen })
    }

    /// `by` completed an illegal move.
    pub fn illegal_move(by: Color, detail: Option<String>) -> Entry {
        Entry::IllegalMove(IllegalMoveEntry {
            by,
            detail,
            penalty: None,
        })
    }

    /// Take the last move back.
    pub fn undo() -> Entry {
        Entry::Undo(UndoEntry::default())
    }

    /// Take the last move back, for the reason given (the article of the Laws it is taken back
    /// under: "D.2.8", "D.2.9", "7.5.1"), which the scoresheet notes beside it.
    pub fn undo_because(reason: &str) -> Entry {
        Entry::Undo(UndoEntry {
            undone: None,
            reason: Some(reason.to_string()),
        })
    }

    /// The type name, as written in the `"type"` field.
    pub fn kind(&self) -> &'static str {
        match self {
            Entry::Header(_) => "header",
            Entry::Move(_) => "move",
            Entry::DrawOffer(_) => "draw_offer",
            Entry::DrawAccept(_) => "draw_accept",
            Entry::DrawDecline(_) => "draw_decline",
            Entry::Claim(_) => "claim",
            Entry::Resign(_) => "resign",
            Entry::Flag(_) => "flag",
            Entry::IllegalMove(_) => "illegal_move",
            Entry::Undo(_) => "undo",
            Entry::ClockAdjustment(_) => "clock_adjustment",
            Entry::Press(_) => "press",
            Entry::Result(_) => "result",
            Entry::Touch(_) => "touch",
            Entry::MoveCounter(_) => "move_counter",
            Entry::Mode(_) => "mode",
            Entry::Referred(_) => "referred",
            Entry::Dismissed(_) => "dismissed",
            Entry::Command(_) => "command",
            Entry::Opponent(_) => "opponent",
            Entry::Training(_) => "training",
            Entry::Reopen(_) => "reopen",
        }
    }

    /// The entry as one JSON line (without the newline).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("entries always serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::seal::Stamped;

    #[test]
    fn entries_are_compact_json_lines() {
        let e = Entry::Move(MoveEntry {
            uci: "e2e4".into(),
            san: "e4".into(),
            white_ms: Some(5_399_000),
            black_ms: Some(5_400_000),
        });
        assert_eq!(
            Stamped::at(e.clone(), 1000).to_json_line(),
            r#"{"type":"move","uci":"e2e4","san":"e4","white_ms":5399000,"black_ms":5400000,"at_ms":1000}"#
        );
        assert_eq!(
            Entry::offer_draw(Color::Black).to_json_line(),
            r#"{"type":"draw_offer","by":"black"}"#
        );
    }

    #[test]
    fn every_line_shares_the_envelope_and_reads_back() {
        let lines = [
            r#"{"type":"move","uci":"e2e4","at_ms":1000}"#,
            r#"{"type":"press","by":"white","white_ms":1,"black_ms":2,"at_ms":1500}"#,
            r#"{"type":"draw_offer","by":"black"}"#,
            r#"{"type":"header","format":1}"#,
        ];
        for line in lines {
            let stamped: Stamped = serde_json::from_str(line).unwrap();
            let again: Stamped = serde_json::from_str(&stamped.to_json_line()).unwrap();
            assert_eq!(again, stamped, "{line}");
        }
        let move_line: Stamped = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(move_line, Stamped::at(Entry::play("e2e4"), 1000));
        let untimed: Stamped = serde_json::from_str(lines[2]).unwrap();
        assert_eq!(untimed, Stamped::untimed(Entry::offer_draw(Color::Black)));
    }

    #[test]
    fn old_lines_without_new_fields_and_new_lines_with_unknown_fields_both_read() {
        let old: Entry = serde_json::from_str(r#"{"type":"move","uci":"e2e4"}"#).unwrap();
        assert_eq!(old, Entry::play("e2e4"));
        let newer: Entry =
            serde_json::from_str(r#"{"type":"resign","by":"white","signed_by_arbiter":true}"#)
                .unwrap();
        assert_eq!(newer, Entry::resign(Color::White));
        let header: Entry = serde_json::from_str(r#"{"type":"header"}"#).unwrap();
        let mut old = Header::standard();
        old.format = 1;
        assert_eq!(header, Entry::header(old));
    }

    #[test]
    fn results_and_reasons_read_back() {
        let e = Entry::Result(ResultEntry {
            result: GameResult::Draw,
            reason: Some(EndReason::FlagFall {
                fallen: Color::White,
            }),
        });
        let line = e.to_json_line();
        assert_eq!(
            line,
            r#"{"type":"result","result":"1/2-1/2","reason":{"flag_fall":{"fallen":"white"}}}"#
        );
        assert_eq!(serde_json::from_str::<Entry>(&line).unwrap(), e);
    }
}
