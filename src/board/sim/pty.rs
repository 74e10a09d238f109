//! The simulated board's port on Unix: a pseudo-terminal pair, its board end read and written
//! without waiting, a symbolic link at a stable path to the end the host opens, and `epoll`
//! (through mio) to sleep until the port or a command needs the thread.

use std::io::{ErrorKind, Read, Write};
use std::os::fd::AsRawFd;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crossbeam_channel::Receiver;
use mio::unix::SourceFd;
use mio::{Events, Interest, Poll, Token, Waker};

use super::{Cable, ToBoardThread};

const PORT: Token = Token(0);
const WAKE: Token = Token(1);

/// One pseudo-terminal pair: the board's end, and the host's end kept open so that the
/// line stays up between the host's opens.
struct Port {
    master: serialport::TTYPort,
    _slave: serialport::TTYPort,
    /// The host's end's path, which the link points at.
    name: std::path::PathBuf,
}

/// A pseudo-terminal that comes and goes at one path, and the poll that waits on it.
pub(super) struct PtyCable {
    poll: Poll,
    events: Events,
    port: Option<Port>,
}

impl PtyCable {
    /// A cable with no port yet, and the waker that interrupts its wait.
    pub(super) fn new() -> std::io::Result<(PtyCable, Arc<Waker>)> {
        let poll = Poll::new()?;
        let waker = Arc::new(Waker::new(poll.registry(), WAKE)?);
        Ok((
            PtyCable {
                poll,
                events: Events::with_capacity(8),
                port: None,
            },
            waker,
        ))
    }
}

impl Cable for PtyCable {
    fn plug(&mut self, link: &Path) -> std::io::Result<()> {
        let port = open_port(link)?;
        self.poll.registry().register(
            &mut SourceFd(&port.master.as_raw_fd()),
            PORT,
            Interest::READABLE | Interest::WRITABLE,
        )?;
        self.port = Some(port);
        Ok(())
    }

    fn unplug(&mut self, link: &Path) {
        if let Some(port) = self.port.take() {
            // The port is dropped next: a failed deregistration leaves nothing behind.
            let _ = self
                .poll
                .registry()
                .deregister(&mut SourceFd(&port.master.as_raw_fd()));
            let name = port.name.clone();
            drop(port);
            // The link goes with the port, unless another board has taken the path since: a
            // link left behind would point at a terminal the system gives to someone else.
            super::remove_link_to(link, &name);
        }
    }

    fn plugged(&self) -> bool {
        self.port.is_some()
    }

    fn read(&mut self, buf: &mut [u8]) -> usize {
        match self.port.as_mut().map(|port| port.master.read(buf)) {
            Some(Ok(n)) => n,
            _ => 0,
        }
    }

    fn write(&mut self, bytes: &[u8]) -> usize {
        match self.port.as_mut().map(|port| port.master.write(bytes)) {
            Some(Ok(n)) => n,
            _ => 0,
        }
    }

    fn wait(
        &mut self,
        _commands: &Receiver<ToBoardThread>,
        _writing: bool,
        timeout: Option<Duration>,
    ) -> std::io::Result<()> {
        // Commands wake the poll through the waker; the port is edge-triggered for both ways.
        match self.poll.poll(&mut self.events, timeout) {
            Err(e) if e.kind() != ErrorKind::Interrupted => Err(e),
            _ => Ok(()),
        }
    }
}

fn open_port(link: &Path) -> std::io::Result<Port> {
    let (mut master, slave) = serialport::TTYPort::pair().map_err(std::io::Error::other)?;
    // Reads and writes never wait: the thread waits in its poll instead.
    serialport::SerialPort::set_timeout(&mut master, Duration::ZERO)
        .map_err(std::io::Error::other)?;
    set_nonblocking(master.as_raw_fd())?;
    let name = serialport::SerialPort::name(&slave)
        .ok_or_else(|| std::io::Error::other("pseudo-terminal without a name"))?;
    let tmp = link.with_extension("new");
    // Tidying up after a failed write: the error that matters is returned below.
    let _ = std::fs::remove_file(&tmp);
    std::os::unix::fs::symlink(&name, &tmp)?;
    std::fs::rename(&tmp, link)?;
    Ok(Port {
        master,
        _slave: slave,
        name: name.into(),
    })
}

fn set_nonblocking(fd: std::os::fd::RawFd) -> std::io::Result<()> {
    // SAFETY: fcntl on a descriptor this thread owns, with flags it read just before.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}
