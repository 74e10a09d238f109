//! The options of `play` and `resume` and the settings they make: the command line over the
//! settings file, the clock and the session options they give.

use std::path::PathBuf;

use clap::Args;

use crate::error::Error;
use annexd_core::clock::{TalkingClock, TimeControl};
use annexd_core::game::Pace;
use annexd_core::listen::ListenMode;
use annexd_core::{Announcer, Lang, SeatRole, Settings, SideName, Style, Word, WordSet};

/// Options of `annexd play` (each overrides the settings file).
#[derive(Debug, Args, Clone, Default)]
pub struct PlayArgs {
    /// The settings file (default: annexd.toml in the configuration folder).
    #[arg(long)]
    pub config: Option<PathBuf>,
    #[arg(long, help = crate::help::lang_help())]
    pub lang: Option<Lang>,
    /// The words of pieces, ranks and castling: annex-d (König … Bauer, eins … acht, Kurze/Lange
    /// Rochade in every language, D.2.1's default) or local (the language's own, if the
    /// arbiter so decides).
    #[arg(long)]
    pub words: Option<WordSet>,
    /// How moves are said: short or long.
    #[arg(long)]
    pub style: Option<Style>,
    /// Time control, e.g. "40/5400+30:1800+30", "90+30", "5400d30" (see docs/clock.md).
    #[arg(long)]
    pub control: Option<String>,
    /// Pace for penalties: standard, rapid, blitz, blitz_supervised.
    #[arg(long)]
    pub pace: Option<String>,
    /// The side the VI player plays: white or black.
    #[arg(long)]
    pub vi_side: Option<String>,
    /// The seat: player, assistant or clock.
    #[arg(long)]
    pub role: Option<String>,
    /// Who announces the VI player's moves: player (said or typed) or program (read from
    /// the peg board and announced by the program).
    #[arg(long)]
    pub announcer: Option<String>,
    /// The start position in FEN (default: the initial position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Start where a game in a PGN file ends (its main line played from its start): an
    /// opening or an ending to practise.
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    pub pgn: Option<PathBuf>,
    /// White's name.
    #[arg(long)]
    pub white: Option<String>,
    /// Black's name.
    #[arg(long)]
    pub black: Option<String>,
    /// The journal file to write (default: a new file in the games folder).
    #[arg(long)]
    pub journal: Option<PathBuf>,
    /// Where the journal of a next game goes ("neue Partie" against the engine): beside the
    /// last one's.
    #[arg(skip)]
    pub games_dir: Option<PathBuf>,
    /// Who plays the other side: board (a person at the board, the default), engine (a
    /// chess program at home: --elo, --engine; see docs/engine.md) or lichess (online, through
    /// lichess's Board API: --control, --challenge, --accept, --server; see docs/online.md).
    #[arg(long, value_name = "OPPONENT")]
    pub opponent: Option<String>,
    /// The chess program's level and program (`--opponent engine`).
    #[cfg(feature = "engine")]
    #[command(flatten)]
    pub engine: crate::engine::EngineArgs,
    /// The devices, speech and view of the seat.
    #[command(flatten)]
    pub seat: SeatArgs,
    /// The online game: a seek, a challenge or waiting for one, and the server.
    #[command(flatten)]
    pub online: OnlineArgs,
}

/// Options of an online game (`--opponent lichess`): without --challenge or --accept, a
/// seek for --control (rapid or classical).
#[derive(Debug, Args, Clone, Default)]
pub struct OnlineArgs {
    /// Challenge this lichess player (blitz allowed too); --vi-side chooses our side, else
    /// it is drawn by lot.
    #[arg(long, value_name = "USER", conflicts_with = "accept")]
    pub challenge: Option<String>,
    /// Wait for a challenge; who offers what is said before it is accepted.
    #[arg(long)]
    pub accept: bool,
    /// A rated game (default: casual).
    #[arg(long)]
    pub rated: bool,
    /// The server (default: the settings' online.server, else https://lichess.org; plain
    /// http:// only to this computer).
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// Short waits (retries, HTTP 429) for the tests' local server.
    #[arg(long, hide = true)]
    pub online_short_waits: bool,
}

