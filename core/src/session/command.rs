//! Commands a person types or says besides moves, in German and English words.
//!
//! A line is a command when it starts with one of the command words below; anything else is
//! read as a move. The same [`Command`] values come from the keyboard, the board's keys and
//! the speech recogniser.

use shakmaty::{Color, Role, Square};

use crate::notation::parse::{fold, parse_square};

/// What a person can ask for or do besides making a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Whose move it is and the move number.
    WhoseMove,
    /// The last `n` moves (1 when no number is given).
    LastMoves(usize),
    /// The whole position, piece by piece.
    Position,
    /// What stands on a square.
    Square(Square),
    /// Where the pieces of a kind stand (of one side, or both).
    WhereAre(Role, Option<Color>),
    /// Both clocks and the move count (D.2.6.1, D.2.10.4).
    Time,
    /// The time each player has used, and the move count (D.2.10.4).
    TimeUsed,
    /// The number of moves completed.
    MoveCount,
    /// Say the last announcement again.
    Repeat,
    /// Take back the move just made and not yet completed (a slip, D.2.8).
    TakeBack,
    /// Press the clock: completes the move just made (6.2, D.2.4).
    PressClock,
    /// Offer a draw (9.1).
    OfferDraw,
    /// Accept the draw offered.
    AcceptDraw,
    /// Decline the draw offered.
    DeclineDraw,
    /// Claim a draw (9.2, 9.3), with the intended move if one is given.
    ClaimDraw(Option<String>),
    /// Resign: the side named, or else the one who speaks (the side to move in line mode).
    Resign(Option<Color>),
    /// Yes, to a question.
    Yes,
    /// No, to a question.
    No,
    /// The list of commands.
    Help,
    /// The position in FEN, for a sighted helper or the arbiter.
    Fen,
    /// What the arbiter does (6.11, 6.10.2, 7.5.3).
    Arbiter(ArbiterAction),
    /// Leave the program (the game stays in its journal and can be resumed).
    Quit,
}

/// The arbiter's actions, typed after "Schiedsrichter" / "arbiter".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArbiterAction {
    /// Stop the clocks (6.11.1).
    Pause,
    /// Start them again.
    Resume,
    /// Add (or, negative, take) seconds to one side's clock (6.10.2).
    AddTime(Color, i64),
    /// A completed illegal move (7.5): by this side, or the side that moved last.
    IllegalMove(Option<Color>),
    /// Go back this many half-moves, to a position of the game score (D.2.9, when the
    /// boards cannot be reconciled otherwise).
    Back(usize),
}

