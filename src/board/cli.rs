//! The `board-sim` and `board-watch` subcommands: a simulated board on a pseudo-terminal (a
//! peg board, or a Millennium ChessLink board), and a watcher that connects to any board a
//! [`BoardSpec`] names and prints one JSON object a line for what it understands, the same
//! for every kind (for people building boards, and for tests).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use crossbeam_channel::Receiver;
use serde_json::{Value, json};
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{Bitboard, Chess, Move, Position, Role};

use super::connection::BoardConnection;
use super::port_event::PortEvent;
use super::sim::{self, SimNote, SimOptions};
use crate::error::{Error, Message, notice, notice_with, out_line};
use annexd_core::board::simulated::{SimOrder, SimulatedPegBoardOptions};
use annexd_core::board::{
    BoardOptions, BoardSpec, BoardSpecError, ChoiceError, DifferenceKind, LinkEvent, Sensing,
    Tracker, TrackerOutput,
};
use annexd_core::{ChessLinkLine, Lang, Token, Word};

/// The kinds of board `board-sim` simulates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum SimKind {
    /// The tactile peg board (docs/pegboard-protocol.md).
    #[default]
    Peg,
    /// A Millennium board with the ChessLink module.
    Chesslink,
}

/// The serial framing of a ChessLink board's port, as the settings name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LineArg {
    /// 7 data bits, odd parity (the protocol's).
    #[value(name = "7o1")]
    SevenOddOne,
    /// 8 data bits, the parity in bit 7 of each byte.
    #[value(name = "8n1")]
    EightNoneOne,
}

impl From<LineArg> for ChessLinkLine {
    fn from(line: LineArg) -> Self {
        match line {
            LineArg::SevenOddOne => ChessLinkLine::SevenOddOne,
            LineArg::EightNoneOne => ChessLinkLine::EightNoneOne,
        }
    }
}

/// A board spec on the command line that is none, said in `lang`: the words, the option as
/// typed and a right spec ("Brettart unbekannt: --board dgr:x, zum Beispiel …").
pub fn spec_error(lang: Lang, flag: &str, err: &BoardSpecError) -> Error {
    Error::new(lang, err.word())
        .shown(format!(
            "{flag} {}, {} {}",
            err.input,
            lang.word(Word::ForExample),
            err.example()
        ))
        .logged(err)
        .usage()
}

/// `annexd board-sim`: a simulated peg board (or ChessLink board) on a pseudo-terminal.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// The kind of board: peg (the tactile peg board) or chesslink (a Millennium board).
    #[arg(long, value_enum, default_value = "peg")]
    pub kind: SimKind,
    /// How the program opens a ChessLink board's port: 7o1 or 8n1 (its setting
    /// board.chesslink-line); a pseudo-terminal carries the parity bits as that line expects.
    #[arg(long, value_enum, default_value = "7o1")]
    pub line: LineArg,
    /// ChessLink: probability that a status message goes out with a character whose parity
    /// bit is wrong (--bad-checksum: with a wrong block parity).
    #[arg(long, default_value_t = 0.0)]
    pub bad_parity: f64,
    /// What the board senses: occupancy, color or piece.
    #[arg(long, default_value = "occupancy")]
    pub sensing: Sensing,
    /// The starting position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Probability of a hesitant lift (UP, DOWN, UP) before each lift.
    #[arg(long, default_value_t = 0.0)]
    pub bounce: f64,
    /// Make each move's lifts and drops in a random valid order.
    #[arg(long)]
    pub shuffle: bool,
    /// The order of each move's events: mover (victim last, king first), other (victim
    /// first, rook first) or shuffle.
    #[arg(long)]
    pub order: Option<SimOrder>,
    /// Probability that a line goes out with a wrong checksum.
    #[arg(long, default_value_t = 0.0)]
    pub bad_checksum: f64,
    /// Vanish after this many UP/DOWN events, and come back at the same path.
    #[arg(long)]
    pub disconnect_after: Option<u32>,
    /// Seed of the noise.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Send *HH checksums on every line.
    #[arg(long)]
    pub checksum: bool,
    /// The path of the port link to make (default: annexd-pegboard-USER or
    /// annexd-chesslink-USER in the temporary folder, the same after a restart; -2, -3 … while
    /// another simulator has it).
    #[arg(long)]
    pub link: Option<PathBuf>,
    /// ChessLink: at the end, print what the board sent as one JSON line (statuses, damaged;
    /// for the benchmarks).
    #[arg(long, hide = true)]
    pub counts: bool,
    /// The language of its notices (default: the settings' language).
    #[arg(long, help = crate::help::lang_help_about("The language of its notices", " (default: the settings' language)"))]
    pub lang: Option<Lang>,
}

