//! The Board API over HTTPS (ureq with rustls): carries out the core's orders as they are
//! written (method, path, form) with the token as a bearer header, and reports what came
//! back as the core's inputs on a channel.
//!
//! - A **stream** (the event stream, a game's stream, a seek, a challenge) gets a thread of
//!   its own that reads its lines (ndjson) as they come: `Opened`, each `Line`, then
//!   `Closed` (ended by the server, cut, silent, or refused with the server's answer). A
//!   stream the core watches for silence ([`Request::watched_for_silence`]) and silent longer
//!   than [`annexd_core::online::SILENCE`] is given up as `Silent` (lichess sends an empty
//!   line every few seconds on the event stream); a challenge's is not (the API promises no
//!   line on it before its end). A line longer than [`MAX_LINE`] cuts the stream.
//! - Other **requests** go one at a time, in order, through one worker thread (lichess asks
//!   for one request at a time), each with its answer (`Answered`).
//! - **Closing** a stream marks it: its thread stops at its next line and drops the
//!   connection (for a seek, that withdraws it); what it still reads is not reported.
//!
//! Nothing here decides: a status, a refusal, a line that does not read all go to the core.
//! The token is in one header only; ureq logs no header but a few harmless ones.

use std::io::{BufRead, BufReader, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use crossbeam_channel::{Receiver, Sender, unbounded};

use annexd_core::online::{Answer, Closing, Input, Method, Order, Request, RequestId};

use super::token::{ApiToken, ServerUrl};

/// The longest line a stream may send (a game's full state is a few kilobytes).
pub const MAX_LINE: u64 = 256 * 1024;

/// The most of a body kept (an answer's, or a refused stream's).
const MAX_BODY: u64 = 64 * 1024;

/// How long a request that is not a stream may take, all told.
const REQUEST_TIME: Duration = Duration::from_secs(30);

/// How long a connection may take to open.
const CONNECT_TIME: Duration = Duration::from_secs(15);

/// The HTTP client of the Board API; see the module documentation.
pub struct Client {
    agent: ureq::Agent,
    server: ServerUrl,
    bearer: Arc<str>,
    /// A watched stream silent this long is given up.
    silence: Duration,
    /// Streams open (or opening), each with its mark to stop.
    streams: Vec<(RequestId, Arc<AtomicBool>)>,
    worker: Sender<(RequestId, Request)>,
    inputs: Sender<Input>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("server", &self.server)
            .field("streams", &self.streams.len())
            .finish_non_exhaustive()
    }
}

impl Client {
    /// A client of `server` with `token`, reporting to `inputs`; a stream silent for
    /// `silence` is cut.
    pub fn new(
        server: ServerUrl,
        token: &ApiToken,
        silence: Duration,
        inputs: Sender<Input>,
    ) -> Client {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            // Every status is the core's to judge.
            .http_status_as_error(false)
            .timeout_connect(Some(CONNECT_TIME))
            .timeout_per_read(Some(silence))
            .user_agent(concat!("annexd/", env!("CARGO_PKG_VERSION")))
            .build()
            .into();
        let bearer: Arc<str> = token.bearer().into();
        let (worker, jobs) = unbounded();
        {
            let agent = agent.clone();
            let server = server.clone();
            let bearer = bearer.clone();
            let inputs = inputs.clone();
            thread::Builder::new()
                .name("lichess requests".into())
                .spawn(move || requests(agent, server, bearer, jobs, inputs))
                .expect("a thread can be started");
        }
        Client {
            agent,
            server,
            bearer,
            silence,
            streams: Vec::new(),
            worker,
            inputs,
        }
    }

    /// Carries out one of the core's orders.
    pub fn carry_out(&mut self, order: Order) {
        match order {
            Order::Send(id, request) if request.is_stream() => self.open(id, request),
            Order::Send(id, request) => {
                tracing::debug!(target: "online", "{} {}", method(&request), request.path());
                // The worker ends only with the client.
                let _ = self.worker.send((id, request));
            }
            Order::Close(id) => {
                self.streams.retain(|(open, stop)| {
                    if *open == id {
                        stop.store(true, Ordering::Relaxed);
                        tracing::debug!(target: "online", "stream {} closed", id.0);
                    }
                    *open != id
                });
            }
        }
    }

