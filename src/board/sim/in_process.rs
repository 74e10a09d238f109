//! The simulated board's port inside the program (Windows, which has no pseudo-terminals):
//! the device end of an in-process line ([`crate::board::in_process`]), which the serial
//! adapter opens by its name as it opens a port.

use std::path::Path;
use std::time::Duration;

use crossbeam_channel::{Receiver, Select};

use super::{Cable, ToBoardThread};
use crate::board::in_process::{self, DeviceEnd};

/// The device end of the line while plugged in.
#[derive(Default)]
pub(super) struct InProcessCable {
    end: Option<DeviceEnd>,
}

impl Cable for InProcessCable {
    fn plug(&mut self, link: &Path) -> std::io::Result<()> {
        if !in_process::is_in_process(link) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "{} is no name of an in-process line ({}…)",
                    link.display(),
                    in_process::PREFIX
                ),
            ));
        }
        self.end = Some(in_process::plug(&link.to_string_lossy()));
        Ok(())
    }

    fn unplug(&mut self, _link: &Path) {
        // Dropping the device's end takes the name away.
        self.end = None;
    }

    fn plugged(&self) -> bool {
        self.end.is_some()
    }

    fn read(&mut self, buf: &mut [u8]) -> usize {
        self.end.as_mut().map_or(0, |end| end.read(buf))
    }

    fn write(&mut self, bytes: &[u8]) -> usize {
        self.end.as_mut().map_or(0, |end| end.write(bytes))
    }

    fn wait(
        &mut self,
        commands: &Receiver<ToBoardThread>,
        writing: bool,
        timeout: Option<Duration>,
    ) -> std::io::Result<()> {
        match &self.end {
            Some(end) => end.wait(commands, writing, timeout),
            None => {
                // Unplugged: only a command or the end of the while can change anything (the
                // command is left for the caller to take).
                let mut select = Select::new();
                select.recv(commands);
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
        Ok(())
    }
}
