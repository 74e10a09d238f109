//! Decoding inside the grammar: a beam search over a recogniser's tokens that only ever
//! follows the phrases of the [`PhraseGraph`], for a recogniser that writes tokens one at a
//! time with a probability for each (Whisper).
//!
//! Each word of the lexicon is written by the recogniser's tokenizer in several spellings
//! (" Springer", " springer"; " drei", " 3", " III"), kept as a trie of token ids per word
//! ([`WordSpellings`]). A hypothesis is a path through the graph: the words it has said and
//! where it is inside the next one. At every step the recogniser gives, for each live
//! hypothesis, the log-probability of every token after it; each hypothesis may go on with
//! the tokens the grammar allows there (the next token of a word begun, the first of a word
//! that may follow, a comma between words), or end where a phrase may end (the end of text,
//! or a full stop, whichever the recogniser finds likelier: Whisper sometimes will not end a
//! text without one). The [`SearchOptions::beam`] likeliest go on; hypotheses that differ
//! only in how an earlier word was written are one (the likelier kept), so the beam holds
//! different phrases. The search ends when no hypothesis can come within
//! [`SearchOptions::hopeless`] of the best phrase found, or at [`SearchOptions::max_tokens`].
//!
//! Pure: the recogniser's numbers come in, the next tokens to feed go out (each with the row
//! it continues), so the search is tested with made-up probabilities.
//!
//! [`Greedy`] follows the recogniser's own likeliest token at every step, outside any
//! grammar: its likelihood, beside the best phrase's, tells speech that is no phrase at all.

use std::collections::HashMap;

use super::lexicon::WordId;
use super::phrase_graph::{NodeId, PhraseGraph};

/// A token of the recogniser's vocabulary.
pub type TokenId = u32;

/// One word's spellings as token ids, in a trie (node 0 is the root).
#[derive(Debug, Clone, Default)]
struct SpellingTrie {
    /// Per node: the tokens that may follow and the node each leads to.
    children: Vec<Vec<(TokenId, u32)>>,
    /// Per node: the spelling that ends there, if one does.
    ends: Vec<Option<u16>>,
}

impl SpellingTrie {
    fn new() -> SpellingTrie {
        SpellingTrie {
            children: vec![Vec::new()],
            ends: vec![None],
        }
    }

    fn insert(&mut self, tokens: &[TokenId], spelling: u16) {
        let mut node = 0usize;
        for &token in tokens {
            node = match self.children[node].iter().find(|(t, _)| *t == token) {
                Some(&(_, next)) => next as usize,
                None => {
                    let next = self.children.len();
                    self.children.push(Vec::new());
                    self.ends.push(None);
                    self.children[node].push((token, next as u32));
                    next
                }
            };
        }
        if self.ends[node].is_none() {
            self.ends[node] = Some(spelling);
        }
    }
}

/// How the recogniser writes each word of a lexicon: its spellings, as text and as tokens.
#[derive(Debug, Clone, Default)]
pub struct WordSpellings {
    tries: Vec<SpellingTrie>,
    texts: Vec<Vec<String>>,
}

impl WordSpellings {
    /// The spellings of `words` words (by [`WordId`]): `spell` gives each word's spellings,
    /// each as its text and its tokens. A spelling without tokens is left out; two spellings
    /// with the same tokens are one.
    pub fn new(
        words: usize,
        mut spell: impl FnMut(WordId) -> Vec<(String, Vec<TokenId>)>,
    ) -> WordSpellings {
        let mut tries = Vec::with_capacity(words);
        let mut texts = Vec::with_capacity(words);
        for id in 0..words {
            let mut trie = SpellingTrie::new();
            let mut written = Vec::new();
            for (text, tokens) in spell(id as WordId) {
                if tokens.is_empty() {
                    continue;
                }
                trie.insert(&tokens, written.len() as u16);
                written.push(text);
            }
            tries.push(trie);
            texts.push(written);
        }
        WordSpellings { tries, texts }
    }

    /// A spelling's text.
    pub fn text(&self, word: WordId, spelling: u16) -> &str {
        &self.texts[usize::from(word)][usize::from(spelling)]
    }

    fn trie(&self, word: WordId) -> &SpellingTrie {
        &self.tries[usize::from(word)]
    }
}

