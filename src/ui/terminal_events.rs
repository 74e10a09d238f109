//! The terminal's events (keys, resizes), read by one thread for the whole run and handed to
//! the reader that holds them now: the line view's editor, then perhaps the board view's
//! (an online game's lobby is read in lines, its game may be shown in the board view), or the
//! next game's ("neue Partie"). Each reader used to read the terminal itself, and the thread
//! of a reader left behind was still waiting in its read: it took the next key and dropped
//! it. Now a reader replaced simply stops receiving, and an event that comes while nobody
//! holds the terminal waits for the next reader.

use std::sync::{Mutex, OnceLock, PoisonError};

use crossbeam_channel::{Receiver, Sender, unbounded};
use crossterm::event::Event;

/// What a reader receives: an event, or why the terminal can be read no more (the last).
pub type TerminalEvent = Result<Event, String>;

/// Events kept for the next reader at most: a game that ends while keys are pressed hands
/// them on; a terminal left with nobody reading for long keeps no more than this.
const KEPT_AT_MOST: usize = 256;

#[derive(Default)]
struct Route {
    /// The reader now, if any.
    reader: Option<Sender<TerminalEvent>>,
    /// Events nobody has taken yet, oldest first.
    waiting: Vec<TerminalEvent>,
    /// The reading thread has been started.
    started: bool,
    /// Why the terminal can be read no more, once it cannot: told to every later reader.
    ended: Option<String>,
}

fn route() -> &'static Mutex<Route> {
    static ROUTE: OnceLock<Mutex<Route>> = OnceLock::new();
    ROUTE.get_or_init(Mutex::default)
}

/// The terminal's events from now on, for this reader alone: a reader before it receives
/// nothing more. Events that came while nobody held the terminal come first. Starts the
/// reading thread the first time (`None` when no thread can be had).
pub fn take_over() -> Option<Receiver<TerminalEvent>> {
    {
        let mut route = route().lock().unwrap_or_else(PoisonError::into_inner);
        if !route.started {
            std::thread::Builder::new()
                .name("terminal".into())
                .spawn(read_events)
                .ok()?;
            route.started = true;
        }
    }
    Some(join(route()))
}

/// A new reader of `route`: what waits for it, and the end if the terminal has ended.
fn join(route: &Mutex<Route>) -> Receiver<TerminalEvent> {
    let mut route = route.lock().unwrap_or_else(PoisonError::into_inner);
    let (tx, rx) = unbounded();
    for event in route.waiting.drain(..) {
        // The receiver is in hand: sending cannot fail.
        let _ = tx.send(event);
    }
    if let Some(why) = &route.ended {
        let _ = tx.send(Err(why.clone()));
    }
    route.reader = Some(tx);
    rx
}

/// Reads the terminal until it can be read no more, handing each event on.
fn read_events() {
    loop {
        let event = crossterm::event::read().map_err(|err| err.to_string());
        let last = event.is_err();
        hand_on(route(), event);
        if last {
            return;
        }
    }
}

/// Gives `event` to the reader now, or keeps it for the next one.
fn hand_on(route: &Mutex<Route>, event: TerminalEvent) {
    let mut route = route.lock().unwrap_or_else(PoisonError::into_inner);
    if let Err(why) = &event {
        route.ended = Some(why.clone());
    }
    let event = match &route.reader {
        Some(reader) => match reader.send(event) {
            Ok(()) => return,
            // The reader has gone: the next one takes it.
            Err(unsent) => unsent.into_inner(),
        },
        None => event,
    };
    route.reader = None;
    // The end is told to every later reader (`ended`), not kept as an event.
    if event.is_ok() && route.waiting.len() < KEPT_AT_MOST {
        route.waiting.push(event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    fn key(c: char) -> TerminalEvent {
        Ok(Event::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::NONE,
        )))
    }

    /// A route of its own, with `reader` holding it.
    fn held_by(reader: Sender<TerminalEvent>) -> Mutex<Route> {
        Mutex::new(Route {
            reader: Some(reader),
            waiting: Vec::new(),
            started: true,
            ended: None,
        })
    }

    #[test]
    fn a_key_that_comes_after_its_reader_left_waits_for_the_next_reader() {
        let (tx, rx) = unbounded();
        let route = held_by(tx);
        hand_on(&route, key('a'));
        assert_eq!(rx.try_recv().unwrap(), key('a'));
        drop(rx);
        hand_on(&route, key('b'));
        hand_on(&route, key('c'));
        let waiting = route.lock().unwrap();
        assert!(waiting.reader.is_none());
        assert_eq!(waiting.waiting, [key('b'), key('c')]);
    }

    #[test]
    fn the_end_of_the_terminal_is_told_to_every_later_reader() {
        let (tx, rx) = unbounded();
        let route = held_by(tx);
        hand_on(&route, Err("closed".into()));
        assert_eq!(rx.try_recv().unwrap(), Err("closed".into()));
        drop(rx);
        let later = join(&route);
        assert_eq!(later.try_recv().unwrap(), Err("closed".into()));
        assert!(later.try_recv().is_err());
    }

    #[test]
    fn a_new_reader_gets_what_waited_and_its_predecessor_nothing_more() {
        let (tx, first) = unbounded();
        let route = held_by(tx);
        drop(first);
        hand_on(&route, key('a'));
        let second = join(&route);
        let third = join(&route);
        hand_on(&route, key('b'));
        assert_eq!(second.try_iter().collect::<Vec<_>>(), [key('a')]);
        assert_eq!(third.try_iter().collect::<Vec<_>>(), [key('b')]);
    }

    #[test]
    fn keys_nobody_reads_are_kept_up_to_a_bound() {
        let route = Mutex::new(Route::default());
        for _ in 0..KEPT_AT_MOST + 10 {
            hand_on(&route, key('x'));
        }
        assert_eq!(route.lock().unwrap().waiting.len(), KEPT_AT_MOST);
    }
}
