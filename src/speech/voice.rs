//! Voices: a folder per language and voice (`voices/<lang>/<name>/`) holding one audio file
//! per clip key (OGG Vorbis, WAV or FLAC) and a `voice.toml`. Loading decodes every clip once
//! into memory (mono, one sample rate, on every core at once) so that playback can start at
//! once (a tool that says a few words decodes only theirs); checking lists the keys a voice
//! lacks; the library finds voices on disk.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use annexd_core::Lang;
use annexd_core::speech::clip_keys;

/// The file describing a voice, in its folder.
pub const VOICE_TOML: &str = "voice.toml";
/// The voice used when none is named.
pub const DEFAULT_VOICE: &str = "espeak";
/// Audio file extensions a voice may use, in order of preference when a key has several.
pub const CLIP_EXTENSIONS: [&str; 3] = ["ogg", "wav", "flac"];

/// What `voice.toml` says about a voice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoiceInfo {
    /// The voice's name (its folder name).
    pub name: String,
    /// The language its clips speak.
    pub language: Lang,
    /// Under which licence the recordings may be used.
    pub licence: String,
    /// How the clips were made (synthesiser and settings, or who recorded them).
    pub made_with: String,
}

/// Why a voice could not be found or loaded.
#[derive(Debug, thiserror::Error)]
pub enum VoiceError {
    /// No folder with a `voice.toml` for this language and name.
    #[error("no {lang} voice{} found (looked in {})", name.as_deref().map(|n| format!(" named '{n}'")).unwrap_or_default(), show_paths(searched))]
    NotFound {
        /// The language asked for.
        lang: Lang,
        /// The name asked for, if any.
        name: Option<String>,
        /// The folders searched.
        searched: Vec<PathBuf>,
    },
    /// A file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// `voice.toml` is not valid.
    #[error("{} is not a valid voice description: {reason}", path.display())]
    BadInfo {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A clip cannot be decoded.
    #[error("cannot decode the clip {}: {reason}", path.display())]
    BadClip {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The folder holds no clip at all.
    #[error("the voice in {} has no clips", dir.display())]
    Empty {
        /// The voice folder.
        dir: PathBuf,
    },
}

fn show_paths(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A loaded voice: every clip decoded to mono 16-bit samples at one rate.
#[derive(Debug, Clone)]
pub struct Voice {
    /// What `voice.toml` says.
    pub info: VoiceInfo,
    /// The folder it was loaded from.
    pub dir: PathBuf,
    sample_rate: u32,
    clips: HashMap<String, Box<[i16]>>,
}

impl Voice {
    /// Reads `voice.toml` of a voice folder.
    pub fn read_info(dir: &Path) -> Result<VoiceInfo, VoiceError> {
        let path = dir.join(VOICE_TOML);
        let text = fs::read_to_string(&path).map_err(|source| VoiceError::Io {
            path: path.clone(),
            source,
        })?;
        toml::from_str(&text).map_err(|e| VoiceError::BadInfo {
            path,
            reason: e.to_string(),
        })
    }

    /// Loads a voice folder, decoding every clip.
    pub fn load(dir: &Path) -> Result<Voice, VoiceError> {
        Voice::load_some(dir, None)
    }

    /// Loads a voice folder, decoding only the clips of `keys` (a tool that says a few words,
    /// `annexd say --out`): the voice's sample rate is still its first clip's, as in
    /// [`Voice::load`], so that the same words come out the same. Keys it has no clip for
    /// are left out, as `load` leaves them.
    pub fn load_keys(dir: &Path, keys: &[&str]) -> Result<Voice, VoiceError> {
        Voice::load_some(dir, Some(keys))
    }

    fn load_some(dir: &Path, only: Option<&[&str]>) -> Result<Voice, VoiceError> {
        let info = Voice::read_info(dir)?;
        let files = clip_files(dir)?;
        let mut keys: Vec<_> = files.keys().cloned().collect();
        keys.sort();
        // The first clip sets the rate, whether it is wanted or not.
        let Some(first) = keys.first() else {
            return Err(VoiceError::Empty {
                dir: dir.to_owned(),
            });
        };
        let (first_samples, sample_rate) = decode_mono(&files[first])?;
        let wanted = |key: &String| only.is_none_or(|only| only.contains(&key.as_str()));
        let mut clips = HashMap::with_capacity(keys.len());
        if wanted(first) {
            clips.insert(first.clone(), to_i16(&first_samples));
        }
        let rest: Vec<(&String, &PathBuf)> = keys[1..]
            .iter()
            .filter(|key| wanted(key))
            .map(|key| (key, &files[key]))
            .collect();
        clips.extend(decode_clips(&rest, sample_rate)?);
        if clips.is_empty() {
            return Err(VoiceError::Empty {
                dir: dir.to_owned(),
            });
        }
        Ok(Voice {
            info,
            dir: dir.to_owned(),
            sample_rate,
            clips,
        })
    }

    /// A voice made in memory (for tests and tools): clips given as mono samples at one rate.
    pub fn from_clips(
        info: VoiceInfo,
        sample_rate: u32,
        clips: impl IntoIterator<Item = (String, Vec<i16>)>,
    ) -> Voice {
        let clips = clips
            .into_iter()
            .map(|(k, s)| (k, s.into_boxed_slice()))
            .collect();
        Voice {
            info,
            dir: PathBuf::new(),
            sample_rate,
            clips,
        }
    }

    /// The sample rate of every clip.
    pub fn sample_rate(&self) -> u32 {
        self.sample_rate
    }

    /// The samples of a clip.
    pub fn clip(&self, key: &str) -> Option<&[i16]> {
        self.clips.get(key).map(|c| &**c)
    }

    /// How long a clip lasts.
    pub fn clip_duration(&self, key: &str) -> Option<Duration> {
        self.clip(key)
            .map(|c| Duration::from_secs_f64(c.len() as f64 / self.sample_rate as f64))
    }

    /// How many clips the voice has.
    pub fn len(&self) -> usize {
        self.clips.len()
    }

    /// True when the voice has no clip.
    pub fn is_empty(&self) -> bool {
        self.clips.is_empty()
    }

    /// The memory held by decoded samples, in bytes.
    pub fn decoded_bytes(&self) -> usize {
        self.clips
            .values()
            .map(|c| c.len() * std::mem::size_of::<i16>())
            .sum()
    }

    /// The keys of the voice's language that it has no clip for.
    pub fn missing_keys(&self) -> Vec<&'static str> {
        clip_keys(self.info.language)
            .into_iter()
            .map(|k| k.key)
            .filter(|k| !self.clips.contains_key(*k))
            .collect()
    }

    /// Fills the clips this voice lacks from another voice (a partly recorded personal voice
    /// completed by a shipped one). Returns how many were taken.
    pub fn fill_from(&mut self, other: &Voice) -> usize {
        let mut taken = 0;
        for key in clip_keys(self.info.language) {
            if self.clips.contains_key(key.key) {
                continue;
            }
            if let Some(samples) = other.clip(key.key) {
                let samples = if other.sample_rate == self.sample_rate {
                    samples.into()
                } else {
                    let f: Vec<f32> = samples.iter().map(|&s| s as f32 / 32768.0).collect();
                    to_i16(&resample_linear(&f, other.sample_rate, self.sample_rate))
                };
                self.clips.insert(key.key.to_owned(), samples);
                taken += 1;
            }
        }
        taken
    }
}

/// The clip files of a voice folder by key (the file stem), without decoding them.
pub fn clip_files(dir: &Path) -> Result<HashMap<String, PathBuf>, VoiceError> {
    let entries = fs::read_dir(dir).map_err(|source| VoiceError::Io {
        path: dir.to_owned(),
        source,
    })?;
    let mut files: HashMap<String, (usize, PathBuf)> = HashMap::new();
    for entry in entries {
        let path = entry
            .map_err(|source| VoiceError::Io {
                path: dir.to_owned(),
                source,
            })?
            .path();
        let (Some(stem), Some(ext)) = (
            path.file_stem().and_then(|s| s.to_str()),
            path.extension().and_then(|s| s.to_str()),
        ) else {
            continue;
        };
        let Some(rank) = CLIP_EXTENSIONS
            .iter()
            .position(|e| e.eq_ignore_ascii_case(ext))
        else {
            continue;
        };
        let better = files.get(stem).is_none_or(|(r, _)| rank < *r);
        if better {
            files.insert(stem.to_owned(), (rank, path));
        }
    }
    Ok(files.into_iter().map(|(k, (_, p))| (k, p)).collect())
}

/// A clip's key and its samples.
type DecodedClip = (String, Box<[i16]>);

/// Decodes the clip files of `clips` (key, file) at `sample_rate`, on as many threads as
/// the machine has cores (a game's voice has some 700 clips: on a Raspberry Pi's four cores
/// the start waits a quarter as long; docs/benchmarks.md). A clip that cannot be decoded
/// fails the whole, the first such in the order given.
fn decode_clips(
    clips: &[(&String, &PathBuf)],
    sample_rate: u32,
) -> Result<Vec<DecodedClip>, VoiceError> {
    let decode = |&(key, path): &(&String, &PathBuf)| -> Result<DecodedClip, VoiceError> {
        let (samples, rate) = decode_mono(path)?;
        let samples = if rate == sample_rate {
            samples
        } else {
            resample_linear(&samples, rate, sample_rate)
        };
        Ok((key.clone(), to_i16(&samples)))
    };
    // A few clips (a tool's words) are not worth a thread.
    const PER_THREAD_AT_LEAST: usize = 16;
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(clips.len() / PER_THREAD_AT_LEAST)
        .max(1);
    if threads == 1 {
        return clips.iter().map(decode).collect();
    }
    let share = clips.len().div_ceil(threads);
    let parts: Vec<Result<Vec<_>, VoiceError>> = std::thread::scope(|scope| {
        let workers: Vec<_> = clips
            .chunks(share)
            .map(|part| scope.spawn(move || part.iter().map(decode).collect()))
            .collect();
        workers
            .into_iter()
            .map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    let mut decoded = Vec::with_capacity(clips.len());
    for part in parts {
        decoded.extend(part?);
    }
    Ok(decoded)
}

/// Decodes an audio file into mono samples and its sample rate.
pub fn decode_mono(path: &Path) -> Result<(Vec<f32>, u32), VoiceError> {
    use rodio::Source;
    let file = fs::File::open(path).map_err(|source| VoiceError::Io {
        path: path.to_owned(),
        source,
    })?;
    let decoder = rodio::Decoder::try_from(file).map_err(|e| VoiceError::BadClip {
        path: path.to_owned(),
        reason: e.to_string(),
    })?;
    let channels = decoder.channels().get() as usize;
    let rate = decoder.sample_rate().get();
    let interleaved: Vec<f32> = decoder.collect();
    let mono = if channels == 1 {
        interleaved
    } else {
        interleaved
            .chunks(channels)
            .map(|frame| frame.iter().sum::<f32>() / channels as f32)
            .collect()
    };
    Ok((mono, rate))
}

/// Converts samples in -1 … 1 to 16-bit.
pub fn to_i16(samples: &[f32]) -> Box<[i16]> {
    samples
        .iter()
        .map(|&s| (s * 32767.0).round().clamp(-32768.0, 32767.0) as i16)
        .collect()
}

/// Changes the sample rate by linear interpolation (enough for speech clips of a voice that
/// mixes rates; recordings are saved at the voice rate already).
pub fn resample_linear(samples: &[f32], from: u32, to: u32) -> Vec<f32> {
    if from == to || samples.is_empty() {
        return samples.to_vec();
    }
    let out_len = (samples.len() as u64 * to as u64 / from as u64) as usize;
    let step = from as f64 / to as f64;
    (0..out_len)
        .map(|i| {
            let pos = i as f64 * step;
            let at = pos as usize;
            let frac = (pos - at as f64) as f32;
            let a = samples[at.min(samples.len() - 1)];
            let b = samples[(at + 1).min(samples.len() - 1)];
            a + (b - a) * frac
        })
        .collect()
}

/// Where voices are looked for, in order.
#[derive(Debug, Clone)]
pub struct VoiceLibrary {
    /// Folders holding `<lang>/<name>/voice.toml`.
    pub roots: Vec<PathBuf>,
}

impl Default for VoiceLibrary {
    fn default() -> Self {
        VoiceLibrary {
            roots: default_roots(),
        }
    }
}

/// The folders searched for voices, in order: `$ANNEXD_VOICES` (a list like `PATH`), then
/// `voices/` in each of [`crate::data_dirs::roots`] (personal, system, beside the program's
/// prefix, the checkout of a development build; see docs/install.md).
pub fn default_roots() -> Vec<PathBuf> {
    let mut roots = Vec::new();
    if let Some(list) = std::env::var_os("ANNEXD_VOICES") {
        roots.extend(std::env::split_paths(&list));
    }
    roots.extend(crate::data_dirs::search(crate::data_dirs::VOICES));
    let mut unique = Vec::new();
    for root in roots {
        if !unique.contains(&root) {
            unique.push(root);
        }
    }
    unique
}

/// Where personal recordings are saved: `voices/` in the personal data folder.
pub fn personal_root() -> PathBuf {
    crate::data_dirs::personal(crate::data_dirs::VOICES)
        .unwrap_or_else(|| PathBuf::from(".local/share/annexd/voices"))
}

/// A voice found on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundVoice {
    /// Its language (the folder it is in).
    pub lang: Lang,
    /// Its name (its folder).
    pub name: String,
    /// The folder.
    pub dir: PathBuf,
}

impl VoiceLibrary {
    /// A library searching only these folders.
    pub fn with_roots(roots: Vec<PathBuf>) -> Self {
        VoiceLibrary { roots }
    }

    /// Every voice found, in search order; a name found twice is listed where found first.
    pub fn list(&self) -> Vec<FoundVoice> {
        let mut found: Vec<FoundVoice> = Vec::new();
        for root in &self.roots {
            for lang in Lang::ALL {
                // Most roots hold no folder for most languages: nothing to say.
                let Ok(entries) = fs::read_dir(root.join(lang.code())) else {
                    continue;
                };
                // An entry that cannot be read is no voice (`voices list` shows what is found).
                let mut dirs: Vec<PathBuf> = entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.join(VOICE_TOML).is_file())
                    .collect();
                dirs.sort();
                for dir in dirs {
                    let name = dir
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    if !found.iter().any(|f| f.lang == lang && f.name == name) {
                        found.push(FoundVoice { lang, name, dir });
                    }
                }
            }
        }
        found
    }

    /// The folder of a voice: the one named, or the default voice, or else the first voice of
    /// the language.
    pub fn find(&self, lang: Lang, name: Option<&str>) -> Result<FoundVoice, VoiceError> {
        let voices: Vec<_> = self.list().into_iter().filter(|v| v.lang == lang).collect();
        let pick = match name {
            Some(name) => voices.iter().find(|v| v.name == name),
            None => voices
                .iter()
                .find(|v| v.name == DEFAULT_VOICE)
                .or(voices.first()),
        };
        pick.cloned().ok_or_else(|| VoiceError::NotFound {
            lang,
            name: name.map(str::to_owned),
            searched: self.roots.clone(),
        })
    }

    /// Loads a voice; a voice other than the default is completed from the default voice of
    /// its language where it lacks clips. Returns the voice and how many clips were borrowed.
    pub fn load(&self, lang: Lang, name: Option<&str>) -> Result<(Voice, usize), VoiceError> {
        self.load_some(lang, name, None)
    }

    /// Loads the clips of `keys` of a voice, completed from the default voice as [`load`]
    /// completes it (for a tool that says a few words: 733 clips decoded took 0.8 s here).
    ///
    /// [`load`]: VoiceLibrary::load
    pub fn load_keys(
        &self,
        lang: Lang,
        name: Option<&str>,
        keys: &[&str],
    ) -> Result<(Voice, usize), VoiceError> {
        self.load_some(lang, name, Some(keys))
    }

    fn load_some(
        &self,
        lang: Lang,
        name: Option<&str>,
        only: Option<&[&str]>,
    ) -> Result<(Voice, usize), VoiceError> {
        let found = self.find(lang, name)?;
        let mut voice = Voice::load_some(&found.dir, only)?;
        let lacks = match only {
            None => !voice.missing_keys().is_empty(),
            Some(keys) => keys.iter().any(|k| voice.clip(k).is_none()),
        };
        let mut borrowed = 0;
        if found.name != DEFAULT_VOICE
            && lacks
            && let Ok(default) = self.find(lang, Some(DEFAULT_VOICE))
        {
            borrowed = voice.fill_from(&Voice::load_some(&default.dir, only)?);
        }
        Ok((voice, borrowed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resampling_keeps_the_duration() {
        let one_second: Vec<f32> = (0..48_000).map(|i| (i as f32 * 0.01).sin()).collect();
        assert_eq!(resample_linear(&one_second, 48_000, 22_050).len(), 22_050);
        assert_eq!(resample_linear(&one_second, 48_000, 48_000).len(), 48_000);
    }

    #[test]
    fn samples_convert_to_16_bit_without_wrapping() {
        assert_eq!(
            &*to_i16(&[0.0, 1.0, -1.0, 2.0, -2.0]),
            &[0, 32767, -32767, 32767, -32768]
        );
    }
}
