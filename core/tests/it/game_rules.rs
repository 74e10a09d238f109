//! The FIDE Laws (2018) as the game applies them: for each article a position that shows it
//! and one that nearly does.

use annexd_core::Lang;
use annexd_core::game::{
    ClaimRefusal, ClaimShortfall, ClaimVerdict, DeadKind, DrawClaim, DrawOfferError, EndReason,
    Game, GameError, GameOutcome, GameResult, IllegalMovePenalty, Pace, TimeBonus,
};

use shakmaty::Color;
use shakmaty::{Move, san::San};

fn mv(game: &Game, san: &str) -> Move {
    let parsed: San = san.parse().unwrap_or_else(|_| panic!("bad SAN {san}"));
    parsed
        .to_move(game.position())
        .unwrap_or_else(|e| panic!("{san} not legal in {}: {e}", game.fen()))
}

fn play(game: &mut Game, moves: &str) {
    for san in moves.split_whitespace() {
        let m = mv(game, san);
        game.play(m).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

fn game(moves: &str) -> Game {
    let mut g = Game::new();
    play(&mut g, moves);
    g
}

fn fen(fen: &str) -> Game {
    Game::from_fen(fen).unwrap()
}

fn outcome(result: GameResult, reason: EndReason) -> GameOutcome {
    GameOutcome { result, reason }
}

const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

// --- 5.1.1 checkmate ---

#[test]
fn checkmate_ends_the_game_5_1_1() {
    let mut g = game("f3 e5 g4");
    let m = mv(&g, "Qh4#");
    let report = g.play(m).unwrap();
    assert!(report.check && report.checkmate);
    let expected = outcome(GameResult::BlackWins, EndReason::Checkmate);
    assert_eq!(report.outcome, Some(expected));
    assert_eq!(g.outcome(), Some(&expected));
    assert_eq!(report.played.san.to_string(), "Qh4#");
    assert_eq!(
        Lang::De.text(&report.tokens()),
        "schachmatt, Schwarz gewinnt"
    );
    // Nothing can follow a mate.
    let before = g.clone();
    let any = g.position().clone();
    assert!(shakmaty::Position::legal_moves(&any).is_empty());
    assert!(matches!(
        g.resign(Color::White),
        Err(GameError::GameOver(_))
    ));
    assert_eq!(g, before);
}

#[test]
fn a_check_that_can_be_answered_is_not_mate_5_1_1() {
    let mut g = game("e4 e5 Qh5 Nc6");
    let report = g.play(mv(&g, "Qxf7+")).unwrap();
    assert!(report.check && !report.checkmate);
    assert_eq!(report.outcome, None);
    play(&mut g, "Kxf7");
}

// --- 5.2.1 stalemate ---

#[test]
fn stalemate_is_a_draw_5_2_1() {
    let mut g = fen("7k/8/6K1/5Q2/8/8/8/8 w - - 0 1");
    let report = g.play(mv(&g, "Qf7")).unwrap();
    assert_eq!(
        report.outcome,
        Some(outcome(GameResult::Draw, EndReason::Stalemate))
    );
    assert!(!report.check);
}

#[test]
fn a_king_with_one_free_square_is_not_stalemated_5_2_1() {
    let mut g = fen("7k/8/6K1/5Q2/8/8/8/8 w - - 0 1");
    let report = g.play(mv(&g, "Qd7")).unwrap();
    assert_eq!(report.outcome, None);
    play(&mut g, "Kg8");
}

// --- 5.2.2 dead position ---

#[test]
fn bare_kings_are_a_dead_position_5_2_2() {
    let mut g = fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    let report = g.play(mv(&g, "Kxd2")).unwrap();
    assert_eq!(
        report.outcome,
        Some(outcome(
            GameResult::Draw,
            EndReason::DeadPosition {
                kind: DeadKind::InsufficientMaterial
            }
        ))
    );
}

#[test]
fn insufficient_material_cases_are_dead_from_the_start_5_2_2() {
    for (fen_text, dead) in [
        ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true),     // K+B v K
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true),     // K+N v K
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true),   // bishops on the same colour
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false),   // two knights: a helpmate exists
        ("3bk3/8/8/8/8/8/8/3BK3 w - - 0 1", false),   // bishops on opposite colours
        ("4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1", false), // knight v knight
        ("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", false),   // a pawn can promote
    ] {
        let g = fen(fen_text);
        assert_eq!(g.is_over(), dead, "{fen_text}");
    }
}

