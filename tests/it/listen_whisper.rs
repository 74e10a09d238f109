//! Speech in with the real Whisper model (`models/whisper-base`, installed by
//! scripts/setup.sh) and natural voices (SVOX Pico, from `scripts/setup.sh --test`): German,
//! French and English moves said by Pico, understood through `annexd recognize --fen FEN
//! FILE.wav` and played in a whole `play` turn from a WAV input, also against the engine.
//!
//! Without the model or Pico these tests fail and say what to run (CI runs the setup first):
//! a test that passed without them would prove nothing.

#![cfg(feature = "whisper")]

use crate::common;
use crate::common::platform::Start;

use std::path::{Path, PathBuf};
use std::process::Command;

use annexd_core::{Lang, Speech, Style, WordSet, move_tokens};
use common::{Running, annexd};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

/// One Whisper at a time: three decoding at once on two cores would only slow each other
/// past the wait for a line.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn model() -> PathBuf {
    crate::common::whisper_model()
}

/// Says `text` with Pico in `lang` into `wav`.
fn pico(lang: Lang, text: &str, wav: &Path) {
    let locale = match lang {
        Lang::De => "de-DE",
        Lang::En => "en-US",
        Lang::Fr => "fr-FR",
    };
    let status = Command::new("pico2wave")
        .args(["-l", locale, "-w"])
        .arg(wav)
        .arg(text)
        .start_status();
    assert!(
        status.as_ref().is_ok_and(|s| s.success()),
        "pico2wave could not say '{text}' ({status:?}): scripts/setup.sh --test installs it \
         (libttspico-utils, Debian non-free)"
    );
}

/// Writes `input` to `output` with sox: `format` (the output's encoding) before the output,
/// `effects` after it.
fn sox(input: &Path, format: &[&str], output: &Path, effects: &[&str]) {
    let status = Command::new("sox")
        .arg(input)
        .args(format)
        .arg(output)
        .args(effects)
        .start_status();
    assert!(
        status.as_ref().is_ok_and(|s| s.success()),
        "sox could not write {} ({status:?}): scripts/setup.sh --test installs it",
        output.display()
    );
}

/// `annexd recognize` with the Whisper model on `wav`, in `lang`, with `options` (`--json`).
fn recognize(wav: &Path, lang: &str, options: &[&str]) -> std::process::Output {
    annexd()
        .arg("recognize")
        .args(options)
        .args(["--recogniser", "whisper", "--model"])
        .arg(model())
        .args(["--lang", lang])
        .arg(wav)
        .start_output()
        .expect("annexd runs")
}

fn position(fen: &str) -> Chess {
    if fen == "startpos" {
        return Chess::default();
    }
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// One utterance: the position, the move (UCI), the language and word set, what Pico says.
struct Case {
    fen: &'static str,
    uci: &'static str,
    lang: Lang,
    words: WordSet,
    said: &'static str,
}

const BISHOP: &str = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";

const CASES: [Case; 6] = [
    Case {
        fen: "startpos",
        uci: "g1f3",
        lang: Lang::De,
        words: WordSet::AnnexD,
        said: "Springer Felix drei",
    },
    Case {
        fen: BISHOP,
        uci: "b5c6",
        lang: Lang::De,
        words: WordSet::AnnexD,
        said: "Läufer schlägt Zäsar sechs",
    },
    Case {
        fen: "startpos",
        uci: "e2e4",
        lang: Lang::Fr,
        words: WordSet::Local,
        said: "pion Éva deux Éva quatre",
    },
    Case {
        fen: BISHOP,
        uci: "e1g1",
        lang: Lang::Fr,
        words: WordSet::Local,
        said: "petit roque",
    },
    Case {
        fen: "startpos",
        uci: "d2d4",
        lang: Lang::En,
        words: WordSet::Local,
        said: "David two David four",
    },
    Case {
        fen: BISHOP,
        uci: "b5c6",
        lang: Lang::En,
        words: WordSet::Local,
        said: "bishop takes Cesar six",
    },
];

#[test]
fn recognize_understands_moves_said_by_pico_in_three_languages() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    for (i, case) in CASES.iter().enumerate() {
        let wav = dir.path().join(format!("{i}.wav"));
        pico(case.lang, case.said, &wav);
        let out = recognize(
            &wav,
            case.lang.code(),
            &["--json", "--words", case.words.name(), "--fen", case.fen],
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}: {stdout} {}",
            case.said,
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value =
            serde_json::from_str(stdout.trim()).expect("one JSON object");
        let pos = position(case.fen);
        let m = case.uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        let expected = Speech::new(case.lang, case.words).text(&move_tokens(&pos, m, Style::Short));
        let utterance = &report["utterances"][0];
        assert_eq!(report["recogniser"], "whisper", "{report}");
        assert_eq!(
            (utterance["understood"].as_str(), utterance["said"].as_str()),
            (Some("move"), Some(expected.as_str())),
            "Pico said '{}' in {}: {report}",
            case.said,
            case.lang
        );
    }
}

