//! The printed scoresheet: a PDF in the layout of a FIDE tournament scoresheet, drawn with
//! krilla (the PDF library of the Typst project) in a TrueType font embedded in the file
//! (DejaVu Sans, which has the umlauts and French accents).
//!
//! A4 portrait. Each page has the head (event, site, date, round, board, time control,
//! players), then the moves in two blocks of 30 numbered rows (moves 1–30 and 31–60 on the
//! first page, 61–120 on the second, …), each move with the mover's clock after it, `(=)`
//! for a draw offer and `[n]` for the notes made after it (`[n]` in front of the first move for
//! notes made before it). The notes follow the moves; the
//! last page ends with the result, lines for the players' and the arbiter's signatures, the
//! record's check code and state. Every page's foot has the check code and the page number.
//! What the sheet says is the core's [`Form`]; this module only places it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use krilla::Document;
use krilla::color::luma;
use krilla::geom::{PathBuilder, Point};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

use annexd_core::record::{Form, Half, Row};

/// Where a font with umlauts and accents is looked for when none is named: DejaVu Sans in
/// the folders of Debian (fonts-dejavu-core), Fedora and Arch.
pub const FONT_PLACES: [(&str, &str); 3] = [
    (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    ),
    (
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf",
    ),
    (
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
    ),
];

/// On Windows, first DejaVu Sans in `fonts\` beside the program (where the Windows download
/// puts it), then Windows' own Arial; elsewhere none.
fn windows_font_places() -> Vec<(PathBuf, PathBuf)> {
    if !cfg!(windows) {
        return Vec::new();
    }
    let mut places = Vec::new();
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("fonts")))
    {
        places.push((dir.join("DejaVuSans.ttf"), dir.join("DejaVuSans-Bold.ttf")));
    }
    let windows =
        std::env::var_os("WINDIR").map_or_else(|| PathBuf::from(r"C:\Windows"), PathBuf::from);
    places.push((
        windows.join("Fonts").join("arial.ttf"),
        windows.join("Fonts").join("arialbd.ttf"),
    ));
    places
}

/// Why a PDF could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// No font file was found or named.
    #[error(
        "no font for the PDF: install fonts-dejavu-core (scripts/setup.sh) or name a TrueType font with --font"
    )]
    NoFont,
    /// A font file could not be read or is not a TrueType/OpenType font.
    #[error("the font {path} cannot be used: {reason}")]
    BadFont {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The PDF library failed.
    #[error("the PDF could not be made: {0}")]
    Krilla(String),
}

/// A font for drawing and for measuring text.
#[derive(Clone)]
struct Face {
    font: Font,
    data: Arc<Vec<u8>>,
}

impl Face {
    fn load(path: &Path) -> Result<Face, PdfError> {
        let bad = |reason: String| PdfError::BadFont {
            path: path.to_path_buf(),
            reason,
        };
        let data = Arc::new(std::fs::read(path).map_err(|e| bad(e.to_string()))?);
        ttf_parser::Face::parse(&data, 0).map_err(|e| bad(e.to_string()))?;
        let font = Font::new(data.clone().into(), 0)
            .ok_or_else(|| bad("not a TrueType or OpenType font".into()))?;
        Ok(Face { font, data })
    }

    /// The width of `text` at `size` points (advances only, no kerning).
    fn width(&self, text: &str, size: f32) -> f32 {
        let Ok(face) = ttf_parser::Face::parse(&self.data, 0) else {
            return 0.0;
        };
        let units: f32 = text
            .chars()
            .map(|c| {
                face.glyph_index(c)
                    .and_then(|g| face.glyph_hor_advance(g))
                    .map_or(0.5 * f32::from(face.units_per_em()), f32::from)
            })
            .sum();
        units * size / f32::from(face.units_per_em())
    }
}

/// The regular and the bold face of the sheet.
#[derive(Clone)]
pub struct Fonts {
    regular: Face,
    bold: Face,
}

