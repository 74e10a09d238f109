//! The listener: a thread that captures audio, decodes it and sends what was heard.
//!
//! [`start`] finds and loads the model, opens the input and runs the capture pipeline on its
//! own thread, sending [`ListenEvent`]s on the session's channel. The session presses the
//! push-to-talk (or mute) key with [`Listener::toggle`]; dropping the [`Listener`] stops it.
//! When voice input cannot run, `start` says why ([`VoiceOff`]), in tokens to be said once.

use std::path::PathBuf;
use std::time::Duration;

use crossbeam_channel::Sender;

use super::models::ModelError;
use super::recogniser::LoadedModel;
use annexd_core::listen::{DecodeStats, Heard, ListenMode, RecogniserChoice, RecogniserKind};
use annexd_core::{Lang, Settings, Token, Word, WordSet};
use shakmaty::Chess;

/// Where the listener takes audio from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AudioInput {
    /// An input device: `None` or `"default"` for the system default, else its name.
    Device(Option<String>),
    /// A WAV file, decoded as fast as possible, as one always-on stream.
    WavFile(PathBuf),
}

/// How to listen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListenConfig {
    /// Which recogniser: auto, vosk or whisper (see [`RecogniserChoice`]).
    pub recogniser: RecogniserChoice,
    /// The model folder, or `None` to search `models/` (see `super::models::find_model`).
    pub model: Option<PathBuf>,
    /// The language listened for (moves are heard in both word sets).
    pub lang: Lang,
    /// The word set the session speaks: the one whose words a model must know, or be
    /// reported as unknown when it loads.
    pub words: WordSet,
    /// Push-to-talk or always on.
    pub mode: ListenMode,
    /// The audio source.
    pub input: AudioInput,
    /// Empty: listen for the moves and commands of `lang`. Otherwise listen for these
    /// phrases only (to try a model of another language); one empty phrase: free speech.
    pub phrases: Vec<String>,
    /// Stop after this much audio, counted in samples (a device that runs faster than real
    /// time, like an ALSA file device, stops at the same point of the recording).
    pub max_audio: Option<Duration>,
    /// Push-to-talk: start with the key already pressed, so the first utterance begins with
    /// the first sample the device delivers (for recording a whole take).
    pub start_talking: bool,
    /// The position at start, for Whisper's prompt (`None`: every word of moves); later
    /// positions come with [`Listener::set_position`].
    pub position: Option<Chess>,
    /// The folder of the player's own recorded voice, whose words search every utterance
    /// beside the recogniser (`super::own_voice`); `None`: none.
    pub own_voice: Option<PathBuf>,
}

/// The listener the settings ask for: their language, mode, model and input device.
impl From<&Settings> for ListenConfig {
    fn from(settings: &Settings) -> Self {
        let listen = &settings.listen;
        let named = |text: &str| {
            Some(text.trim())
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
        };
        ListenConfig {
            recogniser: listen.recogniser,
            model: named(&listen.model).map(PathBuf::from),
            mode: listen.mode,
            input: AudioInput::Device(named(&listen.device)),
            words: settings.game.words,
            own_voice: named(&listen.own_voice)
                .map(|name| super::own_voice::voice_dir(&name, settings.game.language)),
            ..ListenConfig::new(settings.game.language)
        }
    }
}

impl ListenConfig {
    /// Listening for `lang` from the default microphone, push-to-talk, with the model found
    /// in `models/`.
    pub fn new(lang: Lang) -> ListenConfig {
        ListenConfig {
            recogniser: RecogniserChoice::Auto,
            model: None,
            lang,
            words: WordSet::AnnexD,
            mode: ListenMode::PushToTalk,
            input: AudioInput::Device(None),
            phrases: Vec::new(),
            max_audio: None,
            start_talking: false,
            position: None,
            own_voice: None,
        }
    }
}

/// What the listener reports.
#[derive(Debug, Clone, PartialEq)]
pub enum ListenEvent {
    /// Listening was switched on or off (the push-to-talk key, or mute).
    Listening(bool),
    /// An utterance, to be understood with [`annexd_core::listen::understand`].
    Heard(Heard),
    /// Speech too faint to be heard was listened to (said once a minute at most).
    SpeechTooFaint,
    /// The listener stopped: asked to, at the end of the input, or because the input failed
    /// (`reason`). Nothing more will come.
    Stopped {
        /// Why, when it was not asked to stop and the input did not just end.
        reason: Option<VoiceOff>,
        /// The decoding work done.
        stats: DecodeStats,
    },
}

