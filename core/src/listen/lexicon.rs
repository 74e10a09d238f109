//! The words the program listens for, per language: built from the same tokens it speaks,
//! with the spellings a recogniser may use for them and the table of words that sound alike.
//!
//! Every word here comes from [`Speech::push_words`] on a [`Token`] (pieces, files, ranks,
//! castling, capture, check, mate, en passant, and the tokens of every spoken command), so that
//! hearing and speaking share one vocabulary. Both word sets are heard in every language: the
//! Annex D word and the language's own word in its place ("Springer", "Cavalier") are one word
//! with two spellings, so either, or a mix of both, means the same move. On top of that this
//! module knows three things about hearing:
//!
//! - **spellings**: how a recogniser's dictionary may write a word ("hektor" for Hector,
//!   "zwo" for zwei). Which of them a model knows is checked when it is loaded
//!   ([`Lexicon::check_model`]);
//! - **confusions**: pairs of words that sound alike, with a substitution cost below 1;
//! - **weak words**: short words a recogniser may swallow, with a deletion cost below 1.
//!
//! The costs are used by the matcher (see `docs/listen.md` for the reasoning); every one of
//! them is below half the matcher's acceptance margin, which is what makes two such slips
//! never enough to turn one legal move into another silently.

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::{CastlingSide, File, Rank, Role};

use crate::command::{self, SpokenWord};
use crate::lang::Lang;
use crate::lang::{Speech, WordSet};
use crate::notation::parse::fold;
use crate::words::{Token, Word};

/// The index of a word in its language's [`Lexicon`].
pub type WordId = u16;

/// What a word contributes to a phrase; the matcher's costs depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WordRole {
    /// König, Dame, Turm, Läufer, Springer, Bauer.
    Piece,
    /// Anna … Hector.
    File,
    /// eins … acht.
    Rank,
    /// kurze, lange, Rochade.
    Castling,
    /// schlägt.
    Captures,
    /// Schach, matt: said after a move, they never decide which move it is.
    CheckOrMate,
    /// en, passant.
    EnPassant,
    /// A word of a spoken command (Zeit, ja, Feld, …, and the words of the tables' other
    /// phrasings: "wiederholen", "noch einmal").
    Command,
    /// A word that may stand anywhere without meaning anything (nach, von, auf …). Fillers
    /// are never part of a phrase and are not needed from a model.
    Filler,
}

/// One word of the vocabulary.
#[derive(Debug, Clone)]
pub struct LexWord {
    /// The word as the language writes it ("Läufer").
    pub text: &'static str,
    /// The token it is part of, to name it in reports ("the model does not know Hector");
    /// `None` for a word only of another phrasing of a command ("wiederholen"), which no
    /// model needs to know.
    pub source: Option<Token>,
    /// What it does in a phrase.
    pub role: WordRole,
    /// How a recogniser's dictionary may spell it, in order of preference (lower case).
    pub spellings: Vec<String>,
    /// The ways a player says it, each a word of its own to the ear: the Annex D word and
    /// the language's own word in its place when they differ ("Springer" and "knight",
    /// "drei" and "three"); one form where both word sets say the same.
    pub forms: Vec<&'static str>,
}

/// The hearing vocabulary of one language.
#[derive(Debug)]
pub struct Lexicon {
    lang: Lang,
    words: Vec<LexWord>,
    /// Folded spelling → word.
    by_spelling: HashMap<String, WordId>,
    /// Unordered pairs of words that sound alike → substitution cost.
    confusions: HashMap<(WordId, WordId), f32>,
    /// The same as a dense matrix (row-major, NaN where there is no pair), for the matcher's
    /// inner loop.
    confusion_matrix: Vec<f32>,
    /// Words a recogniser may lose → deletion cost.
    weak: HashMap<WordId, f32>,
    /// The same per word (NaN where not weak).
    weak_by_word: Vec<f32>,
    /// The words of every token the lexicon was built from.
    token_words: HashMap<Token, Vec<WordId>>,
    /// Those tokens in the order they were first heard (moves, then commands), with the role
    /// of their words.
    tokens: Vec<(Token, WordRole)>,
    /// Every command's phrases (the tables' rows) as words, in table order: the same in every
    /// position, so made once, when first asked for ([`Lexicon::command_phrases`]).
    command_phrases: OnceLock<CommandPhrases>,
}

