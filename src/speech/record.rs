//! Recording a personal voice with the microphone (`annexd voices record`): key by key, the
//! word is shown and said (with the shipped voice), the take is cut at its silences, evened in
//! loudness, played back, and kept, retaken, skipped, or the session ended. With `--hearing`,
//! the words the program needs to hear the player's own voice (`crate::listen::own_voice`)
//! that the voice's clips do not hold already, into its `hearing` folder.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use crossbeam_channel::{Receiver, unbounded};

use super::compose::{Audio, Pacing};
use super::hearing::{FormRecording, HEARING_DIR, hearing_stem, recordings};
use super::output::clips::ClipsOutput;
use super::output::{Line, Output, Progress};
use super::trim::{Endpointer, Take, even_loudness, trim_silence};
use super::voice::{
    DEFAULT_VOICE, VOICE_TOML, VoiceInfo, VoiceLibrary, personal_root, resample_linear,
};
use crate::error::{Error, Message, notice_with, out_line};
use annexd_core::listen::Lexicon;
use annexd_core::speech::{Channel, PAUSE_KEY, clip_keys};
use annexd_core::{Lang, Spoken, Token, Word};

/// The sample rate recorded clips are saved at (that of the shipped voices).
pub const VOICE_RATE: u32 = 16_000;
/// The loudness recorded words are evened to (RMS).
pub const TARGET_RMS: f32 = 0.1;

/// `annexd voices record`.
#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The language of the words (and of the prompts).
    #[arg(long, default_value = "de", help = crate::help::lang_help_about("The language of the words", " (and of the prompts)"))]
    pub lang: Lang,
    /// The voice's name (its folder).
    #[arg(long)]
    pub name: String,
    /// The voices folder to write into (default: the personal voices folder).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Record only these keys (comma separated), even if recorded before.
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// Record again the keys recorded before.
    #[arg(long)]
    pub redo: bool,
    /// The licence written into voice.toml.
    #[arg(
        long,
        default_value = "personal recording; not to be shared without the speaker's consent"
    )]
    pub licence: String,
    /// Loudness (RMS, 0 … 1) above which the microphone hears speech.
    #[arg(long, default_value_t = 0.02)]
    pub threshold: f32,
    /// Do not say the words aloud, only show them.
    #[arg(long)]
    pub quiet: bool,
    /// Record the words the program needs to hear the player's own voice (every word of the
    /// moves and commands not yet recorded as a clip of the voice), into its `hearing`
    /// folder; `--only` then names words, as written ("annehmen").
    #[arg(long)]
    pub hearing: bool,
}

/// One word to record: shown as `text`, kept in `path`, said first with the shipped voice's
/// clip `prompt` where it has one.
struct ToRecord {
    text: &'static str,
    path: PathBuf,
    prompt: Option<&'static str>,
}

/// The clips of the voice that speaks, as `voices record` records them.
fn speaking_words(lang: Lang, dir: &Path, args: &RecordArgs) -> Vec<ToRecord> {
    clip_keys(lang)
        .into_iter()
        .filter(|k| k.key != PAUSE_KEY)
        .filter(|k| {
            if args.only.is_empty() {
                args.redo || !has_clip(dir, k.key)
            } else {
                args.only.iter().any(|o| o == k.key)
            }
        })
        .map(|k| ToRecord {
            text: k.text,
            path: dir.join(format!("{}.wav", k.key)),
            prompt: Some(k.key),
        })
        .collect()
}

/// The words for hearing (`--hearing`): each form of each word of the lexicon without a
/// recording ("Springer" and "knight" in English: a player may skip the forms they never
/// say), all of them again with `--redo`, those of `--only`.
fn hearing_words(lang: Lang, dir: &Path, args: &RecordArgs) -> Vec<ToRecord> {
    let lexicon = Lexicon::get(lang);
    // `--only` names a form ("knight": that form alone), or a word by another spelling
    // ("zwo": every form of "zwei").
    let named = |o: &str, f: &FormRecording| {
        let forms = &lexicon.word(f.id).forms;
        if forms
            .iter()
            .any(|form| hearing_stem(form) == hearing_stem(o))
        {
            hearing_stem(o) == hearing_stem(f.form)
        } else {
            lexicon.lookup(o) == Some(f.id)
        }
    };
    recordings(dir, lang)
        .unwrap_or_default()
        .into_iter()
        .filter(|f| {
            if args.only.is_empty() {
                args.redo || f.path.is_none()
            } else {
                args.only.iter().any(|o| named(o, f))
            }
        })
        .map(|f| ToRecord {
            text: f.form,
            path: dir
                .join(HEARING_DIR)
                .join(format!("{}.wav", hearing_stem(f.form))),
            prompt: f.key,
        })
        .collect()
}

