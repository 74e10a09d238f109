//! The engine's language (UCI), read and written: a line from the engine is parsed by the
//! `shakmaty-uci` codec into what the conversation needs ([`FromEngine`]); the lines sent
//! to it are written by the same codec ([`to_engine`]). A line that is not UCI is
//! [`FromEngine::Unknown`]: the protocol says to pass over such lines, and the conversation
//! counts them.

use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty_uci::{UciMessage, UciOptionConfig, UciSearchControl, UciTimeControl};

/// What a line from the engine says, as far as a player's program cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FromEngine {
    /// `id name …`: the engine's name (and version).
    Name(String),
    /// `option name … type spin … min … max …`: an option and the values it takes.
    Option(EngineOption),
    /// `uciok`: the engine has said its name and options.
    UciOk,
    /// `readyok`: the engine has done everything it was sent.
    ReadyOk,
    /// `info …` with a score or a line of moves (the first of several lines with MultiPV).
    Info(Info),
    /// `bestmove …`: the search is over; `None` when there is no move (`bestmove (none)` or
    /// `0000` in a position that is mate or stalemate).
    BestMove(Option<UciMove>),
    /// A UCI message of no use here (`id author`, `info string`, `copyprotection`, …).
    Other,
    /// Not UCI at all.
    Unknown,
}

/// An option the engine offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineOption {
    /// Its name, as the engine spells it (`UCI_Elo`, `Skill Level`).
    pub name: String,
    /// A number's lowest and highest values (`spin`); `None` for other kinds.
    pub range: Option<(i64, i64)>,
}

/// The part of an `info` line the conversation keeps.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Info {
    /// The depth searched.
    pub depth: Option<u32>,
    /// Which of several best lines this is (1 without MultiPV).
    pub multipv: Option<u32>,
    /// The score in centipawns, from the side to move's point of view.
    pub cp: Option<i32>,
    /// A mate in so many moves (negative: the side to move is mated).
    pub mate: Option<i32>,
    /// The score is only a bound (the search had not settled it).
    pub bound: bool,
    /// The line of moves the engine expects.
    pub pv: Vec<UciMove>,
}

/// Reads one line from the engine (without its line end).
pub fn parse(line: &str) -> FromEngine {
    let line = line.trim();
    if line.is_empty() {
        return FromEngine::Other;
    }
    // No move to make (mate or stalemate): Stockfish says "(none)", others "0000"; the codec
    // wants a move there.
    let mut words = line.split_whitespace();
    if words.next() == Some("bestmove") && matches!(words.next(), Some("(none)" | "0000")) {
        return FromEngine::BestMove(None);
    }
    let Ok(message) = line.parse::<UciMessage>() else {
        return FromEngine::Unknown;
    };
    match message {
        UciMessage::Id {
            name: Some(name), ..
        } => FromEngine::Name(name.trim().to_string()),
        UciMessage::UciOk => FromEngine::UciOk,
        UciMessage::ReadyOk => FromEngine::ReadyOk,
        UciMessage::BestMove { best_move, .. } => FromEngine::BestMove(Some(best_move)),
        UciMessage::Option(option) => FromEngine::Option(EngineOption {
            name: option.get_name().to_string(),
            range: match option {
                UciOptionConfig::Spin {
                    min: Some(min),
                    max: Some(max),
                    ..
                } => Some((min, max)),
                _ => None,
            },
        }),
        UciMessage::Info(info) if info.score.is_some() || !info.pv.is_empty() => {
            let score = info.score.unwrap_or_default();
            FromEngine::Info(Info {
                depth: info.depth.map(u32::from),
                multipv: info.multi_pv.map(u32::from),
                cp: score.cp,
                mate: score.mate.map(i32::from),
                bound: score.lower_bound || score.upper_bound,
                pv: info.pv,
            })
        }
        // Messages the engine should not send (the GUI's own), or of no use here.
        _ => FromEngine::Other,
    }
}

/// A search's limits, as `go` says them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// Think this long (`movetime`).
    pub movetime: Option<Duration>,
    /// Search at most this many positions (`nodes`).
    pub nodes: Option<u64>,
    /// Search at most this many half-moves deep (`depth`).
    pub depth: Option<u8>,
}

/// A line to send to the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToEngine {
    /// `uci`: say your name and options.
    Uci,
    /// `isready`: answer when everything sent is done.
    IsReady,
    /// `ucinewgame`: what follows is another game.
    NewGame,
    /// `setoption name … value …`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its value.
        value: String,
    },
    /// `position startpos|fen … moves …`.
    Position {
        /// The starting position in FEN; `None` for the standard one.
        fen: Option<shakmaty::fen::Fen>,
        /// The moves played since.
        moves: Vec<UciMove>,
    },
    /// `go …`.
    Go(Limits),
    /// `stop`: answer with the best move found so far.
    Stop,
    /// `quit`.
    Quit,
}

