//! The Braille scoresheet: its lines in print (for the language's Braille table to
//! translate), Braille cells and their Braille ASCII characters, and the pages of a Braille
//! Ready Format file: 40 cells a line, 25 lines a page, the page number at the right of the
//! last line, a form feed between pages.
//!
//! The lines: the title and the head, then one move pair a line with its number
//! ("12. Sf3 Sc6"; a draw offer `(=)` after its move), each note indented below the pair it
//! follows, then the result, the check code (on a line of its own, below its label) and the
//! record's state. Lines longer than a Braille line go on below, indented two cells more,
//! broken at a blank cell.
//!
//! Translating print into cells is liblouis's job (`annexd::record::braille`); cells are
//! handled here as dot patterns, so the file is always written in the North American Braille
//! ASCII set of BRF files, whatever display table a language's Braille table comes with.

use super::form::Form;
use super::text::{ClosingLine, closing_lines, head_fields};

/// Cells in a Braille line.
pub const CELLS_PER_LINE: usize = 40;
/// Lines on a Braille page, the page number line included.
pub const LINES_PER_PAGE: usize = 25;
/// Extra indent of the lines a long line goes on with.
const RUNOVER_INDENT: usize = 2;

/// A Braille cell: dots 1 to 6 as bits 0 to 5 (0 is the blank cell).
pub type BrailleCell = u8;

/// The Braille ASCII character of every cell, by its dots (as liblouis' `en-us-brf.dis`).
const BRF_CHARS: &[u8; 64] = b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// The Braille ASCII character of a cell (dots 7 and 8 have none and are left out).
pub fn brf_char(cell: BrailleCell) -> char {
    BRF_CHARS[usize::from(cell & 0x3f)] as char
}

/// The cell a Braille ASCII character stands for (letters in either case).
fn cell_of(c: char) -> Option<BrailleCell> {
    let upper = c.to_ascii_uppercase() as u32;
    BRF_CHARS
        .iter()
        .position(|&b| u32::from(b) == upper)
        .map(|i| i as BrailleCell)
}

/// The cells of a line of Braille ASCII text; the first character that is not Braille
/// ASCII is the error.
pub fn cells_of(text: &str) -> Result<Vec<BrailleCell>, char> {
    text.chars().map(|c| cell_of(c).ok_or(c)).collect()
}

/// A line of the sheet in print, with its indent in cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintLine {
    /// The text, for the Braille table.
    pub text: String,
    /// Blank cells before it.
    pub indent: usize,
}

/// A line of the sheet in Braille.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrailleLine {
    /// Its cells.
    pub cells: Vec<BrailleCell>,
    /// Blank cells before it.
    pub indent: usize,
}

/// The sheet's lines in print; see the module documentation.
fn lines(form: &Form) -> Vec<PrintLine> {
    let plain = |text: String| PrintLine { text, indent: 0 };
    let note = |text: &str| PrintLine {
        text: text.to_string(),
        indent: 2,
    };
    let mut out = vec![plain(form.labels.title.clone())];
    out.extend(head_fields(form).into_iter().map(plain));
    out.push(plain(String::new()));
    for lead in form.notes.iter().filter(|n| n.after.is_empty()) {
        out.push(note(&lead.text));
    }
    for row in &form.rows {
        let mut text = format!("{}.", row.number);
        let mut numbers = Vec::new();
        for half in [&row.white, &row.black] {
            text.push(' ');
            match half {
                Some(half) => {
                    text.push_str(&half.text);
                    if half.draw_offer {
                        text.push_str(" (=)");
                    }
                    numbers.extend(half.notes.iter().copied());
                }
                None if row.black.is_some() => text.push_str("..."),
                None => {}
            }
        }
        out.push(plain(text.trim_end().to_string()));
        for number in numbers {
            if let Some(n) = form.notes.iter().find(|n| n.number == number) {
                out.push(note(&n.text));
            }
        }
    }
    out.push(plain(String::new()));
    for closing in closing_lines(form) {
        match closing {
            ClosingLine::Text(text) => out.push(plain(text)),
            // The check code on a line of its own, below its label, so that it is never
            // broken over two lines and is found at once at the start of a line.
            ClosingLine::CheckCode { label, code } => {
                out.push(plain(format!("{label}:")));
                out.push(note(code));
            }
        }
    }
    out
}

/// Breaks a line into Braille lines of at most [`CELLS_PER_LINE`] cells, each with its
/// indent as blank cells.
fn wrap(line: &BrailleLine) -> Vec<Vec<BrailleCell>> {
    let mut rows = Vec::new();
    let mut rest: &[BrailleCell] = &line.cells;
    let mut indent = line.indent.min(CELLS_PER_LINE / 2);
    loop {
        let room = CELLS_PER_LINE - indent;
        let mut row = vec![0; indent];
        if rest.len() <= room {
            row.extend_from_slice(rest);
            rows.push(row);
            return rows;
        }
        // Break at the last blank cell that fits, else in the middle of a word.
        let cut = rest[..=room]
            .iter()
            .rposition(|&c| c == 0)
            .filter(|&at| at > 0)
            .unwrap_or(room);
        row.extend_from_slice(&rest[..cut]);
        rows.push(row);
        rest = &rest[cut..];
        while let [0, tail @ ..] = rest {
            rest = tail;
        }
        indent = (line.indent + RUNOVER_INDENT).min(CELLS_PER_LINE / 2);
    }
}

