//! Recorded decodes inside the grammar, replayed: what Whisper found in real utterances of
//! the accuracy benchmark (benches/listen_accuracy.rs: natural and synthetic voices, clean,
//! slower, faster, in noise, in a reverberant room), decided by the core's thresholds and
//! understood by the matcher in the utterance's position, without the model.
//!
//! The data (`core/tests/data/whisper_grammar.jsonl`) has every kind of utterance (moves,
//! commands, illegal moves, sentences that are no phrase, noise) and every kind of miss the
//! free transcripts had (issue 28): "Turm" written "Ton" or "Tom", "Cesar" written "Kesar",
//! "Dame" written "Lame", free sentences for a fast or noisy move, commands written as said
//! but not understood ("wiederholen", "Hilfe", "Remis", "help"). On all of them no move or
//! command other than the one said may be taken; the named ones must come out right.
//!
//! Round 6's decodes (`core/tests/data/whisper_grammar_round6.jsonl`: 588 utterances decoded
//! afresh with the program's decoding, clean and in pink noise, by the 7 pilot voices the
//! round chose on and the 7 others) hold the one wrong move seen on voices the thresholds
//! were not chosen on, "Fou Bella deux Cesar trois échec" searched as "Fou Bella Cesar 1
//! échec": replayed here, it is asked back (C.10), and a rule that plays it fails the test.
//!
//! A neural voice's decodes (`core/tests/data/whisper_grammar_piper.jsonl`: Piper's US
//! English "joe", 315 utterances) are held out from every rule: decoded once after the rules
//! were fixed, replayed here against going back, never chosen on.

use annexd_core::Lang;
use annexd_core::listen::{
    Candidate, Combination, GrammarDecode, HeardFrom, OwnVoiceHeard, QuestionKind, Rejection,
    Thresholds, Understanding, combined, understand, understood_alone,
};
use annexd_core::parse_move;
use serde::Deserialize;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

use crate::support::share;

#[derive(Debug, Deserialize)]
struct Record {
    lang: String,
    /// The word set: the Annex D words (`annex-d`) or the language's own (`local`).
    #[serde(default)]
    words: String,
    voice: String,
    condition: String,
    kind: String,
    fen: String,
    said: String,
    text: String,
    decode: GrammarDecode,
    /// What the voice's own recorded words found beside Whisper (the own-voice runs only),
    /// nearest first, the free loop's distance (none where Whisper heard no speech) and how
    /// far the nearest phrase's recordings were stretched.
    #[serde(default)]
    own_voice: Vec<(String, f32)>,
    #[serde(default)]
    own_voice_free: Option<f32>,
    #[serde(default)]
    own_voice_stretch: Option<f32>,
}

/// Round 4's recorded decodes: every voice and condition.
fn records() -> Vec<Record> {
    read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/whisper_grammar.jsonl"
    ))
}

/// Round 6's recorded decodes: the pilot voices, then the 7 others (clean and noise).
fn round6() -> Vec<Record> {
    read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/whisper_grammar_round6.jsonl"
    ))
}

/// The neural voice no rule was ever chosen on (Piper's US English "joe", 2026-11-27:
/// `scripts/setup.sh --bench`, then the benchmark with `ANNEXD_BENCH_VOICES="Piper
/// en_US-joe-medium"`, 40 moves and 20 commands a condition): its English moves and commands
/// in its own words and in the Annex D words, every condition.
fn neural_voice() -> Vec<Record> {
    read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/whisper_grammar_piper.jsonl"
    ))
}

/// A fresh run of round 4's utterances (2026-11-28, fbce1d5: the same seed, voices and
/// conditions, the audio dithered differently by sox), decoded after the rules were fixed and
/// never chosen on.
fn fresh_run() -> Vec<Record> {
    read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/whisper_grammar_fresh.jsonl"
    ))
}

