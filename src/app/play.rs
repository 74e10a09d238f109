//! `annexd play` and `annexd resume`: wires the session core to its adapters (keyboard lines,
//! speech or text out, the journal and PGN on disk, the clock's deadlines) and runs the loop.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, unbounded};

use crate::board::link::LinkEvent;
use crate::board::serial::{BoardLink, PortEvent, PortSettings};
use crate::board::sim::{SimHandle, SimOptions};
use crate::clock::{AnnounceConfig, ClockOptions, TalkingClock, TimeControl};
use crate::config::{SeatRole, Settings, SideName};
use crate::game::Pace;
use crate::listen;
use crate::notation::{Lang, Style, Token, Word};
use crate::record::{Entry, Header, Journal, Scoresheet, replay, write_pgn_atomically};
use crate::session::Priority as SessionPriority;
use crate::session::{Audience, Effect, Input, Seat, Session, SessionOptions};
use crate::speech::{
    BackendKind, Channel, Priority as SpeechPriority, Speaker, SpeechSettings, Utterance,
};

/// Options of `annexd play` (each overrides the settings file).
#[derive(Debug, Args, Clone, Default)]
pub struct PlayArgs {
    /// The settings file (default: annexd.toml in the configuration folder).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Language: de (Annex D German) or en.
    #[arg(long)]
    pub lang: Option<Lang>,
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
    /// White's name.
    #[arg(long)]
    pub white: Option<String>,
    /// Black's name.
    #[arg(long)]
    pub black: Option<String>,
    /// The journal file to write (default: a new file in the games folder).
    #[arg(long)]
    pub journal: Option<PathBuf>,
    /// The devices, speech and view of the seat.
    #[command(flatten)]
    pub seat: SeatArgs,
}

/// What `play` and `resume` share: the boards, speech out and in, and the view.
#[derive(Debug, Args, Clone, Default)]
pub struct SeatArgs {
    /// The VI player's peg board: a serial port, "sim" (a simulated board; type "peg e2e4"
    /// or "peg UP e2" to move its pegs), or "none".
    #[arg(long)]
    pub board: Option<String>,
    /// What the simulated peg board senses: occupancy, color or piece.
    #[arg(long, default_value = "occupancy")]
    pub sim_sensing: crate::board::Sensing,
    /// The sighted player's board: "typed" (moves typed or spoken) or a DGT board's port.
    #[arg(long)]
    pub sighted: Option<String>,
    /// Speech: clips (recorded voice), tts (the system's engine) or text (lines only).
    #[arg(long)]
    pub speech: Option<crate::speech::BackendKind>,
    /// The voice for clips (a folder under voices/<language>/).
    #[arg(long)]
    pub voice: Option<String>,
    /// What is shown: lines (for screen readers and Braille displays) or board (a full-screen
    /// view for sighted helpers).
    #[arg(long, default_value = "lines")]
    pub view: View,
    /// Voice input: off, push-to-talk (type "hören" or press the board's talk key to start
    /// and stop) or always.
    #[arg(long)]
    pub listen: Option<String>,
    /// The Vosk model folder (default: the first matching model in models/).
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// Take the microphone's sound from this WAV file instead (for tests and demonstrations).
    #[arg(long, hide = true)]
    pub listen_wav: Option<PathBuf>,
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
    /// Language: de or en.
    #[arg(long)]
    pub lang: Option<Lang>,
    /// The devices, speech and view of the seat.
    #[command(flatten)]
    pub seat: SeatArgs,
}

/// The folder where games are kept: the settings' `record.dir`, or the data folder.
pub fn games_dir(settings: &Settings) -> PathBuf {
    if !settings.record.dir.trim().is_empty() {
        return PathBuf::from(&settings.record.dir);
    }
    directories::ProjectDirs::from("", "", "annexd")
        .map(|d| d.data_dir().join("games"))
        .unwrap_or_else(|| PathBuf::from("games"))
}

/// The PGN file kept beside a journal.
pub fn pgn_path_for(journal: &Path) -> PathBuf {
    journal.with_extension("pgn")
}