/// Every command's phrases as words: the commands, each once in the order the tables first
/// name them, and each row of the tables with the index of its command there.
#[derive(Debug)]
pub struct CommandPhrases {
    /// The commands, each once.
    pub commands: Vec<crate::Command>,
    /// Each row: its command's index in `commands`, and its words.
    pub rows: Vec<(usize, Vec<WordId>)>,
}

/// Other dictionary spellings of a word (folded canonical form → spellings, preferred first),
/// from the language's table, or for an Annex D word from the German one.
fn extra_spellings(lang: Lang, folded: &str) -> &'static [&'static str] {
    let find = |lang: Lang| {
        lang.table()
            .hearing
            .spellings
            .iter()
            .find(|(word, _)| *word == folded)
            .map(|(_, spellings)| *spellings)
    };
    find(lang).or_else(|| find(Lang::De)).unwrap_or(&[])
}

/// Every token whose words are listened for, with the role of those words.
fn heard_tokens(lang: Lang) -> Vec<(Token, WordRole)> {
    let mut tokens = Vec::new();
    for role in Role::ALL {
        tokens.push((Token::Piece(role), WordRole::Piece));
    }
    for file in File::ALL {
        tokens.push((Token::File(file), WordRole::File));
    }
    for rank in Rank::ALL {
        tokens.push((Token::Rank(rank), WordRole::Rank));
    }
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        tokens.push((Token::Castle(side), WordRole::Castling));
    }
    tokens.push((Token::Word(Word::Castling), WordRole::Castling));
    tokens.push((Token::Captures, WordRole::Captures));
    tokens.push((Token::Check, WordRole::CheckOrMate));
    tokens.push((Token::Mate, WordRole::CheckOrMate));
    // Fillers before en passant and commands: "to" is a filler even though "to move" is a
    // command, French "en" ("de Gustav un en Felix trois") even though it begins "en passant".
    for filler in [Word::To, Word::From, Word::On, Word::Promotion] {
        tokens.push((Token::Word(filler), WordRole::Filler));
    }
    tokens.push((Token::EnPassant, WordRole::EnPassant));
    for (_, phrase) in command::spoken(lang) {
        for word in phrase {
            if let SpokenWord::Token(token) = word {
                tokens.push((token, WordRole::Command));
            }
        }
    }
    tokens
}

/// The words of the commands' other phrasings ("wiederholen", "noch einmal"), each once.
fn phrasing_words(lang: Lang) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for (_, phrase) in command::spoken(lang) {
        for word in phrase {
            if let SpokenWord::Text(text) = word {
                for w in text.split_whitespace() {
                    if !out.contains(&w) {
                        out.push(w);
                    }
                }
            }
        }
    }
    out
}

/// The words of a lexicon as it is built.
#[derive(Default)]
struct Builder {
    words: Vec<LexWord>,
    by_spelling: HashMap<String, WordId>,
    token_words: HashMap<Token, Vec<WordId>>,
}

impl Builder {
    /// The word written `text`: the one already known by that spelling, else a new one.
    /// A word shared by several tokens ("Rochade", a file name in a command) keeps the role
    /// and source it was first seen with: moves come first.
    fn word(
        &mut self,
        lang: Lang,
        text: &'static str,
        source: Option<Token>,
        role: WordRole,
    ) -> WordId {
        let folded = fold(text);
        if let Some(&id) = self.by_spelling.get(&folded) {
            return id;
        }
        let id = WordId::try_from(self.words.len()).expect("fewer than 65536 words");
        self.words.push(LexWord {
            text,
            source,
            role,
            spellings: Vec::new(),
            forms: vec![text],
        });
        self.by_spelling.insert(folded, id);
        self.add_spelling(lang, id, text);
        id
    }

    /// Another way to say word `id` (the other word set's word in its place), when it is
    /// another word to the ear and names `id`.
    fn add_form(&mut self, id: WordId, text: &'static str) {
        let folded = fold(text);
        let forms = &mut self.words[usize::from(id)].forms;
        if self.by_spelling.get(&folded) == Some(&id) && forms.iter().all(|f| fold(f) != folded) {
            forms.push(text);
        }
    }

