//! The queue policy: what interrupts what, and what is dropped.
//!
//! Pure code: it is fed with offers and "finished" reports, and answers with
//! [`PlaybackStep`]s for the audio adapter to carry out. It never touches a device or a clock.
//!
//! The rules, by [`Priority`]:
//! - An **alert** goes before everything queued; it interrupts a reading or a reply, which is
//!   said again in full afterwards; it waits for a move being said to finish.
//! - A **move** cuts a reading short and drops queued readings (the position they describe
//!   has changed); it waits for another move, an alert or a reply being said.
//! - A **reading** replaces an older reading, playing or queued (the newer request wins).
//! - Otherwise announcements wait their turn: higher priority first, in order of arrival.
//! - The queue holds at most `capacity` waiting announcements; beyond that the oldest of the
//!   least urgent is dropped.

use std::collections::VecDeque;

use super::utterance::{Priority, Utterance, UtteranceId};

/// An announcement with its number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedUtterance {
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
}

/// Why a waiting announcement will never be said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropReason {
    /// A newer announcement made it useless.
    Superseded,
    /// Too many announcements were waiting.
    Overflow,
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
    Start(QueuedUtterance),
    /// A waiting announcement is dropped unsaid.
    Drop {
        /// The announcement dropped.
        id: UtteranceId,
        /// Why.
        why: DropReason,
    },
}

/// The speaker's queue: the announcement being said and those waiting.
#[derive(Debug, Clone)]
pub struct SpeechQueue {
    current: Option<QueuedUtterance>,
    pending: VecDeque<QueuedUtterance>,
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
            capacity: capacity.max(1),
        }
    }

    /// The announcement being said, if any.
    pub fn current(&self) -> Option<&QueuedUtterance> {
        self.current.as_ref()
    }

    /// The announcements waiting, in the order they will be said.
    pub fn pending(&self) -> impl Iterator<Item = &QueuedUtterance> {
        self.pending.iter()
    }

    /// A new announcement arrives.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn offer(&mut self, entry: QueuedUtterance) -> Vec<PlaybackStep> {
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

    /// Inserts after every waiting entry at least as urgent.
    fn insert(&mut self, entry: QueuedUtterance) {
        let priority = entry.utterance.priority;
        let at = self
            .pending
            .iter()
            .position(|e| e.utterance.priority < priority)
            .unwrap_or(self.pending.len());
        self.pending.insert(at, entry);
    }

    /// Inserts before every waiting entry of the same or lower urgency.
    fn insert_front_of_class(&mut self, entry: QueuedUtterance) {
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
        mut which: impl FnMut(&QueuedUtterance) -> bool,
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
            self.current = Some(next.clone());
            steps.push(PlaybackStep::Start(next));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Token;

    fn entry(id: u64, priority: Priority) -> QueuedUtterance {
        QueuedUtterance {
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
}
