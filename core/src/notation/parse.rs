//! Parsing what a person types or a recogniser returns into the one legal move meant.
//!
//! Accepted: the Annex D words and every language's own words (German, English, French), mixed
//! too, in any case, with or without umlauts and accents and with the common spellings
//! (Läufer/Laeufer/Laufer, Cesar/Cäsar/Zäsar/Caesar/César, Hector/Hektor, fünf/fuenf/funf,
//! König/Koenig, échec/echec), short or long form, with or without the optional words
//! (schlägt, prend, Schach, échec, nach, …); also SAN ("Nf3", "exd5", "O-O") and UCI ("g1f3",
//! "e7e8q").
//! The answer is the one legal move meant, or a reason in tokens: not understood, not legal
//! (and why), or ambiguous (with the candidates).

use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{
    CastlingSide, Chess, Color, File, Move, Piece, Position, Rank, Role, Square, attacks,
};

use std::collections::HashMap;
use std::sync::OnceLock;

use super::reason::{Illegal, why_illegal};
use super::render::{Style, move_tokens};
use crate::lang::{FILE_FORMS, FILE_NAMES, Lang, Speech, role_index};
use crate::words::Word;
use crate::words::{Token, square_tokens};

/// Why a text names no single legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing was said.
    Empty,
    /// A word that is not part of move notation (it is kept for the text message).
    UnknownWord(String),
    /// The words do not form a move (e.g. no destination square).
    NotAMove,
    /// No piece of that kind can reach the square.
    NoPieceCanReach {
        /// The piece named.
        role: Role,
        /// The square named.
        to: Square,
    },
    /// The named origin square is empty.
    NoPieceThere(Square),
    /// The named origin square holds the opponent's piece.
    NotYourPiece(Square),
    /// The piece named reaches the square, or one piece of that kind could, but the move is
    /// not legal, for the reason given (the true one: a check only when there is one).
    Illegal {
        /// The piece named.
        role: Role,
        /// A capture was said.
        capture: bool,
        /// The square named.
        to: Square,
        /// Why.
        why: Illegal,
    },
    /// A new piece was named for a move that does not reach the last rank.
    NoPromotionHere,
    /// Castling to that side is not legal now.
    CastlingNotLegal(Option<CastlingSide>),
    /// A pawn reaches the last rank and the new piece was not named (4.6, 7.5.2).
    PromotionPieceMissing,
    /// More than one legal move fits the words.
    Ambiguous(Vec<Move>),
}

impl ParseError {
    /// The reason as tokens, to be spoken or shown. `pos` is the position the text was
    /// parsed in (used to say ambiguous candidates).
    pub fn tokens(&self, pos: &Chess) -> Vec<Token> {
        let mut out = Vec::new();
        match self {
            ParseError::Empty | ParseError::UnknownWord(_) | ParseError::NotAMove => {
                out.push(Token::Word(Word::NotUnderstood))
            }
            ParseError::NoPieceCanReach { role, to } => {
                out.push(Token::Word(if *role == Role::Queen {
                    Word::NoSuchFeminine
                } else {
                    Word::NoSuch
                }));
                out.push(Token::Piece(*role));
                out.push(Token::Word(Word::CanReach));
                out.extend(square_tokens(*to));
            }
            ParseError::NoPieceThere(sq) => {
                out.extend(square_tokens(*sq));
                out.push(Token::Pause);
                out.push(Token::Word(Word::NoPieceThere));
            }
            ParseError::NotYourPiece(sq) => {
                out.extend(square_tokens(*sq));
                out.push(Token::Pause);
                out.push(Token::Word(Word::NotYourPiece));
            }
            ParseError::Illegal {
                role,
                capture,
                to,
                why,
            } => {
                out.push(Token::Piece(*role));
                if *capture {
                    out.push(Token::Captures);
                }
                out.extend(square_tokens(*to));
                out.push(Token::Pause);
                out.extend(why.tokens());
            }
            ParseError::NoPromotionHere => out.push(Token::Word(Word::NoPromotionHere)),
            ParseError::CastlingNotLegal(side) => {
                match side {
                    Some(side) => out.push(Token::Castle(*side)),
                    None => out.push(Token::Word(Word::Castling)),
                }
                out.push(Token::Pause);
                out.push(Token::Word(Word::NotLegal));
                // Why, when the side was named and the king stands where it castles from.
                let us = pos.turn();
                if let (Some(side), Some(king)) = (side, pos.board().king_of(us))
                    && king.rank() == us.backrank()
                {
                    out.push(Token::Pause);
                    out.extend(why_illegal(pos, king, side.king_to(us)).tokens());
                }
            }
            ParseError::PromotionPieceMissing => out.push(Token::Word(Word::PromotionPieceMissing)),
            ParseError::Ambiguous(candidates) => {
                out.push(Token::Word(Word::Ambiguous));
                out.push(Token::Pause);
                for (i, m) in candidates.iter().enumerate() {
                    if i > 0 {
                        out.push(Token::Word(Word::Or));
                    }
                    out.extend(move_tokens(pos, *m, Style::Long));
                }
            }
        }
        out
    }

