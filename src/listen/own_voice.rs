//! The player's own voice, heard: the words the player recorded with `annexd voices record`
//! (the clips of the voice that speaks, and the words recorded for hearing with `--hearing`)
//! searched beside the recogniser in every utterance (issue 28; docs/listen.md, "The
//! player's own voice").
//!
//! [`load`] reads a voice folder's recordings of every word of the language's lexicon into
//! the core's `WordTemplates` (the same capture path as the microphone's audio: mono, 16 kHz,
//! then the features of `annexd_dsp`), or says which words are missing. [`OwnVoiceModel`]
//! wraps a loaded model so that each recogniser it makes for the moves and commands also
//! searches the grammar with them ([`OwnVoiceRecogniser`]): what they found goes to the core
//! in `Heard::own_voice`, which understands the two hearings together
//! (`annexd_core::listen::combined`). The search runs on its own thread beside the
//! recogniser's decoding.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use super::audio::Conditioner;
use super::models::ModelError;
use super::recogniser::{Limits, Listening, LoadedModel, Recogniser, SpeechModel};
use crate::speech::hearing::recordings;
use crate::speech::voice::decode_mono;
use annexd_core::listen::{
    EndPointer, Frame, GrammarDecode, Heard, Lexicon, OwnVoiceHeard, PhraseGraph, RecogniserKind,
    TemplateSearchOptions, WordId, WordTemplates, centred, free_distance, search_templates,
};
use annexd_core::{Lang, Token, Word, WordSet};

/// The rate the recordings and the utterances are compared at.
const RATE: u32 = 16_000;

/// The longest utterance searched (the recogniser's own window is no longer).
const LONGEST: Duration = Duration::from_secs(10);

/// Why the player's own voice does not listen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OwnVoiceError {
    /// No such voice folder.
    #[error("no recorded voice in {}", .0.display())]
    NotFound(PathBuf),
    /// Words of the lexicon have no recording: phrases with them could not be found.
    #[error(
        "the voice in {} has no recording of {} words it needs for hearing ({}, …): `annexd voices record --hearing` records them",
        .dir.display(),
        .missing.len(),
        .missing.iter().take(5).copied().collect::<Vec<_>>().join(", ")
    )]
    Incomplete {
        /// The voice's folder.
        dir: PathBuf,
        /// The words without a recording, as written.
        missing: Vec<&'static str>,
    },
    /// A recording cannot be read.
    #[error("{}: {reason}", .path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

impl OwnVoiceError {
    /// What is said once when listening starts.
    pub fn tokens(&self) -> Vec<Token> {
        match self {
            OwnVoiceError::NotFound(_) => vec![Token::Word(Word::NoVoice)],
            OwnVoiceError::Incomplete { missing, .. } => vec![
                Token::Word(Word::OwnVoiceIncomplete),
                Token::Number(missing.len() as u32),
            ],
            OwnVoiceError::Unreadable { .. } => vec![Token::Word(Word::FileUnreadable)],
        }
    }
}

/// Reads the recordings of every word of `lang` in the voice folder `dir` as templates
/// (their common mean taken away): each form recorded ("Springer" and "knight" both stand
/// for the one word), so a player records the forms they say; an error names the words with
/// no form recorded.
pub fn load(dir: &Path, lang: Lang) -> Result<WordTemplates, OwnVoiceError> {
    if !dir.is_dir() {
        return Err(OwnVoiceError::NotFound(dir.to_owned()));
    }
    let found = recordings(dir, lang).map_err(|e| OwnVoiceError::Unreadable {
        path: dir.to_owned(),
        reason: e.to_string(),
    })?;
    let lexicon = Lexicon::get(lang);
    let missing: Vec<&'static str> = (0..lexicon.words().len())
        .map(|id| id as WordId)
        .filter(|&id| !found.iter().any(|f| f.id == id && f.path.is_some()))
        .map(|id| lexicon.word(id).text)
        .collect();
    if !missing.is_empty() {
        return Err(OwnVoiceError::Incomplete {
            dir: dir.to_owned(),
            missing,
        });
    }
    let mut recorded = Vec::with_capacity(found.len());
    for (id, path) in found.into_iter().filter_map(|f| Some((f.id, f.path?))) {
        let unreadable = |reason: String| OwnVoiceError::Unreadable {
            path: path.clone(),
            reason,
        };
        let (samples, rate) = decode_mono(&path).map_err(|e| unreadable(e.to_string()))?;
        let samples = at_rate(&samples, rate).map_err(unreadable)?;
        let frames = features(&samples);
        if frames.is_empty() {
            return Err(unreadable("no speech in it".into()));
        }
        recorded.push((id, frames));
    }
    Ok(WordTemplates::from_recordings(recorded))
}

