//! PGN export of a scoresheet (the text; the adapters write it to disk atomically).
//!
//! Seven Tag Roster first, then the other tags in ASCII order (PGN export format); moves in SAN
//! with move numbers; a draw offer as the comment `{(=)}` after its move (Annex C / 8.1.5 write
//! `(=)`, which in PGN text would open a variation); the mover's clock as `[%clk h:mm:ss]`;
//! notes on claims and penalties as comments; lines shorter than 80 characters.

use crate::lang::{Lang, Speech, WordSet};

use super::entry::STANDARD_START_FEN;
use super::sheet::{Note, Scoresheet};

/// Longest line written.
pub const MAX_LINE: usize = 79;

/// The PGN text of a scoresheet, ending with a newline; its comments in the language the
/// game was played in (English when the journal does not say).
pub fn pgn_text(sheet: &Scoresheet) -> String {
    pgn_text_in(sheet, sheet.header().language.unwrap_or(Lang::En))
}

/// The name of `side`'s player: the header's, else the name of the program or remote
/// player recorded for it.
fn player(sheet: &Scoresheet, side: shakmaty::Color) -> String {
    let named = match side {
        shakmaty::Color::White => &sheet.header().white,
        shakmaty::Color::Black => &sheet.header().black,
    };
    match sheet.opponent(side) {
        Some(opponent) if matches!(named.trim(), "" | "?") && !opponent.name.is_empty() => {
            opponent.name.clone()
        }
        _ => named.clone(),
    }
}

/// The PGN text of a scoresheet with its comments (claims, penalties, corrections) in
/// `lang`; the moves are in SAN, as PGN requires.
pub fn pgn_text_in(sheet: &Scoresheet, lang: Lang) -> String {
    let speech = Speech::new(lang, WordSet::Local);
    let header = sheet.header();
    let game = sheet.game();
    let result = game.outcome().map_or("*", |o| o.result.pgn());
    let or_unknown = |s: &str| {
        if s.trim().is_empty() {
            "?".to_string()
        } else {
            s.to_string()
        }
    };
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", or_unknown(&header.event)),
        ("Site", or_unknown(&header.site)),
        (
            "Date",
            header
                .date
                .as_deref()
                .map_or_else(|| "????.??.??".to_string(), pgn_date),
        ),
        ("Round", or_unknown(&header.round)),
        ("White", or_unknown(&player(sheet, shakmaty::Color::White))),
        ("Black", or_unknown(&player(sheet, shakmaty::Color::Black))),
        ("Result", result.to_string()),
    ];
    let mut extra: Vec<(&str, String)> = Vec::new();
    // A side played from outside the board: a program's level (PGN's supplemental tags
    // WhiteType/BlackType and the Elo it was set to), a remote player's rating.
    for (side, elo_tag, type_tag) in [
        (shakmaty::Color::White, "WhiteElo", "WhiteType"),
        (shakmaty::Color::Black, "BlackElo", "BlackType"),
    ] {
        if let Some(opponent) = sheet.opponent(side) {
            if let Some(elo) = opponent.elo {
                extra.push((elo_tag, elo.to_string()));
            }
            if opponent.source == super::entry::OpponentSource::Program {
                extra.push((type_tag, "program".to_string()));
            }
        }
    }
    let start_fen = game.start_fen();
    if start_fen != STANDARD_START_FEN {
        extra.push(("FEN", start_fen));
        extra.push(("SetUp", "1".to_string()));
    }
    if let Some(outcome) = game.outcome() {
        extra.push(("Termination", outcome.reason.pgn_termination().to_string()));
    }
    if let Some(time) = &header.time {
        extra.push(("Time", time.clone()));
    }
    if let Some(tc) = &header.time_control {
        extra.push(("TimeControl", tc.clone()));
    }
    extra.sort_by(|a, b| a.0.cmp(b.0));
    tags.extend(extra);

    let mut out = String::with_capacity(1024 + game.history().len() * 24);
    for (name, value) in &tags {
        out.push_str(&format!("[{name} \"{}\"]\n", escape_tag(value)));
    }
    out.push('\n');

    let mut atoms: Vec<String> = Vec::with_capacity(game.history().len() * 3);
    let preamble = notes_text(sheet.preamble(), speech);
    if !preamble.is_empty() {
        push_comment(&mut atoms, &preamble, None);
    }
    let mut need_number = true;
    for (ply, played) in game.history().iter().enumerate() {
        let note = sheet.notes().get(ply);
        // The move number stays on the line of its move.
        atoms.push(if played.by.is_white() {
            format!("{}. {}", played.number, played.san)
        } else if need_number {
            format!("{}... {}", played.number, played.san)
        } else {
            played.san.to_string()
        });
        let mut text = if played.draw_offer {
            "(=)".to_string()
        } else {
            String::new()
        };
        if let Some(note) = note.filter(|n| !n.comments.is_empty()) {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&notes_text(&note.comments, speech));
        }
        let clock = note.and_then(|n| n.clock_of(played.by));
        need_number = !text.is_empty() || clock.is_some();
        if need_number {
            push_comment(&mut atoms, &text, clock);
        }
    }
    atoms.push(result.to_string());
    wrap(&atoms, &mut out);
    out.push('\n');
    out
}

/// Notes as one comment's text: the language's words, moves in SAN, joined by semicolons.
fn notes_text(notes: &[Note], speech: Speech) -> String {
    let texts: Vec<String> = notes
        .iter()
        .map(|n| n.text(speech, |san| san.to_string()))
        .collect();
    texts.join("; ")
}

/// `YYYY-MM-DD` or `YYYY.MM.DD` as the PGN `YYYY.MM.DD`.
fn pgn_date(date: &str) -> String {
    date.trim().replace('-', ".")
}

fn escape_tag(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// A comment as atoms: its words, then `[%clk …]` in one piece. Braces in the text are
/// replaced, since they would end the comment.
fn push_comment(atoms: &mut Vec<String>, text: &str, clock_ms: Option<u64>) {
    let mut words: Vec<String> = text
        .split_whitespace()
        .map(|w| w.replace('{', "(").replace('}', ")"))
        .collect();
    if let Some(ms) = clock_ms {
        let s = ms / 1000;
        words.push(format!(
            "[%clk {}:{:02}:{:02}]",
            s / 3600,
            s / 60 % 60,
            s % 60
        ));
    }
    if let Some(first) = words.first_mut() {
        first.insert(0, '{');
    }
    if let Some(last) = words.last_mut() {
        last.push('}');
    }
    atoms.extend(words);
}

/// Joins atoms with spaces into lines of at most [`MAX_LINE`] characters.
fn wrap(atoms: &[String], out: &mut String) {
    let mut line_len = 0;
    for atom in atoms {
        let len = atom.chars().count();
        if line_len > 0 && line_len + 1 + len > MAX_LINE {
            out.push('\n');
            line_len = 0;
        }
        if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(atom);
        line_len += len;
    }
}
