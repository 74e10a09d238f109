//! Real-time benchmark of the talking clock's loop (not a test; run with
//! `cargo bench --bench clock_realtime`, about 60 s).
//!
//! The real loop (`clock::runner::run_loop`) runs a clock for 60 s while a driver thread
//! presses, pauses and resumes at planned moments. Everything is measured against an
//! independent monotonic reference, `CLOCK_MONOTONIC_RAW` (the loop uses `Instant`, i.e.
//! `CLOCK_MONOTONIC`):
//! - drift: the clock's times at the end against the times computed from the reference;
//! - lateness: when each announcement reached the output, against its due time;
//! - CPU: used by the process during a 10 s pause (nothing due: the loop must sleep), and by
//!   the loop thread over the whole run; wakeups of the loop against inputs and deadlines.
//!
//! Targets: drift ≤ 1 ms per minute, every announcement within 20 ms of its due time, no
//! polling.

// Its references are Linux's (CLOCK_MONOTONIC_RAW, getrusage per thread): it is built on Unix
// only, and says so elsewhere.
#[cfg(unix)]
mod linux {
    use std::time::{Duration, Instant};

    use annexd::clock::{ClockOutput, LoopEvent, run_loop};
    use annexd_core::Lang;
    use annexd_core::clock::{
        AnnounceConfig, Announcement, AnnouncementKind, ClockInput, ClockOptions, TalkingClock,
        TimeControl,
    };
    use shakmaty::Color;

