//! The closed list of fixed words and phrases the program can say, besides moves and numbers.
//!
//! Each row gives the variant, its clip key (the file name of its recording in a voice), and
//! its German and English text. Every module that speaks adds the phrases it needs here, so
//! that a voice can be checked for completeness against one list.

macro_rules! words {
    ($( $(#[$doc:meta])* $variant:ident => $key:literal, $de:literal, $en:literal; )*) => {
        /// A fixed word or phrase; see the table in this module.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Word {
            $( $(#[$doc])* #[doc = concat!("\"", $en, "\"")] $variant, )*
        }

        impl Word {
            /// Every word, in table order.
            pub const ALL: &'static [Word] = &[ $( Word::$variant, )* ];

            /// The clip key: the file name (without extension) of its recording.
            pub fn key(self) -> &'static str {
                match self { $( Word::$variant => $key, )* }
            }

            /// The German text.
            pub fn german(self) -> &'static str {
                match self { $( Word::$variant => $de, )* }
            }

            /// The English text.
            pub fn english(self) -> &'static str {
                match self { $( Word::$variant => $en, )* }
            }
        }
    };
}

words! {
    // --- general ---
    Yes => "w_yes", "ja", "yes";
    No => "w_no", "nein", "no";
    Or => "w_or", "oder", "or";
    And => "w_and", "und", "and";
    Question => "w_question", "?", "?";
    On => "w_on", "auf", "on";
    From => "w_from", "von", "from";
    To => "w_to", "nach", "to";
    Nothing => "w_none", "keine", "none";
    Empty => "w_empty", "leer", "empty";
    Piece => "w_piece", "Figur", "piece";
    Pieces => "w_pieces", "Figuren", "pieces";
    Move => "w_move", "Zug", "move";
    Moves => "w_moves", "Züge", "moves";
    ToMove => "w_to_move", "am Zug", "to move";
    LastMove => "w_last_move", "letzter Zug", "last move";
    LastMoves => "w_last_moves", "letzte Züge", "last moves";
    NoMovesYet => "w_no_moves_yet", "noch kein Zug", "no moves yet";
    Position => "w_position", "Stellung", "position";
    Help => "w_help", "Hilfe", "help";
    Repeat => "w_repeat", "Wiederholung", "repeat";
    Correction => "w_correction", "Korrektur", "correction";
    Ready => "w_ready", "bereit", "ready";
    Cancelled => "w_cancelled", "abgebrochen", "cancelled";
    Saved => "w_saved", "gespeichert", "saved";
    Resumed => "w_resumed", "Partie fortgesetzt", "game resumed";
    NewGame => "w_new_game", "neue Partie", "new game";
    Promotion => "w_promotion", "Umwandlung", "promotion";
    WhichPiece => "w_which_piece", "welche Figur?", "which piece?";
    // --- understanding moves ---
    NotUnderstood => "w_not_understood", "nicht verstanden", "not understood";
    NotLegal => "w_not_legal", "kein regelgerechter Zug", "not a legal move";
    Ambiguous => "w_ambiguous", "mehrdeutig", "ambiguous";
    NoPieceCanReach => "w_no_piece_can_reach", "keine Figur erreicht", "no piece reaches";
    CanReach => "w_can_reach", "erreicht", "reaches";
    NoSuch => "w_kein", "kein", "no";
    NoSuchFeminine => "w_keine", "keine", "no";
    Castling => "w_castling", "Rochade", "castling";
    LeavesKingInCheck => "w_leaves_king_in_check", "der König stünde im Schach", "the king would be in check";
    NoPieceThere => "w_no_piece_there", "dort steht keine Figur", "there is no piece there";
    NotYourPiece => "w_not_your_piece", "nicht die eigene Figur", "not your own piece";
    PromotionPieceMissing => "w_promotion_piece_missing", "Umwandlungsfigur fehlt", "name the promotion piece";
    NothingToTakeBack => "w_nothing_to_take_back", "kein Zug zum Zurücknehmen", "no move to take back";
    TakenBack => "w_taken_back", "zurückgenommen", "taken back";
    // --- game events and results ---
    DrawOffered => "w_draw_offered", "bietet Remis an", "offers a draw";
    DrawAccepted => "w_draw_accepted", "Remis angenommen", "draw accepted";
    DrawDeclined => "w_draw_declined", "Remis abgelehnt", "draw declined";
    NoDrawOffer => "w_no_draw_offer", "kein Remisangebot", "no draw offer";
    DrawOfferNotNow => "w_draw_offer_not_now", "Remisangebot erst nach dem eigenen Zug", "offer a draw after your own move";
    DrawNotYet => "w_draw_not_yet", "Remis erst wenn beide gezogen haben", "no draw before both sides have moved";
    ClaimsDraw => "w_claims_draw", "reklamiert Remis", "claims a draw";
    ClaimCorrect => "w_claim_correct", "Reklamation berechtigt", "claim correct";
    ClaimIncorrect => "w_claim_incorrect", "Reklamation unberechtigt", "claim incorrect";
    Resigns => "w_resigns", "gibt auf", "resigns";
    Wins => "w_wins", "gewinnt", "wins";
    Draw => "w_draw", "Remis", "draw";
    Checkmate => "w_checkmate", "schachmatt", "checkmate";
    Stalemate => "w_stalemate", "Patt", "stalemate";
    DeadPosition => "w_dead_position", "tote Stellung", "dead position";
    InsufficientMaterial => "w_insufficient_material", "ungenügendes Material", "insufficient material";
    ThreefoldRepetition => "w_threefold", "dreimalige Stellungswiederholung", "threefold repetition";
    FivefoldRepetition => "w_fivefold", "fünfmalige Stellungswiederholung", "fivefold repetition";
    FiftyMoves => "w_fifty_moves", "fünfzig Züge ohne Bauernzug und ohne Schlagen", "fifty moves without a pawn move or capture";
    SeventyFiveMoves => "w_seventy_five_moves", "fünfundsiebzig Züge ohne Bauernzug und ohne Schlagen", "seventy-five moves without a pawn move or capture";
    CannotMate => "w_cannot_mate", "kann nicht mattsetzen", "cannot checkmate";
    IllegalMove => "w_illegal_move", "regelwidriger Zug", "illegal move";
    Penalty => "w_penalty", "Strafe", "penalty";
    GameLost => "w_game_lost", "Partie verloren", "game lost";
    GameOver => "w_game_over", "Partie beendet", "game over";
    Result => "w_result", "Ergebnis", "result";
    // --- clock ---
    Time => "w_time", "Zeit", "time";
    Clock => "w_clock", "Uhr", "clock";
    ClockStarted => "w_clock_started", "Uhr läuft", "clock running";
    ClockPaused => "w_clock_paused", "Uhr angehalten", "clock paused";
    ClockResumed => "w_clock_resumed", "Uhr läuft weiter", "clock resumed";
    ClockNotRunning => "w_clock_not_running", "Uhr steht", "clock not running";
    NoClock => "w_no_clock", "keine Uhr", "no clock";
    PressClockFirst => "w_press_clock_first", "erst die Uhr drücken", "press the clock first";
    MakeMoveFirst => "w_make_move_first", "erst einen Zug ausführen", "make a move first";
    FlagFell => "w_flag_fell", "Zeit abgelaufen", "flag fell";
    BothFlags => "w_both_flags", "beide Zeiten abgelaufen", "both flags fell";
    TimeControlReached => "w_time_control_reached", "Zeitkontrolle erreicht", "time control reached";
    TimeAdded => "w_time_added", "Zeit dazu", "time added";
    TimeTaken => "w_time_taken", "Zeit abgezogen", "time taken off";
    Remaining => "w_remaining", "übrig", "left";
    Plus => "w_plus", "plus", "plus";
    Minus => "w_minus", "minus", "minus";
    Zero => "w_zero", "null", "zero";
    First => "w_first", "zuerst", "first";
    Used => "w_used", "verbraucht", "used";
    In => "w_in", "in", "in";
    Then => "w_then", "dann", "then";
    ForTheRest => "w_for_the_rest", "für den Rest der Partie", "for the rest of the game";
    PerMove => "w_per_move", "pro Zug", "per move";
    Bronstein => "w_bronstein", "Bronstein", "Bronstein";
    Delay => "w_delay", "Verzögerung", "delay";
    Repeating => "w_repeating", "wiederholt", "repeating";
    Sandglass => "w_sandglass", "Sanduhr", "sandglass";
    NoTimeControl => "w_no_time_control", "ohne Zeitkontrolle", "no time control";
    TimeControlUnknown => "w_time_control_unknown", "Zeitkontrolle unbekannt", "time control unknown";
    PressAgainToQuit => "w_press_again_to_quit", "zum Beenden noch einmal Q", "press Q again to quit";
    /// The keys of the standalone talking clock (`annexd clock`), see docs/clock.md.
    ClockKeys => "w_clock_keys", "Leertaste: Uhr drücken. F: Weiß drückt. J: Schwarz drückt. Eingabetaste: beide Zeiten und Zug. D: Zeit Weiß. K: Zeit Schwarz. M: Zug. P: Pause. H: Hilfe. Zweimal Q: Ende", "Space: press the clock. F: White presses. J: Black presses. Enter: both times and the move. D: White's time. K: Black's time. M: move. P: pause. H: help. Q twice: quit";
    // --- boards ---
    Touched => "w_touched", "berührt", "touched";
    TouchMove => "w_touch_move", "berührt, geführt", "touch move: this piece must move";
    MustBeCaptured => "w_must_be_captured", "berührt, muss geschlagen werden", "touched: it must be captured";
    PutBack => "w_put_back", "zurückgestellt", "put back";
    Missing => "w_missing", "fehlt", "missing";
    NoPieceBelongsHere => "w_no_piece_belongs_here", "hier gehört keine Figur hin", "no piece belongs here";
    WrongPiece => "w_wrong_piece", "falsche Figur", "wrong piece";
    BelongsHere => "w_belongs_here", "gehört hierher", "belongs here";
    WhiteAdjective => "w_white_piece", "weiße", "white";
    BlackAdjective => "w_black_piece", "schwarze", "black";
    WhiteMasculine => "w_white_masc", "weißer", "white";
    BlackMasculine => "w_black_masc", "schwarzer", "black";
    BoardsAgree => "w_boards_agree", "Bretter stimmen überein", "the boards agree";
    BoardsDiffer => "w_boards_differ", "Bretter weichen ab", "the boards differ";
    BoardConnected => "w_board_connected", "Brett verbunden", "board connected";
    BoardLost => "w_board_lost", "Verbindung zum Brett verloren", "board connection lost";
    BoardError => "w_board_error", "Brettfehler", "board error";
    NoLegalMoveOnBoard => "w_no_legal_move_on_board", "auf dem Brett steht kein regelgerechter Zug", "the board shows no legal move";
    PlayOnBoard => "w_play_on_board", "bitte auf dem Brett ausführen", "please play it on the board";
    AnnouncementMissing => "w_announcement_missing", "bitte ansagen", "please announce the move";
    OnTheBoard => "w_on_the_board", "auf dem Brett", "on the board";
    Announced => "w_announced", "angesagt", "announced";
    PleaseCorrect => "w_please_correct", "bitte korrigieren", "please correct";
    // --- speech in and out ---
    VoiceInputOff => "w_voice_input_off", "Spracheingabe aus", "voice input off";
    VoiceInputOn => "w_voice_input_on", "Spracheingabe an", "voice input on";
    NoModel => "w_no_model", "kein Sprachmodell gefunden", "no speech model found";
    NoSound => "w_no_sound", "keine Tonausgabe, nur Text", "no sound output, text only";
    NoMicrophone => "w_no_microphone", "kein Mikrofon gefunden", "no microphone found";
    Listening => "w_listening", "ich höre", "listening";
    DidYouMean => "w_did_you_mean", "meinen Sie", "did you mean";
    // --- speech in: commands that can be said, and the recogniser's reports ---
    Claim => "w_claim", "Reklamation", "claim";
    Resign => "w_resign", "aufgeben", "resign";
    AcceptDraw => "w_accept_draw", "Remis annehmen", "accept draw";
    DeclineDraw => "w_decline_draw", "Remis ablehnen", "decline draw";
    Where => "w_where", "wo", "where";
    Square => "w_square", "Feld", "square";
    Heard => "w_heard", "gehört", "heard";
    Alternatives => "w_alternatives", "Alternativen", "alternatives";
    Understood => "w_understood", "verstanden", "understood";
    NothingHeard => "w_nothing_heard", "nichts gehört", "nothing heard";
    Confidence => "w_confidence", "Konfidenz", "confidence";
    DecodeTime => "w_decode_time", "Erkennungszeit", "decode time";
    LatencyAfterSpeech => "w_latency_after_speech", "Wartezeit nach dem Sprechen", "wait after speaking";
    Milliseconds => "w_milliseconds", "Millisekunden", "milliseconds";
    ModelUnknownWords => "w_model_unknown_words", "diese Wörter kennt das Sprachmodell nicht", "the speech model does not know these words";
    ModelLoadFailed => "w_model_load_failed", "Sprachmodell nicht ladbar", "the speech model cannot be loaded";
    VoiceInputNotBuilt => "w_voice_input_not_built", "Spracheingabe ist nicht eingebaut", "voice input is not built into this program";
    SayAgain => "w_say_again", "bitte wiederholen", "please say it again";
    // --- errors ---
    Error => "w_error", "Fehler", "error";
    ConfigError => "w_config_error", "Fehler in der Einstellung", "error in the settings";
    DeviceMissing => "w_device_missing", "Gerät nicht gefunden", "device not found";
    UnknownCommand => "w_unknown_command", "unbekannter Befehl", "unknown command";
    // --- game rules and the scoresheet (game helper) ---
    InvalidPosition => "w_invalid_position", "ungültige Stellung", "invalid position";
    DrawAlreadyOffered => "w_draw_already_offered", "Remis ist schon angeboten", "a draw is already offered";
    ClaimOnlyOnMove => "w_claim_only_on_move", "reklamieren kann nur der Spieler am Zug", "only the player to move can claim";
    IntendedMove => "w_intended_move", "beabsichtigter Zug", "intended move";
    MustBePlayed => "w_must_be_played", "muss ausgeführt werden", "must be played";
    ArbiterDecision => "w_arbiter_decision", "Entscheidung des Schiedsrichters", "arbiter's decision";
    CountsAsDrawOffer => "w_counts_as_draw_offer", "gilt als Remisangebot", "counts as a draw offer";
    DrawOfferLapsed => "w_draw_offer_lapsed", "Remisangebot erloschen", "draw offer lapsed";
    JournalDamagedEnd => "w_journal_damaged_end", "das Ende der Partiedatei ist beschädigt und wurde übergangen", "the end of the game file is damaged and was skipped";
    JournalBadLine => "w_journal_bad_line", "Partiedatei fehlerhaft in Zeile", "the game file is faulty at line";
    JournalUnreadable => "w_journal_unreadable", "Partiedatei nicht lesbar", "the game file cannot be read";
    JournalExists => "w_journal_exists", "die Partiedatei gibt es schon", "the game file already exists";
    JournalNotWritten => "w_journal_not_written", "Partiedatei konnte nicht geschrieben werden", "the game file could not be written";
    // --- speech out ---
    NothingToRepeat => "w_nothing_to_repeat", "nichts zu wiederholen", "nothing to repeat";
}