impl Fonts {
    /// The font named (used for both faces), or DejaVu Sans where the system keeps it.
    pub fn find(named: Option<&Path>) -> Result<Fonts, PdfError> {
        if let Some(path) = named {
            let face = Face::load(path)?;
            return Ok(Fonts {
                regular: face.clone(),
                bold: face,
            });
        }
        let places = windows_font_places().into_iter().chain(
            FONT_PLACES
                .iter()
                .map(|(regular, bold)| (PathBuf::from(regular), PathBuf::from(bold))),
        );
        for (regular, bold) in places {
            if regular.exists() {
                let regular = Face::load(&regular)?;
                let bold = if bold.exists() {
                    Face::load(&bold)?
                } else {
                    regular.clone()
                };
                return Ok(Fonts { regular, bold });
            }
        }
        Err(PdfError::NoFont)
    }
}

// Geometry, in points (A4 portrait).
const PAGE_W: f32 = 595.28;
const PAGE_H: f32 = 841.89;
const MARGIN: f32 = 36.0;
const FIELD_H: f32 = 25.0;
const TABLE_TOP: f32 = 166.0;
const HEAD_ROW_H: f32 = 14.0;
const ROW_H: f32 = 13.0;
/// Rows in each of the two blocks of a page.
const ROWS_PER_BLOCK: usize = 30;
const BLOCK_GAP: f32 = 12.0;
const NOTE_SIZE: f32 = 8.0;
const NOTE_LINE: f32 = 10.0;
/// The height of the closing block (result, signatures, check code) on the last page.
const CLOSING_H: f32 = 100.0;
const FOOT_Y: f32 = PAGE_H - 20.0;

fn table_bottom() -> f32 {
    TABLE_TOP + HEAD_ROW_H + ROW_H * ROWS_PER_BLOCK as f32
}

/// The PDF of a form.
pub fn render_pdf(form: &Form, fonts: &Fonts) -> Result<Vec<u8>, PdfError> {
    let per_page = ROWS_PER_BLOCK * 2;
    let move_pages = form.rows.len().div_ceil(per_page).max(1);
    let note_lines = note_lines(form, fonts);
    let plan = plan_pages(move_pages, note_lines.len());
    let total = plan.len();

    let mut document = Document::new();
    let title = match (form.white.is_empty(), form.black.is_empty()) {
        (false, false) => format!("{}: {} – {}", form.labels.title, form.white, form.black),
        _ => form.labels.title.clone(),
    };
    document.set_metadata(
        Metadata::new()
            .title(title)
            .creator(form.program.clone().unwrap_or_else(|| "annexd".into()))
            .language(form.lang.code().to_string()),
    );
    let size = PageSettings::from_wh(PAGE_W, PAGE_H).expect("A4 is a valid page size");
    for (index, page_plan) in plan.iter().enumerate() {
        let mut page = document.start_page_with(size.clone());
        let mut surface = page.surface();
        let mut draw = Draw {
            surface: &mut surface,
            fonts,
        };
        draw.head(form, index + 1, total);
        let mut y = TABLE_TOP;
        if let Some(moves_page) = page_plan.moves {
            let start = moves_page * per_page;
            let rows =
                &form.rows[start.min(form.rows.len())..(start + per_page).min(form.rows.len())];
            draw.moves(form, rows);
            y = table_bottom() + 14.0;
        }
        let notes = &note_lines[page_plan.notes.0..page_plan.notes.1];
        if !notes.is_empty() {
            draw.text(&fonts.bold, 8.0, MARGIN, y, &form.labels.notes, Gray::Black);
            y += NOTE_LINE + 2.0;
            for line in notes {
                draw.text(
                    &fonts.regular,
                    NOTE_SIZE,
                    MARGIN + line.indent,
                    y,
                    &line.text,
                    Gray::Black,
                );
                y += NOTE_LINE;
            }
        }
        if index + 1 == total {
            draw.closing(form);
        }
        draw.foot(form, index + 1, total);
        surface.finish();
        page.finish();
    }
    document
        .finish()
        .map_err(|e| PdfError::Krilla(format!("{e:?}")))
}

