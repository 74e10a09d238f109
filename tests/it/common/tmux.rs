//! A private tmux server for tests that drive the real program in a real terminal, read back
//! as the lines a screen reader would read.

use crate::common::platform::Start;
use std::process::Command;
use std::time::{Duration, Instant};

/// A private tmux server, killed when the test ends (also when it fails).
pub struct Tmux {
    socket: String,
    session: String,
}

impl Tmux {
    /// Starts `command` in a new 80×24 terminal; fails the test without tmux (which
    /// `scripts/setup.sh --test` installs).
    pub fn start(name: &str, command: &str) -> Tmux {
        Tmux::start_sized(name, command, 80, 24)
    }

    /// Starts `command` in a new terminal of `columns` × `rows`; the terminal stays when the
    /// command ends, so that what it left on the screen can be read.
    pub fn start_sized(name: &str, command: &str, columns: u16, rows: u16) -> Tmux {
        let available = Command::new("tmux")
            .arg("-V")
            .start_output()
            .map(|o| o.status.success())
            .unwrap_or(false);
        assert!(
            available,
            "tmux is not installed: scripts/setup.sh --test installs it"
        );
        let tmux = Tmux {
            socket: format!("annexd-{name}-test-{}", std::process::id()),
            session: name.to_string(),
        };
        let status = Command::new("tmux")
            .args([
                "-L",
                &tmux.socket,
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-x",
                &columns.to_string(),
                "-y",
                &rows.to_string(),
                "-s",
                &tmux.session,
            ])
            .arg(command)
            .start_status()
            .expect("tmux runs");
        assert!(status.success(), "tmux new-session failed");
        // What the program leaves on the screen when it ends stays readable.
        let _ = Command::new("tmux")
            .args([
                "-L",
                &tmux.socket,
                "set-option",
                "-g",
                "remain-on-exit",
                "on",
            ])
            .start_status();
        tmux
    }

    /// Gives the terminal a new size, as a user dragging the window's edge.
    pub fn resize(&self, columns: u16, rows: u16) {
        let status = Command::new("tmux")
            .args(["-L", &self.socket, "resize-window", "-t", &self.session])
            .args(["-x", &columns.to_string(), "-y", &rows.to_string()])
            .start_status()
            .expect("tmux resize-window runs");
        assert!(status.success());
    }

    /// The screen as it is drawn, each row as it stands (no joining of wrapped rows).
    pub fn rows(&self) -> Vec<String> {
        self.capture(&[])
    }

    /// The rows of the screen and of the history above it (where tmux's note that the
    /// program ended pushes the first rows).
    pub fn rows_with_history(&self) -> Vec<String> {
        self.capture(&["-S", "-"])
    }

    fn capture(&self, more: &[&str]) -> Vec<String> {
        let output = Command::new("tmux")
            .args([
                "-L",
                &self.socket,
                "capture-pane",
                "-p",
                "-t",
                &self.session,
            ])
            .args(more)
            .start_output()
            .expect("tmux capture-pane runs");
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|l| l.trim_end().to_string())
            .collect()
    }

    /// Types keys (tmux key names, or text).
    pub fn keys(&self, keys: &[&str]) {
        let status = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "-t", &self.session])
            .args(keys)
            .start_status()
            .expect("tmux send-keys runs");
        assert!(status.success());
    }

    /// The screen, wrapped lines joined, as a screen reader gets it.
    pub fn screen(&self) -> String {
        let output = Command::new("tmux")
            .args([
                "-L",
                &self.socket,
                "capture-pane",
                "-p",
                "-J",
                "-t",
                &self.session,
            ])
            .start_output()
            .expect("tmux capture-pane runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Waits (bounded) until a line satisfies `wanted`; returns that line.
    pub fn wait_for_line(
        &self,
        what: &str,
        wanted: impl Fn(&str) -> bool,
        limit: Duration,
    ) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if let Some(line) = screen.lines().find(|line| wanted(line.trim_end())) {
                return line.trim_end().to_string();
            }
            assert!(
                start.elapsed() < limit,
                "no line {what} within {limit:?}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits (bounded) until a line contains `text`; returns that line.
    pub fn wait_for(&self, text: &str, limit: Duration) -> String {
        self.wait_for_line(
            &format!("containing {text:?}"),
            |line| line.contains(text),
            limit,
        )
    }

    /// How many lines contain `text`.
    pub fn count(&self, text: &str) -> usize {
        self.screen()
            .lines()
            .filter(|line| line.contains(text))
            .count()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .start_status();
    }
}
