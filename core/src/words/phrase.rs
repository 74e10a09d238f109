//! The kinds of command and the shape of their phrases: what every language's table gives
//! words for, and what the command parser, the recogniser's phrases and the help text are
//! made from (`crate::command`). They sit below the tables so that a table looks down to
//! them, never up to the parser.

use super::Word;

/// The kinds of command, each with its phrases in every language's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommandKind {
    /// `Command::WhoseMove`.
    WhoseMove,
    /// `Command::LastMoves` of one move.
    LastMove,
    /// `Command::LastMoves`, five unless a number is given.
    LastMoves,
    /// `Command::Position`.
    Position,
    /// `Command::Square`.
    Square,
    /// `Command::WhereAre`.
    WhereAre,
    /// `Command::OnFile`.
    OnFile,
    /// `Command::Time`.
    Time,
    /// `Command::TimeUsed`.
    TimeUsed,
    /// `Command::MoveCount`.
    MoveCount,
    /// `Command::Repeat`.
    Repeat,
    /// `Command::TakeBack`.
    TakeBack,
    /// `Command::PressClock`.
    PressClock,
    /// `Command::OfferDraw`.
    OfferDraw,
    /// `Command::AcceptDraw`.
    AcceptDraw,
    /// `Command::DeclineDraw`.
    DeclineDraw,
    /// `Command::ClaimDraw`.
    ClaimDraw,
    /// `Command::Resign`.
    Resign,
    /// `Command::Yes`.
    Yes,
    /// `Command::No`.
    No,
    /// `Command::Help`, the list of topics.
    Help,
    /// `Command::Help` about moves.
    HelpMoves,
    /// `Command::Help` about questions.
    HelpQuestions,
    /// `Command::Help` about the clock.
    HelpClock,
    /// `Command::Help` about the boards.
    HelpBoard,
    /// `Command::Help` about draws, claims and resigning.
    HelpDraw,
    /// `Command::Help` about the arbiter's commands.
    HelpArbiter,
    /// `Command::Fen`.
    Fen,
    /// `Command::CallArbiter`: a player stops the clocks to seek the arbiter (6.11.2).
    CallArbiter,
    /// `ArbiterAction::Pause`.
    ArbiterPause,
    /// `ArbiterAction::Resume`.
    ArbiterResume,
    /// `ArbiterAction::AddTime`.
    ArbiterTime,
    /// `ArbiterAction::SetTime`.
    ArbiterSetTime,
    /// `ArbiterAction::SetMoveNumber`.
    ArbiterSetMove,
    /// `ArbiterAction::IllegalMove`.
    ArbiterIllegal,
    /// `ArbiterAction::Back`.
    ArbiterBack,
    /// `ArbiterAction::Claim`.
    ArbiterClaim,
    /// `Command::Listen`.
    Listen,
    /// `Command::Faster`.
    Faster,
    /// `Command::Slower`.
    Slower,
    /// `Command::Peg`.
    Peg,
    /// `Command::Hint`.
    Hint,
    /// `Command::Threat`.
    Threat,
    /// `Command::Evaluation`.
    Evaluation,
    /// `Command::NewGame`.
    NewGame,
    /// `Command::Level`.
    Level,
    /// `Command::Quit`.
    Quit,
    /// `Command::ProposeTakeback`.
    ProposeTakeback,
    /// `Command::AcceptTakeback`.
    AcceptTakeback,
    /// `Command::DeclineTakeback`.
    DeclineTakeback,
    /// `Command::AbortGame`.
    AbortGame,
    /// `Command::ClaimVictory`.
    ClaimVictory,
    /// `Command::ReadChat`.
    ReadChat,
}

