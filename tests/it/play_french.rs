//! `annexd play --lang fr` end to end in plain line mode: the French sentence around the
//! Annex D words by default (D.2.1), the French words of moves with `--words local` (the
//! arbiter's decision, also from the settings' `[game] words`), French commands and answers,
//! and moves understood in either word set.

use crate::common;

use common::{Running, annexd, read};

fn play(journal: &std::path::Path, extra: &[&str]) -> Running {
    let mut command = annexd();
    command
        .arg("play")
        .arg("--lang")
        .arg("fr")
        .arg("--journal")
        .arg(journal)
        .args(extra);
    // No settings file of the machine's user may change the test.
    command.env("XDG_CONFIG_HOME", journal.parent().unwrap());
    Running::start(command)
}

#[test]
fn the_annex_d_words_inside_a_french_sentence_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("annexe-d.jsonl");
    let mut game = play(&journal, &["--control", "90+30"]);
    game.expect_exact(
        "nouvelle partie, Blanc au trait, coup un, cadence quatre-vingt-dix minutes, plus trente secondes par coup, Entrée démarre la pendule",
    );
    // Typed in French, in the Annex D words, or mixed: always said in the Annex D words.
    game.type_line("Cavalier Felix trois");
    game.expect_exact("Blanc Springer Felix drei");
    game.type_line("");
    game.type_line("Springer Felix six");
    game.expect_exact("Noir Springer Felix sechs");
    game.type_line("");
    // The refusal is said in the word set too.
    game.type_line("petit roque");
    game.expect_exact("Kurze Rochade, coup non réglementaire, le chemin est barré");
    game.type_line("Eva quatre");
    game.expect_exact("Blanc Eva vier");
    game.type_line("temps");
    game.expect_containing("Blanc une heure trente minutes, Noir une heure trente minutes");
    game.type_line("");
    game.type_line("Springer prend Eva vier");
    game.expect_exact("Noir Springer prend Eva vier");
    game.type_line("coup");
    // The moves completed by each player (D.2.10.4): Black's second is made, not completed.
    game.expect_exact("coups achevés, Blanc deux, Noir un");
    game.type_line("fin\noui");
    assert_eq!(game.wait(), Some(0));
    let pgn = read(&journal.with_extension("pgn"));
    for san in ["1. Nf3", "1... Nf6", "2. e4", "2... Nxe4"] {
        assert!(pgn.contains(san), "{san}: {pgn}");
    }
}

#[test]
fn the_french_words_of_moves_when_the_arbiter_so_decides() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("local.jsonl");
    let mut game = play(&journal, &["--words", "local"]);
    game.expect_exact("nouvelle partie, Blanc au trait, coup un");
    for (typed, said) in [
        ("Eva quatre", "Blanc Eva quatre"),
        ("Eva fünf", "Noir Eva cinq"),
        ("Dame Hector cinq", "Blanc Dame Hector cinq"),
        ("Springer Cesar sechs", "Noir Cavalier Cesar six"),
        ("Fou César quatre", "Blanc Fou Cesar quatre"),
        ("où Cavalier noir", "Cavalier, Noir Cesar six Gustav huit"),
        (
            "ou sont les dames",
            "Dame, Blanc Hector cinq, Noir David huit",
        ),
        ("case Eva quatre", "Eva quatre, Pion blanc"),
        (
            "Cavalier Felix quatre",
            "aucun Cavalier n'atteint Felix quatre",
        ),
        ("Tour Anna trois", "aucune Tour n'atteint Anna trois"),
        ("Cavalier Felix six", "Noir Cavalier Felix six"),
        (
            "derniers coups 2",
            "coup deux, Blanc Dame Hector cinq, Noir Cavalier Cesar six, coup trois, Blanc Fou \
             Cesar quatre, Noir Cavalier Felix six",
        ),
        (
            "Dame prend Felix sept",
            "Blanc Dame prend Felix sept mat, échec et mat, Blanc gagne",
        ),
    ] {
        game.type_line(typed);
        game.expect_exact(said);
    }
    game.type_line("Eva six");
    game.expect_containing("partie terminée");
    assert_eq!(game.wait(), Some(0));
    let pgn = read(&journal.with_extension("pgn"));
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
}

#[test]
fn the_settings_choose_the_language_and_the_word_set() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("annexd")).unwrap();
    std::fs::write(
        dir.path().join("annexd/annexd.toml"),
        "[game]\nlanguage = \"fr\"\nwords = \"local\"\n",
    )
    .unwrap();
    let journal = dir.path().join("reglages.jsonl");
    let mut command = annexd();
    command.arg("play").arg("--journal").arg(&journal);
    command.env("XDG_CONFIG_HOME", dir.path());
    let mut game = Running::start(command);
    game.expect_exact("nouvelle partie, Blanc au trait, coup un");
    game.type_line("Nf3");
    game.expect_exact("Blanc Cavalier Felix trois");
    game.type_line("Nf6");
    game.expect_exact("Noir Cavalier Felix six");
    game.type_line("g3");
    game.expect_exact("Blanc Gustav trois");
    game.type_line("nulle");
    game.expect_exact("Blanc propose nulle");
    game.type_line("refuser");
    game.expect_containing("nulle refusée");
    game.type_line("abandon");
    game.expect_exact("abandon, Blanc ou Noir?");
    game.type_line("Noir");
    game.expect_containing("Noir abandonne, Blanc gagne");
    assert_eq!(game.wait(), Some(0));
}
