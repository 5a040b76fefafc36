//! What a hostile page or user tried (issue 42): requests forged from
//! another port of the same host, bodies that are not JSON, fields the
//! server does not know, tokens in addresses, names that hide or reverse
//! text, and error answers with nothing in them.

#[path = "../harness/mod.rs"]
mod harness;

mod answers;
mod bodies;
mod origin;
mod sockets;
mod tokens;

use futures_util::StreamExt;
use harness::{Harness, Reply};
use quoridor_server::request::{CreateRequest, SeatRequest};
use quoridor_server::view::SeatedView;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A request with the session cookie and the headers a browser adds.
async fn with_cookie(
    h: &Harness,
    method: reqwest::Method,
    path: &str,
    cookie: &str,
    headers: &[(&str, &str)],
    body: Option<(&str, String)>,
) -> Reply {
    let mut req = h
        .http
        .request(method, format!("{}{path}", h.base()))
        .header("cookie", format!("quoridor_session={cookie}"));
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    if let Some((kind, body)) = body {
        req = req.header("content-type", kind).body(body);
    }
    h.send(req).await
}

/// Signs up: the session cookie's value.
async fn session(h: &Harness, name: &str) -> String {
    let res = h
        .http
        .post(format!("{}/api/account/signup", h.base()))
        .json(&json!({"name": name, "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let cookie = res.headers()["set-cookie"].to_str().unwrap();
    cookie
        .split(';')
        .next()
        .unwrap()
        .trim_start_matches("quoridor_session=")
        .to_string()
}

fn against_ai() -> CreateRequest {
    CreateRequest {
        seats: vec![SeatRequest::human(true), SeatRequest::ai(1)],
        ..CreateRequest::default()
    }
}
