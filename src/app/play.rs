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

use super::event_loop::run;
use super::opponent::OpponentChoice;
use super::options::{PlayArgs, ResumeArgs, View, clock_for, settings_for};
use super::ports::Opened;

/// `annexd play`; after a game against the chess program where "neue Partie" was confirmed,
/// the next game (a new journal beside the last) against the same program and level.
pub fn run_play(args: &PlayArgs) -> Result<ExitCode, Error> {
    let mut args = args.clone();
    loop {
        let (code, another) = play_one(&args)?;
        if !another {
            return Ok(code);
        }
        // The next game's journal is a new file beside the last one's (named by its time).
        if let Some(last) = args.journal.take() {
            let dir = last.parent().map(Path::to_path_buf).unwrap_or_default();
            args.games_dir = Some(dir);
        }
        // And from the initial position, unless a position to practise was given.
    }
}

/// One game of `annexd play`: its exit status, and whether another was asked for.
fn play_one(args: &PlayArgs) -> Result<(ExitCode, bool), Error> {
    let settings = settings_for(args)?;
    let lang = settings.game.language;
    if super::opponent::choice(args, lang)? == OpponentChoice::Lichess {
        return play_online(args, settings).map(|code| (code, false));
    }
    if settings.game.role == SeatRole::Clock {
        // The seat of a talking clock alone (D.2.6.1): the same settings, the same clock.
        return crate::clock::cli::run_with(&Default::default(), &settings)
            .map(|code| (code, false));
    }
    let clock = clock_for(&settings.game.time_control, &settings)?;
    let start = match &args.pgn {
        Some(pgn) => super::start_position::fen_after_pgn(pgn, lang)?,
        None => args
            .fen
            .clone()
            .unwrap_or_else(|| annexd_core::record::STANDARD_START_FEN.to_string()),
    };
    let header = header_for(&settings, start, clock.as_ref());
    start_game(&settings, args, header, clock, Opened::default(), None)
}

/// `annexd play --opponent lichess`: the game found on the server first (a seek, a
/// challenge, or one accepted), then played as any other.
#[cfg(feature = "online")]
fn play_online(args: &PlayArgs, settings: annexd_core::Settings) -> Result<ExitCode, Error> {
    match super::lobby::find_game(args, &settings)? {
        super::lobby::Found::Game(game) => {
            let setup = game.setting_up(args, settings)?;
            let start = setup
                .args
                .fen
                .clone()
                .unwrap_or_else(|| annexd_core::record::STANDARD_START_FEN.to_string());
            let header = header_for(&setup.settings, start, setup.clock.as_ref());
            start_game(
                &setup.settings,
                &setup.args,
                header,
                setup.clock,
                setup.opened,
                Some(setup.opponent),
            )
            .map(|(code, _)| code)
        }
        super::lobby::Found::Left(code) => Ok(code),
    }
}

/// Without network code, an online game is said to be impossible.
#[cfg(not(feature = "online"))]
fn play_online(_args: &PlayArgs, settings: annexd_core::Settings) -> Result<ExitCode, Error> {
    Err(Error::new(settings.game.language, Word::OnlineNotBuilt))
}

/// The header of a new game from `start` (a FEN) as the settings describe it.
fn header_for(
    settings: &annexd_core::Settings,
    start: String,
    clock: Option<&annexd_core::clock::TalkingClock>,
) -> Header {
    let mut header = Header::new(start);
    header.white = settings.game.white.clone();
    header.black = settings.game.black.clone();
    header.event = settings.game.event.clone();
    header.site = settings.game.site.clone();
    header.round = settings.game.round.clone();
    header.board = settings.game.board.clone();
    header.pace = settings.game.pace;
    header.language = Some(settings.game.language);
    header.date = Some(chrono::Local::now().format("%Y.%m.%d").to_string());
    header.time = Some(chrono::Local::now().format("%H:%M:%S").to_string());
    if let Some(clock) = clock {
        header.time_control = Some(clock.clock().control().to_pgn());
    }
    // The seat, so that `resume` opens the same boards for the same side.
    let spec = |spec: &annexd_core::board::BoardSpec| {
        (*spec != annexd_core::board::BoardSpec::None).then(|| spec.to_string())
    };
    header.peg_board = spec(&settings.board.peg);
    header.sighted_board = spec(&settings.board.sighted);
    header.vi_side = Some(settings.game.vi_side);
    // The mode is sealed into the start with the build (issue 33).
    header.mode = Some(settings.game.mode);
    header.allowed_help = settings.game.allowed_help.clone();
    header
}

