//! The sighted player's e-board of any kind in a game (issue 23): the VI player's move lit
//! on its squares until the board shows it, its loss and return said, a machine without
//! Bluetooth said in the game's language while the game goes on with typed moves, and the
//! seat's sensing taken from the board's kind (a Pegasus senses occupancy). The ChessLink's
//! LEDs are checked end to end: the session's request through the ChessLink host into the
//! simulated board's LED patterns.

use crate::support;

use std::time::Duration;

use annexd_core::board::chesslink::device::{BoardOptions, ChessLinkBoard};
use annexd_core::board::chesslink::{ChessLink, ChessLinkOptions};
use annexd_core::board::peg_protocol::Hello;
use annexd_core::board::{
    BoardInput, BoardProtocol, Cell, LinkEvent, LinkInput, LinkOutput, Request, Sensing,
};
use annexd_core::{DeviceReport, Effect, Input, Lang, Seat, SessionOptions};
use shakmaty::{Bitboard, Chess, Color, Piece, Position, Square};
use support::{line, said, session_with};

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// What the session asks of the e-board's lights.
fn lights(effects: &[Effect]) -> Vec<Bitboard> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::ToBoard(Seat::Sighted, Request::Light(squares)) => Some(*squares),
            _ => None,
        })
        .collect()
}

fn squares(list: &[Square]) -> Bitboard {
    list.iter().copied().collect()
}

fn e_board(s: &mut annexd_core::Session, input: BoardInput, at: u64) -> Vec<Effect> {
    s.handle(Input::Board(Seat::Sighted, LinkEvent::Input(input)), ms(at))
}

fn piece(c: char) -> Cell {
    Cell::Piece(Piece::from_char(c).unwrap())
}

#[test]
fn the_vi_players_move_is_lit_on_the_e_board_until_it_shows_it() {
    let mut s = session_with(None, None, None, SessionOptions::default());
    s.attach_sighted_e_board(Sensing::Piece, true);
    // The VI player's move, typed: its squares are lit for the sighted player.
    let out = line(&mut s, "e4", 0);
    assert_eq!(said(&out), ["Weiß Eva vier"]);
    assert_eq!(lights(&out), [squares(&[Square::E2, Square::E4])]);
    // Lifted: still lit; put down: the board shows the move, the lights go out.
    let out = e_board(&mut s, BoardInput::Up(Square::E2), 10);
    assert!(lights(&out).is_empty(), "{out:?}");
    let out = e_board(&mut s, BoardInput::Down(Square::E4, piece('P')), 20);
    assert_eq!(lights(&out), [Bitboard::EMPTY]);
    // The sighted player's move on the e-board: said to the VI player, nothing lit.
    e_board(&mut s, BoardInput::Up(Square::E7), 30);
    let out = e_board(&mut s, BoardInput::Down(Square::E5, piece('p')), 40);
    assert_eq!(said(&out), ["Schwarz Eva fünf"]);
    assert!(lights(&out).is_empty(), "{out:?}");
    // Castling lights both pieces' squares; a take-back puts them out.
    for (i, mv) in ["Nf3", "Nc6", "Bc4", "Bc5"].into_iter().enumerate() {
        let out = line(&mut s, mv, 100 + i as u64);
        if i % 2 == 0 {
            assert_eq!(lights(&out).len(), 1, "{mv}: {out:?}");
        } else {
            assert_eq!(lights(&out), [Bitboard::EMPTY], "{mv}: the next move");
        }
    }
    let out = line(&mut s, "O-O", 200);
    assert_eq!(
        lights(&out),
        [squares(&[Square::E1, Square::H1, Square::G1, Square::F1])]
    );
    let out = line(&mut s, "Korrektur", 210);
    assert_eq!(lights(&out), [Bitboard::EMPTY], "{:?}", said(&out));
}