/// How wide and how long the search is.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchOptions {
    /// How many hypotheses go on at each step.
    pub beam: usize,
    /// The most tokens a phrase may have.
    pub max_tokens: usize,
    /// A hypothesis this much (in log-likelihood) below the best phrase found is dropped: it
    /// can only lose more.
    pub hopeless: f32,
    /// The tokens that end a phrase (the end of text, a full stop): the likeliest counts.
    pub ends: Vec<TokenId>,
    /// The token of a comma, allowed once between two words ("David zwei, David drei").
    pub comma: Option<TokenId>,
    /// Measure [`SearchOptions::hopeless`] against the best phrase's likelihood per word
    /// (its end counted as a word) times the hypothesis' own words, instead of against the
    /// best phrase's likelihood: a long phrase, likelier per word than a short one found
    /// first, is not given up for being long. Measured and left out (docs/listen.md): it
    /// found a few more long phrases, but Whisper base had not heard them well enough to
    /// be taken.
    pub hopeless_per_word: bool,
}

/// Where a hypothesis is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum State {
    /// Between words, at a node of the graph (a comma may come next, once).
    Boundary { node: NodeId, comma: bool },
    /// Inside a word that may follow `node`: the words it may still be, with their place in
    /// their spelling tries (several while their spellings begin alike).
    InWord {
        node: NodeId,
        words: Vec<(WordId, u32)>,
    },
}

/// One hypothesis.
#[derive(Debug, Clone)]
struct Hypothesis {
    /// Its log-likelihood so far.
    score: f32,
    /// Its tokens so far.
    tokens: usize,
    /// The words said so far, each with the spelling it was written in.
    words: Vec<(WordId, u16)>,
    state: State,
}

/// A phrase the search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// Its words, each with the spelling it was written in.
    pub words: Vec<(WordId, u16)>,
    /// Its log-likelihood, its end included.
    pub score: f32,
    /// Its tokens, its end included.
    pub tokens: usize,
}

impl Found {
    /// The words alone.
    pub fn word_ids(&self) -> Vec<WordId> {
        self.words.iter().map(|&(w, _)| w).collect()
    }

    /// The phrase as the recogniser wrote it.
    pub fn text(&self, spellings: &WordSpellings) -> String {
        self.words
            .iter()
            .map(|&(w, s)| spellings.text(w, s))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// What one hypothesis may do next: a token (and where it leads) or the end.
#[derive(Debug, Clone)]
enum Next {
    Token(TokenId, State, Option<(WordId, u16)>),
    End(Option<(WordId, u16)>),
}

/// A beam search inside a [`PhraseGraph`].
#[derive(Debug)]
pub struct Search<'a> {
    graph: &'a PhraseGraph,
    spellings: &'a WordSpellings,
    options: SearchOptions,
    live: Vec<Hypothesis>,
    found: Vec<Found>,
}

impl<'a> Search<'a> {
    /// A search from the graph's root: one hypothesis, nothing said.
    pub fn new(
        graph: &'a PhraseGraph,
        spellings: &'a WordSpellings,
        options: SearchOptions,
    ) -> Search<'a> {
        Search {
            live: vec![Hypothesis {
                score: 0.0,
                tokens: 0,
                words: Vec::new(),
                state: State::Boundary {
                    node: graph.root(),
                    comma: false,
                },
            }],
            graph,
            spellings,
            options,
            found: Vec::new(),
        }
    }

    /// How many hypotheses are alive: the rows the recogniser is to compute next.
    pub fn live(&self) -> usize {
        self.live.len()
    }

    /// What may follow a hypothesis at a boundary: the first tokens of the words that may
    /// follow, the end, a comma.
    fn after_boundary(&self, node: NodeId, comma: bool, said: Option<(WordId, u16)>) -> Vec<Next> {
        let mut out = Vec::new();
        let mut starts: Vec<(TokenId, Vec<(WordId, u32)>)> = Vec::new();
        for &(word, _) in self.graph.edges(node) {
            for &(token, child) in &self.spellings.trie(word).children[0] {
                match starts.iter_mut().find(|(t, _)| *t == token) {
                    Some((_, words)) => words.push((word, child)),
                    None => starts.push((token, vec![(word, child)])),
                }
            }
        }
        for (token, words) in starts {
            out.push(Next::Token(token, State::InWord { node, words }, said));
        }
        if self.graph.is_final(node) {
            out.push(Next::End(said));
        }
        if let Some(token) = self.options.comma
            && comma
        {
            out.push(Next::Token(
                token,
                State::Boundary { node, comma: false },
                said,
            ));
        }
        out
    }

