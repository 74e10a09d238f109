//! French: the words French arbiters use (the Laws as the French federation's arbiters'
//! bulletin gives them: nulle, pendule, coup, abandon, réclamation, arbitre, pièce touchée),
//! and the French piece names, ranks and castling for `--words local` (Cavalier, trois, petit
//! roque). Colours follow the piece and agree with it ("Dame noire"), as do "touchée",
//! "restantes" and "aucune".

use crate::words::{CommandKind, Phrase};

use crate::words::Slot::*;
use crate::words::Word;

use super::{Agreeing, Hearing, Numbers, Spoken, Table};

/// The French table.
pub(super) static TABLE: Table = Table {
    code: "fr",
    names: &["french", "français", "francais", "französisch"],
    pieces: ["Pion", "Cavalier", "Fou", "Tour", "Dame", "Roi"],
    feminine: [false, false, false, true, true, false],
    piece_forms: [
        // The letters of French notation (C, F, T, R, D) are files or other pieces in SAN;
        // only the plurals are understood.
        &["pions"],
        &["cavaliers"],
        &["fous"],
        &["tours"],
        &["dames"],
        &["rois"],
    ],
    piece_letters: ["", "C", "F", "T", "D", "R"],
    braille_table: "fr-bfu-comp6.utb",
    ranks: [
        "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit",
    ],
    rank_forms: &[],
    castles: ["petit roque", "grand roque"],
    castle_sides: [&["petit"], &["grand"]],
    castling: &["roque", "roquer", "roquent"],
    captures: &["prend", "prise", "mange"],
    check: "échec",
    mate: "mat",
    en_passant: "en passant",
    move_fillers: &[
        "sur",
        "de",
        "va",
        "joue",
        // The article before a piece ("le cavalier en Felix trois").
        "le",
        "la",
        "les",
        "échec",
        "mat",
        "et",
        "promotion",
        "promu",
        "devient",
    ],
    sides: ["Blanc", "Noir"],
    colour_forms: [
        &["blanc", "blanche", "blancs", "blanches"],
        &["noir", "noire", "noirs", "noires"],
    ],
    colour_after_piece: true,
    units: [
        ["heure", "heures"],
        ["minute", "minutes"],
        ["seconde", "secondes"],
    ],
    units_feminine: true,
    numbers: Numbers {
        below_100,
        before_unit,
        hundred: "cent",
        hundreds: Some("cents"),
        thousand: "mille",
        one_before_multiplier: None,
        glued: false,
    },
    agreeing: &[
        agreeing(
            Word::NoSuch,
            ["w_kein", "aucun"],
            ["w_keine", "aucune"],
            ["w_kein", "aucun"],
            ["w_keine", "aucune"],
        ),
        agreeing(
            Word::NoSuchFeminine,
            ["w_kein", "aucun"],
            ["w_keine", "aucune"],
            ["w_kein", "aucun"],
            ["w_keine", "aucune"],
        ),
        agreeing(
            Word::WhiteMasculine,
            ["w_white_masc", "blanc"],
            ["w_white_piece", "blanche"],
            ["w_white_masc", "blanc"],
            ["w_white_piece", "blanche"],
        ),
        agreeing(
            Word::WhiteAdjective,
            ["w_white_masc", "blanc"],
            ["w_white_piece", "blanche"],
            ["w_white_masc", "blanc"],
            ["w_white_piece", "blanche"],
        ),
        agreeing(
            Word::BlackMasculine,
            ["w_black_masc", "noir"],
            ["w_black_piece", "noire"],
            ["w_black_masc", "noir"],
            ["w_black_piece", "noire"],
        ),
        agreeing(
            Word::BlackAdjective,
            ["w_black_masc", "noir"],
            ["w_black_piece", "noire"],
            ["w_black_masc", "noir"],
            ["w_black_piece", "noire"],
        ),
        agreeing(
            Word::Touched,
            ["w_touched", "touché"],
            ["w_touched_f", "touchée"],
            ["w_touched", "touché"],
            ["w_touched_f", "touchée"],
        ),
        agreeing(
            Word::PutBack,
            ["w_put_back", "remis en place"],
            ["w_put_back_f", "remise en place"],
            ["w_put_back", "remis en place"],
            ["w_put_back_f", "remise en place"],
        ),
        agreeing(
            Word::Lifted,
            ["w_lifted", "soulevé"],
            ["w_lifted_f", "soulevée"],
            ["w_lifted", "soulevé"],
            ["w_lifted_f", "soulevée"],
        ),
        agreeing(
            Word::Remaining,
            ["w_remaining", "restant"],
            ["w_remaining_f", "restante"],
            ["w_remaining_p", "restants"],
            ["w_remaining_fp", "restantes"],
        ),
        agreeing(
            Word::Used,
            ["w_used", "utilisé"],
            ["w_used_f", "utilisée"],
            ["w_used_p", "utilisés"],
            ["w_used_fp", "utilisées"],
        ),
    ],
    word,
    commands,
    command_fillers: &[
        "le", "la", "les", "l'", "sont", "est", "svp", "s'", "il", "vous", "te", "plaît", "mon",
        "ma", "mes",
        // The inversions' "est-ce", "a-t-il" (the line's words split at their hyphens).
        "ce", "t",
    ],
    command_lead_ins: &[
        "est-ce que je peux",
        "est-ce que je pourrais",
        "est-ce que",
        "je voudrais",
        "je veux",
        "j'aimerais",
        "je souhaite",
        "je dois",
        "je peux",
        "puis-je",
        "pouvez-vous",
        "peux-tu",
        "dites-moi",
        "dis-moi",
        "je vais",
    ],
    question_words: &[
        ("utilisé", CommandKind::TimeUsed),
        ("temps", CommandKind::Time),
        ("heure", CommandKind::Time),
        ("dernier", CommandKind::LastMove),
        ("précédent", CommandKind::LastMove),
        ("coups", CommandKind::MoveCount),
        ("trait", CommandKind::WhoseMove),
        ("répét", CommandKind::Repeat),
        ("encore", CommandKind::Repeat),
        ("position", CommandKind::Position),
        ("aide", CommandKind::Help),
    ],
    hearing: Hearing {
        spellings: &[
            // A colour's forms are one word to the ear's matcher: they never change the meaning.
            ("blanc", &["blanc", "blanche"]),
            ("blanche", &["blanche", "blanc"]),
            ("noir", &["noir", "noire"]),
            ("noire", &["noire", "noir"]),
            ("cesar", &["césar", "cesar"]),
            ("felix", &["félix", "felix"]),
            ("eva", &["éva", "eva"]),
            ("gustav", &["gustave", "gustav"]),
            ("echec", &["échec", "échecs"]),
        ],
        // Pairs that sound alike (IPA in docs/listen.md); every cost is below half the
        // matcher's acceptance margin.
        confusions: &[
            // /sɛ̃k/ /sɛt/: two ranks of one syllable, the same onset and a close vowel.
            ("cinq", "sept", 0.4),
            // /dø/ /də/: a rank and a filler ("de Gustav un en Felix trois").
            ("deux", "de", 0.3),
        ],
        // No word is in two pairs whose other words both carry a move's meaning: two slips
        // along such a chain (six → sept → cinq) would turn one rank into another unseen.
        // "un" is short, a nasal vowel alone, and merges with a file name before it
        // ("Gustav un").
        weak: &[("un", 0.45)],
    },
};