#[test]
fn a_board_without_lights_is_asked_for_none_and_an_en_passant_lights_the_pawn_taken() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    let mut s = session_with(Some(fen), None, None, SessionOptions::default());
    s.attach_sighted_board();
    assert!(lights(&line(&mut s, "exd6", 0)).is_empty());
    let mut s = session_with(Some(fen), None, None, SessionOptions::default());
    s.attach_sighted_e_board(Sensing::Piece, true);
    assert_eq!(
        lights(&line(&mut s, "exd6", 0)),
        [squares(&[Square::E5, Square::D6, Square::D5])]
    );
}

#[test]
fn the_chesslink_lights_the_move_through_its_host() {
    let mut s = session_with(None, None, None, SessionOptions::default());
    s.attach_sighted_e_board(Sensing::Piece, true);
    let mut host = ChessLink::new(ChessLinkOptions::default());
    let mut board = ChessLinkBoard::new(Chess::default().board(), BoardOptions::default());
    // Bytes both ways until neither side has anything to say; the events go to the session.
    let exchange = |s: &mut annexd_core::Session,
                    host: &mut ChessLink,
                    board: &mut ChessLinkBoard,
                    mut outputs: Vec<LinkOutput>,
                    at: u64| {
        let mut effects = Vec::new();
        while !outputs.is_empty() {
            let mut next = Vec::new();
            for output in outputs {
                match output {
                    LinkOutput::Write(bytes) => {
                        let answer = board.receive(&bytes);
                        next.extend(host.handle(LinkInput::Bytes(&answer), ms(at)));
                    }
                    LinkOutput::Event(event) => {
                        effects.extend(s.handle(Input::Board(Seat::Sighted, event), ms(at)))
                    }
                }
            }
            outputs = next;
        }
        effects
    };
    let opened = host.handle(LinkInput::Opened, ms(0));
    exchange(&mut s, &mut host, &mut board, opened, 0);
    let out = line(&mut s, "Nf3", 10);
    let lit = lights(&out);
    assert_eq!(lit, [squares(&[Square::G1, Square::F3])]);
    let bytes = host.request(&Request::Light(lit[0]));
    exchange(
        &mut s,
        &mut host,
        &mut board,
        vec![LinkOutput::Write(bytes)],
        10,
    );
    assert_eq!(board.lit(), lit[0], "the four corners of g1 and f3");
    // The assistant makes the move on the board: the next scan shows it, the lights go out.
    board.place(Square::G1, None);
    board.place(Square::F3, Piece::from_char('N'));
    let report = board.scan();
    let outputs = host.handle(LinkInput::Bytes(&report), ms(50));
    let mut effects = exchange(&mut s, &mut host, &mut board, outputs, 50);
    let report = board.scan();
    let outputs = host.handle(LinkInput::Bytes(&report), ms(90));
    effects.extend(exchange(&mut s, &mut host, &mut board, outputs, 90));
    let off = lights(&effects);
    assert_eq!(off, [Bitboard::EMPTY], "{effects:?}");
    let bytes = host.request(&Request::Light(off[0]));
    exchange(
        &mut s,
        &mut host,
        &mut board,
        vec![LinkOutput::Write(bytes)],
        90,
    );
    assert_eq!(board.lit(), Bitboard::EMPTY);
}

