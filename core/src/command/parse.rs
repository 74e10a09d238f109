//! The typed-line (and heard-text) command parser, made from the language tables' phrases.
//!
//! A line is a command when all its words match one of a command's phrases, in the session's
//! language first, then in the others; words a language lists as command fillers ("die",
//! "the") may stand anywhere. Anything else is `None`: the line is then read as a move. An
//! empty line presses the clock.

use std::time::Duration;

use shakmaty::{Color, Role};

use super::{Command, Values};
use crate::lang::{Lang, Speech, WordSet, role_index};
use crate::notation::parse::{fold, parse_file, parse_square};
use crate::words::{CommandKind, Slot, Word};

/// One word of the line: as typed, and folded for comparison.
struct LineWord<'a> {
    typed: &'a str,
    folded: String,
}

/// Reads a typed or heard line as a command; `None` means it is not one (try it as a move).
pub fn parse(lang: Lang, line: &str) -> Option<Command> {
    let words: Vec<LineWord> = line_words(line)
        .into_iter()
        .map(|typed| LineWord {
            typed,
            folded: fold(typed),
        })
        .collect();
    if words.is_empty() {
        // "?" alone asks for the help; an empty line presses the clock.
        return Some(if line.contains('?') {
            Command::Help(None)
        } else {
            Command::PressClock
        });
    }
    let in_any = |words: &[LineWord]| {
        let others = Lang::ALL.into_iter().filter(|&l| l != lang);
        std::iter::once(lang)
            .chain(others)
            .find_map(|lang| parse_in(lang, words))
    };
    in_any(&words)
        .or_else(|| {
            // "Hilfe" with a topic there is none of: the topics there are (rather than the
            // help word named as the word not understood).
            (words.len() > 1 && in_any(&words[..1]) == Some(Command::Help(None)))
                .then_some(Command::Help(None))
        })
        .or_else(|| {
            // A wish or a request before the command ("kann ich Remis anbieten"): the
            // command after it.
            let rest = after_lead_ins(&words);
            (rest.len() < words.len()).then(|| in_any(rest)).flatten()
        })
}

/// The line's words after the lead-ins that open it, in any language ("bitte, kann ich",
/// "est-ce que je peux"), fillers before each one skipped too. A lead-in is taken only when
/// a word follows it, so what is left of a line that had one is never empty.
fn after_lead_ins<'w, 'a>(words: &'w [LineWord<'a>]) -> &'w [LineWord<'a>] {
    let mut rest = words;
    'strip: loop {
        // (A lead-in may begin with a filler: "s'il vous plaît, est-ce que".)
        let fillers = rest.iter().take_while(|w| is_filler(&w.folded)).count();
        for start in 0..=fillers {
            for lang in Lang::ALL {
                for lead_in in &compiled(lang).lead_ins {
                    let opens = rest.len() > start + lead_in.len()
                        && rest[start..]
                            .iter()
                            .zip(lead_in)
                            .all(|(word, want)| word.folded == *want);
                    if opens {
                        rest = &rest[start + lead_in.len()..];
                        continue 'strip;
                    }
                }
            }
        }
        return rest;
    }
}

/// The question a typed line asks that is neither a command nor a move, by its words
/// (`question_words` of the language's table, then the others'): "wie lange habe ich noch
/// Zeit" asks the time. Only questions: nothing that binds a player is guessed.
pub fn question_in(lang: Lang, line: &str) -> Option<Command> {
    let words: Vec<String> = line_words(line).into_iter().map(fold).collect();
    // A word only other commands have ("Schiedsrichter Zeit Weiß zehnmal", "ich nehme das
    // Remis"): the line is one of those, not understood, and no question.
    if words
        .iter()
        .any(|w| !is_filler(w) && only_in_other_commands(w))
    {
        return None;
    }
    let others = Lang::ALL.into_iter().filter(|&l| l != lang);
    std::iter::once(lang).chain(others).find_map(|lang| {
        lang.table()
            .question_words
            .iter()
            .find(|(stem, _)| {
                let stem = fold(stem);
                words
                    .iter()
                    .any(|w| w.starts_with(&stem) || w.ends_with(&stem))
            })
            .and_then(|(_, kind)| kind.command(Values::default()))
    })
}

/// The kinds a typed line may ask by its words ([`question_in`]).
const QUESTIONS: [CommandKind; 8] = [
    CommandKind::WhoseMove,
    CommandKind::LastMove,
    CommandKind::Position,
    CommandKind::Time,
    CommandKind::TimeUsed,
    CommandKind::MoveCount,
    CommandKind::Repeat,
    CommandKind::Help,
];

/// Whether a (folded) word is a word of the table ("Schiedsrichter", "Remis", "aufgeben") in
/// some other command's phrase, in some language, and no word of a question's.
fn only_in_other_commands(folded: &str) -> bool {
    let (mut in_question, mut in_other) = (false, false);
    for lang in Lang::ALL {
        for (kind, phrases) in &compiled(lang).kinds {
            let question = QUESTIONS.contains(kind);
            let has = phrases.iter().flatten().any(|slot| {
                matches!(slot, Compiled::Literal(words) if words.iter().any(|w| w == folded))
            });
            in_question |= question && has;
        }
        for kind in CommandKind::ALL
            .into_iter()
            .filter(|k| !QUESTIONS.contains(k))
        {
            in_other |= (lang.table().commands)(kind)
                .iter()
                .flat_map(|p| p.iter())
                .any(|slot| {
                    matches!(slot, Slot::W(word)
                        if lang.word(*word).split_whitespace().any(|w| fold(w) == folded))
                });
        }
    }
    in_other && !in_question
}

