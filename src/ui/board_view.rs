//! The board view for sighted helpers (an assistant, an arbiter): the game's diagram, and
//! beside it each board that differs from it (the peg board, the e-board) with the differing
//! squares marked; both clocks, running second by second; the moves; whether the boards
//! agree; the log of everything said, wrapped to the screen and scrollable; the line being
//! typed. It is drawn by a pure function from a [`ViewSnapshot`] (plain data the session
//! makes) and what the view keeps itself (the log, the typed line); the terminal adapter
//! only puts the lines on screen. Everything shown here is also said or printed in line mode:
//! the view is never the only way. Its labels are words of the language's table.

use std::time::Duration;

use shakmaty::{Bitboard, Color, File, Position, Rank, Square};

use annexd_core::board::Cell;
use annexd_core::{Lang, Token, ViewSnapshot, Word};

/// How many lines of what was said the view keeps.
const LOG_LINES: usize = 2000;

/// At least this many rows of the log are kept under the boards when the screen has them.
const MIN_LOG_ROWS: usize = 3;

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Logged {
    /// Said (and printed in line mode).
    Said(String),
    /// Shown, not said.
    Note(String),
}

/// What the view shows besides the snapshot: the log, the line being typed, how far the log
/// is scrolled back.
#[derive(Debug, Clone, Default)]
pub struct BoardView {
    snapshot: Option<ViewSnapshot>,
    log: Vec<Logged>,
    typed: String,
    /// Rows scrolled back from the end of the log.
    scroll: usize,
    /// The log's length when the last line was given (what came after it is printed when
    /// the view closes).
    since_line: usize,
    /// The game file's line, printed again when the view closes.
    game_file: Option<String>,
    /// How many log rows fitted the screen when it was last drawn (a page to scroll).
    page: usize,
}

impl BoardView {
    /// An empty view.
    pub fn new() -> BoardView {
        BoardView::default()
    }

    /// The game as it stands now.
    pub fn show(&mut self, snapshot: ViewSnapshot) {
        self.snapshot = Some(snapshot);
    }

    /// A line said (a text of several lines is several lines of the log).
    pub fn said(&mut self, text: &str) {
        for line in text.lines() {
            self.push(Logged::Said(line.to_string()));
        }
    }

    /// A line shown, not said; `game_file`: it names the game's file.
    pub fn noted(&mut self, text: &str, game_file: bool) {
        if game_file {
            self.game_file = Some(text.to_string());
        }
        for line in text.lines() {
            self.push(Logged::Note(line.to_string()));
        }
    }

    fn push(&mut self, line: Logged) {
        self.log.push(line);
        if self.log.len() > LOG_LINES {
            let drop = self.log.len() - LOG_LINES;
            self.log.drain(..drop);
            self.since_line = self.since_line.saturating_sub(drop);
        }
        // A new line brings the log back to its end.
        self.scroll = 0;
    }

    /// What is being typed.
    pub fn typing(&mut self, text: &str) {
        self.typed = text.to_string();
    }

    /// A line was given: the typed line is empty again.
    pub fn line_given(&mut self) {
        self.typed.clear();
        self.since_line = self.log.len();
    }

    /// Scrolls the log by `pages` screens (positive: back to older lines).
    pub fn scroll(&mut self, pages: i32) {
        let step = self.page.max(1) * pages.unsigned_abs() as usize;
        self.scroll = if pages > 0 {
            self.scroll.saturating_add(step)
        } else {
            self.scroll.saturating_sub(step)
        };
    }

    /// When what the view shows changes by itself next (a running clock's next second);
    /// `None` while nothing runs.
    pub fn next_change(&self, now: Duration) -> Option<Duration> {
        self.snapshot.as_ref()?.clock?.next_change(now)
    }

    /// The lines to leave on the terminal when the view closes: the game's file and what was
    /// said after the last line given (saved, how to go on).
    pub fn closing_lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self.game_file.iter().cloned().collect();
        for line in &self.log[self.since_line.min(self.log.len())..] {
            let text = match line {
                Logged::Said(text) | Logged::Note(text) => text,
            };
            if Some(text) != self.game_file.as_ref() {
                out.push(text.clone());
            }
        }
        out
    }

    /// The screen at `now`, `width` × `height`: at most `height` lines of at most `width`
    /// characters. Keeps how many log rows fitted, for scrolling.
    pub fn render(
        &mut self,
        lang: Lang,
        now: Duration,
        width: usize,
        height: usize,
    ) -> Vec<String> {
        let (lines, page, scroll) = render(self, lang, now, width.max(1), height.max(1));
        self.page = page;
        self.scroll = scroll;
        lines
    }
}

