//! The server as a bot sees it: its HTTP API and its WebSockets, each
//! request carrying the account's personal API token in a header (never
//! in an address), over http or https.

use std::time::Duration;

use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A WebSocket to the server.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long one HTTP request may take.
const REQUEST_TIME: Duration = Duration::from_secs(30);

/// Why a call did not go through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Nothing answered, or the answer was cut: try again later.
    Network(String),
    /// The server answered with an error: its status, code and words.
    Refused {
        status: u16,
        code: String,
        message: String,
    },
}

impl Failure {
    /// Whether trying again later may succeed (the network, a server that
    /// is stopping or full); a refusal of the request itself will not.
    pub fn is_passing(&self) -> bool {
        match self {
            Failure::Network(_) => true,
            Failure::Refused { status, .. } => *status >= 500 || *status == 429,
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Network(why) => write!(f, "the server could not be reached: {why}"),
            Failure::Refused {
                status,
                code,
                message,
            } => write!(f, "the server refused ({status} {code}): {message}"),
        }
    }
}

/// One server and the token the bot acts with.
pub struct Server {
    /// `http://host:port` or `https://host`, without a trailing slash.
    base: String,
    token: String,
    http: reqwest::Client,
}

impl Server {
    /// The server at `url` (http or https), acting with `token`.
    pub fn new(url: &str, token: &str) -> Result<Server, String> {
        let base = url.trim().trim_end_matches('/').to_string();
        if !(base.starts_with("http://") || base.starts_with("https://")) {
            return Err(format!(
                "--server {url}: give the server's address with http:// or https://"
            ));
        }
        if !token.starts_with("qdr_") || token.len() > 128 || token.contains(char::is_whitespace) {
            return Err(
                "the token file does not hold a personal API token (qdr_…): make one on the account page"
                    .into(),
            );
        }
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIME)
            .user_agent(concat!("quoridor-bot/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|err| format!("cannot make an HTTP client: {err}"))?;
        Ok(Server {
            base,
            token: token.to_string(),
            http,
        })
    }

    pub async fn get(&self, path: &str) -> Result<Value, Failure> {
        self.call(self.http.get(self.url(path))).await
    }

    pub async fn post(&self, path: &str, body: &Value) -> Result<Value, Failure> {
        let request = self
            .http
            .post(self.url(path))
            .header("content-type", "application/json")
            .body(body.to_string());
        self.call(request).await
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn call(&self, request: reqwest::RequestBuilder) -> Result<Value, Failure> {
        let response = request
            .bearer_auth(&self.token)
            .send()
            .await
            .map_err(|err| Failure::Network(err.to_string()))?;
        let status = response.status().as_u16();
        let text = response
            .text()
            .await
            .map_err(|err| Failure::Network(err.to_string()))?;
        let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if (200..300).contains(&status) {
            return Ok(body);
        }
        let error = &body["error"];
        Err(Failure::Refused {
            status,
            code: error["code"].as_str().unwrap_or("unknown").to_string(),
            message: error["message"]
                .as_str()
                .map_or_else(|| text.chars().take(200).collect(), str::to_string),
        })
    }

    /// Opens the WebSocket at `path` with the token in its header.
    pub async fn socket(&self, path: &str) -> Result<Socket, Failure> {
        let address = format!(
            "{}{path}",
            self.base
                .replacen("https://", "wss://", 1)
                .replacen("http://", "ws://", 1)
        );
        let mut request = address
            .into_client_request()
            .map_err(|err| Failure::Network(err.to_string()))?;
        let headers = request.headers_mut();
        headers.insert(
            "sec-websocket-protocol",
            HeaderValue::from_static("quoridor"),
        );
        let bearer = HeaderValue::from_str(&format!("Bearer {}", self.token))
            .map_err(|_| Failure::Network("the token is not a header's text".into()))?;
        headers.insert("authorization", bearer);
        let connect = tokio_tungstenite::connect_async(request);
        match tokio::time::timeout(REQUEST_TIME, connect).await {
            Err(_) => Err(Failure::Network("the socket did not open in 30 s".into())),
            Ok(Ok((socket, _))) => Ok(socket),
            Ok(Err(tokio_tungstenite::tungstenite::Error::Http(response))) => {
                let status = response.status().as_u16();
                let body = response
                    .body()
                    .as_deref()
                    .and_then(|b| serde_json::from_slice::<Value>(b).ok())
                    .unwrap_or(Value::Null);
                Err(Failure::Refused {
                    status,
                    code: body["error"]["code"].as_str().unwrap_or("unknown").into(),
                    message: body["error"]["message"].as_str().unwrap_or("").into(),
                })
            }
            Ok(Err(err)) => Err(Failure::Network(err.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_and_a_token_are_checked_before_anything_is_sent() {
        let token = format!("qdr_{}", "ab".repeat(32));
        assert!(Server::new("https://quoridor.example.org/", &token).is_ok());
        assert!(Server::new("quoridor.example.org", &token)
            .err()
            .unwrap()
            .contains("http://"));
        assert!(Server::new("http://localhost:8080", "0123abcd")
            .err()
            .unwrap()
            .contains("qdr_"));
    }

    #[test]
    fn only_passing_failures_are_tried_again() {
        let refused = |status| Failure::Refused {
            status,
            code: "x".into(),
            message: String::new(),
        };
        assert!(Failure::Network("reset".into()).is_passing());
        assert!(refused(503).is_passing());
        assert!(refused(429).is_passing());
        assert!(!refused(401).is_passing());
        assert!(!refused(404).is_passing());
    }
}
