//! The player's own voice: the grammar searched with recordings of the player's words instead
//! of a speech model (issue 28). Each word of the lexicon the player recorded is a sequence of
//! feature frames ([`WordTemplates`]); an utterance's frames are aligned against every path of
//! the [`PhraseGraph`] at once, one-pass dynamic time warping by token passing
//! ([`search_templates`]): a token is a place inside one word's recording on one edge of the
//! graph, with the words said before it and the distance so far; at each frame of the
//! utterance a token stays on its recording's frame, goes to the next or skips up to two (so a
//! word may be said up to three times as fast as recorded, as a word said alone is slower
//! than in a phrase, and as slowly as one likes, or as [`TemplateSearchOptions::max_stay`]
//! allows), and near the end of a word (its last
//! [`MAX_STEP`] frames, or anywhere in its quiet tail: a word recorded alone carries the
//! room's reverberation after it, [`TemplateSearchOptions::optional_tail`]) goes on into
//! every word that may follow, from the nearest few ways each node was reached. What comes
//! out is the phrases whose paths end at the last frame on a node where a phrase may end,
//! nearest first, with their mean distance a frame.
//!
//! Position-free, like Whisper's search ([`super::search`]): "Springer Felix vier" is found
//! as itself where no knight reaches f4, so an illegal move said is refused as that move.
//!
//! [`free_distance`] is the recorded words' way out: the nearest alignment with any sequence
//! of them, which no phrase can beat and other speech falls far short of.
//!
//! Pure: feature frames in (computed from the recordings and the utterance at the edge,
//! already normalised), phrases and distances out. The listener searches with it beside
//! Whisper where the player recorded the words (`annexd::listen::own_voice`), and
//! `super::combined` decides what the two hearings come to (docs/listen.md, "The player's own
//! voice").

use std::collections::HashMap;
use std::ops::Range;
use std::rc::Rc;

use super::lexicon::WordId;
use super::phrase_graph::{NodeId, PhraseGraph};

/// Coefficients in a frame of features (twelve cepstral coefficients and the log energy).
pub const FEATURES: usize = 13;

/// One frame (10 ms) of features.
pub type Frame = [f32; FEATURES];

/// The most frames of a recording one frame of the utterance may move on by.
pub const MAX_STEP: usize = 3;

/// How far below its loudest frame a recording's last frames may be left unsaid, by
/// default: 12 dB, as a natural log of power.
pub const OPTIONAL_TAIL: f32 = power_ln_of_db(12.0);

/// A ratio of powers in decibels as a difference of the natural logs of power (the unit of
/// a frame's log energy).
pub const fn power_ln_of_db(db: f32) -> f32 {
    db * std::f32::consts::LN_10 / 10.0
}

/// The player's recordings of the words, as frames of features: one or more a word.
#[derive(Debug, Clone, Default)]
pub struct WordTemplates {
    by_word: HashMap<WordId, Vec<Vec<Frame>>>,
}

impl WordTemplates {
    /// No recordings yet.
    pub fn new() -> WordTemplates {
        WordTemplates::default()
    }

    /// The recordings of the words, each a sequence of frames, with the mean of all their
    /// frames together taken away (the microphone's and the room's colour, a constant added
    /// to the cepstrum; one word's own mean would take away what tells it from the others).
    pub fn from_recordings(recordings: Vec<(WordId, Vec<Frame>)>) -> WordTemplates {
        let all: Vec<Frame> = recordings
            .iter()
            .flat_map(|(_, f)| f.iter().copied())
            .collect();
        let mean = mean(&all);
        let mut templates = WordTemplates::new();
        for (word, frames) in recordings {
            templates.add(word, without_mean(&frames, &mean));
        }
        templates
    }

    /// Adds a recording of `word` (a recording without frames is left out).
    pub fn add(&mut self, word: WordId, frames: Vec<Frame>) {
        if !frames.is_empty() {
            self.by_word.entry(word).or_default().push(frames);
        }
    }

    /// Whether `word` has a recording.
    pub fn has(&self, word: WordId) -> bool {
        self.by_word.contains_key(&word)
    }

    /// How many words have a recording.
    pub fn words(&self) -> usize {
        self.by_word.len()
    }

