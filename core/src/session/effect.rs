//! What the session core asks the adapters to do: speak, show, record, quit.

use shakmaty::Color;

use crate::speech::Priority;
use crate::words::Token;

/// Who an announcement is for (with two earphones, each player hears only their own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Audience {
    /// Everyone at the board.
    Everyone,
    /// One player (and the assistant).
    Player(Color),
}

/// One effect of handling an event.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Say these tokens (the text backend prints their words as one line).
    Say {
        /// What to say.
        tokens: Vec<Token>,
        /// How urgently.
        priority: Priority,
        /// For whom.
        audience: Audience,
    },
    /// A line for the screen only (help texts, details a sighted helper needs); the text
    /// backend prints it too, so screen readers read it.
    Show(String),
    /// Start or stop listening (push-to-talk): for the microphone's adapter.
    ToggleListening,
    /// A line for the simulated peg board ("e2e4", "UP e2"): for the simulator's adapter.
    ToSimulator(String),
    /// A line for the log only: what a device sent that was dropped or ignored, and why.
    Log(String),
    /// Write this entry to the journal (fsynced) and rewrite the PGN.
    Record(crate::record::Stamped),
    /// Leave the program; the journal keeps the game.
    Quit,
}

impl Effect {
    /// A move, a touch, a result for everyone: said in order, never cut short.
    pub fn say(tokens: Vec<Token>) -> Effect {
        Effect::Say {
            tokens,
            priority: Priority::Move,
            audience: Audience::Everyone,
        }
    }

    /// An answer to a query, which anything newer may cut short.
    pub fn reading(tokens: Vec<Token>) -> Effect {
        Effect::Say {
            tokens,
            priority: Priority::Reading,
            audience: Audience::Everyone,
        }
    }

    /// An urgent announcement for everyone (a warning, a difference that stops play).
    pub fn urgent(tokens: Vec<Token>) -> Effect {
        Effect::Say {
            tokens,
            priority: Priority::Alert,
            audience: Audience::Everyone,
        }
    }
}