    /// The reason as one line of text in a language (and word set, or the default one: the
    /// spoken words, plus the unknown word itself where there is one, so the person sees what
    /// was not understood).
    pub fn message(&self, pos: &Chess, speech: impl Into<Speech>) -> String {
        let text = speech.into().text(&self.tokens(pos));
        match self {
            ParseError::UnknownWord(word) => format!("{text}: \"{word}\""),
            _ => text,
        }
    }
}

/// Parses `text` as a move in `pos`.
pub fn parse_move(pos: &Chess, text: &str) -> Result<Move, ParseError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ParseError::Empty);
    }
    if let Some(query) = query_from_computer_notation(trimmed) {
        return resolve(pos, &query);
    }
    let query = query_from_words(trimmed)?;
    resolve(pos, &query)
}

/// A file or rank or both: the origin of a move as far as it was said.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct SquareSpec {
    file: Option<File>,
    rank: Option<Rank>,
}

impl SquareSpec {
    fn full(self) -> Option<Square> {
        Some(Square::from_coords(self.file?, self.rank?))
    }
    fn matches(self, sq: Square) -> bool {
        self.file.is_none_or(|f| f == sq.file()) && self.rank.is_none_or(|r| r == sq.rank())
    }
}

/// What the words say about the move, before looking at the position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct MoveQuery {
    /// `Some(side)` when castling was said; `Some(None)` for castling without a side.
    castle: Option<Option<CastlingSide>>,
    role: Option<Role>,
    from: SquareSpec,
    to: Option<Square>,
    capture: bool,
    en_passant: bool,
    promotion: Option<Role>,
}

/// A move in UCI, in either case (`g1f3`, `E7E8Q`): its origin, its square and its promotion.
fn query_from_uci(text: &str) -> Option<MoveQuery> {
    match text.to_ascii_lowercase().parse::<UciMove>().ok()? {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => Some(MoveQuery {
            from: SquareSpec {
                file: Some(from.file()),
                rank: Some(from.rank()),
            },
            to: Some(to),
            promotion,
            ..MoveQuery::default()
        }),
        _ => None,
    }
}

/// UCI or SAN, as typed: `g1f3`, `e7e8q`, `Nf3`, `exd5`, `O-O`, `0-0-0`, also `nf3`.
fn query_from_computer_notation(text: &str) -> Option<MoveQuery> {
    if text.contains(char::is_whitespace) {
        return None;
    }
    if let Some(query) = query_from_uci(text) {
        return Some(query);
    }
    let stripped = text.trim_end_matches(['+', '#', '!', '?']);
    let cleaned: String = if stripped.chars().all(|c| matches!(c, 'O' | 'o' | '0' | '-')) {
        stripped.replace(['0', 'o'], "O")
    } else {
        // "Ng1-f3": the long algebraic dash is not part of SAN.
        stripped.replace('-', "")
    };
    // "g1-f3", long algebraic without its piece: from and to, as in UCI (read as SAN,
    // "g1f3" would be a pawn's move from the g-file).
    if cleaned != stripped
        && let Some(query) = query_from_uci(&cleaned)
    {
        return Some(query);
    }
    let mut attempts = vec![cleaned.clone()];
    // People type piece letters in lower case ("nf3"); "b" stays a file (bxc4).
    if let Some(first) = cleaned.chars().next()
        && "nrqk".contains(first)
    {
        attempts.push(first.to_ascii_uppercase().to_string() + &cleaned[1..]);
    }
    // Each language's own piece letters in SAN ("Sf3", "Lxb5", "e8=D" in German; "Cf3",
    // "Fb5" in French), read after the English ones, which they never replace.
    let english: String = cleaned
        .chars()
        .map(|c| match own_piece_letter(c) {
            Some(role) if !"KQRBNO".contains(c) => role.upper_char(),
            _ => c,
        })
        .collect();
    if english != cleaned {
        attempts.push(english);
    }
    for attempt in attempts {
        let Ok(san) = San::from_ascii(attempt.as_bytes()) else {
            continue;
        };
        return match san {
            San::Castle(side) => Some(MoveQuery {
                castle: Some(Some(side)),
                ..MoveQuery::default()
            }),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => Some(MoveQuery {
                role: Some(role),
                from: SquareSpec { file, rank },
                to: Some(to),
                capture,
                promotion,
                ..MoveQuery::default()
            }),
            San::Put { .. } | San::Null => None,
        };
    }
    None
}

