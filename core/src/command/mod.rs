//! Commands: what a person can ask for or do besides making a move, and their words.
//!
//! One [`Command`] type serves the keyboard, the board's keys and the speech recogniser. Its
//! words come from the language tables (`crate::lang`): each language gives, for every
//! [`Kind`] of command, its phrases as [`Slot`]s (the first is the one the program says and
//! shows in the help; every one is understood, typed or heard). From those tables come the
//! typed-line parser ([`parse`]), the recogniser's phrases ([`spoken`]: one source for what is
//! typed and what is heard), the help pages ([`help_pages`]) and the board's keys
//! ([`board_key`]).

pub(crate) mod help;
pub(crate) mod parse;
pub(crate) mod typed;

use std::time::Duration;

use shakmaty::{Color, File, Role, Square};

use crate::lang::Lang;
use crate::words::{CommandKind, Phrase, Slot, Token, Word, square_tokens};

pub use help::{HelpContext, HelpTopic, help_pages};
pub use parse::{parse, parse_side, question_in, simulator_line};
pub use typed::{LineSplitter, MAX_LINE_BYTES, TypedLine, clean_line, clean_text};

/// What a person can ask for or do besides making a move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Command {
    /// Whose move it is and the move number.
    WhoseMove,
    /// The last `n` moves.
    LastMoves(usize),
    /// The whole position, piece by piece.
    Position,
    /// What stands on a square.
    Square(Square),
    /// Where the pieces of a kind stand (of one side, or both).
    WhereAre(Role, Option<Color>),
    /// What stands on a file ("Linie Eva"), or only the pieces of a kind (and side) there
    /// ("Bauern auf der Eva-Linie").
    OnFile(File, Option<Role>, Option<Color>),
    /// Both clocks and the move count (D.2.6.1, D.2.10.4).
    Time,
    /// The time each player has used, and the move count (D.2.10.4).
    TimeUsed,
    /// The number of moves completed.
    MoveCount,
    /// Say the last announcement again.
    Repeat,
    /// Take back the move just made and not yet completed (a slip, D.2.8).
    TakeBack,
    /// Press the clock: completes the move just made (6.2, D.2.4).
    PressClock,
    /// Offer a draw (9.1): by the side named, or else by whoever speaks (in line mode, the
    /// player who has just moved).
    OfferDraw(Option<Color>),
    /// Accept the draw offered: by the side named, or else the offerer's opponent (9.1.2).
    AcceptDraw(Option<Color>),
    /// Decline the draw offered: by the side named, or else the offerer's opponent.
    DeclineDraw(Option<Color>),
    /// Claim a draw (9.2, 9.3), with the intended move as said, if one is given.
    ClaimDraw(Option<String>),
    /// Resign: the side named, or else the one who speaks (the side to move in line mode).
    Resign(Option<Color>),
    /// Yes, to a question.
    Yes,
    /// No, to a question.
    No,
    /// The help: its topics, or one topic's page.
    Help(Option<HelpTopic>),
    /// The position in FEN, for a sighted helper or the arbiter.
    Fen,
    /// A player stops the clocks to seek the arbiter's assistance (6.11.2); the arbiter
    /// decides when the game goes on (6.11.3).
    CallArbiter,
    /// What the arbiter does (6.11, 6.10.2, 7.5.3).
    Arbiter(ArbiterAction),
    /// Start or stop listening (push-to-talk).
    Listen,
    /// Speak faster (kept for the next game).
    Faster,
    /// Speak more slowly (kept for the next game).
    Slower,
    /// A line for the simulated peg board ("peg e2e4", "peg UP e2").
    Peg(String),
    /// A move suggested by the chess program ("Tipp"; at home against it, confirmed first).
    Hint,
    /// What the opponent threatens ("Drohung").
    Threat,
    /// How the position stands, in words ("Bewertung").
    Evaluation,
    /// A new game against the chess program, without leaving ("neue Partie").
    NewGame,
    /// Another level of the chess program, in Elo ("Stärke 1800").
    Level(u32),
    /// Leave the program (the game stays in its journal and can be resumed).
    Quit,
    /// Ask the opponent outside (online) to take back our last move.
    ProposeTakeback,
    /// Accept the opponent's request to take back its move.
    AcceptTakeback,
    /// Decline it.
    DeclineTakeback,
    /// Abort the game (online, before each side has moved).
    AbortGame,
    /// Claim the win: the opponent left the online game long enough ago.
    ClaimVictory,
    /// Read the players' chat: the lines not read yet (online).
    ReadChat,
}