/// D.2.9: "If the positions on the two boards differ, they shall be corrected with the
/// assistance of the arbiter": an e-board that comes back is compared with the game at once,
/// and a difference is shown square by square.
#[test]
fn the_e_boards_loss_and_return_are_said_and_its_board_compared_d_2_9() {
    let mut s = session_with(None, None, None, SessionOptions::default());
    s.attach_sighted_e_board(Sensing::Piece, true);
    let hello = Hello {
        model: "chessnut".into(),
        firmware: "unknown".into(),
        sensing: Sensing::Piece,
    };
    let first = s.handle(
        Input::Board(Seat::Sighted, LinkEvent::Connected(hello.clone())),
        ms(0),
    );
    assert!(said(&first).is_empty(), "{:?}", said(&first));
    let lost = s.handle(Input::Board(Seat::Sighted, LinkEvent::Lost), ms(10));
    assert_eq!(said(&lost), ["e-Brett getrennt"]);
    // Typed moves go on meanwhile.
    assert_eq!(said(&line(&mut s, "e4", 20)), ["Weiß Eva vier"]);
    let back = s.handle(
        Input::Board(Seat::Sighted, LinkEvent::Connected(hello.clone())),
        ms(30),
    );
    assert_eq!(said(&back), ["e-Brett wieder verbunden"]);
    // Its first report is compared with the game: it still shows the start (D.2.9).
    let board =
        annexd_core::board::SensedBoard::from_board(Chess::default().board(), Sensing::Piece);
    let resync = e_board(&mut s, BoardInput::Resync(board), 40);
    let shown: Vec<String> = resync
        .iter()
        .filter_map(|e| match e {
            Effect::Show(shown) => Some(Lang::De.text(&shown.tokens)),
            _ => None,
        })
        .collect();
    assert!(
        shown.iter().any(|l| l.starts_with("e-Brett weicht ab, ")),
        "{shown:?}"
    );
    let again = s.handle(
        Input::Board(Seat::Sighted, LinkEvent::Connected(hello)),
        ms(50),
    );
    assert!(said(&again).is_empty(), "said once a return");
}

#[test]
fn no_bluetooth_is_said_once_in_the_games_language_and_the_game_goes_on() {
    for (lang, words, move_said) in [
        (
            Lang::De,
            "e-Brett, kein Bluetooth, Züge bitte eingeben oder ansagen",
            "Weiß Eva vier",
        ),
        (
            Lang::En,
            "e-board, no Bluetooth, please type or say the moves",
            "White Eva vier",
        ),
        (
            Lang::Fr,
            "échiquier électronique, pas de Bluetooth, tapez ou dites les coups",
            "Blanc Eva vier",
        ),
    ] {
        let options = SessionOptions {
            lang,
            ..SessionOptions::default()
        };
        let mut s = session_with(None, None, None, options);
        s.attach_sighted_e_board(Sensing::Piece, true);
        let report = |detail: &str| {
            Input::Device(DeviceReport::NoBluetooth {
                seat: Seat::Sighted,
                detail: detail.into(),
            })
        };
        let out = s.handle(report("no Bluetooth service: no system bus"), ms(0));
        let text: Vec<String> = out
            .iter()
            .filter_map(|e| match e {
                Effect::Say { tokens, .. } => Some(lang.text(tokens)),
                _ => None,
            })
            .collect();
        assert_eq!(text, [words], "{lang:?}");
        assert!(
            out.iter()
                .any(|e| matches!(e, Effect::Log(l) if l.contains("no system bus"))),
            "the system's words go to the log"
        );
        let again = s.handle(report("again"), ms(5000));
        assert!(
            !again.iter().any(|e| matches!(e, Effect::Say { .. })),
            "said once"
        );
        let moved = s.handle(Input::Line("e4".into()), ms(6000));
        let text: Vec<String> = moved
            .iter()
            .filter_map(|e| match e {
                Effect::Say { tokens, .. } => Some(lang.text(tokens)),
                _ => None,
            })
            .collect();
        assert_eq!(text, [move_said], "{lang:?}");
    }
}

#[test]
fn a_sighted_board_that_senses_occupancy_is_read_as_one() {
    // A Pegasus: put down is "occupied", not a piece.
    let mut s = session_with(None, None, None, SessionOptions::default());
    s.attach_sighted_e_board(Sensing::Occupancy, true);
    line(&mut s, "d4", 0);
    e_board(&mut s, BoardInput::Up(Square::D2), 10);
    e_board(&mut s, BoardInput::Down(Square::D4, Cell::Peg), 20);
    e_board(&mut s, BoardInput::Up(Square::D7), 30);
    let out = e_board(&mut s, BoardInput::Down(Square::D5, Cell::Peg), 40);
    assert_eq!(said(&out), ["Schwarz David fünf"]);
    assert_eq!(s.sheet().game().position().turn(), Color::White);
}

