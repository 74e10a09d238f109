//! The speaker's port: what the session says ([`Effect::Say`]), spoken by the speaker (clips,
//! the system's speech, a screen reader) at the rate asked ([`Effect::SpeechRate`]). The
//! speaker opens on a thread of its own (the system's speech engine may take seconds to
//! answer, or never): the game starts at once, its lines are printed, and what is said
//! meanwhile waits here for the speaker. What fell back (no sound, another voice) is
//! reported to the session, which says it.
//!
//! With speech in the VI player's earphone (`speech.device`, the equipment rules: only he
//! hears it), what both players and the arbiter must hear ([`Audience::Aloud`]: a matter put
//! to the arbiter, his ruling) is said on the system's default output as well.

use std::time::Duration;

use crossbeam_channel::{Receiver, Select};

use annexd_core::speech::{BackendKind, Channel, Utterance};
use annexd_core::{Audience, DeviceReport, Effect, Input, Settings, Token, Word};

use crate::app::port::{Port, Taken, take_ready, watch_one};
use crate::speech::{Speaker, SpeakerOptions};

/// The speakers a seat opens: its own, and with an earphone named, the room's.
struct Opened {
    speaker: Speaker,
    room: Option<Speaker>,
}

/// The speaker, open or opening.
pub(crate) struct SpeakerPort {
    speaker: Option<Speaker>,
    /// With speech in the VI player's earphone: the default output, for what is said aloud.
    room: Option<Speaker>,
    /// Speech goes to an earphone named in the settings.
    earphone: bool,
    /// The speakers while they open, with what was said meanwhile (to the seat's speaker,
    /// and aloud).
    opening: Option<(Receiver<Opened>, Vec<Utterance>, Vec<Utterance>)>,
    /// A speaking rate set during the game (for a speaker that opens after it).
    rate_while_opening: Option<f32>,
    stereo_split: bool,
    reports: Vec<Input>,
}

impl SpeakerPort {
    /// Starts opening the speaker the settings ask for; `None` for text lines only (the
    /// terminal's port prints them).
    pub(crate) fn open(settings: &Settings) -> Option<SpeakerPort> {
        if settings.speech.backend == BackendKind::Text {
            return None;
        }
        let earphone = !settings.speech.device.is_empty();
        let mut port = SpeakerPort {
            speaker: None,
            room: None,
            earphone,
            opening: None,
            rate_while_opening: None,
            stereo_split: settings.speech.stereo_split,
            reports: Vec::new(),
        };
        let options = SpeakerOptions::from(settings);
        let room_options = earphone.then(|| SpeakerOptions {
            device: None,
            ..options.clone()
        });
        let (opened, opening) = crossbeam_channel::bounded(1);
        let started = std::thread::Builder::new()
            .name("speech-open".into())
            .spawn(move || {
                // Text lines are printed by the terminal's port, so the speaker's own text
                // output (its last fallback) goes nowhere; its notices are reported.
                let speaker = Speaker::open(&options, Box::new(std::io::sink()));
                let room = room_options.map(|o| Speaker::open(&o, Box::new(std::io::sink())));
                // The port is gone only when the program is ending: nothing to say then.
                let _ = opened.send(Opened { speaker, room });
            });
        match started {
            Ok(_) => port.opening = Some((opening, Vec::new(), Vec::new())),
            Err(err) => port
                .reports
                .push(Input::Device(DeviceReport::SpeechFallback {
                    tokens: vec![Token::Word(Word::NoSound)],
                    detail: format!("cannot start the speech thread: {err}"),
                })),
        }
        Some(port)
    }

