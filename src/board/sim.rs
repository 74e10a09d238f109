//! The device side of the peg-board protocol, for tests and demonstrations: a simulated board
//! on a pseudo-terminal. Typed moves (SAN or UCI) become the lifts and drops a person makes;
//! raw events (`UP e2`, `DOWN e4 w`, `KEY clock`) pass as typed. Options add noise: hesitant
//! lifts (a peg up and back before it leaves), any valid order of a move's events, lines with
//! a wrong checksum, and one disconnect after a number of events (the port vanishes, and comes
//! back a moment later at the same path, as a USB board re-plugged).
//!
//! The device is the core's pure model (`annexd_core::board::simulated::Device`); [`start`]
//! runs one on a pseudo-terminal in a thread.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use crossbeam_channel::{Receiver, Sender};

use annexd_core::board::protocol::{DeviceMsg, parse_host_line};
pub use annexd_core::board::simulated::{Device, DeviceOptions, SimOrder};

/// How the simulated board behaves: the device, and what its port does.
#[derive(Debug, Clone)]
pub struct SimOptions {
    /// The device: what it senses, its position, its noise.
    pub device: DeviceOptions,
    /// Vanish after this many `UP`/`DOWN` events (once), and come back.
    pub disconnect_after: Option<u32>,
    /// How long the port stays away.
    pub away_for: Duration,
    /// Where the stable link to the pseudo-terminal goes (a temporary path when absent).
    pub link: Option<PathBuf>,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            device: DeviceOptions::default(),
            disconnect_after: None,
            away_for: Duration::from_millis(300),
            link: None,
        }
    }
}

/// A simulated board running on a pseudo-terminal.
pub struct SimHandle {
    path: PathBuf,
    commands: Sender<String>,
    feedback: Receiver<String>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    owns_link: bool,
}

impl SimHandle {
    /// The stable path of the board's port (a link to the current pseudo-terminal).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Types a line on the board (a move or a raw event).
    pub fn type_line(&self, line: &str) {
        let _ = self.commands.send(line.to_string());
    }

    /// Notes from the simulator: errors in typed lines, disconnects, reconnects.
    pub fn feedback(&self) -> &Receiver<String> {
        &self.feedback
    }
}

impl Drop for SimHandle {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        if self.owns_link {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// One pseudo-terminal pair and the link to its board end.
struct Port {
    master: serialport::TTYPort,
    _slave: serialport::TTYPort,
}

fn open_port(link: &Path) -> std::io::Result<Port> {
    let (mut master, slave) = serialport::TTYPort::pair().map_err(std::io::Error::other)?;
    serialport::SerialPort::set_timeout(&mut master, Duration::from_millis(1))
        .map_err(std::io::Error::other)?;
    let name = serialport::SerialPort::name(&slave)
        .ok_or_else(|| std::io::Error::other("pseudo-terminal without a name"))?;
    let tmp = link.with_extension("new");
    let _ = std::fs::remove_file(&tmp);
    std::os::unix::fs::symlink(&name, &tmp)?;
    std::fs::rename(&tmp, link)?;
    Ok(Port {
        master,
        _slave: slave,
    })
}

/// Starts a simulated board in a thread; its port is at [`SimHandle::path`].
pub fn start(options: SimOptions) -> Result<SimHandle, String> {
    static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let owns_link = options.link.is_none();
    let path = options.link.clone().unwrap_or_else(|| {
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        std::env::temp_dir().join(format!("annexd-board-{}-{n}", std::process::id()))
    });
    let mut device = Device::new(options.device.clone())?;
    let port = open_port(&path).map_err(|e| format!("cannot make the pseudo-terminal: {e}"))?;
    let (commands, command_rx) = crossbeam_channel::unbounded::<String>();
    let (feedback_tx, feedback) = crossbeam_channel::unbounded();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let link = path.clone();
    let thread = std::thread::Builder::new()
        .name("board-sim".into())
        .spawn(move || {
            let mut port = Some(port);
            let hello = device.hello();
            send(&mut port, &mut device, &hello);
            let mut events_sent = 0u32;
            let mut disconnected_once = false;
            let mut line = Vec::new();
            let mut buf = [0u8; 256];
            while !flag.load(Ordering::Relaxed) {
                if let Some(p) = port.as_mut()
                    && let Ok(n) = p.master.read(&mut buf)
                {
                    for &b in &buf[..n] {
                        if b == b'\n' {
                            if let Ok(Some(msg)) = parse_host_line(&line) {
                                for answer in device.answer(msg) {
                                    send(&mut port, &mut device, &answer);
                                }
                            }
                            line.clear();
                        } else if line.len() < 256 {
                            line.push(b);
                        }
                    }
                }
                while let Ok(text) = command_rx.try_recv() {
                    match device.typed(&text) {
                        Err(e) => {
                            let _ = feedback_tx.send(e);
                        }
                        Ok(msgs) => {
                            for msg in msgs {
                                if port.is_none() {
                                    continue; // unplugged: the pieces move, nothing is sent
                                }
                                send(&mut port, &mut device, &msg);
                                if matches!(msg, DeviceMsg::Up(_) | DeviceMsg::Down(..)) {
                                    events_sent += 1;
                                }
                                if !disconnected_once
                                    && options.disconnect_after == Some(events_sent)
                                {
                                    disconnected_once = true;
                                    port = None;
                                    let _ = std::fs::remove_file(&link);
                                    let _ = feedback_tx.send("disconnected".into());
                                }
                            }
                        }
                    }
                }
                if port.is_none() && disconnected_once {
                    std::thread::sleep(options.away_for);
                    match open_port(&link) {
                        Ok(p) => {
                            port = Some(p);
                            let hello = device.hello();
                            send(&mut port, &mut device, &hello);
                            let _ = feedback_tx.send("reconnected".into());
                        }
                        Err(e) => {
                            let _ = feedback_tx.send(format!("cannot come back: {e}"));
                            return;
                        }
                    }
                }
                if port.is_none() {
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        })
        .map_err(|e| e.to_string())?;
    Ok(SimHandle {
        path,
        commands,
        feedback,
        stop,
        thread: Some(thread),
        owns_link,
    })
}

fn send(port: &mut Option<Port>, device: &mut Device, msg: &DeviceMsg) {
    let text = device.line(msg);
    if let Some(p) = port.as_mut()
        && let Err(e) = p.master.write_all(text.as_bytes())
    {
        tracing::warn!("simulated board could not send {msg}: {e}");
    }
}
