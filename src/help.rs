//! Help texts of the command line made from the language tables and the settings' defaults,
//! so that a language added to the tables is listed by every option that takes one, and a
//! default changed in the settings is the one `--help` names; and the examples each command's
//! help and manual page end with.

use std::ffi::OsStr;

use clap::builder::TypedValueParser;
use clap::error::{ContextKind, ContextValue, ErrorKind};

use annexd_core::{Lang, Settings};

/// The languages as help texts list them: "de, en, fr" ([`annexd_core::Lang::ALL`]).
pub(crate) fn languages() -> String {
    let codes: Vec<&str> = annexd_core::Lang::ALL.iter().map(|l| l.code()).collect();
    codes.join(", ")
}

/// The help of a `--lang` option: every language the program speaks.
pub(crate) fn lang_help() -> String {
    format!("The language of what is said and shown: {}", languages())
}

/// The help of a `--lang` option that means something of its own: "`what`: de, en,
/// fr`after`."
pub(crate) fn lang_help_about(what: &str, after: &str) -> String {
    format!("{what}: {}{after}.", languages())
}

/// Reads a `--lang` value as [`Lang`] does (a code or a language's name); a value that is
/// none is refused with the languages there are, so that the message lists them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LangParser;

impl TypedValueParser for LangParser {
    type Value = Lang;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Lang, clap::Error> {
        let text = value.to_string_lossy();
        text.parse::<Lang>().map_err(|_| {
            let mut err = clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd);
            if let Some(arg) = arg {
                err.insert(
                    ContextKind::InvalidArg,
                    ContextValue::String(arg.to_string()),
                );
            }
            err.insert(
                ContextKind::InvalidValue,
                ContextValue::String(text.into_owned()),
            );
            err.insert(
                ContextKind::ValidValue,
                ContextValue::Strings(Lang::ALL.iter().map(|l| l.code().to_string()).collect()),
            );
            err
        })
    }
}

/// What an option of `play` and `resume` is when neither the command line nor the settings
/// file sets it, and the setting that would: (option, default, setting).
pub(crate) fn seat_defaults() -> Vec<(&'static str, String, &'static str)> {
    let d = Settings::default();
    vec![
        ("lang", d.game.language.code().to_string(), "game.language"),
        ("words", value(&d.game.words), "game.words"),
        ("style", value(&d.game.style), "game.style"),
        (
            "control",
            match d.game.time_control.as_str() {
                "" => "none (no clock)".to_string(),
                control => control.to_string(),
            },
            "game.time-control",
        ),
        ("pace", value(&d.game.pace), "game.pace"),
        ("vi_side", value(&d.game.vi_side), "game.vi-side"),
        ("role", value(&d.game.role), "game.role"),
        ("announcer", value(&d.game.announcer), "game.announcer"),
        ("mode", value(&d.game.mode), "game.mode"),
        ("white", d.game.white.clone(), "game.white"),
        ("black", d.game.black.clone(), "game.black"),
        ("board", d.board.peg.to_string(), "board.peg"),
        ("sighted", d.board.sighted.to_string(), "board.sighted"),
        ("speech", value(&d.speech.backend), "speech.backend"),
        ("voice", d.speech.voice.clone(), "speech.voice"),
        ("listen", value(&d.listen.mode), "listen.mode"),
        (
            "recogniser",
            value(&d.listen.recogniser),
            "listen.recogniser",
        ),
    ]
}