/// One word of spoken notation, after spelling variants are folded together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lexeme {
    Piece(Role),
    File(File),
    Rank(Rank),
    Square(Square),
    CastleSide(CastlingSide),
    Castling,
    Captures,
    EnPassant,
    /// Words that may stand in a move without changing it: nach, auf, Schach, matt, wird, …
    Filler,
}

/// Lower case, umlauts, accents and their two-letter spellings folded, so that "Läufer",
/// "Laeufer" and "Laufer" (or "Cäsar", "Caesar", "César", "Casar"; "où" and "ou"; "échec" and
/// "echec") meet.
pub fn fold(word: &str) -> String {
    let lower = word.to_lowercase();
    let mut out = String::with_capacity(lower.len());
    for c in lower.chars() {
        match c {
            'ä' | 'à' | 'á' | 'â' => out.push('a'),
            'ö' | 'ò' | 'ó' | 'ô' => out.push('o'),
            'ü' | 'ù' | 'ú' | 'û' => out.push('u'),
            'é' | 'è' | 'ê' | 'ë' => out.push('e'),
            'ì' | 'í' | 'î' | 'ï' => out.push('i'),
            'ç' => out.push('c'),
            'ÿ' => out.push('y'),
            'œ' => out.push_str("oe"),
            'æ' => out.push_str("ae"),
            'ß' => out.push_str("ss"),
            '’' => out.push('\''),
            c => out.push(c),
        }
    }
    out.replace("ae", "a").replace("oe", "o").replace("ue", "u")
}

/// Words of move notation that are the same in every language: digits, symbols and the
/// parts of "en passant".
const COMMON: &[(&str, Lexeme)] = &[
    ("1", Lexeme::Rank(Rank::First)),
    ("2", Lexeme::Rank(Rank::Second)),
    ("3", Lexeme::Rank(Rank::Third)),
    ("4", Lexeme::Rank(Rank::Fourth)),
    ("5", Lexeme::Rank(Rank::Fifth)),
    ("6", Lexeme::Rank(Rank::Sixth)),
    ("7", Lexeme::Rank(Rank::Seventh)),
    ("8", Lexeme::Rank(Rank::Eighth)),
    ("x", Lexeme::Captures),
    (":", Lexeme::Captures),
    ("passant", Lexeme::EnPassant),
    ("ep", Lexeme::EnPassant),
    ("e.p.", Lexeme::EnPassant),
    ("en", Lexeme::Filler),
    ("+", Lexeme::Filler),
    ("#", Lexeme::Filler),
    ("=", Lexeme::Filler),
];

/// The words of spoken notation of every language and what they mean, folded like the input:
/// a move may be said in the Annex D words, in any language's own words, or mixed. Where two
/// languages give a word different meanings, the earlier kind wins (files, ranks, pieces,
/// castling, captures, fillers), then the earlier language.
fn vocabulary() -> HashMap<String, Lexeme> {
    let mut table = HashMap::new();
    let mut add = |word: &str, lexeme: Lexeme| {
        table.entry(fold(word)).or_insert(lexeme);
    };
    for file in File::ALL {
        add(FILE_NAMES[file as usize], Lexeme::File(file));
        for form in FILE_FORMS[file as usize] {
            add(form, Lexeme::File(file));
        }
    }
    let tables = || Lang::ALL.into_iter().map(Lang::table);
    for t in tables() {
        for rank in Rank::ALL {
            add(t.ranks[rank as usize], Lexeme::Rank(rank));
        }
        for &(form, rank) in t.rank_forms {
            add(form, Lexeme::Rank(Rank::new(u32::from(rank) - 1)));
        }
    }
    for &(word, lexeme) in COMMON {
        add(word, lexeme);
    }
    for t in tables() {
        for role in Role::ALL {
            add(t.pieces[role_index(role)], Lexeme::Piece(role));
            for form in t.piece_forms[role_index(role)] {
                add(form, Lexeme::Piece(role));
            }
        }
    }
    for t in tables() {
        for (side, forms) in [CastlingSide::KingSide, CastlingSide::QueenSide]
            .into_iter()
            .zip(t.castle_sides)
        {
            for form in forms {
                add(form, Lexeme::CastleSide(side));
            }
        }
        for word in t.castling {
            add(word, Lexeme::Castling);
        }
        for word in t.captures {
            add(word, Lexeme::Captures);
        }
    }
    for t in tables() {
        for word in t.move_fillers {
            add(word, Lexeme::Filler);
        }
    }
    table
}

/// The piece an upper-case letter names in some language's SAN (the tables' `piece_letters`,
/// in the order of [`Lang::ALL`]).
fn own_piece_letter(letter: char) -> Option<Role> {
    Lang::ALL.into_iter().find_map(|lang| {
        Role::ALL.into_iter().find(|&role| {
            lang.table().piece_letters[role_index(role)]
                .chars()
                .eq(std::iter::once(letter))
        })
    })
}

