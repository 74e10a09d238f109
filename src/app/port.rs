//! What every port of a game's edge is: the keyboard, the ending signals, each board's
//! connection, the recogniser, the simulated board, the speaker, the lines or the board view
//! on the terminal, the journal. A port owns what it waits on (its receivers, its threads),
//! turns what arrives into the session's [`Input`]s itself, and carries out the session's
//! [`Effect`]s that are its own; the effects carry what it needs (the scoresheet, a snapshot
//! of the game), so no port reads the session. The event loop ([`super::event_loop`]) knows
//! ports only through this trait: adding one is its own module and one line in
//! [`super::ports::open`].
//!
//! The chess engine's and lichess's ports (`crate::engine::EnginePort`,
//! `crate::online::LichessPort`) have the same shape (a receiver of events, `handle`,
//! `carry_out`, `tick`, `next_deadline`): an opponent's port wraps one and turns its decisions
//! into inputs.

use std::time::Duration;

use crossbeam_channel::{Receiver, Select, TryRecvError};

use annexd_core::{Effect, Input};

/// One port of the game's edge; see the module documentation. Every method has a default
/// that does nothing, so a port implements only what it does.
pub(crate) trait Port {
    /// The game has greeted the players: a port that takes time to start (the recogniser
    /// loading its model) or takes over the terminal (the keyboard) starts now. Returns what
    /// the session is to hear of it.
    fn start(&mut self) -> Vec<Input> {
        Vec::new()
    }

    /// Adds the receivers it waits on to `select`; returns how many it added (none once what
    /// it waited on has ended).
    fn watch<'a>(&'a self, _select: &mut Select<'a>) -> usize {
        0
    }

    /// One of its receivers is ready (a message, or its sender gone): takes what waits
    /// there, without blocking.
    fn take(&mut self, _now: Duration) -> Vec<Input> {
        Vec::new()
    }

    /// When it is to be woken next ([`Port::tick`]), in game time; `None`: not before
    /// something arrives.
    fn next_deadline(&self, _now: Duration) -> Option<Duration> {
        None
    }

    /// Its deadline has come.
    fn tick(&mut self, _now: Duration) -> Vec<Input> {
        Vec::new()
    }

    /// Carries out `effect` if it is one of its own (every port sees every effect).
    fn carry_out(&mut self, _effect: &Effect, _now: Duration) {}

    /// The effects of one input are carried out: what is owed once they all are (the
    /// sheets of an ended game, once every journal line is on disk).
    fn settle(&mut self) {}

    /// What happened here that the session is to hear (the disk refusing the journal, the
    /// speech output falling back), since the last call.
    fn reports(&mut self) -> Vec<Input> {
        Vec::new()
    }

    /// The game is being left: a source stops (its threads end, nothing more comes from it),
    /// the journal is closed (how it stands is reported with [`Port::reports`]).
    fn leave(&mut self) {}

    /// The last words are said: waits for what must be finished (the speaker) and says
    /// whether everything it kept was saved.
    fn finish(&mut self) -> bool {
        true
    }
}

/// Adds `receiver` to `select` when there is one; how many were added (for [`Port::watch`]).
pub(crate) fn watch_one<'a, T>(
    select: &mut Select<'a>,
    receiver: Option<&'a Receiver<T>>,
) -> usize {
    match receiver {
        Some(receiver) => {
            select.recv(receiver);
            1
        }
        None => 0,
    }
}

/// What a port's receiver holds when the loop found it ready ([`take_ready`]).
pub(crate) enum Taken<T> {
    /// A message.
    Got(T),
    /// Nothing yet: crossbeam's `Select::ready` may wake spuriously, so readiness is only a
    /// hint. The port waits on.
    Nothing,
    /// Its sender is gone: nothing more will come from there.
    Ended,
}

/// Takes what `receiver` holds without blocking, telling a spurious wake ([`Taken::Nothing`])
/// apart from an ended source ([`Taken::Ended`]): the one place ports read a receiver the
/// loop found ready, so that no port takes the one for the other.
pub(crate) fn take_ready<T>(receiver: &Receiver<T>) -> Taken<T> {
    match receiver.try_recv() {
        Ok(message) => Taken::Got(message),
        Err(TryRecvError::Empty) => Taken::Nothing,
        Err(TryRecvError::Disconnected) => Taken::Ended,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossbeam_channel::unbounded;

    #[test]
    fn an_empty_receiver_is_nothing_yet_and_a_dropped_sender_ends_it() {
        let (sender, receiver) = unbounded::<u8>();
        assert!(matches!(take_ready(&receiver), Taken::Nothing));
        sender.send(7).unwrap();
        drop(sender);
        // What was sent before the sender went is still taken.
        assert!(matches!(take_ready(&receiver), Taken::Got(7)));
        assert!(matches!(take_ready(&receiver), Taken::Ended));
    }
}
