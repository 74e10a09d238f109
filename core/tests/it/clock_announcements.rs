//! Every kind of announcement of the talking clock, word for word in German, English and French,
//! driven through the public API with fake time.

use std::time::Duration;

use annexd_core::Lang;
use annexd_core::clock::{
    Adjust, AnnounceConfig, Announcement, AnnouncementKind, BronsteinStart, ClockError, ClockInput,
    ClockOptions, Query, TalkingClock, TimeControl,
};
use shakmaty::Color::{Black, White};

fn s(seconds: u64) -> Duration {
    Duration::from_secs(seconds)
}

fn hms(h: u64, m: u64, sec: u64) -> Duration {
    s(h * 3600 + m * 60 + sec)
}

fn talking(control: &str, config: AnnounceConfig) -> TalkingClock {
    TalkingClock::new(
        TimeControl::parse(control).unwrap(),
        ClockOptions::default(),
        config,
    )
}

fn said(lang: Lang, announcements: &[Announcement]) -> Vec<String> {
    announcements.iter().map(|a| lang.text(&a.tokens)).collect()
}

/// Both languages of one list of announcements.
fn both(announcements: &[Announcement]) -> (Vec<String>, Vec<String>) {
    (said(Lang::De, announcements), said(Lang::En, announcements))
}

fn handle(clock: &mut TalkingClock, input: ClockInput, now: Duration) -> Vec<Announcement> {
    clock.handle(input, now).unwrap()
}

/// A clock showing White 1:12:xx and Black 58:30 at move 23, White to move.
fn middle_game(config: AnnounceConfig) -> TalkingClock {
    let mut clock = talking("7200", config);
    handle(
        &mut clock,
        ClockInput::Adjust {
            side: White,
            change: Adjust::Set(hms(1, 12, 45)),
        },
        s(0),
    );
    handle(
        &mut clock,
        ClockInput::Adjust {
            side: Black,
            change: Adjust::Set(hms(0, 58, 30)),
        },
        s(0),
    );
    handle(&mut clock, ClockInput::SetMoveNumber(23), s(0));
    clock
}

#[test]
fn the_full_report_on_request() {
    // Seconds are said under one hour here, as in the example of the task.
    let config = AnnounceConfig {
        seconds_below: hms(1, 0, 0),
        ..AnnounceConfig::default()
    };
    let mut clock = middle_game(config);
    let answer = handle(&mut clock, ClockInput::Query(Query::All), s(1));
    assert_eq!(answer[0].kind, AnnouncementKind::Answer);
    assert_eq!(
        both(&answer),
        (
            vec!["Weiß eine Stunde zwölf Minuten, Schwarz achtundfünfzig Minuten dreißig Sekunden, Zug dreiundzwanzig".to_string()],
            vec!["White one hour twelve minutes, Black fifty-eight minutes thirty seconds, move twenty-three".to_string()],
        )
    );
    // By default seconds are said only under ten minutes.
    let mut clock = middle_game(AnnounceConfig::default());
    let answer = handle(&mut clock, ClockInput::Query(Query::All), s(1));
    assert_eq!(
        both(&answer),
        (
            vec!["Weiß eine Stunde zwölf Minuten, Schwarz achtundfünfzig Minuten, Zug dreiundzwanzig".to_string()],
            vec!["White one hour twelve minutes, Black fifty-eight minutes, move twenty-three".to_string()],
        )
    );
}

#[test]
fn own_time_opponents_time_both_and_the_move_on_request() {
    let mut clock = talking("300", AnnounceConfig::default());
    handle(&mut clock, ClockInput::Start, s(0));
    handle(&mut clock, ClockInput::Press(None), s(12));
    let ask = |clock: &mut TalkingClock, query| handle(clock, ClockInput::Query(query), s(42));
    assert_eq!(
        both(&ask(&mut clock, Query::Side(White))),
        (
            vec!["Weiß vier Minuten achtundvierzig Sekunden".into()],
            vec!["White four minutes forty-eight seconds".into()]
        )
    );
    assert_eq!(
        both(&ask(&mut clock, Query::Side(Black))),
        (
            vec!["Schwarz vier Minuten dreißig Sekunden".into()],
            vec!["Black four minutes thirty seconds".into()]
        )
    );
    assert_eq!(
        both(&ask(&mut clock, Query::Both)),
        (
            vec![
                "Weiß vier Minuten achtundvierzig Sekunden, Schwarz vier Minuten dreißig Sekunden"
                    .into()
            ],
            vec![
                "White four minutes forty-eight seconds, Black four minutes thirty seconds".into()
            ],
        )
    );
    assert_eq!(
        both(&ask(&mut clock, Query::MoveNumber)),
        (vec!["Zug eins".into()], vec!["move one".into()])
    );
}

