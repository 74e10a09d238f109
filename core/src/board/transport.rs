//! How a board's bytes travel, as data a protocol gives to the adapter that moves them: a
//! serial line with its framing (speed, data bits, parity, stop bits), or a Bluetooth LE
//! profile (the service to look for, the characteristics to subscribe to and to write, the
//! names the board advertises). The protocol decides what the bytes mean; the transport only
//! says how to reach them, so one serial adapter and one BLE adapter serve every board kind.

use std::fmt;

/// A 128-bit Bluetooth UUID, written as the usual `8-4-4-4-12` hex text. A plain number, so
/// the core needs no UUID crate; the BLE adapter converts it (`uuid::Uuid::from_u128`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Uuid(pub u128);

impl fmt::Display for Uuid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        write!(
            f,
            "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
            (v >> 96) as u32,
            (v >> 80) as u16,
            (v >> 64) as u16,
            (v >> 48) as u16,
            v & 0xffff_ffff_ffff
        )
    }
}

/// Data bits a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataBits {
    /// Seven (the ChessLink's 7O1).
    Seven,
    /// Eight.
    Eight,
}

/// The parity bit of each character, checked and added by the serial driver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parity {
    /// No parity bit.
    None,
    /// Odd parity.
    Odd,
    /// Even parity.
    Even,
}

/// Stop bits a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopBits {
    /// One.
    One,
    /// Two.
    Two,
}

/// The framing of a serial line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SerialFraming {
    /// The line speed in baud.
    pub baud: u32,
    /// Data bits a character.
    pub data_bits: DataBits,
    /// The parity bit.
    pub parity: Parity,
    /// Stop bits.
    pub stop_bits: StopBits,
}

impl SerialFraming {
    /// 8 data bits, no parity, 1 stop bit at `baud` (peg boards, DGT boards).
    pub const fn eight_n_one(baud: u32) -> Self {
        SerialFraming {
            baud,
            data_bits: DataBits::Eight,
            parity: Parity::None,
            stop_bits: StopBits::One,
        }
    }

    /// 7 data bits, odd parity, 1 stop bit at `baud` (the ChessLink).
    pub const fn seven_o_one(baud: u32) -> Self {
        SerialFraming {
            baud,
            data_bits: DataBits::Seven,
            parity: Parity::Odd,
            stop_bits: StopBits::One,
        }
    }
}

impl fmt::Display for SerialFraming {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bits = match self.data_bits {
            DataBits::Seven => 7,
            DataBits::Eight => 8,
        };
        let parity = match self.parity {
            Parity::None => 'N',
            Parity::Odd => 'O',
            Parity::Even => 'E',
        };
        let stop = match self.stop_bits {
            StopBits::One => 1,
            StopBits::Two => 2,
        };
        write!(f, "{} baud {bits}{parity}{stop}", self.baud)
    }
}

/// How the host writes to a BLE characteristic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BleWrites {
    /// The characteristic is a byte stream (a UART over BLE): a long write may be cut into
    /// pieces of any size the link allows, sent in order.
    Stream,
    /// Each write is one command and must arrive whole, in one write.
    Whole,
}

/// What a BLE board offers and how to use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BleProfile {
    /// Beginnings of the names the board advertises (matched without regard to case); a
    /// user-given name narrows the choice further.
    pub names: &'static [&'static str],
    /// The primary service that identifies the board in a scan.
    pub service: Uuid,
    /// Characteristics to subscribe to; each notification is fed to the protocol whole, as
    /// one `Bytes` input, in the order received.
    pub notify: &'static [Uuid],
    /// The characteristic the host writes commands to.
    pub write: Uuid,
    /// Whether writes ask for a response (acknowledged writes).
    pub write_with_response: bool,
    /// How long writes may be cut.
    pub writes: BleWrites,
    /// The ATT MTU the vendor asks for, if any (notifications longer than the default 20
    /// bytes need it).
    pub mtu: Option<u16>,
}

/// How a board is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// A serial line (USB CDC, a USB serial adapter, a Bluetooth serial port, a
    /// pseudo-terminal in tests).
    Serial(SerialFraming),
    /// Bluetooth LE.
    Ble(BleProfile),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_print_as_the_vendors_write_them() {
        let nus = Uuid(0x6e40_0001_b5a3_f393_e0a9_e50e_24dc_ca9e);
        assert_eq!(nus.to_string(), "6e400001-b5a3-f393-e0a9-e50e24dcca9e");
        assert_eq!(
            SerialFraming::seven_o_one(38_400).to_string(),
            "38400 baud 7O1"
        );
        assert_eq!(
            SerialFraming::eight_n_one(9600).to_string(),
            "9600 baud 8N1"
        );
    }
}
