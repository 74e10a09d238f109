//! Messages of the command line for the user: the words of the language's table first (the
//! words the program would say), then any technical detail in English, the way the program
//! reports everything ("Fehler in der Einstellung: annexd.toml line 2: …").

use std::fmt::Display;

use annexd_core::{Speech, Token, Word};

/// The words of `tokens` in the language, then the detail after a colon (none if empty).
pub fn message(speech: impl Into<Speech>, tokens: &[Token], detail: impl Display) -> String {
    let words = speech.into().text(tokens);
    let detail = detail.to_string();
    if detail.is_empty() {
        words
    } else {
        format!("{words}: {detail}")
    }
}

/// One fixed word of the table, then the detail.
pub fn word_message(speech: impl Into<Speech>, word: Word, detail: impl Display) -> String {
    message(speech, &[Token::Word(word)], detail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use annexd_core::Lang;

    #[test]
    fn words_first_then_the_detail() {
        assert_eq!(
            word_message(Lang::Fr, Word::ConfigError, "a.toml line 2: bad"),
            "erreur dans les réglages: a.toml line 2: bad"
        );
        assert_eq!(
            word_message(Lang::De, Word::NoVoice, ""),
            "keine Stimme gefunden"
        );
    }
}
