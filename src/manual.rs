//! The manual pages and shell completions, generated from the command line definition itself
//! (`clap_mangen`, `clap_complete`), so that they always say what the program accepts.
//!
//! `annexd generate-docs --out DIR` (hidden; run by scripts/package.sh) writes:
//!
//! - `DIR/man/annexd.1` and one page a subcommand (`annexd-play.1`, `annexd-voices-check.1`, …);
//!   `annexd(1)` also says where voices and models are looked for (FILES);
//! - `DIR/completions/bash/annexd`, `DIR/completions/zsh/_annexd`,
//!   `DIR/completions/fish/annexd.fish`, named as each shell looks for them.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use clap_complete::Shell;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, italic, roman};

use annexd_core::Word;

use crate::error::{Error, out_line};

/// `annexd generate-docs`: write the manual pages and shell completions.
#[derive(Debug, Args)]
pub struct GenerateDocsArgs {
    /// The folder to write into (made if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

/// Runs `annexd generate-docs` for the program's command line: prints the files written.
pub fn run(cmd: clap::Command, args: &GenerateDocsArgs) -> Result<ExitCode, Error> {
    let files = generate(cmd, &args.out).map_err(|e| {
        Error::io(
            crate::config::user_lang(None),
            Word::FileNotWritten,
            &args.out,
            &e,
        )
    })?;
    for file in files {
        out_line(file.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes every manual page and completion file below `out`; returns the files written.
pub fn generate(cmd: clap::Command, out: &Path) -> io::Result<Vec<PathBuf>> {
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    let mut written = Vec::new();
    let man = out.join("man");
    crate::error::make_folder(&man)?;
    write_pages(&cmd, &man, true, &mut written)?;
    for (shell, dir, name) in [
        (Shell::Bash, "bash", "annexd"),
        (Shell::Zsh, "zsh", "_annexd"),
        (Shell::Fish, "fish", "annexd.fish"),
    ] {
        let dir = out.join("completions").join(dir);
        crate::error::make_folder(&dir)?;
        let path = dir.join(name);
        let mut file = fs::File::create(&path)?;
        clap_complete::generate(shell, &mut cmd, "annexd", &mut file);
        file.flush()?;
        written.push(path);
    }
    Ok(written)
}

/// The page of `cmd` and of each of its visible subcommands, below them.
fn write_pages(
    cmd: &clap::Command,
    dir: &Path,
    top: bool,
    written: &mut Vec<PathBuf>,
) -> io::Result<()> {
    // The examples of the help are a section of their own here (clap_mangen would call
    // them EXTRA).
    let page = Man::new(cmd.clone().after_help(None::<&str>)).manual("annexd manual");
    let path = dir.join(page.get_filename());
    let mut roff = Vec::new();
    page.render(&mut roff)?;
    let mut text = String::from_utf8(roff).expect("clap_mangen writes UTF-8");
    let name = if top { "annexd" } else { cmd.get_name() };
    let mut extra = examples_section(name);
    if top {
        extra += &(files_section() + &see_also_section(cmd));
    }
    let at = text.find("\n.SH VERSION").map_or(text.len(), |at| at + 1);
    text.insert_str(at, &extra);
    let mut file = fs::File::create(&path)?;
    file.write_all(text.as_bytes())?;
    file.flush()?;
    written.push(path);
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, dir, false, written)?;
    }
    Ok(())
}

/// EXAMPLES: the command's examples ([`crate::help::examples`]), each command line in bold
/// with what it does below it.
fn examples_section(command: &str) -> String {
    let examples = crate::help::examples(command);
    if examples.is_empty() {
        return String::new();
    }
    let mut roff = Roff::new();
    roff.control("SH", ["EXAMPLES"]);
    for (line, what) in examples {
        roff.control("TP", []);
        roff.text([bold(*line)]);
        roff.text([roman(*what)]);
    }
    roff.to_roff()
}

/// FILES: where voices, models, games and settings are (docs/install.md says the same).
fn files_section() -> String {
    let mut roff = Roff::new();
    roff.control("SH", ["FILES"]);
    roff.text([roman(
        "Voices and speech models are looked for in this order; the first match is used:",
    )]);
    for (n, inlines) in [
        vec![
            roman("a folder given on the command line ("),
            bold("--voices-dir"),
            roman(", "),
            bold("--model"),
            roman(") or in the environment ("),
            bold("ANNEXD_VOICES"),
            roman(", a list like PATH);"),
        ],
        vec![
            roman("the settings file: "),
            bold("listen.model"),
            roman(" names a model folder, "),
            bold("speech.voice"),
            roman(" the voice to look for;"),
        ],
        vec![
            italic("$XDG_DATA_HOME/annexd/"),
            roman(" (else "),
            italic("~/.local/share/annexd/"),
            roman("): personal voices/, models/ and games/;"),
        ],
        vec![italic("/usr/share/annexd/"), roman(": the voices of the package;")],
        vec![
            italic("PREFIX/share/annexd/"),
            roman(" for the program in "),
            italic("PREFIX/bin/"),
            roman(" (a package unpacked elsewhere with dpkg-deb -x);"),
        ],
        vec![roman(
            "for a development build only (not made by scripts/package.sh), the checkout it was built in.",
        )],
    ]
    .into_iter()
    .enumerate()
    {
        roff.control("IP", [format!("{}.", n + 1).as_str(), "4"]);
        roff.text(inlines);
    }
    roff.control("PP", []);
    roff.text([
        roman("Settings: "),
        italic("$XDG_CONFIG_HOME/annexd/annexd.toml"),
        roman(" (else "),
        italic("~/.config/annexd/annexd.toml"),
        roman("), or the file named by "),
        bold("--config"),
        roman(". Games (journal and PGN): "),
        italic("$XDG_DATA_HOME/annexd/games/"),
        roman(" unless "),
        bold("record.dir"),
        roman(" in the settings names another folder. The speech recogniser's library, libvosk, is in "),
        italic("/usr/lib/annexd/"),
        roman("."),
    ]);
    roff.to_roff()
}

/// SEE ALSO: the page of each subcommand.
fn see_also_section(cmd: &clap::Command) -> String {
    let mut roff = Roff::new();
    roff.control("SH", ["SEE ALSO"]);
    let mut inlines = Vec::new();
    for (i, sub) in cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .enumerate()
    {
        if i > 0 {
            inlines.push(roman(", "));
        }
        let name = sub.get_display_name().unwrap_or(sub.get_name());
        inlines.push(bold(name));
        inlines.push(roman("(1)"));
    }
    roff.text(inlines);
    roff.to_roff()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> clap::Command {
        clap::Command::new("annexd")
            .version("1.2.3")
            .about("Play chess")
            .subcommand(clap::Command::new("play").about("Play a game"))
            .subcommand(clap::Command::new("secret").hide(true))
    }

    #[test]
    fn every_visible_subcommand_gets_a_page_and_every_shell_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let files = generate(example(), dir.path()).unwrap();
        let names: Vec<_> = files
            .iter()
            .map(|f| f.strip_prefix(dir.path()).unwrap().to_path_buf())
            .collect();
        assert_eq!(
            names,
            [
                "man/annexd.1",
                "man/annexd-play.1",
                "completions/bash/annexd",
                "completions/zsh/_annexd",
                "completions/fish/annexd.fish",
            ]
            .map(PathBuf::from)
        );
        let top = fs::read_to_string(dir.path().join("man/annexd.1")).unwrap();
        assert!(top.contains("\n.TH annexd 1 "), "{top}");
        let at = |section: &str| {
            top.find(&format!("\n.SH {section}\n"))
                .unwrap_or_else(|| panic!("{section}: {top}"))
        };
        assert!(at("NAME") < at("SYNOPSIS"));
        assert!(at("SUBCOMMANDS") < at("FILES"));
        assert!(at("FILES") < at("\"SEE ALSO\""));
        assert!(at("\"SEE ALSO\"") < at("VERSION"));
        assert!(top.contains("annexd\\-play"), "{top}");
        assert!(!top.contains("secret"), "{top}");
        let bash = fs::read_to_string(dir.path().join("completions/bash/annexd")).unwrap();
        assert!(bash.contains("complete -F _annexd"), "{bash}");
    }
}
