//! Where the session's effects go: speech, text lines or the board view, the journal and the
//! PGN on disk. A journal the disk refuses does not stop the game: its entries wait and are
//! written when the disk takes them again (see [`super::journal_queue`]); the end of a game
//! ([`Sink::finish`]) says "gespeichert" only when everything is on disk. When a game ends,
//! the scoresheets the settings ask for are written beside the journal and the record's check
//! code is said, so that the paper, the spoken word and the file can be compared.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::record::GameFiles;
use crate::record::sheets::{self, SheetOptions, sheet_path_for};
use crate::speech::{Speaker, SpeakerOptions};
use annexd_core::record::{Entry, RecordState, Scoresheet, SheetFormat};
use annexd_core::speech::{BackendKind, Channel, Priority, Utterance};
use annexd_core::{Audience, Effect, Session, Settings, Speech, Token, Word};

use super::journal_queue::{Change, JournalQueue};
use super::options::View;

/// Where effects go: speech, text lines or the board view, the journal and the PGN on disk.
pub(super) struct Sink {
    pub(super) journal: JournalQueue,
    pub(super) speech: Speech,
    pub(super) out: std::io::Stdout,
    pub(super) speaker: Option<Speaker>,
    pub(super) stereo_split: bool,
    pub(super) view: Option<(crate::ui::terminal::Screen, String)>,
    pub(super) last_said: String,
    pub(super) last_note: String,
    /// The PGN beside the journal could not be written the last time it was tried.
    pub(super) pgn_failing: bool,
    /// The log lines of effects in the current second, and those left out (a board sending
    /// noise at full speed must not fill the disk with the log).
    log_second: (Instant, u32, u32),
    /// The sheets to write when the game ends.
    sheets: Vec<SheetFormat>,
    /// A result was journaled: the sheets and the check code are owed.
    ended: bool,
}

/// At most this many log lines of effects a second; the rest are counted.
const LOG_LINES_A_SECOND: u32 = 50;

impl Sink {
    pub(super) fn new(files: GameFiles, settings: &Settings, view: View) -> Sink {
        let mut sink = Sink {
            journal: JournalQueue::new(files),
            speech: settings.game.speech(),
            out: std::io::stdout(),
            speaker: None,
            stereo_split: settings.speech.stereo_split,
            view: None,
            last_said: String::new(),
            last_note: String::new(),
            pgn_failing: false,
            log_second: (Instant::now(), 0, 0),
            sheets: settings.record.sheets.clone(),
            ended: false,
        };
        if settings.speech.backend != BackendKind::Text {
            let speech = SpeakerOptions::from(settings);
            // Text lines are printed by the sink itself, so the speaker's own text output
            // (its last fallback) goes nowhere; its notices are said instead.
            let speaker = Speaker::open(&speech, Box::new(std::io::sink()));
            let notices: Vec<_> = speaker.notices().to_vec();
            sink.speaker = Some(speaker);
            for notice in notices {
                if notice.tokens.is_empty() {
                    sink.show(&notice.detail);
                } else {
                    // One spoken line; the detail is in the log.
                    sink.say(&notice.tokens, Priority::Alert, Audience::Everyone);
                    tracing::info!("speech: {}", notice.detail);
                }
            }
            if sink
                .speaker
                .as_ref()
                .is_some_and(|s| s.backend() == BackendKind::Text)
            {
                sink.speaker = None;
            }
        }
        if view == View::Board {
            match crate::ui::terminal::Screen::enter() {
                Ok(screen) => sink.view = Some((screen, String::new())),
                Err(err) => sink.show(&format!(
                    "the board view cannot start ({err}): lines instead"
                )),
            }
        }
        sink
    }

