//! Where the session's effects are carried out: speech, text lines or the board view, the
//! journal and the PGN on disk, the scoresheets at the end of a game. The sink decides
//! nothing: what to say and when comes from the session; what happens at the disk (a
//! journal that refuses lines, the record closed, how the journal stands when the program
//! leaves) goes back to the session as reports ([`Sink::take_reports`]), which says it.
//!
//! A journal the disk refuses does not stop the game: its entries wait and are written when
//! the disk takes them again (see [`super::journal_queue`]).

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::record::GameFiles;
use crate::record::sheets::{self, SheetOptions, sheet_path_for};
use crate::speech::{Speaker, SpeakerOptions};
use annexd_core::record::{RecordState, Scoresheet, SheetFormat};
use annexd_core::speech::{BackendKind, Channel, Priority, Utterance};
use annexd_core::{
    Audience, ClosedRecord, Closing, DeviceReport, DiskReport, Effect, Input, Session, Settings,
    SheetReport, Shown, Speech, Token,
};

use super::journal_queue::{Change, JournalQueue};
use super::options::View;

/// Where effects go: speech, text lines or the board view, the journal and the PGN on disk.
pub(super) struct Sink {
    pub(super) journal: JournalQueue,
    speech: Speech,
    out: std::io::Stdout,
    speaker: Option<Speaker>,
    /// The speaker while it opens on a thread of its own (the system's speech engine may
    /// take seconds to answer, or never): the game starts at once, its lines are printed,
    /// and what is said meanwhile waits here for the speaker.
    opening: Option<(crossbeam_channel::Receiver<Speaker>, Vec<Utterance>)>,
    /// A speaking rate set during the game (for a speaker that opens after it).
    rate_while_opening: Option<f32>,
    stereo_split: bool,
    pub(super) view: Option<(
        crate::ui::terminal::Screen,
        crate::ui::board_view::BoardView,
    )>,
    /// The line view's terminal with its line editor, when the keyboard is a terminal.
    pub(super) terminal: Option<std::sync::Arc<crate::ui::line_terminal::LineTerminal>>,
    /// The PGN beside the journal could not be written the last time it was tried.
    pgn_failing: bool,
    /// The log lines of effects in the current second, and those left out (a board sending
    /// noise at full speed must not fill the disk with the log).
    log_second: (Instant, u32, u32),
    /// The game has ended: these sheets are owed once every line is on disk.
    closing: Option<Vec<SheetFormat>>,
    /// What happened here that the session is to hear about.
    reports: Vec<Input>,
    /// The settings file named on the command line, where a new speaking rate is kept
    /// (`None`: the default file).
    settings_file: Option<std::path::PathBuf>,
}

/// At most this many log lines of effects a second; the rest are counted.
const LOG_LINES_A_SECOND: u32 = 50;

impl Sink {
    /// The sink of a game: its files, and speech and view as the settings ask. What could not
    /// be had (no sound, no voice, no board view) is reported to the session.
    pub(super) fn new(files: GameFiles, settings: &Settings, view: View) -> Sink {
        let mut sink = Sink {
            journal: JournalQueue::new(files),
            speech: settings.game.speech(),
            out: std::io::stdout(),
            speaker: None,
            opening: None,
            rate_while_opening: None,
            stereo_split: settings.speech.stereo_split,
            view: None,
            terminal: None,
            pgn_failing: false,
            log_second: (Instant::now(), 0, 0),
            closing: None,
            reports: Vec::new(),
            settings_file: None,
        };
        if settings.speech.backend != BackendKind::Text {
            let options = SpeakerOptions::from(settings);
            let (opened, opening) = crossbeam_channel::bounded(1);
            let started = std::thread::Builder::new()
                .name("speech-open".into())
                .spawn(move || {
                    // Text lines are printed by the sink itself, so the speaker's own text
                    // output (its last fallback) goes nowhere; its notices are reported.
                    let speaker = Speaker::open(&options, Box::new(std::io::sink()));
                    // The sink is gone only when the program is ending: nothing to say then.
                    let _ = opened.send(speaker);
                });
            match started {
                Ok(_) => sink.opening = Some((opening, Vec::new())),
                Err(err) => sink
                    .reports
                    .push(Input::Device(DeviceReport::SpeechFallback {
                        tokens: vec![Token::Word(annexd_core::Word::NoSound)],
                        detail: format!("cannot start the speech thread: {err}"),
                    })),
            }
        }
        if view == View::Board {
            match crate::ui::terminal::Screen::enter() {
                Ok(screen) => {
                    sink.view = Some((screen, crate::ui::board_view::BoardView::new()));
                }
                Err(err) => sink
                    .reports
                    .push(Input::Device(DeviceReport::ViewUnavailable {
                        detail: err.to_string(),
                    })),
            }
        }
        sink
    }

