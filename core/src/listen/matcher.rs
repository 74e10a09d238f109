//! Understanding what was heard: the recogniser's alternatives matched against every phrase
//! of the position, with a cost for each word that differs, and a move played only when one
//! meaning is both exactly what was heard and clearly ahead of every other.
//!
//! The rules (reasoning and numbers in `docs/listen.md`):
//!
//! - Each alternative is aligned word by word with each phrase (an edit distance over words).
//!   A word heard in place of another costs [`cost::SUBSTITUTE`], or less when the two sound
//!   alike (the lexicon's confusion table); a word of the phrase not heard costs
//!   [`cost::DELETE`] (nothing when it is optional, less when it is a weak word); a word heard
//!   that the phrase does not have costs [`cost::INSERT`], less for fillers and for words
//!   that never decide a move (Schach, matt). A word the lexicon does not know (a recogniser
//!   without a grammar writes "Leufer", "schliegt") costs the share of its letters that
//!   differ from the word it stands for, at least [`cost::UNKNOWN_LEAST`]; coordinates
//!   written in letters and digits ("F4", "3") are read as the words of files and ranks.
//!   A lower alternative adds
//!   [`ALTERNATIVE_WEIGHT`] per unit of log-likelihood it trails the best one by.
//! - Alternatives from a search over the whole grammar ([`HeardFrom::Searched`]: Whisper) are
//!   phrases with likelihoods of their own: words that sound alike do not stand for each
//!   other there, and a meaning none of them says trails the last of them.
//! - **Accept** the cheapest meaning only when its cost on the best alternative is at most
//!   [`EXACT`] and every other meaning costs at least [`MARGIN`] more. Every confusion and
//!   weak-word cost is below `MARGIN / 2`, so two such slips can never make one legal move
//!   look like another one clearly enough to be played.
//! - **A form no player says** is asked back, never played: a move heard with its origin's
//!   file or rank alone though no other piece of its kind can reach the square ("Fou Bella
//!   Cesar 1" with one bishop that reaches c1: C.8 and C.10 give the piece with the square,
//!   or both squares, and the file or rank only to tell two pieces apart). Hearing it means
//!   a word was lost or made up, and the rest may be wrong too. Only a search whose own free
//!   text agreed with the phrase ([`HeardFrom::Searched`] `agreed`) plays it.
//! - **Ask** ("Springer Felix drei?") when the best costs at most [`ASK_MAX`] but is not a
//!   clear winner; "ja" then plays it ([`understand_reply`]).
//! - **Reject** otherwise: nothing heard, noise, or a well-formed move that is not legal
//!   (said with the reason, as when it is typed).
//! - A **transcript** (Whisper's words) that would be asked back or not understood is played
//!   as its nearest legal move when that one is clearly nearest letter by letter and all the
//!   recogniser's alternatives agree ([`super::nearest`]).

use shakmaty::{Chess, File, Move, Rank};

use super::heard::{Heard, HeardFrom};
use super::lexicon::{Lexicon, WordId, WordRole};
use super::nearest;
use super::phrases::{Candidate, Need, Phrase, PhraseSet, PhraseWord, phrase_set};
use crate::command::Command;
use crate::lang::Lang;
use crate::notation::parse::fold;
use crate::notation::{ParseError, parse_move};
use crate::words::{Token, Word, square_tokens};

/// The highest cost on the best alternative at which a meaning may be accepted: fillers and
/// a spurious "Schach" fit under it, a single wrong or missing content word does not.
pub const EXACT: f32 = 0.25;
/// How far ahead of every other meaning the accepted one must be: one whole wrong word.
pub const MARGIN: f32 = 1.0;
/// The highest cost at which a question is still asked; above it, "not understood".
pub const ASK_MAX: f32 = 1.5;
/// At most this many meanings are offered in one question.
pub const MAX_CHOICES: usize = 3;
/// How much cheaper the first of several close meanings must be to be proposed for "ja".
pub const PREFER: f32 = 0.2;
/// The cost of an alternative per unit of log-likelihood (a factor e) below the best one.
pub const ALTERNATIVE_WEIGHT: f32 = 0.25;

/// The costs of single word differences.
pub mod cost {
    /// A word heard in place of another that does not sound like it.
    pub const SUBSTITUTE: f32 = 1.0;
    /// A required word of the phrase that was not heard.
    pub const DELETE: f32 = 1.0;
    /// A word people often leave out though the phrase needs it (the promotion piece): its
    /// absence leads to a question, not to another move.
    pub const DELETE_EXPECTED: f32 = 0.5;
    /// A word heard that the phrase does not have.
    pub const INSERT: f32 = 1.0;
    /// A filler heard ("nach", "von").
    pub const INSERT_FILLER: f32 = 0.1;
    /// "Schach" or "matt" heard after a move that does not give it: it does not change
    /// which move was meant.
    pub const INSERT_CHECK: f32 = 0.2;
    /// "schlägt" or "en passant" heard with a move that does not capture that way: the
    /// player may think so wrongly, so the move is asked back, not rejected.
    pub const INSERT_CAPTURE: f32 = 0.5;
    /// A word the lexicon does not know, or the recogniser's noise marker: it may have been
    /// a word of the move, so it keeps the utterance from being exact.
    pub const INSERT_UNKNOWN: f32 = 0.3;
    /// The least a word the lexicon does not know costs in place of a word of the phrase,
    /// however alike they are written ("Leufer" for "Läufer"; a recogniser without a
    /// grammar, Whisper, writes such words). Above it the cost is the share of letters that
    /// differ, up to [`SUBSTITUTE`]: a word written half wrong is worth a question, and a
    /// word equally near two words of two moves never decides between them (the margin).
    pub const UNKNOWN_LEAST: f32 = 0.1;
}

/// A question asked back instead of acting.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// What the question is about.
    pub kind: QuestionKind,
    /// The meanings in question, the likeliest first.
    pub candidates: Vec<Candidate>,
    /// The meaning "ja" confirms, when one is clearly the likeliest.
    pub proposal: Option<Candidate>,
}

/// The kind of a question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuestionKind {
    /// "Springer Felix drei?": "ja" plays the proposal, "nein" drops it.
    Confirm,
    /// "Springer Felix zwei oder Springer Felix drei?": say it again, more clearly.
    Choose,
    /// "David acht, welche Figur?": a pawn reaches the last rank; name the new piece.
    PromotionPiece,
}

impl Question {
    /// The question as tokens, in `lang` (a command's words are the language's).
    pub fn tokens(&self, pos: &Chess, lang: Lang) -> Vec<Token> {
        let mut out = Vec::new();
        match self.kind {
            QuestionKind::PromotionPiece => {
                if let Some(Candidate::Move(m)) = self.candidates.first() {
                    out.extend(square_tokens(m.to()));
                    out.push(Token::Pause);
                }
                out.push(Token::Word(Word::WhichPiece));
                return out;
            }
            QuestionKind::Confirm => {
                if let Some(proposal) = &self.proposal {
                    out.extend(proposal.tokens(pos, lang));
                }
            }
            QuestionKind::Choose => {
                for (i, candidate) in self.candidates.iter().enumerate() {
                    if i > 0 {
                        out.push(Token::Word(Word::Or));
                    }
                    out.extend(candidate.tokens(pos, lang));
                }
            }
        }
        out.push(Token::Word(Word::Question));
        out
    }
}