    pub(super) fn apply(&mut self, effect: Effect, session: &Session) {
        match effect {
            Effect::Say {
                tokens,
                priority,
                audience,
            } => self.say(&tokens, priority, audience),
            Effect::Show(text) => self.show(&text),
            Effect::Log(text) => self.log(&text),
            Effect::Record(entry) => {
                self.ended |= matches!(entry.entry, Entry::Result(_));
                let change = self.journal.push(entry, Instant::now());
                self.tell(change);
                self.write_pgn(session.sheet());
            }
            // The event loop carries these out with the devices; a sink has nothing to do.
            Effect::Quit | Effect::ToggleListening | Effect::ToSimulator(_) => {}
        }
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

    /// Says what changed with the journal: failing (at once, once), or written again.
    fn tell(&mut self, change: Option<Change>) {
        match change {
            None => {}
            Some(Change::Failing(err)) => {
                self.say(
                    &[
                        Token::Word(Word::JournalNotWritten),
                        Token::Pause,
                        Token::Word(Word::GameGoesOn),
                    ],
                    Priority::Alert,
                    Audience::Everyone,
                );
                self.show(&format!("journal: {err}; kept in memory and tried again"));
            }
            Some(Change::Recovered(entries)) => {
                self.say(
                    &[Token::Word(Word::JournalWrittenAgain)],
                    Priority::Alert,
                    Audience::Everyone,
                );
                self.show(&format!("journal: {entries} waiting entries written"));
            }
        }
    }

    /// The end of the game, however it came (`Ende`, the end of input, a signal): the
    /// journal's waiting entries tried once more, the PGN written, and "gespeichert" said
    /// when everything is on disk; otherwise the entries go to a rescue file and that is
    /// said. Exit status 0 when everything was saved.
    pub(super) fn finish(&mut self, session: &Session) -> ExitCode {
        self.retry_journal(session);
        if self.journal.waiting() > 0 {
            // The disk may be back in a moment (a file system remounted): a last short wait.
            std::thread::sleep(Duration::from_millis(200));
            self.retry_journal(session);
        }
        let saved = self.journal.waiting() == 0;
        if !saved {
            let rescued = self.journal.rescue();
            let mut tokens = vec![Token::Word(Word::JournalNotWritten)];
            if rescued.is_some() {
                tokens.extend([Token::Pause, Token::Word(Word::JournalRescued)]);
            }
            self.say(&tokens, Priority::Alert, Audience::Everyone);
            match rescued {
                Some(path) => self.show(&format!(
                    "journal: {} entries not written, kept in {} (annexd resume adds them)",
                    self.journal.waiting(),
                    path.display()
                )),
                None => self.show("journal: entries not written, printed on standard error"),
            }
        } else {
            self.write_pgn(session.sheet());
            self.say(
                &[Token::Word(Word::Saved)],
                Priority::Move,
                Audience::Everyone,
            );
        }
        if let Some(speaker) = &self.speaker {
            // "gespeichert" is the last thing said: let it be heard before the program ends.
            speaker.wait_idle(Duration::from_secs(3));
        }
        if saved && !self.pgn_failing {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }

    /// After the effects of one input: when they ended the game, writes the scoresheets the
    /// settings ask for beside the journal and says where, then says the check code.
    pub(super) fn settle(&mut self, session: &Session) {
        // Owed until every line is on disk (a disk that refuses lines for a while).
        if !self.ended || self.journal.waiting() > 0 {
            return;
        }
        self.ended = false;
        let journal = self.journal.files().journal_path().to_path_buf();
        // The state as verify will find it: from the file, as written.
        let state = match crate::record::read_journal(&journal) {
            Ok(contents) => RecordState::of(&contents),
            Err(err) => {
                self.say(&err.tokens(), Priority::Alert, Audience::Everyone);
                self.show(&format!("journal: {err}"));
                return;
            }
        };
        let options = SheetOptions {
            lang: self.speech.lang,
            words: Default::default(),
            font: None,
        };
        for format in self.sheets.clone() {
            let path = sheet_path_for(&journal, format);
            match sheets::write(&path, format, session.sheet(), &state, &options) {
                Ok(()) => self.announce(
                    Word::SheetWritten,
                    &[Token::Word(Word::SheetWritten)],
                    &path.display().to_string(),
                ),
                Err(err) => {
                    tracing::error!("{err}");
                    self.say(&err.tokens(), Priority::Alert, Audience::Everyone);
                    self.show(&format!("sheet: {err}"));
                }
            }
        }
        if let (Some(tokens), Some(code)) = (state.code_tokens(), state.code) {
            self.announce(Word::CheckCode, &tokens, &code.text());
        }
    }

    /// Says `spoken` and prints "label: detail" (a path, a code written as it is printed)
    /// instead of words that only make sense aloud.
    fn announce(&mut self, label: Word, spoken: &[Token], detail: &str) {
        let label = self.speech.lang.word(label);
        if let Some(speaker) = &self.speaker {
            speaker.say(Utterance::new(spoken.to_vec(), Priority::Move));
        }
        let line = format!("{label}: {detail}");
        self.print(&line);
        self.last_said = line;
    }

    pub(super) fn say(&mut self, tokens: &[Token], priority: Priority, audience: Audience) {
        let text = self.speech.text(tokens);
        if let Some(speaker) = &self.speaker {
            let channel = match audience {
                Audience::Player(shakmaty::Color::White) if self.stereo_split => Channel::Left,
                Audience::Player(shakmaty::Color::Black) if self.stereo_split => Channel::Right,
                _ => Channel::Both,
            };
            speaker.say(Utterance::new(tokens.to_vec(), priority).on(channel));
        }
        self.print(&text);
        self.last_said = text;
    }

    pub(super) fn show(&mut self, text: &str) {
        self.print(text);
        self.last_note = text.to_string();
    }

    /// A line on the terminal in line mode (the board view shows the last ones instead).
    pub(super) fn print(&mut self, text: &str) {
        if self.view.is_none() {
            // Standard output or error is closed: there is nowhere else to write this.
            let _ = writeln!(self.out, "{text}");
            let _ = self.out.flush();
        }
    }

    /// Redraws the board view, if it is shown.
    pub(super) fn redraw(&mut self, session: &Session, now: Duration, input: Option<&str>) {
        let Some((screen, typed)) = &mut self.view else {
            return;
        };
        if let Some(input) = input {
            *typed = input.to_string();
        }
        let mut state = crate::ui::board_view::ViewState::of(session, now, &self.last_said, typed);
        state.note = self.last_note.clone();
        let view = crate::ui::board_view::render(&state, crate::ui::terminal::Screen::width());
        // The view is for sighted helpers; what it shows is also said and in the journal.
        if let Err(err) = screen.draw(&view) {
            tracing::warn!("the board view could not be drawn: {err}");
        }
    }

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