    /// Everything a hypothesis may do next.
    fn next(&self, state: &State) -> Vec<Next> {
        match state {
            State::Boundary { node, comma } => self.after_boundary(*node, *comma, None),
            State::InWord { node, words } => {
                let mut out = Vec::new();
                let mut going_on: Vec<(TokenId, Vec<(WordId, u32)>)> = Vec::new();
                for &(word, at) in words {
                    let trie = self.spellings.trie(word);
                    for &(token, child) in &trie.children[at as usize] {
                        match going_on.iter_mut().find(|(t, _)| *t == token) {
                            Some((_, w)) => w.push((word, child)),
                            None => going_on.push((token, vec![(word, child)])),
                        }
                    }
                    if let Some(spelling) = trie.ends[at as usize]
                        && let Some(after) = self.graph.next(*node, word)
                    {
                        out.extend(self.after_boundary(after, true, Some((word, spelling))));
                    }
                }
                for (token, words) in going_on {
                    out.push(Next::Token(
                        token,
                        State::InWord { node: *node, words },
                        None,
                    ));
                }
                out
            }
        }
    }

    /// The recogniser has computed the log-probabilities of every token after each live
    /// hypothesis (`rows`, one row of `vocabulary` values per hypothesis, in order). Returns
    /// the rows to compute next: for each, the row it continues and the token to feed. Empty
    /// when the search is over.
    pub fn step(&mut self, rows: &[f32], vocabulary: usize) -> Vec<(usize, TokenId)> {
        assert_eq!(
            rows.len(),
            self.live.len() * vocabulary,
            "one row a hypothesis"
        );
        struct Candidate {
            parent: usize,
            score: f32,
            token: TokenId,
            state: State,
            said: Option<(WordId, u16)>,
        }
        let mut candidates: Vec<Candidate> = Vec::new();
        let live = std::mem::take(&mut self.live);
        for (row, hypothesis) in live.iter().enumerate() {
            let logp = &rows[row * vocabulary..(row + 1) * vocabulary];
            let at = |token: TokenId| logp.get(token as usize).copied().unwrap_or(f32::MIN);
            for next in self.next(&hypothesis.state) {
                match next {
                    Next::Token(token, state, said) => candidates.push(Candidate {
                        parent: row,
                        score: hypothesis.score + at(token),
                        token,
                        state,
                        said,
                    }),
                    Next::End(said) => {
                        let end = self
                            .options
                            .ends
                            .iter()
                            .map(|&t| at(t))
                            .fold(f32::MIN, f32::max);
                        let mut words = hypothesis.words.clone();
                        words.extend(said);
                        self.found.push(Found {
                            words,
                            score: hypothesis.score + end,
                            tokens: hypothesis.tokens + 1,
                        });
                    }
                }
            }
        }
        let best_found = self.found.iter().map(|f| f.score).fold(f32::MIN, f32::max);
        let per_word = self.options.hopeless_per_word && !self.found.is_empty();
        let best_per_word = if per_word {
            self.found
                .iter()
                .map(|f| f.score / (f.words.len() + 1) as f32)
                .fold(f32::MIN, f32::max)
        } else {
            0.0
        };
        let hopeless = self.options.hopeless;
        candidates.retain(|c| {
            if !c.score.is_finite() {
                return false;
            }
            if per_word {
                let words = live[c.parent].words.len()
                    + usize::from(c.said.is_some())
                    + usize::from(matches!(c.state, State::InWord { .. }));
                c.score > best_per_word * (words + 1) as f32 - hopeless
            } else {
                c.score > best_found - hopeless
            }
        });
        candidates.sort_by(|a, b| b.score.total_cmp(&a.score));
        // Hypotheses that differ only in an earlier word's spelling are one: the likelier.
        let mut seen: HashMap<(Vec<WordId>, State), ()> = HashMap::new();
        let mut next_rows = Vec::new();
        for candidate in candidates {
            if self.live.len() >= self.options.beam {
                break;
            }
            let parent = &live[candidate.parent];
            if parent.tokens + 1 >= self.options.max_tokens {
                continue;
            }
            let mut words = parent.words.clone();
            words.extend(candidate.said);
            let key = (
                words.iter().map(|&(w, _)| w).collect(),
                candidate.state.clone(),
            );
            if seen.insert(key, ()).is_some() {
                continue;
            }
            next_rows.push((candidate.parent, candidate.token));
            self.live.push(Hypothesis {
                score: candidate.score,
                tokens: parent.tokens + 1,
                words,
                state: candidate.state,
            });
        }
        next_rows
    }

