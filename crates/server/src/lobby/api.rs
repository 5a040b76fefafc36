//! The lobby's routes: its WebSocket (`/api/lobby/ws[?name=]`: the list
//! at once and after every change; seek, play now, cancel, accept), the
//! list over HTTP for programs, and the page.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use super::seek::Terms;
use super::view::{LobbyMessage, LobbyRequest};
use super::Lobby;
use crate::account::session::logged_in;
use crate::account::Account;
use crate::error::ApiError;
use crate::extract::Query;
use crate::extract::SOCKET_PROTOCOL;
use crate::hub::Hub;
use crate::limits::Bucket;
use crate::model::clean_name;
use crate::state::AppState;
use crate::ws::WsConfig;

pub fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/lobby", get(list))
        .route("/lobby/ws", get(upgrade))
}

pub fn page_routes() -> Router<AppState> {
    Router::new().route("/lobby", get(page))
}

async fn page(State(web): State<crate::assets::WebDir>) -> Response {
    crate::assets::serve_named_page("lobby.html", web.0.as_deref())
}

/// The seeks, as the WebSocket's first message has them.
async fn list(State(lobby): State<Lobby>) -> Result<Response, ApiError> {
    let text = lobby.list_message();
    let value: serde_json::Value =
        serde_json::from_str(text.as_str()).map_err(|e| crate::db::StoreError(e.to_string()))?;
    Ok(axum::response::IntoResponse::into_response(Json(value)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LobbyQuery {
    /// A guest's name (a logged-in player is their account).
    name: Option<String>,
}

async fn upgrade(
    State(app): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(query): Query<LobbyQuery>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|_| ApiError::UpgradeRequired)?;
    let AppState {
        lobby,
        accounts,
        ws: config,
        hub,
        ..
    } = app;
    let account = logged_in(&headers, &accounts).map(|(a, _)| a);
    let name = clean_name(query.name.as_deref())?.unwrap_or_else(|| "Guest".to_string());
    let client = addr.ip().to_string();
    Ok(ws
        .protocols([SOCKET_PROTOCOL])
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0)
        .max_message_size(config.max_message)
        .max_frame_size(config.max_message)
        .on_upgrade(move |socket| connection(lobby, hub, config, account, name, client, socket)))
}

fn text(message: &LobbyMessage) -> Message {
    Message::Text(Utf8Bytes::from(
        serde_json::to_string(message).expect("views serialize"),
    ))
}

fn error(err: &ApiError) -> Message {
    text(&LobbyMessage::Error { error: err.view() })
}

async fn connection(
    lobby: Lobby,
    hub: Hub,
    config: Arc<WsConfig>,
    account: Option<Account>,
    name: String,
    client: String,
    socket: WebSocket,
) {
    let (conn, mut list, mut own) = lobby.connect();
    let (mut tx, mut rx) = socket.split();
    let mut alive = tx.send(Message::Text(lobby.list_message())).await.is_ok();
    let mut bucket = Bucket::new(
        config.messages_per_second,
        config.messages_per_second.max(1) * 2,
    );
    let who = Who {
        conn,
        name,
        account,
        client,
    };
    while alive {
        tokio::select! {
            update = list.recv() => match update {
                Ok(bytes) => alive = tx.send(Message::Text(bytes)).await.is_ok(),
                Err(RecvError::Lagged(_)) => {
                    alive = tx.send(Message::Text(lobby.list_message())).await.is_ok();
                }
                Err(RecvError::Closed) => alive = false,
            },
            mine = own.recv() => match mine {
                Some(bytes) => alive = tx.send(Message::Text(bytes)).await.is_ok(),
                None => alive = false,
            },
            _ = hub.stopped() => {
                let frame = CloseFrame { code: close_code::AWAY, reason: Utf8Bytes::from("stopping") };
                let _ = tx.send(Message::Close(Some(frame))).await;
                alive = false;
            }
            incoming = rx.next() => {
                let incoming = match incoming {
                    Some(Ok(Message::Text(incoming))) => incoming,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                if !bucket.take(Instant::now()) {
                    alive = tx.send(error(&ApiError::RateLimited)).await.is_ok();
                    continue;
                }
                let reply = match handle(&lobby, &who, incoming.as_str()).await {
                    Ok(Some(reply)) => text(&reply),
                    Ok(None) => continue,
                    Err(err) => error(&err),
                };
                alive = tx.send(reply).await.is_ok();
            }
        }
    }
    lobby.disconnect(conn);
}

/// One lobby connection's player.
struct Who {
    conn: u64,
    name: String,
    account: Option<Account>,
    client: String,
}

fn terms(
    clock: Option<quoridor_engine::TimeControl>,
    rated: bool,
    range: Option<u32>,
) -> Result<Terms, ApiError> {
    let clock = clock.ok_or_else(|| ApiError::bad_request("clock: a seek has a clock"))?;
    Ok(Terms {
        clock,
        rated,
        range: range.map(|r| r.min(3000)),
    })
}

/// Carries out one message: the answer for this connection, if any.
async fn handle(lobby: &Lobby, who: &Who, text: &str) -> Result<Option<LobbyMessage>, ApiError> {
    let request: LobbyRequest = serde_json::from_str(text).map_err(|err| {
        ApiError::bad_request(format!(
            "expected {{\"type\": \"seek\" | \"play_now\" | \"cancel\" | \"accept\" | \"ping\", ...}}: {err}"
        ))
    })?;
    let seeker = |clock| lobby.seeker(who.conn, &who.name, who.account.as_ref(), clock);
    Ok(Some(match request {
        LobbyRequest::Ping => LobbyMessage::Pong,
        LobbyRequest::Seek {
            clock,
            rated,
            range,
        } => {
            let terms = terms(clock, rated, range)?;
            let seeker = seeker(terms.clock).await?;
            LobbyMessage::Seeking {
                id: lobby.post(seeker, terms)?,
            }
        }
        LobbyRequest::PlayNow {
            clock,
            rated,
            range,
        } => {
            let terms = terms(clock, rated, range)?;
            let seeker = seeker(terms.clock).await?;
            lobby.play_now(seeker, terms, &who.client).await?
        }
        LobbyRequest::Cancel { id } => {
            lobby.cancel(who.conn, id)?;
            return Ok(None);
        }
        LobbyRequest::Accept { id } => {
            let clock = lobby
                .clock_of(id)
                .ok_or_else(|| ApiError::bad_request("this seek is gone"))?;
            let seeker = seeker(clock).await?;
            lobby.accept(id, seeker, &who.client).await?
        }
    }))
}
