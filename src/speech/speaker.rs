//! The speaker: opens the chosen output with fallbacks, and runs the queue policy of
//! [`annexd_core::speech::SpeechQueue`] on a thread of its own that drives the output. The rest
//! of the program only calls [`Speaker::say`], and may listen to [`SpeechEvent`]s (for
//! instance to mute the microphone while the speaker talks).
//!
//! Nothing here panics or waits for ever: opening an output has a deadline, a device that
//! stops taking samples or an engine that never begins speaking is replaced by text lines.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, bounded, unbounded};

use super::compose::Pacing;
use super::output::clips::ClipsOutput;
use super::output::text::TextOutput;
use super::output::{Line, Notice, Output, Progress, StartError};
use super::voice::VoiceLibrary;
use annexd_core::speech::{
    BackendKind, DropReason, PlaybackStep, QueuedUtterance, SpeechQueue, StopReason, Utterance,
    UtteranceId,
};
use annexd_core::{Lang, Settings, Speech, Token, Word, WordSet};

/// How long opening an output may take before the next is tried (the system speech engine
/// may take 4 s to list its voices).
pub fn open_timeout(kind: BackendKind) -> Duration {
    match kind {
        BackendKind::Tts => Duration::from_secs(10),
        BackendKind::Clips | BackendKind::Text | BackendKind::ScreenReader => {
            Duration::from_secs(5)
        }
    }
}
/// How often the speaker thread looks at the output while something is being said.
const POLL: Duration = Duration::from_millis(5);

/// What a speaker is opened with: the adapter's options, made from the settings
/// (`annexd_core::config::SpeakerOptions`, whose defaults are the only ones) and the language.
#[derive(Debug, Clone, PartialEq)]
pub struct SpeakerOptions {
    /// The language announcements are said in.
    pub lang: Lang,
    /// The words of moves: the Annex D words or the language's own (D.2.1).
    pub words: WordSet,
    /// The output wanted; others are tried when it does not work.
    pub backend: BackendKind,
    /// The voice for the clips output (default: "espeak" of the language).
    pub voice: Option<String>,
    /// Speaking rate: 1.0 normal, 0.5 … 2.0.
    pub rate: f32,
    /// Silence between words of the clips output, in milliseconds at the normal rate.
    pub gap_ms: u64,
    /// Also write every announcement as a text line (for a screen reader or Braille display).
    pub text_lines: bool,
    /// A voice folder root searched before the usual ones.
    pub voices_dir: Option<PathBuf>,
    /// The sound output, by name (the VI player's earphone); `None`: the default one. Only
    /// the clips output can choose one: the others are not tried (they would speak aloud).
    pub device: Option<String>,
}

impl From<&Settings> for SpeakerOptions {
    fn from(settings: &Settings) -> Self {
        let speech = &settings.speech;
        SpeakerOptions {
            lang: settings.game.language,
            words: settings.game.words,
            backend: speech.backend,
            voice: Some(speech.voice.clone()),
            rate: speech.rate,
            gap_ms: u64::from(speech.pause_ms),
            text_lines: false,
            voices_dir: None,
            device: (!speech.device.is_empty()).then(|| speech.device.clone()),
        }
    }
}

impl SpeakerOptions {
    /// The default settings' speech in `lang` through `backend`.
    pub fn new(lang: Lang, backend: BackendKind) -> SpeakerOptions {
        let mut settings = Settings::default();
        settings.game.language = lang;
        settings.speech.backend = backend;
        SpeakerOptions::from(&settings)
    }

    /// The language and word set announcements are said in.
    pub fn speech(&self) -> Speech {
        Speech::new(self.lang, self.words)
    }

    /// The pacing of the clips output.
    pub fn pacing(&self) -> Pacing {
        Pacing {
            gap: Duration::from_millis(self.gap_ms),
            rate: self.rate,
        }
    }

    /// The voice library these settings search.
    pub fn library(&self) -> VoiceLibrary {
        let mut library = VoiceLibrary::default();
        if let Some(dir) = &self.voices_dir {
            library.roots.insert(0, dir.clone());
        }
        library
    }
}

