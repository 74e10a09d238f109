//! Tournament mode through the program (issue 33): the mode and the build's identity sealed
//! into the journal's start, an illegal move completed by the clock and put to the arbiter,
//! a game that leaves tournament mode shown by `verify`, `replay`'s account of a game, and
//! `fairplay --statement` (with its PDF) for the arbiter, in his language.

use crate::common;
use crate::common::platform::Start;
use crate::speech_support::AlsaFileDevice;

use std::path::Path;
use std::process::Command;

use sha2::{Digest, Sha256};

fn annexd() -> &'static str {
    env!("CARGO_BIN_EXE_annexd")
}

fn run_in(home: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(annexd())
        .args(args)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .start_output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// A game in `mode` with `lines` typed, then left ("Ende", "ja").
fn play(home: &Path, journal: &Path, extra: &[&str], lines: &[&str], expect: &[&str]) {
    let mut game = common::annexd();
    game.args(["play", "--speech", "text", "--lang", "de", "--journal"])
        .arg(journal)
        .args(extra)
        .env("XDG_CONFIG_HOME", home.join("config"));
    let mut game = common::Running::start(game);
    game.expect_containing("Partiedatei: ");
    for line in lines {
        game.type_line(line);
    }
    for text in expect {
        game.expect_containing(text);
    }
    game.type_line("Ende");
    game.type_line("ja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
}

fn binary_sha256() -> String {
    let bytes = std::fs::read(annexd()).unwrap();
    Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// 11.3.2: the arbiter approves a device for what it is. The journal's first line holds the
/// mode, the program, its build and the SHA-256 of its file; `verify` says them. 7.5.1: an
/// illegal move typed is taken as announced (no verdict) and completed by Enter, the clock's
/// press; it is recorded as put to the arbiter.
#[test]
fn a_tournament_game_seals_mode_and_build_and_puts_an_illegal_move_to_the_arbiter() {
    let home = tempfile::tempdir().unwrap();
    let journal = home.path().join("t.jsonl");
    play(
        home.path(),
        &journal,
        &["--mode", "tournament", "--control", "90+30"],
        &["Ke2", ""],
        &[
            "Weiß angesagt",
            "Weiß hat einen regelwidrigen Zug abgeschlossen, der Schiedsrichter entscheidet",
        ],
    );
    let text = common::read(&journal);
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["mode"], "tournament");
    assert_eq!(header["binary_sha256"], binary_sha256().as_str());
    assert!(header["build"].as_str().unwrap().contains("commit"));
    assert!(
        text.lines()
            .any(|l| l.contains(r#""type":"referred""#) && l.contains(r#""matter":"illegal_move""#)),
        "{text}"
    );
    let (code, said) = run_in(home.path(), &["verify", journal.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.lines()
            .any(|l| l == format!("Programmdatei SHA-256: {}", binary_sha256())),
        "{said}"
    );
    assert!(
        said.lines().any(|l| l == "Gespielt im Turniermodus"),
        "{said}"
    );
    assert!(!said.contains("verlassen"), "{said}");

    // `replay` says every line with its time, the referral too.
    let (code, said) = run_in(home.path(), &["replay", journal.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.lines().any(|l| l == "Gespielt im Turniermodus"),
        "{said}"
    );
    assert!(
        said.lines().any(|l| l.starts_with("[0:0")
            && l.contains("Weiß hat einen regelwidrigen Zug abgeschlossen, der Schiedsrichter entscheidet (Ke2)")),
        "{said}"
    );
    // Every command given is in the record in tournament mode: here leaving the program.
    assert!(
        said.lines().any(|l| l.ends_with("Befehl getippt (Ende)")),
        "{said}"
    );
}

/// `replay` says the account too, each line with its time, through the sound card (here an
/// ALSA file device) in the recorded voice.
#[test]
#[cfg_attr(
    windows,
    ignore = "the sound card is an ALSA file device, which the program's WASAPI under Wine does not reach (with Wine's ALSA driver it hung or found no such PCM): sound on Windows is on the tester's checklist, docs/windows.md"
)]
fn replay_says_the_account_with_the_recorded_voice() {
    let home = tempfile::tempdir().unwrap();
    let journal = home.path().join("said.jsonl");
    play(
        home.path(),
        &journal,
        &[],
        &["e4", "e5"],
        &["Schwarz Eva fünf"],
    );
    let device = AlsaFileDevice::new(home.path(), true);
    let voices = Path::new(env!("CARGO_MANIFEST_DIR")).join("voices");
    let out = Command::new(annexd())
        .args(["replay", journal.to_str().unwrap(), "--speech", "clips"])
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("ALSA_CONFIG_PATH", device.config_path())
        .env("ANNEXD_VOICES", voices)
        .start_output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(
        said.lines().any(|l| l.ends_with("Zug eins, Weiß Eva vier")),
        "{said}"
    );
    assert!(
        said.lines()
            .any(|l| l.ends_with("Zug eins, Schwarz Eva fünf")),
        "{said}"
    );
    // In the arbiter's language.
    for (lang, white, black) in [
        ("en", "move one, White Eva vier", "move one, Black Eva fünf"),
        ("fr", "coup un, Blanc Eva vier", "coup un, Noir Eva fünf"),
    ] {
        let (code, text) = run_in(
            home.path(),
            &["replay", journal.to_str().unwrap(), "--lang", lang],
        );
        assert_eq!(code, Some(0), "{text}");
        assert!(text.lines().any(|l| l.ends_with(white)), "{lang}: {text}");
        assert!(text.lines().any(|l| l.ends_with(black)), "{lang}: {text}");
    }
    let sound = std::fs::metadata(&device.wav).map(|m| m.len()).unwrap_or(0);
    // Two moves and the end said at 16 kHz: well over a second of sound.
    assert!(sound > 32_000, "{sound} bytes of sound");
}

/// D.1: a help the organiser allowed after consulting the arbiter is a setting, sealed into
/// the journal's start and said by `verify`; with `legality` an illegal move is refused with
/// its reason, as at home.
#[test]
fn the_helps_the_organiser_allowed_are_sealed_and_verified() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config").join("annexd");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("annexd.toml"),
        "[game]\nmode = \"tournament\"\nallowed-help = [\"legality\"]\n",
    )
    .unwrap();
    let journal = home.path().join("helped.jsonl");
    play(
        home.path(),
        &journal,
        &[],
        &["Ke2"],
        &["König Eva zwei, dort steht eine Figur der gleichen Farbe"],
    );
    let text = common::read(&journal);
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains(r#""allowed_help":["legality"]"#),
        "{text}"
    );
    let (code, said) = run_in(home.path(), &["verify", journal.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.lines()
            .any(|l| l == "vom Veranstalter erlaubte Hilfen (D.1): Prüfung der Züge vor der Uhr"),
        "{said}"
    );
}

/// Leaving tournament mode during a game is recorded and stays: resumed at home, the game is
/// marked, and `verify` says so in the arbiter's language.
#[test]
fn a_game_that_left_tournament_mode_shows_it_in_verify() {
    let home = tempfile::tempdir().unwrap();
    let journal = home.path().join("left.jsonl");
    play(
        home.path(),
        &journal,
        &["--mode", "tournament"],
        &["e4", "e5"],
        &["Schwarz Eva fünf"],
    );
    // Resumed without `--mode`, the game goes on in the mode it was recorded in.
    let mut game = common::annexd();
    game.args(["resume", "--speech", "text"])
        .arg(&journal)
        .env("XDG_CONFIG_HOME", home.path().join("config"));
    let mut game = common::Running::start(game);
    game.expect_containing("Partie fortgesetzt, Turniermodus");
    game.type_line("Ende");
    game.type_line("ja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    let mut game = common::annexd();
    game.args(["resume", "--speech", "text", "--mode", "home"])
        .arg(&journal)
        .env("XDG_CONFIG_HOME", home.path().join("config"));
    let mut game = common::Running::start(game);
    game.expect_containing("weiter im Heimmodus");
    game.type_line("Ende");
    game.type_line("ja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    for (lang, left) in [
        ("de", "der Turniermodus wurde während der Partie verlassen"),
        ("en", "tournament mode was left during the game"),
        ("fr", "le mode tournoi a été quitté pendant la partie"),
    ] {
        let (code, said) = run_in(
            home.path(),
            &["verify", journal.to_str().unwrap(), "--lang", lang],
        );
        assert_eq!(code, Some(0), "{said}");
        assert!(said.lines().any(|l| l == left), "{lang}: {said}");
    }
    // Without `--mode`, a resumption keeps the mode the record goes on in.
    let text = common::read(&journal);
    assert!(text.contains(r#""type":"mode","mode":"home""#), "{text}");
}

/// The statement an arbiter reads before the round, in his language, and as PDF: what the
/// program does (the Annex D articles it serves), what it does not do, this build's engine,
/// network and radio, and how to check a journal.
#[test]
fn the_statement_for_the_arbiter_in_each_language_and_as_pdf() {
    let home = tempfile::tempdir().unwrap();
    for (lang, title, serves) in [
        (
            "de",
            "Erklärung für den Schiedsrichter (Artikel 11.3.2, Anhang D)",
            "sagt, wenn die beiden Bretter abweichen, und welche Felder (D.2.9)",
        ),
        (
            "en",
            "Statement for the arbiter (Article 11.3.2, Annex D)",
            "says when the two boards differ, and which squares (D.2.9)",
        ),
        (
            "fr",
            "Déclaration pour l'arbitre (article 11.3.2, annexe D)",
            "dit quand les deux échiquiers diffèrent, et quelles cases (D.2.9)",
        ),
    ] {
        let pdf = home.path().join(format!("statement-{lang}.pdf"));
        let (code, said) = run_in(
            home.path(),
            &[
                "fairplay",
                "--statement",
                "--lang",
                lang,
                "--pdf",
                pdf.to_str().unwrap(),
            ],
        );
        assert_eq!(code, Some(0), "{said}");
        let lines: Vec<&str> = said.lines().collect();
        assert_eq!(lines[0], title, "{lang}");
        assert!(lines.iter().any(|l| l.contains(serves)), "{lang}: {said}");
        assert!(lines.iter().any(|l| l.contains("(D.2.6.1)")), "{said}");
        assert!(lines.iter().any(|l| l.contains("(7.5)")), "{said}");
        assert!(lines.len() <= 30, "one page: {} lines", lines.len());
        let bytes = std::fs::read(&pdf).unwrap();
        assert!(bytes.starts_with(b"%PDF-"), "{lang}");
        assert!(bytes.len() > 1000, "{lang}: {} bytes", bytes.len());
    }
}

/// An ALSA configuration with two sound outputs writing WAV files: the default one (the
/// room's loudspeaker) and `earphone` (the VI player's, listed with a description as a
/// system lists a headset).
struct EarphoneAndRoom {
    config: std::path::PathBuf,
    room: std::path::PathBuf,
    ear: std::path::PathBuf,
}

impl EarphoneAndRoom {
    fn new(dir: &Path) -> Self {
        let (room, ear) = (dir.join("room.wav"), dir.join("ear.wav"));
        let file_pcm = |name: &str, wav: &Path| {
            format!(
                "pcm.{name} {{\n    type file\n    slave.pcm \"null\"\n    file \"{}\"\n    format \"wav\"\n}}\n",
                wav.display()
            )
        };
        let plug = |name: &str, slave: &str, hint: &str| {
            format!(
                "pcm.{name} {{\n    type plug\n    slave {{ pcm \"{slave}\"; rate 8000; channels 1; format S16_LE }}\n{hint}}}\n"
            )
        };
        let text = [
            plug("!default", "roomfile", ""),
            file_pcm("roomfile", &room),
            plug(
                "earphone",
                "earfile",
                "    hint { show on description \"Earphone of the VI player\" }\n",
            ),
            file_pcm("earfile", &ear),
        ]
        .concat();
        let config = dir.join("asound.conf");
        std::fs::write(&config, text).unwrap();
        EarphoneAndRoom { config, room, ear }
    }

    fn command(&self, home: &Path) -> Command {
        let mut command = common::annexd();
        command
            .env(
                "ALSA_CONFIG_PATH",
                format!("/usr/share/alsa/alsa.conf:{}", self.config.display()),
            )
            .env(
                "ANNEXD_VOICES",
                Path::new(env!("CARGO_MANIFEST_DIR")).join("voices"),
            )
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_STATE_HOME", home.join("state"));
        command
    }
}

/// Whether a WAV file the file device wrote holds sound (a sample louder than -30 dBFS), read
/// as it streams (the device is not paced: its silence makes it large).
fn holds_sound(wav: &Path) -> bool {
    use std::io::Read;
    let Ok(file) = std::fs::File::open(wav) else {
        return false;
    };
    let mut file = std::io::BufReader::new(file);
    let mut header = [0u8; 44];
    if file.read_exact(&mut header).is_err() {
        return false;
    }
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buf).unwrap();
        if n == 0 {
            return false;
        }
        if buf[..n & !1]
            .chunks_exact(2)
            .any(|b| i16::from_le_bytes([b[0], b[1]]).unsigned_abs() > 1000)
        {
            return true;
        }
    }
}

/// The equipment rules: speech to an earphone for the VI player only. `--speech-device`
/// names the output; the game is said there, and nothing on the room's output, until a
/// matter goes to the arbiter: 7.5.1 ("Un coup illégal est achevé une fois que le joueur a
/// appuyé sur la pendule") and 7.5.3 concern both players, so the illegal move completed and
/// the penalty proposed are said aloud as well.
#[test]
#[cfg_attr(
    windows,
    ignore = "the sound outputs are ALSA file devices, which the program's WASAPI under Wine does not reach: sound on Windows is on the tester's checklist, docs/windows.md"
)]
fn speech_goes_to_the_vi_players_earphone_and_the_arbiters_matters_aloud() {
    for illegal in [false, true] {
        let home = tempfile::tempdir().unwrap();
        let device = EarphoneAndRoom::new(home.path());
        let mut command = device.command(home.path());
        command.args([
            "play",
            "--speech",
            "clips",
            "--speech-device",
            "earphone",
            "--mode",
            "tournament",
            "--lang",
            "de",
            "--journal",
        ]);
        command.arg(home.path().join("game.jsonl"));
        let mut game = common::Running::start(command);
        game.expect_containing("Partiedatei: ");
        // The speakers open on a thread of their own: the game is heard in the earphone
        // once they are open.
        let heard = |wav: &Path| {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
            while !holds_sound(wav) {
                assert!(
                    std::time::Instant::now() < deadline,
                    "{} stayed silent",
                    wav.display()
                );
                std::thread::sleep(std::time::Duration::from_millis(200));
            }
        };
        heard(&device.ear);
        if illegal {
            game.type_line("Springer schlägt Felix drei");
            game.expect_containing("Weiß angesagt");
            game.type_line("");
            game.expect_containing("Weiß hat einen regelwidrigen Zug abgeschlossen");
            heard(&device.room);
        } else {
            game.type_line("Eva vier");
            game.expect_containing("Weiß Eva vier");
        }
        game.type_line("Ende");
        game.type_line("ja");
        game.expect_saved();
        assert_eq!(game.wait(), Some(0));
        assert!(holds_sound(&device.ear), "the earphone said the game");
        assert_eq!(
            holds_sound(&device.room),
            illegal,
            "the room hears only the arbiter's matters (illegal move: {illegal})"
        );
    }
}

/// A missing sound output is refused before the game, with the outputs there are; and the
/// system's speech engine cannot be sent to one (it would speak aloud).
#[test]
#[cfg_attr(
    windows,
    ignore = "the outputs listed are the ALSA configuration's; the program's WASAPI under Wine lists Wine's (with Wine's ALSA driver it hung): sound on Windows is on the tester's checklist, docs/windows.md"
)]
fn a_missing_earphone_is_refused_before_the_game() {
    let home = tempfile::tempdir().unwrap();
    let device = EarphoneAndRoom::new(home.path());
    let out = device
        .command(home.path())
        .args(["play", "--speech", "clips", "--speech-device", "kopfhoerer"])
        .args(["--lang", "de", "--journal"])
        .arg(home.path().join("game.jsonl"))
        .stdin(std::process::Stdio::null())
        .start_output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains("Gerät nicht gefunden: kopfhoerer")
            && said.contains("vorhandene Tonausgaben")
            && said.contains("Earphone of the VI player (earphone)"),
        "{said}"
    );
    assert!(!home.path().join("game.jsonl").exists(), "no game began");
    // Tried before the round with `say`, the same.
    let out = device
        .command(home.path())
        .args([
            "say",
            "--lang",
            "de",
            "--device",
            "kopfhoerer",
            "Eva",
            "vier",
        ])
        .start_output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains("Earphone of the VI player (earphone)"),
        "{said}"
    );

    let out = device
        .command(home.path())
        .args(["play", "--speech", "text", "--speech-device", "earphone"])
        .args(["--lang", "en", "--journal"])
        .arg(home.path().join("game.jsonl"))
        .stdin(std::process::Stdio::null())
        .start_output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains("a sound output for speech only with the recorded voice: --speech clips"),
        "{said}"
    );
}