    /// Another way to write word `id`, with the dictionary spellings the tables know for it.
    /// A spelling that already names another word keeps naming that one.
    fn add_spelling(&mut self, lang: Lang, id: WordId, text: &str) {
        let folded = fold(text);
        let extra = extra_spellings(lang, &folded);
        let spellings: Vec<String> = if extra.is_empty() {
            vec![text.to_lowercase()]
        } else {
            extra.iter().map(|s| s.to_string()).collect()
        };
        match self.by_spelling.get(&folded) {
            Some(&other) if other != id => return,
            _ => {}
        }
        self.by_spelling.insert(folded, id);
        for spelling in spellings {
            self.by_spelling.entry(fold(&spelling)).or_insert(id);
            let known = &mut self.words[usize::from(id)].spellings;
            if !known.contains(&spelling) {
                known.push(spelling);
            }
        }
    }
}

impl Lexicon {
    /// The lexicon of a language, built once.
    pub fn get(lang: Lang) -> &'static Lexicon {
        static CACHE: [OnceLock<Lexicon>; Lang::ALL.len()] =
            [const { OnceLock::new() }; Lang::ALL.len()];
        CACHE[lang.index()].get_or_init(|| Lexicon::build(lang))
    }

    fn build(lang: Lang) -> Lexicon {
        // The words of both word sets: a word of the Annex D set and the language's own word
        // in its place are one word to the matcher ("Springer" and "Cavalier", "drei" and
        // "trois"), so either, or a mix, is heard as the same move.
        let annex_d = Speech::new(lang, WordSet::AnnexD);
        let local = Speech::new(lang, WordSet::Local);
        let mut builder = Builder::default();
        let mut tokens: Vec<(Token, WordRole)> = Vec::new();
        for (token, role) in heard_tokens(lang) {
            if !tokens.iter().any(|(t, _)| *t == token) {
                tokens.push((token, role));
            }
            let texts = |speech: Speech| -> Vec<&'static str> {
                speech
                    .words(token)
                    .iter()
                    .flat_map(|s| s.text.split_whitespace())
                    .collect()
            };
            let (main, own) = (texts(annex_d), texts(local));
            assert_eq!(
                main.len(),
                own.len(),
                "{lang}: '{}' and '{}' must have as many words",
                main.join(" "),
                own.join(" ")
            );
            let mut ids = Vec::with_capacity(main.len());
            for (text, other) in main.into_iter().zip(own) {
                let id = builder.word(lang, text, Some(token), role);
                builder.add_spelling(lang, id, other);
                builder.add_form(id, other);
                ids.push(id);
            }
            builder.token_words.entry(token).or_insert(ids);
        }
        // The words of the commands' other phrasings, after every token's.
        for text in phrasing_words(lang) {
            builder.word(lang, text, None, WordRole::Command);
        }
        // A piece's plural and a colour's other forms ("Bauern", "weißen", "blanches") are
        // the same word (one letter is no form: it may be a file).
        let table = lang.table();
        for (role, forms) in Role::ALL.into_iter().zip(table.piece_forms) {
            if let Some(&[id]) = builder
                .token_words
                .get(&Token::Piece(role))
                .map(Vec::as_slice)
            {
                for form in forms.iter().filter(|f| f.chars().count() > 1) {
                    builder.add_spelling(lang, id, form);
                }
            }
        }
        for (adjective, forms) in [Word::WhiteAdjective, Word::BlackAdjective]
            .into_iter()
            .zip(table.colour_forms)
        {
            if let Some(&[id]) = builder
                .token_words
                .get(&Token::Word(adjective))
                .map(Vec::as_slice)
            {
                for form in forms {
                    builder.add_spelling(lang, id, form);
                }
            }
        }
        // The forms an agreeing word takes ("blanche", "restantes") are the same word.
        for agreeing in lang.table().agreeing {
            if let Some(&[id]) = builder
                .token_words
                .get(&Token::Word(agreeing.word))
                .map(Vec::as_slice)
            {
                for form in agreeing.forms.iter().filter(|f| !f.text.contains(' ')) {
                    builder.add_spelling(lang, id, form.text);
                }
            }
        }
        let Builder {
            words,
            by_spelling,
            token_words,
        } = builder;
        let id_of = |w: &str| by_spelling.get(&fold(w)).copied();
        // The language's own pairs and weak words, and those of the Annex D words it hears.
        let tables = [lang.table(), Lang::De.table()];
        let mut confusions = HashMap::new();
        for (i, table) in tables.iter().enumerate() {
            for &(a, b, cost) in table.hearing.confusions {
                match (id_of(a), id_of(b)) {
                    // Two words one word set says as one (a rank and its Annex D word) are no pair.
                    (Some(a), Some(b)) if a == b => {}
                    (Some(a), Some(b)) => {
                        confusions.entry((a.min(b), a.max(b))).or_insert(cost);
                    }
                    _ if i == 0 => {
                        panic!("confusion table names '{a}' or '{b}', not a {lang} word")
                    }
                    _ => {}
                }
            }
        }
        let mut weak: HashMap<WordId, f32> = HashMap::new();
        for (i, table) in tables.iter().enumerate() {
            for &(w, cost) in table.hearing.weak {
                match id_of(w) {
                    Some(id) => {
                        weak.entry(id).or_insert(cost);
                    }
                    None if i == 0 => panic!("weak word '{w}' is not a {lang} word"),
                    None => {}
                }
            }
        }
        let n = words.len();
        let mut confusion_matrix = vec![f32::NAN; n * n];
        for (&(a, b), &cost) in &confusions {
            let (a, b) = (usize::from(a), usize::from(b));
            confusion_matrix[a * n + b] = cost;
            confusion_matrix[b * n + a] = cost;
        }
        let mut weak_by_word = vec![f32::NAN; n];
        for (&w, &cost) in &weak {
            weak_by_word[usize::from(w)] = cost;
        }
        Lexicon {
            lang,
            words,
            by_spelling,
            confusions,
            confusion_matrix,
            weak,
            weak_by_word,
            token_words,
            tokens,
            command_phrases: OnceLock::new(),
        }
    }

    /// Every command's phrases as words, in the tables' order: each row of
    /// [`command::spoken`] with the command it says.
    pub fn command_phrases(&self) -> &CommandPhrases {
        self.command_phrases.get_or_init(|| {
            let mut commands: Vec<crate::Command> = Vec::new();
            let rows = command::spoken(self.lang)
                .into_iter()
                .map(|(command, words)| {
                    let index = commands
                        .iter()
                        .position(|c| *c == command)
                        .unwrap_or_else(|| {
                            commands.push(command);
                            commands.len() - 1
                        });
                    (index, self.ids_of_spoken(&words))
                })
                .collect();
            CommandPhrases { commands, rows }
        })
    }

    /// The language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Every word, indexed by [`WordId`].
    pub fn words(&self) -> &[LexWord] {
        &self.words
    }

    /// One word.
    pub fn word(&self, id: WordId) -> &LexWord {
        &self.words[usize::from(id)]
    }

    /// The word a heard or typed spelling stands for, in any case and umlaut spelling.
    pub fn lookup(&self, spelling: &str) -> Option<WordId> {
        self.by_spelling.get(&fold(spelling)).copied()
    }

    /// True for words that carry no meaning in a move ("nach", "von").
    pub fn is_filler(&self, spelling: &str) -> bool {
        self.lookup(spelling)
            .is_some_and(|id| self.word(id).role == WordRole::Filler)
    }

    /// The substitution cost of two words that sound alike, if they are in the table.
    pub fn confusion(&self, a: WordId, b: WordId) -> Option<f32> {
        let cost = self.confusion_matrix[usize::from(a) * self.words.len() + usize::from(b)];
        (!cost.is_nan()).then_some(cost)
    }

    /// Every pair of the confusion table with its cost.
    pub fn confusions(&self) -> impl Iterator<Item = (WordId, WordId, f32)> + '_ {
        self.confusions.iter().map(|(&(a, b), &c)| (a, b, c))
    }

    /// The deletion cost of a word a recogniser may lose, if it is one.
    pub fn weak(&self, id: WordId) -> Option<f32> {
        let cost = self.weak_by_word[usize::from(id)];
        (!cost.is_nan()).then_some(cost)
    }

    /// Every weak word with its deletion cost.
    pub fn weak_words(&self) -> impl Iterator<Item = (WordId, f32)> + '_ {
        self.weak.iter().map(|(&w, &c)| (w, c))
    }

    /// The words of a token sequence as ids. Every token used here must be one the lexicon
    /// was built from; anything else is a programming error.
    pub fn ids_of(&self, tokens: &[Token]) -> Vec<WordId> {
        if let [token] = tokens
            && let Some(ids) = self.token_words.get(token)
        {
            return ids.clone();
        }
        // Word by word, unless the language turns round a colour and its piece.
        let reordered = self.lang.table().colour_after_piece
            && tokens.iter().any(|t| {
                matches!(
                    t,
                    Token::Word(
                        Word::WhiteAdjective
                            | Word::WhiteMasculine
                            | Word::BlackAdjective
                            | Word::BlackMasculine
                    )
                )
            });
        if !reordered && tokens.iter().all(|t| self.token_words.contains_key(t)) {
            return tokens
                .iter()
                .flat_map(|t| self.token_words[t].iter().copied())
                .collect();
        }
        let mut spoken = Vec::with_capacity(tokens.len() + 2);
        self.lang.speech().push_tokens(tokens, &mut spoken);
        spoken
            .iter()
            .flat_map(|s| s.text.split_whitespace())
            .map(|w| {
                self.lookup(w)
                    .unwrap_or_else(|| panic!("'{w}' is not in the {} lexicon", self.lang))
            })
            .collect()
    }

    /// The words of a spoken command's phrase as ids (see [`Lexicon::ids_of`]).
    pub fn ids_of_spoken(&self, words: &[SpokenWord]) -> Vec<WordId> {
        let mut out = Vec::with_capacity(words.len() + 2);
        for word in words {
            match word {
                SpokenWord::Token(token) => out.extend(self.ids_of(std::slice::from_ref(token))),
                SpokenWord::Text(text) => out.extend(text.split_whitespace().map(|w| {
                    self.lookup(w)
                        .unwrap_or_else(|| panic!("'{w}' is not in the {} lexicon", self.lang))
                })),
            }
        }
        out
    }

    /// The tokens whose words, as `speech` says them, a model does not know in any of their
    /// dictionary spellings (given its lookup `has_word`), each once, moves first: what the
    /// model cannot hear in that word set (a French model and "Springer", say), even if it
    /// hears the same move in the other.
    pub fn unknown_tokens(
        &self,
        speech: Speech,
        mut has_word: impl FnMut(&str) -> bool,
    ) -> Vec<Token> {
        let mut out = Vec::new();
        for &(token, role) in &self.tokens {
            if role == WordRole::Filler || out.contains(&token) {
                continue;
            }
            let unknown = speech
                .words(token)
                .iter()
                .flat_map(|s| s.text.split_whitespace())
                .any(|text| {
                    let extra = extra_spellings(self.lang, &fold(text));
                    !has_word(&text.to_lowercase()) && !extra.iter().any(|s| has_word(s))
                });
            if unknown {
                out.push(token);
            }
        }
        out
    }

    /// Which spellings of each word a model knows, given its dictionary lookup `has_word`.
    pub fn check_model(&self, mut has_word: impl FnMut(&str) -> bool) -> ModelWords {
        let mut spellings = Vec::with_capacity(self.words.len());
        let mut missing = Vec::new();
        for (id, word) in self.words.iter().enumerate() {
            let known: Vec<String> = word
                .spellings
                .iter()
                .filter(|s| has_word(s.as_str()))
                .cloned()
                .collect();
            // A filler is never needed (it matters only inside a command: "to move"), nor a
            // word of another phrasing (the table's own phrase says the same).
            if known.is_empty() && word.role != WordRole::Filler && word.source.is_some() {
                missing.push(id as WordId);
            }
            spellings.push(known);
        }
        ModelWords { spellings, missing }
    }
}