/// The lexeme of one folded word, if it is one: a word of the [`vocabulary`], a square
/// ("f3") or a file letter ("f").
fn lexeme(folded: &str) -> Option<Lexeme> {
    static TABLE: OnceLock<HashMap<String, Lexeme>> = OnceLock::new();
    let table = TABLE.get_or_init(vocabulary);
    if let Some(lexeme) = table.get(folded) {
        return Some(*lexeme);
    }
    let bytes = folded.as_bytes();
    if bytes.len() == 2 && (b'a'..=b'h').contains(&bytes[0]) && (b'1'..=b'8').contains(&bytes[1]) {
        return folded.parse().ok().map(Lexeme::Square);
    }
    if bytes.len() == 1 && (b'a'..=b'h').contains(&bytes[0]) {
        return Some(Lexeme::File(File::new(u32::from(bytes[0] - b'a'))));
    }
    None
}

/// Reads a piece named alone (the answer to "welche Figur?"): "Dame", "queen", "Springer",
/// or a letter of SAN ("Q", "n", "b").
pub fn parse_piece(text: &str) -> Option<Role> {
    let folded = fold(text.trim());
    if let Some(Lexeme::Piece(role)) = lexeme(&folded) {
        return Some(role);
    }
    let mut chars = folded.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Role::from_char(c),
        _ => None,
    }
}

/// Reads a file named by one folded word: "eva" (an Annex D name) or "e".
pub fn parse_file(folded: &str) -> Option<File> {
    match lexeme(folded)? {
        Lexeme::File(file) => Some(file),
        _ => None,
    }
}

/// Reads a square said or typed alone: "Felix drei", "f 3", "f3", "Cäsar fünf".
pub fn parse_square(text: &str) -> Option<Square> {
    let lexemes: Vec<Lexeme> = words_of(text)
        .iter()
        .map(|w| lexeme(w))
        .collect::<Option<_>>()?;
    match lexemes.as_slice() {
        [Lexeme::Square(sq)] => Some(*sq),
        [Lexeme::File(file), Lexeme::Rank(rank)] => Some(Square::from_coords(*file, *rank)),
        _ => None,
    }
}

/// Whether a line's first word but a move's fillers ("der", "the") is a word of a move (a
/// piece, a file, a square …).
pub(crate) fn begins_as_move(text: &str) -> bool {
    words_of(text)
        .iter()
        .map(|word| lexeme(word))
        .find(|lexeme| *lexeme != Some(Lexeme::Filler))
        .is_some_and(|lexeme| lexeme.is_some())
}

/// The word a line was not understood for, folded. A line that begins as a move ("Bauer Eva
/// neun") names the word the move's reading stopped at; any other names its first word that
/// is no word of a move and none `known` besides (the commands' words).
pub(crate) fn word_not_understood(
    text: &str,
    stopped_at: &str,
    known: impl Fn(&str) -> bool,
) -> Option<String> {
    if begins_as_move(text) {
        return Some(stopped_at.to_string());
    }
    words_of(text)
        .into_iter()
        .find(|word| lexeme(word).is_none() && !known(word))
}

/// Splits a sentence into folded words; punctuation separates words.
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '.' | '!' | '?' | '-'))
        .filter(|w| !w.is_empty())
        .map(fold)
        .collect()
}

fn query_from_words(text: &str) -> Result<MoveQuery, ParseError> {
    let mut lexemes = Vec::new();
    for word in words_of(text) {
        match lexeme(&word) {
            Some(lexeme) => lexemes.push(lexeme),
            None => return Err(ParseError::UnknownWord(word)),
        }
    }
    query_from_lexemes(&lexemes)
}