/// The voices round 6 chose its variants on; the others were held out.
const PILOT: [&str; 7] = [
    "Pico de-DE",
    "espeak de",
    "Pico en-US",
    "MBROLA us1",
    "espeak en-us",
    "Pico fr-FR",
    "MBROLA fr1",
];

fn read(path: &str) -> Vec<Record> {
    std::fs::read_to_string(path)
        .expect("the recorded decodes")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a recorded decode"))
        .collect()
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// What a record comes to with the thresholds in use.
fn understood(record: &Record) -> (Chess, Understanding) {
    let pos = position(&record.fen);
    let understood = understood_in(record, &pos, &Thresholds::CHOSEN);
    (pos, understood)
}

/// What a record comes to in `pos` under `thresholds`.
fn understood_in(record: &Record, pos: &Chess, thresholds: &Thresholds) -> Understanding {
    let lang: Lang = record.lang.parse().unwrap();
    understand(pos, &record.decode.heard(thresholds), lang)
}

/// The thresholds in use but castling's own: a castling phrase held to `least` like any
/// other, as before `castling_least`.
const CASTLING_AS_ANY_PHRASE: Thresholds = Thresholds {
    castling_least: f32::NEG_INFINITY,
    ..Thresholds::CHOSEN
};

/// True when what was understood is what was said (asked back is not).
fn is_right(record: &Record, pos: &Chess, understood: &Understanding) -> bool {
    match (record.kind.as_str(), understood) {
        ("move", Understanding::Move(m)) => {
            record.said.parse::<UciMove>().unwrap().to_move(pos).ok() == Some(*m)
        }
        ("command", Understanding::Command(c)) => format!("{c:?}") == record.said,
        ("command", Understanding::Ask(q)) => {
            q.kind == QuestionKind::Confirm
                && matches!(&q.proposal, Some(Candidate::Command(c))
                    if c.needs_confirmation() && format!("{c:?}") == record.said)
        }
        ("illegal", Understanding::Rejected(Rejection::NotLegal(reason))) => {
            parse_move(pos, &record.text).err().as_ref() == Some(reason)
        }
        ("outside" | "noise", Understanding::Rejected(_)) => true,
        _ => false,
    }
}

/// Whether a record comes out as said with the thresholds in use.
fn heard_right(record: &Record) -> bool {
    let (pos, understood) = understood(record);
    is_right(record, &pos, &understood)
}

/// Of `records`: how many come out as said, and how many there are.
fn right_of<'a>(records: impl Iterator<Item = &'a Record>) -> (usize, usize) {
    records.fold((0, 0), |(right, n), r| {
        (right + usize::from(heard_right(r)), n + 1)
    })
}

/// True when something not said would be done: another move, a command not said, or any
/// move or command for an illegal move, a sentence that is no phrase, or noise.
fn is_wrong(record: &Record, pos: &Chess, understood: &Understanding) -> bool {
    match understood {
        Understanding::Move(_) | Understanding::Command(_) => !is_right(record, pos, understood),
        _ => false,
    }
}

