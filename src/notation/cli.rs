//! The `announce` and `parse` plumbing commands: one move in, one line out, for scripts.

use std::process::ExitCode;

use clap::Args;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

use annexd_core::{Lang, ParseError, Speech, Style, Word, WordSet, move_tokens, parse_move};

use crate::error::{Error, out_line};
use crate::help::lang_help_about;

/// `annexd announce [--lang LANG] [--words annex-d|local] [--style short|long] FEN MOVE`
#[derive(Debug, Args)]
pub struct AnnounceArgs {
    /// Language of the words.
    #[arg(long, default_value = "de", help = lang_help_about("Language of the words", ""))]
    pub lang: Lang,
    /// The words of pieces, ranks and castling: annex-d (König … Bauer, eins … acht, in every
    /// language; D.2.1) or local (the language's own, if the arbiter so decides).
    #[arg(long, default_value = "annex-d")]
    pub words: WordSet,
    /// short (like SAN) or long (from square and to square).
    #[arg(long, default_value = "short")]
    pub style: Style,
    /// The position, in FEN ("startpos" for the initial position).
    pub fen: String,
    /// The move, in UCI, SAN or spoken words.
    pub mv: String,
}

/// `annexd parse [--lang LANG] FEN TEXT`
#[derive(Debug, Args)]
pub struct ParseArgs {
    /// Language of the reason printed when the text names no legal move (the text itself may
    /// be in the Annex D words or any language's own, mixed too, or SAN or UCI).
    #[arg(long, default_value = "de", help = lang_help_about(
        "Language of the reason printed when the text names no legal move",
        " (the text itself may be in the Annex D words or any language's own, mixed too, or SAN or UCI)",
    ))]
    pub lang: Lang,
    /// The position, in FEN ("startpos" for the initial position).
    pub fen: String,
    /// What was typed or heard (several words may be given unquoted).
    #[arg(required = true, num_args = 1..)]
    pub text: Vec<String>,
}

/// Reads a FEN (or `startpos`) into a legal standard-chess position, or says why not (in
/// English, for the log; [`position_or_fail`] says it in words).
pub fn position_from_fen(fen: &str) -> Result<Chess, String> {
    if fen.trim().eq_ignore_ascii_case("startpos") {
        return Ok(Chess::default());
    }
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|e| format!("bad FEN '{fen}': {e}"))?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|e| format!("FEN '{fen}' is not a legal position: {e}"))
}

/// The position of a FEN, or the failure for the user: "ungültige Stellung: FEN" (a mistake
/// on the command line, exit status 2).
pub fn position_or_fail(fen: &str, lang: Lang) -> Result<Chess, Error> {
    position_from_fen(fen).map_err(|detail| {
        Error::new(lang, Word::InvalidPosition)
            .shown(fen)
            .logged(detail)
            .usage()
    })
}

/// Why a text names no legal move in `pos`, said in `speech`, with the word that was not
/// understood shown as typed.
pub fn no_move(err: &ParseError, pos: &Chess, speech: impl Into<Speech>) -> Error {
    let error = Error::said(speech, err.tokens(pos));
    match err {
        ParseError::UnknownWord(word) => error.shown(format_args!("\"{word}\"")),
        _ => error,
    }
}

/// Prints the announcement of a move; fails with the reason when the move is not legal.
pub fn run_announce(args: &AnnounceArgs) -> Result<ExitCode, Error> {
    let speech = Speech::new(args.lang, args.words);
    let pos = position_or_fail(&args.fen, args.lang)?;
    let m = parse_move(&pos, &args.mv).map_err(|err| no_move(&err, &pos, speech))?;
    out_line(speech.text(&move_tokens(&pos, m, args.style)));
    Ok(ExitCode::SUCCESS)
}

/// Prints the UCI of the one legal move meant; fails with the reason otherwise.
pub fn run_parse(args: &ParseArgs) -> Result<ExitCode, Error> {
    let pos = position_or_fail(&args.fen, args.lang)?;
    let m = parse_move(&pos, &args.text.join(" ")).map_err(|err| no_move(&err, &pos, args.lang))?;
    out_line(m.to_uci(CastlingMode::Standard));
    Ok(ExitCode::SUCCESS)
}