/// Issue 34, item 9: a board whose reports arrive before it introduces itself again (reports
/// waiting in the port from while it was away) is back: "e-Brett wieder verbunden" comes
/// before the move made on it meanwhile, in every language, and is said once.
#[test]
fn the_e_board_is_said_to_be_back_before_a_move_made_while_it_was_away() {
    for (lang, back, moved) in [
        (Lang::De, "e-Brett wieder verbunden", "Schwarz Eva fünf"),
        (Lang::En, "e-board connected again", "Black Eva fünf"),
        (
            Lang::Fr,
            "échiquier électronique reconnecté",
            "Noir Eva fünf",
        ),
    ] {
        let options = SessionOptions {
            lang,
            ..SessionOptions::default()
        };
        let mut s = session_with(None, None, None, options);
        s.attach_sighted_e_board(Sensing::Piece, true);
        let hello = Hello {
            model: "chesslink".into(),
            firmware: "1.07".into(),
            sensing: Sensing::Piece,
        };
        let first = s.handle(
            Input::Board(Seat::Sighted, LinkEvent::Connected(hello.clone())),
            ms(0),
        );
        assert!(said(&first).is_empty());
        line(&mut s, "e4", 10);
        e_board(&mut s, BoardInput::Up(Square::E2), 20);
        e_board(&mut s, BoardInput::Down(Square::E4, piece('P')), 30);
        let lost = s.handle(Input::Board(Seat::Sighted, LinkEvent::Lost), ms(40));
        assert_eq!(
            lines_in(lang, &lost).len(),
            1,
            "{lang:?}: the loss said once"
        );
        // Black's move, made while the board was away: its first report shows it.
        let mut board =
            annexd_core::board::SensedBoard::from_board(Chess::default().board(), Sensing::Piece);
        for (square, cell) in [
            (Square::E2, Cell::Empty),
            (Square::E4, piece('P')),
            (Square::E7, Cell::Empty),
            (Square::E5, piece('p')),
        ] {
            board.set(square, cell);
        }
        let out = e_board(&mut s, BoardInput::Resync(board), 50);
        let text: Vec<String> = out
            .iter()
            .filter_map(|e| match e {
                Effect::Say { tokens, .. } => Some(lang.text(tokens)),
                _ => None,
            })
            .collect();
        assert_eq!(text, [back, moved], "{lang:?}");
        let again = s.handle(
            Input::Board(Seat::Sighted, LinkEvent::Connected(hello)),
            ms(60),
        );
        assert!(
            !again.iter().any(|e| matches!(e, Effect::Say { .. })),
            "{lang:?}: said once"
        );
    }
}

/// What a list of effects says (to anyone) and shows, in `lang`, in order.
fn lines_in(lang: Lang, effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Say { tokens, .. } => Some(format!("said: {}", lang.text(tokens))),
            Effect::Show(shown) => Some(format!("shown: {}", lang.text(&shown.tokens))),
            _ => None,
        })
        .collect()
}

/// A game with a peg board (occupancy) and a piece-sensing e-board, both connected, from
/// `fen`.
fn both_boards(lang: Lang, fen: Option<&str>) -> annexd_core::Session {
    let options = SessionOptions {
        lang,
        ..SessionOptions::default()
    };
    let mut s = session_with(fen, None, Some(Sensing::Occupancy), options);
    s.attach_sighted_e_board(Sensing::Piece, true);
    let hello = Hello {
        model: "chesslink".into(),
        firmware: "1.07".into(),
        sensing: Sensing::Piece,
    };
    let connected = s.handle(
        Input::Board(Seat::Sighted, LinkEvent::Connected(hello)),
        ms(0),
    );
    assert!(said(&connected).is_empty(), "{:?}", said(&connected));
    s
}

fn pegs(s: &mut annexd_core::Session, input: BoardInput, at: u64) -> Vec<Effect> {
    s.handle(Input::Board(Seat::Peg, LinkEvent::Input(input)), ms(at))
}