/// What happens to announcements, for whoever listens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpeechEvent {
    /// An announcement started on this output.
    Started {
        /// Which one.
        id: UtteranceId,
        /// Where it is said.
        backend: BackendKind,
    },
    /// Its first sample reached the sound device (clips output only).
    Audible {
        /// Which one.
        id: UtteranceId,
        /// When.
        at: Instant,
    },
    /// Said to the end.
    Finished {
        /// Which one.
        id: UtteranceId,
    },
    /// Stopped before its end.
    Stopped {
        /// Which one.
        id: UtteranceId,
        /// Why.
        why: StopReason,
    },
    /// Dropped from the queue unsaid.
    Dropped {
        /// Which one.
        id: UtteranceId,
        /// Why.
        why: DropReason,
    },
    /// The output stopped working; announcements now go to another.
    FellBack {
        /// The output now used.
        to: BackendKind,
        /// What went wrong.
        detail: String,
    },
}

enum ToSpeaker {
    Say(QueuedUtterance),
    SetRate(f32),
    WhenIdle(Sender<()>),
    Shutdown,
}

/// Says announcements one after another on a thread of its own.
pub struct Speaker {
    commands: Sender<ToSpeaker>,
    events: Receiver<SpeechEvent>,
    next_id: AtomicU64,
    backend: BackendKind,
    notices: Vec<Notice>,
    thread: Option<(JoinHandle<()>, Receiver<()>)>,
}

/// The output a speaker thread will own, built inside it (some engines cannot move between
/// threads).
type MakeOutput =
    Box<dyn FnOnce() -> Result<(Box<dyn Output>, Option<String>), OpenFailure> + Send>;

/// Why an output could not be opened, and whether the sound device itself is the cause.
struct OpenFailure {
    detail: String,
    no_sound: bool,
}

impl OpenFailure {
    /// Why output `kind` does not speak, in words: no sound device, the system's speech
    /// engine silent (`silent`: it did not answer in time) or missing, no voice.
    fn reason(&self, kind: BackendKind, silent: bool) -> Word {
        match kind {
            _ if self.no_sound => Word::NoSoundDevice,
            BackendKind::Tts if silent => Word::SpeechEngineSilent,
            BackendKind::Tts => Word::SpeechEngineUnavailable,
            BackendKind::Clips => Word::NoVoice,
            BackendKind::ScreenReader | BackendKind::Text => Word::NoScreenReader,
        }
    }
}

impl Speaker {
    /// Opens the output the settings ask for; when it does not work, tries the other sound
    /// output (unless the sound device itself is missing), then text lines on `text_out`,
    /// which always work. What fell back and why is in [`Speaker::notices`].
    pub fn open(settings: &SpeakerOptions, text_out: Box<dyn Write + Send>) -> Speaker {
        let mut notices = Vec::new();
        let plan: Vec<BackendKind> = match settings.backend {
            // An earphone named: the system's speech would not go there.
            BackendKind::Clips if settings.device.is_some() => vec![BackendKind::Clips],
            BackendKind::Clips => vec![BackendKind::Clips, BackendKind::Tts],
            BackendKind::Tts => vec![BackendKind::Tts, BackendKind::Clips],
            BackendKind::Text => vec![],
            // Where no screen reader speaks, its text lines are the way it reads.
            BackendKind::ScreenReader => vec![BackendKind::ScreenReader],
        };
        let shared_text = SharedWriter::new(text_out);
        let mut sound_missing = false;
        // Why each output did not speak, in words, for the last notice.
        let mut reasons: Vec<Word> = Vec::new();
        for kind in plan {
            if sound_missing {
                break;
            }
            let make = match make_output(kind, settings) {
                Ok(make) => make,
                Err(failure) => {
                    notices.push(fallback_notice(kind, &failure.detail));
                    sound_missing |= failure.no_sound;
                    reasons.push(failure.reason(kind, false));
                    continue;
                }
            };
            let started = Instant::now();
            match Speaker::spawn(kind, settings, make, shared_text.clone()) {
                Ok((mut speaker, remark)) => {
                    if let Some(remark) = remark {
                        notices.push(super::output::screen_reader::in_use(kind, remark));
                    }
                    speaker.notices = notices;
                    return speaker;
                }
                Err(failure) => {
                    notices.push(fallback_notice(kind, &failure.detail));
                    sound_missing |= failure.no_sound;
                    let silent = started.elapsed() >= open_timeout(kind);
                    reasons.push(failure.reason(kind, silent));
                }
            }
        }
        reasons.dedup();
        let make: MakeOutput = {
            let text = shared_text.clone();
            Box::new(move || {
                Ok((
                    Box::new(TextOutput::new(Box::new(text))) as Box<dyn Output>,
                    None,
                ))
            })
        };
        let (mut speaker, _) = match Speaker::spawn(BackendKind::Text, settings, make, shared_text)
        {
            Ok(opened) => opened,
            Err(failure) => unreachable!("text lines always open: {}", failure.detail),
        };
        if settings.backend == BackendKind::ScreenReader {
            let causes: Vec<_> = notices.iter().map(|n| n.detail.clone()).collect();
            notices.push(Notice {
                tokens: vec![Token::Word(Word::NoScreenReader)],
                detail: format!(
                    "no screen reader speaks ({}): announcements are written as text lines",
                    causes.join("; ")
                ),
            });
        } else if settings.backend != BackendKind::Text {
            let causes: Vec<_> = notices.iter().map(|n| n.detail.clone()).collect();
            let mut tokens = vec![Token::Word(Word::NoSound)];
            for reason in reasons {
                tokens.extend([Token::Pause, Token::Word(reason)]);
            }
            notices.push(Notice {
                tokens,
                detail: format!(
                    "no sound output ({}): announcements are written as text lines",
                    causes.join("; ")
                ),
            });
        }
        speaker.notices = notices;
        speaker
    }