/// A microphone delivering mono samples.
pub struct Microphone {
    device: cpal::Device,
    supported: cpal::SupportedStreamConfig,
    /// Its sample rate.
    pub sample_rate: u32,
    /// Its channels (mixed to mono).
    pub channels: u16,
}

impl Microphone {
    /// Finds the default input device and checks that it can capture. The device is opened
    /// afresh for each take, so nothing said during a prompt is recorded.
    pub fn open() -> Result<Microphone, String> {
        use cpal::traits::{DeviceTrait, HostTrait};
        crate::sound::quiet_alsa();
        let device = cpal::default_host()
            .default_input_device()
            .ok_or("the system has no default input device")?;
        // 16 kHz mono, the rate of the voices, where the device offers it; else its default.
        // A device that cannot list its configurations is asked for its default one below.
        let preferred = device
            .supported_input_configs()
            .ok()
            .and_then(|mut configs| {
                configs
                    .find(|c| {
                        c.channels() == 1
                            && (c.min_sample_rate()..=c.max_sample_rate()).contains(&VOICE_RATE)
                            && matches!(
                                c.sample_format(),
                                cpal::SampleFormat::I16 | cpal::SampleFormat::F32
                            )
                    })
                    .map(|c| c.with_sample_rate(VOICE_RATE))
            });
        let supported = match preferred {
            Some(config) => config,
            None => device.default_input_config().map_err(|e| e.to_string())?,
        };
        let config = supported.config();
        let microphone = Microphone {
            device,
            supported,
            sample_rate: config.sample_rate,
            channels: config.channels,
        };
        drop(microphone.stream()?);
        Ok(microphone)
    }

    /// A capture stream sending mono chunks, not yet started.
    fn stream(&self) -> Result<(cpal::Stream, Receiver<Vec<f32>>), String> {
        use cpal::traits::DeviceTrait;
        crate::sound::quiet_alsa();
        let config = self.supported.config();
        let channels = config.channels.max(1) as usize;
        let (tx, samples) = unbounded();
        let on_error = |e: cpal::Error| tracing::warn!("microphone: {e}");
        let stream = match self.supported.sample_format() {
            cpal::SampleFormat::F32 => self.device.build_input_stream(
                config,
                move |data: &[f32], _: &cpal::InputCallbackInfo| {
                    // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                    let _ = tx.send(
                        data.chunks(channels)
                            .map(|f| f.iter().sum::<f32>() / channels as f32)
                            .collect(),
                    );
                },
                on_error,
                None,
            ),
            cpal::SampleFormat::I16 => self.device.build_input_stream(
                config,
                move |data: &[i16], _: &cpal::InputCallbackInfo| {
                    // The receiver is gone only when its owner is shutting down: nobody is left to tell.
                    let _ = tx.send(
                        data.chunks(channels)
                            .map(|f| {
                                f.iter().map(|&s| s as f32 / 32768.0).sum::<f32>() / channels as f32
                            })
                            .collect(),
                    );
                },
                on_error,
                None,
            ),
            other => {
                return Err(format!(
                    "the microphone's sample format {other} is not supported"
                ));
            }
        }
        .map_err(|e| e.to_string())?;
        Ok((stream, samples))
    }

    /// Records one word: listens, waits for speech, then for the silence after it.
    pub fn take(&self, threshold: f32) -> Result<(Take, Vec<f32>), String> {
        use cpal::traits::StreamTrait;
        let (stream, samples) = self.stream()?;
        stream
            .play()
            .map_err(|e| format!("the microphone does not start: {e}"))?;
        Ok(self.listen(&samples, threshold))
    }

    fn listen(&self, samples: &Receiver<Vec<f32>>, threshold: f32) -> (Take, Vec<f32>) {
        let mut endpointer = Endpointer::new(
            self.sample_rate,
            threshold,
            Duration::from_millis(700),
            Duration::from_secs(8),
            Duration::from_secs(6),
        );
        let mut heard = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(20);
        while !endpointer.finished() {
            match samples.recv_timeout(Duration::from_millis(500)) {
                Ok(chunk) => {
                    endpointer.feed(&chunk);
                    heard.extend(chunk);
                }
                // No sound within the wait (or the stream gone): after 20 s, nothing was heard.
                Err(_) if Instant::now() > deadline => return (Take::NothingHeard, heard),
                Err(_) => {}
            }
        }
        (endpointer.state(), heard)
    }
}