/// What `play` and `resume` share: the boards, speech out and in, and the view.
#[derive(Debug, Args, Clone, Default)]
pub struct SeatArgs {
    /// The VI player's peg board: a serial port, "sim" (a simulated board; type "peg e2e4"
    /// or "peg UP e2" to move its pegs), or "none" (any board kind of --sighted works too).
    #[arg(long)]
    pub board: Option<String>,
    /// What the simulated peg board senses: occupancy, color or piece.
    #[arg(long, default_value = "occupancy")]
    pub sim_sensing: annexd_core::board::Sensing,
    /// The sighted player's board: "typed" (moves typed or spoken), dgt:PORT,
    /// chesslink:PORT, chesslink:ble[:NAME], chessnut:ble[:NAME] or pegasus:ble[:NAME]
    /// (see docs/boards.md).
    #[arg(long)]
    pub sighted: Option<String>,
    /// Speech: clips (recorded voice), tts (the system's engine), text (lines only) or
    /// screen-reader (JAWS or NVDA says it, where one runs; Windows).
    #[arg(long)]
    pub speech: Option<annexd_core::speech::BackendKind>,
    /// The voice for clips (a folder under voices/<language>/).
    #[arg(long)]
    pub voice: Option<String>,
    /// The speaking rate, 0.5 … 2.0 (1.0 is normal; default: the settings' speech.rate,
    /// which "schneller" and "langsamer" change during a game).
    #[arg(long)]
    pub speech_rate: Option<f32>,
    /// The sound output speech goes to, by name (the VI player's earphone, so that only he
    /// hears it; with --speech clips): what both players and the arbiter must hear is said on
    /// the default output as well. `annexd say --device NAME WORDS` tries one.
    #[arg(long)]
    pub speech_device: Option<String>,
    /// What is shown: lines (for screen readers and Braille displays) or board (a full-screen
    /// view for sighted helpers).
    #[arg(long, default_value = "lines")]
    pub view: View,
    /// Voice input: off, push-to-talk (type "hören" or press the board's talk key to start
    /// and stop) or always.
    #[arg(long)]
    pub listen: Option<String>,
    /// The recogniser: auto (Vosk where a Vosk model of the language is installed, else
    /// Whisper), vosk or whisper.
    #[arg(long)]
    pub recogniser: Option<annexd_core::listen::RecogniserChoice>,
    /// The model folder, Vosk's or Whisper's (default: the first matching model in models/).
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// The player's own voice, heard too: the name of a voice recorded with `annexd voices
    /// record` (with `--hearing`), or its folder (the setting `[listen] own-voice`).
    #[arg(long, value_name = "NAME|DIR")]
    pub own_voice: Option<String>,
    /// Take the microphone's sound from this WAV file instead (for tests and demonstrations).
    #[arg(long, hide = true)]
    pub listen_wav: Option<PathBuf>,
    /// How much the program helps: tournament (only what Annex D allows: no verdict on a
    /// move before the clock, claims to the arbiter; the tournament build's default) or home
    /// (every help). `resume` keeps the game's mode unless told; a change is recorded.
    #[arg(long)]
    pub mode: Option<String>,
    /// Every audible alarm off (the clock's time warnings and the flag's sound; speech stays):
    /// the equipment rules ask that a clock's alarms can be switched off.
    #[arg(long)]
    pub no_alarms: bool,
}

/// How the program shows itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum View {
    /// One line in, one line out (screen readers, Braille displays).
    #[default]
    Lines,
    /// A full-screen board view for sighted helpers.
    Board,
}

/// Options of `annexd resume`.
#[derive(Debug, Args, Clone, Default)]
pub struct ResumeArgs {
    /// The journal of the game (default: the newest unfinished game in the games folder).
    pub journal: Option<PathBuf>,
    /// The settings file.
    #[arg(long)]
    pub config: Option<PathBuf>,
    #[arg(long, help = crate::help::lang_help())]
    pub lang: Option<Lang>,
    /// The words of pieces, ranks and castling: annex-d or local (see `play`).
    #[arg(long)]
    pub words: Option<WordSet>,
    /// The devices, speech and view of the seat.
    #[command(flatten)]
    pub seat: SeatArgs,
    /// The server of an online game (default: the one its journal names; plain http:// only
    /// to this computer).
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// Short waits (retries, HTTP 429) for the tests' local server.
    #[arg(long, hide = true)]
    pub online_short_waits: bool,
}

