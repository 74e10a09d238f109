//! What a person asks for or does besides moving: queries, taking a move back, draw offers,
//! claims, resignation and the arbiter's actions.

use std::time::Duration;

use shakmaty::{Color, Move, Position};

use crate::clock::{Adjust, ClockInput, Query};
use crate::command::{self, ArbiterAction, Command};
use crate::config::SeatRole;
use crate::notation::parse_move;
use crate::record::{ClockAdjustmentEntry, Entry, MoveCounterEntry, ReopenEntry, sheet};
use crate::words::{Token, Word};

use super::effect::{Effect, Shown};
use super::{Session, Source, confirm, queries};

/// The speaking rates "schneller" and "langsamer" move between, in tenths (0.5 … 2.0, the
/// settings' range).
const SPEECH_RATES: (i32, i32) = (5, 20);

impl Session {
    /// Does a command. `actor` is the side of whoever gave it when that is known (the VI
    /// player's microphone or peg board); a typed line leaves it to the position (the player
    /// who just moved offers a draw, the player to move answers, claims or resigns).
    pub(super) fn handle_command(
        &mut self,
        command: Command,
        actor: Option<Color>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        if self.sent_to_remote(&command, out) {
            return;
        }
        let pos = self.game().position().clone();
        match command {
            Command::WhoseMove => out.push(Effect::reading(queries::whose_move_tokens(&pos))),
            Command::LastMoves(n) => {
                let start = self.game().position_at(0).cloned().unwrap_or_default();
                let moves: Vec<Move> = self.game().history().iter().map(|p| p.mv).collect();
                out.push(Effect::reading(queries::last_moves_tokens(
                    &start,
                    &moves,
                    n,
                    self.options.style,
                )));
            }
            Command::Position => out.push(Effect::reading(queries::position_tokens(&pos))),
            Command::Square(sq) => {
                out.push(Effect::reading(queries::square_content_tokens(&pos, sq)))
            }
            Command::WhereAre(role, color) => out.push(Effect::reading(queries::where_are_tokens(
                &pos, role, color,
            ))),
            Command::OnFile(file, role, color) => {
                let named = Command::OnFile(file, None, None).tokens(self.options.lang);
                out.push(Effect::reading(queries::file_tokens(
                    &pos, file, role, color, named,
                )))
            }
            Command::Time => match &self.clock {
                Some(clock) => out.push(Effect::reading(clock.answer(Query::All, now))),
                None => out.push(Effect::reading(vec![
                    Token::Word(Word::NoClock),
                    Token::Pause,
                    Token::Word(Word::Move),
                    Token::Number(self.game().move_number()),
                ])),
            },
            Command::TimeUsed => match &self.clock {
                Some(clock) => out.push(Effect::reading(clock.answer(Query::Used, now))),
                None => out.push(Effect::reading(vec![Token::Word(Word::NoClock)])),
            },
            // D.2.10.4: "the number of moves completed", not the number of the move played.
            Command::MoveCount => out.push(Effect::reading(self.moves_completed())),
            Command::Repeat => {
                let tokens = if self.last_said.is_empty() {
                    vec![Token::Word(Word::NoMovesYet)]
                } else {
                    self.last_said.clone()
                };
                out.push(Effect::say(tokens));
            }
            Command::Fen => out.push(Effect::Show(Shown::with(
                vec![Token::Word(Word::Fen)],
                self.game().fen(),
            ))),
            Command::TakeBack => self.take_back(now, out),
            Command::PressClock => self.press_clock(now, out),
            Command::OfferDraw(side) => {
                // "Remis" alone: the player who has just moved (9.1.2.1), or whoever speaks.
                let by = side.or(actor).unwrap_or(!pos.turn());
                self.simple(Entry::offer_draw(by), now, out, |_| {
                    vec![Token::Side(by), Token::Word(Word::DrawOffered)]
                });
            }
            Command::AcceptDraw(side) => {
                let by = side.or(actor).unwrap_or_else(|| self.answering_side());
                // The outcome says "Remis angenommen" itself: "Remis angenommen, Remis".
                self.simple(Entry::accept_draw(by), now, out, |s| {
                    s.game()
                        .outcome()
                        .map(|o| o.tokens())
                        .unwrap_or_else(|| vec![Token::Word(Word::DrawAccepted)])
                });
            }
            Command::DeclineDraw(side) => {
                let by = side.or(actor).unwrap_or_else(|| self.answering_side());
                self.simple(Entry::decline_draw(by), now, out, |_| {
                    vec![Token::Word(Word::DrawDeclined)]
                });
            }
            Command::ClaimDraw(intended) => self.claim_draw(intended, actor, now, out),
            Command::Resign(side) => {
                let by = side.or(actor).unwrap_or(pos.turn());
                self.simple(Entry::resign(by), now, out, |s| {
                    s.game().outcome().map(|o| o.tokens()).unwrap_or_default()
                });
            }
            Command::CallArbiter => self.call_arbiter(now, out),
            Command::Arbiter(action) => self.arbiter(action, now, out),
            Command::Yes => self.answer_yes_no(true, now, out),
            Command::No => self.answer_yes_no(false, now, out),
            Command::Help(topic) => {
                let context = command::HelpContext {
                    simulated: self.simulated_peg_board,
                    remote: self.plays_remote(),
                };
                let pages = command::help_pages(self.options.lang, topic, context);
                out.extend(pages.into_iter().map(Effect::reading));
            }
            Command::Faster => self.change_speech_rate(1, out),
            Command::Slower => self.change_speech_rate(-1, out),
            Command::Listen if self.voice_is_on() => out.push(Effect::ToggleListening),
            Command::Listen => out.push(Effect::reading(vec![Token::Word(Word::VoiceInputOff)])),
            Command::Peg(line) if self.simulated_peg_board => {
                out.push(Effect::ToSimulator(command::simulator_line(&line)))
            }
            Command::Peg(line) => {
                let tokens = vec![Token::Word(Word::NoSimulatedBoard)];
                out.push(Effect::Say {
                    printed: Some(Shown::with(tokens.clone(), line)),
                    tokens,
                    priority: crate::speech::Priority::Reply,
                    audience: super::Audience::Everyone,
                })
            }
            // "gespeichert" is said once the journal is complete on disk (`DiskReport::Closed`).
            Command::Quit => out.push(Effect::Quit),
            Command::ProposeTakeback
            | Command::AcceptTakeback
            | Command::DeclineTakeback
            | Command::AbortGame
            | Command::ClaimVictory
            | Command::ReadChat => self.remote_request(&command, out),
            // A hint, the threat, an evaluation, a new game, another level (issue 31).
            #[cfg(feature = "engine")]
            command @ (Command::Hint
            | Command::Threat
            | Command::Evaluation
            | Command::NewGame
            | Command::Level(_)) => self.training(command, actor, now, out),
            #[cfg(not(feature = "engine"))]
            Command::Hint
            | Command::Threat
            | Command::Evaluation
            | Command::NewGame
            | Command::Level(_) => out.push(Effect::say(vec![Token::Word(Word::EngineNotBuilt)])),
        }
    }