/// Whether a (folded) word is a command's filler in some language ("die", "the", "s'").
fn is_filler(folded: &str) -> bool {
    Lang::ALL
        .into_iter()
        .any(|lang| compiled(lang).fillers.iter().any(|w| w == folded))
}

/// Whether a (folded) word is one of the commands' words in some language: a word of a
/// phrase, a filler, a side, a piece or a number in words.
pub(crate) fn is_command_word(folded: &str) -> bool {
    is_filler(folded)
        || Lang::ALL.into_iter().any(|lang| {
            let table = compiled(lang);
            let literal = |slot: &Compiled| match slot {
                Compiled::Literal(words) => words.iter().any(|w| w == folded),
                Compiled::Slot(_) => false,
            };
            table.sides.iter().flatten().any(|w| w == folded)
                || table.pieces.iter().flatten().any(|w| w == folded)
                || table.numbers.iter().any(|w| w == folded)
                || table
                    .kinds
                    .iter()
                    .any(|(_, phrases)| phrases.iter().flatten().any(literal))
        })
}

/// The words of a command's line or phrase: spaces and punctuation part them (a question
/// mark too: "Zeit?", "temps ?"), and an elided French article or pronoun is a word of its own
/// ("l'arbitre" is "l'" and "arbitre", "j’abandonne" "j’" and "abandonne"), as is each part
/// of a word of letters joined by hyphens ("est-ce" is "est" and "ce").
fn line_words(line: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let parts = line
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | '!' | ';' | '?' | '¿' | '¡'));
    for part in parts.filter(|w| !w.is_empty()) {
        let mut rest = part;
        while let Some(at) = rest.find(['\'', '’']) {
            let head = &rest[..at];
            let end = at + rest[at..].chars().next().map_or(1, char::len_utf8);
            let elided = (1..=2).contains(&head.chars().count())
                && head.chars().all(char::is_alphabetic)
                && end < rest.len();
            if !elided {
                break;
            }
            words.push(&rest[..end]);
            rest = &rest[end..];
        }
        // A word of letters joined by hyphens is its parts ("est-ce", "a-t-il", "e-file");
        // "g1-f3" and "0-0" are no such word.
        let joined = rest.contains('-')
            && rest
                .split('-')
                .all(|piece| !piece.is_empty() && piece.chars().all(char::is_alphabetic));
        if joined {
            words.extend(rest.split('-'));
        } else {
            words.push(rest);
        }
    }
    words
}

/// The command of the line in one language: of every phrase that matches, the one that
/// leaves the least to a rest of the line, first in table order on a tie.
fn parse_in(lang: Lang, words: &[LineWord]) -> Option<Command> {
    let mut best: Option<(usize, Command)> = None;
    let compiled = compiled(lang);
    let matcher = Matcher {
        lang,
        words,
        fillers: &compiled.fillers,
    };
    // A phrase that starts with a word other than the line's first (after fillers, or one of
    // those fillers: "is it my move") cannot match: most phrases are passed over by one
    // comparison or a few.
    let firsts = &words[..(matcher.skip_fillers(0) + 1).min(words.len())];
    for (kind, phrases) in &compiled.kinds {
        let kind = *kind;
        for phrase in phrases {
            if let Some(Compiled::Literal(wanted)) = phrase.first()
                && let Some(word) = wanted.first()
                && !firsts.iter().any(|w| w.folded == *word)
            {
                continue;
            }
            let Some(values) = matcher.phrase(phrase, 0, Values::default()) else {
                continue;
            };
            let rest_len = values.rest.as_ref().map_or(0, String::len);
            if best.as_ref().is_some_and(|(len, _)| *len <= rest_len) {
                continue;
            }
            if let Some(command) = kind.command(values) {
                best = Some((rest_len, command));
            }
        }
    }
    best.map(|(_, command)| command)
}

/// A phrase's slot with its literal words folded once.
enum Compiled {
    /// Literal words (a word of the table, or another phrasing's text), folded.
    Literal(Vec<String>),
    /// Any other slot.
    Slot(Slot),
}

/// A language's phrases and fillers, folded once: every typed line is matched against them.
struct CompiledTable {
    kinds: Vec<(CommandKind, Vec<Vec<Compiled>>)>,
    fillers: Vec<String>,
    /// The lead-ins' words, folded, the longest first.
    lead_ins: Vec<Vec<String>>,
    /// Each side's words: its name and its colour's forms (White, then Black).
    sides: [Vec<String>; 2],
    /// Each piece's words (its name, plurals and longer forms), in this language's words and
    /// the Annex D words, by `role_index`.
    pieces: [Vec<String>; 6],
    /// The numbers 0 … 99 in words.
    numbers: Vec<String>,
}