/// A PDF of plain lines on A4 (the fair play statement for the arbiter): the first line as
/// the title, the others wrapped to the page's width, on as many pages as they need.
pub fn render_lines(
    lines: &[String],
    lang: annexd_core::Lang,
    fonts: &Fonts,
) -> Result<Vec<u8>, PdfError> {
    const SIZE: f32 = 10.0;
    const LEADING: f32 = 13.5;
    let width = PAGE_W - 2.0 * MARGIN;
    let (title, body) = lines
        .split_first()
        .map_or(("", &[][..]), |(t, b)| (t.as_str(), b));
    let mut wrapped = Vec::new();
    for line in body {
        let indent = if line.starts_with("- ") { 10.0 } else { 0.0 };
        let heading = line.ends_with(':');
        for (n, part) in wrap(line, |t| fonts.regular.width(t, SIZE), width - indent)
            .into_iter()
            .enumerate()
        {
            let indent = if n > 0 && indent > 0.0 {
                indent + 8.0
            } else {
                indent
            };
            wrapped.push((indent, heading, part));
        }
    }
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(title.to_string())
            .creator(super::provenance::program())
            .language(lang.code().to_string()),
    );
    let size = PageSettings::from_wh(PAGE_W, PAGE_H).expect("A4 is a valid page size");
    let top = MARGIN + 30.0;
    let per_page = ((PAGE_H - top - MARGIN) / LEADING).floor().max(1.0) as usize;
    let mut pages: Vec<&[(f32, bool, String)]> = wrapped.chunks(per_page).collect();
    if pages.is_empty() {
        // A title alone still has its page.
        pages.push(&[]);
    }
    for (index, chunk) in pages.iter().enumerate() {
        let mut page = document.start_page_with(size.clone());
        let mut surface = page.surface();
        let mut draw = Draw {
            surface: &mut surface,
            fonts,
        };
        if index == 0 {
            draw.fitted(&fonts.bold, 14.0, MARGIN, MARGIN + 10.0, width, title);
        }
        let mut y = top;
        for (indent, heading, text) in chunk.iter() {
            let face = if *heading {
                &fonts.bold
            } else {
                &fonts.regular
            };
            draw.text(face, SIZE, MARGIN + indent, y, text, Gray::Black);
            y += LEADING;
        }
        surface.finish();
        page.finish();
    }
    document
        .finish()
        .map_err(|e| PdfError::Krilla(format!("{e:?}")))
}

/// What one page holds: a page of moves (its index) and a range of note lines.
struct PagePlan {
    moves: Option<usize>,
    notes: (usize, usize),
}

/// Lays out the pages: the move pages, then the note lines where they fit (after the last
/// moves, then on pages of their own), the closing block on the last page.
fn plan_pages(move_pages: usize, note_lines: usize) -> Vec<PagePlan> {
    let lines_between =
        |top: f32, bottom: f32| (((bottom - top) / NOTE_LINE).floor() as usize).saturating_sub(1);
    let after_moves_top = table_bottom() + 14.0;
    let closing_top = PAGE_H - MARGIN - CLOSING_H;
    let page_bottom = FOOT_Y - 14.0;
    let mut plan: Vec<PagePlan> = (0..move_pages)
        .map(|i| PagePlan {
            moves: Some(i),
            notes: (0, 0),
        })
        .collect();
    let mut done = 0;
    let mut top = after_moves_top;
    loop {
        let last = plan.last_mut().expect("one page at least");
        let left = note_lines - done;
        if left <= lines_between(top, closing_top) {
            last.notes = (done, note_lines);
            return plan;
        }
        let fits = lines_between(top, page_bottom).min(left);
        last.notes = (done, done + fits);
        done += fits;
        top = TABLE_TOP;
        plan.push(PagePlan {
            moves: None,
            notes: (done, done),
        });
    }
}

/// A note line as drawn.
struct NoteLine {
    text: String,
    indent: f32,
}