/// What `annexd recognize --json` understood of `said` (Pico, German, in `fen`): the kind
/// and the words said back.
fn recognized(said: &str, fen: &str, dir: &Path) -> (String, String) {
    recognized_in(Lang::De, said, fen, dir)
}

/// What `annexd recognize --json` understood of `said` (Pico, in `lang`, in `fen`): the kind
/// and the words said back.
fn recognized_in(lang: Lang, said: &str, fen: &str, dir: &Path) -> (String, String) {
    let wav = dir.join("said.wav");
    pico(lang, said, &wav);
    let out = recognize(&wav, lang.code(), &["--json", "--fen", fen]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}: {stdout}");
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    let utterance = &report["utterances"][0];
    let field = |name: &str| utterance[name].as_str().unwrap_or("").to_string();
    (field("understood"), field("said"))
}

#[test]
fn inside_the_grammar_a_command_is_done_an_illegal_move_refused_and_other_speech_not_taken() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    // A command of the tables' other phrasings (not the one the program says).
    assert_eq!(
        recognized("Zeit verbraucht", "startpos", dir.path()),
        ("command".to_string(), "Zeit verbraucht".to_string())
    );
    // An illegal move is heard as itself and refused with its reason, never turned into the
    // legal move next to it (Springer Felix drei).
    assert_eq!(
        recognized("Springer Felix vier", "startpos", dir.path()),
        (
            "rejected".to_string(),
            "kein Springer erreicht Felix vier".to_string()
        )
    );
    // A sentence that is no phrase: no move, no command, whatever word of it is near one.
    let (understood, _) = recognized(
        "Entschuldigung, wo ist hier die Toilette?",
        "startpos",
        dir.path(),
    );
    assert_eq!(understood, "rejected");
}

#[test]
fn commands_said_with_their_articles_are_heard_and_sentences_that_begin_alike_are_not() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    // As people say them, articles and all (issue 28: "in the forms a person says them"):
    // each is a row of its language's table, so typed and heard alike. A binding command
    // is asked to be confirmed.
    for (lang, said, understood, back) in [
        (Lang::De, "was war der letzte Zug", "command", "letzter Zug"),
        (
            Lang::De,
            "wo ist der weiße König",
            "command",
            "wo weiße König",
        ),
        (Lang::De, "Remis angenommen", "question", "Remis annehmen?"),
        (Lang::En, "where are the pieces", "command", "position"),
        (Lang::En, "accept the draw", "question", "accept draw?"),
        (Lang::Fr, "où sont les pièces", "command", "position"),
        (
            Lang::Fr,
            "j'accepte la nulle",
            "question",
            "accepter la nulle?",
        ),
        (Lang::Fr, "annuler le coup", "command", "correction"),
        // French inversions, written by Whisper with their hyphens.
        (
            Lang::Fr,
            "combien de temps me reste-t-il",
            "command",
            "temps",
        ),
        (Lang::Fr, "à qui est-ce de jouer", "command", "au trait"),
    ] {
        assert_eq!(
            recognized_in(lang, said, "startpos", dir.path()),
            (understood.to_string(), back.to_string()),
            "Pico said '{said}' in {lang}"
        );
    }
    // A sentence that begins as a phrase does ("wo ist die …", "take it …"): the search ends
    // it with a piece or a command's word, Whisper's own text is the sentence, and the two
    // differ where they differ. Nothing is taken.
    for (lang, said) in [
        (Lang::De, "wo ist die Toilette"),
        (Lang::De, "wo ist der Ausgang"),
        (Lang::En, "take it easy"),
    ] {
        assert_eq!(
            recognized_in(lang, said, "startpos", dir.path()).0,
            "rejected",
            "Pico said '{said}' in {lang}"
        );
    }
}