#[test]
fn no_recorded_utterance_is_taken_for_something_not_said() {
    let (round4, round6, neural) = (records(), round6(), neural_voice());
    assert!(round4.len() > 500, "{} records", round4.len());
    assert_eq!(round6.len(), 588);
    assert_eq!(neural.len(), 315);
    let records: Vec<&Record> = round4.iter().chain(&round6).chain(&neural).collect();
    let mut wrong = Vec::new();
    // Under emulation one record in `ANNEXD_TEST_ONE_IN` (support/share.rs).
    for &record in records.iter().step_by(share::one_in()) {
        let (pos, understood) = understood(record);
        if is_wrong(record, &pos, &understood) {
            wrong.push(format!(
                "{} {} {}: said '{}', understood {understood:?}",
                record.lang, record.voice, record.condition, record.text
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every kind is there.
    for kind in ["move", "command", "illegal", "outside", "noise"] {
        assert!(records.iter().any(|r| r.kind == kind), "{kind}");
    }
}

/// Whisper's own text, read word by word, is the phrase said (digits and Roman numerals
/// read as ranks, case and signs aside).
fn free_text_is_the_phrase(record: &Record) -> bool {
    let lang: Lang = record.lang.parse().unwrap();
    let lexicon = annexd_core::listen::Lexicon::get(lang);
    let words = |text: &str| -> Option<Vec<annexd_core::listen::WordId>> {
        text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | '!' | '?' | '-'))
            .filter(|w| !w.is_empty())
            .map(|w| {
                lexicon.lookup(w).or_else(|| {
                    let rank = match w {
                        "1" => 0,
                        "2" | "II" => 1,
                        "3" | "III" => 2,
                        "4" | "IV" => 3,
                        "5" => 4,
                        "6" | "VI" => 5,
                        "7" | "VII" => 6,
                        "8" | "VIII" => 7,
                        _ => return None,
                    };
                    lexicon
                        .ids_of(&[annexd_core::Token::Rank(shakmaty::Rank::new(rank))])
                        .first()
                        .copied()
                })
            })
            .collect()
    };
    words(&record.decode.free.text).is_some_and(|free| Some(free) == words(&record.text))
}

#[test]
fn the_misses_of_free_transcripts_are_heard_right_inside_the_grammar() {
    // Its floors are shares of the whole: checked on the machine only (support/share.rs).
    if share::partial() {
        return;
    }
    let records = records();
    // Whisper's own text, outside the grammar, missed the phrase ("Zonda Kita" for "Turm
    // David acht", "Prievis" for "Remis", "Springer Fektzonex" for "Springer Hector sechs"):
    // inside the grammar many of those are right, and none is taken for something else.
    let missed: Vec<&Record> = records
        .iter()
        .filter(|r| (r.kind == "move" || r.kind == "command") && !free_text_is_the_phrase(r))
        .collect();
    let recovered: Vec<&&Record> = missed.iter().filter(|r| heard_right(r)).collect();
    println!(
        "{} of {} utterances whose free text missed the phrase are right inside the grammar",
        recovered.len(),
        missed.len()
    );
    for r in recovered.iter().take(10) {
        println!("  '{}' written '{}'", r.text, r.decode.free.text);
    }
    // 497 of 990 when the rules took the free text's agreement, 523 since the margin counts
    // more the nearer the free text is to the best phrase, 522 since a needless origin is
    // asked back ("king eight David eight" for "king Eva eight David eight"; a floor against
    // going back; 389 before; 487 since the agreement is counted where the texts differ).
    assert!(recovered.len() >= 487, "{}", recovered.len());
    // The commands a new user tried (issue 28) are in the data: every row of the tables is a
    // phrase now, "wiederholen" as much as "Wiederholung", and none is ever taken for
    // something else (above). Done right: 11 of 24 when this data was recorded, 15 of 24
    // since a phrase the free text agrees with is taken ("Remy" for "Remis": a floor against
    // going back; docs/listen.md).
    let (mut right_total, mut said_total) = (0, 0);
    for (lang, said) in [
        ("de", "wiederholen"),
        ("de", "Wiederholung"),
        ("de", "noch einmal"),
        ("de", "Hilfe"),
        ("de", "Remis"),
        ("de", "Remis annehmen"),
        ("en", "help"),
        ("fr", "aide"),
    ] {
        let said_so: Vec<&Record> = records
            .iter()
            .filter(|r| r.kind == "command" && r.lang == lang && r.text == said)
            .collect();
        assert!(!said_so.is_empty(), "{lang} '{said}' recorded");
        let right = said_so.iter().filter(|r| heard_right(r)).count();
        println!("{lang} '{said}': {right} of {} right", said_so.len());
        right_total += right;
        said_total += said_so.len();
    }
    assert!(right_total >= 15, "{right_total} of {said_total} right");
}

#[test]
fn illegal_moves_are_refused_as_themselves_and_moves_are_played() {
    // Its floors are shares of the whole: checked on the machine only (support/share.rs).
    if share::partial() {
        return;
    }
    let records = records();
    let count = |kind: &str, lang: &str| {
        right_of(records.iter().filter(|r| r.kind == kind && r.lang == lang))
    };
    // An illegal move said is never played (the first test) and mostly refused with its own
    // reason, as when it is typed: the position never picks among the phrases heard
    // (41 of 70 when the rules took the search's own likelihoods for the sound-alikes, 40
    // since the agreement is counted where the texts differ: a floor against going back).
    let refused: Vec<(usize, usize)> = ["de", "en", "fr"]
        .iter()
        .map(|lang| count("illegal", lang))
        .collect();
    let total: usize = refused.iter().map(|(right, _)| right).sum();
    assert!(total >= 40, "{refused:?}");
    // German moves in the Annex D words: 214 of 300 played right with the rules in use
    // (every voice and condition; 202 when only Whisper's own text letter for letter
    // counted the margin more; 205 since the agreement is counted where the texts differ;
    // the held-out figures are in docs/benchmarks.md).
    let (played, said) = count("move", "de");
    assert!(played >= 205, "{played} of {said}");
}

/// C.10: "Si deux pièces identiques peuvent arriver sur la même case, alors la pièce qui est
/// déplacée est indiquée comme suit: […] la colonne de la case de départ […]". Round 6's one
/// wrong move: espeak-ng fr-be+m3 said "Fou Bella deux Cesar trois échec" (Bb2-c3+), the
/// search found "Fou Bella Cesar 1 échec" best (−2.46 a word, just above the least
/// likelihood), a legal move of the only black bishop that reaches c1, which no player names
/// by its file; Whisper's own text, "Fou Beladouse Nan Waneshek", agrees with no phrase. It is
/// asked back now; taken in every form (as when Whisper's own text agrees), it is played.
#[test]
fn the_wrong_move_of_round_6_is_asked_back_its_origin_file_being_needless_c_10() {
    let records = round6();
    let record = records
        .iter()
        .find(|r| r.voice == "espeak fr-be+m3" && r.text == "Fou Bella deux Cesar trois échec")
        .expect("the recorded decode");
    assert_eq!(
        record.fen,
        "r1b1k1n1/pp1n1p1r/8/B1ppp2p/B1PqPp2/R2NQ3/1b4PP/1N2K2R b - - 0 20"
    );
    let (pos, understood) = understood(record);
    let c1 = "b2c1".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    let Understanding::Ask(question) = &understood else {
        panic!("{understood:?}")
    };
    assert_eq!(question.proposal, Some(Candidate::Move(c1)));
    assert!(!is_wrong(record, &pos, &understood));
    let mut heard = record.decode.heard(&Thresholds::CHOSEN);
    assert_eq!(heard.best_text(), "Fou Bella Cesar 1 échec");
    assert_eq!(heard.from, HeardFrom::Searched { agreed: false });
    heard.from = HeardFrom::Searched { agreed: true };
    let lang: Lang = record.lang.parse().unwrap();
    assert_eq!(understand(&pos, &heard, lang), Understanding::Move(c1));
}

#[test]
fn round_6_voices_are_played_at_least_as_often_as_recorded() {
    // Its floors are shares of the whole: checked on the machine only (support/share.rs).
    if share::partial() {
        return;
    }
    let records = round6();
    let right = |pilot: bool| {
        records
            .iter()
            .filter(|r| PILOT.contains(&r.voice.as_str()) == pilot)
            .filter(|r| heard_right(r))
            .count()
    };
    // Of 294 each: 199 and 165 right (and one wrong) with the rules of round 4; 196 and 164
    // since a move heard with a needless origin is asked back unless Whisper's own text
    // agrees (docs/listen.md); 188 and 163 since the agreement is counted where the texts
    // differ ("Wo ist die Toilette" no longer agrees with "Wo ist die Läufer"). Floors
    // against going back.
    let (pilot, held_out) = (right(true), right(false));
    println!("round 6: pilot {pilot} of 294 right, the other voices {held_out} of 294");
    assert!(pilot >= 188, "{pilot}");
    assert!(held_out >= 163, "{held_out}");
}

/// The neural voice held out (`neural_voice`), decided by the program's thresholds, which
/// were chosen without it: how often each kind is heard right, against going back. Its
/// figures are the held-out ones of docs/listen.md ("A neural voice held out"); nothing was
/// chosen on it, so that they stay a test of rules made on other voices.
#[test]
fn a_neural_voice_no_rule_was_chosen_on_is_heard_as_recorded() {
    // Its floors are shares of the whole: checked on the machine only (support/share.rs).
    if share::partial() {
        return;
    }
    let records = neural_voice();
    let right = |words: &str, kind: &str| {
        right_of(
            records
                .iter()
                .filter(|r| r.words == words && r.kind == kind),
        )
    };
    // Recorded 2026-11-27 with the rules of round 7: own words 95 of 100 moves and 45 of 50
    // commands; the Annex D words (German words in an English voice) 81 of 100 moves and 47
    // of 50 commands; all 5 illegal moves refused as themselves. Since the agreement is
    // counted where the texts differ, 78 of the Annex D moves and 46 of their commands.
    let floors = [
        ("local", "move", 95, 100),
        ("local", "command", 45, 50),
        ("annex-d", "move", 78, 100),
        ("annex-d", "command", 46, 50),
        ("local", "illegal", 3, 3),
        ("annex-d", "illegal", 2, 2),
    ];
    for (words, kind, floor, n) in floors {
        let (right, of) = right(words, kind);
        println!("neural voice, {words} {kind}: {right} of {of} right");
        assert_eq!(of, n, "{words} {kind}");
        assert!(right >= floor, "{words} {kind}: {right} of {of}");
    }
}

/// On fresh audio the rules are not perfect (docs/benchmarks.md, "A fresh run"). No rule may
/// add a wrong outcome, and one that mends any shows here (then take it off the list).
///
/// Of the six wrong outcomes the fresh run had when its decodes were made, four are refused
/// since the agreement is counted where Whisper's own text and the phrase differ
/// (`GrammarDecode::agrees`): "Norma Felix drei Schach" does not agree with "Läufer Felix
/// drei Schach", nor "Fou Bella Cesar" with "Fou Bella Cesar 6", nor a sentence about the
/// time with the command. Two are left: "Läufer Felix acht" searched as "Läufer Felix VI",
/// likely enough a word to be taken without Whisper's own text ("Läufer Felix et"), and
/// "abort" searched as "board" in a reverberant room.
#[test]
fn a_fresh_runs_decodes_go_wrong_only_where_whisper_itself_misheard() {
    let known: [(&str, &str, &str); 2] = [
        ("Pico en-US", "reverb", "abort"),
        ("MBROLA us1", "noise", "Läufer Felix acht"),
    ];
    let records = fresh_run();
    assert_eq!(records.len(), 1470);
    // 979 right before the agreement was counted where the texts differ.
    assert_wrong_only_where_known(&records, &known, 946);
}

/// A third run, held out from everything (2026-11-28, `ANNEXD_BENCH_SEED=29`: other moves,
/// commands and positions than rounds 4's seed, the tables' natural phrasings among the
/// commands, every voice and condition), decoded after the rules were fixed.
fn seed_29_run() -> Vec<Record> {
    read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/whisper_grammar_seed29.jsonl"
    ))
}

