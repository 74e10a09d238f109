//! The words a recogniser without a grammar (Whisper) is told to expect: its initial prompt.
//!
//! Whisper writes what it hears in the spelling it finds likeliest; told nothing, it writes
//! "Springer für x3" for "Springer Felix drei". Given the words of the moves beforehand, it
//! writes them. The prompt is the words of the moves that are legal in the position (the
//! pieces that can move, the files and ranks they move from and to, "schlägt", "Schach",
//! "matt", castling and en passant when some move is so), in the word set the session
//! speaks; with the language's own words (`--words local`) the Annex D words follow them,
//! since both are heard. Without a position, every word of moves.
//!
//! It is only a hint: what Whisper writes is understood by the matcher against the legal
//! moves like anything else heard, so an illegal move said is still heard as itself.

use shakmaty::san::{SanPlus, Suffix};
use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role};

use crate::command::SpokenWord;
use crate::lang::{Speech, WordSet};
use crate::words::Token;

/// The tokens whose words the prompt lists, in the order they are listed.
fn prompt_tokens(pos: Option<&Chess>) -> Vec<Token> {
    let moves: Option<Vec<Move>> = pos.map(|p| p.legal_moves().into_iter().collect());
    let any = |f: &dyn Fn(&Move) -> bool| moves.as_ref().is_none_or(|ms| ms.iter().any(f));
    let mut tokens = Vec::new();
    for role in [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ] {
        if any(&|m| m.role() == role || m.promotion() == Some(role)) {
            tokens.push(Token::Piece(role));
        }
    }
    for file in File::ALL {
        if any(&|m| {
            !m.is_castle() && (m.to().file() == file || m.from().is_some_and(|s| s.file() == file))
        }) {
            tokens.push(Token::File(file));
        }
    }
    for rank in Rank::ALL {
        if any(&|m| {
            !m.is_castle() && (m.to().rank() == rank || m.from().is_some_and(|s| s.rank() == rank))
        }) {
            tokens.push(Token::Rank(rank));
        }
    }
    if any(&|m| m.is_capture()) {
        tokens.push(Token::Captures);
    }
    let suffix = |m: &Move| pos.map(|p| SanPlus::from_move(p.clone(), *m).suffix);
    if any(&|m| suffix(m).is_none_or(|s| s.is_some())) {
        tokens.push(Token::Check);
    }
    if any(&|m| suffix(m).is_none_or(|s| s == Some(Suffix::Checkmate))) {
        tokens.push(Token::Mate);
    }
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        if any(&|m| m.castling_side() == Some(side)) {
            tokens.push(Token::Castle(side));
        }
    }
    if any(&|m| m.is_en_passant()) {
        tokens.push(Token::EnPassant);
    }
    tokens
}

/// The prompt for `speech` in `pos` (`None`: every word of moves), words separated by
/// spaces, each once (castling's two words stay together).
pub fn prompt(pos: Option<&Chess>, speech: Speech) -> String {
    let tokens = prompt_tokens(pos);
    let mut sets = vec![speech];
    if speech.words == WordSet::Local {
        sets.push(Speech::new(speech.lang, WordSet::AnnexD));
    }
    let mut words: Vec<&'static str> = Vec::new();
    for set in sets {
        for &token in &tokens {
            for spoken in set.words(token) {
                if !words.contains(&spoken.text) {
                    words.push(spoken.text);
                }
            }
        }
    }
    words.join(" ")
}

/// The prompt for a recogniser held to the grammar: every word of moves (as [`prompt`]
/// without a position), then every word of the spoken commands' phrases that is not a
/// square, a piece or a side ("Zeit", "Remis", "wiederholen", "noch einmal"), each once.
pub fn grammar_prompt(speech: Speech) -> String {
    let mut words: Vec<String> = prompt(None, speech)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let commands = command_words(speech, &words);
    words.extend(commands);
    words.join(" ")
}

/// The words of the spoken commands' phrases that are not words of moves, each once: what
/// [`grammar_prompt`] adds to [`prompt`].
fn command_words(speech: Speech, known: &[String]) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for (_, phrase) in crate::command::spoken(speech.lang) {
        for word in phrase {
            let text = match word {
                SpokenWord::Token(token @ Token::Word(_)) => speech.text(&[token]),
                SpokenWord::Text(text) => text.to_string(),
                SpokenWord::Token(_) => continue,
            };
            for w in text.split_whitespace() {
                if !known.iter().chain(&words).any(|k| k == w) {
                    words.push(w.to_string());
                }
            }
        }
    }
    words
}