impl CommandKind {
    /// Every kind, in the order of the help text.
    pub const ALL: [CommandKind; 53] = [
        CommandKind::WhoseMove,
        CommandKind::LastMove,
        CommandKind::LastMoves,
        CommandKind::Position,
        CommandKind::Square,
        CommandKind::WhereAre,
        CommandKind::OnFile,
        CommandKind::Time,
        CommandKind::TimeUsed,
        CommandKind::MoveCount,
        CommandKind::Repeat,
        CommandKind::TakeBack,
        CommandKind::PressClock,
        CommandKind::OfferDraw,
        CommandKind::AcceptDraw,
        CommandKind::DeclineDraw,
        CommandKind::ClaimDraw,
        CommandKind::Resign,
        CommandKind::Yes,
        CommandKind::No,
        CommandKind::Help,
        CommandKind::HelpMoves,
        CommandKind::HelpQuestions,
        CommandKind::HelpClock,
        CommandKind::HelpBoard,
        CommandKind::HelpDraw,
        CommandKind::HelpArbiter,
        CommandKind::Fen,
        CommandKind::CallArbiter,
        CommandKind::ArbiterPause,
        CommandKind::ArbiterResume,
        CommandKind::ArbiterTime,
        CommandKind::ArbiterSetTime,
        CommandKind::ArbiterSetMove,
        CommandKind::ArbiterIllegal,
        CommandKind::ArbiterBack,
        CommandKind::ArbiterClaim,
        CommandKind::Listen,
        CommandKind::Faster,
        CommandKind::Slower,
        CommandKind::Peg,
        CommandKind::Hint,
        CommandKind::Threat,
        CommandKind::Evaluation,
        CommandKind::NewGame,
        CommandKind::Level,
        CommandKind::Quit,
        CommandKind::ProposeTakeback,
        CommandKind::AcceptTakeback,
        CommandKind::DeclineTakeback,
        CommandKind::AbortGame,
        CommandKind::ClaimVictory,
        CommandKind::ReadChat,
    ];

    /// Whether the recogniser listens for it. The arbiter's commands, the simulator's lines,
    /// leaving the program and pressing the clock are typed or keyed only: a misheard word
    /// must never do them. The position in FEN is for a sighted helper's screen. The last
    /// moves are typed: in French "dernier coup" and "derniers coups" sound the same. A
    /// player's call of the arbiter stops the clocks, which the arbiter may count against an
    /// unjustified stop (6.11.4): typed or keyed, and said aloud to the arbiter in the hall.
    pub fn is_spoken(self) -> bool {
        !matches!(
            self,
            CommandKind::LastMoves
                | CommandKind::PressClock
                | CommandKind::Fen
                | CommandKind::CallArbiter
                | CommandKind::ArbiterPause
                | CommandKind::ArbiterResume
                | CommandKind::ArbiterTime
                | CommandKind::ArbiterSetTime
                | CommandKind::ArbiterSetMove
                | CommandKind::ArbiterIllegal
                | CommandKind::ArbiterBack
                | CommandKind::ArbiterClaim
                | CommandKind::Listen
                | CommandKind::Peg
                | CommandKind::Quit
        )
    }
}

/// One part of a command's phrase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// A fixed word of the word table (said, shown and heard).
    W(Word),
    /// Literal words of another phrasing, understood when typed (never said by the program).
    T(&'static str),
    /// A square: "Eva vier" or "e4".
    Square,
    /// A file: "Eva" or "e", or one word with the language's word for a file after a hyphen
    /// ("Eva-Linie", "e-file").
    File,
    /// A side: "Weiß", "Schwarz".
    Side,
    /// A side that may be left out.
    OptSide,
    /// A colour adjective that may be left out: "weiße", "schwarzen".
    OptColour,
    /// A piece name, singular or plural.
    Piece,
    /// A number, in digits or words.
    Number,
    /// A number that may be left out.
    OptNumber,
    /// A number with an optional sign: "+60", "-30".
    SignedNumber,
    /// A time on a clock: "1:23:10" (hours, minutes, seconds) or "23:10" (minutes, seconds).
    ClockTime,
    /// The rest of the line, whatever it is.
    Rest,
    /// The rest of the line, if there is any.
    OptRest,
}

/// A command's phrase: its slots in order.
pub type Phrase = &'static [Slot];