/// The held-out run's wrong outcomes (docs/benchmarks.md, "Agreement counted where the
/// texts differ, and a held-out run"): four, against six when the agreement was counted
/// over all the letters. Two are phrases likely enough a word to be taken without Whisper's
/// own text ("Lange Rochade" for noise-like "lire les messages", "Last move" for "who is to
/// move" in noise), one an illegal "knight Hector five" whose "knight" espeak-ng swallowed
/// (the legal pawn move "Hector five" played), and one a square asked about taken for a file
/// ("was steht auf der Hector"). No rule may add a fifth, and one that mends any shows here
/// (then take it off the list).
#[test]
fn a_held_out_runs_decodes_go_wrong_only_where_known() {
    // "lire les messages" (espeak fr-be+m3, slow), searched as "Lange Rochade" at -2.35 a
    // word, went wrong too before castling needed `castling_least`.
    let known: [(&str, &str, &str); 3] = [
        ("espeak de+f3", "slow", "was steht auf Feld Anna acht"),
        ("Pico en-US", "noise", "who is to move"),
        ("espeak en-us", "clean", "knight Hector five"),
    ];
    let records = seed_29_run();
    assert_eq!(records.len(), 1470);
    // 951 right (and six wrong) with the agreement counted over all the letters.
    assert_wrong_only_where_known(&records, &known, 913);
}

