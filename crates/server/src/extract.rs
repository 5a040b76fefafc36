//! Reading requests with our limits and our error format: every refusal
//! is a JSON [`ApiError`], never axum's plain-text rejections.

use std::time::Duration;

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::token::is_game_id;

/// Largest request body.
pub const MAX_BODY: usize = 16 * 1024;

/// How long a body may take to arrive once the headers are in.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// A JSON object read as `T`: at most [`MAX_BODY`] bytes (a larger
/// announced length is refused before reading), within [`BODY_TIMEOUT`].
/// An empty body reads as `{}`; JSON that is not an object is refused.
/// A body must be declared `application/json` (415 otherwise, even when
/// empty if another type is declared): a plain HTML form, or a `fetch`
/// in `no-cors` mode, cannot declare it.
pub struct Body<T>(pub T);

/// What the request declares of its body: JSON (`application/json` or
/// `application/…+json`, any parameters), nothing, or something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declared {
    Json,
    Nothing,
    Other,
}

pub fn declared(headers: &HeaderMap) -> Declared {
    let Some(value) = headers.get(header::CONTENT_TYPE) else {
        return Declared::Nothing;
    };
    let Ok(value) = value.to_str() else {
        return Declared::Other;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let json = essence == "application/json"
        || essence
            .strip_prefix("application/")
            .is_some_and(|sub| sub.ends_with("+json"));
    if json {
        Declared::Json
    } else {
        Declared::Other
    }
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, ApiError> {
        let declared = declared(req.headers());
        if declared == Declared::Other {
            return Err(ApiError::UnsupportedMediaType);
        }
        let announced = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if announced.is_some_and(|n| n > MAX_BODY as u64) {
            return Err(ApiError::PayloadTooLarge(MAX_BODY));
        }
        let limited = http_body_util::Limited::new(req.into_body(), MAX_BODY);
        let collected =
            tokio::time::timeout(BODY_TIMEOUT, http_body_util::BodyExt::collect(limited))
                .await
                .map_err(|_| ApiError::BodyTimeout)?;
        let bytes = match collected {
            Ok(collected) => collected.to_bytes(),
            Err(err) if err.is::<http_body_util::LengthLimitError>() => {
                return Err(ApiError::PayloadTooLarge(MAX_BODY))
            }
            Err(_) => return Err(ApiError::bad_request("the body could not be read")),
        };
        let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
        if first.is_some() && declared != Declared::Json {
            return Err(ApiError::UnsupportedMediaType);
        }
        let text: &[u8] = match first {
            None => b"{}",
            Some(b'{') => &bytes,
            Some(_) => return Err(ApiError::bad_request("body: expected a JSON object")),
        };
        strict_json(text).map(Body)
    }
}

/// `text` read as `T`, refusing any field `T` does not know (at any depth):
/// a field the server would silently drop is a mistake worth telling.
pub fn strict_json<T: DeserializeOwned>(text: &[u8]) -> Result<T, ApiError> {
    let mut unknown = Vec::new();
    let mut reader = serde_json::Deserializer::from_slice(text);
    let value: T = serde_ignored::deserialize(&mut reader, |path| {
        unknown.push(path.to_string().replace(".?", ""))
    })
    .map_err(|err| ApiError::bad_request(format!("body: {err}")))?;
    reader
        .end()
        .map_err(|err| ApiError::bad_request(format!("body: {err}")))?;
    match unknown.first() {
        None => Ok(value),
        Some(path) => Err(ApiError::bad_request(format!(
            "body: unknown field `{path}` (see API.md)"
        ))),
    }
}

/// The query string read as `T`, refused as JSON.
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        axum::extract::Query::<T>::try_from_uri(&parts.uri)
            .map(|q| Query(q.0))
            .map_err(|err| ApiError::bad_request(format!("query: {}", err.body_text())))
    }
}

/// The game id of the path (`/api/games/{id}/...`): anything that is not
/// a game id is no such game.
pub struct GameId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let axum::extract::Path(id) =
            axum::extract::Path::<String>::from_request_parts(parts, state)
                .await
                .map_err(|_| ApiError::from(crate::hub::HubError::NoSuchGame))?;
        if is_game_id(&id) {
            Ok(GameId(id))
        } else {
            Err(ApiError::from(crate::hub::HubError::NoSuchGame))
        }
    }
}

/// The longest token read.
pub const MAX_TOKEN: usize = 128;

/// The bearer token of the request, if any.
pub fn bearer(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))?;
    Some(token.trim().to_string()).filter(|t| !t.is_empty() && t.len() <= MAX_TOKEN)
}

/// The WebSocket protocol a page offers beside its token (the server
/// chooses it, as browsers require).
pub const SOCKET_PROTOCOL: &str = "quoridor";

/// The token of a request: `Authorization: Bearer TOKEN`, or for a
/// WebSocket the protocol `bearer.TOKEN` offered with `quoridor` (a page
/// cannot set headers on a WebSocket). Tokens are never read from the
/// address: addresses end up in logs and in the browser's history.
pub fn request_token(headers: &HeaderMap) -> Option<String> {
    bearer(headers).or_else(|| {
        headers
            .get_all(header::SEC_WEBSOCKET_PROTOCOL)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .find_map(|p| p.trim().strip_prefix("bearer.").map(str::to_string))
            .filter(|t| !t.is_empty() && t.len() <= MAX_TOKEN)
    })
}

/// The refusal of a token sent in the address (`?token=`).
pub fn token_in_address() -> ApiError {
    ApiError::bad_request(
        "token: never in the address; send it as Authorization: Bearer TOKEN (a WebSocket: the protocols quoridor and bearer.TOKEN)",
    )
}

/// The bearer token, or the error that asks for one.
pub struct Token(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Token {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        bearer(&parts.headers).map(Token).ok_or(ApiError::NoToken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[derive(serde::Deserialize, Debug)]
    struct Inner {
        #[allow(dead_code)]
        a: u8,
    }

    #[derive(serde::Deserialize, Debug)]
    struct Outer {
        #[allow(dead_code)]
        name: String,
        #[allow(dead_code)]
        #[serde(default)]
        inner: Option<Inner>,
    }

    #[test]
    fn unknown_fields_are_refused_at_any_depth() {
        assert!(strict_json::<Outer>(br#"{"name": "x", "inner": {"a": 1}}"#).is_ok());
        let top = strict_json::<Outer>(br#"{"name": "x", "admin": true}"#).unwrap_err();
        assert!(top.to_string().contains("`admin`"), "{top}");
        let deep =
            strict_json::<Outer>(br#"{"name": "x", "inner": {"a": 1, "b": 2}}"#).unwrap_err();
        assert!(deep.to_string().contains("`inner.b`"), "{deep}");
        assert!(
            strict_json::<Outer>(br#"{"name": "x"} {}"#).is_err(),
            "trailing JSON"
        );
    }

    #[test]
    fn declared_types() {
        let mut h = HeaderMap::new();
        assert_eq!(declared(&h), Declared::Nothing);
        for (value, want) in [
            ("application/json", Declared::Json),
            ("Application/JSON; charset=utf-8", Declared::Json),
            ("application/merge-patch+json", Declared::Json),
            ("text/plain;charset=UTF-8", Declared::Other),
            ("application/x-www-form-urlencoded", Declared::Other),
            ("multipart/form-data; boundary=x", Declared::Other),
            ("", Declared::Other),
        ] {
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static(value));
            assert_eq!(declared(&h), want, "{value}");
        }
    }
}