/// The arbiter's actions, said after "Schiedsrichter" / "arbiter".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArbiterAction {
    /// Stop the clocks (6.11.1).
    Pause,
    /// Start them again.
    Resume,
    /// Add (or, negative, take) seconds to one side's clock (6.10.2).
    AddTime(Color, i64),
    /// Set one side's clock to a time (6.10.2, D.2.9: "the arbiter will readjust the clocks").
    SetTime(Color, Duration),
    /// Set the clock's move counter to the move being played (6.10.2).
    SetMoveNumber(u32),
    /// A completed illegal move (7.5): by this side, or the side that moved last.
    IllegalMove(Option<Color>),
    /// Judge by the rules the claim put to the arbiter (tournament mode: 9.2, 9.3, 9.5).
    Claim,
    /// Go back this many half-moves, to a position of the game score (D.2.9, when the
    /// boards cannot be reconciled otherwise).
    Back(usize),
}

/// The values a phrase's slots gave.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Values {
    square: Option<Square>,
    file: Option<File>,
    side: Option<Color>,
    piece: Option<Role>,
    number: Option<i64>,
    time: Option<Duration>,
    rest: Option<String>,
}

impl CommandKind {
    /// The command a phrase of this kind means with these values (`None` when a value is
    /// out of range).
    fn command(self, v: Values) -> Option<Command> {
        let count = |n: Option<i64>| n.and_then(|n| usize::try_from(n).ok());
        Some(match self {
            CommandKind::WhoseMove => Command::WhoseMove,
            CommandKind::LastMove => Command::LastMoves(1),
            CommandKind::LastMoves => Command::LastMoves(match v.number {
                None => 5,
                some => count(some)?,
            }),
            CommandKind::Position => Command::Position,
            CommandKind::Square => Command::Square(v.square?),
            CommandKind::WhereAre => Command::WhereAre(v.piece?, v.side),
            CommandKind::OnFile => Command::OnFile(v.file?, v.piece, v.side),
            CommandKind::Time => Command::Time,
            CommandKind::TimeUsed => Command::TimeUsed,
            CommandKind::MoveCount => Command::MoveCount,
            CommandKind::Repeat => Command::Repeat,
            CommandKind::TakeBack => Command::TakeBack,
            CommandKind::PressClock => Command::PressClock,
            CommandKind::OfferDraw => Command::OfferDraw(v.side),
            CommandKind::AcceptDraw => Command::AcceptDraw(v.side),
            CommandKind::DeclineDraw => Command::DeclineDraw(v.side),
            CommandKind::ClaimDraw => Command::ClaimDraw(v.rest),
            CommandKind::Resign => Command::Resign(v.side),
            CommandKind::Yes => Command::Yes,
            CommandKind::No => Command::No,
            CommandKind::Help => Command::Help(None),
            CommandKind::HelpMoves => Command::Help(Some(HelpTopic::Moves)),
            CommandKind::HelpQuestions => Command::Help(Some(HelpTopic::Questions)),
            CommandKind::HelpClock => Command::Help(Some(HelpTopic::Clock)),
            CommandKind::HelpBoard => Command::Help(Some(HelpTopic::Board)),
            CommandKind::HelpDraw => Command::Help(Some(HelpTopic::Draw)),
            CommandKind::HelpArbiter => Command::Help(Some(HelpTopic::Arbiter)),
            CommandKind::Fen => Command::Fen,
            CommandKind::CallArbiter => Command::CallArbiter,
            CommandKind::ArbiterPause => Command::Arbiter(ArbiterAction::Pause),
            CommandKind::ArbiterResume => Command::Arbiter(ArbiterAction::Resume),
            CommandKind::ArbiterTime => {
                Command::Arbiter(ArbiterAction::AddTime(v.side?, v.number?))
            }
            CommandKind::ArbiterSetTime => {
                Command::Arbiter(ArbiterAction::SetTime(v.side?, v.time?))
            }
            CommandKind::ArbiterSetMove => Command::Arbiter(ArbiterAction::SetMoveNumber(
                u32::try_from(v.number?).ok().filter(|n| *n > 0)?,
            )),
            CommandKind::ArbiterIllegal => Command::Arbiter(ArbiterAction::IllegalMove(v.side)),
            CommandKind::ArbiterBack => Command::Arbiter(ArbiterAction::Back(count(v.number)?)),
            CommandKind::ArbiterClaim => Command::Arbiter(ArbiterAction::Claim),
            CommandKind::Listen => Command::Listen,
            CommandKind::Faster => Command::Faster,
            CommandKind::Slower => Command::Slower,
            CommandKind::Peg => Command::Peg(v.rest?),
            CommandKind::Hint => Command::Hint,
            CommandKind::Threat => Command::Threat,
            CommandKind::Evaluation => Command::Evaluation,
            CommandKind::NewGame => Command::NewGame,
            CommandKind::Level => Command::Level(u32::try_from(v.number?).ok()?),
            CommandKind::Quit => Command::Quit,
            CommandKind::ProposeTakeback => Command::ProposeTakeback,
            CommandKind::AcceptTakeback => Command::AcceptTakeback,
            CommandKind::DeclineTakeback => Command::DeclineTakeback,
            CommandKind::AbortGame => Command::AbortGame,
            CommandKind::ClaimVictory => Command::ClaimVictory,
            CommandKind::ReadChat => Command::ReadChat,
        })
    }
}

