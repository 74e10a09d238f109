//! The move tracker fed with device events: every order of lifts and drops, the three kinds
//! of board, questions instead of guesses, differences in words.

use annexd_core::Lang;
use annexd_core::board::events::{EventOrder, move_events};
use annexd_core::board::peg_protocol::{DeviceMsg, parse_device_line};
use annexd_core::board::{
    BoardInput, Cell, ChoiceError, SensedBoard, Sensing, Tracker, TrackerOutput,
};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position, Role, Square};

const SENSINGS: [Sensing; 3] = [Sensing::Occupancy, Sensing::Color, Sensing::Piece];

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn mv(p: &Chess, uci: &str) -> Move {
    uci.parse::<UciMove>().unwrap().to_move(p).unwrap()
}

/// Feeds protocol lines ("UP e2", "DOWN e4 P") and collects the outputs.
fn feed(t: &mut Tracker, lines: &[&str]) -> Vec<TrackerOutput> {
    let mut out = Vec::new();
    for line in lines {
        let msg = parse_device_line(line.as_bytes()).unwrap().unwrap();
        out.extend(t.handle(&BoardInput::from_device(&msg, t.sensing()).unwrap()));
    }
    out
}

fn feed_msgs(t: &mut Tracker, msgs: &[DeviceMsg]) -> Vec<TrackerOutput> {
    msgs.iter()
        .flat_map(|m| t.handle(&BoardInput::from_device(m, t.sensing()).unwrap()))
        .collect()
}

fn moves(out: &[TrackerOutput]) -> Vec<Move> {
    out.iter()
        .filter_map(|o| {
            if let TrackerOutput::Move(m) = o {
                Some(*m)
            } else {
                None
            }
        })
        .collect()
}

fn said(out: &[TrackerOutput]) -> Vec<String> {
    out.iter().map(|o| Lang::De.text(&o.tokens())).collect()
}

#[test]
fn a_pawn_move_is_a_touch_then_a_move() {
    let mut t = Tracker::new(Chess::default(), Sensing::Occupancy);
    let out = feed(&mut t, &["UP e2"]);
    assert_eq!(said(&out), ["Bauer Eva zwei berührt"]);
    let out = feed(&mut t, &["DOWN e4"]);
    assert_eq!(said(&out), ["Bauer Eva zwei Eva vier"]);
    assert_eq!(t.position().turn(), shakmaty::Color::Black);
}

#[test]
fn a_knight_lifted_and_put_back_reminds_of_touch_move() {
    let mut t = Tracker::new(Chess::default(), Sensing::Occupancy);
    let out = feed(&mut t, &["UP g1", "DOWN g1"]);
    assert_eq!(
        said(&out),
        [
            "Springer Gustav eins berührt",
            "Springer Gustav eins zurückgestellt, berührt, geführt"
        ]
    );
    assert_eq!(t.position(), &Chess::default());
}

#[test]
fn captures_are_recognised_with_the_victim_lifted_first_or_last() {
    let start = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    for sensing in SENSINGS {
        for lines in [["UP e4", "UP d5", "DOWN d5"], ["UP d5", "UP e4", "DOWN d5"]] {
            let mut t = Tracker::new(start.clone(), sensing);
            let lines: Vec<String> = lines
                .iter()
                .map(|l| match (sensing, *l) {
                    (Sensing::Color, "DOWN d5") => "DOWN d5 w".to_string(),
                    (Sensing::Piece, "DOWN d5") => "DOWN d5 P".to_string(),
                    (_, l) => l.to_string(),
                })
                .collect();
            let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
            let out = feed(&mut t, &refs);
            assert_eq!(moves(&out), [mv(&start, "e4d5")], "{sensing:?} {refs:?}");
            assert!(out.iter().any(|o| matches!(
                o,
                TrackerOutput::Touch {
                    square: Square::D5,
                    own: false,
                    ..
                }
            )));
            assert!(
                !out.iter()
                    .any(|o| matches!(o, TrackerOutput::Differences(_))),
                "{out:?}"
            );
        }
    }
}

