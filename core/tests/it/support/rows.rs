//! The rows of the dialogue's specification (`docs/dialogue.md`) and a game to play them:
//! each row names a situation, what happens, and what is said in German, English and French;
//! its test plays the situation in each language and compares what was said with the row.
//! `DIALOGUE_PRINT=1` prints the rows as the program says them.
//!
//! Every situation is played twice: at home and in tournament mode (issue 33). In tournament
//! mode a row `Txx` whose state reads "as P07, …" is what row P07's situation says there;
//! a row without one says the same in both modes. Rows `Txx` themselves are situations of
//! tournament mode only.

use std::time::Duration;

use annexd_core::board::{BoardInput, Cell, LinkEvent, Sensing};
use std::cell::Cell as StdCell;

use annexd_core::{Effect, Input, Lang, Mode, Seat, SeatRole, Session, SessionOptions, Speech};
use shakmaty::{Color, Square};

use super::session_with;

/// One row of the specification.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: String,
    pub state: String,
    pub de: String,
    pub en: String,
    pub fr: String,
}

/// The specification's text.
pub fn specification() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/dialogue.md");
    std::fs::read_to_string(path).expect("docs/dialogue.md")
}

/// Every row of the specification: table lines whose first cell is an id like `P01`.
pub fn rows() -> Vec<Row> {
    specification()
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let id = cells.get(1)?;
            let is_id = id.len() == 3
                && id.as_bytes()[0].is_ascii_uppercase()
                && id[1..].bytes().all(|b| b.is_ascii_digit());
            (is_id && cells.len() >= 8).then(|| Row {
                id: id.to_string(),
                state: cells[2].to_string(),
                de: cells[4].to_string(),
                en: cells[5].to_string(),
                fr: cells[6].to_string(),
            })
        })
        .collect()
}

/// The row `id`.
pub fn row(id: &str) -> Row {
    rows()
        .into_iter()
        .find(|r| r.id == id)
        .unwrap_or_else(|| panic!("no row {id} in docs/dialogue.md"))
}

thread_local! {
    /// The mode the games of a row are played in.
    static MODE: StdCell<Mode> = const { StdCell::new(Mode::Home) };
}

/// The tournament row of the situation of row `id`: the row `Txx` whose state reads "as
/// `id`", or the row itself (its words are the same in both modes).
pub fn tournament_row(id: &str) -> Row {
    if id.starts_with('T') {
        return row(id);
    }
    let prefix = format!("as {id},");
    rows()
        .into_iter()
        .find(|r| r.id.starts_with('T') && r.state.starts_with(&prefix))
        .unwrap_or_else(|| row(id))
}

/// Plays `situation` in German, English and French and compares the lines said at its end
/// (joined by " / ") with the row's: at home and in tournament mode (with its tournament
/// row, [`tournament_row`]); a row `Txx` in tournament mode only.
pub fn check_row(id: &str, situation: impl Fn(Lang) -> Vec<String>) {
    let modes: &[Mode] = if id.starts_with('T') {
        &[Mode::Tournament]
    } else {
        &[Mode::Home, Mode::Tournament]
    };
    for &mode in modes {
        MODE.with(|m| m.set(mode));
        let said: Vec<String> = [Lang::De, Lang::En, Lang::Fr]
            .into_iter()
            .map(|lang| situation(lang).join(" / "))
            .collect();
        MODE.with(|m| m.set(Mode::Home));
        if std::env::var_os("DIALOGUE_PRINT").is_some() {
            eprintln!(
                "| {id} {} | {} | {} | {} |",
                mode.name(),
                said[0],
                said[1],
                said[2]
            );
            continue;
        }
        let row = match mode {
            Mode::Home => row(id),
            Mode::Tournament => tournament_row(id),
        };
        let name = mode.name();
        assert_eq!(said[0], row.de, "{id} in German, {name} ({})", row.id);
        assert_eq!(said[1], row.en, "{id} in English, {name} ({})", row.id);
        assert_eq!(said[2], row.fr, "{id} in French, {name} ({})", row.id);
    }
}

/// A game played for a row.
pub struct Game {
    pub s: Session,
    pub lang: Lang,
    at: u64,
}

impl Game {
    /// A game in `lang` from the start (or `fen`), with a clock for `control`, a peg board
    /// of kind `peg` (connected), the VI player on `vi`, in `role`.
    pub fn new(
        lang: Lang,
        fen: Option<&str>,
        control: Option<&str>,
        peg: Option<Sensing>,
        vi: Color,
        role: SeatRole,
    ) -> Game {
        let options = SessionOptions {
            lang,
            vi_side: vi,
            role,
            mode: MODE.with(StdCell::get),
            ..SessionOptions::default()
        };
        Game {
            s: session_with(fen, control, peg, options),
            lang,
            at: 1000,
        }
    }

    /// The VI player (White) at a peg board of occupancy, with a clock.
    pub fn at_pegs(lang: Lang) -> Game {
        Game::new(
            lang,
            None,
            Some("90+30"),
            Some(Sensing::Occupancy),
            Color::White,
            SeatRole::Player,
        )
    }

    /// What was said, as text in the game's language.
    pub fn said(&self, effects: &[Effect]) -> Vec<String> {
        let speech = Speech::from(self.lang);
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Say { tokens, .. } => Some(speech.text(tokens)),
                _ => None,
            })
            .collect()
    }

    /// An input; what was said.
    pub fn input(&mut self, input: Input) -> Vec<String> {
        self.at += 500;
        let effects = self.s.handle(input, Duration::from_millis(self.at));
        self.said(&effects)
    }

    /// A typed line.
    pub fn line(&mut self, text: &str) -> Vec<String> {
        self.input(Input::Line(text.into()))
    }

    /// Several typed lines; what the last one said.
    pub fn lines(&mut self, texts: &[&str]) -> Vec<String> {
        let mut last = Vec::new();
        for text in texts {
            last = self.line(text);
        }
        last
    }

    /// A peg lifted.
    pub fn up(&mut self, square: &str) -> Vec<String> {
        let square: Square = square.parse().unwrap();
        self.input(Input::Board(
            Seat::Peg,
            LinkEvent::Input(BoardInput::Up(square)),
        ))
    }

    /// An event of the sighted player's e-board.
    pub fn e_board(&mut self, input: BoardInput) -> Vec<String> {
        self.input(Input::Board(Seat::Sighted, LinkEvent::Input(input)))
    }

    /// A peg put down (a board that senses occupancy).
    pub fn down(&mut self, square: &str) -> Vec<String> {
        let square: Square = square.parse().unwrap();
        self.input(Input::Board(
            Seat::Peg,
            LinkEvent::Input(BoardInput::Down(square, Cell::Peg)),
        ))
    }

    /// A peg taken from one hole and put into another; what the drop said.
    pub fn way(&mut self, from: &str, to: &str) -> Vec<String> {
        self.up(from);
        self.down(to)
    }

    /// Moves on the pegs and lines, in order ("e2e4" is a peg's way, anything else a line);
    /// what the last one said.
    pub fn play(&mut self, steps: &[&str]) -> Vec<String> {
        let mut last = Vec::new();
        for step in steps {
            let is_way = step.len() == 4
                && step.parse::<Square>().is_err()
                && step[..2].parse::<Square>().is_ok()
                && step[2..].parse::<Square>().is_ok();
            last = if is_way {
                self.way(&step[..2], &step[2..])
            } else {
                self.line(step)
            };
        }
        last
    }
}