/// The Braille Ready Format text of the sheet's lines: pages of [`LINES_PER_PAGE`] lines,
/// the last line of each holding its number (`page_number(n)`, the cells of `n`) at the
/// right; lines end with CR LF, pages are separated by a form feed. An error of
/// `page_number` is returned as it is.
pub fn paginate_braille<E>(
    lines: &[BrailleLine],
    mut page_number: impl FnMut(usize) -> Result<Vec<BrailleCell>, E>,
) -> Result<String, E> {
    let per_page = LINES_PER_PAGE - 1;
    let mut pages: Vec<Vec<Vec<BrailleCell>>> = vec![Vec::new()];
    for line in lines {
        for row in wrap(line) {
            let page = pages.last_mut().expect("one page at least");
            if page.len() == per_page {
                pages.push(Vec::new());
            }
            let page = pages.last_mut().expect("one page at least");
            // A page does not begin with a blank line.
            if page.is_empty() && row.iter().all(|&c| c == 0) {
                continue;
            }
            page.push(row);
        }
    }
    let mut out = String::with_capacity(pages.len() * LINES_PER_PAGE * (CELLS_PER_LINE + 2));
    for (index, page) in pages.iter().enumerate() {
        if index > 0 {
            out.push('\u{c}');
        }
        for row in page {
            push_row(&mut out, row);
        }
        for _ in page.len()..per_page {
            out.push_str("\r\n");
        }
        let number = page_number(index + 1)?;
        let mut last = vec![0; CELLS_PER_LINE.saturating_sub(number.len())];
        last.extend(number);
        push_row(&mut out, &last);
    }
    Ok(out)
}

fn push_row(out: &mut String, row: &[BrailleCell]) {
    let end = row.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
    out.extend(row[..end].iter().map(|&c| brf_char(c)));
    out.push_str("\r\n");
}

impl Form {
    /// The sheet's lines in print, to be translated into Braille line by line (see the
    /// module documentation).
    pub fn print_lines(&self) -> Vec<PrintLine> {
        lines(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_one_character_and_back() {
        for cell in 0..64u8 {
            assert_eq!(cell_of(brf_char(cell)), Some(cell));
        }
        assert_eq!(cell_of('a'), cell_of('A'));
        assert_eq!(cell_of('a'), Some(1));
        assert_eq!(cell_of('#'), Some(0b111100), "number sign: dots 3456");
        assert_eq!(cells_of("AB ~"), Err('~'));
    }

    #[test]
    fn long_lines_break_at_a_blank_and_go_on_indented() {
        let word = |n: usize| vec![1u8; n];
        let mut cells = word(30);
        cells.push(0);
        cells.extend(word(20));
        let rows = wrap(&BrailleLine { cells, indent: 2 });
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].len(), 32);
        assert_eq!(&rows[1][..4], &[0, 0, 0, 0]);
        assert_eq!(rows[1].len(), 24);
        let rows = wrap(&BrailleLine {
            cells: word(100),
            indent: 0,
        });
        assert!(rows.iter().all(|r| r.len() <= CELLS_PER_LINE));
        assert_eq!(
            rows.iter()
                .map(|r| r.iter().filter(|&&c| c != 0).count())
                .sum::<usize>(),
            100
        );
    }

    #[test]
    fn pages_have_25_lines_with_the_number_last_and_form_feeds_between() {
        let lines: Vec<BrailleLine> = (0..30)
            .map(|_| BrailleLine {
                cells: vec![1, 2],
                indent: 0,
            })
            .collect();
        let brf = paginate_braille(&lines, |n| Ok::<_, ()>(vec![0b111100, n as u8])).unwrap();
        let pages: Vec<&str> = brf.split('\u{c}').collect();
        assert_eq!(pages.len(), 2);
        for page in &pages {
            let rows: Vec<&str> = page.strip_suffix("\r\n").unwrap().split("\r\n").collect();
            assert_eq!(rows.len(), LINES_PER_PAGE);
            assert!(rows.iter().all(|r| r.chars().count() <= CELLS_PER_LINE));
            assert_eq!(rows[LINES_PER_PAGE - 1].chars().count(), CELLS_PER_LINE);
        }
        assert!(pages[0].ends_with("#A\r\n"), "{:?}", pages[0]);
        assert!(pages[1].ends_with("#1\r\n"), "{:?}", pages[1]);
        assert_eq!(pages[1].matches("A1").count(), 6);
    }
}