    /// Carries out one effect (those of the devices and quitting are the event loop's).
    pub(super) fn apply(&mut self, effect: Effect, session: &Session) {
        match effect {
            Effect::Say {
                tokens,
                priority,
                audience,
                printed,
            } => self.say(&tokens, priority, audience, printed.as_ref()),
            Effect::Show(shown) => self.show(&shown),
            Effect::Log(text) => self.log(&text),
            Effect::Record(entry) => {
                let change = self.journal.push(entry, Instant::now());
                self.tell(change);
                self.write_pgn(session.sheet());
            }
            Effect::CloseRecord { sheets } => self.closing = Some(sheets),
            Effect::SpeechRate(rate) => self.set_speech_rate(rate),
            // The event loop carries these out with the devices.
            Effect::Quit
            | Effect::ToggleListening
            | Effect::ToSimulator(_)
            | Effect::ToBoard(..) => {}
        }
    }

    /// The speaker being opened, to wait for together with the inputs.
    pub(super) fn speaker_opening(&self) -> Option<&crossbeam_channel::Receiver<Speaker>> {
        self.opening.as_ref().map(|(opening, _)| opening)
    }

    /// The speaker is open: what fell back is reported, and what was said while it opened
    /// is said now (a text-only speaker is dropped: the sink prints the lines itself).
    /// `None`: the opening thread ended without a speaker (it panicked, in the log).
    pub(super) fn speaker_opened(&mut self, speaker: Option<Speaker>) {
        let waiting = self
            .opening
            .take()
            .map(|(_, waiting)| waiting)
            .unwrap_or_default();
        let Some(speaker) = speaker else {
            self.reports
                .push(Input::Device(DeviceReport::SpeechFallback {
                    tokens: vec![Token::Word(annexd_core::Word::NoSound)],
                    detail: "the speech output could not be opened".to_string(),
                }));
            return;
        };
        for notice in speaker.notices() {
            self.reports
                .push(Input::Device(DeviceReport::SpeechFallback {
                    tokens: notice.tokens.clone(),
                    detail: notice.detail.clone(),
                }));
        }
        if speaker.backend() != BackendKind::Text {
            if let Some(rate) = self.rate_while_opening {
                speaker.set_rate(rate);
            }
            for utterance in waiting {
                speaker.say(utterance);
            }
            self.speaker = Some(speaker);
        }
    }

    /// The settings file the game was started with (`--config`), where a new speaking rate
    /// is kept; without it, the default file.
    pub(super) fn keep_settings_in(&mut self, file: Option<std::path::PathBuf>) {
        self.settings_file = file;
    }

    /// Speaks at `rate` from now on and keeps it in the settings file for the next game;
    /// a file that cannot be written is reported (the new rate holds for this game).
    fn set_speech_rate(&mut self, rate: f32) {
        if let Some(speaker) = &self.speaker {
            speaker.set_rate(rate);
        }
        self.rate_while_opening = Some(rate);
        match crate::config::save_speech_rate(self.settings_file.as_deref(), rate) {
            Ok(path) => tracing::info!("speech rate {rate} kept in {}", path.display()),
            Err(err) => {
                let path = match &err {
                    crate::config::SaveError::Io { path, .. }
                    | crate::config::SaveError::NotToml { path, .. } => path.display().to_string(),
                    crate::config::SaveError::NoFolder => String::new(),
                };
                self.reports.push(Input::Device(DeviceReport::RateNotSaved {
                    path,
                    detail: err.to_string(),
                }));
            }
        }
    }

