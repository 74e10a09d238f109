//! Shared helpers of the integration tests: run the real `annexd` binary as a child process
//! with piped standard input and output, and read its lines with a bounded wait.

#![allow(dead_code)]

pub mod platform;
pub mod tmux;

use crate::common::platform::Start;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long a test waits for one expected line before it fails.
pub const LINE_WAIT: Duration = Duration::from_secs(20);

/// The `annexd` binary built for the tests (on Windows in a process group of its own; behind
/// the emulator for another architecture, [`platform::program`]).
pub fn annexd() -> Command {
    let mut command = platform::program(env!("CARGO_BIN_EXE_annexd"));
    platform::own_group(&mut command);
    command
}

/// Runs `annexd` with `args` to its end, with no settings file of the machine's user (one
/// could change the test), and returns what it wrote and its exit status.
pub fn run(args: &[&str]) -> Output {
    annexd()
        .args(args)
        .env(
            "XDG_CONFIG_HOME",
            std::env::temp_dir().join("annexd-tests-no-settings"),
        )
        .start_output()
        .expect("annexd runs")
}

/// A running `annexd` whose output is read line by line.
pub struct Running {
    pub child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages and transcripts.
    pub transcript: Vec<String>,
}

impl Running {
    /// Starts `command` with piped standard input and output (standard error inherited).
    pub fn start(command: Command) -> Running {
        Running::start_with_stderr(command, Stdio::inherit())
    }

    /// Starts `command` with piped standard input and output, standard error to `stderr`
    /// (a file, to read what the program wrote there).
    pub fn start_with_stderr(mut command: Command, stderr: Stdio) -> Running {
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr);
        let mut child = command.start().expect("annexd starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Running {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    /// Types one line.
    pub fn type_line(&mut self, line: &str) {
        self.type_bytes(format!("{line}\n").as_bytes());
    }

    /// Writes raw bytes to standard input (no line end added).
    pub fn type_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        if let Err(e) = stdin.write_all(bytes).and_then(|()| stdin.flush()) {
            self.ended_early(bytes, e);
        }
    }

    /// The program stopped reading its input: fails with how it ended and what it wrote.
    fn ended_early(&mut self, bytes: &[u8], error: std::io::Error) -> ! {
        let status = self.ended_within(LINE_WAIT);
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(1)) {
            self.transcript.push(line);
        }
        panic!(
            "annexd did not read {:?} ({error}); its end: {status:?}; it wrote:\n{}",
            String::from_utf8_lossy(bytes),
            self.transcript.join("\n")
        );
    }

    /// Closes standard input (end of file).
    pub fn close_input(&mut self) {
        self.stdin.take();
    }

    /// Reads lines until one satisfies `wanted`; returns it. Fails after [`LINE_WAIT`].
    pub fn expect_line(&mut self, what: &str, wanted: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + LINE_WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    if wanted(&line) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no line {what} within {LINE_WAIT:?}; output so far:\n{}",
                    self.transcript.join("\n")
                ),
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "annexd ended before a line {what}; output:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Reads lines until the game is said to be saved ("gespeichert", in any language, with
    /// the hint how to go on after it when the game is not over).
    pub fn expect_saved(&mut self) -> String {
        self.expect_line("saying the game is saved", |line| {
            ["gespeichert", "saved", "enregistré"]
                .iter()
                .any(|saved| line == *saved || line.starts_with(&format!("{saved}, ")))
        })
    }

    /// Reads lines until the position is shown in FEN, as the command `FEN` shows it.
    pub fn expect_fen(&mut self, fen: &str) -> String {
        self.expect_line(&format!("'FEN: {fen}'"), |line| {
            line.strip_prefix("FEN: ") == Some(fen)
        })
    }

    /// Reads lines until one equals `text`.
    pub fn expect_exact(&mut self, text: &str) -> String {
        self.expect_line(&format!("'{text}'"), |l| l == text)
    }

    /// Reads lines until one contains `text`.
    pub fn expect_containing(&mut self, text: &str) -> String {
        self.expect_line(&format!("containing '{text}'"), |l| l.contains(text))
    }

    /// Waits for the program to end; returns its exit code.
    pub fn wait(mut self) -> Option<i32> {
        self.wait_for_end()
    }

    /// Waits for the program to end; returns its exit code and every line it wrote.
    pub fn wait_with_transcript(mut self) -> (Option<i32>, Vec<String>) {
        let code = self.wait_for_end();
        (code, std::mem::take(&mut self.transcript))
    }

    fn wait_for_end(&mut self) -> Option<i32> {
        self.close_input();
        let Some(status) = self.ended_within(LINE_WAIT).expect("wait") else {
            let _ = self.child.kill();
            panic!(
                "annexd did not end; output:\n{}",
                self.transcript.join("\n")
            );
        };
        while let Ok(line) = self.lines.try_recv() {
            self.transcript.push(line);
        }
        status.code()
    }

    /// The program's end, once it has ended, or `None` if it is still running after `wait`.
    fn ended_within(
        &mut self,
        wait: Duration,
    ) -> std::io::Result<Option<std::process::ExitStatus>> {
        let deadline = Instant::now() + wait;
        loop {
            match self.child.try_wait()? {
                None if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(20)),
                ended => return Ok(ended),
            }
        }
    }

    /// Kills the program at once (SIGKILL; TerminateProcess on Windows), as a crash or a
    /// power cut would.
    pub fn kill(mut self) {
        self.child.kill().expect("kill");
        let _ = self.child.wait();
    }
}

/// A program still running when its test ends (a failed assertion, a test that did not wait)
/// is killed, so that no annexd outlives its test.
impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            // Killing and reaping a child at the end of a test: if either fails it is gone.
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A test's prerequisite is missing (a model, a daemon the setup installs): with
/// `ANNEXD_TEST_STRICT` set, as the README's test command sets it for the machine's run
/// after installing every one of them, the test fails, so that a test cannot pass by not
/// running; elsewhere (a developer's machine without them) it says why it is skipped. The
/// caller returns after it.
pub fn missing(what: &str) {
    assert!(
        std::env::var_os("ANNEXD_TEST_STRICT").is_none(),
        "{what}; with ANNEXD_TEST_STRICT set every prerequisite must be installed"
    );
    println!("skipped: {what}");
}

/// The Whisper model's folder, `models/whisper-base` (installed by scripts/setup.sh; the
/// test fails where it is not).
pub fn whisper_model() -> std::path::PathBuf {
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/whisper-base");
    assert!(
        model.join("model.bin").is_file(),
        "the Whisper model is not installed in {}: run scripts/setup.sh",
        model.display()
    );
    model
}

/// Reads a whole file as text, with the path in the failure message.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs the test `name` (its path in this program, `board_sim::…`) again in a process of its
/// own, for a test that measures its process (the wake-ups of its threads): the tests are
/// threads of one process, and another test's threads would be counted. Returns true in that
/// process, where the test is to run; false in the test program, once the test has passed
/// there (it fails here when it failed there).
pub fn in_own_process(name: &str) -> bool {
    const ALONE: &str = "ANNEXD_TEST_ALONE";
    if std::env::var(ALONE).as_deref() == Ok(name) {
        return true;
    }
    let this = std::env::current_exe().expect("the test program's path");
    let output = platform::program(this.to_str().expect("a path in UTF-8"))
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(ALONE, name)
        .start_output()
        .expect("the test program starts again");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "{name} in a process of its own:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    false
}
