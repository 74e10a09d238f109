//! Nothing is said twice in one breath: every kind of report (outcomes, claims, penalties,
//! refusals) and every announcement a session makes in scripted games (moves, queries, draw
//! offers and claims, resignation, the arbiter's actions, the flag, bad lines), in every
//! language and from both seats, is rendered and refused when a phrase (the words between two
//! pauses) comes twice in a row, within one announcement or from one to the next of the same
//! event, like "draw accepted, draw accepted, draw". `SHOW_SAID=1` prints what was said.

use std::time::Duration;

use annexd_core::clock::{AnnounceConfig, ClockOptions, TalkingClock, TimeControl};
use annexd_core::game::{
    ClaimRefusal, ClaimVerdict, DeadKind, DrawClaim, DrawOfferError, EndReason, GameError,
    GameOutcome, GameResult, IllegalMovePenalty, TimeBonus,
};
use annexd_core::record::{Header, Scoresheet};
use annexd_core::{Effect, Input, Lang, SeatRole, Session, SessionOptions, Token};
use shakmaty::Color;

/// The phrases of a text: the parts between pauses (commas).
fn phrases(text: &str) -> Vec<&str> {
    text.split(", ").map(str::trim).collect()
}

/// Fails when a phrase follows itself, in `text` or from `before` (the end of the last
/// announcement of the same event) into it.
fn refuse_repeats(context: &str, before: Option<&str>, text: &str) {
    let mut last = before.and_then(|b| phrases(b).last().copied());
    for phrase in phrases(text) {
        assert!(
            last != Some(phrase) || phrase.is_empty(),
            "{context}: \"{phrase}\" said twice in a row: {}{text}",
            before.map(|b| format!("{b} | ")).unwrap_or_default()
        );
        last = Some(phrase);
    }
}

fn e2e4() -> shakmaty::Move {
    shakmaty::Move::Normal {
        role: shakmaty::Role::Pawn,
        from: shakmaty::Square::E2,
        capture: None,
        to: shakmaty::Square::E4,
        promotion: None,
    }
}

fn outcomes() -> Vec<GameOutcome> {
    let mut reasons = vec![
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::DeadPosition {
            kind: DeadKind::InsufficientMaterial,
        },
        EndReason::DeadPosition {
            kind: DeadKind::BlockedPawns,
        },
        EndReason::Agreement,
        EndReason::ThreefoldRepetition,
        EndReason::FiftyMoves,
        EndReason::FivefoldRepetition,
        EndReason::SeventyFiveMoves,
        EndReason::Arbiter,
    ];
    for side in [Color::White, Color::Black] {
        reasons.push(EndReason::Resignation { by: side });
        reasons.push(EndReason::FlagFall { fallen: side });
        reasons.push(EndReason::IllegalMoves { by: side });
    }
    let mut out = Vec::new();
    for reason in reasons {
        for result in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ] {
            out.push(GameOutcome { result, reason });
        }
    }
    out
}