/// Decides every record (under emulation one in `ANNEXD_TEST_ONE_IN`, support/share.rs) and
/// fails on a wrong outcome not in `known` (voice, condition, what was said); on the machine
/// also when one of `known` is mended or fewer than `floor` are right.
fn assert_wrong_only_where_known(records: &[Record], known: &[(&str, &str, &str)], floor: usize) {
    assert_wrong_only_where_known_by(records, known, floor, understood);
}

/// [`assert_wrong_only_where_known`], each record decided by `decide`.
fn assert_wrong_only_where_known_by(
    records: &[Record],
    known: &[(&str, &str, &str)],
    floor: usize,
    decide: fn(&Record) -> (Chess, Understanding),
) {
    let mut wrong = Vec::new();
    let mut right = 0;
    // Under emulation one record in `ANNEXD_TEST_ONE_IN` (support/share.rs).
    for record in records.iter().step_by(share::one_in()) {
        let (pos, understood) = decide(record);
        right += usize::from(is_right(record, &pos, &understood));
        if is_wrong(record, &pos, &understood) {
            wrong.push((
                record.voice.as_str(),
                record.condition.as_str(),
                record.text.as_str(),
            ));
        }
    }
    for case in &wrong {
        assert!(known.contains(case), "a new wrong outcome: {case:?}");
    }
    if share::one_in() == 1 {
        assert_eq!(wrong.len(), known.len(), "{wrong:?}");
        assert!(right >= floor, "{right} right");
    }
}