/// Settings from the file and the command line, or the message of what is wrong.
fn settings_for(args: &PlayArgs) -> Result<Settings, String> {
    let mut settings = Settings::load(args.config.as_deref()).map_err(|e| e.to_string())?;
    if let Some(lang) = args.lang {
        settings.game.language = lang;
    }
    if let Some(style) = args.style {
        settings.game.style = style;
    }
    if let Some(control) = &args.control {
        settings.game.time_control = control.clone();
    }
    if let Some(pace) = &args.pace {
        settings.game.pace = parse_setting::<Pace>(pace, "--pace")?;
    }
    if let Some(side) = &args.vi_side {
        settings.game.vi_side = parse_setting::<SideName>(side, "--vi-side")?;
    }
    if let Some(role) = &args.role {
        settings.game.role = parse_setting::<SeatRole>(role, "--role")?;
    }
    if let Some(announcer) = &args.announcer {
        settings.game.announcer =
            parse_setting::<crate::config::Announcer>(announcer, "--announcer")?;
    }
    if let Some(white) = &args.white {
        settings.game.white = white.clone();
    }
    if let Some(black) = &args.black {
        settings.game.black = black.clone();
    }
    if let Some(board) = &args.seat.board {
        settings.board.peg = board.clone();
    }
    if let Some(sighted) = &args.seat.sighted {
        settings.board.sighted = sighted.clone();
    }
    if let Some(speech) = args.seat.speech {
        settings.speech.backend = speech;
    }
    if let Some(voice) = &args.seat.voice {
        settings.speech.voice = voice.clone();
    }
    if let Some(mode) = &args.seat.listen {
        settings.listen.mode = parse_setting::<crate::config::ListenMode>(mode, "--listen")?;
    }
    if let Some(model) = &args.seat.model {
        settings.listen.model = model.display().to_string();
    }
    Ok(settings)
}

/// Reads a command-line value with the same names as the settings file.
fn parse_setting<T: serde::de::DeserializeOwned>(value: &str, flag: &str) -> Result<T, String> {
    T::deserialize(serde::de::value::StrDeserializer::<serde::de::value::Error>::new(value))
        .map_err(|e| format!("{flag} {value}: {e}"))
}

/// The clock for a control text (empty: none), or the message of what is wrong.
fn clock_for(control: &str, settings: &Settings) -> Result<Option<TalkingClock>, String> {
    if control.trim().is_empty() {
        return Ok(None);
    }
    let control = TimeControl::parse(control).map_err(|e| format!("time control: {e}"))?;
    let mut announce = AnnounceConfig {
        warnings: settings
            .clock
            .warnings_seconds
            .iter()
            .map(|s| Duration::from_secs(u64::from(*s)))
            .collect(),
        ..AnnounceConfig::default()
    };
    if settings.clock.announce_every_minutes > 0 {
        announce.every = Some(Duration::from_secs(
            u64::from(settings.clock.announce_every_minutes) * 60,
        ));
    }
    if settings.clock.countdown_below_seconds == 0 {
        announce.final_every = None;
    }
    Ok(Some(TalkingClock::new(
        control,
        ClockOptions::default(),
        announce,
    )))
}

/// The standalone talking clock's options from the settings.
fn talking_clock_args(settings: &Settings) -> crate::clock::cli::ClockArgs {
    let warn = if settings.clock.warnings_seconds.is_empty() {
        "none".to_string()
    } else {
        let list: Vec<String> = settings
            .clock
            .warnings_seconds
            .iter()
            .map(|s| format!("{s}s"))
            .collect();
        list.join(",")
    };
    crate::clock::cli::ClockArgs {
        control: if settings.game.time_control.trim().is_empty() {
            "-".into()
        } else {
            settings.game.time_control.clone()
        },
        replay: None,
        lang: settings.game.language,
        bronstein_credit: false,
        warn,
        final_every: if settings.clock.countdown_below_seconds == 0 {
            "none".into()
        } else {
            "10s".into()
        },
        every: (settings.clock.announce_every_minutes > 0)
            .then(|| format!("{}m", settings.clock.announce_every_minutes)),
        seconds_below: "10m".into(),
        say_after_press: false,
        speech: settings.speech.backend,
    }
}

