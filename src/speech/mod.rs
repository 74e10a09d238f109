//! Speech out: utterances of tokens, the clips, system speech and text backends, and the queue.
