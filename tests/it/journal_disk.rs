//! The journal's disk full or read-only in the middle of a game (issue 14): it is said at
//! once, the game goes on, the entries wait and are written when the disk takes them again,
//! and nothing is lost. Real file systems: a 64 KiB tmpfs filled up, and an ext4 image on a
//! loop device that an error turns read-only (`errors=remount-ro`), mounted again later.
//!
//! Mounting needs root (as here and in CI); where it is impossible the tests fail and say
//! why rather than pass.

use crate::common;
use crate::common::platform::Start;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use annexd_core::{Lang, Style, move_tokens};
use common::{Running, annexd, read};
use shakmaty::{CastlingMode, Chess, Position};

/// Runs a system command that must succeed.
fn run(program: &str, args: &[&str]) {
    let output = Command::new(program)
        .args(args)
        .start_output()
        .unwrap_or_else(|e| panic!("{program} cannot run ({e}): these tests need it"));
    assert!(
        output.status.success(),
        "{program} {}: {} (these tests need root to mount file systems)",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr).trim()
    );
}

/// A mount point, unmounted (lazily) when dropped.
struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).start_status();
    }
}

fn play(journal: &Path) -> Running {
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(journal)
        .args(["--speech", "text"]);
    command.env("XDG_CONFIG_HOME", journal.parent().unwrap());
    let mut game = Running::start(command);
    game.expect_containing("neue Partie");
    game
}

/// A game of `plies` moves (the first legal move that keeps the game going, rotating), each
/// as typed (German words), as said and in UCI.
fn game(plies: usize) -> Vec<(String, String, String)> {
    let mut pos = Chess::default();
    let mut out = Vec::new();
    let mut turn = 0usize;
    while out.len() < plies {
        let moves = pos.legal_moves();
        let m = (0..moves.len())
            .map(|i| moves[(turn * 7 + i) % moves.len()])
            .find(|m| {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                !m.is_promotion() && !after.is_game_over() && !after.is_insufficient_material()
            })
            .expect("a move that keeps the game going");
        let words = Lang::De.text(&move_tokens(&pos, m, Style::Short));
        let side = if pos.turn().is_white() {
            "Weiß"
        } else {
            "Schwarz"
        };
        out.push((
            words.clone(),
            format!("{side} {words}"),
            m.to_uci(CastlingMode::Standard).to_string(),
        ));
        pos.play_unchecked(m);
        turn += 1;
    }
    out
}

/// Makes the next move of `moves`; returns whether the journal said it failed.
fn make(game: &mut Running, moves: &[(String, String, String)], next: &mut usize) -> bool {
    let (typed, said, _) = &moves[*next];
    *next += 1;
    game.type_line(typed);
    let line = game.expect_line(said, |l| l == said || l == FAILING);
    if line == FAILING {
        game.expect_exact(said);
        return true;
    }
    false
}

const FAILING: &str = "Partiedatei konnte nicht geschrieben werden, die Partie geht weiter";
const RECOVERED: &str = "Partiedatei wieder geschrieben";

/// The end of the game, and everything on disk: the journal's moves in order, and the PGN.
fn end_and_check(mut game: Running, journal: &Path, moves: &[(String, String, String)]) {
    game.type_line("Ende\nja");
    game.expect_saved();
    assert_eq!(game.wait(), Some(0));
    let journaled: Vec<String> = read(journal)
        .lines()
        .filter(|l| l.contains("\"type\":\"move\""))
        .map(|l| {
            let at = l.find("\"uci\":\"").unwrap() + 7;
            l[at..].split('"').next().unwrap().to_string()
        })
        .collect();
    let made: Vec<String> = moves.iter().map(|(_, _, uci)| uci.clone()).collect();
    assert_eq!(journaled, made, "every move in the journal, in order");
    let output = annexd().arg("pgn").arg(journal).start_output().unwrap();
    assert!(output.status.success());
    let pgn = String::from_utf8(output.stdout).unwrap();
    assert_eq!(read(&journal.with_extension("pgn")), pgn);
    // The seal chain is whole: lines that waited, or were rescued, are sealed in order.
    let output = annexd()
        .args(["verify", "--lang", "en"])
        .arg(journal)
        .start_output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("record sealed and intact"), "{said}");
}

