//! The printed scoresheet: a PDF in the layout of a FIDE tournament scoresheet, written with
//! pdf-writer (the low level of the Typst project's PDF export) in a TrueType font embedded in
//! the file (DejaVu Sans, which has the umlauts and French accents), cut down by subsetter
//! to the glyphs drawn, with a `ToUnicode` map so that the text copied, searched or read
//! aloud from the file is the text drawn. Text is laid out by the font's advances (ttf-parser;
//! no kerning), the same measure that fits it into the form's boxes.
//!
//! A4 portrait. Each page has the head (event, site, date, round, board, time control,
//! players), then the moves in two blocks of 30 numbered rows (moves 1–30 and 31–60 on the
//! first page, 61–120 on the second, …), each move with the mover's clock after it, `(=)`
//! for a draw offer and `[n]` for the notes made after it (`[n]` in front of the first move for
//! notes made before it). The notes follow the moves; the
//! last page ends with the result, lines for the players' and the arbiter's signatures, the
//! record's check code and state. Every page's foot has the check code and the page number.
//! What the sheet says is the core's [`Form`]; this module only places it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use sha2::{Digest, Sha256};

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
    /// The font's glyphs could not be cut down to those the PDF uses.
    #[error("the PDF could not be made: {0}")]
    Embed(String),
}

/// A font for drawing and for measuring text.
#[derive(Clone)]
struct Face {
    data: Arc<Vec<u8>>,
    /// The font's units in an em, read once when it is loaded.
    units_per_em: u16,
}

impl Face {
    fn load(path: &Path) -> Result<Face, PdfError> {
        let bad = |reason: String| PdfError::BadFont {
            path: path.to_path_buf(),
            reason,
        };
        let data = Arc::new(std::fs::read(path).map_err(|e| bad(e.to_string()))?);
        let face = ttf_parser::Face::parse(&data, 0).map_err(|e| bad(e.to_string()))?;
        let tables = face.tables();
        if tables.glyf.is_none() && tables.cff.is_none() {
            return Err(bad("the font has no outlines (glyf or CFF)".into()));
        }
        let units_per_em = face.units_per_em();
        Ok(Face { data, units_per_em })
    }

    fn parsed(&self) -> ttf_parser::Face<'_> {
        ttf_parser::Face::parse(&self.data, 0).expect("parsed when loaded")
    }

    /// Each character of `text` with its glyph (0, the font's "missing" box, for a character
    /// the font lacks) and that glyph's advance in font units: what is drawn and what is
    /// measured (no kerning).
    fn glyphs(&self, text: &str) -> Vec<(char, u16, u16)> {
        let face = self.parsed();
        text.chars()
            .map(|c| {
                let glyph = face.glyph_index(c).unwrap_or_default();
                let advance = face.glyph_hor_advance(glyph).unwrap_or_default();
                (c, glyph.0, advance)
            })
            .collect()
    }

    /// The width of `text` at `size` points.
    fn width(&self, text: &str, size: f32) -> f32 {
        let units: u32 = self.glyphs(text).iter().map(|g| u32::from(g.2)).sum();
        units as f32 * size / f32::from(self.units_per_em)
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

    let title = match (form.white.is_empty(), form.black.is_empty()) {
        (false, false) => format!("{}: {} – {}", form.labels.title, form.white, form.black),
        _ => form.labels.title.clone(),
    };
    let mut book = Book::new(fonts);
    for (index, page_plan) in plan.iter().enumerate() {
        let mut draw = book.page();
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
        draw.done();
    }
    book.finish(&Info {
        title: &title,
        creator: form.program.as_deref().unwrap_or("annexd"),
        lang: form.lang.code(),
    })
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
    let top = MARGIN + 30.0;
    let per_page = ((PAGE_H - top - MARGIN) / LEADING).floor().max(1.0) as usize;
    let mut pages: Vec<&[(f32, bool, String)]> = wrapped.chunks(per_page).collect();
    if pages.is_empty() {
        // A title alone still has its page.
        pages.push(&[]);
    }
    let mut book = Book::new(fonts);
    for (index, chunk) in pages.iter().enumerate() {
        let mut draw = book.page();
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
        draw.done();
    }
    book.finish(&Info {
        title,
        creator: &super::provenance::program(),
        lang: lang.code(),
    })
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
    /// The grey level, 0 black to 1 white.
    fn level(self) -> f32 {
        f32::from(match self {
            Gray::Black => 0u8,
            Gray::Mid => 90,
            Gray::Light => 160,
        }) / 255.0
    }
}

