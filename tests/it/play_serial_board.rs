//! `annexd play --board PORT` with a peg board on a real serial line: this test is the
//! board (the core's model of a peg board, `annexd_core::board::simulated::SimulatedPegBoard`) on one end
//! of a pseudo-terminal pair, the program opens the other as it opens `/dev/ttyACM0`. Under
//! Wine the two ends are COM ports of the prefix joined by socat (`scripts/test-windows.sh`),
//! so the program's COM port code is what reads the board.

use crate::common;

use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc::{Sender, channel};
use std::time::Duration;

use annexd_core::board::peg_protocol::parse_host_line;
use annexd_core::board::simulated::{SimulatedPegBoard, SimulatedPegBoardOptions};
use common::{Running, annexd, read};

/// Plays the board on the test's end of a port pair; moves typed on the returned sender
/// (UCI, as on the simulator) become the lifts and drops a person makes. Returns the port
/// the program opens.
fn spawn_peg_board() -> (String, Sender<String>) {
    let pair = common::platform::port_pair(Duration::from_millis(5));
    let path = pair.path.clone();
    let (tx, rx) = channel::<String>();
    std::thread::spawn(move || {
        let mut pair = pair;
        let port = &mut pair.board;
        let mut device = SimulatedPegBoard::new(SimulatedPegBoardOptions::default())
            .expect("the start position");
        let mut line = Vec::new();
        let write = |port: &mut Box<dyn serialport::SerialPort>, text: String| {
            port.write_all(text.as_bytes()).is_ok() && port.flush().is_ok()
        };
        let hello = device.hello();
        let hello = device.line(&hello);
        if !write(port, hello) {
            return;
        }
        loop {
            let mut buf = [0u8; 256];
            match port.read(&mut buf) {
                Ok(n) => {
                    for &b in &buf[..n] {
                        if b != b'\n' {
                            line.push(b);
                            continue;
                        }
                        if let Ok(Some(msg)) = parse_host_line(&line) {
                            for answer in device.answer(msg) {
                                let text = device.line(&answer);
                                if !write(port, text) {
                                    return;
                                }
                            }
                        }
                        line.clear();
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => return,
            }
            match rx.try_recv() {
                Ok(typed) => {
                    for msg in device.typed(&typed).expect("a move the board can make") {
                        let text = device.line(&msg);
                        if !write(port, text) {
                            return;
                        }
                    }
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => {}
                Err(std::sync::mpsc::TryRecvError::Disconnected) => return,
            }
        }
    });
    (path, tx)
}

fn play(journal: &Path, board: &str) -> Running {
    let mut command = annexd();
    command.arg("play").arg("--journal").arg(journal).args([
        "--board",
        board,
        "--speech",
        "text",
        "--control",
        "90+30",
    ]);
    command.env("XDG_CONFIG_HOME", journal.parent().unwrap());
    let mut game = Running::start(command);
    game.expect_containing("neue Partie");
    game.expect_exact("Brett verbunden");
    game
}

#[test]
fn a_peg_board_on_a_serial_port_plays_a_game_to_mate() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("serial.jsonl");
    let (path, board) = spawn_peg_board();
    let mut game = play(&journal, &path);
    // The VI player moves a peg, announces the move and presses the clock.
    board.send("f2f3".into()).unwrap();
    game.expect_containing("bitte ansagen");
    game.type_line("Felix drei");
    game.expect_exact("Weiß Felix drei");
    game.type_line("");
    // The sighted player's move is typed; the VI player follows it on the peg board.
    game.type_line("Eva fünf");
    game.expect_exact("Schwarz Eva fünf");
    game.type_line("");
    board.send("e7e5".into()).unwrap();
    game.expect_exact("Bretter stimmen überein");
    board.send("g2g4".into()).unwrap();
    game.expect_containing("bitte ansagen");
    game.type_line("Gustav vier");
    game.expect_exact("Weiß Gustav vier");
    game.type_line("");
    game.type_line("Dame Hector vier");
    game.expect_exact("Schwarz Dame Hector vier matt, schachmatt, Schwarz gewinnt");
    game.type_line("Ende\nja");
    assert_eq!(game.wait(), Some(0));
    let pgn = read(&journal.with_extension("pgn"));
    assert!(pgn.contains("2... Qh4# 0-1"), "{pgn}");
}