/// The spellings a particular model knows for each word of a lexicon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelWords {
    /// Per [`WordId`]: the known spellings, preferred first (empty when missing).
    pub spellings: Vec<Vec<String>>,
    /// Words the model knows in no spelling: they cannot be heard.
    pub missing: Vec<WordId>,
}

impl ModelWords {
    /// The missing words as tokens, each token once, for a report.
    pub fn missing_tokens(&self, lexicon: &Lexicon) -> Vec<Token> {
        let mut tokens: Vec<Token> = Vec::new();
        for &id in &self.missing {
            if let Some(source) = lexicon.word(id).source
                && !tokens.contains(&source)
            {
                tokens.push(source);
            }
        }
        tokens
    }

    /// The missing words as they are written ("Hector, passant").
    pub fn missing_texts(&self, lexicon: &Lexicon) -> Vec<&'static str> {
        self.missing
            .iter()
            .map(|&id| lexicon.word(id).text)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_is_said_in_either_word_sets_form() {
        let forms = |lang: Lang, word: &str| {
            let lex = Lexicon::get(lang);
            lex.word(lex.lookup(word).unwrap()).forms.clone()
        };
        assert_eq!(forms(Lang::En, "knight"), ["Springer", "knight"]);
        assert_eq!(forms(Lang::En, "drei"), ["drei", "three"]);
        assert_eq!(forms(Lang::Fr, "Springer"), ["Springer", "Cavalier"]);
        // One form where both sets say the same, and in German.
        assert_eq!(forms(Lang::En, "Felix"), ["Felix"]);
        assert_eq!(forms(Lang::De, "Springer"), ["Springer"]);
        for lang in Lang::ALL {
            let lex = Lexicon::get(lang);
            for word in lex.words() {
                assert_eq!(word.forms[0], word.text, "{lang}");
                for form in &word.forms {
                    assert_eq!(lex.lookup(form), lex.lookup(word.text), "{lang} {form}");
                }
            }
        }
    }

