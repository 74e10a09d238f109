//! A game against a chess program at home (issue 31, feature `engine`): when the program is
//! to move it is asked for its move at its level, within its share of its clock
//! ([`crate::engine::think_time`]); its move comes back as the opponent's move
//! ([`super::opponent`]); its failure is said in words and the game kept.

use std::time::Duration;

use shakmaty::{Color, Position};

use crate::command::Command;
use crate::engine::{
    ANALYSIS_THINK, Analysis, Decision, Eval, Fault, Found, Offers, Order, Purpose, SearchPosition,
    SearchRequest, Strength, ThinkClock, analysis, appraisal_tokens, hint_tokens, mistakes,
    passed_turn, positions_to_analyse, review_tokens, think_time, threat_tokens,
};
use crate::record::{Entry, OpponentSource, TrainingEntry, TrainingHelp};
use crate::speech::Priority;
use crate::words::{Token, Word};

use super::Session;
use super::effect::{Effect, Shown};
use super::sources::ToOpponent;

/// What the session keeps of the chess program.
#[derive(Debug, Clone, Default)]
pub(super) struct EngineState {
    /// What it offers to weaken itself (known once it is ready).
    offers: Offers,
    /// It said it is ready; requests made before are queued by its conversation.
    ready: bool,
    /// Its move was asked for in the position after this many half-moves.
    asked_after: Option<usize>,
    /// The next search is the first of a game (`ucinewgame`).
    new_game: bool,
    /// It failed; nothing is asked of it until it is started again.
    failed: bool,
    /// It was started again once after it failed on its own (a crash, silence, nonsense).
    restarted: bool,
    /// A help asked for and not answered yet.
    helping: Option<Helping>,
    /// The review after the game: the analyses so far, the positions left.
    review: Option<Review>,
    /// "neue Partie" was confirmed: this game is left (kept in its journal) and the program
    /// starts another against the same program and level.
    another_game: bool,
    /// The evaluation its last move was found with (White's side), for a draw offer.
    last_eval: Option<Eval>,
}

/// A help under way.
#[derive(Debug, Clone)]
struct Helping {
    /// Who asked.
    by: Color,
    /// What.
    help: TrainingHelp,
    /// For a threat: the evaluation of the position as it stands, once found.
    now: Option<Option<Eval>>,
    /// The half-moves of the game when it was asked (an answer for another position is
    /// dropped).
    plies: usize,
}

/// The review after the game, analysed one position at a time.
#[derive(Debug, Clone, Default)]
struct Review {
    analyses: Vec<Option<Analysis>>,
    left: Vec<usize>,
    /// It was said (or there was nothing to review).
    done: bool,
}

/// How long the program thinks on each position of the review: long enough for a sound
/// judgement of a move at club level (Stockfish reaches depth 12 to 16 on a busy core), short
/// enough that a forty-move game is reviewed in about half a minute.
pub const REVIEW_THINK: Duration = Duration::from_millis(300);

impl Session {
    /// The chess program plays a side here.
    pub(super) fn against_program(&self) -> bool {
        self.opponent
            .as_ref()
            .is_some_and(|o| o.source == OpponentSource::Program)
    }

    /// "neue Partie" was confirmed.
    pub(super) fn another_game_asked(&self) -> bool {
        self.engine.another_game
    }

    /// The chess program failed for good: its moves may be typed.
    pub(super) fn engine_gone(&self) -> bool {
        self.against_program() && self.engine.failed
    }

    /// The level the chess program plays at.
    fn engine_strength(&self) -> Strength {
        match self.opponent.as_ref().and_then(|o| o.elo) {
            Some(elo) => Strength::for_elo(elo, &self.engine.offers),
            None => Strength::full(&self.engine.offers),
        }
    }

    /// A search of the game's position (from its start, with its moves).
    fn search_request(&self, purpose: Purpose, think: Option<Duration>) -> Option<SearchRequest> {
        let start = self.game().position_at(0)?;
        let moves: Vec<_> = self.game().history().iter().map(|p| p.mv).collect();
        let position = SearchPosition::new(start, &moves).ok()?;
        Some(SearchRequest {
            purpose,
            position,
            strength: self.engine_strength(),
            think,
            new_game: false,
        })
    }

