//! The `say` and `voices` subcommands: speak or render words, and list, check, generate the
//! key list of, and record voices.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Subcommand};

use super::compose::{compose, expected_duration};
use super::speaker::{Speaker, SpeakerOptions};
use super::voice::{Voice, VoiceLibrary};
use crate::error::{
    Error, Failure, Message, io_reason, notice, notice_with, out_line, paths_shown,
};
use crate::help::lang_help_about;
use annexd_core::speech::{
    BackendKind, Channel, Priority, Utterance, clip_keys, clip_keys_for, parse_text,
};
use annexd_core::{Lang, Speech, Token, Word, WordSet};

/// `annexd say`: speak words, or render them to a WAV file.
#[derive(Debug, Args)]
pub struct SayArgs {
    /// Language of the words.
    #[arg(long, default_value = "de", help = lang_help_about("Language of the words", ""))]
    pub lang: Lang,
    /// The words of pieces, ranks and castling (with --move, and for words typed in both):
    /// annex-d (D.2.1, the default) or local.
    #[arg(long, default_value = "annex-d")]
    pub words: WordSet,
    /// Voice of the clips backend (default: espeak).
    #[arg(long)]
    pub voice: Option<String>,
    /// Where the words go: clips (recorded voice), tts (system speech engine), text (a line).
    #[arg(long, default_value = "clips")]
    pub backend: BackendKind,
    /// Write the sound of the clips backend to this WAV file instead of playing it.
    #[arg(long, value_name = "FILE.wav")]
    pub out: Option<PathBuf>,
    /// Speaking rate: 1.0 normal, 0.5 … 2.0.
    #[arg(long, default_value_t = 1.0, value_parser = parse_rate)]
    pub rate: f32,
    /// Silence between words of the clips backend, in milliseconds.
    #[arg(long, default_value_t = u64::from(annexd_core::SpeechSettings::default().pause_ms))]
    pub gap_ms: u64,
    /// Which ear hears it: both, left, right.
    #[arg(long, default_value = "both", value_parser = parse_channel)]
    pub channel: Channel,
    /// Also write the words as a text line when speaking.
    #[arg(long)]
    pub text_lines: bool,
    /// A folder of voices searched first (holding <lang>/<voice>/voice.toml).
    #[arg(long)]
    pub voices_dir: Option<PathBuf>,
    /// The sound output to say it on, by name (with --backend clips): to check the VI
    /// player's earphone before a game (`speech.device`).
    #[arg(long)]
    pub device: Option<String>,
    /// Say the announcement of a move instead of words: the position in FEN ("startpos" for
    /// the initial position) and the move in UCI, SAN or spoken words.
    #[arg(long = "move", num_args = 2, value_names = ["FEN", "MOVE"], conflicts_with = "text")]
    pub mv: Option<Vec<String>>,
    /// How a move is said: short (like SAN) or long (from square and to square).
    #[arg(long, default_value = "short", requires = "mv")]
    pub style: annexd_core::Style,
    /// The words: in the language ("Springer Felix drei"), as clip keys ("p_knight f_f r3"),
    /// or numbers ("23", "zwei Minuten"). A comma is a pause.
    #[arg(required_unless_present = "mv", num_args = 1..)]
    pub text: Vec<String>,
}

/// The tokens `annexd say` is asked to say: the words typed, or the announcement of a move;
/// else why not (a mistake on the command line).
fn tokens_to_say(args: &SayArgs) -> Result<Vec<Token>, Error> {
    let speech = args.speech();
    if let Some([fen, mv]) = args.mv.as_deref() {
        let pos = crate::notation::cli::position_or_fail(fen, args.lang)?;
        let m = annexd_core::parse_move(&pos, mv)
            .map_err(|e| crate::notation::cli::no_move(&e, &pos, speech).usage())?;
        return Ok(annexd_core::move_tokens(&pos, m, args.style));
    }
    match parse_text(speech, &args.text.join(" ")) {
        Ok(tokens) if tokens.is_empty() => Err(Error::new(speech, Word::NothingToSay).usage()),
        Ok(tokens) => Ok(tokens),
        Err(e) => Err(Error::new(speech, Word::UnknownWord)
            .shown(format_args!("'{}'", e.word))
            .numbered(Word::AtPosition, e.position as u64)
            .logged(e)
            .usage()),
    }
}

