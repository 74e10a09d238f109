//! German: the Annex D words (D.2.1), and German for everything else.

use crate::command::{Kind, Phrase, Slot::*};
use crate::notation::words::Word;

use super::{Hearing, Numbers, Table};

/// The German table.
pub(super) static TABLE: Table = Table {
    code: "de",
    names: &["german", "deutsch"],
    pieces: ["Bauer", "Springer", "Läufer", "Turm", "Dame", "König"],
    piece_forms: [
        &["Bauern", "P"],
        &["S", "N"],
        &["L"],
        &["Türme", "T", "R"],
        &["Damen", "D", "Q"],
        &["Könige", "K"],
    ],
    piece_letters: ["", "S", "L", "T", "D", "K"],
    braille_table: "de-g1-detailed.ctb",
    ranks: [
        "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
    ],
    rank_forms: &[("ein", 1), ("zwo", 2)],
    castles: ["Kurze Rochade", "Lange Rochade"],
    castle_sides: [&["kurze", "kurz"], &["lange", "lang"]],
    castling: &["Rochade", "rochiert"],
    captures: &["schlägt", "nimmt"],
    check: "Schach",
    mate: "matt",
    en_passant: "en passant",
    move_fillers: &[
        "nach",
        "auf",
        "von",
        "zieht",
        "Schach",
        "matt",
        "schachmatt",
        "wird",
        "Umwandlung",
        "in",
        "zu",
    ],
    sides: ["Weiß", "Schwarz"],
    colour_forms: [
        &["weiße", "weißen", "weißer", "weiß"],
        &["schwarze", "schwarzen", "schwarzer", "schwarz"],
    ],
    units: [
        ["Stunde", "Stunden"],
        ["Minute", "Minuten"],
        ["Sekunde", "Sekunden"],
    ],
    one_before_unit: Some("eine"),
    numbers: Numbers {
        below_100,
        hundred: "hundert",
        thousand: "tausend",
        one_before_multiplier: Some(("n1c", "ein")),
        glued: true,
    },
    word,
    commands,
    command_fillers: &[
        "wer", "ist", "stehen", "steht", "die", "der", "den", "bitte",
    ],
    hearing: Hearing {
        spellings: &[
            ("hector", &["hektor", "hector"]),
            ("cesar", &["cäsar", "zäsar", "cesar", "caesar"]),
            ("gustav", &["gustav", "gustaf"]),
            ("zwei", &["zwei", "zwo"]),
            ("funf", &["fünf", "fuenf", "funf"]),
            ("konig", &["könig", "koenig"]),
            ("laufer", &["läufer", "laeufer"]),
            ("schlagt", &["schlägt", "schlaegt"]),
            ("zuge", &["züge", "zuege"]),
            ("weisse", &["weiße", "weisse"]),
        ],
        // Pairs that sound alike, judged from their sounds (IPA in docs/listen.md): one
        // syllable, the same vowel nucleus, onsets that differ little. Every cost is below half
        // the matcher's acceptance margin.
        confusions: &[
            // /tsvaɪ/ /draɪ/: the classic; radio German says "zwo" for it (also understood).
            ("zwei", "drei", 0.35),
            // /axt/ /ʃax/: a rank heard as the check word that may end any move.
            ("acht", "schach", 0.4),
            // /tsaɪt/ /tsvaɪ/: the time command against a rank.
            ("zeit", "zwei", 0.4),
            // /naɪn/ /aɪns/: the answer "nein" against a rank.
            ("nein", "eins", 0.4),
        ],
        // "eins" is short, starts with a vowel and is unstressed after a file name ("Gustav
        // eins"), so it merges with the word before it.
        weak: &[("eins", 0.45)],
    },
};

const UNITS: [&str; 20] = [
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
];
const TENS: [&str; 10] = [
    "", "zehn", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig",
    "neunzig",
];