/// Settings from the file and the command line, or what is wrong with them.
pub(super) fn settings_for(args: &PlayArgs) -> Result<Settings, Error> {
    let lang = args.lang.unwrap_or_default();
    let mut settings =
        crate::config::load(args.config.as_deref()).map_err(|err| Error::settings(lang, &err))?;
    let lang = args.lang.unwrap_or(settings.game.language);
    if let Some(lang) = args.lang {
        settings.game.language = lang;
    }
    if let Some(words) = args.words {
        settings.game.words = words;
    }
    if let Some(style) = args.style {
        settings.game.style = style;
    }
    if let Some(control) = &args.control {
        settings.game.time_control = control.clone();
    }
    if let Some(pace) = &args.pace {
        settings.game.pace = parse_setting::<Pace>(pace, "--pace", lang)?;
    }
    if let Some(side) = &args.vi_side {
        settings.game.vi_side = parse_setting::<SideName>(side, "--vi-side", lang)?;
    }
    if let Some(role) = &args.role {
        settings.game.role = parse_setting::<SeatRole>(role, "--role", lang)?;
    }
    if let Some(announcer) = &args.announcer {
        settings.game.announcer = parse_setting::<Announcer>(announcer, "--announcer", lang)?;
    }
    if let Some(white) = &args.white {
        settings.game.white = white.clone();
    }
    if let Some(black) = &args.black {
        settings.game.black = black.clone();
    }
    if let Some(board) = &args.seat.board {
        settings.board.peg = board
            .parse()
            .map_err(|err| crate::board::cli::spec_error(lang, "--board", &err))?;
    }
    if let Some(sighted) = &args.seat.sighted {
        let spec: annexd_core::board::BoardSpec = sighted
            .parse()
            .map_err(|err| crate::board::cli::spec_error(lang, "--sighted", &err))?;
        spec.check_sighted()
            .map_err(|err| crate::board::cli::spec_error(lang, "--sighted", &err))?;
        settings.board.sighted = spec;
    }
    if let Some(speech) = args.seat.speech {
        settings.speech.backend = speech;
    }
    if let Some(voice) = &args.seat.voice {
        settings.speech.voice = voice.clone();
    }
    if let Some(rate) = args.seat.speech_rate {
        settings.speech.rate = rate_in_range(rate, "--speech-rate", lang)?;
    }
    if let Some(device) = &args.seat.speech_device {
        settings.speech.device = device.clone();
    }
    if let Some(mode) = &args.seat.listen {
        settings.listen.mode = parse_setting::<ListenMode>(mode, "--listen", lang)?;
    }
    if let Some(own_voice) = &args.seat.own_voice {
        settings.listen.own_voice = own_voice.clone();
    }
    if let Some(recogniser) = args.seat.recogniser {
        settings.listen.recogniser = recogniser;
    }
    if let Some(model) = &args.seat.model {
        settings.listen.model = model.display().to_string();
    }
    if let Some(mode) = &args.seat.mode {
        settings.game.mode = parse_setting::<annexd_core::Mode>(mode, "--mode", lang)?;
    }
    if args.seat.no_alarms {
        settings.clock.alarms = false;
    }
    check_speech_device(&settings, "--speech clips", lang)?;
    Ok(settings)
}

/// Speech to the VI player's earphone only (the equipment rules): the sound output named is
/// checked before the game starts, and said; it must be there, and the recorded voice must
/// speak (the system's speech engine speaks on the default output only: `clips_option` is
/// the option that asks for the recorded voice).
fn check_speech_device(settings: &Settings, clips_option: &str, lang: Lang) -> Result<(), Error> {
    let name = &settings.speech.device;
    if name.is_empty() {
        return Ok(());
    }
    if settings.speech.backend != annexd_core::speech::BackendKind::Clips {
        return Err(Error::new(lang, Word::OnlyRecordedVoice)
            .shown(clips_option)
            .usage());
    }
    match crate::sound::output_device(name) {
        Ok(_) => {
            crate::error::notice(
                &crate::error::Message::word(lang, Word::SpeechThrough).shown(name),
            );
            Ok(())
        }
        Err(present) => Err(Error::new(lang, Word::DeviceMissing)
            .shown(name)
            .and_word(Word::SoundOutputsAre)
            .shown(present.join(", "))),
    }
}

/// A speaking rate from the command line, in the settings' range (0.5 … 2.0).
fn rate_in_range(rate: f32, flag: &str, lang: Lang) -> Result<f32, Error> {
    if (0.5..=2.0).contains(&rate) {
        return Ok(rate);
    }
    Err(Error::new(lang, Word::BadOption)
        .shown(format!("{flag} {rate}"))
        .and_word(Word::AllowedAre)
        .shown("0.5 … 2.0")
        .usage())
}

/// Reads a command-line value with the same names as the settings file.
pub(super) fn parse_setting<T: serde::de::DeserializeOwned>(
    value: &str,
    flag: &str,
    lang: Lang,
) -> Result<T, Error> {
    T::deserialize(serde::de::value::StrDeserializer::<serde::de::value::Error>::new(value))
        .map_err(|err| {
            Error::new(lang, Word::BadOption)
                .shown(format!("{flag} {value}"))
                .logged(err)
                .usage()
        })
}

/// The clock for a control text (empty: none), with what the settings say it announces.
pub(super) fn clock_for(control: &str, settings: &Settings) -> Result<Option<TalkingClock>, Error> {
    if control.trim().is_empty() {
        return Ok(None);
    }
    let lang = settings.game.language;
    let control = TimeControl::parse(control).map_err(|err| Error::time_control(lang, &err))?;
    Ok(Some(TalkingClock::new(
        control,
        settings.clock.clock_options(),
        settings.clock.announce_config(),
    )))
}
