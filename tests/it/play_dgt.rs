//! `annexd play` with both boards: the VI player's simulated peg board and the sighted
//! player's DGT e-board, simulated on a pseudo-terminal by this test. The VI player's move is
//! checked when the assistant plays it on the e-board; the sighted player's move on the
//! e-board is announced to the VI player.

use crate::common;

use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use annexd_core::board::dgt::DgtDevice;
use common::{Running, annexd};
use shakmaty::{Chess, Piece, Square};

/// The e-board: answers the host's commands, and makes the changes the test asks for.
fn spawn_dgt_board() -> (String, std::sync::mpsc::Sender<(Square, Option<Piece>)>) {
    let pair = common::platform::port_pair(Duration::from_millis(5));
    let path = pair.path.clone();
    let (tx, rx): (_, Receiver<(Square, Option<Piece>)>) = channel();
    std::thread::spawn(move || {
        let mut pair = pair;
        let master = &mut pair.board;
        let mut device = DgtDevice::new(&Chess::default());
        loop {
            let mut buf = [0u8; 64];
            match master.read(&mut buf) {
                Ok(n) => {
                    for &b in &buf[..n] {
                        let answer = device.command(b);
                        if master.write_all(&answer).is_err() {
                            return;
                        }
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => return,
            }
            while let Ok((sq, piece)) = rx.try_recv() {
                let bytes = device.set(sq, piece);
                if master.write_all(&bytes).is_err() {
                    return;
                }
            }
        }
    });
    (path, tx)
}

#[test]
fn both_boards_follow_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("dgt.jsonl");
    let (dgt_path, e_board) = spawn_dgt_board();
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(&journal)
        .args(["--board", "sim", "--sighted"])
        .arg(format!("dgt:{dgt_path}"));
    command.env("XDG_CONFIG_HOME", dir.path());
    let mut game = Running::start(command);
    game.expect_containing("neue Partie");
    // Both boards connect, in either order; only the peg board is said to the VI player.
    let first = game.expect_line("a board connected", |l| l.contains(", erkennt "));
    let second = game.expect_line("the other board connected", |l| l.contains(", erkennt "));
    let both = format!("{first}\n{second}");
    assert!(
        both.contains("Steckbrett, erkennt Belegung: annexd-sim"),
        "{both}"
    );
    assert!(both.contains("e-Brett, erkennt Figuren: dgt"), "{both}");
    // The VI player's move: pegs, announcement, clock.
    game.type_line("peg e2e4");
    game.expect_exact("Eva zwei Eva vier, bitte ansagen");
    game.type_line("Eva vier");
    game.expect_exact("Weiß Eva vier");
    game.type_line("");
    // The assistant plays it on the e-board: checked there.
    e_board.send((Square::E2, None)).unwrap();
    e_board.send((Square::E4, Piece::from_char('P'))).unwrap();
    game.expect_exact("Bretter stimmen überein");
    // The sighted player answers on the e-board: announced to the VI player.
    e_board.send((Square::E7, None)).unwrap();
    e_board.send((Square::E5, Piece::from_char('p'))).unwrap();
    game.expect_exact("Schwarz Eva fünf");
    game.type_line("");
    game.type_line("peg e7e5");
    game.expect_exact("Bretter stimmen überein");
    game.type_line("FEN");
    game.expect_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
}