impl Command {
    /// Its kind, and the values its phrase says.
    fn kind_and_values(&self) -> (CommandKind, Values) {
        let mut v = Values::default();
        let kind = match self {
            Command::WhoseMove => CommandKind::WhoseMove,
            Command::LastMoves(1) => CommandKind::LastMove,
            Command::LastMoves(n) => {
                v.number = Some(*n as i64);
                CommandKind::LastMoves
            }
            Command::Position => CommandKind::Position,
            Command::Square(sq) => {
                v.square = Some(*sq);
                CommandKind::Square
            }
            Command::WhereAre(role, color) => {
                v.piece = Some(*role);
                v.side = *color;
                CommandKind::WhereAre
            }
            Command::OnFile(file, role, color) => {
                v.file = Some(*file);
                v.piece = *role;
                v.side = *color;
                CommandKind::OnFile
            }
            Command::Time => CommandKind::Time,
            Command::TimeUsed => CommandKind::TimeUsed,
            Command::MoveCount => CommandKind::MoveCount,
            Command::Repeat => CommandKind::Repeat,
            Command::TakeBack => CommandKind::TakeBack,
            Command::PressClock => CommandKind::PressClock,
            Command::OfferDraw(side) => {
                v.side = *side;
                CommandKind::OfferDraw
            }
            Command::AcceptDraw(side) => {
                v.side = *side;
                CommandKind::AcceptDraw
            }
            Command::DeclineDraw(side) => {
                v.side = *side;
                CommandKind::DeclineDraw
            }
            Command::ClaimDraw(rest) => {
                v.rest.clone_from(rest);
                CommandKind::ClaimDraw
            }
            Command::Resign(side) => {
                v.side = *side;
                CommandKind::Resign
            }
            Command::Yes => CommandKind::Yes,
            Command::No => CommandKind::No,
            Command::Help(None) => CommandKind::Help,
            Command::Help(Some(HelpTopic::Moves)) => CommandKind::HelpMoves,
            Command::Help(Some(HelpTopic::Questions)) => CommandKind::HelpQuestions,
            Command::Help(Some(HelpTopic::Clock)) => CommandKind::HelpClock,
            Command::Help(Some(HelpTopic::Board)) => CommandKind::HelpBoard,
            Command::Help(Some(HelpTopic::Draw)) => CommandKind::HelpDraw,
            Command::Help(Some(HelpTopic::Arbiter)) => CommandKind::HelpArbiter,
            Command::Fen => CommandKind::Fen,
            Command::CallArbiter => CommandKind::CallArbiter,
            Command::Arbiter(ArbiterAction::Pause) => CommandKind::ArbiterPause,
            Command::Arbiter(ArbiterAction::Resume) => CommandKind::ArbiterResume,
            Command::Arbiter(ArbiterAction::AddTime(side, seconds)) => {
                v.side = Some(*side);
                v.number = Some(*seconds);
                CommandKind::ArbiterTime
            }
            Command::Arbiter(ArbiterAction::SetTime(side, time)) => {
                v.side = Some(*side);
                v.time = Some(*time);
                CommandKind::ArbiterSetTime
            }
            Command::Arbiter(ArbiterAction::SetMoveNumber(n)) => {
                v.number = Some(i64::from(*n));
                CommandKind::ArbiterSetMove
            }
            Command::Arbiter(ArbiterAction::IllegalMove(side)) => {
                v.side = *side;
                CommandKind::ArbiterIllegal
            }
            Command::Arbiter(ArbiterAction::Claim) => CommandKind::ArbiterClaim,
            Command::Arbiter(ArbiterAction::Back(n)) => {
                v.number = Some(*n as i64);
                CommandKind::ArbiterBack
            }
            Command::Listen => CommandKind::Listen,
            Command::Faster => CommandKind::Faster,
            Command::Slower => CommandKind::Slower,
            Command::Peg(rest) => {
                v.rest = Some(rest.clone());
                CommandKind::Peg
            }
            Command::Hint => CommandKind::Hint,
            Command::Threat => CommandKind::Threat,
            Command::Evaluation => CommandKind::Evaluation,
            Command::NewGame => CommandKind::NewGame,
            Command::Level(elo) => {
                v.number = Some(i64::from(*elo));
                CommandKind::Level
            }
            Command::Quit => CommandKind::Quit,
            Command::ProposeTakeback => CommandKind::ProposeTakeback,
            Command::AcceptTakeback => CommandKind::AcceptTakeback,
            Command::DeclineTakeback => CommandKind::DeclineTakeback,
            Command::AbortGame => CommandKind::AbortGame,
            Command::ClaimVictory => CommandKind::ClaimVictory,
            Command::ReadChat => CommandKind::ReadChat,
        };
        (kind, v)
    }