/// Why nothing is done with what was heard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rejection {
    /// No word at all.
    NothingHeard,
    /// Only noise, fillers or words that are not part of any move or command (a cough,
    /// another conversation). In always-on mode the session should stay silent about it.
    Noise,
    /// Words that match nothing closely enough (noise, another conversation).
    NotUnderstood,
    /// A well-formed move that is not legal here, with the reason.
    NotLegal(ParseError),
    /// "nein" to a question.
    Declined,
}

impl Rejection {
    /// The reason as tokens.
    pub fn tokens(&self, pos: &Chess) -> Vec<Token> {
        match self {
            Rejection::NothingHeard => vec![Token::Word(Word::NothingHeard)],
            Rejection::Noise => vec![Token::Word(Word::NotUnderstood)],
            Rejection::NotUnderstood => vec![
                Token::Word(Word::NotUnderstood),
                Token::Pause,
                Token::Word(Word::SayAgain),
            ],
            Rejection::NotLegal(err) => err.tokens(pos),
            Rejection::Declined => vec![Token::Word(Word::Cancelled)],
        }
    }
}

/// What was understood.
#[derive(Debug, Clone, PartialEq)]
pub enum Understanding {
    /// A legal move, said clearly: play it.
    Move(Move),
    /// A command, said clearly (a command that needs confirmation only after "ja").
    Command(Command),
    /// Not clear enough: ask back.
    Ask(Question),
    /// Nothing to do, and why.
    Rejected(Rejection),
}

impl Understanding {
    /// What to say about it: the move or command as understood, the question, or the reason.
    pub fn tokens(&self, pos: &Chess, lang: Lang) -> Vec<Token> {
        match self {
            Understanding::Move(m) => Candidate::Move(*m).tokens(pos, lang),
            Understanding::Command(c) => c.tokens(lang),
            Understanding::Ask(q) => q.tokens(pos, lang),
            Understanding::Rejected(r) => r.tokens(pos),
        }
    }
}

/// Understands an utterance in `pos` when no question is pending.
pub fn understand(pos: &Chess, heard: &Heard, lang: Lang) -> Understanding {
    understand_in(pos, heard, lang, None)
}

/// Understands the answer to `question`: "ja" takes its proposal, "nein" declines, a piece
/// name answers a promotion question; anything else is understood as usual.
pub fn understand_reply(
    pos: &Chess,
    heard: &Heard,
    lang: Lang,
    question: &Question,
) -> Understanding {
    understand_in(pos, heard, lang, Some(question))
}

/// True when `heard` is the repetition of the move just `played` from `before`.
///
/// Under D.2.1 the opponent repeats every announced move. An always-on listener hears that
/// repetition after the move is on the board, in a position where the same words may name a
/// move of the other side: the session should test each utterance with this first and drop
/// it when it only repeats the last move (within a few seconds of it).
pub fn repeats(before: &Chess, played: Move, heard: &Heard, lang: Lang) -> bool {
    match understand(before, heard, lang) {
        Understanding::Move(m) => m == played,
        Understanding::Ask(q) => q.candidates.contains(&Candidate::Move(played)),
        _ => false,
    }
}

/// One heard word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HeardWord {
    Known(WordId),
    /// A word the lexicon does not know: its index in [`Unknowns`].
    Unknown(u16),
}

/// The words heard that the lexicon does not know, with their substitution cost for each
/// word of the lexicon (by [`WordId`]): how far apart they are written.
#[derive(Debug, Default)]
struct Unknowns {
    folded: Vec<String>,
    costs: Vec<Vec<f32>>,
}

impl Unknowns {
    fn add(&mut self, lexicon: &Lexicon, word: &str) -> HeardWord {
        let folded = fold(word);
        if let Some(i) = self.folded.iter().position(|w| *w == folded) {
            return HeardWord::Unknown(i as u16);
        }
        let costs = lexicon
            .words()
            .iter()
            .map(|w| {
                w.spellings
                    .iter()
                    .map(|s| spelling_cost(&folded, &fold(s)))
                    .fold(cost::SUBSTITUTE, f32::min)
            })
            .collect();
        self.folded.push(folded);
        self.costs.push(costs);
        HeardWord::Unknown((self.folded.len() - 1) as u16)
    }
}

/// The substitution cost of an unknown written word for a word of the lexicon: the share of
/// letters that differ (an edit distance over the longer word), at least
/// [`cost::UNKNOWN_LEAST`], at most [`cost::SUBSTITUTE`]. "schliegt" for "schlägt" costs
/// 0.25, "Drehen" for "drei" 0.5.
fn spelling_cost(heard: &str, word: &str) -> f32 {
    let longer = heard.chars().count().max(word.chars().count()).max(1);
    let share = strsim::levenshtein(heard, word) as f32 / longer as f32;
    share.clamp(cost::UNKNOWN_LEAST, cost::SUBSTITUTE)
}

/// A written coordinate, as Whisper writes what it hears of one: "3" or "III" for "drei",
/// "F4" for "Felix vier", "e2e4"; "Lxc6" is not one (L is no file). The letters a to h are files,
/// the digits 1 to 8 ranks, "x" captures; at least one digit must be there, so that words
/// like "Ach" or "Bad" stay words.
fn coordinate_words(lexicon: &Lexicon, word: &str) -> Option<Vec<HeardWord>> {
    let lower = word.to_ascii_lowercase();
    // Roman numerals of two letters or more ("III"; "I" and "V" are too often words).
    const ROMAN: [&str; 8] = ["", "ii", "iii", "iv", "", "vi", "vii", "viii"];
    if let Some(rank) = ROMAN.iter().position(|r| !r.is_empty() && *r == lower) {
        let token = Token::Rank(Rank::new(rank as u32));
        return Some(
            lexicon
                .ids_of(&[token])
                .into_iter()
                .map(HeardWord::Known)
                .collect(),
        );
    }
    if !lower.chars().any(|c| ('1'..='8').contains(&c))
        || !lower
            .chars()
            .all(|c| matches!(c, 'a'..='h' | '1'..='8' | 'x'))
    {
        return None;
    }
    let mut out = Vec::new();
    for c in lower.chars() {
        let token = match c {
            'x' => Token::Captures,
            'a'..='h' => Token::File(File::new(u32::from(c) - u32::from('a'))),
            _ => Token::Rank(Rank::new(u32::from(c) - u32::from('1'))),
        };
        out.extend(lexicon.ids_of(&[token]).into_iter().map(HeardWord::Known));
    }
    Some(out)
}

/// The words of a text, split where a recogniser puts spaces or signs; a word of parts
/// joined by hyphens stays whole when the lexicon knows it so (the French inversions of the
/// tables' phrasings: "a-t-il", "reste-t-il", "est-ce"), else it is its parts ("e2-e4").
fn text_words<'t>(lexicon: &Lexicon, text: &'t str) -> Vec<&'t str> {
    let mut out = Vec::new();
    for span in sign_spans(text) {
        if span.contains('-') && lexicon.lookup(span).is_none() {
            out.extend(span.split('-').filter(|w| !w.is_empty()));
        } else {
            out.push(span);
        }
    }
    out
}

