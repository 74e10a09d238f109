//! What a board's connection reports ([`PortEvent`]): the protocol's events, and trouble
//! reaching the board. Below the connection and its transports (serial, Bluetooth), which
//! all send it.

use annexd_core::board::LinkEvent;

/// What a board's connection reports: the protocol's events, and trouble reaching the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PortEvent {
    /// From the protocol.
    Link(LinkEvent),
    /// The board cannot be reached: its port cannot be opened, or no Bluetooth board of its
    /// kind (and name) is found. Sent once until it is there; the link keeps trying.
    Unavailable(String),
    /// There is no Bluetooth to reach the board with (no adapter, no Bluetooth service, a
    /// program built without Bluetooth). Sent once; the link keeps looking.
    NoBluetooth(String),
}
