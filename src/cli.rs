//! The command line: one subcommand per job (play, clock, announce, parse, …), parsed by clap,
//! and the one place that runs a command and reports how it failed.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use annexd_core::{Lang, Token, Word};

use crate::error::{Error, Message, notice_with, report};

/// The command line.
#[derive(Parser)]
#[command(
    name = "annexd",
    version,
    about = "Play chess over the board under FIDE Annex D",
    args_override_self = true,
    propagate_version = true
)]
pub struct Cli {
    /// Write the log here (appending). Without it: standard error when RUST_LOG is set, else
    /// annexd.log in the state folder for play and resume. RUST_LOG sets the level (info).
    #[arg(long, global = true, value_name = "FILE")]
    log: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Job,
}

#[derive(Subcommand)]
enum Job {
    /// Play a game: type or say moves and commands, hear or read every announcement; lines
    /// for screen readers and Braille displays, or a board view for a sighted helper (--view
    /// board).
    Play(Box<crate::app::options::PlayArgs>),
    /// Continue a game from its journal exactly where it stopped.
    Resume(crate::app::options::ResumeArgs),
    /// Print the effective settings (settings file and defaults).
    Config(crate::app::config_cmd::ConfigArgs),
    /// Print the Annex D announcement of a move.
    Announce(crate::notation::cli::AnnounceArgs),
    /// Print the UCI of the legal move a text names, or why there is none.
    Parse(crate::notation::cli::ParseArgs),
    /// The talking clock (Annex D.2.6.1): every FIDE time control, time and moves said aloud
    Clock(crate::clock::cli::ClockArgs),
    /// Print the PGN of a game journal (a damaged last line is reported and left out).
    Pgn(crate::record::cli::RecordArgs),
    /// Write the scoresheet of a game: pdf (printable), brf (Braille), txt or pgn.
    Sheet(crate::record::cli::SheetArgs),
    /// Say whether a game's record is intact: its seal, its replay, its check code.
    Verify(crate::record::verify::VerifyArgs),
    /// Say what an arbiter needs to know: no engine, no network, the record's state.
    Fairplay(crate::record::fairplay::FairplayArgs),
    /// Show everything a game's sealed journal holds, line by line with its time, for an
    /// arbiter checking a complaint.
    Replay(crate::record::replay::ReplayArgs),
    /// Run a simulated board (a peg board, or --kind chesslink) on a pseudo-terminal (prints
    /// its path; type moves or events).
    BoardSim(crate::board::cli::SimArgs),
    /// Connect to a board and print what it understands, one JSON object a line.
    BoardWatch(crate::board::cli::WatchArgs),
    /// Speak words, or render them to a WAV file.
    Say(crate::speech::cli::SayArgs),
    /// List, check and record voices.
    Voices(crate::speech::cli::VoicesArgs),
    /// Decode a recording (WAV file or input device) and print what was heard and understood.
    Recognize(crate::listen::cli::RecognizeArgs),
    /// Try the chess engine for games at home: its name, the level, its move in a position.
    #[cfg(feature = "engine")]
    Engine(crate::engine::cli::EngineCheckArgs),
    /// Write the manual pages and shell completions (for scripts/package.sh).
    #[command(hide = true)]
    GenerateDocs(crate::manual::GenerateDocsArgs),
}

/// Runs the command line of this process: the log set up, the command run, and a failure
/// reported once, in the user's language (`report`).
pub fn main() -> ExitCode {
    let cli = match command()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => cli,
        Err(err) => return command_line_failure(&err),
    };
    let plays = matches!(cli.command, Job::Play(_) | Job::Resume(_));
    if let Err((path, err)) = crate::logging::init(
        cli.log.as_deref(),
        plays.then(crate::logging::default_log_file).flatten(),
    ) {
        let lang = crate::config::user_lang(cli.command.lang());
        let mut words = vec![Token::Word(Word::LogNotWritten)];
        words.extend(crate::error::io_reason(&err));
        notice_with(&Message::said(lang, words).shown(path.display()), err);
    }
    match try_main(cli) {
        Ok(code) => code,
        Err(err) => {
            report(&err);
            err.exit_code()
        }
    }
}

