//! What the session core asks the adapters to do: speak, show, record, close the record, quit,
//! light a board, show the game. Each effect carries what its port needs (the scoresheet, a
//! snapshot of the game), so that no port reads the session.

use shakmaty::Color;

use crate::record::SheetFormat;
use crate::speech::Priority;
use crate::words::Token;

/// Who an announcement is for (with two earphones, each player hears only their own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Audience {
    /// Everyone at the board.
    Everyone,
    /// One player (and the assistant).
    Player(Color),
    /// Both players and the arbiter must hear it, wherever the speech goes: a matter put to
    /// the arbiter and his ruling on it (7.5, 9.5). With speech in the VI player's earphone
    /// it is said aloud too.
    Aloud,
}

/// A line for the screen only, in words of the tables (rendered with the game's word set
/// where it is shown) and data shown verbatim after them: "FEN: rnbqkbnr/…".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Shown {
    /// The words.
    pub tokens: Vec<Token>,
    /// Data after the words (a path, a FEN, a device's name), if any.
    pub detail: Option<String>,
}

impl Shown {
    /// Words, with data after them.
    pub fn with(tokens: Vec<Token>, detail: impl Into<String>) -> Shown {
        Shown {
            tokens,
            detail: Some(detail.into()),
        }
    }

    /// Words only.
    pub fn words(tokens: Vec<Token>) -> Shown {
        Shown {
            tokens,
            detail: None,
        }
    }
}

/// One effect of handling an event.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Say these tokens (the text backend prints their words as one line, or `printed`).
    Say {
        /// What to say.
        tokens: Vec<Token>,
        /// How urgently.
        priority: Priority,
        /// For whom.
        audience: Audience,
        /// What the line shows instead of the words said, when it differs: the words with
        /// data after them (a path), or a check code as printed rather than spelled.
        printed: Option<Shown>,
    },
    /// A line for the screen only (details a sighted helper needs); the text backend prints
    /// it too, so screen readers read it.
    Show(Shown),
    /// Start or stop listening (push-to-talk): for the microphone's adapter.
    ToggleListening,
    /// Speak at this rate from now on (1.0 normal, 0.5 … 2.0), and keep it for the next
    /// game: for the speech output and the settings.
    SpeechRate(f32),
    /// A line for the simulated peg board ("e2e4", "UP e2"): for the simulator's adapter.
    ToSimulator(String),
    /// A request for a seat's board (light the squares of the VI player's move on the
    /// sighted player's e-board): for the board's adapter; nothing where there is none.
    ToBoard(super::seat::Seat, crate::board::Request),
    /// A line for the log only: what a device sent that was dropped or ignored, and why.
    Log(String),
    /// Write this entry to the journal (fsynced) and rewrite the PGN from the scoresheet as it
    /// stands with the entry (the sheets written when the record closes are the last one's).
    Record(crate::record::Stamped, Box<crate::record::Scoresheet>),
    /// What a screen shows of the game now (after each input, when
    /// [`super::SessionOptions::view_snapshots`] asks for it): for the board view, and for
    /// what follows the position.
    View(Box<super::view::ViewSnapshot>),
    /// The game has ended: once every line of the journal is on disk, write these
    /// scoresheets beside it and report them, with the record's state as read back from
    /// the disk (`DiskReport::RecordClosed`), so that the check code can be said.
    CloseRecord {
        /// The sheets the settings ask for.
        sheets: Vec<SheetFormat>,
    },
    /// Tell or ask the opponent outside the board (a chess program, a remote player): for its
    /// port.
    ToOpponent(super::sources::ToOpponent),
    /// Leave the program: make sure the journal is on disk and report how that went
    /// (`DiskReport::Closed`); the journal keeps the game.
    Quit,
}

impl Effect {
    /// A move, a touch, a result for everyone: said in order, never cut short.
    pub fn say(tokens: Vec<Token>) -> Effect {
        Effect::with_priority(tokens, Priority::Move)
    }

    /// An answer to a query, which anything newer may cut short.
    pub fn reading(tokens: Vec<Token>) -> Effect {
        Effect::with_priority(tokens, Priority::Reading)
    }

    /// An urgent announcement for everyone (a warning, a difference that stops play).
    pub fn urgent(tokens: Vec<Token>) -> Effect {
        Effect::with_priority(tokens, Priority::Alert)
    }

    /// Words for everyone, printed with data after them that is not spoken (a path).
    pub fn say_with(tokens: Vec<Token>, detail: impl Into<String>) -> Effect {
        Effect::Say {
            printed: Some(Shown::with(tokens.clone(), detail)),
            tokens,
            priority: Priority::Move,
            audience: Audience::Everyone,
        }
    }

    /// The same announcements, those for everyone made for both players and the arbiter to
    /// hear aloud ([`Audience::Aloud`]).
    pub fn aloud(effects: impl IntoIterator<Item = Effect>) -> impl Iterator<Item = Effect> {
        effects.into_iter().map(|effect| match effect {
            Effect::Say {
                tokens,
                priority,
                audience: Audience::Everyone,
                printed,
            } => Effect::Say {
                tokens,
                priority,
                audience: Audience::Aloud,
                printed,
            },
            other => other,
        })
    }

    /// Words for everyone at this priority.
    pub fn with_priority(tokens: Vec<Token>, priority: Priority) -> Effect {
        Effect::Say {
            tokens,
            priority,
            audience: Audience::Everyone,
            printed: None,
        }
    }
}