    /// What happened here since the last call, for the session.
    pub(super) fn take_reports(&mut self) -> Vec<Input> {
        std::mem::take(&mut self.reports)
    }

    /// A line for the log, at most [`LOG_LINES_A_SECOND`] a second.
    fn log(&mut self, text: &str) {
        let (second, lines, left_out) = &mut self.log_second;
        if second.elapsed() >= Duration::from_secs(1) {
            if *left_out > 0 {
                tracing::info!("{left_out} more lines left out of the log in that second");
            }
            *second = Instant::now();
            *lines = 0;
            *left_out = 0;
        }
        if *lines < LOG_LINES_A_SECOND {
            *lines += 1;
            tracing::info!("{text}");
        } else {
            *left_out += 1;
        }
    }

    /// Tries the journal's waiting entries again (at [`JournalQueue::next_try`]).
    pub(super) fn retry_journal(&mut self, session: &Session) {
        let change = self.journal.retry(Instant::now());
        if change.is_some() || self.pgn_failing {
            self.write_pgn(session.sheet());
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

    /// After the effects of one input: once the game has ended and every line is on disk,
    /// writes the sheets owed beside the journal and reports them with the record's state
    /// as read back from the disk (the check code `verify` will find).
    pub(super) fn settle(&mut self, session: &Session) {
        if self.journal.waiting() > 0 {
            return;
        }
        let Some(formats) = self.closing.take() else {
            return;
        };
        let journal = self.journal.files().journal_path().to_path_buf();
        let state = crate::record::read_journal(&journal)
            .map(|contents| RecordState::of(&contents))
            .map_err(|err| {
                tracing::error!("the record cannot be read back: {err}");
                err.tokens()
            });
        let options = SheetOptions {
            lang: self.speech.lang,
            words: Default::default(),
            font: None,
        };
        let sheets = match &state {
            Ok(state) => formats
                .into_iter()
                .map(|format| {
                    let path = sheet_path_for(&journal, format);
                    let error = sheets::write(&path, format, session.sheet(), state, &options)
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

    /// The program is leaving, however it came (`Ende`, the end of input, a signal): the
    /// journal's waiting entries tried once more, the record closed if that is owed, the PGN
    /// written; what still waits goes to a rescue file. Returns how the journal stands, to be
    /// reported to the session.
    pub(super) fn close(&mut self, session: &Session) -> Closing {
        self.retry_journal(session);
        if self.journal.waiting() > 0 {
            // The disk may be back in a moment (a file system remounted): a last short wait.
            std::thread::sleep(Duration::from_millis(200));
            self.retry_journal(session);
        }
        self.settle(session);
        let waiting = self.journal.waiting();
        if waiting == 0 {
            self.write_pgn(session.sheet());
            return Closing::Saved;
        }
        match self.journal.rescue() {
            Some(path) => Closing::Rescued {
                path: path.display().to_string(),
                entries: waiting,
            },
            None => Closing::Lost { entries: waiting },
        }
    }

    /// The last words are heard before the program ends; exit status 0 when everything was
    /// saved.
    pub(super) fn finish(&mut self, closing: &Closing) -> ExitCode {
        if let Some((screen, view)) = self.view.take() {
            // The last lines (saved, how to go on, the game's file) stay on the terminal.
            screen.leave(&view.closing_lines());
        }
        // A speaker still opening gets a moment to say the last words; no longer.
        if let Some(speaker) = self
            .opening
            .as_ref()
            .and_then(|(opening, _)| opening.recv_timeout(Duration::from_secs(3)).ok())
        {
            self.speaker_opened(Some(speaker));
        }
        if let Some(speaker) = &self.speaker {
            speaker.wait_idle(Duration::from_secs(3));
        }
        if *closing == Closing::Saved && !self.pgn_failing {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }

    /// Says `tokens` and prints their words, or `printed` where the line shows something else.
    fn say(
        &mut self,
        tokens: &[Token],
        priority: Priority,
        audience: Audience,
        printed: Option<&Shown>,
    ) {
        let channel = match audience {
            Audience::Player(shakmaty::Color::White) if self.stereo_split => Channel::Left,
            Audience::Player(shakmaty::Color::Black) if self.stereo_split => Channel::Right,
            _ => Channel::Both,
        };
        let utterance = Utterance::new(tokens.to_vec(), priority).on(channel);
        if let Some(speaker) = &self.speaker {
            speaker.say(utterance);
        } else if let Some((_, waiting)) = &mut self.opening {
            waiting.push(utterance);
        }
        let text = match printed {
            Some(shown) => line(self.speech.text(&shown.tokens), shown.detail.as_deref()),
            None => self.speech.text(tokens),
        };
        self.print(&text);
        if let Some((_, view)) = &mut self.view {
            view.said(&text);
        }
    }

    /// Shows a line, not spoken.
    fn show(&mut self, shown: &Shown) {
        let text = line(self.speech.text(&shown.tokens), shown.detail.as_deref());
        self.print(&text);
        if let Some((_, view)) = &mut self.view {
            let game_file = shown.tokens == [Token::Word(annexd_core::Word::GameFile)];
            view.noted(&text, game_file);
        }
    }

    /// A line on the terminal in line mode (the board view shows the last ones instead).
    fn print(&mut self, text: &str) {
        if let Some(terminal) = &self.terminal {
            terminal.print(text);
        } else if self.view.is_none() {
            // Standard output is closed: there is nowhere else to write this.
            let _ = writeln!(self.out, "{text}");
            let _ = self.out.flush();
        }
    }

    /// Redraws the board view, if it is shown, with the game as it stands and, when given,
    /// the line being typed.
    pub(super) fn redraw(&mut self, session: &Session, now: Duration, input: Option<&str>) {
        let Some((_, view)) = &mut self.view else {
            return;
        };
        view.show(session.view_snapshot(now));
        if let Some(input) = input {
            view.typing(input);
        }
        self.draw_view(now);
    }

    /// Draws the board view again as it is (the clock's next second, a resize, a scroll).
    pub(super) fn draw_view(&mut self, now: Duration) {
        let lang = self.speech.lang;
        let Some((screen, view)) = &mut self.view else {
            return;
        };
        let (width, height) = crate::ui::terminal::Screen::size();
        let lines = view.render(lang, now, width, height);
        // The view is for sighted helpers; what it shows is also said and in the journal.
        if let Err(err) = screen.draw(&lines) {
            tracing::warn!("the board view could not be drawn: {err}");
        }
    }

    /// The board view's log is scrolled by `pages` (positive: back).
    pub(super) fn scroll_view(&mut self, pages: i32, now: Duration) {
        if let Some((_, view)) = &mut self.view {
            view.scroll(pages);
        }
        self.draw_view(now);
    }

    /// A line was given: the board view's typed line is empty again.
    pub(super) fn line_given(&mut self) {
        if let Some((_, view)) = &mut self.view {
            view.line_given();
        }
    }

    /// When the board view changes by itself next (a running clock's second), in game time;
    /// `None` while nothing on it runs, or without a view.
    pub(super) fn view_deadline(&self, now: Duration) -> Option<Duration> {
        self.view.as_ref()?.1.next_change(now)
    }

    /// Writes the PGN beside the journal; a failure is logged once until it works again.
    pub(super) fn write_pgn(&mut self, sheet: &Scoresheet) {
        match self.journal.files().write_pgn(sheet) {
            Ok(()) => self.pgn_failing = false,
            Err(err) => {
                if !self.pgn_failing {
                    tracing::error!("{err}");
                }
                self.pgn_failing = true;
            }
        }
    }
}

/// The words of a line, then the data shown after them.
fn line(words: String, shown: Option<&str>) -> String {
    match shown {
        Some(shown) if !shown.is_empty() => format!("{words}: {shown}"),
        _ => words,
    }
}
