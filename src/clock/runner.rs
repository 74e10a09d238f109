//! The real-time loop of a talking clock: it owns the clock, waits on a channel of inputs with
//! a timeout that ends at the clock's next deadline, and hands announcements to an output.
//! Idle means asleep: no ticking, no polling (see the "Clock" benchmark in
//! `docs/benchmarks.md`). Inputs may come from any thread: keys, a board's clock key, a foot
//! switch, the session.

use std::io::Write;
use std::time::Instant;

use crossbeam_channel::{Receiver, RecvTimeoutError};

use annexd_core::clock::{Announcement, AnnouncementKind, ClockInput, TalkingClock};
use annexd_core::{Lang, Token};

/// Where announcements go: text lines now, speech when a speech backend is plugged in.
pub trait ClockOutput {
    /// Says one announcement (its tokens, in the output's language and voice).
    fn announce(&mut self, announcement: &Announcement);
}

/// Plain text lines, one an announcement: what a screen reader or a Braille display reads.
pub struct TextLines<W: Write> {
    out: W,
    lang: Lang,
    line_end: &'static str,
}

impl<W: Write> TextLines<W> {
    /// Lines ending in `\r\n`, for a terminal in raw mode.
    pub fn raw_terminal(out: W, lang: Lang) -> Self {
        TextLines {
            out,
            lang,
            line_end: "\r\n",
        }
    }
}

impl<W: Write> ClockOutput for TextLines<W> {
    fn announce(&mut self, announcement: &Announcement) {
        let text = self.lang.text(&announcement.tokens);
        // A line that cannot be written (a closed terminal) cannot be said either; the clock
        // itself goes on.
        let _ = write!(self.out, "{text}{}", self.line_end);
        // Standard output or error is closed: there is nowhere else to write this.
        let _ = self.out.flush();
    }
}

/// Text lines and speech together: every announcement is printed and spoken (the speaker
/// falls back to text alone, and says so, where there is no sound).
pub struct SpokenLines<W: Write> {
    lines: TextLines<W>,
    speaker: crate::speech::Speaker,
}

impl<W: Write> SpokenLines<W> {
    /// Speaks through `speaker` besides writing `lines`.
    pub fn new(lines: TextLines<W>, speaker: crate::speech::Speaker) -> Self {
        SpokenLines { lines, speaker }
    }
}

impl<W: Write> ClockOutput for SpokenLines<W> {
    fn announce(&mut self, announcement: &Announcement) {
        use annexd_core::speech::Utterance;
        let priority = announcement.kind.priority();
        self.speaker
            .say(Utterance::new(announcement.tokens.clone(), priority));
        self.lines.announce(announcement);
    }
}

/// What the loop receives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoopEvent {
    /// An input for the clock.
    Clock(ClockInput),
    /// Something for the output that is not about the clock (help, a confirmation).
    Say(Vec<Token>),
    /// Stop the loop.
    Quit,
}

/// What the loop did, to show that it slept between deadlines and inputs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LoopStats {
    /// Times the loop woke up (an input arrived or a deadline passed).
    pub wakeups: u64,
    /// Of those, because a deadline passed.
    pub deadlines: u64,
    /// Of those, because an input arrived.
    pub inputs: u64,
    /// Announcements made.
    pub announcements: u64,
}

/// Runs the clock until [`LoopEvent::Quit`] or until every sender is gone. `epoch` is the
/// moment that is time zero for the clock.
pub fn run_loop(
    clock: &mut TalkingClock,
    events: &Receiver<LoopEvent>,
    out: &mut dyn ClockOutput,
    epoch: Instant,
) -> LoopStats {
    let mut stats = LoopStats::default();
    loop {
        for announcement in clock.poll(epoch.elapsed()) {
            out.announce(&announcement);
            stats.announcements += 1;
        }
        let received = match clock.next_deadline() {
            Some(deadline) => match events.recv_deadline(epoch + deadline) {
                Ok(event) => Some(event),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => break,
            },
            None => match events.recv() {
                Ok(event) => Some(event),
                // Every source of events has ended: so has the clock.
                Err(_) => break,
            },
        };
        stats.wakeups += 1;
        let Some(event) = received else {
            stats.deadlines += 1;
            continue;
        };
        stats.inputs += 1;
        let now = epoch.elapsed();
        match event {
            LoopEvent::Clock(input) => {
                let announcements = clock.handle(input, now).unwrap_or_else(|refusal| {
                    vec![Announcement {
                        at: now,
                        kind: AnnouncementKind::Refused,
                        tokens: refusal.tokens(),
                    }]
                });
                for announcement in announcements {
                    out.announce(&announcement);
                    stats.announcements += 1;
                }
            }
            LoopEvent::Say(tokens) => {
                out.announce(&Announcement {
                    at: now,
                    kind: AnnouncementKind::Answer,
                    tokens,
                });
                stats.announcements += 1;
            }
            LoopEvent::Quit => break,
        }
    }
    stats
}