/// `annexd board-watch`: connect to a board and print what it understands, as JSON lines.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The board: a peg board's port, dgt:PORT, chesslink:PORT, chesslink:ble[:NAME],
    /// chessnut:ble[:NAME] or pegasus:ble[:NAME] (see docs/boards.md).
    #[arg(long)]
    pub board: String,
    /// The game position the board should show.
    #[arg(long)]
    pub fen: Option<String>,
    /// The serial line speed (default: the board kind's).
    #[arg(long)]
    pub speed: Option<u32>,
    /// The board is a DGT e-board (old spelling of --board dgt:PORT).
    #[arg(long, hide = true)]
    pub dgt: bool,
    /// Send *HH checksums (peg board).
    #[arg(long)]
    pub checksum: bool,
    /// How a ChessLink board's port is opened: 7o1 (its protocol's) or 8n1 (the parity in
    /// each byte).
    #[arg(long, value_enum, default_value = "7o1")]
    pub chesslink_line: LineArg,
    /// The language of the "say" texts (moves in the Annex D words).
    #[arg(long, default_value = "de", help = crate::help::lang_help_about("The language of the \"say\" texts", " (moves in the Annex D words)"))]
    pub lang: Lang,
}

/// The position of `--fen`, or the start position.
fn position_from(fen: Option<&str>, lang: Lang) -> Result<Chess, Error> {
    match fen {
        None => Ok(Chess::default()),
        Some(fen) => crate::notation::cli::position_or_fail(fen, lang),
    }
}

/// Runs `board-sim`: prints the port path, then takes typed lines from standard input until
/// it ends (see [`drive`]).
pub fn run_sim(args: SimArgs) -> Result<ExitCode, Error> {
    let lang = crate::config::user_lang(args.lang);
    if let Some(fen) = &args.fen {
        position_from(Some(fen), lang)?;
    }
    if args.kind == SimKind::Chesslink {
        return run_chesslink_sim(args, lang);
    }
    let (link, _lock) = link_or_default(args.link, "pegboard", lang)?;
    let options = SimOptions {
        device: SimulatedPegBoardOptions {
            sensing: args.sensing,
            fen: args.fen,
            bounce: args.bounce.clamp(0.0, 1.0),
            order: args.order.unwrap_or(if args.shuffle {
                SimOrder::Shuffled
            } else {
                SimOrder::MoverFirst
            }),
            bad_checksum: args.bad_checksum.clamp(0.0, 1.0),
            seed: args.seed,
            checksum: args.checksum,
        },
        disconnect_after: args.disconnect_after,
        link,
        // For other programs to open: a pseudo-terminal (none on Windows, where this says so
        // and `play --board sim` simulates the board inside the program).
        in_process: false,
        ..SimOptions::default()
    };
    let handle = sim::start_simulator(options)
        .map_err(|e| Error::new(lang, Word::SimulatedBoardCannotStart).logged(e))?;
    drive(&handle, lang);
    Ok(ExitCode::SUCCESS)
}

/// A simulated board that `board-sim` drives with typed lines.
trait TypedBoard {
    /// The stable path of its port.
    fn path(&self) -> &Path;
    /// Carries out a typed line (a move, a piece's way, a raw event).
    fn type_line(&self, line: &str);
    /// Its notes: lines refused, the port lost or back.
    fn feedback(&self) -> &Receiver<SimNote>;
    /// The squares it lights, each time they change; `None` for a board without lights.
    fn lights(&self) -> Option<&Receiver<Bitboard>>;
    /// What it takes on standard input, in words.
    fn keys(&self) -> Word;
}

impl TypedBoard for sim::SimHandle {
    fn path(&self) -> &Path {
        sim::SimHandle::path(self)
    }
    fn type_line(&self, line: &str) {
        sim::SimHandle::type_line(self, line);
    }
    fn feedback(&self) -> &Receiver<SimNote> {
        sim::SimHandle::feedback(self)
    }
    fn lights(&self) -> Option<&Receiver<Bitboard>> {
        None
    }
    fn keys(&self) -> Word {
        Word::SimKeys
    }
}