/// Mono samples at `rate` brought to 16 kHz by the capture path's own conditioner.
fn at_rate(samples: &[f32], rate: u32) -> Result<Vec<i16>, String> {
    let mut conditioner = Conditioner::new(rate, 1, RATE).map_err(|e| e.to_string())?;
    let mut out = conditioner.push(samples);
    out.extend(conditioner.finish());
    Ok(out)
}

fn features(samples: &[i16]) -> Vec<Frame> {
    let audio: Vec<f32> = samples.iter().map(|&s| f32::from(s) / 32768.0).collect();
    annexd_dsp::features::speech_features(&audio)
}

/// What the recorded words find in `samples` (16 kHz): the phrases, nearest first, the free
/// loop's distance and how far the nearest phrase's recordings were stretched; `None` where
/// the utterance has no frames of speech.
pub fn search(templates: &WordTemplates, lang: Lang, samples: &[i16]) -> Option<OwnVoiceHeard> {
    search_with(templates, lang, samples, &TemplateSearchOptions::default())
}

/// [`search`] with other search options (the accuracy benchmark's trials).
pub fn search_with(
    templates: &WordTemplates,
    lang: Lang,
    samples: &[i16],
    options: &TemplateSearchOptions,
) -> Option<OwnVoiceHeard> {
    let utterance = centred(&features(samples));
    let free = free_distance(templates, &utterance, options)?;
    let lexicon = Lexicon::get(lang);
    let found = search_templates(PhraseGraph::get(lang), templates, &utterance, options);
    let stretch = found
        .first()
        .map_or(0.0, |m| utterance.len() as f32 / m.recorded.max(1) as f32);
    let phrases = found
        .into_iter()
        .map(|m| {
            let words: Vec<&str> = m.words.iter().map(|&w| lexicon.word(w).text).collect();
            (words.join(" "), m.distance)
        })
        .collect();
    Some(OwnVoiceHeard {
        phrases,
        free,
        stretch,
    })
}

/// The folder of the voice `name` of `lang` among the personal voices (where `annexd voices
/// record` puts it), or `name` itself when it is a folder or a path.
pub fn voice_dir(name: &str, lang: Lang) -> PathBuf {
    let path = Path::new(name);
    if path.is_dir() || path.components().count() > 1 {
        return path.to_owned();
    }
    crate::speech::voice::personal_root()
        .join(lang.code())
        .join(name)
}

/// `model`, heard beside the recordings in `dir` when they can be read, and what to say
/// about it once ("die eigenen Aufnahmen hören mit", or why they do not).
pub fn hearing_with(model: LoadedModel, dir: &Path, lang: Lang) -> (LoadedModel, Vec<Token>) {
    match load(dir, lang) {
        Ok(templates) => {
            tracing::info!(
                "the player's own voice in {} listens too ({} words)",
                dir.display(),
                templates.words()
            );
            (
                OwnVoiceModel::wrap(model, templates, lang),
                vec![Token::Pause, Token::Word(Word::OwnVoiceHears)],
            )
        }
        Err(e) => {
            tracing::warn!("the player's own voice does not listen: {e}");
            let mut said = vec![Token::Pause];
            said.extend(e.tokens());
            (model, said)
        }
    }
}

/// A loaded model whose recognisers for the moves and commands also search with the
/// player's recorded words.
#[derive(Debug)]
pub struct OwnVoiceModel {
    inner: LoadedModel,
    templates: Arc<WordTemplates>,
    lang: Lang,
}

impl OwnVoiceModel {
    /// `inner`, heard beside `templates` (recorded in `lang`).
    pub fn wrap(inner: LoadedModel, templates: WordTemplates, lang: Lang) -> LoadedModel {
        Arc::new(OwnVoiceModel {
            inner,
            templates: Arc::new(templates),
            lang,
        })
    }
}

impl SpeechModel for OwnVoiceModel {
    fn kind(&self) -> RecogniserKind {
        self.inner.kind()
    }

    fn dir(&self) -> &Path {
        self.inner.dir()
    }

    fn load_time(&self) -> Duration {
        self.inner.load_time()
    }

    fn sample_rate(&self) -> u32 {
        self.inner.sample_rate()
    }

    fn missing_words_report(&self, words: WordSet) -> Option<Vec<Token>> {
        self.inner.missing_words_report(words)
    }

    fn knows_words(&self, lang: Lang) -> Result<(), ModelError> {
        self.inner.knows_words(lang)
    }

