//! `annexd play --opponent lichess` end to end (issue 32): the real binary against the tests'
//! local lichess (tests/it/lichess_support, the published Board API on 127.0.0.1), on the
//! simulated peg board, with moves typed and said.

#![cfg(feature = "online")]

use crate::common;
use crate::common::platform::Start;
use crate::lichess_support;
use crate::record_support;

use std::process::Command;
use std::time::Duration;

use common::{Running, annexd};
use lichess_support::{LichessServer, Setup};
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

const WITHIN: Duration = Duration::from_secs(20);

/// `annexd play --opponent lichess` against `server`, with `args`, in `dir`.
fn play(server: &LichessServer, dir: &std::path::Path, args: &[&str]) -> Running {
    let mut command = online_command(
        server,
        dir,
        &["play", "--opponent", "lichess", "--server", &server.url()],
    );
    command.args(args);
    Running::start(command)
}

/// `annexd resume` of the journal in `dir` against `server` (the server its journal names).
fn resume(server: &LichessServer, dir: &std::path::Path) -> Running {
    let journal = dir.join("game.jsonl");
    Running::start(online_command(
        server,
        dir,
        &["resume", &journal.display().to_string()],
    ))
}

/// annexd with `first` (a command and its own arguments), the journal `game.jsonl` and
/// the log in `dir`, on the simulated peg board, in text lines, with the short waits of
/// the local server and its token.
fn online_command(server: &LichessServer, dir: &std::path::Path, first: &[&str]) -> Command {
    let mut command = annexd();
    command.args(first);
    if first[0] == "play" {
        command.arg("--journal").arg(dir.join("game.jsonl"));
    }
    command
        .args([
            "--board",
            "sim",
            "--speech",
            "text",
            "--online-short-waits",
            "--log",
        ])
        .arg(dir.join("annexd.log"))
        .env("LICHESS_TOKEN", server.token())
        .env("XDG_CONFIG_HOME", dir)
        .env("RUST_LOG", "trace");
    command
}

/// A game begun on `server` in `dir`: 1. e4 (ours, said) e5 (the opponent's, followed on
/// the pegs).
fn begun_e4_e5(server: &LichessServer, dir: &std::path::Path) -> Running {
    let mut game = play(server, dir, &["--control", "15+10"]);
    game.expect_exact("Brett verbunden");
    peg_and_announce(&mut game, "e2e4", "Eva vier");
    game.type_line("");
    until_server(&mut game, server, "e4", |s| s.moves().len() == 1);
    server.opponent_plays("e7e5");
    game.expect_exact("Schwarz Eva fünf");
    game.type_line("peg e7e5");
    game
}

/// Our move `uci` made on the pegs, and, once the program asks for it, announced in `words`
/// (the clock not pressed yet).
fn peg_and_announce(game: &mut Running, uci: &str, words: &str) {
    game.type_line(&format!("peg {uci}"));
    game.expect_containing("bitte ansagen");
    game.type_line(words);
}

/// Bb5 (White's third move) on the pegs and announced, on the server as the fifth
/// half-move; then the program is left.
fn plays_bb5_and_leaves(mut game: Running, server: &LichessServer) {
    peg_and_announce(&mut game, "f1b5", "Läufer Bella fünf");
    game.type_line("");
    until_server(&mut game, server, "Bb5", |s| s.moves().len() == 5);
    leave(game);
}

/// The program is left ("Ende", confirmed) while the game goes on on the server: the game
/// is saved and the program ends well.
fn leave(mut game: Running) {
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
}

/// Moves are said where the build hears with Whisper (not the cross builds: its library is
/// for x86_64 Linux only); elsewhere they are typed.
const SPOKEN: bool = cfg!(feature = "whisper");

/// The options that have the player say `text` (Pico's voice of `locale` in a WAV file,
/// heard by Whisper) once the game has begun; none where moves are typed.
fn saying(dir: &std::path::Path, locale: &str, text: &str) -> Vec<String> {
    if !SPOKEN {
        return Vec::new();
    }
    let model = crate::common::whisper_model();
    let wav = dir.join("said.wav");
    let status = std::process::Command::new("pico2wave")
        .args(["-l", locale, "-w"])
        .arg(&wav)
        .arg(text)
        .start_status();
    assert!(
        status.is_ok_and(|s| s.success()),
        "pico2wave (scripts/setup.sh --test)"
    );
    [
        "--listen",
        "push-to-talk",
        "--recogniser",
        "whisper",
        "--model",
        &model.display().to_string(),
        "--listen-wav",
        &wav.display().to_string(),
    ]
    .map(str::to_string)
    .to_vec()
}

