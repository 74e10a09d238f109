//! Every row of the dialogue's specification (`docs/dialogue.md`) played in German, English
//! and French: the test of row `X00` is `x00_…`, and it compares what is said with the row.
//! A last test checks that every row has its test.

use crate::support;

use annexd_core::board::{BoardInput, Cell, Sensing};
use annexd_core::record::{
    Form, Header, Integrity, OpponentEntry, OpponentSource, RecordState, SheetWords,
};
use annexd_core::{Input, Lang, SeatRole, StopRequest};
use shakmaty::{Color, Square};
use support::rows::{Game, check_row, rows};

/// White to move after 1. e4 e5, both clocks pressed, the pegs in step.
fn after_e4_e5(lang: Lang) -> Game {
    let mut g = Game::at_pegs(lang);
    g.play(&["e2e4", "Eva vier", "", "Eva fünf", "", "e7e5"]);
    g
}

// --- the VI player's move on the peg board -------------------------------------------------

#[test]
fn p01_a_peg_lifted_is_a_piece_touched() {
    check_row("P01", |lang| Game::at_pegs(lang).up("g1"));
}

#[test]
fn p02_an_opponents_peg_lifted_is_said_with_its_colour() {
    check_row("P02", |lang| after_e4_e5(lang).up("e5"));
}

#[test]
fn p03_a_legal_move_placed_waits_for_its_announcement() {
    check_row("P03", |lang| Game::at_pegs(lang).way("g1", "f3"));
}

#[test]
fn p04_the_announcement_that_matches_makes_the_move() {
    check_row("P04", |lang| {
        Game::at_pegs(lang).play(&["g1f3", "Springer Felix drei"])
    });
}

#[test]
fn p05_an_announcement_that_differs_is_to_be_corrected() {
    check_row("P05", |lang| {
        Game::at_pegs(lang).play(&["b1c3", "Springer Anna drei"])
    });
}

#[test]
fn p06_a_move_announced_first_is_to_be_played_on_the_board() {
    check_row("P06", |lang| {
        Game::at_pegs(lang).line("Springer Felix drei")
    });
}

#[test]
fn p07_a_move_no_rule_allows_is_said_to_be_illegal_with_its_reason() {
    // A rook through its own pawn (3.5), on a board that only senses occupancy.
    check_row("P07", |lang| Game::at_pegs(lang).way("a1", "a3"));
}

#[test]
fn p08_a_knight_moved_while_in_check_leaves_the_king_in_check() {
    check_row("P08", |lang| {
        let mut g = Game::new(
            lang,
            Some("4k3/8/8/8/4r3/8/8/4K1N1 w - - 0 1"),
            Some("90+30"),
            Some(Sensing::Occupancy),
            Color::White,
            SeatRole::Player,
        );
        g.way("g1", "f3")
    });
}

#[test]
fn p09_a_move_touch_move_forbids_says_what_to_put_back() {
    check_row("P09", |lang| {
        let mut g = after_e4_e5(lang);
        g.up("f1");
        g.down("f1");
        g.way("d2", "d4")
    });
}

#[test]
fn p10_castling_after_the_rook_was_touched_first_is_refused() {
    check_row("P10", |lang| {
        let mut g = Game::new(
            lang,
            Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
            Some("90+30"),
            Some(Sensing::Occupancy),
            Color::White,
            SeatRole::Player,
        );
        g.way("h1", "f1");
        g.way("e1", "g1")
    });
}

#[test]
fn p11_the_king_put_back_after_a_refused_castling_leaves_the_rook_move_to_announce() {
    check_row("P11", |lang| {
        let mut g = Game::new(
            lang,
            Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
            Some("90+30"),
            Some(Sensing::Occupancy),
            Color::White,
            SeatRole::Player,
        );
        g.way("h1", "f1");
        g.way("e1", "g1");
        g.way("g1", "e1")
    });
}

#[test]
fn p12_a_touched_piece_put_back_must_still_move() {
    check_row("P12", touched_and_put_back);
}

#[test]
fn p13_the_board_put_right_is_said_to_agree() {
    check_row("P13", |lang| {
        let mut g = Game::at_pegs(lang);
        g.way("a1", "a3");
        g.way("a3", "a1")
    });
}

#[test]
fn p14_a_peg_taken_off_is_said_when_the_clock_is_pressed() {
    check_row("P14", |lang| {
        let mut g = after_e4_e5(lang);
        g.up("d7");
        g.line("")
    });
}

#[test]
fn p15_a_promotion_the_board_cannot_tell_is_asked_about() {
    check_row("P15", |lang| {
        let mut g = Game::new(
            lang,
            Some("8/3P4/8/7k/7p/8/8/4K3 w - - 0 1"),
            Some("90+30"),
            Some(Sensing::Occupancy),
            Color::White,
            SeatRole::Player,
        );
        g.way("d7", "d8")
    });
}