fn compiled(lang: Lang) -> &'static CompiledTable {
    use std::sync::OnceLock;
    static TABLES: OnceLock<Vec<CompiledTable>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        Lang::ALL
            .into_iter()
            .map(|lang| {
                // ("?", the help's sign, is a phrase of its own.)
                let fold_all = |text: &str| -> Vec<String> {
                    match line_words(text) {
                        words if words.is_empty() => vec![fold(text)],
                        words => words.into_iter().map(fold).collect(),
                    }
                };
                let kinds = CommandKind::ALL
                    .into_iter()
                    .map(|kind| {
                        let phrases = (lang.table().commands)(kind)
                            .iter()
                            .map(|phrase| {
                                phrase
                                    .iter()
                                    .map(|slot| match slot {
                                        Slot::W(word) => {
                                            Compiled::Literal(fold_all(lang.word(*word)))
                                        }
                                        Slot::T(text) => Compiled::Literal(fold_all(text)),
                                        other => Compiled::Slot(*other),
                                    })
                                    .collect()
                            })
                            .collect();
                        (kind, phrases)
                    })
                    .collect();
                let fillers = lang
                    .table()
                    .command_fillers
                    .iter()
                    .map(|f| fold(f))
                    .collect();
                let mut lead_ins: Vec<Vec<String>> = lang
                    .table()
                    .command_lead_ins
                    .iter()
                    .map(|text| fold_all(text))
                    .collect();
                lead_ins.sort_by_key(|words| std::cmp::Reverse(words.len()));
                let table = lang.table();
                let sides = [0, 1].map(|i| {
                    std::iter::once(table.sides[i])
                        .chain(table.colour_forms[i].iter().copied())
                        .map(fold)
                        .collect()
                });
                let annex_d = Speech::new(lang, WordSet::AnnexD).move_table();
                let pieces = [0, 1, 2, 3, 4, 5].map(|i| {
                    [table, annex_d]
                        .into_iter()
                        .flat_map(|t| {
                            std::iter::once(t.pieces[i]).chain(
                                t.piece_forms[i]
                                    .iter()
                                    .copied()
                                    .filter(|f| f.chars().count() > 1),
                            )
                        })
                        .map(fold)
                        .collect()
                });
                let numbers = (0..100u32)
                    .map(|n| fold(&(table.numbers.below_100)(n)))
                    .collect();
                CompiledTable {
                    kinds,
                    fillers,
                    lead_ins,
                    sides,
                    pieces,
                    numbers,
                }
            })
            .collect()
    });
    &tables[Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0)]
}

struct Matcher<'a> {
    lang: Lang,
    words: &'a [LineWord<'a>],
    fillers: &'a [String],
}

impl Matcher<'_> {
    /// Matches `slots` against the words from `at` to the end; the values they give.
    fn phrase(&self, slots: &[Compiled], at: usize, values: Values) -> Option<Values> {
        // Fillers are skipped, but for one the next words begin with ("my move").
        let first = match slots.first() {
            Some(Compiled::Literal(wanted)) => wanted.first(),
            _ => None,
        };
        let at = self.skip_fillers_before(at, first);
        let Some((slot, rest)) = slots.split_first() else {
            return (at == self.words.len()).then_some(values);
        };
        for (used, values) in self.slot(slot, at, &values) {
            if let Some(done) = self.phrase(rest, at + used, values) {
                return Some(done);
            }
        }
        None
    }

    fn skip_fillers(&self, at: usize) -> usize {
        self.skip_fillers_before(at, None)
    }

    /// The first word from `at` on that is no filler or is `next` (a filler a phrase or a
    /// literal goes on with: "my" of "my move").
    fn skip_fillers_before(&self, mut at: usize, next: Option<&String>) -> usize {
        while self
            .words
            .get(at)
            .is_some_and(|w| Some(&w.folded) != next && self.fillers.contains(&w.folded))
        {
            at += 1;
        }
        at
    }

    /// The ways `slot` can match at `at`: words used and the values then known.
    fn slot(&self, slot: &Compiled, at: usize, values: &Values) -> Vec<(usize, Values)> {
        let slot = match slot {
            Compiled::Literal(wanted) => {
                return self
                    .literal(wanted, at)
                    .map(|n| vec![(n, values.clone())])
                    .unwrap_or_default();
            }
            Compiled::Slot(slot) => *slot,
        };
        let with = |f: &dyn Fn(&mut Values)| {
            let mut v = values.clone();
            f(&mut v);
            v
        };
        let words = &self.words[at.min(self.words.len())..];
        match slot {
            Slot::W(_) | Slot::T(_) => unreachable!("literals are compiled"),
            Slot::Square => (1..=2)
                .filter(|&n| n <= words.len())
                .filter_map(|n| {
                    let text: Vec<&str> = words[..n].iter().map(|w| w.typed).collect();
                    parse_square(&text.join(" "))
                        .map(|sq| (n, with(&|v: &mut Values| v.square = Some(sq))))
                })
                .collect(),
            // A file by one word ("eva", "e"), with the language's word for a file after it
            // or not ("Eva-Linie" is parted at its hyphen, `line_words`).
            Slot::File => {
                let Some(file) = words.first().and_then(|w| parse_file(&w.folded)) else {
                    return Vec::new();
                };
                let file_word = fold(self.lang.word(Word::ChessFile));
                let mut out = vec![(1, with(&|v: &mut Values| v.file = Some(file)))];
                if words.get(1).is_some_and(|w| w.folded == file_word) {
                    out.insert(0, (2, with(&|v: &mut Values| v.file = Some(file))));
                }
                out
            }
            Slot::Side | Slot::OptSide | Slot::OptColour => {
                let mut out = Vec::new();
                if slot != Slot::Side {
                    out.push((0, values.clone()));
                }
                if let Some(side) = words.first().and_then(|w| side_of(self.lang, &w.folded)) {
                    out.insert(0, (1, with(&|v: &mut Values| v.side = Some(side))));
                }
                out
            }
            Slot::Piece => words
                .first()
                .and_then(|w| piece_of(self.lang, &w.folded))
                .map(|role| vec![(1, with(&|v: &mut Values| v.piece = Some(role)))])
                .unwrap_or_default(),
            Slot::Number | Slot::OptNumber | Slot::SignedNumber => {
                let mut out = Vec::new();
                if let Some(n) = words
                    .first()
                    .and_then(|w| number_of(w.typed, slot == Slot::SignedNumber))
                {
                    out.push((1, with(&|v: &mut Values| v.number = Some(n))));
                }
                if slot == Slot::OptNumber {
                    out.push((0, values.clone()));
                }
                out
            }
            Slot::ClockTime => words
                .first()
                .and_then(|w| clock_time_of(w.typed))
                .map(|time| vec![(1, with(&|v: &mut Values| v.time = Some(time)))])
                .unwrap_or_default(),
            Slot::Rest | Slot::OptRest => {
                let mut out = Vec::new();
                if !words.is_empty() {
                    let typed: Vec<&str> = words.iter().map(|w| w.typed).collect();
                    let rest = typed.join(" ");
                    out.push((
                        words.len(),
                        with(&|v: &mut Values| v.rest = Some(rest.clone())),
                    ));
                }
                if slot == Slot::OptRest {
                    out.push((0, values.clone()));
                }
                out
            }
        }
    }

    /// How many words a literal text takes at `at`, if the line says it there: fillers may
    /// stand between its words ("à qui est-ce de jouer" says "à qui de jouer").
    fn literal(&self, wanted: &[String], at: usize) -> Option<usize> {
        let mut next = at;
        for (i, want) in wanted.iter().enumerate() {
            if i > 0 {
                next = self.skip_fillers_before(next, Some(want));
            }
            if self.words.get(next)?.folded != *want {
                return None;
            }
            next += 1;
        }
        Some(next - at)
    }
}

