//! The queue policy: what interrupts what, what is dropped, what "repeat" says again.
//!
//! Pure code: it is fed with offers, "finished" reports and repeat requests, and answers with
//! [`PlaybackStep`]s for the audio adapter to carry out. It never touches a device or a clock.
//!
//! The rules, by [`Priority`]:
//! - An **alert** goes before everything queued; it interrupts a reading or a reply, which is
//!   said again in full afterwards; it waits for a move being said to finish.
//! - A **move** cuts a reading short and drops queued readings (the position they describe
//!   has changed); it waits for another move, an alert or a reply being said.
//! - A **reading** replaces an older reading, playing or queued (the newer request wins).
//! - Otherwise announcements wait their turn: higher priority first, in order of arrival.
//! - **Repeat** says the last announcement started again from its beginning, stopping what
//!   is being said (which is always that same announcement, or nothing).
//! - The queue holds at most `capacity` waiting announcements; beyond that the oldest of the
//!   least urgent is dropped.

use std::collections::VecDeque;

use super::utterance::{Priority, Utterance, UtteranceId};
use crate::notation::{Token, Word};

/// An announcement with its number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The number reported in events.
    pub id: UtteranceId,
    /// What is said.
    pub utterance: Utterance,
}

/// Why an announcement being said is stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// A newer announcement made it useless (a move after a position reading, a newer reading).
    Superseded,
    /// An alert came first; it is queued again and said in full afterwards.
    Interrupted,
    /// "Repeat" starts it again from the beginning.
    Repeated,
    /// Everything was silenced.
    Silenced,
}

/// Why a waiting announcement will never be said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropReason {
    /// A newer announcement made it useless.
    Superseded,
    /// Too many announcements were waiting.
    Overflow,
    /// Everything was silenced.
    Silenced,
}

/// One thing for the audio adapter to do, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlaybackStep {
    /// Stop saying the current announcement.
    Stop {
        /// The announcement stopped.
        id: UtteranceId,
        /// Why.
        why: StopReason,
    },
    /// Start saying this announcement now.
    Start(Entry),
    /// A waiting announcement is dropped unsaid.
    Drop {
        /// The announcement dropped.
        id: UtteranceId,
        /// Why.
        why: DropReason,
    },
}

/// The speaker's queue: the announcement being said, those waiting, and the last one started.
#[derive(Debug, Clone)]
pub struct SpeechQueue {
    current: Option<Entry>,
    pending: VecDeque<Entry>,
    last: Option<Utterance>,
    capacity: usize,
}

/// How many announcements may wait by default.
pub const DEFAULT_CAPACITY: usize = 16;

impl Default for SpeechQueue {
    fn default() -> Self {
        SpeechQueue::new(DEFAULT_CAPACITY)
    }
}

impl SpeechQueue {
    /// An empty queue holding at most `capacity` waiting announcements (at least one).
    pub fn new(capacity: usize) -> Self {
        SpeechQueue {
            current: None,
            pending: VecDeque::new(),
            last: None,
            capacity: capacity.max(1),
        }
    }

    /// The announcement being said, if any.
    pub fn current(&self) -> Option<&Entry> {
        self.current.as_ref()
    }

    /// The announcements waiting, in the order they will be said.
    pub fn pending(&self) -> impl Iterator<Item = &Entry> {
        self.pending.iter()
    }

    /// The last announcement started, which "repeat" says again.
    pub fn last(&self) -> Option<&Utterance> {
        self.last.as_ref()
    }

    /// A new announcement arrives.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn offer(&mut self, entry: Entry) -> Vec<PlaybackStep> {
        let mut steps = Vec::new();
        let priority = entry.utterance.priority;

        // Queued readings are useless after a move or a newer reading.
        if matches!(priority, Priority::Move | Priority::Reading) {
            self.drop_pending(
                |e| e.utterance.priority == Priority::Reading,
                DropReason::Superseded,
                &mut steps,
            );
        }