#[test]
fn p16_the_piece_named_answers_and_announces_the_promotion() {
    check_row("P16", |lang| {
        let mut g = Game::new(
            lang,
            Some("8/3P4/8/7k/7p/8/8/4K3 w - - 0 1"),
            Some("90+30"),
            Some(Sensing::Occupancy),
            Color::White,
            SeatRole::Player,
        );
        g.way("d7", "d8");
        g.line("Dame")
    });
}

#[test]
fn p17_a_capture_left_half_made_is_said_when_the_clock_is_pressed() {
    // En passant with the captured pawn forgotten on its square.
    check_row("P17", en_passant_half_made_pressed);
}

#[test]
fn p20_without_a_clock_enter_says_a_capture_left_half_made() {
    // The same without a clock: Enter asks whose move it is, and the pegs are said first.
    // Found by the simulated blind player (seed 720423128).
    check_row("P20", en_passant_half_made_without_clock);
}

#[test]
fn p21_without_a_clock_enter_completes_the_opponents_move_and_says_the_half_made_capture() {
    // Black's double step typed and followed, not yet completed by Enter; White's pawn put
    // onto d6 with Black's pawn left standing; Enter completes Black's move.
    check_row("P21", en_passant_half_made_after_the_relay);
}

/// The knight placed g1–f3, an opponent's pawn slipped e7–e6, the knight put back, the pawn
/// put back: every peg where it started.
fn a_move_put_back(lang: Lang) -> Game {
    let mut g = Game::at_pegs(lang);
    g.play(&["g1f3", "e7e6", "f3g1", "e6e7"]);
    g
}

#[test]
fn p18_a_move_put_back_is_no_move_and_the_touch_stays() {
    // D.2.2, D.2.3: the move is made on the pegs; they show none now. 4.3.1: the knight
    // touched must still move.
    check_row("P18", knight_move_put_back);
}

#[test]
fn p19_a_move_announced_after_it_was_put_back_is_to_be_played_on_the_pegs() {
    check_row("P19", |lang| {
        a_move_put_back(lang).line("Springer Felix drei")
    });
}

// --- the opponent's move, relayed and followed ---------------------------------------------

fn after_e4(lang: Lang) -> Game {
    let mut g = Game::at_pegs(lang);
    g.play(&["e2e4", "Eva vier", ""]);
    g
}

#[test]
fn o01_the_opponents_move_relayed_is_said_with_its_side() {
    check_row("O01", |lang| after_e4(lang).line("Eva fünf"));
}

#[test]
fn o02_the_relayed_move_followed_on_the_pegs_is_said_to_agree() {
    check_row("O02", |lang| after_e4(lang).play(&["Eva fünf", "e7e5"]));
}

#[test]
fn o03_the_relayed_move_followed_wrongly_says_every_square() {
    check_row("O03", |lang| after_e4(lang).play(&["Eva fünf", "e7e6"]));
}

#[test]
fn o04_an_opponents_peg_lifted_before_the_relay_is_no_touch() {
    check_row("O04", |lang| after_e4(lang).up("d7"));
}

#[test]
fn o05_the_opponents_move_played_before_its_relay_is_said_not_announced_yet() {
    check_row("O05", |lang| after_e4(lang).play(&["d7d5"]));
}

#[test]
fn o06_a_relay_that_differs_from_the_move_played_early_says_every_square() {
    check_row("O06", |lang| after_e4(lang).play(&["d7d5", "Eva fünf"]));
}

#[test]
fn o07_a_relay_that_matches_the_move_played_early_says_the_boards_agree() {
    check_row("O07", |lang| after_e4(lang).play(&["d7d5", "David fünf"]));
}

#[test]
fn o08_an_own_piece_moved_while_the_opponent_is_to_move() {
    check_row("O08", |lang| after_e4(lang).play(&["d2d4"]));
}

#[test]
fn o09_a_relayed_capture_not_yet_followed_is_followed_in_silence() {
    check_row("O09", |lang| {
        let mut g = Game::at_pegs(lang);
        g.play(&["e2e4", "Eva vier", "", "David fünf", "", "d7d5"]);
        g.up("d5");
        g.way("e4", "d5");
        g.play(&["Eva schlägt David fünf", ""]);
        // Black's queen takes on d5; the VI player takes his pawn off first.
        g.line("Dame schlägt David fünf");
        g.up("d5");
        g.way("d8", "d5")
    });
}

// --- moves typed or said -------------------------------------------------------------------

fn typed(lang: Lang) -> Game {
    Game::new(
        lang,
        None,
        Some("90+30"),
        None,
        Color::White,
        SeatRole::Player,
    )
}

