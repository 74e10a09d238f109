//! What the tests do the platform's way: the program they start (under an emulator, for
//! another architecture), a pair of serial ports joined by a wire for a board played by the
//! test, and asking a running annexd to end from outside.
//!
//! On Unix the ports are a pseudo-terminal pair made in the test. On Windows (the tests run
//! under Wine) a test cannot make one: `scripts/test-windows.sh` joins pairs of
//! pseudo-terminals with socat, maps each end to a COM port of the Wine prefix and names the
//! pairs in `ANNEXD_TEST_COM_PAIRS` (`COM11:COM21,COM12:COM22,…`: the board's end, then the
//! program's); each test claims a pair of its own (a file made in `ANNEXD_TEST_COM_CLAIMS`),
//! so that no two tests, in one test program or in two, share a line.

use std::time::Duration;

/// A program the tests start, behind the runner `ANNEXD_TEST_RUNNER` names when it is set:
/// the tests for aarch64 run under qemu-user, which does not follow a program into the
/// programs it starts (scripts/test-aarch64.sh names qemu-aarch64 here).
pub fn program(path: &str) -> std::process::Command {
    match std::env::var_os("ANNEXD_TEST_RUNNER") {
        Some(runner) => {
            let mut command = std::process::Command::new(runner);
            command.arg(path);
            command
        }
        None => std::process::Command::new(path),
    }
}

/// How every test starts a program: `Command`'s `spawn`, `output` and `status`, each tried
/// again on Wine's passing error. Under Wine, starting a process fails now and then with
/// ERROR_INTERNAL_ERROR (1359: about once in a thousand starts while several tests, or the
/// Windows and the aarch64 tests, run at once) and works when tried again: that error, and
/// only on Windows, is tried again, five times in all. The tests cannot call the three
/// directly: clippy.toml disallows them outside this module.
pub trait Start {
    /// `Command::spawn`, tried again on Wine's passing error.
    fn start(&mut self) -> std::io::Result<std::process::Child>;
    /// `Command::output`, tried again on Wine's passing error.
    fn start_output(&mut self) -> std::io::Result<std::process::Output>;
    /// `Command::status`, tried again on Wine's passing error.
    fn start_status(&mut self) -> std::io::Result<std::process::ExitStatus>;
}

#[allow(clippy::disallowed_methods)] // the one place that starts programs
impl Start for std::process::Command {
    fn start(&mut self) -> std::io::Result<std::process::Child> {
        tried_again(self, std::process::Command::spawn)
    }
    fn start_output(&mut self) -> std::io::Result<std::process::Output> {
        tried_again(self, std::process::Command::output)
    }
    fn start_status(&mut self) -> std::io::Result<std::process::ExitStatus> {
        tried_again(self, std::process::Command::status)
    }
}

/// `start(command)`, tried again while it fails with Wine's ERROR_INTERNAL_ERROR.
fn tried_again<T>(
    command: &mut std::process::Command,
    start: impl Fn(&mut std::process::Command) -> std::io::Result<T>,
) -> std::io::Result<T> {
    const INTERNAL_ERROR: i32 = 1359;
    let mut tries = 1;
    loop {
        match start(command) {
            Err(e) if cfg!(windows) && e.raw_os_error() == Some(INTERNAL_ERROR) && tries < 5 => {
                eprintln!("starting {command:?} failed ({e}): once more");
                std::thread::sleep(Duration::from_millis(50 * tries));
                tries += 1;
            }
            started => return started,
        }
    }
}

/// Two serial ports joined by a wire: the test plays the board on `board`, the program
/// opens `path`.
pub struct PortPair {
    /// The board's end, read and written by the test.
    pub board: Box<dyn serialport::SerialPort>,
    /// The port the program opens.
    pub path: String,
    /// The other end of a pseudo-terminal, kept open while the pair is used.
    #[cfg(unix)]
    _program_end: serialport::TTYPort,
}

