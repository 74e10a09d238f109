//! Where the session's effects go: speech, text lines or the board view, the journal and the
//! PGN on disk; and, when a game ends, the scoresheets the settings ask for and the record's
//! check code, said so that the paper, the spoken word and the file can be compared.

use std::io::Write;
use std::time::Duration;

use crate::record::GameFiles;
use crate::record::sheets::{self, SheetOptions, sheet_path_for};
use crate::speech::{BackendKind, Channel, Speaker, SpeakerOptions, Utterance};
use annexd_core::config::Settings;
use annexd_core::notation::{Lang, Token, Word};
use annexd_core::record::export::SheetFormat;
use annexd_core::record::{Entry, RecordState};
use annexd_core::session::{Audience, Effect, Session};
use annexd_core::speech::Priority;

use super::options::View;

/// Where effects go: speech, text lines or the board view, the journal and the PGN on disk.
pub(super) struct Sink {
    pub(super) files: GameFiles,
    pub(super) lang: Lang,
    pub(super) out: std::io::Stdout,
    pub(super) speaker: Option<Speaker>,
    pub(super) stereo_split: bool,
    pub(super) view: Option<(crate::ui::terminal::Screen, String)>,
    pub(super) last_said: String,
    pub(super) last_note: String,
    pub(super) failed_writes: u32,
    /// The sheets to write when the game ends.
    sheets: Vec<SheetFormat>,
    /// A result was journaled: the sheets and the check code are owed.
    ended: bool,
}

impl Sink {
    pub(super) fn new(files: GameFiles, settings: &Settings, view: View) -> Sink {
        let lang = settings.game.language;
        let mut sink = Sink {
            files,
            lang,
            out: std::io::stdout(),
            speaker: None,
            stereo_split: settings.speech.stereo_split,
            view: None,
            last_said: String::new(),
            last_note: String::new(),
            failed_writes: 0,
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
            Effect::Log(text) => tracing::info!("{text}"),
            Effect::Record(line) => {
                self.ended |= matches!(line.entry, Entry::Result(_));
                if let Err(err) = self.files.write(&line, session.sheet()) {
                    self.failed_writes += 1;
                    tracing::error!("{err}");
                    self.say(&err.tokens(), Priority::Alert, Audience::Everyone);
                    self.show(&format!("journal: {err}"));
                }
            }
            // The event loop carries these out with the devices; a sink has nothing to do.
            Effect::Quit | Effect::ToggleListening | Effect::ToSimulator(_) => {}
        }
    }

    /// After the effects of one input: when they ended the game, writes the scoresheets the
    /// settings ask for beside the journal and says where, then says the check code.
    pub(super) fn settle(&mut self, session: &Session) {
        if !std::mem::take(&mut self.ended) {
            return;
        }
        let journal = self.files.journal_path().to_path_buf();
        // The state as verify will find it: from the file, as written.
        let state = match crate::record::read(&journal) {
            Ok(contents) => RecordState::of(&contents),
            Err(err) => {
                self.failed_writes += 1;
                self.say(&err.tokens(), Priority::Alert, Audience::Everyone);
                self.show(&format!("journal: {err}"));
                return;
            }
        };
        let options = SheetOptions {
            lang: self.lang,
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
                    self.failed_writes += 1;
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
        let label = self.lang.word(label);
        if let Some(speaker) = &self.speaker {
            speaker.say(Utterance::new(spoken.to_vec(), Priority::Move));
        }
        let line = format!("{label}: {detail}");
        self.print(&line);
        self.last_said = line;
    }

    pub(super) fn say(&mut self, tokens: &[Token], priority: Priority, audience: Audience) {
        let text = self.lang.text(tokens);
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
        let _ = screen.draw(&crate::ui::board_view::render(
            &state,
            crate::ui::terminal::Screen::width(),
        ));
    }
}