fn parse_rate(s: &str) -> Result<f32, String> {
    let (low, high) = super::compose::RATE_RANGE;
    match s.trim().parse::<f32>() {
        Ok(rate) if (low..=high).contains(&rate) => Ok(rate),
        _ => Err(format!(
            "the rate must be a number from {low} to {high} (1.0 is normal)"
        )),
    }
}

fn parse_channel(s: &str) -> Result<Channel, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "both" => Ok(Channel::Both),
        "left" => Ok(Channel::Left),
        "right" => Ok(Channel::Right),
        other => Err(format!(
            "unknown channel '{other}': use both, left or right"
        )),
    }
}

impl SayArgs {
    fn speech(&self) -> Speech {
        Speech::new(self.lang, self.words)
    }

    fn settings(&self) -> SpeakerOptions {
        SpeakerOptions {
            lang: self.lang,
            words: self.words,
            backend: self.backend,
            voice: self.voice.clone(),
            rate: self.rate,
            gap_ms: self.gap_ms,
            text_lines: self.text_lines,
            voices_dir: self.voices_dir.clone(),
            device: self.device.clone(),
        }
    }
}

/// `annexd voices`: the voices' subcommands.
#[derive(Debug, Args)]
pub struct VoicesArgs {
    #[command(subcommand)]
    command: VoicesCommand,
}

