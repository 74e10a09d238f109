//! The board view for sighted helpers (an assistant, an arbiter): a diagram, both clocks, the
//! move list, the last announcement and whether the boards agree. It is drawn from the
//! session's state by a pure function; the terminal adapter only puts the lines on screen.
//! Everything shown here is also said or printed in line mode: the view is never the only way.
//! Its labels are words of the language's table, like everything the program says.

use std::time::Duration;

use shakmaty::{Chess, Color, File, Position, Rank, Square};

use annexd_core::{Lang, Token, Word};

/// What the view shows, taken from the session at one moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewState {
    /// The language of the labels.
    pub lang: Lang,
    /// The game position.
    pub position: Chess,
    /// The moves in SAN, in order.
    pub moves: Vec<String>,
    /// White's and Black's time left, when there is a clock.
    pub clocks: Option<(Duration, Duration)>,
    /// Whose clock runs.
    pub running: Option<Color>,
    /// The last announcement, as text.
    pub last_said: String,
    /// The last line shown besides announcements (a FEN, a help text, a device note).
    pub note: String,
    /// Whether the peg board agrees with the game (`None`: no peg board).
    pub boards_agree: Option<bool>,
    /// A move is on the peg board but not yet announced.
    pub placed_not_announced: bool,
    /// The result, when the game is over.
    pub result: Option<String>,
    /// What the helper is typing.
    pub input: String,
}

impl ViewState {
    /// The view of a session at `now`, with the last announcement and the typed input.
    pub fn of(
        session: &annexd_core::Session,
        now: Duration,
        last_said: &str,
        input: &str,
    ) -> ViewState {
        let game = session.game();
        let snapshot = session.clock().map(|c| c.snapshot(now));
        ViewState {
            lang: session.options().lang,
            position: game.position().clone(),
            moves: game.history().iter().map(|m| m.san.to_string()).collect(),
            clocks: snapshot.map(|s| (s.white, s.black)),
            running: snapshot.and_then(|s| s.running),
            last_said: last_said.to_string(),
            note: String::new(),
            boards_agree: session.peg_agrees(),
            placed_not_announced: session.vi_move().on_board.is_some()
                && session.vi_move().announced.is_none(),
            result: game.outcome().map(|o| o.result.pgn().to_string()),
            input: input.to_string(),
        }
    }
}

/// Formats a time for the screen (the screen only; speech says times in words).
pub fn clock_text(time: Duration) -> String {
    let secs = time.as_secs();
    if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{:02}:{:02}", secs / 60, secs % 60)
    }
}

/// The view as lines of at most `width` characters.
pub fn render(state: &ViewState, width: usize) -> Vec<String> {
    let say = |tokens: &[Token]| state.lang.text(tokens);
    let word = |word: Word| state.lang.word(word);
    let mut lines = Vec::with_capacity(24);
    lines.push(fit(word(Word::BoardViewTitle), width));
    let board = state.position.board();
    let mut diagram = Vec::with_capacity(10);
    for rank in (0..8).rev() {
        let mut row = format!("{} ", rank + 1);
        for file in 0..8 {
            let sq = Square::from_coords(File::new(file), Rank::new(rank));
            let c = board
                .piece_at(sq)
                .map_or(if (file + rank) % 2 == 0 { '.' } else { ' ' }, |p| p.char());
            row.push(c);
            row.push(' ');
        }
        diagram.push(row);
    }
    diagram.push("  a b c d e f g h".to_string());
    let mut side = Vec::new();
    match state.clocks {
        Some((white, black)) => {
            for (color, time) in [(Color::White, white), (Color::Black, black)] {
                let mark = if state.running == Some(color) {
                    "*"
                } else {
                    " "
                };
                let name = say(&[Token::Side(color)]);
                side.push(format!("{mark}{name} {}", clock_text(time)));
            }
        }
        None => side.push(word(Word::NoClock).to_string()),
    }
    // "Weiß am Zug, Zug 5": the number in digits, as on a scoresheet.
    side.push(format!(
        "{} {}",
        say(&[
            Token::Side(state.position.turn()),
            Token::Word(Word::ToMove),
            Token::Pause,
            Token::Word(Word::Move),
        ]),
        state.position.fullmoves()
    ));
    side.push(match state.boards_agree {
        Some(_) if state.placed_not_announced => say(&[
            Token::Word(Word::OnTheBoard),
            Token::Pause,
            Token::Word(Word::AnnouncementMissing),
        ]),
        Some(true) => word(Word::BoardsAgree).to_string(),
        // Shouted, for a helper who glances at the screen.
        Some(false) => word(Word::BoardsDiffer).to_uppercase(),
        None => word(Word::NoPegBoard).to_string(),
    });
    if let Some(result) = &state.result {
        side.push(format!("{}: {result}", word(Word::Result)));
    }
    side.push(String::new());
    side.push(format!("{}:", word(Word::Moves)));
    let numbered = numbered_moves(&state.moves);
    let shown = numbered.len().saturating_sub(4);
    side.extend(numbered[shown..].iter().cloned());
    let rows = diagram.len().max(side.len());
    for i in 0..rows {
        let left = diagram.get(i).cloned().unwrap_or_default();
        let right = side.get(i).cloned().unwrap_or_default();
        lines.push(fit(&format!("{left:<20}  {right}"), width));
    }
    lines.push(String::new());
    lines.push(fit(
        &format!("{}: {}", word(Word::Said), state.last_said),
        width,
    ));
    if !state.note.is_empty() {
        lines.push(fit(&format!("{}: {}", word(Word::Note), state.note), width));
    }
    lines.push(fit(&format!("> {}", state.input), width));
    lines
}