/// Runs `annexd voices record`. Its prompts and notices are in the language recorded.
pub fn run(args: RecordArgs) -> Result<ExitCode, Error> {
    let lang = args.lang;
    let known = |o: &str| {
        if args.hearing {
            Lexicon::get(lang).lookup(o).is_some()
        } else {
            clip_keys(lang).iter().any(|k| k.key == o)
        }
    };
    if let Some(unknown) = args.only.iter().find(|o| !known(o)) {
        return Err(Error::new(lang, Word::NotAClipKey)
            .shown(unknown)
            .shown(format_args!("annexd voices keys --lang {lang}"))
            .usage());
    }
    let microphone = Microphone::open().map_err(|e| {
        Error::said(
            lang,
            vec![
                Token::Word(Word::NoMicrophone),
                Token::Pause,
                Token::Word(Word::NothingRecorded),
            ],
        )
        .logged(e)
    })?;
    let root = args.dir.clone().unwrap_or_else(personal_root);
    let dir = root.join(lang.code()).join(&args.name);
    prepare_folder(&dir, &args).map_err(|e| Error::io(lang, Word::FileNotWritten, &dir, &e))?;
    let mut prompt = if args.quiet { None } else { open_prompt(lang) };
    let keys = if args.hearing {
        let hearing = dir.join(HEARING_DIR);
        std::fs::create_dir_all(&hearing)
            .map_err(|e| Error::io(lang, Word::FileNotWritten, &hearing, &e))?;
        hearing_words(lang, &dir, &args)
    } else {
        speaking_words(lang, &dir, &args)
    };
    tracing::info!(
        "recording {} words into {} (microphone: {} Hz, {} channel(s))",
        keys.len(),
        dir.display(),
        microphone.sample_rate,
        microphone.channels
    );
    out_line(
        Message::word(lang, Word::WordsToRecord)
            .shown(keys.len())
            .shown(dir.display())
            .and_word(Word::Microphone)
            .shown(crate::error::hertz_shown(microphone.sample_rate)),
    );
    out_line(Message::word(lang, Word::RecordKeys));
    let stdin = std::io::stdin();
    let mut answers = stdin.lock().lines();
    let (mut kept, mut skipped) = (0, 0);
    'keys: for (i, key) in keys.iter().enumerate() {
        loop {
            out_line(format_args!(
                "[{}/{}] {}: {}   ({})",
                i + 1,
                keys.len(),
                Message::word(lang, Word::SayNow),
                key.text,
                key.path.file_stem().unwrap_or_default().to_string_lossy()
            ));
            if let (Some(p), Some(clip)) = (prompt.as_mut(), key.prompt) {
                let word = [Spoken {
                    key: clip,
                    text: key.text,
                    glue: false,
                }];
                p.say_words(&word);
            }
            let (take, heard) = microphone
                .take(args.threshold)
                .map_err(|e| Error::new(lang, Word::MicrophoneFailed).logged(e))?;
            let clip = match take {
                Take::NothingHeard | Take::Waiting => {
                    out_line(Message::said(
                        lang,
                        [
                            Token::Word(Word::NothingHeard),
                            Token::Pause,
                            Token::Word(Word::RecordRetryKeys),
                        ],
                    ));
                    None
                }
                Take::Speaking | Take::Done | Take::TooLong => {
                    if take == Take::TooLong {
                        out_line(Message::said(
                            lang,
                            [Token::Word(Word::TooLongCutAfter), Token::Seconds(6)],
                        ));
                    }
                    let mut word = trim_silence(
                        &heard,
                        microphone.sample_rate,
                        args.threshold / 4.0,
                        Duration::from_millis(30),
                    )
                    .to_vec();
                    even_loudness(&mut word, TARGET_RMS);
                    let word = resample_linear(&word, microphone.sample_rate, VOICE_RATE);
                    if let Some(p) = prompt.as_mut() {
                        p.play(Audio {
                            sample_rate: VOICE_RATE,
                            channels: 1,
                            samples: word.clone(),
                        });
                    }
                    let length = Duration::from_secs_f64(word.len() as f64 / f64::from(VOICE_RATE));
                    out_line(
                        Message::said(lang, [])
                            .shown(crate::error::seconds_shown(length))
                            .and_word(Word::RecordKeys),
                    );
                    Some(word)
                }
            };
            let answer = match answers.next() {
                Some(Ok(line)) => line.trim().to_lowercase(),
                _ => "q".to_owned(),
            };
            match (answer.as_str(), &clip) {
                ("", Some(word)) => {
                    let path = &key.path;
                    super::wav::write_wav(
                        path,
                        &Audio {
                            sample_rate: VOICE_RATE,
                            channels: 1,
                            samples: word.clone(),
                        },
                    )
                    .map_err(|e| {
                        Error::new(lang, Word::FileNotWritten)
                            .shown(path.display())
                            .logged(e)
                    })?;
                    kept += 1;
                    continue 'keys;
                }
                ("s", _) => {
                    skipped += 1;
                    continue 'keys;
                }
                ("q", _) => break 'keys,
                _ => continue,
            }
        }
    }
    let missing = if args.hearing {
        recordings(&dir, lang)
            .unwrap_or_default()
            .iter()
            .filter(|f| f.path.is_none())
            .count()
    } else {
        clip_keys(lang)
            .into_iter()
            .filter(|k| !has_clip(&dir, k.key))
            .count()
    };
    let mut end = Message::word(lang, Word::Kept)
        .shown(kept)
        .and_word(Word::Skipped)
        .shown(skipped)
        .and_word(Word::NotYetRecorded)
        .shown(missing);
    if missing > 0 && !args.hearing {
        end = end
            .and_word(Word::DefaultVoiceSaysThem)
            .shown(DEFAULT_VOICE);
    }
    out_line(end);
    Ok(ExitCode::SUCCESS)
}