#[test]
fn a01_a_capture_said_where_there_is_nothing_to_capture() {
    check_row("A01", |lang| {
        typed(lang).line("Springer schlägt Felix drei")
    });
}

#[test]
fn a02_a_move_two_pieces_could_make_is_asked_about() {
    check_row("A02", |lang| {
        let mut g = Game::new(
            lang,
            Some("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"),
            None,
            None,
            Color::White,
            SeatRole::Player,
        );
        g.line("Springer David zwei")
    });
}

#[test]
fn a03_a_line_not_understood_points_to_the_help() {
    check_row("A03", |lang| typed(lang).line("Wolke sieben"));
}

#[test]
fn a04_the_players_slip_corrected_before_the_clock() {
    check_row("A04", |lang| typed(lang).lines(&["Eva vier", "Korrektur"]));
}

#[test]
fn a05_the_assistants_typing_error_corrected_before_the_clock() {
    check_row("A05", |lang| {
        let mut g = Game::new(
            lang,
            None,
            Some("90+30"),
            None,
            Color::White,
            SeatRole::Assistant,
        );
        g.lines(&["Eva vier", "", "Eva fünf", "Korrektur"])
    });
}

#[test]
fn a06_a_promotion_typed_without_its_piece_asks_which_piece() {
    check_row("A06", |lang| {
        let mut g = Game::new(
            lang,
            Some("8/3P4/8/7k/7p/8/8/4K3 w - - 0 1"),
            None,
            None,
            Color::White,
            SeatRole::Player,
        );
        g.line("David acht")
    });
}

#[test]
fn a07_the_piece_alone_answers_which_piece() {
    check_row("A07", |lang| {
        let mut g = Game::new(
            lang,
            Some("8/3P4/8/7k/7p/8/8/4K3 w - - 0 1"),
            None,
            None,
            Color::White,
            SeatRole::Player,
        );
        g.lines(&["David acht", "Springer"])
    });
}

// --- the clock -------------------------------------------------------------------------------

#[test]
fn c01_a_new_game_says_the_time_control_and_how_the_clock_starts() {
    check_row("C01", |lang| {
        let mut g = typed(lang);
        let greeting = g.s.greeting(false);
        g.said(&greeting)
    });
}

#[test]
fn c02_pressing_the_clock_without_a_move() {
    check_row("C02", |lang| typed(lang).lines(&["", "", ""]));
}

#[test]
fn c03_a_move_before_the_opponent_pressed_his_clock() {
    check_row("C03", |lang| {
        let mut g = after_e4(lang);
        g.play(&["Eva fünf", "e7e5"]);
        g.way("g1", "f3")
    });
}

#[test]
fn c04_the_time_each_player_has_used() {
    check_row("C04", |lang| {
        let mut g = typed(lang);
        g.lines(&["Eva vier", "", "Zeit verbraucht"])
    });
}

/// A game played until Black's first move, White having offered a draw, then resumed from
/// its journal.
fn resumed(lang: Lang) -> Game {
    use annexd_core::clock::{AnnounceConfig, ClockOptions, TalkingClock, TimeControl};
    use annexd_core::record::{Entry, Stamped, parse_journal};
    use annexd_core::{Effect, SessionOptions, resume};
    let mut g = typed(lang);
    let mut header = Header::standard();
    header.time_control = Some("90+30".into());
    let mut text = Stamped::untimed(Entry::header(header)).to_json_line();
    for line in ["Eva vier", "", "Eva fünf", "", "Remis"] {
        g.line(line);
    }
    // The lines the session recorded, replayed as the journal.
    let mut replay = typed(lang);
    for line in ["Eva vier", "", "Eva fünf", "", "Remis"] {
        let effects = replay
            .s
            .handle(Input::Line(line.into()), std::time::Duration::from_secs(10));
        for effect in effects {
            if let Effect::Record(stamped, _) = effect {
                text.push('\n');
                text.push_str(&stamped.to_json_line());
            }
        }
    }
    text.push('\n');
    let contents = parse_journal(text.as_bytes()).unwrap();
    let clock = TalkingClock::new(
        TimeControl::parse("90+30").unwrap(),
        ClockOptions::default(),
        AnnounceConfig::default(),
    );
    let options = SessionOptions {
        lang,
        ..SessionOptions::default()
    };
    let resumed = resume(&contents, Some(clock), options).unwrap();
    g.s = resumed.session;
    g
}

#[test]
fn c05_a_resumed_game_says_where_it_stands_the_offer_and_how_the_clock_goes_on() {
    check_row("C05", |lang| {
        let mut g = resumed(lang);
        let greeting = g.s.greeting(true);
        g.said(&greeting)
    });
}