/// Issue 34, item 6 (D.2.9: "If the positions on the two boards differ, they shall be
/// corrected"): with both boards in the game, a difference names its board; when both differ,
/// the board of the side to move is put right first, its line says so with its squares, the
/// other's says which comes first, and its squares follow when the first agrees.
#[test]
fn the_board_that_differs_is_named_and_with_both_the_first_to_put_right_d_2_9() {
    for (lang, e_named, peg_board, both_pegs_first, e_waits, both_e_first, pegs_wait, agrees) in [
        (
            Lang::De,
            "e-Brett weicht ab, ",
            "Steckbrett weicht ab, ",
            "beide Bretter weichen ab, zuerst das Steckbrett richten, ",
            "e-Brett weicht ab, zuerst das Steckbrett richten",
            "beide Bretter weichen ab, zuerst das e-Brett richten, ",
            "Steckbrett weicht ab, zuerst das e-Brett richten",
            ["Steckbrett stimmt überein", "e-Brett stimmt überein"],
        ),
        (
            Lang::En,
            "the e-board differs, ",
            "the peg board differs, ",
            "both boards differ, put the peg board right first, ",
            "the e-board differs, put the peg board right first",
            "both boards differ, put the e-board right first, ",
            "the peg board differs, put the e-board right first",
            ["the peg board agrees", "the e-board agrees"],
        ),
        (
            Lang::Fr,
            "l'échiquier électronique diffère, ",
            "l'échiquier à tiges diffère, ",
            "les deux échiquiers diffèrent, corriger d'abord l'échiquier à tiges, ",
            "l'échiquier électronique diffère, corriger d'abord l'échiquier à tiges",
            "les deux échiquiers diffèrent, corriger d'abord l'échiquier électronique, ",
            "l'échiquier à tiges diffère, corriger d'abord l'échiquier électronique",
            [
                "l'échiquier à tiges concorde",
                "l'échiquier électronique concorde",
            ],
        ),
    ] {
        let starts = |lines: &[String], prefix: &str| lines.iter().any(|l| l.starts_with(prefix));
        // White (the VI player) to move. The e-board alone differs: a black pawn moved on it.
        let mut s = both_boards(lang, None);
        e_board(&mut s, BoardInput::Up(Square::A7), 10);
        let out = lines_in(
            lang,
            &e_board(&mut s, BoardInput::Down(Square::A5, piece('p')), 20),
        );
        assert!(
            starts(&out, &format!("shown: {e_named}")),
            "{lang}: {out:?}"
        );
        // The pegs differ too: the peg board comes first, with its squares.
        pegs(&mut s, BoardInput::Up(Square::H7), 30);
        let out = lines_in(
            lang,
            &pegs(&mut s, BoardInput::Down(Square::H6, Cell::Peg), 40),
        );
        assert!(
            starts(&out, &format!("said: {both_pegs_first}")),
            "{lang}: {out:?}"
        );
        // The e-board changes meanwhile: its squares wait.
        e_board(&mut s, BoardInput::Up(Square::B7), 50);
        let out = lines_in(
            lang,
            &e_board(&mut s, BoardInput::Down(Square::B5, piece('p')), 60),
        );
        assert!(
            out.iter().all(|l| !l.contains(", Bella")),
            "{lang}: no squares of the e-board yet: {out:?}"
        );
        // The pegs are put right: the peg board agrees, then the e-board's squares are shown.
        pegs(&mut s, BoardInput::Up(Square::H6), 70);
        let out = lines_in(
            lang,
            &pegs(&mut s, BoardInput::Down(Square::H7, Cell::Peg), 80),
        );
        assert_eq!(out[0], format!("said: {}", agrees[0]), "{lang}: {out:?}");
        assert!(
            out[1].starts_with(&format!("shown: {e_named}")),
            "{lang}: {out:?}"
        );

        // The pegs alone differ, the e-board agreeing: the peg board is named.
        let mut s = both_boards(lang, None);
        pegs(&mut s, BoardInput::Up(Square::H7), 10);
        let out = lines_in(
            lang,
            &pegs(&mut s, BoardInput::Down(Square::H6, Cell::Peg), 20),
        );
        assert!(
            starts(&out, &format!("said: {peg_board}")),
            "{lang}: {out:?}"
        );
        // Then the e-board differs too, White to move: it waits for the pegs.
        e_board(&mut s, BoardInput::Up(Square::A7), 30);
        let out = lines_in(
            lang,
            &e_board(&mut s, BoardInput::Down(Square::A5, piece('p')), 40),
        );
        assert_eq!(out, [format!("shown: {e_waits}")], "{lang}");

        // Black (the sighted player) to move: the e-board comes first.
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let mut s = both_boards(lang, Some(fen));
        pegs(&mut s, BoardInput::Up(Square::H2), 10);
        let out = lines_in(
            lang,
            &pegs(&mut s, BoardInput::Down(Square::H3, Cell::Peg), 20),
        );
        assert!(
            starts(&out, &format!("said: {peg_board}")),
            "{lang}: {out:?}"
        );
        e_board(&mut s, BoardInput::Up(Square::A2), 30);
        let out = lines_in(
            lang,
            &e_board(&mut s, BoardInput::Down(Square::A3, piece('P')), 40),
        );
        assert!(
            starts(&out, &format!("shown: {both_e_first}")),
            "{lang}: {out:?}"
        );
        assert!(
            out.contains(&format!("said: {pegs_wait}")),
            "{lang}: {out:?}"
        );
        // The e-board put right: it agrees, and the peg board's squares are said again.
        e_board(&mut s, BoardInput::Up(Square::A3), 50);
        let out = lines_in(
            lang,
            &e_board(&mut s, BoardInput::Down(Square::A2, piece('P')), 60),
        );
        assert_eq!(out[0], format!("shown: {}", agrees[1]), "{lang}: {out:?}");
        assert!(
            out[1].starts_with(&format!("said: {peg_board}")),
            "{lang}: {out:?}"
        );
    }
}

