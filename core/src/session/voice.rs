//! Voice input in the session: what the recogniser heard, understood against the position,
//! becomes a move, a command, a question back, or a reason; a move is never taken unless it
//! was said (D.2.3.3).

use std::time::Duration;

use crate::listen::{self, Heard, Question, Rejection, Understanding};

use super::core::Session;
use super::effect::Effect;

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
        if let Some((before, played)) = &self.last_played
            && self.voice_question.is_none()
            && listen::repeats(before, *played, heard, lang)
        {
            return;
        }
        if self.board_question.is_some()
            && let Some((best, _)) = heard.alternatives.first()
            && self.answer_board_question(best, now, out)
        {
            return;
        }
        let pos = self.game().position().clone();
        let understanding = match self.voice_question.take() {
            Some(question) => listen::understand_reply(&pos, heard, lang, &question),
            None => listen::understand(&pos, heard, lang),
        };
        match understanding {
            Understanding::Move(m) => self.route_move(m, now, out),
            Understanding::Command(command) => {
                // The microphone is the VI player's in the player's seat; an assistant
                // relays for both sides, so there the position decides.
                let actor = (self.options.role == crate::config::SeatRole::Player)
                    .then_some(self.options.vi_side);
                self.handle_command(command, actor, now, out)
            }
            Understanding::Ask(question) => {
                out.push(Effect::say(question.tokens(&pos, lang)));
                self.voice_question = Some(question);
            }
            Understanding::Rejected(Rejection::Noise | Rejection::NothingHeard) if always_on => {}
            Understanding::Rejected(rejection) => out.push(Effect::say(rejection.tokens(&pos))),
        }
    }

    /// The question asked back about something heard, if one is open.
    pub fn voice_question(&self) -> Option<&Question> {
        self.voice_question.as_ref()
    }
}