    #[test]
    fn every_spoken_move_word_is_heard() {
        for lang in Lang::ALL {
            let lex = Lexicon::get(lang);
            for (token, _) in heard_tokens(lang) {
                assert!(!lex.ids_of(&[token]).is_empty(), "{token:?} in {lang}");
            }
            // The Annex D words are heard in every language, the language's own words in it.
            assert!(lex.lookup("Springer").is_some());
            assert_eq!(lex.lookup("knight").is_some(), lang == Lang::En);
            assert_eq!(lex.lookup("cavalier").is_some(), lang == Lang::Fr);
        }
        let de = Lexicon::get(Lang::De);
        assert_eq!(de.lookup("hektor"), de.lookup("Hector"));
        assert_eq!(de.lookup("Zäsar"), de.lookup("Cesar"));
        assert_eq!(de.lookup("zwo"), de.lookup("zwei"));
        assert_eq!(de.lookup("funf"), de.lookup("fünf"));
        assert_eq!(de.lookup("LÄUFER"), de.lookup("laeufer"));
        assert!(de.is_filler("nach"));
        assert!(!de.is_filler("Springer"));
        // Either word set's word, or a form of an agreeing word, is one word.
        let fr = Lexicon::get(Lang::Fr);
        assert_eq!(fr.lookup("Cavalier"), fr.lookup("Springer"));
        assert_eq!(fr.lookup("trois"), fr.lookup("drei"));
        assert_eq!(fr.lookup("petit"), fr.lookup("kurze"));
        assert_eq!(fr.lookup("roque"), fr.lookup("Rochade"));
        assert_eq!(fr.lookup("Hektor"), fr.lookup("Hector"));
        assert_eq!(fr.lookup("blanche"), fr.lookup("blanc"));
        assert_eq!(fr.lookup("échec"), fr.lookup("echec"));
        assert!(fr.lookup("prend").is_some());
        assert!(fr.is_filler("en") && fr.is_filler("de"));
        let en = Lexicon::get(Lang::En);
        assert_eq!(en.lookup("knight"), en.lookup("Springer"));
        assert_eq!(en.lookup("zwo"), en.lookup("two"));
    }