/// 0 … 99 as one word: "einundzwanzig".
fn below_100(n: u32) -> String {
    let n = n as usize;
    if n < 20 {
        UNITS[n].to_string()
    } else if n.is_multiple_of(10) {
        TENS[n / 10].to_string()
    } else {
        let unit = if n % 10 == 1 { "ein" } else { UNITS[n % 10] };
        format!("{unit}und{}", TENS[n / 10])
    }
}

/// The commands; fillers ("wer", "die", "stehen" …) may stand anywhere in them.
fn commands(kind: Kind) -> &'static [Phrase] {
    match kind {
        Kind::WhoseMove => &[&[W(Word::ToMove)], &[T("Zug")], &[T("wer ist am Zug")]],
        Kind::LastMove => &[&[W(Word::LastMove)]],
        Kind::LastMoves => &[&[W(Word::LastMoves), OptNumber]],
        Kind::Position => &[&[W(Word::Position)], &[T("Brett")]],
        Kind::Square => &[&[W(Word::Square), Square], &[T("was steht auf"), Square]],
        Kind::WhereAre => &[&[W(Word::Where), OptColour, Piece]],
        Kind::Time => &[&[W(Word::Time)], &[T("Uhr Zeit")]],
        Kind::TimeUsed => &[&[W(Word::Time), W(Word::Used)], &[T("verbrauchte Zeit")]],
        Kind::MoveCount => &[&[W(Word::Moves)], &[T("Zugzahl")]],
        Kind::Repeat => &[&[W(Word::Repeat)], &[T("wiederholen")], &[T("nochmal")]],
        Kind::TakeBack => &[&[W(Word::Correction)], &[T("zurück")], &[T("zurücknehmen")]],
        Kind::PressClock => &[&[W(Word::Clock)], &[T("drücken")]],
        Kind::OfferDraw => &[&[W(Word::Draw)], &[T("Remis anbieten")]],
        Kind::AcceptDraw => &[&[W(Word::AcceptDraw)], &[T("annehmen")]],
        Kind::DeclineDraw => &[&[W(Word::DeclineDraw)], &[T("ablehnen")]],
        Kind::ClaimDraw => &[&[W(Word::Claim), OptRest], &[T("reklamieren"), OptRest]],
        Kind::Resign => &[
            &[W(Word::Resign), OptSide],
            &[T("ich gebe auf")],
            &[Side, T("gibt auf")],
        ],
        Kind::Yes => &[&[W(Word::Yes)]],
        Kind::No => &[&[W(Word::No)]],
        Kind::Help => &[&[W(Word::Help)], &[T("?")]],
        Kind::Fen => &[&[W(Word::Fen)]],
        Kind::ArbiterPause => &[
            &[W(Word::Arbiter), W(Word::Pause)],
            &[W(Word::Arbiter), T("anhalten")],
            &[W(Word::Arbiter), T("stop")],
        ],
        Kind::ArbiterResume => &[&[W(Word::Arbiter), W(Word::Continue)]],
        Kind::ArbiterTime => &[&[W(Word::Arbiter), W(Word::Time), Side, SignedNumber]],
        Kind::ArbiterIllegal => &[&[W(Word::Arbiter), W(Word::Illegal), OptSide]],
        Kind::ArbiterBack => &[&[W(Word::Arbiter), W(Word::Back), Number]],
        Kind::Listen => &[&[W(Word::Listen)], &[T("Mikrofon")]],
        Kind::Peg => &[&[W(Word::Peg), Rest], &[T("peg"), Rest]],
        Kind::Quit => &[&[W(Word::Quit)], &[T("beenden")]],
    }
}