    fn spawn(
        kind: BackendKind,
        settings: &SpeakerOptions,
        make: MakeOutput,
        text: SharedWriter,
    ) -> Result<(Speaker, Option<String>), OpenFailure> {
        let (commands, inbox) = unbounded();
        let (event_tx, events) = bounded(1024);
        let (opened_tx, opened) = bounded(1);
        let (done_tx, done) = bounded(1);
        let speech = settings.speech();
        let echo = settings.text_lines && kind != BackendKind::Text;
        let thread = std::thread::Builder::new()
            .name(format!("speech-{kind}"))
            .spawn(move || {
                let output = match make() {
                    Ok((output, remark)) => {
                        // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                        let _ = opened_tx.send(Ok(remark));
                        output
                    }
                    Err(failure) => {
                        // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                        let _ = opened_tx.send(Err(failure));
                        return;
                    }
                };
                let mut worker = Worker {
                    speech,
                    output,
                    text: TextOutput::new(Box::new(text.clone())),
                    writer: text,
                    echo,
                    queue: SpeechQueue::default(),
                    events: event_tx,
                    waiters: Vec::new(),
                };
                worker.run(inbox);
                // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                let _ = done_tx.send(());
            })
            .map_err(|e| OpenFailure {
                detail: format!("cannot start the speech thread: {e}"),
                no_sound: false,
            })?;
        let timeout = open_timeout(kind);
        match opened.recv_timeout(timeout) {
            Ok(Ok(remark)) => Ok((
                Speaker {
                    commands,
                    events,
                    next_id: AtomicU64::new(1),
                    backend: kind,
                    notices: Vec::new(),
                    thread: Some((thread, done)),
                },
                remark,
            )),
            Ok(Err(failure)) => {
                // A thread that panicked has reported it already; shutting down goes on.
                let _ = thread.join();
                Err(failure)
            }
            // The thread is stuck opening; it ends by itself when it sees its inbox closed.
            Err(_) => Err(OpenFailure {
                detail: format!(
                    "the {kind} output did not open within {} s",
                    timeout.as_secs()
                ),
                no_sound: false,
            }),
        }
    }

    /// The output in use.
    pub fn backend(&self) -> BackendKind {
        self.backend
    }

    /// What fell back while opening, and why.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Hands an announcement to the queue; returns its number for the events.
    pub fn say(&self, utterance: Utterance) -> UtteranceId {
        let id = self.new_id();
        self.send(ToSpeaker::Say(QueuedUtterance { id, utterance }));
        id
    }

    /// Speaks at `rate` (1.0 normal, 0.5 … 2.0) from the next announcement on.
    pub fn set_rate(&self, rate: f32) {
        self.send(ToSpeaker::SetRate(rate));
    }

    /// What happens to the announcements.
    pub fn events(&self) -> &Receiver<SpeechEvent> {
        &self.events
    }