/// A new game of `header`: its journal made, its session handed to the event loop with its
/// ports (those `opened` before it, the online game's, taken over), against `opponent` when
/// one found elsewhere plays from outside the board. Its exit status, and whether another
/// game was asked for.
fn start_game(
    settings: &annexd_core::Settings,
    args: &PlayArgs,
    header: Header,
    clock: Option<annexd_core::clock::TalkingClock>,
    opened: Opened,
    opponent: Option<annexd_core::record::OpponentEntry>,
) -> Result<(ExitCode, bool), Error> {
    let lang = settings.game.language;
    let (journal_path, (files, sheet)) = match &args.journal {
        Some(path) => (path.clone(), create_files(path, &header, lang)?),
        None => {
            let dir = args
                .games_dir
                .clone()
                .unwrap_or_else(|| crate::data_dirs::games(settings));
            std::fs::create_dir_all(&dir)
                .map_err(|err| Error::io(lang, Word::FolderNotCreated, &dir, &err))?;
            new_game_files(&dir, &header, lang)?
        }
    };
    remember_last_game(&journal_path);
    let mut starting = vec![Input::Disk(DiskReport::Journal {
        path: journal_path.display().to_string(),
    })];
    if let Some(earlier) = files.earlier_pgn() {
        starting.push(Input::Disk(DiskReport::EarlierPgnKept {
            path: earlier.display().to_string(),
        }));
    }
    let mut session = Session::new(sheet, clock, session_options(settings, args));
    match opponent {
        // The online game's opponent, as the lobby found it.
        Some(opponent) => session.attach_opponent(opponent),
        None => super::opponent::attach_new(settings, args, &mut session)?,
    }
    // The simulated peg board starts where the game does (a PGN's end too).
    let mut board_args = args.clone();
    board_args.fen = Some(session.game().start_fen());
    let ports = super::ports::open(
        settings,
        &board_args,
        &mut session,
        files,
        false,
        Duration::ZERO,
        opened,
    )?;
    let code = run(&mut session, ports, false, Duration::ZERO, starting);
    Ok((code, session.new_game_asked()))
}

/// The session's options: the settings', with a snapshot of the game after each input where
/// a port follows it (the board view, the recogniser's position).
fn session_options(settings: &annexd_core::Settings, args: &PlayArgs) -> SessionOptions {
    let mut options = SessionOptions::from(settings);
    options.view_snapshots = args.seat.view == View::Board
        || settings.listen.mode != annexd_core::listen::ListenMode::Off;
    options
}

/// The files of a new game at `path`.
fn create_files(
    path: &Path,
    header: &Header,
    lang: Lang,
) -> Result<(GameFiles, annexd_core::record::Scoresheet), Error> {
    GameFiles::create(path, header).map_err(|err| start_error(path, &err, lang))
}

/// A game that could not start at `path`, in words.
fn start_error(path: &Path, err: &crate::record::RecordError, lang: Lang) -> Error {
    Error::said(lang, err.tokens())
        .shown(path.display())
        .logged(err)
}

