//! The journal's port: the record on disk. Each [`Effect::Record`] goes to the journal
//! (fsynced) and the PGN beside it is written again from the scoresheet the effect carries;
//! once an ended game's every line is on disk, the sheets it owes are written and reported
//! with the record's state as read back from the disk (the check code `verify` will find).
//! What happens at the disk (a journal that refuses lines, the record closed, how the journal
//! stands when the program leaves) goes back to the session as reports, which says it.
//!
//! A journal the disk refuses does not stop the game: its entries wait and are written when
//! the disk takes them again (see [`super::journal_queue`]), tried again at this port's
//! deadline.

use std::time::{Duration, Instant};

use annexd_core::record::{RecordState, Scoresheet, SheetFormat};
use annexd_core::{ClosedRecord, Closing, DiskReport, Effect, Input, Lang, SheetReport};

use super::journal_queue::{Change, JournalQueue};
use crate::app::port::Port;
use crate::record::GameFiles;
use crate::record::sheets::{self, SheetOptions, sheet_path_for};

/// The game's journal, its PGN and its sheets.
pub(crate) struct Journal {
    queue: JournalQueue,
    /// The scoresheet as the last entry left it, for the PGN and the sheets.
    sheet: Scoresheet,
    /// The language of the sheets.
    lang: Lang,
    /// The PGN beside the journal could not be written the last time it was tried.
    pgn_failing: bool,
    /// The game has ended: these sheets are owed once every line is on disk.
    closing: Option<Vec<SheetFormat>>,
    /// How the journal stood when the program left.
    closed: Option<Closing>,
    /// What happened here that the session is to hear about.
    reports: Vec<Input>,
}

impl Journal {
    /// The journal of `files`, whose scoresheet is `sheet` so far.
    pub(crate) fn new(files: GameFiles, sheet: Scoresheet, lang: Lang) -> Journal {
        Journal {
            queue: JournalQueue::new(files),
            sheet,
            lang,
            pgn_failing: false,
            closing: None,
            closed: None,
            reports: Vec::new(),
        }
    }

    /// Writes the PGN beside the journal; a failure is logged once until it works again.
    pub(crate) fn write_pgn(&mut self) {
        match self.queue.files().write_pgn(&self.sheet) {
            Ok(()) => self.pgn_failing = false,
            Err(err) => {
                if !self.pgn_failing {
                    tracing::error!("{err}");
                }
                self.pgn_failing = true;
            }
        }
    }

    /// Tries the journal's waiting entries again (at [`JournalQueue::next_try`]).
    fn retry(&mut self) {
        let change = self.queue.retry(Instant::now());
        if change.is_some() || self.pgn_failing {
            self.write_pgn();
        }
        self.tell(change);
    }

    /// Reports what changed with the journal: failing (at once, once), or written again.
    fn tell(&mut self, change: Option<Change>) {
        let report = match change {
            None => return,
            Some(Change::Failing(err)) => DiskReport::JournalFailing {
                detail: err.to_string(),
            },
            Some(Change::Recovered(entries)) => DiskReport::JournalWrittenAgain { entries },
        };
        self.reports.push(Input::Disk(report));
    }

    /// The program is leaving, however it came (`Ende`, the end of input, a signal): the
    /// journal's waiting entries tried once more, the record closed if that is owed, the PGN
    /// written; what still waits goes to a rescue file.
    fn close(&mut self) -> Closing {
        self.retry();
        if self.queue.waiting() > 0 {
            // The disk may be back in a moment (a file system remounted): a last short wait.
            std::thread::sleep(Duration::from_millis(200));
            self.retry();
        }
        self.settle();
        let waiting = self.queue.waiting();
        if waiting == 0 {
            self.write_pgn();
            return Closing::Saved;
        }
        match self.queue.rescue() {
            Some(path) => Closing::Rescued {
                path: path.display().to_string(),
                entries: waiting,
            },
            None => Closing::Lost { entries: waiting },
        }
    }
}

impl Port for Journal {
    fn next_deadline(&self, now: Duration) -> Option<Duration> {
        let at = self.queue.next_try()?;
        Some(now + at.saturating_duration_since(Instant::now()))
    }

    fn tick(&mut self, _now: Duration) -> Vec<Input> {
        self.retry();
        Vec::new()
    }

    fn carry_out(&mut self, effect: &Effect, _now: Duration) {
        match effect {
            Effect::Record(line, sheet) => {
                self.sheet = (**sheet).clone();
                let change = self.queue.push(line.clone(), Instant::now());
                self.tell(change);
                self.write_pgn();
            }
            Effect::CloseRecord { sheets } => self.closing = Some(sheets.clone()),
            _ => {}
        }
    }

    /// Once the game has ended and every line is on disk, writes the sheets owed beside the
    /// journal and reports them with the record's state as read back from the disk.
    fn settle(&mut self) {
        if self.queue.waiting() > 0 {
            return;
        }
        let Some(formats) = self.closing.take() else {
            return;
        };
        let journal = self.queue.files().journal_path().to_path_buf();
        let state = crate::record::read_journal(&journal)
            .map(|contents| RecordState::of(&contents))
            .map_err(|err| {
                tracing::error!("the record cannot be read back: {err}");
                err.tokens()
            });
        let options = SheetOptions {
            lang: self.lang,
            words: Default::default(),
            font: None,
        };
        let sheets = match &state {
            Ok(state) => formats
                .into_iter()
                .map(|format| {
                    let path = sheet_path_for(&journal, format);
                    let error = sheets::write(&path, format, &self.sheet, state, &options)
                        .err()
                        .map(|err| {
                            tracing::error!("{err}");
                            err.tokens()
                        });
                    SheetReport {
                        format,
                        path: path.display().to_string(),
                        error,
                    }
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        self.reports
            .push(Input::Disk(DiskReport::RecordClosed(ClosedRecord {
                sheets,
                state,
            })));
    }

    fn reports(&mut self) -> Vec<Input> {
        std::mem::take(&mut self.reports)
    }

    fn leave(&mut self) {
        let closing = self.close();
        self.reports
            .push(Input::Disk(DiskReport::Closed(closing.clone())));
        self.closed = Some(closing);
    }

    fn finish(&mut self) -> bool {
        self.closed == Some(Closing::Saved) && !self.pgn_failing
    }
}
