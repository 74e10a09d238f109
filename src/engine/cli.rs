//! `annexd engine`: tries the chess engine a game at home would play against, before the
//! game: starts it, says its name and the level, asks it for a move in a position (the
//! initial one, or `--fen`) at that level and says the move and its evaluation in words; a
//! missing, crashing, silent or raving engine is said as the game would say it, and the
//! command fails.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use crossbeam_channel::RecvTimeoutError;

use annexd_core::engine::{
    Decision, Order, Patience, Purpose, SearchPosition, SearchRequest, Strength, UNTIMED_THINK,
    appraisal_tokens,
};
use annexd_core::record::capitalised;
use annexd_core::{Lang, Style, Token, Word, move_tokens};

use super::{EngineArgs, EnginePort};
use crate::error::{Error, out_line};
use crate::help::lang_help;
use crate::notation::cli::position_or_fail;

/// Options of `annexd engine`.
#[derive(Debug, Args)]
pub struct EngineCheckArgs {
    /// The engine and its level.
    #[command(flatten)]
    pub engine: EngineArgs,
    #[arg(long, default_value = "de", help = lang_help())]
    pub lang: Lang,
    /// The position to ask for a move in, in FEN ("startpos" for the initial position).
    #[arg(long, default_value = "startpos")]
    pub fen: String,
}

/// `annexd engine`.
pub fn run(args: &EngineCheckArgs) -> Result<ExitCode, Error> {
    let lang = args.lang;
    let position = position_or_fail(&args.fen, lang)?;
    let epoch = Instant::now();
    let (mut port, at_once) =
        EnginePort::start(args.engine.program(), Patience::default(), Duration::ZERO);
    let mut pending: Vec<Decision> = at_once;
    let mut asked = false;
    loop {
        for decision in std::mem::take(&mut pending) {
            match decision {
                Decision::Ready { name, offers } => {
                    out_line(format_args!(
                        "{}: {name}",
                        capitalised(lang.word(Word::EngineReady))
                    ));
                    let strength = Strength::for_elo(args.engine.elo(), &offers);
                    out_line(capitalised(&if strength.full {
                        lang.text(&[Token::Word(Word::Level), Token::Word(Word::FullStrength)])
                    } else {
                        lang.text(&[
                            Token::Word(Word::Level),
                            Token::Number(args.engine.elo()),
                            Token::Word(Word::Elo),
                        ])
                    }));
                    let request = SearchRequest {
                        purpose: Purpose::Play,
                        position: SearchPosition::at(&position),
                        strength,
                        think: Some(UNTIMED_THINK),
                        new_game: true,
                    };
                    pending
                        .extend(port.carry_out(Order::Search(Box::new(request)), epoch.elapsed()));
                    asked = true;
                }
                Decision::Found(found) => {
                    let said = match found.best {
                        Some(best) => move_tokens(&found.position, best, Style::Short),
                        None => vec![Token::Word(Word::NoMoveToSuggest)],
                    };
                    out_line(format_args!(
                        "{}: {}",
                        capitalised(lang.word(Word::Move)),
                        lang.text(&said)
                    ));
                    if let Some(eval) = found.eval {
                        out_line(capitalised(&lang.text(&appraisal_tokens(
                            &found.position,
                            eval,
                            &found.line,
                        ))));
                    }
                    return Ok(ExitCode::SUCCESS);
                }
                Decision::Failed(fault) => {
                    let mut error = Error::said(lang, fault.tokens());
                    if let Some(program) = args.engine.program() {
                        error = error.shown(program.display());
                    }
                    return Err(error);
                }
            }
        }
        debug_assert!(!asked || port.next_deadline().is_some());
        let wait = port.next_deadline().map_or(Duration::from_secs(60), |at| {
            at.saturating_sub(epoch.elapsed())
        });
        pending = match port.events().recv_timeout(wait) {
            Ok(event) => port.handle(event, epoch.elapsed()),
            Err(RecvTimeoutError::Timeout) => port.tick(epoch.elapsed()),
            Err(RecvTimeoutError::Disconnected) => unreachable!("the port holds a sender"),
        };
    }
}