#[test]
fn every_kind_of_report_says_each_phrase_once() {
    let bonus = TimeBonus {
        to: Color::Black,
        minutes: 2,
    };
    let mut reports: Vec<(String, Vec<Token>)> = Vec::new();
    for outcome in outcomes() {
        reports.push((format!("{outcome:?}"), outcome.tokens()));
        reports.push((
            format!("game over {outcome:?}"),
            GameError::GameOver(outcome).tokens(),
        ));
        for by in [Color::White, Color::Black] {
            for claim in [DrawClaim::ThreefoldRepetition, DrawClaim::FiftyMoves] {
                let verdict = ClaimVerdict::Correct {
                    by,
                    claim,
                    intended_played: None,
                    outcome,
                };
                reports.push((format!("{verdict:?}"), verdict.tokens()));
            }
            let penalty = IllegalMovePenalty::GameOver {
                offender: by,
                count: 2,
                outcome,
            };
            reports.push((format!("{penalty:?}"), penalty.tokens()));
        }
    }
    for by in [Color::White, Color::Black] {
        for intended in [None, Some(e2e4())] {
            let verdict = ClaimVerdict::Incorrect {
                by,
                bonus,
                intended,
                played: None,
                shortfall: Default::default(),
            };
            reports.push((format!("{verdict:?}"), verdict.tokens()));
        }
        let penalty = IllegalMovePenalty::TimeBonus {
            offender: by,
            count: 1,
            bonus,
        };
        reports.push((format!("{penalty:?}"), penalty.tokens()));
    }
    for refusal in [
        ClaimRefusal::GameOver,
        ClaimRefusal::NotToMove,
        ClaimRefusal::IntendedMoveIllegal,
    ] {
        reports.push((format!("{refusal:?}"), refusal.tokens()));
    }
    for error in [
        DrawOfferError::GameOver,
        DrawOfferError::OpponentHasOffered,
        DrawOfferError::BeforeBothHaveMoved,
        DrawOfferError::AlreadyOffered,
        DrawOfferError::NoOffer,
    ] {
        reports.push((format!("{error:?}"), error.tokens()));
    }
    let illegal = GameError::IllegalMove { uci: "e2e5".into() };
    reports.push((format!("{illegal:?}"), illegal.tokens()));
    for lang in Lang::ALL {
        for (what, tokens) in &reports {
            refuse_repeats(&format!("{lang:?} {what}"), None, &lang.text(tokens));
        }
    }
}

/// A scripted game: the start position, the clock, and lines typed at times (ms).
struct Script {
    name: &'static str,
    fen: Option<&'static str>,
    control: Option<&'static str>,
    lines: &'static [(u64, &'static str)],
}

const SCRIPTS: &[Script] = &[
    Script {
        name: "queries, a slip, a draw offered, declined, offered and accepted",
        fen: None,
        control: Some("90+30"),
        lines: &[
            (0, "Hilfe"),
            (10, "Zug"),
            (20, "Remis"),
            (100, "Eva vier"),
            (200, "zurück"),
            (300, "David vier"),
            (400, ""),
            (500, "Zeit"),
            (600, "Zeit verbraucht"),
            (700, "Eva fünf"),
            (800, "Remis"),
            (900, ""),
            (1000, "ablehnen"),
            (1100, "David mal Eva fünf"),
            (1150, "Remis"),
            (1200, ""),
            (1300, "Remis annehmen"),
            (1400, "Remis annehmen"),
            (1500, "Eva vier"),
            (1600, "Stellung"),
            (1700, "letzte Züge 4"),
            (1800, "wiederholen"),
            (1900, "Züge"),
            (2000, "wo Springer"),
            (2100, "Feld Eva eins"),
            (2200, "FEN"),
            (2300, "Wolke sieben"),
            (2400, "nein"),
        ],
    },
    Script {
        name: "claims, incorrect and correct",
        fen: None,
        control: Some("90+30"),
        lines: &[
            (100, "reklamieren"),
            (200, "Springer Felix drei"),
            (300, ""),
            (400, "Springer Felix sechs"),
            (500, ""),
            (600, "Springer Gustav eins"),
            (700, ""),
            (800, "Springer Gustav acht"),
            (900, ""),
            (1000, "reklamieren Springer Felix drei"),
            (1100, ""),
            (1200, "Springer Felix sechs"),
            (1300, ""),
            (1400, "Springer Gustav eins"),
            (1500, ""),
            (1600, "Springer Gustav acht"),
            (1700, ""),
            (1800, "reklamieren"),
            (1900, "Eva vier"),
        ],
    },
    Script {
        name: "the arbiter",
        fen: None,
        control: Some("90+30"),
        lines: &[
            (100, "Schiedsrichter Pause"),
            (200, "Eva vier"),
            (300, ""),
            (400, "Schiedsrichter Pause"),
            (500, "Schiedsrichter Pause"),
            (600, "Schiedsrichter weiter"),
            (700, "Schiedsrichter Zeit Weiß 60"),
            (800, "Schiedsrichter Zeit Schwarz -30"),
            (900, "Eva fünf"),
            (1000, "Schiedsrichter regelwidrig"),
            (1100, "Schiedsrichter zurück 2"),
            (1200, "Schiedsrichter zurück 2"),
            (1300, "Zeit verbraucht"),
        ],
    },
    Script {
        name: "two illegal moves lose",
        fen: None,
        control: Some("90+30"),
        lines: &[
            (100, "Eva vier"),
            (200, ""),
            (300, "Schiedsrichter regelwidrig"),
            (400, "Eva fünf"),
            (500, ""),
            (600, "Schiedsrichter regelwidrig"),
            (700, "Schiedsrichter regelwidrig"),
        ],
    },
    Script {
        name: "mate",
        fen: None,
        control: None,
        lines: &[
            (100, "Felix drei"),
            (200, "Eva fünf"),
            (300, "Gustav vier"),
            (400, "Dame Hector vier"),
            (500, "Eva vier"),
            (600, "reklamieren"),
            (700, "Remis"),
            (800, "aufgeben"),
        ],
    },
    Script {
        name: "stalemate",
        fen: Some("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"),
        control: None,
        lines: &[(100, "Dame Eva sechs"), (200, "König Gustav acht")],
    },
    Script {
        name: "a capture leaves kings alone",
        fen: Some("7k/8/8/8/8/8/6q1/6K1 w - - 0 1"),
        control: Some("5+2"),
        lines: &[(100, "König schlägt Gustav zwei"), (200, "Zeit")],
    },
    Script {
        name: "the flag",
        fen: None,
        control: Some("1"),
        lines: &[(100, "Eva vier"), (200, ""), (5000, "Zeit")],
    },
    Script {
        name: "resignation",
        fen: None,
        control: Some("90+30"),
        lines: &[
            (100, "Eva vier"),
            (200, ""),
            (300, "Schwarz gibt auf"),
            (400, "Eva fünf"),
        ],
    },
];

