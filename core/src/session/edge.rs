//! What the program's edge reports (its devices, the disk, the ending signals) and what is
//! said about it. The adapters only tell what happened; the words, when to say them (a
//! missing board once until it is there, a second Ctrl-C to end) and what follows (quit,
//! close the record) are decided here, so "wiederholen" repeats them, they are in the
//! game's language, and the tests of the core see them.

use std::time::Duration;

use crate::record::{DamagedTail, RecordState, SheetFormat};
use crate::speech::Priority;
use crate::words::{Token, Word};

use super::effect::{Audience, Effect, Shown};
use super::{Seat, Session};

/// How long after a first Ctrl-C a second one ends the game.
pub const INTERRUPT_AGAIN_WITHIN: Duration = Duration::from_secs(5);

/// What a device of the program reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeviceReport {
    /// A board's port cannot be opened (its link keeps trying): said once until the board
    /// connects. The detail (the system's message) goes to the log.
    BoardMissing {
        /// Whose board.
        seat: Seat,
        /// The board as named on the command line or in the settings (its port), shown
        /// after the words.
        port: String,
        /// What the system said.
        detail: String,
    },
    /// A Bluetooth board cannot be reached: the machine has no Bluetooth adapter, or no
    /// Bluetooth service (or the program was built without Bluetooth). Said once until the
    /// board connects; the game goes on with typed or spoken moves.
    NoBluetooth {
        /// Whose board.
        seat: Seat,
        /// What the system said.
        detail: String,
    },
    /// Voice input is on: which recogniser listens ("Spracherkennung, Whisper"), and what
    /// to say once about it (words the model does not know), if anything.
    VoiceOn {
        /// The recogniser, in words.
        recogniser: Vec<Token>,
        /// Said once, if any.
        notice: Option<Vec<Token>>,
    },
    /// Voice input could not start, or stopped for good: why, in words, and the detail.
    VoiceOff {
        /// Why, in words.
        reason: Vec<Token>,
        /// The detail for the log.
        detail: String,
    },
    /// Voice input ended with its input (a recording played to its end): nothing to say.
    VoiceEnded {
        /// The detail for the log (what was decoded).
        detail: String,
    },
    /// Listening started or stopped (push-to-talk).
    Listening(bool),
    /// Speech too faint to be heard was listened to: the speaker is told how to be heard.
    SpeechTooFaint,
    /// The simulated peg board refused a typed line.
    SimulatorRefused(crate::board::simulated::SimRefusal),
    /// The simulated peg board's cable was pulled (`peg unplug`) or put back.
    SimulatorCable {
        /// Plugged in again.
        plugged: bool,
    },
    /// The simulated peg board is gone for good.
    SimulatorFailed {
        /// The detail for the log.
        detail: String,
    },
    /// The speech output is not what the settings ask for (no sound card, no voice): what
    /// is used instead, in words, and the detail.
    SpeechFallback {
        /// What is said.
        tokens: Vec<Token>,
        /// The detail for the log.
        detail: String,
    },
    /// The speaking rate changed but could not be kept in the settings file.
    RateNotSaved {
        /// The settings file, shown after the words.
        path: String,
        /// The detail for the log.
        detail: String,
    },
    /// The board view for sighted helpers cannot start: lines are shown instead.
    ViewUnavailable {
        /// The detail for the log.
        detail: String,
    },
}

/// What the disk reports: the game's files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiskReport {
    /// A PGN file stood where the new game's goes, without its journal: it was kept under
    /// another name (shown after the words).
    EarlierPgnKept {
        /// Where it is now.
        path: String,
    },
    /// The game's journal is this file (said at the start, shown with its path).
    Journal {
        /// Its path, as shown.
        path: String,
    },
    /// The entries the last session could not write were added to the journal from its
    /// rescue file.
    RescuedAdded {
        /// The rescue file.
        path: String,
        /// How many entries.
        entries: usize,
    },
    /// The journal's last line was damaged (a crash while writing) and is left out.
    DamagedEnd(DamagedTail),
    /// The journal refuses lines (a full or read-only disk): they wait in memory.
    JournalFailing {
        /// The system's message, for the log.
        detail: String,
    },
    /// The waiting lines are written again.
    JournalWrittenAgain {
        /// How many.
        entries: usize,
    },
    /// The record of an ended game is closed ([`Effect::CloseRecord`] carried out).
    RecordClosed(ClosedRecord),
    /// The program is leaving ([`Effect::Quit`] carried out): how the journal stands.
    Closed(Closing),
}