/// The names of the two faces in each page's resources: the regular face, the bold face.
const FONT_NAMES: [&[u8]; 2] = [b"F0", b"F1"];

/// The glyphs a face has drawn in the document, each with the character it shows (for the
/// `ToUnicode` map, so that text copied or read aloud from the PDF is the text drawn).
type Used = BTreeMap<u16, char>;

/// A document being drawn: its pages' content streams and the glyphs they use.
struct Book<'f> {
    fonts: &'f Fonts,
    /// Each page's content and which faces it uses.
    pages: Vec<(Vec<u8>, [bool; 2])>,
    used: [Used; 2],
}

/// What the document's information dictionary says.
struct Info<'a> {
    title: &'a str,
    creator: &'a str,
    lang: &'a str,
}

impl<'f> Book<'f> {
    fn new(fonts: &'f Fonts) -> Book<'f> {
        Book {
            fonts,
            pages: Vec::new(),
            used: [Used::new(), Used::new()],
        }
    }

    /// A new page to draw on ([`Draw::done`] adds it).
    fn page(&mut self) -> Draw<'_, 'f> {
        Draw {
            fonts: self.fonts,
            book: self,
            content: Content::new(),
            on_page: [false; 2],
        }
    }

    /// Which of the two font slots `face` is drawn with: the bold face is the regular one
    /// when a single font was named.
    fn slot(&self, face: &Face) -> usize {
        usize::from(!Arc::ptr_eq(&face.data, &self.fonts.regular.data))
    }

    /// The file: catalog, pages, the faces used (subset), the document information.
    fn finish(self, info: &Info) -> Result<Vec<u8>, PdfError> {
        let mut next = Ref::new(1);
        let mut alloc = || next.bump();
        let catalog = alloc();
        let tree = alloc();
        let info_ref = alloc();
        let font_refs = [alloc(), alloc()];
        let page_refs: Vec<(Ref, Ref)> = self.pages.iter().map(|_| (alloc(), alloc())).collect();
        let mut pdf = Pdf::new();
        pdf.catalog(catalog).pages(tree).lang(TextStr(info.lang));
        pdf.pages(tree)
            .kids(page_refs.iter().map(|(page, _)| *page))
            .count(page_refs.len() as i32);
        for ((content, on_page), (page_ref, content_ref)) in self.pages.iter().zip(&page_refs) {
            let mut page = pdf.page(*page_ref);
            page.media_box(Rect::new(0.0, 0.0, PAGE_W, PAGE_H))
                .parent(tree)
                .contents(*content_ref);
            let mut resources = page.resources();
            let mut names = resources.fonts();
            for slot in 0..2 {
                if on_page[slot] {
                    names.pair(Name(FONT_NAMES[slot]), font_refs[slot]);
                }
            }
            names.finish();
            resources.finish();
            page.finish();
            pdf.stream(*content_ref, &deflate(content))
                .filter(Filter::FlateDecode);
        }
        let faces = [&self.fonts.regular, &self.fonts.bold];
        for slot in 0..2 {
            if !self.used[slot].is_empty() {
                embed(
                    &mut pdf,
                    font_refs[slot],
                    &mut alloc,
                    faces[slot],
                    &self.used[slot],
                )?;
            }
        }
        pdf.document_info(info_ref)
            .title(TextStr(info.title))
            .creator(TextStr(info.creator));
        Ok(pdf.finish())
    }
}

/// Compresses a stream (FlateDecode: zlib).
fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

/// Writes `face` as a Type 0 font at `font_ref`: Identity-H encoding (each glyph drawn by its
/// glyph id in two bytes), a CIDFontType2 (or, for CFF outlines, CIDFontType0) descendant
/// with CID = GID, its widths, a font descriptor, the font cut down to the glyphs used
/// (`subsetter` keeps their ids) and a `ToUnicode` map.
fn embed(
    pdf: &mut Pdf,
    font_ref: Ref,
    alloc: &mut impl FnMut() -> Ref,
    face: &Face,
    used: &Used,
) -> Result<(), PdfError> {
    let parsed = face.parsed();
    let glyphs: Vec<u16> = std::iter::once(0)
        .chain(used.keys().copied().filter(|&g| g != 0))
        .collect();
    let subset = subsetter::subset(&face.data, 0, subsetter::Profile::pdf(&glyphs))
        .map_err(|e| PdfError::Embed(e.to_string()))?;
    let cff = parsed.tables().cff.is_some();
    let subset = if cff {
        subset
    } else {
        only_tables(&subset, &PDF_TABLES).unwrap_or(subset)
    };
    let name = format!("{}+{}", subset_tag(&glyphs), postscript_name(&parsed));
    let (cid_ref, descriptor_ref, cmap_ref, file_ref) = (alloc(), alloc(), alloc(), alloc());
    let system_info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    pdf.type0_font(font_ref)
        .base_font(Name(name.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid_ref)
        .to_unicode(cmap_ref);

    let per_em = f32::from(parsed.units_per_em());
    let to_pdf = |units: f32| units * 1000.0 / per_em;
    let mut cid = pdf.cid_font(cid_ref);
    cid.subtype(if cff {
        CidFontType::Type0
    } else {
        CidFontType::Type2
    })
    .base_font(Name(name.as_bytes()))
    .system_info(system_info)
    .font_descriptor(descriptor_ref)
    .default_width(0.0);
    if !cff {
        cid.cid_to_gid_map_predefined(Name(b"Identity"));
    }
    let mut widths = cid.widths();
    let advance = |g: u16| {
        to_pdf(f32::from(
            parsed
                .glyph_hor_advance(ttf_parser::GlyphId(g))
                .unwrap_or_default(),
        ))
    };
    // Runs of consecutive glyph ids, each as one `first [w1 w2 …]` entry.
    let mut run: Vec<u16> = Vec::new();
    for &glyph in &glyphs {
        if run.last().is_some_and(|&last| last + 1 != glyph) {
            widths.consecutive(run[0], run.iter().map(|&g| advance(g)));
            run.clear();
        }
        run.push(glyph);
    }
    widths.consecutive(run[0], run.iter().map(|&g| advance(g)));
    widths.finish();
    cid.finish();

    // The box around the glyphs kept; ascent and descent the typographic ones (OS/2), as
    // krilla wrote them: readers place the text's boxes (selection, pdftotext) by them.
    let bbox = glyphs
        .iter()
        .filter_map(|&g| parsed.glyph_bounding_box(ttf_parser::GlyphId(g)))
        .map(|b| [b.x_min, b.y_min, b.x_max, b.y_max])
        .reduce(|a, b| {
            [
                a[0].min(b[0]),
                a[1].min(b[1]),
                a[2].max(b[2]),
                a[3].max(b[3]),
            ]
        })
        .unwrap_or_default()
        .map(|v| to_pdf(f32::from(v)));
    let mut flags = FontFlags::SYMBOLIC;
    flags.set(FontFlags::FIXED_PITCH, parsed.is_monospaced());
    flags.set(FontFlags::ITALIC, parsed.italic_angle() != 0.0);
    let ascent = to_pdf(f32::from(
        parsed
            .typographic_ascender()
            .unwrap_or_else(|| parsed.ascender()),
    ));
    let descent = to_pdf(f32::from(
        parsed
            .typographic_descender()
            .unwrap_or_else(|| parsed.descender()),
    ));
    let mut descriptor = pdf.font_descriptor(descriptor_ref);
    descriptor
        .name(Name(name.as_bytes()))
        .flags(flags)
        .bbox(Rect::new(bbox[0], bbox[1], bbox[2], bbox[3]))
        .italic_angle(parsed.italic_angle())
        .ascent(ascent)
        .descent(descent)
        .cap_height(
            parsed
                .capital_height()
                .map_or(ascent, |h| to_pdf(f32::from(h))),
        )
        .stem_v(10.0 + 0.244 * (f32::from(parsed.weight().to_number()) - 50.0));
    if cff {
        descriptor.font_file3(file_ref);
    } else {
        descriptor.font_file2(file_ref);
    }
    descriptor.finish();

    let packed = deflate(&subset);
    let mut file = pdf.stream(file_ref, &packed);
    file.filter(Filter::FlateDecode);
    if cff {
        file.pair(Name(b"Subtype"), Name(b"OpenType"));
    } else {
        file.pair(Name(b"Length1"), subset.len() as i32);
    }
    file.finish();

    let mut map = pdf_writer::types::UnicodeCmap::new(Name(b"Custom"), system_info);
    for (&glyph, &c) in used.iter().filter(|(g, _)| **g != 0) {
        map.pair(glyph, c);
    }
    let map = deflate(&map.finish());
    let mut cmap = pdf.cmap(cmap_ref, &map);
    cmap.name(Name(b"Custom")).system_info(system_info);
    cmap.filter(Filter::FlateDecode);
    Ok(())
}

/// The tables of a TrueType font program that a PDF reader uses to draw a CIDFontType2 font
/// (PDF 32000-1, 9.9): `cmap`, `name`, `OS/2` and `post`, which subsetter keeps whole, only
/// make the file larger (krilla's subsetter leaves `cmap` and `OS/2` out too).
const PDF_TABLES: [&[u8; 4]; 9] = [
    b"cvt ", b"fpgm", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"prep",
];

/// The TrueType font `font` with only the tables `keep` (a new table directory, each table
/// 4-byte aligned, the checksums and `head`'s checksum adjustment computed again); `None`
/// when the font's table directory does not read.
fn only_tables(font: &[u8], keep: &[&[u8; 4]]) -> Option<Vec<u8>> {
    let be32 = |bytes: &[u8], at: usize| -> Option<usize> {
        Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?) as usize)
    };
    let checksum = |data: &[u8]| {
        data.chunks(4).fold(0u32, |sum, word| {
            let mut padded = [0u8; 4];
            padded[..word.len()].copy_from_slice(word);
            sum.wrapping_add(u32::from_be_bytes(padded))
        })
    };
    let count = usize::from(u16::from_be_bytes(font.get(4..6)?.try_into().ok()?));
    let mut tables = Vec::new();
    for i in 0..count {
        let record = 12 + 16 * i;
        let tag: [u8; 4] = font.get(record..record + 4)?.try_into().ok()?;
        if keep.contains(&&tag) {
            let (offset, length) = (be32(font, record + 8)?, be32(font, record + 12)?);
            tables.push((tag, font.get(offset..offset + length)?.to_vec()));
        }
    }
    let count = u16::try_from(tables.len()).ok().filter(|&n| n > 0)?;
    let selector = 15 - count.leading_zeros() as u16;
    let range = (1u16 << selector) * 16;
    let mut out = font.get(0..4)?.to_vec();
    for value in [count, range, selector, count * 16 - range] {
        out.extend(value.to_be_bytes());
    }
    let mut offset = 12 + 16 * tables.len();
    let mut head_at = None;
    for (tag, data) in &mut tables {
        if tag == b"head" {
            // Zero the checksum adjustment before the sums (OpenType's `head`).
            data.get_mut(8..12)?.fill(0);
            head_at = Some(offset + 8);
        }
        out.extend(*tag);
        out.extend(checksum(data).to_be_bytes());
        out.extend((offset as u32).to_be_bytes());
        out.extend((data.len() as u32).to_be_bytes());
        offset += data.len().next_multiple_of(4);
    }
    for (_, data) in &tables {
        out.extend(data);
        out.resize(out.len().next_multiple_of(4), 0);
    }
    if let Some(at) = head_at {
        let adjustment = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
        out[at..at + 4].copy_from_slice(&adjustment.to_be_bytes());
    }
    Some(out)
}