    /// Waits until nothing is being said or waiting, at most `timeout`; true when idle.
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        let (tx, rx) = bounded(1);
        self.commands.send(ToSpeaker::WhenIdle(tx)).is_ok() && rx.recv_timeout(timeout).is_ok()
    }

    /// Hands a command to the speech thread. The thread ends only on `Shutdown` (or a panic,
    /// which it reports): after that there is nothing left to say, so a refusal is ignored.
    fn send(&self, command: ToSpeaker) {
        let _ = self.commands.send(command);
    }

    /// Stops speaking and ends the thread, waiting for it at most `timeout`.
    pub fn shutdown(mut self, timeout: Duration) {
        self.stop_thread(timeout);
    }

    fn stop_thread(&mut self, timeout: Duration) {
        self.send(ToSpeaker::Shutdown);
        if let Some((thread, done)) = self.thread.take()
            && done.recv_timeout(timeout).is_ok()
        {
            // A thread that panicked has reported it already; shutting down goes on.
            let _ = thread.join();
        }
    }

    fn new_id(&self) -> UtteranceId {
        UtteranceId(self.next_id.fetch_add(1, Ordering::Relaxed))
    }
}

impl Drop for Speaker {
    fn drop(&mut self) {
        self.stop_thread(Duration::from_secs(1));
    }
}

fn fallback_notice(kind: BackendKind, detail: &str) -> Notice {
    Notice {
        tokens: vec![],
        detail: format!("{kind}: {detail}"),
    }
}

/// Prepares the opening of an output: the parts that need no thread (loading a voice) are
/// done here, so their errors come back at once.
fn make_output(kind: BackendKind, settings: &SpeakerOptions) -> Result<MakeOutput, OpenFailure> {
    match kind {
        BackendKind::Clips => {
            let (voice, _) = settings
                .library()
                .load(settings.lang, settings.voice.as_deref())
                .map_err(|e| OpenFailure {
                    detail: e.to_string(),
                    no_sound: false,
                })?;
            let voice = Arc::new(voice);
            let pacing = settings.pacing();
            let device = settings.device.clone();
            Ok(Box::new(move || {
                ClipsOutput::open(voice, pacing, device.as_deref())
                    .map(|o| (Box::new(o) as Box<dyn Output>, None))
                    .map_err(|e| OpenFailure {
                        detail: e.to_string(),
                        no_sound: true,
                    })
            }))
        }
        #[cfg(feature = "tts")]
        BackendKind::Tts => {
            let (lang, rate) = (settings.lang, settings.rate);
            Ok(Box::new(move || {
                super::output::tts::TtsOutput::open(lang, rate)
                    .map(|(o, remark)| (Box::new(o) as Box<dyn Output>, remark))
                    .map_err(|detail| OpenFailure {
                        detail,
                        no_sound: false,
                    })
            }))
        }
        #[cfg(not(feature = "tts"))]
        BackendKind::Tts => Err(OpenFailure {
            detail: "this build has no system speech engine (cargo feature `tts`)".to_owned(),
            no_sound: false,
        }),
        #[cfg(windows)]
        BackendKind::ScreenReader => {
            let rate = settings.rate;
            Ok(Box::new(move || {
                super::output::screen_reader::ScreenReaderOutput::open(rate)
                    .map(|(o, reader)| {
                        (
                            Box::new(o) as Box<dyn Output>,
                            Some(reader.name().to_owned()),
                        )
                    })
                    .map_err(|detail| OpenFailure {
                        detail,
                        no_sound: false,
                    })
            }))
        }
        #[cfg(not(windows))]
        BackendKind::ScreenReader => Err(OpenFailure {
            detail: "JAWS and NVDA speak on Windows only; here a screen reader (Orca) reads \
                     the text lines"
                .to_owned(),
            no_sound: false,
        }),
        BackendKind::Text => unreachable!("text lines need no preparation"),
    }
}

/// The speaker thread's state: the queue policy and the output it drives.
struct Worker {
    speech: Speech,
    output: Box<dyn Output>,
    text: TextOutput,
    writer: SharedWriter,
    echo: bool,
    queue: SpeechQueue,
    events: Sender<SpeechEvent>,
    waiters: Vec<Sender<()>>,
}

impl Worker {
    fn run(&mut self, inbox: Receiver<ToSpeaker>) {
        let mut audible_reported = false;
        loop {
            let command = if self.queue.current().is_some() {
                match inbox.recv_timeout(POLL) {
                    Ok(command) => Some(command),
                    Err(crossbeam_channel::RecvTimeoutError::Timeout) => None,
                    Err(crossbeam_channel::RecvTimeoutError::Disconnected) => break,
                }
            } else {
                match inbox.recv() {
                    Ok(command) => Some(command),
                    // The speaker was dropped: the thread ends with it.
                    Err(_) => break,
                }
            };
            let steps = match command {
                Some(ToSpeaker::Say(entry)) => self.queue.offer(entry),
                Some(ToSpeaker::SetRate(rate)) => {
                    self.output.set_rate(rate);
                    Vec::new()
                }
                Some(ToSpeaker::WhenIdle(tx)) => {
                    self.waiters.push(tx);
                    Vec::new()
                }
                Some(ToSpeaker::Shutdown) => break,
                None => Vec::new(),
            };
            if steps.iter().any(|s| matches!(s, PlaybackStep::Start(_))) {
                audible_reported = false;
            }
            self.apply(steps);
            self.follow(&mut audible_reported);
            if self.queue.current().is_none() {
                for waiter in self.waiters.drain(..) {
                    // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                    let _ = waiter.send(());
                }
            }
        }
        self.output.stop();
    }