fn session_options(settings: &Settings) -> SessionOptions {
    SessionOptions {
        lang: settings.game.language,
        style: settings.game.style,
        vi_side: settings.game.vi_side.into(),
        role: settings.game.role,
        program_announces: settings.game.announcer == crate::config::Announcer::Program,
    }
}

/// `annexd play`.
pub fn run_play(args: &PlayArgs) -> ExitCode {
    let settings = match settings_for(args) {
        Ok(settings) => settings,
        Err(message) => return fail_settings(args.lang, &message),
    };
    let lang = settings.game.language;
    if settings.game.role == SeatRole::Clock {
        // The seat of a talking clock alone (D.2.6.1).
        return crate::clock::cli::run(talking_clock_args(&settings));
    }
    let clock = match clock_for(&settings.game.time_control, &settings) {
        Ok(clock) => clock,
        Err(message) => return fail(&message),
    };
    let mut header = Header::new(
        args.fen
            .clone()
            .unwrap_or_else(|| crate::record::STANDARD_START_FEN.to_string()),
    );
    header.white = settings.game.white.clone();
    header.black = settings.game.black.clone();
    header.event = settings.game.event.clone();
    header.pace = settings.game.pace;
    header.date = Some(chrono::Local::now().format("%Y.%m.%d").to_string());
    header.time = Some(chrono::Local::now().format("%H:%M:%S").to_string());
    if let Some(clock) = &clock {
        header.time_control = Some(clock.clock().control().to_pgn());
    }
    let sheet = match Scoresheet::new(header.clone()) {
        Ok(sheet) => sheet,
        Err(err) => return fail(&format!("{} ({err})", lang.text(&err.tokens()))),
    };
    let journal_path = match &args.journal {
        Some(path) => path.clone(),
        None => {
            let dir = games_dir(&settings);
            if let Err(err) = std::fs::create_dir_all(&dir) {
                return fail(&format!("cannot create {}: {err}", dir.display()));
            }
            dir.join(format!(
                "{}.jsonl",
                chrono::Local::now().format("%Y-%m-%d-%H%M%S")
            ))
        }
    };
    let journal = match Journal::create(&journal_path, &header) {
        Ok(journal) => journal,
        Err(err) => return fail(&format!("{} ({err})", lang.text(&err.tokens()))),
    };
    let mut session = Session::new(sheet, clock, session_options(&settings));
    let mut sink = Sink::new(
        journal,
        pgn_path_for(&journal_path),
        &settings,
        args.seat.view,
    );
    sink.show(&format!("journal: {}", journal_path.display()));
    sink.write_pgn(session.sheet());
    let boards = match Boards::open(&settings, args, &mut session) {
        Ok(boards) => boards,
        Err(message) => return fail(&message),
    };
    run(
        &mut session,
        &mut sink,
        boards,
        (&settings, args, false),
        Duration::ZERO,
    )
}