fn query_from_lexemes(lexemes: &[Lexeme]) -> Result<MoveQuery, ParseError> {
    let mut query = MoveQuery::default();
    let castle_side = lexemes.iter().find_map(|l| match l {
        Lexeme::CastleSide(side) => Some(*side),
        _ => None,
    });
    if lexemes.contains(&Lexeme::Castling) {
        query.castle = Some(castle_side);
        return Ok(query);
    }
    if castle_side.is_some() {
        return Err(ParseError::NotAMove);
    }
    let mut specs: Vec<SquareSpec> = Vec::new();
    let mut pending: Option<SquareSpec> = None;
    let mut pieces_before = Vec::new();
    let mut pieces_after = Vec::new();
    for lexeme in lexemes {
        match *lexeme {
            Lexeme::File(file) => {
                if let Some(done) = pending.take() {
                    specs.push(done);
                }
                pending = Some(SquareSpec {
                    file: Some(file),
                    rank: None,
                });
            }
            Lexeme::Rank(rank) => match pending.take() {
                Some(SquareSpec { file, rank: None }) => specs.push(SquareSpec {
                    file,
                    rank: Some(rank),
                }),
                other => {
                    specs.extend(other);
                    specs.push(SquareSpec {
                        file: None,
                        rank: Some(rank),
                    });
                }
            },
            Lexeme::Square(sq) => {
                specs.extend(pending.take());
                specs.push(SquareSpec {
                    file: Some(sq.file()),
                    rank: Some(sq.rank()),
                });
            }
            Lexeme::Piece(role) => {
                specs.extend(pending.take());
                if specs.is_empty() {
                    pieces_before.push(role);
                } else {
                    pieces_after.push(role);
                }
            }
            Lexeme::Captures => query.capture = true,
            Lexeme::EnPassant => query.en_passant = true,
            Lexeme::Filler => {}
            Lexeme::CastleSide(_) | Lexeme::Castling => unreachable!("handled above"),
        }
    }
    specs.extend(pending.take());
    if pieces_before.len() > 1 || pieces_after.len() > 1 || specs.is_empty() || specs.len() > 2 {
        return Err(ParseError::NotAMove);
    }
    query.role = pieces_before.first().copied();
    query.promotion = pieces_after.first().copied();
    query.to = Some(
        specs
            .last()
            .and_then(|s| s.full())
            .ok_or(ParseError::NotAMove)?,
    );
    if specs.len() == 2 {
        query.from = specs[0];
    }
    // "Bauer" said as the mover is the same as saying no piece.
    Ok(query)
}

/// The square the king lands on for a castling move, where a person would name it.
fn spoken_destination(m: &Move) -> Square {
    match m {
        Move::Castle { king, rook } => {
            let side = if rook.file() > king.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            Square::from_coords(side.king_to_file(), king.rank())
        }
        _ => m.to(),
    }
}

fn resolve(pos: &Chess, query: &MoveQuery) -> Result<Move, ParseError> {
    let legal = pos.legal_moves();
    if let Some(side) = query.castle {
        let castles: Vec<Move> = legal
            .iter()
            .filter(|m| {
                m.castling_side().is_some() && side.is_none_or(|s| m.castling_side() == Some(s))
            })
            .copied()
            .collect();
        return match castles.as_slice() {
            [m] => Ok(*m),
            [] => Err(ParseError::CastlingNotLegal(side)),
            _ => Err(ParseError::Ambiguous(castles)),
        };
    }
    let to = query.to.ok_or(ParseError::NotAMove)?;
    let from_square = query.from.full();
    // Without a piece name the mover is a pawn (as in SAN), unless the origin square is
    // named in full ("Gustav eins Felix drei", "g1f3").
    let role = match (query.role, from_square) {
        (Some(role), _) => Some(role),
        (None, Some(_)) => None,
        (None, None) => Some(Role::Pawn),
    };
    let fits = |m: &Move| {
        spoken_destination(m) == to
            && role.is_none_or(|r| m.role() == r)
            && m.from().is_some_and(|from| query.from.matches(from))
            && (!query.capture || m.is_capture())
            && (!query.en_passant || m.is_en_passant())
            && (query.promotion.is_none() || m.promotion() == query.promotion)
    };
    let mut candidates: Vec<Move> = legal.iter().filter(|m| fits(m)).copied().collect();
    // "König Gustav eins" names castling only when no plain king move goes there too
    // (in Chess960 both can exist); castling is then said as such.
    if candidates.len() > 1 && candidates.iter().any(|m| m.castling_side().is_none()) {
        candidates.retain(|m| m.castling_side().is_none());
    }
    match candidates.as_slice() {
        [m] => Ok(*m),
        [] => Err(why_not(pos, query, role, to)),
        many if many.iter().all(|m| m.promotion().is_some())
            && many.iter().all(|m| m.from() == many[0].from()) =>
        {
            Err(ParseError::PromotionPieceMissing)
        }
        many => Err(ParseError::Ambiguous(many.to_vec())),
    }
}

