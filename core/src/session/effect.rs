//! What the session core asks the adapters to do: speak, show, record, quit.

use shakmaty::Color;

use crate::notation::Token;

/// How urgently something must be said (see the speech queue's policy).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// An answer to a query or a long reading: may be cut short by anything newer.
    Reading,
    /// A move, a touch, a result: said in order.
    Normal,
    /// A time warning, a flag, a board difference that stops play: interrupts a reading.
    Urgent,
}

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
    /// A line for the log only: what a device sent that was dropped or ignored, and why.
    Log(String),
    /// Write this entry to the journal (fsynced) and rewrite the PGN.
    Record(crate::record::Entry),
    /// Leave the program; the journal keeps the game.
    Quit,
}

impl Effect {
    /// A normal announcement for everyone.
    pub fn say(tokens: Vec<Token>) -> Effect {
        Effect::Say {
            tokens,
            priority: Priority::Normal,
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

    /// An urgent announcement for everyone.
    pub fn urgent(tokens: Vec<Token>) -> Effect {
        Effect::Say {
            tokens,
            priority: Priority::Urgent,
            audience: Audience::Everyone,
        }
    }
}
