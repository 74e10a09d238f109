//! The system speech engine through the `tts` crate (speech-dispatcher on Linux, SAPI/Tolk on
//! Windows, AVFoundation on macOS).
//!
//! Engines may never report the end of speech (speech-dispatcher without sound reports the
//! beginning, then keeps `is_speaking()` true for ever), so every wait has a deadline: an
//! announcement that has not begun within [`BEGIN_TIMEOUT`], or has not ended after a generous
//! estimate of its length, is a failure, and the speaker falls back to text lines. Engines
//! without utterance callbacks are asked `is_speaking()`, and trusted after the deadline.
//!
//! Choosing the voice of the language lists the engine's voices, which takes speech-dispatcher
//! with espeak-ng (thirteen thousand voices) about 4 s: opening allows for it.

use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, unbounded};

use super::{BackendKind, Line, Output, Progress, StartError};
use annexd_core::Lang;

/// How long an engine may take to begin speaking before it counts as not working.
pub const BEGIN_TIMEOUT: Duration = Duration::from_secs(3);

/// What the engine reports about its utterances.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Report {
    Begin(tts::UtteranceId),
    End(tts::UtteranceId),
}

/// Speaks through the system's speech engine.
pub struct TtsOutput {
    tts: tts::Tts,
    reports: Receiver<Report>,
    callbacks: bool,
    current: Option<Current>,
    rate: f32,
}

struct Current {
    id: Option<tts::UtteranceId>,
    begun: bool,
    started: Instant,
    end_deadline: Instant,
}

impl TtsOutput {
    /// Connects to the engine; `rate` is the speaking rate (1.0 normal, 0.5 … 2.0). Returns
    /// the output and a remark when the engine has no voice for the language.
    pub fn open(lang: Lang, rate: f32) -> Result<(Self, Option<String>), String> {
        let mut tts = tts::Tts::default()
            .map_err(|e| format!("the system speech engine is not available: {e}"))?;
        let (tx, reports) = unbounded();
        let callbacks =
            tts.supported_features().utterance_callbacks && install_callbacks(&tts, tx).is_ok();
        let remark = choose_voice(&mut tts, lang);
        set_rate(&mut tts, rate);
        Ok((
            TtsOutput {
                tts,
                reports,
                callbacks,
                current: None,
                rate,
            },
            remark,
        ))
    }
}

fn install_callbacks(tts: &tts::Tts, tx: Sender<Report>) -> Result<(), tts::Error> {
    // The engine may call back after the output is dropped; its reports then have no reader.
    let begin = tx.clone();
    tts.on_utterance_begin(Some(Box::new(move |id| {
        let _ = begin.send(Report::Begin(id));
    })))?;
    let end = tx.clone();
    tts.on_utterance_end(Some(Box::new(move |id| {
        let _ = end.send(Report::End(id));
    })))?;
    tts.on_utterance_stop(Some(Box::new(move |id| {
        let _ = tx.send(Report::End(id));
    })))
}

/// Picks a voice of the language; a remark when there is none.
fn choose_voice(tts: &mut tts::Tts, lang: Lang) -> Option<String> {
    if !tts.supported_features().voice {
        return None;
    }
    let voices = match tts.voices() {
        Ok(voices) => voices,
        Err(e) => {
            return Some(format!(
                "the speech engine lists no voices ({e}); it speaks with its default voice"
            ));
        }
    };
    let matching = voices.iter().find(|v| {
        v.language()
            .primary_language()
            .eq_ignore_ascii_case(lang.code())
    });
    match matching {
        Some(voice) => match tts.set_voice(voice) {
            Ok(()) => None,
            Err(e) => Some(format!("cannot choose the voice {}: {e}", voice.name())),
        },
        None => Some(format!(
            "the speech engine has no {lang} voice; it speaks with its default voice"
        )),
    }
}

/// Maps 0.5 … 1 … 2 onto the engine's minimum … normal … maximum rate.
fn set_rate(tts: &mut tts::Tts, rate: f32) {
    if !tts.supported_features().rate {
        return;
    }
    let (min, normal, max) = (tts.min_rate(), tts.normal_rate(), tts.max_rate());
    let rate = rate.clamp(0.5, 2.0);
    let value = if rate >= 1.0 {
        normal + (rate - 1.0) * (max - normal)
    } else {
        normal - (1.0 - rate) * 2.0 * (normal - min)
    };
    // Speech at the engine's own rate is still speech: the refusal goes to the log.
    if let Err(err) = tts.set_rate(value) {
        tracing::warn!("the speech engine refused the rate {value}: {err}");
    }
}

/// A generous bound on how long an engine takes to say a text.
fn estimate(text: &str, rate: f32) -> Duration {
    // About 12 characters a second at the normal rate; doubled, plus slack.
    let seconds = text.chars().count() as f32 / (12.0 * rate.clamp(0.5, 2.0));
    Duration::from_secs_f32(seconds * 2.0) + Duration::from_secs(2)
}

impl Output for TtsOutput {
    fn set_rate(&mut self, rate: f32) {
        self.rate = rate;
        set_rate(&mut self.tts, rate);
    }

    fn kind(&self) -> BackendKind {
        BackendKind::Tts
    }

    fn start(&mut self, line: Line<'_>, now: Instant) -> Result<(), StartError> {
        while self.reports.try_recv().is_ok() {}
        let id = self
            .tts
            .speak(line.text, true)
            .map_err(|e| StartError::Broken(format!("the speech engine refused to speak: {e}")))?;
        let end_deadline = now + BEGIN_TIMEOUT + estimate(line.text, self.rate);
        self.current = Some(Current {
            id,
            begun: !self.callbacks,
            started: now,
            end_deadline,
        });
        Ok(())
    }

    fn poll(&mut self, now: Instant) -> Progress {
        let Some(current) = &mut self.current else {
            return Progress::Done;
        };
        for report in self.reports.try_iter() {
            match report {
                Report::Begin(id) if Some(id) == current.id || current.id.is_none() => {
                    current.begun = true
                }
                Report::End(id) if Some(id) == current.id || current.id.is_none() => {
                    self.current = None;
                    return Progress::Done;
                }
                _ => {}
            }
        }
        if !current.begun && now.duration_since(current.started) > BEGIN_TIMEOUT {
            self.current = None;
            return Progress::Failed(format!(
                "the speech engine did not begin speaking within {} s (no sound output?)",
                BEGIN_TIMEOUT.as_secs()
            ));
        }
        if !self.callbacks && now.duration_since(current.started) > Duration::from_millis(200) {
            // Without callbacks, ask the engine, but never wait past the deadline.
            if let Ok(false) = self.tts.is_speaking() {
                self.current = None;
                return Progress::Done;
            }
        }
        if now > current.end_deadline {
            self.current = None;
            // A working engine reports the end; one that never does has no sound output.
            return if self.callbacks {
                Progress::Failed(
                    "the speech engine never finished speaking (no sound output?)".to_owned(),
                )
            } else {
                Progress::Done
            };
        }
        Progress::Playing
    }

    fn stop(&mut self) {
        if self.current.take().is_some() {
            // An engine that cannot stop finishes the text; the next one waits for it.
            if let Err(err) = self.tts.stop() {
                tracing::warn!("the speech engine could not stop: {err}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_grows_with_the_text_and_shrinks_with_the_rate() {
        let short = estimate("Springer Felix drei", 1.0);
        let long = estimate(&"Springer Felix drei ".repeat(10), 1.0);
        assert!(long > short * 5);
        assert!(estimate("Springer Felix drei", 2.0) < short);
    }
}