/// Waits until `holds` is true of the server; fails with what was said so far.
fn until_server(
    game: &mut Running,
    server: &LichessServer,
    what: &str,
    holds: impl Fn(&LichessServer) -> bool,
) {
    if !server.wait_until(WITHIN, holds) {
        panic!(
            "{what}: not on the server within {WITHIN:?}; said so far:\n{}\nreceived: {:#?}",
            game.transcript.join("\n"),
            server.received()
        );
    }
}

/// Reads lines until each of `lines` was said, in any order (what the server and the
/// program do at once may come either way).
fn expect_all(game: &mut Running, lines: &[&str]) {
    let mut missing: Vec<&str> = lines.to_vec();
    while !missing.is_empty() {
        let line = game.expect_line(&format!("one of {missing:?}"), |l| missing.contains(&l));
        missing.retain(|m| *m != line);
    }
}

/// The server's game in SAN.
fn server_san(server: &LichessServer) -> Vec<String> {
    let mut position = Chess::default();
    server
        .moves()
        .iter()
        .map(|uci| {
            let m = UciMove::from_ascii(uci.as_bytes())
                .unwrap()
                .to_move(&position)
                .unwrap();
            let san = San::from_move(&position, m).to_string();
            position.play_unchecked(m);
            san
        })
        .collect()
}

/// The game's PGN (written beside its journal) holds the server's game, and the result.
fn same_game_in_pgn(dir: &std::path::Path, server: &LichessServer, result: &str) {
    let pgn = common::read(&dir.join("game.pgn"));
    let server_moves: Vec<String> = server_san(server)
        .into_iter()
        .map(|san| san.trim_end_matches(['+', '#']).to_string())
        .collect();
    assert_eq!(record_support::pgn_san(&pgn), server_moves, "{pgn}");
    assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
}