#[test]
fn the_time_used_when_there_is_no_control() {
    let mut clock = talking("-", AnnounceConfig::default());
    handle(&mut clock, ClockInput::Start, s(0));
    let answer = handle(&mut clock, ClockInput::Query(Query::Side(White)), s(30));
    assert_eq!(
        both(&answer),
        (
            vec!["Weiß dreißig Sekunden verbraucht".into()],
            vec!["White thirty seconds used".into()]
        )
    );
    assert_eq!(clock.next_deadline(), None, "nothing to wait for");
}

#[test]
fn warnings_at_the_thresholds_then_every_ten_seconds() {
    let mut clock = talking("11m", AnnounceConfig::default());
    handle(&mut clock, ClockInput::Start, s(0));
    // Nothing is said before the first threshold; the loop can sleep until it.
    assert_eq!(clock.next_deadline(), Some(s(60)));
    assert!(clock.poll(s(59)).is_empty());
    // Polled late, every warning comes, in order, stamped with its exact moment.
    let due = clock.poll(s(660));
    let times: Vec<u64> = due.iter().map(|a| a.at.as_secs()).collect();
    assert_eq!(times, vec![60, 360, 540, 600, 630, 640, 650, 660]);
    assert!(due[..7].iter().all(|a| a.kind == AnnouncementKind::Warning));
    assert_eq!(due[7].kind, AnnouncementKind::Flag);
    assert_eq!(
        both(&due),
        (
            [
                "Weiß zehn Minuten übrig",
                "Weiß fünf Minuten übrig",
                "Weiß zwei Minuten übrig",
                "Weiß eine Minute übrig",
                "Weiß dreißig Sekunden übrig",
                "Weiß zwanzig Sekunden übrig",
                "Weiß zehn Sekunden übrig",
                "Weiß Zeit abgelaufen",
            ]
            .map(String::from)
            .to_vec(),
            [
                "White ten minutes left",
                "White five minutes left",
                "White two minutes left",
                "White one minute left",
                "White thirty seconds left",
                "White twenty seconds left",
                "White ten seconds left",
                "White flag fell",
            ]
            .map(String::from)
            .to_vec(),
        )
    );
    assert_eq!(clock.next_deadline(), None);
}

#[test]
fn warnings_follow_the_side_whose_clock_runs() {
    let mut clock = talking("70", AnnounceConfig::default());
    handle(&mut clock, ClockInput::Start, s(0));
    handle(&mut clock, ClockInput::Press(Some(White)), s(5));
    // Black's 60 s mark is 10 s into its turn; White's clock does not run.
    assert_eq!(clock.next_deadline(), Some(s(15)));
    let due = clock.poll(s(15));
    assert_eq!(
        both(&due),
        (
            vec!["Schwarz eine Minute übrig".into()],
            vec!["Black one minute left".into()]
        )
    );
    handle(&mut clock, ClockInput::Press(Some(Black)), s(16));
    // White (65 s left) is warned at 60 s, 5 s into its turn.
    assert_eq!(clock.next_deadline(), Some(s(21)));
}

#[test]
fn ones_own_time_on_a_schedule() {
    let config = AnnounceConfig {
        every: Some(s(600)),
        ..AnnounceConfig::default()
    };
    let mut clock = talking("90+30", config);
    handle(&mut clock, ClockInput::Start, s(0));
    // 90:30 on the clock (the increment of move 1 is credited): 90:00 is due 30 s later.
    assert_eq!(clock.next_deadline(), Some(s(30)));
    let due = clock.poll(s(630));
    assert!(due.iter().all(|a| a.kind == AnnouncementKind::Scheduled));
    assert_eq!(
        due.iter().map(|a| a.at).collect::<Vec<_>>(),
        vec![s(30), s(630)]
    );
    assert_eq!(
        both(&due),
        (
            vec![
                "Weiß eine Stunde dreißig Minuten".into(),
                "Weiß eine Stunde zwanzig Minuten".into()
            ],
            vec![
                "White one hour thirty minutes".into(),
                "White one hour twenty minutes".into()
            ],
        )
    );
}