    fn recordings(&self, word: WordId) -> &[Vec<Frame>] {
        self.by_word.get(&word).map_or(&[], Vec::as_slice)
    }
}

/// How widely [`search_templates`] looks.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateSearchOptions {
    /// Tokens kept after each frame whose distance so far is within this of the best one's.
    pub beam: f32,
    /// At most this many tokens kept after each frame (the nearest).
    pub max_tokens: usize,
    /// At most this many tokens with different words before them kept in one place.
    pub per_place: usize,
    /// At most this many phrases returned.
    pub results: usize,
    /// At most this many utterance frames in a row on one frame of a recording (a slope
    /// constraint: a word stretched no more than this); `None`, as many as the utterance has.
    /// The free loop ([`free_distance`]) is held to it too.
    pub max_stay: Option<u16>,
    /// A recording's frames after the last one within this of its loudest (a natural log of
    /// power) may be left unsaid: a word recorded alone carries the room's reverberation
    /// after it, which inside a phrase the next word's sound covers. `None`: only the last
    /// three frames may be left, as any frame may be skipped. [`OPTIONAL_TAIL`] by
    /// default.
    pub optional_tail: Option<f32>,
}

impl Default for TemplateSearchOptions {
    fn default() -> Self {
        TemplateSearchOptions {
            beam: 400.0,
            max_tokens: 4000,
            per_place: 3,
            results: 8,
            // As long as the utterance: a limit (`Some(1)`, a word at most twice as slow as
            // recorded) finds more in reverberation but, with the free loop unlimited and
            // the utterance's quiet edges to cover, the combination loses more elsewhere
            // (docs/listen.md, "A word stretched over a room's tail, tried").
            max_stay: None,
            // 12 dB below a recording's loudest frame (chosen on German and English seed 31
            // among 8, 12 and 20 dB; docs/listen.md, "A room's tail left unsaid").
            optional_tail: Some(OPTIONAL_TAIL),
        }
    }
}

/// A phrase found by [`search_templates`].
#[derive(Debug, Clone, PartialEq)]
pub struct Matched {
    /// The words of the phrase.
    pub words: Vec<WordId>,
    /// The mean distance a frame between the utterance and the phrase's recordings.
    pub distance: f32,
    /// The frames of the recordings it was matched with, all of each (the utterance's frames
    /// against these tell how far the recordings were stretched).
    pub recorded: usize,
}

/// The words said so far, newest first, shared between the tokens that go on from them.
#[derive(Debug)]
struct Said {
    word: WordId,
    before: Option<Rc<Said>>,
    /// Tells sequences of words apart (a hash of the whole sequence).
    key: u64,
    /// The frames of the recordings of the words so far.
    recorded: usize,
}

impl Said {
    fn after(before: Option<&Rc<Said>>, word: WordId, frames: usize) -> Rc<Said> {
        let seed = before.map_or(0x9e37_79b9_7f4a_7c15, |b| b.key);
        let key = (seed ^ u64::from(word))
            .wrapping_mul(0x0100_0000_01b3)
            .rotate_left(17)
            ^ seed.rotate_right(7);
        Rc::new(Said {
            word,
            before: before.cloned(),
            key,
            recorded: before.map_or(0, |b| b.recorded) + frames,
        })
    }

    fn words(self: &Rc<Said>) -> Vec<WordId> {
        let mut words = Vec::new();
        let mut at = Some(self);
        while let Some(said) = at {
            words.push(said.word);
            at = said.before.as_ref();
        }
        words.reverse();
        words
    }
}

/// One word's recording on one edge of the graph.
struct WordArc<'a> {
    word: WordId,
    to: NodeId,
    frames: &'a [Frame],
    /// The first frame from which the word may end (the rest left unsaid).
    leave_from: usize,
}

/// A place inside one word's recording on one edge, with the distance so far.
#[derive(Clone)]
struct Token {
    arc: u32,
    frame: u16,
    /// How many utterance frames in a row have stayed on `frame`.
    stay: u16,
    cost: f32,
    said: Rc<Said>,
}

/// The ways words ended at each node in one frame: the nearest few sequences of words each,
/// at most one way a sequence.
#[derive(Default)]
struct Exits {
    at: HashMap<NodeId, Ways>,
}

/// The ways words ended at one node: the cost so far and the words said.
type Ways = Vec<(f32, Rc<Said>)>;