/// `annexd resume`.
pub fn run_resume(args: &ResumeArgs) -> ExitCode {
    let play_args = PlayArgs {
        config: args.config.clone(),
        lang: args.lang,
        seat: args.seat.clone(),
        ..PlayArgs::default()
    };
    let settings = match settings_for(&play_args) {
        Ok(settings) => settings,
        Err(message) => return fail_settings(args.lang, &message),
    };
    let lang = settings.game.language;
    let journal_path = match &args.journal {
        Some(path) => path.clone(),
        None => match newest_unfinished_game(&games_dir(&settings)) {
            Some(path) => path,
            None => {
                return fail(&format!(
                    "no unfinished game in {}: name the journal file",
                    games_dir(&settings).display()
                ));
            }
        },
    };
    let (journal, contents) = match Journal::open_append(&journal_path) {
        Ok(opened) => opened,
        Err(err) => return fail(&format!("{} ({err})", lang.text(&err.tokens()))),
    };
    let sheet = match replay(&contents) {
        Ok(sheet) => sheet,
        Err(err) => return fail(&format!("{} ({err})", lang.text(&err.tokens()))),
    };
    let control = sheet.header().time_control.clone().unwrap_or_default();
    let mut clock = match clock_for(&control, &settings) {
        Ok(clock) => clock,
        Err(message) => return fail(&message),
    };
    let entries: Vec<Entry> = contents.entries.iter().map(|l| l.entry.clone()).collect();
    let offset = last_recorded_time(&entries);
    if let Some(clock) = &mut clock {
        restore_clock(clock, &entries, offset);
    }
    let has_clock = clock.is_some();
    let mut session = Session::new(sheet, clock, session_options(&settings));
    if has_clock {
        // A move journaled without a press after it is made but not completed.
        let last = entries
            .iter()
            .rev()
            .find(|e| matches!(e, Entry::Move(_) | Entry::Press(_) | Entry::Undo(_)));
        if matches!(last, Some(Entry::Move(_))) {
            let mover = !session.game().turn();
            session.set_uncompleted(Some(mover));
        }
    }
    let mut sink = Sink::new(
        journal,
        pgn_path_for(&journal_path),
        &settings,
        args.seat.view,
    );
    if let Some(tail) = &contents.damaged_tail {
        sink.say(&tail.tokens(), SessionPriority::Urgent, Audience::Everyone);
    }
    sink.show(&format!("journal: {}", journal_path.display()));
    sink.write_pgn(session.sheet());
    let mut board_args = play_args.clone();
    board_args.fen = Some(session.game().fen());
    let boards = match Boards::open(&settings, &board_args, &mut session) {
        Ok(boards) => boards,
        Err(message) => return fail(&message),
    };
    run(
        &mut session,
        &mut sink,
        boards,
        (&settings, &board_args, true),
        offset,
    )
}

/// Sets a resumed clock to the times recorded in the journal (the last press, then every
/// adjustment after it), the running side and the move number, at `now`; it stays stopped
/// until the arbiter or a player starts it again, since the time between the last record and
/// the interruption is not known.
fn restore_clock(clock: &mut TalkingClock, entries: &[Entry], now: Duration) {
    use crate::clock::{Adjust, ClockInput};
    use shakmaty::Color;
    let _ = clock.handle(ClockInput::Start, now);
    let start = clock.snapshot(now);
    let mut times = [start.white, start.black];
    let mut made: u32 = 0;
    let mut completed: u32 = 0;
    for entry in entries {
        match entry {
            Entry::Move(_) => made += 1,
            Entry::Undo(_) => made = made.saturating_sub(1),
            Entry::Press(press) => {
                completed = made;
                for (slot, ms) in times.iter_mut().zip([press.white_ms, press.black_ms]) {
                    if let Some(ms) = ms {
                        *slot = Duration::from_millis(ms);
                    }
                }
            }
            Entry::ClockAdjustment(adjustment) => {
                let amount = Duration::from_millis(adjustment.delta_ms.unsigned_abs());
                let slot = &mut times[usize::from(adjustment.side == Color::Black)];
                *slot = if adjustment.delta_ms >= 0 {
                    *slot + amount
                } else {
                    slot.saturating_sub(amount)
                };
            }
            _ => {}
        }
    }
    // The clock of the side that has not yet pressed runs: White after an even number of
    // completed moves.
    if completed % 2 == 1 {
        let _ = clock.handle(ClockInput::Press(Some(Color::White)), now);
    }
    for (side, time) in [(Color::White, times[0]), (Color::Black, times[1])] {
        let change = Adjust::Set(time);
        let _ = clock.handle(ClockInput::Adjust { side, change }, now);
    }
    let _ = clock.handle(ClockInput::SetMoveNumber(completed / 2 + 1), now);
    let _ = clock.handle(ClockInput::Pause, now);
    let _ = clock.poll(now);
}

/// The time of the last journal entry, so that a resumed game's times go on from there.
fn last_recorded_time(entries: &[Entry]) -> Duration {
    entries
        .iter()
        .filter_map(|e| serde_json::to_value(e).ok()?.get("at_ms")?.as_u64())
        .max()
        .map(Duration::from_millis)
        .unwrap_or_default()
}

