//! Two hearings of one utterance, understood together: the recogniser's (Whisper's search
//! inside the grammar) and the player's own recorded words searching the same grammar
//! (`own_voice`), when the player recorded them.
//!
//! Each is understood on its own by the matcher; [`combined`] decides what the two come to.
//! Where both come to the same act, it is taken; where they come to different acts, the
//! player is asked which (or, against a refusal, asked to say it again); where only one comes
//! to an act, the [`Combination`] says whether that one alone is enough. What Whisper finds
//! no speech in stays nothing. The recorded words have a way out of their own: their act
//! alone is taken only when their nearest phrase comes about as near as the nearest sequence
//! of any recorded words (the free loop, [`super::own_voice::free_distance`]), so a sentence
//! beside the board, which the loop stitches from pieces of words, is not made a move; and
//! only when the utterance is not far longer than that phrase's recordings, so a short
//! phrase's recordings stretched over much longer speech (seen in noise) are not taken.
//!
//! [`understand`] and [`understand_reply`] are the matcher's, with this in front: what the
//! session and `annexd recognize` call.

use crate::command::Command;
use crate::listen::heard::{Heard, HeardFrom, OwnVoiceHeard};
use crate::listen::matcher::{self, Question, QuestionKind, Rejection, Understanding};
use crate::listen::phrases::Candidate;
use crate::{Lang, ParseError};
use shakmaty::{Chess, Move};

/// How the two hearings are weighed: chosen on the accuracy benchmark's voices, leaving each
/// voice out (`benches/listen_accuracy.rs`, `ANNEXD_BENCH_OWN_VOICE`; docs/listen.md).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Combination {
    /// A phrase the recorded words found scores minus this times its distance, as a
    /// searching recogniser's log-likelihood, for the matcher.
    pub scale: f32,
    /// When the recogniser's act stands though the recorded words come to none (a question,
    /// nothing understood).
    pub whisper_alone: Alone,
    /// The recorded words' act stands when the recogniser comes to none, within
    /// [`Combination::reach`].
    pub own_alone: bool,
    /// How much farther than the free loop (mean distance a frame) the recorded words'
    /// nearest phrase may be for their act to be taken alone.
    pub reach: f32,
    /// How much nearer than the next phrase they found, whatever it means, the recorded
    /// words' nearest phrase must be for their act to be taken alone (mean distance a frame).
    pub lead: f32,
    /// How many times longer than the recordings of their nearest phrase the utterance may
    /// be for the recorded words' act to be taken alone (a short phrase's recordings
    /// stretched over much longer speech can come near, in noise).
    pub stretch: f32,
}

/// When the recogniser's act stands alone, the recorded words coming to none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alone {
    /// Never: both must come to it.
    Never,
    /// Unless the recorded words asked about other meanings only.
    Uncontradicted,
    /// Always.
    Always,
}

impl Combination {
    /// The combination in use (docs/listen.md, "The player's own voice, combined", "A room's
    /// tail left unsaid" and "A phrase's length against its recordings"). Chosen on 1 050
    /// German utterances of the accuracy benchmark (seeds 31 and 32, five voices, five
    /// conditions): the most right with no wrong outcome, of 195 combinations without a
    /// stretch limit (before the optional tail the same rule chose scale 8 and
    /// `Alone::Never`). The stretch limit is 1.5 times the farthest stretch of an act the
    /// recorded words alone got right there (1.27); with it the rule would drop the lead, for
    /// one utterance more, which went wrong on English and French.
    pub const CHOSEN: Combination = Combination {
        scale: 4.0,
        whisper_alone: Alone::Always,
        own_alone: true,
        reach: 0.75,
        lead: 0.1,
        stretch: 2.0,
    };
}

/// Understands an utterance in `pos` when no question is pending: the matcher's
/// `matcher::understand`, with the player's own words beside it when they found something.
pub fn understand(pos: &Chess, heard: &Heard, lang: Lang) -> Understanding {
    understand_in(pos, heard, lang, None)
}

/// Understands the answer to `question` (see `matcher::understand_reply`), with the
/// player's own words beside it when they found something.
pub fn understand_reply(
    pos: &Chess,
    heard: &Heard,
    lang: Lang,
    question: &Question,
) -> Understanding {
    understand_in(pos, heard, lang, Some(question))
}