impl Exits {
    /// Keeps a word ended at `node` with `cost` after `said` if it is among the `most` nearest
    /// sequences there.
    fn offer(&mut self, node: NodeId, cost: f32, said: &Rc<Said>, most: usize) {
        let ways = self.at.entry(node).or_default();
        if let Some(same) = ways.iter_mut().find(|(_, s)| s.key == said.key) {
            if cost < same.0 {
                *same = (cost, Rc::clone(said));
            }
        } else if ways.len() < most {
            ways.push((cost, Rc::clone(said)));
        } else if let Some(worst) = ways
            .iter_mut()
            .max_by(|a, b| a.0.total_cmp(&b.0).then(a.1.key.cmp(&b.1.key)))
            .filter(|w| (cost, said.key) < (w.0, w.1.key))
        {
            *worst = (cost, Rc::clone(said));
        }
    }

    /// The nodes and their ways, in the order of the nodes, leaving none.
    fn drain(&mut self) -> Vec<(NodeId, Ways)> {
        let mut all: Vec<_> = self.at.drain().collect();
        all.sort_by_key(|(node, _)| *node);
        all
    }
}

/// The arcs that leave `node` (built once a node, on first need, one after the other in
/// `arcs`, so that a node's arcs are a range of it).
struct Arcs<'a> {
    graph: &'a PhraseGraph,
    templates: &'a WordTemplates,
    optional_tail: Option<f32>,
    arcs: Vec<WordArc<'a>>,
    leaving: HashMap<NodeId, Range<u32>>,
}

impl<'a> Arcs<'a> {
    fn leaving(&mut self, node: NodeId) -> Range<u32> {
        if let Some(ids) = self.leaving.get(&node) {
            return ids.clone();
        }
        let start = self.arcs.len() as u32;
        for &(word, to) in self.graph.edges(node) {
            for frames in self.templates.recordings(word) {
                let leave_from = leave_from(frames, self.optional_tail);
                self.arcs.push(WordArc {
                    word,
                    to,
                    frames,
                    leave_from,
                });
            }
        }
        let ids = start..self.arcs.len() as u32;
        self.leaving.insert(node, ids.clone());
        ids
    }
}

/// The first frame of `frames` from which a word may end: its last [`MAX_STEP`] frames, or
/// with an optional tail (a natural log of power below the loudest frame) also every frame
/// after the last one that loud.
fn leave_from(frames: &[Frame], optional_tail: Option<f32>) -> usize {
    let end = optional_tail.map_or(frames.len(), |tail| {
        let energy = |f: &Frame| f[FEATURES - 1];
        let loudest = frames.iter().map(energy).fold(f32::NEG_INFINITY, f32::max);
        frames
            .iter()
            .rposition(|f| energy(f) >= loudest - tail)
            .map_or(frames.len(), |last| last + 1)
    });
    end.saturating_sub(MAX_STEP)
}

/// An utterance's frames with their own mean taken away, as [`search_templates`] wants them.
pub fn centred(frames: &[Frame]) -> Vec<Frame> {
    without_mean(frames, &mean(frames))
}

/// The mean of `frames` (zero for none).
fn mean(frames: &[Frame]) -> Frame {
    let mut sum = [0.0f32; FEATURES];
    for frame in frames {
        for (s, x) in sum.iter_mut().zip(frame) {
            *s += x;
        }
    }
    let n = frames.len().max(1) as f32;
    sum.map(|s| s / n)
}

fn without_mean(frames: &[Frame], mean: &Frame) -> Vec<Frame> {
    frames
        .iter()
        .map(|frame| std::array::from_fn(|i| frame[i] - mean[i]))
        .collect()
}

fn distance(a: &Frame, b: &Frame) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y) * (x - y))
        .sum::<f32>()
        .sqrt()
}

