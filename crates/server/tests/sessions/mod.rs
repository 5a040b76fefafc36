//! A logged-in account in the API tests: its session cookie, its calls,
//! and the challenges' socket its pages hear.

// Each test file uses its own part of these.
#![allow(dead_code)]

use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::harness::{Harness, Reply};

/// A logged-in browser: its session cookie.
#[derive(Clone)]
pub struct Session(pub String);

pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn call(
    h: &Harness,
    method: reqwest::Method,
    path: &str,
    who: &Session,
    body: Option<Value>,
) -> Reply {
    let mut req = h
        .http
        .request(method, format!("{}{path}", h.base()))
        .header("cookie", format!("quoridor_session={}", who.0));
    if let Some(body) = body {
        req = req.json(&body);
    }
    h.send(req).await
}

pub async fn get(h: &Harness, path: &str, who: &Session) -> Reply {
    call(h, reqwest::Method::GET, path, who, None).await
}

pub async fn post(h: &Harness, path: &str, who: &Session, body: Value) -> Reply {
    call(h, reqwest::Method::POST, path, who, Some(body)).await
}

pub async fn sign_up(h: &Harness, name: &str) -> Session {
    let res = h
        .http
        .post(format!("{}/api/account/signup", h.base()))
        .json(&json!({"name": name, "password": "a long enough password"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 201);
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    let value = cookie
        .strip_prefix("quoridor_session=")
        .and_then(|rest| rest.split(';').next())
        .unwrap();
    Session(value.to_string())
}

/// The challenges' socket of a logged-in page.
pub async fn live(h: &Harness, who: &Session) -> Ws {
    socket(h, "/api/challenges/ws", who.header()).await.unwrap()
}

impl Session {
    /// The header a page's requests carry.
    pub fn header(&self) -> (&'static str, String) {
        ("cookie", format!("quoridor_session={}", self.0))
    }
}

/// The WebSocket at `path` opened with the header `(name, value)` (a
/// session's cookie, a program's token): the socket, or the status of its
/// refusal.
pub async fn socket(
    h: &Harness,
    path: &str,
    (name, value): (&'static str, String),
) -> Result<Ws, u16> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{}{path}", h.addr())
        .into_client_request()
        .unwrap();
    let headers = request.headers_mut();
    headers.insert("sec-websocket-protocol", "quoridor".parse().unwrap());
    headers.insert(name, value.parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => Err(res.status().as_u16()),
        Err(err) => panic!("{err}"),
    }
}

/// The next message of type `kind`.
pub async fn next_of(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let message = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("a message within 10 s")
            .unwrap()
            .unwrap();
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(&text).unwrap();
            if value["type"] == kind {
                return value;
            }
        }
    }
}

pub fn ids(list: &Value, which: &str) -> Vec<String> {
    list[which]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect()
}