fn has_clip(dir: &Path, key: &str) -> bool {
    super::voice::CLIP_EXTENSIONS
        .iter()
        .any(|ext| dir.join(format!("{key}.{ext}")).is_file())
}

/// Creates the folder, its voice.toml and the pause clip (silence).
fn prepare_folder(dir: &Path, args: &RecordArgs) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let info = VoiceInfo {
        name: args.name.clone(),
        language: args.lang,
        licence: args.licence.clone(),
        made_with: format!(
            "recorded with a microphone by `annexd voices record` ({} Hz, silence trimmed, loudness evened)",
            VOICE_RATE
        ),
    };
    let toml = toml::to_string(&info).map_err(std::io::Error::other)?;
    std::fs::write(dir.join(VOICE_TOML), toml)?;
    if !has_clip(dir, PAUSE_KEY) {
        let silence = Audio {
            sample_rate: VOICE_RATE,
            channels: 1,
            samples: vec![0.0; VOICE_RATE as usize / 4],
        };
        super::wav::write_wav(&dir.join(format!("{PAUSE_KEY}.wav")), &silence)
            .map_err(std::io::Error::other)?;
    }
    Ok(())
}

/// Says the words to record and plays takes back, with the shipped voice of the language.
struct Prompt {
    output: ClipsOutput,
    next: u64,
}

fn open_prompt(lang: Lang) -> Option<Prompt> {
    let (voice, _) = match VoiceLibrary::default().load(lang, Some(DEFAULT_VOICE)) {
        Ok(found) => found,
        Err(e) => {
            notice_with(&Message::word(lang, Word::NoSound), e);
            return None;
        }
    };
    match ClipsOutput::open(Arc::new(voice), Pacing::default(), None) {
        Ok(output) => Some(Prompt { output, next: 0 }),
        Err(e) => {
            notice_with(&Message::word(lang, Word::NoSound), e);
            None
        }
    }
}

impl Prompt {
    fn say_words(&mut self, words: &[Spoken]) {
        self.next += 1;
        let line = Line {
            words,
            text: "",
            channel: Channel::Both,
        };
        if self.output.start(line, Instant::now()).is_ok() {
            self.wait();
        }
    }

    fn play(&mut self, audio: Audio) {
        self.output.play(audio, Instant::now());
        self.wait();
    }

    fn wait(&mut self) {
        while self.output.poll(Instant::now()) == Progress::Playing {
            std::thread::sleep(Duration::from_millis(10));
        }
        // Let the device's buffer play out so the microphone does not hear the prompt.
        std::thread::sleep(Duration::from_millis(150));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        record: RecordArgs,
    }

    fn to_record(lang: &str, only: &str) -> Vec<(&'static str, Option<&'static str>)> {
        let dir = tempfile::tempdir().unwrap();
        let cli = Cli::parse_from([
            "record",
            "--name",
            "mine",
            "--lang",
            lang,
            "--hearing",
            "--only",
            only,
        ]);
        let lang = cli.record.lang;
        hearing_words(lang, dir.path(), &cli.record)
            .into_iter()
            .map(|r| (r.text, r.prompt))
            .collect()
    }

    #[test]
    fn only_names_a_form_or_a_word_by_another_spelling() {
        // A form: that form alone, prompted with its own clip.
        assert_eq!(to_record("en", "knight"), [("knight", Some("p_knight"))]);
        assert_eq!(
            to_record("en", "Springer"),
            [("Springer", Some("ad_p_knight"))]
        );
        // Another spelling of a word: its forms.
        assert_eq!(
            to_record("de", "zwo"),
            [("zwei", to_record("de", "zwei")[0].1)]
        );
    }
}