/// The scoresheets written at the end of a game and the record's state read back from the
/// disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClosedRecord {
    /// Each sheet asked for, written or not.
    pub sheets: Vec<SheetReport>,
    /// The record as `verify` finds it (its check code), or why it could not be read.
    pub state: Result<RecordState, Vec<Token>>,
}

/// One scoresheet file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetReport {
    /// Its format.
    pub format: SheetFormat,
    /// Its path, as shown.
    pub path: String,
    /// Why it could not be written, in words, if it was not.
    pub error: Option<Vec<Token>>,
}

/// How the journal stands when the program leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Closing {
    /// Everything is on disk.
    Saved,
    /// Some entries could not be written; they are kept in a rescue file that `resume`
    /// adds.
    Rescued {
        /// The rescue file.
        path: String,
        /// How many entries.
        entries: usize,
    },
    /// Some entries could not be written anywhere (they went to standard error).
    Lost {
        /// How many entries.
        entries: usize,
    },
}

/// A request to stop the program from outside the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopRequest {
    /// Ctrl-C (SIGINT on Unix): one keystroke must not end a game, a second one soon after
    /// does.
    Interrupt,
    /// The system or the user ends the program at once: SIGTERM, SIGHUP; on Windows
    /// Ctrl-Break, the console window closed, logoff, shutdown.
    Terminate,
    /// The end of typed input: the game is left.
    InputEnded,
}