#[test]
fn a_seek_in_german_goes_through_two_drops_a_draw_offer_and_a_takeback_to_a_resignation() {
    let server = LichessServer::start(Setup::default());
    let dir = tempfile::tempdir().unwrap();
    // Our first move is said (Pico's German voice, heard by Whisper); the others typed.
    let mut args = vec!["--control".to_string(), "15+10".to_string()];
    args.extend(saying(dir.path(), "de-DE", "Eva vier"));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut game = play(&server, dir.path(), &args);
    game.expect_exact("bei lichess angemeldet als: Blindfold");
    game.expect_exact("suche einen Gegner, fünfzehn Minuten plus zehn Sekunden, ungewertet");
    game.expect_exact("Partie gegen: Aaron");
    game.expect_containing("Sie spielen Weiß");
    game.expect_exact("Brett verbunden");
    // Our move said, then made on the pegs (or made, then typed): sent once.
    if SPOKEN {
        game.expect_exact("Eva vier, bitte auf dem Brett ausführen");
        game.type_line("peg e2e4");
    } else {
        peg_and_announce(&mut game, "e2e4", "Eva vier");
    }
    game.expect_exact("Weiß Eva vier");
    // Sent when completed: the clock pressed (Enter), as in any game (D.2.8: until then it
    // may be corrected).
    assert!(server.moves().is_empty());
    game.type_line("");
    until_server(&mut game, &server, "e4", |s| s.moves().len() == 1);
    // The opponent's move said, and followed on the pegs square by square.
    server.opponent_plays("e7e5");
    game.expect_exact("Schwarz Eva fünf");
    game.type_line("peg e7e6");
    game.expect_containing("Bretter weichen ab");
    game.type_line("peg e6e5");
    game.expect_exact("Bretter stimmen überein");
    // The first drop: the stream is read again, whose move it is said.
    server.cut_game_streams();
    game.expect_exact("Verbindung unterbrochen");
    game.expect_exact("wieder verbunden");
    game.expect_exact("Weiß am Zug");
    peg_and_announce(&mut game, "g1f3", "Springer Felix drei");
    game.type_line("");
    until_server(&mut game, &server, "Nf3", |s| s.moves().len() == 3);
    // The opponent's draw offer: said with the choices, declined after the question.
    server.opponent_offers_draw();
    game.expect_exact("Schwarz bietet Remis an");
    game.expect_exact("Remis annehmen oder Remis ablehnen");
    game.type_line("Remis ablehnen");
    game.expect_exact("Remis ablehnen? ja oder nein");
    game.type_line("ja");
    game.expect_exact("Remis abgelehnt");
    until_server(&mut game, &server, "the decline", |s| {
        s.received().iter().any(|r| r.path.ends_with("/draw/no"))
    });
    server.opponent_plays("b8c6");
    game.expect_exact("Schwarz Springer Cesar sechs");
    game.type_line("peg b8c6");
    game.expect_exact("Bretter stimmen überein");
    // The second drop, with the server down: our move waits, and is sent once it is back.
    server.go_down();
    game.expect_exact("Verbindung unterbrochen");
    peg_and_announce(&mut game, "f1c4", "Läufer Cäsar vier");
    game.expect_exact("Weiß Läufer Cesar vier");
    game.type_line("");
    game.expect_exact("der Zug ist gespeichert und wird gesendet, sobald die Verbindung steht");
    server.come_up();
    expect_all(&mut game, &["wieder verbunden", "Zug übermittelt"]);
    until_server(&mut game, &server, "Bc4", |s| s.moves().len() == 5);
    // The clocks are the server's.
    game.type_line("Zeit");
    game.expect_containing("Weiß fünfzehn Minuten");
    // The opponent's takeback request, accepted after the question: the game and the pegs
    // go back.
    server.opponent_asks_takeback();
    game.expect_exact("Schwarz bittet um Zugrücknahme");
    game.expect_exact("Zugrücknahme annehmen oder Zugrücknahme ablehnen");
    game.type_line("Zugrücknahme annehmen");
    game.expect_exact("Zugrücknahme annehmen? ja oder nein");
    game.type_line("ja");
    until_server(&mut game, &server, "the takeback", |s| s.moves().len() == 3);
    game.expect_containing("Bretter weichen ab, Schwarz am Zug, Läufer Cesar vier nach Felix eins");
    game.expect_containing("zurückgenommen, Schwarz am Zug");
    game.type_line("peg c4f1");
    game.type_line("peg c6b8");
    game.expect_exact("Bretter stimmen überein");
    // Lines that are not the API's: said, the stream opened again, nothing lost.
    for _ in 0..3 {
        server.send_garbage("<html>502 Bad Gateway</html>");
    }
    game.expect_exact("die Antwort des Servers ist unverständlich");
    game.expect_exact("wieder verbunden");
    server.opponent_plays("g8f6");
    game.expect_exact("Schwarz Springer Felix sechs");
    game.type_line("peg g8f6");
    game.expect_exact("Bretter stimmen überein");
    // The opponent resigns: said and recorded.
    server.opponent_resigns();
    game.expect_exact("Schwarz gibt auf, Weiß gewinnt");
    game.expect_containing("Prüfcode");
    game.type_line("Ende");
    let (code, said) = game.wait_with_transcript();
    assert_eq!(code, Some(0), "{said:#?}");
    // Every move of ours reached the server exactly once.
    assert_eq!(
        server.move_posts(),
        [
            ("e2e4".to_string(), Some(200)),
            ("g1f3".to_string(), Some(200)),
            ("f1c4".to_string(), Some(200)),
        ]
    );
    same_game_in_pgn(dir.path(), &server, "1-0");
    let journal = common::read(&dir.path().join("game.jsonl"));
    assert!(
        journal.contains(r#""type":"resign","by":"black""#),
        "{journal}"
    );
    assert!(journal.contains(r#""source":"remote""#), "{journal}");
    assert!(
        !journal.contains(&server.token()),
        "the token is in no journal"
    );
    // Nor in the log, at its finest level (the HTTP library's lines too), which has the game.
    let log = common::read(&dir.path().join("annexd.log"));
    assert!(log.contains("/api/board/game/stream/"), "{log}");
    assert!(
        !log.contains(&server.token()),
        "the token is in no log line"
    );
}

#[test]
fn a_challenge_in_english_reads_the_chat_on_request_takes_back_our_move_waits_out_a_429_and_ends_in_mate()
 {
    let server = LichessServer::start(Setup::default());
    let dir = tempfile::tempdir().unwrap();
    let mut game = play(
        &server,
        dir.path(),
        &["--lang", "en", "--challenge", "Aaron", "--control", "5+3"],
    );
    // A challenge may be blitz.
    game.expect_exact("challenge sent to: Aaron");
    game.expect_containing("you play Black");
    game.expect_exact("board connected");
    server.opponent_plays("f2f3");
    game.expect_exact("White Felix drei");
    game.type_line("peg f2f3");
    game.expect_exact("the boards agree");
    // The chat is read on request only.
    server.opponent_chats("good luck");
    game.type_line("peg e7e5");
    game.expect_containing("please announce the move");
    game.type_line("e5");
    game.expect_exact("Black Eva fünf");
    game.type_line("");
    until_server(&mut game, &server, "e5", |s| s.moves().len() == 2);
    assert!(
        !game.transcript.iter().any(|l| l.contains("good luck")),
        "{:#?}",
        game.transcript
    );
    game.type_line("read messages");
    game.expect_exact("message from: Aaron: good luck");
    // Our takeback request, asked first: the server takes e5 back, and so do the game and
    // the pegs.
    game.type_line("ask to take back a move");
    game.expect_exact("ask to take back a move? yes or no");
    game.type_line("yes");
    until_server(&mut game, &server, "the takeback", |s| s.moves().len() == 1);
    game.expect_exact("takeback accepted");
    game.expect_containing("the boards differ");
    game.type_line("peg e5e7");
    game.expect_exact("the boards agree");
    // e5 again (its own half-move now), while lichess asks to wait (HTTP 429): it waits as
    // asked, then goes once.
    server.rate_limit_next(1);
    game.type_line("peg e7e5");
    game.expect_containing("please announce the move");
    game.type_line("e5");
    game.type_line("");
    game.expect_containing("the server asks us to wait, trying again in");
    until_server(&mut game, &server, "e5 again", |s| s.moves().len() == 2);
    server.opponent_plays("g2g4");
    game.expect_exact("White Gustav vier");
    game.type_line("peg g2g4");
    game.expect_exact("the boards agree");
    game.type_line("peg d8h4");
    game.expect_containing("please announce the move");
    game.type_line("Qh4");
    game.expect_containing("checkmate, Black wins");
    until_server(&mut game, &server, "mate", |s| {
        s.status() == Some(("mate".to_string(), Some(shakmaty::Color::Black)))
    });
    game.type_line("quit");
    let (code, said) = game.wait_with_transcript();
    assert_eq!(code, Some(0), "{said:#?}");
    assert_eq!(
        server.move_posts(),
        [
            ("e7e5".to_string(), Some(200)),
            ("e7e5".to_string(), Some(429)),
            ("e7e5".to_string(), Some(200)),
            ("d8h4".to_string(), Some(200)),
        ]
    );
    same_game_in_pgn(dir.path(), &server, "0-1");
}

#[test]
fn a_challenge_accepted_in_french_after_its_question_ends_when_the_opponent_who_left_is_claimed_against()
 {
    let server = LichessServer::start(Setup::default());
    let dir = tempfile::tempdir().unwrap();
    // Our first move is said (Pico's French voice, heard by Whisper), in the language's own
    // words.
    let mut args: Vec<String> = ["--lang", "fr", "--words", "local", "--accept"]
        .map(str::to_string)
        .to_vec();
    args.extend(saying(dir.path(), "fr-FR", "pion Éva deux Éva quatre"));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut game = play(&server, dir.path(), &args);
    game.expect_exact("en attente d'un défi");
    server.challenge_us("chal0001", 10, 5, "random", false);
    game.expect_exact("défi de: Aaron");
    game.expect_containing("accepter ? oui ou non");
    assert!(
        server.game_id().is_none(),
        "nothing accepted before the answer"
    );
    game.type_line("oui");
    game.expect_containing("vous jouez Blanc");
    game.expect_exact("échiquier connecté");
    if SPOKEN {
        game.expect_exact("Eva quatre, jouez-le sur l'échiquier");
        game.type_line("peg e2e4");
    } else {
        game.type_line("peg e2e4");
        game.expect_containing("annoncez le coup");
        game.type_line("e4");
    }
    game.expect_exact("Blanc Eva quatre");
    game.type_line("");
    until_server(&mut game, &server, "e4", |s| s.moves().len() == 1);
    server.opponent_plays("e7e5");
    game.expect_exact("Noir Eva cinq");
    game.type_line("peg e7e5");
    game.expect_exact("les échiquiers concordent");
    // The opponent leaves; once the server allows it, the win is claimed (asked first).
    server.opponent_leaves(Duration::ZERO);
    game.expect_containing("Noir a quitté la partie");
    game.type_line("réclamer la victoire");
    game.expect_exact("réclamer la victoire? oui ou non");
    game.type_line("oui");
    game.expect_containing("Blanc gagne");
    game.type_line("fin");
    let (code, said) = game.wait_with_transcript();
    assert_eq!(code, Some(0), "{said:#?}");
    assert_eq!(
        server.status(),
        Some(("timeout".to_string(), Some(shakmaty::Color::White)))
    );
    same_game_in_pgn(dir.path(), &server, "1-0");
}

#[test]
fn a_game_left_is_joined_again_where_it_stands_when_the_program_starts_again() {
    let server = LichessServer::start(Setup::default());
    let dir = tempfile::tempdir().unwrap();
    let game = begun_e4_e5(&server, dir.path());
    // The program is left; the game goes on on the server.
    leave(game);
    // Started again, it finds the game under way and goes on where it stands.
    let again = tempfile::tempdir().unwrap();
    let mut game = play(&server, again.path(), &["--accept"]);
    game.expect_exact("Partie gegen: Aaron");
    game.expect_exact("Brett verbunden");
    peg_and_announce(&mut game, "g1f3", "Springer Felix drei");
    game.type_line("");
    until_server(&mut game, &server, "Nf3", |s| s.moves().len() == 3);
    server.opponent_plays("b8c6");
    game.expect_exact("Schwarz Springer Cesar sechs");
    leave(game);
    assert_eq!(server.moves(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(
        server.move_posts(),
        [
            ("e2e4".to_string(), Some(200)),
            ("g1f3".to_string(), Some(200))
        ]
    );
    // The second journal begins where the game stood.
    let journal = common::read(&again.path().join("game.jsonl"));
    assert!(
        journal.contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq"),
        "{journal}"
    );
    // And resumed, it is joined again from there.
    let mut game = resume(&server, again.path());
    game.expect_exact("Partie gegen: Aaron");
    plays_bb5_and_leaves(game, &server);
}

#[test]
fn a_game_left_is_resumed_from_its_journal_on_the_server_with_what_happened_meanwhile() {
    let server = LichessServer::start(Setup::default());
    let dir = tempfile::tempdir().unwrap();
    let mut game = begun_e4_e5(&server, dir.path());
    // Our next move is made while the server is down, and the program is left before the
    // line is back: the move is in the journal only.
    server.go_down();
    peg_and_announce(&mut game, "g1f3", "Springer Felix drei");
    game.type_line("");
    game.expect_containing("Springer Felix drei");
    leave(game);
    assert_eq!(server.moves(), ["e2e4", "e7e5"]);
    server.come_up();
    // Resumed, the game is joined again on the server its journal names, and the move the
    // server lacks is sent again.
    let mut game = resume(&server, dir.path());
    game.expect_exact("Partie gegen: Aaron");
    until_server(&mut game, &server, "Nf3 sent again", |s| {
        s.moves().len() == 3
    });
    server.opponent_plays("b8c6");
    game.expect_exact("Schwarz Springer Cesar sechs");
    game.type_line("peg b8c6");
    plays_bb5_and_leaves(game, &server);
    // Away again, the opponent moves: resumed, his move is played here.
    server.opponent_plays("a7a6");
    let mut game = resume(&server, dir.path());
    game.expect_exact("Partie gegen: Aaron");
    game.expect_exact("Schwarz Anna sechs");
    leave(game);
    // One journal, one scoresheet: the server's whole game.
    same_game_in_pgn(dir.path(), &server, "*");
}

#[test]
fn a_move_announced_but_not_completed_when_left_is_sent_when_the_clock_completes_it_on_resume() {
    let server = LichessServer::start(Setup::default());
    let dir = tempfile::tempdir().unwrap();
    let mut game = begun_e4_e5(&server, dir.path());
    // Nf3 made and announced, but the clock not pressed: not completed (D.2.8), not sent.
    peg_and_announce(&mut game, "g1f3", "Springer Felix drei");
    game.expect_containing("Springer Felix drei");
    leave(game);
    assert_eq!(server.moves(), ["e2e4", "e7e5"]);
    // Resumed, the game is joined where the server has it; the move is still ours to
    // complete, and goes to the server only when the clock is pressed.
    let mut game = resume(&server, dir.path());
    game.expect_exact("Partie gegen: Aaron");
    game.expect_exact("Brett verbunden");
    assert!(
        !server.wait_until(Duration::from_secs(1), |s| s.moves().len() > 2),
        "an uncompleted move was sent before its press: {:?}",
        server.moves()
    );
    game.type_line("");
    until_server(&mut game, &server, "Nf3 on its press", |s| {
        s.moves().len() == 3
    });
    server.opponent_plays("b8c6");
    game.expect_exact("Schwarz Springer Cesar sechs");
    game.type_line("peg b8c6");
    leave(game);
    assert_eq!(
        server.move_posts(),
        [
            ("e2e4".to_string(), Some(200)),
            ("g1f3".to_string(), Some(200))
        ]
    );
    same_game_in_pgn(dir.path(), &server, "*");
}

#[test]
fn a_game_that_ended_on_the_server_while_away_is_resumed_to_its_result_and_recorded() {
    let server = LichessServer::start(Setup::default());
    let dir = tempfile::tempdir().unwrap();
    let game = begun_e4_e5(&server, dir.path());
    leave(game);
    // Away, the opponent resigns: the game is over on the server.
    server.opponent_resigns();
    // Resumed, the program joins it, says how it ended, and the journal ends with it.
    let mut game = resume(&server, dir.path());
    game.expect_exact("Partie gegen: Aaron");
    game.expect_exact("Schwarz gibt auf, Weiß gewinnt");
    game.expect_containing("Prüfcode");
    game.type_line("Ende");
    let (code, said) = game.wait_with_transcript();
    assert_eq!(code, Some(0), "{said:#?}");
    same_game_in_pgn(dir.path(), &server, "1-0");
    let journal = common::read(&dir.path().join("game.jsonl"));
    assert_eq!(
        journal.matches(r#""type":"resign","by":"black""#).count(),
        1,
        "{journal}"
    );
    // Nothing was sent to the ended game.
    assert_eq!(server.move_posts(), [("e2e4".to_string(), Some(200))]);
}

#[test]
fn the_board_view_asked_for_without_a_terminal_is_said_unavailable_and_the_lines_go_on() {
    let server = LichessServer::start(Setup::default());
    let dir = tempfile::tempdir().unwrap();
    let mut game = play(
        &server,
        dir.path(),
        &["--control", "15+10", "--view", "board"],
    );
    expect_all(
        &mut game,
        &[
            "die Brettansicht kann nicht starten, Zeilen stattdessen",
            "Brett verbunden",
        ],
    );
    peg_and_announce(&mut game, "e2e4", "Eva vier");
    game.type_line("");
    until_server(&mut game, &server, "e4", |s| s.moves().len() == 1);
    leave(game);
}

#[test]
fn a_missing_or_refused_token_is_said_and_nothing_is_played() {
    let server = LichessServer::start(Setup::default());
    let dir = tempfile::tempdir().unwrap();
    // None at all.
    let out = annexd()
        .args(["play", "--opponent", "lichess", "--server"])
        .arg(server.url())
        .args(["--board", "sim", "--speech", "text"])
        .env_remove("LICHESS_TOKEN")
        .env("XDG_CONFIG_HOME", dir.path())
        .start_output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.status.success(), "{said}");
    assert!(
        said.contains("kein lichess-Zugangsschlüssel: LICHESS_TOKEN setzen"),
        "{said}"
    );
    // One the server refuses (wrong or revoked): said, and no game file is made.
    let mut command = annexd();
    command
        .args(["play", "--opponent", "lichess", "--server"])
        .arg(server.url())
        .args(["--board", "sim", "--speech", "text", "--journal"])
        .arg(dir.path().join("game.jsonl"))
        .env("LICHESS_TOKEN", "lip_Revoked0000")
        .env("XDG_CONFIG_HOME", dir.path());
    let mut game = Running::start(command);
    game.expect_exact("lichess lehnt den Zugangsschlüssel ab: falsch oder widerrufen");
    let (code, said) = game.wait_with_transcript();
    assert_ne!(code, Some(0), "{said:#?}");
    assert!(!dir.path().join("game.jsonl").exists());
    assert!(
        !said.iter().any(|l| l.contains("lip_Revoked0000")),
        "{said:#?}"
    );
}