#[test]
fn on_an_occupancy_board_a_lifted_pawn_that_could_capture_is_only_a_touch() {
    // e4 can take d5 or f5: after UP e4 the pegs look like either capture, but no victim
    // was removed, so nothing is decided; the victim's drop decides.
    let start = pos("rnbqkbnr/ppp1p1pp/8/3p1p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    let mut t = Tracker::new(start.clone(), Sensing::Occupancy);
    assert!(moves(&feed(&mut t, &["UP e4"])).is_empty());
    // Touching d5 and putting it back while e4 is still up is no capture either.
    assert!(moves(&feed(&mut t, &["UP d5"])).is_empty());
    let out = feed(&mut t, &["DOWN d5"]);
    assert_eq!(moves(&out), [mv(&start, "e4d5")]);
    let mut t = Tracker::new(start.clone(), Sensing::Occupancy);
    let out = feed(&mut t, &["UP f5", "DOWN f5", "UP e4"]);
    assert!(moves(&out).is_empty(), "{out:?}");
    let out = feed(&mut t, &["UP f5", "DOWN f5"]);
    assert_eq!(moves(&out), [mv(&start, "e4f5")]);
}

#[test]
fn castling_king_first_in_either_drop_order_on_every_board() {
    let start = pos("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8");
    for sensing in SENSINGS {
        for uci in ["e1g1", "e1c1"] {
            for order in [EventOrder::MoverFirst, EventOrder::OtherFirst] {
                let mut t = Tracker::new(start.clone(), sensing);
                let m = mv(&start, uci);
                let out = feed_msgs(&mut t, &move_events(&start, m, sensing, order));
                assert_eq!(moves(&out), [m], "{sensing:?} {uci} {order:?} {out:?}");
                assert!(t.agrees());
            }
        }
    }
}

/// 4.4.2: "If a player deliberately touches a rook and then his king he is not allowed to
/// castle on that side on that move and the situation shall be governed by Article 4.3.1."
/// A rook put into a hole first is a rook move, reported at once; the king following it
/// towards castling is said to be no castling, and the rook must move (4.3.1).
#[test]
fn castling_with_the_rook_touched_first_is_not_castling_4_4_2() {
    let start = pos("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8");
    for sensing in SENSINGS {
        let (r, k) = match sensing {
            Sensing::Occupancy => ("", ""),
            Sensing::Color => (" w", " w"),
            Sensing::Piece => (" R", " K"),
        };
        // The rook into f1: the rook move, decided on the drop that completes it.
        let mut t = Tracker::new(start.clone(), sensing);
        let out = feed(&mut t, &["UP h1", &format!("DOWN f1{r}")]);
        assert_eq!(moves(&out), [mv(&start, "h1f1")], "{sensing:?}");
        // The king follows towards castling: not allowed, the rook was touched first.
        let out = feed(&mut t, &["UP e1", &format!("DOWN g1{k}")]);
        assert!(moves(&out).is_empty(), "{sensing:?} {out:?}");
        assert_eq!(
            said(&out).last().unwrap(),
            "Kurze Rochade, nicht erlaubt, der Turm wurde zuerst berührt, Turm Hector eins, berührt, geführt",
            "{sensing:?}"
        );
        // The king goes back: the rook move stands.
        let out = feed(&mut t, &["UP g1", &format!("DOWN e1{k}")]);
        assert!(moves(&out).is_empty());
        assert!(t.agrees(), "{sensing:?}");

        // Both lifted, the rook first, and the board shows castling: no castling either.
        let mut t = Tracker::new(start.clone(), sensing);
        let out = feed(
            &mut t,
            &[
                "UP a1",
                "UP e1",
                &format!("DOWN c1{k}"),
                &format!("DOWN d1{r}"),
            ],
        );
        assert!(moves(&out).is_empty(), "{sensing:?} {out:?}");
        assert_eq!(
            said(&out).last().unwrap(),
            "Lange Rochade, nicht erlaubt, der Turm wurde zuerst berührt, Turm Anna eins, berührt, geführt"
        );
        // Put right as a rook move (the rook, touched first, moves).
        let out = feed(&mut t, &["UP c1", &format!("DOWN e1{k}")]);
        assert_eq!(moves(&out), [mv(&start, "a1d1")], "{sensing:?} {out:?}");
    }
}

/// 4.7: "When, as a legal move or part of a legal move, a piece has been released on a
/// square, it cannot then be moved to another square on this move." A king released one
/// square towards its rook has made a king move: it is decided on that drop, not held back
/// for a castling that can no longer come.
#[test]
fn a_kings_step_towards_its_rook_is_decided_at_once_4_7() {
    let start = pos("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8");
    for sensing in SENSINGS {
        let k = match sensing {
            Sensing::Occupancy => "",
            Sensing::Color => " w",
            Sensing::Piece => " K",
        };
        let mut t = Tracker::new(start.clone(), sensing);
        let out = feed(&mut t, &["UP e1", &format!("DOWN f1{k}")]);
        assert_eq!(moves(&out), [mv(&start, "e1f1")], "{sensing:?}");
        let mut t = Tracker::new(start.clone(), sensing);
        let out = feed(&mut t, &["UP e1", &format!("DOWN d1{k}")]);
        assert_eq!(moves(&out), [mv(&start, "e1d1")], "{sensing:?}");
    }
}

#[test]
fn en_passant_in_every_order() {
    let start = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let m = mv(&start, "e5f6");
    assert!(m.is_en_passant());
    for sensing in SENSINGS {
        for seed in 0..12 {
            let mut t = Tracker::new(start.clone(), sensing);
            let out = feed_msgs(
                &mut t,
                &move_events(&start, m, sensing, EventOrder::Shuffled(seed)),
            );
            assert_eq!(moves(&out), [m], "{sensing:?} seed {seed} {out:?}");
        }
    }
}

#[test]
fn promotion_asks_for_the_piece_unless_the_board_knows_it() {
    let start = pos("8/4P1k1/8/8/8/8/6K1/8 w - - 0 1");
    for sensing in [Sensing::Occupancy, Sensing::Color] {
        let mut t = Tracker::new(start.clone(), sensing);
        let what = if sensing == Sensing::Color { " w" } else { "" };
        let out = feed(&mut t, &["UP e7", &format!("DOWN e8{what}")]);
        assert_eq!(
            said(&out).last().unwrap(),
            "Umwandlung Eva acht, welche Figur?"
        );
        assert_eq!(
            t.choose_promotion(Role::King),
            Err(ChoiceError::NotACandidate)
        );
        let out = t.choose_promotion(Role::Knight).unwrap();
        assert_eq!(moves(&out), [mv(&start, "e7e8n")]);
        assert!(t.agrees());
    }
    let mut t = Tracker::new(start.clone(), Sensing::Piece);
    let out = feed(&mut t, &["UP e7", "DOWN e8 Q"]);
    assert_eq!(moves(&out), [mv(&start, "e7e8q")]);
    // A pawn left on the last rank: the board shows a promotion without its piece.
    let mut t = Tracker::new(start.clone(), Sensing::Piece);
    let out = feed(&mut t, &["UP e7", "DOWN e8 P"]);
    assert!(matches!(
        out.last(),
        Some(TrackerOutput::NeedPromotion {
            from: Square::E7,
            to: Square::E8
        })
    ));
    let out = t.choose_promotion(Role::Queen).unwrap();
    assert_eq!(moves(&out), [mv(&start, "e7e8q")]);
    assert_eq!(
        said(&out[1..]),
        ["Bretter weichen ab, Eva acht, falsche Figur, weiße Dame gehört hierher"]
    );
    assert!(
        t.handle(&BoardInput::Down(
            Square::E8,
            Cell::Piece(
                "Q".parse::<char>()
                    .map(|c| shakmaty::Piece::from_char(c).unwrap())
                    .unwrap()
            )
        ))
        .contains(&TrackerOutput::BoardsAgree)
    );
}

#[test]
fn an_illegal_placement_is_explained_and_followed_until_fixed() {
    let mut t = Tracker::new(Chess::default(), Sensing::Occupancy);
    let out = feed(&mut t, &["UP e2", "DOWN e5"]);
    assert!(moves(&out).is_empty());
    assert_eq!(
        said(&out)[1..],
        ["Bretter weichen ab, Eva zwei, Bauer fehlt, Eva fünf, hier gehört keine Figur hin"]
    );
    let out = feed(&mut t, &["UP e5"]);
    assert_eq!(said(&out), ["Bretter weichen ab, Eva zwei, Bauer fehlt"]);
    let out = feed(&mut t, &["DOWN e4"]);
    assert_eq!(moves(&out), [mv(&Chess::default(), "e2e4")]);
}

#[test]
fn a_wrong_piece_on_a_piece_board_is_reported_at_once() {
    let start = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let mut t = Tracker::new(start, Sensing::Piece);
    // Black lifts the bishop f8 and puts it where the knight g8 could go.
    let out = feed(&mut t, &["UP f8", "DOWN f6 b"]);
    assert_eq!(
        said(&out),
        [
            "Läufer Felix acht berührt",
            "Bretter weichen ab, Felix sechs, hier gehört keine Figur hin, Felix acht, Läufer fehlt"
        ]
    );
    assert_eq!(said(&t.settle()), Vec::<String>::new(), "already said");
}

#[test]
fn a_move_made_elsewhere_is_followed_on_the_board_without_noise() {
    let mut t = Tracker::new(Chess::default(), Sensing::Color);
    let after = Chess::default()
        .play(mv(&Chess::default(), "g1f3"))
        .unwrap();
    t.set_position(after.clone());
    assert!(!t.agrees());
    assert!(feed(&mut t, &["UP g1"]).is_empty());
    assert_eq!(feed(&mut t, &["DOWN f3 w"]), [TrackerOutput::BoardsAgree]);
    // And then the next move is read from there.
    let out = feed(&mut t, &["UP e7", "DOWN e5 b"]);
    assert_eq!(moves(&out), [mv(&after, "e7e5")]);
}

#[test]
fn a_resync_compares_with_the_game_and_finds_a_move_made_while_disconnected() {
    let start = Chess::default();
    let e4 = start.clone().play(mv(&start, "e2e4")).unwrap();
    for sensing in SENSINGS {
        let mut t = Tracker::new(start.clone(), sensing);
        let out = t.handle(&BoardInput::Resync(SensedBoard::from_board(
            e4.board(),
            sensing,
        )));
        assert_eq!(moves(&out), [mv(&start, "e2e4")]);
        let mut wrong = SensedBoard::from_board(e4.board(), sensing);
        wrong.set(Square::A1, Cell::Empty);
        let mut t = Tracker::new(start.clone(), sensing);
        let out = t.handle(&BoardInput::Resync(wrong));
        assert!(
            matches!(&out[..], [TrackerOutput::Differences(d)] if d.len() == 3),
            "{out:?}"
        );
    }
    // An occupancy board cannot prove a capture it did not see: ask.
    let start = pos("rnbqkbnr/ppp1p1pp/8/3p1p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    let mut t = Tracker::new(start.clone(), Sensing::Occupancy);
    let mut scan = SensedBoard::from_board(start.board(), Sensing::Occupancy);
    scan.set(Square::E4, Cell::Empty);
    let out = t.handle(&BoardInput::Resync(scan));
    assert!(
        matches!(&out[..], [TrackerOutput::NeedChoice(m)] if m.len() == 2),
        "{out:?}"
    );
    assert_eq!(
        said(&out),
        ["mehrdeutig, Bauer Eva vier schlägt David fünf oder Bauer Eva vier schlägt Felix fünf?"]
    );
    assert_eq!(
        moves(&t.choose(mv(&start, "e4f5")).unwrap()),
        [mv(&start, "e4f5")]
    );
}

#[test]
fn a_whole_game_in_san_on_every_board_and_order() {
    let sans = "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6 d4 exd4 Nxd4 c5 Nb3 Qxd1 Rxd1 Bg4 f3 Be6 Nc3 Ne7 Be3 Ng6 e5 Nxe5";
    for sensing in SENSINGS {
        for order in [
            EventOrder::MoverFirst,
            EventOrder::OtherFirst,
            EventOrder::Shuffled(7),
        ] {
            let mut game = Chess::default();
            let mut t = Tracker::new(game.clone(), sensing);
            for san in sans.split(' ') {
                let m = san.parse::<San>().unwrap().to_move(&game).unwrap();
                let mut out = feed_msgs(&mut t, &move_events(&game, m, sensing, order));
                out.extend(t.settle());
                assert_eq!(moves(&out), [m], "{sensing:?} {order:?} {san}: {out:?}");
                game.play_unchecked(m);
            }
            assert_eq!(t.position(), &game);
        }
    }
}