/// A simulated peg board's line as its protocol takes it: a peg lifted or put down named in
/// any language ("heben e2", "poser e4", "lift e2") becomes `UP e2` / `DOWN e4`; anything
/// else (a peg's way `e2e4`, a move, `UP e2` itself) is passed as typed.
pub fn simulator_line(line: &str) -> String {
    let line = line.trim();
    let Some((first, rest)) = line.split_once(char::is_whitespace) else {
        return line.to_string();
    };
    let folded = fold(first);
    let named = |word: Word| {
        Lang::ALL
            .into_iter()
            .any(|lang| fold(lang.word(word)) == folded)
    };
    let event = if named(Word::PegLift) || folded == "up" {
        "UP"
    } else if named(Word::PegPut) || folded == "down" {
        "DOWN"
    } else {
        return line.to_string();
    };
    format!("{event} {}", rest.trim())
}

/// A line that is only a side's name ("Weiß", "Black", "noir"), in `lang` or another
/// language: the answer to "whose is it?".
pub fn parse_side(lang: Lang, line: &str) -> Option<Color> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | '!' | ';' | '?'))
        .filter(|w| !w.is_empty())
        .collect();
    let [word] = words.as_slice() else {
        return None;
    };
    let folded = fold(word);
    let others = Lang::ALL.into_iter().filter(|&l| l != lang);
    std::iter::once(lang)
        .chain(others)
        .find_map(|lang| side_of(lang, &folded))
}

/// A side or colour named by a (folded) word in `lang`.
fn side_of(lang: Lang, folded: &str) -> Option<Color> {
    let sides = &compiled(lang).sides;
    [Color::White, Color::Black].into_iter().find(|&side| {
        sides[usize::from(side == Color::Black)]
            .iter()
            .any(|f| f == folded)
    })
}

/// A piece named by a (folded) word in `lang` or in the Annex D words, singular or plural.
fn piece_of(lang: Lang, folded: &str) -> Option<Role> {
    let pieces = &compiled(lang).pieces;
    Role::ALL
        .into_iter()
        .find(|&role| pieces[role_index(role)].iter().any(|f| f == folded))
}

/// A time on a clock: "1:23:10" (h:mm:ss) or "23:10" (m:ss).
fn clock_time_of(typed: &str) -> Option<Duration> {
    let parts: Vec<u64> = typed
        .split(':')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    let (h, m, s) = match parts.as_slice() {
        [m, s] => (0, *m, *s),
        [h, m, s] => (*h, *m, *s),
        _ => return None,
    };
    (parts.len() == 2 || m < 60)
        .then_some(())
        .filter(|()| s < 60)
        .map(|()| Duration::from_secs(h * 3600 + m * 60 + s))
}

