//! Live games over WebSocket: the state after every change, and the same
//! actions as the HTTP routes ([`ClientMessage`] → [`Action`]).

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use quoridor_rules::Seat;
use tokio::sync::broadcast::error::RecvError;

use crate::account::session::logged_in;
use crate::account::{Account, Accounts};
use crate::db::accounts as account_store;
use crate::error::ApiError;
use crate::extract::{request_token, token_in_address, GameId, Query, SOCKET_PROTOCOL};
use crate::hub::chat::{Channel, ChatLine};
use crate::hub::{Hub, Room};
use crate::limits::Bucket;
use crate::model::RoomError;
use crate::request::{ClientMessage, WsQuery};
use crate::token::hash_token;
use crate::view::{EventView, GameView, ServerMessage};

/// Settings of the WebSocket side.
#[derive(Clone, Debug)]
pub struct WsConfig {
    pub max_message: usize,
    pub messages_per_second: u32,
}

pub async fn upgrade(
    State(hub): State<Hub>,
    State(config): State<Arc<WsConfig>>,
    State(accounts): State<Accounts>,
    headers: axum::http::HeaderMap,
    GameId(id): GameId,
    Query(query): Query<WsQuery>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|_| ApiError::UpgradeRequired)?;
    let room = hub.room(&id).await?;
    if query.token.is_some() {
        return Err(token_in_address());
    }
    let token = request_token(&headers);
    let account = logged_in(&headers, &accounts).map(|(a, _)| a);
    // Without a token, a logged-in player acts for the seats of their
    // account (from any browser).
    let holder = match (token, &account) {
        (Some(t), _) => Some(hash_token(&t)),
        (None, Some(account)) => room.account_holder(account.id).await,
        (None, None) => None,
    };
    let blocked = match &account {
        Some(a) => {
            let id = a.id;
            accounts
                .read(move |conn| account_store::blocked(conn, id))
                .await?
        }
        None => HashSet::new(),
    };
    let viewer = Viewer { account, blocked };
    // Small buffers: the messages are small, and thousands of connections
    // with tungstenite's 128 KiB defaults would hold hundreds of megabytes.
    Ok(ws
        .protocols([SOCKET_PROTOCOL])
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0)
        .max_message_size(config.max_message)
        .max_frame_size(config.max_message)
        .on_upgrade(move |socket| connection(hub, config, room, holder, viewer, socket)))
}

fn text(message: &ServerMessage) -> Message {
    Message::Text(Utf8Bytes::from(
        serde_json::to_string(message).expect("views serialize"),
    ))
}

fn error_message(err: &ApiError) -> Message {
    text(&ServerMessage::Error { error: err.view() })
}

type Sender = SplitSink<WebSocket, Message>;

/// Sends the error, then closes with `code`.
async fn close_with(tx: &mut Sender, err: &ApiError, code: u16) {
    let _ = tx.send(error_message(err)).await;
    let frame = CloseFrame {
        code,
        reason: Utf8Bytes::from(err.code()),
    };
    let _ = tx.send(Message::Close(Some(frame))).await;
}

/// Counts a connection in (or out of) the room: spectators, or the seats
/// it holds.
async fn count(hub: &Hub, room: &Arc<Room>, seats: &[Seat], arriving: bool) {
    let event = match (seats.is_empty(), arriving) {
        (true, true) => EventView::SpectatorJoined,
        (true, false) => EventView::SpectatorLeft,
        (false, true) => EventView::Connected {
            seats: seats.to_vec(),
        },
        (false, false) => EventView::Disconnected {
            seats: seats.to_vec(),
        },
    };
    hub.presence(room, event, |state| {
        let step = |n: &mut u32| {
            *n = if arriving {
                n.saturating_add(1)
            } else {
                n.saturating_sub(1)
            }
        };
        if seats.is_empty() {
            step(&mut state.spectators);
        }
        for seat in seats {
            if let Some(i) = state.seats.iter().position(|s| s.seat == *seat) {
                step(&mut state.connections[i]);
            }
        }
    })
    .await;
}

/// Who is behind a connection, for the chat: the account (if logged in)
/// and the accounts it blocks.
struct Viewer {
    account: Option<Account>,
    blocked: HashSet<u64>,
}

/// A connection's chat: on or off, its own pace of lines.
struct ChatState {
    on: bool,
    channel: Channel,
    bucket: Bucket,
}

