//! The one WebSocket loop: every live connection (a game, the lobby, a
//! class's dashboard or a pupil's page, a tournament) runs through [`run`],
//! which owns the frames, the size and rate limits, the close codes and the
//! server's shutdown. A feature only says what it pushes and how it answers
//! a message ([`Live`]).
//!
//! Every frame a client sends counts against its rate (text, binary, ping
//! and pong alike): a client that keeps sending past it after many
//! refusals is closed (`1008`). The server pings each socket every
//! [`PING_EVERY`]; one that has sent nothing (not even the pong a browser
//! answers by itself) for [`IDLE_LIMIT`] is closed (`1001`), so that a
//! dead or silent client does not keep its place under the connection cap.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{close_code, CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};

use crate::error::ApiError;
use crate::extract::SOCKET_PROTOCOL;
use crate::limits::Bucket;
use crate::metrics::Metrics;

/// Settings of every WebSocket.
#[derive(Clone, Debug)]
pub struct WsConfig {
    /// The largest message a client may send (bytes).
    pub max_message: usize,
    /// Messages a client may send a second (twice as many at once; 0: no
    /// limit).
    pub messages_per_second: u32,
    /// Where the connections are counted.
    pub metrics: Arc<Metrics>,
    /// How often the server pings ([`PING_EVERY`]).
    pub ping_every: Duration,
    /// How long a silent socket lives ([`IDLE_LIMIT`]).
    pub idle_limit: Duration,
}

/// A live connection's feature.
pub trait Live: Send + 'static {
    /// What the connection follows, for the logs and the figures (`game`,
    /// `lobby`, `class`, `tournament`).
    const KIND: &'static str;

    /// What [`Live::wait`] found to send.
    type Signal: Send;

    /// Waits until there is something to send; `None` ends the connection
    /// (what it follows is gone). It is dropped when a message comes in
    /// first, so it must lose nothing then (a channel's `recv` does not).
    fn wait(&mut self) -> impl Future<Output = Option<Self::Signal>> + Send;

    /// The messages to send for what was found (none: nothing new; `None`:
    /// the connection ends, e.g. a pupil removed from the class).
    fn messages(
        &mut self,
        signal: Self::Signal,
    ) -> impl Future<Output = Option<Vec<Message>>> + Send;

    /// A client's text message, read once: the answer for this connection,
    /// if any (what changes for everyone comes back through `wait`). A page
    /// that only watches answers nothing.
    fn handle(&mut self, text: Utf8Bytes) -> impl Future<Output = Option<Message>> + Send {
        let _ = text;
        async { None }
    }

    /// How this feature writes a refusal as a message.
    fn error(&self, err: &ApiError) -> Message;

    /// Once the connection is over, whatever ended it.
    fn end(self) -> impl Future<Output = ()> + Send
    where
        Self: Sized,
    {
        async {}
    }
}

/// The upgrade with the settings every socket shares: our protocol (the
/// token beside it), small buffers (thousands of connections with
/// tungstenite's 128 KiB defaults would hold hundreds of megabytes), and
/// the largest message a client may send.
pub fn configure(ws: WebSocketUpgrade, max_message: usize) -> WebSocketUpgrade {
    ws.protocols([SOCKET_PROTOCOL])
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0)
        .max_message_size(max_message)
        .max_frame_size(max_message)
}

type Sender = SplitSink<WebSocket, Message>;

/// How often the server pings a socket.
pub const PING_EVERY: Duration = Duration::from_secs(30);
/// How long a socket may send nothing at all before it is closed.
pub const IDLE_LIMIT: Duration = Duration::from_secs(75);
/// Refused messages in a row after which a client is closed.
const REFUSALS_BEFORE_CLOSE: u32 = 100;

/// Sends the error, then closes with `code`.
async fn close_with<L: Live>(live: &L, tx: &mut Sender, err: &ApiError, code: u16) {
    let _ = tx.send(live.error(err)).await;
    let frame = CloseFrame {
        code,
        reason: Utf8Bytes::from(err.code()),
    };
    let _ = tx.send(Message::Close(Some(frame))).await;
}

/// Whether a read error is a message over the size limit.
fn too_big(err: axum::Error) -> bool {
    matches!(
        err.into_inner().downcast_ref::<tungstenite::Error>(),
        Some(tungstenite::Error::Capacity(_))
    )
}