    /// A command from `source`: whose it is is asked of [`confirm::whose`]; what ends the
    /// game waits for its confirmation (the recogniser's own "ja" confirmed a spoken one).
    pub(super) fn command_from(
        &mut self,
        command: Command,
        source: Source,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        if self.tournament() && !matches!(command, Command::Peg(_)) {
            self.record_command(&command, source, now, out);
        }
        let actor = confirm::whose(source, self.seating());
        let spoken_confirmed = source == Source::Microphone && command.needs_confirmation();
        #[cfg(feature = "engine")]
        if command.is_training() && self.training_refused(out) {
            return;
        }
        let asks = confirm::ends_the_game(&command)
            || command.is_training()
            || (command == Command::TakeBack && self.takes_back_a_pair())
            || self.asked_back_remote(&command);
        if !asks || spoken_confirmed || self.game().is_over() {
            self.handle_command(command, actor, now, out);
            return;
        }
        let side = match &command {
            Command::Resign(named) => named.or(actor),
            // Only the offerer's opponent can accept (9.1.2); without an offer it is said so.
            Command::AcceptDraw(named) => match self.game().pending_draw_offer() {
                Some(offerer) => Some(named.unwrap_or(!offerer)),
                None => {
                    self.handle_command(command, actor, now, out);
                    return;
                }
            },
            // 9.2.1: the player having the move claims, unless the seat tells who speaks;
            // one who touched a piece may not (9.4), and is told so at once.
            Command::ClaimDraw(_) => {
                let by = actor.unwrap_or(self.game().turn());
                if by == self.game().turn() && self.cycle.has_touched(by) {
                    self.handle_command(command, actor, now, out);
                    return;
                }
                Some(by)
            }
            _ => Some(self.options.vi_side),
        };
        let pending = confirm::Pending { command, side };
        out.push(Effect::say(pending.question(self.options.lang)));
        self.confirm = Some(pending);
    }

