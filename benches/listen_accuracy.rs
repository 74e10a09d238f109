//! Speech-in accuracy and speed, honestly: random legal moves from random positions, illegal
//! moves, every kind of spoken command, speech that is no phrase and noise, said in German,
//! English and French (short and long forms; the Annex D words, and for English and French
//! also the language's own words) by many synthetic voices (SVOX Pico, MBROLA, espeak-ng and
//! its variants), clean, slower (tempo 0.85), faster (1.25), in pink noise at 18 dB SNR and
//! in a reverberant room; decoded by Whisper inside the grammar through the capture pipeline
//! (push-to-talk), and understood by the matcher in the position.
//!
//! Two phases:
//!
//! 1. **Decode** (slow): every utterance is synthesised, conditioned (sox), decoded, and its
//!    figures (the phrases found, Whisper's own text, the no-speech probability: the core's
//!    `GrammarDecode`) written as one JSON line with the time it took
//!    (`target/listen-bench/decodes.jsonl`, or `ANNEXD_BENCH_DECODES`).
//! 2. **Evaluate** (seconds): the decisions' thresholds (the core's `Thresholds`: how far
//!    outside the grammar, how the phrases' likelihoods are weighed) are chosen on some voices
//!    and measured on another: **leave one voice out** — for each voice, the thresholds that
//!    play the most moves and commands right with no wrong one on all the *other* voices are
//!    applied to it. Those held-out rows are the result; the rows with the thresholds chosen
//!    on every voice (the ones the program uses) are shown apart, as in-sample figures.
//!
//! Each row: voice, condition, what was said (moves, commands, illegal moves, speech outside
//! the grammar, noise), right / asked back / rejected / **wrong**, the time from the end of
//! the utterance to the decision (median, p95) and the processor time it took.
//!
//! Right means: a move played at once (asked back counts as not right); a command done, or a
//! binding one (resign, draw) asked to be confirmed; an illegal move refused as that move
//! (its reason); speech outside the grammar and noise not taken for anything. Wrong means
//! another move played or a command done that was not said.
//!
//! `nice -n 10 cargo bench --bench listen_accuracy` runs both phases (about 40 minutes on two
//! busy cores). Environment: `ANNEXD_BENCH_REPLAY=FILE` evaluates recorded decodes only;
//! `ANNEXD_BENCH_LANGS` (de,en,fr), `ANNEXD_BENCH_VOICES` (names as in the table, comma
//! separated, default all but the neural voice "Piper en_US-joe-medium", which runs only when
//! named, after `scripts/setup.sh --bench`, and is decided with the program's thresholds,
//! never chosen on), `ANNEXD_BENCH_CONDITIONS` (clean,slow,fast,noise,reverb),
//! `ANNEXD_BENCH_MOVES` (moves per voice and condition, default 12), `ANNEXD_BENCH_COMMANDS`
//! (6), `ANNEXD_BENCH_SEED` (28), `ANNEXD_BENCH_WRONG=1` prints every utterance not right,
//! `ANNEXD_BENCH_THRESHOLDS=outside,least,agreed_least,no_speech,scale,agreed_scale,agreed_reach` prints
//! what those thresholds get wrong, `ANNEXD_TRY_FRONT=hp,trim` (and `denoise` when built with
//! `--features denoise`) runs the speech front end's stages (src/listen/front.rs);
//! `ANNEXD_TRY_PROMPT`, `ANNEXD_TRY_LANG`, `ANNEXD_TRY_BEAM`, `ANNEXD_TRY_PER_WORD` decode
//! another way (src/listen/whisper/tried.rs), and with `ANNEXD_BENCH_THRESHOLDS` the right
//! outcomes under those thresholds are counted by language, word set and kind. The
//! recorded decodes the tests replay (`core/tests/data/whisper_grammar.jsonl`, no times) can
//! be evaluated again with `ANNEXD_BENCH_REPLAY`. `ANNEXD_BENCH_OWN_VOICE=1` also has each
//! voice record every word once (slower and higher) into a voice folder and decodes through
//! the program's recogniser for `--own-voice` (`annexd::listen::own_voice`): the recorded
//! words search the grammar on a thread of their own while Whisper decodes, so the time from
//! the end of speech is the two side by side; what they found is recorded beside Whisper's
//! decode and tallied as rows of their own; with `ANNEXD_BENCH_REPLAY`, only those rows;
//! `ANNEXD_BENCH_OWN_VOICE=room` records the words again in each noisy or reverberant
//! condition. Whisper and the recorded words are then combined (`combined`) under each of a
//! grid of combinations, chosen leaving each voice out (`ANNEXD_BENCH_WRONG` prints what each
//! got wrong; `ANNEXD_BENCH_OWN_VOICE_TSV=FILE` writes one line an utterance;
//! `ANNEXD_TRY_OWN_VOICE_ONLY=1` leaves Whisper out, for trying the recorded words' search
//! quickly, `ANNEXD_TRY_OWN_VOICE_BEAM=beam,max_tokens,per_place` widens it and
//! `ANNEXD_TRY_OWN_VOICE_STAY=n` lets a word's recording hold a frame at most n frames in a
//! row, the free loop too; `ANNEXD_TRY_OWN_VOICE_TAIL=dB` lets a recording's frames after
//! the last within dB of its loudest be left unsaid). Each record of such a run holds how far
//! the nearest phrase's recordings were stretched and, a probe, the syllable nuclei counted
//! in the utterance and in those recordings (`nuclei`).

// clippy.toml's disallowed methods are the tests' (tests/it/common/platform.rs).
#![allow(clippy::disallowed_methods)]

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use annexd::listen::own_voice::{self, OwnVoiceModel};
use annexd::listen::{Listening, LoadedModel, Pipeline, load, read_wav};
use annexd::speech::{HEARING_DIR, hearing_stem};
use annexd_core::listen::{
    Alone, Candidate, Combination, Frame, GrammarDecode, Heard, HeardFrom, Lexicon, ListenMode,
    OwnVoiceHeard, QuestionKind, RecogniserChoice, Rejection, TemplateSearchOptions, Thresholds,
    Understanding, Verdict, WordId, WordTemplates, combined, power_ln_of_db, understand,
    understood_alone,
};
use annexd_core::{
    Command as Said, Lang, Speech, Style, WordSet, move_tokens, parse_move, spoken_commands,
    spoken_text,
};
use annexd_dsp::features::{FEATURES, speech_features};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

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

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

// ---------------------------------------------------------------------------------------
// What is said
// ---------------------------------------------------------------------------------------

/// What an utterance is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Kind {
    /// A legal move.
    Move,
    /// A spoken command.
    Command,
    /// A move that is not legal in the position.
    Illegal,
    /// A sentence that is no phrase of the grammar.
    Outside,
    /// Noise, no speech.
    Noise,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Move => "moves",
            Kind::Command => "commands",
            Kind::Illegal => "illegal moves",
            Kind::Outside => "other speech",
            Kind::Noise => "noise",
        }
    }
}

/// One utterance to say.
#[derive(Debug, Clone)]
struct Trial {
    kind: Kind,
    pos: Chess,
    speech: Speech,
    /// The words to say ("" for noise).
    text: String,
    /// A move's UCI, a command's debug form.
    said: String,
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

/// Sentences that are no phrase of the grammar, said beside a board.
fn outside_sentences(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::De => &[
            "Entschuldigung, wo ist hier die Toilette?",
            "Ich hole mir schnell einen Kaffee.",
            "Wie spät ist es eigentlich?",
            "Können wir bitte das Fenster aufmachen?",
            "Das Turnier beginnt morgen um neun.",
            "Mein Handy ist leider aus.",
        ],
        Lang::En => &[
            "Excuse me, where is the bathroom?",
            "I will get myself a coffee.",
            "What time is it, actually?",
            "Could we open the window, please?",
            "The tournament starts tomorrow at nine.",
            "My phone is switched off.",
        ],
        Lang::Fr => &[
            "Excusez-moi, où sont les toilettes?",
            "Je vais chercher un café.",
            "Quelle heure est-il, au fait?",
            "On peut ouvrir la fenêtre, s'il vous plaît?",
            "Le tournoi commence demain à neuf heures.",
            "Mon téléphone est éteint.",
        ],
    }
}

/// The command phrases of a word set, each once (every phrasing of every command kind, one
/// square, piece and colour of each), shuffled.
fn command_phrases(speech: Speech, rng: &mut StdRng) -> Vec<(Said, String)> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let mut all = spoken_commands(speech.lang);
    all.shuffle(rng);
    for (command, words) in all {
        // One of each phrasing: the phrase with its slots' values taken out.
        let shape: String = words
            .iter()
            .map(|w| match w {
                annexd_core::SpokenWord::Text(t) => t.to_string(),
                annexd_core::SpokenWord::Token(t) => format!("{:?}", std::mem::discriminant(t)),
            })
            .collect::<Vec<_>>()
            .join(" ");
        let shape = format!("{:?} {shape}", command_kind(&command));
        if seen.contains(&shape) {
            continue;
        }
        seen.push(shape);
        out.push((command.clone(), spoken_text(speech, &words)));
    }
    out
}

