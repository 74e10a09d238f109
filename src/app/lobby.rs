//! The online game's lobby (`annexd play --opponent lichess`): before a game exists, the
//! token is tried and the game sought (a seek), asked for (a challenge) or waited for (a
//! challenge accepted after "ja"). The ending signals, the keyboard and the speaker open
//! here already, since the player hears and answers the lobby; when the server starts the
//! game, its facts (our side, the opponent, the clock, the start) set the game up, and these
//! ports and lichess's go on into it ([`super::ports::Opened`]).
//!
//! What is said is the core's (`annexd_core::online`); this module moves lines, words and
//! the time between the ports and the conversation, as the event loop does in the game.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use crossbeam_channel::{Select, TryRecvError};
use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};

use crate::online::{ApiToken, LichessPort, PortConfig, ServerUrl};
use annexd_core::clock::TalkingClock;
use annexd_core::online::{
    ChallengeSpec, GameFacts, GameHere, LobbyLine, OnlineControl, Patience, Plan, Report,
    lobby_line,
};
use annexd_core::record::{OpponentEntry, OpponentSource};
use annexd_core::{Effect, Input, Settings, SideName};

use super::options::PlayArgs;
use super::port::Port;
use super::ports::lichess::LichessGame;
use super::ports::{Opened, lines::LineView, speaker::SpeakerPort};
use super::signals::EndSignals;
use crate::error::Error;

/// What the lobby ended with.
pub(super) enum Found {
    /// A game, to be set up and played.
    Game(Box<Started>),
    /// No game: the player left, or the online game could not go on (said); the exit status.
    Left(ExitCode),
}

/// A game the server started, with the ports that go on into it.
pub(super) struct Started {
    facts: GameFacts,
    account: Option<String>,
    server: ServerUrl,
    opened: Opened,
}

/// The game the server started, set up: the settings and options it is played with (the
/// position it stands at among them), its clock, ports and opponent.
pub(super) struct Setup {
    pub(super) settings: Settings,
    pub(super) args: PlayArgs,
    pub(super) clock: Option<TalkingClock>,
    pub(super) opened: Opened,
    pub(super) opponent: OpponentEntry,
}

/// The ports of the lobby.
struct Lobby {
    signals: Option<EndSignals>,
    terminal: LineView,
    speaker: Option<SpeakerPort>,
    lichess: LichessPort,
    /// What the speaker and the terminal reported (speech falling back), for the game.
    reports: Vec<Input>,
}

/// Finds the game `args` ask for on the server, saying what happens.
pub(super) fn find_game(args: &PlayArgs, settings: &Settings) -> Result<Found, Error> {
    let config = port_config(args, settings)?;
    lobby(config, settings)
}

/// Joins the game `id` again, as this program's journal has it (`here`: `annexd resume`), on
/// the server of `args` (`--server`, else the settings'): what the server made meanwhile is
/// played here, our last move it lacks is sent again, and a game of that id that never
/// stood where the journal begins is not found.
pub(super) fn rejoin(
    args: &PlayArgs,
    settings: &Settings,
    id: String,
    here: GameHere,
) -> Result<Found, Error> {
    let mut config = port_config_for(args, settings, Plan::Join(id))?;
    config.here = Some(here);
    lobby(config, settings)
}