/// Castling is the phrase noise and unclear speech are drawn to most: "Lange Rochade" is two
/// long words whose later pieces are nearly certain once the first is written, so the
/// grammar's search finds it at -2.1 to -2.5 a word for other moves said unclearly. In the
/// benchmark's random positions castling is mostly not legal, so these came out as "not a
/// legal move"; in the opening of a real game they would castle. Replayed where both
/// castlings are legal, none castles now, and each would with castling held to `least`.
#[test]
fn other_moves_drawn_to_castling_do_not_castle_where_castling_is_legal() {
    let castling_legal = position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    // Each run read once (they are read whole; under emulation that counts).
    let (round4, fresh, round6) = (records(), fresh_run(), round6());
    let drawn: [(&[Record], &str, &str, &str); 6] = [
        (&round4, "MBROLA fr1", "clean", "Turm Anna acht"),
        (&round4, "MBROLA fr1", "slow", "Springer Hector acht"),
        (
            &fresh,
            "espeak de+f3",
            "reverb",
            "König David eins Cesar zwei",
        ),
        (&fresh, "espeak fr-be+m3", "fast", "Dame Felix acht"),
        (&fresh, "espeak fr-be+m3", "noise", "Dame David drei"),
        (&round6, "espeak fr-fr", "clean", "Dame Bella acht"),
    ];
    let castles = |u: &Understanding| matches!(u, Understanding::Move(m) if m.is_castle());
    for (run, voice, condition, text) in drawn {
        let record = run
            .iter()
            .find(|r| r.voice == voice && r.condition == condition && r.text == text)
            .expect("the recorded decode");
        let now = understood_in(record, &castling_legal, &Thresholds::CHOSEN);
        assert!(!castles(&now), "{voice} {condition} {text}: {now:?}");
        let before = understood_in(record, &castling_legal, &CASTLING_AS_ANY_PHRASE);
        assert!(castles(&before), "{voice} {condition} {text}: {before:?}");
    }
}