/// The newest journal in `dir` whose game has not ended.
pub fn newest_unfinished_game(dir: &Path) -> Option<PathBuf> {
    let mut journals: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .collect();
    journals.sort();
    journals.into_iter().rev().map(|(_, p)| p).find(|p| {
        crate::record::read(p)
            .ok()
            .and_then(|c| replay(&c).ok())
            .is_some_and(|s| !s.game().is_over())
    })
}

/// What reaches the loop.
enum LoopInput {
    Line(String),
    /// The board view's input line as typed so far.
    Editing(String),
    Board(Seat, LinkEvent),
    BoardUnavailable(Seat, String),
    Voice(listen::ListenEvent),
    End,
}

/// Voice input, when it is on.
struct Voice {
    listener: Option<listen::Listener>,
    always_on: bool,
}

impl Voice {
    /// Starts the listener the settings ask for; says once why voice input is off if it is.
    fn start(
        settings: &Settings,
        args: &PlayArgs,
        tx: &Sender<LoopInput>,
        sink: &mut Sink,
    ) -> Voice {
        let mode = settings.listen.mode;
        let mut voice = Voice {
            listener: None,
            always_on: mode == crate::config::ListenMode::Always,
        };
        if mode == crate::config::ListenMode::Off {
            return voice;
        }
        let mut config = listen::ListenConfig::new(settings.game.language);
        if !settings.listen.model.trim().is_empty() {
            config.model = Some(PathBuf::from(&settings.listen.model));
        }
        config.mode = if voice.always_on {
            listen::ListenMode::AlwaysOn
        } else {
            listen::ListenMode::PushToTalk
        };
        config.input = match &args.seat.listen_wav {
            Some(path) => listen::AudioInput::WavFile(path.clone()),
            None if settings.listen.device.trim().is_empty() => listen::AudioInput::Device(None),
            None => listen::AudioInput::Device(Some(settings.listen.device.clone())),
        };
        config.start_talking = args.seat.listen_wav.is_some();
        let (events_tx, events) = unbounded();
        match listen::start(&config, events_tx) {
            Ok(listener) => {
                if let Some(notice) = listener.notice() {
                    sink.say(notice, SessionPriority::Urgent, Audience::Everyone);
                }
                let tx = tx.clone();
                std::thread::spawn(move || {
                    for event in events.iter() {
                        if tx.send(LoopInput::Voice(event)).is_err() {
                            return;
                        }
                    }
                });
                voice.listener = Some(listener);
            }
            Err(off) => {
                sink.say(&off.tokens(), SessionPriority::Urgent, Audience::Everyone);
                tracing::info!("voice input off: {off}");
            }
        }
        voice
    }

    /// Starts or stops listening (push-to-talk).
    fn toggle(&self) -> bool {
        match &self.listener {
            Some(listener) => {
                listener.toggle();
                true
            }
            None => false,
        }
    }
}

/// The boards of a game: links to their ports, and the simulator when one is used.
struct Boards {
    links: Vec<(Seat, BoardLink)>,
    simulator: Option<SimHandle>,
}

impl Boards {
    /// Opens the boards the settings name; a missing device is reported later by its link
    /// (the link keeps trying), a bad setting at once.
    fn open(settings: &Settings, args: &PlayArgs, session: &mut Session) -> Result<Boards, String> {
        let mut boards = Boards {
            links: Vec::new(),
            simulator: None,
        };
        match settings.board.peg.trim() {
            "" | "none" => {}
            "sim" => {
                let options = SimOptions {
                    sensing: args.seat.sim_sensing,
                    fen: args.fen.clone(),
                    ..SimOptions::default()
                };
                let simulator = crate::board::sim::start(options)
                    .map_err(|e| format!("the simulated board could not start: {e}"))?;
                let mut port = PortSettings::peg_board(simulator.path());
                port.baud = settings.board.peg_speed;
                boards.links.push((Seat::Peg, BoardLink::spawn(port)));
                boards.simulator = Some(simulator);
                session.attach_peg_board(args.seat.sim_sensing);
            }
            path => {
                let mut port = PortSettings::peg_board(path);
                port.baud = settings.board.peg_speed;
                boards.links.push((Seat::Peg, BoardLink::spawn(port)));
                session.attach_peg_board(crate::board::Sensing::Occupancy);
            }
        }
        match settings.board.sighted.trim() {
            "" | "typed" | "spoken" => {}
            other => {
                let path = other.strip_prefix("dgt:").unwrap_or(other);
                boards
                    .links
                    .push((Seat::Sighted, BoardLink::spawn(PortSettings::dgt(path))));
                session.attach_sighted_board();
            }
        }
        Ok(boards)
    }

