//! The board view in French (`--lang fr --words local`), in a real terminal (tmux): every
//! label is a word of the French table, the clock runs on the screen, the help is whole, and
//! the last lines stay when the view closes. A test binary of its own: its terminal must not be
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
    let tmux = Tmux::start("vue", &command);
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
    tmux.wait_for("partie", WAIT);
    // Black's clock runs on the screen by itself.
    let first = tmux.wait_for("*Noir 1:30:", WAIT);
    tmux.wait_for_line(
        "with Black's time gone down",
        |row| row.contains("*Noir 1:30:") && row != first,
        WAIT,
    );
    // The help, whole: its lines wrap instead of being cut at the screen's edge.
    tmux.keys(&["aide", "Enter"]);
    let start = std::time::Instant::now();
    loop {
        let rows = tmux.rows();
        assert!(rows.iter().all(|r| r.chars().count() <= 80), "{rows:#?}");
        let text = rows
            .iter()
            .map(|r| r.trim_start())
            .collect::<Vec<_>>()
            .join(" ");
        if text.contains("dit: aide") && text.contains("fin quitte le programme") {
            break;
        }
        assert!(start.elapsed() < WAIT, "the whole help: {rows:#?}");
        std::thread::sleep(Duration::from_millis(50));
    }
    tmux.keys(&["fin", "Enter"]);
    tmux.keys(&["oui", "Enter"]);
    // The view closes; its last lines stay, in French.
    tmux.wait_for("enregistré, continuer avec annexd resume", WAIT);
    let rows = tmux.rows_with_history();
    assert!(
        rows.iter().any(|r| r.starts_with("fichier de la partie: ")),
        "{rows:#?}"
    );
}
