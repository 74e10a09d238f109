//! The content of a scoresheet, in one language: what a FIDE tournament scoresheet holds
//! (event, site, date, round, board, players, time control; the moves in numbered pairs, each
//! with the clock time after it and `(=)` for a draw offer; notes; the result) and what only
//! this record has (its check code, its state, the program that wrote it). The PDF, the
//! Braille and the text sheet are all drawn from a [`Form`].

use shakmaty::Color;

use crate::clock::TimeControl;
use crate::lang::Lang;
use crate::record::Scoresheet;
use crate::record::integrity::RecordState;
use crate::record::sheet::Note;
use crate::words::{Token, Word};

use super::SheetWords;
use super::notation::{sheet_move, written};

/// The fixed words of a sheet in its language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labels {
    /// "Partieformular".
    pub title: String,
    /// "Weiß".
    pub white: String,
    /// "Schwarz".
    pub black: String,
    /// "Nr.", the move number column.
    pub number: String,
    /// "Zeit", the clock column.
    pub time: String,
    /// "Anmerkungen".
    pub notes: String,
    /// "vor", for a note made before the first move ("vor 1. e4").
    pub before: String,
    /// "Ergebnis".
    pub result: String,
    /// "Prüfcode".
    pub check_code: String,
    /// "Unterschrift".
    pub signature: String,
    /// "Schiedsrichter".
    pub arbiter: String,
    /// "Seite".
    pub page: String,
    /// "von", as in "Seite 1 von 2".
    pub page_of: String,
}

impl Labels {
    /// The labels in `lang`.
    pub fn of(lang: Lang) -> Labels {
        let word = |w| capitalised(lang.word(w));
        let side = |c| capitalised(&lang.text(&[Token::Side(c)]));
        Labels {
            title: word(Word::Scoresheet),
            white: side(Color::White),
            black: side(Color::Black),
            number: word(Word::MoveNumber),
            time: word(Word::Time),
            notes: word(Word::Notes),
            before: lang.word(Word::Before).to_string(),
            result: word(Word::Result),
            check_code: word(Word::CheckCode),
            signature: word(Word::Signature),
            arbiter: word(Word::Arbiter),
            page: word(Word::Page),
            page_of: lang.word(Word::PageOf).to_string(),
        }
    }
}

/// One field of the sheet's head: its label and value (empty when not known: the printed
/// sheet leaves the line to be filled in by hand).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// "Turnier".
    pub label: String,
    /// "Offene Stadtmeisterschaft".
    pub value: String,
}

/// One side's move in a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Half {
    /// The move as written ("Sf3", or the Annex D words).
    pub text: String,
    /// The mover's clock after it, `h:mm:ss`.
    pub clock: Option<String>,
    /// The mover offered a draw with it (`(=)`, Appendix C.12).
    pub draw_offer: bool,
    /// The numbers of the notes made after it.
    pub notes: Vec<usize>,
    /// The numbers of the notes made before it, on the game's first move only (a claim, an
    /// offer before any move): marked in front of it, so that every note stands at a move.
    pub notes_before: Vec<usize>,
}

/// A numbered row: White's move and Black's reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The move number.
    pub number: u32,
    /// White's move (none in the first row of a game started with Black to move).
    pub white: Option<Half>,
    /// Black's move (none while Black has not replied).
    pub black: Option<Half>,
}

/// A note: what happened besides the moves (claims, penalties, clock changes by the arbiter,
/// moves taken back).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormNote {
    /// Its number, from 1.
    pub number: usize,
    /// The move it follows, as written ("12. Sf3", "12… Sf6"); empty before the first move.
    pub after: String,
    /// Before the first move: that move as written ("1. e4"), where it is marked; empty
    /// otherwise (and while no move was made).
    pub before: String,
    /// What happened, in words.
    pub text: String,
}