/// Reads a typed or heard line as a command; `None` means it is not one (try it as a move).
pub fn parse_command(line: &str) -> Option<Command> {
    let words: Vec<String> = line
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | '!' | ';'))
        .filter(|w| !w.is_empty())
        .map(fold)
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let rest = |n: usize| words.get(n..).unwrap_or_default().join(" ");
    let number_after = |n: usize| words.get(n).and_then(|w| w.parse::<usize>().ok());
    let command = match words.as_slice() {
        [] => Command::PressClock,
        ["?"] | ["hilfe"] | ["help"] => Command::Help,
        ["zug"]
        | ["am", "zug"]
        | ["wer", "ist", "am", "zug"]
        | ["turn"]
        | ["whose", "move"]
        | ["to", "move"] => Command::WhoseMove,
        ["letzter", "zug"] | ["last", "move"] => Command::LastMoves(1),
        ["letzte", "zuge", ..] | ["last", "moves", ..] => {
            Command::LastMoves(number_after(2).unwrap_or(5))
        }
        ["stellung"] | ["position"] | ["brett"] | ["board"] => Command::Position,
        ["feld", sq] | ["square", sq] | ["was", "steht", "auf", sq] | ["what", "is", "on", sq] => {
            Command::Square(parse_square(sq)?)
        }
        ["feld", file, rank]
        | ["square", file, rank]
        | ["was", "steht", "auf", file, rank]
        | ["what", "is", "on", file, rank] => Command::Square(spoken_square(file, rank)?),
        ["wo", ..] | ["where", ..] => where_are(&words[1..])?,
        ["zeit"] | ["time"] | ["uhr", "zeit"] => Command::Time,
        ["verbrauchte", "zeit"] | ["zeit", "verbraucht"] | ["time", "used"] | ["used"] => {
            Command::TimeUsed
        }
        ["zuge"] | ["zugzahl"] | ["moves"] | ["move", "count"] => Command::MoveCount,
        ["fen"] => Command::Fen,
        ["schiedsrichter", ..] | ["arbiter", ..] => Command::Arbiter(arbiter_action(&words[1..])?),
        ["wiederholen"] | ["wiederholung"] | ["nochmal"] | ["repeat"] | ["again"] => {
            Command::Repeat
        }
        ["zuruck"]
        | ["zurucknehmen"]
        | ["korrektur"]
        | ["take", "back"]
        | ["takeback"]
        | ["undo"]
        | ["correction"] => Command::TakeBack,
        ["uhr"] | ["clock"] | ["drucken"] | ["press"] => Command::PressClock,
        ["remis"]
        | ["remis", "anbieten"]
        | ["draw"]
        | ["offer", "draw"]
        | ["offer", "a", "draw"] => Command::OfferDraw,
        ["remis", "annehmen"] | ["annehmen"] | ["accept"] | ["accept", "draw"] => {
            Command::AcceptDraw
        }
        ["remis", "ablehnen"] | ["ablehnen"] | ["decline"] | ["decline", "draw"] => {
            Command::DeclineDraw
        }
        ["reklamieren"] | ["reklamation"] | ["claim"] | ["claim", "draw"] => {
            Command::ClaimDraw(None)
        }
        ["reklamieren", ..] | ["reklamation", ..] | ["claim", ..] => {
            Command::ClaimDraw(Some(rest(1)))
        }
        ["aufgeben"] | ["ich", "gebe", "auf"] | ["resign"] | ["i", "resign"] => {
            Command::Resign(None)
        }
        ["aufgeben", side] | ["resign", side] | [side, "gibt", "auf"] | [side, "resigns"] => {
            Command::Resign(Some(side_of(side)?))
        }
        ["ja"] | ["yes"] => Command::Yes,
        ["nein"] | ["no"] => Command::No,
        ["ende"] | ["beenden"] | ["quit"] | ["exit"] => Command::Quit,
        _ => return None,
    };
    Some(command)
}

/// A side named in a command (the words arrive folded).
fn side_of(word: &str) -> Option<Color> {
    match word {
        "weiss" | "white" => Some(Color::White),
        "schwarz" | "black" => Some(Color::Black),
        _ => None,
    }
}

/// "Pause", "weiter", "Zeit Weiß 120", "regelwidrig Schwarz" (and the English words).
fn arbiter_action(words: &[&str]) -> Option<ArbiterAction> {
    let side = side_of;
    match words {
        ["pause"] | ["stop"] | ["anhalten"] => Some(ArbiterAction::Pause),
        ["weiter"] | ["resume"] | ["continue"] => Some(ArbiterAction::Resume),
        ["zeit", who, seconds] | ["time", who, seconds] => Some(ArbiterAction::AddTime(
            side(who)?,
            seconds.trim_start_matches('+').parse().ok()?,
        )),
        ["regelwidrig"] | ["illegal"] => Some(ArbiterAction::IllegalMove(None)),
        ["zuruck", n] | ["back", n] => Some(ArbiterAction::Back(n.parse().ok()?)),
        ["regelwidrig", who] | ["illegal", who] => {
            Some(ArbiterAction::IllegalMove(Some(side(who)?)))
        }
        _ => None,
    }
}

fn spoken_square(file: &str, rank: &str) -> Option<Square> {
    parse_square(&format!("{file} {rank}"))
}