    /// When it is the chess program's move, asks for it (once for each position).
    pub(super) fn engine_to_move(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let Some(side) = self.outside_side() else {
            return;
        };
        let plies = self.game().history().len();
        if !self.against_program()
            || self.engine.failed
            || self.game().is_over()
            || self.game().turn() != side
            || self.engine.asked_after == Some(plies)
            // Our move is asked for once completed (it may still be corrected, D.2.8).
            || self.uncompleted.is_some()
        {
            return;
        }
        let think = think_time(
            self.clock
                .as_ref()
                .and_then(|c| ThinkClock::of(c.clock(), side, now))
                .as_ref(),
        );
        let Some(mut request) = self.search_request(Purpose::Play, Some(think)) else {
            out.push(Effect::Log(
                "the game's moves cannot be given to the engine".into(),
            ));
            return;
        };
        request.new_game = std::mem::take(&mut self.engine.new_game);
        self.engine.asked_after = Some(plies);
        out.push(Effect::ToOpponent(ToOpponent::Engine(Order::Search(
            Box::new(request),
        ))));
    }

    /// What the chess program decided.
    pub(super) fn engine_decided(
        &mut self,
        decision: Decision,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        match decision {
            Decision::Ready { name, offers } => {
                self.engine.offers = offers;
                self.engine.ready = true;
                self.engine.failed = false;
                self.engine.review = self.engine.review.take().filter(|r| r.done);
                if let Some(opponent) = &mut self.opponent {
                    opponent.name = name.clone();
                }
                self.record_opponent(now, out);
                out.push(Effect::Say {
                    tokens: vec![Token::Word(Word::EngineReady)],
                    priority: Priority::Move,
                    audience: super::Audience::Everyone,
                    printed: Some(Shown::with(vec![Token::Word(Word::EngineReady)], name)),
                });
                // A search asked before it was ready waits in its conversation; a search not
                // asked yet (a new game with the program to move) is asked now.
                self.engine_to_move(now, out);
            }
            Decision::Found(found) => self.engine_found(found, now, out),
            Decision::Failed(fault) => self.engine_failed(&fault, out),
        }
    }

    /// A search of the chess program is over.
    fn engine_found(&mut self, found: Found, now: Duration, out: &mut Vec<Effect>) {
        match found.purpose {
            Purpose::Play => {
                let plies = self.game().history().len();
                if self.engine.asked_after != Some(plies)
                    || &found.position != self.game().position()
                {
                    out.push(Effect::Log(
                        "the engine's move for another position: passed over".into(),
                    ));
                    return;
                }
                self.engine.asked_after = None;
                self.engine.last_eval = found.eval;
                let Some(best) = found.best else {
                    // No move: the game is over (mate, stalemate), which the game says.
                    return;
                };
                let uci = best.to_uci(shakmaty::CastlingMode::Standard).to_string();
                self.opponent_moved(&uci, plies, now, out);
            }
            Purpose::Review(ply) => self.review_found(ply, found, out),
            Purpose::Hint | Purpose::Threat | Purpose::Evaluate => self.help_found(found, out, now),
        }
    }

    /// Whether the chess program's help can be given now; if not, why is said.
    pub(super) fn training_refused(&self, out: &mut Vec<Effect>) -> bool {
        let why = if self.tournament() {
            Some(Word::NoEngineInTournament)
        } else if self
            .opponent
            .as_ref()
            .is_some_and(|o| o.source == OpponentSource::Remote)
        {
            Some(Word::NoHelpOnline)
        } else if !self.against_program() {
            Some(Word::NoEngineInThisGame)
        } else if self.engine.failed {
            Some(Word::EngineNotRunning)
        } else {
            None
        };
        match why {
            Some(word) => {
                out.push(Effect::say(vec![Token::Word(word)]));
                true
            }
            None => false,
        }
    }

    /// A training command, confirmed: a hint, the threat, an evaluation, another level.
    pub(super) fn training(
        &mut self,
        command: Command,
        actor: Option<Color>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        if self.training_refused(out) {
            return;
        }
        let by = actor.unwrap_or(self.options.vi_side);
        let help = match command {
            Command::Level(elo) => return self.change_level(elo, now, out),
            Command::NewGame => {
                // This game stays in its journal (resumable if unfinished); the program
                // leaves it and starts the next (`Session::new_game_asked`).
                self.engine.another_game = true;
                out.push(Effect::say(vec![Token::Word(Word::NewGame)]));
                out.push(Effect::Quit);
                return;
            }
            Command::Hint => TrainingHelp::Hint,
            Command::Threat => TrainingHelp::Threat,
            _ => TrainingHelp::Evaluation,
        };
        let theirs = self.outside_side();
        if self.game().is_over()
            || theirs == Some(self.game().turn())
            || self.engine.helping.is_some()
        {
            // While the program thinks on its move (or on another help), it is not asked.
            out.push(Effect::say(vec![Token::Word(Word::NotPossibleNow)]));
            return;
        }
        let plies = self.game().history().len();
        let purpose = match help {
            TrainingHelp::Hint => Purpose::Hint,
            // The threat needs how the position stands first, then the passed turn.
            _ => Purpose::Evaluate,
        };
        let Some(position) = self.game_search_position() else {
            return;
        };
        self.engine.helping = Some(Helping {
            by,
            help,
            now: None,
            plies,
        });
        let request = analysis(purpose, position, &self.engine.offers, ANALYSIS_THINK);
        out.push(Effect::ToOpponent(ToOpponent::Engine(Order::Search(
            Box::new(request),
        ))));
    }

