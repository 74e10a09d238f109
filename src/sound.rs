//! What every sound device the program opens shares: alsa-lib's own messages are kept off
//! the terminal. Opening a device (the speaker's output, the microphone, a recording) on a
//! machine without a sound card makes alsa-lib write a dozen English lines onto standard
//! error; the program says the missing device in one line of its own words instead.

/// Sends alsa-lib's messages on this thread into a buffer instead of onto the terminal (the
/// handler stays on the thread: alsa-lib keeps it per thread). Call it on each thread
/// before it opens or lists a sound device.
pub fn quiet_alsa() {
    #[cfg(target_os = "linux")]
    {
        // Without the handler alsa-lib's lines reach the terminal: untidy, nothing worse.
        if let Err(err) = alsa::Output::local_error_handler() {
            tracing::debug!("alsa-lib's messages stay on the terminal: {err}");
        }
    }
}
