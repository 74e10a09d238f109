//! The engine choice: the one place that names the recognition features. [`ENGINES`] lists
//! the recognisers built into the program, and [`load`] finds (with the one model finder,
//! [`super::models::find_model`]) and loads the model of the one the setting
//! `[listen] recogniser` / `--recogniser` chooses (see the core's [`RecogniserChoice`]). A
//! program built without either loads none and says so ([`ModelError::NotBuilt`]). A third
//! recogniser is a module implementing [`super::recogniser::SpeechModel`] and one entry here.

use std::path::Path;

use super::models::{ModelError, find_model, kind_of};
use super::recogniser::LoadedModel;
use annexd_core::Lang;
use annexd_core::listen::{RecogniserChoice, RecogniserKind};

/// A recogniser built into this program.
struct Engine {
    kind: RecogniserKind,
    /// Loads a model of this recogniser from a folder, for listening in a language.
    load: fn(&Path, Lang) -> Result<LoadedModel, ModelError>,
}

/// The recognisers built in: the one place where the features `recognition` (Vosk) and
/// `whisper` are named.
const ENGINES: &[Engine] = &[
    #[cfg(feature = "recognition")]
    Engine {
        kind: RecogniserKind::Vosk,
        load: super::vosk::load,
    },
    #[cfg(feature = "whisper")]
    Engine {
        kind: RecogniserKind::Whisper,
        load: super::whisper::load,
    },
];

/// Whether the program was built with `kind`.
pub fn is_built(kind: RecogniserKind) -> bool {
    ENGINES.iter().any(|e| e.kind == kind)
}

/// Finds and loads the model of the recogniser `choice` asks for. Under `auto`, where Vosk is
/// built in: the kind of `explicit` when a folder is given, else Vosk where a Vosk model of
/// `lang` is installed; else Whisper (where it is built in).
pub fn load(
    choice: RecogniserChoice,
    explicit: Option<&Path>,
    lang: Lang,
) -> Result<LoadedModel, ModelError> {
    if ENGINES.is_empty() {
        return Err(ModelError::NotBuilt);
    }
    let vosk_available = is_built(RecogniserKind::Vosk)
        && match explicit {
            // A folder that is neither kind gets Vosk's reason.
            Some(dir) => kind_of(dir) != Some(RecogniserKind::Whisper),
            None => find_model(RecogniserKind::Vosk, None, lang).is_ok(),
        };
    let kind = match choice {
        RecogniserChoice::Auto if !is_built(RecogniserKind::Whisper) => RecogniserKind::Vosk,
        choice => choice.resolve(vosk_available),
    };
    let Some(engine) = ENGINES.iter().find(|e| e.kind == kind) else {
        return Err(ModelError::NotBuilt);
    };
    (engine.load)(&find_model(kind, explicit, lang)?, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder that looks like a Whisper model but holds none.
    fn fake_whisper(root: &Path) -> std::path::PathBuf {
        let dir = root.join("whisper-fake");
        std::fs::create_dir_all(&dir).unwrap();
        for file in ["model.bin", "tokenizer.json", "config.json"] {
            std::fs::write(dir.join(file), b"not a model").unwrap();
        }
        dir
    }

    #[test]
    fn the_folder_given_decides_the_recogniser_under_auto() {
        let root = tempfile::tempdir().unwrap();
        let whisper = fake_whisper(root.path());
        let neither = root.path().join("neither");
        std::fs::create_dir_all(&neither).unwrap();
        let load = |choice, dir: &Path| load(choice, Some(dir), Lang::De).unwrap_err();
        if ENGINES.is_empty() {
            assert_eq!(load(RecogniserChoice::Auto, &whisper), ModelError::NotBuilt);
            return;
        }
        // A Whisper folder under auto: Whisper tries it (and cannot load this one).
        if is_built(RecogniserKind::Whisper) {
            assert_eq!(
                load(RecogniserChoice::Auto, &whisper),
                ModelError::LoadFailed(whisper.clone())
            );
            assert_eq!(
                load(RecogniserChoice::Whisper, &neither),
                ModelError::NotAModel(neither.clone())
            );
        }
        // A folder that is neither: not a model, under auto.
        assert_eq!(
            load(RecogniserChoice::Auto, &neither),
            ModelError::NotAModel(neither.clone())
        );
        // Asked for Vosk, a Whisper folder is no Vosk model.
        if is_built(RecogniserKind::Vosk) {
            assert_eq!(
                load(RecogniserChoice::Vosk, &whisper),
                ModelError::NotAModel(whisper.clone())
            );
        }
    }
}
