//! Fuzzes the peg-board line parsers, and the link and tracker behind them: any bytes from
//! a board must never panic, and every message that parses must print back to itself.
#![no_main]

use std::time::Duration;

use annexd_core::board::{Link, LinkEvent, LinkInput, LinkOutput, Protocol, Sensing, Tracker};
use annexd_core::board::peg_protocol::{parse_device_line, parse_host_line};
use libfuzzer_sys::fuzz_target;
use shakmaty::Chess;

fuzz_target!(|data: &[u8]| {
    if let Ok(Some(msg)) = parse_device_line(data) {
        let again = parse_device_line(msg.to_string().as_bytes());
        assert_eq!(again, Ok(Some(msg)));
    }
    if let Ok(Some(msg)) = parse_host_line(data) {
        assert_eq!(parse_host_line(msg.to_string().as_bytes()), Ok(Some(msg)));
    }
    let mut link = Link::new(Protocol::PegBoard, true);
    let mut tracker = Tracker::new(Chess::default(), Sensing::Occupancy);
    let mut outputs = link.handle(LinkInput::Opened, Duration::ZERO);
    for (i, chunk) in data.chunks(7).enumerate() {
        outputs.extend(link.handle(LinkInput::Bytes(chunk), Duration::from_millis(i as u64)));
    }
    outputs.extend(link.handle(LinkInput::Tick, Duration::from_secs(5)));
    for output in outputs {
        match output {
            LinkOutput::Event(LinkEvent::Connected(hello)) => tracker.set_sensing(hello.sensing),
            LinkOutput::Event(LinkEvent::Input(input)) => {
                // Only that nothing panics is checked here: what it decided is not.
                let _ = tracker.handle(&input);
            }
            LinkOutput::Event(LinkEvent::Key(_)) => {
                let _ = tracker.settle();
            }
            _ => {}
        }
    }
    let _ = tracker.differences();
});