fn command_kind(command: &Said) -> String {
    format!("{command:?}")
        .split(['(', ' '])
        .next()
        .unwrap_or("")
        .to_string()
}

/// The trials of one voice in one condition.
fn trials(
    lang: Lang,
    moves: usize,
    commands: usize,
    rng: &mut StdRng,
    command_pool: &mut BTreeMap<&'static str, Vec<(Said, String)>>,
) -> Vec<Trial> {
    let sets: &[WordSet] = if lang == Lang::De {
        &[WordSet::AnnexD]
    } else {
        &WordSet::ALL
    };
    let mut out = Vec::new();
    for i in 0..moves {
        let pos = random_position(rng);
        let legal = pos.legal_moves();
        let m = legal[rng.random_range(0..legal.len())];
        let style = if i % 2 == 0 {
            Style::Short
        } else {
            Style::Long
        };
        let speech = Speech::new(lang, sets[i % sets.len()]);
        out.push(Trial {
            kind: Kind::Move,
            text: speech.text(&move_tokens(&pos, m, style)),
            said: m.to_uci(CastlingMode::Standard).to_string(),
            pos,
            speech,
        });
    }
    for i in 0..commands {
        let speech = Speech::new(lang, sets[i % sets.len()]);
        let pool = command_pool.entry(speech.words.name()).or_default();
        if pool.is_empty() {
            *pool = command_phrases(speech, rng);
        }
        let (command, text) = pool.pop().expect("the tables have commands");
        out.push(Trial {
            kind: Kind::Command,
            pos: random_position(rng),
            speech,
            text,
            said: format!("{command:?}"),
        });
    }
    // An illegal move: a move of another position, whose words name no legal move here.
    loop {
        let pos = random_position(rng);
        let other = random_position(rng);
        let legal = other.legal_moves();
        let m = legal[rng.random_range(0..legal.len())];
        let speech = Speech::new(lang, sets[rng.random_range(0..sets.len())]);
        let text = speech.text(&move_tokens(&other, m, Style::Short));
        if parse_move(&pos, &text).is_err_and(|e| is_about_legality(&e)) {
            out.push(Trial {
                kind: Kind::Illegal,
                said: text.clone(),
                pos,
                speech,
                text,
            });
            break;
        }
    }
    let sentences = outside_sentences(lang);
    let speech = Speech::new(lang, WordSet::AnnexD);
    out.push(Trial {
        kind: Kind::Outside,
        pos: random_position(rng),
        speech,
        text: sentences[rng.random_range(0..sentences.len())].to_string(),
        said: String::new(),
    });
    out.push(Trial {
        kind: Kind::Noise,
        pos: random_position(rng),
        speech,
        text: String::new(),
        said: String::new(),
    });
    out
}

fn is_about_legality(err: &annexd_core::ParseError) -> bool {
    use annexd_core::ParseError as E;
    matches!(
        err,
        E::NoPieceCanReach { .. }
            | E::NoPieceThere(_)
            | E::NotYourPiece(_)
            | E::Illegal { .. }
            | E::NoPromotionHere
            | E::CastlingNotLegal(_)
    )
}

// ---------------------------------------------------------------------------------------
// Voices and rooms
// ---------------------------------------------------------------------------------------

/// A synthetic voice.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Voice {
    /// SVOX Pico (`pico2wave`) in a locale.
    Pico(&'static str),
    /// espeak-ng with a voice (an MBROLA voice `mb-…`, or a language with a variant).
    Espeak(&'static str),
    /// Piper, a neural voice (its model's name, in `.deps/piper/voices/`: `scripts/setup.sh
    /// --bench`). Never among the voices the rules are chosen on: run only when named in
    /// `ANNEXD_BENCH_VOICES`, so that its figures are held out.
    Piper(&'static str),
}

impl Voice {
    fn name(&self) -> String {
        match self {
            Voice::Pico(locale) => format!("Pico {locale}"),
            Voice::Espeak(v) if v.starts_with("mb-") => {
                format!("MBROLA {}", v.trim_start_matches("mb-"))
            }
            Voice::Espeak(v) => format!("espeak {v}"),
            Voice::Piper(model) => format!("Piper {model}"),
        }
    }

    /// Whether the voice is one of the set the rules are chosen on (run unless others are
    /// named), or a held-out one run only when named.
    fn chosen_on(&self) -> bool {
        !matches!(self, Voice::Piper(_))
    }

    fn engine(&self) -> &'static str {
        match self {
            Voice::Pico(_) => "pico",
            // Piper reads its text through espeak-ng's phonemes: espeak's spellings.
            Voice::Espeak(_) | Voice::Piper(_) => "espeak",
        }
    }
}

fn voices(lang: Lang) -> Vec<Voice> {
    match lang {
        Lang::De => vec![
            Voice::Pico("de-DE"),
            Voice::Espeak("mb-de6"),
            Voice::Espeak("mb-de7"),
            Voice::Espeak("de"),
            Voice::Espeak("de+f3"),
        ],
        Lang::En => vec![
            Voice::Pico("en-US"),
            Voice::Pico("en-GB"),
            Voice::Espeak("mb-us1"),
            Voice::Espeak("en-us"),
            Voice::Espeak("en-gb-x-rp+f2"),
            Voice::Piper("en_US-joe-medium"),
        ],
        Lang::Fr => vec![
            Voice::Pico("fr-FR"),
            Voice::Espeak("mb-fr1"),
            Voice::Espeak("fr-fr"),
            Voice::Espeak("fr-be+m3"),
        ],
    }
}

/// The project's spellings for an engine (scripts/voices/ENGINE-LANG.sed, as
/// scripts/make-voices.sh applies them): Pico says "Cesar" with a k unless it reads
/// "Zäsar"; MBROLA takes espeak's.
fn spelled(engine: &str, lang: Lang, text: &str) -> String {
    let sed = repo().join(format!("scripts/voices/{engine}-{}.sed", lang.code()));
    piped("sed", &["-f".into(), sed.display().to_string()], text)
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .unwrap_or_else(|| text.to_string())
}

/// Runs `program` with `input` on its standard input, its output and errors kept.
fn piped(program: &str, args: &[String], input: &str) -> std::io::Result<std::process::Output> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())?;
    child.wait_with_output()
}

/// Runs a voice's `program` (with `input` on its standard input): its errors, or where it
/// is missing which `scripts/setup.sh` option installs it.
fn run(program: &str, args: &[String], input: &str, setup: &str) -> Result<(), String> {
    match piped(program, args, input) {
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(format!(
            "{program} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )),
        Err(e) => Err(format!(
            "{program} is not installed ({e}): scripts/setup.sh {setup} installs it"
        )),
    }
}

/// Says `text` with `voice` into `wav`.
fn say(voice: &Voice, lang: Lang, text: &str, wav: &Path) -> Result<(), String> {
    let text = spelled(voice.engine(), lang, text);
    let out = wav.display().to_string();
    match voice {
        Voice::Pico(locale) => run(
            "pico2wave",
            &["-l".into(), (*locale).into(), "-w".into(), out, text],
            "",
            "--test",
        ),
        Voice::Espeak(name) => run(
            "espeak-ng",
            &["-v".into(), (*name).into(), "-w".into(), out, text],
            "",
            "--test",
        ),
        Voice::Piper(model) => {
            let piper = repo().join(".deps/piper");
            let model = piper.join(format!("voices/{model}.onnx"));
            if !model.is_file() {
                return Err(format!(
                    "{} is missing: scripts/setup.sh --bench installs it",
                    model.display()
                ));
            }
            run(
                &piper.join("bin/piper").display().to_string(),
                &[
                    "--model".into(),
                    model.display().to_string(),
                    "--output_file".into(),
                    out,
                ],
                &text,
                "--bench",
            )
        }
    }
}

/// A condition of the room and the speaker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Condition {
    Clean,
    /// Tempo 0.85: slower.
    Slow,
    /// Tempo 1.25: faster.
    Fast,
    /// Pink noise at 18 dB SNR.
    Noise,
    /// A reverberant room.
    Reverb,
}

impl Condition {
    const ALL: [Condition; 5] = [
        Condition::Clean,
        Condition::Slow,
        Condition::Fast,
        Condition::Noise,
        Condition::Reverb,
    ];

    fn name(self) -> &'static str {
        match self {
            Condition::Clean => "clean",
            Condition::Slow => "slow",
            Condition::Fast => "fast",
            Condition::Noise => "noise",
            Condition::Reverb => "reverb",
        }
    }

    fn shown(self) -> &'static str {
        match self {
            Condition::Clean => "clean",
            Condition::Slow => "tempo 0.85",
            Condition::Fast => "tempo 1.25",
            Condition::Noise => "pink noise 18 dB SNR",
            Condition::Reverb => "reverberation",
        }
    }
}

