//! Speech in: audio capture, resampling, the Vosk recogniser and matching heard words to moves.
