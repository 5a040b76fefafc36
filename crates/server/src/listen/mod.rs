//! The accept loop: what the server owes the network before any route runs.
//!
//! - **A cap on connections** ([`Limits::max_connections`], never more than
//!   the process's file descriptors allow): a connection past it gets a
//!   short JSON 503 and is closed, so that a flood of idle sockets cannot
//!   starve the others. A WebSocket keeps its place until it closes (the
//!   permit travels with the socket through the upgrade).
//! - **A share per client** ([`Limits::per_client`], well below the cap):
//!   one address (an IPv6 /64) holds at most that many connections, so
//!   that a handful of addresses cannot take every place. Behind a trusted
//!   proxy every connection comes from the proxy: there a WebSocket (the
//!   connection that lasts) takes its place in its client's share when it
//!   is asked for, and keeps it while it lives.
//! - **Timeouts**: a request's headers must arrive within
//!   [`Limits::header_timeout`], which also closes a keep-alive connection
//!   idle that long; bodies have their own timeout ([`crate::extract`]).
//! - **Running out of file descriptors** (`EMFILE`) pauses accepting for a
//!   moment instead of ending the loop or spinning.
//! - On shutdown it stops accepting, lets requests in flight finish, and
//!   waits a little for the connections to close.
//! - Requests the HTTP layer refuses by itself get a real answer, not an
//!   empty one ([`answers`]).

mod answers;

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

use crate::limits::client_key;
use crate::limits::tally::{OwnedReserved, Tally};

/// What the accept loop allows.
#[derive(Clone, Debug)]
pub struct Limits {
    pub max_connections: usize,
    pub header_timeout: Duration,
    /// The reverse proxies in front (`--trusted-proxy`): for a request
    /// that comes from one of them, the client is the last address of
    /// its `X-Forwarded-For` (the one that proxy added; those before it
    /// are whatever the client claimed). Every per-address limit counts
    /// that client, not the proxy.
    pub trusted_proxies: Arc<[std::net::IpAddr]>,
    /// Connections one client may hold at once.
    pub per_client: usize,
    /// One instance among several: the others relay requests to this one
    /// and are trusted as proxies too.
    pub peers: Option<Arc<crate::db::cluster::Leases>>,
}

impl Limits {
    /// Whether a connection from `ip` comes from a proxy this server
    /// trusts (its `X-Forwarded-For` names the client).
    pub fn trusts(&self, ip: std::net::IpAddr) -> bool {
        self.trusted_proxies.contains(&ip) || self.peers.as_ref().is_some_and(|p| p.is_peer(ip))
    }
}

/// The client of a request that arrived from `peer`: `peer` itself, or,
/// from a trusted proxy, the address that proxy put last in
/// `X-Forwarded-For` (every such header read, in order).
pub fn client_of(
    peer: SocketAddr,
    headers: &axum::http::HeaderMap,
    trusted: &[std::net::IpAddr],
) -> SocketAddr {
    if !trusted.contains(&peer.ip()) {
        return peer;
    }
    let last = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .rfind(|part| !part.trim().is_empty());
    match last.and_then(|a| a.trim().parse::<std::net::IpAddr>().ok()) {
        Some(ip) => SocketAddr::new(ip, 0),
        None => peer,
    }
}

/// File descriptors kept for everything but connections (the database, its
/// journal, the listener, the runtime).
const RESERVED_FDS: u64 = 64;

/// Raises the soft limit on open files to the hard one (as servers do, and
/// as the load benchmark does for its clients); returns the soft limit now
/// in force, or `None` if it cannot be read.
pub fn raise_fd_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return None;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max.min(1 << 20),
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit.rlim_cur = raised.rlim_cur;
            }
        }
    }
    // rlim_t is u64 on 64-bit Linux, not everywhere.
    #[allow(clippy::unnecessary_cast)]
    Some(limit.rlim_cur as u64)
}

/// The connection cap the process can honour: the configured one, at most
/// the file-descriptor limit (raised first) less a reserve.
pub fn connection_cap(configured: usize) -> usize {
    let Some(fds) = raise_fd_limit() else {
        return configured;
    };
    let room = fds.saturating_sub(RESERVED_FDS).max(1);
    configured.min(room.min(usize::MAX as u64) as usize).max(1)
}