/// Makes the utterance at `raw` (any rate) into 16 kHz mono at `out`, in `condition`, with
/// 0.3 s of quiet before and after (a push-to-talk key pressed and let go around it). Noise
/// (no words) is a burst of pink or brown noise.
fn condition(
    raw: Option<&Path>,
    condition: Condition,
    out: &Path,
    rng: &mut StdRng,
) -> Result<(), String> {
    let tmp = out.with_extension("tmp.wav");
    // `-R`: sox's dither and noise the same in every run, so that a run can be repeated
    // (without it each run heard slightly different audio: 2026-11-28, docs/benchmarks.md).
    let mut args: Vec<String> = vec!["-R".to_string()];
    match raw {
        Some(raw) => args.push(raw.display().to_string()),
        None => {
            let colour = if rng.random_bool(0.5) {
                "pinknoise"
            } else {
                "brownnoise"
            };
            let length = rng.random_range(0.4..1.5f64);
            args.extend(
                ["-n", "-r", "16000", "-c", "1"]
                    .iter()
                    .map(|s| s.to_string()),
            );
            args.push(tmp.with_extension("noise.wav").display().to_string());
            args.extend([
                "synth".to_string(),
                format!("{length:.2}"),
                colour.to_string(),
            ]);
            args.extend([
                "vol".to_string(),
                format!("{:.2}", rng.random_range(0.1..0.5f64)),
            ]);
            run("sox", &args, "", "--test")?;
            args = vec![
                "-R".to_string(),
                tmp.with_extension("noise.wav").display().to_string(),
            ];
        }
    }
    args.extend(
        ["-r", "16000", "-c", "1", "-b", "16"]
            .iter()
            .map(|s| s.to_string()),
    );
    args.push(tmp.display().to_string());
    match condition {
        Condition::Slow => args.extend(["tempo".into(), "0.85".into()]),
        Condition::Fast => args.extend(["tempo".into(), "1.25".into()]),
        Condition::Reverb => args.extend(
            ["reverb", "60", "50", "100", "100", "20"]
                .iter()
                .map(|s| s.to_string()),
        ),
        Condition::Clean | Condition::Noise => {}
    }
    args.extend(["pad".into(), "0.3".into(), "0.3".into()]);
    run("sox", &args, "", "--test")?;
    let mut samples = samples_of(&tmp)?;
    if condition == Condition::Noise {
        add_pink_noise(&mut samples, 18.0, rng);
    }
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 16_000,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut writer = hound::WavWriter::create(out, spec).map_err(|e| e.to_string())?;
    for s in samples {
        writer
            .write_sample((s.clamp(-1.0, 1.0) * 32767.0) as i16)
            .map_err(|e| e.to_string())?;
    }
    writer.finalize().map_err(|e| e.to_string())
}

/// Adds pink noise (Paul Kellet's filter over white noise) at `snr_db` below the level of
/// the speech (the root mean square of the samples louder than 1 % of full scale).
fn add_pink_noise(samples: &mut [f32], snr_db: f32, rng: &mut StdRng) {
    let active: Vec<f32> = samples.iter().copied().filter(|s| s.abs() > 0.01).collect();
    if active.is_empty() {
        return;
    }
    let speech = (active.iter().map(|s| s * s).sum::<f32>() / active.len() as f32).sqrt();
    let mut b = [0f32; 7];
    let noise: Vec<f32> = (0..samples.len())
        .map(|_| {
            let white: f32 = rng.random_range(-1.0..1.0);
            b[0] = 0.99886 * b[0] + white * 0.0555179;
            b[1] = 0.99332 * b[1] + white * 0.0750759;
            b[2] = 0.96900 * b[2] + white * 0.153_852;
            b[3] = 0.86650 * b[3] + white * 0.3104856;
            b[4] = 0.55000 * b[4] + white * 0.5329522;
            b[5] = -0.7616 * b[5] - white * 0.0168980;
            let pink = b.iter().sum::<f32>() + white * 0.5362;
            b[6] = white * 0.115926;
            pink
        })
        .collect();
    let level = (noise.iter().map(|s| s * s).sum::<f32>() / noise.len() as f32).sqrt();
    let gain = speech / 10f32.powf(snr_db / 20.0) / level.max(1e-9);
    for (s, n) in samples.iter_mut().zip(noise) {
        *s += n * gain;
    }
}

// ---------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------

/// One utterance decoded: what was said and what the recogniser found.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Record {
    lang: String,
    words: String,
    voice: String,
    condition: String,
    kind: Kind,
    fen: String,
    said: String,
    text: String,
    /// The figures inside the grammar (none for a recogniser that has none).
    decode: Option<GrammarDecode>,
    /// What the recogniser heard (as decided with the thresholds in use when recorded).
    #[serde(default)]
    heard: Vec<(String, f32)>,
    /// From the end of the utterance to the decision (none in the tests' copy of the
    /// records, core/tests/data/whisper_grammar.jsonl, which the replay reads too).
    #[serde(default)]
    latency_ms: f64,
    /// Processor time of the decision (all threads).
    #[serde(default)]
    cpu_ms: f64,
    #[serde(default)]
    audio_ms: f64,
    /// The phrases the voice's own recorded words found (`ANNEXD_BENCH_OWN_VOICE`), nearest
    /// first, each with its mean distance a frame.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    own_voice: Vec<(String, f32)>,
    /// The mean distance a frame of the nearest sequence of any of the recorded words
    /// (`free_distance`), the recorded words' way out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    own_voice_free: Option<f32>,
    /// How many times longer the utterance was than the recordings of the nearest phrase
    /// (records made before 2026-12-08 have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    own_voice_stretch: Option<f32>,
    /// Syllable nuclei of the utterance and of the nearest phrase's recordings (a probe,
    /// 2026-12-08; none before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    own_voice_nuclei: Option<(usize, usize)>,
    /// Processor time of the features and the search of the recorded words.
    #[serde(default)]
    own_voice_ms: f64,
}

/// The player's own voice (`ANNEXD_BENCH_OWN_VOICE`, docs/listen.md): every form of every
/// word of the language's lexicon said once by `voice`, slower and a semitone higher than its
/// phrases (a recording of another day), in `room` (its noise or reverberation; clean for
/// none), as templates with their common mean taken away.
fn enrol(
    voice: &Voice,
    lang: Lang,
    dir: &Path,
    room: Option<Condition>,
) -> Result<Enrolled, String> {
    let lexicon = Lexicon::get(lang);
    let (raw, wav) = (dir.join("word.raw.wav"), dir.join("word.wav"));
    let roomed = dir.join("word.room.wav");
    // A voice folder as `annexd voices record --hearing` leaves it, for the program to read.
    let folder = dir.join(format!("voice-{}", room.map_or("clean", |r| r.name())));
    let hearing = folder.join(HEARING_DIR);
    std::fs::create_dir_all(&hearing).map_err(|e| e.to_string())?;
    // Its own noise, so that the utterances are the same with and without it.
    let mut rng = StdRng::seed_from_u64(1_000_003 + lang.index() as u64);
    let mut recorded: Vec<(WordId, Vec<Frame>)> = Vec::new();
    let mut syllables: HashMap<WordId, usize> = HashMap::new();
    // Every form of every word ("Springer" and "knight"), as `voices record --hearing`
    // offers them.
    for (id, word) in lexicon.words().iter().enumerate() {
        for &form in &word.forms {
            say(voice, lang, form, &raw)?;
            let mut args = vec!["-R".to_string(), raw.display().to_string()];
            args.extend(["-r", "16000", "-c", "1", "-b", "16"].map(String::from));
            args.push(wav.display().to_string());
            args.extend(["tempo", "0.9", "pitch", "100"].map(String::from));
            run("sox", &args, "", "--test")?;
            let heard = match room {
                Some(room) => {
                    condition(Some(&wav), room, &roomed, &mut rng)?;
                    &roomed
                }
                None => &wav,
            };
            let frames = speech_features(&samples_of(heard)?);
            let fewest = syllables.entry(id as WordId).or_insert(usize::MAX);
            *fewest = (*fewest).min(nuclei(&frames));
            recorded.push((id as WordId, frames));
            let kept = hearing.join(format!("{}.wav", hearing_stem(form)));
            std::fs::copy(heard, kept).map_err(|e| e.to_string())?;
        }
    }
    Ok(Enrolled {
        templates: WordTemplates::from_recordings(recorded),
        syllables,
        folder,
    })
}

/// A voice's recorded words: as the benchmark's own search takes them, and as a voice folder
/// the program reads (`annexd::listen::own_voice::load`).
struct Enrolled {
    templates: WordTemplates,
    /// Each word's syllable nuclei (`nuclei`), the fewest of its recordings': for the probe.
    syllables: HashMap<WordId, usize>,
    folder: PathBuf,
}