    /// `CLOCK_MONOTONIC_RAW` since an arbitrary origin: not slewed by NTP, independent of `Instant`.
    fn raw_now() -> Duration {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC_RAW, &mut ts) };
        assert_eq!(rc, 0);
        Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
    }

    /// CPU time (user + system) and voluntary context switches of the process or of this thread.
    fn cpu(who: libc::c_int) -> (Duration, i64) {
        // SAFETY: an all-zero rusage is valid, and getrusage only writes into it.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: `usage` is a valid, writable rusage.
        let rc = unsafe { libc::getrusage(who, &mut usage) };
        assert_eq!(rc, 0);
        let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
        (time(usage.ru_utime) + time(usage.ru_stime), usage.ru_nvcsw)
    }

    /// Records when each announcement reached the output, on the reference clock.
    struct Recorder {
        raw_epoch: Duration,
        said: Vec<(Duration, Announcement)>,
    }

    impl ClockOutput for Recorder {
        fn announce(&mut self, announcement: &Announcement) {
            let reached = raw_now() - self.raw_epoch;
            // The text is made as a real output would make it (and so is part of the lateness).
            let _text = Lang::De.text(&announcement.tokens);
            self.said.push((reached, announcement.clone()));
        }
    }

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    pub fn main() {
        let control = TimeControl::parse("90").unwrap();
        let initial = Duration::from_secs(90);
        let config = AnnounceConfig {
            every: Some(Duration::from_secs(2)),
            ..AnnounceConfig::default()
        };
        let mut clock = TalkingClock::new(control, ClockOptions::default(), config);

        // The plan, in reference seconds: presses, a 10 s pause by the arbiter, and the end.
        let press = || LoopEvent::Clock(ClockInput::Press(None));
        let mut plan: Vec<(f64, LoopEvent)> = vec![
            (0.0, LoopEvent::Clock(ClockInput::Start)),
            (7.0, press()),
            (12.0, press()),
            (21.0, press()),
            (27.0, press()),
            (27.5, LoopEvent::Clock(ClockInput::Pause)),
            (37.5, LoopEvent::Clock(ClockInput::Resume)),
        ];
        // Then a blitz finish: a press every 1.5 or 2.5 s.
        let mut at = 37.5;
        for i in 0..8 {
            at += if i % 2 == 0 { 1.5 } else { 2.5 };
            plan.push((at, press()));
        }
        plan.push((60.0, LoopEvent::Quit));
        let idle_window = (secs(27.7), secs(37.3));

        let (sender, events) = crossbeam_channel::unbounded();
        let epoch = Instant::now();
        let raw_epoch = raw_now();

        let looper = std::thread::spawn(move || {
            let mut out = Recorder {
                raw_epoch,
                said: Vec::new(),
            };
            let before = cpu(libc::RUSAGE_THREAD);
            let stats = run_loop(&mut clock, &events, &mut out, epoch);
            let after = cpu(libc::RUSAGE_THREAD);
            let end_raw = raw_now() - raw_epoch;
            let end_clock = epoch.elapsed();
            let snapshot = clock.snapshot(end_clock);
            (
                out.said,
                stats,
                after.0 - before.0,
                after.1 - before.1,
                end_raw,
                snapshot,
            )
        });

        // The driver: sends each event at its planned moment and notes the reference time.
        let sleep_until = |target: Duration| {
            let now = raw_now() - raw_epoch;
            if target > now {
                std::thread::sleep(target - now);
            }
        };
        let mut sent = Vec::new();
        let mut idle_cpu: Option<Duration> = None;
        for (at, event) in plan {
            let at = secs(at);
            if at > idle_window.1 && idle_cpu.is_none() {
                sleep_until(idle_window.0);
                let start = cpu(libc::RUSAGE_SELF).0;
                sleep_until(idle_window.1);
                idle_cpu = Some(cpu(libc::RUSAGE_SELF).0 - start);
            }
            sleep_until(at);
            sent.push((raw_now() - raw_epoch, event.clone()));
            sender.send(event).unwrap();
        }
        let (said, stats, loop_cpu, loop_switches, end_raw, snapshot) = looper.join().unwrap();

        // The reference times: what each side used, from the moments the driver pressed.
        let mut used = [Duration::ZERO; 2];
        let mut running: Option<(usize, Duration)> = None;
        let mut paused_side = 0usize;
        for (at, event) in &sent {
            match event {
                LoopEvent::Clock(ClockInput::Start) => running = Some((0, *at)),
                LoopEvent::Clock(ClockInput::Press(_)) => {
                    let (s, since) = running.take().unwrap();
                    used[s] += *at - since;
                    running = Some((1 - s, *at));
                }
                LoopEvent::Clock(ClockInput::Pause) => {
                    let (s, since) = running.take().unwrap();
                    used[s] += *at - since;
                    paused_side = s;
                }
                LoopEvent::Clock(ClockInput::Resume) => running = Some((paused_side, *at)),
                _ => {}
            }
        }
        if let Some((s, since)) = running {
            used[s] += end_raw - since;
        }
        let expected = [initial - used[0], initial - used[1]];
        let measured = [snapshot.white, snapshot.black];
        let drift = |i: usize| (measured[i].as_secs_f64() - expected[i].as_secs_f64()) * 1000.0;
        let minutes = end_raw.as_secs_f64() / 60.0;

        let timed: Vec<_> = said
            .iter()
            .filter(|(_, a)| {
                matches!(
                    a.kind,
                    AnnouncementKind::Warning
                        | AnnouncementKind::Scheduled
                        | AnnouncementKind::Flag
                )
            })
            .collect();
        let mut lateness: Vec<f64> = timed
            .iter()
            .map(|(reached, a)| (reached.as_secs_f64() - a.at.as_secs_f64()) * 1000.0)
            .collect();
        lateness.sort_by(f64::total_cmp);
        let median = lateness[lateness.len() / 2];
        let worst = *lateness.last().unwrap();
        let due_moments = {
            let mut moments: Vec<_> = timed.iter().map(|(_, a)| a.at).collect();
            moments.dedup();
            moments.len()
        };

        println!(
            "Clock real-time benchmark ({:.1} s, control 90 s, own time every 2 s, default warnings, 12 presses, a 10 s pause)",
            end_raw.as_secs_f64()
        );
        println!(
            "drift White: {:+.3} ms, Black: {:+.3} ms (over {minutes:.2} min; per minute: {:.3} ms)",
            drift(0),
            drift(1),
            drift(0).abs().max(drift(1).abs()) / minutes
        );
        println!(
            "announcements due on their own: {} (at {} moments); lateness median {median:.3} ms, worst {worst:.3} ms",
            timed.len(),
            due_moments
        );
        println!(
            "loop wakeups: {} = {} inputs + {} deadlines (deadline moments: {due_moments}); voluntary context switches of the loop: {loop_switches}",
            stats.wakeups, stats.inputs, stats.deadlines
        );
        println!(
            "CPU: process during the 9.6 s pause {:.3} ms; loop thread over the whole run {:.3} ms",
            idle_cpu.unwrap_or_default().as_secs_f64() * 1000.0,
            loop_cpu.as_secs_f64() * 1000.0
        );
        let white = snapshot.white.as_secs_f64();
        let black = snapshot.black.as_secs_f64();
        println!(
            "final times: White {white:.3} s, Black {black:.3} s; move {}; running {:?}",
            snapshot.move_number,
            snapshot.running.map(|c: Color| c.fold_wb("white", "black"))
        );

        let drift_ok = drift(0).abs().max(drift(1).abs()) / minutes <= 1.0;
        let late_ok = worst <= 20.0;
        let sleep_ok = stats.deadlines as usize <= due_moments + 1;
        println!(
            "targets: drift ≤ 1 ms/min {}; lateness ≤ 20 ms {}; no polling {}",
            if drift_ok { "met" } else { "MISSED" },
            if late_ok { "met" } else { "MISSED" },
            if sleep_ok { "met" } else { "MISSED" }
        );
    }
}

#[cfg(unix)]
fn main() {
    linux::main();
}

#[cfg(not(unix))]
fn main() {
    eprintln!("clock_realtime measures against CLOCK_MONOTONIC_RAW and getrusage: run it on Linux");
}
