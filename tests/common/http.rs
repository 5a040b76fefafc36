//! HTTP/1.1 by hand for the tests that start programs: one request a
//! connection, the status and the JSON body (and the session a log-in
//! opens), from loopback or from a client address the proxy names.

// Each test file uses its own part of these.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

/// One HTTP/1.1 request: the status and the JSON body; `None` when
/// nothing answered (a connection refused or cut).
pub fn http(
    port: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> Option<(u16, Value)> {
    http_from(None, port, method, path, token, body)
}

/// [`http`] from the client at the address `from` (as the proxy on
/// loopback, which the instances trust, says), or from loopback.
pub fn http_from(
    from: Option<&str>,
    port: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> Option<(u16, Value)> {
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let response = exchange(from, port, method, path, &auth, body)?;
    let status = response.get(9..12)?.parse().ok()?;
    let body = response.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    Some((status, serde_json::from_str(body).unwrap_or(Value::Null)))
}

/// One request with the headers `extra` (each ending in CRLF), from the
/// client `from`: the whole answer, or `None` when nothing answered.
pub fn exchange(
    from: Option<&str>,
    port: u16,
    method: &str,
    path: &str,
    extra: &str,
    body: &str,
) -> Option<String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    let from = from.map_or(String::new(), |ip| format!("X-Forwarded-For: {ip}\r\n"));
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n{extra}{from}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    Some(response)
}

/// [`http`] as the account of the session `cookie`: the status, the
/// session the answer opens (its `Set-Cookie`), and the JSON body.
pub fn call(
    port: u16,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: &str,
) -> (u16, Option<String>, Value) {
    call_from(None, port, method, path, cookie, body)
}

/// [`call`] from the client at the address `from` ([`http_from`]).
pub fn call_from(
    from: Option<&str>,
    port: u16,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: &str,
) -> (u16, Option<String>, Value) {
    let cookie = cookie.map_or(String::new(), |c| {
        format!("Cookie: quoridor_session={c}\r\n")
    });
    let response = exchange(from, port, method, path, &cookie, body).expect("an answer");
    let status = response[9..12].parse().unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let session = head.lines().find_map(|line| {
        let value = line
            .to_ascii_lowercase()
            .starts_with("set-cookie:")
            .then_some(line)?;
        let (_, rest) = value.split_once("quoridor_session=")?;
        Some(rest.split(';').next()?.to_string())
    });
    (
        status,
        session,
        serde_json::from_str(body).unwrap_or(Value::Null),
    )
}
