//! The Bluetooth LE transport (the `ble` feature): a thread with a one-thread tokio runtime
//! drives btleplug (BlueZ over D-Bus on Linux, WinRT on Windows, CoreBluetooth on macOS) for
//! one board's protocol.
//!
//! 1. The system's Bluetooth: none (no D-Bus, no BlueZ, no adapter, no WinRT Bluetooth) is
//!    reported once as [`PortEvent::NoBluetooth`], and looked for again every few seconds.
//! 2. Scan without a service filter (a Chessnut does not always advertise its service) and
//!    take the first board whose advertised name begins with one of its kind's names, or
//!    with the user's name when one is given (an advertised service of the kind also
//!    counts). Not found within a while: [`PortEvent::Unavailable`] once; the scan goes on.
//! 3. Connect, discover the services, subscribe to the profile's notifying characteristics;
//!    the protocol is told [`LinkInput::Opened`] and each notification is one
//!    [`LinkInput::Bytes`]. Writes go to the profile's characteristic, cut into 20-byte
//!    pieces where the profile allows it (a UART), whole otherwise.
//! 4. A disconnection is [`LinkInput::Closed`] (the protocol says the board is lost); the
//!    board is looked for and connected again, and the protocol's first report after that
//!    is compared with the game.
//!
//! Requests ([`Request`]) are handed to the protocol at every stage, so that what it keeps
//! (lit squares) is there when the board is. All decisions are the protocol's.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use btleplug::api::{
    Central, CentralEvent, Characteristic, Manager as _, Peripheral as _, ScanFilter, WriteType,
};
use btleplug::platform::{Adapter, Manager, Peripheral};
use crossbeam_channel::Sender;
use futures::{Stream, StreamExt};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::time::Instant;

use annexd_core::board::transport::{BleProfile, BleWrites, Uuid};
use annexd_core::board::{BoardProtocol, LinkInput, LinkOutput, Request};

use super::port_event::PortEvent;

/// How often the system's Bluetooth is looked for again when there is none.
const BLUETOOTH_AGAIN: Duration = Duration::from_secs(5);
/// How long a scan runs before the board is said to be missing (the scan goes on).
const NOT_FOUND_AFTER: Duration = Duration::from_secs(15);
/// How long to wait before looking for a board again after a failed connection or a drop.
const RECONNECT_AFTER: Duration = Duration::from_secs(2);
/// The longest write of a stream characteristic (the ATT default MTU less its header).
const STREAM_PIECE: usize = 20;

type Events = Pin<Box<dyn Stream<Item = CentralEvent> + Send>>;

/// Why a stage ended.
enum End {
    /// Stop: the link was dropped.
    Stop,
    /// Try again after a pause (a failed step, a dropped connection), with what happened.
    Again(String),
}

/// The thread's body: see the module documentation.
pub(super) fn run(
    name: Option<String>,
    profile: BleProfile,
    protocol: Box<dyn BoardProtocol>,
    events: Sender<PortEvent>,
    requests: UnboundedReceiver<Request>,
    stop: Arc<AtomicBool>,
) {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            // The receiver is gone only when its owner is shutting down: nobody is left to tell.
            let _ = events.send(PortEvent::NoBluetooth(format!("no runtime: {e}")));
            return;
        }
    };
    let mut ble = Ble {
        name,
        profile,
        protocol,
        events,
        requests,
        stop,
        epoch: Instant::now(),
        said_no_bluetooth: false,
    };
    runtime.block_on(ble.run());
}

struct Ble {
    name: Option<String>,
    profile: BleProfile,
    protocol: Box<dyn BoardProtocol>,
    events: Sender<PortEvent>,
    requests: UnboundedReceiver<Request>,
    stop: Arc<AtomicBool>,
    epoch: Instant,
    said_no_bluetooth: bool,
}

fn uuid(u: Uuid) -> uuid::Uuid {
    uuid::Uuid::from_u128(u.0)
}

impl Ble {
    async fn run(&mut self) {
        loop {
            let central = match self.adapter().await {
                Ok(central) => central,
                Err(detail) => {
                    if !std::mem::replace(&mut self.said_no_bluetooth, true)
                        && !self.tell(PortEvent::NoBluetooth(detail))
                    {
                        return;
                    }
                    match self.pause(BLUETOOTH_AGAIN).await {
                        End::Stop => return,
                        End::Again(_) => continue,
                    }
                }
            };
            self.said_no_bluetooth = false;
            match self.with_adapter(&central).await {
                End::Stop => return,
                End::Again(why) => {
                    tracing::info!("{}: {why}", self.protocol.name());
                    if let End::Stop = self.pause(RECONNECT_AFTER).await {
                        return;
                    }
                }
            }
        }
    }