/// A value as the settings file writes it (`annex-d`, `text`).
fn value<T: serde::Serialize>(value: &T) -> String {
    match toml::Value::try_from(value) {
        Ok(toml::Value::String(text)) => text,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

/// The examples of a command's help and manual page: (command line, what it does).
pub(crate) fn examples(command: &str) -> &'static [(&'static str, &'static str)] {
    match command {
        "annexd" => &[
            (
                "annexd play",
                "a game without a clock, moves typed and every announcement printed, in German",
            ),
            (
                "annexd play --lang en --control 90+30 --board sim",
                "in English, 90 minutes plus 30 seconds a move, with a simulated peg board",
            ),
            ("annexd resume", "go on with the newest unfinished game"),
            (
                "annexd play --help",
                "every option of a game, with its default",
            ),
        ],
        "play" => &[
            (
                "annexd play",
                "a game without a clock, moves typed and every announcement printed, in German",
            ),
            (
                "annexd play --lang en --control 90+30",
                "in English, with a clock: 90 minutes plus 30 seconds a move (Enter presses it)",
            ),
            (
                "annexd play --board sim --view board",
                "a simulated peg board (type \"peg e2e4\") and the board view for a sighted helper",
            ),
            (
                "annexd play --board /dev/ttyUSB0 --sighted chesslink:/dev/ttyACM0 --speech clips --listen push-to-talk",
                "the VI player's peg board and the opponent's ChessLink board, the recorded voice, moves said aloud (on Windows the ports are COM3, COM4)",
            ),
            (
                "annexd play --opponent engine --elo 1200 --vi-side black --board sim",
                "at home against Stockfish at 1200 Elo, the VI player Black on a simulated peg board (\"Tipp\", \"Bewertung\", \"zurücknehmen\")",
            ),
            (
                "annexd play --lang fr --words local --white \"Anna Weiß\" --black \"Élodie Noël\"",
                "in French with the French piece names, the players named on the scoresheet",
            ),
        ],
        "resume" => &[
            (
                "annexd resume",
                "the newest unfinished game, where it stopped",
            ),
            (
                "annexd resume game.jsonl --view board",
                "that game, with the board view for a sighted helper",
            ),
        ],
        "config" => &[
            (
                "annexd config",
                "the settings in effect, as a settings file writes them",
            ),
            (
                "annexd config --lang en > annexd.toml",
                "a settings file to start from, in English",
            ),
        ],
        "announce" => &[
            ("annexd announce startpos e2e4", "Eva vier"),
            (
                "annexd announce --lang en --style long startpos Nf3",
                "the long form, in English",
            ),
        ],
        "parse" => &[
            ("annexd parse startpos Springer Felix drei", "g1f3"),
            (
                "annexd parse --lang fr startpos Cavalier f3",
                "g1f3, with the French words",
            ),
        ],
        "clock" => &[
            (
                "annexd clock --control 90+30",
                "a talking clock: Space presses it, Enter says both times, h the keys, q twice ends",
            ),
            (
                "annexd clock --control 40/5400+30:1800+30 --speech clips",
                "two periods, said with the recorded voice",
            ),
        ],
        "pgn" => &[
            ("annexd pgn", "the PGN of the newest game"),
            (
                "annexd pgn game.jsonl > game.pgn",
                "of that game, into a file",
            ),
        ],
        "sheet" => &[
            (
                "annexd sheet",
                "the printable scoresheet (PDF) of the newest game",
            ),
            (
                "annexd sheet --format brf --lang fr game.jsonl",
                "the Braille sheet of that game, in French",
            ),
        ],
        "verify" => &[
            (
                "annexd verify",
                "whether the newest game's record is intact",
            ),
            (
                "annexd verify game.jsonl --code 3f9a12c077be0d41",
                "and whether it is the record the signed sheet's check code names",
            ),
        ],
        "fairplay" => &[
            (
                "annexd fairplay",
                "what the arbiter needs to know before a game",
            ),
            (
                "annexd fairplay --statement --lang fr --pdf statement.pdf",
                "the one-page statement for the arbiter, in French, also as PDF",
            ),
        ],
        "replay" => &[
            (
                "annexd replay",
                "everything the newest game's record holds, line by line with its time",
            ),
            (
                "annexd replay game.jsonl --lang en --speech clips",
                "that game's, in English, each line also said with its time",
            ),
        ],
        "board-sim" => &[
            (
                "annexd board-sim",
                "a simulated peg board; its path is printed, then type e2e4, UP e2, DOWN e4, help",
            ),
            (
                "annexd board-sim --kind chesslink",
                "a simulated ChessLink board, for: annexd play --sighted chesslink:PATH",
            ),
        ],
        "board-watch" => &[
            (
                "annexd board-watch --board /dev/ttyUSB0",
                "what a peg board reports, as JSON lines",
            ),
            (
                "annexd board-watch --board dgt:/dev/ttyACM0 --lang en",
                "what a DGT board reports, said in English",
            ),
        ],
        "say" => &[
            (
                "annexd say Springer Felix drei",
                "said with the recorded voice",
            ),
            (
                "annexd say --lang en --move startpos e2e4 --out e4.wav",
                "a move's announcement, into a WAV file",
            ),
        ],
        "voices" => &[
            ("annexd voices list", "the voices found and where"),
            ("annexd voices check", "the clips each voice lacks"),
        ],
        "recognize" => &[
            (
                "annexd recognize move.wav",
                "what a recording says, and the move it names",
            ),
            (
                "annexd recognize --device default --lang fr",
                "listen on the microphone, in French",
            ),
        ],
        _ => &[],
    }
}

/// The examples as the end of a help text: "Examples:" and each, indented.
pub(crate) fn examples_help(command: &str) -> Option<String> {
    let examples = examples(command);
    if examples.is_empty() {
        return None;
    }
    let mut text = String::from("Examples:\n");
    for (line, what) in examples {
        text.push_str(&format!("  {line}\n      {what}\n"));
    }
    Some(text.trim_end().to_string())
}
