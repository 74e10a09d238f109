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

/// A sound output found by its name: the system's id of it (an ALSA PCM such as `earphone`
/// or `plughw:CARD=1,DEV=0`), or its name as the system shows it, in any case ("Kopfhörer
/// (Realtek Audio)"), or the one name containing it. `Err` with the names of the outputs
/// there are when none (or several) match.
pub fn output_device(name: &str) -> Result<cpal::Device, Vec<String>> {
    use cpal::traits::{DeviceTrait, HostTrait};
    quiet_alsa();
    let devices: Vec<(cpal::Device, String, String)> = cpal::default_host()
        .output_devices()
        .map(|devices| {
            devices
                .filter_map(|d| {
                    let id = d.id().ok()?.id().to_string();
                    let shown = d
                        .description()
                        .map_or_else(|_| id.clone(), |desc| desc.name().to_string());
                    Some((d, id, shown))
                })
                .collect()
        })
        .unwrap_or_default();
    let wanted = name.to_lowercase();
    let exact = devices
        .iter()
        .position(|(_, id, shown)| id == name || shown == name)
        .or_else(|| {
            devices
                .iter()
                .position(|(_, _, shown)| shown.to_lowercase() == wanted)
        });
    let found = exact.or_else(|| {
        let mut containing = devices
            .iter()
            .enumerate()
            .filter(|(_, (_, _, shown))| shown.to_lowercase().contains(&wanted));
        match (containing.next(), containing.next()) {
            (Some((at, _)), None) => Some(at),
            _ => None,
        }
    });
    match found {
        Some(at) => Ok(devices.into_iter().nth(at).map(|(d, ..)| d).expect("found")),
        None => {
            let mut names: Vec<String> = devices
                .into_iter()
                .map(|(_, id, shown)| {
                    if id == shown {
                        id
                    } else {
                        format!("{shown} ({id})")
                    }
                })
                .collect();
            names.dedup();
            Err(names)
        }
    }
}
