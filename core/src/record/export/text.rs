//! The scoresheet as plain text for screen readers and Braille displays: the head as
//! "label: value" lines, then one move a line with its number, side and clock time, each note
//! on its own line after the move it follows (indented, with its number as on the printed
//! sheet), then the result, the check code and the
//! record's state.

use shakmaty::Color;

use crate::words::Token;

use super::form::{Form, Half};

/// The text sheet of `form`, lines ending with a newline.
fn render(form: &Form) -> String {
    let labels = &form.labels;
    let mut out = String::with_capacity(256 + form.rows.len() * 80);
    let mut line = |text: &str| {
        out.push_str(text);
        out.push('\n');
    };
    line(&labels.title);
    for field in head_fields(form) {
        line(&field);
    }
    line("");
    for note in form.notes.iter().filter(|n| n.after.is_empty()) {
        line(&format!("  [{}] {}", note.number, note.text));
    }
    let side = |color: Color| form.lang.text(&[Token::Side(color)]);
    for row in &form.rows {
        for (color, half) in [(Color::White, &row.white), (Color::Black, &row.black)] {
            let Some(half) = half else { continue };
            line(&move_line(row.number, &side(color), half));
            for number in &half.notes {
                if let Some(note) = form.notes.iter().find(|n| n.number == *number) {
                    line(&format!("  [{}] {}", note.number, note.text));
                }
            }
        }
    }
    line("");
    for closing in closing_lines(form) {
        match closing {
            ClosingLine::Text(text) => line(&text),
            ClosingLine::CheckCode { label, code } => line(&format!("{label}: {code}")),
        }
    }
    out
}

/// "12. Weiß Sf3 (=), 1:29:58".
fn move_line(number: u32, side: &str, half: &Half) -> String {
    let mut text = format!("{number}. {side} {}", half.text);
    if half.draw_offer {
        text.push_str(" (=)");
    }
    if let Some(clock) = &half.clock {
        text.push_str(", ");
        text.push_str(clock);
    }
    text
}

/// The head as "label: value" lines, for the known fields and the players.
pub fn head_fields(form: &Form) -> Vec<String> {
    let labels = &form.labels;
    let mut out: Vec<String> = form
        .fields
        .iter()
        .filter(|f| !f.value.is_empty())
        .map(|f| format!("{}: {}", f.label, f.value))
        .collect();
    for (label, name) in [(&labels.white, &form.white), (&labels.black, &form.black)] {
        if !name.is_empty() {
            out.push(format!("{label}: {name}"));
        }
    }
    out
}

/// A line of the closing block.
pub enum ClosingLine<'a> {
    /// A line of text.
    Text(String),
    /// The check code with its label, laid out by each sheet ("Prüfcode: 3f9a …" on one line
    /// in text, on a line of its own below its label in Braille).
    CheckCode {
        /// "Prüfcode".
        label: &'a str,
        /// "3f9a 12c0 77be 0d41".
        code: &'a str,
    },
}

/// The result with its reason, the check code, the record's state and the program.
pub fn closing_lines(form: &Form) -> Vec<ClosingLine<'_>> {
    let labels = &form.labels;
    let mut out = Vec::with_capacity(4);
    let mut result = format!("{}: {}", labels.result, form.result);
    if let Some(words) = &form.result_words {
        result.push_str(", ");
        result.push_str(words);
    }
    out.push(ClosingLine::Text(result));
    if let Some(code) = &form.check_code {
        out.push(ClosingLine::CheckCode {
            label: &labels.check_code,
            code,
        });
    }
    out.push(ClosingLine::Text(form.record_state.clone()));
    if let Some(program) = &form.program {
        out.push(ClosingLine::Text(program.clone()));
    }
    out
}

impl Form {
    /// The plain text sheet for screen readers: one move a line (see the module
    /// documentation).
    pub fn to_text(&self) -> String {
        render(self)
    }
}
