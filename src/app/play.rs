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
use crate::notation::{Lang, Style, Token, Word};
use crate::record::{Entry, Header, Journal, Scoresheet, replay, write_pgn_atomically};
use crate::session::{Effect, Input, Seat, Session, SessionOptions};

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
    /// The VI player's peg board: a serial port, "sim", or "none".
    #[arg(long)]
    pub board: Option<String>,
    /// What the simulated peg board senses: occupancy, color or piece.
    #[arg(long, default_value = "occupancy")]
    pub sim_sensing: crate::board::Sensing,
    /// The sighted player's board: "typed" or a DGT board's port.
    #[arg(long)]
    pub sighted: Option<String>,
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
    if let Some(white) = &args.white {
        settings.game.white = white.clone();
    }
    if let Some(black) = &args.black {
        settings.game.black = black.clone();
    }
    if let Some(board) = &args.board {
        settings.board.peg = board.clone();
    }
    if let Some(sighted) = &args.sighted {
        settings.board.sighted = sighted.clone();
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
        Err(message) => return fail(&message),
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
    let mut sink = Sink::new(journal, pgn_path_for(&journal_path), lang);
    sink.show(&format!("journal: {}", journal_path.display()));
    sink.write_pgn(session.sheet());
    let boards = match Boards::open(&settings, args, &mut session) {
        Ok(boards) => boards,
        Err(message) => return fail(&message),
    };
    run(&mut session, &mut sink, boards, false, Duration::ZERO)
}

/// `annexd resume`.
pub fn run_resume(args: &ResumeArgs) -> ExitCode {
    let play_args = PlayArgs {
        config: args.config.clone(),
        lang: args.lang,
        board: args.board.clone(),
        sim_sensing: args.sim_sensing,
        sighted: args.sighted.clone(),
        ..PlayArgs::default()
    };
    let settings = match settings_for(&play_args) {
        Ok(settings) => settings,
        Err(message) => return fail(&message),
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
    let mut sink = Sink::new(journal, pgn_path_for(&journal_path), lang);
    if let Some(tail) = &contents.damaged_tail {
        sink.say(&tail.tokens());
    }
    sink.show(&format!("journal: {}", journal_path.display()));
    sink.write_pgn(session.sheet());
    let mut board_args = play_args.clone();
    board_args.fen = Some(session.game().fen());
    let boards = match Boards::open(&settings, &board_args, &mut session) {
        Ok(boards) => boards,
        Err(message) => return fail(&message),
    };
    run(&mut session, &mut sink, boards, true, offset)
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
    Board(Seat, LinkEvent),
    BoardUnavailable(Seat, String),
    End,
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
                    sensing: args.sim_sensing,
                    fen: args.fen.clone(),
                    ..SimOptions::default()
                };
                let simulator = crate::board::sim::start(options)
                    .map_err(|e| format!("the simulated board could not start: {e}"))?;
                let mut port = PortSettings::peg_board(simulator.path());
                port.baud = settings.board.peg_speed;
                boards.links.push((Seat::Peg, BoardLink::spawn(port)));
                boards.simulator = Some(simulator);
                session.attach_peg_board(args.sim_sensing);
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
    resumed: bool,
    offset: Duration,
) -> ExitCode {
    let (tx, rx) = unbounded();
    boards.forward(&tx);
    spawn_stdin_reader(tx);
    let epoch = Instant::now()
        .checked_sub(offset)
        .unwrap_or_else(Instant::now);
    for effect in session.greeting(resumed) {
        sink.apply(effect, session);
    }
    let unavailable_said = &mut [false, false];
    loop {
        let input = next_input(&rx, session.next_deadline(), epoch);
        let now = epoch.elapsed();
        let effects = match input {
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

/// Where effects go: text lines out, the journal and the PGN on disk.
struct Sink {
    journal: Journal,
    pgn_path: PathBuf,
    lang: Lang,
    out: std::io::Stdout,
    failed_writes: u32,
}

impl Sink {
    fn new(journal: Journal, pgn_path: PathBuf, lang: Lang) -> Sink {
        Sink {
            journal,
            pgn_path,
            lang,
            out: std::io::stdout(),
            failed_writes: 0,
        }
    }

    fn apply(&mut self, effect: Effect, session: &Session) {
        match effect {
            Effect::Say { tokens, .. } => self.say(&tokens),
            Effect::Show(text) => self.show(&text),
            Effect::Record(entry) => {
                if let Err(err) = self.journal.append(&entry) {
                    self.failed_writes += 1;
                    self.say(&[Token::Word(Word::JournalNotWritten)]);
                    tracing::error!("journal: {err}");
                }
                self.write_pgn(session.sheet());
            }
            Effect::Quit => {}
        }
    }

    fn say(&mut self, tokens: &[Token]) {
        let _ = writeln!(self.out, "{}", self.lang.text(tokens));
        let _ = self.out.flush();
    }

    fn show(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
        let _ = self.out.flush();
    }

    fn write_pgn(&mut self, sheet: &Scoresheet) {
        if let Err(err) = write_pgn_atomically(&self.pgn_path, &sheet.to_pgn()) {
            self.failed_writes += 1;
            tracing::error!("PGN {}: {err}", self.pgn_path.display());
        }
    }
}

fn fail(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "annexd: {message}");
    ExitCode::FAILURE
}