    fn recogniser(
        self: Arc<Self>,
        listening: &Listening<'_>,
    ) -> Result<Box<dyn Recogniser>, ModelError> {
        let inner = Arc::clone(&self.inner).recogniser(listening)?;
        // Only the moves and commands of the language the words were recorded in.
        if !listening.phrases.is_empty() || listening.lang != self.lang {
            return Ok(inner);
        }
        let rate = inner.limits().sample_rate;
        if rate != RATE {
            return Ok(inner);
        }
        Ok(Box::new(OwnVoiceRecogniser {
            inner,
            templates: Arc::clone(&self.templates),
            lang: self.lang,
            samples: Vec::new(),
            end_pointer: EndPointer::new(RATE),
            ends_utterances: false,
        }))
    }
}

/// A recogniser with the player's recorded words searching beside it.
#[derive(Debug)]
pub struct OwnVoiceRecogniser {
    inner: Box<dyn Recogniser>,
    templates: Arc<WordTemplates>,
    lang: Lang,
    /// The utterance so far (at most [`LONGEST`]): what the recogniser decodes.
    samples: Vec<i16>,
    /// Where speech begins, judged as Whisper's recogniser judges it, so that in always-on
    /// mode the quiet before an utterance is left out as it leaves it out.
    end_pointer: EndPointer,
    /// Always-on mode.
    ends_utterances: bool,
}

impl OwnVoiceRecogniser {
    /// The inner recogniser's result, with what the recorded words found in the same
    /// samples beside it (searched on a thread of its own while the recogniser decodes; a
    /// search that failed finds nothing, and the recogniser's hearing stands alone). `None`
    /// where the recogniser did not end the utterance: it goes on, its samples kept.
    fn with_own_voice(
        &mut self,
        decode: impl FnOnce(&mut dyn Recogniser) -> Option<Heard>,
    ) -> Option<Heard> {
        let samples = std::mem::take(&mut self.samples);
        let (templates, lang) = (Arc::clone(&self.templates), self.lang);
        let inner = &mut self.inner;
        let (heard, found) = std::thread::scope(|scope| {
            let search = scope.spawn(|| search(&templates, lang, &samples));
            let heard = decode(inner.as_mut());
            (heard, search.join().ok().flatten())
        });
        let Some(mut heard) = heard else {
            self.samples = samples;
            return None;
        };
        self.end_pointer.reset();
        if !heard.is_silence() {
            heard.own_voice = found;
        }
        Some(heard)
    }

    /// Keeps `samples` of the utterance; true where the end-pointer ended an utterance in
    /// them (Whisper's recogniser, judging the same samples alike, ends it there too).
    fn keep(&mut self, samples: &[i16]) -> bool {
        self.samples.extend_from_slice(samples);
        let ended = self.end_pointer.push(samples);
        // Nothing said yet (an utterance that just ended is kept whole for the search).
        if self.ends_utterances && !ended && !self.end_pointer.heard_speech() {
            // Only the last half second is kept, where speech may begin.
            let keep = RATE as usize / 2;
            let excess = self.samples.len().saturating_sub(keep);
            self.samples.drain(..excess);
        }
        let max = (LONGEST.as_secs() as usize) * RATE as usize;
        let excess = self.samples.len().saturating_sub(max);
        self.samples.drain(..excess);
        ended
    }
}

impl Recogniser for OwnVoiceRecogniser {
    fn kind(&self) -> RecogniserKind {
        self.inner.kind()
    }

    fn limits(&self) -> Limits {
        self.inner.limits()
    }

    fn set_end_pointing(&mut self, on: bool) {
        self.ends_utterances = on;
        self.inner.set_end_pointing(on);
    }

    fn set_position(&mut self, listening: &Listening<'_>) {
        self.inner.set_position(listening);
    }

    /// In always-on mode the recogniser ends the utterance here. Where this end-pointer
    /// ends it in the same samples (Whisper's, judging them alike), the recorded words search
    /// it while the recogniser decodes; a recogniser with an end-pointer of its own (Vosk's)
    /// may end it elsewhere, and is searched after.
    fn accept(&mut self, samples: &[i16]) -> Option<Heard> {
        if self.keep(samples) && self.ends_utterances {
            return self.with_own_voice(|inner| inner.accept(samples));
        }
        let mut heard = self.inner.accept(samples)?;
        let samples = std::mem::take(&mut self.samples);
        self.end_pointer.reset();
        if !heard.is_silence() {
            heard.own_voice = search(&self.templates, self.lang, &samples);
        }
        Some(heard)
    }

    fn finish(&mut self) -> Heard {
        self.with_own_voice(|inner| Some(inner.finish()))
            .unwrap_or_default()
    }

    fn reset(&mut self) {
        self.samples.clear();
        self.end_pointer.reset();
        self.inner.reset();
    }

    fn last_decode(&self) -> Option<GrammarDecode> {
        self.inner.last_decode()
    }
}
