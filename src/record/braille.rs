//! Braille through liblouis, the translation library screen readers and embossers use: a
//! small binding to `lou_translateString` and `lou_backTranslateString` (dot patterns in and
//! out, so that the Braille ASCII of the file is chosen by the core, not by a table's display
//! characters), and the Braille Ready Format sheet of a form.
//!
//! liblouis keeps its tables in a global cache and is not safe to call from two threads at
//! once: every call goes through one lock.

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::sync::Mutex;

use annexd_core::Lang;
use annexd_core::record::{self, BrailleCell, BrailleLine, Form};

#[link(name = "louis")]
unsafe extern "C" {
    fn lou_version() -> *const c_char;
    fn lou_charSize() -> c_int;
    fn lou_registerLogCallback(
        callback: Option<extern "C" fn(level: c_int, message: *const c_char)>,
    );
    fn lou_getTable(table_list: *const c_char) -> *const c_void;
    fn lou_translateString(
        table_list: *const c_char,
        inbuf: *const c_void,
        inlen: *mut c_int,
        outbuf: *mut c_void,
        outlen: *mut c_int,
        typeform: *mut u16,
        spacing: *mut c_char,
        mode: c_int,
    ) -> c_int;
    fn lou_backTranslateString(
        table_list: *const c_char,
        inbuf: *const c_void,
        inlen: *mut c_int,
        outbuf: *mut c_void,
        outlen: *mut c_int,
        typeform: *mut u16,
        spacing: *mut c_char,
        mode: c_int,
    ) -> c_int;
}

/// liblouis' mode: dot patterns in and out instead of a table's display characters.
const DOTS_IO: c_int = 4;
/// The bit that marks a liblouis character as a dot pattern.
const LOU_DOTS: u32 = 0x8000;

/// One lock for every liblouis call.
static LOUIS: Mutex<()> = Mutex::new(());

/// liblouis' messages go to the log, not to the terminal (its errors are reported in words).
extern "C" fn log_message(level: c_int, message: *const c_char) {
    if message.is_null() {
        return;
    }
    // SAFETY: liblouis passes a NUL-terminated message valid for the call.
    let text = unsafe { CStr::from_ptr(message) }.to_string_lossy();
    tracing::debug!("liblouis ({level}): {text}");
}

/// Takes liblouis' lock, sending its messages to the log first.
fn lock() -> std::sync::MutexGuard<'static, ()> {
    static LOG: std::sync::Once = std::sync::Once::new();
    let guard = LOUIS.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: registers a function with the C signature liblouis expects, under the lock.
    LOG.call_once(|| unsafe { lou_registerLogCallback(Some(log_message)) });
    guard
}

/// Why Braille could not be made.
#[derive(Debug, thiserror::Error)]
pub enum BrailleError {
    /// liblouis cannot find or compile the table.
    #[error(
        "the Braille table {0} cannot be loaded: is liblouis-data installed (scripts/setup.sh)?"
    )]
    NoTable(String),
    /// liblouis refused to translate.
    #[error("liblouis could not translate '{text}' with {table}")]
    Failed {
        /// The table.
        table: String,
        /// The text.
        text: String,
    },
    /// The table made a cell with dots 7 or 8, which a BRF file cannot hold.
    #[error("the Braille table {table} made 8-dot cells for '{text}'; a BRF file has 6 dots")]
    EightDots {
        /// The table.
        table: String,
        /// The text.
        text: String,
    },
    /// This liblouis uses characters of a size the binding does not know.
    #[error("liblouis {version} uses {size}-byte characters; annexd knows 2 and 4")]
    CharSize {
        /// liblouis' version.
        version: String,
        /// Its character size.
        size: i32,
    },
}

/// liblouis' version ("3.24.0").
pub fn version() -> String {
    let _lock = lock();
    // SAFETY: lou_version returns a pointer to a static NUL-terminated string.
    unsafe { CStr::from_ptr(lou_version()) }
        .to_string_lossy()
        .into_owned()
}

/// A liblouis table (or comma-separated list of tables), checked to load.
#[derive(Debug, Clone)]
pub struct BrailleTable {
    name: CString,
}

impl BrailleTable {
    /// Loads `name` (found in liblouis' table folder, e.g. `en-ueb-g1.ctb`).
    pub fn open(name: &str) -> Result<BrailleTable, BrailleError> {
        let c_name = CString::new(name).map_err(|_| BrailleError::NoTable(name.to_string()))?;
        let _lock = lock();
        // SAFETY: a valid NUL-terminated string; liblouis returns NULL when it cannot load it.
        let table = unsafe { lou_getTable(c_name.as_ptr()) };
        if table.is_null() {
            return Err(BrailleError::NoTable(name.to_string()));
        }
        Ok(BrailleTable { name: c_name })
    }

