//! A tiny HTTP/1.1 client (one request per connection, so that each
//! request is a fresh connection as a browser's first visit is), and the
//! set-up of the games through the API's own request and answer types.

use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use quoridor_rules::Seat;
use quoridor_server::request::{CreateRequest, JoinRequest, SeatRequest};
use quoridor_server::view::{ErrorBody, SeatedView};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::process::ServerProcess;
use super::settings::micros;

pub struct HttpReply {
    pub status: u16,
    pub body: String,
    /// The session cookie the answer sets, if it sets one.
    pub session: Option<String>,
}

/// How a request says who sends it.
#[derive(Clone, Copy, Debug)]
pub enum Auth<'a> {
    None,
    Bearer(&'a str),
    /// The value of the session cookie.
    Session(&'a str),
}

pub async fn http(
    addr: SocketAddr,
    host: &str,
    method: &str,
    path: &str,
    body: &str,
) -> Result<HttpReply, String> {
    http_as(addr, host, method, path, body, Auth::None).await
}

/// [`http`] with a bearer token or a session cookie.
/// The local address every connection of this run is made from
/// (`quoridor bench class --from`), so that several runs at once count as
/// several clients against the server's per-address limits.
static SOURCE: std::sync::OnceLock<std::net::IpAddr> = std::sync::OnceLock::new();

/// Makes this run's connections from `ip` (set once, before any).
pub fn connect_from(ip: std::net::IpAddr) {
    let _ = SOURCE.set(ip);
}

/// A connection to the server, from this run's address if one was set.
pub async fn connect(addr: SocketAddr) -> std::io::Result<TcpStream> {
    let Some(ip) = SOURCE.get() else {
        return TcpStream::connect(addr).await;
    };
    let socket = match ip {
        std::net::IpAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        std::net::IpAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    socket.bind(SocketAddr::new(*ip, 0))?;
    socket.connect(addr).await
}

pub async fn http_as(
    addr: SocketAddr,
    host: &str,
    method: &str,
    path: &str,
    body: &str,
    auth: Auth<'_>,
) -> Result<HttpReply, String> {
    let auth = match auth {
        Auth::None => String::new(),
        Auth::Bearer(t) => format!("Authorization: Bearer {t}\r\n"),
        Auth::Session(c) => format!("Cookie: quoridor_session={c}\r\n"),
    };
    let mut stream = connect(addr)
        .await
        .map_err(|err| format!("connect: {err}"))?;
    let _ = stream.set_nodelay(true);
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         {auth}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|err| format!("write: {err}"))?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .await
        .map_err(|err| format!("read: {err}"))?;
    parse_http(&raw)
}

pub fn parse_http(raw: &[u8]) -> Result<HttpReply, String> {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("an HTTP answer without the end of its head")?;
    let head = std::str::from_utf8(&raw[..end]).map_err(|_| "an HTTP head that is not UTF-8")?;
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse::<u16>().ok())
        .ok_or("an HTTP answer without a status")?;
    let mut chunked = false;
    let mut session = None;
    for line in lines {
        let lower = line.to_ascii_lowercase();
        if lower.starts_with("transfer-encoding:") && lower.contains("chunked") {
            chunked = true;
        }
        if lower.starts_with("set-cookie:") {
            session = line
                .split_once("quoridor_session=")
                .map(|(_, rest)| rest.split(';').next().unwrap_or("").to_string())
                .filter(|v| !v.is_empty());
        }
    }
    let mut body = raw[end + 4..].to_vec();
    if chunked {
        let mut out = Vec::new();
        let mut rest = &body[..];
        loop {
            let line_end = rest
                .windows(2)
                .position(|w| w == b"\r\n")
                .ok_or("a broken chunk")?;
            let size_text = std::str::from_utf8(&rest[..line_end]).map_err(|_| "a broken chunk")?;
            let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
                .map_err(|_| "a broken chunk size")?;
            rest = &rest[line_end + 2..];
            if size == 0 {
                break;
            }
            out.extend_from_slice(rest.get(..size).ok_or("a short chunk")?);
            rest = rest.get(size + 2..).unwrap_or(&[]);
        }
        body = out;
    }
    Ok(HttpReply {
        status,
        body: String::from_utf8(body).map_err(|_| "an HTTP body that is not UTF-8")?,
        session,
    })
}