    /// "schneller" (`step` 1) or "langsamer" (-1): the rate a tenth higher or lower, within
    /// the rates the outputs take, said at the new rate ("Sprechtempo hundertzehn Prozent");
    /// at the end of the range that is said instead.
    fn change_speech_rate(&mut self, step: i32, out: &mut Vec<Effect>) {
        let (lowest, highest) = SPEECH_RATES;
        let tenths = (self.options.speech_rate * 10.0).round() as i32;
        let wanted = (tenths + step).clamp(lowest, highest);
        let percent = |tenths: i32| Token::Number(tenths as u32 * 10);
        if wanted == tenths {
            let limit = if step > 0 {
                Word::FastestRate
            } else {
                Word::SlowestRate
            };
            out.push(Effect::reading(vec![
                Token::Word(limit),
                Token::Pause,
                Token::Word(Word::SpeechRate),
                percent(tenths),
                Token::Word(Word::Percent),
            ]));
            return;
        }
        self.options.speech_rate = wanted as f32 / 10.0;
        out.push(Effect::SpeechRate(self.options.speech_rate));
        out.push(Effect::reading(vec![
            Token::Word(Word::SpeechRate),
            percent(wanted),
            Token::Word(Word::Percent),
        ]));
    }

    /// Whether a command that ends the game waits for its confirmation.
    pub(super) fn confirming(&self) -> bool {
        self.confirm.is_some()
    }

    /// A line (typed, or heard) while a confirmation is asked for: "ja" (or the side asked
    /// for, or the same command again) carries the command out, "nein" drops it; anything
    /// else drops it too and is then what it is (`false`: not consumed).
    pub(super) fn answer_confirmation(
        &mut self,
        line: &str,
        now: Duration,
        out: &mut Vec<Effect>,
    ) -> bool {
        let Some(pending) = self.confirm.take() else {
            return false;
        };
        let side = match confirm::answer(self.options.lang, &pending, line) {
            confirm::Answer::Yes => pending.side,
            confirm::Answer::Side(side) if pending.command != Command::Quit => Some(side),
            confirm::Answer::No => {
                out.push(Effect::say(vec![Token::Word(Word::Cancelled)]));
                return true;
            }
            _ => {
                out.push(Effect::say(vec![Token::Word(Word::Cancelled)]));
                return false;
            }
        };
        let Some(side) = side else {
            // "ja" to "whose is it?": the question again.
            out.push(Effect::say(pending.question(self.options.lang)));
            self.confirm = Some(pending);
            return true;
        };
        let command = pending.for_side(side);
        self.handle_command(command, Some(side), now, out);
        true
    }

    /// "zurücknehmen" takes back the last move pair (at home against the chess program,
    /// once our move is completed), rather than a slip before the clock.
    fn takes_back_a_pair(&self) -> bool {
        #[cfg(feature = "engine")]
        {
            self.uncompleted.is_none()
                && self.against_program()
                && (!self.cycle.move_under_way() || self.pegs_show_earlier())
                && self.typed_illegal.is_none()
        }
        #[cfg(not(feature = "engine"))]
        false
    }

    /// What decides whose a command is.
    fn seating(&self) -> confirm::Seating {
        confirm::Seating {
            role: self.options.role,
            vi_side: self.options.vi_side,
            // The keyboard is not the opponent's when his moves come from elsewhere.
            sighted_has_board: !self.sources().keyboard_speaks_for_both(),
        }
    }