/// The files of a new game in the games folder, named by the time it starts
/// (`2026-03-01-141502.jsonl`); a game started in the same second (two boards of a match
/// started together) gets the next free name (`2026-03-01-141502-2.jsonl`).
fn new_game_files(
    dir: &Path,
    header: &Header,
    lang: Lang,
) -> Result<(PathBuf, (GameFiles, annexd_core::record::Scoresheet)), Error> {
    use crate::record::{JournalError, RecordError};
    let stem = chrono::Local::now().format("%Y-%m-%d-%H%M%S").to_string();
    let mut n = 1;
    loop {
        let path = dir.join(match n {
            1 => format!("{stem}.jsonl"),
            n => format!("{stem}-{n}.jsonl"),
        });
        n += 1;
        let taken = path.exists() || crate::record::files::pgn_path_for(&path).exists();
        if taken && n <= 1000 {
            continue;
        }
        match GameFiles::create(&path, header) {
            Ok(files) => return Ok((path, files)),
            // Taken between the look and the start (a journal is only ever made new).
            Err(RecordError::Journal(JournalError::Exists { .. })) if n < 1000 => {}
            Err(err) => return Err(start_error(&path, &err, lang)),
        }
    }
}

/// The file in the state folder that names the journal of the game started last, so that
/// `annexd resume` finds it wherever `--journal` put it.
fn last_game_note() -> Option<PathBuf> {
    crate::data_dirs::state_dir().map(|dir| dir.join("last-game"))
}

/// Notes `journal` as the game started last (see [`last_game_note`]); a note that cannot
/// be written is logged (resume then looks in the games folder only).
fn remember_last_game(journal: &Path) {
    let Some(note) = last_game_note() else {
        return;
    };
    let journal = std::path::absolute(journal).unwrap_or_else(|_| journal.to_path_buf());
    let written = note
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| {
            crate::durable::write_atomically(&note, journal.to_string_lossy().as_bytes())
        });
    if let Err(err) = written {
        tracing::warn!("{}: {err}", note.display());
    }
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
            let last = last_game_note()
                .and_then(|note| std::fs::read_to_string(note).ok())
                .map(|path| PathBuf::from(path.trim()));
            newest_unfinished_game(&dir, last.as_deref())
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
    // And with the boards and the side it was started with, unless told otherwise.
    let recorded = |spec: &Option<String>| {
        spec.as_deref()
            .and_then(|s| s.parse::<annexd_core::board::BoardSpec>().ok())
    };
    if args.seat.board.is_none()
        && let Some(peg) = recorded(&contents.header.peg_board)
    {
        settings.board.peg = peg;
    }
    if args.seat.sighted.is_none()
        && let Some(sighted) = recorded(&contents.header.sighted_board)
    {
        settings.board.sighted = sighted;
    }
    if let Some(side) = contents.header.vi_side {
        settings.game.vi_side = side;
    }
    // And in the mode it was played in, unless told otherwise (a change is recorded).
    if args.seat.mode.is_none() {
        settings.game.mode = crate::record::provenance::recorded_mode(&contents);
    }
    // The helps the organiser allowed are those the game started with (D.1).
    settings.game.allowed_help = contents.header.allowed_help.clone();
    let lang = settings.game.language;
    let control = contents.header.time_control.clone().unwrap_or_default();
    let clock = clock_for(&control, &settings)?;
    let Resumed {
        mut session,
        at: offset,
    } = resume(&contents, clock, session_options(&settings, &play_args)).map_err(|err| {
        Error::said(lang, err.tokens())
            .shown(journal_path.display())
            .logged(&err)
    })?;
    let online = super::opponent::attach_resumed(&settings, &play_args, &mut session)?;
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
    // An online game is joined again on its server first: its ports go on into the game.
    let opened = match online {
        Some(remote) => match rejoin_online(&settings, &play_args, args, &mut session, remote)? {
            Ok(opened) => opened,
            Err(left) => return Ok(left),
        },
        None => Opened::default(),
    };
    let mut board_args = play_args.clone();
    board_args.fen = Some(session.game().fen());
    // The PGN may be behind the journal after a crash: the journal's port writes it again.
    let ports = super::ports::open(
        &settings,
        &board_args,
        &mut session,
        files,
        true,
        offset,
        opened,
    )?;
    let code = run(&mut session, ports, true, offset, starting);
    if !session.new_game_asked() {
        return Ok(code);
    }
    // "neue Partie": the next game against the program and level this one was played at.
    let mut next = play_args;
    next.opponent = Some("engine".into());
    next.games_dir = journal_path.parent().map(Path::to_path_buf);
    #[cfg(feature = "engine")]
    if let Some(opponent) = session.opponent() {
        next.engine.elo = opponent.elo;
        next.engine.engine = opponent.detail.as_ref().map(PathBuf::from);
    }
    run_play(&next)
}

