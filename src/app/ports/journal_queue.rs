//! The journal's entries on their way to disk: written in order, one by one; while the disk
//! refuses them (full, read-only, gone) they wait in memory, later ones behind them, and are
//! tried again with every new entry and every [`RETRY_EVERY`], the file opened again by its
//! path each time (a file system that went read-only comes back only as a new mount).
//! Nothing is dropped: once the disk takes writes again the file holds every entry, in order.
//!
//! At the end of a game whatever still waits is tried once more, then written to a rescue
//! file (see [`JournalQueue::rescue`]) so that it can be added to the journal by hand.

use std::collections::VecDeque;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use annexd_core::record::{Sealer, Stamped};

use crate::record::{GameFiles, JournalError};

/// How often waiting entries are tried again.
pub const RETRY_EVERY: Duration = Duration::from_secs(1);

/// What changed with a write, for the player.
#[derive(Debug)]
pub enum Change {
    /// Writing has just started to fail (said once, until it works again).
    Failing(JournalError),
    /// Everything that waited is on disk now: this many entries.
    Recovered(usize),
}

/// The game's files and the journal lines waiting for the disk.
#[derive(Debug)]
pub struct JournalQueue {
    files: GameFiles,
    waiting: VecDeque<Stamped>,
    next_try: Option<Instant>,
}

impl JournalQueue {
    /// A queue in front of the game's journal, empty.
    pub fn new(files: GameFiles) -> Self {
        JournalQueue {
            files,
            waiting: VecDeque::new(),
            next_try: None,
        }
    }

    /// The game's files (the PGN is written through them).
    pub fn files(&self) -> &GameFiles {
        &self.files
    }

    /// Appends `line` (after any that wait); what changed, if anything did.
    pub fn push(&mut self, line: Stamped, now: Instant) -> Option<Change> {
        self.waiting.push_back(line);
        self.flush(now)
    }

    /// Tries the waiting entries again (call at [`JournalQueue::next_try`]).
    pub fn retry(&mut self, now: Instant) -> Option<Change> {
        if self.waiting.is_empty() {
            return None;
        }
        self.flush(now)
    }

    /// When waiting entries are to be tried again; `None` when nothing waits.
    pub fn next_try(&self) -> Option<Instant> {
        self.next_try
    }

    /// How many entries wait.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }

    fn flush(&mut self, now: Instant) -> Option<Change> {
        let was_failing = self.next_try.is_some();
        let backlog = self.waiting.len();
        if was_failing && let Err(err) = self.files.reopen_journal() {
            // Not there again yet (still read-only, not mounted again).
            self.next_try = Some(now + RETRY_EVERY);
            tracing::debug!("journal: {err}");
            return None;
        }
        while let Some(line) = self.waiting.front() {
            if let Err(err) = self.files.append(line) {
                self.next_try = Some(now + RETRY_EVERY);
                tracing::warn!(
                    "journal: {err}; {} entries wait, tried again every {RETRY_EVERY:?}",
                    self.waiting.len()
                );
                return (!was_failing).then_some(Change::Failing(err));
            }
            self.waiting.pop_front();
        }
        self.next_try = None;
        if was_failing {
            tracing::info!("journal: written again, {backlog} waiting entries now on disk");
            Some(Change::Recovered(backlog))
        } else {
            None
        }
    }

    /// At the end of a game: the entries still waiting are written to
    /// [`unsaved_paths`] beside the journal, or else to the temporary folder, as sealed journal
    /// lines (`annexd resume` adds them to the journal). Returns the file, or `None` when
    /// nothing waited or no file could be written; then the lines go to standard error.
    pub fn rescue(&mut self) -> Option<PathBuf> {
        if self.waiting.is_empty() {
            return None;
        }
        // Sealed on from the journal's last line, so that added to it they chain on whole.
        let mut sealer = self.files.seal().map(Sealer::after);
        let text: String = self
            .waiting
            .iter()
            .map(|line| match &mut sealer {
                Some(sealer) => sealer.seal(line) + "\n",
                None => line.to_json_line() + "\n",
            })
            .collect();
        for path in unsaved_paths(self.files.journal_path()) {
            let existed = path.exists();
            let written = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .and_then(|mut file| {
                    file.write_all(text.as_bytes())?;
                    file.sync_all()
                });
            match written {
                Ok(()) => {
                    tracing::warn!(
                        "journal: {} entries rescued to {}",
                        self.waiting.len(),
                        path.display()
                    );
                    return Some(path);
                }
                Err(err) => {
                    // Leave no empty or partial rescue file of ours behind.
                    if !existed {
                        // Tidying up: a file already gone, or left for the next start to clean, changes nothing.
                        let _ = std::fs::remove_file(&path);
                    }
                    tracing::warn!("journal rescue {}: {err}", path.display());
                }
            }
        }
        // Standard output or error is closed: there is nowhere else to write this.
        let _ = std::io::stderr().write_all(text.as_bytes());
        None
    }
}

/// Where the entries a journal could not take at the end of a game are kept: beside it as
/// `<journal>.unsaved`, else in the temporary folder under the journal's whole path (slashes
/// as `%`), so that the file names its game.
pub fn unsaved_paths(journal: &Path) -> [PathBuf; 2] {
    let mut name = journal.as_os_str().to_owned();
    name.push(".unsaved");
    let beside = PathBuf::from(name);
    let whole = std::path::absolute(&beside).unwrap_or_else(|_| beside.clone());
    let flat = whole.to_string_lossy().replace('/', "%");
    [beside, std::env::temp_dir().join(flat)]
}