    /// The game's position as a search position (from its start, with its moves).
    fn game_search_position(&self) -> Option<SearchPosition> {
        let start = self.game().position_at(0)?;
        let moves: Vec<_> = self.game().history().iter().map(|p| p.mv).collect();
        SearchPosition::new(start, &moves).ok()
    }

    /// Another level: recorded, said, and played from the program's next move on.
    fn change_level(&mut self, elo: u32, now: Duration, out: &mut Vec<Effect>) {
        let elo = elo.clamp(crate::engine::MIN_ELO, crate::engine::MAX_ELO);
        if let Some(opponent) = &mut self.opponent {
            opponent.elo = Some(elo);
        }
        self.record_opponent(now, out);
        out.push(Effect::say(vec![
            Token::Word(Word::Level),
            Token::Number(elo),
            Token::Word(Word::Elo),
        ]));
    }

    /// The answer to a help: said, and recorded with what was said.
    fn help_found(&mut self, found: Found, out: &mut Vec<Effect>, now: Duration) {
        let Some(mut helping) = self.engine.helping.take() else {
            return;
        };
        // The threat's second search is of the position with the turn passed.
        let passed = helping.help == TrainingHelp::Threat && helping.now.is_some();
        if helping.plies != self.game().history().len()
            || (&found.position != self.game().position() && !passed)
        {
            out.push(Effect::Log("a help for another position: dropped".into()));
            return;
        }
        let position = self.game().position().clone();
        let (tokens, answer) = match (helping.help, found.purpose) {
            (TrainingHelp::Hint, _) => (
                hint_tokens(&position, found.best),
                found
                    .best
                    .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
            ),
            (TrainingHelp::Evaluation, _) => match found.eval {
                Some(eval) => (
                    appraisal_tokens(&position, eval, &found.line),
                    Some(eval_text(eval)),
                ),
                None => (vec![Token::Word(Word::NotPossibleNow)], None),
            },
            (TrainingHelp::Threat, Purpose::Evaluate) => {
                // How it stands is known: now the turn passed.
                helping.now = Some(found.eval);
                let Some(passed) = passed_turn(&position) else {
                    let tokens = threat_tokens(&position, found.eval, &position, None, None);
                    return self.help_said(helping, tokens, None, now, out);
                };
                let request = analysis(
                    Purpose::Threat,
                    SearchPosition::at(&passed),
                    &self.engine.offers,
                    ANALYSIS_THINK,
                );
                self.engine.helping = Some(helping);
                out.push(Effect::ToOpponent(ToOpponent::Engine(Order::Search(
                    Box::new(request),
                ))));
                return;
            }
            (TrainingHelp::Threat, _) => {
                let before = helping.now.flatten();
                let tokens =
                    threat_tokens(&position, before, &found.position, found.best, found.eval);
                let answer = found
                    .best
                    .filter(|_| !tokens.contains(&Token::Word(Word::NoThreat)))
                    .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string());
                (tokens, answer)
            }
            (TrainingHelp::Takeback, _) => return,
        };
        self.help_said(helping, tokens, answer, now, out);
    }

    fn help_said(
        &mut self,
        helping: Helping,
        tokens: Vec<Token>,
        answer: Option<String>,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        let entry = Entry::Training(TrainingEntry {
            by: helping.by,
            help: helping.help,
            answer,
        });
        if let Err(err) = self.record(entry, now, out) {
            out.push(Effect::Log(format!("the help was not recorded: {err}")));
        }
        out.push(Effect::reading(tokens));
    }

    /// "zurücknehmen" at home against the program once our move is completed: the last move
    /// pair goes back (the program's reply and our move before it), or our move alone while
    /// the program thinks; recorded as a help, and the pegs are to be put back.
    pub(super) fn take_back_pair(&mut self, now: Duration, out: &mut Vec<Effect>) {
        if self.training_refused(out) {
            return;
        }
        let Some(theirs) = self.outside_side() else {
            return;
        };
        let ours = self.game().history().iter().rposition(|m| m.by != theirs);
        let Some(ours) = ours else {
            out.push(Effect::say(vec![Token::Word(Word::NothingToTakeBack)]));
            return;
        };
        let plies = self.game().history().len() - ours;
        let over = self.game().is_over();
        if self.engine.asked_after.is_some() {
            out.push(Effect::ToOpponent(ToOpponent::Engine(Order::Cancel)));
            self.engine.asked_after = None;
        }
        self.engine.helping = None;
        let by = !theirs;
        if let Err(err) = self.record(
            Entry::Training(TrainingEntry {
                by,
                help: TrainingHelp::Takeback,
                answer: None,
            }),
            now,
            out,
        ) {
            out.push(Effect::Log(format!("the takeback was not recorded: {err}")));
        }
        if over {
            let entry = Entry::Reopen(crate::record::ReopenEntry {
                reason: "takeback".into(),
            });
            if let Err(err) = self.record(entry, now, out) {
                out.push(Effect::say(err.tokens()));
                return;
            }
            self.engine.review = None;
        }
        self.taken_back_outside(plies, now, out);
    }

    /// The pegs show the position before our last move (the program's reply, if made, never
    /// followed or put back too): a takeback by pegs, to be confirmed.
    pub(super) fn pegs_show_earlier(&self) -> bool {
        let Some(theirs) = self.outside_side() else {
            return false;
        };
        if !self.against_program() || self.tournament() {
            return false;
        }
        let plies = self.game().history().len();
        let back = if self.game().turn() == theirs { 1 } else { 2 };
        if plies < back || self.game().history()[plies - back].by == theirs {
            return false;
        }
        let Some(earlier) = self.game().position_at(plies - back) else {
            return false;
        };
        self.cycle.peg_agrees(earlier) == Some(true)
            && self.cycle.peg_agrees(self.game().position()) == Some(false)
    }

    /// After an event of the peg board: pegs put back as they stood before our last move
    /// ask whether to take the move pair back ("Korrektur? ja oder nein").
    pub(super) fn pegs_put_back(&mut self, out: &mut Vec<Effect>) {
        if self.confirm.is_some() || !self.pegs_show_earlier() {
            return;
        }
        let pending = super::confirm::Pending {
            command: Command::TakeBack,
            side: Some(self.options.vi_side),
        };
        out.push(Effect::say(pending.question(self.options.lang)));
        self.confirm = Some(pending);
    }

    /// After each input: the review once the game is over, the program's move when it is
    /// its turn (after a takeback, a restart).
    pub(super) fn engine_after_input(&mut self, now: Duration, out: &mut Vec<Effect>) {
        if !self.against_program() || self.engine.failed || !self.engine.ready {
            return;
        }
        if !self.game().is_over() {
            self.answer_draw_offer(now, out);
        }
        if self.game().is_over() {
            self.start_review(out);
        } else {
            self.engine_to_move(now, out);
        }
    }

    /// A draw offered to the program is answered at once (9.1.2: the opponent may accept or
    /// decline): accepted when the position is level by its last evaluation (within
    /// [`LEVEL_BELOW`](crate::engine::LEVEL_BELOW) centipawns, "die Stellung ist
    /// ausgeglichen"), declined otherwise or before it has judged the game.
    fn answer_draw_offer(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let Some(theirs) = self.outside_side() else {
            return;
        };
        if self.game().pending_draw_offer() != Some(!theirs) {
            return;
        }
        let level = self
            .engine
            .last_eval
            .is_some_and(|eval| eval.centipawns_for(theirs).abs() < crate::engine::LEVEL_BELOW);
        if level {
            match self.record(Entry::accept_draw(theirs), now, out) {
                Ok(_) => {
                    let tokens = self
                        .game()
                        .outcome()
                        .map(|o| o.tokens())
                        .unwrap_or_default();
                    out.push(Effect::say(tokens));
                }
                Err(err) => out.push(Effect::Log(format!("the draw was not accepted: {err}"))),
            }
        } else {
            match self.record(Entry::decline_draw(theirs), now, out) {
                Ok(_) => out.push(Effect::say(vec![
                    Token::Side(theirs),
                    Token::Word(Word::DrawDeclined),
                ])),
                Err(err) => out.push(Effect::Log(format!("the draw was not declined: {err}"))),
            }
        }
    }

    /// The review of the VI player's moves, once the game is over: asks for the first
    /// position; each answer asks for the next.
    fn start_review(&mut self, out: &mut Vec<Effect>) {
        if self.engine.review.is_some() || self.engine.helping.is_some() {
            return;
        }
        let Some(start) = self.game().position_at(0) else {
            return;
        };
        let plies = self.game().history().len();
        let left = positions_to_analyse(plies, start.turn(), Some(self.options.vi_side));
        self.engine.review = Some(Review {
            analyses: vec![None; plies + 1],
            left: left.into_iter().rev().collect(),
            done: false,
        });
        self.review_next(out);
    }

    fn review_next(&mut self, out: &mut Vec<Effect>) {
        let Some(review) = &mut self.engine.review else {
            return;
        };
        let Some(ply) = review.left.pop() else {
            self.review_said(out);
            return;
        };
        let Some(start) = self.game().position_at(0) else {
            return;
        };
        let moves: Vec<_> = self.game().history()[..ply].iter().map(|p| p.mv).collect();
        let Ok(position) = SearchPosition::new(start, &moves) else {
            return;
        };
        let request = analysis(
            Purpose::Review(ply),
            position,
            &self.engine.offers,
            REVIEW_THINK,
        );
        out.push(Effect::ToOpponent(ToOpponent::Engine(Order::Search(
            Box::new(request),
        ))));
    }

    fn review_found(&mut self, ply: usize, found: Found, out: &mut Vec<Effect>) {
        let Some(review) = &mut self.engine.review else {
            return;
        };
        if review.done {
            return;
        }
        // A position with no move (mate, stalemate) is judged by the game's end.
        let eval = found.eval.or_else(|| {
            if found.position.is_checkmate() {
                Some(Eval::Mate {
                    winner: !found.position.turn(),
                    moves: 0,
                })
            } else {
                found.position.is_stalemate().then_some(Eval::Centipawns(0))
            }
        });
        if let (Some(slot), Some(eval)) = (review.analyses.get_mut(ply), eval) {
            *slot = Some(Analysis {
                eval,
                best: found.best,
            });
        }
        self.review_next(out);
    }

    fn review_said(&mut self, out: &mut Vec<Effect>) {
        let Some(review) = &mut self.engine.review else {
            return;
        };
        review.done = true;
        let analyses = review.analyses.clone();
        let Some(start) = self.game().position_at(0) else {
            return;
        };
        let moves: Vec<_> = self.game().history().iter().map(|p| p.mv).collect();
        let found = mistakes(start, &moves, &analyses, Some(self.options.vi_side));
        for tokens in review_tokens(&found) {
            out.push(Effect::say(tokens));
        }
    }

    /// The chess program failed: said in words; the game is kept.
    fn engine_failed(&mut self, fault: &Fault, out: &mut Vec<Effect>) {
        self.engine.ready = false;
        self.engine.asked_after = None;
        self.engine.helping = None;
        let mut tokens = fault.tokens();
        let on_its_own = matches!(fault, Fault::Crashed | Fault::Silent | Fault::Garbage(_));
        if on_its_own && !self.engine.restarted {
            // Once: a new process, which asks for the move again when it is ready.
            self.engine.restarted = true;
            tokens.extend([Token::Pause, Token::Word(Word::EngineRestarted)]);
            out.push(Effect::ToOpponent(ToOpponent::Engine(Order::Restart)));
        } else {
            self.engine.failed = true;
            // The game is kept: the opponent's moves may be typed from now on.
            tokens.extend([
                Token::Pause,
                Token::Word(Word::GameGoesOn),
                Token::Pause,
                Token::Word(Word::TypeOpponentsMoves),
            ]);
        }
        let detail = match fault {
            Fault::Garbage(line) => Some(line.clone()),
            _ => None,
        };
        out.push(Effect::Say {
            printed: detail.map(|d| Shown::with(tokens.clone(), d)),
            tokens,
            priority: Priority::Alert,
            audience: super::Audience::Everyone,
        });
    }
}

/// An evaluation as the record's text: centipawns from White's side ("+35"), or a mate
/// ("mate white 3").
fn eval_text(eval: Eval) -> String {
    match eval {
        Eval::Centipawns(cp) => format!("{cp:+}"),
        Eval::Mate { winner, moves } => {
            format!("mate {} {moves}", winner.fold_wb("white", "black"))
        }
    }
}
