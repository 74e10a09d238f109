//! No word of another language reaches a German, French or English player (issue 22): long
//! random games at a peg board (with the mistakes, offers, claims, questions and help of the
//! simulated blind player) are played in each language, and every word of every line said
//! or shown, and of the data shown after it, is checked against the language's table. A word
//! that only another language's table has fails. The Annex D words of moves (D.2.1: König …
//! Bauer, Anna … Hector, eins … acht) belong to every language. Under Wine and qemu one game
//! in eight of each language (`support::share`; 12.6 s of the aarch64 step under qemu).

use crate::support;

use std::collections::HashSet;

use annexd_core::Lang;
use annexd_core::board::events::SplitMix;
use support::blind::{Player, Setup};
use support::share;
use support::vocabulary::{vocabulary, words_of};

#[test]
fn no_word_of_another_language_reaches_the_player() {
    let vocabularies: Vec<(Lang, HashSet<String>)> =
        Lang::ALL.into_iter().map(|l| (l, vocabulary(l))).collect();
    let games: u64 = std::env::var("LANGUAGE_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(share::cases(12) as u64);
    for (lang, own) in &vocabularies {
        let foreign: HashSet<&String> = vocabularies
            .iter()
            .filter(|(l, _)| l != lang)
            .flat_map(|(_, v)| v.iter())
            .filter(|w| !own.contains(*w))
            .collect();
        let mut lines = 0;
        for seed in 0..games {
            let mut rng = SplitMix::new(seed * 31 + 7);
            let mut setup = Setup::random(&mut rng);
            setup.lang = *lang;
            setup.plies = 120;
            let mut player = Player::new(seed, setup);
            player.play().unwrap_or_else(|failure| panic!("{failure}"));
            for heard in &player.heard {
                lines += 1;
                for word in words_of(&heard.text) {
                    assert!(
                        own.contains(&word),
                        "{lang:?}: \"{word}\" is no word of the table, in \"{}\"",
                        heard.text
                    );
                }
                // Data after the words (a path, a FEN, a device's name) is data, but never
                // another language's words.
                for word in heard.detail.iter().flat_map(|d| words_of(d)) {
                    assert!(
                        !foreign.contains(&word),
                        "{lang:?}: \"{word}\" of another language in \"{}\"",
                        heard.detail.as_deref().unwrap_or_default()
                    );
                }
            }
        }
        assert!(lines > games as usize * 50, "{lang:?}: only {lines} lines");
    }
}
