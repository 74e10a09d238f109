//! Help texts of the command line made from the language tables, so that a language added
//! to the tables is listed by every option that takes one.

/// The languages as help texts list them: "de, en, fr" ([`annexd_core::Lang::ALL`]).
pub(crate) fn languages() -> String {
    let codes: Vec<&str> = annexd_core::Lang::ALL.iter().map(|l| l.code()).collect();
    codes.join(", ")
}

/// The help of a `--lang` option: every language the program speaks.
pub(crate) fn lang_help() -> String {
    format!("The language of what is said and shown: {}", languages())
}

/// The help of a `--lang` option that means something of its own: "`what`: de, en,
/// fr`after`."
pub(crate) fn lang_help_about(what: &str, after: &str) -> String {
    format!("{what}: {}{after}.", languages())
}