/// The command line as it is parsed, shown and written into the manual pages: the commands
/// and their options, every `--lang` read so that a wrong one is told the languages there are,
/// the defaults of `play` and `resume` taken from the settings, and each command's examples.
pub fn command() -> clap::Command {
    let mut cmd = Cli::command().arg_required_else_help(true);
    if let Some(examples) = crate::help::examples_help("annexd") {
        cmd = cmd.after_help(examples);
    }
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(&name, |mut sub| {
            if let Some(examples) = crate::help::examples_help(&name) {
                sub = sub.after_help(examples);
            }
            if name == "play" || name == "resume" {
                sub = with_settings_defaults(sub);
            }
            with_lang_parser(sub)
        });
    }
    cmd
}

/// Every `--lang` of `cmd` and its subcommands read by [`crate::help::LangParser`].
fn with_lang_parser(mut cmd: clap::Command) -> clap::Command {
    if cmd.get_arguments().any(|arg| arg.get_id() == "lang") {
        cmd = cmd.mut_arg("lang", |arg| arg.value_parser(crate::help::LangParser));
    }
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(name, with_lang_parser);
    }
    cmd
}

/// The options of `play` and `resume` end with their default and the setting that changes
/// it: "[default: text, or the settings' speech.backend]".
fn with_settings_defaults(mut cmd: clap::Command) -> clap::Command {
    for (id, default, setting) in crate::help::seat_defaults() {
        if !cmd.get_arguments().any(|arg| arg.get_id() == id) {
            continue;
        }
        cmd = cmd.mut_arg(id, |arg| {
            let suffix = format!("[default: {default}, or the settings' {setting}]");
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            let long = arg.get_long_help().map(ToString::to_string);
            let arg = arg.help(format!("{help} {suffix}"));
            match long {
                Some(long) => arg.long_help(format!("{long}\n\n{suffix}")),
                None => arg,
            }
        });
    }
    cmd
}

/// A command line that cannot be run, said in words like every failure: what is wrong, the
/// option or value as typed, the values allowed where clap knows them, and where help is;
/// clap's own text (in English) goes to the log. Help and the version are printed as clap
/// prints them.
fn command_line_failure(err: &clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if !err.use_stderr() {
        // Help or the version asked for; a closed standard output has no reader to tell.
        let _ = err.print();
        return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
    }
    if err.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // No command: the list of commands, on standard output like any help, and the exit
        // status of a command line that ran nothing.
        let mut cmd = command();
        let help = cmd.render_help();
        let _ = crate::error::out_line(help.to_string().trim_end());
        return ExitCode::from(2);
    }
    let lang = lang_in_args().unwrap_or_else(|| crate::config::user_lang(None));
    let word = match err.kind() {
        ErrorKind::UnknownArgument => Word::UnknownOption,
        ErrorKind::InvalidSubcommand => Word::UnknownCommand,
        ErrorKind::InvalidValue | ErrorKind::ValueValidation | ErrorKind::InvalidUtf8 => {
            Word::NotAllowedValue
        }
        ErrorKind::MissingRequiredArgument
        | ErrorKind::MissingSubcommand
        | ErrorKind::NoEquals
        | ErrorKind::TooFewValues
        | ErrorKind::WrongNumberOfValues => Word::ValueMissing,
        _ => Word::BadOption,
    };
    let shown = |kind: ContextKind| match err.get(kind) {
        Some(ContextValue::String(text)) => Some(text.clone()),
        Some(ContextValue::Strings(texts)) => Some(texts.join(", ")),
        Some(ContextValue::StyledStr(text)) => Some(text.to_string()),
        Some(ContextValue::StyledStrs(texts)) => Some(
            texts
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ),
        Some(ContextValue::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    let mut error = Error::new(lang, word);
    for kind in [
        ContextKind::InvalidSubcommand,
        ContextKind::InvalidArg,
        ContextKind::InvalidValue,
    ] {
        if let Some(data) = shown(kind) {
            error = error.shown(data);
        }
    }
    if let Some(valid) = shown(ContextKind::ValidValue) {
        error = error.and_word(Word::AllowedAre).shown(valid);
    }
    let error = error
        .and_word(Word::SeeHelp)
        .logged(err.render().to_string().trim_end())
        .usage();
    report(&error);
    error.exit_code()
}

/// The language of a `--lang` on the command line, if one can be read there (for a
/// command line that clap refused as a whole).
fn lang_in_args() -> Option<Lang> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().enumerate().find_map(|(i, arg)| {
        let value = match arg.strip_prefix("--lang") {
            Some("") => args.get(i + 1)?.as_str(),
            Some(rest) => rest.strip_prefix('=')?,
            None => return None,
        };
        value.parse().ok()
    })
}