/// The six capital letters in front of a subset font's name, from the glyphs it keeps (PDF
/// 9.6.4: a different set of glyphs gets a different tag).
fn subset_tag(glyphs: &[u16]) -> String {
    let mut hash = Sha256::new();
    for glyph in glyphs {
        hash.update(glyph.to_be_bytes());
    }
    hash.finalize()
        .iter()
        .take(6)
        .map(|byte| char::from(b'A' + byte % 26))
        .collect()
}

/// The font's PostScript name ("DejaVuSans-Bold"), or one made of its family name.
fn postscript_name(face: &ttf_parser::Face) -> String {
    let name = |id| {
        face.names()
            .into_iter()
            .filter(|n| n.name_id == id)
            .find_map(|n| n.to_string())
    };
    name(ttf_parser::name_id::POST_SCRIPT_NAME)
        .or_else(|| name(ttf_parser::name_id::FAMILY))
        .unwrap_or_else(|| "Font".into())
        .chars()
        .filter(|c| c.is_ascii_graphic() && !"[](){}<>/%#".contains(*c))
        .collect()
}

/// Drawing on one page (y grows downwards from the page's top, as the layout counts).
struct Draw<'a, 'f> {
    fonts: &'f Fonts,
    book: &'a mut Book<'f>,
    content: Content,
    on_page: [bool; 2],
}

