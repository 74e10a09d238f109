//! The `announce` and `parse` plumbing commands: one move in, one line out, for scripts.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

use annexd_core::{Lang, Speech, Style, Word, WordSet, move_tokens, parse_move};

use crate::ui::message::word_message;

/// `annexd announce [--lang de|en|fr] [--words annex-d|local] [--style short|long] FEN MOVE`
#[derive(Debug, Args)]
pub struct AnnounceArgs {
    /// Language of the words: de, en or fr.
    #[arg(long, default_value = "de")]
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

/// `annexd parse [--lang de|en|fr] FEN TEXT`
#[derive(Debug, Args)]
pub struct ParseArgs {
    /// Language of the reason printed when the text names no legal move (the text itself may
    /// be in the Annex D words or any language's own, mixed too, or SAN or UCI).
    #[arg(long, default_value = "de")]
    pub lang: Lang,
    /// The position, in FEN ("startpos" for the initial position).
    pub fen: String,
    /// What was typed or heard (several words may be given unquoted).
    #[arg(required = true, num_args = 1..)]
    pub text: Vec<String>,
}

/// Reads a FEN (or `startpos`) into a legal standard-chess position, or says why not (in
/// English; [`position_or_message`] puts the language's words first).
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

/// The position of a FEN, or the message for the user: "position invalide: bad FEN …".
pub fn position_or_message(fen: &str, lang: Lang) -> Result<Chess, String> {
    position_from_fen(fen).map_err(|detail| word_message(lang, Word::InvalidPosition, detail))
}

/// Prints the announcement of a move; exit 1 with the reason when the move is not legal.
pub fn run_announce(args: &AnnounceArgs) -> ExitCode {
    let speech = Speech::new(args.lang, args.words);
    let pos = match position_or_message(&args.fen, args.lang) {
        Ok(pos) => pos,
        Err(message) => return fail(&message),
    };
    match parse_move(&pos, &args.mv) {
        Ok(m) => {
            println!("{}", speech.text(&move_tokens(&pos, m, args.style)));
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err.message(&pos, speech)),
    }
}

/// Prints the UCI of the one legal move meant; exit 1 with the reason otherwise.
pub fn run_parse(args: &ParseArgs) -> ExitCode {
    let pos = match position_or_message(&args.fen, args.lang) {
        Ok(pos) => pos,
        Err(message) => return fail(&message),
    };
    match parse_move(&pos, &args.text.join(" ")) {
        Ok(m) => {
            println!("{}", m.to_uci(CastlingMode::Standard));
            ExitCode::SUCCESS
        }
        Err(err) => fail(&err.message(&pos, args.lang)),
    }
}

fn fail(message: &str) -> ExitCode {
    // Standard output or error is closed: there is nowhere else to write this.
    let _ = writeln!(std::io::stderr(), "{message}");
    ExitCode::FAILURE
}