#[test]
fn every_announcement_of_scripted_games_says_each_phrase_once() {
    let mut checked = 0;
    for lang in Lang::ALL {
        for role in [SeatRole::Player, SeatRole::Assistant] {
            for script in SCRIPTS {
                let mut header = Header::standard();
                if let Some(fen) = script.fen {
                    header = Header::new(fen.to_string());
                }
                let sheet = Scoresheet::new(header).unwrap();
                let clock = script.control.map(|c| {
                    TalkingClock::new(
                        TimeControl::parse(c).unwrap(),
                        ClockOptions::default(),
                        AnnounceConfig::default(),
                    )
                });
                let options = SessionOptions {
                    lang,
                    role,
                    ..SessionOptions::default()
                };
                let mut session = Session::new(sheet, clock, options);
                let mut events = vec![session.greeting(false)];
                let mut last = 0;
                for &(at, text) in script.lines {
                    // The clock's deadlines in between, as the event loop would wake for them.
                    while let Some(deadline) = session.next_deadline() {
                        let ms = deadline.as_millis() as u64;
                        if ms <= last || ms >= at {
                            break;
                        }
                        events.push(session.handle(Input::Tick, deadline));
                        last = ms;
                    }
                    events.push(session.handle(Input::Line(text.into()), ms(at)));
                    last = at;
                }
                for effects in events {
                    let mut before: Option<String> = None;
                    for effect in effects {
                        if let Effect::Say { tokens, .. } = effect {
                            let text = lang.text(&tokens);
                            let context = format!("{lang:?} {role:?} {}", script.name);
                            refuse_repeats(&context, before.as_deref(), &text);
                            if std::env::var_os("SHOW_SAID").is_some() {
                                eprintln!("{context}: {text}");
                            }
                            before = Some(text);
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 300, "only {checked} announcements checked");
}

fn ms(at: u64) -> Duration {
    Duration::from_millis(at)
}
