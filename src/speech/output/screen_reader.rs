//! The screen reader's own speech (Windows): announcements said by JAWS through its COM API
//! (`FreedomSci.JawsApi`, `SayString` and `StopSpeech`) or by NVDA through its controller
//! client (`nvdaControllerClient64.dll`, loaded when present: beside the program, where the
//! Windows download puts it, or on `PATH`). The reader running is asked first, NVDA then
//! JAWS; which one speaks is said when the game starts. Where neither answers (or on
//! another system), opening fails and the speaker writes text lines, which a screen reader
//! reads in the console as they appear.
//!
//! A screen reader does not report when it has finished saying something: an announcement
//! counts as being said for as long as it would take at a brisk pace, so that a more urgent
//! one can still interrupt it (`StopSpeech`, `nvdaController_cancelSpeech`).

use std::time::{Duration, Instant};

use annexd_core::{Token, Word};

use super::BackendKind;
use super::Notice;

/// The screen readers that can speak for annexd.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// Freedom Scientific's JAWS.
    Jaws,
    /// NV Access' NVDA.
    Nvda,
}

impl Reader {
    /// Its name, as in the log and the remark the output opens with.
    pub fn name(self) -> &'static str {
        match self {
            Reader::Jaws => "JAWS",
            Reader::Nvda => "NVDA",
        }
    }

    /// The reader a remark names (see [`Reader::name`]).
    pub fn named(name: &str) -> Option<Reader> {
        [Reader::Jaws, Reader::Nvda]
            .into_iter()
            .find(|reader| reader.name() == name)
    }

    /// The words that say it is the one speaking.
    pub fn word(self) -> Word {
        match self {
            Reader::Jaws => Word::SpeechThroughJaws,
            Reader::Nvda => Word::SpeechThroughNvda,
        }
    }
}

/// What the speaker tells when an output opened with a remark: for the screen reader, which
/// one speaks (in words); for the others, the remark as a line.
pub fn in_use(kind: BackendKind, remark: String) -> Notice {
    let tokens = match (kind, Reader::named(&remark)) {
        (BackendKind::ScreenReader, Some(reader)) => vec![Token::Word(reader.word())],
        _ => Vec::new(),
    };
    let detail = match kind {
        BackendKind::ScreenReader => format!("speech through {remark}"),
        _ => remark,
    };
    Notice { tokens, detail }
}

/// How long an announcement of `chars` characters counts as being said at `rate` (1.0
/// normal): 50 ms a character, at least half a second (screen readers speak fast).
pub fn speaking_time(chars: usize, rate: f32) -> Duration {
    let rate = if rate.is_finite() && rate > 0.1 {
        rate
    } else {
        1.0
    };
    Duration::from_millis(500).max(Duration::from_secs_f32(chars as f32 * 0.05 / rate))
}

/// When the announcement being said counts as finished (the Windows output's; tested here
/// on every system).
#[derive(Debug, Default)]
#[cfg_attr(not(windows), allow(dead_code))]
struct Saying {
    until: Option<Instant>,
}

#[cfg_attr(not(windows), allow(dead_code))]
impl Saying {
    fn start(&mut self, text: &str, rate: f32, now: Instant) {
        self.until = Some(now + speaking_time(text.chars().count(), rate));
    }

    fn done(&mut self, now: Instant) -> bool {
        match self.until {
            Some(until) if now < until => false,
            _ => {
                self.until = None;
                true
            }
        }
    }
}

#[cfg(windows)]
pub use windows_output::ScreenReaderOutput;

#[cfg(windows)]
mod windows_output {
    use std::time::Instant;

    use windows::Win32::Foundation::{VARIANT_FALSE, VARIANT_TRUE};
    use windows::Win32::System::Com::{
        CLSCTX_ALL, CLSIDFromProgID, COINIT_APARTMENTTHREADED, CoCreateInstance, CoInitializeEx,
        DISPATCH_METHOD, DISPPARAMS, IDispatch,
    };
    use windows::Win32::System::Variant::{VARIANT, VT_BOOL, VT_BSTR, VariantClear};
    use windows::Win32::UI::WindowsAndMessaging::FindWindowW;
    use windows::core::{BSTR, GUID, HSTRING, PCWSTR, w};

    use super::super::{BackendKind, Line, Output, Progress, StartError};
    use super::{Reader, Saying};

    /// NVDA's controller client: `nvdaController_*` functions, all returning 0 on success.
    struct Nvda {
        _library: libloading::Library,
        speak: unsafe extern "system" fn(*const u16) -> u32,
        cancel: unsafe extern "system" fn() -> u32,
    }