/// A fresh pair of ports; the board's end reads with `timeout`.
#[cfg(unix)]
pub fn port_pair(timeout: Duration) -> PortPair {
    let (mut board, program_end) = serialport::TTYPort::pair().expect("a pseudo-terminal pair");
    serialport::SerialPort::set_timeout(&mut board, timeout).unwrap();
    let path = serialport::SerialPort::name(&program_end).expect("the pseudo-terminal's name");
    PortPair {
        board: Box::new(board),
        path,
        _program_end: program_end,
    }
}

/// A pair of COM ports the test script joined, claimed for this test (see the module
/// documentation).
#[cfg(windows)]
pub fn port_pair(timeout: Duration) -> PortPair {
    let pairs = std::env::var("ANNEXD_TEST_COM_PAIRS")
        .expect("ANNEXD_TEST_COM_PAIRS names the COM port pairs (scripts/test-windows.sh sets it)");
    let claims = std::path::PathBuf::from(
        std::env::var_os("ANNEXD_TEST_COM_CLAIMS")
            .expect("ANNEXD_TEST_COM_CLAIMS names where pairs are claimed"),
    );
    let (board, program) = pairs
        .split(',')
        .filter_map(|pair| pair.split_once(':'))
        .find(|(board, _)| {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(claims.join(format!("{board}.claimed")))
                .is_ok()
        })
        .unwrap_or_else(|| panic!("every COM port pair of {pairs} is claimed already"));
    let board = serialport::new(board, 115_200)
        .timeout(timeout)
        .open()
        .unwrap_or_else(|e| panic!("the test's end of the port pair, {board}: {e}"));
    PortPair {
        board,
        path: program.to_string(),
    }
}

/// How a test asks a running annexd to end from outside.
#[derive(Debug, Clone, Copy)]
pub struct EndRequest {
    #[cfg(unix)]
    signal: i32,
    #[cfg(windows)]
    event: u32,
    /// Its name: `SIGINT`, `Ctrl-Break`, …
    pub name: &'static str,
    /// Ctrl-C: one does not end a game (the player is asked), a second soon after does.
    pub interrupts: bool,
}

/// The requests to end this platform has that a test can send: SIGINT, SIGTERM and SIGHUP
/// on Unix; Ctrl-Break on Windows (Ctrl-C cannot be sent to another process group, and a
/// console closed, logoff or shutdown cannot be caused by a test).
#[cfg(unix)]
pub fn end_requests() -> Vec<EndRequest> {
    [
        (libc::SIGINT, "SIGINT"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGHUP, "SIGHUP"),
    ]
    .into_iter()
    .map(|(signal, name)| EndRequest {
        signal,
        name,
        interrupts: signal == libc::SIGINT,
    })
    .collect()
}

/// See the Unix version.
#[cfg(windows)]
pub fn end_requests() -> Vec<EndRequest> {
    vec![EndRequest {
        event: windows::Win32::System::Console::CTRL_BREAK_EVENT,
        name: "Ctrl-Break",
        interrupts: false,
    }]
}

/// Sends `request` to the running program `child`.
#[cfg(unix)]
pub fn send(request: EndRequest, child: &std::process::Child) {
    let pid = child.id() as libc::pid_t;
    // SAFETY: sends a signal to our own child process, which is still running.
    assert_eq!(unsafe { libc::kill(pid, request.signal) }, 0);
}

/// Sends `request` to the running program `child`, which [`super::annexd`] started in a
/// process group of its own.
#[cfg(windows)]
pub fn send(request: EndRequest, child: &std::process::Child) {
    // SAFETY: a console event to the process group of our own child.
    unsafe { windows::Win32::System::Console::GenerateConsoleCtrlEvent(request.event, child.id()) }
        .expect("the console event is sent");
}

/// Starts commands in a process group of their own on Windows, so that a console event
/// reaches the program alone (and a Ctrl-C in the test's console does not).
pub fn own_group(command: &mut std::process::Command) {
    #[cfg(windows)]
    {
        use std::os::windows::process::CommandExt;
        const CREATE_NEW_PROCESS_GROUP: u32 = 0x0000_0200;
        command.creation_flags(CREATE_NEW_PROCESS_GROUP);
    }
    #[cfg(not(windows))]
    let _ = command;
}