/// A diagram: its label, what each square shows, the squares marked.
struct Diagram {
    label: String,
    squares: [Cell; 64],
    marked: Bitboard,
}

/// Width of a diagram: "8 " and eight cells of two characters.
const DIAGRAM_WIDTH: usize = 18;
/// A diagram and the gap after it.
const DIAGRAM_STEP: usize = DIAGRAM_WIDTH + 2;
/// Rows of a diagram: its label, eight ranks, the files.
const DIAGRAM_ROWS: usize = 10;
/// The narrowest side panel beside the diagrams.
const MIN_PANEL: usize = 16;

/// The view's lines, the log rows that fitted and the scroll as it could be kept.
fn render(
    view: &BoardView,
    lang: Lang,
    now: Duration,
    width: usize,
    height: usize,
) -> (Vec<String>, usize, usize) {
    let word = |w: Word| lang.word(w).to_string();
    let mut top = wrap(&word(Word::BoardViewTitle), width, "");
    let mut block = Vec::new();
    if let Some(snapshot) = &view.snapshot {
        let diagrams = diagrams(snapshot, lang);
        let marked = diagrams.iter().any(|d| !d.marked.is_empty());
        let fit = (width / DIAGRAM_STEP).clamp(1, diagrams.len());
        let beside = width.saturating_sub(fit * DIAGRAM_STEP);
        let mut board_rows = Vec::new();
        for row in diagrams.chunks(fit) {
            let drawn: Vec<Vec<String>> = row.iter().map(draw).collect();
            for i in 0..DIAGRAM_ROWS {
                let line: Vec<String> = drawn
                    .iter()
                    .map(|d| format!("{:<DIAGRAM_STEP$}", d[i]))
                    .collect();
                board_rows.push(line.concat().trim_end().to_string());
            }
        }
        // The rows the boards and the panel may take: the rest is the log's (a few rows at
        // least) and the typed line's.
        let room = height
            .saturating_sub(top.len() + 1 + MIN_LOG_ROWS)
            .max(board_rows.len());
        if beside >= MIN_PANEL {
            let panel_width = beside;
            let rows = room.max(DIAGRAM_ROWS);
            let panel = panel(snapshot, lang, now, panel_width, rows, marked);
            let rows = board_rows.len().max(panel.len());
            for i in 0..rows {
                let left = board_rows.get(i).map_or("", String::as_str);
                let right = panel.get(i).map_or("", String::as_str);
                let left_width = fit * DIAGRAM_STEP;
                block.push(format!("{left:<left_width$}{right}").trim_end().to_string());
            }
        } else {
            block.extend(board_rows);
            let rows = room.saturating_sub(block.len()).max(4);
            block.extend(panel(snapshot, lang, now, width, rows, marked));
        }
    }
    top.extend(block);
    // The log fills the rest, its newest lines last, above the typed line.
    let rows = height.saturating_sub(top.len() + 1);
    let mut log = Vec::new();
    for line in &view.log {
        let (label, text) = match line {
            Logged::Said(text) => (Word::Said, text),
            Logged::Note(text) => (Word::Note, text),
        };
        log.extend(wrap(&format!("{}: {text}", word(label)), width, "  "));
    }
    let most = log.len().saturating_sub(rows);
    let scroll = view.scroll.min(most);
    let end = log.len() - scroll;
    let mut shown: Vec<String> = log[end.saturating_sub(rows)..end].to_vec();
    if end > rows && rows > 1 {
        // Older lines above: say how to reach them.
        shown[0] = fit(&format!("({})", word(Word::OlderLines)), width);
    }
    top.extend(shown);
    top.truncate(height.saturating_sub(1));
    // The typed line: its end, where the cursor is, when it is longer than the screen.
    let typed = format!("> {}", view.typed);
    let chars = typed.chars().count();
    top.push(typed.chars().skip(chars.saturating_sub(width)).collect());
    (top, rows, scroll)
}

/// The game's diagram, and each board that differs from it, the differing squares marked.
fn diagrams(snapshot: &ViewSnapshot, lang: Lang) -> Vec<Diagram> {
    let board = snapshot.position.board();
    let game_squares = std::array::from_fn(|i| {
        board
            .piece_at(Square::new(i as u32))
            .map_or(Cell::Empty, Cell::Piece)
    });
    let mut out = vec![Diagram {
        label: lang.word(Word::GameDiagram).to_string(),
        squares: game_squares,
        marked: Bitboard::EMPTY,
    }];
    for (word, shown) in [
        (Word::PegBoard, &snapshot.pegs),
        (Word::EBoard, &snapshot.e_board),
    ] {
        if let Some(shown) = shown.as_ref().filter(|s| !s.differs.is_empty()) {
            out[0].marked |= shown.differs;
            out.push(Diagram {
                label: lang.word(word).to_string(),
                squares: shown.squares,
                marked: shown.differs,
            });
        }
    }
    out
}

