//! `docs/pegboard-protocol.md` holds to the code: every line of its examples is read by the
//! program's own parser as the text says (a wrong checksum where it says so), the key names
//! it lists are the program's, and the scan it shows after a lost `UP e2` is the one the
//! simulated board sends.

use annexd_core::board::peg_protocol::{
    DeviceMsg, HostMsg, LineError, frame_line, parse_device_line, parse_host_line,
};
use annexd_core::board::simulated::{SimulatedPegBoard, SimulatedPegBoardOptions};
use annexd_core::board_key;

fn doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/pegboard-protocol.md");
    std::fs::read_to_string(path).expect("docs/pegboard-protocol.md can be read")
}

/// The lines of the fenced blocks that start with `mark`, without the mark and without an
/// explanation in brackets after them; lines that elide (`…`) are left out.
fn example_lines(doc: &str, mark: &str) -> Vec<(String, String)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in doc.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let Some(rest) = line.strip_prefix(mark).filter(|_| fenced) else {
            continue;
        };
        let (message, note) = match rest.trim().split_once("  ") {
            Some((message, note)) => (message.trim(), note.trim()),
            None => (rest.trim(), ""),
        };
        if !message.contains('…') {
            out.push((message.to_string(), note.to_string()));
        }
    }
    out
}

#[test]
fn every_example_line_is_read_as_the_text_says() {
    let doc = doc();
    let board = example_lines(&doc, "board:");
    let host = example_lines(&doc, "host:");
    assert!(board.len() >= 15 && host.len() >= 6, "{board:?} {host:?}");
    for (line, note) in &board {
        let parsed = parse_device_line(line.as_bytes());
        if note.contains("wrong checksum") {
            assert_eq!(parsed, Err(LineError::BadChecksum), "{line}");
        } else {
            assert!(
                matches!(parsed, Ok(Some(_))),
                "the example '{line}' is not a board message: {parsed:?}"
            );
        }
    }
    for (line, _) in &host {
        assert!(
            matches!(parse_host_line(line.as_bytes()), Ok(Some(_))),
            "the example '{line}' is not a host message"
        );
    }
}

#[test]
fn the_checksums_the_text_shows_are_right() {
    let doc = doc();
    for (line, note) in example_lines(&doc, "board:") {
        if let Some((text, _)) = line.split_once('*')
            && !note.contains("wrong checksum")
        {
            assert_eq!(frame_line(text, true).trim_end(), line);
        }
    }
    assert!(doc.contains("`UP e2*72`"));
    assert_eq!(frame_line("UP e2", true), "UP e2*72\n");
}

#[test]
fn the_keys_the_text_lists_are_the_programs() {
    let doc = doc();
    let section = doc
        .split("## Keys")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a Keys section");
    let mut names = Vec::new();
    for row in section.lines().filter(|l| l.starts_with("| `")) {
        let first_cell = row.split('|').nth(1).unwrap_or("");
        names.extend(first_cell.split('`').skip(1).step_by(2).map(str::to_string));
    }
    assert_eq!(names.len(), 11, "{names:?}");
    for name in &names {
        assert!(
            board_key(name).is_some(),
            "KEY {name} is listed but unknown"
        );
    }
    // …and no key the program knows is missing from the table.
    for name in [
        "clock", "time", "moves", "repeat", "yes", "no", "talk", "position", "last", "help",
        "arbiter",
    ] {
        assert!(names.iter().any(|n| n == name), "KEY {name} is not listed");
    }
    assert!(board_key("lamp").is_none());
}

#[test]
fn the_scan_after_a_lost_up_is_the_simulators() {
    let doc = doc();
    let scan = example_lines(&doc, "board:")
        .into_iter()
        .map(|(line, _)| line)
        .find(|line| line.starts_with("BOARD ") && line.contains("xxxx.xxx"))
        .expect("the example of a lost line");
    let mut device = SimulatedPegBoard::new(SimulatedPegBoardOptions::default()).unwrap();
    assert_eq!(
        device.typed("UP e2").unwrap(),
        [DeviceMsg::Up(shakmaty::Square::E2)]
    );
    assert_eq!(
        device.answer(HostMsg::Scan),
        [DeviceMsg::Board(scan[6..].to_string())]
    );
}