/// "wo (stehen die) (weißen) Springer", "where are the (black) knights".
fn where_are(words: &[&str]) -> Option<Command> {
    const COLORS: [(&str, Color); 8] = [
        ("weiß", Color::White),
        ("weißen", Color::White),
        ("weiße", Color::White),
        ("white", Color::White),
        ("schwarz", Color::Black),
        ("schwarzen", Color::Black),
        ("schwarze", Color::Black),
        ("black", Color::Black),
    ];
    const ROLES: [(&str, Role); 20] = [
        ("König", Role::King),
        ("Könige", Role::King),
        ("king", Role::King),
        ("kings", Role::King),
        ("Dame", Role::Queen),
        ("Damen", Role::Queen),
        ("queen", Role::Queen),
        ("queens", Role::Queen),
        ("Turm", Role::Rook),
        ("Türme", Role::Rook),
        ("rook", Role::Rook),
        ("rooks", Role::Rook),
        ("Läufer", Role::Bishop),
        ("bishop", Role::Bishop),
        ("bishops", Role::Bishop),
        ("Springer", Role::Knight),
        ("knight", Role::Knight),
        ("knights", Role::Knight),
        ("Bauer", Role::Pawn),
        ("Bauern", Role::Pawn),
    ];
    const PAWNS: [&str; 2] = ["pawn", "pawns"];
    const FILLERS: [&str; 7] = ["stehen", "steht", "die", "der", "are", "is", "the"];
    let mut color = None;
    let mut role = None;
    // The words arrive folded (see `fold`), so the table is folded the same way.
    for word in words {
        if let Some((_, c)) = COLORS.iter().find(|(w, _)| fold(w) == *word) {
            color = Some(*c);
        } else if let Some((_, r)) = ROLES.iter().find(|(w, _)| fold(w) == *word) {
            role = Some(*r);
        } else if PAWNS.iter().any(|w| fold(w) == *word) {
            role = Some(Role::Pawn);
        } else if !FILLERS.iter().any(|w| fold(w) == *word) {
            return None;
        }
    }
    Some(Command::WhereAre(role?, color))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_and_english_command_words() {
        assert_eq!(parse_command("Wer ist am Zug"), Some(Command::WhoseMove));
        assert_eq!(parse_command("letzte Züge 3"), Some(Command::LastMoves(3)));
        assert_eq!(parse_command("last moves"), Some(Command::LastMoves(5)));
        assert_eq!(parse_command("Stellung"), Some(Command::Position));
        assert_eq!(
            parse_command("Feld Eva vier"),
            Some(Command::Square(Square::E4))
        );
        assert_eq!(
            parse_command("what is on e4"),
            Some(Command::Square(Square::E4))
        );
        assert_eq!(
            parse_command("was steht auf Cäsar fünf"),
            Some(Command::Square(Square::C5))
        );
        assert_eq!(
            parse_command("wo stehen die weißen Springer"),
            Some(Command::WhereAre(Role::Knight, Some(Color::White)))
        );
        assert_eq!(
            parse_command("where are the rooks"),
            Some(Command::WhereAre(Role::Rook, None))
        );
        assert_eq!(parse_command("Korrektur"), Some(Command::TakeBack));
        assert_eq!(parse_command("zurücknehmen"), Some(Command::TakeBack));
        assert_eq!(parse_command("Remis"), Some(Command::OfferDraw));
        assert_eq!(parse_command("remis annehmen"), Some(Command::AcceptDraw));
        assert_eq!(
            parse_command("reklamieren Springer Felix drei"),
            Some(Command::ClaimDraw(Some("springer felix drei".into())))
        );
        assert_eq!(parse_command("Aufgeben"), Some(Command::Resign(None)));
        assert_eq!(
            parse_command("Schwarz gibt auf"),
            Some(Command::Resign(Some(Color::Black)))
        );
        assert_eq!(
            parse_command("white resigns"),
            Some(Command::Resign(Some(Color::White)))
        );
        assert_eq!(parse_command("Blau gibt auf"), None);
        assert_eq!(parse_command(""), Some(Command::PressClock));
        assert_eq!(parse_command("Springer Felix drei"), None);
        assert_eq!(parse_command("Feld Blabla vier"), None);
        assert_eq!(parse_command("FEN"), Some(Command::Fen));
        assert_eq!(parse_command("verbrauchte Zeit"), Some(Command::TimeUsed));
        assert_eq!(parse_command("time used"), Some(Command::TimeUsed));
        assert_eq!(
            parse_command("Schiedsrichter Zeit Weiß 120"),
            Some(Command::Arbiter(ArbiterAction::AddTime(Color::White, 120)))
        );
        assert_eq!(
            parse_command("arbiter time black -30"),
            Some(Command::Arbiter(ArbiterAction::AddTime(Color::Black, -30)))
        );
        assert_eq!(
            parse_command("arbiter illegal black"),
            Some(Command::Arbiter(ArbiterAction::IllegalMove(Some(
                Color::Black
            ))))
        );
        assert_eq!(
            parse_command("Schiedsrichter Pause"),
            Some(Command::Arbiter(ArbiterAction::Pause))
        );
        assert_eq!(parse_command("arbiter dance"), None);
        assert_eq!(
            parse_command("Schiedsrichter zurück 2"),
            Some(Command::Arbiter(ArbiterAction::Back(2)))
        );
    }
}