/// The parts of a text between spaces and the signs a recogniser writes (not hyphens).
fn sign_spans(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '.' | '!' | '?' | ':' | '"'))
        .filter(|w| !w.is_empty())
}

/// A transcript as letters for [`nearest`]: each word the lexicon knows as it spells it
/// (fillers left out), a written coordinate with its letter as written ("F1" is "f" and
/// "eins": the letter's name may have been "Eva" as well as "Felix") and its digits as rank
/// words, any other word as written.
fn transcript_letters(lexicon: &Lexicon, text: &str) -> String {
    let mut out = String::new();
    for word in text_words(lexicon, text) {
        if let Some(id) = lexicon.lookup(word) {
            if !nearest::is_filler(lexicon, id) {
                out.push_str(nearest::spelling(lexicon, id));
            }
            continue;
        }
        match coordinate_words(lexicon, word) {
            // A rank in Roman numerals ("III").
            Some(words) if !word.chars().any(|c| c.is_ascii_digit()) => {
                for heard in words {
                    if let HeardWord::Known(id) = heard {
                        out.push_str(nearest::spelling(lexicon, id));
                    }
                }
            }
            Some(_) => {
                for c in word.to_lowercase().chars() {
                    let spelled = c.to_digit(10).and_then(|d| {
                        let rank = Rank::new(d.checked_sub(1)?);
                        let id = *lexicon.ids_of(&[Token::Rank(rank)]).first()?;
                        Some(nearest::spelling(lexicon, id).to_string())
                    });
                    out.push_str(&spelled.unwrap_or_else(|| c.to_string()));
                }
            }
            None => out.push_str(&nearest::unknown_letters(&fold(word))),
        }
    }
    out
}

fn heard_words(lexicon: &Lexicon, text: &str, unknowns: &mut Unknowns) -> Vec<HeardWord> {
    let mut out = Vec::new();
    for word in text_words(lexicon, text) {
        match lexicon.lookup(word) {
            Some(id) => out.push(HeardWord::Known(id)),
            None => match coordinate_words(lexicon, word) {
                Some(words) => out.extend(words),
                None => out.push(unknowns.add(lexicon, word)),
            },
        }
    }
    out
}

fn insert_cost(lexicon: &Lexicon, heard: HeardWord) -> f32 {
    match heard {
        HeardWord::Unknown(_) => cost::INSERT_UNKNOWN,
        HeardWord::Known(id) => match lexicon.word(id).role {
            WordRole::Filler => cost::INSERT_FILLER,
            WordRole::CheckOrMate => cost::INSERT_CHECK,
            WordRole::Captures | WordRole::EnPassant => cost::INSERT_CAPTURE,
            _ => cost::INSERT,
        },
    }
}

fn delete_cost(lexicon: &Lexicon, word: PhraseWord) -> f32 {
    match word.need {
        Need::Optional => 0.0,
        Need::Expected => cost::DELETE_EXPECTED,
        Need::Required => lexicon.weak(word.word).unwrap_or(cost::DELETE),
    }
}

/// `sound_alike`: a word heard in place of one that sounds like it costs less (see
/// [`alignment_cost`]).
fn substitute_cost(
    lexicon: &Lexicon,
    unknowns: &Unknowns,
    heard: HeardWord,
    word: PhraseWord,
    sound_alike: bool,
) -> f32 {
    match heard {
        HeardWord::Known(id) if id == word.word => 0.0,
        HeardWord::Known(id) if sound_alike => {
            lexicon.confusion(id, word.word).unwrap_or(cost::SUBSTITUTE)
        }
        HeardWord::Known(_) => cost::SUBSTITUTE,
        HeardWord::Unknown(i) => unknowns.costs[usize::from(i)][usize::from(word.word)],
    }
}

/// The cheapest way to turn `phrase` into `heard` (an edit distance over words).
/// `sound_alike`: words that sound alike ("zwei", "drei") stand for each other at less than a
/// whole word; not for the phrases of a search over the whole grammar, which weighed the
/// sound-alike phrase itself and gave it its own likelihood.
fn alignment_cost(
    lexicon: &Lexicon,
    unknowns: &Unknowns,
    heard: &[HeardWord],
    phrase: &[PhraseWord],
    sound_alike: bool,
) -> f32 {
    // Phrases are short: one row on the stack, a heap row only for very long ones.
    let mut stack = [0.0f32; 24];
    let mut heap = Vec::new();
    let row: &mut [f32] = if phrase.len() < stack.len() {
        &mut stack[..=phrase.len()]
    } else {
        heap.resize(phrase.len() + 1, 0.0);
        &mut heap
    };
    for (j, &word) in phrase.iter().enumerate() {
        row[j + 1] = row[j] + delete_cost(lexicon, word);
    }
    for &h in heard {
        let insert = insert_cost(lexicon, h);
        let mut diagonal = row[0];
        row[0] += insert;
        for (j, &word) in phrase.iter().enumerate() {
            let above = row[j + 1];
            let best = (diagonal + substitute_cost(lexicon, unknowns, h, word, sound_alike))
                .min(above + insert)
                .min(row[j] + delete_cost(lexicon, word));
            diagonal = above;
            row[j + 1] = best;
        }
    }
    row[phrase.len()]
}

/// The cheapest cost of one candidate over all phrases and alternatives.
#[derive(Debug, Clone, Copy)]
struct Scored {
    target: usize,
    /// Over all alternatives, with their penalties.
    cost: f32,
    /// On the best alternative alone, in the forms a player says (a needless origin's file
    /// or rank, C.10, left out: heard so, the move is asked back, never played).
    best_alternative_cost: f32,
}

/// Every meaning of the position scored, cheapest first.
///
/// `searched`: the alternatives are the likeliest phrases of a search over the whole grammar
/// (see [`HeardFrom::Searched`]), so a meaning none of them says trails at least as far as
/// the last of them.
///
/// `every_form`: a phrase in a form no player says (`Phrase::needless_origin`) may make its
/// meaning exact, because a second way of hearing agreed with it.
fn score(
    lexicon: &Lexicon,
    unknowns: &Unknowns,
    phrases: &[Phrase],
    n: usize,
    alternatives: &[(Vec<HeardWord>, f32)],
    searched: bool,
    every_form: bool,
) -> Vec<Scored> {
    let mut scored: Vec<Scored> = (0..n)
        .map(|target| Scored {
            target,
            cost: f32::INFINITY,
            best_alternative_cost: f32::INFINITY,
        })
        .collect();
    // Searched alternatives: whether some alternative says the meaning, and its cost with
    // words that sound alike standing for each other.
    let mut said = vec![!searched; n];
    let mut by_sound = vec![f32::INFINITY; if searched { n } else { 0 }];
    for phrase in phrases {
        let entry = &mut scored[phrase.target];
        for (i, (words, penalty)) in alternatives.iter().enumerate() {
            if !searched && *penalty >= entry.cost && i > 0 {
                continue;
            }
            let c = alignment_cost(lexicon, unknowns, words, &phrase.words, !searched);
            entry.cost = entry.cost.min(c + penalty);
            // A move is exact only in a form a player says, unless a second way of hearing
            // agreed (see `Phrase::needless_origin`).
            if i == 0 && (every_form || !phrase.needless_origin) {
                entry.best_alternative_cost = entry.best_alternative_cost.min(c);
            }
            if searched {
                said[phrase.target] |= c <= EXACT + EPSILON;
                let alike = alignment_cost(lexicon, unknowns, words, &phrase.words, true);
                let sound = &mut by_sound[phrase.target];
                *sound = sound.min(alike + penalty);
            }
        }
    }
    if searched {
        // A meaning the search kept is weighed by its own likelihood, never by how alike
        // its words sound to the best one's. A meaning it did not keep trails the last of
        // the phrases it kept, and at least as far as its words are from theirs when words
        // that sound alike stand for each other ("drei" for "zwei": with no phrase kept
        // beside the best, that is all there is to go on).
        let last = alternatives.last().map_or(0.0, |(_, penalty)| *penalty);
        for entry in &mut scored {
            if !said[entry.target] {
                entry.cost = by_sound[entry.target].max(last);
            }
        }
    }
    scored.sort_by(|a, b| a.cost.total_cmp(&b.cost).then(a.target.cmp(&b.target)));
    scored
}