#[test]
fn recognize_says_which_recogniser_listens() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let model = model();
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("move.wav");
    pico(Lang::De, "Springer Hector drei", &wav);
    let out = annexd()
        .args(["recognize", "--model"])
        .arg(&model)
        .arg(&wav)
        .start_output()
        .expect("annexd runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.first(), Some(&"Spracherkennung, Whisper"), "{stdout}");
    assert!(
        lines.contains(&"verstanden, Springer Hector drei"),
        "{stdout}"
    );
}

#[test]
fn play_takes_a_german_move_said_by_pico_from_a_wav_input() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    model();
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("move.wav");
    pico(Lang::De, "Springer Felix drei", &wav);
    let journal = dir.path().join("game.jsonl");
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(&journal)
        .args([
            "--speech",
            "text",
            "--listen",
            "push-to-talk",
            "--listen-wav",
        ])
        .arg(&wav)
        .env("XDG_CONFIG_HOME", dir.path());
    let mut game = Running::start(command);
    game.expect_containing("neue Partie");
    game.expect_exact("Spracherkennung, Whisper");
    // The move heard is played and announced; the journal has it.
    game.expect_containing("Springer Felix drei");
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    let recorded = std::fs::read_to_string(&journal).unwrap();
    assert!(
        recorded.contains("g1f3") || recorded.contains("Nf3"),
        "{recorded}"
    );
}

/// Issue 31: at home against Stockfish, a move said aloud (Pico, in each language, into the
/// real Whisper model) is played and announced, and the engine's reply is announced in the
/// game's words.
#[cfg(feature = "engine")]
#[cfg_attr(windows, ignore = "Debian's Stockfish is a Linux program")]
#[test]
fn against_the_engine_a_spoken_move_is_played_and_the_reply_announced() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    model();
    let start = Chess::default();
    for (case, ready, reply, quit) in [
        (
            &CASES[0],
            "Schach-Engine bereit: Stockfish",
            "Schwarz ",
            "Ende\nja",
        ),
        (
            &CASES[4],
            "chess engine ready: Stockfish",
            "Black ",
            "quit\nyes",
        ),
        (
            &CASES[2],
            "moteur d'échecs prêt: Stockfish",
            "Noir ",
            "fin\noui",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let wav = dir.path().join("move.wav");
        pico(case.lang, case.said, &wav);
        let m = case
            .uci
            .parse::<UciMove>()
            .unwrap()
            .to_move(&start)
            .unwrap();
        let mut tokens = vec![annexd_core::Token::Side(shakmaty::Color::White)];
        tokens.extend(move_tokens(&start, m, Style::Short));
        let heard = Speech::new(case.lang, case.words).text(&tokens);
        let mut command = annexd();
        command
            .arg("play")
            .arg("--journal")
            .arg(dir.path().join("engine.jsonl"))
            .args(["--opponent", "engine", "--elo", "1200"])
            .args(["--lang", case.lang.code(), "--words", case.words.name()])
            .args([
                "--speech",
                "text",
                "--listen",
                "push-to-talk",
                "--listen-wav",
            ])
            .arg(&wav)
            .env("XDG_CONFIG_HOME", dir.path())
            .env("XDG_DATA_HOME", dir.path())
            .env("XDG_STATE_HOME", dir.path());
        let mut game = Running::start(command);
        game.expect_containing(ready);
        game.expect_exact(&heard);
        game.expect_line("with the engine's reply", |l| l.starts_with(reply));
        game.type_line(quit);
        game.expect_saved();
        assert_eq!(game.wait(), Some(0));
    }
}