    fn open(&mut self, id: RequestId, request: Request) {
        tracing::info!(target: "online", "{} {} (stream {})", method(&request), request.path(), id.0);
        // Streams that ended of themselves leave their marks; keep the list short.
        self.streams.retain(|(_, stop)| Arc::strong_count(stop) > 1);
        let stop = Arc::new(AtomicBool::new(false));
        self.streams.push((id, stop.clone()));
        let agent = self.agent.clone();
        let url = self.server.at(&request.path());
        let bearer = self.bearer.clone();
        let inputs = self.inputs.clone();
        let silence = self.silence;
        let spawned = thread::Builder::new()
            .name(format!("lichess stream {}", id.0))
            .spawn(move || stream(agent, url, bearer, id, request, silence, stop, inputs));
        if let Err(err) = spawned {
            let _ = self.inputs.send(Input::Closed(
                id,
                Closing::Refused(Answer::Unreachable(format!("no thread: {err}"))),
            ));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        for (_, stop) in &self.streams {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

fn method(request: &Request) -> &'static str {
    match request.method() {
        Method::Get => "GET",
        Method::Post => "POST",
    }
}

/// The waits of a request: `whole` for all of it, `per_read` for each read (none: a stream
/// may be silent however long once its answer began), `answer` for its answer to begin.
#[derive(Debug, Clone, Copy)]
struct Waits {
    whole: Option<Duration>,
    per_read: Option<Duration>,
    answer: Option<Duration>,
}

/// Makes the request and gives its response (status and body), or why there is none.
fn call(
    agent: &ureq::Agent,
    url: &str,
    bearer: &str,
    request: &Request,
    waits: Waits,
) -> Result<ureq::http::Response<ureq::Body>, ureq::Error> {
    let form = request.form();
    match request.method() {
        Method::Get => agent
            .get(url)
            .header("Authorization", bearer)
            .header("Accept", "application/x-ndjson, application/json")
            .config()
            .timeout_global(waits.whole)
            .timeout_per_read(waits.per_read)
            .timeout_recv_response(waits.answer)
            .build()
            .call(),
        Method::Post => {
            let post = agent
                .post(url)
                .header("Authorization", bearer)
                .header("Accept", "application/x-ndjson, application/json")
                .config()
                .timeout_global(waits.whole)
                .timeout_per_read(waits.per_read)
                .timeout_recv_response(waits.answer)
                .build();
            if form.is_empty() {
                post.send_empty()
            } else {
                post.send_form(form.iter().map(|(k, v)| (*k, v.as_str())))
            }
        }
    }
}

/// A body's first [`MAX_BODY`] bytes as text (what is not UTF-8 replaced: the core judges).
fn body_text(body: ureq::Body) -> String {
    let mut bytes = Vec::new();
    let _ = body.into_reader().take(MAX_BODY).read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The worker: one request at a time, each answer reported.
fn requests(
    agent: ureq::Agent,
    server: ServerUrl,
    bearer: Arc<str>,
    jobs: Receiver<(RequestId, Request)>,
    inputs: Sender<Input>,
) {
    let waits = Waits {
        whole: Some(REQUEST_TIME),
        per_read: agent.config().timeout_per_read(),
        answer: None,
    };
    for (id, request) in jobs {
        let url = server.at(&request.path());
        let answer = match call(&agent, &url, &bearer, &request, waits) {
            Ok(response) => {
                let code = response.status().as_u16();
                let body = body_text(response.into_body());
                tracing::debug!(target: "online", "{} {}: {code}", method(&request), request.path());
                Answer::Status { code, body }
            }
            Err(err) => {
                tracing::info!(target: "online", "{} {}: {err}", method(&request), request.path());
                Answer::Unreachable(err.to_string())
            }
        };
        if inputs.send(Input::Answered(id, answer)).is_err() {
            return;
        }
    }
}

/// A stream's thread: opens it, reports each line, and how it ended.
#[allow(clippy::too_many_arguments)]
fn stream(
    agent: ureq::Agent,
    url: String,
    bearer: Arc<str>,
    id: RequestId,
    request: Request,
    silence: Duration,
    stop: Arc<AtomicBool>,
    inputs: Sender<Input>,
) {
    let report = |input: Input| {
        if !stop.load(Ordering::Relaxed) {
            let _ = inputs.send(input);
        }
    };
    // The answer must begin within the silence; its lines may then be apart however long
    // only on a stream not watched for silence.
    let waits = Waits {
        whole: None,
        per_read: request.watched_for_silence().then_some(silence),
        answer: Some(silence),
    };
    let response = match call(&agent, &url, &bearer, &request, waits) {
        Ok(response) => response,
        Err(err) => {
            tracing::info!(target: "online", "stream {}: {err}", id.0);
            return report(Input::Closed(
                id,
                Closing::Refused(Answer::Unreachable(err.to_string())),
            ));
        }
    };
    let code = response.status().as_u16();
    if code != 200 {
        let body = body_text(response.into_body());
        tracing::info!(target: "online", "stream {}: status {code}", id.0);
        return report(Input::Closed(
            id,
            Closing::Refused(Answer::Status { code, body }),
        ));
    }
    report(Input::Opened(id));
    let mut reader = BufReader::new(response.into_body().into_reader());
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut line);
        if stop.load(Ordering::Relaxed) {
            return;
        }
        match read {
            Ok(0) => return report(Input::Closed(id, Closing::Ended)),
            Ok(_) if line.last() != Some(&b'\n') && line.len() as u64 > MAX_LINE => {
                return report(Input::Closed(id, Closing::Cut("a line too long".into())));
            }
            Ok(_) => {
                let text = String::from_utf8_lossy(&line);
                let text = text.trim_end_matches(['\n', '\r']);
                tracing::trace!(target: "online", "stream {}: {text}", id.0);
                report(Input::Line(id, text.to_string()));
            }
            Err(err) if is_silence(&err) => {
                tracing::info!(target: "online", "stream {} silent: {err}", id.0);
                return report(Input::Closed(id, Closing::Silent));
            }
            Err(err) => {
                tracing::info!(target: "online", "stream {} cut: {err}", id.0);
                return report(Input::Closed(id, Closing::Cut(err.to_string())));
            }
        }
    }
}

/// A read that failed because nothing came within its time (not because the line broke).
fn is_silence(err: &std::io::Error) -> bool {
    matches!(
        err.kind(),
        std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
    ) || err
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<ureq::Error>())
        .is_some_and(|inner| matches!(inner, ureq::Error::Timeout(_)))
}