    /// The system's first Bluetooth adapter, or what the system said.
    async fn adapter(&self) -> Result<Adapter, String> {
        let manager = Manager::new()
            .await
            .map_err(|e| format!("no Bluetooth service: {e}"))?;
        let adapters = manager
            .adapters()
            .await
            .map_err(|e| format!("no Bluetooth adapter: {e}"))?;
        adapters
            .into_iter()
            .next()
            .ok_or_else(|| "no Bluetooth adapter".to_string())
    }

    /// Finds, connects and serves the board until the connection ends.
    async fn with_adapter(&mut self, central: &Adapter) -> End {
        let mut central_events = match central.events().await {
            Ok(events) => events,
            Err(e) => return End::Again(format!("adapter events: {e}")),
        };
        loop {
            let peripheral = match self.find(central, &mut central_events).await {
                Ok(peripheral) => peripheral,
                Err(end) => return end,
            };
            // Scanning while connected slows the link down; it is started again to look.
            let _ = central.stop_scan().await;
            let end = self.serve(&peripheral, &mut central_events).await;
            // A board still half connected after a failure is let go before it is sought.
            let _ = peripheral.disconnect().await;
            match end {
                End::Stop => return End::Stop,
                End::Again(why) => {
                    tracing::info!("{}: {why}", self.protocol.name());
                    if let End::Stop = self.pause(RECONNECT_AFTER).await {
                        return End::Stop;
                    }
                }
            }
        }
    }

    /// Whether a device is the board sought.
    async fn is_the_board(&self, peripheral: &Peripheral) -> bool {
        let Ok(Some(properties)) = peripheral.properties().await else {
            return false;
        };
        let name = properties.local_name.unwrap_or_default().to_lowercase();
        match &self.name {
            Some(wanted) => !name.is_empty() && name.starts_with(&wanted.to_lowercase()),
            None => {
                self.profile
                    .names
                    .iter()
                    .any(|n| !name.is_empty() && name.starts_with(&n.to_lowercase()))
                    || properties.services.contains(&uuid(self.profile.service))
            }
        }
    }

    /// Scans until the board is seen.
    async fn find(&mut self, central: &Adapter, events: &mut Events) -> Result<Peripheral, End> {
        central
            .start_scan(ScanFilter::default())
            .await
            .map_err(|e| End::Again(format!("scan: {e}")))?;
        for peripheral in central.peripherals().await.unwrap_or_default() {
            if self.is_the_board(&peripheral).await {
                return Ok(peripheral);
            }
        }
        let not_found_at = Instant::now() + NOT_FOUND_AFTER;
        let mut said = false;
        loop {
            tokio::select! {
                event = events.next() => match event {
                    Some(CentralEvent::DeviceDiscovered(id) | CentralEvent::DeviceUpdated(id)) => {
                        if let Ok(peripheral) = central.peripheral(&id).await
                            && self.is_the_board(&peripheral).await
                        {
                            return Ok(peripheral);
                        }
                    }
                    Some(_) => {}
                    None => return Err(End::Again("the adapter's events ended".into())),
                },
                request = self.requests.recv() => match request {
                    Some(request) => self.keep(&request),
                    None => return Err(End::Stop),
                },
                _ = tokio::time::sleep_until(not_found_at), if !said => {
                    said = true;
                    let wanted = match &self.name {
                        Some(name) => name.clone(),
                        None => self.profile.names.join(" / "),
                    };
                    let detail = format!("no Bluetooth board named {wanted}… found");
                    if !self.tell(PortEvent::Unavailable(detail)) {
                        return Err(End::Stop);
                    }
                }
            }
            if self.stop.load(Ordering::Relaxed) {
                return Err(End::Stop);
            }
        }
    }

