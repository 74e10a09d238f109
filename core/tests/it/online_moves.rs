//! The server's move list decides (issue 32): property tests of the comparison of our moves
//! with the server's, alone ([`reconcile`]) and through the whole online game ([`Online`]),
//! on random games, random takebacks, random games that went on differently, and our move on
//! its way at any point.

#![cfg(feature = "online")]

use std::time::Duration;

use annexd_core::online::{
    Act, Answer, GameHere, Input, Online, Order, Patience, Plan, Report, Request, RequestId,
    Trouble, parse_server_moves, reconcile,
};
use proptest::prelude::*;
use shakmaty::{Chess, Color, Move, Position};

/// A game of `choices.len()` random legal moves at most (it stops at the end of a game).
fn random_game(choices: &[u16]) -> Vec<Move> {
    branch(&[], 0, choices)
}

/// `base[..keep]` and then a random continuation.
fn branch(base: &[Move], keep: usize, choices: &[u16]) -> Vec<Move> {
    let mut position = Chess::default();
    let mut moves = base[..keep].to_vec();
    for m in &moves {
        position.play_unchecked(*m);
    }
    for choice in choices {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[*choice as usize % legal.len()];
        position.play_unchecked(m);
        moves.push(m);
    }
    moves
}

fn uci_list(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Taking back `take_back` of ours and playing `new` gives the server's list, unless our
    /// last move is awaited (then ours without it is the server's list).
    #[test]
    fn applying_the_comparison_gives_the_servers_list(
        game in proptest::collection::vec(any::<u16>(), 0..60),
        other in proptest::collection::vec(any::<u16>(), 0..10),
        ours_len in 0usize..60,
        server_len in 0usize..60,
        keep in 0usize..60,
        on_its_way in any::<bool>(),
    ) {
        let base = random_game(&game);
        let ours = base[..ours_len.min(base.len())].to_vec();
        let keep = keep.min(base.len());
        let server = if other.is_empty() {
            base[..server_len.min(base.len())].to_vec()
        } else {
            branch(&base, keep, &other)
        };
        // The server's list reads back from its text.
        prop_assert_eq!(&parse_server_moves(&Chess::default(), &uci_list(&server)).unwrap(), &server);

        let r = reconcile(&ours, on_its_way, &server);
        if r.awaited {
            prop_assert!(on_its_way);
            prop_assert_eq!(&ours[..ours.len() - 1], &server[..]);
            prop_assert_eq!(r.take_back, 0);
            prop_assert!(r.new.is_empty());
        } else {
            let mut applied = ours[..ours.len() - r.take_back].to_vec();
            applied.extend(&r.new);
            prop_assert_eq!(&applied, &server);
            prop_assert_eq!(r.common, ours.len() - r.take_back);
            prop_assert_eq!(r.delivered, on_its_way && !ours.is_empty() && server.starts_with(&ours));
        }
        // Nothing is taken back that the server has, nothing played that we have.
        prop_assert!(r.common <= ours.len() && r.common <= server.len());
        if r.common < ours.len() && r.common < server.len() {
            prop_assert_ne!(ours[r.common], server[r.common]);
        }
    }

    /// Through the whole online game: after every state the server sends (its game growing,
    /// shrinking by takebacks, or going on differently, as after a line that was down), the
    /// game here, kept by the reports alone, is the server's game; our moves are sent once
    /// each and never while another is on its way.
    #[test]
    fn the_game_here_follows_every_state_of_the_server(
        game in proptest::collection::vec(any::<u16>(), 1..40),
        states in proptest::collection::vec((0usize..40, proptest::collection::vec(any::<u16>(), 0..4), any::<bool>()), 1..12),
    ) {
        let base = random_game(&game);
        let mut harness = Harness::playing(Color::White);
        let mut here: Vec<Move> = Vec::new();
        let mut made = 0;
        for (len, other, ours_now) in states {
            let len = len.min(base.len());
            let server = if other.is_empty() { base[..len].to_vec() } else { branch(&base, len, &other) };
            let step = harness.state(&server);
            // No answer was lost: nothing is sent again, whatever the server shows.
            let resent = step.orders.iter().any(|o| matches!(o, Order::Send(_, Request::Move { .. })));
            prop_assert!(!resent, "a move sent again");
            let reports = step.reports;
            follow(&mut here, &reports);
            prop_assert_eq!(&here, harness.online.moves());
            if !harness.online.move_on_its_way() {
                prop_assert_eq!(&here, &server);
            }
            // Our move, when it is ours to make.
            let position = play(&here);
            if ours_now && position.turn() == Color::White && !harness.online.move_on_its_way()
                && let Some(m) = position.legal_moves().first().copied()
            {
                    let step = harness.online.act(Act::Move(m), harness.now);
                    let sent = step.orders.iter().filter(|o| matches!(o, Order::Send(_, Request::Move { .. }))).count();
                    prop_assert_eq!(sent, 1);
                    made += 1;
                    here.push(m);
                    follow(&mut here, &step.reports);
            }
        }
        prop_assert!(made <= 12);
    }
}

