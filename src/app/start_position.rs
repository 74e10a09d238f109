//! Where a game starts: `--fen`, or the position at the end of a PGN game's main line
//! (`--pgn FILE`, to practise an opening or an ending from a game): its `[FEN]` tag, if any,
//! then its moves in SAN, leaving out move numbers, comments, variations, NAGs and the result.
//! A file that cannot be read or a move that is not legal is said in words.

use std::path::Path;

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

use annexd_core::{Lang, Word};

use crate::error::Error;

/// The FEN of the position at the end of the first game in the PGN file at `path`.
pub(crate) fn fen_after_pgn(path: &Path, lang: Lang) -> Result<String, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|err| Error::io(lang, Word::InvalidPosition, path, &err))?;
    let invalid = |detail: String| {
        Error::new(lang, Word::InvalidPosition)
            .shown(path.display())
            .logged(detail)
            .usage()
    };
    let position = position_after(&text).map_err(invalid)?;
    Ok(Fen::from_position(&position, EnPassantMode::Legal).to_string())
}

/// The position at the end of the first game's main line in `pgn`.
fn position_after(pgn: &str) -> Result<Chess, String> {
    let mut position = Chess::default();
    let mut moves = String::new();
    let mut in_moves = false;
    for line in pgn.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves {
                break; // the next game's tags
            }
            if let Some(fen) = tag
                .strip_prefix("FEN \"")
                .and_then(|rest| rest.strip_suffix("\"]"))
            {
                position = fen
                    .parse::<Fen>()
                    .map_err(|e| format!("[FEN \"{fen}\"]: {e}"))?
                    .into_position(CastlingMode::Standard)
                    .map_err(|e| format!("[FEN \"{fen}\"]: {e}"))?;
            }
            continue;
        }
        if !line.is_empty() {
            in_moves = true;
            moves.push_str(line);
            moves.push(' ');
        }
    }
    for token in main_line(&moves) {
        let san: San = token
            .parse()
            .map_err(|_| format!("'{token}' is not a move in SAN"))?;
        let m = san.to_move(&position).map_err(|_| {
            format!(
                "'{token}' is not legal in {}",
                Fen::from_position(&position, EnPassantMode::Legal)
            )
        })?;
        position.play_unchecked(m);
    }
    Ok(position)
}

/// The move tokens of the main line: no comments (`{…}`, `;…`), variations (`(…)`), NAGs
/// (`$1`, `!?`), move numbers or results.
fn main_line(moves: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut depth = 0u32;
    let mut comment = false;
    let mut word = String::new();
    let flush = |word: &mut String, tokens: &mut Vec<String>| {
        let w = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let w = w.trim_end_matches(['!', '?']);
        let result = matches!(w, "1-0" | "0-1" | "1/2-1/2" | "*");
        if !w.is_empty() && !w.starts_with('$') && !result {
            tokens.push(w.to_string());
        }
        word.clear();
    };
    for c in moves.chars() {
        match c {
            '{' => comment = true,
            '}' => comment = false,
            _ if comment => {}
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            c if c.is_whitespace() => flush(&mut word, &mut tokens),
            c => word.push(c),
        }
    }
    flush(&mut word, &mut tokens);
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_line_is_played_and_the_rest_left_out() {
        let pgn = "[Event \"x\"]\n[White \"a\"]\n\n1. e4 {best by test} e5 2. Nf3 (2. f4 exf4) Nc6!? $1\n3. Bb5 a6 *\n\n[Event \"next\"]\n\n1. d4 *\n";
        let position = position_after(pgn).unwrap();
        assert_eq!(
            Fen::from_position(&position, EnPassantMode::Legal).to_string(),
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
        );
        let ending = "[FEN \"8/8/4k3/8/8/4K3/4P3/8 w - - 0 1\"]\n\n1. Kd3 Kd5 *\n";
        let position = position_after(ending).unwrap();
        assert_eq!(position.fullmoves().get(), 2);
        assert!(position_after("1. e5 *").unwrap_err().contains("not legal"));
    }
}