#[cfg(unix)]
impl TypedBoard for super::sim_chesslink::ChessLinkSim {
    fn path(&self) -> &Path {
        super::sim_chesslink::ChessLinkSim::path(self)
    }
    fn type_line(&self, line: &str) {
        super::sim_chesslink::ChessLinkSim::type_line(self, line);
    }
    fn feedback(&self) -> &Receiver<SimNote> {
        super::sim_chesslink::ChessLinkSim::feedback(self)
    }
    fn lights(&self) -> Option<&Receiver<Bitboard>> {
        Some(super::sim_chesslink::ChessLinkSim::lights(self))
    }
    fn keys(&self) -> Word {
        Word::SimChessLinkKeys
    }
}

/// What a line typed to `board-sim` asks of the simulator itself, rather than of its board.
#[derive(Debug, Clone, PartialEq, Eq)]
enum SimLine {
    /// Its help (`help`, `?`, the language's word for help).
    Help,
    /// The squares lit now (`lights`, `leds`).
    Lights,
    /// A line for the board: a move, a piece's way, a raw event; the in-game prefix `peg`
    /// (`Stift`, `tige`) as the game's help names it is taken off.
    Board(String),
    /// Nothing.
    Empty,
}

/// What a typed line is.
fn sim_line(line: &str) -> SimLine {
    let line = line.trim();
    let lower = line.to_lowercase();
    let help_words = Lang::ALL.map(|lang| lang.word(Word::Help).to_lowercase());
    if lower.is_empty() {
        return SimLine::Empty;
    }
    if lower == "?" || lower == "help" || help_words.contains(&lower) {
        return SimLine::Help;
    }
    if lower == "lights" || lower == "leds" {
        return SimLine::Lights;
    }
    let peg_words = Lang::ALL.map(|lang| lang.word(Word::Peg).to_lowercase());
    let rest = line
        .split_once(char::is_whitespace)
        .and_then(|(first, rest)| {
            let first = first.to_lowercase();
            (first == "peg" || peg_words.contains(&first)).then(|| rest.trim())
        });
    match rest {
        Some(rest) => SimLine::Board(rest.to_string()),
        None if peg_words.contains(&lower) || lower == "peg" => SimLine::Help,
        None => SimLine::Board(line.to_string()),
    }
}

/// The lights as said: "Lichter an, Eva zwei, Eva vier", or "Lichter aus".
fn lights_message(lang: Lang, lit: Bitboard) -> Message {
    if lit.is_empty() {
        return Message::word(lang, Word::LightsOff);
    }
    let mut tokens = vec![Token::Word(Word::LightsOn)];
    for square in lit {
        tokens.push(Token::Pause);
        tokens.extend(annexd_core::square_tokens(square));
    }
    Message::said(lang, tokens)
}

/// Drives a simulated board from standard input until it ends: prints its port's path, its
/// keys, and then what it says back (a refusal with the simulator's own help, unplugged,
/// back, the lights the program sets), each a notice in words with its detail in the log.
fn drive(board: &dyn TypedBoard, lang: Lang) {
    out_line(board.path().display());
    let keys = board.keys();
    notice(&Message::word(lang, keys));
    let feedback = board.feedback().clone();
    let lights = board.lights().cloned();
    let lit = std::sync::Arc::new(std::sync::Mutex::new(Bitboard::EMPTY));
    let shown = std::sync::Arc::clone(&lit);
    std::thread::spawn(move || {
        let lights = lights.unwrap_or_else(crossbeam_channel::never);
        loop {
            crossbeam_channel::select! {
                recv(feedback) -> note => {
                    let Ok(note) = note else { return };
                    let message = match &note {
                        SimNote::Refused(refusal) => match refusal.typed() {
                            // Not understood: the simulator's own keys, not the game's.
                            Some(typed) => Message::said(
                                lang,
                                [
                                    Token::Word(Word::SimulatedBoardCannot),
                                    Token::Pause,
                                    Token::Word(keys),
                                ],
                            )
                            .shown(typed),
                            None => Message::said(lang, refusal.tokens()),
                        },
                        SimNote::Unplugged | SimNote::Failed(_) => {
                            Message::word(lang, Word::BoardLost)
                        }
                        SimNote::Replugged => Message::word(lang, Word::BoardConnected),
                    };
                    notice_with(&message, note);
                }
                recv(lights) -> squares => {
                    let Ok(squares) = squares else { return };
                    *shown.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = squares;
                    notice(&lights_message(lang, squares));
                }
            }
        }
    });
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        match sim_line(&line) {
            SimLine::Empty => {}
            SimLine::Help => notice(&Message::word(lang, keys)),
            SimLine::Lights if board.lights().is_some() => {
                let now = *lit
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                notice(&lights_message(lang, now));
            }
            SimLine::Lights => board.type_line(line.trim()),
            SimLine::Board(text) => board.type_line(&text),
        }
    }
    std::thread::sleep(Duration::from_millis(200));
}