    /// Forwards every link's events into the loop's channel.
    fn forward(&mut self, tx: &Sender<LoopInput>) {
        for (seat, link) in &self.links {
            let seat = *seat;
            let events = link.events().clone();
            let tx = tx.clone();
            std::thread::spawn(move || {
                for event in events.iter() {
                    let input = match event {
                        PortEvent::Link(event) => LoopInput::Board(seat, event),
                        PortEvent::Unavailable(why) => LoopInput::BoardUnavailable(seat, why),
                    };
                    if tx.send(input).is_err() {
                        return;
                    }
                }
            });
        }
    }
}

/// Runs the loop until the input ends or the player quits.
/// `offset` is the game time at which the loop starts (non-zero when resumed).
fn run(
    session: &mut Session,
    sink: &mut Sink,
    mut boards: Boards,
    start: (&Settings, &PlayArgs, bool),
    offset: Duration,
) -> ExitCode {
    let (settings, args, resumed) = start;
    let (tx, rx) = unbounded();
    boards.forward(&tx);
    for effect in session.greeting(resumed) {
        sink.apply(effect, session);
    }
    let voice = Voice::start(settings, args, &tx, sink);
    if sink.view.is_some() {
        spawn_editor_reader(tx);
    } else {
        spawn_stdin_reader(tx);
    }
    let epoch = Instant::now()
        .checked_sub(offset)
        .unwrap_or_else(Instant::now);
    sink.redraw(session, offset, None);
    let unavailable_said = &mut [false, false];
    loop {
        let input = next_input(&rx, session.next_deadline(), epoch);
        let now = epoch.elapsed();
        let effects = match input {
            Some(LoopInput::Line(line)) if is_talk_key(&line) => {
                if !voice.toggle() {
                    let tokens = vec![Token::Word(Word::VoiceInputOff)];
                    sink.say(&tokens, SessionPriority::Normal, Audience::Everyone);
                }
                continue;
            }
            Some(LoopInput::Board(_, LinkEvent::Key(name))) if name == "talk" => {
                voice.toggle();
                continue;
            }
            Some(LoopInput::Voice(event)) => match event {
                listen::ListenEvent::Heard(heard) => session.handle(
                    Input::Heard {
                        heard,
                        always_on: voice.always_on,
                    },
                    now,
                ),
                listen::ListenEvent::Listening(on) => {
                    vec![Effect::reading(vec![Token::Word(if on {
                        Word::Listening
                    } else {
                        Word::VoiceInputOff
                    })])]
                }
                listen::ListenEvent::Stopped { reason, .. } => match reason {
                    Some(off) => vec![Effect::urgent(off.tokens())],
                    None => Vec::new(),
                },
            },
            Some(LoopInput::Line(line)) => match (line.trim().split_once(' '), &boards.simulator) {
                // Lines for the simulated peg board: "peg e2e4", "peg UP e2".
                (Some((first, rest)), Some(simulator))
                    if matches!(first.to_lowercase().as_str(), "peg" | "brett") =>
                {
                    simulator.type_line(rest);
                    Vec::new()
                }
                _ => session.handle(Input::Line(line), now),
            },
            Some(LoopInput::Board(seat, event)) => session.handle(Input::Board(seat, event), now),
            Some(LoopInput::Editing(text)) => {
                sink.redraw(session, now, Some(&text));
                continue;
            }
            Some(LoopInput::BoardUnavailable(seat, why)) => {
                // Said once until the board is there; the link keeps trying.
                let said = &mut unavailable_said[seat as usize];
                if *said {
                    Vec::new()
                } else {
                    *said = true;
                    vec![
                        Effect::urgent(vec![Token::Word(Word::DeviceMissing)]),
                        Effect::Show(format!("board: {why}")),
                    ]
                }
            }
            Some(LoopInput::End) => break,
            None => session.handle(Input::Tick, now),
        };
        let mut quit = false;
        for effect in effects {
            quit |= matches!(effect, Effect::Quit);
            sink.apply(effect, session);
        }
        sink.redraw(session, now, None);
        if quit {
            break;
        }
    }
    if sink.failed_writes > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Waits for the next input, or until the deadline (then `None`); never polls.
fn next_input(
    rx: &Receiver<LoopInput>,
    deadline: Option<Duration>,
    epoch: Instant,
) -> Option<LoopInput> {
    match deadline {
        None => Some(rx.recv().unwrap_or(LoopInput::End)),
        Some(deadline) => {
            let wait = deadline.saturating_sub(epoch.elapsed());
            match rx.recv_timeout(wait) {
                Ok(input) => Some(input),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(LoopInput::End),
            }
        }
    }
}

/// The words that start and stop listening (push-to-talk) when typed alone.
fn is_talk_key(line: &str) -> bool {
    matches!(
        crate::notation::parse::fold(line.trim()).as_str(),
        "horen" | "listen" | "mikrofon" | "microphone"
    )
}

/// The board view's keys, edited into lines.
fn spawn_editor_reader(tx: Sender<LoopInput>) {
    use crate::ui::terminal::{Edited, spawn_line_editor};
    let (edits_tx, edits) = unbounded();
    spawn_line_editor(edits_tx);
    std::thread::spawn(move || {
        for edited in edits.iter() {
            let input = match edited {
                Edited::Editing(text) => LoopInput::Editing(text),
                Edited::Line(line) => {
                    // The input line is empty again once a line is given.
                    if tx.send(LoopInput::Editing(String::new())).is_err() {
                        return;
                    }
                    LoopInput::Line(line)
                }
                Edited::End => LoopInput::End,
            };
            let end = matches!(input, LoopInput::End);
            if tx.send(input).is_err() || end {
                return;
            }
        }
    });
}

fn spawn_stdin_reader(tx: Sender<LoopInput>) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            match line {
                Ok(line) => {
                    if tx.send(LoopInput::Line(line)).is_err() {
                        return;
                    }
                }
                Err(_) => break,
            }
        }
        let _ = tx.send(LoopInput::End);
    });
}