#[test]
fn knight_against_knight_is_not_dead_5_2_2() {
    let mut g = fen("4k1n1/8/8/8/8/8/3r4/4K1N1 w - - 0 1");
    let report = g.play(mv(&g, "Kxd2")).unwrap();
    assert_eq!(report.outcome, None);
}

#[test]
fn a_pawn_wall_that_closes_is_a_dead_position_5_2_2() {
    let start = "4k3/8/8/p1p1p1p1/P1P1P3/8/6P1/4K3 w - - 0 1";
    let mut g = fen(start);
    let report = g.play(mv(&g, "g4")).unwrap();
    assert_eq!(
        report.outcome,
        Some(outcome(
            GameResult::Draw,
            EndReason::DeadPosition {
                kind: DeadKind::BlockedPawns
            }
        ))
    );
    // Nearly: g3 leaves g4 open, the white king can break through.
    let mut g = fen(start);
    let report = g.play(mv(&g, "g3")).unwrap();
    assert_eq!(report.outcome, None);
}

// --- 9.6.1 fivefold repetition ---

#[test]
fn the_fifth_occurrence_draws_automatically_9_6_1() {
    let mut g = Game::new();
    for _ in 0..3 {
        play(&mut g, SHUFFLE);
    }
    assert_eq!(g.repetition_count(), 4);
    play(&mut g, "Nf3 Nf6 Ng1");
    assert!(!g.is_over(), "the fourth occurrence does not end the game");
    let report = g.play(mv(&g, "Ng8")).unwrap();
    assert_eq!(report.repetitions, 5);
    assert_eq!(
        report.outcome,
        Some(outcome(GameResult::Draw, EndReason::FivefoldRepetition))
    );
}

#[test]
fn positions_differing_in_castling_rights_are_not_repetitions_9_2_2() {
    // The kings walk out and back: same squares, but castling rights are gone.
    let mut g = game("e4 e5");
    assert_eq!(g.repetition_count(), 1);
    play(&mut g, "Ke2 Ke7 Ke1 Ke8");
    assert_eq!(
        g.repetition_count(),
        1,
        "castling rights differ from after 1...e5"
    );
    play(&mut g, "Ke2 Ke7 Ke1 Ke8");
    assert_eq!(g.repetition_count(), 2);
}

#[test]
fn positions_differing_in_a_legal_en_passant_are_not_repetitions_9_2_2() {
    // After 3...d5 exd6 is possible; after the knights return it is not.
    let mut g = game("e4 Nf6 e5 d5");
    assert_eq!(g.repetition_count(), 1);
    play(&mut g, "Nf3 Nc6 Ng1 Nb8");
    assert_eq!(g.repetition_count(), 1);
    play(&mut g, "Nf3 Nc6 Ng1 Nb8");
    assert_eq!(g.repetition_count(), 2);
    // A double step that no pawn can take en passant does not make a position different.
    let mut g = game("e4 e5");
    play(&mut g, SHUFFLE);
    assert_eq!(
        g.repetition_count(),
        2,
        "1...e5 gave no legal en passant capture"
    );
}

// --- 9.6.2 seventy-five moves ---

#[test]
fn seventy_five_moves_draw_automatically_9_6_2() {
    let mut g = fen("8/8/8/4k3/8/8/2Q5/4K3 w - - 148 100");
    play(&mut g, "Qc3+");
    assert!(!g.is_over(), "149 half-moves");
    let report = g.play(mv(&g, "Kd5")).unwrap();
    assert_eq!(
        report.outcome,
        Some(outcome(GameResult::Draw, EndReason::SeventyFiveMoves))
    );
}

#[test]
fn a_mate_on_the_seventy_fifth_move_wins_9_6_2() {
    let start = "7k/8/6K1/8/8/8/8/5R2 w - - 149 120";
    let mut g = fen(start);
    let report = g.play(mv(&g, "Rf8#")).unwrap();
    assert_eq!(
        report.outcome,
        Some(outcome(GameResult::WhiteWins, EndReason::Checkmate))
    );
    // Nearly: any other move on that ply is the automatic draw.
    let mut g = fen(start);
    let report = g.play(mv(&g, "Rf2")).unwrap();
    assert_eq!(
        report.outcome,
        Some(outcome(GameResult::Draw, EndReason::SeventyFiveMoves))
    );
}

