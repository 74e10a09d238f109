//! `annexd recognize`: decode one recording (a WAV file, or an input device) through the
//! same capture path the game uses, and print what was heard, its alternatives, what it is
//! understood as in a position, and how long decoding took. For checking a model, a
//! microphone or the matcher's decisions.
//!
//! Every line is words, with the figures beside them in digits ("Erkennungszeit,
//! neunundfünfzig Millisekunden (59 ms)"), for the engineer reading along; `--json` prints
//! one JSON object instead, with the audio's length and the real-time factor too, for
//! scripts.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use annexd_core::listen::ListenMode;
use annexd_core::{Lang, Token};

use crate::error::{Error, Failure, paths_shown};

/// `annexd recognize [--recogniser R] [--model DIR] [--lang LANG] [--fen FEN] (FILE.wav | --device NAME)`
#[derive(Debug, Args)]
pub struct RecognizeArgs {
    /// The recogniser: auto (Vosk where a Vosk model of the language is installed, else
    /// Whisper), vosk or whisper.
    #[arg(long, default_value = "auto")]
    pub recogniser: annexd_core::listen::RecogniserChoice,
    /// The model folder (default: the first models/vosk-model-*-LANG-* for Vosk,
    /// models/whisper-* for Whisper).
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// The language listened for and reported in (the Annex D words are heard in every
    /// language, beside the language's own).
    #[arg(long, default_value = "de", help = crate::help::lang_help_about(
        "The language listened for and reported in",
        " (the Annex D words are heard in every language, beside the language's own)",
    ))]
    pub lang: Lang,
    /// The word set of what is said back, and whose words the model must know: annex-d or
    /// local.
    #[arg(long, default_value = "annex-d")]
    pub words: annexd_core::WordSet,
    /// The position the move is understood in, in FEN ("startpos" for the initial one).
    #[arg(long, default_value = "startpos")]
    pub fen: String,
    /// Listen on an input device instead of a file ("default" for the system default).
    #[arg(long, conflicts_with = "file")]
    pub device: Option<String>,
    /// With --device: stop after this many seconds of audio (counted in samples, so a
    /// device that runs faster than real time stops at the same point of the recording).
    #[arg(long, default_value_t = 10.0)]
    pub max_seconds: f64,
    /// With --device: ptt (the whole recording is one utterance) or always (the first
    /// utterance the end-pointer finds).
    #[arg(long, default_value = "always")]
    pub mode: ListenMode,
    /// Restrict the recogniser to these phrases instead of the move grammar (repeatable;
    /// for trying a model of another language; Whisper is prompted with them). "" alone
    /// decodes free speech.
    #[arg(long = "phrase")]
    pub phrases: Vec<String>,
    /// Print one JSON object (heard, alternatives, understood, timings) instead of lines.
    #[arg(long)]
    pub json: bool,
    /// The player's own voice, heard too: the name of a voice recorded with `annexd voices
    /// record` (with `--hearing`), or its folder.
    #[arg(long, value_name = "NAME|DIR")]
    pub own_voice: Option<String>,
    /// The recording: a WAV file of any sample format, channel count and rate.
    #[arg(required_unless_present = "device")]
    pub file: Option<PathBuf>,
}

/// Runs `annexd recognize`.
pub fn run(args: &RecognizeArgs) -> Result<ExitCode, Error> {
    run_with_model::run(args)
}

mod run_with_model {
    use std::process::ExitCode;
    use std::time::Duration;

    use super::RecognizeArgs;
    use crate::error::{Error, out_line};
    use crate::listen::engines::load;
    use crate::listen::listener::{AudioInput, ListenConfig, ListenEvent, start_with};
    use crate::notation::cli::position_or_fail;
    use annexd_core::listen::ListenMode;
    use annexd_core::listen::{DecodeStats, Heard};
    use annexd_core::listen::{Understanding, understand};
    use annexd_core::{Lang, Token, Word};

    /// Prints a line; a closed output (`| head`) is not an error worth a panic.
    fn say(line: &str) {
        out_line(line);
    }