/// Connections open now, for `/api/health`, and each client's.
#[derive(Clone)]
pub struct Connections {
    permits: Arc<Semaphore>,
    cap: usize,
    per_client: Arc<Tally>,
}

impl Connections {
    pub fn new(cap: usize) -> Connections {
        Connections {
            permits: Arc::new(Semaphore::new(cap)),
            cap,
            per_client: Arc::new(Tally::new()),
        }
    }

    /// Connections of the client `key` open now.
    pub fn of_client(&self, key: &str) -> usize {
        self.per_client.count(key)
    }

    pub fn open(&self) -> usize {
        self.cap - self.permits.available_permits()
    }

    pub fn cap(&self) -> usize {
        self.cap
    }
}

/// A socket that holds its place under the cap, and in its client's share,
/// until it is dropped. Behind a proxy the client's place is taken when a
/// WebSocket is asked for ([`ClientPlace`]).
struct Counted {
    stream: TcpStream,
    _permit: OwnedSemaphorePermit,
    _place: ClientPlace,
}

/// The place a connection holds in its client's share, if any.
#[derive(Clone, Default)]
struct ClientPlace(Arc<std::sync::Mutex<Option<OwnedReserved>>>);

impl ClientPlace {
    fn hold(&self, place: OwnedReserved) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(place);
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// The answer to a connection past the cap.
const BUSY: &str = "{\"error\":{\"code\":\"unavailable\",\"message\":\"the server has too many connections: try again in a moment\"}}";

/// The answer to a client past its share.
const CLIENT_BUSY: &str = "{\"error\":{\"code\":\"unavailable\",\"message\":\"too many connections from your address: close some pages and try again\"}}";

async fn refuse(mut stream: TcpStream, body: &'static str) {
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        // The request's head first (what arrives within a moment), so that
        // the client reads the answer to its request, not a reset.
        let mut head = [0u8; 4096];
        let _ = tokio::time::timeout(Duration::from_millis(500), async {
            use tokio::io::AsyncReadExt;
            let mut read = 0;
            while read < head.len() {
                match stream.read(&mut head[read..]).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => read += n,
                }
                if head[..read].windows(4).any(|w| w == b"\r\n\r\n") {
                    break;
                }
            }
        })
        .await;
        let _ = stream.write_all(response.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// Whether an accept error concerns only that one connection.
fn is_connection_error(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
    )
}

/// Serves `router` on `listener` until `stop` fires.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    connections: Connections,
    metrics: Arc<crate::metrics::Metrics>,
    mut stop: impl std::future::Future<Output = ()> + Unpin,
) {
    let (closing_tx, closing) = watch::channel(false);
    loop {
        let accepted = tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => accepted,
        };
        let (stream, addr) = match accepted {
            Ok(pair) => pair,
            Err(err) if is_connection_error(&err) => continue,
            Err(_) => {
                // Out of file descriptors (or memory): wait for some to be
                // freed rather than spin or give up.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // A client's share first, taken before the place under the cap: a
        // client past its share never takes a place from the others.
        let place = ClientPlace::default();
        if !limits.trusts(addr.ip()) {
            let key = client_key(addr.ip());
            match connections
                .per_client
                .reserve_owned(&key, limits.per_client)
            {
                Some(reserved) => place.hold(reserved),
                None => {
                    metrics.limit_refusals.get(&"connections_per_client").inc();
                    tokio::spawn(refuse(stream, CLIENT_BUSY));
                    continue;
                }
            }
        }
        let Ok(permit) = connections.permits.clone().try_acquire_owned() else {
            metrics.limit_refusals.get(&"connections").inc();
            tokio::spawn(refuse(stream, BUSY));
            continue;
        };
        // Moves are small messages that should leave at once.
        let _ = stream.set_nodelay(true);
        let io = answers::Answering::new(Counted {
            stream,
            _permit: permit,
            _place: place.clone(),
        });
        tokio::spawn(connection(
            io,
            addr,
            router.clone(),
            Shares {
                limits: limits.clone(),
                connections: connections.clone(),
                place,
                metrics: metrics.clone(),
            },
            closing.clone(),
        ));
    }
    let _ = closing_tx.send(true);
    // Requests in flight finish; WebSockets close when the hub stops.
    let all = connections.cap as u32;
    let _ = tokio::time::timeout(
        Duration::from_secs(5),
        connections.permits.acquire_many(all),
    )
    .await;
}

/// Resolves once the accept loop stops.
async fn stopping(closing: &mut watch::Receiver<bool>) {
    let _ = closing.wait_for(|&c| c).await;
}

/// What a connection needs to hold its client's share.
struct Shares {
    limits: Limits,
    connections: Connections,
    place: ClientPlace,
    metrics: Arc<crate::metrics::Metrics>,
}

impl Shares {
    /// Behind a trusted proxy, a WebSocket asked for by `client` takes a
    /// place in that client's share (kept while the connection lives);
    /// `false` when the share is full.
    fn websocket_place(&self, peer: SocketAddr, client: SocketAddr, upgrade: bool) -> bool {
        if !upgrade || !self.limits.trusts(peer.ip()) {
            return true;
        }
        let key = client_key(client.ip());
        match self
            .connections
            .per_client
            .reserve_owned(&key, self.limits.per_client)
        {
            Some(reserved) => {
                self.place.hold(reserved);
                true
            }
            None => {
                self.metrics
                    .limit_refusals
                    .get(&"connections_per_client")
                    .inc();
                false
            }
        }
    }
}

/// One HTTP/1.1 connection (and the WebSocket it may become).
async fn connection(
    io: answers::Answering<Counted>,
    addr: SocketAddr,
    router: Router,
    shares: Shares,
    mut closing: watch::Receiver<bool>,
) {
    let limits = shares.limits.clone();
    let shares = Arc::new(shares);
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let mut request = request.map(axum::body::Body::new);
        let client = match shares.limits.trusts(addr.ip()) {
            true => client_of(addr, request.headers(), &[addr.ip()]),
            false => addr,
        };
        let from_peer = shares
            .limits
            .peers
            .as_ref()
            .is_some_and(|p| p.is_peer(addr.ip()));
        crate::relay::strip_forged(request.headers_mut(), from_peer);
        let upgrade = request.headers().contains_key(axum::http::header::UPGRADE);
        let allowed = shares.websocket_place(addr, client, upgrade);
        request.extensions_mut().insert(ConnectInfo(client));
        let router = router.clone();
        async move {
            if !allowed {
                let busy = axum::response::Response::builder()
                    .status(503)
                    .header("content-type", "application/json")
                    .header("retry-after", "1")
                    .body(axum::body::Body::from(CLIENT_BUSY))
                    .expect("a fixed answer");
                return Ok(busy);
            }
            router.oneshot(request).await
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let conn = builder
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => {}
        _ = stopping(&mut closing) => {
            conn.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(Duration::from_secs(5), conn).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderMap, HeaderValue};

    fn forwarded(values: &[&'static str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append("x-forwarded-for", HeaderValue::from_static(v));
        }
        headers
    }

    #[test]
    fn the_client_behind_a_trusted_proxy_is_the_address_it_added_last() {
        let proxy: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let trusted = ["127.0.0.1".parse().unwrap()];
        let client = |h: &HeaderMap| client_of(proxy, h, &trusted).ip().to_string();
        assert_eq!(client(&forwarded(&["203.0.113.7"])), "203.0.113.7");
        // What the client claimed comes first; the proxy's addition last.
        assert_eq!(
            client(&forwarded(&["10.9.9.9, 198.51.100.2"])),
            "198.51.100.2"
        );
        assert_eq!(
            client(&forwarded(&["10.9.9.9", "2001:db8::5"])),
            "2001:db8::5"
        );
        // Nothing usable: the proxy itself.
        assert_eq!(client(&forwarded(&[])), "127.0.0.1");
        assert_eq!(client(&forwarded(&["not an address"])), "127.0.0.1");
    }

    #[test]
    fn a_header_from_anyone_else_is_ignored() {
        let stranger: SocketAddr = "192.0.2.4:5000".parse().unwrap();
        let trusted = ["127.0.0.1".parse().unwrap()];
        let headers = forwarded(&["203.0.113.7"]);
        assert_eq!(client_of(stranger, &headers, &trusted), stranger);
        assert_eq!(client_of(stranger, &headers, &[]), stranger);
    }
}
