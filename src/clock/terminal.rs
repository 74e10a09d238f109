//! The standalone talking clock in a terminal: single keys in raw mode (crossterm), every
//! output a plain text line (screen readers read lines). Keys are chosen to be found blind on
//! any keyboard layout (QWERTY, QWERTZ, AZERTY): Space, Enter, and the letters on and next to
//! the two home-row bumps F and J. See `docs/clock.md`.

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use shakmaty::Color;

use super::runner::{ClockOutput, LoopEvent, LoopStats, TextLines, run_loop};
use crate::error::Error;
use annexd_core::clock::{
    AnnounceConfig, Announcement, AnnouncementKind, ClockInput, ClockOptions, Query, TalkingClock,
    TimeControl,
};
use annexd_core::{Lang, Token, Word};

/// The same key again within this time is the key's auto-repeat (a key held down), not a new
/// press, and is ignored; so a held Space cannot press for both sides. Q is the exception: it
/// is pressed twice in a row to quit.
pub const REPEAT_GUARD: Duration = Duration::from_millis(700);

/// Turns keys into loop events: the key table, the auto-repeat guard and the quit question.
#[derive(Debug, Default)]
pub struct KeyMap {
    last: Option<(KeyCode, Duration)>,
    quit_asked: bool,
}

impl KeyMap {
    /// The event for `key` pressed at `now` (time since any fixed moment), if any.
    pub fn map(&mut self, key: KeyEvent, now: Duration) -> Option<LoopEvent> {
        if key.kind != KeyEventKind::Press {
            return None;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Some(LoopEvent::Quit);
        }
        let code = match key.code {
            KeyCode::Char(c) => KeyCode::Char(c.to_ascii_lowercase()),
            other => other,
        };
        let repeated = self
            .last
            .is_some_and(|(last, at)| last == code && now.saturating_sub(at) < REPEAT_GUARD);
        self.last = Some((code, now));
        // Q is not guarded: "Q twice" is meant to be pressed quickly.
        if repeated && code != KeyCode::Char('q') {
            return None;
        }
        let quit_asked = std::mem::take(&mut self.quit_asked);
        let clock = |input| Some(LoopEvent::Clock(input));
        match code {
            KeyCode::Char('q') if quit_asked => Some(LoopEvent::Quit),
            KeyCode::Char('q') => {
                self.quit_asked = true;
                Some(LoopEvent::Say(vec![Token::Word(Word::PressAgainToQuit)]))
            }
            KeyCode::Char(' ') => clock(ClockInput::Button(None)),
            KeyCode::Char('f') => clock(ClockInput::Button(Some(Color::White))),
            KeyCode::Char('j') => clock(ClockInput::Button(Some(Color::Black))),
            KeyCode::Enter => clock(ClockInput::Query(Query::All)),
            KeyCode::Char('d') => clock(ClockInput::Query(Query::Side(Color::White))),
            KeyCode::Char('k') => clock(ClockInput::Query(Query::Side(Color::Black))),
            KeyCode::Char('m') => clock(ClockInput::Query(Query::MoveNumber)),
            KeyCode::Char('p') => clock(ClockInput::TogglePause),
            KeyCode::Char('h') | KeyCode::Char('?') => {
                Some(LoopEvent::Say(vec![Token::Word(Word::ClockKeys)]))
            }
            // Asked whether to quit, another key answers no.
            _ if quit_asked => Some(LoopEvent::Say(vec![Token::Word(Word::NotEnding)])),
            _ => Some(LoopEvent::Say(vec![Token::Word(Word::UnknownCommand)])),
        }
    }
}

/// Leaves raw mode when dropped, also on a panic.
struct RawMode;

impl RawMode {
    fn enable() -> io::Result<RawMode> {
        crossterm::terminal::enable_raw_mode()?;
        Ok(RawMode)
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        // Restoring the terminal on the way out: if it fails there is nothing better to do.
        let _ = crossterm::terminal::disable_raw_mode();
    }
}