    pub(super) fn run(args: &RecognizeArgs) -> Result<ExitCode, Error> {
        let lang = args.lang;
        let speech = annexd_core::Speech::new(lang, args.words);
        let pos = position_or_fail(&args.fen, lang)?;
        let model =
            load(args.recogniser, args.model.as_deref(), lang).map_err(|e| Error::of(lang, &e))?;
        let sample_rate = model.sample_rate();
        let kind = model.kind();
        if !args.json {
            say(&lang.text(&kind.tokens()));
        }
        // Phrases given: those only ("" alone: free speech, no grammar at all).
        let phrases: Vec<String> = args
            .phrases
            .iter()
            .filter(|p| !p.is_empty())
            .cloned()
            .collect();
        let free = !args.phrases.is_empty() && phrases.is_empty();
        let input = match (&args.file, &args.device) {
            (Some(file), _) => AudioInput::WavFile(file.clone()),
            (None, device) => AudioInput::Device(device.clone()),
        };
        let config = ListenConfig {
            recogniser: args.recogniser,
            model: Some(model.dir().to_path_buf()),
            lang,
            words: args.words,
            mode: args.mode,
            input,
            phrases: if free { vec![String::new()] } else { phrases },
            max_audio: args
                .device
                .as_ref()
                .map(|_| Duration::from_secs_f64(args.max_seconds.max(0.0))),
            // Push-to-talk on a device: the whole recording is one utterance.
            start_talking: true,
            position: Some(pos.clone()),
            own_voice: args
                .own_voice
                .as_deref()
                .map(|name| crate::listen::own_voice::voice_dir(name, lang)),
        };
        let (tx, rx) = crossbeam_channel::unbounded();
        let listener = start_with(model, &config, tx).map_err(|off| Error::of(lang, &off))?;
        // The words the model does not know, whether the player's own words listen too.
        if !args.json
            && let Some(notice) = listener.notice()
        {
            say(&speech.text(notice));
        }
        let mut heard = Vec::new();
        let mut faint = false;
        let mut stats = DecodeStats::default();
        let mut failure = None;
        let mut listener = Some(listener);
        for event in rx.iter() {
            match event {
                ListenEvent::Heard(h) => {
                    heard.push(h);
                    // A device in always-on mode: the first utterance is the answer.
                    if args.device.is_some()
                        && args.mode == ListenMode::Always
                        && let Some(l) = listener.take()
                    {
                        l.stop();
                    }
                }
                ListenEvent::SpeechTooFaint => faint = true,
                ListenEvent::Listening(_) => {}
                ListenEvent::Stopped { reason, stats: s } => {
                    stats = s;
                    failure = reason;
                    break;
                }
            }
        }
        drop(listener);
        if let Some(off) = failure {
            return Err(Error::of(lang, &off));
        }
        if args.json {
            let mut report = json_report(&pos, speech, &heard, &stats, sample_rate);
            report["recogniser"] = kind.name().into();
            report["speech_too_faint"] = faint.into();
            say(&report.to_string());
        } else {
            report(&pos, speech, &heard, &stats);
            if faint {
                say(&lang.text(&[Token::Word(Word::SpeechTooFaint)]));
            }
        }
        Ok(ExitCode::SUCCESS)
    }

    fn ms(d: Duration) -> f64 {
        (d.as_secs_f64() * 1e4).round() / 10.0
    }

    /// The report as one JSON object, for scripts.
    fn json_report(
        pos: &shakmaty::Chess,
        speech: annexd_core::Speech,
        heard: &[Heard],
        stats: &DecodeStats,
        sample_rate: u32,
    ) -> serde_json::Value {
        let lang = speech.lang;
        let utterances: Vec<serde_json::Value> = heard
            .iter()
            .filter(|h| !h.is_silence())
            .map(|utterance| {
                let understood = understand(pos, utterance, lang);
                let kind = match &understood {
                    Understanding::Move(_) => "move",
                    Understanding::Command(_) => "command",
                    Understanding::Ask(_) => "question",
                    Understanding::Rejected(_) => "rejected",
                };
                serde_json::json!({
                    "heard": utterance.best_text(),
                    "alternatives": utterance
                        .sorted()
                        .iter()
                        .map(|(text, score)| serde_json::json!({"text": text, "confidence": score}))
                        .collect::<Vec<_>>(),
                    "understood": kind,
                    "said": speech.text(&understood.tokens(pos, lang)),
                    "own_voice": utterance.own_voice.as_ref().map(|found| serde_json::json!({
                        "phrases": found
                            .phrases
                            .iter()
                            .map(|(text, distance)| serde_json::json!({"text": text, "distance": distance}))
                            .collect::<Vec<_>>(),
                        "free": found.free,
                    })),
                })
            })
            .collect();
        let audio = Duration::from_secs_f64(stats.samples_decoded as f64 / f64::from(sample_rate));
        serde_json::json!({
            "utterances": utterances,
            "audio_ms": ms(audio),
            "decode_ms": ms(stats.decode_time),
            "latency_ms": ms(stats.last_latency),
            "real_time_factor": if audio.is_zero() {
                0.0
            } else {
                (stats.decode_time.as_secs_f64() / audio.as_secs_f64() * 1e4).round() / 1e4
            },
            "sample_rate": sample_rate,
        })
    }

    /// "neunundfünfzig Millisekunden (59 ms)": the words, then the figure.
    fn milliseconds(lang: Lang, label: Word, d: Duration) -> String {
        let n = u32::try_from(d.as_millis()).unwrap_or(u32::MAX);
        let tokens = [
            Token::Word(label),
            Token::Pause,
            Token::Number(n),
            Token::Word(Word::Milliseconds),
        ];
        format!("{} ({n} ms)", lang.text(&tokens))
    }