#[test]
#[cfg_attr(
    windows,
    ignore = "the disk is a Linux file system image mounted on a loop device, full or read-only"
)]
fn a_full_disk_is_said_at_once_and_nothing_is_lost_once_space_returns() {
    let dir = tempfile::tempdir().unwrap();
    let disk = dir.path().join("disk");
    std::fs::create_dir(&disk).unwrap();
    run(
        "mount",
        &[
            "-t",
            "tmpfs",
            "-o",
            "size=64k",
            "tmpfs",
            disk.to_str().unwrap(),
        ],
    );
    let _mounted = Mounted(disk.clone());
    let journal = disk.join("game.jsonl");
    let moves = game(100);
    let mut next = 0;
    let mut game = play(&journal);
    for _ in 0..4 {
        assert!(!make(&mut game, &moves, &mut next));
    }

    // The disk fills up. The journal's last block still takes a few lines: the failure is
    // said with the first move that does not fit, at once.
    let filler = disk.join("filler");
    let mut file = std::fs::File::create(&filler).unwrap();
    for size in [4096, 512, 1] {
        while file.write_all(&vec![0u8; size]).is_ok() {}
    }
    drop(file);
    let full_at = next;
    while !make(&mut game, &moves, &mut next) {
        assert!(next < full_at + 80, "no failure said on a full disk");
    }
    let failed_at = next - 1;
    for _ in 0..5 {
        assert!(!make(&mut game, &moves, &mut next), "said once only");
    }
    let on_disk = read(&journal).matches("\"type\":\"move\"").count();
    assert_eq!(
        on_disk, failed_at,
        "the moves from the failure on wait in memory"
    );

    // Space returns: the waiting entries are written within a second.
    std::fs::remove_file(&filler).unwrap();
    game.expect_exact(RECOVERED);
    for _ in 0..3 {
        assert!(!make(&mut game, &moves, &mut next));
    }
    end_and_check(game, &journal, &moves[..next]);
}

#[test]
#[cfg_attr(
    windows,
    ignore = "the disk is a Linux file system image mounted on a loop device, full or read-only"
)]
fn a_file_system_gone_read_only_is_said_and_written_again_when_mounted_again() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("ext4.img");
    let disk = dir.path().join("disk");
    std::fs::create_dir(&disk).unwrap();
    std::fs::File::create(&image)
        .unwrap()
        .set_len(8 << 20)
        .unwrap();
    let (image_arg, disk_arg) = (image.to_str().unwrap(), disk.to_str().unwrap());
    run("mkfs.ext4", &["-q", "-F", image_arg]);
    run(
        "mount",
        &["-o", "loop,errors=remount-ro", image_arg, disk_arg],
    );
    let _mounted = Mounted(disk.clone());
    let source = Command::new("findmnt")
        .args(["-n", "-o", "SOURCE"])
        .arg(&disk)
        .start_output()
        .unwrap();
    let device = String::from_utf8(source.stdout).unwrap();
    let device = Path::new(device.trim()).file_name().unwrap().to_owned();
    let trigger = Path::new("/sys/fs/ext4")
        .join(&device)
        .join("trigger_fs_error");

    let journal = disk.join("game.jsonl");
    let moves = game(40);
    let mut next = 0;
    let mut game = play(&journal);
    for _ in 0..4 {
        assert!(!make(&mut game, &moves, &mut next));
    }

    // An error: ext4 turns the file system read-only under the open journal.
    std::fs::write(&trigger, "annexd test\n")
        .unwrap_or_else(|e| panic!("{}: {e}", trigger.display()));
    assert!(make(&mut game, &moves, &mut next), "said at once");
    for _ in 0..3 {
        assert!(!make(&mut game, &moves, &mut next), "said once only");
    }

    // The stick is checked and comes back as a new device (the program still holds the old
    // one open, so the old image cannot be mounted afresh; its copy is what comes back).
    run("umount", &["-l", disk_arg]);
    let back = dir.path().join("ext4-back.img");
    std::fs::copy(&image, &back).unwrap();
    let back_arg = back.to_str().unwrap();
    let fsck = Command::new("e2fsck")
        .args(["-f", "-y", back_arg])
        .start_output()
        .unwrap();
    assert!(
        fsck.status.code().is_some_and(|c| c <= 1),
        "e2fsck: {}",
        String::from_utf8_lossy(&fsck.stdout)
    );
    run("mount", &["-o", "loop", back_arg, disk_arg]);
    game.expect_exact(RECOVERED);
    for _ in 0..3 {
        assert!(!make(&mut game, &moves, &mut next));
    }
    end_and_check(game, &journal, &moves[..next]);
}

