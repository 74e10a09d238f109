//! The player's own voice (issue 28). With a natural voice (SVOX Pico): every word of the
//! German moves recorded once, slower and higher than the phrases are said later (a recording
//! of another day), matched with the features of annexd_dsp against the whole position-free
//! grammar by annexd_core's template search: its path from sound to words. Then the program
//! itself, `annexd recognize --own-voice DIR` with the real Whisper model: every word of the
//! lexicon recorded into a voice's `hearing` folder (as `annexd voices record --hearing` keeps
//! them) by espeak-ng's voice de+f3, the benchmark's voice Whisper base hears least well, and
//! moves, an illegal move, a command and a sentence said by it, understood with the recorded
//! words beside Whisper (docs/listen.md, "The player's own voice").
//!
//! Without Pico or sox these tests fail and say what to run (CI runs the setup first).

use std::path::Path;
use std::process::Command;

use annexd_core::Lang;
use annexd_core::listen::{
    Frame, Lexicon, PhraseGraph, TemplateSearchOptions, WordId, WordTemplates, centred,
    search_templates,
};
use annexd_dsp::features::{self, speech_features};

use crate::common::platform::Start;

const WORDS: &[&str] = &[
    "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector", "eins", "zwei", "drei",
    "vier", "fünf", "sechs", "sieben", "acht", "König", "Dame", "Turm", "Läufer", "Springer",
    "schlägt", "Schach",
];

fn run(program: &str, args: &[&str]) {
    let status = Command::new(program).args(args).start_status();
    assert!(
        status.as_ref().is_ok_and(|s| s.success()),
        "{program} {args:?} failed ({status:?}): scripts/setup.sh --test installs it"
    );
}

/// `text` said by Pico (German), through sox `effects`, as 16 kHz samples.
fn say(dir: &Path, text: &str, effects: &[&str]) -> Vec<f32> {
    let raw = dir.join("raw.wav");
    let out = dir.join("out.wav");
    run(
        "pico2wave",
        &["-l", "de-DE", "-w", raw.to_str().unwrap(), text],
    );
    to_16k(&raw, &out, effects);
    let mut reader = hound::WavReader::open(&out).unwrap();
    reader
        .samples::<i16>()
        .map(|s| f32::from(s.unwrap()) / 32768.0)
        .collect()
}

fn id(lexicon: &Lexicon, word: &str) -> WordId {
    lexicon
        .lookup(word)
        .unwrap_or_else(|| panic!("{word} is no word of the lexicon"))
}

/// Every word recorded once, slower and a semitone higher; the recordings' own mean taken
/// away from all of them together.
fn enrol(dir: &Path, lexicon: &Lexicon) -> WordTemplates {
    let recorded: Vec<(WordId, Vec<Frame>)> = WORDS
        .iter()
        .map(|word| {
            let samples = say(dir, word, &["tempo", "0.9", "pitch", "100"]);
            (id(lexicon, word), speech_features(&samples))
        })
        .collect();
    WordTemplates::from_recordings(recorded)
}

