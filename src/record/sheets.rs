//! A game's scoresheets as files: the PDF, the Braille (BRF), the text and the PGN sheet of a
//! journal, made from its scoresheet and the state of its record, written atomically beside
//! the journal (`game.jsonl` → `game.pdf`) or where asked. Used by `annexd sheet` and by
//! `play` at the end of a game.

use std::path::{Path, PathBuf};

use annexd_core::record::{Form, RecordState, Scoresheet, SheetFormat, SheetWords, pgn_text_in};
use annexd_core::{Lang, Token, Word};

use super::braille::{self, BrailleError};
use super::pdf::{self, Fonts, PdfError};
use crate::durable::write_atomically;

/// How a sheet is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetOptions {
    /// The language of its words.
    pub lang: Lang,
    /// How moves are written.
    pub words: SheetWords,
    /// The font of the PDF (default: DejaVu Sans where the system keeps it).
    pub font: Option<PathBuf>,
}

/// Why a sheet could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum SheetError {
    /// The PDF could not be made.
    #[error("{0}")]
    Pdf(#[from] PdfError),
    /// The Braille could not be made.
    #[error("{0}")]
    Braille(#[from] BrailleError),
    /// The file could not be written.
    #[error("the scoresheet {path} could not be written: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
}

impl SheetError {
    /// The error in words.
    pub fn tokens(&self) -> Vec<Token> {
        vec![Token::Word(Word::SheetNotWritten)]
    }
}

/// The sheet of `format` beside a journal: the journal's name with the format's extension.
pub fn sheet_path_for(journal: &Path, format: SheetFormat) -> PathBuf {
    journal.with_extension(format.extension())
}

/// The bytes of a sheet.
pub fn render(
    format: SheetFormat,
    sheet: &Scoresheet,
    state: &RecordState,
    options: &SheetOptions,
) -> Result<Vec<u8>, SheetError> {
    let form = || Form::new(sheet, state, options.lang, options.words);
    Ok(match format {
        // Its comments in the sheet's language, as `annexd pgn` writes them.
        SheetFormat::Pgn => pgn_text_in(sheet, options.lang).into_bytes(),
        SheetFormat::Txt => form().to_text().into_bytes(),
        SheetFormat::Brf => braille::braille_sheet(&form())?.into_bytes(),
        SheetFormat::Pdf => pdf::render_pdf(&form(), &Fonts::find(options.font.as_deref())?)?,
    })
}

/// Makes a sheet and writes it to `path` atomically.
pub fn write(
    path: &Path,
    format: SheetFormat,
    sheet: &Scoresheet,
    state: &RecordState,
    options: &SheetOptions,
) -> Result<(), SheetError> {
    let bytes = render(format, sheet, state, options)?;
    write_atomically(path, &bytes).map_err(|source| SheetError::Write {
        path: path.to_path_buf(),
        source,
    })
}