/// The text of a line to the engine (without its line end).
pub fn to_engine(command: &ToEngine) -> String {
    let message = match command {
        ToEngine::Uci => UciMessage::Uci,
        ToEngine::IsReady => UciMessage::IsReady,
        ToEngine::NewGame => UciMessage::UciNewGame,
        ToEngine::SetOption { name, value } => UciMessage::SetOption {
            name: name.clone(),
            value: Some(value.clone()),
        },
        ToEngine::Position { fen, moves } => UciMessage::Position {
            startpos: fen.is_none(),
            fen: fen.clone(),
            moves: moves.clone(),
        },
        ToEngine::Go(limits) => {
            let search = UciSearchControl {
                search_moves: Vec::new(),
                mate: None,
                depth: limits.depth,
                nodes: limits.nodes,
            };
            UciMessage::Go {
                time_control: limits.movetime.map(UciTimeControl::MoveTime),
                search_control: (!search.is_empty()).then_some(search),
            }
        }
        ToEngine::Stop => UciMessage::Stop,
        ToEngine::Quit => UciMessage::Quit,
    };
    message.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> UciMove {
        text.parse().unwrap()
    }

    #[test]
    fn stockfish_lines_are_read() {
        assert_eq!(
            parse("id name Stockfish 15.1"),
            FromEngine::Name("Stockfish 15.1".into())
        );
        assert_eq!(
            parse("id author the Stockfish developers (see AUTHORS file)"),
            FromEngine::Other
        );
        assert_eq!(
            parse("option name UCI_Elo type spin default 1350 min 1350 max 2850"),
            FromEngine::Option(EngineOption {
                name: "UCI_Elo".into(),
                range: Some((1350, 2850))
            })
        );
        assert_eq!(
            parse("option name Skill Level type spin default 20 min 0 max 20"),
            FromEngine::Option(EngineOption {
                name: "Skill Level".into(),
                range: Some((0, 20))
            })
        );
        assert_eq!(
            parse("option name UCI_LimitStrength type check default false"),
            FromEngine::Option(EngineOption {
                name: "UCI_LimitStrength".into(),
                range: None
            })
        );
        assert_eq!(parse("uciok"), FromEngine::UciOk);
        assert_eq!(parse("readyok\r"), FromEngine::ReadyOk);
        assert_eq!(
            parse("info string NNUE evaluation using nn-ad9b42354671.nnue enabled"),
            FromEngine::Other
        );
        assert_eq!(
            parse(
                "info depth 8 seldepth 12 multipv 1 score cp -23 nodes 6791 nps 424437 \
                 hashfull 0 tbhits 0 time 16 pv c7c5 g1f3 d7d6"
            ),
            FromEngine::Info(Info {
                depth: Some(8),
                multipv: Some(1),
                cp: Some(-23),
                mate: None,
                bound: false,
                pv: vec![mv("c7c5"), mv("g1f3"), mv("d7d6")],
            })
        );
        assert_eq!(
            parse("info depth 0 score mate 0"),
            FromEngine::Info(Info {
                depth: Some(0),
                mate: Some(0),
                ..Info::default()
            })
        );
        assert_eq!(
            parse("bestmove c7c5 ponder g1f3"),
            FromEngine::BestMove(Some(mv("c7c5")))
        );
        assert_eq!(
            parse("bestmove e7e8q"),
            FromEngine::BestMove(Some(mv("e7e8q")))
        );
        assert_eq!(parse("bestmove (none)"), FromEngine::BestMove(None));
        assert_eq!(parse("bestmove 0000"), FromEngine::BestMove(None));
    }

    #[test]
    fn lines_that_are_not_uci_are_unknown() {
        for garbage in [
            "Segmentation fault",
            "hello world",
            "bestmove",
            "bestmove e9e4",
            "\u{fffd}\u{fffd}",
            "{\"json\": true}",
        ] {
            assert_eq!(parse(garbage), FromEngine::Unknown, "{garbage}");
        }
        assert_eq!(parse("   "), FromEngine::Other);
    }

    #[test]
    fn commands_are_written_as_uci_says() {
        assert_eq!(to_engine(&ToEngine::Uci), "uci");
        assert_eq!(to_engine(&ToEngine::IsReady), "isready");
        assert_eq!(to_engine(&ToEngine::NewGame), "ucinewgame");
        assert_eq!(
            to_engine(&ToEngine::SetOption {
                name: "UCI_Elo".into(),
                value: "1500".into()
            }),
            "setoption name UCI_Elo value 1500"
        );
        assert_eq!(
            to_engine(&ToEngine::Position {
                fen: None,
                moves: vec![mv("e2e4"), mv("e7e5")]
            }),
            "position startpos moves e2e4 e7e5"
        );
        assert_eq!(
            to_engine(&ToEngine::Position {
                fen: Some("7k/8/8/8/8/8/8/K6R b - - 0 1".parse().unwrap()),
                moves: vec![]
            }),
            "position fen 7k/8/8/8/8/8/8/K6R b - - 0 1"
        );
        assert_eq!(
            to_engine(&ToEngine::Go(Limits {
                movetime: Some(Duration::from_millis(1500)),
                nodes: Some(2000),
                depth: None
            })),
            "go movetime 1500 nodes 2000"
        );
        assert_eq!(
            to_engine(&ToEngine::Go(Limits {
                depth: Some(1),
                ..Limits::default()
            })),
            "go depth 1"
        );
        assert_eq!(to_engine(&ToEngine::Stop), "stop");
        assert_eq!(to_engine(&ToEngine::Quit), "quit");
    }
}
