//! The shipped voices are complete: every key any token can produce has a clip, and
//! `annexd voices check` says so (and names what a voice lacks).

use crate::speech_support;

use std::time::Duration;

use annexd::speech::Voice;
use annexd_core::{Lang, Speech, Token, Word, WordSet};
use shakmaty::{CastlingSide, Color, File, Rank, Role};
use speech_support::{annexd, run_with_deadline, shipped_voice};

/// Every token the program can say, listed here independently of the library's own list.
fn every_token() -> Vec<Token> {
    let mut tokens: Vec<Token> = Word::ALL.iter().map(|&w| Token::Word(w)).collect();
    tokens.extend(Role::ALL.map(Token::Piece));
    tokens.extend(File::ALL.map(Token::File));
    tokens.extend(Rank::ALL.map(Token::Rank));
    tokens.extend([CastlingSide::KingSide, CastlingSide::QueenSide].map(Token::Castle));
    tokens.extend([
        Token::Captures,
        Token::Check,
        Token::Mate,
        Token::EnPassant,
        Token::Pause,
    ]);
    tokens.extend([Color::White, Color::Black].map(Token::Side));
    tokens.extend((0..=9999).map(Token::Number));
    for n in 0..=200 {
        tokens.extend([Token::Hours(n), Token::Minutes(n), Token::Seconds(n)]);
    }
    tokens
}

/// Utterances whose words agree with each other (French "Dame noire", "touchée", "cinq
/// minutes restantes", "aucune Tour"): every piece with every word that may agree with it,
/// every count of a unit with the words after a time.
fn agreeing_utterances() -> Vec<Vec<Token>> {
    let mut all = Vec::new();
    for role in Role::ALL {
        let piece = Token::Piece(role);
        for word in [
            Word::WhiteAdjective,
            Word::WhiteMasculine,
            Word::BlackAdjective,
            Word::BlackMasculine,
        ] {
            all.push(vec![Token::Word(word), piece]);
        }
        for word in [Word::NoSuch, Word::NoSuchFeminine] {
            all.push(vec![Token::Word(word), piece, Token::Word(Word::CanReach)]);
        }
        for word in [Word::Touched, Word::PutBack] {
            all.push(vec![
                piece,
                Token::File(File::A),
                Token::Rank(Rank::First),
                Token::Word(word),
            ]);
        }
    }
    for n in 0..=200 {
        for unit in [Token::Hours(n), Token::Minutes(n), Token::Seconds(n)] {
            for word in [Word::Remaining, Word::Used] {
                all.push(vec![Token::Side(Color::White), unit, Token::Word(word)]);
            }
        }
    }
    all
}

#[test]
fn every_key_any_token_can_produce_has_a_clip_in_each_shipped_voice() {
    let tokens = every_token();
    let utterances = agreeing_utterances();
    for lang in Lang::ALL {
        let voice = Voice::load(&shipped_voice(lang)).expect("the shipped voice loads");
        assert_eq!(voice.info.language, lang);
        let mut words = Vec::new();
        // In both word sets: the Annex D words and the language's own.
        for speech in WordSet::ALL.map(|words| Speech::new(lang, words)) {
            for &token in &tokens {
                words.clear();
                speech.push_words(token, &mut words);
                for word in &words {
                    assert!(
                        voice.clip(word.key).is_some(),
                        "{speech} voice lacks '{}' ({}) for {token:?}",
                        word.key,
                        word.text
                    );
                }
            }
            for utterance in &utterances {
                words.clear();
                speech.push_tokens(utterance, &mut words);
                for word in &words {
                    assert!(
                        voice.clip(word.key).is_some(),
                        "{speech} voice lacks '{}' ({}) in {utterance:?}",
                        word.key,
                        word.text
                    );
                }
            }
        }
        assert!(
            voice.missing_keys().is_empty(),
            "{lang}: {:?}",
            voice.missing_keys()
        );
    }
}