/// A diagram's ten rows: its label, ranks 8 to 1, the files.
fn draw(diagram: &Diagram) -> Vec<String> {
    let mut rows = vec![fit(&diagram.label, DIAGRAM_WIDTH)];
    for rank in (0..8).rev() {
        let mut row = format!("{} ", rank + 1);
        for file in 0..8 {
            let square = Square::from_coords(File::new(file), Rank::new(rank));
            let empty = if (file + rank) % 2 == 0 { '.' } else { ' ' };
            row.push(match diagram.squares[square as usize] {
                Cell::Empty => empty,
                Cell::Piece(piece) => piece.char(),
                Cell::Color(Color::White) => 'o',
                Cell::Color(Color::Black) => 'x',
                Cell::Peg => '+',
            });
            row.push(if diagram.marked.contains(square) {
                '*'
            } else {
                ' '
            });
        }
        rows.push(row);
    }
    rows.push("  a b c d e f g h".to_string());
    rows
}

/// The panel beside the diagrams: the clocks, who is to move, the boards, the result, the
/// moves (as many as `rows` hold, in columns when there is room), each line wrapped to
/// `width`.
fn panel(
    snapshot: &ViewSnapshot,
    lang: Lang,
    now: Duration,
    width: usize,
    rows: usize,
    marked: bool,
) -> Vec<String> {
    let say = |tokens: &[Token]| lang.text(tokens);
    let word = |w: Word| lang.word(w).to_string();
    let mut lines = Vec::new();
    let mut add = |text: String| lines.extend(wrap(&text, width, "  "));
    match &snapshot.clock {
        Some(reading) => {
            let (white, black) = reading.at(now);
            for (color, time) in [(Color::White, white), (Color::Black, black)] {
                let mark = if reading.running == Some(color) {
                    "*"
                } else {
                    " "
                };
                let name = say(&[Token::Side(color)]);
                add(format!("{mark}{name} {}", clock_text(time)));
            }
        }
        None => add(word(Word::NoClock)),
    }
    // "Weiß am Zug, Zug 5": the number in digits, as on a scoresheet.
    add(format!(
        "{} {}",
        say(&[
            Token::Side(snapshot.turn()),
            Token::Word(Word::ToMove),
            Token::Pause,
            Token::Word(Word::Move),
        ]),
        snapshot.position.fullmoves()
    ));
    add(match &snapshot.pegs {
        Some(_) if snapshot.placed_not_announced => say(&[
            Token::Word(Word::OnTheBoard),
            Token::Pause,
            Token::Word(Word::AnnouncementMissing),
        ]),
        Some(pegs) if pegs.differs.is_empty() => word(Word::BoardsAgree),
        // Shouted, for a helper who glances at the screen.
        Some(_) if snapshot.e_board.is_some() => word(Word::PegBoardDiffers).to_uppercase(),
        Some(_) => word(Word::BoardsDiffer).to_uppercase(),
        None => word(Word::NoPegBoard),
    });
    if snapshot
        .e_board
        .as_ref()
        .is_some_and(|e| !e.differs.is_empty())
    {
        add(word(Word::EBoardDiffers).to_uppercase());
    }
    if marked {
        add(word(Word::DiffersMarked));
    }
    if let Some(result) = &snapshot.result {
        add(format!("{}: {result}", word(Word::Result)));
    }
    lines.push(String::new());
    lines.push(fit(&format!("{}:", word(Word::Moves)), width));
    let left = rows.saturating_sub(lines.len()).max(1);
    lines.extend(move_columns(&numbered_moves(&snapshot.moves), width, left));
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

/// The numbered moves in as many columns as `width` holds, `rows` high, read down each
/// column; when they do not all fit, the latest ones.
fn move_columns(moves: &[String], width: usize, rows: usize) -> Vec<String> {
    let column = moves.iter().map(|m| m.chars().count()).max().unwrap_or(0) + 2;
    let columns = (width / column.max(1)).max(1);
    let fits = rows * columns;
    let shown = &moves[moves.len().saturating_sub(fits)..];
    let rows = shown.len().div_ceil(columns).min(rows);
    (0..rows)
        .map(|row| {
            let line: String = (0..columns)
                .filter_map(|c| shown.get(c * rows + row))
                .map(|m| format!("{m:<column$}"))
                .collect();
            fit(line.trim_end(), width)
        })
        .collect()
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

/// `text` in lines of at most `width` characters, broken between words where it can be
/// (a word longer than a line is broken inside); lines after the first start with `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> Vec<String> {
    let indent_width = indent.chars().count();
    let width = width.max(indent_width + 1);
    let mut lines = Vec::new();
    let mut line = String::new();
    // Characters on the line, and whether a word is on it yet (an indent is none).
    let (mut length, mut words) = (0, false);
    for word in text.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let gap = usize::from(words);
            if length + gap + word.len() <= width {
                if words {
                    line.push(' ');
                }
                line.extend(word.iter());
                length += gap + word.len();
                words = true;
                break;
            }
            if words {
                // The word goes on the next line.
                lines.push(std::mem::take(&mut line));
                line.push_str(indent);
                (length, words) = (indent_width, false);
                continue;
            }
            // A word longer than a line: as much as fits, the rest on the next.
            let room = width - length;
            line.extend(word.drain(..room));
            lines.push(std::mem::take(&mut line));
            line.push_str(indent);
            length = indent_width;
        }
    }
    lines.push(line);
    lines
}

