//! Voice input in the session: what the recogniser heard, understood against the position,
//! becomes a move, a command, a question back, or a reason; a move is never taken unless it
//! was said (D.2.3.3).

use std::time::Duration;

use shakmaty::{Chess, Move};

use crate::listen::{self, Heard, Question, Rejection, Understanding};

use super::Session;
use super::effect::Effect;

/// What voice input remembers between utterances.
#[derive(Debug, Clone, Default)]
pub(super) struct VoiceState {
    /// A question asked back about something heard, waiting for its answer.
    question: Option<Question>,
    /// The last move made and the position before it (to know the opponent repeating it).
    last_played: Option<(Chess, Move)>,
}

impl VoiceState {
    /// A move was made: the next utterance may be its repetition by the opponent (D.2.1).
    pub(super) fn move_made(&mut self, before: Chess, m: Move) {
        self.last_played = Some((before, m));
    }
}

impl Session {
    /// Something heard. `always_on`: the microphone is open all the time, so noise and the
    /// opponent repeating the move just played (D.2.1) are passed over in silence.
    pub(super) fn handle_heard(
        &mut self,
        heard: &Heard,
        always_on: bool,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let lang = self.options.lang;
        if self.confirming()
            && let Some((best, _)) = heard.alternatives.first()
            && self.answer_confirmation(&best.clone(), now, out)
        {
            return;
        }
        if let Some((before, played)) = &self.voice.last_played
            && self.voice.question.is_none()
            && listen::repeats(before, *played, heard, lang)
        {
            return;
        }
        if self.cycle.asks()
            && let Some((best, _)) = heard.alternatives.first()
            && let Some(steps) = self.cycle.answer(best, &self.cycle_game())
        {
            self.carry_out(steps, now, out);
            return;
        }
        let pos = self.game().position().clone();
        let understanding = match self.voice.question.take() {
            Some(question) => listen::understand_reply(&pos, heard, lang, &question),
            None => listen::understand(&pos, heard, lang),
        };
        match understanding {
            Understanding::Move(m) => self.route_move(m, now, out),
            Understanding::Command(command) => {
                self.command_from(command, super::Source::Microphone, now, out)
            }
            Understanding::Ask(question) => {
                out.push(Effect::say(question.tokens(&pos, lang)));
                self.voice.question = Some(question);
            }
            Understanding::Rejected(Rejection::Noise | Rejection::NothingHeard) if always_on => {}
            Understanding::Rejected(Rejection::NotLegal(err))
                if self.withholds_verdict() && super::tournament::is_illegal_attempt(&err) =>
            {
                // Tournament mode: a move said that no rule allows is taken as announced,
                // with no verdict; the clock completes it (7.5.1).
                let said = heard.alternatives.first().map_or("", |(w, _)| w.as_str());
                self.illegal_typed(said, out);
            }
            Understanding::Rejected(rejection) => out.push(Effect::say(rejection.tokens(&pos))),
        }
    }

    /// The question asked back about something heard, if one is open.
    pub fn voice_question(&self) -> Option<&Question> {
        self.voice.question.as_ref()
    }
}