/// "1. e4 e5", "2. Nf3 Nc6", … one line per move number.
fn numbered_moves(moves: &[String]) -> Vec<String> {
    moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
        .collect()
}

fn fit(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(lang: Lang) -> ViewState {
        ViewState {
            lang,
            position: Chess::default(),
            moves: vec!["e4".into(), "e5".into(), "Nf3".into()],
            clocks: Some((Duration::from_secs(5400), Duration::from_secs(3599))),
            running: Some(Color::Black),
            last_said: "Weiß Springer Felix drei".into(),
            note: String::new(),
            boards_agree: Some(false),
            placed_not_announced: false,
            result: None,
            input: "Zeit".into(),
        }
    }

    #[test]
    fn the_view_shows_diagram_clocks_moves_and_the_boards() {
        let lines = render(&state(Lang::De), 80);
        let text = lines.join("\n");
        assert!(text.contains("8 r n b q k b n r"), "{text}");
        assert!(text.contains(" Weiß 1:30:00"), "{text}");
        assert!(text.contains("*Schwarz 59:59"), "{text}");
        assert!(text.contains("Weiß am Zug, Zug 1"), "{text}");
        assert!(text.contains("Züge:"), "{text}");
        assert!(text.contains("2. Nf3"), "{text}");
        assert!(text.contains("BRETTER WEICHEN AB"), "{text}");
        assert!(text.contains("gesagt: Weiß Springer Felix drei"), "{text}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80));
        assert_eq!(lines.last().unwrap(), "> Zeit");
    }

    #[test]
    fn every_label_is_in_the_language() {
        let mut fr = state(Lang::Fr);
        fr.result = Some("1-0".into());
        fr.note = "FEN".into();
        fr.boards_agree = None;
        let text = render(&fr, 80).join("\n");
        for label in [
            "vue de l'échiquier",
            " Blanc 1:30:00",
            "*Noir 59:59",
            "Blanc au trait, coup 1",
            "pas d'échiquier à tiges",
            "résultat: 1-0",
            "coups:",
            "dit: ",
            "note: FEN",
        ] {
            assert!(text.contains(label), "{label}: {text}");
        }
        let mut en = state(Lang::En);
        en.boards_agree = Some(true);
        en.placed_not_announced = true;
        let text = render(&en, 80).join("\n");
        assert!(
            text.contains("on the board, please announce the move"),
            "{text}"
        );
        en.placed_not_announced = false;
        let text = render(&en, 80).join("\n");
        assert!(text.contains("the boards agree"), "{text}");
        // No English label is left in another language's view.
        for lang in [Lang::De, Lang::Fr] {
            let text = render(&state(lang), 80).join("\n");
            for english in ["board view", "White", "Black", "to move", "said:", "moves:"] {
                assert!(!text.contains(english), "{lang}: {english} in {text}");
            }
        }
    }
}