#[test]
fn c06_after_resume_enter_starts_the_clock_again() {
    check_row("C06", |lang| {
        let mut g = resumed(lang);
        let _ = g.s.greeting(true);
        g.line("")
    });
}

#[test]
fn c07_the_clock_pressed_before_the_move_is_announced() {
    check_row("C07", |lang| {
        let mut g = after_e4_e5(lang);
        g.way("g1", "f3");
        g.line("")
    });
}

#[test]
fn c08_the_clock_pressed_while_board_and_announcement_differ() {
    check_row("C08", |lang| {
        let mut g = after_e4_e5(lang);
        g.play(&["g1f3", "Springer Hector drei"]);
        g.line("")
    });
}

// --- draw offers, claims, resigning --------------------------------------------------------

#[test]
fn d01_a_draw_offered_before_ones_own_move() {
    check_row("D01", |lang| {
        typed(lang).lines(&["Eva vier", "", "Eva fünf", "", "Remis Weiß"])
    });
}

#[test]
fn d02_the_offer_made_before_the_move_is_accepted_by_the_opponent() {
    check_row("D02", |lang| {
        typed(lang).lines(&[
            "Eva vier",
            "",
            "Eva fünf",
            "",
            "Remis Weiß",
            "Remis annehmen",
            "ja",
        ])
    });
}

#[test]
fn d03_the_answering_side_can_be_named() {
    check_row("D03", |lang| {
        typed(lang).lines(&[
            "Eva vier",
            "",
            "Eva fünf",
            "",
            "Remis Weiß",
            "Schwarz nimmt Remis an",
            "ja",
        ])
    });
}

#[test]
fn d04_an_incorrect_claim_is_an_offer_that_can_be_accepted() {
    check_row("D04", |lang| {
        typed(lang).lines(&[
            "Eva vier",
            "",
            "Eva fünf",
            "",
            "reklamieren",
            "ja",
            "Remis annehmen",
            "ja",
        ])
    });
}

#[test]
fn d05_an_offer_declined() {
    check_row("D05", |lang| {
        typed(lang).lines(&[
            "Eva vier",
            "",
            "Eva fünf",
            "",
            "Springer Felix drei",
            "Remis",
            "",
            "Remis ablehnen",
        ])
    });
}

#[test]
fn d07_the_offer_made_before_the_move_is_accepted_after_it() {
    check_row("D07", |lang| {
        typed(lang).lines(&[
            "Eva vier",
            "",
            "Eva fünf",
            "",
            "Remis Weiß",
            "Springer Felix drei",
            "",
            "Remis annehmen",
            "ja",
        ])
    });
}

#[test]
fn d08_a_move_instead_of_an_answer_declines_the_offer() {
    check_row("D08", |lang| {
        typed(lang).lines(&[
            "Eva vier",
            "",
            "Eva fünf",
            "",
            "Remis Weiß",
            "Springer Felix drei",
            "",
            "Springer Cesar sechs",
            "",
            "Remis annehmen",
        ])
    });
}

#[test]
fn d06_an_answer_with_no_offer_standing() {
    check_row("D06", |lang| {
        typed(lang).lines(&["Eva vier", "", "Remis annehmen"])
    });
}

// --- questions, help, yes and no -----------------------------------------------------------

#[test]
fn q01_help_lists_its_topics_in_one_line() {
    check_row("Q01", |lang| typed(lang).line("Hilfe"));
}

#[test]
fn q07_help_on_a_topic_there_is_none_of_lists_the_topics() {
    check_row("Q07", |lang| typed(lang).line("Hilfe Wolke"));
}

#[test]
fn q08_help_on_the_clock() {
    check_row("Q08", |lang| typed(lang).line("Hilfe Uhr"));
}

#[test]
fn q09_help_on_the_arbiters_commands() {
    check_row("Q09", |lang| typed(lang).line("Hilfe Schiedsrichter"));
}

#[test]
fn q10_help_on_questions() {
    check_row("Q10", |lang| typed(lang).line("Hilfe Fragen"));
}

#[test]
fn q02_help_on_moves_in_short_lines_with_the_typed_forms() {
    check_row("Q02", |lang| typed(lang).line("Hilfe Züge"));
}

#[test]
fn q03_help_on_the_board_shows_the_simulators_lines_as_typed() {
    check_row("Q03", |lang| typed(lang).line("Hilfe Brett"));
}

#[test]
fn q04_help_on_draws() {
    check_row("Q04", |lang| typed(lang).line("Hilfe Remis"));
}

#[test]
fn q16_help_on_draws_in_an_online_game_adds_the_servers_requests() {
    check_row("Q16", |lang| {
        let mut g = typed(lang);
        g.s.attach_opponent(OpponentEntry {
            side: Color::Black,
            source: OpponentSource::Remote,
            name: String::new(),
            elo: None,
            detail: None,
        });
        g.line("Hilfe Remis")
    });
}