/// The content of a scoresheet; see the module documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    /// The language it is written in.
    pub lang: Lang,
    /// The fixed words.
    pub labels: Labels,
    /// Event, site, date, round, board and time control, in that order.
    pub fields: Vec<Field>,
    /// White's name (empty when not known).
    pub white: String,
    /// Black's name (empty when not known).
    pub black: String,
    /// The moves.
    pub rows: Vec<Row>,
    /// The notes, in order.
    pub notes: Vec<FormNote>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`), or `*` while the game goes on.
    pub result: String,
    /// Why the game ended, in words.
    pub result_words: Option<String>,
    /// The record's check code, when it is sealed.
    pub check_code: Option<String>,
    /// The record's state in words ("Aufzeichnung versiegelt und unversehrt").
    pub record_state: String,
    /// The program that wrote the record, with its build.
    pub program: Option<String>,
}

impl Form {
    /// The form of `sheet`, whose journal is in `state`, in `lang` with moves as `words` says.
    pub fn new(sheet: &Scoresheet, state: &RecordState, lang: Lang, words: SheetWords) -> Form {
        let header = sheet.header();
        let game = sheet.game();
        let known = |s: &str| {
            let s = s.trim();
            if s == "?" {
                String::new()
            } else {
                s.to_string()
            }
        };
        let field = |word: Word, value: String| Field {
            label: capitalised(lang.word(word)),
            value,
        };
        let time_control = header
            .time_control
            .as_deref()
            .map_or_else(String::new, |tc| match TimeControl::from_pgn(tc) {
                Ok(control) => lang.text(&control.tokens()),
                Err(_) => tc.to_string(),
            });
        let fields = vec![
            field(Word::Event, known(&header.event)),
            field(Word::Site, known(&header.site)),
            field(
                Word::Date,
                header.date.as_deref().map(known).unwrap_or_default(),
            ),
            field(Word::Round, known(&header.round)),
            field(Word::BoardNumber, known(&header.board)),
            field(Word::TimeControlLabel, time_control),
        ];

        let mut notes = Vec::new();
        let mut add_notes = |after: String, list: &[Note], numbers: &mut Vec<usize>| {
            for note in list {
                let number = notes.len() + 1;
                notes.push(FormNote {
                    number,
                    after: after.clone(),
                    before: String::new(),
                    text: capitalised(&note.text(lang, |san| written(san, lang))),
                });
                numbers.push(number);
            }
        };
        let mut before_first = Vec::new();
        add_notes(String::new(), sheet.preamble(), &mut before_first);
        let mut first_move = String::new();

        let mut rows: Vec<Row> = Vec::new();
        for (ply, played) in game.history().iter().enumerate() {
            let note = sheet.notes().get(ply);
            let text = match game.position_at(ply) {
                Some(before) => sheet_move(before, played.mv, &played.san, lang, words),
                None => written(&played.san, lang),
            };
            let after = match played.by {
                Color::White => format!("{}. {}", played.number, text),
                Color::Black => format!("{}… {}", played.number, text),
            };
            let mut half = Half {
                text,
                clock: note.and_then(|n| n.clock_of(played.by)).map(clock_text),
                draw_offer: played.draw_offer,
                notes: Vec::new(),
                notes_before: Vec::new(),
            };
            if ply == 0 {
                // The notes made before any move are marked at the first one.
                half.notes_before = before_first.clone();
                first_move = after.clone();
            }
            if let Some(note) = note {
                add_notes(after, &note.comments, &mut half.notes);
            }
            match played.by {
                Color::White => rows.push(Row {
                    number: played.number,
                    white: Some(half),
                    black: None,
                }),
                Color::Black => match rows.last_mut() {
                    Some(row) if row.number == played.number && row.black.is_none() => {
                        row.black = Some(half)
                    }
                    _ => rows.push(Row {
                        number: played.number,
                        white: None,
                        black: Some(half),
                    }),
                },
            }
        }

        for note in notes
            .iter_mut()
            .filter(|n| before_first.contains(&n.number))
        {
            note.before = first_move.clone();
        }
        let outcome = game.outcome();
        let program = header.program.as_ref().map(|program| match &header.build {
            Some(build) => format!("{program} ({build})"),
            None => program.clone(),
        });
        Form {
            lang,
            labels: Labels::of(lang),
            fields,
            white: known(&header.white),
            black: known(&header.black),
            rows,
            notes,
            result: outcome.map_or("*", |o| o.result.pgn()).to_string(),
            result_words: outcome.map(|o| capitalised(&lang.text(&o.tokens()))),
            check_code: state.code.map(|code| code.text()),
            record_state: capitalised(&lang.text(&state.tokens())),
            program,
        }
    }
}

/// Text as it begins a line of a form: with a capital letter ("Record sealed and intact").
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Milliseconds as the clock shows them: `h:mm:ss`.
pub fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}