/// Runs the talking clock in this terminal until the user quits; without a terminal for its
/// keys it says so.
pub fn run(
    control: TimeControl,
    options: ClockOptions,
    config: AnnounceConfig,
    lang: Lang,
    speech: annexd_core::speech::BackendKind,
) -> Result<LoopStats, Error> {
    let mut clock = TalkingClock::new(control.clone(), options, config);
    let raw =
        RawMode::enable().map_err(|e| Error::new(lang, Word::NeedsATerminal).logged(e).usage())?;
    let (sender, events) = crossbeam_channel::unbounded();
    let epoch = Instant::now();
    let lines = TextLines::raw_terminal(io::stdout(), lang);
    let mut out: Box<dyn ClockOutput> = if speech == annexd_core::speech::BackendKind::Text {
        Box::new(lines)
    } else {
        let settings = crate::speech::SpeakerOptions::new(lang, speech);
        // Lines are written by the clock itself; the speaker's own text fallback goes nowhere.
        let speaker = crate::speech::Speaker::open(&settings, Box::new(io::sink()));
        for notice in speaker.notices() {
            if !notice.tokens.is_empty() {
                let text = lang.text(&notice.tokens);
                // Standard output or error is closed: there is nowhere else to write this.
                let _ =
                    std::io::Write::write_all(&mut io::stdout(), format!("{text}\r\n").as_bytes());
            }
        }
        Box::new(super::runner::SpokenLines::new(lines, speaker))
    };
    for tokens in [control.tokens(), vec![Token::Word(Word::ClockKeys)]] {
        out.announce(&Announcement {
            at: Duration::ZERO,
            kind: AnnouncementKind::Answer,
            tokens,
        });
    }
    // The terminal's events (crate::ui::terminal_events: read blocking, no timeout, no CPU),
    // turned into the clock's on a thread that ends with the process.
    let terminal = crate::ui::terminal_events::take_over()
        .ok_or_else(|| Error::new(lang, Word::Error).logged("no thread for the terminal's keys"))?;
    std::thread::Builder::new()
        .name("clock-keys".into())
        .spawn(move || {
            let mut keys = KeyMap::default();
            for read in terminal {
                let event = match read {
                    Ok(Event::Key(key)) => keys.map(key, epoch.elapsed()),
                    Ok(_) => None,
                    Err(e) => {
                        tracing::error!("the terminal's keys cannot be read, the clock ends: {e}");
                        Some(LoopEvent::Quit)
                    }
                };
                if let Some(event) = event {
                    let quit = event == LoopEvent::Quit;
                    if sender.send(event).is_err() || quit {
                        break;
                    }
                }
            }
        })
        .map_err(|e| Error::new(lang, Word::Error).logged(e))?;
    let stats = run_loop(&mut clock, &events, out.as_mut(), epoch);
    drop(raw);
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    fn ms(m: u64) -> Duration {
        Duration::from_millis(m)
    }

    #[test]
    fn the_key_table() {
        let mut keys = KeyMap::default();
        let mut at = 0;
        let mut press = |k: KeyEvent| {
            at += 1000;
            keys.map(k, ms(at))
        };
        assert_eq!(
            press(key(' ')),
            Some(LoopEvent::Clock(ClockInput::Button(None)))
        );
        assert_eq!(
            press(key('f')),
            Some(LoopEvent::Clock(ClockInput::Button(Some(Color::White))))
        );
        assert_eq!(
            press(key('J')),
            Some(LoopEvent::Clock(ClockInput::Button(Some(Color::Black))))
        );
        assert_eq!(
            press(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)),
            Some(LoopEvent::Clock(ClockInput::Query(Query::All)))
        );
        assert_eq!(
            press(key('d')),
            Some(LoopEvent::Clock(ClockInput::Query(Query::Side(
                Color::White
            ))))
        );
        assert_eq!(
            press(key('k')),
            Some(LoopEvent::Clock(ClockInput::Query(Query::Side(
                Color::Black
            ))))
        );
        assert_eq!(
            press(key('m')),
            Some(LoopEvent::Clock(ClockInput::Query(Query::MoveNumber)))
        );
        assert_eq!(
            press(key('p')),
            Some(LoopEvent::Clock(ClockInput::TogglePause))
        );
        assert_eq!(
            press(key('h')),
            Some(LoopEvent::Say(vec![Token::Word(Word::ClockKeys)]))
        );
        assert_eq!(
            press(key('x')),
            Some(LoopEvent::Say(vec![Token::Word(Word::UnknownCommand)]))
        );
        assert_eq!(
            press(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(LoopEvent::Quit)
        );
    }

    #[test]
    fn another_key_after_q_says_the_clock_is_not_ending() {
        let mut keys = KeyMap::default();
        keys.map(key('q'), ms(0));
        assert_eq!(
            keys.map(key('x'), ms(100)),
            Some(LoopEvent::Say(vec![Token::Word(Word::NotEnding)]))
        );
        assert_eq!(
            keys.map(key('x'), ms(1000)),
            Some(LoopEvent::Say(vec![Token::Word(Word::UnknownCommand)]))
        );
    }

    #[test]
    fn quitting_takes_q_twice() {
        let mut keys = KeyMap::default();
        assert_eq!(
            keys.map(key('q'), ms(0)),
            Some(LoopEvent::Say(vec![Token::Word(Word::PressAgainToQuit)]))
        );
        assert_eq!(
            keys.map(key('m'), ms(1000)),
            Some(LoopEvent::Clock(ClockInput::Query(Query::MoveNumber)))
        );
        assert_eq!(
            keys.map(key('q'), ms(2000)),
            Some(LoopEvent::Say(vec![Token::Word(Word::PressAgainToQuit)]))
        );
        assert_eq!(keys.map(key('q'), ms(3000)), Some(LoopEvent::Quit));
        // Quickly, as people press "twice".
        let mut keys = KeyMap::default();
        assert_eq!(
            keys.map(key('q'), ms(0)),
            Some(LoopEvent::Say(vec![Token::Word(Word::PressAgainToQuit)]))
        );
        assert_eq!(keys.map(key('q'), ms(150)), Some(LoopEvent::Quit));
    }

    #[test]
    fn a_held_key_counts_once() {
        let mut keys = KeyMap::default();
        assert!(keys.map(key(' '), ms(0)).is_some());
        // Auto-repeat: after half a second, then thirty times a second.
        for t in (500..3000).step_by(33) {
            assert_eq!(keys.map(key(' '), ms(t)), None, "at {t} ms");
        }
        // Let go, then press again.
        assert!(keys.map(key(' '), ms(4000)).is_some());
        // Another key right after is a new press.
        assert!(keys.map(key('j'), ms(4010)).is_some());
    }
}