#[test]
fn every_shipped_clip_is_speech_of_a_sensible_length_and_loudness() {
    for lang in Lang::ALL {
        let voice = Voice::load(&shipped_voice(lang)).expect("the shipped voice loads");
        for key in annexd_core::speech::clip_keys(lang) {
            let clip = voice.clip(key.key).expect("complete");
            let seconds = voice.clip_duration(key.key).unwrap();
            let samples: Vec<f32> = clip.iter().map(|&s| s as f32 / 32768.0).collect();
            let rms = annexd::speech::rms(&samples);
            if key.key == "pause" {
                assert!(
                    rms < 0.001
                        && (Duration::from_millis(150)..Duration::from_millis(600))
                            .contains(&seconds)
                );
                continue;
            }
            assert!(
                (Duration::from_millis(120)..Duration::from_secs(30)).contains(&seconds),
                "{lang} {}: {seconds:?}",
                key.key
            );
            // Evened to about -20 dBFS (0.1); allow the spread of short and long words.
            assert!(
                (0.04..0.2).contains(&rms),
                "{lang} {} ({}): RMS {rms}",
                key.key,
                key.text
            );
        }
    }
}

#[test]
fn voices_check_passes_for_every_shipped_voice() {
    let mut command = annexd();
    command
        .args(["voices", "check", "--dir"])
        .arg(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("voices"));
    let output = run_with_deadline(command, None, Duration::from_secs(60));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for lang in Lang::ALL {
        assert!(
            stdout.contains(&format!("{lang} espeak: vollständig: ")),
            "{stdout}"
        );
    }
}

#[test]
fn voices_check_names_the_keys_a_voice_lacks_and_fails() {
    let root = tempfile::tempdir().unwrap();
    let partial = root.path().join("de/partial");
    std::fs::create_dir_all(&partial).unwrap();
    std::fs::write(
        partial.join("voice.toml"),
        "name = \"partial\"\nlanguage = \"de\"\nlicence = \"test\"\nmade_with = \"copied\"\n",
    )
    .unwrap();
    for key in ["p_knight", "f_f", "r3"] {
        std::fs::copy(
            shipped_voice(Lang::De).join(format!("{key}.ogg")),
            partial.join(format!("{key}.ogg")),
        )
        .unwrap();
    }
    let mut command = annexd();
    command.args(["voices", "check", "--dir"]).arg(root.path());
    let output = run_with_deadline(command, None, Duration::from_secs(60));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("de partial: fehlende Aufnahmen: ")
            && stdout.contains("w_yes")
            && stdout.contains("x_check"),
        "{stdout}"
    );
    assert!(
        !stdout.contains(" p_knight"),
        "a present clip is not listed: {stdout}"
    );
}

#[test]
fn voices_check_asks_for_the_annex_d_words_only_where_they_are_needed() {
    // An English voice without the Annex D words it would borrow (ad_*): enough for
    // `--words local`, not for the default.
    let root = tempfile::tempdir().unwrap();
    let partial = root.path().join("en/own-words");
    std::fs::create_dir_all(&partial).unwrap();
    std::fs::write(
        partial.join("voice.toml"),
        "name = \"own-words\"\nlanguage = \"en\"\nlicence = \"test\"\nmade_with = \"copied\"\n",
    )
    .unwrap();
    for entry in std::fs::read_dir(shipped_voice(Lang::En)).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with(".ogg") && !name.starts_with("ad_") {
            std::fs::copy(&path, partial.join(&name)).unwrap();
        }
    }
    let check = |words: Option<&str>| {
        let mut command = annexd();
        command.args(["voices", "check", "--lang", "en"]);
        if let Some(words) = words {
            command.args(["--words", words]);
        }
        command.arg("--dir").arg(root.path());
        let output = run_with_deadline(command, None, Duration::from_secs(60));
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).to_string(),
        )
    };
    let (code, stdout) = check(Some("local"));
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("en own-words: complete"), "{stdout}");
    for words in [None, Some("annex-d")] {
        let (code, stdout) = check(words);
        assert_eq!(code, Some(1), "{stdout}");
        assert!(
            stdout.contains("recordings missing: 16/")
                && stdout.contains("ad_p_knight")
                && stdout.contains("ad_c_long"),
            "{stdout}"
        );
    }
}