fn understand_in(
    pos: &Chess,
    heard: &Heard,
    lang: Lang,
    question: Option<&Question>,
) -> Understanding {
    let one = |heard: &Heard| match question {
        Some(question) => matcher::understand_reply(pos, heard, lang, question),
        None => matcher::understand(pos, heard, lang),
    };
    let Some(found) = &heard.own_voice else {
        return one(heard);
    };
    let combination = Combination::CHOSEN;
    let recogniser = one(&Heard {
        own_voice: None,
        ..heard.clone()
    });
    let own = understood_alone(found, combination.scale, one);
    combined(recogniser, own, found, &combination)
}

/// What the recorded words alone come to, each phrase scored minus `scale` times its
/// distance (nothing found: noise).
pub fn understood_alone(
    found: &OwnVoiceHeard,
    scale: f32,
    understand: impl Fn(&Heard) -> Understanding,
) -> Understanding {
    if found.phrases.is_empty() {
        return Understanding::Rejected(Rejection::Noise);
    }
    understand(&Heard {
        alternatives: found
            .phrases
            .iter()
            .map(|(text, distance)| (text.to_lowercase(), -scale * distance))
            .collect(),
        from: HeardFrom::Searched { agreed: false },
        own_voice: None,
    })
}

/// What an understanding does, when it does something: the part two hearings must share to
/// agree (a question's wording may differ where its proposal does not).
#[derive(Debug, Clone, PartialEq)]
enum Act {
    Move(Move),
    Command(Command),
    /// A command that needs confirmation, proposed for "ja".
    Confirm(Command),
    /// An illegal move refused with its reason.
    Refused(ParseError),
}

fn act(understanding: &Understanding) -> Option<Act> {
    match understanding {
        Understanding::Move(m) => Some(Act::Move(*m)),
        Understanding::Command(c) => Some(Act::Command(c.clone())),
        Understanding::Ask(Question {
            kind: QuestionKind::Confirm,
            proposal: Some(Candidate::Command(c)),
            ..
        }) if c.needs_confirmation() => Some(Act::Confirm(c.clone())),
        Understanding::Rejected(Rejection::NotLegal(reason)) => Some(Act::Refused(reason.clone())),
        _ => None,
    }
}

fn candidate(act: &Act) -> Option<Candidate> {
    match act {
        Act::Move(m) => Some(Candidate::Move(*m)),
        Act::Command(c) | Act::Confirm(c) => Some(Candidate::Command(c.clone())),
        Act::Refused(_) => None,
    }
}

