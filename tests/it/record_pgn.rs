//! PGN export read back by an independent reader (`pgn-reader`): random games with draw offers,
//! claims, penalties and clock times, and six master games played through the rules.

use crate::record_support;

use std::ops::ControlFlow;

use annexd::record::write_pgn_atomically;
use annexd_core::game::{Game, GameResult};
use annexd_core::record::{Entry, Header, Scoresheet};
use pgn_reader::{KnownOutcome, Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use record_support::{Mix, random_game};
use shakmaty::{CastlingMode, Chess, Color, Position, fen::Fen};

/// What an independent reader sees in one game.
#[derive(Debug, Default, Clone)]
struct ReadGame {
    tags: Vec<(String, String)>,
    sans: Vec<String>,
    /// Comments after each ply (index = ply count when the comment came).
    comments: Vec<(usize, String)>,
    result: Option<String>,
    error: Option<String>,
}

impl ReadGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

struct Collect;

impl Visitor for Collect {
    type Tags = ReadGame;
    type Movetext = (ReadGame, Chess);
    type Output = ReadGame;

    fn begin_tags(&mut self) -> ControlFlow<ReadGame, ReadGame> {
        ControlFlow::Continue(ReadGame::default())
    }

    fn tag(
        &mut self,
        tags: &mut ReadGame,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<ReadGame> {
        tags.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: ReadGame) -> ControlFlow<ReadGame, (ReadGame, Chess)> {
        let pos = match tags.tag("FEN") {
            Some(fen) => fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap(),
            None => Chess::default(),
        };
        ControlFlow::Continue((tags, pos))
    }

    fn san(
        &mut self,
        (game, pos): &mut (ReadGame, Chess),
        san_plus: SanPlus,
    ) -> ControlFlow<ReadGame> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                game.sans.push(san_plus.to_string());
                ControlFlow::Continue(())
            }
            Err(e) => {
                game.error = Some(format!("{san_plus}: {e}"));
                ControlFlow::Break(game.clone())
            }
        }
    }

    fn comment(
        &mut self,
        (game, _): &mut (ReadGame, Chess),
        comment: RawComment<'_>,
    ) -> ControlFlow<ReadGame> {
        let text = String::from_utf8_lossy(comment.as_bytes()).into_owned();
        game.comments.push((game.sans.len(), text));
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        (game, _): &mut (ReadGame, Chess),
        outcome: Outcome,
    ) -> ControlFlow<ReadGame> {
        game.result = Some(
            match outcome {
                Outcome::Known(KnownOutcome::Decisive {
                    winner: Color::White,
                }) => "1-0",
                Outcome::Known(KnownOutcome::Decisive {
                    winner: Color::Black,
                }) => "0-1",
                Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
                Outcome::Unknown => "*",
            }
            .to_string(),
        );
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, (game, _): (ReadGame, Chess)) -> ReadGame {
        game
    }
}

fn read_all(pgn: &str) -> Vec<ReadGame> {
    let mut reader = Reader::new(pgn.as_bytes());
    let mut games = Vec::new();
    while let Some(game) = reader.read_game(&mut Collect).unwrap() {
        games.push(game);
    }
    games
}