impl Session {
    /// A device's report.
    pub(super) fn device_report(&mut self, report: DeviceReport, out: &mut Vec<Effect>) {
        match report {
            DeviceReport::BoardMissing { seat, port, detail } => {
                out.push(Effect::Log(format!("{seat:?} board unavailable: {detail}")));
                // Said once until the board is there; its link keeps trying.
                if !std::mem::replace(&mut self.edge.missing_said[seat as usize], true) {
                    let board = match seat {
                        Seat::Peg => Word::PegBoard,
                        Seat::Sighted => Word::EBoard,
                    };
                    let tokens = vec![
                        Token::Word(board),
                        Token::Pause,
                        Token::Word(Word::DeviceMissing),
                    ];
                    // The port's name is printed after the words (a voice cannot say a path).
                    out.push(Effect::Say {
                        printed: Some(Shown::with(tokens.clone(), port)),
                        tokens,
                        priority: crate::speech::Priority::Alert,
                        audience: super::Audience::Everyone,
                    });
                }
            }
            DeviceReport::NoBluetooth { seat, detail } => {
                out.push(Effect::Log(format!(
                    "{seat:?} board: no Bluetooth: {detail}"
                )));
                if !std::mem::replace(&mut self.edge.missing_said[seat as usize], true) {
                    let board = match seat {
                        Seat::Peg => Word::PegBoard,
                        Seat::Sighted => Word::EBoard,
                    };
                    out.push(Effect::urgent(vec![
                        Token::Word(board),
                        Token::Pause,
                        Token::Word(Word::NoBluetooth),
                        Token::Pause,
                        Token::Word(Word::MovesTypedOrSaid),
                    ]));
                }
            }
            DeviceReport::VoiceOn { recogniser, notice } => {
                self.edge.voice_on = true;
                out.push(Effect::urgent(recogniser));
                if let Some(notice) = notice {
                    out.push(Effect::urgent(notice));
                }
            }
            DeviceReport::VoiceOff { reason, detail } => {
                self.edge.voice_on = false;
                out.push(Effect::Log(format!("voice input off: {detail}")));
                out.push(Effect::urgent(reason));
            }
            DeviceReport::VoiceEnded { detail } => {
                self.edge.voice_on = false;
                out.push(Effect::Log(format!("voice input ended: {detail}")));
            }
            DeviceReport::SpeechTooFaint => {
                out.push(Effect::Log("speech too faint to be heard".to_string()));
                out.push(Effect::say(vec![Token::Word(Word::SpeechTooFaint)]));
            }
            DeviceReport::Listening(on) => out.push(Effect::reading(vec![Token::Word(if on {
                Word::Listening
            } else {
                Word::VoiceInputOff
            })])),
            DeviceReport::SimulatorRefused(refusal) => {
                out.push(Effect::Log(format!("simulated board refused: {refusal:?}")));
                let tokens = refusal.tokens();
                out.push(Effect::Say {
                    printed: refusal
                        .typed()
                        .map(|typed| Shown::with(tokens.clone(), typed)),
                    tokens,
                    priority: Priority::Reply,
                    audience: Audience::Everyone,
                });
            }
            DeviceReport::SimulatorCable { plugged } => {
                out.push(Effect::Log(format!("simulated board plugged: {plugged}")));
            }
            DeviceReport::SimulatorFailed { detail } => {
                out.push(Effect::Log(format!("simulated board gone: {detail}")));
                out.push(Effect::urgent(vec![
                    Token::Word(Word::PegBoard),
                    Token::Pause,
                    Token::Word(Word::DeviceMissing),
                ]));
            }
            DeviceReport::SpeechFallback { tokens, detail } => {
                out.push(Effect::Log(format!("speech: {detail}")));
                // A step of the fallback without words of its own (one output that did not
                // open) is for the log; the words come with the last step.
                if !tokens.is_empty() {
                    out.push(Effect::urgent(tokens));
                }
            }
            DeviceReport::RateNotSaved { path, detail } => {
                out.push(Effect::Log(format!("speech rate not saved: {detail}")));
                out.push(Effect::say_with(
                    vec![Token::Word(Word::RateNotSaved)],
                    path,
                ));
            }
            DeviceReport::ViewUnavailable { detail } => {
                out.push(Effect::Log(format!("board view: {detail}")));
                out.push(Effect::Show(Shown::words(vec![Token::Word(
                    Word::ViewUnavailable,
                )])));
            }
        }
    }