/// Why voice input is off.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VoiceOff {
    /// No usable model (or voice input not built in).
    #[error("{0}")]
    Model(#[from] ModelError),
    /// No usable microphone (or audio file).
    #[error("{0}")]
    Microphone(String),
    /// The recording given to listen to cannot be read (not a WAV file, or an encoding that
    /// cannot be decoded).
    #[error("cannot read {path}: {reason}")]
    Recording {
        /// The file.
        path: String,
        /// Why not.
        reason: String,
    },
    /// The audio stopped being usable while listening (a device that changed to a format
    /// that cannot be audio).
    #[error("{0}")]
    Audio(String),
}

impl VoiceOff {
    /// What the program says once about it.
    pub fn tokens(&self) -> Vec<Token> {
        match self {
            VoiceOff::Model(err) => err.tokens(),
            VoiceOff::Microphone(_) => vec![
                Token::Word(Word::NoMicrophone),
                Token::Pause,
                Token::Word(Word::VoiceInputOff),
            ],
            VoiceOff::Recording { .. } => vec![Token::Word(Word::BadClip)],
            VoiceOff::Audio(_) => vec![Token::Word(Word::VoiceInputStopped)],
        }
    }
}

/// A running listener. Dropping it stops the thread (and closes the device).
#[derive(Debug)]
pub struct Listener {
    control: Sender<Control>,
    thread: Option<std::thread::JoinHandle<()>>,
    notice: Option<Vec<Token>>,
    kind: RecogniserKind,
}

#[derive(Debug, Clone)]
enum Control {
    Toggle,
    Position(Box<Chess>),
    Stop,
}

impl Listener {
    /// The push-to-talk key: starts or ends an utterance (always-on mode: mutes, unmutes).
    pub fn toggle(&self) {
        // The listening thread has ended only if its input did (a recording played to its end);
        // then there is nothing to toggle.
        let _ = self.control.send(Control::Toggle);
    }

    /// The position changed: Whisper is told the words of its moves (Vosk's grammar does
    /// not depend on it).
    pub fn set_position(&self, position: &Chess) {
        if self.kind == RecogniserKind::Whisper {
            // The listening thread has ended only if its input did: nothing left to hear.
            let _ = self
                .control
                .send(Control::Position(Box::new(position.clone())));
        }
    }

    /// What to say once at start besides "listening", e.g. the words the model does not
    /// know ("diese Wörter kennt das Sprachmodell nicht, Hector").
    pub fn notice(&self) -> Option<&[Token]> {
        self.notice.as_deref()
    }

    /// The recogniser in use.
    pub fn recogniser(&self) -> RecogniserKind {
        self.kind
    }

    /// Stops listening and waits for the thread; its last event is
    /// [`ListenEvent::Stopped`].
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        // A thread that has ended already needs no stop.
        let _ = self.control.send(Control::Stop);
        if let Some(thread) = self.thread.take() {
            // A thread that panicked has reported it already; shutting down goes on.
            let _ = thread.join();
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// Starts listening, or says why voice input is off. Loading the model takes a moment
/// (a small Vosk model a fraction of a second, a large one about 1.5 s, Whisper about
/// 0.5 s); the input is opened and checked before this returns.
pub fn start(config: &ListenConfig, events: Sender<ListenEvent>) -> Result<Listener, VoiceOff> {
    let model = super::engines::load(config.recogniser, config.model.as_deref(), config.lang)?;
    if config.phrases.is_empty() {
        model.knows_words(config.lang)?;
    }
    tracing::info!(
        "listening with {} ({}), loaded in {} ms",
        model.kind().name(),
        model.dir().display(),
        model.load_time().as_millis()
    );
    start_with(model, config, events)
}

/// Starts listening with a model already loaded (`config.model` and `config.recogniser`
/// are not used).
pub fn start_with(
    model: LoadedModel,
    config: &ListenConfig,
    events: Sender<ListenEvent>,
) -> Result<Listener, VoiceOff> {
    let mut notice = if config.phrases.is_empty() {
        model.missing_words_report(config.words)
    } else {
        None
    };
    let model = match (&config.own_voice, config.phrases.is_empty()) {
        (Some(dir), true) => {
            let (model, said) = super::own_voice::hearing_with(model, dir, config.lang);
            notice.get_or_insert_with(Vec::new).extend(said);
            model
        }
        _ => model,
    };
    let recogniser = model
        .clone()
        .recogniser(&run::listening(config, config.position.as_ref()))?;
    let kind = recogniser.kind();
    let (control, control_rx) = crossbeam_channel::unbounded();
    let (ready_tx, ready_rx) = crossbeam_channel::bounded(1);
    let config = config.clone();
    let thread = std::thread::Builder::new()
        .name("listen".into())
        .spawn(move || {
            let _model = model; // kept alive as long as its recogniser runs
            run::listen(config, recogniser, control_rx, ready_tx, events);
        })
        .map_err(|e| VoiceOff::Microphone(e.to_string()))?;
    match ready_rx.recv() {
        Ok(Ok(())) => Ok(Listener {
            control,
            thread: Some(thread),
            notice,
            kind,
        }),
        Ok(Err(off)) => {
            // A thread that panicked has reported it already; shutting down goes on.
            let _ = thread.join();
            Err(off)
        }
        Err(_) => {
            // A thread that panicked has reported it already; shutting down goes on.
            let _ = thread.join();
            Err(VoiceOff::Microphone("the listener stopped".into()))
        }
    }
}

mod run {
    use std::time::Duration;

    use crossbeam_channel::{Receiver, Sender, select};

    use super::Control;
    use super::{AudioInput, ListenConfig, ListenEvent, VoiceOff};
    use crate::listen::pipeline::Pipeline;
    use crate::listen::recogniser::{Listening, Recogniser};
    use crate::listen::source::{AudioBlock, DeviceMessage, DeviceSource, SourceError, read_wav};
    use annexd_core::listen::Heard;
    use annexd_core::listen::ListenMode;

    /// What the recogniser listens for, in `position`.
    pub(super) fn listening<'a>(
        config: &'a ListenConfig,
        position: Option<&'a shakmaty::Chess>,
    ) -> Listening<'a> {
        Listening {
            lang: config.lang,
            words: config.words,
            phrases: &config.phrases,
            position,
        }
    }