#[test]
fn the_time_control_reached_with_the_time_added() {
    let mut clock = talking("40/5400+30:1800+30", AnnounceConfig::default());
    handle(&mut clock, ClockInput::Start, s(0));
    handle(&mut clock, ClockInput::SetMoveNumber(40), s(1));
    let said_now = handle(&mut clock, ClockInput::Press(Some(White)), s(100));
    assert_eq!(said_now[0].kind, AnnouncementKind::ControlReached);
    assert_eq!(
        both(&said_now),
        (
            vec!["Weiß Zeitkontrolle erreicht, Zeit dazu dreißig Minuten".into()],
            vec!["White time control reached, time added thirty minutes".into()],
        )
    );
}

#[test]
fn flags_and_both_flags() {
    let mut clock = talking("5", AnnounceConfig::default());
    handle(&mut clock, ClockInput::Start, s(0));
    assert_eq!(clock.next_deadline(), Some(s(5)));
    let due = clock.poll(s(5));
    assert_eq!(
        both(&due),
        (
            vec!["Weiß Zeit abgelaufen".into()],
            vec!["White flag fell".into()]
        )
    );
    handle(&mut clock, ClockInput::Press(Some(White)), s(6));
    let due = clock.poll(s(20));
    assert_eq!(due[0].at, s(11));
    assert_eq!(
        both(&due),
        (
            vec!["Schwarz Zeit abgelaufen, beide Zeiten abgelaufen, Weiß zuerst".into()],
            vec!["Black flag fell, both flags fell, White first".into()],
        )
    );
    // A flagged side's time is said as such.
    let answer = handle(&mut clock, ClockInput::Query(Query::Both), s(21));
    assert_eq!(
        said(Lang::En, &answer),
        vec!["White flag fell, Black flag fell"]
    );
}

#[test]
fn start_pause_and_resume() {
    let mut clock = talking("300", AnnounceConfig::default());
    assert_eq!(
        both(&handle(&mut clock, ClockInput::Start, s(0))),
        (vec!["Uhr läuft".into()], vec!["clock running".into()])
    );
    let paused = handle(&mut clock, ClockInput::TogglePause, s(10));
    assert_eq!(paused[0].kind, AnnouncementKind::Paused);
    assert_eq!(
        both(&paused),
        (vec!["Uhr angehalten".into()], vec!["clock paused".into()])
    );
    assert_eq!(
        clock.next_deadline(),
        None,
        "a paused clock has nothing due"
    );
    let resumed = handle(&mut clock, ClockInput::TogglePause, s(100));
    assert_eq!(
        both(&resumed),
        (
            vec!["Uhr läuft weiter".into()],
            vec!["clock resumed".into()]
        )
    );
    assert_eq!(
        clock.next_deadline(),
        Some(s(100 + 290 - 120)),
        "the two-minute warning"
    );
}

#[test]
fn the_arbiters_changes() {
    let mut clock = talking("25m", AnnounceConfig::default());
    handle(&mut clock, ClockInput::Start, s(0));
    handle(&mut clock, ClockInput::Press(None), s(60));
    handle(&mut clock, ClockInput::Press(None), s(240));
    // White played an illegal move: Black gets two minutes (7.5.3).
    let penalty = handle(&mut clock, ClockInput::Penalty { offender: White }, s(250));
    assert_eq!(penalty[0].kind, AnnouncementKind::Adjusted);
    assert_eq!(
        both(&penalty),
        (
            vec!["Strafe, Schwarz Zeit dazu zwei Minuten, vierundzwanzig Minuten übrig".into()],
            vec!["penalty, Black time added two minutes, twenty-four minutes left".into()],
        )
    );
    let taken = handle(
        &mut clock,
        ClockInput::Adjust {
            side: White,
            change: Adjust::Take(s(30)),
        },
        s(250),
    );
    assert_eq!(
        both(&taken),
        (
            vec!["Weiß Zeit abgezogen dreißig Sekunden, dreiundzwanzig Minuten übrig".into()],
            vec!["White time taken off thirty seconds, twenty-three minutes left".into()],
        )
    );
    let set = handle(
        &mut clock,
        ClockInput::Adjust {
            side: White,
            change: Adjust::Set(s(95)),
        },
        s(250),
    );
    assert_eq!(
        both(&set),
        (
            vec!["Weiß eine Minute fünfunddreißig Sekunden".into()],
            vec!["White one minute thirty-five seconds".into()]
        )
    );
    let counter = handle(&mut clock, ClockInput::SetMoveNumber(40), s(250));
    assert_eq!(
        both(&counter),
        (vec!["Zug vierzig".into()], vec!["move forty".into()])
    );
    // The marks count again from the new time: White (1:35) is warned at one minute.
    assert_eq!(clock.next_deadline(), Some(s(250 + 35)));
}