/// Explains why no legal move fits the query: the true reason, never a check that is not
/// there (a capture said where there is nothing to capture is that, not a check).
fn why_not(pos: &Chess, query: &MoveQuery, role: Option<Role>, to: Square) -> ParseError {
    let board = pos.board();
    let us = pos.turn();
    if let Some(from) = query.from.full() {
        match board.piece_at(from) {
            None => return ParseError::NoPieceThere(from),
            Some(piece) if piece.color != us => return ParseError::NotYourPiece(from),
            Some(_) => {}
        }
    }
    let role = role
        .or_else(|| query.from.full().and_then(|sq| board.role_at(sq)))
        .unwrap_or(Role::Pawn);
    let piece = Piece { color: us, role };
    let movers: Vec<Square> = board
        .by_piece(piece)
        .into_iter()
        .filter(|&from| query.from.matches(from))
        .collect();
    let illegal = |why| ParseError::Illegal {
        role,
        capture: query.capture,
        to,
        why,
    };
    let reaching: Vec<Square> = movers
        .iter()
        .copied()
        .filter(|&from| could_reach_ignoring_check(pos, piece, from, to))
        .collect();
    if reaching.is_empty() {
        if board.by_color(us).contains(to) && !movers.is_empty() {
            return illegal(Illegal::OwnPieceThere);
        }
        return match movers.as_slice() {
            // One piece of that kind: why it cannot go there.
            [from] => illegal(why_illegal(pos, *from, to)),
            _ => ParseError::NoPieceCanReach { role, to },
        };
    }
    let ep = pos.ep_square(shakmaty::EnPassantMode::Legal) == Some(to) && role == Role::Pawn;
    let victim = board.by_color(!us).contains(to) || ep;
    if (query.capture && !victim) || (query.en_passant && !ep) {
        return illegal(Illegal::NothingToCapture);
    }
    let last_rank = to.rank() == us.fold_wb(Rank::Eighth, Rank::First);
    if query.promotion.is_some() && !(role == Role::Pawn && last_rank) {
        return ParseError::NoPromotionHere;
    }
    // The piece reaches the square and nothing said is wrong: the king's safety forbids it.
    illegal(Illegal::LeavesKingInCheck)
}