/// A prompt of whole phrases of moves in the session's words (every piece, file and rank at
/// least once, a capture, a check, castling), each ended by a full stop, then the words of
/// the spoken commands. Measured against [`prompt`] and left out (docs/listen.md): Whisper
/// heard commands better after it and moves worse.
pub fn phrase_prompt(speech: Speech) -> String {
    use Role::{Bishop, King, Knight, Pawn, Queen, Rook};
    use Token::{Captures, Castle, Check, File as On, Piece, Rank as Row};
    let phrases: [&[Token]; 8] = [
        &[
            Piece(Knight),
            On(File::G),
            Row(Rank::First),
            On(File::F),
            Row(Rank::Third),
        ],
        &[Piece(Pawn), On(File::E), Row(Rank::Fourth)],
        &[
            Piece(Bishop),
            On(File::C),
            Row(Rank::Fourth),
            Captures,
            On(File::F),
            Row(Rank::Seventh),
            Check,
        ],
        &[Piece(Rook), On(File::A), Row(Rank::Eighth)],
        &[Piece(Queen), On(File::D), Row(Rank::Second)],
        &[Piece(King), On(File::H), Row(Rank::Sixth)],
        &[On(File::B), Row(Rank::Fifth)],
        &[Castle(CastlingSide::KingSide)],
    ];
    let mut out: Vec<String> = phrases
        .iter()
        .map(|phrase| format!("{}.", speech.text(phrase)))
        .collect();
    let move_words: Vec<String> = prompt(None, speech)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    out.extend(command_words(speech, &move_words));
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn without_a_position_every_word_of_moves_is_listed_once() {
        assert_eq!(
            prompt(None, Speech::new(Lang::De, WordSet::AnnexD)),
            "Bauer Springer Läufer Turm Dame König Anna Bella Cesar David Eva Felix Gustav \
             Hector eins zwei drei vier fünf sechs sieben acht schlägt Schach matt Kurze \
             Rochade Lange Rochade en passant"
        );
    }

    #[test]
    fn the_grammar_prompt_has_the_words_of_moves_and_commands() {
        let said = grammar_prompt(Speech::new(Lang::De, WordSet::AnnexD));
        assert!(said.starts_with("Bauer Springer Läufer"), "{said}");
        for word in [
            "Zeit",
            "Remis",
            "wiederholen",
            "Hilfe",
            "aufgeben",
            "einmal",
        ] {
            assert!(said.split(' ').any(|w| w == word), "{word}: {said}");
        }
        assert_eq!(said.split(' ').filter(|w| *w == "Zeit").count(), 1);
    }

    #[test]
    fn the_phrase_prompt_says_whole_moves_then_the_commands_words() {
        let said = phrase_prompt(Speech::new(Lang::De, WordSet::AnnexD));
        assert!(
            said.starts_with(
                "Springer Gustav eins Felix drei. Bauer Eva vier. Läufer Cesar vier schlägt \
                 Felix sieben Schach. Turm Anna acht. Dame David zwei. König Hector sechs. \
                 Bella fünf. Kurze Rochade. "
            ),
            "{said}"
        );
        let grammar = grammar_prompt(Speech::new(Lang::De, WordSet::AnnexD));
        let words = prompt(None, Speech::new(Lang::De, WordSet::AnnexD));
        assert!(
            said.ends_with(grammar.strip_prefix(&words).unwrap()),
            "{said}"
        );
    }

    #[test]
    fn in_a_position_only_the_words_of_its_legal_moves() {
        // The initial position: pawns and knights move, from ranks 1 and 2 to 3 and 4, on
        // every file; nothing captures, checks or castles.
        let start = Chess::default();
        assert_eq!(
            prompt(Some(&start), Speech::new(Lang::De, WordSet::AnnexD)),
            "Bauer Springer Anna Bella Cesar David Eva Felix Gustav Hector eins zwei drei vier"
        );
        // A rook that can give mate, a king that can castle short.
        let p = pos("6k1/5ppp/8/8/8/8/8/R3K2R w K - 0 1");
        let said = prompt(Some(&p), Speech::new(Lang::De, WordSet::AnnexD));
        assert!(said.contains("Turm") && said.contains("König"), "{said}");
        assert!(said.contains("Schach") && said.contains("matt"), "{said}");
        assert!(
            said.contains("Kurze Rochade") && !said.contains("Lange"),
            "{said}"
        );
        assert!(
            !said.contains("Bauer") && !said.contains("Springer"),
            "{said}"
        );
        // En passant when it is legal.
        let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        assert!(prompt(Some(&ep), Lang::De.speech()).ends_with("schlägt en passant"));
    }

    #[test]
    fn the_word_set_of_the_session_comes_first_and_the_annex_d_words_follow() {
        let start = Chess::default();
        assert_eq!(
            prompt(Some(&start), Speech::new(Lang::Fr, WordSet::Local)),
            "Pion Cavalier Anna Bella Cesar David Eva Felix Gustav Hector un deux trois \
             quatre Bauer Springer eins zwei drei vier"
        );
        assert!(
            prompt(Some(&start), Speech::new(Lang::En, WordSet::AnnexD))
                .starts_with("Bauer Springer")
        );
    }
}
