//! Idle CPU of a ChessLink board's link (a bench binary; run with `cargo bench --bench
//! board_chesslink_idle`, about two minutes; `BENCH_SECONDS=N` for another length).
//!
//! A simulated ChessLink board runs in its own process (`annexd board-sim --kind chesslink`)
//! on a pseudo-terminal and nothing moves on it. This process runs the program's serial
//! adapter with the ChessLink host (`BoardConnection::serial`), as `play --sighted chesslink:PORT`
//! does, and measures its own CPU time (user + system, `getrusage`) and its voluntary context
//! switches (wake-ups) over the run:
//!
//! 1. the board's factory setting, a status report on every scan (about 24 a second), left
//!    as it is (`Reports::AsSet`): every report is read, recognised as unchanged by one
//!    comparison and passed over;
//! 2. the host's default, the reports set to "on change" in the E2ROM: the board is silent
//!    but for the host's ping every second.
//!
//! And, in-process without I/O, what one unchanged report costs the host itself.

// clippy.toml's disallowed methods are the tests' (tests/it/common/platform.rs).
#![allow(clippy::disallowed_methods)]

#[cfg(unix)]
fn main() {
    unix::main();
}

#[cfg(not(unix))]
fn main() {
    eprintln!("board_chesslink_idle: needs pseudo-terminals and getrusage (Linux, macOS)");
}

#[cfg(unix)]
mod unix {
    use std::io::{BufRead, BufReader};
    use std::process::{Child, ChildStdout, Command, Stdio};
    use std::time::{Duration, Instant};

    use annexd::board::{BoardConnection, PortEvent, PortSettings};
    use annexd_core::board::chesslink::device::{BoardOptions, ChessLinkBoard};
    use annexd_core::board::chesslink::{BAUD, ChessLink, ChessLinkOptions, Reports};
    use annexd_core::board::{BoardInput, BoardProtocol, LinkEvent, LinkInput};

    use annexd_core::board::transport::SerialFraming;
    use shakmaty::{Chess, Position};

    /// CPU time (user + system) and voluntary context switches of this process.
    fn usage() -> (Duration, i64) {
        // SAFETY: an all-zero rusage is valid, and getrusage only writes into it.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: `usage` is a valid, writable rusage.
        let rc = unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
        assert_eq!(rc, 0);
        let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
        (time(usage.ru_utime) + time(usage.ru_stime), usage.ru_nvcsw)
    }

    /// The simulated board in its own process, and its port.
    fn board(link: &std::path::Path) -> (Child, BufReader<ChildStdout>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_annexd"))
            .args(["board-sim", "--kind", "chesslink", "--counts", "--link"])
            .arg(link)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("annexd board-sim starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut path = String::new();
        stdout.read_line(&mut path).unwrap();
        assert_eq!(path.trim(), link.display().to_string());
        (child, stdout)
    }

    /// Stops the board and returns the status messages it sent (its last line of output).
    fn stop(mut child: Child, stdout: BufReader<ChildStdout>) -> u64 {
        drop(child.stdin.take());
        let last = stdout
            .lines()
            .map_while(Result::ok)
            .last()
            .unwrap_or_default();
        child.wait().unwrap();
        let counts: serde_json::Value = serde_json::from_str(&last).expect("the board's counts");
        counts["statuses"].as_u64().expect("statuses")
    }

    struct Run {
        cpu: Duration,
        wakeups: i64,
        /// Status messages the board sent a second, over its life.
        rate: f64,
        seconds: f64,
    }

    fn run(reports: Reports, seconds: u64) -> Run {
        let dir = std::env::temp_dir().join(format!("annexd-bench-{}", std::process::id()));
        let born = Instant::now();
        let (child, stdout) = board(&dir);
        let link = BoardConnection::serial(
            PortSettings::new(&dir, SerialFraming::seven_o_one(BAUD)),
            Box::new(ChessLink::new(ChessLinkOptions {
                reports,
                ..ChessLinkOptions::default()
            })),
        );
        // Connected and the board read once.
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match link.events().recv_deadline(deadline) {
                Ok(PortEvent::Link(LinkEvent::Input(BoardInput::Resync(_)))) => break,
                Ok(_) => {}
                Err(_) => panic!("the board was never read"),
            }
        }
        std::thread::sleep(Duration::from_secs(1));
        let (cpu0, switches0) = usage();
        let started = Instant::now();
        let mut events = 0;
        while started.elapsed() < Duration::from_secs(seconds) {
            if link
                .events()
                .recv_timeout(Duration::from_millis(500))
                .is_ok()
            {
                events += 1;
            }
        }
        let (cpu1, switches1) = usage();
        let seconds = started.elapsed().as_secs_f64();
        assert_eq!(events, 0, "nothing moved, so nothing was reported");
        drop(link);
        let statuses = stop(child, stdout);
        Run {
            cpu: cpu1 - cpu0,
            wakeups: switches1 - switches0,
            rate: statuses as f64 / born.elapsed().as_secs_f64(),
            seconds,
        }
    }

    /// What one unchanged report costs the host, without I/O.
    fn per_report() -> Duration {
        let mut board = ChessLinkBoard::new(Chess::default().board(), BoardOptions::default());
        let mut host = ChessLink::new(ChessLinkOptions {
            reports: Reports::AsSet,
            ..ChessLinkOptions::default()
        });
        let now = Duration::ZERO;
        let _ = host.handle(LinkInput::Opened, now);
        let report = board.scan();
        for _ in 0..3 {
            let _ = host.handle(LinkInput::Bytes(&report), now);
        }
        let n = 200_000;
        let started = Instant::now();
        for _ in 0..n {
            let out = host.handle(LinkInput::Bytes(std::hint::black_box(&report)), now);
            std::hint::black_box(out);
        }
        started.elapsed() / n
    }

    pub fn main() {
        let seconds: u64 = std::env::var("BENCH_SECONDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(60);
        println!("ChessLink link idle, {seconds} s each, nothing moving on the board");
        for (name, reports) in [
            ("default stream (every scan)", Reports::AsSet),
            ("on change (the host's setting)", Reports::default()),
        ] {
            let r = run(reports, seconds);
            let per_second = r.cpu.as_secs_f64() / r.seconds;
            println!(
                "{name}: {:.1} reports/s, CPU {:.3} ms/s ({:.3} % of a core), {:.1} wake-ups/s",
                r.rate,
                per_second * 1e3,
                per_second * 100.0,
                r.wakeups as f64 / r.seconds,
            );
        }
        println!(
            "one unchanged report through the host (no I/O): {:.3} µs",
            per_report().as_secs_f64() * 1e6
        );
    }
}