#[test]
fn q05_yes_with_nothing_asked() {
    check_row("Q05", |lang| typed(lang).line("ja"));
}

#[test]
fn q06_the_boards_yes_key_answers_the_boards_question() {
    use annexd_core::Seat;
    use annexd_core::board::LinkEvent;
    check_row("Q06", |lang| {
        let mut g = typed(lang);
        g.input(Input::Board(Seat::Peg, LinkEvent::Key("yes".into())))
    });
}

// --- signals, the end ----------------------------------------------------------------------

#[test]
fn s01_one_ctrl_c_asks_for_a_second() {
    check_row("S01", |lang| {
        typed(lang).input(Input::Stop(StopRequest::Interrupt))
    });
}

#[test]
fn s02_after_the_end_a_move_is_answered_with_the_result_and_how_to_leave() {
    check_row("S02", |lang| {
        typed(lang).lines(&[
            "Eva vier",
            "",
            "Eva fünf",
            "",
            "Weiß gibt auf",
            "ja",
            "Springer Felix drei",
        ])
    });
}

#[test]
fn a08_a_correction_after_the_clock_is_for_the_arbiter() {
    // 4.7, D.2.8: corrected "before the opponent's clock is started", and not after.
    check_row("A08", |lang| {
        typed(lang).lines(&["Eva vier", "", "Korrektur"])
    });
}

#[test]
fn c09_the_clock_pressed_while_the_arbiter_stopped_it_says_how_it_goes_on() {
    check_row("C09", |lang| {
        typed(lang).lines(&[
            "Eva vier",
            "",
            "Eva fünf",
            "",
            "Schiedsrichter zurück 1",
            "",
        ])
    });
}

#[test]
fn c10_a_player_stops_the_clocks_to_call_the_arbiter() {
    // 6.11.2: "A player may stop the clocks only in order to seek the arbiter's assistance."
    check_row("C10", |lang| {
        typed(lang).lines(&["Eva vier", "", "Eva fünf", "", "Schiedsrichter rufen"])
    });
}

#[test]
fn d09_an_incorrect_claim_says_why() {
    // 9.2: three occurrences are needed; 9.3: fifty moves; 9.5.3: two minutes to the opponent.
    check_row("D09", |lang| {
        typed(lang).lines(&[
            "Springer Felix drei",
            "",
            "Springer Felix sechs",
            "",
            "Springer Gustav eins",
            "",
            "Springer Gustav acht",
            "",
            "reklamieren",
            "ja",
        ])
    });
}

#[test]
fn q11_what_stands_on_a_square_is_said_with_its_colour_as_the_language_says_it() {
    check_row("Q11", |lang| {
        typed(lang).lines(&["Eva vier", "", "Feld Eva vier"])
    });
}

/// Both sides' moves typed: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6.
fn three_moves(lang: Lang) -> Game {
    let mut g = typed(lang);
    g.lines(&[
        "Eva vier",
        "",
        "Eva fünf",
        "",
        "Springer Felix drei",
        "",
        "Springer Cesar sechs",
        "",
        "Läufer Bella fünf",
        "",
        "Anna sechs",
        "",
    ]);
    g
}

#[test]
fn q12_where_are_the_pawns_as_people_ask() {
    check_row("Q12", |lang| {
        typed(lang).lines(&["Eva vier", "", "wo sind die Bauern"])
    });
}

#[test]
fn q13_the_pawns_of_one_file() {
    check_row("Q13", |lang| {
        three_moves(lang).line("Bauern auf der Eva-Linie")
    });
}

#[test]
fn q14_what_stands_on_a_file() {
    check_row("Q14", |lang| three_moves(lang).line("Linie Bella"));
}

#[test]
fn q15_the_last_moves_are_counted_in_moves_not_half_moves() {
    check_row("Q15", |lang| three_moves(lang).line("letzte Züge 2"));
}

// --- the voice ----------------------------------------------------------------------------

#[test]
fn v01_faster_speaks_faster_and_says_the_rate() {
    check_row("V01", |lang| {
        let mut g = typed(lang);
        let said = g.line("schneller");
        assert_eq!(g.s.options().speech_rate, 1.1);
        said
    });
}

#[test]
fn v02_slower_at_the_slowest_rate_says_so() {
    check_row("V02", |lang| {
        let mut g = typed(lang);
        g.lines(&["langsamer"; 6])
    });
}

// --- what ends the game is confirmed ------------------------------------------------------