    /// "die eigenen Aufnahmen fanden, springer felix drei, Abstand zwölf (12.3) oder …, oder
    /// beliebige Wörter, Abstand elf (11.0)": the phrases the player's recorded words found,
    /// nearest first (at most three), then the recorded words in any order (their way out).
    fn own_voice_line(lang: Lang, found: &annexd_core::listen::OwnVoiceHeard) -> String {
        let distance = |d: f32| figure(lang, Word::Distance, d);
        let mut found_here: Vec<String> = found
            .phrases
            .iter()
            .take(3)
            .map(|(text, d)| format!("{text}{}", distance(*d)))
            .collect();
        found_here.push(format!(
            "{}{}",
            lang.text(&[Token::Word(Word::AnyWords)]),
            distance(found.free)
        ));
        let or = format!(" {} ", lang.text(&[Token::Word(Word::Or)]));
        format!(
            "{} {}",
            lang.text(&[Token::Word(Word::OwnVoiceFound), Token::Pause]),
            found_here.join(&or)
        )
    }

    /// ", Konfidenz zweihundertachtundzwanzig (228.0)": a figure after its label, in words,
    /// and in digits beside them.
    fn figure(lang: Lang, label: Word, value: f32) -> String {
        let mut tokens = vec![Token::Pause, Token::Word(label)];
        tokens.extend(signed(value));
        format!("{} ({value:.1})", lang.text(&tokens))
    }

    fn signed(n: f32) -> Vec<Token> {
        let rounded = n.round();
        let mut out = Vec::new();
        if rounded < 0.0 {
            out.push(Token::Word(Word::Minus));
        }
        out.push(Token::Number(rounded.abs().min(u32::MAX as f32) as u32));
        out
    }

    /// Prints each utterance (heard, alternatives, understood), then the timings. Every
    /// line is words: labels and numbers are tokens, the heard words are the recogniser's;
    /// figures stand beside the numbers in digits.
    fn report(
        pos: &shakmaty::Chess,
        speech: annexd_core::Speech,
        heard: &[Heard],
        stats: &DecodeStats,
    ) {
        let lang = speech.lang;
        let label = |word: Word| lang.text(&[Token::Word(word), Token::Pause]);
        if heard.iter().all(Heard::is_silence) {
            say(&lang.text(&[Token::Word(Word::NothingHeard)]));
        }
        for utterance in heard.iter().filter(|h| !h.is_silence()) {
            say(&format!("{} {}", label(Word::Heard), utterance.best_text()));
            let alternatives: Vec<String> = utterance
                .sorted()
                .iter()
                .map(|(text, score)| format!("{text}{}", figure(lang, Word::Confidence, *score)))
                .collect();
            let or = format!(" {} ", lang.text(&[Token::Word(Word::Or)]));
            say(&format!(
                "{} {}",
                label(Word::Alternatives),
                alternatives.join(&or)
            ));
            if let Some(found) = &utterance.own_voice {
                say(&own_voice_line(lang, found));
            }
            let understood = understand(pos, utterance, lang);
            let mut tokens = match &understood {
                Understanding::Move(_) | Understanding::Command(_) => {
                    vec![Token::Word(Word::Understood), Token::Pause]
                }
                _ => Vec::new(),
            };
            tokens.extend(understood.tokens(pos, lang));
            say(&speech.text(&tokens));
        }
        say(&milliseconds(lang, Word::DecodeTime, stats.decode_time));
        say(&milliseconds(
            lang,
            Word::LatencyAfterSpeech,
            stats.last_latency,
        ));
    }
}

// --- The failures of this part, said in words (their `Display` is for the log) ---

impl Failure for crate::listen::ModelError {
    fn tokens(&self) -> Vec<Token> {
        crate::listen::ModelError::tokens(self)
    }

    fn data(&self) -> Vec<String> {
        use crate::listen::ModelError as E;
        match self {
            E::NotBuilt => Vec::new(),
            E::NotFound { lang, searched } => {
                vec![lang.code().to_string(), paths_shown(searched)]
            }
            E::MissingDir(dir)
            | E::NotAModel(dir)
            | E::LoadFailed(dir)
            | E::RecogniserFailed(dir)
            | E::KnowsNoWord { dir, .. } => vec![dir.display().to_string()],
        }
    }
}

impl Failure for crate::listen::VoiceOff {
    fn tokens(&self) -> Vec<Token> {
        crate::listen::VoiceOff::tokens(self)
    }

    fn data(&self) -> Vec<String> {
        match self {
            crate::listen::VoiceOff::Model(e) => e.data(),
            crate::listen::VoiceOff::Recording { path, reason } => {
                vec![path.clone(), reason.clone()]
            }
            crate::listen::VoiceOff::Microphone(_) | crate::listen::VoiceOff::Audio(_) => {
                Vec::new()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: RecognizeArgs,
    }

    #[test]
    fn a_file_or_a_device_is_needed() {
        assert!(Wrapper::try_parse_from(["x"]).is_err());
        let w = Wrapper::try_parse_from(["x", "a.wav"]).unwrap();
        assert_eq!(w.args.file, Some(PathBuf::from("a.wav")));
        assert_eq!(w.args.lang, Lang::De);
        let w =
            Wrapper::try_parse_from(["x", "--device", "default", "--max-seconds", "3"]).unwrap();
        assert_eq!(w.args.device.as_deref(), Some("default"));
        assert!(Wrapper::try_parse_from(["x", "--device", "default", "a.wav"]).is_err());
    }
}