    /// The speaker is open: what fell back is reported, and what was said while it opened
    /// is said now (a text-only speaker is dropped: the terminal's port prints the lines).
    /// `None`: the opening thread ended without a speaker (it panicked, in the log).
    fn opened(&mut self, opened: Option<Opened>) {
        let (waiting, aloud) = self
            .opening
            .take()
            .map(|(_, waiting, aloud)| (waiting, aloud))
            .unwrap_or_default();
        let Some(Opened { speaker, room }) = opened else {
            self.reports
                .push(Input::Device(DeviceReport::SpeechFallback {
                    tokens: vec![Token::Word(Word::NoSound)],
                    detail: "the speech output could not be opened".to_string(),
                }));
            return;
        };
        if let Some(room) = room {
            for notice in room.notices() {
                self.reports
                    .push(Input::Device(DeviceReport::SpeechFallback {
                        tokens: notice.tokens.clone(),
                        detail: notice.detail.clone(),
                    }));
            }
            if room.backend() != BackendKind::Text {
                if let Some(rate) = self.rate_while_opening {
                    room.set_rate(rate);
                }
                for utterance in aloud {
                    room.say(utterance);
                }
                self.room = Some(room);
            }
        }
        for notice in speaker.notices() {
            self.reports
                .push(Input::Device(DeviceReport::SpeechFallback {
                    tokens: notice.tokens.clone(),
                    detail: notice.detail.clone(),
                }));
        }
        if speaker.backend() != BackendKind::Text {
            if let Some(rate) = self.rate_while_opening {
                speaker.set_rate(rate);
            }
            for utterance in waiting {
                speaker.say(utterance);
            }
            self.speaker = Some(speaker);
        }
    }
}

impl Port for SpeakerPort {
    fn watch<'a>(&'a self, select: &mut Select<'a>) -> usize {
        watch_one(select, self.opening.as_ref().map(|(opening, ..)| opening))
    }

    fn take(&mut self, _now: Duration) -> Vec<Input> {
        let Some((opening, ..)) = &self.opening else {
            return Vec::new();
        };
        match take_ready(opening) {
            Taken::Got(speaker) => self.opened(Some(speaker)),
            // The speaker is still opening.
            Taken::Nothing => {}
            Taken::Ended => self.opened(None),
        }
        Vec::new()
    }

    fn carry_out(&mut self, effect: &Effect, _now: Duration) {
        match effect {
            Effect::Say {
                tokens,
                priority,
                audience,
                ..
            } => {
                let channel = match audience {
                    Audience::Player(shakmaty::Color::White) if self.stereo_split => Channel::Left,
                    Audience::Player(shakmaty::Color::Black) if self.stereo_split => Channel::Right,
                    _ => Channel::Both,
                };
                let utterance = Utterance::new(tokens.clone(), *priority).on(channel);
                if self.earphone && *audience == Audience::Aloud {
                    // Both players and the arbiter hear it: aloud too.
                    if let Some(room) = &self.room {
                        room.say(utterance.clone());
                    } else if let Some((_, _, aloud)) = &mut self.opening {
                        aloud.push(utterance.clone());
                    }
                }
                if let Some(speaker) = &self.speaker {
                    speaker.say(utterance);
                } else if let Some((_, waiting, _)) = &mut self.opening {
                    waiting.push(utterance);
                }
            }
            Effect::SpeechRate(rate) => {
                for speaker in [&self.speaker, &self.room].into_iter().flatten() {
                    speaker.set_rate(*rate);
                }
                self.rate_while_opening = Some(*rate);
            }
            _ => {}
        }
    }

    fn reports(&mut self) -> Vec<Input> {
        std::mem::take(&mut self.reports)
    }

    /// The last words are heard before the program ends: a speaker still opening gets a
    /// moment to say them; no longer.
    fn finish(&mut self) -> bool {
        if let Some(speaker) = self
            .opening
            .as_ref()
            .and_then(|(opening, ..)| opening.recv_timeout(Duration::from_secs(3)).ok())
        {
            self.opened(Some(speaker));
        }
        for speaker in [&self.speaker, &self.room].into_iter().flatten() {
            speaker.wait_idle(Duration::from_secs(3));
        }
        true
    }
}