#[test]
fn e01_a_resignation_typed_where_the_keyboard_speaks_for_both_asks_whose_it_is() {
    check_row("E01", |lang| {
        typed(lang).lines(&["Eva vier", "", "aufgeben"])
    });
}

#[test]
fn e02_the_side_named_confirms_the_resignation() {
    check_row("E02", |lang| {
        typed(lang).lines(&["Eva vier", "", "aufgeben", "Weiß"])
    });
}

#[test]
fn e03_a_resignation_naming_its_side_is_asked_yes_or_no() {
    check_row("E03", |lang| typed(lang).lines(&["aufgeben Schwarz"]));
}

#[test]
fn e04_no_leaves_the_game_going_on() {
    check_row("E04", |lang| {
        let mut g = typed(lang);
        g.lines(&["Eva vier", "", "aufgeben Weiß"]);
        let said = g.line("nein");
        assert!(!g.s.game().is_over(), "the game ended");
        said
    });
}

#[test]
fn e05_accepting_a_draw_is_asked_yes_or_no_for_the_offerers_opponent() {
    check_row("E05", |lang| {
        typed(lang).lines(&[
            "Eva vier",
            "",
            "Eva fünf",
            "",
            "Remis Weiß",
            "Remis annehmen",
        ])
    });
}

#[test]
fn e06_a_claim_is_asked_yes_or_no() {
    check_row("E06", |lang| {
        typed(lang).lines(&["Eva vier", "", "reklamieren"])
    });
}

#[test]
fn e07_leaving_during_a_game_is_asked_yes_or_no() {
    check_row("E07", |lang| typed(lang).lines(&["Eva vier", "Ende"]));
}

#[test]
fn e08_anything_else_drops_the_question_and_is_what_it_is() {
    check_row("E08", |lang| {
        typed(lang).lines(&["Eva vier", "", "aufgeben", "Eva fünf"])
    });
}

#[test]
fn e09_the_seat_tells_whose_it_is_when_the_opponent_has_his_own_board() {
    // The sighted player's moves come from his e-board: the keyboard is the VI player's.
    check_row("E09", |lang| {
        let mut g = Game::at_pegs(lang);
        g.s.attach_sighted_board();
        g.line("aufgeben")
    });
}

// --- the record ------------------------------------------------------------------------------

#[test]
fn r01_an_assistants_typing_correction_is_noted_on_the_move_it_corrects() {
    check_row("R01", |lang| {
        let mut g = Game::new(
            lang,
            None,
            Some("90+30"),
            None,
            Color::White,
            SeatRole::Assistant,
        );
        g.lines(&[
            "Eva vier",
            "",
            "Springer Felix sechs",
            "Korrektur",
            "Eva fünf",
            "",
        ]);
        let state = RecordState {
            integrity: Integrity::Intact,
            code: None,
            lines: 0,
            crash_line: None,
        };
        let form = Form::new(g.s.sheet(), &state, lang, SheetWords::Letters);
        form.notes
            .iter()
            .map(|n| format!("[{}] {}: {}", n.number, n.after, n.text))
            .collect()
    });
}

#[test]
fn every_row_of_the_specification_has_its_test() {
    let source = include_str!("dialogue_rows.rs");
    let rows = rows();
    assert!(rows.len() >= 40, "only {} rows", rows.len());
    for row in rows {
        let name = format!("fn {}_", row.id.to_lowercase());
        assert!(
            source.contains(&name),
            "row {} has no test `{name}…`",
            row.id
        );
        assert!(
            source.contains(&format!("check_row(\"{}\"", row.id)),
            "the test of row {} does not check it",
            row.id
        );
    }
}

// --- tournament mode (issue 33) ------------------------------------------------------------

/// Row P07's situation (a rook through its own pawn on the pegs), the clock then pressed.
fn illegal_rook_completed(lang: Lang) -> Game {
    let mut g = Game::at_pegs(lang);
    g.way("a1", "a3");
    g.line("");
    g
}

#[test]
fn t06_an_illegal_move_on_the_pegs_is_completed_by_the_clock_and_put_to_the_arbiter() {
    // 7.5.1: "An illegal move is completed once the player has pressed his clock."
    check_row("T06", |lang| {
        let mut g = Game::at_pegs(lang);
        g.way("a1", "a3");
        g.line("")
    });
}

#[test]
fn t07_the_arbiter_confirms_the_penalty_proposed() {
    // 7.5.3: "for the first completed illegal move by a player, the arbiter shall give two
    // minutes extra time to his opponent".
    check_row("T07", |lang| {
        illegal_rook_completed(lang).line("Schiedsrichter regelwidrig")
    });
}

#[test]
fn t08_the_arbiter_lets_play_go_on_without_a_ruling() {
    check_row("T08", |lang| {
        illegal_rook_completed(lang).line("Schiedsrichter weiter")
    });
}

