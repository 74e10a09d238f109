//! A voice's recordings of the words for hearing: where they are kept in a voice folder and
//! which word each is. Each word of the language's lexicon (every word of moves and commands)
//! is heard from the folder's `hearing` subfolder (`annexd voices record --hearing`), or from
//! a clip of the voice whose words are that word alone ("Springer", "drei"). The listener
//! reads them (`crate::listen::own_voice`), the recording command records what is missing.

use std::path::{Path, PathBuf};

use super::voice::{CLIP_EXTENSIONS, VoiceError, clip_files};
use annexd_core::Lang;
use annexd_core::listen::{Lexicon, WordId};
use annexd_core::speech::clip_keys;

/// The folder inside a voice's folder that holds the words recorded for hearing only.
pub const HEARING_DIR: &str = "hearing";

/// The file name (without its extension) of a word recorded for hearing: the word in lower
/// case, every character that is no letter or digit as `_` ("c'est" → `c_est`).
pub fn hearing_stem(word: &str) -> String {
    word.chars()
        .flat_map(char::to_lowercase)
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect()
}

/// One way of saying a word of the lexicon (a form: "Springer", "knight") and its recording
/// in a voice folder, if there is one.
#[derive(Debug, Clone, PartialEq)]
pub struct FormRecording {
    /// The word.
    pub id: WordId,
    /// The form, as written.
    pub form: &'static str,
    /// Its recording: `hearing/<stem>.wav`, else a clip of the voice whose words are the
    /// form alone.
    pub path: Option<PathBuf>,
    /// The clip key whose words are the form alone, if the language speaks it so (what a
    /// voice's clip of it is named, and what the shipped voice says as a prompt).
    pub key: Option<&'static str>,
}

/// The recording of each form of each word of `lang`'s lexicon (the Annex D word and the
/// language's own in its place, "Springer" and "knight") in the voice folder `dir`: recorded
/// for hearing (`hearing/<stem>.wav`), else a clip of the voice whose words are that form
/// alone.
pub fn recordings(dir: &Path, lang: Lang) -> Result<Vec<FormRecording>, VoiceError> {
    let clips = clip_files(dir)?;
    let hearing = dir.join(HEARING_DIR);
    let lexicon = Lexicon::get(lang);
    let keys = clip_keys(lang);
    let mut out = Vec::new();
    for (id, word) in lexicon.words().iter().enumerate() {
        for &form in &word.forms {
            let stem = hearing_stem(form);
            let heard = CLIP_EXTENSIONS
                .iter()
                .map(|ext| hearing.join(format!("{stem}.{ext}")))
                .find(|path| path.is_file());
            let named: Vec<&'static str> = keys
                .iter()
                .filter(|k| hearing_stem(k.text) == stem)
                .map(|k| k.key)
                .collect();
            let spoken = || named.iter().find_map(|key| clips.get(*key).cloned());
            out.push(FormRecording {
                id: id as WordId,
                form,
                path: heard.or_else(spoken),
                key: named.first().copied(),
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_words_file_name_is_its_letters_in_lower_case() {
        assert_eq!(hearing_stem("Läufer"), "läufer");
        assert_eq!(hearing_stem("c'est"), "c_est");
        assert_eq!(hearing_stem("a-t-il"), "a_t_il");
    }

    #[test]
    fn a_word_is_heard_from_its_hearing_file_else_from_a_clip_of_it_alone() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(HEARING_DIR)).unwrap();
        std::fs::write(dir.path().join("p_knight.wav"), b"").unwrap();
        std::fs::write(dir.path().join(HEARING_DIR).join("annehmen.wav"), b"").unwrap();
        let lexicon = Lexicon::get(Lang::De);
        let found = recordings(dir.path(), Lang::De).unwrap();
        // German says every word one way.
        assert_eq!(found.len(), lexicon.words().len());
        let of = |word: &str| {
            let id = lexicon.lookup(word).unwrap();
            found.iter().find(|f| f.id == id).unwrap().path.clone()
        };
        assert_eq!(of("Springer"), Some(dir.path().join("p_knight.wav")));
        assert_eq!(
            of("annehmen"),
            Some(dir.path().join(HEARING_DIR).join("annehmen.wav"))
        );
        assert_eq!(of("Läufer"), None);
    }

    #[test]
    fn each_form_of_a_word_has_its_own_recording() {
        // English: the Annex D word's clip ("Springer") and the language's own ("knight").
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(HEARING_DIR)).unwrap();
        std::fs::write(dir.path().join("ad_p_knight.wav"), b"").unwrap();
        std::fs::write(dir.path().join(HEARING_DIR).join("knight.wav"), b"").unwrap();
        let found = recordings(dir.path(), Lang::En).unwrap();
        let lexicon = Lexicon::get(Lang::En);
        let id = lexicon.lookup("knight").unwrap();
        let forms: Vec<(&str, Option<PathBuf>)> = found
            .iter()
            .filter(|f| f.id == id)
            .map(|f| (f.form, f.path.clone()))
            .collect();
        assert_eq!(
            forms,
            [
                ("Springer", Some(dir.path().join("ad_p_knight.wav"))),
                (
                    "knight",
                    Some(dir.path().join(HEARING_DIR).join("knight.wav"))
                ),
            ]
        );
        assert!(found.len() > lexicon.words().len());
    }
}