/// Where effects go: speech, text lines or the board view, the journal and the PGN on disk.
struct Sink {
    journal: Journal,
    pgn_path: PathBuf,
    lang: Lang,
    out: std::io::Stdout,
    speaker: Option<Speaker>,
    stereo_split: bool,
    view: Option<(crate::ui::terminal::Screen, String)>,
    last_said: String,
    last_note: String,
    failed_writes: u32,
}

impl Sink {
    fn new(journal: Journal, pgn_path: PathBuf, settings: &Settings, view: View) -> Sink {
        let lang = settings.game.language;
        let mut sink = Sink {
            journal,
            pgn_path,
            lang,
            out: std::io::stdout(),
            speaker: None,
            stereo_split: settings.speech.stereo_split,
            view: None,
            last_said: String::new(),
            last_note: String::new(),
            failed_writes: 0,
        };
        if settings.speech.backend != BackendKind::Text {
            let speech = SpeechSettings {
                lang,
                backend: settings.speech.backend,
                voice: Some(settings.speech.voice.clone()),
                rate: settings.speech.rate,
                gap_ms: u64::from(settings.speech.pause_ms),
                ..SpeechSettings::default()
            };
            // Text lines are printed by the sink itself, so the speaker's own text output
            // (its last fallback) goes nowhere; its notices are said instead.
            let speaker = Speaker::open(&speech, Box::new(std::io::sink()));
            let notices: Vec<_> = speaker.notices().to_vec();
            sink.speaker = Some(speaker);
            for notice in notices {
                if notice.tokens.is_empty() {
                    sink.show(&notice.detail);
                } else {
                    // One spoken line; the detail is in the log.
                    sink.say(&notice.tokens, SessionPriority::Urgent, Audience::Everyone);
                    tracing::info!("speech: {}", notice.detail);
                }
            }
            if sink
                .speaker
                .as_ref()
                .is_some_and(|s| s.backend() == BackendKind::Text)
            {
                sink.speaker = None;
            }
        }
        if view == View::Board {
            match crate::ui::terminal::Screen::enter() {
                Ok(screen) => sink.view = Some((screen, String::new())),
                Err(err) => sink.show(&format!(
                    "the board view cannot start ({err}): lines instead"
                )),
            }
        }
        sink
    }