#[test]
fn t09_an_illegal_move_typed_is_completed_by_the_clock() {
    check_row("T09", |lang| {
        typed(lang).lines(&["Springer schlägt Felix drei", ""])
    });
}

#[test]
fn t10_the_arbiter_has_the_claim_judged_by_the_rules() {
    // 9.5.3: "If the claim is found to be incorrect, the arbiter shall add two minutes to the
    // opponent's remaining thinking time".
    check_row("T10", |lang| {
        typed(lang).lines(&[
            "Springer Felix drei",
            "",
            "Springer Felix sechs",
            "",
            "Springer Gustav eins",
            "",
            "Springer Gustav acht",
            "",
            "reklamieren",
            "ja",
            "Schiedsrichter Reklamation",
        ])
    });
}

#[test]
fn t01_a_move_no_rule_allows_on_the_pegs_gets_no_verdict_before_the_clock() {
    check_row("T01", |lang| Game::at_pegs(lang).way("a1", "a3"));
}

#[test]
fn t02_a_move_leaving_the_king_in_check_gets_no_verdict_before_the_clock() {
    check_row("T02", |lang| {
        let mut g = Game::new(
            lang,
            Some("4k3/8/8/8/4r3/8/8/4K1N1 w - - 0 1"),
            Some("90+30"),
            Some(Sensing::Occupancy),
            Color::White,
            SeatRole::Player,
        );
        g.way("g1", "f3")
    });
}

#[test]
fn t03_a_move_typed_that_no_rule_allows_is_taken_as_announced() {
    check_row("T03", |lang| {
        typed(lang).line("Springer schlägt Felix drei")
    });
}

#[test]
fn t04_while_a_claim_is_before_the_arbiter_no_offer_stands() {
    check_row("T04", |lang| {
        typed(lang).lines(&[
            "Eva vier",
            "",
            "Eva fünf",
            "",
            "reklamieren",
            "ja",
            "Remis annehmen",
            "ja",
        ])
    });
}

#[test]
fn t05_a_claim_is_put_to_the_arbiter() {
    // 9.5.1: the claimant's clock is stopped while the arbiter examines the claim; 11.3.2:
    // the device gives the player no verdict of its own.
    check_row("T05", |lang| {
        typed(lang).lines(&[
            "Springer Felix drei",
            "",
            "Springer Felix sechs",
            "",
            "Springer Gustav eins",
            "",
            "Springer Gustav acht",
            "",
            "reklamieren",
            "ja",
        ])
    });
}

#[test]
fn t11_a_move_touch_move_forbids_stands_and_the_touches_are_recorded() {
    // 4.3.1: "if the player having the move touches … one or more of his own pieces, he
    // shall move the first piece touched that can be moved"; 4.8: the opponent must claim it
    // before he touches a piece himself. The program records the touches for that ruling.
    check_row("T11", |lang| {
        let mut g = after_e4_e5(lang);
        g.up("f1");
        g.down("f1");
        g.way("d2", "d4")
    });
}

#[test]
fn t00_a_game_in_tournament_mode_says_so_when_it_begins() {
    check_row("T00", |lang| {
        let mut g = typed(lang);
        let greeting = g.s.greeting(false);
        g.said(&greeting)
    });
}

/// The P10 board (king e1, rook h1, castling right): the rook moved h1–f1 first.
fn rook_first(lang: Lang) -> Game {
    let mut g = Game::new(
        lang,
        Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
        Some("90+30"),
        Some(Sensing::Occupancy),
        Color::White,
        SeatRole::Player,
    );
    g.way("h1", "f1");
    g
}

#[test]
fn t12_castling_after_the_rook_was_touched_first_gets_no_verdict_before_the_clock() {
    // 4.4.2: "touche délibérément une tour puis son roi, il n'est pas autorisé à roquer de ce
    // côté lors de ce coup": whether it was deliberate is the arbiter's to judge, once the
    // move is completed; before the press the castling is said as the pegs show it.
    check_row("T12", |lang| rook_first(lang).way("e1", "g1"));
}

#[test]
fn t13_the_king_put_back_leaves_the_rook_move_to_announce() {
    check_row("T13", |lang| {
        let mut g = rook_first(lang);
        g.way("e1", "g1");
        g.way("g1", "e1")
    });
}

#[test]
fn t14_castling_after_the_rook_completed_is_put_to_the_arbiter() {
    // 4.4.2: "… et la situation doit être traitée selon l'Article 4.3.1" (the rook must move);
    // 6.11: the clocks are stopped for the arbiter.
    check_row("T14", |lang| {
        let mut g = rook_first(lang);
        g.way("e1", "g1");
        g.line("Kurze Rochade");
        g.line("")
    });
}