/// Syllable nuclei in `frames`, counted as peaks of the log energy (smoothed over five frames)
/// that rise and then fall by 3 dB, within 25 dB of the loudest: how many syllables were
/// said, roughly, a reverberant room's smear notwithstanding (a probe, 2026-12-08).
fn nuclei(frames: &[Frame]) -> usize {
    const DIP: f32 = power_ln_of_db(3.0);
    const FLOOR: f32 = power_ln_of_db(25.0);
    let energy: Vec<f32> = (0..frames.len())
        .map(|i| {
            let window = &frames[i.saturating_sub(2)..(i + 3).min(frames.len())];
            window.iter().map(|f| f[FEATURES - 1]).sum::<f32>() / window.len() as f32
        })
        .collect();
    let Some(&first) = energy.first() else {
        return 0;
    };
    let loudest = energy.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let (mut count, mut low, mut high, mut rising) = (0, first, first, true);
    for &e in &energy {
        if rising {
            high = high.max(e);
            if e < high - DIP {
                if high - low >= DIP && high >= loudest - FLOOR {
                    count += 1;
                }
                rising = false;
                low = e;
            }
        } else {
            low = low.min(e);
            if e > low + DIP {
                rising = true;
                high = e;
            }
        }
    }
    if rising && high - low >= DIP && high >= loudest - FLOOR {
        count += 1;
    }
    count
}

/// The syllable nuclei of the utterance in `wav` and of the recordings of `phrase` (each
/// word's fewest), for the probe (the utterance's features computed again: the program's
/// search does not give them out).
fn nuclei_of(enrolled: &Enrolled, lang: Lang, wav: &Path, phrase: &str) -> Option<(usize, usize)> {
    let utterance = nuclei(&speech_features(&samples_of(wav).ok()?));
    let lexicon = Lexicon::get(lang);
    let mut recorded = 0;
    for word in phrase.split(' ') {
        let id = lexicon.lookup(word)?;
        recorded += enrolled.syllables.get(&id)?;
    }
    Some((utterance, recorded))
}

/// `model` with the recorded words of `enrolled` hearing beside it, as the program's
/// `--own-voice` has it (`OwnVoiceModel`): what the benchmark decodes with, so that the time
/// from the end of speech to the decision is the two side by side.
fn hearing_beside(model: &LoadedModel, enrolled: &Enrolled, lang: Lang) -> LoadedModel {
    let templates = own_voice::load(&enrolled.folder, lang).expect("the words were recorded");
    OwnVoiceModel::wrap(model.clone(), templates, lang)
}

/// Whether the voices record their words (`ANNEXD_BENCH_OWN_VOICE` set and not empty).
fn own_voice_on() -> bool {
    std::env::var_os("ANNEXD_BENCH_OWN_VOICE").is_some_and(|v| !v.is_empty())
}

/// Whether the recorded words are searched by the benchmark apart from Whisper (the trial
/// switches), rather than beside it in the program's own recogniser.
fn own_voice_apart() -> bool {
    ["ONLY", "BEAM", "STAY", "TAIL"]
        .iter()
        .any(|k| std::env::var_os(format!("ANNEXD_TRY_OWN_VOICE_{k}")).is_some())
}

/// The samples of a 16 kHz mono WAV file of 16 bits.
fn samples_of(wav: &Path) -> Result<Vec<f32>, String> {
    Ok(pcm_of(wav)?
        .into_iter()
        .map(|s| f32::from(s) / 32768.0)
        .collect())
}

/// The samples of a 16 kHz mono WAV file of 16 bits, as they are.
fn pcm_of(wav: &Path) -> Result<Vec<i16>, String> {
    Ok(hound::WavReader::open(wav)
        .map_err(|e| e.to_string())?
        .samples::<i16>()
        .map(|s| s.unwrap_or(0))
        .collect())
}

/// What the recorded words find in the utterance of `wav` (as the program's `--own-voice`
/// searches, with the trial's options), and the processor time.
fn search_own_voice(
    templates: &WordTemplates,
    lang: Lang,
    wav: &Path,
) -> (Option<OwnVoiceHeard>, Duration) {
    let samples = pcm_of(wav).expect("the utterance was written");
    let before = cpu_time();
    let found = own_voice::search_with(templates, lang, &samples, &own_voice_options());
    (found, cpu_time() - before)
}

/// The recorded words' search options: the program's, or wider for a trial
/// (`ANNEXD_TRY_OWN_VOICE_BEAM=beam,max_tokens,per_place`), or with a word stretched no
/// more than `ANNEXD_TRY_OWN_VOICE_STAY` frames in a row on one frame of its recording
/// (`none`: as far as the utterance goes, as before 2026-12-07), or with a recording's frames
/// more than `ANNEXD_TRY_OWN_VOICE_TAIL` dB below its loudest left unsaid where they like.
fn own_voice_options() -> TemplateSearchOptions {
    let mut options = TemplateSearchOptions::default();
    if let Ok(stay) = std::env::var("ANNEXD_TRY_OWN_VOICE_STAY") {
        // A number, or "none" for no limit.
        options.max_stay = stay.parse().ok();
    }
    if let Ok(tail) = std::env::var("ANNEXD_TRY_OWN_VOICE_TAIL") {
        // Decibels below a recording's loudest frame, or "none".
        options.optional_tail = tail.parse().ok().map(power_ln_of_db);
    }
    if let Ok(tried) = std::env::var("ANNEXD_TRY_OWN_VOICE_BEAM") {
        let n: Vec<f32> = tried.split(',').filter_map(|x| x.parse().ok()).collect();
        if let [beam, max_tokens, per_place] = n[..] {
            options.beam = beam;
            options.max_tokens = max_tokens as usize;
            options.per_place = per_place as usize;
        }
    }
    options
}

/// The processor time of this process so far (all threads).
fn cpu_time() -> Duration {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given.
    let usage = unsafe {
        libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr());
        usage.assume_init()
    };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// The most memory this process has held (kB).
fn peak_memory_kb() -> i64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given.
    let usage = unsafe {
        libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr());
        usage.assume_init()
    };
    usage.ru_maxrss
}

/// Decodes a WAV file (16 kHz mono) as one push-to-talk utterance through `pipeline`.
fn decode(
    pipeline: &mut Pipeline,
    wav: &Path,
) -> (Heard, Option<GrammarDecode>, Duration, Duration, Duration) {
    let blocks = read_wav(wav, Duration::from_millis(100)).expect("the voice wrote a WAV");
    let audio = Duration::from_secs_f64(
        blocks.iter().map(|b| b.frames()).sum::<usize>() as f64 / f64::from(blocks[0].rate),
    );
    let _ = pipeline.toggle();
    for block in &blocks {
        pipeline.audio(block).expect("same format");
    }
    let before = cpu_time();
    let heard = pipeline.toggle().pop().unwrap_or_default();
    let cpu = cpu_time() - before;
    (
        heard,
        pipeline.last_decode(),
        pipeline.stats().last_latency,
        cpu,
        audio,
    )
}

/// The pipeline of a language and word set (one recogniser each, as a listener has).
fn pipeline_for<'a>(
    pipelines: &'a mut BTreeMap<(&'static str, &'static str), Pipeline>,
    model: &LoadedModel,
    speech: Speech,
) -> &'a mut Pipeline {
    pipelines
        .entry((speech.lang.code(), speech.words.name()))
        .or_insert_with(|| new_pipeline(model, speech))
}

/// A push-to-talk pipeline of `model` for the moves and commands of `speech`.
fn new_pipeline(model: &LoadedModel, speech: Speech) -> Pipeline {
    let listening = Listening {
        lang: speech.lang,
        words: speech.words,
        phrases: &[],
        position: None,
    };
    let recogniser = model.clone().recogniser(&listening).expect("a recogniser");
    Pipeline::new(recogniser, 16_000, 1, ListenMode::PushToTalk).expect("16 kHz mono is usable")
}

