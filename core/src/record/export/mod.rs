//! The scoresheet for people: the content of the printed and the Braille sheet as data, and
//! the text forms that need no device. Drawing the PDF and translating into Braille with
//! liblouis are the adapters' job (`annexd::record::pdf`, `annexd::record::braille`); what
//! they show is decided here, so every form says the same.
//!
//! - [`notation`]: moves as FIDE's Appendix C writes them, with the language's piece letters.
//! - [`form`]: the [`Form`]: header fields, numbered move pairs with clock times, `(=)` marks,
//!   notes, the result, the check code and the record's state, all in one language.
//! - [`text`]: the plain text sheet for screen readers (one move a line).
//! - [`brf`]: the Braille sheet's lines and its pages (40 cells, 25 lines, page numbers).

pub(crate) mod brf;
pub(crate) mod form;
pub(crate) mod notation;
pub(crate) mod text;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use brf::{
    BrailleCell, BrailleLine, CELLS_PER_LINE, LINES_PER_PAGE, PrintLine, brf_char, cells_of,
    paginate_braille,
};
pub use form::{Form, FormNote, Half, Labels, Row, capitalised};
pub use text::ClosingLine;

/// A kind of scoresheet file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SheetFormat {
    /// A printable PDF in the layout of a FIDE tournament scoresheet.
    Pdf,
    /// Braille Ready Format: 40 cells a line, 25 lines a page.
    Brf,
    /// Plain text, one move a line, for screen readers.
    Txt,
    /// PGN, as `annexd pgn` prints it.
    Pgn,
}

impl SheetFormat {
    /// Every format.
    pub const ALL: [SheetFormat; 4] = [
        SheetFormat::Pdf,
        SheetFormat::Brf,
        SheetFormat::Txt,
        SheetFormat::Pgn,
    ];

    /// The file name extension (`pdf`).
    pub fn extension(self) -> &'static str {
        match self {
            SheetFormat::Pdf => "pdf",
            SheetFormat::Brf => "brf",
            SheetFormat::Txt => "txt",
            SheetFormat::Pgn => "pgn",
        }
    }
}

impl fmt::Display for SheetFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.extension())
    }
}

impl FromStr for SheetFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_lowercase();
        SheetFormat::ALL
            .into_iter()
            .find(|f| f.extension() == wanted)
            .ok_or_else(|| format!("unknown sheet format '{s}': use pdf, brf, txt or pgn"))
    }
}

/// How moves are written on a sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SheetWords {
    /// Algebraic notation with the language's piece letters (Sf3, Nf3, Cf3).
    #[default]
    Letters,
    /// The words of the Annex D announcement (Springer Felix drei).
    AnnexD,
}

impl FromStr for SheetWords {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().as_str() {
            "letters" | "san" => Ok(SheetWords::Letters),
            "annex-d" | "annexd" | "words" => Ok(SheetWords::AnnexD),
            _ => Err(format!(
                "unknown word set '{s}': use letters (the language's piece letters) or annex-d"
            )),
        }
    }
}
