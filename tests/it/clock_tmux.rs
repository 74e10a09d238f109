//! End to end: the real `annexd clock` in a real terminal (tmux), driven by keys, read back as
//! the lines a screen reader would read (tmux from scripts/setup.sh --test; without it the
//! test fails).

use crate::common;
use crate::common::platform::Start;

use std::process::Command;
use std::time::Duration;

use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(15);

#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn the_talking_clock_in_a_terminal() {
    let binary = env!("CARGO_BIN_EXE_annexd");
    let command = format!("sh -c '{binary} clock --control 8 --lang en; echo EXIT=$?; sleep 60'");
    let tmux = Tmux::start("clock", &command);

    // The control and the keys are said first.
    tmux.wait_for_line("\"eight seconds\"", |l| l == "eight seconds", WAIT);
    tmux.wait_for("Space: press the clock.", WAIT);
    tmux.wait_for("Q twice: quit", WAIT);

    // Space starts White's clock.
    tmux.keys(&["Space"]);
    tmux.wait_for("clock running", WAIT);

    // Enter: both times and the move.
    tmux.keys(&["Enter"]);
    // White's clock runs (how much is left depends on the machine's speed); Black's stands.
    let report = tmux.wait_for(", move one", WAIT);
    assert!(report.starts_with("White "), "{report}");
    assert!(
        report.ends_with(" seconds, Black eight seconds, move one"),
        "{report}"
    );

    // Black's key while White's clock runs is refused, in words.
    tmux.keys(&["j"]);
    tmux.wait_for("White to move", WAIT);

    // White presses: Black is now playing move 1.
    tmux.keys(&["f"]);
    tmux.keys(&["m"]);
    tmux.wait_for_line("\"move one\"", |l| l == "move one", WAIT);
    tmux.keys(&["k"]);
    tmux.wait_for_line(
        "with Black's time",
        |l| l.starts_with("Black ") && l.ends_with(" seconds"),
        WAIT,
    );

    // The arbiter's pause and resume (P; the same key again after the auto-repeat guard).
    tmux.keys(&["p"]);
    tmux.wait_for("clock paused", WAIT);
    std::thread::sleep(Duration::from_millis(800));
    tmux.keys(&["p"]);
    tmux.wait_for("clock resumed", WAIT);

    // Black's flag falls, said once and at once.
    tmux.wait_for("Black flag fell", WAIT);
    assert_eq!(
        tmux.count("White flag fell"),
        0,
        "White's clock did not run"
    );

    // Q asks; another key answers that the clock is not ending (issue 29: it said "unknown
    // command"); Q asks again, and Q again quits, and the terminal is given back.
    tmux.keys(&["q"]);
    tmux.wait_for("press Q again to quit", WAIT);
    tmux.keys(&["x"]);
    tmux.wait_for("not ending, the clock goes on", WAIT);
    assert_eq!(tmux.count("unknown"), 0, "{}", tmux.screen());
    std::thread::sleep(Duration::from_millis(800));
    tmux.keys(&["q"]);
    let asked_again = std::time::Instant::now() + WAIT;
    while tmux.count("press Q again to quit") < 2 {
        assert!(
            std::time::Instant::now() < asked_again,
            "Q after 'not ending' asks again:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0", WAIT);

    // Every line is words: no clock face like 00:06 anywhere.
    let screen = tmux.screen();
    for line in screen.lines().filter(|l| !l.starts_with("EXIT=")) {
        assert!(
            !line.chars().any(|c| c.is_ascii_digit()),
            "a line with digits: {line:?}"
        );
    }
}

#[test]
fn a_bad_control_is_refused_with_an_example() {
    let output = Command::new(env!("CARGO_BIN_EXE_annexd"))
        .args(["clock", "--control", "90 minutes"])
        .start_output()
        .expect("annexd runs");
    assert!(!output.status.success());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains(
            "Zeitkontrolle unbekannt: 90 minutes: keine Einheit, erlaubt sind h, m und s: \
             90minutes: zum Beispiel: 90m+30s, 40/90+30+30"
        ),
        "{message}"
    );
    assert!(output.stdout.is_empty());
}
