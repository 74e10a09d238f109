//! `annexd play --sighted chesslink:PORT`: the sighted player on a Millennium ChessLink
//! board — the tests' own, on a pseudo-terminal, written from the public protocol
//! (`board_support`), some of its reports damaged — and the VI player typing. A whole random
//! game to mate: each of the VI player's moves is said and lit on the e-board's LEDs until
//! the assistant has made it there (then they go out), each of the sighted player's moves
//! made on the e-board (its lifts and drops in random orders) is said to the VI player, every
//! move right.

#![cfg(unix)]

use crate::board_support;
use crate::common;

use std::time::Duration;

use board_support::{Line, Order, TestBoard, hand_events, move_squares, random_game};
use common::{Running, annexd};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Position};

use annexd_core::{Lang, Style, Token, move_tokens};

/// What the program says for `m` made by the side to move in `pos`.
fn said(pos: &Chess, m: shakmaty::Move) -> String {
    let mut tokens = vec![Token::Side(pos.turn())];
    tokens.extend(move_tokens(pos, m, Style::Short));
    Lang::De.text(&tokens)
}

#[test]
fn a_random_game_with_the_sighted_player_on_a_chesslink_board() {
    // A whole game of 62 plies that Black (the sighted player) wins by mate.
    let seed = 29;
    let moves = random_game(seed, 400);
    let mut end = Chess::default();
    moves.iter().for_each(|m| end.play_unchecked(*m));
    assert!(end.is_checkmate(), "the game is played to its end");
    let board = TestBoard::start(&Chess::default(), Line::SevenOddOne, 0.05, seed);
    let dir = tempfile::tempdir().unwrap();
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(dir.path().join("chesslink.jsonl"))
        .args(["--board", "none", "--sighted"])
        .arg(format!("chesslink:{}", board.path));
    command.env("XDG_CONFIG_HOME", dir.path());
    let mut game = Running::start(command);
    game.expect_containing("neue Partie");
    game.expect_exact("e-Brett, erkennt Figuren: chesslink 1.07");
    board.wait_read(Duration::from_secs(10));
    std::thread::sleep(Duration::from_millis(100));
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Chess::default();
    for (ply, &m) in moves.iter().enumerate() {
        let words = said(&pos, m);
        let mut events = || {
            let order = [Order::MoverFirst, Order::OtherFirst, Order::Random][ply % 3];
            for (sq, piece) in hand_events(&pos, m, order, &mut rng) {
                board.place(sq, piece);
                std::thread::sleep(Duration::from_millis(rng.random_range(0..60)));
            }
        };
        if pos.turn() == Color::White {
            // The VI player's move, typed: said, and lit for the sighted player.
            game.type_line(&UciMove::from_standard(m).to_string());
            game.expect_line(&format!("'{words}'"), |l| l.starts_with(&words));
            let squares = move_squares(&pos, m);
            assert!(
                board.wait_lit(squares, Duration::from_secs(10)),
                "ply {ply}: {words}: lit {:?}, not {squares:?}",
                board.lit()
            );
            // The assistant makes it on the e-board: the boards agree, the lights go out.
            events();
            game.expect_exact("Bretter stimmen überein");
            assert!(
                board.wait_lit(Bitboard::EMPTY, Duration::from_secs(10)),
                "ply {ply}: the lights stay on: {:?}",
                board.lit()
            );
        } else {
            // The sighted player's move on the e-board, said to the VI player.
            events();
            let line = game.expect_line(&format!("'{words}'"), |l| l.starts_with(&words));
            if ply + 1 == moves.len() {
                assert!(line.ends_with("schachmatt, Schwarz gewinnt"), "{line}");
            }
        }
        pos.play_unchecked(m);
    }
    game.type_line("FEN");
    let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    game.expect_fen(&fen);
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
    let state = board.state.lock().unwrap();
    assert!(state.damaged > 0, "damaged reports were among them");
    assert_eq!(state.refused, 0, "every command the program sent was right");
    eprintln!(
        "{} plies, {} reports, {} damaged",
        moves.len(),
        state.reports,
        state.damaged
    );
}