    fn apply(&mut self, effect: Effect, session: &Session) {
        match effect {
            Effect::Say {
                tokens,
                priority,
                audience,
            } => self.say(&tokens, priority, audience),
            Effect::Show(text) => self.show(&text),
            Effect::Record(entry) => {
                if let Err(err) = self.journal.append(&entry) {
                    self.failed_writes += 1;
                    self.say(
                        &[Token::Word(Word::JournalNotWritten)],
                        SessionPriority::Urgent,
                        Audience::Everyone,
                    );
                    self.show(&format!("journal: {err}"));
                }
                self.write_pgn(session.sheet());
            }
            Effect::Quit => {}
        }
    }

    fn say(&mut self, tokens: &[Token], priority: SessionPriority, audience: Audience) {
        let text = self.lang.text(tokens);
        if let Some(speaker) = &self.speaker {
            let priority = match priority {
                SessionPriority::Reading => SpeechPriority::Reading,
                SessionPriority::Normal => SpeechPriority::Move,
                SessionPriority::Urgent => SpeechPriority::Alert,
            };
            let channel = match audience {
                Audience::Player(shakmaty::Color::White) if self.stereo_split => Channel::Left,
                Audience::Player(shakmaty::Color::Black) if self.stereo_split => Channel::Right,
                _ => Channel::Both,
            };
            speaker.say(Utterance::new(tokens.to_vec(), priority).on(channel));
        }
        self.print(&text);
        self.last_said = text;
    }

    fn show(&mut self, text: &str) {
        self.print(text);
        self.last_note = text.to_string();
    }

    /// A line on the terminal in line mode (the board view shows the last ones instead).
    fn print(&mut self, text: &str) {
        if self.view.is_none() {
            let _ = writeln!(self.out, "{text}");
            let _ = self.out.flush();
        }
    }

    /// Redraws the board view, if it is shown.
    fn redraw(&mut self, session: &Session, now: Duration, input: Option<&str>) {
        let Some((screen, typed)) = &mut self.view else {
            return;
        };
        if let Some(input) = input {
            *typed = input.to_string();
        }
        let mut state = crate::ui::board_view::ViewState::of(session, now, &self.last_said, typed);
        state.note = self.last_note.clone();
        let _ = screen.draw(&crate::ui::board_view::render(
            &state,
            crate::ui::terminal::Screen::width(),
        ));
    }

    fn write_pgn(&mut self, sheet: &Scoresheet) {
        if let Err(err) = write_pgn_atomically(&self.pgn_path, &sheet.to_pgn()) {
            self.failed_writes += 1;
            tracing::error!("PGN {}: {err}", self.pgn_path.display());
        }
    }
}

/// A mistake in the settings: said in words first ("Fehler in der Einstellung"), then where.
fn fail_settings(lang: Option<Lang>, message: &str) -> ExitCode {
    let words = lang
        .unwrap_or_default()
        .text(&[Token::Word(Word::ConfigError)]);
    fail(&format!("{words}: {message}"))
}

fn fail(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "annexd: {message}");
    ExitCode::FAILURE
}