/// Floating-point slack for comparisons of sums of costs.
const EPSILON: f32 = 1e-4;

fn understand_in(
    pos: &Chess,
    heard: &Heard,
    lang: Lang,
    question: Option<&Question>,
) -> Understanding {
    if heard.from == HeardFrom::Outside {
        // Speech in no phrase: never a move or a command (in always-on mode, nothing said).
        return Understanding::Rejected(if heard.is_silence() {
            Rejection::NothingHeard
        } else {
            Rejection::Noise
        });
    }
    let mut letters = None;
    let by_words = understand_words(pos, heard, lang, question, &mut letters);
    if heard.from != HeardFrom::Transcript {
        return by_words;
    }
    let Some(letters) = letters else {
        return by_words;
    };
    match by_words {
        // A transcript's move, played when the alternatives agree and Whisper was not
        // guessing (a phrase of its prompt over audio it did not understand): else asked.
        Understanding::Move(m) if !letters.agreed || is_a_guess(heard) => {
            let candidate = Candidate::Move(m);
            Understanding::Ask(Question {
                kind: QuestionKind::Confirm,
                candidates: vec![candidate.clone()],
                proposal: Some(candidate),
            })
        }
        // A transcript the words leave in doubt: its nearest legal move, when clearly
        // nearest (never over a reason why a move is illegal, a "nein", or noise).
        Understanding::Ask(_) | Understanding::Rejected(Rejection::NotUnderstood)
            if letters.clear
                && !is_a_guess(heard)
                && !matches!(parse_move(pos, heard.best_text()), Err(err) if is_about_legality(&err)) =>
        {
            match letters.candidate {
                Candidate::Move(m) => Understanding::Move(m),
                _ => by_words,
            }
        }
        other => other,
    }
}

/// What the letters of a transcript say (see [`super::nearest`]).
struct ByLetters {
    /// The nearest meaning.
    candidate: Candidate,
    /// It is clearly the nearest, and every alternative agrees.
    clear: bool,
    /// Every alternative near a meaning is nearest to this one.
    agreed: bool,
}

/// The least log-likelihood per word of a transcript's best alternative at which it is
/// taken for what was heard: below it Whisper was guessing (it wrote "Lange Rochade" for
/// "Dame Bella vier prend Cesar vier" said by the clips, at -19 a word; no transcript that
/// was exactly what was said scored below -13 in 3 100).
pub const TRANSCRIPT_LEAST_PER_WORD: f32 = -15.0;

/// True when a transcript's best alternative is too unlikely a word to be relied on.
fn is_a_guess(heard: &Heard) -> bool {
    let Some((text, score)) = heard.sorted().first().copied() else {
        return false;
    };
    // Every hyphenated part a word, whatever the lexicon knows.
    let words = sign_spans(text)
        .flat_map(|span| span.split('-'))
        .filter(|w| !w.is_empty())
        .count()
        .max(1);
    score / (words as f32) < TRANSCRIPT_LEAST_PER_WORD
}

fn understand_words(
    pos: &Chess,
    heard: &Heard,
    lang: Lang,
    question: Option<&Question>,
    by_letters: &mut Option<ByLetters>,
) -> Understanding {
    let lexicon = Lexicon::get(lang);
    let sorted = heard.sorted();
    let Some(&(best_text, best_score)) = sorted.first() else {
        return Understanding::Rejected(Rejection::NothingHeard);
    };
    if best_text.trim().is_empty() {
        return Understanding::Rejected(Rejection::NothingHeard);
    }
    let mut unknowns = Unknowns::default();
    let alternatives: Vec<(Vec<HeardWord>, f32)> = sorted
        .iter()
        .filter(|(text, _)| !text.trim().is_empty())
        .map(|&(text, score)| {
            let gap = (best_score - score).max(0.0);
            (
                heard_words(lexicon, text, &mut unknowns),
                ALTERNATIVE_WEIGHT * gap,
            )
        })
        .collect();
    let says_something = alternatives[0].0.iter().any(|h| match h {
        HeardWord::Known(id) => lexicon.word(*id).role != WordRole::Filler,
        HeardWord::Unknown(_) => false,
    });
    if !says_something {
        return Understanding::Rejected(Rejection::Noise);
    }

    let mut set = phrase_set(pos, lexicon);
    if let Some(q) = question
        && q.kind == QuestionKind::PromotionPiece
    {
        add_promotion_answers(&mut set, lexicon, q);
    }
    if heard.from == HeardFrom::Transcript {
        let letters: Vec<(String, f32)> = sorted
            .iter()
            .filter(|(text, _)| !text.trim().is_empty())
            .map(|&(text, score)| {
                (
                    transcript_letters(lexicon, text),
                    (best_score - score).max(0.0),
                )
            })
            .collect();
        *by_letters = nearest::nearest(lexicon, &set, &letters).map(|n| ByLetters {
            candidate: set.candidates[n.target].clone(),
            clear: n.is_clear(),
            agreed: n.agreed,
        });
    }
    let scored = score(
        lexicon,
        &unknowns,
        &set.phrases,
        set.candidates.len(),
        &alternatives,
        matches!(heard.from, HeardFrom::Searched { .. }),
        heard.from == HeardFrom::Searched { agreed: true },
    );
    let best = scored[0];
    if best.cost > ASK_MAX + EPSILON {
        return reject(pos, best_text);
    }
    let window: Vec<Scored> = scored
        .iter()
        .take_while(|s| s.cost < best.cost + MARGIN - EPSILON)
        .copied()
        .collect();
    let exact = best.best_alternative_cost <= EXACT + EPSILON;
    if exact && window.len() == 1 {
        return accept(set.candidates[best.target].clone(), question);
    }
    // A query changes nothing: between queries only, the clearly likeliest is answered (the
    // answer names what it is about, so a wrong one is heard and asked again).
    let is_query =
        |s: &Scored| matches!(&set.candidates[s.target], Candidate::Command(c) if c.is_query());
    if exact && window.iter().all(is_query) && window[1].cost - best.cost >= PREFER - EPSILON {
        return accept(set.candidates[best.target].clone(), question);
    }
    if best.cost >= cost::SUBSTITUTE - EPSILON
        && let Err(err) = parse_move(pos, best_text)
        && is_about_legality(&err)
    {
        return Understanding::Rejected(Rejection::NotLegal(err));
    }
    let candidates: Vec<Candidate> = window
        .iter()
        .map(|s| set.candidates[s.target].clone())
        .collect();
    let tied: Vec<Candidate> = window
        .iter()
        .take_while(|s| s.cost < best.cost + PREFER - EPSILON)
        .map(|s| set.candidates[s.target].clone())
        .collect();
    if let Some(q) = promotion_question(&tied) {
        return Understanding::Ask(q);
    }
    if candidates.len() > MAX_CHOICES {
        return Understanding::Rejected(Rejection::NotUnderstood);
    }
    let clearly_first = window.len() == 1 || window[1].cost - window[0].cost >= PREFER - EPSILON;
    let proposal = clearly_first.then(|| candidates[0].clone());
    Understanding::Ask(Question {
        kind: if proposal.is_some() {
            QuestionKind::Confirm
        } else {
            QuestionKind::Choose
        },
        candidates,
        proposal,
    })
}