// --- 9.2 threefold repetition, claimed ---

#[test]
fn threefold_has_occurred_claim_is_correct_9_2_1_2() {
    let mut g = game(&format!("{SHUFFLE} {SHUFFLE}"));
    assert_eq!(g.repetition_count(), 3);
    assert!(!g.is_over(), "threefold is not automatic");
    let verdict = g.claim_draw(Color::White, None);
    let drawn = outcome(GameResult::Draw, EndReason::ThreefoldRepetition);
    assert_eq!(
        verdict,
        ClaimVerdict::Correct {
            by: Color::White,
            claim: DrawClaim::ThreefoldRepetition,
            intended_played: None,
            outcome: drawn
        }
    );
    assert_eq!(g.outcome(), Some(&drawn));
    assert_eq!(
        Lang::De.text(&verdict.tokens()),
        "Weiß reklamiert Remis, Reklamation berechtigt, dreimalige Stellungswiederholung, Remis"
    );
}

#[test]
fn a_second_occurrence_is_not_enough_9_2_and_9_5_3() {
    let mut g = game("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(g.repetition_count(), 2);
    let fen_before = g.fen();
    let verdict = g.claim_draw(Color::Black, None);
    assert_eq!(
        verdict,
        ClaimVerdict::Incorrect {
            by: Color::Black,
            bonus: TimeBonus {
                to: Color::White,
                minutes: 2
            },
            intended: None,
            played: None,
            shortfall: ClaimShortfall {
                occurrences: 2,
                moves_without_capture: 3
            }
        }
    );
    // 9.5.3 with its reason: the position stood twice, not three times (9.2).
    assert_eq!(
        Lang::De.text(&verdict.tokens()),
        "Schwarz reklamiert Remis, Reklamation unberechtigt, die Stellung stand erst zweimal \
         auf dem Brett, drei Züge ohne Schlagen oder Bauernzug, Weiß erhält zwei Minuten, gilt als \
         Remisangebot"
    );
    assert!(!g.is_over());
    assert_eq!(g.fen(), fen_before);
    // 9.1.2.3: the claim counts as a draw offer; the opponent may accept it.
    assert_eq!(g.pending_draw_offer(), Some(Color::Black));
    assert_eq!(
        Lang::En.text(&verdict.tokens()),
        "Black claims a draw, claim incorrect, the position has occurred only twice, three moves \
         without a capture or a pawn move, White receives two minutes, counts as a draw offer"
    );
    let drawn = *g.accept_draw(Color::White).unwrap();
    assert_eq!(drawn.reason, EndReason::Agreement);
}

#[test]
fn only_the_player_to_move_can_claim_9_2_1() {
    let mut g = game(&format!("{SHUFFLE} {SHUFFLE}"));
    let before = g.clone();
    assert_eq!(
        g.claim_draw(Color::Black, None),
        ClaimVerdict::Refused(ClaimRefusal::NotToMove)
    );
    assert_eq!(g, before);
}

#[test]
fn threefold_will_occur_with_the_written_move_9_2_1_1() {
    let mut g = game("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let intended = mv(&g, "Ng8");
    let verdict = g.claim_draw(Color::Black, Some(intended));
    let ClaimVerdict::Correct {
        claim,
        intended_played,
        outcome: o,
        ..
    } = verdict
    else {
        panic!("expected a correct claim, got {verdict:?}");
    };
    assert_eq!(claim, DrawClaim::ThreefoldRepetition);
    assert_eq!(
        intended_played.map(|p| p.san.to_string()),
        Some("Ng8".to_string())
    );
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(g.history().len(), 8, "the intended move enters the score");
    assert_eq!(g.repetition_count(), 3);
}

/// 9.5.3: "If the claim is found to be incorrect, the arbiter shall add two minutes to the
/// opponent's remaining thinking time. Then the game shall continue. If the claim was based on
/// an intended move, this move must be made in accordance with Articles 3 and 4." The move is
/// made on the board, not with the claim: the game does not play it.
#[test]
fn an_intended_move_that_repeats_only_twice_must_be_made_9_5_3() {
    let mut g = game("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let intended = mv(&g, "Nh5");
    let verdict = g.claim_draw(Color::Black, Some(intended));
    assert_eq!(
        verdict,
        ClaimVerdict::Incorrect {
            by: Color::Black,
            bonus: TimeBonus {
                to: Color::White,
                minutes: 2
            },
            intended: Some(intended),
            played: None,
            shortfall: ClaimShortfall {
                occurrences: 1,
                moves_without_capture: 4
            },
        }
    );
    assert_eq!(g.history().len(), 7, "the claim does not play the move");
    assert_eq!(g.turn(), Color::Black);
    assert_eq!(g.pending_draw_offer(), Some(Color::Black));
    // Black then makes it: his own move keeps his offer (9.1.2.3), marked (=) with it.
    let report = g.play(intended).unwrap();
    assert_eq!(report.lapsed_offer, None);
    assert!(g.history()[7].draw_offer);
    // White moves on: the claim's offer lapses.
    let report = g.play(mv(&g, "Nf3")).unwrap();
    assert_eq!(report.lapsed_offer, Some(Color::Black));
    assert_eq!(g.pending_draw_offer(), None);
}

#[test]
fn journals_of_earlier_versions_played_the_intended_move_with_the_claim() {
    let mut g = game("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let intended = mv(&g, "Nh5");
    let verdict = g.claim_draw_playing_intended(Color::Black, Some(intended));
    let ClaimVerdict::Incorrect {
        played: Some(report),
        ..
    } = &verdict
    else {
        panic!("expected an incorrect claim, got {verdict:?}");
    };
    assert_eq!(report.played.san.to_string(), "Nh5");
    assert_eq!(g.history().len(), 8);
}

#[test]
fn an_illegal_intended_move_is_refused_and_changes_nothing() {
    let mut g = game("Nf3 Nf6 Ng1");
    let before = g.clone();
    // A move of the other side's knight is not legal for Black.
    let white_move = mv(&Game::new(), "Nf3");
    assert_eq!(
        g.claim_draw(Color::Black, Some(white_move)),
        ClaimVerdict::Refused(ClaimRefusal::IntendedMoveIllegal)
    );
    assert_eq!(g, before);
}

// --- 9.3 fifty moves, claimed ---

#[test]
fn fifty_moves_have_been_played_9_3_2() {
    let mut g = fen("8/8/8/4k3/8/8/2Q5/4K3 w - - 100 80");
    let verdict = g.claim_draw(Color::White, None);
    assert!(matches!(
        verdict,
        ClaimVerdict::Correct {
            claim: DrawClaim::FiftyMoves,
            ..
        }
    ));
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::FiftyMoves));
}

#[test]
fn forty_nine_and_a_half_moves_are_not_fifty_9_3_2() {
    let mut g = fen("8/8/8/4k3/8/8/2Q5/4K3 w - - 99 80");
    let verdict = g.claim_draw(Color::White, None);
    assert!(matches!(
        verdict,
        ClaimVerdict::Incorrect { played: None, .. }
    ));
    assert!(!g.is_over());
}

#[test]
fn fifty_moves_will_be_complete_with_the_written_move_9_3_1() {
    let mut g = fen("8/8/8/4k3/8/8/2Q5/4K3 w - - 99 80");
    let intended = mv(&g, "Qc3+");
    let verdict = g.claim_draw(Color::White, Some(intended));
    assert!(matches!(
        verdict,
        ClaimVerdict::Correct {
            claim: DrawClaim::FiftyMoves,
            ..
        }
    ));
    assert_eq!(g.history().len(), 1);
}

#[test]
fn a_pawn_move_as_the_written_move_resets_the_count_9_3_1() {
    let mut g = fen("8/8/8/4k3/8/8/2Q1P3/4K3 w - - 99 80");
    let intended = mv(&g, "e4");
    let verdict = g.claim_draw(Color::White, Some(intended));
    assert!(matches!(
        verdict,
        ClaimVerdict::Incorrect {
            intended: Some(_),
            played: None,
            ..
        }
    ));
    g.play(intended).unwrap();
    assert_eq!(g.halfmove_clock(), 0);
    assert!(!g.is_over());
}

// --- 9.1 draw offers, 5.2.3 ---

#[test]
fn a_draw_offered_after_ones_move_and_accepted_ends_the_game_9_1() {
    let mut g = game("e4 e5");
    g.offer_draw(Color::Black).unwrap();
    assert_eq!(g.pending_draw_offer(), Some(Color::Black));
    assert!(g.history()[1].draw_offer, "(=) is recorded with the move");
    assert_eq!(
        g.offer_draw(Color::Black),
        Err(DrawOfferError::AlreadyOffered)
    );
    assert_eq!(
        g.accept_draw(Color::Black),
        Err(DrawOfferError::NoOffer),
        "not one's own offer"
    );
    let drawn = *g.accept_draw(Color::White).unwrap();
    assert_eq!(drawn, outcome(GameResult::Draw, EndReason::Agreement));
}

#[test]
fn no_agreed_draw_before_both_have_moved_5_2_3() {
    let mut g = game("e4");
    let before = g.clone();
    assert_eq!(
        g.offer_draw(Color::White),
        Err(DrawOfferError::BeforeBothHaveMoved)
    );
    assert_eq!(g, before);
    assert_eq!(
        Lang::En.text(&DrawOfferError::BeforeBothHaveMoved.tokens()),
        "no draw before both sides have moved"
    );
}

/// 9.1.2.1: "A player wishing to offer a draw shall do so after having made a move on the
/// chessboard and before pressing his clock. An offer at any other time during play is still
/// valid but Article 11.5 must be considered." 9.1.2.3: the offer "remains valid until the
/// opponent accepts it, rejects it orally, rejects it by touching a piece with the intention
/// of moving or capturing it, or the game is concluded in some other way."
#[test]
fn an_offer_before_ones_own_move_is_still_valid_9_1_2_1() {
    let mut g = game("e4 e5");
    // White is to move and offers: valid, and it goes with White's move as (=).
    g.offer_draw(Color::White).unwrap();
    assert_eq!(g.pending_draw_offer(), Some(Color::White));
    let report = g.play(mv(&g, "Nf3")).unwrap();
    assert_eq!(report.lapsed_offer, None, "the offerer's own move keeps it");
    assert!(g.history()[2].draw_offer);
    assert!(!g.history()[1].draw_offer);
    // Black may still accept it.
    g.accept_draw(Color::Black).unwrap();
    assert!(g.is_over());
    // An offer while the opponent's stands is refused: it is to be answered.
    let mut g = game("e4 e5");
    g.offer_draw(Color::Black).unwrap();
    assert_eq!(
        g.offer_draw(Color::White),
        Err(DrawOfferError::OpponentHasOffered)
    );
}

#[test]
fn an_offer_lapses_when_the_opponent_moves_and_can_be_declined_9_1_2_1() {
    let mut g = game("e4 e5");
    g.offer_draw(Color::Black).unwrap();
    let report = g.play(mv(&g, "Nf3")).unwrap();
    assert_eq!(report.lapsed_offer, Some(Color::Black));
    assert_eq!(Lang::De.text(&report.tokens()), "Remisangebot erloschen");
    assert_eq!(g.accept_draw(Color::White), Err(DrawOfferError::NoOffer));
    play(&mut g, "Nc6");
    g.offer_draw(Color::Black).unwrap();
    g.decline_draw(Color::White).unwrap();
    assert_eq!(g.pending_draw_offer(), None);
    assert!(
        g.history()[3].draw_offer,
        "a declined offer stays on the scoresheet"
    );
    assert_eq!(g.decline_draw(Color::White), Err(DrawOfferError::NoOffer));
}

// --- 6.9 flag fall ---

#[test]
fn a_fallen_flag_loses_when_the_opponent_can_mate_6_9() {
    let mut g = fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    let o = *g.flag(Color::Black).unwrap();
    assert_eq!(
        o,
        outcome(
            GameResult::WhiteWins,
            EndReason::FlagFall {
                fallen: Color::Black
            }
        )
    );
    assert_eq!(
        Lang::De.text(&o.tokens()),
        "Schwarz Zeit abgelaufen, Weiß gewinnt"
    );
}

#[test]
fn a_fallen_flag_draws_when_the_opponent_cannot_mate_6_9() {
    let mut g = fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(!g.can_checkmate(Color::Black));
    let o = *g.flag(Color::White).unwrap();
    assert_eq!(
        o,
        outcome(
            GameResult::Draw,
            EndReason::FlagFall {
                fallen: Color::White
            }
        )
    );
}

#[test]
fn a_lone_knight_can_still_mate_a_king_with_a_knight_6_9() {
    // Black's own knight can block its king: a helpmate exists, so the flag loses.
    let mut g = fen("4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1");
    assert!(g.can_checkmate(Color::White));
    let o = *g.flag(Color::Black).unwrap();
    assert_eq!(o.result, GameResult::WhiteWins);
}

// --- 7.5.1, 7.5.3 completed illegal moves ---

#[test]
fn a_first_illegal_move_gives_the_opponent_two_minutes_7_5_3() {
    let mut g = game("e4 e5");
    let fen_before = g.fen();
    let penalty = g.illegal_move(Color::White).unwrap();
    assert_eq!(
        penalty,
        IllegalMovePenalty::TimeBonus {
            offender: Color::White,
            count: 1,
            bonus: TimeBonus {
                to: Color::Black,
                minutes: 2
            }
        }
    );
    assert_eq!(
        g.fen(),
        fen_before,
        "7.5.1: the position before the illegal move stands"
    );
    assert_eq!(g.turn(), Color::White);
    assert_eq!(g.illegal_move_count(Color::White), 1);
    assert_eq!(
        Lang::De.text(&penalty.tokens()),
        "Weiß regelwidriger Zug, Strafe, Schwarz erhält zwei Minuten"
    );
}

#[test]
fn a_second_illegal_move_loses_7_5_3() {
    let mut g = game("e4 e5");
    g.illegal_move(Color::White).unwrap();
    play(&mut g, "Nf3");
    // One illegal move of the other player does not count against White.
    assert!(g.illegal_move(Color::Black).unwrap().outcome().is_none());
    play(&mut g, "Nc6");
    let penalty = g.illegal_move(Color::White).unwrap();
    let expected = outcome(
        GameResult::BlackWins,
        EndReason::IllegalMoves { by: Color::White },
    );
    assert_eq!(penalty.outcome(), Some(expected));
    assert_eq!(g.outcome(), Some(&expected));
    assert_eq!(
        Lang::De.text(&penalty.tokens()),
        "Weiß regelwidriger Zug, Partie verloren, Schwarz gewinnt"
    );
}

#[test]
fn a_second_illegal_move_draws_when_the_opponent_cannot_mate_7_5_3() {
    let mut g = fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    g.illegal_move(Color::White).unwrap();
    let penalty = g.illegal_move(Color::White).unwrap();
    assert_eq!(
        penalty.outcome(),
        Some(outcome(
            GameResult::Draw,
            EndReason::IllegalMoves { by: Color::White }
        ))
    );
    assert_eq!(
        Lang::En.text(&penalty.tokens()),
        "White illegal move, game lost, Black cannot checkmate, draw"
    );
}

#[test]
fn in_rapid_and_blitz_the_first_illegal_move_loses_a_4_2() {
    for pace in [Pace::Rapid, Pace::Blitz] {
        let mut g = game("e4 e5").with_pace(pace);
        let penalty = g.illegal_move(Color::Black).unwrap();
        assert_eq!(
            penalty.outcome().map(|o| o.result),
            Some(GameResult::WhiteWins),
            "{pace:?}"
        );
    }
    // ... unless the opponent cannot mate.
    let mut g = fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").with_pace(Pace::Rapid);
    assert_eq!(
        g.illegal_move(Color::White)
            .unwrap()
            .outcome()
            .map(|o| o.result),
        Some(GameResult::Draw)
    );
}

#[test]
fn supervised_blitz_gives_one_minute_b_2() {
    let mut g = game("e4 e5").with_pace(Pace::BlitzSupervised);
    let penalty = g.illegal_move(Color::White).unwrap();
    assert_eq!(
        penalty.bonus(),
        Some(TimeBonus {
            to: Color::Black,
            minutes: 1
        })
    );
    // An incorrect claim in blitz costs one minute too (B.2 on 9.5.3); in rapid two.
    let mut g = game("e4 e5").with_pace(Pace::Blitz);
    let ClaimVerdict::Incorrect { bonus, .. } = g.claim_draw(Color::White, None) else {
        panic!()
    };
    assert_eq!(bonus.minutes, 1);
    let mut g = game("e4 e5").with_pace(Pace::Rapid);
    let ClaimVerdict::Incorrect { bonus, .. } = g.claim_draw(Color::White, None) else {
        panic!()
    };
    assert_eq!(bonus.minutes, 2);
}

// --- 5.1.2 resignation ---

#[test]
fn resignation_wins_for_the_opponent_5_1_2() {
    let mut g = game("e4");
    // Either player may resign at any time, even when not to move.
    let o = *g.resign(Color::White).unwrap();
    assert_eq!(
        o,
        outcome(
            GameResult::BlackWins,
            EndReason::Resignation { by: Color::White }
        )
    );
    assert_eq!(Lang::De.text(&o.tokens()), "Weiß gibt auf, Schwarz gewinnt");
    let before = g.clone();
    let e5 = mv(&g, "e5");
    assert!(matches!(g.play(e5), Err(GameError::GameOver(_))));
    assert!(matches!(
        g.resign(Color::Black),
        Err(GameError::GameOver(_))
    ));
    assert_eq!(g, before);
}

#[test]
fn resigning_against_a_bare_king_still_loses_5_1_2() {
    // 5.1.2 has no exception for an opponent who could not mate.
    let mut g = fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(
        g.resign(Color::White).unwrap().result,
        GameResult::BlackWins
    );
}

// --- undo: a slip corrected before the clock (D.2.8), arbiter corrections ---

#[test]
fn undo_takes_back_a_mate_and_its_result() {
    let mut g = game("f3 e5 g4 Qh4#");
    let undone = g.undo().unwrap();
    assert_eq!(undone.san.to_string(), "Qh4#");
    assert_eq!(g, game("f3 e5 g4"));
    play(&mut g, "Nc6");
}

#[test]
fn undo_restores_offers_and_keeps_penalties() {
    let mut g = game("e4 e5");
    g.offer_draw(Color::Black).unwrap();
    g.illegal_move(Color::White).unwrap();
    play(&mut g, "Nf3");
    assert_eq!(g.pending_draw_offer(), None, "lapsed");
    let _ = g.undo();
    assert_eq!(
        g.pending_draw_offer(),
        Some(Color::Black),
        "the lapsed offer stands again"
    );
    assert_eq!(
        g.illegal_move_count(Color::White),
        1,
        "a penalty given stays"
    );
    let _ = g.undo();
    assert_eq!(g.pending_draw_offer(), None, "the offer went with its move");
    assert_eq!(g.history().len(), 1);
    assert!(!g.history()[0].draw_offer);
}

#[test]
fn undo_of_a_claimed_intended_move_reopens_the_game() {
    let mut g = game("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let snapshot = g.clone();
    let intended = mv(&g, "Ng8");
    assert!(matches!(
        g.claim_draw(Color::Black, Some(intended)),
        ClaimVerdict::Correct { .. }
    ));
    let _ = g.undo();
    assert_eq!(g, snapshot);
}

#[test]
fn undo_with_no_moves_changes_nothing() {
    let mut g = Game::new();
    assert!(g.undo().is_none());
    assert_eq!(g, Game::new());
}

// --- bad input ---

#[test]
fn a_bad_fen_is_refused_with_a_reason() {
    for bad in [
        "garbage",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        // Two white kings.
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        // The side not to move is in check.
        "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        let err = Game::from_fen(bad).unwrap_err();
        let GameError::BadFen { fen, reason } = &err else {
            panic!("{err:?}")
        };
        assert_eq!(fen, bad);
        assert!(!reason.is_empty());
        assert!(err.to_string().contains(bad));
        assert_eq!(Lang::De.text(&err.tokens()), "ungültige Stellung");
    }
}

#[test]
fn an_illegal_move_is_refused_and_changes_nothing() {
    let mut g = game("e4 e5");
    g.offer_draw(Color::Black).unwrap();
    let before = g.clone();
    // The black knight's move, with White to move.
    let wrong = mv(&game("e4"), "Nf6");
    let err = g.play(wrong).unwrap_err();
    assert_eq!(err, GameError::IllegalMove { uci: "g8f6".into() });
    assert_eq!(Lang::De.text(&err.tokens()), "kein regelgerechter Zug");
    assert_eq!(g, before);
}

#[test]
fn a_game_from_a_fen_keeps_its_start_and_move_numbers() {
    let start = "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40";
    let mut g = fen(start);
    assert_eq!(g.start_fen(), start);
    assert_eq!(g.move_number(), 40);
    assert_eq!(g.halfmove_clock(), 3);
    play(&mut g, "Kd7");
    assert_eq!(g.history()[0].number, 40);
    assert_eq!(g.history()[0].by, Color::Black);
    assert_eq!(g.move_number(), 41);
}
