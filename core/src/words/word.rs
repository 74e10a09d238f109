//! The closed list of fixed words and phrases the program can say, besides moves and numbers.
//!
//! Each row gives the variant and its clip key (the file name of its recording in a voice);
//! its text in each language is in that language's table (`crate::lang`), whose `word`
//! function matches every variant, so a word added here without its text in every language
//! does not compile. Every module that speaks adds the phrases it needs here, so that a voice
//! can be checked for completeness against one list.

macro_rules! words {
    ($( $(#[$doc:meta])* $variant:ident => $key:literal; )*) => {
        /// A fixed word or phrase; see the table in this module.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Word {
            $( $(#[$doc])* $variant, )*
        }

        impl Word {
            /// Every word, in table order.
            pub const ALL: &'static [Word] = &[ $( Word::$variant, )* ];

            /// The clip key: the file name (without extension) of its recording.
            pub fn key(self) -> &'static str {
                match self { $( Word::$variant => $key, )* }
            }
        }
    };
}

words! {
    // --- general ---
    /// "yes"
    Yes => "w_yes";
    /// "no"
    No => "w_no";
    /// "or"
    Or => "w_or";
    /// "and"
    And => "w_and";
    /// "?"
    Question => "w_question";
    /// "on"
    On => "w_on";
    /// "from"
    From => "w_from";
    /// "to"
    To => "w_to";
    /// "none"
    Nothing => "w_none";
    /// "empty"
    Empty => "w_empty";
    /// "piece"
    Piece => "w_piece";
    /// "pieces"
    Pieces => "w_pieces";
    /// "move"
    Move => "w_move";
    /// "moves"
    Moves => "w_moves";
    /// "one move": a count of one, said with its noun in the form the number asks for
    /// ("ein Zug", not "eins Zug").
    OneMove => "w_one_move";
    /// "to move"
    ToMove => "w_to_move";
    /// "moves completed": the moves each player has completed (D.2.10.4).
    MovesCompleted => "w_moves_completed";
    /// "last move"
    LastMove => "w_last_move";
    /// "last moves"
    LastMoves => "w_last_moves";
    /// "no moves yet"
    NoMovesYet => "w_no_moves_yet";
    /// "position"
    Position => "w_position";
    /// "help"
    Help => "w_help";
    /// "repeat"
    Repeat => "w_repeat";
    /// "correction"
    Correction => "w_correction";
    /// "ready"
    Ready => "w_ready";
    /// "cancelled"
    Cancelled => "w_cancelled";
    /// "saved"
    Saved => "w_saved";
    /// "game resumed"
    Resumed => "w_resumed";
    /// "new game"
    NewGame => "w_new_game";
    /// "promotion"
    Promotion => "w_promotion";
    /// "which piece?"
    WhichPiece => "w_which_piece";
    // --- understanding moves ---
    /// "not understood"
    NotUnderstood => "w_not_understood";
    /// "not a legal move"
    NotLegal => "w_not_legal";
    /// "ambiguous"
    Ambiguous => "w_ambiguous";
    /// "no piece reaches"
    NoPieceCanReach => "w_no_piece_can_reach";
    /// "reaches"
    CanReach => "w_can_reach";
    /// "no"
    NoSuch => "w_kein";
    /// "no"
    NoSuchFeminine => "w_keine";
    /// "castling"
    Castling => "w_castling";
    /// "the king would be in check"
    LeavesKingInCheck => "w_leaves_king_in_check";
    /// "there is no piece there"
    NoPieceThere => "w_no_piece_there";
    /// "not your own piece"
    NotYourPiece => "w_not_your_piece";
    /// "name the promotion piece"
    PromotionPieceMissing => "w_promotion_piece_missing";
    /// "no move to take back"
    NothingToTakeBack => "w_nothing_to_take_back";
    /// "taken back"
    TakenBack => "w_taken_back";
    // --- game events and results ---
    /// "offers a draw"
    DrawOffered => "w_draw_offered";
    /// "draw accepted"
    DrawAccepted => "w_draw_accepted";
    /// "draw declined"
    DrawDeclined => "w_draw_declined";
    /// "no draw offer"
    NoDrawOffer => "w_no_draw_offer";
    /// "no draw before both sides have moved"
    DrawNotYet => "w_draw_not_yet";
    /// "claims a draw"
    ClaimsDraw => "w_claims_draw";
    /// "claim correct"
    ClaimCorrect => "w_claim_correct";
    /// "claim incorrect"
    ClaimIncorrect => "w_claim_incorrect";
    /// Why a claim of a repetition is incorrect: "die Stellung stand erst einmal auf dem
    /// Brett".
    PositionOccurredOnce => "w_position_occurred_once";
    /// "die Stellung stand erst zweimal auf dem Brett" (an incorrect claim's position never
    /// stood more often: a third time makes the claim correct, 9.2).
    PositionOccurredTwice => "w_position_occurred_twice";
    /// (a number) "Züge ohne Schlagen oder Bauernzug" (9.3: fifty are needed).
    MovesWithoutCapture => "w_moves_without_capture";
    /// "clock pressed without a move": a journal's detail of an illegal move, in words.
    ClockPressedWithoutMove => "w_clock_pressed_without_move";
    /// "kein Zug ohne Schlagen oder Bauernzug" (a claim just after a capture or pawn move).
    NoMoveWithoutCapture => "w_no_move_without_capture";
    /// "ein Zug ohne Schlagen oder Bauernzug".
    OneMoveWithoutCapture => "w_one_move_without_capture";
    /// "resigns"
    Resigns => "w_resigns";
    /// "wins"
    Wins => "w_wins";
    /// "draw"
    Draw => "w_draw";
    /// "checkmate"
    Checkmate => "w_checkmate";
    /// "stalemate"
    Stalemate => "w_stalemate";
    /// "dead position"
    DeadPosition => "w_dead_position";
    /// "insufficient material"
    InsufficientMaterial => "w_insufficient_material";
    /// "threefold repetition"
    ThreefoldRepetition => "w_threefold";
    /// "fivefold repetition"
    FivefoldRepetition => "w_fivefold";
    /// "fifty moves without a pawn move or capture"
    FiftyMoves => "w_fifty_moves";
    /// "seventy-five moves without a pawn move or capture"
    SeventyFiveMoves => "w_seventy_five_moves";
    /// "cannot checkmate"
    CannotMate => "w_cannot_mate";
    /// "illegal move"
    IllegalMove => "w_illegal_move";
    /// "penalty"
    Penalty => "w_penalty";
    /// "game lost"
    GameLost => "w_game_lost";
    /// "game over"
    GameOver => "w_game_over";
    /// "result"
    Result => "w_result";
    // --- clock ---
    /// "time"
    Time => "w_time";
    /// "clock"
    Clock => "w_clock";
    /// "clock running"
    ClockStarted => "w_clock_started";
    /// "clock paused"
    ClockPaused => "w_clock_paused";
    /// "clock resumed"
    ClockResumed => "w_clock_resumed";
    /// "clock not running"
    ClockNotRunning => "w_clock_not_running";
    /// "no clock"
    NoClock => "w_no_clock";
    /// "press the clock first"
    PressClockFirst => "w_press_clock_first";
    /// "make a move first"
    MakeMoveFirst => "w_make_move_first";
    /// "flag fell"
    FlagFell => "w_flag_fell";
    /// "both flags fell"
    BothFlags => "w_both_flags";
    /// "time control reached"
    TimeControlReached => "w_time_control_reached";
    /// The clock set to a time ("gestellt auf").
    ClockSet => "w_clock_set";
    /// The end of the game taken back by the arbiter.
    GameReopened => "w_game_reopened";
    /// The clock set to the times recorded at the position gone back to (D.2.9).
    ClockAsRecorded => "w_clock_as_recorded";
    /// An illegal move found after the opponent's next move in rapid or blitz (A.4.2, B.3).
    TooLateForIllegalMove => "w_too_late_for_illegal_move";
    /// "time added"
    TimeAdded => "w_time_added";
    /// "receives" (time: "Schwarz erhält zwei Minuten")
    Receives => "w_receives";
    /// "time taken off"
    TimeTaken => "w_time_taken";
    /// "left"
    Remaining => "w_remaining";
    /// "plus"
    Plus => "w_plus";
    /// "minus"
    Minus => "w_minus";
    /// "zero"
    Zero => "w_zero";
    /// "first"
    First => "w_first";
    /// "used"
    Used => "w_used";
    /// "in"
    In => "w_in";
    /// "then"
    Then => "w_then";
    /// "for the rest of the game"
    ForTheRest => "w_for_the_rest";
    /// "per move"
    PerMove => "w_per_move";
    /// "Bronstein"
    Bronstein => "w_bronstein";
    /// "delay"
    Delay => "w_delay";
    /// "repeating"
    Repeating => "w_repeating";
    /// "sandglass"
    Sandglass => "w_sandglass";
    /// "no time control"
    NoTimeControl => "w_no_time_control";
    /// "time control unknown"
    TimeControlUnknown => "w_time_control_unknown";
    /// "for example"
    ForExample => "w_for_example";
    /// "no time control given"
    TimeControlMissing => "w_time_control_missing";
    /// "needs a unit"
    NeedsAUnit => "w_needs_a_unit";
    /// "not a time"
    NotATime => "w_not_a_time";
    /// "above zero"
    AboveZero => "w_above_zero";
    /// "the replay file is faulty"
    ReplayFileFaulty => "w_replay_file_faulty";
    /// "needs a terminal"
    NeedsATerminal => "w_needs_a_terminal";
    /// "press Q again to quit"
    PressAgainToQuit => "w_press_again_to_quit";
    /// The keys of the standalone talking clock (`annexd clock`), see docs/clock.md.
    ClockKeys => "w_clock_keys";
    // --- boards ---
    /// "touched"
    Touched => "w_touched";
    /// "touch move: this piece must move"
    TouchMove => "w_touch_move";
    /// "touched: it must be captured"
    MustBeCaptured => "w_must_be_captured";
    /// "put back"
    PutBack => "w_put_back";
    /// Castling refused because the rook was touched before the king (4.4.2).
    CastlingRookFirst => "w_castling_rook_first";
    /// "must capture": the first touched own piece must capture the opponent's (4.3.3).
    MustTake => "w_must_take";
    /// A move made on the board and announced cannot be taken back but by the arbiter (4.7).
    MoveIsMade => "w_move_is_made";
    /// The announcement was withdrawn before the move was made (D.2.8).
    AnnouncementWithdrawn => "w_announcement_withdrawn";
    /// A slip of the tongue corrected before the clock (D.2.8).
    AnnouncementCorrected => "w_announcement_corrected";
    /// A typing error of the assistant (or of whoever relayed a move) corrected before the clock.
    EntryCorrected => "w_entry_corrected";
    /// "missing"
    Missing => "w_missing";
    /// "no piece belongs here"
    NoPieceBelongsHere => "w_no_piece_belongs_here";
    /// "wrong piece"
    WrongPiece => "w_wrong_piece";
    /// "belongs here"
    BelongsHere => "w_belongs_here";
    /// "white"
    WhiteAdjective => "w_white_piece";
    /// "black"
    BlackAdjective => "w_black_piece";
    /// "white"
    WhiteMasculine => "w_white_masc";
    /// "black"
    BlackMasculine => "w_black_masc";
    /// "the boards agree"
    BoardsAgree => "w_boards_agree";
    /// "the boards differ"
    BoardsDiffer => "w_boards_differ";
    /// "the e-board differs" (from the game, D.2.9)
    EBoardDiffers => "w_e_board_differs";
    /// "the peg board differs" (from the game, D.2.9)
    PegBoardDiffers => "w_peg_board_differs";
    /// "both boards differ" (each from the game)
    BothBoardsDiffer => "w_both_boards_differ";
    /// "the peg board agrees" (while the e-board still differs)
    PegBoardAgrees => "w_peg_board_agrees";
    /// "the e-board agrees" (while the peg board still differs)
    EBoardAgrees => "w_e_board_agrees";
    /// "put the peg board right first"
    PegBoardFirst => "w_peg_board_first";
    /// "put the e-board right first"
    EBoardFirst => "w_e_board_first";
    /// "board connected"
    BoardConnected => "w_board_connected";
    /// "board connection lost"
    BoardLost => "w_board_lost";
    /// "board error"
    BoardError => "w_board_error";
    /// "the board shows no legal move"
    NoLegalMoveOnBoard => "w_no_legal_move_on_board";
    /// "please play it on the board"
    PlayOnBoard => "w_play_on_board";
    /// "please announce the move"
    AnnouncementMissing => "w_announcement_missing";
    /// "on the board"
    OnTheBoard => "w_on_the_board";
    /// "announced"
    Announced => "w_announced";
    /// "please correct"
    PleaseCorrect => "w_please_correct";
    /// "no peg board" (the board view's line about the VI player's board)
    NoPegBoard => "w_no_peg_board";
    /// "peg board"
    PegBoard => "w_peg_board";
    /// "e-board"
    EBoard => "w_e_board";
    /// "senses occupancy"
    SensesOccupancy => "w_senses_occupancy";
    /// "senses colours"
    SensesColours => "w_senses_colours";
    /// "senses pieces"
    SensesPieces => "w_senses_pieces";
    // --- e-boards of every kind (issue 23) ---
    /// "e-board disconnected": a Bluetooth or USB e-board went away.
    EBoardLost => "w_e_board_lost";
    /// "e-board connected again"
    EBoardBack => "w_e_board_back";
    /// "no Bluetooth": no adapter, or no Bluetooth service, for a Bluetooth board.
    NoBluetooth => "w_no_bluetooth";
    /// "please type or say the moves": said when a board cannot be used.
    MovesTypedOrSaid => "w_moves_typed_or_said";
    /// "unknown kind of board": a board spec whose kind is none.
    BoardKindUnknown => "w_board_kind_unknown";
    /// "the port is missing": a board spec without its port.
    BoardPortMissing => "w_board_port_missing";
    /// "this board is connected over Bluetooth": a port given for a Bluetooth board.
    BoardOverBluetooth => "w_board_over_bluetooth";
    /// "the name is empty": a board spec with an empty Bluetooth name.
    BoardNameEmpty => "w_board_name_empty";
    /// "bytes in hex are expected": a setting that is bytes (the Pegasus's key).
    HexBytesExpected => "w_hex_bytes_expected";
    /// "a list in square brackets is expected": a setting that is a list.
    ListExpected => "w_list_expected";
    /// "game file"
    GameFile => "w_game_file";
    /// "the earlier PGN file is kept as": a PGN without its journal stood where the new
    /// game's goes (its new name after it).
    EarlierPgnKept => "w_earlier_pgn_kept";
    /// The board view's title, with how to get the commands.
    BoardViewTitle => "w_board_view_title";
    /// The game, as the label of its diagram in the board view.
    GameDiagram => "w_game_diagram";
    /// The board view's legend of the squares marked with a star.
    DiffersMarked => "w_differs_marked";
    /// The board view: more lines above, and the keys that scroll to them.
    OlderLines => "w_older_lines";
    /// "said": the board view's label of the last announcement.
    Said => "w_said";
    /// "note": the board view's label of the last other line.
    Note => "w_note";
    // --- the dialogue of the move cycle (issue 22) ---
    /// "that piece does not move like that" (3.2 to 3.7)
    NotHowItMoves => "w_not_how_it_moves";
    /// "the way is blocked" (3.5, 3.7)
    PathBlocked => "w_path_blocked";
    /// "a piece of the same colour stands there" (3.1)
    OwnPieceThere => "w_own_piece_there";
    /// "there is nothing to capture there"
    NothingToCapture => "w_nothing_to_capture";
    /// "the king is in check" (3.8.2.2)
    KingInCheck => "w_king_in_check";
    /// "the king would cross an attacked square" (3.8.2.2)
    CastlingThroughCheck => "w_castling_through_check";
    /// "the king or the rook has already moved" (3.8.2.1)
    CastlingRightLost => "w_castling_right_lost";
    /// "there is no promotion here"
    NoPromotionHere => "w_no_promotion_here";
    /// "has used": the time a side has used, after the side (D.2.10.4)
    HasUsed => "w_has_used";
    /// "first entered": the move an assistant typed by mistake and corrected (D.2.10)
    FirstEntered => "w_first_entered";
    /// "back to": a piece's way back to its square ("Bauer David vier zurück nach David zwei")
    BackTo => "w_back_to";
    /// "not allowed": a legal move that touch-move forbids (4.3, 4.4)
    NotAllowed => "w_not_allowed";
    /// "lifted": a peg lifted while it is not the VI player's turn (no touch, 4.3)
    Lifted => "w_lifted";
    /// "not announced yet": the opponent's move played on the peg board before it was relayed
    NotYetAnnounced => "w_not_yet_announced";
    /// "Enter starts the clock": said when a game with a clock begins
    EnterStartsClock => "w_enter_starts_clock";
    /// "Enter starts the clock again": said when a game is resumed with its clock stopped
    EnterResumesClock => "w_enter_resumes_clock";
    /// The talking clock asked whether to quit, and another key answered no.
    NotEnding => "w_not_ending";
    /// "lässt die Uhr weiterlaufen", after the command that does it ("Schiedsrichter weiter").
    ResumesClock => "w_resumes_clock";
    /// "quit leaves the program": said with the end of the game
    QuitToLeave => "w_quit_to_leave";
    /// "no question is open": yes or no with nothing asked
    NothingToConfirm => "w_nothing_to_confirm";
    /// "help lists what can be said": after something not understood
    HelpPointer => "w_help_pointer";
    /// "help on": the help's first line, before its topics
    HelpTopics => "w_help_topics";
    /// "questions": a topic of the help
    QuestionsTopic => "w_questions_topic";
    /// "board": a topic of the help
    BoardTopic => "w_board_topic";
    /// "say or type moves like this"
    HelpMovesSay => "w_help_moves_say";
    /// "or type them in algebraic notation": with the typed forms exactly as typed
    HelpTyped => "w_help_typed";
    /// "on promotion name the new piece, for example" (4.6, D.2.1)
    HelpPromotion => "w_help_promotion";
    /// "takes back a slip before the clock is pressed" (D.2.8)
    HelpCorrection => "w_help_correction";
    /// "Enter presses the clock"
    HelpEnterPresses => "w_help_enter_presses";
    /// how the peg board is used
    HelpPegs => "w_help_pegs";
    // (end of the block of issue 22)
    // --- speech in and out ---
    /// "voice input off"
    VoiceInputOff => "w_voice_input_off";
    /// "voice input on"
    VoiceInputOn => "w_voice_input_on";
    /// "no speech model found"
    NoModel => "w_no_model";
    /// "no sound output, text only"
    NoSound => "w_no_sound";
    /// no sound device was found (why there is no sound)
    NoSoundDevice => "w_no_sound_device";
    /// the system's speech engine did not answer in time
    SpeechEngineSilent => "w_speech_engine_silent";
    /// the system's speech engine cannot be used
    SpeechEngineUnavailable => "w_speech_engine_unavailable";
    /// "speech through JAWS": the screen reader JAWS says the announcements
    SpeechThroughJaws => "w_speech_through_jaws";
    /// "speech through NVDA": the screen reader NVDA says the announcements
    SpeechThroughNvda => "w_speech_through_nvda";
    /// "no screen reader speaks, text lines only"
    NoScreenReader => "w_no_screen_reader";
    /// "no microphone found"
    NoMicrophone => "w_no_microphone";
    /// "listening"
    Listening => "w_listening";
    /// "did you mean"
    DidYouMean => "w_did_you_mean";
    // --- speech in: commands that can be said, and the recogniser's reports ---
    /// "claim"
    Claim => "w_claim";
    /// "resign"
    Resign => "w_resign";
    /// "accept draw"
    AcceptDraw => "w_accept_draw";
    /// "decline draw"
    DeclineDraw => "w_decline_draw";
    /// "where"
    Where => "w_where";
    /// "square"
    Square => "w_square";
    /// "file" (of the board: "Linie Eva", "Eva file", "colonne Eva")
    ChessFile => "w_chess_file";
    /// "heard"
    Heard => "w_heard";
    /// "alternatives"
    Alternatives => "w_alternatives";
    /// "understood"
    Understood => "w_understood";
    /// "nothing heard"
    NothingHeard => "w_nothing_heard";
    /// "speech too quiet: speak up or turn the microphone up"
    SpeechTooFaint => "w_speech_too_faint";
    /// "confidence"
    Confidence => "w_confidence";
    /// "decode time"
    DecodeTime => "w_decode_time";
    /// "wait after speaking"
    LatencyAfterSpeech => "w_latency_after_speech";
    /// "milliseconds"
    Milliseconds => "w_milliseconds";
    /// "the speech model does not know these words"
    ModelUnknownWords => "w_model_unknown_words";
    /// "the speech model cannot be loaded"
    ModelLoadFailed => "w_model_load_failed";
    /// "voice input is not built into this program"
    VoiceInputNotBuilt => "w_voice_input_not_built";
    /// "please say it again"
    SayAgain => "w_say_again";
    /// "speech recogniser": said before the name of the recogniser in use.
    Recogniser => "w_recogniser";
    /// "Vosk": the recogniser with a grammar (libvosk).
    Vosk => "w_vosk";
    /// "Whisper": the multilingual recogniser.
    Whisper => "w_whisper";
    // --- commands that are typed (and some said) besides moves ---
    /// "FEN": the position in FEN, for a sighted helper or the arbiter.
    Fen => "w_fen";
    /// "arbiter": the arbiter's commands start with it.
    Arbiter => "w_arbiter";
    /// "call" ("Schiedsrichter rufen"): a player calls the arbiter (6.11.2).
    CallFor => "w_call_for";
    /// "the arbiter is called": the clocks were stopped for the arbiter (6.11.2).
    ArbiterCalled => "w_arbiter_called";
    /// "pause": the arbiter stops the clocks.
    Pause => "w_pause";
    /// "resume": the arbiter starts the clocks again.
    Continue => "w_continue";
    /// "illegal": the arbiter's ruling of an illegal move.
    Illegal => "w_illegal";
    /// "back": the arbiter goes back some half-moves.
    Back => "w_back";
    /// "listen": starts or stops the microphone (push-to-talk).
    Listen => "w_listen";
    /// "faster": the voice speaks faster (and keeps that rate for the next game).
    Faster => "w_faster";
    /// "slower": the voice speaks more slowly.
    Slower => "w_slower";
    /// "speech rate", before the rate in percent.
    SpeechRate => "w_speech_rate";
    /// "percent".
    Percent => "w_percent";
    /// "no faster": the rate is at its highest.
    FastestRate => "w_fastest_rate";
    /// "no slower": the rate is at its lowest.
    SlowestRate => "w_slowest_rate";
    /// "the speech rate is not saved" (the settings file could not be written).
    RateNotSaved => "w_rate_not_saved";
    /// "peg": a line for the simulated peg board.
    Peg => "w_peg";
    /// "lift": a peg of the simulated board lifted ("Brett heben e2").
    PegLift => "w_peg_lift";
    /// "put": a peg of the simulated board put down ("Brett setzen e4").
    PegPut => "w_peg_put";
    /// "quit": leave the program (the game stays in its journal).
    Quit => "w_quit";
    /// "commands": the list of commands in the help.
    Commands => "w_commands";
    /// How moves are said or typed, for the help.
    HowToMove => "w_how_to_move";
    // --- errors ---
    /// "error"
    Error => "w_error";
    /// "error in the settings"
    ConfigError => "w_config_error";
    /// "device not found"
    DeviceMissing => "w_device_missing";
    /// "unknown command"
    UnknownCommand => "w_unknown_command";
    /// "unknown word": typed text has a word the program cannot say.
    UnknownWord => "w_unknown_word";
    /// "nothing to say"
    NothingToSay => "w_nothing_to_say";
    /// "wrong option": a command-line option that cannot be used so.
    BadOption => "w_bad_option";
    /// "no voice found"
    NoVoice => "w_no_voice";
    /// "the file cannot be read"
    FileUnreadable => "w_file_unreadable";
    /// "the file could not be written"
    FileNotWritten => "w_file_not_written";
    /// "no unfinished game": nothing to resume.
    NoUnfinishedGame => "w_no_unfinished_game";
    /// "the folder cannot be made"
    FolderNotCreated => "w_folder_not_created";
    /// "the rescue file cannot be added to the game file"
    RescueNotAdded => "w_rescue_not_added";
    /// "not found"
    NotFound => "w_not_found";
    /// "no permission"
    NoPermission => "w_no_permission";
    /// "the disk is full"
    DiskFull => "w_disk_full";
    /// "it exists already"
    AlreadyExists => "w_already_exists";
    /// "it is a folder"
    IsAFolder => "w_is_a_folder";
    /// "not a folder"
    NotAFolder => "w_not_a_folder";
    // --- game rules and the scoresheet (game helper) ---
    /// "invalid position"
    InvalidPosition => "w_invalid_position";
    /// "a draw is already offered"
    DrawAlreadyOffered => "w_draw_already_offered";
    /// "only the player to move can claim"
    ClaimOnlyOnMove => "w_claim_only_on_move";
    /// A player who touched a piece has lost the right to claim on this move (9.4).
    ClaimAfterTouch => "w_claim_after_touch";
    /// "intended move"
    IntendedMove => "w_intended_move";
    /// "must be played"
    MustBePlayed => "w_must_be_played";
    /// "arbiter's decision"
    ArbiterDecision => "w_arbiter_decision";
    /// "counts as a draw offer"
    CountsAsDrawOffer => "w_counts_as_draw_offer";
    /// "draw offer lapsed"
    DrawOfferLapsed => "w_draw_offer_lapsed";
    /// "the end of the game file is damaged and was skipped"
    JournalDamagedEnd => "w_journal_damaged_end";
    /// "the game file is faulty at line"
    JournalBadLine => "w_journal_bad_line";
    /// "the game file cannot be read"
    JournalUnreadable => "w_journal_unreadable";
    /// "the game file already exists"
    JournalExists => "w_journal_exists";
    /// "the game file could not be written"
    JournalNotWritten => "w_journal_not_written";
    // --- the record an arbiter can trust: the scoresheet's labels, the seal, fair play ---
    /// "scoresheet"
    Scoresheet => "w_scoresheet";
    /// "event"
    Event => "w_event";
    /// "site"
    Site => "w_site";
    /// "round"
    Round => "w_round";
    /// "board"
    BoardNumber => "w_board_number";
    /// "date"
    Date => "w_date";
    /// "time control"
    TimeControlLabel => "w_time_control";
    /// "No."
    MoveNumber => "w_move_number";
    /// "notes"
    Notes => "w_notes";
    /// "before" (a note made before a move: "vor 1. e4")
    Before => "w_before";
    /// "signature"
    Signature => "w_signature";
    /// "page"
    Page => "w_page";
    /// "of"
    PageOf => "w_page_of";
    /// "check code"
    CheckCode => "w_check_code";
    /// "record sealed and intact"
    RecordIntact => "w_record_intact";
    /// "record changed at line"
    RecordChangedAt => "w_record_changed_at";
    /// "no seal at line"
    RecordUnsealedAt => "w_record_unsealed_at";
    /// "record not sealed, older format"
    RecordNotSealed => "w_record_not_sealed";
    /// "left by a crash while writing, not a change"
    CrashNotChange => "w_crash_not_change";
    /// "the check code matches the end of the record"
    CodeMatches => "w_code_matches";
    /// "the check code belongs to line"
    CodeAtLine => "w_code_at_line";
    /// "lines added after it"
    LinesAddedAfter => "w_lines_added_after";
    /// "the check code matches no point of the record: cut short or changed, or another game"
    CodeNowhere => "w_code_nowhere";
    /// "compare the check code with the signed scoresheet"
    CompareCode => "w_compare_code";
    /// "game replayed by the rules"
    ReplayedByRules => "w_replayed_by_rules";
    /// "lines"
    Lines => "w_lines";
    /// "written by"
    WrittenBy => "w_written_by";
    /// "game not finished"
    NotFinished => "w_not_finished";
    /// "this program contains no chess engine and gives no move advice"
    NoEngine => "w_no_engine";
    /// "it opens no network connection, only devices of this computer"
    NoNetwork => "w_no_network";
    /// built in: the optional parts of this build, after it
    PartsBuiltIn => "w_parts_built_in";
    /// no optional parts are built in
    NoOptionalParts => "w_no_optional_parts";
    /// the part that speaks with the system's speech engine
    PartSystemSpeech => "w_part_system_speech";
    /// the part that hears with Vosk
    PartVosk => "w_part_vosk";
    /// the part that hears with Whisper
    PartWhisper => "w_part_whisper";
    /// the part that reaches boards over Bluetooth LE
    PartBluetooth => "w_part_bluetooth";
    /// the part that plays against a chess engine at home
    PartEngine => "w_part_engine";
    /// the part that plays on lichess over the network
    PartOnline => "w_part_online";
    /// radio: Bluetooth LE, used only for a Bluetooth board a game names
    RadioBluetooth => "w_radio_bluetooth";
    /// radio: none, the build has no Bluetooth
    NoRadio => "w_no_radio";
    /// this game had a board over Bluetooth
    GameUsedBluetooth => "w_game_used_bluetooth";
    /// this game used no Bluetooth
    GameWithoutBluetooth => "w_game_without_bluetooth";
    /// the record does not say whether the game used Bluetooth (an older journal)
    GameBluetoothUnknown => "w_game_bluetooth_unknown";
    /// no game yet (fairplay before the first game)
    NoGameYet => "w_no_game_yet";
    /// "no game file found"
    NoGameFile => "w_no_game_file";
    /// "scoresheet written"
    SheetWritten => "w_sheet_written";
    /// "the scoresheet could not be written"
    SheetNotWritten => "w_sheet_not_written";
    // --- online games on lichess through its Board API (issue 32) ---
    /// "signed in to lichess as" (the account's name is shown after it)
    SignedInAs => "w_signed_in_as";
    /// "connection lost": a stream of the server was cut
    ConnectionLost => "w_connection_lost";
    /// "connected again"
    Reconnected => "w_reconnected";
    /// "still no connection, trying again in" (a time; German says it as the time to wait)
    StillNoConnection => "w_still_no_connection";
    /// "the server asks to wait, trying again in" (a time): HTTP 429
    ServerAsksToWait => "w_server_asks_to_wait";
    /// "no lichess token: set LICHESS_TOKEN or token in the settings' online section"
    TokenMissing => "w_token_missing";
    /// "lichess refuses the token: wrong or revoked"
    TokenRefused => "w_token_refused";
    /// "the token lacks the permission board:play"
    TokenLacksScope => "w_token_lacks_scope";
    /// "the server cannot be reached"
    ServerUnreachable => "w_server_unreachable";
    /// "the server's answer cannot be understood"
    ServerGarbage => "w_server_garbage";
    /// "the server reports an error"
    ServerFailed => "w_server_failed";
    /// "refused by the server" (its reason shown after it)
    RefusedByServer => "w_refused_by_server";
    /// "not a server address"
    NotAServer => "w_not_a_server";
    /// "without encryption (http) only to this computer"
    PlainHttpOnlyLocal => "w_plain_http_only_local";
    /// "not a lichess user name"
    NotAUserName => "w_not_a_user_name";
    /// "seeking an opponent"
    Seeking => "w_seeking";
    /// "the Board API seeks rapid and classical games only; blitz with a challenge"
    SeekTooFast => "w_seek_too_fast";
    /// "not a time control lichess offers"
    NotALichessControl => "w_not_a_lichess_control";
    /// "the Board API plays blitz at the fastest; bullet is not possible"
    BulletNotOnBoard => "w_bullet_not_on_board";
    /// "no game found, seeking again"
    SeekExpired => "w_seek_expired";
    /// "challenge sent to" (the name shown after it)
    ChallengeSent => "w_challenge_sent";
    /// "challenge declined" (the reason shown after it)
    ChallengeDeclined => "w_challenge_declined";
    /// "challenge withdrawn"
    ChallengeWithdrawn => "w_challenge_withdrawn";
    /// "challenge from" (the name shown after it)
    ChallengeFrom => "w_challenge_from";
    /// "rating"
    Rating => "w_rating";
    /// "rated"
    Rated => "w_rated";
    /// "casual"
    Casual => "w_casual";
    /// "you play" (a side)
    YouPlay => "w_you_play";
    /// "colours drawn by lot"
    ColourByLot => "w_colour_by_lot";
    /// "accept?"
    AcceptQuestion => "w_accept_question";
    /// "waiting for a challenge"
    WaitingForChallenge => "w_waiting_for_challenge";
    /// "standard chess only: challenge declined"
    OnlyStandardChess => "w_only_standard_chess";
    /// "too fast for the Board API: challenge declined"
    TooFastForBoard => "w_too_fast_for_board";
    /// "standard chess only: this game is not played here"
    NotStandardGame => "w_not_standard_game";
    /// "game against" (the name shown after it)
    GameAgainst => "w_game_against";
    /// "computer level" (a number)
    ComputerLevel => "w_computer_level";
    /// "days per move" (after a number: correspondence)
    DaysPerMove => "w_days_per_move";
    /// "time for the first move" (a time)
    FirstMoveWithin => "w_first_move_within";
    /// "otherwise the game is aborted"
    OtherwiseAborted => "w_otherwise_aborted";
    /// "the move is kept and sent once the line is back"
    MoveWaitsForLine => "w_move_waits_for_line";
    /// "move delivered": a move kept while the line was down reached the server
    MoveDelivered => "w_move_delivered";
    /// "the server did not take the move; it is taken back"
    MoveRefusedByServer => "w_move_refused_by_server";
    /// "the server's game went on differently; taken back" (a number of half-moves)
    ServerGameDiffers => "w_server_game_differs";
    /// "asks to take back the move" (after a side)
    TakebackProposed => "w_takeback_proposed";
    /// "takeback accepted"
    TakebackAccepted => "w_takeback_accepted";
    /// "takeback declined"
    TakebackDeclined => "w_takeback_declined";
    /// "offer a draw"
    OfferDraw => "w_offer_draw";
    /// "ask to take back the move"
    ProposeTakeback => "w_propose_takeback";
    /// "accept the takeback"
    AcceptTakeback => "w_accept_takeback";
    /// "decline the takeback"
    DeclineTakeback => "w_decline_takeback";
    /// "abort the game"
    AbortGame => "w_abort_game";
    /// "claim victory"
    ClaimVictory => "w_claim_victory";
    /// "claim a draw" (the opponent has left)
    ClaimDrawGone => "w_claim_draw_gone";
    /// "not sent" (an offer or request without a connection)
    NotSent => "w_not_sent";
    /// "has left the game" (after a side)
    LeftTheGame => "w_left_the_game";
    /// "victory can be claimed in" (a time; German: the time to wait)
    ClaimVictoryIn => "w_claim_victory_in";
    /// "victory or a draw can be claimed now"
    ClaimVictoryNow => "w_claim_victory_now";
    /// "is back" (after a side)
    IsBack => "w_is_back";
    /// "game aborted"
    GameAborted => "w_game_aborted";
    /// "did not make the first move" (after a side)
    NoFirstMove => "w_no_first_move";
    /// "ended by the server"
    EndedByServer => "w_ended_by_server";
    /// "message from" (the name and the message shown after it)
    ChatFrom => "w_chat_from";
    /// "no messages"
    NoMessages => "w_no_messages";
    /// command: "read the messages" (the online game's chat, read on request only)
    ReadChat => "w_read_chat";
    /// "no engine help in an online game: lichess forbids it"
    NoHelpOnline => "w_no_help_online";
    /// "game not found"
    GameNotFound => "w_game_not_found";
    /// "not possible now"
    NotPossibleNow => "w_not_possible_now";
    /// "this program can play on lichess over the network; in a game at the board it opens
    /// no connection" (fair play: a build with the feature `online`)
    NetworkBuiltIn => "w_network_built_in";
    /// "this program is built without network code: no online games"
    OnlineNotBuilt => "w_online_not_built";
    // (end of the block of issue 32)
    // --- speech out ---
    /// "nothing to repeat"
    NothingToRepeat => "w_nothing_to_repeat";
    // --- bad input, devices and the disk ---
    /// "the line is too long"
    LineTooLong => "w_line_too_long";
    /// "the game goes on" (after a problem that does not stop it)
    GameGoesOn => "w_game_goes_on";
    /// "the game file is written again"
    JournalWrittenAgain => "w_journal_written_again";
    /// "the moves are kept in a rescue file"
    JournalRescued => "w_journal_rescued";
    /// "the board view cannot start"
    ViewUnavailable => "w_view_unavailable";
    /// "entries added from the rescue file"
    RescuedEntriesAdded => "w_rescued_entries_added";
    /// "go on with annexd resume"
    ResumeLater => "w_resume_later";
    /// "press Ctrl-C again to end"
    InterruptAgainToEnd => "w_interrupt_again_to_end";
    /// "the simulated board cannot do that"
    SimulatedBoardCannot => "w_simulated_board_cannot";
    /// "the simulated board cannot start"
    SimulatedBoardCannotStart => "w_simulated_board_cannot_start";
    /// "no simulated peg board"
    NoSimulatedBoard => "w_no_simulated_board";
    /// "no peg on"
    NoPegOn => "w_no_peg_on";
    /// "no piece in hand for"
    NothingInHand => "w_nothing_in_hand";
    /// "already taken"
    AlreadyTaken => "w_already_taken";
    /// "move the pegs like this"
    SimulatorHowTo => "w_simulator_how_to";
    /// "the simulator sends that itself"
    SimulatorSendsThat => "w_simulator_sends_that";
    /// "that is not a speech model"
    NotAModel => "w_not_a_model";
    /// "the speech model knows none of the words" (then a few of them)
    ModelKnowsNoWord => "w_model_knows_no_word";
    /// "line"
    Line => "w_line";
    /// "the output could not be written"
    OutputNotWritten => "w_output_not_written";
    /// "please name the game file"
    NameTheGameFile => "w_name_the_game_file";
    /// "not a check code: 16 characters, 0 to 9 and a to f"
    NotACheckCode => "w_not_a_check_code";
    /// "not a valid TOML file"
    NotToml => "w_not_toml";
    /// "unknown setting"
    UnknownSetting => "w_unknown_setting";
    /// "not an allowed value"
    NotAllowedValue => "w_not_allowed_value";
    /// "allowed (before the allowed values or names, shown)"
    AllowedAre => "w_allowed_are";
    /// "a number is expected"
    NumberExpected => "w_number_expected";
    /// "a whole number from zero is expected"
    WholeNumberExpected => "w_whole_number_expected";
    /// "a text in quotes is expected"
    TextExpected => "w_text_expected";
    /// "true or false is expected"
    TrueOrFalseExpected => "w_true_or_false_expected";
    /// "a section in square brackets is expected"
    SectionExpected => "w_section_expected";
    /// "out of the allowed range"
    OutOfRange => "w_out_of_range";
    /// "a value is missing"
    ValueMissing => "w_value_missing";
    /// "settings from (a file, shown)"
    SettingsFrom => "w_settings_from";
    /// "the default settings"
    DefaultSettings => "w_default_settings";
    /// "the record differs from what the rules give"
    RecordDiffersFromRules => "w_record_differs_from_rules";
    /// "no font found for the PDF"
    NoFont => "w_no_font";
    /// "the font cannot be used"
    FontUnusable => "w_font_unusable";
    /// "the PDF could not be made"
    PdfNotMade => "w_pdf_not_made";
    /// "Braille table not found"
    NoBrailleTable => "w_no_braille_table";
    /// "translation into Braille failed"
    BrailleFailed => "w_braille_failed";
    /// "the voice description is faulty"
    BadVoiceFile => "w_bad_voice_file";
    /// "a recording cannot be read"
    BadClip => "w_bad_clip";
    /// "the voice has no recordings"
    VoiceEmpty => "w_voice_empty";
    /// "the voice's language does not match its folder"
    VoiceWrongLanguage => "w_voice_wrong_language";
    /// "complete (a voice)"
    Complete => "w_complete";
    /// "recordings (of a voice)"
    Recordings => "w_recordings";
    /// "recordings missing"
    RecordingsMissing => "w_recordings_missing";
    /// "when speaking, they are said by the voice (named after it)"
    DefaultVoiceSaysThem => "w_default_voice_says_them";
    /// "the speech output did not finish"
    SpeechNotFinished => "w_speech_not_finished";
    /// "only the voice of recordings can write a sound file"
    OnlyClipsWriteSound => "w_only_clips_write_sound";
    /// "the sound could not be made"
    SoundNotMade => "w_sound_not_made";
    /// "words to record"
    WordsToRecord => "w_words_to_record";
    /// "microphone"
    Microphone => "w_microphone";
    /// "the keys after each recorded word"
    RecordKeys => "w_record_keys";
    /// "say (the word to record)"
    SayNow => "w_say_now";
    /// "the keys after nothing was heard"
    RecordRetryKeys => "w_record_retry_keys";
    /// "too long, cut after (a time)"
    TooLongCutAfter => "w_too_long_cut_after";
    /// "kept"
    Kept => "w_kept";
    /// "skipped"
    Skipped => "w_skipped";
    /// "not yet recorded"
    NotYetRecorded => "w_not_yet_recorded";
    /// "nothing was recorded"
    NothingRecorded => "w_nothing_recorded";
    /// "not a clip key"
    NotAClipKey => "w_not_a_clip_key";
    /// "the microphone does not record"
    MicrophoneFailed => "w_microphone_failed";
    /// "what the simulated board's user types"
    SimKeys => "w_sim_keys";
    /// What the simulated ChessLink board takes on standard input.
    SimChessLinkKeys => "w_sim_chesslink_keys";
    /// "lights on" (the squares an e-board lights)
    LightsOn => "w_lights_on";
    /// "lights off"
    LightsOff => "w_lights_off";
    /// "no question is open"
    NothingAsked => "w_nothing_asked";
    /// "not one of the moves offered"
    NotAmongChoices => "w_not_among_choices";
    /// "the log file cannot be written, no log"
    LogNotWritten => "w_log_not_written";
    /// "voice input stopped"
    VoiceInputStopped => "w_voice_input_stopped";
    /// "the time control cannot be read"
    BadTimeControl => "w_bad_time_control";
    /// "the time control is empty"
    ControlEmpty => "w_control_empty";
    /// "a sandglass stands alone, with no other period"
    SandglassAlone => "w_sandglass_alone";
    /// "only the last period can be without a number of moves"
    OnlyLastWithoutMoves => "w_only_last_without_moves";
    /// "a period is empty"
    PeriodEmpty => "w_period_empty";
    /// "not a number of moves"
    NotANumberOfMoves => "w_not_a_number_of_moves";
    /// "a period needs at least one move"
    PeriodNeedsMoves => "w_period_needs_moves";
    /// "a period has one bonus at most"
    OneBonusAtMost => "w_one_bonus_at_most";
    /// "a period needs some time"
    PeriodNeedsTime => "w_period_needs_time";
    /// "more than 100 hours, surely a typing error"
    SurelyTypingError => "w_surely_typing_error";
    /// "a time is missing"
    TimeMissing => "w_time_missing";
    /// "the number is too large"
    NumberTooLarge => "w_number_too_large";
    /// "not a whole number of seconds"
    NotWholeSeconds => "w_not_whole_seconds";
    /// "not a unit: use h, m and s"
    NotAUnit => "w_not_a_unit";
    /// "a unit must follow a number"
    UnitWithoutNumber => "w_unit_without_number";
    /// "unknown option"
    UnknownOption => "w_unknown_option";
    /// "help with --help (after a mistake on the command line)"
    SeeHelp => "w_see_help";
    /// "at position (before a number: the place of a word in the text)"
    AtPosition => "w_at_position";
    // --- the engine at home (issue 31): its reports, evaluations, hints, threats, the review ---
    /// "chess engine"
    Engine => "w_engine";
    /// "chess engine ready"
    EngineReady => "w_engine_ready";
    /// "no chess engine found" (none at the path given, nor where Stockfish is installed)
    EngineNotFound => "w_engine_not_found";
    /// "the chess engine cannot start" (not a program, not allowed to run)
    EngineCannotStart => "w_engine_cannot_start";
    /// "the chess engine crashed" (its process ended on its own)
    EngineCrashed => "w_engine_crashed";
    /// "the chess engine does not answer" (in time)
    EngineSilent => "w_engine_silent";
    /// "the chess engine answers nonsense" (not UCI, or an illegal move)
    EngineGarbage => "w_engine_garbage";
    /// "chess engine restarted"
    EngineRestarted => "w_engine_restarted";
    /// "level" (the engine's strength)
    Level => "w_level";
    /// "Elo"
    Elo => "w_elo";
    /// "full strength"
    FullStrength => "w_full_strength";
    /// "evaluation": how the position stands, in words
    Evaluation => "w_evaluation";
    /// "the position is level"
    PositionLevel => "w_position_level";
    /// "is slightly better" (after a side)
    SlightlyBetter => "w_slightly_better";
    /// "is clearly better" (after a side)
    ClearlyBetter => "w_clearly_better";
    /// "is winning" (after a side)
    IsWinning => "w_is_winning";
    /// "mates in one" (after a side)
    MatesInOne => "w_mates_in_one";
    /// "mates in" (after a side, before a number of moves)
    MatesIn => "w_mates_in";
    /// "moves" after a number ("in drei Zügen")
    MovesAfterNumber => "w_moves_after_number";
    /// "wins a pawn" (after a side)
    WinsAPawn => "w_wins_a_pawn";
    /// "wins two pawns"
    WinsTwoPawns => "w_wins_two_pawns";
    /// "wins the exchange" (a rook for a knight or bishop)
    WinsTheExchange => "w_wins_the_exchange";
    /// "wins a piece"
    WinsAPiece => "w_wins_a_piece";
    /// "wins a rook"
    WinsARook => "w_wins_a_rook";
    /// "wins the queen"
    WinsTheQueen => "w_wins_the_queen";
    /// "wins material"
    WinsMaterial => "w_wins_material";
    /// "hint": a move suggested to the player
    Hint => "w_hint";
    /// "no move to suggest"
    NoMoveToSuggest => "w_no_move_to_suggest";
    /// "threat": what the opponent threatens
    Threat => "w_threat";
    /// "threatens" (after a side, before a move)
    Threatens => "w_threatens";
    /// "no immediate threat"
    NoThreat => "w_no_threat";
    /// "review": the moves that lost most, after the game
    Review => "w_review";
    /// "no serious mistakes"
    NoSeriousMistakes => "w_no_serious_mistakes";
    /// "better was" (before a move)
    BetterWas => "w_better_was";
    /// "that cost about a pawn"
    CostOnePawn => "w_cost_one_pawn";
    /// "that cost about" (before a number of pawns)
    CostAbout => "w_cost_about";
    /// "pawns" after a number
    PawnsAfterNumber => "w_pawns_after_number";
    /// "missed a mate"
    MissedMate => "w_missed_mate";
    /// "allowed a mate"
    AllowedMate => "w_allowed_mate";
    /// fair play: this build can play against a chess engine, never in a game against a person
    EngineBuiltIn => "w_engine_built_in";
    /// fair play: "tournament build: no chess engine and no network"
    TournamentBuild => "w_tournament_build";
    // --- sources of moves, the opponent outside the board (issues 30, 31) ---
    /// "the opponent makes its own moves" (a move typed for a chess program's or remote side)
    OpponentsTurn => "w_opponents_turn";
    /// "the opponent's move is not legal here"
    OpponentMoveNotLegal => "w_opponent_move_not_legal";
    /// "this program is built without a chess engine" (`--opponent engine` in a tournament build)
    EngineNotBuilt => "w_engine_not_built";
    /// "no chess engine in tournament mode"
    NoEngineInTournament => "w_no_engine_in_tournament";
    /// "no chess engine in this game" (a hint asked for in a game against a person)
    NoEngineInThisGame => "w_no_engine_in_this_game";
    /// "the chess engine is not running"
    EngineNotRunning => "w_engine_not_running";
    /// "type the opponent's moves, or end with Ende" (after the engine failed for good)
    TypeOpponentsMoves => "w_type_opponents_moves";
    // --- tournament mode (issue 33) ---
    /// "Turniermodus": help only as the Laws allow (issue 33)
    TournamentMode => "w_tournament_mode";
    /// "home mode": every help
    HomeMode => "w_home_mode";
    /// "goes on in" (before a mode)
    GoesOnIn => "w_goes_on_in";
    /// "played in" (before the mode a game was started in: verify, replay)
    ModeLabel => "w_mode_label";
    /// the record: the game left tournament mode
    TournamentModeLeft => "w_tournament_mode_left";
    /// "completed an illegal move" (after a side, 7.5.1)
    IllegalMoveCompleted => "w_illegal_move_completed";
    /// "the arbiter decides"
    ArbiterDecides => "w_arbiter_decides";
    /// "proposed to the arbiter" (before a penalty)
    ProposedToArbiter => "w_proposed_to_arbiter";
    /// "confirms" (after the arbiter's command)
    ConfirmsIt => "w_confirms_it";
    /// "lets play go on without it" (after the arbiter's resume)
    DismissesIt => "w_dismisses_it";
    /// "the program's reading, for the arbiter" (before a claim's verdict)
    ProgramReading => "w_program_reading";
    /// "nothing is before the arbiter"
    NothingReferred => "w_nothing_referred";
    /// "the mode cannot change during a game"
    ModeStays => "w_mode_stays";
    /// "program file" (before its SHA-256)
    ProgramFile => "w_program_file";
    /// fair play statement: its title
    StatementTitle => "w_statement_title";
    /// fair play statement: "what it does"
    StatementDoes => "w_statement_does";
    /// fair play statement: "what it does not do"
    StatementDoesNot => "w_statement_does_not";
    /// fair play statement: "how to check"
    StatementCheck => "w_statement_check";
    /// fair play: D.2.1
    ServesAnnounce => "w_serves_announce";
    /// fair play: D.2.2, D.2.3
    ServesPegs => "w_serves_pegs";
    /// fair play: D.2.6.1
    ServesClock => "w_serves_clock";
    /// fair play: D.2.7
    ServesRecord => "w_serves_record";
    /// fair play: D.2.9
    ServesBoards => "w_serves_boards";
    /// fair play: D.2.10
    ServesAssistant => "w_serves_assistant";
    /// fair play: no verdict before the clock
    NotVerdict => "w_not_verdict";
    /// fair play: claims to the arbiter
    NotClaims => "w_not_claims";
    /// fair play: how the journal proves it
    CheckJournal => "w_check_journal";
    /// fair play: "the mode it starts in" (before a mode)
    DefaultMode => "w_default_mode";
    /// "presses the clock" (after a side, in replay)
    PressesClock => "w_presses_clock";
    /// replay: the account stops at a line the rules refuse
    ReplayStopped => "w_replay_stopped";
    /// allowed help: moves checked before the clock
    HelpLegality => "w_help_legality";
    /// allowed help: claims judged by the program
    HelpClaims => "w_help_claims";
    /// "helps the organiser allowed (D.1)" (before a list)
    HelpsAllowed => "w_helps_allowed";
    /// replay: a command typed
    CommandTyped => "w_command_typed";
    /// replay: a command said
    CommandSaid => "w_command_said";
    /// replay: a command by a key of the peg board
    CommandKeyed => "w_command_keyed";
    /// "speech through" (before a sound output's name: the VI player's earphone)
    SpeechThrough => "w_speech_through";
    /// "sound outputs present" (before a list of their names)
    SoundOutputsAre => "w_sound_outputs_are";
    /// a sound output for speech needs the recorded voice
    OnlyRecordedVoice => "w_only_recorded_voice";
    /// "your own recorded words listen too" (said when listening starts)
    OwnVoiceHears => "w_own_voice_hears";
    /// "your own recorded words do not listen: words not yet recorded" (before a number)
    OwnVoiceIncomplete => "w_own_voice_incomplete";
    /// "your own recorded words found" (`annexd recognize`, before their phrases)
    OwnVoiceFound => "w_own_voice_found";
    /// "distance" (before the mean distance a frame of a phrase the recorded words found)
    Distance => "w_distance";
    /// "any words" (the recorded words in any order, outside the grammar)
    AnyWords => "w_any_words";
}