    /// Watches the announcement being said until it ends.
    fn follow(&mut self, audible_reported: &mut bool) {
        while let Some(current) = self.queue.current().map(|e| e.id) {
            if !*audible_reported && let Some(at) = self.output.audible_since() {
                self.emit(SpeechEvent::Audible { id: current, at });
                *audible_reported = true;
            }
            match self.output.poll(Instant::now()) {
                Progress::Playing => return,
                Progress::Done => {
                    self.emit(SpeechEvent::Finished { id: current });
                    let steps = self.queue.finished(current);
                    *audible_reported = false;
                    self.apply(steps);
                }
                Progress::Failed(detail) => self.fall_back(detail),
            }
        }
    }

    fn apply(&mut self, steps: Vec<PlaybackStep>) {
        for step in steps {
            match step {
                PlaybackStep::Stop { id, why } => {
                    self.output.stop();
                    self.emit(SpeechEvent::Stopped { id, why });
                }
                PlaybackStep::Drop { id, why } => self.emit(SpeechEvent::Dropped { id, why }),
                PlaybackStep::Start(entry) => self.start(&entry),
            }
        }
    }

    fn start(&mut self, entry: &QueuedUtterance) {
        let mut words = Vec::with_capacity(entry.utterance.tokens.len() * 2);
        self.speech.push_tokens(&entry.utterance.tokens, &mut words);
        let text = annexd_core::join_words(&words);
        if self.echo {
            self.text.write_line(&text);
        }
        let line = Line {
            words: &words,
            text: &text,
            channel: entry.utterance.channel,
        };
        match self.output.start(line, Instant::now()) {
            Ok(()) => self.emit(SpeechEvent::Started {
                id: entry.id,
                backend: self.output.kind(),
            }),
            Err(StartError::MissingClip(missing)) => {
                // This one announcement goes out as a text line rather than with a word
                // missing; the output holds nothing, so the queue moves on at the next poll.
                if !self.echo {
                    self.text.write_line(&text);
                }
                tracing::warn!("{missing}; said as a text line");
                self.emit(SpeechEvent::Started {
                    id: entry.id,
                    backend: BackendKind::Text,
                });
            }
            Err(StartError::Broken(detail)) => self.fall_back(detail),
        }
    }

    /// The output stopped working: text lines from now on; the announcement being said goes
    /// out as a text line unless its line was written already.
    fn fall_back(&mut self, detail: String) {
        let from = self.output.kind();
        tracing::warn!("{from} output failed: {detail}; writing text lines");
        self.output.stop();
        self.output = Box::new(TextOutput::new(Box::new(self.writer.clone())));
        self.emit(SpeechEvent::FellBack {
            to: BackendKind::Text,
            detail: format!("{from} output failed: {detail}"),
        });
        let echoed = std::mem::replace(&mut self.echo, false);
        if !echoed && let Some(current) = self.queue.current().cloned() {
            self.start(&current);
        }
    }

    /// Tells whoever listens what happened to speech; a reader that has gone (shutting
    /// down) needs nothing, a reader that is 1024 events behind loses this one, in the log.
    fn emit(&self, event: SpeechEvent) {
        if let Err(crossbeam_channel::TrySendError::Full(event)) = self.events.try_send(event) {
            tracing::warn!("a speech event was dropped, its reader is behind: {event:?}");
        }
    }
}

/// A writer shared by the text output and the echo of the other outputs.
#[derive(Clone)]
struct SharedWriter(Arc<std::sync::Mutex<Box<dyn Write + Send>>>);

impl SharedWriter {
    fn new(out: Box<dyn Write + Send>) -> Self {
        SharedWriter(Arc::new(std::sync::Mutex::new(out)))
    }
}

impl Write for SharedWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("text output poisoned"))?
            .write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("text output poisoned"))?
            .flush()
    }
}