    impl Nvda {
        /// Loads the client and asks whether NVDA runs.
        fn open() -> Result<Nvda, String> {
            let path = std::env::current_exe()
                .ok()
                .and_then(|exe| exe.parent().map(|dir| dir.join(DLL)))
                .filter(|path| path.is_file())
                .unwrap_or_else(|| DLL.into());
            // SAFETY: NVDA's controller client is a plain DLL; loading runs its DllMain only.
            let library = unsafe { libloading::Library::new(&path) }
                .map_err(|e| format!("NVDA's controller client ({DLL}) is not there: {e}"))?;
            // SAFETY: the functions' signatures are those of nvdaController.h.
            unsafe {
                let test: libloading::Symbol<unsafe extern "system" fn() -> u32> = library
                    .get(b"nvdaController_testIfRunning\0")
                    .map_err(|e| e.to_string())?;
                let speak = *library
                    .get::<unsafe extern "system" fn(*const u16) -> u32>(
                        b"nvdaController_speakText\0",
                    )
                    .map_err(|e| e.to_string())?;
                let cancel = *library
                    .get::<unsafe extern "system" fn() -> u32>(b"nvdaController_cancelSpeech\0")
                    .map_err(|e| e.to_string())?;
                match test() {
                    0 => Ok(Nvda {
                        speak,
                        cancel,
                        _library: library,
                    }),
                    code => Err(format!("NVDA is not running (its client answers {code})")),
                }
            }
        }
    }

    const DLL: &str = "nvdaControllerClient64.dll";

    /// JAWS through its COM API.
    struct Jaws {
        api: IDispatch,
        say: i32,
        stop: i32,
    }

    impl Jaws {
        fn open() -> Result<Jaws, String> {
            // SAFETY: FindWindowW with a constant class name; the window is only looked for.
            let running = unsafe { FindWindowW(w!("JFWUI2"), PCWSTR::null()) }.is_ok();
            if !running {
                return Err("JAWS is not running".into());
            }
            // SAFETY: COM calls with valid arguments; the object lives in `api`.
            unsafe {
                let class = CLSIDFromProgID(w!("FreedomSci.JawsApi"))
                    .map_err(|e| format!("JAWS' API is not registered: {e}"))?;
                let api: IDispatch = CoCreateInstance(&class, None, CLSCTX_ALL)
                    .map_err(|e| format!("JAWS' API cannot be made: {e}"))?;
                let say = dispatch_id(&api, "SayString")?;
                let stop = dispatch_id(&api, "StopSpeech")?;
                Ok(Jaws { api, say, stop })
            }
        }

        fn say(&self, text: &str) -> Result<(), String> {
            // Arguments go last first: SayString(StringToSpeak, bFlush).
            let mut args = [variant_bool(false), variant_bstr(text)];
            let said = self.invoke(self.say, &mut args);
            for arg in &mut args {
                // SAFETY: variants made above, cleared once.
                let _ = unsafe { VariantClear(arg) };
            }
            said
        }

        fn stop(&self) {
            // Nothing to stop if JAWS has gone; the next announcement reports it.
            let _ = self.invoke(self.stop, &mut []);
        }

        fn invoke(&self, id: i32, args: &mut [VARIANT]) -> Result<(), String> {
            let params = DISPPARAMS {
                rgvarg: args.as_mut_ptr(),
                rgdispidNamedArgs: std::ptr::null_mut(),
                cArgs: args.len() as u32,
                cNamedArgs: 0,
            };
            // SAFETY: a dispatch id of this object, with arguments that outlive the call.
            unsafe {
                self.api.Invoke(
                    id,
                    &GUID::zeroed(),
                    0,
                    DISPATCH_METHOD,
                    &params,
                    None,
                    None,
                    None,
                )
            }
            .map_err(|e| format!("JAWS: {e}"))
        }
    }

    unsafe fn dispatch_id(api: &IDispatch, name: &str) -> Result<i32, String> {
        let wide = HSTRING::from(name);
        let names = [PCWSTR(wide.as_ptr())];
        let mut id = 0;
        // SAFETY: one name, one id, both valid for the call.
        unsafe { api.GetIDsOfNames(&GUID::zeroed(), names.as_ptr(), 1, 0, &mut id) }
            .map_err(|e| format!("JAWS' API has no {name}: {e}"))?;
        Ok(id)
    }

