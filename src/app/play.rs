//! `annexd play` and `annexd resume`: a new game or one rebuilt from its journal (with its
//! clock as last recorded), handed to the event loop with its devices and outputs.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use crate::record::GameFiles;
use annexd_core::record::{Header, replay};
use annexd_core::speech::Priority;
use annexd_core::{
    Audience, Lang, Resumed, SeatRole, Session, SessionOptions, Settings, Word, resume,
};

use super::devices::Devices;
use super::event_loop::run;
use super::options::{PlayArgs, ResumeArgs, clock_for, settings_for, talking_clock_args};
use super::sink::Sink;
use crate::ui::message::word_message;

/// The folder where games are kept: the settings' `record.dir`, or the data folder.
pub fn games_dir(settings: &Settings) -> PathBuf {
    if !settings.record.dir.trim().is_empty() {
        return PathBuf::from(&settings.record.dir);
    }
    directories::ProjectDirs::from("", "", "annexd")
        .map(|d| d.data_dir().join("games"))
        .unwrap_or_else(|| PathBuf::from("games"))
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
        Err(message) => return fail(&word_message(lang, Word::TimeControlUnknown, message)),
    };
    let mut header = Header::new(
        args.fen
            .clone()
            .unwrap_or_else(|| annexd_core::record::STANDARD_START_FEN.to_string()),
    );
    header.white = settings.game.white.clone();
    header.black = settings.game.black.clone();
    header.event = settings.game.event.clone();
    header.site = settings.game.site.clone();
    header.round = settings.game.round.clone();
    header.board = settings.game.board.clone();
    header.pace = settings.game.pace;
    header.date = Some(chrono::Local::now().format("%Y.%m.%d").to_string());
    header.time = Some(chrono::Local::now().format("%H:%M:%S").to_string());
    if let Some(clock) = &clock {
        header.time_control = Some(clock.clock().control().to_pgn());
    }
    let journal_path = match &args.journal {
        Some(path) => path.clone(),
        None => {
            let dir = games_dir(&settings);
            if let Err(err) = std::fs::create_dir_all(&dir) {
                let detail = format!("cannot create {}: {err}", dir.display());
                return fail(&word_message(lang, Word::FileNotWritten, detail));
            }
            dir.join(format!(
                "{}.jsonl",
                chrono::Local::now().format("%Y-%m-%d-%H%M%S")
            ))
        }
    };
    let (files, sheet) = match GameFiles::create(&journal_path, &header) {
        Ok(created) => created,
        Err(err) => return fail(&format!("{} ({err})", lang.text(&err.tokens()))),
    };
    let mut session = Session::new(sheet, clock, SessionOptions::from(&settings));
    let mut sink = Sink::new(files, &settings, args.seat.view);
    sink.show(&format!("journal: {}", journal_path.display()));
    let devices = match Devices::open(&settings, args, &mut session) {
        Ok(devices) => devices,
        Err(message) => return fail(&word_message(lang, Word::BoardError, message)),
    };
    run(&mut session, &mut sink, devices, false, Duration::ZERO)
}

/// `annexd resume`.
pub fn run_resume(args: &ResumeArgs) -> ExitCode {
    let play_args = PlayArgs {
        config: args.config.clone(),
        lang: args.lang,
        words: args.words,
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
                let detail = format!(
                    "none in {}: name the journal file",
                    games_dir(&settings).display()
                );
                return fail(&word_message(lang, Word::NoUnfinishedGame, detail));
            }
        },
    };
    let rescued = match take_unsaved(&journal_path) {
        Ok(rescued) => rescued,
        Err(message) => return fail(&message),
    };
    let (files, contents) = match GameFiles::open(&journal_path) {
        Ok(opened) => opened,
        Err(err) => return fail(&format!("{} ({err})", lang.text(&err.tokens()))),
    };
    let control = contents.header.time_control.clone().unwrap_or_default();
    let clock = match clock_for(&control, &settings) {
        Ok(clock) => clock,
        Err(message) => return fail(&word_message(lang, Word::TimeControlUnknown, message)),
    };
    let Resumed {
        mut session,
        at: offset,
    } = match resume(&contents, clock, SessionOptions::from(&settings)) {
        Ok(resumed) => resumed,
        Err(err) => return fail(&format!("{} ({err})", lang.text(&err.tokens()))),
    };
    let mut sink = Sink::new(files, &settings, args.seat.view);
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
    // The PGN may be behind the journal after a crash: written again from the journal now.
    sink.write_pgn(session.sheet());
    let mut board_args = play_args.clone();
    board_args.fen = Some(session.game().fen());
    let devices = match Devices::open(&settings, &board_args, &mut session) {
        Ok(devices) => devices,
        Err(message) => return fail(&word_message(lang, Word::BoardError, message)),
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
            // Tidying up: a file already gone, or left for the next start to clean, changes nothing.
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
        // Tidying up: a file already gone, or left for the next start to clean, changes nothing.
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
        crate::record::read_journal(p)
            .ok()
            .and_then(|c| replay(&c).ok())
            .is_some_and(|s| !s.game().is_over())
    })
}

/// A mistake in the settings: said in words first ("Fehler in der Einstellung"), then where.
fn fail_settings(lang: Option<Lang>, message: &str) -> ExitCode {
    fail(&word_message(
        lang.unwrap_or_default(),
        Word::ConfigError,
        message,
    ))
}

fn fail(message: &str) -> ExitCode {
    // Standard output or error is closed: there is nowhere else to write this.
    let _ = writeln!(std::io::stderr(), "annexd: {message}");
    ExitCode::FAILURE
}
