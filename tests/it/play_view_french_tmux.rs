//! The board view in French (`--lang fr --words local`), in a real terminal (tmux): every
//! label is a word of the French table. A test binary of its own: its terminal must not be
//! opened while another test's simulated peg board makes and remakes its pseudo-terminal.

use crate::common;

use std::time::Duration;

use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(15);

#[test]
#[cfg_attr(
    windows,
    ignore = "tmux drives a Unix terminal; the Windows console is on the tester's checklist, docs/windows.md"
)]
fn the_board_view_speaks_french() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("vue.jsonl");
    let command = format!(
        "XDG_CONFIG_HOME={} {} play --lang fr --words local --journal {} --control 90+30 --view board",
        dir.path().display(),
        env!("CARGO_BIN_EXE_annexd"),
        journal.display()
    );
    let Some(tmux) = Tmux::start("vue", &command) else {
        return;
    };
    tmux.wait_for("annexd - vue de l'échiquier", WAIT);
    tmux.wait_for("Blanc au trait, coup 1", WAIT);
    tmux.wait_for("pas d'échiquier à tiges", WAIT);
    tmux.wait_for("dit: nouvelle partie", WAIT);
    tmux.keys(&["Cavalier Felix trois", "Enter"]);
    tmux.wait_for("dit: Blanc Cavalier Felix trois", WAIT);
    tmux.wait_for("*Blanc 1:30:", WAIT);
    tmux.keys(&["Enter"]);
    tmux.wait_for("*Noir 1:30:", WAIT);
    tmux.wait_for("coups:", WAIT);
    tmux.keys(&["fin", "Enter"]);
    tmux.keys(&["oui", "Enter"]);
}