/// The lobby of `config`'s plan, until its game starts or cannot.
fn lobby(config: PortConfig, settings: &Settings) -> Result<Found, Error> {
    let lang = settings.game.language;
    let server = config.server.clone();
    let epoch = Instant::now();
    let speech = settings.game.speech();
    // A game joined again from its journal: the session has its moves already.
    let plies = config.here.as_ref().map_or(0, |here| here.moves.len());
    let (lichess, first) = LichessPort::start(config, Duration::ZERO);
    let mut lobby = Lobby {
        signals: EndSignals::catch()
            .map_err(|err| tracing::warn!("signals cannot be caught ({err})"))
            .ok(),
        terminal: LineView::new(speech, Vec::new()),
        speaker: SpeakerPort::open(settings),
        lichess,
        reports: Vec::new(),
    };
    lobby.terminal.start();
    let mut reports: Vec<Report> = first;
    loop {
        // What the conversation said, in order, until the game starts or cannot.
        let mut rest = reports.drain(..);
        while let Some(report) = rest.next() {
            match report {
                Report::Say(said) => lobby.say(said.effect(), epoch.elapsed()),
                Report::Started(facts) => {
                    let left: Vec<Report> = rest.collect();
                    return Ok(Found::Game(Box::new(lobby.into_game(
                        *facts,
                        server,
                        left,
                        epoch.elapsed(),
                        plies,
                    ))));
                }
                Report::Stopped(trouble) => {
                    tracing::info!(target: "online", "the online game cannot start: {trouble:?}");
                    return Ok(Found::Left(lobby.leave(false)));
                }
                other => tracing::debug!(target: "online", "before the game: {other:?}"),
            }
        }
        drop(rest);
        // Wait for the server, the keyboard, the signals or the speaker, or the next deadline.
        let now = epoch.elapsed();
        let deadline = lobby.lichess.next_deadline();
        let mut select = Select::new();
        let server_index = select.recv(lobby.lichess.events());
        let signals = lobby
            .signals
            .as_ref()
            .map_or(0, |signals| signals.watch(&mut select));
        let keys = lobby.terminal.watch(&mut select);
        let spoken = lobby
            .speaker
            .as_ref()
            .map_or(0, |speaker| speaker.watch(&mut select));
        let ready = match deadline {
            Some(at) => select.ready_timeout(at.saturating_sub(now)).ok(),
            None => Some(select.ready()),
        };
        let now = epoch.elapsed();
        let inputs: Vec<Input> = match ready {
            None => {
                reports = lobby.lichess.tick(now);
                continue;
            }
            Some(index) if index == server_index => {
                match lobby.lichess.events().try_recv() {
                    Ok(input) => reports = lobby.lichess.handle(input, now),
                    Err(TryRecvError::Empty) => {}
                    Err(TryRecvError::Disconnected) => {
                        tracing::warn!(target: "online", "the client's channel ended");
                        return Ok(Found::Left(lobby.leave(false)));
                    }
                }
                continue;
            }
            Some(index) if index <= signals => lobby
                .signals
                .as_mut()
                .map(|s| s.take(now))
                .unwrap_or_default(),
            Some(index) if index <= signals + keys => lobby.terminal.take(now),
            Some(_) if spoken > 0 => {
                if let Some(speaker) = lobby.speaker.as_mut() {
                    speaker.take(now);
                    lobby.reports.extend(speaker.reports());
                }
                Vec::new()
            }
            Some(_) => Vec::new(),
        };
        for input in inputs {
            match input {
                Input::Line(line) => match lobby_line(lang, &line, lobby.lichess.online()) {
                    LobbyLine::Act(act) => reports.extend(lobby.lichess.carry_out(act, now)),
                    LobbyLine::Leave => return Ok(Found::Left(lobby.leave(true))),
                    LobbyLine::Unknown(tokens) => lobby.say(
                        Effect::with_priority(tokens, annexd_core::speech::Priority::Reply),
                        now,
                    ),
                },
                Input::Stop(stop) => {
                    tracing::info!(target: "online", "left before the game: {stop:?}");
                    return Ok(Found::Left(lobby.leave(true)));
                }
                other => tracing::debug!(target: "online", "before the game: {other:?}"),
            }
        }
    }
}

impl Lobby {
    /// Says `effect` (printed and spoken).
    fn say(&mut self, effect: Effect, now: Duration) {
        self.terminal.carry_out(&effect, now);
        if let Some(speaker) = self.speaker.as_mut() {
            speaker.carry_out(&effect, now);
            self.reports.extend(speaker.reports());
        }
    }

    /// Leaves without a game (a seek or a challenge of ours is withdrawn as its stream
    /// closes); the exit status: success when the player left, failure when the online game
    /// could not start.
    fn leave(mut self, by_choice: bool) -> ExitCode {
        drop(self.lichess);
        self.terminal.leave();
        let said = self.speaker.as_mut().is_none_or(|speaker| speaker.finish());
        if by_choice && said {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }

    /// The game started: its ports go on into it, with what was said after the start
    /// (`plies`: the half-moves the session will have of it, when it is resumed from its
    /// journal).
    fn into_game(
        self,
        facts: GameFacts,
        server: ServerUrl,
        after_start: Vec<Report>,
        elapsed: Duration,
        plies: usize,
    ) -> Started {
        let account = self.lichess.online().account().map(str::to_string);
        let game = LichessGame::new(self.lichess, after_start, elapsed, self.reports, plies);
        Started {
            facts,
            account,
            server,
            opened: Opened {
                signals: self.signals,
                terminal: Some(self.terminal),
                speaker: self.speaker,
                opponent: Some(Box::new(game)),
            },
        }
    }
}

impl Started {
    /// The ports that go on into the game, for a game resumed from its journal (which has its
    /// settings, header and opponent already).
    pub(super) fn into_opened(self) -> Opened {
        self.opened
    }