/// The text of every fixed word.
fn word(word: Word) -> &'static str {
    match word {
        // --- general ---
        Word::Yes => "ja",
        Word::No => "nein",
        Word::Or => "oder",
        Word::And => "und",
        Word::Question => "?",
        Word::On => "auf",
        Word::From => "von",
        Word::To => "nach",
        Word::Nothing => "keine",
        Word::Empty => "leer",
        Word::Piece => "Figur",
        Word::Pieces => "Figuren",
        Word::Move => "Zug",
        Word::Moves => "Züge",
        Word::ToMove => "am Zug",
        Word::LastMove => "letzter Zug",
        Word::LastMoves => "letzte Züge",
        Word::NoMovesYet => "noch kein Zug",
        Word::Position => "Stellung",
        Word::Help => "Hilfe",
        Word::Repeat => "Wiederholung",
        Word::Correction => "Korrektur",
        Word::Ready => "bereit",
        Word::Cancelled => "abgebrochen",
        Word::Saved => "gespeichert",
        Word::Resumed => "Partie fortgesetzt",
        Word::NewGame => "neue Partie",
        Word::Promotion => "Umwandlung",
        Word::WhichPiece => "welche Figur?",
        // --- understanding moves ---
        Word::NotUnderstood => "nicht verstanden",
        Word::NotLegal => "kein regelgerechter Zug",
        Word::Ambiguous => "mehrdeutig",
        Word::NoPieceCanReach => "keine Figur erreicht",
        Word::CanReach => "erreicht",
        Word::NoSuch => "kein",
        Word::NoSuchFeminine => "keine",
        Word::Castling => "Rochade",
        Word::LeavesKingInCheck => "der König stünde im Schach",
        Word::NoPieceThere => "dort steht keine Figur",
        Word::NotYourPiece => "nicht die eigene Figur",
        Word::PromotionPieceMissing => "Umwandlungsfigur fehlt",
        Word::NothingToTakeBack => "kein Zug zum Zurücknehmen",
        Word::TakenBack => "zurückgenommen",
        // --- game events and results ---
        Word::DrawOffered => "bietet Remis an",
        Word::DrawAccepted => "Remis angenommen",
        Word::DrawDeclined => "Remis abgelehnt",
        Word::NoDrawOffer => "kein Remisangebot",
        Word::DrawOfferNotNow => "Remisangebot erst nach dem eigenen Zug",
        Word::DrawNotYet => "Remis erst wenn beide gezogen haben",
        Word::ClaimsDraw => "reklamiert Remis",
        Word::ClaimCorrect => "Reklamation berechtigt",
        Word::ClaimIncorrect => "Reklamation unberechtigt",
        Word::Resigns => "gibt auf",
        Word::Wins => "gewinnt",
        Word::Draw => "Remis",
        Word::Checkmate => "schachmatt",
        Word::Stalemate => "Patt",
        Word::DeadPosition => "tote Stellung",
        Word::InsufficientMaterial => "ungenügendes Material",
        Word::ThreefoldRepetition => "dreimalige Stellungswiederholung",
        Word::FivefoldRepetition => "fünfmalige Stellungswiederholung",
        Word::FiftyMoves => "fünfzig Züge ohne Bauernzug und ohne Schlagen",
        Word::SeventyFiveMoves => "fünfundsiebzig Züge ohne Bauernzug und ohne Schlagen",
        Word::CannotMate => "kann nicht mattsetzen",
        Word::IllegalMove => "regelwidriger Zug",
        Word::Penalty => "Strafe",
        Word::GameLost => "Partie verloren",
        Word::GameOver => "Partie beendet",
        Word::Result => "Ergebnis",
        // --- clock ---
        Word::Time => "Zeit",
        Word::Clock => "Uhr",
        Word::ClockStarted => "Uhr läuft",
        Word::ClockPaused => "Uhr angehalten",
        Word::ClockResumed => "Uhr läuft weiter",
        Word::ClockNotRunning => "Uhr steht",
        Word::NoClock => "keine Uhr",
        Word::PressClockFirst => "erst die Uhr drücken",
        Word::MakeMoveFirst => "erst einen Zug ausführen",
        Word::FlagFell => "Zeit abgelaufen",
        Word::BothFlags => "beide Zeiten abgelaufen",
        Word::TimeControlReached => "Zeitkontrolle erreicht",
        Word::TimeAdded => "Zeit dazu",
        Word::TimeTaken => "Zeit abgezogen",
        Word::Remaining => "übrig",
        Word::Plus => "plus",
        Word::Minus => "minus",
        Word::Zero => "null",
        Word::First => "zuerst",
        Word::Used => "verbraucht",
        Word::In => "in",
        Word::Then => "dann",
        Word::ForTheRest => "für den Rest der Partie",
        Word::PerMove => "pro Zug",
        Word::Bronstein => "Bronstein",
        Word::Delay => "Verzögerung",
        Word::Repeating => "wiederholt",
        Word::Sandglass => "Sanduhr",
        Word::NoTimeControl => "ohne Zeitkontrolle",
        Word::TimeControlUnknown => "Zeitkontrolle unbekannt",
        Word::PressAgainToQuit => "zum Beenden noch einmal Q",
        Word::ClockKeys => {
            "Leertaste: Uhr drücken. F: Weiß drückt. J: Schwarz drückt. Eingabetaste: beide Zeiten und Zug. D: Zeit Weiß. K: Zeit Schwarz. M: Zug. P: Pause. H: Hilfe. Zweimal Q: Ende"
        }
        // --- boards ---
        Word::Touched => "berührt",
        Word::TouchMove => "berührt, geführt",
        Word::MustBeCaptured => "berührt, muss geschlagen werden",
        Word::PutBack => "zurückgestellt",
        Word::Missing => "fehlt",
        Word::NoPieceBelongsHere => "hier gehört keine Figur hin",
        Word::WrongPiece => "falsche Figur",
        Word::BelongsHere => "gehört hierher",
        Word::WhiteAdjective => "weiße",
        Word::BlackAdjective => "schwarze",
        Word::WhiteMasculine => "weißer",
        Word::BlackMasculine => "schwarzer",
        Word::BoardsAgree => "Bretter stimmen überein",
        Word::BoardsDiffer => "Bretter weichen ab",
        Word::BoardConnected => "Brett verbunden",
        Word::BoardLost => "Verbindung zum Brett verloren",
        Word::BoardError => "Brettfehler",
        Word::NoLegalMoveOnBoard => "auf dem Brett steht kein regelgerechter Zug",
        Word::PlayOnBoard => "bitte auf dem Brett ausführen",
        Word::AnnouncementMissing => "bitte ansagen",
        Word::OnTheBoard => "auf dem Brett",
        Word::Announced => "angesagt",
        Word::PleaseCorrect => "bitte korrigieren",
        // --- speech in and out ---
        Word::VoiceInputOff => "Spracheingabe aus",
        Word::VoiceInputOn => "Spracheingabe an",
        Word::NoModel => "kein Sprachmodell gefunden",
        Word::NoSound => "keine Tonausgabe, nur Text",
        Word::NoMicrophone => "kein Mikrofon gefunden",
        Word::Listening => "ich höre",
        Word::DidYouMean => "meinen Sie",
        // --- speech in: commands that can be said, and the recogniser's reports ---
        Word::Claim => "Reklamation",
        Word::Resign => "aufgeben",
        Word::AcceptDraw => "Remis annehmen",
        Word::DeclineDraw => "Remis ablehnen",
        Word::Where => "wo",
        Word::Square => "Feld",
        Word::Heard => "gehört",
        Word::Alternatives => "Alternativen",
        Word::Understood => "verstanden",
        Word::NothingHeard => "nichts gehört",
        Word::Confidence => "Konfidenz",
        Word::DecodeTime => "Erkennungszeit",
        Word::LatencyAfterSpeech => "Wartezeit nach dem Sprechen",
        Word::Milliseconds => "Millisekunden",
        Word::ModelUnknownWords => "diese Wörter kennt das Sprachmodell nicht",
        Word::ModelLoadFailed => "Sprachmodell nicht ladbar",
        Word::VoiceInputNotBuilt => "Spracheingabe ist nicht eingebaut",
        Word::SayAgain => "bitte wiederholen",
        // --- commands that are typed (and some said) besides moves ---
        Word::Fen => "FEN",
        Word::Arbiter => "Schiedsrichter",
        Word::Pause => "Pause",
        Word::Continue => "weiter",
        Word::Illegal => "regelwidrig",
        Word::Back => "zurück",
        Word::Listen => "hören",
        Word::Peg => "Brett",
        Word::Quit => "Ende",
        Word::Commands => "Befehle",
        Word::HowToMove => {
            "Züge so sagen oder tippen: Springer Felix drei, Springer Gustav eins Felix drei, Nf3, g1f3"
        }
        // --- errors ---
        Word::Error => "Fehler",
        Word::ConfigError => "Fehler in der Einstellung",
        Word::DeviceMissing => "Gerät nicht gefunden",
        Word::UnknownCommand => "unbekannter Befehl",
        // --- game rules and the scoresheet (game helper) ---
        Word::InvalidPosition => "ungültige Stellung",
        Word::DrawAlreadyOffered => "Remis ist schon angeboten",
        Word::ClaimOnlyOnMove => "reklamieren kann nur der Spieler am Zug",
        Word::IntendedMove => "beabsichtigter Zug",
        Word::MustBePlayed => "muss ausgeführt werden",
        Word::ArbiterDecision => "Entscheidung des Schiedsrichters",
        Word::CountsAsDrawOffer => "gilt als Remisangebot",
        Word::DrawOfferLapsed => "Remisangebot erloschen",
        Word::JournalDamagedEnd => "das Ende der Partiedatei ist beschädigt und wurde übergangen",
        Word::JournalBadLine => "Partiedatei fehlerhaft in Zeile",
        Word::JournalUnreadable => "Partiedatei nicht lesbar",
        Word::JournalExists => "die Partiedatei gibt es schon",
        Word::JournalNotWritten => "Partiedatei konnte nicht geschrieben werden",
        // --- the record an arbiter can trust: the scoresheet's labels, the seal, fair play ---
        Word::Scoresheet => "Partieformular",
        Word::Event => "Turnier",
        Word::Site => "Ort",
        Word::Round => "Runde",
        Word::BoardNumber => "Brett",
        Word::Date => "Datum",
        Word::TimeControlLabel => "Bedenkzeit",
        Word::MoveNumber => "Nr.",
        Word::Notes => "Anmerkungen",
        Word::Signature => "Unterschrift",
        Word::Page => "Seite",
        Word::PageOf => "von",
        Word::CheckCode => "Prüfcode",
        Word::RecordIntact => "Aufzeichnung versiegelt und unversehrt",
        Word::RecordChangedAt => "Aufzeichnung verändert in Zeile",
        Word::RecordUnsealedAt => "ohne Siegel in Zeile",
        Word::RecordNotSealed => "Aufzeichnung nicht versiegelt, älteres Format",
        Word::CrashNotChange => "Rest eines Absturzes beim Schreiben, keine Veränderung",
        Word::CodeMatches => "der Prüfcode stimmt mit dem Ende der Aufzeichnung überein",
        Word::CodeAtLine => "der Prüfcode gehört zu Zeile",
        Word::LinesAddedAfter => "danach angefügte Zeilen",
        Word::CodeNowhere => {
            "der Prüfcode passt zu keiner Stelle der Aufzeichnung: gekürzt oder verändert, oder eine andere Partie"
        }
        Word::CompareCode => "Prüfcode mit dem unterschriebenen Partieformular vergleichen",
        Word::ReplayedByRules => "Partie nach den Regeln nachgespielt",
        Word::Lines => "Zeilen",
        Word::WrittenBy => "geschrieben von",
        Word::NotFinished => "Partie nicht beendet",
        Word::NoEngine => {
            "dieses Programm enthält keine Schach-Engine und gibt keine Zugempfehlungen"
        }
        Word::NoNetwork => "es öffnet keine Netzwerkverbindung, nur Geräte an diesem Rechner",
        Word::NoGameFile => "keine Partiedatei gefunden",
        Word::SheetWritten => "Partieformular geschrieben",
        Word::SheetNotWritten => "Partieformular konnte nicht geschrieben werden",
        // --- speech out ---
        Word::NothingToRepeat => "nichts zu wiederholen",
    }
}