/// The link `board-sim` makes: `--link`, else a stable path of this user's in the temporary
/// folder (`annexd-chesslink-anna`), the same after a restart, so that a game waiting for the
/// board finds it again; a second simulator running meanwhile gets the next free one (`-2`).
/// The lock beside it, held while the simulator runs, tells which are taken.
fn link_or_default(
    link: Option<PathBuf>,
    kind: &str,
    lang: Lang,
) -> Result<(Option<PathBuf>, Option<std::fs::File>), Error> {
    if link.is_some() {
        return Ok((link, None));
    }
    let user: String = std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .unwrap_or_default()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    let base = if user.is_empty() {
        format!("annexd-{kind}")
    } else {
        format!("annexd-{kind}-{user}")
    };
    let dir = std::env::temp_dir();
    for n in 1..100u32 {
        let name = if n == 1 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        let lock_path = dir.join(format!("{name}.lock"));
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| Error::io(lang, Word::SimulatedBoardCannotStart, &lock_path, &e))?;
        if lock.try_lock().is_ok() {
            return Ok((Some(dir.join(name)), Some(lock)));
        }
    }
    Err(Error::new(lang, Word::SimulatedBoardCannotStart).logged("99 simulators run already"))
}

/// `board-sim --kind chesslink`: a simulated ChessLink board until standard input ends; with
/// `--counts`, then what it sent, as one JSON line (`{"statuses": …, "damaged": …}`, for the
/// benchmarks).
#[cfg(unix)]
fn run_chesslink_sim(args: SimArgs, lang: Lang) -> Result<ExitCode, Error> {
    use super::sim_chesslink::{ChessLinkSimOptions, start_chesslink_simulator};
    use annexd_core::board::chesslink::device::Noise;
    let (link, _lock) = link_or_default(args.link, "chesslink", lang)?;
    let options = ChessLinkSimOptions {
        fen: args.fen,
        order: args.order.unwrap_or(if args.shuffle {
            SimOrder::Shuffled
        } else {
            SimOrder::MoverFirst
        }),
        line: args.line.into(),
        noise: Noise {
            bad_character: args.bad_parity.clamp(0.0, 1.0),
            bad_block_parity: args.bad_checksum.clamp(0.0, 1.0),
            lost_byte: 0.0,
        },
        seed: args.seed,
        link,
        ..ChessLinkSimOptions::default()
    };
    let handle = start_chesslink_simulator(options)
        .map_err(|e| Error::new(lang, Word::SimulatedBoardCannotStart).logged(e))?;
    drive(&handle, lang);
    let counts = handle.stop();
    if args.counts {
        out_line(json!({"statuses": counts.statuses, "damaged": counts.damaged}));
    }
    Ok(ExitCode::SUCCESS)
}

/// Without pseudo-terminals there is no simulated ChessLink board.
#[cfg(not(unix))]
fn run_chesslink_sim(_args: SimArgs, lang: Lang) -> Result<ExitCode, Error> {
    Err(Error::new(lang, Word::SimulatedBoardCannotStart)
        .logged("the simulated ChessLink board needs pseudo-terminals (Linux, macOS)"))
}

fn say(lang: Lang, tokens: &[Token]) -> String {
    lang.text(tokens)
}

fn kind_name(kind: DifferenceKind) -> &'static str {
    match kind {
        DifferenceKind::Missing => "missing",
        DifferenceKind::NoPieceBelongsHere => "no_piece_belongs_here",
        DifferenceKind::WrongColor => "wrong_color",
        DifferenceKind::WrongPiece => "wrong_piece",
    }
}

fn uci(m: Move) -> String {
    UciMove::from_standard(m).to_string()
}