        if let Some(current) = &self.current {
            let playing = current.utterance.priority;
            match (priority, playing) {
                (Priority::Move | Priority::Reading, Priority::Reading) => {
                    steps.push(PlaybackStep::Stop {
                        id: current.id,
                        why: StopReason::Superseded,
                    });
                    self.current = None;
                }
                (Priority::Alert, Priority::Reading | Priority::Reply) => {
                    steps.push(PlaybackStep::Stop {
                        id: current.id,
                        why: StopReason::Interrupted,
                    });
                    let interrupted = self.current.take().expect("checked above");
                    self.insert(entry);
                    self.insert_front_of_class(interrupted);
                    self.trim(&mut steps);
                    self.start_next(&mut steps);
                    return steps;
                }
                _ => {}
            }
        }

        self.insert(entry);
        self.trim(&mut steps);
        self.start_next(&mut steps);
        steps
    }

    /// The adapter reports that an announcement has been said to the end. Reports about an
    /// announcement that is no longer current (stopped meanwhile) are ignored.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn finished(&mut self, id: UtteranceId) -> Vec<PlaybackStep> {
        let mut steps = Vec::new();
        if self.current.as_ref().is_some_and(|c| c.id == id) {
            self.current = None;
            self.start_next(&mut steps);
        }
        steps
    }

    /// Says the last announcement again from its beginning, under the number `id`. With
    /// nothing said yet, says "nothing to repeat".
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn repeat(&mut self, id: UtteranceId) -> Vec<PlaybackStep> {
        let mut steps = Vec::new();
        if let Some(current) = self.current.take() {
            steps.push(PlaybackStep::Stop {
                id: current.id,
                why: StopReason::Repeated,
            });
        }
        let entry = match &self.last {
            Some(last) => Entry {
                id,
                utterance: last.clone(),
            },
            None => {
                let nothing = Utterance::new([Token::Word(Word::NothingToRepeat)], Priority::Reply);
                self.current = Some(Entry {
                    id,
                    utterance: nothing,
                });
                steps.push(PlaybackStep::Start(self.current.clone().expect("just set")));
                return steps;
            }
        };
        self.current = Some(entry.clone());
        steps.push(PlaybackStep::Start(entry));
        steps
    }

    /// Stops what is being said and drops everything waiting. "Repeat" still works after it.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn silence(&mut self) -> Vec<PlaybackStep> {
        let mut steps = Vec::new();
        if let Some(current) = self.current.take() {
            steps.push(PlaybackStep::Stop {
                id: current.id,
                why: StopReason::Silenced,
            });
        }
        self.drop_pending(|_| true, DropReason::Silenced, &mut steps);
        steps
    }

    /// Inserts after every waiting entry at least as urgent.
    fn insert(&mut self, entry: Entry) {
        let priority = entry.utterance.priority;
        let at = self
            .pending
            .iter()
            .position(|e| e.utterance.priority < priority)
            .unwrap_or(self.pending.len());
        self.pending.insert(at, entry);
    }

    /// Inserts before every waiting entry of the same or lower urgency.
    fn insert_front_of_class(&mut self, entry: Entry) {
        let priority = entry.utterance.priority;
        let at = self
            .pending
            .iter()
            .position(|e| e.utterance.priority <= priority)
            .unwrap_or(self.pending.len());
        self.pending.insert(at, entry);
    }

    fn drop_pending(
        &mut self,
        mut which: impl FnMut(&Entry) -> bool,
        why: DropReason,
        steps: &mut Vec<PlaybackStep>,
    ) {
        self.pending.retain(|e| {
            if which(e) {
                steps.push(PlaybackStep::Drop { id: e.id, why });
                false
            } else {
                true
            }
        });
    }

    /// Drops the oldest of the least urgent while too many wait.
    fn trim(&mut self, steps: &mut Vec<PlaybackStep>) {
        while self.pending.len() > self.capacity {
            let lowest = self
                .pending
                .iter()
                .map(|e| e.utterance.priority)
                .min()
                .expect("not empty");
            let at = self
                .pending
                .iter()
                .position(|e| e.utterance.priority == lowest)
                .expect("present");
            let dropped = self.pending.remove(at).expect("present");
            steps.push(PlaybackStep::Drop {
                id: dropped.id,
                why: DropReason::Overflow,
            });
        }
    }

    fn start_next(&mut self, steps: &mut Vec<PlaybackStep>) {
        if self.current.is_none()
            && let Some(next) = self.pending.pop_front()
        {
            self.last = Some(next.utterance.clone());
            self.current = Some(next.clone());
            steps.push(PlaybackStep::Start(next));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Token;

    fn entry(id: u64, priority: Priority) -> Entry {
        Entry {
            id: UtteranceId(id),
            utterance: Utterance::new([Token::Number(id as u32)], priority),
        }
    }

    fn started(steps: &[PlaybackStep]) -> Vec<u64> {
        steps
            .iter()
            .filter_map(|s| {
                if let PlaybackStep::Start(e) = s {
                    Some(e.id.0)
                } else {
                    None
                }
            })
            .collect()
    }

    fn waiting(queue: &SpeechQueue) -> Vec<u64> {
        queue.pending().map(|e| e.id.0).collect()
    }

    #[test]
    fn an_announcement_starts_at_once_when_idle() {
        let mut q = SpeechQueue::default();
        assert_eq!(
            q.offer(entry(1, Priority::Reply)),
            vec![PlaybackStep::Start(entry(1, Priority::Reply))]
        );
        assert_eq!(q.current().map(|e| e.id.0), Some(1));
    }

    #[test]
    fn a_new_move_cuts_a_position_reading_short_and_drops_queued_readings() {
        let mut q = SpeechQueue::default();
        let _ = q.offer(entry(1, Priority::Reading));
        let _ = q.offer(entry(2, Priority::Move));
        // 2 started at once: the reading was stopped, not queued again.
        assert_eq!(q.current().map(|e| e.id.0), Some(2));
        let _ = q.offer(entry(3, Priority::Move));
        let _ = q.offer(entry(4, Priority::Reading));
        assert_eq!(waiting(&q), vec![3, 4]);
        let steps = q.offer(entry(5, Priority::Move));
        assert!(steps.contains(&PlaybackStep::Drop {
            id: UtteranceId(4),
            why: DropReason::Superseded
        }));
        assert_eq!(waiting(&q), vec![3, 5]);
    }

    #[test]
    fn the_move_that_cuts_a_reading_reports_the_stop_before_its_start() {
        let mut q = SpeechQueue::default();
        let _ = q.offer(entry(1, Priority::Reading));
        let steps = q.offer(entry(2, Priority::Move));
        assert_eq!(
            steps,
            vec![
                PlaybackStep::Stop {
                    id: UtteranceId(1),
                    why: StopReason::Superseded
                },
                PlaybackStep::Start(entry(2, Priority::Move)),
            ]
        );
    }

    #[test]
    fn a_time_warning_interrupts_a_long_reading_which_is_said_again_afterwards() {
        let mut q = SpeechQueue::default();
        let _ = q.offer(entry(1, Priority::Reading));
        let steps = q.offer(entry(2, Priority::Alert));
        assert_eq!(
            steps[0],
            PlaybackStep::Stop {
                id: UtteranceId(1),
                why: StopReason::Interrupted
            }
        );
        assert_eq!(started(&steps), vec![2]);
        assert_eq!(waiting(&q), vec![1]);
        assert_eq!(started(&q.finished(UtteranceId(2))), vec![1]);
    }

    #[test]
    fn an_alert_interrupts_a_reply_but_waits_for_a_move() {
        let mut q = SpeechQueue::default();
        let _ = q.offer(entry(1, Priority::Reply));
        let steps = q.offer(entry(2, Priority::Alert));
        assert_eq!(started(&steps), vec![2]);
        assert_eq!(waiting(&q), vec![1]);

        let mut q = SpeechQueue::default();
        let _ = q.offer(entry(1, Priority::Move));
        let _ = q.offer(entry(2, Priority::Move));
        let steps = q.offer(entry(3, Priority::Alert));
        assert!(
            steps.is_empty(),
            "a move being said is never cut: {steps:?}"
        );
        assert_eq!(
            waiting(&q),
            vec![3, 2],
            "the alert goes before the queued move"
        );
    }

    #[test]
    fn moves_and_replies_wait_their_turn_in_order() {
        let mut q = SpeechQueue::default();
        let _ = q.offer(entry(1, Priority::Move));
        let _ = q.offer(entry(2, Priority::Reply));
        let _ = q.offer(entry(3, Priority::Move));
        let _ = q.offer(entry(4, Priority::Reply));
        assert_eq!(waiting(&q), vec![3, 2, 4]);
        assert_eq!(started(&q.finished(UtteranceId(1))), vec![3]);
        assert_eq!(started(&q.finished(UtteranceId(3))), vec![2]);
        assert_eq!(started(&q.finished(UtteranceId(2))), vec![4]);
        assert!(q.finished(UtteranceId(4)).is_empty());
        assert!(q.current().is_none());
    }

    #[test]
    fn a_newer_reading_replaces_an_older_one() {
        let mut q = SpeechQueue::default();
        let _ = q.offer(entry(1, Priority::Reading));
        let steps = q.offer(entry(2, Priority::Reading));
        assert_eq!(
            steps[0],
            PlaybackStep::Stop {
                id: UtteranceId(1),
                why: StopReason::Superseded
            }
        );
        assert_eq!(q.current().map(|e| e.id.0), Some(2));
        assert!(waiting(&q).is_empty());
    }

    #[test]
    fn a_reply_does_not_cut_a_reading_but_waits_for_it() {
        let mut q = SpeechQueue::default();
        let _ = q.offer(entry(1, Priority::Reading));
        assert!(q.offer(entry(2, Priority::Reply)).is_empty());
        assert_eq!(waiting(&q), vec![2]);
    }

    #[test]
    fn repeat_says_the_last_announcement_again() {
        let mut q = SpeechQueue::default();
        let _ = q.offer(entry(1, Priority::Move));
        let _ = q.finished(UtteranceId(1));
        let steps = q.repeat(UtteranceId(7));
        assert_eq!(steps.len(), 1);
        let PlaybackStep::Start(again) = &steps[0] else {
            panic!("{steps:?}")
        };
        assert_eq!(
            (again.id, &again.utterance),
            (UtteranceId(7), &entry(1, Priority::Move).utterance)
        );
    }

    #[test]
    fn repeat_while_speaking_restarts_the_current_announcement_and_keeps_the_queue() {
        let mut q = SpeechQueue::default();
        let _ = q.offer(entry(1, Priority::Move));
        let _ = q.offer(entry(2, Priority::Move));
        let steps = q.repeat(UtteranceId(9));
        assert_eq!(
            steps[0],
            PlaybackStep::Stop {
                id: UtteranceId(1),
                why: StopReason::Repeated
            }
        );
        assert_eq!(started(&steps), vec![9]);
        assert_eq!(
            q.current().unwrap().utterance,
            entry(1, Priority::Move).utterance
        );
        assert_eq!(waiting(&q), vec![2]);
        // A late "finished" of the stopped one changes nothing.
        assert!(q.finished(UtteranceId(1)).is_empty());
        assert_eq!(started(&q.finished(UtteranceId(9))), vec![2]);
    }

    #[test]
    fn repeat_with_nothing_said_yet_says_so() {
        let mut q = SpeechQueue::default();
        let steps = q.repeat(UtteranceId(1));
        let PlaybackStep::Start(e) = &steps[0] else {
            panic!("{steps:?}")
        };
        assert_eq!(e.utterance.tokens, vec![Token::Word(Word::NothingToRepeat)]);
        assert!(
            q.last().is_none(),
            "the notice itself is not what repeat repeats"
        );
    }

    #[test]
    fn overflow_drops_the_oldest_of_the_least_urgent() {
        let mut q = SpeechQueue::new(2);
        let _ = q.offer(entry(1, Priority::Move));
        let _ = q.offer(entry(2, Priority::Reply));
        let _ = q.offer(entry(3, Priority::Reply));
        let steps = q.offer(entry(4, Priority::Move));
        assert_eq!(
            steps,
            vec![PlaybackStep::Drop {
                id: UtteranceId(2),
                why: DropReason::Overflow
            }]
        );
        assert_eq!(waiting(&q), vec![4, 3]);
    }

    #[test]
    fn silence_stops_and_drops_everything_but_repeat_still_works() {
        let mut q = SpeechQueue::default();
        let _ = q.offer(entry(1, Priority::Move));
        let _ = q.offer(entry(2, Priority::Reply));
        let steps = q.silence();
        assert_eq!(
            steps,
            vec![
                PlaybackStep::Stop {
                    id: UtteranceId(1),
                    why: StopReason::Silenced
                },
                PlaybackStep::Drop {
                    id: UtteranceId(2),
                    why: DropReason::Silenced
                },
            ]
        );
        assert!(q.current().is_none() && waiting(&q).is_empty());
        assert_eq!(started(&q.repeat(UtteranceId(3))), vec![3]);
    }
}