/// Joins the online game of a resumed journal again on its server (`--server`, else the one
/// its opponent's entry names), the game here as the journal has it: what the server made
/// meanwhile is played here, our last move it lacks is sent again (`lobby::rejoin`). The
/// ports that go on into the game, with the opponent attached; the exit status instead when
/// the game could not be joined or the player left first (said).
#[cfg(feature = "online")]
fn rejoin_online(
    settings: &annexd_core::Settings,
    play_args: &PlayArgs,
    args: &ResumeArgs,
    session: &mut Session,
    remote: annexd_core::record::OpponentEntry,
) -> Result<Result<Opened, ExitCode>, Error> {
    let lang = settings.game.language;
    let site = remote.detail.clone().unwrap_or_default();
    let Some((server, id)) = site.rsplit_once('/').filter(|(_, id)| !id.is_empty()) else {
        return Err(Error::new(lang, Word::GameNotFound).shown(site));
    };
    let mut join_args = play_args.clone();
    join_args.online.server = args.server.clone().or_else(|| Some(server.to_string()));
    join_args.online.online_short_waits = args.online_short_waits;
    let game = session.game();
    let mut moves: Vec<_> = game.history().iter().map(|played| played.mv).collect();
    if session.uncompleted().is_some() {
        // Our last move made but not completed (no press after it) was never sent: it still
        // may be corrected (D.2.8), and is sent when the clock completes it.
        moves.pop();
    }
    let here = annexd_core::online::GameHere {
        start: game
            .position_at(0)
            .cloned()
            .expect("a game has its start position"),
        moves,
    };
    match super::lobby::rejoin(&join_args, settings, id.to_string(), here)? {
        super::lobby::Found::Game(started) => {
            session.attach_opponent(remote);
            Ok(Ok(started.into_opened()))
        }
        super::lobby::Found::Left(code) => Ok(Err(code)),
    }
}

/// Without network code, an online game cannot be joined again (`attach_resumed` said so).
#[cfg(not(feature = "online"))]
fn rejoin_online(
    settings: &annexd_core::Settings,
    _play_args: &PlayArgs,
    _args: &ResumeArgs,
    _session: &mut Session,
    _remote: annexd_core::record::OpponentEntry,
) -> Result<Result<Opened, ExitCode>, Error> {
    Err(Error::new(settings.game.language, Word::OnlineNotBuilt))
}

/// Adds the entries a journal could not take at the end of the last session (kept in a
/// rescue file, see [`super::ports::journal_queue::unsaved_paths`]) to the journal, and removes that
/// file. Returns the file and how many lines it held.
fn take_unsaved(journal: &Path) -> Result<Option<(PathBuf, usize)>, Error> {
    for path in super::ports::journal_queue::unsaved_paths(journal) {
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

/// The newest journal whose game has not ended, of those in `dir` and `last` (the game
/// started last, wherever its journal is).
pub fn newest_unfinished_game(dir: &Path, last: Option<&Path>) -> Option<PathBuf> {
    let in_dir = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"));
    let mut journals: Vec<(std::time::SystemTime, PathBuf)> = in_dir
        .chain(last.map(Path::to_path_buf))
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