/// Runs a connection until the client leaves, what it follows ends, or the
/// server stops (`stopping` resolves): `first` is sent at once, then what
/// the feature pushes and its answers.
pub async fn run<L: Live>(
    socket: WebSocket,
    mut live: L,
    config: Arc<WsConfig>,
    first: Vec<Message>,
    stopping: impl Future<Output = ()> + Send,
) {
    let metrics = config.metrics.clone();
    metrics.sockets_opened.get(&L::KIND).inc();
    // Counted open until this loop ends, however it ends.
    let _open = metrics.sockets_open.get(&L::KIND).hold();
    let began = Instant::now();
    tracing::debug!(target: "quoridor::socket", kind = L::KIND, "websocket open");
    let mut ended_by = "client";
    let (mut tx, mut rx) = socket.split();
    let mut bucket = Bucket::new(
        config.messages_per_second,
        config.messages_per_second.max(1) * 2,
    );
    let mut refused_in_a_row = 0u32;
    let mut heard = Instant::now();
    let mut ping = tokio::time::interval_at(
        tokio::time::Instant::now() + config.ping_every,
        config.ping_every,
    );
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tokio::pin!(stopping);
    let mut alive = true;
    for message in first {
        alive = alive && tx.send(message).await.is_ok();
    }
    while alive {
        tokio::select! {
            signal = live.wait() => {
                let Some(signal) = signal else {
                    ended_by = "gone";
                    break;
                };
                match live.messages(signal).await {
                    Some(messages) => {
                        for message in messages {
                            alive = alive && tx.send(message).await.is_ok();
                        }
                    }
                    None => {
                        ended_by = "gone";
                        break;
                    }
                }
            }
            _ = &mut stopping => {
                let err = ApiError::unavailable("the server is stopping");
                close_with(&live, &mut tx, &err, close_code::RESTART).await;
                ended_by = "server stopping";
                alive = false;
            }
            _ = ping.tick() => {
                if heard.elapsed() >= config.idle_limit {
                    let frame = CloseFrame {
                        code: close_code::AWAY,
                        reason: Utf8Bytes::from_static("idle"),
                    };
                    let _ = tx.send(Message::Close(Some(frame))).await;
                    metrics.limit_refusals.get(&"ws_idle").inc();
                    ended_by = "idle";
                    break;
                }
                alive = tx.send(Message::Ping(Default::default())).await.is_ok();
            }
            incoming = rx.next() => {
                let frame = match incoming {
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Ok(frame)) => frame,
                    Some(Err(err)) => {
                        ended_by = "read error";
                        if too_big(err) {
                            let err = ApiError::PayloadTooLarge(config.max_message);
                            close_with(&live, &mut tx, &err, close_code::SIZE).await;
                            ended_by = "message too big";
                        }
                        break;
                    }
                };
                heard = Instant::now();
                // Every frame counts, pings and binary ones too (the
                // library answers a ping by itself, but not for free).
                if !bucket.take(heard) {
                    metrics.limit_refusals.get(&"ws_rate").inc();
                    refused_in_a_row += 1;
                    if refused_in_a_row >= REFUSALS_BEFORE_CLOSE {
                        close_with(&live, &mut tx, &ApiError::RateLimited, close_code::POLICY).await;
                        ended_by = "flood";
                        break;
                    }
                    if matches!(frame, Message::Text(_) | Message::Binary(_)) {
                        alive = tx.send(live.error(&ApiError::RateLimited)).await.is_ok();
                    }
                    continue;
                }
                refused_in_a_row = 0;
                let text = match frame {
                    Message::Text(text) => text,
                    Message::Binary(_) => {
                        let err = ApiError::bad_request("send JSON text messages");
                        alive = tx.send(live.error(&err)).await.is_ok();
                        continue;
                    }
                    // Pings are answered by the library; pongs need nothing.
                    _ => continue,
                };
                if let Some(reply) = live.handle(text).await {
                    alive = tx.send(reply).await.is_ok();
                }
            }
        }
    }
    live.end().await;
    let _ = tx.send(Message::Close(None)).await;
    let code = match ended_by {
        "server stopping" => close_code::RESTART,
        "message too big" => close_code::SIZE,
        "idle" => close_code::AWAY,
        "flood" => close_code::POLICY,
        _ => close_code::NORMAL,
    };
    tracing::info!(
        target: "quoridor::socket",
        kind = L::KIND,
        ended_by,
        code,
        seconds = began.elapsed().as_secs(),
        "websocket closed"
    );
}