/// The phrases of `graph` whose recordings in `templates` come nearest `utterance`, nearest
/// first, at most [`TemplateSearchOptions::results`] of them, each a different sequence of
/// words. Nothing for an empty utterance or where no phrase can be made of recorded words.
pub fn search_templates(
    graph: &PhraseGraph,
    templates: &WordTemplates,
    utterance: &[Frame],
    options: &TemplateSearchOptions,
) -> Vec<Matched> {
    let Some(first) = utterance.first() else {
        return Vec::new();
    };
    let mut arcs = Arcs {
        graph,
        templates,
        optional_tail: options.optional_tail,
        arcs: Vec::new(),
        leaving: HashMap::new(),
    };
    let mut tokens: Vec<Token> = arcs
        .leaving(graph.root())
        .map(|arc| {
            let a = &arcs.arcs[arc as usize];
            Token {
                arc,
                frame: 0,
                stay: 0,
                cost: distance(first, &a.frames[0]),
                said: Said::after(None, a.word, a.frames.len()),
            }
        })
        .collect();
    prune(&mut tokens, options);
    let mut exits = Exits::default();
    for frame in &utterance[1..] {
        let mut next: Vec<Token> = Vec::with_capacity(tokens.len() * 3);
        for token in &tokens {
            let (len, to, leave_from) = {
                let a = &arcs.arcs[token.arc as usize];
                (a.frames.len(), a.to, a.leave_from)
            };
            for step in 0..=MAX_STEP {
                let at = usize::from(token.frame) + step;
                let stays = step == 0 && options.max_stay.is_some_and(|m| token.stay >= m);
                if at < len && !stays {
                    let cost =
                        token.cost + distance(frame, &arcs.arcs[token.arc as usize].frames[at]);
                    next.push(Token {
                        arc: token.arc,
                        frame: at as u16,
                        stay: if step == 0 { token.stay + 1 } else { 0 },
                        cost,
                        said: Rc::clone(&token.said),
                    });
                }
            }
            if usize::from(token.frame) >= leave_from {
                exits.offer(to, token.cost, &token.said, options.per_place);
            }
        }
        // Into the words that follow, from the nearest few ways each node was reached (the
        // tokens entering one place are ranked by the cost they bring, so no other could be
        // kept there).
        for (node, ways) in exits.drain() {
            for arc in arcs.leaving(node) {
                let a = &arcs.arcs[arc as usize];
                let here = distance(frame, &a.frames[0]);
                for (cost, said) in &ways {
                    next.push(Token {
                        arc,
                        frame: 0,
                        stay: 0,
                        cost: cost + here,
                        said: Said::after(Some(said), a.word, a.frames.len()),
                    });
                }
            }
        }
        tokens = next;
        prune(&mut tokens, options);
    }
    let frames = utterance.len() as f32;
    let mut found: Vec<(f32, u64, Rc<Said>)> = Vec::new();
    for token in &tokens {
        let a = &arcs.arcs[token.arc as usize];
        // Near enough the end of the word's recording to have skipped the rest.
        if usize::from(token.frame) >= a.leave_from && graph.is_final(a.to) {
            found.push((token.cost / frames, token.said.key, Rc::clone(&token.said)));
        }
    }
    found.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut seen = Vec::new();
    let mut matched = Vec::new();
    for (distance, key, said) in found {
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        matched.push(Matched {
            words: said.words(),
            distance,
            recorded: said.recorded,
        });
        if matched.len() == options.results {
            break;
        }
    }
    matched
}

