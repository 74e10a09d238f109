//! The player's own voice (issue 28), with a natural voice (SVOX Pico): every word of the
//! German moves recorded once, slower and higher than the phrases are said later (a recording
//! of another day), matched with the features of annexd_dsp against the whole position-free
//! grammar by annexd_core's template search. The listener does not use it yet
//! (docs/listen.md, "The player's own voice, probed"); this is its path from sound to words.
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
    let mut args = vec![raw.to_str().unwrap(), "-r", "16000", "-c", "1", "-b", "16"];
    args.push(out.to_str().unwrap());
    args.extend(effects);
    run("sox", &args);
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
