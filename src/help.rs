//! Help texts of the command line made from the language tables, so that a language added
//! to the tables is listed by every option that takes one.

/// The help of a `--lang` option: every language the program speaks.
pub(crate) fn lang_help() -> String {
    let codes: Vec<&str> = annexd_core::Lang::ALL.iter().map(|l| l.code()).collect();
    format!(
        "The language of what is said and shown: {}",
        codes.join(", ")
    )
}