    fn variant_bstr(text: &str) -> VARIANT {
        let mut variant = VARIANT::default();
        // SAFETY: writing the type and the string of a zeroed variant.
        unsafe {
            let inner = &mut *variant.Anonymous.Anonymous;
            inner.vt = VT_BSTR;
            inner.Anonymous.bstrVal = std::mem::ManuallyDrop::new(BSTR::from(text));
        }
        variant
    }

    fn variant_bool(value: bool) -> VARIANT {
        let mut variant = VARIANT::default();
        // SAFETY: writing the type and the value of a zeroed variant.
        unsafe {
            let inner = &mut *variant.Anonymous.Anonymous;
            inner.vt = VT_BOOL;
            inner.Anonymous.boolVal = if value { VARIANT_TRUE } else { VARIANT_FALSE };
        }
        variant
    }

    enum Speaking {
        Nvda(Nvda),
        Jaws(Jaws),
    }

    /// Announcements said by the screen reader running.
    pub struct ScreenReaderOutput {
        reader: Speaking,
        rate: f32,
        saying: Saying,
    }

    impl ScreenReaderOutput {
        /// Finds the screen reader running (NVDA, then JAWS) on this thread, which it then
        /// belongs to (COM). The error says why neither can speak.
        pub fn open(rate: f32) -> Result<(ScreenReaderOutput, Reader), String> {
            let nvda = match Nvda::open() {
                Ok(nvda) => {
                    return Ok((
                        ScreenReaderOutput {
                            reader: Speaking::Nvda(nvda),
                            rate,
                            saying: Saying::default(),
                        },
                        Reader::Nvda,
                    ));
                }
                Err(why) => why,
            };
            // SAFETY: COM for this thread (the speaker's); an error means it is already set.
            let _ = unsafe { CoInitializeEx(None, COINIT_APARTMENTTHREADED) };
            match Jaws::open() {
                Ok(jaws) => Ok((
                    ScreenReaderOutput {
                        reader: Speaking::Jaws(jaws),
                        rate,
                        saying: Saying::default(),
                    },
                    Reader::Jaws,
                )),
                Err(jaws) => Err(format!("no screen reader speaks: {nvda}; {jaws}")),
            }
        }
    }

    impl Output for ScreenReaderOutput {
        fn kind(&self) -> BackendKind {
            BackendKind::ScreenReader
        }

        fn start(&mut self, line: Line<'_>, now: Instant) -> Result<(), StartError> {
            match &self.reader {
                Speaking::Nvda(nvda) => {
                    let wide: Vec<u16> = line.text.encode_utf16().chain([0]).collect();
                    // SAFETY: a NUL-terminated wide string valid for the call.
                    match unsafe { (nvda.speak)(wide.as_ptr()) } {
                        0 => {}
                        code => {
                            return Err(StartError::Broken(format!(
                                "NVDA did not take the announcement (its client answers {code})"
                            )));
                        }
                    }
                }
                Speaking::Jaws(jaws) => jaws.say(line.text).map_err(StartError::Broken)?,
            }
            self.saying.start(line.text, self.rate, now);
            Ok(())
        }

        fn poll(&mut self, now: Instant) -> Progress {
            if self.saying.done(now) {
                Progress::Done
            } else {
                Progress::Playing
            }
        }

        fn stop(&mut self) {
            match &self.reader {
                // SAFETY: a function of the loaded client without arguments.
                Speaking::Nvda(nvda) => {
                    let _ = unsafe { (nvda.cancel)() };
                }
                Speaking::Jaws(jaws) => jaws.stop(),
            }
            self.saying.until = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_announcement_counts_as_said_for_a_while_and_then_as_done() {
        let start = Instant::now();
        let mut saying = Saying::default();
        assert!(saying.done(start), "nothing started is done");
        saying.start("Weiß Springer Felix drei", 1.0, start);
        assert!(!saying.done(start + Duration::from_millis(400)));
        assert!(saying.done(start + Duration::from_millis(1300)));
        assert_eq!(speaking_time(0, 1.0), Duration::from_millis(500));
        assert_eq!(speaking_time(40, 2.0), Duration::from_secs(1));
        assert_eq!(speaking_time(40, f32::NAN), Duration::from_secs(2));
    }

    #[test]
    fn each_reader_has_its_name_and_its_words() {
        for reader in [Reader::Jaws, Reader::Nvda] {
            assert_eq!(Reader::named(reader.name()), Some(reader));
        }
        assert_eq!(Reader::named("Orca"), None);
        assert_ne!(Reader::Jaws.word(), Reader::Nvda.word());
    }
}