/// The notes as lines that fit the page: "[3] 12. Sf3: Weiß regelwidriger Zug, …".
fn note_lines(form: &Form, fonts: &Fonts) -> Vec<NoteLine> {
    let width = PAGE_W - 2.0 * MARGIN;
    let mut lines = Vec::new();
    for note in &form.notes {
        let text = if !note.after.is_empty() {
            format!("[{}] {}: {}", note.number, note.after, note.text)
        } else if !note.before.is_empty() {
            // Made before the first move, and marked there: "[1] vor 1. e4: …".
            let before = &form.labels.before;
            format!("[{}] {before} {}: {}", note.number, note.before, note.text)
        } else {
            format!("[{}] {}", note.number, note.text)
        };
        let mut indent = 0.0;
        for part in wrap(&text, |s| fonts.regular.width(s, NOTE_SIZE), width - 16.0) {
            lines.push(NoteLine { text: part, indent });
            indent = 16.0;
        }
    }
    lines
}

/// Breaks text into lines no wider than `width`, at spaces.
fn wrap(text: &str, measure: impl Fn(&str) -> f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split(' ') {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if measure(&candidate) > width && !current.is_empty() {
            lines.push(std::mem::take(&mut current));
            current = word.to_string();
        } else {
            current = candidate;
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

#[derive(Clone, Copy)]
enum Gray {
    Black,
    Mid,
    Light,
}

impl Gray {
    fn color(self) -> luma::Color {
        luma::Color::new(match self {
            Gray::Black => 0,
            Gray::Mid => 90,
            Gray::Light => 160,
        })
    }
}

/// Drawing on one page.
struct Draw<'a, 'b> {
    surface: &'a mut Surface<'b>,
    fonts: &'a Fonts,
}

impl Draw<'_, '_> {
    fn text(&mut self, face: &Face, size: f32, x: f32, y: f32, text: &str, gray: Gray) {
        if text.is_empty() {
            return;
        }
        self.surface.set_fill(Some(Fill {
            paint: gray.color().into(),
            ..Fill::default()
        }));
        self.surface.draw_text(
            Point::from_xy(x, y),
            face.font.clone(),
            size,
            text,
            false,
            TextDirection::Auto,
        );
    }

    fn right(&mut self, face: &Face, size: f32, right: f32, y: f32, text: &str, gray: Gray) {
        let x = right - face.width(text, size);
        self.text(face, size, x, y, text, gray);
    }

    /// Text in a box of `width`: made smaller down to 5.5 points, then cut with "…".
    fn fitted(&mut self, face: &Face, size: f32, x: f32, y: f32, width: f32, text: &str) {
        let mut size = size;
        while size > 5.5 && face.width(text, size) > width {
            size -= 0.5;
        }
        let mut shown = text.to_string();
        while face.width(&shown, size) > width && shown.chars().count() > 1 {
            shown.pop();
            shown.pop();
            shown.push('…');
        }
        self.text(face, size, x, y, &shown, Gray::Black);
    }

    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, gray: Gray) {
        let mut path = PathBuilder::new();
        path.move_to(x1, y1);
        path.line_to(x2, y2);
        let Some(path) = path.finish() else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(Stroke {
            paint: gray.color().into(),
            width,
            ..Stroke::default()
        }));
        self.surface.draw_path(&path);
        self.surface.set_stroke(None);
    }

    /// The title and the fields of the game, on every page.
    fn head(&mut self, form: &Form, page: usize, total: usize) {
        let fonts = self.fonts;
        self.text(
            &fonts.bold,
            15.0,
            MARGIN,
            MARGIN + 12.0,
            &form.labels.title.to_uppercase(),
            Gray::Black,
        );
        let numbering = format!(
            "{} {page} {} {total}",
            form.labels.page, form.labels.page_of
        );
        self.right(
            &fonts.regular,
            8.0,
            PAGE_W - MARGIN,
            MARGIN + 10.0,
            &numbering,
            Gray::Mid,
        );
        let width = PAGE_W - 2.0 * MARGIN;
        let field = |i: usize| (form.fields[i].label.as_str(), form.fields[i].value.as_str());
        let white = (form.labels.white.as_str(), form.white.as_str());
        let black = (form.labels.black.as_str(), form.black.as_str());
        // Event | site; date | round | board; time control; White | Black.
        let rows: [Vec<((&str, &str), f32)>; 4] = [
            vec![(field(0), 0.62), (field(1), 0.38)],
            vec![(field(2), 0.34), (field(3), 0.33), (field(4), 0.33)],
            vec![(field(5), 1.0)],
            vec![(white, 0.5), (black, 0.5)],
        ];
        let mut y = MARGIN + 22.0;
        for row in rows {
            let mut x = MARGIN;
            for ((label, value), share) in row {
                let w = width * share;
                self.text(&fonts.regular, 6.5, x + 1.0, y + 8.0, label, Gray::Mid);
                self.fitted(&fonts.regular, 10.0, x + 1.0, y + 20.0, w - 8.0, value);
                self.line(x, y + 23.0, x + w - 6.0, y + 23.0, 0.5, Gray::Mid);
                x += w;
            }
            y += FIELD_H;
        }
    }

    /// Two blocks of numbered rows: number, White's move and clock, Black's move and clock.
    fn moves(&mut self, form: &Form, rows: &[Row]) {
        let fonts = self.fonts;
        let block_w = (PAGE_W - 2.0 * MARGIN - BLOCK_GAP) / 2.0;
        // Column widths as shares of a block: number, move, clock, move, clock.
        let shares = [0.09, 0.29, 0.165, 0.29, 0.165];
        let first_number = rows.first().map_or(1, |r| r.number);
        for block in 0..2 {
            let x0 = MARGIN + block as f32 * (block_w + BLOCK_GAP);
            let mut xs = vec![x0];
            for share in shares {
                xs.push(xs.last().unwrap() + block_w * share);
            }
            let labels = [
                form.labels.number.as_str(),
                form.labels.white.as_str(),
                form.labels.time.as_str(),
                form.labels.black.as_str(),
                form.labels.time.as_str(),
            ];
            let top = TABLE_TOP;
            for (i, label) in labels.iter().enumerate() {
                self.fitted(
                    &fonts.bold,
                    7.5,
                    xs[i] + 2.0,
                    top + 10.0,
                    xs[i + 1] - xs[i] - 3.0,
                    label,
                );
            }
            let bottom = table_bottom();
            self.line(x0, top, x0 + block_w, top, 0.8, Gray::Black);
            self.line(
                x0,
                top + HEAD_ROW_H,
                x0 + block_w,
                top + HEAD_ROW_H,
                0.8,
                Gray::Black,
            );
            for r in 1..=ROWS_PER_BLOCK {
                let y = top + HEAD_ROW_H + ROW_H * r as f32;
                let (width, gray) = if r == ROWS_PER_BLOCK {
                    (0.8, Gray::Black)
                } else {
                    (0.3, Gray::Light)
                };
                self.line(x0, y, x0 + block_w, y, width, gray);
            }
            for (i, x) in xs.iter().enumerate() {
                let width = if i == 0 || i == xs.len() - 1 || i == 3 {
                    0.8
                } else {
                    0.3
                };
                self.line(*x, top, *x, bottom, width, Gray::Black);
            }
            // The numbers are printed on every row, as on a paper form.
            for r in 0..ROWS_PER_BLOCK {
                let number = first_number as usize + block * ROWS_PER_BLOCK + r;
                let y = top + HEAD_ROW_H + ROW_H * (r as f32 + 1.0) - 3.5;
                self.right(
                    &fonts.regular,
                    7.5,
                    xs[1] - 2.5,
                    y,
                    &number.to_string(),
                    Gray::Mid,
                );
            }
            for row in rows
                .iter()
                .skip(block * ROWS_PER_BLOCK)
                .take(ROWS_PER_BLOCK)
            {
                let r = row.number.saturating_sub(first_number) as usize - block * ROWS_PER_BLOCK;
                let y = top + HEAD_ROW_H + ROW_H * (r as f32 + 1.0) - 3.5;
                for (half, col) in [(&row.white, 1), (&row.black, 3)] {
                    if let Some(half) = half {
                        let text = half_text(half);
                        self.fitted(
                            &fonts.regular,
                            9.0,
                            xs[col] + 2.5,
                            y,
                            xs[col + 1] - xs[col] - 4.0,
                            &text,
                        );
                        if let Some(clock) = &half.clock {
                            self.fitted(
                                &fonts.regular,
                                7.5,
                                xs[col + 1] + 2.5,
                                y,
                                xs[col + 2] - xs[col + 1] - 4.0,
                                clock,
                            );
                        }
                    }
                }
            }
        }
    }

    /// The result, the signature lines, the check code and the record's state.
    fn closing(&mut self, form: &Form) {
        let fonts = self.fonts;
        let top = PAGE_H - MARGIN - CLOSING_H;
        let width = PAGE_W - 2.0 * MARGIN;
        let result = form.result.replace("1/2", "½");
        let mut y = top + 12.0;
        self.text(
            &fonts.bold,
            10.0,
            MARGIN,
            y,
            &format!("{}: {result}", form.labels.result),
            Gray::Black,
        );
        if let Some(words) = &form.result_words {
            let x = MARGIN
                + fonts
                    .bold
                    .width(&format!("{}: {result}", form.labels.result), 10.0)
                + 8.0;
            self.fitted(&fonts.regular, 9.0, x, y, MARGIN + width - x, words);
        }
        y += 34.0;
        let names = [
            format!("{} {}", form.labels.signature, form.labels.white),
            format!("{} {}", form.labels.signature, form.labels.black),
            format!("{} {}", form.labels.signature, form.labels.arbiter),
        ];
        let third = width / 3.0;
        for (i, name) in names.iter().enumerate() {
            let x = MARGIN + third * i as f32;
            self.line(x, y, x + third - 14.0, y, 0.6, Gray::Black);
            self.text(&fonts.regular, 7.0, x, y + 9.0, name, Gray::Mid);
        }
        y += 26.0;
        let code = form.check_code.as_deref().unwrap_or("—");
        self.text(
            &fonts.bold,
            11.0,
            MARGIN,
            y,
            &format!("{}: {code}", form.labels.check_code),
            Gray::Black,
        );
        y += 13.0;
        self.fitted(&fonts.regular, 8.0, MARGIN, y, width, &form.record_state);
        if let Some(program) = &form.program {
            y += 11.0;
            self.fitted(&fonts.regular, 6.5, MARGIN, y, width, program);
        }
    }

    /// The foot of every page: the check code and the page number.
    fn foot(&mut self, form: &Form, page: usize, total: usize) {
        let fonts = self.fonts;
        self.line(
            MARGIN,
            FOOT_Y - 10.0,
            PAGE_W - MARGIN,
            FOOT_Y - 10.0,
            0.3,
            Gray::Light,
        );
        if let Some(code) = &form.check_code {
            self.text(
                &fonts.regular,
                7.0,
                MARGIN,
                FOOT_Y,
                &format!("{} {code}", form.labels.check_code),
                Gray::Mid,
            );
        }
        let numbering = format!(
            "{} {page} {} {total}",
            form.labels.page, form.labels.page_of
        );
        self.right(
            &fonts.regular,
            7.0,
            PAGE_W - MARGIN,
            FOOT_Y,
            &numbering,
            Gray::Mid,
        );
    }
}

/// A move as its cell shows it: "Sf3 (=) [3,4]".
fn half_text(half: &Half) -> String {
    let numbers = |notes: &[usize]| {
        let numbers: Vec<String> = notes.iter().map(usize::to_string).collect();
        format!("[{}]", numbers.join(","))
    };
    let mut text = String::new();
    if !half.notes_before.is_empty() {
        text.push_str(&numbers(&half.notes_before));
        text.push(' ');
    }
    text.push_str(&half.text);
    if half.draw_offer {
        text.push_str(" (=)");
    }
    if !half.notes.is_empty() {
        text.push(' ');
        text.push_str(&numbers(&half.notes));
    }
    text
}