    /// The settings, header, clock and ports of the game the server started: our side and
    /// the opponent's name from the server, its clock, the start position; home mode (no
    /// arbiter online), and no sighted player's board (the opponent is on the server).
    pub(super) fn setting_up(
        self,
        args: &PlayArgs,
        mut settings: Settings,
    ) -> Result<Setup, Error> {
        let Started {
            facts,
            account,
            server,
            opened,
        } = self;
        settings.game.vi_side = if facts.ours == shakmaty::Color::White {
            SideName::White
        } else {
            SideName::Black
        };
        settings.game.mode = annexd_core::Mode::Home;
        settings.board.sighted = annexd_core::board::BoardSpec::None;
        let ours = account.unwrap_or_else(|| facts.ours.to_string());
        let theirs = facts.opponent.recorded();
        let (white, black) = if facts.ours == shakmaty::Color::White {
            (ours, theirs)
        } else {
            (theirs, ours)
        };
        settings.game.white = white;
        settings.game.black = black;
        settings.game.site = server.at(&format!("/{}", facts.id));
        let clock = facts
            .control
            .and_then(OnlineControl::time_control)
            .map(|control| {
                TalkingClock::new(
                    control,
                    settings.clock.clock_options(),
                    settings.clock.announce_config(),
                )
            });
        // A game under way (joined again after the program was left) goes on from where it
        // stands on the server: its journal begins there.
        let mut now_standing = facts.start.clone();
        for m in &facts.moves {
            now_standing.play_unchecked(*m);
        }
        if !facts.moves.is_empty() {
            tracing::info!(
                target: "online",
                "the game {} is joined after {} half-moves",
                facts.id,
                facts.moves.len()
            );
        }
        let mut game_args = args.clone();
        game_args.fen = Some(Fen::from_position(&now_standing, EnPassantMode::Legal).to_string());
        let opponent = OpponentEntry {
            side: !facts.ours,
            source: OpponentSource::Remote,
            name: facts.opponent.recorded(),
            elo: facts.opponent.rating,
            detail: Some(settings.game.site.clone()),
        };
        Ok(Setup {
            settings,
            args: game_args,
            clock,
            opened,
            opponent,
        })
    }
}

/// The port's configuration of the command line and the settings: the server, the token,
/// the plan (a seek, a challenge, waiting for one) and the waits.
fn port_config(args: &PlayArgs, settings: &Settings) -> Result<PortConfig, Error> {
    let lang = settings.game.language;
    let control = |text: &str| -> Result<Option<OnlineControl>, Error> {
        if text.trim().is_empty() {
            return Ok(None);
        }
        text.parse::<OnlineControl>()
            .map(Some)
            .map_err(|refusal| Error::said(lang, refusal.tokens()).shown(text).usage())
    };
    let control = control(&settings.game.time_control)?;
    let rated = args.online.rated;
    let plan = if let Some(user) = &args.online.challenge {
        Plan::Challenge(ChallengeSpec {
            user: user.clone(),
            control,
            rated,
            color: args.vi_side.as_ref().map(|_| settings.game.vi_side.into()),
        })
    } else if args.online.accept {
        Plan::Accept
    } else {
        // Without a clock asked for, lichess's most played rapid one.
        let control = control.unwrap_or(OnlineControl::new(
            Duration::from_secs(15 * 60),
            Duration::from_secs(10),
        ));
        Plan::Seek { control, rated }
    };
    port_config_for(args, settings, plan)
}

/// The port's configuration for `plan`: the server and token of the command line and the
/// settings, and the waits.
fn port_config_for(args: &PlayArgs, settings: &Settings, plan: Plan) -> Result<PortConfig, Error> {
    let lang = settings.game.language;
    let server = ServerUrl::choose(args.online.server.as_deref(), settings)
        .map_err(|tokens| Error::said(lang, tokens).usage())?;
    let config_file = args
        .config
        .clone()
        .or_else(crate::config::default_config_path)
        .filter(|file| file.exists());
    let token = ApiToken::find(settings, config_file.as_deref())
        .map_err(|problem| Error::said(lang, problem.tokens()))?;
    let mut config = PortConfig::new(server, token, plan);
    if args.online.online_short_waits {
        config.patience = Patience {
            first_retry: Duration::from_millis(100),
            longest_retry: Duration::from_millis(800),
            rate_limit: Duration::from_millis(700),
            seek_grace: Duration::from_secs(2),
            ..Patience::default()
        };
        config.silence = Duration::from_secs(3);
    }
    Ok(config)
}