/// The mean distance a frame of the nearest alignment of `utterance` with *any* sequence of
/// the recorded words, in any order and of any length (a free loop of words, searched
/// exactly): what no grammar holds back. A phrase of the grammar can come no nearer than this
/// when searched with the same `options` (their stay limit and optional tail; the beam does
/// not apply); speech that is a phrase comes about as near, other speech (a sentence, a word
/// of no phrase) much less near, since the loop can stitch it from pieces of words that no
/// phrase puts together. `None` for an empty utterance or no recordings.
pub fn free_distance(
    templates: &WordTemplates,
    utterance: &[Frame],
    options: &TemplateSearchOptions,
) -> Option<f32> {
    let recordings: Vec<(&[Frame], usize)> = templates
        .by_word
        .values()
        .flatten()
        .map(|r| (r.as_slice(), leave_from(r, options.optional_tail)))
        .collect();
    let first = utterance.first()?;
    if recordings.is_empty() {
        return None;
    }
    // Each frame of a recording is as many states as the frames in a row a path may have
    // stayed on it (one where there is no limit, a state that may stay on itself).
    let stays = options.max_stay.map_or(1, |m| usize::from(m) + 1);
    // The cost of the nearest path ending in each state of each recording.
    let mut costs: Vec<Vec<f32>> = recordings
        .iter()
        .map(|(r, _)| {
            let mut c = vec![f32::INFINITY; r.len() * stays];
            c[0] = distance(first, &r[0]);
            c
        })
        .collect();
    let ended = |costs: &[Vec<f32>]| {
        recordings
            .iter()
            .zip(costs)
            // Near enough the end of the recording to have skipped the rest.
            .map(|((_, from), c)| {
                c[from * stays..]
                    .iter()
                    .copied()
                    .fold(f32::INFINITY, f32::min)
            })
            .fold(f32::INFINITY, f32::min)
    };
    let mut next: Vec<f32> = Vec::new();
    for frame in &utterance[1..] {
        let word_ended = ended(&costs);
        for ((recording, _), cost) in recordings.iter().zip(costs.iter_mut()) {
            next.clear();
            next.resize(cost.len(), f32::INFINITY);
            for at in 0..recording.len() {
                let here = distance(frame, &recording[at]);
                // Moved on from one of the frames before (or into the word), no stay yet.
                let from = at.saturating_sub(MAX_STEP) * stays;
                let mut moved = cost[from..at * stays]
                    .iter()
                    .copied()
                    .fold(f32::INFINITY, f32::min);
                if at == 0 {
                    moved = moved.min(word_ended);
                }
                if stays == 1 {
                    // No limit: staying on the frame is one more of the same state.
                    next[at] = moved.min(cost[at]) + here;
                } else {
                    next[at * stays] = moved + here;
                    for s in 1..stays {
                        next[at * stays + s] = cost[at * stays + s - 1] + here;
                    }
                }
            }
            std::mem::swap(cost, &mut next);
        }
    }
    Some(ended(&costs) / utterance.len() as f32)
}

