//! When to listen: push-to-talk or always on, as a pure state machine.
//!
//! The gate sits between the conditioned audio and the recogniser. It gets audio and key
//! presses and answers with steps for the recogniser: feed these samples, finish the
//! utterance (get its result), or discard it. It holds no device and no clock, so it is
//! tested with plain arrays.
//!
//! - **Push-to-talk**: a key press opens the gate and the next one closes it (a toggle, so
//!   that one key serves a player who cannot hold it down while moving a piece). While it is
//!   closed the last [`PREROLL`] of audio is kept, and fed first when it opens: a word begun
//!   just before the key is not clipped. An utterance longer than [`MAX_UTTERANCE`] is
//!   finished on its own (a key forgotten open).
//! - **Always on**: everything is fed; the recogniser's end-pointer (trailing silence)
//!   finishes utterances. A key press mutes (discarding the utterance in progress) and the
//!   next one unmutes, for talking with the arbiter.

use std::collections::VecDeque;
use std::time::Duration;

/// How the microphone is used: the setting `[listen] mode`, and how the gate decides when an
/// utterance starts and ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ListenMode {
    /// No voice input (a gate in this mode never opens).
    #[default]
    Off,
    /// A key toggles listening on and off; the utterance ends when it is toggled off.
    #[serde(alias = "ptt")]
    PushToTalk,
    /// Always listening; silence after speech ends an utterance. A key mutes.
    #[serde(alias = "always-on")]
    Always,
}

impl std::str::FromStr for ListenMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "off" | "none" => Ok(ListenMode::Off),
            "ptt" | "push-to-talk" | "push" => Ok(ListenMode::PushToTalk),
            "always" | "always-on" | "on" => Ok(ListenMode::Always),
            other => Err(format!(
                "unknown listening mode '{other}': use off, push-to-talk or always"
            )),
        }
    }
}

/// Audio kept from before a push-to-talk key press.
pub const PREROLL: Duration = Duration::from_millis(300);
/// The longest push-to-talk utterance; longer ones are finished on their own.
pub const MAX_UTTERANCE: Duration = Duration::from_secs(15);

/// What the recogniser is to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecogniserStep {
    /// Decode these samples (at the model's rate).
    Feed(Vec<i16>),
    /// The utterance is over: produce its result.
    Finish,
    /// Throw the utterance in progress away.
    Discard,
}

/// The listening state.
#[derive(Debug)]
pub struct Gate {
    mode: ListenMode,
    /// Push-to-talk: the key is on. Always-on: not muted.
    open: bool,
    preroll: VecDeque<i16>,
    preroll_len: usize,
    max_utterance: usize,
    /// Samples fed in the current push-to-talk utterance.
    fed: usize,
}

impl Gate {
    /// A gate for audio at `rate` samples per second.
    pub fn new(mode: ListenMode, rate: u32) -> Gate {
        let samples = |d: Duration| (d.as_secs_f64() * f64::from(rate)).round() as usize;
        Gate {
            mode,
            open: mode == ListenMode::Always,
            preroll: VecDeque::with_capacity(samples(PREROLL)),
            preroll_len: samples(PREROLL),
            max_utterance: samples(MAX_UTTERANCE),
            fed: 0,
        }
    }

    /// The mode.
    pub fn mode(&self) -> ListenMode {
        self.mode
    }

    /// True while audio goes to the recogniser.
    pub fn is_listening(&self) -> bool {
        self.open
    }