pub async fn wait_for_health(
    addr: SocketAddr,
    host: &str,
    server: &mut Option<ServerProcess>,
) -> Result<(), String> {
    let start = Instant::now();
    let mut last = String::new();
    while start.elapsed() < Duration::from_secs(20) {
        if let Some(process) = server.as_mut() {
            if let Some(status) = process.exited() {
                return Err(format!(
                    "quoridor serve exited ({status}): {}",
                    process.stderr_lines().join("\n")
                ));
            }
        }
        match http(addr, host, "GET", "/api/health", "").await {
            Ok(reply) if reply.status == 200 => return Ok(()),
            Ok(reply) => last = format!("status {}: {}", reply.status, reply.body),
            Err(err) => last = err,
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err(format!(
        "the server at {host} did not answer /api/health: {last}"
    ))
}

/// One game, created and joined: a token for each seat.
pub struct Seats {
    pub id: String,
    pub south: String,
    pub north: String,
}

/// Creates one game and joins its second seat: a token for each seat. An
/// error is its kind (the API's code, or `http`) and an example.
/// With two sessions (`accounts`), the game is rated between their
/// accounts, with a clock of 10 min + 5 s (no bot runs out of time at a
/// human pace).
pub async fn create_game(
    addr: SocketAddr,
    host: &str,
    index: usize,
    latencies: &Mutex<Vec<u32>>,
    accounts: Option<(&str, &str)>,
) -> Result<Seats, (String, String)> {
    let timed = |path: String, body: String, session: Option<String>| async move {
        let start = Instant::now();
        let auth = session.as_deref().map_or(Auth::None, Auth::Session);
        let reply = http_as(addr, host, "POST", &path, &body, auth)
            .await
            .map_err(|err| ("http".to_string(), err))?;
        latencies
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(micros(start.elapsed()));
        if !(200..300).contains(&reply.status) {
            let code = serde_json::from_str::<ErrorBody>(&reply.body)
                .map_or_else(|_| "http".to_string(), |e| e.error.code);
            return Err((
                format!("{code} ({})", reply.status),
                format!("POST {path}: {}", reply.body),
            ));
        }
        serde_json::from_str::<SeatedView>(&reply.body)
            .map_err(|err| ("bad answer".to_string(), format!("{err}: {}", reply.body)))
    };
    let create = CreateRequest {
        seats: vec![
            SeatRequest {
                name: Some(format!("bot {index} south")),
                ..SeatRequest::human(true)
            },
            SeatRequest::human(false),
        ],
        ..CreateRequest::default()
    };
    let create = match accounts {
        Some(_) => CreateRequest {
            rated: true,
            clock: Some(quoridor_engine::TimeControl::Fischer {
                initial: Duration::from_secs(600),
                increment: Duration::from_secs(5),
            }),
            ..create
        },
        None => create,
    };
    let (creator, joiner) = match accounts {
        Some((a, b)) => (Some(a.to_string()), Some(b.to_string())),
        None => (None, None),
    };
    let body = serde_json::to_string(&create).expect("requests serialize");
    let created = timed("/api/games".into(), body, creator).await?;
    let join = JoinRequest {
        seat: Some(Seat::North),
        name: Some(format!("bot {index} north")),
    };
    let path = format!("/api/games/{}/join", created.id);
    let joined = timed(
        path,
        serde_json::to_string(&join).expect("requests serialize"),
        joiner,
    )
    .await?;
    Ok(Seats {
        id: created.id,
        south: created.token,
        north: joined.token,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn http_answers() {
        let plain = parse_http(b"HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\n{}").unwrap();
        assert_eq!((plain.status, plain.body.as_str()), (201, "{}"));
        let chunked = parse_http(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"a\r\n4\r\n\":1}\r\n0\r\n\r\n",
        )
        .unwrap();
        assert_eq!(chunked.body, "{\"a\":1}");
    }
}