/// Castling said (2026-11-28: "kurze/lange Rochade", "short/long castling", "petit/grand
/// roque" by the benchmark's 14 voices in its five conditions, decoded by the program with
/// Whisper base; `core/tests/data/whisper_castling.jsonl`), replayed where both castlings
/// are legal: `castling_least` was chosen on these (the least that costs few of them) and on
/// the castling that other moves were drawn to (above). None castles the wrong way.
#[test]
fn castling_said_is_played_and_never_the_other_way() {
    let records = read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/whisper_castling.jsonl"
    ));
    assert_eq!(records.len(), 230);
    let (mut right, mut right_before) = (0, 0);
    for record in &records {
        let (pos, understood) = understood(record);
        assert!(
            !is_wrong(record, &pos, &understood),
            "{} {} {}: {understood:?}",
            record.voice,
            record.condition,
            record.text
        );
        right += usize::from(is_right(record, &pos, &understood));
        let before = understood_in(record, &pos, &CASTLING_AS_ANY_PHRASE);
        right_before += usize::from(is_right(record, &pos, &before));
    }
    // 180 of 230 with castling held to `least` only: one is refused now.
    assert!(right >= 179, "{right} right");
    assert!(
        right_before <= right + 1,
        "{right_before} right before, {right} now"
    );
}

/// The player's own recorded words beside Whisper (2026-12-07, `ANNEXD_BENCH_OWN_VOICE=room`,
/// seeds 31 and 32: the five German voices each recorded every word once, slower and higher,
/// in the room of the utterance, and the program's recogniser searched the grammar with them
/// while Whisper decoded, leaving a recording's quiet tail unsaid where it liked; docs/listen.md,
/// "A room's tail left unsaid"; decoded again 2026-12-08, the same, with how far the nearest
/// phrase's recordings were stretched). 1 050 utterances, every kind and condition.
/// `Combination::CHOSEN` was chosen on these decodes (in-sample).
fn own_voice_run() -> Vec<Record> {
    read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/own_voice_de.jsonl"
    ))
}

/// What a record of an own-voice run comes to with Whisper's thresholds and the combination
/// in use: Whisper's hearing with the recorded words' beside it, as the listener gives it.
fn understood_with_own_voice(record: &Record) -> (Chess, Understanding) {
    let pos = position(&record.fen);
    let mut heard = record.decode.heard(&Thresholds::CHOSEN);
    heard.own_voice = record.own_voice_free.map(|free| OwnVoiceHeard {
        phrases: record.own_voice.clone(),
        free,
        stretch: record.own_voice_stretch.unwrap_or(0.0),
    });
    let understood = understand(&pos, &heard, record.lang.parse().unwrap());
    (pos, understood)
}