/// A clear, exact meaning: what it leads to.
fn accept(candidate: Candidate, question: Option<&Question>) -> Understanding {
    match candidate {
        Candidate::Move(m) => Understanding::Move(m),
        Candidate::Command(Command::Yes) if question.is_some() => {
            let q = question.expect("checked");
            match &q.proposal {
                Some(Candidate::Move(m)) => Understanding::Move(*m),
                Some(Candidate::Command(c)) => Understanding::Command(c.clone()),
                None => Understanding::Ask(q.clone()),
            }
        }
        Candidate::Command(Command::No) if question.is_some() => {
            Understanding::Rejected(Rejection::Declined)
        }
        Candidate::Command(ref c) if c.needs_confirmation() => Understanding::Ask(Question {
            kind: QuestionKind::Confirm,
            candidates: vec![candidate.clone()],
            proposal: Some(candidate),
        }),
        Candidate::Command(c) => Understanding::Command(c),
    }
}

/// Nothing close: the reason.
fn reject(pos: &Chess, best_text: &str) -> Understanding {
    match parse_move(pos, best_text) {
        Err(err) if is_about_legality(&err) => Understanding::Rejected(Rejection::NotLegal(err)),
        _ => Understanding::Rejected(Rejection::NotUnderstood),
    }
}

/// True for reasons that say a well-formed move is not legal (rather than not understood).
fn is_about_legality(err: &ParseError) -> bool {
    matches!(
        err,
        ParseError::NoPieceCanReach { .. }
            | ParseError::NoPieceThere(_)
            | ParseError::NotYourPiece(_)
            | ParseError::Illegal { .. }
            | ParseError::NoPromotionHere
            | ParseError::CastlingNotLegal(_)
    )
}