    /// The table of a language's Braille sheet.
    pub fn of(lang: Lang) -> Result<BrailleTable, BrailleError> {
        BrailleTable::open(lang.table().braille_table)
    }

    /// The table's name.
    pub fn name(&self) -> String {
        self.name.to_string_lossy().into_owned()
    }

    /// Print text into Braille cells.
    pub fn translate(&self, text: &str) -> Result<Vec<BrailleCell>, BrailleError> {
        let input: Vec<u32> = text.chars().map(u32::from).collect();
        let output = self.call(Direction::Forward, &input, text)?;
        output
            .into_iter()
            .map(|c| {
                let dots = c & !LOU_DOTS;
                if dots > 0x3f {
                    Err(BrailleError::EightDots {
                        table: self.name(),
                        text: text.to_string(),
                    })
                } else {
                    Ok(dots as BrailleCell)
                }
            })
            .collect()
    }

    /// Braille cells back into print text.
    pub fn back_translate(&self, cells: &[BrailleCell]) -> Result<String, BrailleError> {
        let input: Vec<u32> = cells.iter().map(|&c| LOU_DOTS | u32::from(c)).collect();
        let shown: String = cells.iter().map(|&c| record::brf_char(c)).collect();
        let output = self.call(Direction::Back, &input, &shown)?;
        Ok(output.into_iter().filter_map(char::from_u32).collect())
    }

    /// One liblouis translation, with an output buffer grown until it holds the whole.
    fn call(
        &self,
        direction: Direction,
        input: &[u32],
        text: &str,
    ) -> Result<Vec<u32>, BrailleError> {
        let failed = || BrailleError::Failed {
            table: self.name(),
            text: text.to_string(),
        };
        if input.is_empty() {
            return Ok(Vec::new());
        }
        let _lock = lock();
        // SAFETY: no arguments; returns the size of liblouis' characters.
        let size = unsafe { lou_charSize() };
        let mut capacity = input.len() * 4 + 32;
        loop {
            let mut inlen = c_int::try_from(input.len()).map_err(|_| failed())?;
            let mut outlen = c_int::try_from(capacity).map_err(|_| failed())?;
            let (ok, out) = match size {
                4 => {
                    let mut out = vec![0u32; capacity];
                    let ok = self.raw(
                        direction,
                        input.as_ptr().cast(),
                        &mut inlen,
                        out.as_mut_ptr().cast(),
                        &mut outlen,
                    );
                    (ok, out)
                }
                2 => {
                    let narrow: Vec<u16> = input
                        .iter()
                        .map(|&c| u16::try_from(c).map_err(|_| failed()))
                        .collect::<Result<_, _>>()?;
                    let mut out = vec![0u16; capacity];
                    let ok = self.raw(
                        direction,
                        narrow.as_ptr().cast(),
                        &mut inlen,
                        out.as_mut_ptr().cast(),
                        &mut outlen,
                    );
                    (ok, out.into_iter().map(u32::from).collect())
                }
                size => {
                    drop(_lock);
                    return Err(BrailleError::CharSize {
                        version: version(),
                        size,
                    });
                }
            };
            if ok == 0 {
                return Err(failed());
            }
            let consumed = usize::try_from(inlen).unwrap_or(0);
            let produced = usize::try_from(outlen).unwrap_or(0).min(capacity);
            if consumed >= input.len() && produced < capacity {
                let mut out = out;
                out.truncate(produced);
                return Ok(out);
            }
            if capacity > input.len() * 64 + 4096 {
                return Err(failed());
            }
            capacity *= 2;
        }
    }

    /// The C call; the caller holds the lock and owns the buffers.
    fn raw(
        &self,
        direction: Direction,
        input: *const c_void,
        inlen: &mut c_int,
        output: *mut c_void,
        outlen: &mut c_int,
    ) -> c_int {
        let function = match direction {
            Direction::Forward => lou_translateString,
            Direction::Back => lou_backTranslateString,
        };
        // SAFETY: `input` holds `*inlen` characters and `output` room for `*outlen`, both of
        // liblouis' character size; typeform and spacing may be NULL; the table name is a
        // valid C string; the lock keeps other threads out of liblouis.
        unsafe {
            function(
                self.name.as_ptr(),
                input,
                inlen,
                output,
                outlen,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                DOTS_IO,
            )
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Direction {
    Forward,
    Back,
}

/// The Braille Ready Format file of a form, translated with its language's table.
pub fn braille_sheet(form: &Form) -> Result<String, BrailleError> {
    let table = BrailleTable::of(form.lang)?;
    let lines = form
        .print_lines()
        .into_iter()
        .map(|line| {
            Ok(BrailleLine {
                cells: table.translate(&line.text)?,
                indent: line.indent,
            })
        })
        .collect::<Result<Vec<_>, BrailleError>>()?;
    record::paginate_braille(&lines, |page| table.translate(&page.to_string()))
}