#[test]
fn the_time_left_after_each_press_when_asked_for() {
    let config = AnnounceConfig {
        after_press: true,
        ..AnnounceConfig::default()
    };
    let mut clock = talking("3+2", config);
    handle(&mut clock, ClockInput::Start, s(0));
    let after = handle(&mut clock, ClockInput::Press(None), s(7));
    assert_eq!(after[0].kind, AnnouncementKind::AfterPress);
    assert_eq!(
        both(&after),
        (
            vec!["Weiß zwei Minuten siebenundfünfzig Sekunden".into()],
            vec!["White two minutes fifty-seven seconds".into()]
        )
    );
}

#[test]
fn refusals_in_words_and_nothing_changed() {
    let mut clock = talking("300", AnnounceConfig::default());
    let err = clock.handle(ClockInput::Press(None), s(1)).unwrap_err();
    assert_eq!(err, ClockError::NotStarted);
    assert_eq!(
        (Lang::De.text(&err.tokens()), Lang::En.text(&err.tokens())),
        ("Uhr steht".into(), "clock not running".into())
    );
    // A button starts the clock, as on a real clock.
    assert_eq!(
        said(
            Lang::En,
            &handle(&mut clock, ClockInput::Button(Some(Black)), s(1))
        ),
        vec!["clock running"]
    );
    let err = clock
        .handle(ClockInput::Button(Some(Black)), s(2))
        .unwrap_err();
    assert_eq!(
        (Lang::De.text(&err.tokens()), Lang::En.text(&err.tokens())),
        ("Weiß am Zug".into(), "White to move".into())
    );
    handle(&mut clock, ClockInput::Pause, s(3));
    let err = clock.handle(ClockInput::Button(None), s(4)).unwrap_err();
    assert_eq!(
        (Lang::De.text(&err.tokens()), Lang::En.text(&err.tokens())),
        ("Uhr angehalten".into(), "clock paused".into())
    );
    assert_eq!(clock.snapshot(s(4)).white, s(298));
}

#[test]
fn the_control_is_said_at_the_start() {
    let control = TimeControl::parse("40/90m+30s:30m+30s").unwrap();
    assert_eq!(
        Lang::En.text(&control.tokens()),
        "forty moves in ninety minutes, plus thirty seconds per move, then thirty minutes for the rest of the game, plus thirty seconds per move"
    );
}

// --- in French ---

fn fr(announcements: &[Announcement]) -> Vec<String> {
    said(Lang::Fr, announcements)
}

#[test]
fn en_francais_the_full_report_and_the_move_number() {
    let config = AnnounceConfig {
        seconds_below: hms(1, 0, 0),
        ..AnnounceConfig::default()
    };
    let mut clock = middle_game(config);
    let answer = handle(&mut clock, ClockInput::Query(Query::All), s(1));
    assert_eq!(
        fr(&answer),
        vec![
            "Blanc une heure douze minutes, Noir cinquante-huit minutes trente secondes, coup vingt-trois"
        ]
    );
    let answer = handle(&mut clock, ClockInput::Query(Query::MoveNumber), s(1));
    assert_eq!(fr(&answer), vec!["coup vingt-trois"]);
    let mut clock = talking("-", AnnounceConfig::default());
    handle(&mut clock, ClockInput::Start, s(0));
    let answer = handle(&mut clock, ClockInput::Query(Query::Side(White)), s(30));
    assert_eq!(fr(&answer), vec!["Blanc trente secondes utilisées"]);
    let answer = handle(&mut clock, ClockInput::Query(Query::Side(White)), s(61));
    assert_eq!(fr(&answer), vec!["Blanc une minute une seconde utilisées"]);
}