/// When the close meanings are the promotions of one pawn move, the question is which piece.
fn promotion_question(candidates: &[Candidate]) -> Option<Question> {
    let moves: Vec<Move> = candidates
        .iter()
        .map(|c| match c {
            Candidate::Move(m) if m.promotion().is_some() => Some(*m),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let first = moves.first()?;
    let same_pawn_move = moves.len() > 1
        && moves
            .iter()
            .all(|m| m.from() == first.from() && m.to() == first.to());
    same_pawn_move.then(|| Question {
        kind: QuestionKind::PromotionPiece,
        candidates: candidates.to_vec(),
        proposal: None,
    })
}

/// In answer to "welche Figur?", the piece name alone names the promotion.
fn add_promotion_answers(set: &mut PhraseSet, lexicon: &Lexicon, question: &Question) {
    for candidate in &question.candidates {
        let Candidate::Move(m) = candidate else {
            continue;
        };
        let (Some(piece), Some(target)) = (
            m.promotion(),
            set.candidates.iter().position(|c| c == candidate),
        ) else {
            continue;
        };
        let words = lexicon
            .ids_of(&[Token::Piece(piece)])
            .into_iter()
            .map(|word| PhraseWord {
                word,
                need: Need::Required,
            })
            .collect();
        set.phrases.push(Phrase {
            words,
            target,
            needless_origin: false,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Position, Role};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }
    fn mv(pos: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
    }
    fn hear(pos: &Chess, text: &str) -> Understanding {
        understand(pos, &Heard::text(text), Lang::De)
    }
    fn said(pos: &Chess, u: &Understanding) -> String {
        Lang::De.text(&u.tokens(pos, Lang::De))
    }

    #[test]
    fn clear_moves_are_played() {
        let start = Chess::default();
        for (text, uci) in [
            ("springer felix drei", "g1f3"),
            ("Springer Gustav eins Felix drei", "g1f3"),
            ("springer gustav eins nach felix drei", "g1f3"),
            ("eva vier", "e2e4"),
            ("bauer eva zwei eva vier", "e2e4"),
            ("springer hektor drei", "g1h3"),
            ("cäsar vier", "c2c4"),
            ("david zwo david vier", "d2d4"),
        ] {
            assert_eq!(
                hear(&start, text),
                Understanding::Move(mv(&start, uci)),
                "{text}"
            );
        }
        let fen = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
        let p = pos(fen);
        assert_eq!(
            hear(&p, "Läufer schlägt Cäsar sechs"),
            Understanding::Move(mv(&p, "b5c6"))
        );
        assert_eq!(
            hear(&p, "Läufer Cäsar sechs"),
            Understanding::Move(mv(&p, "b5c6"))
        );
        assert_eq!(
            hear(&p, "kurze rochade"),
            Understanding::Move(mv(&p, "e1g1"))
        );
        let promo = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert_eq!(
            hear(&promo, "eva acht dame"),
            Understanding::Move(mv(&promo, "e7e8q"))
        );
    }

    #[test]
    fn a_sound_alike_neighbour_makes_a_question() {
        // "Springer Felix zwei" is not legal, and "zwei" sounds like "drei": asked as Nf3.
        let start = Chess::default();
        let u = hear(&start, "springer felix zwei");
        assert_eq!(said(&start, &u), "Springer Felix drei?");
        let Understanding::Ask(q) = &u else {
            panic!("{u:?}")
        };
        assert_eq!(q.proposal, Some(Candidate::Move(mv(&start, "g1f3"))));
        // "ja" plays it, "nein" drops it, anything else is understood afresh.
        assert_eq!(
            understand_reply(&start, &Heard::text("ja"), Lang::De, q),
            Understanding::Move(mv(&start, "g1f3"))
        );
        assert_eq!(
            understand_reply(&start, &Heard::text("nein"), Lang::De, q),
            Understanding::Rejected(Rejection::Declined)
        );
        assert_eq!(
            understand_reply(&start, &Heard::text("springer hektor drei"), Lang::De, q),
            Understanding::Move(mv(&start, "g1h3"))
        );
        // Two legal moves one confusion apart are never played silently: Rook d2 and d3.
        let rook = pos("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
        let u = hear(&rook, "turm david drei");
        assert_eq!(said(&rook, &u), "Turm David drei?");
        let u = hear(&rook, "turm david zwo");
        assert_eq!(said(&rook, &u), "Turm David zwei?");
        // A different word that does not sound alike is clear enough.
        assert_eq!(
            hear(&rook, "turm david vier"),
            Understanding::Move(mv(&rook, "d1d4"))
        );
    }

    #[test]
    fn a_transcript_is_played_when_its_nearest_move_is_clear() {
        let start = Chess::default();
        let transcript =
            |pos: &Chess, text: &str| understand(pos, &Heard::transcript(text), Lang::De);
        // Whisper writes a word it does not place as it sounded: asked from a grammar,
        // played from a transcript, where no other move is near.
        assert!(matches!(
            hear(&start, "Springer Felix Dreihing"),
            Understanding::Ask(_)
        ));
        assert_eq!(
            transcript(&start, "Springer Felix Dreihing"),
            Understanding::Move(mv(&start, "g1f3"))
        );
        // A transcript writes the word it heard: "drei" is not "zwei" there.
        let rook = pos("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
        assert_eq!(
            transcript(&rook, "Turm David drei"),
            Understanding::Move(mv(&rook, "d1d3"))
        );
        // An illegal move said is said to be illegal, never taken for a legal one near it.
        assert!(!matches!(
            transcript(&start, "Springer Felix zwei"),
            Understanding::Move(_)
        ));
        // Whisper guessing a phrase of its prompt (a very unlikely transcript): asked.
        let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let guess = Heard {
            alternatives: vec![("Lange Rochade".into(), -38.8)],
            from: HeardFrom::Transcript,
            own_voice: None,
        };
        assert!(matches!(
            understand(&castle, &guess, Lang::De),
            Understanding::Ask(_)
        ));
        let sure = Heard {
            alternatives: vec![("Lange Rochade".into(), -3.0)],
            from: HeardFrom::Transcript,
            own_voice: None,
        };
        assert_eq!(
            understand(&castle, &sure, Lang::De),
            Understanding::Move(mv(&castle, "e1c1"))
        );
        // Alternatives naming two moves: neither is played.
        let disputed = Heard {
            alternatives: vec![
                ("Turm David drei".into(), -1.0),
                ("Turm David vier".into(), -1.5),
            ],
            from: HeardFrom::Transcript,
            own_voice: None,
        };
        assert!(matches!(
            understand(&rook, &disputed, Lang::De),
            Understanding::Ask(_)
        ));
    }

    #[test]
    fn ambiguous_and_promotion_questions() {
        let two_knights = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        let u = hear(&two_knights, "springer david zwei");
        assert_eq!(
            said(&two_knights, &u),
            "Springer Bella David zwei oder Springer Felix David zwei?"
        );
        let promo = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        let u = hear(&promo, "eva acht");
        assert_eq!(said(&promo, &u), "Eva acht, welche Figur?");
        assert_eq!(
            said(&promo, &hear(&promo, "eva sieben eva acht")),
            "Eva acht, welche Figur?"
        );
        let Understanding::Ask(q) = &u else { panic!() };
        assert_eq!(
            understand_reply(&promo, &Heard::text("springer"), Lang::De, q),
            Understanding::Move(mv(&promo, "e7e8n"))
        );
    }

    #[test]
    fn commands_are_understood_and_resigning_is_confirmed() {
        let start = Chess::default();
        assert_eq!(hear(&start, "zeit"), Understanding::Command(Command::Time));
        assert_eq!(
            hear(&start, "korrektur"),
            Understanding::Command(Command::TakeBack)
        );
        // "Feld Felix zwei" is a confusion away, but a query changes nothing: answered.
        assert_eq!(
            hear(&start, "feld felix drei"),
            Understanding::Command(Command::Square(shakmaty::Square::F3))
        );
        assert_eq!(
            hear(&start, "stellung"),
            Understanding::Command(Command::Position)
        );
        let u = hear(&start, "aufgeben");
        let Understanding::Ask(q) = &u else {
            panic!("{u:?}")
        };
        assert_eq!(said(&start, &u), "aufgeben?");
        assert_eq!(
            understand_reply(&start, &Heard::text("ja"), Lang::De, q),
            Understanding::Command(Command::Resign(None))
        );
    }

    /// What a command heard exactly is to do: a binding one asks first.
    fn heard_as(command: &Command) -> Understanding {
        let candidate = Candidate::Command(command.clone());
        if command.needs_confirmation() {
            Understanding::Ask(Question {
                kind: QuestionKind::Confirm,
                candidates: vec![candidate.clone()],
                proposal: Some(candidate),
            })
        } else {
            Understanding::Command(command.clone())
        }
    }

    #[test]
    fn every_phrase_of_every_spoken_command_in_the_tables_is_understood_when_heard() {
        // One source: each row of a command's phrases (the typed parser's rows), in every
        // language and word set, heard exactly, is that command. Under Wine and qemu one row
        // in ANNEXD_TEST_ONE_IN (8: scripts/test-windows.sh, test-aarch64.sh; 16 s of the
        // aarch64 unit tests' 18 under qemu), as the data-heavy tests of core/tests/it play
        // them (support/share.rs): every row on the machine.
        let one_in = crate::listen::share::one_in();
        let start = Chess::default();
        for speech in crate::lang::Speech::all() {
            let lang = speech.lang;
            for (row, (command, words)) in crate::command::spoken(lang).into_iter().enumerate() {
                if row % one_in != 0 {
                    continue;
                }
                let text = crate::command::spoken_text(speech, &words);
                assert_eq!(
                    understand(&start, &Heard::text(&text), lang),
                    heard_as(&command),
                    "{speech}: '{text}'"
                );
                assert_eq!(
                    crate::command::parse(lang, &text),
                    Some(command),
                    "{speech}: '{text}' typed"
                );
            }
        }
        // The forms a new user tried (issue 28), each a row of the tables.
        for (lang, text, command) in [
            (Lang::De, "wiederholen", Command::Repeat),
            (Lang::De, "Wiederholung", Command::Repeat),
            (Lang::De, "noch einmal", Command::Repeat),
            (Lang::De, "Hilfe", Command::Help(None)),
            (Lang::De, "Remis", Command::OfferDraw(None)),
            (Lang::De, "Remis annehmen", Command::AcceptDraw(None)),
            (Lang::En, "help", Command::Help(None)),
            (Lang::En, "say again", Command::Repeat),
            (Lang::Fr, "aide", Command::Help(None)),
            (Lang::Fr, "encore une fois", Command::Repeat),
            // With their articles, as Whisper writes them.
            (Lang::De, "Was war der letzte Zug?", Command::LastMoves(1)),
            (Lang::En, "Where are the pieces?", Command::Position),
            (Lang::Fr, "Où sont les pièces ?", Command::Position),
            (Lang::Fr, "Annuler le coup", Command::TakeBack),
            // French inversions written with their hyphens: a word the lexicon knows whole.
            (
                Lang::Fr,
                "Qu'y a-t-il sur Eva quatre ?",
                Command::Square(shakmaty::Square::E4),
            ),
            (Lang::Fr, "Combien de temps me reste-t-il ?", Command::Time),
            (Lang::Fr, "À qui est-ce de jouer ?", Command::WhoseMove),
        ] {
            assert_eq!(
                understand(&start, &Heard::text(text), lang),
                heard_as(&command),
                "{lang}: '{text}'"
            );
        }
        // A word of hyphens the lexicon does not know is its parts: a move written "e2-e4".
        assert_eq!(
            understand(&start, &Heard::text("e2-e4"), Lang::De),
            Understanding::Move(mv(&start, "e2e4"))
        );
    }

    /// C.8: "Chaque mouvement de pièce est indiqué par l'abréviation du nom de la pièce en
    /// question et la case d'arrivée. […] Une forme plus longue de notation, contenant la case
    /// de départ, est acceptée." C.10: "Si deux pièces identiques peuvent arriver sur la même
    /// case, alors la pièce qui est déplacée est indiquée comme suit: […] la colonne de la
    /// case de départ […] la rangée de la case de départ" (C.9.3: "Quand un pion effectue une
    /// prise, la colonne de départ doit être indiquée"). A move is announced (D.2.1) in these
    /// forms; the origin's file or rank alone, where no second piece needs telling apart, is
    /// none of them: heard so, a word was lost or made up, and the move is asked back.
    #[test]
    fn a_needless_origin_file_or_rank_is_asked_back_c_10() {
        let one = pos("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
        let two = pos("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1");
        let capture = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        // Every language in both word sets: short, long, with the file, with the rank.
        for (lang, [short, long, file, rank], takes) in [
            (
                Lang::De,
                [
                    "Springer Felix drei",
                    "Springer Gustav eins Felix drei",
                    "Springer Gustav Felix drei",
                    "Springer eins Felix drei",
                ],
                "Eva schlägt David fünf",
            ),
            (
                Lang::En,
                [
                    "knight Felix three",
                    "knight Gustav one Felix three",
                    "knight Gustav Felix three",
                    "knight one Felix three",
                ],
                "Eva takes David five",
            ),
            (
                Lang::En,
                [
                    "Springer Felix drei",
                    "Springer Gustav eins Felix drei",
                    "Springer Gustav Felix drei",
                    "Springer eins Felix drei",
                ],
                "Eva takes David fünf",
            ),
            (
                Lang::Fr,
                [
                    "cavalier Félix trois",
                    "cavalier Gustave un Félix trois",
                    "cavalier Gustave Félix trois",
                    "cavalier un Félix trois",
                ],
                "Éva prend David cinq",
            ),
            (
                Lang::Fr,
                [
                    "Springer Felix drei",
                    "Springer Gustav eins Felix drei",
                    "Springer Gustav Felix drei",
                    "Springer eins Felix drei",
                ],
                "Eva prend David fünf",
            ),
        ] {
            let heard = |p: &Chess, text: &str| understand(p, &Heard::text(text), lang);
            let nf3 = Understanding::Move(mv(&one, "g1f3"));
            // C.8: the piece and the square it goes to, or both squares: played.
            assert_eq!(heard(&one, short), nf3, "{lang:?} {short}");
            assert_eq!(heard(&one, long), nf3, "{lang:?} {long}");
            // The file or rank of the only knight: asked back, never played.
            for needless in [file, rank] {
                let u = heard(&one, needless);
                let Understanding::Ask(q) = &u else {
                    panic!("{lang:?} {needless}: {u:?}")
                };
                assert_eq!(q.kind, QuestionKind::Confirm);
                assert_eq!(q.proposal, Some(Candidate::Move(mv(&one, "g1f3"))));
            }
            // C.10: two knights reach f3; the file (or the rank) tells them apart: played.
            assert_eq!(
                heard(&two, file),
                Understanding::Move(mv(&two, "g1f3")),
                "{lang:?} {file}"
            );
            assert_eq!(
                heard(&two, rank),
                Understanding::Move(mv(&two, "g1f3")),
                "{lang:?} {rank}"
            );
            // C.9.3: a pawn's capture names its file, needed or not: played.
            assert_eq!(
                heard(&capture, takes),
                Understanding::Move(mv(&capture, "e4d5")),
                "{lang:?} {takes}"
            );
        }
        // From a search over the grammar: played only when Whisper's own text, written with
        // no grammar, agreed with the phrase (two ways of hearing came to the same words).
        let searched = |agreed: bool| Heard {
            alternatives: vec![
                ("Springer Gustav Felix drei".into(), -1.0),
                ("Springer".into(), -9.0),
            ],
            from: HeardFrom::Searched { agreed },
            own_voice: None,
        };
        assert_eq!(
            understand(&one, &searched(true), Lang::De),
            Understanding::Move(mv(&one, "g1f3"))
        );
        assert_eq!(
            said(&one, &understand(&one, &searched(false), Lang::De)),
            "Springer Felix drei?"
        );
    }

    #[test]
    fn a_search_over_the_grammar_weighed_the_sound_alike_phrases_itself() {
        let rook = pos("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
        let searched = |alternatives: &[(&str, f32)]| Heard {
            alternatives: alternatives
                .iter()
                .map(|(text, score)| (text.to_string(), *score))
                .collect(),
            from: HeardFrom::Searched { agreed: false },
            own_voice: None,
        };
        // "Turm David zwei" is legal and sounds like "drei", but the search found it less
        // likely than every phrase it kept: Rd3 is played.
        let clear = searched(&[("Turm David drei", -1.0), ("Turm David vier", -9.0)]);
        assert_eq!(
            understand(&rook, &clear, Lang::De),
            Understanding::Move(mv(&rook, "d1d3"))
        );
        // The same words from a recogniser held to the words (Vosk): asked.
        let held = Heard {
            from: HeardFrom::Grammar,
            ..clear.clone()
        };
        assert_eq!(
            said(&rook, &understand(&rook, &held, Lang::De)),
            "Turm David drei?"
        );
        // Found close behind: asked.
        let close = searched(&[("Turm David drei", -1.0), ("Turm David zwei", -1.5)]);
        assert!(matches!(
            understand(&rook, &close, Lang::De),
            Understanding::Ask(_)
        ));
        // Nothing else kept: no evidence against the sound-alike, asked.
        let alone = searched(&[("Turm David drei", -1.0)]);
        assert!(matches!(
            understand(&rook, &alone, Lang::De),
            Understanding::Ask(_)
        ));
        // An illegal move found first is refused as that move, not asked as the legal move
        // that sounds like it ("zwei" for "drei": Nf2 is not legal, Nf3 is).
        let start = Chess::default();
        let illegal = searched(&[("Springer Felix zwei", -1.0), ("Springer Felix", -9.0)]);
        assert!(
            matches!(
                understand(&start, &illegal, Lang::De),
                Understanding::Rejected(Rejection::NotLegal(_))
            ),
            "{:?}",
            understand(&start, &illegal, Lang::De)
        );
    }

    #[test]
    fn illegal_moves_noise_and_silence_are_rejected() {
        let start = Chess::default();
        assert_eq!(
            said(&start, &hear(&start, "springer felix vier")),
            "kein Springer erreicht Felix vier"
        );
        assert_eq!(
            hear(&start, ""),
            Understanding::Rejected(Rejection::NothingHeard)
        );
        assert_eq!(
            hear(&start, "[unk] [unk]"),
            Understanding::Rejected(Rejection::Noise)
        );
        assert_eq!(
            hear(&start, "guten morgen allerseits"),
            Understanding::Rejected(Rejection::Noise)
        );
        assert_eq!(
            hear(&start, "nach"),
            Understanding::Rejected(Rejection::Noise)
        );
        // Words of the vocabulary that make nothing: not understood, said so.
        assert_eq!(
            hear(&start, "springer springer springer"),
            Understanding::Rejected(Rejection::NotUnderstood)
        );
    }

    #[test]
    fn a_close_second_alternative_makes_a_question() {
        let start = Chess::default();
        let heard = Heard {
            alternatives: vec![
                ("springer felix drei".into(), 100.0),
                ("springer hektor drei".into(), 99.5),
            ],
            ..Heard::default()
        };
        let u = understand(&start, &heard, Lang::De);
        assert!(
            matches!(&u, Understanding::Ask(q) if q.candidates.len() == 2),
            "{u:?}"
        );
        let far = Heard {
            alternatives: vec![
                ("springer felix drei".into(), 100.0),
                ("springer hektor drei".into(), 90.0),
            ],
            ..Heard::default()
        };
        assert_eq!(
            understand(&start, &far, Lang::De),
            Understanding::Move(mv(&start, "g1f3"))
        );
        // The best alternative names nothing legal, the second names a move exactly: asked.
        let second = Heard {
            alternatives: vec![
                ("springer felix vier".into(), 100.0),
                ("springer felix drei".into(), 99.0),
            ],
            ..Heard::default()
        };
        assert!(matches!(
            understand(&start, &second, Lang::De),
            Understanding::Ask(_)
        ));
    }

    #[test]
    fn the_opponents_repetition_is_recognised_as_such() {
        // White plays Nf3; Black's knight on g8 could go to f6, not f3, but a knight on e5
        // could: "Springer Felix drei" after the move would be a black move.
        let before = pos("4k3/8/8/4n3/8/8/8/4K1N1 w - - 0 1");
        let nf3 = mv(&before, "g1f3");
        let mut after = before.clone();
        after.play_unchecked(nf3);
        let echo = Heard::text("springer felix drei");
        assert!(matches!(
            hear(&after, "springer felix drei"),
            Understanding::Move(_)
        ));
        assert!(repeats(&before, nf3, &echo, Lang::De));
        assert!(!repeats(
            &before,
            nf3,
            &Heard::text("springer hektor drei"),
            Lang::De
        ));
    }

    #[test]
    fn english_words() {
        let start = Chess::default();
        let u = understand(&start, &Heard::text("knight felix three"), Lang::En);
        assert_eq!(u, Understanding::Move(mv(&start, "g1f3")));
        let u = understand(&start, &Heard::text("eva two eva four"), Lang::En);
        assert_eq!(u, Understanding::Move(mv(&start, "e2e4")));
        // "to" sounds like "two": close, but not exact enough next to "square Eva four".
        let u = understand(&start, &Heard::text("eva to eva four"), Lang::En);
        let Understanding::Ask(q) = &u else {
            panic!("{u:?}")
        };
        assert_eq!(q.proposal, Some(Candidate::Move(mv(&start, "e2e4"))));
        assert_eq!(
            understand(&start, &Heard::text("pawn takes"), Lang::En),
            Understanding::Rejected(Rejection::NotUnderstood)
        );
        // The Annex D words are heard in English too, alone or mixed.
        let u = understand(&start, &Heard::text("springer felix drei"), Lang::En);
        assert_eq!(u, Understanding::Move(mv(&start, "g1f3")));
        let u = understand(&start, &Heard::text("knight felix drei"), Lang::En);
        assert_eq!(u, Understanding::Move(mv(&start, "g1f3")));
        let _ = Role::Pawn;
    }

    #[test]
    fn french_words_either_word_set_or_mixed() {
        let start = Chess::default();
        let fr = |p: &Chess, text: &str| understand(p, &Heard::text(text), Lang::Fr);
        for (text, uci) in [
            ("cavalier félix trois", "g1f3"),
            ("springer felix drei", "g1f3"),
            ("cavalier felix drei", "g1f3"),
            ("springer félix trois", "g1f3"),
            ("cavalier gustave un félix trois", "g1f3"),
            ("éva quatre", "e2e4"),
            ("pion éva deux éva quatre", "e2e4"),
            ("césar quatre", "c2c4"),
        ] {
            assert_eq!(
                fr(&start, text),
                Understanding::Move(mv(&start, uci)),
                "{text}"
            );
        }
        let p = pos("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4");
        assert_eq!(
            fr(&p, "fou prend césar six"),
            Understanding::Move(mv(&p, "b5c6"))
        );
        assert_eq!(fr(&p, "petit roque"), Understanding::Move(mv(&p, "e1g1")));
        assert_eq!(fr(&p, "kurze rochade"), Understanding::Move(mv(&p, "e1g1")));
        let check = pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
        assert_eq!(
            fr(&check, "tour anna huit échec"),
            Understanding::Move(mv(&check, "a1a8"))
        );
        // French commands, and the question asked back in French.
        assert_eq!(fr(&start, "temps"), Understanding::Command(Command::Time));
        assert_eq!(
            fr(&start, "où cavalier blanc"),
            Understanding::Command(Command::WhereAre(
                Role::Knight,
                Some(shakmaty::Color::White)
            ))
        );
        assert_eq!(
            fr(&start, "où dame blanche"),
            Understanding::Command(Command::WhereAre(Role::Queen, Some(shakmaty::Color::White)))
        );
        // An illegal move is rejected with its reason, as when typed.
        let Understanding::Rejected(Rejection::NotLegal(_)) = fr(&start, "cavalier felix quatre")
        else {
            panic!("{:?}", fr(&start, "cavalier felix quatre"))
        };
    }

    #[test]
    fn written_coordinates_and_numerals_are_the_words_of_squares() {
        // Whisper writes what it hears of a square in letters and digits.
        let start = Chess::default();
        for text in [
            "Springer F3",
            "Springer Felix 3",
            "Springer Felix III",
            "Springer G1 F3",
            "Springer Felix drei.",
            "Springer Felix-3",
        ] {
            assert_eq!(
                hear(&start, text),
                Understanding::Move(mv(&start, "g1f3")),
                "{text}"
            );
        }
        assert_eq!(
            hear(&start, "e2e4"),
            Understanding::Move(mv(&start, "e2e4"))
        );
        // Words that are not coordinates stay words: "Bad" is no square.
        assert_eq!(
            hear(&start, "Bad"),
            Understanding::Rejected(Rejection::Noise)
        );
    }

    #[test]
    fn unknown_words_cost_by_their_spelling_and_never_decide_alone() {
        let p = pos("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4");
        // A quarter of the letters wrong: still exact enough to play.
        assert_eq!(
            hear(&p, "Läufer schliegt Cesar sechs"),
            Understanding::Move(mv(&p, "b5c6"))
        );
        assert_eq!(
            hear(&p, "Leufer schlägt Cäsar sechs"),
            Understanding::Move(mv(&p, "b5c6"))
        );
        // Half the letters wrong: asked back, not played.
        let start = Chess::default();
        let u = hear(&start, "Springer Felix Drehen");
        let Understanding::Ask(q) = &u else {
            panic!("{u:?}")
        };
        assert_eq!(q.proposal, Some(Candidate::Move(mv(&start, "g1f3"))));
        // A word near two ranks of two legal moves decides neither: "zwai" is one letter from
        // zwei, two from drei, three from vier; the rook may go to each. Not played.
        let rook = pos("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
        let u = hear(&rook, "Turm David zwai");
        assert!(!matches!(u, Understanding::Move(_)), "{u:?}");
        // Sentences of unknown words are noise (what Whisper invents for silence).
        assert_eq!(
            hear(&start, "Untertitel im Auftrag des ZDF"),
            Understanding::Rejected(Rejection::Noise)
        );
    }
}