/// The JSON line for one tracker output; `before` is the position the move was made in.
pub fn output_json(output: &TrackerOutput, before: &Chess, lang: Lang) -> Value {
    let text = say(lang, &output.tokens());
    match output {
        TrackerOutput::Touch { square, piece, own } => {
            json!({"event": "touch", "square": square.to_string(), "piece": piece.char().to_string(), "own": own, "say": text})
        }
        TrackerOutput::PutBack { square, piece, own } => {
            json!({"event": "put_back", "square": square.to_string(), "piece": piece.char().to_string(), "own": own, "say": text})
        }
        TrackerOutput::Move(m) => {
            json!({"event": "move", "uci": uci(*m), "san": San::from_move(before, *m).to_string(), "say": text})
        }
        TrackerOutput::NeedPromotion { from, to } => {
            json!({"event": "promotion", "from": from.to_string(), "to": to.to_string(), "say": text})
        }
        TrackerOutput::NeedChoice(moves) => {
            json!({"event": "choice", "moves": moves.iter().map(|m| uci(*m)).collect::<Vec<_>>(), "say": text})
        }
        TrackerOutput::Differences(diffs) => {
            let squares: Vec<Value> = diffs
                .iter()
                .map(|d| {
                    json!({
                        "square": d.square.to_string(),
                        "kind": kind_name(d.kind),
                        "expected": d.expected.map(|p| p.char().to_string()),
                        "found": d.found.scan_char().to_string(),
                    })
                })
                .collect();
            json!({"event": "diff", "squares": squares, "say": text})
        }
        TrackerOutput::BoardsAgree => json!({"event": "agree", "say": text}),
        TrackerOutput::CastlingNotAllowed { castle, rook } => {
            json!({"event": "castling_not_allowed", "castle": uci(*castle), "rook": rook.to_string(), "rule": "4.4.2", "say": text})
        }
    }
}

fn emit(value: &Value) {
    let mut out = std::io::stdout().lock();
    // Standard output or error is closed: there is nowhere else to write this.
    let _ = writeln!(out, "{value}");
    let _ = out.flush();
}

fn emit_outputs(
    outputs: Vec<TrackerOutput>,
    tracker_before: &Chess,
    tracker: &Tracker,
    lang: Lang,
) {
    let mut before = tracker_before.clone();
    for o in &outputs {
        emit(&output_json(o, &before, lang));
        if let TrackerOutput::Move(m) = o {
            before.play_unchecked(*m);
        }
    }
    debug_assert!(
        outputs.iter().all(|o| !matches!(o, TrackerOutput::Move(_)))
            || &before == tracker.position()
    );
}

/// A promotion piece named in any language's words or as a SAN letter ("Dame", "queen",
/// "cavalier", "N").
fn parse_role(word: &str) -> Option<Role> {
    annexd_core::parse_piece(word).filter(|role| !matches!(role, Role::King | Role::Pawn))
}

/// An error event: where it came from, the data it is about (a line typed, a port's
/// report), and the words.
fn error_json(source: &str, text: &str, lang: Lang, tokens: &[Token]) -> Value {
    json!({"event": "error", "source": source, "text": text, "say": say(lang, tokens)})
}

fn choice_tokens(err: ChoiceError) -> Vec<Token> {
    vec![Token::Word(match err {
        ChoiceError::NothingAsked => Word::NothingAsked,
        ChoiceError::NotACandidate => Word::NotAmongChoices,
    })]
}

/// The board `board-watch` is to read: its spec, and `--dgt`'s old meaning.
fn watched_board(args: &WatchArgs) -> Result<BoardSpec, Error> {
    let spec: BoardSpec = args
        .board
        .parse()
        .map_err(|err| spec_error(args.lang, "--board", &err))?;
    Ok(match spec {
        BoardSpec::Peg(port) if args.dgt => BoardSpec::Dgt(port),
        spec => spec,
    })
}