    /// "ja" or "nein" (typed, said, or a key of the board): the answer to the question a
    /// board asks (which move it shows) or to one asked back about something heard; with
    /// nothing asked, that is said.
    fn answer_yes_no(&mut self, yes: bool, now: Duration, out: &mut Vec<Effect>) {
        let lang = self.options.lang;
        let word = lang.word(if yes { Word::Yes } else { Word::No });
        if self.answer_confirmation(word, now, out) {
            return;
        }
        if self.cycle.asks() {
            if let Some(steps) = self.cycle.answer(word, &self.cycle_game()) {
                self.carry_out(steps, now, out);
            } else {
                // "nein" to the board: the board is to be put right.
                out.push(Effect::say(vec![Token::Word(Word::PleaseCorrect)]));
            }
            return;
        }
        if self.voice_question().is_some() {
            let heard = crate::listen::Heard::text(word);
            self.handle_heard(&heard, false, now, out);
            return;
        }
        out.push(Effect::reading(vec![Token::Word(Word::NothingToConfirm)]));
    }

    /// Who answers a draw offer when no side is named: the opponent of the player whose
    /// offer stands (9.1.2: made before or after his move, or an incorrect claim, 9.1.2.3),
    /// else the player to move.
    fn answering_side(&self) -> Color {
        match self.game().pending_draw_offer() {
            Some(offerer) => !offerer,
            None => self.game().turn(),
        }
    }

    /// The moves each player has completed: as the clock counts them (pressed after; the
    /// arbiter may have set its counter), or without a clock the moves made but the one the
    /// opponent's next move completes.
    fn moves_completed(&self) -> Vec<Token> {
        if let Some(clock) = &self.clock {
            return clock.moves_completed();
        }
        let count = |side: Color| {
            let made = self
                .game()
                .history()
                .iter()
                .filter(|m| m.by == side)
                .count() as u32;
            made - u32::from(self.uncompleted == Some(side))
        };
        crate::clock::announce::moves_completed(count(Color::White), count(Color::Black))
    }

    /// Records an entry and says what `words` make of the new state, or the refusal.
    fn simple(
        &mut self,
        entry: Entry,
        now: Duration,
        out: &mut Vec<Effect>,
        words: impl FnOnce(&Session) -> Vec<Token>,
    ) {
        match self.record(entry, now, out) {
            Ok(_) => {
                let tokens = words(self);
                out.push(Effect::say(tokens));
            }
            Err(err) => out.push(Effect::say(err.tokens())),
        }
    }

    /// "Korrektur": D.2.8, "A slip of the tongue in announcing a move must be corrected at
    /// once, before the opponent's clock is started". Before the VI player's move is made on
    /// the peg board, the announcement is withdrawn; a move made on a board the program sees
    /// stays made (4.7), and only the arbiter can take it back ("Schiedsrichter zurück 1"); a
    /// move that was only said or typed (no board to see it) may be corrected before the
    /// clock: the player's slip of the tongue, or a typing error of whoever relayed it.
    fn take_back(&mut self, now: Duration, out: &mut Vec<Effect>) {
        if let Some((by, _)) = self.typed_illegal.take() {
            // Tournament mode: a move no rule allows, taken as announced, is corrected before
            // the clock like any slip (D.2.8).
            out.push(Effect::say(vec![
                Token::Word(Word::AnnouncementCorrected),
                Token::Pause,
                Token::Side(by),
                Token::Word(Word::ToMove),
            ]));
            return;
        }
        if self.cycle.withdraw_announcement() {
            out.push(Effect::say(vec![Token::Word(Word::AnnouncementWithdrawn)]));
            return;
        }
        #[cfg(feature = "engine")]
        if self.takes_back_a_pair() {
            // At home against the program: the last move pair goes back (issue 31).
            self.take_back_pair(now, out);
            return;
        }
        let Some(mover) = self.uncompleted else {
            // 4.7, D.2.8: a move completed by the clock (or the opponent's move) stays; only
            // the arbiter can take it back. Nothing to take back before the first move, or
            // while the VI player's own move is still under way on the pegs.
            let completed = !self.game().history().is_empty() && !self.cycle.move_under_way();
            out.push(Effect::say(vec![Token::Word(if completed {
                Word::MoveIsMade
            } else {
                Word::NothingToTakeBack
            })]));
            return;
        };
        if self.cycle.move_under_way() {
            // The VI player's own move is under way on the pegs: his "Korrektur" is about
            // that move, never the opponent's move before it.
            out.push(Effect::say(vec![Token::Word(Word::NothingToTakeBack)]));
            return;
        }
        if self.uncompleted_on_board {
            out.push(Effect::say(vec![Token::Word(Word::MoveIsMade)]));
            return;
        }
        // D.2.8: a slip of the announcement corrected before the clock; D.2.10: the
        // assistant's typing error.
        let (what, article) =
            if self.options.role == SeatRole::Player && mover == self.options.vi_side {
                (Word::AnnouncementCorrected, "D.2.8")
            } else {
                (Word::EntryCorrected, "D.2.10")
            };
        match self.record(Entry::undo_because(article), now, out) {
            Ok(_) => {
                self.uncompleted = None;
                // The piece goes back on the boards too.
                self.boards_follow_game(now, out);
                out.push(Effect::say(vec![
                    Token::Word(what),
                    Token::Pause,
                    Token::Side(mover),
                    Token::Word(Word::ToMove),
                ]));
            }
            Err(err) => out.push(Effect::say(err.tokens())),
        }
    }