    /// Its kind.
    pub fn kind(&self) -> CommandKind {
        self.kind_and_values().0
    }

    /// How the command is said in `lang`: its first phrase with its values, as tokens. A
    /// value the phrase has no slot for is not said; a rest of the line is not said either.
    pub fn tokens(&self, lang: Lang) -> Vec<Token> {
        let (kind, values) = self.kind_and_values();
        let phrase = (lang.table().commands)(kind)[0];
        phrase_tokens(phrase, &values)
    }

    /// True for commands that only ask for information and change nothing.
    pub fn is_query(&self) -> bool {
        matches!(
            self,
            Command::WhoseMove
                | Command::LastMoves(_)
                | Command::Position
                | Command::Square(_)
                | Command::WhereAre(..)
                | Command::OnFile(..)
                | Command::Time
                | Command::TimeUsed
                | Command::MoveCount
                | Command::Repeat
                | Command::Help(_)
                | Command::Fen
                | Command::ReadChat
        )
    }

    /// True for what the chess program gives at home: a hint, the threat, an evaluation, a
    /// new game, another level (each asked for and confirmed, refused where there is no
    /// program or in tournament mode or online).
    pub fn is_training(&self) -> bool {
        matches!(
            self,
            Command::Hint
                | Command::Threat
                | Command::Evaluation
                | Command::NewGame
                | Command::Level(_)
        )
    }

    /// True when a spoken command must be confirmed with "ja" before it counts: resigning,
    /// offering, accepting, declining or claiming a draw bind the player and cannot be taken
    /// back, so a misheard word must never do them; nor the online game's requests and
    /// answers (a takeback, aborting, claiming the win), which go to the server at once.
    pub fn needs_confirmation(&self) -> bool {
        self.is_training()
            || matches!(
                self,
                Command::Resign(_)
                    | Command::OfferDraw(_)
                    | Command::AcceptDraw(_)
                    | Command::DeclineDraw(_)
                    | Command::ClaimDraw(_)
                    | Command::ProposeTakeback
                    | Command::AcceptTakeback
                    | Command::DeclineTakeback
                    | Command::AbortGame
                    | Command::ClaimVictory
            )
    }
}

/// The tokens of a phrase with values; optional slots without a value are left out.
fn phrase_tokens(phrase: Phrase, v: &Values) -> Vec<Token> {
    let mut tokens = Vec::with_capacity(phrase.len() + 2);
    for slot in phrase {
        match slot {
            Slot::W(word) => tokens.push(Token::Word(*word)),
            Slot::T(_) | Slot::Rest | Slot::OptRest => {}
            Slot::Square => tokens.extend(v.square.map(square_tokens).into_iter().flatten()),
            Slot::File => tokens.extend(v.file.map(Token::File)),
            Slot::Side | Slot::OptSide => tokens.extend(v.side.map(Token::Side)),
            Slot::OptColour => tokens.extend(v.side.map(|side| {
                Token::Word(match side {
                    Color::White => Word::WhiteAdjective,
                    Color::Black => Word::BlackAdjective,
                })
            })),
            Slot::Piece => tokens.extend(v.piece.map(Token::Piece)),
            Slot::Number | Slot::OptNumber | Slot::SignedNumber => {
                tokens.extend(v.number.map(|n| Token::Number(n.unsigned_abs() as u32)))
            }
            Slot::ClockTime => {
                if let Some(time) = v.time {
                    let secs = time.as_secs();
                    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
                    if h > 0 {
                        tokens.push(Token::Hours(h as u32));
                    }
                    if m > 0 || h == 0 {
                        tokens.push(Token::Minutes(m as u32));
                    }
                    if s > 0 {
                        tokens.push(Token::Seconds(s as u32));
                    }
                }
            }
        }
    }
    tokens
}