/// An agreeing word's four forms, each as (key, text).
const fn agreeing(
    word: Word,
    masculine: [&'static str; 2],
    feminine: [&'static str; 2],
    masculine_plural: [&'static str; 2],
    feminine_plural: [&'static str; 2],
) -> Agreeing {
    Agreeing {
        word,
        forms: [
            Spoken::word(masculine[0], masculine[1]),
            Spoken::word(feminine[0], feminine[1]),
            Spoken::word(masculine_plural[0], masculine_plural[1]),
            Spoken::word(feminine_plural[0], feminine_plural[1]),
        ],
    }
}

const UNITS: [&str; 17] = [
    "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
    "douze", "treize", "quatorze", "quinze", "seize",
];
const TENS: [&str; 7] = [
    "",
    "dix",
    "vingt",
    "trente",
    "quarante",
    "cinquante",
    "soixante",
];

/// 0 … 99 as one clip: "dix-sept", "vingt et un", "soixante-dix", "quatre-vingts",
/// "quatre-vingt-onze".
fn below_100(n: u32) -> String {
    let n = n as usize;
    match n {
        0..=16 => UNITS[n].to_string(),
        17..=19 => format!("dix-{}", UNITS[n - 10]),
        // 70 … 79 and 90 … 99 count on from sixty and eighty: "soixante-douze".
        60..=79 => sixty_or_eighty("soixante", n - 60, true),
        80..=99 => sixty_or_eighty("quatre-vingt", n - 80, false),
        _ if n.is_multiple_of(10) => TENS[n / 10].to_string(),
        _ if n % 10 == 1 => format!("{} et un", TENS[n / 10]),
        _ => format!("{}-{}", TENS[n / 10], UNITS[n % 10]),
    }
}

/// "soixante" or "quatre-vingt" and 0 … 19 after it.
fn sixty_or_eighty(base: &str, rest: usize, and_one: bool) -> String {
    match rest {
        0 if base == "quatre-vingt" => "quatre-vingts".to_string(),
        0 => base.to_string(),
        1 | 11 if and_one => format!("{base} et {}", below_100(rest as u32)),
        _ => format!("{base}-{}", below_100(rest as u32)),
    }
}

/// Before a unit (heure, minute, seconde are feminine): "une", "vingt et une", "quatre-vingt-une".
fn before_unit(n: u32) -> Option<String> {
    let plain = below_100(n);
    (n % 10 == 1 && n % 100 != 11 && n % 100 != 71 && n % 100 != 91).then(|| format!("{}e", plain))
}

/// The commands; fillers ("le", "la", "les" …) may stand anywhere in them.
fn commands(kind: CommandKind) -> &'static [Phrase] {
    match kind {
        // "à qui de jouer", "c'est à qui" (written whole, as the recogniser writes it: "est"
        // is a filler to the typed line, but no word of the grammar).
        CommandKind::WhoseMove => &[
            &[W(Word::ToMove)],
            &[T("trait")],
            &[T("qui joue")],
            &[T("à qui de jouer")],
            &[T("à qui")],
            &[T("c'est à qui")],
            &[T("c'est à moi")],
            &[T("c'est à moi de jouer")],
            &[T("c'est à qui de jouer")],
            &[T("à qui est-ce de jouer")],
            &[T("à qui"), T("tour")],
            &[T("qui doit jouer")],
            &[T("à qui le tour")],
            &[T("c'est à qui le tour")],
            &[T("qui a le trait")],
        ],
        // "quel était le dernier coup".
        CommandKind::LastMove => &[
            &[W(Word::LastMove)],
            &[T("quel était"), W(Word::LastMove)],
            &[W(Word::LastMove), T("joué")],
            &[T("coup précédent")],
            &[T("quel coup a été joué")],
            &[T("quel était le dernier coup")],
            &[T("le dernier coup")],
        ],
        CommandKind::LastMoves => &[&[W(Word::LastMoves), OptNumber]],
        // "où sont les pièces", "lire l'échiquier".
        CommandKind::Position => &[
            &[W(Word::Position)],
            &[T("échiquier")],
            &[W(Word::Where), T("pièces")],
            &[W(Word::Position), T("des pièces")],
            &[T("lire"), T("échiquier")],
            &[T("lire"), W(Word::Position)],
            &[T("lire l'échiquier")],
            &[T("où sont les pièces")],
            &[T("la position")],
        ],
        CommandKind::Square => &[
            &[W(Word::Square), Square],
            &[T("quoi sur"), Square],
            &[T("quoi en"), Square],
            // "qu'y a-t-il en e4" ("t", "il": fillers).
            &[T("qu'y a en"), Square],
            &[T("qu'y a sur"), Square],
            &[T("qu'y a-t-il sur"), Square],
            &[T("qu'y a-t-il en"), Square],
        ],
        // "où est le roi blanc", "où sont les cavaliers".
        CommandKind::WhereAre => &[
            &[W(Word::Where), Piece, OptColour],
            &[T("où est le"), Piece, OptColour],
            &[T("où est la"), Piece, OptColour],
            &[T("où sont les"), Piece, OptColour],
        ],
        // "colonne Eva", "pions sur la colonne Eva", "pions blancs sur la colonne e".
        CommandKind::OnFile => &[
            &[W(Word::ChessFile), File],
            &[Piece, OptColour, T("sur"), W(Word::ChessFile), File],
            &[T("quoi sur"), W(Word::ChessFile), File],
        ],
        CommandKind::Time => &[
            &[W(Word::Time)],
            &[T("heure")],
            &[T("quelle heure")],
            &[T("combien de temps")],
            &[T("temps restant")],
            &[T("combien de temps me reste-t-il")],
        ],
        CommandKind::TimeUsed => &[
            &[W(Word::Time), W(Word::Used)],
            &[T("temps employé")],
            &[T("temps de réflexion")],
        ],
        CommandKind::MoveCount => &[
            &[W(Word::Move)],
            &[T("nombre de coups")],
            &[T("combien de coups")],
        ],
        CommandKind::Repeat => &[
            &[W(Word::Repeat)],
            &[T("répète")],
            &[T("encore")],
            &[T("encore une fois")],
            &[T("répétez")],
            &[T("pardon")],
            &[T("répétez s'il vous plaît")],
        ],
        CommandKind::TakeBack => &[
            &[W(Word::Correction)],
            &[T("annuler")],
            &[T("reprendre")],
            &[T("annuler"), W(Word::Move)],
            &[T("reprendre"), W(Word::Move)],
            &[T("annuler le coup")],
            &[T("reprendre le coup")],
        ],
        CommandKind::PressClock => &[&[W(Word::Clock)], &[T("appuyer")]],
        CommandKind::OfferDraw => &[
            &[W(Word::Draw), OptSide],
            &[T("proposer nulle")],
            &[T("proposer la nulle")],
            &[T("je propose nulle")],
            &[T("je propose la nulle")],
            &[T("j'offre nulle")],
            &[T("offrir nulle")],
        ],
        // 9.1.2: the side answering may be named ("Noir accepte la nulle").
        CommandKind::AcceptDraw => &[
            &[W(Word::AcceptDraw), OptSide],
            &[T("accepter"), OptSide],
            &[T("accepter"), T("nulle"), OptSide],
            &[T("j'accepte"), T("nulle")],
            &[T("j'accepte la nulle")],
            &[T("j'accepte")],
            &[Side, T("accepte"), T("nulle")],
            &[Side, T("accepte")],
        ],
        CommandKind::DeclineDraw => &[
            &[W(Word::DeclineDraw), OptSide],
            &[T("refuser"), OptSide],
            &[T("refuser"), T("nulle"), OptSide],
            &[T("je refuse"), T("nulle")],
            &[T("je refuse la nulle")],
            &[T("je refuse")],
            &[Side, T("refuse"), T("nulle")],
            &[Side, T("refuse")],
        ],
        CommandKind::ClaimDraw => &[&[W(Word::Claim), OptRest], &[T("réclamer"), OptRest]],
        CommandKind::Resign => &[
            &[W(Word::Resign), OptSide],
            &[T("j'abandonne")],
            &[T("abandonner")],
            &[Side, T("abandonne")],
        ],
        CommandKind::Yes => &[&[W(Word::Yes)]],
        CommandKind::No => &[&[W(Word::No)]],
        CommandKind::Help => &[&[W(Word::Help)], &[T("?")]],
        CommandKind::HelpMoves => &[&[W(Word::Help), W(Word::Moves)]],
        CommandKind::HelpQuestions => &[&[W(Word::Help), W(Word::QuestionsTopic)]],
        CommandKind::HelpClock => &[&[W(Word::Help), W(Word::Clock)]],
        CommandKind::HelpBoard => &[&[W(Word::Help), W(Word::BoardTopic)]],
        CommandKind::HelpDraw => &[&[W(Word::Help), W(Word::Draw)]],
        CommandKind::HelpArbiter => &[&[W(Word::Help), W(Word::Arbiter)]],
        CommandKind::Fen => &[&[W(Word::Fen)]],
        // 6.11.2: a player stops the clocks to seek the arbiter ("appeler l'arbitre", "arrêter
        // la pendule": "l'", "la" fillers).
        CommandKind::CallArbiter => &[
            &[W(Word::CallFor), W(Word::Arbiter)],
            &[W(Word::Arbiter)],
            &[T("j'appelle"), W(Word::Arbiter)],
            &[T("appelle"), W(Word::Arbiter)],
            &[T("appelez"), W(Word::Arbiter)],
            &[T("je demande"), W(Word::Arbiter)],
            &[T("arrêter"), W(Word::Clock)],
            &[T("arrêter"), T("pendules")],
        ],
        CommandKind::ArbiterPause => &[
            &[W(Word::Arbiter), W(Word::Pause)],
            &[W(Word::Arbiter), T("arrêt")],
            &[W(Word::Arbiter), T("stop")],
        ],
        CommandKind::ArbiterResume => &[
            &[W(Word::Arbiter), W(Word::Continue)],
            &[W(Word::Arbiter), T("reprendre")],
        ],
        CommandKind::ArbiterTime => &[&[W(Word::Arbiter), W(Word::Time), Side, SignedNumber]],
        CommandKind::ArbiterSetTime => &[&[W(Word::Arbiter), W(Word::Time), Side, ClockTime]],
        CommandKind::ArbiterSetMove => &[&[W(Word::Arbiter), W(Word::Move), Number]],
        CommandKind::ArbiterIllegal => &[
            &[W(Word::Arbiter), W(Word::Illegal), OptSide],
            &[W(Word::Arbiter), T("illégal"), OptSide],
        ],
        CommandKind::ArbiterClaim => &[&[W(Word::Arbiter), W(Word::Claim)]],
        CommandKind::ArbiterBack => &[&[W(Word::Arbiter), W(Word::Back), Number]],
        CommandKind::Listen => &[&[W(Word::Listen)], &[T("micro")]],
        CommandKind::Faster => &[
            &[W(Word::Faster)],
            &[T("parle plus vite")],
            &[T("plus rapide")],
        ],
        CommandKind::Slower => &[
            &[W(Word::Slower)],
            &[T("parle plus lentement")],
            &[T("moins vite")],
        ],
        CommandKind::Peg => &[&[W(Word::Peg), Rest], &[T("peg"), Rest]],
        CommandKind::Hint => &[&[W(Word::Hint)], &[T("indice")]],
        CommandKind::Threat => &[&[W(Word::Threat)], &[T("quelle menace")]],
        CommandKind::Evaluation => &[&[W(Word::Evaluation)], &[T("éval")]],
        CommandKind::NewGame => &[&[W(Word::NewGame)]],
        CommandKind::Level => &[&[W(Word::Level), Number], &[T("Elo"), Number]],
        CommandKind::Quit => &[
            &[W(Word::Quit)],
            &[T("quitter")],
            &[T("quitter"), T("programme")],
        ],
        // The online game's requests and answers (issue 32).
        CommandKind::ProposeTakeback => &[&[W(Word::ProposeTakeback)], &[T("reprise")]],
        CommandKind::AcceptTakeback => &[&[W(Word::AcceptTakeback)]],
        CommandKind::DeclineTakeback => &[&[W(Word::DeclineTakeback)]],
        CommandKind::AbortGame => &[&[W(Word::AbortGame)]],
        CommandKind::ClaimVictory => &[&[W(Word::ClaimVictory)]],
        CommandKind::ReadChat => &[&[W(Word::ReadChat)], &[T("messages")]],
    }
}

/// The text of every fixed word.
fn word(word: Word) -> &'static str {
    match word {
        // --- general ---
        Word::Yes => "oui",
        Word::No => "non",
        Word::Or => "ou",
        Word::And => "et",
        Word::Question => "?",
        Word::On => "sur",
        Word::From => "de",
        // "de Gustav un en Felix trois"; not "à", which reads as the file a when typed.
        Word::To => "en",
        Word::Nothing => "aucune pièce",
        Word::Empty => "vide",
        Word::Piece => "pièce",
        Word::Pieces => "pièces",
        Word::Move => "coup",
        Word::Moves => "coups",
        Word::OneMove => "un coup",
        Word::MovesCompleted => "coups achevés",
        Word::ToMove => "au trait",
        Word::LastMove => "dernier coup",
        Word::LastMoves => "derniers coups",
        Word::NoMovesYet => "aucun coup joué",
        Word::Position => "position",
        Word::Help => "aide",
        Word::Repeat => "répéter",
        Word::Correction => "correction",
        Word::Ready => "prêt",
        Word::Cancelled => "annulé",
        Word::Saved => "enregistré",
        Word::Resumed => "partie reprise",
        Word::NewGame => "nouvelle partie",
        Word::Promotion => "promotion",
        Word::WhichPiece => "quelle pièce ?",
        // --- understanding moves ---
        Word::NotUnderstood => "pas compris",
        Word::NotLegal => "coup non réglementaire",
        Word::Ambiguous => "ambigu",
        Word::NoPieceCanReach => "aucune pièce n'atteint",
        Word::CanReach => "n'atteint",
        Word::NoSuch => "aucun",
        Word::NoSuchFeminine => "aucune",
        Word::Castling => "roque",
        Word::LeavesKingInCheck => "le roi serait en échec",
        Word::NoPieceThere => "il n'y a pas de pièce sur cette case",
        Word::NotYourPiece => "ce n'est pas votre pièce",
        Word::PromotionPieceMissing => "nommez la pièce de promotion",
        Word::NothingToTakeBack => "aucun coup à reprendre",
        Word::TakenBack => "repris",
        // --- game events and results ---
        Word::DrawOffered => "propose nulle",
        Word::DrawAccepted => "nulle acceptée",
        Word::DrawDeclined => "nulle refusée",
        Word::NoDrawOffer => "aucune proposition de nulle",
        Word::DrawNotYet => "pas de nulle avant un coup de chaque joueur",
        Word::ClaimsDraw => "réclame la nulle",
        Word::ClaimCorrect => "réclamation fondée",
        Word::ClaimIncorrect => "réclamation non fondée",
        Word::PositionOccurredOnce => "la position n'est apparue qu'une fois",
        Word::PositionOccurredTwice => "la position n'est apparue que deux fois",
        Word::MovesWithoutCapture => "coups sans prise ni mouvement de pion",
        Word::ClockPressedWithoutMove => "pendule appuyée sans coup joué",
        Word::NoMoveWithoutCapture => "aucun coup sans prise ni mouvement de pion",
        Word::OneMoveWithoutCapture => "un coup sans prise ni mouvement de pion",
        Word::Resigns => "abandonne",
        Word::Wins => "gagne",
        Word::Draw => "nulle",
        Word::Checkmate => "échec et mat",
        Word::Stalemate => "pat",
        Word::DeadPosition => "position morte",
        Word::InsufficientMaterial => "matériel insuffisant",
        Word::ThreefoldRepetition => "triple répétition de la position",
        Word::FivefoldRepetition => "quintuple répétition de la position",
        Word::FiftyMoves => "cinquante coups sans mouvement de pion ni prise",
        Word::SeventyFiveMoves => "soixante-quinze coups sans mouvement de pion ni prise",
        Word::CannotMate => "ne peut pas mater",
        Word::IllegalMove => "coup illégal",
        Word::Penalty => "pénalité",
        Word::GameLost => "partie perdue",
        Word::GameOver => "partie terminée",
        Word::Result => "résultat",
        // --- clock ---
        Word::Time => "temps",
        Word::Clock => "pendule",
        Word::ClockStarted => "pendule en marche",
        Word::ClockPaused => "pendule arrêtée",
        Word::ClockResumed => "pendule relancée",
        Word::ClockNotRunning => "pendule à l'arrêt",
        Word::ClockSet => "réglée sur",
        Word::NoClock => "pas de pendule",
        Word::PressClockFirst => "appuyez d'abord sur la pendule",
        Word::MakeMoveFirst => "jouez d'abord un coup",
        Word::FlagFell => "chute du drapeau",
        Word::BothFlags => "les deux drapeaux sont tombés",
        Word::TimeControlReached => "contrôle de temps atteint",
        Word::TimeAdded => "temps ajouté",
        Word::Receives => "reçoit",
        Word::TimeTaken => "temps retiré",
        Word::Remaining => "restant",
        Word::Plus => "plus",
        Word::Minus => "moins",
        Word::Zero => "zéro",
        Word::First => "en premier",
        Word::Used => "utilisé",
        Word::In => "en",
        Word::Then => "puis",
        Word::ForTheRest => "pour le reste de la partie",
        Word::PerMove => "par coup",
        Word::Bronstein => "Bronstein",
        Word::Delay => "temps différé",
        Word::Repeating => "renouvelable",
        Word::Sandglass => "sablier",
        Word::NoTimeControl => "sans contrôle de temps",
        Word::TimeControlUnknown => "cadence inconnue",
        Word::ForExample => "par exemple",
        Word::TimeControlMissing => "aucune cadence indiquée, par exemple --control 90+30",
        Word::NeedsAUnit => "il faut une unité : m pour minutes, s pour secondes",
        Word::NotATime => "ce n'est pas une durée",
        Word::AboveZero => "une durée au-dessus de zéro, ou none",
        Word::ReplayFileFaulty => "le fichier de déroulement est erroné",
        Word::NeedsATerminal => {
            "la pendule a besoin d'un terminal pour ses touches ; --replay FICHIER joue un fichier d'événements"
        }
        Word::PressAgainToQuit => "appuyez encore sur Q pour quitter",
        Word::ClockKeys => {
            "Espace : appuyer sur la pendule. F : Blanc appuie. J : Noir appuie. Entrée : les deux temps et le coup. D : temps de Blanc. K : temps de Noir. M : coup. P : pause. H : aide. Deux fois Q : fin"
        }
        // --- boards ---
        Word::Touched => "touché",
        Word::TouchMove => "pièce touchée, pièce jouée",
        Word::MustBeCaptured => "pièce touchée, elle doit être prise",
        Word::PutBack => "remis en place",
        Word::Missing => "manque",
        Word::NoPieceBelongsHere => "aucune pièce ne doit être ici",
        Word::WrongPiece => "mauvaise pièce",
        Word::BelongsHere => "va ici",
        Word::WhiteAdjective => "blanche",
        Word::BlackAdjective => "noire",
        Word::WhiteMasculine => "blanc",
        Word::BlackMasculine => "noir",
        Word::BoardsAgree => "les échiquiers concordent",
        Word::BoardsDiffer => "les échiquiers diffèrent",
        Word::EBoardDiffers => "l'échiquier électronique diffère",
        Word::PegBoardDiffers => "l'échiquier à tiges diffère",
        Word::BothBoardsDiffer => "les deux échiquiers diffèrent",
        Word::PegBoardAgrees => "l'échiquier à tiges concorde",
        Word::EBoardAgrees => "l'échiquier électronique concorde",
        Word::PegBoardFirst => "corriger d'abord l'échiquier à tiges",
        Word::EBoardFirst => "corriger d'abord l'échiquier électronique",
        Word::BoardConnected => "échiquier connecté",
        Word::BoardLost => "connexion à l'échiquier perdue",
        Word::BoardError => "erreur de l'échiquier",
        Word::NoLegalMoveOnBoard => "l'échiquier ne montre aucun coup légal",
        Word::PlayOnBoard => "jouez-le sur l'échiquier",
        Word::AnnouncementMissing => "annoncez le coup",
        Word::OnTheBoard => "sur l'échiquier",
        Word::Announced => "annoncé",
        Word::PleaseCorrect => "corrigez, s'il vous plaît",
        Word::NoPegBoard => "pas d'échiquier à tiges",
        Word::PegBoard => "échiquier à tiges",
        Word::EBoard => "échiquier électronique",
        Word::SensesOccupancy => "détecte l'occupation",
        Word::SensesColours => "détecte les couleurs",
        Word::SensesPieces => "détecte les pièces",
        Word::EBoardLost => "échiquier électronique déconnecté",
        Word::EBoardBack => "échiquier électronique reconnecté",
        Word::NoBluetooth => "pas de Bluetooth",
        Word::MovesTypedOrSaid => "tapez ou dites les coups",
        Word::BoardKindUnknown => "type d'échiquier inconnu",
        Word::BoardPortMissing => "le port manque",
        Word::BoardOverBluetooth => "cet échiquier se connecte par Bluetooth",
        Word::HexBytesExpected => "des octets en hexadécimal sont attendus",
        Word::ListExpected => "une liste entre crochets est attendue",
        Word::BoardNameEmpty => "le nom est vide",
        Word::EarlierPgnKept => "l'ancien fichier PGN est conservé sous",
        Word::GameFile => "fichier de la partie",
        Word::BoardViewTitle => {
            "annexd - vue de l'échiquier : tapez les commandes ci-dessous, aide les liste"
        }
        Word::GameDiagram => "partie",
        Word::DiffersMarked => "* diffère de la partie",
        Word::OlderLines => "lignes précédentes : Page préc., Page suiv.",
        Word::Said => "dit",
        Word::Note => "note",
        // --- the dialogue of the move cycle (issue 22) ---
        Word::NotHowItMoves => "cette pièce ne se déplace pas ainsi",
        Word::PathBlocked => "le chemin est barré",
        Word::OwnPieceThere => "une pièce de la même couleur s'y trouve",
        Word::NothingToCapture => "il n'y a rien à prendre",
        Word::KingInCheck => "le roi est en échec",
        Word::CastlingThroughCheck => "le roi passerait par une case attaquée",
        Word::CastlingRightLost => "le roi ou la tour a déjà joué",
        Word::NoPromotionHere => "pas de promotion ici",
        Word::HasUsed => "a utilisé",
        Word::FirstEntered => "d'abord saisi",
        Word::BackTo => "à remettre en",
        Word::NotAllowed => "pas permis",
        Word::Lifted => "soulevé",
        Word::NotYetAnnounced => "pas encore annoncé",
        Word::EnterStartsClock => "Entrée démarre la pendule",
        Word::EnterResumesClock => "Entrée relance la pendule",
        Word::NotEnding => "pas de sortie, la pendule continue",
        Word::ResumesClock => "relance la pendule",
        Word::QuitToLeave => "fin quitte le programme",
        Word::NothingToConfirm => "aucune question en attente",
        Word::HelpPointer => "aide donne ce qu'on peut dire",
        Word::HelpTopics => "aide sur",
        Word::QuestionsTopic => "questions",
        Word::BoardTopic => "échiquier",
        Word::HelpMovesSay => "dites ou tapez les coups ainsi",
        Word::HelpTyped => "ou tapez-les en notation anglaise : Nf3, g1f3, e4, O-O",
        Word::HelpPromotion => "pour une promotion, nommez la nouvelle pièce, par exemple",
        Word::HelpCorrection => "reprend une annonce erronée avant d'appuyer sur la pendule",
        Word::HelpEnterPresses => "Entrée appuie sur la pendule",
        Word::HelpPegs => {
            "retirez et placez les tiges comme des pièces ; le programme dit ce qui diffère et ce qui va où"
        }
        // (end of the block of issue 22)
        // --- speech in and out ---
        Word::VoiceInputOff => "saisie vocale désactivée",
        Word::VoiceInputOn => "saisie vocale activée",
        Word::NoModel => "aucun modèle de reconnaissance vocale",
        Word::NoSound => "pas de sortie sonore, texte seulement",
        Word::NoSoundDevice => "aucun périphérique audio trouvé",
        Word::SpeechEngineSilent => "la synthèse vocale du système ne répond pas",
        Word::SpeechEngineUnavailable => "la synthèse vocale du système n'est pas disponible",
        Word::SpeechThroughJaws => "parole par JAWS",
        Word::SpeechThroughNvda => "parole par NVDA",
        Word::NoScreenReader => "aucun lecteur d'écran ne parle, lignes de texte seulement",
        Word::NoMicrophone => "aucun micro trouvé",
        Word::Listening => "j'écoute",
        Word::DidYouMean => "vouliez-vous dire",
        // --- speech in: commands that can be said, and the recogniser's reports ---
        Word::Claim => "réclamation",
        Word::Resign => "abandon",
        Word::AcceptDraw => "accepter la nulle",
        Word::DeclineDraw => "refuser la nulle",
        Word::Where => "où",
        Word::Square => "case",
        Word::ChessFile => "colonne",
        Word::Heard => "entendu",
        Word::Alternatives => "autres possibilités",
        Word::Understood => "compris",
        Word::NothingHeard => "rien entendu",
        Word::SpeechTooFaint => "parole trop faible : parlez plus fort ou montez le micro",
        Word::Confidence => "confiance",
        Word::DecodeTime => "temps de reconnaissance",
        Word::LatencyAfterSpeech => "attente après la parole",
        Word::Milliseconds => "millisecondes",
        Word::ModelUnknownWords => "le modèle de reconnaissance ne connaît pas ces mots",
        Word::ModelLoadFailed => "le modèle de reconnaissance ne peut pas être chargé",
        Word::VoiceInputNotBuilt => "la saisie vocale n'est pas intégrée à ce programme",
        Word::SayAgain => "répétez, s'il vous plaît",
        Word::Recogniser => "reconnaissance vocale",
        Word::Vosk => "Vosk",
        Word::Whisper => "Whisper",
        // --- commands that are typed (and some said) besides moves ---
        Word::Fen => "FEN",
        Word::Arbiter => "arbitre",
        Word::CallFor => "appeler",
        Word::ArbiterCalled => "l'arbitre est appelé",
        Word::Pause => "pause",
        Word::Continue => "reprise",
        Word::Illegal => "irrégulier",
        Word::Back => "retour",
        Word::Listen => "écouter",
        Word::Faster => "plus vite",
        Word::Slower => "plus lentement",
        Word::SpeechRate => "débit",
        Word::Percent => "pour cent",
        Word::FastestRate => "pas plus vite",
        Word::SlowestRate => "pas plus lentement",
        Word::RateNotSaved => "le débit n'est pas enregistré",
        Word::Peg => "tige",
        Word::PegLift => "lever",
        Word::PegPut => "poser",
        Word::Quit => "fin",
        Word::Commands => "commandes",
        Word::HowToMove => {
            "dites ou tapez les coups ainsi : Springer Felix drei, Cavalier Felix trois, Springer Gustav eins Felix drei, Nf3, g1f3"
        }
        // --- errors ---
        Word::Error => "erreur",
        Word::ConfigError => "erreur dans les réglages",
        Word::DeviceMissing => "appareil introuvable",
        Word::UnknownCommand => "commande inconnue",
        Word::UnknownWord => "mot inconnu",
        Word::NothingToSay => "rien à dire",
        Word::BadOption => "option incorrecte",
        Word::NoVoice => "aucune voix trouvée",
        Word::FileUnreadable => "fichier illisible",
        Word::FileNotWritten => "le fichier n'a pas pu être écrit",
        Word::NoUnfinishedGame => "aucune partie en cours",
        Word::FolderNotCreated => "le dossier ne peut pas être créé",
        Word::RescueNotAdded => {
            "le fichier de secours ne peut pas être ajouté au fichier de la partie"
        }
        Word::NotFound => "introuvable",
        Word::NoPermission => "pas d'autorisation",
        Word::DiskFull => "le disque est plein",
        Word::AlreadyExists => "existe déjà",
        Word::IsAFolder => "c'est un dossier",
        Word::NotAFolder => "ce n'est pas un dossier",
        // --- game rules and the scoresheet (game helper) ---
        Word::InvalidPosition => "position invalide",
        Word::DrawAlreadyOffered => "la nulle est déjà proposée",
        Word::ClaimOnlyOnMove => "seul le joueur au trait peut réclamer",
        Word::IntendedMove => "coup envisagé",
        Word::MustBePlayed => "doit être joué",
        Word::ArbiterDecision => "décision de l'arbitre",
        Word::CountsAsDrawOffer => "vaut proposition de nulle",
        Word::DrawOfferLapsed => "proposition de nulle caduque",
        Word::JournalDamagedEnd => "la fin du fichier de partie est endommagée et a été ignorée",
        Word::JournalBadLine => "fichier de partie erroné à la ligne",
        Word::JournalUnreadable => "fichier de partie illisible",
        Word::JournalExists => "le fichier de partie existe déjà",
        Word::JournalNotWritten => "le fichier de partie n'a pas pu être écrit",
        // --- online games on lichess through its Board API (issue 32) ---
        Word::SignedInAs => "connecté à lichess en tant que",
        Word::ConnectionLost => "connexion interrompue",
        Word::Reconnected => "de nouveau connecté",
        Word::StillNoConnection => "toujours pas de connexion, nouvel essai dans",
        Word::ServerAsksToWait => "le serveur demande d'attendre, nouvel essai dans",
        Word::TokenMissing => {
            "aucun jeton lichess : définissez LICHESS_TOKEN, ou token dans la section online des réglages"
        }
        Word::TokenRefused => "lichess refuse le jeton : erroné ou révoqué",
        Word::TokenLacksScope => "il manque au jeton la permission board:play",
        Word::ServerUnreachable => "le serveur est injoignable",
        Word::ServerGarbage => "la réponse du serveur est incompréhensible",
        Word::ServerFailed => "le serveur signale une erreur",
        Word::RefusedByServer => "refusé par le serveur",
        Word::NotAServer => "pas une adresse de serveur",
        Word::PlainHttpOnlyLocal => "sans chiffrement (http) seulement vers cet ordinateur",
        Word::NotAUserName => "pas un nom d'utilisateur lichess",
        Word::Seeking => "recherche d'un adversaire",
        Word::SeekTooFast => {
            "l'API Board ne cherche que des parties rapides et classiques ; le blitz seulement par un défi"
        }
        Word::NotALichessControl => "lichess ne propose pas cette cadence",
        Word::BulletNotOnBoard => {
            "l'API Board joue au plus vite en blitz ; le bullet n'est pas possible"
        }
        Word::NotStandardGame => "échecs classiques seulement : cette partie n'est pas jouée ici",
        Word::SeekExpired => "aucune partie trouvée, nouvelle recherche",
        Word::ChallengeSent => "défi envoyé à",
        Word::ChallengeDeclined => "défi refusé",
        Word::ChallengeWithdrawn => "défi retiré",
        Word::ChallengeFrom => "défi de",
        Word::Rating => "classement",
        Word::Rated => "classée",
        Word::Casual => "amicale",
        Word::YouPlay => "vous jouez",
        Word::ColourByLot => "couleurs tirées au sort",
        Word::AcceptQuestion => "accepter ?",
        Word::WaitingForChallenge => "en attente d'un défi",
        Word::OnlyStandardChess => "échecs classiques seulement : défi refusé",
        Word::TooFastForBoard => "trop rapide pour l'API Board : défi refusé",
        Word::GameAgainst => "partie contre",
        Word::ComputerLevel => "ordinateur niveau",
        Word::DaysPerMove => "jours par coup",
        Word::FirstMoveWithin => "temps pour le premier coup",
        Word::OtherwiseAborted => "sinon la partie est annulée",
        Word::MoveWaitsForLine => "le coup est gardé et sera envoyé dès le retour de la connexion",
        Word::MoveDelivered => "coup transmis",
        Word::MoveRefusedByServer => "le serveur n'a pas accepté le coup ; il est repris",
        Word::ServerGameDiffers => "la partie sur le serveur a continué autrement ; repris",
        Word::TakebackProposed => "demande à reprendre un coup",
        Word::TakebackAccepted => "reprise acceptée",
        Word::TakebackDeclined => "reprise refusée",
        Word::OfferDraw => "proposer nulle",
        Word::ProposeTakeback => "demander à reprendre un coup",
        Word::AcceptTakeback => "accepter la reprise",
        Word::DeclineTakeback => "refuser la reprise",
        Word::AbortGame => "annuler la partie",
        Word::ClaimVictory => "réclamer la victoire",
        Word::ClaimDrawGone => "réclamer la nulle",
        Word::NotSent => "non envoyé",
        Word::LeftTheGame => "a quitté la partie",
        Word::ClaimVictoryIn => "victoire réclamable dans",
        Word::ClaimVictoryNow => "la victoire ou la nulle peut maintenant être réclamée",
        Word::IsBack => "est de retour",
        Word::GameAborted => "partie annulée",
        Word::NoFirstMove => "n'a pas joué son premier coup",
        Word::EndedByServer => "terminée par le serveur",
        Word::ChatFrom => "message de",
        Word::NoMessages => "aucun message",
        Word::ReadChat => "lire les messages",
        Word::NoHelpOnline => "aucune aide du moteur dans une partie en ligne : lichess l'interdit",
        Word::GameNotFound => "partie introuvable",
        Word::NotPossibleNow => "pas possible maintenant",
        Word::NetworkBuiltIn => {
            "ce programme peut jouer sur lichess par le réseau ; dans une partie sur l'échiquier, il n'ouvre aucune connexion"
        }
        Word::OnlineNotBuilt => {
            "ce programme est construit sans code réseau : pas de parties en ligne"
        }
        // --- speech out ---
        Word::NothingToRepeat => "rien à répéter",
        // --- bad input, devices and the disk ---
        Word::LineTooLong => "la ligne est trop longue",
        Word::GameGoesOn => "la partie continue",
        Word::JournalWrittenAgain => "le fichier de partie est de nouveau écrit",
        Word::JournalRescued => "les coups sont gardés dans un fichier de secours",
        Word::ViewUnavailable => {
            "la vue de l'échiquier ne peut pas démarrer, des lignes à la place"
        }
        Word::RescuedEntriesAdded => "entrées reprises du fichier de secours",
        Word::ResumeLater => "continuer avec annexd resume",
        Word::InterruptAgainToEnd => "pour quitter, encore Ctrl-C",
        Word::SimulatedBoardCannot => "l'échiquier simulé ne peut pas faire cela",
        Word::SimulatedBoardCannotStart => "l'échiquier à tiges simulé ne peut pas démarrer",
        Word::NoSimulatedBoard => "pas d'échiquier simulé (play --board sim), rien n'est fait",
        Word::NoPegOn => "pas de tige sur",
        Word::NothingInHand => "aucune pièce en main pour",
        Word::AlreadyTaken => "déjà occupée",
        Word::SimulatorHowTo => {
            "déplacer les tiges ainsi : tige e2e4, tige lever e2, tige poser e4"
        }
        Word::SimulatorSendsThat => "l'échiquier simulé l'envoie lui-même",
        Word::NotAModel => "ce n'est pas un modèle de reconnaissance vocale",
        Word::ModelKnowsNoWord => "le modèle de reconnaissance ne connaît aucun de ces mots",
        Word::Line => "ligne",
        Word::OutputNotWritten => "la sortie n'a pas pu être écrite",
        Word::NameTheGameFile => "indiquez le fichier de partie",
        Word::NotACheckCode => {
            "ce n'est pas un code de contrôle, il a 16 caractères de 0 à 9 et de a à f"
        }
        Word::NotToml => "pas un fichier TOML valide",
        Word::UnknownSetting => "réglage inconnu",
        Word::NotAllowedValue => "valeur non permise",
        Word::AllowedAre => "permis",
        Word::NumberExpected => "un nombre est attendu",
        Word::WholeNumberExpected => "un nombre entier positif ou nul est attendu",
        Word::TextExpected => "un texte entre guillemets est attendu",
        Word::TrueOrFalseExpected => "true ou false est attendu",
        Word::SectionExpected => "une section entre crochets est attendue",
        Word::OutOfRange => "hors de la plage permise",
        Word::ValueMissing => "valeur manquante",
        Word::SettingsFrom => "réglages de",
        Word::DefaultSettings => "réglages par défaut",
        Word::RecordDiffersFromRules => "l'enregistrement diffère de ce que donnent les règles",
        Word::NoFont => "aucune police trouvée pour le PDF",
        Word::FontUnusable => "police inutilisable",
        Word::PdfNotMade => "le PDF n'a pas pu être créé",
        Word::NoBrailleTable => "table braille introuvable",
        Word::BrailleFailed => "la transcription en braille a échoué",
        Word::BadVoiceFile => "description de la voix erronée",
        Word::BadClip => "un enregistrement est illisible",
        Word::VoiceEmpty => "la voix n'a aucun enregistrement",
        Word::VoiceWrongLanguage => "la langue de la voix ne correspond pas à son dossier",
        Word::Complete => "complète",
        Word::Recordings => "enregistrements",
        Word::RecordingsMissing => "enregistrements manquants",
        Word::DefaultVoiceSaysThem => "à l'oral, ils sont dits par la voix",
        Word::SpeechNotFinished => "la sortie vocale ne s'est pas terminée",
        Word::OnlyClipsWriteSound => "seule la voix enregistrée peut écrire un fichier son",
        Word::SoundNotMade => "le son n'a pas pu être produit",
        Word::WordsToRecord => "mots à enregistrer",
        Word::Microphone => "micro",
        Word::RecordKeys => "après chaque mot : Entrée garder, r reprendre, s passer, q quitter",
        Word::SayNow => "dites",
        Word::RecordRetryKeys => "Entrée ou r recommencer, s passer, q quitter",
        Word::TooLongCutAfter => "trop long, coupé après",
        Word::Kept => "gardés",
        Word::Skipped => "passés",
        Word::NotYetRecorded => "pas encore enregistrés",
        Word::NothingRecorded => "rien n'a été enregistré",
        Word::NotAClipKey => "pas une clé d'enregistrement",
        Word::MicrophoneFailed => "le micro n'enregistre pas",
        Word::SimKeys => {
            "tapez des coups (e2e4, Nf3) ou des événements de l'échiquier (UP e2, DOWN e4, KEY clock), fin avec Ctrl-D"
        }
        Word::SimChessLinkKeys => {
            "tapez des coups (e2e4, Nf3), des trajets de pièces (e6e5) ou des événements (UP e2, DOWN e4 P) ; lights montre les lumières, help cette aide, fin avec Ctrl-D"
        }
        Word::LightsOn => "lumières allumées",
        Word::LightsOff => "lumières éteintes",
        Word::NothingAsked => "aucune question en cours",
        Word::NotAmongChoices => "aucun des coups proposés",
        Word::LogNotWritten => "le fichier journal ne peut pas être écrit, pas de journal",
        Word::VoiceInputStopped => "la saisie vocale s'est arrêtée",
        Word::BadTimeControl => "cadence illisible",
        Word::ControlEmpty => "la cadence est vide",
        Word::SandglassAlone => "un sablier est seul, sans autre période",
        Word::OnlyLastWithoutMoves => "seule la dernière période peut être sans nombre de coups",
        Word::PeriodEmpty => "une période est vide",
        Word::NotANumberOfMoves => "pas un nombre de coups",
        Word::PeriodNeedsMoves => "une période demande au moins un coup",
        Word::OneBonusAtMost => "une période a au plus un bonus de temps",
        Word::PeriodNeedsTime => "une période demande du temps",
        Word::SurelyTypingError => "plus de cent heures, sûrement une faute de frappe",
        Word::TimeMissing => "il manque une durée",
        Word::NumberTooLarge => "le nombre est trop grand",
        Word::NotWholeSeconds => "pas un nombre entier de secondes",
        Word::NotAUnit => "pas une unité, utilisez h, m et s",
        Word::UnitWithoutNumber => "une unité doit suivre un nombre",
        Word::UnknownOption => "option inconnue",
        Word::SeeHelp => "aide avec --help",
        Word::AtPosition => "en position",
        // --- the engine at home (issue 31) ---
        Word::Engine => "moteur d'échecs",
        Word::EngineReady => "moteur d'échecs prêt",
        Word::EngineNotFound => "aucun moteur d'échecs trouvé",
        Word::EngineCannotStart => "le moteur d'échecs ne peut pas démarrer",
        Word::EngineCrashed => "le moteur d'échecs s'est arrêté brutalement",
        Word::EngineSilent => "le moteur d'échecs ne répond pas",
        Word::EngineGarbage => "le moteur d'échecs répond de façon incompréhensible",
        Word::EngineRestarted => "moteur d'échecs redémarré",
        Word::Level => "niveau",
        Word::Elo => "Elo",
        Word::FullStrength => "pleine force",
        Word::Evaluation => "évaluation",
        Word::PositionLevel => "la position est équilibrée",
        Word::SlightlyBetter => "a un léger avantage",
        Word::ClearlyBetter => "a un net avantage",
        Word::IsWinning => "a un avantage décisif",
        Word::MatesInOne => "fait mat au prochain coup",
        Word::MatesIn => "fait mat en",
        Word::MovesAfterNumber => "coups",
        Word::WinsAPawn => "gagne un pion",
        Word::WinsTwoPawns => "gagne deux pions",
        Word::WinsTheExchange => "gagne la qualité",
        Word::WinsAPiece => "gagne une pièce",
        Word::WinsARook => "gagne une tour",
        Word::WinsTheQueen => "gagne la dame",
        Word::WinsMaterial => "gagne du matériel",
        Word::Hint => "conseil",
        Word::NoMoveToSuggest => "aucun coup à proposer",
        Word::Threat => "menace",
        Word::Threatens => "menace",
        Word::NoThreat => "aucune menace immédiate",
        Word::Review => "bilan",
        Word::NoSeriousMistakes => "aucune erreur grave",
        Word::BetterWas => "mieux valait",
        Word::CostOnePawn => "cela a coûté environ un pion",
        Word::CostAbout => "cela a coûté environ",
        Word::PawnsAfterNumber => "pions",
        Word::MissedMate => "a manqué un mat",
        Word::AllowedMate => "a permis un mat",
        Word::EngineBuiltIn => {
            "ce programme peut jouer contre un moteur d'échecs (Stockfish ou un autre moteur UCI, comme programme à part) et donne alors des conseils sur demande ; dans une partie contre une personne, il n'en démarre aucun"
        }
        Word::TournamentBuild => "version tournoi : sans moteur d'échecs et sans réseau",
        Word::OpponentsTurn => "l'adversaire joue lui-même",
        Word::OpponentMoveNotLegal => "le coup de l'adversaire n'est pas légal ici",
        Word::EngineNotBuilt => "ce programme est construit sans moteur d'échecs",
        Word::NoEngineInTournament => "pas de moteur d'échecs en mode tournoi",
        Word::NoEngineInThisGame => "pas de moteur d'échecs dans cette partie",
        Word::EngineNotRunning => "le moteur d'échecs ne tourne pas",
        Word::TypeOpponentsMoves => {
            "tapez maintenant les coups de l'adversaire, ou arrêtez avec fin et reprenez plus tard avec annexd resume"
        }
        Word::TournamentMode => "mode tournoi",
        Word::HomeMode => "mode libre",
        Word::GoesOnIn => "suite en",
        Word::ModeLabel => "Jouée en",
        Word::TournamentModeLeft => "le mode tournoi a été quitté pendant la partie",
        Word::IllegalMoveCompleted => "a achevé un coup illégal",
        Word::ArbiterDecides => "l'arbitre décide",
        Word::ProposedToArbiter => "proposition à l'arbitre",
        Word::ConfirmsIt => "confirme",
        Word::DismissesIt => "fait reprendre sans décision",
        Word::ProgramReading => "lecture du programme, pour l'arbitre",
        Word::NothingReferred => "rien n'est soumis à l'arbitre",
        Word::ModeStays => "le mode reste pour la partie",
        Word::ProgramFile => "fichier du programme",
        Word::StatementTitle => "Déclaration pour l'arbitre (article 11.3.2, annexe D)",
        Word::StatementDoes => "Ce que fait le programme",
        Word::StatementDoesNot => "Ce que le programme ne fait pas",
        Word::StatementCheck => "Comment le vérifier",
        Word::ServesAnnounce => {
            "il annonce chaque coup dans les mots de D.2.1 et les comprend dits ou tapés (D.2.1)"
        }
        Word::ServesPegs => {
            "il lit l'échiquier à tiges du joueur handicapé visuel : une tige retirée est une pièce touchée, un coup est joué quand il est placé et annoncé (D.2.2, D.2.3, D.2.4)"
        }
        Word::ServesClock => {
            "il est une pendule parlante : le temps et le nombre de coups sur demande (D.2.6.1) ; ses alarmes peuvent être coupées (--no-alarms)"
        }
        Word::ServesRecord => {
            "il tient la feuille de partie comme un enregistrement scellé, imprimé en PDF, braille et PGN (D.2.7)"
        }
        Word::ServesBoards => {
            "il dit quand les deux échiquiers diffèrent, et quelles cases (D.2.9)"
        }
        Word::ServesAssistant => "il fait les tâches de l'assistant ou l'aide à les faire (D.2.10)",
        Word::NotVerdict => {
            "en mode tournoi il ne dit rien d'un coup avant l'appui sur la pendule ; un coup illégal achevé va à l'arbitre avec la pénalité proposée (7.5)"
        }
        Word::NotClaims => {
            "en mode tournoi il ne tranche aucune réclamation : elle va à l'arbitre, la lecture du programme seulement à l'écran pour lui (9.5)"
        }
        Word::CheckJournal => {
            "l'enregistrement de chaque partie commence par le mode, la version, le commit et le SHA-256 du fichier du programme ; annexd verify contrôle le sceau et montre si le mode tournoi a été quitté ; annexd replay montre chaque action enregistrée avec son heure"
        }
        Word::DefaultMode => "démarre en",
        Word::PressesClock => "appuie sur la pendule",
        Word::ReplayStopped => "le récit s'arrête ici",
        Word::HelpLegality => "contrôle des coups avant la pendule",
        Word::HelpClaims => "réclamations tranchées par le programme",
        Word::HelpsAllowed => "aides permises par l'organisateur (D.1)",
        Word::CommandTyped => "commande tapée",
        Word::CommandSaid => "commande dite",
        Word::CommandKeyed => "commande par une touche de l'échiquier",
        Word::SpeechThrough => "voix sur",
        Word::SoundOutputsAre => "sorties audio présentes",
        Word::OnlyRecordedVoice => {
            "une sortie audio pour la voix seulement avec la voix enregistrée"
        }
        Word::OwnVoiceHears => "vos propres enregistrements écoutent aussi",
        Word::OwnVoiceIncomplete => {
            "vos propres enregistrements n'écoutent pas, mots pas encore enregistrés :"
        }
        Word::OwnVoiceFound => "vos propres enregistrements ont trouvé",
        Word::Distance => "distance",
        Word::AnyWords => "des mots quelconques",
        // --- arbiter and rules of touch and announcement ---
        Word::GameReopened => "fin de partie annulée",
        Word::ClockAsRecorded => "pendule réglée comme enregistrée",
        Word::TooLateForIllegalMove => "trop tard, l'adversaire a joué depuis",
        Word::CastlingRookFirst => "interdit, la tour a été touchée en premier",
        Word::MustTake => "doit prendre",
        Word::MoveIsMade => "le coup est joué, seul l'arbitre peut le reprendre",
        Word::AnnouncementWithdrawn => "annonce retirée, annoncez de nouveau",
        Word::AnnouncementCorrected => "annonce corrigée",
        Word::EntryCorrected => "saisie corrigée",
        Word::ClaimAfterTouch => "pièce touchée, plus de réclamation sur ce coup",
        // --- the record (scoresheets, verify, fair play) ---
        Word::Scoresheet => "feuille de partie",
        Word::Event => "tournoi",
        Word::Site => "lieu",
        Word::Round => "ronde",
        Word::BoardNumber => "échiquier",
        Word::Date => "date",
        Word::TimeControlLabel => "cadence",
        Word::MoveNumber => "N°",
        Word::Notes => "remarques",
        Word::Before => "avant",
        Word::Signature => "signature",
        Word::Page => "page",
        Word::PageOf => "sur",
        Word::CheckCode => "code de contrôle",
        Word::RecordIntact => "enregistrement scellé et intact",
        Word::RecordChangedAt => "enregistrement modifié à la ligne",
        Word::RecordUnsealedAt => "pas de sceau à la ligne",
        Word::RecordNotSealed => "enregistrement non scellé, ancien format",
        Word::CrashNotChange => "reste d'un arrêt brutal pendant l'écriture, pas une modification",
        Word::CodeMatches => "le code de contrôle correspond à la fin de l'enregistrement",
        Word::CodeAtLine => "le code de contrôle appartient à la ligne",
        Word::LinesAddedAfter => "lignes ajoutées après elle",
        Word::CodeNowhere => {
            "le code de contrôle ne correspond à aucun point de l'enregistrement : \
             raccourci ou modifié, ou une autre partie"
        }
        Word::CompareCode => "comparez le code de contrôle avec la feuille de partie signée",
        Word::ReplayedByRules => "partie rejouée selon les règles",
        Word::Lines => "lignes",
        Word::WrittenBy => "écrit par",
        Word::NotFinished => "partie non terminée",
        Word::NoEngine => {
            "ce programme ne contient aucun moteur d'échecs et ne donne aucun conseil de coup"
        }
        Word::NoNetwork => {
            "il n'ouvre aucune connexion réseau, seulement les appareils de cet ordinateur"
        }
        Word::PartsBuiltIn => "intégré",
        Word::NoOptionalParts => "aucune partie optionnelle intégrée",
        Word::PartSystemSpeech => "la synthèse vocale du système",
        Word::PartVosk => "la reconnaissance vocale Vosk",
        Word::PartWhisper => "la reconnaissance vocale Whisper",
        Word::PartBluetooth => "Bluetooth LE pour les échiquiers",
        Word::PartEngine => "les parties contre un moteur d'échecs",
        Word::PartOnline => "les parties sur lichess par le réseau",
        Word::RadioBluetooth => {
            "radio : Bluetooth LE, seulement si une partie nomme un échiquier Bluetooth"
        }
        Word::NoRadio => "radio : aucune, cette version n'a pas de Bluetooth",
        Word::GameUsedBluetooth => "cette partie : avec un échiquier Bluetooth",
        Word::GameWithoutBluetooth => "cette partie : sans Bluetooth",
        Word::GameBluetoothUnknown => "cette partie : l'usage du Bluetooth n'est pas enregistré",
        Word::NoGameYet => "pas encore de partie",
        Word::NoGameFile => "aucun fichier de partie trouvé",
        Word::SheetWritten => "feuille de partie écrite",
        Word::SheetNotWritten => "la feuille de partie n'a pas pu être écrite",
    }
}
