//! Who plays the VI player's opponent (`--opponent`): a person at the board (the default), a
//! chess program at home (`--opponent engine`, feature `engine`), or lichess (`--opponent
//! lichess`, feature `online`, attached by the online game's lobby), attached to the session
//! as the source of the other side's moves before the greeting; a resumed game goes on
//! against the program its journal names, or is joined again on its server. A program is
//! refused in tournament mode.

use annexd_core::{Lang, Mode, Session, Settings, Word};

use super::options::PlayArgs;
use crate::error::Error;

/// Who plays the other side (`--opponent`, named as on the command line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum OpponentChoice {
    /// A person at the board (his e-board, or his moves relayed).
    Board,
    /// A chess program.
    Engine,
    /// lichess (or the server of `--server`), through its Board API: the game is found there
    /// first (`super::lobby`).
    Lichess,
}

/// The opponent `--opponent` names (the board's when not given).
pub(crate) fn choice(args: &PlayArgs, lang: Lang) -> Result<OpponentChoice, Error> {
    let Some(value) = args.opponent.as_deref() else {
        return Ok(OpponentChoice::Board);
    };
    match super::options::parse_setting::<OpponentChoice>(value.trim(), "--opponent", lang)? {
        OpponentChoice::Engine if !cfg!(feature = "engine") => {
            Err(Error::new(lang, Word::EngineNotBuilt))
        }
        OpponentChoice::Lichess if !cfg!(feature = "online") => {
            Err(Error::new(lang, Word::OnlineNotBuilt))
        }
        chosen => Ok(chosen),
    }
}

/// Attaches the opponent of a new game to `session`.
pub(crate) fn attach_new(
    settings: &Settings,
    args: &PlayArgs,
    session: &mut Session,
) -> Result<(), Error> {
    let lang = settings.game.language;
    match choice(args, lang)? {
        // The online game's opponent is attached as the lobby found it.
        OpponentChoice::Board | OpponentChoice::Lichess => Ok(()),
        OpponentChoice::Engine => {
            if settings.game.mode == Mode::Tournament {
                return Err(Error::new(lang, Word::NoEngineInTournament));
            }
            attach_engine(settings, args, session);
            Ok(())
        }
    }
}

#[cfg(feature = "engine")]
fn attach_engine(settings: &Settings, args: &PlayArgs, session: &mut Session) {
    use annexd_core::record::{OpponentEntry, OpponentSource};
    let vi_side: shakmaty::Color = settings.game.vi_side.into();
    session.attach_opponent(OpponentEntry {
        side: !vi_side,
        source: OpponentSource::Program,
        name: String::new(),
        elo: Some(args.engine.elo()),
        detail: args
            .engine
            .program()
            .map(|program| program.display().to_string()),
    });
}

#[cfg(not(feature = "engine"))]
fn attach_engine(_settings: &Settings, _args: &PlayArgs, _session: &mut Session) {}

/// A resumed game goes on against the program its journal names (at the level recorded,
/// or the one `--elo` gives now; refused in tournament mode), or against its online
/// opponent: that one is returned, not attached, since the game is joined again on its
/// server first (`super::play`).
pub(crate) fn attach_resumed(
    settings: &Settings,
    args: &PlayArgs,
    session: &mut Session,
) -> Result<Option<annexd_core::record::OpponentEntry>, Error> {
    let vi_side: shakmaty::Color = settings.game.vi_side.into();
    let Some(recorded) = session.sheet().opponent(!vi_side).cloned() else {
        return Ok(None);
    };
    let lang = settings.game.language;
    if recorded.source == annexd_core::record::OpponentSource::Remote {
        if !cfg!(feature = "online") {
            return Err(Error::new(lang, Word::OnlineNotBuilt));
        }
        return Ok(Some(recorded));
    }
    if recorded.source != annexd_core::record::OpponentSource::Program {
        return Ok(None);
    }
    if !cfg!(feature = "engine") {
        return Err(Error::new(lang, Word::EngineNotBuilt));
    }
    if settings.game.mode == Mode::Tournament {
        return Err(Error::new(lang, Word::NoEngineInTournament));
    }
    #[cfg(feature = "engine")]
    {
        let mut opponent = recorded;
        if args.engine.elo.is_some() {
            opponent.elo = Some(args.engine.elo());
        }
        if let Some(program) = &args.engine.engine {
            opponent.detail = Some(program.display().to_string());
        }
        session.attach_opponent(opponent);
    }
    #[cfg(not(feature = "engine"))]
    let _ = (args, recorded);
    Ok(None)
}
