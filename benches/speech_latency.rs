//! Speech out: from `Speaker::say` to the first sample of the announcement taken by the sound
//! device (clips backend), and the memory of a loaded voice.
//!
//! The sound device is an ALSA `file` plugin writing to /dev/null, set up by this process
//! itself (ALSA_CONFIG_PATH), so the measurement runs without a sound card. That device is
//! not paced: its callback asks for samples continuously, so the figure is the program's own
//! latency (queue, composing, handing the source to the mixer, the mixer picking it up); a
//! real card adds up to one device buffer (10 ms asked for) before its next callback.
//!
//! Run: `cargo bench --bench speech_latency`.

use std::time::{Duration, Instant};

use annexd::speech::{Pacing, Speaker, SpeakerOptions, SpeechEvent, Voice, compose};
use annexd_core::speech::{BackendKind, Priority, Utterance};
use annexd_core::{Lang, Token};
use shakmaty::{File, Rank, Role};

const RUNS: usize = 300;

/// The process's resident memory (Linux's /proc); 0 (not measured) elsewhere.
#[cfg(not(unix))]
fn resident_bytes() -> usize {
    0
}

#[cfg(unix)]
fn resident_bytes() -> usize {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: usize = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    // SAFETY: sysconf has no preconditions.
    pages * unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary folder");
    let config = dir.path().join("asound.conf");
    std::fs::write(&config, "pcm.!default {\n    type file\n    slave.pcm \"null\"\n    file \"/dev/null\"\n    format \"raw\"\n}\n").unwrap();
    // SAFETY: no other thread runs yet.
    unsafe {
        std::env::set_var(
            "ALSA_CONFIG_PATH",
            format!("/usr/share/alsa/alsa.conf:{}", config.display()),
        )
    };

    let voice_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("voices/de/espeak");
    let before = resident_bytes();
    let start = Instant::now();
    let voice = Voice::load(&voice_dir).expect("the shipped voice loads");
    let load_time = start.elapsed();
    let after = resident_bytes();
    println!("Speech out: loaded voice de/espeak");
    println!(
        "  clips: {}, sample rate {} Hz",
        voice.len(),
        voice.sample_rate()
    );
    println!(
        "  decoded samples: {:.2} MB",
        voice.decoded_bytes() as f64 / 1e6
    );
    println!(
        "  process RSS delta of loading: {:.2} MB",
        after.saturating_sub(before) as f64 / 1e6
    );
    println!(
        "  load (decode every clip): {:.0} ms",
        load_time.as_secs_f64() * 1e3
    );
    // `annexd say --out` decodes only its words' clips (and the first, for the rate).
    let start = Instant::now();
    let some = Voice::load_keys(&voice_dir, &["p_knight", "f_f", "r3", "x_check"])
        .expect("the shipped voice loads");
    println!(
        "  load the clips of one announcement ({} clips): {:.1} ms",
        some.len(),
        start.elapsed().as_secs_f64() * 1e3
    );

    let tokens = [
        Token::Piece(Role::Knight),
        Token::File(File::F),
        Token::Rank(Rank::Third),
        Token::Check,
    ];
    let mut words = Vec::new();
    for &t in &tokens {
        Lang::De.push_words(t, &mut words);
    }
    let start = Instant::now();
    for _ in 0..RUNS {
        std::hint::black_box(
            compose(
                &voice,
                &words,
                Pacing::default(),
                annexd_core::speech::Channel::Both,
            )
            .unwrap(),
        );
    }
    println!(
        "  compose \"Springer Felix drei Schach\": {:.3} ms each",
        start.elapsed().as_secs_f64() * 1e3 / RUNS as f64
    );
    drop(voice);

    let settings = SpeakerOptions::new(Lang::De, BackendKind::Clips);
    let speaker = Speaker::open(&settings, Box::new(std::io::sink()));
    assert_eq!(
        speaker.backend(),
        BackendKind::Clips,
        "the file device opens: {:?}",
        speaker.notices()
    );
    let mut latencies = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let said = Instant::now();
        let id = speaker.say(Utterance::new(tokens, Priority::Move));
        let mut audible = None;
        loop {
            match speaker
                .events()
                .recv_timeout(Duration::from_secs(10))
                .expect("the speaker reports")
            {
                SpeechEvent::Audible { id: heard, at } if heard == id => audible = Some(at),
                SpeechEvent::Finished { id: done } if done == id => break,
                SpeechEvent::FellBack { detail, .. } => panic!("fell back: {detail}"),
                _ => {}
            }
        }
        latencies.push(
            audible
                .expect("the first sample was taken")
                .duration_since(said),
        );
    }
    latencies.sort();
    println!("Speech out: say() to the first sample taken by the device (clips, {RUNS} runs)");
    println!(
        "  median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.9).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3
    );
    speaker.shutdown(Duration::from_secs(2));
}
