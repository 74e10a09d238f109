//! Moves as a scoresheet writes them: the algebraic notation of the FIDE Laws, Appendix C,
//! with the language's piece letters (C.8: "Sf3" in German, "Nf3" in English, "Cf3" in
//! French), castling with zeros (C.13: `0-0`, `0-0-0`), a promotion with the new piece's
//! letter straight after the square (C.11: `e8D`), and `+` / `#` for check and mate.
//! Or, on request, in the words of the Annex D announcement.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingSide, Chess, Move, Role};

use crate::lang::{Lang, role_index};
use crate::notation::{Style, move_tokens};

use super::SheetWords;

/// The move as written in Appendix C notation with `lang`'s piece letters.
pub fn written(san: &SanPlus, lang: Lang) -> String {
    let letter = |role: Role| lang.table().piece_letters[role_index(role)];
    let mut out = String::with_capacity(8);
    match &san.san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            out.push_str(letter(*role));
            if let Some(file) = file {
                out.push(file.char());
            }
            if let Some(rank) = rank {
                out.push(rank.char());
            }
            if *capture {
                out.push('x');
            }
            out.push_str(&to.to_string());
            if let Some(promoted) = promotion {
                out.push_str(letter(*promoted));
            }
        }
        San::Castle(CastlingSide::KingSide) => out.push_str("0-0"),
        San::Castle(CastlingSide::QueenSide) => out.push_str("0-0-0"),
        San::Put { .. } | San::Null => out.push_str(&san.san.to_string()),
    }
    match san.suffix {
        Some(Suffix::Check) => out.push('+'),
        Some(Suffix::Checkmate) => out.push('#'),
        None => {}
    }
    out
}

/// The move `mv`, played in `before` and recorded as `san`, as the sheet writes it.
pub fn sheet_move(
    before: &Chess,
    mv: Move,
    san: &SanPlus,
    lang: Lang,
    words: SheetWords,
) -> String {
    match words {
        SheetWords::Letters => written(san, lang),
        SheetWords::AnnexD => lang.text(&move_tokens(before, mv, Style::Short)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(san: &str, lang: Lang) -> String {
        written(&san.parse().unwrap(), lang)
    }

    #[test]
    fn moves_are_written_with_the_language_letters_as_appendix_c_does() {
        assert_eq!(write("Nf3", Lang::De), "Sf3");
        assert_eq!(write("Nf3", Lang::En), "Nf3");
        assert_eq!(write("Qxd8+", Lang::De), "Dxd8+");
        assert_eq!(write("Rad1", Lang::De), "Tad1");
        assert_eq!(write("N5xf3", Lang::En), "N5xf3");
        assert_eq!(write("exd6", Lang::De), "exd6");
        assert_eq!(write("e8=Q#", Lang::De), "e8D#");
        assert_eq!(write("bxa8=N", Lang::En), "bxa8N");
        assert_eq!(write("O-O", Lang::De), "0-0");
        assert_eq!(write("O-O-O+", Lang::En), "0-0-0+");
        assert_eq!(write("Kxe2", Lang::De), "Kxe2");
        assert_eq!(write("Bb5", Lang::De), "Lb5");
    }
}