    /// The phrases found, likeliest first, each once (in its likeliest spelling).
    pub fn finish(mut self) -> Vec<Found> {
        self.found.sort_by(|a, b| b.score.total_cmp(&a.score));
        let mut out: Vec<Found> = Vec::new();
        for found in self.found {
            if !out.iter().any(|f| f.word_ids() == found.word_ids()) {
                out.push(found);
            }
        }
        out
    }
}

/// The recogniser's own likeliest text, a token at a time, outside any grammar.
#[derive(Debug, Clone, PartialEq)]
pub struct Greedy {
    /// The tokens written so far.
    pub tokens: Vec<TokenId>,
    /// Their log-likelihood, the end included once reached.
    pub score: f32,
    /// Whether the text has ended.
    pub ended: bool,
}

impl Greedy {
    /// Nothing written yet.
    pub fn new() -> Greedy {
        Greedy {
            tokens: Vec::new(),
            score: 0.0,
            ended: false,
        }
    }

    /// The row after the last token: the likeliest token of the first `text_tokens` (the
    /// text's, not the recogniser's control tokens), or the end (`end`) if that is likelier.
    /// Returns the token to feed next, or `None` when the text ends here.
    pub fn step(&mut self, row: &[f32], text_tokens: usize, end: TokenId) -> Option<TokenId> {
        let mut best = (end, row.get(end as usize).copied().unwrap_or(f32::MIN));
        for (token, &logp) in row.iter().enumerate().take(text_tokens) {
            if logp > best.1 {
                best = (token as TokenId, logp);
            }
        }
        self.score += best.1;
        if best.0 == end {
            self.ended = true;
            return None;
        }
        self.tokens.push(best.0);
        Some(best.0)
    }

    /// Its log-likelihood per token, the end included.
    pub fn per_token(&self) -> f32 {
        self.score / (self.tokens.len() + usize::from(self.ended)).max(1) as f32
    }
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::listen::lexicon::Lexicon;

    /// A made-up tokenizer: each spelling is one token per letter pair, with a space first.
    struct Toy {
        vocabulary: Vec<String>,
    }

    impl Toy {
        const END: TokenId = 0;
        const STOP: TokenId = 1;
        const COMMA: TokenId = 2;

        fn new() -> Toy {
            Toy {
                vocabulary: vec!["<end>".into(), ".".into(), ",".into()],
            }
        }

        fn token(&mut self, piece: &str) -> TokenId {
            match self.vocabulary.iter().position(|p| p == piece) {
                Some(i) => i as TokenId,
                None => {
                    self.vocabulary.push(piece.to_string());
                    (self.vocabulary.len() - 1) as TokenId
                }
            }
        }

        fn tokens(&mut self, text: &str) -> Vec<TokenId> {
            let spaced = format!(" {text}");
            let chars: Vec<char> = spaced.chars().collect();
            chars
                .chunks(3)
                .map(|c| self.token(&c.iter().collect::<String>()))
                .collect()
        }
    }

    fn spellings(lexicon: &Lexicon, toy: &mut Toy) -> WordSpellings {
        WordSpellings::new(lexicon.words().len(), |id| {
            lexicon
                .word(id)
                .spellings
                .iter()
                .map(|s| (s.clone(), toy.tokens(s)))
                .collect()
        })
    }

    fn options() -> SearchOptions {
        SearchOptions {
            beam: 6,
            max_tokens: 40,
            hopeless: 20.0,
            ends: vec![Toy::END, Toy::STOP],
            comma: Some(Toy::COMMA),
            hopeless_per_word: false,
        }
    }