#[test]
#[cfg_attr(
    windows,
    ignore = "the disk is a Linux file system image mounted on a loop device, full or read-only"
)]
fn entries_the_disk_never_took_are_rescued_and_added_by_resume() {
    let dir = tempfile::tempdir().unwrap();
    let disk = dir.path().join("disk");
    let temp = dir.path().join("tmp");
    std::fs::create_dir(&disk).unwrap();
    std::fs::create_dir(&temp).unwrap();
    run(
        "mount",
        &[
            "-t",
            "tmpfs",
            "-o",
            "size=64k",
            "tmpfs",
            disk.to_str().unwrap(),
        ],
    );
    let _mounted = Mounted(disk.clone());
    let journal = disk.join("game.jsonl");
    let moves = game(100);
    let mut next = 0;
    let mut command = annexd();
    command
        .arg("play")
        .arg("--journal")
        .arg(&journal)
        .args(["--speech", "text"])
        .env("XDG_CONFIG_HOME", dir.path())
        .env("TMPDIR", &temp);
    let mut game = Running::start(command);
    game.expect_containing("neue Partie");
    for _ in 0..2 {
        make(&mut game, &moves, &mut next);
    }
    let filler = disk.join("filler");
    let mut file = std::fs::File::create(&filler).unwrap();
    for size in [4096, 512, 1] {
        while file.write_all(&vec![0u8; size]).is_ok() {}
    }
    drop(file);
    while !make(&mut game, &moves, &mut next) {
        assert!(next < 90, "no failure said on a full disk");
    }
    make(&mut game, &moves, &mut next);

    // The game ends while the disk is still full: the waiting entries go to a rescue file.
    game.type_line("Ende\nja");
    let kept = game.expect_containing(
        "Partiedatei konnte nicht geschrieben werden, die Züge sind in einer Ersatzdatei gesichert, weiter mit annexd resume: ",
    );
    assert_eq!(game.wait(), Some(1), "not everything was saved: {kept}");
    let rescue: Vec<PathBuf> = std::fs::read_dir(&temp)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(rescue.len(), 1, "{rescue:?}");
    assert!(kept.contains(&rescue[0].display().to_string()), "{kept}");

    // Space returns; resume adds the rescued entries and the game goes on from there.
    std::fs::remove_file(&filler).unwrap();
    let mut command = annexd();
    command
        .arg("resume")
        .arg(&journal)
        .args(["--speech", "text"])
        .env("XDG_CONFIG_HOME", dir.path())
        .env("TMPDIR", &temp);
    let mut resumed = Running::start(command);
    resumed.expect_containing("Partie fortgesetzt");
    resumed.expect_containing("Einträge aus der Ersatzdatei übernommen: ");
    make(&mut resumed, &moves, &mut next);
    end_and_check(resumed, &journal, &moves[..next]);
    assert!(
        std::fs::read_dir(&temp).unwrap().next().is_none(),
        "the rescue file is gone"
    );
}