#[test]
fn the_annex_d_words_of_the_french_voice_are_said_in_german() {
    // The generator says "Springer" in the French voice with the German voice: the same
    // clip as the German voice's own, and not the French "Cavalier".
    let pairs = [
        ("ad_p_knight", "p_knight", "p_knight"),
        ("ad_r3", "r3", "r3"),
        ("ad_c_long", "c_long", "c_long"),
    ];
    let french_keys: Vec<&str> = pairs.iter().flat_map(|&(b, _, f)| [b, f]).collect();
    let german_keys: Vec<&str> = pairs.iter().map(|&(_, g, _)| g).collect();
    let fr = Voice::load_keys(&shipped_voice(Lang::Fr), &french_keys).unwrap();
    let de = Voice::load_keys(&shipped_voice(Lang::De), &german_keys).unwrap();
    for (borrowed, german, french) in pairs {
        let (b, g, f) = (
            fr.clip_duration(borrowed).unwrap(),
            de.clip_duration(german).unwrap(),
            fr.clip_duration(french).unwrap(),
        );
        assert_eq!(b, g, "{borrowed} is the German clip");
        assert_ne!(b, f, "{borrowed} is not the French word");
    }
}

#[test]
fn a_voice_loaded_for_a_few_words_has_their_clips_as_the_whole_voice_has_them() {
    // `annexd say --out` decodes only the clips of its words: the same samples at the same
    // rate as the whole voice's, and nothing else.
    let dir = shipped_voice(Lang::De);
    let whole = Voice::load(&dir).unwrap();
    let keys = ["p_knight", "f_f", "r3", "x_check", "no_such_key"];
    let some = Voice::load_keys(&dir, &keys).unwrap();
    assert_eq!(some.sample_rate(), whole.sample_rate());
    assert_eq!(some.len(), 4, "the four clips the voice has, no other");
    for key in &keys[..4] {
        assert_eq!(some.clip(key), whole.clip(key), "{key}");
    }
    assert!(some.clip("no_such_key").is_none() && some.clip("r4").is_none());
}

#[test]
fn voices_keys_lists_every_word_of_the_table() {
    let mut command = annexd();
    command.args(["voices", "keys", "--lang", "en"]);
    let output = run_with_deadline(command, None, Duration::from_secs(30));
    let stdout = String::from_utf8_lossy(&output.stdout);
    for word in Word::ALL {
        assert!(
            stdout
                .lines()
                .any(|l| l == format!("{}\t{}", word.key(), Lang::En.word(*word))),
            "{word:?}"
        );
    }
}

#[test]
fn a_voice_of_many_clips_loads_each_at_the_first_clips_rate_and_names_a_broken_one() {
    // A game's voice is decoded on every core at once (some 700 clips): the clips are the
    // same as one at a time, each at the first clip's rate, and one that cannot be decoded
    // fails the voice with its own name, wherever it lies among the others.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("voice.toml"),
        "name = \"many\"\nlanguage = \"de\"\nlicence = \"CC0\"\nmade_with = \"a test\"\n",
    )
    .unwrap();
    let write = |key: &str, rate: u32, samples: usize| {
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: rate,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let path = dir.path().join(format!("{key}.wav"));
        let mut writer = hound::WavWriter::create(path, spec).unwrap();
        for i in 0..samples {
            writer.write_sample(((i % 50) as i16 - 25) * 400).unwrap();
        }
        writer.finalize().unwrap();
    };
    for n in 0..80 {
        // Every third clip at half the rate: resampled to the first's (k00, 16 kHz).
        let rate = if n % 3 == 1 { 8_000 } else { 16_000 };
        write(&format!("k{n:02}"), rate, 800 + n);
    }
    let broken = dir.path().join("k67.wav");
    std::fs::write(&broken, b"RIFF, but no sound at all").unwrap();
    match Voice::load(dir.path()) {
        Err(annexd::speech::VoiceError::BadClip { path, .. }) => assert_eq!(path, broken),
        other => panic!("{other:?}"),
    }
    std::fs::remove_file(&broken).unwrap();
    let voice = Voice::load(dir.path()).unwrap();
    assert_eq!(voice.sample_rate(), 16_000);
    assert_eq!(voice.len(), 79);
    for n in (0..80).filter(|&n| n != 67) {
        let key = format!("k{n:02}");
        let expected = if n % 3 == 1 { 2 * (800 + n) } else { 800 + n };
        assert_eq!(voice.clip(&key).map(<[i16]>::len), Some(expected), "{key}");
        // One at a time, the same samples.
        let alone = Voice::load_keys(dir.path(), &[key.as_str()]).unwrap();
        assert_eq!(alone.clip(&key), voice.clip(&key), "{key}");
    }
}