/// Runs `board-watch` until standard input says `quit` (or the program is stopped). Lines on standard input: `settle` (the clock pressed), `promote
/// q|r|b|n`, `choose <uci>`, `quit`.
pub fn run_watch(args: WatchArgs) -> Result<ExitCode, Error> {
    let lang = args.lang;
    let position = position_from(args.fen.as_deref(), lang)?;
    let spec = watched_board(&args)?;
    let options = BoardOptions {
        peg_checksum: args.checksum,
        chesslink_line: match args.chesslink_line {
            LineArg::SevenOddOne => annexd_core::board::chesslink::Line::Serial7O1,
            LineArg::EightNoneOne => annexd_core::board::chesslink::Line::Serial8N1,
        },
        ..BoardOptions::default()
    };
    let Some(link) = BoardConnection::open(&spec, &options, args.speed) else {
        // No board (none, typed) or the simulator, which board-watch does not start.
        return Err(Error::new(lang, Word::BoardKindUnknown)
            .shown(&args.board)
            .usage());
    };
    tracing::info!("board-watch: {spec} ({})", link.name());
    let mut tracker = Tracker::new(position, link.sensing().unwrap_or(Sensing::Occupancy));
    let (stdin_tx, mut stdin_rx) = crossbeam_channel::unbounded::<Option<String>>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if stdin_tx.send(Some(line)).is_err() {
                return;
            }
        }
        // The receiver is gone only when its owner is shutting down: nobody is left to tell.
        let _ = stdin_tx.send(None);
    });
    loop {
        crossbeam_channel::select! {
            recv(link.events()) -> event => {
                let Ok(event) = event else {
                    // The link's thread is gone: nothing more can come from the board.
                    return Err(Error::new(lang, Word::BoardLost).logged("the board link's thread ended"));
                };
                let before = tracker.position().clone();
                match event {
                    PortEvent::Unavailable(text) => emit(&error_json("port", &text, lang, &[Token::Word(Word::DeviceMissing)])),
                    PortEvent::NoBluetooth(text) => emit(&error_json("bluetooth", &text, lang, &[Token::Word(Word::NoBluetooth)])),
                    PortEvent::Link(LinkEvent::Connected(hello)) => {
                        tracker.set_sensing(hello.sensing);
                        emit(&json!({
                            "event": "hello", "model": hello.model, "firmware": hello.firmware,
                            "sensing": hello.sensing.word(), "say": say(lang, &[Token::Word(Word::BoardConnected)]),
                        }));
                    }
                    PortEvent::Link(LinkEvent::Input(input)) => {
                        let outputs = tracker.handle(&input);
                        emit_outputs(outputs, &before, &tracker, lang);
                    }
                    PortEvent::Link(LinkEvent::Key(name)) => {
                        emit(&json!({"event": "key", "name": name}));
                        if name == "clock" {
                            let outputs = tracker.settle();
                            emit_outputs(outputs, &before, &tracker, lang);
                        }
                    }
                    PortEvent::Link(LinkEvent::DeviceError(text)) => emit(&error_json("board", &text, lang, &[Token::Word(Word::BoardError)])),
                    PortEvent::Link(LinkEvent::Dropped(text)) => emit(&error_json("line", &text, lang, &[Token::Word(Word::BoardError)])),
                    PortEvent::Link(LinkEvent::Ignored(text)) => emit(&json!({"event": "ignored", "line": text})),
                    PortEvent::Link(LinkEvent::Lost) => {
                        emit(&json!({"event": "lost", "say": say(lang, &[Token::Word(Word::BoardLost)])}));
                    }
                }
            }
            recv(stdin_rx) -> line => {
                match line {
                    Ok(Some(line)) => {
                        let words: Vec<&str> = line.split_whitespace().collect();
                        let before = tracker.position().clone();
                        let result = match words.as_slice() {
                            [] => continue,
                            ["quit"] => return Ok(ExitCode::SUCCESS),
                            ["settle"] => Ok(tracker.settle()),
                            ["promote", role] => match parse_role(role) {
                                Some(role) => tracker.choose_promotion(role).map_err(choice_tokens),
                                None => Err(vec![Token::Word(Word::PromotionPieceMissing)]),
                            },
                            ["choose", text] => match text.parse::<UciMove>().ok().and_then(|u| u.to_move(&before).ok()) {
                                Some(m) => tracker.choose(m).map_err(choice_tokens),
                                None => Err(vec![Token::Word(Word::NotLegal)]),
                            },
                            _ => Err(vec![Token::Word(Word::UnknownCommand)]),
                        };
                        match result {
                            Ok(outputs) => emit_outputs(outputs, &before, &tracker, lang),
                            Err(tokens) => emit(&error_json("input", &line, lang, &tokens)),
                        }
                    }
                    // Standard input ended: keep watching the board.
                    _ => stdin_rx = crossbeam_channel::never(),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_promotion_piece_is_read_in_every_language_and_as_a_letter() {
        for (word, role) in [
            ("Dame", Role::Queen),
            ("queen", Role::Queen),
            ("q", Role::Queen),
            ("Turm", Role::Rook),
            ("tour", Role::Rook),
            ("Läufer", Role::Bishop),
            ("fou", Role::Bishop),
            ("bishop", Role::Bishop),
            ("cavalier", Role::Knight),
            ("Springer", Role::Knight),
            ("N", Role::Knight),
        ] {
            assert_eq!(parse_role(word), Some(role), "{word}");
        }
        for word in ["König", "roi", "pawn", "Bauer", "x"] {
            assert_eq!(parse_role(word), None, "{word}");
        }
    }
}