fn play(moves: &[Move]) -> Chess {
    let mut position = Chess::default();
    for m in moves {
        position.play_unchecked(*m);
    }
    position
}

/// Keeps a game by the reports, as the session will.
fn follow(here: &mut Vec<Move>, reports: &[Report]) {
    for report in reports {
        match report {
            Report::Moved { mv, .. } => here.push(*mv),
            Report::TakenBack(n) => here.truncate(here.len() - n),
            Report::Rejected(_) => {
                here.pop();
            }
            _ => {}
        }
    }
}

/// An online game signed in and joined, fed by hand.
struct Harness {
    online: Online,
    now: Duration,
    game_stream: RequestId,
}

impl Harness {
    fn playing(ours: Color) -> Harness {
        let (harness, step) = Harness::joined(ours, None, &[]);
        assert!(step.reports.iter().any(|r| matches!(r, Report::Started(_))));
        harness
    }

    /// Joined to the server's game of `server` moves from the start, knowing it as `here`
    /// has it when given (a game resumed from its journal): the harness and the gameFull's
    /// step.
    fn joined(
        ours: Color,
        here: Option<GameHere>,
        server: &[Move],
    ) -> (Harness, annexd_core::online::Step) {
        let mut online = Online::new(Plan::Join("game0001".into()), Patience::default());
        if let Some(here) = here {
            online = online.knowing(here);
        }
        let now = Duration::ZERO;
        let step = online.start(now);
        let account = sent(&step.orders, |r| *r == Request::Account);
        let step = online.handle(
            Input::Answered(account, Answer::ok(r#"{"id":"me","username":"Me"}"#)),
            now,
        );
        let game_stream = sent(&step.orders, |r| matches!(r, Request::GameStream(_)));
        let _ = online.handle(Input::Opened(game_stream), now);
        let (white, black) = match ours {
            Color::White => ("me", "them"),
            Color::Black => ("them", "me"),
        };
        let full = format!(
            r#"{{"type":"gameFull","id":"game0001","variant":{{"key":"standard"}},"clock":{{"initial":900000,"increment":10000}},"speed":"rapid","rated":false,"white":{{"id":"{white}","name":"{white}"}},"black":{{"id":"{black}","name":"{black}"}},"initialFen":"startpos","state":{{"type":"gameState","moves":"{}","wtime":900000,"btime":900000,"winc":10000,"binc":10000,"status":"started"}}}}"#,
            uci_list(server)
        );
        let step = online.handle(Input::Line(game_stream, full), now);
        (
            Harness {
                online,
                now,
                game_stream,
            },
            step,
        )
    }

    fn state(&mut self, moves: &[Move]) -> annexd_core::online::Step {
        self.now += Duration::from_secs(1);
        let line = format!(
            r#"{{"type":"gameState","moves":"{}","wtime":800000,"btime":800000,"winc":10000,"binc":10000,"status":"started"}}"#,
            uci_list(moves)
        );
        self.online
            .handle(Input::Line(self.game_stream, line), self.now)
    }
}

fn sent(orders: &[Order], wanted: impl Fn(&Request) -> bool) -> RequestId {
    orders
        .iter()
        .find_map(|o| match o {
            Order::Send(id, r) if wanted(r) => Some(*id),
            _ => None,
        })
        .unwrap_or_else(|| panic!("not sent: {orders:?}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A game resumed from its journal (`annexd resume`), joined again on the server: the
    /// journal begins at the game's start or where an earlier join found it, and has moves
    /// the server made meanwhile or not, or ours it lacks. Kept by the reports alone, the
    /// game here is the server's; our last move it lacks is sent again, once, and nothing
    /// else is.
    #[test]
    fn a_game_resumed_from_its_journal_becomes_the_servers_game(
        game in proptest::collection::vec(any::<u16>(), 0..40),
        other in proptest::collection::vec(any::<u16>(), 0..4),
        begins in 0usize..40,
        journal_len in 0usize..40,
        server_len in 0usize..40,
        keep in 0usize..40,
        white in any::<bool>(),
    ) {
        let ours = if white { Color::White } else { Color::Black };
        let base = random_game(&game);
        let server_len = server_len.min(base.len());
        let server = base[..server_len].to_vec();
        // The journal's game: the server's, longer or shorter, or gone on differently.
        let journal_game = if other.is_empty() {
            base[..journal_len.min(base.len())].to_vec()
        } else {
            branch(&base, keep.min(base.len()), &other)
        };
        // It begins at a position of the server's game both share.
        let shared = journal_game.iter().zip(&server).take_while(|(a, b)| a == b).count();
        let begins = begins.min(shared);
        let here = GameHere {
            start: play(&journal_game[..begins]),
            moves: journal_game[begins..].to_vec(),
        };
        let (harness, step) = Harness::joined(ours, Some(here), &server);
        prop_assert!(step.reports.iter().any(|r| matches!(r, Report::Started(_))));
        let mut kept = journal_game.clone();
        follow(&mut kept, &step.reports);
        prop_assert_eq!(&kept, harness.online.moves());
        let resent: Vec<&Request> = step
            .orders
            .iter()
            .filter_map(|o| match o {
                Order::Send(_, r @ Request::Move { .. }) => Some(r),
                _ => None,
            })
            .collect();
        // Our last move, which the server lacks with nothing else differing.
        let lacks_ours = journal_game.len() == server.len() + 1
            && journal_game.starts_with(&server)
            && play(&server).turn() == ours;
        if lacks_ours {
            prop_assert!(harness.online.move_on_its_way());
            prop_assert_eq!(resent.len(), 1);
            prop_assert_eq!(&kept[..server.len()], &server[..]);
        } else {
            prop_assert!(resent.is_empty(), "{:?}", resent);
            prop_assert_eq!(&kept, &server);
        }
    }
}

#[test]
fn a_resumed_game_whose_start_the_server_never_had_is_not_found() {
    // The journal begins after 1. d4; the server's game went 1. e4.
    let named = |position: &Chess, uci: &str| {
        position
            .legal_moves()
            .into_iter()
            .find(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string() == uci)
            .unwrap()
    };
    let here = GameHere {
        start: play(&[named(&Chess::default(), "d2d4")]),
        moves: vec![],
    };
    let e4 = named(&Chess::default(), "e2e4");
    let (harness, step) = Harness::joined(Color::White, Some(here), &[e4]);
    assert!(
        !step.reports.iter().any(|r| matches!(r, Report::Started(_))),
        "{:?}",
        step.reports
    );
    assert!(
        step.reports
            .contains(&Report::Stopped(Trouble::GameNotFound))
    );
    assert!(harness.online.moves().is_empty());
}

#[test]
fn a_journal_begun_at_a_position_the_server_met_again_is_placed_by_its_move_number() {
    // The server's game went 1. Nf3 Nf6 2. Ng1 Ng8: after it, the start position again (move
    // 3). The journal begins at move 1 and has 1. e4, which the server never had. Placed at
    // the repeated position, the four knight moves would never reach the record; placed at
    // move 1, they are played here after 1. e4 is taken back.
    let uci = |moves: &str| parse_server_moves(&Chess::default(), moves).unwrap();
    let server = uci("g1f3 g8f6 f3g1 f6g8");
    let e4 = uci("e2e4");
    let here = GameHere {
        start: Chess::default(),
        moves: e4.clone(),
    };
    let (harness, step) = Harness::joined(Color::Black, Some(here), &server);
    let mut kept = e4;
    follow(&mut kept, &step.reports);
    assert_eq!(kept, server, "{:?}", step.reports);
    assert_eq!(harness.online.moves(), &server[..]);
}

#[test]
fn a_journal_placed_by_its_move_number_even_where_its_next_move_agrees_later() {
    // The server's game went 1. Nc3 c6 2. b3 e5 3. Ne4 Nf6 4. Nc3 Ng8 5. b4: after move 4 the
    // position of move 3 again. The journal begins at move 3 (where an earlier join found
    // the game) with 3. b4, which the server has only at move 5. Placed after move 4, where
    // 3. b4 agrees with the server's next move, the four knight moves between would never
    // reach the record; placed at move 3, b4 is taken back and the server's five played.
    let uci = |moves: &str| parse_server_moves(&Chess::default(), moves).unwrap();
    let server = uci("b1c3 c7c6 b2b3 e7e5 c3e4 g8f6 e4c3 f6g8 b3b4");
    let journal = uci("b1c3 c7c6 b2b3 e7e5 b3b4");
    let here = GameHere {
        start: play(&journal[..4]),
        moves: journal[4..].to_vec(),
    };
    let (harness, step) = Harness::joined(Color::Black, Some(here), &server);
    let mut kept = journal;
    follow(&mut kept, &step.reports);
    assert_eq!(kept, server, "{:?}", step.reports);
    assert_eq!(harness.online.moves(), &server[..]);
}