/// The journal is the proof: a game left while an illegal move is before the arbiter is
/// resumed with it before him (said, the clocks stopped for him, 6.11), and his "weiter"
/// without a ruling is a line of the journal that `replay` says.
#[test]
fn a_matter_before_the_arbiter_survives_a_resumption_and_his_dismissal_is_recorded() {
    let home = tempfile::tempdir().unwrap();
    let journal = home.path().join("referred.jsonl");
    play(
        home.path(),
        &journal,
        &["--mode", "tournament", "--control", "90+30"],
        &["e4", "", "Springer schlägt Felix sechs", ""],
        &["Schwarz hat einen regelwidrigen Zug abgeschlossen"],
    );
    let mut game = common::annexd();
    game.args(["resume", "--speech", "text", "--lang", "de"])
        .arg(&journal)
        .env("XDG_CONFIG_HOME", home.path().join("config"));
    let mut game = common::Running::start(game);
    let greeting = game.expect_containing("Partie fortgesetzt");
    assert!(
        greeting.contains(
            "Schwarz hat einen regelwidrigen Zug abgeschlossen, der Schiedsrichter entscheidet"
        ) && greeting.ends_with("Schiedsrichter weiter lässt die Uhr weiterlaufen"),
        "{greeting}"
    );
    game.type_line("Schiedsrichter weiter");
    game.expect_containing("Schiedsrichter lässt ohne Entscheidung weiterspielen");
    game.type_line("Ende");
    game.type_line("ja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    let (code, account) = run_in(
        home.path(),
        &["replay", journal.to_str().unwrap(), "--lang", "de"],
    );
    assert_eq!(code, Some(0), "{account}");
    assert!(
        account
            .lines()
            .any(|l| l.ends_with("Schiedsrichter lässt ohne Entscheidung weiterspielen")),
        "{account}"
    );
}