impl Draw<'_, '_> {
    fn text(&mut self, face: &Face, size: f32, x: f32, y: f32, text: &str, gray: Gray) {
        if text.is_empty() {
            return;
        }
        let slot = self.book.slot(face);
        let mut codes = Vec::with_capacity(text.len() * 2);
        for (c, glyph, _) in face.glyphs(text) {
            codes.extend(glyph.to_be_bytes());
            self.book.used[slot].entry(glyph).or_insert(c);
        }
        self.on_page[slot] = true;
        self.content
            .set_fill_gray(gray.level())
            .begin_text()
            .set_font(Name(FONT_NAMES[slot]), size)
            .next_line(x, PAGE_H - y)
            .show(Str(&codes))
            .end_text();
    }

    /// The page drawn: added to the document.
    fn done(self) {
        let content = self.content.finish().into_vec();
        self.book.pages.push((content, self.on_page));
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
        self.content
            .set_line_width(width)
            .set_stroke_gray(gray.level())
            .move_to(x1, PAGE_H - y1)
            .line_to(x2, PAGE_H - y2)
            .stroke();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn fonts() -> Fonts {
        Fonts::find(None).expect("DejaVu Sans (fonts-dejavu-core, scripts/setup.sh)")
    }

    #[test]
    #[cfg_attr(
        windows,
        ignore = "poppler's pdftotext is a Linux program; scripts/test-package-windows.sh reads a PDF made under Wine with it"
    )]
    fn the_text_read_back_is_the_text_drawn_umlauts_accents_and_braille_included() {
        let lines: Vec<String> = [
            "Prüfcode: ½ – Élodie Noël",
            "Köln, Straße, garçon, œuvre … ⠁⠃⠉⠙ (Braille)",
            "Notizen:",
            "- Weiß reklamiert Remis",
        ]
        .map(String::from)
        .to_vec();
        let pdf = render_lines(&lines, annexd_core::Lang::De, &fonts()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lines.pdf");
        std::fs::write(&path, &pdf).unwrap();
        let out = std::process::Command::new("pdftotext")
            .args([path.to_str().unwrap(), "-"])
            .output()
            .expect("pdftotext (poppler-utils, scripts/setup.sh)");
        assert!(out.status.success() && out.stderr.is_empty());
        let text = String::from_utf8(out.stdout).unwrap();
        for line in &lines {
            assert!(text.contains(line.as_str()), "'{line}' missing:\n{text}");
        }
    }

    #[test]
    #[cfg_attr(
        windows,
        ignore = "DejaVu Sans is looked for in the Linux folders here (FONT_PLACES)"
    )]
    fn the_embedded_font_keeps_the_glyphs_drawn_under_their_ids_and_only_the_tables_a_reader_needs()
    {
        let face = fonts().regular;
        let whole = face.parsed();
        let drawn: Vec<u16> = face.glyphs("Aä⠁").iter().map(|g| g.1).collect();
        let kept: Vec<u16> = std::iter::once(0).chain(drawn.iter().copied()).collect();
        let subset = subsetter::subset(&face.data, 0, subsetter::Profile::pdf(&kept)).unwrap();
        let small = only_tables(&subset, &PDF_TABLES).unwrap();
        assert!(small.len() < subset.len() && subset.len() < face.data.len());
        let cut = ttf_parser::Face::parse(&small, 0).unwrap();
        for glyph in drawn.iter().map(|&g| ttf_parser::GlyphId(g)) {
            assert!(glyph.0 != 0);
            assert_eq!(
                cut.glyph_bounding_box(glyph),
                whole.glyph_bounding_box(glyph)
            );
            assert_eq!(cut.glyph_hor_advance(glyph), whole.glyph_hor_advance(glyph));
        }
        let z = whole.glyph_index('Z').unwrap();
        assert!(whole.glyph_bounding_box(z).is_some() && cut.glyph_bounding_box(z).is_none());
        for table in [b"cmap", b"name", b"post", b"OS/2"] {
            assert!(
                cut.raw_face()
                    .table(ttf_parser::Tag::from_bytes(table))
                    .is_none()
            );
        }
        // The whole file's checksum, with head's adjustment, is OpenType's magic number.
        let sum = small.chunks(4).fold(0u32, |sum, word| {
            sum.wrapping_add(u32::from_be_bytes(word.try_into().unwrap()))
        });
        assert_eq!(sum, 0xB1B0_AFBA);
    }

    #[test]
    fn the_subset_tag_is_six_capitals_that_change_with_the_glyphs() {
        let tag = subset_tag(&[0, 36, 68]);
        assert_eq!(tag.len(), 6);
        assert!(tag.chars().all(|c| c.is_ascii_uppercase()), "{tag}");
        assert_eq!(tag, subset_tag(&[0, 36, 68]));
        assert_ne!(tag, subset_tag(&[0, 36, 69]));
    }
}