    /// A claim of a draw (9.2, 9.3) by `actor` (else the player to move), examined as the
    /// arbiter would (9.5): the clocks stop while it is examined (9.5.1); a player who touched a
    /// piece has lost the right to claim on this move (9.4); if the claim is incorrect the
    /// opponent receives time, the clocks run again, and an intended move must be made on the
    /// board "in accordance with Articles 3 and 4" (9.5.3): with a board that sees it, it is
    /// made when the board shows it, like any move; without one, the written move is made.
    fn claim_draw(
        &mut self,
        intended_text: Option<String>,
        actor: Option<Color>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        if !self.refers_claims() {
            self.judge_claim(intended_text, actor, now, out);
            return;
        }
        // Tournament mode: the claim goes to the arbiter (see `tournament`).
        let pos = self.game().position().clone();
        let by = actor.unwrap_or(pos.turn());
        if by == pos.turn() && self.cycle.has_touched(by) {
            out.push(Effect::say(vec![Token::Word(Word::ClaimAfterTouch)]));
            return;
        }
        match intended_text.as_deref().map(|t| parse_move(&pos, t)) {
            Some(Err(err)) => {
                let mut tokens = vec![Token::Word(Word::IntendedMove), Token::Pause];
                tokens.extend(err.tokens(&pos));
                out.push(Effect::say(tokens));
            }
            parsed => {
                let intended = parsed.and_then(Result::ok);
                self.refer_claim(by, intended, intended_text, now, out)
            }
        }
    }

    /// A claim judged by the rules: at once at home, by the arbiter's command in a
    /// tournament.
    pub(super) fn judge_claim(
        &mut self,
        intended_text: Option<String>,
        actor: Option<Color>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let pos = self.game().position().clone();
        let by = actor.unwrap_or(pos.turn());
        if by == pos.turn() && self.cycle.has_touched(by) {
            out.push(Effect::say(vec![Token::Word(Word::ClaimAfterTouch)]));
            return;
        }
        let intended = match intended_text.as_deref().map(|t| parse_move(&pos, t)) {
            None => None,
            Some(Ok(m)) => Some(m),
            Some(Err(err)) => {
                let mut tokens = vec![Token::Word(Word::IntendedMove), Token::Pause];
                tokens.extend(err.tokens(&pos));
                out.push(Effect::say(tokens));
                return;
            }
        };
        let running = self.clock_running();
        if running {
            // 9.5.1: the arbiter stops the clocks while the claim is examined.
            self.clock_input(ClockInput::Pause, now, out);
        }
        let entry = Entry::claim(
            by,
            intended.map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
        );
        match self.record(entry, now, out) {
            Ok(applied) => {
                let sheet::EntryEffect::Claimed(verdict) = &applied.effect else {
                    return;
                };
                out.push(Effect::say(verdict.tokens()));
                if let crate::game::ClaimVerdict::Incorrect {
                    bonus, intended, ..
                } = verdict
                {
                    self.give_time(bonus.to, bonus.minutes, "9.5.3", now, out);
                    if running {
                        self.clock_input(ClockInput::Resume, now, out);
                    }
                    if let Some(m) = *intended {
                        self.make_intended_move(by, m, now, out);
                    }
                }
            }
            Err(err) => {
                if running {
                    self.clock_input(ClockInput::Resume, now, out);
                }
                out.push(Effect::say(err.tokens()));
            }
        }
    }

