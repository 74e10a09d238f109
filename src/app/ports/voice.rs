//! The recogniser's port: voice input, started once the game has greeted (loading a model
//! takes a moment) as the settings ask; what it hears and how it fares go to the session as
//! inputs, which decides what is said. It starts and stops listening when asked
//! ([`Effect::ToggleListening`], push-to-talk) and follows the game's position from the
//! session's snapshots ([`Effect::View`]).

use std::time::Duration;

use crossbeam_channel::{Receiver, Select, unbounded};

use annexd_core::listen::ListenMode;
use annexd_core::{DeviceReport, Effect, Input, Settings};

use crate::app::options::PlayArgs;
use crate::app::port::{Port, Taken, take_ready, watch_one};
use crate::listen::{self, ListenConfig, ListenEvent, Listener};

/// Voice input.
pub(crate) struct VoicePort {
    config: ListenConfig,
    /// The listener and its events, while it runs.
    listener: Option<(Listener, Receiver<ListenEvent>)>,
    /// The position the listener was last told of.
    heard_in: shakmaty::Chess,
}

impl VoicePort {
    /// Voice input as the settings ask, in `position`; `None` when it is off.
    pub(crate) fn new(
        settings: &Settings,
        args: &PlayArgs,
        position: &shakmaty::Chess,
    ) -> Option<VoicePort> {
        if settings.listen.mode == ListenMode::Off {
            return None;
        }
        let mut config = ListenConfig::from(settings);
        if let Some(path) = &args.seat.listen_wav {
            config.input = listen::AudioInput::WavFile(path.clone());
            config.start_talking = true;
        }
        Some(VoicePort {
            config,
            listener: None,
            heard_in: position.clone(),
        })
    }
}

impl Port for VoicePort {
    /// Starts the listener; reports whether voice input is on (which recogniser listens,
    /// and anything to say once about it) or why it is off.
    fn start(&mut self) -> Vec<Input> {
        self.config.position = Some(self.heard_in.clone());
        let (events_tx, events) = unbounded();
        vec![Input::Device(
            match listen::start(&self.config, events_tx) {
                Ok(listener) => {
                    let recogniser = listener.recogniser().tokens();
                    let notice = listener.notice().map(<[_]>::to_vec);
                    self.listener = Some((listener, events));
                    DeviceReport::VoiceOn { recogniser, notice }
                }
                Err(off) => DeviceReport::VoiceOff {
                    reason: off.tokens(),
                    detail: off.to_string(),
                },
            },
        )]
    }

    fn watch<'a>(&'a self, select: &mut Select<'a>) -> usize {
        watch_one(select, self.listener.as_ref().map(|(_, events)| events))
    }

    fn take(&mut self, _now: Duration) -> Vec<Input> {
        let Some((_, events)) = &self.listener else {
            return Vec::new();
        };
        match take_ready(events) {
            Taken::Got(event) => vec![voice_input(event, self.config.mode == ListenMode::Always)],
            Taken::Nothing => Vec::new(),
            Taken::Ended => {
                // The recogniser has stopped for good.
                self.listener = None;
                Vec::new()
            }
        }
    }

    fn carry_out(&mut self, effect: &Effect, _now: Duration) {
        let Some((listener, _)) = &self.listener else {
            return;
        };
        match effect {
            Effect::ToggleListening => listener.toggle(),
            // The position has changed (a move, a take-back).
            Effect::View(snapshot) if snapshot.position != self.heard_in => {
                listener.set_position(&snapshot.position);
                self.heard_in = snapshot.position.clone();
            }
            _ => {}
        }
    }

    fn leave(&mut self) {
        self.listener = None;
    }
}

/// What the recogniser reports, as the session takes it.
fn voice_input(event: ListenEvent, always_on: bool) -> Input {
    match event {
        ListenEvent::Heard(heard) => Input::Heard { heard, always_on },
        ListenEvent::Listening(on) => Input::Device(DeviceReport::Listening(on)),
        ListenEvent::SpeechTooFaint => Input::Device(DeviceReport::SpeechTooFaint),
        ListenEvent::Stopped {
            reason: Some(off),
            stats,
        } => Input::Device(DeviceReport::VoiceOff {
            reason: off.tokens(),
            detail: format!("{off} ({stats:?})"),
        }),
        ListenEvent::Stopped {
            reason: None,
            stats,
        } => Input::Device(DeviceReport::VoiceEnded {
            detail: format!("{stats:?}"),
        }),
    }
}