/// Checks one exported scoresheet against what the independent reader finds in its PGN.
fn check_round_trip(sheet: &Scoresheet) {
    let pgn = annexd_core::record::pgn_text(sheet);
    for line in pgn.lines() {
        assert!(
            line.chars().count() < 80,
            "line too long ({}): {line}",
            line.len()
        );
    }
    let games = read_all(&pgn);
    assert_eq!(games.len(), 1, "{pgn}");
    let read = &games[0];
    assert_eq!(read.error, None, "{pgn}");
    let game = sheet.game();
    let sans: Vec<String> = game.history().iter().map(|m| m.san.to_string()).collect();
    assert_eq!(read.sans, sans, "{pgn}");
    let result = game.outcome().map_or("*", |o| o.result.pgn());
    assert_eq!(read.result.as_deref(), Some(result), "{pgn}");
    assert_eq!(read.tag("Result"), Some(result));
    assert_eq!(
        read.tag("White"),
        Some(sheet.header().white.as_str())
            .filter(|s| !s.is_empty())
            .or(Some("?"))
    );
    assert_eq!(
        read.tag("Black"),
        Some(sheet.header().black.as_str())
            .filter(|s| !s.is_empty())
            .or(Some("?"))
    );
    assert_eq!(
        read.tag("TimeControl"),
        sheet.header().time_control.as_deref()
    );
    // Every draw offer is a (=) comment right after its move, and every clock time is there.
    for (ply, played) in game.history().iter().enumerate() {
        let after: Vec<&str> = read
            .comments
            .iter()
            .filter(|(at, _)| *at == ply + 1)
            .map(|(_, c)| c.as_str())
            .collect();
        let joined = after.join(" ");
        assert_eq!(
            played.draw_offer,
            joined.contains("(=)"),
            "ply {ply}: {joined:?}\n{pgn}"
        );
        if let Some(ms) = sheet.notes()[ply].clock_of(played.by) {
            let s = ms / 1000;
            let clk = format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60);
            assert!(
                joined.contains(&clk),
                "ply {ply}: {clk} not in {joined:?}\n{pgn}"
            );
        }
    }
}

#[test]
fn random_games_read_back_the_same_through_pgn_reader() {
    let mut offers = 0;
    let mut games_with_clocks = 0;
    for seed in 0..300 {
        let mix = Mix {
            max_plies: 20 + (seed as usize * 7) % 200,
            offers: true,
            events: seed % 2 == 0,
            clocks: seed % 3 != 0,
        };
        let (_, sheet) = random_game(seed, mix);
        offers += sheet
            .game()
            .history()
            .iter()
            .filter(|m| m.draw_offer)
            .count();
        games_with_clocks += usize::from(mix.clocks);
        check_round_trip(&sheet);
    }
    assert!(
        offers > 50,
        "the random games should carry draw offers ({offers})"
    );
    assert!(games_with_clocks > 150);
}