#[test]
fn en_francais_the_worked_example_of_6_3_2() {
    // The commentary of 6.3.2 (seeds/001): 90 minutes with 30 s, White's first move takes
    // 20 s, the second 40 s. Seconds are said up to two hours here, to hear every second.
    let config = || AnnounceConfig {
        seconds_below: hms(2, 0, 0),
        ..AnnounceConfig::default()
    };
    for (control, options, after_one, after_two) in [
        (
            "5400+30",
            ClockOptions::default(),
            "Blanc une heure trente minutes quarante secondes",
            "Blanc une heure trente minutes trente secondes",
        ),
        (
            "5400b30",
            ClockOptions {
                bronstein: BronsteinStart::CreditFirstMove,
            },
            "Blanc une heure trente minutes trente secondes",
            "Blanc une heure trente minutes vingt secondes",
        ),
        (
            "5400d30",
            ClockOptions::default(),
            "Blanc une heure trente minutes",
            "Blanc une heure vingt-neuf minutes cinquante secondes",
        ),
    ] {
        let mut clock = TalkingClock::new(TimeControl::parse(control).unwrap(), options, config());
        handle(&mut clock, ClockInput::Start, s(0));
        handle(&mut clock, ClockInput::Press(Some(White)), s(20));
        let ask = |clock: &mut TalkingClock, at| {
            fr(&handle(clock, ClockInput::Query(Query::Side(White)), at))
        };
        assert_eq!(ask(&mut clock, s(21)), vec![after_one], "{control}");
        handle(&mut clock, ClockInput::Press(Some(Black)), s(25));
        handle(&mut clock, ClockInput::Press(Some(White)), s(65));
        assert_eq!(ask(&mut clock, s(66)), vec![after_two], "{control}");
    }
    // 6.3.2 itself: the time left of a period is carried into the next.
    let mut clock = talking("40/5400+30:1800+30", AnnounceConfig::default());
    handle(&mut clock, ClockInput::Start, s(0));
    handle(&mut clock, ClockInput::SetMoveNumber(40), s(1));
    let said_now = handle(&mut clock, ClockInput::Press(Some(White)), s(100));
    assert_eq!(
        fr(&said_now),
        vec!["Blanc contrôle de temps atteint, temps ajouté trente minutes"]
    );
    assert_eq!(
        Lang::Fr.text(&TimeControl::parse("40/90m+30s:30m+30s").unwrap().tokens()),
        "quarante coups en quatre-vingt-dix minutes, plus trente secondes par coup, puis trente minutes pour le reste de la partie, plus trente secondes par coup"
    );
}

#[test]
fn en_francais_warnings_countdown_and_flags() {
    let mut clock = talking("11m", AnnounceConfig::default());
    handle(&mut clock, ClockInput::Start, s(0));
    assert_eq!(
        fr(&clock.poll(s(660))),
        [
            "Blanc dix minutes restantes",
            "Blanc cinq minutes restantes",
            "Blanc deux minutes restantes",
            "Blanc une minute restante",
            "Blanc trente secondes restantes",
            "Blanc vingt secondes restantes",
            "Blanc dix secondes restantes",
            "Blanc chute du drapeau",
        ]
    );
    let mut clock = talking("5", AnnounceConfig::default());
    handle(&mut clock, ClockInput::Start, s(0));
    assert_eq!(fr(&clock.poll(s(5))), vec!["Blanc chute du drapeau"]);
    handle(&mut clock, ClockInput::Press(Some(White)), s(6));
    assert_eq!(
        fr(&clock.poll(s(20))),
        vec!["Noir chute du drapeau, les deux drapeaux sont tombés, Blanc en premier"]
    );
}

#[test]
fn en_francais_the_clock_itself_and_the_arbiter() {
    let mut clock = talking("25m", AnnounceConfig::default());
    assert_eq!(
        fr(&handle(&mut clock, ClockInput::Start, s(0))),
        vec!["pendule en marche"]
    );
    assert_eq!(
        fr(&handle(&mut clock, ClockInput::TogglePause, s(10))),
        vec!["pendule arrêtée"]
    );
    assert_eq!(
        fr(&handle(&mut clock, ClockInput::TogglePause, s(20))),
        vec!["pendule relancée"]
    );
    let err = clock
        .handle(ClockInput::Press(Some(Black)), s(21))
        .unwrap_err();
    assert_eq!(Lang::Fr.text(&err.tokens()), "Blanc au trait");
    handle(&mut clock, ClockInput::Press(None), s(60));
    handle(&mut clock, ClockInput::Press(None), s(240));
    let penalty = handle(&mut clock, ClockInput::Penalty { offender: White }, s(250));
    assert_eq!(
        fr(&penalty),
        vec!["pénalité, Noir temps ajouté deux minutes, vingt-quatre minutes restantes"]
    );
    let taken = handle(
        &mut clock,
        ClockInput::Adjust {
            side: White,
            change: Adjust::Take(s(30)),
        },
        s(250),
    );
    assert_eq!(
        fr(&taken),
        vec!["Blanc temps retiré trente secondes, vingt-trois minutes restantes"]
    );
    assert_eq!(
        fr(&handle(&mut clock, ClockInput::SetMoveNumber(40), s(250))),
        vec!["coup quarante"]
    );
}