/// Issue 34, item 4: the board view's snapshot gives what each board shows, with the squares
/// where it differs from the game: a move on the pegs not yet announced, an e-board whose
/// player has lifted a piece; and the clock as read, with whose runs.
#[test]
fn the_view_snapshot_shows_each_board_and_where_it_differs_from_the_game() {
    let mut s = both_boards(Lang::En, None);
    let snapshot = s.view_snapshot(ms(5));
    let pegs = snapshot.pegs.as_ref().unwrap();
    assert!(pegs.differs.is_empty() && pegs.connected);
    assert!(snapshot.e_board.as_ref().unwrap().differs.is_empty());
    assert!(snapshot.clock.is_none());
    pegs_move(&mut s, Square::E2, Square::E4);
    let snapshot = s.view_snapshot(ms(50));
    assert!(snapshot.placed_not_announced);
    let pegs = snapshot.pegs.as_ref().unwrap();
    assert_eq!(pegs.differs, squares(&[Square::E2, Square::E4]));
    assert_eq!(
        pegs.at(Square::E4),
        Cell::Piece(Piece::from_char('P').unwrap())
    );
    assert_eq!(pegs.at(Square::E2), Cell::Empty);
    assert_eq!(snapshot.moves, Vec::<String>::new());
    e_board(&mut s, BoardInput::Up(Square::G1), 60);
    let snapshot = s.view_snapshot(ms(70));
    assert_eq!(
        snapshot.e_board.as_ref().unwrap().differs,
        squares(&[Square::G1])
    );
}

/// The VI player moves a peg from `from` to `to`.
fn pegs_move(s: &mut annexd_core::Session, from: Square, to: Square) {
    pegs(s, BoardInput::Up(from), 30);
    pegs(s, BoardInput::Down(to, Cell::Peg), 40);
}
