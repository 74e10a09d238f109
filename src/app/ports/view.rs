//! The board view's port, for sighted helpers: the full-screen view drawn from the session's
//! snapshots of the game ([`Effect::View`]) with its own log of what was said and shown,
//! the clock's seconds at its own deadline, and its line editor for the keyboard (typed lines
//! in, the line being typed shown, resizing and scrolling). What it shows is also said and
//! in the journal.

use std::time::Duration;

use crossbeam_channel::{Receiver, Select, unbounded};

use annexd_core::{Effect, Input, Speech, StopRequest, Token, ViewSnapshot, Word, clean_text};

use super::{said_text, shown_text, typed};
use crate::app::port::{Port, Taken, take_ready, watch_one};
use crate::ui::board_view::BoardView;
use crate::ui::terminal::{Edited, Screen, spawn_line_editor};
use crate::ui::terminal_events::{TerminalEvent, take_over};

/// The board view on the terminal, and its keyboard.
pub(crate) struct ViewPort {
    speech: Speech,
    screen: Option<Screen>,
    view: BoardView,
    keys: Option<Receiver<Edited>>,
    /// The terminal's events, taken over when the view is entered and edited once it starts.
    events: Option<Receiver<TerminalEvent>>,
    /// The game time of the last drawing, for a redraw that comes from the keyboard.
    now: Duration,
}

impl ViewPort {
    /// Takes over the terminal for the view of the game as `snapshot` shows it at `now`: its
    /// screen, and its keys at once (a key typed while the game's other ports open waits
    /// for the view, instead of going to a line editor left behind).
    pub(crate) fn enter(
        speech: Speech,
        snapshot: ViewSnapshot,
        now: Duration,
    ) -> std::io::Result<ViewPort> {
        let screen = Screen::enter()?;
        // Once the screen is had (raw mode: no line reading of standard input beside it).
        let events = take_over()
            .ok_or_else(|| std::io::Error::other("no thread for the terminal's keys"))?;
        let mut view = BoardView::new();
        view.show(snapshot);
        Ok(ViewPort {
            speech,
            screen: Some(screen),
            view,
            keys: None,
            events: Some(events),
            now,
        })
    }

    /// Draws the view again as it is.
    fn draw(&mut self, now: Duration) {
        self.now = now;
        let Some(screen) = &mut self.screen else {
            return;
        };
        let (width, height) = Screen::size();
        let lines = self.view.render(self.speech.lang, now, width, height);
        // The view is for sighted helpers; what it shows is also said and in the journal.
        if let Err(err) = screen.draw(&lines) {
            tracing::warn!("the board view could not be drawn: {err}");
        }
    }
}

impl Port for ViewPort {
    fn start(&mut self) -> Vec<Input> {
        if let Some(events) = self.events.take() {
            let (tx, rx) = unbounded();
            spawn_line_editor(events, tx);
            self.keys = Some(rx);
        }
        self.draw(self.now);
        Vec::new()
    }

    fn watch<'a>(&'a self, select: &mut Select<'a>) -> usize {
        watch_one(select, self.keys.as_ref())
    }

    fn take(&mut self, now: Duration) -> Vec<Input> {
        let Some(keys) = &self.keys else {
            return Vec::new();
        };
        let input = match take_ready(keys) {
            Taken::Got(Edited::Line(line)) => {
                let input = typed(clean_text(&line));
                if matches!(input, Input::Line(_)) {
                    // The input line is empty again once a line is given.
                    self.view.line_given();
                    self.view.typing("");
                    self.draw(now);
                }
                input
            }
            Taken::Got(Edited::Editing(text)) => {
                self.view.typing(&text);
                self.draw(now);
                return Vec::new();
            }
            Taken::Got(Edited::Resized) => {
                self.draw(now);
                return Vec::new();
            }
            Taken::Got(Edited::Scroll(pages)) => {
                self.view.scroll(pages);
                self.draw(now);
                return Vec::new();
            }
            Taken::Got(Edited::Interrupt) => Input::Stop(StopRequest::Interrupt),
            Taken::Nothing => return Vec::new(),
            Taken::Got(Edited::End) | Taken::Ended => Input::Stop(StopRequest::InputEnded),
        };
        vec![input]
    }

    /// The board view's clock shows each second while it runs: a deadline of the view
    /// alone, none while the clock stands.
    fn next_deadline(&self, now: Duration) -> Option<Duration> {
        self.view.next_change(now)
    }

    fn tick(&mut self, now: Duration) -> Vec<Input> {
        self.draw(now);
        Vec::new()
    }

    fn carry_out(&mut self, effect: &Effect, now: Duration) {
        match effect {
            Effect::Say {
                tokens, printed, ..
            } => {
                let text = said_text(&self.speech, tokens, printed.as_ref());
                self.view.said(&text);
            }
            Effect::Show(shown) => {
                let text = shown_text(&self.speech, shown);
                let game_file = shown.tokens == [Token::Word(Word::GameFile)];
                self.view.noted(&text, game_file);
            }
            Effect::View(snapshot) => {
                self.view.show((**snapshot).clone());
                self.draw(now);
            }
            _ => {}
        }
    }

    fn leave(&mut self) {
        self.keys = None;
    }

    /// The last lines (saved, how to go on, the game's file) stay on the terminal.
    fn finish(&mut self) -> bool {
        if let Some(screen) = self.screen.take() {
            screen.leave(&self.view.closing_lines());
        }
        true
    }
}