#[test]
fn a_game_from_a_position_with_black_to_move_exports_fen_and_numbers() {
    let header = Header::new("4k3/8/8/8/8/8/4P3/4K3 b - - 3 40");
    let mut sheet = Scoresheet::new(header).unwrap();
    for uci in ["e8d7", "e2e4", "d7e6"] {
        sheet.apply(&Entry::play(uci)).unwrap();
    }
    let pgn = annexd_core::record::pgn_text(&sheet);
    assert!(
        pgn.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 40\"]\n[SetUp \"1\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("\n40... Kd7 41. e4 Ke6 *\n"), "{pgn}");
    check_round_trip(&sheet);
}

#[test]
fn draw_offers_claims_and_penalties_appear_as_comments() {
    let mut sheet = Scoresheet::new(Header::standard()).unwrap();
    for uci in ["e2e4", "e7e5"] {
        sheet.apply(&Entry::play(uci)).unwrap();
    }
    sheet.apply(&Entry::offer_draw(Color::Black)).unwrap();
    sheet
        .apply(&Entry::illegal_move(Color::White, None))
        .unwrap();
    sheet.apply(&Entry::play("g1f3")).unwrap();
    sheet
        .apply(&Entry::claim(Color::Black, Some("b8c6".into())))
        .unwrap();
    // 9.5.3: the intended move is then made on the board, a move of its own; the claim
    // stands as an offer (9.1.2.3), marked with it.
    sheet.apply(&Entry::play("b8c6")).unwrap();
    let pgn = annexd_core::record::pgn_text(&sheet);
    let movetext = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert_eq!(
        movetext,
        "1. e4 e5 {(=) White illegal move, penalty, Black receives two minutes} 2. Nf3 \
         {Black claims a draw, claim incorrect, the position has occurred only once, one move \
         without a capture or a pawn move, White receives two minutes, intended move must \
         be played, counts as a draw offer} 2... Nc6 {(=)} * "
    );
    check_round_trip(&sheet);
}

#[test]
fn the_six_master_games_play_through_the_rules_and_export_the_same() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/masters.pgn"
    ))
    .unwrap();
    let masters = read_all(&text);
    assert_eq!(masters.len(), 6);
    for master in &masters {
        let mut header = Header::standard();
        header.white = master.tag("White").unwrap().to_string();
        header.black = master.tag("Black").unwrap().to_string();
        header.event = master.tag("Event").unwrap().to_string();
        header.site = master.tag("Site").unwrap().to_string();
        header.round = master.tag("Round").unwrap().to_string();
        header.date = master.tag("Date").map(str::to_string);
        let mut sheet = Scoresheet::new(header).unwrap();
        let mut game = Game::new();
        for san in &master.sans {
            let mv = san
                .parse::<shakmaty::san::San>()
                .unwrap()
                .to_move(game.position())
                .unwrap();
            game.play(mv).unwrap();
            sheet.apply(&Entry::play_move(mv)).unwrap();
        }
        // Master games end by resignation or agreement, which the score does not show: the
        // arbiter's result entry records it.
        let result = GameResult::from_pgn(master.tag("Result").unwrap()).unwrap();
        if !sheet.game().is_over() {
            sheet
                .apply(&Entry::Result(annexd_core::record::ResultEntry {
                    result,
                    reason: None,
                }))
                .unwrap();
        }
        assert_eq!(sheet.game().outcome().unwrap().result, result);
        assert_eq!(sheet.game().history(), game.history());
        check_round_trip(&sheet);
        let again = &read_all(&annexd_core::record::pgn_text(&sheet))[0];
        assert_eq!(again.sans, master.sans);
        for tag in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
            assert_eq!(again.tag(tag), master.tag(tag), "{tag}");
        }
    }
}

#[test]
fn the_pgn_file_is_replaced_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.pgn");
    let (_, sheet) = random_game(
        7,
        Mix {
            max_plies: 40,
            offers: true,
            events: false,
            clocks: true,
        },
    );
    write_pgn_atomically(&path, "old").unwrap();
    write_pgn_atomically(&path, &annexd_core::record::pgn_text(&sheet)).unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        annexd_core::record::pgn_text(&sheet)
    );
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("game.pgn")]);
    // A path in a missing directory fails cleanly and leaves nothing.
    assert!(write_pgn_atomically(&dir.path().join("missing/game.pgn"), "x").is_err());
}

#[test]
fn the_comments_are_written_in_the_games_language() {
    let mut sheet = Scoresheet::new(Header::standard()).unwrap();
    for uci in ["e2e4", "e7e5"] {
        sheet.apply(&Entry::play(uci)).unwrap();
    }
    sheet.apply(&Entry::claim(Color::White, None)).unwrap();
    let comment = |lang| {
        let pgn = annexd_core::record::pgn_text_in(&sheet, lang);
        let movetext = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
        let start = movetext.find('{').unwrap();
        let end = movetext.find('}').unwrap();
        movetext[start + 1..end].to_string()
    };
    assert_eq!(
        comment(annexd_core::Lang::De),
        "Weiß reklamiert Remis, Reklamation unberechtigt, die Stellung stand erst einmal auf \
         dem Brett, kein Zug ohne Schlagen oder Bauernzug, Schwarz erhält zwei Minuten, gilt \
         als Remisangebot"
    );
    assert_eq!(
        comment(annexd_core::Lang::Fr),
        "Blanc réclame la nulle, réclamation non fondée, la position n'est apparue qu'une fois, \
         aucun coup sans prise ni mouvement de pion, Noir reçoit deux minutes, vaut proposition \
         de nulle"
    );
}