/// One word of a phrase the recogniser listens for: a token of the word tables (said by the
/// program as well), or the literal text of another phrasing (`Slot::T`, understood only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpokenWord {
    /// A token, in the words of the language (and, for moves' words, the Annex D words).
    Token(Token),
    /// Words of another phrasing, as written in the table ("nimmt Remis an").
    Text(&'static str),
}

/// Every command the recogniser listens for in `lang`, with the words of each phrase that
/// says it: every phrase of every spoken kind in the language's table (the typed parser reads
/// the same rows), the first being the one the program says, each once for every square,
/// piece and colour it can name. Phrases of signs only ("?") are typed, never said; optional
/// numbers and rests are left out.
pub fn spoken(lang: Lang) -> Vec<(Command, Vec<SpokenWord>)> {
    let mut out = Vec::new();
    for kind in CommandKind::ALL.into_iter().filter(|k| k.is_spoken()) {
        for &phrase in (lang.table().commands)(kind) {
            let sayable = phrase.iter().all(|slot| match slot {
                Slot::T(text) => text.chars().any(char::is_alphabetic),
                _ => true,
            });
            if !sayable {
                continue;
            }
            for values in expansions(phrase) {
                if let Some(command) = kind.command(values.clone()) {
                    out.push((command, spoken_words(phrase, &values)));
                }
            }
        }
    }
    out
}

/// A phrase with values as the words the recogniser listens for.
fn spoken_words(phrase: Phrase, values: &Values) -> Vec<SpokenWord> {
    let mut out = Vec::new();
    for slot in phrase {
        match slot {
            Slot::T(text) => out.push(SpokenWord::Text(text)),
            slot => out.extend(
                phrase_tokens(std::slice::from_ref(slot), values)
                    .into_iter()
                    .map(SpokenWord::Token),
            ),
        }
    }
    out
}

/// How `speech` says a spoken command's words.
pub fn spoken_text(speech: crate::lang::Speech, words: &[SpokenWord]) -> String {
    words
        .iter()
        .map(|word| match word {
            SpokenWord::Token(token) => speech.text(std::slice::from_ref(token)),
            SpokenWord::Text(text) => text.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every set of values a spoken phrase can take: squares, pieces, sides and colours expanded;
/// optional numbers and rests left out.
fn expansions(phrase: Phrase) -> Vec<Values> {
    let mut all = vec![Values::default()];
    for slot in phrase {
        all = match slot {
            Slot::Square => all
                .into_iter()
                .flat_map(|v| {
                    Square::ALL.into_iter().map(move |sq| Values {
                        square: Some(sq),
                        ..v.clone()
                    })
                })
                .collect(),
            Slot::File => all
                .into_iter()
                .flat_map(|v| {
                    File::ALL.into_iter().map(move |file| Values {
                        file: Some(file),
                        ..v.clone()
                    })
                })
                .collect(),
            Slot::Piece => all
                .into_iter()
                .flat_map(|v| {
                    Role::ALL.into_iter().map(move |role| Values {
                        piece: Some(role),
                        ..v.clone()
                    })
                })
                .collect(),
            Slot::OptColour => all
                .into_iter()
                .flat_map(|v| {
                    [None, Some(Color::White), Some(Color::Black)]
                        .into_iter()
                        .map(move |side| Values { side, ..v.clone() })
                })
                .collect(),
            Slot::OptSide => all
                .into_iter()
                .flat_map(|v| {
                    [None, Some(Color::White), Some(Color::Black)]
                        .into_iter()
                        .map(move |side| Values { side, ..v.clone() })
                })
                .collect(),
            Slot::Side => all
                .into_iter()
                .flat_map(|v| {
                    [Color::White, Color::Black]
                        .into_iter()
                        .map(move |side| Values {
                            side: Some(side),
                            ..v.clone()
                        })
                })
                .collect(),
            _ => all,
        };
    }
    all
}

/// The command of a key on the VI player's board (`KEY <name>` of the peg-board protocol,
/// whose key names are the same in every language).
pub fn board_key(name: &str) -> Option<Command> {
    Some(match name {
        "clock" => Command::PressClock,
        "time" => Command::Time,
        "moves" => Command::MoveCount,
        "repeat" => Command::Repeat,
        "yes" => Command::Yes,
        "no" => Command::No,
        "position" => Command::Position,
        "last" => Command::LastMoves(1),
        "talk" => Command::Listen,
        "help" => Command::Help(None),
        "arbiter" => Command::CallArbiter,
        _ => return None,
    })
}
