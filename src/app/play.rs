//! `annexd play` and `annexd resume`: a new game or one rebuilt from its journal (with its
//! clock as last recorded), handed to the event loop with its devices and outputs.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use crate::record::Journal;
use annexd_core::clock::TalkingClock;
use annexd_core::config::{SeatRole, Settings};
use annexd_core::notation::{Lang, Token, Word};
use annexd_core::record::{Entry, Header, Scoresheet, replay};
use annexd_core::session::{Audience, Session};
use annexd_core::speech::Priority;

use super::devices::Devices;
use super::event_loop::run;
use super::options::{
    PlayArgs, ResumeArgs, clock_for, session_options, settings_for, talking_clock_args,
};
use super::sink::Sink;

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
            .unwrap_or_else(|| annexd_core::record::STANDARD_START_FEN.to_string()),
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
    super::log::to_file_beside(&journal_path);
    tracing::info!("new game, journal {}", journal_path.display());
    let mut session = Session::new(sheet, clock, session_options(&settings));
    let mut sink = Sink::new(
        journal,
        pgn_path_for(&journal_path),
        &settings,
        args.seat.view,
    );
    sink.show(&format!("journal: {}", journal_path.display()));
    sink.write_pgn(session.sheet());
    let devices = match Devices::open(&settings, args, &mut session) {
        Ok(devices) => devices,
        Err(message) => return fail(&message),
    };
    run(&mut session, &mut sink, devices, false, Duration::ZERO)
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
    super::log::to_file_beside(&journal_path);
    tracing::info!("game resumed, journal {}", journal_path.display());
    let rescued = match take_unsaved(&journal_path) {
        Ok(rescued) => rescued,
        Err(message) => return fail(&message),
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
        sink.say(&tail.tokens(), Priority::Alert, Audience::Everyone);
    }
    sink.show(&format!("journal: {}", journal_path.display()));
    if let Some((path, lines)) = rescued {
        sink.show(&format!(
            "journal: {lines} entries added from {} (not written at the end of the last session)",
            path.display()
        ));
    }
    sink.write_pgn(session.sheet());
    let mut board_args = play_args.clone();
    board_args.fen = Some(session.game().fen());
    let devices = match Devices::open(&settings, &board_args, &mut session) {
        Ok(devices) => devices,
        Err(message) => return fail(&message),
    };
    run(&mut session, &mut sink, devices, true, offset)
}

/// Adds the entries a journal could not take at the end of the last session (kept in a
/// rescue file, see [`super::journal_queue::unsaved_paths`]) to the journal, and removes that
/// file. Returns the file and how many lines it held.
fn take_unsaved(journal: &Path) -> Result<Option<(PathBuf, usize)>, String> {
    for path in super::journal_queue::unsaved_paths(journal) {
        let Ok(rescued) = std::fs::read(&path) else {
            continue;
        };
        if rescued.is_empty() {
            let _ = std::fs::remove_file(&path);
            continue;
        }
        let add = |journal: &Path| -> std::io::Result<()> {
            let ends_whole = std::fs::read(journal)?.last().is_none_or(|&b| b == b'\n');
            let mut file = std::fs::OpenOptions::new().append(true).open(journal)?;
            if !ends_whole {
                file.write_all(b"\n")?;
            }
            file.write_all(&rescued)?;
            file.sync_all()
        };
        add(journal).map_err(|e| {
            format!(
                "cannot add the rescued entries of {} to {}: {e}",
                path.display(),
                journal.display()
            )
        })?;
        let _ = std::fs::remove_file(&path);
        let lines = rescued
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .count();
        tracing::info!("{lines} rescued entries added from {}", path.display());
        return Ok(Some((path, lines)));
    }
    Ok(None)
}

/// Sets a resumed clock to the times recorded in the journal (the last press, then every
/// adjustment after it), the running side and the move number, at `now`; it stays stopped
/// until the arbiter or a player starts it again, since the time between the last record and
/// the interruption is not known.
fn restore_clock(clock: &mut TalkingClock, entries: &[Entry], now: Duration) {
    use annexd_core::clock::{Adjust, ClockInput};
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