/// A microphone turned down: a move said 38 dB under the recording's own level (about −59
/// dBFS) is under the level taken for speech, so nothing is decoded, and the speaker is told
/// how to be heard, in his language; the same words at their level are heard and nothing is
/// told.
#[test]
fn speech_too_faint_to_be_heard_is_said_to_be_too_quiet() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let said = dir.path().join("said.wav");
    pico(Lang::De, "Eva zwei Eva vier", &said);
    let faint = dir.path().join("faint.wav");
    sox(&said, &[], &faint, &["gain", "-38"]);
    let recognize = |wav: &Path, lang: &str| {
        let out = recognize(wav, lang, &[]);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    for (lang, nothing, words) in [
        (
            "de",
            "nichts gehört",
            "Sprache zu leise: lauter sprechen oder das Mikrofon lauter stellen",
        ),
        (
            "en",
            "nothing heard",
            "speech too quiet: speak up or turn the microphone up",
        ),
        (
            "fr",
            "rien entendu",
            "parole trop faible : parlez plus fort ou montez le micro",
        ),
    ] {
        let out = recognize(&faint, lang);
        assert!(out.lines().any(|l| l == nothing), "{lang}: {out}");
        assert_eq!(out.lines().last(), Some(words), "{lang}: {out}");
    }
    let out = recognize(&said, "de");
    assert!(out.contains("Eva vier"), "{out}");
    assert!(!out.contains("zu leise"), "{out}");
}

/// A move recorded in any encoding a WAV file holds is heard as that move: a telephone's or
/// an answering machine's G.711 (A-law, µ-law, 8 kHz), a dictation device's IMA ADPCM,
/// 8-bit unsigned samples, 64-bit floats, six channels at 96 kHz. And a file that is no
/// recording at all is said to be one that cannot be read, with its name and why, in the
/// user's language, never "no microphone found".
#[test]
fn a_move_recorded_in_any_wav_encoding_is_heard_and_a_file_that_is_none_is_said_to_be_unreadable() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let said = dir.path().join("said.wav");
    pico(Lang::De, "Springer Felix drei", &said);
    let recognize = |wav: &Path, lang: &str| recognize(wav, lang, &["--json"]);
    for (name, encoding) in [
        ("a-law", &["-r", "8000", "-e", "a-law"][..]),
        ("mu-law", &["-r", "8000", "-e", "mu-law"]),
        ("ima-adpcm", &["-r", "16000", "-e", "ima-adpcm"]),
        ("u8", &["-r", "11025", "-b", "8", "-e", "unsigned-integer"]),
        ("f64", &["-r", "48000", "-b", "64", "-e", "floating-point"]),
        ("six-channels", &["-r", "96000", "-c", "6", "-b", "24"]),
    ] {
        let wav = dir.path().join(format!("{name}.wav"));
        sox(&said, encoding, &wav, &[]);
        let out = recognize(&wav, "de");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{name}: {stdout} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value =
            serde_json::from_str(stdout.trim()).expect("one JSON object");
        let utterance = &report["utterances"][0];
        assert_eq!(
            (utterance["understood"].as_str(), utterance["said"].as_str()),
            (Some("move"), Some("Springer Felix drei")),
            "{name}: {report}"
        );
    }
    let text = dir.path().join("notes.wav");
    std::fs::write(&text, "Springer Felix drei\n").unwrap();
    for (lang, words) in [
        ("de", "Aufnahme nicht lesbar"),
        ("en", "a recording cannot be read"),
        ("fr", "un enregistrement est illisible"),
    ] {
        let out = recognize(&text, lang);
        assert_eq!(out.status.code(), Some(1), "{lang}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).trim(),
            format!("annexd: {words}: {}: not a WAV file", text.display()),
            "{lang}"
        );
    }
}
