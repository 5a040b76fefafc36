//! The HTTP routes (API.md) and the pages.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRef, FromRequest, Path, Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::hub::{CreateRequest, Hub};
use crate::limits::PerClient;
use crate::model::parse_seat;
use crate::token::hash_token;

/// Largest request body.
pub const MAX_BODY: usize = 16 * 1024;

/// Settings of the WebSocket side.
#[derive(Clone, Debug)]
pub struct WsConfig {
    pub max_message: usize,
    pub messages_per_second: u32,
}

/// Everything a handler may need; each handler takes only its part.
#[derive(Clone, FromRef)]
pub struct AppState {
    pub hub: Hub,
    pub web_dir: WebDir,
    pub http_limit: Arc<PerClient>,
    pub ws: Arc<WsConfig>,
}

/// Where to read the page's files from while working on them.
#[derive(Clone, Default)]
pub struct WebDir(pub Option<PathBuf>);

/// A JSON body read with our size limit and our error format (an empty body
/// reads as `{}`).
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, ApiError> {
        let bytes = axum::body::to_bytes(req.into_body(), MAX_BODY)
            .await
            .map_err(|_| ApiError::payload_too_large(MAX_BODY))?;
        let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(bytes)
            .map(Body)
            .map_err(|err| ApiError::bad_request(format!("body: {err}")))
    }
}

/// The bearer token of the request, if any.
pub fn bearer(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))?;
    Some(token.trim().to_string()).filter(|t| !t.is_empty() && t.len() <= 128)
}

fn holder(headers: &HeaderMap) -> Result<String, ApiError> {
    bearer(headers)
        .map(|t| hash_token(&t))
        .ok_or_else(ApiError::unauthorized)
}

pub fn router(state: AppState) -> Router {
    let api = Router::<AppState>::new()
        .route("/health", get(health))
        .route("/games", get(list_games).post(create_game))
        .route("/games/{id}", get(get_game))
        .route("/games/{id}/join", post(join))
        .route("/games/{id}/move", post(play))
        .route("/games/{id}/resign", post(resign))
        .route("/games/{id}/draw", post(draw))
        .route("/games/{id}/undo", post(undo))
        .route("/games/{id}/hint", get(hint))
        .route("/games/{id}/rematch", post(rematch))
        .route("/games/{id}/record", get(record))
        .route("/games/{id}/ws", get(crate::ws::upgrade))
        .fallback(|| async { ApiError::bad_request("no such API route (see API.md)") })
        .route_layer(middleware::from_fn_with_state(state.clone(), rate_limit));
    Router::<AppState>::new()
        .route("/", get(index))
        .route("/g/{id}", get(index))
        .route("/assets/{file}", get(asset))
        .route("/favicon.ico", get(favicon))
        .nest("/api", api)
        .with_state(state)
}

async fn rate_limit(
    State(limit): State<Arc<PerClient>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    if limit.allow(addr.ip()) {
        next.run(request).await
    } else {
        ApiError::rate_limited().into_response()
    }
}

async fn index(State(web): State<WebDir>) -> Response {
    crate::assets::serve("index.html", web.0.as_deref())
}

async fn asset(State(web): State<WebDir>, Path(file): Path<String>) -> Response {
    crate::assets::serve(&file, web.0.as_deref())
}

async fn favicon(State(web): State<WebDir>) -> Response {
    crate::assets::serve("favicon.svg", web.0.as_deref())
}

async fn health(State(hub): State<Hub>) -> Json<Value> {
    Json(json!({"ok": true, "games": hub.len()}))
}

#[derive(Deserialize)]
struct ListQuery {
    status: Option<String>,
    limit: Option<usize>,
}

async fn list_games(
    State(hub): State<Hub>,
    Query(query): Query<ListQuery>,
) -> Result<Json<Value>, ApiError> {
    let status = query.status.as_deref().unwrap_or("waiting");
    if !["waiting", "playing", "over"].contains(&status) {
        return Err(ApiError::bad_request(
            "status: expected waiting, playing or over",
        ));
    }
    let games = hub.list(status, query.limit.unwrap_or(50)).await?;
    Ok(Json(json!({ "games": games })))
}

async fn create_game(
    State(hub): State<Hub>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Body(req): Body<CreateRequest>,
) -> Result<Response, ApiError> {
    let seated = hub.create(req, &addr.ip().to_string()).await?;
    Ok((StatusCode::CREATED, Json(seated.json())).into_response())
}

async fn get_game(State(hub): State<Hub>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    Ok(Json(hub.room(&id).await?.json().await))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    #[serde(default)]
    seat: Option<String>,
    #[serde(default)]
    name: Option<String>,
}

async fn join(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    Body(req): Body<JoinRequest>,
) -> Result<Json<Value>, ApiError> {
    let room = hub.room(&id).await?;
    let seated = hub
        .join(&room, req.seat.as_deref(), req.name.as_deref())
        .await?;
    Ok(Json(seated.json()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
}

async fn play(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<MoveRequest>,
) -> Result<Json<Value>, ApiError> {
    let holder = holder(&headers)?;
    let room = hub.room(&id).await?;
    let ((), game) = hub
        .change(&room, |state, now| state.play(&holder, &req.mv, now))
        .await?;
    Ok(Json(game))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResignRequest {
    #[serde(default)]
    seat: Option<String>,
}

/// Reads an optional seat name.
pub fn seat_field(text: Option<&str>) -> Result<Option<quoridor_rules::Seat>, ApiError> {
    text.map(|t| {
        parse_seat(t)
            .ok_or_else(|| ApiError::bad_request("seat: expected south, west, north or east"))
    })
    .transpose()
}

async fn resign(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<ResignRequest>,
) -> Result<Json<Value>, ApiError> {
    let holder = holder(&headers)?;
    let seat = seat_field(req.seat.as_deref())?;
    let room = hub.room(&id).await?;
    let ((), game) = hub
        .change(&room, |state, now| state.resign(&holder, seat, now))
        .await?;
    Ok(Json(game))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawRequest {
    action: String,
}

async fn draw(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<DrawRequest>,
) -> Result<Json<Value>, ApiError> {
    let holder = holder(&headers)?;
    let room = hub.room(&id).await?;
    let ((), game) = hub
        .change(&room, |state, now| state.draw(&holder, &req.action, now))
        .await?;
    Ok(Json(game))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

async fn undo(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    let holder = holder(&headers)?;
    let room = hub.room(&id).await?;
    let ((), game) = hub
        .change(&room, |state, now| state.undo(&holder, now))
        .await?;
    Ok(Json(game))
}

async fn hint(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let holder = holder(&headers)?;
    let room = hub.room(&id).await?;
    Ok(Json(hub.hint(&room, &holder).await?))
}

async fn rematch(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Body(Empty {}): Body<Empty>,
) -> Result<Json<Value>, ApiError> {
    let token = bearer(&headers).ok_or_else(ApiError::unauthorized)?;
    let room = hub.room(&id).await?;
    let seated = hub.rematch(&room, &token, &addr.ip().to_string()).await?;
    Ok(Json(seated.json()))
}

async fn record(State(hub): State<Hub>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let room = hub.room(&id).await?;
    let text = room.record().await;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"quoridor-{id}.txt\""),
            ),
        ],
        text,
    )
        .into_response())
}