fn decode_all(model: &LoadedModel, out: &Path) {
    let seed = env_number("ANNEXD_BENCH_SEED", 28) as u64;
    let moves = env_number("ANNEXD_BENCH_MOVES", 12);
    let commands = env_number("ANNEXD_BENCH_COMMANDS", 6);
    let langs: Vec<Lang> = env_list("ANNEXD_BENCH_LANGS", "de,en,fr")
        .iter()
        .filter_map(|l| l.parse().ok())
        .collect();
    let wanted_voices = env_list("ANNEXD_BENCH_VOICES", "");
    let conditions: Vec<Condition> =
        env_list("ANNEXD_BENCH_CONDITIONS", "clean,slow,fast,noise,reverb")
            .iter()
            .filter_map(|c| Condition::ALL.into_iter().find(|k| k.name() == c))
            .collect();
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).expect("the records' folder");
    }
    let mut file = std::io::BufWriter::new(std::fs::File::create(out).expect("the records' file"));
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let (raw, wav) = (tmp.path().join("raw.wav"), tmp.path().join("said.wav"));
    let mut pipelines = BTreeMap::new();
    for &lang in &langs {
        let mut rng = StdRng::seed_from_u64(seed + lang.index() as u64);
        let mut command_pool = BTreeMap::new();
        for voice in voices(lang) {
            let wanted = if wanted_voices.is_empty() {
                voice.chosen_on()
            } else {
                wanted_voices.contains(&voice.name())
            };
            if !wanted {
                continue;
            }
            let started = std::time::Instant::now();
            let mut count = 0;
            let own_voice = if own_voice_on() {
                match enrol(&voice, lang, tmp.path(), None) {
                    Ok(templates) => Some(templates),
                    Err(why) => {
                        println!("{} {}: not enrolled — {why}", voice.name(), lang.code());
                        None
                    }
                }
            } else {
                None
            };
            // `ANNEXD_BENCH_OWN_VOICE=room`: the words recorded again in the noise or the
            // reverberation the utterances are said in (a player records them at the board).
            let in_room = std::env::var("ANNEXD_BENCH_OWN_VOICE").is_ok_and(|v| v == "room");
            // The program's recognisers with the recorded words beside Whisper, by the
            // words' folder, language and word set.
            let mut beside = BTreeMap::new();
            for &cond in &conditions {
                let room_templates = match &own_voice {
                    Some(_) if in_room && matches!(cond, Condition::Noise | Condition::Reverb) => {
                        enrol(&voice, lang, tmp.path(), Some(cond)).ok()
                    }
                    _ => None,
                };
                let templates = room_templates.as_ref().or(own_voice.as_ref());
                for trial in trials(lang, moves, commands, &mut rng, &mut command_pool) {
                    let said = if trial.text.is_empty() {
                        None
                    } else {
                        if let Err(why) = say(&voice, lang, &trial.text, &raw) {
                            println!("{} {}: skipped — {why}", voice.name(), lang.code());
                            return;
                        }
                        Some(raw.as_path())
                    };
                    if let Err(why) = condition(said, cond, &wav, &mut rng) {
                        println!("{}: skipped — {why}", cond.name());
                        return;
                    }
                    let pipeline = match templates {
                        Some(enrolled) if !own_voice_apart() => beside
                            .entry((
                                enrolled.folder.clone(),
                                trial.speech.lang.code(),
                                trial.speech.words.name(),
                            ))
                            .or_insert_with(|| {
                                new_pipeline(&hearing_beside(model, enrolled, lang), trial.speech)
                            }),
                        _ => pipeline_for(&mut pipelines, model, trial.speech),
                    };
                    // Trying the recorded words' search alone (ANNEXD_TRY_OWN_VOICE_ONLY):
                    // Whisper is not asked.
                    let (heard, figures, latency, cpu, audio) =
                        if std::env::var_os("ANNEXD_TRY_OWN_VOICE_ONLY").is_some() {
                            (
                                Heard::default(),
                                None,
                                Duration::ZERO,
                                Duration::ZERO,
                                Duration::ZERO,
                            )
                        } else {
                            decode(pipeline, &wav)
                        };
                    let (found, own_voice_time) = match templates {
                        Some(enrolled) if own_voice_apart() => {
                            search_own_voice(&enrolled.templates, lang, &wav)
                        }
                        // Found by the program beside Whisper (nothing where Whisper heard
                        // no speech); the processor time of the same search measured apart.
                        Some(enrolled) => {
                            let (_, took) = search_own_voice(&enrolled.templates, lang, &wav);
                            (heard.own_voice.clone(), took)
                        }
                        None => (None, Duration::ZERO),
                    };
                    let own_voice_nuclei = match (templates, &found) {
                        (Some(enrolled), Some(found)) => found
                            .phrases
                            .first()
                            .and_then(|(phrase, _)| nuclei_of(enrolled, lang, &wav, phrase)),
                        _ => None,
                    };
                    let record = Record {
                        lang: lang.code().into(),
                        words: trial.speech.words.name().into(),
                        voice: voice.name(),
                        condition: cond.name().into(),
                        kind: trial.kind,
                        fen: Fen::from_position(&trial.pos, EnPassantMode::Legal).to_string(),
                        said: trial.said.clone(),
                        text: trial.text.clone(),
                        decode: figures,
                        heard: heard.alternatives,
                        latency_ms: latency.as_secs_f64() * 1e3,
                        cpu_ms: cpu.as_secs_f64() * 1e3,
                        audio_ms: audio.as_secs_f64() * 1e3,
                        own_voice: found.as_ref().map_or(Vec::new(), |f| f.phrases.clone()),
                        own_voice_free: found.as_ref().map(|f| f.free),
                        own_voice_stretch: found.as_ref().map(|f| f.stretch),
                        own_voice_nuclei,
                        own_voice_ms: own_voice_time.as_secs_f64() * 1e3,
                    };
                    let line = serde_json::to_string(&record).expect("a record is JSON");
                    writeln!(file, "{line}").expect("the records' file");
                    count += 1;
                }
            }
            file.flush().expect("the records' file");
            println!(
                "{} {}: {count} utterances in {:.0} s",
                voice.name(),
                lang.code(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    println!("peak memory {} MB", peak_memory_kb() / 1024);
}

// ---------------------------------------------------------------------------------------
// Evaluating
// ---------------------------------------------------------------------------------------

/// How an utterance came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Right,
    Asked,
    Rejected,
    Wrong,
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("a recorded FEN")
        .into_position(CastlingMode::Standard)
        .expect("a recorded position")
}

/// The outcome of what was understood for what was said.
fn outcome(record: &Record, pos: &Chess, understood: &Understanding) -> Outcome {
    let lang: Lang = record.lang.parse().expect("a recorded language");
    match (record.kind, understood) {
        (Kind::Move, Understanding::Move(m)) => {
            let said = record
                .said
                .parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(pos).ok());
            if said == Some(*m) {
                Outcome::Right
            } else {
                Outcome::Wrong
            }
        }
        (Kind::Command, Understanding::Command(c)) => {
            if format!("{c:?}") == record.said {
                Outcome::Right
            } else {
                Outcome::Wrong
            }
        }
        (Kind::Command, Understanding::Ask(q))
            if q.kind == QuestionKind::Confirm
                && matches!(&q.proposal, Some(Candidate::Command(c)) if c.needs_confirmation()) =>
        {
            match &q.proposal {
                Some(Candidate::Command(c)) if format!("{c:?}") == record.said => Outcome::Right,
                // A binding command is only asked, never done: not wrong.
                _ => Outcome::Asked,
            }
        }
        (Kind::Illegal, Understanding::Rejected(Rejection::NotLegal(reason))) => {
            let words_said = record.text.as_str();
            let _ = lang;
            if parse_move(pos, words_said).err().as_ref() == Some(reason) {
                Outcome::Right
            } else {
                Outcome::Rejected
            }
        }
        (Kind::Outside | Kind::Noise, Understanding::Rejected(_)) => Outcome::Right,
        (_, Understanding::Move(_) | Understanding::Command(_)) => Outcome::Wrong,
        (_, Understanding::Ask(_)) => Outcome::Asked,
        (_, Understanding::Rejected(_)) => Outcome::Rejected,
    }
}

/// The thresholds tried when choosing.
fn grid() -> Vec<Thresholds> {
    let mut out = Vec::new();
    for outside in [0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, f32::INFINITY] {
        for least in [-1.5, -2.0, -2.5, -3.0, -4.0, -5.0, -6.0, f32::NEG_INFINITY] {
            for no_speech in [0.3, 0.5, 0.7, 0.9, f32::INFINITY] {
                for scale in SCALES {
                    for agreed_least in AGREED_LEASTS {
                        for agreed_scale in AGREED_SCALES {
                            for agreed_reach in AGREED_REACHES {
                                out.push(Thresholds {
                                    outside,
                                    least,
                                    agreed_least,
                                    no_speech,
                                    scale,
                                    agreed_scale,
                                    agreed_reach,
                                    ..Thresholds::CHOSEN
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// The least likelihoods of a phrase the free text agrees with that the grid tries (from
/// never taking one below `least` to taking any).
const AGREED_LEASTS: [f32; 6] = [f32::INFINITY, -4.0, -5.0, -6.0, -8.0, f32::NEG_INFINITY];

/// What the grid tries to multiply the scale by when Whisper's own text is the best phrase.
const AGREED_SCALES: [f32; 5] = [1.0, 3.0, 4.0, 6.0, 8.0];

/// The shares of letters apart at which the grid lets that factor fall to 1 (0: letter for
/// letter only).
const AGREED_REACHES: [f32; 6] = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5];

/// The scales the grid tries (each a run of the matcher over every record).
const SCALES: [f32; 8] = [1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0];

/// Every agreed scale with every agreed reach, in the grid's order.
fn agreed_pairs() -> impl Iterator<Item = (f32, f32)> {
    AGREED_SCALES
        .into_iter()
        .flat_map(|s| AGREED_REACHES.into_iter().map(move |r| (s, r)))
}

/// What a record comes to under every threshold of the grid: the outcome when the figures
/// say nothing or outside (no matcher), and the matcher's outcome at each scale.
struct Outcomes {
    rejected: Outcome,
    by_scale: Vec<Outcome>,
}

impl Outcomes {
    fn of(record: &Record) -> Outcomes {
        let lang: Lang = record.lang.parse().expect("a recorded language");
        let pos = position(&record.fen);
        let rejected = outcome(record, &pos, &Understanding::Rejected(Rejection::Noise));
        // The matcher's outcome for each scale and agreed scale (the same heard once).
        let mut seen: Vec<(Heard, Outcome)> = Vec::new();
        let mut by_scale = Vec::new();
        for scale in SCALES {
            for (agreed_scale, agreed_reach) in agreed_pairs() {
                let heard = match &record.decode {
                    Some(decode) => {
                        let t = Thresholds {
                            scale,
                            agreed_scale,
                            agreed_reach,
                            outside: f32::INFINITY,
                            least: f32::NEG_INFINITY,
                            agreed_least: f32::NEG_INFINITY,
                            castling_least: f32::NEG_INFINITY,
                            no_speech: f32::INFINITY,
                            ..Thresholds::CHOSEN
                        };
                        decode.heard(&t)
                    }
                    None => Heard {
                        alternatives: record.heard.clone(),
                        from: HeardFrom::Grammar,
                        own_voice: None,
                    },
                };
                let known = seen.iter().find(|(h, _)| *h == heard).map(|(_, o)| *o);
                let outcome =
                    known.unwrap_or_else(|| outcome(record, &pos, &understand(&pos, &heard, lang)));
                if known.is_none() {
                    seen.push((heard, outcome));
                }
                by_scale.push(outcome);
            }
        }
        Outcomes { rejected, by_scale }
    }

    fn under(&self, record: &Record, t: &Thresholds) -> Outcome {
        match &record.decode {
            Some(decode) if decode.verdict(t) != Verdict::Phrases => self.rejected,
            _ => {
                let i = SCALES
                    .iter()
                    .position(|&s| s == t.scale)
                    .expect("a grid scale");
                let j = agreed_pairs()
                    .position(|(s, r)| s == t.agreed_scale && r == t.agreed_reach)
                    .expect("a grid agreed scale and reach");
                self.by_scale[i * AGREED_SCALES.len() * AGREED_REACHES.len() + j]
            }
        }
    }
}

/// Every record's outcome under every threshold of the grid: `[record][threshold]`.
fn outcomes(records: &[Record], grid: &[Thresholds]) -> Vec<Vec<Outcome>> {
    records
        .iter()
        .map(|record| {
            let outcomes = Outcomes::of(record);
            grid.iter().map(|t| outcomes.under(record, t)).collect()
        })
        .collect()
}

/// Whether a record's voice is one the rules are never chosen on.
fn held_out_voice(name: &str) -> bool {
    [Lang::De, Lang::En, Lang::Fr]
        .into_iter()
        .flat_map(voices)
        .any(|voice| voice.name() == name && !voice.chosen_on())
}

/// How many of `records` come out right and how many wrong under choice `i` (an index into
/// each record's outcomes).
fn right_and_wrong(records: &[usize], outcomes: &[Vec<Outcome>], i: usize) -> (usize, usize) {
    let count = |o: Outcome| records.iter().filter(|&&r| outcomes[r][i] == o).count();
    (count(Outcome::Right), count(Outcome::Wrong))
}

/// Of `choices` (the thresholds of a grid, the combinations), the one that gets the most
/// utterances right with no wrong outcome on `records` (the fewest wrong ones if none has
/// none; of those equally good, the first).
fn choose(records: &[usize], outcomes: &[Vec<Outcome>], choices: usize) -> usize {
    let mut best: Option<(usize, usize, usize)> = None;
    for i in 0..choices {
        let (right, wrong) = right_and_wrong(records, outcomes, i);
        let better = match best {
            None => true,
            Some((w, r, _)) => wrong < w || (wrong == w && right > r),
        };
        if better {
            best = Some((wrong, right, i));
        }
    }
    best.map_or(0, |(_, _, i)| i)
}

fn shown(t: &Thresholds) -> String {
    format!(
        "outside {}, least {}, agreed {}, no speech {}, scale {}, agreed scale {}, agreed reach {}",
        t.outside, t.least, t.agreed_least, t.no_speech, t.scale, t.agreed_scale, t.agreed_reach
    )
}

/// The tally of one row.
#[derive(Debug, Default, Clone)]
struct Tally {
    right: usize,
    asked: usize,
    rejected: usize,
    wrong: usize,
    latency: Vec<f64>,
    cpu: Vec<f64>,
}

impl Tally {
    fn add(&mut self, outcome: Outcome, record: &Record) {
        match outcome {
            Outcome::Right => self.right += 1,
            Outcome::Asked => self.asked += 1,
            Outcome::Rejected => self.rejected += 1,
            Outcome::Wrong => self.wrong += 1,
        }
        self.latency.push(record.latency_ms);
        self.cpu.push(record.cpu_ms);
    }

    fn n(&self) -> usize {
        self.right + self.asked + self.rejected + self.wrong
    }

    fn percentile(values: &[f64], p: f64) -> f64 {
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        if sorted.is_empty() {
            return 0.0;
        }
        sorted[((sorted.len() - 1) as f64 * p).round() as usize]
    }

    fn row(&self) -> String {
        let n = self.n().max(1) as f64;
        format!(
            "{} | {:.1} % | {:.1} % | {:.1} % | **{}** | {:.0} ms | {:.0} ms | {:.0} ms",
            self.n(),
            100.0 * self.right as f64 / n,
            100.0 * self.asked as f64 / n,
            100.0 * self.rejected as f64 / n,
            self.wrong,
            Tally::percentile(&self.latency, 0.5),
            Tally::percentile(&self.latency, 0.95),
            Tally::percentile(&self.cpu, 0.5),
        )
    }
}

const HEADER: &str =
    "| n | right | asked back | rejected | wrong | time median | time p95 | processor median |";
const RULE: &str = "|---:|---:|---:|---:|---:|---:|---:|---:|";

/// The player's own voice alone (`ANNEXD_BENCH_OWN_VOICE`): the phrases the recorded words
/// found, as a searching recogniser's alternatives (minus `scale` times the distance each),
/// decided by the matcher, at a few scales. Nothing is chosen here: the rows are read, not
/// tuned, and the templates have no way out yet (noise and sentences are drawn to phrases).
fn evaluate_own_voice(records: &[Record]) {
    let with: Vec<&Record> = records.iter().filter(|r| r.own_voice_ms > 0.0).collect();
    if with.is_empty() {
        return;
    }
    println!("\n## The player's own voice: the recorded words alone, the matcher deciding\n");
    let mut times: Vec<f64> = with.iter().map(|r| r.own_voice_ms).collect();
    times.sort_by(f64::total_cmp);
    println!(
        "features and search, processor time: median {:.1} ms, p95 {:.1} ms ({} utterances)",
        Tally::percentile(&times, 0.5),
        Tally::percentile(&times, 0.95),
        times.len()
    );
    for scale in [1.0f32, 2.0, 4.0, 8.0] {
        println!("\nscale {scale} (a phrase's likelihood: minus {scale} times its distance)\n");
        println!("| said | voice | n | right | asked back | rejected | wrong |");
        println!("|---|---|---:|---:|---:|---:|---:|");
        let mut rows: BTreeMap<(String, String), [usize; 4]> = BTreeMap::new();
        for record in &with {
            let lang: Lang = record.lang.parse().expect("a recorded language");
            let pos = position(&record.fen);
            let understood = understood_alone(&found_of(record), scale, |heard| {
                understand(&pos, heard, lang)
            });
            let said = format!("{} {} {}", record.lang, record.words, record.kind.name());
            for voice in [record.voice.clone(), "all".to_string()] {
                let row = rows.entry((said.clone(), voice)).or_default();
                row[outcome(record, &pos, &understood) as usize] += 1;
            }
        }
        for ((said, voice), [right, asked, rejected, wrong]) in rows {
            let n = (right + asked + rejected + wrong).max(1) as f64;
            println!(
                "| {said} | {voice} | {} | {:.0} % | {:.0} % | {:.0} % | **{wrong}** |",
                n,
                100.0 * right as f64 / n,
                100.0 * asked as f64 / n,
                100.0 * rejected as f64 / n,
            );
        }
    }
}

/// The combinations of Whisper's hearing and the recorded words' the benchmark tries.
fn combinations() -> Vec<Combination> {
    let mut out = Vec::new();
    for scale in [2.0f32, 4.0, 8.0] {
        for whisper_alone in [Alone::Never, Alone::Uncontradicted, Alone::Always] {
            out.push(Combination {
                scale,
                whisper_alone,
                own_alone: false,
                reach: f32::INFINITY,
                lead: 0.0,
                stretch: f32::INFINITY,
            });
            for reach in [0.25f32, 0.5, 0.75, 1.0, f32::INFINITY] {
                for lead in [0.0f32, 0.1, 0.25, 0.5] {
                    // Without a limit, and the limit in use (set apart from this choice:
                    // `Combination::CHOSEN`).
                    for stretch in [f32::INFINITY, Combination::CHOSEN.stretch] {
                        out.push(Combination {
                            scale,
                            whisper_alone,
                            own_alone: true,
                            reach,
                            lead,
                            stretch,
                        });
                    }
                }
            }
        }
    }
    out
}

/// A record's outcome under each combination (`combinations()`), Whisper decided with the
/// thresholds in use (`Thresholds::CHOSEN`).
fn combined_outcomes(record: &Record, tried: &[Combination]) -> Vec<Outcome> {
    let lang: Lang = record.lang.parse().expect("a recorded language");
    let pos = position(&record.fen);
    let whisper = understand(&pos, &whisper_heard(record), lang);
    tried
        .iter()
        .map(|c| {
            let found = found_of(record);
            let own = understood_alone(&found, c.scale, |heard| understand(&pos, heard, lang));
            outcome(record, &pos, &combined(whisper.clone(), own, &found, c))
        })
        .collect()
}

/// What Whisper heard, decided with the thresholds in use (nothing where it decoded nothing).
fn whisper_heard(record: &Record) -> Heard {
    match &record.decode {
        Some(decode) => decode.heard(&Thresholds::CHOSEN),
        None => Heard::default(),
    }
}

/// What the recorded words found, as the listener gives it (records made before the free
/// loop was recorded have its distance as the nearest phrase's).
fn found_of(record: &Record) -> OwnVoiceHeard {
    OwnVoiceHeard {
        phrases: record.own_voice.clone(),
        free: record
            .own_voice_free
            .or(record.own_voice.first().map(|p| p.1))
            .unwrap_or(0.0),
        stretch: record.own_voice_stretch.unwrap_or(0.0),
    }
}

/// Whisper and the recorded words together (`annexd_core::listen::combined`): for each
/// voice, the combination that gets the most right with the fewest wrong on the *other*
/// voices, applied to it (held out); then each combination on every voice (in-sample, for
/// reading only), and Whisper alone beside them.
fn evaluate_combined(records: &[Record]) {
    let with: Vec<&Record> = records.iter().filter(|r| r.own_voice_ms > 0.0).collect();
    if with.is_empty() {
        return;
    }
    if let Some(path) = std::env::var_os("ANNEXD_BENCH_OWN_VOICE_TSV") {
        // One line an utterance: Whisper's verdict, the recorded words' outcome alone (scale
        // 4), their nearest distance, its margin over the next, the free loop's distance and
        // how far the nearest phrase's recordings were stretched.
        let mut out = String::from(
            "voice\tcondition\tkind\tverdict\twhisper\town\td1\tmargin\tfree\tstretch\tkept\n",
        );
        for r in &with {
            let lang: Lang = r.lang.parse().expect("a recorded language");
            let pos = position(&r.fen);
            let verdict = r.decode.as_ref().map(|d| d.verdict(&Thresholds::CHOSEN));
            let whisper = outcome(r, &pos, &understand(&pos, &whisper_heard(r), lang));
            let own_act =
                understood_alone(&found_of(r), 4.0, |heard| understand(&pos, heard, lang));
            let own = outcome(r, &pos, &own_act);
            let d1 = r.own_voice.first().map_or(f32::NAN, |p| p.1);
            let margin = r.own_voice.get(1).map_or(f32::NAN, |p| p.1 - d1);
            let free = r.own_voice_free.unwrap_or(f32::NAN);
            let stretch = r.own_voice_stretch.unwrap_or(f32::NAN);
            // Whether the recorded words' act is that of a phrase Whisper's search kept.
            let kept = matches!(own_act, Understanding::Move(_) | Understanding::Command(_))
                && r.decode.as_ref().is_some_and(|d| {
                    d.phrases
                        .iter()
                        .any(|p| understand(&pos, &Heard::text(&p.text), lang) == own_act)
                });
            out.push_str(&format!(
                "{}\t{}\t{}\t{verdict:?}\t{whisper:?}\t{own:?}\t{d1}\t{margin}\t{free}\t{stretch}\t{kept}\n",
                r.voice,
                r.condition,
                r.kind.name()
            ));
        }
        std::fs::write(path, out).expect("the table written");
    }
    let tried = combinations();
    let outcomes: Vec<Vec<Outcome>> = with.iter().map(|r| combined_outcomes(r, &tried)).collect();
    let whisper_alone: Vec<Outcome> = with
        .iter()
        .map(|r| {
            let lang: Lang = r.lang.parse().expect("a recorded language");
            let pos = position(&r.fen);
            outcome(r, &pos, &understand(&pos, &whisper_heard(r), lang))
        })
        .collect();
    let voices: Vec<String> = {
        let mut v: Vec<String> = with.iter().map(|r| r.voice.clone()).collect();
        v.sort();
        v.dedup();
        v
    };
    println!("\n## Whisper and the player's own voice, combined (held out by voice)\n");
    let mut held: Vec<Outcome> = vec![Outcome::Rejected; with.len()];
    for voice in &voices {
        let others: Vec<usize> = (0..with.len())
            .filter(|&i| &with[i].voice != voice)
            .collect();
        let best = choose(&others, &outcomes, tried.len());
        println!("{voice}: chosen on the others {:?}", tried[best]);
        for i in (0..with.len()).filter(|&i| &with[i].voice == voice) {
            held[i] = outcomes[i][best];
        }
    }
    let rows = |label: &str, of: &dyn Fn(usize) -> Outcome| {
        let mut tally: BTreeMap<(String, String), [usize; 4]> = BTreeMap::new();
        for (i, r) in with.iter().enumerate() {
            let kind = format!("{} {} {}", r.lang, r.words, r.kind.name());
            for key in [
                (kind.clone(), r.voice.clone()),
                (kind.clone(), r.condition.clone()),
                (kind, "all".to_string()),
            ] {
                tally.entry(key).or_default()[of(i) as usize] += 1;
            }
        }
        println!("\n{label}\n");
        println!("| said | voice or condition | n | right | asked back | rejected | wrong |");
        println!("|---|---|---:|---:|---:|---:|---:|");
        for ((said, by), [right, asked, rejected, wrong]) in tally {
            let n = (right + asked + rejected + wrong).max(1) as f64;
            println!(
                "| {said} | {by} | {} | {:.0} % | {:.0} % | {:.0} % | **{wrong}** |",
                n,
                100.0 * right as f64 / n,
                100.0 * asked as f64 / n,
                100.0 * rejected as f64 / n,
            );
        }
    };
    rows("Combined, each voice held out:", &|i| held[i]);
    rows("Whisper alone (`Thresholds::CHOSEN`):", &|i| {
        whisper_alone[i]
    });
    // The program's combination, chosen once (on German): held out for every voice and
    // language it was not chosen on.
    let program: Vec<Outcome> = with
        .iter()
        .map(|r| combined_outcomes(r, &[Combination::CHOSEN])[0])
        .collect();
    rows("The program's combination (`Combination::CHOSEN`):", &|i| {
        program[i]
    });
    // The wrong outcomes of every combination (`ANNEXD_BENCH_WRONG`): what was said, what
    // Whisper and the recorded words found.
    if std::env::var_os("ANNEXD_BENCH_WRONG").is_some() {
        for (c, combination) in tried.iter().enumerate() {
            for (i, r) in with.iter().enumerate() {
                if outcomes[i][c] == Outcome::Wrong {
                    let whisper = r
                        .decode
                        .as_ref()
                        .map(|d| d.heard(&Thresholds::CHOSEN).best_text().to_string());
                    println!(
                        "wrong under {combination:?}: {} {} \"{}\": Whisper {whisper:?}, own {:?} (free {:?})",
                        r.voice,
                        r.condition,
                        r.text,
                        r.own_voice.iter().take(3).collect::<Vec<_>>(),
                        r.own_voice_free
                    );
                }
            }
        }
    }
    let all: Vec<usize> = (0..with.len()).collect();
    println!("\nEach combination on every voice (in-sample, read only):\n");
    for (c, combination) in tried.iter().enumerate() {
        let (right, wrong) = right_and_wrong(&all, &outcomes, c);
        println!(
            "{combination:?}: right {right} of {}, wrong {wrong}",
            all.len()
        );
    }
}

fn evaluate(records: &[Record]) {
    let grid = grid();
    let outcomes = outcomes(records, &grid);
    let voices: Vec<String> = {
        let mut v: Vec<String> = records
            .iter()
            .map(|r| format!("{} {}", r.lang, r.voice))
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let all: Vec<usize> = (0..records.len()).collect();
    // The voices the rules are chosen on; a held-out one (Piper's) is decided with the
    // program's thresholds, which were chosen without it, and chooses nothing.
    let choosing: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&i| !held_out_voice(&records[i].voice))
        .collect();
    let program_thresholds = grid
        .iter()
        .position(|t| *t == Thresholds::CHOSEN)
        .expect("the program's thresholds are in the grid");
    let chosen_on_all = choose(&choosing, &outcomes, grid.len());
    // Fixed thresholds to look at (outside,least,agreed_least,no_speech,scale,agreed_scale,
    // agreed_reach): what each gets wrong.
    if let Ok(fixed) = std::env::var("ANNEXD_BENCH_THRESHOLDS") {
        let v: Vec<f32> = fixed
            .split(',')
            .filter_map(|x| x.trim().parse().ok())
            .collect();
        println!("fixed thresholds asked: {v:?}");
        if let [
            outside,
            least,
            agreed_least,
            no_speech,
            scale,
            agreed_scale,
            agreed_reach,
        ] = v[..]
            && let Some(i) = grid.iter().position(|t| {
                t.outside == outside
                    && t.least == least
                    && t.agreed_least == agreed_least
                    && t.no_speech == no_speech
                    && t.scale == scale
                    && t.agreed_scale == agreed_scale
                    && t.agreed_reach == agreed_reach
            })
        {
            let right = all
                .iter()
                .filter(|&&r| outcomes[r][i] == Outcome::Right)
                .count();
            println!("fixed {}: {right} right of {}", shown(&grid[i]), all.len());
            let mut kinds: BTreeMap<(String, String, Kind), (usize, usize)> = BTreeMap::new();
            for &r in &all {
                let record = &records[r];
                let tally = kinds
                    .entry((record.lang.clone(), record.words.clone(), record.kind))
                    .or_default();
                tally.1 += 1;
                if outcomes[r][i] == Outcome::Right {
                    tally.0 += 1;
                }
            }
            for ((lang, words, kind), (right, n)) in kinds {
                println!("  fixed {lang} {words} {}: {right} of {n}", kind.name());
            }
            for &r in &all {
                if outcomes[r][i] == Outcome::Wrong {
                    let record = &records[r];
                    println!(
                        "  WRONG {} {} {} {:?} '{}': {:?} free {:?}",
                        record.lang,
                        record.voice,
                        record.condition,
                        record.kind,
                        record.text,
                        record.decode.as_ref().map(|d| d
                            .phrases
                            .iter()
                            .take(4)
                            .map(|p| (p.text.clone(), p.per_word()))
                            .collect::<Vec<_>>()),
                        record.decode.as_ref().map(|d| (
                            d.free.text.clone(),
                            d.free.per_word(),
                            d.no_speech
                        )),
                    );
                }
            }
        }
    }
    println!();
    if choosing.is_empty() {
        println!("No voice to choose thresholds on: the program's are used");
    } else {
        println!(
            "Thresholds chosen on every voice (the program's should be these): {}",
            shown(&grid[chosen_on_all])
        );
    }
    // Leave one voice out: each voice decided with the thresholds chosen on the others.
    let mut held_out: Vec<Option<Outcome>> = vec![None; records.len()];
    for voice in &voices {
        let (test, train): (Vec<usize>, Vec<usize>) = choosing
            .iter()
            .partition(|&&i| format!("{} {}", records[i].lang, records[i].voice) == *voice);
        let (test, chosen) = if test.is_empty() {
            let test = all
                .iter()
                .copied()
                .filter(|&i| format!("{} {}", records[i].lang, records[i].voice) == *voice)
                .collect();
            println!("  held out {voice}: never chosen on, the program's thresholds");
            (test, program_thresholds)
        } else {
            let chosen = choose(&train, &outcomes, grid.len());
            println!(
                "  held out {voice}: thresholds chosen on the other voices: {}",
                shown(&grid[chosen])
            );
            (test, chosen)
        };
        for i in test {
            held_out[i] = Some(outcomes[i][chosen]);
        }
    }
    let show_misses = std::env::var_os("ANNEXD_BENCH_WRONG").is_some();
    // Rows: voice × condition × kind (held out), then summaries.
    let mut rows: BTreeMap<(String, String, String, Kind), Tally> = BTreeMap::new();
    let mut by_lang: BTreeMap<(String, String, Kind), (Tally, Tally)> = BTreeMap::new();
    let mut by_condition: BTreeMap<(String, String, Kind), Tally> = BTreeMap::new();
    let mut by_voice: BTreeMap<(String, String, Kind), Tally> = BTreeMap::new();
    for (i, record) in records.iter().enumerate() {
        let outcome = held_out[i].expect("every voice held out once");
        let in_sample = if held_out_voice(&record.voice) {
            outcomes[i][program_thresholds]
        } else {
            outcomes[i][chosen_on_all]
        };
        rows.entry((
            format!("{} {}", record.lang, record.words),
            record.voice.clone(),
            record.condition.clone(),
            record.kind,
        ))
        .or_default()
        .add(outcome, record);
        let words = if record.kind == Kind::Move || record.kind == Kind::Command {
            record.words.clone()
        } else {
            String::from("any")
        };
        let entry = by_lang
            .entry((record.lang.clone(), words.clone(), record.kind))
            .or_default();
        entry.0.add(outcome, record);
        entry.1.add(in_sample, record);
        by_condition
            .entry((record.lang.clone(), record.condition.clone(), record.kind))
            .or_default()
            .add(outcome, record);
        by_voice
            .entry((
                format!("{} {}", record.lang, words),
                record.voice.clone(),
                record.kind,
            ))
            .or_default()
            .add(outcome, record);
        if show_misses && outcome != Outcome::Right {
            println!(
                "  {outcome:?}: {} {} {} {:?} '{}' heard {:?}",
                record.lang,
                record.voice,
                record.condition,
                record.kind,
                record.text,
                record.decode.as_ref().map(|d| d
                    .phrases
                    .iter()
                    .take(3)
                    .map(|p| (p.text.clone(), p.score))
                    .collect::<Vec<_>>())
            );
        }
    }
    println!();
    println!(
        "### Held out: each language, word set and kind (thresholds chosen without the voice)"
    );
    println!();
    println!("| language | words | said | {}", &HEADER[2..]);
    println!("|---|---|---|{}", &RULE[1..]);
    for ((lang, words, kind), (held, _)) in &by_lang {
        println!("| {lang} | {words} | {} | {} |", kind.name(), held.row());
    }
    println!();
    println!("### In sample: the same with the thresholds chosen on every voice");
    println!();
    println!("| language | words | said | {}", &HEADER[2..]);
    println!("|---|---|---|{}", &RULE[1..]);
    for ((lang, words, kind), (_, in_sample)) in &by_lang {
        println!(
            "| {lang} | {words} | {} | {} |",
            kind.name(),
            in_sample.row()
        );
    }
    println!();
    println!("### Held out, by voice (every condition)");
    println!();
    println!("| language, words | voice | said | {}", &HEADER[2..]);
    println!("|---|---|---|{}", &RULE[1..]);
    for ((lang, voice, kind), tally) in &by_voice {
        println!("| {lang} | {voice} | {} | {} |", kind.name(), tally.row());
    }
    println!();
    println!("### Held out, by condition");
    println!();
    println!("| language | condition | said | {}", &HEADER[2..]);
    println!("|---|---|---|{}", &RULE[1..]);
    for ((lang, condition, kind), tally) in &by_condition {
        let shown = Condition::ALL
            .into_iter()
            .find(|c| c.name() == condition)
            .map_or(condition.clone(), |c| c.shown().to_string());
        println!("| {lang} | {shown} | {} | {} |", kind.name(), tally.row());
    }
    println!();
    println!("### Held out, by voice and condition");
    println!();
    println!(
        "| language, words | voice | condition | said | {}",
        &HEADER[2..]
    );
    println!("|---|---|---|---|{}", &RULE[1..]);
    for ((lang, voice, condition, kind), tally) in &rows {
        println!(
            "| {lang} | {voice} | {condition} | {} | {} |",
            kind.name(),
            tally.row()
        );
    }
}

fn read_records(path: &Path) -> Vec<Record> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    std::io::BufReader::new(file)
        .lines()
        .map(|line| serde_json::from_str(&line.expect("a line")).expect("a record"))
        .collect()
}

fn main() {
    // `cargo test --benches` runs this too: then only a few utterances.
    let quick = !std::env::args().any(|a| a == "--bench");
    if let Some(path) = std::env::var_os("ANNEXD_BENCH_REPLAY") {
        let records = read_records(Path::new(&path));
        println!(
            "{} recorded utterances from {}",
            records.len(),
            Path::new(&path).display()
        );
        // With ANNEXD_BENCH_OWN_VOICE, only the rows of the recorded words (Whisper's grid
        // takes minutes).
        if !own_voice_on() {
            evaluate(&records);
        }
        evaluate_own_voice(&records);
        evaluate_combined(&records);
        return;
    }
    let out = std::env::var_os("ANNEXD_BENCH_DECODES")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("target/listen-bench/decodes.jsonl"));
    if quick {
        // SAFETY: the benchmark is single-threaded here, before anything reads the variables.
        unsafe {
            std::env::set_var("ANNEXD_BENCH_MOVES", "1");
            std::env::set_var("ANNEXD_BENCH_COMMANDS", "1");
            std::env::set_var("ANNEXD_BENCH_CONDITIONS", "clean");
        }
    }
    match load(RecogniserChoice::Whisper, None, Lang::De) {
        Ok(model) => {
            println!(
                "Whisper model {} loaded in {:.0} ms",
                model.dir().display(),
                model.load_time().as_secs_f64() * 1e3
            );
            decode_all(&model, &out);
            let records = read_records(&out);
            evaluate(&records);
            evaluate_own_voice(&records);
            evaluate_combined(&records);
        }
        Err(e) => println!("Whisper: skipped — {e} (scripts/setup.sh installs the model)"),
    }
}
