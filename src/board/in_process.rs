//! A serial line inside the program: a named pair of byte channels that the serial adapter
//! opens like a port, for the simulated peg board where there are no pseudo-terminals
//! (Windows). The device side [`plug`]s a name (`in-process:peg-board-1`); while it is
//! plugged, [`open`] gives hosts their end of the line, as often as they open it (one at a
//! time is what the adapter does); when the device side is dropped (unplugged), the hosts'
//! reads and writes fail and the name opens no more until it is plugged again.
//!
//! The host's end reads with a timeout, as a serial port does, and splits into a reading and
//! a writing end, as a port and its clone, so the serial transport is the same for both. The device's end never waits: its thread waits in one `Select` on the
//! host's bytes, its own commands and room to write (see [`DeviceEnd::wait`]).

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crossbeam_channel::{Receiver, RecvTimeoutError, Select, Sender, TrySendError, bounded};

/// Names of in-process lines begin with this; other paths are real ports.
pub const PREFIX: &str = "in-process:";

/// How many chunks of bytes wait in one direction before the writer must wait (a serial
/// line's buffer; flooding it makes the writer wait for the reader, as on a real port).
const CHUNKS: usize = 64;

/// The lines plugged now, by name: the host's ends of their channels, and which plug-in.
static LINES: Mutex<Option<HashMap<String, Plugged>>> = Mutex::new(None);
static NEXT_PLUG: AtomicU64 = AtomicU64::new(1);

#[derive(Clone)]
struct Plugged {
    plug: u64,
    to_device: Sender<Vec<u8>>,
    from_device: Receiver<Vec<u8>>,
}

fn lines() -> std::sync::MutexGuard<'static, Option<HashMap<String, Plugged>>> {
    // A poisoned lock only means a thread panicked while holding it; the map is still whole.
    LINES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether `path` names an in-process line (plugged or not).
pub fn is_in_process(path: &Path) -> bool {
    path.to_str().is_some_and(|p| p.starts_with(PREFIX))
}

/// Plugs in a device under `name` (which must begin with [`PREFIX`]); a device plugged under
/// the same name before is replaced.
pub fn plug(name: &str) -> DeviceEnd {
    let (to_device, from_host) = bounded(CHUNKS);
    let (to_host, from_device) = bounded(CHUNKS);
    let plug = NEXT_PLUG.fetch_add(1, Ordering::Relaxed);
    lines().get_or_insert_with(HashMap::new).insert(
        name.to_string(),
        Plugged {
            plug,
            to_device,
            from_device,
        },
    );
    DeviceEnd {
        name: name.to_string(),
        plug,
        to_host,
        from_host,
        pending: Vec::new(),
    }
}

/// Opens the host's end of the line `path` names, with reads that give up after `timeout`
/// (`ErrorKind::TimedOut`); `None` when `path` is no in-process name (a real port).
pub fn open(path: &Path, timeout: Duration) -> Option<io::Result<HostEnd>> {
    if !is_in_process(path) {
        return None;
    }
    let name = path.to_string_lossy();
    let found = lines()
        .as_ref()
        .and_then(|map| map.get(name.as_ref()).cloned());
    Some(match found {
        Some(line) => Ok(HostEnd {
            reader: HostReader {
                from_device: line.from_device,
                pending: Vec::new(),
                timeout,
            },
            writer: HostWriter {
                to_device: line.to_device,
            },
        }),
        None => Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("no device is plugged in at {name}"),
        )),
    })
}

/// The device's end of a line; dropping it unplugs the device.
pub struct DeviceEnd {
    name: String,
    plug: u64,
    to_host: Sender<Vec<u8>>,
    from_host: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl DeviceEnd {
    /// Bytes from the host, without waiting: 0 when none wait.
    pub fn read(&mut self, buf: &mut [u8]) -> usize {
        if self.pending.is_empty() {
            match self.from_host.try_recv() {
                Ok(chunk) => self.pending = chunk,
                Err(_) => return 0,
            }
        }
        take(&mut self.pending, buf)
    }

    /// Writes to the host without waiting: how many bytes went (0 when the line is full, or
    /// nobody reads; the host then sees nothing, as on a port nobody has open).
    pub fn write(&mut self, bytes: &[u8]) -> usize {
        if bytes.is_empty() {
            return 0;
        }
        match self.to_host.try_send(bytes.to_vec()) {
            Ok(()) => bytes.len(),
            Err(TrySendError::Full(_)) => 0,
            // The map keeps a receiver while the device is plugged in: never disconnected.
            Err(TrySendError::Disconnected(_)) => bytes.len(),
        }
    }

    /// Waits until the host has sent bytes, `also` has something, or (when `writing`) there
    /// is room to write; at most `timeout` (for ever when `None`).
    pub fn wait<T>(&self, also: &Receiver<T>, writing: bool, timeout: Option<Duration>) {
        if !self.pending.is_empty() || !self.from_host.is_empty() {
            return;
        }
        let mut select = Select::new();
        select.recv(&self.from_host);
        select.recv(also);
        if writing {
            select.send(&self.to_host);
        }
        // Which one is ready does not matter: the caller looks at all of them.
        match timeout {
            Some(timeout) => {
                let _ = select.ready_timeout(timeout);
            }
            None => {
                select.ready();
            }
        }
    }
}

impl Drop for DeviceEnd {
    fn drop(&mut self) {
        let mut lines = lines();
        if let Some(map) = lines.as_mut()
            && map
                .get(&self.name)
                .is_some_and(|line| line.plug == self.plug)
        {
            map.remove(&self.name);
        }
    }
}

/// The host's end of a line: a port with a read timeout.
pub struct HostEnd {
    reader: HostReader,
    writer: HostWriter,
}

impl HostEnd {
    /// Its two ends, for a reading and a writing thread (as a serial port and its clone).
    pub fn split(self) -> (HostReader, HostWriter) {
        (self.reader, self.writer)
    }
}

impl Read for HostEnd {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reader.read(buf)
    }
}