/// With the player's own words beside Whisper nothing is taken that was not said, and more
/// is heard right than by Whisper alone: moves clean or at another tempo nearly always.
#[test]
fn the_players_own_words_beside_whisper_take_nothing_not_said_and_hear_more() {
    let records = own_voice_run();
    assert_eq!(records.len(), 1050);
    assert!(records.iter().all(|r| r.lang == "de"));
    let (mut right, mut alone_right, mut clear_moves, mut clear_right) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    for record in records.iter().step_by(share::one_in()) {
        let (pos, understood) = understood_with_own_voice(record);
        let this_right = is_right(record, &pos, &understood);
        right += usize::from(this_right);
        alone_right += usize::from(heard_right(record));
        if record.kind == "move" && ["clean", "slow", "fast"].contains(&record.condition.as_str()) {
            clear_moves += 1;
            clear_right += usize::from(this_right);
        }
        if is_wrong(record, &pos, &understood) {
            wrong.push(format!(
                "{} {}: said '{}', understood {understood:?}",
                record.voice, record.condition, record.text
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    if share::one_in() == 1 {
        // 945 right, Whisper alone 738 (2026-12-07, the recorded words' tail optional; 869
        // before); 348 of the 360 moves said clean, slower or faster.
        assert!(right >= 945, "{right} right");
        assert!(
            right > alone_right + 100,
            "{right} right, Whisper alone {alone_right}"
        );
        assert!(
            clear_right * 100 >= clear_moves * 95,
            "{clear_right} of {clear_moves} moves said clean or at another tempo"
        );
    }
}

/// The stretch limit (`Combination::stretch`: the recorded words' act alone is not taken
/// where the utterance is more than twice as long as the recordings of their nearest phrase)
/// takes nothing right away, in German (where it was set, 1.5 times the farthest stretch of an
/// act right there) nor in English and French; the decodes all carry the stretch.
#[test]
fn the_stretch_limit_takes_nothing_heard_right_away() {
    let unlimited = Combination {
        stretch: f32::INFINITY,
        ..Combination::CHOSEN
    };
    let understood = |record: &Record, combination: &Combination| {
        let pos = position(&record.fen);
        let lang: Lang = record.lang.parse().unwrap();
        let whisper = understand(&pos, &record.decode.heard(&Thresholds::CHOSEN), lang);
        let found = OwnVoiceHeard {
            phrases: record.own_voice.clone(),
            free: record.own_voice_free.unwrap(),
            stretch: record.own_voice_stretch.unwrap(),
        };
        let own = understood_alone(&found, combination.scale, |heard| {
            understand(&pos, heard, lang)
        });
        (pos.clone(), combined(whisper, own, &found, combination))
    };
    for path in ["own_voice_de.jsonl", "own_voice_en_fr.jsonl"] {
        let records = read(&format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR")));
        let with: Vec<&Record> = records
            .iter()
            .filter(|r| r.own_voice_free.is_some())
            .step_by(share::one_in())
            .collect();
        assert!(with.iter().all(|r| r.own_voice_stretch.is_some()), "{path}");
        let mut lost = Vec::new();
        for record in with {
            let (pos, with_limit) = understood(record, &Combination::CHOSEN);
            let (_, without) = understood(record, &unlimited);
            if is_right(record, &pos, &without) && !is_right(record, &pos, &with_limit) {
                lost.push(format!(
                    "{} {} '{}'",
                    record.voice, record.condition, record.text
                ));
            }
        }
        assert!(lost.is_empty(), "{path}: lost to the limit: {lost:?}");
    }
}

/// English and French said by their nine voices (2026-12-07, seeds 31 and 32, as
/// [`own_voice_run`]; 1 890 utterances, in the Annex D words and the languages' own), the
/// recorded words beside Whisper under `Combination::CHOSEN`, which was chosen on German
/// alone: held out. 1 508 right against 1 125 by Whisper alone (1 392 before the recorded
/// words' tail was left optional). Three wrong: two a short command the recorded words alone
/// found in a room's tail ("help", "correction"; nine such before), one Whisper's own wrong
/// move taken alone while the recorded words asked about others (docs/listen.md, "A room's
/// tail left unsaid"): no rule may add a fourth, and one that mends any shows here (then take
/// it off the list).
#[test]
fn english_and_french_with_the_recorded_words_go_wrong_only_where_known() {
    let known: [(&str, &str, &str); 3] = [
        ("espeak en-gb-x-rp+f2", "reverb", "David sechs"),
        ("espeak fr-fr", "reverb", "König Felix sieben"),
        ("Pico fr-FR", "noise", "Eva fünf"),
    ];
    let records = read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/own_voice_en_fr.jsonl"
    ));
    assert_eq!(records.len(), 1890);
    assert_wrong_only_where_known_by(&records, &known, 1508, understood_with_own_voice);
}