fn fit(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use annexd_core::clock::{ClockReading, Counting};

    #[test]
    fn wrapping_breaks_between_words_and_indents_what_follows() {
        assert_eq!(
            wrap("gesagt: eins zwei drei vier", 12, "  "),
            ["gesagt: eins", "  zwei drei", "  vier"]
        );
        assert_eq!(
            wrap("abcdefghij", 4, "  "),
            ["abcd", "  ef", "  gh", "  ij"]
        );
        assert_eq!(wrap("", 10, "  "), [""]);
    }
    use shakmaty::Chess;

    fn snapshot(lang: Lang) -> ViewSnapshot {
        ViewSnapshot {
            lang,
            position: Chess::default(),
            moves: vec!["e4".into(), "e5".into(), "Nf3".into()],
            clock: Some(ClockReading {
                read_at: Duration::ZERO,
                white: Duration::from_secs(5400),
                black: Duration::from_secs(3599),
                running: Some(Color::Black),
                counting: Counting::Down,
                delay_left: Duration::ZERO,
            }),
            pegs: None,
            e_board: None,
            placed_not_announced: false,
            result: None,
        }
    }

    fn view(lang: Lang) -> BoardView {
        let mut view = BoardView::new();
        view.show(snapshot(lang));
        view.said("Weiß Springer Felix drei");
        view.typing("Zeit");
        view
    }

    #[test]
    fn the_view_shows_diagram_clocks_moves_and_the_log() {
        let lines = view(Lang::De).render(Lang::De, Duration::ZERO, 80, 24);
        let text = lines.join("\n");
        assert!(text.contains("8 r n b q k b n r"), "{text}");
        assert!(text.contains(" Weiß 1:30:00"), "{text}");
        assert!(text.contains("*Schwarz 59:59"), "{text}");
        assert!(text.contains("Weiß am Zug, Zug 1"), "{text}");
        assert!(text.contains("Züge:"), "{text}");
        assert!(text.contains("2. Nf3"), "{text}");
        assert!(text.contains("kein Steckbrett"), "{text}");
        assert!(text.contains("gesagt: Weiß Springer Felix drei"), "{text}");
        assert!(lines.len() <= 24);
        assert!(lines.iter().all(|l| l.chars().count() <= 80));
        assert_eq!(lines.last().unwrap(), "> Zeit");
        // The clock runs on the screen: 2.5 s later Black shows 59:56, and the next change
        // is due half a second after.
        let later = view(Lang::De).render(Lang::De, Duration::from_millis(3500), 80, 24);
        assert!(later.join("\n").contains("*Schwarz 59:55"), "{later:?}");
        let due = view(Lang::De)
            .next_change(Duration::from_millis(3500))
            .unwrap();
        assert!(due > Duration::from_secs(4) && due < Duration::from_millis(4010));
    }

    #[test]
    fn long_lines_wrap_and_the_log_scrolls() {
        let mut v = view(Lang::De);
        let long = "Bretter weichen ab, Felix drei, Springer fehlt, Eva vier, hier gehört keine Figur hin, schwarzer Springer Gustav acht zurück nach Gustav acht, Hector sieben, schwarzer Bauer fehlt, Ende";
        v.said(long);
        for n in 0..40 {
            v.said(&format!("Zeile {n}"));
        }
        let lines = v.render(Lang::De, Duration::ZERO, 80, 24);
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{lines:#?}");
        assert!(lines.iter().any(|l| l.contains("Zeile 39")), "{lines:#?}");
        assert!(
            lines.iter().any(|l| l.contains("ältere Zeilen")),
            "{lines:#?}"
        );
        // Back a few pages: the long line, whole over its lines.
        for _ in 0..5 {
            v.scroll(1);
            let lines = v.render(Lang::De, Duration::ZERO, 80, 24);
            let text = lines.join(" ");
            if text.contains("Gustav acht zurück") {
                assert!(text.contains("schwarzer Bauer fehlt, Ende"), "{lines:#?}");
                return;
            }
        }
        panic!("the long line was not reached by scrolling");
    }

    #[test]
    fn a_wider_screen_shows_more_moves_in_columns() {
        let mut v = view(Lang::En);
        let mut snap = snapshot(Lang::En);
        snap.moves = (0..300).map(|i| format!("m{i}")).collect();
        v.show(snap);
        let small = v.render(Lang::En, Duration::ZERO, 80, 24).join("\n");
        let large = v.render(Lang::En, Duration::ZERO, 120, 40).join("\n");
        let count = |text: &str| text.matches(". m").count();
        assert!(count(&large) > 2 * count(&small), "{small}\n---\n{large}");
        // The latest moves are always there; the first only where all fit.
        for text in [&small, &large] {
            assert!(text.contains("150. m298 m299"), "{text}");
        }
        assert!(
            large.contains("\n1. m0 m1") || large.contains(" 1. m0 m1"),
            "{large}"
        );
        assert!(!small.contains(" 1. m0 m1"), "{small}");
    }

    #[test]
    fn each_board_that_differs_is_drawn_beside_the_game_with_its_squares_marked() {
        use annexd_core::BoardShown;
        let mut snap = snapshot(Lang::De);
        let start: [Cell; 64] = std::array::from_fn(|i| {
            Chess::default()
                .board()
                .piece_at(Square::new(i as u32))
                .map_or(Cell::Empty, Cell::Piece)
        });
        let mut pegs = start;
        pegs[Square::E2 as usize] = Cell::Empty;
        pegs[Square::E4 as usize] = Cell::Peg;
        snap.pegs = Some(BoardShown {
            squares: pegs,
            differs: Bitboard::from(Square::E2) | Square::E4,
            connected: true,
        });
        let mut e_board = start;
        e_board[Square::G8 as usize] = Cell::Empty;
        snap.e_board = Some(BoardShown {
            squares: e_board,
            differs: Bitboard::from(Square::G8),
            connected: true,
        });
        let mut v = BoardView::new();
        v.show(snap);
        let lines = v.render(Lang::De, Duration::ZERO, 80, 24);
        let text = lines.join("\n");
        assert!(
            lines[1].starts_with("Partie              Steckbrett          e-Brett"),
            "{text}"
        );
        assert!(
            text.contains("8 r n b q k b n*r   8 r n b q k b n r   8 r n b q k b  *r"),
            "{text}"
        );
        assert!(
            text.contains("4   .   .  *.   .   4   .   . +*.   .   4   .   .   .   ."),
            "{text}"
        );
        assert!(text.contains("STECKBRETT WEICHT AB"), "{text}");
        assert!(text.contains("E-BRETT WEICHT AB"), "{text}");
        // The legend wraps in the narrow panel.
        assert!(text.contains("* weicht von der\n"), "{text}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
    }

    #[test]
    fn every_label_is_in_the_language() {
        let mut fr = snapshot(Lang::Fr);
        fr.result = Some("1-0".into());
        let mut v = BoardView::new();
        v.show(fr);
        v.noted("FEN", false);
        let text = v.render(Lang::Fr, Duration::ZERO, 80, 24).join("\n");
        for label in [
            "vue de l'échiquier",
            " Blanc 1:30:00",
            "*Noir 59:59",
            "Blanc au trait, coup 1",
            "pas d'échiquier à tiges",
            "résultat: 1-0",
            "coups:",
            "partie",
        ] {
            assert!(text.contains(label), "{label}: {text}");
        }
        // No English label is left in another language's view.
        for lang in [Lang::De, Lang::Fr] {
            let text = view(lang).render(lang, Duration::ZERO, 80, 24).join("\n");
            for english in ["board view", "White", "Black", "to move", "said:", "moves:"] {
                assert!(!text.contains(english), "{lang}: {english} in {text}");
            }
        }
    }
}