#[test]
fn moves_said_in_ones_own_voice_are_found_in_the_grammar_at_any_pace() {
    assert_eq!(features::FEATURES, annexd_core::listen::FEATURES);
    let dir = tempfile::tempdir().unwrap();
    let lexicon = Lexicon::get(Lang::De);
    let graph = PhraseGraph::get(Lang::De);
    let templates = enrol(dir.path(), lexicon);
    for (text, effects) in [
        ("Springer Felix drei", &[][..]),
        ("Turm Anna acht schlägt Anna eins Schach", &[][..]),
        ("Dame David sieben", &["tempo", "1.25"][..]),
        ("Eva zwei Eva vier", &["tempo", "0.85"][..]),
        // Position-free: a knight to f4 is found as itself, for the matcher to refuse.
        ("Springer Felix vier", &[][..]),
    ] {
        let samples = say(dir.path(), text, effects);
        let utterance = centred(&speech_features(&samples));
        let found = search_templates(
            graph,
            &templates,
            &utterance,
            &TemplateSearchOptions::default(),
        );
        let said: Vec<WordId> = text.split(' ').map(|w| id(lexicon, w)).collect();
        let named = |words: &[WordId]| {
            words
                .iter()
                .map(|&w| lexicon.word(w).text)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert!(
            found.first().is_some_and(|m| m.words == said),
            "{text} ({effects:?}) found as {:?}",
            found
                .iter()
                .map(|m| (named(&m.words), m.distance))
                .collect::<Vec<_>>()
        );
    }
}

/// Every form of every word of `lang`'s lexicon ("Springer" and "knight" in English) said by
/// espeak-ng's voice `voice`, slower and a semitone higher, kept in the voice folder `dir` as
/// `annexd voices record --hearing` keeps them (`hearing/<stem>.wav`, 16 kHz); or only
/// `only`, when given.
#[cfg(feature = "whisper")]
fn record_hearing(dir: &Path, voice: &str, lang: Lang, only: Option<&[&str]>) {
    let hearing = dir.join(annexd::speech::HEARING_DIR);
    std::fs::create_dir_all(&hearing).unwrap();
    let raw = dir.join("raw.wav");
    for word in Lexicon::get(lang).words() {
        for &form in &word.forms {
            if only.is_some_and(|only| !only.contains(&form)) {
                continue;
            }
            run(
                "espeak-ng",
                &["-v", voice, "-w", raw.to_str().unwrap(), form],
            );
            let stem = annexd::speech::hearing_stem(form);
            to_16k(
                &raw,
                &hearing.join(format!("{stem}.wav")),
                &["tempo", "0.9", "pitch", "100"],
            );
        }
    }
}

/// `input` as 16 kHz mono 16-bit samples in `output`, through sox `effects`, repeatably (-R:
/// sox's dither is otherwise random, and each run would hear other audio).
fn to_16k(input: &Path, output: &Path, effects: &[&str]) {
    let mut args = vec![
        "-R",
        input.to_str().unwrap(),
        "-r",
        "16000",
        "-c",
        "1",
        "-b",
        "16",
        output.to_str().unwrap(),
    ];
    args.extend(effects);
    run("sox", &args);
}

/// `text` said by espeak-ng's `voice` into `wav` (16 kHz).
#[cfg(feature = "whisper")]
fn espeak(dir: &Path, voice: &str, text: &str, wav: &Path) {
    espeak_then(dir, voice, text, wav, &[]);
}

/// [`espeak`], then sox's `effects`.
#[cfg(feature = "whisper")]
fn espeak_then(dir: &Path, voice: &str, text: &str, wav: &Path, effects: &[&str]) {
    let raw = dir.join("said.raw.wav");
    run(
        "espeak-ng",
        &["-v", voice, "-w", raw.to_str().unwrap(), text],
    );
    to_16k(&raw, wav, effects);
}

/// `annexd recognize --json` with the Whisper model in the start position, with `options`.
#[cfg(feature = "whisper")]
fn recognize(wav: &Path, options: &[&str]) -> (serde_json::Value, String) {
    recognize_in("de", wav, options)
}

/// `annexd recognize --json` in `lang` (as [`recognize`]).
#[cfg(feature = "whisper")]
fn recognize_in(lang: &str, wav: &Path, options: &[&str]) -> (serde_json::Value, String) {
    let model = crate::common::whisper_model();
    let output = crate::common::annexd()
        .arg("recognize")
        .args(options)
        .args(["--recogniser", "whisper", "--lang", lang, "--model"])
        .arg(&model)
        .arg(wav)
        .start_output()
        .expect("annexd runs");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json = stdout
        .lines()
        .find_map(|line| serde_json::from_str(line).ok())
        .unwrap_or(serde_json::Value::Null);
    (json, stdout)
}

#[test]
#[cfg(feature = "whisper")]
fn the_players_recorded_words_listen_beside_whisper() {
    let dir = tempfile::tempdir().unwrap();
    let voice = dir.path().join("mine");
    record_hearing(&voice, "de+f3", Lang::De, None);
    let own = ["--own-voice", voice.to_str().unwrap()];
    let wav = dir.path().join("said.wav");
    for (said, understood, heard_as) in [
        // A pawn move in the short form and with both squares; a knight move.
        ("Bauer Eva vier", "move", "Eva vier"),
        ("Eva zwei Eva vier", "move", "Eva vier"),
        ("Springer Hector drei", "move", "Springer Hector drei"),
        // Illegal in the start position: refused as that move, with its reason.
        (
            "Springer Felix vier",
            "rejected",
            "kein Springer erreicht Felix vier",
        ),
        (
            "Dame Hector fünf",
            "rejected",
            "Dame Hector fünf, der Weg ist versperrt",
        ),
        // A binding command: asked to be confirmed.
        ("Remis anbieten", "question", "Remis?"),
        // Speech that is no phrase: nothing.
        ("das Wetter ist heute schön", "rejected", "nicht verstanden"),
    ] {
        espeak(dir.path(), "de+f3", said, &wav);
        let mut options = own.to_vec();
        options.push("--json");
        let (json, stdout) = recognize(&wav, &options);
        let utterance = &json["utterances"][0];
        assert_eq!(utterance["understood"], understood, "{said}: {stdout}");
        assert_eq!(utterance["said"], heard_as, "{said}: {stdout}");
        let found = &utterance["own_voice"];
        assert!(found["free"].as_f64().is_some(), "{said}: {stdout}");
        if understood != "rejected" || heard_as != "nicht verstanden" {
            assert_eq!(
                found["phrases"][0]["text"], said,
                "{said}: the recorded words found it first: {stdout}"
            );
        }
    }
    // Said once when listening starts.
    espeak(dir.path(), "de+f3", "Bauer Eva vier", &wav);
    let (_, stdout) = recognize(&wav, &own);
    assert!(
        stdout.contains("die eigenen Aufnahmen hören mit"),
        "{stdout}"
    );
    // The text report says what they found, nearest first, and the words in any order.
    assert!(
        stdout.contains("die eigenen Aufnahmen fanden, Bauer Eva vier, Abstand"),
        "{stdout}"
    );
    assert!(
        stdout.contains(" oder beliebige Wörter, Abstand"),
        "{stdout}"
    );
}

#[test]
#[cfg(feature = "whisper")]
fn an_incomplete_recorded_voice_is_said_once_and_whisper_listens_alone() {
    let dir = tempfile::tempdir().unwrap();
    let voice = dir.path().join("mine");
    record_hearing(&voice, "de", Lang::De, Some(&["Springer", "Felix", "drei"]));
    let wav = dir.path().join("said.wav");
    say_to(dir.path(), "Springer Felix drei", &wav);
    let (_, stdout) = recognize(&wav, &["--own-voice", voice.to_str().unwrap()]);
    let missing = Lexicon::get(Lang::De).words().len() - 3;
    let count = Lang::De.text(&[annexd_core::Token::Number(missing as u32)]);
    assert!(
        stdout.contains(&format!(
            "die eigenen Aufnahmen hören nicht mit, noch nicht aufgenommene Wörter: {count}"
        )),
        "{stdout}"
    );
    // Whisper alone still plays the move.
    let (json, stdout) = recognize(&wav, &["--own-voice", voice.to_str().unwrap(), "--json"]);
    assert_eq!(json["utterances"][0]["understood"], "move", "{stdout}");
    assert!(json["utterances"][0]["own_voice"].is_null(), "{stdout}");
    // A folder that is not there: said the same way, as no voice found.
    let (_, stdout) = recognize(
        &wav,
        &["--own-voice", dir.path().join("none").to_str().unwrap()],
    );
    assert!(stdout.contains("keine Stimme gefunden"), "{stdout}");
}

/// `text` said by Pico into `wav` (16 kHz).
#[cfg(feature = "whisper")]
fn say_to(dir: &Path, text: &str, wav: &Path) {
    let samples = say(dir, text, &[]);
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 16_000,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut writer = hound::WavWriter::create(wav, spec).unwrap();
    for s in samples {
        writer.write_sample((s * 32768.0) as i16).unwrap();
    }
    writer.finalize().unwrap();
}

/// English (or French) says each word two ways, the Annex D word and its own ("Springer",
/// "knight"): both are recorded and both heard, as the one word. Before each form had its own
/// recording only the Annex D words were, and "knight Felix three" was found as a command.
#[test]
#[cfg(feature = "whisper")]
fn a_move_in_the_languages_own_words_is_found_by_the_recorded_words_as_in_the_annex_d_words() {
    let dir = tempfile::tempdir().unwrap();
    let voice = dir.path().join("mine");
    record_hearing(&voice, "en-us", Lang::En, None);
    let wav = dir.path().join("said.wav");
    for said in ["knight Hector three", "Springer Hector drei"] {
        espeak(dir.path(), "en-us", said, &wav);
        let (json, stdout) = recognize_in(
            "en",
            &wav,
            &["--own-voice", voice.to_str().unwrap(), "--json"],
        );
        let utterance = &json["utterances"][0];
        assert_eq!(
            utterance["own_voice"]["phrases"][0]["text"], "Springer Hector drei",
            "{said}: the recorded words found it first: {stdout}"
        );
        assert_eq!(utterance["understood"], "move", "{said}: {stdout}");
    }
}

/// In always-on mode the recogniser ends an utterance by the quiet after it; the recorded
/// words must search the whole utterance (they once had only its last half second, the quiet,
/// since the end-pointer starts over where an utterance ends), while Whisper decodes it.
#[test]
#[cfg(feature = "whisper")]
fn always_on_the_recorded_words_search_the_whole_utterance_the_quiet_ended() {
    use annexd::listen::own_voice::{self, OwnVoiceModel};
    use annexd::listen::{Listening, Pipeline, load, read_wav};
    use annexd_core::WordSet;
    use annexd_core::listen::{ListenMode, RecogniserChoice};

    let dir = tempfile::tempdir().unwrap();
    let voice = dir.path().join("mine");
    record_hearing(&voice, "de+f3", Lang::De, None);
    let whisper = load(
        RecogniserChoice::Whisper,
        Some(&crate::common::whisper_model()),
        Lang::De,
    )
    .expect("Whisper");
    let templates = own_voice::load(&voice, Lang::De).expect("every word recorded");
    let model = OwnVoiceModel::wrap(whisper, templates, Lang::De);
    let listening = Listening {
        lang: Lang::De,
        words: WordSet::AnnexD,
        phrases: &[],
        position: None,
    };
    let recogniser = model.recogniser(&listening).expect("a recogniser");
    let mut pipeline = Pipeline::new(recogniser, 16_000, 1, ListenMode::Always).unwrap();
    let wav = dir.path().join("said.wav");
    for said in ["Springer Hector drei", "Remis anbieten"] {
        // The phrase, then two seconds of quiet: the end-pointer ends it.
        espeak_then(dir.path(), "de+f3", said, &wav, &["pad", "0", "2"]);
        let blocks = read_wav(&wav, std::time::Duration::from_millis(100)).unwrap();
        let heard: Vec<_> = blocks
            .iter()
            .flat_map(|block| pipeline.audio(block).expect("same format"))
            .collect();
        assert_eq!(heard.len(), 1, "{said}: {heard:?}");
        let found = heard[0]
            .own_voice
            .as_ref()
            .expect("the recorded words searched");
        assert_eq!(found.phrases[0].0, said, "{said}: {found:?}");
    }
}
