//! `annexd play` and `annexd resume`: a new game or one rebuilt from its journal (with its
//! clock as last recorded), handed to the event loop with its devices and outputs.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use crate::error::Error;
use crate::record::GameFiles;
use annexd_core::record::{Header, replay};
use annexd_core::{
    DiskReport, Input, Lang, Resumed, SeatRole, Session, SessionOptions, Word, resume,
};

use super::devices::Devices;
use super::event_loop::run;
use super::options::{PlayArgs, ResumeArgs, clock_for, settings_for};
use super::sink::Sink;

/// `annexd play`.
pub fn run_play(args: &PlayArgs) -> Result<ExitCode, Error> {
    let settings = settings_for(args)?;
    let lang = settings.game.language;
    if settings.game.role == SeatRole::Clock {
        // The seat of a talking clock alone (D.2.6.1): the same settings, the same clock.
        return crate::clock::cli::run_with(&Default::default(), &settings);
    }
    let clock = clock_for(&settings.game.time_control, &settings)?;
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
    header.language = Some(lang);
    header.date = Some(chrono::Local::now().format("%Y.%m.%d").to_string());
    header.time = Some(chrono::Local::now().format("%H:%M:%S").to_string());
    if let Some(clock) = &clock {
        header.time_control = Some(clock.clock().control().to_pgn());
    }
    let journal_path = match &args.journal {
        Some(path) => path.clone(),
        None => {
            let dir = crate::data_dirs::games(&settings);
            std::fs::create_dir_all(&dir)
                .map_err(|err| Error::io(lang, Word::FolderNotCreated, &dir, &err))?;
            dir.join(format!(
                "{}.jsonl",
                chrono::Local::now().format("%Y-%m-%d-%H%M%S")
            ))
        }
    };
    let (files, sheet) = GameFiles::create(&journal_path, &header).map_err(|err| {
        Error::said(lang, err.tokens())
            .shown(journal_path.display())
            .logged(&err)
    })?;
    let mut session = Session::new(sheet, clock, SessionOptions::from(&settings));
    let mut sink = Sink::new(files, &settings, args.seat.view);
    let starting = vec![Input::Disk(DiskReport::Journal {
        path: journal_path.display().to_string(),
    })];
    let devices = Devices::open(&settings, args, &mut session)?;
    Ok(run(
        &mut session,
        &mut sink,
        devices,
        false,
        Duration::ZERO,
        starting,
    ))
}

/// `annexd resume`.
pub fn run_resume(args: &ResumeArgs) -> Result<ExitCode, Error> {
    let play_args = PlayArgs {
        config: args.config.clone(),
        lang: args.lang,
        words: args.words,
        seat: args.seat.clone(),
        ..PlayArgs::default()
    };
    let mut settings = settings_for(&play_args)?;
    let lang = settings.game.language;
    let journal_path = match &args.journal {
        Some(path) => path.clone(),
        None => {
            let dir = crate::data_dirs::games(&settings);
            newest_unfinished_game(&dir)
                .ok_or_else(|| Error::new(lang, Word::NoUnfinishedGame).shown(dir.display()))?
        }
    };
    let rescued = take_unsaved(&journal_path).map_err(|err| err.in_lang(lang))?;
    let (files, contents) = GameFiles::open(&journal_path).map_err(|err| {
        Error::said(lang, err.tokens())
            .shown(journal_path.display())
            .logged(&err)
    })?;
    // The game goes on in the language it was played in, unless told otherwise.
    if args.lang.is_none()
        && let Some(played_in) = contents.header.language
    {
        settings.game.language = played_in;
    }
    let lang = settings.game.language;
    let control = contents.header.time_control.clone().unwrap_or_default();
    let clock = clock_for(&control, &settings)?;
    let Resumed {
        mut session,
        at: offset,
    } = resume(&contents, clock, SessionOptions::from(&settings)).map_err(|err| {
        Error::said(lang, err.tokens())
            .shown(journal_path.display())
            .logged(&err)
    })?;
    let mut sink = Sink::new(files, &settings, args.seat.view);
    let mut starting = Vec::new();
    if let Some(tail) = &contents.damaged_tail {
        starting.push(Input::Disk(DiskReport::DamagedEnd(tail.clone())));
    }
    starting.push(Input::Disk(DiskReport::Journal {
        path: journal_path.display().to_string(),
    }));
    if let Some((path, entries)) = rescued {
        starting.push(Input::Disk(DiskReport::RescuedAdded {
            path: path.display().to_string(),
            entries,
        }));
    }
    // The PGN may be behind the journal after a crash: written again from the journal now.
    sink.write_pgn(session.sheet());
    let mut board_args = play_args.clone();
    board_args.fen = Some(session.game().fen());
    let devices = Devices::open(&settings, &board_args, &mut session)?;
    Ok(run(
        &mut session,
        &mut sink,
        devices,
        true,
        offset,
        starting,
    ))
}

/// Adds the entries a journal could not take at the end of the last session (kept in a
/// rescue file, see [`super::journal_queue::unsaved_paths`]) to the journal, and removes that
/// file. Returns the file and how many lines it held.
fn take_unsaved(journal: &Path) -> Result<Option<(PathBuf, usize)>, Error> {
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
        add(journal).map_err(|err| {
            Error::io(Lang::default(), Word::RescueNotAdded, &path, &err).logged(format!(
                "{} into {}: {err}",
                path.display(),
                journal.display()
            ))
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
