//! Fuzzes the DGT byte-stream decoder, and the link and tracker behind it: any bytes must
//! never panic, and every decoded message must encode back to bytes that decode to itself.
#![no_main]

use std::time::Duration;

use annexd_core::board::{Link, LinkEvent, LinkInput, LinkOutput, Protocol, Sensing, Tracker};
use annexd_core::board::dgt::DgtDecoder;
use libfuzzer_sys::fuzz_target;
use shakmaty::Chess;

fuzz_target!(|data: &[u8]| {
    let mut decoder = DgtDecoder::new();
    for msg in decoder.push(data).into_iter().flatten() {
        let bytes = msg.encode();
        let again: Vec<_> = DgtDecoder::new().push(&bytes);
        // Serial numbers keep only printable characters; everything else round-trips.
        if !matches!(
            msg,
            annexd_core::board::dgt::DgtMessage::SerialNumber(_)
                | annexd_core::board::dgt::DgtMessage::LongSerialNumber(_)
        ) {
            assert_eq!(again, vec![Ok(msg)]);
        }
    }
    let mut link = Link::new(Protocol::Dgt, false);
    let mut tracker = Tracker::new(Chess::default(), Sensing::Piece);
    let mut outputs = link.handle(LinkInput::Opened, Duration::ZERO);
    for (i, chunk) in data.chunks(5).enumerate() {
        outputs.extend(link.handle(LinkInput::Bytes(chunk), Duration::from_millis(i as u64)));
    }
    for output in outputs {
        if let LinkOutput::Event(LinkEvent::Input(input)) = output {
            // Only that nothing panics is checked here: what it decided is not.
            let _ = tracker.handle(&input);
        }
    }
});