    /// Connects to the board and moves its bytes until the connection ends.
    async fn serve(&mut self, peripheral: &Peripheral, events: &mut Events) -> End {
        let step =
            |what: &'static str| move |e: btleplug::Error| End::Again(format!("{what}: {e}"));
        let result: Result<End, End> = async {
            peripheral.connect().await.map_err(step("connect"))?;
            peripheral
                .discover_services()
                .await
                .map_err(step("discover services"))?;
            let characteristics = peripheral.characteristics();
            let find = |u: Uuid| characteristics.iter().find(|c| c.uuid == uuid(u)).cloned();
            let write = find(self.profile.write)
                .ok_or_else(|| End::Again("the board has no characteristic to write".into()))?;
            for &notify in self.profile.notify {
                if let Some(c) = find(notify) {
                    peripheral.subscribe(&c).await.map_err(step("subscribe"))?;
                }
            }
            let mut notifications = peripheral
                .notifications()
                .await
                .map_err(step("notifications"))?;
            let id = peripheral.id();
            let opened = self.protocol.handle(LinkInput::Opened, self.now());
            self.carry_out(opened, peripheral, &write).await?;
            loop {
                let deadline = self.protocol.next_deadline().map(|d| self.epoch + d);
                let outputs = tokio::select! {
                    value = notifications.next() => match value {
                        Some(value) => self.protocol.handle(LinkInput::Bytes(&value.value), self.now()),
                        None => return Ok(End::Again("notifications ended".into())),
                    },
                    event = events.next() => match event {
                        Some(CentralEvent::DeviceDisconnected(gone)) if gone == id => {
                            return Ok(End::Again("disconnected".into()));
                        }
                        Some(_) => Vec::new(),
                        None => return Ok(End::Again("the adapter's events ended".into())),
                    },
                    request = self.requests.recv() => match request {
                        Some(request) => vec![LinkOutput::Write(self.protocol.request(&request))],
                        None => return Ok(End::Stop),
                    },
                    _ = sleep_until(deadline) => self.protocol.handle(LinkInput::Tick, self.now()),
                };
                self.carry_out(outputs, peripheral, &write).await?;
                if self.stop.load(Ordering::Relaxed) {
                    return Ok(End::Stop);
                }
            }
        }
        .await;
        let end = result.unwrap_or_else(|end| end);
        // However it ended, the protocol learns the board is gone (it says so if it was up).
        let closed = self.protocol.handle(LinkInput::Closed, self.now());
        for output in closed {
            if let LinkOutput::Event(event) = output
                && !self.tell(PortEvent::Link(event))
            {
                return End::Stop;
            }
        }
        end
    }

    /// Writes and reports what the protocol decided.
    async fn carry_out(
        &mut self,
        outputs: Vec<LinkOutput>,
        peripheral: &Peripheral,
        write: &Characteristic,
    ) -> Result<(), End> {
        let kind = if self.profile.write_with_response {
            WriteType::WithResponse
        } else {
            WriteType::WithoutResponse
        };
        for output in outputs {
            match output {
                LinkOutput::Write(bytes) if bytes.is_empty() => {}
                LinkOutput::Write(bytes) => {
                    let pieces: Vec<&[u8]> = match self.profile.writes {
                        BleWrites::Stream => bytes.chunks(STREAM_PIECE).collect(),
                        BleWrites::Whole => vec![&bytes[..]],
                    };
                    for piece in pieces {
                        peripheral
                            .write(write, piece, kind)
                            .await
                            .map_err(|e| End::Again(format!("write: {e}")))?;
                    }
                }
                LinkOutput::Event(event) => {
                    if !self.tell(PortEvent::Link(event)) {
                        return Err(End::Stop);
                    }
                }
            }
        }
        Ok(())
    }

    /// A request while no board is connected: the protocol keeps what it needs.
    fn keep(&mut self, request: &Request) {
        let _unsent = self.protocol.request(request);
    }

    /// Waits `pause`, taking requests meanwhile; `Stop` when the link was dropped.
    async fn pause(&mut self, pause: Duration) -> End {
        let until = Instant::now() + pause;
        loop {
            tokio::select! {
                request = self.requests.recv() => match request {
                    Some(request) => self.keep(&request),
                    None => return End::Stop,
                },
                _ = tokio::time::sleep_until(until) => {
                    return if self.stop.load(Ordering::Relaxed) {
                        End::Stop
                    } else {
                        End::Again(String::new())
                    };
                }
            }
        }
    }

    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    /// Sends an event; false when nobody listens any more.
    fn tell(&self, event: PortEvent) -> bool {
        self.events.send(event).is_ok()
    }
}

/// Sleeps until `deadline`, or for ever without one.
async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