    /// Plays a recogniser that "hears" `said`: at every step, each row gives the token that
    /// continues `said` (as the toy writes it) log-probability `sure`, everything else -8.
    fn run(said: &str, sure: f32) -> Vec<(String, f32)> {
        run_with(said, sure, options())
    }

    fn run_with(said: &str, sure: f32, options: SearchOptions) -> Vec<(String, f32)> {
        let lexicon = Lexicon::get(Lang::De);
        let graph = PhraseGraph::get(Lang::De);
        let mut toy = Toy::new();
        let spellings = spellings(lexicon, &mut toy);
        let mut heard: Vec<TokenId> = said
            .split_whitespace()
            .flat_map(|w| toy.tokens(&w.to_lowercase()))
            .collect();
        heard.push(Toy::END);
        let vocabulary = toy.vocabulary.len();
        let mut search = Search::new(graph, &spellings, options);
        // Each row knows the tokens fed before it.
        let mut fed: Vec<Vec<TokenId>> = vec![Vec::new()];
        loop {
            let mut rows = vec![-8.0f32; fed.len() * vocabulary];
            for (row, prefix) in fed.iter().enumerate() {
                if heard.starts_with(prefix) && prefix.len() < heard.len() {
                    rows[row * vocabulary + heard[prefix.len()] as usize] = sure;
                }
            }
            let next = search.step(&rows, vocabulary);
            if next.is_empty() {
                break;
            }
            fed = next
                .iter()
                .map(|&(parent, token)| {
                    let mut prefix = fed[parent].clone();
                    prefix.push(token);
                    prefix
                })
                .collect();
        }
        search
            .finish()
            .iter()
            .map(|f| (f.text(&spellings), f.score))
            .collect()
    }

    #[test]
    fn the_phrase_heard_is_found_first() {
        for said in [
            "springer gustav eins felix drei",
            "eva vier",
            "kurze rochade",
            "springer felix vier",
            "wiederholung",
            "noch einmal",
        ] {
            let found = run(said, -0.1);
            assert_eq!(found[0].0, said, "{found:?}");
        }
    }

    #[test]
    fn only_phrases_of_the_grammar_are_found() {
        let lexicon = Lexicon::get(Lang::De);
        let graph = PhraseGraph::get(Lang::De);
        // "Springer Gustav eins Hector acht" is no phrase: the search finds phrases only.
        for (text, _) in run("springer gustav eins hector acht", -0.1) {
            let ids: Vec<WordId> = text
                .split_whitespace()
                .map(|w| lexicon.lookup(w).unwrap())
                .collect();
            assert!(graph.accepts(&ids), "{text}");
            assert_ne!(text, "springer gustav eins hector acht");
        }
        // Noise: nothing continues any phrase; whatever is found is far less likely.
        let noise = run("quatsch", -0.1);
        assert!(noise.iter().all(|(_, score)| *score < -15.0), "{noise:?}");
    }

    #[test]
    fn measured_per_word_a_long_phrase_is_not_given_up_for_its_length() {
        // Heard unsurely, token by token: "Springer" alone (a promotion's answer) ends long
        // before the move; counted in total, the move falls too far behind it to go on.
        let said = "springer gustav eins felix drei";
        let narrow = SearchOptions {
            hopeless: 5.0,
            ..options()
        };
        let in_total = run_with(said, -1.5, narrow.clone());
        assert!(
            in_total.iter().all(|(text, _)| text != said),
            "{in_total:?}"
        );
        let per_word = run_with(
            said,
            -1.5,
            SearchOptions {
                hopeless_per_word: true,
                ..narrow
            },
        );
        assert!(
            per_word.iter().any(|(text, _)| text == said),
            "{per_word:?}"
        );
    }

    #[test]
    fn greedy_follows_the_likeliest_token_and_ends() {
        let mut greedy = Greedy::new();
        let row = [-0.5, -3.0, -0.2, -4.0];
        assert_eq!(greedy.step(&row, 4, 0), Some(2));
        let row = [-0.1, -3.0, -2.0, -4.0];
        assert_eq!(greedy.step(&row, 4, 0), None);
        assert!(greedy.ended);
        assert_eq!(greedy.tokens, vec![2]);
        assert!((greedy.per_token() - (-0.15)).abs() < 1e-6);
    }
}
