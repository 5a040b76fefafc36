//! The lobby's routes: its WebSocket (`/api/lobby/ws[?name=]`: the list
//! at once and after every change; seek, play now, cancel, accept), the
//! list over HTTP for programs, and the page.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, mpsc};

use super::seek::{Board, Terms};
use super::view::{LobbyMessage, LobbyRequest, SeekRequest};
use super::Lobby;
use crate::account::session::logged_in;
use crate::account::Account;
use crate::error::ApiError;
use crate::extract::Query;
use crate::hub::Hub;
use crate::socket::{self, Live, WsConfig};
use crate::state::AppState;
use quoridor_game::clean_name;

pub fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/lobby", get(list))
        .route("/lobby/ws", get(upgrade))
}

pub fn page_routes() -> Router<AppState> {
    Router::new().route("/lobby", get(page))
}

async fn page(
    State(web): State<crate::assets::WebDir>,
    headers: axum::http::HeaderMap,
) -> Response {
    crate::assets::serve_named_page("lobby.html", web.0.as_deref(), &headers)
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
    // The lobby pairs people: a bot plays those who challenge it.
    crate::account::bot::people_only(account.as_ref())?;
    let name = clean_name(query.name.as_deref())?.unwrap_or_else(|| "Guest".to_string());
    let client = crate::limits::client_key(addr.ip());
    Ok(socket::configure(ws, config.max_message)
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

/// One lobby connection: the list after every change, and its own
/// answers (a pairing) as they come.
struct LobbyLive {
    lobby: Lobby,
    who: Who,
    list: broadcast::Receiver<Utf8Bytes>,
    own: mpsc::UnboundedReceiver<Utf8Bytes>,
}

enum LobbySignal {
    List(Result<Utf8Bytes, RecvError>),
    Own(Option<Utf8Bytes>),
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
    let (conn, list, own) = lobby.connect();
    let first = vec![Message::Text(lobby.list_message())];
    let live = LobbyLive {
        lobby,
        who: Who {
            conn,
            name,
            account,
            client,
        },
        list,
        own,
    };
    let stopping = async move { hub.stopped().await };
    socket::run(socket, live, config, first, stopping).await;
}

impl Live for LobbyLive {
    const KIND: &'static str = "lobby";

    type Signal = LobbySignal;

    async fn wait(&mut self) -> Option<LobbySignal> {
        Some(tokio::select! {
            update = self.list.recv() => LobbySignal::List(update),
            mine = self.own.recv() => LobbySignal::Own(mine),
        })
    }

    async fn messages(&mut self, signal: LobbySignal) -> Option<Vec<Message>> {
        match signal {
            LobbySignal::List(Ok(bytes)) | LobbySignal::Own(Some(bytes)) => {
                Some(vec![Message::Text(bytes)])
            }
            LobbySignal::List(Err(RecvError::Lagged(_))) => {
                Some(vec![Message::Text(self.lobby.list_message())])
            }
            LobbySignal::List(Err(RecvError::Closed)) | LobbySignal::Own(None) => None,
        }
    }

    async fn handle(&mut self, incoming: Utf8Bytes) -> Option<Message> {
        match handle(&self.lobby, &self.who, incoming.as_str()).await {
            Ok(Some(reply)) => Some(text(&reply)),
            Ok(None) => None,
            Err(err) => Some(error(&err)),
        }
    }

    fn error(&self, err: &ApiError) -> Message {
        error(err)
    }

    async fn end(self) {
        self.lobby.disconnect(self.who.conn);
    }
}

/// One lobby connection's player.
struct Who {
    conn: u64,
    name: String,
    account: Option<Account>,
    client: String,
}

fn terms(asked: SeekRequest) -> Result<Terms, ApiError> {
    let clock = asked
        .clock
        .ok_or_else(|| ApiError::bad_request("clock: a seek has a clock"))?;
    Ok(Terms {
        board: Board {
            size: asked.size,
            players: asked.players,
            variant: asked.variant,
        },
        clock,
        rated: asked.rated,
        range: asked.range.map(|r| r.min(3000)),
    })
}

/// Carries out one message: the answer for this connection, if any.
async fn handle(lobby: &Lobby, who: &Who, text: &str) -> Result<Option<LobbyMessage>, ApiError> {
    let request: LobbyRequest = serde_json::from_str(text).map_err(|err| {
        ApiError::bad_request(format!(
            "expected {{\"type\": \"seek\" | \"play_now\" | \"cancel\" | \"accept\" | \"ping\", ...}}: {err}"
        ))
    })?;
    let seeker = |clock| {
        lobby.seeker(
            who.conn,
            &who.client,
            &who.name,
            who.account.as_ref(),
            clock,
        )
    };
    Ok(Some(match request {
        LobbyRequest::Ping {} => LobbyMessage::Pong,
        LobbyRequest::Seek(asked) => {
            let terms = terms(asked)?;
            let seeker = seeker(terms.clock).await?;
            LobbyMessage::Seeking {
                id: lobby.post(seeker, terms)?,
            }
        }
        LobbyRequest::PlayNow(asked) => {
            let terms = terms(asked)?;
            let seeker = seeker(terms.clock).await?;
            lobby.play_now(seeker, terms, &who.client).await?
        }
        LobbyRequest::Cancel { id } => {
            lobby.cancel(who.conn, id)?;
            return Ok(None);
        }
        LobbyRequest::Accept { id } => {
            let clock = lobby
                .terms_of(id)
                .ok_or_else(|| ApiError::bad_request("this seek is gone"))?
                .clock;
            let seeker = seeker(clock).await?;
            lobby.accept(id, seeker, &who.client).await?
        }
    }))
}
