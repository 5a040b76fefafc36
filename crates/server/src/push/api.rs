//! Web Push's routes: the server's key (`GET /api/push/key`), and an
//! account's devices (`POST /api/push/subscriptions`, and `…/delete`),
//! with the session cookie.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};

use super::Push;
use crate::account::session::LoggedIn;
use crate::error::ApiError;
use crate::extract::Body;
use crate::state::AppState;

pub fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/push/key", get(key))
        .route("/push/subscriptions", post(subscribe))
        .route("/push/subscriptions/delete", post(unsubscribe))
}

/// `GET /api/push/key`: what a browser subscribes with.
#[derive(Clone, Debug, serde::Serialize)]
pub struct KeyView {
    /// The server's public key (P-256, base64url): `applicationServerKey`.
    pub key: String,
}

async fn key(State(push): State<Push>) -> Json<KeyView> {
    Json(KeyView {
        key: push.public_key().to_string(),
    })
}

/// A browser's keys, as `PushSubscription.toJSON()` writes them.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeysRequest {
    pub p256dh: String,
    pub auth: String,
}

/// `POST /api/push/subscriptions`: `PushSubscription.toJSON()` and the
/// language of the notifications.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubscribeRequest {
    pub endpoint: String,
    pub keys: KeysRequest,
    #[serde(default, rename = "expirationTime")]
    pub expiration_time: Option<f64>,
    #[serde(default)]
    pub lang: String,
}

async fn subscribe(
    State(push): State<Push>,
    session: LoggedIn,
    Body(req): Body<SubscribeRequest>,
) -> Result<StatusCode, ApiError> {
    push.subscribe(
        session.account.id,
        &req.endpoint,
        &req.keys.p256dh,
        &req.keys.auth,
        &req.lang,
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/push/subscriptions/delete`: a device that no longer wants them.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnsubscribeRequest {
    pub endpoint: String,
}

async fn unsubscribe(
    State(push): State<Push>,
    session: LoggedIn,
    Body(req): Body<UnsubscribeRequest>,
) -> Result<StatusCode, ApiError> {
    push.unsubscribe(session.account.id, &req.endpoint).await?;
    Ok(StatusCode::NO_CONTENT)
}