/// A number in digits (signed if allowed) or in the words of any language (0 … 99).
fn number_of(typed: &str, signed: bool) -> Option<i64> {
    let digits = if signed {
        typed.strip_prefix('+').unwrap_or(typed)
    } else {
        typed
    };
    if let Ok(n) = digits.parse::<i64>() {
        return (signed || n >= 0).then_some(n);
    }
    let folded = fold(typed);
    Lang::ALL.into_iter().find_map(|lang| {
        compiled(lang)
            .numbers
            .iter()
            .position(|n| *n == folded)
            .map(|n| n as i64)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::ArbiterAction;
    use shakmaty::Square;

    fn de(line: &str) -> Option<Command> {
        parse(Lang::De, line)
    }

    #[test]
    fn a_simulated_pegs_lift_and_drop_are_named_in_every_language() {
        for (typed, line) in [
            ("heben e2", "UP e2"),
            ("setzen e4", "DOWN e4"),
            ("lift e2", "UP e2"),
            ("put e4", "DOWN e4"),
            ("lever e2", "UP e2"),
            ("poser e4", "DOWN e4"),
            ("UP e2", "UP e2"),
            ("down e4", "DOWN e4"),
            ("e2e4", "e2e4"),
            ("Nf3", "Nf3"),
        ] {
            assert_eq!(simulator_line(typed), line, "{typed}");
        }
        assert_eq!(
            de("Brett heben e2"),
            Some(Command::Peg("heben e2".to_string()))
        );
    }

    #[test]
    fn questions_as_people_ask_them() {
        use shakmaty::{File, Role};
        let pawns = Some(Command::WhereAre(Role::Pawn, None));
        assert_eq!(de("wo sind die Bauern"), pawns);
        assert_eq!(de("wo stehen die Bauern"), pawns);
        assert_eq!(de("where are the pawns"), pawns);
        assert_eq!(parse(Lang::Fr, "où sont les pions"), pawns);
        let file = |role, side| Some(Command::OnFile(File::E, role, side));
        for line in ["Linie Eva", "Linie e", "was steht auf der Eva-Linie"] {
            assert_eq!(de(line), file(None, None), "{line}");
        }
        for line in [
            "Bauern auf der Eva-Linie",
            "die Bauern auf der Linie Eva",
            "Bauern auf der e-Linie",
        ] {
            assert_eq!(de(line), file(Some(Role::Pawn), None), "{line}");
        }
        assert_eq!(
            de("weiße Bauern auf der Eva-Linie"),
            file(Some(Role::Pawn), Some(Color::White))
        );
        for line in ["Eva file", "file e", "what is on the e file"] {
            assert_eq!(parse(Lang::En, line), file(None, None), "{line}");
        }
        for line in ["pawns on the Eva file", "pawns on the e-file"] {
            assert_eq!(
                parse(Lang::En, line),
                file(Some(Role::Pawn), None),
                "{line}"
            );
        }
        assert_eq!(parse(Lang::Fr, "colonne Eva"), file(None, None));
        assert_eq!(
            parse(Lang::Fr, "les pions sur la colonne Eva"),
            file(Some(Role::Pawn), None)
        );
        assert_eq!(
            parse(Lang::Fr, "pions noirs sur la colonne e"),
            file(Some(Role::Pawn), Some(Color::Black))
        );
        // A file's name alone is no question (it may begin a move).
        assert_eq!(de("Eva"), None);
    }

    /// The questions and requests as people type or say them, with a question mark, in
    /// whole sentences, with French elisions: each is the command it asks for.
    #[test]
    fn commands_in_the_words_people_use() {
        use Command::*;
        let cases: &[(Lang, &str, Command)] = &[
            (Lang::De, "Zeit?", Time),
            (Lang::De, "wie viel Zeit habe ich", Time),
            (Lang::De, "wie viel Zeit", Time),
            (Lang::De, "Remis?", OfferDraw(None)),
            (Lang::De, "ich biete Remis an", OfferDraw(None)),
            (Lang::De, "wer zieht", WhoseMove),
            (Lang::De, "wer ist dran?", WhoseMove),
            (Lang::De, "was war der letzte Zug", LastMoves(1)),
            (Lang::De, "wie viele Züge", MoveCount),
            (Lang::De, "wie bitte?", Repeat),
            (Lang::De, "wo stehen die Figuren", Position),
            (Lang::De, "Schiedsrichter", CallArbiter),
            (Lang::De, "Uhr anhalten", CallArbiter),
            (
                Lang::De,
                "Schiedsrichter Pause",
                Arbiter(ArbiterAction::Pause),
            ),
            (Lang::En, "what time is it", Time),
            (Lang::En, "what is the time?", Time),
            (Lang::En, "how much time", Time),
            (Lang::En, "draw?", OfferDraw(None)),
            (Lang::En, "I offer a draw", OfferDraw(None)),
            (Lang::En, "who is to move", WhoseMove),
            (Lang::En, "whose turn is it?", WhoseMove),
            (Lang::En, "what was the last move", LastMoves(1)),
            (Lang::En, "how many moves", MoveCount),
            (Lang::En, "repeat that please", Repeat),
            (Lang::En, "where are the pieces", Position),
            (Lang::En, "call the arbiter", CallArbiter),
            (Lang::En, "stop the clock", CallArbiter),
            (Lang::En, "I give up", Resign(None)),
            (Lang::En, "accept the draw", AcceptDraw(None)),
            (Lang::En, "I accept the draw", AcceptDraw(None)),
            (Lang::En, "decline the draw", DeclineDraw(None)),
            (Lang::En, "take it back", TakeBack),
            (Lang::Fr, "temps ?", Time),
            (Lang::Fr, "combien de temps", Time),
            (Lang::Fr, "nulle ?", OfferDraw(None)),
            (Lang::Fr, "je propose la nulle", OfferDraw(None)),
            (Lang::Fr, "c'est à qui ?", WhoseMove),
            (Lang::Fr, "quel était le dernier coup", LastMoves(1)),
            (Lang::Fr, "combien de coups", MoveCount),
            (Lang::Fr, "où sont les pièces", Position),
            (Lang::Fr, "appeler l'arbitre", CallArbiter),
            (Lang::Fr, "j’appelle l’arbitre", CallArbiter),
            (Lang::Fr, "arrêter la pendule", CallArbiter),
            (Lang::Fr, "j’abandonne", Resign(None)),
            (Lang::Fr, "répétez, s'il vous plaît", Repeat),
            (Lang::Fr, "c'est à moi ?", WhoseMove),
            (Lang::Fr, "quoi en e4", Square(shakmaty::Square::E4)),
            (Lang::Fr, "j'accepte la nulle", AcceptDraw(None)),
            (Lang::Fr, "je refuse", DeclineDraw(None)),
            (Lang::Fr, "annuler le coup", TakeBack),
            (Lang::De, "ich nehme das Remis an", AcceptDraw(None)),
            (Lang::De, "ich lehne ab", DeclineDraw(None)),
            (Lang::De, "Zug zurücknehmen", TakeBack),
            (Lang::De, "was ist auf e4", Square(shakmaty::Square::E4)),
            // "my" names no side (a shared keyboard's line is nobody's): both are said.
            (
                Lang::De,
                "wo ist mein König",
                WhereAre(shakmaty::Role::King, None),
            ),
            (
                Lang::En,
                "where is my king",
                WhereAre(shakmaty::Role::King, None),
            ),
            (
                Lang::Fr,
                "où est mon roi",
                WhereAre(shakmaty::Role::King, None),
            ),
            (Lang::En, "is it my turn", WhoseMove),
            (Lang::De, "bin ich am Zug?", WhoseMove),
            (Lang::De, "bin ich dran", WhoseMove),
            (Lang::En, "what's on e4?", Square(shakmaty::Square::E4)),
            (Lang::Fr, "c'est à moi de jouer ?", WhoseMove),
            // French inversions: the hyphen parts the words, "ce" and "t" are fillers.
            (Lang::Fr, "à qui est-ce de jouer ?", WhoseMove),
            (
                Lang::En,
                "pawns on the e-file",
                OnFile(shakmaty::File::E, Some(shakmaty::Role::Pawn), None),
            ),
            // Leaving is asked back ("Ende? ja oder nein").
            (Lang::De, "Programm beenden", Quit),
            (Lang::En, "leave", Quit),
            (Lang::En, "exit the program", Quit),
            (Lang::Fr, "quitter le programme", Quit),
        ];
        for (lang, line, command) in cases {
            assert_eq!(
                parse(*lang, line).as_ref(),
                Some(command),
                "{lang:?}: {line}"
            );
        }
        // "?" alone is the help; a sentence that is no command stays none.
        assert_eq!(parse(Lang::De, "?"), Some(Help(None)));
        assert_eq!(parse(Lang::Fr, " ? "), Some(Help(None)));
        assert_eq!(parse(Lang::En, "what is this"), None);
    }

    /// A wish or a request before a command ("kann ich Remis anbieten", "I'd like to offer a
    /// draw", "est-ce que je peux proposer nulle"), one after another too, is the command;
    /// a lead-in before a move or before nothing is no command.
    #[test]
    fn a_wish_or_a_request_before_a_command_is_the_command() {
        use Command::*;
        let cases: &[(Lang, &str, Command)] = &[
            (Lang::De, "ich möchte Remis anbieten", OfferDraw(None)),
            (Lang::De, "kann ich Remis anbieten?", OfferDraw(None)),
            (Lang::De, "ich will aufgeben", Resign(None)),
            (Lang::De, "bitte, kann ich Remis anbieten", OfferDraw(None)),
            (Lang::De, "sagen Sie mir die Zeit", Time),
            (Lang::De, "welcher Zug ist es", MoveCount),
            (Lang::De, "der wievielte Zug ist es?", MoveCount),
            (
                Lang::De,
                "was steht auf Feld e4",
                Square(shakmaty::Square::E4),
            ),
            (Lang::En, "can I offer a draw?", OfferDraw(None)),
            (Lang::En, "I would like to offer a draw", OfferDraw(None)),
            (Lang::En, "I'd like to offer a draw", OfferDraw(None)),
            (Lang::En, "I want to resign", Resign(None)),
            (Lang::En, "please, can I offer a draw", OfferDraw(None)),
            (Lang::En, "could you repeat that", Repeat),
            (Lang::En, "tell me the time", Time),
            (Lang::En, "is it my move?", WhoseMove),
            (Lang::En, "what move is it", MoveCount),
            (Lang::En, "which move number", MoveCount),
            (
                Lang::En,
                "what is on square e4",
                Square(shakmaty::Square::E4),
            ),
            (
                Lang::Fr,
                "est-ce que je peux proposer nulle",
                OfferDraw(None),
            ),
            (Lang::Fr, "je voudrais proposer la nulle", OfferDraw(None)),
            (Lang::Fr, "je veux abandonner", Resign(None)),
            (
                Lang::Fr,
                "s'il vous plaît, est-ce que je peux proposer la nulle",
                OfferDraw(None),
            ),
            (Lang::Fr, "puis-je proposer nulle ?", OfferDraw(None)),
            (Lang::Fr, "dites-moi le temps", Time),
            (Lang::Fr, "j'aimerais appeler l'arbitre", CallArbiter),
            (
                Lang::Fr,
                "qu'y a-t-il en e4 ?",
                Square(shakmaty::Square::E4),
            ),
            (Lang::Fr, "quel coup a été joué", LastMoves(1)),
            (Lang::Fr, "c'est à qui de jouer ?", WhoseMove),
            (Lang::Fr, "j'offre la nulle", OfferDraw(None)),
            (Lang::Fr, "je demande l'arbitre", CallArbiter),
            (Lang::Fr, "appelez l'arbitre", CallArbiter),
            // In another language than the session's, as every command.
            (Lang::De, "can I offer a draw", OfferDraw(None)),
        ];
        for (lang, line, command) in cases {
            assert_eq!(
                parse(*lang, line).as_ref(),
                Some(command),
                "{lang:?}: {line}"
            );
        }
        for (lang, line) in [
            (Lang::De, "kann ich e4"),
            (Lang::En, "can I e4"),
            (Lang::En, "I want to"),
            (Lang::Fr, "je veux Cesar quatre"),
            (Lang::Fr, "est-ce que"),
        ] {
            assert_eq!(parse(lang, line), None, "{lang:?}: {line}");
        }
    }

    #[test]
    fn german_and_english_command_words() {
        assert_eq!(de("Wer ist am Zug"), Some(Command::WhoseMove));
        assert_eq!(de("letzte Züge 3"), Some(Command::LastMoves(3)));
        assert_eq!(de("letzte Züge drei"), Some(Command::LastMoves(3)));
        assert_eq!(de("last moves"), Some(Command::LastMoves(5)));
        assert_eq!(de("Stellung"), Some(Command::Position));
        assert_eq!(de("Feld Eva vier"), Some(Command::Square(Square::E4)));
        assert_eq!(de("what is on e4"), Some(Command::Square(Square::E4)));
        assert_eq!(
            de("was steht auf Cäsar fünf"),
            Some(Command::Square(Square::C5))
        );
        assert_eq!(
            de("wo stehen die weißen Springer"),
            Some(Command::WhereAre(Role::Knight, Some(Color::White)))
        );
        assert_eq!(
            de("where are the rooks"),
            Some(Command::WhereAre(Role::Rook, None))
        );
        assert_eq!(
            de("where queen"),
            Some(Command::WhereAre(Role::Queen, None))
        );
        assert_eq!(de("Korrektur"), Some(Command::TakeBack));
        assert_eq!(de("zurücknehmen"), Some(Command::TakeBack));
        assert_eq!(de("Remis"), Some(Command::OfferDraw(None)));
        assert_eq!(
            de("Remis Weiß"),
            Some(Command::OfferDraw(Some(Color::White)))
        );
        assert_eq!(
            de("draw black"),
            Some(Command::OfferDraw(Some(Color::Black)))
        );
        assert_eq!(de("remis annehmen"), Some(Command::AcceptDraw(None)));
        // 9.1.2: the side that answers may be named.
        for line in [
            "Schwarz nimmt Remis an",
            "Remis annehmen Schwarz",
            "schwarz nimmt an",
        ] {
            assert_eq!(
                de(line),
                Some(Command::AcceptDraw(Some(Color::Black))),
                "{line}"
            );
        }
        for line in [
            "Weiß lehnt Remis ab",
            "Remis ablehnen Weiß",
            "ablehnen weiß",
        ] {
            assert_eq!(
                de(line),
                Some(Command::DeclineDraw(Some(Color::White))),
                "{line}"
            );
        }
        let en = |line| parse(Lang::En, line);
        for line in [
            "Black accepts the draw",
            "accept draw black",
            "black accepts",
        ] {
            assert_eq!(
                en(line),
                Some(Command::AcceptDraw(Some(Color::Black))),
                "{line}"
            );
        }
        assert_eq!(
            en("white declines the draw"),
            Some(Command::DeclineDraw(Some(Color::White)))
        );
        assert_eq!(
            de("reklamieren Springer Felix drei"),
            Some(Command::ClaimDraw(Some("Springer Felix drei".into())))
        );
        assert_eq!(de("Reklamation"), Some(Command::ClaimDraw(None)));
        assert_eq!(de("claim draw"), Some(Command::ClaimDraw(None)));
        assert_eq!(de("Aufgeben"), Some(Command::Resign(None)));
        assert_eq!(
            de("Schwarz gibt auf"),
            Some(Command::Resign(Some(Color::Black)))
        );
        assert_eq!(
            de("white resigns"),
            Some(Command::Resign(Some(Color::White)))
        );
        assert_eq!(de("Blau gibt auf"), None);
        assert_eq!(de(""), Some(Command::PressClock));
        assert_eq!(de("die"), None, "a line of fillers is no command");
        assert_eq!(de("Springer Felix drei"), None);
        assert_eq!(de("Feld Blabla vier"), None);
        assert_eq!(de("FEN"), Some(Command::Fen));
        assert_eq!(de("verbrauchte Zeit"), Some(Command::TimeUsed));
        assert_eq!(de("time used"), Some(Command::TimeUsed));
        assert_eq!(de("hören"), Some(Command::Listen));
        assert_eq!(de("peg e2e4"), Some(Command::Peg("e2e4".into())));
        assert_eq!(de("Brett UP e2"), Some(Command::Peg("UP e2".into())));
        assert_eq!(de("Brett"), Some(Command::Position));
        assert_eq!(de("Ende"), Some(Command::Quit));
    }

    #[test]
    fn the_arbiters_commands() {
        assert_eq!(
            de("Schiedsrichter Zeit Weiß 120"),
            Some(Command::Arbiter(ArbiterAction::AddTime(Color::White, 120)))
        );
        assert_eq!(
            de("arbiter time black -30"),
            Some(Command::Arbiter(ArbiterAction::AddTime(Color::Black, -30)))
        );
        assert_eq!(
            de("arbiter illegal black"),
            Some(Command::Arbiter(ArbiterAction::IllegalMove(Some(
                Color::Black
            ))))
        );
        assert_eq!(
            de("Schiedsrichter regelwidrig"),
            Some(Command::Arbiter(ArbiterAction::IllegalMove(None)))
        );
        assert_eq!(
            de("Schiedsrichter Pause"),
            Some(Command::Arbiter(ArbiterAction::Pause))
        );
        assert_eq!(
            de("Schiedsrichter weiter"),
            Some(Command::Arbiter(ArbiterAction::Resume))
        );
        assert_eq!(de("arbiter dance"), None);
        assert_eq!(
            de("Schiedsrichter zurück 2"),
            Some(Command::Arbiter(ArbiterAction::Back(2)))
        );
        assert_eq!(de("Schiedsrichter zurück -2"), None);
        assert_eq!(
            de("Schiedsrichter Zeit Weiß 1:23:10"),
            Some(Command::Arbiter(ArbiterAction::SetTime(
                Color::White,
                Duration::from_secs(3600 + 23 * 60 + 10)
            )))
        );
        assert_eq!(
            de("arbiter time black 5:00"),
            Some(Command::Arbiter(ArbiterAction::SetTime(
                Color::Black,
                Duration::from_secs(300)
            )))
        );
        assert_eq!(de("Schiedsrichter Zeit Weiß 1:75:10"), None);
        assert_eq!(
            de("Schiedsrichter Zug 24"),
            Some(Command::Arbiter(ArbiterAction::SetMoveNumber(24)))
        );
        assert_eq!(de("Schiedsrichter Zug 0"), None);
    }

    #[test]
    fn every_phrase_the_program_says_reads_back_to_its_command() {
        for speech in Speech::all() {
            let lang = speech.lang;
            for (command, words) in crate::command::spoken(lang) {
                let said = crate::command::spoken_text(speech, &words);
                assert_eq!(
                    parse(lang, &said),
                    Some(command.clone()),
                    "{speech}: '{said}'"
                );
            }
        }
    }

    #[test]
    fn french_command_words() {
        let fr = |line| parse(Lang::Fr, line);
        assert_eq!(fr("au trait"), Some(Command::WhoseMove));
        assert_eq!(fr("qui joue"), Some(Command::WhoseMove));
        assert_eq!(fr("dernier coup"), Some(Command::LastMoves(1)));
        assert_eq!(fr("derniers coups 3"), Some(Command::LastMoves(3)));
        assert_eq!(fr("derniers coups trois"), Some(Command::LastMoves(3)));
        assert_eq!(fr("position"), Some(Command::Position));
        assert_eq!(fr("case Eva quatre"), Some(Command::Square(Square::E4)));
        assert_eq!(fr("case Eva vier"), Some(Command::Square(Square::E4)));
        assert_eq!(fr("case César cinq"), Some(Command::Square(Square::C5)));
        assert_eq!(
            fr("où cavalier"),
            Some(Command::WhereAre(Role::Knight, None))
        );
        assert_eq!(
            fr("où Springer"),
            Some(Command::WhereAre(Role::Knight, None))
        );
        assert_eq!(
            fr("où sont les tours blanches"),
            Some(Command::WhereAre(Role::Rook, Some(Color::White)))
        );
        assert_eq!(
            fr("où Dame noire"),
            Some(Command::WhereAre(Role::Queen, Some(Color::Black)))
        );
        assert_eq!(fr("temps"), Some(Command::Time));
        assert_eq!(fr("temps utilisé"), Some(Command::TimeUsed));
        assert_eq!(fr("temps employé"), Some(Command::TimeUsed));
        assert_eq!(fr("coup"), Some(Command::MoveCount));
        assert_eq!(fr("répéter"), Some(Command::Repeat));
        assert_eq!(fr("correction"), Some(Command::TakeBack));
        assert_eq!(fr("pendule"), Some(Command::PressClock));
        assert_eq!(fr("nulle"), Some(Command::OfferDraw(None)));
        assert_eq!(
            fr("nulle Noir"),
            Some(Command::OfferDraw(Some(Color::Black)))
        );
        assert_eq!(fr("proposer la nulle"), Some(Command::OfferDraw(None)));
        assert_eq!(fr("accepter la nulle"), Some(Command::AcceptDraw(None)));
        assert_eq!(fr("accepter"), Some(Command::AcceptDraw(None)));
        assert_eq!(fr("refuser la nulle"), Some(Command::DeclineDraw(None)));
        for line in [
            "Noir accepte la nulle",
            "accepter la nulle Noir",
            "noir accepte",
        ] {
            assert_eq!(
                fr(line),
                Some(Command::AcceptDraw(Some(Color::Black))),
                "{line}"
            );
        }
        assert_eq!(
            fr("Blanc refuse la nulle"),
            Some(Command::DeclineDraw(Some(Color::White)))
        );
        assert_eq!(fr("réclamation"), Some(Command::ClaimDraw(None)));
        assert_eq!(
            fr("réclamation Cavalier Felix trois"),
            Some(Command::ClaimDraw(Some("Cavalier Felix trois".into())))
        );
        assert_eq!(fr("abandon"), Some(Command::Resign(None)));
        assert_eq!(
            fr("Noir abandonne"),
            Some(Command::Resign(Some(Color::Black)))
        );
        assert_eq!(fr("oui"), Some(Command::Yes));
        assert_eq!(fr("non"), Some(Command::No));
        assert_eq!(fr("aide"), Some(Command::Help(None)));
        assert_eq!(
            fr("aide coups"),
            Some(Command::Help(Some(super::super::HelpTopic::Moves)))
        );
        assert_eq!(fr("fin"), Some(Command::Quit));
        assert_eq!(fr("écouter"), Some(Command::Listen));
        assert_eq!(fr("tige e2e4"), Some(Command::Peg("e2e4".into())));
        assert_eq!(
            fr("arbitre pause"),
            Some(Command::Arbiter(ArbiterAction::Pause))
        );
        assert_eq!(
            fr("arbitre reprise"),
            Some(Command::Arbiter(ArbiterAction::Resume))
        );
        assert_eq!(
            fr("arbitre temps Noir -30"),
            Some(Command::Arbiter(ArbiterAction::AddTime(Color::Black, -30)))
        );
        assert_eq!(
            fr("arbitre temps Blanc 1:23:10"),
            Some(Command::Arbiter(ArbiterAction::SetTime(
                Color::White,
                std::time::Duration::from_secs(3600 + 23 * 60 + 10)
            )))
        );
        assert_eq!(
            fr("arbitre coup 24"),
            Some(Command::Arbiter(ArbiterAction::SetMoveNumber(24)))
        );
        assert_eq!(
            fr("arbitre irrégulier Blanc"),
            Some(Command::Arbiter(ArbiterAction::IllegalMove(Some(
                Color::White
            ))))
        );
        assert_eq!(
            fr("arbitre retour 2"),
            Some(Command::Arbiter(ArbiterAction::Back(2)))
        );
        // German and English words are understood in a French session too.
        assert_eq!(fr("Zeit"), Some(Command::Time));
        assert_eq!(fr("resign"), Some(Command::Resign(None)));
        assert_eq!(fr("Cavalier Felix trois"), None, "a move, not a command");
    }
}