impl Write for HostEnd {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.writer.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// The reading end of a host's line: reads give up after its timeout
/// (`ErrorKind::TimedOut`), as a serial port's do.
pub struct HostReader {
    from_device: Receiver<Vec<u8>>,
    pending: Vec<u8>,
    timeout: Duration,
}

impl Read for HostReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            self.pending = match self.from_device.recv_timeout(self.timeout) {
                Ok(chunk) => chunk,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(io::Error::from(io::ErrorKind::TimedOut));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(unplugged()),
            };
        }
        Ok(take(&mut self.pending, buf))
    }
}

/// The writing end of a host's line.
pub struct HostWriter {
    to_device: Sender<Vec<u8>>,
}

impl Write for HostWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.to_device
            .send(bytes.to_vec())
            .map(|()| bytes.len())
            .map_err(|_| unplugged())
    }

    /// Bytes are with the device once written: nothing to flush.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn unplugged() -> io::Error {
    io::Error::new(io::ErrorKind::BrokenPipe, "the device was unplugged")
}

/// Moves the front of `pending` into `buf`; how many bytes.
fn take(pending: &mut Vec<u8>, buf: &mut [u8]) -> usize {
    let n = pending.len().min(buf.len());
    buf[..n].copy_from_slice(&pending[..n]);
    pending.drain(..n);
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_reads_what_the_device_wrote_and_the_device_reads_the_host() {
        let mut device = plug("in-process:test-both-ways");
        let mut host = open(
            Path::new("in-process:test-both-ways"),
            Duration::from_millis(50),
        )
        .expect("an in-process name")
        .expect("plugged");
        assert_eq!(device.write(b"HELLO\n"), 6);
        let mut buf = [0u8; 4];
        assert_eq!(host.read(&mut buf).unwrap(), 4);
        assert_eq!(&buf, b"HELL");
        assert_eq!(host.read(&mut buf).unwrap(), 2);
        assert_eq!(
            host.read(&mut buf).unwrap_err().kind(),
            io::ErrorKind::TimedOut
        );
        host.write_all(b"PING\n").unwrap();
        let mut buf = [0u8; 16];
        assert_eq!(device.read(&mut buf), 5);
        assert_eq!(device.read(&mut buf), 0);
    }

    #[test]
    fn an_unplugged_device_fails_the_host_and_its_name_opens_no_more() {
        let device = plug("in-process:test-unplug");
        let mut host = open(
            Path::new("in-process:test-unplug"),
            Duration::from_millis(50),
        )
        .unwrap()
        .unwrap();
        drop(device);
        let mut buf = [0u8; 4];
        assert_eq!(
            host.read(&mut buf).unwrap_err().kind(),
            io::ErrorKind::BrokenPipe
        );
        assert!(host.write(b"PING\n").is_err());
        let again = open(Path::new("in-process:test-unplug"), Duration::ZERO).unwrap();
        assert_eq!(again.err().unwrap().kind(), io::ErrorKind::NotFound);
        // Plugged again, the same name opens.
        let _device = plug("in-process:test-unplug");
        assert!(
            open(Path::new("in-process:test-unplug"), Duration::ZERO)
                .unwrap()
                .is_ok()
        );
    }

    #[test]
    fn a_full_line_makes_the_device_wait_and_other_paths_are_real_ports() {
        let mut device = plug("in-process:test-full");
        let written: usize = (0..CHUNKS + 5).map(|_| device.write(b"x")).sum();
        assert_eq!(written, CHUNKS, "the line holds {CHUNKS} chunks");
        assert!(open(Path::new("/dev/ttyACM0"), Duration::ZERO).is_none());
        assert!(open(Path::new("COM3"), Duration::ZERO).is_none());
    }
}