    /// 9.5.3: after an incorrect claim the intended move must be made. The VI player makes it
    /// on the peg board (it counts as announced: the board is to show it); the sighted player
    /// on the e-board, if there is one; otherwise the written move is made now.
    fn make_intended_move(&mut self, by: Color, m: Move, now: Duration, out: &mut Vec<Effect>) {
        let position = self.game().position().clone();
        if by == self.options.vi_side && self.cycle.expects_announcement(&position) {
            let steps = self.cycle.announced(m, &self.cycle_game());
            self.carry_out(steps, now, out);
        } else if by != self.options.vi_side && self.cycle.has_sighted_board() {
            // The e-board shows the sighted player's move when it is made.
        } else {
            self.make_move(m, now, out);
        }
    }

    /// 6.11.2: "A player may stop the clocks only in order to seek the arbiter's
    /// assistance": the running clock stops, and the arbiter decides when the game goes on
    /// (6.11.3: "Schiedsrichter weiter"). Without a clock running, the call alone is said.
    fn call_arbiter(&mut self, now: Duration, out: &mut Vec<Effect>) {
        if self.clock_running() {
            self.clock_input(ClockInput::Pause, now, out);
        }
        out.push(Effect::say(vec![Token::Word(Word::ArbiterCalled)]));
    }

    fn arbiter(&mut self, action: ArbiterAction, now: Duration, out: &mut Vec<Effect>) {
        match action {
            ArbiterAction::Pause => self.arbiter_clock(ClockInput::Pause, now, out),
            ArbiterAction::Resume => {
                self.dismiss_referral(now, out);
                self.resumed_paused = false;
                self.arbiter_clock(ClockInput::Resume, now, out)
            }
            ArbiterAction::AddTime(side, seconds) => {
                if self.clock.is_none() {
                    out.push(Effect::say(vec![Token::Word(Word::NoClock)]));
                    return;
                }
                let change = if seconds >= 0 {
                    Adjust::Add(Duration::from_secs(seconds.unsigned_abs()))
                } else {
                    Adjust::Take(Duration::from_secs(seconds.unsigned_abs()))
                };
                self.clock_input(ClockInput::Adjust { side, change }, now, out);
                let entry = Entry::ClockAdjustment(ClockAdjustmentEntry {
                    side,
                    delta_ms: seconds.saturating_mul(1000),
                    set_ms: None,
                    reason: "6.10.2".into(),
                });
                if let Err(err) = self.record(entry, now, out) {
                    out.push(Effect::say(err.tokens()));
                }
            }
            ArbiterAction::SetTime(side, time) => {
                if self.clock.is_none() {
                    out.push(Effect::say(vec![Token::Word(Word::NoClock)]));
                    return;
                }
                self.set_clock_time(side, time, "6.10.2", now, out);
            }
            ArbiterAction::SetMoveNumber(number) => {
                if self.clock.is_none() {
                    out.push(Effect::say(vec![Token::Word(Word::NoClock)]));
                    return;
                }
                self.clock_input(ClockInput::SetMoveNumber(number), now, out);
                let entry = Entry::MoveCounter(MoveCounterEntry { number });
                if let Err(err) = self.record(entry, now, out) {
                    out.push(Effect::say(err.tokens()));
                }
            }
            ArbiterAction::Back(plies) => self.go_back(plies, "D.2.9", now, out),
            ArbiterAction::IllegalMove(side) => {
                if !self.confirm_illegal(side, now, out) {
                    self.illegal_move(side, now, out)
                }
            }
            ArbiterAction::Claim => self.arbiter_judges_claim(now, out),
        }
    }