    #[test]
    fn confusion_and_weak_costs_stay_below_half_the_margin() {
        for lang in Lang::ALL {
            let lex = Lexicon::get(lang);
            for (a, b, cost) in lex.confusions() {
                assert_ne!(a, b);
                assert!(cost > 0.0 && cost < 0.5, "{a} {b} {cost}");
            }
            for (_, cost) in lex.weak_words() {
                assert!(cost > 0.0 && cost < 0.5);
            }
        }
        let de = Lexicon::get(Lang::De);
        let zwei = de.lookup("zwei").unwrap();
        let drei = de.lookup("drei").unwrap();
        assert_eq!(de.confusion(zwei, drei), de.confusion(drei, zwei));
        assert!(de.confusion(zwei, drei).is_some());
    }

    #[test]
    fn no_two_slips_lead_from_one_meaningful_word_to_another() {
        // Two confusions sharing a word make a chain a ~ b ~ c: two slips could turn a into
        // c while the matcher sees c exactly. No chain may join two words that carry a move.
        let content = |role| matches!(role, WordRole::Piece | WordRole::File | WordRole::Rank);
        for lang in Lang::ALL {
            let lex = Lexicon::get(lang);
            let pairs: Vec<_> = lex.confusions().collect();
            for &(a, b, _) in &pairs {
                for &(c, d, _) in &pairs {
                    if (a, b) == (c, d) {
                        continue;
                    }
                    for (shared, x, y) in [(a, b, d), (a, b, c), (b, a, d), (b, a, c)] {
                        let joined = (shared == c || shared == d) && x != y && shared != y;
                        if joined {
                            assert!(
                                !(content(lex.word(x).role) && content(lex.word(y).role)),
                                "{lang}: {} ~ {} ~ {}",
                                lex.word(x).text,
                                lex.word(shared).text,
                                lex.word(y).text
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_filler_that_sounds_like_a_rank_is_close_to_it() {
        let en = Lexicon::get(Lang::En);
        let to = en.lookup("to").unwrap();
        let two = en.lookup("two").unwrap();
        assert!(en.is_filler("to"));
        assert_eq!(en.confusion(to, two), Some(0.3));
    }

    #[test]
    fn what_a_model_cannot_hear_is_named_per_word_set() {
        // A French dictionary without the German words: in the Annex D words it lacks the
        // pieces (but "Dame", French too), ranks and castling; in the French words nothing.
        let german_only = [
            "bauer", "springer", "läufer", "laeufer", "turm", "könig", "koenig", "eins", "zwei",
            "zwo", "drei", "vier", "fünf", "fuenf", "funf", "sechs", "sieben", "acht", "kurze",
            "lange", "rochade",
        ];
        let fr = Lexicon::get(Lang::Fr);
        let known: Vec<String> = fr
            .words()
            .iter()
            .flat_map(|w| w.spellings.iter())
            .filter(|s| !german_only.contains(&s.as_str()))
            .cloned()
            .collect();
        let has = |w: &str| known.iter().any(|k| k == w);
        let annex_d = fr.unknown_tokens(Speech::new(Lang::Fr, WordSet::AnnexD), has);
        assert_eq!(annex_d.len(), 5 + 8 + 2, "{annex_d:?}");
        assert_eq!(annex_d[0], Token::Piece(Role::Pawn));
        assert!(!annex_d.contains(&Token::Piece(Role::Queen)));
        let local = fr.unknown_tokens(Speech::new(Lang::Fr, WordSet::Local), has);
        assert_eq!(local, vec![]);
        // The model still hears every move, in the French words.
        assert!(fr.check_model(has).missing.is_empty());
    }

    #[test]
    fn a_model_dictionary_picks_the_spellings_it_knows() {
        let de = Lexicon::get(Lang::De);
        let dictionary: std::collections::HashSet<&str> = [
            "springer", "hector", "zäsar", "cesar", "eins", "zwei", "zwo", "funf",
        ]
        .into();
        let known = de.check_model(|w| dictionary.contains(w));
        let hector = usize::from(de.lookup("Hector").unwrap());
        let cesar = usize::from(de.lookup("Cesar").unwrap());
        let zwei = usize::from(de.lookup("zwei").unwrap());
        let funf = usize::from(de.lookup("fünf").unwrap());
        assert_eq!(known.spellings[hector], vec!["hector"]);
        assert_eq!(known.spellings[cesar], vec!["zäsar", "cesar"]);
        assert_eq!(known.spellings[zwei], vec!["zwei", "zwo"]);
        assert_eq!(known.spellings[funf], vec!["funf"]);
        let missing = known.missing_texts(de);
        assert!(missing.contains(&"Dame") && !missing.contains(&"Springer"));
        assert!(
            known
                .missing_tokens(de)
                .contains(&Token::Piece(Role::Queen))
        );
    }
}
