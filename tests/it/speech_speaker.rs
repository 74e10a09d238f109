//! The speaker as the session uses it, with the text output (no sound device needed):
//! announcements come out in order, events report each.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use annexd_core::speech::{BackendKind, Priority, Utterance};
use annexd_core::{Lang, Token};

use annexd::speech::{Speaker, SpeakerOptions, SpeechEvent};
use shakmaty::{File, Rank, Role};

#[derive(Clone, Default)]
struct Lines(Arc<Mutex<Vec<u8>>>);

impl Write for Lines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Lines {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

fn text_speaker(lang: Lang) -> (Speaker, Lines) {
    let lines = Lines::default();
    let settings = SpeakerOptions::new(lang, BackendKind::Text);
    let speaker = Speaker::open(&settings, Box::new(lines.clone()));
    assert_eq!(speaker.backend(), BackendKind::Text);
    assert!(
        speaker.notices().is_empty(),
        "asking for text is no fallback: {:?}",
        speaker.notices()
    );
    (speaker, lines)
}

#[test]
fn announcements_come_out_in_order_and_events_report_each() {
    let (speaker, lines) = text_speaker(Lang::De);
    let knight = Utterance::new(
        [
            Token::Piece(Role::Knight),
            Token::File(File::F),
            Token::Rank(Rank::Third),
        ],
        Priority::Move,
    );
    let first = speaker.say(knight);
    let second = speaker.say(Utterance::new(
        [Token::Minutes(5), Token::Seconds(1)],
        Priority::Alert,
    ));
    assert!(speaker.wait_idle(Duration::from_secs(5)));
    assert_eq!(
        lines.text(),
        "Springer Felix drei\nfünf Minuten eine Sekunde\n"
    );

    let events: Vec<SpeechEvent> = speaker.events().try_iter().collect();
    for id in [first, second] {
        assert!(
            events.contains(&SpeechEvent::Started {
                id,
                backend: BackendKind::Text
            }),
            "{id:?}: {events:?}"
        );
        assert!(
            events.contains(&SpeechEvent::Finished { id }),
            "{id:?}: {events:?}"
        );
    }
    speaker.shutdown(Duration::from_secs(2));
}

#[test]
fn dropping_the_speaker_ends_its_thread_promptly() {
    let (speaker, _) = text_speaker(Lang::De);
    speaker.say(Utterance::new([Token::Check], Priority::Move));
    let start = std::time::Instant::now();
    drop(speaker);
    assert!(start.elapsed() < Duration::from_secs(2));
}