/// What the recogniser's understanding and the recorded words' come to together; `found` is
/// what the recorded words found (for their way out).
pub fn combined(
    recogniser: Understanding,
    own: Understanding,
    found: &OwnVoiceHeard,
    combination: &Combination,
) -> Understanding {
    // The recogniser found no speech.
    if recogniser == Understanding::Rejected(Rejection::NothingHeard) {
        return recogniser;
    }
    let within_reach = found
        .phrases
        .first()
        .is_some_and(|(_, distance)| distance - found.free <= combination.reach);
    let leads = match found.phrases.as_slice() {
        [(_, first), (_, next), ..] => next - first >= combination.lead,
        _ => true,
    };
    let unstretched = found.stretch <= combination.stretch;
    match (act(&recogniser), act(&own)) {
        (Some(r), Some(o)) if r == o => recogniser,
        (Some(r), Some(o)) => match (candidate(&r), candidate(&o)) {
            (Some(r), Some(o)) => Understanding::Ask(Question {
                kind: QuestionKind::Choose,
                candidates: vec![r, o],
                proposal: None,
            }),
            _ => Understanding::Rejected(Rejection::NotUnderstood),
        },
        (Some(r), None) => {
            let contradicted = match &own {
                Understanding::Ask(question) => {
                    !candidate(&r).is_some_and(|c| question.candidates.contains(&c))
                }
                _ => false,
            };
            match combination.whisper_alone {
                Alone::Always => recogniser,
                Alone::Uncontradicted if !contradicted => recogniser,
                _ => own,
            }
        }
        (None, Some(_)) if combination.own_alone && within_reach && leads && unstretched => own,
        _ => recogniser,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heard(text: &str) -> Understanding {
        matcher::understand(&Chess::default(), &Heard::text(text), Lang::De)
    }

    /// The recorded words found `distance` away, the free loop `free`.
    fn found(distance: f32, free: f32) -> OwnVoiceHeard {
        OwnVoiceHeard {
            phrases: vec![("springer felix drei".into(), distance)],
            free,
            stretch: 1.0,
        }
    }

    const BOTH_ALONE: Combination = Combination {
        scale: 4.0,
        whisper_alone: Alone::Always,
        own_alone: true,
        reach: 1.0,
        lead: 0.25,
        stretch: f32::INFINITY,
    };

    const NEITHER_ALONE: Combination = Combination {
        whisper_alone: Alone::Never,
        own_alone: false,
        ..BOTH_ALONE
    };

    #[test]
    fn the_same_act_heard_twice_is_taken() {
        let move_ = heard("Springer Felix drei");
        assert!(matches!(move_, Understanding::Move(_)));
        let near = found(10.0, 10.0);
        assert_eq!(
            combined(move_.clone(), move_.clone(), &near, &NEITHER_ALONE),
            move_
        );
    }

    #[test]
    fn two_different_moves_are_asked_which() {
        let whisper = heard("Springer Felix drei");
        let own = heard("Springer Hector drei");
        let Understanding::Ask(question) = combined(whisper, own, &found(10.0, 10.0), &BOTH_ALONE)
        else {
            panic!("two moves heard: asked which");
        };
        assert_eq!(question.kind, QuestionKind::Choose);
        assert_eq!(question.candidates.len(), 2);
        assert_eq!(question.proposal, None);
    }

    #[test]
    fn a_move_against_an_illegal_one_is_not_understood() {
        let whisper = heard("Springer Felix drei");
        let own = heard("Springer Felix vier");
        assert!(matches!(
            own,
            Understanding::Rejected(Rejection::NotLegal(_))
        ));
        assert_eq!(
            combined(whisper, own, &found(10.0, 10.0), &BOTH_ALONE),
            Understanding::Rejected(Rejection::NotUnderstood)
        );
    }

    #[test]
    fn what_the_recogniser_finds_no_speech_in_stays_nothing() {
        let whisper = Understanding::Rejected(Rejection::NothingHeard);
        assert_eq!(
            combined(
                whisper.clone(),
                heard("Springer Felix drei"),
                &found(10.0, 10.0),
                &BOTH_ALONE
            ),
            whisper
        );
    }

    #[test]
    fn one_hearing_alone_is_enough_only_where_the_combination_says() {
        let move_ = heard("Springer Felix drei");
        let unclear = Understanding::Rejected(Rejection::NotUnderstood);
        let near = found(10.0, 10.0);
        assert_eq!(
            combined(move_.clone(), unclear.clone(), &near, &BOTH_ALONE),
            move_
        );
        assert_eq!(
            combined(unclear.clone(), move_.clone(), &near, &BOTH_ALONE),
            move_
        );
        assert_eq!(
            combined(move_.clone(), unclear.clone(), &near, &NEITHER_ALONE),
            unclear
        );
        assert_eq!(
            combined(unclear.clone(), move_.clone(), &near, &NEITHER_ALONE),
            unclear
        );
    }

    #[test]
    fn the_recorded_words_alone_are_not_taken_beyond_their_reach_of_the_free_loop() {
        // Whisper took it for speech outside the grammar; the recorded words found a move,
        // but far farther than any sequence of words (a sentence stitched from pieces).
        let outside = Understanding::Rejected(Rejection::Noise);
        let move_ = heard("Springer Felix drei");
        assert_eq!(
            combined(
                outside.clone(),
                move_.clone(),
                &found(11.5, 10.0),
                &BOTH_ALONE
            ),
            outside
        );
        assert_eq!(
            combined(
                outside.clone(),
                move_.clone(),
                &found(10.5, 10.0),
                &BOTH_ALONE
            ),
            move_
        );
    }

    #[test]
    fn the_recorded_words_alone_need_a_lead_over_their_next_phrase() {
        let outside = Understanding::Rejected(Rejection::Noise);
        let move_ = heard("Springer Felix drei");
        let close = OwnVoiceHeard {
            phrases: vec![
                ("springer felix drei".into(), 10.0),
                ("zug zurücknehmen".into(), 10.1),
            ],
            free: 10.0,
            stretch: 1.0,
        };
        assert_eq!(
            combined(outside.clone(), move_.clone(), &close, &BOTH_ALONE),
            outside
        );
        let clear = OwnVoiceHeard {
            phrases: vec![
                ("springer felix drei".into(), 10.0),
                ("zug zurücknehmen".into(), 10.5),
            ],
            free: 10.0,
            stretch: 1.0,
        };
        assert_eq!(combined(outside, move_.clone(), &clear, &BOTH_ALONE), move_);
    }

    #[test]
    fn the_recorded_words_alone_are_not_taken_stretched_far_over_the_utterance() {
        // A long move said in noise, Whisper writing no phrase: a short command's recording
        // stretched over it came nearest (Pico's "Zug zurücknehmen" for "Felix fünf Felix
        // vier", stretched 2.06; docs/listen.md).
        let outside = Understanding::Rejected(Rejection::Noise);
        let move_ = heard("Springer Felix drei");
        let at_most_twice = Combination {
            stretch: 2.0,
            ..BOTH_ALONE
        };
        let stretched = |stretch| OwnVoiceHeard {
            stretch,
            ..found(10.0, 10.0)
        };
        assert_eq!(
            combined(
                outside.clone(),
                move_.clone(),
                &stretched(2.5),
                &at_most_twice
            ),
            outside
        );
        assert_eq!(
            combined(
                outside.clone(),
                move_.clone(),
                &stretched(1.2),
                &at_most_twice
            ),
            move_
        );
        // Only their act alone: heard by both, it is taken however far stretched.
        assert_eq!(
            combined(
                move_.clone(),
                move_.clone(),
                &stretched(2.5),
                &at_most_twice
            ),
            move_
        );
    }

    #[test]
    fn the_recognisers_act_alone_is_not_taken_where_the_recorded_words_asked_about_others() {
        let uncontradicted = Combination {
            whisper_alone: Alone::Uncontradicted,
            ..BOTH_ALONE
        };
        let whisper = heard("Springer Felix drei");
        let near = found(10.0, 10.0);
        // The recorded words asked about other moves only.
        let other = Understanding::Ask(Question {
            kind: QuestionKind::Choose,
            candidates: vec![Candidate::Move(
                shakmaty::uci::UciMove::from_ascii(b"g1h3")
                    .unwrap()
                    .to_move(&Chess::default())
                    .unwrap(),
            )],
            proposal: None,
        });
        assert_eq!(
            combined(whisper.clone(), other.clone(), &near, &uncontradicted),
            other
        );
        assert_eq!(
            combined(whisper.clone(), other, &near, &BOTH_ALONE),
            whisper
        );
        // Asked about it among others, or not understood at all: the recogniser's act stands.
        let Understanding::Move(m) = whisper else {
            unreachable!()
        };
        let among = Understanding::Ask(Question {
            kind: QuestionKind::Choose,
            candidates: vec![Candidate::Move(m)],
            proposal: None,
        });
        assert_eq!(
            combined(whisper.clone(), among, &near, &uncontradicted),
            whisper
        );
        let unclear = Understanding::Rejected(Rejection::NotUnderstood);
        assert_eq!(
            combined(whisper.clone(), unclear, &near, &uncontradicted),
            whisper
        );
    }

    #[test]
    fn a_binding_command_proposed_by_both_is_asked_to_be_confirmed() {
        let resign = heard("aufgeben");
        assert!(matches!(resign, Understanding::Ask(_)), "{resign:?}");
        assert_eq!(
            combined(
                resign.clone(),
                resign.clone(),
                &found(10.0, 10.0),
                &NEITHER_ALONE
            ),
            resign
        );
    }

    #[test]
    fn an_utterance_is_understood_with_the_recorded_words_beside_it() {
        let pos = Chess::default();
        let searched = |text: &str, own: Option<OwnVoiceHeard>| Heard {
            alternatives: vec![(text.into(), -1.0)],
            from: HeardFrom::Searched { agreed: true },
            own_voice: own,
        };
        let agreeing = searched("springer felix drei", Some(found(10.0, 10.0)));
        assert!(matches!(
            understand(&pos, &agreeing, Lang::De),
            Understanding::Move(_)
        ));
        let other = searched("springer hector drei", Some(found(10.0, 10.0)));
        assert!(matches!(
            understand(&pos, &other, Lang::De),
            Understanding::Ask(Question {
                kind: QuestionKind::Choose,
                ..
            })
        ));
        // Without recorded words, the recogniser's alone.
        let alone = searched("springer hector drei", None);
        assert!(matches!(
            understand(&pos, &alone, Lang::De),
            Understanding::Move(_)
        ));
    }
}