    /// Sends utterances, after word of speech too faint to be heard if there was some; false
    /// when the session is gone.
    fn send_all(events: &Sender<ListenEvent>, pipeline: &mut Pipeline, heard: Vec<Heard>) -> bool {
        (!pipeline.take_faint_speech() || events.send(ListenEvent::SpeechTooFaint).is_ok())
            && heard
                .into_iter()
                .all(|h| events.send(ListenEvent::Heard(h)).is_ok())
    }

    fn stopped(events: &Sender<ListenEvent>, pipeline: &Pipeline, reason: Option<VoiceOff>) {
        // The receiver is gone only when its owner is shutting down: nobody is left to tell.
        let _ = events.send(ListenEvent::Stopped {
            reason,
            stats: pipeline.stats(),
        });
    }

    /// Counts audio against the configured limit.
    struct Budget {
        left: Option<u64>,
    }

    impl Budget {
        fn new(limit: Option<Duration>, rate: u32) -> Budget {
            Budget {
                left: limit.map(|d| (d.as_secs_f64() * f64::from(rate)).round() as u64),
            }
        }
        /// Cuts the block to what is left; true when the limit is reached.
        fn take(&mut self, block: &mut AudioBlock) -> bool {
            let Some(left) = self.left.as_mut() else {
                return false;
            };
            let frames = (block.frames() as u64).min(*left);
            block
                .samples
                .truncate(frames as usize * usize::from(block.channels));
            *left -= frames;
            *left == 0
        }
    }

    /// Tells `start` whether listening could begin. `start` waits for this answer (the channel
    /// holds it), so the receiver is gone only if `start` itself has panicked.
    fn answer(ready: &Sender<Result<(), VoiceOff>>, result: Result<(), VoiceOff>) {
        let _ = ready.send(result);
    }

    fn pipeline_for(
        recogniser: Box<dyn Recogniser>,
        rate: u32,
        channels: u16,
        mode: ListenMode,
        ready: &Sender<Result<(), VoiceOff>>,
    ) -> Option<Pipeline> {
        match Pipeline::new(recogniser, rate, channels, mode) {
            Ok(p) => {
                answer(ready, Ok(()));
                Some(p)
            }
            Err(e) => {
                answer(ready, Err(VoiceOff::Microphone(e.to_string())));
                None
            }
        }
    }