    /// D.2.9: the game is reconstructed back to where the records agree, "and the arbiter will
    /// readjust the clocks": the clock is set to the times recorded at that position (the
    /// press of its last move), stopped, with its move counter at that move, so that a time
    /// control's periods stay right; the arbiter may change them ("Zeit Weiß 1:23:10", "Zug
    /// 24") and starts the clock again. It works after the end of the game too (6.10.2: a
    /// flag that fell on a wrongly set clock): the end is taken back first.
    pub(super) fn go_back(
        &mut self,
        plies: usize,
        reason: &str,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let over = self.game().is_over();
        let plies = plies.min(self.game().history().len());
        if plies == 0 && !over {
            out.push(Effect::say(vec![Token::Word(Word::NothingToTakeBack)]));
            return;
        }
        let target = self.game().history().len() - plies;
        let recorded = self.times_recorded_after(target);
        if over {
            let entry = Entry::Reopen(ReopenEntry {
                reason: "D.2.9".into(),
            });
            if let Err(err) = self.record(entry, now, out) {
                out.push(Effect::say(err.tokens()));
                return;
            }
        }
        for _ in 0..plies {
            if let Err(err) = self.record(Entry::undo_because(reason), now, out) {
                out.push(Effect::say(err.tokens()));
                break;
            }
        }
        self.uncompleted = None;
        // A castling put to the arbiter (4.4.2) is ruled on by taking it back.
        self.referral
            .take_if(|r| r.matter == crate::record::Matter::CastlingAfterRook && plies > 0);
        self.boards_follow_game(now, out);
        let position = self.sheet.game().position().clone();
        let first = if plies == 0 {
            Word::GameReopened
        } else {
            Word::TakenBack
        };
        let mut tokens = vec![Token::Word(first), Token::Pause];
        tokens.extend(queries::whose_move_tokens(&position));
        out.push(Effect::say(tokens));
        self.set_clock_to_the_game(recorded, now, out);
        // The boards are then set up as in this position; it is read out for that.
        out.push(Effect::reading(queries::position_tokens(&position)));
    }

    /// 7.5.1: "If during a game it is found that an illegal move has been completed, the
    /// position immediately before the irregularity shall be reinstated", and 7.5.3/7.5.5 the
    /// penalty applies: in one step. In rapid and blitz only "provided the opponent has not
    /// made his next move" (A.4.2, B.3). The offender's last move is the irregular one.
    fn illegal_move(&mut self, side: Option<Color>, now: Duration, out: &mut Vec<Effect>) {
        let history = self.game().history();
        let side = side
            .or(history.last().map(|m| m.by))
            .unwrap_or(!self.game().turn());
        let Some(index) = history.iter().rposition(|m| m.by == side) else {
            out.push(Effect::say(vec![Token::Word(Word::NothingToTakeBack)]));
            return;
        };
        let since = history.len() - 1 - index;
        if since > 0 && self.game().pace() != crate::game::Pace::Standard {
            out.push(Effect::say(vec![Token::Word(Word::TooLateForIllegalMove)]));
            return;
        }
        if self.game().is_over() {
            let entry = Entry::Reopen(ReopenEntry {
                reason: "7.5.1".into(),
            });
            if let Err(err) = self.record(entry, now, out) {
                out.push(Effect::say(err.tokens()));
                return;
            }
        }
        for _ in 0..=since {
            if let Err(err) = self.record(Entry::undo_because("7.5.1"), now, out) {
                out.push(Effect::say(err.tokens()));
                return;
            }
        }
        self.uncompleted = None;
        self.boards_follow_game(now, out);
        self.penalise(side, None, now, out);
    }

    /// The arbiter stops or starts the clocks (6.11).
    fn arbiter_clock(&mut self, input: ClockInput, now: Duration, out: &mut Vec<Effect>) {
        if self.clock.is_none() {
            out.push(Effect::say(vec![Token::Word(Word::NoClock)]));
            return;
        }
        self.clock_input(input, now, out);
    }
}