/// Whether `piece` on `from` could move to `to` if the own king's safety were not a rule.
fn could_reach_ignoring_check(pos: &Chess, piece: Piece, from: Square, to: Square) -> bool {
    let board = pos.board();
    if board.by_color(piece.color).contains(to) {
        return false;
    }
    let occupied = board.occupied();
    if piece.role != Role::Pawn {
        return attacks::attacks(from, piece, occupied).contains(to);
    }
    let forward: i32 = if piece.color == Color::White { 1 } else { -1 };
    let rank_step = to.rank() as i32 - from.rank() as i32;
    if from.file() == to.file() {
        let start_rank = if piece.color == Color::White {
            Rank::Second
        } else {
            Rank::Seventh
        };
        let one = rank_step == forward && !occupied.contains(to);
        let two = rank_step == 2 * forward
            && from.rank() == start_rank
            && !occupied.contains(to)
            && !(attacks::between(from, to) & occupied).any();
        return one || two;
    }
    attacks::pawn_attacks(piece.color, from).contains(to)
        && (board.by_color(!piece.color).contains(to)
            || pos.ep_square(shakmaty::EnPassantMode::Legal) == Some(to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }
    fn uci(pos: &Chess, text: &str) -> Result<String, ParseError> {
        parse_move(pos, text).map(|m| m.to_uci(CastlingMode::Standard).to_string())
    }

    #[test]
    fn each_languages_own_piece_letters_are_read_in_typed_san() {
        let start = Chess::default();
        // German: S(pringer), L(äufer), T(urm), D(ame); French: C(avalier), F(ou), T(our),
        // D(ame). A letter that is English SAN keeps its English meaning (R is a rook).
        assert_eq!(uci(&start, "Sf3"), Ok("g1f3".into()));
        assert_eq!(uci(&start, "Sg1-f3"), Ok("g1f3".into()));
        assert_eq!(uci(&start, "Cf3"), Ok("g1f3".into()));
        let open = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        assert_eq!(uci(&open, "Lb5"), Ok("f1b5".into()));
        assert_eq!(uci(&open, "Fb5"), Ok("f1b5".into()));
        assert_eq!(uci(&open, "Lb5+"), Ok("f1b5".into()));
        let promote = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert_eq!(uci(&promote, "e8=D"), Ok("e7e8q".into()));
        assert_eq!(uci(&promote, "e8=T"), Ok("e7e8r".into()));
        assert_eq!(uci(&promote, "e8=S"), Ok("e7e8n".into()));
        let rook = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(uci(&rook, "Ra4"), Ok("a1a4".into()));
        assert_eq!(uci(&rook, "Ta4"), Ok("a1a4".into()));
    }

    #[test]
    fn spelling_variants_meet() {
        let start = Chess::default();
        for text in [
            "Springer Felix drei",
            "springer felix drei",
            "Springer Gustav eins Felix drei",
            "Springer Gustav eins nach Felix drei",
            "knight Felix three",
            "Nf3",
            "nf3",
            "g1f3",
            "Ng1-f3",
            // Long algebraic without the piece, and with the article and verbs people type.
            "g1-f3",
            "G1-F3",
            "der Springer nach Felix drei",
            "der Springer geht nach f3",
            "the knight goes to f3",
            "le cavalier en f3",
            "le cavalier va en Felix trois",
            "Springer f3",
            "Springer Felix 3",
        ] {
            assert_eq!(uci(&start, text).as_deref(), Ok("g1f3"), "{text}");
        }
        for text in [
            "Eva vier",
            "eva 4",
            "Bauer Eva vier",
            "Eva zwei Eva vier",
            "e4",
            "e2e4",
            "e2-e4",
            "le pion en e4",
            "pawn e four",
        ] {
            assert_eq!(uci(&start, text).as_deref(), Ok("e2e4"), "{text}");
        }
        let open = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        for text in [
            "Läufer Cäsar vier",
            "Laeufer Caesar vier",
            "Laufer Zäsar vier",
            "Läufer Cesar vier",
            "bishop Cesar four",
        ] {
            assert_eq!(uci(&open, text).as_deref(), Ok("f1c4"), "{text}");
        }
        for text in [
            "Dame Hektor fünf",
            "Dame Hector fuenf",
            "Dame Hector funf",
            "Qh5",
        ] {
            assert_eq!(uci(&open, text).as_deref(), Ok("d1h5"), "{text}");
        }
        assert_eq!(uci(&open, "b1-c3").as_deref(), Ok("b1c3"));
        assert_eq!(uci(&open, "Koenig Eva zwei").as_deref(), Ok("e1e2"));
        assert_eq!(uci(&open, "König Eva zwei").as_deref(), Ok("e1e2"));
        // French, the language's own words, the Annex D words, or both mixed.
        for text in [
            "Cavalier Félix trois",
            "cavalier felix trois",
            "Cavalier de Gustav un en Felix trois",
            "Springer Felix trois",
            "Cavalier Felix drei",
        ] {
            assert_eq!(uci(&start, text).as_deref(), Ok("g1f3"), "{text}");
        }
        for text in ["Fou César quatre", "Läufer Cesar quatre", "fou cesar 4"] {
            assert_eq!(uci(&open, text).as_deref(), Ok("f1c4"), "{text}");
        }
        assert_eq!(uci(&open, "Roi Éva deux").as_deref(), Ok("e1e2"));
    }

    #[test]
    fn castling_captures_promotion_and_en_passant() {
        let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(uci(&castle, "petit roque").as_deref(), Ok("e1g1"));
        assert_eq!(uci(&castle, "grand roque").as_deref(), Ok("e1c1"));
        assert_eq!(uci(&castle, "Lange Rochade").as_deref(), Ok("e1c1"));
        assert_eq!(uci(&castle, "Kurze Rochade").as_deref(), Ok("e1g1"));
        assert_eq!(uci(&castle, "lange rochade").as_deref(), Ok("e1c1"));
        assert_eq!(uci(&castle, "O-O").as_deref(), Ok("e1g1"));
        assert_eq!(uci(&castle, "0-0-0").as_deref(), Ok("e1c1"));
        assert_eq!(uci(&castle, "König Gustav eins").as_deref(), Ok("e1g1"));
        assert_eq!(uci(&castle, "e1g1").as_deref(), Ok("e1g1"));
        assert!(matches!(
            parse_move(&castle, "Rochade"),
            Err(ParseError::Ambiguous(_))
        ));
        let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        assert_eq!(
            uci(&ep, "Eva schlägt David sechs en passant").as_deref(),
            Ok("e5d6")
        );
        assert_eq!(uci(&ep, "Eva schlaegt David sechs").as_deref(), Ok("e5d6"));
        assert_eq!(
            uci(&ep, "Eva prend David six en passant").as_deref(),
            Ok("e5d6")
        );
        let promo = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert_eq!(uci(&promo, "Eva acht Dame").as_deref(), Ok("e7e8q"));
        assert_eq!(
            uci(&promo, "Eva acht wird Springer").as_deref(),
            Ok("e7e8n")
        );
        assert_eq!(uci(&promo, "Eva huit Dame").as_deref(), Ok("e7e8q"));
        assert_eq!(uci(&promo, "Eva huit devient Tour").as_deref(), Ok("e7e8r"));
        assert_eq!(uci(&promo, "e7e8r").as_deref(), Ok("e7e8r"));
        assert_eq!(
            parse_move(&promo, "Eva acht"),
            Err(ParseError::PromotionPieceMissing)
        );
    }

    #[test]
    fn reasons_are_said_in_words() {
        let start = Chess::default();
        let err = parse_move(&start, "Springer Felix vier").unwrap_err();
        assert_eq!(
            err.message(&start, Lang::De),
            "kein Springer erreicht Felix vier"
        );
        let local = |lang| Speech::new(lang, crate::lang::WordSet::Local);
        assert_eq!(
            err.message(&start, local(Lang::En)),
            "no knight reaches Felix four"
        );
        assert_eq!(
            err.message(&start, Lang::En),
            "no Springer reaches Felix vier"
        );
        assert_eq!(
            err.message(&start, local(Lang::Fr)),
            "aucun Cavalier n'atteint Felix quatre"
        );
        assert_eq!(
            err.message(&start, Lang::Fr),
            "aucun Springer n'atteint Felix vier"
        );
        // No queen at all (one queen would be told why it cannot go there).
        let kings = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let err = parse_move(&kings, "Dame David drei").unwrap_err();
        assert_eq!(
            err.message(&kings, Lang::De),
            "keine Dame erreicht David drei"
        );
        assert_eq!(
            err.message(&kings, local(Lang::Fr)),
            "aucune Dame n'atteint David trois"
        );
        let err = parse_move(&start, "Tour Anna trois").unwrap_err();
        assert_eq!(
            err.message(&start, local(Lang::Fr)),
            "aucune Tour n'atteint Anna trois"
        );
        assert_eq!(
            err.message(&start, Lang::Fr),
            "aucun Turm n'atteint Anna drei"
        );
        let err = parse_move(&start, "Springer Blabla drei").unwrap_err();
        assert_eq!(
            err.message(&start, Lang::De),
            "nicht verstanden: \"blabla\""
        );
        let err = parse_move(&start, "Eva drei Eva vier").unwrap_err();
        assert_eq!(
            err.message(&start, Lang::De),
            "Eva drei, dort steht keine Figur"
        );
        let err = parse_move(&start, "e7e5").unwrap_err();
        assert_eq!(
            err.message(&start, Lang::De),
            "Eva sieben, nicht die eigene Figur"
        );
        assert_eq!(parse_move(&start, "  "), Err(ParseError::Empty));
        // A pinned knight: the move exists on the board but leaves the king in check.
        let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        let err = parse_move(&pinned, "Springer Cesar drei").unwrap_err();
        assert_eq!(
            err.message(&pinned, Lang::De),
            "Springer Cesar drei, der König stünde im Schach"
        );
        let castle = pos("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
        let err = parse_move(&castle, "Lange Rochade").unwrap_err();
        assert_eq!(
            err.message(&castle, Lang::De),
            "Lange Rochade, kein regelgerechter Zug, König oder Turm hat schon gezogen"
        );
    }

    /// Issue 22, item 2: "Springer schlägt Felix drei" with f3 empty was refused with "der
    /// König stünde im Schach". Nothing is in check: there is nothing to capture.
    #[test]
    fn a_refusal_gives_the_true_reason_never_a_check_that_is_not_there() {
        let start = Chess::default();
        let said =
            |text: &str, lang: Lang| parse_move(&start, text).unwrap_err().message(&start, lang);
        assert_eq!(
            said("Springer schlägt Felix drei", Lang::De),
            "Springer schlägt Felix drei, dort ist nichts zu schlagen"
        );
        assert_eq!(
            said("knight takes Felix three", Lang::En),
            "Springer takes Felix drei, there is nothing to capture there"
        );
        assert_eq!(
            said("Cavalier prend Félix trois", Lang::Fr),
            "Springer prend Felix drei, il n'y a rien à prendre"
        );
        assert_eq!(
            said("Nxf3", Lang::De),
            said("Springer schlägt Felix drei", Lang::De)
        );
        // 3.5: the rook may not move over its own pawn.
        assert_eq!(
            said("Turm Anna eins Anna drei", Lang::De),
            "Turm Anna drei, der Weg ist versperrt"
        );
        assert_eq!(
            said("Dame David drei", Lang::De),
            "Dame David drei, der Weg ist versperrt"
        );
        assert_eq!(
            said("Springer Eva zwei", Lang::De),
            "Springer Eva zwei, dort steht eine Figur der gleichen Farbe"
        );
        assert_eq!(
            said("Eva vier Dame", Lang::De),
            "hier gibt es keine Umwandlung"
        );
        // A check that is there is named: the king would stand in check.
        let checked = pos("4k3/8/8/8/4r3/8/3P4/4K3 w - - 0 1");
        let err = parse_move(&checked, "David drei").unwrap_err();
        assert_eq!(
            err.message(&checked, Lang::De),
            "Bauer David drei, der König stünde im Schach"
        );
        // Castling out of check (3.8.2.2).
        let castle = pos("4k3/8/8/8/4r3/8/8/4K2R w K - 0 1");
        let err = parse_move(&castle, "Kurze Rochade").unwrap_err();
        assert_eq!(
            err.message(&castle, Lang::De),
            "Kurze Rochade, kein regelgerechter Zug, der König steht im Schach"
        );
    }

    #[test]
    fn ambiguous_moves_list_the_candidates() {
        let two_knights = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        let err = parse_move(&two_knights, "Springer David zwei").unwrap_err();
        assert_eq!(
            err.message(&two_knights, Lang::De),
            "mehrdeutig, Springer Bella eins David zwei oder Springer Felix eins David zwei"
        );
        assert_eq!(
            uci(&two_knights, "Springer Bella David zwei").as_deref(),
            Ok("b1d2")
        );
    }
}