    pub(super) fn listen(
        config: ListenConfig,
        recogniser: Box<dyn Recogniser>,
        control: Receiver<Control>,
        ready: Sender<Result<(), VoiceOff>>,
        events: Sender<ListenEvent>,
    ) {
        match &config.input {
            AudioInput::WavFile(path) => {
                let blocks = match read_wav(path, Duration::from_millis(100)) {
                    Ok(blocks) => blocks,
                    Err(SourceError::Wav { path, reason }) => {
                        answer(&ready, Err(VoiceOff::Recording { path, reason }));
                        return;
                    }
                    Err(e) => {
                        answer(&ready, Err(VoiceOff::Microphone(e.to_string())));
                        return;
                    }
                };
                let (rate, channels) = blocks.first().map_or((16_000, 1), |b| (b.rate, b.channels));
                let Some(mut pipeline) =
                    pipeline_for(recogniser, rate, channels, ListenMode::Always, &ready)
                else {
                    return;
                };
                let mut budget = Budget::new(config.max_audio, rate);
                for mut block in blocks {
                    if matches!(control.try_recv(), Ok(Control::Stop)) {
                        stopped(&events, &pipeline, None);
                        return;
                    }
                    let full = budget.take(&mut block);
                    let heard = match pipeline.audio(&block) {
                        Ok(heard) => heard,
                        Err(e) => {
                            tracing::error!("voice input stops: {e}");
                            stopped(&events, &pipeline, Some(VoiceOff::Audio(e.to_string())));
                            return;
                        }
                    };
                    if !send_all(&events, &mut pipeline, heard) {
                        return;
                    }
                    if full {
                        break;
                    }
                }
                let heard = pipeline.end();
                if send_all(&events, &mut pipeline, heard) {
                    stopped(&events, &pipeline, None);
                }
            }
            AudioInput::Device(name) => {
                let device =
                    match DeviceSource::open(name.as_deref(), recogniser.limits().sample_rate) {
                        Ok(device) => device,
                        Err(e) => {
                            answer(&ready, Err(VoiceOff::Microphone(e.to_string())));
                            return;
                        }
                    };
                let Some(mut pipeline) = pipeline_for(
                    recogniser,
                    device.rate,
                    device.channels,
                    config.mode,
                    &ready,
                ) else {
                    return;
                };
                let mut budget = Budget::new(config.max_audio, device.rate);
                // Before the first block is read: the blocks already captured queue up, and
                // nothing has been heard yet, so the toggle ends no utterance.
                if config.start_talking && config.mode == ListenMode::PushToTalk {
                    let _ = pipeline.toggle();
                }
                if events
                    .send(ListenEvent::Listening(pipeline.is_listening()))
                    .is_err()
                {
                    return;
                }
                loop {
                    select! {
                        recv(control) -> message => match message {
                            Ok(Control::Toggle) => {
                                let heard = pipeline.toggle();
                                if events.send(ListenEvent::Listening(pipeline.is_listening())).is_err()
                                    || !send_all(&events, &mut pipeline, heard)
                                {
                                    return;
                                }
                            }
                            Ok(Control::Position(position)) => {
                                pipeline.set_position(&listening(&config, Some(&position)));
                            }
                            Ok(Control::Stop) | Err(_) => {
                                stopped(&events, &pipeline, None);
                                return;
                            }
                        },
                        recv(device.receiver()) -> message => match message {
                            Ok(DeviceMessage::Block(mut block)) => {
                                let full = budget.take(&mut block);
                                let heard = match pipeline.audio(&block) {
                                    Ok(heard) => heard,
                                    Err(e) => {
                                        tracing::error!("voice input stops: {e}");
                                        let reason = VoiceOff::Audio(e.to_string());
                                        stopped(&events, &pipeline, Some(reason));
                                        return;
                                    }
                                };
                                if !send_all(&events, &mut pipeline, heard) {
                                    return;
                                }
                                if full {
                                    let heard = pipeline.end();
                                    if send_all(&events, &mut pipeline, heard) {
                                        stopped(&events, &pipeline, None);
                                    }
                                    return;
                                }
                            }
                            Ok(DeviceMessage::Failed(reason)) => {
                                stopped(&events, &pipeline, Some(VoiceOff::Microphone(reason)));
                                return;
                            }
                            Err(_) => {
                                let reason = VoiceOff::Microphone("the input device stopped".into());
                                stopped(&events, &pipeline, Some(reason));
                                return;
                            }
                        },
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn voice_off_is_said_once_in_words() {
        let off = VoiceOff::Microphone("no device".into());
        assert_eq!(
            Lang::De.text(&off.tokens()),
            "kein Mikrofon gefunden, Spracheingabe aus"
        );
        let off = VoiceOff::from(ModelError::NotBuilt);
        assert_eq!(
            Lang::De.text(&off.tokens()),
            "Spracheingabe ist nicht eingebaut, Spracheingabe aus"
        );
    }

    #[test]
    fn without_a_model_voice_input_is_off_and_says_why() {
        let (tx, _rx) = crossbeam_channel::unbounded();
        let dir = tempfile::tempdir().unwrap();
        let mut config = ListenConfig::new(Lang::De);
        config.model = Some(dir.path().to_path_buf());
        let off = start(&config, tx).unwrap_err();
        if [RecogniserKind::Vosk, RecogniserKind::Whisper]
            .into_iter()
            .any(crate::listen::engines::is_built)
        {
            assert_eq!(
                off,
                VoiceOff::Model(ModelError::NotAModel(dir.path().to_path_buf()))
            );
            assert_eq!(
                Lang::De.text(&off.tokens()),
                "das ist kein Sprachmodell, Spracheingabe aus"
            );
        } else {
            assert_eq!(off, VoiceOff::Model(ModelError::NotBuilt));
        }
    }
}