async fn connection(
    hub: Hub,
    config: Arc<WsConfig>,
    room: Arc<Room>,
    holder: Option<String>,
    viewer: Viewer,
    socket: WebSocket,
) {
    // Subscribe first, so that no change falls between the first state and
    // the stream of changes.
    let mut events = room.subscribe();
    let mut chat_lines = room.chat.subscribe();
    let seats = match &holder {
        Some(h) => room.seats_of(h).await,
        None => Vec::new(),
    };
    let (mut tx, mut rx) = socket.split();
    if holder.is_some() && seats.is_empty() {
        let _ = tx
            .send(error_message(&RoomError::Unauthorized.into()))
            .await;
    }
    count(&hub, &room, &seats, true).await;
    let first = ServerMessage::State {
        event: EventView::Hello {
            seats: seats.clone(),
        },
        you: Some(seats.clone()),
        game: Box::new(room.view().await),
    };
    let mut alive = tx.send(text(&first)).await.is_ok();
    let mut bucket = Bucket::new(
        config.messages_per_second,
        config.messages_per_second.max(1) * 2,
    );
    let mut chat = ChatState {
        on: false,
        channel: if seats.is_empty() {
            Channel::Spectators
        } else {
            Channel::Players
        },
        // A line a second, three at once.
        bucket: Bucket::new(1, 3),
    };
    while alive {
        tokio::select! {
            line = chat_lines.recv() => match line {
                Ok(line) => {
                    let blocked = line.account_id.is_some_and(|a| viewer.blocked.contains(&a));
                    if chat.on && line.channel == chat.channel && !blocked {
                        alive = tx.send(text(&ServerMessage::Chat { line })).await.is_ok();
                    }
                }
                Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => alive = false,
            },
            event = events.recv() => match event {
                Ok(bytes) => alive = tx.send(Message::Text(bytes)).await.is_ok(),
                Err(RecvError::Lagged(_)) => {
                    // Too slow to follow every change: the whole game again.
                    let now = ServerMessage::State {
                        event: EventView::Other,
                        you: None,
                        game: Box::new(GameView::clone(&room.view().await)),
                    };
                    alive = tx.send(text(&now)).await.is_ok();
                }
                Err(RecvError::Closed) => alive = false,
            },
            _ = hub.stopped() => {
                let err = ApiError::unavailable("the server is stopping");
                close_with(&mut tx, &err, close_code::AWAY).await;
                alive = false;
            }
            incoming = rx.next() => {
                let said = match incoming {
                    Some(Ok(Message::Text(said))) => said,
                    Some(Ok(Message::Binary(_))) => {
                        let err = ApiError::bad_request("send JSON text messages");
                        alive = tx.send(error_message(&err)).await.is_ok();
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Ok(_)) => continue,
                    Some(Err(err)) => {
                        let too_big = matches!(
                            err.into_inner().downcast_ref::<tungstenite::Error>(),
                            Some(tungstenite::Error::Capacity(_))
                        );
                        if too_big {
                            let err = ApiError::PayloadTooLarge(config.max_message);
                            close_with(&mut tx, &err, close_code::SIZE).await;
                        }
                        break;
                    }
                };
                if !bucket.take(Instant::now()) {
                    alive = tx.send(error_message(&ApiError::RateLimited)).await.is_ok();
                    continue;
                }
                let parsed = serde_json::from_str::<ClientMessage>(&said);
                let reply = match parsed {
                    Ok(ClientMessage::ChatOn { on }) => {
                        chat.on = on;
                        on.then(|| {
                            let lines = room
                                .chat
                                .history(chat.channel)
                                .into_iter()
                                .filter(|l| !l.account_id.is_some_and(|a| viewer.blocked.contains(&a)))
                                .collect();
                            text(&ServerMessage::ChatHistory { lines })
                        })
                    }
                    Ok(ClientMessage::Chat { text: line }) => {
                        say(&room, &mut chat, &seats, &viewer, &line).await.err().map(|e| error_message(&e))
                    }
                    _ => handle(&hub, &room, holder.as_deref(), &said).await,
                };
                if let Some(reply) = reply {
                    alive = tx.send(reply).await.is_ok();
                }
            }
        }
    }
    count(&hub, &room, &seats, false).await;
    // The last follower of a finished game may have left: it can go.
    drop(room);
    hub.trim_finished();
}

/// Says a chat line on the connection's channel.
async fn say(
    room: &Room,
    chat: &mut ChatState,
    seats: &[Seat],
    viewer: &Viewer,
    line: &str,
) -> Result<(), ApiError> {
    if !chat.on {
        return Err(ApiError::bad_request("chat: turn the chat on first"));
    }
    let text = crate::hub::chat::clean(line)?;
    if !chat.bucket.take(Instant::now()) {
        return Err(ApiError::RateLimited);
    }
    let name = match (seats.first(), &viewer.account) {
        (Some(&seat), _) => room
            .name_of(seat)
            .await
            .unwrap_or_else(|| seat.name().into()),
        (None, Some(account)) => account.name.clone(),
        (None, None) => "spectator".to_string(),
    };
    room.chat.say(ChatLine {
        channel: chat.channel,
        name,
        seat: seats.first().copied(),
        account: viewer.account.is_some(),
        text,
        at_ms: crate::wall_ms(),
        account_id: viewer.account.as_ref().map(|a| a.id),
    });
    Ok(())
}

/// Carries out one message; the answer to send back, if any (the new state
/// reaches everyone through the room's events).
async fn handle(hub: &Hub, room: &Arc<Room>, holder: Option<&str>, text: &str) -> Option<Message> {
    let message: ClientMessage = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(err) => {
            let err = ApiError::bad_request(format!(
                "expected {{\"type\": \"move\" | \"resign\" | \"draw\" | \"undo\" | \"abort\" | \"ping\", ...}}: {err}"
            ));
            return Some(error_message(&err));
        }
    };
    let action = match message.action() {
        Ok(Some(action)) => action,
        Ok(None) => return Some(text_pong()),
        Err(err) => return Some(error_message(&err.into())),
    };
    let Some(holder) = holder else {
        return Some(error_message(&RoomError::Unauthorized.into()));
    };
    hub.change(room, |state, now| state.apply(holder, action, now))
        .await
        .err()
        .map(|err| error_message(&err.into()))
}

fn text_pong() -> Message {
    text(&ServerMessage::Pong)
}