#[derive(Debug, Subcommand)]
enum VoicesCommand {
    /// List the voices found and where.
    List,
    /// List the clips each voice lacks; exit status 1 if any voice lacks one.
    Check {
        /// Only voices of this language (also the language of the lines).
        #[arg(long, help = lang_help_about("Only voices of this language", " (also the language of the lines)"))]
        lang: Option<Lang>,
        /// Only the clips this word set needs (default: both, as a shipped voice has them).
        #[arg(long)]
        words: Option<WordSet>,
        /// Only the voice of this name.
        #[arg(long)]
        voice: Option<String>,
        /// Only voices below this folder (holding <lang>/<voice>/voice.toml).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// Print every clip key of a language with its words, one "key<TAB>words" a line (used
    /// by scripts/make-voices.sh; keys starting with `ad_` are Annex D words, said in German).
    #[command(hide = true)]
    Keys {
        /// The language.
        #[arg(long, default_value = "de", help = lang_help_about("The language", ""))]
        lang: Lang,
    },
    /// Record a personal voice with the microphone, word by word.
    Record(super::record::RecordArgs),
}

/// Runs `annexd say`.
pub fn run_say(args: SayArgs) -> Result<ExitCode, Error> {
    let speech = args.speech();
    let tokens = tokens_to_say(&args)?;
    let settings = args.settings();
    if let Some(out) = &args.out {
        return render_to_file(&settings, &tokens, args.channel, out);
    }
    if let Some(name) = &args.device {
        // The earphone checked before a game: a name that is none is said with the outputs
        // there are.
        crate::sound::output_device(name).map_err(|present| {
            Error::new(speech, Word::DeviceMissing)
                .shown(name)
                .and_word(Word::SoundOutputsAre)
                .shown(present.join(", "))
        })?;
    }
    let speaker = Speaker::open(&settings, Box::new(std::io::stdout()));
    let notices = speaker.notices();
    // No sound at all: one line says so (and the log why); else each fallback is said.
    let said = if speaker.backend() == BackendKind::Text && settings.backend != BackendKind::Text {
        &notices[notices.len().saturating_sub(1)..]
    } else {
        notices
    };
    for n in said {
        notice_with(&Message::said(speech, n.tokens.clone()), &n.detail);
    }
    speaker.say(Utterance::new(tokens, Priority::Reply).on(args.channel));
    let idle = speaker.wait_idle(Duration::from_secs(60));
    // Let the device play out its last buffer before it is closed.
    std::thread::sleep(super::output::clips::BUFFER * 5);
    speaker.shutdown(Duration::from_secs(2));
    if idle {
        Ok(ExitCode::SUCCESS)
    } else {
        Err(Error::new(speech, Word::SpeechNotFinished)
            .logged("the speech output did not finish within 60 s"))
    }
}

/// `annexd say --out FILE.wav`: the clips of the words put together into a WAV file, and a
/// notice of what was written ("gespeichert: a.wav: 1.25 s").
fn render_to_file(
    settings: &SpeakerOptions,
    tokens: &[Token],
    channel: Channel,
    out: &std::path::Path,
) -> Result<ExitCode, Error> {
    let speech = settings.speech();
    if settings.backend != BackendKind::Clips {
        return Err(Error::new(speech, Word::OnlyClipsWriteSound)
            .shown("--backend clips")
            .usage());
    }
    let mut words = Vec::new();
    speech.push_tokens(tokens, &mut words);
    // Only the clips of these words are decoded (not the voice's hundreds).
    let keys: Vec<&str> = words.iter().map(|w| w.key).collect();
    let voice = settings
        .library()
        .load_keys(settings.lang, settings.voice.as_deref(), &keys)
        .map(|(voice, _)| voice)
        .map_err(|e| Error::of(speech, &e).usage())?;
    let audio = compose(&voice, &words, settings.pacing(), channel)
        .map_err(|e| Error::new(speech, Word::SoundNotMade).logged(e))?;
    super::wav::write_wav(out, &audio).map_err(|e| {
        let error = Error::new(speech, Word::FileNotWritten).shown(out.display());
        match e {
            hound::Error::IoError(io) => Error::io(speech, Word::FileNotWritten, out, &io),
            other => error.logged(other),
        }
    })?;
    tracing::info!(
        "{} words, voice {}, {:.2} s at the normal rate",
        words.len(),
        voice.info.name,
        expected_duration(&voice, &words, settings.pacing().gap)
            .unwrap_or_default()
            .as_secs_f64()
    );
    notice(
        &Message::word(speech, Word::Saved)
            .shown(out.display())
            .shown(crate::error::seconds_shown(audio.duration())),
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs `annexd voices`. Its lines are in the language of `--lang` where one is given, else
/// in the settings' language.
pub fn run_voices(args: VoicesArgs) -> Result<ExitCode, Error> {
    match args.command {
        VoicesCommand::List => {
            let lang = crate::config::user_lang(None);
            let library = VoiceLibrary::default();
            let voices = library.list();
            if voices.is_empty() {
                return Err(Error::new(lang, Word::NoVoice).shown(show_roots(&library)));
            }
            for found in voices {
                let about = match Voice::read_info(&found.dir) {
                    Ok(info) => format!("{}; {}", info.made_with, info.licence),
                    Err(e) => Error::of(lang, &e).to_string(),
                };
                out_line(format_args!(
                    "{} {}: {} ({about})",
                    found.lang,
                    found.name,
                    found.dir.display()
                ));
            }
            Ok(ExitCode::SUCCESS)
        }
        VoicesCommand::Check {
            lang,
            words,
            voice,
            dir,
        } => check(lang, words, voice.as_deref(), dir),
        VoicesCommand::Keys { lang } => {
            for key in clip_keys(lang) {
                // A closed pipe (`| head`) ends the list quietly.
                if !out_line(format_args!("{}\t{}", key.key, key.text)) {
                    break;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        VoicesCommand::Record(args) => super::record::run(args),
    }
}

fn show_roots(library: &VoiceLibrary) -> String {
    library
        .roots
        .iter()
        .map(|r| r.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The keys a voice of `lang` must have: those of one word set, or of both.
fn needed_keys(lang: Lang, words: Option<WordSet>) -> Vec<&'static str> {
    let keys = match words {
        Some(words) => clip_keys_for(Speech::new(lang, words)),
        None => clip_keys(lang),
    };
    keys.into_iter().map(|k| k.key).collect()
}

fn check(
    lang: Option<Lang>,
    words: Option<WordSet>,
    name: Option<&str>,
    dir: Option<PathBuf>,
) -> Result<ExitCode, Error> {
    let said = crate::config::user_lang(lang);
    let library = match dir {
        Some(dir) => VoiceLibrary::with_roots(vec![dir]),
        None => VoiceLibrary::default(),
    };
    let voices: Vec<_> = library
        .list()
        .into_iter()
        .filter(|v| lang.is_none_or(|l| l == v.lang) && name.is_none_or(|n| n == v.name))
        .collect();
    if voices.is_empty() {
        let mut error = Error::new(said, Word::NoVoice);
        if let Some(name) = name {
            error = error.shown(name);
        }
        return Err(error.shown(show_roots(&library)).usage());
    }
    let mut incomplete = false;
    for found in voices {
        let which = format!("{} {}", found.lang, found.name);
        let line = match Voice::load(&found.dir) {
            Ok(voice) if voice.info.language != found.lang => {
                incomplete = true;
                Message::said(said, [])
                    .shown(&which)
                    .and_word(Word::VoiceWrongLanguage)
                    .shown(voice.info.language)
            }
            Ok(voice) => {
                let needed = needed_keys(found.lang, words);
                let missing: Vec<&str> = needed
                    .iter()
                    .copied()
                    .filter(|k| voice.clip(k).is_none())
                    .collect();
                if missing.is_empty() {
                    Message::said(said, [])
                        .shown(&which)
                        .and_word(Word::Complete)
                        .counted(voice.len() as u64, Word::Recordings)
                        .shown(crate::error::hertz_shown(voice.sample_rate()))
                        .shown(found.dir.display())
                } else {
                    incomplete = true;
                    let mut line = Message::said(said, [])
                        .shown(&which)
                        .and_word(Word::RecordingsMissing)
                        .shown(format_args!("{}/{}", missing.len(), needed.len()));
                    if found.name != super::voice::DEFAULT_VOICE {
                        line = line
                            .and_word(Word::DefaultVoiceSaysThem)
                            .shown(super::voice::DEFAULT_VOICE);
                    }
                    line.shown(missing.join(" "))
                }
            }
            Err(e) => {
                incomplete = true;
                Message::said(said, [])
                    .shown(&which)
                    .and(crate::error::Failure::tokens(&e))
                    .shown(crate::error::Failure::data(&e).join(": "))
            }
        };
        out_line(line);
    }
    Ok(if incomplete {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

// --- The failures of this part, said in words (their `Display` is for the log) ---

impl Failure for crate::speech::voice::VoiceError {
    fn tokens(&self) -> Vec<Token> {
        use crate::speech::voice::VoiceError as E;
        match self {
            E::NotFound { .. } => vec![Token::Word(Word::NoVoice)],
            E::Io { source, .. } => {
                let mut tokens = vec![Token::Word(Word::FileUnreadable)];
                tokens.extend(io_reason(source));
                tokens
            }
            E::BadInfo { .. } => vec![Token::Word(Word::BadVoiceFile)],
            E::BadClip { .. } => vec![Token::Word(Word::BadClip)],
            E::Empty { .. } => vec![Token::Word(Word::VoiceEmpty)],
        }
    }

    fn data(&self) -> Vec<String> {
        use crate::speech::voice::VoiceError as E;
        match self {
            E::NotFound {
                lang,
                name,
                searched,
            } => vec![
                name.as_ref()
                    .map_or_else(|| lang.code().to_string(), |name| format!("{lang} {name}")),
                paths_shown(searched),
            ],
            E::Io { path, .. } | E::BadInfo { path, .. } | E::BadClip { path, .. } => {
                vec![path.display().to_string()]
            }
            E::Empty { dir } => vec![dir.display().to_string()],
        }
    }
}