impl Job {
    /// The language asked for on the command line, where the command has a `--lang`.
    fn lang(&self) -> Option<Lang> {
        match self {
            Job::Play(args) => args.lang,
            Job::Resume(args) => args.lang,
            Job::Config(args) => args.lang,
            Job::Announce(args) => Some(args.lang),
            Job::Parse(args) => Some(args.lang),
            Job::Clock(args) => args.lang,
            Job::Pgn(args) => args.lang,
            Job::Sheet(args) => args.record.lang,
            Job::Verify(args) => args.record.lang,
            Job::Fairplay(args) => args.record.lang,
            Job::Replay(args) => args.record.lang,
            Job::BoardWatch(args) => Some(args.lang),
            Job::Say(args) => Some(args.lang),
            Job::Recognize(args) => Some(args.lang),
            #[cfg(feature = "engine")]
            Job::Engine(args) => Some(args.lang),
            Job::BoardSim(_) | Job::Voices(_) | Job::GenerateDocs(_) => None,
        }
    }
}

/// Runs one command.
fn try_main(cli: Cli) -> Result<ExitCode, Error> {
    match cli.command {
        Job::Play(args) => crate::app::play::run_play(&args),
        Job::Resume(args) => crate::app::play::run_resume(&args),
        Job::Clock(args) => crate::clock::cli::run(&args),
        Job::Config(args) => crate::app::config_cmd::run(&args),
        Job::Announce(args) => crate::notation::cli::run_announce(&args),
        Job::Parse(args) => crate::notation::cli::run_parse(&args),
        Job::Pgn(args) => crate::record::cli::run_pgn(&args),
        Job::Sheet(args) => crate::record::cli::run_sheet(&args),
        Job::Verify(args) => crate::record::verify::run(&args),
        Job::Fairplay(args) => crate::record::fairplay::run(&args),
        Job::Replay(args) => crate::record::replay::run(&args),
        Job::BoardSim(args) => crate::board::cli::run_sim(args),
        Job::BoardWatch(args) => crate::board::cli::run_watch(args),
        Job::Say(args) => crate::speech::cli::run_say(args),
        Job::Voices(args) => crate::speech::cli::run_voices(args),
        Job::Recognize(args) => crate::listen::cli::run(&args),
        #[cfg(feature = "engine")]
        Job::Engine(args) => crate::engine::cli::run(&args),
        Job::GenerateDocs(args) => crate::manual::run(command(), &args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_is_in_the_help_of_every_lang_option() {
        assert_eq!(crate::help::languages(), "de, en, fr");
        let mut missing = Vec::new();
        let mut stack = vec![command()];
        while let Some(mut cmd) = stack.pop() {
            cmd.build();
            for arg in cmd.get_arguments() {
                if arg.get_id() == "lang" {
                    let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
                    if !Lang::ALL.iter().all(|l| help.contains(l.code())) {
                        missing.push(format!("{}: {help}", cmd.get_name()));
                    }
                }
            }
            stack.extend(cmd.get_subcommands().cloned());
        }
        assert!(missing.is_empty(), "{missing:#?}");
    }
}