#[test]
fn t15_the_arbiter_confirms_the_castling_is_taken_back() {
    check_row("T15", |lang| {
        let mut g = rook_first(lang);
        g.way("e1", "g1");
        g.lines(&["Kurze Rochade", "", "Schiedsrichter regelwidrig"])
    });
}

/// The sighted player (Black) on a DGT e-board, the VI player (White) typing: after 1. e4,
/// made on the e-board too and the clock pressed.
fn e_board_after_e4(lang: Lang) -> Game {
    let mut g = typed(lang);
    g.s.attach_sighted_board();
    g.lines(&["Eva vier", ""]);
    g.e_board(BoardInput::Up(Square::E2));
    g.e_board(BoardInput::Down(Square::E4, e_piece('P')));
    g
}

fn e_piece(c: char) -> Cell {
    Cell::Piece(shakmaty::Piece::from_char(c).unwrap())
}

#[test]
fn t16_an_illegal_way_on_the_e_board_is_said_as_it_stands() {
    // D.2.5: "Pour le joueur voyant, les règles normales s'appliquent"; 7.5.1: the move is
    // judged once completed.
    check_row("T16", |lang| {
        let mut g = e_board_after_e4(lang);
        g.e_board(BoardInput::Up(Square::A8));
        g.e_board(BoardInput::Down(Square::A6, e_piece('r')))
    });
}

#[test]
fn t17_an_illegal_way_on_the_e_board_is_completed_by_the_clock() {
    // 7.5.1: "Un coup illégal est achevé une fois que le joueur a appuyé sur la pendule";
    // 7.5.3: two minutes to the opponent, proposed to the arbiter.
    check_row("T17", |lang| {
        let mut g = e_board_after_e4(lang);
        g.e_board(BoardInput::Up(Square::A8));
        g.e_board(BoardInput::Down(Square::A6, e_piece('r')));
        g.line("")
    });
}

/// Row P12's situation: the knight g1 lifted and put back.
fn touched_and_put_back(lang: Lang) -> Vec<String> {
    let mut g = Game::at_pegs(lang);
    g.up("g1");
    g.down("g1")
}

/// Row P17's situation: en passant with the captured pawn left standing, the clock pressed.
fn en_passant_half_made_pressed(lang: Lang) -> Vec<String> {
    let mut g = Game::new(
        lang,
        Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
        Some("90+30"),
        Some(Sensing::Occupancy),
        Color::White,
        SeatRole::Player,
    );
    // The clock runs; the pawn goes to d6, the captured pawn stays on d5.
    g.line("");
    g.way("e5", "d6");
    g.line("")
}

/// Row P20's situation: the same without a clock, Enter.
fn en_passant_half_made_without_clock(lang: Lang) -> Vec<String> {
    let mut g = Game::new(
        lang,
        Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
        None,
        Some(Sensing::Occupancy),
        Color::White,
        SeatRole::Player,
    );
    g.way("e5", "d6");
    g.line("")
}

/// Row P21's situation: Black's double step followed, not completed; White's half-made en passant, Enter.
fn en_passant_half_made_after_the_relay(lang: Lang) -> Vec<String> {
    let mut g = Game::new(
        lang,
        Some("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"),
        None,
        Some(Sensing::Occupancy),
        Color::White,
        SeatRole::Player,
    );
    g.line("David sieben David fünf");
    g.way("d7", "d5");
    g.way("e5", "d6");
    g.line("")
}

/// Row P18's situation: the knight placed g1–f3 and put back, the opponent's pawn put back.
fn knight_move_put_back(lang: Lang) -> Vec<String> {
    let mut g = Game::at_pegs(lang);
    g.play(&["g1f3", "e7e6", "f3g1"]);
    g.way("e6", "e7")
}

// --- tournament mode: touch-move is not said --------------------------------------------------

#[test]
fn t18_a_touched_piece_put_back_is_said_without_the_rule() {
    // 4.3.1 binds the VI player as any player; a sighted player is not reminded of it, and in
    // tournament mode the program reminds of no rule (11.3.2): the touch is recorded (4.8).
    check_row("T18", touched_and_put_back);
}

#[test]
fn t19_a_capture_left_half_made_is_said_without_the_rule() {
    check_row("T19", en_passant_half_made_pressed);
}

#[test]
fn t20_a_move_put_back_is_said_without_the_rule() {
    check_row("T20", knight_move_put_back);
}

#[test]
fn t21_without_a_clock_a_capture_left_half_made_is_said_without_the_rule() {
    check_row("T21", en_passant_half_made_without_clock);
}

#[test]
fn t22_the_half_made_capture_after_the_relay_is_said_without_the_rule() {
    check_row("T22", en_passant_half_made_after_the_relay);
}