/// Keeps, in each place, the nearest token of each sequence of words (at most
/// [`TemplateSearchOptions::per_place`] sequences), then the tokens within the beam of the
/// nearest, at most [`TemplateSearchOptions::max_tokens`]; in a fixed order.
fn prune(tokens: &mut Vec<Token>, options: &TemplateSearchOptions) {
    tokens.sort_by(|a, b| {
        (a.arc, a.frame)
            .cmp(&(b.arc, b.frame))
            .then(a.cost.total_cmp(&b.cost))
            .then(a.said.key.cmp(&b.said.key))
    });
    let mut kept: Vec<Token> = Vec::with_capacity(tokens.len());
    let mut place_start = 0;
    for token in tokens.drain(..) {
        let same_place = kept
            .get(place_start)
            .is_some_and(|t| (t.arc, t.frame) == (token.arc, token.frame));
        if !same_place {
            place_start = kept.len();
        }
        let here = &kept[place_start..];
        if here.len() >= options.per_place || here.iter().any(|t| t.said.key == token.said.key) {
            continue;
        }
        kept.push(token);
    }
    let best = kept.iter().map(|t| t.cost).fold(f32::INFINITY, f32::min);
    kept.retain(|t| t.cost <= best + options.beam);
    kept.sort_by(|a, b| {
        a.cost
            .total_cmp(&b.cost)
            .then((a.arc, a.frame).cmp(&(b.arc, b.frame)))
            .then(a.said.key.cmp(&b.said.key))
    });
    kept.truncate(options.max_tokens);
    *tokens = kept;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::listen::lexicon::Lexicon;

    /// A made-up recording of every word: a few frames that no other word's resemble.
    fn templates(lexicon: &Lexicon) -> WordTemplates {
        let mut templates = WordTemplates::new();
        for id in 0..lexicon.words().len() as WordId {
            templates.add(id, recording(id));
        }
        templates
    }

    fn recording(id: WordId) -> Vec<Frame> {
        let len = 6 + usize::from(id % 5);
        (0..len)
            .map(|k| {
                std::array::from_fn(|i| {
                    let x = f32::from(id + 1) * (i as f32 + 1.0) * 0.71 + k as f32 * 0.37;
                    3.0 * x.sin()
                })
            })
            .collect()
    }

    /// A narrower search than the program's: the made-up words are far apart, and the tests
    /// run under emulation too (tests/it/listen_own_voice.rs searches a real voice with the
    /// program's options).
    fn options() -> TemplateSearchOptions {
        TemplateSearchOptions {
            beam: 40.0,
            max_tokens: 600,
            ..TemplateSearchOptions::default()
        }
    }

    fn ids(lexicon: &Lexicon, words: &str) -> Vec<WordId> {
        words
            .split(' ')
            .map(|w| lexicon.lookup(w).unwrap_or_else(|| panic!("no word {w}")))
            .collect()
    }

    /// The recordings of `words` one after the other, each frame said `pace[k % len]` times
    /// (0: skipped), with a small wobble.
    fn say(templates: &WordTemplates, words: &[WordId], pace: &[usize]) -> Vec<Frame> {
        let mut out = Vec::new();
        let mut k = 0;
        for &word in words {
            for frame in &templates.recordings(word)[0] {
                for _ in 0..pace[k % pace.len()] {
                    let wobble = ((out.len() * 7919) % 13) as f32 / 13.0 - 0.5;
                    out.push(frame.map(|x| x + 0.2 * wobble));
                }
                k += 1;
            }
        }
        out
    }

    fn search(words: &str, pace: &[usize]) -> (Vec<WordId>, Vec<Matched>) {
        let lexicon = Lexicon::get(Lang::De);
        let graph = PhraseGraph::get(Lang::De);
        let templates = templates(lexicon);
        let said = ids(lexicon, words);
        let utterance = say(&templates, &said, pace);
        let found = search_templates(graph, &templates, &utterance, &options());
        (said, found)
    }

    #[test]
    fn a_word_stretched_beyond_the_most_stays_is_not_found() {
        let lexicon = Lexicon::get(Lang::De);
        let graph = PhraseGraph::get(Lang::De);
        let templates = templates(lexicon);
        let said = ids(lexicon, "Springer Felix drei");
        // Each frame said twice (half the pace): one stay a frame.
        let slow = say(&templates, &said, &[2]);
        let stays = |most| TemplateSearchOptions {
            max_stay: most,
            ..options()
        };
        for most in [None, Some(1)] {
            let found = search_templates(graph, &templates, &slow, &stays(most));
            assert_eq!(found[0].words, said, "{most:?}");
        }
        // Each frame said four times: three stays a frame, more than one is allowed.
        let slower = say(&templates, &said, &[4]);
        let found = search_templates(graph, &templates, &slower, &stays(None));
        assert_eq!(found[0].words, said);
        let found = search_templates(graph, &templates, &slower, &stays(Some(1)));
        assert!(found.iter().all(|m| m.words != said), "{found:?}");
    }

    #[test]
    fn a_recordings_quiet_tail_may_be_left_unsaid_only_where_allowed() {
        let lexicon = Lexicon::get(Lang::De);
        let graph = PhraseGraph::get(Lang::De);
        let plain = templates(lexicon);
        // Each word recorded with a room's tail after it: eight frames of a quiet sound
        // like none of the words', which the phrase said (the next word follows) has not.
        let mut tailed = WordTemplates::new();
        for id in 0..lexicon.words().len() as WordId {
            let mut frames = recording(id);
            frames.extend((0..8).map(|k| {
                let mut f = [1.5 + 0.1 * k as f32; FEATURES];
                f[FEATURES - 1] = -20.0 - k as f32;
                f
            }));
            tailed.add(id, frames);
        }
        let said = ids(lexicon, "Turm Anna acht schlägt Anna eins");
        let utterance = say(&plain, &said, &[1]);
        let with_tail = |tail| TemplateSearchOptions {
            optional_tail: tail,
            ..options()
        };
        // The tail is far below every frame of the words (3 at most), so 10 leaves it out.
        let kept = search_templates(graph, &tailed, &utterance, &with_tail(None));
        let left = search_templates(graph, &tailed, &utterance, &with_tail(Some(10.0)));
        assert_eq!(left[0].words, said, "{left:?}");
        assert!(left[0].distance < 0.2, "{left:?}");
        assert!(
            kept.first()
                .is_none_or(|m| m.distance > left[0].distance + 1.0),
            "{kept:?}"
        );
        // The free loop leaves it out alike, and is still no farther than the phrase.
        let free = free_distance(&tailed, &utterance, &with_tail(Some(10.0))).unwrap();
        assert!(free <= left[0].distance + 1e-4, "{free} {left:?}");
        assert!(free_distance(&tailed, &utterance, &with_tail(None)).unwrap() > free + 1.0);
    }

    #[test]
    fn the_free_loop_is_held_to_the_stay_limit_as_the_phrases_are() {
        let lexicon = Lexicon::get(Lang::De);
        let graph = PhraseGraph::get(Lang::De);
        let templates = templates(lexicon);
        let said = ids(lexicon, "Springer Felix drei");
        let limited = TemplateSearchOptions {
            max_stay: Some(1),
            ..options()
        };
        for pace in [&[1][..], &[2][..], &[1, 2, 0][..]] {
            let utterance = say(&templates, &said, pace);
            let found = search_templates(graph, &templates, &utterance, &limited);
            let free = free_distance(&templates, &utterance, &limited).unwrap();
            assert_eq!(found[0].words, said, "pace {pace:?}");
            assert!(
                free <= found[0].distance + 1e-4,
                "pace {pace:?}: {free} {found:?}"
            );
            assert!(
                found[0].distance - free < 0.05,
                "pace {pace:?}: {free} {found:?}"
            );
        }
        // Each frame said four times: the loop cannot stretch so far either; without the
        // limit it can, and comes nearer.
        let slower = say(&templates, &said, &[4]);
        let free = free_distance(&templates, &slower, &limited).unwrap();
        let unlimited = free_distance(&templates, &slower, &options()).unwrap();
        assert!(
            unlimited < 0.2 && free > unlimited + 0.5,
            "{free} {unlimited}"
        );
    }

    #[test]
    fn a_move_said_as_recorded_is_found_first_and_nearly_alike() {
        let (said, found) = search("Springer Felix drei", &[1]);
        assert_eq!(found[0].words, said);
        assert!(found[0].distance < 0.2, "{found:?}");
        assert!(found.len() > 1 && found[1].distance > found[0].distance + 0.5);
    }

    #[test]
    fn a_phrase_found_carries_the_frames_of_its_recordings() {
        let lexicon = Lexicon::get(Lang::De);
        let frames =
            |words: &[WordId]| -> usize { words.iter().map(|&w| recording(w).len()).sum() };
        // As recorded, and twice as slow: the same recordings, the utterance twice as long.
        for pace in [1, 2] {
            let (said, found) = search("Springer Felix drei", &[pace]);
            assert_eq!(found[0].recorded, frames(&said));
            assert_eq!(
                say(&templates(lexicon), &said, &[pace]).len(),
                pace * frames(&said)
            );
            for other in &found[1..] {
                assert_eq!(other.recorded, frames(&other.words), "{other:?}");
            }
        }
    }

    #[test]
    fn slower_and_faster_than_recorded_is_still_found() {
        for pace in [&[2, 1, 2][..], &[1, 0, 1, 1, 0][..], &[3][..]] {
            let (said, found) = search("Turm Anna acht schlägt Anna eins Schach", pace);
            assert_eq!(found[0].words, said, "pace {pace:?}");
        }
    }

    #[test]
    fn an_illegal_move_and_a_command_are_found_as_themselves() {
        // Position-free: no position is asked, so a knight to f4 is found where none
        // reaches it, and the matcher refuses it with its reason.
        for words in ["Springer Felix vier", "Remis anbieten", "Bella sieben"] {
            let (said, found) = search(words, &[1, 2]);
            assert_eq!(found[0].words, said, "{words}");
        }
    }

    #[test]
    fn only_phrases_of_the_grammar_are_found() {
        let graph = PhraseGraph::get(Lang::De);
        let (said, found) = search("Springer Gustav eins Hector acht", &[1]);
        assert!(!graph.accepts(&said));
        assert!(!found.is_empty());
        assert!(found.iter().all(|m| graph.accepts(&m.words)), "{found:?}");
    }

    #[test]
    fn words_not_recorded_are_never_found() {
        let lexicon = Lexicon::get(Lang::De);
        let graph = PhraseGraph::get(Lang::De);
        let all = templates(lexicon);
        let springer = lexicon.lookup("Springer").unwrap();
        let mut some = WordTemplates::new();
        for id in 0..lexicon.words().len() as WordId {
            if id != springer {
                some.add(id, recording(id));
            }
        }
        let utterance = say(&all, &ids(lexicon, "Springer Felix drei"), &[1]);
        let found = search_templates(graph, &some, &utterance, &options());
        assert!(found.iter().all(|m| !m.words.contains(&springer)));
        assert_eq!(some.words() + 1, all.words());
    }

    #[test]
    fn a_phrase_is_as_near_as_the_free_loop_and_words_of_no_phrase_are_not() {
        let lexicon = Lexicon::get(Lang::De);
        let graph = PhraseGraph::get(Lang::De);
        let templates = templates(lexicon);
        let near = |words: &str| {
            let utterance = say(&templates, &ids(lexicon, words), &[1, 2]);
            let found = search_templates(graph, &templates, &utterance, &options());
            let free = free_distance(&templates, &utterance, &options()).unwrap();
            (found[0].distance, free)
        };
        // Said as a phrase: the grammar's nearest is the free loop's.
        let (phrase, free) = near("Springer Felix drei");
        assert!(free <= phrase + 1e-4, "{free} {phrase}");
        assert!(phrase - free < 0.05, "{free} {phrase}");
        // Words of no phrase: the free loop follows them, the grammar cannot.
        let (phrase, free) = near("Gustav Remis Springer eins ablehnen");
        assert!(free < 0.3 && phrase - free > 1.0, "{free} {phrase}");
        assert_eq!(free_distance(&templates, &[], &options()), None);
        assert_eq!(
            free_distance(&WordTemplates::new(), &[[0.0; FEATURES]], &options()),
            None
        );
    }

    /// A phrase of the grammar chosen by `choices`: at each node the edge a choice names,
    /// ending where a phrase may end once the choices run out (or earlier, by a choice).
    fn walk(graph: &PhraseGraph, choices: &[u32]) -> Option<Vec<WordId>> {
        let mut node = graph.root();
        let mut words = Vec::new();
        for &choice in choices {
            if graph.is_final(node) && !words.is_empty() && choice % 4 == 0 {
                return Some(words);
            }
            let edges = graph.edges(node);
            let (word, next) = *edges.get(choice as usize % edges.len().max(1))?;
            words.push(word);
            node = next;
        }
        graph.is_final(node).then_some(words)
    }

    /// 16 phrases on the machine, fewer under Wine and qemu (one in `ANNEXD_TEST_ONE_IN`, as
    /// the data-heavy tests of core/tests/it play theirs).
    fn cases() -> u32 {
        (16 / crate::listen::share::one_in() as u32).max(2)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(cases()))]
        /// Any phrase of the grammar (moves of every form, commands), said at any pace
        /// between half and twice the recording's, is found first.
        #[test]
        fn any_phrase_said_at_any_pace_is_found_first(
            choices in proptest::collection::vec(0u32..1000, 2..9),
            pace in proptest::collection::vec(1usize..=2, 1..7),
        ) {
            let lexicon = Lexicon::get(Lang::De);
            let graph = PhraseGraph::get(Lang::De);
            let templates = templates(lexicon);
            if let Some(said) = walk(graph, &choices) {
                let utterance = say(&templates, &said, &pace);
                let found = search_templates(graph, &templates, &utterance, &options());
                proptest::prop_assert_eq!(&found[0].words, &said);
            }
        }
    }

    #[test]
    fn without_its_mean_a_sequence_has_none() {
        let frames: Vec<Frame> = (0..40).flat_map(recording).collect();
        let centred = centred(&frames);
        assert!(
            mean(&centred).iter().all(|x| x.abs() < 1e-3),
            "{:?}",
            mean(&centred)
        );
        assert_eq!(mean(&[]), [0.0; FEATURES]);
    }

    #[test]
    fn nothing_is_found_in_nothing_and_the_same_is_found_twice() {
        let lexicon = Lexicon::get(Lang::De);
        let graph = PhraseGraph::get(Lang::De);
        let templates = templates(lexicon);
        assert!(search_templates(graph, &templates, &[], &Default::default()).is_empty());
        assert!(
            search_templates(
                graph,
                &WordTemplates::new(),
                &recording(3),
                &Default::default()
            )
            .is_empty()
        );
        assert_eq!(
            search("Dame David sieben", &[1, 2]),
            search("Dame David sieben", &[1, 2])
        );
    }
}