    /// Audio arrived.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn audio(&mut self, samples: &[i16]) -> Vec<RecogniserStep> {
        match (self.mode, self.open) {
            (ListenMode::Off, _) => Vec::new(),
            (ListenMode::Always, true) => vec![RecogniserStep::Feed(samples.to_vec())],
            (ListenMode::Always, false) => Vec::new(),
            (ListenMode::PushToTalk, false) => {
                self.preroll.extend(samples.iter().copied());
                let excess = self.preroll.len().saturating_sub(self.preroll_len);
                self.preroll.drain(..excess);
                Vec::new()
            }
            (ListenMode::PushToTalk, true) => {
                let room = self.max_utterance.saturating_sub(self.fed);
                let take = room.min(samples.len());
                self.fed += take;
                let mut steps = vec![RecogniserStep::Feed(samples[..take].to_vec())];
                if self.fed >= self.max_utterance {
                    self.open = false;
                    steps.push(RecogniserStep::Finish);
                    self.preroll.clear();
                    // Closed now: the rest goes to the preroll of the next utterance.
                    steps.extend(self.audio(&samples[take..]));
                }
                steps
            }
        }
    }

    /// The key was pressed.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn toggle(&mut self) -> Vec<RecogniserStep> {
        if self.mode == ListenMode::Off {
            return Vec::new();
        }
        self.open = !self.open;
        match (self.mode, self.open) {
            (ListenMode::Off, _) => Vec::new(),
            (ListenMode::PushToTalk, true) => {
                self.fed = self.preroll.len();
                vec![RecogniserStep::Feed(self.preroll.drain(..).collect())]
            }
            (ListenMode::PushToTalk, false) => vec![RecogniserStep::Finish],
            (ListenMode::Always, false) => vec![RecogniserStep::Discard],
            (ListenMode::Always, true) => Vec::new(),
        }
    }

    /// The source ended (end of a file): an open utterance is finished.
    #[must_use = "it is what the state machine decided: carry it out"]
    pub fn end_of_audio(&mut self) -> Vec<RecogniserStep> {
        if self.open {
            vec![RecogniserStep::Finish]
        } else {
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: u32 = 1000; // small numbers: 300 samples of preroll

    fn fed(steps: &[RecogniserStep]) -> usize {
        steps
            .iter()
            .map(|s| match s {
                RecogniserStep::Feed(v) => v.len(),
                _ => 0,
            })
            .sum()
    }

    #[test]
    fn push_to_talk_keeps_a_preroll_and_finishes_on_the_second_press() {
        let mut gate = Gate::new(ListenMode::PushToTalk, RATE);
        assert!(!gate.is_listening());
        assert!(gate.audio(&[1; 500]).is_empty());
        assert!(gate.audio(&[2; 100]).is_empty());
        let opened = gate.toggle();
        assert_eq!(fed(&opened), 300);
        let RecogniserStep::Feed(preroll) = &opened[0] else {
            panic!()
        };
        assert_eq!(&preroll[200..], &[2; 100][..], "the newest audio is kept");
        assert_eq!(
            gate.audio(&[3; 50]),
            vec![RecogniserStep::Feed(vec![3; 50])]
        );
        assert_eq!(gate.toggle(), vec![RecogniserStep::Finish]);
        assert!(gate.end_of_audio().is_empty());
    }

    #[test]
    fn a_forgotten_key_ends_the_utterance_after_the_longest_one() {
        let mut gate = Gate::new(ListenMode::PushToTalk, RATE);
        let _ = gate.toggle();
        let limit = (MAX_UTTERANCE.as_secs() * 1000) as usize;
        let steps = gate.audio(&vec![0; limit + 10]);
        assert_eq!(fed(&steps), limit);
        assert_eq!(steps.last(), Some(&RecogniserStep::Finish));
        assert!(!gate.is_listening());
        // The next press starts a new utterance with the audio after the limit as preroll.
        assert_eq!(fed(&gate.toggle()), 10);
    }

    #[test]
    fn always_on_feeds_everything_and_the_key_mutes() {
        let mut gate = Gate::new(ListenMode::Always, RATE);
        assert!(gate.is_listening());
        assert_eq!(
            gate.audio(&[5; 10]),
            vec![RecogniserStep::Feed(vec![5; 10])]
        );
        assert_eq!(gate.toggle(), vec![RecogniserStep::Discard]);
        assert!(gate.audio(&[5; 10]).is_empty());
        assert!(gate.toggle().is_empty());
        assert_eq!(gate.end_of_audio(), vec![RecogniserStep::Finish]);
        assert_eq!("always".parse(), Ok(ListenMode::Always));
        assert_eq!("ptt".parse(), Ok(ListenMode::PushToTalk));
        assert_eq!("off".parse(), Ok(ListenMode::Off));
        assert!("sometimes".parse::<ListenMode>().is_err());
        let mut off = Gate::new(ListenMode::Off, RATE);
        assert!(off.toggle().is_empty() && off.audio(&[1; 10]).is_empty());
        assert!(!off.is_listening());
    }
}