    /// A report of the disk.
    pub(super) fn disk_report(&mut self, report: DiskReport, out: &mut Vec<Effect>) {
        match report {
            DiskReport::EarlierPgnKept { path } => {
                out.push(Effect::say_with(
                    vec![Token::Word(Word::EarlierPgnKept)],
                    path,
                ));
            }
            DiskReport::Journal { path } => {
                out.push(Effect::Show(Shown::with(
                    vec![Token::Word(Word::GameFile)],
                    path,
                )));
            }
            DiskReport::RescuedAdded { path, entries } => {
                out.push(Effect::say_with(
                    vec![
                        Token::Number(entries as u32),
                        Token::Word(Word::RescuedEntriesAdded),
                    ],
                    path,
                ));
            }
            DiskReport::DamagedEnd(tail) => {
                out.push(Effect::Log(format!(
                    "journal line {} damaged: {}",
                    tail.line, tail.reason
                )));
                out.push(Effect::urgent(tail.tokens()));
            }
            DiskReport::JournalFailing { detail } => {
                out.push(Effect::Log(format!("journal: {detail}")));
                out.push(Effect::urgent(vec![
                    Token::Word(Word::JournalNotWritten),
                    Token::Pause,
                    Token::Word(Word::GameGoesOn),
                ]));
            }
            DiskReport::JournalWrittenAgain { entries } => {
                out.push(Effect::Log(format!(
                    "journal: {entries} waiting entries written"
                )));
                out.push(Effect::urgent(vec![Token::Word(Word::JournalWrittenAgain)]));
            }
            DiskReport::RecordClosed(closed) => {
                for sheet in closed.sheets {
                    match sheet.error {
                        None => out.push(Effect::say_with(
                            vec![Token::Word(Word::SheetWritten)],
                            sheet.path,
                        )),
                        Some(tokens) => out.push(Effect::Say {
                            printed: Some(Shown::with(tokens.clone(), sheet.path)),
                            tokens,
                            priority: Priority::Alert,
                            audience: Audience::Everyone,
                        }),
                    }
                }
                match closed.state {
                    Ok(state) => {
                        if let (Some(tokens), Some(code)) = (state.code_tokens(), state.code) {
                            // Spelled when said, printed as on the paper sheet.
                            out.push(Effect::Say {
                                tokens,
                                priority: Priority::Move,
                                audience: Audience::Everyone,
                                printed: Some(Shown::with(
                                    vec![Token::Word(Word::CheckCode)],
                                    code.text(),
                                )),
                            });
                        }
                    }
                    Err(tokens) => out.push(Effect::urgent(tokens)),
                }
            }
            DiskReport::Closed(closing) => {
                let mut tokens = match &closing {
                    Closing::Saved => vec![Token::Word(Word::Saved)],
                    Closing::Rescued { .. } => vec![
                        Token::Word(Word::JournalNotWritten),
                        Token::Pause,
                        Token::Word(Word::JournalRescued),
                    ],
                    Closing::Lost { .. } => vec![Token::Word(Word::JournalNotWritten)],
                };
                if !self.game().is_over() {
                    tokens.extend([Token::Pause, Token::Word(Word::ResumeLater)]);
                }
                match closing {
                    Closing::Saved => out.push(Effect::say(tokens)),
                    Closing::Rescued { path, entries } => {
                        out.push(Effect::Log(format!(
                            "journal: {entries} entries not written, kept in {path}"
                        )));
                        out.push(Effect::Say {
                            printed: Some(Shown::with(tokens.clone(), path)),
                            tokens,
                            priority: Priority::Alert,
                            audience: Audience::Everyone,
                        });
                    }
                    Closing::Lost { entries } => {
                        out.push(Effect::Log(format!(
                            "journal: {entries} entries not written, printed on standard error"
                        )));
                        out.push(Effect::urgent(tokens));
                    }
                }
            }
        }
    }

    /// A request to stop: a second Ctrl-C within [`INTERRUPT_AGAIN_WITHIN`] of the first, a
    /// termination or the end of input ends the game (its journal keeps it).
    pub(super) fn stop_request(
        &mut self,
        request: StopRequest,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        match request {
            StopRequest::Interrupt => {
                let again = self
                    .edge
                    .interrupted_at
                    .is_some_and(|at| now.saturating_sub(at) <= INTERRUPT_AGAIN_WITHIN);
                if again {
                    out.push(Effect::Log("ended by a second Ctrl-C".into()));
                    out.push(Effect::Quit);
                } else {
                    self.edge.interrupted_at = Some(now);
                    out.push(Effect::urgent(vec![Token::Word(Word::InterruptAgainToEnd)]));
                }
            }
            StopRequest::Terminate => {
                out.push(Effect::Log("ended by the system".into()));
                out.push(Effect::Quit);
            }
            StopRequest::InputEnded => {
                out.push(Effect::Log("the end of typed input".into()));
                out.push(Effect::Quit);
            }
        }
    }

    /// Whether voice input runs (push-to-talk can be toggled).
    pub(super) fn voice_is_on(&self) -> bool {
        self.edge.voice_on
    }
}

/// What the session remembers of the edge's reports.
#[derive(Debug, Clone, Default)]
pub(super) struct EdgeState {
    /// A board's missing port was said (until it connects), by seat.
    pub missing_said: [bool; 2],
    /// Voice input runs.
    pub voice_on: bool,
    /// When the last Ctrl-C came.
    pub interrupted_at: Option<Duration>,
}
